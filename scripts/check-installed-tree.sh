#!/bin/sh
# Checks what `make install` put under a prefix, beyond what the end-to-end suite runs: the budgets
# and properties that nothing else would notice going stale. Run by `make check`; exits non-zero
# with one line per failure.
#   scripts/check-installed-tree.sh PREFIX UNSTRIPPED_CONV [ORDER_FILE]
# Needs readelf and nm (binutils), ldd, GNU time (/usr/bin/time: Debian's time).
set -u
prefix=$1
unstripped=$2
order=${3:-}
conv=$prefix/bin/conv
helper=$prefix/libexec/conv/conv-rates-fetch
# Budget of the stripped conv, in bytes (issue 35: 20 MB; today about 15 MB).
budget=20000000
failed=0
fail() { echo "check-installed-tree: $*" >&2; failed=1; }

[ -x "$conv" ] || fail "no executable $conv"
[ -x "$helper" ] || fail "no executable $helper"
# conv is fully static: no program interpreter.
if readelf -l "$conv" | grep -q 'Requesting program interpreter'; then
  fail "$conv is not statically linked"
fi
size=$(stat -c %s "$conv")
[ "$size" -le "$budget" ] || fail "$conv is $size bytes, over the budget of $budget"
# The regex engine (_StringProcessing, about 1 MB) stays out: conv searches text with its own
# TextSearch, and one call of the standard library's contains/replacing on strings brings it back.
if nm "$unstripped" 2>/dev/null | grep -q '_StringProcessing'; then
  fail "$unstripped links _StringProcessing: a String.contains/firstRange/replacing call on text slipped in (use TextSearch)"
fi
# The startup order (see the Makefile) earns its place by memory: a one-shot's peak RSS is about
# 4.4 MB ordered and 7.6 MB unordered. Stale (names gone from the link) or bypassed (no lld), it
# would drift back silently; these two checks fail instead.
if [ -n "$order" ]; then
  symbols=$(mktemp)
  nm "$unstripped" | awk '{print $NF}' | sort -u > "$symbols"
  names=$(grep -v '^#' "$order" | sort -u)
  total=$(printf '%s\n' "$names" | wc -l)
  gone=$(printf '%s\n' "$names" | comm -23 - "$symbols" | wc -l)
  rm -f "$symbols"
  [ $((gone * 50)) -le "$total" ] || fail "$order is stale: $gone of its $total names are not in the link (regenerate it: scripts/generate-startup-order.sh)"
fi
oneshot=$(env -i LANG=C.UTF-8 HOME=/nonexistent /usr/bin/time -f %M "$conv" 5 mi km 2>&1 >/dev/null | tail -1)
[ "$oneshot" -le 6144 ] || fail "conv 5 mi km peaks at $oneshot KB (budget 6144 KB; unordered it is about 7,600): is the startup order applied?"
batch=$(awk 'BEGIN { for (i = 0; i < 200000; i++) printf "%d.5 mi km\n", i % 997 }' \
  | env -i LANG=C.UTF-8 HOME=/nonexistent /usr/bin/time -f %M "$conv" 2>&1 >/dev/null | tail -1)
[ "$batch" -le 8192 ] || fail "a 200,000-line batch peaks at $batch KB (budget 8192 KB: memory stays flat in batch)"

# The helper's libraries are all found, and it runs: with no URL it prints its usage and exits 64.
if ldd "$helper" | grep -q 'not found'; then
  fail "$helper: $(ldd "$helper" | grep 'not found' | head -1)"
fi
"$helper" >/dev/null 2>&1
status=$?
[ "$status" -eq 64 ] || fail "$helper with no arguments exited $status (64 expected): it does not run"
[ "$failed" -eq 0 ] && echo "check-installed-tree: $conv ($size bytes, static; one-shot $oneshot KB, batch $batch KB), $helper: fine"
exit $failed
