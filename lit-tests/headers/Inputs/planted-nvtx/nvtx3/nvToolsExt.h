// A planted NVTX: the real header, with a push that returns a nesting level
// as a tool's would, where NVIDIA's returns NVTX_NO_PUSH_POP_TRACKING.
#include_next <nvtx3/nvToolsExt.h>
#define nvtxRangePushA(Message) ((void)(Message), 0)
