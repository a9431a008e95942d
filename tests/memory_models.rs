//! The pointer and memory rewrite (genx/src/import/prepare/memory) checked against what the
//! kernels mean, independently of the rewrite: tests/differential.rs compares the simulator with
//! the reference interpreter of the module *after* the preparation stage, so a wrong rewrite (a
//! getelementptr scaled by the wrong size, bytes stored in the wrong lane) is invisible there.
//! Here every kernel of `tests/fixtures/memory` has a model written in plain Rust from its LLVM
//! semantics (`out[i] = in[idx[i] & 4095] * 2` over the launch's buffers); genxc's vISA for SKL,
//! TGLLP, DG2 and PVC runs in the simulator on the same launch and must leave exactly the memory
//! the model leaves, without an out-of-bounds access.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgValue, Launch};
use genxc_sim::memory::{compare, Event, Memory, Space};

/// Platforms each kernel is compiled for.
const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];
/// Seeds of the launches.
const SEEDS: [u64; 3] = [1, 2, 3];
/// Thread groups of every launch (one thread each): group ids 0..4 in x.
const GROUPS: u32 = 4;
/// Shared local memory of every launch.
const SLM_BYTES: u32 = 64 * 1024;

/// A kernel's meaning: what it does to the memory of a launch, thread by thread in launch order.
type Model = fn(&Launch, &mut Memory);

/// `(fixture, kernel, model)` of every kernel of `tests/fixtures/memory`.
const MODELS: &[(&str, &str, Model)] = &[
    ("memory/svm_pointers.ll", "svm_pointers", svm_pointers),
    ("memory/slm_surface.ll", "slm_surface", slm_surface),
    ("memory/atomics_memcpy.ll", "atomics", atomics),
    ("memory/atomics_memcpy.ll", "copies", copies),
    ("memory/indexed.ll", "gather_index", gather_index),
    ("memory/indexed.ll", "struct_fields", struct_fields),
    ("memory/bytes_words.ll", "bytes_words", bytes_words),
    ("memory/stack_memory.ll", "big_private_array", big_private_array),
    ("memory/stack_memory.ll", "escaping_slot", escaping_slot),
    ("memory/spir_kernel_unlisted.ll", "spir_kernel_unlisted", spir_kernel_unlisted),
];

/// The SVM address argument `k` points at.
fn pointer(l: &Launch, k: usize) -> u64 {
    match l.args[k] {
        ArgValue::Pointer(a) => a,
        ref other => panic!("argument {k} is {other:?}, not a pointer"),
    }
}

/// The binding-table index of surface argument `k`.
fn surface(l: &Launch, k: usize) -> u32 {
    match l.args[k] {
        ArgValue::Surface(b) => b,
        ref other => panic!("argument {k} is {other:?}, not a surface"),
    }
}

/// The integer value of plain argument `k`.
fn scalar(l: &Launch, k: usize) -> u64 {
    match &l.args[k] {
        ArgValue::Bytes(b) => b.iter().rev().fold(0, |acc, &x| acc << 8 | u64::from(x)),
        other => panic!("argument {k} is {other:?}, not a value"),
    }
}

/// Reads `n` bytes (n <= 8) at global address `a`, little-endian.
fn ld(m: &mut Memory, a: u64, n: usize) -> u64 {
    m.read_value(Space::Svm, a, n).0
}

/// Writes the low `n` bytes of `v` at global address `a`.
fn st(m: &mut Memory, a: u64, n: usize, v: u64) {
    m.write_value(Space::Svm, a, n, v, true);
}

/// Writes float bits of `n` bytes (compared as floats: any two NaNs agree).
fn st_float(m: &mut Memory, a: u64, n: usize, v: u64) {
    m.store_float = n as u8;
    st(m, a, n, v);
    m.store_float = 0;
}

fn f32_of(bits: u64) -> f32 {
    f32::from_bits(bits as u32)
}

fn svm_pointers(l: &Launch, m: &mut Memory) {
    let (inp, out) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        let row = g * 64;
        let at = |base: u64, i: u64| base + 4 * i;
        for i in 0..16 {
            let v = f32_of(ld(m, at(inp, row + i), 4));
            st_float(m, at(out, row + i), 4, u64::from((v + v).to_bits()));
        }
        let idx = g & 7;
        let s = ld(m, at(inp, row + 16 + idx), 4) as u32;
        st(m, at(out, row + 16), 4, u64::from(s.wrapping_add(1)));
        for (j, k) in [3u32, 5, 7].into_iter().enumerate() {
            let w = ld(m, at(inp, row + 20 + j as u64), 4) as u32;
            st(m, at(out, row + 20 + j as u64), 4, u64::from(w.wrapping_mul(k)));
        }
        let l64 = ld(m, at(inp, row + 24), 8);
        st(m, at(out, row + 24), 8, l64 << 3);
        for (j, c) in [1.0f64, 2.0].into_iter().enumerate() {
            let a = at(inp, row + 28) + 2 * j as u64;
            let h = half::f16::from_bits(ld(m, a, 2) as u16);
            let r = half::f16::from_f64(h.to_f64() + c);
            st_float(m, at(out, row + 28) + 2 * j as u64, 2, u64::from(r.to_bits()));
        }
        for (j, k) in [1u64, 2, 3, 4].into_iter().enumerate() {
            let b = ld(m, at(inp, row + 30) + j as u64, 1);
            st(m, at(out, row + 30) + j as u64, 1, b ^ k);
        }
    }
}

fn spir_kernel_unlisted(l: &Launch, m: &mut Memory) {
    // out is argument 0, in argument 1: out[g*16 + i] = in[g*16 + i] * 2 + 1
    let (out, inp) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        for i in 0..16 {
            let a = 4 * (g * 16 + i);
            let v = f32_of(ld(m, inp + a, 4));
            st_float(m, out + a, 4, u64::from((v * 2.0 + 1.0).to_bits()));
        }
    }
}

fn slm_surface(l: &Launch, m: &mut Memory) {
    // The SLM offset argument only places the data inside SLM, which is not an output.
    let _ = scalar(l, 0);
    let bti = surface(l, 1);
    for g in 0..u64::from(GROUPS) {
        // oword.ld/oword.st offsets count owords: group g's 32 bytes are at g * 32 owords.
        let off = g * 32 * 16;
        let data: Vec<u32> =
            (0..8).map(|j| m.read_value(Space::Surface(bti), off + 4 * j, 4).0 as u32).collect();
        for (j, d) in data.iter().enumerate() {
            let r = d.wrapping_add(data[3]);
            m.write_value(Space::Surface(bti), off + 4 * j as u64, 4, u64::from(r), true);
        }
    }
}

fn atomics(l: &Launch, m: &mut Memory) {
    let (c, out) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        let old = ld(m, c, 4) as u32;
        st(m, c, 4, u64::from(old.wrapping_add(1)));
        let o1 = ld(m, c + 4, 4) as u32;
        st(m, c + 4, 4, u64::from(o1 | 16));
        let o2 = ld(m, c + 8, 4) as u32;
        st(m, c + 8, 4, u64::from(o2.max(g as u32)));
        let at = c + 4 * (g + 4);
        let cv = ld(m, at, 4) as u32;
        if cv == 0 {
            st(m, at, 4, 7);
        }
        // `%keep = and %old, 0` adds nothing: `old` only has to be read.
        let _ = old;
        let r = o1.wrapping_add(o2).wrapping_add(cv) & 0xffff_ff00;
        st(m, out + 8 * g, 4, u64::from(r));
        st(m, out + 8 * g + 4, 4, u64::from(cv == 0));
    }
}

fn copies(l: &Launch, m: &mut Memory) {
    let (src, dst) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        let off = g * 128;
        for b in 0..72 {
            let v = ld(m, src + off + b, 1);
            st(m, dst + off + b, 1, v);
        }
        for b in 80..116 {
            st(m, dst + off + b, 1, 90);
        }
    }
}

fn gather_index(l: &Launch, m: &mut Memory) {
    let (inp, idx, out) = (pointer(l, 0), pointer(l, 1), pointer(l, 2));
    for g in 0..u64::from(GROUPS) {
        for i in 0..16 {
            let k = g * 16 + i;
            let j = ld(m, idx + 4 * k, 4) & 4095;
            let x = ld(m, inp + 4 * j, 4) as u32;
            st(m, out + 4 * k, 4, u64::from(x.wrapping_mul(2)));
        }
    }
}

fn big_private_array(l: &Launch, m: &mut Memory) {
    // arr[i] = in[i] * 3 + g for i < 600 (in stack memory), then out[g * 16 + j] = arr[in[600 + j] & 511].
    let (inp, out) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        for j in 0..16 {
            let idx = ld(m, inp + 4 * (600 + j), 4) & 511;
            let x = ld(m, inp + 4 * idx, 4) as u32;
            st(m, out + 4 * (g * 16 + j), 4, u64::from(x.wrapping_mul(3).wrapping_add(g as u32)));
        }
    }
}

fn escaping_slot(l: &Launch, m: &mut Memory) {
    // The stack function writes rows 0, 1 and 3 of the kernel's slot, the kernel row 2:
    // out[g * 8 + l] = r0 + r1 * r0 + row2, with r0 = in[g] + l, r1 = r0 + 8, row2 = -(l + 1).
    let (inp, out) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        let base = ld(m, inp + 4 * g, 4) as u32;
        for lane in 0..8u32 {
            let r0 = base.wrapping_add(lane);
            let r3 = r0.wrapping_add(8).wrapping_mul(r0);
            let v = r0.wrapping_add(r3).wrapping_sub(lane + 1);
            st(m, out + 4 * (g * 8 + u64::from(lane)), 4, u64::from(v));
        }
    }
}

fn struct_fields(l: &Launch, m: &mut Memory) {
    // struct { i32 a; float b; i16 c; i8 d; }: 12 bytes, fields at 0, 4, 8, 10.
    let (recs, out) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        let e1 = recs + 12 * (3 * g + 1);
        let a = ld(m, e1, 4) as u32;
        let b = f32_of(ld(m, e1 + 4, 4));
        let s = ld(m, e1 + 8, 2) as u32;
        let d = ld(m, e1 + 10, 1) as u8;
        let sum = s.wrapping_add(i32::from(d as i8) as u32).wrapping_add(a);
        st(m, out + 16 * g, 4, u64::from(sum));
        // fptosi of a float outside i32's range is poison: those lanes are not compared.
        if b.is_finite() && b.abs() < 2.0e9 {
            st(m, out + 16 * g + 4, 4, u64::from(b as i32 as u32));
        } else {
            m.write_value(Space::Svm, out + 16 * g + 4, 4, 0, false);
        }
        let e2 = recs + 12 * (3 * g + 2);
        st(m, e2, 4, u64::from(a.wrapping_add(1)));
        st(m, e2 + 10, 1, u64::from(d ^ 5));
    }
}

fn bytes_words(l: &Launch, m: &mut Memory) {
    let (inp, out) = (pointer(l, 0), pointer(l, 1));
    for g in 0..u64::from(GROUPS) {
        let row = g * 64;
        for (j, k) in [1u8, 2, 3].into_iter().enumerate() {
            let at = row + 1 + j as u64;
            let b = ld(m, inp + at, 1) as u8;
            st(m, out + at, 1, u64::from(b.wrapping_add(k)));
        }
        let w = ld(m, inp + row + 6, 2) as u16;
        st(m, out + row + 6, 2, u64::from(w.wrapping_mul(3)));
        for (j, k) in [1u16, 256, 0xffff, 0x1234, 0].into_iter().enumerate() {
            let at = row + 10 + 2 * j as u64;
            let v = ld(m, inp + at, 2) as u16;
            st(m, out + at, 2, u64::from(v ^ k));
        }
        let h = ld(m, inp + row + 22, 2);
        st_float(m, out + row + 22, 2, h ^ 0x8000);
        for j in 0..17 {
            let v = ld(m, inp + row + 32 + j, 1);
            st(m, out + row + 41 + j, 1, v);
        }
    }
}

/// genxc's vISA of every kernel of `fixture`, by platform.
fn compile(fixture: &str) -> Vec<(TargetPlatform, genxc::Outcome)> {
    let input = common::input(fixture);
    PLATFORMS
        .iter()
        .map(|&platform| {
            let opts =
                CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
            let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
            assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
            (platform, outcome)
        })
        .collect()
}

/// Runs every model's kernel on every platform and seed; the failures, one a line.
fn check(models: &[(&str, &str, Model)]) -> (usize, String) {
    let mut failures = String::new();
    let mut ran = 0;
    let mut fixtures: Vec<&str> = models.iter().map(|m| m.0).collect();
    fixtures.dedup();
    for fixture in fixtures {
        for (platform, outcome) in compile(fixture) {
            for &(_, kernel, model) in models.iter().filter(|m| m.0 == fixture) {
                let text =
                    outcome.visaasm_of(kernel).unwrap_or_else(|| panic!("{fixture}: no vISA of {kernel}"));
                let kernels = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{kernel}: {e}"));
                let specs = exec::arg_specs(&kernels[0]);
                let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
                for seed in SEEDS {
                    let (launch, initial) =
                        Launch::random(&specs, seed, 0, [GROUPS, 1, 1], [1, 1, 1], SLM_BYTES);
                    let mut expected = initial.clone();
                    model(&launch, &mut expected);
                    let mut got = initial;
                    if let Err(e) = exec::run(&kernels, &config, &launch, &mut got) {
                        failures += &format!("{kernel} on {platform:?}, seed {seed}: {e}\n");
                        continue;
                    }
                    let stray = got.events.iter().find(|e| matches!(e, Event::OutOfBounds { .. }));
                    if let Some(e) = stray {
                        failures += &format!("{kernel} on {platform:?}, seed {seed}: {e}\n");
                    } else if let Err(d) = compare(&expected, &got) {
                        failures += &format!("{kernel} on {platform:?}, seed {seed}: not its meaning: {d}\n");
                    } else {
                        ran += 1;
                    }
                }
            }
        }
    }
    (ran, failures)
}

#[test]
fn every_memory_kernel_leaves_what_it_means() {
    let (ran, failures) = check(MODELS);
    assert!(failures.is_empty(), "{failures}");
    assert_eq!(ran, MODELS.len() * PLATFORMS.len() * SEEDS.len());
}

#[test]
fn every_memory_fixture_kernel_has_a_model() {
    let dir = common::fixtures().join("memory");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ll") {
            continue;
        }
        let name = format!("memory/{}", path.file_name().unwrap().to_string_lossy());
        let module = genxc::import(&common::input(&name), TargetPlatform::Tgllp).unwrap();
        for k in &module.kernels {
            if !MODELS.iter().any(|(f, n, _)| *f == name && *n == k.name) {
                missing.push(format!("{name} {}", k.name));
            }
        }
    }
    assert!(missing.is_empty(), "kernels without a model: {missing:?}");
}

/// A model wrong by one element of address arithmetic (it reads `in[j + 1]`, not `in[j]`) is
/// caught on every platform and seed: the check can fail.
#[test]
fn a_wrong_model_is_caught() {
    fn shifted(l: &Launch, m: &mut Memory) {
        let (inp, idx, out) = (pointer(l, 0), pointer(l, 1), pointer(l, 2));
        for k in 0..u64::from(GROUPS) * 16 {
            let j = (ld(m, idx + 4 * k, 4) & 4095) + 1;
            let x = ld(m, inp + 4 * j, 4) as u32;
            st(m, out + 4 * k, 4, u64::from(x.wrapping_mul(2)));
        }
    }
    let (ran, failures) = check(&[("memory/indexed.ll", "gather_index", shifted)]);
    assert_eq!(ran, 0, "the off-by-one model agreed with genxc on {ran} runs");
    assert_eq!(failures.lines().count(), PLATFORMS.len() * SEEDS.len(), "{failures}");
}
