#!/bin/sh
# Runs one fuzz target for SECONDS seconds (see Fuzz/README.md).
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options...]
#
# Builds it if needed, copies the seed corpus Fuzz/corpus/TARGET to a working corpus in
# $FUZZ_BUILD/corpus-TARGET (the seeds in the repo stay small), and runs libFuzzer with a
# 2 GB memory limit and a 10 s limit per input (a slower input is reported as a hang).
# Crashes, hangs and leaks go to $FUZZ_BUILD/artifacts-TARGET/; the log to
# $FUZZ_BUILD/TARGET.log. Leak detection is off: the Swift runtime's caches (metadata,
# conformances) stay allocated for the life of the process and read as leaks.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${FUZZ_BUILD:-/tmp/build-fuzz}
target=$1
seconds=$2
shift 2
[ -x "$out/fuzz-$target" ] || "$here/build.sh" "$target"
mkdir -p "$out/corpus-$target" "$out/artifacts-$target"
cp -n "$here/corpus/$target"/* "$out/corpus-$target"/ 2>/dev/null || true
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$out/fuzz-$target" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096 \
  -artifact_prefix="$out/artifacts-$target/" -print_final_stats=1 "$@" \
  "$out/corpus-$target" 2>&1 | tee "$out/$target.log" | grep -E "^(#[0-9]+.*(DONE|pulse)|==|SUMMARY|stat::|Done)" || true
