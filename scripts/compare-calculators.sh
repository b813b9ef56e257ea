#!/usr/bin/env bash
# Compares conv with GNU units, qalc (Qalculate!) and Numbat side by side, in one run, on this
# machine:
#   - one-shot: `conv -t 5 mi km`, `units -t '5 mi' km`, `qalc -t '5 mi to km'` and
#     `numbat -e '5 mi -> km'` in ONE hyperfine run (-N: no shell in between), median wall time
#     and the ratio to GNU units;
#   - peak RSS of each one-shot (/usr/bin/time -f %M, median of 5 runs);
#   - batch: LINES mixed conversions through each tool's batch mode, conversions per second:
#     `conv -t` reads `123.4 mi to km` lines, `units -t` have/want line pairs, `qalc -t -f -` one
#     expression a line (plain `qalc -t < file` echoes a prompt and colours), and numbat runs a
#     script of `print(123.4 mi -> km)` lines.
# Every conversion is first put to every tool and its answer compared with conv's (7 significant
# digits; Numbat prints 6, so 5 for it). A conversion that a tool does not parse, or answers
# differently, is dropped for all tools and named, so that every tool does the same work; the
# batch outputs are checked against conv's the same way. Tools that are not installed are skipped
# with a message. qalc and Numbat run with an empty configuration directory (XDG_CONFIG_HOME and
# XDG_DATA_HOME point into a scratch directory): both save settings or history there.
#
# Usage: scripts/compare-calculators.sh          (from the repository root)
# Environment:
#   BIN=PATH        measure this conv binary (default: `make build SCRATCH=$SCRATCH`, then
#                   $SCRATCH/release/conv; LINK=static|stdlib is passed on to make)
#   SCRATCH=DIR     build directory for the default build (default .build-perf)
#   RUNS=N          one-shot runs per command (default 100, after 5 warm-up runs)
#   LINES=N         batch conversions (default 10000)
#   BATCH_RUNS=N    timed batch runs per tool (default 3); QALC_BATCH_RUNS=N for qalc (default 1:
#                   qalc 4.5 waits in 10 ms sleeps for each result, about 20 ms a line)
# Needs: hyperfine, /usr/bin/time (Debian package `time`), awk. Compared if installed: units
# (Debian `units`), qalc (Debian `qalc`), numbat (`cargo install numbat-cli`).
set -euo pipefail

cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build-perf}
RUNS=${RUNS:-100}
LINES=${LINES:-10000}
BATCH_RUNS=${BATCH_RUNS:-3}
QALC_BATCH_RUNS=${QALC_BATCH_RUNS:-1}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/conv-calculators.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"

for tool in hyperfine /usr/bin/time awk; do
  command -v "$tool" >/dev/null || { echo "error: '$tool' is needed (Debian: hyperfine, time)" >&2; exit 2; }
done

# MARK: Build
if [ -z "${BIN:-}" ]; then
  echo "building: make build SCRATCH=$SCRATCH" >&2
  make build SCRATCH="$SCRATCH" >&2
  BIN="$SCRATCH/release/conv"
fi
[ -x "$BIN" ] || { echo "error: no conv binary at $BIN" >&2; exit 2; }

# The tools present; the others are skipped with a message.
TOOLS=(conv)
for tool in units qalc numbat; do
  if command -v "$tool" >/dev/null; then TOOLS+=("$tool"); else echo "skipped: $tool is not installed" >&2; fi
done
has() { local t; for t in "${TOOLS[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

# MARK: The conversions, as each tool spells them
# conv from/to, units have/want, qalc from/to, numbat from/to. qalc: `NauticalMile` (its `nmi` is a
# nanomile), `cal_th` (its `cal` is the International Table calorie; conv's, units' and Numbat's
# is the thermochemical one). `-unit` in qalc's target turns off its mixed units (`76 mi + 1191 yd
# + …`). The °F → °C line stands for the temperature conversions (5 % of the batch), written
# `tempF(x)`/`tempC` in units and `from_fahrenheit(x) -> celsius` in Numbat.
cat > "$WORK/pairs.all" <<'EOF'
mi km mi km mi km mi km
km mi km mi km mi km mi
ft m ft m ft m ft m
in cm in cm in cm in cm
yd m yd m yd m yd m
nmi km nmi km NauticalMile km nmi km
lb kg lb kg lb kg lb kg
kg lb kg lb kg lb kg lb
oz g oz g oz g oz g
gal L gal liter gal L gal L
cup mL cup ml cup mL cup mL
tbsp mL tbsp ml tbsp mL tbsp mL
mph km/h mph km/hr mph km/h mph km/h
kWh MJ kWh MJ kWh MJ kWh MJ
cal J cal J cal_th J cal J
BTU kJ btu kJ Btu kJ BTU kJ
hp kW hp kW hp kW hp kW
psi kPa psi kPa psi kPa psi kPa
atm Pa atm Pa atm Pa atm Pa
mmHg kPa mmHg kPa mmHg kPa mmHg kPa
acre m² acre m^2 acre m^2 acre m^2
ha acre hectare acre ha acre ha acre
day h day hr day h day h
week s week s week s week s
eV J eV J eV J eV J
lbf N lbf N lbf N lbf N
MB bit MB bit MB bit MB bit
°F °C tempF tempC °F °C from_fahrenheit celsius
EOF

# One conversion in one tool, as its one-shot command line; prints the number (first field).
one() { # tool value from to
  local out
  case $1 in
    conv) out=$("$BIN" -t "$2" "$3" "$4" 2>/dev/null) ;;
    units) if [ "$3" = tempF ]; then out=$(units -t "tempF($2)" tempC 2>/dev/null)
           else out=$(units -t "$2 $3" "$4" 2>/dev/null); fi ;;
    qalc) out=$(qalc -t "$2 $3 to -$4" 2>/dev/null) ;;
    numbat) if [ "$3" = from_fahrenheit ]; then out=$(numbat -e "from_fahrenheit($2) -> celsius" 2>/dev/null)
            else out=$(numbat -e "$2 $3 -> $4" 2>/dev/null); fi ;;
  esac </dev/null || true
  printf '%s\n' "${out:-?}" | head -1 | sed 's/−/-/g' | awk '{ print $1 }'
}
# Whether b agrees with a to the tolerance for the tool that printed b.
tolerance() { case $1 in numbat) echo 1e-5 ;; *) echo 1e-7 ;; esac; }
agree() { awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN {
  if (b !~ /^[-+]?[0-9.]+([eE][-+]?[0-9]+)?$/) exit 1
  d = a - b; if (d < 0) d = -d; m = (a < 0 ? -a : a); exit !(d <= tol * m + 1e-300) }'; }

echo "== the conversions (123.4 of each; 12.3 for °F → °C), checked against conv"
: > "$WORK/pairs"
while read -r cf ct uf ut qf qt nf nt; do
  value=123.4; [ "$cf" = °F ] && value=12.3
  want=$(one conv "$value" "$cf" "$ct")
  keep=1; notes=""
  for tool in "${TOOLS[@]:1}"; do
    case $tool in units) f=$uf; t=$ut ;; qalc) f=$qf; t=$qt ;; numbat) f=$nf; t=$nt ;; esac
    got=$(one "$tool" "$value" "$f" "$t")
    if ! agree "$want" "$got" "$(tolerance "$tool")"; then keep=0; notes+=" $tool=$got"; fi
  done
  if [ "$keep" = 1 ]; then
    echo "$cf $ct $uf $ut $qf $qt $nf $nt" >> "$WORK/pairs"
  else
    echo "  dropped: $cf → $ct (conv=$want;$notes)"
  fi
done < "$WORK/pairs.all"
echo "  kept $(wc -l < "$WORK/pairs") of $(wc -l < "$WORK/pairs.all"): $(awk '{ printf "%s%s→%s", (NR > 1 ? ", " : ""), $1, $2 }' "$WORK/pairs")"
echo

# MARK: Batch inputs: the same LINES conversions for every tool
awk -v seed=1 -v count="$LINES" -v dir="$WORK" '
  { cf[n] = $1; ct[n] = $2; uf[n] = $3; ut[n] = $4; qf[n] = $5; qt[n] = $6; nf[n] = $7; nt[n] = $8
    if ($1 == "°F") temp = n; else plain[np++] = n; n++ }
  END {
    srand(seed)
    for (i = 0; i < count; i++) {
      digits = int(rand() * 4); decimals = int(rand() * 4)
      value = sprintf("%d", int(rand() * 10 ^ (digits + 1)))
      if (decimals > 0) value = value sprintf(".%0" decimals "d", int(rand() * 10 ^ decimals))
      k = (temp != "" && rand() < 0.05) ? temp : plain[int(rand() * np)]
      print value " " cf[k] " to " ct[k] > (dir "/conv.txt")
      print value " " qf[k] " to -" qt[k] > (dir "/qalc.txt")
      if (k == temp) {
        print "tempF(" value ")\ntempC" > (dir "/units.txt")
        print "print(from_fahrenheit(" value ") -> celsius)" > (dir "/numbat.nbt")
      } else {
        print value " " uf[k] "\n" ut[k] > (dir "/units.txt")
        print "print(" value " " nf[k] " -> " nt[k] ")" > (dir "/numbat.nbt")
      }
    }
  }' "$WORK/pairs"

# MARK: Machine
echo "== machine"
echo "cpu:      $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores online"
echo "kernel:   $(uname -sr)"
echo "conv:     $BIN ($("$BIN" --version 2>/dev/null | head -1), $(du -h "$BIN" | cut -f1))"
has units && echo "units:    $(units --version | head -1)"
has qalc && echo "qalc:     qalc $(qalc --version | head -1)"
has numbat && echo "numbat:   $(numbat --version | head -1)"
echo "tools:    $(hyperfine --version)"
echo

# MARK: One-shot
declare -A ONESHOT=(
  [conv]="$BIN -t 5 mi km"
  [units]="units -t '5 mi' km"
  [qalc]="qalc -t '5 mi to km'"
  [numbat]="numbat -e '5 mi -> km'"
)
ARGS=()
for tool in "${TOOLS[@]}"; do ARGS+=(-n "$tool" "${ONESHOT[$tool]}"); done
echo "== one-shot: 5 mi → km (one hyperfine run, $RUNS runs each after 5 warm-up runs)"
echo "  hyperfine -N --warmup 5 -r $RUNS --export-json FILE$(for tool in "${TOOLS[@]}"; do printf " \"%s\"" "${ONESHOT[$tool]}"; done)"
hyperfine -N --warmup 5 -r "$RUNS" --export-json "$WORK/oneshot.json" "${ARGS[@]}" >/dev/null 2>&1
# The json's results, as "name<TAB>median<TAB>user<TAB>system" lines (seconds).
results() { awk '/"command":/ { sub(/^[^:]*: "/, ""); sub(/",?$/, ""); name = $0 }
  /"median":/ { gsub(/[ ,]/, ""); split($0, f, ":"); median = f[2] }
  /"user":/ { gsub(/[ ,]/, ""); split($0, f, ":"); user = f[2] }
  /"system":/ { gsub(/[ ,]/, ""); split($0, f, ":"); print name "\t" median "\t" user "\t" f[2] }' "$1"; }
results "$WORK/oneshot.json" | awk -F'\t' '
  { name[NR] = $1; med[NR] = $2; user[NR] = $3; sys[NR] = $4; if ($1 == "units") base = $2 }
  END {
    printf "  %-8s %12s %12s %12s   %s\n", "tool", "median wall", "mean user", "mean system", "time ÷ units"
    for (i = 1; i <= NR; i++)
      printf "  %-8s %9.2f ms %9.2f ms %9.2f ms   %s\n", name[i], med[i] * 1000, user[i] * 1000, sys[i] * 1000,
        (base > 0 ? sprintf("%.3g×", med[i] / base) : "—")
  }'
echo

# MARK: Memory
echo "== peak RSS of the one-shot (/usr/bin/time -f %M, KB; median of 5)"
rss() { for _ in 1 2 3 4 5; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 3p; }
for tool in "${TOOLS[@]}"; do
  case $tool in
    conv) kb=$(rss "$BIN" -t 5 mi km) ;;
    units) kb=$(rss units -t '5 mi' km) ;;
    qalc) kb=$(rss qalc -t '5 mi to km') ;;
    numbat) kb=$(rss numbat -e '5 mi -> km') ;;
  esac
  printf '  %-8s %8d KB   %s\n' "$tool" "$kb" "${ONESHOT[$tool]}"
done
echo

# MARK: Batch
declare -A INPUT=([conv]=conv.txt [units]=units.txt [qalc]=qalc.txt [numbat]=numbat.nbt)
declare -A FIRST=([conv]=1 [units]=2 [qalc]=1 [numbat]=1) # lines per conversion
declare -A BATCH=(
  [conv]="$BIN -t < $WORK/conv.txt"
  [units]="units -t < $WORK/units.txt"
  [qalc]="qalc -t -f - < $WORK/qalc.txt"
  [numbat]="numbat $WORK/numbat.nbt"
)
echo "== batch: $LINES conversions each (hyperfine, median wall time; runs per tool: $BATCH_RUNS, qalc: $QALC_BATCH_RUNS)"
: > "$WORK/batch.tsv"
for tool in "${TOOLS[@]}"; do
  runs=$BATCH_RUNS; [ "$tool" = qalc ] && runs=$QALC_BATCH_RUNS
  first=$(head -n "${FIRST[$tool]}" "$WORK/${INPUT[$tool]}" | paste -sd '|' | sed 's/|/ ⏎ /')
  echo "  $tool: ${BATCH[$tool]}   (first conversion: $first)"
  hyperfine -w 0 -r "$runs" --export-json "$WORK/batch-$tool.json" -n "$tool" \
    "${BATCH[$tool]} > $WORK/$tool.out" >/dev/null 2>&1
  results "$WORK/batch-$tool.json" >> "$WORK/batch.tsv"
done
# Each output must hold LINES answers that agree with conv's.
for tool in "${TOOLS[@]:1}"; do
  sed 's/−/-/g' "$WORK/$tool.out" | paste "$WORK/conv.out" - | awk -v lines="$LINES" -v tool="$tool" -v tol="$(tolerance "$tool")" '
    { n++; a = $1 + 0; b = $2 + 0; d = a - b; if (d < 0) d = -d; m = (a < 0 ? -a : a)
      if ($2 == "" || d > tol * m + 1e-300) bad++ }
    END { if (n != lines || bad > 0) printf "  warning: %s: %d lines, %d disagree with conv: its figure below is not comparable\n", tool, n, bad }'
done
awk -F'\t' -v lines="$LINES" '
  { name[NR] = $1; med[NR] = $2; cpu[NR] = $3 + $4; if ($1 == "units") base = lines / $2 }
  END {
    printf "  %-8s %12s %14s %16s   %s\n", "tool", "median wall", "conversions/s", "per CPU second", "rate ÷ units"
    for (i = 1; i <= NR; i++)
      printf "  %-8s %10.3f s %14.0f %16.0f   %s\n", name[i], med[i], lines / med[i], lines / cpu[i],
        (base > 0 ? sprintf("%.3g×", lines / med[i] / base) : "—")
  }' "$WORK/batch.tsv"
