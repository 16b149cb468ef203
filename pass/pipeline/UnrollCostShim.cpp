//===- UnrollCostShim.cpp - Hand loops to the unroll cost estimate -------===//
//
// LLVM's C API has no loops, unrolling preferences or pass-pipeline
// extension points, so this adapter does for UnrollCost.c what PluginShim
// does for the lowering: a loop pass, run just before the full unroller,
// gives warpUnrollThreshold the loop's blocks, its sizes and the threshold
// LLVM's unrolling preferences chose for it (AMDGPU's, with their boosts
// for loops over private and LDS arrays), and records the threshold that
// comes back as the loop's `amdgpu.loop.unroll.threshold`. That option also
// sets the partial unrolling threshold, which AMDGPU otherwise keeps lower,
// so it is removed again before the optimizer's partial unrolling (at the
// optimizer's early extension point, where the plugin lowers).
//
// warpRunPasses is LLVMRunPasses with this pass at the late loop
// optimizations extension point and the drivers' lowering where the plugin
// runs it, for the drivers, which build their pipelines through the C API.
//
//===----------------------------------------------------------------------===//

#include "pipeline/UnrollCostShim.h"
#include "pipeline/UnrollCost.h"

#include "llvm/Analysis/CodeMetrics.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

#include <vector>

using namespace llvm;

namespace {

void removeThreshold(Loop &L) {
  if (findOptionMDForLoop(&L, WARP_UNROLL_THRESHOLD_OPTION))
    L.setLoopID(makePostTransformationMetadata(L.getHeader()->getContext(),
                                               L.getLoopID(),
                                               {WARP_UNROLL_THRESHOLD_OPTION},
                                               {}));
}

struct WarpUnrollCostPass : PassInfoMixin<WarpUnrollCostPass> {
  int OptLevel;

  explicit WarpUnrollCostPass(int OptLevel) : OptLevel(OptLevel) {}

  PreservedAnalyses run(Loop &L, LoopAnalysisManager &,
                        LoopStandardAnalysisResults &AR, LPMUpdater &) {
    LLVMContext &Context = L.getHeader()->getContext();
    // The threshold LLVM chooses is asked without an earlier estimate.
    removeThreshold(L);

    OptimizationRemarkEmitter ORE(L.getHeader()->getParent());
    TargetTransformInfo::UnrollingPreferences UP = gatherUnrollingPreferences(
        &L, AR.SE, AR.TTI, nullptr, nullptr, ORE, OptLevel, std::nullopt,
        std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt);
    SmallPtrSet<const Value *, 32> EphemeralValues;
    CodeMetrics::collectEphemeralValues(&L, &AR.AC, EphemeralValues);
    UnrollCostEstimator Size(&L, AR.TTI, EphemeralValues, UP.BEInsns);

    std::vector<LLVMBasicBlockRef> Blocks;
    for (BasicBlock *BB : L.blocks())
      Blocks.push_back(wrap(BB));
    unsigned TripCount = AR.SE.getSmallConstantTripCount(&L);
    unsigned Threshold = warpUnrollThreshold(
        Blocks.data(), Blocks.size(), Size.getRolledLoopSize(),
        TripCount ? Size.getUnrolledLoopSize(UP, TripCount) : 0, UP.Threshold);
    if (Threshold != UP.Threshold) {
      Metadata *Option[] = {
          MDString::get(Context, WARP_UNROLL_THRESHOLD_OPTION),
          ConstantAsMetadata::get(
              ConstantInt::get(Type::getInt32Ty(Context), Threshold))};
      L.setLoopID(makePostTransformationMetadata(
          Context, L.getLoopID(), {}, {MDNode::get(Context, Option)}));
    }
    return PreservedAnalyses::all();
  }
};

// Runs a C function on the module, where the plugin runs the lowering.
struct ModuleCallbackPass : PassInfoMixin<ModuleCallbackPass> {
  WarpModuleCallback Callback;
  void *Context;

  ModuleCallbackPass(WarpModuleCallback Callback, void *Context)
      : Callback(Callback), Context(Context) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    Callback(wrap(&M), Context);
    return PreservedAnalyses::none();
  }

  static bool isRequired() { return true; }
};

struct RemoveWarpUnrollThresholdPass
    : PassInfoMixin<RemoveWarpUnrollThresholdPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    for (Loop *L : FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder())
      removeThreshold(*L);
    return PreservedAnalyses::all();
  }
};

} // namespace

void warpRegisterUnrollCost(PassBuilder &PB) {
  PB.registerLateLoopOptimizationsEPCallback(
      [](LoopPassManager &LPM, OptimizationLevel Level) {
        LPM.addPass(WarpUnrollCostPass(Level.getSpeedupLevel()));
      });
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(
            createModuleToFunctionPassAdaptor(RemoveWarpUnrollThresholdPass()));
      });
}

extern "C" LLVMErrorRef warpRunPasses(LLVMModuleRef M, const char *Passes,
                                      LLVMTargetMachineRef TM,
                                      bool LoopUnrolling,
                                      WarpModuleCallback AtOptimizerStart,
                                      void *Context) {
  TargetMachine *Machine = reinterpret_cast<TargetMachine *>(TM);
  PipelineTuningOptions Tuning;
  Tuning.LoopUnrolling = LoopUnrolling;
  Tuning.LoopVectorization = LoopUnrolling;
  Tuning.LoopInterleaving = LoopUnrolling;
  Tuning.SLPVectorization = false;

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassInstrumentationCallbacks Instrumentation;
  StandardInstrumentations Standard(unwrap(M)->getContext(), false);
  Standard.registerCallbacks(Instrumentation, &MAM);
  PassBuilder PB(Machine, Tuning, std::nullopt, &Instrumentation);
  // Without unrolling (the drivers' run after the lowering) there is
  // nothing to estimate.
  if (LoopUnrolling)
    warpRegisterUnrollCost(PB);
  if (AtOptimizerStart)
    PB.registerOptimizerEarlyEPCallback(
        [=](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
          MPM.addPass(ModuleCallbackPass(AtOptimizerStart, Context));
        });
  PB.registerLoopAnalyses(LAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerModuleAnalyses(MAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM;
  if (Error Err = PB.parsePassPipeline(MPM, Passes))
    return wrap(std::move(Err));
  MPM.run(*unwrap(M), MAM);
  return LLVMErrorSuccess;
}
