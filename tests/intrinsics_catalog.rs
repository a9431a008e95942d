//! The intrinsic catalog, docs/intrinsics.md, generated from the code: every `llvm.genx.*`
//! intrinsic with its audience and reason (`genxc_genx::intrinsic_class`), and for each one this
//! test has a sample call of ([`samples`]) the vISA genxc makes of it on SKL, TGLLP, DG2 and PVC, or
//! "not available" where selection refuses it for that platform (the evidence is listed from
//! `genxc_isel::availability`). Each sample is a small kernel compiled for the four platforms:
//! GenX_IR must accept the vISA, or compilation must fail with "<intrinsic> is not available on
//! <platform>"; any other refusal fails the test. The test fails when docs/intrinsics.md differs
//! from what it generates; `GENXC_BLESS=1 cargo test --test intrinsics_catalog` rewrites it.
//!
//! Intrinsics whose operands are not element-wise values (messages, sampler calls, thread payload)
//! have their sample as a file ([`file_samples`]): `tests/fixtures/intrinsics/samples/<name>.ll`,
//! `<name>` the intrinsic's name without `llvm.genx.`, a module with a kernel `@sample` that calls
//! it and, optionally, a kernel `@frame`, the same without the call; the cell is the opcodes
//! `@sample` has beyond `@frame` (every opcode of `@sample` but `ret` without a frame).
//! `<name>.<platform>.ll` (platform as genxc names it: `skl`, `tgllp`, `dg2`, `pvc`) replaces the
//! sample on that platform.

mod common;

use common::{visa_of_k, ONE_BUFFER_KERNEL_METADATA};
use genxc::{CompileOptions, Emit, EmitSet, Input, TargetPlatform};
use genxc_genx::intrinsic_class::{family, Audience, Family, VC_INTERNAL};
use genxc_genx::intrinsics::{IntrinsicId, SatOp, ALL};
use genxc_isel::availability::{AluFeature, MessageFeature, SamplerFeature, SyncFeature, VcRefusal};
use genxc_isel::xmx::XmxFeature;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The platforms of the table, with the names GenX_IR takes.
const PLATFORMS: [(TargetPlatform, &str); 4] = [
    (TargetPlatform::Skl, "SKL"),
    (TargetPlatform::Tgllp, "TGLLP"),
    (TargetPlatform::Dg2, "DG2"),
    (TargetPlatform::Pvc, "PVC"),
];

/// The types a sample's values have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    /// `<8 x i32>`.
    VI32,
    /// `<8 x i16>` (results only).
    VI16,
    /// `<8 x float>`.
    VF32,
    /// `<8 x i1>`.
    VI1,
    /// `i32`.
    I32,
    /// `i1` (results only).
    I1,
    /// No value (results only).
    Void,
    /// `{ <8 x i32>, <8 x i32> }`: carry or borrow, then the value (results only).
    Carry,
    /// An `i8` constant: bfn's truth table `0xCA` (operands only).
    Func,
}

impl Ty {
    fn llvm(self) -> &'static str {
        match self {
            Ty::VI32 => "<8 x i32>",
            Ty::VI16 => "<8 x i16>",
            Ty::VF32 => "<8 x float>",
            Ty::VI1 => "<8 x i1>",
            Ty::I32 => "i32",
            Ty::I1 => "i1",
            Ty::Void => "void",
            Ty::Carry => "{ <8 x i32>, <8 x i32> }",
            Ty::Func => "i8",
        }
    }
    fn mangled(self) -> &'static str {
        match self {
            Ty::VI32 => "v8i32",
            Ty::VI16 => "v8i16",
            Ty::VF32 => "v8f32",
            Ty::VI1 => "v8i1",
            Ty::I32 => "i32",
            Ty::I1 => "i1",
            Ty::Void => "",
            Ty::Carry => "v8i32",
            Ty::Func => "i8",
        }
    }
    /// The frame's value of this type, computed from the loaded data.
    fn source(self) -> &'static str {
        match self {
            Ty::VI32 => "%d",
            Ty::VF32 => "%f",
            Ty::VI1 => "%p",
            Ty::I32 => "%s",
            Ty::Func => "-54",
            _ => panic!("{self:?} is not an operand type"),
        }
    }
}

/// One sample call: the intrinsic, its result type and operand types.
struct SampleCall {
    id: IntrinsicId,
    ret: Ty,
    args: Vec<Ty>,
}

/// The sample calls: every element-wise intrinsic selection knows, the saturating families, the
/// three-source, dot product (dp4a and the Gen9 dp2/dp3/dp4/dph, lrp) and bit operations, the
/// predicate reductions and the thread ids.
fn samples() -> Vec<SampleCall> {
    use IntrinsicId::*;
    let mut out = Vec::new();
    let mut add = |id, ret, args: &[Ty]| out.push(SampleCall { id, ret, args: args.to_vec() });
    for id in [Absf, Cos, Exp, Inv, Log, Rndd, Rnde, Rndu, Rndz, Rsqrt, Sat, Sin, Sqrt, Frc, IeeeSqrt] {
        add(id, Ty::VF32, &[Ty::VF32]);
    }
    for id in [Fmax, Fmin, Pow, IeeeDiv, Dp2, Dp3, Dp4, Dph] {
        add(id, Ty::VF32, &[Ty::VF32, Ty::VF32]);
    }
    add(Lrp, Ty::VF32, &[Ty::VF32, Ty::VF32, Ty::VF32]);
    for id in [FptosiSat, FptouiSat] {
        add(id, Ty::VI32, &[Ty::VF32]);
    }
    for id in [Absi, Bfrev, Cbit, Fbl, Lzd, Sfbh, Ufbh, Convert] {
        add(id, Ty::VI32, &[Ty::VI32]);
    }
    for id in [Smax, Smin, Umax, Umin, Smulh, Umulh, Rol, Ror] {
        add(id, Ty::VI32, &[Ty::VI32, Ty::VI32]);
    }
    for id in [Add3, Sbfe, Ubfe] {
        add(id, Ty::VI32, &[Ty::VI32, Ty::VI32, Ty::VI32]);
    }
    add(Bfi, Ty::VI32, &[Ty::VI32, Ty::VI32, Ty::VI32, Ty::VI32]);
    add(Bfn, Ty::VI32, &[Ty::VI32, Ty::VI32, Ty::VI32, Ty::Func]);
    for &id in ALL {
        let Some(a) = id.sat_arith() else { continue };
        match a.op {
            SatOp::Trunc => add(id, Ty::VI16, &[Ty::VI32]),
            SatOp::Mad | SatOp::Add3 | SatOp::Dp4a => add(id, Ty::VI32, &[Ty::VI32, Ty::VI32, Ty::VI32]),
            SatOp::Add | SatOp::Mul | SatOp::Shl | SatOp::Avg => add(id, Ty::VI32, &[Ty::VI32, Ty::VI32]),
        }
    }
    for id in [Any, All] {
        add(id, Ty::I1, &[Ty::VI1]);
    }
    for id in [GroupIdX, GroupIdY, GroupIdZ] {
        add(id, Ty::I32, &[]);
    }
    add(Barrier, Ty::Void, &[]);
    for id in [Addc, Subb] {
        add(id, Ty::Carry, &[Ty::VI32, Ty::VI32]);
    }
    out
}

/// A kernel that loads 8 dwords, computes `value` (an instruction defining `%r` of type `ret`,
/// from `%d`, `%f`, `%p` or `%s`) and stores it widened to 8 dwords.
fn kernel(declare: &str, value: &str, ret: Ty) -> String {
    let store = match ret {
        Ty::VI32 => "  %o = add <8 x i32> %r, zeroinitializer\n".to_string(),
        Ty::VI16 => "  %o = zext <8 x i16> %r to <8 x i32>\n".to_string(),
        Ty::VF32 => "  %o = bitcast <8 x float> %r to <8 x i32>\n".to_string(),
        Ty::VI1 => "  %o = zext <8 x i1> %r to <8 x i32>\n".to_string(),
        Ty::I32 => "  %o = insertelement <8 x i32> %d, i32 %r, i32 1\n".to_string(),
        Ty::I1 => "  %w = zext i1 %r to i32\n  %o = insertelement <8 x i32> %d, i32 %w, i32 1\n".to_string(),
        Ty::Void | Ty::Carry | Ty::Func => "  %o = add <8 x i32> %d, zeroinitializer\n".to_string(),
    };
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
{declare}
define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %d = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %f = bitcast <8 x i32> %d to <8 x float>
  %p = icmp slt <8 x i32> %d, zeroinitializer
  %s = extractelement <8 x i32> %d, i32 0
{value}
{store}  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %o)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
"
    )
}

/// The sample's kernel: the call of its intrinsic on the frame's values.
fn sample_kernel(s: &SampleCall) -> String {
    let mut callee = s.id.name().to_string();
    for t in [Some(s.ret), s.args.first().copied()].into_iter().flatten() {
        if t != Ty::Void {
            write!(callee, ".{}", t.mangled()).unwrap();
        }
    }
    let params: Vec<&str> = s.args.iter().map(|t| t.llvm()).collect();
    let declare = format!("declare {} @{callee}({})", s.ret.llvm(), params.join(", "));
    let args: Vec<String> = s.args.iter().map(|t| format!("{} {}", t.llvm(), t.source())).collect();
    let call = format!("call {} @{callee}({})", s.ret.llvm(), args.join(", "));
    match s.ret {
        Ty::Void => kernel(&declare, &format!("  {call}"), s.ret),
        // the value field, stored; the carry or borrow unread
        Ty::Carry => {
            let value = format!("  %agg = {call}\n  %r = extractvalue {} %agg, 1", s.ret.llvm());
            kernel(&declare, &value, Ty::VI32)
        }
        _ => kernel(&declare, &format!("  %r = {call}"), s.ret),
    }
}

/// The frame without the call: `%r` is the frame's own value of the result type.
fn baseline_kernel(ret: Ty) -> String {
    let value = match ret {
        Ty::VI32 => "  %r = xor <8 x i32> %d, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>",
        Ty::VI16 => "  %r = trunc <8 x i32> %d to <8 x i16>",
        Ty::VF32 => "  %r = bitcast <8 x i32> %d to <8 x float>",
        Ty::VI1 => "  %r = icmp sgt <8 x i32> %d, zeroinitializer",
        Ty::I32 => "  %r = extractelement <8 x i32> %d, i32 3",
        Ty::I1 => "  %r = icmp sgt i32 %s, 0",
        Ty::Void | Ty::Carry | Ty::Func => "",
    };
    kernel("", value, ret)
}

/// The instruction lines of a kernel's vISA (declarations, labels and comments left out).
fn instructions(visa: &str) -> Vec<&str> {
    visa.lines()
        .map(str::trim)
        .filter(|l| !(l.is_empty() || l.starts_with('.') || l.starts_with("//") || l.ends_with(':')))
        .collect()
}

/// An instruction line's opcode (without its predicate and `.` modifiers).
fn opcode(line: &str) -> &str {
    let line = match line.strip_prefix('(') {
        Some(rest) => rest.split_once(')').map_or("", |(_, r)| r.trim_start()),
        None => line,
    };
    let word = line.split_whitespace().next().unwrap_or("");
    word.split('.').next().unwrap_or(word)
}

/// A line with its general variables' names left out (`V_x_d(0,0)` -> `V(0,0)`): the frame and
/// the sample may keep the same value in differently named variables (a result stored through
/// an alias in one, its own variable in the other).
fn unnamed(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find("V_") {
        out.push_str(&rest[..at + 1]);
        let tail = &rest[at + 2..];
        let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// How many instructions of each opcode `visa` has beyond the lines of `frame` (the same kernel
/// without the call: its lines, which name the same variables, are taken out one for one; a line
/// that differs only in variable names counts as the frame's when no line matches exactly).
fn added_opcodes(visa: &str, frame: &str) -> BTreeMap<String, i32> {
    let mut left: Vec<&str> = instructions(frame);
    let mut unmatched = Vec::new();
    for line in instructions(visa) {
        if let Some(at) = left.iter().position(|&l| l == line) {
            left.swap_remove(at);
        } else {
            unmatched.push(line);
        }
    }
    let mut out = BTreeMap::new();
    for line in unmatched {
        if let Some(at) = left.iter().position(|&l| unnamed(l) == unnamed(line)) {
            left.swap_remove(at);
        } else {
            *out.entry(opcode(line).to_string()).or_insert(0) += 1;
        }
    }
    out
}

/// One cell of the table: the opcodes the call added to the frame, or "not available".
fn cell(s: &SampleCall, platform: TargetPlatform, finalizer: Option<&str>, failures: &mut String) -> String {
    let name = s.id.name();
    match visa_of_k(&sample_kernel(s), platform) {
        Ok(visa) => {
            if let Some(p) = finalizer {
                if let Err(e) = common::finalize("k.visaasm", &visa, p) {
                    writeln!(failures, "{name} on {platform:?}: {e}").unwrap();
                }
            }
            let stored = if s.ret == Ty::Carry { Ty::VI32 } else { s.ret };
            let frame = visa_of_k(&baseline_kernel(stored), platform).expect("the frame compiles");
            let added: Vec<String> = added_opcodes(&visa, &frame)
                .into_iter()
                .map(|(op, n)| if n == 1 { format!("`{op}`") } else { format!("`{op}` x{n}") })
                .collect();
            if added.is_empty() {
                "(folded)".to_string()
            } else {
                added.join(", ")
            }
        }
        Err(log) if log.contains(&format!("{name} is not available on {platform}")) => {
            "not available".to_string()
        }
        Err(log) => {
            writeln!(failures, "{name} on {platform:?}: refused other than as not available:\n{log}")
                .unwrap();
            "refused".to_string()
        }
    }
}

/// The folder of the file samples.
fn samples_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/intrinsics/samples")
}

/// A file sample: the intrinsic, and its module text per platform of [`PLATFORMS`].
struct FileSample {
    id: IntrinsicId,
    file: String,
    texts: Vec<String>,
}

/// The genxc name of a platform, as sample files spell it.
fn platform_file_name(p: TargetPlatform) -> &'static str {
    match p {
        TargetPlatform::Skl => "skl",
        TargetPlatform::Tgllp => "tgllp",
        TargetPlatform::Dg2 => "dg2",
        TargetPlatform::Pvc => "pvc",
        _ => "other",
    }
}

/// The file samples of `tests/fixtures/intrinsics/samples`; a file whose name is not an
/// intrinsic, or whose text does not call it, is a failure.
fn file_samples(failures: &mut String) -> Vec<FileSample> {
    let Ok(dir) = std::fs::read_dir(samples_dir()) else { return Vec::new() };
    let mut names: Vec<String> =
        dir.filter_map(|e| e.ok()?.file_name().into_string().ok()).filter(|n| n.ends_with(".ll")).collect();
    names.sort();
    let mut out = Vec::new();
    for file in &names {
        let stem = file.trim_end_matches(".ll");
        if PLATFORMS.iter().any(|&(p, _)| stem.ends_with(&format!(".{}", platform_file_name(p)))) {
            continue; // a platform's variant, read with its base file
        }
        let full = format!("llvm.genx.{stem}");
        let Some(id) = genxc_genx::intrinsics::lookup(&full).filter(|id| id.name() == full) else {
            writeln!(failures, "samples/{file}: `{full}` is not an intrinsic name").unwrap();
            continue;
        };
        let mut texts = Vec::new();
        for &(p, _) in &PLATFORMS {
            let variant = samples_dir().join(format!("{stem}.{}.ll", platform_file_name(p)));
            let path = if variant.exists() { variant } else { samples_dir().join(file) };
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let called = text.match_indices(&format!("@{full}")).any(|(at, m)| {
                let rest = &text[at + m.len()..];
                rest.starts_with('(') || rest.starts_with('.')
            });
            if !called || !text.contains("@sample(") {
                writeln!(failures, "{}: no kernel @sample calling {full}", path.display()).unwrap();
            }
            texts.push(text);
        }
        out.push(FileSample { id, file: file.clone(), texts });
    }
    out
}

/// The intrinsics whose PVC vISA only GenX_IR's PVCXT takes: ocloc's `pvc` device, for which
/// Intel's compiler compiles them, is the Xe-HPC XT part; `-platform PVC` (the base part) refuses
/// them (`vISA instruction not supported on this platform`). Their PVC samples are checked under
/// both names: PVCXT must accept them and PVC must refuse them.
const PVCXT_ONLY: [IntrinsicId; 1] = [IntrinsicId::Srnd];

/// Checks the PVC vISA of a [`PVCXT_ONLY`] sample: accepted by `GenX_IR -platform PVCXT`,
/// refused by `-platform PVC`.
fn pvcxt_only(file: &str, visa: &str) -> Result<(), String> {
    common::finalize_under(file, visa, "PVCXT")?;
    match common::finalize_under(file, visa, "PVC") {
        Ok(_) => Err("GenX_IR -platform PVC accepts it: the sample is no longer PVCXT only".to_string()),
        Err(e) if e.contains("not supported on this platform") => Ok(()),
        Err(e) => Err(format!("GenX_IR -platform PVC refuses it other than as not supported there:\n{e}")),
    }
}

/// One cell of a file sample: as [`cell`], the frame being the module's `@frame` kernel.
fn file_cell(
    s: &FileSample,
    text: &str,
    platform: TargetPlatform,
    finalizer: Option<&str>,
    failures: &mut String,
) -> String {
    let name = s.id.name();
    let input = Input { name: s.file.clone(), bytes: text.as_bytes().to_vec() };
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
    if outcome.failed() {
        let log = outcome.log();
        if log.contains(&format!("{name} is not available on {platform}")) {
            return "not available".to_string();
        }
        writeln!(failures, "samples/{} on {platform:?}: refused other than as not available:\n{log}", s.file)
            .unwrap();
        return "refused".to_string();
    }
    let Some(visa) = outcome.visaasm_of("sample") else {
        writeln!(failures, "samples/{} on {platform:?}: no vISA of @sample", s.file).unwrap();
        return "refused".to_string();
    };
    if let Some(p) = finalizer {
        for kernel in ["sample", "frame"] {
            if let Some(v) = outcome.visaasm_of(kernel) {
                let file = format!("{kernel}.visaasm");
                let checked = if kernel == "sample" && p == "PVC" && PVCXT_ONLY.contains(&s.id) {
                    pvcxt_only(&file, v)
                } else {
                    common::finalize(&file, v, p).map(drop)
                };
                if let Err(e) = checked {
                    writeln!(failures, "samples/{} on {platform:?}: {e}", s.file).unwrap();
                }
            }
        }
    }
    let added = match outcome.visaasm_of("frame") {
        Some(frame) => added_opcodes(visa, frame),
        None => {
            let mut all = BTreeMap::new();
            for line in instructions(visa) {
                let op = opcode(line);
                if op != "ret" {
                    *all.entry(op.to_string()).or_insert(0) += 1;
                }
            }
            all
        }
    };
    let added: Vec<String> = added
        .into_iter()
        .map(|(op, n)| if n == 1 { format!("`{op}`") } else { format!("`{op}` x{n}") })
        .collect();
    if added.is_empty() {
        "(folded)".to_string()
    } else {
        added.join(", ")
    }
}

/// The matrix engine intrinsics with a sample call: s8 x s8 with systolic depth 8, repeat count 1.
const XMX_SAMPLES: [IntrinsicId; 5] = [
    IntrinsicId::Dpas,
    IntrinsicId::DpasNosrc0,
    IntrinsicId::Dpas2,
    IntrinsicId::Dpasw,
    IntrinsicId::DpaswNosrc0,
];

/// A kernel for the matrix engine samples on a platform whose dpas is `lanes` wide: from the 8
/// loaded dwords `%d` (src2, one row), `%w` (src1, the dwords repeated to `lanes` x 8) and `%acc`
/// (`lanes` dwords), `value` defines `%r` (`lanes` dwords), whose first 8 are stored.
fn xmx_kernel(declare: &str, value: &str, lanes: u32) -> String {
    let w = lanes * 8;
    // one declaration each (with 8 lanes two of the regions have the same types)
    let decls = format!(
        "declare <{w} x i32> @llvm.genx.rdregioni.v{w}i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <{lanes} x i32> @llvm.genx.rdregioni.v{lanes}i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <{lanes} x i32> @llvm.genx.rdregioni.v{lanes}i32.v{w}i32.i16(<{w} x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v{lanes}i32.i16(<{lanes} x i32>, i32, i32, i32, i16, i32)
{declare}"
    );
    let frame: Vec<&str> = decls.lines().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let frame = frame.join("\n");
    let value = format!(
        "  %w = call <{w} x i32> @llvm.genx.rdregioni.v{w}i32.v8i32.i16(<8 x i32> %d, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %acc = call <{lanes} x i32> @llvm.genx.rdregioni.v{lanes}i32.v8i32.i16(<8 x i32> %d, i32 0, i32 8, i32 1, i16 0, i32 undef)
{value}
  %o0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v{lanes}i32.i16(<{lanes} x i32> %r, i32 0, i32 8, i32 1, i16 0, i32 undef)"
    );
    kernel(&frame, &value, Ty::VI32)
        .replace("  %o = add <8 x i32> %r, zeroinitializer", "  %o = add <8 x i32> %o0, zeroinitializer")
}

/// The sample kernel of a matrix engine intrinsic.
fn xmx_sample(id: IntrinsicId, lanes: u32) -> String {
    use IntrinsicId::*;
    let w = lanes * 8;
    // repeat count 1 << 24 | depth 8 << 16 | s8 (8) << 8 | s8 (8)
    let word = 0x0108_0808;
    let (sig, args) = match id {
        Dpas | Dpasw => (
            format!("<{lanes} x i32>, <{w} x i32>, <8 x i32>, i32"),
            format!("<{lanes} x i32> %acc, <{w} x i32> %w, <8 x i32> %d, i32 {word}"),
        ),
        Dpas2 => (
            format!("<{lanes} x i32>, <{w} x i32>, <8 x i32>, i32, i32, i32, i32, i32, i32"),
            format!("<{lanes} x i32> %acc, <{w} x i32> %w, <8 x i32> %d, i32 8, i32 8, i32 8, i32 1, i32 1, i32 1"),
        ),
        _ => (format!("<{w} x i32>, <8 x i32>, i32"), format!("<{w} x i32> %w, <8 x i32> %d, i32 {word}")),
    };
    let acc = if matches!(id, Dpas | Dpasw | Dpas2) { format!(".v{lanes}i32") } else { String::new() };
    let callee = format!("{}.v{lanes}i32{acc}.v{w}i32.v8i32", id.name());
    let declare = format!("declare <{lanes} x i32> @{callee}({sig})");
    xmx_kernel(&declare, &format!("  %r = call <{lanes} x i32> @{callee}({args})"), lanes)
}

/// One table cell of a matrix engine intrinsic: as [`cell`], the frame being the same kernel
/// with `%r` the sum of the accumulator and src1's first dwords.
fn xmx_cell(
    id: IntrinsicId,
    platform: TargetPlatform,
    finalizer: Option<&str>,
    failures: &mut String,
) -> String {
    let name = id.name();
    let lanes = if platform == TargetPlatform::Pvc { 16 } else { 8 };
    match visa_of_k(&xmx_sample(id, lanes), platform) {
        Ok(visa) => {
            if let Some(p) = finalizer {
                if let Err(e) = common::finalize("k.visaasm", &visa, p) {
                    writeln!(failures, "{name} on {platform:?}: {e}").unwrap();
                }
            }
            let w = lanes * 8;
            let value = format!(
                "  %wl = call <{lanes} x i32> @llvm.genx.rdregioni.v{lanes}i32.v{w}i32.i16(<{w} x i32> %w, i32 0, i32 {lanes}, i32 1, i16 0, i32 undef)\n  %r = add <{lanes} x i32> %acc, %wl"
            );
            let frame = visa_of_k(&xmx_kernel("", &value, lanes), platform).expect("the frame compiles");
            let added: Vec<String> = added_opcodes(&visa, &frame)
                .into_iter()
                .map(|(op, n)| if n == 1 { format!("`{op}`") } else { format!("`{op}` x{n}") })
                .collect();
            added.join(", ")
        }
        Err(log) if log.contains(&format!("{name} is not available on {platform}")) => {
            "not available".to_string()
        }
        Err(log) => {
            writeln!(failures, "{name} on {platform:?}: refused other than as not available:\n{log}")
                .unwrap();
            "refused".to_string()
        }
    }
}

/// A row of the evidence table: the vISA `mnemonic`, whether each platform has it, and why the
/// ones without it lack it.
fn evidence_row(md: &mut String, mnemonic: &str, available: impl Fn(TargetPlatform) -> bool, evidence: &str) {
    let have: Vec<&str> = PLATFORMS.iter().map(|&(p, _)| if available(p) { "yes" } else { "no" }).collect();
    writeln!(md, "| `{mnemonic}` | {} | {evidence} |", have.join(" | ")).unwrap();
}

/// docs/intrinsics.md as the code has it; the failures of samples go to `failures`.
fn generate(failures: &mut String) -> String {
    let finalize = common::finalizer_available();
    let mut cells: BTreeMap<IntrinsicId, Vec<String>> = BTreeMap::new();
    for s in samples() {
        let row = PLATFORMS.iter().map(|&(p, fin)| cell(&s, p, finalize.then_some(fin), failures)).collect();
        cells.insert(s.id, row);
    }
    for id in XMX_SAMPLES {
        let row =
            PLATFORMS.iter().map(|&(p, fin)| xmx_cell(id, p, finalize.then_some(fin), failures)).collect();
        cells.insert(id, row);
    }
    for s in file_samples(failures) {
        let row = PLATFORMS
            .iter()
            .zip(&s.texts)
            .map(|(&(p, fin), text)| file_cell(&s, text, p, finalize.then_some(fin), failures))
            .collect();
        if cells.insert(s.id, row).is_some() {
            writeln!(failures, "samples/{}: {} has a generated sample too", s.file, s.id.name()).unwrap();
        }
    }
    let mut md = String::new();
    md.push_str(
        "# Intrinsics\n\n\
         Generated by `tests/intrinsics_catalog.rs` from the code (do not edit; \
         `GENXC_BLESS=1 cargo test --test intrinsics_catalog` rewrites it). Every `llvm.genx.*` \
         intrinsic of vc-intrinsics 0.11 (the names IGC 1.0.12504 knows), with who writes it \
         (`genx/src/intrinsic_class.rs`): **user** (front ends emit it, a kernel may call it) or \
         **internal** (only Intel's Vector Compiler creates it, in its own passes). For the \
         intrinsics the test has a sample call of, each platform column gives the vISA \
         instructions that a kernel loading and storing 8 dwords has with the call and lacks \
         without it (GenX_IR accepts the kernel), or *not available*: selection refuses the intrinsic there with \
         \"<intrinsic> is not available on <platform>\". A blank platform column means no sample \
         call yet: the intrinsic may be selected (see the fixtures) or refused as unsupported.\n\n",
    );
    md.push_str("## Evidence for \"not available\"\n\n| vISA | SKL | TGLLP | DG2 | PVC | evidence |\n|---|---|---|---|---|---|\n");
    for f in AluFeature::ALL {
        evidence_row(&mut md, f.mnemonic(), |p| f.available(p), f.evidence());
    }
    for f in XmxFeature::ALL {
        evidence_row(&mut md, f.mnemonic(), |p| f.available(p), f.evidence());
    }
    for f in SamplerFeature::ALL {
        evidence_row(&mut md, f.mnemonic(), |p| f.available(p), f.evidence());
    }
    for f in SyncFeature::ALL {
        evidence_row(&mut md, f.mnemonic(), |p| f.available(p), f.evidence());
    }
    for f in MessageFeature::ALL {
        evidence_row(&mut md, f.mnemonic(), |p| f.available(p), f.evidence());
    }
    for f in VcRefusal::ALL {
        evidence_row(&mut md, f.mnemonic(), |p| f.available(p), f.evidence());
    }
    let fp64: Vec<&str> =
        PLATFORMS.iter().map(|&(p, _)| if p.info().has_fp64 { "yes" } else { "no" }).collect();
    writeln!(
        md,
        "| `sqrtm`/`divm` (ieee.sqrt, ieee.div) | {} | parts without double-precision hardware \
         (`PlatformInfo::has_fp64`): GenX_IR has no IEEE macro sequence there |",
        fp64.join(" | ")
    )
    .unwrap();
    md.push_str(
        "\nWhere the platform lacks `add3` the plain form is two `add`s; where it lacks `rol`/`ror` a \
         dword rotate is two shifts and an `or`.\n",
    );
    let mut counts = BTreeMap::new();
    for f in Family::ALL {
        let ids: Vec<IntrinsicId> = ALL.iter().copied().filter(|&id| family(id) == Some(f)).collect();
        *counts.entry(f.audience()).or_insert(0) += ids.len();
        let who = match f.audience() {
            Audience::User => "user",
            Audience::Internal => "internal",
        };
        writeln!(
            md,
            "\n## {f:?} ({who})\n\n{}.\n\n| intrinsic | SKL | TGLLP | DG2 | PVC |\n|---|---|---|---|---|",
            f.reason()
        )
        .unwrap();
        for id in ids {
            let row = cells.get(&id).map_or(" | | | ".to_string(), |c| c.join(" | "));
            writeln!(md, "| `{}` | {row} |", id.name()).unwrap();
        }
    }
    md.push_str("\n## llvm.vc.internal (internal)\n\nIntel's compiler's own intrinsics: only its passes create them.\n\n");
    for n in VC_INTERNAL {
        writeln!(md, "- `{n}`").unwrap();
    }
    writeln!(
        md,
        "\n{} user and {} internal `llvm.genx.*` intrinsics, {} `llvm.vc.internal.*`; sample calls \
         of {}.",
        counts.get(&Audience::User).unwrap_or(&0),
        counts.get(&Audience::Internal).unwrap_or(&0),
        VC_INTERNAL.len(),
        cells.len()
    )
    .unwrap();
    md
}

#[test]
fn docs_intrinsics_md_matches_the_code() {
    let mut failures = String::new();
    let md = generate(&mut failures);
    assert!(failures.is_empty(), "{failures}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/intrinsics.md");
    if std::env::var_os("GENXC_BLESS").is_some_and(|v| !v.is_empty() && v != "0") {
        std::fs::write(&path, &md).unwrap();
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    if old != md {
        let line = old.lines().zip(md.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "docs/intrinsics.md differs from the code (first at line {}: {:?} vs {:?}); rewrite it with \
             GENXC_BLESS=1 cargo test --test intrinsics_catalog",
            line + 1,
            old.lines().nth(line),
            md.lines().nth(line)
        );
    }
}

#[test]
fn added_opcodes_skip_the_frame_predicates_and_labels() {
    let frame = ".decl x v_type=G type=d num_elts=8\nL0:\n  mov (M1, 8) a b\n  add (M1, 8) o r 0:d\n";
    let visa = ".decl x v_type=G type=d num_elts=8\nL0:\n  mov (M1, 8) a b\n(P1) add3 (M1, 8) r a b c\n  add.sat (M1, 8) t a b\n  add.sat (M1, 8) t t b\n  add (M1, 8) o r 0:d\n// c\n";
    let want: BTreeMap<String, i32> = [("add3", 1), ("add", 2)].map(|(k, v)| (k.to_string(), v)).into();
    assert_eq!(added_opcodes(visa, frame), want);
}
