/*===- CudaTextures.c - CUDA arrays and texture objects -------------------===*
 *
 * CUDA arrays and texture objects over any backend, through the runtime's
 * own API (device memory, copies): no texture hardware is used.
 *
 * A CUDA array (struct cudaArray, the handle the program holds) is device
 * memory holding its texels row after row with no padding, slice after
 * slice (or layer after layer), and what it was made as. Copies to and
 * from it are 2D copies, one a slice.
 *
 * A texture object is the device address of a __cuccTexture
 * (texture_types.h) that cudaCreateTextureObject fills from the resource
 * and texture descriptors; device code fetches through it in software
 * (texture_indirect_functions.h). The runtime keeps the descriptors it was
 * given, for cudaGetTextureObject*Desc.
 *
 *===----------------------------------------------------------------------===*/

#include "CudaGraphs.h"
#include "cuda_runtime_api.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct cudaArray {
  unsigned char *Data;
  struct cudaChannelFormatDesc Desc;
  size_t Width, Height, Depth; /* as made: 0 for a dimension it lacks */
  unsigned Flags;
  size_t TexelBytes, RowPitch, SlicePitch;
};

/*===-- Channel formats ---------------------------------------------------===*/

struct cudaChannelFormatDesc cudaCreateChannelDesc(int X, int Y, int Z, int W,
                                                   enum cudaChannelFormatKind F) {
  struct cudaChannelFormatDesc Desc = {X, Y, Z, W, F};
  return Desc;
}

/* Channels of 8, 16 or 32 bits, all of one size, 1, 2 or 4 of them, of a
 * kind the fetches read (16-bit floats are halves). */
static bool channelsOf(const struct cudaChannelFormatDesc *D, int *Channels,
                       int *Bits) {
  int Sizes[4] = {D->x, D->y, D->z, D->w};
  int N = 0;
  while (N < 4 && Sizes[N])
    ++N;
  for (int C = N; C < 4; ++C)
    if (Sizes[C])
      return false;
  if (N == 0 || N == 3)
    return false;
  for (int C = 1; C < N; ++C)
    if (Sizes[C] != Sizes[0])
      return false;
  if (Sizes[0] != 8 && Sizes[0] != 16 && Sizes[0] != 32)
    return false;
  if (D->f == cudaChannelFormatKindFloat && Sizes[0] == 8)
    return false;
  if (D->f != cudaChannelFormatKindSigned &&
      D->f != cudaChannelFormatKindUnsigned &&
      D->f != cudaChannelFormatKindFloat)
    return false;
  *Channels = N;
  *Bits = Sizes[0];
  return true;
}

/*===-- CUDA arrays -------------------------------------------------------===*/

static size_t atLeastOne(size_t N) { return N ? N : 1; }

cudaError_t cudaMalloc3DArray(cudaArray_t *Array,
                              const struct cudaChannelFormatDesc *Desc,
                              struct cudaExtent Extent, unsigned Flags) {
  int Channels, Bits;
  if (!Array || !Desc || !Extent.width || (Extent.depth && !Extent.height))
    return cuccRecordError(cudaErrorInvalidValue);
  if (!channelsOf(Desc, &Channels, &Bits))
    return cuccRecordError(cudaErrorInvalidChannelDescriptor);
  struct cudaArray *A = calloc(1, sizeof(*A));
  if (!A)
    return cuccRecordError(cudaErrorMemoryAllocation);
  A->Desc = *Desc;
  A->Width = Extent.width;
  A->Height = Extent.height;
  A->Depth = Extent.depth;
  A->Flags = Flags;
  A->TexelBytes = (size_t)Channels * Bits / 8;
  A->RowPitch = A->Width * A->TexelBytes;
  A->SlicePitch = A->RowPitch * atLeastOne(A->Height);
  cudaError_t Error =
      cudaMalloc((void **)&A->Data, A->SlicePitch * atLeastOne(A->Depth));
  if (Error) {
    free(A);
    return Error;
  }
  *Array = A;
  return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *Array,
                            const struct cudaChannelFormatDesc *Desc,
                            size_t Width, size_t Height, unsigned Flags) {
  return cudaMalloc3DArray(Array, Desc, (struct cudaExtent){Width, Height, 0},
                           Flags);
}

cudaError_t cudaFreeArray(cudaArray_t Array) {
  if (!Array)
    return cudaSuccess;
  cudaError_t Error = cudaFree(Array->Data);
  free(Array);
  return Error;
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *Desc,
                             struct cudaExtent *Extent, unsigned *Flags,
                             cudaArray_t Array) {
  if (!Array)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  if (Desc)
    *Desc = Array->Desc;
  if (Extent)
    *Extent = (struct cudaExtent){Array->Width, Array->Height, Array->Depth};
  if (Flags)
    *Flags = Array->Flags;
  return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *Desc,
                               cudaArray_const_t Array) {
  if (!Array || !Desc)
    return cuccRecordError(cudaErrorInvalidValue);
  *Desc = Array->Desc;
  return cudaSuccess;
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *Pitched,
                         struct cudaExtent Extent) {
  size_t Pitch;
  void *Ptr;
  if (!Pitched)
    return cuccRecordError(cudaErrorInvalidValue);
  cudaError_t Error = cudaMallocPitch(&Ptr, &Pitch, Extent.width,
                                      atLeastOne(Extent.height) *
                                          atLeastOne(Extent.depth));
  if (!Error)
    *Pitched = (struct cudaPitchedPtr){Ptr, Pitch, Extent.width,
                                       Extent.height};
  return Error;
}

/*===-- Copies ------------------------------------------------------------===*/

/* One side of a 3D copy: where its first byte is, the bytes from a row to
 * the next and from a slice to the next. */
typedef struct {
  unsigned char *Base;
  size_t RowPitch, SlicePitch;
} CopySide;

static CopySide arraySide(cudaArray_const_t A, struct cudaPos Pos) {
  CopySide S = {A->Data + Pos.z * A->SlicePitch + Pos.y * A->RowPitch +
                    Pos.x * A->TexelBytes,
                A->RowPitch, A->SlicePitch};
  return S;
}

static CopySide memorySide(struct cudaPitchedPtr P, struct cudaPos Pos) {
  size_t SlicePitch = P.pitch * atLeastOne(P.ysize);
  CopySide S = {(unsigned char *)P.ptr + Pos.z * SlicePitch + Pos.y * P.pitch +
                    Pos.x,
                P.pitch, SlicePitch};
  return S;
}

static cudaError_t copySlices(CopySide Dst, CopySide Src, size_t WidthBytes,
                              size_t Height, size_t Depth,
                              enum cudaMemcpyKind Kind, cudaStream_t Stream,
                              bool Async) {
  for (size_t Z = 0; Z < Depth; ++Z) {
    unsigned char *To = Dst.Base + Z * Dst.SlicePitch;
    const unsigned char *From = Src.Base + Z * Src.SlicePitch;
    cudaError_t Error =
        Async ? cudaMemcpy2DAsync(To, Dst.RowPitch, From, Src.RowPitch,
                                  WidthBytes, Height, Kind, Stream)
              : cudaMemcpy2D(To, Dst.RowPitch, From, Src.RowPitch, WidthBytes,
                             Height, Kind);
    if (Error)
      return Error;
  }
  return cudaSuccess;
}

/* The extent is in elements of the array when one side is an array, in
 * bytes otherwise, as in CUDA. */
static cudaError_t copy3D(const struct cudaMemcpy3DParms *P,
                          cudaStream_t Stream, bool Async) {
  if (!P || (P->srcArray && P->srcPtr.ptr) || (P->dstArray && P->dstPtr.ptr) ||
      (!P->srcArray && !P->srcPtr.ptr) || (!P->dstArray && !P->dstPtr.ptr))
    return cuccRecordError(cudaErrorInvalidValue);
  cudaArray_const_t Array = P->srcArray ? P->srcArray : P->dstArray;
  size_t WidthBytes = P->extent.width * (Array ? Array->TexelBytes : 1);
  CopySide Src = P->srcArray ? arraySide(P->srcArray, P->srcPos)
                             : memorySide(P->srcPtr, P->srcPos);
  CopySide Dst = P->dstArray ? arraySide(P->dstArray, P->dstPos)
                             : memorySide(P->dstPtr, P->dstPos);
  return copySlices(Dst, Src, WidthBytes, atLeastOne(P->extent.height),
                    atLeastOne(P->extent.depth), P->kind, Stream, Async);
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *P) {
  return copy3D(P, NULL, false);
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *P,
                              cudaStream_t Stream) {
  return copy3D(P, Stream, true);
}

/* wOffset is in bytes, as CUDA's. */
static unsigned char *arrayAt(cudaArray_const_t A, size_t WOffset,
                              size_t HOffset) {
  return A->Data + HOffset * A->RowPitch + WOffset;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t Dst, size_t WOffset,
                                size_t HOffset, const void *Src, size_t SPitch,
                                size_t Width, size_t Height,
                                enum cudaMemcpyKind Kind) {
  if (!Dst)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  return cudaMemcpy2D(arrayAt(Dst, WOffset, HOffset), Dst->RowPitch, Src,
                      SPitch, Width, Height, Kind);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t Dst, size_t WOffset,
                                     size_t HOffset, const void *Src,
                                     size_t SPitch, size_t Width,
                                     size_t Height, enum cudaMemcpyKind Kind,
                                     cudaStream_t Stream) {
  if (!Dst)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  return cudaMemcpy2DAsync(arrayAt(Dst, WOffset, HOffset), Dst->RowPitch, Src,
                           SPitch, Width, Height, Kind, Stream);
}

cudaError_t cudaMemcpy2DFromArray(void *Dst, size_t DPitch,
                                  cudaArray_const_t Src, size_t WOffset,
                                  size_t HOffset, size_t Width, size_t Height,
                                  enum cudaMemcpyKind Kind) {
  if (!Src)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  return cudaMemcpy2D(Dst, DPitch, arrayAt(Src, WOffset, HOffset),
                      Src->RowPitch, Width, Height, Kind);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *Dst, size_t DPitch,
                                       cudaArray_const_t Src, size_t WOffset,
                                       size_t HOffset, size_t Width,
                                       size_t Height, enum cudaMemcpyKind Kind,
                                       cudaStream_t Stream) {
  if (!Src)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  return cudaMemcpy2DAsync(Dst, DPitch, arrayAt(Src, WOffset, HOffset),
                           Src->RowPitch, Width, Height, Kind, Stream);
}

/* Rows have no padding: a copy of count bytes from (wOffset, hOffset) is
 * one run of memory. */
cudaError_t cudaMemcpyToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                              const void *Src, size_t Count,
                              enum cudaMemcpyKind Kind) {
  if (!Dst)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  return cudaMemcpy(arrayAt(Dst, WOffset, HOffset), Src, Count, Kind);
}

cudaError_t cudaMemcpyFromArray(void *Dst, cudaArray_const_t Src,
                                size_t WOffset, size_t HOffset, size_t Count,
                                enum cudaMemcpyKind Kind) {
  if (!Src)
    return cuccRecordError(cudaErrorInvalidResourceHandle);
  return cudaMemcpy(Dst, arrayAt(Src, WOffset, HOffset), Count, Kind);
}

/*===-- Texture objects ---------------------------------------------------===*/

/* What the program gave for a texture object, for the Get functions. */
typedef struct TextureRecord {
  cudaTextureObject_t Handle;
  struct cudaResourceDesc Resource;
  struct cudaTextureDesc Texture;
  struct TextureRecord *Next;
} TextureRecord;

static TextureRecord *Textures;
static pthread_mutex_t TexturesLock = PTHREAD_MUTEX_INITIALIZER;

/* The layout of a resource's texels in the descriptor. */
static cudaError_t describeResource(const struct cudaResourceDesc *R,
                                    struct __cuccTexture *T) {
  const struct cudaChannelFormatDesc *Desc;
  int Channels, Bits;
  switch (R->resType) {
  case cudaResourceTypeArray: {
    cudaArray_const_t A = R->res.array.array;
    if (!A)
      return cudaErrorInvalidResourceHandle;
    Desc = &A->Desc;
    T->texels = A->Data;
    T->rowPitch = A->RowPitch;
    T->slicePitch = A->SlicePitch;
    T->width = (int)A->Width;
    T->height = (int)atLeastOne(A->Height);
    if (A->Flags & cudaArrayLayered) {
      T->layers = (int)atLeastOne(A->Depth);
      T->depth = 1;
    } else {
      T->depth = (int)atLeastOne(A->Depth);
    }
    break;
  }
  case cudaResourceTypeLinear:
    Desc = &R->res.linear.desc;
    if (!R->res.linear.devPtr || !channelsOf(Desc, &Channels, &Bits))
      return cudaErrorInvalidValue;
    T->texels = R->res.linear.devPtr;
    T->width = (int)(R->res.linear.sizeInBytes / ((size_t)Channels * Bits / 8));
    T->height = T->depth = 1;
    T->linear = 1;
    break;
  case cudaResourceTypePitch2D:
    Desc = &R->res.pitch2D.desc;
    if (!R->res.pitch2D.devPtr || !R->res.pitch2D.width ||
        !R->res.pitch2D.height)
      return cudaErrorInvalidValue;
    T->texels = R->res.pitch2D.devPtr;
    T->rowPitch = R->res.pitch2D.pitchInBytes;
    T->width = (int)R->res.pitch2D.width;
    T->height = (int)R->res.pitch2D.height;
    T->depth = 1;
    break;
  default:
    return cudaErrorInvalidValue;
  }
  if (!channelsOf(Desc, &Channels, &Bits))
    return cudaErrorInvalidChannelDescriptor;
  T->channels = Channels;
  T->channelBits = Bits;
  T->kind = Desc->f;
  T->texelBytes = Channels * Bits / 8;
  return cudaSuccess;
}

/* Linear filtering needs float results (CUDA's cudaErrorInvalidFilterSetting
 * for integers read as themselves); 32-bit integers have no normalized
 * form. */
static cudaError_t describeSampling(const struct cudaTextureDesc *D,
                                    struct __cuccTexture *T) {
  bool FloatResult = T->kind == cudaChannelFormatKindFloat ||
                     D->readMode == cudaReadModeNormalizedFloat;
  if (D->filterMode == cudaFilterModeLinear && !FloatResult)
    return cudaErrorInvalidFilterSetting;
  if (D->readMode == cudaReadModeNormalizedFloat && T->channelBits == 32 &&
      T->kind != cudaChannelFormatKindFloat)
    return cudaErrorInvalidNormSetting;
  for (int I = 0; I < 3; ++I)
    T->addressMode[I] = D->addressMode[I];
  T->filterMode = T->linear ? cudaFilterModePoint : (int)D->filterMode;
  T->readMode = D->readMode;
  T->normalizedCoords = D->normalizedCoords != 0;
  for (int I = 0; I < 4; ++I)
    T->borderColor[I] = D->borderColor[I];
  return cudaSuccess;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *Handle,
                                    const struct cudaResourceDesc *Resource,
                                    const struct cudaTextureDesc *Texture,
                                    const struct cudaResourceViewDesc *View) {
  struct __cuccTexture T;
  if (!Handle || !Resource || !Texture || View)
    return cuccRecordError(cudaErrorInvalidValue);
  memset(&T, 0, sizeof(T));
  cudaError_t Error = describeResource(Resource, &T);
  if (!Error)
    Error = describeSampling(Texture, &T);
  if (Error)
    return cuccRecordError(Error);
  TextureRecord *Record = calloc(1, sizeof(*Record));
  if (!Record)
    return cuccRecordError(cudaErrorMemoryAllocation);
  void *Device;
  Error = cudaMalloc(&Device, sizeof(T));
  if (!Error)
    Error = cudaMemcpy(Device, &T, sizeof(T), cudaMemcpyHostToDevice);
  if (Error) {
    free(Record);
    return Error;
  }
  Record->Handle = (cudaTextureObject_t)(uintptr_t)Device;
  Record->Resource = *Resource;
  Record->Texture = *Texture;
  pthread_mutex_lock(&TexturesLock);
  Record->Next = Textures;
  Textures = Record;
  pthread_mutex_unlock(&TexturesLock);
  *Handle = Record->Handle;
  return cudaSuccess;
}

/* The record of a texture object, unlinked from the list if Remove. */
static TextureRecord *findTexture(cudaTextureObject_t Handle, bool Remove) {
  pthread_mutex_lock(&TexturesLock);
  TextureRecord **Link = &Textures;
  while (*Link && (*Link)->Handle != Handle)
    Link = &(*Link)->Next;
  TextureRecord *Found = *Link;
  if (Found && Remove)
    *Link = Found->Next;
  pthread_mutex_unlock(&TexturesLock);
  return Found;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t Handle) {
  if (!Handle)
    return cudaSuccess;
  TextureRecord *Record = findTexture(Handle, true);
  if (!Record)
    return cuccRecordError(cudaErrorInvalidValue);
  free(Record);
  return cudaFree((void *)(uintptr_t)Handle);
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *Resource,
                                             cudaTextureObject_t Handle) {
  TextureRecord *Record = findTexture(Handle, false);
  if (!Record || !Resource)
    return cuccRecordError(cudaErrorInvalidValue);
  *Resource = Record->Resource;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *Texture,
                                            cudaTextureObject_t Handle) {
  TextureRecord *Record = findTexture(Handle, false);
  if (!Record || !Texture)
    return cuccRecordError(cudaErrorInvalidValue);
  *Texture = Record->Texture;
  return cudaSuccess;
}
