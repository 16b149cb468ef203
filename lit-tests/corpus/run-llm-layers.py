#!/usr/bin/env python3
"""run-llm-layers.py - Runs hip-kernels/corpus/llm_layers.cu's kernels on
wavesim and checks them against a CPU reference written here in Python.

  python3 run-llm-layers.py --wave=32|64 [--plant-bug=BUG] MODULE.ll
  python3 run-llm-layers.py --tgemu=DIR CODE-OBJECT.hsaco

MODULE is the file compiled by `cu2hsaco -D NO_MAIN --emit-llvm`, run
through the wavesim CLI; with --tgemu, the code object `cu2hsaco -D
NO_MAIN` made runs on tgemu, its machine code (OCML's math as the AMDGPU
backend emitted it). Each kernel runs on deterministic inputs; every output
element must be within a relative 2e-5 (absolute 1e-6 near zero) of the
double-precision reference; the half-precision residual within half's
rounding. Prints one line per kernel with the largest error and PASS or
FAIL; exit status 1 on any FAIL. --plant-bug passes one of wavesim's
planted bugs on, to show that the check can fail.
"""

import argparse
import ctypes
import math
import os
import struct
import subprocess
import sys

N, C = 8, 64


def inputs(count, seed):
    return [((i * 37 + seed * 11) % 101) / 25.0 - 2.0 for i in range(count)]


def as_float(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def tgemu(args, kernel, grid, block, buffers, scalars):
    """As wavesim(), on tgemu: buffers are ctypes float arrays."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
    sys.path.insert(0, args.tgemu)
    from hsaco_image import Image, extend_tgemu
    import test.mockgpu.amd.emu as emu
    extend_tgemu(emu)
    arrays = [(ctypes.c_float * (v if isinstance(v, int) else len(v)))(
        *([] if isinstance(v, int) else v)) for v in buffers]
    model = "cdna" if args.wave == 64 else "rdna3"
    Image(args.module).launch(emu.run_asm, kernel, model, grid, block,
                              arrays + scalars)
    return {i: list(a) for i, a in enumerate(arrays)}


def wavesim(args, kernel, grid, block, buffers, scalars):
    if args.tgemu:
        return tgemu(args, kernel, grid, block, buffers, scalars)
    command = ["wavesim", f"--wave={args.wave}", f"--kernel={kernel}",
               f"--grid={grid}", f"--block={block}"]
    if args.plant_bug:
        command.append(f"--plant-bug={args.plant_bug}")
    for values in buffers:
        if isinstance(values, int):
            command.append(f"--float-buffer={values}")
        else:
            command.append("--float-buffer=" + ",".join(repr(v) for v in values))
    command += [f"--int={v}" for v in scalars]
    command.append(args.module)
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"wavesim failed on {kernel}: {out.stderr}")
    result = {}
    for line in out.stdout.splitlines():
        name, _, values = line.partition(":")
        buffer = int(name[3:name.index("[")])
        result.setdefault(buffer, []).extend(float(v) for v in values.split())
    return result


def report(name, got, want, tolerance):
    worst = max(abs(g - w) / max(abs(w), 0.05) for g, w in zip(got, want))
    ok = len(got) == len(want) and worst <= tolerance
    print(f"{name}: {len(want)} values, max relative error {worst:.2e} "
          f"{'PASS' if ok else 'FAIL'}")
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wave", type=int, required=True)
    parser.add_argument("--tgemu")
    parser.add_argument("--plant-bug")
    parser.add_argument("module")
    args = parser.parse_args()
    ok = True
    x = [as_float(v) for v in inputs(N * C, 0)]
    y = [as_float(v) for v in inputs(N * C, 1)]
    weight = [1.0 + c / 64.0 for c in range(C)]
    bias = [c / 128.0 for c in range(C)]

    out = wavesim(args, "_Z19gelu_forward_kernelPfPKfi", 4, 128,
                  [N * C, x], [N * C])[0]
    want = [0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) *
                                     (v + 0.044715 * v ** 3))) for v in x]
    ok &= report("gelu_forward", out, want, 2e-5)

    res = wavesim(args, "_Z24layernorm_forward_kernelPfS_S_PKfS1_S1_ii",
                  N // 4, 128, [N * C, N, N, x, weight, bias], [N, C])
    means, rstds, want = [], [], []
    for n in range(N):
        row = x[n * C:(n + 1) * C]
        m = sum(row) / C
        s = 1 / math.sqrt(sum((v - m) ** 2 for v in row) / C + 1e-5)
        means.append(m)
        rstds.append(s)
        want += [(v - m) * s * weight[c] + bias[c] for c, v in enumerate(row)]
    ok &= report("layernorm_forward", res[0], want, 2e-5)
    ok &= report("layernorm_forward mean", res[1], means, 2e-5)
    ok &= report("layernorm_forward rstd", res[2], rstds, 2e-5)

    out = wavesim(args, "_Z22softmax_forward_kernelPfPKfii", N // 4, 128,
                  [N * C, x], [N, C])[0]
    want = []
    for n in range(N):
        row = x[n * C:(n + 1) * C]
        top = max(row)
        total = sum(math.exp(v - top) for v in row)
        want += [math.exp(v - top) / total for v in row]
    ok &= report("softmax_forward", out, want, 2e-5)

    out = wavesim(args, "_Z23residual_forward_kernelPfPKfS1_i", 4, 128,
                  [N * C, x, y], [N * C])[0]
    want = [struct.unpack("<e", struct.pack("<e", a + b))[0]
            for a, b in zip((struct.unpack("<e", struct.pack("<e", v))[0]
                             for v in x),
                            (struct.unpack("<e", struct.pack("<e", v))[0]
                             for v in y))]
    ok &= report("residual_forward", out, want, 1e-3)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
