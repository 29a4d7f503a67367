use super::*;
use crate::method::optimal::h48::coord::MAX_K;
use crate::method::optimal::h48::fill::code;
use crate::store::file;
use crate::NoProgress;
use std::collections::HashMap;

/// Depth of the test tables' h11 classes (their values then go to 6).
const M: u8 = 4;

/// A test spec of hK built from depth [`M`].
macro_rules! test_spec {
    ($name:literal, $k:literal) => {
        Spec {
            table: spec($name, $k),
            build: |store, progress| build_file(store, $name, $k, M, progress),
        }
    };
}

static H0: Spec<u64> = test_spec!("test-h48-h0", 0);
static H1: Spec<u64> = test_spec!("test-h48-h1", 1);
static H3: Spec<u64> = test_spec!("test-h48-h3", 3);

#[test]
fn the_file_holds_the_plain_bfs_projected() {
    // The h11 classes to M + 2 by the plain breadth-first build (cube moves): every hK entry's
    // least distance up to M + 2, whose code with base M + 1 the file must hold (3 elsewhere).
    let bfs = tempfile::tempdir().expect("temporary directory");
    build_sets(bfs.path(), M + 2, &mut |_| {}).expect("build");
    let deep = load_sets(bfs.path(), M + 2).expect("load").expect("whole");
    let root = tempfile::tempdir().expect("temporary directory");
    let store = Store::at(root.path().to_path_buf(), Arc::new(NoProgress));
    for (spec, k) in [(&H0, 0u8), (&H1, 1), (&H3, 3)] {
        let built = HkTable::from_store(&store, spec, k, M).expect("built and saved");
        let name = spec.table.name;
        // Written through the store: the file is there, whole and checked, and the work
        // directory is gone.
        file::inspect(&spec.table, root.path(), true).expect("a sound file");
        assert!(!root.path().join(format!(".{name}.build")).exists());
        // Read back from the file, not the process's cache.
        let read = HkTable {
            words: Arc::new(store.load_uncached(spec).expect("read")),
            k,
            base: M + 1,
        };
        assert!(
            read.words[..] == built.words[..],
            "h{k}: read differs from built"
        );
        let shift = MAX_K - k;
        let mut want: HashMap<u64, u8> = HashMap::new();
        for (d, set) in deep.iter().enumerate() {
            for &i in set {
                let c = code(d as u8, M + 1);
                let e = want.entry(i >> shift).or_insert(c);
                *e = (*e).min(c);
            }
        }
        let mut h = [0u64; 4];
        for i in 0..size(k) {
            let c = read.code(i);
            h[c as usize] += 1;
            assert_eq!(c, want.get(&i).copied().unwrap_or(3), "h{k} entry {i}");
        }
        assert!(h.iter().all(|&n| n > 0), "h{k}: every code occurs {h:?}");
        // Cubes: the solved cube is below the base; a cube's bound never exceeds its
        // distance (random cubes need more than M + 3 = 7 moves in practice, and any cube's
        // entry is at most its own coset's distance).
        assert_eq!(read.code_of(&CubieCube::default()), 0);
        assert_eq!(read.bound_of_code(1), M + 1);
        assert_eq!(read.bound_of_code(3), M + 3);
    }
}
