//! Property tests: random programs full of `wrregion` chains, phis and bitcasts, straight-line and
//! with a loop (and a path around it), run with one storage slot per assigned variable (aliases
//! view their variable's bytes; copies happen where the assignment lists them; phi copies on an
//! edge are parallel, as instruction selection emits them) compute what the SSA program computes
//! under the reference interpreter (`genxc_legalize::interp`).
//!
//! Units with subroutines: the kernel (and a subroutine) call subroutines that write their
//! parameters in place, some returning a parameter; calls take the same value twice, phis, values
//! used after the call, and results live across later calls. The slots are the unit's: a value a
//! caller keeps in a callee's parameter or result variable is in that variable's slot, which the
//! callee overwrites, as vISA subroutines share the kernel's variables.
//! Cases per property: 1,000 by default, `GENXC_PROPTEST_CASES` raises it.

use genxc_genx::bale::{self, Bales};
use genxc_genx::ir::{
    BinOp, BlockId, CastOp, CmpPred, Constant, FuncId, Inst, InstId, Linkage, Module, Terminator,
};
use genxc_genx::{Elem, Function, InstKind, Region, Type, Value};
use genxc_legalize::interp::{self, Bits};
use genxc_regalloc::{Assignment, VarIdx, WrRegionPrep};
use proptest::prelude::*;
use std::collections::HashMap;

fn cases() -> u32 {
    std::env::var("GENXC_PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000).max(1)
}

const T32: Type = Type::Vector(Elem::I32, 8);
const T16: Type = Type::Vector(Elem::I16, 16);

/// A small deterministic generator (the seed comes from proptest).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick(&mut self, pool: &[Value]) -> Value {
        pool[self.below(pool.len())]
    }
}

struct Gen {
    f: Function,
    rng: Rng,
    n: usize,
    /// Subroutines a call may go to (all of signature [`SUB_PARAMS`] -> `T32`).
    callees: Vec<FuncId>,
}

/// The parameters of the generated subroutines.
const SUB_PARAMS: [Type; 3] = [T32, T32, T16];

impl Gen {
    fn push(&mut self, b: BlockId, kind: InstKind, ty: Type) -> Value {
        self.n += 1;
        self.f.push_inst(b, Inst { kind, ty, name: format!("v{}", self.n) })
    }

    fn ty(&self, v: Value) -> Type {
        self.f.value_type(v)
    }

    /// A value of type `t` from the pool (a bitcast of one when there is none).
    fn of_type(&mut self, b: BlockId, pool: &[Value], t: Type) -> Value {
        let same: Vec<Value> = pool.iter().copied().filter(|v| self.ty(*v) == t).collect();
        if same.is_empty() {
            let x = self.rng.pick(pool);
            return self.push(b, InstKind::Cast { op: CastOp::BitCast, value: x }, t);
        }
        self.rng.pick(&same)
    }

    /// A call of one of the callees: arguments from the pool (sometimes the same value for both
    /// `T32` parameters), the result joins the pool (the arguments stay in it).
    fn call(&mut self, b: BlockId, pool: &mut Vec<Value>) {
        let callee = self.callees[self.rng.below(self.callees.len())];
        let mut args: Vec<Value> = SUB_PARAMS.iter().map(|&t| self.of_type(b, pool, t)).collect();
        if self.rng.below(4) == 0 {
            args[1] = args[0];
        }
        let r = self.push(b, InstKind::Call { callee, args }, T32);
        pool.push(r);
    }

    /// One random operation in block `b` from values of `pool` (results join the pool).
    fn op(&mut self, b: BlockId, pool: &mut Vec<Value>) {
        if !self.callees.is_empty() && self.rng.below(4) == 0 {
            return self.call(b, pool);
        }
        let x = self.rng.pick(pool);
        let t = self.ty(x);
        let (e, n) = (t.elem().unwrap(), t.num_elems());
        let same: Vec<Value> = pool.iter().copied().filter(|v| self.ty(*v) == t).collect();
        let v = match self.rng.below(6) {
            0 => {
                let y = self.rng.pick(&same);
                self.push(b, InstKind::Binary { op: BinOp::Add, lhs: x, rhs: y }, t)
            }
            1 => {
                let to = if t == T32 { T16 } else { T32 };
                self.push(b, InstKind::Cast { op: CastOp::BitCast, value: x }, to)
            }
            _ => {
                // a chain of region writes into x (or into undef), reading parts of other values
                let mut old = if self.rng.below(5) == 0 { self.f.add_const(Constant::undef(t)) } else { x };
                for _ in 0..1 + self.rng.below(4) {
                    let w = [1u32, 2, 4][self.rng.below(3)];
                    let at = self.rng.below((n / w) as usize) as u32 * w;
                    let src = self.rng.pick(&same);
                    let from = self.rng.below((n / w) as usize) as u32 * w;
                    let rt = if w == 1 { Type::Scalar(e) } else { Type::Vector(e, w) };
                    let part = self.push(
                        b,
                        InstKind::RdRegion { input: src, region: Region::contiguous(e.bytes(), w, from) },
                        rt,
                    );
                    let mask = self.f.add_const(Constant::int(Elem::I1, 1));
                    let region = Region::contiguous(e.bytes(), w, at);
                    old = self.push(b, InstKind::WrRegion { old, new: part, region, mask }, t);
                    if self.rng.below(3) == 0 {
                        pool.push(old);
                    }
                }
                old
            }
        };
        pool.push(v);
    }

    /// Sums a few values of the pool (as `<8 x i32>`) into the returned value; a subroutine
    /// sometimes returns a pool value itself (a parameter, or a write into one, included).
    fn finish(&mut self, b: BlockId, pool: &[Value]) {
        if self.f.linkage == Linkage::Internal && self.rng.below(3) == 0 {
            let v = self.of_type(b, pool, T32);
            self.f.blocks[b].term = Terminator::Ret(Some(v));
            return;
        }
        let mut acc = self.f.add_const(Constant::splat(T32, 0));
        for _ in 0..4 {
            let mut v = self.rng.pick(pool);
            if self.ty(v) != T32 {
                v = self.push(b, InstKind::Cast { op: CastOp::BitCast, value: v }, T32);
            }
            acc = self.push(b, InstKind::Binary { op: BinOp::Add, lhs: acc, rhs: v }, T32);
        }
        self.f.blocks[b].term = Terminator::Ret(Some(acc));
    }
}

/// A random program: `ops` operations in the entry block, then (with `looped`) a one-block loop
/// with `phis` vector phis (swapped pairs among them), and an exit block merging values with phis
/// when the loop can be skipped.
fn program(seed: u64, ops: usize, looped: bool, phis: usize) -> Function {
    program_calling(seed, ops, looped, phis, Vec::new(), 0)
}

/// `<8 x i1>` masks (predicates) of the loop programs.
const MASK: Type = Type::Vector(Elem::I1, 8);

/// [`program`] whose operations include calls of `callees`; with `masks`, the loop also carries
/// that many `<8 x i1>` mask phis (compares of the arguments on entry; on the back edge another
/// mask phi, a swap, or a compare or xor computed in the body), and the exit merges a mask that
/// selects what the program returns.
fn program_calling(
    seed: u64,
    ops: usize,
    looped: bool,
    phis: usize,
    callees: Vec<FuncId>,
    masks: usize,
) -> Function {
    let params = vec![T32, T16, T32, Type::Scalar(Elem::I32)];
    let f = Function::new("k", Linkage::Kernel, params, T32);
    let mut g = Gen { f, rng: Rng(seed | 1), n: 0, callees };
    let entry = g.f.add_block("entry");
    let mut pool = vec![Value::Param(0), Value::Param(1), Value::Param(2)];
    for _ in 0..ops {
        g.op(entry, &mut pool);
    }
    if !looped {
        g.finish(entry, &pool);
        return g.f;
    }
    let header = g.f.add_block("loop");
    let exit = g.f.add_block("exit");
    // phis: counter and vectors (incoming from the latch filled in below)
    let counter = g.push(header, InstKind::Phi { incoming: vec![] }, Type::Scalar(Elem::I32));
    let mut vphis = Vec::new();
    for _ in 0..phis {
        let init = g.rng.pick(&pool);
        let t = g.ty(init);
        let p = g.push(header, InstKind::Phi { incoming: vec![(entry, init)] }, t);
        vphis.push(p);
    }
    let mut body = pool.clone();
    body.extend(vphis.iter().copied());
    // mask phis: entry compares of the T32 arguments
    let preds = [CmpPred::Slt, CmpPred::Eq, CmpPred::Ugt, CmpPred::Ne];
    let mut entry_masks = Vec::new();
    let mut mphis = Vec::new();
    for k in 0..masks {
        let pred = preds[g.rng.below(preds.len())];
        let (lhs, rhs) =
            if k % 2 == 0 { (Value::Param(0), Value::Param(2)) } else { (Value::Param(2), Value::Param(0)) };
        let init = g.push(entry, InstKind::Cmp { pred, lhs, rhs }, MASK);
        entry_masks.push(init);
        mphis.push(g.push(header, InstKind::Phi { incoming: vec![(entry, init)] }, MASK));
    }
    for _ in 0..ops {
        g.op(header, &mut body);
    }
    let mut body_masks = mphis.clone();
    for _ in 0..masks {
        let x = g.of_type(header, &body, T32);
        let y = g.of_type(header, &body, T32);
        let pred = preds[g.rng.below(preds.len())];
        let c = g.push(header, InstKind::Cmp { pred, lhs: x, rhs: y }, MASK);
        let m = g.rng.pick(&mphis);
        body_masks.push(g.push(header, InstKind::Binary { op: BinOp::Xor, lhs: c, rhs: m }, MASK));
        body_masks.push(c);
    }
    for (k, &p) in mphis.iter().enumerate() {
        let next = match g.rng.below(3) {
            0 => mphis[(k + 1) % mphis.len()],
            _ => g.rng.pick(&body_masks),
        };
        let Value::Inst(pi) = p else { unreachable!() };
        if let InstKind::Phi { incoming } = &mut g.f.insts[pi].kind {
            incoming.push((header, next));
        }
    }
    // latch values: a body value of the phi's type, or another phi of that type (a swap)
    for (k, &p) in vphis.iter().enumerate() {
        let t = g.ty(p);
        let cands: Vec<Value> = body.iter().copied().filter(|v| g.ty(*v) == t).collect();
        let other = vphis.iter().copied().filter(|q| *q != p && g.ty(*q) == t).nth(k % 2);
        let next = match other {
            Some(q) if g.rng.below(3) == 0 => q,
            _ => g.rng.pick(&cands),
        };
        let Value::Inst(pi) = p else { unreachable!() };
        if let InstKind::Phi { incoming } = &mut g.f.insts[pi].kind {
            incoming.push((header, next));
        }
    }
    let one = g.f.add_const(Constant::int(Elem::I32, 1));
    let zero = g.f.add_const(Constant::int(Elem::I32, 0));
    let trips = g.f.add_const(Constant::int(Elem::I32, 1 + g.rng.below(4) as i64));
    let next =
        g.push(header, InstKind::Binary { op: BinOp::Add, lhs: counter, rhs: one }, Type::Scalar(Elem::I32));
    if let Value::Inst(ci) = counter {
        g.f.insts[ci].kind = InstKind::Phi { incoming: vec![(entry, zero), (header, next)] };
    }
    let more =
        g.push(header, InstKind::Cmp { pred: CmpPred::Slt, lhs: next, rhs: trips }, Type::Scalar(Elem::I1));
    g.f.blocks[header].term = Terminator::CondBr { cond: more, on_true: header, on_false: exit };
    // the entry may skip the loop: exit phis merge an entry value with a loop value
    let skip = g.push(
        entry,
        InstKind::Cmp { pred: CmpPred::Sgt, lhs: Value::Param(3), rhs: zero },
        Type::Scalar(Elem::I1),
    );
    g.f.blocks[entry].term = Terminator::CondBr { cond: skip, on_true: header, on_false: exit };
    let mut out = Vec::new();
    for _ in 0..1 + g.rng.below(3) {
        let a = g.rng.pick(&pool);
        let t = g.ty(a);
        let cands: Vec<Value> = body.iter().copied().filter(|v| g.ty(*v) == t).collect();
        let b = g.rng.pick(&cands);
        out.push(g.push(exit, InstKind::Phi { incoming: vec![(entry, a), (header, b)] }, t));
    }
    if masks > 0 {
        // a mask merged at the exit selects between two values of the program
        let a = g.rng.pick(&entry_masks);
        let b = g.rng.pick(&body_masks);
        let m = g.push(exit, InstKind::Phi { incoming: vec![(entry, a), (header, b)] }, MASK);
        let x = g.of_type(exit, &out, T32);
        let y = g.of_type(exit, &pool, T32);
        out.push(g.push(exit, InstKind::Select { cond: m, on_true: x, on_false: y }, T32));
    }
    for _ in 0..ops / 2 {
        g.op(exit, &mut out);
    }
    g.finish(exit, &out);
    g.f
}

/// A random straight-line subroutine (`SUB_PARAMS` -> `T32`) of `ops` operations that may call
/// `callees`; its region writes often write into a parameter, in place when it dies there.
fn subroutine(name: &str, seed: u64, ops: usize, callees: Vec<FuncId>) -> Function {
    let f = Function::new(name, Linkage::Internal, SUB_PARAMS.to_vec(), T32);
    let mut g = Gen { f, rng: Rng(seed | 1), n: 0, callees };
    let entry = g.f.add_block("entry");
    let mut pool: Vec<Value> = (0..SUB_PARAMS.len() as u32).map(Value::Param).collect();
    for _ in 0..ops {
        g.op(entry, &mut pool);
    }
    g.finish(entry, &pool);
    g.f
}

/// A unit: a leaf subroutine, a subroutine that may call it (nested calls), and a kernel calling
/// either; the kernel is first.
fn unit(seed: u64, ops: usize, looped: bool, phis: usize) -> (Module, Vec<FuncId>) {
    let mut m = Module::default();
    let leaf = m.functions.alloc(subroutine("leaf", seed ^ 0x51, 1 + ops / 2, Vec::new()));
    let mid = m.functions.alloc(subroutine("mid", seed ^ 0xa3, 1 + ops / 2, vec![leaf]));
    let k = m.functions.alloc(program_calling(seed, ops, looped, phis, vec![leaf, mid], 0));
    (m, vec![k, mid, leaf])
}

/// A unit of independent subroutines: two leaves and a subroutine calling a third leaf of its
/// own, each called by the kernel alone, so one call's result can live in the variable of the
/// next call's parameter (class 7 of issue 22: the callees' unit variables become one storage);
/// the kernel is first.
fn chain_unit(seed: u64, ops: usize, looped: bool, phis: usize) -> (Module, Vec<FuncId>) {
    let mut m = Module::default();
    let a = m.functions.alloc(subroutine("a", seed ^ 0x17, 1 + ops / 2, Vec::new()));
    let b = m.functions.alloc(subroutine("b", seed ^ 0x2b, 1 + ops / 2, Vec::new()));
    let c = m.functions.alloc(subroutine("c", seed ^ 0x3d, 1 + ops / 3, Vec::new()));
    let mid = m.functions.alloc(subroutine("mid", seed ^ 0x4f, 1 + ops / 2, vec![c]));
    let k = m.functions.alloc(program_calling(seed, ops + 4, looped, phis, vec![a, b, mid], 0));
    (m, vec![k, a, b, mid, c])
}

/// Bytes of element bits.
fn to_bytes(v: &Bits, e: Elem) -> Vec<Option<u8>> {
    let eb = e.bytes() as usize;
    v.iter().flat_map(|x| (0..eb).map(move |k| x.map(|x| (x >> (8 * k)) as u8))).collect()
}

fn from_bytes(b: &[Option<u8>], e: Elem) -> Bits {
    b.chunks(e.bytes() as usize)
        .map(|c| {
            c.iter().enumerate().try_fold(0u64, |acc, (k, x)| x.map(|x| acc | (u64::from(x) << (8 * k))))
        })
        .collect()
}

/// One function of a unit as allocated.
struct Allocated<'a> {
    f: &'a Function,
    bales: Bales,
    a: Assignment,
}

/// A machine with one byte array per variable with storage in the unit (by function and
/// variable; a unit variable is its function's slot).
struct Machine<'a> {
    unit: &'a [Allocated<'a>],
    index: HashMap<FuncId, usize>,
    /// The function running.
    cur: usize,
    mem: HashMap<(usize, VarIdx), Vec<Option<u8>>>,
}

impl<'a> Machine<'a> {
    fn fx(&self) -> &'a Allocated<'a> {
        &self.unit[self.cur]
    }

    /// The slot of variable `var` of function `fi`.
    fn slot(&self, fi: usize, var: VarIdx) -> (usize, VarIdx) {
        let a = &self.unit[fi].a;
        let s = a.storage(var);
        match a.vars[s.0 as usize].unit {
            Some(u) => self.slot(u.func as usize, u.var),
            None => (fi, s),
        }
    }

    fn read_var(&self, slot: (usize, VarIdx), t: Type) -> Bits {
        let e = t.elem().unwrap();
        let bytes = t.num_elems() as usize * e.bytes() as usize;
        let mut b = self.mem.get(&slot).cloned().unwrap_or_default();
        b.resize(bytes.max(b.len()), None);
        from_bytes(&b[..bytes], e)
    }

    fn write_var(&mut self, slot: (usize, VarIdx), e: Elem, bits: &Bits) {
        let bytes = to_bytes(bits, e);
        let m = self.mem.entry(slot).or_default();
        if m.len() < bytes.len() {
            m.resize(bytes.len(), None);
        }
        m[..bytes.len()].copy_from_slice(&bytes);
    }

    fn var_slot(&self, v: Value) -> (usize, VarIdx) {
        self.slot(self.cur, self.fx().a.var(v).expect("a value without a variable"))
    }

    fn read(&self, v: Value) -> Bits {
        let f = self.fx().f;
        if let Some(c) = f.as_const(v) {
            return c.elems.clone();
        }
        if let Value::Inst(i) = v {
            if self.fx().bales.is_baled(i) {
                return self.eval(i);
            }
        }
        self.read_var(self.var_slot(v), f.value_type(v))
    }

    fn write(&mut self, v: Value, bits: &Bits) {
        let e = self.fx().f.value_type(v).elem().unwrap();
        self.write_var(self.var_slot(v), e, bits);
    }

    /// The value an instruction computes, reading its operands from storage now.
    fn eval(&self, i: InstId) -> Bits {
        let f = self.fx().f;
        let inst = &f.insts[i];
        let elem = |v: Value| f.value_type(v).elem().unwrap();
        match &inst.kind {
            InstKind::Binary { op, lhs, rhs } => {
                let (x, y) = (self.read(*lhs), self.read(*rhs));
                let e = elem(*lhs);
                x.iter().zip(y.iter().cycle()).map(|(a, b)| interp::binary(*op, e, (*a)?, (*b)?)).collect()
            }
            InstKind::Cmp { pred, lhs, rhs } => {
                let (x, y) = (self.read(*lhs), self.read(*rhs));
                x.iter()
                    .zip(&y)
                    .map(|(a, b)| Some(interp::compare(*pred, elem(*lhs), (*a)?, (*b)?)))
                    .collect()
            }
            InstKind::Select { cond, on_true, on_false } => {
                let (c, t, e) = (self.read(*cond), self.read(*on_true), self.read(*on_false));
                c.iter().zip(t.iter().zip(&e)).map(|(c, (t, e))| if (*c)? == 1 { *t } else { *e }).collect()
            }
            InstKind::Cast { op: CastOp::BitCast, value } => {
                from_bytes(&to_bytes(&self.read(*value), elem(*value)), inst.ty.elem().unwrap())
            }
            InstKind::RdRegion { input, region } => {
                interp::read_region(&self.read(*input), elem(*input).bytes(), region, None).unwrap()
            }
            InstKind::WrRegion { new, region, mask, .. } => {
                // the old value is what the result's variable holds now (written in place or copied)
                let base = self.read(Value::Inst(i));
                let eb = elem(*new).bytes();
                let new = self.read(*new);
                interp::write_region(&base, eb, &new, region, None, &self.read(*mask)).unwrap()
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    /// A call as instruction selection emits it: the arguments regalloc asks to copy go into the
    /// callee's parameter slots (all read before any is written), the callee runs, the result is
    /// copied out of the callee's result slot unless it lives there.
    fn call(&mut self, i: InstId, callee: FuncId, args: &[Value]) {
        let ci = self.index[&callee];
        let prep = self.fx().a.calls[&i].clone();
        let mut copies = Vec::new();
        for (k, &x) in args.iter().enumerate() {
            if prep.copy_args[k] {
                let dst =
                    self.slot(ci, self.unit[ci].a.var(Value::Param(k as u32)).expect("a parameter variable"));
                let t = self.fx().f.value_type(x);
                copies.push((dst, t.elem().unwrap(), self.read(x)));
            }
        }
        for (dst, e, bits) in copies {
            self.write_var(dst, e, &bits);
        }
        let saved = self.cur;
        self.cur = ci;
        self.exec();
        self.cur = saved;
        if prep.copy_result {
            let ret = self.slot(ci, self.unit[ci].a.ret.expect("a result variable"));
            let bits = self.read_var(ret, T32);
            self.write(Value::Inst(i), &bits);
        }
    }

    /// Runs the kernel on its arguments.
    fn run(&mut self, args: &[Bits]) -> Bits {
        for (p, a) in args.iter().enumerate() {
            self.write(Value::Param(p as u32), a);
        }
        self.exec()
    }

    /// Runs the current function from its entry (its parameters are in their slots); a
    /// subroutine's result is left in its result slot, and returned.
    fn exec(&mut self) -> Bits {
        let f = self.fx().f;
        let mut b = f.layout[0];
        loop {
            for &i in &f.blocks[b].insts {
                let inst = &f.insts[i];
                if self.fx().bales.is_baled(i) || matches!(inst.kind, InstKind::Phi { .. }) {
                    continue;
                }
                if let InstKind::Call { callee, args } = &inst.kind {
                    self.call(i, *callee, args);
                    continue;
                }
                // a bitcast living in its operand's variable is no instruction (as selection
                // emits it): writing it back would also lose the defined half of a partly
                // undefined element
                if let InstKind::Cast { op: CastOp::BitCast, value } = inst.kind {
                    if self.fx().a.same_storage(Value::Inst(i), value) {
                        continue;
                    }
                }
                if let InstKind::WrRegion { old, .. } = inst.kind {
                    if self.fx().a.wrregion[&Value::Inst(i)] == WrRegionPrep::CopyOld {
                        let o = self.read(old);
                        self.write(Value::Inst(i), &o);
                    }
                }
                let v = self.eval(i);
                self.write(Value::Inst(i), &v);
            }
            let to = match &f.blocks[b].term {
                Terminator::Ret(Some(v)) => {
                    let bits = self.read(*v);
                    if let Some(r) = self.fx().a.ret {
                        if !self.fx().a.holds(r, *v) {
                            self.write_var(self.slot(self.cur, r), Elem::I32, &bits);
                        }
                        return self.read_var(self.slot(self.cur, r), T32);
                    }
                    return bits;
                }
                Terminator::Br(t) => *t,
                Terminator::CondBr { cond, on_true, on_false } => {
                    if self.read(*cond)[0] == Some(1) {
                        *on_true
                    } else {
                        *on_false
                    }
                }
                other => panic!("unexpected {other:?}"),
            };
            // phi copies of the edge, all read before any is written
            let copies = self.fx().a.phi_copies.get(&(b, to)).cloned().unwrap_or_default();
            let vals: Vec<Bits> = copies.iter().map(|c| self.read(c.src)).collect();
            for (c, v) in copies.iter().zip(vals) {
                self.write(Value::Inst(c.phi), &v);
            }
            b = to;
        }
    }
}

fn args(seed: u64) -> Vec<Bits> {
    let mut r = Rng(seed | 1);
    let mut v =
        |n: usize, bits: u32| -> Bits { (0..n).map(|_| Some(r.next() & ((1u64 << bits) - 1))).collect() };
    vec![v(8, 32), v(16, 16), v(8, 32), vec![Some(seed % 3)]]
}

/// Runs `f` as allocated against the interpreter, as it is and after reads are moved past region
/// writes ([`genxc_regalloc::forward::read_past_region_writes`]).
fn check(f: &Function, seed: u64) -> Result<(), TestCaseError> {
    let mut m = Module::default();
    let k = m.functions.alloc(f.clone());
    check_unit(&m, &[k], seed)
}

/// The reference: the SSA semantics of the unit's function `f`, calls included.
fn reference(m: &Module, f: FuncId, args: &[Bits]) -> Result<Option<Bits>, interp::InterpError> {
    interp::run_calling(&m.functions[f], args, &|c, a| reference(m, c, a))
}

/// [`check`] for a unit (`funcs[0]` is the kernel).
fn check_unit(m: &Module, funcs: &[FuncId], seed: u64) -> Result<(), TestCaseError> {
    let args = args(seed);
    let want =
        reference(m, funcs[0], &args).map_err(|e| TestCaseError::fail(format!("interp: {e}")))?.unwrap();
    let mut moved: Vec<Function> = funcs.iter().map(|&id| m.functions[id].clone()).collect();
    let n: usize = moved.iter_mut().map(genxc_regalloc::forward::read_past_region_writes).sum();
    let plain: Vec<Function> = funcs.iter().map(|&id| m.functions[id].clone()).collect();
    let index: HashMap<FuncId, usize> = funcs.iter().enumerate().map(|(k, &id)| (id, k)).collect();
    for fs in [&plain, &moved] {
        let bales: Vec<Bales> = fs.iter().map(|f| bale::analyze(f, |_, _| true, |_| true)).collect();
        let pairs: Vec<(&Function, &Bales)> = fs.iter().zip(&bales).collect();
        let asgs = genxc_regalloc::assign_unit(&pairs, |id| index.get(&id).copied());
        let stats: Vec<_> = asgs.iter().map(|a| a.stats).collect();
        let unit: Vec<Allocated> =
            fs.iter().zip(bales).zip(asgs).map(|((f, bales), a)| Allocated { f, bales, a }).collect();
        let mut mach = Machine { unit: &unit, index: index.clone(), cur: 0, mem: HashMap::new() };
        let got = mach.run(&args);
        for (k, (w, g)) in want.iter().zip(&got).enumerate() {
            if w.is_some() {
                prop_assert_eq!(w, g, "element {} of the result ({:?}, {} reads moved)", k, stats, n);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Straight-line programs of wrregion chains, adds and bitcasts.
    #[test]
    fn straight_line_programs_keep_their_meaning(seed in any::<u64>(), ops in 1usize..24) {
        check(&program(seed, ops, false, 0), seed)?;
    }

    /// A loop with vector phis (some swapping each other), a path around it and phis after it.
    #[test]
    fn loops_keep_their_meaning(seed in any::<u64>(), ops in 1usize..12, phis in 1usize..5) {
        check(&program(seed, ops, true, phis), seed)?;
    }

    /// Loops carrying `<8 x i1>` mask phis (predicates: swapped, recomputed, merged at the exit)
    /// beside vector phis.
    #[test]
    fn mask_phis_keep_their_meaning(seed in any::<u64>(), ops in 1usize..10, phis in 1usize..4, masks in 1usize..5) {
        check(&program_calling(seed, ops, true, phis, Vec::new(), masks), seed)?;
    }

    /// Kernels calling subroutines (one calling the other) with arguments and results passed in
    /// place where regalloc lets them, straight-line and in a loop.
    #[test]
    fn subroutine_calls_keep_their_meaning(
        seed in any::<u64>(),
        ops in 1usize..16,
        looped in any::<bool>(),
        phis in 1usize..4,
    ) {
        let (m, funcs) = unit(seed, ops, looped, phis);
        check_unit(&m, &funcs, seed)?;
    }

    /// Kernels calling independent subroutines, one call's result often the next call's
    /// argument: the callees' parameter and result variables the kernel joins into one storage
    /// keep every value the program needs.
    #[test]
    fn subroutine_chains_keep_their_meaning(
        seed in any::<u64>(),
        ops in 1usize..16,
        looped in any::<bool>(),
        phis in 1usize..4,
    ) {
        let (m, funcs) = chain_unit(seed, ops, looped, phis);
        check_unit(&m, &funcs, seed)?;
    }
}

#[test]
fn generated_chains_join_callee_variables() {
    // the property above only means something if the kernel does join unit variables of two
    // callees: count callee variables that became another callee's storage, and check that no
    // function but the kernel's direct, independent callees is joined
    let (mut joined, mut units) = (0, 0);
    for seed in 0..200u64 {
        let (m, funcs) = chain_unit(seed * 0x9e37_79b9, 8, seed % 2 == 0, 2);
        let fs: Vec<&Function> = funcs.iter().map(|&id| &m.functions[id]).collect();
        let bales: Vec<Bales> = fs.iter().map(|f| bale::analyze(f, |_, _| true, |_| true)).collect();
        let pairs: Vec<(&Function, &Bales)> = fs.iter().copied().zip(&bales).collect();
        let index: HashMap<FuncId, usize> = funcs.iter().enumerate().map(|(k, &id)| (id, k)).collect();
        let asgs = genxc_regalloc::assign_unit(&pairs, |id| index.get(&id).copied());
        units += 1;
        for (fi, a) in asgs.iter().enumerate() {
            for var in &a.vars {
                if let Some(u) = var.unit.filter(|u| fi != 0 && u.func as usize != fi) {
                    // mid (3) may keep values in c's (4) variables; a, b and mid join each other
                    if !(fi == 3 && u.func == 4) {
                        assert!((1..=3).contains(&fi) && (1..=3).contains(&u.func), "{fi} -> {u:?}");
                        joined += 1;
                    }
                }
            }
        }
    }
    println!("callee variables joined with another callee's: {joined} in {units} units");
    assert!(joined > 20, "{joined}");
}

#[test]
fn loop_accumulator_shares_the_phi_variable() {
    // acc = phi [p0, entry], [acc + p2, loop]: no copy on the back edge
    let mut f = Function::new("k", Linkage::Kernel, vec![T32, T32], T32);
    let entry = f.add_block("entry");
    let lp = f.add_block("loop");
    let exit = f.add_block("exit");
    f.blocks[entry].term = Terminator::Br(lp);
    let acc = f.push_inst(lp, Inst { kind: InstKind::Phi { incoming: vec![] }, ty: T32, name: "acc".into() });
    let next = f.push_inst(
        lp,
        Inst {
            kind: InstKind::Binary { op: BinOp::Add, lhs: acc, rhs: Value::Param(1) },
            ty: T32,
            name: "n".into(),
        },
    );
    let Value::Inst(ai) = acc else { unreachable!() };
    f.insts[ai].kind = InstKind::Phi { incoming: vec![(entry, Value::Param(0)), (lp, next)] };
    let t = f.add_const(Constant::int(Elem::I1, 0));
    f.blocks[lp].term = Terminator::CondBr { cond: t, on_true: lp, on_false: exit };
    f.blocks[exit].term = Terminator::Ret(Some(next));
    let bales = bale::analyze(&f, |_, _| true, |_| true);
    let a = genxc_regalloc::assign(&f, &bales);
    assert!(!a.phi_copies.contains_key(&(lp, lp)), "{:?}", a.phi_copies);
    assert!(a.same_storage(acc, next));
    // p0 dies where the loop starts: the kernel input itself is the accumulator
    assert!(a.same_storage(acc, Value::Param(0)));
    assert!(a.phi_copies.is_empty(), "{:?}", a.phi_copies);
    assert_eq!((a.stats.copies, a.stats.coalesced), (0, 2));
}

#[test]
fn generated_units_pass_arguments_and_results_in_place() {
    // the property above only means something if the generated units do pass values in place:
    // count arguments and results that need no copy, and subroutines returning in a parameter
    let (mut args_in_place, mut results_in_place, mut returns_a_param, mut copies) = (0, 0, 0, 0);
    for seed in 0..200u64 {
        let (m, funcs) = unit(seed * 0x9e37_79b9, 8, seed % 2 == 0, 2);
        let fs: Vec<&Function> = funcs.iter().map(|&id| &m.functions[id]).collect();
        let bales: Vec<Bales> = fs.iter().map(|f| bale::analyze(f, |_, _| true, |_| true)).collect();
        let pairs: Vec<(&Function, &Bales)> = fs.iter().copied().zip(&bales).collect();
        let index: HashMap<FuncId, usize> = funcs.iter().enumerate().map(|(k, &id)| (id, k)).collect();
        let asgs = genxc_regalloc::assign_unit(&pairs, |id| index.get(&id).copied());
        for a in &asgs {
            for prep in a.calls.values() {
                args_in_place += prep.copy_args.iter().filter(|c| !**c).count();
                copies += prep.copy_args.iter().filter(|c| **c).count();
                results_in_place += usize::from(!prep.copy_result);
            }
            if let Some(r) = a.ret {
                returns_a_param += usize::from((0..3).any(|p| a.holds(r, Value::Param(p))));
            }
        }
    }
    println!(
        "arguments in place {args_in_place}, copied {copies}; results in place {results_in_place}; \
         subroutines returning in a parameter {returns_a_param}"
    );
    assert!(
        args_in_place > 100 && results_in_place > 100 && returns_a_param > 10 && copies > 100,
        "{args_in_place} {results_in_place} {returns_a_param} {copies}"
    );
}

/// `out = s(a) * s(1 - b)`-like: two calls of one subroutine, the first result live across the
/// second call (the `blend_edges` kernel of the CM examples).
#[test]
fn a_result_live_across_a_second_call_is_copied_out_and_nothing_else() {
    let mut m = Module::default();
    let mut s = Function::new("s", Linkage::Internal, vec![T32], T32);
    let e = s.add_block("entry");
    let sq = s.push_inst(
        e,
        Inst {
            kind: InstKind::Binary { op: BinOp::Mul, lhs: Value::Param(0), rhs: Value::Param(0) },
            ty: T32,
            name: "sq".into(),
        },
    );
    s.blocks[e].term = Terminator::Ret(Some(sq));
    let sid = m.functions.alloc(s);
    let mut k = Function::new("k", Linkage::Kernel, vec![T32, T32], Type::Void);
    let b = k.add_block("entry");
    let one = k.add_const(Constant::splat(T32, 1));
    let push = |k: &mut Function, kind, name: &str| k.push_inst(b, Inst { kind, ty: T32, name: name.into() });
    let va = push(&mut k, InstKind::Binary { op: BinOp::Add, lhs: Value::Param(0), rhs: one }, "va");
    let sa = push(&mut k, InstKind::Call { callee: sid, args: vec![va] }, "sa");
    let nb = push(&mut k, InstKind::Binary { op: BinOp::Sub, lhs: one, rhs: Value::Param(1) }, "nb");
    let sb = push(&mut k, InstKind::Call { callee: sid, args: vec![nb] }, "sb");
    push(&mut k, InstKind::Binary { op: BinOp::Mul, lhs: sa, rhs: sb }, "r");
    k.blocks[b].term = Terminator::Ret(None);
    let kid = m.functions.alloc(k);
    let fs = [&m.functions[kid], &m.functions[sid]];
    let bales: Vec<Bales> = fs.iter().map(|f| bale::analyze(f, |_, _| true, |_| true)).collect();
    let pairs: Vec<(&Function, &Bales)> = fs.iter().copied().zip(&bales).collect();
    let asgs = genxc_regalloc::assign_unit(&pairs, |id| [kid, sid].iter().position(|x| *x == id));
    let (ka, sa_) = (&asgs[0], &asgs[1]);
    let prep = |v: Value| {
        let Value::Inst(i) = v else { unreachable!() };
        ka.calls[&i].clone()
    };
    assert_eq!((prep(sa).copy_args, prep(sa).copy_result), (vec![false], true));
    assert_eq!((prep(sb).copy_args, prep(sb).copy_result), (vec![false], false));
    // the callee computes its result in its result variable
    assert!(sa_.holds(sa_.ret.unwrap(), sq));
    assert_eq!(ka.stats.copies + sa_.stats.copies, 1);
}
