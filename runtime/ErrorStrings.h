/*===- ErrorStrings.h - CUDA's names and texts of its error codes -*- C -*-===*/

#ifndef CUCC_ERRORSTRINGS_H
#define CUCC_ERRORSTRINGS_H

#include "driver_types.h"

/* As NVIDIA's runtime gives them: "cudaErrorInvalidValue" and "invalid
 * argument"; for a code CUDA does not define, "unrecognized error code". */
const char *cudaErrorNameOf(cudaError_t Error);
const char *cudaErrorStringOf(cudaError_t Error);

#endif
