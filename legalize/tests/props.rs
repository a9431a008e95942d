//! Property tests over random element types, regions, masks, indices and platforms: after
//! legalization every region is legal, the function computes the same vectors under the
//! interpreter, and a lone region is never cut into more pieces than the spec's greedy rule gives.
//! Cases per property: 2,000 by default, `GENXC_PROPTEST_CASES` raises it.

mod common;
use common::*;
use genxc_genx::ir::Constant;
use genxc_genx::{Elem, Function, Region, Type, Value};
use genxc_legalize::collapse;
use genxc_legalize::interp::{self, Bits};
use genxc_legalize::legal::{Access, Role};
use genxc_legalize::testing::{bale, elem, indices, mask, platform, reach, region, shape};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("GENXC_PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000).max(1)
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: cases(), ..ProptestConfig::default() }
}

fn pieces_of(f: &Function, input: Value) -> usize {
    reads_of(f, input).len()
}

proptest! {
    #![proptest_config(config())]

    /// A lone rdregion, direct or with a scalar variable index (with parent width sometimes).
    #[test]
    fn lone_rdregion(e in elem(), sh in shape(), extra in 0u32..6,
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
        let access = Access { region: r, role: Role::Source, input_elems: total, index_elems: u32::from(indirect), index_align: Default::default() };
        let greedy = genxc_legalize::plan_region(&access, p).len();
        prop_assert!(pieces_of(&g, Value::Param(0)) <= greedy);
    }

    /// A multi-indirect rdregion (width-1 rows, or splatted rows with stride 0).
    #[test]
    fn multi_indirect_rdregion(e in elem(), rows in 1u32..=24,
                               width in prop::sample::select(vec![1u32, 2, 4]), p in platform(),
                               starts in indices(24, 1, 1, 40),
                               seed in any::<u64>()) {
        let eb = e.bytes();
        let n = rows * width;
        let total = 40u32;
        let stride = if width == 1 { 1 } else { 0 };
        let r = Region { elem_bytes: eb, num_elems: n, vstride: 0, width, stride, offset: 0,
                         indirect: Some(Value::Param(1)), parent_width: 0 };
        let vt = Type::Vector(e, total);
        let it = Type::Vector(Elem::I16, rows);
        // row starts generated in elements (as bytes of 1-byte elements), in bytes of this type
        let idx: Bits = starts[..rows as usize].iter().map(|x| x.map(|x| x * u64::from(eb))).collect();
        let mut b = Builder::new(vec![vt, it], Type::Vector(e, n));
        let x = b.rd(Value::Param(0), r);
        let f = b.ret(x);
        legalize_and_compare(&f, p, &[arg(vt, seed), idx]);
    }

    /// Regions indexed by constant row starts (regular rows with a random row step, or random
    /// starts), read and written: collapsing them into direct regions keeps the results.
    #[test]
    fn constant_index_regions(e in elem(), rows in 1u32..=8,
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
    fn lone_wrregion(e in elem(), sh in shape(), extra in 0u32..6,
                     masked in any::<bool>(), indirect in any::<bool>(), p in platform(),
                     m in mask(24), seed in any::<u64>()) {
        let eb = e.bytes();
        let mut r = region(eb, sh);
        let total = sh.4 + reach(&r) + extra;
        let (vt, nt, mt) = (Type::Vector(e, total), Type::Vector(e, r.num_elems), Type::Vector(Elem::I1, r.num_elems));
        let mut params = vec![vt, nt, mt];
        let mut args = vec![arg(vt, seed), arg(nt, seed ^ 1), m[..r.num_elems as usize].to_vec()];
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
    fn group(case in bale(), p in platform()) {
        legalize_and_compare(&case.function, p, &case.inputs);
    }

    /// Collapsing: rdregion of rdregion reads what the combined region reads.
    #[test]
    fn collapse_rd_of_rd(e in elem(), osh in shape(),
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
