#!/bin/sh
# Runs the e2e_widgets suite (e2e/widgets_test.cc): installs the published UI libraries its
# pages load (npm ci in fixtures/widgets from its package-lock.json, skipped when
# node_modules already matches it), then runs the suite, which the plain e2e_tests run skips.
#   e2e/widgets/run.sh PATH/TO/e2e_tests
set -eu
e2e_tests=$1
libraries="$(cd "$(dirname "$0")/../../fixtures/widgets" && pwd)"
# npm writes node_modules/.package-lock.json on install; when it is newer than the lock file
# the tree is current and npm ci (which deletes and re-downloads) is not needed.
if [ ! -f "$libraries/node_modules/.package-lock.json" ] ||
   [ "$libraries/package-lock.json" -nt "$libraries/node_modules/.package-lock.json" ]; then
  (cd "$libraries" && npm ci --no-audit --no-fund --loglevel=error)
fi
exec "$e2e_tests" --log_level=test_suite --report_level=short --run_test=e2e_widgets
