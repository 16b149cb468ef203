/*===- wavesim-math.h - Host models of AMDGPU's per-lane math intrinsics ---===*
 *
 * The llvm.amdgcn.* math intrinsics that AMD's OCML calls, and the integer
 * dot products, each with the host function wavesim runs in its place (see
 * wavesim-math.c).
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_WAVESIM_MATH_H
#define WAVESIM_WAVESIM_MATH_H

typedef struct {
  const char *Intrinsic; /* llvm.amdgcn.rcp.f32 */
  const char *HostName;  /* the name it is given in the host module */
  void *Address;         /* the model, with the intrinsic's signature */
} WaveSimMathIntrinsic;

unsigned wavesimNumMathIntrinsics(void);
const WaveSimMathIntrinsic *wavesimMathIntrinsic(unsigned I);
/* The model of intrinsic Name, or NULL. */
const WaveSimMathIntrinsic *wavesimFindMathIntrinsic(const char *Name);

#endif
