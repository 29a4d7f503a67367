#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (unit, property, integration and CLI tests,
# optimised test profile; benchmarks are compiled by clippy but run only by `cargo bench`) and,
# when present, the browser end-to-end test of `rubik serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --lib --bins --tests
cargo test --workspace --doc
if [ -x e2e/run.sh ]; then
  e2e/run.sh
fi
