//! The table store on real files: damaged files are detected and rebuilt, never used; builders
//! that died leave no temporary file for long; concurrent callers share one build.

use super::file::HEADER_LEN;
use super::{Fault, Placement, Spec, Status, Store, TableError, TableSpec};
use crate::coord::moves::TWIST_MOVES;
use crate::{Method, NoProgress, SolveError, SolverConfig};
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

fn store(dir: &Path) -> Store {
    Store::at(dir.to_path_buf(), Arc::new(NoProgress))
}

/// The twist move table as its file holds it, read again from disk.
fn twist_from_disk(dir: &Path) -> Vec<u16> {
    store(dir)
        .load_uncached(&TWIST_MOVES)
        .expect("loads or builds")
        .to_vec()
}

fn spec() -> &'static TableSpec {
    &TWIST_MOVES.table
}

#[test]
fn a_flipped_byte_is_detected_and_the_table_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let good = twist_from_disk(dir.path());
    assert_eq!(store(dir.path()).status(spec(), true), Status::Present);
    let path = store(dir.path()).path(spec());
    let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.seek(SeekFrom::Start(HEADER_LEN as u64 + 1000)).unwrap();
    f.write_all(&[0xAB]).unwrap();
    drop(f);
    // The header and size are fine; only the checksum tells.
    assert_eq!(store(dir.path()).status(spec(), false), Status::Present);
    assert_eq!(
        store(dir.path()).status(spec(), true),
        Status::Unsound(Fault::Checksum)
    );
    assert_eq!(twist_from_disk(dir.path()), good);
    assert_eq!(store(dir.path()).status(spec(), true), Status::Present);
}

#[test]
fn a_truncated_file_is_detected_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let good = twist_from_disk(dir.path());
    let path = store(dir.path()).path(spec());
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(spec().file_bytes() - 7).unwrap();
    drop(f);
    assert!(matches!(
        store(dir.path()).status(spec(), false),
        Status::Unsound(Fault::WrongSize { .. })
    ));
    assert_eq!(twist_from_disk(dir.path()), good);
    assert_eq!(store(dir.path()).status(spec(), true), Status::Present);
}

#[test]
fn a_bad_header_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    twist_from_disk(dir.path());
    let path = store(dir.path()).path(spec());
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[8] ^= 0xFF; // format version
    std::fs::write(&path, &bytes).unwrap();
    let status = store(dir.path()).status(spec(), false);
    assert!(matches!(status, Status::Unsound(Fault::BadHeader(_))));
    assert_eq!(
        status.to_string(),
        "unusable: a file whose header does not match (another format version)"
    );
}

#[test]
fn info_reports_missing_then_unusable_tables_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = SolverConfig {
        table_dir: Some(dir.path().to_path_buf()),
        compact: true,
        ..SolverConfig::default()
    };
    let specs = Method::Twophase.tables(&cfg);
    let infos = Store::new(&cfg).describe(&specs, false);
    assert!(!infos.is_empty());
    assert!(infos.iter().all(|i| i.status == Status::Missing));
    twist_from_disk(dir.path());
    std::fs::write(store(dir.path()).path(spec()), b"short").unwrap();
    let twist = Store::new(&cfg)
        .describe(&specs, false)
        .into_iter()
        .find(|i| i.name == "move-twist")
        .unwrap();
    assert_eq!(
        twist.status.to_string(),
        format!(
            "unusable: the wrong size (5 bytes where {} were expected)",
            spec().file_bytes()
        )
    );
    // Building repairs it.
    let built = Store::new(&cfg).build_all(&specs).unwrap();
    assert!(built.iter().all(|i| i.status == Status::Present));
}

/// How many times the counting table below was built.
static BUILDS: AtomicUsize = AtomicUsize::new(0);

static COUNTED: Spec<u16> = Spec {
    table: TableSpec::of::<u16>("test-counted", 1000),
    build: |_, _| {
        BUILDS.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(std::time::Duration::from_millis(50));
        Ok((0..1000u16).collect::<Vec<_>>().into())
    },
};

#[test]
fn threads_asking_at_once_share_one_build_and_one_table() {
    let dir = tempfile::tempdir().unwrap();
    let tables: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| s.spawn(|| store(dir.path()).get(&COUNTED).unwrap()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(BUILDS.load(Ordering::SeqCst), 1);
    assert!(tables.iter().all(|t| Arc::ptr_eq(t, &tables[0])));
    assert_eq!(tables[0][999], 999);
    // Another store of the same directory gets the same table without building.
    let again = store(dir.path()).get(&COUNTED).unwrap();
    assert!(Arc::ptr_eq(&again, &tables[0]));
    assert_eq!(BUILDS.load(Ordering::SeqCst), 1);
}

#[test]
fn an_unwritable_directory_is_an_error_naming_it_and_the_os_error() {
    // A directory that cannot be created (a file stands in the way).
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-dir");
    std::fs::write(&blocker, b"x").unwrap();
    let tables_dir = blocker.join("tables");
    let err = store(&tables_dir)
        .get(&TWIST_MOVES)
        .err()
        .expect("an error");
    assert!(matches!(err, TableError::Directory { .. }), "{err:?}");
    let text = SolveError::from(err).to_string();
    assert!(text.starts_with(&format!(
        "cannot write tables to {}: ",
        tables_dir.display()
    )));
    assert!(text.contains("Not a directory"), "{text}");
    assert!(text.ends_with("(set RUBIK_TABLES to a writable directory)"));
}

#[test]
fn a_table_asked_in_another_placement_is_the_same_file_and_the_same_entries() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let huge = store.get_placed(&TWIST_MOVES, Placement::Huge).unwrap();
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tbl"))
        .collect();
    assert_eq!(files, ["move-twist.tbl"]);
    let own = store.get(&TWIST_MOVES).unwrap();
    assert!(
        !Arc::ptr_eq(&huge, &own),
        "cached apart from the spec's placement"
    );
    assert_eq!(huge[..], own[..]);
    assert!(Arc::ptr_eq(
        &huge,
        &store.get_placed(&TWIST_MOVES, Placement::Huge).unwrap()
    ));
}

/// A table kept as bytes (a browser's IndexedDB) is the table file: taken back, it passes the
/// file's checks and gives the same entries; a damaged or foreign one is refused.
#[test]
fn a_table_kept_as_bytes_comes_back_only_when_sound() {
    use super::shelf;
    let dir = tempfile::tempdir().unwrap();
    let good = twist_from_disk(dir.path());
    let file = std::fs::read(store(dir.path()).path(spec())).unwrap();
    let payload: &[u8] = bytemuck::cast_slice(&good);
    assert_eq!(super::file::to_bytes(spec(), payload), file);
    assert_eq!(super::file::check_bytes(spec(), &file), Ok(payload));

    assert_eq!(shelf::offer(file.clone()).as_deref(), Some(spec().name));
    let back = shelf::take_offered(spec(), |len| Some(vec![0u8; len])).expect("sound");
    assert_eq!(back, payload);
    // Taken: not there a second time.
    assert!(shelf::take_offered(spec(), |len| Some(vec![0u8; len])).is_none());

    let mut damaged = file.clone();
    damaged[HEADER_LEN + 1000] ^= 0xAB;
    assert_eq!(
        super::file::check_bytes(spec(), &damaged),
        Err(Fault::Checksum)
    );
    shelf::offer(damaged);
    assert!(shelf::take_offered(spec(), |len| Some(vec![0u8; len])).is_none());
    assert!(matches!(
        super::file::check_bytes(spec(), &file[..file.len() - 3]),
        Err(Fault::WrongSize { .. })
    ));
    assert_eq!(shelf::offer(b"not a table".to_vec()), None);

    // Built tables are kept only when asked.
    shelf::built(spec(), payload);
    assert!(shelf::take_built().is_empty());
    shelf::keep_built(true);
    shelf::built(spec(), payload);
    assert_eq!(shelf::take_built(), vec![(spec().name, file)]);
    shelf::keep_built(false);
}

/// A table placed `Mapped` is written whole, and mapping it (asking for huge pages) gives the
/// entries built.
#[test]
fn a_mapped_table_maps_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mapped = Spec {
        table: TWIST_MOVES.table.placed(Placement::Mapped),
        build: TWIST_MOVES.build,
    };
    let built = store(dir.path()).load_uncached(&mapped).expect("builds");
    let file = std::fs::read(store(dir.path()).path(&mapped.table)).unwrap();
    assert_eq!(file.len() as u64, mapped.table.file_bytes());
    let again = store(dir.path()).load_uncached(&mapped).expect("maps");
    assert!(again.is_mapped() || cfg!(not(unix)));
    assert_eq!(again[..], built[..]);
    assert_eq!(again[..], twist_from_disk(dir.path())[..]);
}
