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
//    ones clamp), to texel indices; a layer past the last (or negative,
//    read as unsigned) is the last;
//  - point filtering reads texel floor(c);
//  - linear filtering reads the texels around c - 0.5, c first clamped to
//    [0.5, extent - 0.5] where the mode clamps. Each dimension's weight
//    has 8 fractional bits (frac(c - 0.5) rounded to nearest, ties up),
//    and the corners' weights are integers (of 1/256) that sum to 256,
//    split one dimension at a time, each split rounded to nearest: 2D
//    splits x, then y; 3D splits z, then x, then y. Ties of the x split
//    round up; ties of the y split round up beside the upper x texel and
//    down beside the lower one (__cuccCornerWeights);
//  - a 1D array is filtered as 2D at y = 0, between row -1 and row 0 (so
//    a border halves toward the border color);
//  - the filtered value is the exact sum of weight x texel, rounded once:
//    float texels to single precision with ties away from zero; half
//    texels to half precision, products under half's normal range first
//    cut to its subnormal step (toward zero); integers read as
//    normalized floats to 16 bits (a unorm16 or snorm16, nearest: ties up,
//    but an 8-bit signed sum's ties toward zero), then to float;
//  - out of range texels of the border mode read the border color (its
//    bits, for integer textures read as themselves; clamped to the
//    format's range and rounded to a texel of it, for integers read as
//    normalized floats);
//  - integers read as normalized floats are v / 255 or v / 65535 (signed:
//    v / 127 or v / 32767, at least -1), correctly rounded;
//  - linear filtering applies to float results only.
// Where the H100's samples do not decide (ties of a half result, of a
// negative 8-bit signed sum, a border color's rounding to its format,
// half products at the subnormal step beyond the probe's), the rule is the
// one stated above.
#ifndef __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include "texture_types.h"
#include "vector_functions.h"
#include "vector_types.h"

/* A fetched texel: each channel as a float (float formats and normalized
 * reads) and as its integer bits (integer formats: the element, sign
 * extended; for linear filtering of normalized reads, its integer value). */
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

/* The largest value of an integer format read as normalized floats: its
 * 1.0 (255, 65535, 127 or 32767). */
static __device__ __forceinline__ int
__cuccNormalizedOne(const struct __cuccTexture *t) {
  int magnitudeBits =
      t->channelBits - (t->kind == cudaChannelFormatKindSigned ? 1 : 0);
  return (1 << magnitudeBits) - 1;
}

/* An integer texel value read as a normalized float, correctly rounded;
 * signed ones at least -1. */
static __device__ __forceinline__ float
__cuccNormalizedValue(const struct __cuccTexture *t, int value) {
  float f = (float)value / (float)__cuccNormalizedOne(t);
  return f < -1.0f ? -1.0f : f;
}

/* Channel c of the texel at p: its integer bits and its float value. */
static __device__ void __cuccLoadChannel(const struct __cuccTexture *t,
                                         const unsigned char *p, int c,
                                         struct __cuccTexel *v) {
  bool isSigned = t->kind == cudaChannelFormatKindSigned;
  unsigned bits;
  if (t->channelBits == 8) {
    unsigned char b = p[c];
    bits = isSigned ? (unsigned)(int)(signed char)b : b;
  } else if (t->channelBits == 16) {
    unsigned short s;
    __builtin_memcpy(&s, p + 2 * c, 2);
    bits = isSigned ? (unsigned)(int)(short)s : s;
  } else {
    __builtin_memcpy(&bits, p + 4 * c, 4);
  }
  v->u[c] = bits;
  if (t->kind == cudaChannelFormatKindFloat)
    v->f[c] = t->channelBits == 16 ? __cuccHalfToFloat(bits)
                                   : __cuccBitsToFloat(bits);
  else if (t->readMode == cudaReadModeNormalizedFloat)
    v->f[c] = __cuccNormalizedValue(t, (int)bits);
  else
    v->f[c] = __cuccBitsToFloat(bits);
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

/* The border color as a texel: its floats and their bits, but for
 * integers read as normalized floats a texel of the format, each channel
 * clamped to the format's range and rounded to nearest. */
static __device__ void __cuccBorderTexel(const struct __cuccTexture *t,
                                         struct __cuccTexel *v) {
  bool normalizedIntegers = t->kind != cudaChannelFormatKindFloat &&
                            t->readMode == cudaReadModeNormalizedFloat;
  float lowest = t->kind == cudaChannelFormatKindSigned ? -1.0f : 0.0f;
  for (int c = 0; c < 4; ++c) {
    float color = t->borderColor[c];
    if (!normalizedIntegers) {
      v->f[c] = color;
      v->u[c] = __cuccFloatToBits(color);
      continue;
    }
    color = color < lowest ? lowest : color > 1.0f ? 1.0f : color;
    int value =
        (int)__builtin_floor((double)color * __cuccNormalizedOne(t) + 0.5);
    v->u[c] = (unsigned)value;
    v->f[c] = __cuccNormalizedValue(t, value);
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

/*===-- Linear filtering --------------------------------------------------===*/

/* The weights (of 1/256) of the corners of a linear fetch from the upper
 * texels' weights w[d] of each dimension: corner bit d set is the upper
 * texel of dimension d. The texture unit splits 256 one dimension at a
 * time, each part rounded to nearest: z (3D only), then x with ties up,
 * then y with ties up beside the upper x texel and down beside the lower
 * (so 2D keeps both dimensions' sums; the H100's 2D and 3D samples show
 * each of these roundings). */
static __device__ void __cuccCornerWeights(int dims, const int *w,
                                           int *weight) {
  if (dims == 1) {
    weight[0] = 256 - w[0];
    weight[1] = w[0];
    return;
  }
  int slices = dims == 3 ? 2 : 1;
  for (int z = 0; z < slices; ++z) {
    int slice = dims == 3 ? (z ? w[2] : 256 - w[2]) : 256;
    int upperX = (slice * w[0] + 128) >> 8;
    int lowerX = slice - upperX;
    int lowerXUpperY = (lowerX * w[1] + 127) >> 8;
    int upperXUpperY = (upperX * w[1] + 128) >> 8;
    weight[4 * z + 0] = lowerX - lowerXUpperY;
    weight[4 * z + 1] = upperX - upperXUpperY;
    weight[4 * z + 2] = lowerXUpperY;
    weight[4 * z + 3] = upperXUpperY;
  }
}

/* The sums of a linear fetch, a channel each: a float format's as a
 * double and what rounding that double lost (each product is exact), an
 * integer format's as an integer. */
struct __cuccFilterSum {
  double high[4], low[4];
  int whole[4];
};

/* high + low += p, keeping what the addition rounds off in low. */
static __device__ __forceinline__ void __cuccAddExactly(double *high,
                                                        double *low, double p) {
  double sum = *high + p;
  double pPart = sum - *high;
  *low += (*high - (sum - pPart)) + (p - pPart);
  *high = sum;
}

/* high + low rounded to single precision, ties away from zero. */
static __device__ float __cuccRoundTiesAway(double high, double low) {
  float r = (float)high;
  double rest = (high - (double)r) + low;
  if (rest == 0.0 || rest != rest)
    return r;
  bool away = r == 0.0f || (rest > 0.0) == (r > 0.0f);
  unsigned bits = __cuccFloatToBits(r);
  float next = r == 0.0f
                   ? __cuccBitsToFloat((rest < 0.0 ? 0x80000000u : 0u) | 1u)
                   : __cuccBitsToFloat(away ? bits + 1 : bits - 1);
  double half = ((double)next - (double)r) * 0.5;
  if (rest > 0.0 ? rest > half : rest < half)
    return next;
  return rest == half && away ? next : r;
}

/* high + low rounded to half precision, ties away from zero, as a float. */
static __device__ float __cuccRoundHalfTiesAway(double high, double low) {
  if (high == 0.0)
    return (float)high;
  unsigned long long bits;
  __builtin_memcpy(&bits, &high, sizeof(bits));
  int exponent = (int)((bits >> 52) & 0x7ff) - 1023;
  if (exponent < -14)
    exponent = -14;
  unsigned long long stepBits = (unsigned long long)(exponent - 10 + 1023)
                                << 52;
  double step;
  __builtin_memcpy(&step, &stepBits, sizeof(step));
  double steps = high / step;
  double whole = __builtin_floor(steps);
  double rest = (steps - whole) + low / step;
  if (rest > 0.5 || (rest == 0.5 && high > 0.0))
    whole += 1.0;
  return (float)(whole * step);
}

/* A half texel's product with its weight, as the texture unit forms it:
 * under half's normal range, cut toward zero to half's subnormal step. */
static __device__ __forceinline__ double __cuccHalfProduct(int weight,
                                                           float texel) {
  double p = (double)weight * (double)texel * 0x1p-8;
  if (__builtin_fabs(p) < 0x1p-14)
    p = __builtin_trunc(p * 0x1p24) * 0x1p-24;
  return p;
}

/* sum += weight x the texel tap, channel by channel. */
static __device__ void __cuccAccumulate(const struct __cuccTexture *t,
                                        int weight,
                                        const struct __cuccTexel *tap,
                                        struct __cuccFilterSum *sum) {
  for (int k = 0; k < t->channels; ++k) {
    if (t->kind != cudaChannelFormatKindFloat)
      sum->whole[k] += weight * (int)tap->u[k];
    else if (t->channelBits == 16)
      __cuccAddExactly(&sum->high[k], &sum->low[k],
                       __cuccHalfProduct(weight, tap->f[k]));
    else
      __cuccAddExactly(&sum->high[k], &sum->low[k],
                       (double)weight * (double)tap->f[k] * 0x1p-8);
  }
}

/* An integer sum of weight x value (of 1/256) rounded to 16 bits: a
 * unorm16 (8-bit values scale by 257), or a snorm16 (8-bit values scale
 * by 32767 / 127, ties toward zero). */
static __device__ int __cuccFilteredToSixteenBits(const struct __cuccTexture *t,
                                                  int sum) {
  if (t->kind == cudaChannelFormatKindUnsigned)
    return t->channelBits == 8 ? (sum * 257 + 128) >> 8 : (sum + 128) >> 8;
  if (t->channelBits == 16)
    return (sum + 128) >> 8;
  long long scaled = (long long)sum * 32767, denominator = 127 * 256;
  long long magnitude = scaled < 0 ? -scaled : scaled;
  int rounded = (int)((magnitude + denominator / 2 - 1) / denominator);
  return scaled < 0 ? -rounded : rounded;
}

/* The filtered texel: each channel's sum rounded as its format's is. */
static __device__ void __cuccFinishFilter(const struct __cuccTexture *t,
                                          const struct __cuccFilterSum *sum,
                                          struct __cuccTexel *v) {
  for (int k = 0; k < 4; ++k) {
    float f = 0.0f;
    if (k < t->channels) {
      if (t->kind != cudaChannelFormatKindFloat) {
        int value = __cuccFilteredToSixteenBits(t, sum->whole[k]);
        f = t->kind == cudaChannelFormatKindSigned
                ? __builtin_fmaxf((float)value / 32767.0f, -1.0f)
                : (float)value / 65535.0f;
      } else if (t->channelBits == 16) {
        f = __cuccRoundHalfTiesAway(sum->high[k], sum->low[k]);
      } else {
        f = __cuccRoundTiesAway(sum->high[k], sum->low[k]);
      }
    }
    v->f[k] = f;
    v->u[k] = __cuccFloatToBits(f);
  }
}

/*===-- Sampling ----------------------------------------------------------===*/

/* The fetch at coordinates c (dims of them, in the texture's terms) of
 * layer (layered textures only). */
static __device__ void __cuccSample(const struct __cuccTexture *t, int dims,
                                    const float *coords, int layer,
                                    struct __cuccTexel *v) {
  const unsigned char *base = (const unsigned char *)t->texels;
  if (t->layers) {
    unsigned last = (unsigned)t->layers - 1;
    base += (unsigned long long)((unsigned)layer > last ? last : layer) *
            t->slicePitch;
  }
  int extent[3] = {t->width, t->height, t->depth};
  float c[3] = {coords[0], dims > 1 ? coords[1] : 0.0f,
                dims > 2 ? coords[2] : 0.0f};
  int mode[3];
  bool linear = t->filterMode == cudaFilterModeLinear && __cuccReadsFloats(t);
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
  int low[3], w[3];
  for (int d = 0; d < dims; ++d) {
    float x = c[d];
    if (mode[d] == cudaAddressModeClamp)
      x = __builtin_fminf(__builtin_fmaxf(x, 0.5f), (float)extent[d] - 0.5f);
    float below = x - 0.5f;
    float lower = __builtin_floorf(below);
    float fraction = (below - lower) * 256.0f; /* exact */
    low[d] = (int)lower;
    w[d] = (int)fraction;
    if (fraction - (float)w[d] >= 0.5f)
      ++w[d];
  }
  int weight[8];
  __cuccCornerWeights(dims, w, weight);
  struct __cuccFilterSum sum;
  for (int k = 0; k < 4; ++k) {
    sum.high[k] = -0.0; /* the sum of nothing, which keeps a -0 texel's sign */
    sum.low[k] = 0.0;
    sum.whole[k] = 0;
  }
  for (int corner = 0; corner < (1 << dims); ++corner) {
    if (weight[corner] == 0)
      continue;
    for (int d = 0; d < dims; ++d)
      i[d] = __cuccAddress(low[d] + ((corner >> d) & 1), extent[d], mode[d]);
    struct __cuccTexel tap;
    __cuccTexelAt(t, base, i, dims, &tap);
    __cuccAccumulate(t, weight[corner], &tap, &sum);
  }
  __cuccFinishFilter(t, &sum, v);
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
  __cuccLoadTexel(t,
                  (const unsigned char *)t->texels +
                      (unsigned long long)x * t->texelBytes,
                  v);
}

/* What a fetch returns as type T. */
template <class T> struct __cuccTexResult;
template <> struct __cuccTexResult<float> {
  static __device__ float make(const struct __cuccTexel &v) { return v.f[0]; }
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
    return make_char4((signed char)v.u[0], (signed char)v.u[1],
                      (signed char)v.u[2], (signed char)v.u[3]);
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
    return make_uchar4((unsigned char)v.u[0], (unsigned char)v.u[1],
                       (unsigned char)v.u[2], (unsigned char)v.u[3]);
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
    return make_ushort4((unsigned short)v.u[0], (unsigned short)v.u[1],
                        (unsigned short)v.u[2], (unsigned short)v.u[3]);
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
    return make_int4((int)v.u[0], (int)v.u[1], (int)v.u[2], (int)v.u[3]);
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
    return make_uint4((unsigned int)v.u[0], (unsigned int)v.u[1],
                      (unsigned int)v.u[2], (unsigned int)v.u[3]);
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
