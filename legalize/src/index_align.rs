//! The known low bits of a variable region index (the spec's `AlignmentInfo`): an index is
//! `n * 2^log + extra` for some unknown `n`, found by following the scalar integer operations
//! that compute it (constants, adds, subtracts, multiplies and shifts by constants, masks with
//! constants, integer casts). [`legal::legal_size`](crate::legal::legal_size) uses it to let a
//! single-indirect piece run up to the GRF boundary the alignment proves, where the range of
//! index values alone would allow one element.

use genxc_genx::ir::{BinOp, CastOp};
use genxc_genx::{Function, InstKind, Type, Value};

/// The most low bits tracked (a GRF is at most 64 bytes: 6 bits decide every boundary).
const MAX_LOG: u32 = 12;

/// How deep the operations computing an index are followed.
const MAX_DEPTH: u32 = 12;

/// An index known to be `n * 2^log + extra` (`extra < 2^log`); `log` 0 says nothing is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IndexAlign {
    /// How many low bits are known.
    pub log: u32,
    /// Their value.
    pub extra: u32,
}

impl IndexAlign {
    /// Nothing known.
    pub const UNKNOWN: IndexAlign = IndexAlign { log: 0, extra: 0 };

    /// `log` low bits known to be the low bits of `value`.
    pub fn new(log: u32, value: u64) -> IndexAlign {
        let log = log.min(MAX_LOG);
        IndexAlign { log, extra: (value & low_mask(log)) as u32 }
    }

    /// The known low bits of `self + other`.
    fn add(self, other: IndexAlign) -> IndexAlign {
        IndexAlign::new(self.log.min(other.log), u64::from(self.extra) + u64::from(other.extra))
    }

    /// The known low bits of `self - other`.
    fn sub(self, other: IndexAlign) -> IndexAlign {
        IndexAlign::new(self.log.min(other.log), u64::from(self.extra).wrapping_sub(u64::from(other.extra)))
    }

    /// The known low bits of `self * c`: `(n * 2^log + extra) * c` with `c = m * 2^t`.
    fn mul_const(self, c: u64) -> IndexAlign {
        if c == 0 {
            return IndexAlign::new(MAX_LOG, 0);
        }
        let t = c.trailing_zeros();
        IndexAlign::new(self.log + t, u64::from(self.extra).wrapping_mul(c))
    }

    /// The known low bits of `self & m`: a bit is known where it was, or where `m` clears it.
    fn and_const(self, m: u64) -> IndexAlign {
        let mut log = self.log;
        while log < MAX_LOG && m >> log & 1 == 0 {
            log += 1;
        }
        IndexAlign::new(log, u64::from(self.extra) & m)
    }

    /// The known low bits of `self | m`: a bit is known where it was, or where `m` sets it.
    fn or_const(self, m: u64) -> IndexAlign {
        let mut log = self.log;
        while log < MAX_LOG && m >> log & 1 == 1 {
            log += 1;
        }
        IndexAlign::new(log, u64::from(self.extra) | m)
    }
}

fn low_mask(log: u32) -> u64 {
    (1u64 << log) - 1
}

/// The known low bits of the scalar integer `v` of `f`.
pub fn index_align(f: &Function, v: Value) -> IndexAlign {
    align_at(f, v, 0)
}

fn align_at(f: &Function, v: Value, depth: u32) -> IndexAlign {
    let Type::Scalar(elem) = f.value_type(v) else { return IndexAlign::UNKNOWN };
    if !elem.is_int() || depth > MAX_DEPTH {
        return IndexAlign::UNKNOWN;
    }
    if let Some(c) = f.as_const(v) {
        return match c.elems.first().copied().flatten() {
            Some(bits) => IndexAlign::new(MAX_LOG, bits),
            None => IndexAlign::UNKNOWN,
        };
    }
    let Value::Inst(id) = v else { return IndexAlign::UNKNOWN };
    let konst = |x: Value| f.as_const(x).and_then(|c| c.elems.first().copied().flatten());
    let next = |x: Value| align_at(f, x, depth + 1);
    let out = match &f.insts[id].kind {
        InstKind::Binary { op, lhs, rhs } => match op {
            BinOp::Add => next(*lhs).add(next(*rhs)),
            BinOp::Sub => next(*lhs).sub(next(*rhs)),
            BinOp::Mul => match (konst(*lhs), konst(*rhs)) {
                (_, Some(c)) => next(*lhs).mul_const(c),
                (Some(c), None) => next(*rhs).mul_const(c),
                (None, None) => {
                    let (a, b) = (next(*lhs), next(*rhs));
                    // (a + 2^la n)(b + 2^lb m): known below min(la, lb)
                    IndexAlign::new(a.log.min(b.log), u64::from(a.extra) * u64::from(b.extra))
                }
            },
            BinOp::Shl => match konst(*rhs) {
                Some(k) if k < u64::from(elem.bits()) => next(*lhs).mul_const(1u64 << k),
                _ => IndexAlign::UNKNOWN,
            },
            BinOp::And => match (konst(*lhs), konst(*rhs)) {
                (_, Some(m)) => next(*lhs).and_const(m),
                (Some(m), None) => next(*rhs).and_const(m),
                (None, None) => IndexAlign::UNKNOWN,
            },
            BinOp::Or => match (konst(*lhs), konst(*rhs)) {
                (_, Some(m)) => next(*lhs).or_const(m),
                (Some(m), None) => next(*rhs).or_const(m),
                (None, None) => IndexAlign::UNKNOWN,
            },
            _ => IndexAlign::UNKNOWN,
        },
        InstKind::Cast { op: CastOp::Trunc | CastOp::ZExt | CastOp::SExt, value } => next(*value),
        _ => IndexAlign::UNKNOWN,
    };
    // bits above the value's width are not bits of it
    IndexAlign::new(out.log.min(elem.bits()), u64::from(out.extra))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_keep_the_known_bits() {
        let a = IndexAlign::new(2, 0);
        assert_eq!(a.mul_const(16), IndexAlign::new(6, 0));
        assert_eq!(IndexAlign::UNKNOWN.and_const(!7), IndexAlign::new(3, 0));
        assert_eq!(IndexAlign::UNKNOWN.or_const(3), IndexAlign::new(2, 3));
        assert_eq!(IndexAlign::new(4, 0).add(IndexAlign::new(MAX_LOG, 36)), IndexAlign::new(4, 4));
        assert_eq!(IndexAlign::new(4, 0).sub(IndexAlign::new(MAX_LOG, 4)), IndexAlign::new(4, 12));
        assert_eq!(IndexAlign::new(3, 5).mul_const(3), IndexAlign::new(3, 7));
    }
}
