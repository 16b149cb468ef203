#!/usr/bin/env bash
# Runs the kernel suite (hip-kernels/suite.c) on the NVIDIA GPU of this
# machine: the kernels as PTX from clang-22 (see build-ptx below), the
# suite through the CUDA driver API (cuda-runner.c). Needs nvcc (for cuda.h
# and libcuda) and the PTX files; from the repository root:
#
#   bash hip-kernels/nvidia/run-on-nvidia.sh build/nvidia-ptx [PATTERNS]
#
# On a machine with clang-22 make the PTX first:
#
#   bash hip-kernels/nvidia/run-on-nvidia.sh --build-ptx build/nvidia-ptx
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
KERNELS=(warp_allreduce warp_reduce warp_scan warp_broadcast block_reduce
         row_reduce shfl64 stream_compact warp_agg_atomic warp_transpose
         cub_warp_reduce warp_redux_divergent)

if [ "${1:-}" = "--build-ptx" ]; then
  OUT=${2:?usage: $0 --build-ptx DIR}
  mkdir -p "$OUT"
  for k in "${KERNELS[@]}"; do
    /usr/lib/llvm-22/bin/clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
      -nocudainc -nocudalib --cuda-path=/nonexistent \
      -Xclang -target-feature -Xclang +ptx70 -I "$ROOT/hip-kernels" -O2 -S \
      "$ROOT/hip-kernels/$k.cu" -o "$OUT/$k.ptx"
  done
  exit 0
fi

PTX=${1:?usage: $0 PTX-DIR [PATTERNS]}
FILTER=${2:-}
BUILD=${BUILD:-/tmp/cuda-runner}
mkdir -p "$BUILD"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
nvcc -O2 -Xcompiler -Wall -Xcompiler -Wextra -I "$ROOT/hip-kernels" \
  -o "$BUILD/cuda-runner" "$ROOT/hip-kernels/suite.c" \
  "$ROOT/hip-kernels/nvidia/cuda-runner.c" -lcuda
FILES=()
for k in "${KERNELS[@]}"; do FILES+=("$PTX/$k.ptx"); done
"$BUILD/cuda-runner" ${FILTER:+--filter="$FILTER"} "${FILES[@]}"
