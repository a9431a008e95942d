// genxc's C++ shim over LLVM 14: the few operations genxc needs that LLVM's C API lacks. Reading
// bitcode lazily and materializing one function at a time (so each worker thread reads only the
// functions of its chunk of kernels), the functions a body refers to, the global values metadata
// refers to, keeping some operands of a named metadata node, stripping a function's debug info,
// InstSimplify run on a function without a pass manager, and reads in one call of what the C API
// reads in one call per fact (an instruction's operands, a constant vector's elements).

#include "llvm-c/Core.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Triple.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/Local.h"

#include <cstring>
#include <memory>

using namespace llvm;

namespace {

/// A callback of genxc's: called with `data` and one value.
typedef void (*FoundValue)(void *data, LLVMValueRef value);

/// Walks constants and metadata for the global values they refer to.
struct GlobalRefs {
  SmallPtrSet<const Value *, 32> SeenConstants;
  SmallPtrSet<const Metadata *, 32> SeenMetadata;
  FoundValue Found;
  void *Data;
  /// Only functions (for a body's references) rather than every global value.
  bool FunctionsOnly;

  void value(const Value *V) {
    if (const auto *G = dyn_cast<GlobalValue>(V)) {
      if (!FunctionsOnly || isa<Function>(G))
        Found(Data, wrap(G));
      return;
    }
    if (const auto *MV = dyn_cast<MetadataAsValue>(V)) {
      metadata(MV->getMetadata());
      return;
    }
    const auto *C = dyn_cast<Constant>(V);
    if (!C || isa<ConstantData>(C) || !SeenConstants.insert(C).second)
      return;
    for (const Use &U : C->operands())
      value(U.get());
  }

  void metadata(const Metadata *MD) {
    if (!MD || !SeenMetadata.insert(MD).second)
      return;
    if (const auto *VM = dyn_cast<ValueAsMetadata>(MD)) {
      value(VM->getValue());
      return;
    }
    if (const auto *N = dyn_cast<MDNode>(MD))
      for (const MDOperand &Op : N->operands())
        metadata(Op.get());
  }
};

} // namespace

extern "C" {

/// Makes LLVM call `handler` with its reason where it runs out of memory (an allocation it could
/// not make, often one a malformed input asked for), instead of printing and aborting. The
/// handler must not return.
void genxc_install_bad_alloc_handler(void (*handler)(const char *reason)) {
  install_bad_alloc_error_handler(
      [](void *data, const char *reason, bool) {
        reinterpret_cast<void (*)(const char *)>(data)(reason);
      },
      reinterpret_cast<void *>(handler));
}

/// Reads the bitcode `bytes[0..len]` lazily into a new module of `ctx` named `name`: its global
/// values and metadata, every function body left in the bitcode until materialized. The bytes are
/// not copied: they must outlive the module. NULL when LLVM refuses the bitcode.
LLVMModuleRef genxc_read_bitcode_lazily(LLVMContextRef ctx, const char *bytes, size_t len,
                                        const char *name) {
  std::unique_ptr<MemoryBuffer> Buffer =
      MemoryBuffer::getMemBuffer(StringRef(bytes, len), name, /*RequiresNullTerminator=*/false);
  Expected<std::unique_ptr<Module>> M = getOwningLazyBitcodeModule(std::move(Buffer), *unwrap(ctx));
  if (!M) {
    consumeError(M.takeError());
    return nullptr;
  }
  return wrap(M->release());
}

/// Whether the body of function `f` is still in the bitcode (not yet materialized).
int genxc_is_materializable(LLVMValueRef f) { return unwrap<Function>(f)->isMaterializable(); }

/// Reads the body of function `f` from its module's bitcode (nothing when it is read already).
/// 0 on success, 1 when LLVM refuses the body.
int genxc_materialize_function(LLVMValueRef f) {
  if (Error E = unwrap<Function>(f)->materialize()) {
    consumeError(std::move(E));
    return 1;
  }
  return 0;
}

/// Calls `found(data, g)` for every function `f` refers to: in its instructions' operands, inside
/// the constants and metadata among them, in the metadata attached to its instructions and to
/// itself, and its personality, prefix and prologue data. A function may be named several times.
void genxc_referenced_functions(LLVMValueRef f, FoundValue found, void *data) {
  GlobalRefs Refs{{}, {}, found, data, /*FunctionsOnly=*/true};
  Function *F = unwrap<Function>(f);
  SmallVector<std::pair<unsigned, MDNode *>, 4> Attached;
  for (BasicBlock &BB : *F)
    for (Instruction &I : BB) {
      for (const Use &U : I.operands())
        Refs.value(U.get());
      if (I.hasMetadataOtherThanDebugLoc()) {
        I.getAllMetadataOtherThanDebugLoc(Attached);
        for (auto &A : Attached)
          Refs.metadata(A.second);
      }
    }
  F->getAllMetadata(Attached);
  for (auto &A : Attached)
    Refs.metadata(A.second);
  if (F->hasPersonalityFn())
    Refs.value(F->getPersonalityFn());
  if (F->hasPrefixData())
    Refs.value(F->getPrefixData());
  if (F->hasPrologueData())
    Refs.value(F->getPrologueData());
}

/// Calls `found(data, g)` for every global value the metadata `md` (a metadata-as-value, as the C
/// API gives named metadata operands) refers to, through its nodes and constants.
void genxc_metadata_globals(LLVMValueRef md, FoundValue found, void *data) {
  GlobalRefs Refs{{}, {}, found, data, /*FunctionsOnly=*/false};
  Refs.value(unwrap(md));
}

/// Keeps only the operands `i` of the named metadata `name` of `m` for which `keep[i]` is not 0
/// (of the first `n`; those after are dropped), in their order; the node is removed when none is
/// kept.
void genxc_keep_named_metadata_operands(LLVMModuleRef m, const char *name, const unsigned char *keep,
                                        size_t n) {
  NamedMDNode *Node = unwrap(m)->getNamedMetadata(name);
  if (!Node)
    return;
  Module *M = unwrap(m);
  SmallVector<MDNode *, 16> Kept;
  for (unsigned i = 0, e = Node->getNumOperands(); i < e && i < n; ++i)
    if (keep[i])
      Kept.push_back(Node->getOperand(i));
  if (Kept.empty()) {
    M->eraseNamedMetadata(Node);
    return;
  }
  Node->clearOperands();
  for (MDNode *K : Kept)
    Node->addOperand(K);
}

/// Strips the debug information of function `f` (its `!dbg` locations, debug intrinsics and
/// subprogram), as LLVM's whole-module bitcode reader does for debug info of no known version;
/// 1 when there was any.
int genxc_strip_function_debug_info(LLVMValueRef f) { return stripDebugInfo(*unwrap<Function>(f)); }

/// Whether InstSimplify leaves `I` as it is whatever its operands are: a call (not a musttail
/// one) of a function with a name in LLVM's reserved namespace that LLVM does not know as one of
/// its intrinsics (`llvm.genx.*`). The constant folder folds the intrinsics it knows by their
/// IDs and library functions by their names, none of them in that namespace, and the
/// simplifications of intrinsic calls all go by the ID.
static bool isUnknownIntrinsicCall(const Instruction &I) {
  const auto *Call = dyn_cast<CallInst>(&I);
  if (!Call || Call->isMustTailCall())
    return false;
  const auto *Callee = dyn_cast<Function>(Call->getCalledOperand());
  return Callee && Callee->isIntrinsic() && Callee->getIntrinsicID() == Intrinsic::not_intrinsic;
}

/// Whether InstSimplify leaves `I` as it is whatever its operands' definitions are: a
/// floating-point `fadd`, `fsub` or `fmul` without fast-math flags, or a conversion to a
/// floating-point type other than a bitcast (`sitofp`, `uitofp`, `fpext`, `fptrunc`), none of
/// whose operands is a constant (nor, for a conversion, another conversion). LLVM 14 simplifies
/// these arithmetic operations only on a constant operand (folding, `undef`, NaN, infinity, a
/// signed or unsigned zero, one) or, under the flags `nnan`, `nsz` and `reassoc`, on an operand
/// that is a negation or a subtraction; a conversion only on a constant operand or a pair of
/// conversions that cancel.
static bool isLeftAsItIs(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
    if (!I.getFastMathFlags().none())
      return false;
    break;
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    if (isa<CastInst>(I.getOperand(0)))
      return false;
    break;
  default:
    return false;
  }
  if (!I.getType()->isFPOrFPVectorTy())
    return false;
  for (const Use &U : I.operands())
    if (isa<Constant>(U.get()))
      return false;
  return true;
}

/// InstSimplify on function `f`, as the legacy pass manager's pass runs it (same simplifications,
/// same order, same analyses: a dominator tree, the default target library info, an assumption
/// cache) but without a pass manager around it, and without asking about the instructions it
/// leaves as they are (see `isUnknownIntrinsicCall`, `isLeftAsItIs`). Returns 1 when the
/// function changed.
int genxc_simplify_instructions(LLVMValueRef f) {
  Function &F = *unwrap<Function>(f);
  if (F.hasOptNone())
    return 0;
  // The legacy pass's library info: every library function available, no target triple.
  static const TargetLibraryInfoImpl Library;
  TargetLibraryInfo TLI(Library, &F);
  DominatorTree DT(F);
  AssumptionCache AC(F);
  const SimplifyQuery Query(F.getParent()->getDataLayout(), &TLI, &DT, &AC);
  bool Changed = false;
  // Every instruction on the first round; on the next ones only the users of what was replaced.
  SmallPtrSet<const Instruction *, 8> Pending, Touched;
  bool FirstRound = true;
  while (FirstRound || !Pending.empty()) {
    for (BasicBlock &BB : F) {
      // Unreachable blocks may hold self-referencing instructions: left alone.
      if (!DT.isReachableFromEntry(&BB))
        continue;
      SmallVector<WeakTrackingVH, 8> Dead;
      for (Instruction &I : BB) {
        if (!FirstRound && !Pending.count(&I))
          continue;
        if (isInstructionTriviallyDead(&I)) {
          Dead.push_back(&I);
          Changed = true;
          continue;
        }
        if (I.use_empty())
          continue;
        if (isUnknownIntrinsicCall(I) || isLeftAsItIs(I))
          continue;
        Value *Simpler = SimplifyInstruction(&I, Query);
        if (!Simpler)
          continue;
        for (User *U : I.users())
          Touched.insert(cast<Instruction>(U));
        I.replaceAllUsesWith(Simpler);
        Changed = true;
        if (isInstructionTriviallyDead(&I))
          Dead.push_back(&I);
      }
      RecursivelyDeleteTriviallyDeadInstructions(Dead, &TLI);
    }
    FirstRound = false;
    std::swap(Pending, Touched);
    Touched.clear();
  }
  return Changed;
}

/// What the import reads of one operand of an instruction, read in one call for all of them.
struct GenxcOperandFacts {
  /// The operand (NULL when the instruction has none there).
  LLVMValueRef Value;
  /// Its type (NULL with a NULL operand).
  LLVMTypeRef Type;
  /// Its type's kind, as `LLVMGetTypeKind` gives it.
  unsigned TypeKind;
  /// `GENXC_OPERAND_*` bits.
  unsigned Flags;
};

/// The operand is a basic block used as a value.
static const unsigned GENXC_OPERAND_BLOCK = 1;
/// The operand is a constant expression.
static const unsigned GENXC_OPERAND_CONSTANT_EXPR = 2;
/// The operand is a constant of any kind.
static const unsigned GENXC_OPERAND_CONSTANT = 4;
/// The operand is `undef` or `poison`.
static const unsigned GENXC_OPERAND_UNDEF = 8;

/// Fills `out[0..count]` with the facts of operands `0..count` of user `inst` (`count` at most
/// its number of operands): one call where the C API takes one per operand and per fact.
void genxc_operand_facts(LLVMValueRef inst, unsigned count, struct GenxcOperandFacts *out) {
  const User *U = unwrap<User>(inst);
  for (unsigned i = 0; i < count; ++i) {
    const Value *V = U->getOperand(i);
    GenxcOperandFacts &F = out[i];
    if (!V) {
      F = GenxcOperandFacts{nullptr, nullptr, 0, 0};
      continue;
    }
    unsigned Flags = 0;
    if (isa<BasicBlock>(V))
      Flags |= GENXC_OPERAND_BLOCK;
    if (isa<Constant>(V)) {
      Flags |= GENXC_OPERAND_CONSTANT;
      if (isa<ConstantExpr>(V))
        Flags |= GENXC_OPERAND_CONSTANT_EXPR;
      if (isa<UndefValue>(V))
        Flags |= GENXC_OPERAND_UNDEF;
    }
    LLVMTypeRef T = wrap(V->getType());
    F = GenxcOperandFacts{wrap(V), T, static_cast<unsigned>(LLVMGetTypeKind(T)), Flags};
  }
}

/// Whether operands `first..first + count` of user `u` are all integer constants of at most 64
/// bits; if so their values, sign-extended, are in `out[0..count]`.
int genxc_const_int_operands(LLVMValueRef u, unsigned first, unsigned count, int64_t *out) {
  const User *User_ = unwrap<User>(u);
  if (first + count > User_->getNumOperands())
    return 0;
  for (unsigned i = 0; i < count; ++i) {
    const auto *C = dyn_cast<ConstantInt>(User_->getOperand(first + i));
    if (!C || C->getBitWidth() > 64)
      return 0;
    out[i] = C->getSExtValue();
  }
  return 1;
}

/// The elements of a constant data vector `c` of `n` elements into `out[0..n]`: 1 for integer
/// elements (each sign-extended), 2 for floating-point ones (each the bits of the double it
/// converts to, as `LLVMConstRealGetDouble` gives), 0 (nothing written) for another constant.
int genxc_constant_data_elements(LLVMValueRef c, unsigned n, uint64_t *out) {
  const auto *CDV = dyn_cast<ConstantDataVector>(unwrap(c));
  if (!CDV || CDV->getNumElements() != n)
    return 0;
  Type *E = CDV->getElementType();
  if (E->isIntegerTy()) {
    unsigned Bits = E->getIntegerBitWidth();
    for (unsigned i = 0; i < n; ++i) {
      uint64_t X = CDV->getElementAsInteger(i);
      out[i] = Bits >= 64 ? X : static_cast<uint64_t>(SignExtend64(X, Bits));
    }
    return 1;
  }
  if (E->isHalfTy() || E->isBFloatTy() || E->isFloatTy() || E->isDoubleTy()) {
    for (unsigned i = 0; i < n; ++i) {
      // (what `LLVMConstRealGetDouble` of the element's constant computes, without the constant)
      double D = CDV->getElementAsAPFloat(i).convertToDouble();
      uint64_t Bits;
      static_assert(sizeof(Bits) == sizeof(D), "double is 64 bits");
      memcpy(&Bits, &D, sizeof(D));
      out[i] = Bits;
    }
    return 2;
  }
  return 0;
}

/// Whether instruction `I` may be outside the GenX form as genxc's preparation asks (its
/// `outside_genx_form`, which decides): a superset of the instructions that are, cheap to test.
/// Memory operations and pointer conversions, `frem`, `extractvalue`, `insertvalue`; a pointer,
/// struct, array or `bfloat` (vector) result; a call of anything but a function, or of a function
/// named `llvm.mem*`.
static bool mayBeOutsideGenXForm(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::Alloca:
  case Instruction::Load:
  case Instruction::Store:
  case Instruction::GetElementPtr:
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
  case Instruction::AddrSpaceCast:
  case Instruction::IntToPtr:
  case Instruction::PtrToInt:
  case Instruction::FRem:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
    return true;
  default:
    break;
  }
  Type *T = I.getType();
  if (T->isPointerTy() || T->isStructTy() || T->isArrayTy())
    return true;
  Type *E = T->isVectorTy() ? cast<VectorType>(T)->getElementType() : T;
  if (E->isBFloatTy())
    return true;
  if (const auto *Call = dyn_cast<CallInst>(&I)) {
    const Value *Callee = Call->getCalledOperand();
    if (!isa<Function>(Callee))
      return true;
    if (Callee->getName().startswith("llvm.mem"))
      return true;
  }
  return false;
}

/// Walks function `F`'s instructions in layout order to the first one `test` holds for: from
/// instruction `at`, or just after it when `past`, or from the first instruction when `at` is
/// NULL. True with that instruction at block `B`, instruction `I`; false when none is.
static bool findFrom(Function *F, LLVMValueRef at, bool past, function_ref<bool(Instruction &)> test,
                     Function::iterator &B, BasicBlock::iterator &I) {
  if (at) {
    Instruction *A = unwrap<Instruction>(at);
    B = A->getParent()->getIterator();
    I = past ? std::next(A->getIterator()) : A->getIterator();
  } else {
    B = F->begin();
    if (B == F->end())
      return false;
    I = B->begin();
  }
  for (;;) {
    for (; I != B->end(); ++I)
      if (test(*I))
        return true;
    if (++B == F->end())
      return false;
    I = B->begin();
  }
}

/// The first instruction of function `f`, in layout order, after instruction `after` (from the
/// start when NULL) that may be outside the GenX form (see `mayBeOutsideGenXForm`); NULL when
/// none is.
LLVMValueRef genxc_next_outside_candidate(LLVMValueRef f, LLVMValueRef after) {
  Function *F = unwrap<Function>(f);
  Function::iterator B;
  BasicBlock::iterator I;
  return findFrom(F, after, true, mayBeOutsideGenXForm, B, I) ? wrap(&*I) : nullptr;
}

} // extern "C"

// ---- Walks over the instructions of a function that read only some of them (session 27) ----

extern "C" {

/// Translates opcode set `apiSet` (two 64-bit words: bit k for the opcode `LLVMGetInstructionOpcode`
/// numbers k) into `out`, the same set in the numbering of `Instruction::getOpcode` (two words),
/// for `genxc_next_in_opcode_set`.
void genxc_opcode_set(const uint64_t *apiSet, uint64_t *out) {
  out[0] = out[1] = 0;
  // every instruction opcode LLVM defines, with its C API name
  static const struct {
    unsigned Native;
    LLVMOpcode Api;
  } Opcodes[] = {
#define HANDLE_INST(NUM, NAME, CLASS) {NUM, LLVM##NAME},
#include "llvm/IR/Instruction.def"
  };
  for (const auto &O : Opcodes) {
    unsigned A = static_cast<unsigned>(O.Api);
    if (A < 128 && O.Native < 128 && ((apiSet[A >> 6] >> (A & 63)) & 1))
      out[O.Native >> 6] |= uint64_t(1) << (O.Native & 63);
  }
}

/// `genxc_next_in_opcode_set`: besides the opcode, every operand (at least one) must be a
/// constant that is not a function.
static const unsigned GENXC_WALK_CONSTANT_OPERANDS = 1;

/// Whether instruction `I` is one `genxc_next_in_opcode_set` stops at.
static bool inOpcodeSet(const Instruction &I, const uint64_t *Set, unsigned Flags) {
  unsigned Op = I.getOpcode();
  if (Op >= 128 || !((Set[Op >> 6] >> (Op & 63)) & 1))
    return false;
  if (Flags & GENXC_WALK_CONSTANT_OPERANDS) {
    if (I.getNumOperands() == 0)
      return false;
    for (const Value *V : I.operand_values())
      if (!isa<Constant>(V) || isa<Function>(V))
        return false;
  }
  return true;
}

/// The first instruction of function `f`, in layout order, at instruction `from` or after it
/// (from the first one when NULL), whose opcode is in `set` (two words, as `genxc_opcode_set`
/// gives it) and which passes the `GENXC_WALK_*` tests of `flags`; NULL when none does.
/// `*next` receives the instruction after the one found in layout order (NULL after the last),
/// read before the caller may erase the one found.
LLVMValueRef genxc_next_in_opcode_set(LLVMValueRef f, LLVMValueRef from, const uint64_t *set,
                                      unsigned flags, LLVMValueRef *next) {
  Function *F = unwrap<Function>(f);
  Function::iterator B;
  BasicBlock::iterator I;
  *next = nullptr;
  auto inSet = [&](Instruction &X) { return inOpcodeSet(X, set, flags); };
  if (!findFrom(F, from, false, inSet, B, I))
    return nullptr;
  Instruction *Found = &*I;
  // the instruction after it, in this block or the next one that has any
  if (findFrom(F, wrap(Found), true, [](Instruction &) { return true; }, B, I))
    *next = wrap(&*I);
  return wrap(Found);
}

} // extern "C"

// ---- The instructions of a block in one call (session 27) ----

extern "C" {

/// What a walk over every instruction reads of each, laid out as genxc's `raw::InstFacts`.
struct GenxcInstructionFacts {
  /// The instruction.
  LLVMValueRef Inst;
  /// Its type.
  LLVMTypeRef Type;
  /// Its opcode, as `LLVMGetInstructionOpcode` numbers it.
  unsigned Opcode;
  /// Its number of operands.
  unsigned NumOperands;
};

/// The C API's number of each opcode of `Instruction::getOpcode` (0 where none).
static const unsigned *apiOpcodes() {
  struct Numbers {
    unsigned Of[128];
  };
  static const Numbers Table = [] {
    Numbers T{};
#define HANDLE_INST(NUM, NAME, CLASS)                                                              \
  if (NUM < 128)                                                                                   \
    T.Of[NUM] = static_cast<unsigned>(LLVM##NAME);
#include "llvm/IR/Instruction.def"
    return T;
  }();
  return Table.Of;
}

/// Writes the facts of the first `cap` instructions of block `bb`, in order, to `out`; returns
/// how many instructions the block has (more than `cap`: call again with room for all).
unsigned genxc_block_instructions(LLVMBasicBlockRef bb, unsigned cap, struct GenxcInstructionFacts *out) {
  const unsigned *Api = apiOpcodes();
  unsigned N = 0;
  for (Instruction &I : *unwrap(bb)) {
    if (N < cap) {
      unsigned Op = I.getOpcode();
      unsigned ApiOp = Op < 128 ? Api[Op] : 0u;
      if (ApiOp == 0) // an opcode the table does not know: the C API's own number
        ApiOp = LLVMGetInstructionOpcode(wrap(&I));
      out[N] = GenxcInstructionFacts{wrap(&I), wrap(I.getType()), ApiOp,
                                     I.getNumOperands()};
    }
    ++N;
  }
  return N;
}

} // extern "C"
