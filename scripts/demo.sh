#!/usr/bin/env bash
# Installs what is missing, builds, and runs an example batch against headless Firefox.
#   scripts/demo.sh [BATCH.json]     (default: fixtures/batches/demo.json)
set -euo pipefail
source "$(dirname "$0")/common.sh"

ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}"
build_preset release

batch="${1:-$FIREFOX_BIDI_ROOT/fixtures/batches/demo.json}"
log "running $(basename "$batch") against headless Firefox"
"$FIREFOX_BIDI_ROOT/build/bin/tool-host" --config '{"firefox":{"headless":true}}' \
  call --args "@$batch"
