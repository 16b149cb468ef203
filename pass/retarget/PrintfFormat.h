/*===- PrintfFormat.h - CUDA's device printf format, parsed ---*- C -*-===*
 *
 * One parser of printf conversion specifications for both ends of device
 * printf: the pass (DevicePrintf.c) reads each argument out of CUDA's
 * vprintf buffer by it, and wavesim's host side (wavesim-printf.c) formats
 * the values by it, so the two always agree on which argument goes where.
 *
 * The specification is what CUDA's printf takes, as an NVIDIA H100 prints
 * it (lit-tests/printf/Inputs/, the .h100.txt files):
 *   %[flags][width][.precision][size]conversion
 * flags "-+ #0"; width and precision digits or '*' (an int argument);
 * size h, hh, l, ll; conversions d i u x X o c s p f F e E g G a A and %%.
 * Anything else (the C99 sizes z, t, j and L, %n, an unknown letter) is
 * not a conversion for CUDA: its text is printed as it stands and it takes
 * no argument.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_PRINTFFORMAT_H
#define NVVMWARP_PRINTFFORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* What the value of a conversion is in CUDA's argument buffer, after C's
 * default promotions: ints are 4 bytes, long and long long 8, floats
 * doubles, strings and pointers 8-byte addresses. */
typedef enum {
  PrintfArgNone,    /* %% and text */
  PrintfArgInt,     /* 4 bytes */
  PrintfArgLong,    /* 8 bytes, integer */
  PrintfArgDouble,  /* 8 bytes */
  PrintfArgString,  /* a pointer whose characters are printed */
  PrintfArgPointer  /* a pointer printed as its value */
} PrintfArgKind;

typedef struct {
  size_t Start, End;   /* the specification's text, from its '%' */
  char Conversion;     /* its letter or '%'; 0 when it is printed as text */
  char Flags[8];       /* as written, NUL-terminated */
  int Width;           /* -1: none */
  int Precision;       /* -1: none */
  bool StarWidth;      /* the width is an int argument before the value */
  bool StarPrecision;  /* so is the precision, after the width */
  unsigned Longs;      /* 0, 1 (l) or 2 (ll) */
  unsigned Shorts;     /* 0, 1 (h) or 2 (hh) */
} PrintfSpec;

/* The next specification in Format[Pos, Length): false when no '%' is
 * left. Text before it is Format[Pos, Spec->Start). */
bool printfNextSpec(const char *Format, size_t Length, size_t Pos,
                    PrintfSpec *Spec);

/* The argument the conversion prints (PrintfArgNone for %% and text). */
PrintfArgKind printfValueKind(const PrintfSpec *Spec);

/* The bytes an argument of Kind takes in the buffer, which is also its
 * alignment there. */
unsigned printfArgBytes(PrintfArgKind Kind);

#endif
