#!/usr/bin/env bash
# The Python package's tests (crates/python/tests), against the wheel scripts/setup-python.sh
# installed: the kociemba examples, 1,000 random cubes, every validation category (messages
# compared with the `rubik` CLI built by `cargo test`), threads and the GIL, and the cluster
# recipe on a real local Dask cluster with a worker killed mid-job.
set -euo pipefail
cd "$(dirname "$0")/.."
"${PYTHON:-python3}" -m pytest -q -p no:cacheprovider crates/python/tests
