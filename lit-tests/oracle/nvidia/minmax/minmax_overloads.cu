// CUDA's integer and floating-point min/max overloads, as a .cu file calls
// them unqualified from host and device code: for every pair of argument
// types, whether the call resolves, the type it returns, and its value on a
// few operands (negative ones included, so that mixed signedness shows how
// the arguments are converted). Captured on an NVIDIA GPU by
// lit-tests/oracle/nvidia/capture.sh; our headers must print the same.
#include <cstdio>
#include <type_traits>
#include <utility>

template <class A, class B, class = void> struct HasMax : std::false_type {};
template <class A, class B>
struct HasMax<A, B, std::void_t<decltype(max(std::declval<A>(),
                                             std::declval<B>()))>>
    : std::true_type {};

template <class A, class B, class = void> struct HasMin : std::false_type {};
template <class A, class B>
struct HasMin<A, B, std::void_t<decltype(min(std::declval<A>(),
                                             std::declval<B>()))>>
    : std::true_type {};

// The type a call returns, asked only for the function in question.
template <class A, class B, bool IsMax> struct CallResult {
  using Type = decltype(max(std::declval<A>(), std::declval<B>()));
};
template <class A, class B> struct CallResult<A, B, false> {
  using Type = decltype(min(std::declval<A>(), std::declval<B>()));
};

static const int NumOperands = 4;

__host__ __device__ double operandValue(int Index, int Side) {
  switch (Index) {
  case 0:
    return Side ? 7 : -3;
  case 1:
    return Side ? -3 : 7;
  case 2:
    return 5;
  default:
    return Side ? -0.25 : 0.5;
  }
}

// A result as text-independent bits: integers widened by their own
// signedness, floating point as double.
struct Result {
  unsigned long long Bits;
  double Real;
};

template <class R> __host__ __device__ Result asResult(R Value) {
  Result Out = {0, 0};
  if (std::is_floating_point<R>::value)
    Out.Real = (double)Value;
  else if (std::is_signed<R>::value)
    Out.Bits = (unsigned long long)(long long)Value;
  else
    Out.Bits = (unsigned long long)Value;
  return Out;
}

// Negative operands reach unsigned types by integer conversion (modulo
// 2^N), never by the undefined double-to-unsigned one.
template <class T> __host__ __device__ T operand(double Value) {
  if (std::is_floating_point<T>::value)
    return (T)Value;
  return (T)(long long)Value;
}

template <class A, class B, bool IsMax>
__host__ __device__ Result evaluate(int Index) {
  A X = operand<A>(operandValue(Index, 0));
  B Y = operand<B>(operandValue(Index, 1));
  if constexpr (IsMax)
    return asResult(max(X, Y));
  else
    return asResult(min(X, Y));
}

template <class A, class B, bool IsMax>
__global__ void evaluateOnDevice(Result *Out) {
  for (int I = 0; I < NumOperands; ++I)
    Out[I] = evaluate<A, B, IsMax>(I);
}

template <class R> const char *kindOf() {
  if (std::is_floating_point<R>::value)
    return "float";
  return std::is_signed<R>::value ? "signed" : "unsigned";
}

template <class R> void printResult(Result Value) {
  if (std::is_floating_point<R>::value)
    printf(" %.17g", Value.Real);
  else if (std::is_signed<R>::value)
    printf(" %lld", (long long)Value.Bits);
  else
    printf(" %llu", Value.Bits);
}

template <class A, class B, bool IsMax>
void report(const char *NameA, const char *NameB) {
  const char *Fn = IsMax ? "max" : "min";
  constexpr bool Resolves = IsMax ? HasMax<A, B>::value : HasMin<A, B>::value;
  printf("%s(%s, %s)", Fn, NameA, NameB);
  if constexpr (!Resolves) {
    printf(": no single overload\n");
  } else {
    using R = typename CallResult<A, B, IsMax>::Type;
    printf(" -> %s %zu bytes: host", kindOf<R>(), sizeof(R));
    for (int I = 0; I < NumOperands; ++I)
      printResult<R>(evaluate<A, B, IsMax>(I));
    Result *Device;
    Result Host[NumOperands];
    cudaMalloc(&Device, sizeof(Host));
    evaluateOnDevice<A, B, IsMax><<<1, 1>>>(Device);
    cudaMemcpy(Host, Device, sizeof(Host), cudaMemcpyDeviceToHost);
    cudaFree(Device);
    printf(", device");
    for (int I = 0; I < NumOperands; ++I)
      printResult<R>(Host[I]);
    printf("\n");
  }
}

template <class A, class B> void reportPair(const char *NameA, const char *NameB) {
  report<A, B, false>(NameA, NameB);
  report<A, B, true>(NameA, NameB);
}

template <class A> void reportRow(const char *NameA) {
  reportPair<A, int>(NameA, "int");
  reportPair<A, unsigned>(NameA, "unsigned");
  reportPair<A, long>(NameA, "long");
  reportPair<A, unsigned long>(NameA, "unsigned long");
  reportPair<A, long long>(NameA, "long long");
  reportPair<A, unsigned long long>(NameA, "unsigned long long");
  reportPair<A, float>(NameA, "float");
  reportPair<A, double>(NameA, "double");
}

int main() {
  reportRow<int>("int");
  reportRow<unsigned>("unsigned");
  reportRow<long>("long");
  reportRow<unsigned long>("unsigned long");
  reportRow<long long>("long long");
  reportRow<unsigned long long>("unsigned long long");
  reportRow<float>("float");
  reportRow<double>("double");
  return 0;
}
