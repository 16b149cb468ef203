#!/usr/bin/env python3
"""compare-buffers.py - Compares two buffers printed in wavesim's format.

  python3 compare-buffers.py [--stride N --ignore LIST --words N]
                             [--near LIST --within D] OURS REFERENCE

Both files hold "bufK[i]: v v ..." lines (the wavesim CLI, tgemu-buffer.py
and the NVIDIA capture programs print them). The words are read as records
of N words (--stride, default 1); --ignore names record positions that are
not compared (comma-separated, ranges as 12-19), --near positions whose
words, as signed integers, may differ by up to D (--within, default 0; the
largest difference is printed); --words compares only the first N words
(of two buffers of the same length). Prints the number of words
compared and, per record position that differs, the count and the first
records with both values in hex; exit status 1 when any compared word
differs or the buffers' lengths differ.
"""

import argparse
import sys


def words(path):
    out = []
    with open(path) as f:
        for line in f:
            if ":" in line:
                out += [int(v) & 0xFFFFFFFF for v in line.split(":", 1)[1].split()]
    return out


def positions(spec):
    ignored = set()
    for part in filter(None, spec.split(",")):
        low, _, high = part.partition("-")
        ignored.update(range(int(low), int(high or low) + 1))
    return ignored


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--ignore", default="")
    parser.add_argument("--near", default="")
    parser.add_argument("--within", type=int, default=0)
    parser.add_argument("--words", type=int, default=None)
    parser.add_argument("ours")
    parser.add_argument("reference")
    args = parser.parse_args()
    ours, reference = words(args.ours), words(args.reference)
    if len(ours) != len(reference):
        print(f"MISMATCH: {len(ours)} words, reference {len(reference)}")
        return 1
    if args.words is not None:
        ours, reference = ours[:args.words], reference[:args.words]
    ignored, near = positions(args.ignore), positions(args.near)
    compared, differing, largest = 0, {}, 0
    for i, (a, b) in enumerate(zip(ours, reference)):
        record, position = divmod(i, args.stride)
        if position in ignored:
            continue
        compared += 1
        if position in near:
            distance = abs((a ^ 0x80000000) - (b ^ 0x80000000))
            largest = max(largest, distance)
            if distance <= args.within:
                continue
        if a != b:
            differing.setdefault(position, []).append((record, a, b))
    print(f"{compared} words compared"
          + (f", near words at most {largest} apart" if near else ""))
    for position, cases in sorted(differing.items()):
        first = ", ".join(f"record {r}: {a:#x} vs {b:#x}" for r, a, b in cases[:3])
        print(f"MISMATCH at word {position}: {len(cases)} records ({first})")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
