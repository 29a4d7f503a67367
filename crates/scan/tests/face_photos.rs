//! Real face photos (`test-data/face-photos`: a LEGO robot's camera, from
//! dwalton76/rubiks-cube-tracker, MIT): the grid finder and sampler on every photo, the
//! resolver on every cube, each face compared with the colours labelled by hand.
//!
//! The robot photographs each face in its own orientation, not the net's, so the cube is put
//! together from the labels: each photo goes to the face its centre's colour names (WCA:
//! white U, red R, green F, yellow D, orange L, blue B) and is turned by the quarter turns that
//! make the labelled cube valid (exactly one choice does, checked). The sampled colours are
//! placed the same way and resolved; a face is read exactly when its nine stickers come out
//! as labelled. A cube read wrong must be refused or have every wrong sticker named.
//!
//! `cargo test --release -p rubik-scan --test face_photos -- --nocapture` prints the table.

use rubik_cube::Cube;
use rubik_scan::lighting::{judge, Outcome};
use rubik_scan::photo::find_face;
use rubik_scan::sample::Frame;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One labelled photo.
struct Photo {
    cube: String,
    held_out: bool,
    file: String,
    /// The nine colours (w r g y o b) row by row as the photo shows them.
    colours: String,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test-data/face-photos")
}

fn labels() -> Vec<Photo> {
    let text = std::fs::read_to_string(dir().join("truth.txt")).expect("truth.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 5, "{l}");
            assert_eq!(f[4].len(), 9, "{l}");
            Photo {
                cube: f[0].to_string(),
                held_out: f[1] == "held-out",
                file: f[3].to_string(),
                colours: f[4].to_string(),
            }
        })
        .collect()
}

fn load(file: &str) -> Frame {
    let image = image::open(dir().join(file)).expect(file).to_rgb8();
    Frame {
        width: image.width() as usize,
        height: image.height() as usize,
        pixels: image.pixels().map(|p| p.0).collect(),
    }
}

/// The face a colour's centre names (WCA scheme), as its index in URFDLB.
fn home(colour: u8) -> usize {
    b"wrgyob"
        .iter()
        .position(|&c| c == colour)
        .unwrap_or_else(|| panic!("colour {}", colour as char))
}

/// Nine items row by row, turned a quarter clockwise `k` times.
fn turn<T: Copy>(nine: [T; 9], k: usize) -> [T; 9] {
    (0..k).fold(nine, |g, _| {
        std::array::from_fn(|i| g[(2 - i % 3) * 3 + i / 3])
    })
}

/// For one cube's six labelled photos: which photo is each face (URFDLB) and its quarter
/// turns, the only placing whose facelets form a valid cube; and those facelets.
fn place(photos: &[&Photo]) -> ([usize; 6], [usize; 6], String) {
    let mut slot = [usize::MAX; 6];
    for (i, p) in photos.iter().enumerate() {
        slot[home(p.colours.as_bytes()[4])] = i;
    }
    assert!(
        slot.iter().all(|&s| s != usize::MAX),
        "{}: centres not six colours",
        photos[0].cube
    );
    let letters = |turns: [usize; 6]| -> String {
        (0..6)
            .flat_map(|face| {
                let nine: [u8; 9] = photos[slot[face]].colours.as_bytes().try_into().unwrap();
                turn(nine, turns[face]).map(|c| b"URFDLB"[home(c)] as char)
            })
            .collect()
    };
    let valid: Vec<[usize; 6]> = (0..4096usize)
        .map(|n| std::array::from_fn(|f| (n >> (2 * f)) & 3))
        .filter(|&t| Cube::from_facelets(&letters(t)).is_ok())
        .collect();
    if valid.len() != 1 && std::env::var("LABEL_HINTS").is_ok() {
        hints(photos, &slot);
    }
    assert_eq!(
        valid.len(),
        1,
        "{}: {} placings of the labels form a valid cube (labels wrong?)",
        photos[0].cube,
        valid.len()
    );
    (slot, valid[0], letters(valid[0]))
}

#[derive(Default, Debug)]
struct Count {
    faces: usize,
    found: usize,
    exact_faces: usize,
    cubes: usize,
    exact_cubes: usize,
    flagged: usize,
    refused: usize,
    silent: usize,
}

#[test]
fn real_face_photos_are_read_or_refused() {
    let labels = labels();
    let mut cubes: BTreeMap<&str, Vec<&Photo>> = BTreeMap::new();
    for p in &labels {
        cubes.entry(&p.cube).or_default().push(p);
    }
    // Photos shared by two cubes (the robot's re-taken U and D) are read once.
    let mut read: BTreeMap<&str, Option<[[f64; 3]; 9]>> = BTreeMap::new();
    for p in &labels {
        read.entry(&p.file)
            .or_insert_with(|| find_face(&load(&p.file), &p.file).ok().map(|g| g.colours));
    }
    let (mut tuning, mut held) = (Count::default(), Count::default());
    for (name, photos) in &cubes {
        assert_eq!(photos.len(), 6, "{name}");
        let (slot, turns, truth) = place(photos);
        let count = if photos[0].held_out {
            &mut held
        } else {
            &mut tuning
        };
        count.cubes += 1;
        count.faces += 6;
        let sampled: Vec<Option<[[f64; 3]; 9]>> = (0..6)
            .map(|face| read[photos[slot[face]].file.as_str()].map(|c| turn(c, turns[face])))
            .collect();
        count.found += sampled.iter().filter(|s| s.is_some()).count();
        let line = if sampled.iter().all(|s| s.is_some()) {
            let rgb: Vec<[f64; 3]> = sampled.iter().flat_map(|s| s.unwrap()).collect();
            let answer = rubik_scan::resolve(&rgb);
            if let Ok(r) = &answer {
                let got = r.facelets();
                count.exact_faces += (0..6)
                    .filter(|f| got[f * 9..f * 9 + 9] == truth[f * 9..f * 9 + 9])
                    .count();
            }
            let outcome = judge(&truth, &answer);
            match &outcome {
                Outcome::Exact { .. } => count.exact_cubes += 1,
                Outcome::Flagged => count.flagged += 1,
                Outcome::Refused => count.refused += 1,
                Outcome::Silent { .. } => count.silent += 1,
            }
            format!("{outcome:?}")
        } else {
            count.refused += 1;
            let missing: Vec<&str> = (0..6)
                .filter(|&f| sampled[f].is_none())
                .map(|f| photos[slot[f]].file.as_str())
                .collect();
            format!("Refused (no grid in {})", missing.join(" "))
        };
        let part = if photos[0].held_out {
            "held-out"
        } else {
            "tuning"
        };
        // The quarter turns (clockwise, URFDLB) that bring each photo to the net's orientation.
        println!("{name} {part:8} turns {turns:?} {line}");
    }
    println!("tuning:   {tuning:?}\nheld-out: {held:?}");
    for count in [&tuning, &held] {
        assert_eq!(count.silent, 0, "a cube read wrong without naming it");
    }
    // Floors under the rates measured when this test was written (BENCHMARKS.md, issue 39,
    // session 20: 96 of 96 tuning readings, 42 of 48 held out), so that a change that reads
    // fewer photos right fails here; the target is 95% of all faces.
    let rate = |c: &Count| 100.0 * c.exact_faces as f64 / c.faces as f64;
    let all = Count {
        faces: tuning.faces + held.faces,
        exact_faces: tuning.exact_faces + held.exact_faces,
        ..Count::default()
    };
    assert!(
        rate(&all) >= 95.0,
        "{:.1}% of all faces read exactly",
        rate(&all)
    );
    assert!(rate(&tuning) >= 95.0, "tuning part: {:.1}%", rate(&tuning));
    assert!(rate(&held) >= 85.0, "held-out part: {:.1}%", rate(&held));
}

/// Labelling aid (`LABEL_HINTS=1`): the single-sticker changes that would make a cube's
/// labels valid.
fn hints(photos: &[&Photo], slot: &[usize; 6]) {
    for (pi, p) in photos.iter().enumerate() {
        for s in (0..9).filter(|&s| s != 4) {
            for c in "wrgyob".chars() {
                let mut changed: Vec<Photo> = photos
                    .iter()
                    .map(|q| Photo {
                        cube: q.cube.clone(),
                        held_out: q.held_out,
                        file: q.file.clone(),
                        colours: q.colours.clone(),
                    })
                    .collect();
                if changed[pi].colours.as_bytes()[s] == c as u8 {
                    continue;
                }
                changed[pi].colours.replace_range(s..s + 1, &c.to_string());
                let refs: Vec<&Photo> = changed.iter().collect();
                let letters = |turns: [usize; 6]| -> String {
                    (0..6)
                        .flat_map(|face| {
                            let nine: [u8; 9] =
                                refs[slot[face]].colours.as_bytes().try_into().unwrap();
                            turn(nine, turns[face]).map(|c| b"URFDLB"[home(c)] as char)
                        })
                        .collect()
                };
                let n = (0..4096usize)
                    .map(|n| std::array::from_fn(|f| (n >> (2 * f)) & 3))
                    .filter(|&t: &[usize; 6]| Cube::from_facelets(&letters(t)).is_ok())
                    .count();
                if n > 0 {
                    println!(
                        "hint {}: {} sticker {s} -> {c} ({n} placings)",
                        p.cube, p.file
                    );
                }
            }
        }
    }
}

/// The photos as the robot took them, turns unknown (what `rubik scan` does by default): each
/// photo goes to the face its *sampled* centre is nearest to (as `photo::scan_photos` does),
/// the turns are searched (`rubik_scan::orient`), and the cube must come out as labelled, be
/// refused, or have every wrong sticker named.
#[test]
fn real_face_photos_turned_are_read_without_their_labels() {
    let labels = labels();
    let mut cubes: BTreeMap<&str, Vec<&Photo>> = BTreeMap::new();
    for p in &labels {
        cubes.entry(&p.cube).or_default().push(p);
    }
    let mut frames: BTreeMap<&str, Frame> = BTreeMap::new();
    for p in &labels {
        frames.entry(&p.file).or_insert_with(|| load(&p.file));
    }
    let mut tally = [[0usize; 5]; 2]; // per part: exact, flagged, ambiguous, refused, silent
    for (name, photos) in &cubes {
        let (_, _, truth) = place(photos);
        let named: Vec<(String, Frame)> = photos
            .iter()
            .map(|p| (p.file.clone(), frames[p.file.as_str()].clone()))
            .collect();
        let answer = rubik_scan::photo::scan_photos(&named)
            .and_then(|rgb| rubik_scan::orient::resolve_turned(&rubik_scan::Resolver::new(), &rgb));
        let part = usize::from(photos[0].held_out);
        let (column, line) = match &answer {
            Err(e @ rubik_scan::ScanError::TurnsAmbiguous { .. }) => (2, format!("ambiguous: {e}")),
            Err(e) => (3, format!("refused: {e}")),
            Ok(t) => match judge(&truth, &Ok(t.resolution.clone())) {
                Outcome::Exact { flags } => (
                    0,
                    format!(
                        "exact ({flags} named), turns {}",
                        rubik_scan::orient::describe(&t.turns)
                    ),
                ),
                Outcome::Flagged => (1, "flagged".into()),
                Outcome::Silent { unnamed } => (4, format!("SILENTLY WRONG at {unnamed:?}")),
                Outcome::Refused => unreachable!(),
            },
        };
        tally[part][column] += 1;
        println!("{name} {}: {line}", ["tuning", "held-out"][part]);
    }
    println!(
        "turned, tuning   [exact, flagged, ambiguous, refused, silent]: {:?}",
        tally[0]
    );
    println!(
        "turned, held out [exact, flagged, ambiguous, refused, silent]: {:?}",
        tally[1]
    );
    assert_eq!(
        tally[0][4] + tally[1][4],
        0,
        "a cube read wrong without naming it"
    );
    // Floors under what this test gave when written (BENCHMARKS.md, issue 39, session 21).
    assert!(tally[0][0] >= 16, "tuning sets exact: {}", tally[0][0]);
    assert!(tally[1][0] >= 7, "held-out sets exact: {}", tally[1][0]);
}
