//! `rubik serve`: the web app answers over real HTTP; an address in use exits 3.

mod common;

use common::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// A raw HTTP/1.1 GET; returns the whole response.
fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serves_the_page_and_the_api() {
    let (mut child, addr) = serve();
    let result = std::panic::catch_unwind(|| {
        let addr = addr.as_str();
        let page = get(addr, "/");
        assert!(page.starts_with("HTTP/1.1 200"), "{page}");
        let spec = get(addr, "/api/openapi.json");
        assert!(spec.starts_with("HTTP/1.1 200"), "{spec}");
    });
    let _ = child.kill();
    let _ = child.wait();
    result.unwrap();
}

#[test]
fn an_address_in_use_exits_3() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = rubik().args(["serve", "--addr", &addr]).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains(&addr), "{}", stderr(&out));
}

#[test]
fn a_bad_address_exits_2() {
    rubik()
        .args(["serve", "--addr", "localhost:port"])
        .assert()
        .code(2);
}

/// Starts `rubik serve --addr ADDR`; returns the child and the URL it printed.
fn start_serve(addr: &str, stderr: Stdio) -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rubik"))
        .args(["serve", "--addr", addr])
        .env("RUBIK_TABLES", table_dir())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    (child, url)
}

#[test]
fn ctrl_c_stops_the_server_even_while_a_client_holds_a_half_sent_request() {
    let (mut child, url) = start_serve("localhost:0", Stdio::null());
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut holder = TcpStream::connect(addr).unwrap();
    holder
        .write_all(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let interrupted = std::time::Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    // The shutdown grace is 5 s; give a loaded machine some slack before failing.
    let deadline = std::time::Duration::from_secs(15);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if interrupted.elapsed() > deadline {
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let Some(status) = status else {
        let _ = child.kill();
        panic!("rubik serve still runs {deadline:?} after Ctrl-C");
    };
    assert!(status.success(), "{status}");
    drop(holder);
}

#[test]
fn a_non_loopback_address_is_served_with_a_warning() {
    let (mut child, _url) = start_serve("0.0.0.0:0", Stdio::piped());
    let mut warning = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut warning)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        warning.contains("warning: 0.0.0.0 is not a loopback address"),
        "{warning}"
    );
}

#[test]
fn export_writes_the_page_and_its_checked_tables_unless_told_not_to() {
    let site = tempfile::tempdir().unwrap();
    let out = rubik()
        .args(["serve", "--export"])
        .arg(site.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(site.path().join("index.html").is_file());
    // Every table listed is there with its size, is the store's own file (the same bytes as the
    // table directory's), and `rubik tables verify --compact` on the copy finds it sound.
    let index: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(site.path().join("tables/index.json")).unwrap(),
    )
    .unwrap();
    let tables = index["tables"].as_array().unwrap();
    assert!(!tables.is_empty(), "{index}");
    for t in tables {
        let file = site.path().join("tables").join(t["file"].as_str().unwrap());
        let bytes = std::fs::read(&file).unwrap();
        assert_eq!(
            bytes.len() as u64,
            t["bytes"].as_u64().unwrap(),
            "{}",
            file.display()
        );
        let kept = std::fs::read(table_dir().join(t["file"].as_str().unwrap())).unwrap();
        assert!(bytes == kept, "{} is the store's file", file.display());
    }
    let verify = rubik()
        .args(["tables", "verify", "--compact"])
        .env("RUBIK_TABLES", site.path().join("tables"))
        .output()
        .unwrap();
    assert!(verify.status.success(), "{}", stdout(&verify));

    let bare = tempfile::tempdir().unwrap();
    rubik()
        .args(["serve", "--no-tables", "--export"])
        .arg(bare.path())
        .assert()
        .success();
    assert!(bare.path().join("index.html").is_file());
    assert!(!bare.path().join("tables").exists());
    // --no-tables means nothing without --export.
    rubik().args(["serve", "--no-tables"]).assert().code(2);
}
