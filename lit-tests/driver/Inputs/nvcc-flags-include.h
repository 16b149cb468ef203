// Force-included by nvcc-flags.test (-include).
#define INCLUDED_SCALE 3
