"""Prints the -l options of a link line, in order: the last line of the
standard input naming -lcudadevrt (a `#$ ` before it, as nvcc -v writes,
is dropped; other lines starting with # are comments)."""

import shlex
import sys

link = None
for line in sys.stdin:
    if line.startswith("#$ "):
        line = line[3:]
    elif line.startswith("#"):
        continue
    if "-lcudadevrt" in line:
        link = line
print(" ".join(word for word in shlex.split(link or "")
               if word.startswith("-l")))
