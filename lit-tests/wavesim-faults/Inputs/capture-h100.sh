#!/usr/bin/env bash
# Builds faults.cu with nvcc (NVIDIA's headers) and runs every case on the
# machine's NVIDIA GPU: faults.h100.txt is its stdout (run-cases.py's
# layout); the stderr of each case and the GPU, driver and nvcc version go
# to faults.h100.stderr.txt. Usage: capture-h100.sh OUT_DIR
set -uo pipefail
out=${1:?usage: capture-h100.sh OUT_DIR}
here=$(dirname "$0")
mkdir -p "$out"
nvcc -O2 -arch=sm_90 -o "$out/faults" "$here/faults.cu" 2> "$out/nvcc.txt"
cases="far null load-null shared recurse trap __trap assert div0"
python3 "$here/run-cases.py" "$out/faults" - $cases > "$out/faults.h100.txt"
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -2
  for c in $cases; do echo "== case $c"; "$out/faults" "$c" 2>&1 >/dev/null; done
} > "$out/faults.h100.stderr.txt"
