#!/usr/bin/env python3
"""gen-warp-idioms.py - random whole CUDA programs of warp reduce/scan idioms.

Issue 15 lets strategy=best make a shuffle exact only on the CUDA lanes the
program can observe (a backwards "demanded lanes" analysis from guarded
stores, lane selects and shuffles) and rewrite whole integer reduce and scan
chains into DPP. What must never change is what a program *observes*. This
script writes self-contained CUDA programs (toolkit style: <cuda_runtime.h>,
an error-check macro, host code; nvcc and cucc both build them unchanged)
each holding several kernels of the idioms such code is written with:

  bfly   xor butterfly all-reduce       v = op(v, __shfl_xor_sync(m, v, o, w))
  down   __shfl_down_sync tree reduce   v = op(v, __shfl_down_sync(m, v, o, w))
  scan   Hillis-Steele inclusive scan   t = __shfl_up_sync(m, v, d, w), then
         `if (lane >= d) v = op(v, t);`, `v = lane >= d ? op(v, t) : v;`, or
         CUB's inline PTX `shfl.sync.up.b32 r|p, ...; @p op r, r, v;`
  bcast  __shfl_sync broadcast (constant, kernel-argument or lane-relative
         source lane)

with a random op (int/unsigned add, min, max, and, or, xor; float add, with
small-integer values where any association gives the same sum, or arbitrary
ones where CUDA's association order decides the bits), width (32..2 through
the width argument), offset order, an optional broadcast of the result
(__shfl_sync from the segment's first or last lane), the lane taken from
inline PTX %laneid, threadIdx.x & 31, threadIdx.x % 32 or a cooperative
groups tile's thread_rank(), and an observation: a store guarded by
lane == 0, lane == w-1, lane < k, lane >= k, lane % w == 0/w-1, an
unguarded store, `lane == 0 ? v : sentinel`, or the idiom inside a
__noinline__ helper whose result is stored under a guard. Float kernels
compile plainly or with `#pragma clang fp reassociate(on)` (clang only:
the only way to get `reassoc` adds per kernel; reassoc kernels get
small-integer values). A third of the programs are built with
--use_fast_math by nvcc and cucc alike (it flushes f32 denormals, none
occur here, and reassociates nothing, in nvcc as in cucc). Blocks are 64 threads, so a
wave64 holds two different CUDA warps: (64,1) and (32,2), where
threadIdx.x % 32 is the lane, and in "2-D" programs also (16,4) and (8,8),
where it is NOT (such programs are never to be built with --tid-x-lanes;
each program's spec says whether it may be).

Each program fills its inputs from a hash of (kernel salt, thread index),
distinct per lane and per warp, sets its outputs to 0xa5a5a5a5, runs its
kernels and prints every output word in hex: that text is what is compared,
against an H100 (lit-tests/oracle/nvidia/warp-idioms/) and against
warp-idioms-model.py, an independent model of the programs written from
the PTX ISA's shfl.sync semantics. The model reads the spec this script
embeds in each program (a JSON comment); `--check` re-renders a program
from its embedded spec and fails if the source differs, so the spec the
model evaluates is the program that ran.

With --extended, kernels also observe through compound guards (lane >= a
&& lane < b, (lane & m) == 0, lane == a || lane == b), nested ifs, a guard
on the input data, and an early `if (lane < k) return;`; use a chain's
first result again at its end (`v = op(v, tap)`: an intermediate value
used elsewhere, which a chain rewrite must keep); cut chains short; and
keep loops rolled (#pragma unroll 1). These are checked against the model
only (the H100 ran the base features: nvidia/warp-idioms/).

With --chains, every kernel is a scan in segments of 16 or 32 lanes, the
shapes strategy=best rewrites whole (pass/lanes/WarpChains.c), observed where a
wrong rewrite shows: every lane, the upper lanes, the last lane of each
segment, or the segment's total broadcast; blocks are (64,1) or (32,2), so
--tid-x-lanes may be given (wi-cS-NN.cu; the H100 ran seed 16:
nvidia/warp-idioms/wi-c16-*).

Usage:
  gen-warp-idioms.py --seed S --count N --out DIR    write DIR/wi-sS-NN.cu
                     [--extended]                    (DIR/wi-xsS-NN.cu)
  gen-warp-idioms.py --check FILE.cu...              source == render(spec)
  gen-warp-idioms.py --coverage FILE.cu...           feature counts; exit 1
                                                     if a value is missing
Deterministic per seed: --seed S --count N writes the first N programs of
seed S, whatever N is.
"""

import argparse
import json
import os
import random
import sys

FULL = "0xffffffffu"
SPEC_BEGIN = "/* warp-idioms spec (read by warp-idioms-model.py):"
SPEC_END = "*/"

# Every value of every feature; --coverage checks a set of programs uses
# each one at least once.
FEATURES = {
    "idiom": ["bfly", "down", "scan", "bcast"],
    "type": ["int", "unsigned", "float"],
    "op": ["add", "min", "max", "and", "or", "xor"],
    "width": [32, 16, 8, 4, 2],
    "lane_src": ["ptx", "and31", "mod32", "cg"],
    "obs": ["eq0", "eqlast", "lt", "ge", "segfirst", "seglast", "all",
            "select0", "helper"],
    "guard": ["if", "select", "ptx"],
    "order": ["desc", "asc", "perm"],
    "bsrc": ["const", "arg", "lane"],
    "post": ["none", "bcast0", "bcastlast"],
    "fvals": ["small", "any"],
    "reassoc": [False, True],
    "block": ["64x1", "32x2", "16x4", "8x8"],
    "lane_exact": [True, False],
    "slot": ["thread", "warp"],
    "fast_math": [False, True],
    "tid_x_lanes_ok": [True, False],
    # --extended only
    "xobs": ["range", "mask", "pair", "early", "nested", "datadep"],
    "tap": [False, True],
}
EXTENDED_FEATURES = ("xobs", "tap")

OBS_GUARDS = ["eq0", "eqlast", "lt", "ge", "segfirst", "seglast"]
HELPER_GUARDS = ["eq0", "segfirst", "lt", "eqlast"]
SHAPES_TIDX = [(64, 1), (64, 1), (32, 2)]  # blockDim.x % 32 == 0
SHAPES_2D = [(16, 4), (8, 8), (32, 2), (64, 1), (16, 4), (8, 8)]

# Input kinds (the host's input_word() and the model's): see HOST_FUNCS.
KIND_SMALL_INT, KIND_BITS, KIND_AND, KIND_OR, KIND_FSMALL, KIND_FANY = range(6)


class Cycler:
    """Draws each feature from a shuffled cycle of its values, so that a
    set of kernels covers every value before repeating one."""

    def __init__(self, rng):
        self.rng = rng
        self.pools = {}

    def pick(self, name, values=None):
        values = list(FEATURES[name] if values is None else values)
        key = (name, tuple(map(str, values)))
        pool = self.pools.get(key)
        if not pool:
            pool = list(values)
            self.rng.shuffle(pool)
            self.pools[key] = pool
        return pool.pop()


def powers_below(w):
    out, o = [], 1
    while o < w:
        out.append(o)
        o *= 2
    return out


def input_kind(k):
    if k["type"] == "float":
        return KIND_FANY if k["fvals"] == "any" else KIND_FSMALL
    if k["op"] == "add":
        return KIND_SMALL_INT if k["type"] == "int" else KIND_BITS
    return {"and": KIND_AND, "or": KIND_OR}.get(k["op"], KIND_BITS)


# --chains: what a scan chain rewrite must get right, observed where it
# shows (reassoc floats most of the time: only they are rewritten).
CHAIN_WIDTHS = [32, 16]
CHAIN_REASSOC = [True, True, False]
CHAIN_OBS = ["all", "all", "ge", "seglast", "eqlast"]
CHAIN_POST = ["none", "none", "bcastlast"]


def make_kernel(rng, cyc, index, two_d, extended=False, chains=False):
    k = {"name": "k%d" % index}
    k["idiom"] = "scan" if chains else cyc.pick("idiom")
    k["type"] = cyc.pick("type")
    k["op"] = "add" if k["type"] == "float" else cyc.pick("op")
    if k["type"] == "float":
        k["reassoc"] = cyc.pick("reassoc", CHAIN_REASSOC if chains else None)
        k["fvals"] = "small" if k["reassoc"] else cyc.pick("fvals")
    else:
        k["reassoc"] = False
        k["fvals"] = None
    k["width"] = cyc.pick("width", CHAIN_WIDTHS if chains else None)
    # The width argument is left out (CUDA's default, 32) half the time.
    k["width_arg"] = k["width"] != 32 or rng.random() < 0.5
    k["op_form"] = rng.choice(["call", "ternary"]) if k["op"] in (
        "min", "max") else rng.choice(["infix", "compound"])
    k["order"] = k["offsets"] = k["loop"] = k["guard"] = k["seg"] = None
    k["bsrc"] = k["src"] = None
    k["post"] = "none"
    powers = powers_below(k["width"])
    if k["idiom"] in ("bfly", "down"):
        k["order"] = cyc.pick("order")
        if k["order"] == "desc":
            k["offsets"] = powers[::-1]
        elif k["order"] == "asc":
            k["offsets"] = powers
        else:
            k["offsets"] = list(powers)
            rng.shuffle(k["offsets"])
        k["loop"] = k["order"] != "perm" and rng.random() < 0.6
    elif k["idiom"] == "scan":
        k["offsets"] = powers
        k["guard"] = cyc.pick("guard")
        k["loop"] = rng.random() < 0.6
        # How the guard takes the lane within a segment (width < 32): lane %
        # w, lane & (w-1), or the whole lane (a common slip: the upper
        # segments then add their own value; still well defined).
        k["seg"] = "mod" if k["width"] == 32 else rng.choice(
            ["mod", "and", "mod", "and", "none"])
    else:
        k["bsrc"] = cyc.pick("bsrc")
        k["src"] = rng.randrange(32) if k["bsrc"] != "lane" else rng.randrange(
            1, 32)
    if k["idiom"] != "bcast":
        k["post"] = cyc.pick("post", CHAIN_POST if chains else None)
    k["arg"] = rng.randrange(32)
    k["lane_src"] = cyc.pick("lane_src")
    if two_d and k["lane_src"] in ("and31", "mod32") and rng.random() < 0.75:
        # Where threadIdx.x is not the lane: what --tid-x-lanes is about.
        shape = rng.choice([(16, 4), (8, 8)])
    else:
        shape = rng.choice(SHAPES_2D if two_d else SHAPES_TIDX)
    k["block"] = list(shape)
    k["grid"] = rng.choice([1, 2])
    # The `lane` variable is the CUDA lane when it comes from %laneid or a
    # tile, or from threadIdx.x when blockDim.x is a multiple of 32.
    k["lane_exact"] = k["lane_src"] in ("ptx", "cg") or shape[0] % 32 == 0
    k["obs"] = cyc.pick("obs", CHAIN_OBS if chains else None)
    k["k"] = rng.randrange(1, 32)
    k["hguard"] = cyc.pick("hguard", HELPER_GUARDS) if k["obs"] == "helper" else None
    guard = k["hguard"] or k["obs"]
    # One slot per warp only where exactly one thread of a warp stores.
    k["slot"] = "warp" if (k["lane_exact"] and guard in ("eq0", "eqlast") and
                           rng.random() < 0.5) else "thread"
    k["salt"] = rng.getrandbits(32)
    k["ptx_volatile"] = rng.random() < 0.5
    k["unroll_pragma"] = rng.random() < 0.5
    if extended:
        extend_kernel(rng, cyc, k)
    k["title"] = kernel_title(k)
    return k


def extend_kernel(rng, cyc, k):
    """--extended: observations through compound, nested, data-dependent
    and early-return guards; an intermediate value of the chain used again
    at its end (tap); chains cut short (partial); loops kept rolled
    (#pragma unroll 1)."""
    k["extended"] = True
    chain = k["idiom"] in ("bfly", "down", "scan")
    if k["obs"] != "helper" and rng.random() < 0.6:
        k["obs"] = cyc.pick("xobs")
        k["slot"] = "thread"
        lo, hi = sorted(rng.sample(range(0, 33), 2))
        k["k"], k["k2"] = lo, hi
        k["m"] = rng.choice([1, 3, 7, 15, 2, 6])
    k["tap"] = chain and cyc.pick("tap")
    k["partial"] = None
    if chain and len(k["offsets"]) >= 2 and rng.random() < 0.3:
        k["partial"] = rng.randrange(1, len(k["offsets"]))
        k["offsets"] = k["offsets"][:k["partial"]]
    if k["tap"] or k["partial"]:
        k["loop"] = False
    k["unroll1"] = bool(k["loop"]) and rng.random() < 0.5


def kernel_title(k):
    w = k["width"]
    parts = [k["name"], k["idiom"]]
    if k["idiom"] in ("bfly", "down"):
        parts.append("offsets=" + ",".join(map(str, k["offsets"])))
    elif k["idiom"] == "scan":
        parts.append("guard=%s/%s" % (k["guard"], k["seg"]))
    else:
        parts.append("src=%s:%d" % (k["bsrc"], k["arg"] if k["bsrc"] == "arg"
                                    else k["src"]))
    t = k["type"] + ("/reassoc" if k["reassoc"] else "") + (
        "/" + k["fvals"] if k["fvals"] else "")
    parts += [t, k["op"], "w%d" % w, "lane=" + k["lane_src"],
              "obs=" + observation_text(k), "post=" + k["post"],
              "block=%dx%d" % tuple(k["block"]), "grid=%d" % k["grid"]]
    if k.get("tap"):
        parts.append("tap")
    if k.get("partial"):
        parts.append("partial=%d" % k["partial"])
    if k.get("unroll1"):
        parts.append("unroll1")
    return " ".join(parts)


def xguard_text(k):
    """The condition of an --extended observation."""
    T = k["type"]
    return {
        "range": "lane >= %d && lane < %d" % (k["k"], k["k2"]),
        "mask": "(lane & %d) == 0" % k["m"],
        "pair": "lane == %d || lane == %d" % (k["k"], k["k2"]),
        "early": "lane < %d" % k["k"],
        "nested": "lane < %d, lane %% 4 == 1" % k["k2"],
        "datadep": "lane <= %d && %s" % (
            k["k"], "in[gtid] > 0.0f" if T == "float" else "(in[gtid] & 2)"),
    }[k["obs"]]


def observation_text(k):
    if k["obs"] in FEATURES["xobs"]:
        return k["obs"] + ":" + xguard_text(k).replace(" ", "")
    if k["obs"] == "helper":
        return "helper:" + guard_expr(k, k["hguard"]).replace(" ", "")
    if k["obs"] in OBS_GUARDS:
        return guard_expr(k, k["obs"]).replace(" ", "") + "@" + k["slot"]
    return k["obs"]


def make_program(rng, cyc, seed, index, extended=False, chains=False):
    two_d = False if chains else not cyc.pick("tid_x_lanes_ok")
    prefix = "c" if chains else "xs" if extended else "s"
    p = {"name": "wi-%s%d-%02d" % (prefix, seed, index),
         "seed": seed, "index": index,
         "fast_math": cyc.pick("fast_math", [False, False, True])}
    p["kernels"] = [make_kernel(rng, cyc, i, two_d, extended, chains)
                    for i in range(6)]
    if extended:
        p["extended"] = True
    if chains:
        p["chains"] = True
    # --tid-x-lanes promises that threadIdx.x % 32 is the lane: every
    # launch must have blockDim.x % 32 == 0.
    p["tid_x_lanes_ok"] = all(k["block"][0] % 32 == 0 for k in p["kernels"])
    return p


def generate(seed, count, extended=False, chains=False):
    rng = random.Random(seed)
    cyc = Cycler(rng)
    return [make_program(rng, cyc, seed, i, extended, chains)
            for i in range(count)]


# ---------------------------------------------------------------------------
# Rendering

def ctype(k):
    return k["type"]


def op_expr(k, a, b):
    op, form = k["op"], k["op_form"]
    if op == "add":
        return "%s + %s" % (a, b)
    if op in ("and", "or", "xor"):
        return "%s %s %s" % (a, {"and": "&", "or": "|", "xor": "^"}[op], b)
    if form == "call":
        return "%s(%s, %s)" % (op, a, b)
    return "(%s %s %s ? %s : %s)" % (b, "<" if op == "min" else ">", a, b, a)


def op_assign(k, target, other):
    """`target = op(target, other);`, or its compound form."""
    if k["op_form"] == "compound":
        sym = {"add": "+", "and": "&", "or": "|", "xor": "^"}[k["op"]]
        return "%s %s= %s;" % (target, sym, other)
    return "%s = %s;" % (target, op_expr(k, target, other))


def width_arg(k):
    return ", %d" % k["width"] if k["width_arg"] else ""


def guard_expr(k, guard):
    w = k["width"]
    return {
        "eq0": "lane == 0",
        "eqlast": "lane == %d" % (w - 1),
        "lt": "lane < %d" % k["k"],
        "ge": "lane >= %d" % k["k"],
        "segfirst": "lane %% %d == 0" % w,
        "seglast": "lane %% %d == %d" % (w, w - 1),
    }[guard]


PTX_OPS = {
    ("int", "add"): "add.s32", ("int", "min"): "min.s32",
    ("int", "max"): "max.s32", ("unsigned", "add"): "add.u32",
    ("unsigned", "min"): "min.u32", ("unsigned", "max"): "max.u32",
    ("float", "add"): "add.f32",
}


def ptx_scan_step(k, delta, ind):
    """CUB's InclusiveScanStep: the shuffle's predicate guards the op."""
    t = k["type"]
    reg = {"int": "s32", "unsigned": "u32", "float": "f32"}[t]
    instr = PTX_OPS.get((t, k["op"]), k["op"] + ".b32")
    con = "f" if t == "float" else "r"
    c = (32 - k["width"]) << 8
    asm = "asm volatile" if k["ptx_volatile"] else "asm"
    return (
        '%s%s(\n'
        '%s    "{\\n\\t"\n'
        '%s    ".reg .%s r0;\\n\\t"\n'
        '%s    ".reg .pred p;\\n\\t"\n'
        '%s    "shfl.sync.up.b32 r0|p, %%1, %%2, %%3, %%4;\\n\\t"\n'
        '%s    "@p %s r0, r0, %%1;\\n\\t"\n'
        '%s    "mov.%s %%0, r0;\\n\\t"\n'
        '%s    "}"\n'
        '%s    : "=%s"(v)\n'
        '%s    : "%s"(v), "r"(%s), "r"(%d), "r"(%s));\n' % (
            ind, asm, ind, ind, reg, ind, ind, ind, instr, ind, reg, ind,
            ind, con, ind, con, delta, c, FULL))


def render_idiom(k):
    """The idiom's statements on `v` (with `lane` and `arg` in scope)."""
    T, w, wa = ctype(k), k["width"], width_arg(k)
    out = []
    unroll = "  #pragma unroll\n" if k["unroll_pragma"] else ""
    if k.get("unroll1"):
        unroll = "  #pragma unroll 1\n"
    tap = [k.get("tap")]

    def after_step():
        # --extended tap: the chain's first result, used again at its end.
        if tap[0]:
            out.append("  %s tap = v;\n" % T)
            tap[0] = False
    if k["idiom"] in ("bfly", "down"):
        fn = "__shfl_xor_sync" if k["idiom"] == "bfly" else "__shfl_down_sync"
        if k["loop"]:
            if k["order"] == "desc":
                head = "for (int o = %d; o > 0; o >>= 1)" % (w // 2)
            else:
                head = "for (int o = 1; o < %d; o <<= 1)" % w
            out.append(unroll + "  %s {\n" % head)
            out.append("    %s t = %s(%s, v, o%s);\n" % (T, fn, FULL, wa))
            out.append("    %s\n" % op_assign(k, "v", "t"))
            out.append("  }\n")
        else:
            for o in k["offsets"]:
                if k["op_form"] in ("call", "infix") and o % 2:
                    # Shuffle inline in the op, as hand-written code does
                    # (never in a ?: arm, which only some lanes would run).
                    out.append("  v = %s;\n" % op_expr(
                        k, "v", "%s(%s, v, %d%s)" % (fn, FULL, o, wa)))
                else:
                    out.append("  {\n    %s t = %s(%s, v, %d%s);\n    %s\n  }\n"
                               % (T, fn, FULL, o, wa, op_assign(k, "v", "t")))
                after_step()
    elif k["idiom"] == "scan":
        if k["seg"] == "none" or w == 32:
            sl = "lane"
        elif k["seg"] == "mod":
            sl = "lane %% %d" % w
        else:
            sl = "(lane & %d)" % (w - 1)
        steps = [("d", None)] if k["loop"] else [(str(d), d) for d in k["offsets"]]
        if k["loop"]:
            out.append(unroll + "  for (int d = 1; d < %d; d *= 2) {\n" % w)
        for dname, _ in steps:
            ind = "    "
            if not k["loop"]:
                out.append("  {\n")
            if k["guard"] == "ptx":
                out.append(ptx_scan_step(k, dname, ind))
            else:
                out.append("%s%s t = __shfl_up_sync(%s, v, %s%s);\n" % (
                    ind, T, FULL, dname, wa))
                if k["guard"] == "if":
                    out.append("%sif (%s >= %s) %s\n" % (
                        ind, sl, dname, op_assign(k, "v", "t")))
                else:
                    out.append("%sv = %s >= %s ? %s : v;\n" % (
                        ind, sl, dname, op_expr(k, "v", "t")))
            if not k["loop"]:
                out.append("  }\n")
                after_step()
        if k["loop"]:
            out.append("  }\n")
    else:
        src = {"const": str(k["src"]), "arg": "arg",
               "lane": "lane + %d" % k["src"]}[k["bsrc"]]
        out.append("  v = __shfl_sync(%s, v, %s%s);\n" % (FULL, src, wa))
    if k.get("tap"):
        out.append("  %s\n" % op_assign(k, "v", "tap"))
    if k["post"] != "none":
        src = 0 if k["post"] == "bcast0" else w - 1
        out.append("  v = __shfl_sync(%s, v, %d%s);\n" % (FULL, src, wa))
    return "".join(out)


# cucc defines __NVCC__ as nvcc does; only nvcc's compile is not clang's.
REASSOC = ("#if defined(__clang__)\n"
           "#pragma clang fp reassociate(on)\n"
           "#endif\n")

LANE_DECL = {
    "ptx": None,  # see render_kernel (volatile or not)
    "and31": "  int lane = threadIdx.x & 31;\n",
    "mod32": "  int lane = threadIdx.x % 32;\n",
    "cg": ("  cg::thread_block_tile<32> tile = "
           "cg::tiled_partition<32>(cg::this_thread_block());\n"
           "  int lane = tile.thread_rank();\n"),
}

SENTINEL = {"int": "0x5EEDF00D", "unsigned": "0xFEEDF00Du", "float": "-12345.0f"}


def render_kernel(k):
    T, n = ctype(k), k["name"]
    s = ["// %s\n" % k["title"]]
    pragma = REASSOC if k["reassoc"] else ""
    if k["obs"] == "helper":
        s.append("__device__ __noinline__ %s %s_idiom(%s v, int lane, int arg) {\n"
                 % (T, n, T))
        s.append(pragma + render_idiom(k) + "  return v;\n}\n\n")
    s.append("__global__ void %s(const %s *__restrict__ in, %s *__restrict__ out,"
             " int arg) {\n" % (n, T, T))
    if k["obs"] != "helper":
        s.append(pragma)
    s.append("  const unsigned gtid = (blockIdx.x * blockDim.y + threadIdx.y) * "
             "blockDim.x + threadIdx.x;\n")
    if k["lane_src"] == "ptx":
        s.append('  int lane;\n  asm%s("mov.u32 %%0, %%%%laneid;" : "=r"(lane));\n'
                 % (" volatile" if k["ptx_volatile"] else ""))
    else:
        s.append(LANE_DECL[k["lane_src"]])
    s.append("  %s v = in[gtid];\n" % T)
    idx = "gtid >> 5" if k["slot"] == "warp" else "gtid"
    if k["obs"] == "helper":
        s.append("  %s r = %s_idiom(v, lane, arg);\n" % (T, n))
        s.append("  if (%s) out[%s] = r;\n" % (guard_expr(k, k["hguard"]), idx))
    else:
        s.append(render_idiom(k))
        if k["obs"] == "all":
            s.append("  out[gtid] = v;\n")
        elif k["obs"] == "select0":
            s.append("  out[gtid] = lane == 0 ? v : (%s)%s;\n" % (T, SENTINEL[T]))
        elif k["obs"] == "early":
            s.append("  if (lane < %d)\n    return;\n  out[gtid] = v;\n" % k["k"])
        elif k["obs"] == "nested":
            s.append("  if (lane < %d) {\n    if (lane %% 4 == 1)\n"
                     "      out[gtid] = v;\n  }\n" % k["k2"])
        elif k["obs"] in FEATURES["xobs"]:
            s.append("  if (%s) out[gtid] = v;\n" % xguard_text(k))
        else:
            s.append("  if (%s) out[%s] = v;\n" % (guard_expr(k, k["obs"]), idx))
    s.append("}\n")
    return "".join(s)


HOST_PRELUDE = r'''#include <cuda_runtime.h>
%(cg)s#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
%(cgns)s
#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) {                                               \
      fprintf(stderr, "%%s:%%d: %%s failed: %%s\n", __FILE__, __LINE__, #call, \
              cudaGetErrorString(err_));                                     \
      exit(1);                                                               \
    }                                                                        \
  } while (0)
'''

HOST_FUNCS = r'''
// Inputs: a bijective 32-bit hash of (salt + index), shaped per kind.
static uint32_t mix32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

static uint32_t input_word(int kind, uint32_t salt, uint32_t i) {
  uint32_t h = mix32(salt + i);
  switch (kind) {
  case 0: // int add: small, so that no sum overflows
    return (uint32_t)((int32_t)(h & 0x1fffffu) - 0x100000);
  case 2: // and: clears this lane's bit and one more
    return ~((1u << (i & 31)) | (1u << (h & 31)));
  case 3: // or: sets this lane's bit and one more
    return (1u << (i & 31)) | (1u << (h & 31));
  case 4: { // float, a small integer (distinct for 128 threads): every
            // association sums exactly
    float f = (float)((int32_t)((salt %% 129u + i * 37u) %% 129u) - 64);
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
  }
  case 5: // float, any sign and mantissa, exponent -7..7: order decides
    return (h & 0x807fffffu) | ((120u + (h >> 24) %% 15u) << 23);
  default: // every bit
    return h;
  }
}

// Runs one kernel over fresh buffers and prints every output word.
template <typename T>
static void run(const char *title, void (*kernel)(const T *, T *, int),
                int kind, uint32_t salt, int grid, int bx, int by, int arg) {
  const int n = grid * bx * by;
  uint32_t host[256];
  for (int i = 0; i < n; ++i)
    host[i] = input_word(kind, salt, (uint32_t)i);
  T *in = nullptr, *out = nullptr;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMemcpy(in, host, n * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(out, 0xa5, n * sizeof(T)));
  kernel<<<grid, dim3(bx, by)>>>(in, out, arg);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(host, out, n * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  printf("== %%s\n", title);
  for (int i = 0; i < n; ++i)
    printf("%%08x%%c", host[i], i %% 8 == 7 ? '\n' : ' ');
}
'''


def render_program(p):
    uses_cg = any(k["lane_src"] == "cg" for k in p["kernels"])
    flags = "--use_fast_math" if p["fast_math"] else ""
    head = [
        "// %s.cu - generated by lit-tests/oracle/gen-warp-idioms.py (seed %d,\n"
        "// program %d): warp reduce/scan idioms whose observed lanes are compared\n"
        "// with an H100 and with warp-idioms-model.py. Every output word is printed.\n"
        "// build-flags: %s\n"
        "// tid-x-lanes: %s\n" % (p["name"], p["seed"], p["index"], flags or "(none)",
                                  "ok" if p["tid_x_lanes_ok"] else
                                  "no (a block has blockDim.x % 32 != 0)"),
        SPEC_BEGIN + "\n",
        json.dumps(p, indent=1, sort_keys=True) + "\n",
        SPEC_END + "\n",
    ]
    pre = HOST_PRELUDE % {
        "cg": "#include <cooperative_groups.h>\n" if uses_cg else "",
        "cgns": "namespace cg = cooperative_groups;\n" if uses_cg else ""}
    body = [render_kernel(k) + "\n" for k in p["kernels"]]
    main = ["int main() {\n"]
    for k in p["kernels"]:
        main.append('  run<%s>("%s", %s, %d, 0x%08xu, %d, %d, %d, %d);\n' % (
            ctype(k), k["title"], k["name"], input_kind(k), k["salt"],
            k["grid"], k["block"][0], k["block"][1], k["arg"]))
    main.append("  return 0;\n}\n")
    return "".join(head) + pre + HOST_FUNCS % {} + "\n" + "".join(body) + "".join(main)


def read_spec(path):
    text = open(path).read()
    start = text.index(SPEC_BEGIN) + len(SPEC_BEGIN)
    end = text.index(SPEC_END, start)
    return json.loads(text[start:end]), text


def coverage(programs):
    counts = {f: {str(v): 0 for v in vals} for f, vals in FEATURES.items()}

    def add(f, v):
        if v is not None and str(v) in counts[f]:
            counts[f][str(v)] += 1

    for p in programs:
        add("fast_math", p["fast_math"])
        add("tid_x_lanes_ok", p["tid_x_lanes_ok"])
        for k in p["kernels"]:
            for f in ("idiom", "type", "op", "width", "lane_src", "obs", "guard",
                      "order", "bsrc", "post", "fvals", "lane_exact", "slot"):
                add(f, k[f])
            if k["type"] == "float":
                add("reassoc", k["reassoc"])
            if k.get("extended"):
                add("xobs", k["obs"])
                add("tap", k["tap"])
            add("block", "%dx%d" % tuple(k["block"]))
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--extended", action="store_true",
                    help="also compound, nested, data-dependent and early-return "
                    "guards, tapped, partial and rolled chains (wi-xsS-NN.cu)")
    ap.add_argument("--chains", action="store_true",
                    help="scans in segments of 16 or 32 only, observed where "
                    "a chain rewrite shows (wi-cS-NN.cu)")
    ap.add_argument("--check", action="store_true",
                    help="FILES' sources must equal the rendering of their specs")
    ap.add_argument("--coverage", action="store_true",
                    help="count the feature values FILES use")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.check or a.coverage:
        specs, bad = [], 0
        for f in a.files:
            spec, text = read_spec(f)
            specs.append(spec)
            if a.check and render_program(spec) != text:
                print("%s: source differs from the rendering of its spec" % f)
                bad += 1
        if a.check:
            print("gen-warp-idioms: %d programs checked, %d differ" % (len(specs), bad))
        if a.coverage:
            counts = coverage(specs)
            missing = []
            if not any(p.get("extended") for p in specs):
                for f in EXTENDED_FEATURES:
                    del counts[f]
            for f, vals in counts.items():
                print("%-15s %s" % (f, " ".join("%s=%d" % kv for kv in vals.items())))
                missing += ["%s=%s" % (f, v) for v, c in vals.items() if c == 0]
            print("missing: %s" % (" ".join(missing) or "none"))
            bad += len(missing)
        return 1 if bad else 0
    if a.seed is None or not a.out:
        ap.error("--seed and --out are required to generate")
    os.makedirs(a.out, exist_ok=True)
    for p in generate(a.seed, a.count, a.extended, a.chains):
        with open(os.path.join(a.out, p["name"] + ".cu"), "w") as f:
            f.write(render_program(p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
