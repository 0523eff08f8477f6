#!/usr/bin/env bash
# Time odds for `shashki match`: runs the build ODDS_BIN with ODDS_FACTOR (default 2) times the
# `--movetime` the match passes; every other argument goes through unchanged. `--a-bin` takes
# a path and no arguments, and the match's children inherit its environment:
#
#   ODDS_BIN=target/release/shashki ODDS_FACTOR=2 shashki match ... --a-bin tools/matchcmp/odds.sh
set -euo pipefail
: "${ODDS_BIN:?set ODDS_BIN to the shashki binary to run}"
factor="${ODDS_FACTOR:-2}"
out=()
prev=""
for a in "$@"; do
  if [ "$prev" = "--movetime" ]; then
    out+=("$(awk -v ms="$a" -v f="$factor" 'BEGIN { printf "%d", ms * f }')")
  else
    out+=("$a")
  fi
  prev="$a"
done
exec "$ODDS_BIN" "${out[@]}"
