#!/usr/bin/env python3
"""exited-lanes-tgemu.py - The exited-lanes ground truth on machine code.

lit-tests/oracle/nvidia/exited-lanes/vectors.bin.gz holds what every lane
got from 37 CUDA warp primitives on an NVIDIA H100 when the member mask
named lanes that had exited or were never launched, and when lanes exited
inside loops (layout: FORMAT.md there). primitive-replay --exited-lanes
checks our lowering's IR against it on wavesim; this script checks the code
object, after the AMDGPU backend (register allocation, exec masks, DPP,
waitcnts), on tgemu, the ISA-level emulator (its README): it compiles
Inputs/exited_lanes.cu with cu2hsaco -O2 for each processor asked for, runs
a subset of the file's blocks with the file's own block sizes, one tgemu
launch per block size and processor, each in its own process, and compares
every lane that FORMAT.md calls defined, and the set of lanes that called,
with the H100's.

The subset: about one block in STRIDE of each launch of the file (picked by
a hash of the block's index), blocks of the same size merged into one
launch.
tgemu translates each instruction it meets, which costs seconds per launch,
and then runs a block in milliseconds, so fewer, larger launches are
cheaper. Blocks running syncwarp_exchange are left out: its shared-memory
slots are volatile, so clang accesses them with flat instructions through
the src_shared_base aperture, which tgemu does not model (it takes the flat
address as a host address and faults); wavesim covers them.

usage: exited-lanes-tgemu.py --tgemu DIR --cu2hsaco PATH --source FILE.cu
                             --vectors FILE[.gz] --arch gfx942 [--arch ...]
                             [--stride N] [--only PRIM] [-D NAME]
                             [--plant-bug NAME] [--jobs N] [--workdir DIR]
Exit status: 0 when every compared lane matched, 1 on a mismatch, 2 on an
error (a compile failure, an emulator fault).
"""

import argparse
import concurrent.futures
import ctypes
import gzip
import json
import os
import struct
import subprocess
import sys
import tempfile

NUM_PRIMS = 37
MAX_TRIPS = 8
CASE_BYTES = 64
RECORD_BYTES = 168
SYNCWARP = 35
PRIM_NAMES = [
    "shfl_idx.i32", "shfl_up.i32", "shfl_down.i32", "shfl_xor.i32",
    "shfl_idx.f32", "shfl_up.f32", "shfl_down.f32", "shfl_xor.f32",
    "shfl.idx.b32|p", "shfl.up.b32|p", "shfl.down.b32|p", "shfl.bfly.b32|p",
    "shfl_idx.const0", "shfl_up.const1", "shfl_down.const1",
    "shfl_xor.const1", "shfl_xor.const16", "ballot_sync", "all_sync",
    "any_sync", "uni_sync", "activemask", "match_any_sync.b32",
    "match_all_sync.b32", "match_any_sync.b64", "match_all_sync.b64",
    "reduce_add_sync.u32", "reduce_add_sync.s32", "reduce_min_sync.u32",
    "reduce_min_sync.s32", "reduce_max_sync.u32", "reduce_max_sync.s32",
    "reduce_and_sync", "reduce_or_sync", "reduce_xor_sync",
    "syncwarp_exchange", "elect_sync"]
TRIP_NAMES = ["exit:none", "exit:t%5==3", "exit:odd", "exit:upper16",
              "exit:all-but-one", "exit:random", "loop:t%5", "loop:random0-8",
              "loop:8-lane/4", "loop:1+3t%7"]
SCENARIO_NAMES = ["exited", "partial-warp", "loop"]
TGEMU_ARCH = {"gfx90a": "cdna", "gfx942": "cdna", "gfx1100": "rdna3",
              "gfx1200": "rdna4"}


class VectorFile:
    """The tables and records of an EXITGT01 file (FORMAT.md)."""

    def __init__(self, path):
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as f:
            data = f.read()
        head = struct.unpack_from("<8s10IQ2I", data, 0)
        (magic, version, prims, self.num_launches, self.num_cases,
         self.num_records, self.num_patterns, self.num_variants,
         self.num_bsets, trips, record_size, _, self.flags, _) = head
        if (magic != b"EXITGT01" or version != 1 or prims != NUM_PRIMS or
                trips != MAX_TRIPS or record_size != RECORD_BYTES):
            raise ValueError(f"{path}: not a version 1 exited-lanes file")
        at = 64
        self.launches = [struct.unpack_from("<4I", data, at + 16 * i)
                         for i in range(self.num_launches)]
        at += 16 * self.num_launches
        size = self.num_patterns * self.num_variants * 32 * 8
        self.inputs = data[at:at + size]
        at += size
        self.btable = data[at:at + self.num_bsets * 32 * 4]
        at += self.num_bsets * 32 * 4
        self.cases = data[at:at + self.num_cases * CASE_BYTES]
        at += self.num_cases * CASE_BYTES
        self.records = []
        for i in range(self.num_records):
            fields = struct.unpack_from("<42I", data, at + i * RECORD_BYTES)
            self.records.append(fields)
        if at + self.num_records * RECORD_BYTES != len(data):
            raise ValueError(f"{path}: size does not match its header")

    def case_words(self, c):
        return struct.unpack_from("<8I", self.cases, c * CASE_BYTES)


def warps_per_block(block_dim):
    return (block_dim + 31) // 32


def picked(launch, block):
    """A hash of the block: the blocks of a launch cycle through primitives
    and situations, so a plain stride would keep some situations only."""
    return ((block * 0x9E3779B1 + launch * 0x85EBCA77) & 0xFFFFFFFF) >> 16


def select_blocks(vf, stride, only):
    """{block size: [(launch index, block index)]}: about one block in
    stride of each launch, none running syncwarp_exchange."""
    chosen = {}
    for li, (_, block_dim, num_blocks, first) in enumerate(vf.launches):
        wpb = warps_per_block(block_dim)
        for b in range(num_blocks):
            if picked(li, b) % stride:
                continue
            prims = {vf.case_words(first + b * wpb + w)[0]
                     for w in range(wpb)}
            if SYNCWARP in prims:
                continue
            if only is not None and only not in prims:
                continue
            chosen.setdefault(block_dim, []).append((li, b))
    return chosen


def compile_code_object(args, gfx, workdir):
    out = os.path.join(workdir, f"exited_lanes.{gfx}.hsaco")
    cmd = [args.cu2hsaco, args.source, "-O2", f"--offload-arch={gfx}",
           "-o", out]
    for name in args.define or []:
        cmd += ["-D", name]
    if args.plant_bug:
        cmd += [f"--plant-bug={args.plant_bug}"]
    subprocess.run(cmd, check=True)
    return out


def write_job(vf, blocks, block_dim, hsaco, gfx, jobdir):
    """Writes the merged launch's inputs; returns its case list."""
    os.makedirs(jobdir, exist_ok=True)
    wpb = warps_per_block(block_dim)
    cases = []
    for li, b in blocks:
        first = vf.launches[li][3]
        cases += [first + b * wpb + w for w in range(wpb)]
    with open(os.path.join(jobdir, "words.bin"), "wb") as f:
        for c in cases:
            f.write(vf.cases[c * CASE_BYTES:c * CASE_BYTES + 32])
    with open(os.path.join(jobdir, "trips.bin"), "wb") as f:
        for c in cases:
            f.write(vf.cases[c * CASE_BYTES + 32:(c + 1) * CASE_BYTES])
    with open(os.path.join(jobdir, "inputs.bin"), "wb") as f:
        f.write(vf.inputs)
    with open(os.path.join(jobdir, "btable.bin"), "wb") as f:
        f.write(vf.btable)
    with open(os.path.join(jobdir, "job.json"), "w") as f:
        json.dump({"hsaco": hsaco, "arch": TGEMU_ARCH[gfx],
                   "blocks": len(blocks), "block_dim": block_dim,
                   "cases": len(cases)}, f)
    return cases


def worker(tgemu_dir, jobdir):
    """Runs one launch on tgemu (a process of its own)."""
    sys.path.insert(0, tgemu_dir)
    from run_hsaco import launch
    with open(os.path.join(jobdir, "job.json")) as f:
        job = json.load(f)

    def load(name, ctype):
        with open(os.path.join(jobdir, name), "rb") as f:
            data = f.read()
        return (ctype * (len(data) // ctypes.sizeof(ctype))).from_buffer_copy(
            data)

    words = load("words.bin", ctypes.c_uint32)
    trips = load("trips.bin", ctypes.c_uint8)
    inputs = load("inputs.bin", ctypes.c_uint64)
    btable = load("btable.bin", ctypes.c_uint32)
    n = job["cases"] * MAX_TRIPS * 32
    out = (ctypes.c_uint32 * n)()
    pred = (ctypes.c_uint8 * n)()
    execd = (ctypes.c_uint8 * n)()
    mask = (ctypes.c_uint32 * n)()
    launch(job["hsaco"], "exitedLanes", job["arch"], job["blocks"],
           job["block_dim"], [words, trips, inputs, btable, out, pred, execd,
                              mask])
    for name, array in (("out.bin", out), ("pred.bin", pred),
                        ("exec.bin", execd), ("mask.bin", mask)):
        with open(os.path.join(jobdir, name), "wb") as f:
            f.write(bytes(array))


def run_job(args, jobdir):
    proc = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--worker", jobdir,
         "--tgemu", args.tgemu], capture_output=True, text=True, timeout=900)
    if proc.returncode:
        raise RuntimeError(f"tgemu launch {jobdir} failed "
                           f"(exit {proc.returncode}): "
                           f"{(proc.stderr or proc.stdout)[-2000:]}")
    results = {}
    for name, fmt in (("out", "I"), ("pred", "B"), ("exec", "B"),
                      ("mask", "I")):
        with open(os.path.join(jobdir, name + ".bin"), "rb") as f:
            data = f.read()
        results[name] = struct.unpack(f"<{len(data) // struct.calcsize(fmt)}"
                                      f"{fmt}", data)
    return results


def situation(vf, c):
    li = 0
    while li + 1 < vf.num_launches and c >= vf.launches[li + 1][3]:
        li += 1
    scenario, block_dim = vf.launches[li][0], vf.launches[li][1]
    words = vf.case_words(c)
    suffix = ""
    if scenario == 2:
        suffix = "/activemask" if words[2] else "/0xffffffff"
    return f"{SCENARIO_NAMES[scenario]}/{block_dim}/{TRIP_NAMES[words[7]]}" \
           + suffix


def compare(vf, gfx, position, results, tallies, shown):
    """Compares every record of the cases run with tgemu's outputs."""
    bad_total = 0
    for rec in vf.records:
        c, trip = rec[0], rec[1]
        if c not in position:
            continue
        (_, _, _, alive, exec_nv, pred_nv, checked, _, mask_used, _) = rec[:10]
        out_nv = rec[10:]
        base = (position[c] * MAX_TRIPS + trip) * 32
        exec_amd = sum(1 << lane for lane in range(32)
                       if results["exec"][base + lane])
        prim = vf.case_words(c)[0]
        keys = (("prim", PRIM_NAMES[prim]), ("situation", situation(vf, c)))
        lanes = undefined = bad = 0
        callers_bad = exec_amd != exec_nv
        for lane in range(32):
            if not exec_nv >> lane & 1:
                continue
            if not checked >> lane & 1:
                undefined += 1
                continue
            lanes += 1
            got = (results["out"][base + lane], results["pred"][base + lane],
                   results["mask"][base + lane])
            want = (out_nv[lane], pred_nv >> lane & 1, mask_used)
            if got == want and exec_amd >> lane & 1:
                continue
            bad += 1
            if shown[0] < 6:
                shown[0] += 1
                print(f"  MISMATCH {gfx} case {c} trip {trip} "
                      f"{PRIM_NAMES[prim]} {situation(vf, c)} alive "
                      f"0x{alive:08x} lane {lane}: expected 0x{want[0]:08x} "
                      f"pred {want[1]} mask 0x{want[2]:08x}, got "
                      f"0x{got[0]:08x} pred {got[1]} mask 0x{got[2]:08x}")
        if callers_bad and shown[0] < 6:
            shown[0] += 1
            print(f"  CALLERS MISMATCH {gfx} case {c} trip {trip} "
                  f"{PRIM_NAMES[prim]}: NVIDIA 0x{exec_nv:08x}, AMD "
                  f"0x{exec_amd:08x}")
        for key in keys:
            t = tallies.setdefault(key, [0, 0, 0, 0, c])
            t[0] += 1
            t[1] += lanes
            t[2] += undefined
            t[3] += bad
            t[4] = min(t[4], c)
        tallies.setdefault(("callers", ""), [0])[0] += callers_bad
        bad_total += bad + callers_bad
    return bad_total


def report(gfx, tallies):
    print(f"{'primitive':<24} {'records':>8} {'lanes':>10} {'undefined':>10} "
          f"{'badlanes':>10}")
    total = [0, 0, 0, 0]
    for name in PRIM_NAMES:
        t = tallies.get(("prim", name))
        if t is None:
            continue
        print(f"{name:<24} {t[0]:>8} {t[1]:>10} {t[2]:>10} {t[3]:>10}")
        total = [a + b for a, b in zip(total, t[:4])]
    print(f"{'situation':<40} {'records':>8} {'lanes':>10} {'undefined':>10} "
          f"{'badlanes':>10}")
    situations = [(t[4], key, t) for key, t in tallies.items()
                  if key[0] == "situation"]
    for _, key, t in sorted(situations):
        print(f"{key[1]:<40} {t[0]:>8} {t[1]:>10} {t[2]:>10} {t[3]:>10}")
    callers = tallies.get(("callers", ""), [0])[0]
    print(f"TOTAL {gfx}: {total[0]} records, {total[1]} lanes checked, "
          f"{total[3]} mismatching lanes, {callers} records whose callers "
          f"differ ({total[2]} undefined lanes not compared)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tgemu", required=True)
    ap.add_argument("--worker")
    ap.add_argument("--cu2hsaco")
    ap.add_argument("--source")
    ap.add_argument("--vectors")
    ap.add_argument("--arch", action="append")
    ap.add_argument("--stride", type=int, default=3)
    ap.add_argument("--only")
    ap.add_argument("-D", dest="define", action="append")
    ap.add_argument("--plant-bug")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--workdir")
    args = ap.parse_args()
    if args.worker:
        worker(args.tgemu, args.worker)
        return 0
    if not (args.cu2hsaco and args.source and args.vectors and args.arch):
        ap.error("--cu2hsaco, --source, --vectors and --arch are required")
    only = None
    if args.only is not None:
        if args.only not in PRIM_NAMES:
            ap.error(f"no primitive named '{args.only}'")
        only = PRIM_NAMES.index(args.only)
    vf = VectorFile(args.vectors)
    workdir = args.workdir or tempfile.mkdtemp(prefix="exited-lanes-tgemu.")
    os.makedirs(workdir, exist_ok=True)
    chosen = select_blocks(vf, args.stride, only)
    num_blocks = sum(len(b) for b in chosen.values())
    print(f"exited-lanes vectors: {vf.num_records} records; on tgemu: about "
          f"1 block in {args.stride} of each launch, none running "
          f"syncwarp_exchange: {num_blocks} blocks in {len(chosen)} launches "
          f"per processor")
    jobs = []
    for gfx in args.arch:
        hsaco = compile_code_object(args, gfx, workdir)
        for block_dim, blocks in sorted(chosen.items()):
            jobdir = os.path.join(workdir, f"{gfx}.block{block_dim}")
            cases = write_job(vf, blocks, block_dim, hsaco, gfx, jobdir)
            jobs.append((gfx, jobdir, cases))
    failed = False
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_job, args, jobdir)
                   for _, jobdir, _ in jobs]
        by_gfx = {}
        for (gfx, _, cases), future in zip(jobs, futures):
            try:
                results = future.result()
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                print(f"error: {e}")
                failed = True
                continue
            by_gfx.setdefault(gfx, []).append((cases, results))
    for gfx in args.arch:
        tallies = {}
        shown = [0]
        for cases, results in by_gfx.get(gfx, []):
            position = {c: i for i, c in enumerate(cases)}
            bad += compare(vf, gfx, position, results, tallies, shown)
        print(f"tgemu {TGEMU_ARCH[gfx]} ({gfx}), code object of cu2hsaco -O2:")
        report(gfx, tallies)
    if failed:
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
