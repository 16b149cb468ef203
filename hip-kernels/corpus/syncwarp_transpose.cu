// syncwarp_transpose.cu - Tile transposes and exchanges through shared
// memory ordered by __syncwarp, the warp-synchronous idiom Volta-era code
// must use instead of relying on implicit lockstep.
//
// Launch with 128 threads. A warp writes a 32x32 tile row by row into a padded
// shared array (the +1 column avoids bank conflicts), __syncwarp(), and reads
// it back column by column; a half-warp does the same for a 16x16 tile with the
// mask of its 16 lanes. A whole-block tiled matrix transpose uses
// __syncthreads. An in-register rotation uses __shfl_sync with a lane-dependent
// source. Instantiated for float, double, int and __half.
#include "corpus.h"

#define TILE 32

template <typename T> __global__ void warp_tile_transpose_kernel(T *Tiles) {
  __shared__ T Buffer[4][TILE][TILE + 1];
  unsigned Warp = threadIdx.x / 32, Lane = __laneid();
  T *Tile = Tiles + (blockIdx.x * (blockDim.x / 32) + Warp) * TILE * TILE;
  for (int Row = 0; Row < TILE; ++Row)
    Buffer[Warp][Row][Lane] = Tile[Row * TILE + Lane];
  __syncwarp();
  for (int Row = 0; Row < TILE; ++Row)
    Tile[Row * TILE + Lane] = Buffer[Warp][Lane][Row];
  __syncwarp();
}

// Each half-warp transposes its own 16x16 tile, synchronising only its lanes.
template <typename T> __global__ void half_warp_transpose_kernel(T *Tiles) {
  __shared__ T Buffer[16][16][17];
  unsigned Group = threadIdx.x / 16, Lane = __laneid() % 16;
  unsigned Mask = __laneid() < 16 ? 0x0000ffffu : 0xffff0000u;
  T *Tile = Tiles + (blockIdx.x * (blockDim.x / 16) + Group) * 256;
  for (int Row = 0; Row < 16; ++Row)
    Buffer[Group][Row][Lane] = Tile[Row * 16 + Lane];
  __syncwarp(Mask);
  for (int Row = 0; Row < 16; ++Row)
    Tile[Row * 16 + Lane] = Buffer[Group][Lane][Row];
}

template <typename T, int BLOCK_ROWS>
__global__ void matrix_transpose_kernel(T *Out, const T *In, int Width,
                                        int Height) {
  __shared__ T Tile[TILE][TILE + 1];
  int X = blockIdx.x * TILE + threadIdx.x;
  int Y = blockIdx.y * TILE + threadIdx.y;
  for (int J = 0; J < TILE; J += BLOCK_ROWS)
    if (X < Width && Y + J < Height)
      Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * Width + X];
  __syncthreads();
  X = blockIdx.y * TILE + threadIdx.x;
  Y = blockIdx.x * TILE + threadIdx.y;
  for (int J = 0; J < TILE; J += BLOCK_ROWS)
    if (X < Height && Y + J < Width)
      Out[(Y + J) * Height + X] = Tile[threadIdx.x][threadIdx.y + J];
}

// Producer lanes write a mailbox, consumer lanes read their neighbour's.
template <typename T> __global__ void warp_mailbox_kernel(T *Data, int Shift) {
  __shared__ volatile T Mailbox[1024];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Mailbox[threadIdx.x] = Data[I];
  __syncwarp();
  unsigned From = (threadIdx.x & ~31u) | ((__laneid() + Shift) & 31u);
  T V = Mailbox[From];
  __syncwarp();
  Mailbox[threadIdx.x] = V + V;
  __syncwarp();
  Data[I] = Mailbox[threadIdx.x ^ 1];
}

// Rotates each 32-element row held one per lane, in registers.
template <typename T> __global__ void warp_rotate_kernel(T *Data, int Amount) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  T V = Data[I];
  V = __shfl_sync(FULL_MASK, V, (__laneid() + Amount) & 31);
  Data[I] = V;
}

#define TRANSPOSE(T)                                                           \
  template __global__ void warp_tile_transpose_kernel<T>(T *);                 \
  template __global__ void half_warp_transpose_kernel<T>(T *);                 \
  template __global__ void matrix_transpose_kernel<T, 8>(T *, const T *, int,  \
                                                         int);                 \
  template __global__ void warp_rotate_kernel<T>(T *, int);
TRANSPOSE(float)
TRANSPOSE(double)
TRANSPOSE(int)
TRANSPOSE(__half)

template __global__ void
matrix_transpose_kernel<float, 32>(float *, const float *, int, int);
template __global__ void warp_mailbox_kernel<float>(float *, int);
template __global__ void warp_mailbox_kernel<int>(int *, int);
