//! Property tests: random programs full of `wrregion` chains, phis and bitcasts, straight-line and
//! with a loop (and a path around it), run with one storage slot per assigned variable (aliases
//! view their variable's bytes; copies happen where the assignment lists them; phi copies on an
//! edge are parallel, as instruction selection emits them) compute what the SSA program computes
//! under the reference interpreter (`genxc_legalize::interp`).
//! Cases per property: 1,000 by default, `GENXC_PROPTEST_CASES` raises it.

use genxc_genx::bale::{self, Bales};
use genxc_genx::ir::{BinOp, BlockId, CastOp, CmpPred, Constant, Inst, InstId, Linkage, Terminator};
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
}

impl Gen {
    fn push(&mut self, b: BlockId, kind: InstKind, ty: Type) -> Value {
        self.n += 1;
        self.f.push_inst(b, Inst { kind, ty, name: format!("v{}", self.n) })
    }

    fn ty(&self, v: Value) -> Type {
        self.f.value_type(v)
    }

    /// One random operation in block `b` from values of `pool` (results join the pool).
    fn op(&mut self, b: BlockId, pool: &mut Vec<Value>) {
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

    /// Sums a few values of the pool (as `<8 x i32>`) into the returned value.
    fn finish(&mut self, b: BlockId, pool: &[Value]) {
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
    let params = vec![T32, T16, T32, Type::Scalar(Elem::I32)];
    let f = Function::new("k", Linkage::Kernel, params, T32);
    let mut g = Gen { f, rng: Rng(seed | 1), n: 0 };
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
    for _ in 0..ops {
        g.op(header, &mut body);
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
    for _ in 0..ops / 2 {
        g.op(exit, &mut out);
    }
    g.finish(exit, &out);
    g.f
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

/// A machine with one byte array per variable with storage.
struct Machine<'a> {
    f: &'a Function,
    bales: &'a Bales,
    a: &'a Assignment,
    mem: HashMap<VarIdx, Vec<Option<u8>>>,
}

impl Machine<'_> {
    fn read(&self, v: Value) -> Bits {
        let t = self.f.value_type(v);
        let e = t.elem().unwrap();
        if let Some(c) = self.f.as_const(v) {
            return c.elems.clone();
        }
        if let Value::Inst(i) = v {
            if self.bales.is_baled(i) {
                return self.eval(i);
            }
        }
        let var = self.a.var(v).expect("a value without a variable");
        let bytes = t.num_elems() as usize * e.bytes() as usize;
        let mem = self.mem.get(&self.a.storage(var)).cloned().unwrap_or_default();
        let mut b = mem;
        b.resize(bytes.max(b.len()), None);
        from_bytes(&b[..bytes], e)
    }

    fn write(&mut self, v: Value, bits: &Bits) {
        let e = self.f.value_type(v).elem().unwrap();
        let var = self.a.storage(self.a.var(v).expect("a value without a variable"));
        let bytes = to_bytes(bits, e);
        let slot = self.mem.entry(var).or_default();
        if slot.len() < bytes.len() {
            slot.resize(bytes.len(), None);
        }
        slot[..bytes.len()].copy_from_slice(&bytes);
    }

    /// The value an instruction computes, reading its operands from storage now.
    fn eval(&self, i: InstId) -> Bits {
        let inst = &self.f.insts[i];
        let elem = |v: Value| self.f.value_type(v).elem().unwrap();
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

    fn run(&mut self, args: &[Bits]) -> Bits {
        for (p, a) in args.iter().enumerate() {
            self.write(Value::Param(p as u32), a);
        }
        let f = self.f;
        let mut b = f.layout[0];
        loop {
            for &i in &f.blocks[b].insts {
                let inst = &f.insts[i];
                if self.bales.is_baled(i) || matches!(inst.kind, InstKind::Phi { .. }) {
                    continue;
                }
                if let InstKind::WrRegion { old, .. } = inst.kind {
                    if self.a.wrregion[&Value::Inst(i)] == WrRegionPrep::CopyOld {
                        let o = self.read(old);
                        self.write(Value::Inst(i), &o);
                    }
                }
                let v = self.eval(i);
                self.write(Value::Inst(i), &v);
            }
            let to = match &f.blocks[b].term {
                Terminator::Ret(Some(v)) => return self.read(*v),
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
            let copies = self.a.phi_copies.get(&(b, to)).cloned().unwrap_or_default();
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
    let args = args(seed);
    let want = interp::run(f, &args).map_err(|e| TestCaseError::fail(format!("interp: {e}")))?.unwrap();
    let mut moved = f.clone();
    let n = genxc_regalloc::forward::read_past_region_writes(&mut moved);
    for f in [f, &moved] {
        let bales = bale::analyze(f, |_, _| true, |_| true);
        let a = genxc_regalloc::assign(f, &bales);
        let mut m = Machine { f, bales: &bales, a: &a, mem: HashMap::new() };
        let got = m.run(&args);
        for (k, (w, g)) in want.iter().zip(&got).enumerate() {
            if w.is_some() {
                prop_assert_eq!(w, g, "element {} of the result ({:?}, {} reads moved)", k, a.stats, n);
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
