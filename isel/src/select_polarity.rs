//! The sense of a compare read only by selects of two immediates. The finalizer encodes at most
//! one immediate in a `sel` (the second source): the first goes into a register by a `mov` of its
//! own, which later `sel`s of the same first immediate read again instead of moving it anew. A
//! compare of integers (or the truncation of an integer to `i1`, a compare with zero) whose
//! readers are all selects of two immediates in its block, each picking its smaller immediate
//! where the compare holds, is emitted as the inverse compare, and its selects swap their
//! sources: every such `sel` then has its larger immediate first, so the selects of one pair of
//! values in either order share that register (Intel's vISA has `(P1) sel 2, 1` and `(P2) sel 2,
//! 1` for a choice of two surfaces made on compares of either sense: one `mov` of 2).

use crate::Selector;
use genxc_genx::ir::{CmpPred, InstId, InstKind, Value};
use genxc_genx::Elem;

/// The integer compare that holds exactly where `p` does not (`None` for float compares).
fn inverse(p: CmpPred) -> Option<CmpPred> {
    use CmpPred::*;
    Some(match p {
        Eq => Ne,
        Ne => Eq,
        Ugt => Ule,
        Ule => Ugt,
        Uge => Ult,
        Ult => Uge,
        Sgt => Sle,
        Sle => Sgt,
        Sge => Slt,
        Slt => Sge,
        _ => return None,
    })
}

impl Selector<'_> {
    /// The immediate value `v` is as a `sel` source: a splat integer constant of at most 32 bits
    /// (sign-extended) or a surface or sampler argument read as its fixed index.
    fn select_immediate(&self, v: Value) -> Option<i64> {
        if let Some(i) = self.argument_index_value(v) {
            return Some(i64::from(i));
        }
        let c = self.f().as_const(v)?;
        let e = c.ty.elem()?;
        if !matches!(e, Elem::I8 | Elem::I16 | Elem::I32) {
            return None;
        }
        c.splat_value()?;
        c.sext(0)
    }

    /// Whether the `i1` result of compare (or truncation) `id` is read only by selects of two
    /// immediates in its block that each pick the smaller one where it holds (see the module
    /// documentation): it is then emitted inverted and its selects swapped.
    fn inverts_for_selects(&self, id: InstId) -> bool {
        let f = self.f();
        let v = Value::Inst(id);
        // (a compare also made on the lanes of its wider selects keeps its sense: those selects
        // read that predicate, made as written, and must not swap their sources)
        if self.fx().bales.is_baled(id) || self.cond_lanes.contains_key(&id) {
            return false;
        }
        // (a compare of predicates is logic, left as it is)
        if let InstKind::Cmp { lhs, .. } = f.insts[id].kind {
            if f.value_type(lhs).elem() == Some(Elem::I1) {
                return false;
            }
        }
        let readers = self.readers_of(id);
        if readers.branch {
            return false;
        }
        let mut selects = 0;
        for r in &readers.insts {
            let i = r.inst;
            let InstKind::Select { cond, on_true, on_false } = f.insts[i].kind else { return false };
            if !r.same_block || r.reads != 1 || cond != v || self.fx().cf.is_mask(Value::Inst(i)) {
                return false;
            }
            match (self.select_immediate(on_true), self.select_immediate(on_false)) {
                (Some(t), Some(e)) if t < e => selects += 1,
                _ => return false,
            }
        }
        selects > 0
    }

    /// The compare to emit for compare `id` of relation `pred`: its inverse when its selects
    /// want it (recorded, so that they swap their sources), `pred` otherwise.
    pub(crate) fn select_polarity(&mut self, id: InstId, pred: CmpPred) -> CmpPred {
        match inverse(pred) {
            Some(q) if self.inverts_for_selects(id) => {
                self.inverted_conds.insert(id);
                q
            }
            _ => pred,
        }
    }

    /// Whether truncation `id` to `i1` is emitted as a compare of the low bit with zero for
    /// equality (its selects want the inverse, recorded) rather than inequality.
    pub(crate) fn trunc_inverted(&mut self, id: InstId) -> bool {
        let inverted = self.inverts_for_selects(id);
        if inverted {
            self.inverted_conds.insert(id);
        }
        inverted
    }

    /// Whether the condition of a select was emitted inverted (its sources are then swapped).
    pub(crate) fn cond_inverted(&self, cond: Value) -> bool {
        matches!(cond, Value::Inst(c) if self.inverted_conds.contains(&c))
    }
}

#[cfg(test)]
mod tests {
    use super::inverse;
    use genxc_genx::ir::CmpPred;

    /// The integer relation `p` of `a` and `b` (dwords; signed relations on their signed view).
    fn holds(p: CmpPred, a: u32, b: u32) -> bool {
        use CmpPred::*;
        let (sa, sb) = (a as i32, b as i32);
        match p {
            Eq => a == b,
            Ne => a != b,
            Ugt => a > b,
            Uge => a >= b,
            Ult => a < b,
            Ule => a <= b,
            Sgt => sa > sb,
            Sge => sa >= sb,
            Slt => sa < sb,
            Sle => sa <= sb,
            _ => unreachable!("not an integer relation"),
        }
    }

    #[test]
    fn inverse_holds_exactly_where_the_relation_does_not() {
        use CmpPred::*;
        let values = [0, 1, 2, 0x7fff_ffff, 0x8000_0000, 0xffff_fffe, 0xffff_ffff];
        for p in [Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle] {
            let q = inverse(p).expect("every integer relation has an inverse");
            assert_eq!(inverse(q), Some(p));
            for a in values {
                for b in values {
                    assert_ne!(holds(p, a, b), holds(q, a, b), "{p:?} and {q:?} of {a:#x}, {b:#x}");
                }
            }
        }
        // float relations are not inverted (their inverse is an unordered compare, a sequence)
        assert_eq!(inverse(FOlt), None);
        assert_eq!(inverse(FUne), None);
    }
}
