#!/bin/sh
# Lints the page helpers' JavaScript (plugin/src/page/js, rules in eslint.config.mjs) and checks
# that it defines exactly the page operations plugin/src/page/operations.json declares. Installs
# the pinned eslint first (npm ci from package-lock.json, skipped when node_modules matches it).
#   tests/lint/run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$here"
# npm writes node_modules/.package-lock.json on install; when it is newer than the lock file
# the tree is current and npm ci (which deletes and re-downloads) is not needed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
cd "$root"
node "$here/check_ops.mjs" plugin/src/page/operations.json plugin/src/page/js
exec "$here/node_modules/.bin/eslint" --config "$here/eslint.config.mjs" --max-warnings 0 \
  plugin/src/page/js
