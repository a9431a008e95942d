//! Preparation of an LLVM module for import: rewrites, on the LLVM module itself, the constructs
//! real producers write (the CM compiler, DPC++ ESIMD, ISPC) into the restricted form of the GenX
//! reference that [`super::validate`] accepts and [`super::convert`] imports. It is genxc's
//! counterpart of the IR passes Intel's Vector Compiler runs before GenX (CMABI, load/store
//! lowering, array promotion, global value lowering, printf resolution).
//!
//! [`prepare_module`] owns the order of the rewrites. It leaves a module already in GenX form
//! untouched (no pointer, global or aggregate left after mem2reg), so such a module imports
//! exactly as before. A construct that no rewrite handles stays in the module and the validator
//! names it, located, as before.

mod aggregates;
pub mod algebra;
mod assert_print;
mod bfloat;
mod builder;
mod by_reference;
mod cast_callees;
mod common_subexpressions;
mod compiler_copies;
mod constant_fold;
mod dead_phis;
mod double_frem;
mod function_pointers;
mod globals;
mod linkage;
mod memory;
mod min_max;
mod opencl_builtins;
mod overwritten_lanes;
mod packed_values;
mod predefined_vars;
mod predicate_selects;
mod predicated_update;
pub mod printf;
mod private_stack;
mod promote_array;
mod reductions;
mod region_access;
pub mod region_past_end;
mod select_arms;
mod select_diamonds;
mod simd_cf;
mod simd_cf_em;
mod simd_cf_source;
mod simd_unmask;
#[cfg(test)]
mod simplify_tests;
mod spirv_builtins;
mod svm_scaled4;
mod unroll;
mod untyped_atomics;

pub use memory::{ACCESS_ATTR, MEMORY_ATTR};
pub use private_stack::{
    private_bytes, PrivateStack, StackThreadIndex, MAX_STACK_BYTES_PER_THREAD, PRIVATE_BASE_INTRINSIC,
    STACK_BYTES_PER_THREAD, STACK_THREAD_SLOTS,
};

use super::opcode_walk::OpcodeSet;
use super::raw::{ModuleRef, Ty, Val};
use crate::Platform;
use genxc_diag::Diagnostic;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// Rewrites `m` into the form the GenX import takes, for `platform`, with `stack` (bytes and
/// thread index) of private stack memory per thread. `needed` is [`needs_preparation`] of `m` as
/// given (asked again only when the rewrites made in every module change something). Errors are
/// located diagnostics of constructs a rewrite recognized and cannot compile (never a partial
/// rewrite left for the import to misread).
pub fn prepare_module(
    m: &ModuleRef,
    platform: Platform,
    stack: PrivateStack,
    needed: bool,
) -> Result<(), Vec<Diagnostic>> {
    // Operations on constants become the constants they compute (LLVM's constant folder), in
    // every module.
    let mut changed = constant_fold::fold_constant_operations(m);
    changed += min_max::select_min_max(m);
    // Operations of two selects on one predicate with constant arms on one side become one
    // select of the operation, and shuffle lanes later insertions overwrite are left undefined,
    // in every module.
    changed += fold_lanes(m);
    // Loop-carried values nothing reads go with the operations only they use, in every module.
    changed += dead_phis::remove_dead_phis(m);
    if !(if changed == 0 { needed } else { needs_preparation(m) }) {
        return Ok(());
    }
    // Calls through a bitcast of a function become direct calls of it (before the rewrites that
    // ask whether a function is only called).
    cast_callees::call_cast_callees_directly(m);
    // Calls of OpenCL built-in functions (and their SPIR-V names) become the operations they
    // stand for (first: the expansions use LLVM intrinsics and reductions later rewrites lower).
    opencl_builtins::expand_opencl_builtins(m)?;
    // frem of doubles (also from fmod, remainder, remquo) becomes the exact loop, inlined.
    double_frem::expand_double_frem(m, platform);
    // Defined functions that are neither kernels nor stack calls become internal subroutines.
    linkage::internalize_subroutines(m);
    // Copies Intel's GenX passes insert (constant materialization, address conversion) become the
    // values they copy.
    compiler_copies::replace_compiler_copies(m);
    // LLVM's vector reductions become any/all of a predicate or trees of region reads.
    reductions::expand_reductions(m);
    // The untyped surface atomics (dword offsets) become dword atomics at byte offsets.
    untyped_atomics::lower_untyped_atomics(m);
    // Without 64-bit integer instructions, SVM four-channel gathers and scatters become one per
    // channel at addresses added here.
    svm_scaled4::split_svm_scaled4(m, platform);
    // Globals naming vISA predefined variables become reads and writes of them by number.
    predefined_vars::lower_predefined_vars(m)?;
    // Function pointers become i64 addresses of stack functions, calls through them calls
    // through those addresses (before the globals: a constant table of them is read here).
    function_pointers::lower_function_pointers(m)?;
    // Globals: metadata and unused ones dropped, constant tables become constant vectors,
    // mutable ones are localized into the kernels that use them.
    globals::lower_globals(m)?;
    // SPIR-V built-ins with two results (add with carry, extended multiply) become the plain
    // operations, stored into their result slot.
    spirv_builtins::translate_spirv_builtins(m)?;
    // Subroutines that take or return struct and array values are inlined, and the functions
    // that cannot be (stack calls) get one parameter per element and a packed vector result.
    aggregates::pass_aggregates_across_calls(m);
    // Subroutines that take arguments by reference are inlined into their callers, and the
    // stack slots this leaves (and SROA-able aggregates) become SSA values.
    by_reference::inline_by_reference_calls(m);
    // bfloat values become the i16 of their bits; their arithmetic goes through float (after the
    // inlining, so subroutines taking bfloat are gone; before the memory lowering, which then
    // sees loads and stores of i16).
    bfloat::lower_bfloat(m, platform)?;
    // SIMD control flow in the source form becomes gotos and joins, and SIMD unmask regions
    // stores of an all-ones execution mask (before the memory lowering: a store through a pointer
    // under SIMD control flow is refused, not unmasked).
    for f in m.functions() {
        simd_cf_source::lower(f).map_err(|d| vec![d])?;
    }
    // Calls of the assert built-in become calls of the external function with the format's
    // address (before printf, which would otherwise take it for a printf).
    assert_print::lower_assert_print(m)?;
    // printf calls become writes to the printf buffer through a global pointer, which the memory
    // lowering then selects like any other store.
    printf::resolve_printf(m)?;
    // Stack slots SROA and mem2reg leave (arrays indexed at run time) become vector values.
    promote_array::promote_arrays(m)?;
    // The stack slots left (too large for registers, or whose address escapes) get places in
    // per-thread stack memory, and stack functions take pointers as 64-bit addresses.
    private_stack::place_private_memory(m, platform.grf_bytes(), stack)?;
    // Struct and array values (insertvalue/extractvalue chains, phis, selects) split into their
    // elements.
    aggregates::split_aggregate_values(m);
    // (the selects and shuffles of split aggregates, folded as in every module above) Vectors
    // packed from the lanes of one vector, or from phis carrying its parts around a loop, stay
    // that vector (a struct passed packed to a subroutine and returned by it).
    fold_lanes(m);
    {
        let b = builder::Builder::new(m);
        for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
            packed_values::keep_vectors_whole(&b, f);
        }
    }
    // Loads of an address already loaded become the loaded value (LLVM's early CSE), before the
    // memory lowering makes messages of them (in the functions without an address computed from
    // constants only, which folding would make a constant expression), and the address arithmetic it
    // builds is built once per index (the same pass after it), in the functions that access
    // memory.
    let accessing = common_subexpressions::functions_accessing_memory(m);
    common_subexpressions::eliminate_common_subexpressions(
        m,
        &common_subexpressions::without_constant_addresses(m, &accessing),
    );
    // Pointer kernel arguments become integer addresses, and accesses through them messages.
    memory::lower_memory(m, platform)?;
    common_subexpressions::eliminate_common_subexpressions(m, &accessing);
    // Goto and join blocks in the shape selection takes.
    for f in m.functions() {
        simd_cf::conform(f);
    }
    Ok(())
}

/// Whether anything in `m` is outside the GenX form: a global, a pointer-typed parameter or
/// instruction, an aggregate value other than the results of the intrinsics that return structs,
/// SIMD control flow (whose blocks may need conforming), or a call of an intrinsic a rewrite
/// expands (SPIR-V built-ins, Intel's compiler copies, LLVM's vector reductions, the untyped
/// atomics, the SVM four-channel messages), bfloat values, a stack function with more arguments
/// than `%arg` holds, or a call of a declared-only function (whose caller sets up the stack).
///
/// One walk over the module asks each function every question once (the functions in order, a
/// function's own facts before its instructions), stopping at the first that holds.
pub fn needs_preparation(m: &ModuleRef) -> bool {
    if !m.globals().is_empty() {
        return true;
    }
    let mut memory_callees = RecentCallees::default();
    m.functions().into_iter().any(|f| {
        function_pointers::is_address_taken(f)
            || cast_callees::is_called_through_cast(f)
            || private_stack::may_pass_arguments_on_stack(m, f)
            || if f.is_declaration() {
                f.with_name(declares_rewritten_intrinsic)
                    || bfloat::signature_has_bfloat(f)
                    || private_stack::is_called_declared_function(f)
            } else {
                linkage::is_plain_external_function(f)
                    || f.function_type().param_types().into_iter().any(is_pointer)
                    || aggregates::has_aggregate_signature(f)
                    || has_instruction_outside_genx_form(f, &mut memory_callees)
            }
    })
}

/// Whether a declared function named `name` is one a rewrite expands or needs: SIMD control flow
/// (whose blocks may need conforming), the unmask intrinsics, SPIR-V and OpenCL built-ins,
/// Intel's compiler copies, LLVM's vector reductions, the untyped atomics, the SVM four-channel
/// messages.
fn declares_rewritten_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.genx.simdcf.")
        || simd_unmask::is_unmask(name)
        || spirv_builtins::is_spirv_builtin(name)
        || opencl_builtins::is_opencl_builtin(name)
        || compiler_copies::is_compiler_copy(name)
        || reductions::is_reduction(name)
        || untyped_atomics::is_untyped_atomic(name)
        || svm_scaled4::is_svm_scaled4(name)
}

/// The lane folds every module gets ([`select_arms`], [`overwritten_lanes`]) over each defined
/// function of `m`; returns how many instructions they rewrote.
fn fold_lanes(m: &ModuleRef) -> usize {
    let b = builder::Builder::new(m);
    let binary = OpcodeSet::of(select_arms::BINARY_LANE_ARITHMETIC);
    let shuffles = OpcodeSet::of(&[LLVMOpcode::LLVMShuffleVector]);
    m.functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .map(|f| {
            select_arms::fold_selects_feeding_operations(&b, f, &binary)
                + overwritten_lanes::undefine_overwritten_lanes(&b, f, &shuffles)
        })
        .sum()
}

extern "C" {
    /// InstSimplify over one function without a pass manager (genxc's shim over LLVM, crate
    /// genxc-llvm-link): 1 when the function changed.
    fn genxc_simplify_instructions(f: inkwell::llvm_sys::prelude::LLVMValueRef) -> std::ffi::c_int;
}

/// Runs LLVM's instruction simplifier over `f` (a defined function), as the legacy pass manager's
/// InstSimplify pass does but without the pass manager and its analyses around it; whether `f`
/// changed.
pub(super) fn simplify_instructions(f: Val) -> bool {
    // SAFETY: `f` is a live defined function.
    unsafe { genxc_simplify_instructions(f.0) != 0 }
}

/// A pass LLVM's C API adds to a pass manager (`LLVMAdd...Pass`).
pub(super) type AddPass = unsafe extern "C" fn(inkwell::llvm_sys::prelude::LLVMPassManagerRef);

/// Runs LLVM's function passes `passes`, in order, over each of `functions` (defined functions of
/// module `m`), one pass manager for all of them.
pub(super) fn run_function_passes(m: &ModuleRef, functions: &[Val], passes: &[AddPass]) {
    if functions.is_empty() {
        return;
    }
    use inkwell::llvm_sys::core::*;
    // SAFETY: `m` is a live module; the function pass manager is created for it and disposed of
    // here, and the functions run are defined functions of it.
    unsafe {
        let fpm = LLVMCreateFunctionPassManagerForModule(m.0);
        for add in passes {
            add(fpm);
        }
        LLVMInitializeFunctionPassManager(fpm);
        for f in functions {
            LLVMRunFunctionPassManager(fpm, f.0);
        }
        LLVMFinalizeFunctionPassManager(fpm);
        LLVMDisposePassManager(fpm);
    }
}

/// Whether `op` is lane-wise integer or float arithmetic that cannot trap (no division or
/// remainder).
pub(super) fn is_lane_arithmetic(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        op,
        LLVMAdd
            | LLVMSub
            | LLVMMul
            | LLVMFAdd
            | LLVMFSub
            | LLVMFMul
            | LLVMShl
            | LLVMLShr
            | LLVMAShr
            | LLVMAnd
            | LLVMOr
            | LLVMXor
            | LLVMFNeg
    )
}

/// Whether `op` is a compare, a select or a conversion between number types (none can trap).
fn is_compare_select_or_conversion(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        op,
        LLVMICmp
            | LLVMFCmp
            | LLVMSelect
            | LLVMTrunc
            | LLVMZExt
            | LLVMSExt
            | LLVMFPTrunc
            | LLVMFPExt
            | LLVMFPToUI
            | LLVMFPToSI
            | LLVMUIToFP
            | LLVMSIToFP
    )
}

extern "C" {
    /// genxc's shim over LLVM (crate genxc-llvm-link): the first instruction of function `f`
    /// after `after` (from the start when null) that may be outside the GenX form, a superset
    /// of those [`outside_genx_form`] finds; null when none is.
    fn genxc_next_outside_candidate(
        f: inkwell::llvm_sys::prelude::LLVMValueRef,
        after: inkwell::llvm_sys::prelude::LLVMValueRef,
    ) -> inkwell::llvm_sys::prelude::LLVMValueRef;
}

/// Whether an instruction of defined function `f` is [`outside_genx_form`]: asked only of the
/// instructions the shim's cheap test picks (every one that can be), which one call into LLVM
/// finds among the others.
fn has_instruction_outside_genx_form(f: Val, memory_callees: &mut RecentCallees) -> bool {
    let mut at = std::ptr::null_mut();
    loop {
        // SAFETY: `f` is a live defined function and `at` null or one of its instructions.
        at = unsafe { genxc_next_outside_candidate(f.0, at) };
        if at.is_null() {
            return false;
        }
        if outside_genx_form(Val(at), memory_callees) {
            return true;
        }
    }
}

/// Whether an instruction needs a rewrite: one that works on memory or yields a pointer (a
/// function pointer among them), calls through a pointer, makes an aggregate value, has bfloat
/// values, or is a `frem` of doubles.
fn outside_genx_form(i: Val, memory_callees: &mut RecentCallees) -> bool {
    use LLVMOpcode::*;
    let op = i.opcode();
    if matches!(
        op,
        LLVMAlloca
            | LLVMLoad
            | LLVMStore
            | LLVMGetElementPtr
            | LLVMAtomicRMW
            | LLVMAtomicCmpXchg
            | LLVMAddrSpaceCast
            | LLVMIntToPtr
            | LLVMPtrToInt
    ) {
        return true;
    }
    let ty = i.ty();
    if is_pointer(ty)
        || bfloat::is_bfloat(ty)
        || aggregates::is_aggregate(ty) && aggregates::makes_aggregate(i)
    {
        return true;
    }
    match op {
        LLVMFRem => double_frem::is_double_frem(i),
        LLVMExtractValue | LLVMInsertValue => aggregates::makes_aggregate(i),
        LLVMCall => {
            let callee = i.called_value();
            if callee.is_function() {
                memory_callees.is_memory_intrinsic(callee)
            } else {
                // a call through a function pointer
                !callee.is_inline_asm()
            }
        }
        _ => false,
    }
}

/// Slots of [`RecentCallees`] (a power of two).
const RECENT_CALLEES: usize = 16;

/// [`is_memory_intrinsic`] of the functions called lately, by the function's address: a module
/// calls few functions many times, and the name is read once per function instead of per call
/// (a collision only reads it again).
struct RecentCallees([(Val, bool); RECENT_CALLEES]);

impl Default for RecentCallees {
    fn default() -> Self {
        RecentCallees([(Val(std::ptr::null_mut()), false); RECENT_CALLEES])
    }
}

impl RecentCallees {
    /// [`is_memory_intrinsic`] of function `f`.
    fn is_memory_intrinsic(&mut self, f: Val) -> bool {
        let slot = crate::import::validate::recent_slot(f.0 as usize, RECENT_CALLEES);
        if self.0[slot].0 == f {
            return self.0[slot].1;
        }
        let memory = is_memory_intrinsic(f);
        self.0[slot] = (f, memory);
        memory
    }
}

/// Whether function `f` is `llvm.memcpy`, `llvm.memmove` or `llvm.memset` (whose pointer operands
/// may be constants, so no instruction of the function has a pointer type).
fn is_memory_intrinsic(f: Val) -> bool {
    // (the name read once: a lookup in the context's table of value names)
    f.with_name(|name| {
        name.starts_with("llvm.mem")
            && ["llvm.memcpy", "llvm.memmove", "llvm.memset"].iter().any(|p| name.starts_with(p))
    })
}

/// Whether `t` is a pointer type.
fn is_pointer(t: Ty) -> bool {
    t.kind() == LLVMTypeKind::LLVMPointerTypeKind
}
