// Which side of a .cu file a command sees: the host side (no __CUDA_ARCH__)
// or the device side, and the macros the command line defined.
#ifdef __CUDA_ARCH__
int device_side_seen;
#else
int host_side_seen;
#endif
int host_macros[] = {HOST_A, HOST_B, HOST_C, HOST_D, HOST_E, HOST_F};
