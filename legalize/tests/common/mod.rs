//! Helpers shared by the integration tests: building small GenX IR functions, checking that every
//! region of a legalized function is legal, and comparing functions under the interpreter.
#![allow(dead_code)]

use genxc_genx::print::print_function;
use genxc_genx::{Elem, Function, InstKind, Platform, Region, Value};
use genxc_legalize::interp::Bits;
use genxc_legalize::legal::Access;
// The builder, the argument generator and the oracle are the crate's exported ones.
pub use genxc_legalize::testing::{all_legal, arg, region_accesses, same_semantics, Builder};

/// Every region access in the function, with its role, input size and index size.
pub fn accesses(f: &Function) -> Vec<Access> {
    region_accesses(f).into_iter().map(|(_, a)| a).collect()
}

/// Panics with the first illegal region of a function.
pub fn assert_all_legal(f: &Function, p: Platform) {
    if let Err(bad) = all_legal(f, p) {
        panic!("on {p}: {}", bad[0]);
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

/// Legalizes a copy of `f` and checks: no error, every region legal, same result under the
/// interpreter for `args`. Returns the legalized function and the stats.
pub fn legalize_and_compare(f: &Function, p: Platform, args: &[Bits]) -> (Function, genxc_legalize::Stats) {
    let mut g = f.clone();
    let stats = genxc_legalize::legalize_function(&mut g, p).expect("legalizes");
    assert_all_legal(&g, p);
    assert_ops_legal(&g, p);
    same_semantics(f, &g, args).unwrap_or_else(|e| panic!("split on {p}: {e}"));
    // the whole pass (collapse, split, collapse again where legal): same checks, and a fixed point
    let mut h = f.clone();
    genxc_legalize::run(&mut h, p).expect("the whole pass legalizes");
    assert_all_legal(&h, p);
    assert_ops_legal(&h, p);
    same_semantics(f, &h, args).unwrap_or_else(|e| panic!("whole pass on {p}: {e}"));
    // A second run keeps it legal and meaningful. With direct regions only it changes nothing; an
    // indirect piece may be cut again, because the piece size rule for a variable index looks at
    // where the piece starts in the region it was cut from, which the piece alone no longer tells.
    let mut again = h.clone();
    genxc_legalize::run(&mut again, p).expect("legalizes again");
    assert_all_legal(&again, p);
    same_semantics(f, &again, args).unwrap_or_else(|e| panic!("second pass on {p}: {e}"));
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
