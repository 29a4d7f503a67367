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
    let mut child = Command::new(env!("CARGO_BIN_EXE_rubik"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("RUBIK_TABLES", table_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let result = std::panic::catch_unwind(|| {
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let addr = url.trim_start_matches("http://").trim_end_matches('/');
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
