#!/usr/bin/env bash
# Writes scripts/startup-order.txt: the code and data a one-shot `conv` uses, one name per input
# section, for the linker's --symbol-ordering-file (see the Makefile).
#
# Why: the kernel maps a program's code 64 KB at a time around each page it faults in ("fault-around";
# on kernels with large folios in the page cache, the whole folio, which can be larger), so the peak
# memory of a short run is set by how many windows of code it touches, not by how much code it runs.
# A one-shot conversion runs about 600 KB of code spread over 9 MB of text.
#
# The same holds for data (type metadata, tables, the runtime's caches), read 64 KB around each page.
#
# How: callgrind lists the instructions each command line below runs, and lackey the data it reads
# and writes; scripts/startup-order.py maps them to the input sections of the link (lld orders
# sections, and a name moves every section that defines it: see there) through the link map of the
# profiled build, and names each section once, those of `conv 5 mi km` first, then those of the
# other measured one-shots, then the rest.
#
# A stale list is harmless (missing names are skipped, new functions end up elsewhere): regenerate
# it when the one-shot path changes much, and compare `scripts/compare-gnu-units.sh` before and after.
#
# Usage: scripts/generate-startup-order.sh
# Needs: valgrind (callgrind, lackey), objcopy (binutils), python3, lld (the Makefile's ordered link).
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=scripts/startup-order.txt
for tool in valgrind objcopy python3; do
  command -v "$tool" >/dev/null || { echo "error: '$tool' is needed (Debian: valgrind, binutils, python3)" >&2; exit 2; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/conv-order.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
# The binary users get, linked again (removed first: an up-to-date build would not link) with its map.
BIN=.build/release/conv
rm -f "$BIN"
make build-conv LINK_MAP="$WORK/conv.map" >&2
[ -x "$BIN" ] && [ -s "$WORK/conv.map" ] || { echo "error: no conv binary or link map (is ld.lld next to swift?)" >&2; exit 2; }
# Valgrind cannot read the DWARF of this build; the symbol table is all it needs.
objcopy --strip-debug "$BIN" "$WORK/conv"
mkdir -p "$WORK/home"

# The one-shot command lines, by priority: 1 is the one-shot of issue 23's measure, 2 the others
# it measures (scripts/compare-gnu-units.sh), 3 other common ones. Each entry is
# "PRIORITY LANG WORDS...".
commands=(
  "1 C.UTF-8 5 mi km"
  "2 en_US.UTF-8 5 mi km"
  "2 C.UTF-8 -t 5 mi km"
  "2 C.UTF-8 info ft"
  "2 de_DE.UTF-8 5 mi km"
  "2 C.UTF-8 --version"
  "3 C.UTF-8 5 mi"
  "3 C.UTF-8 100 F C"
  "3 C.UTF-8 30 mpg L/100km"
  "3 C.UTF-8 1 GiB MB"
  "3 C.UTF-8 --json 5 mi km"
  "3 C.UTF-8 2 m^2 ft^2"
  "3 C.UTF-8 6 ft 2 in cm"
  "3 C.UTF-8 5 furlongs km"
  "3 C.UTF-8 5 miles kilometres"
  "3 C.UTF-8 --exact 1 ft m"
  "3 C.UTF-8 5 foo km"
  "3 fr_FR.UTF-8 5 mi km"
  "3 de_DE.UTF-8 info ft"
  "3 C.UTF-8 search foot"
)
index=0
for entry in "${commands[@]}"; do
  index=$((index + 1))
  read -r priority lang line <<< "$entry"
  profile="$WORK/t$priority.$(printf %02d "$index")"
  # shellcheck disable=SC2086  # the words of the command line are meant to split
  env -i PATH="$PATH" HOME="$WORK/home" LANG="$lang" \
    valgrind --tool=callgrind --demangle=no --dump-instr=yes --compress-pos=no --compress-strings=no \
    --callgrind-out-file="$profile" "$WORK/conv" $line > /dev/null 2>&1 < /dev/null || true
  [ -s "$profile" ] || { echo "error: callgrind wrote nothing for 'conv $line'" >&2; exit 1; }
  # The data it reads and writes (lackey logs every access: tens of MB a run, so the measured
  # one-shots only).
  [ "$priority" -le 2 ] || continue
  # shellcheck disable=SC2086
  env -i PATH="$PATH" HOME="$WORK/home" LANG="$lang" \
    valgrind --tool=lackey --trace-mem=yes --log-file="$WORK/d$priority.$(printf %02d "$index")" \
    "$WORK/conv" $line > /dev/null 2>&1 < /dev/null || true
done

python3 scripts/startup-order.py "$WORK/conv.map" "$WORK"/t[0-9].* --data "$WORK"/d[0-9].* > "$OUT"
echo "wrote $OUT: $(grep -vc '^#' "$OUT") functions" >&2
