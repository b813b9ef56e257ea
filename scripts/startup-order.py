#!/usr/bin/env python3
"""Writes the symbol ordering file of conv's link from a link map and callgrind profiles.

Usage: startup-order.py LINK_MAP PROFILE... > scripts/startup-order.txt

Run by scripts/generate-startup-order.sh, which explains why the order matters. LINK_MAP is lld's
map of the profiled binary (-Map, with --no-demangle); each PROFILE is a callgrind output made with
--dump-instr=yes --compress-pos=no of that binary, named so that sorting the names sorts them by
priority (t1.* before t2.* ...): the sections a profile of priority 1 runs come first.

lld orders input sections, not functions: a name in the file moves the whole section that defines
it, and every section that defines a symbol of that name (local symbols repeat across objects:
objectdestroyTm, $sSnwst). So this script works on sections:
  - the executed instructions of each profile give the input sections that ran (the link map
    gives the sections, their sizes and the symbols in them);
  - each section is named by one of its symbols, chosen so that the name moves as little cold code
    as possible with it; a section whose every name would also move a large cold section is named
    after the other small ones, so that the cold section follows them instead of splitting them;
  - sections larger than a fault-around window that ran (the standard library's Swift.o keeps
    1.6 MB of functions in one .text) cannot be made smaller: they come after the small ones;
  - glibc's string functions have one variant per instruction set and valgrind's CPU is not the
    machine's (no AVX-512): the AVX and EVEX variants of each family that ran are added.
Sections without any symbol (.text..L__unnamed_1, small helpers Swift emits without a name)
cannot be named here: scripts/startup-layout.ld gathers them.
"""

import bisect
import collections
import re
import sys

WINDOW = 64 * 1024  # the kernel's fault-around: a section this large is not moved for its neighbours
CHEAP = 4096  # cold bytes a name may move along with its section before it is named last

# The ELF entry point and glibc's start-up, which callgrind reports under other names or not at all
# (valgrind gives a program no vDSO, so glibc's set-up of the vDSO never runs under it).
ALWAYS_FIRST = [
    "_start", "__libc_start_main_impl", "_dl_non_dynamic_init", "_dl_new_object",
    "_dl_add_to_namespace_list", "_dl_setup_hash", "_dl_lookup_symbol_x", "do_lookup_x",
    "check_match", "_dl_vdso_vsym", "_dl_name_match_p",
]

MAP_LINE = re.compile(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")
STRING_VARIANT = re.compile(r"^(__\w+?)_(sse2|ssse3|sse4|avx|evex)")
MACHINE_VARIANT = re.compile(r"_(avx2|avx512|evex|avx)(?!.*_rtm)")


class Section:
    def __init__(self, address, size, name):
        self.address, self.size, self.name = address, size, name
        self.symbols = []


def read_map(path):
    """The input sections of the output section .text, by address, with their symbols."""
    sections = []
    output = None
    current = None
    with open(path) as lines:
        for line in lines:
            match = MAP_LINE.match(line)
            if not match:
                continue
            address, size, indent, name = match.groups()
            depth = len(indent)
            if depth == 0:
                output = name
                current = None
            elif depth == 8 and output == ".text":
                current = Section(int(address, 16), int(size, 16), name)
                sections.append(current)
            elif depth == 8:
                current = None
            elif depth == 16 and current is not None:
                current.symbols.append(name)
    sections.sort(key=lambda section: section.address)
    return sections


def executed_sections(profiles, sections):
    """The sections each profile ran, in the order of the profiles, each section once."""
    starts = [section.address for section in sections]
    order = []
    seen = set()
    for path in sorted(profiles):
        with open(path) as lines:
            for line in lines:
                if not line.startswith("0x"):
                    continue
                address = int(line.split(maxsplit=1)[0], 16)
                index = bisect.bisect_right(starts, address) - 1
                if index < 0:
                    continue
                section = sections[index]
                if address < section.address + section.size and index not in seen:
                    seen.add(index)
                    order.append(index)
    return order


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: startup-order.py LINK_MAP PROFILE...")
    sections = read_map(sys.argv[1])
    order = executed_sections(sys.argv[2:], sections)

    by_symbol = collections.defaultdict(list)
    for index, section in enumerate(sections):
        for symbol in section.symbols:
            by_symbol[symbol].append(index)

    # The machine's variants of the string functions that ran, next to the variant valgrind ran.
    families = collections.defaultdict(list)
    for symbol in by_symbol:
        match = STRING_VARIANT.match(symbol)
        if match:
            families[match.group(1)].append(symbol)
    hot = set(order)
    with_variants = []
    for index in order:
        with_variants.append(index)
        for symbol in sections[index].symbols:
            match = STRING_VARIANT.match(symbol)
            if not match:
                continue
            for variant in families[match.group(1)]:
                if not MACHINE_VARIANT.search(variant):
                    continue
                for other in by_symbol[variant]:
                    if other not in hot:
                        hot.add(other)
                        with_variants.append(other)
    order = with_variants

    small = [index for index in order if sections[index].size < WINDOW]
    large = [index for index in order if sections[index].size >= WINDOW]
    names = []
    named_late = []
    large_names = []
    moved = set()
    unnamed = 0
    for index in small + large:
        best = None
        for symbol in sections[index].symbols:
            cold = sum(sections[other].size for other in by_symbol[symbol]
                       if other != index and other not in hot and other not in moved)
            if best is None or cold < best[0]:
                best = (cold, symbol)
        if best is None:
            unnamed += 1
            continue
        cold, symbol = best
        moved.update(by_symbol[symbol])
        if sections[index].size >= WINDOW:
            large_names.append(symbol)
        else:
            (named_late if cold > CHEAP else names).append(symbol)

    print("# The sections a one-shot conv runs, most used first: the linker places them together.")
    print("# Generated by scripts/generate-startup-order.sh; do not edit.")
    written = set()
    for symbol in ALWAYS_FIRST + names + named_late + large_names:
        if symbol not in written:
            written.add(symbol)
            print(symbol)
    hot_bytes = sum(sections[index].size for index in small)
    large_bytes = sum(sections[index].size for index in large)
    print(f"{len(order)} sections ran: {hot_bytes} bytes in small sections, {large_bytes} in "
          f"{len(large)} large ones; {len(named_late)} named late, {unnamed} without a symbol",
          file=sys.stderr)


if __name__ == "__main__":
    main()
