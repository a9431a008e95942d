//! The matrix engine intrinsics (`llvm.genx.dpas`, `dpas2`, `dpas.nosrc0`, `dpasw`,
//! `dpasw.nosrc0`) as the matrix product their definition describes: the result is an M x N
//! matrix (M the repeat count, N the result's elements per row), `C = acc + A x B` with A (src2)
//! M x K in row order and B (src1) K x N packed the way the systolic array reads it (each dword of
//! B's dword rows holds consecutive K elements of one column). K is the systolic depth times the
//! elements a dword channel takes per stage. The operands are unpacked into plain matrices first,
//! then multiplied.
//!
//! Integer products wrap modulo 2^32. Float ones: each systolic stage's products are summed
//! (exactly, in `f64`) and added to the running `f32` sum, one rounding per stage; a half result
//! is rounded once at the end. The precision codes are vISA's (`GenPrecision`: 1 u1, 2 s1, 3 u2,
//! 4 s2, 5 u4, 6 s4, 7 u8, 8 s8, 9 bf16, 10 hf, 11 bf8, 12 tf32), which is what CM front ends put
//! in the operation word (vc-intrinsics' dpas2 table lists the signed and unsigned integer codes
//! the other way round; the corpus and the finalizer use these).

use super::Bits;
use crate::error::SimError;
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::{Elem, Type};

/// The element format of one dpas operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MatrixElem {
    /// An integer of `bits` bits, signed or not.
    Int { bits: u32, signed: bool },
    /// bfloat16 (1-8-7).
    Bf16,
    /// IEEE half (1-5-10).
    Half,
    /// TensorFloat-32: an `f32` of which the low 13 mantissa bits are ignored.
    Tf32,
}

impl MatrixElem {
    /// The format of vISA precision code `code`.
    fn of_code(code: u64) -> Result<MatrixElem, SimError> {
        use MatrixElem::*;
        Ok(match code {
            1 => Int { bits: 1, signed: false },
            2 => Int { bits: 1, signed: true },
            3 => Int { bits: 2, signed: false },
            4 => Int { bits: 2, signed: true },
            5 => Int { bits: 4, signed: false },
            6 => Int { bits: 4, signed: true },
            7 => Int { bits: 8, signed: false },
            8 => Int { bits: 8, signed: true },
            9 => Bf16,
            10 => Half,
            12 => Tf32,
            11 => return Err(SimError::NotModeled("dpas with bfloat8 (precision 11) operands".into())),
            c => return Err(SimError::Malformed(format!("dpas precision code {c} is not a precision"))),
        })
    }

    /// The bits one element takes.
    fn bits(self) -> u32 {
        match self {
            MatrixElem::Int { bits, .. } => bits,
            MatrixElem::Bf16 | MatrixElem::Half => 16,
            MatrixElem::Tf32 => 32,
        }
    }

    /// The number a raw element (its low `bits()` bits) stands for.
    fn value(self, raw: u64) -> f64 {
        match self {
            MatrixElem::Int { bits, signed: true } => {
                let shift = 64 - bits;
                ((raw << shift) as i64 >> shift) as f64
            }
            MatrixElem::Int { .. } => raw as f64,
            MatrixElem::Bf16 => f64::from(f32::from_bits((raw as u32) << 16)),
            MatrixElem::Half => half::f16::from_bits(raw as u16).to_f64(),
            MatrixElem::Tf32 => f64::from(f32::from_bits(raw as u32 & !0x1fff)),
        }
    }
}

/// An operand as a little-endian bit string: per byte its value, `None` when undefined.
fn bytes_of(v: &Bits, e: Elem) -> Vec<Option<u8>> {
    let n = e.bytes() as usize;
    v.iter().flat_map(|x| (0..n).map(move |i| x.map(|x| (x >> (8 * i)) as u8))).collect()
}

/// Element `index` (of `bits` bits) of a bit string, `None` when a bit of it is undefined or it
/// lies beyond the operand.
fn element(bytes: &[Option<u8>], bits: u32, index: usize) -> Option<u64> {
    let first = index * bits as usize;
    let mut out = 0u64;
    for b in 0..bits as usize {
        let bit = first + b;
        let byte = (*bytes.get(bit / 8)?)?;
        out |= u64::from(byte >> (bit % 8) & 1) << b;
    }
    Some(out)
}

/// The operands of one call, whatever the intrinsic's form.
struct Call<'a> {
    acc: Option<(&'a Bits, Elem)>,
    b: (&'a Bits, Elem),
    a: (&'a Bits, Elem),
    b_fmt: MatrixElem,
    a_fmt: MatrixElem,
    depth: usize,
    rows: usize,
}

/// A defined constant operand.
fn constant(args: &[Bits], i: usize, what: &str) -> Result<u64, SimError> {
    args.get(i)
        .and_then(|v| v.first().copied().flatten())
        .ok_or_else(|| SimError::Malformed(format!("dpas: the {what} is not a defined constant")))
}

/// Decodes the operands of `id`'s call.
fn call<'a>(id: IntrinsicId, args: &'a [Bits], tys: &[Type]) -> Result<Call<'a>, SimError> {
    use IntrinsicId::*;
    let elem = |i: usize| tys.get(i).and_then(|t| t.elem()).unwrap_or(Elem::I32);
    let need = |n: usize| {
        if args.len() < n || tys.len() < n {
            Err(SimError::Malformed(format!("{} takes {n} operands", id.name())))
        } else {
            Ok(())
        }
    };
    match id {
        Dpas2 => {
            need(9)?;
            Ok(Call {
                acc: Some((&args[0], elem(0))),
                b: (&args[1], elem(1)),
                a: (&args[2], elem(2)),
                b_fmt: MatrixElem::of_code(constant(args, 3, "src1 precision")?)?,
                a_fmt: MatrixElem::of_code(constant(args, 4, "src2 precision")?)?,
                depth: constant(args, 5, "systolic depth")? as usize,
                rows: constant(args, 6, "repeat count")? as usize,
            })
        }
        _ => {
            let nosrc0 = matches!(id, DpasNosrc0 | DpaswNosrc0);
            let first = usize::from(!nosrc0);
            need(first + 3)?;
            // repeat count << 24 | systolic depth << 16 | src2 precision << 8 | src1 precision
            let word = constant(args, first + 2, "operation word")?;
            Ok(Call {
                acc: (!nosrc0).then(|| (&args[0], elem(0))),
                b: (&args[first], elem(first)),
                a: (&args[first + 1], elem(first + 1)),
                b_fmt: MatrixElem::of_code(word & 0xff)?,
                a_fmt: MatrixElem::of_code(word >> 8 & 0xff)?,
                depth: (word >> 16 & 0xff) as usize,
                rows: (word >> 24 & 0xff) as usize,
            })
        }
    }
}

/// Evaluates a dpas-family intrinsic (`None` for any other).
pub(super) fn eval(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type) -> Option<Result<Bits, SimError>> {
    use IntrinsicId::*;
    matches!(id, Dpas | Dpas2 | DpasNosrc0 | Dpasw | DpaswNosrc0).then(|| product(id, args, tys, ty))
}

/// `acc + A x B` of one call.
fn product(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type) -> Result<Bits, SimError> {
    let c = call(id, args, tys)?;
    let re = ty.elem().unwrap_or(Elem::I32);
    let total = ty.num_elems() as usize;
    if c.rows == 0 || c.depth == 0 || !total.is_multiple_of(c.rows) {
        return Err(SimError::Malformed(format!(
            "{}: {total} result elements are not repeat count {} rows",
            id.name(),
            c.rows
        )));
    }
    let float = |f: MatrixElem| !matches!(f, MatrixElem::Int { .. });
    if float(c.a_fmt) != float(c.b_fmt) || float(c.a_fmt) != re.is_float() {
        return Err(SimError::Malformed(format!("{}: precisions and result type disagree", id.name())));
    }
    let n = total / c.rows;
    // elements one dword channel takes per stage: 32 bits of the wider operand, at most 8
    let per_stage = (32 / c.a_fmt.bits().max(c.b_fmt.bits())).min(8) as usize;
    let k_total = c.depth * per_stage;
    let a_bytes = bytes_of(c.a.0, c.a.1);
    let b_bytes = bytes_of(c.b.0, c.b.1);
    // A: M x K in row order
    let a: Vec<Vec<Option<f64>>> = (0..c.rows)
        .map(|m| {
            (0..k_total)
                .map(|k| element(&a_bytes, c.a_fmt.bits(), m * k_total + k).map(|r| c.a_fmt.value(r)))
                .collect()
        })
        .collect();
    // B: K x N, kept by column; a dword holds 32 / bits consecutive K elements of one column
    let b_per_dword = (32 / c.b_fmt.bits()) as usize;
    let b_cols: Vec<Vec<Option<f64>>> = (0..n)
        .map(|col| {
            (0..k_total)
                .map(|k| {
                    let dword = (k / b_per_dword) * n + col;
                    let index = dword * b_per_dword + k % b_per_dword;
                    element(&b_bytes, c.b_fmt.bits(), index).map(|r| c.b_fmt.value(r))
                })
                .collect()
        })
        .collect();
    let mut out = Vec::with_capacity(total);
    for (m, a_row) in a.iter().enumerate() {
        for (col, b_col) in b_cols.iter().enumerate() {
            let acc = match c.acc {
                None => Some(0),
                Some((v, _)) => v.get(m * n + col).copied().flatten(),
            };
            let terms: Option<Vec<f64>> = a_row.iter().zip(b_col).map(|(x, y)| Some((*x)? * (*y)?)).collect();
            let (Some(acc), Some(terms)) = (acc, terms) else {
                out.push(None);
                continue;
            };
            out.push(Some(if re.is_float() {
                let acc_elem = c.acc.map_or(re, |(_, e)| e);
                let mut sum = super::alu::to_f64(acc, acc_elem) as f32;
                for stage in terms.chunks(per_stage) {
                    sum = (f64::from(sum) + stage.iter().sum::<f64>()) as f32;
                }
                super::alu::from_f64(f64::from(sum), re)
            } else {
                let dot = terms.iter().fold(0i64, |s, t| s.wrapping_add(*t as i64));
                genxc_genx::ir::truncate_bits(acc.wrapping_add(dot as u64), re)
            }));
        }
    }
    Ok(out)
}
