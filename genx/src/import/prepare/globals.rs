//! Global variables (Intel's GlobalValueLowering and CMABI global localization): a global of the
//! private address space is thread-private, as the CM language gives file-scope variables: every
//! thread starts from the initializer with its own copy, and what one thread (or kernel) writes no
//! other sees. Such a global becomes register values where registers can hold it; globals of
//! device memory stay in memory (the data section, see the last paragraph).
//!
//! - Metadata globals (`llvm.global.annotations`, `llvm.used`, `llvm.compiler.used`, section
//!   `llvm.metadata`) and globals nothing uses are dropped.
//! - A constant global, or one no instruction stores to (a table, a constant vector, an array of arrays) becomes a constant vector;
//!   each load from it an `llvm.genx.rdregion` of that vector at the load's byte offset (indirect
//!   when the index is computed at run time).
//! - A mutable global (a vector, scalar or array, the `@EM` mask, an implicit-argument copy, a
//!   pointer) is localized into each kernel that uses it, as Intel's CMABI does whatever the
//!   linkage and however many kernels use it: subroutines that touch it are inlined into their
//!   callers until only kernels do, then each kernel gets a slot initialized with the
//!   initializer, whose accesses become region reads and writes (or whole-value loads and stores
//!   for a predicate or pointer global), and mem2reg promotes it. A pointer global's initializer
//!   may hold another global's address: that global stays in memory, addressed by `faddr`.
//! - A `genx_volatile` global with `genx_byte_offset` is, in the GenX reference, a variable pinned
//!   at a fixed register byte offset, accessed with volatile loads and stores (or
//!   `llvm.genx.vload`/`vstore`) so that each access stays in program order. Pinned registers are
//!   per thread, so each kernel gets its own copy; in a kernel without inline assembly that reads
//!   the register by number, a localized value in program order is the same program.
//!
//! A global registers cannot hold stays a global, in memory (Intel's globals in the data
//! section, addressed by relocation): a global of device memory (an address space other than
//! private: Intel keeps those in memory too, shared by every thread), a constant table that
//! holds pointers or is too large, and, where Intel would localize into per-thread private
//! memory, a private global too large for registers, used by a stack-call or external function,
//! or whose address escapes (docs/zebin.md, "Globals: thread-private or in memory", lists these
//! differences). The memory lowering then addresses it through `llvm.genx.gaddr` (vISA
//! `faddr "symbol"`) and its accesses become messages, and the import lists it in the module's
//! data section ([`crate::data_section`]). A constant global whose address escapes (a printf
//! format string) is left for the rewrite that handles it, and then for memory. What still
//! cannot be compiled keeps a diagnostic located at the global: a predicate global that is not an
//! internal whole-value mask, a mutable global still used by a subroutine after inlining.

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::linkage_of;
use super::region_access::{
    collect_uses, erase_dead, flatten_constant, is_dead_constant, layout_of, AccessKind, Rewriter, Whole,
};
use crate::ir::Linkage;
use genxc_diag::{unsupported, Diagnostic, Location};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::target::LLVMGetModuleDataLayout;
use inkwell::llvm_sys::LLVMLinkage;
use std::collections::BTreeMap;

/// Largest global kept in registers, in bytes (the private-array bound).
const MAX_GLOBAL_BYTES: u64 = super::promote_array::MAX_PRIVATE_ARRAY_BYTES;

/// Most rounds of folding constant region reads and writes of localized globals.
const MAX_FOLD_ROUNDS: u32 = 8;

/// Most rounds of inlining subroutines that use a mutable global into their callers.
const MAX_INLINE_ROUNDS: u32 = 16;

/// Lowers the globals of `m` as the module docs say.
pub fn lower_globals(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    drop_metadata_globals(m);
    drop_unused_globals(m);
    // SAFETY: the module's own data layout, valid while the module lives.
    let td = unsafe { LLVMGetModuleDataLayout(m.0) };
    let rw = Rewriter::new(m.0, td);
    let mut diags = Vec::new();
    let mut mutable = Vec::new();
    for g in m.globals() {
        if is_thread_local(g) || g.is_declaration() {
            continue;
        }
        match localize_whole(m, &rw, g) {
            Ok(true) => continue,
            Ok(false) => {}
            Err(why) => {
                diags.push(at(g, why));
                continue;
            }
        }
        if is_constant(g) || never_stored(td, g) {
            if let Err(why) = lower_constant(td, &rw, g) {
                diags.push(at(g, why));
            }
        } else {
            mutable.push(g);
        }
    }
    if !mutable.is_empty() {
        if let Err(mut d) = localize_mutable(m, td, &rw, &mutable) {
            diags.append(&mut d);
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    drop_unused_globals(m);
    Ok(())
}

/// A whole-value global: an internal `<N x i1>` predicate global (as the CM compiler's SIMD
/// control flow lowering leaves its execution mask `@EM`) or a private pointer global (a cursor
/// into a table), only ever loaded and stored whole. Neither is made of region elements, so the
/// general localization does not take them; a whole-value slot per kernel does (the subroutines
/// that use it inlined first), which mem2reg then promotes. `Ok(false)` when `g` is not such a
/// global, or is a pointer global a stack-call or external function uses (it stays in memory).
fn localize_whole(m: &ModuleRef, rw: &Rewriter, g: Val) -> Result<bool, String> {
    let ty = value_type(g);
    let is_mask = ty.kind() == inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind
        && ty.element().kind() == inkwell::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
        && ty.element().int_width() == 1;
    // SAFETY: a global's type is a pointer type.
    let private = unsafe { LLVMGetPointerAddressSpace(LLVMTypeOf(g.0)) } == 0;
    let is_pointer = ty.kind() == inkwell::llvm_sys::LLVMTypeKind::LLVMPointerTypeKind && private;
    if !(is_mask || is_pointer) || is_constant(g) {
        return Ok(false);
    }
    if is_mask && !matches!(g.linkage(), LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage) {
        return Err("a mutable predicate global visible outside the module".to_string());
    }
    // Whole loads and stores only.
    let whole = |i: Val| match i.opcode() {
        inkwell::llvm_sys::LLVMOpcode::LLVMLoad => i.operand(0) == g && i.ty() == ty,
        inkwell::llvm_sys::LLVMOpcode::LLVMStore => i.operand(1) == g && i.operand(0).ty() == ty,
        _ => false,
    };
    let users = || g.users();
    if !users().into_iter().all(|u| u.is_instruction() && whole(u)) {
        return Ok(false);
    }
    let what = if is_mask { "predicate" } else { "pointer" };
    // Subroutines that use it are inlined into their callers until only kernels do.
    for _ in 0..MAX_INLINE_ROUNDS {
        let mut marked = false;
        for u in users() {
            let f = function_of(u);
            if linkage_of(f) == Ok(Linkage::Kernel) {
                continue;
            }
            let internal =
                matches!(f.linkage(), LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage);
            if !internal || f.has_fn_attr("CMStackCall") || !is_called(f) {
                if is_pointer {
                    return Ok(false);
                }
                return Err(format!(
                    "a mutable predicate global used by @{}, which is not an internal subroutine a kernel calls",
                    f.name()
                ));
            }
            super::by_reference::force_inline(f);
            marked = true;
        }
        if !marked {
            break;
        }
        super::by_reference::run_always_inliner(m);
    }
    if let Some(f) = users().into_iter().map(function_of).find(|&f| linkage_of(f) != Ok(Linkage::Kernel)) {
        return Err(format!("a mutable {what} global still used by @{} after inlining", f.name()));
    }
    let mut slots: BTreeMap<Val, Val> = BTreeMap::new();
    for u in users() {
        let f = function_of(u);
        let slot = *slots.entry(f).or_insert_with(|| {
            let slot = rw.entry_alloca(f, ty, &format!("{}.local", g.name()));
            if let Some(init) = initializer(g).filter(|i| !i.is_undef()) {
                rw.at_entry(f);
                rw.store(init, slot);
            }
            slot
        });
        let k = if u.opcode() == inkwell::llvm_sys::LLVMOpcode::LLVMLoad { 0 } else { 1 };
        // SAFETY: `u` reads or writes `g` through operand `k`; the slot has `g`'s value type.
        unsafe { LLVMSetOperand(u.0, k, slot.0) };
    }
    delete_global(g);
    super::promote_array::mem2reg(m);
    if is_pointer {
        simplify_localized(m, &slots.into_keys().collect::<Vec<_>>());
    }
    Ok(true)
}

/// Folds, in `functions`, what reads of a localized global's initializer opened: a pointer
/// global's loads became the initializer (an address in another global, a constant expression),
/// so a step from it (`&@data[2] + 1`) is a constant address too (`&@data[3]`), one `faddr` plus
/// one offset as Intel's compiler computes it; a folded region read makes the vector it is
/// inserted into a constant. A function computing a value nothing uses is left as it is (see
/// [`super::algebra`]).
fn simplify_localized(m: &ModuleRef, functions: &[Val]) {
    let simplified: Vec<Val> =
        functions.iter().copied().filter(|&f| !super::algebra::has_unused_values(f)).collect();
    super::run_function_passes(
        m,
        &simplified,
        &[inkwell::llvm_sys::transforms::scalar::LLVMAddInstructionSimplifyPass],
    );
}

/// A diagnostic located at global `g`.
fn at(g: Val, why: String) -> Diagnostic {
    Diagnostic::error(unsupported(format!("global @{}: {why}", g.name())))
        .with_location(Location::Symbol(g.name()))
}

fn is_thread_local(g: Val) -> bool {
    // SAFETY: a valid global variable.
    unsafe { LLVMIsThreadLocal(g.0) != 0 }
}

fn is_constant(g: Val) -> bool {
    // SAFETY: a valid global variable.
    unsafe { LLVMIsGlobalConstant(g.0) != 0 }
}

fn value_type(g: Val) -> Ty {
    // SAFETY: a valid global variable.
    Ty(unsafe { LLVMGlobalGetValueType(g.0) })
}

fn initializer(g: Val) -> Option<Val> {
    // SAFETY: a valid global variable.
    let i = unsafe { LLVMGetInitializer(g.0) };
    (!i.is_null()).then_some(Val(i))
}

/// Replaces every remaining (dead constant) use of `g` with undef and deletes it.
fn delete_global(g: Val) {
    // SAFETY: a valid global whose users are dead constants at most.
    unsafe {
        LLVMReplaceAllUsesWith(g.0, LLVMGetUndef(LLVMTypeOf(g.0)));
        LLVMDeleteGlobal(g.0);
    }
}

/// Drops `llvm.global.annotations`, `llvm.used`, `llvm.compiler.used` and what lives in the
/// `llvm.metadata` section: they describe the module to tools, not to the kernel.
fn drop_metadata_globals(m: &ModuleRef) {
    for g in m.globals() {
        // SAFETY: a valid global; the section name is NUL-terminated or null.
        let section = unsafe {
            let p = LLVMGetSection(g.0);
            if p.is_null() {
                String::new()
            } else {
                std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        };
        let name = g.name();
        if section == "llvm.metadata"
            || matches!(name.as_str(), "llvm.global.annotations" | "llvm.used" | "llvm.compiler.used")
        {
            delete_global(g);
        }
    }
}

/// Drops globals no instruction uses (directly or through constant expressions), until none is
/// left; thread-local ones stay for the validator.
fn drop_unused_globals(m: &ModuleRef) {
    loop {
        let dead: Vec<Val> =
            m.globals().into_iter().filter(|&g| !is_thread_local(g) && is_dead_constant(g)).collect();
        if dead.is_empty() {
            return;
        }
        for g in dead {
            delete_global(g);
        }
    }
}

/// A constant global becomes a constant vector read by regions. Left as it is, for another
/// rewrite or for memory, when its address escapes or a register cannot hold it (it holds
/// pointers, or it is larger than [`MAX_GLOBAL_BYTES`]).
fn lower_constant(
    td: inkwell::llvm_sys::target::LLVMTargetDataRef,
    rw: &Rewriter,
    g: Val,
) -> Result<(), String> {
    let Ok(uses) = collect_uses(td, g) else { return Ok(()) };
    let Ok(layout) = layout_of(td, value_type(g)) else { return Ok(()) };
    if layout.bytes > MAX_GLOBAL_BYTES {
        return Ok(());
    }
    let Some(init) = initializer(g) else { return Ok(()) };
    let Ok(flat) = flatten_constant(init, &layout) else { return Ok(()) };
    for a in &uses.accesses {
        rw.rewrite(a, Whole::Constant(flat), &layout)
            .map_err(|e| format!("in function @{}: {e}", function_of(a.inst).name()))?;
    }
    erase_dead(&uses.address_insts);
    Ok(())
}

/// Whether no instruction stores to `g` (a global only read holds its initializer: a constant).
fn never_stored(td: inkwell::llvm_sys::target::LLVMTargetDataRef, g: Val) -> bool {
    collect_uses(td, g).is_ok_and(|u| !u.accesses.iter().any(|a| matches!(a.kind, AccessKind::Store(_))))
}

/// The function an instruction is in.
fn function_of(i: Val) -> Val {
    // SAFETY: a valid instruction in a block of a function.
    Val(unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(i.0)) })
}

/// Localizes the mutable globals into the kernels that use them; a global registers cannot
/// hold (see the module docs) stays in memory.
fn localize_mutable(
    m: &ModuleRef,
    td: inkwell::llvm_sys::target::LLVMTargetDataRef,
    rw: &Rewriter,
    globals: &[Val],
) -> Result<(), Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut ok = Vec::new();
    let mut localized_in = Vec::new();
    let mut pinned_in = Vec::new();
    for &g in globals {
        // SAFETY: a global's type is a pointer type.
        let space = unsafe { LLVMGetPointerAddressSpace(LLVMTypeOf(g.0)) };
        // Device memory, pointers, too large, an escaping address: in memory.
        let Ok(layout) = layout_of(td, value_type(g)) else { continue };
        if space != 0 || layout.bytes > MAX_GLOBAL_BYTES || collect_uses(td, g).is_err() {
            continue;
        }
        ok.push((g, layout));
    }
    // Inline the subroutines that use a global into their callers until only kernels use them;
    // a global a stack-call or external function uses stays in memory.
    for _ in 0..MAX_INLINE_ROUNDS {
        let mut marked = false;
        ok.retain(|&(g, _)| {
            using_functions(td, g).into_iter().all(|f| {
                let internal =
                    matches!(f.linkage(), LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage);
                linkage_of(f) == Ok(Linkage::Kernel)
                    || (internal && !f.has_fn_attr("CMStackCall") && is_called(f))
            })
        });
        for &(g, _) in &ok {
            for f in using_functions(td, g) {
                if linkage_of(f) != Ok(Linkage::Kernel) {
                    super::by_reference::force_inline(f);
                    marked = true;
                }
            }
        }
        if !marked {
            break;
        }
        super::by_reference::run_always_inliner(m);
    }
    for &(g, layout) in &ok {
        let uses = match collect_uses(td, g) {
            Ok(u) => u,
            Err(e) => {
                diags.push(at(g, e));
                continue;
            }
        };
        let mut by_kernel: BTreeMap<Val, Vec<usize>> = BTreeMap::new();
        for (k, a) in uses.accesses.iter().enumerate() {
            by_kernel.entry(function_of(a.inst)).or_default().push(k);
        }
        if let Some(f) = by_kernel.keys().find(|f| linkage_of(**f) != Ok(Linkage::Kernel)) {
            diags.push(at(
                g,
                format!(
                    "a mutable global still used by @{} after inlining (a recursive subroutine?)",
                    f.name()
                ),
            ));
            continue;
        }
        // Thread-private: each kernel using it (however many) gets its own copy. A pinned one
        // (volatile accesses) keeps its accesses as written: its kernels are left out of the folds.
        let pinned = uses.accesses.iter().any(|a| a.volatile);
        // An initializer registers cannot hold (a constant expression): in memory.
        let Ok(init) =
            initializer(g).filter(|i| !i.is_undef()).map(|i| flatten_constant(i, &layout)).transpose()
        else {
            continue;
        };
        for (kernel, list) in by_kernel {
            if pinned {
                pinned_in.push(kernel);
            } else {
                localized_in.push(kernel);
            }
            let slot = rw.entry_alloca(kernel, layout.vector_type(), &format!("{}.local", g.name()));
            if let Some(c) = init {
                rw.at_entry(kernel);
                rw.store(c, slot);
            }
            for k in list {
                if let Err(e) = rw.rewrite(&uses.accesses[k], Whole::Slot(slot), &layout) {
                    diags.push(at(g, format!("in function @{}: {e}", kernel.name())));
                }
            }
        }
        erase_dead(&uses.address_insts);
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    super::promote_array::mem2reg(m);
    localized_in.sort();
    localized_in.dedup();
    localized_in.retain(|k| !pinned_in.contains(k));
    erase_dead_region_accesses(&localized_in);
    // reads of the initializer become constants, the operations on them fold, and writes of
    // constants into a constant copy make the next reads constant too
    for _ in 0..MAX_FOLD_ROUNDS {
        if fold_constant_region_accesses(&localized_in) == 0 {
            break;
        }
        simplify_localized(m, &localized_in);
    }
    Ok(())
}

/// Folds, in `functions`, the region reads and writes of a localized global that mem2reg left on
/// constants (its initializer, or a constant written into it): `rdregion(<5, 0>, 0, 1, 1, 4)` is
/// `0`, the constant the thread's copy holds there, and `wrregion(<5, 0>, 7, 0, 1, 1, 4, true)` is
/// `<5, 7>`, as Intel's compiler propagates them. Returns how many were folded.
fn fold_constant_region_accesses(functions: &[Val]) -> usize {
    let mut folded = 0;
    for i in functions.iter().flat_map(|f| f.blocks()).flat_map(|b| b.instructions()) {
        if let Some(c) = constant_region_read(i).or_else(|| constant_region_write(i)) {
            // SAFETY: `c` is a constant of `i`'s type; `i` is erased after its uses are replaced.
            unsafe {
                LLVMReplaceAllUsesWith(i.0, c.0);
                LLVMInstructionEraseFromParent(i.0);
            }
            folded += 1;
        }
    }
    folded
}

/// The element type's size in bytes of a vector of numbers.
fn element_bytes(elem: Ty) -> Option<i64> {
    match elem.kind() {
        inkwell::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind if elem.int_width().is_multiple_of(8) => {
            Some(i64::from(elem.int_width() / 8))
        }
        inkwell::llvm_sys::LLVMTypeKind::LLVMFloatTypeKind => Some(4),
        inkwell::llvm_sys::LLVMTypeKind::LLVMHalfTypeKind => Some(2),
        inkwell::llvm_sys::LLVMTypeKind::LLVMDoubleTypeKind => Some(8),
        _ => None,
    }
}

/// Element `index` of constant vector `v`, when it folds to a plain constant.
fn constant_element(v: Val, index: i64) -> Option<Val> {
    if index < 0 || index >= i64::from(v.ty().vector_size()) {
        return None;
    }
    // SAFETY: a constant vector and an in-range index: LLVM folds it to the element constant.
    let e = Val(unsafe {
        LLVMConstExtractElement(
            v.0,
            LLVMConstInt(LLVMInt32TypeInContext(LLVMGetTypeContext(v.ty().0)), index as u64, 0),
        )
    });
    (!e.is_constant_expr() && e.is_constant()).then_some(e)
}

/// The source elements a region with these constant parameters covers, in order: `count`
/// indices from `offset` bytes, rows of `width` elements `stride` apart, rows `vstride` apart.
fn region_indices(i: Val, first: u32, elem_bytes: i64, count: i64) -> Option<Vec<i64>> {
    let vstride = i.operand(first).const_int()?;
    let width = i.operand(first + 1).const_int()?;
    let stride = i.operand(first + 2).const_int()?;
    let offset = i.operand(first + 3).const_int()?;
    if width <= 0 || offset % elem_bytes != 0 {
        return None;
    }
    Some((0..count).map(|k| offset / elem_bytes + (k / width) * vstride + (k % width) * stride).collect())
}

/// How many elements a region value of type `t` has (a scalar is one).
fn region_count(t: Ty) -> i64 {
    if t.kind() == inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
        i64::from(t.vector_size())
    } else {
        1
    }
}

/// Whether `f` is the `llvm.genx.` region intrinsic named by `prefix`, with `args` arguments.
fn is_region_call(i: Val, prefix: &str, args: u32) -> bool {
    i.opcode() == inkwell::llvm_sys::LLVMOpcode::LLVMCall && {
        let callee = i.called_value();
        callee.is_function() && callee.name().starts_with(prefix) && i.num_call_args() == args
    }
}

/// The constant an `llvm.genx.wrregion` of a constant into a constant vector at a constant
/// offset, under an all-true mask, makes.
fn constant_region_write(i: Val) -> Option<Val> {
    if !is_region_call(i, "llvm.genx.wrregion", 8) {
        return None;
    }
    let (old, new, mask) = (i.operand(0), i.operand(1), i.operand(7));
    if !old.is_constant()
        || !new.is_constant()
        || old.ty().kind() != inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind
    {
        return None;
    }
    let all_true = mask.const_int() == Some(1) || mask.const_int() == Some(-1);
    if !all_true {
        return None;
    }
    let elem_bytes = element_bytes(old.ty().element())?;
    let count = region_count(new.ty());
    let indices = region_indices(i, 2, elem_bytes, count)?;
    let mut elems: Vec<_> = (0..i64::from(old.ty().vector_size()))
        .map(|k| constant_element(old, k).map(|v| v.0))
        .collect::<Option<Vec<_>>>()?;
    for (k, &index) in indices.iter().enumerate() {
        let value = if new.ty().kind() == inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
            constant_element(new, k as i64)?
        } else {
            new
        };
        *elems.get_mut(usize::try_from(index).ok()?)? = value.0;
    }
    // SAFETY: constants of the old value's element type, as many as it has.
    Some(Val(unsafe { LLVMConstVector(elems.as_mut_ptr(), elems.len() as u32) }))
}

/// The constant an `llvm.genx.rdregion` of a constant vector at a constant offset reads.
fn constant_region_read(i: Val) -> Option<Val> {
    if !is_region_call(i, "llvm.genx.rdregion", 6) {
        return None;
    }
    let src = i.operand(0);
    if !src.is_constant() || src.ty().kind() != inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    let elem_bytes = element_bytes(src.ty().element())?;
    let ty = i.ty();
    let indices = region_indices(i, 1, elem_bytes, region_count(ty))?;
    if ty.kind() != inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
        return constant_element(src, indices[0]);
    }
    let mut elems: Vec<_> =
        indices.iter().map(|&k| constant_element(src, k).map(|v| v.0)).collect::<Option<Vec<_>>>()?;
    // SAFETY: constants of the result's element type, as many as it has.
    Some(Val(unsafe { LLVMConstVector(elems.as_mut_ptr(), elems.len() as u32) }))
}

/// Erases, in `functions`, the region reads and writes of localized globals mem2reg left without
/// users (a write to a copy no later access reads: a thread-private store is dead) and the
/// offset arithmetic only they used.
fn erase_dead_region_accesses(functions: &[Val]) {
    let is_region = |i: Val| {
        i.opcode() == inkwell::llvm_sys::LLVMOpcode::LLVMCall && {
            let callee = i.called_value();
            callee.is_function()
                && (callee.name().starts_with("llvm.genx.rdregion")
                    || callee.name().starts_with("llvm.genx.wrregion"))
        }
    };
    // Lane arithmetic, conversions and element moves: nothing of them is left to do once unused.
    let is_pure_arithmetic = |i: Val| {
        use inkwell::llvm_sys::LLVMOpcode::*;
        super::is_lane_arithmetic(i.opcode())
            || matches!(
                i.opcode(),
                LLVMTrunc | LLVMZExt | LLVMSExt | LLVMBitCast | LLVMInsertElement | LLVMShuffleVector
            )
    };
    let mut work: Vec<Val> = functions
        .iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|&i| is_region(i) && i.users().is_empty())
        .collect();
    while let Some(i) = work.pop() {
        if !i.users().is_empty() {
            continue;
        }
        let operands: Vec<Val> = i.operands().into_iter().filter(|o| o.is_instruction()).collect();
        // SAFETY: an instruction without users and without side effects.
        unsafe { LLVMInstructionEraseFromParent(i.0) };
        for o in operands {
            if o.users().is_empty() && (is_region(o) || is_pure_arithmetic(o)) && !work.contains(&o) {
                work.push(o);
            }
        }
    }
}

/// The defined functions whose instructions use `g` (through any address computation).
fn using_functions(td: inkwell::llvm_sys::target::LLVMTargetDataRef, g: Val) -> Vec<Val> {
    let Ok(uses) = collect_uses(td, g) else { return Vec::new() };
    let mut fs: Vec<Val> = uses.accesses.iter().map(|a| function_of(a.inst)).collect();
    fs.sort();
    fs.dedup();
    fs
}

/// Whether `f` is used at all.
fn is_called(f: Val) -> bool {
    // SAFETY: valid function of a live module.
    unsafe { !LLVMGetFirstUse(f.0).is_null() }
}
