//! Tests of the robot modes: every solution applied to its cube, its faces checked, its cost
//! counted in the mode's metric; the group facts the modes rest on, checked by Schreier–Sims.

use super::mode::{may_follow, may_follow_across, may_start_phase2, robot_moves, Metric, Mode};
use super::*;
use crate::method::twophase::tests::table_dir;
use crate::{Limits, Options, Solver, SolverConfig};
use rubik_cube::alg::Turn;
use rubik_cube::random::rng_from_seed;
use rubik_cube::subgroup::Subgroup;
use rubik_cube::MoveSet;

/// |G1| = 8! · 8! · 4! / 2.
const G1_ORDER: u128 = 40320 * 40320 * 24 / 2;

/// The store on the tests' table directory.
fn test_store() -> crate::store::Store {
    let config = SolverConfig {
        table_dir: Some(table_dir().to_path_buf()),
        ..SolverConfig::default()
    };
    crate::store::Store::new(&config)
}

/// Raw phase-1 coordinates: flip, twist, UD-slice.
type Coords = (usize, usize, usize);

/// `x` moved by the robot move `m` on the plain move tables.
fn phase1_step(
    mv: &crate::method::twophase::tables::MoveTables,
    x: Coords,
    m: &RobotMove,
) -> Coords {
    m.moves().fold(x, |(f, t, s), m| {
        let m = m.index();
        (
            mv.flip_move[f * 18 + m] as usize,
            mv.twist_move[t * 18 + m] as usize,
            mv.slice_move[s * 18 + m] as usize,
        )
    })
}

fn solver(faces: &str, metric: &str) -> crate::method::twophase::TwophaseSolver {
    let mut options = Options::new();
    options.set("faces", Some(faces)).expect("faces choice");
    options.set("metric", Some(metric)).expect("metric choice");
    let config = SolverConfig {
        table_dir: Some(table_dir().to_path_buf()),
        options,
        ..SolverConfig::default()
    };
    crate::method::twophase::TwophaseSolver::new(&config).expect("robot tables")
}

/// Solves `count` random states (seed `seed`) in `faces` and `metric` and checks each answer:
/// it solves the cube, turns only allowed faces, costs at most the bound in the metric, and
/// its steps add up to it. Returns the costs.
fn check_mode(faces: &str, metric: Metric, count: usize, seed: u64) -> Vec<usize> {
    let s = solver(faces, metric.name());
    let allowed = Faces::parse(faces).expect("faces");
    let mode = s.mode();
    assert_eq!(mode.metric, metric);
    let mut rng = rng_from_seed(seed);
    let mut costs = Vec::new();
    for _ in 0..count {
        let cube = CubieCube::random(&mut rng);
        let sol = s.solve(&cube, &Limits::default()).expect("a solution");
        assert!(sol.solves(&cube), "{sol} does not solve the cube");
        assert!(
            allowed.allows(&sol.moves),
            "{sol} turns a face outside {faces}"
        );
        let joined: Vec<Move> = sol.steps.iter().flat_map(|s| s.moves.clone()).collect();
        assert_eq!(joined, sol.moves, "steps must add up to the solution");
        let cost = metric.length(&sol.moves);
        assert!(
            cost <= mode.default_bound(),
            "{sol} costs {cost} in {metric}, above the bound {}",
            mode.default_bound()
        );
        costs.push(cost);
    }
    costs
}

#[test]
fn five_faces_solve_random_states_without_the_sixth() {
    for faces in ["URFDL", "RFDLB", "URDLB"] {
        check_mode(faces, Metric::Htm, 20, 38);
    }
}

#[test]
fn every_metric_and_face_set_solves_and_counts_within_its_bound() {
    for metric in [Metric::Qtm, Metric::AxialHtm, Metric::AxialQtm] {
        for faces in ["all", "URFDL"] {
            check_mode(faces, metric, 4, 3838);
        }
    }
}

#[test]
fn a_max_length_is_kept_in_the_chosen_metric() {
    let s = solver("all", "qtm");
    let mut rng = rng_from_seed(99);
    for _ in 0..5 {
        let cube = CubieCube::random(&mut rng);
        let limits = Limits {
            max_length: Some(26),
            ..Limits::default()
        };
        let sol = s
            .solve(&cube, &limits)
            .expect("a solution of at most 26 quarter turns");
        assert!(sol.solves(&cube));
        assert!(Metric::Qtm.length(&sol.moves) <= 26, "{sol}");
    }
}

#[test]
fn short_scrambles_get_short_solutions_in_every_mode() {
    let scramble = [
        Move::from_index(3),
        Move::from_index(0),
        Move::from_index(9),
    ]; // R U D
    let cube = CubieCube::from_moves(&scramble);
    for (faces, metric, most) in [
        ("all", "qtm", 3),
        ("all", "axial-htm", 2),
        ("URFDL", "htm", 3),
        ("all", "axial-qtm", 2),
    ] {
        let sol = solver(faces, metric)
            .solve(&cube, &Limits::default())
            .expect("solved");
        assert!(sol.solves(&cube));
        let m = Metric::ALL
            .into_iter()
            .find(|m| m.name() == metric)
            .unwrap();
        assert!(m.length(&sol.moves) <= most, "{faces} {metric}: {sol}");
    }
}

#[test]
fn axial_groups_count_opposite_turns_made_together_as_one() {
    let moves: Vec<Move> = [0usize, 11, 4, 13, 16, 6, 3, 5]
        .iter()
        .map(|&i| Move::from_index(i))
        .collect(); // U D' R2 L2 B2 F R R'
    assert_eq!(format_axial(&moves), "(U D') (R2 L2) (B2 F) R R'");
    assert_eq!(Metric::AxialHtm.length(&moves), 5);
    assert_eq!(Metric::AxialQtm.length(&moves), 1 + 2 + 2 + 1 + 1);
    assert_eq!(Metric::Qtm.length(&moves), 1 + 1 + 2 + 2 + 2 + 1 + 1 + 1);
    assert_eq!(Metric::Htm.length(&moves), 8);
}

/// The moves of `frame` faces that keep G1, as a move set of the cube's own faces.
fn g1_set(faces: Faces, rot: usize, metric: Metric) -> MoveSet {
    let map = &symmetries().urf3_conj_move[rot];
    let moves: Vec<Move> = robot_moves(frame_faces(faces, rot), metric)
        .iter()
        .filter(|m| m.in_g1)
        .flat_map(|m| m.moves().collect::<Vec<_>>())
        .map(|m| map[m.index()])
        .collect();
    MoveSet::from_turns(moves.into_iter().map(Turn::from))
}

#[test]
fn five_faces_reach_all_of_g1_in_phase_two_in_every_frame() {
    for missing in Face::ALL {
        let faces = Faces(Faces::ALL.0 & !(1 << missing as u8));
        Mode {
            faces,
            metric: Metric::Htm,
        }
        .check()
        .expect("five faces are searched");
        for rot in 0..3 {
            let order = Subgroup::new(&g1_set(faces, rot, Metric::Htm)).order();
            assert_eq!(order, G1_ORDER, "without {missing:?}, frame {rot}");
        }
    }
}

#[test]
fn four_faces_are_refused_because_no_frame_has_a_whole_g1() {
    for a in 0..6u8 {
        for b in a + 1..6 {
            let faces = Faces(Faces::ALL.0 & !(1 << a) & !(1 << b));
            let err = Mode {
                faces,
                metric: Metric::Htm,
            }
            .check()
            .unwrap_err();
            assert!(err.to_string().contains("five faces"), "{err}");
            for rot in 0..3 {
                let order = Subgroup::new(&g1_set(faces, rot, Metric::Htm)).order();
                assert!(order < G1_ORDER, "{faces}: frame {rot} reaches G1");
            }
        }
    }
}

/// The five-face phase-1 table holds exact distances: 0 exactly in G1, at least the six-face
/// distance, changed by at most 1 by each of the five faces' moves, and (below its cap) lowered
/// by one of them; on random states and on short five-face scrambles (near the goal), with
/// each side face missing (the symmetry reduction permutes the four).
#[test]
fn five_face_phase1_distances_are_exact_breadth_first_distances() {
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let five = store
        .get(&tables::PHASE1_FIVE_PRUNE)
        .expect("five-face table");
    let perm = tables::side_perm();
    for p in &perm {
        let mut seen = [false; 4];
        p.iter().for_each(|&i| seen[i as usize] = true);
        assert!(seen.iter().all(|&s| s), "{p:?} permutes the side faces");
    }
    let dist = |c: &CubieCube, missing: usize| -> u8 {
        let (flip, twist, slice) = (
            crate::coord::flip(c),
            crate::coord::twist(c),
            crate::coord::slice(c),
        );
        let (entry, sym) = crate::method::twophase::tables::phase1_entry(
            &plain.flipslice_sym,
            &plain.twist_conj,
            flip,
            twist,
            slice,
        );
        crate::store::bfs::nibble(&five, tables::five_index(entry, sym, missing, &perm))
    };
    let plain_dist = |c: &CubieCube| {
        plain.phase1_distance(
            crate::coord::flip(c),
            crate::coord::twist(c),
            crate::coord::slice(c),
        )
    };
    let mut rng = rng_from_seed(3838);
    let mut cubes: Vec<CubieCube> = (0..300).map(|_| CubieCube::random(&mut rng)).collect();
    for len in 0..10 {
        for missing in tables::SIDE_FACES {
            let allowed: Vec<Move> = Move::ALL
                .iter()
                .copied()
                .filter(|m| m.face() as usize != missing)
                .collect();
            for _ in 0..15 {
                use rand::Rng;
                let moves: Vec<Move> = (0..len)
                    .map(|_| allowed[rng.gen_range(0..allowed.len())])
                    .collect();
                cubes.push(CubieCube::SOLVED.apply_moves(&moves));
            }
        }
    }
    let mut deep = 0;
    for c in &cubes {
        for missing in 0..4 {
            let d = dist(c, missing);
            let p = plain_dist(c);
            assert!(d >= p, "five faces {d} below six faces {p}");
            assert_eq!(d == 0, p == 0, "0 exactly in G1");
            deep = deep.max(d);
            let mut lower = false;
            for m in Move::ALL {
                if m.face() as usize == tables::SIDE_FACES[missing] {
                    continue;
                }
                let dm = dist(&c.apply_moves(&[m]), missing);
                assert!(
                    d.abs_diff(dm) <= 1 || (d == 15 && dm >= 14),
                    "{d} → {dm} by {m}"
                );
                lower |= dm + 1 == d;
            }
            assert!(d == 0 || d == 15 || lower, "no move lowers {d}");
        }
    }
    assert!(deep >= 10, "random states are far from G1 (deepest {deep})");
}

/// The five-face phase-2 table holds exact distances by the nine moves of a frame missing a
/// side face (U and D turns, the other three side faces' half turns): 0 exactly when corners
/// and U/D edges are solved, at least the ten-move distance, changed by at most 1 by each of
/// the nine moves, and (below its cap) lowered by one of them; on scrambled G1 states and
/// short nine-move scrambles, with each side face missing.
#[test]
fn five_face_phase2_distances_are_exact_breadth_first_distances() {
    use rand::Rng;
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let five = store
        .get(&tables::PHASE2_FIVE_PRUNE)
        .expect("five-face phase-2 table");
    let perm = tables::side_perm();
    let coords = |c: &CubieCube| {
        let corners = crate::coord::corners(c);
        let ep = c.ep;
        let ud =
            crate::coord::perm_rank_of(&[ep[0], ep[1], ep[2], ep[3], ep[4], ep[5], ep[6], ep[7]]);
        (corners, ud)
    };
    let dist = |c: &CubieCube, missing: usize| -> u8 {
        let (corners, ud) = coords(c);
        let cs = plain.corner_sym[corners];
        let ud_c = plain.ud_edge_conj[ud * 16 + (cs & 15) as usize] as usize;
        crate::store::bfs::nibble(&five, tables::five_index2(cs, ud_c, missing, &perm))
    };
    // The nine moves of each missing side face.
    let nine = |missing: usize| -> Vec<Move> {
        Move::ALL
            .iter()
            .copied()
            .filter(|m| {
                let f = m.face() as usize;
                (f == 0 || f == 3 || m.turns() == 2) && f != tables::SIDE_FACES[missing]
            })
            .collect()
    };
    let ten: Vec<Move> = Move::ALL
        .iter()
        .copied()
        .filter(|m| (m.face() as usize).is_multiple_of(3) || m.turns() == 2)
        .collect();
    assert_eq!(ten.len(), 10);
    let mut rng = rng_from_seed(3839);
    let mut cubes: Vec<CubieCube> = (0..200)
        .map(|_| {
            let moves: Vec<Move> = (0..80).map(|_| ten[rng.gen_range(0..10)]).collect();
            CubieCube::SOLVED.apply_moves(&moves)
        })
        .collect();
    for len in 0..10 {
        for missing in 0..4 {
            let moves9 = nine(missing);
            assert_eq!(moves9.len(), 9);
            for _ in 0..10 {
                let moves: Vec<Move> = (0..len).map(|_| moves9[rng.gen_range(0..9)]).collect();
                cubes.push(CubieCube::SOLVED.apply_moves(&moves));
            }
        }
    }
    let mut deep = 0;
    for c in &cubes {
        let (corners, ud) = coords(c);
        for missing in 0..4 {
            let d = dist(c, missing);
            let p = plain.phase2_distance(corners, ud);
            assert!(d >= p, "five faces {d} below six faces {p}");
            assert_eq!(d == 0, corners == 0 && ud == 0, "0 exactly when solved");
            deep = deep.max(d);
            let mut lower = false;
            for m in nine(missing) {
                let dm = dist(&c.apply_moves(&[m]), missing);
                assert!(
                    d.abs_diff(dm) <= 1 || (d == 15 && dm >= 14),
                    "{d} → {dm} by {m}"
                );
                lower |= dm + 1 == d;
            }
            assert!(d == 0 || d == 15 || lower, "no move lowers {d}");
        }
    }
    assert!(
        deep >= 12,
        "scrambled G1 states are far from solved (deepest {deep})"
    );
}

/// The six-face phase-2 tables in the quarter-turn and axial metrics are exact distances by
/// the metric's G1 moves: 0 exactly when corners and U/D edges are solved, at least the
/// half-turn distance (halved, rounded up, for axial moves), each move changes it by at most
/// its cost, and some move lowers it by exactly its cost; on scrambled G1 states and short
/// scrambles in the metric's moves, whose cost also bounds it.
/// States of G1 to check a phase-2 table on, each with the cost of a path to it when known:
/// `deep` states after 60 random `moves`, then `per_length` short scrambles of each length 0 to
/// 8 (their cost an upper bound on the distance).
fn g1_samples(
    rng: &mut impl rand::Rng,
    moves: &[RobotMove],
    deep: usize,
    per_length: usize,
) -> Vec<(CubieCube, Option<usize>)> {
    let apply = |c: &CubieCube, m: &RobotMove| c.apply_moves(&m.moves().collect::<Vec<_>>());
    let mut cubes = Vec::new();
    for _ in 0..deep {
        let mut c = CubieCube::SOLVED;
        for _ in 0..60 {
            c = apply(&c, &moves[rng.gen_range(0..moves.len())]);
        }
        cubes.push((c, None));
    }
    for len in 0..9 {
        for _ in 0..per_length {
            let (mut c, mut cost) = (CubieCube::SOLVED, 0);
            for _ in 0..len {
                let m = &moves[rng.gen_range(0..moves.len())];
                c = apply(&c, m);
                cost += m.cost as usize;
            }
            cubes.push((c, Some(cost)));
        }
    }
    cubes
}

/// An exact distance table in `metric`: from `c` at distance `d`, each of `moves` changes the
/// distance by at most its cost, and (unless `d` is 0) one lowers it by exactly its cost.
fn assert_moves_step_by_their_cost(
    metric: Metric,
    c: &CubieCube,
    d: u8,
    moves: &[RobotMove],
    dist: impl Fn(&CubieCube) -> u8,
) {
    let mut lowered = d == 0;
    for m in moves {
        let dm = dist(&c.apply_moves(&m.moves().collect::<Vec<_>>()));
        assert!(
            dm.abs_diff(d) <= m.cost,
            "{metric}: a move of cost {} took {d} to {dm}",
            m.cost
        );
        lowered |= dm + m.cost == d;
    }
    assert!(lowered, "{metric}: no move lowers {d} by its cost");
}

#[test]
fn metric_phase2_distances_are_exact() {
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let coords = |c: &CubieCube| {
        let ep = c.ep;
        let ud =
            crate::coord::perm_rank_of(&[ep[0], ep[1], ep[2], ep[3], ep[4], ep[5], ep[6], ep[7]]);
        (crate::coord::corners(c), ud)
    };
    for metric in [Metric::Qtm, Metric::AxialHtm, Metric::AxialQtm] {
        let spec = tables::phase2_metric_spec(metric).expect("a table");
        let table = store.get(spec).expect("phase-2 table in the metric");
        let dist = |c: &CubieCube| -> u8 {
            let (corners, ud) = coords(c);
            let cs = plain.corner_sym[corners] as usize;
            let ud_c = plain.ud_edge_conj[ud * 16 + (cs & 15)] as usize;
            table[(cs >> 4) * crate::coord::N_UD_EDGES + ud_c]
        };
        let moves: Vec<RobotMove> = robot_moves([true; 6], metric)
            .into_iter()
            .filter(|m| m.in_g1)
            .collect();
        let cubes = g1_samples(&mut rng_from_seed(3820), &moves, 100, 20);
        let mut deep = 0;
        for (c, cost) in &cubes {
            let d = dist(c);
            let (corners, ud) = coords(c);
            assert_eq!(
                d == 0,
                corners == 0 && ud == 0,
                "{metric}: 0 exactly when solved"
            );
            let htm = plain.phase2_distance(corners, ud);
            assert!(
                d >= metric.from_htm(htm),
                "{metric}: {d} below the half-turn bound of {htm}"
            );
            if let Some(cost) = cost {
                assert!(d as usize <= *cost, "{metric}: {d} above a path of {cost}");
            }
            deep = deep.max(d);
            assert_moves_step_by_their_cost(metric, c, d, &moves, dist);
        }
        assert!(
            deep >= 8,
            "{metric}: the scrambled states reach deep entries ({deep})"
        );
    }
}

/// The five-face phase-1 tables in the quarter-turn and axial metrics hold exact distances by
/// the five faces' moves in the metric: 0 exactly in G1, at least the five-face half-turn
/// distance (halved for axial moves), changed by each move by at most its cost, and (below the
/// cap) lowered by one move by exactly its cost; on random states and short scrambles of the
/// five faces' moves (whose cost bounds it), with each side face missing.
#[test]
fn five_face_metric_phase1_distances_are_exact() {
    use rand::Rng;
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let five = store
        .get(&tables::PHASE1_FIVE_PRUNE)
        .expect("five-face table");
    let perm = tables::side_perm();
    let index = |c: &CubieCube, missing: usize| -> usize {
        let (entry, sym) = crate::method::twophase::tables::phase1_entry(
            &plain.flipslice_sym,
            &plain.twist_conj,
            crate::coord::flip(c),
            crate::coord::twist(c),
            crate::coord::slice(c),
        );
        tables::five_index(entry, sym, missing, &perm)
    };
    let nib = crate::store::bfs::nibble;
    let apply = |c: &CubieCube, m: &RobotMove| c.apply_moves(&m.moves().collect::<Vec<_>>());
    for metric in [Metric::Qtm, Metric::AxialHtm, Metric::AxialQtm] {
        let spec = tables::phase1_five_spec(metric).expect("a table");
        let table = store.get(spec).expect("five-face table in the metric");
        let moves: [Vec<RobotMove>; 4] = std::array::from_fn(|missing| {
            let mut allowed = [true; 6];
            allowed[tables::SIDE_FACES[missing]] = false;
            robot_moves(allowed, metric)
        });
        let mut rng = rng_from_seed(3839);
        // (state, the missing face and cost of a scramble to it)
        let mut cubes: Vec<(CubieCube, Option<(usize, usize)>)> = (0..60)
            .map(|_| (CubieCube::random(&mut rng), None))
            .collect();
        for len in 0..8 {
            for (missing, moves) in moves.iter().enumerate() {
                for _ in 0..8 {
                    let (mut c, mut cost) = (CubieCube::SOLVED, 0);
                    for _ in 0..len {
                        let m = &moves[rng.gen_range(0..moves.len())];
                        c = apply(&c, m);
                        cost += m.cost as usize;
                    }
                    cubes.push((c, Some((missing, cost))));
                }
            }
        }
        let mut deep = 0;
        for (c, scramble) in &cubes {
            for (missing, moves) in moves.iter().enumerate() {
                let d = nib(&table, index(c, missing));
                let h = nib(&five, index(c, missing));
                assert!(
                    d >= metric.from_htm(h),
                    "{metric}: {d} below half turns' {h}"
                );
                assert_eq!(d == 0, h == 0, "{metric}: 0 exactly in G1");
                if let Some((m, cost)) = scramble {
                    if *m == missing {
                        assert!(d as usize <= *cost, "{metric}: {d} above a path of {cost}");
                    }
                }
                deep = deep.max(d);
                let mut lower = d == 0 || d == 15;
                for m in moves {
                    let dm = nib(&table, index(&apply(c, m), missing));
                    assert!(
                        d.abs_diff(dm) <= m.cost || (d >= 14 && dm >= 13),
                        "{metric}: {d} → {dm} by a move of cost {}",
                        m.cost
                    );
                    lower |= dm + m.cost == d;
                }
                assert!(lower, "{metric}: no move lowers {d} by its cost");
            }
        }
        assert!(
            deep >= 7,
            "{metric}: random states are far from G1 ({deep})"
        );
    }
}

/// The six-face phase-1 tables in the axial metrics hold exact distances in the metric: equal
/// to a breadth-first search over the raw phase-1 coordinates (flip, twist, UD-slice) by the
/// metric's moves, with their costs, from the goal to depth 4 (every state it reaches); and,
/// on random states, 0 exactly in G1, at least half the half-turn distance, changed by each
/// move by at most its cost, and (below the nibble's cap) lowered by one move by exactly its
/// cost.
#[test]
fn axial_phase1_distances_are_exact_breadth_first_distances() {
    use std::collections::HashMap;
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let mv = &plain.moves;
    let step = |x: Coords, m: &RobotMove| phase1_step(mv, x, m);
    for metric in [Metric::AxialHtm, Metric::AxialQtm] {
        let spec = tables::phase1_axial_spec(metric).expect("a table");
        let table = store.get(spec).expect("axial phase-1 table");
        let dist = |(f, t, s): Coords| -> u8 {
            let (entry, _) = crate::method::twophase::tables::phase1_entry(
                &plain.flipslice_sym,
                &plain.twist_conj,
                f,
                t,
                s,
            );
            crate::store::bfs::nibble(&table, entry)
        };
        let moves = robot_moves([true; 6], metric);
        // Breadth-first by levels of cost: a state's distance is final when its level is
        // expanded (every move costs 1 or 2).
        const DEPTH: u8 = 4;
        let mut best: HashMap<Coords, u8> = HashMap::from([((0, 0, 0), 0)]);
        for d in 0..DEPTH {
            let level: Vec<Coords> = best
                .iter()
                .filter(|&(_, &c)| c == d)
                .map(|(&x, _)| x)
                .collect();
            for x in level {
                for m in &moves {
                    let nd = d + m.cost;
                    if nd > DEPTH {
                        continue;
                    }
                    let e = best.entry(step(x, m)).or_insert(nd);
                    *e = (*e).min(nd);
                }
            }
        }
        let mut levels = [0usize; DEPTH as usize + 1];
        for (&x, &d) in &best {
            assert_eq!(dist(x), d, "{metric}: table against breadth-first search");
            levels[d as usize] += 1;
        }
        assert!(levels.iter().all(|&n| n > 0), "{metric}: levels {levels:?}");
        let mut rng = rng_from_seed(3821);
        let mut deep = 0;
        for _ in 0..300 {
            let c = CubieCube::random(&mut rng);
            let x = (
                crate::coord::flip(&c),
                crate::coord::twist(&c),
                crate::coord::slice(&c),
            );
            let d = dist(x);
            let htm = plain.phase1_distance(x.0, x.1, x.2);
            assert!(
                d >= metric.from_htm(htm),
                "{metric}: {d} below half of {htm}"
            );
            assert_eq!(d == 0, x == (0, 0, 0), "{metric}: 0 exactly in G1");
            deep = deep.max(d);
            let mut lowered = d == 0 || d == 15;
            for m in &moves {
                let dm = dist(step(x, m));
                assert!(
                    dm.abs_diff(d) <= m.cost || (d >= 14 && dm >= 13),
                    "{metric}: a move of cost {} took {d} to {dm}",
                    m.cost
                );
                lowered |= dm + m.cost == d;
            }
            assert!(lowered, "{metric}: no move lowers {d} by its cost");
        }
        assert!(
            deep >= 5,
            "{metric}: random states are far from G1 ({deep})"
        );
    }
}

/// The corner table holds exact distances: every entry equals a breadth-first search over the
/// raw corner states (permutation × twist, 88 M) by the axial half-turn moves, and its
/// largest is [`corners::CORNERS_AXHT_MAX`].
#[test]
fn corner_distances_are_exact_breadth_first_distances() {
    use crate::coord::{N_CORNERS, N_TWIST};
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let mv = &plain.moves;
    let metric = Metric::AxialHtm;
    let (spec, max) = corners::corner_spec(metric, false).expect("a corner table");
    let table = store.get(spec).expect("corner table");
    let bfs = tables::Product {
        n_a: N_CORNERS,
        a_move: &mv.corner_move,
        n_b: N_TWIST,
        b_move: &mv.twist_move,
    }
    .distances(&robot_moves([true; 6], metric));
    let mut deepest = 0;
    for c in 0..N_CORNERS {
        let cs = plain.corner_sym[c];
        for t in 0..N_TWIST {
            let twist_c = plain.twist_conj[t * 16 + (cs & 15) as usize] as usize;
            let want = bfs[c * N_TWIST + t];
            assert_eq!(
                crate::store::bfs::nibble(&table, corners::corner_index(cs, twist_c)),
                want,
                "corners {c}, twist {t}"
            );
            deepest = deepest.max(want);
        }
    }
    assert_eq!(deepest as usize, max, "the deepest corner state");
    // No other mode reads one.
    for mode_metric in [Metric::Htm, Metric::Qtm, Metric::AxialQtm] {
        assert!(corners::corner_spec(mode_metric, false).is_none());
    }
    assert!(corners::corner_spec(metric, true).is_none());
}

/// A time-limited solve with no bound always gives a solution, in every metric with six and
/// five faces: it solves the cube, turns only allowed faces, and the solve ends soon after its
/// time (the clock is checked every thousand nodes; the margin allows a loaded machine).
#[test]
fn a_time_limited_solve_always_returns_a_solution() {
    // Improving, or not: then the first solution within the mode's default bound ends the
    // solve, and one above it is only answered when time ran out first.
    for improve in [true, false] {
        let limits = Limits {
            timeout: Some(std::time::Duration::from_millis(10)),
            improve,
            ..Limits::default()
        };
        for metric in [Metric::Qtm, Metric::AxialHtm, Metric::AxialQtm, Metric::Htm] {
            for faces in ["all", "URFDL"] {
                if metric == Metric::Htm && faces == "all" {
                    continue; // the plain search, tested with it
                }
                let s = solver(faces, metric.name());
                let allowed = Faces::parse(faces).expect("faces");
                let default_bound = Mode {
                    faces: allowed,
                    metric,
                }
                .default_bound();
                let mut rng = rng_from_seed(3821);
                for _ in 0..5 {
                    let cube = CubieCube::random(&mut rng);
                    let start = std::time::Instant::now();
                    let sol = s.solve(&cube, &limits).expect("a solution within 10 ms");
                    let took = start.elapsed();
                    assert!(sol.solves(&cube), "{faces} {metric}: {sol} does not solve");
                    assert!(
                        allowed.allows(&sol.moves),
                        "{faces} {metric}: {sol} turns B"
                    );
                    assert!(
                        took < std::time::Duration::from_millis(500),
                        "{faces} {metric}: 10 ms asked, {took:?} taken"
                    );
                    let cost = metric.length(&sol.moves);
                    assert!(
                        improve || cost <= default_bound || took >= limits.timeout.unwrap(),
                        "{faces} {metric}: {cost} above {default_bound} before the timeout"
                    );
                }
            }
        }
    }
}

/// The five-face phase-2 tables in the quarter-turn and axial metrics are exact distances by
/// the G1 moves in the metric of a frame missing a side face: 0 exactly when corners and U/D
/// edges are solved, at least the five-face half-turn distance (halved, rounded up, for axial
/// moves), each move changes it by at most its cost and some move lowers it by exactly its
/// cost, at most the cost of a known path; on scrambled G1 states and short scrambles of the
/// frame's moves, with each side face missing. Ignored by default: each builds a 446 MB
/// table (minutes; CI's time is kept); run them with `cargo test --release -p rubik-solve --
/// --ignored five_face_metric_phase2`.
#[test]
#[ignore = "builds a 446 MB table"]
fn five_face_metric_phase2_distances_are_exact_qtm() {
    five_face_metric_phase2_exact(Metric::Qtm);
}

/// As [`five_face_metric_phase2_distances_are_exact_qtm`], axial half-turn moves.
#[test]
#[ignore = "builds a 446 MB table"]
fn five_face_metric_phase2_distances_are_exact_axial_htm() {
    five_face_metric_phase2_exact(Metric::AxialHtm);
}

/// As [`five_face_metric_phase2_distances_are_exact_qtm`], axial quarter-turn moves.
#[test]
#[ignore = "builds a 446 MB table"]
fn five_face_metric_phase2_distances_are_exact_axial_qtm() {
    five_face_metric_phase2_exact(Metric::AxialQtm);
}

fn five_face_metric_phase2_exact(metric: Metric) {
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let half = store
        .get(&tables::PHASE2_FIVE_PRUNE)
        .expect("five-face phase-2 table");
    let perm = tables::side_perm();
    let index = |c: &CubieCube, missing: usize| {
        let ep = c.ep;
        let ud =
            crate::coord::perm_rank_of(&[ep[0], ep[1], ep[2], ep[3], ep[4], ep[5], ep[6], ep[7]]);
        let cs = plain.corner_sym[crate::coord::corners(c)];
        let ud_c = plain.ud_edge_conj[ud * 16 + (cs & 15) as usize] as usize;
        tables::five_index2(cs, ud_c, missing, &perm)
    };
    let solved =
        |c: &CubieCube| c.cp == CubieCube::SOLVED.cp && c.ep[..8] == CubieCube::SOLVED.ep[..8];
    {
        let spec = tables::phase2_five_metric_spec(metric).expect("a table");
        let table = store
            .get(spec)
            .expect("five-face phase-2 table in the metric");
        let mut rng = rng_from_seed(3822);
        let mut deep = 0;
        for missing in 0..4 {
            let mut allowed = [true; 6];
            allowed[tables::SIDE_FACES[missing]] = false;
            let moves: Vec<RobotMove> = robot_moves(allowed, metric)
                .into_iter()
                .filter(|m| m.in_g1)
                .collect();
            let cubes = g1_samples(&mut rng, &moves, 50, 8);
            for (c, cost) in &cubes {
                let i = index(c, missing);
                let d = table[i];
                assert_eq!(d == 0, solved(c), "{metric}: 0 exactly when solved");
                let htm = crate::store::bfs::nibble(&half, i);
                assert!(
                    d >= metric.from_htm(htm),
                    "{metric}: {d} below the five-face half-turn bound of {htm}"
                );
                if let Some(cost) = cost {
                    assert!(d as usize <= *cost, "{metric}: {d} above a path of {cost}");
                }
                deep = deep.max(d);
                assert_moves_step_by_their_cost(metric, c, d, &moves, |x: &CubieCube| {
                    table[index(x, missing)]
                });
            }
        }
        assert!(
            deep >= 8,
            "{metric}: the scrambled states reach deep entries ({deep})"
        );
    }
}

/// The phase-1 coordinates of `n` random states (seed `seed`).
fn random_phase1_coords(seed: u64, n: usize) -> Vec<Coords> {
    let mut rng = rng_from_seed(seed);
    (0..n)
        .map(|_| {
            let c = CubieCube::random(&mut rng);
            (
                crate::coord::flip(&c),
                crate::coord::twist(&c),
                crate::coord::slice(&c),
            )
        })
        .collect()
}

/// Every phase-1 coordinate within `depth` of `moves` (moved by `step`) from G1.
fn within_of_g1(
    moves: &[RobotMove],
    step: impl Fn(Coords, &RobotMove) -> Coords,
    depth: usize,
) -> std::collections::HashSet<Coords> {
    let mut near = std::collections::HashSet::from([(0, 0, 0)]);
    let mut frontier = vec![(0, 0, 0)];
    for _ in 0..depth {
        let mut next = Vec::new();
        for x in frontier {
            for m in moves {
                let y = step(x, m);
                if near.insert(y) {
                    next.push(y);
                }
            }
        }
        frontier = next;
    }
    near
}

/// The axial descent codes ([`descent::PHASE1_AXHT_DESCENT`]) give, for every move of a node,
/// its child's distance change in the axial half-turn phase-1 table, through the symmetry
/// that takes the node to its entry's representative ([`descent::DescentMap`]): checked
/// against the table's distances of the children, moved on the raw coordinates, on 3,000
/// random states and every state within 4 moves of G1; then the search reading the codes
/// solves random states within the bound (every answer applied, its cost counted). Ignored by
/// default: it builds the 846 MB table (about a minute); run it with `cargo test --release -p
/// rubik-solve -- --ignored descent_codes`.
#[test]
#[ignore = "builds an 846 MB table"]
fn axial_descent_codes_equal_the_childrens_distance_changes() {
    descent_codes_exact(Metric::AxialHtm, 3839);
}

/// As [`axial_descent_codes_equal_the_childrens_distance_changes`], quarter turns
/// ([`descent::PHASE1_QTM_DESCENT`], 423 MB): each quarter turn's coded change is the child's
/// real one, and each half turn's child (not coded) is at least the bound the search takes
/// from its face's two quarter turns.
#[test]
#[ignore = "builds a 423 MB table"]
fn quarter_turn_descent_codes_equal_the_childrens_distance_changes() {
    descent_codes_exact(Metric::Qtm, 3841);
}

fn descent_codes_exact(metric: Metric, seed: u64) {
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let mv = &plain.moves;
    let exact = match metric {
        Metric::Qtm => &tables::PHASE1_QTM_PRUNE,
        _ => tables::phase1_axial_spec(metric).expect("a table"),
    };
    let table = store.get(exact).expect("phase-1 table in the metric");
    let codes = store
        .get(descent::descent_spec(metric).expect("codes"))
        .expect("descent codes");
    let layout = descent::layout(metric).expect("a layout");
    let map = descent::DescentMap::shared(layout);
    let moves = robot_moves([true; 6], metric);
    assert_eq!(moves, map.frame_moves);
    let step = |x: Coords, m: &RobotMove| phase1_step(mv, x, m);
    let entry = |(f, t, s): Coords| {
        crate::method::twophase::tables::phase1_entry(
            &plain.flipslice_sym,
            &plain.twist_conj,
            f,
            t,
            s,
        )
    };
    let dist = |x: Coords| crate::store::bfs::nibble(&table, entry(x).0) as isize;
    let dec = &map.decoder;
    let mut changes = [0usize; 3];
    let mut check = |x: Coords| {
        let (e, sym) = entry(x);
        let d = dist(x);
        assert!(d < 14, "{x:?}: distance {d} at the nibble's cap");
        let (down, raise) = dec.decode(dec.code(&codes, e));
        let bits = &map.bit[sym];
        for (i, m) in moves.iter().enumerate() {
            let real = dist(step(x, m)) - d;
            if bits[i] == descent::UNCODED {
                let [a, b] = map.twins[i].map(|j| descent::change(down, raise, bits[j as usize]));
                assert!(
                    (d + a.max(b) - 1).max(0) <= d + real,
                    "{x:?} (entry {e}, symmetry {sym}), uncoded move {i} {m:?}: bound above {real}"
                );
                continue;
            }
            let coded = descent::change(down, raise, bits[i]);
            assert_eq!(
                coded, real,
                "{x:?} (entry {e}, symmetry {sym}), move {i} {m:?}"
            );
            changes[(real + 1) as usize] += 1;
        }
    };
    for x in random_phase1_coords(seed, 3000) {
        check(x);
    }
    let near = within_of_g1(&moves, step, 4);
    // Quarter turns reach fewer states within 4 than axial moves (over 10,000).
    let min_near = if metric == Metric::Qtm { 1_000 } else { 10_000 };
    assert!(near.len() > min_near, "{} states within 4", near.len());
    for &x in &near {
        check(x);
    }
    assert!(
        changes.iter().all(|&n| n > 1000),
        "every change occurs: {changes:?}"
    );
    let tables = RobotTables::shared(
        &store,
        Mode {
            faces: Faces::ALL,
            metric,
        },
    )
    .expect("robot tables");
    assert!(tables.descent.is_some(), "the search reads the codes");
    check_mode("all", metric, 20, seed + 1);
}

/// Five faces in half turns: the descent codes ([`descent::PHASE1_FIVE_DESCENT`]) give, for
/// every move of a node that leaves its missing side face alone, its child's distance change
/// in the five-face phase-1 table ([`tables::PHASE1_FIVE_PRUNE`]), through the symmetry that
/// takes the node to its entry's representative and moves the missing face with it: checked
/// for each of the four missing side faces against the table's distances of the children on
/// 3,000 random states and every state within 4 moves of G1; then the search reading the
/// codes solves 20 random states for three face sets (every answer applied, its faces
/// checked). Ignored by default: it builds the 1.69 GB table (about a minute); run it with
/// `cargo test --release -p rubik-solve -- --ignored five_face_descent`.
#[test]
#[ignore = "builds a 1.69 GB table"]
fn five_face_descent_codes_equal_the_childrens_distance_changes() {
    let store = test_store();
    let plain = TwophaseTables::shared(&store).expect("plain tables");
    let mv = &plain.moves;
    let table = store
        .get(&tables::PHASE1_FIVE_PRUNE)
        .expect("five-face phase-1 table");
    let codes = store
        .get(descent::five_descent_spec(Metric::Htm).expect("codes"))
        .expect("descent codes");
    let layout = descent::five_layout(Metric::Htm).expect("a layout");
    let map = descent::DescentMap::shared(layout);
    let perm = tables::side_perm();
    let moves = robot_moves([true; 6], Metric::Htm);
    assert_eq!(moves, map.frame_moves);
    let step = |x: Coords, m: &RobotMove| phase1_step(mv, x, m);
    let index = |(f, t, s): Coords, missing: usize| {
        let (entry, sym) = crate::method::twophase::tables::phase1_entry(
            &plain.flipslice_sym,
            &plain.twist_conj,
            f,
            t,
            s,
        );
        (tables::five_index(entry, sym, missing, &perm), sym)
    };
    let dist =
        |x: Coords, missing: usize| crate::store::bfs::nibble(&table, index(x, missing).0) as isize;
    let dec = &map.decoder;
    let mut changes = [0usize; 3];
    let mut check = |x: Coords| {
        for missing in 0..4 {
            let (e, sym) = index(x, missing);
            let d = dist(x, missing);
            assert!(d < 15, "{x:?}: distance {d} at the nibble's cap");
            let (down, raise) = dec.decode(dec.code(&codes, e));
            let bits = &map.bit[sym];
            for (i, m) in moves.iter().enumerate() {
                if m.face as usize == tables::SIDE_FACES[missing] {
                    continue;
                }
                let real = dist(step(x, m), missing) - d;
                let coded = descent::change(down, raise, bits[i]);
                assert_eq!(
                    coded, real,
                    "{x:?} missing side {missing} (index {e}, symmetry {sym}), move {i} {m:?}"
                );
                changes[(real + 1) as usize] += 1;
            }
        }
    };
    for x in random_phase1_coords(3812, 3000) {
        check(x);
    }
    let near = within_of_g1(&moves, step, 4);
    // Face turns reach 7,803 phase-1 coordinates within 4 of G1.
    assert!(near.len() > 5_000, "{} states within 4", near.len());
    for &x in &near {
        check(x);
    }
    assert!(
        changes.iter().all(|&n| n > 1000),
        "every change occurs: {changes:?}"
    );
    for faces in ["URFDL", "RFDLB", "URDLB"] {
        let tables = RobotTables::shared(
            &store,
            Mode {
                faces: Faces::parse(faces).expect("faces"),
                metric: Metric::Htm,
            },
        )
        .expect("robot tables");
        assert!(tables.descent.is_some(), "the search reads the codes");
        check_mode(faces, Metric::Htm, 20, 3813);
    }
}

/// Whether the face turn `next` appended to `tail` stays a move of its own.
fn stays_unmerged(tail: &[&RobotMove], next: &RobotMove) -> bool {
    let mut seq: Vec<Move> = tail.iter().flat_map(|m| m.moves()).collect();
    let last = next.moves().last().expect("a move turns something");
    crate::search::push_merged(&mut seq, last) == 1
}

/// Across the phase boundary, outside the axial metrics, phase 2 may start with every G1 move
/// that does not merge with phase 1's last two moves (opposite faces in either order), and its
/// second move is a canonical follower that does not merge across the first; in the axial
/// metrics the boundary is like any other step.
#[test]
fn phase2_starts_with_every_move_that_does_not_merge_with_phase1() {
    for metric in [Metric::Htm, Metric::Qtm] {
        let moves = robot_moves([true; 6], metric);
        let mut checked = 0;
        for last in moves.iter().filter(|m| !m.in_g1) {
            let befores = std::iter::once(None).chain(moves.iter().map(Some));
            for before in befores.filter(|b| b.is_none_or(|b| may_follow(metric, b, last))) {
                let tail: Vec<&RobotMove> = before.into_iter().chain([last]).collect();
                for first in moves.iter().filter(|m| m.in_g1) {
                    let starts = may_start_phase2(metric, before, last, first);
                    assert_eq!(starts, stays_unmerged(&tail, first), "{metric:?}");
                    checked += 1;
                    if !starts || before.is_some() {
                        continue;
                    }
                    for next in moves.iter().filter(|m| m.in_g1) {
                        let expected =
                            may_follow(metric, first, next) && stays_unmerged(&[last, first], next);
                        assert_eq!(
                            may_follow_across(metric, last, first, next),
                            expected,
                            "{metric:?}"
                        );
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked} boundaries checked in {metric:?}");
    }
    for metric in [Metric::AxialHtm, Metric::AxialQtm] {
        let moves = robot_moves([true; 6], metric);
        for (last, next) in moves.iter().flat_map(|a| moves.iter().map(move |b| (a, b))) {
            assert_eq!(
                may_start_phase2(metric, None, last, next),
                may_follow(metric, last, next)
            );
        }
    }
}

/// The robot solver of `faces` (`"all"` or five) in `metric` with its descent codes, from
/// `RUBIK_TABLES` when it is set, else the test tables' directory (the codes built there if
/// missing).
fn coded_solver(faces: &str, metric: Metric) -> crate::method::twophase::TwophaseSolver {
    let dir = std::env::var_os("RUBIK_TABLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| table_dir().to_path_buf());
    let config = SolverConfig {
        table_dir: Some(dir),
        ..SolverConfig::default()
    };
    let spec = if faces == "all" {
        descent::descent_spec(metric)
    } else {
        descent::five_descent_spec(metric)
    };
    crate::store::Store::new(&config)
        .get(spec.expect("codes"))
        .expect("descent codes");
    let mut options = Options::new();
    options.set("faces", Some(faces)).expect("faces");
    options.set("metric", Some(metric.name())).expect("metric");
    crate::method::twophase::TwophaseSolver::new(&SolverConfig { options, ..config })
        .expect("robot tables")
}

/// The coded phase 1 walked in turns ([`super::search`]'s walkers) gives the recursive
/// search's answers: the same moves for every state, each applied and checked, in QT ≤ 26
/// and AXHT ≤ 16 (six faces) and in five faces' half turns ≤ 21 (URFDL, RFDLB). Needs the
/// codes (423 MB, 846 MB and 1.69 GB): read from `RUBIK_TABLES` when it is set, else built in
/// the test tables' directory; run with `cargo test --release -p rubik-solve -- --ignored
/// walked_coded`.
#[test]
#[ignore = "needs the QT, AXHT and five-face descent codes (3 GB)"]
fn walked_coded_phase1_gives_the_recursive_answers() {
    for (faces, metric, bound, seed) in [
        ("all", Metric::Qtm, 26, 3912),
        ("all", Metric::AxialHtm, 16, 3913),
        ("URFDL", Metric::Htm, 21, 3914),
        ("RFDLB", Metric::Htm, 21, 3915),
    ] {
        let s = coded_solver(faces, metric);
        let limits = Limits {
            max_length: Some(bound),
            ..Limits::default()
        };
        let mut rng = rng_from_seed(seed);
        for i in 0..12 {
            let cube = CubieCube::random(&mut rng);
            let walked = s.solve(&cube, &limits).expect("a solution");
            super::search::RECURSIVE.with(|r| r.set(true));
            let recursive = s.solve(&cube, &limits).expect("a solution");
            super::search::RECURSIVE.with(|r| r.set(false));
            assert!(
                walked.solves(&cube),
                "state {i}: {walked} does not solve it"
            );
            assert!(metric.length(&walked.moves) <= bound, "state {i}: {walked}");
            assert_eq!(walked.moves, recursive.moves, "state {i} in {metric}");
        }
    }
}

/// The walked coded phase 1 where a search improves (a time limit without a bound: the first
/// solution within the mode's default bound ends it, each find before lowers the bound and the
/// walks go on): every answer solves its cube with the mode's faces, is within the default
/// bound, and is the same on a second solve (the walkers take turns on one thread, so the
/// order of finds does not depend on timing; the time limit is far off). The descent codes as
/// in `walked_coded_phase1_gives_the_recursive_answers`; run with `cargo test -p rubik-solve
/// -- --ignored walked_improving`.
#[test]
#[ignore = "needs the QT, AXHT and five-face descent codes (3 GB)"]
fn walked_improving_search_answers_within_the_default_bound() {
    for (faces, metric, bound, seed) in [
        ("all", Metric::Qtm, 26, 3016),
        ("all", Metric::AxialHtm, 16, 3017),
        ("URFDL", Metric::Htm, 22, 3018),
    ] {
        let s = coded_solver(faces, metric);
        let limits = Limits {
            timeout: Some(std::time::Duration::from_secs(60)),
            ..Limits::default()
        };
        let allowed = if faces == "all" {
            Faces::ALL
        } else {
            Faces::parse(faces).expect("faces")
        };
        let mut rng = rng_from_seed(seed);
        for i in 0..8 {
            let cube = CubieCube::random(&mut rng);
            let first = s.solve(&cube, &limits).expect("a solution");
            let again = s.solve(&cube, &limits).expect("a solution");
            assert!(first.solves(&cube), "state {i}: {first} does not solve it");
            assert!(
                allowed.allows(&first.moves),
                "state {i}: {first} in {faces}"
            );
            assert!(metric.length(&first.moves) <= bound, "state {i}: {first}");
            assert_eq!(first.moves, again.moves, "state {i} in {metric}");
        }
    }
}
