#!/usr/bin/env bash
# Installs what building the site needs, skipping whatever is already present:
# the wasm32 target, Trunk, wasm-bindgen-cli (the exact version the crate uses), and the npm
# packages (binaryen's wasm-opt, Playwright). `--browser` also installs Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
BINDGEN_VERSION=$(sed -n 's/^wasm_bindgen = "\(.*\)"/\1/p' Trunk.toml)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  echo "== installing trunk $TRUNK_VERSION (takes a while, once)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q "$BINDGEN_VERSION"; then
  echo "== installing wasm-bindgen-cli $BINDGEN_VERSION (takes a while, once)"
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/@playwright/test ]; then
  npm install --no-audit --no-fund
fi
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium
fi
