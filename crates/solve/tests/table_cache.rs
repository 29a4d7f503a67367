//! The on-disk table cache: corrupt or truncated files are detected and rebuilt, never used.

use rubik_solve::tables::file::{
    check_file, load, load_into, load_or_build, FileFault, TableSpec, HEADER_LEN,
};
use rubik_solve::tables::{self, moves, TableStatus};
use rubik_solve::{Method, NoProgress, SolverConfig};
use std::io::{Seek, SeekFrom, Write};

const SPEC: TableSpec = TableSpec::of::<u16>("move-twist", 2187 * 18);

fn build_into(dir: &std::path::Path) -> Vec<u16> {
    let t = load_or_build(&SPEC, dir, &NoProgress, |_| moves::twist_moves());
    t.to_vec()
}

#[test]
fn a_flipped_byte_is_detected_and_the_table_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let good = build_into(dir.path());
    assert!(load::<u16>(&SPEC, dir.path()).is_ok());
    let path = SPEC.path(dir.path());
    let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.seek(SeekFrom::Start(HEADER_LEN as u64 + 1000)).unwrap();
    f.write_all(&[0xAB]).unwrap();
    drop(f);
    assert_eq!(
        check_file(&SPEC, dir.path(), true),
        Err(FileFault::Checksum)
    );
    assert!(load::<u16>(&SPEC, dir.path()).is_err());
    let rebuilt = build_into(dir.path());
    assert_eq!(rebuilt, good);
    assert_eq!(check_file(&SPEC, dir.path(), true), Ok(()));
}

#[test]
fn load_into_copies_a_sound_file_and_refuses_a_corrupt_one() {
    let dir = tempfile::tempdir().unwrap();
    let good = build_into(dir.path());
    let good_bytes: Vec<u8> = good.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut dest = vec![0u8; good_bytes.len()];
    load_into(&SPEC, dir.path(), &mut dest).unwrap();
    assert_eq!(dest, good_bytes);
    // A buffer of another size is refused.
    let mut short = vec![0u8; good_bytes.len() - 2];
    assert!(matches!(
        load_into(&SPEC, dir.path(), &mut short),
        Err(FileFault::WrongSize { .. })
    ));
    // One flipped byte fails the checksum.
    let path = SPEC.path(dir.path());
    let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.seek(SeekFrom::Start(HEADER_LEN as u64 + 77)).unwrap();
    f.write_all(&[0x5A]).unwrap();
    drop(f);
    assert_eq!(
        load_into(&SPEC, dir.path(), &mut dest),
        Err(FileFault::Checksum)
    );
    assert_eq!(
        load_into(&SPEC, tempfile::tempdir().unwrap().path(), &mut dest),
        Err(FileFault::Missing)
    );
}

#[test]
fn a_truncated_file_is_detected_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let good = build_into(dir.path());
    let path = SPEC.path(dir.path());
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(SPEC.file_bytes() - 7).unwrap();
    drop(f);
    assert!(matches!(
        check_file(&SPEC, dir.path(), false),
        Err(FileFault::WrongSize { .. })
    ));
    assert_eq!(build_into(dir.path()), good);
    assert_eq!(check_file(&SPEC, dir.path(), true), Ok(()));
}

#[test]
fn a_bad_header_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    build_into(dir.path());
    let path = SPEC.path(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[8] ^= 0xFF; // format version
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        check_file(&SPEC, dir.path(), false),
        Err(FileFault::BadHeader(_))
    ));
}

#[test]
fn info_reports_missing_then_corrupt_tables() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = SolverConfig {
        table_dir: Some(dir.path().to_path_buf()),
        compact: true,
        ..SolverConfig::default()
    };
    let infos = tables::info(Method::Twophase, &cfg);
    assert!(!infos.is_empty());
    assert!(infos.iter().all(|i| i.status == TableStatus::Missing));
    build_into(dir.path());
    std::fs::write(SPEC.path(dir.path()), b"short").unwrap();
    let twist = tables::info(Method::Twophase, &cfg)
        .into_iter()
        .find(|i| i.name == "move-twist")
        .unwrap();
    assert!(matches!(twist.status, TableStatus::Corrupt(_)));
    // Building repairs it.
    let built = tables::build(Method::Twophase, &cfg).unwrap();
    assert!(built.iter().all(|i| i.status == TableStatus::Present));
}
