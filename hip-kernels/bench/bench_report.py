#!/usr/bin/env python3
"""bench_report.py - The tables of `make bench` (run by bench.sh).

Usage: bench_report.py --dir DIR --targets T1,T2 --files F1,F2
                       [--ds-latency N] [--plugin SO --module BC --reps N]

DIR holds the assembly bench.sh compiled: DIR/<lowering>/<target>/<file>.s
for the lowerings hip (HIP 5.2 headers), bpermute and best (cu2hsaco
--strategy=), and DIR/rocprim/<target>/rocprim_funcs.s, rocPRIM 5.3's
equivalents of three of the warp idioms (absent where rocPRIM does not
build; rocprim_funcs.err says why), and DIR/cub/<target>/cub_funcs.s, CUB
1.17's warp reduce and scan through cu2hsaco. For each function this
measures the body the assembler
listing gives it (its label up to .Lfunc_end or the kernel descriptor's
section): instructions by class, llvm-mca cycles of that body, and the
longest dependency chain through it with DS instructions at a stated
latency. It sets three of our warp functions next to rocPRIM's, then
times the pass against opt -O3 on the generated module and prints the
summary of the issue's targets (PASS/MISS).
"""
import argparse
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

LLVM_BIN = "/usr/lib/llvm-22/bin"
LOWERINGS = [("hip", "HIP 5.2"), ("bpermute", "bpermute"), ("best", "best")]
WARP_FILE = "warp_funcs"
ROCPRIM_FILE = "rocprim_funcs"
ROCPRIM_HEADER = "/usr/include/rocprim/rocprim_version.hpp"

# Our warp functions and their rocPRIM 5.3 equivalents (rocprim_funcs.hip):
# (idiom, ours, rocPRIM's).
ROCPRIM_PAIRS = [
    ("xor_allreduce_f32", "bench_xor_allreduce_f32",
     "rocprim_xor_allreduce_f32"),
    ("down_reduce_f32", "bench_down_reduce_f32", "rocprim_down_reduce_f32"),
    ("up_scan_i32", "bench_up_scan_i32", "rocprim_up_scan_i32"),
    # The same two idioms with threadIdx.x & 31 as the lane: the copies in
    # the kernels' launch variants, which the runtime launches for 1-D
    # blocks (docs/observed-lanes.md); the general functions are the
    # *_tid_* rows of the other tables.
    ("down_reduce_tid_f32", "bench_down_reduce_tid_f32.tidxlanes",
     "rocprim_down_reduce_f32"),
    ("up_scan_tid_i32", "bench_up_scan_tid_i32.tidxlanes",
     "rocprim_up_scan_i32"),
]
# Functions of the best lowering that only it has (launch variants).
BEST_ONLY = [ours for _, ours, _ in ROCPRIM_PAIRS if "." in ours]
# CUB 1.17's equivalents (cub_funcs.cu, through cu2hsaco): idiom -> function.
CUB_FILE = "cub_funcs"
CUB_FUNCTIONS = {"down_reduce_f32": "cub_reduce_f32",
                 "up_scan_i32": "cub_scan_i32"}
# The targets where ours must match rocPRIM, and the RDNA pair where gfx1100
# must match our gfx1030 (rocPRIM 5.3 does not build for gfx11/gfx12).
ROCPRIM_TARGETS = ["gfx90a", "gfx942", "gfx1030"]
RDNA_PAIR = ("gfx1100", "gfx1030")
# The targets of the issue's first rows (the xor all-reduce limits, the scans'
# DS, bpermute against HIP); gfx1030 came with the rocPRIM rows.
FIRST_TARGETS = ["gfx90a", "gfx942", "gfx1100", "gfx1200"]

# The warp-level functions of warp_funcs.cu and the shuffles each calls.
WARP_FUNCTIONS = [
    ("bench_xor_allreduce_f32", 5),
    ("bench_xor_allreduce_i32", 5),
    ("bench_down_reduce_f32", 5),
    ("bench_down_reduce_tid_f32", 5),
    ("bench_up_scan_f32", 5),
    ("bench_up_scan_i32", 5),
    ("bench_up_scan_tid_i32", 5),
    ("bench_xor_reduce_w16_f32", 4),
    ("bench_broadcast_f32", 1),
]

# ---------------------------------------------------------------------------
# Reading the listing
# ---------------------------------------------------------------------------


def function_names(asm):
    """The global functions and kernels a listing defines, in order."""
    names = []
    for m in re.finditer(r"^\t\.type\t([^,\s]+),@function", asm, re.M):
        name = m.group(1)
        if not name.startswith(".L") and not name.startswith("__"):
            names.append(name)
    return names


def function_body(asm, name):
    """The instructions of NAME: from its label to .Lfunc_end (or to the
    kernel descriptor's .section), without labels, directives, comments."""
    lines = asm.splitlines()
    try:
        start = lines.index(name + ":") + 1
    except ValueError:
        # clang writes "name:   ; @name".
        start = next(i for i, l in enumerate(lines)
                     if l.split(";")[0].strip() == name + ":") + 1
    body = []
    for line in lines[start:]:
        if line.startswith(".Lfunc_end") or line.startswith("\t.section"):
            break
        text = line.split(";")[0].strip()
        if not text or text.startswith(".") or text.endswith(":"):
            continue
        body.append(text)
    return body


def mnemonic(instr):
    return instr.split(None, 1)[0]


def is_wait(m):
    """A wait on a memory counter (s_waitcnt on gfx9-11, s_wait_*cnt on
    gfx12); s_waitcnt_depctr and s_wait_alu are ALU hazard waits."""
    if m.startswith("s_waitcnt"):
        return m != "s_waitcnt_depctr"
    return m.startswith("s_wait_") and m != "s_wait_alu"


def classify(body):
    counts = {"ds": 0, "valu": 0, "wait": 0, "other": 0}
    for instr in body:
        m = mnemonic(instr)
        if m.startswith("ds_"):
            counts["ds"] += 1
        elif m.startswith("v_"):
            counts["valu"] += 1
        elif is_wait(m):
            counts["wait"] += 1
        else:
            counts["other"] += 1
    counts["total"] = len(body)
    counts["fp"] = sum(1 for i in body if re.search(r"\bs33\b", i))
    # gfx11+'s s_delay_alu: dependency hints the backend adds where gfx10
    # interlocks in hardware; the gfx1100/gfx1030 rows compare without them.
    counts["hints"] = sum(1 for i in body if mnemonic(i) == "s_delay_alu")
    return counts


# ---------------------------------------------------------------------------
# Longest dependency chain
# ---------------------------------------------------------------------------

REG_RANGE = re.compile(r"\b([vsa])\[(\d+):(\d+)\]")
REG_ONE = re.compile(r"\b([vsa])(\d+)\b")
REG_NAMED = re.compile(r"\b(vcc|exec|m0|scc)(?:_lo|_hi)?\b")
# Hints and waits: no data, no place on a dependency chain.
NO_DATA = re.compile(r"^s_(waitcnt|wait_|nop|delay_alu|setprio|sleep|"
                     r"code_end|clause|inst_prefetch)")
SCC_DEF = re.compile(r"^s_(add|sub|addc|subb|and|or|xor|andn2|orn2|nand|nor|"
                     r"xnor|and_not1|or_not1|not|lshl|lshr|ashr|bfe|bfm|abs|"
                     r"min|max|bcnt|cmp|bitcmp|absdiff|mul_hi|quadmask|wqm|"
                     r"cselect)")
SCC_USE = re.compile(r"^s_(cselect|addc|subb|cbranch_scc|cmovk|cmov)")
STORE = re.compile(r"^(global|flat|buffer|scratch|s|s_buffer)_store|"
                   r"^(s_setpc|s_endpgm|s_branch|s_cbranch|s_barrier|"
                   r"s_sendmsg|s_cmp|s_bitcmp|exp\b|s_dcache|buffer_wbl2|"
                   r"buffer_inv|global_inv|global_wb)")
DS_DEF = re.compile(r"^ds_(read|load|bpermute|permute|swizzle|append|consume|"
                    r".*_rtn_)")


def registers(text):
    regs = set()
    for kind, lo, hi in REG_RANGE.findall(text):
        regs.update(f"{kind}{r}" for r in range(int(lo), int(hi) + 1))
    text = REG_RANGE.sub(" ", text)
    regs.update(f"{k}{n}" for k, n in REG_ONE.findall(text))
    regs.update(REG_NAMED.findall(text))
    return regs


def defs_and_uses(instr):
    """(defined registers, used registers) of one instruction, explicit and
    the implicit vcc/scc/exec ones that matter for chains."""
    if "::" in instr:  # a VOPD pair: two VALU ops issued together
        defs, uses = set(), set()
        for half in instr.split("::"):
            d, u = defs_and_uses(half.strip())
            defs |= d
            uses |= u
        return defs, uses
    m = mnemonic(instr)
    if m.startswith("v_dual_"):
        m = "v_" + m[len("v_dual_"):]
    operands = instr.split(None, 1)[1] if " " in instr else ""
    parts = [p.strip() for p in operands.split(",")]
    defs, uses = set(), set()
    if m.startswith("ds_"):
        first_is_def = bool(DS_DEF.match(m))
    elif m.startswith("global_atomic") or m.startswith("flat_atomic") or \
            m.startswith("buffer_atomic"):
        first_is_def = " glc" in instr or "RETURN" in instr
    else:
        first_is_def = not STORE.match(m)
    implicit_cmp = m.startswith("v_cmp") and m.endswith("_e32")
    if implicit_cmp:  # the printed vcc operand is the implicit result
        first_is_def = False
        defs.add("exec" if m.startswith("v_cmpx") else "vcc")
    if first_is_def and parts and parts[0]:
        defs |= registers(parts[0])
        rest = parts[1:]
        # Second result of carry-out and 64-bit-product forms.
        if rest and re.search(r"_co_|addc|subb|mad_u64|mad_i64|div_scale",
                              m) and re.match(r"^(s\[|vcc|s\d)", rest[0]):
            defs |= registers(rest[0])
            rest = rest[1:]
        uses |= registers(",".join(rest))
        # The destination is also read: accumulating forms, writelane, and
        # DPP without bound_ctrl (disabled lanes keep the old value).
        if re.search(r"fmac|_mac_|writelane|dot\d?c", m) or (
                ("_dpp" in m or "row_" in instr or "quad_perm" in instr or
                 "wave_" in instr) and "bound_ctrl" not in instr):
            uses |= registers(parts[0])
    else:
        uses |= registers(operands)
    if implicit_cmp:
        uses.discard("vcc")
    if re.search(r"^v_cndmask_b32(_e32|_dpp)?$", m):
        uses.add("vcc")
    if m.startswith("s_") and SCC_DEF.match(m):
        defs.add("scc")
    if m.startswith("s_") and SCC_USE.match(m):
        uses.add("scc")
    if "saveexec" in m or m.startswith("s_mov_b64") and "exec" in parts[:1]:
        defs.add("exec")
    if m.startswith("s_cbranch_vcc"):
        uses.add("vcc")
    if m.startswith("s_cbranch_exec"):
        uses.add("exec")
    return defs, uses


def critical_path(body, ds_latency):
    """Longest chain of register dependences through BODY read as
    straight-line code: a DS instruction's result is ready ds_latency cycles
    after it starts, any other instruction's 1 cycle after; waits and
    scheduling hints are not on any chain."""
    ready = {}  # register -> cycle its last definition is ready
    longest = 0
    for instr in body:
        m = mnemonic(instr)
        if NO_DATA.match(m):
            continue
        defs, uses = defs_and_uses(instr)
        start = max((ready.get(r, 0) for r in uses), default=0)
        done = start + (ds_latency if m.startswith("ds_") else 1)
        for r in defs:
            ready[r] = done
        longest = max(longest, done)
    return longest


# ---------------------------------------------------------------------------
# llvm-mca
# ---------------------------------------------------------------------------


def mca_cycles(target, body):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(body) + "\n")
        path = f.name
    try:
        run = subprocess.run(
            [f"{LLVM_BIN}/llvm-mca", "-mtriple=amdgcn-amd-amdhsa",
             f"-mcpu={target}", "-iterations=1", path],
            capture_output=True, text=True)
        m = re.search(r"^Total Cycles:\s+(\d+)", run.stdout, re.M)
        return int(m.group(1)) if m else None
    finally:
        os.unlink(path)


def mca_ds_latency(target):
    """The latency llvm-mca's scheduling model gives ds_bpermute_b32."""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("ds_bpermute_b32 v0, v1, v2\n")
        path = f.name
    try:
        run = subprocess.run(
            [f"{LLVM_BIN}/llvm-mca", "-mtriple=amdgcn-amd-amdhsa",
             f"-mcpu={target}", "-iterations=1", "-instruction-info", path],
            capture_output=True, text=True)
        m = re.search(r"^\s*\d+\s+(\d+)\s+[\d.]+.*ds_bpermute", run.stdout,
                      re.M)
        return int(m.group(1)) if m else None
    finally:
        os.unlink(path)


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------


def measure_all(args):
    """{(lowering, target, function): metrics} for every function."""
    asm = {}
    for low, _ in LOWERINGS:
        for target in args.targets:
            for name in args.files + [WARP_FILE]:
                path = os.path.join(args.dir, low, target, name + ".s")
                with open(path) as f:
                    asm[(low, target, name)] = f.read()
    # The functions of each file: those both sides define.
    functions = {}
    for name in args.files + [WARP_FILE]:
        common = None
        for low, _ in LOWERINGS:
            for target in args.targets:
                names = function_names(asm[(low, target, name)])
                common = names if common is None else \
                    [n for n in common if n in names]
        functions[name] = common
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for (low, target, name), text in asm.items():
            extra = BEST_ONLY if (low, name) == ("best", WARP_FILE) else []
            for fn in functions[name] + extra:
                body = function_body(text, fn)
                metrics = classify(body)
                metrics["path"] = critical_path(body, args.ds_latency)
                jobs[(low, target, fn)] = (metrics,
                                           pool.submit(mca_cycles, target,
                                                       body))
        # rocPRIM's functions, where it built, and CUB's.
        peers = [("rocprim", ROCPRIM_FILE, [fn for _, _, fn in ROCPRIM_PAIRS]),
                 ("cub", CUB_FILE, list(CUB_FUNCTIONS.values()))]
        for target in args.targets:
            for peer, file, names in peers:
                path = os.path.join(args.dir, peer, target, file + ".s")
                if not os.path.exists(path):
                    continue
                with open(path) as f:
                    text = f.read()
                for fn in names:
                    body = function_body(text, fn)
                    metrics = classify(body)
                    metrics["path"] = critical_path(body, args.ds_latency)
                    jobs[(peer, target, fn)] = (
                        metrics, pool.submit(mca_cycles, target, body))
        results = {}
        for key, (metrics, future) in jobs.items():
            metrics["mca"] = future.result()
            results[key] = metrics
    return functions, results


def rocprim_version():
    """rocPRIM's library version from its header, e.g. "2.10.9"."""
    try:
        with open(ROCPRIM_HEADER) as f:
            text = f.read()
    except OSError:
        return "?"
    parts = [re.search(rf"#define ROCPRIM_VERSION_{p}\s+(\d+)", text)
             for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(m.group(1) if m else "?" for m in parts)


def rocprim_error(args, target):
    """The first error clang gave for rocprim_funcs.hip on TARGET."""
    path = os.path.join(args.dir, "rocprim", target, ROCPRIM_FILE + ".err")
    try:
        with open(path) as f:
            for line in f:
                if "error:" in line:
                    return line.split("error:", 1)[1].strip()
    except OSError:
        pass
    return "no listing"


def median_time(argv, reps, row=None):
    """Median over REPS runs of ARGV's wall time, and of the -time-passes
    wall time of the pass named ROW (or of all passes when ROW is "Total")."""
    walls, rows = [], []
    for _ in range(reps):
        start = time.perf_counter()
        run = subprocess.run(argv, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        if run.returncode != 0:
            sys.exit(f"bench: {' '.join(argv)} failed:\n{run.stderr}")
        if row:
            report = run.stderr.split("Pass execution timing report", 1)[1]
            for line in report.splitlines():
                if line.rstrip().endswith(row):
                    # Columns: user, system, user+system, wall (each "t (%)").
                    rows.append(float(re.findall(r"([\d.]+) \(", line)[-1]))
                    break
    return statistics.median(walls), (statistics.median(rows)
                                      if rows else None)


def time_pass(args):
    opt = f"{LLVM_BIN}/opt"
    base = [opt, args.module, "-disable-output"]
    plugin = [f"-load-pass-plugin={args.plugin}"]
    pass_wall, pass_own = median_time(
        base + plugin + ["-passes=nvvm-warp-to-amdgpu", "-time-passes"],
        args.reps, "WarpLoweringPass<&warpLowerWarpIntrinsics>")
    o3_wall, o3_passes = median_time(base + ["-O3", "-time-passes"],
                                     args.reps, "Total")
    noop_wall, _ = median_time(base + plugin + ["-passes=no-op-module"],
                               args.reps)
    return {"pass_wall": pass_wall, "pass_own": pass_own, "o3_wall": o3_wall,
            "o3_passes": o3_passes, "noop_wall": noop_wall}


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------


def fmt_ratio(value, base):
    if value is None or not base:
        return "-"
    return f"{value / base:.2f}"


def reference_check(args, results):
    """HIP's counts next to the issue's reference figures."""
    def counts(fn):
        return ", ".join(
            f"{t} {results[('hip', t, fn)]['total']}/"
            f"{results[('hip', t, fn)]['ds']}/"
            f"{results[('hip', t, fn)]['wait']}" for t in args.targets)
    return f"""\
Check against the issue's reference (HIP 5.2 on clang 22: f32 xor-allreduce
41 instructions, 5 ds_bpermute, 6 s_waitcnt on gfx90a, gfx942, gfx1100; the
__shfl_up scan 51-61 with 5 DS), here as total/ds/waits:
  xor_allreduce_f32  {counts("bench_xor_allreduce_f32")}
  up_scan_f32        {counts("bench_up_scan_f32")}
  up_scan_i32        {counts("bench_up_scan_i32")}
gfx942's extra instruction is an s_nop the backend inserts for a gfx940
hazard; gfx12 splits the entry wait into five s_wait_*cnt. The scans read
the lane inside the function (HIP's __lane_id() % 32; ours PTX's %laneid),
as rocPRIM's scan does."""


def print_header(args, mca_lat, reference):
    print(f"""\
make bench: warp-level code, HIP 5.2 headers vs cu2hsaco, same clang/LLVM 22
backend (-O3 for HIP, cu2hsaco's default -O2 pipeline for ours).

  HIP 5.2   clang-22 -x hip --cuda-device-only -nogpulib -O3
            -mcode-object-version=4 -D__AMDGCN_WAVEFRONT_SIZE=64 (gfx9) / 32
            (gfx10-12: clang 22 no longer predefines the macro, HIP 5.2's
            warpSize needs it), /usr/include/hip, hip_compat.h (__shfl*_sync
            = HIP's __shfl, __shfl_xor, __shfl_down, __shfl_up, width 32)
  bpermute  cu2hsaco -S --strategy=bpermute
  best      cu2hsaco -S --strategy=best (the default; the lowering as built
            now: DPP/swizzle/permlane/readlane fast paths where it has them)

Counting rule: every instruction of the function's body in the -S listing,
from its label to .Lfunc_end (kernels: to the kernel descriptor), labels,
directives and comments excluded; a VOPD pair (v_dual_* :: v_dual_*) is one
instruction. Included: the entry s_waitcnt of the calling convention, the
return (s_setpc_b64), scheduling hints and hazard waits (s_delay_alu, s_nop,
s_wait_alu), and cu2hsaco's frame-pointer setup (s_mov of s33, which HIP's
build omits).
{reference}
  ds     ds_* instructions          VALU  v_* (VOP1/2/3, DPP, permlane, readlane)
  waits  memory-counter waits: s_waitcnt (gfx9-11), s_wait_*cnt (gfx12)
  other  everything else (SALU, s_nop, s_delay_alu, s_wait_alu, branches,
         memory, the return)
  mca    llvm-mca -mcpu=TARGET -iterations=1 Total Cycles of the body
  path   longest register-dependency chain through the body read as
         straight-line code, a DS instruction's result ready {args.ds_latency} cycles
         after it issues (the DS latency parameter, --ds-latency /
         BENCH_DS_LATENCY), every other instruction's after 1; waits and hints
         are off the chains
  xHIP   this lowering's value / HIP's

LLVM 22's scheduling models give ds_bpermute_b32 a latency of {mca_lat}
cycles, far below a real LDS-crossbar round trip (~64+ cycles on CDNA and
RDNA), so the mca column understates what removing DS instructions saves;
the path column uses the stated DS latency instead.""")


def print_warp_table(args, results, mca_lat_by_target):
    names = [fn for fn, _ in WARP_FUNCTIONS]
    cols = (f"{'function':<20} {'lowering':<9} {'ds':>3} {'VALU':>4} "
            f"{'waits':>5} {'other':>5} {'total':>5} {'xHIP':>5} "
            f"{'mca':>5} {'xHIP':>5} {'path':>5} {'xHIP':>5}")
    for target in args.targets:
        wave = 64 if target.startswith("gfx9") else 32
        print(f"\n== warp functions, {target} (wave{wave}; llvm-mca "
              f"ds_bpermute latency {mca_lat_by_target[target]}, path DS "
              f"latency {args.ds_latency})")
        print(cols)
        for fn in names:
            hip = results[("hip", target, fn)]
            for i, (low, label) in enumerate(LOWERINGS):
                r = results[(low, target, fn)]
                shown = fn[len("bench_"):] if i == 0 else ""
                print(f"{shown:<20} {label:<9} {r['ds']:>3} {r['valu']:>4} "
                      f"{r['wait']:>5} {r['other']:>5} {r['total']:>5} "
                      f"{fmt_ratio(r['total'], hip['total']):>5} "
                      f"{r['mca'] if r['mca'] is not None else '-':>5} "
                      f"{fmt_ratio(r['mca'], hip['mca']):>5} "
                      f"{r['path']:>5} "
                      f"{fmt_ratio(r['path'], hip['path']):>5}")


def write_markdown(args, results, path):
    """The warp-function figures as the Markdown table README.md shows."""
    rows = ["| function | target | instructions HIP / bp / best | ds_* | "
            "waits | mca cycles | path | best/HIP instr, path |",
            "|---|---|---|---|---|---|---|---|"]
    for fn, _ in WARP_FUNCTIONS:
        for target in args.targets:
            r = [results[(low, target, fn)] for low, _ in LOWERINGS]

            def three(key):
                return " / ".join(str(x[key]) for x in r)
            rows.append(
                f"| {fn[len('bench_'):]} | {target} | {three('total')} | "
                f"{three('ds')} | {three('wait')} | {three('mca')} | "
                f"{three('path')} | "
                f"{fmt_ratio(r[2]['total'], r[0]['total'])}, "
                f"{fmt_ratio(r[2]['path'], r[0]['path'])} |")
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")


def peer_cell(results, target, fn, peer="rocprim"):
    r = results.get((peer, target, fn))
    return f"{r['total']}/{r['ds']}" if r else None


def cub_cell(results, target, idiom):
    fn = CUB_FUNCTIONS.get(idiom)
    return peer_cell(results, target, fn, "cub") if fn else None


def print_rocprim_table(args, results):
    print(f"""
== rocPRIM 5.3 (rocPRIM {rocprim_version()}, Debian's librocprim-dev; \
rocprim_funcs.hip: clang-22 -x hip
   --cuda-device-only -nogpuinc -nogpulib -I/usr/include -O3; same counting \
rule; instrs/DS)
   xor_allreduce_f32  warp_reduce<float, 32, true>::reduce, every lane gets \
the sum
   down_reduce_f32    warp_reduce<float, 32, false>::reduce, lane 0 (of 32) \
stores the sum
   up_scan_i32        warp_scan<int, 32>::inclusive_scan
   *_tid_*            ours with threadIdx.x & 31 as the lane, not %laneid:
                      the copy a 1-D launch runs (the kernel's launch
                      variant; rocPRIM's rows are the same functions as
                      above)
   CUB 1.17 (cub_funcs.cu, unmodified CUDA library code through cu2hsaco):
   WarpReduce<float>::Sum with lane 0 storing, WarpScan<int>::InclusiveSum""")
    for target in args.targets:
        print(f"\n  {target}")
        built = ("rocprim", target, ROCPRIM_PAIRS[0][2]) in results
        if not built:
            print(f"    rocPRIM 5.3 does not build for {target} "
                  f"({rocprim_error(args, target)})")
        print(f"    {'idiom':<19} {'ours (best)':>12} {'rocPRIM':>9}"
              f" {'CUB':>7} {'path ours':>10} {'rocPRIM':>8}")
        for idiom, ours, theirs in ROCPRIM_PAIRS:
            o = results[("best", target, ours)]
            t = results.get(("rocprim", target, theirs))
            print(f"    {idiom:<19} {o['total']:>8}/{o['ds']:<3} "
                  f"{peer_cell(results, target, theirs) or '-':>9} "
                  f"{cub_cell(results, target, idiom) or '-':>7} "
                  f"{o['path']:>10} {t['path'] if t else '-':>8}")


def write_rocprim_markdown(args, results, path):
    """Ours against rocPRIM 5.3 as the Markdown table README.md shows."""
    rows = ["| idiom | target | ours (best) instrs / DS | "
            "rocPRIM 5.3 instrs / DS | CUB 1.17 through cu2hsaco |",
            "|---|---|---|---|---|"]
    for idiom, ours, theirs in ROCPRIM_PAIRS:
        for target in args.targets:
            o = results[("best", target, ours)]
            cell = peer_cell(results, target, theirs)
            cell = cell.replace("/", " / ") if cell else "does not build"
            cub = cub_cell(results, target, idiom)
            cub = cub.replace("/", " / ") if cub else "-"
            rows.append(f"| {idiom} | {target} | {o['total']} / {o['ds']} | "
                        f"{cell} | {cub} |")
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")


def print_kernel_table(args, functions, results):
    print("\n== whole kernels of hip-kernels/ (static counts of the whole "
          "kernel; mca and path\n   read the listing as straight-line code; "
          "global loads count 1 on the path)")
    print(f"{'kernel':<26} {'target':<8} {'instructions':>15} "
          f"{'ds_*':>10} {'mca cycles':>16} {'path':>16}  {'best/HIP':>8}")
    print(f"{'':<26} {'':<8} {'HIP   bp best':>15} {'HIP bp  b':>10} "
          f"{'HIP    bp  best':>16} {'HIP    bp  best':>16}  "
          f"{'ins path':>8}")
    for name in args.files:
        for fn in functions[name]:
            for target in args.targets:
                r = [results[(low, target, fn)] for low, _ in LOWERINGS]
                mca = [x["mca"] if x["mca"] is not None else "-" for x in r]
                print(f"{fn:<26} {target:<8} "
                      f"{r[0]['total']:>5}{r[1]['total']:>5}"
                      f"{r[2]['total']:>5} "
                      f"{r[0]['ds']:>4}{r[1]['ds']:>3}{r[2]['ds']:>3} "
                      f"{mca[0]:>6}{mca[1]:>5}{mca[2]:>5} "
                      f"{r[0]['path']:>6}{r[1]['path']:>5}{r[2]['path']:>5}  "
                      f"{fmt_ratio(r[2]['total'], r[0]['total']):>4} "
                      f"{fmt_ratio(r[2]['path'], r[0]['path']):>4}")


def callgrind_instructions(argv, function):
    """Instructions executed in FUNCTION (and what it calls) by ARGV under
    callgrind: the same count on every run, whatever else the machine does;
    None without valgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            run = subprocess.run(
                ["valgrind", "--tool=callgrind",
                 f"--callgrind-out-file={tmp}/out",
                 f"--toggle-collect={function}"] + argv,
                capture_output=True, text=True)
        except FileNotFoundError:
            return None
    m = re.search(r"Collected : (\d+)", run.stderr)
    return int(m.group(1)) if run.returncode == 0 and m else None


def count_pass(args):
    """The pass's instructions and opt -O3's pass pipeline's on the small
    module, or None."""
    if not args.count_module:
        return None
    opt = f"{LLVM_BIN}/opt"
    base = [opt, args.count_module, "-disable-output"]
    ours = callgrind_instructions(
        base + [f"-load-pass-plugin={args.plugin}",
                "-passes=nvvm-warp-to-amdgpu"], "warpLowerWarpIntrinsics")
    o3 = callgrind_instructions(base + ["-O3"], "llvm::runPassPipeline*")
    return (ours, o3) if ours and o3 else None


def print_timing(t, args, counts):
    frac = t["pass_own"] / t["o3_passes"]
    print(f"""
== pass run time ({args.reps} runs each, medians; {os.path.basename(
        args.module)}: {args.functions} functions of
   llvm.nvvm.shfl.sync.* calls, constant and runtime operands, 4 targets)
  opt -passes=nvvm-warp-to-amdgpu  wall {t['pass_wall']:.3f} s; the pass itself \
(-time-passes) {t['pass_own']:.3f} s
  opt -O3                          wall {t['o3_wall']:.3f} s; all passes \
(-time-passes) {t['o3_passes']:.3f} s
  opt -passes=no-op-module         wall {t['noop_wall']:.3f} s (reading the \
module, verifying)
  pass / opt -O3 = {t['pass_own']:.3f} / {t['o3_passes']:.3f} = \
{100 * frac:.2f}% (pass execution times, reading the module excluded)""")
    if counts:
        with open(args.count_module) as f:
            functions = sum(line.startswith("define ") for line in f)
        print(f"""  instructions executed (callgrind, {os.path.basename(
            args.count_module)}, {functions} functions; the same on \
every run):
    the pass {counts[0] / 1e6:.1f} M, opt -O3's pipeline {counts[1] / 1e6:.1f} M \
= {100 * counts[0] / counts[1]:.2f}%""")
    return frac


def summary(args, results, frac):
    lines = []

    def check(ok, text):
        lines.append(f"  {'PASS' if ok else 'MISS'}  {text}")
        return ok

    first = [t for t in FIRST_TARGETS if t in args.targets]
    cdna = [t for t in first if t.startswith("gfx9")]
    rdna = [t for t in first if not t.startswith("gfx9")]
    for fn in ("bench_xor_allreduce_f32", "bench_xor_allreduce_i32"):
        for target in first:
            r = results[("best", target, fn)]
            limit, ds_limit = (20, 1) if target in cdna else (12, 0)
            ok = r["total"] <= limit and r["ds"] <= ds_limit
            check(ok, f"{fn[6:]} {target}: best {r['total']} instructions "
                  f"(<= {limit}), {r['ds']} ds_* (<= {ds_limit})" +
                  (f"; {r['total'] - r['fp']} without frame-pointer setup"
                   if not ok and r["fp"] else ""))
    for fn in ("bench_up_scan_f32", "bench_up_scan_i32"):
        for target in first:
            r = results[("best", target, fn)]
            hip = results[("hip", target, fn)]
            text = (f"{fn[6:]} {target}: best {r['ds']} ds_* vs HIP "
                    f"{hip['ds']} (fewer")
            ok = r["ds"] < hip["ds"]
            if target in rdna:
                text += ", and 0 on gfx11/gfx12"
                ok = ok and r["ds"] == 0
            check(ok, text + ")")
    worse = []
    for fn, shuffles in WARP_FUNCTIONS:
        for target in first:
            r = results[("bpermute", target, fn)]
            hip = results[("hip", target, fn)]
            if r["total"] > hip["total"]:
                worse.append(f"{fn[6:]}/{target} {r['total'] / shuffles:.1f} "
                             f"vs {hip['total'] / shuffles:.1f} "
                             f"({(r['total'] - r['fp']) / shuffles:.1f} "
                             f"without frame-pointer setup)")
    check(not worse, "strategy=bpermute never more instructions per shuffle "
          "than HIP (warp functions x targets)" +
          ("; more in:\n          " + "\n          ".join(worse)
           if worse else ""))
    if frac is not None:
        check(frac < 0.01, f"pass time {100 * frac:.2f}% of opt -O3 (< 1%)")
    for idiom, ours, theirs in ROCPRIM_PAIRS:
        for target in ROCPRIM_TARGETS:
            if target not in args.targets:
                continue
            o = results[("best", target, ours)]
            t = results.get(("rocprim", target, theirs))
            if t is None:
                check(False, f"{idiom} {target}: no rocPRIM figure (rocPRIM "
                      f"5.3 does not build for {target})")
                continue
            check(o["total"] <= t["total"] and o["ds"] <= t["ds"],
                  f"{idiom} {target}: best {o['total']} instructions, "
                  f"{o['ds']} ds_* vs rocPRIM 5.3 {t['total']}, {t['ds']} "
                  f"(<= both)")
    new, old = RDNA_PAIR
    if new in args.targets and old in args.targets:
        for idiom, ours, _ in ROCPRIM_PAIRS:
            n = results[("best", new, ours)]
            o = results[("best", old, ours)]
            issued = n["total"] - n["hints"]
            check(issued <= o["total"] and n["ds"] <= o["ds"],
                  f"{idiom} {new}: best {issued} instructions + "
                  f"{n['hints']} s_delay_alu hints, {n['ds']} ds_* vs our "
                  f"{old} {o['total']}, {o['ds']} (<= both, hints aside; "
                  f"rocPRIM 5.3 does not build for {new})")
    print("\n== targets of the issue (strategy=best unless named)")
    print("\n".join(lines))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dir", required=True)
    p.add_argument("--targets", required=True)
    p.add_argument("--files", required=True)
    p.add_argument("--ds-latency", type=int, default=64)
    p.add_argument("--plugin")
    p.add_argument("--module")
    p.add_argument("--functions", type=int, default=0)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--count-module")
    args = p.parse_args()
    args.targets = args.targets.split(",")
    args.files = args.files.split(",")

    functions, results = measure_all(args)
    mca_lat = {t: mca_ds_latency(t) for t in args.targets}
    print_header(args, ", ".join(f"{t} {mca_lat[t]}" for t in args.targets),
                 reference_check(args, results))
    fp = {results[(low, t, fn)]["fp"] for low in ("bpermute", "best")
          for t in args.targets for fn, _ in WARP_FUNCTIONS}
    print(f"Frame-pointer setup in ours: {'/'.join(map(str, sorted(fp)))} "
          f"instruction(s) per warp function (HIP: 0), counted in the totals.")
    print_warp_table(args, results, mca_lat)
    write_markdown(args, results, os.path.join(args.dir, "warp_table.md"))
    print_rocprim_table(args, results)
    write_rocprim_markdown(args, results,
                           os.path.join(args.dir, "rocprim_table.md"))
    print_kernel_table(args, functions, results)
    frac = None
    if args.plugin and args.module:
        frac = print_timing(time_pass(args), args, count_pass(args))
    summary(args, results, frac)


if __name__ == "__main__":
    main()
