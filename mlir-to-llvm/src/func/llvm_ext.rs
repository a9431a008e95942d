//! LLVM-dialect operations beyond plain instructions: computed gotos (`llvm.blockaddress` of the
//! block an `llvm.blocktag` marks, `llvm.indirectbr`), exception handling (`llvm.landingpad`,
//! `llvm.resume`; `llvm.invoke` is lowered with the calls), variadic arguments (`llvm.va_arg`),
//! `llvm.dso_local_equivalent`, and the modifiers of loads and stores (atomic orderings and sync
//! scopes, alignment, `!invariant.load` / `!invariant.group`).

use super::{FnEmitter, Res};
use crate::module::const_cast;
use crate::types::{quote, LTy};
use foldhash::{HashSet, HashSetExt};
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, Operation, ATOMIC_ORDERINGS};

/// The operations (without `llvm.`) lowered here.
pub(super) const OPS: [&str; 7] =
    ["landingpad", "resume", "blocktag", "blockaddress", "indirectbr", "dso_local_equivalent", "va_arg"];

impl FnEmitter<'_, '_> {
    /// Lowers `llvm.<short>`, one of [`OPS`].
    pub(super) fn llvm_ext(&mut self, op: &Operation, short: &str) -> Res<()> {
        match short {
            "landingpad" => {
                let t = self.result_ty(op, 0)?;
                let mut text = format!("landingpad {t}");
                if op.attr("cleanup").is_some() {
                    text.push_str(" cleanup");
                }
                for (v, vt) in self.operands(op)? {
                    text.push_str(&format!(" catch {vt} {v}"));
                }
                if op.attr("cleanup").is_none() && op.operands.is_empty() {
                    return Err(invalid("an llvm.landingpad needs cleanup or a clause"));
                }
                let r = self.emit(&text);
                self.set(op.results[0], r, t);
            }
            "resume" => {
                let (v, t) = self.get(op.operands[0])?;
                self.inst(&format!("resume {t} {v}"));
            }
            "blocktag" => {}
            "blockaddress" => {
                let tag = op.attr("tag").and_then(Attr::as_int).ok_or("llvm.blockaddress without a tag")?;
                let f = match op.attr("function") {
                    Some(Attr::Symbol(f)) => f.clone(),
                    _ => return Err(invalid("llvm.blockaddress without a function")),
                };
                if f != self.name {
                    return Err(unsupported(format!(
                        "llvm.blockaddress of a block of another function (@{f}) is not modeled"
                    )));
                }
                let label = self.tagged_block(tag)?;
                let t = self.result_ty(op, 0)?;
                let text = format!("blockaddress(@{}, %{label})", quote(&f));
                self.set(op.results[0], const_cast(&text, &LTy::i8ptr(), &t), t);
            }
            "indirectbr" => {
                let (v, t) = self.get(op.operands[0])?;
                let mut seen = HashSet::new();
                for s in &op.successors {
                    if !seen.insert(s.block) && !s.args.is_empty() {
                        return Err(unsupported(
                            "an llvm.indirectbr reaching one block twice with arguments is not modeled",
                        ));
                    }
                }
                let mut labels = Vec::new();
                for s in &op.successors {
                    labels.push(self.edge(s, false)?);
                }
                let list = labels.iter().map(|l| format!("label %{l}")).collect::<Vec<_>>().join(", ");
                self.inst(&format!("indirectbr {t} {v}, [{list}]"));
            }
            "dso_local_equivalent" => {
                let (text, t) = self.m.dso_local_equivalent(op)?;
                self.set(op.results[0], text, t);
            }
            "va_arg" => {
                let (p, pt) = self.get(op.operands[0])?;
                let t = self.result_ty(op, 0)?;
                let r = self.emit(&format!("va_arg {pt} {p}, {t}"));
                self.set(op.results[0], r, t);
            }
            _ => return Err(invalid(format!("llvm.{short} is not lowered here"))),
        }
        Ok(())
    }

    /// The modifiers of an `llvm.load` / `llvm.store`: `atomic ` and `volatile ` (before the type)
    /// and what follows the address: the sync scope and ordering of an atomic access, the
    /// alignment, and the `!invariant.load` / `!invariant.group` metadata.
    pub(super) fn access_modifiers(
        &mut self,
        op: &Operation,
        what: &str,
    ) -> Res<(&'static str, &'static str, String)> {
        let vol = if op.attr("volatile_").is_some() { "volatile " } else { "" };
        let align = op.attr("alignment").and_then(Attr::as_int);
        let ordering = match op.attr("ordering") {
            Some(Attr::Int(k, _)) => *k,
            Some(Attr::Dialect(_, o)) => ATOMIC_ORDERINGS.iter().position(|x| x == o).unwrap_or(0) as i128,
            _ => 0,
        };
        let mut tail = String::new();
        let atomic = if ordering > 0 {
            let name = usize::try_from(ordering)
                .ok()
                .and_then(|k| ATOMIC_ORDERINGS.get(k))
                .filter(|n| !n.is_empty())
                .ok_or_else(|| invalid(format!("atomic ordering {ordering}")))?;
            if align.is_none() {
                return Err(invalid(format!("an atomic llvm.{what} needs an alignment")));
            }
            if let Some(s) = op.attr("syncscope").and_then(Attr::as_str) {
                tail.push_str(&format!(" syncscope(\"{s}\")"));
            }
            tail.push_str(&format!(" {name}"));
            "atomic "
        } else {
            ""
        };
        if let Some(a) = align {
            tail.push_str(&format!(", align {a}"));
        }
        if op.attr("invariant").is_some() && what == "load" {
            let n = self.m.empty_node();
            tail.push_str(&format!(", !invariant.load {n}"));
        }
        if op.attr("invariantGroup").is_some() {
            let n = self.m.empty_node();
            tail.push_str(&format!(", !invariant.group {n}"));
        }
        Ok((atomic, vol, tail))
    }

    /// The label of the block of this function holding `llvm.blocktag <id = tag>`.
    fn tagged_block(&self, tag: i128) -> Res<String> {
        let ir = self.m.ir;
        let mut found = None;
        for (&b, label) in &self.labels {
            let tagged = ir.block(b).ops.iter().any(|&o| {
                let op = ir.op(o);
                op.name == "llvm.blocktag" && op.attr("tag").and_then(Attr::as_int) == Some(tag)
            });
            if tagged {
                if found.is_some() {
                    return Err(invalid(format!("two blocks carry the block tag {tag}")));
                }
                found = Some(label.clone());
            }
        }
        match found {
            Some(l) if l == "entry" => Err(invalid("the entry block cannot have its address taken")),
            Some(l) => Ok(l),
            None => Err(invalid(format!("no block of @{} carries the block tag {tag}", self.name))),
        }
    }
}
