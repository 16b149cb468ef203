#!/usr/bin/env bash
# Builds every generated warp-idiom program beside this script
# (wi-*.cu, written by lit-tests/oracle/gen-warp-idioms.py: wi-s15-* by
# --seed 15 --count 16, wi-c16-* by --chains --seed 16 --count 8) with
# the real CUDA toolkit, with the flags its
# "// build-flags:" line names, runs each on the NVIDIA GPU of the
# machine three times and writes into OUT_DIR:
#   NAME.nvidia.txt  the program's stdout (what lit-tests/oracle/
#                    warp-idioms.test compares with; committed)
#   exits.txt        one "NAME exit=STATUS runs=identical|DIFFER" line
#   gpu.txt          the GPU, driver and nvcc version (committed)
#   logs/            nvcc's output and each program's stderr (not committed)
# Usage: capture.sh OUT_DIR
set -uo pipefail
out=${1:?usage: capture.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
mkdir -p "$out/logs"

for src in "$here"/wi-*.cu; do
  name=$(basename "$src" .cu)
  flags=$(sed -n 's|^// build-flags: \(--.*\)$|\1|p' "$src")
  "$nvcc" -O2 -arch=sm_90 $flags -o "$bin/$name" "$src" >"$out/logs/$name.build" 2>&1 &
done
wait

"$nvcc" --version | tail -2 >"$out/gpu.tmp"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; cat "$out/gpu.tmp"; } >"$out/gpu.txt"
rm -f "$out/gpu.tmp"
: >"$out/exits.txt"
for src in "$here"/wi-*.cu; do
  name=$(basename "$src" .cu)
  if [ ! -x "$bin/$name" ]; then
    echo "$name exit=build-failed" >>"$out/exits.txt"
    continue
  fi
  "$bin/$name" >"$out/$name.nvidia.txt" 2>"$out/logs/$name.stderr"
  status=$?
  same=identical
  for run in 2 3; do
    "$bin/$name" 2>/dev/null | cmp -s - "$out/$name.nvidia.txt" || same=DIFFER
  done
  echo "$name exit=$status runs=$same" >>"$out/exits.txt"
done
cat "$out/exits.txt" "$out/gpu.txt"
