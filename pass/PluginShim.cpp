//===- PluginShim.cpp - Register the lowering with LLVM's PassBuilder -----===//
//
// The only C++ in the project: the plugin entry point hands us a C++
// PassBuilder. This adapter registers `nvvm-shfl-to-amdgpu[<options>]` for
// -passes= pipelines and at the start of clang's and opt's default
// pipelines, and forwards each run and diagnostic to the C core.
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

constexpr StringLiteral PassName = "nvvm-shfl-to-amdgpu";

bool parsePipelineElement(StringRef Name, ModulePassManager &MPM,
                          ArrayRef<PassBuilder::PipelineElement>) {
  if (!PassBuilder::checkParametrizedPassName(Name, PassName))
    return false;
  NVVMShflToAMDGPUPass Pass;
  std::string Params = Name.drop_front(PassName.size()).trim("<>").str();
  char *Error = nullptr;
  if (!warpParseOptions(Params.c_str(), &Pass.Options, &Error)) {
    errs() << "error: " << Error << "\n";
    std::free(Error);
    return false;
  }
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
