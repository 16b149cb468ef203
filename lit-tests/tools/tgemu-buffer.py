#!/usr/bin/env python3
"""tgemu-buffer.py - Runs one kernel of a code object on tgemu, wavesim-style.

  python3 tgemu-buffer.py --tgemu DIR --kernel NAME --grid G --block B
                          --int-buffer N [--int V]... K.hsaco

(G and B are a count or X,Y,Z.)

The machine-code counterpart of `wavesim --kernel=NAME --grid=G --block=B
--int-buffer=N --int=V ... MODULE.ll` for a kernel whose parameters are an
i32 buffer (N words, zeroed) and then i32 values: tgemu (DIR, see its README.md) executes the code
object's instructions, loaded whole (hsaco_image.py), and the buffer is
printed as the wavesim CLI prints it ("buf0[k]: v ..."), so the two outputs,
or this and an NVIDIA capture, compare with diff. The processor's tgemu
model (cdna for gfx9, rdna3 for gfx11, rdna4 for gfx12) comes from the
code object.
"""

import argparse
import ctypes
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hsaco_image import Image, extend_tgemu  # noqa: E402


def tgemu_model(hsaco):
    header = subprocess.run(["/usr/lib/llvm-22/bin/llvm-readelf", "-h", hsaco],
                            capture_output=True, text=True, check=True).stdout
    processor = re.search(r"Flags:.*\b(gfx[0-9a-f]+)", header)
    for prefix, model in (("gfx9", "cdna"), ("gfx11", "rdna3"),
                          ("gfx12", "rdna4")):
        if processor and processor.group(1).startswith(prefix):
            return model
    sys.exit(f"tgemu-buffer: {hsaco}: not a gfx9, gfx11 or gfx12 code object")


def shape(text):
    return tuple(int(v) for v in text.split(","))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tgemu", required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--grid", type=shape, default=(1,))
    parser.add_argument("--block", type=shape, default=(1,))
    parser.add_argument("--int-buffer", type=int, required=True)
    parser.add_argument("--int", type=int, action="append", default=[])
    parser.add_argument("hsaco")
    args = parser.parse_args()

    sys.path.insert(0, args.tgemu)
    import test.mockgpu.amd.emu as emu
    extend_tgemu(emu)
    words = (ctypes.c_int32 * args.int_buffer)()
    Image(args.hsaco).launch(emu.run_asm, args.kernel,
                             tgemu_model(args.hsaco), args.grid, args.block,
                             [words] + args.int)
    for k in range(0, args.int_buffer, 16):
        print(f"buf0[{k}]: " + " ".join(str(w) for w in words[k:k + 16]))


if __name__ == "__main__":
    main()
