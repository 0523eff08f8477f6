#!/usr/bin/env bash
# Every test of the project: formatting, lints, Rust unit/integration tests, the no_std
# WebAssembly build of the engine. Installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
for c in rustfmt clippy; do
  rustup component list --installed | grep -q "^$c" || rustup component add "$c"
done

echo "== fmt";    cargo fmt --all -- --check
echo "== clippy"; cargo clippy --workspace --all-targets -- -D warnings
echo "== test";   cargo test --workspace
echo "== wasm";   cargo build -p shashki --target wasm32-unknown-unknown --release
echo "== all tests passed"
