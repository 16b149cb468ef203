// builtin_types.h - The types every CUDA file sees: the vector types and
// dim3, and the runtime's types and enumerations.
#ifndef __BUILTIN_TYPES_H__
#define __BUILTIN_TYPES_H__

#include "driver_types.h"
#include "library_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"
#include "cuda_graph_types.h"

#endif
