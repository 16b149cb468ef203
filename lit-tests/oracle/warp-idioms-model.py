#!/usr/bin/env python3
"""warp-idioms-model.py - what a gen-warp-idioms.py program prints, per CUDA.

An independent model of the programs gen-warp-idioms.py writes: it reads
the spec embedded in a program (the JSON comment) and runs its kernels
thread by thread in Python, each CUDA warp's shuffles in lockstep, with
shfl.sync as the PTX ISA defines it (written from the ISA's text, not from
pass/warp/ShflSemantics.c):

    lane = laneid; bval = b[4:0]; cval = c[4:0]; segmask = c[12:8]
    maxLane = (lane & segmask) | (cval & ~segmask)
    minLane = lane & segmask
    up:   j = lane - bval;                   p = j >= maxLane
    down: j = lane + bval;                   p = j <= maxLane
    bfly: j = lane ^ bval;                   p = j <= maxLane
    idx:  j = minLane | (bval & ~segmask);   p = j <= maxLane
    if !p: j = lane          (an out-of-range lane gets its own value)
    d = a of lane j; the predicate output is p

and CUDA's intrinsics as the toolkit defines them: __shfl_sync, _down and
_xor pass c = ((32 - width) << 8) | 31, __shfl_up_sync (32 - width) << 8.
Threads of a block are numbered x-fastest ((ty * bx) + tx), warps are 32
consecutive ones, and a lane is its number mod 32; the program's `lane`
variable is that for %laneid and a tile's thread_rank(), and threadIdx.x &
31 / % 32 (which is NOT the lane in a (16,4) or (8,8) block) otherwise.
Integer ops wrap at 32 bits (signed min/max compare as int32); a float add
rounds to float32 (float32 operands added in double and rounded once to
float32, which is exactly IEEE's float add) in the program's order.
Guards, the --extended ones too (compound, nested, early return, on the
input data), are evaluated on each thread's `lane` as the C source says.

Prints the expected stdout of each PROGRAM.cu (several: one after another),
or with --out DIR writes DIR/NAME.txt for each, or with --compare DIR checks
that, for every DIR/wi-*.cu, it is DIR/NAME.nvidia.txt (an H100's output)
byte for byte: prints a line per program and a summary, exits 1 if any
differs. --perturb-model plants a bug in the model (shfl.sync.up's
predicate j > maxLane instead of j >= maxLane), to show --compare fails.
"""

import argparse
import json
import os
import struct
import sys

SPEC_BEGIN = "/* warp-idioms spec (read by warp-idioms-model.py):"
M32 = 0xFFFFFFFF
PERTURB = False  # --perturb-model
SENTINEL_FILL = 0xA5A5A5A5
SELECT_SENTINEL = {"int": 0x5EEDF00D, "unsigned": 0xFEEDF00D,
                   "float": struct.unpack("<I", struct.pack("<f", -12345.0))[0]}


# --- values ----------------------------------------------------------------

def mix32(x):
    x &= M32
    x ^= x >> 16
    x = (x * 0x7FEB352D) & M32
    x ^= x >> 15
    x = (x * 0x846CA68B) & M32
    x ^= x >> 16
    return x


def f2b(f):
    return struct.unpack("<I", struct.pack("<f", f))[0]


def b2f(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def s32(b):
    return b - (1 << 32) if b & 0x80000000 else b


def input_word(kind, salt, i):
    h = mix32(salt + i)
    if kind == 0:
        return ((h & 0x1FFFFF) - 0x100000) & M32
    if kind == 2:
        return ~((1 << (i & 31)) | (1 << (h & 31))) & M32
    if kind == 3:
        return (1 << (i & 31)) | (1 << (h & 31))
    if kind == 4:
        return f2b(float((salt % 129 + i * 37) % 129 - 64))
    if kind == 5:
        return (h & 0x807FFFFF) | ((120 + (h >> 24) % 15) << 23)
    return h


def input_kind(k):
    if k["type"] == "float":
        return 5 if k["fvals"] == "any" else 4
    if k["op"] == "add":
        return 0 if k["type"] == "int" else 1
    return {"and": 2, "or": 3}.get(k["op"], 1)


def apply_op(typ, op, a, b):
    """op(a, b) on 32-bit patterns of type typ."""
    if typ == "float":
        assert op == "add"
        return f2b(b2f(a) + b2f(b))
    if op == "add":
        return (a + b) & M32
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "xor":
        return a ^ b
    key = s32 if typ == "int" else (lambda x: x)
    if op == "min":
        return a if key(a) <= key(b) else b
    if op == "max":
        return a if key(a) >= key(b) else b
    raise ValueError(op)


# --- shfl.sync ---------------------------------------------------------------

def shfl_sync(mode, a, b, c):
    """One warp's shfl.sync.MODE.b32: a and b are the 32 lanes' operands
    (b may differ per lane), c is uniform. Returns (d, p) per lane."""
    bits_c, segmask = c & 0x1F, (c >> 8) & 0x1F
    d, p = [], []
    for lane in range(32):
        bval = b[lane] & 0x1F
        max_lane = (lane & segmask) | (bits_c & ~segmask & 0x1F)
        min_lane = lane & segmask
        if mode == "up":
            j = lane - bval
            ok = j > max_lane if PERTURB else j >= max_lane
        elif mode == "down":
            j = lane + bval
            ok = j <= max_lane
        elif mode == "bfly":
            j = lane ^ bval
            ok = j <= max_lane
        else:
            j = min_lane | (bval & ~segmask & 0x1F)
            ok = j <= max_lane
        if not ok:
            j = lane
        d.append(a[j])
        p.append(ok)
    return d, p


def cuda_c(mode, width):
    seg = (32 - width) << 8
    return seg if mode == "up" else seg | 31


class Block:
    """A block's threads: each one's program `lane` and value; shuffles
    run per CUDA warp (32 consecutive threads)."""

    def __init__(self, k, block_index):
        bx, by = k["block"]
        self.n = bx * by
        assert self.n % 32 == 0
        base = block_index * self.n
        self.gtid = [base + t for t in range(self.n)]
        self.lane = []
        for t in range(self.n):
            tx = t % bx
            if k["lane_src"] in ("ptx", "cg"):
                self.lane.append(t % 32)
            else:  # threadIdx.x & 31 == threadIdx.x % 32
                self.lane.append(tx % 32)

    def shfl(self, mode, v, b, width):
        """__shfl_MODE_sync(full, v, b, width) over every warp; b per thread."""
        out, pred = [], []
        c = cuda_c(mode, width)
        for w in range(0, self.n, 32):
            d, p = shfl_sync(mode, v[w:w + 32], b[w:w + 32], c)
            out += d
            pred += p
        return out, pred


def run_idiom(k, blk, v, arg):
    """The idiom (and its post broadcast) on the block's values v."""
    typ, op, w = k["type"], k["op"], k["width"]
    n = blk.n
    tap = None
    if k["idiom"] in ("bfly", "down"):
        mode = "bfly" if k["idiom"] == "bfly" else "down"
        for o in k["offsets"]:
            t, _ = blk.shfl(mode, v, [o] * n, w)
            v = [apply_op(typ, op, v[i], t[i]) for i in range(n)]
            tap = v if tap is None else tap
    elif k["idiom"] == "scan":
        for d in k["offsets"]:
            t, p = blk.shfl("up", v, [d] * n, w)
            new = []
            for i in range(n):
                if k["guard"] == "ptx":
                    take = p[i]  # @p op r0, r0, v
                else:
                    lane = blk.lane[i]
                    seg_lane = lane if (k["seg"] == "none" or w == 32) else lane % w
                    take = seg_lane >= d
                new.append(apply_op(typ, op, v[i], t[i]) if take else v[i])
            v = new
            tap = v if tap is None else tap
    else:
        if k["bsrc"] == "const":
            b = [k["src"]] * n
        elif k["bsrc"] == "arg":
            b = [arg] * n
        else:
            b = [(blk.lane[i] + k["src"]) & M32 for i in range(n)]
        v, _ = blk.shfl("idx", v, b, w)
    if k.get("tap"):  # v = op(v, the value after the chain's first step)
        v = [apply_op(typ, op, v[i], tap[i]) for i in range(n)]
    if k["post"] != "none":
        src = 0 if k["post"] == "bcast0" else w - 1
        v, _ = blk.shfl("idx", v, [src] * n, w)
    return v


def guard(k, name, lane, input_word_bits=0):
    w = k["width"]
    if name == "range":
        return k["k"] <= lane < k["k2"]
    if name == "mask":
        return lane & k["m"] == 0
    if name == "pair":
        return lane in (k["k"], k["k2"])
    if name == "early":  # if (lane < k) return; out[gtid] = v;
        return lane >= k["k"]
    if name == "nested":
        return lane < k["k2"] and lane % 4 == 1
    if name == "datadep":
        data = (b2f(input_word_bits) > 0.0 if k["type"] == "float"
                else input_word_bits & 2)
        return lane <= k["k"] and bool(data)
    return {
        "eq0": lane == 0,
        "eqlast": lane == w - 1,
        "lt": lane < k["k"],
        "ge": lane >= k["k"],
        "segfirst": lane % w == 0,
        "seglast": lane % w == w - 1,
    }[name]


def run_kernel(k):
    """The kernel's output buffer after its launch."""
    bx, by = k["block"]
    total = k["grid"] * bx * by
    inputs = [input_word(input_kind(k), k["salt"], i) for i in range(total)]
    out = [SENTINEL_FILL] * total
    written = {}
    for b in range(k["grid"]):
        blk = Block(k, b)
        v = [inputs[g] for g in blk.gtid]
        v = run_idiom(k, blk, v, k["arg"])
        for i in range(blk.n):
            g, lane = blk.gtid[i], blk.lane[i]
            if k["obs"] == "all":
                slot, val = g, v[i]
            elif k["obs"] == "select0":
                slot, val = g, v[i] if lane == 0 else SELECT_SENTINEL[k["type"]]
            else:
                cond = k["hguard"] if k["obs"] == "helper" else k["obs"]
                if not guard(k, cond, lane, inputs[g]):
                    continue
                slot, val = (g >> 5 if k["slot"] == "warp" else g), v[i]
            # Two threads storing different values to one slot would race.
            if slot in written and written[slot] != val:
                raise SystemExit("%s: threads race on out[%d]" % (k["name"], slot))
            written[slot] = val
            out[slot] = val
    return out


def program_output(spec):
    lines = []
    for k in spec["kernels"]:
        out = run_kernel(k)
        lines.append("== %s\n" % k["title"])
        for i, word in enumerate(out):
            lines.append("%08x%s" % (word, "\n" if i % 8 == 7 else " "))
    return "".join(lines)


def read_spec(path):
    text = open(path).read()
    start = text.index(SPEC_BEGIN) + len(SPEC_BEGIN)
    end = text.index("*/", start)
    return json.loads(text[start:end])


def compare(directory):
    names = sorted(f[:-3] for f in os.listdir(directory)
                   if f.startswith("wi-") and f.endswith(".cu"))
    bad = 0
    for name in names:
        want = open(os.path.join(directory, name + ".nvidia.txt")).read()
        got = program_output(read_spec(os.path.join(directory, name + ".cu")))
        same = got == want
        bad += not same
        print("%s: %s" % (name, "same" if same else "DIFFERS"))
    print("warp-idioms-model: %d programs, %d differ from the H100" % (
        len(names), bad))
    return 1 if bad or not names else 0


def main():
    global PERTURB
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="write OUT/NAME.txt per program")
    ap.add_argument("--compare", metavar="DIR",
                    help="every DIR/wi-*.cu against DIR/NAME.nvidia.txt")
    ap.add_argument("--perturb-model", action="store_true")
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    PERTURB = a.perturb_model
    if a.compare:
        return compare(a.compare)
    for path in a.programs:
        spec = read_spec(path)
        text = program_output(spec)
        if a.out:
            os.makedirs(a.out, exist_ok=True)
            with open(os.path.join(a.out, spec["name"] + ".txt"), "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
