#!/usr/bin/env bash
# Builds OUTDIR/libicudata.a: ICU's data reduced to what conv uses, for the static link (Makefile).
#
# Why: a static link takes ICU's data from libicudata.a, whose one member holds one symbol,
# icudt72_dat (ICU 72), an ICU .dat package of 31 MB with every item ICU has: collation, break
# iteration, time zones, transliteration, charset converters, language and region names. conv formats
# numbers (locale symbols and patterns, numbering systems), names units in words (CLDR unit names,
# plural rules) and folds and measures text (case folding, normalization and the east-asian width
# come from tables compiled into libicuuc, not from the data). Those items, for every locale, and the
# currency tree (ICU's number formatter reads the locale's currency symbols, and currencies are next)
# take 9.3 MB.
#
# How: extract the .dat from the system's libicudata.a (objcopy), remove every item outside the keep
# list below with icupkg (which refuses a package whose items refer to a removed one), and turn the
# result back into an object with the same symbol (genccode), archived as libicudata.a. The Makefile
# puts OUTDIR first on the library path, so `-licudata` finds this archive instead of the system's.
#
# The keep list comes from tracing (see Tests/EndToEndTests/ICUDataTests.swift for the check): a conv
# linked with an empty package and ICU_DATA pointing at the extracted items, run under strace in all
# 858 locales, opens only the items below (res_index, icuver and currencyNumericCodes are kept as
# cheap insurance: locale enumeration, the data version, currency codes).
#
# Usage: scripts/reduce-icu-data.sh OUTDIR [LIBICUDATA_A]
# Needs: icupkg and genccode (Debian: icu-devtools), ar and objcopy (binutils), pkg-config.
set -euo pipefail

# Debian installs icupkg and genccode in /usr/sbin, which is not on a user's PATH.
export PATH="$PATH:/usr/sbin:/sbin"

OUT=${1:?usage: reduce-icu-data.sh OUTDIR [LIBICUDATA_A]}
SOURCE=${2:-}
for tool in icupkg genccode ar objcopy nm; do
  command -v "$tool" >/dev/null || {
    echo "error: '$tool' is needed to reduce ICU's data (Debian: icu-devtools, binutils); or build with 'make ICUDATA=full'" >&2
    exit 2
  }
done
if [ -z "$SOURCE" ]; then
  libdir=$(pkg-config --variable=libdir icu-uc 2>/dev/null || true)
  SOURCE=${libdir:-/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)}/libicudata.a
fi
[ -f "$SOURCE" ] || { echo "error: no $SOURCE (Debian: libicu-dev)" >&2; exit 2; }

# The items conv needs, as extended regular expressions over the item names icupkg lists.
KEEP='^('
KEEP+='[a-z]{2,3}(_[A-Za-z0-9]+)*\.res'  # locale bundles: number symbols and patterns, aliases, parents
KEEP+='|root\.res|pool\.res|res_index\.res|icuver\.res'
KEEP+='|numberingSystems\.res'              # digits of each numbering system (arab, deva, latn …)
KEEP+='|plurals\.res|pluralRanges\.res'     # plural rules: "1 Meile", "5 Meilen"
KEEP+='|metadata\.res'                      # locale aliases (iw → he, no → nb …)
KEEP+='|units\.res|grammaticalFeatures\.res' # unit identifiers, grammatical gender and case of names
KEEP+='|unit/.*'                            # CLDR unit display names (--long)
KEEP+='|curr/.*|currencyNumericCodes\.res'  # currency names, symbols, digits (read by every formatter)
KEEP+=')$'

WORK=$(mktemp -d "${TMPDIR:-/tmp}/conv-icudata.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

# The archive's one member (icudt72l_dat.o) and its symbol (icudt72_dat).
member=$(ar t "$SOURCE" | head -n 1)
(cd "$WORK" && ar x "$SOURCE" "$member")
symbol=$(nm "$WORK/$member" | awk '$2 ~ /^[RDrd]$/ && $3 ~ /_dat$/ { print $3; exit }')
package=${member%_dat.o}          # icudt72l: the package name the item names start with
[ -n "$symbol" ] && [ "$package" != "$member" ] || { echo "error: unexpected member '$member' in $SOURCE" >&2; exit 2; }

# icupkg wants a package file named after its items' prefix.
mkdir -p "$WORK/full" "$WORK/pkg"
objcopy -O binary --only-section=.rodata "$WORK/$member" "$WORK/full/$package.dat"
icupkg -l "$WORK/full/$package.dat" > "$WORK/all.txt"
grep -E -v "$KEEP" "$WORK/all.txt" > "$WORK/remove.txt" || true
kept=$(grep -E -c "$KEEP" "$WORK/all.txt" || true)
[ "$kept" -gt 0 ] || { echo "error: no item of $SOURCE matches the keep list" >&2; exit 2; }

icupkg -r "$WORK/remove.txt" "$WORK/full/$package.dat" "$WORK/pkg/$package.dat"
genccode -q -o -m "$WORK/$member" -e "${symbol%_dat}" -d "$WORK/pkg" "$WORK/pkg/$package.dat"
[ -f "$WORK/pkg/$member" ] || { echo "error: genccode wrote no $member" >&2; exit 2; }
nm "$WORK/pkg/$member" | grep -q " R $symbol\$" || { echo "error: $member lacks $symbol" >&2; exit 2; }

rm -f "$OUT/libicudata.a"
ar rcs "$OUT/libicudata.a" "$WORK/pkg/$member"
cp "$WORK/pkg/$package.dat" "$OUT/$package.dat"
echo "ICU data for conv: $kept of $(wc -l < "$WORK/all.txt") items, $(stat -c %s "$OUT/$package.dat") of $(stat -c %s "$WORK/full/$package.dat") bytes ($OUT/libicudata.a)"
