// The writer route of tests/spirv.rs: runs the GenX SPIR-V writer adaptor of vc-intrinsics
// (libLLVMGenXIntrinsics.a, Debian package intel-vc-intrinsics-dev) over one LLVM 14 module and
// writes the result as bitcode, ready for llvm-spirv-14. This is the step a CM compiler or DPC++
// ESIMD runs before the Khronos translator: it turns `genx.kernels` metadata and the "CMGenxMain"
// style attributes into the attributes and metadata the translator encodes as
// SPV_INTEL_vector_compute decorations.
//
// usage: genx-spirv-writer [--rewrite-types] [--rewrite-sev] input.ll output.bc
//   --rewrite-types  surface, sampler and SVM arguments become the translator's opaque types
//                    (Debian's llvm-spirv-14 cannot carry the argument kind decorations)
//   --rewrite-sev    single-element vectors are rewritten the way the adaptor offers
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/GenXIntrinsics/GenXSPIRVWriterAdaptor.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Pass.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

int main(int argc, char **argv) {
  bool types = false;
  bool single_element_vectors = false;
  std::string paths[2];
  int given = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--rewrite-types") {
      types = true;
    } else if (arg == "--rewrite-sev") {
      single_element_vectors = true;
    } else if (given < 2) {
      paths[given++] = arg;
    } else {
      given = 3;
    }
  }
  if (given != 2) {
    llvm::errs() << "usage: genx-spirv-writer [--rewrite-types] [--rewrite-sev] input.ll output.bc\n";
    return 2;
  }
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  auto module = llvm::parseIRFile(paths[0], diagnostic, context);
  if (!module) {
    diagnostic.print("genx-spirv-writer", llvm::errs());
    return 1;
  }
  llvm::legacy::PassManager passes;
  passes.add(llvm::createGenXSPIRVWriterAdaptorPass(types, single_element_vectors));
  passes.run(*module);
  if (llvm::verifyModule(*module, &llvm::errs())) {
    llvm::errs() << "genx-spirv-writer: the adapted module does not verify\n";
    return 1;
  }
  std::error_code error;
  llvm::raw_fd_ostream out(paths[1], error, llvm::sys::fs::OF_None);
  if (error) {
    llvm::errs() << "genx-spirv-writer: " << paths[1] << ": " << error.message() << "\n";
    return 1;
  }
  llvm::WriteBitcodeToFile(*module, out);
  return 0;
}
