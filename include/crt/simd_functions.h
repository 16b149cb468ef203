// crt/simd_functions.h - CUDA's SIMD-within-a-word intrinsics and its DPX
// integer functions (the CUDA Math API's "SIMD Intrinsics" section): the
// __v* functions that treat a 32-bit word as four bytes or two halfwords
// (__vadd4, __vmaxs2, __vcmpgtu4, __vsads2 ...), device only as in CUDA,
// and CUDA 12's DPX functions (__vimax3_s32, __viaddmin_s16x2_relu,
// __vibmax_u32 ...), host and device as in CUDA.
//
// Each function views its words as lanes (<4 x i8> or <2 x i16> vectors,
// clang's vector extensions) and works lane by lane with plain vector
// arithmetic and clang's element-wise built-ins (max, min, abs, saturating
// add and sub), so the IR says what is meant: the AMDGPU backend picks its
// packed 16-bit instructions (v_pk_max_i16, v_pk_add_u16 ...) for halfword
// lanes, and the host compiler its SIMD instructions for the host forms.
// Lane 0 is the word's least significant byte or halfword.
//
// What the lanes hold where CUDA's documentation is terse, as an NVIDIA
// H100 computes it (lit-tests/simd pins every function to its results):
// arithmetic without "ss"/"us" wraps; __vabs* and __vneg* wrap too (the
// lane minimum stays itself), __vabsss*/__vnegss* saturate it to the
// maximum; __vabsdiff* is the exact |a - b| of the lanes, which fits the
// unsigned lane; __vavgs* rounds half away from zero, __vavgu* half up,
// __vhaddu* down; __vcmp* give all-ones lanes where true, __vset* ones;
// __vsad* return the sum over the lanes of the exact |a - b|; the DPX
// additions wrap in the lane before the max or min.
#ifndef __CRT_SIMD_FUNCTIONS_H__
#define __CRT_SIMD_FUNCTIONS_H__

#include "crt/host_defines.h"

typedef signed char __cucc_s8x4 __attribute__((ext_vector_type(4)));
typedef unsigned char __cucc_u8x4 __attribute__((ext_vector_type(4)));
typedef short __cucc_s16x2 __attribute__((ext_vector_type(2)));
typedef unsigned short __cucc_u16x2 __attribute__((ext_vector_type(2)));
// What comparing byte lanes gives (vectors of plain char).
typedef char __cucc_c8x4 __attribute__((ext_vector_type(4)));
typedef unsigned int __cucc_u32x4 __attribute__((ext_vector_type(4)));
typedef unsigned int __cucc_u32x2 __attribute__((ext_vector_type(2)));

// The helpers are host and device: the DPX functions' host forms use them.
#define __CUCC_LANES static __host__ __device__ __forceinline__
#define __CUCC_SIMD static __device__ __forceinline__
#define __CUCC_DPX static __host__ __device__ __forceinline__

/* A word as lanes, and lanes as a word. */
__CUCC_LANES __cucc_s8x4 __cucc_s8(unsigned int X) {
  return __builtin_bit_cast(__cucc_s8x4, X);
}
__CUCC_LANES __cucc_u8x4 __cucc_u8(unsigned int X) {
  return __builtin_bit_cast(__cucc_u8x4, X);
}
__CUCC_LANES __cucc_s16x2 __cucc_s16(unsigned int X) {
  return __builtin_bit_cast(__cucc_s16x2, X);
}
__CUCC_LANES __cucc_u16x2 __cucc_u16(unsigned int X) {
  return __builtin_bit_cast(__cucc_u16x2, X);
}
__CUCC_LANES unsigned int __cucc_word(__cucc_s8x4 V) {
  return __builtin_bit_cast(unsigned int, V);
}
__CUCC_LANES unsigned int __cucc_word(__cucc_u8x4 V) {
  return __builtin_bit_cast(unsigned int, V);
}
__CUCC_LANES unsigned int __cucc_word(__cucc_s16x2 V) {
  return __builtin_bit_cast(unsigned int, V);
}
__CUCC_LANES unsigned int __cucc_word(__cucc_u16x2 V) {
  return __builtin_bit_cast(unsigned int, V);
}

/* Lane-wise results that several functions share. */
// |a - b| of signed lanes, exact: it fits the unsigned lane.
__CUCC_LANES __cucc_u8x4 __cucc_absdiff(__cucc_s8x4 A, __cucc_s8x4 B) {
  return (__cucc_u8x4)__builtin_elementwise_max(A, B) -
         (__cucc_u8x4)__builtin_elementwise_min(A, B);
}
__CUCC_LANES __cucc_u16x2 __cucc_absdiff(__cucc_s16x2 A, __cucc_s16x2 B) {
  return (__cucc_u16x2)__builtin_elementwise_max(A, B) -
         (__cucc_u16x2)__builtin_elementwise_min(A, B);
}
__CUCC_LANES __cucc_u8x4 __cucc_absdiff(__cucc_u8x4 A, __cucc_u8x4 B) {
  return __builtin_elementwise_max(A, B) - __builtin_elementwise_min(A, B);
}
__CUCC_LANES __cucc_u16x2 __cucc_absdiff(__cucc_u16x2 A, __cucc_u16x2 B) {
  return __builtin_elementwise_max(A, B) - __builtin_elementwise_min(A, B);
}
// (a + b) / 2 of signed lanes rounded half away from zero, without a wider
// sum: floor((a + b) / 2) is (a & b) + ((a ^ b) >> 1), one less than the
// rounded average where the sum is odd and not negative.
__CUCC_LANES __cucc_s8x4 __cucc_avg(__cucc_s8x4 A, __cucc_s8x4 B) {
  __cucc_s8x4 Floor = (A & B) + ((A ^ B) >> 1);
  return Floor + ((A ^ B) & (__cucc_s8x4)(Floor >= 0) & 1);
}
__CUCC_LANES __cucc_s16x2 __cucc_avg(__cucc_s16x2 A, __cucc_s16x2 B) {
  __cucc_s16x2 Floor = (A & B) + ((A ^ B) >> 1);
  return Floor + ((A ^ B) & (__cucc_s16x2)(Floor >= 0) & 1);
}
// (a + b + 1) / 2 and (a + b) / 2 of unsigned lanes, rounded down.
__CUCC_LANES __cucc_u8x4 __cucc_avg(__cucc_u8x4 A, __cucc_u8x4 B) {
  return (A | B) - ((A ^ B) >> 1);
}
__CUCC_LANES __cucc_u16x2 __cucc_avg(__cucc_u16x2 A, __cucc_u16x2 B) {
  return (A | B) - ((A ^ B) >> 1);
}
__CUCC_LANES __cucc_u8x4 __cucc_hadd(__cucc_u8x4 A, __cucc_u8x4 B) {
  return (A & B) + ((A ^ B) >> 1);
}
__CUCC_LANES __cucc_u16x2 __cucc_hadd(__cucc_u16x2 A, __cucc_u16x2 B) {
  return (A & B) + ((A ^ B) >> 1);
}
// The sum of the lanes, as a 32-bit number.
__CUCC_LANES unsigned int __cucc_sum(__cucc_u8x4 V) {
  return __builtin_reduce_add(__builtin_convertvector(V, __cucc_u32x4));
}
__CUCC_LANES unsigned int __cucc_sum(__cucc_u16x2 V) {
  return __builtin_reduce_add(__builtin_convertvector(V, __cucc_u32x2));
}
// A comparison's lanes (all ones where true) as a word, and as ones.
__CUCC_LANES unsigned int __cucc_mask(__cucc_c8x4 Cmp) {
  return __builtin_bit_cast(unsigned int, Cmp);
}
__CUCC_LANES unsigned int __cucc_mask(__cucc_s16x2 Cmp) {
  return __cucc_word(Cmp);
}
__CUCC_LANES unsigned int __cucc_ones(__cucc_c8x4 Cmp) {
  return __builtin_bit_cast(unsigned int, Cmp) & 0x01010101u;
}
__CUCC_LANES unsigned int __cucc_ones(__cucc_s16x2 Cmp) {
  return __cucc_word(Cmp) & 0x00010001u;
}
__CUCC_LANES __cucc_s16x2 __cucc_relu(__cucc_s16x2 V) {
  return __builtin_elementwise_max(V, (__cucc_s16x2)0);
}
__CUCC_LANES int __cucc_relu(int X) { return X > 0 ? X : 0; }
__CUCC_LANES int __cucc_max(int X, int Y) { return X > Y ? X : Y; }
__CUCC_LANES int __cucc_min(int X, int Y) { return X < Y ? X : Y; }
__CUCC_LANES unsigned int __cucc_max(unsigned int X, unsigned int Y) {
  return X > Y ? X : Y;
}
__CUCC_LANES unsigned int __cucc_min(unsigned int X, unsigned int Y) {
  return X < Y ? X : Y;
}
// a + b of 32-bit integers, wrapping.
__CUCC_LANES int __cucc_add(int X, int Y) {
  return (int)((unsigned int)X + (unsigned int)Y);
}
// a + b of signed halfword lanes, wrapping.
__CUCC_LANES __cucc_s16x2 __cucc_add_s16(unsigned int X, unsigned int Y) {
  return (__cucc_s16x2)(__cucc_u16(X) + __cucc_u16(Y));
}

/* Absolute values and negation. */
__CUCC_SIMD unsigned int __vabs2(unsigned int X) {
  return __cucc_word(__builtin_elementwise_abs(__cucc_s16(X)));
}
__CUCC_SIMD unsigned int __vabs4(unsigned int X) {
  return __cucc_word(__builtin_elementwise_abs(__cucc_s8(X)));
}
__CUCC_SIMD unsigned int __vabsss2(unsigned int X) {
  __cucc_s16x2 V = __cucc_s16(X);
  return __cucc_word(__builtin_elementwise_max(
      V, __builtin_elementwise_sub_sat((__cucc_s16x2)0, V)));
}
__CUCC_SIMD unsigned int __vabsss4(unsigned int X) {
  __cucc_s8x4 V = __cucc_s8(X);
  return __cucc_word(__builtin_elementwise_max(
      V, __builtin_elementwise_sub_sat((__cucc_s8x4)0, V)));
}
__CUCC_SIMD unsigned int __vneg2(unsigned int X) {
  return __cucc_word((__cucc_u16x2)0 - __cucc_u16(X));
}
__CUCC_SIMD unsigned int __vneg4(unsigned int X) {
  return __cucc_word((__cucc_u8x4)0 - __cucc_u8(X));
}
__CUCC_SIMD unsigned int __vnegss2(unsigned int X) {
  return __cucc_word(
      __builtin_elementwise_sub_sat((__cucc_s16x2)0, __cucc_s16(X)));
}
__CUCC_SIMD unsigned int __vnegss4(unsigned int X) {
  return __cucc_word(
      __builtin_elementwise_sub_sat((__cucc_s8x4)0, __cucc_s8(X)));
}

/* Absolute differences, and their sums over the lanes. */
__CUCC_SIMD unsigned int __vabsdiffs2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_absdiff(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vabsdiffs4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_absdiff(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vabsdiffu2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_absdiff(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vabsdiffu4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_absdiff(__cucc_u8(X), __cucc_u8(Y)));
}
__CUCC_SIMD unsigned int __vsads2(unsigned int X, unsigned int Y) {
  return __cucc_sum(__cucc_absdiff(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vsads4(unsigned int X, unsigned int Y) {
  return __cucc_sum(__cucc_absdiff(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vsadu2(unsigned int X, unsigned int Y) {
  return __cucc_sum(__cucc_absdiff(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vsadu4(unsigned int X, unsigned int Y) {
  return __cucc_sum(__cucc_absdiff(__cucc_u8(X), __cucc_u8(Y)));
}

/* Addition and subtraction: wrapping, and saturating signed or unsigned. */
__CUCC_SIMD unsigned int __vadd2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_u16(X) + __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vadd4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_u8(X) + __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vsub2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_u16(X) - __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vsub4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_u8(X) - __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vaddss2(unsigned int X, unsigned int Y) {
  return __cucc_word(
      __builtin_elementwise_add_sat(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vaddss4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_add_sat(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vaddus2(unsigned int X, unsigned int Y) {
  return __cucc_word(
      __builtin_elementwise_add_sat(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vaddus4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_add_sat(__cucc_u8(X), __cucc_u8(Y)));
}
__CUCC_SIMD unsigned int __vsubss2(unsigned int X, unsigned int Y) {
  return __cucc_word(
      __builtin_elementwise_sub_sat(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vsubss4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_sub_sat(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vsubus2(unsigned int X, unsigned int Y) {
  return __cucc_word(
      __builtin_elementwise_sub_sat(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vsubus4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_sub_sat(__cucc_u8(X), __cucc_u8(Y)));
}

/* Averages. */
__CUCC_SIMD unsigned int __vavgs2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_avg(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vavgs4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_avg(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vavgu2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_avg(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vavgu4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_avg(__cucc_u8(X), __cucc_u8(Y)));
}
__CUCC_SIMD unsigned int __vhaddu2(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_hadd(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vhaddu4(unsigned int X, unsigned int Y) {
  return __cucc_word(__cucc_hadd(__cucc_u8(X), __cucc_u8(Y)));
}

/* Maximum and minimum. */
__CUCC_SIMD unsigned int __vmaxs2(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_max(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vmaxs4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_max(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vmaxu2(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_max(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vmaxu4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_max(__cucc_u8(X), __cucc_u8(Y)));
}
__CUCC_SIMD unsigned int __vmins2(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_min(__cucc_s16(X), __cucc_s16(Y)));
}
__CUCC_SIMD unsigned int __vmins4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_min(__cucc_s8(X), __cucc_s8(Y)));
}
__CUCC_SIMD unsigned int __vminu2(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_min(__cucc_u16(X), __cucc_u16(Y)));
}
__CUCC_SIMD unsigned int __vminu4(unsigned int X, unsigned int Y) {
  return __cucc_word(__builtin_elementwise_min(__cucc_u8(X), __cucc_u8(Y)));
}

/* Comparisons: __vcmp* give 0xff / 0xffff lanes where true, __vset* 1. */
__CUCC_SIMD unsigned int __vcmpeq2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s16(X) == __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vcmpeq4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s8(X) == __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vcmpne2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s16(X) != __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vcmpne4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s8(X) != __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vcmpges2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s16(X) >= __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vcmpges4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s8(X) >= __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vcmpgeu2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u16(X) >= __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vcmpgeu4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u8(X) >= __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vcmpgts2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s16(X) > __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vcmpgts4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s8(X) > __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vcmpgtu2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u16(X) > __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vcmpgtu4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u8(X) > __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vcmples2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s16(X) <= __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vcmples4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s8(X) <= __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vcmpleu2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u16(X) <= __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vcmpleu4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u8(X) <= __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vcmplts2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s16(X) < __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vcmplts4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_s8(X) < __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vcmpltu2(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u16(X) < __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vcmpltu4(unsigned int X, unsigned int Y) {
  return __cucc_mask(__cucc_u8(X) < __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vseteq2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s16(X) == __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vseteq4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s8(X) == __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vsetne2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s16(X) != __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vsetne4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s8(X) != __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vsetges2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s16(X) >= __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vsetges4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s8(X) >= __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vsetgeu2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u16(X) >= __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vsetgeu4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u8(X) >= __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vsetgts2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s16(X) > __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vsetgts4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s8(X) > __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vsetgtu2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u16(X) > __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vsetgtu4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u8(X) > __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vsetles2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s16(X) <= __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vsetles4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s8(X) <= __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vsetleu2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u16(X) <= __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vsetleu4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u8(X) <= __cucc_u8(Y));
}
__CUCC_SIMD unsigned int __vsetlts2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s16(X) < __cucc_s16(Y));
}
__CUCC_SIMD unsigned int __vsetlts4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_s8(X) < __cucc_s8(Y));
}
__CUCC_SIMD unsigned int __vsetltu2(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u16(X) < __cucc_u16(Y));
}
__CUCC_SIMD unsigned int __vsetltu4(unsigned int X, unsigned int Y) {
  return __cucc_ones(__cucc_u8(X) < __cucc_u8(Y));
}

/* DPX: three-way maximum and minimum, with ReLU (a floor of 0). */
__CUCC_DPX int __vimax3_s32(const int A, const int B, const int C) {
  return __cucc_max(__cucc_max(A, B), C);
}
__CUCC_DPX int __vimax3_s32_relu(const int A, const int B, const int C) {
  return __cucc_relu(__vimax3_s32(A, B, C));
}
__CUCC_DPX unsigned int __vimax3_u32(const unsigned int A, const unsigned int B,
                                     const unsigned int C) {
  return __cucc_max(__cucc_max(A, B), C);
}
__CUCC_DPX unsigned int __vimax3_s16x2(const unsigned int A,
                                       const unsigned int B,
                                       const unsigned int C) {
  return __cucc_word(__builtin_elementwise_max(
      __builtin_elementwise_max(__cucc_s16(A), __cucc_s16(B)), __cucc_s16(C)));
}
__CUCC_DPX unsigned int __vimax3_s16x2_relu(const unsigned int A,
                                            const unsigned int B,
                                            const unsigned int C) {
  return __cucc_word(__cucc_relu(__cucc_s16(__vimax3_s16x2(A, B, C))));
}
__CUCC_DPX unsigned int __vimax3_u16x2(const unsigned int A,
                                       const unsigned int B,
                                       const unsigned int C) {
  return __cucc_word(__builtin_elementwise_max(
      __builtin_elementwise_max(__cucc_u16(A), __cucc_u16(B)), __cucc_u16(C)));
}
__CUCC_DPX int __vimin3_s32(const int A, const int B, const int C) {
  return __cucc_min(__cucc_min(A, B), C);
}
__CUCC_DPX int __vimin3_s32_relu(const int A, const int B, const int C) {
  return __cucc_relu(__vimin3_s32(A, B, C));
}
__CUCC_DPX unsigned int __vimin3_u32(const unsigned int A, const unsigned int B,
                                     const unsigned int C) {
  return __cucc_min(__cucc_min(A, B), C);
}
__CUCC_DPX unsigned int __vimin3_s16x2(const unsigned int A,
                                       const unsigned int B,
                                       const unsigned int C) {
  return __cucc_word(__builtin_elementwise_min(
      __builtin_elementwise_min(__cucc_s16(A), __cucc_s16(B)), __cucc_s16(C)));
}
__CUCC_DPX unsigned int __vimin3_s16x2_relu(const unsigned int A,
                                            const unsigned int B,
                                            const unsigned int C) {
  return __cucc_word(__cucc_relu(__cucc_s16(__vimin3_s16x2(A, B, C))));
}
__CUCC_DPX unsigned int __vimin3_u16x2(const unsigned int A,
                                       const unsigned int B,
                                       const unsigned int C) {
  return __cucc_word(__builtin_elementwise_min(
      __builtin_elementwise_min(__cucc_u16(A), __cucc_u16(B)), __cucc_u16(C)));
}

/* DPX: two-way maximum and minimum with ReLU. */
__CUCC_DPX int __vimax_s32_relu(const int A, const int B) {
  return __cucc_relu(__cucc_max(A, B));
}
__CUCC_DPX unsigned int __vimax_s16x2_relu(const unsigned int A,
                                           const unsigned int B) {
  return __cucc_word(
      __cucc_relu(__builtin_elementwise_max(__cucc_s16(A), __cucc_s16(B))));
}
__CUCC_DPX int __vimin_s32_relu(const int A, const int B) {
  return __cucc_relu(__cucc_min(A, B));
}
__CUCC_DPX unsigned int __vimin_s16x2_relu(const unsigned int A,
                                           const unsigned int B) {
  return __cucc_word(
      __cucc_relu(__builtin_elementwise_min(__cucc_s16(A), __cucc_s16(B))));
}

/* DPX: a + b (wrapping), then the maximum or minimum with c. */
__CUCC_DPX int __viaddmax_s32(const int A, const int B, const int C) {
  return __cucc_max(__cucc_add(A, B), C);
}
__CUCC_DPX int __viaddmax_s32_relu(const int A, const int B, const int C) {
  return __cucc_relu(__viaddmax_s32(A, B, C));
}
__CUCC_DPX unsigned int __viaddmax_u32(const unsigned int A,
                                       const unsigned int B,
                                       const unsigned int C) {
  return __cucc_max(A + B, C);
}
__CUCC_DPX unsigned int __viaddmax_s16x2(const unsigned int A,
                                         const unsigned int B,
                                         const unsigned int C) {
  return __cucc_word(
      __builtin_elementwise_max(__cucc_add_s16(A, B), __cucc_s16(C)));
}
__CUCC_DPX unsigned int __viaddmax_s16x2_relu(const unsigned int A,
                                              const unsigned int B,
                                              const unsigned int C) {
  return __cucc_word(__cucc_relu(__cucc_s16(__viaddmax_s16x2(A, B, C))));
}
__CUCC_DPX unsigned int __viaddmax_u16x2(const unsigned int A,
                                         const unsigned int B,
                                         const unsigned int C) {
  return __cucc_word(
      __builtin_elementwise_max(__cucc_u16(A) + __cucc_u16(B), __cucc_u16(C)));
}
__CUCC_DPX int __viaddmin_s32(const int A, const int B, const int C) {
  return __cucc_min(__cucc_add(A, B), C);
}
__CUCC_DPX int __viaddmin_s32_relu(const int A, const int B, const int C) {
  return __cucc_relu(__viaddmin_s32(A, B, C));
}
__CUCC_DPX unsigned int __viaddmin_u32(const unsigned int A,
                                       const unsigned int B,
                                       const unsigned int C) {
  return __cucc_min(A + B, C);
}
__CUCC_DPX unsigned int __viaddmin_s16x2(const unsigned int A,
                                         const unsigned int B,
                                         const unsigned int C) {
  return __cucc_word(
      __builtin_elementwise_min(__cucc_add_s16(A, B), __cucc_s16(C)));
}
__CUCC_DPX unsigned int __viaddmin_s16x2_relu(const unsigned int A,
                                              const unsigned int B,
                                              const unsigned int C) {
  return __cucc_word(__cucc_relu(__cucc_s16(__viaddmin_s16x2(A, B, C))));
}
__CUCC_DPX unsigned int __viaddmin_u16x2(const unsigned int A,
                                         const unsigned int B,
                                         const unsigned int C) {
  return __cucc_word(
      __builtin_elementwise_min(__cucc_u16(A) + __cucc_u16(B), __cucc_u16(C)));
}

/* DPX: the maximum (minimum) and whether a was it: *Pred = a >= b (a <= b),
 * per halfword in *PredHi and *PredLo. */
__CUCC_DPX int __vibmax_s32(const int A, const int B, bool *const Pred) {
  *Pred = A >= B;
  return __cucc_max(A, B);
}
__CUCC_DPX unsigned int __vibmax_u32(const unsigned int A, const unsigned int B,
                                     bool *const Pred) {
  *Pred = A >= B;
  return __cucc_max(A, B);
}
__CUCC_DPX unsigned int __vibmax_s16x2(const unsigned int A,
                                       const unsigned int B, bool *const PredHi,
                                       bool *const PredLo) {
  __cucc_s16x2 X = __cucc_s16(A), Y = __cucc_s16(B);
  *PredHi = X.y >= Y.y;
  *PredLo = X.x >= Y.x;
  return __cucc_word(__builtin_elementwise_max(X, Y));
}
__CUCC_DPX unsigned int __vibmax_u16x2(const unsigned int A,
                                       const unsigned int B, bool *const PredHi,
                                       bool *const PredLo) {
  __cucc_u16x2 X = __cucc_u16(A), Y = __cucc_u16(B);
  *PredHi = X.y >= Y.y;
  *PredLo = X.x >= Y.x;
  return __cucc_word(__builtin_elementwise_max(X, Y));
}
__CUCC_DPX int __vibmin_s32(const int A, const int B, bool *const Pred) {
  *Pred = A <= B;
  return __cucc_min(A, B);
}
__CUCC_DPX unsigned int __vibmin_u32(const unsigned int A, const unsigned int B,
                                     bool *const Pred) {
  *Pred = A <= B;
  return __cucc_min(A, B);
}
__CUCC_DPX unsigned int __vibmin_s16x2(const unsigned int A,
                                       const unsigned int B, bool *const PredHi,
                                       bool *const PredLo) {
  __cucc_s16x2 X = __cucc_s16(A), Y = __cucc_s16(B);
  *PredHi = X.y <= Y.y;
  *PredLo = X.x <= Y.x;
  return __cucc_word(__builtin_elementwise_min(X, Y));
}
__CUCC_DPX unsigned int __vibmin_u16x2(const unsigned int A,
                                       const unsigned int B, bool *const PredHi,
                                       bool *const PredLo) {
  __cucc_u16x2 X = __cucc_u16(A), Y = __cucc_u16(B);
  *PredHi = X.y <= Y.y;
  *PredLo = X.x <= Y.x;
  return __cucc_word(__builtin_elementwise_min(X, Y));
}

#undef __CUCC_LANES
#undef __CUCC_SIMD
#undef __CUCC_DPX

#endif
