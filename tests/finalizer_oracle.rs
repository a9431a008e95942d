//! The finalizer oracle checks itself: hand-written broken vISA, one text per way `GenX_IR`
//! signals bad input, must each be rejected by the shared verdict (`tests/common/oracle.rs`),
//! most of them although `GenX_IR` exits 0 on them, and a correct kernel must be accepted on
//! every platform the suite checks (PVC under both `PVC` and `PVCXT`).

mod common;

use common::{finalizer_available, finalizer_files, rejections, FinalizerRun, Rejection, RejectionKind};
use genxc_visa::*;
use std::process::Command;

/// What one `GenX_IR` run on a broken input gave: its exit code and the verdict's evidence.
struct Outcome {
    exit: Option<i32>,
    found: Vec<Rejection>,
    log: String,
}

impl Outcome {
    /// Whether the verdict found evidence of `kind`.
    fn has(&self, kind: RejectionKind) -> bool {
        self.found.iter().any(|r| r.kind == kind)
    }
}

/// Runs `GenX_IR <file_name> -platform <platform> -output` on `bytes` in a scratch folder.
fn run(file_name: &str, bytes: &[u8], platform: &str) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(file_name), bytes).unwrap();
    let out = Command::new("GenX_IR")
        .args([file_name, "-platform", platform, "-output"])
        .current_dir(dir.path())
        .output()
        .expect("run GenX_IR");
    let (asm, errors) = finalizer_files(dir.path()).unwrap();
    let log =
        format!("{}{}{errors}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let found = rejections(&FinalizerRun { exit: out.status.code(), log: &log, asm: asm.as_deref() });
    Outcome { exit: out.status.code(), found, log }
}

/// A kernel that loads nothing, computes `body` and stores `b`: the frame every text case shares.
fn kernel(body: &str) -> String {
    format!(
        ".version 4.1
.kernel \"k\"
.decl a    v_type=G type=d num_elts=16 align=GRF
.decl b    v_type=G type=d num_elts=16 align=GRF
.decl bf   v_type=G type=f num_elts=16 align=GRF alias=<b, 0>
.decl big  v_type=G type=d num_elts=64 align=GRF
.decl bigw v_type=G type=uw num_elts=128 align=GRF alias=<big, 0>
.decl bigf v_type=G type=f num_elts=64 align=GRF alias=<big, 0>
.decl A0   v_type=A num_elts=16
.decl out  v_type=T num_elts=1
.input a   offset=64 size=64
.input out offset=128 size=4
.function \"k_main\"
    mov (M1, 16) big(0,0)<1> a(0,0)<1;1,0>
    mov (M1, 16) big(1,0)<1> a(0,0)<1;1,0>
{body}
    oword_st (4) out 0x0:ud b.0
    ret (M1, 1)
"
    )
}

/// Checks that `text` is rejected on each platform with evidence of `kind`, and that `GenX_IR`
/// exited with `exit` (0 for the inputs it accepts although they are wrong).
fn expect_rejected(what: &str, text: &str, platforms: &[&str], kind: RejectionKind, exit: i32) {
    for p in platforms {
        let o = run("k.visaasm", text.as_bytes(), p);
        assert_eq!(o.exit, Some(exit), "{what} on {p}: GenX_IR's exit changed\n{}", o.log);
        assert!(o.has(kind), "{what} on {p}: no {kind:?} in the verdict {:?}\n{}", o.found, o.log);
    }
}

#[test]
fn a_correct_kernel_is_accepted_everywhere() {
    if !finalizer_available() {
        return;
    }
    let text = kernel("    add (M1, 16) b(0,0)<1> big(0,4)<1;1,0> a(0,0)<1;1,0>");
    for p in ["SKL", "TGLLP", "DG2", "PVC", "PVCXT"] {
        let o = run("k.visaasm", text.as_bytes(), p);
        assert!(o.found.is_empty(), "correct kernel on {p}: {:?}\n{}", o.found, o.log);
    }
    // the root crate's helper runs PVC under both names and accepts it
    common::finalize("k.visaasm", &text, "PVC").unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn an_out_of_bounds_read_is_rejected() {
    if !finalizer_available() {
        return;
    }
    // `a` has 16 dwords; reading 16 from element 8 runs 32 bytes past its end
    let text = kernel("    add (M1, 16) b(0,0)<1> a(0,8)<1;1,0> 1:d");
    expect_rejected(
        "out-of-bounds read",
        &text,
        &["SKL", "TGLLP", "PVC"],
        RejectionKind::OutOfBoundsRegion,
        0,
    );
    assert!(common::finalize("k.visaasm", &text, "TGLLP").is_err());
}

#[test]
fn an_out_of_bounds_write_is_rejected() {
    if !finalizer_available() {
        return;
    }
    let text = kernel("    mov (M1, 16) b(0,4)<1> a(0,0)<1;1,0>");
    expect_rejected(
        "out-of-bounds write",
        &text,
        &["SKL", "TGLLP", "PVC"],
        RejectionKind::OutOfBoundsRegion,
        0,
    );
}

#[test]
fn a_region_spanning_three_grfs_is_rejected() {
    if !finalizer_available() {
        return;
    }
    // 16 words at stride 2 from byte 24: bytes 24..=85, three 32-byte GRFs. The finalizer splits ALU
    // instructions itself; addr_add it does not, and its verifier says "CISA operand accesses more
    // than 2 GRF due to mis-alignment".
    let text = kernel(
        "    addr_add (M1, 16) A0(0)<1> &big bigw(0,12)<2;1,0>\n    mov (M1, 16) b(0,0)<1> r[A0(0),0]<1,0>:d",
    );
    expect_rejected("3-GRF region", &text, &["SKL", "TGLLP"], RejectionKind::VerifierError, 1);
    let o = run("k.visaasm", text.as_bytes(), "TGLLP");
    assert!(o.log.contains("more than 2 GRF"), "{}", o.log);
    assert!(o.has(RejectionKind::ExitStatus));
}

#[test]
fn an_invalid_opcode_is_rejected() {
    if !finalizer_available() {
        return;
    }
    // lrp has no Gen12 encoding: "INVALID opcode lrp", the instruction dropped, exit 0
    let text = kernel("    lrp (M1, 16) bf(0,0)<1> bigf(0,4)<1;1,0> bigf(0,0)<1;1,0> bigf(0,0)<1;1,0>");
    expect_rejected("lrp", &text, &["TGLLP", "PVC"], RejectionKind::InvalidOpcode, 0);
    expect_rejected("lrp", &text, &["TGLLP"], RejectionKind::FormatError, 0);
}

#[test]
fn an_illegal_instruction_is_rejected() {
    if !finalizer_available() {
        return;
    }
    // bfn is XeHP's: on SKL the listing holds an `illegal` instruction, silently, exit 0
    let text = kernel("    bfn.x80 (M1, 16) b(0,0)<1> big(0,4)<1;1,0> a(0,0)<1;1,0> a(0,0)<1;1,0>");
    expect_rejected("bfn", &text, &["SKL"], RejectionKind::IllegalInstruction, 0);
}

#[test]
fn a_failed_internal_check_is_rejected() {
    if !finalizer_available() {
        return;
    }
    // (M2, 8) is no SIMD8 mask: "<file>.cpp:<line> Invalid emask for SIMD8 inst", exit 0
    let text = kernel("    add (M2, 8) b(0,0)<1> a(0,0)<1;1,0> 1:d");
    expect_rejected("emask", &text, &["SKL", "TGLLP"], RejectionKind::InternalCheck, 0);
}

#[test]
fn a_kernel_that_never_ends_is_rejected() {
    if !finalizer_available() {
        return;
    }
    // without the `.function` entry label, `ret` becomes a Gen `ret`: no EOT
    let text = kernel("    add (M1, 16) b(0,0)<1> a(0,0)<1;1,0> 1:d").replace(".function \"k_main\"\n", "");
    expect_rejected("no entry label", &text, &["TGLLP"], RejectionKind::NoEot, 0);
}

#[test]
fn a_parse_error_is_rejected() {
    if !finalizer_available() {
        return;
    }
    let text = kernel("    add (M1, 16) b(0,0)<1> zz(0,0)<1;1,0> 1:d");
    expect_rejected("undeclared variable", &text, &["TGLLP"], RejectionKind::ParseError, 1);
}

/// A one-instruction kernel (`op` on 16 dwords) in binary form.
fn binary_kernel(op: AluOp) -> Vec<u8> {
    let mut k = Kernel::new("k");
    let a = k.add_var("a", VisaType::D, 16, Align::Grf);
    let b = k.add_var("b", VisaType::D, 16, Align::Grf);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(a), 64, 64);
    k.add_input(InputTarget::Surface(out), 128, 4);
    k.push(alu(op, Exec::new(16), Dst::new(b, 0), vec![Src::vec(a, 0).into(), Src::vec(a, 0).into()]));
    k.push(Inst::OwordSt { size: Owords::O4, surface: out, offset: SrcOp::Imm(Imm::UD(0)), src: Raw::of(b) });
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
    k.validate().unwrap_or_else(|e| panic!("{e:?}"));
    write_isa(&[k])
}

#[test]
fn a_corrupted_isa_is_rejected() {
    if !finalizer_available() {
        return;
    }
    let add = binary_kernel(AluOp::Add);
    assert!(run("k.isa", &add, "TGLLP").found.is_empty(), "the uncorrupted binary is accepted");
    // The two containers differ only in the opcode byte of the first instruction.
    let mul = binary_kernel(AluOp::Mul);
    assert_eq!(add.len(), mul.len());
    let diffs: Vec<usize> = (0..add.len()).filter(|&i| add[i] != mul[i]).collect();
    assert_eq!(diffs.len(), 1, "the opcodes differ in one byte: {diffs:?}");
    let mut bad = add.clone();
    bad[diffs[0]] = 0xfe; // no vISA opcode
                          // GenX_IR reports "<file>.cpp:<line> Illegal or unimplemented CISA opcode." and reads on
                          // (here into a crash); the verdict names the internal check whatever the exit.
    let o = run("k.isa", &bad, "TGLLP");
    assert!(o.has(RejectionKind::InternalCheck), "opcode 0xfe: {:?}\n{}", o.found, o.log);
    assert!(o.log.contains("Illegal or unimplemented"), "{}", o.log);
}

/// The classification on its own, on lines seen from GenX_IR, including the decoder's message
/// that no hand-written input here reaches.
#[test]
fn lines_are_classified() {
    let judge = |log: &str, asm: &str| {
        rejections(&FinalizerRun { exit: Some(0), log, asm: Some(asm) })
            .into_iter()
            .map(|r| r.kind)
            .collect::<Vec<_>>()
    };
    let eot = "(W) send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT,@1} // end of thread\n";
    assert_eq!(judge("GenX_IR k.visaasm -platform TGLLP -output\n\n", eot), vec![]);
    // a name in a comment of the listing is not an instruction
    assert_eq!(judge("", &format!("// .kernel illegal_name\n{eot}")), vec![]);
    use RejectionKind::*;
    for (line, kind) in [
        ("WARNING: CISA region and offset cause an out of bounds byte access: 64", OutOfBoundsRegion),
        ("INVALID opcode lrp", InvalidOpcode),
        ("GED error decoding instruction", DecodeError),
        ("error decoding instruction (no compacted form)", DecodeError),
        ("./visa/ByteCodeReaderNG.cpp:539 Illegal or unimplemented ISA opcode reserved254", InternalCheck),
        ("./visa/Common_ISA_util.cpp:913 Invalid emask for SIMD8 inst", InternalCheck),
        ("near line 11: zz: unbound identifier", ParseError),
        ("Found a total of 1 errors in vISA input.", VerifierError),
        ("RA verification warning: Found conflicting input variables: V1", Warning),
    ] {
        assert_eq!(judge(line, eot), vec![kind], "{line}");
    }
    assert_eq!(judge("", &format!("        illegal   // $3\n{eot}")), vec![IllegalInstruction]);
    assert_eq!(judge("", &format!("<<error formatting instruction at PC 0x60>>\n{eot}")), vec![FormatError]);
    assert_eq!(judge("", "k_main:\n  ret (1|M0) r1\n"), vec![NoEot]);
    // the spill report with exit 1 is a compiled kernel; with anything else it is not
    let spill = "[vISA Finalizer Messages]\nSpill memory used = 4608 bytes for kernel k\n Compiling kernel with spill code may degrade performance. Please consider rewriting the kernel to use less registers.\n";
    assert_eq!(rejections(&FinalizerRun { exit: Some(1), log: spill, asm: Some(eot) }), vec![]);
    let spill_and_more = format!("{spill}near line 11: zz: unbound identifier\n");
    let kinds = |r: Vec<Rejection>| r.into_iter().map(|r| r.kind).collect::<Vec<_>>();
    assert_eq!(
        kinds(rejections(&FinalizerRun { exit: Some(1), log: &spill_and_more, asm: Some(eot) })),
        vec![ExitStatus, ParseError]
    );
    assert_eq!(kinds(rejections(&FinalizerRun { exit: Some(1), log: spill, asm: None })), vec![NoListing]);
    let failed = rejections(&FinalizerRun { exit: Some(1), log: "", asm: None });
    assert_eq!(failed.iter().map(|r| r.kind).collect::<Vec<_>>(), vec![ExitStatus, NoListing]);
    assert_eq!(rejections(&FinalizerRun { exit: None, log: "", asm: Some(eot) })[0].kind, ExitStatus);
}

/// A kernel whose values do not fit in the register file: the finalizer spills, prints its spill
/// report and exits 1 although the kernel compiled; the verdict accepts it.
#[test]
fn a_kernel_that_spills_is_accepted() {
    if !finalizer_available() {
        return;
    }
    // 24 values of 128 dwords, all live at once: 12 KB, more than 128 GRFs of 64 bytes hold
    let n = 24;
    let mut text =
        String::from(".version 4.1\n.kernel \"k\"\n.decl x v_type=G type=d num_elts=32 align=GRF\n");
    for i in 0..n {
        text += &format!(".decl v{i} v_type=G type=d num_elts=128 align=GRF\n");
    }
    text += ".decl out v_type=T num_elts=1\n.input out offset=64 size=4\n.kernel_attr Target=\"cm\"\n.function \"k_main\"\n";
    text += "    oword_ld (8) out 0x0:ud x.0\n";
    for i in 0..n {
        for r in 0..8 {
            text += &format!(
                "    mul (M1_NM, 16) v{i}({r},0)<1> x({},0)<1;1,0> {}:d\n",
                r % 2,
                7 * i + 16 * r + 3
            );
        }
    }
    for i in (1..n).rev() {
        for r in 0..8 {
            text += &format!("    mul (M1_NM, 16) v0({r},0)<1> v0({r},0)<1;1,0> v{i}({r},0)<1;1,0>\n");
        }
    }
    text += "    oword_st (8) out 0x0:ud v0.0\n    ret (M1, 1)\n";
    for p in ["PVC", "DG2"] {
        let o = run("k.visaasm", text.as_bytes(), p);
        assert_eq!(o.exit, Some(1), "{p}: GenX_IR's exit on a spill changed\n{}", o.log);
        assert!(o.log.contains("Spill memory used"), "{p}: no spill\n{}", o.log);
        assert!(o.found.is_empty(), "{p}: {:?}\n{}", o.found, o.log);
    }
}
