/*===- math-ulp.c - CUDA math accuracy: ours on wavesim against NVIDIA's ---===*
 *
 *   math-ulp --wave=32|64 [--fast] [--only=NAME] [--known=FILE]
 *            --expected=FILE|none MODULE.ll
 *   math-ulp --summarize [--fast] --raw32=FILE [--raw64=FILE] --out=FILE
 *
 * Runs every function of lit-tests/oracle/nvidia/math/math_inputs.h on its
 * inputs through MODULE (math_functions.cu compiled by cu2hsaco -D NO_MAIN
 * --emit-llvm) on wavesim, measures each result against a host reference
 * (long double libm, or exact IEEE operations in the target precision) and
 * prints, per function, CUDA's documented bound, NVIDIA's measured error
 * (from FILE, written by --summarize from the raw result bits an H100
 * produced, run-on-nvidia.sh) and ours. Errors are the distance in ulps
 * between the result and the correctly rounded reference (CUDA's
 * definition), or absolute errors where CUDA bounds those.
 *
 * Exit status 1 when one of ours is over CUDA's bound, when on an edge
 * input our result is NaN, an infinity or a zero where NVIDIA's is not
 * (or not the same one) and ours is neither the reference's exact value
 * nor within the bound of it, or when ours departs from the reference on more
 * special values (NaN, infinite or zero results) than NVIDIA's; 2 on a
 * usage or load error, or when the inputs are not the ones NVIDIA ran.
 *
 * --known=FILE names functions whose differences are known (open bugs,
 * lit-tests/math/known-differences.txt): they are reported as KNOWN and
 * not counted; one listed there that is right now fails, so that the list
 * shrinks as they are fixed. --expected=none measures ours alone. Built with
 * -DMATH_ULP_NO_WAVESIM (no LLVM, no wavesim) only --summarize remains:
 * run-on-nvidia.sh builds it so on the NVIDIA machine.
 *
 * --fast measures a --use_fast_math build with the bounds nvcc's fast math
 * has (expf as __expf, ...); float denormal inputs are skipped there and a
 * zero is accepted for a denormal result (nvcc flushes them).
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "../oracle/nvidia/math/math_inputs.h"
#ifndef MATH_ULP_NO_WAVESIM
#include "wavesim-device.h"
#endif

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- Reference ---------------------------------------------------------===*/

static const long double PiL = 3.14159265358979323846264338327950288L;
static const long double TwoOverSqrtPiL =
    1.12837916709551257389615890312154517L;

/* 1 / sqrt(2) as a long double and its remainder, for normcdf. */
static long double InvSqrt2Hi, InvSqrt2Lo;
static void initConstants(void) {
  InvSqrt2Hi = sqrtl(0.5L);
  InvSqrt2Lo = fmal(-InvSqrt2Hi, InvSqrt2Hi, 0.5L) / (2 * InvSqrt2Hi);
}

static long double sinpiL(long double X) {
  if (isnan(X) || isinf(X))
    return NAN;
  long double R = fmodl(X, 2.0L); /* exact, sign of X */
  if (R > 1)
    R -= 2;
  else if (R < -1)
    R += 2;
  if (R == 0 || fabsl(R) == 1)
    return copysignl(0.0L, X);
  if (fabsl(R) > 0.5L)
    R = copysignl(1 - fabsl(R), R);
  return sinl(PiL * R);
}

static long double cospiL(long double X) {
  if (isnan(X) || isinf(X))
    return NAN;
  long double R = fmodl(fabsl(X), 2.0L);
  if (R > 1)
    R = 2 - R;
  if (R == 0.5L)
    return 0.0L;
  if (R < 0.5L)
    return sinl(PiL * (0.5L - R));
  return -sinl(PiL * (R - 0.5L));
}

/* x with erfc(x) = Q, Q in (0, 0.5]: Newton on log(erfc), from above. */
static long double erfcinvSmall(long double Q) {
  long double X = sqrtl(-logl(Q));
  for (int I = 0; I < 200; ++I) {
    long double E = erfcl(X);
    long double G = logl(E) - logl(Q);
    long double D = -TwoOverSqrtPiL * expl(-X * X) / E;
    long double Step = G / D;
    X -= Step;
    if (fabsl(Step) <= 1e-21L * fabsl(X))
      break;
  }
  return X;
}

/* erfinv(Y) for Y in [0, 0.5]: Newton on erf from below. */
static long double erfinvSmall(long double Y) {
  if (Y == 0)
    return Y;
  long double X = Y / TwoOverSqrtPiL;
  if (Y < 1e-6L)
    return X * (1 + PiL / 12 * Y * Y);
  for (int I = 0; I < 200; ++I) {
    long double Step = (erfl(X) - Y) / (TwoOverSqrtPiL * expl(-X * X));
    X -= Step;
    if (fabsl(Step) <= 1e-21L * fabsl(X))
      break;
  }
  return X;
}

static long double erfinvL(long double Y) {
  if (isnan(Y) || fabsl(Y) > 1)
    return NAN;
  if (fabsl(Y) == 1)
    return copysignl(INFINITY, Y);
  long double A = fabsl(Y);
  long double X = A <= 0.5L ? erfinvSmall(A) : erfcinvSmall(1 - A);
  return copysignl(X, Y);
}

static long double erfcinvL(long double Q) {
  if (isnan(Q) || Q < 0 || Q > 2)
    return NAN;
  if (Q == 0)
    return INFINITY;
  if (Q == 2)
    return -INFINITY;
  if (Q <= 0.5L)
    return erfcinvSmall(Q);
  if (Q < 1.5L)
    return erfinvL(1 - Q);
  return -erfcinvSmall(2 - Q);
}

static long double erfcxL(long double X) {
  if (isnan(X))
    return X;
  if (X == INFINITY)
    return 0;
  if (X > 50) { /* asymptotic series, relative error below 1e-25 */
    long double T = 1 / (2 * X * X), Term = 1, Sum = 1;
    for (int K = 1; K <= 14; ++K) {
      Term *= -(2 * K - 1) * T;
      Sum += Term;
    }
    return Sum / (X * sqrtl(PiL));
  }
  long double X2 = X * X, X2Lo = fmal(X, X, -X2);
  return expl(X2) * (1 + X2Lo) * erfcl(X);
}

static long double normcdfL(long double X) {
  if (isnan(X))
    return X;
  /* erfc(-X / sqrt 2) with the product's rounding error corrected */
  long double T = -X * InvSqrt2Hi;
  long double Dt = fmal(-X, InvSqrt2Hi, -T) + -X * InvSqrt2Lo;
  long double E = erfcl(T);
  return 0.5L * (E - Dt * TwoOverSqrtPiL * expl(-T * T));
}

static long double norm3dL(long double A, long double B, long double C) {
  if (isinf(A) || isinf(B) || isinf(C))
    return INFINITY;
  if (isnan(A) || isnan(B) || isnan(C))
    return NAN;
  return sqrtl(A * A + B * B + C * C);
}

/* The reference for Ref at a, b, c; *IsInt when the result is an integer
 * (ilogb, frexp's exponent). IEEE operations are done in the target
 * precision (exact); the rest in long double. */
static long double reference(int Ref, int Double, long double a, long double b,
                             long double c, bool *IsInt) {
  *IsInt = false;
  float fa = (float)a, fb = (float)b, fc = (float)c;
  double da = (double)a, db = (double)b, dc = (double)c;
  int E;
  long double I;
  switch (Ref) {
  case R_EXP:
    return expl(a);
  case R_EXP2:
    return exp2l(a);
  case R_EXP10:
    return exp10l(a);
  case R_EXPM1:
    return expm1l(a);
  case R_LOG:
    return logl(a);
  case R_LOG2:
    return log2l(a);
  case R_LOG10:
    return log10l(a);
  case R_LOG1P:
    return log1pl(a);
  case R_SQRT:
    return Double ? sqrt(da) : sqrtf(fa);
  case R_RSQRT:
    return 1 / sqrtl(a);
  case R_CBRT:
    return cbrtl(a);
  case R_RCBRT:
    return 1 / cbrtl(a);
  case R_SIN:
    return sinl(a);
  case R_COS:
    return cosl(a);
  case R_TAN:
    return tanl(a);
  case R_SINPI:
    return sinpiL(a);
  case R_COSPI:
    return cospiL(a);
  case R_ASIN:
    return asinl(a);
  case R_ACOS:
    return acosl(a);
  case R_ATAN:
    return atanl(a);
  case R_ATAN2:
    return atan2l(a, b);
  case R_SINH:
    return sinhl(a);
  case R_COSH:
    return coshl(a);
  case R_TANH:
    return tanhl(a);
  case R_ASINH:
    return asinhl(a);
  case R_ACOSH:
    return acoshl(a);
  case R_ATANH:
    return atanhl(a);
  case R_POW:
    return powl(a, b);
  case R_ERF:
    return erfl(a);
  case R_ERFC:
    return erfcl(a);
  case R_ERFINV:
    return erfinvL(a);
  case R_ERFCINV:
    return erfcinvL(a);
  case R_ERFCX:
    return erfcxL(a);
  case R_NORMCDF:
    return normcdfL(a);
  case R_NORMCDFINV:
    if (isnan(a) || a == 0.5L)
      return isnan(a) ? a : 0.0L;
    return -sqrtl(2.0L) * erfcinvL(2 * a);
  case R_LGAMMA:
    return lgammal(a);
  case R_TGAMMA:
    return tgammal(a);
  case R_HYPOT:
    return hypotl(a, b);
  case R_RHYPOT:
    return 1 / hypotl(a, b);
  case R_NORM3D:
    return norm3dL(a, b, c);
  case R_RNORM3D:
    return 1 / norm3dL(a, b, c);
  case R_FMOD:
    return fmodl(a, b);
  case R_REMAINDER:
    return remainderl(a, b);
  case R_FMA:
    return Double ? fma(da, db, dc) : fmaf(fa, fb, fc);
  case R_FMAX:
    return fmaxl(a, b);
  case R_FMIN:
    return fminl(a, b);
  case R_FDIM:
    return fdiml(a, b);
  case R_FLOOR:
    return floorl(a);
  case R_CEIL:
    return ceill(a);
  case R_ROUND:
    return roundl(a);
  case R_TRUNC:
    return truncl(a);
  case R_RINT:
    return rintl(a);
  case R_FABS:
    return fabsl(a);
  case R_COPYSIGN:
    return copysignl(a, b);
  case R_LDEXP:
    return ldexpl(a, (int)b);
  case R_FREXP_MANT:
    return frexpl(a, &E);
  case R_FREXP_EXP:
    *IsInt = true;
    E = 0;
    if (!isinf(a) && !isnan(a))
      frexpl(a, &E);
    return E;
  case R_MODF_FRAC:
    return modfl(a, &I);
  case R_MODF_INT:
    modfl(a, &I);
    return I;
  case R_LOGB:
    return logbl(a);
  case R_ILOGB:
    *IsInt = true;
    return ilogbl(a);
  case R_NEXTAFTER:
    return Double ? nextafter(da, db) : nextafterf(fa, fb);
  case R_J0:
    return j0l(a);
  case R_J1:
    return j1l(a);
  case R_Y0:
    return y0l(a);
  case R_Y1:
    return y1l(a);
  case R_DIV:
    return Double ? da / db : fa / fb;
  case R_RCP:
    return Double ? 1 / da : 1 / fa;
  case R_SATURATE:
    return isnan(a) ? 0 : a < 0 ? 0 : a > 1 ? 1 : a;
  case R_MUL:
    return Double ? da * db : fa * fb;
  case R_ADD:
    return Double ? da + db : fa + fb;
  }
  return NAN;
}

/*===-- Measurement -------------------------------------------------------===*/

/* The distance in ulps between two values of the target precision, both
 * rounded to it: the number of representable values between them (+0 and
 * -0 are one point; an infinity is one past the largest finite value). */
static uint64_t magnitudeBits(long double X, int Double, int *Negative) {
  if (Double) {
    double D = (double)X;
    uint64_t B;
    memcpy(&B, &D, sizeof(B));
    *Negative = (int)(B >> 63);
    return B & 0x7fffffffffffffffull;
  }
  float F = (float)X;
  uint32_t B;
  memcpy(&B, &F, sizeof(B));
  *Negative = (int)(B >> 31);
  return B & 0x7fffffffu;
}

static double ulpDistance(long double X, long double Y, int Double) {
  int NX, NY;
  uint64_t MX = magnitudeBits(X, Double, &NX),
           MY = magnitudeBits(Y, Double, &NY);
  if (NX == NY)
    return (double)(MX > MY ? MX - MY : MY - MX);
  return (double)MX + (double)MY;
}

typedef struct {
  double MaxErr[2];  /* per part: inside the region (or all), outside */
  unsigned Count[2]; /* inputs measured */
  unsigned Over[2];  /* inputs over the bound */
  double WorstA[2];  /* an input of the largest error */
  unsigned Special;  /* special values that differ from the reference */
  unsigned Skipped;  /* fast math: denormal inputs */
  uint64_t Hash;
} Stats;

static bool isDenormal(double X, int Double) {
  double A = fabs(X);
  return A > 0 && A < (Double ? DBL_MIN : FLT_MIN);
}

static const MathBound *boundOf(const MathFunction *F, int Fast) {
  return Fast && F->FastBound.Kind != -1 ? &F->FastBound : &F->Bound;
}

/* Which part of the bound input (a, b) falls in. */
static int partOf(const MathBound *B, double A, double Bv) {
  if (!B->RegArg)
    return 0;
  double V = B->RegArg == 1 ? A : Bv;
  if (B->RegAbs)
    V = fabs(V);
  return V >= B->Lo && V <= B->Hi ? 0 : 1;
}

static uint64_t fnv(const void *P, size_t Bytes, uint64_t H) {
  const unsigned char *C = (const unsigned char *)P;
  for (size_t I = 0; I < Bytes; ++I)
    H = (H ^ C[I]) * 0x100000001b3ull;
  return H;
}

/* The inputs of F in the kernel's layout, and their hash. */
static uint64_t makeInputs(const MathFunction *F, int Double, unsigned N,
                           void *A, void *B, void *C) {
  for (unsigned I = 0; I < N; ++I) {
    double X, Y, Z;
    mathInput(F, Double, I, &X, &Y, &Z);
    if (Double) {
      ((double *)A)[I] = X;
      ((double *)B)[I] = Y;
      ((double *)C)[I] = Z;
    } else {
      ((float *)A)[I] = (float)X;
      ((float *)B)[I] = (float)Y;
      ((float *)C)[I] = (float)Z;
    }
  }
  size_t W = Double ? 8 : 4;
  uint64_t H = 0xcbf29ce484222325ull;
  H = fnv(A, N * W, H);
  H = fnv(B, N * W, H);
  return fnv(C, N * W, H);
}

static long double resultValue(const void *R, unsigned I, int Double,
                               bool IsInt) {
  if (Double) {
    double D = ((const double *)R)[I];
    if (IsInt) {
      int64_t V;
      memcpy(&V, &D, sizeof(V));
      return (long double)V;
    }
    return D;
  }
  float F = ((const float *)R)[I];
  if (IsInt) {
    int32_t V;
    memcpy(&V, &F, sizeof(V));
    return (long double)V;
  }
  return F;
}

/* Measures results R of F over its N inputs into S. */
static void measure(const MathFunction *F, int Double, int Fast, unsigned N,
                    const void *R, Stats *S) {
  memset(S, 0, sizeof(*S));
  const MathBound *B = boundOf(F, Fast);
  for (unsigned I = 0; I < N; ++I) {
    double A, Bv, C;
    mathInput(F, Double, I, &A, &Bv, &C);
    bool Ftz = Fast && !Double;
    if (Ftz && (isDenormal(A, 0) || isDenormal(Bv, 0) || isDenormal(C, 0))) {
      ++S->Skipped;
      continue;
    }
    bool IsInt;
    long double Ref = reference(F->Ref, Double, A, Bv, C, &IsInt);
    long double Res = resultValue(R, I, Double, IsInt);
    if (IsInt) {
      if (Res != Ref)
        ++S->Special;
      continue;
    }
    /* Special values must be exact: NaN, infinite and zero results. */
    if (isnan(Ref) || isnan(Res)) {
      if (isnan(Ref) != isnan(Res))
        ++S->Special;
      continue;
    }
    if (isinf(Ref)) {
      if (Res != Ref)
        ++S->Special;
      continue;
    }
    if (Ref == 0) {
      if (Res != 0 || signbit(Ref) != signbit(Res))
        ++S->Special;
      continue;
    }
    long double Rounded =
        Double ? (long double)(double)Ref : (long double)(float)Ref;
    if (Ftz && fabsl(Rounded) < FLT_MIN && Res == 0)
      continue;
    int Part = partOf(B, A, Bv);
    int Kind = Part ? B->OutKind : B->Kind;
    double Value = Part ? B->OutValue : B->Value;
    double Err;
    if (Kind == BK_ABS)
      Err = isinf(Res) ? INFINITY : (double)fabsl(Res - Ref);
    else
      Err = ulpDistance(Res, Rounded, Double);
    double Limit = Kind == BK_ULP    ? Value
                   : Kind == BK_ABS  ? Value
                   : Kind == BK_EXPX ? 2 + floor(fabs(Value * A))
                                     : INFINITY;
    ++S->Count[Part];
    if (Err > Limit && S->Over[Part]++ < 3 && getenv("MATH_ULP_VERBOSE"))
      fprintf(stderr, "%s(%a, %a, %a) = %La, reference %La (%Le), %g\n",
              F->Name, A, Bv, C, Res, Ref, Ref, Err);
    if (Err > S->MaxErr[Part]) {
      S->MaxErr[Part] = Err;
      S->WorstA[Part] = A;
    }
  }
}

/* The class of an edge result compared with NVIDIA's: NaN, +-inf, +-0 or
 * finite (a denormal counts as its zero under fast math); integers by
 * value. */
static uint64_t edgeClass(uint64_t Bits, int Double, int Fast, bool IsInt) {
  if (IsInt)
    return Bits;
  if (Double) {
    double D;
    memcpy(&D, &Bits, sizeof(D));
    if (isnan(D))
      return 1;
    if (isinf(D))
      return D > 0 ? 2 : 3;
    if (D == 0)
      return signbit(D) ? 5 : 4;
    return 6;
  }
  float F;
  uint32_t B = (uint32_t)Bits;
  memcpy(&F, &B, sizeof(F));
  if (isnan(F))
    return 1;
  if (isinf(F))
    return F > 0 ? 2 : 3;
  if (F == 0 || (Fast && fabsf(F) < FLT_MIN))
    return signbit(F) ? 5 : 4;
  return 6;
}

/*===-- Expected file (NVIDIA's results) ---------------------------------===*/

typedef struct {
  char Name[32];
  int Double;
  Stats S;
  unsigned NumEdges;
  uint64_t *Edges;
} Expected;

static Expected *Exp;
static unsigned NumExp;

/* --known=FILE: functions whose differences are known (open bugs, each
 * with its reason in FILE): reported as KNOWN, not counted as failures. */
static char Known[256][40];
static unsigned NumKnown;

/* Each line: NAME (a difference of the plain and the fast-math build),
 * fast:NAME (--use_fast_math only) or plain:NAME (the plain build only),
 * then the reason. Only the entries of
 * this run's mode are kept. */
static int readKnown(const char *Path, int Fast) {
  FILE *In = fopen(Path, "r");
  if (!In) {
    perror(Path);
    return -1;
  }
  char Line[512];
  while (fgets(Line, sizeof(Line), In)) {
    char Name[40];
    if (Line[0] == '#' || sscanf(Line, "%39s", Name) != 1)
      continue;
    bool FastOnly = !strncmp(Name, "fast:", 5);
    bool PlainOnly = !strncmp(Name, "plain:", 6);
    if ((FastOnly && !Fast) || (PlainOnly && Fast))
      continue;
    if (NumKnown < 256)
      strcpy(Known[NumKnown++], Name + (FastOnly ? 5 : PlainOnly ? 6 : 0));
  }
  fclose(In);
  return 0;
}

static bool isKnown(const char *Name) {
  for (unsigned I = 0; I < NumKnown; ++I)
    if (!strcmp(Known[I], Name))
      return true;
  return false;
}

static Expected *findExpected(const char *Name, int Double) {
  for (unsigned I = 0; I < NumExp; ++I)
    if (Exp[I].Double == Double && !strcmp(Exp[I].Name, Name))
      return &Exp[I];
  return NULL;
}

static int readExpected(const char *Path) {
  FILE *In = fopen(Path, "r");
  if (!In) {
    perror(Path);
    return -1;
  }
  char Line[64];
  int Ch;
  while (fscanf(In, "%63s", Line) == 1) {
    if (Line[0] == '#') {
      while ((Ch = fgetc(In)) != EOF && Ch != '\n')
        ;
      continue;
    }
    if (strcmp(Line, "f32") && strcmp(Line, "f64"))
      return -1;
    Exp = realloc(Exp, (NumExp + 1) * sizeof(Expected));
    Expected *E = &Exp[NumExp++];
    memset(E, 0, sizeof(*E));
    E->Double = Line[2] == '4';
    unsigned long long H;
    if (fscanf(In, "%31s %llx %lf %lf %u %u %u %u %u %u", E->Name, &H,
               &E->S.MaxErr[0], &E->S.MaxErr[1], &E->S.Count[0], &E->S.Count[1],
               &E->S.Over[0], &E->S.Over[1], &E->S.Special, &E->NumEdges) != 10)
      return -1;
    E->S.Hash = H;
    E->Edges = calloc(E->NumEdges, sizeof(uint64_t));
    for (unsigned I = 0; I < E->NumEdges; ++I) {
      unsigned long long V;
      if (fscanf(In, "%llx", &V) != 1)
        return -1;
      E->Edges[I] = V;
    }
  }
  fclose(In);
  return 0;
}

static uint64_t resultBits(const void *R, unsigned I, int Double) {
  if (Double)
    return ((const uint64_t *)R)[I];
  return ((const uint32_t *)R)[I];
}

static void writeExpected(FILE *Out, const MathFunction *F, int Double,
                          const Stats *S, const void *R) {
  unsigned E = mathNumEdges(F->Shape);
  fprintf(Out, "%s %s %016llx %.6g %.6g %u %u %u %u %u %u\n",
          Double ? "f64" : "f32", F->Name, (unsigned long long)S->Hash,
          S->MaxErr[0], S->MaxErr[1], S->Count[0], S->Count[1], S->Over[0],
          S->Over[1], S->Special, E);
  for (unsigned I = 0; I < E; ++I)
    fprintf(Out, "%llx%s", (unsigned long long)resultBits(R, I, Double),
            I % 16 == 15 || I + 1 == E ? "\n" : " ");
}

/*===-- The table ---------------------------------------------------------===*/

static void describeBound(const MathBound *B, int Part, char *Out,
                          size_t Size) {
  int Kind = Part ? B->OutKind : B->Kind;
  double V = Part ? B->OutValue : B->Value;
  switch (Kind) {
  case BK_ULP:
    snprintf(Out, Size, "%g ulp", V);
    break;
  case BK_ABS:
    snprintf(Out, Size, "abs %.3g", V);
    break;
  case BK_EXPX:
    snprintf(Out, Size, "2+floor(abs(%gx)) ulp", V);
    break;
  default:
    snprintf(Out, Size, "none stated");
    break;
  }
}

static void describeErr(int Kind, double Err, unsigned Count, char *Out,
                        size_t Size) {
  if (!Count)
    snprintf(Out, Size, "-");
  else if (Kind == BK_ABS)
    snprintf(Out, Size, "%.3g", Err);
  else
    snprintf(Out, Size, "%.0f", Err);
}

static void regionName(const MathFunction *F, const MathBound *B, int Part,
                       char *Out, size_t Size) {
  if (!B->RegArg) {
    snprintf(Out, Size, "%s", F->Name);
    return;
  }
  const char *V = B->RegArg == 1 ? "x" : "y";
  if (B->RegAbs)
    snprintf(Out, Size, "%s %sabs(%s) in [%g,%g]", F->Name, Part ? "not " : "",
             V, B->Lo, B->Hi);
  else
    snprintf(Out, Size, "%s %s%s in [%g,%g]", F->Name, Part ? "not " : "", V,
             B->Lo, B->Hi);
}

/* Whether an edge result whose kind differs from NVIDIA's (ours CO,
 * NVIDIA's CN) is still right: ours is the reference's exact special
 * value (NaN, infinity, signed zero, integer), or neither is NaN, they
 * are not zeros of opposite signs, and ours is within CUDA's bound of the
 * reference (a denormal where NVIDIA gives 0, the largest finite value
 * where NVIDIA overflows, ...). */
static bool withinBound(const MathFunction *F, int Double, int Fast, double A,
                        double Bv, double C, const void *R, unsigned I,
                        uint64_t CO, uint64_t CN) {
  bool IsInt;
  long double Ref = reference(F->Ref, Double, A, Bv, C, &IsInt);
  long double Res = resultValue(R, I, Double, IsInt);
  if (IsInt)
    return Res == Ref;
  /* Ours is the exact special value where NVIDIA's is not. */
  if ((isnan(Ref) && isnan(Res)) || (isinf(Ref) && Res == Ref) ||
      (Ref == 0 && Res == 0 && signbit(Ref) == signbit(Res)))
    return true;
  if (CO == 1 || CN == 1)
    return false;
  if ((CO == 4 || CO == 5) && (CN == 4 || CN == 5))
    return false; /* zeros of opposite signs */
  if (isnan(Ref) || isinf(Ref) || Ref == 0)
    return false; /* exact special values */
  const MathBound *B = boundOf(F, Fast);
  int Part = partOf(B, A, Bv);
  int Kind = Part ? B->OutKind : B->Kind;
  double Value = Part ? B->OutValue : B->Value;
  long double Rounded =
      Double ? (long double)(double)Ref : (long double)(float)Ref;
  if (Kind == BK_NONE)
    return true;
  if (Kind == BK_ABS)
    return !isinf(Res) && fabsl(Res - Ref) <= Value;
  double Limit = Kind == BK_EXPX ? 2 + floor(fabs(Value * A)) : Value;
  return ulpDistance(Res, Rounded, Double) <= Limit;
}

/* Prints F's rows; returns the number of failures. */
static int report(const MathFunction *F, int Double, int Fast, const Stats *S,
                  const Expected *E, const void *R) {
  const MathBound *B = boundOf(F, Fast);
  int Failures = 0;
  char Verdict[160];
  for (int Part = 0; Part < (B->RegArg ? 2 : 1); ++Part) {
    if (!S->Count[Part] && !(E && E->S.Count[Part]))
      continue;
    char Name[96], Bound[48], Nv[32], Ours[32];
    int Kind = Part ? B->OutKind : B->Kind;
    regionName(F, B, Part, Name, sizeof(Name));
    describeBound(B, Part, Bound, sizeof(Bound));
    describeErr(Kind, E ? E->S.MaxErr[Part] : 0, E ? E->S.Count[Part] : 0, Nv,
                sizeof(Nv));
    describeErr(Kind, S->MaxErr[Part], S->Count[Part], Ours, sizeof(Ours));
    Verdict[0] = '\0';
    if (S->Over[Part] && Kind != BK_NONE) {
      snprintf(Verdict, sizeof(Verdict), "OVER BOUND (%u inputs, worst x=%a)",
               S->Over[Part], S->WorstA[Part]);
      ++Failures;
    } else if (E && E->S.Over[Part] && Kind != BK_NONE) {
      snprintf(Verdict, sizeof(Verdict), "ok (NVIDIA over bound on %u)",
               E->S.Over[Part]);
    } else {
      snprintf(Verdict, sizeof(Verdict), "ok");
    }
    printf("| %-34s | %-21s | %-13s | %-13s | %s |\n", Name, Bound, Nv, Ours,
           Verdict);
  }
  /* Special values against NVIDIA's. */
  if (E) {
    bool IsInt = F->Ref == R_ILOGB || F->Ref == R_FREXP_EXP;
    unsigned Edges = mathNumEdges(F->Shape), Diffs = 0;
    for (unsigned I = 0; I < Edges && I < E->NumEdges; ++I) {
      double A, Bv, C;
      mathInput(F, Double, I, &A, &Bv, &C);
      if (Fast && !Double &&
          (isDenormal(A, 0) || isDenormal(Bv, 0) || isDenormal(C, 0)))
        continue;
      uint64_t Ours = resultBits(R, I, Double);
      uint64_t CO = edgeClass(Ours, Double, Fast, IsInt),
               CN = edgeClass(E->Edges[I], Double, Fast, IsInt);
      if (CO == CN || withinBound(F, Double, Fast, A, Bv, C, R, I, CO, CN))
        continue;
      if (Diffs++ < 4)
        printf("    %s(%a, %a, %a): ours %llx, NVIDIA %llx\n", F->Name, A, Bv,
               C, (unsigned long long)Ours, (unsigned long long)E->Edges[I]);
    }
    if (Diffs) {
      printf("    %s: %u edge results differ from NVIDIA's in kind "
             "(NaN/inf/zero)\n",
             F->Name, Diffs);
      ++Failures;
    }
    if (S->Special > E->S.Special) {
      printf("    %s: %u special values differ from the reference, NVIDIA "
             "%u\n",
             F->Name, S->Special, E->S.Special);
      ++Failures;
    }
  }
  return Failures;
}

/*===-- Driver ------------------------------------------------------------===*/

static int usage(void) {
  fprintf(stderr,
          "usage: math-ulp --wave=32|64 [--fast] [--only=NAME] "
          "[--known=FILE] --expected=FILE|none MODULE.ll\n"
          "       math-ulp --summarize [--fast] --raw32=FILE [--raw64=FILE] "
          "--out=FILE\n");
  return 2;
}

/* Reads the raw results of one list as the NVIDIA run wrote them. */
static int readRaw(const char *Path, int Double, unsigned Count, unsigned N,
                   void **Results, uint64_t *Hashes) {
  FILE *In = fopen(Path, "rb");
  if (!In) {
    perror(Path);
    return -1;
  }
  size_t W = Double ? 8 : 4;
  for (unsigned F = 0; F < Count; ++F) {
    char Name[32];
    Results[F] = malloc(N * W);
    if (fread(Name, 1, 32, In) != 32 || fread(&Hashes[F], 8, 1, In) != 1 ||
        fread(Results[F], W, N, In) != N) {
      fprintf(stderr, "math-ulp: %s: short file\n", Path);
      return -1;
    }
    const char *Want = Double ? MathF64[F].Name : MathF32[F].Name;
    if (strcmp(Name, Want)) {
      fprintf(stderr, "math-ulp: %s: %s where %s was expected\n", Path, Name,
              Want);
      return -1;
    }
  }
  fclose(In);
  return 0;
}

static int summarize(int Fast, const char *Raw32, const char *Raw64,
                     const char *OutPath) {
  FILE *Out = fopen(OutPath, "w");
  if (!Out) {
    perror(OutPath);
    return 2;
  }
  fprintf(Out,
          "# NVIDIA's results on math_inputs.h's inputs%s "
          "(math-ulp --summarize): per function, precision, name,\n"
          "# input hash, max error inside/outside the bound's region, "
          "inputs measured there, inputs over CUDA's bound there,\n"
          "# special values off the reference, then the result bits "
          "on the edge inputs.\n",
          Fast ? " under -use_fast_math" : "");
  for (int Double = 0; Double < 2; ++Double) {
    const char *Path = Double ? Raw64 : Raw32;
    if (!Path)
      continue;
    unsigned Count = Double ? MATH_NUM_F64 : MATH_NUM_F32;
    unsigned N = Double ? MATH_N64 : MATH_N32;
    void *Results[256];
    uint64_t Hashes[256];
    if (readRaw(Path, Double, Count, N, Results, Hashes))
      return 2;
    void *A = malloc(N * 8), *B = malloc(N * 8), *C = malloc(N * 8);
    for (unsigned F = 0; F < Count; ++F) {
      const MathFunction *Fn = Double ? &MathF64[F] : &MathF32[F];
      uint64_t H = makeInputs(Fn, Double, N, A, B, C);
      if (H != Hashes[F]) {
        fprintf(stderr, "math-ulp: %s: the inputs differ from NVIDIA's\n",
                Fn->Name);
        return 2;
      }
      Stats S;
      measure(Fn, Double, Fast, N, Results[F], &S);
      S.Hash = H;
      writeExpected(Out, Fn, Double, &S, Results[F]);
    }
  }
  fclose(Out);
  return 0;
}

#ifndef MATH_ULP_NO_WAVESIM
static int runOnWavesim(unsigned WaveSize, int Fast, const char *Only,
                        const char *ExpectedPath, const char *KnownPath,
                        const char *Module) {
  if (KnownPath && readKnown(KnownPath, Fast))
    return 2;
  /* --expected=none: measure ours alone (no NVIDIA column or checks) */
  bool None = !strcmp(ExpectedPath, "none");
  if (!None && readExpected(ExpectedPath)) {
    fprintf(stderr, "math-ulp: cannot read %s\n", ExpectedPath);
    return 2;
  }
  char Error[1024];
  WaveSim *Sim = wavesimLoad(Module, WaveSize, Error, sizeof(Error));
  if (!Sim) {
    fprintf(stderr, "math-ulp: %s\n", Error);
    return 2;
  }
  Device D;
  wavesimDevice(Sim, &D);
  int Failures = 0, Rows = 0, KnownFailures = 0;
  printf("| %-34s | %-21s | %-13s | %-13s | %s |\n", "function", "CUDA bound",
         "NVIDIA (H100)", "ours", "");
  printf("|---|---|---|---|---|\n");
  for (int Double = 0; Double < 2; ++Double) {
    unsigned Count = Double ? MATH_NUM_F64 : MATH_NUM_F32;
    unsigned N = Double ? MATH_N64 : MATH_N32;
    size_t W = Double ? 8 : 4;
    void *A = malloc(N * W), *B = malloc(N * W), *C = malloc(N * W),
         *R = malloc(N * W);
    void *DA, *DB, *DC, *DR;
    if (D.Alloc(&D, &DA, N * W) || D.Alloc(&D, &DB, N * W) ||
        D.Alloc(&D, &DC, N * W) || D.Alloc(&D, &DR, N * W)) {
      fprintf(stderr, "math-ulp: %s\n", D.Error);
      return 2;
    }
    for (unsigned F = 0; F < Count; ++F) {
      const MathFunction *Fn = Double ? &MathF64[F] : &MathF32[F];
      if (Only && strcmp(Only, Fn->Name))
        continue;
      Expected *E = findExpected(Fn->Name, Double);
      if (!E && !Only && !None)
        continue; /* e.g. the double list of a fast-math file */
      uint64_t H = makeInputs(Fn, Double, N, A, B, C);
      if (E && E->S.Hash != H) {
        fprintf(stderr, "math-ulp: %s: the inputs differ from NVIDIA's\n",
                Fn->Name);
        return 2;
      }
      int FnIndex = (int)F, NInt = (int)N;
      void *Args[] = {&FnIndex, &DA, &DB, &DC, &DR, &NInt};
      unsigned Grid[3] = {(N + 255) / 256, 1, 1}, Block[3] = {256, 1, 1};
      if (D.CopyToDevice(&D, DA, A, N * W) ||
          D.CopyToDevice(&D, DB, B, N * W) ||
          D.CopyToDevice(&D, DC, C, N * W) ||
          D.Launch(&D,
                   Double ? "_Z8math_f64iPKdS0_S0_Pdi"
                          : "_Z8math_f32iPKfS0_S0_Pfi",
                   Grid, Block, Args) ||
          D.CopyToHost(&D, R, DR, N * W)) {
        fprintf(stderr, "math-ulp: %s: %s\n", Fn->Name, D.Error);
        return 2;
      }
      Stats S;
      measure(Fn, Double, Fast, N, R, &S);
      int Bad = report(Fn, Double, Fast, &S, E, R);
      if (Bad && isKnown(Fn->Name)) {
        printf("    %s: KNOWN difference (--known), not counted\n", Fn->Name);
        ++KnownFailures;
      } else {
        if (!Bad && isKnown(Fn->Name)) {
          printf("    %s: listed in %s but now right: remove it there\n",
                 Fn->Name, KnownPath);
          ++Bad;
        }
        Failures += Bad;
      }
      ++Rows;
    }
    D.Free(&D, DA);
    D.Free(&D, DB);
    D.Free(&D, DC);
    D.Free(&D, DR);
    free(A);
    free(B);
    free(C);
    free(R);
  }
  wavesimDispose(Sim);
  printf("%d functions, %d failures, %d functions with known differences\n",
         Rows, Failures, KnownFailures);
  return Failures ? 1 : 0;
}
#endif

int main(int argc, char **argv) {
  unsigned WaveSize = 0;
  int Fast = 0, Summarize = 0;
  const char *Only = NULL, *Expected = NULL, *Module = NULL, *Raw32 = NULL,
             *Raw64 = NULL, *Out = NULL, *KnownFile = NULL;
  for (int I = 1; I < argc; ++I) {
    if (!strncmp(argv[I], "--wave=", 7))
      WaveSize = (unsigned)atoi(argv[I] + 7);
    else if (!strcmp(argv[I], "--fast"))
      Fast = 1;
    else if (!strcmp(argv[I], "--summarize"))
      Summarize = 1;
    else if (!strncmp(argv[I], "--only=", 7))
      Only = argv[I] + 7;
    else if (!strncmp(argv[I], "--known=", 8))
      KnownFile = argv[I] + 8;
    else if (!strncmp(argv[I], "--expected=", 11))
      Expected = argv[I] + 11;
    else if (!strncmp(argv[I], "--raw32=", 8))
      Raw32 = argv[I] + 8;
    else if (!strncmp(argv[I], "--raw64=", 8))
      Raw64 = argv[I] + 8;
    else if (!strncmp(argv[I], "--out=", 6))
      Out = argv[I] + 6;
    else if (argv[I][0] != '-' && !Module)
      Module = argv[I];
    else
      return usage();
  }
  initConstants();
  if (Summarize) {
    if (!Raw32 || !Out)
      return usage();
    return summarize(Fast, Raw32, Raw64, Out);
  }
#ifndef MATH_ULP_NO_WAVESIM
  if (!Module || !Expected || (WaveSize != 32 && WaveSize != 64))
    return usage();
  return runOnWavesim(WaveSize, Fast, Only, Expected, KnownFile, Module);
#else
  return usage();
#endif
}
