// warp_transpose.cu - Tile transposes through shared memory that only the
// lanes of one warp (or half warp) share, ordered by __syncwarp instead of
// a block barrier: every warp of the block owns a tile region; its lanes
// write a tile, __syncwarp, and read it back transposed. In the half-warp
// variant the two halves take different branches and each synchronizes
// only its own 16 lanes (__syncwarp(0x0000ffff) / __syncwarp(0xffff0000)).
//
// Kernel(In, Out, N): In is a sequence of S x S tiles (tile t at In[t*S*S],
// row-major) of which the last may be cut off at N; Out[t*S*S + S*r + c] =
// In[t*S*S + S*c + r] for every such index below N, elements at or past N
// reading as 0 and never being written. Each tile is transposed by S lanes
// (a lane per column), the tiles of the grid's warps in a grid-stride loop.
// Launch with blockDim.x a multiple of 32 and at most 256.
#include "warp_ops.h"

enum { MAX_WARPS = 8 };

static __device__ inline unsigned globalWarp() { return globalThread() / 32u; }
static __device__ inline unsigned warpsInGrid() {
  return gridDim.x * blockDim.x / 32u;
}

// 32 x 32 tiles, a whole warp per tile; rows padded against bank conflicts.
extern "C" __global__ void warp_transpose_f32_32(const float *In, float *Out,
                                                 int N) {
  __shared__ float Tiles[MAX_WARPS][32][33];
  float(*Tile)[33] = Tiles[warpInBlock()];
  unsigned Lane = laneId();
  unsigned NumTiles = ((unsigned)N + 1023u) / 1024u;
  for (unsigned T = globalWarp(); T < NumTiles; T += warpsInGrid()) {
    unsigned Base = T * 1024u;
    for (unsigned R = 0; R < 32; ++R) {
      unsigned I = Base + 32u * R + Lane;
      Tile[R][Lane] = I < (unsigned)N ? In[I] : 0.0f;
    }
    __syncwarp();
    for (unsigned R = 0; R < 32; ++R) {
      unsigned I = Base + 32u * R + Lane;
      if (I < (unsigned)N)
        Out[I] = Tile[Lane][R];
    }
    __syncwarp(); // the next tile overwrites this one
  }
}

typedef int HalfTile[16][17];

// Lower half warp: each lane stores its column as it is, reads a row of the
// tile as its transposed column.
static __device__ void transposeOnRead(HalfTile Tile, const int *In, int *Out,
                                       unsigned Base, unsigned Col, int N) {
  for (unsigned R = 0; R < 16; ++R) {
    unsigned I = Base + 16u * R + Col;
    Tile[R][Col] = I < (unsigned)N ? In[I] : 0;
  }
  __syncwarp(0x0000ffffu);
  for (unsigned R = 0; R < 16; ++R) {
    unsigned I = Base + 16u * R + Col;
    if (I < (unsigned)N)
      Out[I] = Tile[Col][R];
  }
  __syncwarp(0x0000ffffu);
}

// Upper half warp: the same result, transposed as it is stored instead.
static __device__ void transposeOnWrite(HalfTile Tile, const int *In, int *Out,
                                        unsigned Base, unsigned Col, int N) {
  for (unsigned R = 0; R < 16; ++R) {
    unsigned I = Base + 16u * R + Col;
    Tile[Col][R] = I < (unsigned)N ? In[I] : 0;
  }
  __syncwarp(0xffff0000u);
  for (unsigned R = 0; R < 16; ++R) {
    unsigned I = Base + 16u * R + Col;
    if (I < (unsigned)N)
      Out[I] = Tile[R][Col];
  }
  __syncwarp(0xffff0000u);
}

// 16 x 16 tiles, a half warp per tile: global half warp h takes tiles h,
// h + 2 * warpsInGrid(), ...
extern "C" __global__ void warp_transpose_i32_16(const int *In, int *Out,
                                                 int N) {
  __shared__ HalfTile Tiles[MAX_WARPS][2];
  unsigned Lane = laneId(), Half = Lane / 16u, Col = Lane % 16u;
  HalfTile *Tile = &Tiles[warpInBlock()][Half];
  unsigned NumTiles = ((unsigned)N + 255u) / 256u;
  unsigned Stride = 2u * warpsInGrid();
  if (Half == 0) {
    for (unsigned T = 2u * globalWarp(); T < NumTiles; T += Stride)
      transposeOnRead(*Tile, In, Out, T * 256u, Col, N);
  } else {
    for (unsigned T = 2u * globalWarp() + 1u; T < NumTiles; T += Stride)
      transposeOnWrite(*Tile, In, Out, T * 256u, Col, N);
  }
}
