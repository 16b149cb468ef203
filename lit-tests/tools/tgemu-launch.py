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

A HIP runtime (fake-hip.c) uses the worker as its device, whose memory is
one arena: a file that both processes map at the same address, so that a
device pointer, wherever it is, means the same memory here and there, and
the code objects are loaded into the arena too (their __device__ and
__constant__ variables are device memory). These requests serve it:

  {"op": "arena", "path": FILE, "address": A, "bytes": N}
      -> "ok"  FILE (e.g. /proc/self/fd/3, inherited) is mapped MAP_SHARED
         at address A, N bytes; once per worker
  {"op": "image", "hsaco": PATH}
      -> "ok BYTES TARGET"  the memory the code object needs when loaded,
         and its processor (gfx942)
  {"op": "load", "hsaco": PATH, "address": A, "bytes": N}
      -> "ok"  the code object is loaded at A, inside the arena, relocated
         there; PATH is read now, and may go once "ok" has come
  {"op": "unload", "hsaco": PATH}
      -> "ok"  the worker forgets it (its memory is the client's again)
  {"op": "symbol", "hsaco": PATH, "name": NAME}
      -> "ok ADDRESS BYTES"  a data object's address in the arena and size
  {"op": "kernel", "hsaco": PATH, "kernel": NAME}
      -> "ok wave=64 group=32 private=0 vgprs=6 sgprs=23 max_threads=1024
         params=8:global_buffer,4:by_value"  the kernel's metadata: wave
         size, static LDS and scratch bytes, registers, the largest
         work-group and its explicit parameters in order
  {"op": "run", "hsaco": PATH, "kernel": NAME, "grid": [X, Y, Z],
   "block": [X, Y, Z], "shared": BYTES, "args": [HEX, ...],
   "timeout": SECONDS}
      -> "ok" once the loaded kernel has run with each explicit argument's
         bytes as given (pointers are arena addresses) and BYTES of
         dynamic LDS beyond its static group segment

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

from hsaco_image import Image, extend_tgemu, image_size

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


PROT_READ_WRITE, MAP_SHARED, MAP_FIXED_NOREPLACE = 3, 0x01, 0x100000


class Arena:
    """The client's device memory, mapped here at the client's address."""

    def __init__(self):
        self.address = self.bytes = 0

    def map(self, request):
        if self.bytes:
            raise LaunchError("the arena is mapped already")
        address, size = request["address"], request["bytes"]
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                              ctypes.c_int, ctypes.c_int, ctypes.c_long]
        fd = os.open(request["path"], os.O_RDWR)
        try:
            mapped = libc.mmap(address, size, PROT_READ_WRITE,
                               MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0)
        finally:
            os.close(fd)
        if mapped != address:
            error = os.strerror(ctypes.get_errno())
            if mapped not in (None, ctypes.c_void_p(-1).value):
                libc.munmap(ctypes.c_void_p(mapped), ctypes.c_size_t(size))
            raise LaunchError(f"cannot map the arena at {address:#x}: {error}")
        self.address, self.bytes = address, size

    def check(self, address, size):
        if not (self.address <= address and
                address + size <= self.address + self.bytes):
            raise LaunchError(f"{size} bytes at {address:#x} are not in the "
                              "arena")


def loaded(images, request):
    image = images.get(request["hsaco"])
    if image is None:
        raise LaunchError(f"{request['hsaco']} is not loaded")
    return image


def load(images, arena, request):
    """A code object into the arena; everything the later requests read of
    its file is read now."""
    hsaco, address, size = request["hsaco"], request["address"], \
        request["bytes"]
    if hsaco in images:
        raise LaunchError(f"{hsaco} is loaded already")
    arena.check(address, size)
    gfx, _, _ = read_notes(hsaco)
    uses_apertures(hsaco, gfx)
    image = Image(hsaco, at=(address, size))
    image.notes()
    images[hsaco] = image


def kernel_info(image, request):
    hsaco, kernel = request["hsaco"], request["kernel"]
    _, _, text = read_notes(hsaco)
    fields = [("wave", "wavefront_size"),
              ("group", "group_segment_fixed_size"),
              ("private", "private_segment_fixed_size"),
              ("vgprs", "vgpr_count"), ("sgprs", "sgpr_count"),
              ("max_threads", "max_flat_workgroup_size")]
    words = [f"{key}={kernel_field(text, kernel, field) or 0}"
             for key, field in fields]
    params, _ = image.kernel_params(kernel)
    explicit = [f"{size}:{kind}" for _, size, kind in params
                if not kind.startswith("hidden_")]
    return " ".join(["ok"] + words + ["params=" + ",".join(explicit)])


def run(emu, image, request):
    arch = check_launchable(request["hsaco"], request["kernel"])
    args = [bytes.fromhex(arg) for arg in request["args"]]
    signal.alarm(int(request.get("timeout", 0)))
    try:
        image.launch(emu.run_asm, request["kernel"], arch, request["grid"],
                     request["block"], args,
                     dynamic_shared=request.get("shared", 0))
    except RuntimeError as e:
        # tgemu translates an instruction when a wave first reaches it, and
        # has no translation of s_trap: the kernel trapped.
        if "Failed to compile s_trap" in str(e):
            raise LaunchError("the kernel reached s_trap (a failed device "
                              "assert or __trap()), which tgemu does not "
                              "model") from e
        raise
    finally:
        signal.alarm(0)


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
    arena = Arena()
    for line in sys.stdin:
        try:
            request = json.loads(line)
            op = request["op"]
            answer = "ok"
            if op == "meta":
                gfx, arch, _ = read_notes(request["hsaco"])
                check_launchable(request["hsaco"], request["kernel"])
                params = explicit_params(run_hsaco, request["hsaco"],
                                         request["kernel"])
                answer = " ".join(["ok", gfx, arch] +
                                  [f"{size}:{kind}" for size, kind in params])
            elif op == "launch":
                launch(emu, images, request)
            elif op == "arena":
                arena.map(request)
            elif op == "image":
                gfx, _, _ = read_notes(request["hsaco"])
                answer = f"ok {image_size(request['hsaco'])} {gfx}"
            elif op == "load":
                load(images, arena, request)
            elif op == "unload":
                loaded(images, request)
                del images[request["hsaco"]]
            elif op == "symbol":
                image = loaded(images, request)
                if request["name"] not in image.objects:
                    raise LaunchError(f"no variable {request['name']}")
                value, size = image.objects[request["name"]]
                answer = f"ok {image.base + value} {size}"
            elif op == "kernel":
                answer = kernel_info(loaded(images, request), request)
            elif op == "run":
                run(emu, loaded(images, request), request)
            else:
                raise LaunchError(f"no request {op}")
        except Exception as e:  # a fault of the emulator is the launch's
            message = str(e) if isinstance(e, LaunchError) else \
                f"{type(e).__name__}: {e}"
            message = message.replace("\n", " ")
            answer = "error " + message[:400]
        answers.write(answer + "\n")


if __name__ == "__main__":
    main()
