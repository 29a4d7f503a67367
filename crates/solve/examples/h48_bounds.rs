//! The lower bounds one table gives on random cubes (issue 40: what the exact h8 table is worth
//! as a bound against the `large` and `medium` tables), one line per cube, for a script to
//! compare tables on the same cubes. One table per process, so two 7.5 GB tables are never
//! held together.
//!
//! `h48_bounds --table h8|large|medium|large-by-search|medium-by-search --seeds A,B,…
//! [--count N] [--tables DIR] [--sets DIR]`
//!
//! Cubes: `N` (default 100) uniformly random states from each seed
//! (`rubik_cube::random::rng_from_seed`). Lines (tab-separated), after a `#` header:
//! - `h8`: seed, index, then for the cube and its inverse: the h8 code, the h11 class's exact
//!   distance when at most 9 (from the depth files in `--sets`, built there first when
//!   missing; else 10, meaning "10 or more"), and the h0 entry's exact value when at most 9
//!   (the projection of the same files; else 10). The h8 table comes from the store
//!   (`--tables`), built there first when missing (14 minutes).
//! - `large` / `medium`: seed, index, the search's seven root lookups (corner table; the
//!   U–D, R–L and F–B axes; the inverse cube's three axes).
//! - `large-by-search` / `medium-by-search`: the same seven, the table's six found by search
//!   without it (`OptimalSolver::coset_lookups`, guided by `small-plus` / `small`; capped at
//!   12 / 14): `medium`'s exactly, `large`'s exactly where 10 or more (where the coset is at
//!   most 9 moves away the table gives its group's least distance, at most this).

mod support;

use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::internals::h48::{build, coord::CornerClasses, table::HkTable};
use rubik_solve::internals::OptimalSolver;
use rubik_solve::options::Options;
use rubik_solve::{Progress, SolverConfig};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use support::{load_avg, peak_mib, stamp, Args};

/// Prints each build step's start and end, and its progress every 30 s.
struct Printed {
    started: Instant,
    step: Mutex<(String, u64, u64, Instant, Instant)>,
}

impl Progress for Printed {
    fn start(&self, name: &str, total: u64) {
        println!(
            "# {:.1} s: {name} started ({total} units), load {}",
            self.started.elapsed().as_secs_f64(),
            load_avg()
        );
        let now = Instant::now();
        *self.step.lock().unwrap() = (name.to_string(), total, 0, now, now);
    }
    fn advance(&self, units: u64) {
        let mut s = self.step.lock().unwrap();
        s.2 += units;
        if s.4.elapsed().as_secs() >= 30 {
            s.4 = Instant::now();
            println!(
                "# {:.1} s: {} {} of {}, load {}, peak {} MiB",
                self.started.elapsed().as_secs_f64(),
                s.0,
                s.2,
                s.1,
                load_avg(),
                peak_mib()
            );
        }
    }
    fn finish(&self) {
        let s = self.step.lock().unwrap();
        println!(
            "# {:.1} s: {} done in {:.1} s, load {}, peak {} MiB",
            self.started.elapsed().as_secs_f64(),
            s.0,
            s.3.elapsed().as_secs_f64(),
            load_avg(),
            peak_mib()
        );
    }
}

/// The exact distance of each h0 entry at most `sets.len() − 1` (else `sets.len()`): the
/// projection of the h11 depth files.
fn h0_values(sets: &[Vec<u64>]) -> Vec<u8> {
    let shift = rubik_solve::internals::h48::coord::MAX_K;
    let mut v = vec![sets.len() as u8; rubik_solve::internals::h48::coord::size(0) as usize];
    for (d, set) in sets.iter().enumerate() {
        for &i in set {
            let e = &mut v[(i >> shift) as usize];
            *e = (*e).min(d as u8);
        }
    }
    v
}

fn main() {
    let args = Args::new();
    let table = args.opt("--table").expect("--table h8|large|medium");
    let seeds: Vec<u64> = args
        .opt("--seeds")
        .expect("--seeds A,B")
        .split(',')
        .map(|s| s.parse().expect("a seed"))
        .collect();
    let count = args.num("--count").unwrap_or(100) as usize;
    let t0 = Instant::now();
    // The `…-by-search` kinds load the guide table instead of the one they stand for.
    let by_search = table.strip_suffix("-by-search");
    let mut options = Options::new();
    match by_search {
        Some("large") => options.set("table", Some("small-plus")),
        Some(_) => options.set("table", Some("small")),
        None if table == "h8" => Ok(()),
        None => options.set("table", Some(&table)),
    }
    .expect("a table size");
    let config = SolverConfig {
        table_dir: args.opt("--tables").map(Into::into),
        options,
        progress: Some(Arc::new(Printed {
            started: t0,
            step: Mutex::new((String::new(), 0, 0, t0, t0)),
        })),
        ..SolverConfig::default()
    };
    let cubes: Vec<(u64, usize, CubieCube)> = seeds
        .iter()
        .flat_map(|&seed| {
            let mut rng = rng_from_seed(seed);
            (0..count).map(move |i| (seed, i, CubieCube::random(&mut rng)))
        })
        .collect();
    if table == "h8" {
        let h8 = HkTable::h8(&config).expect("the h8 table");
        println!("# h8 ready at {}", stamp(t0));
        let dir = std::path::PathBuf::from(args.opt("--sets").expect("--sets DIR"));
        let depth = h8.base() - 1;
        build::build_sets(&dir, depth, &mut |_| {}).expect("depth files");
        let sets = build::load_sets(&dir, depth)
            .expect("read")
            .expect("whole depth files");
        let h0 = h0_values(&sets);
        let cc = CornerClasses::get();
        let h11 = |c: &CubieCube| {
            let i = cc.h11(c);
            sets.iter()
                .position(|s| s.binary_search(&i).is_ok())
                .unwrap_or(sets.len()) as u8
        };
        let shift = rubik_solve::internals::h48::coord::MAX_K;
        println!("# table\tseed\ti\tcode\th11\th0\tcode_inv\th11_inv\th0_inv");
        for (seed, i, c) in &cubes {
            let inv = c.inverse();
            let f = |x: &CubieCube| {
                format!(
                    "{}\t{}\t{}",
                    h8.code_of(x),
                    h11(x),
                    h0[(cc.h11(x) >> shift) as usize]
                )
            };
            println!("h8\t{seed}\t{i}\t{}\t{}", f(c), f(&inv));
        }
    } else {
        let solver = OptimalSolver::new(&config).expect("tables");
        println!("# {table} ready at {}", stamp(t0));
        println!("# table\tseed\ti\tcorners\tud\trl\tfb\tinv_ud\tinv_rl\tinv_fb");
        for (seed, i, c) in &cubes {
            let mut l = solver.root_lookups(c);
            if let Some(t) = by_search {
                let (large, cap) = (t == "large", if t == "large" { 12 } else { 14 });
                let lookups = solver
                    .coset_lookups(c, large, cap)
                    .expect("the solver was given the guide table of the target");
                l[1..].copy_from_slice(&lookups);
            }
            let l = l.map(|b| b.to_string());
            println!("{table}\t{seed}\t{i}\t{}", l.join("\t"));
        }
    }
    println!("# done at {}", stamp(t0));
}
