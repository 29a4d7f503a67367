#!/usr/bin/env bash
# End-to-end test of `rubik serve`: builds the release binary, serves on a free loopback port,
# drives the page in headless Chromium (playwright-core + the system browser), stops the server.
# The static page's tests (static.test.mjs) export the page with the same binary (RUBIK_BIN).
# Screenshots land in e2e/screenshots/.
set -euo pipefail
CALLER=$(pwd)
cd "$(dirname "$0")"
E2E_DIR=$(pwd)
ROOT=$(cd .. && pwd)

# Chromium, Node.js and the npm packages: installed when missing (idempotent, quick when done).
bash "$ROOT/scripts/setup.sh"

TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
# The rubik binary built by the very command the README's first step runs (`cargo run --release`),
# so CI can reuse that build: `cargo build --release --bin rubik` resolved other feature sets
# (a fingerprint log of CI showed new units for rubik and 57 dependencies, e.g. serde_json and
# memchr with more features) and rebuilt them, 3.5 min of CI.
(cd "$ROOT" && cargo run --release --quiet -- --version >/dev/null)
BIN="$TARGET_DIR/release/rubik"

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
LOG=$(mktemp)
"$BIN" serve --addr "127.0.0.1:$PORT" >"$LOG" 2>&1 &
SERVER=$!
stop() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  rm -f "$LOG"
}
trap stop EXIT

# Wait until the server listens (it prints its URL once bound).
for _ in $(seq 1 100); do
  if grep -q "http://" "$LOG"; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then
    echo "e2e: rubik serve exited early:" >&2
    cat "$LOG" >&2
    exit 1
  fi
  sleep 0.1
done

status=0
# Test files: those named on the command line (e.g. `e2e/run.sh e2e/daily.test.mjs`), else all.
FILES=()
for f in "$@"; do FILES+=("$(cd "$CALLER" && realpath "$f")"); done
[ ${#FILES[@]} -gt 0 ] || FILES=("$E2E_DIR"/*.test.mjs)
RUBIK_URL="http://127.0.0.1:$PORT/" RUBIK_BIN="$BIN" node --test --test-concurrency=1 "${FILES[@]}" || status=$?
if [ "$status" -ne 0 ]; then
  echo "e2e: server log:" >&2
  cat "$LOG" >&2
fi
echo "e2e: screenshots in $E2E_DIR/screenshots/"
exit "$status"
