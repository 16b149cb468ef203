#!/usr/bin/env python3
"""Compares a cuRAND host API program's records (lit-tests/curand/Inputs,
built by cucc) with NVIDIA's (lit-tests/oracle/nvidia/curand-host/
expected.h100.txt, same format:
"record NAME COUNT" then "INDEX HEXBITS" lines, "status NAME VALUE").

Every record of OURS must be in EXPECTED with the same count and the same
printed indices. Words, uniforms and double uniforms must be equal bit for
bit; normal and log-normal values (names holding "ormal"), which go
through sqrt, log, sin and cos, within --float-tolerance (floats) or
--double-tolerance (doubles), relative above 1 and absolute below.
Status lines must be equal.
Records of the device API's values (one row of --columns values per
state, printed as doubles) name their normal columns with --near-columns
(as "10-11,16-21"), those of them that hold floats with --float-columns,
and the columns not compared with --skip-columns; a skipped column may be
missing from OURS.
Prints a summary, one MISMATCH line per difference (at most 20) and exits
1 on any.

Usage: compare-records.py OURS EXPECTED
"""
import argparse
import struct
import sys


def parse(path):
    records, statuses, name = {}, {}, None
    for line in open(path):
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "record":
            name = fields[1]
            records[name] = (int(fields[2]), {})
        elif fields[0] == "status":
            statuses[fields[1]] = fields[2]
        elif name is not None and len(fields) == 2:
            records[name][1][int(fields[0])] = fields[1]
    return records, statuses


def column_set(text):
    columns = set()
    for part in filter(None, text.split(",")):
        low, _, high = part.partition("-")
        columns.update(range(int(low), int(high or low) + 1))
    return columns


def value(bits):
    if len(bits) == 8:
        return struct.unpack("<f", struct.pack("<I", int(bits, 16)))[0]
    return struct.unpack("<d", struct.pack("<Q", int(bits, 16)))[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ours")
    parser.add_argument("expected")
    parser.add_argument("--float-tolerance", type=float, default=1e-5)
    parser.add_argument("--double-tolerance", type=float, default=1e-12)
    parser.add_argument("--columns", type=int, default=0)
    parser.add_argument("--near-columns", default="")
    parser.add_argument("--float-columns", default="")
    parser.add_argument("--skip-columns", default="")
    args = parser.parse_args()
    near_columns = column_set(args.near_columns)
    float_columns = column_set(args.float_columns)
    skip_columns = column_set(args.skip_columns)

    def column(index):
        return index % args.columns if args.columns else -1

    ours, our_statuses = parse(args.ours)
    expected, expected_statuses = parse(args.expected)
    mismatches, compared, near, worst = [], 0, 0, 0.0
    for name, (count, values) in ours.items():
        if name not in expected or expected[name][0] != count:
            mismatches.append("record %s: not in the expected output, or "
                              "another count" % name)
            continue
        wanted = {index: bits for index, bits in expected[name][1].items()
                  if column(index) not in skip_columns}
        values = {index: bits for index, bits in values.items()
                  if column(index) not in skip_columns}
        if set(values) != set(wanted):
            mismatches.append("record %s: other indices printed" % name)
            continue
        for index, bits in values.items():
            compared += 1
            if "ormal" not in name and column(index) not in near_columns:
                if bits != wanted[index]:
                    mismatches.append("%s[%d]: %s, expected %s"
                                      % (name, index, bits, wanted[index]))
                continue
            near += 1
            a, b = value(bits), value(wanted[index])
            error = abs(a - b) / max(abs(b), 1.0)
            worst = max(worst, error)
            floats = len(bits) == 8 or column(index) in float_columns
            tolerance = (args.float_tolerance if floats
                         else args.double_tolerance)
            if not error <= tolerance:
                mismatches.append("%s[%d]: %r, expected %r"
                                  % (name, index, a, b))
    for name, status in our_statuses.items():
        if expected_statuses.get(name) != status:
            mismatches.append("status %s: %s, expected %s"
                              % (name, status, expected_statuses.get(name)))
    print("%d records, %d values compared, %d statuses; normals: %d, "
          "largest relative difference %.1e"
          % (len(ours), compared, len(our_statuses), near, worst))
    for line in mismatches[:20]:
        print("MISMATCH " + line)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
