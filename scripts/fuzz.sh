#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/) and runs each for a while on a copy of
# its seed corpus (fixtures/fuzz/<target>/). A crash fails the script and leaves the input in
# build-fuzz/findings/<target>/.
#   scripts/fuzz.sh [SECONDS_PER_TARGET]     (default 60)
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-60}"
ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}" clang libclang-rt-14-dev

cd "$FIREFOX_BIDI_ROOT"
if [[ ! -f build-fuzz/CMakeCache.txt ]]; then
  log "configuring build-fuzz (clang + libFuzzer)"
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFIREFOX_BIDI_FUZZ=ON -DFIREFOX_BIDI_TESTS=OFF -DFIREFOX_BIDI_BENCH=OFF >/dev/null
fi
targets=()
for source in tests/fuzz/fuzz_*.cc; do
  targets+=("$(basename "$source" .cc)")
done
log "building ${targets[*]}"
cmake --build build-fuzz --target "${targets[@]}"

for target in "${targets[@]}"; do
  seeds="fixtures/fuzz/${target#fuzz_}"
  corpus="build-fuzz/corpus/$target"
  findings="build-fuzz/findings/$target"
  mkdir -p "$corpus" "$findings"
  cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
  log "fuzzing $target for ${seconds}s"
  "build-fuzz/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" 2>"build-fuzz/$target.log" ||
    { tail -40 "build-fuzz/$target.log"; log "$target FAILED: input in $findings/"; exit 1; }
  grep -E '^stat::number_of_executed_units' "build-fuzz/$target.log" | sed "s/^/$target /" >&2
done
log "fuzzing passed"
