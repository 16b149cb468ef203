// deps.cu's own header (local.h in the test's directory).
#define LOCAL_SCALE 3
