#!/bin/sh
# The project's Swift formatting, by swift-format (part of the Swift toolchain) with the
# configuration in .swift-format (two-space indentation, lines of at most 120 characters).
#
#   scripts/format.sh          rewrites the hand-written Swift in place
#   scripts/format.sh --lint   exits 1 when a file differs from its formatted form (`make check`)
#
# Left out: the tables generate-catalog writes (`*+Data.swift`, BuiltinSearchData.swift), whose
# layout the generator owns (a test compares them with what it writes), and ArticleCodeTests.swift,
# which holds the DocC articles' code line for line as the articles print it.
set -eu
cd "$(dirname "$0")/.."
SWIFT_FORMAT=${SWIFT_FORMAT:-$(dirname "$(command -v swift || echo /opt/swift/usr/bin/swift)")/swift-format}
files=$(git ls-files 'Sources/*.swift' 'Tests/*.swift' 'fuzz/*.swift' 'Package.swift' \
  | grep -v -e '+Data\.swift$' -e '/BuiltinSearchData\.swift$' -e '/ArticleCodeTests\.swift$')
case ${1:-} in
  --lint)
    # shellcheck disable=SC2086
    "$SWIFT_FORMAT" lint --strict --parallel $files ;;
  "")
    # shellcheck disable=SC2086
    "$SWIFT_FORMAT" format --in-place --parallel $files ;;
  *) echo "usage: scripts/format.sh [--lint]" >&2; exit 64 ;;
esac
