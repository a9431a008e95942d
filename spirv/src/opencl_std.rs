//! The OpenCL.std extended instructions the reader rebuilds, as the LLVM intrinsics the GenX
//! back end reads (the translator writes LLVM's `fabs`, `sqrt`, `minnum`, ... as these).

use crate::types::Ty;

/// An OpenCL.std instruction: number, name, LLVM intrinsic base name and trailing constant
/// arguments.
struct ExtInst {
    number: u32,
    name: &'static str,
    intrinsic: Option<&'static str>,
    extra: &'static [(&'static str, &'static str)],
}

/// The instructions known by number (OpenCL.std's numbering); those without an intrinsic are
/// named in diagnostics only.
const TABLE: &[ExtInst] = &[
    ExtInst { number: 12, name: "ceil", intrinsic: Some("llvm.ceil"), extra: &[] },
    ExtInst { number: 13, name: "copysign", intrinsic: Some("llvm.copysign"), extra: &[] },
    ExtInst { number: 14, name: "cos", intrinsic: Some("llvm.cos"), extra: &[] },
    ExtInst { number: 19, name: "exp", intrinsic: Some("llvm.exp"), extra: &[] },
    ExtInst { number: 20, name: "exp2", intrinsic: Some("llvm.exp2"), extra: &[] },
    ExtInst { number: 23, name: "fabs", intrinsic: Some("llvm.fabs"), extra: &[] },
    ExtInst { number: 25, name: "floor", intrinsic: Some("llvm.floor"), extra: &[] },
    ExtInst { number: 26, name: "fma", intrinsic: Some("llvm.fma"), extra: &[] },
    ExtInst { number: 27, name: "fmax", intrinsic: Some("llvm.maxnum"), extra: &[] },
    ExtInst { number: 28, name: "fmin", intrinsic: Some("llvm.minnum"), extra: &[] },
    ExtInst { number: 37, name: "log", intrinsic: Some("llvm.log"), extra: &[] },
    ExtInst { number: 38, name: "log2", intrinsic: Some("llvm.log2"), extra: &[] },
    ExtInst { number: 42, name: "mad", intrinsic: Some("llvm.fmuladd"), extra: &[] },
    ExtInst { number: 48, name: "pow", intrinsic: Some("llvm.pow"), extra: &[] },
    ExtInst { number: 53, name: "rint", intrinsic: Some("llvm.rint"), extra: &[] },
    ExtInst { number: 55, name: "round", intrinsic: Some("llvm.round"), extra: &[] },
    ExtInst { number: 56, name: "rsqrt", intrinsic: None, extra: &[] },
    ExtInst { number: 57, name: "sin", intrinsic: Some("llvm.sin"), extra: &[] },
    ExtInst { number: 61, name: "sqrt", intrinsic: Some("llvm.sqrt"), extra: &[] },
    ExtInst { number: 66, name: "trunc", intrinsic: Some("llvm.trunc"), extra: &[] },
    ExtInst { number: 97, name: "fmax_common", intrinsic: Some("llvm.maxnum"), extra: &[] },
    ExtInst { number: 98, name: "fmin_common", intrinsic: Some("llvm.minnum"), extra: &[] },
    ExtInst { number: 141, name: "s_abs", intrinsic: Some("llvm.abs"), extra: &[("i1", "false")] },
    ExtInst { number: 151, name: "clz", intrinsic: Some("llvm.ctlz"), extra: &[("i1", "false")] },
    ExtInst { number: 152, name: "ctz", intrinsic: Some("llvm.cttz"), extra: &[("i1", "false")] },
    ExtInst { number: 156, name: "s_max", intrinsic: Some("llvm.smax"), extra: &[] },
    ExtInst { number: 157, name: "u_max", intrinsic: Some("llvm.umax"), extra: &[] },
    ExtInst { number: 158, name: "s_min", intrinsic: Some("llvm.smin"), extra: &[] },
    ExtInst { number: 159, name: "u_min", intrinsic: Some("llvm.umin"), extra: &[] },
    ExtInst { number: 166, name: "popcount", intrinsic: Some("llvm.ctpop"), extra: &[] },
];

/// The LLVM intrinsic (mangled for `result`) and trailing constant arguments of instruction
/// `number`, if the reader rebuilds it.
pub fn intrinsic(number: u32, result: &Ty) -> Option<(String, &'static [(&'static str, &'static str)])> {
    let e = TABLE.iter().find(|e| e.number == number)?;
    Some((format!("{}.{}", e.intrinsic?, result.mangle()), e.extra))
}

/// The name of instruction `number`, for diagnostics.
pub fn name(number: u32) -> &'static str {
    TABLE.iter().find(|e| e.number == number).map_or("not one the reader knows", |e| e.name)
}
