#!/usr/bin/env bash
# Builds warp_primitives_groundtruth.cu and runs it on the NVIDIA GPU of this
# machine: first against the real reference (writes the vector file; should
# report 0 mismatches), then with --perturb (a planted bug in the ballot
# reference; must report mismatches). The vector file is gzipped into
# $OUT/vectors.bin.gz (default OUT=/tmp/warp-primitives-out). Run from the
# repository root:
#
#   bash lit-tests/oracle/nvidia/warp-primitives/run-on-nvidia.sh
#
# Exits 0 only when the real reference matched and the perturbed one did not.
set -u -o pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-/tmp/warp-primitives-groundtruth}
OUT=${OUT:-/tmp/warp-primitives-out}
mkdir -p "$BUILD" "$OUT"

echo "== nvidia-smi"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
echo "== nvcc"
nvcc --version | tail -n 2

echo "== build"
nvcc -O2 -arch=native -Xcompiler -Wall -o "$BUILD/wpgt" \
  "$HERE/warp_primitives_groundtruth.cu" || exit 2

echo "== SASS of the warp primitives (opcode counts)"
if command -v cuobjdump >/dev/null; then
  cuobjdump -sass "$BUILD/wpgt" |
    grep -oE "(VOTE|VOTEU|MATCH|REDUX|ELECT|WARPSYNC|BAR|BSSY|BSYNC|CREDUX|FLO|POPC)[.A-Z0-9]*" |
    sort | uniq -c
fi

echo "== run: real reference"
"$BUILD/wpgt" --out="$BUILD/vectors.bin"
REAL=$?
echo "exit status: $REAL"

echo "== run: perturbed reference (ballot ignores membermask; must fail)"
"$BUILD/wpgt" --perturb
PERTURBED=$?
echo "exit status: $PERTURBED"

if [ -f "$BUILD/vectors.bin" ]; then
  gzip -9 -n -c "$BUILD/vectors.bin" >"$OUT/vectors.bin.gz"
  echo "vectors.bin.gz: $(wc -c <"$OUT/vectors.bin.gz") bytes," \
       "sha256 of vectors.bin: $(sha256sum "$BUILD/vectors.bin" | cut -d' ' -f1)"
fi

if [ "$REAL" -eq 0 ] && [ "$PERTURBED" -eq 1 ]; then
  echo "RESULT: PASS (hardware matches reference; planted bug detected)"
  exit 0
fi
echo "RESULT: FAIL (real reference exit $REAL, perturbed exit $PERTURBED)"
exit 1
