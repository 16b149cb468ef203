#!/usr/bin/env bash
# Builds a ground-truth program (a .cu whose main prints its result buffer
# in wavesim's format) with nvcc, the real CUDA toolkit, runs it on the
# NVIDIA GPU of the machine and writes OUT_DIR/expected.nvidia.txt and
# OUT_DIR/gpu.txt (the GPU, driver and nvcc version), the two files
# committed beside the program. Usage: capture.sh PROGRAM.cu OUT_DIR
set -euo pipefail
program=${1:?usage: capture.sh PROGRAM.cu OUT_DIR}
out=${2:?usage: capture.sh PROGRAM.cu OUT_DIR}
mkdir -p "$out"
nvcc -O2 -arch=sm_90 -o "$out/program" "$program"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
nvcc --version | tail -2 >> "$out/gpu.txt"
"$out/program" > "$out/expected.nvidia.txt"
