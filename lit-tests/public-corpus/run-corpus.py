#!/usr/bin/env python3
"""Builds and runs the public CUDA corpus (../shared/corpus) with cucc.

Each program of the corpus's manifest.tsv is built exactly as its own build
line says, with $NVCC set to cucc (for the processors asked), in a scratch
copy of the corpus, and run under each wavesim processor. A run passes when
the program exits 0, prints its own success text and none of its failure
text. Prints one table row a program and, last, "N passed, N failed".

Programs listed in scope.tsv (beside this script) as out-of-scope are built and run
like the others but counted apart; one of them that passes is reported, so
the list only shrinks. Programs listed there as build-only are built but
not run (too slow at their smallest size on an emulator) unless
--run-build-only says to.
"""

import argparse
import concurrent.futures
import csv
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def read_manifest(corpus):
    with open(os.path.join(corpus, "manifest.tsv"), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t",
                                   quoting=csv.QUOTE_NONE))


def read_scope(path):
    """name -> (kind, reason) for 'name<TAB>kind<TAB>reason' lines."""
    scope = {}
    if not os.path.exists(path):
        return scope
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            name, kind, reason = line.split("\t", 2)
            if kind not in ("out-of-scope", "build-only"):
                sys.exit(f"{path}: {name}: unknown kind '{kind}'")
            scope[name] = (kind, reason)
    return scope


def program_dir(work, row):
    if row["suite"] == "llm.c":
        return os.path.join(work, "llm.c", "dev", "cuda")
    suite = {"hecbench": "hecbench", "cuda-samples": "cuda-samples"}
    return os.path.join(work, suite[row["suite"]], row["upstream_path"])


def log_name(row):
    return row["name"].replace("/", "-")


def first_error(text):
    """The line a reader wants first: a compiler or runtime error."""
    lines = text.splitlines()
    for pattern in (r"\berror\b", r"[Ff]ail|FAIL|[Mm]ismatch", r"\S"):
        for line in lines:
            if re.search(pattern, line):
                return line.strip()[:160]
    return ""


def run_shell(command, cwd, env, timeout):
    start = time.time()
    try:
        p = subprocess.run(["bash", "-c", command], cwd=cwd, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        out = p.stdout.decode("utf-8", "replace")
        return p.returncode, out, time.time() - start
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        return None, out, time.time() - start


def build(row, args, env):
    cwd = program_dir(args.work, row)
    rc, out, seconds = run_shell(row["build"], cwd, env, args.build_timeout)
    with open(os.path.join(args.logs, log_name(row) + ".build.log"), "w") as f:
        f.write(out)
    if rc == 0:
        return "ok", "", seconds
    if rc is None:
        return "timeout", f"build took over {args.build_timeout} s", seconds
    return "FAIL", first_error(out), seconds


def run(row, arch, args, env):
    cwd = program_dir(args.work, row)
    env = dict(env, CUCC_DEVICE="wavesim:" + arch)
    rc, out, seconds = run_shell(row["run"], cwd, env, args.run_timeout)
    log = os.path.join(args.logs, f"{log_name(row)}.{arch}.log")
    with open(log, "w") as f:
        f.write(out)
    if rc is None:
        return "timeout", f"ran over {args.run_timeout} s", seconds
    if rc != 0:
        return "FAIL", f"exit {rc}: " + first_error(out), seconds
    if not re.search(row["pass"], out):
        return "FAIL", "no success text: " + first_error(out), seconds
    if row["fail"] and re.search(row["fail"], out):
        return "FAIL", "failure text: " + first_error(out), seconds
    return "PASS", "", seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--cucc", required=True)
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--archs", default="gfx942,gfx1100")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build-timeout", type=int, default=600)
    ap.add_argument("--run-timeout", type=int, default=120)
    ap.add_argument("--only", default="", help="comma list of names")
    ap.add_argument("--nvcc-flags", default="",
                    help="more cucc flags (a planted bug, say)")
    ap.add_argument("--run-build-only", action="store_true",
                    help="run the build-only programs too, as the others")
    ap.add_argument("--scope", default=os.path.join(HERE, "scope.tsv"))
    args = ap.parse_args()

    rows = read_manifest(args.corpus)
    # Two suites may hold programs of one name (HeCBench's and llm.c's
    # adamw): those are named suite/name.
    counts = {}
    for r in rows:
        counts[r["name"]] = counts.get(r["name"], 0) + 1
    for r in rows:
        if counts[r["name"]] > 1:
            r["name"] = r["suite"] + "/" + r["name"]
    if args.only:
        wanted = set(args.only.split(","))
        rows = [r for r in rows if r["name"] in wanted]
    scope = read_scope(args.scope)
    archs = args.archs.split(",")

    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.corpus, args.work, symlinks=True)
    args.logs = os.path.join(args.work, "logs")
    os.makedirs(args.logs)
    env = dict(os.environ,
               NVCC=f"{args.cucc} --offload-arch={args.archs} "
               f"{args.nvcc_flags}".rstrip())
    env.pop("CUCC_DEVICE", None)

    # llm.c's programs share one directory: builds there run one at a time
    # (each writes only its own outputs, but keep the logs readable).
    results = {}

    def one(row):
        b = build(row, args, env)
        runs = {}
        for arch in archs:
            if b[0] != "ok":
                runs[arch] = ("-", "", 0.0)
            elif (scope.get(row["name"], ("",))[0] == "build-only" and
                  not args.run_build_only):
                runs[arch] = ("skip", "", 0.0)
            else:
                runs[arch] = run(row, arch, args, env)
        return row["name"], b, runs

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, b, runs in pool.map(one, rows):
            results[name] = (b, runs)

    width = max(len(r["name"]) for r in rows)
    header = f"{'program':<{width}}  {'build':<7}" + "".join(
        f"  {a:<7}" for a in archs) + "  first error"
    print(header)
    passed = failed = expected = unexpected = build_only = 0
    for row in rows:
        name = row["name"]
        b, runs = results[name]
        kind = scope.get(name, ("", ""))[0]
        ok = b[0] == "ok" and all(runs[a][0] in ("PASS", "skip")
                                  for a in archs)
        error = b[1] or next((runs[a][1] for a in archs if runs[a][1]), "")
        times = " ".join(f"{runs[a][2]:.0f}s" for a in archs)
        note = ""
        if kind == "out-of-scope":
            if ok:
                unexpected += 1
                note = "  [out of scope, but PASSES: update scope.tsv]"
            else:
                expected += 1
                note = "  [out of scope: " + scope[name][1] + "]"
        elif kind == "build-only" and not args.run_build_only:
            if ok:
                build_only += 1
            else:
                failed += 1
        elif ok:
            passed += 1
        else:
            failed += 1
        print(f"{name:<{width}}  {b[0]:<7}" +
              "".join(f"  {runs[a][0]:<7}" for a in archs) +
              f"  {error}{note}  ({b[2]:.0f}s build, {times})")
    print(f"corpus: {len(rows)} programs: {passed} pass at "
          f"{' and '.join(archs)}, {build_only} build-only, "
          f"{expected} out of scope, {failed} fail")
    if unexpected:
        print(f"corpus: {unexpected} out-of-scope programs pass")
    print(f"{passed + build_only} passed, {failed + unexpected} failed")
    return 1 if failed or unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
