#!/usr/bin/env bash
# How Inputs/ab.h100.txt was made: a.cu and b.cu built with relocatable
# device code by nvcc 13.0 and run on an NVIDIA H100 (NVIDIA's toolkit and
# headers, not cucc's). Both builds printed the same: linked by nvcc, and
# device-linked from a static library then linked by the host compiler.
# Run in a directory holding copies of a.cu and b.cu.
set -eu
nvcc -dc a.cu -o a.o
nvcc -dc b.cu -o b.o
nvcc a.o b.o -o app
./app > ab.h100.txt
ar rcs libb.a b.o
nvcc -dlink a.o libb.a -o dl.o
g++ a.o dl.o libb.a -L"$(dirname "$(which nvcc)")/../lib64" -lcudart_static \
  -lrt -lpthread -ldl -o app2
./app2 | diff - ab.h100.txt
