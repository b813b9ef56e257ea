#!/usr/bin/env bash
# Runs the same conv commands with two binaries in many locales and reports every difference: the
# check that conv linked with the reduced ICU data (scripts/reduce-icu-data.sh) prints exactly what
# it prints with ICU's whole data. Rerun it when ICU, the keep list or conv's use of ICU changes.
#
# Usage: scripts/compare-icu-data.sh REFERENCE CANDIDATE [LOCALE ...]
#   REFERENCE  a conv with ICU's whole data: `make build ICUDATA=full`, `make LINK=stdlib`, or the
#              debug `swift build` binary (shared system ICU)
#   CANDIDATE  the conv to check, usually the `make build` binary
#   LOCALE     POSIX locale names without codeset (de_DE); default: every locale of ICU's data
#              (icupkg -l on the package in .build/icudata, else a fixed list of 40)
# Exit status 0 when all outputs are identical, 1 otherwise.
set -euo pipefail

# Debian installs icupkg and genccode in /usr/sbin, which is not on a user's PATH.
export PATH="$PATH:/usr/sbin:/sbin"

REF=${1:?usage: compare-icu-data.sh REFERENCE CANDIDATE [LOCALE ...]}
CAND=${2:?usage: compare-icu-data.sh REFERENCE CANDIDATE [LOCALE ...]}
shift 2
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
  locales=("$@")
else
  dat=$(ls .build*/icudata/icudt*.dat 2>/dev/null | head -n 1 || true)
  if [ -n "$dat" ] && command -v icupkg >/dev/null; then
    mapfile -t locales < <(icupkg -l "$dat" | sed -n -E 's#^([a-z]{2,3}(_[A-Za-z0-9]+)*)\.res$#\1#p')
  else
    locales=(en en_US en_GB de_DE de_CH fr_FR fr_CA ja_JP ar_EG ar_SA ar_MA hi_IN fa_IR bn_BD mr_IN ne_NP
      my_MM zh_CN zh_TW zh_Hant_HK ko_KR ru_RU uk_UA pl_PL cs_CZ es_ES es_MX pt_BR it_IT nl_NL sv_SE nb_NO
      he_IL iw_IL tr_TR th_TH sr_Latn_RS ps_AF ur_PK sw_KE)
  fi
fi
# Also names that are not ICU locales as such: aliases, unknown regions and languages, POSIX.
locales+=(C POSIX en_US_POSIX no_NO iw_IL de_XX xx_YY sr_RS zh_TW)

# The ICU features conv uses: grouped and plain numbers, scientific notation, localized unit names
# with plural forms (simple, derived and compound units), ASCII fallback, negative numbers, the
# whole column (alignment by display width), search (case and accent folding), list and info;
# money (symbols, ISO codes, the locale's currency patterns) and currency names with their plural
# forms, for the ECB's currencies and, from a personal units file, three that are not (DEM, and
# CVE and PTE, whose formats replace the decimal separator).
commands=(
  "1234.5 m km"
  "--long 1234.5 m km"
  "--long 1 mi km"
  "--long 2 mi km"
  "--long 0.5 mi km"
  "5 mi"
  "--long 5 mi"
  "--notation scientific 1234.5 m km"
  "--notation plain 1 PB bit"
  "1 PB bit"
  "1 nm km"
  "--ascii 1234567.5 m km"
  "--ascii --long 2 mi km"
  "-- -1234.5 m ft"
  "--long 100 °F °C"
  "--long 60 mph km/h"
  "--long 3 kWh J"
  "--long 5 L gal"
  "--long 20 m^2 ft^2"
  "-v 5 mi km"
  "--digits 20 1 in mm"
  "--exact 1 in mm"
  "--json 5 mi km"
  "info ft"
  "search ångström"
  "search METRE"
  "search µ"
  "list length"
  "100 EUR USD"
  "--ascii 1234.5 EUR JPY"
  "1 CHF"
  "1234.5 CVE DEM"
  "1 PTE"
)

home=$(mktemp -d "${TMPDIR:-/tmp}/conv-icu-compare.XXXXXX")
trap 'rm -rf "$home"' EXIT
cat > "$home/units" <<'UNITS'
category: currency
Deutsche Mark       | Deutsche Marks       | DEM |  | 1/1.95583 EUR | approx | compare-icu-data.sh
Cape Verdean escudo | Cape Verdean escudos | CVE |  | 1/110.265 EUR | approx | compare-icu-data.sh
Portuguese escudo   | Portuguese escudos   | PTE |  | 1/200.482 EUR | approx | compare-icu-data.sh
UNITS
run() {  # BINARY LOCALE ARGS...
  local binary=$1 locale=$2
  shift 2
  env -i PATH="$PATH" HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" CONV_UNITS="$home/units" TERM=dumb \
    LANG="$locale.UTF-8" "$binary" "$@" 2>&1 </dev/null
  echo "exit $?"
}

runs=0
differences=0
for locale in "${locales[@]}"; do
  for command in "${commands[@]}"; do
    read -r -a args <<<"$command"
    expected=$(run "$REF" "$locale" "${args[@]}" || true)
    actual=$(run "$CAND" "$locale" "${args[@]}" || true)
    runs=$((runs + 1))
    if [ "$expected" != "$actual" ]; then
      differences=$((differences + 1))
      echo "== LANG=$locale.UTF-8 conv $command"
      diff <(echo "$expected") <(echo "$actual") | head -n 20 || true
    fi
  done
done
echo "$runs commands in ${#locales[@]} locales: $differences differences"
[ "$differences" -eq 0 ]
