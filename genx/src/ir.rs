//! The GenX IR: one arena-based representation every pass after import works on.
//!
//! A [`Module`] owns its functions in an arena; a [`Function`] owns its instructions, constants and
//! blocks in arenas of its own, so a function can be cloned into a kernel unit and handed to another
//! thread without touching anything else. Values are small copyable ids ([`Value`]). Region access
//! (`rdregion`/`wrregion`) is a first-class instruction with a typed [`Region`], not a raw call.

use crate::intrinsics::IntrinsicId;
use crate::metadata::Kernel;
use crate::region::Region;
use crate::types::{Elem, Type};
use la_arena::{Arena, Idx};

/// Id of a function in its module.
pub type FuncId = Idx<Function>;
/// Id of an instruction in its function.
pub type InstId = Idx<Inst>;
/// Id of a constant in its function.
pub type ConstId = Idx<Constant>;
/// Id of a basic block in its function.
pub type BlockId = Idx<Block>;

/// A whole module after import.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Every defined function (kernels, non-kernel functions and subroutines).
    pub functions: Arena<Function>,
    /// One entry per kernel, in the order of the `genx.kernels` metadata.
    pub kernels: Vec<Kernel>,
    /// Warnings of the import: what it read differently from how the input says (argument
    /// offsets recomputed for the platform).
    pub notes: Vec<genxc_diag::Diagnostic>,
}

impl Module {
    /// Finds a function by name.
    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions.iter().find(|(_, f)| f.name == name).map(|(id, _)| id)
    }
}

/// What a function is to the GenX backend, from its LLVM linkage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Linkage {
    /// `dllexport`: a kernel, an entry point of the program.
    Kernel,
    /// `external`: a non-kernel function, compiled once.
    External,
    /// `internal`: a subroutine, cloned into every kernel that reaches it.
    Internal,
}

/// A function: parameters, blocks in layout order, and the arenas its values live in.
#[derive(Clone, Debug)]
pub struct Function {
    /// Name without the `@`.
    pub name: String,
    /// Kernel, external function or subroutine.
    pub linkage: Linkage,
    /// Parameter types; parameter `i` is `Value::Param(i)`.
    pub params: Vec<Type>,
    /// Parameter names from the input (empty when unnamed).
    pub param_names: Vec<String>,
    /// Result type (`Type::Void` for none).
    pub ret: Type,
    /// Blocks; `layout` gives their order, the first is the entry.
    pub blocks: Arena<Block>,
    /// Block order as in the input.
    pub layout: Vec<BlockId>,
    /// Instructions, referenced from blocks.
    pub insts: Arena<Inst>,
    /// Constants used as operands.
    pub consts: Arena<Constant>,
    /// The source line of the instructions that have one (the input's `!dbg` locations, or the
    /// line of the input's text), for debug information (`-g`); an instruction made by a pass
    /// has none and belongs to the line before it.
    pub lines: foldhash::HashMap<InstId, u32>,
    /// The source file of those lines (empty when unknown).
    pub source_file: String,
}

/// The index of an instruction in its function's arena, for per-instruction tables such as
/// [`Function::use_counts`].
pub fn inst_index(id: InstId) -> usize {
    u32::from(id.into_raw()) as usize
}

impl Function {
    /// Takes instructions `gone` out of every block and makes each use of their results a use of
    /// `with` instead.
    pub fn replace_insts(&mut self, gone: &[InstId], with: Value) {
        let swap = |v: Value| match v {
            Value::Inst(i) if gone.contains(&i) => with,
            v => v,
        };
        for b in self.layout.clone() {
            self.blocks[b].insts.retain(|i| !gone.contains(i));
            self.blocks[b].term.map_operands(swap);
        }
        let ids: Vec<InstId> = self.insts.iter().map(|(id, _)| id).collect();
        for i in ids {
            self.insts[i].kind.map_operands(swap);
        }
    }

    /// How many times each instruction's result is used by the instructions and terminators of
    /// the blocks in the layout, indexed by [`inst_index`].
    pub fn use_counts(&self) -> Vec<u32> {
        let mut uses = vec![0u32; self.insts.len()];
        let mut count = |v: Value| {
            if let Value::Inst(i) = v {
                if let Some(u) = uses.get_mut(inst_index(i)) {
                    *u += 1;
                }
            }
        };
        for &b in &self.layout {
            let block = &self.blocks[b];
            for &i in &block.insts {
                self.insts[i].kind.for_each_operand(&mut count);
            }
            block.term.for_each_operand(&mut count);
        }
        uses
    }

    /// An empty function with no blocks.
    pub fn new(name: impl Into<String>, linkage: Linkage, params: Vec<Type>, ret: Type) -> Self {
        Function {
            name: name.into(),
            linkage,
            param_names: vec![String::new(); params.len()],
            params,
            ret,
            blocks: Arena::new(),
            layout: Vec::new(),
            insts: Arena::new(),
            consts: Arena::new(),
            lines: foldhash::HashMap::default(),
            source_file: String::new(),
        }
    }

    /// The type of any value of this function.
    pub fn value_type(&self, v: Value) -> Type {
        match v {
            Value::Param(i) => self.params.get(i as usize).copied().unwrap_or(Type::Void),
            Value::Inst(i) => self.insts[i].ty,
            Value::Const(c) => self.consts[c].ty,
        }
    }

    /// The constant behind a value, if it is one.
    pub fn as_const(&self, v: Value) -> Option<&Constant> {
        match v {
            Value::Const(c) => Some(&self.consts[c]),
            _ => None,
        }
    }

    /// Adds a constant and returns it as a value.
    pub fn add_const(&mut self, c: Constant) -> Value {
        Value::Const(self.consts.alloc(c))
    }

    /// Adds an empty block at the end of the layout.
    pub fn add_block(&mut self, name: impl Into<String>) -> BlockId {
        let b =
            self.blocks.alloc(Block { name: name.into(), insts: Vec::new(), term: Terminator::Unreachable });
        self.layout.push(b);
        b
    }

    /// Appends an instruction to a block and returns its result value.
    pub fn push_inst(&mut self, block: BlockId, inst: Inst) -> Value {
        let id = self.insts.alloc(inst);
        self.blocks[block].insts.push(id);
        Value::Inst(id)
    }

    /// The entry block, if the function has a body.
    pub fn entry(&self) -> Option<BlockId> {
        self.layout.first().copied()
    }

    /// A printable name of a value for diagnostics (`%x`, `%arg0`, or the instruction's text).
    pub fn value_name(&self, v: Value) -> String {
        match v {
            Value::Param(i) => match self.param_names.get(i as usize) {
                Some(n) if !n.is_empty() => format!("%{n}"),
                _ => format!("%{i}"),
            },
            Value::Inst(i) => {
                let n = &self.insts[i].name;
                if !n.is_empty() {
                    return format!("%{n}");
                }
                match &self.insts[i].kind {
                    InstKind::Intrinsic { id, .. } => self.call_label(i, *id),
                    kind => format!("%<{}>", kind.mnemonic()),
                }
            }
            Value::Const(_) => "constant".to_string(),
        }
    }
}

impl Function {
    /// How a diagnostic names an unnamed call of intrinsic `id`: `call to @callee`, with its place
    /// among the calls of that intrinsic in layout order (`(2 of 3)`) when there are several, so the
    /// driver can find its line in the source.
    fn call_label(&self, inst: InstId, id: IntrinsicId) -> String {
        let callee = id.name();
        let same =
            |&&j: &&InstId| matches!(&self.insts[j].kind, InstKind::Intrinsic { id: k, .. } if *k == id);
        let calls: Vec<InstId> =
            self.layout.iter().flat_map(|&b| self.blocks[b].insts.iter()).filter(same).copied().collect();
        match calls.iter().position(|&j| j == inst) {
            Some(k) if calls.len() > 1 => format!("call to @{callee} ({} of {})", k + 1, calls.len()),
            _ => format!("call to @{callee}"),
        }
    }
}

/// A basic block: straight-line instructions and one terminator.
#[derive(Clone, Debug)]
pub struct Block {
    /// Label from the input (may be empty).
    pub name: String,
    /// Instructions in order; phis come first.
    pub insts: Vec<InstId>,
    /// How the block ends.
    pub term: Terminator,
}

/// An operand: a parameter, an instruction result or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// The function's parameter with this index.
    Param(u32),
    /// The result of an instruction.
    Inst(InstId),
    /// A constant of the function's constant arena.
    Const(ConstId),
}

/// A constant scalar or vector: raw bits per element, `None` for an undefined element.
///
/// Integer bits are zero-extended to 64; floats are their IEEE bit patterns (half: 16 bits).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constant {
    /// The constant's type.
    pub ty: Type,
    /// One entry per element (one for a scalar).
    pub elems: Vec<Option<u64>>,
}

impl Constant {
    /// A fully undefined value of a type.
    pub fn undef(ty: Type) -> Self {
        Constant { ty, elems: vec![None; ty.num_elems() as usize] }
    }

    /// A scalar integer (truncated to the element width).
    pub fn int(elem: Elem, value: i64) -> Self {
        Constant { ty: Type::Scalar(elem), elems: vec![Some(truncate_bits(value as u64, elem))] }
    }

    /// The same bits in every element.
    pub fn splat(ty: Type, bits: u64) -> Self {
        let elem = ty.elem().unwrap_or(Elem::I32);
        Constant { ty, elems: vec![Some(truncate_bits(bits, elem)); ty.num_elems() as usize] }
    }

    /// Whether every element is undefined.
    pub fn is_undef(&self) -> bool {
        self.elems.iter().all(Option::is_none)
    }

    /// The one value all defined elements share, if they share one and at least one is defined.
    pub fn splat_value(&self) -> Option<u64> {
        let mut it = self.elems.iter().flatten();
        let first = *it.next()?;
        it.all(|&b| b == first).then_some(first)
    }

    /// Element `i` sign-extended from its width, if defined.
    pub fn sext(&self, i: usize) -> Option<i64> {
        let bits = (*self.elems.get(i)?)?;
        Some(sign_extend(bits, self.ty.elem()?))
    }
}

/// Reads the low `elem.bits()` bits as a signed number.
pub fn sign_extend(bits: u64, elem: Elem) -> i64 {
    let w = elem.bits();
    if w >= 64 {
        bits as i64
    } else {
        ((bits << (64 - w)) as i64) >> (64 - w)
    }
}

/// Keeps the low `elem.bits()` bits.
pub fn truncate_bits(bits: u64, elem: Elem) -> u64 {
    let w = elem.bits();
    if w >= 64 {
        bits
    } else {
        bits & ((1u64 << w) - 1)
    }
}

/// An instruction: what it does, its result type, and its name in the input.
#[derive(Clone, Debug)]
pub struct Inst {
    /// The operation.
    pub kind: InstKind,
    /// Result type (`Type::Void` if none).
    pub ty: Type,
    /// Name in the input (`x` for `%x`), empty if unnamed.
    pub name: String,
}

/// Two-operand arithmetic and logic, as in LLVM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

/// Conversions, as in LLVM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FPTrunc,
    FPExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    BitCast,
}

/// Comparison predicates (integer and float), as in LLVM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CmpPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
    FFalse,
    FOeq,
    FOgt,
    FOge,
    FOlt,
    FOle,
    FOne,
    FOrd,
    FUno,
    FUeq,
    FUgt,
    FUge,
    FUlt,
    FUle,
    FUne,
    FTrue,
}

/// The operation of an instruction.
#[derive(Clone, Debug)]
pub enum InstKind {
    /// Two-operand arithmetic or logic.
    Binary {
        /// Which operation.
        op: BinOp,
        /// First operand.
        lhs: Value,
        /// Second operand.
        rhs: Value,
    },
    /// Float negation.
    FNeg(Value),
    /// Integer or float comparison giving `i1` (or a vector of `i1`).
    Cmp {
        /// Predicate.
        pred: CmpPred,
        /// First operand.
        lhs: Value,
        /// Second operand.
        rhs: Value,
    },
    /// `cond ? on_true : on_false`, per element when `cond` is a vector.
    Select {
        /// Condition (`i1` or vector of `i1`).
        cond: Value,
        /// Value where the condition holds.
        on_true: Value,
        /// Value where it does not.
        on_false: Value,
    },
    /// Conversion or reinterpretation.
    Cast {
        /// Which conversion.
        op: CastOp,
        /// Operand.
        value: Value,
    },
    /// One element of a vector.
    ExtractElement {
        /// The vector.
        vector: Value,
        /// Element index.
        index: Value,
    },
    /// A vector with one element replaced.
    InsertElement {
        /// The vector.
        vector: Value,
        /// New element.
        elem: Value,
        /// Element index.
        index: Value,
    },
    /// Elements picked from two vectors; `None` mask entries are undefined.
    Shuffle {
        /// First vector.
        a: Value,
        /// Second vector.
        b: Value,
        /// Index into the concatenation of `a` and `b` for each result element.
        mask: Vec<Option<u32>>,
    },
    /// `llvm.genx.rdregion*`: read a region of a vector.
    RdRegion {
        /// The vector read from.
        input: Value,
        /// The region.
        region: Region,
    },
    /// `llvm.genx.wrregion*`: a copy of `old` with `new` written into a region.
    WrRegion {
        /// The vector written into.
        old: Value,
        /// The value written (scalar or vector of the region's size).
        new: Value,
        /// The region.
        region: Region,
        /// `i1 true` for all lanes, or a vector of `i1` as wide as the region.
        mask: Value,
    },
    /// Any other known intrinsic (`llvm.genx.*` or a supported `llvm.*`).
    Intrinsic {
        /// Which intrinsic.
        id: IntrinsicId,
        /// Arguments in order.
        args: Vec<Value>,
    },
    /// A direct call of a function of the module.
    Call {
        /// Callee.
        callee: FuncId,
        /// Arguments in order.
        args: Vec<Value>,
    },
    /// The address of a function of the module (`llvm.genx.gaddr` of a function, vISA `faddr`):
    /// an `i64` that [`InstKind::IndirectCall`] calls. The function is a stack function.
    FuncAddr(FuncId),
    /// The address of a global of the module's data section (a [`crate::data_section::DataGlobal`]
    /// named by its symbol; `llvm.genx.gaddr` of a global variable, vISA `faddr "symbol"`): an
    /// `i64` the loader resolves by relocation.
    GlobalAddr(String),
    /// A call through a function address (vISA `ifcall`): calls the stack function whose address
    /// `addr` (an `i64` from [`InstKind::FuncAddr`]) is, with the stack-call ABI.
    IndirectCall {
        /// The callee's address.
        addr: Value,
        /// Arguments in order.
        args: Vec<Value>,
    },
    /// One field of the struct a SIMD control flow intrinsic (`llvm.genx.simdcf.goto` or
    /// `llvm.genx.simdcf.join`, an `Intrinsic` of type `Void`) returns: the only aggregate read.
    ExtractValue {
        /// The goto or join.
        aggregate: Value,
        /// The field: goto `0` EM, `1` RM, `2` BranchCond; join `0` EM, `1` BranchCond.
        index: u32,
    },
    /// Inline vISA assembly (`call asm`): the template with its operands substituted is written
    /// verbatim into the vISA text. Its result (if not void) is its one output; `args` are the
    /// inputs, in constraint order. Never removed as dead code.
    InlineAsm {
        /// Template and constraints.
        asm: Box<crate::inline_asm::InlineAsm>,
        /// Inputs in order.
        args: Vec<Value>,
    },
    /// SSA merge: one incoming value per predecessor.
    Phi {
        /// `(predecessor, value)` pairs.
        incoming: Vec<(BlockId, Value)>,
    },
}

impl InstKind {
    /// A short name for the operation (for messages).
    pub fn mnemonic(&self) -> &'static str {
        match self {
            InstKind::Binary { .. } => "binary",
            InstKind::FNeg(_) => "fneg",
            InstKind::Cmp { .. } => "cmp",
            InstKind::Select { .. } => "select",
            InstKind::Cast { .. } => "cast",
            InstKind::ExtractElement { .. } => "extractelement",
            InstKind::InsertElement { .. } => "insertelement",
            InstKind::Shuffle { .. } => "shufflevector",
            InstKind::RdRegion { .. } => "rdregion",
            InstKind::WrRegion { .. } => "wrregion",
            InstKind::Intrinsic { .. } => "intrinsic",
            InstKind::Call { .. } => "call",
            InstKind::FuncAddr(_) => "faddr",
            InstKind::GlobalAddr(_) => "global address",
            InstKind::IndirectCall { .. } => "indirect call",
            InstKind::ExtractValue { .. } => "extractvalue",
            InstKind::InlineAsm { .. } => "inline asm",
            InstKind::Phi { .. } => "phi",
        }
    }

    /// Every operand, in order (for phis, the incoming values).
    pub fn operands(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.for_each_operand(|v| out.push(v));
        out
    }

    /// Calls `f` on every operand, in order.
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        match self {
            InstKind::Binary { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs)
            }
            InstKind::FNeg(v)
            | InstKind::Cast { value: v, .. }
            | InstKind::ExtractValue { aggregate: v, .. } => f(*v),
            InstKind::Select { cond, on_true, on_false } => {
                f(*cond);
                f(*on_true);
                f(*on_false)
            }
            InstKind::ExtractElement { vector, index } => {
                f(*vector);
                f(*index)
            }
            InstKind::InsertElement { vector, elem, index } => {
                f(*vector);
                f(*elem);
                f(*index)
            }
            InstKind::Shuffle { a, b, .. } => {
                f(*a);
                f(*b)
            }
            InstKind::RdRegion { input, region } => {
                f(*input);
                if let Some(i) = region.indirect {
                    f(i)
                }
            }
            InstKind::WrRegion { old, new, region, mask } => {
                f(*old);
                f(*new);
                if let Some(i) = region.indirect {
                    f(i)
                }
                f(*mask)
            }
            InstKind::Intrinsic { args, .. }
            | InstKind::Call { args, .. }
            | InstKind::InlineAsm { args, .. } => args.iter().copied().for_each(f),
            InstKind::FuncAddr(_) | InstKind::GlobalAddr(_) => {}
            InstKind::IndirectCall { addr, args } => {
                f(*addr);
                args.iter().copied().for_each(f)
            }
            InstKind::Phi { incoming } => incoming.iter().for_each(|&(_, v)| f(v)),
        }
    }

    /// Rewrites every operand in place.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        let mut g = |v: &mut Value| *v = f(*v);
        match self {
            InstKind::Binary { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
                g(lhs);
                g(rhs)
            }
            InstKind::FNeg(v)
            | InstKind::Cast { value: v, .. }
            | InstKind::ExtractValue { aggregate: v, .. } => g(v),
            InstKind::Select { cond, on_true, on_false } => {
                g(cond);
                g(on_true);
                g(on_false)
            }
            InstKind::ExtractElement { vector, index } => {
                g(vector);
                g(index)
            }
            InstKind::InsertElement { vector, elem, index } => {
                g(vector);
                g(elem);
                g(index)
            }
            InstKind::Shuffle { a, b, .. } => {
                g(a);
                g(b)
            }
            InstKind::RdRegion { input, region } => {
                g(input);
                if let Some(i) = region.indirect.as_mut() {
                    g(i)
                }
            }
            InstKind::WrRegion { old, new, region, mask } => {
                g(old);
                g(new);
                if let Some(i) = region.indirect.as_mut() {
                    g(i)
                }
                g(mask)
            }
            InstKind::Intrinsic { args, .. }
            | InstKind::Call { args, .. }
            | InstKind::InlineAsm { args, .. } => args.iter_mut().for_each(g),
            InstKind::FuncAddr(_) | InstKind::GlobalAddr(_) => {}
            InstKind::IndirectCall { addr, args } => {
                g(addr);
                args.iter_mut().for_each(g)
            }
            InstKind::Phi { incoming } => incoming.iter_mut().for_each(|(_, v)| g(v)),
        }
    }
}

/// How a block ends.
#[derive(Clone, Debug)]
pub enum Terminator {
    /// Unconditional branch.
    Br(BlockId),
    /// Two-way branch on an `i1`.
    CondBr {
        /// Condition.
        cond: Value,
        /// Target when true.
        on_true: BlockId,
        /// Target when false.
        on_false: BlockId,
    },
    /// Multi-way branch on an integer.
    Switch {
        /// Scrutinee.
        value: Value,
        /// Target when no case matches.
        default: BlockId,
        /// `(case value bits, target)`.
        cases: Vec<(u64, BlockId)>,
    },
    /// Return, with a value unless the function returns void.
    Ret(Option<Value>),
    /// Control never gets here.
    Unreachable,
}

impl Terminator {
    /// Successor blocks in order (duplicates kept).
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Br(b) => vec![*b],
            Terminator::CondBr { on_true, on_false, .. } => vec![*on_true, *on_false],
            Terminator::Switch { default, cases, .. } => {
                std::iter::once(*default).chain(cases.iter().map(|c| c.1)).collect()
            }
            Terminator::Ret(_) | Terminator::Unreachable => Vec::new(),
        }
    }

    /// The value operands of the terminator.
    pub fn operands(&self) -> Vec<Value> {
        match self {
            Terminator::CondBr { cond, .. } => vec![*cond],
            Terminator::Switch { value, .. } => vec![*value],
            Terminator::Ret(Some(v)) => vec![*v],
            _ => Vec::new(),
        }
    }

    /// Calls `f` on every value operand ([`Terminator::operands`] without a list).
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        match self {
            Terminator::CondBr { cond: v, .. }
            | Terminator::Switch { value: v, .. }
            | Terminator::Ret(Some(v)) => f(*v),
            _ => {}
        }
    }

    /// Rewrites the value operands in place.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            Terminator::CondBr { cond: v, .. }
            | Terminator::Switch { value: v, .. }
            | Terminator::Ret(Some(v)) => *v = f(*v),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn module_is_send_and_sync() {
        assert_send_sync::<Module>();
        assert_send_sync::<Function>();
    }

    #[test]
    fn constants_know_their_shape() {
        let c = Constant::splat(Type::Vector(Elem::I16, 4), 0x1_ffff);
        assert_eq!(c.elems, vec![Some(0xffff); 4]);
        assert_eq!(c.splat_value(), Some(0xffff));
        assert_eq!(c.sext(0), Some(-1));
        assert!(Constant::undef(Type::Vector(Elem::Float, 2)).is_undef());
        assert_eq!(Constant::int(Elem::I8, -2).elems, vec![Some(0xfe)]);
    }

    #[test]
    fn builds_a_function_and_walks_operands() {
        let mut f = Function::new("k", Linkage::Kernel, vec![Type::Scalar(Elem::I32)], Type::Void);
        let b = f.add_block("entry");
        let one = f.add_const(Constant::int(Elem::I32, 1));
        let x = f.push_inst(
            b,
            Inst {
                kind: InstKind::Binary { op: BinOp::Add, lhs: Value::Param(0), rhs: one },
                ty: Type::Scalar(Elem::I32),
                name: "x".into(),
            },
        );
        f.blocks[b].term = Terminator::Ret(None);
        assert_eq!(f.value_type(x), Type::Scalar(Elem::I32));
        assert_eq!(f.value_name(x), "%x");
        let Value::Inst(id) = x else { unreachable!() };
        assert_eq!(f.insts[id].kind.operands(), vec![Value::Param(0), one]);
        assert_eq!(f.entry(), Some(b));
    }
}
