// Does not compile: clang's message must reach the user.
extern "C" __global__ void k() { undeclared(); }
