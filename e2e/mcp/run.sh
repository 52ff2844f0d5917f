#!/bin/sh
# Runs an MCP client e2e test: installs the pinned Node dependencies (npm ci from
# package-lock.json, skipped when node_modules already matches it) and runs `node --test`.
#   e2e/mcp/run.sh [PATH/TO/tool-host [TEST.mjs]]
# (defaults: build/bin/tool-host of the source tree; mcp_client.test.mjs, the stdio client;
# mcp_http.test.mjs is the Streamable HTTP one)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
if [ "$#" -ge 1 ]; then
  TOOL_HOST=$1
  export TOOL_HOST
fi
test_file=${2:-mcp_client.test.mjs}
# npm writes node_modules/.package-lock.json on install; when it is newer than the lock file
# the tree is current and npm ci (which deletes and re-downloads) is not needed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
exec node --test --test-reporter=spec "$test_file"
