#!/usr/bin/env python3
"""Compares texture_fetch.cu's output with the H100's, section by section.

Every section (one configuration of texture and fetch: its name line, then
one line of channel bits a sample) must print the same bits as the H100's;
each that differs is named, and so is a section one side lacks. Linear
filtering included, there is no tolerance: the software fetch
(include/texture_indirect_functions.h) does the texture unit's arithmetic
bit for bit.
"""
import sys


def sections(path):
    out, name = {}, None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("== "):
            name = line[3:].rsplit(" (", 1)[0]
            out[name] = [line]
        elif name is not None:
            out[name].append(line)
    return out


def main():
    got, want = sections(sys.argv[1]), sections(sys.argv[2])
    failed = False
    for name, lines in want.items():
        if name in got and got[name] != lines:
            print(f"FAIL: {name} differs from the H100's")
            failed = True
    if set(got) != set(want):
        print("FAIL: sections differ:", sorted(set(got) ^ set(want)))
        failed = True
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
