//! Tests of genxc's InstSimplify without a pass manager (`simplify_instructions`, the shim's
//! `genxc_simplify_instructions`) against LLVM's own InstSimplify pass run by the legacy pass
//! manager: on floating-point arithmetic and conversions, which the shim leaves unasked where
//! no operand is a constant and no fast-math flag is set, both must leave the same functions.

use super::{run_function_passes, simplify_instructions};
use crate::import::raw::{ModuleRef, Val};
use inkwell::context::Context;
use inkwell::llvm_sys::transforms::scalar::LLVMAddInstructionSimplifyPass;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::values::AsValueRef;

/// Functions whose floating-point operations InstSimplify folds (on a constant operand, or with
/// fast-math flags on a negation or a subtraction) or leaves (neither), each returning its result.
const FLOATS: &str = r#"
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
"#;

/// `text` read into a module of `ctx`, and its defined functions.
fn module<'ctx>(ctx: &'ctx Context, text: &str) -> (inkwell::module::Module<'ctx>, Vec<Val>) {
    let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "floats.ll");
    let m = ctx.create_module_from_ir(buf).expect("test IR parses");
    let functions = m.get_functions().map(|f| Val(f.as_value_ref())).collect();
    (m, functions)
}

#[test]
fn float_operations_simplify_as_the_legacy_pass_does() {
    let ctx = Context::create();
    let (ours, functions) = module(&ctx, FLOATS);
    for &f in &functions {
        simplify_instructions(f);
    }
    let (theirs, functions) = module(&ctx, FLOATS);
    run_function_passes(&ModuleRef(theirs.as_mut_ptr()), &functions, &[LLVMAddInstructionSimplifyPass]);
    let ours = ours.print_to_string().to_string();
    assert_eq!(ours, theirs.print_to_string().to_string());
    // the folds a constant operand or the flags allow did happen; the plain operations stay
    for folded in ["add_negative_zero", "sub_zero", "mul_one", "reassoc"] {
        let body = ours.split(&format!("@{folded}(")).nth(1).unwrap();
        let body = &body[..body.find('}').unwrap()];
        assert!(body.contains("ret float %a") || body.contains("ret <2 x float> %a"), "{folded}: {body}");
    }
    for constant in ["add_undef", "nnan_negation", "nnan_self", "int_constant"] {
        let body = ours.split(&format!("@{constant}(")).nth(1).unwrap();
        let body = &body[..body.find('}').unwrap()];
        assert_eq!(body.matches(" = ").count(), 0, "{constant}: {body}");
    }
    for kept in ["fadd <4 x float> %a, %b", "fsub <4 x float> %s, %a", "sitofp <4 x i32> %i", "fpext <4 x half>"] {
        assert!(ours.contains(kept), "{kept}");
    }
}
