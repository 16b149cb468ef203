// thrust_algorithms.cu - Thrust 1.17's CUDA backend and CUB 1.17's
// device-wide algorithms (Debian's libthrust-dev and libcub-dev, unmodified)
// over the CUDA runtime, each result checked against a host std:: reference
// computed here. Sizes span several tiles of every algorithm (CUB's
// decoupled look-back scans, its onesweep radix sort with ThreadExit, the
// segmented and histogram kernels). Prints one line per algorithm, then
// "PASS" or "FAIL" with the count of failed checks. Usage: [n [planted]].
#include <thrust/adjacent_difference.h>
#include <thrust/complex.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>

#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

static int Failures;
// "planted" as the second argument: one input word differs on the device,
// which the checks must notice.
static bool Planted;

static void check(const char *What, bool Ok) {
  printf("%-32s %s\n", What, Ok ? "ok" : "WRONG");
  Failures += !Ok;
}

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// A deterministic hash, so both sides see the same inputs.
static unsigned hash(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

template <class T> static std::vector<T> toHost(const thrust::device_vector<T> &d) {
  thrust::host_vector<T> h = d;
  return std::vector<T>(h.begin(), h.end());
}

template <class T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> h(n);
  CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};

struct Saxpy {
  float a;
  __host__ __device__ float operator()(float x, float y) const {
    return a * x + y;
  }
};

static void thrustAlgorithms(int n) {
  std::vector<int> keys(n);
  std::vector<float> floats(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = (int)(hash(i) % 100000) - 50000;
    floats[i] = (float)(hash(i + n) % 1000) / 8.0f;
  }
  thrust::host_vector<int> hkeys(keys.begin(), keys.end());
  thrust::device_vector<int> d = hkeys;
  if (Planted)
    d[n / 2] = 123456; // the device's input differs from the reference's

  // sort, sort_by_key (descending, stable), on a stream.
  {
    thrust::device_vector<int> s = d;
    thrust::sort(s.begin(), s.end());
    std::vector<int> ref = keys;
    std::sort(ref.begin(), ref.end());
    check("thrust::sort", toHost(s) == ref);
  }
  {
    thrust::device_vector<int> k = d;
    thrust::device_vector<int> v(n);
    thrust::sequence(v.begin(), v.end());
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    thrust::sort_by_key(thrust::cuda::par.on(stream), k.begin(), k.end(),
                        v.begin(), thrust::greater<int>());
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaStreamDestroy(stream));
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(),
                     [&](int a, int b) { return keys[a] > keys[b]; });
    std::vector<int> refk(n);
    for (int i = 0; i < n; ++i)
      refk[i] = keys[idx[i]];
    check("thrust::sort_by_key (par.on)", toHost(k) == refk && toHost(v) == idx);
  }
  {
    thrust::device_vector<float> f(floats.begin(), floats.end());
    thrust::sort(thrust::device, f.begin(), f.end());
    std::vector<float> ref = floats;
    std::sort(ref.begin(), ref.end());
    check("thrust::sort float", toHost(f) == ref);
  }
  // reduce, count_if, min/max.
  {
    long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
    long long ref = std::accumulate(keys.begin(), keys.end(), 0LL);
    int mx = thrust::reduce(d.begin(), d.end(), -1000000, thrust::maximum<int>());
    check("thrust::reduce", sum == ref &&
                                mx == *std::max_element(keys.begin(), keys.end()));
    auto mm = thrust::minmax_element(d.begin(), d.end());
    check("thrust::minmax_element",
          mm.first - d.begin() ==
                  std::min_element(keys.begin(), keys.end()) - keys.begin() &&
              mm.second - d.begin() ==
                  std::max_element(keys.begin(), keys.end()) - keys.begin());
    long c = thrust::count_if(d.begin(), d.end(), IsOdd());
    check("thrust::count_if", c == std::count_if(keys.begin(), keys.end(),
                                                 [](int x) { return x & 1; }));
  }
  // scans.
  {
    thrust::device_vector<int> out(n);
    thrust::inclusive_scan(d.begin(), d.end(), out.begin());
    std::vector<int> ref(n);
    std::partial_sum(keys.begin(), keys.end(), ref.begin());
    check("thrust::inclusive_scan", toHost(out) == ref);
    thrust::exclusive_scan(d.begin(), d.end(), out.begin(), 7);
    std::vector<int> ex(n);
    ex[0] = 7;
    for (int i = 1; i < n; ++i)
      ex[i] = ex[i - 1] + keys[i - 1];
    check("thrust::exclusive_scan", toHost(out) == ex);
  }
  // transform (functor and lambda), transform_reduce, adjacent_difference.
  {
    thrust::device_vector<float> x(floats.begin(), floats.end());
    thrust::device_vector<float> y(n, 1.5f);
    thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), Saxpy{2.0f});
    std::vector<float> ref(n);
    for (int i = 0; i < n; ++i)
      ref[i] = 2.0f * floats[i] + 1.5f;
    check("thrust::transform", toHost(y) == ref);
    thrust::device_vector<int> sq(n);
    thrust::transform(thrust::device, d.begin(), d.end(), sq.begin(),
                      [] __device__(int v) { return v / 3 - 1; });
    std::vector<int> sref(n);
    for (int i = 0; i < n; ++i)
      sref[i] = keys[i] / 3 - 1;
    check("thrust::transform (lambda)", toHost(sq) == sref);
    long long tr = thrust::transform_reduce(
        d.begin(), d.end(), [] __host__ __device__(int v) { return (long long)v * v; },
        0LL, thrust::plus<long long>());
    long long trref = 0;
    for (int v : keys)
      trref += (long long)v * v;
    check("thrust::transform_reduce", tr == trref);
    thrust::device_vector<int> ad(n);
    thrust::adjacent_difference(d.begin(), d.end(), ad.begin());
    std::vector<int> adref(n);
    std::adjacent_difference(keys.begin(), keys.end(), adref.begin());
    check("thrust::adjacent_difference", toHost(ad) == adref);
  }
  // copy_if, unique, fill, sequence, gather, scatter, device_ptr.
  {
    thrust::device_vector<int> out(n);
    auto end = thrust::copy_if(d.begin(), d.end(), out.begin(), IsOdd());
    out.resize(end - out.begin());
    std::vector<int> ref;
    std::copy_if(keys.begin(), keys.end(), std::back_inserter(ref),
                 [](int x) { return x & 1; });
    check("thrust::copy_if", toHost(out) == ref);

    std::vector<int> runs(n);
    for (int i = 0; i < n; ++i)
      runs[i] = (int)(hash(i / 3 + 17) % 4);
    thrust::device_vector<int> u(runs.begin(), runs.end());
    u.erase(thrust::unique(u.begin(), u.end()), u.end());
    std::vector<int> uref = runs;
    uref.erase(std::unique(uref.begin(), uref.end()), uref.end());
    check("thrust::unique", toHost(u) == uref);

    thrust::device_vector<int> f(n);
    thrust::fill(f.begin(), f.end(), 42);
    check("thrust::fill", toHost(f) == std::vector<int>(n, 42));
    thrust::sequence(f.begin(), f.end(), 10, 3);
    std::vector<int> seq(n);
    for (int i = 0; i < n; ++i)
      seq[i] = 10 + 3 * i;
    check("thrust::sequence", toHost(f) == seq);

    std::vector<int> perm(n);
    for (int i = 0; i < n; ++i)
      perm[i] = (int)((i * 7919LL) % n);
    thrust::device_vector<int> map(perm.begin(), perm.end());
    thrust::device_vector<int> g(n), s(n);
    thrust::gather(map.begin(), map.end(), d.begin(), g.begin());
    thrust::scatter(d.begin(), d.end(), map.begin(), s.begin());
    std::vector<int> gref(n), sref(n);
    for (int i = 0; i < n; ++i) {
      gref[i] = keys[perm[i]];
      sref[perm[i]] = keys[i];
    }
    check("thrust::gather", toHost(g) == gref);
    check("thrust::scatter", toHost(s) == sref);

    int *raw;
    CUDA_CHECK(cudaMalloc(&raw, n * sizeof(int)));
    thrust::device_ptr<int> p(raw);
    thrust::copy(d.begin(), d.end(), p);
    long long viaPtr = thrust::reduce(p, p + n, 0LL);
    check("thrust::device_ptr", viaPtr == std::accumulate(keys.begin(),
                                                          keys.end(), 0LL) &&
                                    thrust::raw_pointer_cast(p) == raw &&
                                    thrust::raw_pointer_cast(d.data()) != NULL);
    CUDA_CHECK(cudaFree(raw));
  }
  // complex arithmetic in a device functor.
  {
    thrust::device_vector<thrust::complex<float>> c(n);
    thrust::transform(thrust::counting_iterator<int>(0),
                      thrust::counting_iterator<int>(n), c.begin(),
                      [] __device__(int i) {
                        thrust::complex<float> z((float)(i % 7), 1.0f);
                        return z * z + thrust::complex<float>(0.5f, -2.0f);
                      });
    thrust::complex<float> sum = thrust::reduce(
        c.begin(), c.end(), thrust::complex<float>(0.0f, 0.0f));
    double re = 0, im = 0;
    for (int i = 0; i < n; ++i) {
      double a = i % 7;
      re += a * a - 1 + 0.5;
      im += 2 * a - 2;
    }
    check("thrust::complex", sum.real() == (float)re && sum.imag() == (float)im);
  }
}

static void cubAlgorithms(int n) {
  std::vector<unsigned> keys(n);
  std::vector<int> vals(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = hash(3 * i + 1);
    vals[i] = (int)(hash(i) % 1000) - 500;
  }
  unsigned *dKeys, *dKeysOut;
  int *dVals, *dValsOut, *dOut, *dCount;
  CUDA_CHECK(cudaMalloc(&dKeys, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dKeysOut, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dVals, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dValsOut, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dOut, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dCount, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dKeys, keys.data(), n * sizeof(unsigned),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dVals, vals.data(), n * sizeof(int),
                        cudaMemcpyHostToDevice));
  if (Planted)
    CUDA_CHECK(cudaMemset(dVals + n / 2, 0x7f, 1));
  void *temp = NULL;
  size_t tempBytes = 0;
  auto reserve = [&](size_t bytes) {
    CUDA_CHECK(cudaFree(temp));
    CUDA_CHECK(cudaMalloc(&temp, bytes));
    tempBytes = bytes;
  };

  // DeviceReduce::Sum and Max.
  {
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(NULL, bytes, dVals, dOut, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceReduce::Sum(temp, tempBytes, dVals, dOut, n));
    CUDA_CHECK(cub::DeviceReduce::Max(temp, tempBytes, dVals, dOut + 1, n));
    std::vector<int> got = toHost(dOut, 2);
    check("cub::DeviceReduce",
          got[0] == std::accumulate(vals.begin(), vals.end(), 0) &&
              got[1] == *std::max_element(vals.begin(), vals.end()));
  }
  // DeviceScan inclusive and exclusive.
  {
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(NULL, bytes, dVals, dOut, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, tempBytes, dVals, dOut, n));
    std::vector<int> ref(n);
    std::partial_sum(vals.begin(), vals.end(), ref.begin());
    bool ok = toHost(dOut, n) == ref;
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(NULL, bytes, dVals, dOut, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, tempBytes, dVals, dOut, n));
    ref.insert(ref.begin(), 0);
    ref.pop_back();
    check("cub::DeviceScan", ok && toHost(dOut, n) == ref);
  }
  // DeviceRadixSort pairs, ascending and descending.
  {
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(NULL, bytes, dKeys, dKeysOut,
                                               dVals, dValsOut, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp, tempBytes, dKeys, dKeysOut,
                                               dVals, dValsOut, n));
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(),
                     [&](int a, int b) { return keys[a] < keys[b]; });
    std::vector<unsigned> refk(n);
    std::vector<int> refv(n);
    for (int i = 0; i < n; ++i) {
      refk[i] = keys[idx[i]];
      refv[i] = vals[idx[i]];
    }
    bool ok = toHost(dKeysOut, n) == refk && toHost(dValsOut, n) == refv;
    CUDA_CHECK(cub::DeviceRadixSort::SortKeysDescending(NULL, bytes, dKeys,
                                                        dKeysOut, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceRadixSort::SortKeysDescending(temp, tempBytes, dKeys,
                                                        dKeysOut, n));
    std::reverse(refk.begin(), refk.end());
    ok = ok && toHost(dKeysOut, n) == refk;
    // Keys below 1000: in the upper digits' passes every tile has one digit,
    // which onesweep short-circuits (its blocks leave through ThreadExit).
    std::vector<unsigned> small(n);
    for (int i = 0; i < n; ++i)
      small[i] = keys[i] % 1000;
    CUDA_CHECK(cudaMemcpy(dKeys, small.data(), n * sizeof(unsigned),
                          cudaMemcpyHostToDevice));
    CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp, tempBytes, dKeys, dKeysOut,
                                              n));
    std::sort(small.begin(), small.end());
    check("cub::DeviceRadixSort", ok && toHost(dKeysOut, n) == small);
    CUDA_CHECK(cudaMemcpy(dKeys, keys.data(), n * sizeof(unsigned),
                          cudaMemcpyHostToDevice));
  }
  // DeviceSelect::If and Unique.
  {
    std::vector<int> runs(n);
    for (int i = 0; i < n; ++i)
      runs[i] = (int)(hash(i / 5) % 3);
    int *dRuns;
    CUDA_CHECK(cudaMalloc(&dRuns, n * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(dRuns, runs.data(), n * sizeof(int),
                          cudaMemcpyHostToDevice));
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceSelect::If(NULL, bytes, dVals, dOut, dCount, n,
                                     IsOdd()));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceSelect::If(temp, tempBytes, dVals, dOut, dCount, n,
                                     IsOdd()));
    int count = toHost(dCount, 1)[0];
    std::vector<int> ref;
    std::copy_if(vals.begin(), vals.end(), std::back_inserter(ref),
                 [](int x) { return x & 1; });
    bool ok = count == (int)ref.size() && toHost(dOut, count) == ref;
    CUDA_CHECK(cub::DeviceSelect::Unique(NULL, bytes, dRuns, dOut, dCount, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceSelect::Unique(temp, tempBytes, dRuns, dOut, dCount,
                                         n));
    count = toHost(dCount, 1)[0];
    std::vector<int> uref = runs;
    uref.erase(std::unique(uref.begin(), uref.end()), uref.end());
    check("cub::DeviceSelect",
          ok && count == (int)uref.size() && toHost(dOut, count) == uref);

    // DeviceRunLengthEncode::Encode on the same runs.
    int *dLengths;
    CUDA_CHECK(cudaMalloc(&dLengths, n * sizeof(int)));
    CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(NULL, bytes, dRuns, dOut,
                                                  dLengths, dCount, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(temp, tempBytes, dRuns, dOut,
                                                  dLengths, dCount, n));
    count = toHost(dCount, 1)[0];
    std::vector<int> lref;
    for (int i = 0; i < n; ++i)
      if (i == 0 || runs[i] != runs[i - 1])
        lref.push_back(1);
      else
        ++lref.back();
    check("cub::DeviceRunLengthEncode",
          count == (int)uref.size() && toHost(dOut, count) == uref &&
              toHost(dLengths, count) == lref);
    CUDA_CHECK(cudaFree(dLengths));
    CUDA_CHECK(cudaFree(dRuns));
  }
  // DeviceSegmentedReduce::Sum over uneven segments (one empty).
  {
    std::vector<int> offsets = {0, 1, 1, 100, n / 3, n / 2 + 7, n - 1, n};
    int segments = (int)offsets.size() - 1;
    int *dOffsets;
    CUDA_CHECK(cudaMalloc(&dOffsets, offsets.size() * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(dOffsets, offsets.data(), offsets.size() * sizeof(int),
                          cudaMemcpyHostToDevice));
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(NULL, bytes, dVals, dOut,
                                               segments, dOffsets, dOffsets + 1));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(temp, tempBytes, dVals, dOut,
                                               segments, dOffsets, dOffsets + 1));
    std::vector<int> ref(segments);
    for (int s = 0; s < segments; ++s)
      ref[s] = std::accumulate(vals.begin() + offsets[s],
                               vals.begin() + offsets[s + 1], 0);
    check("cub::DeviceSegmentedReduce", toHost(dOut, segments) == ref);
    CUDA_CHECK(cudaFree(dOffsets));
  }
  // DeviceHistogram::HistogramEven over the values.
  {
    const int bins = 40; // divides the range: CUB 1.17 scales integer levels in integers
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceHistogram::HistogramEven(NULL, bytes, dVals, dOut,
                                                   bins + 1, -500, 500, n));
    reserve(bytes);
    CUDA_CHECK(cub::DeviceHistogram::HistogramEven(temp, tempBytes, dVals, dOut,
                                                   bins + 1, -500, 500, n));
    std::vector<int> ref(bins, 0);
    for (int v : vals)
      ++ref[(long long)(v + 500) * bins / 1000];
    check("cub::DeviceHistogram", toHost(dOut, bins) == ref);
  }
  CUDA_CHECK(cudaFree(temp));
  CUDA_CHECK(cudaFree(dKeys));
  CUDA_CHECK(cudaFree(dKeysOut));
  CUDA_CHECK(cudaFree(dVals));
  CUDA_CHECK(cudaFree(dValsOut));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaFree(dCount));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  Planted = argc > 2 && !strcmp(argv[2], "planted");
  thrustAlgorithms(n);
  cubAlgorithms(n);
  printf("%s (%d failed)\n", Failures ? "FAIL" : "PASS", Failures);
  return Failures != 0;
}
