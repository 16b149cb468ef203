// grid_dims.cu - Each thread of a launch of any shape records what it reads
// of CUDA's built-in variables, for lit-tests/grid-dims/ (check_dims.py
// holds them against CUDA's definition).
//
// Thread (threadIdx) of block (blockIdx) writes RecordWords words at
// out[RecordWords * (block * threads + thread)], where block and thread are
// its linear indices x-fastest (block = x + gridDim.x * (y + gridDim.y * z),
// thread likewise over blockDim) and threads = blockDim.x * y * z:
//   gridDim.x/y/z, blockDim.x/y/z, blockIdx.x/y/z, threadIdx.x/y/z as the
//   kernel reads them, then gridDim.x/y/z and blockDim.x/y/z as a device
//   function the kernel calls (not inlined) reads them.

enum { RecordWords = 18 };

__device__ __noinline__ void recordSizes(unsigned *Record) {
  Record[0] = gridDim.x;
  Record[1] = gridDim.y;
  Record[2] = gridDim.z;
  Record[3] = blockDim.x;
  Record[4] = blockDim.y;
  Record[5] = blockDim.z;
}

extern "C" __global__ void grid_dims(unsigned *Out) {
  unsigned Block =
      blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned Thread =
      threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
  unsigned *Record = Out + RecordWords * (Block * Threads + Thread);
  const unsigned Values[12] = {gridDim.x,   gridDim.y,   gridDim.z,
                               blockDim.x,  blockDim.y,  blockDim.z,
                               blockIdx.x,  blockIdx.y,  blockIdx.z,
                               threadIdx.x, threadIdx.y, threadIdx.z};
  for (int I = 0; I < 12; ++I)
    Record[I] = Values[I];
  recordSizes(Record + 12);
}
