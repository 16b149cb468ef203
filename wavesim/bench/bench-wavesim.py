#!/usr/bin/env python3
"""wavesim's speed: make bench-wavesim.

1. The public corpus (../shared/corpus) on wavesim with one host thread
   (CUCC_WAVESIM_THREADS=1) and with all online cores: each program is
   built once with cucc (lit-tests/public-corpus/run-corpus.py's build
   line) and run one at a time, so the timings do not disturb each other;
   a row gives both wall times and the speed-up. Programs listed as
   out-of-scope or build-only in scope.tsv are left out.
2. Single-thread throughput (work-items per second, from wavesim --stats)
   of a compute-bound and a shared-memory-bound kernel
   (wavesim/bench/throughput.cu).

Prints a Markdown table (docs/wavesim.md holds one).
"""

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
spec = importlib.util.spec_from_file_location(
    "run_corpus",
    os.path.join(ROOT, "lit-tests", "public-corpus", "run-corpus.py"))
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)


def timed_run(row, arch, args, env, threads):
    env = dict(env, CUCC_WAVESIM_THREADS=str(threads))
    start = time.time()
    status, error, _ = rc.run(row, arch, args, env)
    return status, time.time() - start


def throughput(args, threads):
    bindir = os.path.dirname(args.cucc)
    ll = os.path.join(args.work, "throughput.ll")
    subprocess.run([os.path.join(bindir, "cu2hsaco"),
                    os.path.join(HERE, "throughput.cu"), "-O2",
                    "--emit-llvm", "--offload-arch=gfx942", "-o", ll],
                   check=True)
    rows = []
    for kernel, grid, block, extra in (
            ("_Z12computeBoundPfi", 64, 256, "--int=2000"),
            ("_Z11sharedBoundPfi", 64, 256, "--int=200")):
        env = dict(os.environ, CUCC_WAVESIM_THREADS=str(threads))
        p = subprocess.run(
            [os.path.join(bindir, "wavesim"), "--kernel=" + kernel,
             f"--grid={grid}", f"--block={block}",
             f"--float-buffer={grid * block}", extra, "--stats",
             "--repeat=3", ll],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            check=True)
        m = re.search(r"([0-9.e+]+) lanes/s", p.stderr.decode())
        rows.append((kernel, float(m.group(1)) if m else 0.0))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--cucc", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--arch", default="gfx942")
    ap.add_argument("--only", default="")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--run-timeout", type=int, default=300)
    ap.add_argument("--scope", default=os.path.join(
        ROOT, "lit-tests", "public-corpus", "scope.tsv"))
    args = ap.parse_args()
    args.build_timeout = 600

    rows = rc.read_manifest(args.corpus)
    counts = {}
    for r in rows:
        counts[r["name"]] = counts.get(r["name"], 0) + 1
    for r in rows:
        if counts[r["name"]] > 1:
            r["name"] = r["suite"] + "/" + r["name"]
    scope = rc.read_scope(args.scope)
    rows = [r for r in rows if r["name"] not in scope]
    if args.only:
        wanted = set(args.only.split(","))
        rows = [r for r in rows if r["name"] in wanted]

    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.corpus, args.work, symlinks=True)
    args.logs = os.path.join(args.work, "logs")
    os.makedirs(args.logs)
    env = dict(os.environ, NVCC=f"{args.cucc} --offload-arch={args.arch}")
    env.pop("CUCC_DEVICE", None)

    n = args.threads
    print(f"| program | 1 thread | {n} threads | speed-up |")
    print("|---|---:|---:|---:|")
    # All programs that pass, and those that run a second or more on one
    # thread (below that, loading the module dominates).
    product, count = 1.0, 0
    long_product, long_count = 1.0, 0
    for row in rows:
        b = rc.build(row, args, env)
        if b[0] != "ok":
            print(f"| {row['name']} | build {b[0]} | | |")
            continue
        s1, t1 = timed_run(row, args.arch, args, env, 1)
        sn, tn = timed_run(row, args.arch, args, env, n)
        note = "" if s1 == sn == "PASS" else f" ({s1}, {sn})"
        speedup = t1 / tn if tn > 0 else 0.0
        if s1 == sn == "PASS":
            product *= speedup
            count += 1
            if t1 >= 1.0:
                long_product *= speedup
                long_count += 1
        print(f"| {row['name']}{note} | {t1:.1f} s | {tn:.1f} s | "
              f"{speedup:.2f}x |", flush=True)
    if count:
        print(f"\ngeometric mean speed-up of {count} programs: "
              f"{product ** (1.0 / count):.2f}x")
    if long_count:
        print(f"geometric mean speed-up of the {long_count} that run 1 s or "
              f"more on one thread: {long_product ** (1.0 / long_count):.2f}x")

    print("\n| kernel (gfx942, 64 blocks of 256) | work-items/s, 1 thread |")
    print("|---|---:|")
    for kernel, rate in throughput(args, 1):
        print(f"| {kernel} | {rate:.3g} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
