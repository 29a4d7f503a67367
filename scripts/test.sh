#!/usr/bin/env bash
# Runs every test of the project, after installing what they need (scripts/setup.sh: Chromium,
# Node.js, the e2e npm packages, the Python wheel): the Rust workspace (unit, property, integration and CLI tests,
# optimised test profile; benchmarks are compiled by clippy but run only by `cargo bench`), the
# Python package's pytest suite (scripts/test-python.sh), the aarch64 build under emulation
# (scripts/test-aarch64.sh) and the browser end-to-end tests of `rubik serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo test --workspace --lib --bins --tests
cargo test --workspace --doc
bash scripts/test-python.sh
# The CLI and the Python wheel built for aarch64 (a Raspberry Pi) and run under emulation.
bash scripts/test-aarch64.sh
if [ -x e2e/run.sh ]; then
  e2e/run.sh
fi
