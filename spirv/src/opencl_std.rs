//! The OpenCL.std extended instructions and the SPIR-V instructions that are built-in functions,
//! rebuilt as what genxc's LLVM path reads.
//!
//! An OpenCL.std instruction the translator writes for an LLVM intrinsic genxc selects (`fabs`,
//! `sqrt`, `fmax`, `clz`, ...) becomes that intrinsic again, so a kernel gives the vISA of its
//! `.ll` form. Every other one becomes a call of the SPIR-V built-in function of its name,
//! Itanium-mangled as the translator's reverse direction writes it (`_Z16__spirv_ocl_fmodDv8_fS_`):
//! the OpenCL built-in expansion of the import (genx/src/import/prepare/opencl_builtins/)
//! expands it, or refuses it by name. The instructions that are not functions of values (vector
//! loads and stores, `printf`, `prefetch`) and the geometric functions, which genxc's LLVM path
//! does not know, are refused here.
//!
//! The SPIR-V core instructions that front ends call as `__spirv_*` functions (`OpIsNan`,
//! `OpAny`, `OpIAddCarry`, `OpUMulExtended`, `OpConvertFToBF16INTEL`, ...) become calls of
//! those functions, which the import expands the same way.

use crate::types::Ty;
use rspirv::spirv::{CLOp, Op};

/// How the reader rebuilds one OpenCL.std instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    /// An LLVM intrinsic (base name, without the type suffix) with trailing constant arguments
    /// (type, value).
    Intrinsic(&'static str, &'static [(&'static str, &'static str)]),
    /// A call of `__spirv_ocl_<name>`, integers mangled signed or unsigned.
    Call(Signedness),
    /// Not rebuilt: what it is.
    Refused(&'static str),
}

/// How a built-in call's integer parameters are mangled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signedness {
    /// `c`, `s`, `i`, `l`.
    Signed,
    /// `h`, `t`, `j`, `m`.
    Unsigned,
}

/// The no-poison flag LLVM's `abs`, `ctlz` and `cttz` take last.
const NOT_POISON: &[(&str, &str)] = &[("i1", "false")];

/// The rebuilding of OpenCL.std instruction `op`.
pub fn lowering(op: CLOp) -> Lowering {
    use CLOp::*;
    use Lowering::{Call, Intrinsic, Refused};
    use Signedness::{Signed, Unsigned};
    match op {
        ceil => Intrinsic("llvm.ceil", &[]),
        cos => Intrinsic("llvm.cos", &[]),
        exp2 => Intrinsic("llvm.exp2", &[]),
        fabs => Intrinsic("llvm.fabs", &[]),
        floor => Intrinsic("llvm.floor", &[]),
        fma => Intrinsic("llvm.fma", &[]),
        fmax | fmax_common => Intrinsic("llvm.maxnum", &[]),
        fmin | fmin_common => Intrinsic("llvm.minnum", &[]),
        log2 => Intrinsic("llvm.log2", &[]),
        mad => Intrinsic("llvm.fmuladd", &[]),
        pow => Intrinsic("llvm.pow", &[]),
        rint => Intrinsic("llvm.rint", &[]),
        round => Intrinsic("llvm.round", &[]),
        sin => Intrinsic("llvm.sin", &[]),
        sqrt => Intrinsic("llvm.sqrt", &[]),
        trunc => Intrinsic("llvm.trunc", &[]),
        clz => Intrinsic("llvm.ctlz", NOT_POISON),
        ctz => Intrinsic("llvm.cttz", NOT_POISON),
        s_max => Intrinsic("llvm.smax", &[]),
        u_max => Intrinsic("llvm.umax", &[]),
        s_min => Intrinsic("llvm.smin", &[]),
        u_min => Intrinsic("llvm.umin", &[]),
        popcount => Intrinsic("llvm.ctpop", &[]),
        u_abs | u_abs_diff | u_add_sat | u_hadd | u_rhadd | u_clamp | u_mad_sat | u_sub_sat | u_upsample
        | u_mad24 | u_mul24 | u_mul_hi | u_mad_hi => Call(Unsigned),
        vloadn | vstoren | vload_half | vload_halfn | vstore_half | vstore_half_r | vstore_halfn
        | vstore_halfn_r | vloada_halfn | vstorea_halfn | vstorea_halfn_r => {
            Refused("a vector load or store (not modeled by genxc: write the load or store)")
        }
        printf => Refused("printf (not modeled by genxc's SPIR-V reader)"),
        prefetch => Refused("prefetch (not modeled by genxc's SPIR-V reader)"),
        cross | distance | length | normalize | fast_distance | fast_length | fast_normalize => {
            Refused("a geometric function (not expanded by genxc)")
        }
        _ => Call(Signed),
    }
}

/// The SPIR-V instructions rebuilt as calls of the `__spirv_<name>` built-in function the
/// import expands, with how their integers are mangled.
pub const CORE_CALLS: &[(Op, &str, Signedness)] = &[
    (Op::IsNan, "IsNan", Signedness::Signed),
    (Op::IsInf, "IsInf", Signedness::Signed),
    (Op::IsFinite, "IsFinite", Signedness::Signed),
    (Op::IsNormal, "IsNormal", Signedness::Signed),
    (Op::SignBitSet, "SignBitSet", Signedness::Signed),
    (Op::Any, "Any", Signedness::Signed),
    (Op::All, "All", Signedness::Signed),
    (Op::IAddCarry, "IAddCarry", Signedness::Unsigned),
    (Op::ISubBorrow, "ISubBorrow", Signedness::Unsigned),
    (Op::UMulExtended, "UMulExtended", Signedness::Unsigned),
    (Op::SMulExtended, "SMulExtended", Signedness::Signed),
    (Op::ConvertFToBF16INTEL, "ConvertFToBF16INTEL", Signedness::Signed),
    (Op::ConvertBF16ToFINTEL, "ConvertBF16ToFINTEL", Signedness::Unsigned),
];

/// The Itanium mangling of a built-in `name` taking `params`: `_Z<length><name><types>`, with
/// vectors as `Dv<n>_<element>`, pointers as `P` (with `U3AS<n>` outside address space 0), and
/// the `S_`/`S<n>_` substitutions of repeated vector and pointer types. `None` for a parameter
/// type a built-in cannot have.
pub fn mangle(name: &str, params: &[Ty], sign: Signedness) -> Option<String> {
    let mut out = format!("_Z{}{name}", name.len());
    let mut seen: Vec<String> = Vec::new();
    for p in params {
        out.push_str(&mangle_type(p, sign, &mut seen)?);
    }
    if params.is_empty() {
        out.push('v');
    }
    Some(out)
}

/// One parameter type's mangling, using and extending the substitution candidates `seen`.
fn mangle_type(t: &Ty, sign: Signedness, seen: &mut Vec<String>) -> Option<String> {
    let substitute = |full: &str, seen: &Vec<String>| {
        seen.iter().position(|s| s == full).map(|i| {
            if i == 0 {
                "S_".to_string()
            } else {
                format!("S{}_", i - 1)
            }
        })
    };
    Some(match t {
        Ty::Bool => "b".into(),
        Ty::Int(w) => {
            let code = match (w, sign) {
                (8, Signedness::Signed) => "c",
                (8, Signedness::Unsigned) => "h",
                (16, Signedness::Signed) => "s",
                (16, Signedness::Unsigned) => "t",
                (32, Signedness::Signed) => "i",
                (32, Signedness::Unsigned) => "j",
                (64, Signedness::Signed) => "l",
                (64, Signedness::Unsigned) => "m",
                _ => return None,
            };
            code.into()
        }
        Ty::Float(16) => "Dh".into(),
        Ty::Float(32) => "f".into(),
        Ty::Float(64) => "d".into(),
        Ty::Vector(e, n) => {
            let full = format!("Dv{n}_{}", mangle_type(e, sign, &mut Vec::new())?);
            if let Some(s) = substitute(&full, seen) {
                return Some(s);
            }
            seen.push(full.clone());
            full
        }
        Ty::Pointer(p, space) => {
            let pointee = mangle_type(p, sign, seen)?;
            let qualified = if *space == 0 { pointee } else { format!("U3AS{space}{pointee}") };
            if *space != 0 {
                if let Some(s) = substitute(&qualified, seen) {
                    return Some(format!("P{s}"));
                }
                seen.push(qualified.clone());
            }
            let full = format!("P{qualified}");
            if let Some(s) = substitute(&full, seen) {
                return Some(s);
            }
            seen.push(full.clone());
            full
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manglings_are_those_of_the_translator() {
        let v8f = Ty::Vector(Box::new(Ty::Float(32)), 8);
        assert_eq!(
            mangle("__spirv_ocl_fmod", &[v8f.clone(), v8f.clone()], Signedness::Signed).unwrap(),
            "_Z16__spirv_ocl_fmodDv8_fS_"
        );
        let v8i = Ty::Vector(Box::new(Ty::Int(32)), 8);
        assert_eq!(
            mangle("__spirv_ocl_u_add_sat", &[v8i.clone(), v8i.clone()], Signedness::Unsigned).unwrap(),
            "_Z21__spirv_ocl_u_add_satDv8_jS_"
        );
        assert_eq!(
            mangle("__spirv_ocl_select", &[v8i.clone(), v8i.clone(), v8i], Signedness::Signed).unwrap(),
            "_Z18__spirv_ocl_selectDv8_iS_S_"
        );
        let p = Ty::Pointer(Box::new(v8f.clone()), 0);
        assert_eq!(
            mangle("__spirv_ocl_sincos", &[v8f.clone(), p], Signedness::Signed).unwrap(),
            "_Z18__spirv_ocl_sincosDv8_fPS_"
        );
        let p1 = Ty::Pointer(Box::new(Ty::Float(32)), 1);
        assert_eq!(
            mangle("__spirv_ocl_modf", &[Ty::Float(32), p1], Signedness::Signed).unwrap(),
            "_Z16__spirv_ocl_modffPU3AS1f"
        );
        assert_eq!(
            mangle("__spirv_IsNan", &[Ty::Float(16)], Signedness::Signed).unwrap(),
            "_Z13__spirv_IsNanDh"
        );
        assert_eq!(mangle("f", &[Ty::Int(24)], Signedness::Signed), None);
    }

    #[test]
    fn instructions_by_number() {
        assert_eq!(lowering(CLOp::from_u32(23).unwrap()), Lowering::Intrinsic("llvm.fabs", &[]));
        assert_eq!(lowering(CLOp::from_u32(29).unwrap()), Lowering::Call(Signedness::Signed));
        assert_eq!(lowering(CLOp::from_u32(144).unwrap()), Lowering::Call(Signedness::Unsigned));
        assert!(matches!(lowering(CLOp::from_u32(171).unwrap()), Lowering::Refused(_)));
        assert_eq!(CLOp::from_u32(120), None, "no OpenCL.std instruction 120");
    }
}
