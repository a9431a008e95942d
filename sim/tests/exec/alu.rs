//! ALU semantics: integer operations (wrapping, saturation, products, division, shifts, bit
//! operations) and floats (conversions, rounding, saturation, the shared precision model, min/max).

use super::*;

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
