#!/usr/bin/env bash
# Starts a private Selenium Grid for the grid tests, runs them, and stops the Grid: on exit
# (trap) and, should this script be killed outright, through grid.sh's owner watcher.
#   e2e/grid/run.sh BUILD_DIR GRID_TESTS [boost.test args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build_dir=$1
tests=$2
shift 2

# Ports and a state directory of its own, so a Grid a user runs on 4444 is left alone.
export GRID_DIR="$build_dir/grid-test"
export GRID_PORT=4464 GRID_NODE_PORT=5575 GRID_EVENT_PORTS="4462 4463"
export GRID_MAX_SESSIONS=3 GRID_SESSION_TIMEOUT=50 GRID_REQUEST_TIMEOUT=25
export GRID_DRIVER="$build_dir/bin/fake-geckodriver"
export GRID_OWNER_PID=$$

trap '"$root/scripts/grid.sh" stop' EXIT
"$root/scripts/grid.sh" stop  # whatever a killed earlier run left
url=$("$root/scripts/grid.sh" start | tail -n 1)
export FIREFOX_BIDI_GRID_URL="$url"
"$tests" "$@"
