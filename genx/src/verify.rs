//! The GenX IR verifier: checks that a function, a module or a kernel unit is well formed, so a pass
//! that breaks the IR is caught right after it runs instead of as a wrong kernel much later.
//!
//! What a function must satisfy: every block of the layout exists once and ends in branches to
//! blocks of the layout (never to the entry block); every instruction lies in exactly one block
//! (SSA: one definition per result); every operand is a parameter of the function, one of its
//! constants or the result of one of its instructions, and that definition dominates the use (a
//! phi's incoming value: the end of the incoming block; uses in unreachable blocks are not
//! checked for dominance, as in LLVM); phis start their blocks and name each predecessor (and
//! nothing else); operand and result types follow each [`InstKind`]'s rules, regions included
//! (element size, element count, width dividing it, strides, a constant region inside its vector,
//! an `i16` variable index, a write mask as wide as the region); calls pass their callee's
//! parameter types and return its result type; intrinsic calls pass [`check_intrinsic_call`].
//! Modules and kernel units add the kernel metadata: the kernel's function exists and is a kernel,
//! its arguments match the signature (count, type, kind) and their payload offsets do not overlap.
//!
//! Every problem is an error diagnostic at the function and instruction it concerns, reading
//! `internal error: GenX IR verifier: after <pass>: <what is wrong>`: the input was fine, a pass
//! of genxc was not. [`ON_BY_DEFAULT`] says whether a build runs the verifier after every pass
//! without being asked (`--verify-each` asks for it in any build).

use crate::intrinsics::IntrinsicId;
use crate::ir::{
    inst_index, BinOp, BlockId, CastOp, CmpPred, FuncId, Function, InstId, InstKind, Module, Terminator,
    Value,
};
use crate::metadata::{decode_kind, ArgCategory, Kernel};
use crate::region::Region;
use crate::simdcf::{intrinsic_kind, Kind as SimdCfKind};
use crate::types::{Elem, Type};
use crate::units::KernelUnit;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use genxc_diag::Diagnostic;
use la_arena::Arena;

/// Whether the verifier runs after every pass without `--verify-each`: in debug builds (tests
/// included), not in release builds.
pub const ON_BY_DEFAULT: bool = cfg!(debug_assertions);

/// What a call site may rely on about the function it calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The function's name (for messages).
    pub name: String,
    /// Parameter types.
    pub params: Vec<Type>,
    /// Result type.
    pub ret: Type,
}

/// The functions a verified function may call, by id: those of its module or kernel unit.
#[derive(Clone, Debug, Default)]
pub struct Callees {
    signatures: HashMap<FuncId, Signature>,
}

impl Callees {
    /// The signatures of every function of an arena (a module's or a kernel unit's functions).
    pub fn of(functions: &Arena<Function>) -> Callees {
        let signatures = functions
            .iter()
            .map(|(id, f)| (id, Signature { name: f.name.clone(), params: f.params.clone(), ret: f.ret }))
            .collect();
        Callees { signatures }
    }

    /// No callee at all: every call is an error.
    pub fn none() -> Callees {
        Callees::default()
    }

    /// The signature of function `id`, if it may be called.
    pub fn get(&self, id: FuncId) -> Option<&Signature> {
        self.signatures.get(&id)
    }
}

/// What every verifier diagnostic says: an internal error, the pass after which the IR broke.
fn prefix(pass: &str, msg: impl std::fmt::Display) -> genxc_diag::Failure {
    genxc_diag::internal(format!("GenX IR verifier: after {pass}: {msg}"))
}

/// Checks one function; `callees` are the functions its calls may name, `pass` the pass that
/// just ran (for the message). Returns every problem found.
pub fn verify_function(f: &Function, callees: &Callees, pass: &str) -> Result<(), Vec<Diagnostic>> {
    let errors = FunctionChecker::new(f, callees).run();
    if errors.is_empty() {
        return Ok(());
    }
    Err(errors
        .into_iter()
        .map(|(inst, msg)| Diagnostic::in_function(f.name.clone(), inst, prefix(pass, msg)))
        .collect())
}

/// Every function of an arena checked against the arena's signatures, and their names unique.
fn verify_functions(functions: &Arena<Function>, pass: &str) -> Vec<Diagnostic> {
    let callees = Callees::of(functions);
    let mut diags = Vec::new();
    // Declarations of stack functions (no body) only give their signatures.
    for (_, f) in functions.iter().filter(|(_, f)| !crate::units::is_declaration(f)) {
        if let Err(d) = verify_function(f, &callees, pass) {
            diags.extend(d);
        }
    }
    diags.extend(unique_names(functions, pass));
    diags
}

/// Checks every function of a module and its kernel metadata.
pub fn verify_module(m: &Module, pass: &str) -> Result<(), Vec<Diagnostic>> {
    let mut diags = verify_functions(&m.functions, pass);
    let mut funcs = HashSet::new();
    let mut names = HashSet::new();
    for k in &m.kernels {
        diags.extend(kernel_problems(k, &m.functions).into_iter().map(|msg| kernel_error(k, pass, msg)));
        if !funcs.insert(k.func) {
            diags.push(kernel_error(k, pass, "its function has another kernel entry".into()));
        }
        if !names.insert(k.name.as_str()) {
            diags.push(kernel_error(k, pass, "another kernel has the same name".into()));
        }
    }
    for (id, f) in m.functions.iter() {
        if f.linkage == crate::ir::Linkage::Kernel && !funcs.contains(&id) {
            diags.push(Diagnostic::in_function(
                f.name.clone(),
                None,
                prefix(pass, "a dllexport kernel without kernel metadata"),
            ));
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// Checks a kernel unit: every function (calls may only name functions of the unit), the kernel
/// metadata against the entry function, and that the other functions are subroutines.
pub fn verify_unit(u: &KernelUnit, pass: &str) -> Result<(), Vec<Diagnostic>> {
    let mut diags = verify_functions(&u.functions, pass);
    if u.kernel.func != u.entry {
        diags.push(kernel_error(&u.kernel, pass, "the metadata's function is not the unit's entry".into()));
    }
    if u.role == crate::units::UnitRole::Kernel {
        diags.extend(
            kernel_problems(&u.kernel, &u.functions).into_iter().map(|m| kernel_error(&u.kernel, pass, m)),
        );
    }
    for (id, f) in u.functions.iter() {
        if id != u.entry && f.linkage != crate::ir::Linkage::Internal && !crate::units::is_declaration(f) {
            diags.push(Diagnostic::in_function(
                f.name.clone(),
                None,
                prefix(
                    pass,
                    format!("a function of the unit of kernel '{}' is not a subroutine", u.kernel.name),
                ),
            ));
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

fn kernel_error(k: &Kernel, pass: &str, msg: String) -> Diagnostic {
    Diagnostic::error(prefix(pass, format!("kernel '{}': {msg}", k.name)))
}

fn unique_names(functions: &Arena<Function>, pass: &str) -> Vec<Diagnostic> {
    let mut seen = HashSet::new();
    functions
        .iter()
        .filter(|(_, f)| !crate::units::is_declaration(f))
        .filter(|(_, f)| !seen.insert(f.name.as_str()))
        .map(|(_, f)| {
            Diagnostic::in_function(f.name.clone(), None, prefix(pass, "two functions have this name"))
        })
        .collect()
}

/// What is wrong with a kernel's metadata against the functions it names.
fn kernel_problems(k: &Kernel, functions: &Arena<Function>) -> Vec<String> {
    let mut out = Vec::new();
    let Some((_, f)) = functions.iter().find(|(id, _)| *id == k.func) else {
        return vec!["its function is not defined".into()];
    };
    if f.linkage != crate::ir::Linkage::Kernel {
        out.push(format!("@{} is not a kernel function", f.name));
    }
    if f.ret != Type::Void {
        out.push(format!("@{} returns {}, a kernel returns void", f.name, f.ret));
    }
    if k.args.len() != f.params.len() {
        out.push(format!(
            "{} arguments described for the {} parameters of @{}",
            k.args.len(),
            f.params.len(),
            f.name
        ));
        return out;
    }
    let mut spans = Vec::new();
    for (i, (a, &ty)) in k.args.iter().zip(&f.params).enumerate() {
        if a.ty != ty {
            out.push(format!("argument {i} is described as {} but parameter {i} is {ty}", a.ty));
        }
        match decode_kind(a.kind_code) {
            Some((category, implicit)) if category == a.category && implicit == a.implicit => {}
            _ => out.push(format!(
                "argument {i}: kind {} does not match its category and implicit kind",
                a.kind_code
            )),
        }
        if a.category != ArgCategory::General && ty != Type::Scalar(Elem::I32) {
            out.push(format!("argument {i} is a {} and must be i32, not {ty}", a.category.name()));
        }
        if let Some(off) = a.offset {
            if a.size == 0 {
                out.push(format!("argument {i} has an offset but no size"));
            }
            spans.push((off, off.saturating_add(a.size), i));
        }
    }
    spans.sort();
    for w in spans.windows(2) {
        if w[1].0 < w[0].1 {
            out.push(format!("arguments {} and {} overlap in the payload", w[0].2, w[1].2));
        }
    }
    out
}

/// Where an instruction is defined: position of its block in the layout, and its index there.
#[derive(Clone, Copy, Debug)]
struct Site {
    block: usize,
    index: usize,
}

/// A problem: the instruction it concerns (as a diagnostic names it), and what is wrong.
type Problem = (Option<String>, String);

struct FunctionChecker<'a> {
    f: &'a Function,
    callees: &'a Callees,
    /// Layout position of each block, by arena index.
    block_pos: Vec<Option<usize>>,
    /// Definition site of each instruction, by arena index.
    sites: Vec<Option<Site>>,
    /// Predecessors of each layout position (unique, in layout order).
    preds: Vec<Vec<usize>>,
    /// Dominator tree numbering (pre, post) of each layout position; `None` when unreachable.
    dom: Vec<Option<(u32, u32)>>,
    errors: Vec<Problem>,
}

impl<'a> FunctionChecker<'a> {
    fn new(f: &'a Function, callees: &'a Callees) -> Self {
        FunctionChecker {
            f,
            callees,
            block_pos: vec![None; f.blocks.len()],
            sites: vec![None; f.insts.len()],
            preds: Vec::new(),
            dom: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn run(mut self) -> Vec<Problem> {
        if self.f.layout.is_empty() {
            return self.errors;
        }
        if !self.structure() {
            return self.errors;
        }
        self.dominators();
        for pos in 0..self.f.layout.len() {
            self.block(pos);
        }
        self.errors
    }

    fn error(&mut self, inst: Option<InstId>, msg: impl Into<String>) {
        let name = inst.map(|i| self.f.value_name(Value::Inst(i)));
        self.errors.push((name, msg.into()));
    }

    /// A block's name for messages.
    fn block_name(&self, pos: usize) -> String {
        let name = &self.f.blocks[self.f.layout[pos]].name;
        if name.is_empty() {
            format!("block {pos} of the layout")
        } else {
            format!("block %{name}")
        }
    }

    fn pos_of(&self, b: BlockId) -> Option<usize> {
        self.block_pos.get(u32::from(b.into_raw()) as usize).copied().flatten()
    }

    /// Blocks, definitions and edges. False when ids are so broken the rest cannot be checked.
    fn structure(&mut self) -> bool {
        let f = self.f;
        for (pos, &b) in f.layout.iter().enumerate() {
            let Some(slot) = self.block_pos.get_mut(u32::from(b.into_raw()) as usize) else {
                self.error(
                    None,
                    format!("the layout names block id {} that does not exist", u32::from(b.into_raw())),
                );
                return false;
            };
            if slot.is_some() {
                self.error(None, format!("block id {} is twice in the layout", u32::from(b.into_raw())));
                return false;
            }
            *slot = Some(pos);
        }
        let mut ok = true;
        for (pos, &b) in f.layout.iter().enumerate() {
            for (index, &i) in f.blocks[b].insts.iter().enumerate() {
                match self.sites.get_mut(inst_index(i)) {
                    None => {
                        self.error(
                            None,
                            format!(
                                "{} holds instruction id {} that does not exist",
                                self.block_name(pos),
                                inst_index(i)
                            ),
                        );
                        ok = false;
                    }
                    Some(Some(_)) => {
                        self.error(
                            Some(i),
                            "the instruction is placed twice (SSA: each result is defined once)",
                        );
                        ok = false;
                    }
                    Some(slot) => *slot = Some(Site { block: pos, index }),
                }
            }
        }
        self.preds = vec![Vec::new(); f.layout.len()];
        for pos in 0..f.layout.len() {
            for t in f.blocks[f.layout[pos]].term.successors() {
                match self.pos_of(t) {
                    None => {
                        let msg = format!(
                            "the terminator of {} branches to a block that is not in the function",
                            self.block_name(pos)
                        );
                        self.error(None, msg);
                        ok = false;
                    }
                    Some(0) => {
                        let msg =
                            format!("the terminator of {} branches to the entry block", self.block_name(pos));
                        self.error(None, msg);
                    }
                    Some(s) => {
                        if !self.preds[s].contains(&pos) {
                            self.preds[s].push(pos);
                        }
                    }
                }
            }
        }
        ok
    }

    /// Immediate dominators (Cooper, Harvey and Kennedy's iteration over reverse postorder), then
    /// a pre/post numbering of the dominator tree for constant-time queries.
    fn dominators(&mut self) {
        let n = self.f.layout.len();
        let succs: Vec<Vec<usize>> = (0..n)
            .map(|p| {
                let mut s: Vec<usize> = self.f.blocks[self.f.layout[p]]
                    .term
                    .successors()
                    .into_iter()
                    .filter_map(|b| self.pos_of(b))
                    .collect();
                s.dedup();
                s
            })
            .collect();
        // postorder by an iterative depth-first search from the entry
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack = vec![(0usize, 0usize)];
        seen[0] = true;
        while let Some((b, k)) = stack.pop() {
            if let Some(&s) = succs[b].get(k) {
                stack.push((b, k + 1));
                if !seen[s] {
                    seen[s] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
            }
        }
        let mut rpo_num = vec![usize::MAX; n];
        for (k, &b) in post.iter().rev().enumerate() {
            rpo_num[b] = k;
        }
        let mut idom = vec![usize::MAX; n];
        idom[0] = 0;
        let intersect = |idom: &[usize], mut a: usize, mut b: usize| {
            while a != b {
                while rpo_num[a] > rpo_num[b] {
                    a = idom[a];
                }
                while rpo_num[b] > rpo_num[a] {
                    b = idom[b];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new = usize::MAX;
                for &p in &self.preds[b] {
                    if idom[p] == usize::MAX {
                        continue;
                    }
                    new = if new == usize::MAX { p } else { intersect(&idom, p, new) };
                }
                if new != idom[b] {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        let mut children = vec![Vec::new(); n];
        for &b in post.iter().rev().skip(1) {
            children[idom[b]].push(b);
        }
        self.dom = vec![None; n];
        let mut pre = vec![0u32; n];
        let mut clock = 0u32;
        let mut stack = vec![(0usize, 0usize)];
        pre[0] = clock;
        while let Some((b, k)) = stack.pop() {
            if let Some(&c) = children[b].get(k) {
                stack.push((b, k + 1));
                clock += 1;
                pre[c] = clock;
                stack.push((c, 0));
            } else {
                clock += 1;
                self.dom[b] = Some((pre[b], clock));
            }
        }
    }

    fn reachable(&self, pos: usize) -> bool {
        self.dom[pos].is_some()
    }

    /// Whether block `a` dominates block `b` (both reachable; a block dominates itself).
    fn dominates(&self, a: usize, b: usize) -> bool {
        match (self.dom[a], self.dom[b]) {
            (Some((pa, qa)), Some((pb, qb))) => pa <= pb && qb <= qa,
            _ => false,
        }
    }

    /// The type of an operand, or why it is not a valid operand. `at` is where it is used: block
    /// position and index (`usize::MAX` for the terminator), or for a phi's incoming value the end
    /// of the incoming block.
    fn operand(&self, v: Value, at: Use) -> Result<Type, String> {
        let f = self.f;
        match v {
            Value::Param(i) => f
                .params
                .get(i as usize)
                .copied()
                .ok_or_else(|| format!("uses parameter {i}, but the function has {}", f.params.len())),
            Value::Const(c) => {
                let i = u32::from(c.into_raw()) as usize;
                if i < f.consts.len() {
                    Ok(f.consts[c].ty)
                } else {
                    Err(format!("uses constant id {i}, which does not exist"))
                }
            }
            Value::Inst(d) => {
                let Some(site) = self.sites.get(inst_index(d)) else {
                    return Err(format!("uses instruction id {}, which does not exist", inst_index(d)));
                };
                // names only for messages: naming an unnamed call scans the function
                let name = || f.value_name(v);
                let Some(site) = *site else {
                    return Err(format!(
                        "uses {}, which is not defined in any block of the function",
                        name()
                    ));
                };
                let (block, index) = match at {
                    Use::At { block, index } => (block, index),
                    Use::EndOf(block) => (block, usize::MAX),
                };
                if self.reachable(block) {
                    let dominated = if site.block == block {
                        site.index < index
                    } else {
                        self.dominates(site.block, block)
                    };
                    if !dominated {
                        let place = match at {
                            Use::EndOf(p) => format!("the end of {}", self.block_name(p)),
                            Use::At { .. } => "its use".into(),
                        };
                        return Err(format!(
                            "uses {}, whose definition in {} does not dominate {place}",
                            name(),
                            self.block_name(site.block)
                        ));
                    }
                }
                Ok(f.insts[d].ty)
            }
        }
    }

    fn block(&mut self, pos: usize) {
        let f = self.f;
        let b = f.layout[pos];
        let mut phis_done = false;
        // operand types, one buffer for the whole block
        let mut types = Vec::new();
        for (index, &i) in f.blocks[b].insts.iter().enumerate() {
            if inst_index(i) >= f.insts.len() {
                continue;
            }
            let inst = &f.insts[i];
            if let InstKind::Phi { incoming } = &inst.kind {
                if phis_done {
                    self.error(Some(i), "a phi after the first other instruction of its block");
                }
                self.phi(i, pos, incoming);
                continue;
            }
            phis_done = true;
            types.clear();
            let at = Use::At { block: pos, index };
            let mut problems = Vec::new();
            inst.kind.for_each_operand(|v| match self.operand(v, at) {
                Ok(t) => types.push(t),
                Err(e) => problems.push(e),
            });
            if !problems.is_empty() {
                for p in problems {
                    self.error(Some(i), p);
                }
                continue;
            }
            if let Err(e) = self.types(i, &types) {
                self.error(Some(i), e);
            }
        }
        self.terminator(pos);
    }

    fn phi(&mut self, i: InstId, pos: usize, incoming: &[(BlockId, Value)]) {
        let ty = self.f.insts[i].ty;
        let mut from: HashMap<usize, Value> = HashMap::new();
        for &(b, v) in incoming {
            let Some(p) = self.pos_of(b) else {
                self.error(Some(i), "an incoming block is not in the function");
                continue;
            };
            if !self.preds[pos].contains(&p) {
                let msg = format!("{} is not a predecessor of {}", self.block_name(p), self.block_name(pos));
                self.error(Some(i), format!("incoming {msg}"));
                continue;
            }
            if let Some(&w) = from.get(&p) {
                if w != v {
                    let msg = format!("two different values come from {}", self.block_name(p));
                    self.error(Some(i), msg);
                }
            }
            from.insert(p, v);
            match self.operand(v, Use::EndOf(p)) {
                Ok(t) if t != ty => {
                    let msg = format!("the value from {} is {t}, the phi is {ty}", self.block_name(p));
                    self.error(Some(i), msg);
                }
                Ok(_) => {}
                Err(e) => self.error(Some(i), e),
            }
        }
        for k in 0..self.preds[pos].len() {
            let p = self.preds[pos][k];
            if !from.contains_key(&p) {
                let msg = format!("no incoming value from the predecessor {}", self.block_name(p));
                self.error(Some(i), msg);
            }
        }
        if ty == Type::Void {
            self.error(Some(i), "a phi of type void");
        }
    }

    fn terminator(&mut self, pos: usize) {
        let f = self.f;
        let term = &f.blocks[f.layout[pos]].term;
        let at = Use::At { block: pos, index: usize::MAX };
        let what = format!("the terminator of {}", self.block_name(pos));
        let check = |this: &mut Self, v: Value, want: &dyn Fn(Type) -> bool, expect: &str| match this
            .operand(v, at)
        {
            Ok(t) if !want(t) => this.error(None, format!("{what} takes {expect}, not {t}")),
            Ok(_) => {}
            Err(e) => this.error(None, format!("{what} {e}")),
        };
        match term {
            Terminator::CondBr { cond, .. } => {
                check(self, *cond, &|t| t == Type::Scalar(Elem::I1), "an i1 condition")
            }
            Terminator::Switch { value, cases, .. } => {
                check(self, *value, &|t| matches!(t, Type::Scalar(e) if e.is_int()), "an integer scalar");
                let mut seen = HashSet::new();
                if cases.iter().any(|(c, _)| !seen.insert(*c)) {
                    self.error(None, format!("{what} has two cases of the same value"));
                }
            }
            Terminator::Ret(Some(v)) => {
                let ret = f.ret;
                check(
                    self,
                    *v,
                    &|t| t == ret && t != Type::Void,
                    &format!("a value of the result type {ret}"),
                );
            }
            Terminator::Ret(None) if f.ret != Type::Void => {
                self.error(None, format!("{what} returns nothing from a function returning {}", f.ret));
            }
            Terminator::Ret(None) | Terminator::Br(_) | Terminator::Unreachable => {}
        }
    }

    /// The type rules of one instruction, given its operand types in operand order.
    fn types(&self, i: InstId, ops: &[Type]) -> Result<(), String> {
        let f = self.f;
        let inst = &f.insts[i];
        let ty = inst.ty;
        let value_result = || {
            if ty == Type::Void {
                Err(format!("a {} of type void", inst.kind.mnemonic()))
            } else {
                Ok(())
            }
        };
        let void_operand = ops.iter().position(|&t| t == Type::Void);
        if void_operand.is_some() && !matches!(inst.kind, InstKind::ExtractValue { .. }) {
            return Err(format!("operand {} has no value (type void)", void_operand.unwrap_or(0)));
        }
        match &inst.kind {
            InstKind::Binary { op, .. } => {
                value_result()?;
                same_types(&[ops[0], ops[1], ty], "operands and result")?;
                let elem = ty.elem().unwrap_or(Elem::I1);
                if is_float_op(*op) != elem.is_float() {
                    let kind = if is_float_op(*op) { "a float" } else { "an integer" };
                    return Err(format!("{op:?} is {kind} operation, applied to {ty}"));
                }
                Ok(())
            }
            InstKind::FNeg(_) => {
                value_result()?;
                same_types(&[ops[0], ty], "operand and result")?;
                float_elem(ty)
            }
            InstKind::Cmp { pred, .. } => {
                same_types(&[ops[0], ops[1]], "operands")?;
                let elem = ops[0].elem().unwrap_or(Elem::I1);
                if is_float_pred(*pred) != elem.is_float() {
                    return Err(format!("the comparison {pred:?} does not apply to {}", ops[0]));
                }
                let want = ops[0].with_elem(Elem::I1);
                if ty != want {
                    return Err(format!("compares {} and gives {ty}; it must give {want}", ops[0]));
                }
                Ok(())
            }
            InstKind::Select { .. } => {
                value_result()?;
                same_types(&[ops[1], ops[2], ty], "the chosen values and result")?;
                match ops[0] {
                    Type::Scalar(Elem::I1) => Ok(()),
                    Type::Vector(Elem::I1, n) if ty.is_vector() && n == ty.num_elems() => Ok(()),
                    c => Err(format!("the condition is {c}; it must be i1 or one i1 per element of {ty}")),
                }
            }
            InstKind::Cast { op, .. } => cast(*op, ops[0], ty),
            InstKind::ExtractElement { .. } => {
                let Type::Vector(e, _) = ops[0] else {
                    return Err(format!("extracts an element of {}, which is not a vector", ops[0]));
                };
                int_scalar(ops[1], "the index")?;
                if ty != Type::Scalar(e) {
                    return Err(format!("extracts {ty} from {}", ops[0]));
                }
                Ok(())
            }
            InstKind::InsertElement { .. } => {
                let Type::Vector(e, _) = ops[0] else {
                    return Err(format!("inserts into {}, which is not a vector", ops[0]));
                };
                same_types(&[ops[0], ty], "vector and result")?;
                if ops[1] != Type::Scalar(e) {
                    return Err(format!("inserts {} into {}", ops[1], ops[0]));
                }
                int_scalar(ops[2], "the index")
            }
            InstKind::Shuffle { mask, .. } => {
                same_types(&[ops[0], ops[1]], "operands")?;
                let n = ops[0].num_elems();
                if ty.elem() != ops[0].elem() || ty.num_elems() as usize != mask.len() {
                    return Err(format!("a mask of {} entries picks {ty} from {}", mask.len(), ops[0]));
                }
                match mask.iter().flatten().find(|&&m| m >= 2 * n) {
                    Some(m) => Err(format!("mask entry {m} is past the {} elements of both operands", 2 * n)),
                    None => Ok(()),
                }
            }
            InstKind::RdRegion { region, .. } => {
                value_result()?;
                let (Some(e), Some(re)) = (ops[0].elem(), ty.elem()) else { unreachable!("void checked") };
                if e != re {
                    return Err(format!("reads {ty} from {}: the element types differ", ops[0]));
                }
                check_region(region, ops[0], ty.num_elems(), ops.get(1).copied())
            }
            InstKind::WrRegion { region, .. } => {
                value_result()?;
                same_types(&[ops[0], ty], "old value and result")?;
                if ops[1].elem() != ty.elem() {
                    return Err(format!("writes {} into {ty}: the element types differ", ops[1]));
                }
                let n = ops[1].num_elems();
                let index = region.indirect.map(|_| ops[2]);
                check_region(region, ty, n, index)?;
                match ops[ops.len() - 1] {
                    Type::Scalar(Elem::I1) => Ok(()),
                    Type::Vector(Elem::I1, m) if m == n => Ok(()),
                    t => Err(format!("the write mask is {t}; it must be i1 or <{n} x i1>")),
                }
            }
            InstKind::Intrinsic { id, args } => {
                let constant: Vec<bool> = args.iter().map(|a| matches!(a, Value::Const(_))).collect();
                check_intrinsic_call(*id, ops, &constant, ty)
            }
            InstKind::Call { callee, .. } => {
                let Some(sig) = self.callees.get(*callee) else {
                    return Err("calls a function that is not in the module or kernel unit".into());
                };
                if sig.params.as_slice() != ops {
                    return Err(format!(
                        "passes ({}) to @{}, which takes ({})",
                        list(ops),
                        sig.name,
                        list(&sig.params)
                    ));
                }
                if sig.ret != ty {
                    return Err(format!("@{} returns {}, the call gives {ty}", sig.name, sig.ret));
                }
                Ok(())
            }
            InstKind::FuncAddr(func) => {
                let Some(sig) = self.callees.get(*func) else {
                    return Err(
                        "takes the address of a function that is not in the module or kernel unit".into()
                    );
                };
                if ty != Type::Scalar(Elem::I64) {
                    return Err(format!("the address of @{} is {ty}; it must be i64", sig.name));
                }
                Ok(())
            }
            InstKind::GlobalAddr(name) => {
                if ty != Type::Scalar(Elem::I64) {
                    return Err(format!("the address of global @{name} is {ty}; it must be i64"));
                }
                Ok(())
            }
            InstKind::InlineAsm { asm, args } => {
                let inputs = asm.constraints.len() - asm.num_outputs();
                if inputs != args.len() {
                    return Err(format!("inline assembly with {inputs} inputs has {} arguments", args.len()));
                }
                let outputs = asm.num_outputs();
                let fields_ok = if outputs > 1 { asm.fields.len() == outputs } else { asm.fields.is_empty() };
                if (outputs == 1) == (inst.ty == Type::Void) || !fields_ok {
                    return Err("inline assembly whose result does not match its outputs".into());
                }
                Ok(())
            }
            InstKind::IndirectCall { .. } => {
                if ops.first() != Some(&Type::Scalar(Elem::I64)) {
                    return Err(format!(
                        "calls through an address of type {}; it must be i64",
                        ops.first().map_or("none".to_string(), |t| t.to_string())
                    ));
                }
                Ok(())
            }
            InstKind::ExtractValue { aggregate, index } => {
                if let Value::Inst(a) = aggregate {
                    if let InstKind::InlineAsm { asm, .. } = &f.insts[*a].kind {
                        return match asm.fields.get(*index as usize) {
                            Some(&t) if t == ty => Ok(()),
                            Some(t) => {
                                Err(format!("inline assembly output {index} of type {t} read as {ty}"))
                            }
                            None => Err(format!("inline assembly output {index} does not exist")),
                        };
                    }
                    if let InstKind::Intrinsic { id, args } = &f.insts[*a].kind {
                        if id.is_carry() {
                            let operand = args.first().map(|&v| f.value_type(v));
                            return match index {
                                0 | 1 if operand == Some(ty) => Ok(()),
                                0 | 1 => Err(format!("field {index} read as {ty}, the operands are not")),
                                _ => Err(format!("field {index} does not exist")),
                            };
                        }
                    }
                }
                let kind = match aggregate {
                    Value::Inst(a) => match &f.insts[*a].kind {
                        InstKind::Intrinsic { id, .. } => intrinsic_kind(*id),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(kind) = kind else {
                    return Err("reads a field of a value that is not a simdcf.goto or simdcf.join".into());
                };
                let field_ok = match (kind, index) {
                    (_, 0) => matches!(ty, Type::Vector(Elem::I1, 32)),
                    (SimdCfKind::Goto, 1) => matches!(ty, Type::Vector(Elem::I1, _)),
                    (SimdCfKind::Goto, 2) | (SimdCfKind::Join, 1) => ty == Type::Scalar(Elem::I1),
                    _ => return Err(format!("field {index} does not exist")),
                };
                if !field_ok {
                    return Err(format!("field {index} read as {ty}"));
                }
                Ok(())
            }
            InstKind::Phi { .. } => Ok(()),
        }
    }
}

/// Where an operand is used.
#[derive(Clone, Copy, Debug)]
enum Use {
    /// By the instruction at this index of the block at this layout position (`usize::MAX`: the
    /// terminator).
    At { block: usize, index: usize },
    /// At the end of the block at this layout position (a phi's incoming value).
    EndOf(usize),
}

fn list(types: &[Type]) -> String {
    types.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")
}

fn same_types(types: &[Type], what: &str) -> Result<(), String> {
    if types.windows(2).all(|w| w[0] == w[1]) {
        Ok(())
    } else {
        Err(format!("the {what} must have one type, found {}", list(types)))
    }
}

fn float_elem(t: Type) -> Result<(), String> {
    if t.elem().is_some_and(Elem::is_float) {
        Ok(())
    } else {
        Err(format!("{t} is not a float type"))
    }
}

fn int_scalar(t: Type, what: &str) -> Result<(), String> {
    match t {
        Type::Scalar(e) if e.is_int() => Ok(()),
        t => Err(format!("{what} is {t}, not an integer scalar")),
    }
}

fn is_float_op(op: BinOp) -> bool {
    matches!(op, BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem)
}

fn is_float_pred(p: CmpPred) -> bool {
    !matches!(
        p,
        CmpPred::Eq
            | CmpPred::Ne
            | CmpPred::Ugt
            | CmpPred::Uge
            | CmpPred::Ult
            | CmpPred::Ule
            | CmpPred::Sgt
            | CmpPred::Sge
            | CmpPred::Slt
            | CmpPred::Sle
    )
}

/// The rules of a conversion from `from` to `to`.
fn cast(op: CastOp, from: Type, to: Type) -> Result<(), String> {
    let (Some(a), Some(b)) = (from.elem(), to.elem()) else {
        return Err(format!("converts {from} to {to}"));
    };
    let int = |e: Elem| e.is_int() || e == Elem::I1;
    if op == CastOp::BitCast {
        return if a.bits() * from.num_elems() == b.bits() * to.num_elems() {
            Ok(())
        } else {
            Err(format!(
                "bitcast of {from} ({} bits) to {to} ({} bits)",
                a.bits() * from.num_elems(),
                b.bits() * to.num_elems()
            ))
        };
    }
    if from.is_vector() != to.is_vector() || from.num_elems() != to.num_elems() {
        return Err(format!("{op:?} of {from} to {to} changes the shape"));
    }
    let ok = match op {
        CastOp::Trunc => int(a) && int(b) && b.bits() < a.bits(),
        CastOp::ZExt | CastOp::SExt => int(a) && int(b) && b.bits() > a.bits(),
        CastOp::FPTrunc => a.is_float() && b.is_float() && b.bits() < a.bits(),
        CastOp::FPExt => a.is_float() && b.is_float() && b.bits() > a.bits(),
        CastOp::FPToUI | CastOp::FPToSI => a.is_float() && int(b),
        CastOp::UIToFP | CastOp::SIToFP => int(a) && b.is_float(),
        CastOp::BitCast => true,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{op:?} does not convert {from} to {to}"))
    }
}

/// Whether `region` reads or writes `n` elements of a value of type `vector` in range; `index` is
/// the type of its variable index, if it has one.
fn check_region(r: &Region, vector: Type, n: u32, index: Option<Type>) -> Result<(), String> {
    let elem = vector.elem().unwrap_or(Elem::I8);
    let shape =
        format!("<{};{},{}> of {} elements at byte {}", r.vstride, r.width, r.stride, r.num_elems, r.offset);
    if r.elem_bytes != elem.bytes() {
        return Err(format!(
            "the region {shape} has {}-byte elements, the vector {vector} has {}",
            r.elem_bytes,
            elem.bytes()
        ));
    }
    if r.num_elems != n || n == 0 {
        return Err(format!("the region {shape} does not have the {n} elements of the value"));
    }
    if r.width == 0 || r.width > n || !n.is_multiple_of(r.width) {
        return Err(format!("the region {shape}: the width must divide the element count"));
    }
    if r.vstride < 0 || r.stride < 0 {
        return Err(format!("the region {shape} has a negative stride"));
    }
    match (r.indirect, index) {
        (None, _) => {
            if r.offset < 0 || !(r.offset as u32).is_multiple_of(r.elem_bytes) {
                return Err(format!(
                    "the region {shape} starts at a byte that is not an element of {vector}"
                ));
            }
            let (lo, hi) = r.byte_span();
            if lo < 0 || hi > i64::from(vector.bytes()) {
                return Err(format!(
                    "the region {shape} covers bytes [{lo}, {hi}) of {vector} ({} bytes)",
                    vector.bytes()
                ));
            }
            Ok(())
        }
        (Some(_), Some(Type::Scalar(Elem::I16))) => Ok(()),
        (Some(_), Some(Type::Vector(Elem::I16, k))) if k == r.rows() || k == n => Ok(()),
        (Some(_), t) => Err(format!(
            "the variable index of the region {shape} is {}; it must be i16 or one i16 per row",
            t.unwrap_or(Type::Void)
        )),
    }
}

/// The operand and result types of a call of intrinsic `id`: `args` are its operand types,
/// `constant` whether each operand is a constant, `result` its result type. Region intrinsics are
/// [`InstKind::RdRegion`] and [`InstKind::WrRegion`], never calls; the SIMD control flow
/// intrinsics return the struct their fields are read from; predicate slices take an `i32` offset
/// within their `i1` vector; every other intrinsic is checked against its signature in the
/// intrinsic table ([`crate::intrinsics::check_call`]).
pub fn check_intrinsic_call(
    id: IntrinsicId,
    args: &[Type],
    constant: &[bool],
    result: Type,
) -> Result<(), String> {
    let name = id.name();
    let arity = |n: usize| {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!("@{name} takes {n} operands, found {}", args.len()))
        }
    };
    if let Some(i) = args.iter().position(|&t| t == Type::Void) {
        return Err(format!("operand {i} of @{name} has no value"));
    }
    if id.is_carry() {
        let n = id.carry_arity();
        arity(n)?;
        if result != Type::Void {
            return Err(format!("@{name} gives a struct (void in the IR), not {result}"));
        }
        if args[0].elem() != Some(Elem::I32) || args[1..].iter().any(|&t| t != args[0]) {
            return Err(format!("@{name} takes {n} operands of one i32 type, not ({})", list(args)));
        }
        return Ok(());
    }
    if let Some(kind) = intrinsic_kind(id) {
        arity(if kind == SimdCfKind::Goto { 3 } else { 2 })?;
        if result != Type::Void {
            return Err(format!("@{name} gives a struct (void in the IR), not {result}"));
        }
        if args[0] != Type::Vector(Elem::I1, 32) || args[1..].iter().any(|t| t.elem() != Some(Elem::I1)) {
            return Err(format!(
                "@{name} takes the <32 x i1> execution mask and i1 masks, not ({})",
                list(args)
            ));
        }
        return Ok(());
    }
    match id {
        IntrinsicId::Rdregioni | IntrinsicId::Rdregionf | IntrinsicId::Wrregioni | IntrinsicId::Wrregionf => {
            Err(format!("@{name} is a region instruction in the GenX IR, not a call"))
        }
        IntrinsicId::Rdpredregion => {
            arity(2)?;
            let ok = matches!(args[0], Type::Vector(Elem::I1, _))
                && args[1] == Type::Scalar(Elem::I32)
                && result.elem() == Some(Elem::I1)
                && result.num_elems() <= args[0].num_elems();
            ok.then_some(()).ok_or_else(|| format!("@{name} reads {result} from ({})", list(args)))
        }
        IntrinsicId::Wrpredregion => {
            arity(3)?;
            let ok = matches!(args[0], Type::Vector(Elem::I1, _))
                && result == args[0]
                && args[1].elem() == Some(Elem::I1)
                && args[1].num_elems() <= args[0].num_elems()
                && args[2] == Type::Scalar(Elem::I32);
            ok.then_some(()).ok_or_else(|| format!("@{name} writes ({}) and gives {result}", list(args)))
        }
        _ => crate::intrinsics::check_call(id, result, args, constant),
    }
}
