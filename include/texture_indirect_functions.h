// texture_indirect_functions.h - The texture object fetches of device code,
// with the toolkit's names and overloads: tex1Dfetch<T>, tex1D<T>,
// tex2D<T>, tex3D<T>, tex1DLayered<T>, tex2DLayered<T> (and the *Lod forms,
// whose level is ignored: there are no mipmaps), each also as the
// toolkit's void form that stores through a pointer. No texture hardware
// is used: a texture object is the address of a __cuccTexture the runtime
// filled (texture_types.h), and a fetch addresses and filters in software
// as an NVIDIA GPU's texture unit does, bit for bit where the H100 showed
// how (lit-tests/textures/Inputs/expected.texture_fetch.txt):
//  - normalized coordinates are scaled by the extent in single precision;
//    wrap and mirror apply to normalized coordinates only (unnormalized
//    ones clamp), to texel indices;
//  - point filtering reads texel floor(c); linear filtering reads the
//    texels around c - 0.5 with weights of 8 fractional bits (9-bit
//    fixed point, rounded to nearest), sums the products exactly and
//    rounds the sum to single precision with ties away from zero;
//  - a 1D array is filtered as 2D at y = 0, between row -1 and row 0 (so a
//    border halves toward the border color);
//  - out of range texels of the border mode read the border color (its
//    bits, for integer textures); layers clamp to the layers there are;
//  - integers read as normalized floats are v / 255 or v / 65535 (signed:
//    v / 127 or v / 32767, at least -1), correctly rounded;
//  - linear filtering applies to float results only.
#ifndef __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include "texture_types.h"
#include "vector_functions.h"
#include "vector_types.h"

/* A fetched texel: each channel as a float (float formats and normalized
 * reads) and as its integer bits (integer formats read as themselves). */
struct __cuccTexel {
  float f[4];
  unsigned u[4];
};

static __device__ __forceinline__ const struct __cuccTexture *
__cuccTextureOf(cudaTextureObject_t t) {
  return (const struct __cuccTexture *)t;
}

static __device__ __forceinline__ bool
__cuccReadsFloats(const struct __cuccTexture *t) {
  return t->kind == cudaChannelFormatKindFloat ||
         t->readMode == cudaReadModeNormalizedFloat;
}

static __device__ __forceinline__ float __cuccBitsToFloat(unsigned bits) {
  float f;
  __builtin_memcpy(&f, &bits, sizeof(f));
  return f;
}

static __device__ __forceinline__ unsigned __cuccFloatToBits(float f) {
  unsigned bits;
  __builtin_memcpy(&bits, &f, sizeof(bits));
  return bits;
}

/* IEEE half to single precision, exactly (subnormals, infinities, NaNs). */
static __device__ float __cuccHalfToFloat(unsigned h) {
  unsigned sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff;
  if (exponent == 0x1f)
    return __cuccBitsToFloat(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    float magnitude = (float)mantissa * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return __cuccBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

/* Channel c of the texel at p: its integer bits and its float value. */
static __device__ void __cuccLoadChannel(const struct __cuccTexture *t,
                                         const unsigned char *p, int c,
                                         struct __cuccTexel *v) {
  bool isSigned = t->kind == cudaChannelFormatKindSigned;
  bool normalized = t->readMode == cudaReadModeNormalizedFloat;
  unsigned bits;
  float value;
  if (t->channelBits == 8) {
    unsigned char b = p[c];
    bits = isSigned ? (unsigned)(int)(signed char)b : b;
    value = isSigned ? (float)(signed char)b / 127.0f : (float)b / 255.0f;
  } else if (t->channelBits == 16) {
    unsigned short s;
    __builtin_memcpy(&s, p + 2 * c, 2);
    bits = isSigned ? (unsigned)(int)(short)s : s;
    value = t->kind == cudaChannelFormatKindFloat ? __cuccHalfToFloat(s)
            : isSigned ? (float)(short)s / 32767.0f
                       : (float)s / 65535.0f;
  } else {
    __builtin_memcpy(&bits, p + 4 * c, 4);
    value = __cuccBitsToFloat(bits);
  }
  if (normalized && isSigned && value < -1.0f)
    value = -1.0f;
  v->u[c] = bits;
  v->f[c] = t->kind == cudaChannelFormatKindFloat || normalized
                ? value
                : __cuccBitsToFloat(bits);
}

static __device__ void __cuccLoadTexel(const struct __cuccTexture *t,
                                       const unsigned char *p,
                                       struct __cuccTexel *v) {
  for (int c = 0; c < 4; ++c) {
    v->u[c] = 0;
    v->f[c] = 0.0f;
  }
  for (int c = 0; c < t->channels; ++c)
    __cuccLoadChannel(t, p, c, v);
}

static __device__ void __cuccBorderTexel(const struct __cuccTexture *t,
                                         struct __cuccTexel *v) {
  for (int c = 0; c < 4; ++c) {
    v->f[c] = t->borderColor[c];
    v->u[c] = __cuccFloatToBits(t->borderColor[c]);
  }
}

/* Texel index i of an extent of n under an addressing mode, or -1 for a
 * texel of the border. */
static __device__ int __cuccAddress(int i, int n, int mode) {
  if (i >= 0 && i < n)
    return i;
  if (mode == cudaAddressModeBorder)
    return -1;
  if (mode == cudaAddressModeWrap) {
    int m = i % n;
    return m < 0 ? m + n : m;
  }
  if (mode == cudaAddressModeMirror) {
    int m = i % (2 * n);
    if (m < 0)
      m += 2 * n;
    return m < n ? m : 2 * n - 1 - m;
  }
  return i < 0 ? 0 : n - 1;
}

/* The texel at indices i (of dims dimensions, already addressed; -1 is
 * the border) of layer or slice base. */
static __device__ void __cuccTexelAt(const struct __cuccTexture *t,
                                     const unsigned char *base, const int *i,
                                     int dims, struct __cuccTexel *v) {
  for (int d = 0; d < dims; ++d)
    if (i[d] < 0) {
      __cuccBorderTexel(t, v);
      return;
    }
  const unsigned char *p = base + (unsigned long long)i[0] * t->texelBytes;
  if (dims > 1)
    p += (unsigned long long)i[1] * t->rowPitch;
  if (dims > 2)
    p += (unsigned long long)i[2] * t->slicePitch;
  __cuccLoadTexel(t, p, v);
}

/* A double rounded to single precision, ties away from zero. */
static __device__ float __cuccRoundTiesAway(double d) {
  float r = (float)d;
  double below = d - (double)r;
  if (below == 0.0 || r == 0.0f || (below > 0.0) != (r > 0.0f))
    return r;
  float away = __cuccBitsToFloat(__cuccFloatToBits(r) + 1);
  return (double)away - d == below ? away : r;
}

/* The fetch at coordinates c (dims of them, in the texture's terms) of
 * layer (layered textures only). */
static __device__ void __cuccSample(const struct __cuccTexture *t, int dims,
                                    const float *coords, int layer,
                                    struct __cuccTexel *v) {
  const unsigned char *base = (const unsigned char *)t->texels;
  if (t->layers) {
    int last = t->layers - 1;
    base += (unsigned long long)(layer < 0 ? 0 : layer > last ? last : layer) *
            t->slicePitch;
  }
  int extent[3] = {t->width, t->height, t->depth};
  float c[3] = {coords[0], dims > 1 ? coords[1] : 0.0f,
                dims > 2 ? coords[2] : 0.0f};
  int mode[3];
  bool linear =
      t->filterMode == cudaFilterModeLinear && __cuccReadsFloats(t);
  /* A 1D array filters as a 2D one of one row, at y = 0. */
  if (linear && dims == 1 && !t->linear)
    dims = 2;
  for (int d = 0; d < dims; ++d) {
    mode[d] = t->addressMode[d];
    if (t->normalizedCoords)
      c[d] = c[d] * (float)extent[d];
    else if (mode[d] == cudaAddressModeWrap || mode[d] == cudaAddressModeMirror)
      mode[d] = cudaAddressModeClamp;
  }
  int i[3];
  if (!linear) {
    for (int d = 0; d < dims; ++d)
      i[d] = __cuccAddress((int)__builtin_floorf(c[d]), extent[d], mode[d]);
    __cuccTexelAt(t, base, i, dims, v);
    return;
  }
  int low[3];
  double weight[3];
  for (int d = 0; d < dims; ++d) {
    float below = c[d] - 0.5f;
    float floor = __builtin_floorf(below);
    low[d] = (int)floor;
    weight[d] = __builtin_floor((double)(below - floor) * 256.0 + 0.5) / 256.0;
  }
  double sum[4] = {0.0, 0.0, 0.0, 0.0};
  for (int corner = 0; corner < (1 << dims); ++corner) {
    double w = 1.0;
    for (int d = 0; d < dims; ++d) {
      int up = (corner >> d) & 1;
      i[d] = __cuccAddress(low[d] + up, extent[d], mode[d]);
      w *= up ? weight[d] : 1.0 - weight[d];
    }
    if (w == 0.0)
      continue;
    struct __cuccTexel tap;
    __cuccTexelAt(t, base, i, dims, &tap);
    for (int k = 0; k < 4; ++k)
      sum[k] += w * (double)tap.f[k];
  }
  for (int k = 0; k < 4; ++k) {
    v->f[k] = __cuccRoundTiesAway(sum[k]);
    v->u[k] = __cuccFloatToBits(v->f[k]);
  }
}

/* tex1Dfetch on linear memory: the element, or 0 out of range. */
static __device__ void __cuccFetchLinear(const struct __cuccTexture *t, int x,
                                         struct __cuccTexel *v) {
  if (x < 0 || x >= t->width) {
    for (int c = 0; c < 4; ++c) {
      v->f[c] = 0.0f;
      v->u[c] = 0;
    }
    return;
  }
  __cuccLoadTexel(
      t, (const unsigned char *)t->texels + (unsigned long long)x * t->texelBytes,
      v);
}

/* What a fetch returns as type T. */
template <class T> struct __cuccTexResult;
template <> struct __cuccTexResult<float> {
  static __device__ float make(const struct __cuccTexel &v) {
    return v.f[0];
  }
};
template <> struct __cuccTexResult<float1> {
  static __device__ float1 make(const struct __cuccTexel &v) {
    return make_float1(v.f[0]);
  }
};
template <> struct __cuccTexResult<float2> {
  static __device__ float2 make(const struct __cuccTexel &v) {
    return make_float2(v.f[0], v.f[1]);
  }
};
template <> struct __cuccTexResult<float4> {
  static __device__ float4 make(const struct __cuccTexel &v) {
    return make_float4(v.f[0], v.f[1], v.f[2], v.f[3]);
  }
};
template <> struct __cuccTexResult<char> {
  static __device__ char make(const struct __cuccTexel &v) {
    return (char)v.u[0];
  }
};
template <> struct __cuccTexResult<signed char> {
  static __device__ signed char make(const struct __cuccTexel &v) {
    return (signed char)v.u[0];
  }
};
template <> struct __cuccTexResult<char1> {
  static __device__ char1 make(const struct __cuccTexel &v) {
    return make_char1((signed char)v.u[0]);
  }
};
template <> struct __cuccTexResult<char2> {
  static __device__ char2 make(const struct __cuccTexel &v) {
    return make_char2((signed char)v.u[0], (signed char)v.u[1]);
  }
};
template <> struct __cuccTexResult<char4> {
  static __device__ char4 make(const struct __cuccTexel &v) {
    return make_char4((signed char)v.u[0], (signed char)v.u[1], (signed char)v.u[2],
                       (signed char)v.u[3]);
  }
};
template <> struct __cuccTexResult<unsigned char> {
  static __device__ unsigned char make(const struct __cuccTexel &v) {
    return (unsigned char)v.u[0];
  }
};
template <> struct __cuccTexResult<uchar1> {
  static __device__ uchar1 make(const struct __cuccTexel &v) {
    return make_uchar1((unsigned char)v.u[0]);
  }
};
template <> struct __cuccTexResult<uchar2> {
  static __device__ uchar2 make(const struct __cuccTexel &v) {
    return make_uchar2((unsigned char)v.u[0], (unsigned char)v.u[1]);
  }
};
template <> struct __cuccTexResult<uchar4> {
  static __device__ uchar4 make(const struct __cuccTexel &v) {
    return make_uchar4((unsigned char)v.u[0], (unsigned char)v.u[1], (unsigned char)v.u[2],
                       (unsigned char)v.u[3]);
  }
};
template <> struct __cuccTexResult<short> {
  static __device__ short make(const struct __cuccTexel &v) {
    return (short)v.u[0];
  }
};
template <> struct __cuccTexResult<short1> {
  static __device__ short1 make(const struct __cuccTexel &v) {
    return make_short1((short)v.u[0]);
  }
};
template <> struct __cuccTexResult<short2> {
  static __device__ short2 make(const struct __cuccTexel &v) {
    return make_short2((short)v.u[0], (short)v.u[1]);
  }
};
template <> struct __cuccTexResult<short4> {
  static __device__ short4 make(const struct __cuccTexel &v) {
    return make_short4((short)v.u[0], (short)v.u[1], (short)v.u[2],
                       (short)v.u[3]);
  }
};
template <> struct __cuccTexResult<unsigned short> {
  static __device__ unsigned short make(const struct __cuccTexel &v) {
    return (unsigned short)v.u[0];
  }
};
template <> struct __cuccTexResult<ushort1> {
  static __device__ ushort1 make(const struct __cuccTexel &v) {
    return make_ushort1((unsigned short)v.u[0]);
  }
};
template <> struct __cuccTexResult<ushort2> {
  static __device__ ushort2 make(const struct __cuccTexel &v) {
    return make_ushort2((unsigned short)v.u[0], (unsigned short)v.u[1]);
  }
};
template <> struct __cuccTexResult<ushort4> {
  static __device__ ushort4 make(const struct __cuccTexel &v) {
    return make_ushort4((unsigned short)v.u[0], (unsigned short)v.u[1], (unsigned short)v.u[2],
                       (unsigned short)v.u[3]);
  }
};
template <> struct __cuccTexResult<int> {
  static __device__ int make(const struct __cuccTexel &v) {
    return (int)v.u[0];
  }
};
template <> struct __cuccTexResult<int1> {
  static __device__ int1 make(const struct __cuccTexel &v) {
    return make_int1((int)v.u[0]);
  }
};
template <> struct __cuccTexResult<int2> {
  static __device__ int2 make(const struct __cuccTexel &v) {
    return make_int2((int)v.u[0], (int)v.u[1]);
  }
};
template <> struct __cuccTexResult<int4> {
  static __device__ int4 make(const struct __cuccTexel &v) {
    return make_int4((int)v.u[0], (int)v.u[1], (int)v.u[2],
                       (int)v.u[3]);
  }
};
template <> struct __cuccTexResult<unsigned int> {
  static __device__ unsigned int make(const struct __cuccTexel &v) {
    return (unsigned int)v.u[0];
  }
};
template <> struct __cuccTexResult<uint1> {
  static __device__ uint1 make(const struct __cuccTexel &v) {
    return make_uint1((unsigned int)v.u[0]);
  }
};
template <> struct __cuccTexResult<uint2> {
  static __device__ uint2 make(const struct __cuccTexel &v) {
    return make_uint2((unsigned int)v.u[0], (unsigned int)v.u[1]);
  }
};
template <> struct __cuccTexResult<uint4> {
  static __device__ uint4 make(const struct __cuccTexel &v) {
    return make_uint4((unsigned int)v.u[0], (unsigned int)v.u[1], (unsigned int)v.u[2],
                       (unsigned int)v.u[3]);
  }
};

/*===-- The toolkit's fetch functions -------------------------------------===*/

template <class T>
static __device__ T tex1Dfetch(cudaTextureObject_t texObject, int x) {
  struct __cuccTexel v;
  __cuccFetchLinear(__cuccTextureOf(texObject), x, &v);
  return __cuccTexResult<T>::make(v);
}

template <class T>
static __device__ T tex1D(cudaTextureObject_t texObject, float x) {
  struct __cuccTexel v;
  __cuccSample(__cuccTextureOf(texObject), 1, &x, 0, &v);
  return __cuccTexResult<T>::make(v);
}

template <class T>
static __device__ T tex2D(cudaTextureObject_t texObject, float x, float y) {
  struct __cuccTexel v;
  float c[2] = {x, y};
  __cuccSample(__cuccTextureOf(texObject), 2, c, 0, &v);
  return __cuccTexResult<T>::make(v);
}

template <class T>
static __device__ T tex3D(cudaTextureObject_t texObject, float x, float y,
                          float z) {
  struct __cuccTexel v;
  float c[3] = {x, y, z};
  __cuccSample(__cuccTextureOf(texObject), 3, c, 0, &v);
  return __cuccTexResult<T>::make(v);
}

template <class T>
static __device__ T tex1DLayered(cudaTextureObject_t texObject, float x,
                                 int layer) {
  struct __cuccTexel v;
  __cuccSample(__cuccTextureOf(texObject), 1, &x, layer, &v);
  return __cuccTexResult<T>::make(v);
}

template <class T>
static __device__ T tex2DLayered(cudaTextureObject_t texObject, float x,
                                 float y, int layer) {
  struct __cuccTexel v;
  float c[2] = {x, y};
  __cuccSample(__cuccTextureOf(texObject), 2, c, layer, &v);
  return __cuccTexResult<T>::make(v);
}

template <class T>
static __device__ T tex1DLod(cudaTextureObject_t texObject, float x,
                             float level) {
  (void)level;
  return tex1D<T>(texObject, x);
}

template <class T>
static __device__ T tex2DLod(cudaTextureObject_t texObject, float x, float y,
                             float level) {
  (void)level;
  return tex2D<T>(texObject, x, y);
}

template <class T>
static __device__ T tex3DLod(cudaTextureObject_t texObject, float x, float y,
                             float z, float level) {
  (void)level;
  return tex3D<T>(texObject, x, y, z);
}

template <class T>
static __device__ T tex2DLayeredLod(cudaTextureObject_t texObject, float x,
                                    float y, int layer, float level) {
  (void)level;
  return tex2DLayered<T>(texObject, x, y, layer);
}

template <class T>
static __device__ void tex1Dfetch(T *ptr, cudaTextureObject_t obj, int x) {
  *ptr = tex1Dfetch<T>(obj, x);
}

template <class T>
static __device__ void tex1D(T *ptr, cudaTextureObject_t obj, float x) {
  *ptr = tex1D<T>(obj, x);
}

template <class T>
static __device__ void tex2D(T *ptr, cudaTextureObject_t obj, float x,
                             float y) {
  *ptr = tex2D<T>(obj, x, y);
}

template <class T>
static __device__ void tex3D(T *ptr, cudaTextureObject_t obj, float x, float y,
                             float z) {
  *ptr = tex3D<T>(obj, x, y, z);
}

template <class T>
static __device__ void tex1DLayered(T *ptr, cudaTextureObject_t obj, float x,
                                    int layer) {
  *ptr = tex1DLayered<T>(obj, x, layer);
}

template <class T>
static __device__ void tex2DLayered(T *ptr, cudaTextureObject_t obj, float x,
                                    float y, int layer) {
  *ptr = tex2DLayered<T>(obj, x, y, layer);
}

#endif
