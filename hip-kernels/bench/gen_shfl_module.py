#!/usr/bin/env python3
"""gen_shfl_module.py - The module `make bench` times the pass on.

Usage: gen_shfl_module.py NUM_FUNCTIONS OUT.ll

Writes an AMDGPU module (triple amdgcn-amd-amdhsa) of NUM_FUNCTIONS
functions, each a handful of llvm.nvvm.shfl.sync.* calls as clang emits them
for CUDA source, so that the pass sees what it sees in cu2hsaco: constant
and runtime lane operands (b), constant and runtime clamp/segment operands
(c), every mode, f32 and i32, the predicate forms, widths 32, 16 and 8, and
results feeding each other and some arithmetic. The functions' target-cpu
cycles through gfx90a, gfx942, gfx1100 and gfx1200 so that every target's
choice of lowering is exercised. The output is deterministic.
"""
import sys

TARGETS = [("gfx90a", "+wavefrontsize64"), ("gfx942", "+wavefrontsize64"),
           ("gfx1100", "+wavefrontsize32"), ("gfx1200", "+wavefrontsize32")]
MODES = ["bfly", "down", "up", "idx"]


def clamp(mode, width):
    """The c operand CUDA's __shfl*_sync passes for a width."""
    seg = (32 - width) << 8
    return seg if mode == "up" else seg | 31


def function(i, out):
    ty = "float" if i % 2 == 0 else "i32"
    sfx = "f32" if ty == "float" else "i32"
    add = "fadd" if ty == "float" else "add"
    out.append(f"define {ty} @shfl_fn{i}({ty} %v, i32 %b, i32 %c) #{i % 4} {{")
    out.append("entry:")
    cur = "%v"
    width = (32, 16, 8)[i % 3]
    # Constant-lane butterfly/down/up steps, as in reductions and scans.
    for step, delta in enumerate((16, 8, 4, 2, 1)[: 3 + i % 3]):
        if delta >= width:
            continue
        mode = MODES[(i + step) % 3]
        out.append(f"  %s{step} = call {ty} @llvm.nvvm.shfl.sync.{mode}.{sfx}("
                   f"i32 -1, {ty} {cur}, i32 {delta}, "
                   f"i32 {clamp(mode, width)})")
        out.append(f"  %a{step} = {add} {ty} {cur}, %s{step}")
        cur = f"%a{step}"
    # Runtime lane with a constant clamp (broadcast from a loaded lane).
    out.append(f"  %r0 = call {ty} @llvm.nvvm.shfl.sync.idx.{sfx}("
               f"i32 -1, {ty} {cur}, i32 %b, i32 31)")
    # Runtime lane and runtime clamp (the general formula).
    mode = MODES[i % 4]
    out.append(f"  %r1 = call {ty} @llvm.nvvm.shfl.sync.{mode}.{sfx}("
               f"i32 -1, {ty} %r0, i32 %b, i32 %c)")
    # A predicate form with a constant lane.
    out.append(f"  %p = call {{{ty}, i1}} @llvm.nvvm.shfl.sync.down.{sfx}p("
               f"i32 -1, {ty} %r1, i32 1, i32 31)")
    out.append(f"  %pv = extractvalue {{{ty}, i1}} %p, 0")
    out.append(f"  %pp = extractvalue {{{ty}, i1}} %p, 1")
    out.append(f"  %sel = select i1 %pp, {ty} %pv, {ty} %r1")
    out.append(f"  %res = {add} {ty} %sel, {cur}")
    out.append(f"  ret {ty} %res")
    out.append("}")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_shfl_module.py NUM_FUNCTIONS OUT.ll")
    count = int(sys.argv[1])
    out = ['target triple = "amdgcn-amd-amdhsa"', ""]
    for i in range(count):
        function(i, out)
    out.append("")
    for ty, sfx in (("float", "f32"), ("i32", "i32")):
        for mode in MODES:
            out.append(f"declare {ty} @llvm.nvvm.shfl.sync.{mode}.{sfx}"
                       f"(i32, {ty}, i32, i32)")
        out.append(f"declare {{{ty}, i1}} @llvm.nvvm.shfl.sync.down.{sfx}p"
                   f"(i32, {ty}, i32, i32)")
    out.append("")
    for n, (cpu, feature) in enumerate(TARGETS):
        out.append(f'attributes #{n} = {{ nounwind "target-cpu"="{cpu}" '
                   f'"target-features"="{feature}" }}')
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
