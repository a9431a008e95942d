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
//!
//! The division sequences (32-bit, narrow and 64-bit division and remainder, `frem`) are in
//! [`division`].

mod division;

pub(crate) use division::{divide, divide64, frem};

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
mod tests;
