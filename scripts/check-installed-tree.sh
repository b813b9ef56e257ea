#!/bin/sh
# Checks what `make install` put under a prefix, beyond what the end-to-end suite runs: the budgets
# and properties that nothing else would notice going stale. Run by `make check`; exits non-zero
# with one line per failure.
#   scripts/check-installed-tree.sh PREFIX UNSTRIPPED_CONV
set -u
prefix=$1
unstripped=$2
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
# The helper's libraries are all found, and it runs: with no URL it prints its usage and exits 64.
if ldd "$helper" | grep -q 'not found'; then
  fail "$helper: $(ldd "$helper" | grep 'not found' | head -1)"
fi
"$helper" >/dev/null 2>&1
status=$?
[ "$status" -eq 64 ] || fail "$helper with no arguments exited $status (64 expected): it does not run"
[ "$failed" -eq 0 ] && echo "check-installed-tree: $conv ($size bytes, static), $helper: fine"
exit $failed
