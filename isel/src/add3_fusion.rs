//! Three-source adds in the emulation sequences: where the platform has vISA `add3` (DG2, PVC),
//! two dword adds of a sequence that chain (`t = x + y`, later `u = t + z`, `t` read nowhere
//! else) become the one step `u = add3(x, y, z)`. The high half of an emulated 64-bit add (both
//! high halves and the low half's carry) and of a 64-bit product (the high product and the two
//! cross products) are such chains: each loses an instruction. [`fuse_add3`] rewrites the plain
//! data of a [`Prog`], so the interpreter `sequences::run` checks the result as it checks every
//! sequence.

use crate::sequences::{DOp, Opd, Out, Prog, Step};

/// The temporaries step `s` writes.
fn written(s: &Step) -> [Option<u8>; 2] {
    match *s {
        Step::Op { dst, .. } | Step::Bfn { dst, .. } | Step::Sel { dst, .. } | Step::Add3 { dst, .. } => {
            [Some(dst), None]
        }
        Step::Addc { dst, carry, .. } | Step::Subb { dst, borrow: carry, .. } => [Some(dst), Some(carry)],
        Step::Cmp { .. } | Step::PLogic { .. } => [None, None],
    }
}

/// The dword operands step `s` reads.
fn read(s: &Step) -> Vec<Opd> {
    match *s {
        Step::Op { a, b, .. } | Step::Addc { a, b, .. } | Step::Subb { a, b, .. } => vec![a, b],
        Step::Cmp { a, b, .. } | Step::Sel { a, b, .. } => vec![a, b],
        Step::Bfn { a, b, c, .. } | Step::Add3 { a, b, c, .. } => vec![a, b, c],
        Step::PLogic { .. } => Vec::new(),
    }
}

/// The operands of the result.
fn out_operands(out: Out) -> Vec<Opd> {
    match out {
        Out::Pair(lo, hi) => vec![lo, hi],
        Out::Word(o) => vec![o],
        Out::Pred(_) => Vec::new(),
    }
}

/// `prog` with each chain of two dword adds whose intermediate nothing else reads made one
/// three-source add ([`Step::Add3`]), and its temporaries renumbered to those still used.
pub(crate) fn fuse_add3(prog: &Prog) -> Prog {
    let mut steps: Vec<Option<Step>> = prog.steps.iter().copied().map(Some).collect();
    let outs = out_operands(prog.out);
    for j in 0..steps.len() {
        let Some(Step::Op { op: DOp::Add, dst: u, a, b }) = steps[j] else { continue };
        for (link, z) in [(a, b), (b, a)] {
            let Opd::T(t) = link else { continue };
            if z == link || z == Opd::T(u) || outs.contains(&link) {
                continue;
            }
            let live = || steps.iter().flatten();
            let writers = live().filter(|s| written(s).contains(&Some(t))).count();
            let reads = live().map(|s| read(s).iter().filter(|&&o| o == link).count()).sum::<usize>();
            if writers != 1 || reads != 1 {
                continue;
            }
            let Some(i) = (0..j).find(|&i| steps[i].is_some_and(|s| written(&s).contains(&Some(t)))) else {
                continue;
            };
            let Some(Step::Op { op: DOp::Add, a: x, b: y, .. }) = steps[i] else { continue };
            // x and y must still hold at step j what they held at step i
            let rewritten = |o: Opd| {
                matches!(o, Opd::T(v) if steps[i + 1..j]
                    .iter()
                    .flatten()
                    .any(|s| written(s).contains(&Some(v))))
            };
            // no source is the destination
            if rewritten(x) || rewritten(y) || x == Opd::T(u) || y == Opd::T(u) {
                continue;
            }
            steps[j] = Some(Step::Add3 { dst: u, a: x, b: y, c: z });
            steps[i] = None;
            break;
        }
    }
    renumber(steps.into_iter().flatten().collect(), prog)
}

/// A program of `steps` (and `prog`'s result and predicates) whose temporaries are numbered
/// from 0 in order of first use, unused ones dropped.
fn renumber(steps: Vec<Step>, prog: &Prog) -> Prog {
    let mut map: Vec<Option<u8>> = vec![None; prog.temps as usize];
    let mut next = 0u8;
    let mut number = |t: u8| -> u8 {
        *map[t as usize].get_or_insert_with(|| {
            next += 1;
            next - 1
        })
    };
    let mut opd = |o: Opd| match o {
        Opd::T(t) => Opd::T(number(t)),
        other => other,
    };
    let mut out_steps = Vec::with_capacity(steps.len());
    for s in steps {
        out_steps.push(match s {
            Step::Op { op, dst, a, b } => {
                let (a, b) = (opd(a), opd(b));
                let Opd::T(dst) = opd(Opd::T(dst)) else { unreachable!() };
                Step::Op { op, dst, a, b }
            }
            Step::Add3 { dst, a, b, c } => {
                let (a, b, c) = (opd(a), opd(b), opd(c));
                let Opd::T(dst) = opd(Opd::T(dst)) else { unreachable!() };
                Step::Add3 { dst, a, b, c }
            }
            Step::Bfn { func, dst, a, b, c } => {
                let (a, b, c) = (opd(a), opd(b), opd(c));
                let Opd::T(dst) = opd(Opd::T(dst)) else { unreachable!() };
                Step::Bfn { func, dst, a, b, c }
            }
            Step::Addc { dst, carry, a, b } => {
                let (a, b) = (opd(a), opd(b));
                let (Opd::T(dst), Opd::T(carry)) = (opd(Opd::T(dst)), opd(Opd::T(carry))) else {
                    unreachable!()
                };
                Step::Addc { dst, carry, a, b }
            }
            Step::Subb { dst, borrow, a, b } => {
                let (a, b) = (opd(a), opd(b));
                let (Opd::T(dst), Opd::T(borrow)) = (opd(Opd::T(dst)), opd(Opd::T(borrow))) else {
                    unreachable!()
                };
                Step::Subb { dst, borrow, a, b }
            }
            Step::Cmp { rel, signed, p, a, b } => Step::Cmp { rel, signed, p, a: opd(a), b: opd(b) },
            Step::Sel { p, dst, a, b } => {
                let (a, b) = (opd(a), opd(b));
                let Opd::T(dst) = opd(Opd::T(dst)) else { unreachable!() };
                Step::Sel { p, dst, a, b }
            }
            s @ Step::PLogic { .. } => s,
        });
    }
    let out = match prog.out {
        Out::Pair(lo, hi) => Out::Pair(opd(lo), opd(hi)),
        Out::Word(o) => Out::Word(opd(o)),
        p @ Out::Pred(_) => p,
    };
    Prog { steps: out_steps, temps: next, preds: prog.preds, out }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequences::{add64_low_const, binary64, run, Op64};
    use proptest::prelude::*;

    fn exact(x: f32) -> f32 {
        1.0 / x
    }

    fn add3_steps(p: &Prog) -> usize {
        p.steps.iter().filter(|s| matches!(s, Step::Add3 { .. })).count()
    }

    #[test]
    fn the_high_halves_of_a_sum_and_a_product_are_one_add3() {
        for op in [Op64::Add, Op64::Mul] {
            let (plain, fused) = (binary64(op), fuse_add3(&binary64(op)));
            assert_eq!(add3_steps(&fused), 1, "{op:?}: {fused:?}");
            assert_eq!(fused.steps.len() + 1, plain.steps.len(), "{op:?}");
            assert_eq!(fused.temps + 1, plain.temps, "{op:?}: the intermediate is gone");
        }
        // nothing to fuse: a subtraction, a constant offset's carry, a bitwise operation
        for p in [binary64(Op64::Sub), add64_low_const(), binary64(Op64::Xor)] {
            assert_eq!(fuse_add3(&p), p);
        }
    }

    #[test]
    fn an_intermediate_read_twice_or_an_operand_rewritten_stays_two_adds() {
        let t = |i| Opd::T(i);
        let base = |steps: Vec<Step>| Prog { steps, temps: 4, preds: 0, out: Out::Pair(t(2), t(3)) };
        // t0 = x + y is read by the second add and by the result's other half
        let shared = Prog {
            out: Out::Pair(t(0), t(1)),
            ..base(vec![
                Step::Op { op: DOp::Add, dst: 0, a: Opd::Lo(0), b: Opd::Lo(1) },
                Step::Op { op: DOp::Add, dst: 1, a: t(0), b: Opd::Hi(0) },
            ])
        };
        assert_eq!(fuse_add3(&shared).steps, shared.steps);
        // t0 = t1 + y, then t1 rewritten, then t3 = t0 + z: t1 is not what the first add read
        let moved = base(vec![
            Step::Op { op: DOp::Xor, dst: 1, a: Opd::Lo(0), b: Opd::Imm(5) },
            Step::Op { op: DOp::Add, dst: 0, a: t(1), b: Opd::Lo(1) },
            Step::Op { op: DOp::Xor, dst: 1, a: Opd::Hi(0), b: Opd::Imm(3) },
            Step::Op { op: DOp::Add, dst: 3, a: t(0), b: t(1) },
            Step::Op { op: DOp::Add, dst: 2, a: t(1), b: t(1) },
        ]);
        assert_eq!(add3_steps(&fuse_add3(&moved)), 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn fused_sequences_compute_what_the_plain_ones_do(a in any::<u64>(), b in any::<u64>()) {
            for op in [Op64::Add, Op64::Sub, Op64::Mul, Op64::UMin, Op64::SMax, Op64::Shl] {
                let p = binary64(op);
                let want = run(&p, &[(a, 64), (b, 64)], false, &exact);
                prop_assert_eq!(run(&fuse_add3(&p), &[(a, 64), (b, 64)], false, &exact), want, "{:?}", op);
            }
        }
    }
}
