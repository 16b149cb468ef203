#!/usr/bin/env bash
# Builds the ground-truth programs of lit-tests/runtime-errors and
# lit-tests/streams with the real CUDA toolkit (nvcc, NVIDIA's headers),
# runs each on the NVIDIA GPU of the machine and writes into OUT_DIR:
#   <name>.h100.txt   the program's stdout (what the tests compare against)
#   <name>.stderr     its stderr, for inspection
#   gpu.txt           the GPU, driver and nvcc version, and exit statuses
# Run from the repository root: capture-h100.sh OUT_DIR.
set -uo pipefail
out=${1:?usage: capture-h100.sh OUT_DIR}
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin=$(mktemp -d)
mkdir -p "$out"
sources=("$root"/lit-tests/runtime-errors/Inputs/*.cu
         "$root"/lit-tests/streams/Inputs/*.cu)
for src in "${sources[@]}"; do
  name=$(basename "$src" .cu)
  nvcc -O2 -arch=sm_90 -o "$bin/$name" "$src" -lpthread \
    >"$out/$name.build" 2>&1 &
done
wait
nvidia-smi --query-gpu=name,driver_version,compute_mode --format=csv,noheader \
  >"$out/gpu.txt"
nvcc --version | tail -2 >>"$out/gpu.txt"
for src in "${sources[@]}"; do
  name=$(basename "$src" .cu)
  if [ ! -x "$bin/$name" ]; then
    echo "$name exit=build-failed" >>"$out/gpu.txt"
    continue
  fi
  timeout 60 "$bin/$name" >"$out/$name.h100.txt" 2>"$out/$name.stderr"
  echo "$name exit=$?" >>"$out/gpu.txt"
done
cat "$out/gpu.txt"
