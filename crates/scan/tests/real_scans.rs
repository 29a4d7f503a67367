//! Every real robot scan in `tests/data` (see its README) resolves to exactly the cube it shows.

use rubik_scan::{resolve, sticker_name};
use serde_json::Value;
use std::path::PathBuf;

fn scans() -> Vec<(String, Vec<[f64; 3]>, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/data exists") {
        let path = entry.expect("readable dir").path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let rgb: Vec<[f64; 3]> = serde_json::from_value(v["rgb"].clone()).unwrap();
        let facelets = v["facelets"].as_str().expect("expected cube").to_string();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        out.push((name, rgb, facelets));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_real_scan_resolves_exactly() {
    let scans = scans();
    assert_eq!(
        scans.len(),
        34,
        "the 21 reference scans and 13 tracker scans"
    );
    let mut wrong = Vec::new();
    for (name, rgb, want) in &scans {
        let got = resolve(rgb).map(|r| r.facelets());
        let doubtful = resolve(rgb).map(|r| r.doubtful()).unwrap_or_default();
        println!(
            "{name}: {} doubtful [{}]",
            if got.as_deref() == Ok(want.as_str()) {
                "exact"
            } else {
                "WRONG"
            },
            doubtful
                .iter()
                .map(|&s| sticker_name(s))
                .collect::<Vec<_>>()
                .join(" ")
        );
        if got.as_deref() != Ok(want.as_str()) {
            wrong.push(format!("{name}: {got:?}, expected {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The hard cases upstream notes (red and orange nearly identical; a saturated camera whose two
/// whites differ by a few units of blue) are resolved, and honestly flagged as doubtful; so are
/// the scan where the cube's constraints overrule one clear measurement (`dark-01`, very dark)
/// and the dark colour-sensor scan `ev3-readme` (its stickers' confidences are calibrated on
/// the lighting test set, and some of its calls are close); the clean scans are not, but for
/// two named below.
/// (`tracker-05`, once overruled in one sticker, is now read plainly: the brightness slope
/// fitted across each face explains the sticker the flat light could not.)
#[test]
fn confidence_reflects_the_hard_cases() {
    let mut clean_with_piece = Vec::new();
    let mut clean_with_rival = Vec::new();
    for (name, rgb, _) in scans() {
        let r = resolve(&rgb).unwrap();
        let hard = name == "3x3x3-random-02-2017.json"
            || name.contains("random-08-2019")
            || name == "3x3x3-dark-01.json"
            || name == "3x3x3-ev3-readme.json";
        // The price of the strict doubt threshold (`resolve::DOUBTFUL_BELOW`, 0.998 since
        // the third round, so that no lighting case is silently wrong): two clean scans whose
        // confidences sit just under it have 8 and 9 stickers named, though read right.
        let strict = name == "3x3x3-random-05.json" || name == "3x3x3-random-07.json";
        // Session 23: a sticker that looks more like another colour than the one read puts its
        // whole piece in doubt (`StickerReading::piece_doubt`), so clean scans with such a
        // sticker name that piece.
        let piece = r.stickers.iter().any(|s| s.piece_doubt);
        // Session 26b: the rival of the nearest pair is always tried. On `cross` its green
        // and blue (F, B) are 15.0 CIELAB units apart and the rival with them exchanged on the
        // eight F and B edge stickers costs 2.7 nats less than the cube read (which is right):
        // those eight are named, the only clean scan the rule names stickers on.
        let rival = r.stickers.iter().any(|s| s.rival_doubt);
        if rival && !(hard || strict || piece) {
            clean_with_rival.push(name.clone());
        }
        if !(hard || strict || piece || rival) {
            assert!(
                r.doubtful().is_empty(),
                "{name}: doubtful {:?}",
                r.doubtful()
            );
        }
        if hard || strict {
            assert!(!r.doubtful().is_empty(), "{name}: nothing doubtful");
        }
        if piece {
            println!("{name}: a piece in doubt, doubtful {:?}", r.doubtful());
            if !(hard || strict) {
                clean_with_piece.push(name);
            }
        }
    }
    // The price, measured in session 23: 7 clean scans (random-02, random-08-2020, random-09,
    // random-11, random-12, tracker-04-old, tracker-05) name one to three pieces.
    assert!(clean_with_piece.len() <= 7, "{clean_with_piece:?}");
    assert_eq!(clean_with_rival, ["3x3x3-cross.json"]);
}
