//! Bad inputs: every rule the GenX backend enforces on its input has a tiny fixture in
//! `tests/fixtures/bad/` and a test here that runs the `genxc` binary on it and checks the exit
//! code, the diagnostic text (with its `file:line:col` prefix when it has one) and that no output
//! file was written. A few positive fixtures check that what the rules allow is accepted.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad")
}

/// The outcome of one `genxc` run.
struct Run {
    code: Option<i32>,
    stderr: String,
    /// Every entry (files, folders, hidden temporaries) under the output folder, relative to it.
    files: Vec<String>,
    out: PathBuf,
    _tmp: tempfile::TempDir,
}

fn list_files(dir: &Path, prefix: &str, acc: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = format!("{prefix}{}", e.file_name().to_string_lossy());
        if e.path().is_dir() {
            list_files(&e.path(), &format!("{name}/"), acc);
        }
        acc.push(name);
    }
}

/// Runs `genxc INPUT -o <fresh folder> ARGS...` in `cwd`; the output folder does not exist before.
fn genxc_in(cwd: &Path, input: &str, args: &[&str]) -> Run {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let out = tmp.path().join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .current_dir(cwd)
        .arg(input)
        .arg("-o")
        .arg(&out)
        .args(args)
        .output()
        .expect("run genxc");
    let mut files = Vec::new();
    list_files(&out, "", &mut files);
    files.sort();
    Run {
        code: output.status.code(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        files,
        out,
        _tmp: tmp,
    }
}

/// Runs genxc on a fixture, from the fixture folder so diagnostics name it `NAME.ll`.
fn run(fixture: &str, args: &[&str]) -> Run {
    assert!(fixtures().join(fixture).is_file(), "missing fixture {fixture}");
    genxc_in(&fixtures(), fixture, args)
}

impl Run {
    fn no_crash(&self) {
        assert!(
            !self.stderr.contains("panicked") && !self.stderr.contains("RUST_BACKTRACE"),
            "genxc panicked:\n{}",
            self.stderr
        );
        assert!(
            matches!(self.code, Some(0..=2)),
            "genxc exited with {:?} (crash or unexpected code):\n{}",
            self.code,
            self.stderr
        );
    }

    /// Exit 1, every `needle` in standard error, and nothing in the output folder.
    fn fails_with(&self, needles: &[&str]) {
        self.no_crash();
        assert_eq!(self.code, Some(1), "expected exit code 1; stderr:\n{}", self.stderr);
        for n in needles {
            assert!(self.stderr.contains(n), "expected diagnostic\n  {n}\nin stderr:\n{}", self.stderr);
        }
        assert!(self.files.is_empty(), "no output expected, found {:?}", self.files);
    }

    /// Exit 0 and no error on standard error.
    fn succeeds(&self) {
        self.no_crash();
        assert_eq!(self.code, Some(0), "expected exit code 0; stderr:\n{}", self.stderr);
        assert!(!self.stderr.contains("error"), "unexpected diagnostics:\n{}", self.stderr);
    }

    /// The standard-error line that contains `needle`.
    fn line_with(&self, needle: &str) -> &str {
        self.stderr
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no diagnostic containing {needle:?} in:\n{}", self.stderr))
    }

    fn json(&self, name: &str) -> serde_json::Value {
        let text = std::fs::read_to_string(self.out.join(name)).expect("output file");
        serde_json::from_str(&text).expect("valid JSON")
    }
}

const NOT_GEN: &str =
    "is not a Gen type (Gen types are i1, i8, i16, half, i32, float, i64, double and vectors of them)";
const POINTER: &str = "is a pointer; pointers must not remain after mem2reg";

// ---------------------------------------------------------------------------------------------
// Non-Gen types

#[test]
fn type_i128_parameter() {
    run("type_i128_param.ll", &[]).fails_with(&[&format!(
        "type_i128_param.ll:4:35: error: in function @k: parameter %a: i128 {NOT_GEN}"
    )]);
}

#[test]
fn type_fp128() {
    run("type_fp128.ll", &[]).fails_with(&[&format!(
        "type_fp128.ll:6:3: error: in function @k, instruction %x: result type: fp128 {NOT_GEN}"
    )]);
}

#[test]
fn type_x86_fp80() {
    run("type_x86_fp80.ll", &[]).fails_with(&[&format!(
        "type_x86_fp80.ll:6:3: error: in function @k, instruction %x: result type: x86_fp80 {NOT_GEN}"
    )]);
}

/// A stack function's struct result whose fields have different widths does not pack into one
/// vector (aggregates of internal subroutines and the rest are split by prepare/aggregates, whose
/// former bad fixtures are in fixtures/aggregates/accepted).
#[test]
fn type_struct_mixed_stack_result() {
    run("type_struct_stack_mixed.ll", &[]).fails_with(&[&format!(
        "type_struct_stack_mixed.ll:4:30: error: in function @pair: return type: {{ i16, i32 }} {NOT_GEN}"
    )]);
}

#[test]
fn type_i7() {
    run("type_i7.ll", &[]).fails_with(&[&format!(
        "type_i7.ll:6:3: error: in function @k, instruction %t: result type: i7 {NOT_GEN}"
    )]);
}

#[test]
fn type_i24() {
    run("type_i24.ll", &[]).fails_with(&[&format!(
        "type_i24.ll:6:3: error: in function @k, instruction %t: result type: i24 {NOT_GEN}"
    )]);
}

#[test]
fn type_bfloat_is_held_as_bits() {
    let r = run("type_bfloat_ok.ll", &[]);
    r.succeeds();
    assert_eq!(r.files, vec!["k.visaasm".to_string()]);
}

#[test]
fn bfloat_from_double_is_not_modeled() {
    run("bfloat_fptrunc_double.ll", &[]).fails_with(&[
        "bfloat_fptrunc_double.ll:6:3: error: in function @k, instruction %b: unsupported: fptrunc from double to bfloat (rounding through float would round twice)",
    ]);
}

// ---------------------------------------------------------------------------------------------
// Linkage

const LINKAGE_TAIL: &str =
    "(the GenX backend accepts dllexport kernels, external functions and internal subroutines)";

#[test]
fn linkage_linkonce_odr() {
    run("linkage_linkonce_odr.ll", &[]).fails_with(&[&format!(
        "linkage_linkonce_odr.ll:4:26: error: in function @helper: unsupported linkage linkonce_odr {LINKAGE_TAIL}"
    )]);
}

#[test]
fn linkage_weak() {
    run("linkage_weak.ll", &[]).fails_with(&[&format!(
        "linkage_weak.ll:4:18: error: in function @helper: unsupported linkage weak {LINKAGE_TAIL}"
    )]);
}

#[test]
fn linkage_private() {
    run("linkage_private.ll", &[]).fails_with(&[&format!(
        "linkage_private.ll:4:21: error: in function @helper: unsupported linkage private {LINKAGE_TAIL}"
    )]);
}

/// `internal dllexport` is rejected, and the message must say that the *combination* is the
/// problem: "unsupported linkage internal (... accepts ... internal subroutines)" contradicts itself.
#[test]
fn linkage_internal_dllexport() {
    let r = run("linkage_internal_dllexport.ll", &[]);
    r.fails_with(&["linkage_internal_dllexport.ll:4:32: error: in function @helper: "]);
    let line = r.line_with("in function @helper: ");
    let msg = line.split("in function @helper: ").nth(1).unwrap();
    assert!(
        !msg.starts_with("unsupported linkage internal (") && msg.contains("dllexport"),
        "misleading message for an internal dllexport function (should say internal functions cannot be dllexport): {line}"
    );
}

#[test]
fn linkage_dllexport_is_a_kernel() {
    let r = run("linkage_dllexport_ok.ll", &[]);
    r.succeeds();
    assert_eq!(r.files, vec!["k.visaasm".to_string()]);
}

#[test]
fn linkage_external_with_body_not_called_is_accepted() {
    let r = run("linkage_external_body_ok.ll", &[]);
    r.succeeds();
    assert_eq!(r.files, vec!["k.visaasm".to_string()]);
}

// ---------------------------------------------------------------------------------------------
// Global variables

#[test]
fn global_variable() {
    // Unused globals (external, common, constant) are dropped: a GenX thread has no data segment.
    for f in ["global_variable.ll", "global_common.ll", "global_constant.ll"] {
        run(f, &[]).succeeds();
    }
}

// ---------------------------------------------------------------------------------------------
// Memory

const ALLOCA: &str = "alloca remains after mem2reg: loads and stores are only allowed through static allocas that mem2reg removes";
const LOAD: &str = "load from memory: loads are only allowed from static allocas that mem2reg removes";
const STORE: &str = "store to memory: stores are only allowed to static allocas that mem2reg removes";

#[test]
fn load_through_pointer_argument() {
    run("load_pointer_arg.ll", &[]).fails_with(&[
        &format!("load_pointer_arg.ll:4:21: error: in function @get: parameter %p: i32* {POINTER}"),
        &format!("load_pointer_arg.ll:6:3: error: in function @get, instruction %v: {LOAD}"),
    ]);
}

#[test]
fn alloca_escaping_into_an_internal_call_is_inlined() {
    // The subroutine takes the slot by reference: it is inlined, and the slot promoted.
    run("alloca_escapes.ll", &[]).succeeds();
}

#[test]
fn alloca_with_volatile_load_lives_in_stack_memory() {
    // Once refused: the slot now gets private stack memory, its volatile load a message.
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/memory/accepted/alloca_volatile.ll");
    let r = genxc_in(path.parent().unwrap(), "alloca_volatile.ll", &["--emit", "metadata"]);
    r.succeeds();
    let json = std::fs::read_to_string(r.out.join("kernels.json")).expect("kernels.json");
    assert!(json.contains("\"implicit\": \"private_base\""), "{json}");
    assert!(json.contains("\"per_thread\": 8192"), "{json}");
}

#[test]
fn private_memory_over_the_stack_size() {
    run("stack_memory_too_large.ll", &[]).fails_with(&[
        "stack_memory_too_large.ll:8:3: error: in function @k, instruction %big: unsupported: private memory of 12000 bytes per thread (the kernel's frame and the deepest chain of frames of the functions it calls), over the 8192 of the stack (-stateless-stack-mem-size)",
    ]);
    // The same kernel fits a larger stack, which kernels.json gives the runtime.
    let r = run("stack_memory_too_large.ll", &["--stateless-stack-mem-size=16384", "--emit", "metadata"]);
    r.succeeds();
    let json = std::fs::read_to_string(r.out.join("kernels.json")).expect("kernels.json");
    assert!(json.contains("\"per_thread\": 16384"), "{json}");
    // A size that is not a multiple of 16 is a usage error.
    let r = run("stack_memory_too_large.ll", &["--stateless-stack-mem-size=100"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("multiple of 16"), "{}", r.stderr);
}

#[test]
fn alloca_dynamic_outside_entry_block() {
    run("alloca_dynamic.ll", &[]).fails_with(&[
        &format!("alloca_dynamic.ll:8:3: error: in function @k, instruction %buf: {ALLOCA}"),
        &format!("alloca_dynamic.ll:10:3: error: in function @k, instruction %v: {LOAD}"),
    ]);
}

/// An unnamed instruction is named by its printed text, which LLVM completes (`, align 4`); the
/// location must still be the instruction's own line, not the function's `define` line.
#[test]
fn unnamed_store_is_located_at_its_line() {
    let r = run("alloca_dynamic.ll", &[]);
    r.fails_with(&[&format!(
        "alloca_dynamic.ll:9:3: error: in function @k, instruction store i32 0, i32* %buf, align 4: {STORE}"
    )]);
}

// ---------------------------------------------------------------------------------------------
// Calls

#[test]
fn call_to_unknown_genx_intrinsic() {
    run("call_unknown_genx.ll", &[]).fails_with(&[
        "call_unknown_genx.ll:8:3: error: in function @k, instruction %r: unknown GenX intrinsic llvm.genx.frobnicate",
    ]);
}

#[test]
fn call_to_unsupported_llvm_intrinsic() {
    // A memcpy of constant size is compiled (tests/fixtures/memory/accepted/call_llvm_memcpy.ll);
    // one of a run-time length is not.
    run("call_llvm_memcpy_runtime_size.ll", &[]).fails_with(&[
        // The kernel's pointer parameters are integers by then: the call reads their `inttoptr`s.
        "call_llvm_memcpy_runtime_size.ll:7:35: error: in function @k, instruction call void @llvm.memcpy.p1i8.p1i8.i64(i8 addrspace(1)* %0, i8 addrspace(1)* %1, i64 %n, i1 false): unsupported: a memory intrinsic of a length known only at run time",
    ]);
}

#[test]
fn indirect_call() {
    // an indirect call through a subroutine's parameter compiles now (calls/call_indirect.ll, in
    // tests/finalizer.rs); through a kernel's parameter it cannot
    run("call_indirect_kernel_param.ll", &[]).fails_with(&[
        "call_indirect_kernel_param.ll:6:3: error: in function @k, instruction call void %fp(): unsupported: a function pointer parameter of @k (a kernel's or a stack function's: not modeled)",
    ]);
}

#[test]
fn predefined_variable_region_past_its_end() {
    run("predef_var_region_past_end.ll", &[]).fails_with(&[
        "predef_var_region_past_end.ll:9:3: error: in function @k, instruction %l: unsupported: a read of %local_id_buf_ptr with region <4;4,1> at byte offset 0: it reaches past the variable's one element",
    ]);
}

#[test]
fn inline_asm_constraints_genxc_cannot_honour() {
    // inline assembly itself compiles (intrinsics/inline_asm.ll and
    // intrinsics/accepted/call_inline_asm.ll, in tests/finalizer.rs); these constraints do not
    let cases = [
        // tied, raw and clobber constraints and several outputs compile now
        // (intrinsics/accepted/inline_asm_tied.ll, inline_asm_raw.ll, inline_asm_clobber.ll,
        // inline_asm_two_outputs.ll, in tests/finalizer.rs)
        (
            "inline_asm_predicate.ll",
            "unsupported: an inline assembly `cr` input of type i32 (a predicate is i1)",
        ),
        (
            "inline_asm_operand_number.ll",
            "inline assembly template `mov (M1, 1) $0 $2` refers to $2, but it has 2 operands",
        ),
    ];
    for (fixture, why) in cases {
        run(fixture, &[])
            .fails_with(&[&format!("{fixture}:6:3: error: in function @k, instruction %r: {why}")]);
    }
}

#[test]
fn inline_asm_immediate_from_a_variable_is_a_register_with_a_warning() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/intrinsics/accepted/x.ll");
    let r = genxc_in(path.parent().unwrap(), "inline_asm_immediate_register.ll", &[]);
    r.succeeds();
    assert!(
        r.stderr.contains("inline_asm_immediate_register.ll:10:3: warning: in function @k, instruction %r: inline assembly `add (M1, 1) $0 $1 0x3:d`: input 0 has the immediate constraint but is not a constant; it is given a register"),
        "{}",
        r.stderr
    );
}

#[test]
fn inline_asm_has_no_isa_encoding() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/intrinsics/inline_asm.ll");
    let r = genxc_in(path.parent().unwrap(), "inline_asm.ll", &["--emit", "isa"]);
    r.fails_with(&[
        "inline_asm.ll:17:3: error: in function @inline_asm, instruction %s: unsupported: --emit isa of inline assembly: its vISA text has no .isa encoding; emit visaasm",
    ]);
    genxc_in(path.parent().unwrap(), "inline_asm.ll", &["--emit", "visaasm"]).succeeds();
}

// ---------------------------------------------------------------------------------------------
// Unsupported instructions

#[test]
fn atomicrmw() {
    run("inst_atomicrmw.ll", &[])
        .fails_with(&["inst_atomicrmw.ll:6:3: error: in function @bump, instruction %old: unsupported: atomicrmw instruction"]);
}

#[test]
fn fence() {
    run("inst_fence.ll", &[]).fails_with(&[
        "inst_fence.ll:6:3: error: in function @k, instruction fence seq_cst: unsupported: fence instruction",
    ]);
}

#[test]
fn freeze() {
    run("inst_freeze.ll", &[]).fails_with(&[
        "inst_freeze.ll:6:3: error: in function @k, instruction %f: unsupported: freeze instruction",
    ]);
}

#[test]
fn getelementptr() {
    run("inst_gep.ll", &[]).fails_with(&[
        "inst_gep.ll:6:3: error: in function @next, instruction %q: unsupported: getelementptr instruction",
    ]);
}

#[test]
fn constant_expression_operand() {
    run("constexpr_operand.ll", &[]).fails_with(&[
        "constexpr_operand.ll:6:3: error: in function @k, instruction %x: unsupported: constant expression i64 ptrtoint (void (i64)* @k to i64)",
    ]);
}

// ---------------------------------------------------------------------------------------------
// Recursion

#[test]
fn mutual_recursion() {
    run("recursion.ll", &[]).fails_with(&[
        "recursion.ll:16:35: error: in function @k: recursion is not supported by the GenX backend through subroutines: @a -> @b -> @a (make a function of the cycle a stack function: external linkage or \"CMStackCall\")",
    ]);
}

#[test]
fn self_recursion() {
    run("recursion_self.ll", &[]).fails_with(&[
        "recursion_self.ll:10:35: error: in function @k: recursion is not supported by the GenX backend through subroutines: @a -> @a (make a function of the cycle a stack function: external linkage or \"CMStackCall\")",
    ]);
}

// ---------------------------------------------------------------------------------------------
// genx.kernels metadata

const MD: &str = "error: invalid genx.kernels metadata for 'k': ";

#[test]
fn md_partial_node_is_completed() {
    // fn, name, kinds, SLM, offsets: the IO kinds and type descriptors are completed as IGC does
    let r = run("md_partial_node.ll", &[]);
    r.succeeds();
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn md_offsets_outside_the_input_area_are_recomputed() {
    // offset 32 lies in r0 of PVC's 64-byte GRFs: laid out again, with a warning
    let r = run("md_offset_in_r0.ll", &["--platform", "pvc", "--emit", "metadata"]);
    r.succeeds();
    assert!(
        r.stderr.contains("warning: genx.kernels metadata for 'k': the given argument offsets do not fit pvc (argument 0 at byte 32 is outside the input area [64, 8192)); recomputed"),
        "{}",
        r.stderr
    );
    let json = std::fs::read_to_string(r.out.join("kernels.json")).expect("kernels.json");
    assert!(json.contains("\"offset\": 128"), "{json}");
}

#[test]
fn md_operand0_not_a_function() {
    run("md_op0_not_function.ll", &[]).fails_with(&[
        "error: invalid genx.kernels metadata: operand 0 must be a function, found the string \"k\"",
    ]);
}

#[test]
fn md_function_not_a_kernel() {
    run("md_not_kernel.ll", &[]).fails_with(&[
        "error: invalid genx.kernels metadata for 'f': function @f is not a kernel (it must be dllexport)",
    ]);
}

#[test]
fn md_kind_count_differs_from_argument_count() {
    run("md_kind_count.ll", &[])
        .fails_with(&[&format!("{MD}2 argument kinds given for 3 arguments (one kind per argument)")]);
}

#[test]
fn md_unknown_argument_kind() {
    run("md_unknown_kind.ll", &[]).fails_with(&[&format!("{MD}argument 1 has the unknown kind 5")]);
}

#[test]
fn md_surface_argument_not_i32() {
    run("md_surface_not_i32.ll", &[])
        .fails_with(&[&format!("{MD}argument 0 is a surface and must be i32, not float")]);
}

#[test]
fn md_unknown_io_kind() {
    run("md_unknown_io_kind.ll", &[]).fails_with(&[&format!("{MD}argument 1 has the unknown IO kind 7")]);
}

#[test]
fn md_offsets_overlap() {
    recomputed("md_offsets_overlap.ll", "arguments 0 and 1 overlap");
}

#[test]
fn md_offset_straddles_grf() {
    recomputed("md_offsets_straddle.ll", "argument 2 at byte 94 (4 bytes) straddles a GRF boundary");
}

#[test]
fn md_offset_in_r0() {
    recomputed("md_offsets_r0.ll", "argument 0 at byte 16 is outside the input area [32, ");
}

#[test]
fn md_offset_past_the_input_area_or_unaligned() {
    recomputed(
        "md_offset_past_input_area.ll",
        "argument 1 at byte 100000 is outside the input area [32, 4096)",
    );
    recomputed(
        "md_offset_big_arg_unaligned.ll",
        "argument 1 at byte 48 is larger than a GRF and must be GRF aligned",
    );
}

/// Given argument offsets that do not fit are laid out again (as IGC does), with a warning that
/// gives the reason.
fn recomputed(fixture: &str, why: &str) {
    let r = run(fixture, &[]);
    r.succeeds();
    let line = r.line_with("warning: genx.kernels metadata for 'k': the given argument offsets do not fit");
    assert!(line.contains(why) && line.ends_with("; recomputed"), "{line}");
}

#[test]
fn md_same_kernel_twice() {
    run("md_duplicate_kernel.ll", &[])
        .fails_with(&[&format!("{MD}the function has more than one genx.kernels node")]);
}

fn arg_offsets(kernels: &serde_json::Value) -> Vec<u64> {
    kernels["kernels"][0]["args"].as_array().unwrap().iter().map(|a| a["offset"].as_u64().unwrap()).collect()
}

#[test]
fn md_old_layout_with_asm_name_is_accepted() {
    let r = run("md_old_layout_ok.ll", &["--emit", "metadata"]);
    r.succeeds();
    assert_eq!(r.files, vec!["kernels.json".to_string()]);
    let j = r.json("kernels.json");
    assert_eq!(j["kernels"].as_array().unwrap().len(), 1);
    assert_eq!(j["kernels"][0]["name"], "k");
    assert_eq!(arg_offsets(&j), vec![96, 100, 104]);
    let kinds: Vec<&str> =
        j["kernels"][0]["args"].as_array().unwrap().iter().map(|a| a["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["general", "surface", "surface"]);
    // The plain compile of the same input works too.
    run("md_old_layout_ok.ll", &[]).succeeds();
}

#[test]
fn md_new_layout_is_accepted() {
    let r = run("md_new_layout_ok.ll", &["--emit", "metadata"]);
    r.succeeds();
    assert_eq!(r.files, vec!["kernels.json".to_string()]);
    let j = r.json("kernels.json");
    let k = &j["kernels"][0];
    assert_eq!(k["name"], "k");
    assert_eq!(k["slm_size"], 1024);
    assert_eq!(k["named_barriers"], 2);
    assert_eq!(arg_offsets(&j), vec![64, 68, 72]);
    assert_eq!(k["args"][1]["io_kind"], "input");
    assert_eq!(k["args"][2]["io_kind"], "input_output");
    assert_eq!(k["args"][2]["type_desc"], "buffer_t read_write");
    // Computed offsets follow the platform's GRF size.
    let pvc = run("md_new_layout_ok.ll", &["--emit", "metadata", "--platform", "pvc"]);
    pvc.succeeds();
    assert_eq!(arg_offsets(&pvc.json("kernels.json")), vec![128, 132, 136]);
}

// ---------------------------------------------------------------------------------------------
// Region operands

#[test]
fn region_non_constant_width() {
    run("region_nonconst_width.ll", &[]).fails_with(&[
        "region_nonconst_width.ll:8:3: error: in function @k, instruction %r: llvm.genx.rdregionf: width must be a constant integer, found i32 %w",
    ]);
}

/// Regions that start inside their vector and reach past its end (former bad fixtures, now in
/// fixtures/kernels/accepted): compiled, each with the warning its `; warns: ` line gives.
#[test]
fn regions_past_the_end_of_their_vector_compile_with_a_warning() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kernels/accepted");
    for name in [
        "rd_start_inside_past_end.ll",
        "rd_rows_past_end.ll",
        "rd_stride_past_end.ll",
        "rd_wrong_result_count.ll",
        "wr_past_end.ll",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("fixture");
        let want: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("; warns: ")).collect();
        assert_eq!(want.len(), 1, "{name}");
        let r = genxc_in(&dir, name, &[]);
        let got: Vec<&str> = r.stderr.lines().filter(|l| l.contains("warning: ")).collect();
        assert_eq!((r.code, got), (Some(0), want), "{name}: {}", r.stderr);
        assert!(r.files.iter().any(|f| f.ends_with(".visaasm")), "{name}: {:?}", r.files);
    }
}

#[test]
fn region_start_not_multiple_of_element_size() {
    run("region_misaligned_start.ll", &[]).fails_with(&[
        "region_misaligned_start.ll:8:3: error: in function @k, instruction %r: llvm.genx.rdregionf: start byte 2 is not a multiple of the element size 4",
    ]);
}

#[test]
fn region_wrregion_mask_width() {
    run("region_wr_mask_width.ll", &[]).fails_with(&[
        "region_wr_mask_width.ll:8:3: error: in function @k, instruction %r: llvm.genx.wrregionf: the mask must be i1 or <8 x i1>, not <4 x i1>",
    ]);
}

#[test]
fn region_wrong_operand_count() {
    run("region_operand_count.ll", &[]).fails_with(&[
        "region_operand_count.ll:8:3: error: in function @k, instruction %r: llvm.genx.rdregionf takes 6 operands, found 5",
    ]);
}

// ---------------------------------------------------------------------------------------------
// Files and syntax

#[test]
fn syntax_error_undefined_value() {
    run("syntax_error.ll", &[])
        .fails_with(&["syntax_error.ll:6:20: error: use of undefined value '%nosuchvalue'"]);
}

#[test]
fn syntax_error_garbage() {
    run("syntax_garbage.ll", &[]).fails_with(&["syntax_garbage.ll:4:1: error: expected top-level entity"]);
}

#[test]
fn bitcode_magic_then_garbage() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"BC\xC0\xDE".to_vec();
    bytes.extend((0u8..64).map(|i| i.wrapping_mul(37)));
    std::fs::write(dir.path().join("junk.bc"), &bytes).unwrap();
    genxc_in(dir.path(), "junk.bc", &[]).fails_with(&["error: junk.bc: invalid LLVM bitcode: "]);
}

#[test]
fn bitcode_truncated_by_half() {
    let dir = tempfile::tempdir().unwrap();
    let bc = dir.path().join("good.bc");
    let status = Command::new("llvm-as-14")
        .arg(fixtures().join("linkage_dllexport_ok.ll"))
        .arg("-o")
        .arg(&bc)
        .status();
    let Ok(status) = status else {
        eprintln!("llvm-as-14 not found; skipping");
        return;
    };
    assert!(status.success());
    // The whole file compiles.
    genxc_in(dir.path(), "good.bc", &[]).succeeds();
    let bytes = std::fs::read(&bc).unwrap();
    // Half, rounded down to a whole 32-bit word, and half exactly (maybe not a whole word).
    std::fs::write(dir.path().join("cut.bc"), &bytes[..(bytes.len() / 2) & !3]).unwrap();
    genxc_in(dir.path(), "cut.bc", &[]).fails_with(&["error: cut.bc: invalid LLVM bitcode: "]);
    std::fs::write(dir.path().join("odd.bc"), &bytes[..bytes.len() / 2 + 1]).unwrap();
    genxc_in(dir.path(), "odd.bc", &[]).fails_with(&["error: odd.bc: invalid LLVM bitcode: "]);
}

/// LLVM 14's bitcode reader calls `report_fatal_error` (which ends the process) on an invalid
/// abbreviation encoding (input found by fuzzing): the command reports it as the input's error,
/// and the library's bitstream check refuses it before LLVM reads it.
#[test]
fn bitcode_that_makes_llvm_abort() {
    run("bitcode_bad_abbrev.bc", &[]).fails_with(&[
        "error: bitcode_bad_abbrev.bc: invalid LLVM bitcode: Invalid encoding (LLVM stopped reading it)",
    ]);
    let r = run("bitcode_bad_abbrev.bc", &[]);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    // in this process: it would end it if LLVM read it
    let bytes = std::fs::read(fixtures().join("bitcode_bad_abbrev.bc")).unwrap();
    let outcome = genxc::compile_inputs(
        &[genxc::Input { name: "bitcode_bad_abbrev.bc".into(), bytes }],
        &genxc::CompileOptions::default(),
    );
    assert!(outcome.failed() && outcome.outputs.is_empty());
    assert!(outcome.log().contains("an abbreviation operand of encoding 0"), "{}", outcome.log());
}

/// LLVM's metadata loader crashes on some malformed metadata records (a segmentation fault), and
/// asks for an allocation of a size others make up (LLVM then aborts: out of memory). Both inputs
/// were found by fuzzing; the command reports them as the input's error, with exit code 1 and no
/// output.
#[test]
fn bitcode_that_makes_llvm_crash() {
    for (fixture, why) in [
        ("bitcode_metadata_crash.bc", "LLVM crashed reading it (SIGSEGV)"),
        ("bitcode_huge_allocation.bc", "LLVM ran out of memory reading it"),
    ] {
        for emit in ["visaasm", "zebin"] {
            let r = run(fixture, &["--emit", emit]);
            r.fails_with(&[&format!("error: {fixture}: invalid LLVM bitcode: {why}")]);
            assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        }
    }
}

#[test]
fn empty_file_has_no_kernels() {
    // An empty file cannot carry the fixture comment, so it is made here.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.ll"), b"").unwrap();
    let r = genxc_in(dir.path(), "empty.ll", &[]);
    r.succeeds();
    assert!(r.files.is_empty(), "no kernels, so no output: {:?}", r.files);
    genxc_in(dir.path(), "empty.ll", &["--emit", "metadata"]).succeeds();
}

#[test]
fn comment_only_file_has_no_kernels() {
    let r = run("comment_only.ll", &[]);
    r.succeeds();
    assert!(r.files.is_empty(), "no kernels, so no output: {:?}", r.files);
}

#[test]
fn nul_bytes() {
    run("nul_bytes.ll", &[]).fails_with(&[
        "error: nul_bytes.ll: not LLVM IR: the file is neither bitcode nor text (it contains NUL bytes)",
    ]);
}

#[test]
fn missing_input_file() {
    let dir = tempfile::tempdir().unwrap();
    genxc_in(dir.path(), "no_such_file.ll", &[]).fails_with(&["error: cannot read 'no_such_file.ll'"]);
}

#[test]
fn a_file_name_that_is_not_utf8_is_refused() {
    // outputs are named after the input: a name made text (x\u{FFFD}.bin) would be another file
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"x\xff.ll");
    std::fs::copy(fixtures().join("linkage_dllexport_ok.ll"), dir.path().join(name)).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .current_dir(dir.path())
        .arg(name)
        .args(["-o", "out", "--depfile", "out.d"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the file name is not UTF-8"), "{stderr}");
    assert!(!dir.path().join("out").exists() && !dir.path().join("out.d").exists());
}

#[test]
fn unknown_platform_is_a_usage_error() {
    let r = run("linkage_dllexport_ok.ll", &["--platform", "foo"]);
    r.no_crash();
    assert_eq!(r.code, Some(2), "stderr:\n{}", r.stderr);
    assert!(r.stderr.contains("invalid value 'foo'"), "stderr:\n{}", r.stderr);
    assert!(r.files.is_empty(), "{:?}", r.files);
}

// ---------------------------------------------------------------------------------------------
// What the first vISA back end cannot emit yet: exit 1 and no output, never wrong code

/// Inputs the first instruction selection refused now compile: control flow, phis, compares,
/// media block loads and subroutine calls (the GenX_IR suites check their code).
#[test]
fn formerly_unsupported_constructs_compile() {
    for f in ["unsup_branch.ll", "unsup_fcmp.ll", "unsup_media_ld.ll", "unsup_subroutine.ll"] {
        run(f, &[]).succeeds();
    }
}

// ---------------------------------------------------------------------------------------------
// The table: fixtures that carry their own expectations

/// Every fixture with `; expect: ` lines is one case: genxc (with the fixture's `; args: `, if any)
/// must exit with 1, print exactly those diagnostic lines (every standard-error line holding
/// `error: ` or `warning: `, in order, with `file:line:col`), and write nothing. The expectations
/// follow the body (or, for files cut short, precede it) so they do not move what they locate.
#[test]
fn table_of_bad_inputs() {
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut names: Vec<_> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for name in names.iter().filter(|n| n.ends_with(".ll")) {
        let text = String::from_utf8_lossy(&std::fs::read(fixtures().join(name)).unwrap()).into_owned();
        let expect: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("; expect: ")).collect();
        if expect.is_empty() {
            continue;
        }
        cases += 1;
        let args: Vec<&str> =
            text.lines().filter_map(|l| l.strip_prefix("; args: ")).flat_map(str::split_whitespace).collect();
        for e in &expect {
            // Every case is located: at file:line:col, or (whole-file problems) at the file.
            if !e.starts_with(&format!("{name}:")) && !e.starts_with(&format!("error: {name}: ")) {
                failures.push(format!("{name}: expectation without a location: {e}"));
            }
        }
        let r = run(name, &args);
        let got: Vec<&str> =
            r.stderr.lines().filter(|l| l.contains("error: ") || l.contains("warning: ")).collect();
        if r.code != Some(1) || got != expect || !r.files.is_empty() || r.stderr.contains("panicked") {
            failures.push(format!(
                "{name}: exit {:?}, files {:?}\n  expected: {expect:#?}\n  got: {:#?}",
                r.code, r.files, r.stderr
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} table cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // With the hand-written tests above, the suite has well over 150 malformed inputs.
    assert!(cases >= 150, "only {cases} table cases");
}

/// Every fixture in the folder is used: by the table, or by name in a test of this file.
#[test]
fn every_bad_fixture_is_used() {
    let source = include_str!("bad_input.rs");
    for e in std::fs::read_dir(fixtures()).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        let text = String::from_utf8_lossy(&std::fs::read(fixtures().join(&name)).unwrap()).into_owned();
        assert!(
            text.contains("; expect: ") || source.contains(&format!("\"{name}\"")),
            "fixture {name} is used by no test"
        );
    }
}

/// The text pre-check and validation agree on the longest vector.
#[test]
fn vector_limits_agree() {
    assert_eq!(
        genxc_frontend::limits::MAX_VECTOR_ELEMS,
        u64::from(genxc_genx::import::validate::MAX_VECTOR_ELEMS)
    );
}
