//! Calls of OpenCL built-in functions, as front ends leave them in CM and ESIMD modules
//! (`_Z3expd`, `_Z4sqrtf`, `_Z3maxDv8_iS_`) and as the SPIR-V translator names the same
//! functions (`__spirv_ocl_fabs`, `__spirv_ocl_s_max`, `__spirv_IsNan`), become LLVM IR genxc
//! selects: LLVM intrinsics, GenX intrinsics, or the software sequences of [`soft_math`].
//!
//! Intel's Vector Compiler links its built-in library and inlines the functions lane by lane;
//! here each call is expanded in place on its whole vector. The name is demangled
//! ([`mangling`]) and looked up in a typed table ([`Builtin`]): the mangling gives the integer
//! signedness, the LLVM types of the call give the shapes (a scalar argument of a vector overload
//! such as `clamp(float8, float, float)` is broadcast).
//!
//! Precision: the integer, common and relational functions and `fabs`, `floor`, `ceil`,
//! `trunc`, `round`, `rint`, `fmin`, `fmax`, `fma`, `copysign`, `fdim` are exact. Single and
//! half precision `sqrt`, `rsqrt`, `exp2`, `log2`, `sin`, `cos`, `tan`, `pow` (and the `native_`
//! and `half_` forms of every transcendental) are the math unit's native precision; `exp`,
//! `exp10`, `log`, `log10` add a reduction or scaling around it. Double `sqrt` is the IEEE
//! square root; double `exp`, `exp2`, `exp10`, `log`, `log2`, `log10`, `sin`, `cos`, `tan`,
//! `pow`, `powr`, `pown`, `rootn` ([`power`]), `rsqrt` and the roundings are software sequences
//! within OpenCL's bounds, and so are the inverse trigonometric, hyperbolic and pi-scaled
//! functions, `expm1`, `log1p`, `cbrt` ([`inverse_math`]), `erf` and `erfc` ([`error_function`]),
//! `lgamma`, `lgamma_r` and `tgamma` ([`gamma`]) in every precision (docs/opencl-builtins.md gives
//! the measured ulp; large trigonometric arguments are reduced by [`trig_reduction`]); the
//! remaining integer, common and vector functions are [`misc_math`]'s. `sincos`, `modf`, `fract`,
//! `frexp`, `remquo` and `lgamma_r` store their second result through their pointer argument. A
//! known built-in with other pointer arguments, or called with arguments that do not fit it, is
//! refused, located:
//! "unsupported: OpenCL built-in <name> ...".
//!
//! The SPIR-V work-item built-ins (`__spirv_BuiltInGlobalInvocationId` and the others) become
//! the GenX id intrinsics ([`work_item`]).

pub(super) mod emit;
mod error_function;
mod gamma;
mod inverse_math;
pub mod mangling;
mod misc_math;
mod power;
mod soft_math;
mod trig_reduction;
mod work_item;

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::inst_label;
use super::builder::Builder;
use emit::{elem, is_double, is_float, lanes, Ir};
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMIntPredicate::*;
use inkwell::llvm_sys::LLVMOpcode::{self, *};
use inkwell::llvm_sys::LLVMRealPredicate::{self, *};
use inkwell::llvm_sys::LLVMTypeKind;
use mangling::{demangle, MangledElem};
use soft_math::Rounding;

/// An OpenCL built-in function genxc expands (math, integer, common and relational families).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Builtin {
    /// `fabs`.
    Fabs,
    /// `ceil`.
    Ceil,
    /// `floor`.
    Floor,
    /// `trunc`.
    Trunc,
    /// `round` (half away from zero).
    Round,
    /// `rint` (to nearest even).
    Rint,
    /// `fmin`.
    Fmin,
    /// `fmax`.
    Fmax,
    /// `fma`.
    Fma,
    /// `mad`.
    Mad,
    /// `copysign`.
    Copysign,
    /// `fdim`.
    Fdim,
    /// `fmod`.
    Fmod,
    /// `ldexp`: x * 2^k.
    Ldexp,
    /// `sincos`: the sine, the cosine stored through the pointer.
    SinCos,
    /// `modf`: the fraction, the integer part stored through the pointer.
    Modf,
    /// `fract`: the fraction (below 1), the floor stored through the pointer.
    Fract,
    /// `frexp`: the mantissa in [0.5, 1), the exponent stored through the (integer) pointer.
    Frexp,
    /// `lgamma_r`: log |Gamma(x)|, the sign of Gamma(x) stored through the (integer) pointer.
    LgammaR,
    /// `sqrt`.
    Sqrt,
    /// `rsqrt`.
    Rsqrt,
    /// `exp`.
    Exp,
    /// `exp2`.
    Exp2,
    /// `exp10`.
    Exp10,
    /// `log`.
    Log,
    /// `log2`.
    Log2,
    /// `log10`.
    Log10,
    /// `sin`.
    Sin,
    /// `cos`.
    Cos,
    /// `tan`.
    Tan,
    /// `pow`: any base (a negative one with an integer exponent).
    Pow,
    /// `powr`: a base of at least zero.
    Powr,
    /// `clamp` (float and integer).
    Clamp,
    /// `degrees`.
    Degrees,
    /// `radians`.
    Radians,
    /// `mix`.
    Mix,
    /// `step`.
    Step,
    /// `smoothstep`.
    Smoothstep,
    /// `sign`.
    Sign,
    /// `max` (float and integer).
    Max,
    /// `min` (float and integer).
    Min,
    /// `abs` (integer).
    Abs,
    /// `abs_diff`.
    AbsDiff,
    /// `add_sat`.
    AddSat,
    /// `sub_sat`.
    SubSat,
    /// `hadd`.
    Hadd,
    /// `rhadd`.
    Rhadd,
    /// `clz`.
    Clz,
    /// `ctz`.
    Ctz,
    /// `popcount`.
    Popcount,
    /// `mul_hi`.
    MulHi,
    /// `mad_hi`.
    MadHi,
    /// `mul24`.
    Mul24,
    /// `mad24`.
    Mad24,
    /// `rotate`.
    Rotate,
    /// `upsample`.
    Upsample,
    /// `isnan`.
    IsNan,
    /// `isinf`.
    IsInf,
    /// `isfinite`.
    IsFinite,
    /// `isnormal`.
    IsNormal,
    /// `signbit`.
    SignBit,
    /// `isequal` and the other ordered and unordered compares.
    Compare(LLVMRealPredicate),
    /// `any`.
    Any,
    /// `all`.
    All,
    /// `select`.
    Select,
    /// `bitselect`.
    Bitselect,
    /// `pown`: x to an `int` power.
    Pown,
    /// `rootn`: the n-th root of x.
    Rootn,
    /// `mad_sat`: a * b + c saturated (integer).
    MadSat,
    /// `hypot`: sqrt(x² + y²) without spurious overflow.
    Hypot,
    /// `remainder`: x - n y with n the integer nearest x / y (ties to even).
    Remainder,
    /// `remquo`: `remainder`, the low bits of n stored through the pointer.
    Remquo,
    /// `nextafter`: the neighbour of x toward y.
    Nextafter,
    /// `ilogb`: the exponent of x as `int`.
    Ilogb,
    /// `logb`: the exponent of x as a float.
    Logb,
    /// `maxmag`: the argument of larger magnitude.
    Maxmag,
    /// `minmag`: the argument of smaller magnitude.
    Minmag,
    /// `nan`: a quiet NaN carrying a code.
    Nan,
    /// `divide` (`native_divide`, `half_divide`): x / y.
    Divide,
    /// `recip` (`native_recip`, `half_recip`): 1 / x.
    Recip,
    /// `shuffle`: lanes of one vector by a mask.
    Shuffle,
    /// `shuffle2`: lanes of two vectors by a mask.
    Shuffle2,
    /// `__spirv_ConvertFToBF16INTEL`: float to the bits of a bfloat16 (nearest even).
    FloatToBf16,
    /// `__spirv_ConvertBF16ToFINTEL`: the bits of a bfloat16 to float.
    Bf16ToFloat,
    /// The inverse trigonometric, hyperbolic and pi-scaled functions, `expm1`, `log1p`, `cbrt`
    /// ([`inverse_math`]).
    Math(inverse_math::MathFn),
}

/// Integer signedness a name fixes (the SPIR-V `s_`/`u_` names), else the mangling's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Signedness {
    FromType,
    Signed,
    Unsigned,
}

use Signedness::{FromType as T, Signed as S, Unsigned as U};

/// The OpenCL built-ins by name (also the OpenCL.std extended-instruction names after
/// `__spirv_ocl_`, and `native_`/`half_` forms after their prefix).
const OPENCL: &[(&str, Builtin, Signedness)] = &[
    ("fabs", Builtin::Fabs, T),
    ("ceil", Builtin::Ceil, T),
    ("floor", Builtin::Floor, T),
    ("trunc", Builtin::Trunc, T),
    ("round", Builtin::Round, T),
    ("rint", Builtin::Rint, T),
    ("fmin", Builtin::Fmin, T),
    ("fmax", Builtin::Fmax, T),
    ("fma", Builtin::Fma, T),
    ("mad", Builtin::Mad, T),
    ("copysign", Builtin::Copysign, T),
    ("fdim", Builtin::Fdim, T),
    ("fmod", Builtin::Fmod, T),
    ("ldexp", Builtin::Ldexp, T),
    ("sincos", Builtin::SinCos, T),
    ("modf", Builtin::Modf, T),
    ("fract", Builtin::Fract, T),
    ("frexp", Builtin::Frexp, T),
    ("lgamma_r", Builtin::LgammaR, T),
    ("sqrt", Builtin::Sqrt, T),
    ("rsqrt", Builtin::Rsqrt, T),
    ("exp", Builtin::Exp, T),
    ("exp2", Builtin::Exp2, T),
    ("exp10", Builtin::Exp10, T),
    ("log", Builtin::Log, T),
    ("log2", Builtin::Log2, T),
    ("log10", Builtin::Log10, T),
    ("sin", Builtin::Sin, T),
    ("cos", Builtin::Cos, T),
    ("tan", Builtin::Tan, T),
    ("pow", Builtin::Pow, T),
    ("powr", Builtin::Powr, T),
    ("clamp", Builtin::Clamp, T),
    ("fclamp", Builtin::Clamp, T),
    ("s_clamp", Builtin::Clamp, S),
    ("u_clamp", Builtin::Clamp, U),
    ("degrees", Builtin::Degrees, T),
    ("radians", Builtin::Radians, T),
    ("mix", Builtin::Mix, T),
    ("step", Builtin::Step, T),
    ("smoothstep", Builtin::Smoothstep, T),
    ("sign", Builtin::Sign, T),
    ("max", Builtin::Max, T),
    ("fmax_common", Builtin::Max, T),
    ("s_max", Builtin::Max, S),
    ("u_max", Builtin::Max, U),
    ("min", Builtin::Min, T),
    ("fmin_common", Builtin::Min, T),
    ("s_min", Builtin::Min, S),
    ("u_min", Builtin::Min, U),
    ("abs", Builtin::Abs, T),
    ("s_abs", Builtin::Abs, S),
    ("u_abs", Builtin::Abs, U),
    ("abs_diff", Builtin::AbsDiff, T),
    ("s_abs_diff", Builtin::AbsDiff, S),
    ("u_abs_diff", Builtin::AbsDiff, U),
    ("add_sat", Builtin::AddSat, T),
    ("s_add_sat", Builtin::AddSat, S),
    ("u_add_sat", Builtin::AddSat, U),
    ("sub_sat", Builtin::SubSat, T),
    ("s_sub_sat", Builtin::SubSat, S),
    ("u_sub_sat", Builtin::SubSat, U),
    ("hadd", Builtin::Hadd, T),
    ("s_hadd", Builtin::Hadd, S),
    ("u_hadd", Builtin::Hadd, U),
    ("rhadd", Builtin::Rhadd, T),
    ("s_rhadd", Builtin::Rhadd, S),
    ("u_rhadd", Builtin::Rhadd, U),
    ("clz", Builtin::Clz, T),
    ("ctz", Builtin::Ctz, T),
    ("popcount", Builtin::Popcount, T),
    ("mul_hi", Builtin::MulHi, T),
    ("s_mul_hi", Builtin::MulHi, S),
    ("u_mul_hi", Builtin::MulHi, U),
    ("mad_hi", Builtin::MadHi, T),
    ("s_mad_hi", Builtin::MadHi, S),
    ("u_mad_hi", Builtin::MadHi, U),
    ("mul24", Builtin::Mul24, T),
    ("s_mul24", Builtin::Mul24, S),
    ("u_mul24", Builtin::Mul24, U),
    ("mad24", Builtin::Mad24, T),
    ("s_mad24", Builtin::Mad24, S),
    ("u_mad24", Builtin::Mad24, U),
    ("rotate", Builtin::Rotate, T),
    ("upsample", Builtin::Upsample, T),
    ("s_upsample", Builtin::Upsample, S),
    ("u_upsample", Builtin::Upsample, U),
    ("isnan", Builtin::IsNan, T),
    ("isinf", Builtin::IsInf, T),
    ("isfinite", Builtin::IsFinite, T),
    ("isnormal", Builtin::IsNormal, T),
    ("signbit", Builtin::SignBit, T),
    ("isequal", Builtin::Compare(LLVMRealOEQ), T),
    ("isnotequal", Builtin::Compare(LLVMRealUNE), T),
    ("isgreater", Builtin::Compare(LLVMRealOGT), T),
    ("isgreaterequal", Builtin::Compare(LLVMRealOGE), T),
    ("isless", Builtin::Compare(LLVMRealOLT), T),
    ("islessequal", Builtin::Compare(LLVMRealOLE), T),
    ("islessgreater", Builtin::Compare(LLVMRealONE), T),
    ("isordered", Builtin::Compare(LLVMRealORD), T),
    ("isunordered", Builtin::Compare(LLVMRealUNO), T),
    ("any", Builtin::Any, T),
    ("all", Builtin::All, T),
    ("select", Builtin::Select, T),
    ("bitselect", Builtin::Bitselect, T),
    ("pown", Builtin::Pown, T),
    ("rootn", Builtin::Rootn, T),
    ("mad_sat", Builtin::MadSat, T),
    ("s_mad_sat", Builtin::MadSat, S),
    ("u_mad_sat", Builtin::MadSat, U),
    ("hypot", Builtin::Hypot, T),
    ("remainder", Builtin::Remainder, T),
    ("remquo", Builtin::Remquo, T),
    ("nextafter", Builtin::Nextafter, T),
    ("ilogb", Builtin::Ilogb, T),
    ("logb", Builtin::Logb, T),
    ("maxmag", Builtin::Maxmag, T),
    ("minmag", Builtin::Minmag, T),
    ("nan", Builtin::Nan, T),
    ("divide", Builtin::Divide, T),
    ("recip", Builtin::Recip, T),
    ("shuffle", Builtin::Shuffle, T),
    ("shuffle2", Builtin::Shuffle2, T),
];

/// The SPIR-V core built-ins (`__spirv_<name>`) that are OpenCL functions under another name.
const SPIRV_CORE: &[(&str, Builtin)] = &[
    ("IsNan", Builtin::IsNan),
    ("IsInf", Builtin::IsInf),
    ("IsFinite", Builtin::IsFinite),
    ("IsNormal", Builtin::IsNormal),
    ("SignBitSet", Builtin::SignBit),
    ("Ordered", Builtin::Compare(LLVMRealORD)),
    ("Unordered", Builtin::Compare(LLVMRealUNO)),
    ("LessOrGreater", Builtin::Compare(LLVMRealONE)),
    ("Any", Builtin::Any),
    ("All", Builtin::All),
    ("ConvertFToBF16INTEL", Builtin::FloatToBf16),
    ("ConvertBF16ToFINTEL", Builtin::Bf16ToFloat),
];

/// A recognized built-in call target: what it is and how its integers are signed.
#[derive(Clone, Debug, PartialEq)]
struct Target {
    /// The source-level name, for diagnostics.
    name: String,
    /// The function (or why it is refused).
    what: Result<(Builtin, bool), String>,
}

/// What declared function `symbol` is: an OpenCL or SPIR-V built-in (expandable or refused), or
/// `None` for any other function.
fn classify(symbol: &str) -> Option<Target> {
    let (name, first) = match demangle(symbol) {
        Ok(d) => {
            let first = d.params.first().copied();
            let stores = matches!(
                lookup(&d.name),
                Some((
                    Builtin::SinCos
                        | Builtin::Modf
                        | Builtin::Fract
                        | Builtin::Frexp
                        | Builtin::Remquo
                        | Builtin::LgammaR,
                    _
                ))
            );
            if d.params.iter().any(|p| p.pointer) && !stores {
                let known = lookup(&d.name).is_some();
                return known.then(|| Target {
                    what: Err(format!("OpenCL built-in {}: pointer arguments are not expanded", d.name)),
                    name: d.name,
                });
            }
            (d.name, first.map(|p| p.elem))
        }
        Err(_) if symbol.starts_with("__spirv_") => (symbol.to_string(), None),
        Err(_) => return None,
    };
    let signed_type = !matches!(first, Some(MangledElem::Unsigned(_)));
    match lookup(&name) {
        Some((b, s)) => {
            let signed = match s {
                T => signed_type,
                S => true,
                U => false,
            };
            Some(Target { name, what: Ok((b, signed)) })
        }
        None => None,
    }
}

/// A name without its `__spirv_ocl_`/`__spirv_` prefix and `native_`/`half_` precision prefix:
/// (whether it was a SPIR-V core name, the base name).
fn base_name(name: &str) -> (bool, &str) {
    let (core, n) = match name.strip_prefix("__spirv_ocl_") {
        Some(rest) => (false, rest),
        None => match name.strip_prefix("__spirv_") {
            Some(rest) => (true, rest),
            None => (false, name),
        },
    };
    let n = n.strip_prefix("native_").or_else(|| n.strip_prefix("half_")).unwrap_or(n);
    (core, n)
}

fn lookup(name: &str) -> Option<(Builtin, Signedness)> {
    match base_name(name) {
        (true, n) => SPIRV_CORE.iter().find(|(k, _)| *k == n).map(|&(_, b)| (b, T)),
        (false, n) => OPENCL
            .iter()
            .find(|(k, _, _)| *k == n)
            .map(|&(_, b, s)| (b, s))
            .or_else(|| inverse_math::lookup(n).map(|f| (Builtin::Math(f), T))),
    }
}

/// Whether a declared function named `name` is an OpenCL or SPIR-V built-in this rewrite expands
/// or refuses, or a work-item built-in (whose global form makes a module need preparation as
/// every global does).
pub fn is_opencl_builtin(name: &str) -> bool {
    classify(name).is_some() || work_item::work_item_of(name).is_some()
}

/// Expands every call of an OpenCL or SPIR-V built-in function in `m`.
pub fn expand_opencl_builtins(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let targets: Vec<(Val, Target)> = m
        .functions()
        .into_iter()
        .filter(|f| f.is_declaration())
        .filter_map(|f| classify(&f.name()).map(|t| (f, t)))
        .collect();
    let b = Builder::new(m);
    let ir = Ir { b: &b, m };
    // the SPIR-V work-item built-ins (globals and functions)
    if work_item::has_work_items(m) {
        work_item::lower_work_items(&ir, m);
    }
    let mut diags = Vec::new();
    for (f, target) in &targets {
        for call in f.users() {
            if !call.is_instruction() || call.opcode() != LLVMOpcode::LLVMCall || call.called_value() != *f {
                continue;
            }
            let result = target.what.clone().and_then(|(builtin, signed)| {
                b.before(call);
                let args: Vec<Val> = (0..call.num_call_args()).map(|i| call.operand(i)).collect();
                expand(&ir, builtin, signed, &args, call.ty())
                    .map_err(|why| format!("OpenCL built-in {}: {why}", target.name))
            });
            match result {
                // SAFETY: a live call whose uses are replaced before it is erased.
                Ok(v) => unsafe {
                    LLVMReplaceAllUsesWith(call.0, v.0);
                    LLVMInstructionEraseFromParent(call.0);
                },
                Err(why) => {
                    // SAFETY: a call instruction of a live function.
                    let func = Val(unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(call.0)) });
                    diags.push(Diagnostic::in_function(
                        func.name(),
                        Some(inst_label(call)),
                        unsupported(why),
                    ));
                }
            }
        }
        // SAFETY: a declaration of the module, deleted when nothing uses it any more.
        unsafe {
            if LLVMGetFirstUse(f.0).is_null() {
                LLVMDeleteFunction(f.0);
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// The value of one built-in call with arguments `args` and result type `ret`.
fn expand(ir: &Ir, op: Builtin, signed: bool, args: &[Val], ret: Ty) -> Result<Val, String> {
    use Builtin::*;
    let want = |n: usize| -> Result<(), String> {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!("{} arguments (expected {n})", args.len()))
        }
    };
    if misc_math::handles(op) {
        return misc_math::expand(ir, op, signed, args, ret);
    }
    let arity = match op {
        Fma | Mad | Clamp | Mix | Smoothstep | MadHi | Mad24 | Select | Bitselect => 3,
        Ldexp | SinCos | Modf | Fract | Frexp | LgammaR => 2,
        Fmin | Fmax | Copysign | Fdim | Fmod | Pow | Powr | Step | Max | Min | AbsDiff | AddSat | SubSat
        | Hadd | Rhadd | MulHi | Mul24 | Rotate | Upsample | Compare(_) => 2,
        Math(f) => f.arity(),
        _ => 1,
    };
    want(arity)?;
    if matches!(op, SinCos | Modf | Fract | Frexp | LgammaR) {
        return pointer_out(ir, op, args[0], args[1]);
    }
    // The shape every argument takes: the widest argument's (scalars of vector overloads are
    // broadcast).
    let shape = args.iter().map(|a| a.ty()).max_by_key(|&t| lanes(t)).unwrap_or(ret);
    let a: Vec<Val> = args.iter().map(|&v| ir.broadcast(v, shape)).collect();
    let x = a[0];
    let t = x.ty();
    if a.iter().any(|v| lanes(v.ty()) != lanes(t)) {
        return Err("arguments of different vector widths".into());
    }
    let float = is_float(t);
    let int_only = |what: &str| -> Result<(), String> {
        if float || elem(t).kind() != LLVMTypeKind::LLVMIntegerTypeKind {
            Err(format!("{what} of {} (integer elements expected)", t.print()))
        } else {
            Ok(())
        }
    };
    let float_only = |what: &str| -> Result<(), String> {
        if float {
            Ok(())
        } else {
            Err(format!("{what} of {} (floating-point elements expected)", t.print()))
        }
    };
    let half = elem(t).kind() == LLVMTypeKind::LLVMHalfTypeKind;
    let integer = elem(t).kind() == LLVMTypeKind::LLVMIntegerTypeKind;
    if !float && !integer {
        return Err(format!("arguments of {} (integer or floating-point elements expected)", t.print()));
    }
    if matches!(op, Fabs | Fdim | Fmod | Degrees | Radians | Mix | Sqrt | Rsqrt | Copysign) {
        float_only("this function")?;
    }
    Ok(match op {
        Fabs => ir.fabs(x),
        Round => {
            // half away from zero: the integer part, plus one away from zero when the fraction
            // (exact) is at least a half
            float_only("rounding")?;
            let whole = if is_double(t) {
                ir.round_f64(x, Rounding::TowardZero)
            } else {
                ir.intr("llvm.trunc", t, &[x])
            };
            let frac = ir.fabs(ir.fsub(x, whole));
            let step = ir.copysign_bits(ir.f(t, 1.0), x);
            let up = ir.fcmp(LLVMRealOGE, frac, ir.f(t, 0.5));
            // (with x's sign: the sum of a negative zero and zero is positive)
            ir.copysign_bits(ir.fadd(whole, ir.select(up, step, ir.f(t, 0.0))), x)
        }
        Ceil | Floor | Trunc | Rint if is_double(t) => {
            let direction = match op {
                Ceil => Rounding::Up,
                Floor => Rounding::Down,
                Trunc => Rounding::TowardZero,
                _ => Rounding::Nearest,
            };
            ir.round_f64(x, direction)
        }
        Ceil | Floor | Trunc | Rint => {
            float_only("rounding")?;
            let base = match op {
                Ceil => "llvm.ceil",
                Floor => "llvm.floor",
                Trunc => "llvm.trunc",
                _ => "llvm.rint",
            };
            ir.intr(base, t, &[x])
        }
        Fmin | Fmax => {
            float_only("fmin/fmax")?;
            ir.intr(if op == Fmin { "llvm.minnum" } else { "llvm.maxnum" }, t, &a)
        }
        Fma | Mad => {
            float_only("fma")?;
            ir.intr("llvm.fma", t, &a)
        }
        Copysign => {
            float_only("copysign")?;
            ir.copysign_bits(a[0], a[1])
        }
        Fdim => {
            // x - y where x > y, +0 where x <= y, NaN where either is NaN
            let d = ir.fsub(a[0], a[1]);
            ir.select(ir.fcmp(LLVMRealOLE, a[0], a[1]), ir.f(t, 0.0), d)
        }
        Fmod => ir.bin(LLVMFRem, a[0], a[1]),
        Ldexp => {
            float_only("ldexp")?;
            if half {
                let ft = ir.with_elem(t, float_type(ir));
                let r = ir.ldexp(ir.cast(LLVMFPExt, x, ft), a[1]);
                return Ok(ir.cast(LLVMFPTrunc, r, t));
            }
            let kt = a[1].ty();
            if elem(kt).kind() != LLVMTypeKind::LLVMIntegerTypeKind || elem(kt).int_width() != 32 {
                return Err(format!("ldexp with an exponent of {}", kt.print()));
            }
            ir.ldexp(x, a[1])
        }
        SinCos | Modf | Fract | Frexp | LgammaR => unreachable!("expanded by pointer_out"),
        Pown | Rootn | MadSat | Hypot | Remainder | Remquo | Nextafter | Ilogb | Logb | Maxmag | Minmag
        | Nan | Divide | Recip | Shuffle | Shuffle2 => unreachable!("expanded by misc_math"),
        Sqrt if is_double(t) => ir.intr("llvm.genx.ieee.sqrt", t, &[x]),
        Sqrt => ir.intr("llvm.sqrt", t, &[x]),
        Rsqrt if is_double(t) => {
            let root = ir.intr("llvm.genx.ieee.sqrt", t, &[x]);
            ir.intr("llvm.genx.ieee.div", t, &[ir.f(t, 1.0), root])
        }
        Rsqrt => ir.intr("llvm.genx.rsqrt", t, &[x]),
        Exp | Exp2 | Exp10 | Log | Log2 | Log10 | Sin | Cos | Tan | Pow | Powr => {
            float_only("a transcendental function")?;
            if half {
                // through single precision: the reductions' constants need its bits
                let ft = ir.with_elem(t, float_type(ir));
                let wide: Vec<Val> = a.iter().map(|&v| ir.cast(LLVMFPExt, v, ft)).collect();
                let r = expand(ir, op, signed, &wide, ft)?;
                return Ok(ir.cast(LLVMFPTrunc, r, t));
            }
            transcendental(ir, op, &a)?
        }
        Math(f) => {
            float_only("this function")?;
            if half {
                // through single precision, as the other transcendental functions
                let ft = ir.with_elem(t, float_type(ir));
                let wide: Vec<Val> = a.iter().map(|&v| ir.cast(LLVMFPExt, v, ft)).collect();
                let r = inverse_math::expand_math(ir, f, &wide);
                return Ok(ir.cast(LLVMFPTrunc, r, t));
            }
            inverse_math::expand_math(ir, f, &a)
        }
        Clamp if float => {
            let lo = ir.intr("llvm.maxnum", t, &[x, a[1]]);
            ir.intr("llvm.minnum", t, &[lo, a[2]])
        }
        Clamp => {
            int_only("clamp")?;
            let (mx, mn) = if signed { ("llvm.smax", "llvm.smin") } else { ("llvm.umax", "llvm.umin") };
            let lo = ir.intr(mx, t, &[x, a[1]]);
            ir.intr(mn, t, &[lo, a[2]])
        }
        Degrees => ir.fmul(x, ir.f(t, 180.0 / std::f64::consts::PI)),
        Radians => ir.fmul(x, ir.f(t, std::f64::consts::PI / 180.0)),
        Mix => ir.fadd(a[0], ir.fmul(ir.fsub(a[1], a[0]), a[2])),
        Step => {
            float_only("step")?;
            ir.select(ir.fcmp(LLVMRealOLT, a[1], a[0]), ir.f(t, 0.0), ir.f(t, 1.0))
        }
        Smoothstep => {
            float_only("smoothstep")?;
            let u = ir.bin(LLVMFDiv, ir.fsub(a[2], a[0]), ir.fsub(a[1], a[0]));
            let u = ir.intr("llvm.minnum", t, &[ir.intr("llvm.maxnum", t, &[u, ir.f(t, 0.0)]), ir.f(t, 1.0)]);
            ir.fmul(ir.fmul(u, u), ir.fsub(ir.f(t, 3.0), ir.fmul(ir.f(t, 2.0), u)))
        }
        Sign => {
            float_only("sign")?;
            let one = ir.f(t, 1.0);
            let pos = ir.fcmp(LLVMRealOGT, x, ir.f(t, 0.0));
            let neg = ir.fcmp(LLVMRealOLT, x, ir.f(t, 0.0));
            let nan = ir.fcmp(LLVMRealUNO, x, x);
            let v = ir.select(pos, one, ir.select(neg, ir.fneg(one), x));
            ir.select(nan, ir.f(t, 0.0), v)
        }
        Max | Min if float => ir.intr(if op == Max { "llvm.maxnum" } else { "llvm.minnum" }, t, &a),
        Max | Min => {
            int_only("max/min")?;
            let name = match (op == Max, signed) {
                (true, true) => "llvm.smax",
                (true, false) => "llvm.umax",
                (false, true) => "llvm.smin",
                (false, false) => "llvm.umin",
            };
            ir.intr(name, t, &a)
        }
        Abs => {
            int_only("abs")?;
            if signed {
                let neg = ir.bin(LLVMSub, ir.i(t, 0), x);
                ir.select(ir.icmp(LLVMIntSLT, x, ir.i(t, 0)), neg, x)
            } else {
                x
            }
        }
        AbsDiff => {
            int_only("abs_diff")?;
            let less = ir.icmp(if signed { LLVMIntSLT } else { LLVMIntULT }, a[0], a[1]);
            let hi = ir.select(less, a[1], a[0]);
            let lo = ir.select(less, a[0], a[1]);
            ir.bin(LLVMSub, hi, lo)
        }
        AddSat | SubSat => {
            int_only("saturating arithmetic")?;
            match (op == AddSat, signed) {
                (true, true) => ir.intr("llvm.sadd.sat", t, &a),
                (true, false) => ir.intr("llvm.uadd.sat", t, &a),
                (false, true) => ir.intr("llvm.ssub.sat", t, &a),
                (false, false) => {
                    let below = ir.icmp(LLVMIntULT, a[0], a[1]);
                    ir.select(below, ir.i(t, 0), ir.bin(LLVMSub, a[0], a[1]))
                }
            }
        }
        Hadd | Rhadd => {
            int_only("hadd")?;
            let one = ir.i(t, 1);
            let shr = if signed { LLVMAShr } else { LLVMLShr };
            let halves = ir.bin(LLVMAdd, ir.bin(shr, a[0], one), ir.bin(shr, a[1], one));
            let low = ir.bin(if op == Hadd { LLVMAnd } else { LLVMOr }, a[0], a[1]);
            ir.bin(LLVMAdd, halves, ir.bin(LLVMAnd, low, one))
        }
        Clz => {
            int_only("clz")?;
            ir.intr("llvm.ctlz", t, &[x, ir.i(ir.int(1), 0)])
        }
        Ctz => {
            // the ones below the lowest set bit, counted (all of them for zero)
            int_only("ctz")?;
            let lowest = ir.bin(LLVMAnd, x, ir.bin(LLVMSub, ir.i(t, 0), x));
            ir.intr("llvm.ctpop", t, &[ir.bin(LLVMSub, lowest, ir.i(t, 1))])
        }
        Popcount => {
            int_only("popcount")?;
            ir.intr("llvm.ctpop", t, &[x])
        }
        MulHi | MadHi => {
            int_only("mul_hi")?;
            let hi = mul_hi(ir, a[0], a[1], signed)?;
            if op == MadHi {
                ir.bin(LLVMAdd, hi, a[2])
            } else {
                hi
            }
        }
        Mul24 | Mad24 => {
            int_only("mul24")?;
            let p = ir.bin(LLVMMul, a[0], a[1]);
            if op == Mad24 {
                ir.bin(LLVMAdd, p, a[2])
            } else {
                p
            }
        }
        Rotate => {
            int_only("rotate")?;
            let w = elem(t).int_width() as i64;
            let mask = ir.i(t, w - 1);
            let n = ir.bin(LLVMAnd, a[1], mask);
            let back = ir.bin(LLVMAnd, ir.bin(LLVMSub, ir.i(t, w), n), mask);
            ir.bin(LLVMOr, ir.bin(LLVMShl, x, n), ir.bin(LLVMLShr, x, back))
        }
        Upsample => {
            int_only("upsample")?;
            let w = elem(t).int_width();
            if elem(ret).kind() != LLVMTypeKind::LLVMIntegerTypeKind || elem(ret).int_width() != 2 * w {
                return Err(format!("upsample of {} to {}", t.print(), ret.print()));
            }
            let hi = ir.cast(if signed { LLVMSExt } else { LLVMZExt }, a[0], ret);
            let lo = ir.cast(LLVMZExt, a[1], ret);
            ir.bin(LLVMOr, ir.bin(LLVMShl, hi, ir.i(ret, w as i64)), lo)
        }
        IsNan | IsInf | IsFinite | IsNormal | SignBit | Compare(_) => {
            float_only("a relational function")?;
            let inf = ir.f(t, f64::INFINITY);
            let p = match op {
                IsNan => ir.fcmp(LLVMRealUNO, x, x),
                IsInf => ir.fcmp(LLVMRealOEQ, ir.fabs(x), inf),
                IsFinite => ir.fcmp(LLVMRealONE, ir.fabs(x), inf),
                IsNormal => {
                    let m = ir.fabs(x);
                    let smallest = match elem(t).kind() {
                        LLVMTypeKind::LLVMHalfTypeKind => 6.103515625e-05,
                        LLVMTypeKind::LLVMFloatTypeKind => f32::MIN_POSITIVE as f64,
                        _ => f64::MIN_POSITIVE,
                    };
                    let big = ir.fcmp(LLVMRealOGE, m, ir.f(t, smallest));
                    ir.bin(LLVMAnd, big, ir.fcmp(LLVMRealOLT, m, inf))
                }
                SignBit => {
                    let it = ir.int_like(t);
                    ir.icmp(LLVMIntSLT, ir.bitcast(x, it), ir.i(it, 0))
                }
                Compare(p) => ir.fcmp(p, a[0], a[1]),
                _ => unreachable!("relational functions are matched above"),
            };
            relational_result(ir, p, ret)
        }
        Any | All => {
            let p = if elem(t).kind() == LLVMTypeKind::LLVMIntegerTypeKind && elem(t).int_width() == 1 {
                x
            } else {
                int_only("any/all")?;
                ir.icmp(LLVMIntSLT, x, ir.i(t, 0))
            };
            let one = if lanes(t) > 1 || t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                let base = if op == Any { "llvm.genx.any" } else { "llvm.genx.all" };
                ir.intr_arg(base, ir.int(1), &[p])
            } else {
                p
            };
            scalar_result(ir, one, ret)?
        }
        Select => {
            let c = a[2];
            let ct = c.ty();
            if elem(ct).kind() != LLVMTypeKind::LLVMIntegerTypeKind {
                return Err(format!("select with a condition of {}", ct.print()));
            }
            let take_b = if ct.kind() == LLVMTypeKind::LLVMVectorTypeKind {
                ir.icmp(LLVMIntSLT, c, ir.i(ct, 0))
            } else {
                ir.icmp(LLVMIntNE, c, ir.i(ct, 0))
            };
            ir.select(take_b, a[1], a[0])
        }
        Bitselect => {
            let it = ir.int_like(t);
            let bits: Vec<Val> = a.iter().map(|&v| ir.bitcast(v, it)).collect();
            let keep = ir.bin(LLVMAnd, bits[0], ir.bin(LLVMXor, bits[2], ir.i(it, -1)));
            let take = ir.bin(LLVMAnd, bits[1], bits[2]);
            ir.bitcast(ir.bin(LLVMOr, keep, take), t)
        }
        FloatToBf16 => {
            if elem(t).kind() != LLVMTypeKind::LLVMFloatTypeKind {
                return Err(format!("a conversion to bfloat16 of {}", t.print()));
            }
            // SAFETY: valid context.
            let bf = ir.with_elem(t, Ty(unsafe { LLVMBFloatTypeInContext(ir.b.ctx) }));
            let narrow = ir.cast(LLVMFPTrunc, x, bf);
            ir.bitcast(narrow, ir.with_elem(t, ir.int(16)))
        }
        Bf16ToFloat => {
            if elem(t).kind() != LLVMTypeKind::LLVMIntegerTypeKind || elem(t).int_width() != 16 {
                return Err(format!("a conversion from bfloat16 bits of {}", t.print()));
            }
            // SAFETY: valid context.
            let bf = ir.with_elem(t, Ty(unsafe { LLVMBFloatTypeInContext(ir.b.ctx) }));
            ir.cast(LLVMFPExt, ir.bitcast(x, bf), ir.with_elem(t, float_type(ir)))
        }
    })
}

fn float_type(ir: &Ir) -> Ty {
    // SAFETY: valid context.
    Ty(unsafe { LLVMFloatTypeInContext(ir.b.ctx) })
}

/// `exp`, `log`, `sin`, ... of float or double arguments.
fn transcendental(ir: &Ir, op: Builtin, a: &[Val]) -> Result<Val, String> {
    use Builtin::*;
    let x = a[0];
    let t = x.ty();
    if is_double(t) {
        return Ok(match op {
            Exp => ir.exp_f64(x),
            Exp2 => ir.exp2_f64(x),
            Exp10 => ir.exp10_f64(x),
            Log => ir.log_f64(x),
            Log2 => ir.log2_f64(x),
            Log10 => ir.log10_f64(x),
            Sin => ir.sin_cos_f64(x, false),
            Cos => ir.sin_cos_f64(x, true),
            Tan => ir.tan_f64(x),
            Pow => ir.pow_f64(a[0], a[1], true),
            Powr => ir.pow_f64(a[0], a[1], false),
            _ => return Err(format!("of {} (no double-precision sequence)", t.print())),
        });
    }
    Ok(match op {
        Exp => ir.exp_f32(x, false),
        Exp10 => ir.exp_f32(x, true),
        Exp2 => ir.intr("llvm.exp2", t, &[x]),
        Log => ir.log_f32(x, false),
        Log10 => ir.log_f32(x, true),
        Log2 => ir.intr("llvm.log2", t, &[x]),
        Sin => ir.intr("llvm.sin", t, &[x]),
        Cos => ir.intr("llvm.cos", t, &[x]),
        Tan => {
            let s = ir.intr("llvm.sin", t, &[x]);
            let c = ir.intr("llvm.cos", t, &[x]);
            ir.bin(LLVMFDiv, s, c)
        }
        Pow => ir.pow_f32(a[0], a[1], true),
        Powr => ir.pow_f32(a[0], a[1], false),
        _ => return Err("not a transcendental function".into()),
    })
}

/// `sincos`, `modf`, `fract`, `frexp` and `lgamma_r`: the result, with the second one stored
/// through `ptr`.
fn pointer_out(ir: &Ir, op: Builtin, x: Val, ptr: Val) -> Result<Val, String> {
    let t = x.ty();
    if !is_float(t) || elem(t).kind() == LLVMTypeKind::LLVMHalfTypeKind && op == Builtin::Frexp {
        return Err(format!("of {} (float or double elements expected)", t.print()));
    }
    let int_out = matches!(op, Builtin::Frexp | Builtin::LgammaR);
    let stored_ty = if int_out { ir.with_elem(t, ir.int(32)) } else { t };
    if ptr.ty().kind() != LLVMTypeKind::LLVMPointerTypeKind || ptr.ty().element() != stored_ty {
        return Err(format!("a result pointer of {} for {}", ptr.ty().print(), t.print()));
    }
    let round = |direction: Rounding, base: &str| {
        if is_double(t) {
            ir.round_f64(x, direction)
        } else {
            ir.intr(base, t, &[x])
        }
    };
    let (ret, stored) = match op {
        Builtin::Frexp => ir.frexp(x),
        Builtin::LgammaR => {
            // half through single precision, as lgamma
            let half = elem(t).kind() == LLVMTypeKind::LLVMHalfTypeKind;
            let wide = if half { ir.cast(LLVMFPExt, x, ir.with_elem(t, float_type(ir))) } else { x };
            let r = inverse_math::expand_math(ir, inverse_math::MathFn::Lgamma, &[wide]);
            (ir.cast(LLVMFPTrunc, r, t), gamma::gamma_sign(ir, wide))
        }
        Builtin::SinCos => {
            let sin = transcendental(ir, Builtin::Sin, &[x])?;
            (sin, transcendental(ir, Builtin::Cos, &[x])?)
        }
        Builtin::Modf => {
            // the fraction keeps x's sign (0 for infinities)
            let whole = round(Rounding::TowardZero, "llvm.trunc");
            let frac = ir.fsub(x, whole);
            let inf = ir.fcmp(LLVMRealOEQ, ir.fabs(x), ir.f(t, f64::INFINITY));
            let frac = ir.select(inf, ir.f(t, 0.0), frac);
            (ir.copysign_bits(frac, x), whole)
        }
        _ => {
            // fract: x - floor(x), below 1 (the largest number under 1 where it rounds up)
            let below = round(Rounding::Down, "llvm.floor");
            let frac = ir.fsub(x, below);
            let largest = match elem(t).kind() {
                LLVMTypeKind::LLVMDoubleTypeKind => f64::from_bits(0x3fef_ffff_ffff_ffff),
                LLVMTypeKind::LLVMFloatTypeKind => f64::from(f32::from_bits(0x3f7f_ffff)),
                _ => 0.99951171875,
            };
            let frac = ir.intr("llvm.minnum", t, &[frac, ir.f(t, largest)]);
            let nan = ir.fcmp(LLVMRealUNO, x, x);
            let inf = ir.fcmp(LLVMRealOEQ, ir.fabs(x), ir.f(t, f64::INFINITY));
            let frac = ir.select(inf, ir.copysign_bits(ir.f(t, 0.0), x), frac);
            (ir.select(nan, x, frac), below)
        }
    };
    // SAFETY: a value stored through a pointer to its type.
    unsafe { LLVMBuildStore(ir.b.b, stored.0, ptr.0) };
    Ok(ret)
}

/// The high half of the products of `x` and `y` (integer elements of 8, 16 or 32 bits).
fn mul_hi(ir: &Ir, x: Val, y: Val, signed: bool) -> Result<Val, String> {
    let t = x.ty();
    let w = elem(t).int_width();
    match w {
        32 => Ok(ir.intr_all(if signed { "llvm.genx.smulh" } else { "llvm.genx.umulh" }, t, &[x, y])),
        8 | 16 => {
            let wide = ir.with_elem(t, ir.int(32));
            let ext = if signed { LLVMSExt } else { LLVMZExt };
            let p = ir.bin(LLVMMul, ir.cast(ext, x, wide), ir.cast(ext, y, wide));
            Ok(ir.cast(LLVMTrunc, ir.bin(LLVMAShr, p, ir.i(wide, w as i64)), t))
        }
        64 => Ok(misc_math::mul_hi64(ir, x, y, signed)),
        _ => Err(format!("mul_hi of {} (a product of {} bits)", t.print(), 2 * w)),
    }
}

/// A relational predicate as the built-in's result: the predicate itself for a `bool` result,
/// 1/0 for a scalar integer, -1/0 (all bits) for a vector.
fn relational_result(ir: &Ir, p: Val, ret: Ty) -> Val {
    let e = elem(ret);
    if e.kind() == LLVMTypeKind::LLVMIntegerTypeKind && e.int_width() == 1 {
        return p;
    }
    let op = if ret.kind() == LLVMTypeKind::LLVMVectorTypeKind { LLVMSExt } else { LLVMZExt };
    ir.cast(op, p, ret)
}

/// A scalar predicate as an `any`/`all` result (`bool`, or an integer 1/0).
fn scalar_result(ir: &Ir, p: Val, ret: Ty) -> Result<Val, String> {
    if ret.kind() == LLVMTypeKind::LLVMVectorTypeKind || ret.kind() != LLVMTypeKind::LLVMIntegerTypeKind {
        return Err(format!("a result of {}", ret.print()));
    }
    Ok(ir.cast(LLVMZExt, p, ret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_opencl_and_spirv_names() {
        let t = classify("_Z3expDv8_d").unwrap();
        assert_eq!(t.what, Ok((Builtin::Exp, true)));
        let t = classify("_Z3maxDv8_jS_").unwrap();
        assert_eq!(t.what, Ok((Builtin::Max, false)));
        let t = classify("_Z17__spirv_ocl_s_maxii").unwrap();
        assert_eq!(t.what, Ok((Builtin::Max, true)));
        let t = classify("_Z22__spirv_ocl_native_expf").unwrap();
        assert_eq!(t.what, Ok((Builtin::Exp, true)));
        let t = classify("_Z13__spirv_IsNanDv4_f").unwrap();
        assert_eq!(t.what, Ok((Builtin::IsNan, true)));
        let t = classify("__spirv_ConvertFToBF16INTEL").unwrap();
        assert_eq!(t.what, Ok((Builtin::FloatToBf16, true)));
        assert_eq!(classify("_Z4atanf").unwrap().what, Ok((Builtin::Math(inverse_math::MathFn::Atan), true)));
        assert_eq!(
            classify("_Z6tgammaf").unwrap().what,
            Ok((Builtin::Math(inverse_math::MathFn::Tgamma), true))
        );
        assert_eq!(classify("_Z8lgamma_rDv8_fPU3AS4Dv8_i").unwrap().what, Ok((Builtin::LgammaR, true)));
        assert_eq!(classify("_Z6remquoffPU3AS4i").unwrap().what, Ok((Builtin::Remquo, true)));
        assert!(classify("_Z3expfPU3AS4f").unwrap().what.unwrap_err().contains("pointer"));
        assert_eq!(classify("_Z5frexpdPU3AS4i").unwrap().what, Ok((Builtin::Frexp, true)));
        assert!(classify("_Z6myfuncf").is_none());
        assert!(classify("llvm.genx.exp.f32").is_none());
        assert!(classify("helper").is_none());
    }
}
