//! The phase tables match the published figures (solutions are checked through the public API
//! in `tests/thistlethwaite.rs`).

use super::tables::{distance_histogram, PHASE_SIZES};
use super::Thistlethwaite;
use crate::SolverConfig;

fn histogram(phase: usize) -> Vec<usize> {
    let solver = Thistlethwaite::new(&SolverConfig::default()).expect("tables");
    distance_histogram(solver.tables(), phase)
}

#[test]
fn phase_one_distribution_matches_the_published_one() {
    assert_eq!(histogram(0), vec![1, 2, 25, 202, 620, 900, 285, 13]);
}

#[test]
fn phase_tables_have_the_known_sizes_and_depths() {
    let expected_sizes = [2048, 1_082_565, 29_400, 663_552];
    let expected_max = [7, 10, 13, 15];
    for phase in 0..4 {
        let hist = histogram(phase);
        assert_eq!(
            hist.iter().sum::<usize>(),
            expected_sizes[phase],
            "phase {} size",
            phase + 1
        );
        assert_eq!(
            hist.len() - 1,
            expected_max[phase],
            "phase {} depth",
            phase + 1
        );
        assert!(PHASE_SIZES[phase] >= expected_sizes[phase]);
    }
}
