/*===- ShflSemantics.h - The PTX shfl.sync model -------------------*- C -*-===*
 *
 * The exact semantics of PTX `shfl.sync` for one CUDA lane, written from the
 * PTX ISA pseudo-code. It is the single reference model of the project: the
 * lowering consults it to fold constant operands, the semantic oracle checks
 * the emitted IR against it, and lit-tests/oracle/nvidia checks it against
 * real NVIDIA hardware on every (mode, b, c, lane) input.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_SHFLSEMANTICS_H
#define NVVMWARP_SHFLSEMANTICS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The four shuffle modes, in PTX order (shfl.sync.{up,down,bfly,idx}). */
typedef enum { ShflUp, ShflDown, ShflBfly, ShflIdx, ShflNumModes } ShflMode;

/* Lanes in a CUDA warp, whatever the hardware wave size. */
enum { CudaWarpSize = 32 };

typedef struct {
  unsigned SrcLane; /* CUDA lane (0..31) whose value this lane receives. */
  bool InRange;     /* The predicate PTX returns in the `|p` operand. */
} ShflOutcome;

/* What CUDA lane `Lane` (0..31) receives from `shfl.sync.<Mode>` with lane
 * operand B and packed clamp/segment operand C. */
ShflOutcome shflEvaluate(ShflMode Mode, unsigned Lane, uint32_t B, uint32_t C);

/* shflEvaluate for every CUDA lane with constant B and C: each lane's
 * source in Source, and the lanes in range as the returned mask. */
uint32_t shflSourceMap(ShflMode Mode, uint32_t B, uint32_t C,
                       unsigned Source[CudaWarpSize]);

/* The mode's PTX spelling: "up", "down", "bfly" or "idx". */
const char *shflModeName(ShflMode Mode);

#ifdef __cplusplus
}
#endif

#endif
