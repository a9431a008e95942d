//! `vector.print` lowered to calls of MLIR's C runner utilities library
//! (`libmlir_c_runner_utils.so`, and `libmlir_float16_utils.so` for f16/bf16), as MLIR's
//! vector-to-llvm conversion does: a scalar is printed by `printI64` (signless integers
//! sign-extended, i1 zero-extended), `printU64` (unsigned integers and indices, zero-extended),
//! `printF32`, `printF64`, `printF16` / `printBF16` (the bits as i16); a vector as `( a, b )` per
//! dimension with `printOpen`, `printComma` and `printClose`; then the punctuation (`printNewline`
//! unless told otherwise). `str "text"` becomes a private string constant printed by
//! `printString`, with no punctuation after it, as MLIR 19 does. A program using it runs under
//! `lli` with the library loaded (`--dlopen`). GPU kernels cannot call the host library: there
//! vector.print is refused.

use super::{FnEmitter, Res};
use crate::module::{c_string, const_cast};
use crate::types::{quote, LTy};
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, Operation, Signedness, Type};

/// The punctuation `vector.print` writes after its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Punctuation {
    /// Nothing.
    None,
    /// `printNewline` (the default).
    Newline,
    /// `printComma`.
    Comma,
    /// `printOpen`.
    Open,
    /// `printClose`.
    Close,
}

impl Punctuation {
    /// The `#vector.punctuation<kind>` keyword's meaning.
    fn parse(kind: &str) -> Option<Self> {
        Some(match kind {
            "no_punctuation" => Punctuation::None,
            "newline" => Punctuation::Newline,
            "comma" => Punctuation::Comma,
            "open" => Punctuation::Open,
            "close" => Punctuation::Close,
            _ => return None,
        })
    }

    /// The runtime function printing it.
    fn function(self) -> Option<&'static str> {
        match self {
            Punctuation::None => None,
            Punctuation::Newline => Some("printNewline"),
            Punctuation::Comma => Some("printComma"),
            Punctuation::Open => Some("printOpen"),
            Punctuation::Close => Some("printClose"),
        }
    }
}

impl FnEmitter<'_, '_> {
    /// Lowers `vector.print`.
    pub(crate) fn vector_print(&mut self, op: &Operation) -> Res<()> {
        if self.in_kernel {
            return Err(unsupported(
                "vector.print in a GPU kernel: the MLIR runner utilities library it calls runs on the host",
            ));
        }
        if let Some(Attr::Str(s)) = op.attr("stringLiteral") {
            let mut bytes = s.clone();
            bytes.push(0);
            let g = format!("vector_print_str_{}_{}", self.name, self.next);
            self.next += 1;
            let gt = LTy::Array(bytes.len() as u64, Box::new(LTy::Int(8)));
            self.m.decls.insert(
                format!("~{g}"),
                format!("@{} = private constant {gt} {}", quote(&g), c_string(&bytes)),
            );
            let p = const_cast(&format!("@{}", quote(&g)), &gt.ptr_to(0), &LTy::i8ptr());
            self.call_decl("printString", &LTy::Void, &[(p, LTy::i8ptr())]);
            return Ok(());
        }
        let punct = match op.attr("punctuation") {
            None => Punctuation::Newline,
            Some(Attr::Dialect(_, k)) => Punctuation::parse(k)
                .ok_or_else(|| invalid(format!("unknown vector.print punctuation '{k}'")))?,
            Some(_) => return Err(invalid("the punctuation of vector.print is a #vector.punctuation")),
        };
        if let Some(&v) = op.operands.first() {
            let ty = self.m.ir.ty(v).clone();
            let (text, lt) = self.get(v)?;
            match &ty {
                Type::Vector { shape, scalable, elem } => {
                    if scalable.iter().any(|&s| s) {
                        return Err(unsupported(format!("vector.print of the scalable vector {ty}")));
                    }
                    // A 0-D vector prints as one element in parentheses.
                    let shape = if shape.is_empty() { vec![1] } else { shape.clone() };
                    self.print_vector(&text, &lt, &shape, elem)?;
                }
                _ => self.print_scalar(&text, &lt, &ty)?,
            }
        }
        if let Some(f) = punct.function() {
            self.call_decl(f, &LTy::Void, &[]);
        }
        Ok(())
    }

    /// `( e0, e1, ... )` for each dimension of a vector value (nested arrays of 1-D vectors).
    fn print_vector(&mut self, v: &str, t: &LTy, shape: &[u64], elem: &Type) -> Res<()> {
        self.call_decl("printOpen", &LTy::Void, &[]);
        let n = shape[0];
        for k in 0..n {
            match t {
                LTy::Array(_, inner) if shape.len() > 1 => {
                    let x = self.emit(&format!("extractvalue {t} {v}, {k}"));
                    self.print_vector(&x, inner, &shape[1..], elem)?;
                }
                LTy::Vec(_, e) if shape.len() == 1 => {
                    let x = self.emit(&format!("extractelement {t} {v}, i64 {k}"));
                    self.print_scalar(&x, e, elem)?;
                }
                _ => {
                    return Err(invalid(format!(
                        "a vector.print operand of type {t} does not have the shape of its MLIR type"
                    )))
                }
            }
            if k + 1 < n {
                self.call_decl("printComma", &LTy::Void, &[]);
            }
        }
        self.call_decl("printClose", &LTy::Void, &[]);
        Ok(())
    }

    /// One scalar through the runtime function of its type.
    fn print_scalar(&mut self, v: &str, t: &LTy, ty: &Type) -> Res<()> {
        let i64t = LTy::Int(64);
        let i16t = LTy::Int(16);
        match ty {
            Type::F32 => self.call_decl("printF32", &LTy::Void, &[(v.to_string(), t.clone())]),
            Type::F64 => self.call_decl("printF64", &LTy::Void, &[(v.to_string(), t.clone())]),
            Type::F16 | Type::BF16 => {
                let bits = self.emit(&format!("bitcast {t} {v} to i16"));
                let f = if *ty == Type::F16 { "printF16" } else { "printBF16" };
                self.call_decl(f, &LTy::Void, &[(bits, i16t)])
            }
            Type::Index => {
                let x = self.widen(v, t, "zext")?;
                self.call_decl("printU64", &LTy::Void, &[(x, i64t)])
            }
            Type::Int(w, s) if *w <= 64 => {
                let (ext, f) = match s {
                    Signedness::Unsigned => ("zext", "printU64"),
                    _ if *w == 1 => ("zext", "printI64"),
                    _ => ("sext", "printI64"),
                };
                let x = self.widen(v, t, ext)?;
                self.call_decl(f, &LTy::Void, &[(x, i64t)])
            }
            _ => return Err(unsupported(format!("vector.print of {ty} (the runner utilities print integers up to 64 bits, index, f16, bf16, f32 and f64)"))),
        };
        Ok(())
    }

    /// An integer value as i64, extended by `ext` when narrower.
    fn widen(&mut self, v: &str, t: &LTy, ext: &str) -> Res<String> {
        match t {
            LTy::Int(64) => Ok(v.to_string()),
            LTy::Int(w) if *w < 64 => Ok(self.emit(&format!("{ext} {t} {v} to i64"))),
            _ => Err(invalid(format!("vector.print of an integer held as {t}"))),
        }
    }
}
