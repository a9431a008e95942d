//! Integer minimum and maximum from a compare and a select: `select (icmp slt a, b), a, b` is
//! `llvm.smin(a, b)` (and `sgt`/`sge` a maximum, `ult`/`ule`/`ugt`/`uge` the unsigned ones,
//! with the select's operands swapped the other one), as IGC's GenX backend matches the pair to
//! one `min`/`max` instruction. genxc otherwise selects a `cmp` into a predicate and a predicated
//! `sel`, two instructions per piece (and a predicate that legalization may have to carry
//! through a wider region). Only integers of 8 to 32 bits are rewritten: the rewrite is exact for
//! integers (equal operands give the same value either way), while a float compare and select
//! differ from `min`/`max` on NaN, and a 64-bit minimum is an emulated sequence of its own. A
//! compare left without users is removed.

use super::super::opcode_walk::OpcodeSet;
use super::super::raw::{ModuleRef, Ty, Val};
use super::builder::{Builder, NONAME};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// The integer minimum or maximum a compare predicate picks when the select's true operand is
/// the compare's first operand: its intrinsic name (`None` for `eq`/`ne`).
fn picked_by(pred: LLVMIntPredicate) -> Option<&'static str> {
    use LLVMIntPredicate::*;
    Some(match pred {
        LLVMIntSLT | LLVMIntSLE => "llvm.smin",
        LLVMIntSGT | LLVMIntSGE => "llvm.smax",
        LLVMIntULT | LLVMIntULE => "llvm.umin",
        LLVMIntUGT | LLVMIntUGE => "llvm.umax",
        LLVMIntEQ | LLVMIntNE => return None,
    })
}

/// The other one of a minimum and a maximum of the same signedness.
fn opposite(name: &str) -> &'static str {
    match name {
        "llvm.smin" => "llvm.smax",
        "llvm.smax" => "llvm.smin",
        "llvm.umin" => "llvm.umax",
        _ => "llvm.umin",
    }
}

/// Whether `t` is an integer (or integer vector) type of 8, 16 or 32 bits per element.
fn narrow_integer(t: Ty) -> bool {
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    e.kind() == LLVMTypeKind::LLVMIntegerTypeKind && matches!(e.int_width(), 8 | 16 | 32)
}

/// The minimum or maximum select `s` computes, as `(intrinsic, first, second)`, if it is one.
fn min_max_of(s: Val) -> Option<(&'static str, Val, Val)> {
    if s.opcode() != LLVMOpcode::LLVMSelect {
        return None;
    }
    let ops = s.operands();
    let (cond, t, f) = (ops[0], ops[1], ops[2]);
    if !cond.is_instruction() || cond.opcode() != LLVMOpcode::LLVMICmp || !narrow_integer(t.ty()) {
        return None;
    }
    let cops = cond.operands();
    let (a, b) = (cops[0], cops[1]);
    let name = picked_by(cond.icmp_predicate())?;
    if (t.0, f.0) == (a.0, b.0) {
        Some((name, a, b))
    } else if (t.0, f.0) == (b.0, a.0) {
        Some((opposite(name), a, b))
    } else {
        None
    }
}

/// Replaces every integer compare-and-select of `m` that is a minimum or maximum by the
/// intrinsic; returns how many it replaced.
pub fn select_min_max(m: &ModuleRef) -> usize {
    let b = Builder::new(m);
    let mut replaced = 0;
    let mut compares: Vec<Val> = Vec::new();
    let selects = OpcodeSet::of(&[LLVMOpcode::LLVMSelect]);
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        for s in selects.walk(f) {
            let Some((name, x, y)) = min_max_of(s) else { continue };
            compares.push(s.operand(0));
            b.before(s);
            let call = b.call_min_max(m, name, s.ty(), x, y);
            // SAFETY: `call` has the select's type; the select is unused once its uses are
            // replaced, and erasing it does not disturb the walk (which read the instruction
            // after it already; the call is inserted before it, not visited).
            unsafe {
                LLVMReplaceAllUsesWith(s.0, call.0);
                LLVMInstructionEraseFromParent(s.0);
            }
            replaced += 1;
        }
    }
    compares.sort_unstable_by_key(|c| c.0 as usize);
    compares.dedup_by_key(|c| c.0 as usize);
    for c in compares {
        // SAFETY: every select was visited above; a compare no instruction uses is erased once.
        unsafe {
            if LLVMGetFirstUse(c.0).is_null() {
                LLVMInstructionEraseFromParent(c.0);
            }
        }
    }
    replaced
}

impl Builder {
    /// A call of the integer minimum or maximum `name` (`llvm.smin`, ...) of `x` and `y` of
    /// type `t`, declared when missing.
    fn call_min_max(&self, m: &ModuleRef, name: &str, t: Ty, x: Val, y: Val) -> Val {
        let full = format!("{name}.{}", super::region_access::mangle(t));
        let cname = std::ffi::CString::new(full).unwrap_or_default();
        // SAFETY: valid module and types; the declaration is looked up before it is added.
        unsafe {
            let mut ps: [LLVMTypeRef; 2] = [t.0, t.0];
            let fty = LLVMFunctionType(t.0, ps.as_mut_ptr(), 2, 0);
            let mut f = LLVMGetNamedFunction(m.0, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(m.0, cname.as_ptr(), fty);
            }
            let mut a: [LLVMValueRef; 2] = [x.0, y.0];
            Val(LLVMBuildCall2(self.b, fty, f, a.as_mut_ptr(), 2, NONAME))
        }
    }
}
