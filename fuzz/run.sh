#!/bin/sh
# Builds conv's libFuzzer targets straight from the package sources and runs them.
#
#   fuzz/run.sh [--runs N] [--build-only | --no-build] [--rebuild] [--no-asan] [TARGET...]
#
# Targets: expression, arithmetic, units-file and rates-feed (ConvKit), convert (ConvKit + ConvFormat + the
# ICU shim + ConvApp), favorites, batch, batch-output, command-line, repl-line and settings (the same
# three). Default: all eleven, 1,000,000 executions each. Extra libFuzzer flags go in FUZZ_FLAGS (for example FUZZ_FLAGS=-jobs=2).
#
# Each target starts from the seeds in fuzz/corpus/TARGET (read only) and keeps what it finds in
# $FUZZ_BUILD_DIR/corpus/TARGET. A crash, a sanitizer report, a timeout (10 s for one input) or
# running out of memory stops the target, saves the input as $FUZZ_BUILD_DIR/artifacts/TARGET-*,
# and makes the script exit 1. Replay one with: $FUZZ_BUILD_DIR/fuzzer-address/fuzz-TARGET ARTIFACT
#
# Needs swiftc and clang from the Swift toolchain (SWIFTC, CLANG override them) and the ICU
# development files (libicu-dev). Builds with -O and AddressSanitizer (--no-asan: fuzzer only,
# about three times faster). A target is rebuilt when a source is newer than it (or --rebuild;
# --no-build runs what is there).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${FUZZ_BUILD_DIR:-$ROOT/.build-fuzzers}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
TOOLBIN=$(dirname "$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)")
SWIFTC=${SWIFTC:-$TOOLBIN/swiftc}
CLANG=${CLANG:-$TOOLBIN/clang}
RUNS=1000000
BUILD_ONLY=0
REBUILD=0
NO_BUILD=0
SANITIZE=fuzzer,address
TARGETS=""

while [ $# -gt 0 ]; do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --runs=*) RUNS=${1#--runs=}; shift ;;
    --build-only) BUILD_ONLY=1; shift ;;
    --rebuild) REBUILD=1; shift ;;
    --no-build) NO_BUILD=1; shift ;;
    --no-asan) SANITIZE=fuzzer; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 64 ;;
    *) TARGETS="$TARGETS $1"; shift ;;
  esac
done
[ -n "$TARGETS" ] || TARGETS="expression arithmetic units-file rates-feed convert favorites batch batch-output command-line repl-line settings"

SRC=$ROOT/Sources
OUT=$BUILD/$(echo "$SANITIZE" | tr ',' '-')
mkdir -p "$OUT/include/_ConvICU" "$BUILD/corpus" "$BUILD/artifacts" "$BUILD/logs"
# CONV_FUZZING: "did you mean" suggestions are left out of expression errors (the targets call
# Catalog.suggestions themselves, for a sample of inputs), which makes unknown words 100 times cheaper.
SWIFTFLAGS="-O -sanitize=$SANITIZE -parse-as-library -swift-version 6 -g -use-ld=lld -D CONV_FUZZING -package-name conv"
CFLAGS="-O1 -g -fsanitize=$(echo "$SANITIZE" | sed 's/fuzzer/fuzzer-no-link/')"
ICU_LIBS="-licui18n -licuuc -licudata"

swift_files() { find "$@" -name '*.swift' | sort; }

# One Swift module as a single object file plus its .swiftmodule.
build_module() {
  name=$1; shift
  echo "run.sh: compiling module $name" >&2
  # shellcheck disable=SC2046
  "$SWIFTC" $SWIFTFLAGS -module-name "$name" -I "$OUT" -I "$OUT/include/_ConvICU" \
    -wmo -c -emit-module -emit-module-path "$OUT/$name.swiftmodule" -o "$OUT/$name.o" $(swift_files "$@")
}

build_kit() {
  build_module ConvKit "$SRC/ConvKit"
}

build_app() {
  echo "run.sh: compiling the ICU shim" >&2
  "$CLANG" $CFLAGS -I "$SRC/_ConvICU/include" -c "$SRC/_ConvICU/ConvICU.c" -o "$OUT/ConvICU.o"
  cat > "$OUT/include/_ConvICU/module.modulemap" <<MAP
module _ConvICU {
  header "$SRC/_ConvICU/include/ConvICU.h"
  export *
}
MAP
  build_module ConvFormat "$SRC/ConvFormat"
  build_module ConvApp "$SRC/ConvApp"
}

# The shared checks of what conv writes (fuzz/support), for the targets that use them.
support() {
  case $1 in command-line|repl-line|settings|batch-output) echo "$ROOT/fuzz/support/WrittenText.swift" ;; esac
}

build_target() {
  target=$1
  echo "run.sh: linking fuzz-$target" >&2
  case $target in
    expression|units-file|arithmetic|rates-feed)
      "$SWIFTC" $SWIFTFLAGS -module-name Fuzz -I "$OUT" -o "$OUT/fuzz-$target" \
        "$ROOT/fuzz/targets/$target.swift" "$OUT/ConvKit.o" ;;
    convert|favorites|batch|batch-output|command-line|repl-line|settings)
      "$SWIFTC" $SWIFTFLAGS -module-name Fuzz -I "$OUT" -I "$OUT/include/_ConvICU" -o "$OUT/fuzz-$target" \
        "$ROOT/fuzz/targets/$target.swift" $(support "$target") "$OUT/ConvApp.o" "$OUT/ConvFormat.o" "$OUT/ConvKit.o" \
        "$OUT/ConvICU.o" $ICU_LIBS ;;
    *) echo "run.sh: unknown target '$target' (expression, arithmetic, units-file, rates-feed, convert, favorites, batch, batch-output, command-line, repl-line, settings)" >&2; exit 64 ;;
  esac
}

# Whether file $1 is missing, or older than a source under the other arguments (or --rebuild).
stale() {
  file=$1; shift
  [ $REBUILD = 1 ] || [ ! -f "$file" ] || [ -n "$(find "$@" -newer "$file" \
    \( -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.o' \) -print 2>/dev/null | head -n 1)" ]
}

if [ $NO_BUILD = 0 ]; then
  app=0
  for target in $TARGETS; do
    case $target in convert|favorites|batch|batch-output|command-line|repl-line|settings) app=1 ;; esac
  done
  if stale "$OUT/ConvKit.o" "$SRC/ConvKit"; then build_kit; fi
  if [ $app = 1 ] && stale "$OUT/ConvApp.o" "$SRC/ConvApp" "$SRC/ConvFormat" "$SRC/_ConvICU" "$OUT/ConvKit.o"; then
    build_app
  fi
  for target in $TARGETS; do
    if stale "$OUT/fuzz-$target" "$ROOT/fuzz/targets/$target.swift" "$ROOT/fuzz/support" "$OUT/ConvKit.o" "$OUT/ConvApp.o"; then
      build_target "$target"
    fi
  done
fi
[ $BUILD_ONLY = 0 ] || exit 0

# Swift's own crash backtracer reads memory that AddressSanitizer guards: let libFuzzer report.
export SWIFT_BACKTRACE=enable=no
status=0
total=0
for target in $TARGETS; do
  work=$BUILD/corpus/$target
  log=$BUILD/logs/$target.log
  mkdir -p "$work"
  dict=""
  [ -f "$ROOT/fuzz/dict/$target.dict" ] && dict="-dict=$ROOT/fuzz/dict/$target.dict"
  echo "run.sh: fuzzing $target for $RUNS executions (log: $log)" >&2
  # shellcheck disable=SC2086
  if ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$OUT/fuzz-$target" -runs="$RUNS" -timeout=10 \
      -rss_limit_mb=4096 -max_len=4500 -print_final_stats=1 \
      -artifact_prefix="$BUILD/artifacts/$target-" $dict ${FUZZ_FLAGS:-} "$work" "$ROOT/fuzz/corpus/$target" \
      > "$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
  fi
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  executed=${executed:-0}
  total=$((total + executed))
  echo "$target: $result, $executed executions ($(grep -c '' "$log") log lines; $(ls "$work" | wc -l) corpus files)"
  [ $result = ok ] || grep -E 'ERROR|error:|Fatal|panic|==[0-9]+==|SUMMARY|artifact' "$log" | head -n 20
done
echo "total: $total executions"
exit $status
