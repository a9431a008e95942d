//! LLVM's vector reduction intrinsics (`llvm.vector.reduce.*`), which ISPC and the LLVM
//! vectorizers write, expanded into operations the GenX import takes (LLVM 14's C API offers no
//! expansion pass of its own):
//!
//! - a reduction of a predicate (`<N x i1>`) by `or`/`umax`/`smin` is `llvm.genx.any`, by
//!   `and`/`mul`/`umin`/`smax` is `llvm.genx.all` (what Intel's Vector Compiler emits for them:
//!   the predicate moved to a register and compared with none or all of its lanes set); by
//!   `xor`/`add` it is the parity, a tree of `xor`s on the lanes widened to words;
//! - an integer reduction (`add`, `mul`, `and`, `or`, `xor`, `smax`, `smin`, `umax`, `umin`) and
//!   `fmax`/`fmin` (by `llvm.maxnum`/`llvm.minnum`) are a tree: the two halves of the vector
//!   (region reads) combined lane by lane until one lane is left, an odd last lane combined at
//!   the end. These operations are associative and commutative, so the tree is exact;
//! - `fadd`/`fmul` keep LLVM's order (the start value, then lane 0, 1, ...): the result is the
//!   one a sequential reduction rounds to, whatever fast-math flags the call has.

use super::super::raw::{ModuleRef, Ty, Val};
use super::builder::{Builder, NONAME};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// The reduction an `llvm.vector.reduce.<kind>` intrinsic computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reduction {
    /// Integer sum.
    Add,
    /// Integer product.
    Mul,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Signed maximum.
    SMax,
    /// Signed minimum.
    SMin,
    /// Unsigned maximum.
    UMax,
    /// Unsigned minimum.
    UMin,
    /// Floating-point maximum (`maxnum` semantics).
    FMax,
    /// Floating-point minimum (`minnum` semantics).
    FMin,
    /// Ordered floating-point sum from a start value.
    FAdd,
    /// Ordered floating-point product from a start value.
    FMul,
}

impl Reduction {
    /// The reduction an intrinsic name (`llvm.vector.reduce.or.v8i1`) calls, if any.
    fn of_callee(name: &str) -> Option<Self> {
        let kind = name.strip_prefix("llvm.vector.reduce.")?.split('.').next()?;
        Some(match kind {
            "add" => Self::Add,
            "mul" => Self::Mul,
            "and" => Self::And,
            "or" => Self::Or,
            "xor" => Self::Xor,
            "smax" => Self::SMax,
            "smin" => Self::SMin,
            "umax" => Self::UMax,
            "umin" => Self::UMin,
            "fmax" => Self::FMax,
            "fmin" => Self::FMin,
            "fadd" => Self::FAdd,
            "fmul" => Self::FMul,
            _ => return None,
        })
    }

    /// On predicates (`i1` lanes, where true is 1 unsigned and -1 signed): the `llvm.genx`
    /// intrinsic it is (`any` or `all`), or `None` for the parity reductions.
    fn predicate_test(self) -> Option<&'static str> {
        match self {
            Self::Or | Self::UMax | Self::SMin => Some("any"),
            Self::And | Self::Mul | Self::UMin | Self::SMax => Some("all"),
            _ => None,
        }
    }
}

/// Whether a declared function named `name` is a vector reduction intrinsic.
pub fn is_reduction(name: &str) -> bool {
    Reduction::of_callee(name).is_some()
}

/// Expands every call of a vector reduction intrinsic in `m`. A call whose operands do not have
/// the intrinsic's shape is left for the validator to name.
pub fn expand_reductions(m: &ModuleRef) {
    let calls: Vec<(Val, Reduction)> = m
        .functions()
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.opcode() == LLVMOpcode::LLVMCall && i.called_value().is_function())
        .filter_map(|i| Reduction::of_callee(&i.called_value().name()).map(|r| (i, r)))
        .collect();
    if calls.is_empty() {
        return;
    }
    let b = Builder::new(m);
    for (call, r) in calls {
        let ordered = matches!(r, Reduction::FAdd | Reduction::FMul);
        let (start, v) = match (ordered, call.num_call_args()) {
            (true, 2) => (Some(call.operand(0)), call.operand(1)),
            (false, 1) => (None, call.operand(0)),
            _ => continue,
        };
        let t = v.ty();
        if t.kind() != LLVMTypeKind::LLVMVectorTypeKind || t.element() != call.ty() {
            continue;
        }
        b.before(call);
        let is_pred = t.element().kind() == LLVMTypeKind::LLVMIntegerTypeKind && t.element().int_width() == 1;
        let value = if let (true, Some(test)) = (is_pred, r.predicate_test()) {
            b.genx_predicate_test(m, test, v)
        } else if is_pred {
            // Parity: predicate vectors have no regions, so the lanes are widened to words.
            b.predicate_parity(m, v)
        } else if let Some(start) = start {
            let op = if r == Reduction::FAdd { LLVMOpcode::LLVMFAdd } else { LLVMOpcode::LLVMFMul };
            (0..t.vector_size()).fold(start, |acc, i| b.bin(op, acc, b.lane(v, i)))
        } else {
            b.tree(m, r, v)
        };
        // SAFETY: `value` has the call's type; the call is erased after its uses are replaced.
        unsafe {
            LLVMReplaceAllUsesWith(call.0, value.0);
            LLVMInstructionEraseFromParent(call.0);
        }
    }
}

impl Builder {
    /// The `i32` constant `v`.
    fn i32(&self, v: u32) -> LLVMValueRef {
        // SAFETY: valid context.
        unsafe { LLVMConstInt(LLVMInt32TypeInContext(self.ctx), v as u64, 0) }
    }

    /// Lane `i` of vector `v`.
    fn lane(&self, v: Val, i: u32) -> Val {
        // SAFETY: `i` is within `v`'s lanes.
        Val(unsafe { LLVMBuildExtractElement(self.b, v.0, self.i32(i), NONAME) })
    }

    /// Lanes `first..first + n` of vector `v`, as an `n`-lane vector.
    fn lanes(&self, v: Val, first: u32, n: u32) -> Val {
        let mut mask: Vec<LLVMValueRef> = (first..first + n).map(|i| self.i32(i)).collect();
        // SAFETY: the mask selects lanes of `v` only.
        unsafe {
            let m = LLVMConstVector(mask.as_mut_ptr(), n);
            Val(LLVMBuildShuffleVector(self.b, v.0, LLVMGetUndef(v.ty().0), m, NONAME))
        }
    }

    /// `a` or `c`, whichever compares `p` to the other.
    fn pick(&self, p: LLVMIntPredicate, a: Val, c: Val) -> Val {
        // SAFETY: integer operands of one type.
        unsafe {
            let cond = LLVMBuildICmp(self.b, p, a.0, c.0, NONAME);
            Val(LLVMBuildSelect(self.b, cond, a.0, c.0, NONAME))
        }
    }

    /// A call of the overloaded intrinsic `base.<t>` (one overloaded type, that of its `args`
    /// and result), declared when missing.
    fn call_overloaded(&self, m: &ModuleRef, base: &str, ret: Ty, args: &[Val]) -> Val {
        let name = format!("{base}.{}", mangle(ret));
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        // SAFETY: valid module and types; the declaration is looked up before it is added.
        unsafe {
            let mut ps: Vec<LLVMTypeRef> = args.iter().map(|a| a.ty().0).collect();
            let fty = LLVMFunctionType(ret.0, ps.as_mut_ptr(), ps.len() as u32, 0);
            let mut f = LLVMGetNamedFunction(m.0, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(m.0, cname.as_ptr(), fty);
            }
            let mut a: Vec<LLVMValueRef> = args.iter().map(|a| a.0).collect();
            Val(LLVMBuildCall2(self.b, fty, f, a.as_mut_ptr(), a.len() as u32, NONAME))
        }
    }

    /// `llvm.genx.any` or `llvm.genx.all` of predicate vector `v`.
    fn genx_predicate_test(&self, m: &ModuleRef, test: &str, v: Val) -> Val {
        let name = format!("llvm.genx.{test}.{}", mangle(v.ty()));
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        // SAFETY: valid module and types; the declaration is looked up before it is added.
        unsafe {
            let i1 = LLVMInt1TypeInContext(self.ctx);
            let mut ps = [v.ty().0];
            let fty = LLVMFunctionType(i1, ps.as_mut_ptr(), 1, 0);
            let mut f = LLVMGetNamedFunction(m.0, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(m.0, cname.as_ptr(), fty);
            }
            let mut a = [v.0];
            Val(LLVMBuildCall2(self.b, fty, f, a.as_mut_ptr(), 1, NONAME))
        }
    }

    /// The parity (xor of every lane) of predicate vector `v`, by a tree on its lanes widened to
    /// 16 bits.
    fn predicate_parity(&self, m: &ModuleRef, v: Val) -> Val {
        // SAFETY: `v` is a vector of i1; the widened vector has its lane count.
        unsafe {
            let words = LLVMVectorType(LLVMInt16TypeInContext(self.ctx), v.ty().vector_size());
            let w = Val(LLVMBuildZExt(self.b, v.0, words, NONAME));
            let x = self.tree(m, Reduction::Xor, w);
            Val(LLVMBuildTrunc(self.b, x.0, LLVMInt1TypeInContext(self.ctx), NONAME))
        }
    }

    /// `a` combined with `c` (scalars or vectors of one type) by reduction `r`.
    fn combine(&self, m: &ModuleRef, r: Reduction, a: Val, c: Val) -> Val {
        use LLVMIntPredicate::*;
        use LLVMOpcode::*;
        match r {
            Reduction::Add => self.bin(LLVMAdd, a, c),
            Reduction::Mul => self.bin(LLVMMul, a, c),
            Reduction::And => self.bin(LLVMAnd, a, c),
            Reduction::Or => self.bin(LLVMOr, a, c),
            Reduction::Xor => self.bin(LLVMXor, a, c),
            Reduction::SMax => self.pick(LLVMIntSGT, a, c),
            Reduction::SMin => self.pick(LLVMIntSLT, a, c),
            Reduction::UMax => self.pick(LLVMIntUGT, a, c),
            Reduction::UMin => self.pick(LLVMIntULT, a, c),
            Reduction::FMax => self.call_overloaded(m, "llvm.maxnum", a.ty(), &[a, c]),
            Reduction::FMin => self.call_overloaded(m, "llvm.minnum", a.ty(), &[a, c]),
            Reduction::FAdd => self.bin(LLVMFAdd, a, c),
            Reduction::FMul => self.bin(LLVMFMul, a, c),
        }
    }

    /// The reduction of vector `v` by `r` as a tree of half-vector combinations.
    fn tree(&self, m: &ModuleRef, r: Reduction, v: Val) -> Val {
        let mut cur = v;
        let mut len = v.ty().vector_size();
        let mut odd_lanes = Vec::new();
        while len > 1 {
            let half = len / 2;
            if len % 2 == 1 {
                odd_lanes.push(self.lane(cur, len - 1));
            }
            let (lo, hi) = (self.lanes(cur, 0, half), self.lanes(cur, half, half));
            cur = self.combine(m, r, lo, hi);
            len = half;
        }
        let first = self.lane(cur, 0);
        odd_lanes.into_iter().fold(first, |acc, x| self.combine(m, r, acc, x))
    }
}

/// The overload suffix LLVM gives type `t` in intrinsic names (`v8i1`, `f32`, `v4f64`).
pub(super) fn mangle(t: Ty) -> String {
    let scalar = |e: Ty| match e.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind => format!("i{}", e.int_width()),
        LLVMTypeKind::LLVMHalfTypeKind => "f16".to_string(),
        LLVMTypeKind::LLVMFloatTypeKind => "f32".to_string(),
        LLVMTypeKind::LLVMDoubleTypeKind => "f64".to_string(),
        LLVMTypeKind::LLVMBFloatTypeKind => "bf16".to_string(),
        _ => "unknown".to_string(),
    };
    if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
        format!("v{}{}", t.vector_size(), scalar(t.element()))
    } else {
        scalar(t)
    }
}

#[cfg(test)]
mod tests {
    use super::Reduction;

    #[test]
    fn callee_names() {
        assert_eq!(Reduction::of_callee("llvm.vector.reduce.or.v8i1"), Some(Reduction::Or));
        assert_eq!(Reduction::of_callee("llvm.vector.reduce.fadd.v4f32"), Some(Reduction::FAdd));
        assert_eq!(Reduction::of_callee("llvm.vector.reduce.umin.v16i16"), Some(Reduction::UMin));
        assert_eq!(Reduction::of_callee("llvm.vector.reduce.frobnicate.v4f32"), None);
        assert_eq!(Reduction::of_callee("llvm.genx.any.v8i1"), None);
        assert_eq!(Reduction::Or.predicate_test(), Some("any"));
        assert_eq!(Reduction::SMax.predicate_test(), Some("all"));
        assert_eq!(Reduction::Xor.predicate_test(), None);
    }
}
