//! Property tests over random element types, regions, masks, indices and platforms: after
//! legalization every region is legal, the function computes the same vectors under the
//! interpreter, and a lone region is never cut into more pieces than the spec's greedy rule gives.
//! Cases per property: 2,000 by default, `GENXC_PROPTEST_CASES` raises it.

mod common;
use common::*;
use genxc_genx::ir::Constant;
use genxc_genx::ir::{BinOp, CastOp, CmpPred};
use genxc_genx::{Elem, Function, InstKind, Platform, Region, Type, Value};
use genxc_legalize::collapse;
use genxc_legalize::interp::{self, Bits};
use genxc_legalize::legal::{Access, Role};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("GENXC_PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000).max(1)
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: cases(), ..ProptestConfig::default() }
}

const ELEMS: [Elem; 7] = [Elem::I8, Elem::I16, Elem::I32, Elem::I64, Elem::Half, Elem::Float, Elem::Double];

/// A region shape: (elements, width, vstride, stride, start element); vectors stay small.
fn shape() -> impl Strategy<Value = (u32, u32, i32, i32, u32)> {
    (1u32..=24, 0usize..8, 0i32..=12, 0i32..=5, 0u32..=10).prop_map(|(n, wsel, vs, s, start)| {
        let divisors: Vec<u32> = (1..=n).filter(|d| n % d == 0).collect();
        (n, divisors[wsel % divisors.len()], vs, s, start)
    })
}

fn platform() -> impl Strategy<Value = Platform> {
    prop::sample::select(Platform::ALL.to_vec())
}

fn region(eb: u32, (n, w, vs, s, start): (u32, u32, i32, i32, u32)) -> Region {
    Region {
        elem_bytes: eb,
        num_elems: n,
        vstride: vs,
        width: w,
        stride: s,
        offset: (start * eb) as i32,
        indirect: None,
        parent_width: 0,
    }
    .canonical()
}

/// Elements a region reaches past its start (last index + 1).
fn reach(r: &Region) -> u32 {
    (0..r.num_elems).map(|i| r.elem_index(i)).max().unwrap_or(0) as u32 + 1
}

fn pieces_of(f: &Function, input: Value) -> usize {
    reads_of(f, input).len()
}

proptest! {
    #![proptest_config(config())]

    /// A lone rdregion, direct or with a scalar variable index (with parent width sometimes).
    #[test]
    fn lone_rdregion(e in prop::sample::select(ELEMS.to_vec()), sh in shape(), extra in 0u32..6,
                     indirect in any::<bool>(), pw in prop::sample::select(vec![0u32, 4, 8, 16]),
                     p in platform(), seed in any::<u64>()) {
        let eb = e.bytes();
        let mut r = region(eb, sh);
        let total = sh.4 + reach(&r) + extra;
        let vt = Type::Vector(e, total);
        let mut params = vec![vt];
        let mut args: Vec<Bits> = vec![arg(vt, seed)];
        if indirect {
            // index = start bytes at run time; the constant offset is 0
            params.push(Type::Scalar(Elem::I16));
            args.push(vec![Some(u64::from(r.offset as u32))]);
            r.offset = 0;
            r.indirect = Some(Value::Param(1));
            // a parent width is a promise: make it only when rows keep it
            let ok = pw != 0 && (0..r.num_elems).step_by(r.width as usize).all(|i| {
                let s = (sh.4 as i64 + r.elem_index(i)) / pw as i64;
                let e2 = (sh.4 as i64 + r.elem_index(i + r.width - 1)) / pw as i64;
                s == e2
            });
            r.parent_width = if ok { pw } else { 0 };
        }
        let mut b = Builder::new(params, Type::Vector(e, r.num_elems));
        let x = b.rd(Value::Param(0), r);
        let f = b.ret(x);
        let (g, _) = legalize_and_compare(&f, p, &args);
        let access = Access { region: r, role: Role::Source, input_elems: total, index_elems: u32::from(indirect) };
        let greedy = genxc_legalize::plan_region(&access, p).len();
        prop_assert!(pieces_of(&g, Value::Param(0)) <= greedy);
    }

    /// A multi-indirect rdregion (width-1 rows, or splatted rows with stride 0).
    #[test]
    fn multi_indirect_rdregion(e in prop::sample::select(ELEMS.to_vec()), rows in 1u32..=24,
                               width in prop::sample::select(vec![1u32, 2, 4]), p in platform(),
                               seed in any::<u64>()) {
        let eb = e.bytes();
        let n = rows * width;
        let total = 40u32;
        let stride = if width == 1 { 1 } else { 0 };
        let r = Region { elem_bytes: eb, num_elems: n, vstride: 0, width, stride, offset: 0,
                         indirect: Some(Value::Param(1)), parent_width: 0 };
        let vt = Type::Vector(e, total);
        let it = Type::Vector(Elem::I16, rows);
        let idx: Bits = arg(it, seed ^ 5).into_iter().map(|x| x.map(|x| (x % u64::from(total)) * u64::from(eb))).collect();
        let mut b = Builder::new(vec![vt, it], Type::Vector(e, n));
        let x = b.rd(Value::Param(0), r);
        let f = b.ret(x);
        legalize_and_compare(&f, p, &[arg(vt, seed), idx]);
    }

    /// Regions indexed by constant row starts (regular rows with a random row step, or random
    /// starts), read and written: collapsing them into direct regions keeps the results.
    #[test]
    fn constant_index_regions(e in prop::sample::select(ELEMS.to_vec()), rows in 1u32..=8,
                              width in prop::sample::select(vec![1u32, 2, 4]), regular in any::<bool>(),
                              step in 0u32..6, first in 0u32..8, p in platform(), seed in any::<u64>()) {
        let eb = e.bytes();
        let n = rows * width;
        let total = 64u32;
        let vt = Type::Vector(e, total);
        let it = Type::Vector(Elem::I16, rows);
        let elem = |r: u32| if regular { first + r * (step + width) } else { (seed >> (r * 3)) as u32 % 40 };
        // a regular pattern stays regular only if no row had to be pulled back into the vector
        let regular = regular && (0..rows).all(|r| elem(r) <= total - width);
        let starts: Vec<u64> = (0..rows).map(|r| u64::from(elem(r).min(total - width) * eb)).collect();
        let mut b = Builder::new(vec![vt, vt], vt);
        let idx = b.f.add_const(Constant { ty: it, elems: starts.iter().map(|&x| Some(x)).collect() });
        let r = Region { elem_bytes: eb, num_elems: n, vstride: 0, width, stride: 1, offset: 0,
                         indirect: Some(idx), parent_width: 0 };
        let x = b.rd(Value::Param(0), r);
        // write the rows back at other constant starts when they do not overlap
        let w = Region { indirect: Some(idx), ..r };
        let distinct = {
            let mut all: Vec<u64> = starts.iter().flat_map(|&s| (0..u64::from(width)).map(move |k| s / u64::from(eb) + k)).collect();
            all.sort_unstable();
            all.windows(2).all(|p| p[0] != p[1])
        };
        let out = if distinct { b.wr(Value::Param(1), x, w, None) } else { Value::Param(1) };
        let f = b.ret(out);
        legalize_and_compare(&f, p, &[arg(vt, seed), arg(vt, seed ^ 9)]);
        if regular {
            // a regular constant index is always direct after the whole pass
            let mut g = f.clone();
            genxc_legalize::run(&mut g, p).expect("legalizes");
            let left = accesses(&g).iter().filter(|a| a.region.indirect.is_some()).count();
            prop_assert_eq!(left, 0, "indirect accesses left for starts {:?}", starts);
        }
    }

    /// A lone wrregion with an optional vector mask, direct or indirect.
    #[test]
    fn lone_wrregion(e in prop::sample::select(ELEMS.to_vec()), sh in shape(), extra in 0u32..6,
                     masked in any::<bool>(), indirect in any::<bool>(), p in platform(),
                     seed in any::<u64>()) {
        let eb = e.bytes();
        let mut r = region(eb, sh);
        let total = sh.4 + reach(&r) + extra;
        let (vt, nt, mt) = (Type::Vector(e, total), Type::Vector(e, r.num_elems), Type::Vector(Elem::I1, r.num_elems));
        let mut params = vec![vt, nt, mt];
        let mut args = vec![arg(vt, seed), arg(nt, seed ^ 1), arg(mt, seed ^ 2)];
        if indirect {
            params.push(Type::Scalar(Elem::I16));
            args.push(vec![Some(u64::from(r.offset as u32))]);
            r.offset = 0;
            r.indirect = Some(Value::Param(3));
        }
        let mut b = Builder::new(params, vt);
        let mask = masked.then_some(Value::Param(2));
        let w = b.wr(Value::Param(0), Value::Param(1), r, mask);
        let f = b.ret(w);
        legalize_and_compare(&f, p, &args);
    }

    /// rdregion -> element-wise operation -> (masked) wrregion, with random regions everywhere.
    #[test]
    fn group(e in prop::sample::select(ELEMS.to_vec()), sh in shape(), sh2 in shape(), dsh in shape(),
            kind in 0u8..6, masked in any::<bool>(), into_wr in any::<bool>(), p in platform(),
            seed in any::<u64>()) {
        let eb = e.bytes();
        let n = sh.0;
        // all three regions get the execution size of the first
        let fit = |s: (u32, u32, i32, i32, u32)| {
            let w = if n % s.1 == 0 { s.1 } else { n };
            (n, w, s.2, s.3, s.4)
        };
        let (r1, r2) = (region(eb, sh), region(eb, fit(sh2)));
        let rd_dst = region(eb, fit(dsh));
        let dst = Region { vstride: rd_dst.vstride.max(1), ..rd_dst }.canonical();
        let a_len = (sh.4 + reach(&r1)).max(sh2.4 + reach(&r2)) + 2;
        let d_len = dsh.4 + reach(&dst) + 1;
        let (at, dt, mt) = (Type::Vector(e, a_len), Type::Vector(e, d_len), Type::Vector(Elem::I1, n));
        let nt = Type::Vector(e, n);
        let mut b = Builder::new(vec![at, dt, mt, nt], dt);
        let x = b.rd(Value::Param(0), r1);
        let y = b.rd(Value::Param(0), r2);
        let op = match (kind, e.is_float()) {
            (0, false) => InstKind::Binary { op: BinOp::Add, lhs: x, rhs: y },
            (1, false) => InstKind::Binary { op: BinOp::Mul, lhs: x, rhs: Value::Param(3) },
            (2, false) => InstKind::Binary { op: BinOp::UDiv, lhs: x, rhs: y },
            (0, true) => InstKind::Binary { op: BinOp::FAdd, lhs: x, rhs: y },
            (1, true) => InstKind::Binary { op: BinOp::FMul, lhs: x, rhs: Value::Param(3) },
            (2, true) => InstKind::FNeg(x),
            (3, _) => {
                let pred = if e.is_float() { CmpPred::FOlt } else { CmpPred::Ult };
                let c = b.inst(InstKind::Cmp { pred, lhs: x, rhs: y }, mt);
                InstKind::Select { cond: c, on_true: x, on_false: Value::Param(3) }
            }
            (4, _) => InstKind::Select { cond: Value::Param(2), on_true: y, on_false: x },
            _ => {
                // a conversion to another type and back through a second element-wise op
                let to = if e.is_float() { Elem::I32 } else { Elem::Float };
                let op = if e.is_float() { CastOp::FPToSI } else { CastOp::UIToFP };
                let c = b.inst(InstKind::Cast { op, value: x }, Type::Vector(to, n));
                let back = if e.is_float() { CastOp::SIToFP } else { CastOp::FPToUI };
                InstKind::Cast { op: back, value: c }
            }
        };
        let v = b.inst(op, nt);
        let out = if into_wr {
            b.wr(Value::Param(1), v, dst, masked.then_some(Value::Param(2)))
        } else {
            let z = b.inst(InstKind::Binary { op: if e.is_float() { BinOp::FSub } else { BinOp::Xor }, lhs: v, rhs: Value::Param(3) }, nt);
            b.wr(Value::Param(1), z, Region::contiguous(eb, n, 0), None)
        };
        let f = b.ret(out);
        let args = [arg(at, seed), arg(dt, seed ^ 3), arg(mt, seed ^ 4), arg(nt, seed ^ 5)];
        prop_assume!(d_len >= n);
        legalize_and_compare(&f, p, &args);
    }

    /// Collapsing: rdregion of rdregion reads what the combined region reads.
    #[test]
    fn collapse_rd_of_rd(e in prop::sample::select(ELEMS.to_vec()), osh in shape(),
                         ish in (1u32..=8, 0usize..4, 0i32..=6, 0i32..=3, 0u32..=4), seed in any::<u64>()) {
        let eb = e.bytes();
        let outer_n = 24;
        let divisors: Vec<u32> = (1..=outer_n).filter(|d| outer_n % d == 0).collect();
        let outer = region(eb, (outer_n, divisors[osh.1 as usize % divisors.len()], osh.2, osh.3, osh.4));
        let divisors: Vec<u32> = (1..=ish.0).filter(|d| ish.0 % d == 0).collect();
        let ish = (ish.0, divisors[ish.1 % divisors.len()], ish.2, ish.3, ish.4);
        let mut inner = region(eb, ish);
        // keep the inner read inside the outer result by shrinking its strides if needed
        if ish.4 + reach(&inner) > outer_n {
            inner = region(eb, (ish.0, ish.1, 1, 1, ish.4));
        }
        let osh = (outer_n, 0, 0, 0, osh.4);
        let a_len = osh.4 + reach(&outer);
        let a = arg(Type::Vector(e, a_len), seed);
        if let Some(c) = collapse::combine(&outer, &inner) {
            prop_assert!(c.vstride >= 0 && c.stride >= 0, "negative stride in {:?}", c);
            let mid = interp::read_region(&a, eb, &outer, None).unwrap();
            let two = interp::read_region(&mid, eb, &inner, None).unwrap();
            let one = interp::read_region(&a, eb, &c, None).unwrap();
            prop_assert_eq!(two, one);
            if let Some(cw) = collapse::combine_write(&outer, &inner, Default::default()) {
                let v = arg(Type::Vector(e, inner.num_elems), seed ^ 9);
                let t = vec![Some(1)];
                let mid2 = interp::write_region(&mid, eb, &v, &inner, None, &t).unwrap();
                let two = interp::write_region(&a, eb, &mid2, &outer, None, &t).unwrap();
                let one = interp::write_region(&a, eb, &v, &cw, None, &t).unwrap();
                prop_assert_eq!(two, one);
            }
        }
    }
}
