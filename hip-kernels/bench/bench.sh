#!/usr/bin/env bash
# `make bench`: our shuffle lowering against HIP 5.2's, through the same
# clang-22/LLVM 22 AMDGPU backend. Compiles the warp-level benchmark
# functions (warp_funcs.cu) and the reduction/scan kernels of hip-kernels/
# three ways for each target: as HIP with HIP 5.2's headers
# (hip_compat.h maps the CUDA shuffle API onto __shfl*), and with cu2hsaco
# --strategy=bpermute and --strategy=best; and rocPRIM 5.3's equivalents of
# three of the idioms (rocprim_funcs.hip, Debian's librocprim-dev, installed
# here when missing) as AMD's own peer, with NVIDIA's CUB 1.17 warp
# primitives (cub_funcs.cu) through cu2hsaco beside them; then
# bench_report.py prints, per function and target, instruction counts by
# class, llvm-mca cycles and a dependency-chain estimate with a stated DS
# latency, times the pass against opt -O3 on a generated module of 10,000
# shuffle functions (and counts both's instructions with callgrind on a
# tenth of it), and ends with the issue's targets marked PASS or MISS. Our two lowerings are also built
# as code objects and validated by comgr (warp_funcs.cu's functions are
# noinline, so this links real calls). Not part of `make check`.
#
# Usage: bench.sh [BUILD_DIR]
# Environment: BENCH_DS_LATENCY (default 64), BENCH_REPS (timing runs,
# default 5), BENCH_FUNCTIONS (functions in the timed module, default 10000).
set -euo pipefail
BUILD=${1:-build}
BIN=/usr/lib/llvm-22/bin
HERE=$(cd "$(dirname "$0")" && pwd)
KERNELS=$(dirname "$HERE")
OUT=$BUILD/bench
TARGETS=(gfx90a gfx942 gfx1030 gfx1100 gfx1200)
# The reduction and scan kernels of hip-kernels/ measured whole.
# (warp_reduce_scan.cu, make demo's file, has device functions but no
# kernel: HIP drops them, and warp_funcs.cu measures the same idioms.)
FILES=(warp_allreduce warp_reduce warp_scan block_reduce row_reduce shfl64)
DS_LATENCY=${BENCH_DS_LATENCY:-64}
REPS=${BENCH_REPS:-5}
FUNCTIONS=${BENCH_FUNCTIONS:-10000}
COUNT_FUNCTIONS=$((FUNCTIONS / 10))

# rocPRIM's headers: Debian's librocprim-dev (5.3), header-only.
if [ ! -f /usr/include/rocprim/rocprim.hpp ]; then
  echo "bench: rocPRIM missing; apt-get install -y librocprim-dev"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y librocprim-dev &&
     ! { apt-get update &&
         DEBIAN_FRONTEND=noninteractive apt-get install -y librocprim-dev; }; then
    echo "bench: could not install librocprim-dev (rocPRIM 5.3's headers," \
      "/usr/include/rocprim); install it as root and rerun" >&2
    exit 1
  fi
fi

rm -rf "$OUT"
for lowering in hip bpermute best rocprim cub; do
  for target in "${TARGETS[@]}"; do
    mkdir -p "$OUT/$lowering/$target"
  done
done

# One compile job per line: LOWERING TARGET SOURCE.
jobs() {
  for lowering in hip bpermute best; do
    for target in "${TARGETS[@]}"; do
      echo "$lowering $target $HERE/warp_funcs.cu"
      for f in "${FILES[@]}"; do
        echo "$lowering $target $KERNELS/$f.cu"
      done
    done
  done
  for target in "${TARGETS[@]}"; do
    echo "rocprim $target $HERE/rocprim_funcs.hip"
    echo "cub $target $HERE/cub_funcs.cu"
  done
}

compile() {
  local lowering=$1 target=$2 src=$3 wave=64
  local out=$OUT/$lowering/$target/$(basename "$src" .cu).s
  case $target in gfx9*) ;; *) wave=32 ;; esac
  if [ "$lowering" = rocprim ]; then
    # rocPRIM needs HIP 5.2's own headers, not clang's HIP wrappers (whose
    # fp16 builtins HIP 5.2's amd_hip_fp16.h no longer matches). rocPRIM
    # 5.3 does not build for gfx11/gfx12 (its row_bcast DPP controls do not
    # exist there): the error goes to rocprim_funcs.err, and the report says
    # so instead of giving numbers.
    out=$OUT/rocprim/$target/rocprim_funcs.s
    if ! "$BIN/clang" -x hip --offload-arch="$target" --cuda-device-only \
      -nogpuinc -nogpulib -I"$BIN/../lib/clang/22" -I/usr/include \
      -D__AMDGCN_WAVEFRONT_SIZE=$wave -O3 -mcode-object-version=5 \
      -S "$src" -o "$out" 2>"${out%.s}.err"; then
      rm -f "$out"
    fi
  elif [ "$lowering" = cub ]; then
    "$BUILD/bin/cu2hsaco" "$src" -S -o "$out" --offload-arch="$target"
  elif [ "$lowering" = hip ]; then
    "$BIN/clang" -x hip --offload-arch="$target" --cuda-device-only -nogpulib \
      -O3 -mcode-object-version=5 -D__AMDGCN_WAVEFRONT_SIZE=$wave \
      -include "$HERE/hip_compat.h" -I "$KERNELS" -S "$src" -o "$out"
  else
    "$BUILD/bin/cu2hsaco" "$src" -S -o "$out" --offload-arch="$target" \
      --strategy="$lowering" --launch-variants
    # The listing is what is measured; the code object (linked, checked by
    # comgr) shows that what is measured is what a user can load.
    "$BUILD/bin/cu2hsaco" "$src" -o "${out%.s}.hsaco" --offload-arch="$target" \
      --strategy="$lowering" --launch-variants
    "$BUILD/bin/hip-runner" --validate "${out%.s}.hsaco" \
      --expect-isa="$target" >/dev/null
  fi
}
export -f compile
export BIN BUILD HERE KERNELS OUT

jobs | xargs -P "$(nproc)" -L 1 bash -c 'compile "$@"' _

python3 "$HERE/gen_shfl_module.py" "$FUNCTIONS" "$OUT/shfl_module.ll"
"$BIN/llvm-as" "$OUT/shfl_module.ll" -o "$OUT/shfl_module.bc"
# A tenth of it, whose instructions callgrind counts in a minute.
python3 "$HERE/gen_shfl_module.py" "$COUNT_FUNCTIONS" "$OUT/shfl_module_small.ll"

IFS=,
python3 "$HERE/bench_report.py" --dir "$OUT" --targets "${TARGETS[*]}" \
  --files "${FILES[*]}" --ds-latency "$DS_LATENCY" \
  --plugin "$BUILD/lib/libNVVMWarpToAMDGPU.so" --module "$OUT/shfl_module.bc" \
  --functions "$FUNCTIONS" --reps "$REPS" \
  --count-module "$OUT/shfl_module_small.ll" | tee "$OUT/report.txt"
unset IFS
echo "assembly: $OUT/{hip,bpermute,best,rocprim,cub}/TARGET/*.s; code objects:"
echo "$OUT/{bpermute,best}/TARGET/*.hsaco; report: $OUT/report.txt;"
echo "the warp functions as a Markdown table (README.md): $OUT/warp_table.md;"
echo "ours against rocPRIM 5.3 (README.md): $OUT/rocprim_table.md"
echo
bash "$HERE/math_bench.sh" "$BUILD" | tee "$OUT/math_report.txt"
