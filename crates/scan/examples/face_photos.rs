//! Runs the grid finder and sampler on face photos and prints, for each, the nine sampled
//! colours (or why no face was found) as one JSON line: `cargo run --release -p rubik-scan
//! --example face_photos -- PHOTO…`.

use rubik_scan::photo::find_face;
use rubik_scan::sample::Frame;

fn main() {
    for path in std::env::args().skip(1) {
        let image = image::open(&path).expect("a PNG or JPEG").to_rgb8();
        let frame = Frame {
            width: image.width() as usize,
            height: image.height() as usize,
            pixels: image.pixels().map(|p| p.0).collect(),
        };
        let start = std::time::Instant::now();
        let found = find_face(&frame, &path);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let line = match found {
            Ok(grid) => serde_json::json!({
                "photo": path,
                "ms": ms,
                "colours": grid.colours,
                "centres": grid.centres.map(|(x, y)| [x.round(), y.round()]),
            }),
            Err(e) => serde_json::json!({ "photo": path, "ms": ms, "error": e.to_string() }),
        };
        println!("{line}");
    }
}
