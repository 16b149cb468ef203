/*===- DeviceCompile.h - CUDA device code to AMD code objects -*- C -*-===*
 *
 * What cu2hsaco and cucc share: the nvcc flags both take, clang's compile
 * of a .cu file's device side to NVVM bitcode (no NVIDIA SDK: our
 * include/ with cuda_runtime.h pre-included, as nvcc does), its
 * retargeting and optimization for one AMD processor, and the emission of
 * a code object, and the checks of processors and paths both make before
 * compiling. Failures print "<tool>: error: ..." and exit, as a compiler
 * driver does.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_DEVICECOMPILE_H
#define CUCC_DEVICECOMPILE_H

#include <llvm-c/TargetMachine.h>
#include <llvm-c/Types.h>

#include <stdbool.h>
#include <stdio.h>

enum { DriverMaxArgs = 256 };

typedef struct {
  const char *OptLevel; /* "0".."3" */
  bool Verbose;
  bool KeepLineTables;                  /* -lineinfo, -g, -G */
  bool FastMath;                        /* --use_fast_math */
  bool NoFMAContraction;                /* --fmad=false */
  const char *ClangArgs[DriverMaxArgs]; /* -I, -D, -U, -isystem, -include,
                                           -std, -W: device and host */
  unsigned NumClangArgs;
  char PassOptions[2048]; /* nvvm-to-amdgpu's, the processor aside */
} DeviceOptions;

/* The driver's name in messages ("cu2hsaco", "cucc"). */
void driverSetName(const char *Name);
/* "<driver>: error: " and the printf-formatted message, then exit(1). */
_Noreturn void driverFail(const char *Format, ...)
    __attribute__((format(printf, 1, 2)));
void driverNote(const char *Format, ...) __attribute__((format(printf, 1, 2)));
/* A note about an nvcc flag accepted without an AMD counterpart, once per
 * distinct text: printed at once by default (cu2hsaco); after
 * driverShowIgnoredFlags(false) kept until driverShowIgnoredFlags(true)
 * prints them (cucc, with -v or --dryrun only, so that the many compiles of
 * one build do not repeat them). */
void driverNoteIgnored(const char *Format, ...)
    __attribute__((format(printf, 1, 2)));
void driverShowIgnoredFlags(bool Show);
/* "<driver>: error: " and the message, without exiting: one of several. */
void driverError(const char *Format, ...) __attribute__((format(printf, 1, 2)));

/* Fails unless Name is an AMD processor LLVM's AMDGPU backend compiles
 * for (gfxNNN); Flag is the option that gave it ("--offload-arch"). An
 * NVIDIA architecture (sm_80) is explained, the processors are listed. */
void driverCheckProcessor(const char *Flag, const char *Name);

/* Fails unless Path is a readable input. */
void driverCheckInput(const char *Path);

/* Fails, before anything is written, if Output is one of Inputs or cannot
 * be written (naming it and why). */
void driverCheckOutput(const char *Output, const char *const *Inputs,
                       unsigned NumInputs);

void deviceOptionsInit(DeviceOptions *Options);
void deviceOptionsAddPassOption(DeviceOptions *Options, const char *Option);
void deviceOptionsAddClangArg(DeviceOptions *Options, const char *Arg);

/* The value of a flag Name written "Name=V" or "Name V" (then the next
 * argument, consumed), or NULL if argv[*I] is not that flag. */
const char *driverFlagValue(const char *Name, int argc, char **argv, int *I);

/* Takes argv[*I] (and its value) if it is an option of the device compile
 * both drivers share: -O0..-O3 (-O N, --optimize N), -v/--verbose,
 * --wave32/--wave64, --strategy=, --plant-bug=, --rocm-device-lib-path=,
 * and nvcc's -arch/-gencode/--generate-code, -Xptxas, -maxrregcount (notes:
 * driverNoteIgnored), -I/-D/-U/-isystem/-isystem=/-include/-std/-w/-W,
 * -Werror KIND, -lineinfo/-g/-G, --use_fast_math, --fmad, --expt-*, -rdc=false
 * (-rdc=true an error: cucc takes it before, DeviceLink.h). */
bool deviceOptionsTake(DeviceOptions *Options, int argc, char **argv, int *I);

/* A scratch directory removed at exit, and a path in it. */
const char *driverScratchPath(const char *Name);
/* nvcc's --keep: scratch files go to Dir, and stay; their names start with
 * the stem of the source being compiled (driverSetScratchStem). */
void driverKeepScratchFiles(const char *Dir);
void driverSetScratchStem(const char *Source);

/* The LLVM tool (clang, clang++, ld.lld) the drivers run: in
 * $CUCC_LLVM_BIN if set, else in the LLVM they were built with. */
const char *driverToolPath(const char *Tool);

/* Runs Argv, its output going to ours. If it fails, or dies of a signal,
 * fails naming the tool and what it was doing: Doing, printf-formatted
 * ("compiling %s", Path). Verbose, the command is printed first to stderr,
 * as nvcc -v prints its steps: "#$ " and the arguments
 * (driverPrintArgument). In a dry run (nvcc's --dryrun) it is printed and
 * not run. */
void driverRunTool(char *const *Argv, bool Verbose, const char *Doing, ...)
    __attribute__((format(printf, 3, 4)));

void driverSetDryRun(bool DryRun);
bool driverIsDryRun(void);

/* Arg as a command line shows it: as it is, or double-quoted where a shell
 * would split or expand it. */
void driverPrintArgument(FILE *Stream, const char *Arg);

/* Dir, relative to the parent of the running driver's bin/, if it holds
 * File (the driver is installed); else NULL. */
const char *driverInstalledDir(const char *Dir, const char *File);

/* The directory of our CUDA headers, and of those generated at build
 * time, for an installed driver or one in the build tree. */
const char *driverIncludeDir(const char **Generated);

/* The clang arguments every compile of a .cu file takes, device or host:
 * CUDA mode without an SDK, our headers, cuda_runtime.h pre-included,
 * __CUDACC__ as nvcc defines it, the user's -I/-D/... Appends to Argv from
 * *N. */
void deviceAppendCudaArgs(const DeviceOptions *Options, const char **Argv,
                          unsigned *N);

/* clang: the device side of Input as NVVM bitcode at Bitcode. */
void deviceCompileToNVVM(const DeviceOptions *Options, const char *Input,
                         const char *Bitcode);

/* Makes M, NVVM bitcode of a whole program's device code, an optimized
 * AMDGPU module for Processor: nvvm-to-amdgpu, every function but the
 * kernels internal, LLVM's default<ON> pipeline; reports what cannot be
 * mapped as errors naming Input. Uses of what M only declares are left for
 * the caller to report. *TM is the processor's target machine. */
void deviceLowerModule(const DeviceOptions *Options, LLVMModuleRef M,
                       const char *Input, const char *Processor,
                       LLVMTargetMachineRef *TM);

/* Fails, naming Input (a const char *) and each symbol, if the lowered
 * module M of one file uses a function or variable it does not define. */
void deviceCheckDefined(LLVMModuleRef M, const void *Input);

/* Loads Bitcode into Ctx and makes it an optimized AMDGPU module for
 * Processor (nvvm-to-amdgpu, then LLVM's default<ON> pipeline); reports
 * what cannot be mapped or linked as errors naming Input. *TM is the
 * processor's target machine, for emitCodeObject. */
LLVMModuleRef deviceLowerForProcessor(const DeviceOptions *Options,
                                      LLVMContextRef Ctx, const char *Bitcode,
                                      const char *Input, const char *Processor,
                                      LLVMTargetMachineRef *TM);

/* The AMDGPU backend's object linked by ld.lld into a code object, of the
 * device code of Input. */
void deviceEmitCodeObject(LLVMModuleRef M, LLVMTargetMachineRef TM,
                          const char *Input, const char *Output, bool Verbose);

#endif
