/*===- wavesim-printf.h - Device printf on wavesim, as CUDA prints it ------===*
 *
 * nvvm-to-amdgpu turns device printf and a failed assert's message into
 * calls of ROCm's OCKL printf functions (pass/retarget/DevicePrintf.c), which
 * on an AMD GPU write the HIP runtime's hostcall buffer. wavesim runs the same
 * module: it puts its host model of the printf service in place of those
 * functions (wavesim-printf.c), which formats each message as CUDA's
 * printf does and hands it, whole, to a sink.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_WAVESIM_PRINTF_H
#define WAVESIM_WAVESIM_PRINTF_H

#include <llvm-c/LLJIT.h>
#include <llvm-c/Types.h>

#include <stdbool.h>
#include <stddef.h>

/* Where a message goes: device printf to stdout, an assert's to stderr. */
enum { WaveSimStdout = 1, WaveSimStderr = 2 };

/* Receives each message as it completes (one printf call of one lane,
 * never split). */
typedef void (*WaveSimPrintfSink)(void *Context, int Stream, const char *Text,
                                  size_t Length);

/* Sets the sink of every simulator in the process; NULL (the default)
 * writes each message to stdout or stderr at once. The CUDA runtime sets
 * one that holds the messages until a synchronization point, as CUDA's
 * printf buffer does. */
void wavesimSetPrintfSink(WaveSimPrintfSink Sink, void *Context);

/* Hands a whole message to the sink (or stdout/stderr) at once; the pool
 * prints the messages it held for block order through it. */
void wavesimPrintfWrite(int Stream, const char *Text, size_t Length);

/*===-- For wavesim.c -----------------------------------------------------===*/

/* Puts declarations of the host model in place of the OCKL printf entry
 * points M calls (and drops the hostcall code under them); before each
 * message's first call, a wave barrier, so that the lanes of a wave that
 * print together print in lane order, as a CUDA warp's do. */
void wavesimPrintfPrepareModule(LLVMModuleRef M);

/* Whether Name is a function of the host model. */
bool wavesimIsPrintfFunction(const char *Name);

/* Defines the host model's functions in J's main library. */
bool wavesimPrintfDefineSymbols(LLVMOrcLLJITRef J, char *Error,
                                size_t ErrorSize);

#endif
