//! A reference interpreter of GenX IR on concrete vectors.
//!
//! It gives region reads and writes (direct, indirect, multi-indirect, masked) their meaning from
//! the region definition alone (element `i` is at byte `index + offset + (i / width * vstride + i %
//! width * stride) * elem_bytes`), independently of the legality and splitting code, and evaluates
//! element-wise integer and float operations, casts, selects, compares, vector element operations
//! and predicate region intrinsics. Values are vectors of optional `u64` bit patterns (`None` is an
//! undefined element). Tests run a function before and after legalization and compare: this is
//! public API, the semantic oracle of a legalizer ([`run`], or [`read_region`] / [`write_region`]
//! on one region), and `testing::same_semantics` (feature `proptest`) wraps it.

use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{sign_extend, BinOp, CastOp, CmpPred, FuncId, Terminator};
use genxc_genx::{Elem, Function, InstKind, Region, Type, Value};
use std::fmt;

/// One value: bits per element (`None` undefined); a scalar has one element.
pub type Bits = Vec<Option<u64>>;

/// Why evaluation stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterpError {
    /// A region touched an element outside its vector or not on an element boundary.
    OutOfBounds(String),
    /// A variable index or branch condition was undefined.
    UndefinedIndex,
    /// An operation the interpreter does not know.
    Unsupported(&'static str),
    /// Values that do not fit the operation (wrong lengths or types).
    Malformed(String),
    /// More steps than the limit (a loop that does not end).
    StepLimit,
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::OutOfBounds(s) => write!(f, "region out of bounds: {s}"),
            InterpError::UndefinedIndex => f.write_str("undefined index or condition"),
            InterpError::Unsupported(s) => write!(f, "unsupported: {s}"),
            InterpError::Malformed(s) => write!(f, "malformed: {s}"),
            InterpError::StepLimit => f.write_str("step limit reached"),
        }
    }
}

fn mask_of(e: Elem) -> u64 {
    let w = e.bits();
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// Element `i`'s byte address for a region given the variable index values (bytes).
fn elem_address(r: &Region, index: Option<&Bits>, i: u32) -> Result<i64, InterpError> {
    let eb = i64::from(r.elem_bytes);
    let w = r.width.max(1);
    let base = match index {
        None => 0,
        Some(idx) if idx.len() <= 1 => {
            sign_extend(idx.first().copied().flatten().ok_or(InterpError::UndefinedIndex)?, Elem::I16)
        }
        Some(idx) => {
            // multi-indirect: one address per row; the row's elements follow with the stride
            let row = (i / w) as usize;
            let a = idx.get(row).copied().flatten().ok_or(InterpError::UndefinedIndex)?;
            return Ok(sign_extend(a, Elem::I16)
                + i64::from(r.offset)
                + i64::from(i % w) * i64::from(r.stride) * eb);
        }
    };
    Ok(base + r.byte_offset(i))
}

/// Reads a region of a vector.
pub fn read_region(
    input: &Bits,
    input_eb: u32,
    r: &Region,
    index: Option<&Bits>,
) -> Result<Bits, InterpError> {
    if input_eb != r.elem_bytes || r.width == 0 {
        return Err(InterpError::Malformed("region element size".into()));
    }
    let eb = i64::from(r.elem_bytes);
    (0..r.num_elems)
        .map(|i| {
            let a = elem_address(r, index, i)?;
            if a < 0 || a % eb != 0 || a / eb >= input.len() as i64 {
                return Err(InterpError::OutOfBounds(format!("byte {a}")));
            }
            Ok(input[(a / eb) as usize])
        })
        .collect()
}

/// Writes `new` (one value splatted, or one per element) into a region of `old`, element `i` only
/// where `mask` (one bit, or one per element) is set; later elements win over earlier ones.
pub fn write_region(
    old: &Bits,
    old_eb: u32,
    new: &Bits,
    r: &Region,
    index: Option<&Bits>,
    mask: &Bits,
) -> Result<Bits, InterpError> {
    if old_eb != r.elem_bytes || r.width == 0 {
        return Err(InterpError::Malformed("region element size".into()));
    }
    let n = r.num_elems as usize;
    if !(new.len() == n || new.len() == 1) || !(mask.len() == n || mask.len() == 1) {
        return Err(InterpError::Malformed("wrregion operand length".into()));
    }
    let eb = i64::from(r.elem_bytes);
    let mut out = old.clone();
    for i in 0..r.num_elems {
        let a = elem_address(r, index, i)?;
        if a < 0 || a % eb != 0 || a / eb >= out.len() as i64 {
            return Err(InterpError::OutOfBounds(format!("byte {a}")));
        }
        let m = mask[if mask.len() == 1 { 0 } else { i as usize }];
        match m {
            Some(0) => {}
            Some(_) => out[(a / eb) as usize] = new[if new.len() == 1 { 0 } else { i as usize }],
            None => out[(a / eb) as usize] = None,
        }
    }
    Ok(out)
}

fn to_f64(bits: u64, e: Elem) -> f64 {
    match e {
        Elem::Half => half::f16::from_bits(bits as u16).to_f64(),
        Elem::Float => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

fn from_f64(v: f64, e: Elem) -> u64 {
    match e {
        Elem::Half => u64::from(half::f16::from_f64(v).to_bits()),
        Elem::Float => u64::from((v as f32).to_bits()),
        _ => v.to_bits(),
    }
}

/// One binary operation on element bits.
pub fn binary(op: BinOp, e: Elem, a: u64, b: u64) -> Option<u64> {
    let m = mask_of(e);
    let w = u64::from(e.bits());
    let (sa, sb) = (sign_extend(a, e), sign_extend(b, e));
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::UDiv => a.checked_div(b)?,
        BinOp::URem => a.checked_rem(b)?,
        BinOp::SDiv => {
            if b == 0 || (sb == -1 && sa == sign_extend(1u64 << (w - 1), e)) {
                return None;
            }
            sa.wrapping_div(sb) as u64
        }
        BinOp::SRem => {
            if b == 0 || (sb == -1 && sa == sign_extend(1u64 << (w - 1), e)) {
                return None;
            }
            sa.wrapping_rem(sb) as u64
        }
        BinOp::Shl => (b < w).then(|| a << b)?,
        BinOp::LShr => (b < w).then(|| a >> b)?,
        BinOp::AShr => (b < w).then(|| (sa >> b) as u64)?,
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => {
            if !e.is_float() {
                return None;
            }
            let (x, y) = (to_f64(a, e), to_f64(b, e));
            // compute in the element's own precision
            let v = match e {
                Elem::Float => {
                    let (x, y) = (x as f32, y as f32);
                    f64::from(match op {
                        BinOp::FAdd => x + y,
                        BinOp::FSub => x - y,
                        BinOp::FMul => x * y,
                        BinOp::FDiv => x / y,
                        _ => x % y,
                    })
                }
                _ => match op {
                    BinOp::FAdd => x + y,
                    BinOp::FSub => x - y,
                    BinOp::FMul => x * y,
                    BinOp::FDiv => x / y,
                    _ => x % y,
                },
            };
            from_f64(v, e)
        }
    };
    Some(r & m)
}

/// One comparison on element bits.
pub fn compare(pred: CmpPred, e: Elem, a: u64, b: u64) -> u64 {
    use CmpPred::*;
    let (sa, sb) = (sign_extend(a, e), sign_extend(b, e));
    let (x, y) = (to_f64(a, e), to_f64(b, e));
    let uno = x.is_nan() || y.is_nan();
    let r = match pred {
        Eq => a == b,
        Ne => a != b,
        Ugt => a > b,
        Uge => a >= b,
        Ult => a < b,
        Ule => a <= b,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Slt => sa < sb,
        Sle => sa <= sb,
        FFalse => false,
        FTrue => true,
        FOeq => !uno && x == y,
        FOgt => !uno && x > y,
        FOge => !uno && x >= y,
        FOlt => !uno && x < y,
        FOle => !uno && x <= y,
        FOne => !uno && x != y,
        FOrd => !uno,
        FUno => uno,
        FUeq => uno || x == y,
        FUgt => uno || x > y,
        FUge => uno || x >= y,
        FUlt => uno || x < y,
        FUle => uno || x <= y,
        FUne => uno || x != y,
    };
    u64::from(r)
}

/// One conversion of element bits (not bitcast).
pub fn cast(op: CastOp, from: Elem, to: Elem, a: u64) -> Option<u64> {
    let m = mask_of(to);
    Some(match op {
        CastOp::Trunc | CastOp::ZExt => a & m,
        CastOp::SExt => (sign_extend(a, from) as u64) & m,
        CastOp::FPTrunc | CastOp::FPExt => from_f64(to_f64(a, from), to),
        CastOp::UIToFP => from_f64(a as f64, to),
        CastOp::SIToFP => from_f64(sign_extend(a, from) as f64, to),
        CastOp::FPToUI | CastOp::FPToSI => {
            let v = to_f64(a, from).trunc();
            let bits = f64::from(to.bits());
            let (lo, hi) = if op == CastOp::FPToUI {
                (0.0, bits.exp2())
            } else {
                (-(bits - 1.0).exp2(), (bits - 1.0).exp2())
            };
            if v.is_nan() || v < lo || v >= hi {
                return None;
            }
            (v as i128 as u64) & m
        }
        CastOp::BitCast => a & m,
    })
}

fn bitcast(v: &Bits, from: Type, to: Type) -> Result<Bits, InterpError> {
    let (fe, te) = (from.elem().unwrap_or(Elem::I8), to.elem().unwrap_or(Elem::I8));
    if from.elem() == Some(Elem::I1) || to.elem() == Some(Elem::I1) {
        if from.num_elems() == to.num_elems() {
            return Ok(v.clone());
        }
        // predicate <-> integer: bit i of the integer is element i
        if to.elem() == Some(Elem::I1) {
            let x = v.first().copied().flatten();
            return Ok((0..to.num_elems()).map(|i| x.map(|x| (x >> i) & 1)).collect());
        }
        let mut x = 0u64;
        for (i, b) in v.iter().enumerate() {
            x |= b.ok_or(InterpError::UndefinedIndex)? << i;
        }
        return Ok(vec![Some(x)]);
    }
    let mut bytes: Vec<Option<u8>> = Vec::new();
    for b in v {
        for k in 0..fe.bytes() {
            bytes.push(b.map(|b| (b >> (8 * k)) as u8));
        }
    }
    let tb = te.bytes() as usize;
    if bytes.len() != tb * to.num_elems() as usize {
        return Err(InterpError::Malformed("bitcast size".into()));
    }
    Ok(bytes
        .chunks(tb)
        .map(|c| {
            c.iter().enumerate().try_fold(0u64, |acc, (k, b)| b.map(|b| acc | (u64::from(b) << (8 * k))))
        })
        .collect())
}

/// Runs a function on concrete arguments; gives the returned value (`None` for `ret void`).
pub fn run(f: &Function, args: &[Bits]) -> Result<Option<Bits>, InterpError> {
    run_calling(f, args, &|_, _| Err(InterpError::Unsupported("call")))
}

/// What a call does: runs the callee (by id) on the argument values.
pub type CallFn<'a> = &'a dyn Fn(FuncId, &[Bits]) -> Result<Option<Bits>, InterpError>;

/// [`run`] where a call runs `call` (for instance [`run_calling`] on the callee).
pub fn run_calling(f: &Function, args: &[Bits], call: CallFn) -> Result<Option<Bits>, InterpError> {
    let mut vals: Vec<Option<Bits>> = vec![None; f.insts.len()];
    let get = |vals: &Vec<Option<Bits>>, v: Value| -> Result<Bits, InterpError> {
        match v {
            Value::Param(i) => {
                args.get(i as usize).cloned().ok_or(InterpError::Malformed("missing argument".into()))
            }
            Value::Const(c) => Ok(f.consts[c].elems.clone()),
            Value::Inst(i) => vals
                .get(u32::from(i.into_raw()) as usize)
                .cloned()
                .flatten()
                .ok_or(InterpError::Malformed("use before definition".into())),
        }
    };
    let mut block = f.entry().ok_or(InterpError::Malformed("no body".into()))?;
    let mut prev = None;
    let mut steps = 0u64;
    loop {
        // phis read their incoming values all at once
        let mut phi_vals = Vec::new();
        for &id in &f.blocks[block].insts {
            if let InstKind::Phi { incoming } = &f.insts[id].kind {
                let (_, v) = incoming
                    .iter()
                    .find(|(b, _)| Some(*b) == prev)
                    .ok_or(InterpError::Malformed("phi without incoming".into()))?;
                phi_vals.push((id, get(&vals, *v)?));
            }
        }
        for (id, v) in phi_vals {
            vals[u32::from(id.into_raw()) as usize] = Some(v);
        }
        for &id in &f.blocks[block].insts {
            steps += 1;
            if steps > 10_000_000 {
                return Err(InterpError::StepLimit);
            }
            let inst = &f.insts[id];
            if matches!(inst.kind, InstKind::Phi { .. }) {
                continue;
            }
            let v = match &inst.kind {
                InstKind::Call { callee, args } => {
                    let args = args.iter().map(|a| get(&vals, *a)).collect::<Result<Vec<_>, _>>()?;
                    call(*callee, &args)?.unwrap_or_default()
                }
                kind => eval(f, kind, inst.ty, &|v| get(&vals, v))?,
            };
            if v.len() != inst.ty.num_elems() as usize && inst.ty != Type::Void {
                return Err(InterpError::Malformed(format!(
                    "{} gives {} elements",
                    inst.kind.mnemonic(),
                    v.len()
                )));
            }
            vals[u32::from(id.into_raw()) as usize] = Some(v);
        }
        prev = Some(block);
        match &f.blocks[block].term {
            Terminator::Ret(None) => return Ok(None),
            Terminator::Ret(Some(v)) => return Ok(Some(get(&vals, *v)?)),
            Terminator::Br(b) => block = *b,
            Terminator::CondBr { cond, on_true, on_false } => {
                let c = get(&vals, *cond)?.first().copied().flatten().ok_or(InterpError::UndefinedIndex)?;
                block = if c & 1 == 1 { *on_true } else { *on_false };
            }
            Terminator::Switch { value, default, cases } => {
                let c = get(&vals, *value)?.first().copied().flatten().ok_or(InterpError::UndefinedIndex)?;
                block = cases.iter().find(|(k, _)| *k == c).map_or(*default, |(_, b)| *b);
            }
            Terminator::Unreachable => return Err(InterpError::Unsupported("unreachable")),
        }
    }
}

fn elementwise(
    n: usize,
    ops: &[&Bits],
    mut f: impl FnMut(&[u64]) -> Option<u64>,
) -> Result<Bits, InterpError> {
    if ops.iter().any(|o| o.len() != n && o.len() != 1) {
        return Err(InterpError::Malformed("operand length".into()));
    }
    let mut args = vec![0u64; ops.len()];
    Ok((0..n)
        .map(|i| {
            for (k, o) in ops.iter().enumerate() {
                args[k] = o[if o.len() == 1 { 0 } else { i }]?;
            }
            f(&args)
        })
        .collect())
}

/// Evaluates one instruction that needs no memory, calls or control flow (arithmetic, compares,
/// selects, casts, vector element operations, regions, predicate regions) on its operands' values.
pub fn eval(
    f: &Function,
    kind: &InstKind,
    ty: Type,
    get: &dyn Fn(Value) -> Result<Bits, InterpError>,
) -> Result<Bits, InterpError> {
    let n = ty.num_elems() as usize;
    let elem_of = |v: Value| f.value_type(v).elem().unwrap_or(Elem::I32);
    let index = |r: &Region| r.indirect.map(get).transpose();
    match kind {
        InstKind::Binary { op: BinOp::And, lhs, rhs } => {
            // `x & 0` is 0 even where x is undefined
            let (a, b) = (get(*lhs)?, get(*rhs)?);
            if [&a, &b].iter().any(|o| o.len() != n && o.len() != 1) {
                return Err(InterpError::Malformed("operand length".into()));
            }
            let at = |o: &Bits, i: usize| o[if o.len() == 1 { 0 } else { i }];
            Ok((0..n)
                .map(|i| match (at(&a, i), at(&b, i)) {
                    (Some(0), _) | (_, Some(0)) => Some(0),
                    (Some(x), Some(y)) => Some(x & y),
                    _ => None,
                })
                .collect())
        }
        InstKind::Binary { op, lhs, rhs } => {
            let e = elem_of(*lhs);
            elementwise(n, &[&get(*lhs)?, &get(*rhs)?], |a| binary(*op, e, a[0], a[1]))
        }
        InstKind::FNeg(v) => {
            let e = elem_of(*v);
            let sign = 1u64 << (e.bits() - 1);
            elementwise(n, &[&get(*v)?], |a| Some(a[0] ^ sign))
        }
        InstKind::Cmp { pred, lhs, rhs } => {
            let e = elem_of(*lhs);
            elementwise(n, &[&get(*lhs)?, &get(*rhs)?], |a| Some(compare(*pred, e, a[0], a[1])))
        }
        InstKind::Select { cond, on_true, on_false } => {
            let (c, t, fv) = (get(*cond)?, get(*on_true)?, get(*on_false)?);
            if [&c, &t, &fv].iter().any(|o| o.len() != n && o.len() != 1) {
                return Err(InterpError::Malformed("select operand length".into()));
            }
            Ok((0..n)
                .map(|i| {
                    let pick = |o: &Bits| o[if o.len() == 1 { 0 } else { i }];
                    match pick(&c) {
                        Some(1) => pick(&t),
                        Some(_) => pick(&fv),
                        None => None,
                    }
                })
                .collect())
        }
        InstKind::Cast { op: CastOp::BitCast, value } => bitcast(&get(*value)?, f.value_type(*value), ty),
        InstKind::Cast { op, value } => {
            let (from, to) = (elem_of(*value), ty.elem().unwrap_or(Elem::I32));
            elementwise(n, &[&get(*value)?], |a| cast(*op, from, to, a[0]))
        }
        InstKind::ExtractElement { vector, index } => {
            let v = get(*vector)?;
            let i = get(*index)?.first().copied().flatten().ok_or(InterpError::UndefinedIndex)?;
            Ok(vec![v.get(i as usize).copied().flatten()])
        }
        InstKind::InsertElement { vector, elem, index } => {
            let mut v = get(*vector)?;
            let i = get(*index)?.first().copied().flatten().ok_or(InterpError::UndefinedIndex)?;
            let x = get(*elem)?.first().copied().flatten();
            if let Some(slot) = v.get_mut(i as usize) {
                *slot = x;
            }
            Ok(v)
        }
        InstKind::Shuffle { a, b, mask } => {
            let mut both = get(*a)?;
            both.extend(get(*b)?);
            Ok(mask.iter().map(|m| m.and_then(|m| both.get(m as usize).copied().flatten())).collect())
        }
        InstKind::RdRegion { input, region } => {
            let eb = elem_of(*input).bytes();
            read_region(&get(*input)?, eb, region, index(region)?.as_ref())
        }
        InstKind::WrRegion { old, new, region, mask } => {
            let eb = elem_of(*old).bytes();
            write_region(&get(*old)?, eb, &get(*new)?, region, index(region)?.as_ref(), &get(*mask)?)
        }
        InstKind::Intrinsic { id, args } => match (id, args.as_slice()) {
            (IntrinsicId::Rdpredregion, [v, off]) => {
                let v = get(*v)?;
                let off = get(*off)?.first().copied().flatten().ok_or(InterpError::UndefinedIndex)? as usize;
                v.get(off..off + n).map(<[_]>::to_vec).ok_or(InterpError::OutOfBounds("rdpredregion".into()))
            }
            (IntrinsicId::Wrpredregion, [old, new, off]) => {
                let mut v = get(*old)?;
                let new = get(*new)?;
                let off = get(*off)?.first().copied().flatten().ok_or(InterpError::UndefinedIndex)? as usize;
                let slot =
                    v.get_mut(off..off + new.len()).ok_or(InterpError::OutOfBounds("wrpredregion".into()))?;
                slot.copy_from_slice(&new);
                Ok(v)
            }
            _ => Err(InterpError::Unsupported(id.name())),
        },
        InstKind::Call { .. } => Err(InterpError::Unsupported("call")),
        InstKind::FuncAddr(_) => Err(InterpError::Unsupported("function address")),
        InstKind::GlobalAddr(_) => Err(InterpError::Unsupported("global address")),
        InstKind::IndirectCall { .. } => Err(InterpError::Unsupported("indirect call")),
        InstKind::ExtractValue { .. } => Err(InterpError::Unsupported("extractvalue")),
        InstKind::Phi { .. } => Err(InterpError::Unsupported("phi")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_langref_example() {
        // <9 x i32> rdregion of <30 x i32>, (7;3,2) @32: elements 8,10,12,15,17,19,22,24,26
        let v: Bits = (0..30).map(Some).collect();
        let r = Region::from_operands(4, 9, 7, 3, 2, 32, None, 0).unwrap();
        let got = read_region(&v, 4, &r, None).unwrap();
        assert_eq!(got, [8, 10, 12, 15, 17, 19, 22, 24, 26].map(Some).to_vec());
        // and out of bounds is an error, not a panic
        let r = Region::from_operands(4, 9, 7, 3, 2, 100, None, 0).unwrap();
        assert!(matches!(read_region(&v, 4, &r, None), Err(InterpError::OutOfBounds(_))));
    }

    #[test]
    fn masked_write() {
        let old: Bits = vec![Some(0); 8];
        let r = Region::contiguous(4, 4, 2);
        let out =
            write_region(&old, 4, &vec![Some(7); 4], &r, None, &[1, 0, 1, 0].map(Some).to_vec()).unwrap();
        assert_eq!(out, [0, 0, 7, 0, 7, 0, 0, 0].map(Some).to_vec());
    }

    #[test]
    fn arithmetic() {
        assert_eq!(binary(BinOp::Add, Elem::I8, 0xff, 2), Some(1));
        assert_eq!(binary(BinOp::SDiv, Elem::I8, 0x80, 0xff), None);
        assert_eq!(
            binary(BinOp::FAdd, Elem::Float, 1.5f32.to_bits().into(), 2.0f32.to_bits().into()),
            Some(3.5f32.to_bits().into())
        );
        assert_eq!(compare(CmpPred::Slt, Elem::I16, 0xffff, 0), 1);
        assert_eq!(cast(CastOp::SExt, Elem::I8, Elem::I32, 0x80), Some(0xffff_ff80));
        assert_eq!(cast(CastOp::FPToSI, Elem::Float, Elem::I8, 300f32.to_bits().into()), None);
    }
}
