#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: unit, integration, e2e (real headless
# Firefox, real MCP client) and the benchmark smoke runs.
#   scripts/test.sh [ctest args...]      e.g. scripts/test.sh -L unit
set -euo pipefail
source "$(dirname "$0")/common.sh"

ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}"
ensure_node
build_preset release

cd "$FIREFOX_BIDI_ROOT"
log "testing"
ctest --preset release "$@"

# A short fuzz run of every libFuzzer target (scripts/fuzz.sh runs longer ones).
if [[ $# -eq 0 ]]; then
  "$FIREFOX_BIDI_ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-20}"
fi
