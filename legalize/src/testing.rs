//! What an engineer needs to property-test a GenX region legalizer (feature `proptest`).
//!
//! Strategies generate the inputs of a legalizer: element types ([`elem`]), region shapes
//! ([`shape`], turned into a [`Region`] by [`region`]), platforms ([`platform`]), write masks
//! ([`mask`]), variable indices of multi-indirect regions ([`indices`]) and whole bales, an
//! element-wise operation with the regions feeding it and the region taking its result, as a small
//! kernel with its inputs ([`bale`]). The oracle judges a legalizer's output: [`all_legal`] checks
//! every region access against the platform's rules ([`crate::legal::check`]) in its role in the
//! instruction (a read is a source operand, a write a destination), and [`same_semantics`] runs the
//! function before and after through the reference interpreter ([`crate::interp`]) on the same
//! inputs and compares the results. [`crate::plan_region`] (the greedy piece rule) bounds how many
//! pieces a lone region may need.
//!
//! The property tests of this crate (`legalize/tests/props.rs`) use these definitions. The
//! doctest below property-tests genxc's own pass through this module only:
//!
//! ```
//! use genxc_legalize::testing::{all_legal, bale, platform, same_semantics};
//! use proptest::prelude::*;
//! use proptest::test_runner::{Config, TestRunner};
//!
//! let mut runner = TestRunner::new(Config { cases: 16, ..Config::default() });
//! runner
//!     .run(&(bale(), platform()), |(case, p)| {
//!         let mut after = case.function.clone();
//!         genxc_legalize::run(&mut after, p).map_err(|d| TestCaseError::fail(d.to_string()))?;
//!         if let Err(bad) = all_legal(&after, p) {
//!             let lines: Vec<String> = bad.iter().map(|b| b.to_string()).collect();
//!             return Err(TestCaseError::fail(lines.join("\n")));
//!         }
//!         same_semantics(&case.function, &after, &case.inputs).map_err(TestCaseError::fail)?;
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

use crate::interp::{self, Bits};
use crate::legal::{check, Access, Illegal, Role};
use genxc_genx::ir::{BinOp, CastOp, CmpPred, Constant, Terminator};
use genxc_genx::{BlockId, Elem, Function, Inst, InstId, InstKind, Linkage, Platform, Region, Type, Value};
use proptest::prelude::*;
use std::fmt;

/// A small function with one block under construction.
pub struct Builder {
    /// The function.
    pub f: Function,
    /// Its only block.
    pub b: BlockId,
}

impl Builder {
    /// A kernel `t` with these parameter types and return type, and an empty entry block.
    pub fn new(params: Vec<Type>, ret: Type) -> Self {
        let mut f = Function::new("t", Linkage::Kernel, params, ret);
        let b = f.add_block("entry");
        Builder { f, b }
    }

    /// Appends an instruction; gives its value.
    pub fn inst(&mut self, kind: InstKind, ty: Type) -> Value {
        self.f.push_inst(self.b, Inst { kind, ty, name: String::new() })
    }

    /// Appends an `rdregion` of `input`.
    pub fn rd(&mut self, input: Value, region: Region) -> Value {
        let e = self.f.value_type(input).elem().unwrap_or(Elem::I32);
        self.inst(InstKind::RdRegion { input, region }, Type::Vector(e, region.num_elems))
    }

    /// Appends a `wrregion` of `new` into `old`; no mask means all elements (the constant true).
    pub fn wr(&mut self, old: Value, new: Value, region: Region, mask: Option<Value>) -> Value {
        let ty = self.f.value_type(old);
        let mask = mask.unwrap_or_else(|| self.t());
        self.inst(InstKind::WrRegion { old, new, region, mask }, ty)
    }

    /// The `i1` constant true.
    pub fn t(&mut self) -> Value {
        self.f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] })
    }

    /// Ends the block returning `v`; gives the function.
    pub fn ret(mut self, v: Value) -> Function {
        self.f.blocks[self.b].term = Terminator::Ret(Some(v));
        self.f
    }
}

/// The element types regions are generated for.
pub const ELEMS: [Elem; 7] =
    [Elem::I8, Elem::I16, Elem::I32, Elem::I64, Elem::Half, Elem::Float, Elem::Double];

/// Any element type of [`ELEMS`].
pub fn elem() -> impl Strategy<Value = Elem> {
    prop::sample::select(ELEMS.to_vec())
}

/// Any platform genxc targets.
pub fn platform() -> impl Strategy<Value = Platform> {
    prop::sample::select(Platform::ALL.to_vec())
}

/// A region shape: (elements, width, vertical stride, stride, start element).
pub type Shape = (u32, u32, i32, i32, u32);

/// A region shape of 1 to 24 elements whose width divides the element count, vertical stride
/// 0..=12, stride 0..=5 and start element 0..=10.
pub fn shape() -> impl Strategy<Value = Shape> {
    (1u32..=24, 0usize..8, 0i32..=12, 0i32..=5, 0u32..=10).prop_map(|(n, wsel, vs, s, start)| {
        let divisors: Vec<u32> = (1..=n).filter(|d| n.is_multiple_of(*d)).collect();
        (n, divisors[wsel % divisors.len()], vs, s, start)
    })
}

/// The direct region of a shape for elements of `eb` bytes (canonical form).
pub fn region(eb: u32, (n, w, vs, s, start): Shape) -> Region {
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

/// Elements a region reaches past its start (its last element index + 1).
pub fn reach(r: &Region) -> u32 {
    (0..r.num_elems).map(|i| r.elem_index(i)).max().unwrap_or(0) as u32 + 1
}

/// A write mask of `n` elements (each 0 or 1).
pub fn mask(n: u32) -> impl Strategy<Value = Bits> {
    prop::collection::vec(any::<bool>().prop_map(|b| Some(u64::from(b))), n as usize)
}

/// The variable index of a multi-indirect region of `rows` rows of `width` elements of `eb`
/// bytes into a vector of `total` elements: each row's start in bytes, the row inside the vector.
pub fn indices(rows: u32, width: u32, eb: u32, total: u32) -> impl Strategy<Value = Bits> {
    let last = total.saturating_sub(width);
    prop::collection::vec((0..=last).prop_map(move |s| Some(u64::from(s * eb))), rows as usize)
}

/// Deterministic pseudo-random bits for every element of a value of type `ty`.
pub fn arg(ty: Type, seed: u64) -> Bits {
    let Some(e) = ty.elem() else { return Vec::new() };
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

/// A generated kernel and the inputs to run it on.
#[derive(Clone, Debug)]
pub struct Case {
    /// The kernel.
    pub function: Function,
    /// One value per parameter.
    pub inputs: Vec<Bits>,
}

/// A bale: two `rdregion`s of random regions of one vector feeding an element-wise operation
/// (integer or float arithmetic, a division, a compare and select, a conversion and back), whose
/// result is written by a random (optionally masked) `wrregion`, or by a contiguous one after a
/// second operation.
pub fn bale() -> impl Strategy<Value = Case> {
    (elem(), shape(), shape(), shape(), 0u8..6, any::<bool>(), any::<bool>(), any::<u64>())
        .prop_filter("the destination vector holds the execution size", |&(_, sh, _, dsh, ..)| {
            let dst = region(1, fit(sh.0, dsh));
            let dst = Region { vstride: dst.vstride.max(1), ..dst }.canonical();
            dsh.4 + reach(&dst) + 1 >= sh.0
        })
        .prop_map(|(e, sh, sh2, dsh, kind, masked, into_wr, seed)| {
            bale_case(e, sh, sh2, dsh, kind, masked, into_wr, seed)
        })
}

/// A shape with the execution size `n` (keeping its width when that divides `n`).
fn fit(n: u32, s: Shape) -> Shape {
    let w = if n.is_multiple_of(s.1) { s.1 } else { n };
    (n, w, s.2, s.3, s.4)
}

#[allow(clippy::too_many_arguments)]
fn bale_case(
    e: Elem,
    sh: Shape,
    sh2: Shape,
    dsh: Shape,
    kind: u8,
    masked: bool,
    into_wr: bool,
    seed: u64,
) -> Case {
    let eb = e.bytes();
    let n = sh.0;
    let (r1, r2) = (region(eb, sh), region(eb, fit(n, sh2)));
    let rd_dst = region(eb, fit(n, dsh));
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
        let op = if e.is_float() { BinOp::FSub } else { BinOp::Xor };
        let z = b.inst(InstKind::Binary { op, lhs: v, rhs: Value::Param(3) }, nt);
        b.wr(Value::Param(1), z, Region::contiguous(eb, n, 0), None)
    };
    let function = b.ret(out);
    let inputs = vec![arg(at, seed), arg(dt, seed ^ 3), arg(mt, seed ^ 4), arg(nt, seed ^ 5)];
    Case { function, inputs }
}

/// Every region access of a function in layout order, with the instruction making it: an
/// `rdregion` is a source, a `wrregion` a destination; the input size is the vector read or
/// written, the index size the elements of the variable index.
pub fn region_accesses(f: &Function) -> Vec<(InstId, Access)> {
    let mut out = Vec::new();
    let idx = |r: &Region| r.indirect.map_or(0, |i| f.value_type(i).num_elems().max(1));
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let inst = &f.insts[id];
            let access = match &inst.kind {
                InstKind::RdRegion { input, region } => Access {
                    region: *region,
                    role: Role::Source,
                    input_elems: f.value_type(*input).num_elems(),
                    index_elems: idx(region),
                    index_align: crate::legal::IndexAlign::UNKNOWN,
                },
                InstKind::WrRegion { region, .. } => Access {
                    region: *region,
                    role: Role::Destination,
                    input_elems: inst.ty.num_elems(),
                    index_elems: idx(region),
                    index_align: crate::legal::IndexAlign::UNKNOWN,
                },
                _ => continue,
            };
            out.push((id, access));
        }
    }
    out
}

/// A region access that breaks a legality rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalRegion {
    /// The `rdregion` or `wrregion`.
    pub inst: InstId,
    /// The access as checked.
    pub access: Access,
    /// The first rule it breaks.
    pub why: Illegal,
}

impl fmt::Display for IllegalRegion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.access.region;
        let kind = if self.access.role == Role::Source { "read" } else { "write" };
        write!(
            f,
            "illegal {kind} region <{};{},{}> of {} elements at byte {} (instruction {:?}): {}: {}",
            r.vstride,
            r.width,
            r.stride,
            r.num_elems,
            r.offset,
            self.inst,
            self.why.rule().id,
            self.why
        )
    }
}

/// Checks every region access of `f` against the rules of `platform`; gives every illegal one.
pub fn all_legal(f: &Function, platform: Platform) -> Result<(), Vec<IllegalRegion>> {
    let bad: Vec<IllegalRegion> = region_accesses(f)
        .into_iter()
        .filter_map(|(inst, access)| {
            check(&access, platform).err().map(|why| IllegalRegion { inst, access, why })
        })
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad)
    }
}

/// Runs `before` and `after` through the reference interpreter on the same inputs (one value per
/// parameter); an error says which run failed or how the results differ.
pub fn same_semantics(before: &Function, after: &Function, inputs: &[Bits]) -> Result<(), String> {
    let want = interp::run(before, inputs).map_err(|e| format!("the original does not run: {e}"))?;
    let got = interp::run(after, inputs).map_err(|e| format!("the legalized function does not run: {e}"))?;
    if want == got {
        return Ok(());
    }
    let (want, got) = (want.unwrap_or_default(), got.unwrap_or_default());
    if want.len() != got.len() {
        return Err(format!("the results differ in length: {} before, {} after", want.len(), got.len()));
    }
    let i = want.iter().zip(&got).position(|(a, b)| a != b).unwrap_or(0);
    Err(format!("the results differ first at element {i}: {:?} before, {:?} after", want[i], got[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kernel reading 32 x i32 contiguously from a vector of 64 (two GRFs of 32 bytes: illegal
    /// on a part whose GRF is 32 bytes, and legal after the pass).
    fn wide_read() -> (Function, Vec<Bits>) {
        let vt = Type::Vector(Elem::I32, 64);
        let mut b = Builder::new(vec![vt], Type::Vector(Elem::I32, 32));
        let x = b.rd(Value::Param(0), Region::contiguous(4, 32, 0));
        (b.ret(x), vec![arg(vt, 7)])
    }

    #[test]
    fn all_legal_names_the_illegal_region_and_its_rule() {
        let (f, _) = wide_read();
        let p = Platform::ALL
            .iter()
            .copied()
            .find(|p| p.grf_bytes() == 32)
            .expect("a platform with 32-byte GRFs");
        let bad = all_legal(&f, p).expect_err("a 128-byte read spans four 32-byte GRFs");
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].why.rule().id, "grf-span");
        assert!(bad[0].to_string().contains("illegal read region"), "{}", bad[0]);
        let mut g = f.clone();
        crate::run(&mut g, p).unwrap();
        assert_eq!(all_legal(&g, p), Ok(()));
    }

    #[test]
    fn same_semantics_tells_a_different_result() {
        let (f, inputs) = wide_read();
        assert_eq!(same_semantics(&f, &f.clone(), &inputs), Ok(()));
        // the same read one element further
        let vt = Type::Vector(Elem::I32, 64);
        let mut b = Builder::new(vec![vt], Type::Vector(Elem::I32, 32));
        let x = b.rd(Value::Param(0), Region::contiguous(4, 32, 4));
        let g = b.ret(x);
        let e = same_semantics(&f, &g, &inputs).expect_err("shifted by one element");
        assert!(e.contains("differ first at element 0"), "{e}");
        let e = same_semantics(&f, &g, &[]).expect_err("no inputs");
        assert!(e.contains("does not run"), "{e}");
    }
}
