#!/usr/bin/env bash
# Installs what the tests need beyond the Rust toolchain: Debian's Chromium for the browser
# end-to-end test, and the e2e project's npm packages (playwright-core, from package-lock.json).
# Idempotent: does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
fi

if [ -f e2e/package-lock.json ]; then
  if ! (cd e2e && npm ls --depth=0 >/dev/null 2>&1); then
    (cd e2e && npm ci --no-audit --no-fund)
  fi
fi
