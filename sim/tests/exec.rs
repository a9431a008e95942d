//! The vISA executor on small kernels built with the model API, checked against hand-computed
//! results: ALU semantics, regions, predicates and masks, control flow, messages, undefined
//! values and barriers.

mod common;

use common::*;
use genxc_sim::SimError;
use genxc_visa::*;

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

// ---------------------------------------------------------------- integer ALU

#[test]
fn add_wraps_and_saturates() {
    let w = compute(VisaType::D, Owords::O1, |k, r| {
        op(k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::D(i32::MAX))]);
        op(k, AluOp::Add, E1, d(r, 0), vec![s(r), i(Imm::D(1))]);
        op(k, AluOp::Mov, E1, d(r, 1), vec![i(Imm::D(i32::MAX))]);
        op_sat(k, AluOp::Add, E1, d(r, 1), vec![sc(r, 1), i(Imm::D(1))]);
        op(k, AluOp::Add, E1, d(r, 2), vec![i(Imm::D(5)), i(Imm::D(-7))]);
        op_sat(k, AluOp::Add, E1, d(r, 3), vec![i(Imm::D(i32::MIN)), i(Imm::D(-1))]);
    });
    assert_eq!(w, vec![i32::MIN as u32, i32::MAX as u32, (-2i32) as u32, i32::MIN as u32]);
}

#[test]
fn narrow_destinations_wrap_or_clamp() {
    let w = compute(VisaType::UB, Owords::O1, |k, r| {
        op(k, AluOp::Add, E1, d(r, 0), vec![i(Imm::UD(200)), i(Imm::UD(100))]);
        op_sat(k, AluOp::Add, E1, d(r, 1), vec![i(Imm::UD(200)), i(Imm::UD(100))]);
        op_sat(k, AluOp::Add, E1, d(r, 2), vec![i(Imm::D(3)), i(Imm::D(-10))]);
        op(k, AluOp::Mov, E1, d(r, 3), vec![i(Imm::W(-1))]);
        for c in 4..16 {
            op(k, AluOp::Mov, E1, d(r, c), vec![i(Imm::UB(0))]);
        }
    });
    assert_eq!(w[0], u32::from_le_bytes([44, 255, 0, 255]));
}

#[test]
fn mul_mulh_mad_and_madw() {
    let w = compute(VisaType::UD, Owords::O4, |k, r| {
        op(k, AluOp::Mul, E1, d(r, 0), vec![i(Imm::UD(0x1_0001)), i(Imm::UD(0x1_0001))]);
        op(k, AluOp::Mulh, E1, d(r, 1), vec![i(Imm::UD(0x8000_0000)), i(Imm::UD(6))]);
        op(k, AluOp::Mad, E1, d(r, 2), vec![i(Imm::UD(3)), i(Imm::UD(4)), i(Imm::UD(5))]);
        // madw (1): lo in element 0 of the first GRF, hi in the next GRF (element 8).
        op(
            k,
            AluOp::Madw,
            E1,
            d(r, 4),
            vec![i(Imm::UD(0xffff_ffff)), i(Imm::UD(0xffff_ffff)), i(Imm::UD(1))],
        );
    });
    assert_eq!(w[0], 0x2_0001u32.wrapping_add(0x1_0000_0000u64 as u32));
    assert_eq!(w[1], 3);
    assert_eq!(w[2], 17);
    // (2^32-1)^2 + 1 = 0xFFFFFFFE_00000002.
    assert_eq!(w[4], 2);
    assert_eq!(w[12], 0xffff_fffe);
}

#[test]
fn signed_mulh_and_q_product() {
    let (mut k, out) = with_out("t");
    let q = k.add_var("q", VisaType::Q, 4, Align::Grf);
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mul, E1, d(q, 0), vec![i(Imm::D(-3)), i(Imm::D(0x4000_0000))]);
    op(&mut k, AluOp::Mulh, E1, d(r, 0), vec![i(Imm::D(-2)), i(Imm::D(0x4000_0000))]);
    for c in 1..8 {
        op(&mut k, AluOp::Mov, E1, d(r, c), vec![i(Imm::D(0))]);
    }
    for c in 1..4 {
        op(&mut k, AluOp::Mov, E1, d(q, c), vec![i(Imm::Q(0))]);
    }
    ost(&mut k, Owords::O2, out, 0, q);
    ost(&mut k, Owords::O2, out, 2, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let w = words(&m, 9);
    assert_eq!(u64::from(w[0]) | u64::from(w[1]) << 32, (-3i64 * 0x4000_0000) as u64);
    assert_eq!(w[8], 0xffff_ffff);
}

#[test]
fn div_and_mod_truncate_and_zero_divisor_is_undefined() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Div, E1, d(r, 0), vec![i(Imm::D(-7)), i(Imm::D(2))]);
    op(&mut k, AluOp::Mod, E1, d(r, 1), vec![i(Imm::D(-7)), i(Imm::D(2))]);
    op(&mut k, AluOp::Div, E1, d(r, 2), vec![i(Imm::D(7)), i(Imm::D(0))]);
    op(&mut k, AluOp::Mod, E1, d(r, 3), vec![i(Imm::D(7)), i(Imm::D(0))]);
    ost(&mut k, Owords::O1, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(word(&m, 0, 0), Some(-3i32 as u32));
    assert_eq!(word(&m, 0, 1), Some(-1i32 as u32));
    assert_eq!(word(&m, 0, 2), None);
    assert_eq!(word(&m, 0, 3), None);
}

#[test]
fn shifts_mask_their_count() {
    let w = compute(VisaType::D, Owords::O2, |k, r| {
        op(k, AluOp::Shl, E1, d(r, 0), vec![i(Imm::D(1)), i(Imm::D(33))]);
        op(k, AluOp::Shr, E1, d(r, 1), vec![i(Imm::D(-16)), i(Imm::D(2))]);
        op(k, AluOp::Asr, E1, d(r, 2), vec![i(Imm::D(-16)), i(Imm::D(2))]);
        op(k, AluOp::Asr, E1, d(r, 3), vec![i(Imm::D(-16)), i(Imm::D(36))]);
        op(k, AluOp::Shl, E1, d(r, 4), vec![i(Imm::D(3)), i(Imm::D(31))]);
        op(k, AluOp::Rol, E1, d(r, 5), vec![i(Imm::UD(0x8000_0001)), i(Imm::UD(1))]);
        op(k, AluOp::Ror, E1, d(r, 6), vec![i(Imm::UD(0x8000_0001)), i(Imm::UD(1))]);
        op(k, AluOp::Shr, E1, d(r, 7), vec![i(Imm::UD(0xf0)), i(Imm::UD(32))]);
    });
    assert_eq!(w, vec![2, 0x3fff_fffc, (-4i32) as u32, (-1i32) as u32, 0x8000_0000, 3, 0xc000_0000, 0xf0]);
}

#[test]
fn bit_operations() {
    let w = compute(VisaType::UD, Owords::O4, |k, r| {
        op(k, AluOp::Cbit, E1, d(r, 0), vec![i(Imm::UD(0xf0f0))]);
        op(k, AluOp::Fbl, E1, d(r, 1), vec![i(Imm::UD(0x100))]);
        op(k, AluOp::Fbh, E1, d(r, 2), vec![i(Imm::UD(0x100))]);
        op(k, AluOp::Fbh, E1, d(r, 3), vec![i(Imm::D(-2))]);
        op(k, AluOp::Lzd, E1, d(r, 4), vec![i(Imm::UD(1))]);
        op(k, AluOp::Bfrev, E1, d(r, 5), vec![i(Imm::UD(1))]);
        op(k, AluOp::Bfe, E1, d(r, 6), vec![i(Imm::UD(4)), i(Imm::UD(8)), i(Imm::UD(0xabcd))]);
        op(
            k,
            AluOp::Bfi,
            E1,
            d(r, 7),
            vec![i(Imm::UD(4)), i(Imm::UD(8)), i(Imm::UD(0x5)), i(Imm::UD(0xffff))],
        );
        op(k, AluOp::Fbl, E1, d(r, 8), vec![i(Imm::UD(0))]);
        op(k, AluOp::And, E1, d(r, 9), vec![i(Imm::UD(0xff00)), i(Imm::UD(0x0ff0))]);
        op(k, AluOp::Or, E1, d(r, 10), vec![i(Imm::UD(0xff00)), i(Imm::UD(0x0ff0))]);
        op(k, AluOp::Xor, E1, d(r, 11), vec![i(Imm::UD(0xff00)), i(Imm::UD(0x0ff0))]);
        op(k, AluOp::Not, E1, d(r, 12), vec![i(Imm::UD(0))]);
        op(k, AluOp::Mov, E1, d(r, 13), vec![Src::scalar(r, 9).with(SrcMod::Not).into()]);
        op(k, AluOp::Bfe, E1, d(r, 14), vec![i(Imm::D(4)), i(Imm::D(0)), i(Imm::D(0xe))]);
        op(k, AluOp::Avg, E1, d(r, 15), vec![i(Imm::UD(3)), i(Imm::UD(6))]);
    });
    assert_eq!(
        w,
        vec![
            8,
            8,
            23,
            31,
            31,
            0x8000_0000,
            0xb,
            0xf5ff,
            u32::MAX,
            0x0f00,
            0xfff0,
            0xf0f0,
            u32::MAX,
            !0x0f00,
            (-2i32) as u32,
            5
        ]
    );
}

#[test]
fn add3_dp4a_addc_subb() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::UD, 8, Align::Grf);
    let c = k.add_var("c", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Add3, E1, d(r, 0), vec![i(Imm::UD(1)), i(Imm::UD(2)), i(Imm::UD(3))]);
    op(
        &mut k,
        AluOp::Dp4a,
        E1,
        d(r, 1),
        vec![i(Imm::UD(10)), i(Imm::UD(0x0102_0304)), i(Imm::UD(0x0101_0101))],
    );
    op(&mut k, AluOp::Dp4a, E1, d(r, 2), vec![i(Imm::D(0)), i(Imm::D(0xff)), i(Imm::D(0x02))]);
    let addc = |sub, dst_col, a, b| Inst::AddcSubb {
        sub,
        pred: None,
        exec: E1,
        dst: Dst::new(r, dst_col),
        carry: Dst::new(c, dst_col),
        src0: i(Imm::UD(a)),
        src1: i(Imm::UD(b)),
    };
    k.push(addc(false, 3, 0xffff_ffff, 2));
    k.push(addc(true, 4, 1, 2));
    k.push(addc(false, 5, 1, 2));
    for col in [0, 1, 2, 6, 7] {
        op(&mut k, AluOp::Mov, E1, d(c, col), vec![i(Imm::UD(0))]);
    }
    for col in [6, 7] {
        op(&mut k, AluOp::Mov, E1, d(r, col), vec![i(Imm::UD(0))]);
    }
    ost(&mut k, Owords::O2, out, 0, r);
    ost(&mut k, Owords::O2, out, 2, c);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let w = words(&m, 16);
    assert_eq!(&w[..6], &[6, 20, (-2i32) as u32, 1, u32::MAX, 3]);
    assert_eq!(&w[8 + 3..8 + 6], &[1, 1, 0]);
}

#[test]
fn bfn_applies_its_truth_table_bit_by_bit() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::UD, 8, Align::Grf);
    let (a, b, c) = (0xF0F0_FF00u32, 0xCCCC_F0F0u32, 0xAAAA_CCCCu32);
    // vISA's BFN: bit `src0 | src1 << 1 | src2 << 2` of the table, so 0xAA is src0 and 0xF0 src2:
    // src2 ? src1 : src0, src0 ^ src1 ^ src2, ~(src1 | src2), src2, src0, constant ones, zero
    for (col, func) in
        [(0u8, 0xCAu8), (1, 0x96), (2, 0x03), (3, 0xF0), (4, 0xAA), (5, 0xFF), (6, 0x00), (7, 0x80)]
    {
        k.push(Inst::Bfn {
            func,
            pred: None,
            exec: E1,
            dst: d(r, col),
            srcs: vec![i(Imm::UD(a)), i(Imm::UD(b)), i(Imm::UD(c))],
        });
    }
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let w = words(&m, 8);
    assert_eq!(w, vec![(c & b) | (!c & a), a ^ b ^ c, !(b | c), c, a, u32::MAX, 0, a & b & c]);
}

// ---------------------------------------------------------------- floats and conversions

#[test]
fn float_to_int_truncates_and_saturates() {
    let w = compute(VisaType::D, Owords::O2, |k, r| {
        op(k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::F(-2.75))]);
        op(k, AluOp::Mov, E1, d(r, 1), vec![i(Imm::F(3e10))]);
        op(k, AluOp::Mov, E1, d(r, 2), vec![i(Imm::F(f32::NAN))]);
        op(k, AluOp::Mov, E1, d(r, 3), vec![i(Imm::F(-3e10))]);
        op(k, AluOp::Mov, E1, d(r, 4), vec![i(Imm::F(2.5))]);
        for c in 5..8 {
            op(k, AluOp::Mov, E1, d(r, c), vec![i(Imm::D(0))]);
        }
    });
    assert_eq!(&w[..5], &[(-2i32) as u32, i32::MAX as u32, 0, i32::MIN as u32, 2]);
}

#[test]
fn int_to_float_rounds_to_nearest_even() {
    let w = compute(VisaType::F, Owords::O1, |k, r| {
        op(k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::D(16_777_217))]);
        op(k, AluOp::Mov, E1, d(r, 1), vec![i(Imm::D(16_777_219))]);
        op(k, AluOp::Mov, E1, d(r, 2), vec![i(Imm::UD(u32::MAX))]);
        op(k, AluOp::Mov, E1, d(r, 3), vec![i(Imm::D(-5))]);
    });
    assert_eq!(f(w[0]), 16_777_216.0);
    assert_eq!(f(w[1]), 16_777_220.0);
    assert_eq!(f(w[2]), 4_294_967_296.0);
    assert_eq!(f(w[3]), -5.0);
}

#[test]
fn float_sat_clamps_to_unit_interval() {
    let w = compute(VisaType::F, Owords::O1, |k, r| {
        op_sat(k, AluOp::Add, E1, d(r, 0), vec![i(Imm::F(0.5)), i(Imm::F(0.75))]);
        op_sat(k, AluOp::Mul, E1, d(r, 1), vec![i(Imm::F(-2.0)), i(Imm::F(3.0))]);
        op_sat(k, AluOp::Mov, E1, d(r, 2), vec![i(Imm::F(0.25))]);
        op_sat(k, AluOp::Mov, E1, d(r, 3), vec![i(Imm::F(f32::NAN))]);
    });
    assert_eq!(w.iter().map(|&x| f(x)).collect::<Vec<_>>(), vec![1.0, 0.0, 0.25, 0.0]);
}

#[test]
fn raw_float_moves_keep_signalling_nans_and_denormals() {
    // a signalling NaN with a payload and a float denormal, written through a dword view of `r`
    let w = compute(VisaType::F, Owords::O1, |k, r| {
        let bits = k.add_alias("bits", VisaType::UD, 16, Align::Grf, r, 0);
        op(k, AluOp::Mov, E1, d(bits, 0), vec![i(Imm::UD(0x7f80_0123))]);
        op(k, AluOp::Mov, E1, d(bits, 1), vec![i(Imm::UD(0x0000_0005))]);
        // raw moves (same float type, no modifier) copy the bits
        op(k, AluOp::Mov, E1, d(r, 2), vec![sc(r, 0)]);
        op(k, AluOp::Mov, E1, d(r, 3), vec![sc(r, 1)]);
    });
    assert_eq!(w[2], 0x7f80_0123, "raw float mov of a signalling NaN");
    assert_eq!(w[3], 5, "raw float mov of a denormal");
}

#[test]
fn half_rounding_and_conversions() {
    let (mut k, out) = with_out("t");
    let h = k.add_var("h", VisaType::HF, 16, Align::Grf);
    let r = k.add_var("r", VisaType::F, 8, Align::Grf);
    // 1 + 2^-11 and 1 + 3*2^-11 are halfway between two halves: ties to even (1.0, 1 + 2^-9).
    op(&mut k, AluOp::Mov, E1, d(h, 0), vec![i(Imm::F(1.0 + 1.0 / 2048.0))]);
    op(&mut k, AluOp::Mov, E1, d(h, 1), vec![i(Imm::F(1.0 + 3.0 / 2048.0))]);
    op(&mut k, AluOp::Mov, E1, d(h, 2), vec![i(Imm::F(70000.0))]);
    op(&mut k, AluOp::Add, E1, d(h, 3), vec![i(Imm::HF(0x3c00)), i(Imm::HF(0x3c00))]);
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![sc(h, 3)]);
    for c in 4..16 {
        op(&mut k, AluOp::Mov, E1, d(h, c), vec![i(Imm::HF(0))]);
    }
    for c in 1..8 {
        op(&mut k, AluOp::Mov, E1, d(r, c), vec![i(Imm::F(0.0))]);
    }
    ost(&mut k, Owords::O2, out, 0, h);
    ost(&mut k, Owords::O2, out, 2, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let w = words(&m, 9);
    assert_eq!(w[0], 0x3c02_3c00);
    assert_eq!(w[1] & 0xffff, 0x7c00);
    assert_eq!(w[1] >> 16, 0x4000);
    assert_eq!(f(w[8]), 2.0);
}

#[test]
fn float_math_uses_the_shared_precision_model() {
    let w = compute(VisaType::F, Owords::O4, |k, r| {
        op(k, AluOp::Exp, E1, d(r, 0), vec![i(Imm::F(3.0))]);
        op(k, AluOp::Log, E1, d(r, 1), vec![i(Imm::F(8.0))]);
        op(k, AluOp::Sqrt, E1, d(r, 2), vec![i(Imm::F(2.0))]);
        op(k, AluOp::Rsqrt, E1, d(r, 3), vec![i(Imm::F(4.0))]);
        op(k, AluOp::Inv, E1, d(r, 4), vec![i(Imm::F(3.0))]);
        op(k, AluOp::Div, E1, d(r, 5), vec![i(Imm::F(1.0)), i(Imm::F(3.0))]);
        op(k, AluOp::Pow, E1, d(r, 6), vec![i(Imm::F(2.0)), i(Imm::F(0.5))]);
        op(k, AluOp::Sin, E1, d(r, 7), vec![i(Imm::F(1.0))]);
        op(k, AluOp::Frc, E1, d(r, 8), vec![i(Imm::F(-1.25))]);
        op(k, AluOp::Rndd, E1, d(r, 9), vec![i(Imm::F(-1.5))]);
        op(k, AluOp::Rndu, E1, d(r, 10), vec![i(Imm::F(-1.5))]);
        op(k, AluOp::Rnde, E1, d(r, 11), vec![i(Imm::F(2.5))]);
        op(k, AluOp::Rndz, E1, d(r, 12), vec![i(Imm::F(-1.5))]);
        op(k, AluOp::Mad, E1, d(r, 13), vec![i(Imm::F(2.0)), i(Imm::F(3.0)), i(Imm::F(1.0))]);
        op(k, AluOp::Cos, E1, d(r, 14), vec![i(Imm::F(0.0))]);
        op(k, AluOp::Add, E1, d(r, 15), vec![i(Imm::F(1.0)), Src::scalar(r, 13).with(SrcMod::Neg).into()]);
    });
    let x: Vec<f32> = w.iter().map(|&b| f(b)).collect();
    let m = genxc_sim::exec::math::sin(1.0) as f32;
    assert_eq!(
        &x[..8],
        &[
            8.0,
            3.0,
            2f64.sqrt() as f32,
            0.5,
            (1.0f64 / 3.0) as f32,
            (1.0f64 / 3.0) as f32,
            2f64.sqrt() as f32,
            m
        ]
    );
    assert_eq!(&x[8..], &[0.75, -2.0, -1.0, 2.0, -1.0, 7.0, 1.0, -6.0]);
}

#[test]
fn min_max_nan_and_signed_zero() {
    let w = compute(VisaType::F, Owords::O1, |k, r| {
        let mm = |max, dst, a, b| Inst::MinMax {
            max,
            sat: false,
            exec: E1,
            dst: d(r, dst),
            src0: i(Imm::F(a)),
            src1: i(Imm::F(b)),
        };
        k.push(mm(false, 0, f32::NAN, 2.0));
        k.push(mm(true, 1, 1.0, f32::NAN));
        k.push(mm(false, 2, 0.0, -0.0));
        k.push(mm(true, 3, -3.0, 4.0));
    });
    assert_eq!(f(w[0]), 2.0);
    assert_eq!(f(w[1]), 1.0);
    assert_eq!(w[2], (-0.0f32).to_bits());
    assert_eq!(f(w[3]), 4.0);
}

#[test]
fn integer_min_max_respect_signedness() {
    let w = compute(VisaType::D, Owords::O1, |k, r| {
        let mm = |max, dst, a: SrcOp, b: SrcOp| Inst::MinMax {
            max,
            sat: false,
            exec: E1,
            dst: d(r, dst),
            src0: a,
            src1: b,
        };
        k.push(mm(false, 0, i(Imm::D(-1)), i(Imm::D(1))));
        k.push(mm(false, 1, i(Imm::UD(u32::MAX)), i(Imm::UD(1))));
        k.push(mm(true, 2, i(Imm::D(-5)), i(Imm::D(-6))));
        k.push(mm(true, 3, i(Imm::W(-5)), i(Imm::UW(3))));
    });
    assert_eq!(w, vec![u32::MAX, 1, (-5i32) as u32, 3]);
}

#[test]
fn packed_immediates_and_modifiers() {
    let (mut k, out) = with_out("t");
    let w16 = k.add_var("w", VisaType::W, 16, Align::Grf);
    let fv = k.add_var("fv", VisaType::F, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(w16, 0), vec![i(Imm::V(0xFEDC_BA98))]);
    op(&mut k, AluOp::Mov, E8, d(w16, 8), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Mov, Exec::new(4), d(fv, 0), vec![i(Imm::VF(0x5048_4030))]);
    op(&mut k, AluOp::Mov, Exec::new(4), d(fv, 4), vec![Src::vec(fv, 0).with(SrcMod::NegAbs).into()]);
    ost(&mut k, Owords::O2, out, 0, w16);
    ost(&mut k, Owords::O2, out, 2, fv);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let w = words(&m, 16);
    let halves: Vec<i16> = w[..8].iter().flat_map(|x| [*x as u16 as i16, (*x >> 16) as u16 as i16]).collect();
    assert_eq!(halves, vec![-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7]);
    let fl: Vec<f32> = w[8..].iter().map(|&x| f(x)).collect();
    assert_eq!(fl, vec![1.0, 2.0, 3.0, 4.0, -1.0, -2.0, -3.0, -4.0]);
}

// ---------------------------------------------------------------- regions

#[test]
fn source_regions_vstride_width_hstride() {
    let (mut k, out) = with_out("t");
    let m = k.add_var("m", VisaType::D, 32, Align::Grf);
    let r = k.add_var("r", VisaType::D, 16, Align::Grf);
    op(&mut k, AluOp::Mov, E16, d(m, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Add, E16, d(m, 0), vec![v(m), rg(m, 0, 0, 0, 8, 0)]); // + lane index 0..7 as <0;8,0>?? see below
    ret(&mut k);
    let _ = (out, r);
    // <0;8,0> repeats element 0 for every lane: m[i] = uv[i] + uv[0] = uv[i].
    let (res, _) = run_out(&k);
    res.unwrap();

    let w = compute(VisaType::D, Owords::O4, |k, r| {
        let m = k.add_var("m", VisaType::D, 32, Align::Grf);
        for c in 0..4u8 {
            op(k, AluOp::Mov, E8, d(m, 8 * c), vec![i(Imm::UV(0x7654_3210))]);
            op(k, AluOp::Add, E8, d(m, 8 * c), vec![vc(m, 8 * c), i(Imm::D(8 * i32::from(c)))]);
        }
        // m[i] = i. <16;4,2> from (0,1): rows of 4 elements 2 apart, rows 16 apart.
        op(k, AluOp::Mov, E8, d(r, 0), vec![rg(m, 0, 1, 16, 4, 2)]);
        // Row offset in GRFs: m(1,3) is element 11; <0;1,0> scalar.
        op(k, AluOp::Mov, E1, d(r, 8), vec![rg(m, 1, 3, 0, 1, 0)]);
        // Crossing a row: (0,6)<1;1,0> for 4 lanes = 6,7,8,9.
        op(k, AluOp::Mov, Exec::new(4), d(r, 9), vec![rg(m, 0, 6, 1, 1, 0)]);
        // <2;2,1>: 0,1,2,3 ... width 2 rows 2 apart; <1;2,0>: 0,0,1,1.
        op(k, AluOp::Mov, Exec::new(2), d(r, 13), vec![rg(m, 0, 20, 1, 2, 0)]);
        op(k, AluOp::Mov, E1, d(r, 15), vec![i(Imm::D(99))]);
    });
    assert_eq!(&w[..8], &[1, 3, 5, 7, 17, 19, 21, 23]);
    assert_eq!(w[8], 11);
    assert_eq!(&w[9..13], &[6, 7, 8, 9]);
    assert_eq!(&w[13..16], &[20, 20, 99]);
}

#[test]
fn strided_destination_and_alias() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let rw = k.add_alias("rw", VisaType::UW, 16, Align::Grf, r, 0);
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, E8, ds(rw, 0, 1, 2), vec![i(Imm::UV(0x7654_3210))]);
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(words(&m, 8), (0..8).map(|x| x << 16).collect::<Vec<u32>>());
}

#[test]
fn region_outside_its_variable_faults() {
    let (mut k, _out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![rg(r, 0, 4, 1, 1, 0)]);
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert!(matches!(res, Err(SimError::Fault(ref m)) if m.contains("outside the variable")), "{res:?}");
}

#[test]
fn indirect_operands_through_address_variables() {
    let (mut k, out) = with_out("t");
    let tbl = k.add_var("tbl", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let a = k.add_addr("a", 1);
    op(&mut k, AluOp::Mov, E8, d(tbl, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Mov, E8, d(tbl, 8), vec![i(Imm::UV(0xfedc_ba98))]);
    k.push(Inst::AddrAdd {
        exec: NM1,
        dst: AddrOpnd { addr: a, elem: 0, width: 1 },
        base: tbl,
        base_offset: 8,
        src1: i(Imm::UW(4)),
    });
    // r[A0,0]<2;2,1> reads tbl[3], tbl[4], tbl[5], tbl[6].
    let ind = IndSrc {
        addr: a,
        addr_elem: 0,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::new(2, 2, 1),
        multi: false,
        modifier: SrcMod::None,
    };
    op(&mut k, AluOp::Mov, Exec::new(4), d(r, 0), vec![ind.into()]);
    // Indirect destination: r[A0, 16] (tbl[7]) = 100.
    op(
        &mut k,
        AluOp::Mov,
        E1,
        IndDst { addr: a, addr_elem: 0, byte_offset: 16, ty: VisaType::D, hstride: 1 }.into(),
        vec![i(Imm::D(100))],
    );
    op(&mut k, AluOp::Mov, E1, d(r, 4), vec![sc(tbl, 7)]);
    for c in 5..8 {
        op(&mut k, AluOp::Mov, E1, d(r, c), vec![i(Imm::D(0))]);
    }
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(&words(&m, 5), &[3, 4, 5, 6, 100]);
}

#[test]
fn multi_address_indirect_reads_one_row_per_address() {
    let (mut k, out) = with_out("t");
    let tbl = k.add_var("tbl", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 4, Align::Grf);
    let a4 = k.add_addr("a4", 4);
    for c in [0u8, 8] {
        op(&mut k, AluOp::Mov, E8, d(tbl, c), vec![i(Imm::UV(0x7654_3210))]);
        op(&mut k, AluOp::Add, E8, d(tbl, c), vec![vc(tbl, c), i(Imm::D(i32::from(c)))]);
    }
    // Byte offsets 60, 4, 36, 0 -> tbl[15], tbl[1], tbl[9], tbl[0].
    for (e, off) in [60u16, 4, 36, 0].iter().enumerate() {
        k.push(Inst::AddrAdd {
            exec: NM1,
            dst: AddrOpnd { addr: a4, elem: e as u8, width: 1 },
            base: tbl,
            base_offset: 0,
            src1: i(Imm::UW(*off)),
        });
    }
    let multi = IndSrc {
        addr: a4,
        addr_elem: 0,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::new(0, 1, 0),
        multi: true,
        modifier: SrcMod::None,
    };
    op(&mut k, AluOp::Mov, Exec::new(4), d(r, 0), vec![multi.into()]);
    ost(&mut k, Owords::O1, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(words(&m, 4), vec![15, 1, 9, 0]);
}

#[test]
fn indirect_access_outside_every_variable_faults() {
    let (mut k, _out) = with_out("t");
    let tbl = k.add_var("tbl", VisaType::D, 8, Align::Grf);
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let a = k.add_addr("a", 1);
    k.push(Inst::AddrAdd {
        exec: NM1,
        dst: AddrOpnd { addr: a, elem: 0, width: 1 },
        base: tbl,
        base_offset: 0,
        src1: i(Imm::UW(60000)),
    });
    let ind = IndSrc {
        addr: a,
        addr_elem: 0,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::SCALAR,
        multi: false,
        modifier: SrcMod::None,
    };
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![ind.into()]);
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert!(matches!(res, Err(SimError::Fault(ref m)) if m.contains("outside every variable")), "{res:?}");
}

// ---------------------------------------------------------------- predicates and masks

/// A kernel with `v` (16 x d, input at 64: values 0..15 given by the launch) and `r`.
fn lanes_kernel() -> (Kernel, SurfaceId, VarId, VarId) {
    let (mut k, out) = with_out("t");
    let v = k.add_var("v", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 16, Align::Grf);
    k.add_input(InputTarget::Var(v), 64, 64);
    (k, out, v, r)
}

fn run_lanes(k: &Kernel) -> (Result<genxc_sim::Report, SimError>, genxc_sim::memory::Memory) {
    let mut m = surfaces(1, 256);
    let vals: Vec<u8> = (0..16i32).flat_map(|x| x.to_le_bytes()).collect();
    let l =
        one_thread(vec![genxc_sim::launch::ArgValue::Surface(0), genxc_sim::launch::ArgValue::Bytes(vals)]);
    let r = genxc_sim::exec::run(std::slice::from_ref(k), &CFG, &l, &mut m);
    (r, m)
}

#[test]
fn predicated_writes_and_inverse() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Lt, exec: E16, dst: CmpDst::Pred(p), src0: v(x), src1: i(Imm::D(4)) });
    op_p(&mut k, Pred::on(p), AluOp::Mov, E16, d(r, 0), vec![v(x)]);
    op_p(&mut k, Pred::not(p), AluOp::Add, E8.at(2), d(r, 8), vec![vc(x, 8), i(Imm::D(100))]);
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 16).into_iter().map(|x| x as i32).collect();
    assert_eq!(&w[..8], &[0, 1, 2, 3, -1, -1, -1, -1]);
    assert_eq!(&w[8..], &[108, 109, 110, 111, 112, 113, 114, 115]);
}

#[test]
fn any_all_sel_and_setp() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    let q = k.add_pred("q", 16);
    k.push(Inst::Setp { exec: Exec::nm(16), dst: p, src: i(Imm::UW(0x0005)) });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Alu {
        op: AluOp::Mov,
        pred: Some(Pred { id: p, inverse: false, ctrl: PredCtrl::Any }),
        sat: false,
        exec: Exec::new(4),
        dst: d(r, 0),
        srcs: vec![i(Imm::D(7))],
    });
    k.push(Inst::Alu {
        op: AluOp::Mov,
        pred: Some(Pred { id: p, inverse: false, ctrl: PredCtrl::All }),
        sat: false,
        exec: Exec::new(4),
        dst: d(r, 4),
        srcs: vec![i(Imm::D(9))],
    });
    k.push(Inst::Alu {
        op: AluOp::Sel,
        pred: Some(Pred::on(p)),
        sat: false,
        exec: Exec::new(4),
        dst: d(r, 8),
        srcs: vec![vc(x, 0), i(Imm::D(-1))],
    });
    // Logic on predicates: q = !p; mov the bits into r(0,12).
    op(&mut k, AluOp::Not, Exec::nm(16), DstOp::Pred(q), vec![SrcOp::Pred(p)]);
    op(&mut k, AluOp::Mov, NM1, d(r, 12), vec![SrcOp::Pred(q)]);
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 13).into_iter().map(|x| x as i32).collect();
    assert_eq!(&w[..8], &[7, 7, 7, 7, 0, 0, 0, 0]);
    assert_eq!(&w[8..12], &[0, -1, 2, -1]);
    assert_eq!(w[12], 0xfffa);
}

#[test]
fn cmp_into_a_general_destination() {
    let (mut k, out, x, r) = lanes_kernel();
    k.push(Inst::Cmp {
        rel: CmpOp::Ge,
        exec: E16,
        dst: CmpDst::Gen(Dst::new(r, 0)),
        src0: v(x),
        src1: i(Imm::D(14)),
    });
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w = words(&m, 16);
    assert_eq!(&w[12..], &[0, 0, u32::MAX, u32::MAX]);
}

#[test]
fn nomask_and_mask_offsets_in_divergent_code() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    let end = k.add_label("END");
    let s1 = k.add_var("s1", VisaType::D, 1, Align::Dword);
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, NM1, d(s1, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Lt, exec: E16, dst: CmpDst::Pred(p), src0: v(x), src1: i(Imm::D(12)) });
    // Lanes 12..15 jump: the rest runs the next two instructions.
    k.push(Inst::Goto { pred: Some(Pred::not(p)), exec: E16, target: end });
    op(&mut k, AluOp::Mov, Exec::new(16), d(r, 0), vec![i(Imm::D(1))]);
    // NoMask: every lane, even the parked ones.
    op(&mut k, AluOp::Add, Exec::nm(16), d(r, 0), vec![v(r), i(Imm::D(10))]);
    op(&mut k, AluOp::Add, NM1, d(s1, 0), vec![s(s1), i(Imm::D(1))]);
    k.push(Inst::Label(end));
    op(&mut k, AluOp::Mov, NM1, d(r, 15), vec![s(s1)]);
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 16).into_iter().map(|x| x as i32).collect();
    assert_eq!(&w[..12], &[11; 12]);
    assert_eq!(&w[12..15], &[10, 10, 10]);
    assert_eq!(w[15], 1);
}

// ---------------------------------------------------------------- control flow

#[test]
fn goto_if_else_reconverges() {
    // Sample 05: if (v > 4) { r = v * 2; if (v > 10) r = 100; } else { r = -v; }
    let (mut k, out, x, r) = lanes_kernel();
    let (p1, p2) = (k.add_pred("p1", 16), k.add_pred("p2", 16));
    let (else1, endif2, endif1) = (k.add_label("ELSE_1"), k.add_label("ENDIF_2"), k.add_label("ENDIF_1"));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p1), src0: v(x), src1: i(Imm::D(4)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p1)), exec: E16, target: else1 });
    op(&mut k, AluOp::Mul, E16, d(r, 0), vec![v(x), i(Imm::D(2))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p2), src0: v(x), src1: i(Imm::D(10)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p2)), exec: E16, target: endif2 });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(100))]);
    k.push(Inst::Label(endif2));
    k.push(Inst::Goto { pred: None, exec: E16, target: endif1 });
    k.push(Inst::Label(else1));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![vm(x, SrcMod::Neg)]);
    k.push(Inst::Label(endif1));
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 16).into_iter().map(|x| x as i32).collect();
    let want: Vec<i32> = (0..16)
        .map(|x| {
            if x > 4 {
                if x > 10 {
                    100
                } else {
                    2 * x
                }
            } else {
                -x
            }
        })
        .collect();
    assert_eq!(w, want);
}

#[test]
fn backward_goto_loops_per_lane_and_jmp_loops_uniformly() {
    let (mut k, out, x, r) = lanes_kernel();
    let cnt = k.add_var("cnt", VisaType::D, 16, Align::Grf);
    let n = k.add_var("n", VisaType::D, 1, Align::Dword);
    let (p1, p2) = (k.add_pred("p1", 1), k.add_pred("p2", 16));
    let (la, lb) = (k.add_label("LOOP_A"), k.add_label("LOOP_B"));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Add, E16, d(cnt, 0), vec![v(x), i(Imm::D(1))]);
    op(&mut k, AluOp::Mov, NM1, d(n, 0), vec![i(Imm::D(3))]);
    // Uniform loop: r += 1 three times.
    k.push(Inst::Label(la));
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(1))]);
    op(&mut k, AluOp::Add, NM1, d(n, 0), vec![s(n), i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: NM1, dst: CmpDst::Pred(p1), src0: s(n), src1: i(Imm::D(0)) });
    k.push(Inst::Jmp { pred: Some(Pred::on(p1)), exec: NM1, target: la });
    // Divergent do-while: r += 10 per iteration, v + 1 iterations.
    k.push(Inst::Label(lb));
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(10))]);
    op(&mut k, AluOp::Add, E16, d(cnt, 0), vec![v(cnt), i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p2), src0: v(cnt), src1: i(Imm::D(0)) });
    k.push(Inst::Goto { pred: Some(Pred::on(p2)), exec: E16, target: lb });
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    assert_eq!(words(&m, 16), (0..16).map(|x| 3 + 10 * (x + 1)).collect::<Vec<u32>>());
}

#[test]
fn a_scalar_branch_combines_every_declared_lane_then_inverts() {
    let (mut k, out, x, r) = lanes_kernel();
    let (all, some) = (k.add_pred("all", 16), k.add_pred("some", 16));
    let labels: Vec<_> = (0..4).map(|n| k.add_label(format!("L{n}"))).collect();
    let ctrl = |id, inverse, ctrl| Some(Pred { id, inverse, ctrl });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Ge, exec: E16, dst: CmpDst::Pred(all), src0: v(x), src1: i(Imm::D(0)) });
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(some), src0: v(x), src1: i(Imm::D(5)) });
    // lane 0 of `some` is clear, lanes 6-15 set: not all of them (taken), some of them (taken)
    k.push(Inst::Jmp { pred: ctrl(some, true, PredCtrl::All), exec: NM1, target: labels[0] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(100))]);
    k.push(Inst::Label(labels[0]));
    k.push(Inst::Jmp { pred: ctrl(some, false, PredCtrl::Any), exec: NM1, target: labels[1] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(1000))]);
    k.push(Inst::Label(labels[1]));
    // every lane of `all` is set: not taken
    k.push(Inst::Jmp { pred: ctrl(all, true, PredCtrl::All), exec: NM1, target: labels[2] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(1))]);
    k.push(Inst::Label(labels[2]));
    // `some` has a set lane: !any is false, not taken
    k.push(Inst::Jmp { pred: ctrl(some, true, PredCtrl::Any), exec: NM1, target: labels[3] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(10))]);
    k.push(Inst::Label(labels[3]));
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    assert_eq!(words(&m, 16), vec![11; 16]);
}

#[test]
fn call_and_ret_uniform_and_divergent() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    let sub = k.add_subroutine("double_r");
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![v(x)]);
    k.push(Inst::Call { pred: None, exec: NM1, target: sub });
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p), src0: v(x), src1: i(Imm::D(10)) });
    k.push(Inst::Call { pred: Some(Pred::on(p)), exec: E16, target: sub });
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    k.push(Inst::Subroutine(sub));
    op(&mut k, AluOp::Mul, E16, d(r, 0), vec![v(r), i(Imm::D(2))]);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    assert_eq!(words(&m, 16), (0..16).map(|x| if x > 10 { 4 * x } else { 2 * x }).collect::<Vec<u32>>());
}

#[test]
fn switchjmp_picks_its_target() {
    let (mut k, out) = with_out("t");
    let idx = k.add_var("idx", VisaType::UB, 4, Align::Dword);
    let r = k.add_var("r", VisaType::D, 4, Align::Grf);
    let ls: Vec<LabelId> = (0..3).map(|j| k.add_label(format!("L{j}"))).collect();
    let end = k.add_label("END");
    op(&mut k, AluOp::Mov, Exec::new(4), d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, NM1, d(idx, 0), vec![i(Imm::UB(2))]);
    k.push(Inst::SwitchJmp { exec: NM1, index: s(idx), targets: ls.clone() });
    for (j, l) in ls.iter().enumerate() {
        k.push(Inst::Label(*l));
        op(&mut k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::D(10 + j as i32))]);
        k.push(Inst::Jmp { pred: None, exec: NM1, target: end });
    }
    k.push(Inst::Label(end));
    ost(&mut k, Owords::O1, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(word(&m, 0, 0), Some(12));
}

#[test]
fn a_thread_that_never_ends_hits_the_step_limit() {
    let (mut k, _out) = with_out("t");
    let l = k.add_label("L");
    k.push(Inst::Label(l));
    k.push(Inst::Jmp { pred: None, exec: NM1, target: l });
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert_eq!(res, Err(SimError::StepLimit { limit: 10_000 }));
}

#[test]
fn branching_on_an_undefined_predicate_is_an_error() {
    let (mut k, _out) = with_out("t");
    let p = k.add_pred("p", 1);
    let l = k.add_label("L");
    k.push(Inst::Jmp { pred: Some(Pred::on(p)), exec: NM1, target: l });
    k.push(Inst::Label(l));
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert!(matches!(res, Err(SimError::Undefined(_))), "{res:?}");
}

// ---------------------------------------------------------------- messages

use genxc_sim::exec::arg_specs;
use genxc_sim::launch::{ArgSpec, ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Event, Memory};

fn iota_surface(bti: u32, bytes: usize) -> Memory {
    let mut m = Memory::default();
    let data: Vec<u8> = (0..bytes / 4).flat_map(|x| (x as u32).to_le_bytes()).collect();
    m.add(
        "s",
        BufferKind::Surface { bti, width: 64, height: (bytes / 64) as u32, pitch: 64 },
        Bytes::defined(data),
    );
    m
}

fn run_with(k: &Kernel, m: &mut Memory, args: Vec<ArgValue>) -> Result<genxc_sim::Report, SimError> {
    genxc_sim::exec::run(std::slice::from_ref(k), &CFG, &one_thread(args), m)
}

#[test]
fn oword_loads_and_stores_with_out_of_bounds_reads_as_zero() {
    let (mut k, out) = with_out("t");
    let a = k.add_var("a", VisaType::UD, 8, Align::Grf);
    let b = k.add_var("b", VisaType::UD, 4, Align::Grf);
    k.push(Inst::OwordLd {
        size: Owords::O2,
        unaligned: false,
        surface: out,
        offset: i(Imm::UD(1)),
        dst: Raw::of(a),
    });
    k.push(Inst::OwordLd {
        size: Owords::O1,
        unaligned: true,
        surface: out,
        offset: i(Imm::UD(252)),
        dst: Raw::of(b),
    });
    ost(&mut k, Owords::O2, out, 8, a);
    ost(&mut k, Owords::O1, out, 12, b);
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    let w: Vec<u32> = (0..4).map(|j| word(&m, 0, 32 + j).unwrap()).collect();
    assert_eq!(w, vec![4, 5, 6, 7]);
    let w: Vec<u32> = (0..4).map(|j| word(&m, 0, 48 + j).unwrap()).collect();
    assert_eq!(w, vec![63, 0, 0, 0]);
    assert!(m.events.iter().any(|e| matches!(e, Event::OutOfBounds { write: false, address: 256, .. })));
}

#[test]
fn scaled_gather_and_scatter_by_lane() {
    let (mut k, out) = with_out("t");
    let offs = k.add_var("offs", VisaType::UD, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(offs, 0), vec![i(Imm::UV(0x0123_4567))]);
    op(&mut k, AluOp::Shl, E8, d(offs, 0), vec![v(offs), i(Imm::UD(2))]);
    k.push(Inst::Scaled {
        store: false,
        pred: None,
        exec: E8,
        blocks: ScaledBlocks::B4,
        surface: out,
        global_offset: i(Imm::UD(0)),
        offsets: Raw::of(offs),
        data: Raw::of(dat),
    });
    op(&mut k, AluOp::Add, E8, d(dat, 0), vec![v(dat), i(Imm::UD(100))]);
    k.push(Inst::Scaled {
        store: true,
        pred: None,
        exec: E8,
        blocks: ScaledBlocks::B4,
        surface: out,
        global_offset: i(Imm::UD(64)),
        offsets: Raw::of(offs),
        data: Raw::of(dat),
    });
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    let w: Vec<u32> = (16..24).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (100..108).collect::<Vec<u32>>());
}

#[test]
fn gather4_scaled_is_soa_and_dword_atomic_returns_old_values() {
    let (mut k, out) = with_out("t");
    let offs = k.add_var("offs", VisaType::UD, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 8, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(offs, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Shl, E8, d(offs, 0), vec![v(offs), i(Imm::UD(4))]);
    let rg_ = Channels { r: true, g: false, b: true, a: false };
    k.push(Inst::Scaled4 {
        store: false,
        pred: None,
        exec: E8,
        channels: rg_,
        surface: out,
        global_offset: i(Imm::UD(0)),
        offsets: Raw::of(offs),
        data: Raw::of(dat),
    });
    op(&mut k, AluOp::Mov, E8, d(one, 0), vec![i(Imm::UD(5))]);
    op(&mut k, AluOp::Mov, E8, d(offs, 0), vec![i(Imm::UD(200))]);
    k.push(Inst::DwordAtomic {
        op: AtomicOp::Add,
        half: false,
        pred: None,
        exec: Exec::new(4).at(0),
        surface: out,
        offsets: Raw::of(offs),
        src0: Raw::of(one),
        src1: Raw::NULL,
        dst: Raw::of(old),
    });
    ost(&mut k, Owords::O4, out, 0, dat);
    ost(&mut k, Owords::O1, out, 4, old);
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    let w: Vec<u32> = (0..16).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(&w[..8], &[0, 4, 8, 12, 16, 20, 24, 28]);
    assert_eq!(&w[8..], &[2, 6, 10, 14, 18, 22, 26, 30]);
    let old: Vec<u32> = (16..20).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(old, vec![50, 55, 60, 65]);
    assert_eq!(word(&m, 0, 50), Some(70));
}

#[test]
fn atomic_operations_compute_the_stored_value() {
    use genxc_sim::exec::messages::atomic_result as at;
    assert_eq!(at(AtomicOp::Inc, 4, 0xffff_ffff, 0, 0), Some(0));
    assert_eq!(at(AtomicOp::MinSInt, 4, 5, (-3i32) as u32 as u64, 0), Some((-3i32) as u32 as u64));
    assert_eq!(at(AtomicOp::Min, 4, 5, (-3i32) as u32 as u64, 0), Some(5));
    assert_eq!(at(AtomicOp::Cmpxchg, 4, 7, 7, 9), Some(9));
    assert_eq!(at(AtomicOp::Cmpxchg, 4, 7, 8, 9), None);
    assert_eq!(
        at(AtomicOp::Fadd, 4, 1.5f32.to_bits().into(), 2.0f32.to_bits().into(), 0),
        Some(3.5f32.to_bits().into())
    );
    assert_eq!(at(AtomicOp::Xchg, 8, 1, u64::MAX, 0), Some(u64::MAX));
}

#[test]
fn media_block_read_clamps_to_the_edge_and_write_drops_outside() {
    let (mut k, out) = with_out("t");
    let blk = k.add_var("blk", VisaType::UD, 8, Align::Grf);
    // 8 x 4 bytes at x = 60 (the last dword of each 64-byte row), rows 1..4.
    k.push(Inst::MediaLd {
        modifier: MediaMod::NoMod,
        surface: out,
        plane: 0,
        width: 8,
        height: 4,
        x: i(Imm::D(60)),
        y: i(Imm::D(1)),
        dst: Raw::of(blk),
    });
    k.push(Inst::MediaSt {
        modifier: MediaMod::NoMod,
        surface: out,
        plane: 0,
        width: 8,
        height: 1,
        x: i(Imm::D(56)),
        y: i(Imm::D(0)),
        src: Raw::of(blk),
    });
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    // Row 1 = words 16..31: x 60..63 is word 31; x 64..67 clamp to byte 63 (its high byte, 0).
    assert_eq!(word(&m, 0, 14), Some(31));
    assert_eq!(word(&m, 0, 15), Some(0));
    assert_eq!(word(&m, 0, 16), Some(16));
}

#[test]
fn typed_gather_and_scatter_address_pixels() {
    let (mut k, out) = with_out("t");
    let u = k.add_var("u", VisaType::UD, 8, Align::Grf);
    let vv = k.add_var("v", VisaType::UD, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(u, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Add, E8, d(u, 0), vec![v(u), i(Imm::UD(12))]);
    op(&mut k, AluOp::Mov, E8, d(vv, 0), vec![i(Imm::UD(2))]);
    k.push(Inst::Typed4 {
        store: false,
        pred: None,
        exec: E8,
        channels: Channels::R,
        surface: out,
        u: Raw::of(u),
        v: Raw::of(vv),
        r: Raw::NULL,
        lod: Raw::NULL,
        data: Raw::of(dat),
    });
    ost(&mut k, Owords::O2, out, 0, dat);
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    // Row 2 starts at word 32; u 12..15 are inside (words 44..47), u >= 16 is outside: 0.
    let w: Vec<u32> = (0..8).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, vec![44, 45, 46, 47, 0, 0, 0, 0]);
    // Four out-of-bounds lanes: events that repeat one already kept are only counted.
    let kept = m.events.iter().filter(|e| matches!(e, Event::OutOfBounds { .. })).count();
    assert!(kept >= 1 && m.events.len() == kept);
    assert_eq!(kept + m.events_dropped, 4);
}

fn svm_memory() -> Memory {
    let mut m = Memory::default();
    let data: Vec<u8> = (0..64u32).flat_map(|x| x.to_le_bytes()).collect();
    m.add("svm", BufferKind::Svm { base: 0x1000 }, Bytes::defined(data));
    m
}

#[test]
fn svm_block_and_scattered_accesses() {
    let mut k = Kernel::new("t");
    let p = k.add_var("p", VisaType::UQ, 1, Align::Qword);
    k.add_input(InputTarget::Var(p), 32, 8);
    let blk = k.add_var("blk", VisaType::UD, 8, Align::Grf);
    let addrs = k.add_var("addrs", VisaType::UQ, 4, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    k.push(Inst::SvmBlock { store: false, size: Owords::O2, address: s(p), data: Raw::of(blk) });
    op(&mut k, AluOp::Add, NM1, d(p, 0), vec![s(p), i(Imm::UQ(128))]);
    k.push(Inst::SvmBlock { store: true, size: Owords::O2, address: s(p), data: Raw::of(blk) });
    op(&mut k, AluOp::Mov, Exec::new(4), d(addrs, 0), vec![i(Imm::UV(0x0000_3210))]);
    op(&mut k, AluOp::Mul, Exec::new(4), d(addrs, 0), vec![v(addrs), i(Imm::UQ(8))]);
    op(&mut k, AluOp::Add, Exec::new(4), d(addrs, 0), vec![v(addrs), i(Imm::UQ(0x1000))]);
    k.push(Inst::SvmScatter {
        store: false,
        pred: None,
        exec: Exec::new(4),
        block: SvmBlock::B4,
        num_blocks: 2,
        addresses: Raw::of(addrs),
        data: Raw::of(dat),
    });
    op(&mut k, AluOp::Add, NM1, d(p, 0), vec![s(p), i(Imm::UQ(32))]);
    k.push(Inst::SvmBlock { store: true, size: Owords::O4, address: s(p), data: Raw::of(dat) });
    ret(&mut k);
    assert_eq!(arg_specs(&k), vec![ArgSpec::Pointer]);
    let mut m = svm_memory();
    run_with(&k, &mut m, vec![ArgValue::Pointer(0x1000)]).unwrap();
    let w: Vec<u32> = (32..40).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (0..8).collect::<Vec<u32>>());
    // Blocks of two dwords per lane at 8-byte steps: SoA, each block's lanes from a GRF.
    let w: Vec<u32> = (40..44).chain(48..52).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, vec![0, 2, 4, 6, 1, 3, 5, 7]);
    assert!((44..48).all(|j| word(&m, 0, j).is_none()));
}

#[test]
fn lsc_load_store_transposed_and_atomic() {
    let mut k = Kernel::new("t");
    let p = k.add_var("p", VisaType::UQ, 1, Align::Qword);
    k.add_input(InputTarget::Var(p), 32, 8);
    let addrs = k.add_var("addrs", VisaType::UQ, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 8, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 8, Align::Grf);
    let lsc = |op, exec, var, data, shape, src1| Inst::Lsc {
        op,
        sfid: LscSfid::Ugm,
        cache: (0, 0),
        pred: None,
        exec,
        addr: LscAddr { model: LscAddrModel::Flat, var, offset: 0, bits: 64 },
        shape,
        data,
        src1,
        src2: VarId::NULL,
    };
    let d32 = LscShape { bits: 32, c32: false, elems: 1, transpose: false, chmask: 0 };
    // Transposed block of 8 dwords at p + 0.
    k.push(lsc(LscOp::Load, NM1, p, dat, LscShape { elems: 8, transpose: true, ..d32 }, VarId::NULL));
    op(&mut k, AluOp::Mov, E8, d(addrs, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Mul, E8, d(addrs, 0), vec![v(addrs), i(Imm::UQ(4))]);
    op(&mut k, AluOp::Add, E8, d(addrs, 0), vec![v(addrs), i(Imm::UQ(0x1000 + 128))]);
    k.push(lsc(LscOp::Store, E8, addrs, dat, d32, VarId::NULL));
    op(&mut k, AluOp::Mov, E8, d(one, 0), vec![i(Imm::UD(1))]);
    k.push(lsc(LscOp::Atomic(LscAtomic::Iadd), E8, addrs, old, d32, one));
    k.push(lsc(LscOp::Load, E8, addrs, dat, d32, VarId::NULL));
    op(&mut k, AluOp::Add, E8, d(dat, 0), vec![v(dat), v(old)]);
    op(&mut k, AluOp::Add, NM1, d(p, 0), vec![s(p), i(Imm::UQ(192))]);
    k.push(lsc(LscOp::Store, NM1, p, dat, LscShape { elems: 8, transpose: true, ..d32 }, VarId::NULL));
    ret(&mut k);
    let mut m = svm_memory();
    run_with(&k, &mut m, vec![ArgValue::Pointer(0x1000)]).unwrap();
    let w: Vec<u32> = (32..40).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (1..9).collect::<Vec<u32>>());
    let w: Vec<u32> = (48..56).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (0..8).map(|x| 2 * x + 1).collect::<Vec<u32>>());
}

// ---------------------------------------------------------------- LSC 2D block messages (PVC)

/// PVC: 64-byte registers.
const PVC: genxc_sim::exec::Config = genxc_sim::exec::Config { grf_bytes: 64, bti_base: 0 };
/// Where the 2D tests' input image (8 rows of 64 bytes) and output buffer (512 bytes) live.
const IMAGE: u64 = 0x1000;
const OUTPUT: u64 = 0x4000;

/// Byte (x, y) of the input image.
fn image_byte(x: u32, y: u32) -> u8 {
    (y * 64 + x).wrapping_mul(7) as u8
}

/// The `eb`-byte element at element column `x`, row `y` of the input image.
fn image_elem(eb: u32, x: u32, y: u32) -> u64 {
    (0..eb).fold(0, |acc, k| acc | u64::from(image_byte(x * eb + k, y)) << (8 * k))
}

/// A kernel with two pointer inputs: the input image `p` and the output buffer `q`.
fn block2d_kernel() -> (Kernel, VarId, VarId) {
    let mut k = Kernel::new("t");
    let p = k.add_var("p", VisaType::UQ, 1, Align::Qword);
    let q = k.add_var("q", VisaType::UQ, 1, Align::Qword);
    k.add_input(InputTarget::Var(p), 32, 8);
    k.add_input(InputTarget::Var(q), 40, 8);
    (k, p, q)
}

/// `lsc_load_block2d.ugm` (or a store) on the surface at `base` of `width` x `height` bytes x
/// rows (pitch 64), block origin (`x`, `y`).
fn block2d(
    store: bool,
    shape: LscBlock2dShape,
    base: VarId,
    wh: (u32, u32),
    xy: (i32, i32),
    data: VarId,
) -> Inst {
    let surface = [
        LscSurface::Var(base),
        LscSurface::Imm(wh.0 - 1),
        LscSurface::Imm(wh.1 - 1),
        LscSurface::Imm(63),
        LscSurface::Imm(xy.0 as u32),
        LscSurface::Imm(xy.1 as u32),
    ];
    Inst::LscBlock2d { store, cache: (0, 0), shape, surface, data }
}

/// Stores the first `dwords` dwords of `var` at `q` (a transposed LSC store).
fn dump(k: &mut Kernel, q: VarId, var: VarId, dwords: u8) {
    k.push(Inst::Lsc {
        op: LscOp::Store,
        sfid: LscSfid::Ugm,
        cache: (0, 0),
        pred: None,
        exec: NM1,
        addr: LscAddr { model: LscAddrModel::Flat, var: q, offset: 0, bits: 64 },
        shape: LscShape { bits: 32, c32: false, elems: dwords, transpose: true, chmask: 0 },
        data: var,
        src1: VarId::NULL,
        src2: VarId::NULL,
    });
}

/// Runs a 2D block kernel on PVC over the input image and an output buffer of 0xee bytes.
fn run_block2d(k: &Kernel) -> (Result<genxc_sim::Report, SimError>, Memory) {
    let mut m = Memory::default();
    let image: Vec<u8> = (0..512).map(|i| image_byte(i % 64, i / 64)).collect();
    m.add("image", BufferKind::Svm { base: IMAGE }, Bytes::defined(image));
    m.add("out", BufferKind::Svm { base: OUTPUT }, Bytes::defined(vec![0xee; 512]));
    let args = vec![ArgValue::Pointer(IMAGE), ArgValue::Pointer(OUTPUT)];
    let r = genxc_sim::exec::run(std::slice::from_ref(k), &PVC, &one_thread(args), &mut m);
    (r, m)
}

/// Loads `shape` at (`x`, `y`) of the whole image into a fresh variable of `elems` elements and
/// returns the output buffer's first `bytes` as `eb`-byte elements.
fn load_image(shape: LscBlock2dShape, wh: (u32, u32), xy: (i32, i32), elems: u16, bytes: u8) -> Vec<u64> {
    let (mut k, p, q) = block2d_kernel();
    let ty =
        [VisaType::UB, VisaType::UW, VisaType::UD, VisaType::UQ][shape.bits.trailing_zeros() as usize - 3];
    let dat = k.add_var("dat", ty, elems, Align::Grf);
    k.push(block2d(false, shape, p, wh, xy, dat));
    dump(&mut k, q, dat, bytes / 4);
    ret(&mut k);
    let (r, m) = run_block2d(&k);
    r.unwrap();
    let eb = usize::from(shape.bits / 8);
    (0..usize::from(bytes) / eb)
        .map(|j| {
            let (v, def) = m.buffers[1].bytes.get(j * eb, eb);
            assert!(def, "element {j} undefined");
            v
        })
        .collect()
}

const D16: LscBlock2dShape =
    LscBlock2dShape { bits: 16, blocks: 1, width: 8, height: 8, transpose: false, vnni: false };

#[test]
fn block2d_load_pads_rows_to_a_power_of_two_and_blocks_to_whole_registers() {
    // two blocks of 5 x 3 halfwords at (1, 2): rows of 8 elements, blocks 32 elements (64 bytes)
    let shape = LscBlock2dShape { blocks: 2, width: 5, height: 3, ..D16 };
    let got = load_image(shape, (64, 8), (1, 2), 64, 128);
    for b in 0..2u32 {
        for e in 0..32u32 {
            let (r, c) = (e / 8, e % 8);
            let want = if r < 3 && c < 5 { image_elem(2, 1 + 5 * b + c, 2 + r) } else { 0 };
            assert_eq!(got[(32 * b + e) as usize], want, "block {b} element {e}");
        }
    }
    // a variable may stop after the last block's last row (the rest of its register is padding)
    let got = load_image(shape, (64, 8), (1, 2), 56, 112);
    assert_eq!(got[32 + 8 + 4], image_elem(2, 10, 3));
}

#[test]
fn block2d_transposed_load_puts_columns_in_register_rows() {
    // 3 columns x 5 rows of dwords at (2, 1): a register row of 8 per column, 24 -> 32 elements
    let shape = LscBlock2dShape { bits: 32, width: 3, height: 5, transpose: true, ..D16 };
    let got = load_image(shape, (64, 8), (2, 1), 32, 128);
    for e in 0..32u32 {
        let (c, r) = (e / 8, e % 8);
        let want = if c < 3 && r < 5 { image_elem(4, 2 + c, 1 + r) } else { 0 };
        assert_eq!(got[e as usize], want, "element {e}");
    }
}

#[test]
fn block2d_vnni_load_packs_rows_into_dwords() {
    // bytes, 4 wide x 6 high at (8, 0): each dword holds 4 rows of a column; rows 6 and 7 are
    // zero, and the block fills a whole register (64 bytes)
    let shape = LscBlock2dShape { bits: 8, width: 4, height: 6, vnni: true, ..D16 };
    let got = load_image(shape, (64, 8), (8, 0), 64, 64);
    for e in 0..64u32 {
        let (group, c, r4) = (e / 16, (e % 16) / 4, e % 4);
        let r = 4 * group + r4;
        let want = if e < 32 && r < 6 && c < 4 { image_elem(1, 8 + c, r) } else { 0 };
        assert_eq!(got[e as usize], want, "element {e}");
    }
    // halfwords, 2 wide x 4 high: pairs of rows per dword
    let shape = LscBlock2dShape { width: 2, height: 4, vnni: true, ..D16 };
    let got = load_image(shape, (64, 8), (3, 2), 32, 16);
    let h = |x, y| image_elem(2, x, y);
    assert_eq!(got, vec![h(3, 2), h(3, 3), h(4, 2), h(4, 3), h(3, 4), h(3, 5), h(4, 4), h(4, 5)]);
}

#[test]
fn block2d_load_reads_zero_outside_the_surface() {
    // 4 x 4 dwords at (-1, 6) of a 10-byte x 8-row surface: column -1 and the dword at column 2
    // (bytes 8..12, straddling the edge) are outside, as are rows 8 and 9
    let shape = LscBlock2dShape { bits: 32, width: 4, height: 4, ..D16 };
    let got = load_image(shape, (10, 8), (-1, 6), 16, 64);
    for e in 0..16u32 {
        let (r, c) = (e / 4, e % 4);
        let (x, y) = (c as i32 - 1, 6 + r);
        let inside = (0..=1).contains(&x) && y < 8;
        let want = if inside { image_elem(4, x as u32, y) } else { 0 };
        assert_eq!(got[e as usize], want, "row {r} column {c}");
    }
}

#[test]
fn block2d_store_writes_inside_the_surface_only() {
    let (mut k, _, q) = block2d_kernel();
    // 3 x 2 dwords from rows of 4 (element 3 of each row is padding)
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(dat, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Add, E8, d(dat, 0), vec![v(dat), i(Imm::UD(100))]);
    let shape = LscBlock2dShape { bits: 32, width: 3, height: 2, ..D16 };
    // a 60-byte x 7-row surface: (15, 6) and row 7 are outside
    k.push(block2d(true, shape, q, (60, 7), (13, 6), dat));
    ret(&mut k);
    let (r, m) = run_block2d(&k);
    r.unwrap();
    let out = |x: usize, y: usize| word(&m, 1, 16 * y + x).unwrap();
    assert_eq!((out(13, 6), out(14, 6)), (100, 101));
    assert_eq!(out(15, 6), 0xeeee_eeee);
    assert!((0..16).all(|x| out(x, 7) == 0xeeee_eeee));
    assert!((0..16).filter(|x| !(13..15).contains(x)).all(|x| out(x, 6) == 0xeeee_eeee));
}

#[test]
fn block2d_prefetch_accesses_nothing() {
    let (mut k, _, _) = block2d_kernel();
    let far = k.add_var("far", VisaType::UQ, 1, Align::Qword);
    op(&mut k, AluOp::Mov, NM1, d(far, 0), vec![i(Imm::UQ(0x9000))]);
    let shape = LscBlock2dShape { blocks: 2, ..D16 };
    k.push(block2d(false, shape, far, (64, 8), (0, 0), VarId::NULL));
    ret(&mut k);
    let (r, m) = run_block2d(&k);
    r.unwrap();
    assert!(m.events.is_empty(), "{:?}", m.events);
    assert!((0..128).all(|j| word(&m, 1, j) == Some(0xeeee_eeee)));
    // the same block loaded reads outside every buffer
    let dat = k.add_var("dat", VisaType::UW, 128, Align::Grf);
    let last = k.body.len() - 1;
    k.body.insert(last, block2d(false, shape, far, (64, 8), (0, 0), dat));
    let (r, m) = run_block2d(&k);
    r.unwrap();
    assert!(m.events.iter().any(|e| matches!(e, Event::OutOfBounds { address: 0x9000, write: false, .. })));
}

#[test]
fn block2d_shapes_the_hardware_lacks_and_small_variables_are_errors() {
    let run = |shape: LscBlock2dShape, store: bool, elems: u16| {
        let (mut k, p, _) = block2d_kernel();
        let dat = k.add_var("dat", VisaType::UW, elems, Align::Grf);
        k.push(block2d(store, shape, p, (64, 8), (0, 0), dat));
        ret(&mut k);
        run_block2d(&k).0
    };
    let err = |r: Result<genxc_sim::Report, SimError>| r.unwrap_err().to_string();
    assert!(err(run(LscBlock2dShape { transpose: true, ..D16 }, false, 64)).contains("32- or 64-bit"));
    assert!(err(run(LscBlock2dShape { bits: 32, vnni: true, ..D16 }, false, 128)).contains("8- or 16-bit"));
    assert!(err(run(LscBlock2dShape { blocks: 2, ..D16 }, true, 128)).contains("one block"));
    // 8 x 8 halfwords need 128 bytes
    assert!(err(run(D16, false, 63)).contains("needs 128 bytes"));
    assert!(run(D16, false, 64).is_ok());
    // a store reads rows padded to a power of two: 5 x 2 needs 2 rows of 8
    assert!(err(run(LscBlock2dShape { width: 5, height: 2, ..D16 }, true, 15)).contains("needs 32 bytes"));
}

#[test]
fn lsc_bindless_addressing_reads_the_surface_state_heap() {
    // a bss offset names the surface bound at offset / SURFACE_STATE_BYTES: 0x40 is the surface at
    // index 1 (none is bound here: the load reads undefined values), 0x44 lies between two surface
    // states (a fault)
    for (offset, fault) in [(0x40u32, false), (0x44, true)] {
        let (mut k, p, _) = block2d_kernel();
        let dat = k.add_var("dat", VisaType::UD, 8, Align::Grf);
        k.push(Inst::Lsc {
            op: LscOp::Load,
            sfid: LscSfid::Ugm,
            cache: (0, 0),
            pred: None,
            exec: NM1,
            addr: LscAddr { model: LscAddrModel::Bss(LscSurface::Imm(offset)), var: p, offset: 0, bits: 32 },
            shape: LscShape { bits: 32, c32: false, elems: 8, transpose: true, chmask: 0 },
            data: dat,
            src1: VarId::NULL,
            src2: VarId::NULL,
        });
        ret(&mut k);
        match run_block2d(&k).0 {
            Err(e) => {
                assert!(!matches!(e, SimError::NotModeled(_)), "{offset:#x}: {e}");
                assert_eq!(
                    matches!(e, SimError::Fault(ref s) if s.contains("surface-state offset")),
                    fault,
                    "{offset:#x}: {e}"
                );
            }
            Ok(_) => assert!(!fault, "{offset:#x}: no fault"),
        }
    }
}

// ---------------------------------------------------------------- undefined values, inputs

#[test]
fn storing_an_unwritten_variable_leaves_memory_undefined() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::D(1))]);
    op(&mut k, AluOp::Add, E8, d(r, 0), vec![v(r), i(Imm::D(1))]);
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    let rep = res.unwrap();
    assert_eq!(word(&m, 0, 0), Some(2));
    assert!((1..8).all(|j| word(&m, 0, j).is_none()));
    assert!(rep.warnings.iter().any(|w| w.contains("unwritten")));
}

#[test]
fn arg_specs_follow_the_input_offsets() {
    let mut k = Kernel::new("t");
    let a = k.add_var("a", VisaType::F, 2, Align::Dword);
    let b = k.add_var("b", VisaType::UQ, 1, Align::Qword);
    let t = k.add_surface("t");
    let lid = k.add_var("lid", VisaType::UW, 3, Align::Dword);
    k.add_input(InputTarget::Var(b), 48, 8);
    k.add_input(InputTarget::Var(a), 40, 8 - 4);
    k.add_input(InputTarget::Surface(t), 32, 4);
    k.inputs.push(Input {
        target: InputTarget::Var(lid),
        offset: 64,
        size: 6,
        implicit: ImplicitKind::LOCAL_ID,
    });
    assert_eq!(
        arg_specs(&k),
        vec![ArgSpec::Surface, ArgSpec::Value { size: 4, elem: 4, float: true }, ArgSpec::Pointer]
    );
    // An 8-byte double is a value, not a pointer.
    let f = k.add_var("f", VisaType::DF, 1, Align::Qword);
    k.add_input(InputTarget::Var(f), 56, 8);
    assert_eq!(arg_specs(&k)[3], ArgSpec::Value { size: 8, elem: 8, float: true });
}

#[test]
fn predefined_ids_and_implicit_inputs() {
    let (mut k, out) = with_out("t");
    let lid = k.add_var("lid", VisaType::UW, 3, Align::Dword);
    let gc = k.add_var("gc", VisaType::UD, 3, Align::Dword);
    k.inputs.push(Input {
        target: InputTarget::Var(lid),
        offset: 64,
        size: 6,
        implicit: ImplicitKind::LOCAL_ID,
    });
    k.inputs.push(Input {
        target: InputTarget::Var(gc),
        offset: 96,
        size: 12,
        implicit: ImplicitKind::GROUP_COUNT,
    });
    let r = k.add_var("r", VisaType::UD, 8, Align::Grf);
    let r0 = k.add_alias("r0d", VisaType::UD, 8, Align::Grf, VarId::R0, 0);
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![s(VarId::GROUP_ID_X)]);
    op(&mut k, AluOp::Mov, E1, d(r, 1), vec![s(VarId::THREAD_X)]);
    op(&mut k, AluOp::Mov, E1, d(r, 2), vec![sc(lid, 1)]);
    op(&mut k, AluOp::Mov, E1, d(r, 3), vec![sc(gc, 0)]);
    op(&mut k, AluOp::Mov, E1, d(r, 4), vec![sc(r0, 1)]);
    op(&mut k, AluOp::Mov, E1, d(r, 5), vec![sc(r0, 6)]);
    // 16 bytes per thread: offset (group x * 2 + local x) owords... one oword per thread.
    op(&mut k, AluOp::Mul, E1, d(r, 6), vec![s(VarId::GROUP_ID_X), i(Imm::UD(2))]);
    op(&mut k, AluOp::Add, E1, d(r, 6), vec![sc(r, 6), s(VarId::THREAD_X)]);
    op(&mut k, AluOp::Mul, E1, d(r, 6), vec![sc(r, 6), i(Imm::UD(2))]);
    k.push(Inst::OwordSt { size: Owords::O2, surface: out, offset: sc(r, 6), src: Raw::of(r) });
    ret(&mut k);
    let mut m = surfaces(1, 256);
    let l = Launch {
        groups: [2, 3, 1],
        group_size: [2, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 0,
        step_limit: 1000,
    };
    // Groups (x, 0) write at words 8 * (2x + lx); later rows (y > 0) overwrite them.
    genxc_sim::exec::run(std::slice::from_ref(&k), &CFG, &l, &mut m).unwrap();
    let w: Vec<u32> = (24..30).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, vec![1, 1, 0, 2, 1, 2]);
}

// ---------------------------------------------------------------- threads and barriers

#[test]
fn two_threads_exchange_data_through_slm_at_a_barrier() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::UD, 4, Align::Grf);
    let off = k.add_var("off", VisaType::UD, 1, Align::Dword);
    // Each thread writes its id + 10 to SLM oword (local x), waits, reads the other's oword.
    op(&mut k, AluOp::Add, Exec::new(4), d(r, 0), vec![s(VarId::THREAD_X), i(Imm::UD(10))]);
    k.push(Inst::OwordSt {
        size: Owords::O1,
        surface: SurfaceId::SLM,
        offset: s(VarId::THREAD_X),
        src: Raw::of(r),
    });
    k.push(Inst::Fence(Fence { local: true, commit: true, ..Fence::default() }));
    k.push(Inst::Barrier);
    op(&mut k, AluOp::Xor, E1, d(off, 0), vec![s(VarId::THREAD_X), i(Imm::UD(1))]);
    k.push(Inst::OwordLd {
        size: Owords::O1,
        unaligned: false,
        surface: SurfaceId::SLM,
        offset: s(off),
        dst: Raw::of(r),
    });
    k.push(Inst::OwordSt { size: Owords::O1, surface: out, offset: s(VarId::THREAD_X), src: Raw::of(r) });
    ret(&mut k);
    let mut m = surfaces(1, 256);
    m.add("slm", BufferKind::Slm, Bytes::undefined(64));
    let l = Launch {
        groups: [1, 1, 1],
        group_size: [2, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 64,
        step_limit: 1000,
    };
    let rep = genxc_sim::exec::run(std::slice::from_ref(&k), &CFG, &l, &mut m).unwrap();
    assert_eq!(word(&m, 0, 0), Some(11));
    assert_eq!(word(&m, 0, 4), Some(10));
    assert_eq!(rep.instructions, 2 * 8);
}

// ---------------------------------------------------------------- argument binding

/// A kernel with no `.input` for its surface: it stores its one value input (4 copies) at
/// oword 0 of binding-table index 1, named by a constant as Intel's VC does.
const CONSTANT_BTI_KERNEL: &str = r#".version 4.1
.kernel "k"
.decl V_n v_type=G type=ud num_elts=1 align=dword
.decl V_o v_type=G type=ud num_elts=1 align=dword
.decl V_r v_type=G type=ud num_elts=4 align=GRF
.decl T_s v_type=T num_elts=1
.input V_n offset=64 size=4
.kernel_attr Target="cm"
.function "k_main"
    mov (M1_NM, 4) V_r(0,0)<1> V_n(0,0)<0;1,0>
    mov (M1_NM, 1) V_o(0,0)<1> 0:ud
    movs (M1_NM, 1) T_s(0) 1:ud
    oword_st (1) T_s V_o(0,0)<0;1,0> V_r.0
    ret (M1, 1)
"#;

#[test]
fn surface_arguments_without_an_input_are_skipped_in_order() {
    let k = genxc_visa::read_text(CONSTANT_BTI_KERNEL).unwrap();
    let mut m = surfaces(2, 64);
    let l = one_thread(vec![
        ArgValue::Surface(0),
        ArgValue::Surface(1),
        ArgValue::Bytes(7u32.to_le_bytes().to_vec()),
    ]);
    genxc_sim::exec::run(&k, &CFG, &l, &mut m).unwrap();
    assert_eq!((0..4).map(|j| word(&m, 1, j)).collect::<Vec<_>>(), vec![Some(7); 4]);
    assert_eq!(word(&m, 0, 0), None);
    // A value argument never stands in for a missing input: the counts must add up.
    for args in [vec![ArgValue::Bytes(vec![1; 4]), ArgValue::Bytes(vec![2; 4])], vec![ArgValue::Surface(0)]] {
        let err = genxc_sim::exec::run(&k, &CFG, &one_thread(args), &mut surfaces(2, 64)).unwrap_err();
        assert!(err.to_string().contains("explicit inputs"), "{err}");
    }
}

#[test]
fn rebinding_moves_surface_arguments_and_their_buffers() {
    use genxc_sim::launch::ArgSpec;
    let specs = [ArgSpec::Surface, ArgSpec::Surface, ArgSpec::Value { size: 4, elem: 4, float: false }];
    let (mut l, mut m) = Launch::random(&specs, 5, 0, [1, 1, 1], [1, 1, 1], 0);
    assert!(l.rebind_surfaces(&mut m, &[3]).is_err());
    assert!(l.rebind_surfaces(&mut m, &[4, 4]).is_err());
    l.rebind_surfaces(&mut m, &[1, 5]).unwrap();
    assert_eq!(&l.args[..2], &[ArgValue::Surface(1), ArgValue::Surface(5)]);
    assert_eq!((m.surface(1), m.surface(5), m.surface(0)), (Some(0), Some(1), None));
    // The kernel's store to index 1 now lands in the first argument's buffer.
    let k = genxc_visa::read_text(CONSTANT_BTI_KERNEL).unwrap();
    l.args[2] = ArgValue::Bytes(9u32.to_le_bytes().to_vec());
    let before = m.buffers[1].bytes.clone();
    genxc_sim::exec::run(&k, &CFG, &l, &mut m).unwrap();
    assert_eq!(word(&m, 0, 3), Some(9));
    assert_eq!(m.buffers[1].bytes, before);
}

// ---------------------------------------------------------------- stack calls (fcall / fret)

/// Runs the first kernel of a file (with its `.global_function`s) as one thread: the surface
/// `out` (BTI 0) first, then `x` = 0..15 as 16 x d; returns the run and the 16 words stored.
fn run_calls(text: &str) -> (Result<genxc_sim::Report, SimError>, Vec<Option<u32>>) {
    let units = read_text(text).unwrap_or_else(|e| panic!("does not read: {e}"));
    let mut m = surfaces(1, 256);
    let vals: Vec<u8> = (0..16i32).flat_map(|x| x.to_le_bytes()).collect();
    let l =
        one_thread(vec![genxc_sim::launch::ArgValue::Surface(0), genxc_sim::launch::ArgValue::Bytes(vals)]);
    let r = genxc_sim::exec::run(&units, &CFG, &l, &mut m);
    let w = (0..16).map(|j| word(&m, 0, j)).collect();
    (r, w)
}

/// A kernel with `out`, `x` (16 x d), `karg`/`kret` aliases of `%arg`/`%retval`, a result `r`,
/// running `body` then storing `r`.
fn caller(body: &str) -> String {
    format!(
        ".version 4.1
.kernel \"k\"
.decl out v_type=T num_elts=1
.decl x v_type=G type=d num_elts=16 align=GRF
.decl r v_type=G type=d num_elts=16 align=GRF
.decl karg v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl kret v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.decl p v_type=P num_elts=16
.input out offset=32 size=4
.input x offset=64 size=64
.function \"k_main\"
{body}
    oword_st (4) out 0x0:ud r.0
    ret (M1, 1)
"
    )
}

/// `twice`: retval = 2 * arg (16 x d in 2 GRFs each way), written without predicate.
const TWICE: &str = "
.global_function \"twice\"
.decl a v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl rv v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.kernel_attr ArgSize=2
.kernel_attr RetValSize=2
    mul (M1, 16) rv(0,0)<1> a(0,0)<1;1,0> 2:d
    fret (M1, 16)
";

#[test]
fn fcall_passes_arg_and_retval() {
    let text = caller(
        "    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) twice 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    assert_eq!(w, (0..16u32).map(|x| Some(2 * x)).collect::<Vec<_>>());
}

/// A predicated fcall runs the callee with the lanes that take it: the callee's unpredicated
/// write reaches only those lanes of `%retval`, the others keep the caller's value.
#[test]
fn masked_fcall_runs_the_callee_on_the_calling_lanes() {
    let text = caller(
        "    mov (M1, 16) kret(0,0)<1> -5:d
    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    cmp.lt (M1, 16) p x(0,0)<1;1,0> 6:d
    (p) fcall (M1, 16) twice 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    let want: Vec<Option<u32>> = (0..16i32).map(|x| Some(if x < 6 { 2 * x } else { -5 } as u32)).collect();
    assert_eq!(w, want);
    // Exec mask: an (M1, 8) call leaves lanes 8..15 out.
    let text = caller(
        "    mov (M1, 16) kret(0,0)<1> -5:d
    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 8) twice 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    let want: Vec<Option<u32>> = (0..16i32).map(|x| Some(if x < 8 { 2 * x } else { -5 } as u32)).collect();
    assert_eq!(w, want);
}

/// Nested calls: each function has its own variables (the caller's `t` and the kernel's `r`
/// survive a callee declaring the same names), the arguments are destroyed in the caller.
#[test]
fn nested_fcall_keeps_each_frame() {
    let text = caller(
        "    mov (M1, 16) r(0,0)<1> 1000:d
    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) outer 2 2
    add (M1, 16) r(0,0)<1> r(0,0)<1;1,0> kret(0,0)<1;1,0>",
    ) + "
.global_function \"outer\"
.decl a v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl rv v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.decl r v_type=G type=d num_elts=16 align=GRF
.kernel_attr ArgSize=2
.kernel_attr RetValSize=2
    mul (M1, 16) r(0,0)<1> a(0,0)<1;1,0> 10:d
    add (M1, 16) a(0,0)<1> a(0,0)<1;1,0> 1:d
    fcall (M1, 16) twice 2 2
    add (M1, 16) rv(0,0)<1> rv(0,0)<1;1,0> r(0,0)<1;1,0>
    fret (M1, 16)
" + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    // 1000 + (2 (x + 1) + 10 x)
    assert_eq!(w, (0..16u32).map(|x| Some(1000 + 2 * (x + 1) + 10 * x)).collect::<Vec<_>>());

    // After the call the kernel's %arg is undefined: reading it stores undefined words.
    let text = caller(
        "    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) twice 2 2
    mov (M1, 16) r(0,0)<1> karg(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    assert_eq!(w, vec![None; 16]);
}

/// Divergent recursion: `sum(a) = a + sum(a - 1)` for the lanes with `a > 0`, 0 for the others.
#[test]
fn recursive_fcall_with_divergent_depth() {
    let text = caller(
        "    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) sum 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + "
.global_function \"sum\"
.decl a v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl rv v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.decl keep v_type=G type=d num_elts=16 align=GRF
.decl p v_type=P num_elts=16
.kernel_attr ArgSize=2
.kernel_attr RetValSize=2
    mov (M1, 16) rv(0,0)<1> 0:d
    cmp.gt (M1, 16) p a(0,0)<1;1,0> 0:d
    mov (M1, 16) keep(0,0)<1> a(0,0)<1;1,0>
    add (M1, 16) a(0,0)<1> a(0,0)<1;1,0> -1:d
    (p) fcall (M1, 16) sum 2 2
    (p) add (M1, 16) rv(0,0)<1> rv(0,0)<1;1,0> keep(0,0)<1;1,0>
    fret (M1, 16)
";
    let (r, w) = run_calls(&text);
    r.unwrap();
    assert_eq!(w, (0..16u32).map(|x| Some(x * (x + 1) / 2)).collect::<Vec<_>>());
}

/// Wrong uses are errors with a message: unbounded recursion, an unknown callee, sizes that do not
/// match the callee's declaration, `ret` at the top of a function.
#[test]
fn bad_stack_calls_are_errors() {
    let forever = caller("    fcall (M1, 16) f 0 0\n    mov (M1, 16) r(0,0)<1> 0:d")
        + "
.global_function \"f\"
    fcall (M1, 16) f 0 0
    fret (M1, 16)
";
    let e = run_calls(&forever).0.expect_err("unbounded recursion");
    assert!(e.to_string().contains("nested"), "{e}");
    let unknown = caller("    fcall (M1, 16) nowhere 0 0\n    mov (M1, 16) r(0,0)<1> 0:d");
    let e = run_calls(&unknown).0.expect_err("unknown callee");
    assert!(e.to_string().contains("nowhere"), "{e}");
    let sizes = caller("    fcall (M1, 16) twice 1 2\n    mov (M1, 16) r(0,0)<1> 0:d") + TWICE;
    let e = run_calls(&sizes).0.expect_err("size mismatch");
    assert!(e.to_string().contains("ArgSize=2"), "{e}");
    let top_ret = caller("    fcall (M1, 16) g 0 0\n    mov (M1, 16) r(0,0)<1> 0:d")
        + "
.global_function \"g\"
    ret (M1, 1)
";
    let e = run_calls(&top_ret).0.expect_err("ret in a function");
    assert!(e.to_string().contains("fret"), "{e}");
}

// ---------------------------------------------------------------- sampler

use genxc_sim::image::{AddressMode, Filter, ImageFormat, SamplerState};

/// The test image: 4 x 2 texels of 4 bytes, rows 16 bytes apart.
const IMG_W: u32 = 4;

/// Sentinel a sampler destination holds before the message (disabled lanes keep it).
const KEEP: u32 = 0xDEAD;

/// A kernel with `out` (bti 0), the image `img` (bti 1) and the sampler `smp` (index 2) as
/// inputs; `u` and `v` (8 lanes of `coord`) take the per-lane coordinates, `dst` (4 GRFs, all
/// `KEEP`) the result, which is stored to `out`. `inst` builds the sampler message.
fn sampler_run(
    coord: VisaType,
    coords: &[(Imm, Imm)],
    image: (ImageFormat, &[u32]),
    state: SamplerState,
    inst: impl FnOnce(&mut Kernel, SurfaceId, SamplerId, Raw, Raw, Raw),
) -> (Result<genxc_sim::Report, SimError>, Vec<Option<u32>>) {
    let (mut k, out) = with_out("t");
    let img = k.add_surface("img");
    let smp = k.add_sampler("smp");
    k.add_input(InputTarget::Surface(img), 36, 4);
    k.add_input(InputTarget::Sampler(smp), 40, 4);
    let u = k.add_var("u", coord, 8, Align::Grf);
    let v = k.add_var("v", coord, 8, Align::Grf);
    let dst = k.add_var("dst", VisaType::UD, 32, Align::Grf);
    for row in 0..4 {
        op(&mut k, AluOp::Mov, E8, ds(dst, row, 0, 1), vec![i(Imm::UD(KEEP))]);
    }
    for (j, (x, y)) in coords.iter().enumerate() {
        op(&mut k, AluOp::Mov, E1, d(u, j as u8), vec![i(*x)]);
        op(&mut k, AluOp::Mov, E1, d(v, j as u8), vec![i(*y)]);
    }
    inst(&mut k, img, smp, Raw::of(u), Raw::of(v), Raw::of(dst));
    ost(&mut k, Owords::O8, out, 0, dst);
    ret(&mut k);
    let mut m = surfaces(1, 256);
    let bytes: Vec<u8> = image.1.iter().flat_map(|x| x.to_le_bytes()).collect();
    let h = image.1.len() as u32 / IMG_W;
    let id = m.add(
        "img",
        BufferKind::Surface { bti: 1, width: IMG_W * 4, height: h, pitch: IMG_W * 4 },
        Bytes::defined(bytes),
    );
    m.set_image_format(id, image.0);
    m.set_sampler_state(2, state);
    let args = vec![ArgValue::Surface(0), ArgValue::Surface(1), ArgValue::Sampler(2)];
    let r = run_with(&k, &mut m, args);
    let w = (0..32).map(|j| word(&m, 0, j)).collect();
    (r, w)
}

/// Row 0: 1 2 3 4, row 1: 5 6 7 8 (R32_FLOAT).
fn float_image() -> Vec<u32> {
    (1..=8).map(|x| (x as f32).to_bits()).collect()
}

fn load(channels: Channels) -> impl FnOnce(&mut Kernel, SurfaceId, SamplerId, Raw, Raw, Raw) {
    move |k, img, _, u, v, dst| {
        k.push(Inst::Load { channels, exec: E8, surface: img, u, v, r: Raw::NULL, dst });
    }
}

fn sample(channels: Channels) -> impl FnOnce(&mut Kernel, SurfaceId, SamplerId, Raw, Raw, Raw) {
    move |k, img, smp, u, v, dst| {
        k.push(Inst::Sample { channels, exec: E8, sampler: smp, surface: img, u, v, r: Raw::NULL, dst });
    }
}

fn ints(c: &[(i32, i32)]) -> Vec<(Imm, Imm)> {
    c.iter().map(|&(x, y)| (Imm::D(x), Imm::D(y))).collect()
}

fn floats(c: &[(f32, f32)]) -> Vec<(Imm, Imm)> {
    c.iter().map(|&(x, y)| (Imm::F(x), Imm::F(y))).collect()
}

/// The `n`-th GRF block (8 lanes) of a result, as floats.
fn block_f(w: &[Option<u32>], n: usize) -> Vec<f32> {
    w[n * 8..n * 8 + 8].iter().map(|x| f32::from_bits(x.expect("defined"))).collect()
}

#[test]
fn load_reads_texels_and_zero_out_of_range() {
    let coords = ints(&[(0, 0), (3, 0), (1, 1), (3, 1), (4, 0), (-1, 0), (0, 2), (2, 1)]);
    let (r, w) = sampler_run(
        VisaType::D,
        &coords,
        (ImageFormat::R32Float, &float_image()),
        SamplerState::default(),
        load(Channels::RGBA),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![1.0, 4.0, 6.0, 8.0, 0.0, 0.0, 0.0, 7.0]);
    // R32_FLOAT has no G, B (0) nor A (1); out of range every channel is 0.
    assert_eq!(block_f(&w, 1), vec![0.0; 8]);
    assert_eq!(block_f(&w, 2), vec![0.0; 8]);
    assert_eq!(block_f(&w, 3), vec![1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn load_channel_masks_and_formats() {
    // RGBA8_UNORM: R in the low byte. `.GA` returns two blocks, G then A.
    let texels: Vec<u32> = (0..8).map(|x| 0x40_80_ff_00 + x).collect();
    let coords = ints(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)]);
    let ga = Channels { r: false, g: true, b: false, a: true };
    let (r, w) = sampler_run(
        VisaType::D,
        &coords,
        (ImageFormat::Rgba8Unorm, &texels),
        SamplerState::default(),
        load(ga),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![1.0; 8]);
    assert_eq!(block_f(&w, 1), vec![64.0 / 255.0; 8]);
    // The blocks of channels not asked for are not written.
    assert!(w[16..].iter().all(|x| *x == Some(KEEP)));
    // `.RB` of R32_UINT: the integers themselves, B = 0.
    let rb = Channels { r: true, g: false, b: true, a: false };
    let texels: Vec<u32> = (0..8).map(|x| 1000 + x).collect();
    let (r, w) =
        sampler_run(VisaType::D, &coords, (ImageFormat::R32Uint, &texels), SamplerState::default(), load(rb));
    r.unwrap();
    assert_eq!(w[..8], (1000..1008).map(Some).collect::<Vec<_>>()[..]);
    assert_eq!(w[8..16], [Some(0); 8]);
}

#[test]
fn sampler_messages_leave_disabled_lanes_alone() {
    // Lanes 0..3 jump over the load (goto), lanes 4..7 run it.
    let coords = ints(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)]);
    let (r, w) = sampler_run(
        VisaType::D,
        &coords,
        (ImageFormat::R32Float, &float_image()),
        SamplerState::default(),
        |k, img, _, u, v, dst| {
            let p = k.add_pred("p", 8);
            let skip = k.add_label("SKIP");
            k.push(Inst::Setp { exec: E8, dst: p, src: i(Imm::UW(0x0f)) });
            k.push(Inst::Goto { pred: Some(Pred::on(p)), exec: E8, target: skip });
            k.push(Inst::Load { channels: Channels::R, exec: E8, surface: img, u, v, r: Raw::NULL, dst });
            k.push(Inst::Label(skip));
        },
    );
    r.unwrap();
    let want: Vec<Option<u32>> = [KEEP, KEEP, KEEP, KEEP]
        .into_iter()
        .chain([5.0f32, 6.0, 7.0, 8.0].map(f32::to_bits))
        .map(Some)
        .collect();
    assert_eq!(w[..8], want[..]);
}

fn run_sample(state: SamplerState, coords: &[(f32, f32)]) -> Vec<f32> {
    let (r, w) = sampler_run(
        VisaType::F,
        &floats(coords),
        (ImageFormat::R32Float, &float_image()),
        state,
        sample(Channels::R),
    );
    r.unwrap();
    block_f(&w, 0)
}

#[test]
fn sample_nearest_clamps_or_wraps_at_the_edges() {
    let coords = [
        (0.1, 0.25),
        (0.99, 0.25),
        (1.5, 0.25),
        (-0.2, 0.25),
        (0.3, 0.75),
        (0.6, 1.7),
        (1.1, 0.25),
        (-0.1, -0.3),
    ];
    let clamp = SamplerState { filter: Filter::Nearest, address: AddressMode::Clamp };
    // x = floor(u * 4), y = floor(v * 2), clamped to the image.
    assert_eq!(run_sample(clamp, &coords), vec![1.0, 4.0, 4.0, 1.0, 6.0, 7.0, 4.0, 1.0]);
    let wrap = SamplerState { filter: Filter::Nearest, address: AddressMode::Wrap };
    // 1.5 * 4 = 6 -> 2; -0.8 -> -1 -> 3; 1.7 * 2 = 3.4 -> 3 -> 1; 4.4 -> 0; (-0.4, -0.6) -> (3, 1).
    assert_eq!(run_sample(wrap, &coords), vec![1.0, 4.0, 3.0, 4.0, 6.0, 7.0, 1.0, 8.0]);
}

#[test]
fn sample_linear_blends_texel_centres_with_clamp_or_wrap() {
    // x = u * 4 - 0.5, y = v * 2 - 0.5; weights are the fractions of x and y.
    let coords = [
        (0.25, 0.25),
        (0.5, 0.5),
        (0.0, 0.25),
        (1.0, 0.25),
        (0.375, 0.0),
        (0.375, 1.0),
        (0.125, 0.25),
        (0.4375, 0.5),
    ];
    let clamp = SamplerState { filter: Filter::Linear, address: AddressMode::Clamp };
    // (0.5, 0): 1.5; (1.5, 0.5): (2+3+6+7)/4; (-0.5, 0): texel 0 twice; (3.5, 0): texel 3 twice;
    // (1, -0.5): row 0 twice; (1, 1.5): row 1 twice; (0, 0): exactly texel 0;
    // (1.25, 0.5): 0.75 * (2+6)/2 + 0.25 * (3+7)/2.
    assert_eq!(run_sample(clamp, &coords), vec![1.5, 4.5, 1.0, 4.0, 2.0, 6.0, 1.0, 4.25]);
    let wrap = SamplerState { filter: Filter::Linear, address: AddressMode::Wrap };
    // At the edges the other side comes in: (4 + 1) / 2, (2 + 6) / 2.
    assert_eq!(run_sample(wrap, &coords), vec![1.5, 4.5, 2.5, 2.5, 4.0, 4.0, 1.0, 4.25]);
}

#[test]
fn sample_returns_missing_channels_and_converts_unorm8() {
    // RGBA8_UNORM, linear: halfway between 0x00000000 and 0xff00ff00 on row 0 (R = 0 both).
    let texels = [0, 0xff00_ff00, 0, 0xff00_ff00, 0, 0, 0, 0];
    let state = SamplerState { filter: Filter::Linear, address: AddressMode::Clamp };
    let (r, w) = sampler_run(
        VisaType::F,
        &floats(&[(0.25, 0.25); 8]),
        (ImageFormat::Rgba8Unorm, &texels),
        state,
        sample(Channels::RGBA),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![0.0; 8]);
    assert_eq!(block_f(&w, 1), vec![0.5; 8]);
    assert_eq!(block_f(&w, 2), vec![0.0; 8]);
    assert_eq!(block_f(&w, 3), vec![0.5; 8]);
    // R32_FLOAT sampled: G = B = 0, A = 1.
    let (r, w) = sampler_run(
        VisaType::F,
        &floats(&[(0.1, 0.1); 8]),
        (ImageFormat::R32Float, &float_image()),
        SamplerState::default(),
        sample(Channels { r: false, g: true, b: false, a: true }),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![0.0; 8]);
    assert_eq!(block_f(&w, 1), vec![1.0; 8]);
}

#[test]
fn sample_of_an_integer_format_is_not_modeled() {
    let (r, _) = sampler_run(
        VisaType::F,
        &floats(&[(0.1, 0.1); 8]),
        (ImageFormat::R32Uint, &[0; 8]),
        SamplerState::default(),
        sample(Channels::R),
    );
    assert!(matches!(r, Err(SimError::NotModeled(ref s)) if s.contains("integer")), "{r:?}");
}

/// A sampler variable set with `movs` samples with the state of the index it was set to: index 2
/// (wrap, set by the launch) or 5 (no state: nearest, clamped).
#[test]
fn movs_sets_the_sampler_index_a_sample_uses() {
    let coords = floats(&[
        (1.5, 0.25),
        (-0.2, 0.25),
        (0.1, 0.25),
        (0.99, 0.25),
        (0.3, 0.75),
        (0.6, 0.75),
        (0.1, 0.75),
        (0.5, 0.25),
    ]);
    let wrap = SamplerState { filter: Filter::Nearest, address: AddressMode::Wrap };
    let through = |index: u32| {
        let (r, w) = sampler_run(
            VisaType::F,
            &coords,
            (ImageFormat::R32Float, &float_image()),
            wrap,
            move |k, img, _, u, v, dst| {
                let other = k.add_sampler("other");
                k.push(Inst::MovsSampler { exec: Exec::nm(1), dst: other, src: i(Imm::UD(index)) });
                k.push(Inst::Sample {
                    channels: Channels::RGBA,
                    exec: E8,
                    sampler: other,
                    surface: img,
                    u,
                    v,
                    r: Raw::NULL,
                    dst,
                });
            },
        );
        r.unwrap();
        block_f(&w, 0)
    };
    // wrap: 1.5 * 4 = 6 -> 2 (3.0), -0.8 -> 3 (4.0); clamp: 6 -> 3 (4.0), -0.8 -> 0 (1.0)
    assert_eq!(through(2), vec![3.0, 4.0, 1.0, 4.0, 6.0, 7.0, 5.0, 3.0]);
    assert_eq!(through(5), vec![4.0, 1.0, 1.0, 4.0, 6.0, 7.0, 5.0, 3.0]);
}

#[test]
fn same_size_integer_moves_copy_definedness_byte_by_byte() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let rb = k.add_alias("rb", VisaType::UB, 32, Align::Grf, r, 0);
    let t = k.add_var("t", VisaType::D, 8, Align::Grf);
    let u = k.add_var("u", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(t, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, E8, d(u, 0), vec![i(Imm::D(0))]);
    // bytes 0 and 2 of r's first dword written, 1 and 3 not
    op(&mut k, AluOp::Mov, E1, d(rb, 0), vec![i(Imm::UW(0x11))]);
    op(&mut k, AluOp::Mov, E1, d(rb, 2), vec![i(Imm::UW(0x33))]);
    // a dword copy keeps the written bytes; an add reads the value whole
    op(&mut k, AluOp::Mov, E1, d(t, 0), vec![rg(r, 0, 0, 0, 1, 0)]);
    op(&mut k, AluOp::Add, E1, d(u, 0), vec![rg(r, 0, 0, 0, 1, 0), i(Imm::D(0))]);
    ost(&mut k, Owords::O2, out, 0, t);
    ost(&mut k, Owords::O2, out, 32, u);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let bytes = &m.buffers[0].bytes;
    assert_eq!(bytes.get(0, 1), (0x11, true));
    assert!(!bytes.get(1, 1).1 && !bytes.get(3, 1).1);
    assert_eq!(bytes.get(2, 1), (0x33, true));
    assert_eq!(word(&m, 0, 8), None);
}
