//! Uniformity analysis of a `gpu.func` kernel under the SIMT mapping (a work-item per SIMD lane):
//! which values vary between the lanes of one hardware thread, and, for varying integers, how
//! they vary when they are an affine function of the lane number.
//!
//! A value varies when it is `gpu.thread_id x`, `gpu.global_id x` or `gpu.lane_id` (the lane is
//! the low part of the x id; y and z ids are the thread's own, the same on every lane), a shuffle
//! result, a load at a varying index or from private memory, the result of an `scf.if` whose
//! condition varies or of an `scf.index_switch` whose index varies, an iteration argument or
//! result of a loop (`scf.for`, `scf.while`) that yields a varying value or whose bounds or
//! condition vary, a result of any region yielding a varying value, or any other operation
//! with a varying operand. `gpu.subgroup_reduce` and constants are uniform. The analysis runs to a
//! fixed point, so loop-carried values are found whatever the order of their definitions.

use foldhash::{HashMap, HashSet};
use genxc_frontend::mlir::{Attr, Ir, OpId, RegionId, Type, ValueDef, ValueId};

/// What the analysis found.
#[derive(Default, Debug)]
pub struct Uniformity {
    /// The values that vary between lanes.
    pub varying: HashSet<ValueId>,
    /// For varying integers that are `uniform + c * lane`: `c`.
    pub lane_coef: HashMap<ValueId, i64>,
}

impl Uniformity {
    /// Whether `v` varies between lanes.
    pub fn varies(&self, v: ValueId) -> bool {
        self.varying.contains(&v)
    }
}

/// The dimension (0 for x, 1 for y, 2 for z) of a `gpu` id or size operation.
pub fn dimension(ir: &Ir, op: OpId) -> Option<usize> {
    match ir.op(op).attr("dimension") {
        Some(Attr::Dialect(_, body)) => match body.trim().trim_start_matches("dim").trim() {
            "x" => Some(0),
            "y" => Some(1),
            "z" => Some(2),
            _ => None,
        },
        Some(a) => a.as_int().map(|v| v as usize),
        None => None,
    }
}

/// The integer value of an `arith.constant` / `index.constant`, if `v` is one.
pub fn const_int(ir: &Ir, v: ValueId) -> Option<i128> {
    let ValueDef::Result(o, 0) = ir.value(v).def else { return None };
    let op = ir.op(o);
    if matches!(op.name.as_str(), "arith.constant" | "index.constant") {
        op.attr("value").and_then(Attr::as_int)
    } else {
        None
    }
}

/// Analyses the body of a kernel.
pub fn analyse(ir: &Ir, body: RegionId) -> Uniformity {
    analyse_seeded(ir, body, &[])
}

/// Analyses a body whose `seeds` (arguments of an inlined device function) vary.
pub fn analyse_seeded(ir: &Ir, body: RegionId, seeds: &[ValueId]) -> Uniformity {
    let mut u = Uniformity::default();
    u.varying.extend(seeds.iter().copied());
    // Values only become varying, and a coefficient is recomputed from its operands' current
    // state on each pass (loop-carried values have none): this reaches a fixed point.
    loop {
        let before = (u.varying.clone(), u.lane_coef.clone());
        walk(ir, body, &mut u);
        if (&u.varying, &u.lane_coef) == (&before.0, &before.1) {
            return u;
        }
    }
}

fn walk(ir: &Ir, region: RegionId, u: &mut Uniformity) {
    for &b in &ir.region(region).blocks {
        for &o in &ir.block(b).ops {
            visit(ir, o, u);
        }
    }
}

/// The value a terminator of `region` yields at position `i`.
fn yielded(ir: &Ir, region: RegionId, i: usize) -> Option<ValueId> {
    let ops = ir.region_ops(region);
    let last = ir.op(*ops.last()?);
    (last.name == "scf.yield").then(|| last.operands.get(i).copied()).flatten()
}

fn mark(u: &mut Uniformity, v: ValueId, coef: Option<i64>) {
    u.varying.insert(v);
    match coef {
        Some(c) => u.lane_coef.insert(v, c),
        None => u.lane_coef.remove(&v),
    };
}

fn visit(ir: &Ir, o: OpId, u: &mut Uniformity) {
    let op = ir.op(o);
    let any = |u: &Uniformity| op.operands.iter().any(|v| u.varies(*v));
    // Malformed operations (the generic form allows any counts) take the generic rule; the
    // emitter refuses them.
    let binary = op.operands.len() == 2 && op.results.len() == 1;
    let unary = op.operands.len() == 1 && op.results.len() == 1;
    let single = op.results.len() == 1;
    match op.name.as_str() {
        "gpu.thread_id" | "gpu.global_id" if single => {
            if dimension(ir, o) == Some(0) {
                mark(u, op.results[0], Some(1));
            }
        }
        "gpu.lane_id" if single => mark(u, op.results[0], Some(1)),
        "gpu.shuffle" => {
            for &r in &op.results {
                mark(u, r, None);
            }
        }
        "gpu.subgroup_reduce" => {}
        // Private memory holds each work-item's own values.
        "memref.load"
            if single
                && op
                    .operands
                    .first()
                    .is_some_and(|m| matches!(ir.ty(*m), Type::MemRef { space: 5, .. })) =>
        {
            mark(u, op.results[0], None)
        }
        // A device function may read the lane's ids: its results are taken as varying.
        "func.call" => {
            for &r in &op.results {
                mark(u, r, None);
            }
        }
        "scf.if" => {
            for &r in &op.regions {
                walk(ir, r, u);
            }
            let cond = any(u);
            for (i, &r) in op.results.iter().enumerate() {
                let from_yield = op.regions.iter().any(|&g| yielded(ir, g, i).is_some_and(|v| u.varies(v)));
                if cond || from_yield {
                    mark(u, r, None);
                }
            }
        }
        "scf.for" => {
            let Some(&body) = op.regions.first() else { return };
            let Some(&entry) = ir.region(body).blocks.first() else { return };
            let args = ir.block(entry).args.clone();
            // Bounds that vary give each lane its own trip count: everything the loop carries varies.
            let bounds = op.operands.iter().take(3).any(|v| u.varies(*v));
            for (k, &r) in op.results.iter().enumerate() {
                let init = op.operands.get(3 + k).is_some_and(|v| u.varies(*v));
                let next = yielded(ir, body, k).is_some_and(|v| u.varies(v));
                if init || next || bounds {
                    mark(u, r, None);
                    if let Some(&a) = args.get(k + 1) {
                        mark(u, a, None);
                    }
                }
            }
            if op.operands.iter().take(3).any(|v| u.varies(*v)) {
                if let Some(&iv) = args.first() {
                    mark(u, iv, None);
                }
            }
            walk(ir, body, u);
        }
        "scf.while" => visit_while(ir, op, u),
        "scf.parallel" => visit_parallel(ir, op, u),
        // A switch on a varying index, or a case yielding a varying value, gives varying results.
        "scf.index_switch" | "scf.execute_region" => {
            for &r in &op.regions {
                walk(ir, r, u);
            }
            let index = any(u);
            for (i, &r) in op.results.iter().enumerate() {
                let from_yield = op.regions.iter().any(|&g| yielded(ir, g, i).is_some_and(|v| u.varies(v)));
                if index || from_yield {
                    mark(u, r, None);
                }
            }
        }
        "arith.addi" | "arith.subi" | "index.add" | "index.sub" if binary && any(u) => {
            let c = |u: &Uniformity, v: ValueId| -> Option<i64> {
                if u.varies(v) {
                    u.lane_coef.get(&v).copied()
                } else {
                    Some(0)
                }
            };
            let (a, b) = (c(u, op.operands[0]), c(u, op.operands[1]));
            let sub = op.name.ends_with("sub") || op.name.ends_with("subi");
            let coef = match (a, b) {
                (Some(a), Some(b)) => Some(if sub { a - b } else { a + b }),
                _ => None,
            };
            mark(u, op.results[0], coef.filter(|c| *c != 0));
        }
        "arith.muli" | "index.mul" if binary && any(u) => {
            let (x, y) = (op.operands[0], op.operands[1]);
            let coef = match (u.varies(x), u.varies(y)) {
                (true, false) => const_int(ir, y).and_then(|k| u.lane_coef.get(&x).map(|c| c * k as i64)),
                (false, true) => const_int(ir, x).and_then(|k| u.lane_coef.get(&y).map(|c| c * k as i64)),
                _ => None,
            };
            mark(u, op.results[0], coef.filter(|c| *c != 0));
        }
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui" if unary && any(u) => {
            let coef = u.lane_coef.get(&op.operands[0]).copied();
            mark(u, op.results[0], coef);
        }
        _ => {
            for &r in &op.regions {
                walk(ir, r, u);
            }
            if any(u) {
                for &r in &op.results {
                    mark(u, r, None);
                }
            }
        }
    }
}

/// `scf.while`: the before region's arguments carry the initial values, then what the after
/// region yields; the after region's arguments and the results are what `scf.condition`
/// forwards. A condition that varies gives each lane its own trip count: everything the loop
/// carries varies.
fn visit_while(ir: &Ir, op: &genxc_frontend::mlir::Operation, u: &mut Uniformity) {
    let [before, after] = op.regions[..] else { return };
    let args_of = |r: RegionId| -> Vec<ValueId> {
        ir.region(r).blocks.first().map(|&b| ir.block(b).args.clone()).unwrap_or_default()
    };
    let (before_args, after_args) = (args_of(before), args_of(after));
    let condition = ir
        .region_ops(before)
        .last()
        .map(|&t| ir.op(t))
        .filter(|t| t.name == "scf.condition")
        .map(|t| t.operands.clone())
        .unwrap_or_default();
    let cond_varies = condition.first().is_some_and(|c| u.varies(*c));
    for (k, &a) in before_args.iter().enumerate() {
        let init = op.operands.get(k).is_some_and(|v| u.varies(*v));
        let next = yielded(ir, after, k).is_some_and(|v| u.varies(v));
        if init || next || cond_varies {
            mark(u, a, None);
        }
    }
    for (j, &a) in after_args.iter().enumerate() {
        let fwd = condition.get(j + 1).is_some_and(|v| u.varies(*v));
        if fwd || cond_varies {
            mark(u, a, None);
            if let Some(&r) = op.results.get(j) {
                mark(u, r, None);
            }
        }
    }
    walk(ir, before, u);
    walk(ir, after, u);
}

/// `scf.parallel` (run as sequential loops per work-item): an induction variable varies when
/// the bounds do; a result varies when its initial value, the bounds, the value `scf.reduce`
/// combines or the combination varies, and then so do its reduction region's arguments.
fn visit_parallel(ir: &Ir, op: &genxc_frontend::mlir::Operation, u: &mut Uniformity) {
    let Some(&body) = op.regions.first() else { return };
    let n_bounds = op.operands.len().saturating_sub(op.results.len());
    let bounds = op.operands[..n_bounds].iter().any(|v| u.varies(*v));
    if bounds {
        if let Some(&b) = ir.region(body).blocks.first() {
            for &iv in &ir.block(b).args {
                mark(u, iv, None);
            }
        }
    }
    walk(ir, body, u);
    let Some(reduce) = ir.region_ops(body).last().map(|&t| ir.op(t)).filter(|t| t.name == "scf.reduce")
    else {
        return;
    };
    for (k, &r) in op.results.iter().enumerate() {
        let Some(&region) = reduce.regions.get(k) else { continue };
        let args = ir.region(region).blocks.first().map(|&b| ir.block(b).args.clone()).unwrap_or_default();
        let value = reduce.operands.get(k).is_some_and(|v| u.varies(*v));
        if value {
            if let Some(&a) = args.get(1) {
                mark(u, a, None);
            }
        }
        walk(ir, region, u);
        let combined = ir
            .region_ops(region)
            .last()
            .map(|&t| ir.op(t))
            .and_then(|t| t.operands.first())
            .is_some_and(|v| u.varies(*v));
        let init = op.operands.get(n_bounds + k).is_some_and(|v| u.varies(*v));
        if init || bounds || value || combined {
            mark(u, r, None);
            for &a in &args {
                mark(u, a, None);
            }
        }
    }
}
