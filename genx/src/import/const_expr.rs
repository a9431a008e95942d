//! Constant expressions over integers, folded at import: the bit patterns of a `bitcast` between
//! integer scalars and vectors of the same size (`bitcast (<4 x i8> <...> to i32)`, lanes in
//! little-endian order, as on Gen), integer arithmetic and logic, shifts, truncations and
//! extensions of them. Front ends (and LLVM's inliner, folding into them) leave such expressions
//! where the constant folder without a data layout stops; Intel's compiler folds them. A
//! constant expression of any other kind (a function or global address, a float operation)
//! is not folded and stays refused where it is used.

use super::raw::Val;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// The bits of each element of a constant, with the element width in bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    /// Element width in bits (1 to 64).
    pub width: u32,
    /// Each element's bits, zero-extended.
    pub elems: Vec<u64>,
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

fn sign_extend(x: u64, width: u32) -> i64 {
    if width >= 64 {
        x as i64
    } else {
        let s = 64 - width;
        ((x << s) as i64) >> s
    }
}

/// Width in bits of an integer scalar or of the integer elements of a vector (`None` otherwise).
fn int_width(v: Val) -> Option<u32> {
    let t = v.ty();
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    (e.kind() == LLVMTypeKind::LLVMIntegerTypeKind && (1..=64).contains(&e.int_width()))
        .then(|| e.int_width())
}

/// The bits of integer constant `v` (a scalar, a vector, or an expression this module folds).
pub fn fold(v: Val) -> Option<Bits> {
    let width = int_width(v)?;
    if let Some(i) = v.const_int() {
        return Some(Bits { width, elems: vec![i as u64 & mask(width)] });
    }
    if v.is_zero_aggregate() {
        return Some(Bits { width, elems: vec![0; v.ty().vector_size() as usize] });
    }
    if let Some(es) = v.const_vector_elems() {
        let elems =
            es.into_iter().map(|e| fold(e).and_then(|b| b.elems.first().copied())).collect::<Option<_>>()?;
        return Some(Bits { width, elems });
    }
    if !v.is_constant_expr() {
        return None;
    }
    use LLVMOpcode::*;
    let op = v.const_opcode();
    match op {
        LLVMBitCast => {
            let src = fold(v.operand(0))?;
            let total = src.width as usize * src.elems.len();
            let n = if v.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind {
                v.ty().vector_size() as usize
            } else {
                1
            };
            if total != width as usize * n || total > 64 * 64 {
                return None;
            }
            // little-endian: element i of the source holds bits [i * w, (i + 1) * w) of the whole
            let bit = |k: usize| (src.elems[k / src.width as usize] >> (k % src.width as usize)) & 1;
            let elems = (0..n)
                .map(|i| (0..width as usize).fold(0u64, |acc, b| acc | bit(i * width as usize + b) << b))
                .collect();
            Some(Bits { width, elems })
        }
        LLVMTrunc | LLVMZExt | LLVMSExt => {
            let src = fold(v.operand(0))?;
            let elems = src
                .elems
                .iter()
                .map(|&x| match op {
                    LLVMSExt => sign_extend(x, src.width) as u64 & mask(width),
                    _ => x & mask(width),
                })
                .collect();
            Some(Bits { width, elems })
        }
        LLVMAdd | LLVMSub | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr => {
            let (a, b) = (fold(v.operand(0))?, fold(v.operand(1))?);
            if a.elems.len() != b.elems.len() {
                return None;
            }
            let elems = a
                .elems
                .iter()
                .zip(&b.elems)
                .map(|(&x, &y)| {
                    let r = match op {
                        LLVMAdd => x.wrapping_add(y),
                        LLVMSub => x.wrapping_sub(y),
                        LLVMMul => x.wrapping_mul(y),
                        LLVMAnd => x & y,
                        LLVMOr => x | y,
                        LLVMXor => x ^ y,
                        // a shift by the width or more is poison: not folded
                        _ if y >= u64::from(width) => return None,
                        LLVMShl => x << y,
                        LLVMLShr => x >> y,
                        _ => (sign_extend(x, width) >> y) as u64,
                    };
                    Some(r & mask(width))
                })
                .collect::<Option<_>>()?;
            Some(Bits { width, elems })
        }
        _ => None,
    }
}

/// Whether `v` is a constant expression [`fold`] folds, or a constant vector holding one.
pub fn folds(v: Val) -> bool {
    fold(v).is_some()
}
