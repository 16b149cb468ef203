// channel_descriptor.h - cudaCreateChannelDesc<T>(): the channel format of
// a texel type (bits of each channel and their kind), as the toolkit's
// template gives it, and the half-float formats' own constructors. C++
// (cuda_runtime.h includes it for C++ only, as the toolkit does).
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__

#include "cuda_runtime_api.h"
#include "vector_types.h"

/* Channels of Bits bits each, of Kind, for a texel type: a scalar has one,
 * a vector type of N components has N. */
template <int Channels, int Bits, enum cudaChannelFormatKind Kind>
static __inline__ __host__ cudaChannelFormatDesc __cuccChannelDesc() {
  return cudaCreateChannelDesc(Bits, Channels > 1 ? Bits : 0,
                               Channels > 2 ? Bits : 0,
                               Channels > 3 ? Bits : 0, Kind);
}

/* An unknown type: no channels, cudaChannelFormatKindNone. */
template <class T>
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
  return __cuccChannelDesc<1, 16, cudaChannelFormatKindFloat>();
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
  return __cuccChannelDesc<1, 16, cudaChannelFormatKindFloat>();
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
  return __cuccChannelDesc<2, 16, cudaChannelFormatKindFloat>();
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
  return __cuccChannelDesc<4, 16, cudaChannelFormatKindFloat>();
}

/* The toolkit's specializations: each scalar, and its vector types of 1, 2
 * and 4 components. */
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<char>(void) {
  return __cuccChannelDesc<1, 8, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<signed char>(void) {
  return __cuccChannelDesc<1, 8, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<char1>(void) {
  return __cuccChannelDesc<1, 8, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<char2>(void) {
  return __cuccChannelDesc<2, 8, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<char4>(void) {
  return __cuccChannelDesc<4, 8, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<unsigned char>(void) {
  return __cuccChannelDesc<1, 8, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<uchar1>(void) {
  return __cuccChannelDesc<1, 8, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<uchar2>(void) {
  return __cuccChannelDesc<2, 8, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<uchar4>(void) {
  return __cuccChannelDesc<4, 8, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<short>(void) {
  return __cuccChannelDesc<1, 16, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<short1>(void) {
  return __cuccChannelDesc<1, 16, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<short2>(void) {
  return __cuccChannelDesc<2, 16, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<short4>(void) {
  return __cuccChannelDesc<4, 16, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<unsigned short>(void) {
  return __cuccChannelDesc<1, 16, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<ushort1>(void) {
  return __cuccChannelDesc<1, 16, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<ushort2>(void) {
  return __cuccChannelDesc<2, 16, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<ushort4>(void) {
  return __cuccChannelDesc<4, 16, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<int>(void) {
  return __cuccChannelDesc<1, 32, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<int1>(void) {
  return __cuccChannelDesc<1, 32, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<int2>(void) {
  return __cuccChannelDesc<2, 32, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<int4>(void) {
  return __cuccChannelDesc<4, 32, cudaChannelFormatKindSigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<unsigned int>(void) {
  return __cuccChannelDesc<1, 32, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<uint1>(void) {
  return __cuccChannelDesc<1, 32, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<uint2>(void) {
  return __cuccChannelDesc<2, 32, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<uint4>(void) {
  return __cuccChannelDesc<4, 32, cudaChannelFormatKindUnsigned>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<float>(void) {
  return __cuccChannelDesc<1, 32, cudaChannelFormatKindFloat>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<float1>(void) {
  return __cuccChannelDesc<1, 32, cudaChannelFormatKindFloat>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<float2>(void) {
  return __cuccChannelDesc<2, 32, cudaChannelFormatKindFloat>();
}
template <>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<float4>(void) {
  return __cuccChannelDesc<4, 32, cudaChannelFormatKindFloat>();
}

#endif
