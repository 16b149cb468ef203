#!/usr/bin/env bash
# Builds cooperative_groups.cu with nvcc against the real CUDA toolkit's
# cooperative_groups.h and runs it on the machine's NVIDIA GPU for each
# launch shape in configs.txt (GRID BLOCK SEED), writing the buffer, in
# wavesim's format, to OUT_DIR/expected.GRIDxBLOCK.sSEED.txt.gz (committed
# beside this script). Usage: run-on-nvidia.sh OUT_DIR
set -euo pipefail
out=${1:?usage: run-on-nvidia.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
nvcc -O2 -std=c++17 -arch=sm_90 -o "$out/cooperative_groups" "$here/cooperative_groups.cu"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
nvcc --version | tail -2 >> "$out/gpu.txt"
while read -r grid block seed; do
  case $grid in ''|'#'*) continue ;; esac
  "$out/cooperative_groups" "$grid" "$block" "$seed" |
    gzip -9n > "$out/expected.${grid}x${block}.s${seed}.txt.gz"
done < "$here/configs.txt"
