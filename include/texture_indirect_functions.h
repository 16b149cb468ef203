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
//    down beside the lower one (__cuccSplitSlice);
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
//
// The code's shape is for the AMDGPU backend: every fetch is inlined into
// the kernel (no call), and nothing is an array indexed at run time (no
// scratch: lit-tests/textures/sampler-no-scratch.cu). Each dimension is
// addressed once for its pair of texels, the corners are spelled out, each
// channel is computed on its own from a constant index (a fetch of one
// channel keeps only that channel's code), the texel format is one uniform
// branch around grouped loads, and every format's linear sum is the same
// double-double one (an integer format's is exact). The descriptor is
// copied field by field through the constant address space (the runtime
// fills it before a launch and no kernel writes it), so its fields are
// scalar loads where the texture object is uniform; the texels are read
// through the global address space.
#ifndef __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include "texture_types.h"
#include "vector_functions.h"
#include "vector_types.h"

typedef const __attribute__((address_space(4))) struct __cuccTexture
    *__cuccTextureRef;
typedef const __attribute__((address_space(1))) unsigned char *__cuccTexelPtr;

/* A fetched texel: each channel as a float (float formats and normalized
 * reads) and as its integer bits (integer formats: the element, sign
 * extended; a filtered result: the float's bits). Only ever indexed by
 * constants. */
struct __cuccTexel {
  float f[4];
  unsigned u[4];
};

/* One channel of a texel. */
struct __cuccChannel {
  float f;
  unsigned u;
};

/* The descriptor of a texture object, read whole: each field a fetch uses
 * is then one load before any branch (a scalar load where the object is
 * uniform), and the conditions on them can be selects. */
static __device__ __forceinline__ struct __cuccTexture
__cuccTextureOf(cudaTextureObject_t object) {
  __cuccTextureRef d = (__cuccTextureRef)object;
  struct __cuccTexture t;
  t.texels = d->texels;
  t.rowPitch = d->rowPitch;
  t.slicePitch = d->slicePitch;
  t.width = d->width;
  t.height = d->height;
  t.depth = d->depth;
  t.layers = d->layers;
  t.linear = d->linear;
  t.channels = d->channels;
  t.channelBits = d->channelBits;
  t.kind = d->kind;
  t.texelBytes = d->texelBytes;
  t.addressMode[0] = d->addressMode[0];
  t.addressMode[1] = d->addressMode[1];
  t.addressMode[2] = d->addressMode[2];
  t.filterMode = d->filterMode;
  t.readMode = d->readMode;
  t.normalizedCoords = d->normalizedCoords;
  t.borderColor[0] = d->borderColor[0];
  t.borderColor[1] = d->borderColor[1];
  t.borderColor[2] = d->borderColor[2];
  t.borderColor[3] = d->borderColor[3];
  return t;
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

/* IEEE half to single precision, exactly (subnormals, infinities, NaNs
 * with their payload): the exponent rebiased (all ones stays all ones), a
 * subnormal as its mantissa x 2^-24. */
static __device__ __forceinline__ float __cuccHalfToFloat(unsigned h) {
  unsigned sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff;
  unsigned biased = exponent == 0x1f ? 0xffu : exponent + 112;
  unsigned normal = sign | (biased << 23) | (mantissa << 13);
  unsigned subnormal = sign | __cuccFloatToBits((float)mantissa * 0x1p-24f);
  return __cuccBitsToFloat(exponent == 0 ? subnormal : normal);
}

/* The largest value of an integer format read as normalized floats: its
 * 1.0 (255, 65535, 127 or 32767). */
static __device__ __forceinline__ int
__cuccNormalizedOne(const struct __cuccTexture *t) {
  int magnitudeBits =
      t->channelBits - (t->kind == cudaChannelFormatKindSigned ? 1 : 0);
  return (1 << magnitudeBits) - 1;
}

/* v / d for an integer |v| <= 65535 and an odd d <= 65535, correctly
 * rounded, as v x (1 / d) in double precision (inverse: 1 / d to nearest),
 * rounded to float: no float's rounding midpoint is an odd multiple of
 * 2^-24 of v / d's binade, so v / d is at least 2^-16 of a half step away
 * from any, and the double product errs by under 2^-51 of v / d. */
static __device__ __forceinline__ float __cuccDivideByOdd(int v,
                                                          double inverse) {
  return (float)((double)v * inverse);
}

/* An integer texel value read as a normalized float, correctly rounded;
 * signed ones at least -1. */
static __device__ __forceinline__ float
__cuccNormalizedValue(const struct __cuccTexture *t, int value) {
  bool isSigned = t->kind == cudaChannelFormatKindSigned;
  double inverse = t->channelBits == 8 ? (isSigned ? 1.0 / 127 : 1.0 / 255)
                                       : (isSigned ? 1.0 / 32767 : 1.0 / 65535);
  float f = __cuccDivideByOdd(value, inverse);
  return f < -1.0f ? -1.0f : f;
}

/*===-- Texels ------------------------------------------------------------===*/

/* The bits of channel k of the texel at p (k one the format has), the
 * format's channels Bits wide: the element, sign extended for signed
 * integers. */
template <int Bits>
static __device__ __forceinline__ unsigned
__cuccBitsOf(const struct __cuccTexture *t, __cuccTexelPtr p, int k) {
  bool isSigned = t->kind == cudaChannelFormatKindSigned;
  if (Bits == 8) {
    unsigned char b = p[k];
    return isSigned ? (unsigned)(int)(signed char)b : b;
  }
  if (Bits == 16) {
    unsigned short s =
        ((const __attribute__((address_space(1))) unsigned short *)p)[k];
    return isSigned ? (unsigned)(int)(short)s : s;
  }
  return ((const __attribute__((address_space(1))) unsigned *)p)[k];
}

/* The float a fetch returns for a channel's bits. */
static __device__ __forceinline__ float
__cuccChannelValue(const struct __cuccTexture *t, unsigned bits) {
  if (t->kind == cudaChannelFormatKindFloat)
    return t->channelBits == 16 ? __cuccHalfToFloat(bits)
                                : __cuccBitsToFloat(bits);
  if (t->readMode == cudaReadModeNormalizedFloat)
    return __cuccNormalizedValue(t, (int)bits);
  return __cuccBitsToFloat(bits);
}

static __device__ __forceinline__ bool
__cuccNormalizedIntegers(const struct __cuccTexture *t) {
  return t->kind != cudaChannelFormatKindFloat &&
         t->readMode == cudaReadModeNormalizedFloat;
}

/* Channel k of the border color as a texel: its float and its bits, but
 * for integers read as normalized floats a texel of the format, clamped to
 * the format's range and rounded to nearest. Uniform where t is. */
static __device__ __forceinline__ struct __cuccChannel
__cuccBorderChannel(const struct __cuccTexture *t, int k) {
  struct __cuccChannel v;
  float color = t->borderColor[k];
  if (!__cuccNormalizedIntegers(t)) {
    v.f = color;
    v.u = __cuccFloatToBits(color);
    return v;
  }
  float lowest = t->kind == cudaChannelFormatKindSigned ? -1.0f : 0.0f;
  color = color < lowest ? lowest : color > 1.0f ? 1.0f : color;
  int value =
      (int)__builtin_floor((double)color * __cuccNormalizedOne(t) + 0.5);
  v.u = (unsigned)value;
  v.f = __cuccNormalizedValue(t, value);
  return v;
}

/*===-- Addressing --------------------------------------------------------===*/

/* What a fetch reads along one dimension: the texel indices low and
 * low + 1 as the addressing mode maps them (-1: the border), point
 * filtering reading low, and linear filtering's weight of the upper texel
 * (of 1/256). */
struct __cuccAxis {
  int low, high, weight;
};

/* Index m of a period of 2n as a mirror reads it (m < n: the extent
 * itself; then its mirror image). */
static __device__ __forceinline__ int __cuccFold(int m, int n) {
  return m < n ? m : 2 * n - 1 - m;
}

/* Index i of an extent of n as clamp (-1 for border) reads it. */
static __device__ __forceinline__ int __cuccClampOrBorder(int i, int n,
                                                          bool border) {
  if (i >= 0 && i < n)
    return i;
  return border ? -1 : i < 0 ? 0 : n - 1;
}

/* Texel indices i and i + 1 of an extent of n under an addressing mode.
 * Wrap and mirror share one remainder: i + 1's is i's plus one. */
static __device__ __forceinline__ struct __cuccAxis
__cuccAddressPair(int i, int n, int mode) {
  struct __cuccAxis a;
  a.weight = 0;
  if (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror) {
    int period = mode == cudaAddressModeMirror ? 2 * n : n;
    /* i mod period in [0, period): below 0, from -i - 1 (= ~i). */
    unsigned r = (unsigned)(i < 0 ? ~i : i) % (unsigned)period;
    int m = i < 0 ? period - 1 - (int)r : (int)r;
    int next = m + 1 == period ? 0 : m + 1;
    a.low = __cuccFold(m, n);
    a.high = __cuccFold(next, n);
    return a;
  }
  bool border = mode == cudaAddressModeBorder;
  a.low = __cuccClampOrBorder(i, n, border);
  a.high = __cuccClampOrBorder(i + 1, n, border);
  return a;
}

/* The axis of coordinate c (in the texture's terms) over an extent of n
 * under an addressing mode. */
static __device__ __forceinline__ struct __cuccAxis
__cuccAxisOf(const struct __cuccTexture *t, float c, int n, int mode,
             bool linear) {
  if (t->normalizedCoords)
    c = c * (float)n;
  else if (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror)
    mode = cudaAddressModeClamp;
  float lower = __builtin_floorf(c);
  int weight = 0;
  if (linear) {
    if (mode == cudaAddressModeClamp)
      c = __builtin_fminf(__builtin_fmaxf(c, 0.5f), (float)n - 0.5f);
    float below = c - 0.5f;
    lower = __builtin_floorf(below);
    float fraction = (below - lower) * 256.0f; /* exact */
    weight = (int)fraction;
    if (fraction - (float)weight >= 0.5f)
      ++weight;
  }
  struct __cuccAxis a = __cuccAddressPair((int)lower, n, mode);
  a.weight = weight;
  return a;
}

/* A texel a fetch reads: where it is (an index of the border reads the
 * first texel, harmlessly), whether it is of the border, its weight. */
struct __cuccCorner {
  __cuccTexelPtr p;
  bool border;
  int weight;
};

static __device__ __forceinline__ struct __cuccCorner
__cuccCornerAt(const struct __cuccTexture *t, __cuccTexelPtr base, int x,
               int y, int z, int weight) {
  struct __cuccCorner c;
  c.border = (x | y | z) < 0;
  c.p = base + (unsigned long long)(x < 0 ? 0 : x) * t->texelBytes +
        (unsigned long long)(y < 0 ? 0 : y) * t->rowPitch +
        (unsigned long long)(z < 0 ? 0 : z) * t->slicePitch;
  c.weight = weight;
  return c;
}

/*===-- Linear filtering --------------------------------------------------===*/

/* The weights (of 1/256) of a slice's four corners: the slice's share of
 * 256 split at x (ties up), then each part at y (ties up beside the upper
 * x texel, down beside the lower; so 2D keeps both dimensions' sums). The
 * H100's 2D and 3D samples show each of these roundings. */
struct __cuccSliceWeights {
  int lowXLowY, highXLowY, lowXHighY, highXHighY;
};

static __device__ __forceinline__ struct __cuccSliceWeights
__cuccSplitSlice(int slice, int wx, int wy) {
  int upperX = (slice * wx + 128) >> 8;
  int lowerX = slice - upperX;
  int lowerXUpperY = (lowerX * wy + 127) >> 8;
  int upperXUpperY = (upperX * wy + 128) >> 8;
  struct __cuccSliceWeights w = {lowerX - lowerXUpperY, upperX - upperXUpperY,
                                 lowerXUpperY, upperXUpperY};
  return w;
}

/* The four texels of a linear fetch at slice z (0 in 2D), in the order
 * they are summed: low x low y, high x low y, low x high y, high x high y;
 * slice is the slice's share of 256 (all of it in 2D; 3D splits z first). */
struct __cuccSlice {
  struct __cuccCorner lowXLowY, highXLowY, lowXHighY, highXHighY;
};

static __device__ __forceinline__ struct __cuccSlice
__cuccSliceAt(const struct __cuccTexture *t, __cuccTexelPtr base,
              struct __cuccAxis x, struct __cuccAxis y, int z, int slice) {
  struct __cuccSliceWeights w = __cuccSplitSlice(slice, x.weight, y.weight);
  struct __cuccSlice s;
  s.lowXLowY = __cuccCornerAt(t, base, x.low, y.low, z, w.lowXLowY);
  s.highXLowY = __cuccCornerAt(t, base, x.high, y.low, z, w.highXLowY);
  s.lowXHighY = __cuccCornerAt(t, base, x.low, y.high, z, w.lowXHighY);
  s.highXHighY = __cuccCornerAt(t, base, x.high, y.high, z, w.highXHighY);
  return s;
}

/* What linear filtering sums of channel k of the texel at p, a format of
 * Bits-wide channels (Half: halves): the texel's value (a float format's)
 * or its integer (an integer format's, read as normalized), as a double. */
template <int Bits, bool Half>
static __device__ __forceinline__ double
__cuccOperandOf(const struct __cuccTexture *t, __cuccTexelPtr p, int k) {
  unsigned bits = __cuccBitsOf<Bits>(t, p, k);
  if (Bits == 32)
    return (double)__cuccBitsToFloat(bits);
  if (Half)
    return (double)__cuccHalfToFloat(bits);
  return (double)(int)bits;
}

/* The operands of channel k of a slice's four corners, read in one branch
 * on the texture's format. */
struct __cuccSliceOperands {
  double lowXLowY, highXLowY, lowXHighY, highXHighY;
};

template <int Bits, bool Half>
static __device__ __forceinline__ struct __cuccSliceOperands
__cuccSliceOperandsAs(const struct __cuccTexture *t,
                      const struct __cuccSlice &s, int k) {
  struct __cuccSliceOperands o = {
      __cuccOperandOf<Bits, Half>(t, s.lowXLowY.p, k),
      __cuccOperandOf<Bits, Half>(t, s.highXLowY.p, k),
      __cuccOperandOf<Bits, Half>(t, s.lowXHighY.p, k),
      __cuccOperandOf<Bits, Half>(t, s.highXHighY.p, k)};
  return o;
}

static __device__ __forceinline__ struct __cuccSliceOperands
__cuccSliceOperandsOf(const struct __cuccTexture *t,
                      const struct __cuccSlice &s, int k) {
  if (t->channelBits == 32)
    return __cuccSliceOperandsAs<32, false>(t, s, k);
  if (t->channelBits == 8)
    return __cuccSliceOperandsAs<8, false>(t, s, k);
  if (t->kind == cudaChannelFormatKindFloat)
    return __cuccSliceOperandsAs<16, true>(t, s, k);
  return __cuccSliceOperandsAs<16, false>(t, s, k);
}

/* A corner's product (of 1/256): its weight x its operand, the border's
 * operand where the corner is of the border. A corner of weight 0 gives
 * -0, which changes no sum (0 x a texel of -0, infinity or NaN could). */
static __device__ __forceinline__ double
__cuccProductOf(struct __cuccCorner c, double operand, double border) {
  double p = (double)c.weight * (c.border ? border : operand) * 0x1p-8;
  return c.weight == 0 ? -0.0 : p;
}

/* A half texel's product as the texture unit forms it: under half's
 * normal range, cut toward zero to half's subnormal step. */
static __device__ __forceinline__ double __cuccHalfProduct(double p) {
  return __builtin_fabs(p) < 0x1p-14 ? __builtin_trunc(p * 0x1p24) * 0x1p-24
                                     : p;
}

/* The sum of a linear fetch's products: a double and what rounding that
 * double lost (each product is exact, as is every sum of an integer
 * format's). */
struct __cuccFilterSum {
  double high, low;
};

/* s + p, keeping what the addition rounds off in low. */
static __device__ __forceinline__ struct __cuccFilterSum
__cuccAddExactly(struct __cuccFilterSum s, double p) {
  double sum = s.high + p;
  double pPart = sum - s.high;
  s.low += (s.high - (sum - pPart)) + (p - pPart);
  s.high = sum;
  return s;
}

static __device__ __forceinline__ struct __cuccFilterSum
__cuccAddSlice(const struct __cuccTexture *t, struct __cuccFilterSum sum,
               const struct __cuccSlice &s, double border, int k) {
  struct __cuccSliceOperands o = __cuccSliceOperandsOf(t, s, k);
  double p0 = __cuccProductOf(s.lowXLowY, o.lowXLowY, border);
  double p1 = __cuccProductOf(s.highXLowY, o.highXLowY, border);
  double p2 = __cuccProductOf(s.lowXHighY, o.lowXHighY, border);
  double p3 = __cuccProductOf(s.highXHighY, o.highXHighY, border);
  if (t->kind == cudaChannelFormatKindFloat && t->channelBits == 16) {
    p0 = __cuccHalfProduct(p0);
    p1 = __cuccHalfProduct(p1);
    p2 = __cuccHalfProduct(p2);
    p3 = __cuccHalfProduct(p3);
  }
  sum = __cuccAddExactly(sum, p0);
  sum = __cuccAddExactly(sum, p1);
  sum = __cuccAddExactly(sum, p2);
  return __cuccAddExactly(sum, p3);
}

/* high + low rounded to single precision, ties away from zero: high
 * rounded to nearest, then the neighbour toward the rest where the rest
 * passes half the step to it (or reaches it, away from zero). */
static __device__ __forceinline__ float __cuccRoundTiesAway(double high,
                                                            double low) {
  float r = (float)high;
  double rest = (high - (double)r) + low;
  bool away = r == 0.0f || (rest > 0.0) == (r > 0.0f);
  unsigned bits = __cuccFloatToBits(r);
  float next = r == 0.0f
                   ? __cuccBitsToFloat((rest < 0.0 ? 0x80000000u : 0u) | 1u)
                   : __cuccBitsToFloat(away ? bits + 1 : bits - 1);
  double half = ((double)next - (double)r) * 0.5;
  bool past = rest > 0.0 ? rest > half : rest < half;
  bool toNext = past || (rest == half && away);
  return rest == 0.0 || rest != rest || !toNext ? r : next;
}

/* A power of two, 2^exponent (a normal double's exponent). */
static __device__ __forceinline__ double __cuccPowerOfTwo(int exponent) {
  unsigned long long bits = (unsigned long long)(exponent + 1023) << 52;
  double p;
  __builtin_memcpy(&p, &bits, sizeof(p));
  return p;
}

/* high + low rounded to half precision, ties away from zero, as a float:
 * counted in steps of half's precision at high's exponent (x / step as
 * x x (1 / step), the same exact quotient). */
static __device__ __forceinline__ float __cuccRoundHalfTiesAway(double high,
                                                                double low) {
  unsigned long long bits;
  __builtin_memcpy(&bits, &high, sizeof(bits));
  int exponent = (int)((bits >> 52) & 0x7ff) - 1023;
  if (exponent < -14)
    exponent = -14;
  double step = __cuccPowerOfTwo(exponent - 10);
  double perStep = __cuccPowerOfTwo(10 - exponent);
  double steps = high * perStep;
  double whole = __builtin_floor(steps);
  double rest = (steps - whole) + low * perStep;
  if (rest > 0.5 || (rest == 0.5 && high > 0.0))
    whole += 1.0;
  return high == 0.0 ? (float)high : (float)(whole * step);
}

/* An integer sum of weight x value (of 1/256) rounded to 16 bits: a
 * unorm16 (8-bit values scale by 257), or a snorm16 (8-bit values scale
 * by 32767 / 127, ties toward zero). */
static __device__ __forceinline__ int
__cuccFilteredToSixteenBits(const struct __cuccTexture *t, int sum) {
  if (t->kind == cudaChannelFormatKindUnsigned)
    return t->channelBits == 8 ? (sum * 257 + 128) >> 8 : (sum + 128) >> 8;
  if (t->channelBits == 16)
    return (sum + 128) >> 8;
  /* |sum| <= 128 x 256: 32 bits hold the scaled magnitude. */
  unsigned magnitude = (unsigned)(sum < 0 ? -sum : sum) * 32767u;
  int rounded = (int)((magnitude + 127u * 128u - 1u) / (127u * 256u));
  return sum < 0 ? -rounded : rounded;
}

/* A linear fetch's sum rounded as its format's is. */
static __device__ __forceinline__ float
__cuccFinishFilter(const struct __cuccTexture *t, struct __cuccFilterSum sum) {
  if (t->kind == cudaChannelFormatKindFloat)
    return t->channelBits == 16 ? __cuccRoundHalfTiesAway(sum.high, sum.low)
                                : __cuccRoundTiesAway(sum.high, sum.low);
  /* An integer format's sum is exact: sum.high x 256 is the integer. */
  int value = __cuccFilteredToSixteenBits(t, (int)(sum.high * 256.0));
  bool isSigned = t->kind == cudaChannelFormatKindSigned;
  float f = __cuccDivideByOdd(value, isSigned ? 1.0 / 32767 : 1.0 / 65535);
  return isSigned ? __builtin_fmaxf(f, -1.0f) : f;
}

/* Channel k of a linear fetch over the slices s0 and (3D) s1: 0 for a
 * channel the format lacks. */
template <int Dims>
static __device__ __forceinline__ struct __cuccChannel
__cuccFilterChannel(const struct __cuccTexture *t, const struct __cuccSlice &s0,
                    const struct __cuccSlice &s1, int k) {
  struct __cuccChannel v = {0.0f, 0u};
  if (k > 0 && k >= t->channels)
    return v;
  struct __cuccChannel borderTexel = __cuccBorderChannel(t, k);
  double border = t->kind == cudaChannelFormatKindFloat
                      ? (double)borderTexel.f
                      : (double)(int)borderTexel.u;
  /* The sum of nothing is -0, which keeps a -0 texel's sign. */
  struct __cuccFilterSum sum = {-0.0, 0.0};
  sum = __cuccAddSlice(t, sum, s0, border, k);
  if (Dims == 3)
    sum = __cuccAddSlice(t, sum, s1, border, k);
  v.f = __cuccFinishFilter(t, sum);
  v.u = __cuccFloatToBits(v.f);
  return v;
}

/*===-- Sampling ----------------------------------------------------------===*/

static __device__ __forceinline__ struct __cuccTexel
__cuccTexelOf(struct __cuccChannel x, struct __cuccChannel y,
              struct __cuccChannel z, struct __cuccChannel w) {
  struct __cuccTexel v = {{x.f, y.f, z.f, w.f}, {x.u, y.u, z.u, w.u}};
  return v;
}

/* The bits of the four channels of the texel at p (0 for a channel the
 * format lacks, which is not read), in one branch on the channel width. */
struct __cuccTexelBits {
  unsigned x, y, z, w;
};

template <int Bits>
static __device__ __forceinline__ unsigned
__cuccBitsOrZero(const struct __cuccTexture *t, __cuccTexelPtr p, int k) {
  return k == 0 || k < t->channels ? __cuccBitsOf<Bits>(t, p, k) : 0u;
}

template <int Bits>
static __device__ __forceinline__ struct __cuccTexelBits
__cuccTexelBitsAs(const struct __cuccTexture *t, __cuccTexelPtr p) {
  struct __cuccTexelBits b = {
      __cuccBitsOrZero<Bits>(t, p, 0), __cuccBitsOrZero<Bits>(t, p, 1),
      __cuccBitsOrZero<Bits>(t, p, 2), __cuccBitsOrZero<Bits>(t, p, 3)};
  return b;
}

static __device__ __forceinline__ struct __cuccTexelBits
__cuccTexelBitsOf(const struct __cuccTexture *t, __cuccTexelPtr p) {
  if (t->channelBits == 8)
    return __cuccTexelBitsAs<8>(t, p);
  if (t->channelBits == 16)
    return __cuccTexelBitsAs<16>(t, p);
  return __cuccTexelBitsAs<32>(t, p);
}

/* Channel k of a texel whose channel has these bits: 0 for a channel the
 * format lacks. */
static __device__ __forceinline__ struct __cuccChannel
__cuccTexelChannel(const struct __cuccTexture *t, int k, unsigned bits) {
  struct __cuccChannel v = {0.0f, 0u};
  if (k == 0 || k < t->channels) {
    v.u = bits;
    v.f = __cuccChannelValue(t, bits);
  }
  return v;
}

/* Channel k of a point fetch of corner c, whose channel has these bits. */
static __device__ __forceinline__ struct __cuccChannel
__cuccPointChannel(const struct __cuccTexture *t, struct __cuccCorner c,
                   int k, unsigned bits) {
  struct __cuccChannel border = __cuccBorderChannel(t, k);
  struct __cuccChannel texel = __cuccTexelChannel(t, k, bits);
  return c.border ? border : texel;
}

/* The fetch at x, y, z (as many as Dims has; Dims 1 is a 1D texture,
 * sampled as 2D at y = 0 of a texture one row high), of layer where
 * Layered: point filtering reads the first corner of slice s0, linear
 * filtering every corner of s0 and (3D) s1. */
template <int Dims, bool Layered>
static __device__ __forceinline__ struct __cuccTexel
__cuccSample(struct __cuccTexture texture, float x, float y, float z,
             int layer) {
  const struct __cuccTexture *t = &texture;
  __cuccTexelPtr base = (__cuccTexelPtr)t->texels;
  if (Layered && t->layers) {
    unsigned last = (unsigned)t->layers - 1;
    base += (unsigned long long)((unsigned)layer > last ? last : layer) *
            t->slicePitch;
  }
  bool linear = t->filterMode == cudaFilterModeLinear && __cuccReadsFloats(t);
  struct __cuccAxis ax =
      __cuccAxisOf(t, x, t->width, t->addressMode[0], linear);
  struct __cuccAxis ay =
      __cuccAxisOf(t, Dims == 1 ? 0.0f : y, Dims == 1 ? 1 : t->height,
                   t->addressMode[1], linear);
  struct __cuccAxis az = {0, 0, 0};
  if (Dims == 3)
    az = __cuccAxisOf(t, z, t->depth, t->addressMode[2], linear);
  struct __cuccSlice s0 = __cuccSliceAt(t, base, ax, ay, az.low,
                                        Dims == 3 ? 256 - az.weight : 256);
  if (!linear) {
    struct __cuccCorner c = s0.lowXLowY;
    struct __cuccTexelBits b = __cuccTexelBitsOf(t, c.p);
    return __cuccTexelOf(
        __cuccPointChannel(t, c, 0, b.x), __cuccPointChannel(t, c, 1, b.y),
        __cuccPointChannel(t, c, 2, b.z), __cuccPointChannel(t, c, 3, b.w));
  }
  struct __cuccSlice s1 = s0;
  if (Dims == 3)
    s1 = __cuccSliceAt(t, base, ax, ay, az.high, az.weight);
  return __cuccTexelOf(__cuccFilterChannel<Dims>(t, s0, s1, 0),
                       __cuccFilterChannel<Dims>(t, s0, s1, 1),
                       __cuccFilterChannel<Dims>(t, s0, s1, 2),
                       __cuccFilterChannel<Dims>(t, s0, s1, 3));
}

/* tex1Dfetch on linear memory: the element, or 0 out of range. */
static __device__ __forceinline__ struct __cuccTexel
__cuccFetchLinear(struct __cuccTexture texture, int x) {
  const struct __cuccTexture *t = &texture;
  struct __cuccChannel none = {0.0f, 0u};
  if (x < 0 || x >= t->width)
    return __cuccTexelOf(none, none, none, none);
  __cuccTexelPtr p =
      (__cuccTexelPtr)t->texels + (unsigned long long)x * t->texelBytes;
  struct __cuccTexelBits b = __cuccTexelBitsOf(t, p);
  return __cuccTexelOf(
      __cuccTexelChannel(t, 0, b.x), __cuccTexelChannel(t, 1, b.y),
      __cuccTexelChannel(t, 2, b.z), __cuccTexelChannel(t, 3, b.w));
}

/* What a fetch returns as type T. */
template <class T> struct __cuccTexResult;
template <> struct __cuccTexResult<float> {
  static __device__ __forceinline__ float make(const struct __cuccTexel &v) {
    return v.f[0];
  }
};
template <> struct __cuccTexResult<float1> {
  static __device__ __forceinline__ float1 make(const struct __cuccTexel &v) {
    return make_float1(v.f[0]);
  }
};
template <> struct __cuccTexResult<float2> {
  static __device__ __forceinline__ float2 make(const struct __cuccTexel &v) {
    return make_float2(v.f[0], v.f[1]);
  }
};
template <> struct __cuccTexResult<float4> {
  static __device__ __forceinline__ float4 make(const struct __cuccTexel &v) {
    return make_float4(v.f[0], v.f[1], v.f[2], v.f[3]);
  }
};
template <> struct __cuccTexResult<char> {
  static __device__ __forceinline__ char make(const struct __cuccTexel &v) {
    return (char)v.u[0];
  }
};
template <> struct __cuccTexResult<signed char> {
  static __device__ __forceinline__ signed char
  make(const struct __cuccTexel &v) {
    return (signed char)v.u[0];
  }
};
template <> struct __cuccTexResult<char1> {
  static __device__ __forceinline__ char1 make(const struct __cuccTexel &v) {
    return make_char1((signed char)v.u[0]);
  }
};
template <> struct __cuccTexResult<char2> {
  static __device__ __forceinline__ char2 make(const struct __cuccTexel &v) {
    return make_char2((signed char)v.u[0], (signed char)v.u[1]);
  }
};
template <> struct __cuccTexResult<char4> {
  static __device__ __forceinline__ char4 make(const struct __cuccTexel &v) {
    return make_char4((signed char)v.u[0], (signed char)v.u[1],
                      (signed char)v.u[2], (signed char)v.u[3]);
  }
};
template <> struct __cuccTexResult<unsigned char> {
  static __device__ __forceinline__ unsigned char
  make(const struct __cuccTexel &v) {
    return (unsigned char)v.u[0];
  }
};
template <> struct __cuccTexResult<uchar1> {
  static __device__ __forceinline__ uchar1 make(const struct __cuccTexel &v) {
    return make_uchar1((unsigned char)v.u[0]);
  }
};
template <> struct __cuccTexResult<uchar2> {
  static __device__ __forceinline__ uchar2 make(const struct __cuccTexel &v) {
    return make_uchar2((unsigned char)v.u[0], (unsigned char)v.u[1]);
  }
};
template <> struct __cuccTexResult<uchar4> {
  static __device__ __forceinline__ uchar4 make(const struct __cuccTexel &v) {
    return make_uchar4((unsigned char)v.u[0], (unsigned char)v.u[1],
                       (unsigned char)v.u[2], (unsigned char)v.u[3]);
  }
};
template <> struct __cuccTexResult<short> {
  static __device__ __forceinline__ short make(const struct __cuccTexel &v) {
    return (short)v.u[0];
  }
};
template <> struct __cuccTexResult<short1> {
  static __device__ __forceinline__ short1 make(const struct __cuccTexel &v) {
    return make_short1((short)v.u[0]);
  }
};
template <> struct __cuccTexResult<short2> {
  static __device__ __forceinline__ short2 make(const struct __cuccTexel &v) {
    return make_short2((short)v.u[0], (short)v.u[1]);
  }
};
template <> struct __cuccTexResult<short4> {
  static __device__ __forceinline__ short4 make(const struct __cuccTexel &v) {
    return make_short4((short)v.u[0], (short)v.u[1], (short)v.u[2],
                       (short)v.u[3]);
  }
};
template <> struct __cuccTexResult<unsigned short> {
  static __device__ __forceinline__ unsigned short
  make(const struct __cuccTexel &v) {
    return (unsigned short)v.u[0];
  }
};
template <> struct __cuccTexResult<ushort1> {
  static __device__ __forceinline__ ushort1 make(const struct __cuccTexel &v) {
    return make_ushort1((unsigned short)v.u[0]);
  }
};
template <> struct __cuccTexResult<ushort2> {
  static __device__ __forceinline__ ushort2 make(const struct __cuccTexel &v) {
    return make_ushort2((unsigned short)v.u[0], (unsigned short)v.u[1]);
  }
};
template <> struct __cuccTexResult<ushort4> {
  static __device__ __forceinline__ ushort4 make(const struct __cuccTexel &v) {
    return make_ushort4((unsigned short)v.u[0], (unsigned short)v.u[1],
                        (unsigned short)v.u[2], (unsigned short)v.u[3]);
  }
};
template <> struct __cuccTexResult<int> {
  static __device__ __forceinline__ int make(const struct __cuccTexel &v) {
    return (int)v.u[0];
  }
};
template <> struct __cuccTexResult<int1> {
  static __device__ __forceinline__ int1 make(const struct __cuccTexel &v) {
    return make_int1((int)v.u[0]);
  }
};
template <> struct __cuccTexResult<int2> {
  static __device__ __forceinline__ int2 make(const struct __cuccTexel &v) {
    return make_int2((int)v.u[0], (int)v.u[1]);
  }
};
template <> struct __cuccTexResult<int4> {
  static __device__ __forceinline__ int4 make(const struct __cuccTexel &v) {
    return make_int4((int)v.u[0], (int)v.u[1], (int)v.u[2], (int)v.u[3]);
  }
};
template <> struct __cuccTexResult<unsigned int> {
  static __device__ __forceinline__ unsigned int
  make(const struct __cuccTexel &v) {
    return (unsigned int)v.u[0];
  }
};
template <> struct __cuccTexResult<uint1> {
  static __device__ __forceinline__ uint1 make(const struct __cuccTexel &v) {
    return make_uint1((unsigned int)v.u[0]);
  }
};
template <> struct __cuccTexResult<uint2> {
  static __device__ __forceinline__ uint2 make(const struct __cuccTexel &v) {
    return make_uint2((unsigned int)v.u[0], (unsigned int)v.u[1]);
  }
};
template <> struct __cuccTexResult<uint4> {
  static __device__ __forceinline__ uint4 make(const struct __cuccTexel &v) {
    return make_uint4((unsigned int)v.u[0], (unsigned int)v.u[1],
                      (unsigned int)v.u[2], (unsigned int)v.u[3]);
  }
};


/*===-- The toolkit's fetch functions -------------------------------------===*/

template <class T>
static __device__ __forceinline__ T tex1Dfetch(cudaTextureObject_t texObject,
                                               int x) {
  return __cuccTexResult<T>::make(
      __cuccFetchLinear(__cuccTextureOf(texObject), x));
}

template <class T>
static __device__ __forceinline__ T tex1D(cudaTextureObject_t texObject,
                                          float x) {
  return __cuccTexResult<T>::make(
      __cuccSample<1, false>(__cuccTextureOf(texObject), x, 0.0f, 0.0f, 0));
}

template <class T>
static __device__ __forceinline__ T tex2D(cudaTextureObject_t texObject,
                                          float x, float y) {
  return __cuccTexResult<T>::make(
      __cuccSample<2, false>(__cuccTextureOf(texObject), x, y, 0.0f, 0));
}

template <class T>
static __device__ __forceinline__ T tex3D(cudaTextureObject_t texObject,
                                          float x, float y, float z) {
  return __cuccTexResult<T>::make(
      __cuccSample<3, false>(__cuccTextureOf(texObject), x, y, z, 0));
}

template <class T>
static __device__ __forceinline__ T
tex1DLayered(cudaTextureObject_t texObject, float x, int layer) {
  return __cuccTexResult<T>::make(
      __cuccSample<1, true>(__cuccTextureOf(texObject), x, 0.0f, 0.0f, layer));
}

template <class T>
static __device__ __forceinline__ T
tex2DLayered(cudaTextureObject_t texObject, float x, float y, int layer) {
  return __cuccTexResult<T>::make(
      __cuccSample<2, true>(__cuccTextureOf(texObject), x, y, 0.0f, layer));
}

template <class T>
static __device__ __forceinline__ T tex1DLod(cudaTextureObject_t texObject,
                                             float x, float level) {
  (void)level;
  return tex1D<T>(texObject, x);
}

template <class T>
static __device__ __forceinline__ T tex2DLod(cudaTextureObject_t texObject,
                                             float x, float y, float level) {
  (void)level;
  return tex2D<T>(texObject, x, y);
}

template <class T>
static __device__ __forceinline__ T tex3DLod(cudaTextureObject_t texObject,
                                             float x, float y, float z,
                                             float level) {
  (void)level;
  return tex3D<T>(texObject, x, y, z);
}

template <class T>
static __device__ __forceinline__ T
tex2DLayeredLod(cudaTextureObject_t texObject, float x, float y, int layer,
                float level) {
  (void)level;
  return tex2DLayered<T>(texObject, x, y, layer);
}

template <class T>
static __device__ __forceinline__ void
tex1Dfetch(T *ptr, cudaTextureObject_t obj, int x) {
  *ptr = tex1Dfetch<T>(obj, x);
}

template <class T>
static __device__ __forceinline__ void tex1D(T *ptr, cudaTextureObject_t obj,
                                             float x) {
  *ptr = tex1D<T>(obj, x);
}

template <class T>
static __device__ __forceinline__ void tex2D(T *ptr, cudaTextureObject_t obj,
                                             float x, float y) {
  *ptr = tex2D<T>(obj, x, y);
}

template <class T>
static __device__ __forceinline__ void tex3D(T *ptr, cudaTextureObject_t obj,
                                             float x, float y, float z) {
  *ptr = tex3D<T>(obj, x, y, z);
}

template <class T>
static __device__ __forceinline__ void
tex1DLayered(T *ptr, cudaTextureObject_t obj, float x, int layer) {
  *ptr = tex1DLayered<T>(obj, x, layer);
}

template <class T>
static __device__ __forceinline__ void
tex2DLayered(T *ptr, cudaTextureObject_t obj, float x, float y, int layer) {
  *ptr = tex2DLayered<T>(obj, x, y, layer);
}

#endif
