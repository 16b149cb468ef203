//===- PtxInstructions.td - The inline PTX forms the pass translates -*- tablegen -*-===//
//
// Each PtxForm is one instruction shape: its opcode, the type suffixes it
// takes, its groups of modifiers, its operands, and the recipe (a function
// of pass/ptx/PtxRecipes*.c) that builds its IR. A statement is an instance of
// the first form whose opcode, suffixes and operands all fit. The warp
// forms name LLVM's own NVVM intrinsic record, whose exact lowering then
// runs; tablegen/gen-ptx-forms.py checks their operand maps against the
// record and rejects a form without a recipe.
//
//===----------------------------------------------------------------------===//

include "llvm/IR/Intrinsics.td"

class PtxOperandKind<string enumerator> {
  string Enumerator = enumerator;
}
def D  : PtxOperandKind<"PtxDest">;
def DP : PtxOperandKind<"PtxDestOrPair">;
def DV : PtxOperandKind<"PtxDestOrVector">;
def S  : PtxOperandKind<"PtxSource">;
def SV : PtxOperandKind<"PtxSourceOrVector">;
def P  : PtxOperandKind<"PtxPredicateSource">;
def A  : PtxOperandKind<"PtxAddressOperand">;

// Mutually exclusive modifiers; one of a required group must be present.
class Mods<list<string> options, bit required = 0> {
  list<string> Options = options;
  bit Required = required;
}

// A recipe: the C function ptxLower<Name> in pass/ptx/PtxRecipes*.c.
class PtxRecipe<string name> {
  string Function = "ptxLower" # name;
}

class PtxForm<string opcode, list<list<string>> typeSlots, list<Mods> mods,
              list<PtxOperandKind> operands, PtxRecipe recipe,
              int minOperands = -1> {
  string Opcode = opcode;
  list<list<string>> TypeSlots = typeSlots;
  list<Mods> Modifiers = mods;
  list<PtxOperandKind> Operands = operands;
  int MinOperands = !if(!lt(minOperands, 0), !size(operands), minOperands);
  PtxRecipe Recipe = recipe;
  // Warp forms: the intrinsic, and the operand feeding each parameter.
  Intrinsic Intr = ?;
  list<int> Params = [];
}

def PtxWarpIntrinsic : PtxRecipe<"WarpIntrinsic">;
class PtxWarpForm<string opcode, list<list<string>> typeSlots, list<Mods> mods,
                  list<PtxOperandKind> operands, Intrinsic intr,
                  list<int> params>
    : PtxForm<opcode, typeSlots, mods, operands, PtxWarpIntrinsic> {
  let Intr = intr;
  let Params = params;
}

def PtxMov : PtxRecipe<"Mov">;
def PtxCvt : PtxRecipe<"Cvt">;
def PtxIntArith : PtxRecipe<"IntArith">;
def PtxFloatArith : PtxRecipe<"FloatArith">;
def PtxCarry : PtxRecipe<"Carry">;
def PtxIntMul : PtxRecipe<"IntMul">;
def PtxFma : PtxRecipe<"Fma">;
def PtxIntDivRem : PtxRecipe<"IntDivRem">;
def PtxFloatDiv : PtxRecipe<"FloatDiv">;
def PtxAbsNeg : PtxRecipe<"AbsNeg">;
def PtxMinMax : PtxRecipe<"MinMax">;
def PtxLogic : PtxRecipe<"Logic">;
def PtxShift : PtxRecipe<"Shift">;
def PtxBfe : PtxRecipe<"Bfe">;
def PtxBfi : PtxRecipe<"Bfi">;
def PtxBitCount : PtxRecipe<"BitCount">;
def PtxPrmt : PtxRecipe<"Prmt">;
def PtxLop3 : PtxRecipe<"Lop3">;
def PtxSetp : PtxRecipe<"Setp">;
def PtxSelp : PtxRecipe<"Selp">;
def PtxSlct : PtxRecipe<"Slct">;
def PtxRcpSqrt : PtxRecipe<"RcpSqrt">;
def PtxApprox : PtxRecipe<"Approx">;
def PtxLoad : PtxRecipe<"Load">;
def PtxStore : PtxRecipe<"Store">;
def PtxAtomic : PtxRecipe<"Atomic">;
def PtxFence : PtxRecipe<"Fence">;
def PtxBarrier : PtxRecipe<"Barrier">;
def PtxTrap : PtxRecipe<"Trap">;
def PtxExit : PtxRecipe<"Exit">;
def PtxDot : PtxRecipe<"Dot">;

defvar Ints = ["s16", "s32", "s64", "u16", "u32", "u64"];
defvar Bits = ["b16", "b32", "b64"];
defvar Floats = ["f32", "f64"];
defvar Numbers = ["s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64",
                  "f16", "f32", "f64"];
defvar AllTypes = ["b8", "b16", "b32", "b64", "s8", "s16", "s32", "s64",
                   "u8", "u16", "u32", "u64", "f16", "f32", "f64", "pred"];

def Rounding : Mods<["rn", "rz", "rm", "rp"]>;
def Ftz : Mods<["ftz"]>;
def Sat : Mods<["sat"]>;

//===----------------------------------------------------------------------===//
// Data movement and conversion.
//===----------------------------------------------------------------------===//

def : PtxForm<"mov", [AllTypes], [], [DV, SV], PtxMov>;
def : PtxForm<"cvt", [Numbers, Numbers],
              [Mods<["rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"]>, Ftz,
               Sat], [D, S], PtxCvt>;

//===----------------------------------------------------------------------===//
// Integer and floating-point arithmetic.
//===----------------------------------------------------------------------===//

foreach op = ["add", "sub"] in {
  def : PtxForm<op, [Ints], [Sat], [D, S, S], PtxIntArith>;
  def : PtxForm<op, [Floats], [Rounding, Ftz, Sat], [D, S, S], PtxFloatArith>;
  // add.cc / sub.cc set the carry; addc / subc read it (and set it with .cc).
  def : PtxForm<op, [["s32", "u32", "s64", "u64"]], [Mods<["cc"], 1>],
                [D, S, S], PtxCarry>;
  def : PtxForm<op # "c", [["s32", "u32", "s64", "u64"]], [Mods<["cc"]>],
                [D, S, S], PtxCarry>;
}
def : PtxForm<"mul", [Ints], [Mods<["lo", "hi", "wide"], 1>], [D, S, S],
              PtxIntMul>;
def : PtxForm<"mul", [Floats], [Rounding, Ftz, Sat], [D, S, S], PtxFloatArith>;
def : PtxForm<"mad", [Ints], [Mods<["lo", "hi", "wide"], 1>, Sat],
              [D, S, S, S], PtxIntMul>;
def : PtxForm<"mad", [Floats], [Mods<["rn", "rz", "rm", "rp"], 1>, Ftz, Sat],
              [D, S, S, S], PtxFma>;
def : PtxForm<"fma", [Floats], [Mods<["rn", "rz", "rm", "rp"], 1>, Ftz, Sat],
              [D, S, S, S], PtxFma>;
foreach op = ["div", "rem"] in
  def : PtxForm<op, [Ints], [], [D, S, S], PtxIntDivRem>;
def : PtxForm<"div", [Floats], [Mods<["rn", "rz", "rm", "rp", "full", "approx"], 1>,
                                Ftz], [D, S, S], PtxFloatDiv>;
foreach op = ["abs", "neg"] in {
  def : PtxForm<op, [["s16", "s32", "s64"]], [], [D, S], PtxAbsNeg>;
  def : PtxForm<op, [Floats], [Ftz], [D, S], PtxAbsNeg>;
}
foreach op = ["min", "max"] in {
  def : PtxForm<op, [Ints], [], [D, S, S], PtxMinMax>;
  def : PtxForm<op, [Floats], [Ftz, Mods<["NaN"]>], [D, S, S], PtxMinMax>;
}

//===----------------------------------------------------------------------===//
// Logic and bit manipulation.
//===----------------------------------------------------------------------===//

foreach op = ["and", "or", "xor"] in
  def : PtxForm<op, [!listconcat(Bits, ["pred"])], [], [D, P, P], PtxLogic>;
def : PtxForm<"not", [!listconcat(Bits, ["pred"])], [], [D, P], PtxLogic>;
def : PtxForm<"shl", [Bits], [], [D, S, S], PtxShift>;
def : PtxForm<"shr", [!listconcat(Bits, Ints)], [], [D, S, S], PtxShift>;
def : PtxForm<"bfe", [["u32", "s32", "u64", "s64"]], [], [D, S, S, S], PtxBfe>;
def : PtxForm<"bfi", [["b32", "b64"]], [], [D, S, S, S, S], PtxBfi>;
foreach op = ["brev", "popc", "clz"] in
  def : PtxForm<op, [["b32", "b64"]], [], [D, S], PtxBitCount>;
def : PtxForm<"prmt", [["b32"]], [Mods<["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"]>],
              [D, S, S, S], PtxPrmt>;
def : PtxForm<"lop3", [["b32"]], [], [D, S, S, S, S], PtxLop3>;
// Packed dot products, a's parts signed or not as the first type says, b's
// as the second.
def : PtxForm<"dp4a", [["s32", "u32"], ["s32", "u32"]], [], [D, S, S, S],
              PtxDot>;
def : PtxForm<"dp2a", [["s32", "u32"], ["s32", "u32"]],
              [Mods<["lo", "hi"], 1>], [D, S, S, S], PtxDot>;

//===----------------------------------------------------------------------===//
// Comparison and selection.
//===----------------------------------------------------------------------===//

def : PtxForm<"setp", [!listconcat(Bits, Ints, Floats)],
              [Mods<["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                     "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"], 1>,
               Mods<["and", "or", "xor"]>, Ftz],
              [DP, S, S, P], PtxSetp, 3>;
def : PtxForm<"selp", [!listconcat(Bits, Ints, Floats)], [], [D, S, S, P], PtxSelp>;
def : PtxForm<"slct", [!listconcat(Bits, Ints, Floats), ["s32", "f32"]], [Ftz],
              [D, S, S, S], PtxSlct>;

//===----------------------------------------------------------------------===//
// Reciprocals, roots and the approximate functions.
//===----------------------------------------------------------------------===//

foreach op = ["rcp", "sqrt"] in
  def : PtxForm<op, [Floats], [Mods<["rn", "rz", "rm", "rp", "approx"], 1>, Ftz],
                [D, S], PtxRcpSqrt>;
def : PtxForm<"rsqrt", [Floats], [Mods<["approx"], 1>, Ftz], [D, S], PtxApprox>;
foreach op = ["ex2", "lg2", "sin", "cos", "tanh"] in
  def : PtxForm<op, [["f32"]], [Mods<["approx"], 1>, Ftz], [D, S], PtxApprox>;

//===----------------------------------------------------------------------===//
// Memory, fences and barriers.
//===----------------------------------------------------------------------===//

defvar Space = Mods<["global", "shared", "local", "const", "param"]>;
defvar Scope = Mods<["cta", "gpu", "sys"]>;
defvar CacheOps = Mods<["ca", "cg", "cs", "lu", "cv", "wb", "wt"]>;

def : PtxForm<"ld", [AllTypes],
              [Space, Mods<["nc"]>, CacheOps, Mods<["v2", "v4"]>,
               Mods<["volatile", "relaxed", "acquire"]>, Scope],
              [DV, A], PtxLoad>;
def : PtxForm<"ldu", [AllTypes], [Mods<["global"]>, Mods<["v2", "v4"]>],
              [DV, A], PtxLoad>;
def : PtxForm<"st", [AllTypes],
              [Space, CacheOps, Mods<["v2", "v4"]>,
               Mods<["volatile", "relaxed", "release"]>, Scope],
              [A, SV], PtxStore>;

defvar AtomicSemantics = Mods<["relaxed", "acquire", "release", "acq_rel"]>;
defvar AtomicOps = Mods<["and", "or", "xor", "cas", "exch", "add", "inc", "dec",
                         "min", "max"], 1>;
defvar AtomicTypes = ["b32", "b64", "u32", "s32", "u64", "s64", "f32", "f64"];
def : PtxForm<"atom", [AtomicTypes],
              [Mods<["global", "shared"]>, AtomicSemantics, Scope, AtomicOps],
              [D, A, S, S], PtxAtomic, 3>;
def : PtxForm<"red", [AtomicTypes],
              [Mods<["global", "shared"]>, AtomicSemantics, Scope, AtomicOps],
              [A, S], PtxAtomic>;

def : PtxForm<"membar", [], [Mods<["cta", "gl", "sys"], 1>], [], PtxFence>;
def : PtxForm<"fence", [], [Mods<["sc", "acq_rel"]>, Mods<["cta", "gpu", "sys"], 1>],
              [], PtxFence>;
def : PtxForm<"bar", [], [Mods<["sync"], 1>, Mods<["aligned"]>], [S, S],
              PtxBarrier, 1>;
def : PtxForm<"barrier", [], [Mods<["sync"], 1>, Mods<["aligned"]>], [S, S],
              PtxBarrier, 1>;
def : PtxForm<"trap", [], [], [], PtxTrap>;
def : PtxForm<"exit", [], [], [], PtxExit>;

//===----------------------------------------------------------------------===//
// Warp operations: the NVVM intrinsics, lowered exactly afterwards.
//===----------------------------------------------------------------------===//

foreach mode = ["up", "down", "bfly", "idx"] in {
  // shfl.sync.mode.b32 d[|p], a, b, c, membermask
  def : PtxWarpForm<"shfl", [["b32"]], [Mods<["sync"], 1>, Mods<[mode], 1>],
                    [DP, S, S, S, S],
                    !cast<Intrinsic>("int_nvvm_shfl_sync_" # mode # "_i32p"),
                    [4, 1, 2, 3]>;
  // The pre-Volta shfl.mode.b32 d[|p], a, b, c
  def : PtxWarpForm<"shfl", [["b32"]], [Mods<[mode], 1>], [DP, S, S, S],
                    !cast<Intrinsic>("int_nvvm_shfl_" # mode # "_i32p"),
                    [1, 2, 3]>;
}
foreach vote = ["all", "any", "uni"] in {
  def : PtxWarpForm<"vote", [["pred"]], [Mods<["sync"], 1>, Mods<[vote], 1>],
                    [D, P, S],
                    !cast<Intrinsic>("int_nvvm_vote_" # vote # "_sync"), [2, 1]>;
  def : PtxWarpForm<"vote", [["pred"]], [Mods<[vote], 1>], [D, P],
                    !cast<Intrinsic>("int_nvvm_vote_" # vote), [1]>;
}
def : PtxWarpForm<"vote", [["b32"]], [Mods<["sync"], 1>, Mods<["ballot"], 1>],
                  [D, P, S], int_nvvm_vote_ballot_sync, [2, 1]>;
def : PtxWarpForm<"vote", [["b32"]], [Mods<["ballot"], 1>], [D, P],
                  int_nvvm_vote_ballot, [1]>;
foreach ty = ["b32", "b64"] in {
  defvar suffix = !if(!eq(ty, "b32"), "i32", "i64");
  def : PtxWarpForm<"match", [[ty]], [Mods<["any"], 1>, Mods<["sync"], 1>],
                    [D, S, S],
                    !cast<Intrinsic>("int_nvvm_match_any_sync_" # suffix), [2, 1]>;
  def : PtxWarpForm<"match", [[ty]], [Mods<["all"], 1>, Mods<["sync"], 1>],
                    [DP, S, S],
                    !cast<Intrinsic>("int_nvvm_match_all_sync_" # suffix # "p"),
                    [2, 1]>;
}
foreach op = ["add", "min", "max"] in
  foreach ty = ["u32", "s32"] in
    def : PtxWarpForm<"redux", [[ty]], [Mods<["sync"], 1>, Mods<[op], 1>],
                      [D, S, S],
                      !cast<Intrinsic>("int_nvvm_redux_sync_"
                                       # !if(!and(!eq(ty, "u32"), !ne(op, "add")),
                                               "u", "") # op), [1, 2]>;
foreach op = ["and", "or", "xor"] in
  def : PtxWarpForm<"redux", [["b32"]], [Mods<["sync"], 1>, Mods<[op], 1>],
                    [D, S, S],
                    !cast<Intrinsic>("int_nvvm_redux_sync_" # op), [1, 2]>;
def : PtxWarpForm<"activemask", [["b32"]], [], [D], int_nvvm_activemask, []>;
def : PtxWarpForm<"elect", [], [Mods<["sync"], 1>], [DP, S],
                  int_nvvm_elect_sync, [1]>;
def : PtxWarpForm<"bar", [], [Mods<["warp"], 1>, Mods<["sync"], 1>], [S],
                  int_nvvm_bar_warp_sync, [0]>;
