//! The readers of an `i1` result: the instructions of the current function that read it (in
//! layout order, with how many of their operands read it and whether they sit in the block of the
//! result) and whether a branch reads it. Selection asks this for a compare twice, whether it is
//! kept as a dword for its selects ([`crate::predicates`]) and whether it is emitted inverted for
//! them ([`crate::select_polarity`]): the walk of the function is made once, for the first.

use crate::Selector;
use genxc_genx::ir::{inst_index, BlockId, Function, InstId, Value};

/// One instruction reading a result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reader {
    /// The instruction.
    pub inst: InstId,
    /// How many of its operands are the result.
    pub reads: u32,
    /// Whether it is in the block of the result.
    pub same_block: bool,
}

/// The readers of one result of one function, as [`Selector::readers_of`] last found them.
#[derive(Clone, Debug)]
pub(crate) struct Readers {
    /// The function (its index in the unit).
    func: usize,
    /// The result.
    id: InstId,
    /// The instructions reading it, in layout order.
    pub insts: Vec<Reader>,
    /// Whether a branch reads it.
    pub branch: bool,
}

/// The readers of result `id` of `f` (function `func` of the unit), by a walk of the blocks in
/// layout order that stops once it has seen all `uses` reads of the result (its use count, which
/// counts the reads by instructions and branches of the layout the same way). The walk starts at
/// the result's block, where most results are read, and goes on to the end of the layout; only
/// when reads are still missing does it walk the blocks before (a loop's phis, a block placed
/// earlier), whose readers then go first, so the list stays in layout order.
fn walk(f: &Function, func: usize, id: InstId, uses: u32) -> Readers {
    let v = Value::Inst(id);
    let mut insts = Vec::new();
    let mut branch = false;
    let mut seen = 0;
    // the readers in blocks `range` of the layout (`same_block`: the range's first block is the
    // result's)
    let mut scan = |range: &[BlockId], at_def: bool, insts: &mut Vec<Reader>| {
        for (k, &bl) in range.iter().enumerate() {
            if seen >= uses {
                break;
            }
            let block = &f.blocks[bl];
            let same_block = at_def && k == 0;
            for &i in &block.insts {
                let mut reads = 0;
                f.insts[i].kind.for_each_operand(|o| reads += u32::from(o == v));
                if reads > 0 {
                    insts.push(Reader { inst: i, reads, same_block });
                    seen += reads;
                }
            }
            block.term.for_each_operand(|o| {
                if o == v {
                    branch = true;
                    seen += 1;
                }
            });
        }
    };
    match f.layout.iter().position(|&bl| f.blocks[bl].insts.contains(&id)) {
        Some(at) => {
            scan(&f.layout[at..], true, &mut insts);
            let mut before = Vec::new();
            scan(&f.layout[..at], false, &mut before);
            if !before.is_empty() {
                before.append(&mut insts);
                insts = before;
            }
        }
        None => scan(&f.layout, false, &mut insts),
    }
    Readers { func, id, insts, branch }
}

impl Selector<'_> {
    /// The readers of result `id` of the current function (the walk kept for the next question
    /// about the same result).
    pub(crate) fn readers_of(&self, id: InstId) -> Readers {
        let mut last = self.last_readers.borrow_mut();
        // the second question (the last one asked about a compare) takes the walk
        match last.take() {
            Some(r) if r.func == self.cur && r.id == id => r,
            _ => {
                let uses = self.use_counts().get(inst_index(id)).copied().unwrap_or(u32::MAX);
                let r = walk(self.f(), self.cur, id, uses);
                *last = Some(r.clone());
                r
            }
        }
    }
}
