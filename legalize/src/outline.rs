//! Division outlining: the integer divisions and remainders a kernel unit has the platform expand
//! into long sequences (64-bit ones on every part, since vISA `div`/`mod` take no q/uq operands;
//! 32-bit ones on parts without `div`, DG2 and PVC) become calls of one subroutine per element
//! type and lane count, an unsigned division: the sequence is selected once instead of once per
//! use. A dword subroutine is the platform's float-reciprocal expansion, made when the unit has
//! at least two dword divisions (one is shorter in line); a qword one is a loop over the
//! quotient's bits (a few instructions, run 64 times), made for every unit with a qword division.
//!
//! Around the call each use keeps its own short part in IR: a remainder is the one the qword
//! loop returns after the quotient (when the unit has a qword remainder), else `x - q * y`; a signed
//! division divides the magnitudes (`(x ^ s) - s` with `s = x >> (bits - 1)`) and sets the sign
//! of the quotient (the signs' xor) or of the remainder (the dividend's) the same way. A division
//! and a remainder of the same operands in one block share the call. Unsigned divisions by a
//! power of two (shifts and masks) and divisions the platform does natively are left alone.

use genxc_genx::ir::{BinOp, CmpPred, Constant, Inst, Linkage, Terminator};
use genxc_genx::{Elem, FuncId, Function, InstId, InstKind, Platform, Region, Type, Value};
use la_arena::Arena;
use std::collections::HashMap;

/// The subroutine of one element type.
#[derive(Clone, Copy)]
struct Sub {
    /// The type of its operands (and of its quotient).
    ty: Type,
    /// The function.
    callee: FuncId,
    /// Whether it returns the remainder too, after the quotient (`2 * lanes` elements).
    with_rem: bool,
}

/// Fewest divisions of one shape that are outlined: a dword division's expansion is short, one
/// is cheaper in line; a qword division's loop is a subroutine even when it is the only one.
fn min_uses(elem: Elem) -> usize {
    if elem == Elem::I64 {
        1
    } else {
        2
    }
}

/// Whether `op` on `ty` is a division the platform expands into a long sequence.
fn expanded(f: &Function, op: BinOp, ty: Type, rhs: Value, platform: Platform) -> bool {
    if !matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem) {
        return false;
    }
    let wide = match ty.elem() {
        Some(Elem::I64) => true,
        Some(Elem::I32) => !platform.info().has_int_divide,
        _ => return false,
    };
    // an unsigned division by a power of two is a shift or a mask
    let pow2 = f.as_const(rhs).and_then(Constant::splat_value).is_some_and(|v| v.is_power_of_two());
    wide && !(pow2 && matches!(op, BinOp::UDiv | BinOp::URem))
}

/// The divisions of `f` that [`expanded`] selects: (block position, instruction, op, type).
fn divisions(f: &Function, platform: Platform) -> Vec<(InstId, BinOp, Type)> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            let inst = &f.insts[i];
            if let InstKind::Binary { op, rhs, .. } = inst.kind {
                if expanded(f, op, inst.ty, rhs, platform) {
                    out.push((i, op, inst.ty));
                }
            }
        }
    }
    out
}

/// Outlines the repeated expanded divisions of the functions of a kernel unit (see the module
/// comment); the subroutines are added at the end of `functions`.
pub fn outline_divisions(functions: &mut Arena<Function>, platform: Platform) {
    let bodies: Vec<FuncId> =
        functions.iter().filter(|(_, f)| !f.layout.is_empty()).map(|(id, _)| id).collect();
    for &id in &bodies {
        fold_self_divisions(&mut functions[id], platform);
    }
    // the lane counts of each element type's divisions, and the types with a remainder
    let mut lanes: HashMap<Elem, Vec<u32>> = HashMap::new();
    let mut rems: Vec<Elem> = Vec::new();
    for &id in &bodies {
        for (_, op, ty) in divisions(&functions[id], platform) {
            if let Some(e) = ty.elem() {
                lanes.entry(e).or_default().push(ty.num_elems());
                if matches!(op, BinOp::URem | BinOp::SRem) {
                    rems.push(e);
                }
            }
        }
    }
    let mut subs: HashMap<Elem, Sub> = HashMap::new();
    let mut elems: Vec<Elem> = lanes.keys().copied().collect();
    elems.sort_by_key(|e| e.bits());
    for elem in elems {
        let ns = &lanes[&elem];
        let width = sub_width(platform, elem, ns);
        let calls: u32 = ns.iter().map(|&n| calls_of(n, width).unwrap_or(0)).sum();
        if (calls as usize) < min_uses(elem) {
            continue;
        }
        let ty =
            if width == 1 && ns.iter().all(|&n| n == 1) && scalar_uses(functions, &bodies, platform, elem) {
                Type::Scalar(elem)
            } else {
                Type::Vector(elem, width)
            };
        // the loop has the remainder anyway: returned, it saves each remainder its product
        let with_rem = elem == Elem::I64 && rems.contains(&elem);
        let callee = functions.alloc(udiv_subroutine(ty, with_rem));
        subs.insert(elem, Sub { ty, callee, with_rem });
    }
    if subs.is_empty() {
        return;
    }
    for id in bodies {
        let f = &mut functions[id];
        let found: Vec<_> = divisions(f, platform)
            .into_iter()
            .filter(|(_, _, ty)| {
                ty.elem()
                    .and_then(|e| subs.get(&e))
                    .is_some_and(|sub| calls_of(ty.num_elems(), sub.ty.num_elems()).is_some())
            })
            .collect();
        rewrite(f, &found, &subs);
    }
}

/// Whether every division of `elem` in the unit is of a scalar type (not a one-element vector).
fn scalar_uses(functions: &Arena<Function>, bodies: &[FuncId], platform: Platform, elem: Elem) -> bool {
    bodies.iter().all(|&id| {
        divisions(&functions[id], platform)
            .iter()
            .all(|(_, _, ty)| ty.elem() != Some(elem) || matches!(ty, Type::Scalar(_)))
    })
}

/// The lane count of the subroutine of `elem` for divisions of lane counts `ns`: their one lane
/// count when they share it and it fits one piece of the expansion (two registers of the widest
/// element), else that piece: narrower divisions are widened to it, wider ones call it per piece.
fn sub_width(platform: Platform, elem: Elem, ns: &[u32]) -> u32 {
    let piece = 2 * platform.info().grf_bytes / elem.bytes().max(4);
    match ns.first() {
        Some(&n) if ns.iter().all(|&m| m == n) && n <= piece => n,
        _ => piece,
    }
}

/// How many calls of a `width`-lane subroutine a division of `n` lanes makes: one when it fits,
/// one per piece when it is a multiple; `None` otherwise (left in line).
fn calls_of(n: u32, width: u32) -> Option<u32> {
    if n <= width {
        Some(1)
    } else if n.is_multiple_of(width) {
        Some(n / width)
    } else {
        None
    }
}

/// Divisions and remainders of a value by itself that the platform would expand: 1 and 0 (a
/// zero operand is undefined behaviour, any result will do).
fn fold_self_divisions(f: &mut Function, platform: Platform) {
    for (id, op, ty) in divisions(f, platform) {
        let InstKind::Binary { lhs, rhs, .. } = f.insts[id].kind else { continue };
        if lhs != rhs {
            continue;
        }
        let one = matches!(op, BinOp::UDiv | BinOp::SDiv);
        let c = f.add_const(Constant::splat(ty, u64::from(one)));
        f.replace_insts(&[id], c);
    }
}

/// The subroutine `x / y` (unsigned) of type `ty`: for dwords the division itself (the platform's
/// short float-reciprocal expansion); for qwords [`bit_loop_udiv`], returning `x % y` too after
/// the quotient (`2 * lanes` elements) when `with_rem`.
fn udiv_subroutine(ty: Type, with_rem: bool) -> Function {
    let (elem, n) = (ty.elem().unwrap_or(Elem::I64), ty.num_elems());
    if elem == Elem::I64 {
        let (name, ret) = if with_rem {
            (format!("__genxc_udivrem_i64_x{n}"), Type::Vector(elem, 2 * n))
        } else {
            (format!("__genxc_udiv_i64_x{n}"), ty)
        };
        let mut f = Function::new(name, Linkage::Internal, vec![ty, ty], ret);
        bit_loop_udiv(&mut f, ty, with_rem);
        return f;
    }
    let name = format!("__genxc_udiv_i{}_x{}", elem.bits(), n);
    let mut f = Function::new(name, Linkage::Internal, vec![ty, ty], ty);
    let b = f.add_block("entry");
    let q = f.push_inst(
        b,
        Inst {
            kind: InstKind::Binary { op: BinOp::UDiv, lhs: Value::Param(0), rhs: Value::Param(1) },
            ty,
            name: String::new(),
        },
    );
    f.blocks[b].term = Terminator::Ret(Some(q));
    f
}

/// The body of a qword division subroutine: restoring division, one quotient bit an iteration.
/// The dividend `x` is shifted left through the partial remainder `r` (`r:x` as one 128-bit
/// value); where `r >= y` the divisor is subtracted and the bit shifted out of `x` is replaced by
/// a quotient bit 1, so that after 64 iterations `x` holds the quotient (and `r` the remainder).
/// The loop count is the quotient's width, the same for every lane: the loop is uniform (a
/// scalar counter and branch), one copy of the body whatever the lane count. A zero divisor
/// (undefined in LLVM) gives all ones. With `with_rem` the function returns the quotient's lanes
/// then the remainder's.
fn bit_loop_udiv(f: &mut Function, ty: Type, with_rem: bool) {
    let lanes = |e: Elem| match ty {
        Type::Scalar(_) => Type::Scalar(e),
        _ => Type::Vector(e, ty.num_elems()),
    };
    let counter = Type::Scalar(Elem::I32);
    let entry = f.add_block("entry");
    let body = f.add_block("bit");
    let exit = f.add_block("done");
    f.blocks[entry].term = Terminator::Br(body);
    let (zero, one, top) = (qword(f, ty, 0), qword(f, ty, 1), qword(f, ty, 63));
    let (bits, step, none) = (qword(f, counter, 64), qword(f, counter, 1), qword(f, counter, 0));
    let mut at = |kind: InstKind, ty: Type| f.push_inst(body, Inst { kind, ty, name: String::new() });
    let (y, x0) = (Value::Param(1), Value::Param(0));
    let x = at(InstKind::Phi { incoming: vec![(entry, x0)] }, ty);
    let r = at(InstKind::Phi { incoming: vec![(entry, zero)] }, ty);
    let i = at(InstKind::Phi { incoming: vec![(entry, bits)] }, counter);
    let out = at(InstKind::Binary { op: BinOp::LShr, lhs: x, rhs: top }, ty);
    let rs = at(InstKind::Binary { op: BinOp::Shl, lhs: r, rhs: one }, ty);
    let r1 = at(InstKind::Binary { op: BinOp::Or, lhs: rs, rhs: out }, ty);
    let xs = at(InstKind::Binary { op: BinOp::Shl, lhs: x, rhs: one }, ty);
    let ge = at(InstKind::Cmp { pred: CmpPred::Uge, lhs: r1, rhs: y }, lanes(Elem::I1));
    let d = at(InstKind::Binary { op: BinOp::Sub, lhs: r1, rhs: y }, ty);
    let r2 = at(InstKind::Select { cond: ge, on_true: d, on_false: r1 }, ty);
    let xo = at(InstKind::Binary { op: BinOp::Or, lhs: xs, rhs: one }, ty);
    let x2 = at(InstKind::Select { cond: ge, on_true: xo, on_false: xs }, ty);
    let i2 = at(InstKind::Binary { op: BinOp::Sub, lhs: i, rhs: step }, counter);
    let more = at(InstKind::Cmp { pred: CmpPred::Ne, lhs: i2, rhs: none }, Type::Scalar(Elem::I1));
    for (phi, next) in [(x, x2), (r, r2), (i, i2)] {
        if let Value::Inst(p) = phi {
            if let InstKind::Phi { incoming } = &mut f.insts[p].kind {
                incoming.push((body, next));
            }
        }
    }
    f.blocks[body].term = Terminator::CondBr { cond: more, on_true: body, on_false: exit };
    let ret = if with_rem {
        let (n, pair) = (ty.num_elems(), Type::Vector(Elem::I64, 2 * ty.num_elems()));
        let (undef, all) = (f.add_const(Constant::undef(pair)), f.add_const(Constant::int(Elem::I1, 1)));
        let mut old = undef;
        for (k, v) in [x2, r2].into_iter().enumerate() {
            let region = Region::contiguous(8, n, k as u32 * n);
            let kind = InstKind::WrRegion { old, new: v, region, mask: all };
            old = f.push_inst(exit, Inst { kind, ty: pair, name: String::new() });
        }
        old
    } else {
        x2
    };
    f.blocks[exit].term = Terminator::Ret(Some(ret));
}

/// The constant `v` in every lane of `ty`.
fn qword(f: &mut Function, ty: Type, v: u64) -> Value {
    f.add_const(Constant::splat(ty, v))
}

/// An operand made non-negative for a signed division: its magnitude and its sign mask (all ones
/// where negative).
#[derive(Clone, Copy)]
struct Magnitude {
    abs: Value,
    sign: Value,
}

/// Builds the instructions put before a division.
struct Before<'a> {
    f: &'a mut Function,
    new: Vec<InstId>,
}

impl Before<'_> {
    fn inst(&mut self, kind: InstKind, ty: Type) -> Value {
        let id = self.f.insts.alloc(Inst { kind, ty, name: String::new() });
        self.new.push(id);
        Value::Inst(id)
    }

    fn bin(&mut self, op: BinOp, lhs: Value, rhs: Value, ty: Type) -> Value {
        // constants fold
        if let (Some(a), Some(b)) = (self.f.as_const(lhs), self.f.as_const(rhs)) {
            if let Some(c) = fold(op, a, b, ty) {
                return self.f.add_const(c);
            }
        }
        self.inst(InstKind::Binary { op, lhs, rhs }, ty)
    }

    /// `x / y` (unsigned, type `ty`) by calls of `sub`, and `x % y` when `sub` returns it: one
    /// call when the types match; the operands widened into the subroutine's lanes and the
    /// results read back when `ty` is narrower; one call per piece, the results written into one
    /// vector each, when it is wider.
    fn udivrem(&mut self, sub: Sub, x: Value, y: Value, ty: Type) -> (Value, Option<Value>) {
        let (n, w) = (ty.num_elems(), sub.ty.num_elems());
        let eb = ty.elem().map_or(8, Elem::bytes);
        let ret = if sub.with_rem { Type::Vector(ty.elem().unwrap_or(Elem::I64), 2 * w) } else { sub.ty };
        let callee = sub.callee;
        // the quotient and remainder lanes `k..k + count` of a call's result
        let read = |s: &mut Self, call: Value, k: u32, count: u32, t: Type| {
            let q = if sub.with_rem || count != w {
                s.inst(InstKind::RdRegion { input: call, region: Region::contiguous(eb, count, k) }, t)
            } else {
                call
            };
            let r = sub.with_rem.then(|| {
                let region = Region::contiguous(eb, count, w + k);
                s.inst(InstKind::RdRegion { input: call, region }, t)
            });
            (q, r)
        };
        if ty == sub.ty {
            let call = self.inst(InstKind::Call { callee, args: vec![x, y] }, ret);
            return read(self, call, 0, n, ty);
        }
        let all = self.f.add_const(Constant::int(Elem::I1, 1));
        if n <= w {
            let undef = self.f.add_const(Constant::undef(sub.ty));
            let region = Region::contiguous(eb, n, 0);
            let wide = |v: Value, s: &mut Self| {
                s.inst(InstKind::WrRegion { old: undef, new: v, region, mask: all }, sub.ty)
            };
            let (wx, wy) = (wide(x, self), wide(y, self));
            let call = self.inst(InstKind::Call { callee, args: vec![wx, wy] }, ret);
            return read(self, call, 0, n, ty);
        }
        let mut acc_q = self.f.add_const(Constant::undef(ty));
        let mut acc_r = sub.with_rem.then_some(acc_q);
        for j in 0..n / w {
            let region = Region::contiguous(eb, w, j * w);
            let px = self.piece(x, region, sub.ty);
            let py = self.piece(y, region, sub.ty);
            let call = self.inst(InstKind::Call { callee, args: vec![px, py] }, ret);
            let (q, r) = read(self, call, 0, w, sub.ty);
            acc_q = self.inst(InstKind::WrRegion { old: acc_q, new: q, region, mask: all }, ty);
            if let (Some(acc), Some(r)) = (acc_r, r) {
                acc_r = Some(self.inst(InstKind::WrRegion { old: acc, new: r, region, mask: all }, ty));
            }
        }
        (acc_q, acc_r)
    }

    /// The lanes `region` of `v` (a constant's own elements when it is one).
    fn piece(&mut self, v: Value, region: Region, sub: Type) -> Value {
        if let Some(c) = self.f.as_const(v) {
            let start = region.offset as usize / region.elem_bytes as usize;
            let elems =
                (0..region.num_elems as usize)
                    .map(|i| {
                        if c.elems.len() == 1 {
                            c.elems[0]
                        } else {
                            c.elems.get(start + i).copied().flatten()
                        }
                    })
                    .collect();
            return self.f.add_const(Constant { ty: sub, elems });
        }
        self.inst(InstKind::RdRegion { input: v, region }, sub)
    }

    /// `|x|` and the sign mask of `x`.
    fn magnitude(&mut self, x: Value, ty: Type) -> Magnitude {
        let bits = ty.elem().map_or(64, Elem::bits);
        let top = self.f.add_const(Constant::splat(ty, u64::from(bits - 1)));
        let sign = self.bin(BinOp::AShr, x, top, ty);
        let flipped = self.bin(BinOp::Xor, x, sign, ty);
        let abs = self.bin(BinOp::Sub, flipped, sign, ty);
        Magnitude { abs, sign }
    }
}

/// `op` on two constants element by element (an undefined element taken as 0), for the few
/// operations [`Before::bin`] builds.
fn fold(op: BinOp, a: &Constant, b: &Constant, ty: Type) -> Option<Constant> {
    let elem = ty.elem()?;
    let n = ty.num_elems() as usize;
    let get = |c: &Constant, i: usize| -> u64 {
        let bits = if c.elems.len() == 1 { c.elems[0] } else { c.elems.get(i).copied().flatten() };
        bits.unwrap_or(0)
    };
    let mut elems = Vec::with_capacity(n);
    for i in 0..n {
        let v = crate::interp::binary(op, elem, get(a, i), get(b, i))?;
        elems.push(Some(v));
    }
    Some(Constant { ty, elems })
}

/// Replaces divisions `found` of `f` by calls of `subs` with their signs and remainders around.
fn rewrite(f: &mut Function, found: &[(InstId, BinOp, Type)], subs: &HashMap<Elem, Sub>) {
    // the call's results (and the magnitudes) already made for a pair of operands in a block
    type Made = (Value, Option<Value>, Option<(Magnitude, Magnitude)>);
    let mut made: HashMap<(usize, bool, Value, Value), Made> = HashMap::new();
    for &(id, op, ty) in found {
        let Some(&sub) = ty.elem().and_then(|e| subs.get(&e)) else { continue };
        let InstKind::Binary { lhs, rhs, .. } = f.insts[id].kind else { continue };
        let Some(block) = f.layout.iter().position(|&b| f.blocks[b].insts.contains(&id)) else { continue };
        let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
        let key = (block, signed, lhs, rhs);
        if op == BinOp::UDiv && ty == sub.ty && !sub.with_rem {
            match made.get(&key) {
                // the same quotient again
                Some(&(q, ..)) => f.replace_insts(&[id], q),
                None => {
                    f.insts[id].kind = InstKind::Call { callee: sub.callee, args: vec![lhs, rhs] };
                    made.insert(key, (Value::Inst(id), None, None));
                }
            }
            continue;
        }
        let mut before = Before { f, new: Vec::new() };
        let (q, r, mags) = match made.get(&key) {
            Some(&m) => m,
            None => {
                let mags = signed.then(|| (before.magnitude(lhs, ty), before.magnitude(rhs, ty)));
                let (x, y) = mags.map_or((lhs, rhs), |(x, y)| (x.abs, y.abs));
                let (q, r) = before.udivrem(sub, x, y, ty);
                made.insert(key, (q, r, mags));
                (q, r, mags)
            }
        };
        // the last operation takes the division's own instruction (its uses stay)
        let last = match (op, mags) {
            (BinOp::SDiv, Some((x, y))) => {
                let s = before.bin(BinOp::Xor, x.sign, y.sign, ty);
                let v = before.bin(BinOp::Xor, q, s, ty);
                Some((BinOp::Sub, v, s))
            }
            (BinOp::SRem, Some((x, y))) => {
                let r = match r {
                    Some(r) => r,
                    None => {
                        let m = before.bin(BinOp::Mul, q, y.abs, ty);
                        before.bin(BinOp::Sub, x.abs, m, ty)
                    }
                };
                let v = before.bin(BinOp::Xor, r, x.sign, ty);
                Some((BinOp::Sub, v, x.sign))
            }
            (BinOp::URem, _) if r.is_none() => {
                let m = before.bin(BinOp::Mul, q, rhs, ty);
                Some((BinOp::Sub, lhs, m))
            }
            // an unsigned quotient or remainder the call gave: the value itself
            _ => None,
        };
        let new = before.new;
        let bid = f.layout[block];
        let at = f.blocks[bid].insts.iter().position(|&i| i == id).unwrap_or(0);
        f.blocks[bid].insts.splice(at..at, new);
        match last {
            Some((op, lhs, rhs)) => f.insts[id].kind = InstKind::Binary { op, lhs, rhs },
            None => f.replace_insts(&[id], if op == BinOp::URem { r.unwrap_or(q) } else { q }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::{run_calling, Bits, InterpError};
    use genxc_genx::ir::truncate_bits;

    /// The divisions of the test kernel: one of each kind, at several widths, on DG2 (no `div`:
    /// 32-bit divisions are expanded too; pieces of 8 qwords or 16 dwords).
    const SHAPES: [(BinOp, Type); 9] = [
        (BinOp::UDiv, Type::Vector(Elem::I64, 4)),
        (BinOp::URem, Type::Vector(Elem::I64, 16)),
        (BinOp::SDiv, Type::Scalar(Elem::I64)),
        (BinOp::SRem, Type::Vector(Elem::I64, 8)),
        (BinOp::SDiv, Type::Vector(Elem::I32, 32)),
        (BinOp::SRem, Type::Vector(Elem::I32, 32)),
        (BinOp::UDiv, Type::Vector(Elem::I32, 16)),
        (BinOp::URem, Type::Vector(Elem::I32, 3)),
        (BinOp::SDiv, Type::Vector(Elem::I32, 32)),
    ];

    /// A kernel dividing parameter pairs by `SHAPES`, returning division `ret` (the last one a
    /// signed division of the same operands as the one before: a shared call).
    fn kernel(ret: usize) -> Function {
        let params: Vec<Type> = SHAPES.iter().flat_map(|&(_, ty)| [ty, ty]).collect();
        let mut f = Function::new("k", Linkage::Kernel, params, SHAPES[ret].1);
        let b = f.add_block("entry");
        let mut results = Vec::new();
        for (i, &(op, ty)) in SHAPES.iter().enumerate() {
            let i = if i == 8 { 5 } else { i } as u32;
            let kind = InstKind::Binary { op, lhs: Value::Param(2 * i), rhs: Value::Param(2 * i + 1) };
            results.push(f.push_inst(b, Inst { kind, ty, name: String::new() }));
        }
        f.blocks[b].term = Terminator::Ret(Some(results[ret]));
        f
    }

    /// Operands of every sign and magnitude (divisors never zero).
    fn args(seed: u64) -> Vec<Bits> {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges = [0u64, 1, u64::MAX, 1 << 63, 1 << 31, 7, u64::MAX - 6];
        SHAPES
            .iter()
            .flat_map(|&(_, ty)| [ty, ty])
            .enumerate()
            .map(|(p, ty)| {
                let e = ty.elem().unwrap_or(Elem::I64);
                (0..ty.num_elems())
                    .map(|_| {
                        let r = next();
                        let v =
                            if r % 4 == 0 { edges[(r >> 8) as usize % edges.len()] } else { r >> (r % 61) };
                        let v = truncate_bits(v, e);
                        Some(if p % 2 == 1 && v == 0 { 3 } else { v })
                    })
                    .collect()
            })
            .collect()
    }

    /// Runs `f` of `arena`, its calls running their callees.
    fn eval(arena: &Arena<Function>, f: FuncId, args: &[Bits]) -> Result<Option<Bits>, InterpError> {
        run_calling(&arena[f], args, &|callee, a| eval(arena, callee, a))
    }

    #[test]
    fn outlined_divisions_compute_what_the_divisions_did() {
        for ret in 0..SHAPES.len() {
            let mut arena = Arena::new();
            let k = arena.alloc(kernel(ret));
            let before = arena.clone();
            outline_divisions(&mut arena, Platform::Dg2);
            // one subroutine per element type, and no expanded division left in the kernel
            assert_eq!(arena.len(), 3);
            assert!(divisions(&arena[k], Platform::Dg2).is_empty());
            for seed in 1..40 {
                let a = args(seed * 0x9e37_79b9);
                let want = eval(&before, k, &a).expect("runs").expect("a value");
                let got = eval(&arena, k, &a).expect("runs").expect("a value");
                for (i, (w, g)) in want.iter().zip(&got).enumerate() {
                    // lanes the division leaves undefined (signed overflow) may be anything
                    if w.is_some() {
                        assert_eq!(w, g, "division {ret} lane {i} seed {seed}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_single_division_and_native_ones_stay_in_line() {
        let mut f = Function::new("k", Linkage::Kernel, vec![Type::Vector(Elem::I32, 8); 2], Type::Void);
        let b = f.add_block("entry");
        for op in [BinOp::UDiv, BinOp::SRem] {
            let kind = InstKind::Binary { op, lhs: Value::Param(0), rhs: Value::Param(1) };
            f.push_inst(b, Inst { kind, ty: Type::Vector(Elem::I32, 8), name: String::new() });
        }
        f.blocks[b].term = Terminator::Ret(None);
        let mut arena = Arena::new();
        arena.alloc(f);
        // TGLLP divides dwords natively
        outline_divisions(&mut arena, Platform::Tgllp);
        assert_eq!(arena.len(), 1);
        // DG2 expands them: two of one shape share a subroutine
        outline_divisions(&mut arena, Platform::Dg2);
        assert_eq!(arena.len(), 2);
    }
}
