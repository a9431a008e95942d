// genxc's C++ shim over LLVM 14: the few operations genxc needs that LLVM's C API lacks. Reading
// bitcode lazily and materializing one function at a time (so each worker thread reads only the
// functions of its chunk of kernels), the functions a body refers to, the global values metadata
// refers to, keeping some operands of a named metadata node, stripping a function's debug info,
// and InstSimplify run on a function without a pass manager.

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
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/Local.h"

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

/// InstSimplify on function `f`, as the legacy pass manager's pass runs it (same simplifications,
/// same order, same analyses: a dominator tree, the default target library info, an assumption
/// cache) but without a pass manager around it, and without asking about the calls it leaves as
/// they are (see `isUnknownIntrinsicCall`). Returns 1 when the function changed.
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
        if (isUnknownIntrinsicCall(I))
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

} // extern "C"
