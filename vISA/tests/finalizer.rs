//! Writes the sample kernels (built through the model API) as `.visaasm` and `.isa`, compiles
//! both with the installed finalizer `GenX_IR` for SKL, TGLLP, DG2 and PVC (PVC under both its
//! names, `PVC` and `PVCXT`), and checks that the shared verdict accepts every run (exit 0, a
//! thread ending in EOT, no warning, invalid opcode or `illegal` instruction) and that the binary
//! gives the same Gen assembly as the text.

mod common;

use common::*;
use genxc_visa::text::TextNames;
use genxc_visa::*;

fn check(build: fn() -> Kernel, platforms: &[&str]) {
    let Some(exe) = genx_ir() else { return };
    let k = build();
    k.validate().unwrap_or_else(|e| panic!("{}: invalid model: {e:#?}", k.name));
    let text = write_text(&k);
    let isa = write_isa(std::slice::from_ref(&k));
    let names = TextNames::new(&k);
    // PVC output is checked under both of GenX_IR's names for it, PVC and PVCXT.
    let runs: Vec<&str> = platforms.iter().flat_map(|p| finalizer_platforms(p)).collect();
    let mut text_asm = Vec::new();
    for p in &runs {
        let t = compile_text(&exe, &text, p);
        if let Err(why) = t.verdict() {
            panic!("{} on {p}: GenX_IR rejected the text\n{why}\n{}\n{text}", k.name, t.log);
        }
        text_asm.push(t.asm.unwrap_or_default());
    }
    for (p, tasm) in runs.iter().zip(text_asm) {
        let b = compile_isa(&exe, &isa, p);
        if let Err(why) = b.verdict() {
            panic!("{} on {p}: GenX_IR rejected the binary\n{why}\n{}", k.name, b.log);
        }
        let basm = b.asm.unwrap_or_default();
        // Label names differ: text uses the mangled names, the binary reader appends
        // `_<string index>` to the raw names. Map both to `LABEL<i>`.
        let tmap = |tok: &str| names.labels.iter().position(|n| n == tok).map(|i| format!("LABEL{i}"));
        let bmap = |tok: &str| {
            k.labels
                .iter()
                .position(|l| {
                    tok.strip_prefix(l.name.as_str())
                        .and_then(|r| r.strip_prefix('_'))
                        .is_some_and(|r| !r.is_empty() && r.bytes().all(|c| c.is_ascii_digit()))
                })
                .map(|i| format!("LABEL{i}"))
        };
        let tn = normalize(&tasm, &tmap);
        let bn = normalize(&basm, &bmap);
        assert!(tn.len() > 5 && bn.iter().any(|l| l.contains("EOT")), "{} on {p}: empty listing", k.name);
        if tn != bn {
            let diff: Vec<String> = tn
                .iter()
                .zip(&bn)
                .filter(|(a, b)| a != b)
                .take(5)
                .map(|(a, b)| format!("text:   {a}\nbinary: {b}"))
                .collect();
            panic!(
                "{} on {p}: Gen code from the binary differs ({} vs {} lines)\n{}",
                k.name,
                tn.len(),
                bn.len(),
                diff.join("\n")
            );
        }
    }
}

macro_rules! sample_tests {
    ($($name:ident => $plats:expr;)*) => {$(
        #[test]
        fn $name() {
            check(common::$name, $plats);
        }
    )*};
}

const ALL: &[&str] = &["SKL", "TGLLP", "DG2", "PVC"];

sample_tests! {
    oword_block => ALL;
    regions => ALL;
    predication => ALL;
    loops => ALL;
    subroutine => ALL;
    float_math => ALL;
    half => ALL;
    saturation_conv => ALL;
    indirect => ALL;
    gather_scatter => ALL;
    slm_barrier_fence => &["TGLLP", "DG2", "PVC"];
    int_arith => &["SKL", "TGLLP"];
    simd_cf_goto => ALL;
    switchjmp => &["SKL", "PVC"];
    media_block => ALL;
    svm => ALL;
    svm_scaled4 => &["SKL", "PVC"];
    typed => ALL;
    raw_send => ALL;
    rtdemo => ALL;
    lsc_sample => &["DG2", "PVC"];
    sampler => &["SKL", "TGLLP", "DG2"];
}

/// The platform exceptions of the samples README are real: the same text is rejected there.
#[test]
fn platform_exceptions_are_rejected() {
    let Some(exe) = genx_ir() else { return };
    for (build, p) in [
        (common::int_arith as fn() -> Kernel, "DG2"),
        (common::switchjmp, "TGLLP"),
        (common::slm_barrier_fence, "SKL"),
    ] {
        let k = build();
        let r = compile_text(&exe, &write_text(&k), p);
        assert_ne!(r.rc, 0, "{} unexpectedly accepted on {p}", k.name);
        assert!(r.verdict().is_err(), "{} on {p}: the shared verdict accepts a failed run", k.name);
    }
}

/// Every sample kernel is listed in `cases()` and validates.
#[test]
fn all_cases_validate() {
    for c in cases() {
        let k = (c.build)();
        assert!(k.validate().is_ok(), "{}: {:?}", k.name, k.validate());
        assert!(!c.platforms.is_empty());
    }
}

/// Float and integer immediates printed by the text writer are read back by the parser as the
/// exact bit patterns (checked through `-dumpcommonisa`, which re-prints immediates in hex).
#[test]
fn immediates_parse_exactly() {
    let Some(exe) = genx_ir() else { return };
    let mut k = Kernel::new("imms");
    let f = k.add_var("f", VisaType::F, 16, Align::Grf);
    let df = k.add_var("df", VisaType::DF, 8, Align::Grf);
    let dd = k.add_var("dd", VisaType::D, 16, Align::Grf);
    let q = k.add_var("q", VisaType::Q, 8, Align::Grf);
    let mut floats = vec![
        0.0f32,
        1.0,
        -2.25,
        0.1,
        -0.1,
        1.5e-3,
        1.5e20,
        f32::MAX,
        f32::MIN_POSITIVE,
        1.0e-45,
        16777217.0,
        3.4e-39,
        123456.79,
        -0.0,
        f32::INFINITY,
        f32::NAN,
    ];
    // plus pseudo-random bit patterns (deterministic LCG)
    let mut x: u32 = 12345;
    for _ in 0..48 {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        floats.push(f32::from_bits(x));
    }
    let doubles = [0.1f64, -1.0e-300, 2.5, f64::MAX, 1.0 / 3.0, -0.0];
    let ints = [Imm::D(-7), Imm::D(i32::MIN), Imm::W(-1), Imm::B(-128), Imm::UD(u32::MAX)];
    let quads = [Imm::Q(-2), Imm::Q(i64::MIN), Imm::UQ(u64::MAX), Imm::Q(0x1_0000_0000)];
    for v in &floats {
        k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(f, 0), vec![SrcOp::Imm(Imm::F(*v))]));
    }
    for v in &doubles {
        k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(df, 0), vec![SrcOp::Imm(Imm::DF(*v))]));
    }
    for v in ints {
        k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(dd, 0), vec![SrcOp::Imm(v)]));
    }
    for v in quads {
        k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(q, 0), vec![SrcOp::Imm(v)]));
    }
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("k.visaasm"), write_text(&k)).unwrap();
    let out = std::process::Command::new(&exe)
        .args(["k.visaasm", "-platform", "SKL", "-output", "-dumpcommonisa"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let log = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let asm = std::fs::read_to_string(dir.path().join("k.asm")).ok();
    if let Err(why) = verdict(&FinalizerRun { exit: out.status.code(), log: &log, asm: asm.as_deref() }) {
        panic!("GenX_IR rejected the immediates kernel:\n{why}\n{log}");
    }
    // -dumpcommonisa overwrites the input with the canonical print: hex immediates.
    let canon = std::fs::read_to_string(dir.path().join("k.visaasm")).unwrap();
    let imms: Vec<(u64, String)> = canon
        .lines()
        .filter(|l| l.trim_start().starts_with("mov"))
        .map(|l| {
            let tok = l.split_whitespace().nth(4).expect("imm operand");
            let (hex, ty) = tok.split_once(':').unwrap();
            let hex = hex.trim_start_matches("0x");
            (u64::from_str_radix(hex, 16).unwrap_or_else(|_| panic!("not hex: {tok}")), ty.to_string())
        })
        .collect();
    let mut expected: Vec<u64> = floats.iter().map(|v| v.to_bits() as u64).collect();
    expected.extend(doubles.iter().map(|v| v.to_bits()));
    expected.extend([(-7i32) as u32 as u64, 0x8000_0000, 0xffff, 0x80, 0xffff_ffff]);
    expected.extend([(-2i64) as u64, i64::MIN as u64, u64::MAX, 0x1_0000_0000]);
    assert_eq!(imms.len(), expected.len(), "{canon}");
    for (n, ((got, ty), want)) in imms.iter().zip(&expected).enumerate() {
        // narrow ints may be re-printed sign-extended or truncated: compare in the type's width
        let mask = match ty.as_str() {
            "w" | "uw" => 0xffff,
            "b" | "ub" => 0xff,
            "d" | "ud" | "f" => 0xffff_ffff,
            _ => u64::MAX,
        };
        assert_eq!(
            got & mask,
            want & mask,
            "immediate #{n} ({ty}): text was {}",
            write_text(&k).lines().filter(|l| l.contains("mov")).nth(n).unwrap()
        );
    }
}

/// The stack-call sample (a kernel and a `.global_function`, `fcall`/`fret`, `%arg`/`%retval`
/// aliases): read, written back as one file, read again to the same units, and the written text
/// is accepted by the finalizer for TGLLP and PVC; the `.isa` container (function table) reads
/// back to the same units and is accepted by the finalizer too.
#[test]
fn fcall_sample_round_trips_and_finalizes() {
    let src = include_str!("../../sim/tests/data/visa-samples/09_fcall.visaasm");
    let units = read_text(src).expect("the fcall sample reads");
    assert_eq!(units.len(), 2);
    assert_eq!((units[0].unit, units[1].unit), (UnitKind::Kernel, UnitKind::GlobalFunction));
    assert_eq!(units[1].call_sizes(), (Some(2), Some(2)));
    assert!(units[0].body.iter().any(|i| matches!(
        i,
        Inst::FCall { function, arg_size: 2, ret_size: 2, .. } if function == "poly"
    )));
    assert!(matches!(units[1].body.last(), Some(Inst::FRet { pred: None, .. })));
    for u in &units {
        u.validate().unwrap_or_else(|e| panic!("{}: {e:?}", u.name));
    }
    let text = write_text_file(&units);
    assert!(text.contains(".global_function \"poly\"") && text.contains("fcall (M1, 16) poly 2 2"), "{text}");
    let again = read_text(&text).expect("the written text reads back");
    assert_eq!(again.len(), 2);
    for (a, u) in again.iter().zip(&units) {
        // Names are mangled by the writer; everything else reads back unchanged.
        assert_eq!((a.unit, &a.body, &a.attrs, &a.inputs), (u.unit, &u.body, &u.attrs, &u.inputs));
    }
    // The binary container: the kernel, then the function in its function table, reads back to
    // the same units.
    let isa = try_write_isa(&units).expect("a kernel and its function write");
    assert_eq!(read_isa(&isa).expect("the container reads back"), units);
    let Some(exe) = genx_ir() else { return };
    for p in ["TGLLP", "PVC"].iter().flat_map(|p| finalizer_platforms(p)) {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("k.isa"), &isa).expect("write");
        let r = run_genx(&exe, dir.path(), "k.isa", p, ".asm");
        if let Err(why) = r.verdict() {
            panic!("fcall sample on {p}: GenX_IR rejected the container\n{why}\n{}", r.log);
        }
    }
    for p in ["TGLLP", "PVC"].iter().flat_map(|p| finalizer_platforms(p)) {
        // With a function in the file the finalizer names its listing `.asm`.
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("k.visaasm"), &text).expect("write");
        let r = run_genx(&exe, dir.path(), "k.visaasm", p, ".asm");
        if let Err(why) = r.verdict() {
            panic!("fcall sample on {p}: GenX_IR rejected the text\n{why}\n{}\n{text}", r.log);
        }
    }
}

/// `fcall`/`fret` instructions encode in the binary and read back unchanged (a kernel calling an
/// external function: the container holds no function unit).
#[test]
fn fcall_instructions_round_trip_through_the_binary() {
    let mut k = Kernel::new("caller");
    let p = k.add_pred("p", 16);
    k.push(Inst::FCall {
        pred: None,
        exec: Exec::new(16),
        function: "ext_fn".into(),
        arg_size: 3,
        ret_size: 1,
    });
    k.push(Inst::FCall {
        pred: Some(Pred { id: p, ctrl: PredCtrl::None, inverse: true }),
        exec: Exec::nm(1),
        function: "other".into(),
        arg_size: 0,
        ret_size: 0,
    });
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
    k.validate().expect("valid");
    let bytes = try_write_isa(std::slice::from_ref(&k)).expect("a kernel writes");
    let back = read_isa(&bytes).expect("reads back");
    assert_eq!(back[0].body, k.body);
}

/// A CM kernel with the sampler messages: `sample.RGBA` (SIMD16) of an image through a sampler
/// at normalized coordinates and `load.R` (SIMD8) at integer ones, both results stored.
fn sampler_messages() -> Kernel {
    let mut k = Kernel::new("sampler_messages");
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let uf = k.add_var("uf", VisaType::F, 16, Align::Grf);
    let vf = k.add_var("vf", VisaType::F, 16, Align::Grf);
    let ui = k.add_var("ui", VisaType::UD, 8, Align::Grf);
    let rgba = k.add_var("rgba", VisaType::F, 64, Align::Grf);
    let texel = k.add_var("texel", VisaType::UD, 8, Align::Grf);
    let img = k.add_surface("img");
    let out = k.add_surface("out");
    let smp = k.add_sampler("smp");
    k.add_input(InputTarget::Surface(img), 64, 4);
    k.add_input(InputTarget::Surface(out), 68, 4);
    k.add_input(InputTarget::Sampler(smp), 72, 4);
    k.attrs.push(KernelAttr::Target3d(false));
    let (e8, e16) = (Exec::new(8), Exec::new(16));
    op(&mut k, AluOp::Mov, e8, d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, AluOp::Mov, e8, d(lane, 8), vec![i(Imm::UV(0xfedcba98))]);
    op(&mut k, AluOp::Mov, e16, d(uf, 0), vec![v(lane)]);
    op(&mut k, AluOp::Mul, e16, d(uf, 0), vec![v(uf), i(Imm::F(0.0625))]);
    op(&mut k, AluOp::Mov, e16, d(vf, 0), vec![i(Imm::F(0.5))]);
    k.push(Inst::Sample {
        channels: Channels::RGBA,
        exec: e16,
        sampler: smp,
        surface: img,
        u: Raw::of(uf),
        v: Raw::of(vf),
        r: Raw::NULL,
        dst: Raw::of(rgba),
    });
    op(&mut k, AluOp::Mov, e8, d(ui, 0), vec![v(lane)]);
    k.push(Inst::Load {
        channels: Channels::R,
        exec: e8,
        surface: img,
        u: Raw::of(ui),
        v: Raw::of(ui),
        r: Raw::NULL,
        dst: Raw::of(texel),
    });
    for n in 0..8u16 {
        ost(&mut k, Owords::O2, out, u32::from(n) * 2, rgba, n * 32);
    }
    ost(&mut k, Owords::O2, out, 16, texel, 0);
    ret(&mut k);
    k
}

#[test]
fn sampler_messages_finalize_on_tgllp() {
    check(sampler_messages, &["TGLLP"]);
}
