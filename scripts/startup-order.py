#!/usr/bin/env python3
"""Writes the symbol ordering file of conv's link from a link map and valgrind profiles.

Usage: startup-order.py LINK_MAP CODE_PROFILE... [--data DATA_PROFILE...] > scripts/startup-order.txt

Run by scripts/generate-startup-order.sh, which explains why the order matters. LINK_MAP is lld's
map of the profiled binary (-Map, with --no-demangle); each CODE_PROFILE is a callgrind output made
with --dump-instr=yes --compress-pos=no of that binary, each DATA_PROFILE the log of valgrind's
lackey with --trace-mem=yes; each kind is named so that sorting the names sorts them by priority
(t1.* before t2.* ...): the sections a profile of priority 1 uses come first.

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
    machine's (no AVX-512): the AVX and EVEX variants of each family that ran are added, first.
Sections without any symbol (.text..L__unnamed_1, small helpers Swift emits without a name)
cannot be named here: scripts/startup-layout.ld gathers them.

The same goes for data: the file orders input sections within every output section, so the data
sections a one-shot reads or writes (.rodata, .data.rel.ro, .data, .bss: type metadata, tables,
the runtime's caches) are named too, after the code. Swift and glibc put a whole object's data in
one section, so this gathers objects' data, not single variables; strings merged across objects
(.rodata.str1.*) cannot be ordered.
"""

import bisect
import collections
import re
import sys

# The kernel's fault-around: a section this large is not moved for its neighbours.
WINDOW = 64 * 1024
# The output sections whose input sections are ordered besides .text.
DATA_OUTPUTS = {".rodata", ".data.rel.ro", ".data", ".bss"}
CHEAP = 4096  # cold bytes a name may move along with its section before it is named late

# The ELF entry point and glibc's start-up, which callgrind reports under other names or not at all
# (valgrind gives a program no vDSO, so glibc's set-up of the vDSO never runs under it).
ALWAYS_FIRST = [
    "_start", "__libc_start_main_impl", "_dl_non_dynamic_init", "_dl_new_object",
    "_dl_add_to_namespace_list", "_dl_setup_hash", "_dl_lookup_symbol_x", "do_lookup_x",
    "check_match",
]

MAP_LINE = re.compile(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")
ACCESS_LINE = re.compile(r"^ [LSM] ([0-9a-f]+),")
STRING_VARIANT = re.compile(r"^(__\w+?)_(sse2|ssse3|sse4|avx|evex)")
MACHINE_VARIANT = re.compile(r"_(avx2|avx512|evex|avx)(?!.*_rtm)")


class Section:
    def __init__(self, address, size, name, output):
        self.address, self.size, self.name, self.output = address, size, name, output
        self.symbols = []


def read_map(path, outputs):
    """The input sections of the given output sections, by address, with their symbols."""
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
            elif depth == 8 and output in outputs:
                current = Section(int(address, 16), int(size, 16), name, output)
                sections.append(current)
            elif depth == 8:
                current = None
            elif depth == 16 and current is not None:
                current.symbols.append(name)
    sections.sort(key=lambda section: section.address)
    return sections


def used_sections(profiles, sections, address_of):
    """The sections the profiles use, in the order of the profiles, each section once.

    address_of reads the address a profile line uses, or None for other lines."""
    starts = [section.address for section in sections]
    order = []
    seen = set()
    for path in sorted(profiles):
        with open(path, errors="replace") as lines:
            for line in lines:
                address = address_of(line)
                if address is None:
                    continue
                index = bisect.bisect_right(starts, address) - 1
                if index < 0:
                    continue
                section = sections[index]
                if address < section.address + max(section.size, 1) and index not in seen:
                    seen.add(index)
                    order.append(index)
    return order


def instruction_address(line):
    return int(line.split(maxsplit=1)[0], 16) if line.startswith("0x") else None


def access_address(line):
    match = ACCESS_LINE.match(line)
    return int(match.group(1), 16) if match else None


def section_names(sections, order, hot):
    """One name for each section of order (the small sections, those whose names move a large cold
    section, then the large ones), how many had no name, the bytes of the small ones, the large ones."""
    by_symbol = collections.defaultdict(list)
    for index, section in enumerate(sections):
        for symbol in section.symbols:
            by_symbol[symbol].append(index)
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
    small_bytes = sum(sections[index].size for index in small)
    return names + named_late + large_names, unnamed, small_bytes, large


def main():
    arguments = sys.argv[1:]
    data_at = arguments.index("--data") if "--data" in arguments else len(arguments)
    code_profiles, data_profiles = arguments[1:data_at], arguments[data_at + 1:]
    if not arguments or not code_profiles:
        sys.exit("usage: startup-order.py LINK_MAP CODE_PROFILE... [--data DATA_PROFILE...]")
    sections = read_map(arguments[0], {".text"} | DATA_OUTPUTS)
    code = [index for index, section in enumerate(sections) if section.output == ".text"]
    data = [index for index, section in enumerate(sections) if section.output != ".text"]

    def used(indices, profiles, address_of):
        subset = [sections[index] for index in indices]
        return [indices[position] for position in used_sections(profiles, subset, address_of)]

    code_order = used(code, code_profiles, instruction_address)
    data_order = used(data, data_profiles, access_address)

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
    # They go first: which profile first calls a family under valgrind says little about when the
    # program calls it natively (valgrind replaces some of them).
    hot = set(code_order) | set(data_order)
    variants = []
    for index in code_order:
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
                        variants.append(other)
    code_order = variants + code_order

    print("# The sections a one-shot conv uses, code then data, most used first: the linker places")
    print("# them together. Generated by scripts/generate-startup-order.sh; do not edit.")
    written = set()
    for kind, order in (("code", code_order), ("data", data_order)):
        names, unnamed, small_bytes, large = section_names(sections, order, hot)
        for symbol in (ALWAYS_FIRST if kind == "code" else []) + names:
            if symbol not in written:
                written.add(symbol)
                print(symbol)
        large_bytes = sum(sections[index].size for index in large)
        print(f"{kind}: {len(order)} sections used, {small_bytes} bytes in small ones, {large_bytes} "
              f"in {len(large)} large ones; {unnamed} without a symbol", file=sys.stderr)


if __name__ == "__main__":
    main()
