#!/usr/bin/env bash
# Installs what is missing, builds, and runs an example batch of page helpers against headless
# Firefox on a local page (fixtures/pages/demo.html: no network), printed for reading.
#   scripts/demo.sh [BATCH.json]     (default: fixtures/batches/demo.json)
# "@FIXTURES@" in the batch stands for this checkout's fixtures/ directory, the only place
# file: URLs may point to here (file_roots).
set -euo pipefail
source "$(dirname "$0")/common.sh"

ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}"
build_preset release

fixtures="$FIREFOX_BIDI_ROOT/fixtures"
batch="${1:-$fixtures/batches/demo.json}"
tool_host="$FIREFOX_BIDI_ROOT/build/bin/tool-host"
config=$(printf '{"firefox":{"headless":true},"file_roots":["%s"]}' "$fixtures")
log "running $(basename "$batch") against headless Firefox"
sed "s|@FIXTURES@|$fixtures|g" "$batch" | "$tool_host" --config "$config" call --pretty

log "to let your agent drive Firefox, register the MCP server, e.g. for Claude Code:"
"$tool_host" mcp --print-config claude-code >&2
log "other hosts: $tool_host mcp --print-config json|vscode|codex (docs/mcp.md)"
