#!/bin/bash
# run-on-nvidia.sh - the ground truth of lit-tests/half on an NVIDIA GPU with
# the toolkit's own headers: builds half_oracle.cu once per section (with
# the host sweeps where the toolkit's host side compiles), half_misc.cu, and
# each case of half_overloads.cu alone, runs them, and leaves the outputs in
# $1 (default ./half-nvidia). Used once on an H100 (CUDA 13.0); its outputs
# are the expected.*.nvidia.txt files beside this script.
set -u
IN=$(cd "$(dirname "$0")/../Inputs" && pwd)
O=${1:-half-nvidia}
mkdir -p "$O/bin"
nvcc --version | tail -2 > "$O/nvcc-version.txt"
build_section() {
  S=$1
  nvcc -arch=sm_90 -O2 -std=c++17 -DORACLE_$S -DORACLE_HOST "$IN/half_oracle.cu" \
    -o "$O/bin/$S" > "$O/build.$S.log" 2>&1 ||
    { echo "host sweeps of $S do not build; device only" >> "$O/build.$S.log";
      nvcc -arch=sm_90 -O2 -std=c++17 -DORACLE_$S "$IN/half_oracle.cu" \
        -o "$O/bin/$S" >> "$O/build.$S.log" 2>&1; }
}
build_case() {
  if nvcc -arch=sm_90 -std=c++17 -DONLY=$1 -c "$IN/half_overloads.cu" \
      -o "$O/bin/case$1.o" > "$O/bin/case$1.log" 2>&1; then
    echo "case $1: accepted"
  else
    echo "case $1: rejected: $(grep -m1 error "$O/bin/case$1.log")"
  fi
}
for S in FP16 BF16 FP8 EXTRA; do build_section $S & done
nvcc -arch=sm_90 -O2 "$IN/half_misc.cu" -o "$O/bin/misc" > "$O/build.misc.log" 2>&1 &
for N in $(seq 1 53); do build_case $N > "$O/bin/case$N.txt" & done
wait
cat "$O"/bin/case*.txt | sort -t' ' -k2 -n > "$O/overloads.nvidia.txt"
for S in FP16 BF16 FP8 EXTRA; do
  [ -x "$O/bin/$S" ] && "$O/bin/$S" > "$O/expected.$S.nvidia.txt" 2>&1 &
done
[ -x "$O/bin/misc" ] && "$O/bin/misc" > "$O/expected.misc.nvidia.txt" 2>&1
wait
rm -rf "$O/bin"
