//! The colour resolver: 54 measured colours to the most probable valid cube, with confidences.
//!
//! Run: `cargo bench -p rubik-scan --bench resolve`. Groups:
//! - `resolve`: whole resolutions of two real robot scans (a typical one and the hardest,
//!   red and orange nearly identical) and of 16 synthetic scans under random lighting (one
//!   iteration resolves all 16, so divide by 16), next to the baseline most robots use: each
//!   sticker to the nearest centre in RGB (not a valid cube in general).
//! - `lighting`: 16 cases of the lighting test set's tuning part (every 37th: real and
//!   synthetic scans under every fault kind; one iteration resolves all 16, so divide by 16).
//! - `photo`: finding the grid of one face in a rendered 320×240 photo and sampling its nine
//!   stickers (`rubik_scan::photo::find_face`), median over 8 photos (one iteration does all 8,
//!   so divide by 8). `real_photo_*`: the same on real photos of
//!   `test-data/face-photos`, one a size: 320×240 (`c01-U`, the dimmest, a grid completed
//!   from 7 stickers), 640×480 (`c20-F`) and 1920×1080 (`c23-R`, the slowest).
//! - `assign`: the exact search over valid cubes alone, for one cost table: the cheapest cube
//!   (forward pass) and the cheapest cube with every sticker's min-marginals.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_scan::assign::{best_cube, solve, CostTable};
use rubik_scan::lighting::{cases, load_real, Part};
use rubik_scan::synthetic::{random_colours, scan, Conditions};
use rubik_scan::{parse_rgb_json, resolve};

fn real(name: &str) -> Vec<[f64; 3]> {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    parse_rgb_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The usual robot classifier: each sticker takes the colour of the nearest centre in RGB.
fn nearest_centre(rgb: &[[f64; 3]]) -> [usize; 54] {
    std::array::from_fn(|s| {
        (0..6)
            .min_by(|&a, &b| {
                let d = |k: usize| {
                    let c = rgb[k * 9 + 4];
                    (0..3).map(|i| (rgb[s][i] - c[i]).powi(2)).sum::<f64>()
                };
                d(a).total_cmp(&d(b))
            })
            .unwrap()
    })
}

fn resolving(c: &mut Criterion) {
    let typical = real("3x3x3-random-01");
    let hard = real("3x3x3-random-02-2017");
    let mut rng = rng_from_seed(5);
    let synthetic: Vec<_> = (0..16)
        .map(|_| {
            let cube = CubieCube::random(&mut rng);
            let colours = random_colours(&mut rng);
            let conditions = Conditions::random(&mut rng);
            scan(&cube, &colours, &conditions, &mut rng).to_vec()
        })
        .collect();
    let mut g = c.benchmark_group("resolve");
    g.bench_function("real_random_01", |b| {
        b.iter(|| resolve(black_box(&typical)))
    });
    g.bench_function("real_random_02_2017_red_orange", |b| {
        b.iter(|| resolve(black_box(&hard)))
    });
    g.bench_function("synthetic_16_scans", |b| {
        b.iter(|| {
            for rgb in &synthetic {
                black_box(resolve(black_box(rgb)).ok());
            }
        })
    });
    g.bench_function("baseline_nearest_centre", |b| {
        b.iter(|| nearest_centre(black_box(&typical)))
    });
    g.finish();
}

fn lighting(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let set: Vec<_> = cases(&real, Part::Tuning)
        .into_iter()
        .step_by(37)
        .map(|c| c.rgb)
        .collect();
    assert_eq!(set.len(), 16);
    let mut g = c.benchmark_group("lighting");
    g.bench_function("tuning_16_cases", |b| {
        b.iter(|| {
            for rgb in &set {
                black_box(resolve(black_box(rgb)).ok());
            }
        })
    });
    g.finish();
}

fn photos(c: &mut Criterion) {
    let base = rubik_scan::render::wca_base(9);
    let frames: Vec<_> = (0..8)
        .map(|i| {
            let f = i % 6;
            let colours: [[f64; 3]; 9] = std::array::from_fn(|k| base.rgb[f * 9 + k]);
            rubik_scan::render::render_face(&colours, 100 + i as u64)
        })
        .collect();
    let mut g = c.benchmark_group("photo");
    g.bench_function("find_face_8_photos", |b| {
        b.iter(|| {
            for frame in &frames {
                black_box(rubik_scan::photo::find_face(black_box(frame), "bench").ok());
            }
        })
    });
    for name in ["c01-U", "c20-F", "c23-R"] {
        let path = format!(
            "{}/test-data/face-photos/{name}.jpg",
            env!("CARGO_MANIFEST_DIR")
        );
        let image = image::open(path).unwrap().to_rgb8();
        let frame = rubik_scan::sample::Frame {
            width: image.width() as usize,
            height: image.height() as usize,
            pixels: image.pixels().map(|p| p.0).collect(),
        };
        g.bench_function(format!("real_photo_{name}"), |b| {
            b.iter(|| black_box(rubik_scan::photo::find_face(black_box(&frame), name).ok()))
        });
    }
    g.finish();
}

fn assigning(c: &mut Criterion) {
    let cube = CubieCube::random(&mut rng_from_seed(6));
    let mut table: CostTable = [[1.0; 6]; 54];
    for (s, f) in cube.to_face_array().iter().enumerate() {
        table[s][f.index()] = 0.0;
    }
    let mut g = c.benchmark_group("assign");
    g.bench_function("best_cube", |b| b.iter(|| best_cube(black_box(&table))));
    g.bench_function("best_cube_and_marginals", |b| {
        b.iter(|| solve(black_box(&table)))
    });
    g.finish();
}

criterion_group!(benches, resolving, lighting, photos, assigning);
criterion_main!(benches);
