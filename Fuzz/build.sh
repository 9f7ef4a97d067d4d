#!/bin/sh
# Builds the libFuzzer targets of graphcalc (see Fuzz/README.md).
#
#   Fuzz/build.sh [TARGET...]     default: every Fuzz/targets/*.swift
#
# The package's library modules are compiled with swiftc directly, one module at a time in
# dependency order, with address sanitizer and fuzzer coverage instrumentation; each fuzz
# target is then linked with them and libFuzzer (-sanitize=fuzzer provides main). The build
# goes to $FUZZ_BUILD (default /tmp/build-fuzz); binaries are $FUZZ_BUILD/fuzz-TARGET.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=${FUZZ_BUILD:-/tmp/build-fuzz}
mkdir -p "$out"
flags="-O -g -parse-as-library -swift-version 6 -sanitize=fuzzer,address -I $out -I $out/cmodules"
# The C targets (glibc's vector math for CompiledFunctions' batch evaluation), compiled with
# the toolchain's clang and the same instrumentation; a module map lets swiftc import them.
clang=$(dirname "$(command -v swiftc)")/clang
cflags="-O1 -g -gdwarf-4 -fsanitize=fuzzer-no-link,address"
mkdir -p "$out/cmodules"
printf 'module CVectorMath {\n  header "%s"\n  export *\n}\n' \
  "$root/Sources/CVectorMath/include/CVectorMath.h" > "$out/cmodules/module.modulemap"
avx2=""
[ "$(uname -m)" = x86_64 ] && avx2="-mavx2 -mfma"
# shellcheck disable=SC2086
"$clang" $cflags $avx2 -I "$root/Sources/CVectorMathAVX2/include" \
  -c "$root/Sources/CVectorMathAVX2/Loops.c" -o "$out/CVectorMathAVX2.o"
# shellcheck disable=SC2086
"$clang" $cflags -I "$root/Sources/CVectorMath/include" -I "$root/Sources/CVectorMathAVX2/include" \
  -c "$root/Sources/CVectorMath/VectorMath.c" -o "$out/CVectorMath.o"
# GMP (exact integers) is a system library: its module map points at the package's shim.
printf 'module CGMP [system] {\n  header "%s"\n  link "gmp"\n  export *\n}\n' \
  "$root/Sources/CGMP/shim.h" >> "$out/cmodules/module.modulemap"
# cairo with FreeType and zlib (PNG and PDF) and libsixel (inline pictures) likewise; their
# headers' folders come from pkg-config.
printf 'module CCairo [system] {\n  header "%s"\n  link "cairo"\n  link "freetype"\n  link "z"\n  export *\n}\n' \
  "$root/Sources/CCairo/shim.h" >> "$out/cmodules/module.modulemap"
printf 'module CSixel [system] {\n  header "%s"\n  link "sixel"\n  export *\n}\n' \
  "$root/Sources/CSixel/shim.h" >> "$out/cmodules/module.modulemap"
for dir in $(pkg-config --cflags-only-I cairo libsixel); do flags="$flags -Xcc $dir"; done
cobjs="$out/CVectorMath.o $out/CVectorMathAVX2.o"
clibs="-lgmp -lcairo -lfreetype -lz -lsixel -lm"
[ "$(uname -m)" = x86_64 ] && clibs="-lgmp -lcairo -lfreetype -lz -lsixel -lmvec -lm"
# The Swift modules GraphCalcApp needs and GraphCalcApp itself, in dependency order, from the
# package (`swift package describe`): a depth-first walk of the target dependencies, each
# module after the ones it imports, C targets left out (compiled above). Each line of
# $out/modules is a module name and its source files (relative to the package).
swift package --package-path "$root" --scratch-path "$out/describe" describe --type json \
  >"$out/package.json"
python3 - "$out/package.json" >"$out/modules" <<'PY'
import json, sys
targets = {t["name"]: t for t in json.load(open(sys.argv[1]))["targets"]}
order, seen = [], set()
def visit(name):
    if name in seen:
        return
    seen.add(name)
    t = targets[name]
    for d in t.get("target_dependencies", []):
        visit(d)
    if t["module_type"] == "SwiftTarget":
        order.append(t)
visit("GraphCalcApp")
for t in order:
    print(t["name"], " ".join(t["path"] + "/" + f for f in sorted(t["sources"])))
PY
modules=$(cut -d' ' -f1 "$out/modules")
echo "modules in order:" $modules >&2
while read -r m sources; do
  obj="$out/$m.o"
  # Rebuild a module when any of its sources or an earlier module is newer than its object.
  # shellcheck disable=SC2086
  if [ -f "$obj" ] && [ -z "$(cd "$root" && find $sources -newer "$obj")" ] \
    && [ -z "${rebuilt:-}" ]; then
    continue
  fi
  echo "compiling $m" >&2
  # shellcheck disable=SC2086
  (cd "$root" && swiftc $flags -module-name "$m" -package-name graphcalc -wmo -emit-module \
    -emit-module-path "$out/$m.swiftmodule" -c -o "$obj" $sources)
  rebuilt=1
done <"$out/modules"
targets=${*:-$(cd "$here/targets" && ls *.swift | sed 's/\.swift$//')}
for t in $targets; do
  echo "linking fuzz-$t" >&2
  rm -f "$out/fuzz-$t"
  objs="$cobjs"
  for m in $modules; do objs="$objs $out/$m.o"; done
  # shellcheck disable=SC2086
  swiftc $flags -package-name graphcalc -module-name "fuzz_$t" "$here/targets/$t.swift" $objs $clibs -o "$out/fuzz-$t" 2>&1 \
    | grep -v "Cannot export local symbol" >&2 || true
  test -x "$out/fuzz-$t"
done
