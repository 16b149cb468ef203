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
// Half texels convert exactly (a signaling NaN comes back quieted).
//
// The code's shape is for the AMDGPU backend, and small (a tex2D<float>
// inline is some 460 instructions at gfx90a, where spelling out each
// mode's branches took some 840): every fetch is inlined (no call),
// and nothing is an array indexed at run time (no scratch:
// lit-tests/textures/sampler-no-scratch.cu). Every addressing mode of a
// dimension is computed and the uniform mode selects (wrap and mirror
// share one remainder); the texel format is one uniform branch around the
// corners' loads, each corner's value one conversion; point filtering
// takes the first corner, and linear filtering sums the corners' products
// in one double-double sum and rounds it once, to float or half precision
// by one rounding (ties away from zero, decided exactly) or for integers
// to 16 bits. A fetch is a region of its own: a uniform branch on the
// texture's width guards it, and point and linear filtering are the two
// sides of a uniform branch that each end with the channel's bits. As
// straight-line code, fetches were scheduled into one another and each
// fetch's last steps sunk to the kernel's end (InstCombine sinks what only
// the returning block uses), every fetch's registers live at once: 80
// VGPRs for opticalFlow's 18 fetches, where a region each needs 45. Each
// channel is computed on its own from a constant index (a fetch of one
// channel keeps only that channel's code). The descriptor is copied field
// by field through the constant address space (the runtime fills it before
// a launch and no kernel writes it), so its fields are scalar loads where
// the texture object is uniform; the texels are read through the global
// address space.
#ifndef __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include "texture_types.h"
#include "vector_functions.h"
#include "vector_types.h"

typedef const __attribute__((address_space(4))) struct __cuccTexture
    *__cuccTextureRef;
typedef const __attribute__((address_space(1))) unsigned char *__cuccTexelPtr;

/* A fetched texel: each channel's 32 bits, a float's (float formats,
 * integers read as normalized floats, filtered results) or an integer's
 * (integer formats read as themselves: the element, sign extended). */
struct __cuccTexel {
  unsigned bits[4];
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

/*===-- Formats -----------------------------------------------------------===*/

static __device__ __forceinline__ bool
__cuccIsFloat(const struct __cuccTexture *t) {
  return t->kind == cudaChannelFormatKindFloat;
}

static __device__ __forceinline__ bool
__cuccIsSigned(const struct __cuccTexture *t) {
  return t->kind == cudaChannelFormatKindSigned;
}

static __device__ __forceinline__ bool
__cuccNormalizedIntegers(const struct __cuccTexture *t) {
  return !__cuccIsFloat(t) && t->readMode == cudaReadModeNormalizedFloat;
}

/* The largest value of an integer format read as normalized floats: its
 * 1.0 (255, 65535, 127 or 32767). */
static __device__ __forceinline__ int
__cuccNormalizedOne(const struct __cuccTexture *t) {
  return (1 << (t->channelBits - (__cuccIsSigned(t) ? 1 : 0))) - 1;
}

/* v / d for an integer |v| <= 65535 and an odd d <= 65535, correctly
 * rounded, as v x (1 / d) in double precision (inverse: 1 / d to nearest),
 * rounded to float: no float's rounding midpoint is an odd multiple of
 * 2^-24 of v / d's binade, so v / d is at least 2^-16 of a half step away
 * from any, and the double product errs by under 2^-51 of v / d. Signed
 * formats' values are at least -1. */
static __device__ __forceinline__ float __cuccDivideByOdd(int v,
                                                          double inverse) {
  return __builtin_fmaxf((float)((double)v * inverse), -1.0f);
}

/* 1 / the 1.0 of an integer format read as normalized floats, to
 * nearest. */
static __device__ __forceinline__ double
__cuccInverseOne(const struct __cuccTexture *t) {
  bool isSigned = __cuccIsSigned(t);
  double sixteen = isSigned ? 1.0 / 32767 : 1.0 / 65535;
  double eight = isSigned ? 1.0 / 127 : 1.0 / 255;
  return t->channelBits == 8 ? eight : sixteen;
}

/*===-- Texels ------------------------------------------------------------===*/

/* The bits of channel k of the N texels at p, each as wide as the
 * format's channels, zero extended: one uniform branch on that width. */
template <int N>
static __device__ __forceinline__ void
__cuccReadChannel(const struct __cuccTexture *t, const __cuccTexelPtr *p,
                  int k, unsigned *bits) {
  typedef const __attribute__((address_space(1))) unsigned short *Halves;
  typedef const __attribute__((address_space(1))) unsigned *Words;
  if (t->channelBits == 8) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      bits[i] = p[i][k];
  } else if (t->channelBits == 16) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      bits[i] = ((Halves)p[i])[k];
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i)
      bits[i] = ((Words)p[i])[k];
  }
}

/* A channel's bits as the element: sign extended for signed integers. */
static __device__ __forceinline__ unsigned
__cuccElementOf(const struct __cuccTexture *t, unsigned bits) {
  unsigned sign = __cuccIsSigned(t) ? 1u << (t->channelBits - 1) : 0u;
  return (bits ^ sign) - sign;
}

/* What a channel's element is worth as a float: a float's or a half's
 * value (exactly; a signaling NaN quieted), an integer's value (exact for
 * the 8- and 16-bit integers that are read as normalized floats). */
static __device__ __forceinline__ float
__cuccValueOf(const struct __cuccTexture *t, unsigned element) {
  float asInteger = (float)(int)element;
  float asHalf = (float)__builtin_bit_cast(_Float16, (unsigned short)element);
  float asFloat = __cuccBitsToFloat(element);
  float asFloatFormat = t->channelBits == 16 ? asHalf : asFloat;
  return __cuccIsFloat(t) ? asFloatFormat : asInteger;
}

/* Channel k of the border color: as an operand of filtering (a float
 * format's color; for integers read as normalized floats the integer of
 * the format's texel nearest the color clamped to the format's range), and
 * as the bits an integer format read as itself returns (the color's).
 * Uniform where the texture is. */
struct __cuccBorder {
  float value;
  unsigned bits;
};

static __device__ __forceinline__ struct __cuccBorder
__cuccBorderOf(const struct __cuccTexture *t, int k) {
  float color = t->borderColor[k];
  float lowest = __cuccIsSigned(t) ? -1.0f : 0.0f;
  float clamped = __builtin_fminf(__builtin_fmaxf(color, lowest), 1.0f);
  int texel = (int)__builtin_floor((double)clamped * __cuccNormalizedOne(t) +
                                   0.5);
  struct __cuccBorder b;
  b.value = __cuccNormalizedIntegers(t) ? (float)texel : color;
  b.bits = __cuccFloatToBits(color);
  return b;
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
 * itself; then its mirror image); of a wrap's period of n, m itself. */
static __device__ __forceinline__ int __cuccFold(int m, int n) {
  int mirrored = 2 * n - 1 - m;
  return m < mirrored ? m : mirrored;
}

/* Index i of an extent of n as clamp reads it (clamped to [0, n - 1]), or
 * border (-1 outside: clamped to [-1, n], n read as -1). */
static __device__ __forceinline__ int __cuccClampOrBorder(int i, int n,
                                                          bool border) {
  int lowest = border ? -1 : 0, highest = border ? n : n - 1;
  int below = i < highest ? i : highest;
  int clamped = below > lowest ? below : lowest;
  return clamped == n ? -1 : clamped;
}

/* The axis of coordinate c (in the texture's terms) over an extent of n
 * under an addressing mode. Wrap and mirror (normalized coordinates only;
 * unnormalized ones clamp) share one remainder, i + 1's being i's plus
 * one; every mode is computed and the uniform mode selects. */
static __device__ __forceinline__ struct __cuccAxis
__cuccAxisOf(const struct __cuccTexture *t, float c, int n, int mode,
             bool linear) {
  bool repeats = t->normalizedCoords && (mode == cudaAddressModeWrap ||
                                         mode == cudaAddressModeMirror);
  bool border = mode == cudaAddressModeBorder;
  float scaled = c * (float)n;
  c = t->normalizedCoords ? scaled : c;
  float clamped =
      __builtin_fminf(__builtin_fmaxf(c, 0.5f), (float)n - 0.5f);
  c = linear && !repeats && !border ? clamped : c;
  float below = c - (linear ? 0.5f : 0.0f);
  float lower = __builtin_floorf(below);
  float fraction = (below - lower) * 256.0f; /* exact */
  int weight = (int)fraction;
  weight += fraction - (float)weight >= 0.5f ? 1 : 0;
  int i = (int)lower;
  int period = mode == cudaAddressModeMirror ? 2 * n : n;
  /* i mod period in [0, period): below 0, from -i - 1 (= ~i). */
  unsigned r = (unsigned)(i < 0 ? ~i : i) % (unsigned)period;
  int m = i < 0 ? period - 1 - (int)r : (int)r;
  int next = m + 1 == period ? 0 : m + 1;
  int foldedLow = __cuccFold(m, n), foldedHigh = __cuccFold(next, n);
  int clampedLow = __cuccClampOrBorder(i, n, border);
  int clampedHigh = __cuccClampOrBorder(i + 1, n, border);
  struct __cuccAxis a;
  a.low = repeats ? foldedLow : clampedLow;
  a.high = repeats ? foldedHigh : clampedHigh;
  a.weight = weight;
  return a;
}

/* The texels a fetch reads, in the order linear filtering sums them: per
 * slice (3D: z's lower, then upper) low x low y, high x low y, low x high
 * y, high x high y; point filtering reads the first. Each is where it is
 * (an index of the border reads the first texel, harmlessly), whether it
 * is of the border, and its weight (of 1/256). */
template <int N> struct __cuccCorners {
  __cuccTexelPtr p[N];
  bool border[N];
  int weight[N];
};

/* The weights (of 1/256) of a slice's four corners: the slice's share of
 * 256 split at x (ties up), then each part at y (ties up beside the upper
 * x texel, down beside the lower; so 2D keeps both dimensions' sums). The
 * H100's 2D and 3D samples show each of these roundings. */
template <int N>
static __device__ __forceinline__ void
__cuccSplitSlice(struct __cuccCorners<N> &c, int first, int slice, int wx,
                 int wy) {
  int upperX = (slice * wx + 128) >> 8;
  int lowerX = slice - upperX;
  int lowerXUpperY = (lowerX * wy + 127) >> 8;
  int upperXUpperY = (upperX * wy + 128) >> 8;
  c.weight[first] = lowerX - lowerXUpperY;
  c.weight[first + 1] = upperX - upperXUpperY;
  c.weight[first + 2] = lowerXUpperY;
  c.weight[first + 3] = upperXUpperY;
}

template <int N>
static __device__ __forceinline__ void
__cuccCornerAt(const struct __cuccTexture *t, struct __cuccCorners<N> &c,
               int corner, __cuccTexelPtr base, int x, int y, int z) {
  c.border[corner] = (x | y | z) < 0;
  c.p[corner] = base + (unsigned long long)(x < 0 ? 0 : x) * t->texelBytes +
                (unsigned long long)(y < 0 ? 0 : y) * t->rowPitch +
                (unsigned long long)(z < 0 ? 0 : z) * t->slicePitch;
}

/* The four corners of slice z, from corner first on, the slice's share of
 * 256 (all of it in 2D; 3D splits z first). */
template <int N>
static __device__ __forceinline__ void
__cuccSliceAt(const struct __cuccTexture *t, struct __cuccCorners<N> &c,
              int first, __cuccTexelPtr base, struct __cuccAxis x,
              struct __cuccAxis y, int z, int slice) {
  __cuccSplitSlice(c, first, slice, x.weight, y.weight);
  __cuccCornerAt(t, c, first, base, x.low, y.low, z);
  __cuccCornerAt(t, c, first + 1, base, x.high, y.low, z);
  __cuccCornerAt(t, c, first + 2, base, x.low, y.high, z);
  __cuccCornerAt(t, c, first + 3, base, x.high, y.high, z);
}

/*===-- Linear filtering --------------------------------------------------===*/

/* A corner's product, in 1/256 of a texel: weight x operand, exact in
 * double precision; -0 where the weight is 0, which changes no sum (0 x a
 * texel of -0, infinity or NaN could). A half texel's product is cut as
 * the texture unit forms it: under half's normal range (2^-14, 2^-6 in
 * 1/256s: halfNormal, 0 for other formats), toward zero to half's
 * subnormal step (2^-24, 2^-16). */
static __device__ __forceinline__ double
__cuccProductOf(float operand, int weight, double halfNormal) {
  unsigned bits = weight == 0 ? 0x80000000u : __cuccFloatToBits(operand);
  double p = (double)__cuccBitsToFloat(bits) * (double)weight;
  double cut = __builtin_trunc(p * 0x1p16) * 0x1p-16;
  return __builtin_fabs(p) < halfNormal ? cut : p;
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

/* A sum (in 1/256s) rounded to a float format of mantissaBits bits whose
 * normal exponents start at minExponent (float 23 and -126, half 10 and
 * -14), ties away from zero, as a float: counted in steps of the format's
 * precision at the sum's exponent (the step a power of two, so that the
 * count is exact), the count rounded by the sign of what is past its half
 * (exact: the part of the count below 1 less 1/2, an exact difference,
 * plus low's share), and the sign the sum's. */
static __device__ __forceinline__ float
__cuccRoundTiesAway(struct __cuccFilterSum s, int mantissaBits,
                    int minExponent) {
  unsigned long long bits;
  __builtin_memcpy(&bits, &s.high, sizeof(bits));
  int exponent = (int)((bits >> 52) & 0x7ff) - 1023 - 8;
  int scale = mantissaBits -
              (exponent < minExponent ? minExponent : exponent) - 8;
  double steps = __builtin_ldexp(s.high, scale);
  double whole = __builtin_floor(steps);
  double pastHalf = ((steps - whole) - 0.5) + __builtin_ldexp(s.low, scale);
  bool up = (pastHalf > 0.0) | ((pastHalf == 0.0) & (s.high > 0.0));
  float r = (float)__builtin_ldexp(whole + (up ? 1.0 : 0.0), -scale - 8);
  unsigned sign = (unsigned)(bits >> 32) & 0x80000000u;
  return __cuccBitsToFloat((__cuccFloatToBits(r) & 0x7fffffffu) | sign);
}

/* An integer sum of weight x value (of 1/256) rounded to 16 bits: a
 * unorm16 (8-bit values scale by 257), or a snorm16 (8-bit values scale
 * by 32767 / 127, ties toward zero). */
static __device__ __forceinline__ int
__cuccFilteredToSixteenBits(const struct __cuccTexture *t, int sum) {
  bool unsigned8 = !__cuccIsSigned(t) && t->channelBits == 8;
  int rounded = (sum * (unsigned8 ? 257 : 1) + 128) >> 8;
  /* |sum| <= 128 x 256: 32 bits hold the scaled magnitude. */
  unsigned magnitude = (unsigned)(sum < 0 ? -sum : sum) * 32767u;
  int snorm = (int)((magnitude + 127u * 128u - 1u) / (127u * 256u));
  int signedSnorm = sum < 0 ? -snorm : snorm;
  return __cuccIsSigned(t) && t->channelBits == 8 ? signedSnorm : rounded;
}

/*===-- Sampling ----------------------------------------------------------===*/

/* Channel k of a fetch of the N corners c (0 for a channel the format
 * lacks): point filtering returns the first corner's texel (or the
 * border's), as a float or (integers read as themselves) its element;
 * linear filtering the sum of every corner's weight x operand, rounded
 * once: to single or half precision (ties away from zero) for float
 * formats, to 16 bits and then to float for integers. Every format's path
 * is the same code but for its last rounding. */
template <int N>
static __device__ __forceinline__ unsigned
__cuccChannelOf(const struct __cuccTexture *t,
                const struct __cuccCorners<N> &c, bool linear, int k) {
  if (k > 0 && k >= t->channels)
    return 0u;
  unsigned element[N];
  __cuccReadChannel<N>(t, c.p, k, element);
  struct __cuccBorder border = __cuccBorderOf(t, k);
  float operand[N];
#pragma unroll
  for (int i = 0; i < N; ++i) {
    element[i] = __cuccElementOf(t, element[i]);
    float value = __cuccValueOf(t, element[i]);
    operand[i] = c.border[i] ? border.value : value;
  }
  /* Point and linear filtering: the two sides of a uniform branch, each
   * ending with the channel's bits (what followed a merge would be sunk to
   * the kernel's end: see the file's header). */
  if (!linear) {
    float normalized =
        __cuccDivideByOdd((int)operand[0], __cuccInverseOne(t));
    unsigned asElement = c.border[0] ? border.bits : element[0];
    unsigned integerBits = __cuccNormalizedIntegers(t)
                               ? __cuccFloatToBits(normalized)
                               : asElement;
    return __cuccIsFloat(t) ? __cuccFloatToBits(operand[0]) : integerBits;
  }
  bool half = __cuccIsFloat(t) && t->channelBits == 16;
  double halfNormal = half ? 0x1p-6 : 0.0;
  struct __cuccFilterSum sum = {
      __cuccProductOf(operand[0], c.weight[0], halfNormal), -0.0};
#pragma unroll
  for (int i = 1; i < N; ++i)
    sum = __cuccAddExactly(
        sum, __cuccProductOf(operand[i], c.weight[i], halfNormal));
  float filtered =
      __cuccRoundTiesAway(sum, half ? 10 : 23, half ? -14 : -126);
  /* An integer format's sum is exact: sum.high is the integer. */
  int sixteen = __cuccFilteredToSixteenBits(t, (int)sum.high);
  float normalized = __cuccDivideByOdd(
      sixteen, __cuccIsSigned(t) ? 1.0 / 32767 : 1.0 / 65535);
  return __cuccFloatToBits(__cuccIsFloat(t) ? filtered : normalized);
}

/* The fetch at x, y, z (as many as Dims has; Dims 1 is a 1D texture,
 * sampled as 2D at y = 0 of a texture one row high), of layer where
 * Layered: the corners of slice z (3D: of both slices around z). */
template <int Dims, bool Layered>
static __device__ __forceinline__ struct __cuccTexel
__cuccSample(cudaTextureObject_t object, float x, float y, float z,
             int layer) {
  struct __cuccTexture texture = __cuccTextureOf(object);
  const struct __cuccTexture *t = &texture;
  struct __cuccTexel v = {{0u, 0u, 0u, 0u}};
  /* A region of its own (see the file's header); no texture the runtime
   * makes is 0 texels wide. */
  if (t->width <= 0)
    return v;
  __cuccTexelPtr base = (__cuccTexelPtr)t->texels;
  if (Layered && t->layers) {
    unsigned last = (unsigned)t->layers - 1;
    base += (unsigned long long)((unsigned)layer > last ? last : layer) *
            t->slicePitch;
  }
  bool linear = t->filterMode == cudaFilterModeLinear &&
                (__cuccIsFloat(t) || __cuccNormalizedIntegers(t));
  struct __cuccAxis ax =
      __cuccAxisOf(t, x, t->width, t->addressMode[0], linear);
  struct __cuccAxis ay =
      __cuccAxisOf(t, Dims == 1 ? 0.0f : y, Dims == 1 ? 1 : t->height,
                   t->addressMode[1], linear);
  struct __cuccAxis az = {0, 0, 0};
  if (Dims == 3)
    az = __cuccAxisOf(t, z, t->depth, t->addressMode[2], linear);
  struct __cuccCorners<Dims == 3 ? 8 : 4> c;
  __cuccSliceAt(t, c, 0, base, ax, ay, az.low,
                Dims == 3 ? 256 - az.weight : 256);
  if (Dims == 3)
    __cuccSliceAt(t, c, 4, base, ax, ay, az.high, az.weight);
  v.bits[0] = __cuccChannelOf(t, c, linear, 0);
  v.bits[1] = __cuccChannelOf(t, c, linear, 1);
  v.bits[2] = __cuccChannelOf(t, c, linear, 2);
  v.bits[3] = __cuccChannelOf(t, c, linear, 3);
  return v;
}

/* tex1Dfetch on linear memory: the element, or 0 out of range (where the
 * first element is read, harmlessly). */
static __device__ __forceinline__ struct __cuccTexel
__cuccFetchLinear(cudaTextureObject_t object, int x) {
  struct __cuccTexture texture = __cuccTextureOf(object);
  const struct __cuccTexture *t = &texture;
  bool inside = x >= 0 && x < t->width;
  struct __cuccCorners<1> c;
  c.p[0] = (__cuccTexelPtr)t->texels +
           (unsigned long long)(inside ? x : 0) * t->texelBytes;
  c.border[0] = false;
  c.weight[0] = 0;
  struct __cuccTexel v = {{inside ? __cuccChannelOf(t, c, false, 0) : 0u,
                           inside ? __cuccChannelOf(t, c, false, 1) : 0u,
                           inside ? __cuccChannelOf(t, c, false, 2) : 0u,
                           inside ? __cuccChannelOf(t, c, false, 3) : 0u}};
  return v;
}

/* What a fetch returns as type T. */
template <class T> struct __cuccTexResult;
template <> struct __cuccTexResult<float> {
  static __device__ __forceinline__ float make(const struct __cuccTexel &v) {
    return __cuccBitsToFloat(v.bits[0]);
  }
};
template <> struct __cuccTexResult<float1> {
  static __device__ __forceinline__ float1 make(const struct __cuccTexel &v) {
    return make_float1(__cuccBitsToFloat(v.bits[0]));
  }
};
template <> struct __cuccTexResult<float2> {
  static __device__ __forceinline__ float2 make(const struct __cuccTexel &v) {
    return make_float2(__cuccBitsToFloat(v.bits[0]),
                       __cuccBitsToFloat(v.bits[1]));
  }
};
template <> struct __cuccTexResult<float4> {
  static __device__ __forceinline__ float4 make(const struct __cuccTexel &v) {
    return make_float4(
        __cuccBitsToFloat(v.bits[0]), __cuccBitsToFloat(v.bits[1]),
        __cuccBitsToFloat(v.bits[2]), __cuccBitsToFloat(v.bits[3]));
  }
};
template <> struct __cuccTexResult<char> {
  static __device__ __forceinline__ char make(const struct __cuccTexel &v) {
    return (char)v.bits[0];
  }
};
template <> struct __cuccTexResult<signed char> {
  static __device__ __forceinline__ signed char
  make(const struct __cuccTexel &v) {
    return (signed char)v.bits[0];
  }
};
template <> struct __cuccTexResult<char1> {
  static __device__ __forceinline__ char1 make(const struct __cuccTexel &v) {
    return make_char1((signed char)v.bits[0]);
  }
};
template <> struct __cuccTexResult<char2> {
  static __device__ __forceinline__ char2 make(const struct __cuccTexel &v) {
    return make_char2((signed char)v.bits[0], (signed char)v.bits[1]);
  }
};
template <> struct __cuccTexResult<char4> {
  static __device__ __forceinline__ char4 make(const struct __cuccTexel &v) {
    return make_char4((signed char)v.bits[0], (signed char)v.bits[1],
                      (signed char)v.bits[2], (signed char)v.bits[3]);
  }
};
template <> struct __cuccTexResult<unsigned char> {
  static __device__ __forceinline__ unsigned char
  make(const struct __cuccTexel &v) {
    return (unsigned char)v.bits[0];
  }
};
template <> struct __cuccTexResult<uchar1> {
  static __device__ __forceinline__ uchar1 make(const struct __cuccTexel &v) {
    return make_uchar1((unsigned char)v.bits[0]);
  }
};
template <> struct __cuccTexResult<uchar2> {
  static __device__ __forceinline__ uchar2 make(const struct __cuccTexel &v) {
    return make_uchar2((unsigned char)v.bits[0], (unsigned char)v.bits[1]);
  }
};
template <> struct __cuccTexResult<uchar4> {
  static __device__ __forceinline__ uchar4 make(const struct __cuccTexel &v) {
    return make_uchar4((unsigned char)v.bits[0], (unsigned char)v.bits[1],
                       (unsigned char)v.bits[2], (unsigned char)v.bits[3]);
  }
};
template <> struct __cuccTexResult<short> {
  static __device__ __forceinline__ short make(const struct __cuccTexel &v) {
    return (short)v.bits[0];
  }
};
template <> struct __cuccTexResult<short1> {
  static __device__ __forceinline__ short1 make(const struct __cuccTexel &v) {
    return make_short1((short)v.bits[0]);
  }
};
template <> struct __cuccTexResult<short2> {
  static __device__ __forceinline__ short2 make(const struct __cuccTexel &v) {
    return make_short2((short)v.bits[0], (short)v.bits[1]);
  }
};
template <> struct __cuccTexResult<short4> {
  static __device__ __forceinline__ short4 make(const struct __cuccTexel &v) {
    return make_short4((short)v.bits[0], (short)v.bits[1], (short)v.bits[2],
                       (short)v.bits[3]);
  }
};
template <> struct __cuccTexResult<unsigned short> {
  static __device__ __forceinline__ unsigned short
  make(const struct __cuccTexel &v) {
    return (unsigned short)v.bits[0];
  }
};
template <> struct __cuccTexResult<ushort1> {
  static __device__ __forceinline__ ushort1 make(const struct __cuccTexel &v) {
    return make_ushort1((unsigned short)v.bits[0]);
  }
};
template <> struct __cuccTexResult<ushort2> {
  static __device__ __forceinline__ ushort2 make(const struct __cuccTexel &v) {
    return make_ushort2((unsigned short)v.bits[0], (unsigned short)v.bits[1]);
  }
};
template <> struct __cuccTexResult<ushort4> {
  static __device__ __forceinline__ ushort4 make(const struct __cuccTexel &v) {
    return make_ushort4((unsigned short)v.bits[0], (unsigned short)v.bits[1],
                        (unsigned short)v.bits[2], (unsigned short)v.bits[3]);
  }
};
template <> struct __cuccTexResult<int> {
  static __device__ __forceinline__ int make(const struct __cuccTexel &v) {
    return (int)v.bits[0];
  }
};
template <> struct __cuccTexResult<int1> {
  static __device__ __forceinline__ int1 make(const struct __cuccTexel &v) {
    return make_int1((int)v.bits[0]);
  }
};
template <> struct __cuccTexResult<int2> {
  static __device__ __forceinline__ int2 make(const struct __cuccTexel &v) {
    return make_int2((int)v.bits[0], (int)v.bits[1]);
  }
};
template <> struct __cuccTexResult<int4> {
  static __device__ __forceinline__ int4 make(const struct __cuccTexel &v) {
    return make_int4((int)v.bits[0], (int)v.bits[1], (int)v.bits[2],
                     (int)v.bits[3]);
  }
};
template <> struct __cuccTexResult<unsigned int> {
  static __device__ __forceinline__ unsigned int
  make(const struct __cuccTexel &v) {
    return (unsigned int)v.bits[0];
  }
};
template <> struct __cuccTexResult<uint1> {
  static __device__ __forceinline__ uint1 make(const struct __cuccTexel &v) {
    return make_uint1((unsigned int)v.bits[0]);
  }
};
template <> struct __cuccTexResult<uint2> {
  static __device__ __forceinline__ uint2 make(const struct __cuccTexel &v) {
    return make_uint2((unsigned int)v.bits[0], (unsigned int)v.bits[1]);
  }
};
template <> struct __cuccTexResult<uint4> {
  static __device__ __forceinline__ uint4 make(const struct __cuccTexel &v) {
    return make_uint4((unsigned int)v.bits[0], (unsigned int)v.bits[1],
                      (unsigned int)v.bits[2], (unsigned int)v.bits[3]);
  }
};


/*===-- The toolkit's fetch functions -------------------------------------===*/

template <class T>
static __device__ __forceinline__ T tex1Dfetch(cudaTextureObject_t texObject,
                                               int x) {
  return __cuccTexResult<T>::make(
      __cuccFetchLinear(texObject, x));
}

template <class T>
static __device__ __forceinline__ T tex1D(cudaTextureObject_t texObject,
                                          float x) {
  return __cuccTexResult<T>::make(
      __cuccSample<1, false>(texObject, x, 0.0f, 0.0f, 0));
}

template <class T>
static __device__ __forceinline__ T tex2D(cudaTextureObject_t texObject,
                                          float x, float y) {
  return __cuccTexResult<T>::make(
      __cuccSample<2, false>(texObject, x, y, 0.0f, 0));
}

template <class T>
static __device__ __forceinline__ T tex3D(cudaTextureObject_t texObject,
                                          float x, float y, float z) {
  return __cuccTexResult<T>::make(
      __cuccSample<3, false>(texObject, x, y, z, 0));
}

template <class T>
static __device__ __forceinline__ T
tex1DLayered(cudaTextureObject_t texObject, float x, int layer) {
  return __cuccTexResult<T>::make(
      __cuccSample<1, true>(texObject, x, 0.0f, 0.0f, layer));
}

template <class T>
static __device__ __forceinline__ T
tex2DLayered(cudaTextureObject_t texObject, float x, float y, int layer) {
  return __cuccTexResult<T>::make(
      __cuccSample<2, true>(texObject, x, y, 0.0f, layer));
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
