#!/bin/sh
# Runs every fuzz target for SECONDS seconds each, two at a time (see Fuzz/README.md).
#
#   Fuzz/run-all.sh SECONDS
#
# Prints each target's final statistics; the logs are $FUZZ_BUILD/TARGET.log. Exits 1 when
# any target found a crash, hang or memory error (its artifact is in
# $FUZZ_BUILD/artifacts-TARGET/).
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${FUZZ_BUILD:-/tmp/build-fuzz}
seconds=${1:?usage: Fuzz/run-all.sh SECONDS}
"$here/build.sh" || exit 1
set -- $(cd "$here/targets" && ls *.swift | sed 's/\.swift$//')
status=0
while [ $# -gt 0 ]; do
  a=$1; shift
  b=${1:-}; [ $# -gt 0 ] && shift
  "$here/run.sh" "$a" "$seconds" > "$out/$a.summary" &
  pa=$!
  if [ -n "$b" ]; then "$here/run.sh" "$b" "$seconds" > "$out/$b.summary" & pb=$!; fi
  wait $pa
  [ -n "$b" ] && wait $pb
  for t in $a $b; do
    echo "== $t"; cat "$out/$t.summary"
    if ls "$out/artifacts-$t"/* >/dev/null 2>&1; then echo "findings: $(ls "$out/artifacts-$t")"; status=1; fi
  done
done
exit $status
