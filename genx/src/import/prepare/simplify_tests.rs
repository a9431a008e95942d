//! Tests of genxc's InstSimplify without a pass manager (`simplify_instructions`, the shim's
//! `genxc_simplify_instructions`) against LLVM's own InstSimplify pass run by the legacy pass
//! manager: on floating-point arithmetic and conversions, which the shim leaves unasked where no
//! operand is a constant and no fast-math flag is set, and on integer additions, both must leave
//! the same functions.

use super::{run_function_passes, simplify_instructions};
use crate::import::raw::{ModuleRef, Val};
use inkwell::context::Context;
use inkwell::llvm_sys::transforms::scalar::LLVMAddInstructionSimplifyPass;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::values::AsValueRef;

/// Functions whose operations InstSimplify folds (on a constant operand; with fast-math flags on a
/// negation or a subtraction; an addition of a difference, a complement, a sum, or of `i1`
/// lanes) or leaves (none of these), each returning its result.
const OPERATIONS: &str = r#"
define <4 x float> @plain(<4 x float> %a, <4 x float> %b) {
  %s = fadd <4 x float> %a, %b
  %d = fsub <4 x float> %s, %a
  %m = fmul <4 x float> %d, %b
  ret <4 x float> %m
}
define float @add_negative_zero(float %a) {
  %r = fadd float %a, -0.0
  ret float %r
}
define float @sub_zero(float %a) {
  %r = fsub float %a, 0.0
  ret float %r
}
define <2 x float> @mul_one(<2 x float> %a) {
  %r = fmul <2 x float> %a, <float 1.0, float 1.0>
  ret <2 x float> %r
}
define float @add_undef(float %a) {
  %r = fadd float undef, %a
  ret float %r
}
define float @nnan_negation(float %a) {
  %n = fneg float %a
  %r = fadd nnan float %n, %a
  ret float %r
}
define float @nnan_self(float %a) {
  %r = fsub nnan float %a, %a
  ret float %r
}
define float @reassoc(float %a, float %b) {
  %d = fsub reassoc nsz float %a, %b
  %r = fadd reassoc nsz float %d, %b
  ret float %r
}
define float @int_constant() {
  %r = sitofp i32 7 to float
  ret float %r
}
define float @ext_trunc(float %a) {
  %e = fpext float %a to double
  %r = fptrunc double %e to float
  ret float %r
}
define double @trunc_ext(double %a) {
  %t = fptrunc double %a to float
  %r = fpext float %t to double
  ret double %r
}
define <4 x float> @converted(<4 x i32> %i, <4 x half> %h) {
  %f = sitofp <4 x i32> %i to <4 x float>
  %u = uitofp <4 x i32> %i to <4 x float>
  %e = fpext <4 x half> %h to <4 x float>
  %s = fadd <4 x float> %f, %u
  %t = fmul <4 x float> %s, %e
  ret <4 x float> %t
}
define <4 x i32> @plain_add(<4 x i32> %a, <4 x i32> %b) {
  %s = add <4 x i32> %a, %b
  %t = add nsw <4 x i32> %s, %a
  ret <4 x i32> %t
}
define i32 @add_zero(i32 %a) {
  %r = add i32 0, %a
  ret i32 %r
}
define i32 @add_difference(i32 %a, i32 %b) {
  %d = sub i32 %b, %a
  %r = add i32 %a, %d
  ret i32 %r
}
define i32 @add_complement(i32 %a) {
  %n = xor i32 %a, -1
  %r = add i32 %n, %a
  ret i32 %r
}
define i32 @add_reassociated(i32 %a, i32 %b) {
  %d = sub i32 0, %b
  %s = add i32 %a, %b
  %r = add i32 %s, %d
  ret i32 %r
}
define i1 @add_predicates(i1 %a) {
  %r = add i1 %a, %a
  ret i1 %r
}
"#;

/// `text` read into a module of `ctx`, and its defined functions.
fn module<'ctx>(ctx: &'ctx Context, text: &str) -> (inkwell::module::Module<'ctx>, Vec<Val>) {
    let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "floats.ll");
    let m = ctx.create_module_from_ir(buf).expect("test IR parses");
    let functions = m.get_functions().map(|f| Val(f.as_value_ref())).collect();
    (m, functions)
}

#[test]
fn operations_left_unasked_simplify_as_the_legacy_pass_does() {
    let ctx = Context::create();
    let (ours, functions) = module(&ctx, OPERATIONS);
    for &f in &functions {
        simplify_instructions(f);
    }
    let (theirs, functions) = module(&ctx, OPERATIONS);
    run_function_passes(&ModuleRef(theirs.as_mut_ptr()), &functions, &[LLVMAddInstructionSimplifyPass]);
    let ours = ours.print_to_string().to_string();
    assert_eq!(ours, theirs.print_to_string().to_string());
    // the folds a constant operand or the flags allow did happen; the plain operations stay
    for folded in ["add_negative_zero", "sub_zero", "mul_one", "reassoc", "add_zero", "add_reassociated"] {
        let body = ours.split(&format!("@{folded}(")).nth(1).unwrap();
        let body = &body[..body.find('}').unwrap()];
        assert!(
            ["ret float %a", "ret <2 x float> %a", "ret i32 %a"].iter().any(|r| body.contains(r)),
            "{folded}: {body}"
        );
    }
    let body = ours.split("@add_difference(").nth(1).unwrap();
    assert!(body[..body.find('}').unwrap()].contains("ret i32 %b"), "{body}");
    for constant in
        ["add_undef", "nnan_negation", "nnan_self", "int_constant", "add_complement", "add_predicates"]
    {
        let body = ours.split(&format!("@{constant}(")).nth(1).unwrap();
        let body = &body[..body.find('}').unwrap()];
        assert_eq!(body.matches(" = ").count(), 0, "{constant}: {body}");
    }
    for kept in [
        "fadd <4 x float> %a, %b",
        "fsub <4 x float> %s, %a",
        "sitofp <4 x i32> %i",
        "fpext <4 x half>",
        "add <4 x i32> %a, %b",
        "add nsw <4 x i32> %s, %a",
    ] {
        assert!(ours.contains(kept), "{kept}");
    }
}
