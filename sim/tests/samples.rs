//! The hand-written vISA samples of `tests/data/visa-samples/` (checked with Intel's `GenX_IR`),
//! run in the executor on chosen inputs; every output byte is compared with a value computed here
//! by plain Rust arithmetic on the inputs, following the vISA semantics (not the executor's code).
//! Each sample runs with the register width of the platforms `GenX_IR` accepts it on (32-byte
//! GRFs: SKL..DG2; 64-byte: PVC).
//!
//! Refused on purpose, and checked to be refused with a message:
//! - `09_fcall`: stack calls (`fcall`/`fret`, `.global_function`) are not modeled (reader);
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
use genxc_visa::{Kernel, read_text};

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
    let launch = Launch { groups: [1, 1, 1], group_size: [1, 1, 1], args, slm_size: slm, step_limit: 100_000 };
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
    mem.add(format!("bti {bti}"), BufferKind::Surface { bti, width: pitch, height, pitch }, Bytes::defined(data))
}

/// A surface of `bytes` undefined bytes at `bti` (an output buffer).
fn out_surface(mem: &mut Memory, bti: u32, bytes: usize) -> usize {
    mem.add(format!("bti {bti}"), BufferKind::Surface { bti, width: 64, height: bytes as u32 / 64, pitch: 64 }, Bytes::undefined(bytes))
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

const A01: [i32; 16] =
    [0, 1, -1, 7, -7, 123_456_789, -987_654_321, i32::MAX, i32::MIN, 0x5555_5555, -0x2AAA_AAAB, 100, -100, 65536, 3, -35];
const B01: [i32; 16] = [5, -3, i32::MAX, -2, 9, 1000, -1000, 2, 3, -0x1000_0000, 77, i32::MIN, 12345, 65536, -1, 8];

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
    let mut r: Vec<Option<i32>> = (0..16).map(|j| Some((mv[j] + 1).wrapping_add(mv[16 + j]).wrapping_mul(s))).collect();
    r.extend((0..16).map(|j| rw[2 * j].map(|w| i32::from(w as i16))));
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        let args = vec![ArgValue::Bytes(bytes_i32(&mv)), ArgValue::Bytes(s.to_le_bytes().to_vec()), ArgValue::Surface(0)];
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
        let args = vec![ArgValue::Bytes(bytes_i32(&tbl)), ArgValue::Bytes((k as u16).to_le_bytes().to_vec()), ArgValue::Surface(0)];
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
        -1.0, -2.5, 11.0, 12.25, -100.0, 50.0, -0.5, 10.5, -9.0, 33.0, -0.25, 10.125, -4.0, 64.0, -64.0, 11.5, //
        2.0, -2.0, 0.5, 1.5, 3.0, -3.0, 0.0, 1.0, 8.0, -8.0, 0.25, 4.0, 7.0, -7.0, 9.0, 0.75,
    ];
    for x in [all_in, none_in] {
        let (y, mv) = predication(&x);
        for grf in BOTH {
            let mut m = Memory::default();
            let out = out_surface(&mut m, 0, 256);
            let args = vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Bytes(vec![0x5a, 0xa5]), ArgValue::Surface(0)];
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
        .map(|&x| if x > 0 { if x > 100 { 100 } else { x.wrapping_mul(2) } } else { x.wrapping_neg() })
        .collect();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        run_ok(sample!("05_simd_cf_goto"), grf, vec![ArgValue::Bytes(bytes_i32(&v)), ArgValue::Surface(0)], &mut m, 0);
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
            let args = vec![ArgValue::Bytes(bytes_i32(&cnt)), ArgValue::Bytes(n.to_le_bytes().to_vec()), ArgValue::Surface(0)];
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
            let args = vec![ArgValue::Bytes(bytes_i32(&acc)), ArgValue::Bytes(vec![sel]), ArgValue::Surface(0)];
            run_ok(sample!("07_switchjmp"), grf, args, &mut m, 0);
            let want: Vec<i32> = acc.iter().map(|a| a + add).collect();
            assert_eq!(i32s(&m, out, 0, 16), some(&want), "grf {grf}, case {sel}");
        }
        let mut m = Memory::default();
        out_surface(&mut m, 0, 256);
        let args = vec![ArgValue::Bytes(bytes_i32(&acc)), ArgValue::Bytes(vec![3]), ArgValue::Surface(0)];
        expect_err(run(sample!("07_switchjmp"), grf, args, &mut m, 0), "switchjmp index 3 outside its 3 targets");
    }
}

// ------------------------------------------------------------------------------ 08 subroutine

#[test]
fn s08_subroutine() {
    let x: [f32; 16] = [0.5, -1.5, 2.0, -2.0, 3.0, 1.0, 0.0, -3.25, 2.5, -0.5, 2.125, 1.75, -2.25, 4.0, -4.0, 1.5];
    let want: Vec<f32> = x.iter().map(|&v| if v * v > 4.0 { (v * v) * (v * v) } else { v * v }).collect();
    for grf in BOTH {
        let mut m = Memory::default();
        let out = out_surface(&mut m, 0, 256);
        run_ok(sample!("08_subroutine"), grf, vec![ArgValue::Bytes(bytes_f32(&x)), ArgValue::Surface(0)], &mut m, 0);
        assert_eq!(f32s(&m, out, 0, 16), some(&want), "grf {grf}");
    }
}

// ------------------------------------------------------------------------------ 09 fcall

#[test]
fn s09_fcall_is_refused() {
    let e = read_text(sample!("09_fcall")).expect_err("fcall is not modeled");
    assert!(e.to_string().contains("not modeled") && e.to_string().contains("fcall"), "{e}");
}
