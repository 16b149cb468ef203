#!/usr/bin/env bash
# Runs on a machine with NVIDIA's toolkit: nvcc for an H100 in place of the
# compiler under test, for run-corpus.py's --cucc. The corpus's build lines
# name old targets (-arch=sm_60) that CUDA 13's nvcc no longer builds, and
# the harness adds --offload-arch: both are replaced by -arch=sm_90.
args=()
skip=0
for a in "$@"; do
  if [ $skip = 1 ]; then skip=0; continue; fi
  case "$a" in
    --offload-arch=*|-arch=*|--gpu-architecture=*|-gencode=*) ;;
    -arch|-gencode) skip=1 ;;
    *) args+=("$a") ;;
  esac
done
exec nvcc -arch=sm_90 "${args[@]}"
