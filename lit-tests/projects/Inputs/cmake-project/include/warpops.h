// Device functions and data of the warpops library, defined in its own .cu
// files and used from other targets' kernels (relocatable device code).
#pragma once

extern __device__ int warpSum(int value);
extern __device__ int blockExclusiveScan(int value, int *total);
extern __device__ unsigned scanCalls;
