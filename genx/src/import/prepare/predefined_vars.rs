//! Predefined-variable globals (`@llvm.vc.predef.var.*`, attribute `"VCPredefinedVariable"`): Intel's
//! Vector Compiler names vISA predefined variables by such globals and reaches them with
//! `llvm.vc.internal.read.variable.region(var, vstride, width, stride, offset)` and
//! `llvm.vc.internal.write.variable.region(var, value, stride, offset, mask)`. Its front ends write
//! two, both one 64-bit address: the implicit-argument buffer pointer (`impl.args.buf`, vISA
//! `%impl_arg_buf_ptr`) and the local-id buffer pointer (`loc.id.buf`, `%local_id_buf_ptr`).
//!
//! Each read becomes `llvm.genx.read.predef.reg` of the variable's vISA number as an `i64`,
//! broadcast when the read gives a vector (a region of a one-element variable reads its element
//! in every lane); each write of one `i64` with an all-true mask becomes
//! `llvm.genx.write.predef.reg`. Selection then reads and writes the vISA variable by name, as
//! Intel's compiler does. What cannot be said that way is refused, located at the instruction: a
//! region reaching past the variable's one element, a write of several elements or under a mask,
//! any other use of the global; an unknown `@llvm.vc.predef.var.*` is refused at the global.

use super::super::raw::{ModuleRef, Val};
use super::super::validate::inst_label;
use super::builder::{Builder, NONAME};
use genxc_diag::{unsupported, Diagnostic, Location};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// The prefix of the globals that name vISA predefined variables.
const PREFIX: &str = "llvm.vc.predef.var.";

/// The vISA predefined variable a `@llvm.vc.predef.var.<name>` global names: its number (the
/// first operand of `llvm.genx.read/write.predef.reg`) and its text name.
fn visa_variable(name: &str) -> Option<(u64, &'static str)> {
    match name {
        "impl.args.buf" => Some((18, "%impl_arg_buf_ptr")),
        "loc.id.buf" => Some((19, "%local_id_buf_ptr")),
        _ => None,
    }
}

/// Whether `g` is a predefined-variable global.
fn is_predefined(g: Val) -> bool {
    g.name().starts_with(PREFIX)
}

/// The function an instruction is in.
fn parent_function(i: Val) -> Val {
    // SAFETY: an instruction of a live function.
    Val(unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(i.0)) })
}

/// Rewrites the reads and writes of every predefined-variable global of `m` into
/// `llvm.genx.read/write.predef.reg` and deletes the globals; refuses what cannot be rewritten.
pub fn lower_predefined_vars(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let globals: Vec<Val> = m.globals().into_iter().filter(|&g| is_predefined(g)).collect();
    if globals.is_empty() {
        return Ok(());
    }
    let b = Builder::new(m);
    for g in globals {
        let name = g.name();
        let short = &name[PREFIX.len()..];
        let users = g.users();
        let Some((id, var)) = visa_variable(short) else {
            if !users.is_empty() {
                diags.push(
                    Diagnostic::error(unsupported(format!(
                        "@{name}: an unknown vISA predefined variable ({short})"
                    )))
                    .with_location(Location::Symbol(name)),
                );
            }
            continue;
        };
        for u in users {
            if let Err(why) = rewrite_use(m, &b, g, u, id, var) {
                let d = if u.is_instruction() {
                    Diagnostic::in_function(parent_function(u).name(), Some(inst_label(u)), unsupported(why))
                } else {
                    Diagnostic::error(unsupported(why)).with_location(Location::Symbol(name.clone()))
                };
                diags.push(d);
            }
        }
        if diags.is_empty() {
            // SAFETY: a global of the module whose uses were all rewritten.
            unsafe {
                if LLVMGetFirstUse(g.0).is_null() {
                    LLVMDeleteGlobal(g.0);
                }
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// Which of Intel's variable-region intrinsics a callee is.
fn variable_region(callee: Val) -> Option<bool> {
    if !callee.is_function() {
        return None;
    }
    let n = callee.name();
    if n.starts_with("llvm.vc.internal.read.variable.region.") {
        Some(false)
    } else if n.starts_with("llvm.vc.internal.write.variable.region.") {
        Some(true)
    } else {
        None
    }
}

/// Rewrites use `u` of predefined-variable global `g` (vISA variable `id`, named `var`).
fn rewrite_use(m: &ModuleRef, b: &Builder, g: Val, u: Val, id: u64, var: &str) -> Result<(), String> {
    let gname = g.name();
    let is_call = u.is_instruction() && u.opcode() == LLVMOpcode::LLVMCall;
    let kind = if is_call { variable_region(u.called_value()) } else { None };
    let Some(write) = kind.filter(|_| u.num_call_args() >= 1 && u.operand(0) == g) else {
        return Err(format!(
            "@{gname} (the vISA predefined variable {var}) used other than by \
             llvm.vc.internal.read/write.variable.region: not modeled"
        ));
    };
    let konst = |i: u32, what: &str| {
        u.operand(i).const_int().ok_or_else(|| format!("{var}: the {what} of the region must be a constant"))
    };
    b.before(u);
    // SAFETY: `u` is a live call of the module; the new calls are built before it, its uses are
    // replaced and it is erased last.
    unsafe {
        let i64t = LLVMInt64TypeInContext(b.ctx);
        let i32t = LLVMInt32TypeInContext(b.ctx);
        let idv = LLVMConstInt(i32t, id, 0);
        if write {
            if u.num_call_args() != 5 {
                return Err(format!("a write of {var} with {} operands (expected 5)", u.num_call_args()));
            }
            let value = u.operand(1);
            let (_stride, offset) = (konst(2, "stride")?, konst(3, "offset")?);
            let t = value.ty();
            let one = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.vector_size() == 1 } else { true };
            let elem = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
            if !one || elem.kind() != LLVMTypeKind::LLVMIntegerTypeKind || elem.int_width() != 64 {
                return Err(format!("a write of {} into {var}, which is one i64", t.print()));
            }
            if offset != 0 {
                return Err(format!("a write of {var} at byte offset {offset}, past its one element"));
            }
            let mask = u.operand(4);
            let all_set = mask.const_int().is_some_and(|v| v & 1 == 1)
                || mask.const_vector_elems().is_some_and(|es| {
                    es.iter().all(|e| e.const_int() == Some(-1) || e.const_int() == Some(1))
                });
            if !all_set {
                return Err(format!("a write of {var} under a mask that is not all set: not modeled"));
            }
            let scalar = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                LLVMBuildExtractElement(b.b, value.0, LLVMConstInt(i32t, 0, 0), NONAME)
            } else {
                value.0
            };
            let f = predef_reg_function(m, "write", i64t);
            let mut args = [idv, scalar];
            LLVMBuildCall2(b.b, LLVMGlobalGetValueType(f), f, args.as_mut_ptr(), 2, NONAME);
        } else {
            if u.num_call_args() != 5 {
                return Err(format!("a read of {var} with {} operands (expected 5)", u.num_call_args()));
            }
            let (vstride, width, stride, offset) =
                (konst(1, "vertical stride")?, konst(2, "width")?, konst(3, "stride")?, konst(4, "offset")?);
            let t = u.ty();
            let n = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.vector_size() as i64 } else { 1 };
            let elem = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
            if elem.kind() != LLVMTypeKind::LLVMIntegerTypeKind || elem.int_width() != 64 {
                return Err(format!("a read of {} from {var}, which is one i64", t.print()));
            }
            // the elements the region reaches: every row at vstride, every column at stride
            let rows = if width > 0 { n / width } else { 0 };
            let last = offset / 8 + (rows - 1).max(0) * vstride + (width.min(n) - 1).max(0) * stride;
            if offset != 0 || width <= 0 || vstride < 0 || stride < 0 || n % width != 0 || last != 0 {
                return Err(format!(
                    "a read of {var} with region <{vstride};{width},{stride}> at byte offset {offset}: \
                     it reaches past the variable's one element"
                ));
            }
            let f = predef_reg_function(m, "read", i64t);
            let mut args = [idv, LLVMGetUndef(i64t)];
            let s = LLVMBuildCall2(b.b, LLVMGlobalGetValueType(f), f, args.as_mut_ptr(), 2, NONAME);
            let r = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                let v = LLVMBuildInsertElement(b.b, LLVMGetUndef(t.0), s, LLVMConstInt(i32t, 0, 0), NONAME);
                let zeros = LLVMConstNull(LLVMVectorType(i32t, n as u32));
                LLVMBuildShuffleVector(b.b, v, LLVMGetUndef(t.0), zeros, NONAME)
            } else {
                s
            };
            LLVMReplaceAllUsesWith(u.0, r);
        }
        LLVMInstructionEraseFromParent(u.0);
    }
    Ok(())
}

/// `llvm.genx.<op>.predef.reg.i64.i64`, declared when missing.
///
/// # Safety
/// `t` is the module's `i64` type.
unsafe fn predef_reg_function(
    m: &ModuleRef,
    op: &str,
    t: inkwell::llvm_sys::prelude::LLVMTypeRef,
) -> inkwell::llvm_sys::prelude::LLVMValueRef {
    let name = std::ffi::CString::new(format!("llvm.genx.{op}.predef.reg.i64.i64")).unwrap_or_default();
    let mut f = LLVMGetNamedFunction(m.0, name.as_ptr());
    if f.is_null() {
        let mut ps = [LLVMInt32TypeInContext(LLVMGetTypeContext(t)), t];
        let fty = LLVMFunctionType(t, ps.as_mut_ptr(), 2, 0);
        f = LLVMAddFunction(m.0, name.as_ptr(), fty);
    }
    f
}
