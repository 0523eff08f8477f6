#!/usr/bin/env bash
# Builds the static site into dist/ with Trunk, offline, with the pinned tools on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
cargo fetch --quiet
TRUNK_OFFLINE=true trunk build --release --offline
ls -l dist/*.wasm
