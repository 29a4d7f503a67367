//! Two-phase in the robot modes (`--faces`, `--metric`), measured on seeded random states;
//! every solution is applied to its cube and checked to turn only the allowed faces.
//!
//! ```text
//! cargo bench -p rubik-solve --bench robot -- --metric qtm --count 200 --seed 38 --time-ms 10
//! cargo bench -p rubik-solve --bench robot -- --faces URFDL --count 200 --seed 38 --bound 21
//! cargo bench -p rubik-solve --bench robot -- --count 200 --seed 38 --write-states FILE
//! cargo bench -p rubik-solve --bench robot -- --faces URFDL --metric htm --verify FILE
//! cargo bench -p rubik-solve --bench robot -- --metric axial-qtm --states FILE --time-ms 10
//! ```
//! Every table of the mode is built first if missing (also the five-face phase-2 tables in
//! the metric, which a solve reads only when present).
//! `--time-ms T`: each cube gets T ms (improving until then); prints the mean length in the
//! metric. `--bound B`: each cube is solved to at most B in the metric; prints the mean and
//! median time. `--write-states`: the states as facelet strings, one a line (to give another
//! solver the same states). `--verify FILE`: lines `FACELETS SOLUTION...` (another solver's
//! answers), each applied and checked for its faces; prints the mean length in the metric.
//! `--each`: each state's length and time on standard error as it is solved. `--only I,J`:
//! only those of the `--count` states (numbered from 0). `--states FILE`: the states from a
//! file of facelet strings, one a line (the first `--count` of them), instead of `--seed`.
//! `--private`: the tables copied into the process's memory, the large ones in 2 MiB pages
//! (`SolverConfig::private_tables`, a robot's long session) instead of mapped from their files;
//! the time to load them is printed either way, and at the end the peak resident memory and
//! how much of it is in huge pages (Linux).
//! Built with `--features stats`, it also prints the search's counts per cube. Built with
//! `--features trace`, `--trace FILE` writes each state's search over time, a line a state:
//! `S`, then `D<cost1>@<time>` at each phase-1 cost started, `F<cost>:<phase-1 cost>:<frame>@<time>`
//! at each solution found (`f` for the half-turn seed's), `E@<time>` at the solve's return; each
//! time is `<wall µs>/<thread CPU µs>`, from the solve's call.

use rubik_cube::random::rng_from_seed;
use rubik_cube::{Alg, CubieCube, Move};
use rubik_solve::{solver_for, Faces, Limits, Method, Options, RobotMetric, SolverConfig};
use std::time::{Duration, Instant};

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn metric_named(name: &str) -> RobotMetric {
    RobotMetric::ALL
        .into_iter()
        .find(|m| m.name() == name)
        .unwrap_or_else(|| panic!("unknown metric {name}"))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") || !args.iter().any(|a| a.starts_with("--")) {
        return;
    }
    let faces_name = arg(&args, "--faces").unwrap_or_else(|| "all".into());
    let metric_name = arg(&args, "--metric").unwrap_or_else(|| "htm".into());
    let metric = metric_named(&metric_name);
    let faces = if faces_name == "all" {
        Faces::ALL
    } else {
        Faces::parse(&faces_name).expect("faces")
    };
    let count: usize = arg(&args, "--count").map_or(
        if arg(&args, "--states").is_some() {
            usize::MAX
        } else {
            100
        },
        |c| c.parse().expect("count"),
    );
    let seed: u64 = arg(&args, "--seed").map_or(38, |c| c.parse().expect("seed"));
    let check = |cube: &CubieCube, moves: &[Move], what: &str| {
        assert!(
            cube.apply_moves(moves).is_solved(),
            "{what}: {moves:?} does not solve the cube"
        );
        assert!(
            faces.allows(moves),
            "{what}: {moves:?} turns a face outside {faces}"
        );
    };
    if let Some(file) = arg(&args, "--verify") {
        let text = std::fs::read_to_string(&file).expect("answers file");
        let mut lengths = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (facelets, solution) = line.split_once(' ').unwrap_or((line, ""));
            let cube = CubieCube::from_facelets(facelets.trim()).expect("facelets");
            let alg: Alg = solution.parse().expect("solution notation");
            let moves = alg.face_turns().expect("outer face turns");
            check(&cube, &moves, facelets);
            lengths.push(metric.length(&moves) as f64);
        }
        let mean = lengths.iter().sum::<f64>() / lengths.len() as f64;
        println!(
            "verified {} answers in {faces} {metric}: mean length {mean:.3}, all solve and \
             turn only allowed faces",
            lengths.len()
        );
        return;
    }
    let mut cubes: Vec<CubieCube> = match arg(&args, "--states") {
        Some(file) => std::fs::read_to_string(&file)
            .expect("states file")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(count)
            .map(|l| CubieCube::from_facelets(l.trim()).expect("facelets"))
            .collect(),
        None => {
            let mut rng = rng_from_seed(seed);
            (0..count).map(|_| CubieCube::random(&mut rng)).collect()
        }
    };
    // What was solved, as the summary line says it: the file or the seed, and `--only`'s pick.
    let mut source = match arg(&args, "--states") {
        Some(file) => format!("states {file}"),
        None => format!("seed {seed}"),
    };
    if let Some(list) = arg(&args, "--only") {
        let keep: Vec<usize> = list.split(',').map(|i| i.parse().expect("index")).collect();
        cubes = keep.iter().map(|&i| cubes[i]).collect();
        source += &format!(" (only {list})");
    }
    let count = cubes.len();
    if let Some(file) = arg(&args, "--write-states") {
        let lines: Vec<String> = cubes.iter().map(|c| c.to_facelets()).collect();
        std::fs::write(&file, lines.join("\n") + "\n").expect("write states");
        println!("{count} states ({source}) written to {file}");
        return;
    }
    let mut options = Options::new();
    options.set("faces", Some(&faces_name)).expect("faces");
    options.set("metric", Some(&metric_name)).expect("metric");
    let private = args.iter().any(|a| a == "--private");
    let config = SolverConfig {
        options,
        private_tables: private,
        ..SolverConfig::default()
    };
    let loading = Instant::now();
    // Every table of the mode first, those not built on first use too (five faces' phase-2
    // tables in the metric): the mode is measured with all its tables.
    let store = rubik_solve::tables::Store::new(&config);
    for spec in Method::Twophase.tables(&config) {
        spec.ensure(&store).expect("the mode's tables");
    }
    let solver = solver_for(Method::Twophase, &config).expect("tables");
    println!(
        "tables {} in {:.3} s",
        if private { "private" } else { "mapped" },
        loading.elapsed().as_secs_f64()
    );
    let time_ms = arg(&args, "--time-ms").map(|t| t.parse::<u64>().expect("time"));
    let bound = arg(&args, "--bound").map(|t| t.parse::<usize>().expect("bound"));
    let limits = match (time_ms, bound) {
        (Some(t), _) => Limits {
            timeout: Some(Duration::from_millis(t)),
            improve: true,
            max_length: bound,
            ..Limits::default()
        },
        (None, Some(b)) => Limits {
            max_length: Some(b),
            ..Limits::default()
        },
        (None, None) => Limits::default(),
    };
    let each = args.iter().any(|a| a == "--each");
    let _ = rubik_solve::internals::twophase_stats();
    // The counters are taken per state; their sums.
    let mut totals = rubik_solve::internals::twophase_stats();
    let mut lengths = Vec::new();
    let mut millis = Vec::new();
    // The solving thread's CPU time a solve: under load, less noisy than the wall time (a
    // process waiting for a core is not counted).
    let mut cpu_millis = Vec::new();
    let mut trace = arg(&args, "--trace")
        .map(|file| std::io::BufWriter::new(std::fs::File::create(file).expect("trace file")));
    let _ = rubik_solve::internals::robot_trace();
    for (i, cube) in cubes.iter().enumerate() {
        let start = Instant::now();
        let cpu_start = thread_cpu_ms();
        let sol = solver.solve(cube, &limits).expect("a solution");
        let end = Instant::now();
        let cpu_end = thread_cpu_ms();
        let traced = rubik_solve::internals::robot_trace();
        let st = rubik_solve::internals::twophase_stats();
        millis.push((end - start).as_secs_f64() * 1e3);
        if let Some(out) = trace.as_mut() {
            use rubik_solve::internals::RobotEvent;
            use std::io::Write;
            // Wall time, and the thread's CPU time, from the solve's call.
            let us = |at: Instant| (at - start).as_secs_f64() * 1e6;
            let cpu_us = |ns: u64| ns as f64 / 1e3 - cpu_start * 1e3;
            let mut line = String::from("S");
            for t in traced {
                line += &match t.event {
                    RobotEvent::Depth { cost1 } => {
                        format!(" D{cost1}@{:.0}/{:.0}", us(t.at), cpu_us(t.cpu_ns))
                    }
                    RobotEvent::Found {
                        cost,
                        cost1,
                        frame,
                        seed,
                    } => format!(
                        " {}{cost}:{cost1}:{frame}@{:.0}/{:.0}",
                        if seed { 'f' } else { 'F' },
                        us(t.at),
                        cpu_us(t.cpu_ns)
                    ),
                };
            }
            writeln!(
                out,
                "{line} E@{:.0}/{:.0}",
                us(end),
                (cpu_end - cpu_start) * 1e3
            )
            .expect("trace write");
        }
        cpu_millis.push(cpu_end - cpu_start);
        check(cube, &sol.moves, &format!("state {i}"));
        let len = metric.length(&sol.moves);
        if each {
            // With `--features stats`, the state's phase-1 nodes and ends too.
            let counts = if st.leaves > 0 {
                format!(" ({} phase-1 nodes, {} ends)", st.phase1_nodes, st.leaves)
            } else {
                String::new()
            };
            eprintln!("state {i}: {len} in {:.3} ms{counts}", millis[i]);
        }
        totals.phase1_nodes += st.phase1_nodes;
        totals.leaves += st.leaves;
        totals.precheck_passed += st.precheck_passed;
        totals.phase2_searches += st.phase2_searches;
        totals.phase2_rounds += st.phase2_rounds;
        totals.phase2_nodes += st.phase2_nodes;
        if let Some(b) = bound {
            assert!(len <= b, "state {i}: {len} above the bound {b}");
        }
        lengths.push(len as f64);
    }
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
    println!(
        "{faces} {metric} {source}, {count} states, time {:?} ms, bound {:?}: mean length \
         {:.3}, time mean {:.3} ms, median {:.3} ms, max {:.3} ms",
        time_ms,
        bound,
        mean(&lengths),
        mean(&millis),
        median(millis.clone()),
        millis.iter().cloned().fold(0.0, f64::max)
    );
    println!(
        "cpu time mean {:.3} ms, median {:.3} ms a solve",
        mean(&cpu_millis),
        median(cpu_millis.clone())
    );
    // The process's peak memory and what of it is in huge pages (Linux; nothing elsewhere).
    let field = |file: &str, name: &str| -> Option<f64> {
        let text = std::fs::read_to_string(file).ok()?;
        let line = text.lines().find(|l| l.starts_with(name))?;
        let kb: f64 = line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kb / 1024.0)
    };
    if let (Some(peak), Some(huge)) = (
        field("/proc/self/status", "VmHWM:"),
        field("/proc/self/smaps_rollup", "AnonHugePages:"),
    ) {
        println!("memory: peak {peak:.0} MiB resident, {huge:.0} MiB in huge pages");
    }
    let st = totals;
    if st.leaves > 0 {
        // Only with `--features stats`.
        let per = |v: u64| v as f64 / count as f64;
        println!(
            "per cube: phase-1 nodes {:.0}, phase-1 ends {:.0}, past the corners x slice \
             check {:.0}, phase-2 searches {:.0} ({:.0} depths), phase-2 nodes {:.0}",
            per(st.phase1_nodes),
            per(st.leaves),
            per(st.precheck_passed),
            per(st.phase2_searches),
            per(st.phase2_rounds),
            per(st.phase2_nodes),
        );
    }
}

/// This thread's CPU time in milliseconds (the search runs on the calling thread with one
/// thread); not measured (NaN) off Unix, where the clock reads 0.
fn thread_cpu_ms() -> f64 {
    match rubik_solve::internals::thread_cpu_ns() {
        0 => f64::NAN,
        ns => ns as f64 / 1e6,
    }
}
