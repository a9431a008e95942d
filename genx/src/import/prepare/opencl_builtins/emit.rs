//! The instructions the OpenCL built-in expansions build, on scalars or vectors alike: typed
//! constants splatted to a shape, float and integer arithmetic, compares and selects, calls of
//! LLVM and GenX intrinsics overloaded on their types, and the two 32-bit words of a double.

use super::super::super::raw::{ModuleRef, Ty, Val};
use super::super::builder::{Builder, NONAME};
use super::super::reductions::mangle;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

/// A builder positioned at one built-in call, with its module.
pub(in super::super) struct Ir<'a> {
    /// The instruction builder.
    pub b: &'a Builder,
    /// The module (for intrinsic declarations).
    pub m: &'a ModuleRef,
}

/// The element type of a scalar or vector type.
pub(super) fn elem(t: Ty) -> Ty {
    if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
        t.element()
    } else {
        t
    }
}

/// The lane count of a type (1 for a scalar).
pub(in super::super) fn lanes(t: Ty) -> u32 {
    if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
        t.vector_size()
    } else {
        1
    }
}

/// Whether `t` has floating-point elements.
pub(super) fn is_float(t: Ty) -> bool {
    use LLVMTypeKind::*;
    matches!(elem(t).kind(), LLVMHalfTypeKind | LLVMFloatTypeKind | LLVMDoubleTypeKind)
}

/// Whether `t` has double elements.
pub(in super::super) fn is_double(t: Ty) -> bool {
    elem(t).kind() == LLVMTypeKind::LLVMDoubleTypeKind
}

impl Ir<'_> {
    /// `t`'s shape with element type `e`.
    pub fn with_elem(&self, t: Ty, e: Ty) -> Ty {
        // SAFETY: valid types.
        unsafe {
            if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                Ty(LLVMVectorType(e.0, t.vector_size()))
            } else {
                e
            }
        }
    }

    /// The integer type of `bits` bits.
    pub fn int(&self, bits: u32) -> Ty {
        // SAFETY: valid context.
        Ty(unsafe { LLVMIntTypeInContext(self.b.ctx, bits) })
    }

    /// `t`'s shape with integer elements as wide as its elements.
    pub fn int_like(&self, t: Ty) -> Ty {
        let e = elem(t);
        let bits = match e.kind() {
            LLVMTypeKind::LLVMHalfTypeKind => 16,
            LLVMTypeKind::LLVMFloatTypeKind => 32,
            LLVMTypeKind::LLVMDoubleTypeKind => 64,
            _ => e.int_width(),
        };
        self.with_elem(t, self.int(bits))
    }

    /// A scalar constant `c` in every lane of `t`'s shape.
    fn splat_const(&self, t: Ty, c: LLVMValueRef) -> Val {
        if t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
            return Val(c);
        }
        let mut lanes = vec![c; t.vector_size() as usize];
        // SAFETY: constants of one type.
        Val(unsafe { LLVMConstVector(lanes.as_mut_ptr(), lanes.len() as u32) })
    }

    /// The float constant `v` (rounded to the element type) in every lane of `t`.
    pub fn f(&self, t: Ty, v: f64) -> Val {
        // SAFETY: a floating-point element type.
        self.splat_const(t, unsafe { LLVMConstReal(elem(t).0, v) })
    }

    /// The integer constant `v` (two's complement) in every lane of `t`.
    pub fn i(&self, t: Ty, v: i64) -> Val {
        // SAFETY: an integer element type.
        self.splat_const(t, unsafe { LLVMConstInt(elem(t).0, v as u64, 1) })
    }

    /// A binary operation.
    pub fn bin(&self, op: LLVMOpcode, a: Val, c: Val) -> Val {
        self.b.bin(op, a, c)
    }

    /// `a + c` (float).
    pub fn fadd(&self, a: Val, c: Val) -> Val {
        self.bin(LLVMOpcode::LLVMFAdd, a, c)
    }

    /// `a - c` (float).
    pub fn fsub(&self, a: Val, c: Val) -> Val {
        self.bin(LLVMOpcode::LLVMFSub, a, c)
    }

    /// `a * c` (float).
    pub fn fmul(&self, a: Val, c: Val) -> Val {
        self.bin(LLVMOpcode::LLVMFMul, a, c)
    }

    /// `-a` (float).
    pub fn fneg(&self, a: Val) -> Val {
        // SAFETY: a float value.
        Val(unsafe { LLVMBuildFNeg(self.b.b, a.0, NONAME) })
    }

    /// A float compare.
    pub fn fcmp(&self, p: LLVMRealPredicate, a: Val, c: Val) -> Val {
        // SAFETY: operands of one float type.
        Val(unsafe { LLVMBuildFCmp(self.b.b, p, a.0, c.0, NONAME) })
    }

    /// An integer compare.
    pub fn icmp(&self, p: LLVMIntPredicate, a: Val, c: Val) -> Val {
        // SAFETY: operands of one integer type.
        Val(unsafe { LLVMBuildICmp(self.b.b, p, a.0, c.0, NONAME) })
    }

    /// `cond ? a : c`.
    pub fn select(&self, cond: Val, a: Val, c: Val) -> Val {
        // SAFETY: a predicate of the operands' shape (or a scalar one).
        Val(unsafe { LLVMBuildSelect(self.b.b, cond.0, a.0, c.0, NONAME) })
    }

    /// A cast `op` of `v` to `t`.
    pub fn cast(&self, op: LLVMOpcode, v: Val, t: Ty) -> Val {
        if v.ty() == t {
            return v;
        }
        // SAFETY: a cast the operand and type allow.
        Val(unsafe { LLVMBuildCast(self.b.b, op, v.0, t.0, NONAME) })
    }

    /// The bits of `v` as type `t` of the same size. A constant gives a constant of `t` (LLVM's
    /// builder would leave a constant-expression bitcast, which the import does not read).
    pub fn bitcast(&self, v: Val, t: Ty) -> Val {
        if v.ty() != t {
            if let Some(c) = self.const_bitcast(v, t) {
                return c;
            }
        }
        self.cast(LLVMOpcode::LLVMBitCast, v, t)
    }

    /// The constant `v` reinterpreted as type `t`, when `v` is a scalar or vector of integer or
    /// float constants.
    fn const_bitcast(&self, v: Val, t: Ty) -> Option<Val> {
        let lanes_of = |x: Val| -> Option<Vec<Val>> {
            if x.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind {
                x.const_vector_elems()
            } else {
                Some(vec![x])
            }
        };
        let bits_of = |x: Val| -> Option<(u64, u32)> {
            let e = x.ty();
            match e.kind() {
                LLVMTypeKind::LLVMIntegerTypeKind if e.int_width() <= 64 => {
                    let w = e.int_width();
                    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
                    Some((x.const_int()? as u64 & mask, w))
                }
                LLVMTypeKind::LLVMFloatTypeKind => Some((u64::from((x.const_float()? as f32).to_bits()), 32)),
                LLVMTypeKind::LLVMDoubleTypeKind => Some((x.const_float()?.to_bits(), 64)),
                _ => None,
            }
        };
        // the bits, lowest lane first, as one little-endian bit string
        let mut bits: Vec<bool> = Vec::new();
        for x in lanes_of(v)? {
            let (b, w) = bits_of(x)?;
            bits.extend((0..w).map(|k| b >> k & 1 == 1));
        }
        let e = elem(t);
        let w = match e.kind() {
            LLVMTypeKind::LLVMIntegerTypeKind if e.int_width() <= 64 => e.int_width(),
            LLVMTypeKind::LLVMFloatTypeKind => 32,
            LLVMTypeKind::LLVMDoubleTypeKind => 64,
            _ => return None,
        } as usize;
        if bits.len() != w * lanes(t) as usize {
            return None;
        }
        let mut out: Vec<LLVMValueRef> = Vec::new();
        for chunk in bits.chunks(w) {
            let b = chunk.iter().enumerate().fold(0u64, |acc, (k, &on)| acc | (u64::from(on) << k));
            // SAFETY: constants of `t`'s element type.
            out.push(unsafe {
                match e.kind() {
                    LLVMTypeKind::LLVMFloatTypeKind => {
                        LLVMConstReal(e.0, f64::from(f32::from_bits(b as u32)))
                    }
                    LLVMTypeKind::LLVMDoubleTypeKind => LLVMConstReal(e.0, f64::from_bits(b)),
                    _ => LLVMConstInt(e.0, b, 0),
                }
            });
        }
        if t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
            return out.first().map(|&c| Val(c));
        }
        // SAFETY: constants of one type.
        Some(Val(unsafe { LLVMConstVector(out.as_mut_ptr(), out.len() as u32) }))
    }

    /// `v` in every lane of `t` (a scalar broadcast; `v` itself when it already has `t`'s shape).
    pub fn broadcast(&self, v: Val, t: Ty) -> Val {
        if v.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind || t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
            return v;
        }
        // SAFETY: a scalar of `t`'s element type inserted, then a zero shuffle to `t`'s width.
        unsafe {
            let vt = LLVMVectorType(v.ty().0, t.vector_size());
            let zero = LLVMConstInt(LLVMInt32TypeInContext(self.b.ctx), 0, 0);
            let one = LLVMBuildInsertElement(self.b.b, LLVMGetUndef(vt), v.0, zero, NONAME);
            let mask = LLVMConstNull(LLVMVectorType(LLVMInt32TypeInContext(self.b.ctx), t.vector_size()));
            Val(LLVMBuildShuffleVector(self.b.b, one, LLVMGetUndef(vt), mask, NONAME))
        }
    }

    /// A call of intrinsic `base` overloaded on its result type (`llvm.fma.v8f32`).
    pub fn intr(&self, base: &str, ret: Ty, args: &[Val]) -> Val {
        self.call_named(&format!("{base}.{}", mangle(ret)), ret, args)
    }

    /// A call of intrinsic `base` overloaded on its result and every operand type
    /// (`llvm.genx.umulh.v8i32.v8i32`).
    pub fn intr_all(&self, base: &str, ret: Ty, args: &[Val]) -> Val {
        let mut name = format!("{base}.{}", mangle(ret));
        for a in args {
            name.push('.');
            name.push_str(&mangle(a.ty()));
        }
        self.call_named(&name, ret, args)
    }

    /// A call of intrinsic `base` overloaded on its first operand's type only (`llvm.genx.any.v8i1`).
    pub fn intr_arg(&self, base: &str, ret: Ty, args: &[Val]) -> Val {
        self.call_named(&format!("{base}.{}", mangle(args[0].ty())), ret, args)
    }

    /// A call of function `name` of type `(args) -> ret`, declared when missing.
    pub fn call_named(&self, name: &str, ret: Ty, args: &[Val]) -> Val {
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
            Val(LLVMBuildCall2(self.b.b, fty, f, a.as_mut_ptr(), a.len() as u32, NONAME))
        }
    }

    /// `|x|` (float).
    pub fn fabs(&self, x: Val) -> Val {
        self.intr("llvm.fabs", x.ty(), &[x])
    }

    /// The low and high 32-bit words of each double of `x`, as `i32` values of `x`'s shape.
    pub fn words(&self, x: Val) -> (Val, Val) {
        let n = lanes(x.ty());
        let i32t = self.int(32);
        // SAFETY: a double scalar or vector reinterpreted as twice as many i32 lanes.
        unsafe {
            let pairs = Ty(LLVMVectorType(i32t.0, 2 * n));
            let w = self.bitcast(x, pairs);
            if x.ty().kind() != LLVMTypeKind::LLVMVectorTypeKind {
                let at = |k: u64| LLVMConstInt(i32t.0, k, 0);
                let lo = LLVMBuildExtractElement(self.b.b, w.0, at(0), NONAME);
                let hi = LLVMBuildExtractElement(self.b.b, w.0, at(1), NONAME);
                return (Val(lo), Val(hi));
            }
            let pick = |first: u64| {
                let mut mask: Vec<LLVMValueRef> =
                    (0..n as u64).map(|k| LLVMConstInt(i32t.0, 2 * k + first, 0)).collect();
                let mask = LLVMConstVector(mask.as_mut_ptr(), n);
                Val(LLVMBuildShuffleVector(self.b.b, w.0, LLVMGetUndef(pairs.0), mask, NONAME))
            };
            (pick(0), pick(1))
        }
    }

    /// The doubles whose low and high words are `lo` and `hi` (`i32` values of one shape), of type
    /// `t`.
    pub fn double_of_words(&self, lo: Val, hi: Val, t: Ty) -> Val {
        let n = lanes(t);
        let i32t = self.int(32);
        // SAFETY: two i32 shapes interleaved into twice as many lanes, reinterpreted as doubles.
        unsafe {
            let pairs = Ty(LLVMVectorType(i32t.0, 2 * n));
            let w = if t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
                let at = |k: u64| LLVMConstInt(i32t.0, k, 0);
                let w = LLVMBuildInsertElement(self.b.b, LLVMGetUndef(pairs.0), lo.0, at(0), NONAME);
                LLVMBuildInsertElement(self.b.b, w, hi.0, at(1), NONAME)
            } else {
                let mut mask: Vec<LLVMValueRef> = (0..n as u64)
                    .flat_map(|k| [LLVMConstInt(i32t.0, k, 0), LLVMConstInt(i32t.0, k + n as u64, 0)])
                    .collect();
                let mask = LLVMConstVector(mask.as_mut_ptr(), 2 * n);
                LLVMBuildShuffleVector(self.b.b, lo.0, hi.0, mask, NONAME)
            };
            self.bitcast(Val(w), t)
        }
    }

    /// A polynomial in `x` by Horner's rule, coefficients from the constant term up.
    pub fn horner(&self, x: Val, coefficients: &[f64]) -> Val {
        let t = x.ty();
        let mut acc = self.f(t, *coefficients.last().unwrap_or(&0.0));
        for &c in coefficients.iter().rev().skip(1) {
            acc = self.fadd(self.fmul(acc, x), self.f(t, c));
        }
        acc
    }
}
