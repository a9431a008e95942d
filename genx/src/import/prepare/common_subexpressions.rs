//! Common subexpressions of memory accesses, removed by LLVM's own early CSE pass (with
//! MemorySSA), as the LLVM optimization Intel's compiler runs before GenX removes them: a load of
//! an address already loaded with no store in between is the value loaded, and the address
//! arithmetic the memory lowering builds for each getelementptr (the sign extension and the
//! scaling of an index into a 64-bit address, the base plus the scaled index) is built once for
//! every field read or written at that index.
//!
//! It runs on the functions that access memory (found before the memory lowering, by name, since
//! the lowering may rebuild a function with new parameters), and only on them: a function in
//! GenX form compiles the same whatever else its module holds. Before the lowering it runs only
//! on those without an address computation on constants ([`without_constant_addresses`]).

use super::super::raw::{ModuleRef, Val};
use super::{has_instruction_outside_genx_form, RecentCallees};
use inkwell::llvm_sys::transforms::scalar::{LLVMAddDCEPass, LLVMAddEarlyCSEMemSSAPass};

/// The names of the defined functions of `m` that access memory (an instruction the memory
/// lowering rewrites).
pub fn functions_accessing_memory(m: &ModuleRef) -> Vec<String> {
    let mut memory_callees = RecentCallees::default();
    m.functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .filter(|&f| has_instruction_outside_genx_form(f, &mut memory_callees))
        .map(|f| f.name())
        .collect()
}

/// The functions of `names` without an address computation on constants only (a
/// getelementptr or pointer cast of a global with constant indices): the early CSE would fold it
/// into a constant expression, which the memory lowering does not follow inside the constant
/// expressions built on it.
pub fn without_constant_addresses(m: &ModuleRef, names: &[String]) -> Vec<String> {
    use inkwell::llvm_sys::LLVMOpcode::*;
    let constant_address = |i: Val| {
        matches!(
            i.opcode(),
            LLVMGetElementPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMPtrToInt | LLVMIntToPtr
        ) && i.operands().into_iter().all(|o| o.is_constant())
    };
    m.functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && names.contains(&f.name()))
        .filter(|f| !f.blocks().into_iter().flat_map(|b| b.instructions()).any(constant_address))
        .map(|f| f.name())
        .collect()
}

/// Runs LLVM's early CSE (with MemorySSA, so redundant loads go too) over the functions of `m`
/// named in `names` that are still defined, then LLVM's dead code elimination: an instruction
/// whose last use the CSE replaced after visiting it (an `insertelement` whose lane a later
/// `extractelement` read) is removed rather than selected.
pub fn eliminate_common_subexpressions(m: &ModuleRef, names: &[String]) {
    let funcs: Vec<Val> =
        m.functions().into_iter().filter(|f| !f.is_declaration() && names.contains(&f.name())).collect();
    super::run_function_passes(m, &funcs, &[LLVMAddEarlyCSEMemSSAPass, LLVMAddDCEPass]);
}
