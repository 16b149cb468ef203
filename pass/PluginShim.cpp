//===- PluginShim.cpp - Register the lowering with LLVM's PassBuilder -----===//
//
// The only C++ in the project: the plugin entry point hands us a C++
// PassBuilder. This adapter registers `nvvm-shfl-to-amdgpu[<options>]` and
// `nvvm-to-amdgpu[<options>]` for -passes= pipelines, the former also at the
// start of clang's and opt's default pipelines, and forwards each run and
// diagnostic to the C core.
//
//===----------------------------------------------------------------------===//

#include "NVVMWarpToAMDGPU.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace {

void emitErrorInContext(void *Context, const char *Message) {
  static_cast<Module *>(Context)->getContext().emitError(Message);
}

struct NVVMShflToAMDGPUPass : PassInfoMixin<NVVMShflToAMDGPUPass> {
  WarpLoweringOptions Options = warpDefaultOptions();

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    WarpLoweringResult Result =
        warpLowerShuffles(wrap(&M), &Options, emitErrorInContext, &M);
    return Result.NumLowered ? PreservedAnalyses::none()
                             : PreservedAnalyses::all();
  }

  static bool isRequired() { return true; }
};

struct NVVMToAMDGPUPass : PassInfoMixin<NVVMToAMDGPUPass> {
  WarpRetargetOptions Options;

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    warpRetargetModule(wrap(&M), &Options, emitErrorInContext, &M);
    return PreservedAnalyses::none();
  }

  static bool isRequired() { return true; }
};

constexpr StringLiteral PassName = "nvvm-shfl-to-amdgpu";
constexpr StringLiteral RetargetPassName = "nvvm-to-amdgpu";

// The text between the <> of a parametrized pass name, if any.
std::string passParameters(StringRef Name, StringRef Pass) {
  return Name.drop_front(Pass.size()).trim("<>").str();
}

bool reportParseError(char *Error) {
  errs() << "error: " << Error << "\n";
  std::free(Error);
  return false;
}

bool parsePipelineElement(StringRef Name, ModulePassManager &MPM,
                          ArrayRef<PassBuilder::PipelineElement>) {
  char *Error = nullptr;
  if (PassBuilder::checkParametrizedPassName(Name, RetargetPassName)) {
    NVVMToAMDGPUPass Pass;
    std::string Params = passParameters(Name, RetargetPassName);
    if (!warpParseRetargetOptions(Params.c_str(), &Pass.Options, &Error))
      return reportParseError(Error);
    MPM.addPass(std::move(Pass));
    return true;
  }
  if (!PassBuilder::checkParametrizedPassName(Name, PassName))
    return false;
  NVVMShflToAMDGPUPass Pass;
  std::string Params = passParameters(Name, PassName);
  if (!warpParseOptions(Params.c_str(), &Pass.Options, &Error))
    return reportParseError(Error);
  MPM.addPass(std::move(Pass));
  return true;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(parsePipelineElement);
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(NVVMShflToAMDGPUPass());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "NVVMWarpToAMDGPU", "0.1",
          registerCallbacks};
}
