#!/usr/bin/env python3
"""check-warp-idioms.py - build gen-warp-idioms.py programs with cucc, run
them on every target, compare what they print with what CUDA prints.

For each PROGRAM.cu and each build configuration it builds the program once
with cucc for every processor asked for (--offload-arch=gfx90a,gfx942,
gfx1030,gfx1100,gfx1200 by default) and runs it on wavesim as each of them
(CUCC_DEVICE=wavesim:gfxNNN; gfx9 is wave64, so each wave holds two CUDA
warps, gfx10+ wave32), or with --hip-library through a HIP runtime (the
test-only libfake-amdhip64.so, whose device is the tgemu ISA emulator
running the code object's machine code) as each processor FAKE_HIP_ARCH
names. Its stdout must equal the expected text byte for byte: the H100's
(--expected DIR: DIR/NAME.nvidia.txt) or the model's (--model:
warp-idioms-model.py beside this script).

Configurations (--configs, comma-separated):
  best      the default strategy (exact on the lanes the program observes,
            reduce/scan chains rewritten)
  exact     --strategy=exact (every shuffle exact on all 32 lanes)
  bpermute  --strategy=bpermute
  tidx      --tid-x-lanes, only for programs whose spec allows it (every
            launch has blockDim.x % 32 == 0); the others are skipped
  wave64    gfx1100 and gfx1200 (RDNA) compiled and run as wave64
A program's own build flags (its spec's fast_math: --use_fast_math) and
--flags (e.g. --plant-bug=drop-clamp) go to every build.

Prints a MISMATCH line per kernel whose output differs in a run (its first
differing line, with the kernel's title, which says its idiom, types, lane
source, observation and launch shape), an ERROR line per failed build or
run, and
`warp-idioms: P programs, B builds, R runs, M mismatched, E errors`.
Exit status: 0 all matched; 1 some mismatched (no errors); 2 errors.
"""

import argparse
import concurrent.futures
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ARCHS = ["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200"]
CONFIGS = {
    "best": [],
    "exact": ["--strategy=exact"],
    "bpermute": ["--strategy=bpermute"],
    "tidx": ["--tid-x-lanes"],
    "wave64": ["--wave64"],
}


def load_model():
    spec = importlib.util.spec_from_file_location(
        "warp_idioms_model", os.path.join(HERE, "warp-idioms-model.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sections(text):
    """The output split at its "== title" lines: [(title, first line
    number, lines)]."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("== ") or not out:
            out.append((line[3:] if line.startswith("== ") else "?", number, []))
        out[-1][2].append(line)
    return out


def differences(got, want):
    """One line per kernel whose output differs: its title and its first
    differing line (or, if the outputs do not have the same kernels, the
    first differing line of all)."""
    g, w = sections(got), sections(want)
    if [t for t, _, _ in g] != [t for t, _, _ in w]:
        gl, wl = got.splitlines(), want.splitlines()
        for i in range(max(len(gl), len(wl))):
            a = gl[i] if i < len(gl) else "<end>"
            b = wl[i] if i < len(wl) else "<end>"
            if a != b:
                return ["line %d: got '%s', want '%s'" % (i + 1, a, b)]
    diffs = []
    for (title, start, glines), (_, _, wlines) in zip(g, w):
        for i, (a, b) in enumerate(zip(glines, wlines)):
            if a != b:
                diffs.append("line %d (%s): got '%s', want '%s'" % (
                    start + i, title, a, b))
                break
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cucc", required=True)
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--expected", help="directory of NAME.nvidia.txt")
    ap.add_argument("--model", action="store_true",
                    help="expect warp-idioms-model.py's output")
    ap.add_argument("--configs", default="best,exact,tidx")
    ap.add_argument("--archs", default=",".join(ARCHS))
    ap.add_argument("--flags", default="", help="more cucc flags, space-separated")
    ap.add_argument("--hip-library", help="run through this HIP runtime "
                    "(libfake-amdhip64.so: tgemu) instead of wavesim")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("programs", nargs="+")
    a = ap.parse_args()
    if bool(a.expected) == a.model:
        ap.error("give one of --expected DIR and --model")
    model = load_model()
    os.makedirs(a.work, exist_ok=True)
    archs = a.archs.split(",")
    extra = a.flags.split()

    # What each program must print.
    expected, specs = {}, {}
    for path in a.programs:
        spec = model.read_spec(path)
        specs[path] = spec
        if a.model:
            expected[path] = model.program_output(spec)
        else:
            with open(os.path.join(a.expected, spec["name"] + ".nvidia.txt")) as f:
                expected[path] = f.read()

    jobs = []
    for path in a.programs:
        spec = specs[path]
        for config in a.configs.split(","):
            if config == "tidx" and not spec["tid_x_lanes_ok"]:
                continue
            run_archs = archs
            if config == "wave64":
                run_archs = [x for x in archs if x.startswith("gfx1")]
            if run_archs:
                jobs.append((path, config, run_archs))

    def build_and_run(job):
        path, config, run_archs = job
        spec = specs[path]
        exe = os.path.join(a.work, "%s.%s" % (spec["name"], config))
        cmd = [a.cucc, path, "-o", exe, "--offload-arch=" + ",".join(run_archs)]
        cmd += ["--use_fast_math"] if spec["fast_math"] else []
        cmd += CONFIGS[config] + extra
        b = subprocess.run(cmd, capture_output=True, text=True)
        if b.returncode != 0:
            return [("ERROR", "%s %s: build failed (%d): %s" % (
                spec["name"], config, b.returncode, b.stderr.strip()[-2000:]))]
        results = []
        for arch in run_archs:
            env = dict(os.environ)
            if a.hip_library:
                env.update(CUCC_DEVICE="hip", CUCC_HIP_LIBRARY=a.hip_library,
                           FAKE_HIP_ARCH=arch)
            else:
                env["CUCC_DEVICE"] = "wavesim:" + arch
            r = subprocess.run([exe], capture_output=True, text=True, env=env)
            where = "%s %s %s" % (spec["name"], config, arch)
            if r.returncode != 0:
                results.append(("ERROR", "%s: exit %d: %s" % (
                    where, r.returncode, r.stderr.strip()[-2000:])))
            elif r.stdout != expected[path]:
                results.append(("MISMATCH", ["%s: %s" % (where, d) for d in
                                             differences(r.stdout, expected[path])]))
            else:
                results.append(("OK", where))
        return results

    counts = {"OK": 0, "MISMATCH": 0, "ERROR": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for results in pool.map(build_and_run, jobs):
            for kind, text in results:
                counts[kind] += 1
                for line in [text] if isinstance(text, str) else text:
                    if kind != "OK":
                        print("%s %s" % (kind, line), flush=True)
    runs = counts["OK"] + counts["MISMATCH"]
    print("warp-idioms: %d programs, %d builds, %d runs, %d mismatched, %d errors"
          % (len(a.programs), len(jobs), runs, counts["MISMATCH"], counts["ERROR"]))
    if counts["ERROR"]:
        return 2
    return 1 if counts["MISMATCH"] else 0


if __name__ == "__main__":
    sys.exit(main())
