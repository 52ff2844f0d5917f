#!/usr/bin/env bash
# Draws a bench --json report (see scripts/plot_bench.py), installing Debian's matplotlib
# first when it is missing.
#   scripts/plot-bench.sh REPORT.json OUT.svg|OUT.png [--title TEXT]
set -euo pipefail
source "$(dirname "$0")/common.sh"
ensure_packages python3-matplotlib
exec /usr/bin/python3 "$FIREFOX_BIDI_ROOT/scripts/plot_bench.py" "$@"
