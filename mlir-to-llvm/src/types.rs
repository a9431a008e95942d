//! The type converter: MLIR builtin and LLVM dialect types to LLVM IR types (LLVM 14, typed
//! pointers), with memref descriptors, complex numbers as structs, `index` by data layout and
//! n-D vectors as arrays of 1-D vectors; and the spelling of LLVM constants.

use genxc_diag::{invalid, unsupported, Failure};
use genxc_frontend::mlir::{Scalar, StructType, Type};
use std::collections::BTreeMap;
use std::fmt;

/// An LLVM IR type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LTy {
    /// `void`.
    Void,
    /// `iN`.
    Int(u32),
    /// `half`.
    Half,
    /// `bfloat`.
    BFloat,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `x86_fp80`.
    X86Fp80,
    /// `fp128`.
    Fp128,
    /// `T addrspace(n)*`; an opaque MLIR pointer is `i8*`.
    Ptr(Box<LTy>, u32),
    /// `<N x T>`.
    Vec(u64, Box<LTy>),
    /// `<vscale x N x T>`: a scalable vector (LLVM-dialect signatures and values only).
    ScalableVec(u64, Box<LTy>),
    /// `[N x T]`.
    Array(u64, Box<LTy>),
    /// `{ ... }` or packed `<{ ... }>`.
    Struct(Vec<LTy>, bool),
    /// `%"name"`: an identified struct.
    Named(String),
    /// `R (A, ...)`.
    Func(Box<LTy>, Vec<LTy>, bool),
    /// `label`, `metadata`, `token`.
    Other(&'static str),
}

impl LTy {
    /// `i8*` in address space 0.
    pub fn i8ptr() -> LTy {
        LTy::Ptr(Box::new(LTy::Int(8)), 0)
    }
    /// A pointer to this type.
    pub fn ptr_to(&self, space: u32) -> LTy {
        LTy::Ptr(Box::new(self.clone()), space)
    }
    /// Whether this is a float type.
    pub fn is_float(&self) -> bool {
        matches!(self, LTy::Half | LTy::BFloat | LTy::Float | LTy::Double | LTy::X86Fp80 | LTy::Fp128)
    }
    /// The element type of a vector, or the type itself.
    pub fn scalar(&self) -> &LTy {
        match self {
            LTy::Vec(_, e) => e,
            t => t,
        }
    }
    /// The type name used in intrinsic suffixes (`f32`, `v4f32`, `i64`, `p0i8`).
    pub fn mangle(&self) -> String {
        match self {
            LTy::Int(w) => format!("i{w}"),
            LTy::Half => "f16".into(),
            LTy::BFloat => "bf16".into(),
            LTy::Float => "f32".into(),
            LTy::Double => "f64".into(),
            LTy::X86Fp80 => "f80".into(),
            LTy::Fp128 => "f128".into(),
            LTy::Vec(n, e) => format!("v{n}{}", e.mangle()),
            LTy::ScalableVec(n, e) => format!("nxv{n}{}", e.mangle()),
            LTy::Ptr(e, s) => format!("p{s}{}", e.mangle()),
            LTy::Array(n, e) => format!("a{n}{}", e.mangle()),
            other => other.to_string().replace(['{', '}', ' ', ','], ""),
        }
    }
}

impl fmt::Display for LTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |ts: &[LTy]| ts.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        match self {
            LTy::Void => f.write_str("void"),
            LTy::Int(w) => write!(f, "i{w}"),
            LTy::Half => f.write_str("half"),
            LTy::BFloat => f.write_str("bfloat"),
            LTy::Float => f.write_str("float"),
            LTy::Double => f.write_str("double"),
            LTy::X86Fp80 => f.write_str("x86_fp80"),
            LTy::Fp128 => f.write_str("fp128"),
            LTy::Ptr(e, 0) => match **e {
                LTy::Void => f.write_str("i8*"),
                _ => write!(f, "{e}*"),
            },
            LTy::Ptr(e, s) => write!(f, "{e} addrspace({s})*"),
            LTy::Vec(n, e) => write!(f, "<{n} x {e}>"),
            LTy::ScalableVec(n, e) => write!(f, "<vscale x {n} x {e}>"),
            LTy::Array(n, e) => write!(f, "[{n} x {e}]"),
            LTy::Struct(ts, false) => {
                if ts.is_empty() {
                    f.write_str("{}")
                } else {
                    write!(f, "{{ {} }}", list(ts))
                }
            }
            LTy::Struct(ts, true) => write!(f, "<{{ {} }}>", list(ts)),
            LTy::Named(n) => write!(f, "%{}", quote(n)),
            LTy::Func(r, ps, va) => {
                let mut p = list(ps);
                if *va {
                    p = if p.is_empty() { "...".into() } else { format!("{p}, ...") };
                }
                write!(f, "{r} ({p})")
            }
            LTy::Other(s) => f.write_str(s),
        }
    }
}

/// A name as LLVM text writes it after `@` or `%` (quoted unless plain).
pub fn quote(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._$-".contains(&b));
    if plain {
        name.to_string()
    } else {
        let mut s = String::from("\"");
        for b in name.bytes() {
            if b == b'"' || b == b'\\' || !(32..127).contains(&b) {
                s.push_str(&format!("\\{b:02X}"));
            } else {
                s.push(b as char);
            }
        }
        s.push('"');
        s
    }
}

/// The type converter and the identified structs it has met.
#[derive(Clone, Debug)]
pub struct Types {
    /// Bits of `index`.
    pub index_bits: u32,
    /// Identified struct bodies by name (`None`: opaque).
    pub named: BTreeMap<String, Option<(Vec<LTy>, bool)>>,
}

impl Types {
    /// A converter with `index` of the given width.
    pub fn new(index_bits: u32) -> Self {
        Types { index_bits, named: BTreeMap::new() }
    }

    /// The `index` type.
    pub fn index(&self) -> LTy {
        LTy::Int(self.index_bits)
    }

    /// The descriptor of a ranked memref of `rank` with element `elem` in `space`.
    pub fn descriptor(&self, elem: &LTy, rank: usize, space: u32) -> LTy {
        let p = elem.ptr_to(space);
        let mut f = vec![p.clone(), p, self.index()];
        if rank > 0 {
            f.push(LTy::Array(rank as u64, Box::new(self.index())));
            f.push(LTy::Array(rank as u64, Box::new(self.index())));
        }
        LTy::Struct(f, false)
    }

    /// Converts a type; the error names the construct that cannot be converted.
    pub fn convert(&mut self, t: &Type) -> Result<LTy, Failure> {
        Ok(match t {
            Type::Int(w, _) => LTy::Int(*w),
            Type::Index => self.index(),
            Type::F16 => LTy::Half,
            Type::BF16 => LTy::BFloat,
            Type::F32 => LTy::Float,
            Type::F64 => LTy::Double,
            Type::F80 => LTy::X86Fp80,
            Type::F128 => LTy::Fp128,
            Type::None => return Err(unsupported("the 'none' type has no LLVM equivalent")),
            Type::Vector { shape, scalable, elem } => {
                if scalable.iter().rev().skip(1).any(|&s| s) {
                    return Err(unsupported(format!(
                        "scalable vector {t} (only the last dimension may scale)"
                    )));
                }
                let e = self.convert(elem)?;
                if !matches!(
                    e,
                    LTy::Int(_) | LTy::Half | LTy::BFloat | LTy::Float | LTy::Double | LTy::Ptr(..)
                ) {
                    return Err(unsupported(format!("vector element type in {t}")));
                }
                let n = shape.last().copied().unwrap_or(1);
                let mut out = if scalable.last() == Some(&true) {
                    LTy::ScalableVec(n, Box::new(e))
                } else {
                    LTy::Vec(n, Box::new(e))
                };
                for &d in shape.iter().rev().skip(1) {
                    out = LTy::Array(d, Box::new(out));
                }
                out
            }
            Type::Tensor { .. } => {
                return Err(unsupported(format!(
                    "tensor type {t}: tensors cannot be converted to the LLVM dialect, bufferize first"
                )))
            }
            Type::MemRef { shape, elem, layout, space } => {
                if let genxc_frontend::mlir::Layout::Map(m) = layout {
                    return Err(unsupported(format!("memref with a non-strided layout ({m})")));
                }
                let e = self.convert(elem)?;
                self.descriptor(&e, shape.len(), *space)
            }
            Type::UnrankedMemRef { .. } => LTy::Struct(vec![self.index(), LTy::i8ptr()], false),
            Type::Complex(e) => {
                let e = self.convert(e)?;
                LTy::Struct(vec![e.clone(), e], false)
            }
            Type::Tuple(_) => return Err(unsupported(format!("tuple type {t} has no LLVM equivalent"))),
            Type::Function { inputs, results } => {
                let ps = inputs.iter().map(|i| self.convert(i)).collect::<Result<Vec<_>, _>>()?;
                let r = self.pack_results(results)?;
                LTy::Func(Box::new(r), ps, false).ptr_to(0)
            }
            Type::LlvmPtr { pointee: None, space } => LTy::Ptr(Box::new(LTy::Int(8)), *space),
            Type::LlvmPtr { pointee: Some(p), space } => {
                let e = self.convert(p)?;
                let e = if e == LTy::Void { LTy::Int(8) } else { e };
                LTy::Ptr(Box::new(e), *space)
            }
            Type::LlvmVoid => LTy::Void,
            Type::LlvmStruct(s) => self.convert_struct(s)?,
            Type::LlvmArray(n, e) => LTy::Array(*n, Box::new(self.convert(e)?)),
            Type::LlvmFunc { ret, params, vararg } => {
                let ps = params.iter().map(|p| self.convert(p)).collect::<Result<Vec<_>, _>>()?;
                LTy::Func(Box::new(self.convert(ret)?), ps, *vararg)
            }
            Type::LlvmVec { len, scalable: false, elem } => LTy::Vec(*len, Box::new(self.convert(elem)?)),
            Type::LlvmVec { len, scalable: true, elem } => {
                LTy::ScalableVec(*len, Box::new(self.convert(elem)?))
            }
            Type::LlvmOther(n) => match n.as_str() {
                "label" => LTy::Other("label"),
                "metadata" => LTy::Other("metadata"),
                "token" => LTy::Other("token"),
                _ => return Err(unsupported(format!("LLVM type !llvm.{n}"))),
            },
            Type::Opaque(s) if s.starts_with("!xegpu.") => return crate::func::xegpu::llvm_type(s),
            Type::Opaque(s) => return Err(unsupported(format!("type {s} of an unknown dialect"))),
        })
    }

    fn convert_struct(&mut self, s: &StructType) -> Result<LTy, Failure> {
        let Some(name) = &s.name else {
            let body = s.body.as_deref().unwrap_or(&[]);
            let fs = body.iter().map(|t| self.convert(t)).collect::<Result<Vec<_>, _>>()?;
            return Ok(LTy::Struct(fs, s.packed));
        };
        if !self.named.contains_key(name) {
            // Insert first so recursive references terminate.
            self.named.insert(name.clone(), None);
            if let Some(body) = &s.body {
                let fs = body.iter().map(|t| self.convert(t)).collect::<Result<Vec<_>, _>>()?;
                self.named.insert(name.clone(), Some((fs, s.packed)));
            }
        } else if let (Some(body), Some(None)) = (&s.body, self.named.get(name)) {
            let fs = body.iter().map(|t| self.convert(t)).collect::<Result<Vec<_>, _>>()?;
            self.named.insert(name.clone(), Some((fs, s.packed)));
        }
        Ok(LTy::Named(name.clone()))
    }

    /// The LLVM result type of a function with these results: void, the one type, or a struct.
    pub fn pack_results(&mut self, results: &[Type]) -> Result<LTy, Failure> {
        match results {
            [] => Ok(LTy::Void),
            [t] => self.convert(t),
            ts => Ok(LTy::Struct(ts.iter().map(|t| self.convert(t)).collect::<Result<Vec<_>, _>>()?, false)),
        }
    }

    /// Parameter types of a `func.func` argument after memref unbundling.
    pub fn unbundled(&mut self, t: &Type) -> Result<Vec<LTy>, Failure> {
        match t {
            Type::MemRef { shape, elem, space, .. } => {
                let e = self.convert(elem)?;
                let p = e.ptr_to(*space);
                let mut v = vec![p.clone(), p, self.index()];
                v.extend(std::iter::repeat_n(self.index(), 2 * shape.len()));
                Ok(v)
            }
            Type::UnrankedMemRef { .. } => Ok(vec![self.index(), LTy::i8ptr()]),
            t => Ok(vec![self.convert(t)?]),
        }
    }

    /// The members of an aggregate type (resolving identified structs).
    pub fn members(&self, t: &LTy) -> Option<Vec<LTy>> {
        match t {
            LTy::Struct(fs, _) => Some(fs.clone()),
            LTy::Named(n) => self.named.get(n).and_then(|b| b.as_ref()).map(|(fs, _)| fs.clone()),
            LTy::Array(n, e) | LTy::Vec(n, e) => Some(vec![(**e).clone(); (*n).min(1 << 16) as usize]),
            _ => None,
        }
    }

    /// The type at `index` inside an aggregate (struct member, array or vector element).
    pub fn member(&self, t: &LTy, index: u64) -> Option<LTy> {
        match t {
            LTy::Array(_, e) | LTy::Vec(_, e) => Some((**e).clone()),
            _ => self.members(t)?.get(index as usize).cloned(),
        }
    }
}

/// Interprets `v` as a `w`-bit two's complement integer and prints it signed.
pub fn int_text(v: i128, w: u32) -> String {
    if w == 1 {
        return if v & 1 == 1 { "true".into() } else { "false".into() };
    }
    if w >= 128 {
        return v.to_string();
    }
    let m = v & ((1i128 << w) - 1);
    let s = if m >> (w - 1) & 1 == 1 { m - (1i128 << w) } else { m };
    s.to_string()
}

/// The bits of the double that holds the float of bits `bits` exactly, as LLVM writes a float
/// constant: a NaN keeps its payload and stays signalling (converting through the processor,
/// `f32 as f64`, sets the quiet bit of a signalling NaN).
fn float_bits_as_double(bits: u32) -> u64 {
    let (sign, exponent, mantissa) =
        (u64::from(bits >> 31), (bits >> 23) & 0xff, u64::from(bits & 0x7f_ffff));
    if exponent == 0xff && mantissa != 0 {
        sign << 63 | 0x7ff << 52 | mantissa << 29
    } else {
        f64::from(f32::from_bits(bits)).to_bits()
    }
}

/// The LLVM text of a float constant of type `t` from a literal value or bit pattern.
pub fn float_text(s: Scalar, t: &LTy) -> Result<String, Failure> {
    let as_f64 = |s: Scalar| match s {
        Scalar::Float(f) => f,
        Scalar::Int(i) => i as f64,
        Scalar::Bits(b) => f64::from_bits(b),
    };
    Ok(match t {
        LTy::Double => {
            let bits = match s {
                Scalar::Bits(b) => b,
                _ => as_f64(s).to_bits(),
            };
            format!("0x{bits:016X}")
        }
        LTy::Float => {
            let bits = match s {
                Scalar::Bits(b) => b as u32,
                _ => (as_f64(s) as f32).to_bits(),
            };
            format!("0x{:016X}", float_bits_as_double(bits))
        }
        LTy::Half => {
            let bits = match s {
                Scalar::Bits(b) => b as u16,
                _ => half::f16::from_f64(as_f64(s)).to_bits(),
            };
            format!("0xH{bits:04X}")
        }
        LTy::BFloat => {
            let bits = match s {
                Scalar::Bits(b) => b as u16,
                _ => half::bf16::from_f64(as_f64(s)).to_bits(),
            };
            format!("0xR{bits:04X}")
        }
        _ => return Err(unsupported(format!("float constant of type {t}"))),
    })
}

/// The text of a scalar constant of an integer or float type.
pub fn scalar_text(s: Scalar, t: &LTy) -> Result<String, Failure> {
    match t {
        LTy::Int(w) => Ok(match s {
            Scalar::Int(v) => int_text(v, *w),
            Scalar::Bits(b) => int_text(b as i128, *w),
            Scalar::Float(f) => int_text(f as i128, *w),
        }),
        t if t.is_float() => float_text(s, t),
        LTy::Ptr(..) => Ok(match s {
            Scalar::Int(0) => "null".into(),
            Scalar::Int(v) => format!("inttoptr (i64 {v} to {t})"),
            _ => return Err(unsupported("float constant for a pointer")),
        }),
        _ => Err(unsupported(format!("scalar constant of type {t}"))),
    }
}

/// A constant of an aggregate or vector type filled from flattened elements (one element is a
/// splat).
pub fn dense_text(t: &LTy, elems: &[Scalar]) -> Result<String, Failure> {
    fn count(t: &LTy) -> u64 {
        match t {
            LTy::Array(n, e) | LTy::Vec(n, e) => n * count(e),
            _ => 1,
        }
    }
    fn go(t: &LTy, elems: &[Scalar], i: &mut usize, splat: bool) -> Result<String, Failure> {
        match t {
            LTy::Array(n, e) | LTy::Vec(n, e) => {
                let (open, close) = if matches!(t, LTy::Array(..)) { ('[', ']') } else { ('<', '>') };
                let mut parts = Vec::with_capacity(*n as usize);
                for _ in 0..*n {
                    parts.push(format!("{e} {}", go(e, elems, i, splat)?));
                }
                Ok(format!("{open}{}{close}", parts.join(", ")))
            }
            LTy::Struct(..) | LTy::Named(_) => Err(unsupported(format!("dense constant of type {t}"))),
            _ => {
                let s =
                    if splat { elems[0] } else { elems.get(*i).copied().ok_or("too few dense elements")? };
                *i += 1;
                scalar_text(s, t)
            }
        }
    }
    if elems.is_empty() {
        return Ok("zeroinitializer".into());
    }
    let splat = elems.len() == 1;
    if !splat && elems.len() as u64 != count(t) {
        return Err(invalid(format!(
            "dense literal has {} elements, the type {t} holds {}",
            elems.len(),
            count(t)
        )));
    }
    let mut i = 0;
    go(t, elems, &mut i, splat)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every float constant's double text is the float itself, bit for bit: signalling NaNs stay
    /// signalling with their payload (a conversion through the processor quieted them).
    #[test]
    fn float_constants_keep_every_bit() {
        let special =
            [0x7F80_0001u32, 0xFF80_0001, 0x7FBF_FFFF, 0x7FC0_0000, 0x7F80_0000, 0x0000_0001, 0x8000_0000];
        for bits in special.into_iter().chain((0..=u32::MAX).step_by(65_537)) {
            let text = float_text(Scalar::Bits(u64::from(bits)), &LTy::Float).unwrap();
            let d = u64::from_str_radix(&text[2..], 16).unwrap();
            let double = f64::from_bits(d);
            // back to float by the fields (LLVM's reading of the constant), not through the processor
            let back = if double.is_nan() {
                ((d >> 63) as u32) << 31 | 0xff << 23 | ((d >> 29) as u32 & 0x7f_ffff)
            } else {
                (double as f32).to_bits()
            };
            assert_eq!(back, bits, "{text}");
            assert_eq!(d & ((1 << 29) - 1), 0, "{text}: not a float's double");
        }
    }

    #[test]
    fn converts_memrefs_vectors_and_complex() {
        let mut ty = Types::new(64);
        let m = Type::MemRef {
            shape: vec![2, -1],
            elem: Box::new(Type::F32),
            layout: genxc_frontend::mlir::Layout::Identity,
            space: 0,
        };
        assert_eq!(ty.convert(&m).unwrap().to_string(), "{ float*, float*, i64, [2 x i64], [2 x i64] }");
        let v = Type::Vector { shape: vec![2, 4], scalable: vec![false, false], elem: Box::new(Type::F32) };
        assert_eq!(ty.convert(&v).unwrap().to_string(), "[2 x <4 x float>]");
        assert_eq!(
            ty.convert(&Type::Complex(Box::new(Type::F64))).unwrap().to_string(),
            "{ double, double }"
        );
        let e = ty.convert(&Type::Tensor { shape: None, elem: Box::new(Type::F32) }).unwrap_err();
        assert!(e.kind == genxc_diag::Kind::Unsupported && e.message.contains("bufferize"), "{e}");
        assert_eq!(Types::new(32).convert(&Type::Index).unwrap(), LTy::Int(32));
    }

    #[test]
    fn constants() {
        assert_eq!(int_text(255, 8), "-1");
        assert_eq!(int_text(1, 1), "true");
        assert_eq!(float_text(Scalar::Float(1.5), &LTy::Float).unwrap(), "0x3FF8000000000000");
        assert_eq!(float_text(Scalar::Bits(0xFF800000), &LTy::Float).unwrap(), "0xFFF0000000000000");
        assert_eq!(float_text(Scalar::Float(1.0), &LTy::Half).unwrap(), "0xH3C00");
        let t = LTy::Vec(2, Box::new(LTy::Int(32)));
        assert_eq!(dense_text(&t, &[Scalar::Int(7)]).unwrap(), "<i32 7, i32 7>");
    }
}
