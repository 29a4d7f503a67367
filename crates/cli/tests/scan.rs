//! `--rgb FILE`: measured colours resolved into a cube, shown or solved; doubtful stickers
//! named on stderr; a scan no valid cube fits refused with exit 2 naming the conflict.

mod common;

use common::*;
use predicates::prelude::*;
use std::path::PathBuf;

/// A real robot scan from the resolver's test data, and the cube it shows.
fn real_scan(name: &str) -> (PathBuf, String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../scan/tests/data")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).expect("scan file");
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    (path, value["facelets"].as_str().unwrap().to_string())
}

fn temp_file(text: &str) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), text).unwrap();
    file
}

#[test]
fn show_reads_a_scan_as_facelets_net_and_json() {
    let (path, facelets) = real_scan("3x3x3-random-01");
    rubik()
        .args(["show", "--format", "facelets", "--rgb"])
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"))
        .stderr("");
    rubik()
        .args(["show", "--rgb"])
        .arg(&path)
        .env("NO_COLOR", "1")
        .assert()
        .success()
        .stdout(predicate::str::contains("D U R"));
    let out = rubik()
        .args(["show", "--format", "json", "--rgb"])
        .arg(&path)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["facelets"], facelets.as_str());
    assert_eq!(json["confidence"].as_array().unwrap().len(), 54);
    assert!(json["doubtful"].as_array().unwrap().is_empty());
}

#[test]
fn scan_reads_measured_colours_as_photos_are_read() {
    let (path, facelets) = real_scan("3x3x3-tracker-03");
    rubik()
        .args(["scan", "--rgb"])
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"));
    let out = rubik()
        .args(["scan", "--json", "--rgb", "-"])
        .write_stdin(std::fs::read_to_string(&path).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["facelets"], facelets.as_str());
    assert_eq!(json["confidence"].as_array().unwrap().len(), 54);
    rubik()
        .args(["scan", "--rgb"])
        .arg(&path)
        .arg("u.png")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn stdin_is_read_with_a_dash() {
    let (path, facelets) = real_scan("3x3x3-tracker-03");
    rubik()
        .args(["show", "--format", "facelets", "--rgb", "-"])
        .write_stdin(std::fs::read_to_string(path).unwrap())
        .assert()
        .success()
        .stdout(format!("{facelets}\n"));
}

#[test]
fn hard_scans_are_resolved_with_a_warning_naming_the_stickers() {
    // Red and orange nearly identical: resolved, but four stickers are worth a look.
    let (path, facelets) = real_scan("3x3x3-random-02-2017");
    rubik()
        .args(["show", "--format", "facelets", "--rgb"])
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"))
        .stderr(predicate::str::starts_with(
            "rubik: warning: some colours were hard to read; check these stickers on the cube: ",
        ))
        .stderr(predicate::str::contains("R6 (read as L"))
        .stderr(predicate::str::contains("L4 (read as R"));
}

#[test]
fn solve_solves_the_scanned_cube() {
    let (path, facelets) = real_scan("3x3x3-tracker-09-old");
    let out = rubik_with_tables()
        .args(["solve", "--rgb"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let solution = String::from_utf8(out.stdout).unwrap();
    assert_solves(&facelets, solution.trim());
}

#[test]
fn a_scan_no_valid_cube_fits_is_refused_with_exit_2() {
    // The R face of a real scan read a quarter turn off.
    let (path, _) = real_scan("3x3x3-random-03");
    let text = std::fs::read_to_string(path).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rgb = value["rgb"].as_array().unwrap().clone();
    let mut rotated = rgb.clone();
    for r in 0..3 {
        for c in 0..3 {
            rotated[9 + r * 3 + c] = rgb[9 + (2 - c) * 3 + r].clone();
        }
    }
    let file = temp_file(&serde_json::Value::Array(rotated).to_string());
    rubik()
        .args(["solve", "--rgb"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no valid cube is within reach of these colours: ",
        ))
        .stderr(predicate::str::contains("looks like"));
    let out = rubik()
        .args(["solve", "--json", "--rgb"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["category"], "no_valid_cube");
}

#[test]
fn malformed_colour_files_are_bad_input() {
    let file = temp_file("[[1, 2, 3]]");
    rubik()
        .args(["show", "--rgb"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected 54 colours"));
    let file = temp_file("{\"rgb\": [[1, 2]]}");
    rubik()
        .args(["show", "--rgb"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("entry 0 is not three numbers"));
    rubik()
        .args(["show", "--rgb", "/nonexistent/scan.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/scan.json",
        ));
    rubik()
        .args(["solve", "--rgb", "x.json", "--facelets", SOLVED])
        .assert()
        .code(2);
}

/// Six face photos of a known cube, rendered (`rubik_scan::render`: perspective, a table
/// around the cube, a glare spot sometimes), written as files in a shuffled order, one of them
/// a JPEG; and the cube's facelets.
fn face_photos(dir: &std::path::Path, seed: u64) -> (Vec<PathBuf>, String) {
    let base = rubik_scan::render::wca_base(seed);
    let mut paths = Vec::new();
    for f in [3usize, 0, 5, 1, 4, 2] {
        let colours: [[f64; 3]; 9] = std::array::from_fn(|i| base.rgb[f * 9 + i]);
        let frame = rubik_scan::render::render_face(&colours, seed * 10 + f as u64);
        let flat: Vec<u8> = frame.pixels.iter().flatten().copied().collect();
        let image = image::RgbImage::from_raw(frame.width as u32, frame.height as u32, flat)
            .expect("a whole image");
        let path = dir.join(format!("photo{f}.{}", if f == 5 { "jpg" } else { "png" }));
        image.save(&path).expect("write the photo");
        paths.push(path);
    }
    (paths, base.facelets)
}

#[test]
fn six_face_photos_in_any_order_are_read_and_solved() {
    let dir = tempfile::tempdir().unwrap();
    let (paths, facelets) = face_photos(dir.path(), 11);
    rubik()
        .arg("scan")
        .args(&paths)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"));
    let out = rubik()
        .arg("scan")
        .arg("--json")
        .args(&paths)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["facelets"], facelets.as_str());
    assert_eq!(json["confidence"].as_array().unwrap().len(), 54);
    let out = rubik_with_tables()
        .args(["solve", "--image"])
        .args(&paths)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_solves(&facelets, String::from_utf8(out.stdout).unwrap().trim());
}

#[test]
fn a_photo_without_a_cube_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (mut paths, _) = face_photos(dir.path(), 12);
    let table = dir.path().join("table.png");
    image::RgbImage::from_fn(320, 240, |x, y| {
        image::Rgb([120 + (x / 9 % 2 * 40) as u8, 100 + (y % 7) as u8, 90])
    })
    .save(&table)
    .unwrap();
    paths[2] = table;
    rubik()
        .arg("scan")
        .args(&paths)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no cube face found in"))
        .stderr(predicate::str::contains("table.png"));
    let not_an_image = temp_file("not a picture");
    rubik()
        .arg("scan")
        .arg(not_an_image.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read the image"))
        .stderr(predicate::str::contains("it is not a PNG or JPEG photo"));
    // Measured colours given as a photo: the error says where they go.
    let (colours, _) = real_scan("3x3x3-random-01");
    rubik()
        .arg("scan")
        .arg(&colours)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give the file with --rgb"));
    rubik()
        .args(["scan", "no-such-photo.png"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read the image no-such-photo.png",
        ));
    rubik()
        .arg("scan")
        .args(&paths[..5])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected six face photos"));
}

/// A robot rig: two camera frames holding 27 stickers each, and a rectangles file.
#[test]
fn rig_frames_with_rectangles_are_read() {
    let (scan_path, facelets) = real_scan("3x3x3-random-04");
    let text = std::fs::read_to_string(scan_path).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rgb: Vec<[u8; 3]> = serde_json::from_value(value["rgb"].clone()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut rects = Vec::new();
    let mut frames = vec![image::RgbImage::from_pixel(300, 120, image::Rgb([10, 10, 12])); 2];
    for (s, colour) in rgb.iter().enumerate() {
        let (frame, slot) = (s / 27, s % 27);
        let (x, y) = ((slot % 9) as u32 * 32 + 6, (slot / 9) as u32 * 36 + 6);
        for dy in 0..26 {
            for dx in 0..26 {
                // A glare spot on every fifth sticker.
                let glare = s % 5 == 0 && (dx as i32 - 9).pow(2) + (dy as i32 - 9).pow(2) < 12;
                let c = if glare { [250, 250, 250] } else { *colour };
                frames[frame].put_pixel(x + dx, y + dy, image::Rgb(c));
            }
        }
        rects.push([frame as u32, x, y, 26, 26]);
    }
    let mut paths = Vec::new();
    for (i, frame) in frames.iter().enumerate() {
        let path = dir.path().join(format!("cam{i}.png"));
        frame.save(&path).unwrap();
        paths.push(path);
    }
    let rects_file = temp_file(&serde_json::to_string(&rects).unwrap());
    rubik()
        .args(["scan", "--rects"])
        .arg(rects_file.path())
        .args(&paths)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"));
}

/// The six real photos of set `set` in `crates/scan/test-data/face-photos` (a LEGO robot's
/// camera, faces photographed turned), and the cube their labels show: each label turned by
/// the one choice of quarter turns that makes a valid cube (the labels as the photos show
/// them, `truth.txt`).
fn robot_photos(set: &str) -> (Vec<PathBuf>, String, Vec<char>) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scan/test-data/face-photos");
    let truth = std::fs::read_to_string(dir.join("truth.txt")).unwrap();
    let lines: Vec<Vec<&str>> = truth
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<&str>>())
        .filter(|f| f.first() == Some(&set))
        .collect();
    assert_eq!(lines.len(), 6, "{set}");
    let face = |c: char| "wrgyob".find(c).unwrap();
    // URFDLB: the photo whose centre has each face's colour, its labels as letters.
    let mut nine = vec![Vec::new(); 6];
    for f in &lines {
        let labels: Vec<char> = f[4].chars().map(|c| b"URFDLB"[face(c)] as char).collect();
        nine[face(f[4].chars().nth(4).unwrap())] = labels;
    }
    let shot: Vec<char> = nine.concat();
    let valid: Vec<String> = (0..4096usize)
        .map(|n| {
            let turns: [u8; 6] = std::array::from_fn(|f| ((n >> (2 * f)) & 3) as u8);
            rubik_scan::orient::place(&shot, &turns)
                .into_iter()
                .collect::<String>()
        })
        .filter(|s| rubik_cube::Cube::from_facelets(s).is_ok())
        .collect();
    assert!(
        valid.iter().all(|s| *s == valid[0]),
        "{set}: labels ambiguous"
    );
    let paths = lines.iter().map(|f| dir.join(f[3])).collect();
    (paths, valid[0].clone(), shot)
}

#[test]
fn robot_photos_taken_turned_are_read_and_as_shot_refused() {
    let (paths, facelets, shot) = robot_photos("c01");
    rubik()
        .arg("scan")
        .args(&paths)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"))
        .stderr(predicate::str::contains(
            "rubik: note: faces turned to the net's orientation: R a quarter turn clockwise",
        ));
    // The JSON names the turns: the labels as shot, each face turned so, are the cube.
    let out = rubik()
        .args(["scan", "--json"])
        .args(&paths)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(report["facelets"], facelets.as_str());
    let turns: [u8; 6] = serde_json::from_value(report["turns"].clone()).unwrap();
    assert_ne!(turns, [0; 6], "c01 was photographed turned");
    let placed: String = rubik_scan::orient::place(&shot, &turns)
        .into_iter()
        .collect();
    assert_eq!(placed, facelets);
    // As shot (the net's orientation assumed), the turned faces make no valid cube.
    rubik()
        .args(["scan", "--as-shot"])
        .args(&paths)
        .assert()
        .code(2);
    // Photographed as the net shows them: read the same either way, and no turn named.
    let (paths, facelets, _) = robot_photos("c20");
    for extra in [None, Some("--as-shot")] {
        rubik()
            .arg("scan")
            .args(extra)
            .args(&paths)
            .assert()
            .success()
            .stdout(format!("{facelets}\n"))
            .stderr(predicate::str::contains("turned").not());
    }
    // Its turns searched, the JSON says none was turned; as shot, it has no turns at all.
    for (extra, turns) in [
        (None, serde_json::json!([0, 0, 0, 0, 0, 0])),
        (Some("--as-shot"), serde_json::Value::Null),
    ] {
        let out = rubik()
            .args(["scan", "--json"])
            .args(extra)
            .args(&paths)
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(report["turns"], turns, "{extra:?}");
    }
}
