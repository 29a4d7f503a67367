//! Tests of the two-phase solver. The full tables are built once into a fixed directory under
//! the system's temporary directory, shared by the tests of this binary and kept for the next
//! run (a `TempDir` in a static is never dropped: it left 0.5–1.5 GB behind on every run).

use super::*;
use crate::coord;
use crate::store::{Status, Store};
use crate::Method;
use rubik_cube::random::rng_from_seed;
use rubik_cube::Move;
use std::sync::OnceLock;
use std::time::Duration;

pub(crate) fn table_dir() -> &'static std::path::Path {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    DIR.get_or_init(|| std::env::temp_dir().join("rubik-twophase-test-tables"))
}

fn config(compact: bool) -> SolverConfig {
    SolverConfig {
        table_dir: Some(table_dir().to_path_buf()),
        compact,
        ..SolverConfig::default()
    }
}

fn solver() -> TwophaseSolver {
    TwophaseSolver::new(&config(false)).expect("tables")
}

/// The full tables of `s`, and the phase-1 distance of a cube read directly from them.
fn full_tables(s: &TwophaseSolver) -> (&TwophaseTables, impl Fn(&CubieCube) -> u8 + '_) {
    let Tables::Full(t) = &s.tables else {
        panic!("full tables expected")
    };
    let h1 = |c: &CubieCube| t.phase1_distance(coord::flip(c), coord::twist(c), coord::slice(c));
    (&**t, h1)
}

fn check(solver: &TwophaseSolver, cube: &CubieCube, limits: &Limits) -> Solution {
    let sol = solver.solve(cube, limits).expect("solution");
    assert!(sol.solves(cube), "{sol} does not solve the cube");
    let joined: Vec<Move> = sol.steps.iter().flat_map(|s| s.moves.clone()).collect();
    assert_eq!(joined, sol.moves, "steps must add up to the solution");
    for w in sol.moves.windows(2) {
        assert_ne!(
            w[0].face(),
            w[1].face(),
            "{sol} turns a face twice in a row"
        );
    }
    sol
}

#[test]
fn random_states_in_twenty_moves() {
    let s = solver();
    let mut rng = rng_from_seed(2024);
    for _ in 0..300 {
        let cube = CubieCube::random(&mut rng);
        let sol = check(&s, &cube, &Limits::default());
        assert!(sol.len() <= 20, "{} moves", sol.len());
        assert_eq!(sol.steps.len(), 2);
    }
}

#[test]
fn superflip_in_twenty() {
    let mut cube = CubieCube::SOLVED;
    cube.eo = [1; 12];
    let sol = check(&solver(), &cube, &Limits::default());
    assert!(sol.len() <= 20);
}

#[test]
fn solved_cube_gives_empty_solution() {
    let sol = solver()
        .solve(&CubieCube::SOLVED, &Limits::default())
        .unwrap();
    assert!(sol.is_empty());
}

#[test]
fn short_scrambles_get_short_solutions() {
    let s = solver();
    let scramble: Vec<Move> = [3, 7, 11, 14, 0].map(Move::from_index).to_vec();
    let cube = CubieCube::from_moves(&scramble);
    let sol = check(&s, &cube, &Limits::default());
    assert!(sol.len() <= 5);
    let one = CubieCube::from_moves(&[Move::from_index(4)]);
    assert_eq!(check(&s, &one, &Limits::default()).len(), 1);
}

/// Lightly scrambled cubes get solutions no longer than their scramble: `R U R' U'` is undone in
/// four moves, not in the ten a first-found two-phase solution would take.
#[test]
fn light_scrambles_are_undone_in_at_most_their_length() {
    let s = solver();
    let r = |i| Move::from_index(i);
    let sexy_move = [r(3), r(0), r(5), r(2)]; // R U R' U'
    let cube = CubieCube::from_moves(&sexy_move);
    assert_eq!(check(&s, &cube, &Limits::default()).len(), 4);
    let mut rng = rng_from_seed(77);
    for n in 1..=7 {
        for _ in 0..20 {
            let scramble = rubik_cube::random::random_moves(&mut rng, n);
            let cube = CubieCube::from_moves(&scramble);
            let sol = check(&s, &cube, &Limits::default());
            assert!(
                sol.len() <= n,
                "{n}-move scramble solved in {} moves",
                sol.len()
            );
        }
    }
}

/// A solution whose phase 2 starts with the face opposite phase 1's last move is found at its
/// own phase-1 depth. This cube (the 48th of `rubik scramble -n 200 --seed 11`) has 19-move
/// solutions of 13 phase-1 moves, e.g. rob-twophase's `B' U2 B L F' D2 R' L U2 L U2 D B'` then
/// `F2 R F2 L U2 D2`, and none of 12; with the canonical order of opposite faces kept across the
/// boundary (after `B'`, no `F2`), the first one within 19 moves came at phase-1 depth 14.
#[test]
fn phase2_may_start_with_the_face_opposite_phase1s_last_move() {
    let cube = CubieCube::from_facelets("DLRFULDBRDBDURLFRLBDFFFBBRRRUUFDBFDULRLULDULUBDFUBFBRL")
        .expect("a valid cube");
    let limits = Limits {
        max_length: Some(19),
        ..Limits::default()
    };
    let sol = check(&solver(), &cube, &limits);
    assert!(sol.len() <= 19, "{} moves", sol.len());
    let phase1 = sol.steps.iter().map(|s| s.moves.len()).max().unwrap_or(0);
    assert!(phase1 <= 13, "{sol}: phase 1 took {phase1} moves");
}

#[test]
fn too_short_a_limit_gives_no_solution() {
    let mut rng = rng_from_seed(5);
    let cube = CubieCube::random(&mut rng);
    let limits = Limits {
        max_length: Some(8),
        timeout: Some(Duration::from_millis(300)),
        ..Limits::default()
    };
    match solver().solve(&cube, &limits) {
        Err(SolveError::NoSolution { max_length, .. }) => assert_eq!(max_length, 8),
        other => panic!("expected NoSolution, got {other:?}"),
    }
}

#[test]
fn a_work_budget_stops_the_search_at_the_same_node_every_time() {
    let s = solver();
    let mut rng = rng_from_seed(9);
    let cube = CubieCube::random(&mut rng);
    // Its phase-1 searches up to 16 moves take more nodes than the budget, and find no
    // solution of at most 16 moves (as for almost every random state).
    let limits = Limits {
        max_length: Some(16),
        ..Limits::default()
    };
    let budget = 300_000;
    let first = s.search_within(&cube, &limits, budget);
    let again = s.search_within(&cube, &limits, budget);
    assert!(first.timed_out && first.best.is_none());
    // The budget is looked at every 1,024 nodes.
    assert!(
        (budget..budget + 1024).contains(&first.nodes),
        "{} nodes",
        first.nodes
    );
    assert_eq!(first.nodes, again.nodes);
    // With room to finish, a budgeted search finds what the unbudgeted one finds.
    let open = Limits::default();
    let plain = s.search(&cube, &open);
    let roomy = s.search_within(&cube, &open, plain.nodes + 1);
    assert!(!roomy.timed_out);
    let moves = |o: &search::Outcome| o.best.as_ref().map(|b| b.moves().0);
    assert_eq!(moves(&roomy), moves(&plain));
    assert!(cube
        .apply_moves(&moves(&plain).expect("a solution"))
        .is_solved());
}

#[test]
fn improving_with_a_budget_never_gets_longer() {
    let s = solver();
    let mut rng = rng_from_seed(6);
    for _ in 0..3 {
        let cube = CubieCube::random(&mut rng);
        let first = check(&s, &cube, &Limits::default());
        let better = check(
            &s,
            &cube,
            &Limits {
                timeout: Some(Duration::from_millis(500)),
                improve: true,
                ..Limits::default()
            },
        );
        assert!(better.len() <= first.len());
    }
}

#[test]
fn invalid_cube_is_rejected() {
    let mut cube = CubieCube::SOLVED;
    cube.co[0] = 1;
    assert!(matches!(
        solver().solve(&cube, &Limits::default()),
        Err(SolveError::InvalidCube(_))
    ));
}

/// Exact distances change by at most one per move, and are 0 exactly on the goal.
#[test]
fn pruning_tables_are_consistent() {
    let s = solver();
    let (t, h1) = full_tables(&s);
    let mut rng = rng_from_seed(9);
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        let in_g1 = coord::flip(&c) == 0 && coord::twist(&c) == 0 && coord::slice(&c) == 0;
        assert_eq!(h1(&c) == 0, in_g1);
        let (node, d0) = t.phase1_start(coord::flip(&c), coord::twist(&c), coord::slice(&c));
        assert_eq!(d0, h1(&c));
        let mut kids = [(node, 0u8, 0u8); 18];
        assert_eq!(t.phase1_children(&node, (1 << 18) - 1, 99, &mut kids), 18);
        for (m, &(kid, km, kd)) in Move::ALL.into_iter().zip(&kids) {
            let child = c.apply_move(m);
            let mut grandkids = [(kid, 0u8, 0u8); 18];
            t.phase1_children(&kid, (1 << 18) - 1, 99, &mut grandkids);
            for (m2, &(_, _, gd)) in Move::ALL.into_iter().zip(&grandkids) {
                assert_eq!(gd, h1(&child.apply_move(m2)));
            }
            assert_eq!(km as usize, m.index());
            // The symmetry-class walk agrees with the direct lookup.
            assert_eq!(kd, h1(&child));
            assert!((h1(&c) as i32 - h1(&child) as i32).abs() <= 1);
        }
    }
    // Phase 2: random G1 states from random G1 move sequences.
    let g1: Vec<Move> = super::tables::PHASE2_MOVES
        .iter()
        .map(|&m| Move::from_index(m))
        .collect();
    let h2 = |c: &CubieCube| t.phase2(coord::corners(c), coord::ud_edges(c), 0);
    let mut c = CubieCube::SOLVED;
    for i in 0..2000 {
        let m = g1[(i * 7 + i / 3) % g1.len()];
        let next = c.apply_move(m);
        assert!((h2(&c) as i32 - h2(&next) as i32).abs() <= 1);
        c = next;
    }
}

/// With a depth budget, the descent codes hand out exactly the children whose distance is below
/// it, in every symmetry frame; from distance 1, the finishing moves are exactly those into G1.
#[test]
fn descent_codes_pick_exactly_the_short_enough_children() {
    let s = solver();
    let (t, h1) = full_tables(&s);
    let mut rng = rng_from_seed(31);
    let all = (1u32 << 18) - 1;
    let (mut near_goal, mut checked, mut one_away) = (0, 0, 0);
    for i in 0..400 {
        // Random states, and states a few random moves from G1 (where distances 1–3 live).
        let c = if i % 2 == 0 {
            CubieCube::random(&mut rng)
        } else {
            use rand::Rng;
            let g1: Vec<Move> = (0..15)
                .map(|_| {
                    let k = rng.gen_range(0..super::tables::PHASE2_MOVES.len());
                    Move::from_index(super::tables::PHASE2_MOVES[k])
                })
                .collect();
            let away = rubik_cube::random::random_moves(&mut rng, 1 + i % 4);
            CubieCube::from_moves(&g1).apply_moves(&away)
        };
        let (node, h) = t.phase1_start(coord::flip(&c), coord::twist(&c), coord::slice(&c));
        assert_eq!(h, h1(&c));
        let h = h as usize;
        if h <= 3 {
            near_goal += 1;
        }
        for togo in [h.max(3), h + 1, h + 2] {
            if togo < 3 {
                continue;
            }
            let mut kids = [(node, 0u8, 0u8); 18];
            let n = t.phase1_children(&node, all, togo, &mut kids);
            let got: Vec<usize> = kids[..n].iter().map(|k| k.1 as usize).collect();
            // With three to go only children at distance 2 are kept: those at 0 or 1, with two
            // to go, have no phase-1 ending (see `Pruning::phase1_children`).
            let want: Vec<usize> = (0..18)
                .filter(|&m| {
                    let d = h1(&c.apply_move(Move::from_index(m))) as usize;
                    d < togo && (togo != 3 || d == 2)
                })
                .collect();
            assert_eq!(got, want, "distance {h}, {togo} to go");
            checked += 1;
        }
        if h == 1 {
            one_away += 1;
            let mut kids = [(node, 0u8, 0u8); 18];
            let n = t.phase1_goal_children(&node, all, &mut kids);
            let got: Vec<usize> = kids[..n].iter().map(|k| k.1 as usize).collect();
            let want: Vec<usize> = (0..18)
                .filter(|&m| h1(&c.apply_move(Move::from_index(m))) == 0)
                .collect();
            assert_eq!(got, want);
        }
    }
    assert!(
        near_goal > 50 && one_away > 10 && checked > 600,
        "{near_goal} near G1, {one_away} at distance 1, {checked} checks"
    );
}

/// The near table holds exactly the entries within its distance of G1, with their full codes.
#[test]
fn near_table_matches_the_full_codes() {
    use super::descent::{self, NEAR_MAX_DIST};
    use crate::store::bfs::nibble;
    let s = solver();
    let (t, _) = full_tables(&s);
    let n = super::tables::N_PHASE1;
    let mut near = 0;
    for i in 0..n {
        let d = nibble(&t.phase1_prune, i);
        let found = descent::near_code(&t.phase1_near, i as u32);
        if d <= NEAR_MAX_DIST {
            assert_eq!(
                found,
                Some(descent::code(&t.phase1_descent, i)),
                "entry {i}"
            );
            near += 1;
        } else if i % 97 == 0 {
            assert_eq!(found, None, "entry {i} at distance {d}");
        }
    }
    // The phase-1 distance distribution up to 6: 1, 1, 5, 44, 487, 5841, 68364.
    assert_eq!(near, 74_743);
}

/// The hot table gives the full code of every entry at distance 7 or 8 it holds, and holds all
/// but a few of them.
#[test]
fn hot_table_matches_the_full_codes() {
    use super::descent::{self, HOT_MAX_DIST, NEAR_MAX_DIST};
    use crate::store::bfs::nibble;
    let s = solver();
    let (t, _) = full_tables(&s);
    let (mut held, mut missing) = (0usize, 0usize);
    for i in 0..super::tables::N_PHASE1 {
        let d = nibble(&t.phase1_prune, i);
        if d <= NEAR_MAX_DIST || d > HOT_MAX_DIST {
            continue;
        }
        match descent::hot_code(&t.phase1_hot, i as u32) {
            Some(c) => {
                assert_eq!(c, descent::code(&t.phase1_descent, i), "entry {i}");
                held += 1;
            }
            None => missing += 1,
        }
    }
    // The phase-1 distance distribution at 7 and 8: 776,568 and 7,950,748.
    assert_eq!(held + missing, 8_727_316);
    assert!(
        missing * 200 < held,
        "{missing} of {} left out",
        held + missing
    );
    let (_, left_out) = descent::build_hot(&t.phase1_prune, &t.phase1_descent);
    assert_eq!(left_out, missing);
}

#[test]
fn compact_mode_solves_in_twenty_one() {
    let s = TwophaseSolver::new(&config(true)).expect("compact tables");
    assert!(s.is_compact());
    let bytes: u64 = Method::Twophase
        .tables(&config(true))
        .iter()
        .map(|s| s.table().file_bytes())
        .sum();
    assert!(bytes <= 16_000_000, "compact tables take {bytes} bytes");
    let mut rng = rng_from_seed(77);
    for _ in 0..40 {
        let cube = CubieCube::random(&mut rng);
        let limits = Limits {
            max_length: Some(21),
            ..Limits::default()
        };
        assert!(check(&s, &cube, &limits).len() <= 21);
    }
}

#[test]
fn table_files_are_listed_and_verified() {
    solver();
    let config = config(false);
    let infos = Store::new(&config).describe(&Method::Twophase.tables(&config), true);
    assert_eq!(infos.len(), super::tables::specs().len());
    for i in &infos {
        assert_eq!(i.status, Status::Present, "{}", i.name);
        assert_eq!(std::fs::metadata(&i.path).unwrap().len(), i.bytes);
    }
}

#[test]
fn catalogue_has_the_step_messages() {
    for key in [
        "twophase.phase1",
        "twophase.phase2",
        "twophase.inverse_phase1",
        "twophase.inverse_phase2",
    ] {
        let m = crate::registry::lookup(key).expect(key);
        assert!(!m.fr_explanation.is_empty());
    }
}

#[test]
fn scrambles_are_reproducible_random_states() {
    let s = solver();
    let a = crate::scramble::scrambles(&s, 42, 5).unwrap();
    let b = crate::scramble::scrambles(&s, 42, 5).unwrap();
    assert_eq!(a, b);
    for sc in &a {
        assert_eq!(CubieCube::from_moves(&sc.moves), sc.cube);
        assert!(sc.moves.len() >= 2 && sc.moves.len() <= 20);
    }
    let c = crate::scramble::scrambles(&s, 43, 5).unwrap();
    assert_ne!(a, c);
}

#[test]
fn bench_runs_and_summarises() {
    let cfg = crate::bench::BenchConfig {
        method: Method::Twophase,
        count: 20,
        seed: 3,
        limits: Limits::default(),
        solver: config(false),
    };
    let report = crate::bench::run(&cfg, &crate::NoProgress).unwrap();
    assert_eq!(report.cases.len(), 20);
    assert_eq!(report.wrong(), 0);
    assert_eq!(report.solved(), 20);
    assert!(report.max_length().unwrap() <= 20);
    assert_eq!(report.histogram().values().sum::<usize>(), 20);
    assert!(report.median_time().unwrap() <= report.p99_time().unwrap());
    let mean = report.mean_length().unwrap();
    assert!((15.0..=20.0).contains(&mean));
}
