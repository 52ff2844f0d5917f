#!/usr/bin/env bash
# Installs what is missing, builds the release preset, and makes the Debian package
# build/package/firefox-bidi_<version>_amd64.deb (CPack; dpkg-shlibdeps finds the libraries it
# needs). Install it with: sudo apt-get install ./build/package/firefox-bidi_*_amd64.deb
set -euo pipefail
source "$(dirname "$0")/common.sh"

# dpkg-dev: dpkg-shlibdeps; file: how CPack tells the binaries apart.
ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}" dpkg-dev file
build_preset release

cd "$FIREFOX_BIDI_ROOT/build"
log "packaging"
cpack --config CPackConfig.cmake >/dev/null
ls "$FIREFOX_BIDI_ROOT"/build/package/firefox-bidi_*_amd64.deb
