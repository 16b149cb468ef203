#!/usr/bin/env bash
# Builds exited_lanes_groundtruth.cu and runs it on the NVIDIA GPU of this
# machine: first against the real reference (writes the vector file; should
# report 0 mismatching lanes), then with --perturb (match.all returning the
# whole membermask, as our lowering once did; must report mismatches). The
# vector file is gzipped into $OUT/vectors.bin.gz and the output of both
# runs goes to $OUT/groundtruth.summary.txt (default OUT=/tmp/exited-lanes-out).
# Run from the repository root:
#
#   bash lit-tests/oracle/nvidia/exited-lanes/run-on-nvidia.sh
#
# Exits 0 only when the real reference matched and the perturbed one did not.
set -u -o pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-/tmp/exited-lanes-groundtruth}
OUT=${OUT:-/tmp/exited-lanes-out}
mkdir -p "$BUILD" "$OUT"

main() {
  echo "== nvidia-smi"
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  echo "== nvcc"
  nvcc --version | tail -n 2

  echo "== build"
  nvcc -O2 -arch=native -Xcompiler -Wall -o "$BUILD/elgt" \
    "$HERE/exited_lanes_groundtruth.cu" || return 2

  echo "== SASS of the warp primitives (opcode counts)"
  if command -v cuobjdump >/dev/null; then
    cuobjdump -sass "$BUILD/elgt" |
      grep -oE "(SHFL|VOTE|VOTEU|MATCH|REDUX|ELECT|WARPSYNC|BSSY|BSYNC|EXIT)[.A-Z0-9]*" |
      sort | uniq -c
  fi

  echo "== run: real reference"
  "$BUILD/elgt" --out="$BUILD/vectors.bin"
  REAL=$?
  echo "exit status: $REAL"

  echo "== run: perturbed reference (match.all returns the membermask; must fail)"
  "$BUILD/elgt" --perturb
  PERTURBED=$?
  echo "exit status: $PERTURBED"

  if [ -f "$BUILD/vectors.bin" ]; then
    gzip -9 -n -c "$BUILD/vectors.bin" >"$OUT/vectors.bin.gz"
    echo "vectors.bin.gz: $(wc -c <"$OUT/vectors.bin.gz") bytes," \
         "sha256 of vectors.bin: $(sha256sum "$BUILD/vectors.bin" | cut -d' ' -f1)"
  fi

  if [ "$REAL" -eq 0 ] && [ "$PERTURBED" -eq 1 ]; then
    echo "RESULT: PASS (hardware matches reference; planted bug detected)"
    return 0
  fi
  echo "RESULT: FAIL (real reference exit $REAL, perturbed exit $PERTURBED)"
  return 1
}

main 2>&1 | tee "$OUT/groundtruth.summary.txt"
