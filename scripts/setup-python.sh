#!/usr/bin/env bash
# Builds the Python package `rubik` (crates/python: PyO3 + maturin, one abi3 wheel for every
# CPython >= 3.10) and installs it into `python3` (or `$PYTHON`), with what its tests need:
# pytest, and dask[distributed] for the cluster test. Run by scripts/setup.sh; idempotent (cargo
# rebuilds nothing that is up to date, and the wheel is reinstalled as built).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

if ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
  echo "setup: $PYTHON with pip is needed for the Python package (set PYTHON to another interpreter)" >&2
  exit 1
fi
"$PYTHON" -m pip install --quiet --disable-pip-version-check \
  "maturin>=1.9,<2" "pytest>=7" "dask[distributed]>=2024.1"
rm -f target/wheels/rubik-*.whl
"$PYTHON" -m maturin build --release --manifest-path crates/python/Cargo.toml \
  --out target/wheels --interpreter "$PYTHON"
"$PYTHON" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
  target/wheels/rubik-*.whl
