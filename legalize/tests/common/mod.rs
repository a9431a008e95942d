//! Helpers shared by the integration tests: building small GenX IR functions, checking that every
//! region of a legalized function is legal, and comparing functions under the interpreter.
#![allow(dead_code)]

use genxc_genx::ir::{Constant, Terminator};
use genxc_genx::print::print_function;
use genxc_genx::{Elem, Function, Inst, InstKind, Linkage, Platform, Region, Type, Value};
use genxc_legalize::interp::{self, Bits};
use genxc_legalize::legal::{check, Access, Role};

/// A function under construction with one block.
pub struct Builder {
    pub f: Function,
    pub b: genxc_genx::BlockId,
}

impl Builder {
    pub fn new(params: Vec<Type>, ret: Type) -> Self {
        let mut f = Function::new("t", Linkage::Kernel, params, ret);
        let b = f.add_block("entry");
        Builder { f, b }
    }

    pub fn inst(&mut self, kind: InstKind, ty: Type) -> Value {
        self.f.push_inst(self.b, Inst { kind, ty, name: String::new() })
    }

    pub fn rd(&mut self, input: Value, region: Region) -> Value {
        let e = self.f.value_type(input).elem().unwrap();
        self.inst(InstKind::RdRegion { input, region }, Type::Vector(e, region.num_elems))
    }

    pub fn wr(&mut self, old: Value, new: Value, region: Region, mask: Option<Value>) -> Value {
        let ty = self.f.value_type(old);
        let mask = mask.unwrap_or_else(|| self.t());
        self.inst(InstKind::WrRegion { old, new, region, mask }, ty)
    }

    pub fn t(&mut self) -> Value {
        self.f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] })
    }

    pub fn ret(mut self, v: Value) -> Function {
        self.f.blocks[self.b].term = Terminator::Ret(Some(v));
        self.f
    }
}

/// Every region access in the function, with its role, input size and index size.
pub fn accesses(f: &Function) -> Vec<Access> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let inst = &f.insts[id];
            let idx = |r: &Region| r.indirect.map_or(0, |i| f.value_type(i).num_elems().max(1));
            match &inst.kind {
                InstKind::RdRegion { input, region } => out.push(Access {
                    region: *region,
                    role: Role::Source,
                    input_elems: f.value_type(*input).num_elems(),
                    index_elems: idx(region),
                }),
                InstKind::WrRegion { region, .. } => out.push(Access {
                    region: *region,
                    role: Role::Destination,
                    input_elems: inst.ty.num_elems(),
                    index_elems: idx(region),
                }),
                _ => {}
            }
        }
    }
    out
}

/// Panics with the first illegal region of a function.
pub fn assert_all_legal(f: &Function, p: Platform) {
    for a in accesses(f) {
        if let Err(e) = check(&a, p) {
            panic!("illegal region on {p}: {e}: {a:?}");
        }
    }
}

/// Element-wise operations wider than the platform allows.
pub fn assert_ops_legal(f: &Function, p: Platform) {
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let inst = &f.insts[id];
            if genxc_legalize::group::is_elementwise(&inst.kind) && inst.ty.is_vector() {
                let n = inst.ty.num_elems();
                assert!(matches!(n, 1 | 2 | 4 | 8 | 16 | 32), "exec size {n}");
                let mut eb = inst.ty.elem().unwrap().bytes();
                for v in inst.kind.operands() {
                    eb = eb.max(f.value_type(v).elem().map_or(1, Elem::bytes));
                }
                assert!(n * eb <= 2 * p.grf_bytes() || n == 1, "operation of {n} x {eb} bytes");
            }
        }
    }
}

/// Deterministic pseudo-random bits for a type.
pub fn arg(ty: Type, seed: u64) -> Bits {
    let e = ty.elem().unwrap();
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..ty.num_elems())
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Some(genxc_genx::ir::truncate_bits(x, e))
        })
        .collect()
}

/// Legalizes a copy of `f` and checks: no error, every region legal, same result under the
/// interpreter for `args`. Returns the legalized function and the stats.
pub fn legalize_and_compare(f: &Function, p: Platform, args: &[Bits]) -> (Function, genxc_legalize::Stats) {
    let before = interp::run(f, args).expect("original runs");
    let mut g = f.clone();
    let stats = genxc_legalize::legalize_function(&mut g, p).expect("legalizes");
    assert_all_legal(&g, p);
    assert_ops_legal(&g, p);
    let after = interp::run(&g, args).expect("legalized runs");
    assert_eq!(before, after, "results differ on {p}");
    // the whole pass (collapse, split, collapse again where legal): same checks, and a fixed point
    let mut h = f.clone();
    genxc_legalize::run(&mut h, p).expect("the whole pass legalizes");
    assert_all_legal(&h, p);
    assert_ops_legal(&h, p);
    assert_eq!(before, interp::run(&h, args).expect("runs after the whole pass"), "whole pass on {p}");
    // A second run keeps it legal and meaningful. With direct regions only it changes nothing; an
    // indirect piece may be cut again, because the piece size rule for a variable index looks at
    // where the piece starts in the region it was cut from, which the piece alone no longer tells.
    let mut again = h.clone();
    genxc_legalize::run(&mut again, p).expect("legalizes again");
    assert_all_legal(&again, p);
    assert_eq!(before, interp::run(&again, args).expect("runs after a second pass"), "second pass on {p}");
    // (Nor where dead elements are left: the next run splits them off.)
    if accesses(f).iter().all(|a| a.region.indirect.is_none()) && genxc_legalize::live::analyze(&h).is_empty()
    {
        let (t1, t2) = (print_function(&h), print_function(&again));
        assert_eq!(renumber(&t1), renumber(&t2), "a second run changed the function on {p}");
    }
    // single-indirect pieces: check the GRFs they touch for the index values of this run
    for a in accesses(&g) {
        if let (true, Some(Value::Param(i))) = (a.is_single_indirect(), a.region.indirect) {
            let idx = args[i as usize][0].unwrap() as u16 as i16 as i64;
            if let Err(e) = genxc_legalize::legal::check_at(&a, idx, p) {
                panic!("indirect piece illegal at index {idx} on {p}: {e}: {a:?}");
            }
        }
    }
    (g, stats)
}

/// Runs the whole pass ([`genxc_legalize::run`]) on a copy of `f` after the checks of
/// [`legalize_and_compare`]; returns the result.
pub fn run_and_compare(f: &Function, p: Platform, args: &[Bits]) -> Function {
    legalize_and_compare(f, p, args);
    let mut g = f.clone();
    genxc_legalize::run(&mut g, p).expect("the whole pass legalizes");
    g
}

/// The rdregions of a function reading `input`, in order: (elements, region).
pub fn reads_of(f: &Function, input: Value) -> Vec<Region> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            if let InstKind::RdRegion { input: i, region } = &f.insts[id].kind {
                if *i == input {
                    out.push(*region);
                }
            }
        }
    }
    out
}

/// All wrregions of a function, in order.
pub fn writes(f: &Function) -> Vec<Region> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            if let InstKind::WrRegion { region, .. } = &f.insts[id].kind {
                out.push(*region);
            }
        }
    }
    out
}

/// Instructions of a kind (by mnemonic) in the function.
pub fn count(f: &Function, mnemonic: &str) -> usize {
    f.layout
        .iter()
        .flat_map(|&b| f.blocks[b].insts.iter())
        .filter(|&&i| f.insts[i].kind.mnemonic() == mnemonic)
        .count()
}

/// The result type of each element-wise operation, in order.
pub fn op_widths(f: &Function) -> Vec<u32> {
    f.layout
        .iter()
        .flat_map(|&b| f.blocks[b].insts.iter())
        .filter(|&&i| genxc_legalize::group::is_elementwise(&f.insts[i].kind))
        .map(|&i| f.insts[i].ty.num_elems())
        .collect()
}

pub fn reg(eb: u32, n: u32, vs: i64, w: i64, s: i64, off: i64) -> Region {
    Region::from_operands(eb, n, vs, w, s, off, None, 0).unwrap()
}

/// Renames `%v<N>` values in order of first appearance, so two printings of the same program
/// compare equal whatever instruction ids they had.
pub fn renumber(text: &str) -> String {
    let mut names = std::collections::HashMap::new();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("%v") {
        out.push_str(&rest[..at]);
        let digits = rest[at + 2..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            out.push_str("%v");
            rest = &rest[at + 2..];
            continue;
        }
        let n = names.len();
        let id = *names.entry(&rest[at..at + 2 + digits]).or_insert(n);
        out.push_str(&format!("%n{id}"));
        rest = &rest[at + 2 + digits..];
    }
    out.push_str(rest);
    out
}
