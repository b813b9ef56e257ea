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
# take 9.3 MB; cut inside their locale bundles to the tables ICU's number formatter reads, 4.95 MB (the main
# tree with a new key pool, see below).
#
# How: extract the .dat from the system's libicudata.a (objcopy), remove every item outside the keep
# list below with icupkg (which refuses a package whose items refer to a removed one), rebuild the
# locale bundles of the main, curr and unit trees with only the tables conv's formatting reads
# (derb, then genrb with filter files: see "Second cut" below), and turn the result back into an
# object with the same symbol (genccode), archived as libicudata.a. The Makefile puts OUTDIR first on
# the library path, so `-licudata` finds this archive instead of the system's. About 20 s of CPU.
#
# The keep list comes from tracing (see Tests/EndToEndTests/ICUDataTests.swift for the check): a conv
# linked with an empty package and ICU_DATA pointing at the extracted items, run under strace in all
# 858 locales, opens only the items below (res_index, icuver and currencyNumericCodes are kept as
# cheap insurance: locale enumeration, the data version, currency codes). The tables kept inside the
# bundles come from what ICU 72's number formatter reads for conv's skeletons (decimal, scientific,
# measure-unit with unit-width-full-name, currency with its symbol, ISO code or full name), checked
# by scripts/compare-icu-data.sh in all locales; a new use of ICU (dates, lists, compact notation,
# narrow unit or currency names) needs its tables added to the rules.
#
# Usage: scripts/reduce-icu-data.sh OUTDIR [LIBICUDATA_A]
# Needs: icupkg, genccode, derb and genrb (Debian: icu-devtools), ar and objcopy (binutils), pkg-config,
# python3.
set -euo pipefail

# Debian installs icupkg and genccode in /usr/sbin, which is not on a user's PATH.
export PATH="$PATH:/usr/sbin:/sbin"

OUT=${1:?usage: reduce-icu-data.sh OUTDIR [LIBICUDATA_A]}
SOURCE=${2:-}
for tool in icupkg genccode derb genrb ar objcopy nm python3; do
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

SCRIPTS=$(cd "$(dirname "$0")" && pwd)
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

icupkg -r "$WORK/remove.txt" "$WORK/full/$package.dat" "$WORK/items.dat"

# Second cut, inside the locale bundles of the three trees conv reads (the main tree, curr/, unit/):
# each bundle is dumped to text with derb (-A: aliases as aliases, not copies of their targets), the
# tables conv's formatting never reads are taken out of the text (rules below, written as in ICU's
# data build tool: the most specific matching rule decides, a later one wins a tie; an entry left
# out takes its contents with it), and the text is compiled again with genrb, against the same
# pool.res (--usePoolBundle) so that the bundles left as they were (aliases such as iw → he, which
# derb would dump as copies, and lossy ones) still find their keys. The main tree instead gets a
# new pool.res with only the keys its cut texts use (158,704 → 2,816 bytes), and every bundle that
# reads the pool is compiled against it, its alias bundles from the targets icu-alias-targets.py
# reads (its supplemental items use no pool). What stays:
#   main tree: NumberElements (symbols, patterns, numbering system choice, minimum grouping digits)
#     without its compact patterns (patternsShort, patternsLong: notation compact-*, never used);
#     calendars, date fields, exemplar characters, list patterns, … go.
#   curr/: all but Currencies%narrow, %formal and %variant (read for those widths only): the
#     symbols, names and plural names (Currencies, CurrencyPlurals), CurrencyUnitPatterns, currencySpacing.
#   unit/: units (long names) and unitsShort (ICU fills the forms missing from a long name from the
#     short table, and root's units table is an alias to it); unitsNarrow and durationUnits go, and
#     so do four entries of each unit's table, which ICU 72 reads only for what conv never asks:
#     `case` (the grammatical cases, read only for a skeleton with unit-case/…), `gender` (read
#     for FormattedNumber's noun class; without it, ICU looks up the meter's gender, finds none and
#     stops), `dnam` (the display name, for MeasureFormat::getUnitDisplayName) and `per` ("{0} pro
#     Stunde", for a compound unit ICU builds itself; conv's units are all built-in: its skeletons
#     name a type-subtype pair). For the same reason the compound patterns go (compound: prefixes,
#     powers, "{0} pro {1}"; ICU 72 builds a name from them only for a unit that is not built-in),
#     and so do the coordinates (coordinate: "{0} Nord", never read by the number formatter).
#     A unit table left empty by these cuts is left out: ICU fails on an empty one.
# Every bundle keeps %%Parent (its fallback). derb 72 writes a string holding a double quote with
# its last characters cut off, and a backslash unescaped: a bundle whose kept text holds a backslash
# stays as it was (with ICU 72.1: curr/lt, curr/uk and unit/he, 3 of 1,743). Each rebuilt
# bundle, dumped again, must give back its text exactly, or the build stops.
rules_main=('-/*' '+/%%Parent' '+/NumberElements' '-/NumberElements/*/patternsShort' '-/NumberElements/*/patternsLong')
rules_curr=('+/*' '-/Currencies%narrow' '-/Currencies%formal' '-/Currencies%variant')
rules_unit=('+/*' '-/unitsNarrow' '-/durationUnits'
  '-/units/*/*/case' '-/units/*/*/gender' '-/units/*/*/dnam' '-/units/*/*/per'
  '-/unitsShort/*/*/case' '-/unitsShort/*/*/gender' '-/unitsShort/*/*/dnam' '-/unitsShort/*/*/per'
  '-/units/compound' '-/unitsShort/compound' '-/units/coordinate' '-/unitsShort/coordinate')

# Filters derb's text files (an entry per line at 4 spaces a level, a table closed by `}` at its
# own indentation) into OUT by RULES; prints the files whose kept text holds a backslash.
filter_program='
  BEGIN {
    n = split(rules, rule, "\n")
    for (i = 1; i <= n; i++) {
      sign[i] = substr(rule[i], 1, 1)
      parts[i] = split(substr(rule[i], 3), pattern, "/")
      for (j = 1; j <= parts[i]; j++) part[i, j] = pattern[j]
    }
  }
  function emit(line) {
    if (line ~ /\\/ && !(FILENAME in lossy)) { lossy[FILENAME] = 1; print FILENAME }
    print line > file
  }
  function flush(   k) { for (k = 1; k <= np; k++) emit(pending[k]); np = 0 }
  FNR == 1 { if (file != "") close(file); file = out "/" FILENAME; skip = -1; np = 0 }
  {
    match($0, /^ */)
    depth = RLENGTH / 4
    if (skip >= 0) {
      if (RLENGTH == 4 * skip && $0 ~ /^ *}/) skip = -1
      next
    }
    if (RLENGTH % 4 == 0 && depth >= 1 && $0 !~ /^ *}/) {
      key = substr($0, RLENGTH + 1)
      sub(/[ {:].*/, "", key)
      path[depth] = key
      best = 0
      decision = "+"
      for (i = 1; i <= n; i++) {
        if (parts[i] > depth || parts[i] < best) continue
        matched = 1
        for (j = 1; j <= parts[i]; j++) if (part[i, j] != "*" && part[i, j] != path[j]) { matched = 0; break }
        if (matched) { best = parts[i]; decision = sign[i] }
      }
      if (decision == "-") {
        if (np > 0 && pdepth[np] == depth - 1) emptied[np] = 1
        if ($0 ~ /\{ *$/) skip = depth
        next
      }
    }
    if (collapse && depth >= 2 && RLENGTH % 4 == 0 && $0 ~ /\{ *$/ && $0 !~ /^ *}/) {
      np++; pending[np] = $0; pdepth[np] = depth; emptied[np] = 0
      next
    }
    if (np > 0 && $0 ~ /^ *}/ && RLENGTH == 4 * pdepth[np] && emptied[np]) {
      np--
      if (np > 0 && pdepth[np] == depth - 1) emptied[np] = 1
      next
    }
    flush()
    emit($0)
  }'

mkdir -p "$WORK/items"
icupkg -l "$WORK/items.dat" > "$WORK/items.txt"
icupkg -x "$WORK/items.txt" -d "$WORK/items" "$WORK/items.dat"
: > "$WORK/rebuilt.txt"
for tree in main curr unit; do
  if [ "$tree" = main ]; then dir="$WORK/items"; prefix=""; else dir="$WORK/items/$tree"; prefix="$tree/"; fi
  rules_name="rules_$tree[@]"
  text="$WORK/text/$tree" filtered="$WORK/filtered/$tree" rebuilt="$WORK/rebuilt/$tree" check="$WORK/check/$tree"
  mkdir -p "$text" "$filtered" "$rebuilt" "$check"
  # The alias bundles of the tree, from its res_index (AliasLocales { iw { "" } … }).
  (cd "$dir" && timeout 120 derb -i . -s . -d "$text" res_index.res)
  aliases=$(awk '/^    AliasLocales *\{/ { on = 1; next } on && /^    \}/ { on = 0 } on { print $1 }' "$text/res_index.txt")
  rm "$text/res_index.txt"
  bundles=()
  for file in "$dir"/*.res; do
    name=$(basename "$file" .res)
    [[ $name =~ ^([a-z]{2,3}(_[A-Za-z0-9]+)*|root)$ && $name != res_index ]] || continue
    grep -qx -- "$name" <<<"$aliases" && continue
    bundles+=("$name")
  done
  [ "${#bundles[@]}" -gt 1 ] || { echo "error: no locale bundles in the $tree tree" >&2; exit 2; }
  (cd "$dir" && timeout 300 derb -A -i . -s . -d "$text" "${bundles[@]/%/.res}")
  collapse=0; [ "$tree" = unit ] && collapse=1
  lossy=$(cd "$text" && awk -v rules="$(printf '%s\n' "${!rules_name}")" -v out="$filtered" -v collapse="$collapse" "$filter_program" "${bundles[@]/%/.txt}")
  names=()
  for name in "${bundles[@]}"; do
    grep -qx -- "$name.txt" <<<"$lossy" || names+=("$name")
  done
  pooldir=$dir
  if [ "$tree" = main ]; then
    # The main tree gets a new key pool, written from the cut texts (ICU's pool holds the keys of
    # every table the cut removed: 158,704 bytes, 2,716 after). Every bundle that reads the pool is
    # then compiled against it: no bundle may stay as it was (a lossy one), and the alias bundles
    # (iw → he …), which derb cannot dump (it follows them), are written from their targets, read
    # from the old bundles by scripts/icu-alias-targets.py.
    [ "${#names[@]}" -eq "${#bundles[@]}" ] || { echo "error: a main-tree bundle cannot be rebuilt from derb's text" >&2; exit 2; }
    alias_names=()
    while read -r name target; do
      [ -n "$target" ] || { echo "error: no alias target for $name" >&2; exit 2; }
      printf '%s{\n    "%%%%ALIAS"{"%s"}\n}\n' "$name" "$target" > "$filtered/$name.txt"
      alias_names+=("$name")
    done < <(cd "$dir" && python3 "$SCRIPTS/icu-alias-targets.py" pool.res $aliases)
    [ "${#alias_names[@]}" -eq "$(wc -w <<<"$aliases")" ] || { echo "error: alias targets missing" >&2; exit 2; }
    names+=("${alias_names[@]}")
    pooldir="$WORK/pool/$tree"
    mkdir -p "$pooldir"
    (cd "$filtered" && timeout 300 genrb -q -e UTF-8 --writePoolBundle -d "$pooldir" "${names[@]/%/.txt}" >/dev/null)
    [ -f "$pooldir/pool.res" ] || { echo "error: genrb wrote no pool.res" >&2; exit 2; }
    cp "$pooldir/pool.res" "$dir/pool.res"
    echo "pool.res" >> "$WORK/rebuilt.txt"
  fi
  (cd "$filtered" && timeout 300 genrb -q -e UTF-8 --usePoolBundle "$pooldir" -d "$rebuilt" "${names[@]/%/.txt}" >/dev/null)
  for name in "${names[@]}"; do
    [ -f "$rebuilt/$name.res" ] || { echo "error: genrb wrote no $prefix$name.res" >&2; exit 2; }
    cp "$rebuilt/$name.res" "$dir/$name.res"
    echo "$prefix$name.res" >> "$WORK/rebuilt.txt"
  done
  # The round trip: every rebuilt bundle dumps back to the text it was made from.
  checked=("${names[@]}")
  [ "$tree" = main ] && checked=("${bundles[@]}")
  (cd "$dir" && timeout 300 derb -A -i . -s . -d "$check" "${checked[@]/%/.res}")
  for name in "${checked[@]}"; do
    cmp -s "$check/$name.txt" "$filtered/$name.txt" || {
      echo "error: $prefix$name.res rebuilt from derb's text does not dump back to it:" >&2
      diff "$filtered/$name.txt" "$check/$name.txt" | head -n 10 >&2
      exit 2
    }
  done
done
# Removed, then added again from the directory: the package with the rebuilt bundles.
icupkg -r "$WORK/rebuilt.txt" -a "$WORK/rebuilt.txt" -s "$WORK/items" "$WORK/items.dat" "$WORK/pkg/$package.dat"

genccode -q -o -m "$WORK/$member" -e "${symbol%_dat}" -d "$WORK/pkg" "$WORK/pkg/$package.dat"
[ -f "$WORK/pkg/$member" ] || { echo "error: genccode wrote no $member" >&2; exit 2; }
# Its own section name: Swift's objects have writable .rodata sections, and the linker's .rodata,
# which would take the data too, is then writable; .icudata stays in a read-only segment.
objcopy --rename-section .rodata=.icudata "$WORK/pkg/$member"
nm "$WORK/pkg/$member" | grep -q " R $symbol\$" || { echo "error: $member lacks $symbol" >&2; exit 2; }

rm -f "$OUT/libicudata.a"
ar rcs "$OUT/libicudata.a" "$WORK/pkg/$member"
cp "$WORK/pkg/$package.dat" "$OUT/$package.dat"
echo "ICU data for conv: $kept of $(wc -l < "$WORK/all.txt") items ($(wc -l < "$WORK/rebuilt.txt") bundles rebuilt), $(stat -c %s "$OUT/$package.dat") of $(stat -c %s "$WORK/full/$package.dat") bytes ($OUT/libicudata.a)"
