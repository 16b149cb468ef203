#!/usr/bin/env bash
# Builds every sample program in hip-kernels/programs/*.cu, the runtime API
# probe and the attribute-value listing beside this script and the
# multi-file project in
# hip-kernels/programs/multi_file/ (each .cu compiled by nvcc -c, main.cpp by
# the host compiler against the toolkit's headers, linked by nvcc) with the
# real CUDA toolkit, runs each on the NVIDIA GPU of the machine and writes,
# into OUT_DIR:
#   expected.<name>.txt   the program's stdout (what is compared)
#   exits.txt             one "<name> exit=<status>" line per program
#   gpu.txt               the GPU, driver and nvcc version
#   logs/<name>.stderr    the program's stderr (timings, device name,
#                         assert messages) and logs/<name>.build (nvcc
#                         output); for inspection, not committed
# The expected.*.txt, exits.txt and gpu.txt are the files committed beside
# this script. Run from anywhere: capture.sh OUT_DIR. With BIN_DIR set, the
# executables are built there and kept (for compute-sanitizer, say).
set -uo pipefail
out=${1:?usage: capture.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
mkdir -p "$out/logs"
if [ -n "${BIN_DIR:-}" ]; then
  bin=$BIN_DIR
  mkdir -p "$bin"
else
  bin=$(mktemp -d)
  trap 'rm -rf "$bin"' EXIT
fi

sources=("$root"/hip-kernels/programs/*.cu "$here/runtime_api_probe.cu"
         "$here/attribute_values.cu")
names=()
for src in "${sources[@]}"; do names+=("$(basename "$src" .cu)"); done
names+=(multi_file)

# Build in parallel: nvcc is most of the time.
for src in "${sources[@]}"; do
  name=$(basename "$src" .cu)
  nvcc -O2 -arch=sm_90 -o "$bin/$name" "$src" >"$out/logs/$name.build" 2>&1 &
done
# The multi-file project, built as a project's makefile would: its .cu files
# separately (whole-program device code per file, no -rdc), the host-only
# main.cpp by g++ with the toolkit's include directory, the objects linked
# by nvcc.
multi=$root/hip-kernels/programs/multi_file
cuda_include=$(dirname "$(command -v nvcc)")/../include
mkdir -p "$bin/multi_file.objs"
(
  set -e
  cd "$bin/multi_file.objs"
  nvcc -O2 -arch=sm_90 -c "$multi/vector_ops.cu" -o vector_ops.o &
  vector_ops=$!
  nvcc -O2 -arch=sm_90 -c "$multi/reduce_ops.cu" -o reduce_ops.o &
  reduce_ops=$!
  g++ -O2 -I"$cuda_include" -c "$multi/main.cpp" -o main.o
  wait $vector_ops
  wait $reduce_ops
  nvcc vector_ops.o reduce_ops.o main.o -o "$bin/multi_file"
) >"$out/logs/multi_file.build" 2>&1 &
wait

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/gpu.txt"
nvcc --version | tail -2 >>"$out/gpu.txt"

: >"$out/exits.txt"
for name in "${names[@]}"; do
  if [ ! -x "$bin/$name" ]; then
    echo "$name exit=build-failed" >>"$out/exits.txt"
    continue
  fi
  timeout 120 "$bin/$name" >"$out/expected.$name.txt" 2>"$out/logs/$name.stderr"
  echo "$name exit=$?" >>"$out/exits.txt"
done
cat "$out/exits.txt"
