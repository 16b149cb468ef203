#!/usr/bin/env bash
# `make demo`: compiles hip-kernels/warp_reduce_scan.cu to NVVM IR with
# clang-22 (no NVIDIA SDK), lowers its shuffles with the plugin in stock
# opt-22, and shows the IR before and after, then the gfx90a ISA of the
# lowered device functions. Then it compiles every bundled kernel file with
# cu2hsaco for gfx90a and gfx1100 and verifies it against the CPU
# references: on the AMD GPU of this machine where its processor matches,
# else on wavesim, printing one table row per file and target. Last, it
# builds a whole CUDA program (hip-kernels/programs/scan.cu: host code,
# kernels, its own check) with cucc and runs it as a user would: on the AMD
# GPU if there is one, else on wavesim, once as wave64 and once as wave32.
set -euo pipefail
BUILD=${1:-build}
BIN=/usr/lib/llvm-22/bin
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$BUILD/demo
mkdir -p "$OUT"
PLUGIN=$BUILD/lib/libNVVMWarpToAMDGPU.so
FUNCS=(warp_allreduce_sum warp_inclusive_scan warp_broadcast)

section() { printf '\n==== %s\n' "$1"; }
show_function() { sed -n "/^define .*@$2(/,/^}/p" "$1"; }

$BIN/clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc \
  -nocudalib --cuda-path=/nonexistent -Xclang -target-feature -Xclang +ptx70 \
  -isystem "$HERE/../include" -O2 -emit-llvm -S "$HERE/warp_reduce_scan.cu" \
  -o "$OUT/nvvm.ll"
$BIN/opt -load-pass-plugin="$PLUGIN" -passes=nvvm-shfl-to-amdgpu -S \
  "$OUT/nvvm.ll" -o "$OUT/lowered.ll"

section "before: clang's NVVM IR for warp_allreduce_sum"
show_function "$OUT/nvvm.ll" warp_allreduce_sum
section "after: opt -load-pass-plugin=$PLUGIN -passes=nvvm-shfl-to-amdgpu"
show_function "$OUT/lowered.ll" warp_allreduce_sum

# Retarget just the device functions: drop the NVPTX layout, triple and
# sm_80 attributes, keep the code.
$BIN/llvm-extract "${FUNCS[@]/#/--func=}" -S "$OUT/lowered.ll" |
  sed -e '/^target datalayout/d' \
      -e 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/' \
      -e 's/"target-cpu"="[^"]*"//' -e 's/"target-features"="[^"]*"//' \
      >"$OUT/amdgcn.ll"
$BIN/llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 "$OUT/amdgcn.ll" \
  -o "$OUT/gfx90a.s"
section "gfx90a ISA of warp_allreduce_sum"
sed -n '/^warp_allreduce_sum:/,/s_setpc_b64/p' "$OUT/gfx90a.s" | grep -v '^\s*;'

section "summary"
printf '%-22s %10s %14s %12s\n' function "nvvm.shfl" "ds_bpermute" "NVVM left"
for f in "${FUNCS[@]}"; do
  before=$(show_function "$OUT/nvvm.ll" "$f" | grep -c 'call .*@llvm.nvvm.shfl' || true)
  after=$(sed -n "/^$f:/,/s_setpc_b64/p" "$OUT/gfx90a.s" | grep -c 'ds_bpermute_b32' || true)
  left=$(show_function "$OUT/lowered.ll" "$f" | grep -c '@llvm.nvvm' || true)
  printf '%-22s %10s %14s %12s\n' "$f" "$before" "$after" "$left"
done
echo "files: $OUT/{nvvm.ll,lowered.ll,gfx90a.s}"

# The processor of this machine's AMD GPU, if it has one.
GPU_ARCH=$("$BUILD/bin/hip-runner" --probe 2>/dev/null |
  sed -n 's/^offload-arch: //p' || true)

section "bundled kernels: cu2hsaco, then verified against the CPU references"
printf '%-16s %-8s %11s %9s %-16s %-6s %s\n' \
  file target "hsaco bytes" "warp ops" "verified on" result "max error"
for cu in "$HERE"/*.cu; do
  file=$(basename "$cu" .cu)
  [ "$file" = warp_reduce_scan ] && continue
  for arch in gfx90a gfx1100; do
    wave=64
    [ "$arch" = gfx1100 ] && wave=32
    hsaco=$OUT/$file.$arch.hsaco
    shuffles=$("$BUILD/bin/cu2hsaco" -v "$cu" -o "$hsaco" --offload-arch=$arch 2>&1 |
      sed -n 's/^cu2hsaco: \([0-9]*\) warp intrinsics lowered.*/\1/p')
    if [ "$arch" = "$GPU_ARCH" ]; then
      where="AMD GPU"
      "$BUILD/bin/hip-runner" --run "$hsaco" >"$OUT/$file.$arch.log" 2>&1 && status=PASS || status=FAIL
    else
      where="wavesim wave$wave"
      "$BUILD/bin/cu2hsaco" "$cu" --emit-llvm -o "$OUT/$file.$arch.ll" --offload-arch=$arch
      "$BUILD/bin/wavesim-suite" --wave=$wave --source="$file.cu" "$OUT/$file.$arch.ll" \
        >"$OUT/$file.$arch.log" 2>&1 && status=PASS || status=FAIL
    fi
    max_error=$(sed -n 's/.*max_err=\([^ ]*\).*/\1/p' "$OUT/$file.$arch.log" |
      sort -g | tail -n 1)
    printf '%-16s %-8s %11s %9s %-16s %-6s %s\n' "$file" "$arch" \
      "$(stat -c %s "$hsaco")" "$shuffles" "$where" "$status" "${max_error:-?}"
  done
done
[ -n "$GPU_ARCH" ] || echo "no AMD GPU (hipErrorNoDevice): hardware runs skipped; wavesim is a model, not hardware"
echo "logs: $OUT/*.log"

section "a whole CUDA program: cucc scan.cu -o scan && ./scan"
PROGRAM=$HERE/programs/scan.cu
ARCHS=gfx942,gfx1100${GPU_ARCH:+,$GPU_ARCH}
echo "\$ cucc $PROGRAM -o $OUT/scan --offload-arch=$ARCHS"
"$BUILD/bin/cucc" "$PROGRAM" -o "$OUT/scan" --offload-arch="$ARCHS"
echo "\$ $OUT/scan"
"$OUT/scan" | tail -n 3
if [ -z "$GPU_ARCH" ]; then
  echo "\$ CUCC_DEVICE=wavesim:gfx1100 $OUT/scan"
  CUCC_DEVICE=wavesim:gfx1100 "$OUT/scan" | tail -n 3
fi
