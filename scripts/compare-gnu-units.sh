#!/usr/bin/env bash
# Compares conv with GNU units side by side, in one run, on this machine:
#   - one-shot: `conv 5 mi km` (and `conv -t 5 mi km`) against `units -t '5 mi' km`, median wall
#     time over many runs (hyperfine -N: no shell in between);
#   - batch: 100,000 mixed conversions from standard input (`123.4 mi to km` for conv; the same
#     conversions as have/want line pairs for `units -t`), lines per second;
#   - peak RSS (/usr/bin/time -f %M) of a one-shot and of the batch run.
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
#   LINES=N         batch lines (default 100000)
# Needs: swift, hyperfine, units (GNU units), /usr/bin/time (Debian package `time`), awk.
set -euo pipefail

cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build-perf}
LINK=${LINK:-static}
RUNS=${RUNS:-300}
LINES=${LINES:-100000}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/conv-compare.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

for tool in hyperfine units /usr/bin/time awk; do
  command -v "$tool" >/dev/null || { echo "error: '$tool' is needed (Debian: hyperfine, units, time)" >&2; exit 2; }
done

# MARK: Build
if [ -z "${BIN:-}" ]; then
  # The binary `make install` installs: the Makefile holds the link flags (static, function order).
  echo "building: make build SCRATCH=$SCRATCH LINK=$LINK" >&2
  make build SCRATCH="$SCRATCH" LINK="$LINK" >&2
  BIN="$SCRATCH/release/conv"
fi
[ -x "$BIN" ] || { echo "error: no conv binary at $BIN" >&2; exit 2; }

# MARK: Inputs: the same conversions for both programs
cat > "$WORK/pairs" <<'EOF'
mi km mi km
km mi km mi
ft m ft m
in cm in cm
yd m yd m
nmi km nmi km
lb kg lb kg
kg lb kg lb
oz g oz g
gal L gal liter
cup mL cup ml
tbsp mL tbsp ml
mph km/h mph km/hr
kWh MJ kWh MJ
cal J cal J
BTU kJ btu kJ
hp kW hp kW
psi kPa psi kPa
atm Pa atm Pa
mmHg kPa mmHg kPa
acre m² acre m^2
ha acre hectare acre
day h day hr
week s week s
eV J eV J
lbf N lbf N
MB bit MB bit
EOF
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
    -n "units -t '5 mi' km" "units -t '5 mi' km" >/dev/null 2>&1
  # Every run's time, as "command<TAB>seconds" lines.
  awk '/"command":/ { sub(/^[^:]*: "/, ""); sub(/",?$/, ""); name = $0 }
       /"times": \[/ { inside = 1; next }
       inside && /\]/ { inside = 0 }
       inside { gsub(/[ ,]/, ""); print name "\t" $0 }' "$WORK/round.json" >> "$WORK/oneshot.times"
done
median_of() { awk -F'\t' -v name="$1" '$1 == name { print $2 }' "$WORK/oneshot.times" | sort -g |
  awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.6f", m }'; }
human=$(median_of "conv 5 mi km"); terse=$(median_of "conv -t 5 mi km"); gnu=$(median_of "units -t '5 mi' km")
awk -v a="$human" -v b="$terse" -v u="$gnu" 'BEGIN {
  printf "  %-22s median %7.2f ms  ratio to units %5.2f\n", "conv 5 mi km", a * 1000, a / u
  printf "  %-22s median %7.2f ms  ratio to units %5.2f\n", "conv -t 5 mi km", b * 1000, b / u
  printf "  %-22s median %7.2f ms\n", "units -t '\''5 mi'\'' km", u * 1000
  printf "  target: conv 5 mi km <= 0.5x units -> %s\n", (a <= 0.5 * u ? "met" : "MISSED")
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

# MARK: Memory
echo "== peak RSS (/usr/bin/time -f %M, KB; median of 5)"
rss() { for _ in 1 2 3 4 5; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 3p; }
rss_in() { local input=$1; shift; for _ in 1 2 3 4 5; do /usr/bin/time -f %M "$@" < "$input" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 3p; }
conv_human=$(rss "$BIN" 5 mi km)
conv_terse=$(rss "$BIN" -t 5 mi km)
units_one=$(rss units -t '5 mi' km)
conv_batch=$(rss_in "$WORK/conv.txt" "$BIN" -t)
units_batch=$(rss_in "$WORK/units.txt" units -t)
awk -v a="$conv_human" -v b="$conv_terse" -v u="$units_one" -v c="$conv_batch" -v v="$units_batch" 'BEGIN {
  printf "  one-shot  conv 5 mi km %6d   conv -t %6d   units -t %6d   ratios %.2f / %.2f\n", a, b, u, a / u, b / u
  printf "  batch     conv -t      %6d   units -t %6d   ratio %.2f\n", c, v, c / v
  printf "  target: one-shot peak RSS <= units -> %s\n", (a <= u ? "met" : "MISSED")
}'
