//! SPIR-V built-in calls front ends emit for integer operations with two results (what Intel's
//! `GenXTranslateSPIRVBuiltins` pass expands): `__spirv_IAddCarry`, `__spirv_ISubBorrow`,
//! `__spirv_UMulExtended` and `__spirv_SMulExtended`, called either with a struct result
//! `{ low, high }` or, as the SPIR-V translator writes them, with an `sret` pointer to a stack slot
//! that receives it.
//!
//! Each call becomes the plain operations on its operands (scalars or vectors of one integer
//! type): the sum or difference and its carry or borrow as 0/1 from an unsigned compare; the low
//! half of a product, and its high half from `llvm.genx.umulh`/`smulh` for 32-bit elements or a
//! product in 32 bits for 8- and 16-bit ones. The result is stored field by field into the slot
//! (through the slot itself when the pointer is an address-space cast of it, so the slot stays
//! promotable) or rebuilt as a struct value, which [`super::aggregates`] splits.
//!
//! An extended multiply of 64-bit elements is refused, located: it needs a 128-bit product.

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::inst_label;
use super::builder::{Builder, NONAME};
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// The SPIR-V built-ins with a `{ low, high }` result this rewrite expands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TwoResultOp {
    /// `OpIAddCarry`: the sum and the carry out (0 or 1).
    IAddCarry,
    /// `OpISubBorrow`: the difference and the borrow (1 when the second operand is larger).
    ISubBorrow,
    /// `OpUMulExtended`: the low and high halves of the unsigned product.
    UMulExtended,
    /// `OpSMulExtended`: the low and high halves of the signed product.
    SMulExtended,
}

impl TwoResultOp {
    /// The built-in a callee name calls, mangled (`_Z17__spirv_IAddCarryDv16_iS_`) or not.
    fn of_callee(name: &str) -> Option<Self> {
        // The length prefix of a mangled name is not trusted (producers have been seen to
        // miscount it): the name after it starts with the built-in's, the parameter types follow.
        let ops = [Self::IAddCarry, Self::ISubBorrow, Self::UMulExtended, Self::SMulExtended];
        match name.strip_prefix("_Z") {
            Some(rest) => {
                let base = rest.trim_start_matches(|c: char| c.is_ascii_digit());
                ops.into_iter().find(|op| base.starts_with(op.name()))
            }
            None => ops.into_iter().find(|op| name == op.name()),
        }
    }

    /// The SPIR-V name, for diagnostics.
    fn name(self) -> &'static str {
        match self {
            Self::IAddCarry => "__spirv_IAddCarry",
            Self::ISubBorrow => "__spirv_ISubBorrow",
            Self::UMulExtended => "__spirv_UMulExtended",
            Self::SMulExtended => "__spirv_SMulExtended",
        }
    }
}

/// Whether a declared function named `name` is a SPIR-V two-result built-in.
pub fn is_spirv_builtin(name: &str) -> bool {
    TwoResultOp::of_callee(name).is_some()
}

/// Expands every call of a SPIR-V two-result built-in in `m`.
pub fn translate_spirv_builtins(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let calls: Vec<(Val, TwoResultOp)> = m
        .functions()
        .into_iter()
        .filter(|f| f.is_declaration())
        .filter_map(|f| TwoResultOp::of_callee(&f.name()).map(|op| (f, op)))
        .flat_map(|(f, op)| callers(f).into_iter().map(move |c| (c, op)))
        .collect();
    if calls.is_empty() {
        return Ok(());
    }
    let b = Builder::new(m);
    let mut diags = Vec::new();
    let mut declarations: Vec<Val> = calls.iter().map(|&(c, _)| c.called_value()).collect();
    declarations.sort();
    declarations.dedup();
    for (call, op) in calls {
        if let Err(why) = expand(m, &b, call, op) {
            // SAFETY: a call instruction of a live function.
            let f = Val(unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(call.0)) });
            diags.push(Diagnostic::in_function(f.name(), Some(inst_label(call)), unsupported(why)));
        }
    }
    for f in declarations {
        // SAFETY: a declaration of the module (once in the list), deleted when nothing uses it.
        unsafe {
            if LLVMGetFirstUse(f.0).is_null() {
                LLVMDeleteFunction(f.0);
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// The calls of `f` (uses as the callee of a call instruction).
fn callers(f: Val) -> Vec<Val> {
    let mut out = Vec::new();
    // SAFETY: valid function; iteration ends with null.
    unsafe {
        let mut u = LLVMGetFirstUse(f.0);
        while !u.is_null() {
            let user = Val(LLVMGetUser(u));
            if user.is_instruction()
                && user.opcode() == LLVMOpcode::LLVMCall
                && user.called_value() == f
                && !out.contains(&user)
            {
                out.push(user);
            }
            u = LLVMGetNextUse(u);
        }
    }
    out
}

/// Element type and width of an integer scalar or vector type.
fn int_elements(t: Ty) -> Option<u32> {
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    (e.kind() == LLVMTypeKind::LLVMIntegerTypeKind).then(|| e.int_width())
}

/// Replaces one call by the operations it stands for.
fn expand(m: &ModuleRef, b: &Builder, call: Val, op: TwoResultOp) -> Result<(), String> {
    let n = call.num_call_args();
    let ret = call.ty();
    // The struct-result form takes (a, b); the sret form (slot, a, b).
    let (slot, a, c) = match n {
        2 => (None, call.operand(0), call.operand(1)),
        3 => (Some(call.operand(0)), call.operand(1), call.operand(2)),
        _ => return Err(format!("{} with {n} operands (expected 2, or 3 with a result pointer)", op.name())),
    };
    let t = a.ty();
    let shape = || format!("{} of {} and {}", op.name(), t.print(), c.ty().print());
    if c.ty() != t {
        return Err(format!("{}: operands of different types", shape()));
    }
    let width = int_elements(t).ok_or_else(|| format!("{}: operands are not integers", shape()))?;
    let pair = match slot {
        Some(p) => {
            if p.ty().kind() != LLVMTypeKind::LLVMPointerTypeKind
                || ret.kind() != LLVMTypeKind::LLVMVoidTypeKind
            {
                return Err(format!("{}: the result pointer is not a pointer", shape()));
            }
            p.ty().element()
        }
        None => ret,
    };
    if pair.struct_elements() != [t, t] {
        return Err(format!(
            "{}: the result is {}, not a struct of two operand types",
            shape(),
            pair.print()
        ));
    }
    if width == 64 && matches!(op, TwoResultOp::UMulExtended | TwoResultOp::SMulExtended) {
        return Err(format!("{}: an extended multiply of 64-bit elements (a 128-bit product)", shape()));
    }
    b.before(call);
    let (lo, hi) = match op {
        TwoResultOp::IAddCarry => {
            let s = b.bin(LLVMOpcode::LLVMAdd, a, c);
            let carry = b.icmp(LLVMIntPredicate::LLVMIntULT, s, a);
            (s, b.zext(carry, t))
        }
        TwoResultOp::ISubBorrow => {
            let d = b.bin(LLVMOpcode::LLVMSub, a, c);
            let borrow = b.icmp(LLVMIntPredicate::LLVMIntULT, a, c);
            (d, b.zext(borrow, t))
        }
        TwoResultOp::UMulExtended | TwoResultOp::SMulExtended => {
            let signed = op == TwoResultOp::SMulExtended;
            if width == 32 {
                let lo = b.bin(LLVMOpcode::LLVMMul, a, c);
                let hi = b.mulh(m, signed, a, c);
                (lo, hi)
            } else {
                // 8 or 16 bits: the whole product fits 32 bits.
                let wide = b.with_width(t, 32);
                let ext = |v: Val| if signed { b.sext(v, wide) } else { b.zext(v, wide) };
                let p = b.bin(LLVMOpcode::LLVMMul, ext(a), ext(c));
                let sh = b.splat(wide, width as u64);
                let h = b.bin(LLVMOpcode::LLVMLShr, p, sh);
                (b.trunc(p, t), b.trunc(h, t))
            }
        }
    };
    // SAFETY: `call` is a live call whose uses are replaced before it is erased.
    unsafe {
        match slot {
            Some(p) => {
                let base = strip_address_space_cast(p);
                let st = pair;
                for (i, v) in [lo, hi].into_iter().enumerate() {
                    let gep = LLVMBuildStructGEP2(b.b, st.0, base.0, i as u32, NONAME);
                    LLVMBuildStore(b.b, v.0, gep);
                }
                LLVMInstructionEraseFromParent(call.0);
                if base != p && p.is_instruction() && LLVMGetFirstUse(p.0).is_null() {
                    LLVMInstructionEraseFromParent(p.0);
                }
            }
            None => {
                let s0 = LLVMBuildInsertValue(b.b, LLVMGetUndef(ret.0), lo.0, 0, NONAME);
                let s1 = LLVMBuildInsertValue(b.b, s0, hi.0, 1, NONAME);
                LLVMReplaceAllUsesWith(call.0, s1);
                LLVMInstructionEraseFromParent(call.0);
            }
        }
    }
    Ok(())
}

/// The stack slot behind an `addrspacecast` of one (the private pointer, which SROA and mem2reg
/// see through), else `p` itself.
fn strip_address_space_cast(p: Val) -> Val {
    if p.is_instruction() && p.opcode() == LLVMOpcode::LLVMAddrSpaceCast {
        let src = p.operand(0);
        if src.is_instruction()
            && src.opcode() == LLVMOpcode::LLVMAlloca
            && src.ty().element() == p.ty().element()
        {
            return src;
        }
    }
    p
}

impl Builder {
    fn icmp(&self, p: LLVMIntPredicate, a: Val, c: Val) -> Val {
        // SAFETY: operands of one integer type.
        Val(unsafe { LLVMBuildICmp(self.b, p, a.0, c.0, NONAME) })
    }

    fn zext(&self, v: Val, t: Ty) -> Val {
        // SAFETY: `t` is a wider integer type of `v`'s shape.
        Val(unsafe { LLVMBuildZExt(self.b, v.0, t.0, NONAME) })
    }

    fn sext(&self, v: Val, t: Ty) -> Val {
        // SAFETY: `t` is a wider integer type of `v`'s shape.
        Val(unsafe { LLVMBuildSExt(self.b, v.0, t.0, NONAME) })
    }

    fn trunc(&self, v: Val, t: Ty) -> Val {
        // SAFETY: `t` is a narrower integer type of `v`'s shape.
        Val(unsafe { LLVMBuildTrunc(self.b, v.0, t.0, NONAME) })
    }

    /// `t` with `bits`-wide integer elements.
    fn with_width(&self, t: Ty, bits: u32) -> Ty {
        // SAFETY: valid context and types.
        unsafe {
            let e = LLVMIntTypeInContext(self.ctx, bits);
            if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                Ty(LLVMVectorType(e, t.vector_size()))
            } else {
                Ty(e)
            }
        }
    }

    /// The constant `v` of integer type `t` (every lane of a vector).
    fn splat(&self, t: Ty, v: u64) -> Val {
        // SAFETY: valid integer scalar or vector type.
        unsafe {
            if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                let c = LLVMConstInt(t.element().0, v, 0);
                let mut lanes = vec![c; t.vector_size() as usize];
                Val(LLVMConstVector(lanes.as_mut_ptr(), lanes.len() as u32))
            } else {
                Val(LLVMConstInt(t.0, v, 0))
            }
        }
    }

    /// The high 32 bits of the 64-bit products of `a` and `c` (32-bit elements), by
    /// `llvm.genx.umulh` or `llvm.genx.smulh`.
    fn mulh(&self, m: &ModuleRef, signed: bool, a: Val, c: Val) -> Val {
        let t = a.ty();
        let mangled = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
            format!("v{}i32", t.vector_size())
        } else {
            "i32".to_string()
        };
        let name = format!("llvm.genx.{}mulh.{mangled}.{mangled}", if signed { 's' } else { 'u' });
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        // SAFETY: valid module and types; the declaration is looked up before it is added.
        unsafe {
            let mut ps = [t.0, t.0];
            let fty = LLVMFunctionType(t.0, ps.as_mut_ptr(), 2, 0);
            let mut f = LLVMGetNamedFunction(m.0, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(m.0, cname.as_ptr(), fty);
            }
            let mut args = [a.0, c.0];
            Val(LLVMBuildCall2(self.b, fty, f, args.as_mut_ptr(), 2, NONAME))
        }
    }
}
