//! LLVM's `bfloat` type (bfloat16: the high half of an IEEE single) rewritten into the types the
//! GenX import takes: every `bfloat` value becomes the `i16` of its bits, as Intel's Vector
//! Compiler holds it (its constants are loaded as `i16` immediates and bitcast, since the hardware
//! takes no `bf` immediates).
//!
//! - constants become `i16` constants of the same bits; `select`, `phi`, element and shuffle
//!   operations, `bitcast`, `load` and `store` move the bits unchanged;
//! - widening (`fpext` to `float` or `double`) is exact: the bits shifted into the high half of a
//!   dword, read as a `float`;
//! - narrowing a `float` (`fptrunc`) rounds to nearest even, NaN staying a quiet NaN: with
//!   `llvm.genx.bf.cvt` (a `mov` to a `bf` register) where the platform has the `bf` type (DG2 and
//!   PVC: GenX_IR refuses it elsewhere), else with integer operations on the float's bits;
//! - arithmetic (`fadd`, `fsub`, `fmul`, `fdiv`, `frem`) widens its operands, computes in `float`
//!   and narrows the result: `float` has more than twice bfloat16's precision plus two bits, so
//!   the two roundings give the correctly rounded result; `fneg` flips the sign bit; `fcmp`,
//!   `fptosi` and `fptoui` work on the widened values; `sitofp`/`uitofp` of integers of at most 16
//!   bits (exact in `float`) narrow the converted value;
//! - calls of `llvm.genx.*` intrinsics with `bfloat` in their signature call the same intrinsic
//!   on `i16` (`rdregionf`/`wrregionf` become `rdregioni`/`wrregioni`).
//!
//! Anything else of type `bfloat` (parameters, returns and calls of functions, narrowing a
//! `double`, other intrinsics) is refused, located, as not modeled.

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::inst_label;
use super::builder::{Builder, NONAME};
use super::reductions::mangle;
use crate::Platform;
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;

/// Whether `t` is `bfloat` or a vector of it.
pub(super) fn is_bfloat(t: Ty) -> bool {
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    e.kind() == LLVMTypeKind::LLVMBFloatTypeKind
}

/// Whether `t` is a pointer to `bfloat` or to a vector of it (typed pointers).
fn points_to_bfloat(t: Ty) -> bool {
    // SAFETY: a pointer type's element type.
    t.kind() == LLVMTypeKind::LLVMPointerTypeKind && is_bfloat(Ty(unsafe { LLVMGetElementType(t.0) }))
}

/// Whether a function's signature mentions `bfloat`.
pub(super) fn signature_has_bfloat(f: Val) -> bool {
    let ft = f.function_type();
    is_bfloat(ft.return_type()) || ft.param_types().into_iter().any(|t| is_bfloat(t) || points_to_bfloat(t))
}

/// Whether instruction `i` has a `bfloat` result or operand.
fn touches_bfloat(i: Val) -> bool {
    is_bfloat(i.ty())
        || i.operands()
            .into_iter()
            .any(|o| !o.is_basic_block() && (is_bfloat(o.ty()) || points_to_bfloat(o.ty())))
}

/// Whether the platform has the `bf` register type (`mov` to and from `bf`): see
/// `genxc_isel::availability::AluFeature::BfConvert` for GenX_IR's evidence.
fn has_bf_type(p: Platform) -> bool {
    matches!(p, Platform::Dg2 | Platform::Pvc)
}

/// Rewrites every `bfloat` value of `m` as `i16` bits (see the module doc). Errors are located
/// diagnostics of the constructs not modeled (compilation stops there: a function may be left
/// partly rewritten).
pub fn lower_bfloat(m: &ModuleRef, platform: Platform) -> Result<(), Vec<Diagnostic>> {
    let funcs: Vec<Val> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    let mut diags = Vec::new();
    for f in funcs {
        let insts: Vec<Val> =
            f.blocks().into_iter().flat_map(|b| b.instructions()).filter(|&i| touches_bfloat(i)).collect();
        if signature_has_bfloat(f) {
            diags.push(Diagnostic::in_function(
                f.name(),
                None,
                unsupported("a function with bfloat parameters or result (bfloat values are held as i16 inside a kernel)"),
            ));
            continue;
        }
        if insts.is_empty() {
            continue;
        }
        if let Some((at, why)) = insts.iter().find_map(|&i| refusal(i).map(|w| (i, w))) {
            diags.push(Diagnostic::in_function(f.name(), Some(inst_label(at)), unsupported(why)));
            continue;
        }
        let mut r = Rewriter { m, b: Builder::new(m), native: has_bf_type(platform), map: HashMap::new() };
        if let Err((at, why)) = r.rewrite(&insts) {
            diags.push(Diagnostic::in_function(f.name(), Some(inst_label(at)), unsupported(why)));
        }
    }
    if diags.is_empty() {
        remove_unused_bfloat_declarations(m);
        Ok(())
    } else {
        Err(diags)
    }
}

/// Why instruction `i` (which touches `bfloat`) cannot be rewritten, if so.
fn refusal(i: Val) -> Option<String> {
    use LLVMOpcode::*;
    let ops = i.operands();
    match i.opcode() {
        LLVMFPTrunc if ops[0].ty().element_or_self().kind() == LLVMTypeKind::LLVMDoubleTypeKind => {
            Some("fptrunc from double to bfloat (rounding through float would round twice)".into())
        }
        LLVMSIToFP | LLVMUIToFP if int_width(ops[0].ty()) > 16 => Some(format!(
            "{} of a {}-bit integer to bfloat (exact only through float for at most 16 bits)",
            if i.opcode() == LLVMSIToFP { "sitofp" } else { "uitofp" },
            int_width(ops[0].ty())
        )),
        LLVMCall => {
            let callee = i.called_value();
            let name = if callee.is_function() { callee.name() } else { String::new() };
            if name.starts_with("llvm.genx.") {
                None
            } else if name.is_empty() {
                Some("an indirect call with bfloat values".into())
            } else {
                Some(format!("a call of @{name} with bfloat values"))
            }
        }
        LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem | LLVMFNeg | LLVMFCmp | LLVMFPExt
        | LLVMFPTrunc | LLVMFPToSI | LLVMFPToUI | LLVMSIToFP | LLVMUIToFP | LLVMSelect | LLVMPHI
        | LLVMBitCast | LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector | LLVMLoad | LLVMStore => {
            None
        }
        _ => Some(format!("{} on bfloat values", i.print().trim())),
    }
}

/// The width of an integer type or of its elements.
fn int_width(t: Ty) -> u32 {
    let e = t.element_or_self();
    if e.kind() == LLVMTypeKind::LLVMIntegerTypeKind {
        e.int_width()
    } else {
        0
    }
}

impl Ty {
    /// A vector type's element type, or the type itself.
    fn element_or_self(self) -> Ty {
        if self.kind() == LLVMTypeKind::LLVMVectorTypeKind {
            self.element()
        } else {
            self
        }
    }
}

/// Removes declarations with `bfloat` in their signature that nothing calls any more.
fn remove_unused_bfloat_declarations(m: &ModuleRef) {
    for f in m.functions() {
        if f.is_declaration() && signature_has_bfloat(f) && f.users().is_empty() {
            // SAFETY: an unused declaration.
            unsafe { LLVMDeleteFunction(f.0) }
        }
    }
}

/// The rewrite of one function's `bfloat` instructions.
struct Rewriter<'a> {
    m: &'a ModuleRef,
    b: Builder,
    /// Whether `fptrunc` may use `llvm.genx.bf.cvt`.
    native: bool,
    /// The `i16` value of each rewritten `bfloat` instruction.
    map: HashMap<Val, Val>,
}

/// An instruction and why it could not be rewritten.
type Failure = (Val, String);

impl Rewriter<'_> {
    fn rewrite(&mut self, insts: &[Val]) -> Result<(), Failure> {
        // phis first, so a value flowing around a loop has its new phi to refer to
        let mut phis = Vec::new();
        for &i in insts.iter().filter(|i| i.opcode() == LLVMOpcode::LLVMPHI) {
            self.b.before(i);
            // SAFETY: a phi of the i16 type, filled below.
            let p = Val(unsafe { LLVMBuildPhi(self.b.b, self.bits_type(i.ty()).0, NONAME) });
            self.map.insert(i, p);
            phis.push((i, p));
        }
        let mut replaced = Vec::new();
        for &i in insts.iter().filter(|i| i.opcode() != LLVMOpcode::LLVMPHI) {
            self.b.before(i);
            let new = self.instruction(i).map_err(|w| (i, w))?;
            if let Some(v) = new {
                if is_bfloat(i.ty()) {
                    self.map.insert(i, v);
                } else {
                    replaced.push((i, v));
                }
            }
        }
        for (old, p) in &phis {
            for (v, bb) in old.phi_incoming() {
                let nv = self.bits(v).map_err(|w| (*old, w))?;
                let mut vals = [nv.0];
                let mut blocks = [bb.0];
                // SAFETY: one incoming value of the phi's type from a predecessor.
                unsafe { LLVMAddIncoming(p.0, vals.as_mut_ptr(), blocks.as_mut_ptr(), 1) }
            }
        }
        // non-bfloat results take their new values; then every old instruction goes
        for (old, new) in replaced {
            if old.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind {
                // SAFETY: same type.
                unsafe { LLVMReplaceAllUsesWith(old.0, new.0) }
            }
        }
        for &i in insts {
            if i.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind {
                // SAFETY: the old instructions' remaining users are old instructions, all erased.
                unsafe { LLVMReplaceAllUsesWith(i.0, LLVMGetUndef(LLVMTypeOf(i.0))) }
            }
        }
        for &i in insts {
            // SAFETY: no users are left.
            unsafe { LLVMInstructionEraseFromParent(i.0) }
        }
        Ok(())
    }

    /// The `i16` type of the bits of a `bfloat` type (other types unchanged).
    fn bits_type(&self, t: Ty) -> Ty {
        if !is_bfloat(t) {
            return t;
        }
        // SAFETY: valid context.
        unsafe {
            let i16t = LLVMInt16TypeInContext(self.b.ctx);
            if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                Ty(LLVMVectorType(i16t, t.vector_size()))
            } else {
                Ty(i16t)
            }
        }
    }

    /// The `i16` bits of `bfloat` value `v` (other values unchanged).
    fn bits(&self, v: Val) -> Result<Val, String> {
        if !is_bfloat(v.ty()) {
            return Ok(v);
        }
        if let Some(&n) = self.map.get(&v) {
            return Ok(n);
        }
        if v.is_instruction() {
            return Err(format!("a bfloat operand defined after its use ({})", v.print().trim()));
        }
        if v.is_argument() {
            return Err("a bfloat parameter".into());
        }
        let t = self.bits_type(v.ty());
        // SAFETY: constants of the i16 type.
        unsafe {
            if v.is_undef() {
                return Ok(Val(LLVMGetUndef(t.0)));
            }
            if v.is_zero_aggregate() {
                return Ok(Val(LLVMConstNull(t.0)));
            }
            let i16t = LLVMInt16TypeInContext(self.b.ctx);
            let scalar = |e: Val| -> Result<LLVMValueRef, String> {
                if e.is_undef() {
                    return Ok(LLVMGetUndef(i16t));
                }
                let x = e.const_float().ok_or_else(|| format!("bfloat constant {}", e.print()))?;
                Ok(LLVMConstInt(i16t, u64::from(half::bf16::from_f64(x).to_bits()), 0))
            };
            match v.const_vector_elems() {
                Some(elems) => {
                    let mut es = elems.into_iter().map(scalar).collect::<Result<Vec<_>, _>>()?;
                    Ok(Val(LLVMConstVector(es.as_mut_ptr(), es.len() as u32)))
                }
                None if v.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind => {
                    Err(format!("bfloat constant {}", v.print()))
                }
                None => Ok(Val(scalar(v)?)),
            }
        }
    }

    /// A constant of type `t` (an integer type or a vector of it) with every element `v`.
    fn splat(&self, t: Ty, v: u64) -> Val {
        // SAFETY: integer constants of `t`'s element type.
        unsafe {
            let e = t.element_or_self();
            let c = LLVMConstInt(e.0, v, 0);
            if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                let mut es = vec![c; t.vector_size() as usize];
                Val(LLVMConstVector(es.as_mut_ptr(), es.len() as u32))
            } else {
                Val(c)
            }
        }
    }

    /// `t` with its elements replaced by `e` (a scalar type).
    fn with_elem(&self, t: Ty, e: LLVMTypeRef) -> Ty {
        if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
            // SAFETY: a vector of a valid element type.
            Ty(unsafe { LLVMVectorType(e, t.vector_size()) })
        } else {
            Ty(e)
        }
    }

    /// The `float` value of `bfloat` bits `x` (exact).
    fn widen(&self, x: Val) -> Val {
        // SAFETY: integer and float types of `x`'s shape.
        unsafe {
            let i32t = self.with_elem(x.ty(), LLVMInt32TypeInContext(self.b.ctx));
            let f32t = self.with_elem(x.ty(), LLVMFloatTypeInContext(self.b.ctx));
            let wide = Val(LLVMBuildZExt(self.b.b, x.0, i32t.0, NONAME));
            let high = self.b.bin(LLVMOpcode::LLVMShl, wide, self.splat(i32t, 16));
            Val(LLVMBuildBitCast(self.b.b, high.0, f32t.0, NONAME))
        }
    }

    /// The `bfloat` bits of `float` value `x`, rounded to nearest even (NaN stays NaN, quieted).
    fn narrow(&self, x: Val) -> Val {
        use LLVMOpcode::*;
        // SAFETY: types of `x`'s shape.
        unsafe {
            let ctx = self.b.ctx;
            let i16t = self.with_elem(x.ty(), LLVMInt16TypeInContext(ctx));
            if self.native {
                let h = self.with_elem(x.ty(), LLVMHalfTypeInContext(ctx));
                let cvt = self.call_intrinsic("llvm.genx.bf.cvt", h, &[x]);
                return Val(LLVMBuildBitCast(self.b.b, cvt.0, i16t.0, NONAME));
            }
            let i32t = self.with_elem(x.ty(), LLVMInt32TypeInContext(ctx));
            let c = |v: u64| self.splat(i32t, v);
            let bits = Val(LLVMBuildBitCast(self.b.b, x.0, i32t.0, NONAME));
            let high = self.b.bin(LLVMLShr, bits, c(16));
            let lsb = self.b.bin(LLVMAnd, high, c(1));
            let biased = self.b.bin(LLVMAdd, bits, c(0x7fff));
            let rounded = self.b.bin(LLVMLShr, self.b.bin(LLVMAdd, biased, lsb), c(16));
            let magnitude = self.b.bin(LLVMAnd, bits, c(0x7fff_ffff));
            let nan =
                LLVMBuildICmp(self.b.b, LLVMIntPredicate::LLVMIntUGT, magnitude.0, c(0x7f80_0000).0, NONAME);
            let quiet = self.b.bin(LLVMOr, high, c(0x40));
            let pick = LLVMBuildSelect(self.b.b, nan, quiet.0, rounded.0, NONAME);
            Val(LLVMBuildTrunc(self.b.b, pick, i16t.0, NONAME))
        }
    }

    /// A call of `base` overloaded on its result `ret` and its operands' types.
    fn call_intrinsic(&self, base: &str, ret: Ty, args: &[Val]) -> Val {
        let mut name = format!("{base}.{}", mangle(ret));
        for a in args {
            name.push('.');
            name.push_str(&mangle(a.ty()));
        }
        self.call_named(&name, ret, args)
    }

    /// A call of function `name` of type `(args) -> ret`, declared when missing.
    fn call_named(&self, name: &str, ret: Ty, args: &[Val]) -> Val {
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        // SAFETY: valid module and types; the declaration is looked up before it is added.
        unsafe {
            let mut ps: Vec<LLVMTypeRef> = args.iter().map(|a| a.ty().0).collect();
            let fty = LLVMFunctionType(ret.0, ps.as_mut_ptr(), ps.len() as u32, 0);
            let mut f = LLVMGetNamedFunction(self.m.0, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(self.m.0, cname.as_ptr(), fty);
            }
            let mut a: Vec<LLVMValueRef> = args.iter().map(|a| a.0).collect();
            let call = LLVMBuildCall2(self.b.b, fty, f, a.as_mut_ptr(), a.len() as u32, NONAME);
            Val(call)
        }
    }

    /// The rewrite of instruction `i`: its replacement value (`None` for a store).
    fn instruction(&mut self, i: Val) -> Result<Option<Val>, String> {
        use LLVMOpcode::*;
        let ops = i.operands();
        let b = self.b.b;
        let result_bits = self.bits_type(i.ty());
        // SAFETY: every instruction is built from operands of the types it takes.
        unsafe {
            Ok(Some(match i.opcode() {
                LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem => {
                    let (x, y) = (self.widen(self.bits(ops[0])?), self.widen(self.bits(ops[1])?));
                    self.narrow(self.b.bin(i.opcode(), x, y))
                }
                LLVMFNeg => self.b.bin(LLVMXor, self.bits(ops[0])?, self.splat(result_bits, 0x8000)),
                LLVMFCmp => {
                    let (x, y) = (self.widen(self.bits(ops[0])?), self.widen(self.bits(ops[1])?));
                    Val(LLVMBuildFCmp(b, LLVMGetFCmpPredicate(i.0), x.0, y.0, NONAME))
                }
                LLVMFPExt => {
                    let f = self.widen(self.bits(ops[0])?);
                    if i.ty().element_or_self().kind() == LLVMTypeKind::LLVMFloatTypeKind {
                        f
                    } else {
                        Val(LLVMBuildFPExt(b, f.0, i.ty().0, NONAME))
                    }
                }
                LLVMFPTrunc => {
                    let src = ops[0];
                    let f = if src.ty().element_or_self().kind() == LLVMTypeKind::LLVMFloatTypeKind {
                        src
                    } else {
                        // half widens exactly
                        let f32t = self.with_elem(src.ty(), LLVMFloatTypeInContext(self.b.ctx));
                        Val(LLVMBuildFPExt(b, src.0, f32t.0, NONAME))
                    };
                    self.narrow(f)
                }
                LLVMFPToSI | LLVMFPToUI => {
                    let f = self.widen(self.bits(ops[0])?);
                    let op = if i.opcode() == LLVMFPToSI { LLVMFPToSI } else { LLVMFPToUI };
                    Val(LLVMBuildCast(b, op, f.0, i.ty().0, NONAME))
                }
                LLVMSIToFP | LLVMUIToFP => {
                    let f32t = self.with_elem(i.ty(), LLVMFloatTypeInContext(self.b.ctx));
                    let f = Val(LLVMBuildCast(b, i.opcode(), ops[0].0, f32t.0, NONAME));
                    self.narrow(f)
                }
                LLVMSelect => {
                    let (x, y) = (self.bits(ops[1])?, self.bits(ops[2])?);
                    Val(LLVMBuildSelect(b, ops[0].0, x.0, y.0, NONAME))
                }
                LLVMBitCast => {
                    let x = self.bits(ops[0])?;
                    if x.ty() == result_bits {
                        x
                    } else {
                        Val(LLVMBuildBitCast(b, x.0, result_bits.0, NONAME))
                    }
                }
                LLVMExtractElement => Val(LLVMBuildExtractElement(b, self.bits(ops[0])?.0, ops[1].0, NONAME)),
                LLVMInsertElement => Val(LLVMBuildInsertElement(
                    b,
                    self.bits(ops[0])?.0,
                    self.bits(ops[1])?.0,
                    ops[2].0,
                    NONAME,
                )),
                LLVMShuffleVector => {
                    let i32t = LLVMInt32TypeInContext(self.b.ctx);
                    let mut mask: Vec<LLVMValueRef> = i
                        .shuffle_mask()
                        .into_iter()
                        .map(|m| match m {
                            Some(k) => LLVMConstInt(i32t, u64::from(k), 0),
                            None => LLVMGetUndef(i32t),
                        })
                        .collect();
                    let m = LLVMConstVector(mask.as_mut_ptr(), mask.len() as u32);
                    Val(LLVMBuildShuffleVector(b, self.bits(ops[0])?.0, self.bits(ops[1])?.0, m, NONAME))
                }
                LLVMLoad => {
                    let ptr = self.retyped_pointer(ops[0], result_bits);
                    let l = LLVMBuildLoad2(b, result_bits.0, ptr.0, NONAME);
                    LLVMSetAlignment(l, LLVMGetAlignment(i.0));
                    LLVMSetVolatile(l, LLVMGetVolatile(i.0));
                    Val(l)
                }
                LLVMStore => {
                    let v = self.bits(ops[0])?;
                    let ptr = self.retyped_pointer(ops[1], v.ty());
                    let s = LLVMBuildStore(b, v.0, ptr.0);
                    LLVMSetAlignment(s, LLVMGetAlignment(i.0));
                    LLVMSetVolatile(s, LLVMGetVolatile(i.0));
                    return Ok(None);
                }
                LLVMCall => self.intrinsic_call(i)?,
                _ => return Err(format!("{} on bfloat values", i.print().trim())),
            }))
        }
    }

    /// Pointer `p` cast to point to `t` (in its address space).
    fn retyped_pointer(&self, p: Val, t: Ty) -> Val {
        // SAFETY: a pointer value; the cast keeps its address space.
        unsafe {
            let space = LLVMGetPointerAddressSpace(p.ty().0);
            let pt = LLVMPointerType(t.0, space);
            if LLVMTypeOf(p.0) == pt {
                p
            } else {
                Val(LLVMBuildPointerCast(self.b.b, p.0, pt, NONAME))
            }
        }
    }

    /// A call of a `llvm.genx.*` intrinsic with `bfloat` in its signature, made on `i16`.
    fn intrinsic_call(&self, i: Val) -> Result<Val, String> {
        let name = i.called_value().name();
        let mut parts: Vec<String> = name.split('.').map(str::to_string).collect();
        // the overload suffixes: `v16bf16` becomes `v16i16`, `bf16` `i16`
        for p in parts.iter_mut().skip(3) {
            if let Some(n) = p.strip_suffix("bf16") {
                if n.is_empty() || (n.starts_with('v') && n[1..].chars().all(|c| c.is_ascii_digit())) {
                    *p = format!("{n}i16");
                }
            }
        }
        if let Some(base) = parts.get_mut(2) {
            if base == "rdregionf" {
                *base = "rdregioni".into();
            } else if base == "wrregionf" {
                *base = "wrregioni".into();
            }
        }
        let new_name = parts.join(".");
        let args = (0..i.num_call_args()).map(|k| self.bits(i.operand(k))).collect::<Result<Vec<_>, _>>()?;
        Ok(self.call_named(&new_name, self.bits_type(i.ty()), &args))
    }
}
