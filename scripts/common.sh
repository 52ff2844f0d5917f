# Shared by demo.sh and test.sh: install what is missing, then build. Sourced, not run.
# Idempotent: nothing is installed or rebuilt when it is already there.

FIREFOX_BIDI_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian 12 packages the build and the browser need. Boost 1.81, not the default 1.74, which
# has no Boost.JSON.
FIREFOX_BIDI_BUILD_PACKAGES=(
  g++ cmake ninja-build pkg-config
  libboost1.81-dev libboost-json1.81-dev libboost-program-options1.81-dev
  libboost-test1.81-dev libabsl-dev
  firefox-esr
)

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

# Installs the named Debian packages that are not installed yet (one apt-get update, only when
# something is missing).
ensure_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  if ((${#missing[@]} == 0)); then
    return 0
  fi
  log "installing: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
}

# Node.js and npm, for the MCP client test only. An existing node (any source) is kept.
ensure_node() {
  if command -v node >/dev/null && command -v npm >/dev/null; then
    return 0
  fi
  ensure_packages nodejs npm
}

# Configures (once) and builds the preset $1 (default: release) into build/ or build-dev/.
build_preset() {
  local preset="${1:-release}"
  cd "$FIREFOX_BIDI_ROOT"
  local dir=build
  [[ $preset == dev ]] && dir=build-dev
  if [[ ! -f $dir/CMakeCache.txt ]]; then
    log "configuring ($preset)"
    cmake --preset "$preset" >/dev/null
  fi
  log "building ($preset)"
  cmake --build --preset "$preset"
}
