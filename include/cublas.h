// cublas.h - Included for cuBLAS by older code: the same API as
// cublas_v2.h (the legacy handle-less functions are not provided).
#ifndef CUBLAS_H_
#define CUBLAS_H_

#include "cublas_v2.h"

#endif
