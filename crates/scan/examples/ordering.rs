//! Session 27's probe of the look-alike pair's order within a face (tuning data only, the eleven
//! parts of `Part::tuning_before(Part::Eleventh)`): a light fitted per face can move a face's
//! colours, but not reorder two stickers of the same face (up to noise and a gradient). For every
//! case whose nearest pair's rival reading ([`rubik_scan::resolve::Rival`]) settles in another
//! cube, the cube read (never refused) and the rival are each scored by how many pairs of stickers
//! on one face, one read as each colour of the pair, are ordered against the pair's direction (the
//! difference of the two class means in CIELAB); printed per case, tab-separated: the case, the
//! shipped outcome, whether the cube read and the rival are the truth, the rival's cost gap, and
//! the two scores.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example ordering > /tmp/ordering.tsv
//! ```

use rubik_scan::lab::srgb_to_lab;
use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part};
use rubik_scan::resolve::disorder;
use rubik_scan::Resolver;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let shipped = Resolver::new();
    let open = Resolver::new().never_refuse();
    println!(
        "part\tcase\toutcome\tread_exact\trival_exact\tpair\tgap\tread_disorder\trival_disorder"
    );
    for part in Part::tuning_before(Part::Eleventh) {
        for case in cases(&real, part) {
            let Ok(Some(rival)) = open.nearest_rival_reading(&case.rgb) else {
                continue;
            };
            let Ok(read) = open.resolve(&case.rgb) else {
                continue;
            };
            let label = match judge(&case.facelets, &shipped.resolve(&case.rgb)) {
                Outcome::Exact { flags } if flags > 0 => "exact-named",
                Outcome::Exact { .. } => "exact",
                Outcome::Flagged => "flagged",
                Outcome::Refused => "refused",
                Outcome::Silent { .. } => "silent",
            };
            let (a, b) = (rival.pair.0.index(), rival.pair.1.index());
            let read_labels = read.cube.to_face_array().map(|f| f.index());
            let rival_labels = rival.cube.to_face_array().map(|f| f.index());
            let lab = case.rgb.map(|c| srgb_to_lab(c).to_array());
            println!(
                "{part:?}\t{}\t{label}\t{}\t{}\t{}{}\t{:.2}\t{}\t{}",
                case.name,
                read.facelets() == case.facelets,
                rival.cube.to_facelets() == case.facelets,
                rival.pair.0,
                rival.pair.1,
                rival.gap,
                disorder(&lab, &read_labels, a, b),
                disorder(&lab, &rival_labels, a, b),
            );
        }
    }
}
