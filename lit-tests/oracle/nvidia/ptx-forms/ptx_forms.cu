// ptx_forms.cu - Ground truth for the inline PTX translator: every family
// of instruction forms nvvm-warp-to-amdgpu translates, run over edge and
// hashed inputs, each result's raw bits stored (NaN payloads included).
// Threads 0..575 take every pair of 24 edge values (integers: 0, ±1, the
// extremes, shift-sized numbers; floats: zeros, denormals, extremes,
// infinities, NaNs with payloads, values near 1), the rest hashed inputs.
// capture.sh runs it on an NVIDIA GPU; lit-tests/inline-ptx/nvidia-forms.test
// compares the same kernels through cu2hsaco on wavesim word for word.
// ptx_approx covers the .approx instructions (compared within PTX's error).
#include "../buffer_program.h"

enum { Threads = 768, Results = 256, ApproxResults = 20 };

__device__ unsigned edgeInt(unsigned K) {
  const unsigned Values[24] = {0u, 1u, 0xffffffffu, 0x80000000u, 0x7fffffffu,
                               2u, 31u, 32u, 33u, 63u, 64u, 255u, 256u,
                               0x80u, 0xffffu, 0x8000u, 0xfffffffeu, 7u,
                               0x12345678u, 0x9abcdef0u, 0x00ff00ffu, 100u,
                               0xfffffff9u, 0x40000000u};
  return Values[K];
}

__device__ float edgeFloat(unsigned K) {
  const unsigned Bits[24] = {
      0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u,
      0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
      0x3f800000u, 0xbf800000u, 0x3f800001u, 0x3f7fffffu, 0x40400000u,
      0x3eaaaaabu, 0x4b000001u, 0x7f800001u, 0xffc00001u, 0x5f800000u,
      0xc0490fdbu, 0x0c000000u, 0x72000000u, 0x00400000u};
  return __uint_as_float(Bits[K]);
}

__device__ double edgeDouble(unsigned K) {
  const unsigned long long Bits[24] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull,
      0x800fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
      0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
      0x7ff8000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
      0x3ff0000000000001ull, 0x3fefffffffffffffull, 0x4008000000000000ull,
      0x3fd5555555555555ull, 0x4330000000000001ull, 0x7ff0000000000001ull,
      0xfff8000000000001ull, 0x5ff0000000000000ull, 0xc00921fb54442d18ull,
      0x0180000000000000ull, 0x47efffffe0000000ull, 0x0008000000000000ull};
  return __longlong_as_double((long long)Bits[K]);
}

/* Hashed floats: random bits for odd Which, moderate magnitudes for even. */
__device__ float hashedFloat(unsigned I, unsigned Which) {
  unsigned H = hashIndex(I * 0x9e3779b9u + Which);
  if (Which & 1)
    return __uint_as_float(H);
  return __uint_as_float((H & 0x807fffffu) | ((107u + H % 41u) << 23));
}

__device__ double hashedDouble(unsigned I, unsigned Which) {
  unsigned long long H =
      (unsigned long long)hashIndex(I * 0x9e3779b9u + Which) << 32 |
      hashIndex(I * 0x85ebca6bu + Which + 7);
  if (Which & 1)
    return __longlong_as_double((long long)H);
  return __longlong_as_double((long long)((H & 0x800fffffffffffffull) |
                                          ((1003 + H % 41) << 52)));
}

/* Stores results in order. */
struct Writer {
  unsigned *R;
  unsigned N;
  __device__ void put(unsigned X) { R[N++] = X; }
  __device__ void put64(unsigned long long X) {
    put((unsigned)X);
    put((unsigned)(X >> 32));
  }
  __device__ void putF(float X) { put(__float_as_uint(X)); }
  __device__ void putD(double X) { put64((unsigned long long)__double_as_longlong(X)); }
};

template <unsigned L>
__device__ unsigned lop3(unsigned A, unsigned B, unsigned C) {
  unsigned D;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(D) : "r"(A), "r"(B), "r"(C), "n"(L));
  return D;
}
/* lop3 with a table in [Low, High) chosen at run time, by bisection. */
template <unsigned Low, unsigned High>
__device__ unsigned lop3Any(unsigned Table, unsigned A, unsigned B, unsigned C) {
  if constexpr (High - Low == 1) {
    return lop3<Low>(A, B, C);
  } else {
    constexpr unsigned Mid = (Low + High) / 2;
    return Table < Mid ? lop3Any<Low, Mid>(Table, A, B, C)
                       : lop3Any<Mid, High>(Table, A, B, C);
  }
}

__device__ void integerForms(Writer &W, unsigned A, unsigned B, unsigned C,
                             unsigned long long A64, unsigned long long B64) {
  unsigned R;
  unsigned long long R64;
  int S;
  asm("add.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("sub.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("add.sat.s32 %0, %1, %2;" : "=r"(S) : "r"(A), "r"(B)); W.put(S);
  asm("sub.sat.s32 %0, %1, %2;" : "=r"(S) : "r"(A), "r"(B)); W.put(S);
  asm("mul.lo.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("mul.hi.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("mul.wide.s32 %0, %1, %2;" : "=l"(R64) : "r"(A), "r"(B)); W.put64(R64);
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(R64) : "r"(A), "r"(B)); W.put64(R64);
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(C)); W.put(R);
  asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(C)); W.put(R);
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(R64) : "r"(A), "r"(B), "l"(A64)); W.put64(R64);
  asm("mul.hi.u64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "l"(B64)); W.put64(R64);
  asm("div.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("div.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("rem.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("rem.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("div.s64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "l"(B64)); W.put64(R64);
  asm("rem.u64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "l"(B64)); W.put64(R64);
  asm("abs.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("neg.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("min.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("max.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  asm("max.s64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "l"(B64)); W.put64(R64);
  unsigned short H;
  asm("mul.lo.u16 %0, %1, %2;" : "=h"(H) : "h"((unsigned short)A), "h"((unsigned short)B)); W.put(H);
  asm("{ .reg .s16 t; add.s16 t, %1, %2; cvt.s32.s16 %0, t; }" : "=r"(R) : "h"((unsigned short)A), "h"((unsigned short)B)); W.put(R);
}

__device__ void bitForms(Writer &W, unsigned A, unsigned B, unsigned C,
                         unsigned long long A64, unsigned Shift, unsigned Lane) {
  unsigned R;
  unsigned long long R64;
  asm("shl.b32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Shift)); W.put(R);
  asm("shr.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Shift)); W.put(R);
  asm("shr.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Shift)); W.put(R);
  asm("shl.b64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "r"(Shift)); W.put64(R64);
  asm("shr.s64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "r"(Shift)); W.put64(R64);
  unsigned short H;
  asm("shr.u16 %0, %1, %2;" : "=h"(H) : "h"((unsigned short)A), "r"(Shift)); W.put(H);
  /* bfe/bfi positions and lengths over 0..511 (only the low byte counts). */
  unsigned Pos = B & 0x1ff, Len = (B >> 9) & 0x1ff;
  if (Lane & 1) {
    Pos &= 0x3f;
    Len &= 0x3f;
  }
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(Pos), "r"(Len)); W.put(R);
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(Pos), "r"(Len)); W.put(R);
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "r"(Pos), "r"(Len)); W.put64(R64);
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "r"(Pos), "r"(Len)); W.put64(R64);
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(R) : "r"(A), "r"(C), "r"(Pos), "r"(Len)); W.put(R);
  asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(R64) : "l"(A64), "l"(~A64), "r"(Pos), "r"(Len)); W.put64(R64);
  asm("brev.b32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("brev.b64 %0, %1;" : "=l"(R64) : "l"(A64)); W.put64(R64);
  asm("popc.b64 %0, %1;" : "=r"(R) : "l"(A64)); W.put(R);
  asm("clz.b32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("clz.b64 %0, %1;" : "=r"(R) : "l"(A64)); W.put(R);
  unsigned Sel = C;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(Sel)); W.put(R);
  W.put(lop3Any<0, 256>(Lane & 255, A, B, C));
  asm("{ .reg .b64 x; xor.b64 x, %1, %2; not.b64 x, x; and.b64 %0, x, 0x0f0f0f0ff0f0f0f0; }"
      : "=l"(R64) : "l"(A64), "l"((unsigned long long)B)); W.put64(R64);
}

__device__ void compareForms(Writer &W, unsigned A, unsigned B, float FA, float FB,
                             double DA, double DB) {
  unsigned Bits = 0, K = 0, R;
  auto add = [&](unsigned P) { Bits |= P << K++; };
#define CMP(ASM, T, X, Y)                                                      \
  asm("{ .reg .pred p; " ASM " p, %1, %2; selp.u32 %0, 1, 0, p; }"            \
      : "=r"(R) : T(X), T(Y));                                                 \
  add(R);
  CMP("setp.eq.s32", "r", A, B) CMP("setp.ne.s32", "r", A, B)
  CMP("setp.lt.s32", "r", A, B) CMP("setp.le.s32", "r", A, B)
  CMP("setp.gt.s32", "r", A, B) CMP("setp.ge.s32", "r", A, B)
  CMP("setp.lo.u32", "r", A, B) CMP("setp.ls.u32", "r", A, B)
  CMP("setp.hi.u32", "r", A, B) CMP("setp.hs.u32", "r", A, B)
  CMP("setp.eq.f32", "f", FA, FB) CMP("setp.ne.f32", "f", FA, FB)
  CMP("setp.lt.f32", "f", FA, FB) CMP("setp.le.f32", "f", FA, FB)
  CMP("setp.gt.f32", "f", FA, FB) CMP("setp.ge.f32", "f", FA, FB)
  CMP("setp.equ.f32", "f", FA, FB) CMP("setp.neu.f32", "f", FA, FB)
  CMP("setp.ltu.f32", "f", FA, FB) CMP("setp.leu.f32", "f", FA, FB)
  CMP("setp.gtu.f32", "f", FA, FB) CMP("setp.geu.f32", "f", FA, FB)
  CMP("setp.num.f32", "f", FA, FB) CMP("setp.nan.f32", "f", FA, FB)
  CMP("setp.lt.ftz.f32", "f", FA, FB) CMP("setp.ltu.f64", "d", DA, DB)
  CMP("setp.ge.f64", "d", DA, DB) CMP("setp.lt.u64", "l", (unsigned long long)A << 20, (unsigned long long)B << 20)
#undef CMP
  W.put(Bits);
  unsigned P, Q;
  asm("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.lt.and.s32 p|q, %2, %3, c;"
      " selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
      : "=r"(P), "=r"(Q) : "r"(A), "r"(B), "r"(A & 1));
  W.put(P | Q << 1);
  asm("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.ge.or.f32 p|q, %2, %3, !c;"
      " selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
      : "=r"(P), "=r"(Q) : "f"(FA), "f"(FB), "r"(B & 1), "r"(B & 2));
  W.put(P | Q << 1);
  asm("{ .reg .pred p, c; setp.ne.u32 c, %3, 0; setp.nan.xor.f32 p, %1, %2, c;"
      " selp.u32 %0, 1, 0, p; }"
      : "=r"(P) : "f"(FA), "f"(FB), "r"(A & 2));
  W.put(P);
  asm("{ .reg .pred p; setp.gt.u32 p, %3, 7; selp.b32 %0, %1, %2, p; }" : "=r"(R) : "r"(A), "r"(B), "r"(A ^ B)); W.put(R);
  asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(B)); W.put(R);
  float F;
  asm("slct.f32.f32 %0, %1, %2, %3;" : "=f"(F) : "f"(FA), "f"(FB), "f"(FB)); W.putF(F);
  asm("slct.ftz.u32.f32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "f"(FA)); W.put(R);
}

__device__ void carryForms(Writer &W, unsigned A, unsigned B, unsigned C) {
  unsigned S0, S1, S2, S3;
  asm("add.cc.u32 %0, %4, %8;\n\taddc.cc.u32 %1, %5, %9;\n\taddc.cc.u32 %2, %6, %10;\n\taddc.u32 %3, %7, %11;"
      : "=r"(S0), "=r"(S1), "=r"(S2), "=r"(S3)
      : "r"(A), "r"(B), "r"(C), "r"(~A), "r"(B), "r"(A), "r"(~C), "r"(C));
  W.put(S0); W.put(S1); W.put(S2); W.put(S3);
  asm("sub.cc.u32 %0, %4, %8;\n\tsubc.cc.u32 %1, %5, %9;\n\tsubc.cc.u32 %2, %6, %10;\n\tsubc.u32 %3, %7, %11;"
      : "=r"(S0), "=r"(S1), "=r"(S2), "=r"(S3)
      : "r"(A), "r"(B), "r"(C), "r"(~A), "r"(B), "r"(A), "r"(~C), "r"(C));
  W.put(S0); W.put(S1); W.put(S2); W.put(S3);
  unsigned long long L0, L1;
  asm("add.cc.u64 %0, %2, %3; addc.u64 %1, %3, %2;" : "=l"(L0), "=l"(L1)
      : "l"((unsigned long long)A << 33 | B), "l"((unsigned long long)C << 32 | A));
  W.put64(L0); W.put64(L1);
}

__device__ void floatForms(Writer &W, float A, float B, float C) {
  float R;
#define F2(OP) asm(OP " %0, %1, %2;" : "=f"(R) : "f"(A), "f"(B)); W.putF(R);
#define F3(OP) asm(OP " %0, %1, %2, %3;" : "=f"(R) : "f"(A), "f"(B), "f"(C)); W.putF(R);
  F2("add.rn.f32") F2("add.rz.f32") F2("add.rm.f32") F2("add.rp.f32")
  F2("sub.rn.f32") F2("sub.rm.f32") F2("mul.rn.f32") F2("mul.rz.f32")
  F2("mul.rm.f32") F2("mul.rp.f32") F3("fma.rn.f32") F3("fma.rz.f32")
  F3("fma.rm.f32") F3("fma.rp.f32") F2("add.ftz.f32") F2("mul.sat.f32")
  F3("fma.rn.ftz.sat.f32") F2("div.rn.f32") F2("div.rz.f32") F2("div.rm.f32")
  F2("div.rp.f32") F2("min.f32") F2("max.f32") F2("min.ftz.f32")
  F2("max.NaN.f32") F3("mad.rn.f32")
#undef F2
#undef F3
  asm("rcp.rn.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("rcp.rz.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("sqrt.rn.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("sqrt.rp.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("abs.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("neg.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("abs.ftz.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("mov.f32 %0, 0f3FC00000;" : "=f"(R)); W.putF(R);
}

__device__ void doubleForms(Writer &W, double A, double B, double C) {
  double R;
#define D2(OP) asm(OP " %0, %1, %2;" : "=d"(R) : "d"(A), "d"(B)); W.putD(R);
  D2("add.rn.f64") D2("add.rz.f64") D2("sub.rp.f64") D2("mul.rn.f64")
  D2("mul.rm.f64") D2("div.rn.f64") D2("div.rp.f64") D2("div.rz.f64")
  D2("min.f64") D2("max.f64")
#undef D2
  asm("fma.rn.f64 %0, %1, %2, %3;" : "=d"(R) : "d"(A), "d"(B), "d"(C)); W.putD(R);
  asm("sqrt.rn.f64 %0, %1;" : "=d"(R) : "d"(A)); W.putD(R);
  asm("sqrt.rz.f64 %0, %1;" : "=d"(R) : "d"(A)); W.putD(R);
  asm("rcp.rn.f64 %0, %1;" : "=d"(R) : "d"(A)); W.putD(R);
  asm("abs.f64 %0, %1;" : "=d"(R) : "d"(A)); W.putD(R);
  asm("neg.f64 %0, %1;" : "=d"(R) : "d"(A)); W.putD(R);
}

__device__ void convertForms(Writer &W, unsigned A, unsigned B, float F, double D) {
  unsigned R;
  unsigned long long R64;
  float G;
  double E;
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(R) : "f"(F)); W.put(R);
  asm("cvt.rzi.u32.f32 %0, %1;" : "=r"(R) : "f"(F)); W.put(R);
  asm("cvt.rmi.s32.f64 %0, %1;" : "=r"(R) : "d"(D)); W.put(R);
  asm("cvt.rpi.u32.f64 %0, %1;" : "=r"(R) : "d"(D)); W.put(R);
  asm("cvt.rzi.s64.f32 %0, %1;" : "=l"(R64) : "f"(F)); W.put64(R64);
  asm("cvt.rni.u64.f64 %0, %1;" : "=l"(R64) : "d"(D)); W.put64(R64);
  asm("cvt.rmi.ftz.s32.f32 %0, %1;" : "=r"(R) : "f"(F)); W.put(R);
  asm("{ .reg .s16 t; cvt.rni.s16.f32 t, %1; cvt.s32.s16 %0, t; }" : "=r"(R) : "f"(F)); W.put(R);
  asm("cvt.rn.f32.s32 %0, %1;" : "=f"(G) : "r"(A)); W.putF(G);
  asm("cvt.rz.f32.u32 %0, %1;" : "=f"(G) : "r"(A)); W.putF(G);
  asm("cvt.rm.f32.s32 %0, %1;" : "=f"(G) : "r"(A)); W.putF(G);
  asm("cvt.rp.f32.u32 %0, %1;" : "=f"(G) : "r"(A)); W.putF(G);
  unsigned long long Big = (unsigned long long)A << 32 | B;
  asm("cvt.rz.f64.s64 %0, %1;" : "=d"(E) : "l"(Big)); W.putD(E);
  asm("cvt.rp.f32.u64 %0, %1;" : "=f"(G) : "l"(Big)); W.putF(G);
  asm("cvt.rn.f32.f64 %0, %1;" : "=f"(G) : "d"(D)); W.putF(G);
  asm("cvt.rz.f32.f64 %0, %1;" : "=f"(G) : "d"(D)); W.putF(G);
  asm("cvt.rm.f32.f64 %0, %1;" : "=f"(G) : "d"(D)); W.putF(G);
  asm("cvt.rp.f32.f64 %0, %1;" : "=f"(G) : "d"(D)); W.putF(G);
  asm("cvt.f64.f32 %0, %1;" : "=d"(E) : "f"(F)); W.putD(E);
  asm("cvt.rni.f32.f32 %0, %1;" : "=f"(G) : "f"(F)); W.putF(G);
  asm("cvt.rzi.f32.f32 %0, %1;" : "=f"(G) : "f"(F)); W.putF(G);
  asm("cvt.rpi.f64.f64 %0, %1;" : "=d"(E) : "d"(D)); W.putD(E);
  asm("cvt.sat.f32.f32 %0, %1;" : "=f"(G) : "f"(F)); W.putF(G);
  asm("cvt.ftz.f32.f32 %0, %1;" : "=f"(G) : "f"(F)); W.putF(G);
  unsigned short H;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(H) : "f"(F)); W.put(H);
  asm("cvt.f32.f16 %0, %1;" : "=f"(G) : "h"((unsigned short)A)); W.putF(G);
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("cvt.s8.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("cvt.sat.s16.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("cvt.u32.u16 %0, %1;" : "=r"(R) : "h"((unsigned short)B)); W.put(R);
  asm("cvt.s64.s32 %0, %1;" : "=l"(R64) : "r"(A)); W.put64(R64);
  asm("cvt.sat.u32.s64 %0, %1;" : "=r"(R) : "l"(Big)); W.put(R);
}

/* Data no thread writes, for ld.global.nc. */
__device__ unsigned ReadOnly[4] = {0x01234567u, 0x89abcdefu, 0xdeadbeefu, 7u};

__device__ void memoryForms(Writer &W, unsigned A, unsigned B, float F,
                            unsigned *Scratch) {
  __shared__ unsigned Tile[128 * 4];
  unsigned *Mine = &Tile[threadIdx.x * 4];
  unsigned Shared = (unsigned)__cvta_generic_to_shared(Mine);
  unsigned R, R2, X, Y, Z, T;
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};" ::"r"(Shared), "r"(A), "r"(B) : "memory");
  asm volatile("st.shared.u32 [%0+8], %1;" ::"r"(Shared), "r"(A ^ B) : "memory");
  asm volatile("st.shared.u32 [%0+12], %1;" ::"r"(Shared), "r"(A + B) : "memory");
  asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(R) : "r"(Shared) : "memory"); W.put(R);
  asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(R) : "r"(Shared), "r"(B)); W.put(R);
  asm volatile("atom.shared.inc.u32 %0, [%1], %2;" : "=r"(R) : "r"(Shared), "r"(B & 7)); W.put(R);
  asm volatile("atom.shared.dec.u32 %0, [%1], %2;" : "=r"(R) : "r"(Shared + 4), "r"(A & 15)); W.put(R);
  asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;" : "=r"(R) : "r"(Shared + 4), "r"(B), "r"(A)); W.put(R);
  asm volatile("atom.shared.exch.b32 %0, [%1], %2;" : "=r"(R) : "r"(Shared + 8), "r"(B)); W.put(R);
  asm volatile("atom.shared.min.s32 %0, [%1], %2;" : "=r"(R) : "r"(Shared + 8), "r"(A)); W.put(R);
  asm volatile("atom.shared.max.u32 %0, [%1], %2;" : "=r"(R) : "r"(Shared + 12), "r"(A)); W.put(R);
  asm volatile("atom.shared.or.b32 %0, [%1], %2;" : "=r"(R) : "r"(Shared + 12), "r"(B)); W.put(R);
  asm volatile("red.shared.xor.b32 [%0], %1;" ::"r"(Shared + 12), "r"(A) : "memory");
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(X), "=r"(Y), "=r"(Z), "=r"(T) : "r"(Shared) : "memory");
  W.put(X); W.put(Y); W.put(Z); W.put(T);
  unsigned *G = Scratch + (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  asm volatile("st.global.cg.u32 [%0], %1;" ::"l"(G), "r"(0x80u | (A << 8)) : "memory");
  asm volatile("{ .reg .s8 t; ld.global.s8 %0, [%1]; }" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.u8 %0, [%1];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  float Old;
  asm volatile("st.global.f32 [%0+4], %1;" ::"l"(G), "f"(F) : "memory");
  asm volatile("atom.global.add.f32 %0, [%1+4], %2;" : "=f"(Old) : "l"(G), "f"(1.5f)); W.putF(Old);
  asm volatile("ld.global.f32 %0, [%1+4];" : "=f"(Old) : "l"(G)); W.putF(Old);
  unsigned long long O64;
  asm volatile("st.global.v2.u32 [%0+8], {%1, %2};" ::"l"(G), "r"(A), "r"(B) : "memory");
  asm volatile("atom.global.cas.b64 %0, [%1+8], %2, %3;" : "=l"(O64) : "l"(G), "l"((unsigned long long)B << 32 | A), "l"(0x1234ull)); W.put64(O64);
  asm volatile("ld.volatile.global.u32 %0, [%1+8];" : "=r"(R2) : "l"(G)); W.put(R2);
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(R2) : "l"(&ReadOnly[A & 3])); W.put(R2);
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.global.u32 %0, [%1]; }" : "+r"(A) : "l"(G), "r"(B & 1)); W.put(A);
  asm volatile("membar.gl; fence.acq_rel.gpu; membar.cta; bar.sync 0;" ::: "memory");
}

__device__ void warpForms(Writer &W, unsigned A, unsigned Lane) {
  unsigned R, P;
  const unsigned Full = 0xffffffffu;
  /* Logical widths 8 (up: c = 24 << 8; others c = 24 << 8 | 31). */
  asm volatile("{ .reg .pred p; shfl.sync.up.b32 %0|p, %2, 3, 0x1800, %3; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(A), "r"(Full)); W.put(R); W.put(P);
  asm volatile("{ .reg .pred p; shfl.sync.down.b32 %0|p, %2, %4, 0x181f, %3; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(A), "r"(Full), "r"(Lane % 5)); W.put(R); W.put(P);
  asm volatile("{ .reg .pred p; shfl.sync.bfly.b32 %0|p, %2, %4, 0x101f, %3; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(A), "r"(Full), "r"(Lane % 7)); W.put(R); W.put(P);
  asm volatile("{ .reg .pred p; shfl.sync.idx.b32 %0|p, %2, %4, 0x001f, %3; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(A), "r"(Full), "r"(A % 40)); W.put(R); W.put(P);
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }" : "=r"(R) : "r"(A & 1), "r"(Full)); W.put(R);
  unsigned V = 0;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"(A & 1), "r"(Full)); V |= R;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.any.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"(A & 1), "r"(Full)); V |= R << 1;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"((unsigned)(Lane < 40)), "r"(Full)); V |= R << 2;
  W.put(V);
  asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(R) : "r"(A & 3), "r"(Full)); W.put(R);
  asm volatile("{ .reg .pred p; match.all.sync.b32 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(Lane / 64), "r"(Full)); W.put(R); W.put(P);
  asm volatile("redux.sync.add.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.min.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.max.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.xor.b32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("activemask.b32 %0;" : "=r"(R)); W.put(R);
  asm volatile("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(Full)); W.put(R); W.put(P);
  asm volatile("bar.warp.sync %0;" ::"r"(Full));
  /* CUB's scan step. */
  asm volatile("{ .reg .s32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, %1, %2, %3, %5; @p add.s32 r0, r0, %4; mov.s32 %0, r0; }"
               : "=r"(R) : "r"(A), "r"(4), "r"(0), "r"(A), "r"(Full)); W.put(R);
}

__device__ void specialRegisters(Writer &W) {
  unsigned R;
  asm("mov.u32 %0, %%laneid;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%tid.x;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%ntid.x;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%ctaid.x;" : "=r"(R)); W.put(R);
  asm("mov.u32 %0, %%nctaid.x;" : "=r"(R)); W.put(R);
  unsigned long long C0, C1;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(C0));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(C1));
  W.put(C1 >= C0);
}

__global__ void ptx_forms(unsigned *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Lane = threadIdx.x % 32;
  unsigned A, B, C;
  float FA, FB, FC;
  double DA, DB, DC;
  if (I < 576) {
    A = edgeInt(I / 24);
    B = edgeInt(I % 24);
    FA = edgeFloat(I / 24);
    FB = edgeFloat(I % 24);
    DA = edgeDouble(I / 24);
    DB = edgeDouble(I % 24);
  } else {
    A = hashIndex(I);
    B = hashIndex(I + 77777);
    FA = hashedFloat(I, I & 1);
    FB = hashedFloat(I, 2 + (I >> 1 & 1));
    DA = hashedDouble(I, I & 1);
    DB = hashedDouble(I, 2 + (I >> 1 & 1));
  }
  C = hashIndex(I + 123);
  FC = hashedFloat(I, 4);
  DC = hashedDouble(I, 4);
  unsigned long long A64 = (unsigned long long)A << 32 | hashIndex(I + 5);
  unsigned long long B64 = (unsigned long long)hashIndex(I + 9) << 32 | B;
  if (I % 5 == 0)
    B64 = B;
  Writer W = {Out + I * Results, 0};
  integerForms(W, A, B, C, A64, B64);
  bitForms(W, A, B, C, A64, I % 72, I);
  compareForms(W, A, B, FA, FB, DA, DB);
  carryForms(W, A, B, C);
  floatForms(W, FA, FB, FC);
  doubleForms(W, DA, DB, DC);
  convertForms(W, A, B, FA, DA);
  memoryForms(W, A, B, FA, Out + Threads * Results);
  warpForms(W, A, Lane);
  specialRegisters(W);
#ifdef PLANTED_WRONG_WORD
  W.R[0] = A << (I % 32);
#endif
  W.put(W.N); /* the number of words written, to check Results */
}

/* The approximate instructions, with their inputs. */
__global__ void ptx_approx(unsigned *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = I < 24 ? edgeFloat(I) : hashedFloat(I, 2 * (I & 1));
  if (I % 3 == 0)
    X = (float)((int)(hashIndex(I) % 20000) - 10000) / 3183.1f; /* [-pi, pi] */
  double D = I < 24 ? edgeDouble(I) : hashedDouble(I, 2 * (I & 1));
  Writer W = {Out + I * ApproxResults, 0};
  float R;
  double E;
  W.putF(X);
  asm("rcp.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("sqrt.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("rsqrt.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("ex2.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("lg2.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("sin.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("cos.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("tanh.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("div.approx.f32 %0, %1, %2;" : "=f"(R) : "f"(1.5f), "f"(X)); W.putF(R);
  asm("div.full.f32 %0, %1, %2;" : "=f"(R) : "f"(X), "f"(3.0f)); W.putF(R);
  W.putD(D);
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(E) : "d"(D)); W.putD(E);
  asm("rsqrt.approx.f64 %0, %1;" : "=d"(E) : "d"(D)); W.putD(E);
}

#ifndef NO_MAIN
#include <cstring>
int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "approx"))
    return runAndPrint(ptx_approx, Threads / 128, 128, Threads * ApproxResults);
  /* The forms also use a global scratch area after the results. */
  return runAndPrint(ptx_forms, Threads / 128, 128, Threads * Results + Threads * 4);
}
#endif
