#!/usr/bin/env python3
"""gen-warp-ir.py - random valid NVVM IR full of warp intrinsic calls.

Seeds the fuzz corpus of fuzz-warp-ir (run-fuzz.sh) with modules that
reach every corner of the lowerings, which mutating text alone rarely
does: libFuzzer keeps what it is given valid only by luck, so the seeds
must already hold the shapes worth mutating.

Each module holds a few functions of random shape (straight-line code,
if/else diamonds with phis, loops with uniform and lane-varying trip
counts, loops that exit on a vote, nested up to two levels) full of
calls to the llvm.nvvm warp intrinsics of LLVM 22: the 32 shfl[.sync]
forms, vote[.sync], activemask, match, the integer and float redux.sync,
bar.warp.sync and elect.sync (module I calls four of the 63 in turn, so
any 16 modules in a row call them all), special registers, and the
inline PTX forms the pass recognises. Operands are constants (edge
values: 0, 31, 32, 0x1f1f, 0x101f, -1, huge) or values computed at run
time (arguments, loads, lane ids, results of other warp calls); member
masks are random. Functions carry random target-cpu / target-features
(gfx90a, gfx942, gfx1100, gfx1200, wave32, wave64) so that the fast
paths and the wave choice are exercised; kernels use the ptx_kernel
calling convention or nvvm.annotations. Beside them sits an llvm-stress
function as filler, with warp calls spliced into its blocks on its own
values, and kernels sometimes call it.

Output is reproducible: module I of --seed S is the same on every run.
Every module is checked with `opt -passes=verify`; one that fails is
regenerated without the llvm-stress splice, and if that fails too the
generator stops with an error (a generator bug).

usage: gen-warp-ir.py --seed S --count N --out DIR [--llvm-bin DIR]
"""

import argparse
import os
import random
import re
import subprocess
import sys

DEFAULT_LLVM_BIN = "/usr/lib/llvm-22/bin"

# --- The intrinsics (LLVM 22, tablegen/WarpPatterns.td) -------------------

SHFL_MODES = ["idx", "up", "down", "bfly"]
INT_REDUX = ["add", "min", "umin", "max", "umax", "and", "or", "xor"]
FLOAT_REDUX = [f"f{op}{abs_}{nan}" for op in ["min", "max"]
               for abs_ in ["", ".abs"] for nan in ["", ".NaN"]]
VOTES = ["all", "any", "uni"]


def all_warp_intrinsics():
    """The 63 names nvvm-warp-to-amdgpu lowers."""
    names = []
    for sync in ["sync.", ""]:
        for mode in SHFL_MODES:
            for ty in ["i32", "f32"]:
                for p in ["", "p"]:
                    names.append(f"llvm.nvvm.shfl.{sync}{mode}.{ty}{p}")
    for vote in VOTES + ["ballot"]:
        names += [f"llvm.nvvm.vote.{vote}.sync", f"llvm.nvvm.vote.{vote}"]
    names.append("llvm.nvvm.activemask")
    names += ["llvm.nvvm.match.any.sync.i32", "llvm.nvvm.match.any.sync.i64",
              "llvm.nvvm.match.all.sync.i32p", "llvm.nvvm.match.all.sync.i64p"]
    names += [f"llvm.nvvm.redux.sync.{op}" for op in INT_REDUX + FLOAT_REDUX]
    names += ["llvm.nvvm.bar.warp.sync", "llvm.nvvm.elect.sync"]
    return names


SREGS = ["laneid", "laneid", "tid.x", "tid.y", "ntid.x", "ctaid.x",
         "nctaid.x", "warpsize", "lanemask.eq", "lanemask.lt", "lanemask.le",
         "lanemask.gt", "lanemask.ge"]
# Registers nvvm-to-amdgpu has no mapping for: diagnostics, not crashes.
UNMAPPED_SREGS = ["clock", "warpid", "smid"]

# --- Edge values -----------------------------------------------------------

MASKS = [-1, -1, -1, 0, 1, 0xFFFF, 0xFFFF0000, 0x55555555, 0xAAAAAAAA,
         0x80000000, 0x7FFFFFFF, 3, 0xFF, 0x0F0F0F0F, 0xFFFFFFFE]
LANES = [0, 1, 1, 2, 4, 8, 16, 3, 5, 7, 15, 17, 31, 32, 33, 63, 64, -1, -32,
         0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x1F1F, 0x101F, 9]
CLAMPS = [31, 31, 31, 0, 7, 15, 32, 0x1F, 0x1F1F, 0x101F, 0x181F, 0x1C1F,
          0x1E1F, 0x1F00, 0x1800, 0x1000, 8223, -1, 255, 0x3F, 0xFFFFFFFF,
          0x80001F1F, 0x2000]
WIDTHS = [1, 2, 4, 8, 16, 32]
INT_VALUES = [0, 1, -1, 42, 0x80000000, 0x7FFFFFFF, 31, 32, 0xDEADBEEF]
I64_VALUES = [0, -1, 1, 4294967296, 0x100000001, -9223372036854775808,
              0x7FFFFFFF00000000]
FLOAT_VALUES = ["0.0", "-0.0", "1.5", "-2.0", "0x7FF8000000000000",
                "0xFFF8000000000000", "0x7FF4000000000000",
                "0x7FF0000000000000", "0xFFF0000000000000",
                "0x36A0000000000000", "0x47EFFFFFE0000000"]

TARGETS = [
    [],
    [],
    [],
    [("target-cpu", "gfx90a")],
    [("target-cpu", "gfx90a"), ("target-features", "+wavefrontsize64")],
    [("target-cpu", "gfx942")],
    [("target-cpu", "gfx942"), ("target-features", "+wavefrontsize64")],
    [("target-cpu", "gfx1100")],
    [("target-cpu", "gfx1100"), ("target-features", "+wavefrontsize32")],
    [("target-cpu", "gfx1100"), ("target-features", "+wavefrontsize64")],
    [("target-cpu", "gfx1200"), ("target-features", "+wavefrontsize32")],
    [("target-cpu", "gfx1030")],
    [("target-features", "+wavefrontsize32")],
    [("target-features", "+wavefrontsize64")],
    [("target-features", "+wavefrontsize32,+wavefrontsize64")],
    [("target-cpu", "sm_80"), ("target-features", "+ptx70")],
]


def i32_text(value):
    """An i32 literal; values past 2^31 as the parser accepts them."""
    return str(value)


class Module:
    """One module under construction: declarations, functions, globals."""

    def __init__(self, rng):
        self.rng = rng
        self.decls = {}
        self.functions = []  # text of each definition
        self.globals = []
        self.metadata = []
        self.callees = []  # (name, return type, [param types]) for calls
        self.stress_name = None
        self.used = set()

    def declare(self, name, ret, params):
        self.decls[name] = f"declare {ret} @{name}({', '.join(params)})"
        if name.startswith("llvm.nvvm."):
            self.used.add(name)

    def text(self, triple):
        parts = []
        if triple:
            parts.append('target datalayout = "e-i64:64-i128:128-v16:16-'
                         'v32:32-n16:32:64"\ntarget triple = '
                         '"nvptx64-nvidia-cuda"\n')
        parts += self.globals
        if self.globals:
            parts.append("")
        parts += self.functions
        parts += sorted(self.decls.values())
        parts += self.metadata
        return "\n".join(parts) + "\n"


class Function:
    """Builds one function body: blocks of lines and pools of values in
    scope, by type. Values defined inside an if arm or a loop body leave
    the pools when the region ends, so every use is dominated."""

    def __init__(self, module, rng, prefix="x"):
        self.m = module
        self.rng = rng
        self.prefix = prefix
        self.count = 0
        self.blocks = []  # [label, [lines]]
        self.lines = None  # the current block's lines
        self.pools = {"i32": [], "float": [], "i64": [], "i1": []}
        self.ptr = None  # a pointer argument to load from and store to
        self.kernel = False
        self.depth = 0
        self.loop_ok = True

    # -- plumbing --
    def tmp(self, hint=""):
        self.count += 1
        return f"%{self.prefix}{hint}.{self.count}"

    def label(self, hint):
        self.count += 1
        return f"{hint}{self.count}"

    def emit(self, line):
        self.lines.append("  " + line)

    def start_block(self, label):
        self.blocks.append([label, []])
        self.lines = self.blocks[-1][1]

    def current(self):
        return self.blocks[-1][0]

    def save(self):
        return {ty: len(pool) for ty, pool in self.pools.items()}

    def restore(self, mark):
        for ty, size in mark.items():
            del self.pools[ty][size:]

    def push(self, ty, value):
        self.pools[ty].append(value)
        return value

    def chance(self, p):
        return self.rng.random() < p

    def call(self, ret, name, args, hint="r"):
        """Declares and calls NAME; ARGS are (type, value) pairs."""
        self.m.declare(name, ret, [t for t, _ in args])
        arg_text = ", ".join(f"{t} {v}" for t, v in args)
        if ret == "void":
            self.emit(f"call void @{name}({arg_text})")
            return None
        result = self.tmp(hint)
        self.emit(f"{result} = call {ret} @{name}({arg_text})")
        return result

    # -- operands --
    def dynamic(self, ty):
        """A value of TY computed at run time, made if none is in scope."""
        pool = self.pools[ty]
        if pool and self.chance(0.85):
            # Prefer recent values, so results feed later calls.
            return pool[-1 - min(int(self.rng.expovariate(0.4)),
                                 len(pool) - 1)]
        if ty == "i32":
            r = self.rng.random()
            if r < 0.45:
                return self.sreg()
            if r < 0.7 and self.ptr:
                return self.load("i32")
            return self.push("i32", self.derive_i32())
        if ty == "float":
            if self.ptr and self.chance(0.5):
                return self.load("float")
            v = self.tmp("f")
            self.emit(f"{v} = uitofp i32 {self.dynamic('i32')} to float")
            return self.push("float", v)
        if ty == "i64":
            v = self.tmp("w")
            op = self.rng.choice(["zext", "sext"])
            self.emit(f"{v} = {op} i32 {self.dynamic('i32')} to i64")
            if self.chance(0.5):
                w = self.tmp("w")
                self.emit(f"{w} = shl i64 {v}, {self.rng.choice([1, 32, 33])}")
                v = w
            return self.push("i64", v)
        return self.push("i1", self.condition())

    def derive_i32(self):
        v = self.tmp("d")
        a = self.dynamic("i32") if self.pools["i32"] else self.sreg()
        op = self.rng.choice(["xor", "and", "add", "lshr", "mul", "or"])
        k = self.rng.choice([1, 2, 16, 31, 7, 3])
        self.emit(f"{v} = {op} i32 {a}, {k}")
        return v

    def operand(self, ty, constants, p_const=0.5):
        if self.chance(p_const):
            if ty == "i32":
                if self.chance(0.08):
                    return i32_text(self.rng.randrange(-2**31, 2**32))
                return i32_text(self.rng.choice(constants))
            if ty == "i64":
                return str(self.rng.choice(I64_VALUES))
            if ty == "float":
                return self.rng.choice(FLOAT_VALUES)
            return self.rng.choice(["true", "false"])
        return self.dynamic(ty)

    def mask(self):
        return self.operand("i32", MASKS, 0.7)

    def shfl_lane_and_clamp(self, mode):
        """b and c: CUDA's API forms (width w) most of the time, else any."""
        if self.chance(0.5):
            w = self.rng.choice(WIDTHS)
            c = ((32 - w) << 8) | (0 if mode == "up" else 31)
            if mode == "idx":
                b = self.operand("i32", list(range(w)) + LANES, 0.5)
            else:
                b = self.operand("i32", [1, 2, 4, 8, 16, w // 2 or 1], 0.8)
            c_text = str(c) if self.chance(0.9) else self.dynamic("i32")
            return b, c_text
        return (self.operand("i32", LANES, 0.6),
                self.operand("i32", CLAMPS, 0.85))

    def condition(self):
        """An i1: lane-varying or uniform, computed or from a warp call."""
        r = self.rng.random()
        v = self.tmp("c")
        if r < 0.35:
            lane = self.sreg("laneid") if self.chance(0.7) else self.dynamic(
                "i32")
            pred = self.rng.choice(["ult", "eq", "ne", "sgt", "ugt"])
            k = self.rng.choice([0, 1, 15, 16, 31, 32])
            self.emit(f"{v} = icmp {pred} i32 {lane}, {k}")
        elif r < 0.55:
            x = self.dynamic("i32")
            bit = self.tmp("c")
            self.emit(f"{bit} = and i32 {x}, {self.rng.choice([1, 2, 8])}")
            self.emit(f"{v} = icmp eq i32 {bit}, 0")
        elif r < 0.7:
            x = self.operand("i32", INT_VALUES, 0.2)
            y = self.operand("i32", INT_VALUES, 0.5)
            self.emit(f"{v} = icmp slt i32 {x}, {y}")
        elif r < 0.8:
            f = self.dynamic("float")
            self.emit(f"{v} = fcmp {self.rng.choice(['olt', 'uno', 'oeq'])} "
                      f"float {f}, 0.0")
        else:
            return self.rng.choice(["true", "false"])
        return v

    def sreg(self, name=None):
        if name is None:
            name = (self.rng.choice(UNMAPPED_SREGS) if self.chance(0.03)
                    else self.rng.choice(SREGS))
        v = self.call("i32", f"llvm.nvvm.read.ptx.sreg.{name}", [], "s")
        return self.push("i32", v)

    def load(self, ty):
        index = self.operand("i32", [0, 1, 31, 32, 63], 0.3)
        addr = self.tmp("p")
        self.emit(f"{addr} = getelementptr inbounds {ty}, ptr {self.ptr}, "
                  f"i32 {index}")
        v = self.tmp("l")
        self.emit(f"{v} = load {ty}, ptr {addr}, align 4")
        return self.push(ty, v)

    def store(self, ty, value):
        if not self.ptr:
            return
        addr = self.tmp("p")
        index = self.operand("i32", [0, 1, 2, 32], 0.4)
        self.emit(f"{addr} = getelementptr inbounds {ty}, ptr {self.ptr}, "
                  f"i32 {index}")
        self.emit(f"store {ty} {value}, ptr {addr}, align 4")

    # -- warp calls --
    def op_shfl(self, sync=None, mode=None, ty=None, pred=None):
        sync = self.chance(0.75) if sync is None else sync
        mode = mode or self.rng.choice(SHFL_MODES)
        ty = ty or ("float" if self.chance(0.35) else "i32")
        pred = self.chance(0.3) if pred is None else pred
        suffix = ("f32" if ty == "float" else "i32") + ("p" if pred else "")
        name = f"llvm.nvvm.shfl.{'sync.' if sync else ''}{mode}.{suffix}"
        b, c = self.shfl_lane_and_clamp(mode)
        args = [("i32", self.mask())] if sync else []
        args += [(ty, self.operand(ty, INT_VALUES, 0.1) if ty == "i32"
                  else self.operand(ty, FLOAT_VALUES, 0.1)),
                 ("i32", b), ("i32", c)]
        if not pred:
            return self.push(ty, self.call(ty, name, args, "sh"))
        r = self.call(f"{{ {ty}, i1 }}", name, args, "shp")
        v, p = self.tmp("v"), self.tmp("ok")
        self.emit(f"{v} = extractvalue {{ {ty}, i1 }} {r}, 0")
        self.emit(f"{p} = extractvalue {{ {ty}, i1 }} {r}, 1")
        self.push("i1", p)
        return self.push(ty, v)

    def op_vote(self, vote=None, sync=None):
        vote = vote or self.rng.choice(VOTES + ["ballot", "ballot"])
        sync = self.chance(0.75) if sync is None else sync
        name = f"llvm.nvvm.vote.{vote}" + (".sync" if sync else "")
        args = ([("i32", self.mask())] if sync else []) + [
            ("i1", self.operand("i1", [], 0.15))]
        ret = "i32" if vote == "ballot" else "i1"
        return self.push(ret, self.call(ret, name, args, "vote"))

    def op_activemask(self):
        return self.push("i32", self.call("i32", "llvm.nvvm.activemask", [],
                                          "am"))

    def op_match(self, kind=None, ty=None):
        ty = ty or ("i64" if self.chance(0.4) else "i32")
        value = self.operand(ty, INT_VALUES, 0.15)
        args = [("i32", self.mask()), (ty, value)]
        if (kind or self.rng.choice(["any", "all"])) == "any":
            name = f"llvm.nvvm.match.any.sync.{ty}"
            return self.push("i32", self.call("i32", name, args, "ma"))
        name = f"llvm.nvvm.match.all.sync.{ty}p"
        r = self.call("{ i32, i1 }", name, args, "mall")
        v, p = self.tmp("v"), self.tmp("ok")
        self.emit(f"{v} = extractvalue {{ i32, i1 }} {r}, 0")
        self.emit(f"{p} = extractvalue {{ i32, i1 }} {r}, 1")
        self.push("i1", p)
        return self.push("i32", v)

    def op_redux(self, op=None):
        if op in FLOAT_REDUX or (op is None and self.chance(0.35)):
            op = op or self.rng.choice(FLOAT_REDUX)
            args = [("float", self.operand("float", FLOAT_VALUES, 0.2)),
                    ("i32", self.mask())]
            return self.push("float", self.call(
                "float", f"llvm.nvvm.redux.sync.{op}", args, "rdx"))
        op = op or self.rng.choice(INT_REDUX)
        args = [("i32", self.operand("i32", INT_VALUES, 0.15)),
                ("i32", self.mask())]
        return self.push("i32", self.call(
            "i32", f"llvm.nvvm.redux.sync.{op}", args, "rdx"))

    def op_syncwarp(self):
        self.call("void", "llvm.nvvm.bar.warp.sync", [("i32", self.mask())])

    def op_elect(self):
        r = self.call("{ i32, i1 }", "llvm.nvvm.elect.sync",
                      [("i32", self.mask())], "el")
        v, p = self.tmp("v"), self.tmp("leader")
        self.emit(f"{v} = extractvalue {{ i32, i1 }} {r}, 0")
        self.emit(f"{p} = extractvalue {{ i32, i1 }} {r}, 1")
        self.push("i1", p)
        return self.push("i32", v)

    def op_inline_ptx(self):
        """The inline PTX forms of tablegen/WarpPatterns.td."""
        r = self.rng.random()
        v = self.tmp("asm")
        if r < 0.2:
            reg = self.rng.choice(["laneid", "lanemask_lt", "lanemask_ge",
                                   "lanemask_eq", "lanemask_le",
                                   "lanemask_gt"])
            self.emit(f'{v} = call i32 asm "mov.u32 $0, %{reg};", "=r"()')
        elif r < 0.35:
            self.emit(f'{v} = call i32 asm sideeffect "activemask.b32 $0;", '
                      f'"=r"()')
        elif r < 0.45:
            self.emit(f'call void asm sideeffect "bar.warp.sync $0;", '
                      f'"r"(i32 {self.mask()})')
            return None
        elif r < 0.7:
            mode = self.rng.choice(SHFL_MODES)
            b, c = self.shfl_lane_and_clamp(mode)
            self.emit(f'{v} = call i32 asm sideeffect "shfl.sync.{mode}.b32 '
                      f'$0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 '
                      f'{self.dynamic("i32")}, i32 {b}, i32 {c}, i32 '
                      f'{self.mask()})')
        elif r < 0.85:
            mode = self.rng.choice(SHFL_MODES)
            b, c = self.shfl_lane_and_clamp(mode)
            x = self.dynamic("i32")
            self.emit(f'{v} = call i32 asm sideeffect "{{ .reg .u32 r0; '
                      f'.reg .pred p; shfl.sync.{mode}.b32 r0|p, $1, $2, $3, '
                      f'$5; @p add.u32 r0, r0, $4; mov.u32 $0, r0; }}", '
                      f'"=r,r,r,r,r,r"(i32 {x}, i32 {b}, i32 {c}, i32 {x}, '
                      f'i32 {self.mask()})')
        else:
            vote = self.rng.choice(["all", "any", "uni"])
            self.emit(f'{v} = call i32 asm "{{ .reg .pred p, q; setp.ne.u32 '
                      f'p, $1, 0; vote.sync.{vote}.pred q, p, $2; selp.u32 '
                      f'$0, 1, 0, q; }}", "=r,r,r"(i32 '
                      f'{self.dynamic("i32")}, i32 {self.mask()})')
        return self.push("i32", v)

    def op_glue(self):
        """Plain arithmetic mixing values, so warp results feed each other."""
        if self.pools["float"] and self.chance(0.3):
            v = self.tmp("g")
            self.emit(f"{v} = fadd float {self.dynamic('float')}, "
                      f"{self.dynamic('float')}")
            return self.push("float", v)
        if self.chance(0.3):
            v = self.tmp("g")
            self.emit(f"{v} = select i1 {self.dynamic('i1')}, i32 "
                      f"{self.dynamic('i32')}, i32 {self.dynamic('i32')}")
            return self.push("i32", v)
        v = self.tmp("g")
        op = self.rng.choice(["add", "xor", "or", "and", "sub"])
        self.emit(f"{v} = {op} i32 {self.dynamic('i32')}, "
                  f"{self.dynamic('i32')}")
        return self.push("i32", v)

    def op_memory(self):
        if not self.ptr:
            return self.op_glue()
        if self.chance(0.5):
            return self.load(self.rng.choice(["i32", "i32", "float", "i64"]))
        ty = self.rng.choice(["i32", "float"])
        self.store(ty, self.dynamic(ty))
        return None

    def op_barrier(self):
        if self.kernel and self.chance(0.6):
            self.call("void", "llvm.nvvm.barrier.cta.sync.aligned.all",
                      [("i32", "0")])
        else:
            scope = self.rng.choice(["cta", "gl", "sys"])
            self.call("void", f"llvm.nvvm.membar.{scope}", [])

    def op_call(self):
        """A call to the llvm-stress function or an earlier function."""
        if self.m.stress_name and self.ptr and self.chance(0.5):
            p = self.ptr
            self.emit(f"call void @{self.m.stress_name}(ptr {p}, ptr {p}, "
                      f"ptr {p}, i32 {self.dynamic('i32')}, "
                      f"i64 {self.dynamic('i64')}, i8 7)")
            return None
        if not self.m.callees:
            return self.op_glue()
        name, ret, params = self.rng.choice(self.m.callees)
        args = []
        for ty in params:
            if ty == "ptr":
                if not self.ptr:
                    return self.op_glue()
                args.append(("ptr", self.ptr))
            else:
                args.append((ty, self.dynamic(ty)))
        arg_text = ", ".join(f"{t} {v}" for t, v in args)
        if ret == "void":
            self.emit(f"call void @{name}({arg_text})")
            return None
        v = self.tmp("call")
        self.emit(f"{v} = call {ret} @{name}({arg_text})")
        return self.push(ret, v)

    def op_named(self, name):
        """A call of the warp intrinsic NAME (one of all_warp_intrinsics)."""
        short = name[len("llvm.nvvm."):]
        m = re.match(r"shfl\.(sync\.)?(\w+)\.(i32|f32)(p?)$", short)
        if m:
            return self.op_shfl(bool(m.group(1)), m.group(2),
                                "i32" if m.group(3) == "i32" else "float",
                                bool(m.group(4)))
        m = re.match(r"vote\.(\w+?)(\.sync)?$", short)
        if m:
            return self.op_vote(m.group(1), bool(m.group(2)))
        m = re.match(r"match\.(any|all)\.sync\.(i32|i64)p?$", short)
        if m:
            return self.op_match(m.group(1), m.group(2))
        if short.startswith("redux.sync."):
            return self.op_redux(short[len("redux.sync."):])
        return {"activemask": self.op_activemask,
                "bar.warp.sync": self.op_syncwarp,
                "elect.sync": self.op_elect}[short]()

    OPS = [(op_shfl, 30), (op_vote, 10), (op_activemask, 4), (op_match, 7),
           (op_redux, 9), (op_syncwarp, 4), (op_elect, 4), (op_inline_ptx, 5),
           (op_glue, 10), (op_memory, 7), (op_barrier, 2), (op_call, 3)]

    def op(self):
        total = sum(w for _, w in self.OPS)
        r = self.rng.uniform(0, total)
        for fn, w in self.OPS:
            r -= w
            if r <= 0:
                return fn(self)
        return self.op_shfl()

    # -- control flow --
    def region(self, items):
        for _ in range(items):
            r = self.rng.random()
            if self.depth < 2 and self.loop_ok and r < 0.12:
                self.diamond()
            elif self.depth < 2 and self.loop_ok and r < 0.22:
                self.loop()
            else:
                self.op()

    def diamond(self):
        """if (c) { ... } [else { ... }] with a phi of an i32 at the merge."""
        self.depth += 1
        cond = self.condition() if self.chance(0.6) else self.dynamic("i1")
        before = self.dynamic("i32")
        then_l, else_l, merge_l = (self.label("then"), self.label("else"),
                                   self.label("merge"))
        has_else = self.chance(0.5)
        entry_l = self.current()
        self.emit(f"br i1 {cond}, label %{then_l}, label "
                  f"%{else_l if has_else else merge_l}")
        incoming = []
        for arm, present in ((then_l, True), (else_l, has_else)):
            if not present:
                incoming.append((before, entry_l))
                continue
            mark = self.save()
            self.start_block(arm)
            self.region(self.rng.randint(1, 3))
            incoming.append((self.dynamic("i32"), self.current()))
            self.emit(f"br label %{merge_l}")
            self.restore(mark)
        self.start_block(merge_l)
        phi = self.tmp("phi")
        self.emit(f"{phi} = phi i32 " + ", ".join(
            f"[ {v}, %{label} ]" for v, label in incoming))
        self.push("i32", phi)
        self.depth -= 1

    def trip_count(self):
        """A uniform or a lane-varying bound."""
        r = self.rng.random()
        if r < 0.3:
            return str(self.rng.choice([0, 1, 2, 5, 32, 100]))
        if r < 0.5:
            return self.sreg("laneid")
        v = self.tmp("n")
        self.emit(f"{v} = and i32 {self.dynamic('i32')}, "
                  f"{self.rng.choice([7, 15, 31, 63])}")
        return v

    def loop(self):
        """A loop with an i32 accumulator; exits on a compare of the
        counter, or on a vote when the whole warp is done."""
        self.depth += 1
        bound = self.trip_count()
        init = self.dynamic("i32")
        pre = self.current()
        header, exit_l = self.label("loop"), self.label("exit")
        self.emit(f"br label %{header}")
        self.start_block(header)
        header_block = self.blocks[-1]
        i, acc = self.tmp("i"), self.tmp("acc")
        mark = self.save()
        self.push("i32", i)
        self.push("i32", acc)
        self.region(self.rng.randint(1, 4))
        acc_next = self.tmp("acc")
        if self.chance(0.4):
            acc_next = self.call(
                "i32", "llvm.nvvm.shfl.sync.bfly.i32",
                [("i32", self.mask()), ("i32", acc), ("i32", i),
                 ("i32", "31")], "acc")
        else:
            self.emit(f"{acc_next} = add i32 {acc}, {self.dynamic('i32')}")
        i_next = self.tmp("i")
        self.emit(f"{i_next} = add i32 {i}, 1")
        more = self.tmp("more")
        self.emit(f"{more} = icmp {self.rng.choice(['ult', 'slt', 'ne'])} "
                  f"i32 {i_next}, {bound}")
        if self.chance(0.25):
            any_more = self.call("i1", "llvm.nvvm.vote.any.sync",
                                 [("i32", self.mask()), ("i1", more)], "more")
            more = any_more
        latch = self.current()
        self.emit(f"br i1 {more}, label %{header}, label %{exit_l}")
        header_block[1][0:0] = [
            f"  {i} = phi i32 [ 0, %{pre} ], [ {i_next}, %{latch} ]",
            f"  {acc} = phi i32 [ {init}, %{pre} ], [ {acc_next}, %{latch} ]"]
        self.restore(mark)
        self.start_block(exit_l)
        self.push("i32", acc)
        self.push("i32", acc_next)
        self.depth -= 1

    def text(self, header):
        out = [header]
        for label, lines in self.blocks:
            out.append(f"{label}:")
            out += lines
        out.append("}")
        return "\n".join(out) + "\n"


def attributes_text(rng):
    attrs = rng.choice(TARGETS)
    return "".join(f' "{k}"="{v}"' for k, v in attrs)


def warp_function(module, rng, index, kernel, forced=()):
    """A device function or kernel over random params, calling at least the
    intrinsics named in FORCED."""
    f = Function(module, rng)
    f.kernel = kernel
    params = [("ptr", "%out")]
    for n in range(rng.randint(0, 3)):
        params.append(("i32", f"%a{n}"))
    if rng.random() < 0.5:
        params.append(("float", "%f0"))
    if rng.random() < 0.3:
        params.append(("i64", "%w0"))
    if rng.random() < 0.3:
        params.append(("i1", "%p0"))
    for ty, name in params[1:]:
        f.push(ty, name)
    f.ptr = "%out"
    ret = "void" if kernel or rng.random() < 0.4 else rng.choice(
        ["i32", "i32", "float"])
    f.start_block("entry")
    for name in forced:
        f.op_named(name)
    f.region(rng.randint(2, 6))
    for ty in ("i32", "float"):
        if f.pools[ty] and rng.random() < 0.7:
            f.store(ty, f.dynamic(ty))
    f.emit("ret void" if ret == "void" else f"ret {ret} {f.dynamic(ret)}")
    name = f"kernel{index}" if kernel else f"dev{index}"
    cc = "ptx_kernel " if kernel and rng.random() < 0.8 else ""
    if kernel and not cc:
        n = len(module.metadata)
        module.metadata.append(f'!{n} = !{{ptr @{name}, !"kernel", i32 1}}')
    linkage = "internal " if not kernel and rng.random() < 0.2 else ""
    header = (f"define {linkage}{cc}{ret} @{name}("
              + ", ".join(f"{t} {n}" for t, n in params) + ")"
              + attributes_text(rng) + " {")
    module.functions.append(f.text(header))
    if not kernel:
        module.callees.append((name, ret, [t for t, _ in params]))


# --- llvm-stress filler ----------------------------------------------------

# Definitions of scalar values in llvm-stress output, by type.
BINOPS = r"(?:add|sub|mul|udiv|sdiv|urem|srem|shl|lshr|ashr|and|or|xor)" \
         r"(?: (?:nuw|nsw|exact|disjoint))*"
FBINOPS = r"(?:fadd|fsub|fmul|fdiv|frem)(?: [a-z]+)*"
DEF_PATTERNS = {
    ty: re.compile(r"^\s*(%[\w.]+) = (?:" + "|".join(alts) + ")")
    for ty, alts in {
        "i32": [r"load i32,", BINOPS + r" i32 ", r"select i1 [^,]+, i32 ",
                r"extractelement <\d+ x i32> ", r"phi i32 ",
                r"\w+ [^<].* to i32$"],
        "i64": [r"load i64,", BINOPS + r" i64 ", r"select i1 [^,]+, i64 ",
                r"extractelement <\d+ x i64> ", r"phi i64 ",
                r"\w+ [^<].* to i64$"],
        "float": [r"load float,", FBINOPS + r" float ",
                  r"select i1 [^,]+, float ", r"extractelement <\d+ x float> ",
                  r"phi float ", r"\w+ [^<].* to float$"],
        "i1": [r"load i1,", r"icmp (?:samesign )?[a-z]+ (?:i\d+|ptr) ",
               r"fcmp (?:[a-z]+ )+(?:half|float|double) ",
               r"select i1 [^,]+, i1 ", r"extractelement <\d+ x i1> ",
               r"phi i1 ", r"trunc [^<].* to i1$"],
    }.items()}


def llvm_stress(llvm_bin, seed, size):
    out = subprocess.run([os.path.join(llvm_bin, "llvm-stress"),
                          f"-seed={seed}", f"-size={size}"],
                         check=True, capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines()
             if not l.startswith(("; ModuleID", "source_filename"))]
    return "\n".join(lines).strip() + "\n"


def splice_stress(module, rng, text):
    """Puts warp calls at the end of llvm-stress blocks, on the values each
    block defines and on the arguments (i32 %3, i64 %4); results go to
    memory through ptr %0."""
    lines = text.splitlines()
    f = Function(module, rng, prefix="sp")
    f.ptr = "%0"
    f.loop_ok = False
    out = []
    block_values = {ty: [] for ty in f.pools}
    for line in lines:
        stripped = line.strip()
        is_label = re.match(r"^[\w.]+:", line) is not None
        if is_label or line.startswith("define"):
            block_values = {ty: [] for ty in f.pools}
            out.append(line)
            continue
        is_terminator = re.match(r"^\s*(?:ret|br|switch|unreachable)\b",
                                 stripped) is not None
        if is_terminator and rng.random() < 0.6:
            f.pools = {ty: list(vals) for ty, vals in block_values.items()}
            f.pools["i32"].insert(0, "%3")
            f.pools["i64"].insert(0, "%4")
            f.lines = []
            for _ in range(rng.randint(1, 4)):
                f.op()
            for ty in ("i32", "float"):
                if f.pools[ty] and rng.random() < 0.8:
                    f.emit(f"store {ty} {f.pools[ty][-1]}, ptr %0, align 4")
            out += f.lines
        for ty, pattern in DEF_PATTERNS.items():
            match = pattern.match(line)
            if match:
                block_values[ty].append(match.group(1))
        out.append(line)
    return "\n".join(out) + "\n"


def stress_function(module, rng, llvm_bin, index, splice):
    seed = rng.randrange(1, 2**31)
    text = llvm_stress(llvm_bin, seed, rng.randint(5, 20))
    name = f"stress{index}"
    text = re.sub(r"@autogen_SD\d+", "@" + name, text)
    attrs = attributes_text(rng)
    text = re.sub(r"^(define .*\))( \{)$",
                  lambda m: m.group(1) + attrs + m.group(2), text, count=1,
                  flags=re.M)
    if splice:
        text = splice_stress(module, rng, text)
    module.functions.append(text)
    module.stress_name = name


def generate(seed, index, llvm_bin, splice=True):
    rng = random.Random(f"{seed}/{index}")
    module = Module(rng)
    if rng.random() < 0.3:
        module.globals.append(
            "@shared = internal addrspace(3) global [64 x i32] undef, align 4")
        module.globals.append("@table = addrspace(1) global [32 x i32] "
                              "zeroinitializer, align 4")
    if rng.random() < 0.6:
        stress_function(module, rng, llvm_bin, index, splice)
    # Module I calls 4 intrinsics in turn, so that any 16 modules in a row
    # call all 63.
    every = all_warp_intrinsics()
    forced = [every[(4 * index + k) % len(every)] for k in range(4)]
    for n in range(rng.randint(1, 2)):
        warp_function(module, rng, n, kernel=False,
                      forced=forced if n == 0 else ())
    for n in range(rng.randint(0, 1)):
        warp_function(module, rng, n, kernel=True)
    if module.metadata:
        count = len(module.metadata)
        module.metadata.insert(0, "!nvvm.annotations = !{" + ", ".join(
            f"!{n}" for n in range(count)) + "}")
    return module.text(triple=rng.random() < 0.7), module.used


def verifies(llvm_bin, path):
    result = subprocess.run([os.path.join(llvm_bin, "opt"), "-passes=verify",
                             "-disable-output", path],
                            capture_output=True, text=True)
    return result.returncode == 0, result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--out", required=True)
    parser.add_argument("--llvm-bin", default=DEFAULT_LLVM_BIN)
    parser.add_argument("--no-verify", action="store_true",
                        help="skip the opt -passes=verify check")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    used = set()
    size = 0
    for index in range(args.count):
        path = os.path.join(args.out, f"gen-{args.seed}-{index}.ll")
        for splice in (True, False):
            text, names = generate(args.seed, index, args.llvm_bin, splice)
            with open(path, "w") as f:
                f.write(text)
            ok, error = (True, "") if args.no_verify else verifies(
                args.llvm_bin, path)
            if ok:
                break
            print(f"gen-warp-ir: {path}: does not verify"
                  f"{' (retrying without the splice)' if splice else ''}:\n"
                  f"{error}", file=sys.stderr)
        else:
            return 1
        used |= names
        size += len(text)
    every = all_warp_intrinsics()
    print(f"gen-warp-ir: {args.count} modules ({size} bytes) in {args.out}, "
          f"{len(used & set(every))} of the {len(every)} warp intrinsics"
          f"{'' if args.no_verify else ', all verified'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
