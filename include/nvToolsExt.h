/*===- nvToolsExt.h - NVTX under its older include path ------------------===*
 *
 * NVTX 2's path, which code written before NVTX 3 includes (and links
 * -lnvToolsExt for, an empty stand-in here): the same API as
 * nvtx3/nvToolsExt.h.
 *
 *===----------------------------------------------------------------------===*/
#include "nvtx3/nvToolsExt.h"
