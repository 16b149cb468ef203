// builtin_types.h - The types every CUDA file sees: the vector types and
// dim3, and the runtime's types and enumerations.
#ifndef __BUILTIN_TYPES_H__
#define __BUILTIN_TYPES_H__

#include "driver_types.h"
#include "library_types.h"
#include "vector_types.h"

#endif
