#!/usr/bin/env bash
# Installs what the tests need beyond the Rust toolchain, on a fresh machine:
# - Debian's Chromium for the browser end-to-end tests (skipped when `$CHROMIUM` names an executable
#   browser, or /usr/bin/chromium exists);
# - Node.js and npm when missing, then the e2e project's npm packages (from e2e/package-lock.json);
# - the wasm32-unknown-unknown Rust target for the page's WebAssembly core (crates/wasm), which
#   the build of crates/web also installs when missing (crates/web/build.rs); its JavaScript
#   glue is made by wasm-bindgen's library inside that build, so no wasm-bindgen-cli is needed.
# Idempotent: does nothing that is already done. `scripts/test.sh` runs it first, so the README's
# test command is all a fresh machine needs.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
APT_UPDATED=""

# apt_install PACKAGE...: installs Debian packages, refreshing the package lists once per run and
# waiting (up to 10 minutes) for another apt process to release its lock instead of failing.
apt_install() {
  local apt=($SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600)
  if [ -z "$APT_UPDATED" ]; then
    "${apt[@]}" update
    APT_UPDATED=1
  fi
  "${apt[@]}" install -y --no-install-recommends "$@"
}

if [ -n "${CHROMIUM:-}" ]; then
  if [ ! -x "$CHROMIUM" ]; then
    echo "setup: CHROMIUM=$CHROMIUM is not an executable file; unset it to use Debian's Chromium" >&2
    exit 1
  fi
elif [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's Chromium for the browser tests" >&2
  apt_install chromium
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "setup: installing Node.js and npm for the browser tests" >&2
  apt_install nodejs npm
fi

if [ -f e2e/package-lock.json ]; then
  if ! (cd e2e && npm ls --depth=0 >/dev/null 2>&1); then
    (cd e2e && npm ci --no-audit --no-fund)
  fi
fi

if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: adding the wasm32-unknown-unknown target for the page's WebAssembly core" >&2
  rustup target add wasm32-unknown-unknown
fi

# The aarch64 test (scripts/test-aarch64.sh): Debian's cross linker and user-mode emulator, then
# the Rust target and an arm64 CPython unpacked under target/ (scripts/setup-aarch64.sh).
if ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || ! command -v qemu-aarch64-static >/dev/null 2>&1; then
  echo "setup: installing the aarch64 cross linker and qemu-user-static for the aarch64 test" >&2
  apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static
fi
bash scripts/setup-aarch64.sh

# The Python package: its wheel built and installed, with pytest and Dask for its tests.
bash scripts/setup-python.sh
