#!/usr/bin/env python3
"""hip_ports.py - `make bench-hip-ports`: our code against HeCBench's HIP ports.

What a user would do instead of using cucc is port the CUDA program to HIP
by hand and build it with AMD's HIP path. HeCBench has both for each of the
corpus's HeCBench programs: src/NAME-cuda (the corpus copy) and src/NAME-hip.
For every such pair and every processor this compiles, with the same LLVM 22:

  ours  each .cu file the corpus's build command compiles (manifest.tsv),
        through cu2hsaco -O3 -S --launch-variants (as cucc builds it) with
        that command's -I, -D and -std flags; a kernel with a launch
        variant (NAME.tidxlanes, docs/observed-lanes.md) counts as the
        variant, what the runtime launches for 1-D blocks (HeCBench's);
  HIP   each source the port's Makefile lists, through
        clang -x hip --cuda-device-only -O3 -S against HIP 5.2's headers
        (-nogpuinc -I/usr/include), with ROCm's device libraries linked as
        HIP's own build links them (-nogpulib, then -mlink-builtin-bitcode
        of ocml, ockl and the oclc_* control libraries clang's HIP
        toolchain picks) and the code object version our code objects have
        (amdhsa.version of a probe through cu2hsaco), so that gridDim and
        friends read what they read in a real HIP build;

then matches the kernels of the two sides by demangled name and compares,
per kernel, static metrics of the assembler listing: instructions (the
counting rule of bench_report.py, which `make bench` uses: every
instruction from the kernel's label to its descriptor), VGPRs and the waves
per SIMD they allow, SGPRs, scratch and LDS bytes (the listing's
.amdgpu_metadata). It prints, per processor, the geometric mean of
ours/HIP instructions, how many kernels are better, equal or worse, the
kernels whose VGPRs allow fewer waves than HIP's, those with scratch where
HIP has none, and the worst kernels; the whole table goes to
BUILD/bench/hip_ports.md, the listings to BUILD/bench/hip_ports/. A program
that does not compile on one side is listed with its first error; it does
not stop the run. HeCBench's sources are read from a checkout given on the
command line; nothing of them is copied into this tree.

Usage: hip_ports.py --hecbench DIR [--hipcub DIR] [--corpus DIR] [--build DIR]
                    [--targets gfx90a,gfx942,gfx1030] [--jobs 2]
                    [--only a,b,c] [--worst N]
"""
import argparse
import concurrent.futures
import math
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_report import function_body  # noqa: E402 (the shared rule)

LLVM_BIN = "/usr/lib/llvm-22/bin"
CLANG_RESOURCE = LLVM_BIN + "/../lib/clang/22"
DEVICE_LIBS = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
DEFAULT_TARGETS = "gfx90a,gfx942,gfx1030"

# Waves per SIMD that a kernel's VGPRs allow, as LLVM's AMDGPU backend
# computes it (AMDGPUBaseInfo.cpp: getTotalNumVGPRs, getVGPRAllocGranule,
# getMaxWavesPerEU, getNumWavesPerEUWithNumVGPRs): the registers of one
# lane of the SIMD's file, divided by the kernel's count rounded up to the
# allocation granule, at most the SIMD's wave slots. gfx90a and gfx942 have
# one 512-entry file shared by VGPRs and AGPRs (.vgpr_count is already the
# unified count), granule 8, 8 waves; gfx10.3 in wave32 1024 entries,
# granule 16, 16 waves; gfx11's larger file (gfx1100, gfx1101) 1536,
# granule 24, 16 waves. Prefix -> (total, granule, max waves).
VGPR_FILES = [
    ("gfx90a", (512, 8, 8)),
    ("gfx94", (512, 8, 8)),
    ("gfx103", (1024, 16, 16)),
    ("gfx1100", (1536, 24, 16)),
    ("gfx1101", (1536, 24, 16)),
    ("gfx11", (1024, 16, 16)),
]

# Instruction classes counted per kernel and summed over the matched kernels
# of a target, ours against HIP's: the systematic differences
# docs/benchmark.md explains. (label, test of an instruction's mnemonic).
CLASSES = [
    ("unsigned divisions (v_rcp_iflag_f32)",
     lambda m: m == "v_rcp_iflag_f32_e32" or m == "v_rcp_iflag_f32_e64"),
    ("s_nop", lambda m: m == "s_nop"),
    ("DPP moves", lambda m: "_dpp" in m),
    ("ds_bpermute", lambda m: m.startswith("ds_bpermute")),
    ("FMA/MAD (v_fma*, v_fmac*, v_mad*, v_mac*, v_pk_fma*)",
     lambda m: re.match(r"^v_(pk_)?(fma|fmac|mad|mac)_", m) is not None),
    ("f16<->f32 conversions", lambda m: m.startswith("v_cvt_f32_f16") or
     m.startswith("v_cvt_f16_f32")),
    ("packed/native f16 arithmetic (v_*_f16)",
     lambda m: re.match(r"^v_(pk_)?[a-z]+_f16", m) is not None and
     not m.startswith("v_cvt")),
    ("atomic compare-and-swap (CAS loops)", lambda m: "atomic_cmpswap" in m),
    ("calls (s_swappc_b64)", lambda m: m == "s_swappc_b64"),
    ("branches (s_cbranch*)", lambda m: m.startswith("s_cbranch")),
]

# ---------------------------------------------------------------------------
# The pairs
# ---------------------------------------------------------------------------


def read_manifest(corpus):
    """[(name, build command)] of the manifest's HeCBench programs."""
    programs = []
    with open(os.path.join(corpus, "manifest.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row.get("suite") != "hecbench":
                continue
            path = row["upstream_path"]
            programs.append((os.path.basename(path)[:-len("-cuda")],
                             row["build"], row["commit"]))
    return programs


def generic_flags(tokens, base):
    """The -I (made absolute against BASE), -D and -std= flags of TOKENS;
    flags naming make variables are left out."""
    flags, i = [], 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in ("-I", "-D") and i + 1 < len(tokens):
            tok, i = tok + tokens[i + 1], i + 1
        i += 1
        if "$" in tok:
            continue
        if tok.startswith("-I"):
            flags.append("-I" + os.path.normpath(os.path.join(base, tok[2:])))
        elif tok.startswith("-D") or tok.startswith("-std="):
            flags.append(tok)
    return flags


def cuda_sources(build, directory):
    """The .cu files the corpus's build command compiles (-c), with their
    generic flags: [(absolute source, flags)]."""
    sources = []
    for step in build.split("&&"):
        tokens = shlex.split(step)
        if "-c" not in tokens:
            continue
        source = tokens[tokens.index("-c") + 1]
        if source.endswith(".cu"):
            sources.append((os.path.normpath(os.path.join(directory, source)),
                            generic_flags(tokens, directory)))
    return sources


def makefile_lines(path):
    """The Makefile's logical lines (backslash continuations joined)."""
    with open(path) as f:
        text = f.read().replace("\\\n", " ")
    return text.splitlines()


def expand_variables(text, variables):
    """TEXT with each $(NAME) the Makefile assigns a plain value replaced
    by that value (make's default: dp4a-hip's -D$(ARCH), ARCH = CDNA,
    selects its __dp4a; without it the dot product is dropped)."""
    return re.sub(r"\$\((\w+)\)",
                  lambda m: variables.get(m.group(1), m.group(0)), text)


def hip_sources(directory):
    """The sources the HIP port's Makefile lists (source = ...) and the
    generic flags of its CFLAGS := line: [(absolute source, flags)]."""
    lines = makefile_lines(os.path.join(directory, "Makefile"))
    names, flags, variables = [], [], {}
    for line in lines:
        m = re.match(r"^(\w+)\s*[:?]?=\s*([^$#]*?)\s*$", line)
        if m:
            variables.setdefault(m.group(1), m.group(2))
        m = re.match(r"^source\s*:?=\s*(.*)$", line)
        if m:
            names = m.group(1).split()
        m = re.match(r"^CFLAGS\s*:?=\s*(.*)$", line)
        if m:
            flags = generic_flags(
                shlex.split(expand_variables(m.group(1), variables)),
                directory)
    return [(os.path.normpath(os.path.join(directory, n)), flags)
            for n in names]


# ---------------------------------------------------------------------------
# Compiling
# ---------------------------------------------------------------------------


def wave_size(target):
    return 64 if target.startswith("gfx9") else 32


def isa_version(target):
    """__oclc_ISA_version of gfxMAJOR MINOR STEPPING (minor and stepping one
    hex digit each), as pass/retarget/DeviceLibs.c computes it."""
    digits = target[3:]
    return (int(digits[:-2]) * 1000 + int(digits[-2], 16) * 100 +
            int(digits[-1], 16))


def control_library(devlibs, name, variable, value):
    """DEVICE_LIBS/NAME.bc, or one generated under DEVLIBS defining VARIABLE
    as ROCm's control libraries do (ROCm 5.2's have no gfx942 ISA version
    and no code object v6 ABI version)."""
    path = os.path.join(DEVICE_LIBS, name + ".bc")
    if os.path.exists(path):
        return path
    path = os.path.join(devlibs, name + ".bc")
    if not os.path.exists(path):
        ll = path[:-3] + ".ll"
        with open(ll, "w") as f:
            f.write('target triple = "amdgcn-amd-amdhsa"\n'
                    f"@{variable} = linkonce_odr protected local_unnamed_addr "
                    f"addrspace(4) constant i32 {value}, align 4\n")
        subprocess.run([f"{LLVM_BIN}/llvm-as", ll, "-o", path], check=True)
    return path


def hip_device_libraries(devlibs, target, cov):
    """The bitcode clang's HIP toolchain links for TARGET (clang -### with
    --rocm-device-lib-path lists the same, where the ISA library exists),
    and two that clang 22 no longer links but ROCm 5.2's HIP build did:
    hip.bc, whose one function, __atomic_work_item_fence, HIP 5.2's
    __syncthreads and fences call (left undefined, every such kernel makes
    a real call, with a 16 KiB stack), and oclc_daz_opt_off, as ROCm 5.2's
    OCML still reads __oclc_daz_opt (left undefined, it is loaded at run
    time with both branches kept; nvcc's default -ftz=false is "off")."""
    wave64 = "on" if wave_size(target) == 64 else "off"
    libs = [os.path.join(DEVICE_LIBS, n + ".bc") for n in (
        "hip", "ocml", "ockl", "oclc_unsafe_math_off", "oclc_finite_only_off",
        "oclc_correctly_rounded_sqrt_on", "oclc_daz_opt_off",
        f"oclc_wavefrontsize64_{wave64}")]
    libs.append(control_library(devlibs, f"oclc_isa_version_{target[3:]}",
                                "__oclc_ISA_version", isa_version(target)))
    libs.append(control_library(devlibs, f"oclc_abi_version_{cov}00",
                                "__oclc_ABI_version", cov * 100))
    return libs


def first_error(text):
    for line in text.splitlines():
        if "error:" in line or "fatal" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "failed without a message"


def compile_side(job):
    """Compiles one side of one program for one target; returns
    (key, {file: listing path} or None, first error or None)."""
    program, side, target, sources, argv_base, out_dir = job
    os.makedirs(out_dir, exist_ok=True)
    listings = {}
    for source, flags in sources:
        out = os.path.join(out_dir, os.path.basename(source) + ".s")
        if side == "ours":
            argv = argv_base + [source, "-O3", "-S", "-o", out,
                                f"--offload-arch={target}"] + flags
        else:
            argv = argv_base + flags + ["-S", source, "-o", out]
        run = subprocess.run(argv, cwd=os.path.dirname(source),
                             capture_output=True, text=True)
        if run.returncode != 0:
            name = os.path.basename(source)
            return (program, side, target), None, \
                f"{name}: {first_error(run.stderr + run.stdout)}"
        listings[source] = out
    return (program, side, target), listings, None


def hipcub_version(hipcub):
    """hipCUB's version from its CMakeLists.txt, as (major, minor, patch)."""
    try:
        with open(os.path.join(hipcub, "CMakeLists.txt")) as f:
            m = re.search(r'set\(VERSION_STRING "(\d+)\.(\d+)\.(\d+)"\)',
                          f.read())
    except OSError:
        m = None
    if not m:
        sys.exit(f"hip_ports: {hipcub} is not a hipCUB checkout")
    return m.groups()


def hipcub_includes(hipcub, work):
    """-I flags for a hipCUB source checkout (Debian has no hipCUB
    package): its include directory, and before it the version header its
    CMake build would configure, generated under WORK."""
    if not hipcub:
        return []
    include = os.path.join(hipcub, "hipcub", "include")
    with open(os.path.join(include, "hipcub", "hipcub_version.hpp.in")) as f:
        text = f.read()
    for part, value in zip(("MAJOR", "MINOR", "PATCH"),
                           hipcub_version(hipcub)):
        text = text.replace(f"@hipcub_VERSION_{part}@", value)
    generated = os.path.join(work, "hipcub")
    os.makedirs(generated, exist_ok=True)
    with open(os.path.join(generated, "hipcub_version.hpp"), "w") as f:
        f.write(text)
    return [f"-I{generated}", f"-I{include}"]


def hip_argv(target, cov, devlibs, includes):
    """HIP's device compile. HIP 5.2's headers do not fit clang 22's HIP
    wrapper header (its fp16 builtins), so -nogpuinc leaves the wrapper
    out; hip_runtime.h is included first instead, as the wrapper would
    have defined __host__ and __device__ before any of the source's own
    includes (<algorithm> first fails without it)."""
    argv = [f"{LLVM_BIN}/clang", "-x", "hip", f"--offload-arch={target}",
            "--cuda-device-only", "-nogpuinc", "-nogpulib", "-O3",
            f"-mcode-object-version={cov}", f"-I{CLANG_RESOURCE}",
            "-I/usr/include", "-include", "hip/hip_runtime.h",
            f"-D__AMDGCN_WAVEFRONT_SIZE={wave_size(target)}"] + includes
    for lib in hip_device_libraries(devlibs, target, cov):
        argv += ["-Xclang", "-mlink-builtin-bitcode", "-Xclang", lib]
    return argv


def code_object_version(cu2hsaco, target, work):
    """The code object version of cu2hsaco's output for TARGET, from the
    amdhsa.version of a probe kernel's metadata ([1, 1] is v4, [1, 2] v5)."""
    source = os.path.join(work, "probe.cu")
    with open(source, "w") as f:
        f.write("__global__ void probe(int *P) { *P = gridDim.x; }\n")
    out = os.path.join(work, f"probe.{target}.s")
    subprocess.run([cu2hsaco, source, "-S", "-o", out,
                    f"--offload-arch={target}"], check=True)
    with open(out) as f:
        m = re.search(r"^amdhsa\.version:\s*\n\s*-\s*(\d+)\s*\n\s*-\s*(\d+)",
                      f.read(), re.M)
    if not m:
        sys.exit(f"hip_ports: no amdhsa.version in {out}")
    return int(m.group(2)) + 3


# ---------------------------------------------------------------------------
# Reading the listings
# ---------------------------------------------------------------------------


def kernel_metadata(asm):
    """{symbol: {field: value}} of the listing's .amdgpu_metadata kernels
    (the scalar fields of each amdhsa.kernels entry)."""
    m = re.search(r"^\t\.amdgpu_metadata\n(.*?)^\t\.end_amdgpu_metadata",
                  asm, re.M | re.S)
    kernels, current = {}, None
    for line in (m.group(1) if m else "").splitlines():
        start = re.match(r"^  - \.(\w+):\s*(.*)$", line)
        field = start or re.match(r"^    \.(\w+):\s*(.*)$", line)
        if start:
            current = {}
        if field and current is not None:
            current[field.group(1)] = field.group(2).strip()
            if field.group(1) == "name":
                kernels[field.group(2).strip()] = current
    return kernels


def demangle(names):
    if not names:
        return {}
    run = subprocess.run([f"{LLVM_BIN}/llvm-cxxfilt"], input="\n".join(names),
                         capture_output=True, text=True, check=True)
    return dict(zip(names, run.stdout.splitlines()))


def measure_listing(path):
    """{demangled kernel name: metrics} of one listing."""
    with open(path) as f:
        asm = f.read()
    meta = kernel_metadata(asm)
    names = demangle(list(meta))
    kernels = {}
    for symbol, fields in meta.items():
        body = function_body(asm, symbol)
        mnemonics = [i.split(None, 1)[0] for i in body]
        kernels[names[symbol]] = {
            "symbol": symbol,
            "instrs": len(body),
            "classes": [sum(1 for m in mnemonics if test(m))
                        for _, test in CLASSES],
            "vgprs": int(fields.get("vgpr_count", 0)),
            "sgprs": int(fields.get("sgpr_count", 0)),
            "scratch": int(fields.get("private_segment_fixed_size", 0)),
            "lds": int(fields.get("group_segment_fixed_size", 0)),
        }
    return kernels


VARIANT_SUFFIX = ".tidxlanes"


def launched_kernels(kernels):
    """KERNELS with each launch variant in place of its kernel (marked
    "variant"): what a launch with 1-D blocks runs."""
    by_symbol = {m["symbol"]: n for n, m in kernels.items()}
    launched = {}
    for name, metrics in kernels.items():
        general = metrics["symbol"].endswith(VARIANT_SUFFIX) and \
            by_symbol.get(metrics["symbol"][:-len(VARIANT_SUFFIX)])
        if general:
            launched[general] = dict(metrics, variant=True)
        elif name not in launched:
            launched[name] = metrics
    return launched


def measure_side(listings):
    kernels = {}
    for path in listings.values():
        for name, metrics in launched_kernels(measure_listing(path)).items():
            kernels.setdefault(name, metrics)
    return kernels


def waves(target, vgprs):
    """Waves per SIMD that VGPRS allow on TARGET (see VGPR_FILES)."""
    total, granule, most = next(v for p, v in VGPR_FILES
                                if target.startswith(p))
    if vgprs < granule:
        return most
    return min(max(total // (-(-vgprs // granule) * granule), 1), most)


def base_name(name):
    """A demangled kernel name without its parameter list and, for a
    template, its return type: the name the two sides spell alike even
    where their types are spelled differently (__nv_bfloat16, __hip_...)."""
    if name.endswith(")"):
        depth = 0
        for i in range(len(name) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(name[i], 0)
            if depth == 0:
                name = name[:i]
                break
    return name.split(" ", 1)[1] if name.startswith("void ") else name


def match_kernels(ours, hip):
    """[(name, ours metrics, HIP metrics)] and the unmatched counts: by the
    whole demangled name, then by the name without parameter types where
    that is unique on both sides."""
    pairs = [(n, ours[n], hip[n]) for n in ours if n in hip]
    rest_ours = [n for n in ours if n not in hip]
    rest_hip = [n for n in hip if n not in ours]

    def by_base(names):
        groups = {}
        for n in names:
            groups.setdefault(base_name(n), []).append(n)
        return {b: ns[0] for b, ns in groups.items() if len(ns) == 1}
    o, h = by_base(rest_ours), by_base(rest_hip)
    for b in o:
        if b in h:
            pairs.append((o[b], ours[o[b]], hip[h[b]]))
    matched = len(pairs)
    return pairs, len(ours) - matched, len(hip) - matched


# ---------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) \
        if values else float("nan")


def short(name, width=48):
    return name if len(name) <= width else name[:width - 1] + "~"


def target_rows(target, programs, results):
    rows, unmatched = [], [0, 0]
    for program in programs:
        ours = results.get((program, "ours", target))
        hip = results.get((program, "hip", target))
        if not ours or not hip:
            continue
        pairs, uo, uh = match_kernels(ours, hip)
        unmatched[0] += uo
        unmatched[1] += uh
        for name, o, h in pairs:
            rows.append({
                "program": program, "kernel": name, "ours": o, "hip": h,
                "ratio": o["instrs"] / h["instrs"],
                "waves": (waves(target, o["vgprs"]),
                          waves(target, h["vgprs"])),
            })
    rows.sort(key=lambda r: (-r["ratio"], r["program"], r["kernel"]))
    return rows, unmatched


def summarize(target, rows, unmatched):
    ratios = [r["ratio"] for r in rows]
    return {
        "target": target, "kernels": len(rows),
        "programs": len({r["program"] for r in rows}),
        "geomean": geomean(ratios),
        "worse": sum(r > 1 for r in ratios),
        "equal": sum(r == 1 for r in ratios),
        "better": sum(r < 1 for r in ratios),
        "occupancy": [r for r in rows if r["waves"][0] < r["waves"][1]],
        "scratch": [r for r in rows
                    if r["ours"]["scratch"] and not r["hip"]["scratch"]],
        "unmatched": unmatched,
    }


def row_cells(r):
    o, h = r["ours"], r["hip"]
    return [r["program"], r["kernel"], f"{o['instrs']}/{h['instrs']}",
            f"{r['ratio']:.3f}", f"{o['vgprs']}/{h['vgprs']}",
            f"{r['waves'][0]}/{r['waves'][1]}", f"{o['sgprs']}/{h['sgprs']}",
            f"{o['scratch']}/{h['scratch']}", f"{o['lds']}/{h['lds']}"]


COLUMNS = ["program", "kernel", "instrs", "ours/HIP", "VGPRs", "waves",
           "SGPRs", "scratch", "LDS"]


def class_lines(rows):
    """Per instruction class: totals over ROWS, ours and HIP's, and the
    kernels with more of it than HIP's."""
    lines = []
    for i, (label, _) in enumerate(CLASSES):
        ours = sum(r["ours"]["classes"][i] for r in rows)
        hip = sum(r["hip"]["classes"][i] for r in rows)
        more = sum(r["ours"]["classes"][i] > r["hip"]["classes"][i]
                   for r in rows)
        lines.append((label, ours, hip, more))
    return lines


def print_target(s, rows, worst):
    uo, uh = s["unmatched"]
    print(f"\n== {s['target']}: {s['kernels']} kernels of {s['programs']} "
          f"programs matched ({uo} of ours, {uh} of HIP's unmatched)")
    print(f"  instructions ours/HIP, geomean {s['geomean']:.3f}; kernels "
          f"worse {s['worse']} / equal {s['equal']} / better {s['better']}")
    print(f"  VGPR occupancy lower than HIP's: {len(s['occupancy'])}" +
          "".join(f"\n    {r['program']} {short(r['kernel'])}: waves "
                  f"{r['waves'][0]}/{r['waves'][1]}, VGPRs "
                  f"{r['ours']['vgprs']}/{r['hip']['vgprs']}"
                  for r in s["occupancy"]))
    print(f"  scratch where HIP has none: {len(s['scratch'])}" +
          "".join(f"\n    {r['program']} {short(r['kernel'])}: "
                  f"{r['ours']['scratch']} bytes" for r in s["scratch"]))
    print("  instruction classes over the matched kernels (ours / HIP; "
          "kernels with more than HIP's):")
    for label, ours, hip, more in class_lines(rows):
        print(f"    {label:<54} {ours:>6} / {hip:<6} {more:>4}")
    print(f"  worst {min(worst, len(rows))} (ours/HIP; the whole table is in "
          f"hip_ports.md):")
    print(f"    {'program':<16} {'kernel':<48} {'instrs':>9} {'ratio':>6} "
          f"{'VGPRs':>7} {'waves':>5} {'SGPRs':>7} {'scratch':>7} "
          f"{'LDS':>11}")
    for r in rows[:worst]:
        c = row_cells(r)
        print(f"    {c[0]:<16} {short(c[1]):<48} {c[2]:>9} {c[3]:>6} "
              f"{c[4]:>7} {c[5]:>5} {c[6]:>7} {c[7]:>7} {c[8]:>11}")


def failure_lines(programs, results, errors, targets):
    """One line per program and side that failed: the targets it failed
    for and the first error (the same error is given once)."""
    lines = []
    for program in programs:
        for side, label in (("ours", "ours (cu2hsaco)"), ("hip", "HIP port")):
            failed = [(t, errors[(program, side, t)]) for t in targets
                      if (program, side, t) in errors]
            if not failed:
                continue
            by_error = {}
            for t, e in failed:
                by_error.setdefault(e, []).append(t)
            for e, ts in by_error.items():
                lines.append(f"{program}, {label}, {','.join(ts)}: {e}")
    return lines


def markdown(summaries, rows_by_target, failures, header):
    out = [header, "", "| target | kernels (programs) | instructions ours/HIP "
           "(geomean) | worse / equal / better | VGPR occupancy worse | "
           "scratch where HIP has none | unmatched ours / HIP |",
           "|---|---|---|---|---|---|---|"]
    for s in summaries:
        out.append(f"| {s['target']} | {s['kernels']} ({s['programs']}) | "
                   f"{s['geomean']:.3f} | {s['worse']} / {s['equal']} / "
                   f"{s['better']} | {len(s['occupancy'])} | "
                   f"{len(s['scratch'])} | {s['unmatched'][0]} / "
                   f"{s['unmatched'][1]} |")
    out += ["", "Instruction classes summed over the matched kernels, ours / "
            "HIP (kernels with more than HIP's):", "",
            "| class | " + " | ".join(s["target"] for s in summaries) + " |",
            "|---|" + "---|" * len(summaries)]
    per_target = [class_lines(rows_by_target[s["target"]]) for s in summaries]
    for i, (label, _) in enumerate(CLASSES):
        out.append(f"| {label} | " + " | ".join(
            f"{c[i][1]} / {c[i][2]} ({c[i][3]})" for c in per_target) + " |")
    for s in summaries:
        out += ["", f"## {s['target']} (worst first; each cell ours/HIP)", "",
                "| " + " | ".join(COLUMNS) + " |",
                "|" + "---|" * len(COLUMNS)]
        for r in rows_by_target[s["target"]]:
            cells = row_cells(r)
            cells[1] = "`" + cells[1].replace("|", "\\|") + "`"
            out.append("| " + " | ".join(cells) + " |")
    out += ["", "## Programs that did not compile", ""]
    out += [f"- {line}" for line in failures] or ["none"]
    return "\n".join(out) + "\n"


def hipcub_label(hipcub):
    return f"hipCUB {'.'.join(hipcub_version(hipcub))}" if hipcub \
        else "no hipCUB"


def checkout_commit(hecbench):
    run = subprocess.run(["git", "-C", hecbench, "rev-parse", "HEAD"],
                         capture_output=True, text=True)
    return run.stdout.strip() if run.returncode == 0 else None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    p = argparse.ArgumentParser()
    p.add_argument("--hecbench", default=os.environ.get("HECBENCH", ""))
    p.add_argument("--hipcub", default=os.environ.get("HIPCUB", ""))
    p.add_argument("--corpus",
                   default=os.path.join(root, "..", "shared", "corpus"))
    p.add_argument("--build", default=os.path.join(root, "build"))
    p.add_argument("--targets", default=DEFAULT_TARGETS)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", default="")
    p.add_argument("--worst", type=int, default=10)
    args = p.parse_args()
    if not args.hecbench:
        print("bench-hip-ports: skipped: set HECBENCH=<HeCBench checkout>")
        return 0
    src = os.path.join(args.hecbench, "src")
    if not os.path.isdir(src):
        sys.exit(f"bench-hip-ports: {src} does not exist (HECBENCH must be "
                 f"a HeCBench checkout)")
    build = os.path.abspath(args.build)
    cu2hsaco = os.path.join(build, "bin", "cu2hsaco")
    targets = args.targets.split(",")
    work = os.path.join(build, "bench", "hip_ports")
    devlibs = os.path.join(work, "devlibs")
    os.makedirs(devlibs, exist_ok=True)

    only = set(filter(None, args.only.split(",")))
    programs, commits = [], set()
    jobs = []
    covs = {t: code_object_version(cu2hsaco, t, work) for t in targets}
    includes = hipcub_includes(args.hipcub, work)
    for name, build_command, commit in read_manifest(args.corpus):
        hip_dir = os.path.join(src, name + "-hip")
        if (only and name not in only) or not os.path.isdir(hip_dir):
            continue
        programs.append(name)
        commits.add(commit)
        cuda_dir = os.path.join(src, name + "-cuda")
        sides = [("ours", cuda_sources(build_command, cuda_dir)),
                 ("hip", hip_sources(hip_dir))]
        for target in targets:
            for side, sources in sides:
                argv = [cu2hsaco, "--launch-variants"] if side == "ours" else \
                    hip_argv(target, covs[target], devlibs, includes)
                jobs.append((name, side, target, sources, argv,
                             os.path.join(work, target, side, name)))

    results, errors = {}, {}
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for key, listings, error in pool.map(compile_side, jobs):
            if error:
                errors[key] = error
            else:
                results[key] = measure_side(listings)

    head = checkout_commit(args.hecbench)
    header = (f"# Against HeCBench's HIP ports\n\n{len(programs)} programs "
              f"of the corpus with a -hip port in {args.hecbench}"
              f"{f' (HEAD {head[:9]})' if head else ''}; corpus commit "
              f"{', '.join(c[:9] for c in sorted(commits))}. Ours: cu2hsaco "
              f"-O3 --launch-variants; HIP: clang-22 -x hip -O3, HIP 5.2 "
              f"headers, "
              f"{hipcub_label(args.hipcub)}, "
              f"ROCm device libraries; code object v"
              f"{'/v'.join(str(v) for v in sorted(set(covs.values())))} "
              f"both sides. Instructions: kernel label to descriptor; "
              f"waves: per SIMD, from VGPRs.")
    if head and commits and not any(head.startswith(c) or c.startswith(head)
                                    for c in commits):
        print(f"bench-hip-ports: note: checkout HEAD {head[:9]} is not the "
              f"corpus's commit; the CUDA side is the checkout's")
    print(header.replace("# ", "", 1))
    summaries, rows_by_target = [], {}
    for target in targets:
        rows, unmatched = target_rows(target, programs, results)
        rows_by_target[target] = rows
        summaries.append(summarize(target, rows, unmatched))
        print_target(summaries[-1], rows, args.worst)
    failures = failure_lines(programs, results, errors, targets)
    print(f"\n== programs that did not compile ({len(failures)} "
          f"program/side lines)")
    for line in failures:
        print(f"  {line}")
    path = os.path.join(build, "bench", "hip_ports.md")
    with open(path, "w") as f:
        f.write(markdown(summaries, rows_by_target, failures, header))
    print(f"\ntable: {path}; listings: {work}/TARGET/{{ours,hip}}/PROGRAM/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
