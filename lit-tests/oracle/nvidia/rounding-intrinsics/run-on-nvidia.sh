#!/usr/bin/env bash
# Builds rounding_intrinsics.cu with nvcc (the real CUDA toolkit) and runs it on
# the NVIDIA GPU of the machine, writing its buffer, in wavesim's format, to
# OUT_DIR/rounding_intrinsics.nvidia.txt (committed beside this script as
# expected.nvidia.txt). Usage: run-on-nvidia.sh OUT_DIR
set -euo pipefail
out=${1:?usage: run-on-nvidia.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
nvcc -O2 -arch=sm_90 -o "$out/rounding_intrinsics" "$here/rounding_intrinsics.cu"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
nvcc --version | tail -2 >> "$out/gpu.txt"
"$out/rounding_intrinsics" > "$out/rounding_intrinsics.nvidia.txt"
