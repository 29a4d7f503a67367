#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (unit, property, integration and CLI tests,
# optimised test profile) and, when present, the browser end-to-end test of `rubik serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --all-targets
cargo test --workspace --doc
if [ -x e2e/run.sh ]; then
  e2e/run.sh
fi
