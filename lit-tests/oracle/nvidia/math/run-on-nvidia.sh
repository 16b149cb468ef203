#!/usr/bin/env bash
# Builds math_functions.cu with nvcc (the real CUDA toolkit), plain and with
# -use_fast_math, runs both on the NVIDIA GPU of the machine over the inputs
# of math_inputs.h and writes to OUT_DIR: the raw result bits (raw32.bin,
# raw64.bin, raw32.fast.bin; not committed, 35 MB), and their summaries by
# math-ulp --summarize, built there with the host's gcc and measured on
# that machine's CPU: expected.nvidia.txt and expected.nvidia.fast.txt
# (committed beside this script), and gpu.txt.
# Usage: run-on-nvidia.sh OUT_DIR
set -euo pipefail
out=${1:?usage: run-on-nvidia.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/../../../tools
bin=$(mktemp -d)
mkdir -p "$out"
nvcc -O2 -arch=sm_90 -o "$bin/math_functions" "$here/math_functions.cu"
nvcc -O2 -arch=sm_90 -use_fast_math -o "$bin/math_functions_fast" \
  "$here/math_functions.cu"
gcc -O2 -DMATH_ULP_NO_WAVESIM -o "$bin/math-ulp" "$tools/math-ulp.c" -lm
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
nvcc --version | tail -2 >> "$out/gpu.txt"
"$bin/math_functions" "$out/raw32.bin" "$out/raw64.bin"
"$bin/math_functions_fast" "$out/raw32.fast.bin" /dev/null
"$bin/math-ulp" --summarize --raw32="$out/raw32.bin" --raw64="$out/raw64.bin" \
  --out="$out/expected.nvidia.txt"
"$bin/math-ulp" --summarize --fast --raw32="$out/raw32.fast.bin" \
  --out="$out/expected.nvidia.fast.txt"
