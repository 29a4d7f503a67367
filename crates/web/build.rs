//! Builds the page's WebAssembly core (`crates/wasm`, `rubik-wasm`) and its JavaScript glue, to
//! be embedded in the binary (`src/assets.rs`) and written out with the static page.
//!
//! Steps: make sure the `wasm32-unknown-unknown` standard library is installed (with `rustup
//! target add` when it is missing, as the README's set-up promises: the first command builds
//! everything); build `rubik-wasm` for it in release mode with a cargo of its own, in a target
//! directory of its own (`target/wasm-core`: the outer build holds its own directory's lock,
//! so the inner build must not share it); then run wasm-bindgen's library (the same version as
//! the `wasm-bindgen` crate, pinned in both manifests) to make `rubik_wasm.js` and
//! `rubik_wasm_bg.wasm` in `$OUT_DIR/pkg`.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

const TARGET: &str = "wasm32-unknown-unknown";

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest
        .parent()
        .and_then(Path::parent)
        .expect("crates/web sits two levels below the workspace root")
        .to_path_buf();
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("pkg");
    for watched in ["Cargo.lock", "crates/wasm"] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }
    for krate in ["cube", "solve", "scan"] {
        for part in ["src", "Cargo.toml"] {
            println!(
                "cargo:rerun-if-changed={}",
                root.join("crates").join(krate).join(part).display()
            );
        }
    }
    println!("cargo:rerun-if-env-changed=RUBIK_WASM_TARGET_DIR");

    ensure_target();
    let target_dir = env::var_os("RUBIK_WASM_TARGET_DIR")
        .map(PathBuf::from)
        .or_else(|| env::var_os("CARGO_TARGET_DIR").map(|d| PathBuf::from(d).join("wasm-core")))
        .unwrap_or_else(|| root.join("target").join("wasm-core"));
    let wasm = build_core(&root, &target_dir);
    bindgen(&wasm, &out);
}

/// Ends the build with `message` (cargo shows the build script's standard error).
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    exit(1);
}

/// Whether the standard library for the WebAssembly target is installed.
fn target_installed() -> bool {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let Ok(out) = Command::new(rustc).args(["--print", "sysroot"]).output() else {
        return false;
    };
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    Path::new(&sysroot)
        .join("lib/rustlib")
        .join(TARGET)
        .join("lib")
        .is_dir()
}

/// Installs the WebAssembly target with rustup when it is missing.
fn ensure_target() {
    if target_installed() {
        return;
    }
    println!("cargo:warning=installing the {TARGET} target (rustup target add {TARGET}) for the page's WebAssembly core");
    let added = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
    if !matches!(added, Ok(s) if s.success()) || !target_installed() {
        fail(&format!(
            "the page's WebAssembly core needs the {TARGET} target, and `rustup target add {TARGET}` \
             did not install it; install it (with rustup, or your distribution's rust-std for {TARGET}) and build again"
        ));
    }
}

/// Builds `rubik-wasm` for the browser; returns the `.wasm` file.
fn build_core(root: &Path, target_dir: &Path) -> PathBuf {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args([
            "build",
            "--release",
            "--locked",
            "-p",
            "rubik-wasm",
            "--lib",
            "--target",
            TARGET,
        ])
        .arg("--target-dir")
        .arg(target_dir);
    // The outer build's settings are not the inner one's: no clippy driver, no flags meant for
    // the host, no shared job server (cargo's own limit applies) and no outer target.
    for var in [
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTC_WRAPPER",
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "CARGO_MAKEFLAGS",
        "MAKEFLAGS",
        "MFLAGS",
        "CARGO_PRIMARY_PACKAGE",
    ] {
        cmd.env_remove(var);
    }
    match cmd.status() {
        Ok(s) if s.success() => {}
        Ok(_) => {
            fail("building the page's WebAssembly core (crates/wasm) failed; its errors are above")
        }
        Err(e) => fail(&format!(
            "cannot run cargo to build the page's WebAssembly core: {e}"
        )),
    }
    target_dir
        .join(TARGET)
        .join("release")
        .join("rubik_wasm.wasm")
}

/// Makes the JavaScript module and the final `.wasm` in `out`.
fn bindgen(wasm: &Path, out: &Path) {
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    bindgen.input_path(wasm).typescript(false);
    let generated = bindgen
        .web(true)
        .and_then(|b| b.generate(out))
        .map_err(|e| format!("{e:#}"));
    if let Err(e) = generated {
        fail(&format!(
            "wasm-bindgen could not prepare the page's WebAssembly core: {e}"
        ));
    }
}
