#!/usr/bin/env python3
"""tgemu-launch.py - Runs kernels of an AMD code object on tgemu for tgemu-suite.

  python3 tgemu-launch.py TGEMU-DIR

tgemu (TGEMU-DIR, see its README.md) executes the machine code of a code
object, instruction by instruction, with semantics generated from AMD's ISA
pseudo-code. This is the worker tgemu-suite (tgemu-suite.c) starts: it reads
one JSON request per line on stdin and answers one line on stdout.

  {"op": "meta", "hsaco": PATH, "kernel": NAME}
      -> "ok TARGET ARCH SIZE:KIND ..."  the processor (gfx942), tgemu's
         model of it (cdna, rdna3, rdna4) and the kernel's explicit
         parameters in order (8:global_buffer 4:by_value ...), once it is
         known that tgemu can run the kernel (its wave size)
  {"op": "launch", "hsaco": PATH, "kernel": NAME, "grid": [X, Y, Z],
   "block": [X, Y, Z], "buffers": [[FILE, BYTES], ...],
   "args": [["buffer", I, OFFSET] or ["bytes", HEX], ...], "timeout": SECONDS}
      -> "ok" once the kernel has run
  any request that fails
      -> "error MESSAGE"

Device memory is host memory to tgemu: each buffer is a file that
tgemu-suite has mapped (MAP_SHARED) and this worker maps too, so a pointer
argument is the address of its buffer here plus its offset, and what the
kernel writes is in tgemu-suite's memory when "ok" comes back.

The code object is loaded whole, as the HSA loader would (hsaco_image.py):
its segments at their addresses in one block of host memory, relocated, so
that calls, __device__ and __constant__ variables and function pointers
work, with tgemu taught the PC instructions they need; each code object is
loaded once, so its variables keep their values from launch to launch, as
on a GPU.

tgemu translates each instruction it meets into host code, which takes
seconds per kernel, and afterwards runs it in milliseconds. One worker keeps
that translation for the launches of a whole suite; run_asm builds a fresh
machine for every launch (registers, LDS, waves), so launches share nothing
else. tgemu's README asks for a process per launch because an emulator fault
can end the process: tgemu-suite then reports the launch as failed and starts
a new worker, and its --fresh-process gives every launch its own.
"""

import ctypes
import functools
import json
import mmap
import os
import re
import signal
import subprocess
import sys

from hsaco_image import Image, extend_tgemu

READELF = "/usr/lib/llvm-22/bin/llvm-readelf"
OBJDUMP = "/usr/lib/llvm-22/bin/llvm-objdump"
APERTURES = re.compile(r"\bsrc_(private|shared)_base\b")


class LaunchError(Exception):
    pass


def arch_of(gfx):
    """tgemu's model of a processor: gfx9 (gfx90a, gfx942) is CDNA, gfx11
    RDNA3, gfx12 RDNA4; None for the others."""
    number = gfx[3:]
    if len(number) == 3 and number.startswith("9"):
        return "cdna"
    if len(number) == 4 and number[:2] in ("11", "12"):
        return "rdna3" if number.startswith("11") else "rdna4"
    return None


def read_notes(hsaco, cache={}):
    """The processor, tgemu's arch and each kernel's metadata chunk."""
    if hsaco not in cache:
        text = subprocess.run([READELF, "--notes", hsaco], capture_output=True,
                              text=True, check=True).stdout
        target = re.search(r"amdhsa\.target:\s+\S*--(gfx\w+)", text)
        if not target:
            raise LaunchError(f"{hsaco}: no amdhsa.target in its notes")
        gfx = target.group(1)
        arch = arch_of(gfx)
        if not arch:
            raise LaunchError(f"{hsaco}: tgemu has no model of {gfx}")
        cache[hsaco] = (gfx, arch, text)
    return cache[hsaco]


def kernel_field(text, kernel, field):
    """A numeric field of the kernel's entry in the metadata."""
    for chunk in re.split(r"\n  - \.", text):
        if re.search(r"\n    \.name:\s+" + re.escape(kernel) + r"\n", chunk):
            found = re.search(r"\." + field + r":\s+(\d+)", chunk)
            return int(found.group(1)) if found else None
    raise LaunchError(f"no kernel {kernel} in the code object")


def explicit_params(run_hsaco, hsaco, kernel):
    try:
        params, _ = run_hsaco.kernel_meta(hsaco, kernel)
    except KeyError:
        raise LaunchError(f"no kernel {kernel} in the code object")
    return [(size, kind) for _, size, kind in params
            if not kind.startswith("hidden_")]


def uses_apertures(hsaco, gfx, cache={}):
    """Whether the code reads an aperture base register: flat pointers to
    scratch or LDS (what -O0 makes of locals, and a generic pointer to
    __shared__ memory), which tgemu does not map."""
    if hsaco not in cache:
        listing = subprocess.run([OBJDUMP, "-d", f"--mcpu={gfx}", hsaco],
                                 capture_output=True, text=True,
                                 check=True).stdout
        cache[hsaco] = bool(APERTURES.search(listing))
    return cache[hsaco]


def check_launchable(hsaco, kernel):
    gfx, arch, text = read_notes(hsaco)
    if uses_apertures(hsaco, gfx):
        raise LaunchError(f"{hsaco}: reads src_private_base or "
                          "src_shared_base (flat pointers to scratch or LDS, "
                          "as -O0 makes), which tgemu does not map (build at "
                          "-O1 or higher)")
    wave = kernel_field(text, kernel, "wavefront_size")
    if wave != (64 if arch == "cdna" else 32):
        raise LaunchError(f"{kernel}: wave{wave} on {gfx}; tgemu's {arch} "
                          f"model runs wave{64 if arch == 'cdna' else 32}")
    return arch


def on_alarm(signum, frame):
    raise LaunchError("timed out")


def launch(emu, images, request):
    hsaco, kernel = request["hsaco"], request["kernel"]
    arch = check_launchable(hsaco, kernel)
    if hsaco not in images:
        images[hsaco] = Image(hsaco)
    maps, views = [], []
    try:
        for path, size in request["buffers"]:
            with open(path, "r+b") as f:
                maps.append(mmap.mmap(f.fileno(), size))
            views.append((ctypes.c_char * size).from_buffer(maps[-1]))
        args = []
        for arg in request["args"]:
            if arg[0] == "buffer":
                args.append(ctypes.addressof(views[arg[1]]) + arg[2])
            else:
                args.append(int.from_bytes(bytes.fromhex(arg[1]), "little"))
        signal.alarm(int(request.get("timeout", 0)))
        try:
            images[hsaco].launch(emu.run_asm, kernel, arch,
                                 request["grid"], request["block"], args)
        finally:
            signal.alarm(0)
    finally:
        del views
        for m in maps:
            m.close()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tgemu-launch.py TGEMU-DIR")
    # Answers go to the real stdout; anything tgemu prints goes to stderr.
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    # No __pycache__ in tgemu's directory or in the tests' stand-ins.
    sys.dont_write_bytecode = True
    sys.path.insert(0, sys.argv[1])
    import run_hsaco
    import test.mockgpu.amd.emu as emu
    extend_tgemu(emu)
    images = {}
    # run_hsaco.launch reads the kernel's metadata with llvm-readelf on every
    # launch; the code objects do not change while this worker lives.
    run_hsaco.kernel_meta = functools.lru_cache(maxsize=None)(
        run_hsaco.kernel_meta)
    signal.signal(signal.SIGALRM, on_alarm)
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if request["op"] == "meta":
                gfx, arch, _ = read_notes(request["hsaco"])
                check_launchable(request["hsaco"], request["kernel"])
                params = explicit_params(run_hsaco, request["hsaco"],
                                         request["kernel"])
                answer = " ".join(["ok", gfx, arch] +
                                  [f"{size}:{kind}" for size, kind in params])
            else:
                launch(emu, images, request)
                answer = "ok"
        except Exception as e:  # a fault of the emulator is the launch's
            message = str(e) if isinstance(e, LaunchError) else \
                f"{type(e).__name__}: {e}"
            message = message.replace("\n", " ")
            answer = "error " + message[:400]
        answers.write(answer + "\n")


if __name__ == "__main__":
    main()
