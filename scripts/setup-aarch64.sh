#!/usr/bin/env bash
# What scripts/test-aarch64.sh needs beyond Debian's cross tools (`apt-get install
# gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static`): the Rust target
# aarch64-unknown-linux-gnu, and an arm64 Debian userland with CPython unpacked into
# target/aarch64-root, to run the aarch64 wheel under emulation.
#
# Why unpacked and not installed: Debian's python3:arm64 cannot be installed beside the machine's
# python3:amd64 (the interpreter packages are not co-installable across architectures). So apt
# downloads the arm64 packages and their dependencies with its own state and cache directories
# under target/aarch64-apt (the machine's apt configuration and dpkg database are not touched),
# and `dpkg -x` unpacks them; qemu runs the interpreter with that directory as its root (-L).
# Needs a Debian machine whose apt sources carry arm64 (deb.debian.org does). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx aarch64-unknown-linux-gnu; then
  rustup target add aarch64-unknown-linux-gnu
fi

ROOT=target/aarch64-root
if [ -x "$ROOT/usr/bin/python3" ]; then
  exit 0
fi
APT_DIR="$PWD/target/aarch64-apt"
mkdir -p "$APT_DIR/state/lists/partial" "$APT_DIR/cache/archives/partial"
: >"$APT_DIR/state/status" # nothing installed: apt fetches the whole dependency closure
cat >"$APT_DIR/apt.conf" <<CONF
APT::Architecture "arm64";
APT::Architectures { "arm64"; };
APT::Install-Recommends "false";
Dir::State "$APT_DIR/state";
Dir::State::status "$APT_DIR/state/status";
Dir::Cache "$APT_DIR/cache";
CONF
export APT_CONFIG="$APT_DIR/apt.conf"
echo "setup: downloading an arm64 CPython (Debian packages) for the aarch64 wheel test" >&2
apt-get -q update >/dev/null
apt-get -q install -y --download-only python3-minimal libpython3-stdlib python3-venv >/dev/null
rm -rf "$ROOT.partial"
mkdir -p "$ROOT.partial"
for deb in "$APT_DIR"/cache/archives/*.deb; do
  dpkg -x "$deb" "$ROOT.partial"
done
mv "$ROOT.partial" "$ROOT"
