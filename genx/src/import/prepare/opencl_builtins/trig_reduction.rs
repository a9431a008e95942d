//! The reduction of large double arguments of `sin`, `cos` and `tan` (|x| >= 2^20, where the
//! three-part subtraction of k pi/2 is no longer exact) by the bits of 2/pi, in the manner of
//! Payne and Hanek: x = M 2^E with M the 53-bit significand; the bits of 2/pi that would only add
//! multiples of 4 to x 2/pi are skipped, the next 192 bits W are taken (a window at a per-lane
//! bit position: two table words read at the lane's index and shifted), and M W mod 2^192 in
//! 32-bit words (products of 32-bit halves in 64 bits, with carries) holds x 2/pi mod 4: its top
//! two bits are the quadrant, the 190 below the fraction f. A fraction of at least 1/2 becomes
//! f - 1 (the next quadrant; its magnitude is the complement of the bits, off by 2^-190). The
//! words are summed as exact doubles in double-double (all of one sign: no cancellation), then
//! multiplied by pi/2 in double-double. The 192 bits keep 2^-134 of the fraction: the nearest a
//! double comes to a multiple of pi/2 is about 2^-61, so the reduced argument keeps more than
//! 70 correct bits.

use super::super::super::raw::Val;
use super::emit::{lanes, Ir};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMIntPredicate::*;
use inkwell::llvm_sys::LLVMOpcode::*;
use inkwell::llvm_sys::LLVMTypeKind;

/// The bits of 2/pi in 32-bit words, most significant first, after 64 zero bits (so the window
/// of the smallest argument, which starts 33 bits before the binary point, is in the table).
const TWO_OVER_PI: [u32; 40] = [
    0x0000_0000,
    0x0000_0000,
    0xa2f9_836e,
    0x4e44_1529,
    0xfc27_57d1,
    0xf534_ddc0,
    0xdb62_9599,
    0x3c43_9041,
    0xfe51_63ab,
    0xdebb_c561,
    0xb724_6e3a,
    0x424d_d2e0,
    0x0649_2eea,
    0x09d1_921c,
    0xfe1d_eb1c,
    0xb129_a73e,
    0xe882_35f5,
    0x2ebb_4484,
    0xe99c_7026,
    0xb45f_7e41,
    0x3991_d639,
    0x8353_39f4,
    0x9c84_5f8b,
    0xbdf9_283b,
    0x1ff8_97ff,
    0xde05_980f,
    0xef2f_118b,
    0x5a0a_6d1f,
    0x6d36_7ecf,
    0x27cb_09b7,
    0x4f46_3f66,
    0x9e5f_ea2d,
    0x7527_bac7,
    0xebe5_f17b,
    0x3d07_39f7,
    0x8a52_92ea,
    0x6bfb_5fb1,
    0x1f8d_5d08,
    0x5603_3046,
    0xfc7b_6bab,
];

/// pi/2 as a double-double.
const PIO2_HI: f64 = std::f64::consts::FRAC_PI_2;
const PIO2_LO: f64 = 6.123233995736766e-17;

impl Ir<'_> {
    /// Element `index` (an `i32` of `index`'s shape, in range) of the constant `table`, per
    /// lane.
    fn table_lookup(&self, table: &[u32], index: Val) -> Val {
        let i32t = self.int(32);
        let n = lanes(index.ty());
        // SAFETY: constants of i32; each lane's index reads inside the table vector.
        unsafe {
            let mut words: Vec<LLVMValueRef> =
                table.iter().map(|&w| LLVMConstInt(i32t.0, u64::from(w), 0)).collect();
            let table = LLVMConstVector(words.as_mut_ptr(), words.len() as u32);
            if index.ty().kind() != LLVMTypeKind::LLVMVectorTypeKind {
                return Val(LLVMBuildExtractElement(self.b.b, table, index.0, super::super::builder::NONAME));
            }
            let mut out = LLVMGetUndef(index.ty().0);
            for k in 0..n {
                let at = LLVMConstInt(i32t.0, u64::from(k), 0);
                let i = LLVMBuildExtractElement(self.b.b, index.0, at, super::super::builder::NONAME);
                let v = LLVMBuildExtractElement(self.b.b, table, i, super::super::builder::NONAME);
                out = LLVMBuildInsertElement(self.b.b, out, v, at, super::super::builder::NONAME);
            }
            Val(out)
        }
    }

    /// x = k pi/2 + r for a double x with 2^20 <= |x| (infinities and NaN give garbage the
    /// caller replaces): (r, k) with |r| <= pi/4 (plus rounding), k an `i32` whose two low bits
    /// are the quadrant.
    pub(super) fn reduce_pio2_large(&self, x: Val) -> (Val, Val) {
        let t = x.ty();
        let i32t = self.with_elem(t, self.int(32));
        let i64t = self.with_elem(t, self.int(64));
        let (lo, hi) = self.words(x);
        // the significand's words and the exponent E of x = M 2^E
        let biased = self.bin(LLVMAnd, self.bin(LLVMLShr, hi, self.i(i32t, 20)), self.i(i32t, 0x7ff));
        let m1 = self.bin(LLVMOr, self.bin(LLVMAnd, hi, self.i(i32t, 0xf_ffff)), self.i(i32t, 0x10_0000));
        // the window starts at bit E - 1 of 2/pi, table position E + 62 = biased - 1013
        let start = self.bin(LLVMSub, biased, self.i(i32t, 1013));
        let k0 = self.bin(LLVMLShr, start, self.i(i32t, 5));
        let shift = self.bin(LLVMAnd, start, self.i(i32t, 31));
        let down = self.cast(LLVMZExt, self.bin(LLVMSub, self.i(i32t, 32), shift), i64t);
        let table: Vec<Val> =
            (0..7).map(|i| self.table_lookup(&TWO_OVER_PI, self.bin(LLVMAdd, k0, self.i(i32t, i)))).collect();
        // window words, least significant first
        let mut w: Vec<Val> = (0..6)
            .map(|i| {
                let pair = self.bin(
                    LLVMOr,
                    self.bin(LLVMShl, self.cast(LLVMZExt, table[i], i64t), self.i(i64t, 32)),
                    self.cast(LLVMZExt, table[i + 1], i64t),
                );
                self.bin(LLVMAnd, self.bin(LLVMLShr, pair, down), self.i(i64t, 0xffff_ffff))
            })
            .collect();
        w.reverse();
        let m = [self.cast(LLVMZExt, lo, i64t), self.cast(LLVMZExt, m1, i64t)];
        let mask = self.i(i64t, 0xffff_ffff);
        let k32 = self.i(i64t, 32);
        // M W mod 2^192 by columns of 32 bits
        let mut words = Vec::new();
        let mut carry = self.i(i64t, 0);
        let mut highs: Vec<Val> = Vec::new();
        for j in 0..6 {
            let mut col = carry;
            for h in highs.drain(..) {
                col = self.bin(LLVMAdd, col, h);
            }
            for (a, &ma) in m.iter().enumerate() {
                if j < a {
                    continue;
                }
                let p = self.bin(LLVMMul, ma, w[j - a]);
                col = self.bin(LLVMAdd, col, self.bin(LLVMAnd, p, mask));
                highs.push(self.bin(LLVMLShr, p, k32));
            }
            words.push(self.cast(LLVMTrunc, self.bin(LLVMAnd, col, mask), i32t));
            carry = self.bin(LLVMLShr, col, k32);
        }
        // the quadrant, and the fraction centred on zero
        let top = words[5];
        let quadrant = self.bin(LLVMLShr, top, self.i(i32t, 30));
        let half = self.icmp(LLVMIntNE, self.bin(LLVMAnd, top, self.i(i32t, 1 << 29)), self.i(i32t, 0));
        let quadrant = self.bin(LLVMAdd, quadrant, self.cast(LLVMZExt, half, i32t));
        let flip = |v: Val| self.select(half, self.bin(LLVMXor, v, self.i(i32t, -1)), v);
        let mut parts = Vec::new();
        for (j, &word) in words.iter().enumerate().rev() {
            let v = flip(word);
            let v = if j == 5 { self.bin(LLVMAnd, v, self.i(i32t, 0x3fff_ffff)) } else { v };
            let scale = 2f64.powi(-30 - 32 * (5 - j as i32));
            parts.push(self.fmul(self.cast(LLVMUIToFP, v, t), self.f(t, scale)));
        }
        // the exact parts, largest first, in double-double
        let mut hi_sum = parts[0];
        let mut lo_sum = self.f(t, 0.0);
        for &p in &parts[1..] {
            let s = self.fadd(hi_sum, p);
            let err = self.fsub(p, self.fsub(s, hi_sum));
            hi_sum = s;
            lo_sum = self.fadd(lo_sum, err);
        }
        let s = self.fadd(hi_sum, lo_sum);
        let lo_sum = self.fsub(lo_sum, self.fsub(s, hi_sum));
        let hi_sum = s;
        // times pi/2
        let p1 = self.f(t, PIO2_HI);
        let r_hi = self.fmul(hi_sum, p1);
        let r_lo = self.intr("llvm.fma", t, &[hi_sum, p1, self.fneg(r_hi)]);
        let r_lo = self.fadd(r_lo, self.fadd(self.fmul(hi_sum, self.f(t, PIO2_LO)), self.fmul(lo_sum, p1)));
        let r = self.fadd(r_hi, r_lo);
        let r = self.select(half, self.fneg(r), r);
        // x's sign
        let negative = self.icmp(LLVMIntSLT, hi, self.i(i32t, 0));
        let r = self.select(negative, self.fneg(r), r);
        let k = self.select(negative, self.bin(LLVMSub, self.i(i32t, 0), quadrant), quadrant);
        (r, k)
    }
}
