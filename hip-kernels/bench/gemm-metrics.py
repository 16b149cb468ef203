#!/usr/bin/env python3
"""Static figures of libcublas's GEMM kernel (runtime/cublas/Gemm.cu).

For each AMD processor, cu2hsaco -S compiles Gemm.cu as libcublas's build
does (-O3); for each instantiation of the tiled kernel this prints its
VGPRs (and AGPRs), SGPRs, LDS bytes, scratch bytes and, over its K loop
(the shortest backward-branch range holding a barrier), the
instructions, the multiply-adds (a packed v_pk_fma_f32 counts two, a
complex one is four real ones) and the LDS reads, per multiply-add.

  gemm-metrics.py --build BUILD [--source DIR] [--arch gfx90a,...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

FMA = re.compile(
    r"^v_(pk_)?(fma|fmac|mac|mad|fmamk|fmaak)_(f32|f64|legacy_f32)")
LDS_READ = re.compile(r"^ds_(read|load)")
LABEL = re.compile(r"^(\.LBB\w+):")
BRANCH = re.compile(r"^s_(cbranch_\w+|branch)\s+(\.LBB\w+)")


def instructions(lines):
    for line in lines:
        text = line.split(";")[0].split("//")[0].strip()
        if text and not text.startswith(".") and not text.endswith(":"):
            yield text


def kernels(assembly):
    """(name, body lines, metadata dict) per kernel."""
    bodies = {}
    current = None
    for line in assembly.splitlines():
        match = re.match(r"^(_Z\w+):", line)
        if match and "gemmTiled" in match.group(1):
            current = match.group(1)
            bodies[current] = []
        elif current:
            if line.strip().startswith(".Lfunc_end"):
                current = None
            else:
                bodies[current].append(line)
    metadata = {}
    for block in re.split(r"\n  - \.", assembly)[1:]:
        fields = dict(re.findall(r"\.(\w+):\s+(\S+)", " ." + block))
        metadata[fields.get("name", "")] = fields
    for name, body in bodies.items():
        yield name, body, metadata.get(name, {})


def k_loop(body):
    """The instructions of the K loop: the shortest backward-branch range
    that holds a barrier (the loop around the shared-memory slices)."""
    labels = {}
    best = []
    for index, line in enumerate(body):
        text = line.strip()
        match = LABEL.match(text)
        if match:
            labels[match.group(1)] = index
            continue
        match = BRANCH.match(text)
        if match and match.group(2) in labels:
            loop = list(instructions(body[labels[match.group(2)]:index + 1]))
            if any(i.startswith("s_barrier") for i in loop) and (
                    not best or len(loop) < len(best)):
                best = loop
    return best


def fma_count(instruction):
    """A packed FMA is two; so is an RDNA 3 dual issue (X :: Y) of two."""
    count = 0
    for part in instruction.split("::"):
        mnemonic = part.split()[0].replace("v_dual_", "v_")
        match = FMA.match(mnemonic)
        if match:
            count += 2 if match.group(1) else 1
    return count


def type_name(kernel):
    """gemmTiled<A and B's type, C's, the compute type>, demangled."""
    demangled = subprocess.run(["llvm-cxxfilt", kernel], capture_output=True,
                               text=True).stdout.strip()
    match = re.search(r"gemmTiled<([^>]*)>", demangled)
    if not match:
        return kernel
    types = match.group(1).replace(" ", "").replace("__nv_bfloat16", "bf16")
    return types.replace(",false", "").replace(",true", "+epilogue")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", required=True)
    parser.add_argument("--source",
                        default=os.path.join(os.path.dirname(__file__), "..",
                                             "..", "runtime", "cublas"))
    parser.add_argument("--arch", default="gfx90a,gfx942,gfx1030,gfx1100")
    args = parser.parse_args()
    os.environ["PATH"] = "/usr/lib/llvm-22/bin:" + os.environ["PATH"]
    cu2hsaco = os.path.join(args.build, "bin", "cu2hsaco")
    source = os.path.join(args.source, "Gemm.cu")
    print("%-8s %-30s %5s %5s %5s %6s %7s %6s %5s %8s %8s" %
          ("arch", "kernel (A/B, C, compute)", "VGPR", "AGPR", "SGPR", "LDS",
           "scratch", "loop", "FMA", "instr/FMA", "LDS/FMA"))
    for arch in args.arch.split(","):
        with tempfile.TemporaryDirectory() as work:
            listing = os.path.join(work, "gemm.s")
            subprocess.run([cu2hsaco, source, "-o", listing, "-S", "-O3",
                            "--offload-arch=" + arch, "-I", args.source],
                           check=True)
            assembly = open(listing).read()
        for name, body, meta in kernels(assembly):
            loop = k_loop(body)
            fmas = sum(fma_count(i) for i in loop)
            reads = sum(1 for i in loop if LDS_READ.match(i))
            print("%-8s %-30s %5s %5s %5s %6s %7s %6d %5d %8.2f %8.3f" %
                  (arch, type_name(name), meta.get("vgpr_count", "?"),
                   meta.get("agpr_count", "-"), meta.get("sgpr_count", "?"),
                   meta.get("group_segment_fixed_size", "?"),
                   meta.get("private_segment_fixed_size", "?"), len(loop),
                   fmas, len(loop) / fmas if fmas else 0,
                   reads / fmas if fmas else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
