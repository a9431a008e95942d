//! Constant vector operands of dword integer ALU instructions read as words. A dword vector that
//! is not a splat is written by `mov`s of immediates into a temporary; when it is built from
//! packed immediates (`<0,1,...,15>`: two `:uv`), each `mov` into dwords costs the finalizer a
//! second instruction (a packed immediate converts only into a word destination, so it adds a
//! word copy), while into words it is one instruction. An `add`, `mul`, `and`, `or` or `xor` of
//! dwords takes a word source as it is (the hardware sign-extends it to the execution type), so
//! when every element of the constant is a sign-extended word the temporary is made of words and
//! the instruction reads it directly: `<0,...,15> + x` is two `mov`s and one `add`. Integer
//! `mul` of a dword by a word is moreover one instruction where dword by dword is not. A constant
//! that some other use of the function reads as dwords (a message payload, a store, a shift)
//! stays dwords for every use: one temporary serves them all.

use super::{AluDesc, Op, Operand, Selector, R};
use genxc_genx::ir::{Constant, Value};
use genxc_visa::model::{self as m, Src, SrcMod, SrcOp, VisaType};

/// Whether `op` gives the same dword result for a word source as for that word sign-extended to
/// a dword (the operations whose integer result does not depend on the sources' types).
fn takes_word_sources(op: &Op) -> bool {
    matches!(op, Op::Alu(m::AluOp::Add | m::AluOp::Mul | m::AluOp::And | m::AluOp::Or | m::AluOp::Xor))
}

/// Whether operand `o` of `d` may be read as words if it is a constant: a dword operand of a
/// dword operation of [`takes_word_sources`].
fn word_operand(d: &AluDesc, o: &Operand) -> bool {
    takes_word_sources(&d.op)
        && matches!(d.dst_ty, VisaType::D | VisaType::UD)
        && matches!(o.ty, VisaType::D | VisaType::UD)
}

/// The elements of a dword constant as words, when each is the sign extension of its low 16 bits
/// (undefined elements stay undefined). `modified` (a negate or abs source modifier) also refuses
/// -32768, whose negation does not fit a word.
fn word_elements(c: &Constant, modified: bool) -> Option<Vec<Option<u64>>> {
    c.elems
        .iter()
        .map(|e| match *e {
            None => Some(None),
            Some(bits) => {
                let d = bits as u32 as i32;
                let w = i16::try_from(d).ok()?;
                (!modified || w != i16::MIN).then_some(Some(u64::from(w as u16)))
            }
        })
        .collect()
}

impl Selector<'_> {
    /// The source of operand `o` of `d` as a word temporary, when `o` is a dword constant vector
    /// (not a splat) of sign-extended words and `d` is a dword integer operation that reads words
    /// as their dword values; `None` otherwise (the operand is read as its own type). A dword
    /// temporary already holding the constant is read instead (nothing to write).
    pub(super) fn word_constant_src(&mut self, d: &AluDesc, o: &Operand) -> R<Option<SrcOp>> {
        if !word_operand(d, o) {
            return Ok(None);
        }
        let Some(c) = self.f().as_const(o.value).cloned() else { return Ok(None) };
        if c.elems.len() < 2 || self.imm(&c, o.ty)?.is_some() || self.constant_var(&c, o.ty)?.is_some() {
            return Ok(None);
        }
        if self.fx().word_constants.is_none() {
            let found = self.word_only_constants();
            self.funcs[self.cur].word_constants = Some(found);
        }
        if !self.fx().word_constants.as_ref().is_some_and(|w| w.contains(&c.elems)) {
            return Ok(None);
        }
        let Some(words) = word_elements(&c, o.modifier != SrcMod::None) else { return Ok(None) };
        let key = (words, VisaType::W.size());
        let var = match self.constants.get(&key) {
            Some(&var) => self.view(var, VisaType::W)?,
            None => {
                let var = self.materialize_new(&key.0, VisaType::W)?;
                self.constants.insert(key, var);
                var
            }
        };
        Ok(Some(SrcOp::Gen(Src::vec(var, 0))))
    }

    /// The constant vectors (element bits) of the current function that only operands of
    /// [`word_operand`] read: a constant any other operand or terminator reads is left out.
    fn word_only_constants(&self) -> foldhash::HashSet<Vec<Option<u64>>> {
        let f = self.f();
        let vector = |v: Value| f.as_const(v).filter(|c| c.elems.len() > 1 && c.splat_value().is_none());
        let mut words = foldhash::HashSet::default();
        let mut dwords = foldhash::HashSet::default();
        for &b in &f.layout {
            for &id in &f.blocks[b].insts {
                let narrow: Vec<Value> = match self.alu_desc(id) {
                    Ok(Some(d)) => d.srcs.iter().filter(|o| word_operand(&d, o)).map(|o| o.value).collect(),
                    _ => Vec::new(),
                };
                for v in f.insts[id].kind.operands() {
                    if let Some(c) = vector(v) {
                        if narrow.contains(&v) { &mut words } else { &mut dwords }.insert(c.elems.clone());
                    }
                }
            }
            for v in f.blocks[b].term.operands() {
                if let Some(c) = vector(v) {
                    dwords.insert(c.elems.clone());
                }
            }
        }
        words.retain(|e| !dwords.contains(e));
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::{Elem, Type};

    fn dwords(xs: &[Option<i64>]) -> Constant {
        Constant {
            ty: Type::Vector(Elem::I32, xs.len() as u32),
            elems: xs.iter().map(|x| x.map(|x| x as u32 as u64)).collect(),
        }
    }

    #[test]
    fn dwords_of_sign_extended_words_become_words() {
        let c = dwords(&[Some(0), Some(-1), None, Some(32767), Some(-32768)]);
        assert_eq!(
            word_elements(&c, false),
            Some(vec![Some(0), Some(0xffff), None, Some(0x7fff), Some(0x8000)])
        );
        // a negated -32768 would not fit
        assert_eq!(word_elements(&c, true), None);
        assert_eq!(word_elements(&dwords(&[Some(1), Some(32768)]), false), None);
        assert_eq!(word_elements(&dwords(&[Some(1), Some(-32769)]), false), None);
    }

    #[test]
    fn only_type_blind_integer_operations_read_words() {
        for op in [m::AluOp::Add, m::AluOp::Mul, m::AluOp::And, m::AluOp::Or, m::AluOp::Xor] {
            assert!(takes_word_sources(&Op::Alu(op)), "{op:?}");
        }
        for op in [m::AluOp::Shl, m::AluOp::Shr, m::AluOp::Asr, m::AluOp::Mov, m::AluOp::Sel] {
            assert!(!takes_word_sources(&Op::Alu(op)), "{op:?}");
        }
        assert!(!takes_word_sources(&Op::Min) && !takes_word_sources(&Op::Max));
    }
}
