#!/usr/bin/env bash
# Builds lit-tests/oracle/nvidia/shfl_groundtruth.cu and checks the shfl.sync
# model (pass/warp/ShflSemantics.c) against the NVIDIA GPU of this machine:
# first the real model (must report 0 mismatches), then --perturb-model (a
# planted bug; must report mismatches). Run from the repository root:
#
#   bash lit-tests/oracle/nvidia/run-on-nvidia.sh
#
# Exits 0 only when the real model matched and the perturbed one did not.
set -u -o pipefail

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${BUILD:-/tmp/shfl-groundtruth}
mkdir -p "$BUILD"

echo "== nvidia-smi"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
echo "== nvcc"
nvcc --version | tail -n 2

echo "== build"
# nvcc hands the .c file to the host compiler as C; the header's extern "C"
# links it to the C++ host code.
nvcc -O2 -arch=native -Xcompiler -Wall -o "$BUILD/shfl_groundtruth" \
  "$ROOT/lit-tests/oracle/nvidia/shfl_groundtruth.cu" \
  "$ROOT/pass/warp/ShflSemantics.c" || exit 2

echo "== SASS shuffles (b and c must be registers, not immediates)"
if command -v cuobjdump >/dev/null; then
  cuobjdump -sass "$BUILD/shfl_groundtruth" | grep -E "SHFL|WARPSYNC" | sed "s/^ *//"
fi

echo "== run: real model"
"$BUILD/shfl_groundtruth"
REAL=$?
echo "exit status: $REAL"

echo "== run: perturbed model (planted bug, must fail)"
"$BUILD/shfl_groundtruth" --perturb-model
PERTURBED=$?
echo "exit status: $PERTURBED"

if [ "$REAL" -eq 0 ] && [ "$PERTURBED" -eq 1 ]; then
  echo "RESULT: PASS (model matches hardware; planted bug detected)"
  exit 0
fi
echo "RESULT: FAIL (real model exit $REAL, perturbed model exit $PERTURBED)"
exit 1
