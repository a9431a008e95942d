//! Bitcode read lazily, a function at a time: LLVM reads a module's global values and metadata
//! first and each function body only when it is materialized, so a worker thread can build the
//! module of one chunk of kernels (their functions and what they call) without reading, verifying
//! or importing the others. LLVM's C API has neither per-function materialization nor a way to
//! trim a named metadata node: these go through genxc's C++ shim over LLVM (crate
//! `genxc-llvm-link`, `shim/shim.cpp`).

use genxc_diag::Diagnostic;
use inkwell::context::{AsContextRef, Context};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMModuleRef, LLVMValueRef};
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue};
use std::ffi::{c_char, c_int, c_void, CString};

/// What the shim calls back with each value it finds.
type FoundValue = extern "C" fn(data: *mut c_void, value: LLVMValueRef);

extern "C" {
    fn genxc_read_bitcode_lazily(
        ctx: LLVMContextRef,
        bytes: *const c_char,
        len: usize,
        name: *const c_char,
    ) -> LLVMModuleRef;
    fn genxc_is_materializable(f: LLVMValueRef) -> c_int;
    fn genxc_materialize_function(f: LLVMValueRef) -> c_int;
    fn genxc_referenced_functions(f: LLVMValueRef, found: FoundValue, data: *mut c_void);
    fn genxc_metadata_globals(md: LLVMValueRef, found: FoundValue, data: *mut c_void);
    fn genxc_keep_named_metadata_operands(m: LLVMModuleRef, name: *const c_char, keep: *const u8, n: usize);
    fn genxc_strip_function_debug_info(f: LLVMValueRef) -> c_int;
}

/// Collects what the shim finds into the `Vec<LLVMValueRef>` behind `data`.
extern "C" fn push_value(data: *mut c_void, value: LLVMValueRef) {
    // SAFETY: every caller passes a `&mut Vec<LLVMValueRef>` as `data`.
    let values = unsafe { &mut *data.cast::<Vec<LLVMValueRef>>() };
    values.push(value);
}

/// Reads `bytes` (LLVM bitcode) lazily into a module of `ctx`: its global values and metadata, and
/// every function body left in the bitcode until [`materialize`]d. `None` when LLVM refuses the
/// bitcode (the whole-module read then reports why). The module reads from `bytes`, which outlive
/// it.
pub fn read_lazily<'ctx>(ctx: &'ctx Context, file: &str, bytes: &'ctx [u8]) -> Option<Module<'ctx>> {
    crate::llvm::reading(file, bytes);
    // what LLVM's reader would end the process on is refused first (`llvm::load` says why),
    // unless the command reports LLVM's failures itself
    if !crate::crash_guard::installed() {
        crate::bitstream::check(bytes).ok()?;
    }
    let name = CString::new(file).ok()?;
    // SAFETY: the context is live, and the bytes outlive the module (both borrowed for 'ctx).
    let module = crate::crash_guard::while_reading(file, "LLVM bitcode", || unsafe {
        genxc_read_bitcode_lazily(ctx.as_ctx_ref(), bytes.as_ptr().cast(), bytes.len(), name.as_ptr())
    });
    // SAFETY: a module the shim made for this context, owned by the returned value from here on.
    (!module.is_null()).then(|| unsafe { Module::new(module) })
}

/// Whether the body of `f` is still in the bitcode.
pub fn is_materializable(f: FunctionValue) -> bool {
    // SAFETY: `f` is a live function.
    unsafe { genxc_is_materializable(f.as_value_ref()) != 0 }
}

/// Reads the body of `f` from the bitcode of the input `file` (nothing when it is read already);
/// `false` when LLVM refuses it.
pub fn materialize(f: FunctionValue, file: &str) -> bool {
    // SAFETY: `f` is a live function of a module whose bitcode is still borrowed.
    crate::crash_guard::while_reading(file, "LLVM bitcode", || unsafe {
        genxc_materialize_function(f.as_value_ref()) == 0
    })
}

/// The functions the (materialized) body of `f` refers to, each once, in order of first
/// reference: operands, constants and metadata among them, attached metadata.
pub fn referenced_functions<'ctx>(f: FunctionValue<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let mut found: Vec<LLVMValueRef> = Vec::new();
    // SAFETY: `f` is live; the callback only pushes into `found`.
    unsafe { genxc_referenced_functions(f.as_value_ref(), push_value, (&raw mut found).cast()) };
    let mut seen = foldhash::HashSet::default();
    found
        .into_iter()
        .filter(|v| seen.insert(*v))
        // SAFETY: the shim only reports functions.
        .filter_map(|v| unsafe { FunctionValue::new(v) })
        .collect()
}

/// The global values (as raw LLVM values) a metadata value (a named metadata operand, as the C API
/// gives it) refers to through its nodes and constants, each once.
///
/// # Safety
///
/// `md` must be a live metadata-as-value of a live module.
pub unsafe fn metadata_globals(md: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut found: Vec<LLVMValueRef> = Vec::new();
    // SAFETY: `md` is live (the caller's promise); the callback only pushes into `found`.
    unsafe { genxc_metadata_globals(md, push_value, (&raw mut found).cast()) };
    let mut seen = foldhash::HashSet::default();
    found.retain(|v| seen.insert(*v));
    found
}

/// Keeps the operands `i` of the named metadata `name` of `module` where `keep[i]`, in order; a
/// node left with none is removed, as if the module never had it.
pub fn keep_named_metadata_operands(module: &Module, name: &str, keep: &[bool]) {
    let Ok(name) = CString::new(name) else { return };
    let keep: Vec<u8> = keep.iter().map(|&k| u8::from(k)).collect();
    // SAFETY: the module is live; `keep` holds `keep.len()` flags.
    unsafe {
        genxc_keep_named_metadata_operands(module.as_mut_ptr(), name.as_ptr(), keep.as_ptr(), keep.len())
    }
}

/// Strips the debug information of `f` as LLVM's whole-module bitcode read strips (and warns
/// about) debug info of no known version; `true` when `f` had any.
pub fn strip_debug_info(f: FunctionValue) -> bool {
    // SAFETY: `f` is a live function.
    unsafe { genxc_strip_function_debug_info(f.as_value_ref()) != 0 }
}

/// Verifies a module read lazily, once its functions are materialized or removed, and promotes its
/// stack slots, as [`crate::llvm::load`] does a whole module.
pub fn finish(module: &Module, file: &str) -> Result<(), Diagnostic> {
    crate::llvm::verify_and_promote(module, file, || true)
}
