"""hsaco_image.py - A whole AMD code object loaded into host memory for tgemu.

tgemu's run_hsaco.launch copies a kernel's bytes (from its symbol to the end
of .text) into a buffer of their own and runs them there. That is enough for
a kernel that calls nothing and has no data of its own, but the AMDGPU
backend reaches device functions, __device__ and __constant__ variables and
read-only data PC-relatively, and a table of function pointers holds
addresses the loader relocates. So this loads the code object the way the
HSA loader does: every PT_LOAD segment at its virtual address in one block
of host memory (tgemu's device memory is host memory), the dynamic
relocations applied (R_AMDGPU_RELATIVE64, R_AMDGPU_ABS64), and the kernel
started at its address inside that block, with the scratch size its
descriptor asks for (calls keep a stack in scratch).

  image = Image("k.hsaco")
  image.launch(run_asm, "kernel", "cdna", grid, block, [pointer, ...])

Arguments are host addresses (ints) or ctypes arrays, as for
run_hsaco.launch; scalars are ints or floats; a bytes object is the
argument's own bytes, as a HIP runtime copies them (a struct by value).
By default the image gets host memory of its own (an anonymous mmap);
Image(path, at=(address, bytes)) places it in memory the caller owns
instead (image_size(path) says how much it needs), for a device whose
memory is shared with another process (fake-hip.c's arena); launch's
dynamic_shared adds a launch's dynamic LDS to the kernel's static
group segment, as a dispatch packet's group_segment_size does.

tgemu computes floating point on the host with denormals flushed (x86's
DAZ and FTZ), RDNA3's default mode. A kernel's descriptor chooses its own
(FLOAT_DENORM_MODE_32 and _16_64 in COMPUTE_PGM_RSRC1: CUDA code keeps
denormals, as HIP's does), so a launch runs with the host's flushing on or
off as the kernel asks; a kernel that flushes one width and not the other
cannot be modelled that way and is refused.

Two gaps of tgemu's model stop such code, and extend_tgemu fills them from
the ISA manuals, in tgemu's dispatch table, leaving everything else to it:
  - it gives the program counter to branches (SOPP) only, so s_getpc_b64,
    s_setpc_b64 and s_swappc_b64, which calls and PC-relative addressing
    are made of, fail to compile: they get D = PC + 4 (the address after
    the 4-byte instruction), PC = S0, and both;
  - on gfx9 (CDNA) it adds the SADDR field's SGPR pair to the address of
    FLAT-segment instructions too, which the hardware ignores there and
    LLVM encodes as 0 (s[0:1]), so a flat_load of a global address (what a
    volatile or generic pointer becomes) reads elsewhere: FLAT takes its
    64-bit address from the VGPR pair alone.
"""

import contextlib
import ctypes
import inspect
import mmap
import re
import struct
import subprocess

READELF = "/usr/lib/llvm-22/bin/llvm-readelf"
PT_LOAD = 1
SHT_SYMTAB, SHT_RELA, SHT_DYNSYM = 2, 4, 11
STT_OBJECT, SHN_LORESERVE = 1, 0xFF00
R_AMDGPU_ABS64, R_AMDGPU_RELATIVE64 = 3, 13
KD_PRIVATE_SEGMENT_SIZE, KD_RSRC1, KD_RSRC2, KD_PROPERTIES = 4, 48, 52, 56
DENORM_FLUSH, DENORM_PRESERVE = 0, 3


class ImageError(Exception):
    pass


def _read_elf(path):
    with open(path, "rb") as f:
        elf = f.read()
    if elf[:4] != b"\x7fELF" or elf[4] != 2:
        raise ImageError(f"{path}: not a 64-bit ELF file")
    return elf


def _load_segments(path, elf):
    """(offset, vaddr, filesz, memsz) of each PT_LOAD segment, and the bytes
    of memory they span from address 0."""
    phoff, = struct.unpack_from("<Q", elf, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    segments = []
    for i in range(phnum):
        kind, _, offset, vaddr, _, filesz, memsz, _ = struct.unpack_from(
            "<IIQQQQQQ", elf, phoff + i * phentsize)
        if kind == PT_LOAD:
            segments.append((offset, vaddr, filesz, memsz))
    if not segments:
        raise ImageError(f"{path}: no PT_LOAD segment")
    return segments, max(v + m for _, v, _, m in segments)


def image_size(path):
    """The bytes of memory the code object at path needs when loaded."""
    return _load_segments(path, _read_elf(path))[1]


class Image:
    def __init__(self, path, at=None):
        """at=(address, bytes): memory to load into instead of our own."""
        self._notes = None
        self.path = path
        self.elf = _read_elf(path)
        self.sections = self._section_headers()
        self.symbols = self._symbols()
        self._map_segments(at)
        self._relocate()

    def _section_headers(self):
        shoff, = struct.unpack_from("<Q", self.elf, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", self.elf, 0x3A)
        return [struct.unpack_from("<IIQQQQIIQQ", self.elf, shoff + i * shentsize)
                for i in range(shnum)]

    def _symbols(self):
        """Name -> value, from .symtab and .dynsym; also the .dynsym list by
        index, which relocations name, and the (value, size) of each data
        object (STT_OBJECT in a section: __device__ and __constant__
        variables, kernel descriptors)."""
        symbols, self.dynamic_symbols, self.objects = {}, [], {}
        for sh in self.sections:
            if sh[1] not in (SHT_SYMTAB, SHT_DYNSYM):
                continue
            strtab = self.sections[sh[6]][4]
            for i in range(sh[5] // 24):
                name_offset, info, _, shndx, value, size = struct.unpack_from(
                    "<IBBHQQ", self.elf, sh[4] + i * 24)
                end = self.elf.index(b"\0", strtab + name_offset)
                name = self.elf[strtab + name_offset:end].decode()
                if sh[1] == SHT_DYNSYM:
                    self.dynamic_symbols.append(value)
                if name:
                    symbols[name] = value
                    if info & 0xF == STT_OBJECT and 0 < shndx < SHN_LORESERVE:
                        self.objects[name] = (value, size)
        return symbols

    def _map_segments(self, at):
        segments, self.size = _load_segments(self.path, self.elf)
        if at is None:
            self.memory = mmap.mmap(-1, (self.size + 4095) & ~4095)
            self.view = (ctypes.c_char * len(self.memory)).from_buffer(
                self.memory)
        else:
            address, capacity = at
            if capacity < self.size:
                raise ImageError(f"{self.path}: needs {self.size} bytes, "
                                 f"{capacity} given")
            self.view = (ctypes.c_char * capacity).from_address(address)
            self.memory = memoryview(self.view).cast("B")
            ctypes.memset(address, 0, self.size)  # .bss and the gaps
        self.base = ctypes.addressof(self.view)
        for offset, vaddr, filesz, _ in segments:
            self.memory[vaddr:vaddr + filesz] = self.elf[offset:offset + filesz]

    def _relocate(self):
        for sh in self.sections:
            if sh[1] != SHT_RELA:
                continue
            for i in range(sh[5] // 24):
                where, info, addend = struct.unpack_from(
                    "<QQq", self.elf, sh[4] + i * 24)
                kind, symbol = info & 0xFFFFFFFF, info >> 32
                if kind == R_AMDGPU_RELATIVE64:
                    value = self.base + addend
                elif kind == R_AMDGPU_ABS64:
                    value = self.base + self.dynamic_symbols[symbol] + addend
                else:
                    raise ImageError(f"{self.path}: dynamic relocation of "
                                     f"type {kind} is not modelled")
                struct.pack_into("<Q", self.memory, where, value)

    def address(self, name):
        if name not in self.symbols:
            raise ImageError(f"{self.path}: no symbol {name}")
        return self.base + self.symbols[name]

    def notes(self):
        """The code object's metadata notes, as llvm-readelf shows them (read
        once, so that the file may go afterwards)."""
        if self._notes is None:
            self._notes = subprocess.run([READELF, "--notes", self.path],
                                         capture_output=True, text=True,
                                         check=True).stdout
        return self._notes

    def kernel_params(self, kernel):
        """(offset, size, value_kind) of each kernel argument, and the kernarg
        segment size, from the code object's metadata notes."""
        for chunk in re.split(r"\n  - \.", self.notes()):
            if re.search(r"\n    \.name:\s+" + re.escape(kernel) + r"\n", chunk):
                params = [(int(o), int(s), k) for o, s, k in re.findall(
                    r"\.offset:\s+(\d+)\n\s+\.size:\s+(\d+)\n\s+"
                    r"\.value_kind:\s+(\w+)", chunk)]
                size = re.search(r"\.kernarg_segment_size:\s+(\d+)", chunk)
                return params, int(size.group(1))
        raise ImageError(f"{self.path}: no kernel {kernel} in its metadata")

    def launch(self, run_asm, kernel, arch, grid, block, args,
               dynamic_shared=0):
        """Runs kernel on tgemu's run_asm over grid x block (ints or (x, y, z))
        with the explicit arguments args and dynamic_shared bytes of LDS
        beyond the kernel's static group segment."""
        grid = (tuple(grid) + (1, 1))[:3] if isinstance(grid, (tuple, list)) \
            else (grid, 1, 1)
        block = (tuple(block) + (1, 1))[:3] if isinstance(block, (tuple, list)) \
            else (block, 1, 1)
        params, kernarg_size = self.kernel_params(kernel)
        kd = self.symbols.get(kernel + ".kd")
        if kd is None:
            raise ImageError(f"{self.path}: no kernel descriptor {kernel}.kd")
        scratch, = struct.unpack_from("<I", self.memory, kd + KD_PRIVATE_SEGMENT_SIZE)
        rsrc2, = struct.unpack_from("<I", self.memory, kd + KD_RSRC2)
        properties, = struct.unpack_from("<H", self.memory, kd + KD_PROPERTIES)
        group_segment, = struct.unpack_from("<I", self.memory, kd)
        lds_granules = (group_segment + dynamic_shared + 511) // 512
        rsrc2 = (rsrc2 & ~(0x1FF << 15)) | (lds_granules << 15)

        kernarg = ctypes.create_string_buffer(max(kernarg_size, 256) + 256)
        explicit = [p for p in params if not p[2].startswith("hidden_")]
        if len(explicit) != len(args):
            raise ImageError(f"{kernel}: {len(explicit)} explicit arguments, "
                             f"{len(args)} given")
        for (offset, size, _), arg in zip(explicit, args):
            if isinstance(arg, ctypes.Array):
                arg = ctypes.addressof(arg)
            if isinstance(arg, (bytes, bytearray)):
                if len(arg) != size:
                    raise ImageError(f"{kernel}: an argument of {size} "
                                     f"bytes given {len(arg)}")
                kernarg[offset:offset + size] = bytes(arg)
            elif isinstance(arg, float):
                struct.pack_into("<f" if size == 4 else "<d", kernarg, offset, arg)
            else:
                struct.pack_into({8: "<Q", 4: "<I", 2: "<H", 1: "<B"}[size],
                                 kernarg, offset, arg & ((1 << (8 * size)) - 1))
        hidden = {"hidden_block_count_x": grid[0], "hidden_block_count_y": grid[1],
                  "hidden_block_count_z": grid[2], "hidden_group_size_x": block[0],
                  "hidden_group_size_y": block[1], "hidden_group_size_z": block[2],
                  "hidden_grid_dims": 1 + (grid[1] > 1 or block[1] > 1)
                  + (grid[2] > 1 or block[2] > 1)}
        for offset, size, kind in params:
            if kind in hidden:
                struct.pack_into({2: "<H", 4: "<I", 8: "<Q"}[size], kernarg,
                                 offset, hidden[kind])
        # The HSA dispatch packet (code object v4 reads blockDim from it).
        packet = ctypes.create_string_buffer(64)
        struct.pack_into("<HHH", packet, 4, *block)
        struct.pack_into("<III", packet, 12, *(g * b for g, b in zip(grid, block)))
        struct.pack_into("<II", packet, 24, scratch,
                         group_segment + dynamic_shared)
        struct.pack_into("<Q", packet, 40, ctypes.addressof(kernarg))
        user = []
        for bit, count, value in (
                (1, 4, None), (2, 2, ctypes.addressof(packet)), (4, 2, None),
                (8, 2, ctypes.addressof(kernarg)), (16, 2, None), (32, 2, None),
                (64, 1, None)):
            if properties & bit:
                user += [value & 0xFFFFFFFF, value >> 32] if value else [0] * count
        entry = self.address(kernel)
        self._keep = (kernarg, packet)
        rsrc1, = struct.unpack_from("<I", self.memory, kd + KD_RSRC1)
        with _denormal_mode(run_asm, kernel, rsrc1):
            return run_asm(entry, self.base + self.size - entry, *grid,
                           *block, ctypes.addressof(kernarg), rsrc2=rsrc2,
                           scratch_size=scratch, arch=arch,
                           user_data=user or None)


@contextlib.contextmanager
def _denormal_mode(run_asm, kernel, rsrc1):
    """Runs tgemu with the host flushing denormals only if the kernel's
    descriptor flushes them."""
    f32, f16_f64 = (rsrc1 >> 16) & 3, (rsrc1 >> 18) & 3
    if f32 != f16_f64 or f32 not in (DENORM_FLUSH, DENORM_PRESERVE):
        raise ImageError(f"{kernel}: denormal modes f32={f32}, "
                         f"f16/f64={f16_f64}: tgemu flushes all or none")
    module = inspect.unwrap(run_asm).__globals__  # tgemu's emulator
    flushing = module["_MXCSRContext"]
    if f32 == DENORM_PRESERVE:
        module["_MXCSRContext"] = contextlib.nullcontext
    try:
        yield
    finally:
        module["_MXCSRContext"] = flushing


def extend_tgemu(emu):
    """Adds s_getpc_b64, s_setpc_b64 and s_swappc_b64 to tgemu's emu module,
    and makes CDNA's FLAT segment ignore SADDR (idempotent)."""
    if getattr(emu, "_extended_for_code_objects", False):
        return
    _add_pc_instructions(emu)
    _ignore_flat_saddr(emu)
    emu._extended_for_code_objects = True


def _ignore_flat_saddr(emu):
    flat = emu.irc.FLAT
    memory_op = emu._INST_HANDLERS[flat]

    class NoSaddr:
        """tgemu's compile context, with no SADDR field to read."""

        def __init__(self, ctx):
            self._ctx = ctx

        def __getattr__(self, name):
            return getattr(self._ctx, name)

        def optional_field(self, inst, name):
            return None if name == "saddr" else self._ctx.optional_field(inst, name)

    def compile_flat(inst, ctx):
        return memory_op(inst, NoSaddr(ctx))

    emu._INST_HANDLERS[flat] = compile_flat


def _add_pc_instructions(emu):
    UOp, dtypes = emu.UOp, emu.dtypes
    sop1_classes = [cls for cls, handler in emu._INST_HANDLERS.items()
                    if cls.__name__ == "SOP1"]
    generic = emu._INST_HANDLERS[sop1_classes[0]]

    def read_pair(ctx, reg):
        return emu._u64(ctx.rsgpr_dyn(reg), ctx.rsgpr_dyn(reg + emu._c(1)))

    def write_pair(ctx, reg, value):
        lo, hi = emu._split64(value)
        return [ctx.wsgpr_dyn(reg, lo), ctx.wsgpr_dyn(reg + emu._c(1), hi)]

    def compile_sop1(inst, ctx):
        name = emu._op_name(inst)
        if name not in ("S_GETPC_B64", "S_SETPC_B64", "S_SWAPPC_B64"):
            return generic(inst, ctx)
        stores = []
        if name != "S_GETPC_B64":
            # Read before the return address is written: sdst may be ssrc0.
            target = read_pair(ctx, ctx.inst_field(type(inst).ssrc0))
        if name != "S_SETPC_B64":
            after = ctx.rpc() + UOp.const(4, dtypes.uint64)
            stores += write_pair(ctx, ctx.inst_field(type(inst).sdst), after)
        if name == "S_GETPC_B64":
            return UOp.sink(*stores, *ctx.inc_pc())
        stores += write_pair(ctx, emu._c(emu.PC_LO_IDX), target)
        return UOp.sink(*stores)

    for cls in sop1_classes:
        emu._INST_HANDLERS[cls] = compile_sop1
