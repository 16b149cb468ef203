#!/usr/bin/env python3
"""compare.py - compares the buffer cooperative_groups.cu printed on wavesim
with the one an NVIDIA GPU printed (expected.*.txt.gz), word by word, and
names each mismatching word by thread and result (block, dynamic tile,
thread_block_tile<N> member, coalesced pattern member). Prints
"threads T, words W, ..., mismatches M" and, with -v, the first mismatch of
each result; exits 1 on any mismatch. --exclude=REGEX leaves out the words
whose result name matches (counted as excluded).
Usage: compare.py [-v] [--exclude=REGEX]... ACTUAL EXPECTED[.gz]"""
import collections, gzip, re, sys

RESULTS = 480
TILE = ["thread_rank", "size", "num_threads", "meta_group_rank",
        "meta_group_size", "shfl", "shfl_up", "shfl_down", "shfl_xor",
        "shfl(float)", "shfl_down(double).lo", "shfl_down(double).hi",
        "shfl_xor(ll).lo", "shfl_xor(ll).hi", "shfl_up(unsigned)", "any", "all",
        "ballot", "match_any", "match_all", "match_all.pred",
        "match_any(u64)", "reduce plus", "reduce less", "reduce greater",
        "reduce bit_and", "reduce bit_or", "reduce bit_xor",
        "reduce plus(float)", "reduce lambda", "reduce plus(double).lo",
        "reduce plus(double).hi", "inclusive_scan", "inclusive_scan(float)",
        "inclusive_scan greater", "exclusive_scan", "exclusive_scan bit_or",
        "exclusive_scan(float)"]
COAL = ["thread_rank", "size", "num_threads", "shfl(uniform)", "shfl(any)",
        "shfl_up", "shfl_down", "shfl(float)", "shfl_up(double).lo",
        "shfl_up(double).hi", "shfl_down(ll).lo", "shfl_down(ll).hi", "any",
        "all", "ballot", "reduce plus", "reduce bit_xor", "reduce less",
        "reduce plus(float)", "inclusive_scan", "inclusive_scan(float)",
        "exclusive_scan", "exclusive_scan(float)", "exclusive_scan bit_or",
        "labeled.thread_rank", "labeled.size", "labeled.reduce",
        "labeled.inclusive_scan", "labeled.shfl", "binary.thread_rank",
        "binary.size", "binary.reduce", "binary.exclusive_scan",
        "binary.ballot"]


def name(slot):
    if slot < 8:
        return "block[%d]" % slot
    if slot < 20:
        return "tiled_partition(block, %d).%s" % (1 << ((slot - 8) // 2),
                                                  ("thread_rank", "size")[slot % 2])
    if slot < 260:
        n, k = divmod(slot - 20, 40)
        return "tile<%d>.%s" % (1 << n, TILE[k] if k < len(TILE) else k)
    p, k = divmod(slot - 260, 36)
    return "coalesced pattern %d.%s" % (p, COAL[k] if k < len(COAL) else k)


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    words = []
    with opener(path, "rt") as f:
        for line in f:
            words.extend(int(x) for x in line.split(":", 1)[1].split())
    return words


def main():
    exclude = [a.split("=", 1)[1] for a in sys.argv[1:]
               if a.startswith("--exclude=")]
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    actual, expected = read(args[0]), read(args[1])
    if len(actual) != len(expected):
        print("length differs: %d vs %d" % (len(actual), len(expected)))
        return 1
    bad = collections.Counter()
    first = {}
    skipped = 0
    for i, (a, e) in enumerate(zip(actual, expected)):
        n = name(i % RESULTS)
        if any(re.search(x, n) for x in exclude):
            skipped += 1
            continue
        if a != e:
            bad[n] += 1
            first.setdefault(n, (i // RESULTS, a & 0xffffffff, e & 0xffffffff))
    nz = sum(1 for e in expected if e)
    print("threads %d, words %d, nonzero %d, excluded %d, mismatches %d" %
          (len(expected) // RESULTS, len(expected), nz, skipped,
           sum(bad.values())))
    if "-v" in sys.argv:
        for n, c in bad.most_common():
            t, a, e = first[n]
            print("  %-40s %5d  (thread %d: got %#x, NVIDIA %#x)" % (n, c, t, a, e))
    return 1 if bad else 0


sys.exit(main())
