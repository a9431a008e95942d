//! The unit tests of the emulation sequences: each [`Prog`] run by [`run`] against Rust's own
//! 64-bit, division, conversion and `frem` arithmetic, on edge values and random inputs.

use super::division::udiv_long_into;
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
    let edges =
        [2f64.powi(63), 2f64.powi(64), 2f64.powi(53), 2f64.powi(32), 1.0, 0.5, 0.0, f64::INFINITY, f64::NAN];
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
        prop_assert_eq!(got.to_bits(), want.to_bits(), "{:e} frem {:e}: {:e}, want {:e}", x, y, got, want);
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
    let tiny = [f32::from_bits(1), f32::from_bits(3), f32::from_bits(0x7f_ffff), f32::MIN_POSITIVE, 1.0e-30];
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
