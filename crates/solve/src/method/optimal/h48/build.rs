//! The first stage of an hK table's build: the h11 cosets (up to symmetry) at each distance
//! from solved, breadth first, one sorted file per depth, and a build that resumes from the
//! last depth written.
//!
//! h11 is a coset space of a group fixed by the 48 symmetries, so moves act on its classes and
//! a breadth-first search over them is exact: depth `d + 1` is the neighbours of depth `d`
//! that are neither at `d` nor at `d − 1`. Every hK entry (K < 11) reached by depth `M` then
//! has its exact value (the least distance of the h11 cosets it covers: [`project_counts`]),
//! and every other entry is at least `M + 1`; the deeper values are the second stage's work
//! ([`super::exact`], BENCHMARKS.md, Optimal, session 24).
//!
//! Files: `depth-DD.h11` in the build's directory: the 8-byte magic, the depth and the count
//! (little-endian u64 each), the sorted indices (u64 each), then a checksum of all that. Each is
//! written to a temporary name, synced and renamed into place, so a killed build leaves whole
//! files or none; a restart keeps the whole ones that chain from depth 0 and continues after
//! the last.

use super::coord::CornerClasses;
use rayon::prelude::*;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Magic at the start of a depth file.
const MAGIC: &[u8; 8] = b"RKH48S01";

/// Frontier entries expanded per parallel chunk.
const CHUNK: usize = 1 << 14;

/// A failed build.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A file could not be read, written or renamed.
    #[error("h48 build: {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}

/// Maps an I/O error on `path` to a [`BuildError`].
pub(super) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BuildError + '_ {
    move |source| BuildError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Makes the written temporary file `tmp` the file `path` in `dir` atomically: syncs it, renames
/// it over `path`, then syncs the directory so the rename survives a crash (not every system
/// allows syncing a directory: that step is best effort).
pub(super) fn commit(
    file: fs::File,
    tmp: &Path,
    path: &Path,
    dir: &Path,
) -> Result<(), BuildError> {
    file.sync_all().map_err(io(tmp))?;
    drop(file);
    fs::rename(tmp, path).map_err(io(path))?;
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Runs the ignored test `test` of this test binary in a child process with `env` set, reads its
/// output until it says `checkpoint …`, kills it there and returns that line from `checkpoint`
/// on (the kill tests: the child blocks on its stdin after writing a checkpoint).
#[cfg(test)]
pub(super) fn kill_child_at_checkpoint(test: &str, env: (&str, &std::ffi::OsStr)) -> String {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            test,
            "--include-ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(env.0, env.1)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the child");
    let mut out = std::io::BufReader::new(child.stdout.take().expect("child stdout"));
    let mut line = String::new();
    let said = loop {
        line.clear();
        let n = out.read_line(&mut line).expect("child output");
        assert!(n > 0, "the child ended before its checkpoint");
        // The harness's "test … " may precede the child's line.
        if let Some(at) = line.find("checkpoint ") {
            break line[at..].trim().to_string();
        }
    };
    child.kill().expect("kill the child");
    let _ = child.wait();
    said
}

/// Panics when a temporary file (a name holding `tmp`) is left in `dir`.
#[cfg(test)]
pub(super) fn assert_no_temporary_files(dir: &Path) {
    let left: Vec<_> = fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// The file of depth `d` in `dir`.
pub fn depth_path(dir: &Path, d: u8) -> PathBuf {
    dir.join(format!("depth-{d:02}.h11"))
}

fn checksum(bytes: &[u8]) -> u64 {
    // FNV-1a over 8-byte words: enough to tell a torn or foreign file.
    bytes.chunks(8).fold(0xcbf2_9ce4_8422_2325u64, |h, w| {
        let mut b = [0u8; 8];
        b[..w.len()].copy_from_slice(w);
        (h ^ u64::from_le_bytes(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The bytes of depth `d`'s file.
fn encode(d: u8, set: &[u64]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(32 + 8 * set.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&u64::from(d).to_le_bytes());
    bytes.extend_from_slice(&(set.len() as u64).to_le_bytes());
    for x in set {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// Depth `d`'s set from its file, `None` when the file is missing, torn or not depth `d`'s.
fn load(dir: &Path, d: u8) -> Result<Option<Vec<u64>>, BuildError> {
    let path = depth_path(dir, d);
    let bytes = match fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(&path)(e)),
    };
    let word = |i: usize| u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]));
    if bytes.len() < 32 || bytes.len() % 8 != 0 || &bytes[..8] != MAGIC || word(1) != u64::from(d) {
        return Ok(None);
    }
    let n = word(2) as usize;
    if bytes.len() != 32 + 8 * n || checksum(&bytes[..bytes.len() - 8]) != word(3 + n) {
        return Ok(None);
    }
    Ok(Some((0..n).map(|i| word(3 + i)).collect()))
}

/// Writes depth `d`'s file atomically (temporary file, sync, rename, directory sync).
fn save(dir: &Path, d: u8, set: &[u64]) -> Result<(), BuildError> {
    let path = depth_path(dir, d);
    let tmp = dir.join(format!("depth-{d:02}.h11.tmp-{}", std::process::id()));
    let mut f = fs::File::create(&tmp).map_err(io(&tmp))?;
    f.write_all(&encode(d, set)).map_err(io(&tmp))?;
    commit(f, &tmp, &path, dir)
}

/// Removes temporary files of builds that died.
fn remove_temporaries(dir: &Path) {
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().contains(".h11.tmp-") {
                let _ = fs::remove_file(e.path());
            }
        }
    }
}

/// Depth `d + 1` from depths `d` (`cur`) and `d − 1` (`prev`), sorted.
pub fn next_depth(cc: &CornerClasses, prev: &[u64], cur: &[u64]) -> Vec<u64> {
    let known = |x: &u64| cur.binary_search(x).is_ok() || prev.binary_search(x).is_ok();
    let parts: Vec<Vec<u64>> = cur
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut out: Vec<u64> = chunk
                .iter()
                .flat_map(|&i| cc.neighbours(i))
                .filter(|x| !known(x))
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect();
    let mut all: Vec<u64> = parts.concat();
    all.par_sort_unstable();
    all.dedup();
    all
}

/// What a build did.
#[derive(Debug, Default, Clone)]
pub struct Report {
    /// Depths found written and kept.
    pub resumed: u8,
    /// Classes per depth, from 0.
    pub counts: Vec<u64>,
}

/// Builds (or completes) the depth files 0..=`max_depth` in `dir`, calling `after` with each
/// depth once its file is in place (the depths found written too). Returns the classes per
/// depth.
pub fn build_sets(
    dir: &Path,
    max_depth: u8,
    after: &mut dyn FnMut(u8),
) -> Result<Report, BuildError> {
    fs::create_dir_all(dir).map_err(io(dir))?;
    remove_temporaries(dir);
    let cc = CornerClasses::get();
    let mut report = Report::default();
    let (mut prev, mut cur): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut d = 0u8;
    // Resume: every whole file from depth 0 on.
    while d <= max_depth {
        match load(dir, d)? {
            Some(set) => {
                report.counts.push(set.len() as u64);
                prev = std::mem::replace(&mut cur, set);
                after(d);
                d += 1;
            }
            None => break,
        }
    }
    report.resumed = d;
    while d <= max_depth {
        let set = if d == 0 {
            vec![cc.h11(&rubik_cube::CubieCube::SOLVED)]
        } else {
            next_depth(cc, &prev, &cur)
        };
        save(dir, d, &set)?;
        report.counts.push(set.len() as u64);
        prev = std::mem::replace(&mut cur, set);
        after(d);
        d += 1;
    }
    Ok(report)
}

/// hK entries first reached at each depth (the exact count of hK entries of value `d` for the
/// depths built), from the depth files `sets[0..]`.
pub fn project_counts(sets: &[Vec<u64>], k: u8) -> Vec<u64> {
    let shift = super::coord::MAX_K - k;
    let mut seen: Vec<u64> = Vec::new();
    let mut counts = Vec::new();
    for set in sets {
        let mut proj: Vec<u64> = set.iter().map(|x| x >> shift).collect();
        proj.par_sort_unstable();
        proj.dedup();
        proj.retain(|x| seen.binary_search(x).is_err());
        counts.push(proj.len() as u64);
        seen.extend_from_slice(&proj);
        seen.par_sort_unstable();
    }
    counts
}

/// The depth files 0..=`max_depth` of `dir`, `None` if one is missing or torn.
pub fn load_sets(dir: &Path, max_depth: u8) -> Result<Option<Vec<Vec<u64>>>, BuildError> {
    let mut sets = Vec::new();
    for d in 0..=max_depth {
        match load(dir, d)? {
            Some(s) => sets.push(s),
            None => return Ok(None),
        }
    }
    Ok(Some(sets))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::method::optimal::h48::coord::MAX_K;
    use rubik_cube::{CubieCube, Move};

    /// Depth of the test builds: 5 moves (about 10 k classes, well under a second).
    const TEST_DEPTH: u8 = 5;
    /// The child build stops (and waits to be killed) after this depth's file.
    const KILL_AFTER: u8 = 3;
    const CHILD_ENV: &str = "RUBIK_H48_CHILD_DIR";

    /// The child side of [`a_killed_build_resumes_to_the_same_files`]: runs only when that test
    /// starts it, builds, and after depth [`KILL_AFTER`] leaves a torn temporary file of the
    /// next depth and blocks on its stdin until it is killed.
    #[test]
    #[ignore = "run by a_killed_build_resumes_to_the_same_files in a child process"]
    fn child_build() {
        let Some(dir) = std::env::var_os(CHILD_ENV) else {
            return;
        };
        let dir = PathBuf::from(dir);
        let mut after = |d: u8| {
            if d == KILL_AFTER {
                let torn = dir.join(format!("depth-{:02}.h11.tmp-{}", d + 1, std::process::id()));
                fs::write(&torn, b"RKH48S01 torn").expect("write the torn file");
                println!("checkpoint {d}");
                let _ = std::io::stdout().flush();
                let mut line = String::new();
                let _ = std::io::stdin().read_line(&mut line);
                panic!("the parent closed stdin instead of killing the child");
            }
        };
        build_sets(&dir, TEST_DEPTH, &mut after).expect("child build");
    }

    #[test]
    fn a_killed_build_resumes_to_the_same_files() {
        let root = tempfile::tempdir().expect("temporary directory");
        let (whole, killed) = (root.path().join("whole"), root.path().join("killed"));
        let uninterrupted = build_sets(&whole, TEST_DEPTH, &mut |_| {}).expect("build");

        let said = kill_child_at_checkpoint(
            "method::optimal::h48::build::tests::child_build",
            (CHILD_ENV, killed.as_os_str()),
        );
        assert_eq!(said, format!("checkpoint {KILL_AFTER}"));
        assert!(depth_path(&killed, KILL_AFTER).exists());
        assert!(!depth_path(&killed, KILL_AFTER + 1).exists());

        let mut seen = Vec::new();
        let resumed = build_sets(&killed, TEST_DEPTH, &mut |d| seen.push(d)).expect("resume");
        assert_eq!(
            resumed.resumed,
            KILL_AFTER + 1,
            "depths 0..={KILL_AFTER} kept"
        );
        assert_eq!(seen, (0..=TEST_DEPTH).collect::<Vec<_>>());
        assert_eq!(resumed.counts, uninterrupted.counts);
        for d in 0..=TEST_DEPTH {
            let a = fs::read(depth_path(&whole, d)).expect("whole");
            let b = fs::read(depth_path(&killed, d)).expect("resumed");
            assert!(a == b, "depth {d} differs");
        }
        assert_no_temporary_files(&killed);
    }

    #[test]
    fn a_torn_file_is_rebuilt() {
        let root = tempfile::tempdir().expect("temporary directory");
        let dir = root.path();
        let first = build_sets(dir, 3, &mut |_| {}).expect("build");
        let good = fs::read(depth_path(dir, 2)).expect("depth 2");
        fs::write(depth_path(dir, 2), &good[..good.len() - 3]).expect("tear");
        let again = build_sets(dir, 3, &mut |_| {}).expect("rebuild");
        assert_eq!(again.resumed, 2);
        assert_eq!(again.counts, first.counts);
        assert_eq!(fs::read(depth_path(dir, 2)).expect("depth 2"), good);
    }

    #[test]
    fn depths_are_distances() {
        // Every class at depth d is reached by a cube of d moves and by none shorter: checked
        // against the h11 index of every move sequence of up to 4 moves (no face twice).
        let root = tempfile::tempdir().expect("temporary directory");
        build_sets(root.path(), 4, &mut |_| {}).expect("build");
        let sets = load_sets(root.path(), 4).expect("load").expect("whole");
        let cc = CornerClasses::get();
        let mut by_walk: Vec<Vec<u64>> = vec![Vec::new(); 5];
        let mut stack = vec![(CubieCube::SOLVED, 0usize, 6usize)];
        while let Some((c, n, last)) = stack.pop() {
            by_walk[n].push(cc.h11(&c));
            if n < 4 {
                for m in Move::ALL {
                    let f = m.index() / 3;
                    if f != last {
                        stack.push((c.apply_move(m), n + 1, f));
                    }
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        for (d, walked) in by_walk.iter_mut().enumerate() {
            walked.sort_unstable();
            walked.dedup();
            walked.retain(|x| !seen.contains(x));
            seen.extend(walked.iter().copied());
            assert_eq!(walked, &sets[d], "depth {d}");
        }
        // h0's counts: the half turns keep the target group, so h0 at depth 1 is the 6 quarter
        // turns' classes up to symmetry: one class (all conjugate), and the projection is
        // monotone in K.
        let h0 = project_counts(&sets, 0);
        assert_eq!(h0[0], 1);
        assert_eq!(h0[1], 1);
        for k in 1..=MAX_K {
            let hk = project_counts(&sets, k);
            assert_eq!(hk.iter().sum::<u64>(), {
                let mut all: Vec<u64> = sets.concat().iter().map(|x| x >> (MAX_K - k)).collect();
                all.sort_unstable();
                all.dedup();
                all.len() as u64
            });
        }
    }
}
