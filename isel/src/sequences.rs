//! The emulation sequences: 64-bit integer arithmetic on dword halves, its conversions to and
//! from float, half and double, integer division and remainder, 64-bit division and remainder, and
//! `frem`. `crate::emulate` decides where one is needed and emits it.
//!
//! The sequences are straight-line (no loops, so no hang whatever the inputs): a 64-bit division
//! is a long division on 16-bit digits whose estimates come from the float-reciprocal 32-bit
//! division, corrected exactly. Conversions round to nearest even (integer to float) and truncate
//! (float to integer); where LLVM leaves the result poison (NaN, out of range) they give Rust's
//! saturating `as` result, given that the hardware's float to dword `mov` truncates, saturates and
//! turns NaN into 0 as [`run`] assumes.
//!
//! A sequence is a [`Prog`]: plain data over dword temporaries, predicate temporaries and the
//! halves of the inputs. The same data is emitted as vISA (one piece of lanes at a time) and run by
//! [`run`], the model the unit tests check against Rust's own 64-bit and division arithmetic on
//! random inputs. Every shift count in a sequence is masked to 0..31 explicitly, so the sequences
//! do not depend on how the hardware treats larger counts.

/// An operand of a step: a half of an input, a dword temporary or an immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opd {
    /// Low dword of input `i` (the whole value of a 32-bit or narrower input).
    Lo(u8),
    /// High dword of 64-bit input `i`.
    Hi(u8),
    /// Dword temporary.
    T(u8),
    /// Immediate dword.
    Imm(u32),
}

/// A predicate read by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PRef {
    /// Predicate temporary.
    T(u8),
    /// The instruction's own condition (a select's).
    Cond,
}

/// Dword operations (`S`: signed operands, `F`: float).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DOp {
    /// a + b.
    Add,
    /// a - b.
    Sub,
    /// Low 32 bits of a * b.
    Mul,
    /// High 32 bits of the unsigned product.
    MulhU,
    /// a & b.
    And,
    /// a | b.
    Or,
    /// a ^ b.
    Xor,
    /// a << b (b < 32).
    Shl,
    /// Logical a >> b (b < 32).
    Shr,
    /// Arithmetic a >> b (b < 32).
    Asr,
    /// Copy of a, zero-extended from the input's width.
    MovU,
    /// Copy of a, sign-extended from the input's width.
    MovS,
    /// Unsigned integer to float (round to nearest even).
    ToF,
    /// Signed integer (sign-extended from the input's width) to float (round to nearest even).
    SToF,
    /// Float reciprocal (`inv`).
    FInv,
    /// Float product.
    FMul,
    /// Float to unsigned integer (truncating, saturating, NaN to 0).
    FToU,
    /// Float to signed integer (truncating, saturating, NaN to 0).
    FToS,
    /// Float difference.
    FSub,
    /// Leading zero count (32 for 0).
    Lzd,
    /// Half input to float (exact).
    HToF,
}

/// Comparison of dwords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rel {
    /// ==.
    Eq,
    /// !=.
    Ne,
    /// <.
    Lt,
    /// <=.
    Le,
    /// >.
    Gt,
    /// >=.
    Ge,
}

/// One step of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// `T(dst) = a op b`.
    Op { op: DOp, dst: u8, a: Opd, b: Opd },
    /// `T(dst) = a + b`, `T(carry)` = the carry out (0 or 1).
    Addc { dst: u8, carry: u8, a: Opd, b: Opd },
    /// `T(dst) = a - b`, `T(borrow)` = 1 when `a < b` unsigned.
    Subb { dst: u8, borrow: u8, a: Opd, b: Opd },
    /// `T(dst) = a + b + c` (vISA `add3`, where the platform has it: made by
    /// `crate::add3_fusion` from two chained adds).
    Add3 { dst: u8, a: Opd, b: Opd, c: Opd },
    /// `T(dst)` = the boolean function `func` of `a`, `b` and `c`, bit by bit (vISA `bfn`).
    Bfn { func: u8, dst: u8, a: Opd, b: Opd, c: Opd },
    /// `P(p) = a rel b` (signed or unsigned).
    Cmp { rel: Rel, signed: bool, p: u8, a: Opd, b: Opd },
    /// `P(p) = P(a) & P(b)` (or `|`).
    PLogic { or: bool, p: u8, a: u8, b: u8 },
    /// `T(dst) = p ? a : b`.
    Sel { p: PRef, dst: u8, a: Opd, b: Opd },
}

/// What a sequence produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Out {
    /// A 64-bit value from its halves (low, high).
    Pair(Opd, Opd),
    /// A dword (truncated to the result's width when narrower).
    Word(Opd),
    /// A predicate temporary.
    Pred(u8),
}

/// An emulation sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Prog {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Dword temporaries used.
    pub temps: u8,
    /// Predicate temporaries used.
    pub preds: u8,
    /// The result.
    pub out: Out,
}

/// Builds a sequence step by step, numbering temporaries.
#[derive(Default)]
struct B {
    steps: Vec<Step>,
    temps: u8,
    preds: u8,
}

impl B {
    fn t(&mut self) -> u8 {
        self.temps += 1;
        self.temps - 1
    }
    fn p(&mut self) -> u8 {
        self.preds += 1;
        self.preds - 1
    }
    fn op(&mut self, op: DOp, a: Opd, b: Opd) -> Opd {
        let dst = self.t();
        self.steps.push(Step::Op { op, dst, a, b });
        Opd::T(dst)
    }
    fn op1(&mut self, op: DOp, a: Opd) -> Opd {
        self.op(op, a, Opd::Imm(0))
    }
    fn cmp(&mut self, rel: Rel, signed: bool, a: Opd, b: Opd) -> u8 {
        let p = self.p();
        self.steps.push(Step::Cmp { rel, signed, p, a, b });
        p
    }
    fn plogic(&mut self, or: bool, a: u8, b: u8) -> u8 {
        self.steps.push(Step::PLogic { or, p: a, a, b });
        a
    }
    fn sel(&mut self, p: PRef, a: Opd, b: Opd) -> Opd {
        let dst = self.t();
        self.steps.push(Step::Sel { p, dst, a, b });
        Opd::T(dst)
    }
    /// `T(dst) = a op b` into an existing temporary (for loops unrolled in place).
    fn op_to(&mut self, dst: Opd, op: DOp, a: Opd, b: Opd) {
        let Opd::T(dst) = dst else { unreachable!("a step writes a temporary") };
        self.steps.push(Step::Op { op, dst, a, b });
    }
    /// `T(dst) = P(p) ? a : b` into an existing temporary.
    fn sel_to(&mut self, dst: Opd, p: u8, a: Opd, b: Opd) {
        let Opd::T(dst) = dst else { unreachable!("a step writes a temporary") };
        self.steps.push(Step::Sel { p: PRef::T(p), dst, a, b });
    }
    fn done(self, out: Out) -> Prog {
        Prog { steps: self.steps, temps: self.temps, preds: self.preds, out }
    }
}

const A: u8 = 0;
const BB: u8 = 1;

/// 64-bit binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op64 {
    /// Wrapping add.
    Add,
    /// Wrapping subtract.
    Sub,
    /// Low 64 bits of the product.
    Mul,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// Shift left by `b & 63`.
    Shl,
    /// Logical shift right by `b & 63`.
    LShr,
    /// Arithmetic shift right by `b & 63`.
    AShr,
    /// Signed minimum.
    SMin,
    /// Signed maximum.
    SMax,
    /// Unsigned minimum.
    UMin,
    /// Unsigned maximum.
    UMax,
}

/// The sequence of a 64-bit binary operation on inputs 0 and 1.
pub(crate) fn binary64(op: Op64) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (a0, a1, b0, b1) = (Lo(A), Hi(A), Lo(BB), Hi(BB));
    let out = match op {
        Op64::Add | Op64::Sub => {
            let (lo, hi) = add64_into(&mut b, op == Op64::Sub, (a0, a1), (b0, b1));
            Out::Pair(lo, hi)
        }
        Op64::Mul => {
            let lo = b.op(DOp::Mul, a0, b0);
            let h = b.op(DOp::MulhU, a0, b0);
            let x = b.op(DOp::Mul, a0, b1);
            let h = b.op(DOp::Add, h, x);
            let y = b.op(DOp::Mul, a1, b0);
            let h = b.op(DOp::Add, h, y);
            Out::Pair(lo, h)
        }
        Op64::And | Op64::Or | Op64::Xor => {
            let o = match op {
                Op64::And => DOp::And,
                Op64::Or => DOp::Or,
                _ => DOp::Xor,
            };
            let lo = b.op(o, a0, b0);
            let hi = b.op(o, a1, b1);
            Out::Pair(lo, hi)
        }
        Op64::Shl | Op64::LShr | Op64::AShr => {
            let (lo, hi) = shift64_into(&mut b, op, (a0, a1), b0);
            Out::Pair(lo, hi)
        }
        Op64::SMin | Op64::SMax | Op64::UMin | Op64::UMax => {
            let signed = matches!(op, Op64::SMin | Op64::SMax);
            let rel = if matches!(op, Op64::SMin | Op64::UMin) { Rel::Lt } else { Rel::Gt };
            let p = compare_into(&mut b, rel, signed, (a0, a1), (b0, b1));
            let lo = b.sel(PRef::T(p), a0, b0);
            let hi = b.sel(PRef::T(p), a1, b1);
            Out::Pair(lo, hi)
        }
    };
    b.done(out)
}

/// Adds the steps of the shift `op` (`Shl`, `LShr` or `AShr`) of pair `x` by `amount & 63`;
/// returns the pair.
fn shift64_into(b: &mut B, op: Op64, x: (Opd, Opd), amount: Opd) -> (Opd, Opd) {
    use Opd::*;
    let (a0, a1) = x;
    // s = amount & 63; s5 = s & 31; r = 31 - s5; big = s >= 32
    let s = b.op(DOp::And, amount, Imm(63));
    let s5 = b.op(DOp::And, s, Imm(31));
    let r = b.op(DOp::Xor, s5, Imm(31));
    let bit = b.op(DOp::And, s, Imm(32));
    let big = b.cmp(Rel::Ne, false, bit, Imm(0));
    if op == Op64::Shl {
        let lo_s = b.op(DOp::Shl, a0, s5);
        let hi_small = funnel_into(b, a1, a0, s5, r);
        let hi = b.sel(PRef::T(big), lo_s, hi_small);
        let lo = b.sel(PRef::T(big), Imm(0), lo_s);
        (lo, hi)
    } else {
        let sh = if op == Op64::AShr { DOp::Asr } else { DOp::Shr };
        let hi_s = b.op(sh, a1, s5);
        let lo_s = b.op(DOp::Shr, a0, s5);
        let spill = b.op(DOp::Shl, a1, Imm(1));
        let spill = b.op(DOp::Shl, spill, r);
        let lo_small = b.op(DOp::Or, lo_s, spill);
        let fill = if op == Op64::AShr { b.op(DOp::Asr, a1, Imm(31)) } else { Imm(0) };
        let lo = b.sel(PRef::T(big), hi_s, lo_small);
        let hi = b.sel(PRef::T(big), fill, hi_s);
        (lo, hi)
    }
}

/// The sequence of the 64-bit shift `op` (`Shl`, `LShr` or `AShr`) of input 0 by the constant
/// `amount & 63`: no masks, compares or selects. Below 32 each half is the shifted half or'ed with
/// the bits crossing from the other (4 steps: 3 for the shift and the or of the half that takes
/// bits, 1 for the other); from 32 one half is the other half shifted by `amount - 32` and the
/// other is zero or the sign (1-2 steps); a shift by 0 is the input.
pub(crate) fn shift64_const(op: Op64, amount: u32) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let k = amount & 63;
    let (a0, a1) = (Lo(A), Hi(A));
    let out = if k == 0 {
        Out::Pair(a0, a1)
    } else if k < 32 {
        match op {
            Op64::Shl => {
                let lo = b.op(DOp::Shl, a0, Imm(k));
                let up = b.op(DOp::Shl, a1, Imm(k));
                let cross = b.op(DOp::Shr, a0, Imm(32 - k));
                let hi = b.op(DOp::Or, up, cross);
                Out::Pair(lo, hi)
            }
            _ => {
                let sh = if op == Op64::AShr { DOp::Asr } else { DOp::Shr };
                let hi = b.op(sh, a1, Imm(k));
                let down = b.op(DOp::Shr, a0, Imm(k));
                let cross = b.op(DOp::Shl, a1, Imm(32 - k));
                let lo = b.op(DOp::Or, down, cross);
                Out::Pair(lo, hi)
            }
        }
    } else {
        match op {
            Op64::Shl => {
                let hi = b.op(DOp::Shl, a0, Imm(k - 32));
                Out::Pair(Imm(0), hi)
            }
            Op64::AShr => {
                let lo = b.op(DOp::Asr, a1, Imm(k - 32));
                let hi = b.op(DOp::Asr, a1, Imm(31));
                Out::Pair(lo, hi)
            }
            _ => {
                let lo = b.op(DOp::Shr, a1, Imm(k - 32));
                Out::Pair(lo, Imm(0))
            }
        }
    };
    b.done(out)
}

/// The sequence of `a + b` on 64-bit inputs 0 and 1 where the high dword of input 1 is zero (a
/// constant offset below 2^32): the high half adds only the carry (2 operations, not 3).
pub(crate) fn add64_low_const() -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (lo, c) = (b.t(), b.t());
    b.steps.push(Step::Addc { dst: lo, carry: c, a: Lo(A), b: Lo(BB) });
    let hi = b.op(DOp::Add, Hi(A), T(c));
    b.done(Out::Pair(T(lo), hi))
}

/// The sequence of `a * b` on 64-bit inputs 0 and 1 where the high dword of input 1 is zero (a
/// constant factor below 2^32): the cross product of input 1's high dword is zero, so the high
/// half is the high dword of the low product plus the low dword of `a`'s high half times `b`
/// (4 operations, not 6).
pub(crate) fn mul64_low_const() -> Prog {
    use Opd::*;
    let mut b = B::default();
    let lo = b.op(DOp::Mul, Lo(A), Lo(BB));
    let h = b.op(DOp::MulhU, Lo(A), Lo(BB));
    let y = b.op(DOp::Mul, Hi(A), Lo(BB));
    let h = b.op(DOp::Add, h, y);
    b.done(Out::Pair(lo, h))
}

/// Adds the steps of `x + y` (or `x - y`) on (low, high) pairs; returns the pair.
fn add64_into(b: &mut B, sub: bool, x: (Opd, Opd), y: (Opd, Opd)) -> (Opd, Opd) {
    let (lo, c) = (b.t(), b.t());
    b.steps.push(if sub {
        Step::Subb { dst: lo, borrow: c, a: x.0, b: y.0 }
    } else {
        Step::Addc { dst: lo, carry: c, a: x.0, b: y.0 }
    });
    let o = if sub { DOp::Sub } else { DOp::Add };
    // a zero high half (a 32-bit constant offset) adds nothing but the carry
    let h = match (x.1, y.1) {
        (_, Opd::Imm(0)) => x.1,
        (Opd::Imm(0), _) if !sub => y.1,
        _ => b.op(o, x.1, y.1),
    };
    let h = b.op(o, h, Opd::T(c));
    (Opd::T(lo), h)
}

/// Adds the steps of `(x ^ s) - s` on a pair, `s` being 0 or all ones in both halves: `x`
/// negated where `s` is all ones.
fn negate_if_into(b: &mut B, x: (Opd, Opd), s: Opd) -> (Opd, Opd) {
    let x0 = b.op(DOp::Xor, x.0, s);
    let x1 = b.op(DOp::Xor, x.1, s);
    add64_into(b, true, (x0, x1), (s, s))
}

/// Adds the steps of a 64-bit compare of pairs `x` and `y`; returns its predicate.
fn compare_into(b: &mut B, rel: Rel, signed: bool, x: (Opd, Opd), y: (Opd, Opd)) -> u8 {
    let ((a0, a1), (b0, b1)) = (x, y);
    match rel {
        Rel::Eq | Rel::Ne => {
            let p = b.cmp(rel, false, a0, b0);
            let q = b.cmp(rel, false, a1, b1);
            b.plogic(rel == Rel::Ne, p, q)
        }
        _ => {
            // the high halves decide unless equal; then the low halves, unsigned
            let strict = match rel {
                Rel::Le => Rel::Lt,
                Rel::Ge => Rel::Gt,
                r => r,
            };
            let p = b.cmp(strict, signed, a1, b1);
            let q = b.cmp(Rel::Eq, false, a1, b1);
            let r = b.cmp(rel, false, a0, b0);
            let q = b.plogic(false, q, r);
            b.plogic(true, p, q)
        }
    }
}

/// The sequence of a 64-bit compare of inputs 0 and 1.
pub(crate) fn compare64(rel: Rel, signed: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let p = compare_into(&mut b, rel, signed, (Lo(A), Hi(A)), (Lo(BB), Hi(BB)));
    b.done(Out::Pred(p))
}

/// A 64-bit select between inputs 0 and 1 on the instruction's condition.
pub(crate) fn select64() -> Prog {
    use Opd::*;
    let mut b = B::default();
    let lo = b.sel(PRef::Cond, Lo(A), Lo(BB));
    let hi = b.sel(PRef::Cond, Hi(A), Hi(BB));
    b.done(Out::Pair(lo, hi))
}

/// Absolute value of 64-bit input 0.
pub(crate) fn abs64() -> Prog {
    use Opd::*;
    let mut b = B::default();
    let s = b.op(DOp::Asr, Hi(A), Imm(31));
    let (lo, hi) = negate_if_into(&mut b, (Lo(A), Hi(A)), s);
    b.done(Out::Pair(lo, hi))
}

/// Extension of (32-bit or narrower) input 0 to 64 bits.
pub(crate) fn extend64(signed: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    if signed {
        let lo = b.op1(DOp::MovS, Lo(A));
        let hi = b.op(DOp::Asr, lo, Imm(31));
        b.done(Out::Pair(lo, hi))
    } else {
        let lo = b.op1(DOp::MovU, Lo(A));
        b.done(Out::Pair(lo, Imm(0)))
    }
}

/// An `i1` (the sequence's condition) extended to 64 bits: 0 or 1, or 0 or all ones when `signed`.
pub(crate) fn extend_i1_64(signed: bool) -> Prog {
    let mut b = B::default();
    let one = if signed { u32::MAX } else { 1 };
    let lo = b.sel(PRef::Cond, Opd::Imm(one), Opd::Imm(0));
    let hi = if signed { lo } else { Opd::Imm(0) };
    b.done(Out::Pair(lo, hi))
}

/// A 64-bit value truncated to `i1`: its lowest bit, as a predicate.
pub(crate) fn trunc64_to_i1() -> Prog {
    let mut b = B::default();
    let bit = b.op(DOp::And, Opd::Lo(0), Opd::Imm(1));
    let p = b.cmp(Rel::Ne, false, bit, Opd::Imm(0));
    b.done(Out::Pred(p))
}

/// The wrapping sum of (dword) inputs 0, 1 and 2: `add3` where the platform has no three-source
/// add.
pub(crate) fn add3() -> Prog {
    use Opd::*;
    let mut b = B::default();
    let t = b.op(DOp::Add, Lo(A), Lo(BB));
    let r = b.op(DOp::Add, t, Lo(2));
    b.done(Out::Word(r))
}

/// The boolean function `func` (a truth table: bit `i` is the result for the input bits
/// `x | y << 1 | z << 2 = i`, vISA's BFN order: input 0 is `0xAA`, input 2 is `0xF0`) of dword inputs 0, 1 and 2: one `bfn`
/// where the platform has it (`native`), else the or of the minterms the table sets, each the
/// and of the inputs or their complements.
pub(crate) fn bfn(func: u8, native: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    if native {
        let dst = b.t();
        b.steps.push(Step::Bfn { func, dst, a: Lo(A), b: Lo(BB), c: Lo(2) });
        return b.done(Out::Word(T(dst)));
    }
    if func == u8::MAX {
        return b.done(Out::Word(Imm(u32::MAX)));
    }
    let mut acc: Option<Opd> = None;
    let mut inverted: [Option<Opd>; 3] = [None; 3];
    for i in (0..8u8).filter(|i| func >> i & 1 == 1) {
        let mut term: Option<Opd> = None;
        for (k, bit) in [0u8, 1, 2].into_iter().enumerate() {
            let x = if i >> bit & 1 == 1 {
                Lo(k as u8)
            } else {
                *inverted[k].get_or_insert_with(|| b.op(DOp::Xor, Lo(k as u8), Imm(u32::MAX)))
            };
            term = Some(match term {
                None => x,
                Some(t) => b.op(DOp::And, t, x),
            });
        }
        let term = term.expect("three inputs");
        acc = Some(match acc {
            None => term,
            Some(a) => b.op(DOp::Or, a, term),
        });
    }
    // no minterm: the constant zero
    b.done(Out::Word(acc.unwrap_or(Imm(0))))
}

/// Dword input 0 rotated left (or right) by input 1 modulo 32: `rol`/`ror` where the platform
/// has no rotate. The two shift counts are `n & 31` and `-n & 31`; a zero count gives the input
/// twice, or-ed.
pub(crate) fn rotate32(left: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let n = b.op(DOp::And, Lo(BB), Imm(31));
    let neg = b.op(DOp::Sub, Imm(0), n);
    let m = b.op(DOp::And, neg, Imm(31));
    let (first, second) = if left { (DOp::Shl, DOp::Shr) } else { (DOp::Shr, DOp::Shl) };
    let x = b.op(first, Lo(A), n);
    let y = b.op(second, Lo(A), m);
    let r = b.op(DOp::Or, x, y);
    b.done(Out::Word(r))
}

/// Truncation of 64-bit input 0 to its low dword (or less).
pub(crate) fn trunc64() -> Prog {
    B::default().done(Out::Word(Opd::Lo(A)))
}

/// Adds an unsigned 32-bit division of `x` by `y`; returns (quotient, remainder).
///
/// An estimate of 2^32/y from the float reciprocal, scaled by 1 - 2^-20 so that it stays below
/// the true value whatever the rounding of the conversions and of `inv`, is refined by one
/// Newton-Raphson step in integers (which keeps it below); the quotient estimate `mulh(x, z)` is
/// then at most two below the quotient, and two conditional corrections finish it.
fn udiv_into(b: &mut B, x: Opd, y: Opd) -> (Opd, Opd) {
    let z = recip_into(b, y);
    udiv_by_into(b, x, y, z, true)
}

/// The integer reciprocal `z` of `y` that [`udiv_by_into`] divides by (see [`udiv_into`]).
fn recip_into(b: &mut B, y: Opd) -> Opd {
    use Opd::*;
    let fy = b.op1(DOp::ToF, y);
    let rcp = b.op1(DOp::FInv, fy);
    let scaled = b.op(DOp::FMul, rcp, Imm(4_294_963_200f32.to_bits()));
    let z = b.op1(DOp::FToU, scaled);
    let neg_y = b.op(DOp::Sub, Imm(0), y);
    let e = b.op(DOp::Mul, neg_y, z);
    let dz = b.op(DOp::MulhU, z, e);
    b.op(DOp::Add, z, dz)
}

/// `x / y` and `x % y` given `z = recip_into(y)`; without `quotient` the quotient's corrections
/// are left out (only the remainder is right).
fn udiv_by_into(b: &mut B, x: Opd, y: Opd, z: Opd, quotient: bool) -> (Opd, Opd) {
    use Opd::*;
    let mut q = b.op(DOp::MulhU, x, z);
    let qy = b.op(DOp::Mul, q, y);
    let mut r = b.op(DOp::Sub, x, qy);
    for _ in 0..2 {
        let p = b.cmp(Rel::Ge, false, r, y);
        if quotient {
            let q1 = b.op(DOp::Add, q, Imm(1));
            q = b.sel(PRef::T(p), q1, q);
        }
        let r1 = b.op(DOp::Sub, r, y);
        r = b.sel(PRef::T(p), r1, r);
    }
    (q, r)
}

/// LLVM's `frem` (C's `fmod`) of inputs 0 and 1, float (or half, widened exactly first), exactly:
/// the significands as integers `mx`, `my` and the exponent difference `d`, the remainder is
/// `(mx * 2^d) mod my`, computed 8 bits of `d` at a time (`r = (r << k) mod my`, 32 steps cover
/// the 253 binades between the largest and the smallest float), then put back at `y`'s exponent
/// (a subnormal when it is small) with `x`'s sign. NaN for a NaN operand, an infinite `x` or a
/// zero `y`; `x` itself when `|x| < |y|` (an infinite `y` included).
pub(crate) fn frem(half: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (x, y) = if half { (b.op1(DOp::HToF, Lo(A)), b.op1(DOp::HToF, Lo(BB))) } else { (Lo(A), Lo(BB)) };
    let ax = b.op(DOp::And, x, Imm(0x7fff_ffff));
    let ay = b.op(DOp::And, y, Imm(0x7fff_ffff));
    let sx = b.op(DOp::And, x, Imm(0x8000_0000));
    let special = b.cmp(Rel::Ge, false, ax, Imm(0x7f80_0000));
    let nan_y = b.cmp(Rel::Gt, false, ay, Imm(0x7f80_0000));
    let zero_y = b.cmp(Rel::Eq, false, ay, Imm(0));
    b.plogic(true, special, nan_y);
    b.plogic(true, special, zero_y);
    let small = b.cmp(Rel::Lt, false, ax, ay);
    // significands with the implicit bit, and exponents (1 for subnormals)
    let mut parts = Vec::new();
    for a in [ax, ay] {
        let e = b.op(DOp::Shr, a, Imm(23));
        let m = b.op(DOp::And, a, Imm(0x7f_ffff));
        let sub = b.cmp(Rel::Eq, false, e, Imm(0));
        let mi = b.op(DOp::Or, m, Imm(0x80_0000));
        let m = b.sel(PRef::T(sub), m, mi);
        let e = b.sel(PRef::T(sub), Imm(1), e);
        parts.push((m, e));
    }
    let ((mx, ex), (my, ey)) = (parts[0], parts[1]);
    let z = recip_into(&mut b, my);
    let r = udiv_by_into(&mut b, mx, my, z, false).1;
    let d = b.op(DOp::Sub, ex, ey);
    // the steps rewrite the same temporaries (a sequence's temporaries are registers)
    let (k, sh, q, r1) = (
        b.op1(DOp::MovU, Imm(0)),
        b.op1(DOp::MovU, Imm(0)),
        b.op1(DOp::MovU, Imm(0)),
        b.op1(DOp::MovU, Imm(0)),
    );
    let (pk, pr) = (b.p(), b.p());
    for _ in 0..32 {
        b.steps.push(Step::Cmp { rel: Rel::Lt, signed: false, p: pk, a: d, b: Imm(8) });
        b.sel_to(k, pk, d, Imm(8));
        b.op_to(sh, DOp::Shl, r, k);
        b.op_to(q, DOp::MulhU, sh, z);
        b.op_to(q, DOp::Mul, q, my);
        b.op_to(r, DOp::Sub, sh, q);
        for _ in 0..2 {
            b.steps.push(Step::Cmp { rel: Rel::Ge, signed: false, p: pr, a: r, b: my });
            b.op_to(r1, DOp::Sub, r, my);
            b.sel_to(r, pr, r1, r);
        }
        b.op_to(d, DOp::Sub, d, k);
    }
    // r * 2^(ey - 150): normal with the leading bit moved to bit 23, or subnormal
    let lz = b.op1(DOp::Lzd, r);
    let s = b.op(DOp::Sub, lz, Imm(8));
    let e = b.op(DOp::Sub, ey, s);
    let normal = b.cmp(Rel::Gt, true, e, Imm(0));
    let m = b.op(DOp::Shl, r, s);
    let m = b.op(DOp::And, m, Imm(0x7f_ffff));
    let eb = b.op(DOp::Shl, e, Imm(23));
    let nb = b.op(DOp::Or, m, eb);
    let sh = b.op(DOp::Sub, ey, Imm(1));
    let sb = b.op(DOp::Shl, r, sh);
    let mag = b.sel(PRef::T(normal), nb, sb);
    let zero = b.cmp(Rel::Eq, false, r, Imm(0));
    let mag = b.sel(PRef::T(zero), Imm(0), mag);
    let res = b.op(DOp::Or, mag, sx);
    let res = b.sel(PRef::T(small), x, res);
    let res = b.sel(PRef::T(special), Imm(0x7fc0_0000), res);
    b.done(Out::Word(res))
}

/// Integer division or remainder of `bits`-bit inputs 0 and 1: [`divide_narrow`] for 8 and 16
/// bits, the float-reciprocal estimate with an integer Newton step and two corrections for 32
/// (narrower inputs extended first).
pub(crate) fn divide(bits: u32, signed: bool, rem: bool) -> Prog {
    use Opd::*;
    if bits <= 16 {
        return divide_narrow(signed, rem);
    }
    let mut b = B::default();
    let ext = if signed { DOp::MovS } else { DOp::MovU };
    let x = b.op1(ext, Lo(A));
    let y = b.op1(ext, Lo(BB));
    if !signed {
        let (q, r) = udiv_into(&mut b, x, y);
        return b.done(Out::Word(if rem { r } else { q }));
    }
    let sx = b.op(DOp::Asr, x, Imm(31));
    let sy = b.op(DOp::Asr, y, Imm(31));
    let ax = b.op(DOp::Xor, x, sx);
    let ax = b.op(DOp::Sub, ax, sx);
    let ay = b.op(DOp::Xor, y, sy);
    let ay = b.op(DOp::Sub, ay, sy);
    let (q, r) = udiv_into(&mut b, ax, ay);
    // quotient negative when the signs differ; remainder takes the dividend's sign
    let s = if rem { sx } else { b.op(DOp::Xor, sx, sy) };
    let v = b.op(DOp::Xor, if rem { r } else { q }, s);
    let v = b.op(DOp::Sub, v, s);
    b.done(Out::Word(v))
}

/// Division or remainder of 8- or 16-bit inputs 0 and 1 through one float division: both are
/// exact as floats (sign-extended when `signed`), and the quotient is the product of the
/// dividend and the reciprocal scaled by 1 + 2^-20, truncated toward zero by the conversion
/// back (which is C's rounding for signed operands too). The scale lifts an exact quotient
/// above its integer whatever the error of `inv` (a few units in the last place, 2^-22 at
/// most) and of the two roundings, and stays below the next integer, which is at least
/// `1/(|x| + |y|)`, 2^-17, away in relative terms for operands below 2^16. The remainder is `x - q * y`, right
/// in its low 16 bits whatever the extension. A zero divisor (undefined in LLVM) gives what the
/// conversion of an infinity or NaN gives.
pub(crate) fn divide_narrow(signed: bool, rem: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (to_float, to_int) = if signed { (DOp::SToF, DOp::FToS) } else { (DOp::ToF, DOp::FToU) };
    let fx = b.op1(to_float, Lo(A));
    let fy = b.op1(to_float, Lo(BB));
    let r = b.op1(DOp::FInv, fy);
    let r = b.op(DOp::FMul, r, Imm((1.0f32 + 2f32.powi(-20)).to_bits()));
    let p = b.op(DOp::FMul, fx, r);
    let q = b.op1(to_int, p);
    if !rem {
        return b.done(Out::Word(q));
    }
    let qy = b.op(DOp::Mul, q, Lo(BB));
    let r = b.op(DOp::Sub, Lo(A), qy);
    b.done(Out::Word(r))
}

/// Adds `(hi << s) | (lo >> (32 - s))` for `s` in 0..31 given with `r = 31 - s`: the top dword
/// of the pair shifted left by `s`.
fn funnel_into(b: &mut B, hi: Opd, lo: Opd, s: Opd, r: Opd) -> Opd {
    let h = b.op(DOp::Shl, hi, s);
    let l = b.op(DOp::Shr, lo, Opd::Imm(1));
    let l = b.op(DOp::Shr, l, r);
    b.op(DOp::Or, h, l)
}

/// Adds the leading zero count of `x` masked to 0..31 (0 for a zero `x`, 31 for 1); returns it
/// with `31 -` it.
fn normalize_into(b: &mut B, x: Opd) -> (Opd, Opd) {
    let n = b.op1(DOp::Lzd, x);
    let s = b.op(DOp::And, n, Opd::Imm(31));
    let r = b.op(DOp::Xor, s, Opd::Imm(31));
    (s, r)
}

/// Adds the correction of a 16-bit quotient digit `q` estimated from the top half `vn1` of the
/// normalized divisor (Knuth's algorithm D, step D3): while `q` is not a digit or `q * vn0`
/// exceeds the partial remainder `rhat:un`, `q` is one too large; at most two rounds are needed.
fn correct_digit_into(b: &mut B, mut q: Opd, mut rhat: Opd, vn1: Opd, vn0: Opd, un: Opd) -> Opd {
    use Opd::*;
    for _ in 0..2 {
        let big = b.cmp(Rel::Ge, false, q, Imm(0x1_0000));
        let lhs = b.op(DOp::Mul, q, vn0);
        let rs = b.op(DOp::Shl, rhat, Imm(16));
        let rs = b.op(DOp::Or, rs, un);
        let over = b.cmp(Rel::Gt, false, lhs, rs);
        let p = b.plogic(true, big, over);
        // the product test is meaningful only while rhat is a digit; once it is not, q is right
        let small = b.cmp(Rel::Lt, false, rhat, Imm(0x1_0000));
        let p = b.plogic(false, p, small);
        let q1 = b.op(DOp::Sub, q, Imm(1));
        let r1 = b.op(DOp::Add, rhat, vn1);
        q = b.sel(PRef::T(p), q1, q);
        rhat = b.sel(PRef::T(p), r1, rhat);
    }
    q
}

/// Adds the division of the 64-bit `u1:u0` by the dword `v` when `u1 < v` (so the quotient fits
/// a dword): Knuth's algorithm D on 16-bit digits after normalizing `v`, each digit estimated
/// by [`udiv_into`] and corrected by [`correct_digit_into`]. Returns (quotient, remainder).
fn udiv_long_into(b: &mut B, u1: Opd, u0: Opd, v: Opd) -> (Opd, Opd) {
    use Opd::*;
    let (s, r) = normalize_into(b, v);
    let vn = b.op(DOp::Shl, v, s);
    let vn1 = b.op(DOp::Shr, vn, Imm(16));
    let vn0 = b.op(DOp::And, vn, Imm(0xffff));
    let un32 = funnel_into(b, u1, u0, s, r);
    let un10 = b.op(DOp::Shl, u0, s);
    let un1 = b.op(DOp::Shr, un10, Imm(16));
    let un0 = b.op(DOp::And, un10, Imm(0xffff));
    let (q1, rhat) = udiv_into(b, un32, vn1);
    let q1 = correct_digit_into(b, q1, rhat, vn1, vn0, un1);
    // the partial remainder (un32:un1) - q1 * vn, below vn
    let t = b.op(DOp::Shl, un32, Imm(16));
    let t = b.op(DOp::Or, t, un1);
    let p = b.op(DOp::Mul, q1, vn);
    let un21 = b.op(DOp::Sub, t, p);
    let (q0, rhat) = udiv_into(b, un21, vn1);
    let q0 = correct_digit_into(b, q0, rhat, vn1, vn0, un0);
    let q = b.op(DOp::Shl, q1, Imm(16));
    let q = b.op(DOp::Or, q, q0);
    let t = b.op(DOp::Shl, un21, Imm(16));
    let t = b.op(DOp::Or, t, un0);
    let p = b.op(DOp::Mul, q0, vn);
    let rem = b.op(DOp::Sub, t, p);
    let rem = b.op(DOp::Shr, rem, s);
    (q, rem)
}

/// Adds an unsigned 64-bit division of pair `x` by pair `y`; returns (quotient, remainder).
///
/// Both of Hacker's Delight's cases are computed and the lanes pick theirs: a divisor below 2^32
/// divides the high dword first and then the remainder with the low dword; a larger divisor,
/// normalized to its top 32 bits `yn`, divides `x >> 1` by `yn`, which after undoing the shifts
/// and subtracting one is the quotient or one below it; a last compare of the remainder decides.
/// The one long division ([`udiv_long_into`]) serves both cases with their operands selected.
fn udiv64_into(b: &mut B, x: (Opd, Opd), y: (Opd, Opd)) -> ((Opd, Opd), (Opd, Opd)) {
    use Opd::*;
    let ((x0, x1), (y0, y1)) = (x, y);
    let small = b.cmp(Rel::Eq, false, y1, Imm(0));
    let (qa1, ra1) = udiv_into(b, x1, y0);
    let (s, r) = normalize_into(b, y1);
    let yn = funnel_into(b, y1, y0, s, r);
    let xs1 = b.op(DOp::Shr, x1, Imm(1));
    let xs0 = funnel_into(b, x1, x0, Imm(31), Imm(0));
    let u1 = b.sel(PRef::T(small), ra1, xs1);
    let u0 = b.sel(PRef::T(small), x0, xs0);
    let v = b.sel(PRef::T(small), y0, yn);
    let (ql, rl) = udiv_long_into(b, u1, u0, v);
    // large divisor: q = (ql >> (31 - s)) - 1 unless 0, then + 1 where x - q * y >= y
    let qb = b.op(DOp::Shr, ql, r);
    let nz = b.cmp(Rel::Ne, false, qb, Imm(0));
    let qb1 = b.op(DOp::Sub, qb, Imm(1));
    let qb = b.sel(PRef::T(nz), qb1, qb);
    let plo = b.op(DOp::Mul, qb, y0);
    let phi = b.op(DOp::MulhU, qb, y0);
    let t = b.op(DOp::Mul, qb, y1);
    let phi = b.op(DOp::Add, phi, t);
    let rb = add64_into(b, true, x, (plo, phi));
    let ge = compare_into(b, Rel::Ge, false, rb, y);
    let qb1 = b.op(DOp::Add, qb, Imm(1));
    let qb = b.sel(PRef::T(ge), qb1, qb);
    let rb1 = add64_into(b, true, rb, y);
    let rb0 = b.sel(PRef::T(ge), rb1.0, rb.0);
    let rbh = b.sel(PRef::T(ge), rb1.1, rb.1);
    let q0 = b.sel(PRef::T(small), ql, qb);
    let q1 = b.sel(PRef::T(small), qa1, Imm(0));
    let r0 = b.sel(PRef::T(small), rl, rb0);
    let r1 = b.sel(PRef::T(small), Imm(0), rbh);
    ((q0, q1), (r0, r1))
}

/// 64-bit integer division or remainder of inputs 0 and 1, for parts without 64-bit division
/// (all of them: vISA `div`/`mod` take no q/uq operands). Signed division divides the magnitudes
/// and sets the signs after (`i64::MIN / -1` wraps to `i64::MIN`, remainder 0). A zero divisor
/// (LLVM: undefined behaviour) gives all ones (-1) as the quotient and the dividend as the
/// remainder, as RISC-V defines it; the sequence is straight-line, so it always ends.
pub(crate) fn divide64(signed: bool, rem: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (x, y) = ((Lo(A), Hi(A)), (Lo(BB), Hi(BB)));
    let (lo, hi) = if signed {
        let sx = b.op(DOp::Asr, x.1, Imm(31));
        let sy = b.op(DOp::Asr, y.1, Imm(31));
        let ax = negate_if_into(&mut b, x, sx);
        let ay = negate_if_into(&mut b, y, sy);
        let (q, r) = udiv64_into(&mut b, ax, ay);
        // quotient negative when the signs differ; remainder takes the dividend's sign
        let s = if rem { sx } else { b.op(DOp::Xor, sx, sy) };
        negate_if_into(&mut b, if rem { r } else { q }, s)
    } else {
        let (q, r) = udiv64_into(&mut b, x, y);
        if rem {
            r
        } else {
            q
        }
    };
    let zero = compare_into(&mut b, Rel::Eq, false, y, (Imm(0), Imm(0)));
    let by_zero = if rem { x } else { (Imm(u32::MAX), Imm(u32::MAX)) };
    let lo = b.sel(PRef::T(zero), by_zero.0, lo);
    let hi = b.sel(PRef::T(zero), by_zero.1, hi);
    b.done(Out::Pair(lo, hi))
}

/// Adds the conversion of the unsigned pair `x` to float bits, rounding to nearest even: the
/// value normalized to a dword with a sticky bit for what is shifted out is converted (the one
/// rounding) and scaled back by a power of two (exact).
fn u64_to_float_into(b: &mut B, x: (Opd, Opd)) -> Opd {
    use Opd::*;
    let (x0, x1) = x;
    let (s, r) = normalize_into(b, x1);
    let m = funnel_into(b, x1, x0, s, r);
    let low = b.op(DOp::Shl, x0, s);
    let sticky = b.cmp(Rel::Ne, false, low, Imm(0));
    let m1 = b.op(DOp::Or, m, Imm(1));
    let m = b.sel(PRef::T(sticky), m1, m);
    let f = b.op1(DOp::ToF, m);
    // 2^(32 - s) as float bits: exponent 127 + 32 - s
    let e = b.op(DOp::Sub, Imm(159), s);
    let e = b.op(DOp::Shl, e, Imm(23));
    let big = b.op(DOp::FMul, f, e);
    let f0 = b.op1(DOp::ToF, x0);
    let z = b.cmp(Rel::Eq, false, x1, Imm(0));
    b.sel(PRef::T(z), f0, big)
}

/// Conversion of 64-bit input 0 to float (round to nearest even), as float bits; a half result
/// converts these (one more rounding that cannot differ: below 2^24 the float is exact, above it
/// the half is infinite either way).
pub(crate) fn int64_to_float(signed: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let x = (Lo(A), Hi(A));
    if !signed {
        let f = u64_to_float_into(&mut b, x);
        return b.done(Out::Word(f));
    }
    let s = b.op(DOp::Asr, x.1, Imm(31));
    let a = negate_if_into(&mut b, x, s);
    let f = u64_to_float_into(&mut b, a);
    let sign = b.op(DOp::And, s, Imm(0x8000_0000));
    let f = b.op(DOp::Or, f, sign);
    b.done(Out::Word(f))
}

/// Adds the truncating conversion of float bits `f` (0 <= f < 2^64 or NaN) to an unsigned pair:
/// the high dword is `f * 2^-32` truncated, the low one `f` less that times 2^32 (both exact:
/// their bits are a part of `f`'s 24).
fn float_to_u64_into(b: &mut B, f: Opd) -> (Opd, Opd) {
    use Opd::*;
    let sc = b.op(DOp::FMul, f, Imm(2f32.powi(-32).to_bits()));
    let hi = b.op1(DOp::FToU, sc);
    let fh = b.op1(DOp::ToF, hi);
    let fh = b.op(DOp::FMul, fh, Imm(2f32.powi(32).to_bits()));
    let d = b.op(DOp::FSub, f, fh);
    let lo = b.op1(DOp::FToU, d);
    (lo, hi)
}

/// Adds `P = lo <= bits <= hi` on the bits of a non-negative float (or +inf, NaN above it).
fn float_range_into(b: &mut B, f: Opd, lo: f32, hi: f32) -> u8 {
    let p = b.cmp(Rel::Ge, true, f, Opd::Imm(lo.to_bits()));
    let q = b.cmp(Rel::Le, true, f, Opd::Imm(hi.to_bits()));
    b.plogic(false, p, q)
}

/// Conversion of float input 0 (a half one when `half`) to a 64-bit integer, truncating toward
/// zero. Out of range (LLVM: poison) it saturates like Rust's `as`: NaN gives 0, too large
/// values the largest integer, too small ones 0 (unsigned) or the smallest integer (signed).
pub(crate) fn float_to_int64(signed: bool, half: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let f = if half { b.op1(DOp::HToF, Lo(A)) } else { Lo(A) };
    if !signed {
        let (lo, hi) = float_to_u64_into(&mut b, f);
        // 2^64 <= f <= inf: all ones (negative values and NaN are 0 already)
        let big = float_range_into(&mut b, f, 2f32.powi(64), f32::INFINITY);
        let lo = b.sel(PRef::T(big), Imm(u32::MAX), lo);
        let hi = b.sel(PRef::T(big), Imm(u32::MAX), hi);
        return b.done(Out::Pair(lo, hi));
    }
    let s = b.op(DOp::Asr, f, Imm(31));
    let a = b.op(DOp::And, f, Imm(0x7fff_ffff));
    let u = float_to_u64_into(&mut b, a);
    let (lo, hi) = negate_if_into(&mut b, u, s);
    // |f| >= 2^63: the largest or smallest integer by the sign
    let big = float_range_into(&mut b, a, 2f32.powi(63), f32::INFINITY);
    let slo = b.op(DOp::Xor, s, Imm(u32::MAX));
    let shi = b.op(DOp::Xor, s, Imm(0x7fff_ffff));
    let lo = b.sel(PRef::T(big), slo, lo);
    let hi = b.sel(PRef::T(big), shi, hi);
    b.done(Out::Pair(lo, hi))
}

/// Adds the conversion of the unsigned pair `x` to double bits (low, high), rounding to nearest
/// even, in integers: the value is normalized so that its top bit is set, its top 53 bits are
/// the significand, rounded up when the 11 bits below exceed half (or equal it with the
/// significand odd), and the exponent is added on top (a carry out of the significand rounding
/// raises it, as it should).
fn u64_to_double_into(b: &mut B, x: (Opd, Opd)) -> (Opd, Opd) {
    use Opd::*;
    let (x0, x1) = x;
    // a zero high dword: normalize the low one, 32 more leading zeros
    let z = b.cmp(Rel::Eq, false, x1, Imm(0));
    let w = b.sel(PRef::T(z), x0, x1);
    let t = b.sel(PRef::T(z), Imm(0), x0);
    let (s, r) = normalize_into(b, w);
    let m1 = funnel_into(b, w, t, s, r);
    let m0 = b.op(DOp::Shl, t, s);
    let mhi = b.op(DOp::Shr, m1, Imm(11));
    let mlo = funnel_into(b, m1, m0, Imm(21), Imm(10));
    let g = b.op(DOp::And, m0, Imm(0x7ff));
    let odd = b.op(DOp::And, mlo, Imm(1));
    let g = b.op(DOp::Add, g, odd);
    let up = b.cmp(Rel::Gt, false, g, Imm(0x400));
    let inc = b.sel(PRef::T(up), Imm(1), Imm(0));
    let (lo, mhi) = add64_into(b, false, (mlo, mhi), (inc, Imm(0)));
    // biased exponent 1023 + 63 - leading zeros, less the significand's leading one at bit 20
    let n32 = b.sel(PRef::T(z), Imm(32), Imm(0));
    let e = b.op(DOp::Sub, Imm(1085), s);
    let e = b.op(DOp::Sub, e, n32);
    let e = b.op(DOp::Shl, e, Imm(20));
    let hi = b.op(DOp::Add, mhi, e);
    let zero = b.cmp(Rel::Eq, false, w, Imm(0));
    let lo = b.sel(PRef::T(zero), Imm(0), lo);
    let hi = b.sel(PRef::T(zero), Imm(0), hi);
    (lo, hi)
}

/// Conversion of 64-bit input 0 to double (round to nearest even), for parts with doubles but
/// without 64-bit integers (MTL).
pub(crate) fn int64_to_double(signed: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let x = (Lo(A), Hi(A));
    if !signed {
        let (lo, hi) = u64_to_double_into(&mut b, x);
        return b.done(Out::Pair(lo, hi));
    }
    let s = b.op(DOp::Asr, x.1, Imm(31));
    let a = negate_if_into(&mut b, x, s);
    let (lo, hi) = u64_to_double_into(&mut b, a);
    let sign = b.op(DOp::And, s, Imm(0x8000_0000));
    let hi = b.op(DOp::Or, hi, sign);
    b.done(Out::Pair(lo, hi))
}

/// Conversion of double input 0 to a 64-bit integer, truncating toward zero, in integers: the
/// significand shifted by the exponent. Out of range it saturates like Rust's `as` (see
/// [`float_to_int64`]).
pub(crate) fn double_to_int64(signed: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (l, h) = (Lo(A), Hi(A));
    let sign = b.op(DOp::Asr, h, Imm(31));
    let a = b.op(DOp::And, h, Imm(0x7fff_ffff));
    // the significand (low, high) times 2^(e - 1075): shifted left by 0..11 or right
    let e = b.op(DOp::Shr, a, Imm(20));
    let mh = b.op(DOp::And, a, Imm(0xf_ffff));
    let mh = b.op(DOp::Or, mh, Imm(0x10_0000));
    let ls = b.op(DOp::Sub, e, Imm(1075));
    let rs = b.op(DOp::Sub, Imm(1075), e);
    let left = shift64_into(&mut b, Op64::Shl, (l, mh), ls);
    let right = shift64_into(&mut b, Op64::LShr, (l, mh), rs);
    let is_left = b.cmp(Rel::Ge, false, e, Imm(1075));
    let lo = b.sel(PRef::T(is_left), left.0, right.0);
    let hi = b.sel(PRef::T(is_left), left.1, right.1);
    let (lo, hi) = if signed { negate_if_into(&mut b, (lo, hi), sign) } else { (lo, hi) };
    // |f| at or above 2^63 (signed) or 2^64 (unsigned), infinity included: saturated
    let (limit, sat_lo, sat_hi) = if signed {
        let slo = b.op(DOp::Xor, sign, Imm(u32::MAX));
        let shi = b.op(DOp::Xor, sign, Imm(0x7fff_ffff));
        (0x43e0_0000, slo, shi)
    } else {
        (0x43f0_0000, Imm(u32::MAX), Imm(u32::MAX))
    };
    let big = b.cmp(Rel::Ge, false, a, Imm(limit));
    let lo = b.sel(PRef::T(big), sat_lo, lo);
    let hi = b.sel(PRef::T(big), sat_hi, hi);
    // below 1 (a right shift of 53 or more), NaN, and negative values when unsigned: 0
    let zero = b.cmp(Rel::Lt, false, e, Imm(1023));
    let nan = compare_into(&mut b, Rel::Gt, false, (l, a), (Imm(0), Imm(0x7ff0_0000)));
    let zero = b.plogic(true, zero, nan);
    let zero = if signed {
        zero
    } else {
        let neg = b.cmp(Rel::Ne, false, sign, Imm(0));
        b.plogic(true, zero, neg)
    };
    let lo = b.sel(PRef::T(zero), Imm(0), lo);
    let hi = b.sel(PRef::T(zero), Imm(0), hi);
    b.done(Out::Pair(lo, hi))
}

/// Runs a sequence on one lane: `inputs` are the input values (64-bit, or narrower values with
/// their width in bits for the extensions), `cond` the instruction's condition. `inv` computes
/// the float reciprocal (the hardware's `inv`, within its error). Returns the 64-bit result (a
/// dword result zero-extended, a predicate as 0/1).
#[cfg(test)]
pub(crate) fn run(p: &Prog, inputs: &[(u64, u32)], cond: bool, inv: &dyn Fn(f32) -> f32) -> u64 {
    let mut t = vec![0u32; p.temps as usize];
    let mut pr = vec![false; p.preds as usize];
    let get = |t: &[u32], o: Opd| -> u32 {
        match o {
            Opd::Lo(i) => inputs[i as usize].0 as u32,
            Opd::Hi(i) => (inputs[i as usize].0 >> 32) as u32,
            Opd::T(i) => t[i as usize],
            Opd::Imm(x) => x,
        }
    };
    let width = |o: Opd| match o {
        Opd::Lo(i) | Opd::Hi(i) => inputs[i as usize].1.min(32),
        _ => 32,
    };
    for s in &p.steps {
        match *s {
            Step::Op { op, dst, a, b } => {
                let (x, y) = (get(&t, a), get(&t, b));
                let f = f32::from_bits;
                t[dst as usize] = match op {
                    DOp::Add => x.wrapping_add(y),
                    DOp::Sub => x.wrapping_sub(y),
                    DOp::Mul => x.wrapping_mul(y),
                    DOp::MulhU => ((u64::from(x) * u64::from(y)) >> 32) as u32,
                    DOp::And => x & y,
                    DOp::Or => x | y,
                    DOp::Xor => x ^ y,
                    DOp::Shl => x << (y & 31),
                    DOp::Shr => x >> (y & 31),
                    DOp::Asr => ((x as i32) >> (y & 31)) as u32,
                    DOp::MovU => {
                        let w = width(a);
                        if w >= 32 {
                            x
                        } else {
                            x & ((1u32 << w) - 1)
                        }
                    }
                    DOp::MovS => {
                        let w = width(a);
                        ((x << (32 - w)) as i32 >> (32 - w)) as u32
                    }
                    DOp::ToF => (x as f32).to_bits(),
                    DOp::SToF => {
                        let w = width(a);
                        (((x << (32 - w)) as i32 >> (32 - w)) as f32).to_bits()
                    }
                    DOp::FInv => inv(f(x)).to_bits(),
                    DOp::FMul => (f(x) * f(y)).to_bits(),
                    DOp::FToU => f(x) as u32,
                    DOp::FToS => f(x) as i32 as u32,
                    DOp::FSub => (f(x) - f(y)).to_bits(),
                    DOp::Lzd => x.leading_zeros(),
                    DOp::HToF => half::f16::from_bits(x as u16).to_f32().to_bits(),
                };
            }
            Step::Addc { dst, carry, a, b } => {
                let (v, c) = get(&t, a).overflowing_add(get(&t, b));
                t[dst as usize] = v;
                t[carry as usize] = c as u32;
            }
            Step::Add3 { dst, a, b, c } => {
                t[dst as usize] = get(&t, a).wrapping_add(get(&t, b)).wrapping_add(get(&t, c));
            }
            Step::Bfn { func, dst, a, b, c } => {
                let (x, y, z) = (get(&t, a), get(&t, b), get(&t, c));
                t[dst as usize] = (0..8u32).filter(|i| func >> i & 1 == 1).fold(0, |acc, i| {
                    let pick = |v: u32, bit: u32| if i >> bit & 1 == 1 { v } else { !v };
                    acc | (pick(x, 0) & pick(y, 1) & pick(z, 2))
                });
            }
            Step::Subb { dst, borrow, a, b } => {
                let (v, c) = get(&t, a).overflowing_sub(get(&t, b));
                t[dst as usize] = v;
                t[borrow as usize] = c as u32;
            }
            Step::Cmp { rel, signed, p, a, b } => {
                let (x, y) = (get(&t, a), get(&t, b));
                let (x, y) = if signed {
                    (i64::from(x as i32), i64::from(y as i32))
                } else {
                    (i64::from(x), i64::from(y))
                };
                pr[p as usize] = match rel {
                    Rel::Eq => x == y,
                    Rel::Ne => x != y,
                    Rel::Lt => x < y,
                    Rel::Le => x <= y,
                    Rel::Gt => x > y,
                    Rel::Ge => x >= y,
                };
            }
            Step::PLogic { or, p, a, b } => {
                let (x, y) = (pr[a as usize], pr[b as usize]);
                pr[p as usize] = if or { x | y } else { x & y };
            }
            Step::Sel { p, dst, a, b } => {
                let c = match p {
                    PRef::T(i) => pr[i as usize],
                    PRef::Cond => cond,
                };
                t[dst as usize] = if c { get(&t, a) } else { get(&t, b) };
            }
        }
    }
    match p.out {
        Out::Pair(lo, hi) => u64::from(get(&t, lo)) | u64::from(get(&t, hi)) << 32,
        Out::Word(o) => u64::from(get(&t, o)),
        Out::Pred(i) => pr[i as usize] as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Correctly rounded reciprocal moved by `ulps` units in the last place.
    fn inv_off(ulps: i32) -> impl Fn(f32) -> f32 {
        move |x| f32::from_bits((1.0 / x).to_bits().wrapping_add_signed(ulps))
    }

    fn exact(x: f32) -> f32 {
        1.0 / x
    }

    fn reference(op: Op64, a: u64, b: u64) -> u64 {
        let s = (b & 63) as u32;
        match op {
            Op64::Add => a.wrapping_add(b),
            Op64::Sub => a.wrapping_sub(b),
            Op64::Mul => a.wrapping_mul(b),
            Op64::And => a & b,
            Op64::Or => a | b,
            Op64::Xor => a ^ b,
            Op64::Shl => a << s,
            Op64::LShr => a >> s,
            Op64::AShr => ((a as i64) >> s) as u64,
            Op64::SMin => (a as i64).min(b as i64) as u64,
            Op64::SMax => (a as i64).max(b as i64) as u64,
            Op64::UMin => a.min(b),
            Op64::UMax => a.max(b),
        }
    }

    const OPS: [Op64; 13] = [
        Op64::Add,
        Op64::Sub,
        Op64::Mul,
        Op64::And,
        Op64::Or,
        Op64::Xor,
        Op64::Shl,
        Op64::LShr,
        Op64::AShr,
        Op64::SMin,
        Op64::SMax,
        Op64::UMin,
        Op64::UMax,
    ];

    /// Values around the carries and signs, and random ones.
    fn edge64() -> impl Strategy<Value = u64> {
        prop_oneof![
            Just(0u64),
            Just(1),
            Just(u64::MAX),
            Just(i64::MIN as u64),
            Just(i64::MAX as u64),
            Just(0xffff_ffff),
            Just(0x1_0000_0000),
            0u64..64,
            any::<u32>().prop_map(u64::from),
            any::<u64>(),
        ]
    }

    #[test]
    fn bfn_sequences_match_the_truth_table() {
        let (x, y, z) = (0xAAAA_CCCCu32, 0xCCCC_F0F0u32, 0xF0F0_FF00u32);
        let want = |f: u8| -> u32 {
            (0..32)
                .map(|k| {
                    let i = (x >> k & 1) | (y >> k & 1) << 1 | (z >> k & 1) << 2;
                    u32::from(f >> i & 1) << k
                })
                .sum()
        };
        for func in 0..=255u8 {
            for native in [false, true] {
                let got =
                    run(&bfn(func, native), &[(x.into(), 32), (y.into(), 32), (z.into(), 32)], false, &exact);
                assert_eq!(got as u32, want(func), "func {func:#x} native {native}");
            }
        }
        // 0xCA is `z ? y : x` with z the third source (0xF0)
        assert_eq!(want(0xCA), (z & y) | (!z & x));
    }

    #[test]
    fn add3_and_rotate_sequences_match_native_arithmetic() {
        let edges = [0u32, 1, 2, 31, 32, 33, 0x7fff_ffff, 0x8000_0000, 0xdead_beef, u32::MAX];
        for &a in &edges {
            for &b in &edges {
                for &c in &edges {
                    let got = run(&add3(), &[(a.into(), 32), (b.into(), 32), (c.into(), 32)], false, &exact);
                    assert_eq!(got as u32, a.wrapping_add(b).wrapping_add(c));
                }
                let n = b & 31;
                let rol = run(&rotate32(true), &[(a.into(), 32), (b.into(), 32)], false, &exact);
                let ror = run(&rotate32(false), &[(a.into(), 32), (b.into(), 32)], false, &exact);
                assert_eq!(rol as u32, a.rotate_left(n), "rol {a:#x} {b}");
                assert_eq!(ror as u32, a.rotate_right(n), "ror {a:#x} {b}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn constant_shifts_match_native_shifts(a in edge64(), k in 0u32..64) {
            for op in [Op64::Shl, Op64::LShr, Op64::AShr] {
                let prog = shift64_const(op, k);
                let got = run(&prog, &[(a, 64)], false, &exact);
                prop_assert_eq!(got, reference(op, a, k.into()), "{:?} {:#x} by {}", op, a, k);
                prop_assert!(prog.steps.len() <= 4 && prog.preds == 0, "{:?} by {}: {:?}", op, k, prog);
                if k >= 32 {
                    prop_assert!(prog.steps.len() <= 2, "{:?} by {}: {:?}", op, k, prog);
                }
            }
        }

        #[test]
        fn adding_a_dword_constant_matches_native_addition(a in edge64(), b in any::<u32>()) {
            let prog = add64_low_const();
            let got = run(&prog, &[(a, 64), (u64::from(b), 64)], false, &exact);
            prop_assert_eq!(got, a.wrapping_add(u64::from(b)), "{:#x} + {:#x}", a, b);
            prop_assert_eq!(prog.steps.len(), 2);
        }

        #[test]
        fn multiplying_by_a_dword_constant_matches_native_multiplication(a in edge64(), b in any::<u32>()) {
            let prog = mul64_low_const();
            let got = run(&prog, &[(a, 64), (u64::from(b), 64)], false, &exact);
            prop_assert_eq!(got, a.wrapping_mul(u64::from(b)), "{:#x} * {:#x}", a, b);
            prop_assert_eq!(prog.steps.len(), 4);
        }

        #[test]
        fn sixty_four_bit_sequences_match_native_arithmetic(a in edge64(), b in edge64()) {
            for op in OPS {
                let got = run(&binary64(op), &[(a, 64), (b, 64)], false, &exact);
                prop_assert_eq!(got, reference(op, a, b), "{:?} {:#x} {:#x}", op, a, b);
            }
            for (rel, signed) in [(Rel::Eq, false), (Rel::Ne, false)]
                .into_iter()
                .chain([Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge].into_iter().flat_map(|r| [(r, false), (r, true)]))
            {
                let (x, y) = if signed { ((a as i64) as i128, (b as i64) as i128) } else { (a as i128, b as i128) };
                let want = match rel {
                    Rel::Eq => x == y,
                    Rel::Ne => x != y,
                    Rel::Lt => x < y,
                    Rel::Le => x <= y,
                    Rel::Gt => x > y,
                    Rel::Ge => x >= y,
                };
                let got = run(&compare64(rel, signed), &[(a, 64), (b, 64)], false, &exact);
                prop_assert_eq!(got, want as u64, "{:?} signed={} {:#x} {:#x}", rel, signed, a, b);
            }
            for c in [false, true] {
                prop_assert_eq!(run(&select64(), &[(a, 64), (b, 64)], c, &exact), if c { a } else { b });
            }
            prop_assert_eq!(run(&abs64(), &[(a, 64)], false, &exact), (a as i64).wrapping_abs() as u64);
            prop_assert_eq!(run(&trunc64(), &[(a, 64)], false, &exact), a & 0xffff_ffff);
            for bits in [8u32, 16, 32] {
                let v = a & ((1u64 << bits) - 1);
                let s = ((v << (64 - bits)) as i64 >> (64 - bits)) as u64;
                prop_assert_eq!(run(&extend64(false), &[(v, bits)], false, &exact), v);
                prop_assert_eq!(run(&extend64(true), &[(v, bits)], false, &exact), s);
            }
        }

        #[test]
        fn division_sequences_match_native_division(
            a in prop_oneof![Just(0u32), Just(u32::MAX), Just(i32::MIN as u32), any::<u32>()],
            b in prop_oneof![1u32..16, Just(u32::MAX), Just(i32::MIN as u32), Just(0x8000_0001), any::<u32>()],
            shift in 0u32..32,
            ulps in -2i32..=2,
        ) {
            let inv = inv_off(ulps);
            // divisors of every magnitude
            let b = (b >> shift).max(1);
            let check = |bits: u32, a: u32, b: u32| -> Result<(), TestCaseError> {
                let mask = if bits == 32 { u32::MAX } else { (1u32 << bits) - 1 };
                let (ua, ub) = (a & mask, b & mask);
                if ub == 0 {
                    return Ok(());
                }
                let sx = |v: u32| ((v << (32 - bits)) as i32) >> (32 - bits);
                let ins = [(u64::from(ua), bits), (u64::from(ub), bits)];
                let q = run(&divide(bits, false, false), &ins, false, &inv) as u32 & mask;
                let r = run(&divide(bits, false, true), &ins, false, &inv) as u32 & mask;
                prop_assert_eq!(q, ua / ub, "{}-bit {} udiv {}", bits, ua, ub);
                prop_assert_eq!(r, ua % ub, "{}-bit {} urem {}", bits, ua, ub);
                let (sa, sb) = (sx(ua), sx(ub));
                if sb == -1 && sa == sx(1 << (bits - 1)) {
                    return Ok(()); // overflow: undefined in LLVM
                }
                let q = run(&divide(bits, true, false), &ins, false, &inv) as u32 & mask;
                let r = run(&divide(bits, true, true), &ins, false, &inv) as u32 & mask;
                prop_assert_eq!(q, (sa / sb) as u32 & mask, "{}-bit {} sdiv {}", bits, sa, sb);
                prop_assert_eq!(r, (sa % sb) as u32 & mask, "{}-bit {} srem {}", bits, sa, sb);
                Ok(())
            };
            check(32, a, b)?;
            check(16, a, b)?;
            check(8, a, b)?;
        }
    }

    /// Values of every magnitude: edge values, powers of two and their neighbours, random values
    /// shifted right by any count.
    fn magnitude64() -> impl Strategy<Value = u64> {
        prop_oneof![
            edge64(),
            (0u32..64, -1i64..=1).prop_map(|(k, d)| (1u64 << k).wrapping_add_signed(d)),
            (any::<u64>(), 0u32..64).prop_map(|(x, k)| x >> k),
            (any::<u64>(), 0u32..64).prop_map(|(x, k)| (x >> k).wrapping_neg()),
        ]
    }

    /// Runs the 64-bit division sequences on `a` and `b` and compares them with Rust's.
    fn check_divide64(a: u64, b: u64, inv: &dyn Fn(f32) -> f32) -> Result<(), TestCaseError> {
        let ins = [(a, 64), (b, 64)];
        let got = |signed, rem| run(&divide64(signed, rem), &ins, false, inv);
        if b == 0 {
            // undefined in LLVM: all ones and the dividend, as RISC-V defines it
            for signed in [false, true] {
                prop_assert_eq!(got(signed, false), u64::MAX, "{:#x} / 0", a);
                prop_assert_eq!(got(signed, true), a, "{:#x} % 0", a);
            }
            return Ok(());
        }
        prop_assert_eq!(got(false, false), a / b, "{:#x} udiv {:#x}", a, b);
        prop_assert_eq!(got(false, true), a % b, "{:#x} urem {:#x}", a, b);
        let (sa, sb) = (a as i64, b as i64);
        // i64::MIN / -1 overflows (undefined in LLVM); the sequence wraps like wrapping_div
        prop_assert_eq!(got(true, false), sa.wrapping_div(sb) as u64, "{} sdiv {}", sa, sb);
        prop_assert_eq!(got(true, true), sa.wrapping_rem(sb) as u64, "{} srem {}", sa, sb);
        Ok(())
    }

    /// Bits of floating-point `edges` (each up to two units in the last place away, either sign
    /// bit `sign`), bits in `dense`, and random bits.
    fn edge_bits(edges: Vec<u64>, sign: u64, dense: std::ops::Range<u64>) -> impl Strategy<Value = u64> {
        prop_oneof![
            (proptest::sample::select(edges), -2i64..=2, any::<bool>())
                .prop_map(move |(f, d, neg)| f.wrapping_add_signed(d) | if neg { sign } else { 0 }),
            dense,
            any::<u64>().prop_map(move |b| b & (sign | (sign - 1))),
        ]
    }

    /// Float bits at the edges of the 64-bit range, the dword boundary and zero, and random ones.
    fn float_bits() -> impl Strategy<Value = u32> {
        let edges = [2f32.powi(63), 2f32.powi(64), 2f32.powi(32), 1.0, 0.5, 0.0, f32::INFINITY, f32::NAN];
        let edges = edges.iter().map(|f| u64::from(f.to_bits())).collect();
        edge_bits(edges, 0x8000_0000, 0x3f00_0000..0x5f80_0400).prop_map(|b| b as u32)
    }

    /// Double bits at the edges of the 64-bit range, the dword boundary, 2^53 and zero, and
    /// random ones.
    fn double_bits() -> impl Strategy<Value = u64> {
        let edges = [
            2f64.powi(63),
            2f64.powi(64),
            2f64.powi(53),
            2f64.powi(32),
            1.0,
            0.5,
            0.0,
            f64::INFINITY,
            f64::NAN,
        ];
        edge_bits(
            edges.iter().map(|f| f.to_bits()).collect(),
            1 << 63,
            0x3fe0_0000_0000_0000..0x43f0_0000_0000_1000,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn sixty_four_bit_division_matches_native_division(
            a in magnitude64(),
            b in magnitude64(),
            ulps in -2i32..=2,
        ) {
            check_divide64(a, b, &inv_off(ulps))?;
            // the divisor above the dividend and the dividend a multiple of the divisor (plus one)
            check_divide64(b, a, &inv_off(ulps))?;
            check_divide64(a.wrapping_mul(b), b, &inv_off(ulps))?;
            check_divide64(a.wrapping_mul(b).wrapping_sub(1), b, &inv_off(ulps))?;
        }

        #[test]
        fn sixty_four_bit_to_float_rounds_like_native_conversion(x in magnitude64()) {
            let u = run(&int64_to_float(false), &[(x, 64)], false, &exact) as u32;
            let s = run(&int64_to_float(true), &[(x, 64)], false, &exact) as u32;
            prop_assert_eq!(u, (x as f32).to_bits(), "{:#x} as f32", x);
            prop_assert_eq!(s, ((x as i64) as f32).to_bits(), "{} as f32", x as i64);
            // a half result converts the float: the same as one rounding from the integer
            let once = |v: f64| half::f16::from_f64(v).to_bits();
            prop_assert_eq!(half::f16::from_f32(f32::from_bits(u)).to_bits(), once(x as f64));
            prop_assert_eq!(half::f16::from_f32(f32::from_bits(s)).to_bits(), once((x as i64) as f64));
        }

        #[test]
        fn float_to_sixty_four_bit_truncates_like_native_conversion(bits in float_bits(), h in any::<u16>()) {
            let f = f32::from_bits(bits);
            let u = run(&float_to_int64(false, false), &[(bits.into(), 32)], false, &exact);
            let s = run(&float_to_int64(true, false), &[(bits.into(), 32)], false, &exact);
            prop_assert_eq!(u, f as u64, "{:e} ({:#x}) as u64", f, bits);
            prop_assert_eq!(s, (f as i64) as u64, "{:e} ({:#x}) as i64", f, bits);
            let g = half::f16::from_bits(h).to_f32();
            let u = run(&float_to_int64(false, true), &[(h.into(), 16)], false, &exact);
            let s = run(&float_to_int64(true, true), &[(h.into(), 16)], false, &exact);
            prop_assert_eq!(u, g as u64, "half {:#x} as u64", h);
            prop_assert_eq!(s, (g as i64) as u64, "half {:#x} as i64", h);
        }


        #[test]
        fn long_division_gives_the_dword_quotient_and_remainder(
            u in magnitude64(),
            v in prop_oneof![Just(u32::MAX), Just(0x8000_0000u32), Just(0x8000_0001), Just(0xffff), 1u32..=4, any::<u32>()],
            ulps in -2i32..=2,
        ) {
            let v = v.max(1);
            // the high dword below the divisor, so that the quotient is a dword
            let u = if (u >> 32) as u32 >= v { u % (u64::from(v) << 32) } else { u };
            let mut b = B::default();
            let (q, r) = udiv_long_into(&mut b, Opd::Hi(A), Opd::Lo(A), Opd::Lo(BB));
            let prog = b.done(Out::Pair(q, r));
            let got = run(&prog, &[(u, 64), (u64::from(v), 32)], false, &inv_off(ulps));
            let v = u64::from(v);
            prop_assert_eq!(got, (u / v) | (u % v) << 32, "{:#x} / {:#x}", u, v);
        }


        #[test]
        fn sixty_four_bit_and_double_convert_like_native_conversion(x in magnitude64(), d in double_bits()) {
            let u = run(&int64_to_double(false), &[(x, 64)], false, &exact);
            let s = run(&int64_to_double(true), &[(x, 64)], false, &exact);
            prop_assert_eq!(u, (x as f64).to_bits(), "{:#x} as f64", x);
            prop_assert_eq!(s, ((x as i64) as f64).to_bits(), "{} as f64", x as i64);
            let f = f64::from_bits(d);
            let u = run(&double_to_int64(false), &[(d, 64)], false, &exact);
            let s = run(&double_to_int64(true), &[(d, 64)], false, &exact);
            prop_assert_eq!(u, f as u64, "{:e} ({:#x}) as u64", f, d);
            prop_assert_eq!(s, (f as i64) as u64, "{:e} ({:#x}) as i64", f, d);
        }
    }

    #[test]
    fn sixty_four_bit_division_is_exact_on_edge_pairs() {
        let mut edges = vec![0u64, 1, 2, 3, 7, u64::MAX, u64::MAX - 1, i64::MIN as u64, i64::MAX as u64];
        for k in [16, 31, 32, 33, 48, 62, 63] {
            let p = 1u64 << k;
            edges.extend([p - 1, p, p + 1, p.wrapping_neg(), (p - 1).wrapping_mul(0xffff_fffb)]);
        }
        edges.extend([0xffff_ffff_0000_0000, 0x0000_0001_ffff_ffff, 0x8000_0000_ffff_ffff, 0xffff_0000_ffff]);
        for &a in &edges {
            for &b in &edges {
                for ulps in [-2, 0, 2] {
                    check_divide64(a, b, &inv_off(ulps)).unwrap();
                }
            }
        }
    }

    /// The narrow division sequences of `bits`-bit operands: udiv, urem, sdiv, srem.
    fn narrow_progs(bits: u32) -> [Prog; 4] {
        [
            divide(bits, false, false),
            divide(bits, false, true),
            divide(bits, true, false),
            divide(bits, true, true),
        ]
    }

    /// Runs the narrow division sequences `progs` on the `bits`-bit `a` and `b` (raw bits) with
    /// `inv` and compares them with Rust's division of the same width.
    fn check_narrow(progs: &[Prog; 4], bits: u32, a: u32, b: u32, inv: &dyn Fn(f32) -> f32) {
        let mask = (1u32 << bits) - 1;
        let (ua, ub) = (a & mask, b & mask);
        let ins = [(u64::from(ua), bits), (u64::from(ub), bits)];
        let get = |i: usize| run(&progs[i], &ins, false, inv) as u32 & mask;
        if let (Some(q), Some(r)) = (ua.checked_div(ub), ua.checked_rem(ub)) {
            assert_eq!(get(0), q, "{bits}-bit {ua} udiv {ub}");
            assert_eq!(get(1), r, "{bits}-bit {ua} urem {ub}");
        }
        let sx = |v: u32| ((v << (32 - bits)) as i32) >> (32 - bits);
        let (sa, sb) = (sx(ua), sx(ub));
        if sb == 0 || (sb == -1 && sa == sx(1 << (bits - 1))) {
            return;
        }
        assert_eq!(get(2), (sa / sb) as u32 & mask, "{bits}-bit {sa} sdiv {sb}");
        assert_eq!(get(3), (sa % sb) as u32 & mask, "{bits}-bit {sa} srem {sb}");
    }

    #[test]
    fn byte_division_is_exact_on_every_pair() {
        let progs = narrow_progs(8);
        for ulps in [-2, 0, 2] {
            let inv = inv_off(ulps);
            for a in 0..256u32 {
                for b in 0..256u32 {
                    check_narrow(&progs, 8, a, b, &inv);
                }
            }
        }
    }

    /// Every divisor with the dividends nearest a quotient boundary from below and on it (the
    /// largest ones: the relative gap to the next integer is smallest there), unsigned and of
    /// every sign, with `inv` at both ends of its error.
    #[test]
    fn word_division_is_exact_for_every_divisor_at_the_largest_quotients() {
        let progs = narrow_progs(16);
        for ulps in [-2, 2] {
            let inv = inv_off(ulps);
            for b in 1..=0xffffu32 {
                // as unsigned, then as signed magnitudes (below 2^15)
                for limit in [0xffff, 0x8000] {
                    if b > limit {
                        continue;
                    }
                    let top = limit / b * b;
                    for a in [top, top - 1, (top + b - 1).min(limit)] {
                        check_narrow(&progs, 16, a, b, &inv);
                        if limit == 0x8000 {
                            for (x, y) in [
                                (a, b.wrapping_neg()),
                                (a.wrapping_neg(), b),
                                (a.wrapping_neg(), b.wrapping_neg()),
                            ] {
                                check_narrow(&progs, 16, x, y, &inv);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn division_is_exact_for_every_small_divisor_and_the_largest_dividends() {
        for b in 1..=4096u32 {
            for a in [u32::MAX, u32::MAX - 1, u32::MAX - b, b.wrapping_mul(0x1_0001), b - 1, b, b + 1] {
                for ulps in [-2, 0, 2] {
                    let ins = [(u64::from(a), 32), (u64::from(b), 32)];
                    assert_eq!(
                        run(&divide(32, false, false), &ins, false, &inv_off(ulps)) as u32,
                        a / b,
                        "{a} / {b}"
                    );
                    assert_eq!(
                        run(&divide(32, false, true), &ins, false, &inv_off(ulps)) as u32,
                        a % b,
                        "{a} % {b}"
                    );
                }
            }
        }
    }

    /// Runs the float `frem` sequence (or the half one on half bits).
    fn frem_run(x: u32, y: u32, half: bool, ulps: i32) -> u32 {
        let w = if half { 16 } else { 32 };
        run(&frem(half), &[(u64::from(x), w), (u64::from(y), w)], false, &inv_off(ulps)) as u32
    }

    /// The sequence's float result against Rust's `%` (C's fmod): the same bits, or both NaN.
    fn check_frem(x: f32, y: f32, ulps: i32) -> Result<(), TestCaseError> {
        let got = f32::from_bits(frem_run(x.to_bits(), y.to_bits(), false, ulps));
        let want = x % y;
        if want.is_nan() {
            prop_assert!(got.is_nan(), "{:e} frem {:e}: {:e}, want NaN", x, y, got);
        } else {
            prop_assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{:e} frem {:e}: {:e}, want {:e}",
                x,
                y,
                got,
                want
            );
        }
        Ok(())
    }

    /// Floats of every binade (subnormals and zeros included), infinities and NaNs.
    fn any_float() -> impl Strategy<Value = f32> {
        prop_oneof![
            any::<u32>().prop_map(f32::from_bits),
            (0u32..0x80_0000, any::<bool>()).prop_map(|(m, s)| f32::from_bits(m | u32::from(s) << 31)),
            Just(0.0f32),
            Just(-0.0),
            Just(f32::INFINITY),
            Just(f32::NEG_INFINITY),
            Just(f32::NAN),
            Just(f32::MAX),
            Just(f32::MIN_POSITIVE),
            Just(f32::from_bits(1)),
            (-1000i32..1000).prop_map(|k| k as f32),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn frem_sequence_is_exact_fmod(x in any_float(), y in any_float(), ulps in -2i32..=2) {
            check_frem(x, y, ulps)?;
            // quotients just below and above an integer, and |x| < |y|
            check_frem(y * 3.0, y, ulps)?;
            check_frem(f32::from_bits((y * 7.0).to_bits().wrapping_sub(1)), y, ulps)?;
            check_frem(x, f32::from_bits(x.to_bits().wrapping_add(1)), ulps)?;
        }

        #[test]
        fn half_frem_sequence_is_exact_fmod(x in any::<u16>(), y in any::<u16>(), ulps in -2i32..=2) {
            let (hx, hy) = (half::f16::from_bits(x), half::f16::from_bits(y));
            // the sequence's float result, narrowed as the move to a half destination does
            let got = half::f16::from_f32(f32::from_bits(frem_run(u32::from(x), u32::from(y), true, ulps)));
            let want = half::f16::from_f32(hx.to_f32() % hy.to_f32());
            if want.is_nan() {
                prop_assert!(got.is_nan());
            } else {
                prop_assert_eq!(got.to_bits(), want.to_bits(), "{} frem {}", hx, hy);
            }
        }
    }

    #[test]
    fn frem_is_exact_across_the_widest_exponent_gaps() {
        let big = [f32::MAX, 3.0e38, 1.0e30, 16_777_215.0, 1.0, 0.1];
        let tiny =
            [f32::from_bits(1), f32::from_bits(3), f32::from_bits(0x7f_ffff), f32::MIN_POSITIVE, 1.0e-30];
        for &x in &big {
            for &y in &tiny {
                for ulps in [-2, 0, 2] {
                    for (a, b) in [(x, y), (-x, y), (x, -y), (y, x)] {
                        check_frem(a, b, ulps).unwrap();
                    }
                }
            }
        }
    }
}
