#!/usr/bin/env bash
# Compares conv with GNU units side by side, in one run, on this machine:
#   - one-shot: `conv 5 mi km` (and `conv -t 5 mi km`) against `units -t '5 mi' km` and a fully
#     static Swift "hello world" (the floor of any Swift program, built here with
#     `swiftc -static-executable`), median wall time over many runs (hyperfine -N: no shell in
#     between), and `conv search foot` and `conv info ft` against the one-shot;
#   - batch: 100,000 mixed conversions from standard input (`123.4 mi to km` for conv; the same
#     conversions as have/want line pairs for `units -t`), lines per second; then each line family
#     of issue 23 apart (scripts/compare-line-families.sh: simple, compound, exponent, fraction,
#     e-notation, long number, 20-factor chain, 10 % bad lines);
#   - peak RSS (/usr/bin/time -f %M) of a one-shot (conv, GNU units, the Swift floor) and of the
#     batch run;
#   - the size of the conv binary, stripped.
# Every target is a ratio measured here, in the same run (the machine may be shared and noisy).
#
# Usage: scripts/compare-gnu-units.sh          (from the repository root)
# Environment:
#   SCRATCH=DIR     build directory (default .build-perf)
#   LINK=static     fully static executable, as `make` builds it (default): static Swift runtime,
#                   glibc, libstdc++, ICU and readline (passed on to make)
#   LINK=stdlib     static Swift runtime only (ICU and libc shared), as `make LINK=stdlib` builds it
#   BIN=PATH        measure this conv binary instead of building one
#   RUNS=N          one-shot runs per command (default 300), in ROUNDS=N rounds (default 10);
#   LINES=N         batch lines (default 100000); FAMILY_LINES=N lines per family (default 50000)
# Needs: swift (swiftc), hyperfine, units (GNU units), /usr/bin/time (Debian packages: units
# hyperfine time), awk, strip (binutils).
set -euo pipefail

cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build-perf}
LINK=${LINK:-static}
RUNS=${RUNS:-300}
LINES=${LINES:-100000}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/conv-compare.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

for tool in hyperfine units /usr/bin/time awk swiftc strip; do
  command -v "$tool" >/dev/null || { echo "error: '$tool' is needed (Debian: hyperfine, units, time, binutils)" >&2; exit 2; }
done

# MARK: Build
if [ -z "${BIN:-}" ]; then
  # The binary `make install` installs: the Makefile holds the link flags (static, function order).
  # conv alone (`build-conv`): the rates download helper is not measured.
  echo "building: make build-conv SCRATCH=$SCRATCH LINK=$LINK" >&2
  make build-conv SCRATCH="$SCRATCH" LINK="$LINK" >&2
  BIN="$SCRATCH/release/conv"
fi
[ -x "$BIN" ] || { echo "error: no conv binary at $BIN" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

# The floor: a fully static Swift "hello world", built with the same toolchain.
echo 'print("hello, world")' > "$WORK/hello.swift"
swiftc -O -static-executable "$WORK/hello.swift" -o "$WORK/hello" >&2
HELLO="$WORK/hello"

# MARK: Inputs: the same conversions for both programs
{ grep -v '^#' scripts/unit-pairs.txt; cat <<'EOF'
tbsp mL tbsp ml
cal J cal J
mmHg kPa mmHg kPa
acre m² acre m^2
ha acre hectare acre
week s week s
MB bit MB bit
EOF
} > "$WORK/pairs"
awk -v seed=1 -v count="$LINES" -v conv="$WORK/conv.txt" -v units="$WORK/units.txt" '
  BEGIN { n = 0 }
  { from[n] = $1; to[n] = $2; ufrom[n] = $3; uto[n] = $4; n++ }
  END {
    srand(seed)
    for (i = 0; i < count; i++) {
      digits = int(rand() * 4); decimals = int(rand() * 4)
      value = sprintf("%d", int(rand() * 10 ^ (digits + 1)))
      if (decimals > 0) value = value sprintf(".%0" decimals "d", int(rand() * 10 ^ decimals))
      if (rand() < 0.05) {
        print value " °F to °C" > conv; print "tempF(" value ")\ntempC" > units
      } else {
        k = int(rand() * n)
        print value " " from[k] " to " to[k] > conv; print value " " ufrom[k] "\n" uto[k] > units
      }
    }
  }' "$WORK/pairs"

# Both must convert every line, and agree to 7 significant digits (units prints 8).
"$BIN" -t < "$WORK/conv.txt" > "$WORK/conv.out"
units -t < "$WORK/units.txt" > "$WORK/units.out"
paste "$WORK/conv.out" "$WORK/units.out" | awk -v lines="$LINES" '
  { n++; a = $1 + 0; b = $2 + 0; d = a - b; if (d < 0) d = -d; m = (a < 0 ? -a : a)
    if (d > 1e-7 * m + 1e-300) bad++ }
  END { if (n != lines || bad > 0) { printf "error: %d lines, %d disagree\n", n, bad > "/dev/stderr"; exit 1 } }'

# MARK: Machine
echo "== machine"
echo "cpu:      $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores online"
echo "kernel:   $(uname -sr)"
echo "swift:    $(swift --version 2>/dev/null | head -1)"
echo "conv:     $BIN ($(du -h "$BIN" | cut -f1), link: ${LINK})"
echo "units:    $(units --version | head -1)"
echo "tools:    $(hyperfine --version)"
echo

# MARK: One-shot
# In ROUNDS rounds of RUNS/ROUNDS runs of each command, so that a change of load on a shared machine
# hits all three alike; the medians are over every run.
ROUNDS=${ROUNDS:-10}
PER_ROUND=$(( (RUNS + ROUNDS - 1) / ROUNDS ))
echo "== one-shot (hyperfine -N, $ROUNDS interleaved rounds of $PER_ROUND runs each, 3 warm-up runs per round)"
: > "$WORK/oneshot.times"
for _ in $(seq "$ROUNDS"); do
  hyperfine -N -w 3 -r "$PER_ROUND" --export-json "$WORK/round.json" \
    -n "conv 5 mi km" "$BIN 5 mi km" \
    -n "conv -t 5 mi km" "$BIN -t 5 mi km" \
    -n "units -t '5 mi' km" "units -t '5 mi' km" \
    -n "static Swift hello" "$HELLO" \
    -n "conv search foot" "$BIN search foot" \
    -n "conv info ft" "$BIN info ft" >/dev/null 2>&1
  # Every run's time, as "command<TAB>seconds" lines.
  awk '/"command":/ { sub(/^[^:]*: "/, ""); sub(/",?$/, ""); name = $0 }
       /"times": \[/ { inside = 1; next }
       inside && /\]/ { inside = 0 }
       inside { gsub(/[ ,]/, ""); print name "\t" $0 }' "$WORK/round.json" >> "$WORK/oneshot.times"
done
median_of() { awk -F'\t' -v name="$1" '$1 == name { print $2 }' "$WORK/oneshot.times" | sort -g |
  awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.6f", m }'; }
human=$(median_of "conv 5 mi km"); terse=$(median_of "conv -t 5 mi km"); gnu=$(median_of "units -t '5 mi' km")
floor=$(median_of "static Swift hello"); search=$(median_of "conv search foot"); info=$(median_of "conv info ft")
awk -v a="$human" -v b="$terse" -v u="$gnu" -v h="$floor" -v s="$search" -v i="$info" 'BEGIN {
  printf "  %-22s median %7.2f ms  ratio to units %5.2f\n", "conv 5 mi km", a * 1000, a / u
  printf "  %-22s median %7.2f ms  ratio to units %5.2f\n", "conv -t 5 mi km", b * 1000, b / u
  printf "  %-22s median %7.2f ms\n", "units -t '\''5 mi'\'' km", u * 1000
  printf "  %-22s median %7.2f ms  ratio to units %5.2f\n", "static Swift hello", h * 1000, h / u
  printf "  %-22s median %7.2f ms  ratio to conv 5 mi km %5.2f\n", "conv search foot", s * 1000, s / a
  printf "  %-22s median %7.2f ms  ratio to conv 5 mi km %5.2f\n", "conv info ft", i * 1000, i / a
  printf "  target: conv 5 mi km <= 0.25x units -> %s\n", (a <= 0.25 * u ? "met" : "MISSED")
  printf "  target: conv search foot, conv info ft <= 2.5x a one-shot -> %s, %s\n", (s <= 2.5 * a ? "met" : "MISSED"), (i <= 2.5 * a ? "met" : "MISSED")
}'
echo

# MARK: Batch
echo "== batch ($LINES lines from standard input; median wall time)"
hyperfine -w 1 -r 10 --export-csv "$WORK/batch-conv.csv" \
  -n "conv -t" "$BIN -t < $WORK/conv.txt > /dev/null" \
  -n "conv (human)" "$BIN < $WORK/conv.txt > /dev/null" >/dev/null
hyperfine -w 0 -r 3 --export-csv "$WORK/batch-units.csv" \
  -n "units -t" "units -t < $WORK/units.txt > /dev/null" >/dev/null
cat "$WORK/batch-conv.csv" <(tail -n +2 "$WORK/batch-units.csv") | awk -F, -v lines="$LINES" '
  NR > 1 { name[NR] = $1; median[NR] = $4 }
  END {
    base = lines / median[4]
    for (i = 2; i <= 4; i++) printf "  %-14s %8.1f ms  %10.0f lines/s  ratio to units %6.1f\n", name[i], median[i] * 1000, lines / median[i], lines / median[i] / base
    printf "  target: conv -t >= 20x units -> %s\n", (lines / median[2] >= 20 * base ? "met" : "MISSED")
  }'
echo

# MARK: Line families
echo "== batch by line family (${FAMILY_LINES:-50000} lines each, -t; median wall of 5 runs, GNU units of 3)"
FAMILY_LINES=${FAMILY_LINES:-50000} "$(dirname "$0")/compare-line-families.sh" "$BIN"
echo

# MARK: Memory
echo "== peak RSS (/usr/bin/time -f %M, KB; median of 5)"
rss() { for _ in 1 2 3 4 5; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 3p; }
rss_in() { local input=$1; shift; for _ in 1 2 3 4 5; do /usr/bin/time -f %M "$@" < "$input" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 3p; }
conv_human=$(rss "$BIN" 5 mi km)
conv_terse=$(rss "$BIN" -t 5 mi km)
units_one=$(rss units -t '5 mi' km)
hello_one=$(rss "$HELLO")
conv_batch=$(rss_in "$WORK/conv.txt" "$BIN" -t)
units_batch=$(rss_in "$WORK/units.txt" units -t)
awk -v a="$conv_human" -v b="$conv_terse" -v u="$units_one" -v h="$hello_one" -v c="$conv_batch" -v v="$units_batch" 'BEGIN {
  printf "  one-shot  conv 5 mi km %6d   conv -t %6d   units -t %6d   ratios %.2f / %.2f\n", a, b, u, a / u, b / u
  printf "  floor     static Swift hello %6d   conv 5 mi km / floor %.2f\n", h, a / h
  printf "  batch     conv -t      %6d   units -t %6d   ratio %.2f\n", c, v, c / v
  printf "  target (issue 35): one-shot peak RSS <= 8 MB, batch flat -> %s (batch: see the 200,000-line check of make check)\n", (a <= 8192 ? "met" : "MISSED")
}'
echo

# MARK: Size
echo "== size"
strip -o "$WORK/conv.stripped" "$BIN"
units_bin=$(command -v units)
units_data=$(units --version 2>/dev/null | awk -F"'" '/units data file/ { print $2; exit }')
size_of() { stat -L -c %s "$1"; }
awk -v c="$(size_of "$WORK/conv.stripped")" -v u="$(size_of "$units_bin")" -v d="${units_data:+$(size_of "$units_data")}" 'BEGIN {
  printf "  conv, stripped          %12d bytes (%.1f MB)\n", c, c / 1e6
  printf "  units                   %12d bytes%s\n", u, (d != "" ? sprintf(", data file %d bytes", d) : "")
  printf "  target (issue 35): conv <= 20 MB -> %s\n", (c <= 20e6 ? "met" : "MISSED")
}'
