#!/usr/bin/env bash
# The aarch64 build (a Raspberry Pi, a Jetson), cross-built here and run under user-mode emulation
# (qemu-aarch64-static; no binfmt registration needed, so it works in a container):
# 1. the CLI for aarch64-unknown-linux-gnu, solving 20 states (10 random facelet strings, 10
#    scrambles) with the compact two-phase tables it builds itself under emulation; every answer
#    is checked by applying it in the independent sticker model of the Python tests;
# 2. the Python wheel for aarch64 (abi3, manylinux), installed by pip running under emulation into
#    a clean venv of an arm64 CPython (scripts/setup-aarch64.sh unpacks it), solving the README's
#    example with the full tables the native package built, checked the same way.
# Both use the `emulated` profile of .cargo/config.toml (release optimisation, no LTO) to build in
# minutes. Needs Debian's gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user-static (apt),
# then scripts/setup-aarch64.sh (the Rust target, the arm64 CPython); scripts/setup.sh installs
# all of it and scripts/test.sh runs this test.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=aarch64-unknown-linux-gnu
ROOT="$PWD/target/aarch64-root"
WORK="$PWD/target/aarch64-test"
PYTHON="${PYTHON:-python3}"
QEMU=(qemu-aarch64-static -L "$ROOT")
rm -rf "$WORK"
mkdir -p "$WORK"

step() { echo "test-aarch64: $* ($(date -u +%H:%M:%S))" >&2; }

# The sticker model of crates/python/tests checks "facelets, solution" pairs read from stdin.
check_answers() {
  PYTHONPATH=crates/python/tests "$PYTHON" -c '
import json, sys
from cubemodel import solves
pairs = [line.rstrip("\n").split("\t") for line in sys.stdin]
assert len(pairs) == int(sys.argv[1]), f"{len(pairs)} answers, not {sys.argv[1]}"
for facelets, solution in pairs:
    assert solves(facelets, solution), f"{solution!r} does not solve {facelets}"
    assert len(solution.split()) <= 20, f"{solution!r} is longer than 20 moves"
print(f"test-aarch64: {len(pairs)} answers verified by applying them", file=sys.stderr)
' "$1"
}

step "building the CLI for $TARGET"
cargo build --profile emulated --target "$TARGET" -p rubik
CLI="target/$TARGET/emulated/rubik"
aarch64-linux-gnu-readelf -h "$CLI" | grep -q 'Machine: *AArch64' || { echo "$CLI is not an aarch64 binary" >&2; exit 1; }

step "20 states solved by the aarch64 CLI under emulation"
"$PYTHON" -c '
import rubik
states = [rubik.Cube.random(seed=3800 + i).facelets for i in range(10)] + rubik.scrambles(10, seed=38)
print("\n".join(states))' >"$WORK/states.txt"
RUBIK_TABLES="$WORK/tables" "${QEMU[@]}" "$CLI" solve -c --compact --json <"$WORK/states.txt" >"$WORK/answers.jsonl"
"$PYTHON" -c '
import json, sys, rubik
states = open(sys.argv[1]).read().splitlines()
answers = [json.loads(line) for line in open(sys.argv[2])]
assert [a["input"] for a in answers] == states, "the answers are not for the states, in order"
for a in answers:
    facelets = a["input"] if " " not in a["input"] else rubik.apply(a["input"])
    print(facelets + "\t" + a["solution"])' "$WORK/states.txt" "$WORK/answers.jsonl" | check_answers 20

step "building the Python wheel for $TARGET"
"$PYTHON" -m maturin build --profile emulated --target "$TARGET" \
  --manifest-path crates/python/Cargo.toml --out "$WORK/wheels"
WHEEL=$(ls "$WORK"/wheels/rubik-*-cp310-abi3-manylinux*_aarch64.whl)

step "installing $(basename "$WHEEL") into a clean arm64 venv under emulation"
"${QEMU[@]}" "$ROOT/usr/bin/python3" -m venv --without-pip "$WORK/venv"
PIP_WHEEL=$(ls "$ROOT"/usr/share/python-wheels/pip-*.whl)
"${QEMU[@]}" "$WORK/venv/bin/python" "$PIP_WHEEL/pip" install --quiet --no-index \
  --disable-pip-version-check "$WHEEL"

step "the README's example with the aarch64 wheel (the full two-phase tables built natively)"
# The package's default tables: built (or found) by the native wheel, then mapped by the aarch64
# one from the same directory ($RUBIK_TABLES, else ~/.cache/rubik), as the table files are the
# same on both.
"$PYTHON" -c 'import rubik; rubik.load_tables()'
EXAMPLE=DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD
ANSWER=$(cd "$WORK" && "${QEMU[@]}" "$WORK/venv/bin/python" -c '
import platform, sys, rubik
assert platform.machine() == "aarch64", platform.machine()
print(rubik.solve(sys.argv[1]))' "$EXAMPLE")
printf '%s\t%s\n' "$EXAMPLE" "$ANSWER" | check_answers 1
step "done"
