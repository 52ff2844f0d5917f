#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: unit, integration, e2e (real headless
# Firefox, real MCP client), grid (a real Selenium Grid), package (the Debian package installed
# with apt and purged again) and the benchmark smoke runs; without arguments also the unit and
# integration tiers under sanitizers and a short fuzz run.
#   scripts/test.sh [ctest args...]      e.g. scripts/test.sh -L unit
set -euo pipefail
source "$(dirname "$0")/common.sh"

ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}"
# ss -K: an e2e test drops the tool's BiDi socket from outside (e2e/policy_test.cc)
ensure_packages iproute2
# dpkg-shlibdeps and file: the deb_package test builds the Debian package (label package; it
# installs it with apt and purges it again)
ensure_packages dpkg-dev file
ensure_node
"$FIREFOX_BIDI_ROOT/scripts/grid.sh" install  # JRE and Selenium Server for the grid tests
build_preset release

cd "$FIREFOX_BIDI_ROOT"
log "testing"
ctest --preset release "$@"

if [[ $# -eq 0 ]]; then
  # Everything built again under ASan+UBSan (build-dev/), and the unit and integration tiers
  # run on it (the fake BiDi peer drives the plugin's faults; LeakSanitizer checks every
  # tool-host they start). The e2e tier runs under sanitizers on demand:
  # ctest --preset dev-e2e (docs/development.md says why, and what it costs).
  build_preset dev
  cd "$FIREFOX_BIDI_ROOT"
  log "testing under sanitizers"
  ctest --preset dev

  # A short fuzz run of every libFuzzer target (scripts/fuzz.sh runs longer ones).
  "$FIREFOX_BIDI_ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-20}"
fi
