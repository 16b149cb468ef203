#!/usr/bin/env python3
"""count-nonzero.py N FILE - how many of the first N words of a buffer
printed in wavesim's format ("bufK[i]: v v ...") are not zero."""
import sys

words = []
with open(sys.argv[2]) as f:
    for line in f:
        if ":" in line:
            words += [int(v) for v in line.split(":", 1)[1].split()]
n = int(sys.argv[1])
print(f"{n} words, {sum(1 for w in words[:n] if w)} nonzero")
