#!/usr/bin/env python3
"""check_dims.py - Holds grid_dims.cu's records against CUDA's definition.

  python3 check_dims.py --grid X,Y,Z --block X,Y,Z < BUFFER

BUFFER is the kernel's buffer as `wavesim` and tgemu-buffer.py print it
("buf0[k]: v ..."). CUDA's definition (Programming Guide, "Built-in
Variables"; "Thread Hierarchy" for the linear index) gives each thread's
record: gridDim and blockDim are the launch's shape, blockIdx and threadIdx
the thread's place in it, and a thread's record lies at its linear index,
x fastest. Prints the number of records checked and each that differs.
"""

import argparse
import itertools
import re
import sys

RECORD_WORDS = 18


def triple(text):
    values = [int(v) for v in text.split(",")]
    return tuple(values + [1] * (3 - len(values)))


def read_buffer(stream):
    words = {}
    for line in stream:
        found = re.match(r"buf0\[(\d+)\]:((?: -?\d+)*)\s*$", line)
        if found:
            start = int(found.group(1))
            for k, word in enumerate(found.group(2).split()):
                words[start + k] = int(word) & 0xFFFFFFFF
    return [words.get(k) for k in range(max(words) + 1)] if words else []


def expected_record(grid, block, block_id, thread_id):
    sizes = list(grid) + list(block)
    return sizes + list(block_id) + list(thread_id) + sizes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", type=triple, required=True)
    parser.add_argument("--block", type=triple, required=True)
    args = parser.parse_args()
    grid, block = args.grid, args.block
    words = read_buffer(sys.stdin)
    threads = block[0] * block[1] * block[2]
    blocks = grid[0] * grid[1] * grid[2]
    if len(words) != RECORD_WORDS * blocks * threads:
        sys.exit(f"check_dims: {len(words)} words, expected "
                 f"{RECORD_WORDS * blocks * threads}")
    bad = 0
    for bz, by, bx in itertools.product(*(range(n) for n in grid[::-1])):
        for tz, ty, tx in itertools.product(*(range(n) for n in block[::-1])):
            linear_block = bx + grid[0] * (by + grid[1] * bz)
            linear_thread = tx + block[0] * (ty + block[1] * tz)
            at = RECORD_WORDS * (linear_block * threads + linear_thread)
            want = expected_record(grid, block, (bx, by, bz), (tx, ty, tz))
            got = words[at:at + RECORD_WORDS]
            if got != want:
                bad += 1
                if bad <= 5:
                    print(f"MISMATCH block ({bx},{by},{bz}) thread "
                          f"({tx},{ty},{tz}): {got}, expected {want}")
    print(f"{blocks * threads} records checked, {bad} mismatches")


if __name__ == "__main__":
    main()
