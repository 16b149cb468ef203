// texture_fetch.cu - What CUDA's texture fetches return, bit for bit: every
// addressing mode (clamp, wrap, mirror, border) with point and linear
// filtering, unnormalized and normalized coordinates, over 1D, 2D, 2D
// layered and 3D CUDA arrays, pitch2D and linear memory, for float, half,
// 8- and 16-bit integer formats read as element type and as normalized
// floats, and 1, 2 and 4 channels. Run with nvcc on an NVIDIA GPU, its
// output is the ground truth (expected.texture_fetch.txt, from an H100);
// cucc's build of the same file must print the same bytes. Results are
// printed as the bits of each channel, one sample a line; PROBE_COORDS=1
// prints each sample's coordinates too (for reading a difference).
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      printf("error %d at line %d: %s\n", (int)e_, __LINE__, #call);          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static bool PrintCoords;

/*===-- Device side: one fetch a thread, each channel's bits --------------===*/

__device__ uint4 bitsOf(float v) { return make_uint4(__float_as_uint(v), 0, 0, 0); }
__device__ uint4 bitsOf(float2 v) {
  return make_uint4(__float_as_uint(v.x), __float_as_uint(v.y), 0, 0);
}
__device__ uint4 bitsOf(float4 v) {
  return make_uint4(__float_as_uint(v.x), __float_as_uint(v.y),
                    __float_as_uint(v.z), __float_as_uint(v.w));
}
__device__ uint4 bitsOf(int v) { return make_uint4((unsigned)v, 0, 0, 0); }
__device__ uint4 bitsOf(unsigned char v) { return make_uint4(v, 0, 0, 0); }
__device__ uint4 bitsOf(signed char v) { return make_uint4((unsigned)(int)v, 0, 0, 0); }
__device__ uint4 bitsOf(short v) { return make_uint4((unsigned)(int)v, 0, 0, 0); }
__device__ uint4 bitsOf(uchar4 v) { return make_uint4(v.x, v.y, v.z, v.w); }

template <class T>
__global__ void fetch1D(cudaTextureObject_t t, const float *x, int n,
                        uint4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = bitsOf(tex1D<T>(t, x[i]));
}

template <class T>
__global__ void fetch2D(cudaTextureObject_t t, const float *x, const float *y,
                        int n, uint4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = bitsOf(tex2D<T>(t, x[i], y[i]));
}

template <class T>
__global__ void fetch3D(cudaTextureObject_t t, const float *x, const float *y,
                        const float *z, int n, uint4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = bitsOf(tex3D<T>(t, x[i], y[i], z[i]));
}

template <class T>
__global__ void fetch2DLayered(cudaTextureObject_t t, const float *x,
                               const float *y, const int *layer, int n,
                               uint4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = bitsOf(tex2DLayered<T>(t, x[i], y[i], layer[i]));
}

template <class T>
__global__ void fetchLinear(cudaTextureObject_t t, const int *index, int n,
                            uint4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = bitsOf(tex1Dfetch<T>(t, index[i]));
}

/*===-- Host side: inputs, textures, samples ------------------------------===*/

static unsigned Seed = 12345;
static unsigned lcg() {
  Seed = Seed * 1664525u + 1013904223u;
  return Seed;
}
static float uniform(float lo, float hi) {
  return lo + (hi - lo) * ((lcg() >> 8) * (1.0f / 16777216.0f));
}
static unsigned bitsOfFloat(float f) {
  unsigned u;
  memcpy(&u, &f, 4);
  return u;
}

template <class T> static T *toDevice(const T *host, int n) {
  T *d;
  CHECK(cudaMalloc(&d, n * sizeof(T)));
  CHECK(cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

static uint4 *Out;
static uint4 Results[4096];

/* Prints the samples of one configuration: its name, then a line a sample
 * with Channels channels' bits. */
static void report(const char *name, int n, int channels, const float *x,
                   const float *y, const float *z, const int *layer) {
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(Results, Out, n * sizeof(uint4), cudaMemcpyDeviceToHost));
  printf("== %s (%d)\n", name, n);
  for (int i = 0; i < n; ++i) {
    if (PrintCoords) {
      printf("[x=%.9g", x ? x[i] : 0.0f);
      if (y)
        printf(" y=%.9g", y[i]);
      if (z)
        printf(" z=%.9g", z[i]);
      if (layer)
        printf(" l=%d", layer[i]);
      printf("] ");
    }
    unsigned c[4] = {Results[i].x, Results[i].y, Results[i].z, Results[i].w};
    for (int k = 0; k < channels; ++k)
      printf(k ? " %08x" : "%08x", c[k]);
    printf("\n");
  }
}

static cudaTextureObject_t makeTexture(const cudaResourceDesc *res,
                                       cudaTextureAddressMode address,
                                       cudaTextureFilterMode filter,
                                       cudaTextureReadMode read,
                                       int normalized, const char *name) {
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = address;
  td.filterMode = filter;
  td.readMode = read;
  td.normalizedCoords = normalized;
  td.borderColor[0] = -2.5f;
  td.borderColor[1] = 3.25f;
  td.borderColor[2] = 0.125f;
  td.borderColor[3] = 0.75f;
  cudaTextureObject_t t = 0;
  cudaError_t e = cudaCreateTextureObject(&t, res, &td, NULL);
  if (e != cudaSuccess) {
    printf("== %s: cudaCreateTextureObject: %d\n", name, (int)e);
    cudaGetLastError();
    return 0;
  }
  return t;
}

static const char *AddressNames[] = {"wrap", "clamp", "mirror", "border"};
static const cudaTextureAddressMode Addresses[] = {
    cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
    cudaAddressModeBorder};

static cudaArray_t makeArray(const cudaChannelFormatDesc *desc, size_t w,
                             size_t h, size_t d, unsigned flags,
                             const void *data, size_t texelBytes) {
  cudaArray_t a;
  CHECK(cudaMalloc3DArray(&a, desc, make_cudaExtent(w, h, d), flags));
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof(p));
  p.srcPtr = make_cudaPitchedPtr((void *)data, w * texelBytes, w, h ? h : 1);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h ? h : 1, d ? d : 1);
  p.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&p));
  return a;
}

static cudaResourceDesc arrayResource(cudaArray_t a) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof(r));
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}

/* 1D samples: unnormalized coordinates on a grid of eighths and at random,
 * and the same divided by the width for normalized ones. */
enum { Grid1D = 113, Random1D = 24, N1D = Grid1D + Random1D };
static float X1D[N1D], U1D[N1D];

static void makeCoords1D(int width) {
  for (int k = 0; k < Grid1D; ++k)
    X1D[k] = -3.0f + k / 8.0f;
  for (int k = Grid1D; k < N1D; ++k)
    X1D[k] = uniform(-4.0f, width + 4.0f);
  for (int k = 0; k < N1D; ++k)
    U1D[k] = X1D[k] / (float)width;
}

template <class T>
static void sample1D(const char *name, cudaTextureObject_t t, const float *x,
                     int n, int channels) {
  if (!t)
    return;
  float *dx = toDevice(x, n);
  fetch1D<T><<<(n + 127) / 128, 128>>>(t, dx, n, Out);
  report(name, n, channels, x, NULL, NULL, NULL);
  CHECK(cudaFree(dx));
  CHECK(cudaDestroyTextureObject(t));
}

template <class T>
static void sample2D(const char *name, cudaTextureObject_t t, const float *x,
                     const float *y, int n, int channels) {
  if (!t)
    return;
  float *dx = toDevice(x, n), *dy = toDevice(y, n);
  fetch2D<T><<<(n + 127) / 128, 128>>>(t, dx, dy, n, Out);
  report(name, n, channels, x, y, NULL, NULL);
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaDestroyTextureObject(t));
}

template <class T>
static void sampleLinear(const char *name, cudaTextureObject_t t,
                         const int *index, int n, int channels) {
  if (!t)
    return;
  int *di = toDevice(index, n);
  fetchLinear<T><<<(n + 127) / 128, 128>>>(t, di, n, Out);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(Results, Out, n * sizeof(uint4), cudaMemcpyDeviceToHost));
  printf("== %s (%d)\n", name, n);
  for (int i = 0; i < n; ++i) {
    unsigned c[4] = {Results[i].x, Results[i].y, Results[i].z, Results[i].w};
    if (PrintCoords)
      printf("[i=%d] ", index[i]);
    for (int k = 0; k < channels; ++k)
      printf(k ? " %08x" : "%08x", c[k]);
    printf("\n");
  }
  CHECK(cudaFree(di));
  CHECK(cudaDestroyTextureObject(t));
}

/* Every addressing mode and filter, both coordinate kinds, on a 1D float
 * array of random texels. */
static void float1D() {
  const int W = 8;
  float texels[W];
  for (int i = 0; i < W; ++i)
    texels[i] = uniform(-100.0f, 100.0f);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a = makeArray(&desc, W, 0, 0, 0, texels, sizeof(float));
  cudaResourceDesc r = arrayResource(a);
  makeCoords1D(W);
  for (int m = 0; m < 4; ++m)
    for (int f = 0; f < 2; ++f)
      for (int norm = 0; norm < 2; ++norm) {
        char name[128];
        snprintf(name, sizeof(name), "float1D %s %s %s", AddressNames[m],
                 f ? "linear" : "point", norm ? "normalized" : "unnormalized");
        cudaTextureObject_t t =
            makeTexture(&r, Addresses[m],
                        f ? cudaFilterModeLinear : cudaFilterModePoint,
                        cudaReadModeElementType, norm, name);
        sample1D<float>(name, t, norm ? U1D : X1D, N1D, 1);
      }
  CHECK(cudaFreeArray(a));
}

/* The weights of linear filtering: a ramp (texel i holds i) sampled in
 * steps of 1/1024 of a texel shows each weight as it is quantized; a long
 * ramp shows the precision of coordinates far from the origin. */
static void rampWeights() {
  static float x[1025], u[1025];
  static float ramp[4096];
  for (int i = 0; i < 4096; ++i)
    ramp[i] = (float)i;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a = makeArray(&desc, 8, 0, 0, 0, ramp, sizeof(float));
  cudaResourceDesc r = arrayResource(a);
  for (int j = 0; j <= 1024; ++j) {
    x[j] = 2.5f + j / 1024.0f;
    u[j] = x[j] / 8.0f;
  }
  sample1D<float>("ramp8 clamp linear unnormalized",
                  makeTexture(&r, cudaAddressModeClamp, cudaFilterModeLinear,
                              cudaReadModeElementType, 0, "ramp8"),
                  x, 1025, 1);
  sample1D<float>("ramp8 wrap linear normalized",
                  makeTexture(&r, cudaAddressModeWrap, cudaFilterModeLinear,
                              cudaReadModeElementType, 1, "ramp8n"),
                  u, 1025, 1);
  CHECK(cudaFreeArray(a));

  a = makeArray(&desc, 4096, 0, 0, 0, ramp, sizeof(float));
  r = arrayResource(a);
  for (int j = 0; j <= 256; ++j) {
    x[j] = 3000.5f + j / 1024.0f;
    u[j] = x[j] / 4096.0f;
  }
  sample1D<float>("ramp4096 clamp linear unnormalized",
                  makeTexture(&r, cudaAddressModeClamp, cudaFilterModeLinear,
                              cudaReadModeElementType, 0, "ramp4096"),
                  x, 257, 1);
  sample1D<float>("ramp4096 clamp linear normalized",
                  makeTexture(&r, cudaAddressModeClamp, cudaFilterModeLinear,
                              cudaReadModeElementType, 1, "ramp4096n"),
                  u, 257, 1);
  sample1D<float>("ramp4096 clamp point normalized",
                  makeTexture(&r, cudaAddressModeClamp, cudaFilterModePoint,
                              cudaReadModeElementType, 1, "ramp4096p"),
                  u, 257, 1);
  CHECK(cudaFreeArray(a));
}

enum { GridX = 12, GridY = 10, Random2D = 16, N2D = GridX * GridY + Random2D };
static float X2D[N2D], Y2D[N2D], U2D[N2D], V2D[N2D];

static void makeCoords2D(int w, int h) {
  int k = 0;
  for (int j = 0; j < GridY; ++j)
    for (int i = 0; i < GridX; ++i, ++k) {
      X2D[k] = -1.3f + 0.65f * i;
      Y2D[k] = -1.2f + 0.6f * j;
    }
  for (; k < N2D; ++k) {
    X2D[k] = uniform(-3.0f, w + 3.0f);
    Y2D[k] = uniform(-3.0f, h + 3.0f);
  }
  for (k = 0; k < N2D; ++k) {
    U2D[k] = X2D[k] / (float)w;
    V2D[k] = Y2D[k] / (float)h;
  }
}

/* 2D: a 5x4 float array, every mode; one texture of mixed modes; the same
 * texels in pitched linear memory. */
static void float2D() {
  const int W = 5, H = 4;
  float texels[W * H];
  for (int i = 0; i < W * H; ++i)
    texels[i] = uniform(-100.0f, 100.0f);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK(cudaMallocArray(&a, &desc, W, H));
  CHECK(cudaMemcpy2DToArray(a, 0, 0, texels, W * sizeof(float),
                            W * sizeof(float), H, cudaMemcpyHostToDevice));
  cudaResourceDesc r = arrayResource(a);
  makeCoords2D(W, H);
  for (int m = 0; m < 4; ++m)
    for (int f = 0; f < 2; ++f)
      for (int norm = 0; norm < 2; ++norm) {
        char name[128];
        snprintf(name, sizeof(name), "float2D %s %s %s", AddressNames[m],
                 f ? "linear" : "point", norm ? "normalized" : "unnormalized");
        cudaTextureObject_t t =
            makeTexture(&r, Addresses[m],
                        f ? cudaFilterModeLinear : cudaFilterModePoint,
                        cudaReadModeElementType, norm, name);
        sample2D<float>(name, t, norm ? U2D : X2D, norm ? V2D : Y2D, N2D, 1);
      }

  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = cudaAddressModeWrap;
  td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  cudaTextureObject_t t;
  CHECK(cudaCreateTextureObject(&t, &r, &td, NULL));
  sample2D<float>("float2D wrap-x clamp-y linear normalized", t, U2D, V2D,
                  N2D, 1);
  CHECK(cudaFreeArray(a));

  float *p;
  size_t pitch;
  CHECK(cudaMallocPitch(&p, &pitch, W * sizeof(float), H));
  CHECK(cudaMemcpy2D(p, pitch, texels, W * sizeof(float), W * sizeof(float),
                     H, cudaMemcpyHostToDevice));
  memset(&r, 0, sizeof(r));
  r.resType = cudaResourceTypePitch2D;
  r.res.pitch2D.devPtr = p;
  r.res.pitch2D.desc = desc;
  r.res.pitch2D.width = W;
  r.res.pitch2D.height = H;
  r.res.pitch2D.pitchInBytes = pitch;
  sample2D<float>("pitch2D mirror linear normalized",
                  makeTexture(&r, cudaAddressModeMirror, cudaFilterModeLinear,
                              cudaReadModeElementType, 1, "pitch2D mirror"),
                  U2D, V2D, N2D, 1);
  sample2D<float>("pitch2D clamp point unnormalized",
                  makeTexture(&r, cudaAddressModeClamp, cudaFilterModePoint,
                              cudaReadModeElementType, 0, "pitch2D clamp"),
                  X2D, Y2D, N2D, 1);
  CHECK(cudaFree(p));
}

/* A layered 2D array (4x3, 3 layers), layers in and out of range; a 3D
 * array (4x3x2). */
static void layeredAnd3D() {
  const int W = 4, H = 3, L = 3, D = 2;
  float texels[W * H * L];
  for (int i = 0; i < W * H * L; ++i)
    texels[i] = uniform(-100.0f, 100.0f);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a = makeArray(&desc, W, H, L, cudaArrayLayered, texels, 4);
  cudaResourceDesc r = arrayResource(a);
  enum { N = 200 };
  static float x[N], y[N], z[N];
  static int layer[N];
  for (int i = 0; i < N; ++i) {
    x[i] = uniform(-0.5f, 1.5f);
    y[i] = uniform(-0.5f, 1.5f);
    layer[i] = i % 5 - 1;
  }
  cudaTextureObject_t t =
      makeTexture(&r, cudaAddressModeWrap, cudaFilterModeLinear,
                  cudaReadModeElementType, 1, "layered");
  if (t) {
    float *dx = toDevice(x, N), *dy = toDevice(y, N);
    int *dl = toDevice(layer, N);
    fetch2DLayered<float><<<(N + 127) / 128, 128>>>(t, dx, dy, dl, N, Out);
    report("layered2D wrap linear normalized", N, 1, x, y, NULL, layer);
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
    CHECK(cudaFree(dl));
    CHECK(cudaDestroyTextureObject(t));
  }
  CHECK(cudaFreeArray(a));

  a = makeArray(&desc, W, H, D, 0, texels, 4);
  r = arrayResource(a);
  const struct {
    const char *name;
    cudaTextureAddressMode address;
    cudaTextureFilterMode filter;
    int normalized;
  } modes[] = {
      {"float3D clamp linear unnormalized", cudaAddressModeClamp,
       cudaFilterModeLinear, 0},
      {"float3D border point unnormalized", cudaAddressModeBorder,
       cudaFilterModePoint, 0},
      {"float3D border linear unnormalized", cudaAddressModeBorder,
       cudaFilterModeLinear, 0},
      {"float3D wrap linear normalized", cudaAddressModeWrap,
       cudaFilterModeLinear, 1},
  };
  for (int m = 0; m < 4; ++m) {
    for (int i = 0; i < 60; ++i) {
      if (modes[m].normalized) {
        x[i] = uniform(-0.5f, 1.5f);
        y[i] = uniform(-0.5f, 1.5f);
        z[i] = uniform(-0.5f, 1.5f);
      } else {
        x[i] = uniform(-1.0f, W + 1.0f);
        y[i] = uniform(-1.0f, H + 1.0f);
        z[i] = uniform(-1.0f, D + 1.0f);
      }
    }
    t = makeTexture(&r, modes[m].address, modes[m].filter,
                    cudaReadModeElementType, modes[m].normalized,
                    modes[m].name);
    if (!t)
      continue;
    float *dx = toDevice(x, 60), *dy = toDevice(y, 60), *dz = toDevice(z, 60);
    fetch3D<float><<<1, 64>>>(t, dx, dy, dz, 60, Out);
    report(modes[m].name, 60, 1, x, y, z, NULL);
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
    CHECK(cudaFree(dz));
    CHECK(cudaDestroyTextureObject(t));
  }
  CHECK(cudaFreeArray(a));
}

/* Formats on 1D arrays of 8 texels: integers read as normalized floats
 * (point and linear) and as themselves, half floats, 2 and 4 channels. */
static void formats1D() {
  const int W = 8;
  makeCoords1D(W);
  unsigned char u8[W] = {0, 255, 1, 128, 127, 200, 37, 254};
  signed char s8[W] = {0, 127, -128, -127, 1, -1, 64, -100};
  unsigned short u16[W] = {0, 65535, 1, 32768, 32767, 50000, 12345, 65534};
  short s16[W] = {0, 32767, -32768, -32767, 1, -1, 16384, -20000};
  struct {
    const char *name;
    const void *data;
    cudaChannelFormatDesc desc;
    int bytes;
  } ints[] = {
      {"u8", u8, cudaCreateChannelDesc<unsigned char>(), 1},
      {"s8", s8, cudaCreateChannelDesc<signed char>(), 1},
      {"u16", u16, cudaCreateChannelDesc<unsigned short>(), 2},
      {"s16", s16, cudaCreateChannelDesc<short>(), 2},
  };
  for (int k = 0; k < 4; ++k) {
    cudaArray_t a = makeArray(&ints[k].desc, W, 0, 0, 0, ints[k].data,
                              ints[k].bytes);
    cudaResourceDesc r = arrayResource(a);
    for (int f = 0; f < 2; ++f) {
      char name[128];
      snprintf(name, sizeof(name), "%s normalized-float clamp %s unnormalized",
               ints[k].name, f ? "linear" : "point");
      sample1D<float>(name,
                      makeTexture(&r, cudaAddressModeClamp,
                                  f ? cudaFilterModeLinear
                                    : cudaFilterModePoint,
                                  cudaReadModeNormalizedFloat, 0, name),
                      X1D, N1D, 1);
    }
    if (k == 0) {
      sample1D<float>("u8 normalized-float border linear normalized",
                      makeTexture(&r, cudaAddressModeBorder,
                                  cudaFilterModeLinear,
                                  cudaReadModeNormalizedFloat, 1, "u8 border"),
                      U1D, N1D, 1);
      sample1D<unsigned char>(
          "u8 element clamp point unnormalized",
          makeTexture(&r, cudaAddressModeClamp, cudaFilterModePoint,
                      cudaReadModeElementType, 0, "u8 element"),
          X1D, N1D, 1);
      if (makeTexture(&r, cudaAddressModeClamp, cudaFilterModeLinear,
                      cudaReadModeElementType, 0, "u8 element linear"))
        printf("== u8 element linear: created\n");
    }
    CHECK(cudaFreeArray(a));
  }

  uchar4 rgba[W];
  for (int i = 0; i < W; ++i) {
    unsigned v = lcg();
    rgba[i] = make_uchar4(v >> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255);
  }
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a = makeArray(&desc, W, 0, 0, 0, rgba, 4);
  cudaResourceDesc r = arrayResource(a);
  sample1D<float4>("uchar4 normalized-float mirror linear normalized",
                   makeTexture(&r, cudaAddressModeMirror, cudaFilterModeLinear,
                               cudaReadModeNormalizedFloat, 1, "uchar4"),
                   U1D, N1D, 4);
  sample1D<uchar4>("uchar4 element wrap point normalized",
                   makeTexture(&r, cudaAddressModeWrap, cudaFilterModePoint,
                               cudaReadModeElementType, 1, "uchar4 element"),
                   U1D, N1D, 4);
  CHECK(cudaFreeArray(a));

  unsigned short halves[W] = {0x3c00, 0xc000, 0x3555, 0x7bff,
                              0x0001, 0xbc01, 0x4248, 0x57d0};
  desc = cudaCreateChannelDescHalf();
  a = makeArray(&desc, W, 0, 0, 0, halves, 2);
  r = arrayResource(a);
  sample1D<float>("half clamp linear unnormalized",
                  makeTexture(&r, cudaAddressModeClamp, cudaFilterModeLinear,
                              cudaReadModeElementType, 0, "half"),
                  X1D, N1D, 1);
  CHECK(cudaFreeArray(a));

  float2 f2[W];
  float4 f4[W];
  for (int i = 0; i < W; ++i) {
    f2[i].x = uniform(-10, 10);
    f2[i].y = uniform(-10, 10);
    f4[i].x = uniform(-10, 10);
    f4[i].y = uniform(-10, 10);
    f4[i].z = uniform(-10, 10);
    f4[i].w = uniform(-10, 10);
  }
  desc = cudaCreateChannelDesc<float2>();
  a = makeArray(&desc, W, 0, 0, 0, f2, 8);
  r = arrayResource(a);
  sample1D<float2>("float2 border linear unnormalized",
                   makeTexture(&r, cudaAddressModeBorder, cudaFilterModeLinear,
                               cudaReadModeElementType, 0, "float2"),
                   X1D, N1D, 2);
  CHECK(cudaFreeArray(a));
  desc = cudaCreateChannelDesc<float4>();
  a = makeArray(&desc, W, 0, 0, 0, f4, 16);
  r = arrayResource(a);
  sample1D<float4>("float4 wrap linear normalized",
                   makeTexture(&r, cudaAddressModeWrap, cudaFilterModeLinear,
                               cudaReadModeElementType, 1, "float4"),
                   U1D, N1D, 4);
  CHECK(cudaFreeArray(a));

  int i32[W] = {0, -1, 2147483647, (int)0x80000000u, 5, -6, 7, 123456789};
  desc = cudaCreateChannelDesc<int>();
  a = makeArray(&desc, W, 0, 0, 0, i32, 4);
  r = arrayResource(a);
  sample1D<int>("int element border point unnormalized",
                makeTexture(&r, cudaAddressModeBorder, cudaFilterModePoint,
                            cudaReadModeElementType, 0, "int"),
                X1D, N1D, 1);
  CHECK(cudaFreeArray(a));
}

/* tex1Dfetch on linear memory: whole tables of 8-bit conversions, samples
 * of 16-bit ones, indices out of range. */
static void linearFetches() {
  static unsigned char u8[256];
  static signed char s8[256];
  static unsigned short u16[256];
  static short s16[256];
  static unsigned short f16[64];
  static int index[300];
  for (int i = 0; i < 256; ++i) {
    u8[i] = (unsigned char)i;
    s8[i] = (signed char)i;
    u16[i] = (unsigned short)(i * 257 + (i & 7));
    s16[i] = (short)(i * 257 - 32768 + (i % 3));
  }
  for (int i = 0; i < 64; ++i)
    f16[i] = (unsigned short)(i * 1021 + 3);
  f16[0] = 0x7c00;
  f16[1] = 0xfc00;
  f16[2] = 0x7e00;
  f16[3] = 0x8000;
  f16[4] = 0x03ff;
  struct {
    const char *name;
    const void *data;
    cudaChannelFormatDesc desc;
    int count, bytes;
    cudaTextureReadMode read;
  } tables[] = {
      {"linear u8 normalized-float", u8,
       cudaCreateChannelDesc<unsigned char>(), 256, 1,
       cudaReadModeNormalizedFloat},
      {"linear s8 normalized-float", s8, cudaCreateChannelDesc<signed char>(),
       256, 1, cudaReadModeNormalizedFloat},
      {"linear u16 normalized-float", u16,
       cudaCreateChannelDesc<unsigned short>(), 256, 2,
       cudaReadModeNormalizedFloat},
      {"linear s16 normalized-float", s16, cudaCreateChannelDesc<short>(), 256,
       2, cudaReadModeNormalizedFloat},
      {"linear half", f16, cudaCreateChannelDescHalf(), 64, 2,
       cudaReadModeElementType},
  };
  for (int k = 0; k < 5; ++k) {
    int n = tables[k].count;
    void *d;
    CHECK(cudaMalloc(&d, n * tables[k].bytes));
    CHECK(cudaMemcpy(d, tables[k].data, n * tables[k].bytes,
                     cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    memset(&r, 0, sizeof(r));
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = d;
    r.res.linear.desc = tables[k].desc;
    r.res.linear.sizeInBytes = n * tables[k].bytes;
    for (int i = 0; i < n; ++i)
      index[i] = i;
    sampleLinear<float>(tables[k].name,
                        makeTexture(&r, cudaAddressModeClamp,
                                    cudaFilterModePoint, tables[k].read, 0,
                                    tables[k].name),
                        index, n, 1);
    CHECK(cudaFree(d));
  }

  const int N = 8;
  float f[N];
  float4 f4[N];
  for (int i = 0; i < N; ++i) {
    f[i] = uniform(-10, 10);
    f4[i].x = uniform(-10, 10);
    f4[i].y = uniform(-10, 10);
    f4[i].z = uniform(-10, 10);
    f4[i].w = uniform(-10, 10);
  }
  for (int i = 0; i < 15; ++i)
    index[i] = i - 3;
  float *df = toDevice(f, N);
  cudaResourceDesc r;
  memset(&r, 0, sizeof(r));
  r.resType = cudaResourceTypeLinear;
  r.res.linear.devPtr = df;
  r.res.linear.desc = cudaCreateChannelDesc<float>();
  r.res.linear.sizeInBytes = N * sizeof(float);
  sampleLinear<float>("linear float out of range",
                      makeTexture(&r, cudaAddressModeClamp,
                                  cudaFilterModePoint, cudaReadModeElementType,
                                  0, "linear float"),
                      index, 15, 1);
  float4 *df4 = toDevice(f4, N);
  r.res.linear.devPtr = df4;
  r.res.linear.desc = cudaCreateChannelDesc<float4>();
  r.res.linear.sizeInBytes = N * sizeof(float4);
  sampleLinear<float4>("linear float4 out of range",
                       makeTexture(&r, cudaAddressModeBorder,
                                   cudaFilterModePoint,
                                   cudaReadModeElementType, 0,
                                   "linear float4"),
                       index, 15, 4);
  CHECK(cudaFree(df));
  CHECK(cudaFree(df4));
}

int main() {
  PrintCoords = getenv("PROBE_COORDS") != NULL;
  CHECK(cudaMalloc(&Out, sizeof(Results)));
  float1D();
  rampWeights();
  float2D();
  layeredAnd3D();
  formats1D();
  linearFetches();
  CHECK(cudaFree(Out));
  printf("done\n");
  return 0;
}
