#!/usr/bin/env bash
# Builds curand_host_api.cu with the real CUDA toolkit (nvcc, NVIDIA's
# curand.h and libcurand), runs it on the machine's NVIDIA GPU and writes
# OUT_DIR/expected.h100.txt (its stdout: the file committed beside this
# script), OUT_DIR/gpu.txt (GPU, driver, nvcc) and, for finding the
# orderings, every value of every record: OUT_DIR/full.<generator>.tgz
# (not committed). Usage: capture.sh OUT_DIR
set -uo pipefail
out=${1:?usage: capture.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
nvcc -O2 -arch=sm_90 -o "$work/curand_host_api" "$here/curand_host_api.cu" \
  -lcurand || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
  > "$out/gpu.txt"
nvcc --version | tail -2 >> "$out/gpu.txt"
mkdir -p "$work/full"
"$work/curand_host_api" "$work/full" > "$out/expected.h100.txt"
echo "exit=$?"
for generator in xorwow philox mrg32k3a sobol32; do
  tar -C "$work/full" -czf "$out/full.$generator.tgz" \
    full.$generator.device.bin full.$generator.host.bin
done
ls -la "$out"
