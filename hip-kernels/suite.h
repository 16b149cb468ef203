/*===- suite.h - Test cases of the bundled kernels -----------------*- C -*-===*
 *
 * A table of test cases for the kernels of the .cu files here: for each the
 * kernel symbol, its source file, the launch shape, a seeded input
 * generator, a CPU reference and the tolerance of the comparison. The suite
 * runs them over several problem sizes through the Device interface of
 * device.h, so the same table checks an AMD GPU (hip-runner), an NVIDIA GPU
 * (nvidia/cuda-runner.c) or an emulator; it does not know which.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HIPKERNELS_SUITE_H
#define HIPKERNELS_SUITE_H

#include "device.h"

#include <stddef.h>
#include <stdio.h>

/* Runs every case whose kernel matches KernelFilter over all of its sizes
 * and prints one line per case and size to Report: kernel, size and launch
 * shape, maximum error, tolerance, PASS or FAIL; then a summary line.
 *
 * KernelFilter is NULL or "" for every case, else a comma-separated list of
 * shell patterns (fnmatch) matched against kernel names, for example
 * "warp_scan_*,block_reduce_sum_f32". Returns the number of failed runs; a
 * filter that matches no case counts as one failure. */
int suiteRun(Device *D, const char *KernelFilter, FILE *Report);

/* suiteRun over the sizes of at most MaxElements elements only (N, or rows
 * times columns), for slow devices such as an instruction-set emulator;
 * MaxElements 0 runs every size, as suiteRun does. */
int suiteRunUpTo(Device *D, const char *KernelFilter, size_t MaxElements,
                 FILE *Report);

/* Whether Kernel matches KernelFilter, with suiteRun's rules. */
int suiteFilterMatches(const char *KernelFilter, const char *Kernel);

/* Writes to Out the filter naming exactly the kernels of Source (a file
 * name under hip-kernels/) that match Filter (NULL: all of them); "" if
 * there is none. */
void suiteSelectKernels(const char *Source, const char *Filter, char *Out,
                        size_t OutSize);

/* The table, for listings: the number of cases, and case I's kernel symbol
 * and source file (a file name under hip-kernels/). A kernel has one case. */
size_t suiteNumCases(void);
const char *suiteCaseKernel(size_t I);
const char *suiteCaseSource(size_t I);

#endif
