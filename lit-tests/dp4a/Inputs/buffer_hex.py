#!/usr/bin/env python3
"""buffer_hex.py - tgemu-buffer.py's output as the dp4a programs print it.

  python3 buffer_hex.py WORDS_PER_LINE < tgemu-output

tgemu-buffer.py prints an i32 buffer as signed decimals, 16 a line
("buf0[k]: v ..."); the dp4a test programs print their result buffer as
8-digit hex words, WORDS_PER_LINE a line. This rewrites the first into the
second so that tgemu's run of a kernel compares with diff against the
NVIDIA capture.
"""
import sys

per_line = int(sys.argv[1])
words = []
for line in sys.stdin:
    words += [int(v) & 0xffffffff for v in line.split(":", 1)[1].split()]
for k in range(0, len(words), per_line):
    print(" ".join(f"{w:08x}" for w in words[k:k + per_line]))
