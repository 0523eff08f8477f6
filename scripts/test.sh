#!/usr/bin/env bash
# Every test of the project: formatting, lints, Rust unit/integration tests, the no_std
# WebAssembly build of the engine, the site build and the browser tests in Debian's Chromium.
# Installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

for c in rustfmt clippy; do
  rustup component list --installed | grep -q "^$c" || rustup component add "$c"
done
bash scripts/setup.sh --browser

echo "== fmt";     cargo fmt --all -- --check
echo "== clippy";  cargo clippy --workspace --all-targets -- -D warnings
echo "== test";    cargo test --workspace
echo "== wasm";    cargo build -p shashki --target wasm32-unknown-unknown --release
echo "== site";    bash scripts/build-site.sh
echo "== browser"; npx playwright test
echo "== all tests passed"
