#!/usr/bin/env python3
"""Prints "NAME TARGET" for each alias bundle of an ICU locale tree (NAME{ "%%ALIAS"{"TARGET"} }),
read from the binary .res files: derb follows an alias instead of printing it, and ICU's API loops on
some (no_NO). Used by reduce-icu-data.sh to compile the alias bundles against a new key pool.
Reads the resource bundle format of ICU 56 and later (formatVersion 2 and 3, keys and strings from
the pool bundle); fails on anything but a one-entry table whose key is %%ALIAS and whose value is a string.
Usage: icu-alias-targets.py POOL.res NAME...   (in the tree's directory, NAME.res for each NAME)"""
import struct
import sys


def load(path):
    data = open(path, 'rb').read()
    header = struct.unpack_from('<H', data, 0)[0]
    body = data[header:]
    length = struct.unpack_from('<I', body, 4)[0] & 0xff
    return body, struct.unpack_from('<%dI' % length, body, 4)


def u16(data, offset):
    return struct.unpack_from('<H', data, offset * 2)[0]


def string16(units, offset):
    first = u16(units, offset)
    if first < 0xdc00 or first >= 0xe000:  # NUL-terminated
        chars = []
        while u16(units, offset) != 0:
            chars.append(u16(units, offset))
            offset += 1
    else:
        if first < 0xdfef:
            count, start = first & 0x3ff, offset + 1
        elif first < 0xdfff:
            count, start = ((first - 0xdfef) << 16) | u16(units, offset + 1), offset + 2
        else:
            count, start = (u16(units, offset + 1) << 16) | u16(units, offset + 2), offset + 3
        chars = [u16(units, start + i) for i in range(count)]
    return struct.pack('<%dH' % len(chars), *chars).decode('utf-16-le')


pool, pool_indexes = load(sys.argv[1])
pool_units = pool[pool_indexes[1] * 4:]
pool_keys = (1 + len(pool_indexes)) * 4
for name in sys.argv[2:]:
    data, indexes = load(name + '.res')
    if len(indexes) <= 5 or not indexes[5] & 4:
        sys.exit('%s.res does not use a pool bundle' % name)
    units = data[indexes[1] * 4:]
    local_key_limit = indexes[1] * 4
    pool_string_limit = indexes[5] >> 12
    root = struct.unpack_from('<I', data, 0)[0]
    kind, offset = root >> 28, root & 0xfffffff
    if kind != 5 or u16(units, offset) != 1:  # a 16-bit table of one entry
        sys.exit('%s.res: not a one-entry table (type %d)' % (name, kind))
    key, item = u16(units, offset + 1), u16(units, offset + 2)
    # An alias bundle has no keys of its own: its key is an offset into the pool's keys.
    if local_key_limit != (1 + len(indexes)) * 4:
        sys.exit('%s.res has keys of its own' % name)
    start = pool_keys + key
    key_text = pool[start:pool.index(b'\0', start)]
    if key_text != b'%%ALIAS':
        sys.exit('%s.res: key %r, not %%%%ALIAS' % (name, key_text))
    target = string16(pool_units, item) if item < pool_string_limit else string16(units, item - pool_string_limit)
    print(name, target)
