#!/usr/bin/env bash
# Batch throughput of conv against GNU units, one line family at a time (issue 23): the same
# conversions for both programs (`NUMBER UNIT to UNIT` lines for `conv -t`, have/want line pairs
# for `units -t`), lines per second from the median wall time of each, and the ratio.
#
# Families: simple (`123.4 mi to km`), compound (`kg*m/s^2 to lbf`), exponent (`94 m^2 to ft^2`),
# fraction (`983/148 mi to km`; `983|148 mi` for units), e-notation (`6548.2e200 mi to km`), long
# number (300 digits), 20-factor chain (`kg*m*s*A*…` into the same with prefixes), 10 % bad
# lines (simple lines with one in ten naming an unknown unit, each a different word); and the
# line shapes of issue 35, each of which must be no slower than GNU units: 90 % bad lines (each
# a different unknown word; and recurring: six misspellings, `5 kilometr to mi`),
# mixed units (`6 ft 2 in to cm`; `6 ft + 2 in` for units), many shapes (5,000 distinct unit
# texts, more than the batch cache keeps: `7 km*mg*ns^2 to m*g*s^2`), and no target (`5 mi`:
# conv prints the whole column in human output, units the definition).
#
# Timing: each family's conv run and units run alternate (conv, units, conv, units, …), so that a
# change in the machine's load touches both; the ratio is of the medians of wall time.
#
# Usage: scripts/compare-line-families.sh BIN   (called by scripts/compare-gnu-units.sh)
# Environment: FAMILY_LINES=N lines per family (default 50000); FAMILY_RUNS=N runs of each
# program per family (default 5); FAMILIES="simple compound …" to run only some;
# FAMILY_FILES=DIR writes each family's lines (FAMILY.conv, FAMILY.units) there and stops before
# timing (for valgrind callgrind: instructions per line).
# Needs: units (GNU units), awk, bash 5 (EPOCHREALTIME).
set -euo pipefail

BIN=${1:?usage: compare-line-families.sh CONV_BINARY}
LINES=${FAMILY_LINES:-50000}
RUNS=${FAMILY_RUNS:-5}
FAMILIES=${FAMILIES:-simple compound exponent fraction e-notation long-number 20-factor-chain 10%-bad-lines 90%-bad-lines 90%-bad-recurring mixed-units many-shapes no-target}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/conv-families.XXXXXX")
[ -n "${KEEP_WORK:-}" ] && echo "work: $WORK" >&2 || trap 'rm -rf "$WORK"' EXIT

# Unit pairs, four columns: conv source, conv target, units have unit, units want unit.
grep -v '^#' "$(dirname "$0")/unit-pairs.txt" > "$WORK/simple.pairs"
cat > "$WORK/compound.pairs" <<'EOF'
kg*m/s^2 lbf kg*m/s^2 lbf
W/m^2 BTU/(h*ft^2) W/m^2 btu/(hr*ft^2)
N*m ft*lbf N*m ft*lbf
lbf*ft/s hp lbf*ft/s hp
kg/m^3 lb/ft^3 kg/m^3 lb/ft^3
kg*m^2/s^2 kWh kg*m^2/s^2 kWh
J/(kg*K) kJ/(g*K) J/(kg*K) kJ/(g*K)
EOF
cat > "$WORK/exponent.pairs" <<'EOF'
m^2 ft^2 m^2 ft^2
m^3 L m^3 liter
ft^3 gal ft^3 gal
cm^2 in^2 cm^2 in^2
mi^2 km^2 mi^2 km^2
s^-1 Hz s^-1 Hz
in^3 mL in^3 ml
EOF
chain=$(awk 'BEGIN { split("kg m s A", u, " "); for (i = 0; i < 20; i++) printf "%s%s", (i ? "*" : ""), u[i % 4 + 1] }')
chain_target=$(awk 'BEGIN { split("g km ms mA", u, " "); for (i = 0; i < 20; i++) printf "%s%s", (i ? "*" : ""), u[i % 4 + 1] }')
echo "$chain $chain_target $chain $chain_target" > "$WORK/chain.pairs"

# Writes FAMILY.conv (conv lines) and FAMILY.units (have/want pairs) from a pairs file and a
# number style: decimal, fraction, enotation, long, or bad (decimal, one line in ten unknown).
generate() {
  local family=$1 pairs=$2 style=$3
  awk -v seed=23 -v count="$LINES" -v style="$style" -v conv="$WORK/$family.conv" -v units="$WORK/$family.units" '
    function decimal(   digits, decimals, value) {
      digits = int(rand() * 4); decimals = int(rand() * 4)
      value = sprintf("%d", int(rand() * 10 ^ (digits + 1)))
      if (decimals > 0) value = value sprintf(".%0" decimals "d", int(rand() * 10 ^ decimals))
      return value
    }
    function word(   i, w) { w = "zq"; for (i = 0; i < 6; i++) w = w substr("abcdefghijklmnopqrstuvwxyz", int(rand() * 26) + 1, 1); return w }
    BEGIN { n = 0 }
    { from[n] = $1; to[n] = $2; ufrom[n] = $3; uto[n] = $4; n++ }
    END {
      srand(seed)
      split("kilometr milez poundz zork fathomz gallonz", typo, " ")
      for (i = 0; i < count; i++) {
        k = int(rand() * n)
        if (style == "fraction") {
          a = int(rand() * 10000) + 1; b = int(rand() * 999) + 1
          cv = a "/" b; uv = a "|" b
        } else if (style == "enotation") {
          cv = sprintf("%d.%de%d", int(rand() * 9999) + 1, int(rand() * 10), int(rand() * 400) - 200); uv = cv
        } else if (style == "long") {
          cv = int(rand() * 9) + 1
          for (j = 1; j < 300; j++) cv = cv int(rand() * 10)
          uv = cv
        } else {
          cv = decimal(); uv = cv
        }
        if ((style == "bad" && i % 10 == 9) || ((style == "mostly-bad" || style == "recurring-bad") && i % 10 != 0)) {
          w = style == "recurring-bad" ? typo[int(rand() * 6) + 1] : word()
          print cv " " w " to " to[k] > conv; print uv " " w > units
          continue
        }
        if (style == "notarget") { print cv " " from[k] > conv; print uv " " ufrom[k] "\n" > units; continue }
        print cv " " from[k] " to " to[k] > conv; print uv " " ufrom[k] "\n" uto[k] > units
      }
    }' "$pairs"
}

# Mixed units: `6 ft 2 in to cm` (conv), `6 ft + 2 in` / `cm` (units), for several pairs.
generate_mixed() {
  awk -v seed=35 -v count="$LINES" -v conv="$WORK/mixed-units.conv" -v units="$WORK/mixed-units.units" '
    BEGIN {
      srand(seed)
      split("ft in cm|ft in m|lb oz kg|lb oz g|h min s|yd ft m|st lb kg|mi yd km", pairs, "|")
      for (i = 0; i < count; i++) {
        split(pairs[int(rand() * 8) + 1], p, " ")
        a = int(rand() * 20); b = int(rand() * 12)
        print a " " p[1] " " b " " p[2] " to " p[3] > conv
        u1 = p[1] == "h" ? "hr" : p[1] == "st" ? "stone" : p[1]
        print a " " u1 " + " b " " p[2] "\n" p[3] > units
      }
    }'
}

# Many shapes: 5,000 distinct unit texts (prefixes of m, g and s, an exponent), more than the
# batch cache keeps (4,096).
generate_shapes() {
  awk -v seed=36 -v count="$LINES" -v conv="$WORK/many-shapes.conv" -v units="$WORK/many-shapes.units" '
    BEGIN {
      srand(seed)
      split("k M m n p c d f a P", prefix, " ")
      for (i = 0; i < count; i++) {
        shape = i % 5000
        a = prefix[shape % 10 + 1]; b = prefix[int(shape / 10) % 10 + 1]; c = prefix[int(shape / 100) % 10 + 1]
        e = int(shape / 1000) + 1
        value = int(rand() * 1000) "." int(rand() * 100)
        print value " " a "m*" b "g*" c "s^" e " to m*g*s^" e > conv
        print value " " a "m*" b "g*" c "s^" e "\nm*g*s^" e > units
      }
    }'
}

# Both must give a number for every line (the bad family: on every good line), agreeing to 7
# significant digits (units prints 8).
check() {
  local family=$1
  "$BIN" -t < "$WORK/$family.conv" > "$WORK/$family.conv.out" 2>/dev/null || true
  units -t < "$WORK/$family.units" > "$WORK/$family.units.out" 2>&1 || true
  paste -d '\t' "$WORK/$family.conv.out" "$WORK/$family.units.out" | awk -F'\t' -v lines="$LINES" -v family="$family" '
    { n++
      if ($1 == "" && $2 ~ /^Unknown unit/) { skipped++; next }
      a = $1 + 0; b = $2 + 0; d = a - b; if (d < 0) d = -d; m = (a < 0 ? -a : a)
      if ($1 == "" || d > 1e-7 * m + 1e-300) { bad++; if (bad <= 3) printf "  %s: line %d differs: conv %s, units %s\n", family, n, $1, $2 > "/dev/stderr" } }
    END { if (n != lines || bad > 0) { printf "error: %s: %d lines of %d, %d disagree\n", family, n, lines, bad > "/dev/stderr"; exit 1 } }'
}

for family in $FAMILIES; do
  case $family in
    simple) generate "$family" "$WORK/simple.pairs" decimal ;;
    compound) generate "$family" "$WORK/compound.pairs" decimal ;;
    exponent) generate "$family" "$WORK/exponent.pairs" decimal ;;
    fraction) generate "$family" "$WORK/simple.pairs" fraction ;;
    e-notation) generate "$family" "$WORK/simple.pairs" enotation ;;
    long-number) generate "$family" "$WORK/simple.pairs" long ;;
    20-factor-chain) generate "$family" "$WORK/chain.pairs" decimal ;;
    10%-bad-lines) generate "$family" "$WORK/simple.pairs" bad ;;
    90%-bad-lines) generate "$family" "$WORK/simple.pairs" mostly-bad ;;
    90%-bad-recurring) generate "$family" "$WORK/simple.pairs" recurring-bad ;;
    mixed-units) generate_mixed ;;
    many-shapes) generate_shapes ;;
    no-target) generate "$family" "$WORK/simple.pairs" notarget ;;
    *) echo "error: unknown family '$family'" >&2; exit 2 ;;
  esac
  # No target: conv's answer is a column, units' a definition; both must answer every line.
  if [ "$family" = no-target ]; then
    "$BIN" < "$WORK/$family.conv" > "$WORK/$family.conv.out" 2>&1 || { echo "error: $family: conv failed" >&2; exit 1; }
    answers=$(grep -c ') is$' "$WORK/$family.conv.out" || true)
    [ "$answers" = "$LINES" ] || { echo "error: $family: $answers columns for $LINES lines" >&2; exit 1; }
  else
    check "$family"
  fi
done

if [ -n "${FAMILY_FILES:-}" ]; then
  mkdir -p "$FAMILY_FILES"
  for family in $FAMILIES; do cp "$WORK/$family.conv" "$WORK/$family.units" "$FAMILY_FILES/"; done
  exit 0
fi

# Seconds (wall) of one run of a command line, from bash's clock.
seconds() {
  local start=$EPOCHREALTIME
  bash -c "$1" >/dev/null 2>&1 || true
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f\n", b - a }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

printf '  %-16s %12s %12s %12s %12s %8s\n' family "conv ms" "conv lines/s" "units ms" "units lines/s" ratio
for family in $FAMILIES; do
  # Human output for the no-target family (its answer is the column), `-t` for the others.
  mode=-t
  goal=10
  case $family in
    no-target) mode=""; goal=1 ;;
    90%-bad-lines|90%-bad-recurring|mixed-units|many-shapes) goal=1 ;;
  esac
  seconds "$BIN $mode < '$WORK/$family.conv'" >/dev/null  # warm-up
  : > "$WORK/conv.times"
  : > "$WORK/units.times"
  for _ in $(seq "$RUNS"); do
    seconds "$BIN $mode < '$WORK/$family.conv'" >> "$WORK/conv.times"
    seconds "units -t < '$WORK/$family.units'" >> "$WORK/units.times"
  done
  conv_median=$(median < "$WORK/conv.times")
  units_median=$(median < "$WORK/units.times")
  awk -v f="$family" -v c="$conv_median" -v u="$units_median" -v lines="$LINES" -v goal="$goal" 'BEGIN {
    printf "  %-16s %12.1f %12.0f %12.1f %12.0f %7.1fx %s\n", f, c * 1000, lines / c, u * 1000, lines / u, u / c,
      (u / c >= goal ? "" : " (goal: >= " goal "x)")
  }'
done
