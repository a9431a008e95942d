//! Register allocation at the vISA level: which values share a vISA variable.
//!
//! Every value that is not baled into its user gets a variable; a parameter gets its input
//! variable. A `wrregion` writes into the variable of its old value when that is safe: the old
//! value is used only by this `wrregion` (so it dies there) and is not a view of another variable
//! (a bitcast alias), otherwise the old value is copied first. A bitcast between types of the same
//! size becomes an alias of its operand's variable, never a copy.
//!
//! Each variable has a register category: `i1` values live in predicate variables, everything else
//! in general variables (address variables are made by instruction selection for indirect
//! operands). A phi gets a variable of its own that the predecessors copy into; writing in place
//! is limited to an old value defined in the same block, so a loop never overwrites a value that
//! a later iteration reads again. The result is plain data so that a liveness-based coalescer can
//! replace this pass without touching its users.

use genxc_genx::bale::Bales;
use genxc_genx::ir::{CastOp, Function, InstKind, Value};
use genxc_genx::types::{Elem, Type};
use std::collections::HashMap;

/// The register file a variable lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// A general (GRF) variable.
    General,
    /// An address register variable.
    Address,
    /// A predicate (flag) variable: one bit per lane.
    Predicate,
}

/// Index of a variable in [`Assignment::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarIdx(pub u32);

/// A vISA variable to declare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Readable name (from the first value assigned to it).
    pub name: String,
    /// Element type and count.
    pub ty: Type,
    /// A typed view of another variable at a byte offset, instead of storage of its own.
    pub alias_of: Option<(VarIdx, u32)>,
    /// The kernel parameter whose input this variable is.
    pub param: Option<u32>,
    /// Register category.
    pub category: Category,
}

/// What a `wrregion` needs before its write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrRegionPrep {
    /// The result shares the old value's variable: write in place.
    InPlace,
    /// Copy the old value into the result's variable first.
    CopyOld,
    /// The old value is undefined: nothing to copy.
    Undef,
}

/// Variables of one function and which value lives in which.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    /// Variables in creation order.
    pub vars: Vec<Variable>,
    /// The variable of each value that has one.
    pub of_value: HashMap<Value, VarIdx>,
    /// For each `wrregion` result, how it is prepared.
    pub wrregion: HashMap<Value, WrRegionPrep>,
    /// Number of `wrregion`s that write in place.
    pub coalesced: usize,
    /// Number of whole-variable copies inserted.
    pub copies: usize,
}

impl Assignment {
    /// The variable of a value.
    pub fn var(&self, v: Value) -> Option<VarIdx> {
        self.of_value.get(&v).copied()
    }

    fn new_var(
        &mut self,
        name: String,
        ty: Type,
        alias_of: Option<(VarIdx, u32)>,
        param: Option<u32>,
    ) -> VarIdx {
        let category = if ty.elem() == Some(Elem::I1) { Category::Predicate } else { Category::General };
        self.vars.push(Variable { name, ty, alias_of, param, category });
        VarIdx(self.vars.len() as u32 - 1)
    }
}

/// Assigns variables to the values of a function given its bales.
pub fn assign(f: &Function, bales: &Bales) -> Assignment {
    let mut a = Assignment::default();
    let mut block_of = HashMap::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            block_of.insert(id, b);
        }
    }
    let entry = f.layout.first().copied();
    let mut pos = HashMap::new();
    for &b in &f.layout {
        for (i, &id) in f.blocks[b].insts.iter().enumerate() {
            pos.insert(id, i);
        }
    }
    for (i, &ty) in f.params.iter().enumerate() {
        let name =
            f.param_names.get(i).filter(|n| !n.is_empty()).cloned().unwrap_or_else(|| format!("arg{i}"));
        let v = a.new_var(name, ty, None, Some(i as u32));
        a.of_value.insert(Value::Param(i as u32), v);
    }
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let inst = &f.insts[id];
            let val = Value::Inst(id);
            if inst.ty == Type::Void || bales.is_baled(id) {
                continue;
            }
            let name = if inst.name.is_empty() { format!("t{}", a.vars.len()) } else { inst.name.clone() };
            match &inst.kind {
                InstKind::Cast { op: CastOp::BitCast, value }
                    if inst.ty.bytes() == f.value_type(*value).bytes()
                        && inst.ty.elem() != Some(Elem::I1)
                        && f.value_type(*value).elem() != Some(Elem::I1) =>
                {
                    if let Some(src) = a.var(*value) {
                        let v = a.new_var(name, inst.ty, Some((src, 0)), None);
                        a.of_value.insert(val, v);
                        continue;
                    }
                }
                kind if written_old(kind).is_some() => {
                    let old = &written_old(kind).unwrap_or(val);
                    let undef = f.as_const(*old).is_some_and(|c| c.is_undef());
                    let reusable = match a.var(*old) {
                        Some(ov) => {
                            let own_storage = a.vars[ov.0 as usize].alias_of.is_none();
                            let single_use = match old {
                                Value::Inst(d) => {
                                    block_of.get(d) == Some(&b) && dies_here(f, bales, &pos, *old, id, b)
                                }
                                Value::Param(_) => Some(b) == entry && dies_here(f, bales, &pos, *old, id, b),
                                Value::Const(_) => false,
                            };
                            (own_storage && single_use).then_some(ov)
                        }
                        None => None,
                    };
                    if let Some(ov) = reusable {
                        a.of_value.insert(val, ov);
                        a.wrregion.insert(val, WrRegionPrep::InPlace);
                        a.coalesced += 1;
                        continue;
                    }
                    let prep = if undef {
                        WrRegionPrep::Undef
                    } else {
                        a.copies += 1;
                        WrRegionPrep::CopyOld
                    };
                    a.wrregion.insert(val, prep);
                }
                _ => {}
            }
            let v = a.new_var(name, inst.ty, None, None);
            a.of_value.insert(val, v);
        }
    }
    a
}

/// The old value of a region write: a `wrregion`, or a `wrpredregion` (predicate slice write).
pub fn written_old(kind: &InstKind) -> Option<Value> {
    match kind {
        InstKind::WrRegion { old, .. } => Some(*old),
        InstKind::Intrinsic { id, args } if id.short_name() == "wrpredregion" => args.first().copied(),
        _ => None,
    }
}

/// Whether `old` is dead after the region write `w` in block `b`: every other use is an
/// instruction of `b` that is emitted (as the root of its bale) strictly before `w`.
fn dies_here(
    f: &Function,
    bales: &Bales,
    pos: &HashMap<genxc_genx::ir::InstId, usize>,
    old: Value,
    w: genxc_genx::ir::InstId,
    b: genxc_genx::ir::BlockId,
) -> bool {
    let wpos = pos[&w];
    let mut uses_in_w = 0;
    for &bl in &f.layout {
        if f.blocks[bl].term.operands().contains(&old) {
            return false;
        }
        for &i in &f.blocks[bl].insts {
            let n = f.insts[i].kind.operands().iter().filter(|v| **v == old).count();
            if n == 0 {
                continue;
            }
            if i == w {
                uses_in_w += n;
                continue;
            }
            // a phi reads at the end of a predecessor; a bitcast view keeps the storage alive
            if bl != b
                || matches!(
                    f.insts[i].kind,
                    InstKind::Phi { .. } | InstKind::Cast { op: CastOp::BitCast, .. }
                )
            {
                return false;
            }
            // the position where the use is read: the root of its bale
            let mut root = i;
            while let Some(&u) = bales.baled_into.get(&root) {
                root = u;
            }
            if root == w || pos.get(&root).is_none_or(|p| *p >= wpos) {
                return false;
            }
        }
    }
    uses_in_w == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::ir::{Constant, Inst, Linkage, Terminator};
    use genxc_genx::region::Region;
    use genxc_genx::types::Elem;

    fn wr(f: &mut Function, b: genxc_genx::ir::BlockId, old: Value, new: Value, start: u32) -> Value {
        let mask = f.add_const(Constant::int(Elem::I1, 1));
        let ty = f.value_type(old);
        f.push_inst(
            b,
            Inst {
                kind: InstKind::WrRegion { old, new, region: Region::contiguous(4, 1, start), mask },
                ty,
                name: String::new(),
            },
        )
    }

    #[test]
    fn wrregion_chains_write_in_place_unless_the_old_value_lives_on() {
        let v4 = Type::Vector(Elem::I32, 4);
        let mut f = Function::new("k", Linkage::Kernel, vec![Type::Scalar(Elem::I32)], Type::Void);
        let b = f.add_block("entry");
        let undef = f.add_const(Constant::undef(v4));
        let w0 = wr(&mut f, b, undef, Value::Param(0), 0);
        let w1 = wr(&mut f, b, w0, Value::Param(0), 1);
        // w1 is used twice: the first write must copy, the second (its last use) writes in place.
        let w2 = wr(&mut f, b, w1, Value::Param(0), 2);
        let w3 = wr(&mut f, b, w1, Value::Param(0), 3);
        f.blocks[b].term = Terminator::Ret(None);
        let bales = genxc_genx::bale::analyze(&f, |_, _| true, |_| true);
        let a = assign(&f, &bales);
        assert_eq!(a.wrregion[&w0], WrRegionPrep::Undef);
        assert_eq!(a.wrregion[&w1], WrRegionPrep::InPlace);
        assert_eq!(a.var(w0), a.var(w1));
        assert_eq!(a.wrregion[&w2], WrRegionPrep::CopyOld);
        assert_eq!(a.wrregion[&w3], WrRegionPrep::InPlace);
        assert_eq!(a.var(w3), a.var(w1));
        assert_ne!(a.var(w2), a.var(w3));
        assert_eq!((a.coalesced, a.copies), (2, 1));
    }
}
