//! The hand-written vISA samples of `tests/data/visa-samples/` (checked with Intel's `GenX_IR`),
//! run in the executor on chosen inputs; every output byte is compared with a value computed here
//! by plain Rust arithmetic on the inputs, following the vISA semantics (not the executor's code).
//! Each sample runs with the register width of the platforms `GenX_IR` accepts it on (32-byte
//! GRFs: SKL..DG2; 64-byte: PVC).
//!
//! Refused on purpose, and checked to be refused with a message:
//! - `19_typed`: typed accesses of channels other than R are not modeled (executor);
//! - `21_raw_send`: raw sends are not modeled (their meaning is the descriptor) (executor);
//! - `01_int_arith` as written stores 8 owords (128 bytes) of the 64-byte variable `r`, reading
//!   past the variable: a fault. Its arithmetic is checked on a copy that stores 4 owords (and the
//!   carry chain's results, which the sample computes but never stores).
//!
//! Semantics the samples leave open and the inputs avoid: `(!P.all)` with a predicate that is
//! partly set (inversion before or after the reduction); the neighbour slot of `20_slm_barrier_fence`
//! (every thread of a launch gets the same `tid` argument, so the slot read is never written).
//!
//! The malformed inputs of `tests/data/visa-samples/malformed/` are each refused by the reader or
//! the executor with a message, or (the few that are valid vISA `GenX_IR` accepts) run to the value
//! the vISA semantics give; none panics.

use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Memory};
use genxc_sim::{Report, SimError};
use genxc_visa::{read_text, Kernel};

macro_rules! sample {
    ($name:literal) => {
        include_str!(concat!("data/visa-samples/", $name, ".visaasm"))
    };
}

/// Both register widths.
const BOTH: [u32; 2] = [32, 64];

fn kernels(text: &str) -> Vec<Kernel> {
    read_text(text).unwrap_or_else(|e| panic!("the sample does not read: {e}"))
}

/// Runs the first kernel of `text` as one thread with `args`; adds `slm` bytes of shared local
/// memory (undefined) when non-zero.
fn run(text: &str, grf: u32, args: Vec<ArgValue>, mem: &mut Memory, slm: u32) -> Result<Report, SimError> {
    let ks = kernels(text);
    if slm > 0 {
        mem.add("slm", BufferKind::Slm, Bytes::undefined(slm as usize));
    }
    let launch =
        Launch { groups: [1, 1, 1], group_size: [1, 1, 1], args, slm_size: slm, step_limit: 100_000 };
    exec::run(&ks, &Config { grf_bytes: grf, bti_base: 0 }, &launch, mem)
}

/// Runs and expects success.
fn run_ok(text: &str, grf: u32, args: Vec<ArgValue>, mem: &mut Memory, slm: u32) {
    if let Err(e) = run(text, grf, args, mem, slm) {
        panic!("grf {grf}: {e}");
    }
}

/// Adds a surface at `bti` holding `data` (2D view: rows of `pitch` bytes); returns its buffer.
fn surface(mem: &mut Memory, bti: u32, data: Vec<u8>, pitch: u32) -> usize {
    let height = data.len() as u32 / pitch;
    mem.add(
        format!("bti {bti}"),
        BufferKind::Surface { bti, width: pitch, height, pitch },
        Bytes::defined(data),
    )
}

/// A surface of `bytes` undefined bytes at `bti` (an output buffer).
fn out_surface(mem: &mut Memory, bti: u32, bytes: usize) -> usize {
    mem.add(
        format!("bti {bti}"),
        BufferKind::Surface { bti, width: 64, height: bytes as u32 / 64, pitch: 64 },
        Bytes::undefined(bytes),
    )
}

fn le32<T: Copy>(v: &[T], f: impl Fn(T) -> u32) -> Vec<u8> {
    v.iter().flat_map(|&x| f(x).to_le_bytes()).collect()
}
fn bytes_i32(v: &[i32]) -> Vec<u8> {
    le32(v, |x| x as u32)
}
fn bytes_f32(v: &[f32]) -> Vec<u8> {
    le32(v, f32::to_bits)
}

/// `n` bytes at `at` of a buffer, `None` when undefined.
fn val(m: &Memory, buf: usize, at: usize, n: usize) -> Option<u64> {
    let (v, def) = m.buffers[buf].bytes.get(at, n);
    def.then_some(v)
}
/// `n` u32 from byte `at`.
fn u32s(m: &Memory, buf: usize, at: usize, n: usize) -> Vec<Option<u32>> {
    (0..n).map(|j| val(m, buf, at + 4 * j, 4).map(|v| v as u32)).collect()
}
fn i32s(m: &Memory, buf: usize, at: usize, n: usize) -> Vec<Option<i32>> {
    u32s(m, buf, at, n).into_iter().map(|v| v.map(|x| x as i32)).collect()
}
fn f32s(m: &Memory, buf: usize, at: usize, n: usize) -> Vec<Option<f32>> {
    u32s(m, buf, at, n).into_iter().map(|v| v.map(f32::from_bits)).collect()
}
fn some<T: Copy>(v: &[T]) -> Vec<Option<T>> {
    v.iter().map(|&x| Some(x)).collect()
}

/// Float results the executor computes in `f64` and rounds once (the math functions) may differ
/// from this file's `f32`/`f64` library calls in the last place: `ulps` apart is accepted.
fn assert_close(got: &[Option<f32>], want: &[f32], ulps: u32, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let g = g.unwrap_or_else(|| panic!("{what}[{i}] undefined"));
        let ok = g.to_bits() == w.to_bits()
            || (g.is_nan() && w.is_nan())
            || (g.is_sign_negative() == w.is_sign_negative() && g.to_bits().abs_diff(w.to_bits()) <= ulps);
        assert!(ok, "{what}[{i}]: got {g:e}, want {w:e}");
    }
}

fn expect_err(r: Result<Report, SimError>, needle: &str) -> String {
    match r {
        Ok(_) => panic!("expected an error containing '{needle}'"),
        Err(e) => {
            let s = e.to_string();
            assert!(s.contains(needle), "'{s}' does not contain '{needle}'");
            s
        }
    }
}

// ------------------------------------------------------------------------------ 01 int arith

const A01: [i32; 16] = [
    0,
    1,
    -1,
    7,
    -7,
    123_456_789,
    -987_654_321,
    i32::MAX,
    i32::MIN,
    0x5555_5555,
    -0x2AAA_AAAB,
    100,
    -100,
    65536,
    3,
    -35,
];
const B01: [i32; 16] =
    [5, -3, i32::MAX, -2, 9, 1000, -1000, 2, 3, -0x1000_0000, 77, i32::MIN, 12345, 65536, -1, 8];

/// `r`, `u` and `cy` of 01 for one lane.
fn int_arith(a: i32, b: i32) -> (i32, u32, u32) {
    let t = a.wrapping_add(b).wrapping_add(b.wrapping_neg());
    let r = t.wrapping_mul(3);
    let r = a.wrapping_mul(b).wrapping_add(r);
    let t = ((i64::from(a) * i64::from(b)) >> 32) as i32;
    let t = ((i64::from(t) + i64::from(r) + 1) >> 1) as i32;
    let r = r / 7;
    let t = t % 5;
    let r = r.min(t).max(-100);
    let t = !(((r & 0xff) | 0x100) ^ a);
    let t = t.wrapping_shl(2);
    let r = r >> 1;
    let (ua, ub) = (a as u32, b as u32);
    let (u, _) = ua.overflowing_add(ub);
    let (u, borrow) = u.overflowing_sub(ub);
    let u = u.count_ones();
    // fbh on ud: the first 1 bit counted from the MSB, all ones when there is none.
    let u = if u == 0 { u32::MAX } else { u.leading_zeros() };
    let u = u.reverse_bits().leading_zeros();
    (r.wrapping_add(t), u, u32::from(borrow))
}

#[test]
fn s01_int_arith_as_written_reads_past_its_variable() {
    let mut m = Memory::default();
    let out = out_surface(&mut m, 0, 256);
    let args = vec![ArgValue::Bytes(bytes_i32(&A01)), ArgValue::Bytes(bytes_i32(&B01)), ArgValue::Surface(0)];
    let e = expect_err(run(sample!("01_int_arith"), 32, args, &mut m, 0), "of r (64 bytes)");
    assert!(e.starts_with("fault:"), "{e}");
    assert_eq!(val(&m, out, 0, 4), None, "nothing stored");
}

#[test]
fn s01_int_arith() {
    let text = sample!("01_int_arith").replace(
        "oword_st (8) out 0x0:ud r.0",
        "oword_st (4) out 0x0:ud r.0\n    oword_st (4) out 0x4:ud u.0\n    oword_st (4) out 0x8:ud cy.0",
    );
    // SKL, ICLLP, TGLLP (no integer divide on DG2 and PVC).
    let mut m = Memory::default();
    let out = out_surface(&mut m, 0, 256);
    let args = vec![ArgValue::Bytes(bytes_i32(&A01)), ArgValue::Bytes(bytes_i32(&B01)), ArgValue::Surface(0)];
    run_ok(&text, 32, args, &mut m, 0);
    let want: Vec<_> = A01.iter().zip(B01).map(|(&a, b)| int_arith(a, b)).collect();
    assert_eq!(i32s(&m, out, 0, 16), some(&want.iter().map(|w| w.0).collect::<Vec<_>>()));
    assert_eq!(u32s(&m, out, 64, 16), some(&want.iter().map(|w| w.1).collect::<Vec<_>>()));
    assert_eq!(u32s(&m, out, 128, 16), some(&want.iter().map(|w| w.2).collect::<Vec<_>>()));
}

// ------------------------------------------------------------------------------ 02 regions

#[test]
fn s02_regions() {
    let mv: Vec<i32> = (0..32u32).map(|j| j.wrapping_mul(0x9E37_79B9) as i32).collect();
    let s = -3i32;
    let lo = |x: i32| x as u16;
    let hi = |x: i32| (x as u32 >> 16) as u16;
    // r: the 16 sums times s, then the sign-extended even words of rw.
    let mut rw: Vec<Option<u16>> = vec![None; 32];
    for j in 0..16 {
        rw[2 * j] = Some(lo(mv[j]));
    }
    rw[1] = Some(hi(mv[17]));
    for k in 0..8 {
        rw[16 + k] = Some((-8 + k as i16) as u16);
    }
    let mut r: Vec<Option<i32>> =
        (0..16).map(|j| Some((mv[j] + 1).wrapping_add(mv[16 + j]).wrapping_mul(s))).collect();
    r.extend((0..16).map(|j| rw[2 * j].map(|w| i32::from(w as i16))));
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args = vec![
            ArgValue::Bytes(bytes_i32(&mv)),
            ArgValue::Bytes(s.to_le_bytes().to_vec()),
            ArgValue::Surface(0),
        ];
        run_ok(sample!("02_regions"), grf, args, &mut m, 0);
        assert_eq!(i32s(&m, out, 0, 32), r, "grf {grf}: r");
        let got: Vec<_> = (0..32).map(|j| val(&m, out, 128 + 2 * j, 2).map(|v| v as u16)).collect();
        assert_eq!(got, rw, "grf {grf}: rw (odd words the sample never writes stay undefined)");
    }
}

// ------------------------------------------------------------------------------ 03 indirect

#[test]
fn s03_indirect() {
    let tbl: Vec<i32> = (0..32).map(|j| 1000 + 11 * j).collect();
    let k = 8usize; // byte offset
    let mut t = tbl.clone();
    let mut r: Vec<Option<i32>> = vec![None; 32];
    for i in 0..8 {
        r[i] = Some(t[k / 4 + i]);
    }
    // &tbl[8] + k + 16 bytes, region <4;2,1>.
    let base = (8 + k + 16) / 4;
    for i in 0..8 {
        r[8 + i] = Some(t[base + (i / 2) * 4 + i % 2] + 1);
    }
    // Indirect destination at &tbl + k + 32 bytes.
    for i in 0..8 {
        t[(k + 32) / 4 + i] = r[i].unwrap();
    }
    // One address per lane: &tbl + 8 * i.
    for i in 0..8 {
        r[16 + i] = Some(t[2 * i]);
    }
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args = vec![
            ArgValue::Bytes(bytes_i32(&tbl)),
            ArgValue::Bytes((k as u16).to_le_bytes().to_vec()),
            ArgValue::Surface(0),
        ];
        run_ok(sample!("03_indirect"), grf, args, &mut m, 0);
        assert_eq!(i32s(&m, out, 0, 32), r, "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 04 predication

fn predication(x: &[f32; 32]) -> (Vec<Option<f32>>, Vec<i32>) {
    let p1: Vec<bool> = x[..16].iter().map(|&v| v < 0.0).collect();
    let p2: Vec<bool> = x[..16].iter().map(|&v| v > 10.0).collect();
    let mut y: Vec<Option<f32>> = vec![None; 32];
    for i in 0..16 {
        let v = if p1[i] { -x[i] } else { x[i] };
        y[i] = Some(if p2[i] { 10.0 } else { v });
    }
    let p3: Vec<bool> = (0..16).map(|i| !(p1[i] || p2[i])).collect();
    let (any, all) = (p3.iter().any(|&b| b), p3.iter().all(|&b| b));
    assert!(all || !any, "inputs with a partly set P3 leave (!P3.all) open");
    for v in y.iter_mut().take(16) {
        let mut f = v.unwrap();
        if any {
            f += 1.0;
        }
        if !all {
            f += -0.5;
        }
        *v = Some(f);
    }
    let m = (0..16).map(|i| if Some(x[i]) == y[i] { -1 } else { 0 }).collect();
    for i in 0..32 {
        if x[i] >= 1.0 {
            y[i] = Some(0.0);
        }
    }
    (y, m)
}

#[test]
fn s04_predication() {
    let all_in: [f32; 32] = [
        0.0, 0.5, 1.0, 2.0, 3.5, 4.0, 5.25, 6.0, 7.0, 8.0, 9.0, 9.5, 10.0, 0.25, 1.5, 0.75, //
        0.5, 1.0, 2.0, -3.0, 20.0, 0.0, 0.99, 1.01, -1.0, 5.0, 6.0, -7.0, 0.125, 100.0, 1.0, 0.0,
    ];
    let none_in: [f32; 32] = [
        -1.0, -2.5, 11.0, 12.25, -100.0, 50.0, -0.5, 10.5, -9.0, 33.0, -0.25, 10.125, -4.0, 64.0, -64.0,
        11.5, //
        2.0, -2.0, 0.5, 1.5, 3.0, -3.0, 0.0, 1.0, 8.0, -8.0, 0.25, 4.0, 7.0, -7.0, 9.0, 0.75,
    ];
    for x in [all_in, none_in] {
        let (y, mv) = predication(&x);
        for grf in BOTH {
            let mut m = Memory::default();
            let out = out_surface(&mut m, 0, 256);
            let args =
                vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Bytes(vec![0x5a, 0xa5]), ArgValue::Surface(0)];
            run_ok(sample!("04_predication"), grf, args, &mut m, 0);
            assert_eq!(f32s(&m, out, 0, 32), y, "grf {grf}: y");
            assert_eq!(i32s(&m, out, 128, 16), some(&mv), "grf {grf}: m");
        }
    }
}

// ------------------------------------------------------------------------------ 05 goto

#[test]
fn s05_simd_cf_goto() {
    let v: [i32; 16] = [0, 1, -1, 50, 100, 101, 1000, -1000, 7, -7, i32::MIN, i32::MAX, 99, -100, 2, 64];
    let want: Vec<i32> = v
        .iter()
        .map(|&x| {
            if x > 0 {
                if x > 100 {
                    100
                } else {
                    x.wrapping_mul(2)
                }
            } else {
                x.wrapping_neg()
            }
        })
        .collect();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        run_ok(
            sample!("05_simd_cf_goto"),
            grf,
            vec![ArgValue::Bytes(bytes_i32(&v)), ArgValue::Surface(0)],
            &mut m,
            0,
        );
        assert_eq!(i32s(&m, out, 0, 16), some(&want), "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 06 loops

#[test]
fn s06_loops() {
    let cnt: [i32; 16] = [3, 1, 0, -2, 10, 5, 2, 7, -100, 4, 6, 8, 9, 1, 2, 3];
    for n in [0i32, 1, 5] {
        // Uniform loop: sum of 0..n; do-while: at least one trip, then while cnt > 0.
        let want: Vec<i32> = cnt.iter().map(|&c| n * (n - 1).max(0) / 2 + 3 * c.max(1)).collect();
        for grf in BOTH {
            let mut m = Memory::default();
            let out = out_surface(&mut m, 0, 256);
            let args = vec![
                ArgValue::Bytes(bytes_i32(&cnt)),
                ArgValue::Bytes(n.to_le_bytes().to_vec()),
                ArgValue::Surface(0),
            ];
            run_ok(sample!("06_loops"), grf, args, &mut m, 0);
            assert_eq!(i32s(&m, out, 0, 16), some(&want), "grf {grf}, n {n}");
        }
    }
}

// ------------------------------------------------------------------------------ 07 switchjmp

#[test]
fn s07_switchjmp() {
    let acc: Vec<i32> = (0..16).map(|i| 10 * i - 50).collect();
    // SKL, ICLLP (32-byte GRFs) and PVC.
    for grf in BOTH {
        for (sel, add) in [(0u8, 1000), (1, 2000), (2, 3000)] {
            let mut m = Memory::default();
            let out = out_surface(&mut m, 0, 256);
            let args =
                vec![ArgValue::Bytes(bytes_i32(&acc)), ArgValue::Bytes(vec![sel]), ArgValue::Surface(0)];
            run_ok(sample!("07_switchjmp"), grf, args, &mut m, 0);
            let want: Vec<i32> = acc.iter().map(|a| a + add).collect();
            assert_eq!(i32s(&m, out, 0, 16), some(&want), "grf {grf}, case {sel}");
        }
        let mut m = Memory::default();
        out_surface(&mut m, 0, 256);
        let args = vec![ArgValue::Bytes(bytes_i32(&acc)), ArgValue::Bytes(vec![3]), ArgValue::Surface(0)];
        expect_err(
            run(sample!("07_switchjmp"), grf, args, &mut m, 0),
            "switchjmp index 3 outside its 3 targets",
        );
    }
}

// ------------------------------------------------------------------------------ 08 subroutine

#[test]
fn s08_subroutine() {
    let x: [f32; 16] =
        [0.5, -1.5, 2.0, -2.0, 3.0, 1.0, 0.0, -3.25, 2.5, -0.5, 2.125, 1.75, -2.25, 4.0, -4.0, 1.5];
    let want: Vec<f32> = x.iter().map(|&v| if v * v > 4.0 { (v * v) * (v * v) } else { v * v }).collect();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        run_ok(
            sample!("08_subroutine"),
            grf,
            vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Surface(0)],
            &mut m,
            0,
        );
        assert_eq!(f32s(&m, out, 0, 16), some(&want), "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 09 fcall

/// The kernel passes `x` in `%arg`, the function `poly` returns `3a^2 + 2a + 1` in `%retval`
/// (two `mad`s: `(3a + 2) a + 1`; the inputs keep every step exact in `f32`).
#[test]
fn s09_fcall() {
    let x: [f32; 16] =
        [0.0, 1.0, -1.0, 2.0, 0.5, -0.5, 3.0, -2.0, 1.5, 4.0, -4.0, 0.25, 10.0, -10.0, 2.5, -3.0];
    let want: Vec<f32> = x.iter().map(|&a| 3.0 * a * a + 2.0 * a + 1.0).collect();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 64);
        run_ok(
            sample!("09_fcall"),
            grf,
            vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Surface(0)],
            &mut m,
            0,
        );
        assert_eq!(f32s(&m, out, 0, 16), some(&want), "grf {grf}");
    }
}

/// The same call through a function pointer: `faddr poly` then `ifcall` through the address.
#[test]
fn s09_fcall_through_faddr_and_ifcall() {
    let text = sample!("09_fcall")
        .replace(
            ".decl out    v_type=T num_elts=1",
            ".decl out    v_type=T num_elts=1\n.decl fp     v_type=G type=uq num_elts=1 align=qword",
        )
        .replace(
            "    fcall (M1, 16) poly 2 2",
            "    faddr poly fp(0,0)<1>\n    ifcall (M1, 16) fp(0,0)<0;1,0> 2 2",
        );
    assert!(text.contains("ifcall"));
    let x: [f32; 16] = [1.0; 16];
    let mut m = Memory::default();
    let out = out_surface(&mut m, 0, 64);
    run_ok(&text, 32, vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Surface(0)], &mut m, 0);
    assert_eq!(f32s(&m, out, 0, 16), some(&[6.0; 16]));
    // the address of a function the file does not hold is the linker's: not modeled
    let ext = text.replace("faddr poly", "faddr elsewhere");
    let mut m = Memory::default();
    out_surface(&mut m, 0, 64);
    let e = run(&ext, 32, vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Surface(0)], &mut m, 0).unwrap_err();
    assert!(e.to_string().contains("faddr of `elsewhere`"), "{e}");
    // an address no faddr gave
    let bad = text.replace("    faddr poly fp(0,0)<1>\n", "    mov (M1_NM, 1) fp(0,0)<1> 0x1234:uq\n");
    let mut m = Memory::default();
    out_surface(&mut m, 0, 64);
    let e = run(&bad, 32, vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Surface(0)], &mut m, 0).unwrap_err();
    assert!(e.to_string().contains("no function's"), "{e}");
}

// ------------------------------------------------------------------------------ 10 float math

/// `f64` then rounded once to `f32`: the precision model of the math functions.
fn once(v: f64) -> f32 {
    v as f32
}

#[test]
fn s10_float_math() {
    // The sample's last lines saturate a value that is never positive; a copy also stores `u`
    // after `sin` and `t` after `pow` (before the rounding family) so the math is checked.
    let text = sample!("10_float_math").replace(
        "    // rounding family and fraction",
        "    oword_st (4) out 0x4:ud u.0\n    oword_st (4) out 0x8:ud t.0\n    // rounding family and fraction",
    );
    let x: [f32; 16] =
        [1.5, -2.0, 3.25, 0.5, -7.5, 7.9375, 4.0, -0.25, 2.0, 6.5, -3.0, 0.0625, 5.5, -6.0, 1.0, 7.0];
    let y: [f32; 16] =
        [2.0, 0.5, -1.5, 4.0, 3.0, 0.0625, -4.0, 2.5, 1.0, -0.75, 6.0, 7.5, -0.125, 1.25, 1.0, -5.5];
    let pi = f32::from_bits(0x4049_0fdb);
    let (mut u_sin, mut t_pow, mut fin) = (vec![], vec![], vec![]);
    for i in 0..16 {
        let (xi, yi) = (x[i], y[i]);
        let t = (xi - yi) * 0.5;
        let t = once(f64::from(xi) * f64::from(yi) + f64::from(t));
        let u = xi / yi;
        let u = 1.0 / u;
        let u = u.abs().sqrt();
        let u = once(1.0 / f64::from(u.abs()).sqrt());
        let u = once(f64::from(u).exp2()); // vISA exp and log are base 2
        let u = once(f64::from(u.abs()).log2());
        let u = once(f64::from(u).sin());
        let t = once(f64::from(t).cos());
        let t = once(f64::from(t.abs()).powf(2.5));
        u_sin.push(u);
        t_pow.push(t);
        let u = u.floor().ceil().round_ties_even().trunc();
        let t = t - t.floor();
        let t = t.min(u).max(-xi.abs());
        let t = (t + 1.5e-3) + -2.25;
        let t = t * pi;
        fin.push((t + u).clamp(0.0, 1.0));
    }
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args = vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Bytes(bytes_f32(&y)), ArgValue::Surface(0)];
        run_ok(&text, grf, args, &mut m, 0);
        assert_close(&f32s(&m, out, 64, 16), &u_sin, 4, "u after sin");
        assert_close(&f32s(&m, out, 128, 16), &t_pow, 4, "t after pow");
        assert_close(&f32s(&m, out, 0, 16), &fin, 4, "t");
    }
}

// ------------------------------------------------------------------------------ 11 half

#[test]
fn s11_half() {
    use half::f16;
    let xf: [f32; 16] =
        [1.0, -1.5, 0.1, 3.3, -7.9, 2.5, 0.333, -0.2, 5.0, -2.0, 7.75, 0.0625, -4.4, 1.01, 6.6, -0.9];
    let r = |v: f64| f16::from_f64(v).to_f64();
    let want: Vec<f32> = xf
        .iter()
        .map(|&x| {
            let h = f64::from(f16::from_f32(x).to_f32());
            let g = r(h + 1.0);
            let g = r(g * h);
            let g = r(g * 2.0 + h); // mad rounds once
            let g = r(g.abs().sqrt());
            let g = r(1.0 / g);
            g.max(0.0) as f32
        })
        .collect();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        run_ok(
            sample!("11_half"),
            grf,
            vec![ArgValue::Bytes(bytes_f32(&xf)), ArgValue::Surface(0)],
            &mut m,
            0,
        );
        assert_eq!(f32s(&m, out, 0, 16), some(&want), "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 12 int64

#[test]
fn s12_int64() {
    let a: [i64; 8] =
        [0, 1, -1, 0x1234_5678_9abc_def0, -0x7000_0000_0000_0001, 0xffff_ffff, -0x8000_0000, 3_000_000_000];
    let b: [i64; 8] = [5, -7, i64::MAX, 42, i64::MIN, -1, 0x1_0000_0000, -3];
    let mut c = vec![];
    let mut lo = vec![];
    for i in 0..8 {
        let t = a[i].wrapping_add(b[i]).wrapping_add(0x1_0000_0000).wrapping_sub(b[i]);
        let t = t.wrapping_shl(3) >> 1;
        let ua = ((t as u64) >> 2) & 0xff_ffff_ffff;
        let d32 = i64::from(a[i] as i32);
        c.push(d32 * d32 + d32);
        lo.push(ua as u32);
    }
    let bytes = |v: &[i64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args = vec![ArgValue::Bytes(bytes(&a)), ArgValue::Bytes(bytes(&b)), ArgValue::Surface(0)];
        run_ok(sample!("12_int64"), grf, args, &mut m, 0);
        let got: Vec<_> = (0..8).map(|j| val(&m, out, 8 * j, 8).map(|v| v as i64)).collect();
        assert_eq!(got, some(&c), "grf {grf}: c");
        assert_eq!(u32s(&m, out, 64, 8), some(&lo), "grf {grf}: lo");
    }
}

// ------------------------------------------------------------------------------ 13 double

#[test]
fn s13_double() {
    let x: [f64; 8] = [1.0, -2.5, 0.1, 3.0, -0.75, 7.9375, 1e-3, -6.0];
    let want: Vec<f32> = x.iter().map(|&x| ((((x + 1.5) * x).mul_add(x, 1.0)) / x) as f32).collect();
    // SKL and PVC (df div).
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args =
            vec![ArgValue::Bytes(x.iter().flat_map(|v| v.to_le_bytes()).collect()), ArgValue::Surface(0)];
        run_ok(sample!("13_double"), grf, args, &mut m, 0);
        assert_eq!(f32s(&m, out, 0, 8), some(&want), "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 14 saturation

#[test]
fn s14_saturation_conv() {
    let f: [f32; 16] = [
        0.0, 0.5, 0.999, 1.0, -0.5, -3.7, 2.9, 40000.5, -40000.0, 1e10, -1e10, 0.25, 0.75, 100.0, -0.001,
        0.003,
    ];
    let i: [i32; 16] =
        [0, 1, -1, 2, 100, -100, 65535, 65536, 70000, -70000, 32767, 32768, -32768, -32769, 255, 256];
    let mut b = vec![0u8; 32];
    let mut out_i = vec![];
    for k in 0..16 {
        // float -> ub with .sat: truncate toward zero, clamp to the range.
        b[k] = (f[k] * 255.0).trunc().clamp(0.0, 255.0) as u8;
        let g = (i[k] as f32).clamp(0.0, 1.0);
        let w = i[k].clamp(-32768, 32767);
        let uw = (u32::from(i[k] as u16) + 0xfff0).min(0xffff);
        b[16 + k] = w.clamp(0, 255) as u8;
        out_i.push(uw as i32 + g as i32);
    }
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args = vec![ArgValue::Bytes(bytes_f32(&f)), ArgValue::Bytes(bytes_i32(&i)), ArgValue::Surface(0)];
        run_ok(sample!("14_saturation_conv"), grf, args, &mut m, 0);
        assert_eq!(i32s(&m, out, 0, 16), some(&out_i), "grf {grf}: i");
        let got: Vec<_> = (0..32).map(|j| val(&m, out, 64 + j, 1).map(|v| v as u8)).collect();
        assert_eq!(got, some(&b), "grf {grf}: b");
    }
}

// ------------------------------------------------------------------------------ 15 oword block

#[test]
fn s15_oword_block() {
    let init: Vec<u8> = (0..2048u32).map(|j| (j * 7 + 3) as u8).collect();
    let dw = |at: usize| u32::from_le_bytes(init[at..at + 4].try_into().unwrap());
    let off = 3usize;
    let mut d: Vec<u32> = (0..32).map(|k| dw(off * 16 + 4 * k)).collect();
    let e: Vec<u32> = (0..8).map(|k| dw(off * 4 + 4 + 4 * k)).collect();
    for v in d.iter_mut().take(16) {
        *v = v.wrapping_add(1);
    }
    for k in 0..8 {
        d[16 + k] = d[16 + k].wrapping_add(e[k]);
    }
    let mut want = init.clone();
    want[1024..1152].copy_from_slice(&le32(&d, |x| x));
    want[1152..1168].copy_from_slice(&le32(&d[16..20], |x| x));
    for grf in BOTH {
        let mut m = Memory::default();
        let buf = surface(&mut m, 0, init.clone(), 256);
        let args = vec![ArgValue::Surface(0), ArgValue::Bytes((off as u32).to_le_bytes().to_vec())];
        run_ok(sample!("15_oword_block"), grf, args, &mut m, 0);
        assert!(m.buffers[buf].bytes.all_defined());
        assert_eq!(m.buffers[buf].bytes.data, want, "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 16 media block

#[test]
fn s16_media_block() {
    let pitch = 64usize;
    let init: Vec<u8> = (0..pitch * 32).map(|j| (j * 13 + 5) as u8).collect();
    let (x, y) = (8usize, 3usize);
    for grf in BOTH {
        // The block's rows are 32 bytes apart in the register; `blkb(1,0)` is the second GRF:
        // block row 1 on 32-byte GRFs, row 2 on 64-byte ones.
        let bumped = |r: usize| r == 0 || r == grf as usize / 32;
        let mut want = init.clone();
        for r in 0..8 {
            for c in 0..32 {
                let v = init[(y + r) * pitch + x + c].wrapping_add(u8::from(bumped(r)));
                want[(y + 8 + r) * pitch + x + c] = v;
            }
        }
        let mut m = Memory::default();
        let img = surface(&mut m, 0, init.clone(), pitch as u32);
        let args = vec![
            ArgValue::Surface(0),
            ArgValue::Bytes((x as u32).to_le_bytes().to_vec()),
            ArgValue::Bytes((y as u32).to_le_bytes().to_vec()),
        ];
        run_ok(sample!("16_media_block"), grf, args, &mut m, 0);
        assert_eq!(m.buffers[img].bytes.data, want, "grf {grf}");
        assert!(m.buffers[img].bytes.all_defined());
    }
}

// ------------------------------------------------------------------------------ 17 gather/scatter

#[test]
fn s17_gather_scatter() {
    let mut init: Vec<u32> = (0..4096u32).map(|j| j.wrapping_mul(0x0100_0193)).collect();
    for (j, w) in init.iter_mut().enumerate().take(64) {
        *w = (j as f32 * 0.75 - 20.0).to_bits();
    }
    let f = f32::from_bits;
    let mut want = init.clone();
    for i in 0..16 {
        let rec = 4 * i; // dword index of lane i's 16-byte record
        let (r, g) = (f(init[rec]), f(init[rec + 1]));
        // scatter4_scaled.RA at byte 0x1000: R = R + G, A = the second channel block (G).
        want[0x1000 / 4 + rec] = (r + g).to_bits();
        want[0x1000 / 4 + rec + 3] = init[rec + 1];
        want[0x2000 / 4 + rec] = init[rec];
        // Legacy scatter: (0x100 + 4 i) elements of 4 bytes.
        want[0x100 + 4 * i] = init[rec];
    }
    for w in want.iter_mut().take(16) {
        *w = w.wrapping_add(2); // atomic add 1, then inc
    }
    for grf in BOTH {
        let mut m = Memory::default();
        let buf = surface(&mut m, 0, le32(&init, |x| x), 256);
        run_ok(sample!("17_gather_scatter"), grf, vec![ArgValue::Surface(0)], &mut m, 0);
        assert_eq!(u32s(&m, buf, 0, 4096), some(&want), "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 18 svm

#[test]
fn s18_svm() {
    // The per-lane addresses ptr + 256 + 4 i cross a 4 GiB boundary: the addc carry matters.
    let base: u64 = 0x12_ffff_ff80;
    let mut init: Vec<u32> = (0..1024u32).map(|j| j.wrapping_mul(0x9E37_79B9)).collect();
    for (j, w) in init.iter_mut().enumerate().skip(64).take(17) {
        *w = (j as f32 * 0.5 - 30.0).to_bits();
    }
    let mut want = init.clone();
    for w in want.iter_mut().take(32) {
        *w = w.wrapping_add(1);
    }
    for i in 0..16 {
        want[64 + i] = (f32::from_bits(init[64 + i]) * 2.0).to_bits().wrapping_add(2);
    }
    for grf in BOTH {
        let mut m = Memory::default();
        let id = m.add("svm", BufferKind::Svm { base }, Bytes::defined(le32(&init, |x| x)));
        run_ok(sample!("18_svm"), grf, vec![ArgValue::Pointer(base)], &mut m, 0);
        assert_eq!(u32s(&m, id, 0, 1024), some(&want), "grf {grf}");
        assert!(m.events.is_empty(), "{:?}", m.events);
    }
}

// ------------------------------------------------------------------------------ 19 typed

#[test]
fn s19_typed_is_refused() {
    for grf in BOTH {
        let mut m = Memory::default();
        surface(&mut m, 0, vec![0; 4096], 256);
        surface(&mut m, 1, vec![0; 4096], 256);
        let r = run(sample!("19_typed"), grf, vec![ArgValue::Surface(0), ArgValue::Surface(1)], &mut m, 0);
        expect_err(r, "not modeled by the simulator: typed accesses");
    }
}

// ------------------------------------------------------------------------------ 20 SLM

#[test]
fn s20_slm_barrier_fence() {
    let slm_id = 1; // after the output surface
    for grf in BOTH {
        for tid in [0u32, 1] {
            // As written: the neighbour slot is never written, so the sums and the stores are
            // undefined; the SLM holds each written slot doubled by the atomic add.
            let mut m = Memory::default();
            let buf = surface(&mut m, 0, vec![0; 1024], 256);
            let args = vec![ArgValue::Bytes(tid.to_le_bytes().to_vec()), ArgValue::Surface(0)];
            run_ok(sample!("20_slm_barrier_fence"), grf, args, &mut m, 4096);
            let offs: Vec<u32> = (0..16).map(|i| 64 * tid + 4 * i).collect();
            let doubled: Vec<u32> = offs.iter().map(|o| 2 * o).collect();
            assert_eq!(u32s(&m, slm_id, 64 * tid as usize, 16), some(&doubled), "grf {grf} tid {tid}: slm");
            assert_eq!(u32s(&m, buf, 64 * tid as usize, 16), vec![None; 16], "grf {grf} tid {tid}: buf");
        }
        // A copy reading its own slot (offset 0): nb = offs, blk = SLM 0..64 after the atomic.
        let text =
            sample!("20_slm_barrier_fence").replace("%slm 0x40:ud offs.0 nb.0", "%slm 0x0:ud offs.0 nb.0");
        let mut m = Memory::default();
        let buf = surface(&mut m, 0, vec![0; 1024], 256);
        run_ok(&text, grf, vec![ArgValue::Bytes(vec![0; 4]), ArgValue::Surface(0)], &mut m, 4096);
        let want: Vec<u32> = (0..16).map(|i| 4 * i + 8 * i).collect();
        assert_eq!(u32s(&m, buf, 0, 16), some(&want), "grf {grf}: own slot");
    }
}

// ------------------------------------------------------------------------------ 21 raw send

#[test]
fn s21_raw_send_is_refused() {
    for grf in BOTH {
        let mut m = Memory::default();
        surface(&mut m, 0, vec![0; 4096], 256);
        let args = vec![ArgValue::Bytes(vec![0; 4]), ArgValue::Bytes(vec![2, 0, 0, 0])];
        expect_err(
            run(sample!("21_raw_send"), grf, args, &mut m, 0),
            "not modeled by the simulator: raw_send",
        );
    }
}

// ------------------------------------------------------------------------------ 22 LSC

#[test]
fn s22_lsc() {
    let base: u64 = 0x20_0000_0000;
    let mut init: Vec<u32> = (0..1024u32).map(|j| j.wrapping_mul(0x0101_0101) ^ 0x5a5a).collect();
    for (j, w) in init.iter_mut().enumerate().take(16) {
        *w = (j as f32 * 1.25 - 9.0).to_bits();
    }
    let doubled: Vec<u32> = (0..16).map(|i| (f32::from_bits(init[i]) * 2.0).to_bits()).collect();
    let mut want = init.clone();
    for i in 0..16 {
        want[i] = doubled[i].wrapping_add(2); // iadd 1, then iinc
        want[0x200 / 4 + i] = init[i]; // the transposed block, stored 0x200 further
    }
    // DG2 and PVC.
    for grf in BOTH {
        let mut m = Memory::default();
        let id = m.add("svm", BufferKind::Svm { base }, Bytes::defined(le32(&init, |x| x)));
        surface(&mut m, 5, vec![0; 256], 256);
        run_ok(sample!("22_lsc"), grf, vec![ArgValue::Pointer(base)], &mut m, 4096);
        assert_eq!(u32s(&m, id, 0, 1024), some(&want), "grf {grf}");
        let slm = m.buffers.iter().position(|b| b.kind == BufferKind::Slm).unwrap();
        assert_eq!(u32s(&m, slm, 0, 16), some(&doubled), "grf {grf}: slm");
        // Only the SLM load at offset 0x40 reads bytes nobody wrote.
        assert!(
            m.events.iter().all(|e| matches!(e, genxc_sim::memory::Event::UndefinedRead { .. })),
            "{:?}",
            m.events
        );
    }
}

// ------------------------------------------------------------------------------ malformed

/// Malformed inputs the reader and the executor accept, and why: each is valid vISA with one
/// meaning (`GenX_IR` refuses 14 and 16 only for its lexer's sake; it accepts 17, 23 and 35).
/// 14: a variable named `flat` (a keyword of Intel's lexer); 16: `1.0:hf` (Intel's parser wants a
/// bit pattern); 17: `1:f` is the bit pattern 1; 23: a region over 4 GRFs; 35: SIMD32 dwords.
const MALFORMED_ACCEPTED: [&str; 5] = [
    "14_reserved_word_name",
    "16_hf_decimal_imm",
    "17_int_imm_1_as_float",
    "23_region_spans_4_grfs",
    "35_exec32_dword",
];

#[test]
fn malformed_inputs_are_refused_with_a_message() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/visa-samples/malformed");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 37);
    let mut accepted = vec![];
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let ks = match read_text(&text) {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "{name}");
                continue;
            }
            Ok(ks) => ks,
        };
        let specs = exec::arg_specs(&ks[0]);
        let (launch, mut m) = Launch::random(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0);
        match exec::run(&ks, &Config { grf_bytes: 32, bti_base: 0 }, &launch, &mut m) {
            Err(e) => assert!(!e.to_string().is_empty(), "{name}"),
            Ok(_) => accepted.push(name),
        }
    }
    assert_eq!(accepted, MALFORMED_ACCEPTED);
}

#[test]
fn malformed_refusals_say_what() {
    let refused = |text: &str, needle: &str| {
        let m = match read_text(text) {
            Err(e) => e.to_string(),
            Ok(ks) => {
                let specs = exec::arg_specs(&ks[0]);
                let (launch, mut m) = Launch::random(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0);
                exec::run(&ks, &Config { grf_bytes: 32, bti_base: 0 }, &launch, &mut m)
                    .expect_err(needle)
                    .to_string()
            }
        };
        assert!(m.contains(needle), "'{m}' does not say '{needle}'");
    };
    refused(
        include_str!("data/visa-samples/malformed/05_type_mismatch_int_float.visaasm"),
        "add mixes integer and floating-point operands",
    );
    refused(
        include_str!("data/visa-samples/malformed/06_float_dst_int_src.visaasm"),
        "add mixes integer and floating-point operands",
    );
    refused(
        include_str!("data/visa-samples/malformed/12_bad_emask_simd8.visaasm"),
        "mask offset M2 is not aligned to 8 lanes",
    );
    refused(include_str!("data/visa-samples/malformed/21_pred_type_to_ALU.visaasm"), "add reads a predicate");
    refused(
        include_str!("data/visa-samples/malformed/30_unaligned_raw_operand.visaasm"),
        "raw operand at byte 4 is not aligned to the 32-byte register",
    );
    refused(include_str!("data/visa-samples/malformed/11_out_of_bounds.visaasm"), "outside the variable");
    refused(include_str!("data/visa-samples/malformed/13_addr_add_addr_src.visaasm"), "expected `&`");
}
