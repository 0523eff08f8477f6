#!/usr/bin/env bash
# Sets up what is missing, builds the site and serves it on http://127.0.0.1:8080 (PORT overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-site.sh
exec node scripts/serve.mjs "${PORT:-8080}"
