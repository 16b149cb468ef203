// row_reduce.cu - Row sums of a row-major float matrix, one warp per row
// (__shfl_xor_sync all-reduce) or one block per row (block reduction), each
// with scalar loads and with 16-byte PackedFloat4 loads.
//
// Kernel(M, Out, Rows, Cols, Pitch): row r is M[r*Pitch .. r*Pitch+Cols-1];
// Out[r] is its sum. The float4 kernels need Pitch a multiple of 4 and M
// 16-byte aligned; they load Cols/4 quads and add the last Cols%4 elements
// one by one.
//
// Launch: the warp kernels with blockDim.x a multiple of 32 and enough
// blocks for Rows warps (warps past the last row return at once, whole); the
// block kernels with gridDim.x = Rows and any blockDim.x in 1..1024.
#include "warp_ops.h"

static __device__ inline float sumQuad(PackedFloat4 Q) {
  return (Q.x + Q.y) + (Q.z + Q.w);
}

// The part of a row's sum that one thread takes: elements First, First +
// Stride, ... below Cols.
static __device__ inline float sumStrided(const float *Row, int Cols,
                                          unsigned First, unsigned Stride) {
  float Sum = 0.0f;
  for (unsigned C = First; C < (unsigned)Cols; C += Stride)
    Sum += Row[C];
  return Sum;
}

// The same with quads, then the tail of Cols % 4 elements.
static __device__ inline float
sumStridedQuads(const float *Row, int Cols, unsigned First, unsigned Stride) {
  const PackedFloat4 *Quads = (const PackedFloat4 *)Row;
  unsigned NumQuads = (unsigned)Cols / 4;
  float Sum = 0.0f;
  for (unsigned Q = First; Q < NumQuads; Q += Stride)
    Sum += sumQuad(Quads[Q]);
  unsigned Tail = NumQuads * 4 + First;
  if (Tail < (unsigned)Cols)
    Sum += Row[Tail];
  return Sum;
}

static __device__ inline unsigned globalWarp() { return globalThread() / 32; }

static __device__ inline const float *rowStart(const float *M, unsigned Row,
                                               int Pitch) {
  return M + (unsigned long long)Row * (unsigned)Pitch;
}

// This thread's part of a row's sum, with scalar or with quad loads.
template <bool Quads>
static __device__ inline float sumRowPart(const float *Row, int Cols,
                                          unsigned First, unsigned Stride) {
  return Quads ? sumStridedQuads(Row, Cols, First, Stride)
               : sumStrided(Row, Cols, First, Stride);
}

// One warp per row.
template <bool Quads>
static __device__ inline void rowSumWarp(const float *M, float *Out, int Rows,
                                         int Cols, int Pitch) {
  unsigned Row = globalWarp();
  if (Row >= (unsigned)Rows)
    return;
  float Sum = sumRowPart<Quads>(rowStart(M, Row, Pitch), Cols, laneId(), 32);
  Sum = warpAllReduce<SumF32>(Sum);
  if (laneId() == 0)
    Out[Row] = Sum;
}

// One block per row.
template <bool Quads>
static __device__ inline void rowSumBlock(const float *M, float *Out, int Rows,
                                          int Cols, int Pitch) {
  __shared__ float WarpResults[32];
  unsigned Row = blockIdx.x;
  if (Row >= (unsigned)Rows)
    return;
  float Sum = sumRowPart<Quads>(rowStart(M, Row, Pitch), Cols, threadIdx.x,
                                blockDim.x);
  Sum = blockReduce<SumF32>(Sum, WarpResults);
  if (threadIdx.x == 0)
    Out[Row] = Sum;
}

extern "C" __global__ void row_sum_warp_f32(const float *M, float *Out,
                                            int Rows, int Cols, int Pitch) {
  rowSumWarp<false>(M, Out, Rows, Cols, Pitch);
}

extern "C" __global__ void row_sum_warp_f32x4(const float *M, float *Out,
                                              int Rows, int Cols, int Pitch) {
  rowSumWarp<true>(M, Out, Rows, Cols, Pitch);
}

extern "C" __global__ void row_sum_block_f32(const float *M, float *Out,
                                             int Rows, int Cols, int Pitch) {
  rowSumBlock<false>(M, Out, Rows, Cols, Pitch);
}

extern "C" __global__ void row_sum_block_f32x4(const float *M, float *Out,
                                               int Rows, int Cols, int Pitch) {
  rowSumBlock<true>(M, Out, Rows, Cols, Pitch);
}
