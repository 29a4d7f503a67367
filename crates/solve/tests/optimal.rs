//! Optimal solver on shallow positions: every solution solves the cube, and its length equals
//! an independent meet-in-the-middle search (exact up to 8 moves) or a published distance.
//! Uses the small table (built once, ~20 s, cached in the temp dir).

use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Move};
use rubik_solve::{
    can_follow, solver_for, CancelFlag, Limits, Method, Options, Progress, Solution, SolveError,
    Solver, SolverConfig,
};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The optimal method's table option set to `size`.
fn table(size: &str) -> Options {
    Options::new()
        .with("table", Some(size))
        .expect("a table size")
}

fn config() -> SolverConfig {
    SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        options: table("small"),
        ..SolverConfig::default()
    }
}

fn solver() -> &'static dyn Solver {
    static S: OnceLock<Box<dyn Solver>> = OnceLock::new();
    S.get_or_init(|| solver_for(Method::Optimal, &config()).expect("optimal tables"))
        .as_ref()
}

/// Every optimal solution of `cube`, from the method with its `all` option.
fn solve_all(cube: &CubieCube) -> Vec<Solution> {
    static S: OnceLock<Box<dyn Solver>> = OnceLock::new();
    let solver = S.get_or_init(|| {
        let config = SolverConfig {
            options: table("small").with("all", None).expect("the all option"),
            ..config()
        };
        solver_for(Method::Optimal, &config).expect("optimal tables")
    });
    assert!(solver.lists());
    solver
        .solutions(cube, &Limits::default())
        .expect("solvable")
}

/// Every state within 4 moves of solved, with its distance (breadth-first).
fn ball4() -> &'static HashMap<CubieCube, u8> {
    static B: OnceLock<HashMap<CubieCube, u8>> = OnceLock::new();
    B.get_or_init(|| {
        let mut dist = HashMap::new();
        dist.insert(CubieCube::SOLVED, 0u8);
        let mut frontier = vec![CubieCube::SOLVED];
        for d in 1..=4u8 {
            let mut next = Vec::new();
            for c in &frontier {
                for m in Move::ALL {
                    let n = c.apply_move(m);
                    dist.entry(n).or_insert_with(|| {
                        next.push(n);
                        d
                    });
                }
            }
            frontier = next;
        }
        dist
    })
}

/// Exact distance of a state at most 8 moves from solved (meeting in the middle), else `None`.
fn brute_distance(cube: &CubieCube) -> Option<usize> {
    fn walk(
        c: &CubieCube,
        depth: usize,
        prev: Option<Move>,
        best: &mut usize,
        ball: &HashMap<CubieCube, u8>,
    ) {
        if let Some(&d) = ball.get(c) {
            *best = (*best).min(depth + d as usize);
        }
        if depth == 4 || depth >= *best {
            return;
        }
        for m in Move::ALL {
            if can_follow(prev, m) {
                walk(&c.apply_move(m), depth + 1, Some(m), best, ball);
            }
        }
    }
    let mut best = usize::MAX;
    walk(cube, 0, None, &mut best, ball4());
    (best <= 8).then_some(best)
}

fn scramble(rng: &mut impl rand::Rng, n: usize) -> Vec<Move> {
    (0..n).map(|_| Move::ALL[rng.gen_range(0..18)]).collect()
}

#[test]
fn shallow_scrambles_get_their_exact_distance() {
    let mut rng = rng_from_seed(11);
    for i in 0..40 {
        let n = 1 + i % 8;
        let moves = scramble(&mut rng, n);
        let cube = CubieCube::from_moves(&moves);
        let sol = solver().solve(&cube, &Limits::default()).expect("solvable");
        assert!(sol.solves(&cube), "does not solve {moves:?}");
        assert!(sol.len() <= n);
        assert_eq!(Some(sol.len()), brute_distance(&cube), "scramble {moves:?}");
    }
}

#[test]
fn deeper_scrambles_are_solved_no_longer_than_the_scramble() {
    let mut rng = rng_from_seed(12);
    for n in [9, 10, 10, 11, 12] {
        let moves = scramble(&mut rng, n);
        let cube = CubieCube::from_moves(&moves);
        let sol = solver().solve(&cube, &Limits::default()).expect("solvable");
        assert!(sol.solves(&cube));
        assert!(sol.len() <= n, "{} > scramble length {n}", sol.len());
        // Nothing shorter exists: a search capped one move below finds nothing.
        let shorter = Limits {
            max_length: Some(sol.len() - 1),
            ..Limits::default()
        };
        assert!(matches!(
            solver().solve(&cube, &shorter),
            Err(SolveError::NoSolution {
                timed_out: false,
                ..
            })
        ));
    }
}

fn from_facelets(s: &str) -> CubieCube {
    CubieCube::from_facelets(s).expect("valid facelets")
}

/// Positions of shared/reference/positions.tsv with exact published distances (≤ 12 moves).
const REFERENCE: &[(&str, &str, usize)] = &[
    (
        "solved",
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
        0,
    ),
    (
        "checkerboard",
        "UDUDUDUDURLRLRLRLRFBFBFBFBFDUDUDUDUDLRLRLRLRLBFBFBFBFB",
        6,
    ),
    (
        "single-R",
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
        1,
    ),
];

#[test]
fn reference_positions_have_their_published_lengths() {
    for &(name, facelets, exact) in REFERENCE {
        let cube = from_facelets(facelets);
        let sol = solver().solve(&cube, &Limits::default()).expect("solvable");
        assert!(sol.solves(&cube), "{name}");
        assert_eq!(sol.len(), exact, "{name}");
    }
    // Upper bounds only in the reference; the exact values come from the brute force.
    for facelets in [
        "FFFFUFFFFUUUURUUUURRRRFRRRRBBBBDBBBBDDDDLDDDDLLLLBLLLL", // six-spot, ≤ 8
        "UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB", // sexy move, ≤ 4
    ] {
        let cube = from_facelets(facelets);
        let sol = solver().solve(&cube, &Limits::default()).expect("solvable");
        assert!(sol.solves(&cube));
        assert_eq!(Some(sol.len()), brute_distance(&cube));
    }
}

#[test]
fn all_optimal_solutions_match_brute_force_enumeration() {
    fn count(c: &CubieCube, left: usize, prev: Option<Move>) -> usize {
        if left == 0 {
            return usize::from(c.is_solved());
        }
        Move::ALL
            .iter()
            .filter(|&&m| can_follow(prev, m))
            .map(|&m| count(&c.apply_move(m), left - 1, Some(m)))
            .sum()
    }
    let mut rng = rng_from_seed(13);
    for n in [3, 4, 5] {
        let cube = CubieCube::from_moves(&scramble(&mut rng, n));
        let all = solve_all(&cube);
        let d = all[0].len();
        assert!(all.iter().all(|s| s.len() == d && s.solves(&cube)));
        assert_eq!(all.len(), count(&cube, d, None));
        let mut seqs: Vec<_> = all.iter().map(|s| s.moves.clone()).collect();
        seqs.sort();
        seqs.dedup();
        assert_eq!(seqs.len(), all.len(), "duplicates");
    }
}

/// The number of canonical move sequences of exactly `d ≤ 8` moves that solve `cube`: a
/// depth-first walk that, within four moves of the end, only goes on where the breadth-first
/// ball says the rest can still be solved in time.
fn brute_count(cube: &CubieCube, d: usize) -> usize {
    fn walk(c: &CubieCube, left: usize, prev: Option<Move>) -> usize {
        if left <= 4 {
            match ball4().get(c) {
                Some(&dist) if dist as usize <= left => {}
                _ => return 0,
            }
        }
        if left == 0 {
            return 1;
        }
        Move::ALL
            .iter()
            .filter(|&&m| can_follow(prev, m))
            .map(|&m| walk(&c.apply_move(m), left - 1, Some(m)))
            .sum()
    }
    assert!(d <= 8);
    walk(cube, d, None)
}

/// Symmetric positions, whose symmetric first moves the search skips: lengths and the full
/// lists of optimal solutions are those of brute force.
#[test]
fn symmetric_positions_keep_their_lengths_and_every_solution() {
    for scramble in [
        "U2",
        "U D'",
        "R2 L2",
        "U D' R L'",
        "U2 D2 R2 L2 F2 B2",     // checkerboard: 6
        "U D' R L' F B' U D'",   // six-spot: 8
        "F2 B2 U D' R2 L2 U D'", // four-spot: 8
    ] {
        let moves = rubik_cube::Alg::parse(scramble)
            .expect("valid")
            .face_turns()
            .expect("face turns");
        let cube = CubieCube::from_moves(&moves);
        let d = brute_distance(&cube).expect("within 8 moves");
        let first = solver().solve(&cube, &Limits::default()).expect("solvable");
        assert!(first.solves(&cube), "{scramble}");
        assert_eq!(first.len(), d, "{scramble}");
        let all = solve_all(&cube);
        assert!(
            all.iter().all(|s| s.len() == d && s.solves(&cube)),
            "{scramble}"
        );
        let mut seqs: Vec<_> = all.iter().map(|s| s.moves.clone()).collect();
        seqs.sort();
        seqs.dedup();
        assert_eq!(seqs.len(), all.len(), "duplicates for {scramble}");
        assert!(
            seqs.iter()
                .all(|s| s.windows(2).all(|w| can_follow(Some(w[0]), w[1]))),
            "non-canonical solution for {scramble}"
        );
        assert_eq!(all.len(), brute_count(&cube, d), "{scramble}");
    }
}

#[test]
fn timeout_gives_the_best_solution_found_and_the_lower_bound_reached() {
    let cube = CubieCube::random(&mut rng_from_seed(14));
    let limits = Limits {
        timeout: Some(Duration::from_millis(300)),
        ..Limits::default()
    };
    let sol = solver()
        .solve(&cube, &limits)
        .expect("a two-phase solution");
    assert!(sol.solves(&cube));
    assert!(sol.len() <= 20);
    let step = &sol.steps[0];
    let param = |k: &str| {
        step.params
            .iter()
            .find(|(name, _)| name == k)
            .map(|(_, v)| v.parse::<usize>().unwrap())
    };
    match step.key.as_str() {
        // Two-phase found a solution one move past what the search had ruled out: optimal.
        "optimal.solution" => assert!(sol.len() >= 10, "{sol}"),
        "optimal.unproven" => {
            let bound = param("bound").unwrap();
            assert!((10..20).contains(&bound), "lower bound {bound}");
            assert_eq!(param("next"), Some(bound + 1));
            assert_eq!(param("length"), Some(sol.len()));
            assert!(sol.len() > bound + 1, "{sol} would be proven optimal");
            assert!(step.explanation.contains("not proven") || step.name.contains("not proven"));
        }
        other => panic!("unexpected step {other}"),
    }
}

/// Records what a search reports.
#[derive(Default)]
struct Recorder {
    /// (name, total, units advanced, finished) per task started.
    tasks: std::sync::Mutex<Vec<(String, u64, u64, bool)>>,
    /// Notes, in order.
    notes: std::sync::Mutex<Vec<String>>,
    /// Raised when a deepening step of [`DEEP_ENOUGH`] moves starts, if set: a test stops its
    /// search as soon as it is as deep as the test needs, however busy the machine is.
    stop_when_deep: std::sync::Mutex<Option<CancelFlag>>,
}

/// The deepening length from which the optimal solver gives its hint about the large table.
const DEEP_ENOUGH: usize = 15;

impl Recorder {
    /// Limits that stop a solve once it starts its deepening step of [`DEEP_ENOUGH`] moves
    /// (the flag returned is raised then), or after a generous safety timeout.
    fn limits_until_deep(&self) -> (Limits, CancelFlag) {
        let flag = CancelFlag::new();
        *self.stop_when_deep.lock().unwrap() = Some(flag.clone());
        let limits = Limits {
            timeout: Some(Duration::from_secs(300)),
            cancel: Some(flag.clone()),
            ..Limits::default()
        };
        (limits, flag)
    }
}

impl Progress for Recorder {
    fn start(&self, name: &str, total: u64) {
        self.tasks
            .lock()
            .unwrap()
            .push((name.to_string(), total, 0, false));
    }
    fn advance(&self, units: u64) {
        self.tasks.lock().unwrap().last_mut().unwrap().2 += units;
    }
    fn finish(&self) {
        self.tasks.lock().unwrap().last_mut().unwrap().3 = true;
    }
    fn note(&self, text: &str) {
        self.notes.lock().unwrap().push(text.to_string());
    }
    fn deepening(&self, length: usize) {
        if length >= DEEP_ENOUGH {
            if let Some(flag) = &*self.stop_when_deep.lock().unwrap() {
                flag.cancel();
            }
        }
    }
}

#[test]
fn the_default_small_table_says_once_how_to_solve_deep_cubes_faster() {
    // Only the small table is built in the test directory, so it is the default. This 18-move
    // state needs a deepening step of 15 moves; each solve of it is stopped as soon as that
    // step starts (the hint, if any, is given as it starts), so the test does not depend on how
    // fast a busy machine gets there.
    let cube =
        rubik_cube::input::parse_cube("R2 B U2 L2 D2 L2 F' D2 B U F U' R2 D' R U F2 R2 U' R")
            .unwrap()
            .to_cubie();
    let shallow = rubik_cube::input::parse_cube("R U F").unwrap().to_cubie();
    // A size asked for by name is what the user wants: no hint (checked first, as the hint
    // is given once per process).
    let named = Arc::new(Recorder::default());
    let solver = solver_for(
        Method::Optimal,
        &SolverConfig {
            progress: Some(named.clone()),
            search_progress: true,
            ..config()
        },
    )
    .unwrap();
    let (limits, deep) = named.limits_until_deep();
    let _ = solver.solve(&cube, &limits);
    assert!(
        deep.is_cancelled(),
        "the search never reached {DEEP_ENOUGH} moves"
    );
    assert!(named.notes.lock().unwrap().is_empty());
    let recorder = Arc::new(Recorder::default());
    let solver = solver_for(
        Method::Optimal,
        &SolverConfig {
            progress: Some(recorder.clone()),
            search_progress: true,
            options: Options::new(),
            ..config()
        },
    )
    .unwrap();
    // With no size named, the small table is the one in use: the only one built here.
    let names = |config: &SolverConfig| -> Vec<&str> {
        let tables = Method::Optimal.tables(config);
        tables.iter().map(|spec| spec.table().name).collect()
    };
    assert_eq!(
        names(&SolverConfig {
            options: Options::new(),
            ..config()
        }),
        names(&config())
    );
    let (limits, deep) = recorder.limits_until_deep();
    solver.solve(&shallow, &limits).unwrap();
    assert!(!deep.is_cancelled());
    assert!(
        recorder.notes.lock().unwrap().is_empty(),
        "hint for 3 moves"
    );
    for _ in 0..2 {
        let (limits, deep) = recorder.limits_until_deep();
        let _ = solver.solve(&cube, &limits);
        assert!(
            deep.is_cancelled(),
            "the search never reached {DEEP_ENOUGH} moves"
        );
    }
    let notes = recorder.notes.lock().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("--table large") && notes[0].contains("7.5 GB"));
}

#[test]
fn long_deepening_steps_report_their_progress_when_asked() {
    // An 18-move state: with the small table the steps of 15 and 16 moves take about a second.
    let cube =
        rubik_cube::input::parse_cube("R2 B U2 L2 D2 L2 F' D2 B U F U' R2 D' R U F2 R2 U' R")
            .unwrap()
            .to_cubie();
    let recorder = Arc::new(Recorder::default());
    let solver = solver_for(
        Method::Optimal,
        &SolverConfig {
            progress: Some(recorder.clone()),
            search_progress: true,
            ..config()
        },
    )
    .unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(3)),
        ..Limits::default()
    };
    let sol = solver.solve(&cube, &limits).unwrap();
    assert!(sol.solves(&cube));
    let tasks = recorder.tasks.lock().unwrap();
    // One task per deepening step from 15 moves, each of its subtrees one unit, every step
    // finished (even the one the timeout or a solution cut short: its remaining subtrees are
    // handed out and dropped).
    assert_eq!(tasks[0].0, "optimal search at 15 moves");
    for (k, (name, total, done, finished)) in tasks.iter().enumerate() {
        assert_eq!(name, &format!("optimal search at {} moves", 15 + k));
        assert!(
            *total > 0 && done == total && *finished,
            "{name}: {done}/{total}"
        );
    }
    // Without `search_progress`, the same progress sink hears nothing from searches.
    let quiet = Arc::new(Recorder::default());
    let solver = solver_for(
        Method::Optimal,
        &SolverConfig {
            progress: Some(quiet.clone()),
            ..config()
        },
    )
    .unwrap();
    let _ = solver.solve(&cube, &limits);
    assert!(quiet.tasks.lock().unwrap().is_empty());
}

#[test]
fn max_length_below_the_optimum_gives_no_solution() {
    let cube = from_facelets(REFERENCE[1].1);
    let limits = Limits {
        max_length: Some(5),
        ..Limits::default()
    };
    assert_eq!(
        solver().solve(&cube, &limits),
        Err(SolveError::NoSolution {
            max_length: 5,
            timed_out: false,
            lower_bound: Some(5)
        })
    );
}

#[test]
fn solution_has_one_step_saying_it_is_optimal() {
    let cube = CubieCube::from_moves(&[Move::ALL[3], Move::ALL[0], Move::ALL[5]]);
    let boxed = solver_for(Method::Optimal, &config()).expect("solver");
    assert_eq!(boxed.name(), "optimal");
    let sol = boxed.solve(&cube, &Limits::default()).expect("solvable");
    assert_eq!(sol.steps.len(), 1);
    assert_eq!(sol.steps[0].moves, sol.moves);
    assert!(sol.steps[0].name.contains('3'), "{}", sol.steps[0].name);
    let (fr_name, fr_text) = sol.steps[0].text(rubik_solve::i18n::Lang::Fr);
    assert!(fr_name.contains("3 mouvements") && fr_text.contains("exhaustivement"));
}

#[test]
fn invalid_cube_and_unknown_table_are_errors() {
    let mut cube = CubieCube::SOLVED;
    cube.co[0] = 1;
    assert!(matches!(
        solver().solve(&cube, &Limits::default()),
        Err(SolveError::InvalidCube(_))
    ));
    let bad = Options::new().set("table", Some("gigantic")).unwrap_err();
    assert_eq!(
        bad.to_string(),
        "--table takes default, small, small-plus, medium, large or h8, not \"gigantic\""
    );
}

/// The 2-bit grouped format (the large table's coordinates without the corner split, 108 MB,
/// built in seconds) must give the same optimal lengths as the exact 4-bit table. (That its
/// bound never exceeds a state's distance is checked on the table itself, in the method's unit
/// tests.)
#[test]
fn grouped_table_agrees_with_the_exact_table() {
    let plus = solver_for(
        Method::Optimal,
        &SolverConfig {
            options: table("small-plus"),
            ..config()
        },
    )
    .expect("small-plus tables");
    let mut rng = rng_from_seed(13);
    for i in 0..36 {
        let n = 1 + i % 12;
        let moves = scramble(&mut rng, n);
        let cube = CubieCube::from_moves(&moves);
        let sol = plus.solve(&cube, &Limits::default()).expect("solvable");
        assert!(sol.solves(&cube), "does not solve {moves:?}");
        let exact = solver().solve(&cube, &Limits::default()).expect("solvable");
        assert_eq!(sol.len(), exact.len(), "scramble {moves:?}");
        if let Some(d) = brute_distance(&cube) {
            assert_eq!(sol.len(), d, "scramble {moves:?}");
        }
    }
}
