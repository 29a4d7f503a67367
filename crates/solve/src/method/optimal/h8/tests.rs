//! The h8 search: its node's indices against the cube's, and its solutions against the small
//! table's search, with a small exact hK table (h2 from the h11 classes to depth 4) in place of
//! h8; and, ignored, with the real h8 table against `large`.

use super::*;
use crate::method::optimal::deepening::Mode;
use crate::method::optimal::h48::build::{build_sets, load_sets};
use crate::method::optimal::h48::exact::{build_exact, Plan};
use crate::method::optimal::h48::table::h0_nibbles;
use crate::method::optimal::OptimalSolver;
use crate::{Deadline, Limits, Options, Solver, SolverConfig};
use rand::Rng;
use rubik_cube::random::rng_from_seed;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Depth of the test table's h11 classes (its base is one more).
const M: u8 = 4;
/// Tracked orientations of the test table.
const K: u8 = 2;

/// The exact h2 table from depth [`M`] and h0 exact to [`M`], built once.
fn small_tables() -> &'static H8Tables {
    static T: OnceLock<H8Tables> = OnceLock::new();
    T.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temporary directory");
        build_sets(dir.path(), M, &mut |_| {}).expect("build");
        let sets = load_sets(dir.path(), M).expect("load").expect("whole");
        let plan = Plan {
            k: K,
            checkpoint_every: None,
            huge_pages: false,
            limit: None,
        };
        let codes = build_exact(&sets, &plan, None, &mut |_| {}).expect("exact table");
        let hk = HkTable::from_words(codes.into_words(), K, M + 1);
        let h0 = Arc::new(Table::owned(h0_nibbles(&sets)));
        H8Tables::new(hk, h0)
    })
}

/// The small-table solver of the other optimal tests, without probes.
fn small_solver() -> OptimalSolver {
    crate::method::optimal::tests::solver().with_probe(false)
}

fn run(mode: Mode, deadline: &Deadline) -> Run<'_> {
    Run {
        max_length: 20,
        deadline,
        mode,
        probe: None,
        progress: None,
        deepening: None,
    }
}

/// Every optimal solution of `cube` by the small-table search.
fn every_solution(small: &OptimalSolver, cube: &CubieCube) -> BTreeSet<Vec<Move>> {
    small
        .solve_all(cube, &Limits::default())
        .expect("solved")
        .into_iter()
        .map(|s| s.moves)
        .collect()
}

fn solves(cube: &CubieCube, moves: &[Move]) -> bool {
    moves
        .iter()
        .fold(*cube, |c, &m| c.apply_move(m))
        .is_solved()
}

#[test]
fn node_indices_follow_the_cube_and_its_inverse() {
    let t = small_tables();
    let cc = CornerClasses::get();
    let mut rng = rng_from_seed(4008);
    for _ in 0..40 {
        let mut cube = CubieCube::random(&mut rng);
        let mut node = Node::root(t, &cube);
        assert_eq!(node.fwd, cc.h11(&cube));
        assert_eq!(node.inv_h11, cc.h11(&cube.inverse()));
        for _ in 0..20 {
            let m = Move::ALL[rng.gen_range(0..18)];
            node = Node::from_halves(forward(t, &node, m.index()), inverse(t, &node, m), 0);
            cube = cube.apply_move(m);
            assert_eq!(node.fwd, cc.h11(&cube), "cube after {m}");
            assert_eq!(node.inv_h11, cc.h11(&cube.inverse()), "inverse after {m}");
            assert_eq!(node.inv, PackedCube::pack(&cube.inverse()));
        }
    }
    // Near solved (self-symmetric corners and edges) too, and the solved cube's bound is 0.
    assert_eq!(t.cube_bound(&CubieCube::SOLVED), 0);
    for _ in 0..200 {
        let moves = rubik_cube::random::random_moves(&mut rng, 3);
        let cube = CubieCube::from_moves(&moves);
        let node = Node::root(t, &cube);
        assert_eq!(node.fwd, cc.h11(&cube), "{moves:?}");
        assert_eq!(node.inv_h11, cc.h11(&cube.inverse()), "{moves:?}");
        assert!(t.cube_bound(&cube) <= moves.len(), "{moves:?}");
    }
}

#[test]
fn first_solutions_are_optimal_and_all_solutions_are_the_small_searchs() {
    let t = small_tables();
    let small = small_solver();
    let mut rng = rng_from_seed(4009);
    let deadline = Deadline::default();
    for n in [5usize, 7, 9, 10, 11, 12] {
        for _ in 0..3 {
            let moves: Vec<Move> = (0..n).map(|_| Move::ALL[rng.gen_range(0..18)]).collect();
            let cube = CubieCube::from_moves(&moves);
            let want = small
                .solve(&cube, &Limits::default())
                .expect("solved")
                .len();
            let (outcome, stats) = search(t, &cube, &run(Mode::First, &deadline));
            let Outcome::Found(s) = outcome else {
                panic!("{moves:?}: {outcome:?}")
            };
            assert_eq!(s.len(), 1);
            assert_eq!(s[0].len(), want, "{moves:?}");
            assert!(solves(&cube, &s[0]), "{moves:?}");
            assert!(stats.nodes > 0 || want == 0);
            assert!(t.cube_bound(&cube) <= want);
            if n <= 7 {
                let (outcome, _) = search(t, &cube, &run(Mode::All, &deadline));
                let Outcome::Found(all) = outcome else {
                    panic!("{moves:?}: {outcome:?}")
                };
                assert!(all.iter().all(|s| s.len() == want && solves(&cube, s)));
                let got: BTreeSet<Vec<Move>> = all.into_iter().collect();
                assert_eq!(got, every_solution(&small, &cube), "{moves:?}");
            }
        }
    }
}

#[test]
fn a_half_turn_on_the_left_keeps_the_h11_index() {
    // What the search relies on ([`Worker::dfs`]): the inverse takes the search's moves on the
    // left, and a half turn there leaves its h11 index, so its bound carries over without a
    // lookup.
    let cc = CornerClasses::get();
    let mut rng = rng_from_seed(4010);
    let mut quarter_turns_changed = 0;
    for _ in 0..50 {
        let cube = CubieCube::random(&mut rng);
        for m in Move::ALL {
            let turned = CubieCube::from_moves(&[m]).multiply(&cube);
            let kept = cc.h11(&turned) == cc.h11(&cube);
            if m.turns() == 2 {
                assert!(kept, "{m}");
            } else if !kept {
                quarter_turns_changed += 1;
            }
        }
    }
    // Quarter turns do not keep it (the cube takes them on the left, not on the right).
    assert!(quarter_turns_changed > 50 * 12 * 9 / 10);
}

#[test]
fn a_half_turn_child_keeps_its_parents_inverse_index_and_bound() {
    // Along random walks (and near solved, where h0 decides), the node's inverse after a half
    // turn, stepped as the search steps it, has its parent's index; the bound a node carries
    // (`side_bound`, 0 where h0 was left unread, `refreshed` further down) is never above the
    // full bound and prunes exactly where `exceeds` does.
    let t = small_tables();
    let cc = CornerClasses::get();
    let mut rng = rng_from_seed(4011);
    let mut halves = 0;
    for walk in 0..60 {
        let mut cube = if walk < 30 {
            CubieCube::random(&mut rng)
        } else {
            CubieCube::from_moves(&rubik_cube::random::random_moves(&mut rng, 2))
        };
        let mut node = Node::root(t, &cube);
        for _ in 0..12 {
            let m = Move::ALL[rng.gen_range(0..18)];
            let inv = inverse(t, &node, m);
            cube = cube.apply_move(m);
            assert_eq!(inv.1, cc.h11(&cube.inverse()));
            if is_half(m) {
                halves += 1;
                assert_eq!(inv.1, node.inv_h11, "{m}");
                assert_eq!(t.inverse.left_move(m.index(), &node.inv), inv.0, "{m}");
            }
            for left in 0..=12 {
                let b = t.side_bound(inv.1, left);
                assert!(b <= t.bound(inv.1));
                assert_eq!(b > left, t.exceeds(inv.1, left), "left {left}");
                for below in 0..=left {
                    let r = t.refreshed(b as u8, inv.1, below);
                    assert!(r >= b && r <= t.bound(inv.1));
                    assert_eq!(r > below, t.exceeds(inv.1, below), "{left} then {below}");
                }
            }
            node = Node::from_halves(forward(t, &node, m.index()), inv, 0);
        }
    }
    assert!(halves > 100);
}

#[test]
fn symmetric_cubes_get_the_small_searchs_solutions() {
    // Subtrees symmetric at the root are skipped (First) or lend their solutions (All).
    let t = small_tables();
    let small = small_solver();
    let deadline = Deadline::default();
    for scramble in ["U2 D2 F2 B2 R2 L2", "U D'", "R2 L2 U D'", "U2 D2"] {
        let moves = rubik_cube::Alg::parse(scramble)
            .expect("a scramble")
            .face_turns()
            .expect("face turns");
        let cube = CubieCube::from_moves(&moves);
        assert!(super::super::root_symmetry::stabiliser(&cube).len() > 1);
        let expected = every_solution(&small, &cube);
        let want = expected.iter().next().expect("a solution").len();
        let (outcome, _) = search(t, &cube, &run(Mode::First, &deadline));
        let Outcome::Found(s) = outcome else {
            panic!("{scramble}: {outcome:?}")
        };
        assert_eq!(s[0].len(), want, "{scramble}");
        assert!(solves(&cube, &s[0]), "{scramble}");
        let (outcome, _) = search(t, &cube, &run(Mode::All, &deadline));
        let Outcome::Found(all) = outcome else {
            panic!("{scramble}: {outcome:?}")
        };
        assert!(all.iter().all(|s| solves(&cube, s)), "{scramble}");
        let got: BTreeSet<Vec<Move>> = all.into_iter().collect();
        assert_eq!(got, expected, "{scramble}");
    }
}

/// With the real h8 table (`RUBIK_TABLES`, 7.5 GB, and h0, built if missing) and `large`:
/// random states solved by both, the lengths equal.
#[test]
#[ignore = "needs the 7.5 GB h8 and large tables in RUBIK_TABLES"]
fn h8_search_agrees_with_large() {
    let config = SolverConfig {
        options: Options::new()
            .with("table", Some("large"))
            .expect("a table size"),
        ..SolverConfig::default()
    };
    let store = Store::new(&config);
    let h8 = H8Tables::load(&store).expect("the h8 table");
    let large = OptimalSolver::new(&config)
        .expect("large")
        .with_probe(false);
    let mut rng = rng_from_seed(2512);
    let deadline = Deadline::default();
    for _ in 0..2 {
        let cube = CubieCube::random(&mut rng);
        let want = large
            .solve(&cube, &Limits::default())
            .expect("solved")
            .len();
        let (outcome, _) = search(&h8, &cube, &run(Mode::First, &deadline));
        let Outcome::Found(s) = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(s[0].len(), want);
        assert!(solves(&cube, &s[0]));
    }
}

/// The h0 table of `RUBIK_TABLES` (built when missing: the h11 classes to depth 9, or the
/// depth files found in its work directory, then their projection), timed: the solved cube's
/// entry is 0 and every value 0..=10 occurs.
#[test]
#[ignore = "builds the 59 MB h0 table in RUBIK_TABLES from the h11 classes to depth 9 (1 GB)"]
fn h0_table_builds_through_the_store() {
    let store = Store::new(&SolverConfig::default());
    let started = std::time::Instant::now();
    let h0 = store.get(&H0).expect("the h0 table");
    eprintln!("h0 ready in {:.1} s", started.elapsed().as_secs_f64());
    let solved = CornerClasses::get().h11(&CubieCube::SOLVED) >> 11;
    assert_eq!(value(&h0, solved as usize), 0);
    let mut counts = [0u64; 16];
    for &b in h0.iter() {
        counts[usize::from(b & 0xF)] += 1;
        counts[usize::from(b >> 4)] += 1;
    }
    eprintln!("h0 distances: {counts:?}");
    assert!(counts[..=10].iter().all(|&n| n > 0));
    assert!(counts[11..].iter().all(|&n| n == 0));
}
