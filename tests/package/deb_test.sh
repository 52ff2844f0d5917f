#!/usr/bin/env bash
# The Debian package as a user meets it (ctest deb_package, label package): builds it with
# cpack from BUILD_DIR, installs it with apt on this machine, runs tool-host from the PATH
# against headless Firefox, builds the SDK examples against the installed SDK, then purges the
# package and checks that none of its files is left. Needs root (or sudo) and apt.
#   deb_test.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build_dir=$1 source_dir=$2 version=$3
work="$build_dir/deb-package-test"
package=firefox-bidi

fail() { echo "deb_test: $*" >&2; exit 1; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@"; fi; }
expect() {  # expect WHAT EXPECTED ACTUAL
  [[ "$2" == "$3" ]] || fail "$1:"$'\n'"  expected: [$2]"$'\n'"  actual:   [$3]"
}

if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
  fail "$package is already installed on this machine; this test installs and purges it:" \
       "remove it first (apt-get purge $package)"
fi
rm -rf "$work"
mkdir -p "$work"

# 1. Build the package from this build.
cpack --config "$build_dir/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 ||
  fail "cpack failed: $(cat "$work/cpack.log")"
deb="$work/${package}_${version}_amd64.deb"
[[ -f $deb ]] || fail "cpack made no $deb: $(ls "$work")"
depends=$(dpkg-deb -f "$deb" Depends)
for dep in firefox-esr libboost-json1.81.0 libboost-program-options1.81.0 libabsl20220623 \
           libstdc++6 libc6; do
  [[ ", $depends," == *", $dep"[\ ,]* ]] || fail "Depends lacks $dep: $depends"
done

# Only the purge below runs whatever fails from here on.
installed=
cleanup() { [[ -z $installed ]] || as_root apt-get purge -y -qq "$package" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# 2. Install it with apt, as a user would.
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >"$work/apt.log" 2>&1 ||
  fail "apt-get install failed: $(cat "$work/apt.log")"
installed=1
dpkg-query -L "$package" >"$work/files"

# 3. tool-host from the PATH, with the installed plugin as its default, in real Firefox.
expect "tool-host on the PATH" /usr/bin/tool-host "$(command -v tool-host)"
expect "the installed plugin" /usr/lib/libfirefox_bidi.so "$(grep -x '/usr/lib/libfirefox_bidi.so' "$work/files")"
out=$(cd "$work" && tool-host --config '{"firefox":{"headless":true,"offline":true}}' call \
        --args '{"frames":[{"method":"page.eval","params":{"expression":"6 * 7"}}]}')
expect "tool-host call" '{"frames":[{"index":0,"method":"page.eval","result":42}]}' "$out"
expect "tool-host mcp --print-config claude-code" "claude mcp add firefox -- /usr/bin/tool-host mcp" \
  "$(tool-host mcp --print-config claude-code)"

# 4. The SDK: the C++ consumer through find_package(agent_tool) with nothing but the system's
# paths, and the C host through the installed header alone.
cmake -S "$source_dir/host-sdk/examples/consumer" -B "$work/consumer" -G Ninja \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/consumer.log" 2>&1 ||
  fail "configuring the consumer failed: $(cat "$work/consumer.log")"
cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1 ||
  fail "building the consumer failed: $(cat "$work/consumer.log")"
grep -q '^agent_tool_DIR:PATH=/usr/lib/cmake/agent_tool$' "$work/consumer/CMakeCache.txt" ||
  fail "find_package did not find the installed SDK: $(grep agent_tool_DIR "$work/consumer/CMakeCache.txt")"
expect "consumer" "firefox_bidi $version \"Firefox (WebDriver BiDi)\" ABI 2.2
invoke {\"frames\":[]}: refused (invalid_arguments)" "$("$work/consumer/consumer" /usr/lib/libfirefox_bidi.so)"
cc -std=c99 -Wall -Werror -o "$work/minimal_host" "$source_dir/host-sdk/examples/minimal_host.c" -ldl
"$work/minimal_host" /usr/lib/libfirefox_bidi.so '{"frames":[]}' >"$work/minimal.out" 2>&1 &&
  fail "minimal_host: an empty batch was not refused: $(cat "$work/minimal.out")"
grep -q '"kind":"invalid_arguments"' "$work/minimal.out" ||
  fail "minimal_host: $(cat "$work/minimal.out")"

# 5. Purge: the package is gone and so is every file it installed.
as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "$package" >"$work/apt.log" 2>&1 ||
  fail "apt-get purge failed: $(cat "$work/apt.log")"
installed=
if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q installed; then
  fail "$package is still installed after the purge"
fi
left=()
while read -r path; do
  [[ -f $path || -L $path ]] && left+=("$path")
done <"$work/files"
((${#left[@]} == 0)) || fail "left after the purge: ${left[*]}"
command -v tool-host >/dev/null && fail "tool-host is still on the PATH: $(command -v tool-host)"
rm -rf "$work"
echo "deb_test: $deb installed, used and purged"
