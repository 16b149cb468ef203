/*===- cu2hsaco.c - Compile CUDA-style .cu kernels to AMD code objects -----===*
 *
 *   cu2hsaco kernel.cu -o k.hsaco --offload-arch=gfx90a [--wave32|--wave64]
 *            [--strategy=best|exact|bpermute] [-O0|-O1|-O2|-O3]
 *            [--emit-llvm|-S] [-I dir] [-D name[=value]]
 *
 * The device side of one .cu file becomes a code object for one processor
 * (DeviceCompile.c says how); --emit-llvm stops after optimization, -S
 * after the backend. The file's host code is parsed, not compiled: cucc
 * builds whole programs. The processor, the input and the output are
 * checked before anything is compiled.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceCompile.h"

#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { EmitObject, EmitAssembly, EmitLLVM } OutputKind;

typedef struct {
  const char *Input;
  const char *Output;
  const char *Processor; /* NULL: nvvm-to-amdgpu's default */
  OutputKind Kind;
  DeviceOptions Device;
} DriverOptions;

/* Prints the usage (to stdout for --help) and exits with Status. */
static void usage(int Status) {
  fprintf(Status ? stderr : stdout,
          "usage: cu2hsaco FILE.cu -o OUT [--offload-arch=gfxNNN] "
          "[--wave32|--wave64]\n"
          "                [--strategy=best|exact|bpermute] [--tid-x-lanes]"
          "\n                [--launch-variants]"
          "\n"
          "                [-O0|-O1|-O2|-O3] [--emit-llvm|-S] [-I DIR] "
          "[-D NAME[=VALUE]] [-v]\n"
          "                [--rocm-device-lib-path=DIR]\n"
          "                nvcc's: [-U NAME] [-isystem DIR] [-include "
          "FILE] [-std=c++NN] [-lineinfo|-g]\n"
          "                [-arch=sm_NN] [-gencode ...] [-x cu] "
          "[-Xcompiler OPTS] [--expt-relaxed-constexpr]\n"
          "                [--use_fast_math] [--fmad=true|false]\n");
  exit(Status);
}

static DriverOptions parseArgs(int argc, char **argv) {
  DriverOptions Options;
  memset(&Options, 0, sizeof(Options));
  deviceOptionsInit(&Options.Device);
  for (int I = 1; I < argc; ++I) {
    const char *Arg = argv[I], *Value;
    if (!strcmp(Arg, "-o") && I + 1 < argc)
      Options.Output = argv[++I];
    else if (!strncmp(Arg, "--offload-arch=", 15)) {
      Options.Processor = Arg + 15;
      driverCheckProcessor("--offload-arch", Options.Processor);
    } else if (!strcmp(Arg, "--emit-llvm"))
      Options.Kind = EmitLLVM;
    else if (!strcmp(Arg, "-S"))
      Options.Kind = EmitAssembly;
    else if (!strcmp(Arg, "--help") || !strcmp(Arg, "-h"))
      usage(0);
    else if ((Value = driverFlagValue("-x", argc, argv, &I))) {
      if (strcmp(Value, "cu") && strcmp(Value, "cuda"))
        driverFail("-x %s: cu2hsaco compiles CUDA (-x cu) only", Value);
    } else if ((Value = driverFlagValue("-Xcompiler", argc, argv, &I)) ||
               (Value = driverFlagValue("--compiler-options", argc, argv, &I)))
      driverNote("ignoring the host compiler options '%s' (device code "
                 "only)",
                 Value);
    else if (deviceOptionsTake(&Options.Device, argc, argv, &I))
      continue;
    else if (Arg[0] != '-' && !Options.Input)
      Options.Input = Arg;
    else if (Arg[0] == '-')
      driverFail("unknown option '%s' (cu2hsaco --help lists the options it "
                 "takes)",
                 Arg);
    else
      usage(2);
  }
  if (!Options.Input || !Options.Output)
    usage(2);
  driverCheckInput(Options.Input);
  driverCheckOutput(Options.Output, &Options.Input, 1);
  return Options;
}

int main(int argc, char **argv) {
  driverSetName("cu2hsaco");
  DriverOptions Options = parseArgs(argc, argv);
  const char *Bitcode = driverScratchPath("device.bc");
  deviceCompileToNVVM(&Options.Device, Options.Input, Bitcode);

  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMTargetMachineRef TM;
  LLVMModuleRef M = deviceLowerForProcessor(
      &Options.Device, Ctx, Bitcode, Options.Input, Options.Processor, &TM);
  char *Error = NULL;
  if (Options.Kind == EmitLLVM) {
    if (LLVMPrintModuleToFile(M, Options.Output, &Error))
      driverFail("cannot write '%s': %s", Options.Output, Error);
  } else if (Options.Kind == EmitAssembly) {
    if (LLVMTargetMachineEmitToFile(TM, M, (char *)Options.Output,
                                    LLVMAssemblyFile, &Error))
      driverFail("cannot write '%s': %s", Options.Output, Error);
  } else {
    deviceEmitCodeObject(M, TM, Options.Input, Options.Output,
                         Options.Device.Verbose);
  }
  LLVMDisposeTargetMachine(TM);
  LLVMDisposeModule(M);
  LLVMContextDispose(Ctx);
  return 0;
}
