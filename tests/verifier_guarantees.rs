//! What LLVM's verifier guarantees genxc on bitcode, pinned: LLVM's bitcode reader accepts modules
//! that break the rules of SSA form (a use its definition does not dominate, an instruction that
//! is its own operand), phis that do not match their block's predecessors or sit below other
//! instructions, an entry block with predecessors, and a known LLVM intrinsic declared with the
//! wrong signature. The import (its validation checks types, linkage, calls and intrinsics of
//! GenX, not dominance or the shape of phis) and LLVM's instruction simplifier, which the import
//! runs, take all of these as given: only the verifier stands between such bitcode and a wrong
//! compile. Each case here is written as bitcode without verification (LLVM's text parser does
//! not verify) and must give the verifier's `error: FILE: invalid LLVM IR: ...` and no output,
//! on the whole-module path (`-j1`) and on the split one (`-j2`, chunks read lazily), so that a
//! change that skips or narrows the verifier (issue 21: it is a tenth of genxc's own work on
//! bitcode) cannot lose one of these errors unnoticed.

// (the crate that links LLVM, which inkwell calls)
use genxc_llvm_link as _;
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use std::process::Command;

/// A kernel's opening line, shared by the cases: a value and a condition to branch on.
const KERNEL: &str = "define dllexport void @k(i32 %a, i1 %c) {";

/// The malformed modules: their name, their text and the first line of the verifier's message.
fn cases() -> Vec<(&'static str, String, &'static str)> {
    let dominance = "entry:\n  br i1 %c, label %then, label %join\nthen:\n  %x = add i32 %a, 1\n  br label %join\njoin:\n  %y = mul i32 %x, 2\n  ret void\n}\n";
    let order = "entry:\n  %y = mul i32 %x, 2\n  %x = add i32 %a, 1\n  ret void\n}\n";
    let own_operand = "entry:\n  %s = select i1 %c, i32 %a, i32 %s\n  ret void\n}\n";
    let phi_edges = "entry:\n  br i1 %c, label %then, label %join\nthen:\n  br label %join\njoin:\n  %p = phi i32 [ 1, %entry ]\n  ret void\n}\n";
    let phi_below = "entry:\n  br i1 %c, label %then, label %join\nthen:\n  br label %join\njoin:\n  %y = add i32 %a, 1\n  %p = phi i32 [ 1, %entry ], [ 2, %then ]\n  ret void\n}\n";
    let entry_loop = "entry:\n  br i1 %c, label %entry, label %out\nout:\n  ret void\n}\n";
    let intrinsic = "entry:\n  %m = call i32 @llvm.smax.i32(i32 %a, i16 3)\n  ret void\n}\n";
    let dominates = "Instruction does not dominate all uses!";
    vec![
        ("dominance", format!("{KERNEL}\n{dominance}"), dominates),
        ("use_before_definition", format!("{KERNEL}\n{order}"), dominates),
        ("own_operand", format!("{KERNEL}\n{own_operand}"), "Only PHI nodes may reference their own value!"),
        (
            "phi_edges",
            format!("{KERNEL}\n{phi_edges}"),
            "PHINode should have one entry for each predecessor of its parent basic block!",
        ),
        ("phi_below", format!("{KERNEL}\n{phi_below}"), "PHI nodes not grouped at top of basic block!"),
        (
            "entry_loop",
            format!("{KERNEL}\n{entry_loop}"),
            "Entry block to function must not have predecessors!",
        ),
        (
            "intrinsic_signature",
            format!("declare i32 @llvm.smax.i32(i32, i16)\n{KERNEL}\n{intrinsic}"),
            "Intrinsic has incorrect argument type!",
        ),
    ]
}

/// `text` as bitcode, unverified.
fn bitcode(text: &str) -> Vec<u8> {
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "t.ll");
    let module = ctx.create_module_from_ir(buf).expect("the text parser accepts the case");
    let bytes = module.write_bitcode_to_memory().as_slice().to_vec();
    assert!(genxc_frontend::llvm::is_bitcode(&bytes));
    bytes
}

#[test]
fn bitcode_the_verifier_refuses_is_an_error_on_every_path() {
    for (name, text, message) in cases() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = format!("{name}.bc");
        std::fs::write(dir.path().join(&file), bitcode(&text)).expect("write the bitcode");
        for jobs in ["-j1", "-j2"] {
            let out = dir.path().join(format!("out{jobs}"));
            let run = Command::new(env!("CARGO_BIN_EXE_genxc"))
                .current_dir(dir.path())
                .args([file.as_str(), "-o"])
                .arg(&out)
                .args(["--emit", "zebin", jobs])
                .output()
                .expect("run genxc");
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert_eq!(run.status.code(), Some(1), "{name} {jobs}: {stderr}");
            let first = stderr.lines().next().unwrap_or("");
            assert_eq!(
                first,
                format!("error: {file}: invalid LLVM IR: {message}"),
                "{name} {jobs}: {stderr}"
            );
            let written = std::fs::read_dir(&out).map(|d| d.count()).unwrap_or(0);
            assert_eq!(written, 0, "{name} {jobs}: an output was written");
        }
    }
}
