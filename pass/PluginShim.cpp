//===- PluginShim.cpp - Register the lowering with LLVM's PassBuilder -----===//
//
// The only C++ in the project: the plugin entry point hands us a C++
// PassBuilder. This adapter registers `nvvm-shfl-to-amdgpu[<options>]`,
// `nvvm-warp-to-amdgpu[<options>]` and `nvvm-to-amdgpu[<options>]` for
// -passes= pipelines, nvvm-warp-to-amdgpu also in clang's and opt's default
// pipelines, and forwards each run and diagnostic to the C core. There it
// runs at the optimizer's early extension point: after inlining, full
// unrolling and the simplification passes, which make shuffle offsets
// constants, and before the optimization passes that clean up after it (at
// -O0 too, where nothing comes before it); the unrollers before it see what
// the warp intrinsics will cost (UnrollCostShim.cpp). That is the drivers' flow:
// `nvvm-to-amdgpu<gfxN;retarget-only>,default<O3>` retargets, simplifies
// for the AMDGPU processor, lowers, then optimizes.
//
//===----------------------------------------------------------------------===//

#include "NVVMWarpToAMDGPU.h"
#include "pipeline/UnrollCostShim.h"

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

using LowerFunction = WarpLoweringResult (*)(LLVMModuleRef,
                                             const WarpLoweringOptions *,
                                             WarpDiagnosticHandler, void *);

// nvvm-shfl-to-amdgpu (Lower = warpLowerShuffles) and nvvm-warp-to-amdgpu
// (Lower = warpLowerWarpIntrinsics).
template <LowerFunction Lower>
struct WarpLoweringPass : PassInfoMixin<WarpLoweringPass<Lower>> {
  WarpLoweringOptions Options = warpDefaultOptions();

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    WarpLoweringResult Result =
        Lower(wrap(&M), &Options, emitErrorInContext, &M);
    return Result.NumLowered || Result.NumNaNCanonicalizationsMoved
               ? PreservedAnalyses::none()
               : PreservedAnalyses::all();
  }

  static bool isRequired() { return true; }
};
using NVVMShflToAMDGPUPass = WarpLoweringPass<warpLowerShuffles>;
using NVVMWarpToAMDGPUPass = WarpLoweringPass<warpLowerWarpIntrinsics>;

struct NVVMToAMDGPUPass : PassInfoMixin<NVVMToAMDGPUPass> {
  WarpRetargetOptions Options;

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    warpRetargetModule(wrap(&M), &Options, emitErrorInContext, &M);
    return PreservedAnalyses::none();
  }

  static bool isRequired() { return true; }
};

constexpr StringLiteral ShflPassName = "nvvm-shfl-to-amdgpu";
constexpr StringLiteral WarpPassName = "nvvm-warp-to-amdgpu";
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

template <typename PassT>
bool addLoweringPass(StringRef Name, StringRef PassName,
                     ModulePassManager &MPM) {
  char *Error = nullptr;
  PassT Pass;
  std::string Params = passParameters(Name, PassName);
  if (!warpParseOptions(Params.c_str(), &Pass.Options, &Error))
    return reportParseError(Error);
  MPM.addPass(std::move(Pass));
  return true;
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
  if (PassBuilder::checkParametrizedPassName(Name, ShflPassName))
    return addLoweringPass<NVVMShflToAMDGPUPass>(Name, ShflPassName, MPM);
  if (PassBuilder::checkParametrizedPassName(Name, WarpPassName))
    return addLoweringPass<NVVMWarpToAMDGPUPass>(Name, WarpPassName, MPM);
  return false;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(parsePipelineElement);
  warpRegisterUnrollCost(PB);
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(NVVMWarpToAMDGPUPass());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "NVVMWarpToAMDGPU", "0.1",
          registerCallbacks};
}
