//===- WarpPatternClasses.td - Classes for warp lowering patterns -*- tablegen -*-===//
//
// The vocabulary of our lowering table. A pattern names an intrinsic record
// from LLVM's own IntrinsicsNVVM.td, states the shape we expect it to have,
// and the lowering that handles it. gen-warp-table.py checks each declared
// shape against the record's real signature and that every shuffle record
// LLVM defines has a pattern, then emits the C table the pass reads.
//
//===----------------------------------------------------------------------===//

class ShflModeKind<string enumerator> {
  string Enumerator = enumerator;
}
def ShflUp   : ShflModeKind<"ShflUp">;
def ShflDown : ShflModeKind<"ShflDown">;
def ShflBfly : ShflModeKind<"ShflBfly">;
def ShflIdx  : ShflModeKind<"ShflIdx">;

class WarpLowering<string enumerator> {
  string Enumerator = enumerator;
}
// Lane-address math plus llvm.amdgcn.ds.bpermute.
def LowerToBPermute : WarpLowering<"WarpLowerBPermute">;

// One llvm.nvvm.shfl* intrinsic: with a member mask (shfl.sync) the operands
// are (mask, a, b, c), without it (a, b, c); with a predicate the result is
// {ValueType, i1}.
class WarpShuffle<Intrinsic intr, ShflModeKind mode, LLVMType valueType,
                  bit hasMemberMask, bit returnsPredicate,
                  WarpLowering lowering = LowerToBPermute> {
  Intrinsic Intr = intr;
  ShflModeKind Mode = mode;
  LLVMType ValueType = valueType;
  bit HasMemberMask = hasMemberMask;
  bit ReturnsPredicate = returnsPredicate;
  WarpLowering Lowering = lowering;
}
