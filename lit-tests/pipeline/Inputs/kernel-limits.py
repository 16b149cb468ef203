#!/usr/bin/env python3
"""kernel-limits.py - whether the kernels of an AMDGPU listing stay within
limits on their VGPRs and on how often an instruction occurs.

Usage: kernel-limits.py LISTING --kernel REGEX [--max-vgprs N]
                        [--max MNEMONIC=N ...]

For every kernel whose symbol matches REGEX, prints one line,
"kernel K: V VGPRs, C MNEMONIC ...: ok" or "...: over" (K numbers the
matching kernels in listing order; C counts the instructions whose mnemonic
starts with MNEMONIC, v_exp_f32 counting v_exp_f32_e32), and exits 1 if
none matches or one is over. A kernel's instructions are those
hip-kernels/bench/bench_report.py counts (label to the end of the function).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "hip-kernels", "bench"))
from bench_report import function_body  # noqa: E402


def vgpr_counts(listing):
    """Kernel symbol -> .vgpr_count, from the listing's metadata."""
    counts = {}
    for block in re.split(r"\n\s+- \.", listing):
        name = re.search(r"\.name:\s+(\S+)", block)
        vgprs = re.search(r"\.vgpr_count:\s+(\d+)", block)
        if name and vgprs:
            counts[name.group(1)] = int(vgprs.group(1))
    return counts


def main():
    p = argparse.ArgumentParser()
    p.add_argument("listing")
    p.add_argument("--kernel", required=True)
    p.add_argument("--max-vgprs", type=int)
    p.add_argument("--max", action="append", default=[])
    args = p.parse_args()
    listing = open(args.listing).read()
    vgprs = vgpr_counts(listing)
    kernels = [k for k in re.findall(r"^(\S+):", listing, re.M)
               if k in vgprs and re.search(args.kernel, k)]
    if not kernels:
        print("no kernel matches", args.kernel)
        return 1
    failed = False
    for index, kernel in enumerate(kernels):
        body = function_body(listing, kernel)
        parts = ["%d VGPRs" % vgprs[kernel]]
        over = args.max_vgprs is not None and vgprs[kernel] > args.max_vgprs
        for limit in args.max:
            mnemonic, most = limit.split("=")
            count = sum(1 for i in body if i.split()[0].startswith(mnemonic))
            parts.append("%d %s" % (count, mnemonic))
            over = over or count > int(most)
        print("kernel %d: %s: %s" % (index, ", ".join(parts),
                                     "over" if over else "ok"))
        failed = failed or over
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
