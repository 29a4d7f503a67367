//! `TABLES.md`, the reference of every table, is written from the table specs the methods
//! register, so that it cannot go stale:
//!
//! - `cargo test -p rubik-solve --test tables_md` checks that every line the specs determine
//!   (names, what indexes each table, entries, bytes, which method uses which) matches the file;
//! - `RUBIK_WRITE_TABLES_MD=1 cargo test -p rubik-solve --test tables_md` rewrites the
//!   file, building every table of at most [`BUILD_LIMIT`] bytes in a fresh directory to measure
//!   its build time, its checksum and its distance distribution.

use rubik_solve::tables::{AnySpec, Cells, Entries, Placement, Store, TableSpec, HEADER_LEN};
use rubik_solve::{Method, NoProgress, Options, SolverConfig};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Set to rewrite the file instead of checking it.
const WRITE_ENV: &str = "RUBIK_WRITE_TABLES_MD";

/// Tables larger than this are described but not built by the writer (the optimal method's
/// 4.9 GB and 7.5 GB tables: see `BENCHMARKS.md` for their build times).
const BUILD_LIMIT: u64 = 1 << 30;

/// Lines holding measured figures start with these; the check skips them.
const MEASURED: [&str; 3] = ["- Built in", "- Checksum", "- Distances"];

fn doc_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../TABLES.md")
}

/// The configurations whose tables a method's section lists: the defaults, compact mode, each
/// value of each option (one at a time), and each pair of values of two options. The table directory is empty so that a default
/// that depends on the files present (the optimal table size) is the same everywhere.
fn configs(method: Method, empty_dir: &Path) -> Vec<SolverConfig> {
    let base = |compact: bool, options: Options| SolverConfig {
        table_dir: Some(empty_dir.to_path_buf()),
        compact,
        options,
        ..SolverConfig::default()
    };
    let mut out = vec![base(false, Options::new()), base(true, Options::new())];
    for def in method.options() {
        if let rubik_solve::options::OptionKind::Choice(choices) = def.kind {
            for choice in choices {
                let options = Options::new()
                    .with(def.name, Some(choice.name))
                    .expect("a declared choice");
                out.push(base(false, options));
            }
        }
    }
    // Then each value of two options together (a table used only by a combination: five
    // faces in the quarter-turn metric), after the single ones so that their order stays.
    let choices: Vec<_> = method
        .options()
        .iter()
        .filter_map(|def| match def.kind {
            rubik_solve::options::OptionKind::Choice(choices) => Some((def.name, choices)),
            _ => None,
        })
        .collect();
    for (i, (a, a_choices)) in choices.iter().enumerate() {
        for (b, b_choices) in &choices[i + 1..] {
            for ca in a_choices.iter() {
                for cb in b_choices.iter() {
                    let options = Options::new()
                        .with(a, Some(ca.name))
                        .and_then(|o| o.with(b, Some(cb.name)))
                        .expect("declared choices");
                    out.push(base(false, options));
                }
            }
        }
    }
    out
}

/// Every method with the tables it may use (each table once per method, in first-use order).
fn tables_by_method() -> Vec<(Method, Vec<&'static dyn AnySpec>)> {
    let empty = tempfile::tempdir().unwrap();
    Method::all()
        .iter()
        .map(|&method| {
            let mut specs: Vec<&'static dyn AnySpec> = Vec::new();
            for config in configs(method, empty.path()) {
                for spec in method.tables(&config) {
                    if specs.iter().all(|s| s.table().name != spec.table().name) {
                        specs.push(spec);
                    }
                }
            }
            (method, specs)
        })
        .collect()
}

/// What a table's file measured: build time, payload checksum, distance distribution.
struct Measured {
    seconds: f64,
    checksum: u64,
    distances: Option<BTreeMap<u8, u64>>,
}

fn entries_of(spec: &TableSpec) -> usize {
    match spec.entries {
        Entries::Distances(Cells::Nibble) => spec.len * 2,
        _ => spec.len,
    }
}

fn describe_entries(spec: &TableSpec) -> String {
    match spec.entries {
        Entries::Moves => "the coordinate after each move".into(),
        Entries::Conjugates => "the coordinate conjugated by each of the 16 U–D symmetries".into(),
        Entries::Classes => "symmetry class and the symmetry to its representative".into(),
        Entries::Distances(Cells::Byte) => "exact distances to the goal, one byte each".into(),
        Entries::Distances(Cells::Nibble) => {
            "distances to the goal, two a byte (exact to 14, 15 beyond)".into()
        }
        Entries::Distances(Cells::Grouped { base }) => {
            format!("distances, 62 two-bit entries a 16-byte group over base {base}")
        }
        Entries::Derived => "computed from other tables (see what indexes it)".into(),
    }
}

fn placement(spec: &TableSpec) -> &'static str {
    match spec.placement {
        Placement::Private => "read into private memory",
        Placement::Huge => "read into private memory in 2 MiB pages",
        Placement::Mapped => "mapped from its file",
    }
}

/// `N entries of S bytes` in words.
fn entry_size(spec: &TableSpec) -> String {
    match (spec.entries, spec.elem_size) {
        (Entries::Distances(Cells::Nibble), _) => "half a byte".into(),
        (_, 1) => "1 byte".into(),
        (_, n) => format!("{n} bytes"),
    }
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn render(measured: &BTreeMap<&'static str, Measured>) -> String {
    let mut doc = String::new();
    doc.push_str(
        "# Tables\n\n\
         Every table the solvers use, written from the table specs the methods register \
         (`crates/solve/tests/tables_md.rs`); do not edit by hand. \
         `cargo test -p rubik-solve --test tables_md` fails when a line the specs determine \
         differs; `RUBIK_WRITE_TABLES_MD=1 cargo test -p rubik-solve --test tables_md` \
         rewrites the file, building each table of at most 1 GiB in a fresh directory to \
         measure its build time (2 threads; the table's own build, its inputs already \
         loaded), the xxh3-64 checksum of its payload (the file's header holds the same) and \
         the distribution of its distances.\n\n\
         A file is a 64-byte header (magic, format version, element size, element count, \
         checksum, name) followed by the elements in little-endian order; `rubik tables \
         info|verify|build --method M` lists, checks or builds a method's files.\n",
    );
    let mut described: Vec<&str> = Vec::new();
    for (method, specs) in tables_by_method() {
        let _ = writeln!(doc, "\n## {method}\n\n{}\n", method.summary());
        let total: u64 = specs.iter().map(|s| s.table().file_bytes()).sum();
        let _ = writeln!(
            doc,
            "Every table it may use (with each of its options, and in compact mode): {} \
             files, {} bytes.\n",
            specs.len(),
            thousands(total)
        );
        doc.push_str("| table | indexed by | bytes |\n|---|---|---:|\n");
        for spec in &specs {
            let t = spec.table();
            let _ = writeln!(
                doc,
                "| `{}` | {} | {} |",
                t.name,
                t.index,
                thousands(t.file_bytes())
            );
        }
        for spec in &specs {
            let t = spec.table();
            if described.contains(&t.name) {
                continue;
            }
            described.push(t.name);
            let _ = writeln!(doc, "\n### `{}`\n", t.name);
            let _ = writeln!(doc, "- Indexed by: {}", t.index);
            let _ = writeln!(
                doc,
                "- Entries: {} of {}: {}",
                thousands(entries_of(t) as u64),
                entry_size(t),
                describe_entries(t)
            );
            let _ = writeln!(
                doc,
                "- File: {} bytes, {} when loaded",
                thousands(t.file_bytes()),
                placement(t)
            );
            match measured.get(t.name) {
                Some(m) => {
                    let _ = writeln!(doc, "- Built in {:.2} s", m.seconds);
                    let _ = writeln!(doc, "- Checksum: `{:016x}`", m.checksum);
                    if let Some(d) = &m.distances {
                        let cells: Vec<String> = d
                            .iter()
                            .map(|(depth, n)| match (depth, t.entries) {
                                (255, _) => format!("unreached: {}", thousands(*n)),
                                (15, Entries::Distances(Cells::Nibble)) => {
                                    format!("15 or more: {}", thousands(*n))
                                }
                                _ => format!("{depth}: {}", thousands(*n)),
                            })
                            .collect();
                        let _ = writeln!(doc, "- Distances: {}", cells.join(", "));
                    }
                }
                None if t.file_bytes() > BUILD_LIMIT => {
                    let _ = writeln!(doc, "- Built in: not measured here (over 1 GiB)");
                }
                None => {}
            }
        }
    }
    doc
}

/// The distance distribution of a distance table's payload.
fn distances(spec: &TableSpec, payload: &[u8]) -> Option<BTreeMap<u8, u64>> {
    let mut counts = [0u64; 256];
    match spec.entries {
        Entries::Distances(Cells::Byte) => payload.iter().for_each(|&b| counts[b as usize] += 1),
        Entries::Distances(Cells::Nibble) => payload.iter().for_each(|&b| {
            counts[(b & 0xF) as usize] += 1;
            counts[(b >> 4) as usize] += 1;
        }),
        _ => return None,
    }
    Some(
        (0..=255u8)
            .filter(|&d| counts[d as usize] > 0)
            .map(|d| (d, counts[d as usize]))
            .collect(),
    )
}

/// Builds every table up to [`BUILD_LIMIT`] in a fresh directory: first all of them (so that
/// each one's inputs are there), then each again from nothing, timed.
fn measure() -> BTreeMap<&'static str, Measured> {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().to_path_buf(), Arc::new(NoProgress));
    let mut specs: Vec<&'static dyn AnySpec> = Vec::new();
    for (_, list) in tables_by_method() {
        for spec in list {
            if spec.table().file_bytes() <= BUILD_LIMIT
                && specs.iter().all(|s| s.table().name != spec.table().name)
            {
                specs.push(spec);
            }
        }
    }
    for spec in &specs {
        spec.ensure(&store).expect("table builds");
    }
    let mut out = BTreeMap::new();
    for spec in &specs {
        let t = spec.table();
        let path = store.path(t);
        std::fs::remove_file(&path).unwrap();
        let started = Instant::now();
        spec.load_uncached(&store).expect("table builds");
        let seconds = started.elapsed().as_secs_f64();
        let bytes = std::fs::read(&path).unwrap();
        let checksum = u64::from_le_bytes(bytes[24..32].try_into().unwrap());
        out.insert(
            t.name,
            Measured {
                seconds,
                checksum,
                distances: distances(t, &bytes[HEADER_LEN..]),
            },
        );
        eprintln!("{}: {seconds:.2} s", t.name);
    }
    out
}

/// The lines the specs alone determine.
fn determined(doc: &str) -> Vec<&str> {
    doc.lines()
        .filter(|l| !MEASURED.iter().any(|m| l.starts_with(m)))
        .collect()
}

#[test]
fn tables_md_matches_the_specs() {
    let path = doc_path();
    if std::env::var_os(WRITE_ENV).is_some() {
        std::fs::write(&path, render(&measure())).unwrap();
        return;
    }
    let expected = render(&BTreeMap::new());
    let written = std::fs::read_to_string(&path).expect("TABLES.md at the repository's root");
    let (expected, written) = (determined(&expected), determined(&written));
    for (n, (e, w)) in expected.iter().zip(&written).enumerate() {
        assert_eq!(
            e,
            w,
            "TABLES.md line {} (of the spec-determined lines) is stale; rewrite it with \
             {WRITE_ENV}=1 cargo test -p rubik-solve --test tables_md",
            n + 1
        );
    }
    assert_eq!(
        expected.len(),
        written.len(),
        "TABLES.md has a different number of lines"
    );
}

#[test]
fn distances_are_counted_per_cell_format() {
    let nibble = TableSpec::of::<u8>("t", 2).holding(Entries::Distances(Cells::Nibble));
    let d = distances(&nibble, &[0x10, 0x21]).unwrap();
    assert_eq!(d, BTreeMap::from([(0, 1), (1, 2), (2, 1)]));
    let byte = TableSpec::of::<u8>("t", 3).holding(Entries::Distances(Cells::Byte));
    let d = distances(&byte, &[0, 255, 0]).unwrap();
    assert_eq!(d, BTreeMap::from([(0, 2), (255, 1)]));
    assert_eq!(thousands(1234567), "1,234,567");
    assert_eq!(thousands(999), "999");
}
