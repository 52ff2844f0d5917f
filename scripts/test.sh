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

if [[ $# -eq 0 ]]; then
  # Everything built again under ASan+UBSan (build-dev/), and the unit and integration tiers
  # run on it below (the fake BiDi peer drives the plugin's faults; LeakSanitizer checks every
  # tool-host they start). The e2e tier runs under sanitizers on demand:
  # ctest --preset dev-e2e (docs/development.md says why, and what it costs).
  # The build runs at the lowest priority while the release tiers run: they mostly wait on
  # the browser and the Grid's clock, and the compiler takes the CPU they leave.
  dev_build_log="$FIREFOX_BIDI_ROOT/build/dev-build.log"
  setsid nice -n 19 bash -c 'source "$1/scripts/common.sh" && build_preset dev' _ "$FIREFOX_BIDI_ROOT" \
    >"$dev_build_log" 2>&1 &
  dev_build=$!
  trap 'kill -- -"$dev_build" 2>/dev/null || true' EXIT
  log "building (dev) in the background: $dev_build_log"
fi

cd "$FIREFOX_BIDI_ROOT"
log "testing"
ctest --preset release "$@"

if [[ $# -eq 0 ]]; then
  log "waiting for the dev build"
  wait "$dev_build" || { tail -n 60 "$dev_build_log"; log "the dev build FAILED"; exit 1; }
  trap - EXIT
  cd "$FIREFOX_BIDI_ROOT"
  log "testing under sanitizers"
  ctest --preset dev

  # A short fuzz run of every libFuzzer target (scripts/fuzz.sh runs longer ones).
  "$FIREFOX_BIDI_ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-20}"
fi
