//! Register allocation at the vISA level: which values share a vISA variable, and which copies
//! are needed where they cannot.
//!
//! The pass works on plain data in four steps, after IGC's GenX backend
//! (see `docs/genx-coalescing.md` of the project's reference material):
//!
//! 1. [`liveness`]: number the instructions of one function (with a pre-copy slot before every
//!    emitted instruction and a slot per phi on every edge into a block with phis) and compute
//!    each value's live range as sorted segments.
//! 2. Coalescing candidates: a same-size `bitcast` and its operand (merged first, in program
//!    order, even where both are live: they hold the same bits), a two-address instruction (`wrregion`, `wrpredregion`) and its old value,
//!    a phi and each incoming value. The last two are tried in cost order: the bytes a copy would
//!    move (one unit per GRF plus one per power-of-two rest), times 4 per loop level.
//! 3. Two values are merged into one live range when their ranges (with everything already merged
//!    into them) do not overlap and they are in the same register category.
//! 4. Every live range becomes one vISA variable; a member of another type is an alias of it at
//!    offset 0. Where a candidate failed the result lists the copy: the old value of a `wrregion`
//!    is copied into the result's variable right before it ([`WrRegionPrep::CopyOld`]), a phi's
//!    incoming value is copied at the end of the predecessor ([`Assignment::phi_copies`]), a
//!    bitcast that could not alias is a move.
//!
//! Before that, [`forward::forward_region_reads`] lets reads of freshly written parts read the
//! written value (scalar splats need no vector copy), and
//! [`forward::read_past_region_writes`] lets the halves of a split region write read the first
//! half's result instead of the old value (so the old value dies and the chain writes in place).
//!
//! After that, [`placement::place_merged_loads`] lets a load merged into a vector by a
//! `wrregion` of whole registers write straight into that vector's variable, and
//! [`placement::place_region_views`] makes a read of whole registers a view of its input, and
//! [`placement::place_same_bits`] makes a one-element copy (a scalar written whole into a
//! one-element vector, read back out of one, or truncated) a view of its source.
//!
//! Register categories: `i1` values live in predicate variables, indices of indirect regions in
//! address variables (one per indirect access, [`Assignment::address`]), everything else in
//! general variables.
//!
//! Subroutine calls ([`assign_unit`]): the functions of a kernel unit are allocated callees first.
//! A subroutine's parameter variables and its result variable (the *unified return value*: a
//! pseudo-value at every `ret` that each returned value is a candidate for) are *unit variables*:
//! in a caller each is a pseudo-value whose live range is the call of every function that reaches
//! the subroutine (those calls may overwrite it). An argument is a candidate for the parameter's
//! unit variable and a call's result for the result variable, in cost order with the rest; a value
//! can live there when it is not live across any such call and does not interfere with what
//! already lives there. Where it cannot, the call copies ([`Assignment::calls`]). A caller may
//! also put two callees' unit variables in one set (`f(g(x))`: `g`'s result is `f`'s argument)
//! when it is the only caller of both and neither reaches the other ([`Joinable`]): the callee
//! variable becomes a view of the other one, and the result passes on with no copy.

pub mod forward;
pub mod liveness;
pub mod placement;

use foldhash::{HashMap, HashMapExt};
use genxc_genx::bale::Bales;
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{BlockId, CastOp, FuncId, Function, InstId, InstKind, Linkage, Terminator, Value};
use genxc_genx::types::{Elem, Type};
use liveness::{two_address_old, Liveness, ValIdx};

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
    /// The unit variable (of another function of the unit) this variable is, instead of storage
    /// of its own.
    pub unit: Option<UnitVar>,
}

/// A variable of one function of a kernel unit that other functions' values may live in: a
/// subroutine's parameter or result variable (its storage, never an alias or another unit
/// variable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitVar {
    /// Index of the function in the unit (as given to [`assign_unit`]).
    pub func: u32,
    /// The variable in that function's [`Assignment`].
    pub var: VarIdx,
    /// Its type.
    pub ty: Type,
}

/// A call of a subroutine of the unit, as its caller's allocation sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct CallSite {
    /// The unit variable each parameter of the callee lives in (`None` for a predicate).
    params: Vec<Option<UnitVar>>,
    /// The callee's result variable.
    ret: Option<UnitVar>,
    /// The unit variables the call may overwrite: those of the callee and of every function it
    /// reaches.
    clobbers: Vec<UnitVar>,
}

/// The copies a call needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallPrep {
    /// Per argument: copy it into the callee's parameter variable (else it already lives there).
    pub copy_args: Vec<bool>,
    /// Copy the result out of the callee's result variable (else it lives there).
    pub copy_result: bool,
}

/// What a two-address instruction (`wrregion`, `wrpredregion`) needs before its write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrRegionPrep {
    /// The result shares the old value's variable: write in place.
    InPlace,
    /// Copy the old value into the result's variable first.
    CopyOld,
    /// The old value is undefined: nothing to copy.
    Undef,
}

/// A copy at the end of a predecessor (on the edge) into a phi's variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhiCopy {
    /// The phi.
    pub phi: InstId,
    /// The phi's variable.
    pub dst: VarIdx,
    /// The incoming value (a constant is loaded).
    pub src: Value,
}

/// Counts for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Variables with storage of their own (general, predicate and address).
    pub variables: usize,
    /// Alias variables (typed views of another variable).
    pub aliases: usize,
    /// Candidate pairs that now share a variable.
    pub coalesced: usize,
    /// Whole-value copies inserted where coalescing failed, call argument, call result and
    /// return copies included (constants loaded are not counted).
    pub copies: usize,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.variables += o.variables;
        self.aliases += o.aliases;
        self.coalesced += o.coalesced;
        self.copies += o.copies;
    }
}

/// Variables of one function, which value lives in which, and the copies to insert.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    /// Variables in creation order.
    pub vars: Vec<Variable>,
    /// The variable of each parameter that has one.
    of_param: Vec<Option<VarIdx>>,
    /// The variable of each instruction result that has one (by the instruction's arena index).
    of_inst: Vec<Option<VarIdx>>,
    /// For each two-address instruction's result, how it is prepared.
    pub wrregion: HashMap<Value, WrRegionPrep>,
    /// Copies on each edge `(from, to)` into a block with phis, in phi order; copies whose source
    /// already lives in the phi's variable are left out.
    pub phi_copies: HashMap<(BlockId, BlockId), Vec<PhiCopy>>,
    /// The address variable of each region access with a variable index.
    pub address: HashMap<InstId, VarIdx>,
    /// The copies of each call of a subroutine of the unit.
    pub calls: HashMap<InstId, CallPrep>,
    /// The result variable of a subroutine (each `ret` copies into it unless the returned value
    /// lives there: [`Assignment::holds`]).
    pub ret: Option<VarIdx>,
    /// The `wrregion`s whose new value (a load) was placed in the written region of their
    /// variable, and the region reads that are views of their input ([`placement`]): they move
    /// nothing.
    pub placed: placement::Placed,
    /// Counts.
    pub stats: Stats,
    /// Unit variables this function made one storage (see [`Joinable`]): the first of each pair
    /// is to become a view of the second ([`assign_unit`] rewrites the callee's variable).
    joins: Vec<(UnitVar, UnitVar)>,
}

impl Assignment {
    /// The variable of a value.
    pub fn var(&self, v: Value) -> Option<VarIdx> {
        match v {
            Value::Param(p) => self.of_param.get(p as usize).copied().flatten(),
            Value::Inst(i) => self.of_inst.get(u32::from(i.into_raw()) as usize).copied().flatten(),
            Value::Const(_) => None,
        }
    }

    /// The variable that owns the storage of `v` (itself unless it is an alias).
    pub fn storage(&self, v: VarIdx) -> VarIdx {
        let mut v = v;
        while let Some((base, _)) = self.vars[v.0 as usize].alias_of {
            v = base;
        }
        v
    }

    /// Whether two values live in the same storage.
    pub fn same_storage(&self, a: Value, b: Value) -> bool {
        match (self.var(a), self.var(b)) {
            (Some(x), Some(y)) => self.storage(x) == self.storage(y),
            _ => false,
        }
    }

    /// Whether `v` lives in the storage of `var`.
    pub fn holds(&self, var: VarIdx, v: Value) -> bool {
        self.var(v).is_some_and(|x| self.storage(x) == self.storage(var))
    }

    fn push(&mut self, var: Variable) -> VarIdx {
        if var.alias_of.is_some() {
            self.stats.aliases += 1;
        } else if var.unit.is_none() {
            self.stats.variables += 1;
        }
        self.vars.push(var);
        VarIdx(self.vars.len() as u32 - 1)
    }
}

fn category(ty: Type) -> Category {
    if ty.elem() == Some(Elem::I1) {
        Category::Predicate
    } else {
        Category::General
    }
}

/// Estimated cost of a copy of `ty` at loop depth `depth`: moves (one per 32 bytes plus one per
/// power-of-two rest) times 4 per loop level.
pub fn copy_cost(ty: Type, depth: u32) -> u64 {
    let bytes = u64::from(ty.bytes().max(1));
    let moves = bytes / 32 + u64::from((bytes % 32).count_ones());
    moves.saturating_mul(4u64.saturating_pow(depth))
}

/// Live ranges merged by coalescing: a union-find over value indices with the segments of each
/// set at its representative. A set of one value reads its segments from the liveness; a merged
/// set keeps them in a map (start -> end), and sets merge the smaller into the larger, so a
/// function's coalescing costs O(n log n). Indices past the liveness's values are pseudo-values
/// (unit variables, the unified return value): their segments are given, always in the map.
struct Sets<'a> {
    lv: &'a Liveness,
    parent: Vec<ValIdx>,
    merged: Vec<Option<Vec<(u32, u32)>>>,
    cat: Vec<Category>,
    /// The unit variable a set lives in (at its representative).
    unit: Vec<Option<UnitVar>>,
    /// The other unit variables a set holds (at its representative): unit variables that
    /// `joinable` lets share one storage, which the set's values then live in.
    joined: HashMap<ValIdx, Vec<UnitVar>>,
    /// Whether two unit variables of callees may become one storage (see [`Joinable`]).
    joinable: &'a Joinable,
    /// A segment list to build the next union in.
    spare: Vec<(u32, u32)>,
}

/// Whether some segment of `segs` (sorted, disjoint) overlaps `[s, e)`: the last segment
/// starting before `e` is the only one that can reach past `s`.
fn overlaps(segs: &[(u32, u32)], s: u32, e: u32) -> bool {
    let k = segs.partition_point(|x| x.0 < e);
    k > 0 && segs[k - 1].1 > s
}

impl Sets<'_> {
    fn find(&mut self, mut x: ValIdx) -> ValIdx {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }

    /// The segments of set `r` (a representative): sorted, disjoint and not touching.
    fn range(&self, r: ValIdx) -> &[(u32, u32)] {
        match &self.merged[r as usize] {
            Some(m) => m,
            None => self.lv.range(r),
        }
    }

    fn interfere(&self, a: ValIdx, b: ValIdx) -> bool {
        let (ra, rb) = (self.range(a), self.range(b));
        let (small, big) = if ra.len() <= rb.len() { (ra, rb) } else { (rb, ra) };
        small.iter().any(|&(s, e)| overlaps(big, s, e))
    }

    /// Merges the sets of `a` and `b` when they do not interfere (or `force`); whether they are
    /// one set now.
    fn try_merge(&mut self, a: ValIdx, b: ValIdx, force: bool) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return true;
        }
        let (ua, ub) = (self.unit[a as usize], self.unit[b as usize]);
        if !force
            && (self.cat[a as usize] != self.cat[b as usize]
                || ua.is_some() && ub.is_some() && ua != ub && !self.units_joinable(a, b)
                || self.interfere(a, b))
        {
            return false;
        }
        let (big, small) = if self.range(a).len() >= self.range(b).len() { (a, b) } else { (b, a) };
        let (small_segs, big_segs) = (self.merged[small as usize].take(), self.merged[big as usize].take());
        let lv = self.lv;
        // the union goes in the spare list, and the larger list let go becomes the spare one
        // (no allocation per merge once the lists have grown)
        let mut union = std::mem::take(&mut self.spare);
        union.clear();
        union_into(
            &mut union,
            big_segs.as_deref().unwrap_or_else(|| lv.range(big)),
            small_segs.as_deref().unwrap_or_else(|| lv.range(small)),
        );
        self.merged[big as usize] = Some(union);
        self.spare = match (big_segs, small_segs) {
            (Some(x), Some(y)) => std::cmp::max_by_key(y, x, Vec::capacity),
            (Some(x), None) | (None, Some(x)) => x,
            (None, None) => Vec::new(),
        };
        self.parent[small as usize] = big;
        self.unit[big as usize] = ua.or(ub);
        if self.joined.is_empty() && (ua.is_none() || ub.is_none() || ua == ub) {
            // at most one unit variable in the two sets: nothing joined
            return true;
        }
        // the unit variables of both sets past the first, without repeats
        let mut more: Vec<UnitVar> = [a, b]
            .iter()
            .flat_map(|r| self.unit[*r as usize].into_iter().chain(self.joined.remove(r).unwrap_or_default()))
            .collect();
        more.sort_unstable_by_key(|u| (u.func, u.var));
        more.dedup();
        more.retain(|u| Some(*u) != self.unit[big as usize]);
        if !more.is_empty() {
            self.joined.insert(big, more);
        }
        true
    }

    /// The unit variables of set `r` (a representative).
    fn units(&self, r: ValIdx) -> impl Iterator<Item = UnitVar> + '_ {
        self.unit[r as usize].into_iter().chain(self.joined.get(&r).into_iter().flatten().copied())
    }

    /// Whether every unit variable of set `a` may share storage with every one of set `b`.
    fn units_joinable(&self, a: ValIdx, b: ValIdx) -> bool {
        self.units(a).all(|u| self.units(b).all(|w| u == w || self.joinable.pair(u, w)))
    }
}

/// The union of two lists of sorted, disjoint segments, as sorted segments that neither overlap
/// nor touch (touching or overlapping segments become one).
fn union_segments(a: &[(u32, u32)], b: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(a.len() + b.len());
    union_into(&mut out, a, b);
    out
}

/// [`union_segments`] into `out` (empty).
fn union_into(out: &mut Vec<(u32, u32)>, a: &[(u32, u32)], b: &[(u32, u32)]) {
    out.reserve(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let (s, e) = if j == b.len() || i < a.len() && a[i].0 <= b[j].0 {
            i += 1;
            a[i - 1]
        } else {
            j += 1;
            b[j - 1]
        };
        match out.last_mut() {
            Some(last) if last.1 >= s => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
}

/// Assigns variables to the values of a function given its bales.
pub fn assign(f: &Function, bales: &Bales) -> Assignment {
    let lv = liveness::analyze(f, bales);
    assign_with(f, bales, &lv)
}

/// [`assign`] with the liveness already computed.
pub fn assign_with(f: &Function, bales: &Bales, lv: &Liveness) -> Assignment {
    assign_calls(f, lv, &use_counts(f, bales), &[], &Joinable::default())
}

/// The use counts of `f`'s instructions: those its bales were decided with (counted on `f` as it
/// is), or counted again when the bales have none for this function.
fn use_counts<'a>(f: &Function, bales: &'a Bales) -> std::borrow::Cow<'a, [u32]> {
    if bales.uses.len() == f.insts.len() {
        std::borrow::Cow::Borrowed(&bales.uses)
    } else {
        std::borrow::Cow::Owned(f.use_counts())
    }
}

/// Assigns variables to the functions of a kernel unit: `funcs[0]` is the kernel and `callee`
/// gives the index in `funcs` of a called function. Callees are allocated before their callers,
/// so that an argument can live in the callee's parameter variable and a call's result in the
/// callee's result variable (see the module documentation); the assignments come back in the
/// order of `funcs`. The unit must have no recursion (a cycle of calls is not followed).
pub fn assign_unit(
    funcs: &[(&Function, &Bales)],
    callee: impl Fn(FuncId) -> Option<usize>,
) -> Vec<Assignment> {
    let n = funcs.len();
    // the calls of each function (in layout order) and the function each one calls
    // (plain loops: the iterator adapters cost several times the match per instruction)
    let mut calls: Vec<Vec<(InstId, usize)>> = Vec::with_capacity(n);
    for (f, _) in funcs {
        let mut found = Vec::new();
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                if let InstKind::Call { callee: c, .. } = f.insts[i].kind {
                    if let Some(j) = callee(c).filter(|&j| j < n) {
                        found.push((i, j));
                    }
                }
            }
        }
        calls.push(found);
    }
    // post order of the call graph: callees first
    let mut order = Vec::with_capacity(n);
    let mut state = vec![0u8; n]; // 0 unseen, 1 on the stack, 2 done
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        let mut stack = vec![(root, 0usize)];
        while let Some((x, k)) = stack.pop() {
            if let Some(&(_, j)) = calls[x].get(k) {
                stack.push((x, k + 1));
                if state[j] == 0 {
                    state[j] = 1;
                    stack.push((j, 0));
                }
            } else {
                state[x] = 2;
                order.push(x);
            }
        }
    }
    let mut out: Vec<Option<Assignment>> = vec![None; n];
    let mut joinable = Joinable::of_unit(&calls);
    // each allocated function as its callers see a call of it: its parameter and result unit
    // variables, and every unit variable the call may overwrite (its own and its callees')
    let mut site_of: Vec<Option<CallSite>> = vec![None; n];
    for &i in &order {
        let (f, bales) = funcs[i];
        let sites: Vec<(InstId, &CallSite)> =
            calls[i].iter().filter_map(|&(call, j)| Some((call, site_of[j].as_ref()?))).collect();
        let lv = liveness::analyze(f, bales);
        joinable.caller = i;
        let a = assign_calls(f, &lv, &use_counts(f, bales), &sites, &joinable);
        // the callees' unit variables this function made one storage: a view of the first
        for &(u, w) in &a.joins {
            if let Some(callee) = out[u.func as usize].as_mut() {
                callee.vars[u.var.0 as usize].unit = Some(w);
                callee.stats.variables -= 1;
            }
        }
        let unit = |var: Option<VarIdx>| var.and_then(|v| unit_var(&a, i, v));
        let params: Vec<Option<UnitVar>> =
            (0..f.params.len()).map(|p| unit(a.var(Value::Param(p as u32)))).collect();
        let ret = unit(a.ret);
        let mut clobbers: Vec<UnitVar> = params.iter().flatten().copied().chain(ret).collect();
        let mut callees: Vec<usize> = calls[i].iter().map(|&(_, j)| j).collect();
        callees.sort_unstable();
        callees.dedup();
        for site in callees.into_iter().filter_map(|j| site_of[j].as_ref()) {
            clobbers.extend(site.clobbers.iter().copied());
        }
        clobbers.sort_unstable_by_key(|u| (u.func, u.var));
        clobbers.dedup();
        site_of[i] = Some(CallSite { params, ret, clobbers });
        out[i] = Some(a);
    }
    out.into_iter().map(Option::unwrap_or_default).collect()
}

/// Which unit variables of its callees the function being allocated may make one storage, as
/// IGC's GenX backend coalesces a subroutine's unified return value with the next call's argument
/// (`f(g(x))`: `g`'s result variable is `f`'s parameter variable, so no copy passes it on).
///
/// Two unit variables `u` (of function `F`) and `w` (of `G`) may share storage when they have the
/// same type, `F` and `G` are two functions, neither reaches the other (so no body running
/// between a write and a read of one touches the other), and the function being allocated is the
/// only one calling `F` and the only one calling `G`. Then the caller alone keeps values in
/// them, and its coalescing already checks that no value of the shared set is live across a call
/// that overwrites either (every call of `F` or `G` and of what reaches them).
#[derive(Default)]
struct Joinable {
    /// The function being allocated.
    caller: usize,
    /// Per function of the unit: the one function calling it (`None`: none, or several).
    sole_caller: Vec<Option<usize>>,
    /// `reach[f][g]`: function `f` calls `g`, directly or through other functions.
    reach: Vec<Vec<bool>>,
}

impl Joinable {
    /// The call graph facts of a unit, given every function's calls (as `(call, callee)`
    /// pairs); computed once per unit, [`Joinable::caller`] set per function allocated.
    fn of_unit(calls: &[Vec<(InstId, usize)>]) -> Joinable {
        let n = calls.len();
        let mut sole_caller: Vec<Option<Option<usize>>> = vec![None; n];
        for (f, cs) in calls.iter().enumerate() {
            for &(_, g) in cs {
                sole_caller[g] = match sole_caller[g] {
                    None => Some(Some(f)),
                    Some(Some(h)) if h == f => Some(Some(f)),
                    _ => Some(None),
                };
            }
        }
        let sole_caller = sole_caller.into_iter().map(Option::flatten).collect();
        let mut reach = vec![vec![false; n]; n];
        for (f, row) in reach.iter_mut().enumerate() {
            let mut stack: Vec<usize> = calls[f].iter().map(|&(_, g)| g).collect();
            while let Some(g) = stack.pop() {
                if !row[g] {
                    row[g] = true;
                    stack.extend(calls[g].iter().map(|&(_, h)| h));
                }
            }
        }
        Joinable { caller: 0, sole_caller, reach }
    }

    /// Whether unit variables `u` and `w` may be one storage.
    fn pair(&self, u: UnitVar, w: UnitVar) -> bool {
        let (f, g) = (u.func as usize, w.func as usize);
        let only = |x: usize| self.sole_caller.get(x).copied().flatten() == Some(self.caller);
        u.ty == w.ty && f != g && only(f) && only(g) && !self.reach[f][g] && !self.reach[g][f]
    }
}

/// The unit variable that variable `v` of function `func` (allocated as `a`) stands for: its
/// storage, or the unit variable of another function that storage is (`None` for predicates).
fn unit_var(a: &Assignment, func: usize, v: VarIdx) -> Option<UnitVar> {
    let s = a.storage(v);
    let var = &a.vars[s.0 as usize];
    if var.category != Category::General {
        return None;
    }
    Some(var.unit.unwrap_or(UnitVar { func: func as u32, var: s, ty: var.ty }))
}

/// What a pseudo-value stands for.
#[derive(Clone, Copy)]
enum Pseudo {
    /// A unit variable of a callee.
    Unit(UnitVar),
    /// This function's unified return value.
    Ret,
}

/// A pseudo-value of one function: what it stands for, its type and its segments.
struct PseudoValue {
    what: Pseudo,
    ty: Type,
    segs: Vec<(u32, u32)>,
}

/// The calls of one function to subroutines of its unit, by call instruction, in layout order.
type CallSites<'a> = [(InstId, &'a CallSite)];

/// The call sites of a function met in a walk of its layout: the next call listed is the next
/// call of the walk that has a site (no lookup per instruction).
struct SiteCursor<'s, 'a> {
    sites: &'s CallSites<'a>,
    next: usize,
}

impl<'a> SiteCursor<'_, 'a> {
    /// The site of instruction `i` (of kind `kind`), the walk having passed every listed call
    /// before it.
    fn at(&mut self, i: InstId, kind: &InstKind) -> Option<&'a CallSite> {
        if !matches!(kind, InstKind::Call { .. }) {
            return None;
        }
        let &(call, site) = self.sites.get(self.next)?;
        (call == i).then(|| {
            self.next += 1;
            site
        })
    }
}

/// [`assign_with`] for a function whose calls are `sites`.
fn assign_calls(
    f: &Function,
    lv: &Liveness,
    uses: &[u32],
    sites: &CallSites<'_>,
    joinable: &Joinable,
) -> Assignment {
    let mut a = Assignment::default();
    let nv = lv.values.len();
    // pseudo-values: the unit variables the calls pass values in (live where a call may
    // overwrite them), then the unified return value (live at every `ret`)
    let mut pseudo: Vec<PseudoValue> = Vec::new();
    let mut unit_index: HashMap<UnitVar, ValIdx> = HashMap::new();
    for &(_, site) in sites {
        for &u in site.params.iter().flatten().chain(site.ret.iter()) {
            unit_index.entry(u).or_insert_with(|| {
                pseudo.push(PseudoValue { what: Pseudo::Unit(u), ty: u.ty, segs: Vec::new() });
                (nv + pseudo.len() - 1) as ValIdx
            });
        }
    }
    for &(i, site) in sites {
        let Some(num) = lv.number(i) else { continue };
        for u in &site.clobbers {
            if let Some(&pi) = unit_index.get(u) {
                pseudo[pi as usize - nv].segs.push((num, num + 1));
            }
        }
    }
    let subroutine = f.linkage != Linkage::Kernel;
    let ret_pseudo = (subroutine && f.ret != Type::Void && category(f.ret) == Category::General).then(|| {
        let points = f.layout.iter().filter_map(|&b| match f.blocks[b].term {
            Terminator::Ret(Some(_)) => lv.terminator_point(b).map(|t| (t, t + 1)),
            _ => None,
        });
        pseudo.push(PseudoValue { what: Pseudo::Ret, ty: f.ret, segs: points.collect() });
        (nv + pseudo.len() - 1) as ValIdx
    });
    let total = nv + pseudo.len();
    let mut merged: Vec<Option<Vec<(u32, u32)>>> = vec![None; nv];
    let mut cat: Vec<Category> = lv.values.iter().map(|&v| category(f.value_type(v))).collect();
    let mut unit = vec![None; total];
    for (k, p) in pseudo.iter().enumerate() {
        let mut segs = p.segs.clone();
        segs.sort_unstable();
        merged.push(Some(union_segments(&segs, &[])));
        cat.push(category(p.ty));
        if let Pseudo::Unit(u) = p.what {
            unit[nv + k] = Some(u);
        }
    }
    let mut sets = Sets {
        lv,
        parent: (0..total as u32).collect(),
        merged,
        cat,
        unit,
        joined: HashMap::new(),
        joinable,
        spare: Vec::new(),
    };
    let idx = |v: Value| lv.index_of(v);
    // copy candidates (program order) and the normal ones
    let mut normal: Vec<(u64, ValIdx, ValIdx)> = Vec::with_capacity(nv);
    let mut failed_bitcasts = 0;
    // two-address instructions with storage: each gets a `wrregion` entry below
    let mut two_address = 0;
    let mut site_of = SiteCursor { sites, next: 0 };
    for &b in &f.layout {
        let node = lv.block_node[u32::from(b.into_raw()) as usize];
        for &i in &f.blocks[b].insts {
            let v = Value::Inst(i);
            let inst = &f.insts[i];
            if let (InstKind::Call { args, .. }, Some(site)) = (&inst.kind, site_of.at(i, &inst.kind)) {
                // arguments into the callee's parameter variables, the result out of its result
                let depth = lv.node_depth(node);
                for (k, x) in args.iter().enumerate() {
                    if let (Some(xi), Some(Some(u))) = (idx(*x), site.params.get(k)) {
                        normal.push((copy_cost(f.value_type(*x), depth), unit_index[u], xi));
                    }
                }
                if let (Some(vi), Some(u)) = (idx(v), site.ret) {
                    normal.push((copy_cost(inst.ty, depth), unit_index[&u], vi));
                }
                continue;
            }
            if let InstKind::Intrinsic { id: IntrinsicId::Output1, args } = &inst.kind {
                // a kernel output: the value into its argument's variable, before any other
                // candidate (where it cannot, selection copies it there)
                if let [x, index] = args[..] {
                    let arg = f.as_const(index).and_then(|c| c.elems.first().copied().flatten());
                    if let (Some(xi), Some(pi)) = (idx(x), arg.and_then(|p| idx(Value::Param(p as u32)))) {
                        normal.push((u64::MAX, pi, xi));
                    }
                }
                continue;
            }
            let Some(vi) = idx(v) else {
                // a predicate slice read is a view of its source: keep the source alive for it
                continue;
            };
            match &inst.kind {
                InstKind::Cast { op: CastOp::BitCast, value } => {
                    let from = f.value_type(*value);
                    if let Some(si) = idx(*value) {
                        if from.bytes() == inst.ty.bytes()
                            && category(from) == Category::General
                            && category(inst.ty) == Category::General
                        {
                            // A bitcast has its operand's bits, so the two share a variable even
                            // where both are live: only bitcasts have merged so far, so each set
                            // holds one value's bits, and the merges that follow check against
                            // the union of its members' ranges (nothing overwrites the variable
                            // while any member is live).
                            if sets.try_merge(vi, si, true) {
                                a.stats.coalesced += 1;
                            } else {
                                failed_bitcasts += 1;
                            }
                        }
                    }
                }
                InstKind::Intrinsic { id: IntrinsicId::Rdpredregion, args } => {
                    if let Some(si) = args.first().and_then(|x| idx(*x)) {
                        sets.try_merge(vi, si, true);
                    }
                }
                InstKind::Phi { incoming } => {
                    for (from, x) in incoming {
                        if let (Some(xi), Some(&en)) = (idx(*x), lv.edge_node.get(&(*from, b))) {
                            normal.push((copy_cost(inst.ty, lv.node_depth(en)), vi, xi));
                        }
                    }
                }
                kind => {
                    let old = two_address_old(kind);
                    two_address += usize::from(old.is_some());
                    if let Some(oi) = old.and_then(idx) {
                        normal.push((copy_cost(inst.ty, lv.node_depth(node)), vi, oi));
                    }
                }
            }
        }
        // the returned value into the unified return value
        if let (Terminator::Ret(Some(x)), Some(r)) = (&f.blocks[b].term, ret_pseudo) {
            if let Some(xi) = idx(*x) {
                normal.push((copy_cost(f.ret, lv.node_depth(node)), r, xi));
            }
        }
    }
    normal.sort_by_key(|x| std::cmp::Reverse(x.0));
    for &(_, d, s) in &normal {
        if sets.find(d) != sets.find(s) && sets.try_merge(d, s, false) {
            a.stats.coalesced += 1;
        }
    }
    // one variable per set (of the type of its first value); members of another type are aliases;
    // a set in a unit variable is that variable (pseudo-values come first)
    let mut base: Vec<Option<(VarIdx, Type)>> = vec![None; total];
    let mut views: HashMap<(ValIdx, Type), VarIdx> = HashMap::new();
    // the storage variable of each value and pseudo-value (by index), for the copies below
    let mut storage: Vec<Option<VarIdx>> = vec![None; total];
    a.of_param = vec![None; f.params.len()];
    a.vars.reserve(total);
    a.of_inst = vec![None; f.insts.len()];
    let order = (nv..total).chain(0..nv);
    for vi in order {
        // A value's variable is named only when it gets a variable of its own (most values join
        // another's).
        let (ty, name, param, unit) = match vi.checked_sub(nv) {
            Some(k) => {
                let ty = pseudo[k].ty;
                match pseudo[k].what {
                    Pseudo::Unit(u) => (ty, VarName::Given(format!("unit{k}")), None, Some(u)),
                    Pseudo::Ret => (ty, VarName::Given("ret".to_string()), None, None),
                }
            }
            None => {
                let v = lv.values[vi];
                if matches!(v, Value::Inst(i) if is_pred_slice(&f.insts[i].kind)) {
                    continue;
                }
                let param = match v {
                    Value::Param(p) => Some(p),
                    _ => None,
                };
                (f.value_type(v), VarName::Of(v), param, None)
            }
        };
        let name = |a: &Assignment| match name {
            VarName::Given(n) => n,
            VarName::Of(v) => value_name(f, v, a.vars.len()),
        };
        let root = sets.find(vi as ValIdx);
        let var = match base[root as usize] {
            None => {
                let name = name(&a);
                let var = a.push(Variable { name, ty, alias_of: None, param, category: category(ty), unit });
                base[root as usize] = Some((var, ty));
                var
            }
            Some((b, bty)) if bty == ty => b,
            Some((b, _)) => match views.get(&(root, ty)) {
                Some(&var) => var,
                None => {
                    let alias_of = Some((b, 0));
                    let name = name(&a);
                    let var =
                        a.push(Variable { name, ty, alias_of, param, category: category(ty), unit: None });
                    views.insert((root, ty), var);
                    var
                }
            },
        };
        storage[vi] = Some(a.storage(var));
        match vi.checked_sub(nv).map(|k| pseudo[k].what) {
            Some(Pseudo::Ret) => a.ret = Some(var),
            Some(Pseudo::Unit(u)) => {
                // a unit variable joined with another one this function keeps a value in
                if let Some(w) = a.vars[a.storage(var).0 as usize].unit.filter(|&w| w != u) {
                    a.joins.push((u, w));
                }
            }
            None => match lv.values[vi] {
                Value::Param(p) => a.of_param[p as usize] = Some(var),
                Value::Inst(i) => a.of_inst[u32::from(i.into_raw()) as usize] = Some(var),
                Value::Const(_) => {}
            },
        }
    }
    let same = |p: Option<ValIdx>, q: Option<ValIdx>| match (p, q) {
        (Some(p), Some(q)) => storage[p as usize].is_some() && storage[p as usize] == storage[q as usize],
        _ => false,
    };
    let same_storage = |x: Value, y: Value| same(idx(x), idx(y));
    a.wrregion.reserve(two_address);
    // copies where candidates failed
    site_of.next = 0;
    a.stats.copies += failed_bitcasts;
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            let inst = &f.insts[i];
            let v = Value::Inst(i);
            if let InstKind::Phi { incoming } = &inst.kind {
                let Some(dst) = a.var(v) else { continue };
                for (from, x) in incoming {
                    if f.as_const(*x).is_some_and(|c| c.is_undef()) || same_storage(v, *x) {
                        continue;
                    }
                    if f.as_const(*x).is_none() {
                        a.stats.copies += 1;
                    }
                    a.phi_copies.entry((*from, b)).or_default().push(PhiCopy { phi: i, dst, src: *x });
                }
                continue;
            }
            if let (InstKind::Call { args, .. }, Some(site)) = (&inst.kind, site_of.at(i, &inst.kind)) {
                let mut prep = CallPrep::default();
                for (k, x) in args.iter().enumerate() {
                    let dst = site.params.get(k).copied().flatten().map(|u| unit_index[&u]);
                    let copy = dst.is_some() && !same(idx(*x), dst);
                    a.stats.copies += usize::from(copy && f.as_const(*x).is_none());
                    prep.copy_args.push(copy);
                }
                let dst = site.ret.map(|u| unit_index[&u]);
                prep.copy_result = dst.is_some() && idx(v).is_some() && !same(idx(v), dst);
                a.stats.copies += usize::from(prep.copy_result);
                a.calls.insert(i, prep);
                continue;
            }
            if let Some(old) = two_address_old(&inst.kind) {
                if idx(v).is_none() {
                    continue;
                }
                let prep = if f.as_const(old).is_some_and(|c| c.is_undef()) {
                    WrRegionPrep::Undef
                } else if same_storage(v, old) {
                    WrRegionPrep::InPlace
                } else {
                    if f.as_const(old).is_none() {
                        a.stats.copies += 1;
                    }
                    WrRegionPrep::CopyOld
                };
                a.wrregion.insert(v, prep);
            }
            let indirect = match &inst.kind {
                InstKind::RdRegion { region, .. } | InstKind::WrRegion { region, .. } => region.indirect,
                _ => None,
            };
            if let Some(index) = indirect {
                let ty = f.value_type(index);
                let name = format!("{}_addr", value_name(f, v, a.vars.len()));
                let category = Category::Address;
                let var = a.push(Variable { name, ty, alias_of: None, param: None, category, unit: None });
                a.address.insert(i, var);
            }
        }
        if let (Terminator::Ret(Some(x)), true) = (&f.blocks[b].term, subroutine) {
            let x = *x;
            a.stats.copies += usize::from(f.as_const(x).is_none() && !same(idx(x), ret_pseudo));
        }
    }
    // (the storage of each value as made above: no placement has made a view yet)
    let mut value_storage = storage[..nv].to_vec();
    placement::place_all(f, lv, uses, &mut a, &mut value_storage);
    a
}

fn is_pred_slice(kind: &InstKind) -> bool {
    matches!(kind, InstKind::Intrinsic { id: IntrinsicId::Rdpredregion, .. })
}

/// The name of a variable being made: given, or that of the value it is made for.
enum VarName {
    Given(String),
    Of(Value),
}

/// The name of the variable of value `v`, the `n`-th variable: the value's name, else `arg<i>` for
/// parameter `i`, `t<n>` for any other (every value of a compile that reads no local names).
fn value_name(f: &Function, v: Value, n: usize) -> String {
    match v {
        Value::Param(i) => f
            .param_names
            .get(i as usize)
            .filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| numbered("arg", i as usize)),
        Value::Inst(i) if !f.insts[i].name.is_empty() => f.insts[i].name.clone(),
        _ => numbered("t", n),
    }
}

/// `prefix` followed by `n` in decimal, in one allocation (`format!` cost a few hundred
/// instructions a name, thousands of names a compile without local names).
fn numbered(prefix: &str, n: usize) -> String {
    let mut name = String::with_capacity(prefix.len() + 20);
    name.push_str(prefix);
    name.push_str(itoa::Buffer::new().format(n));
    name
}

/// The old value of a region write: a `wrregion`, or a `wrpredregion` (predicate slice write).
pub fn written_old(kind: &InstKind) -> Option<Value> {
    two_address_old(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::ir::{Constant, Inst};
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
        let _ = (w2, w3);
        let bales = genxc_genx::bale::analyze(&f, |_, _| true, |_| true);
        let a = assign(&f, &bales);
        assert_eq!(a.wrregion[&w0], WrRegionPrep::Undef);
        assert_eq!(a.wrregion[&w1], WrRegionPrep::InPlace);
        assert_eq!(a.var(w0), a.var(w1));
        assert_eq!(a.wrregion[&w2], WrRegionPrep::CopyOld);
        assert_eq!(a.wrregion[&w3], WrRegionPrep::InPlace);
        assert_eq!(a.var(w3), a.var(w1));
        assert_ne!(a.var(w2), a.var(w3));
        assert_eq!((a.stats.coalesced, a.stats.copies), (2, 1));
    }

    #[test]
    fn segments_merge_when_they_touch() {
        let r = vec![(0, 2), (5, 7), (9, 12)];
        let r = union_segments(&r, &[(2, 5)]);
        assert_eq!(r, vec![(0, 7), (9, 12)]);
        let r = union_segments(&r, &[(13, 14)]);
        assert_eq!(r, vec![(0, 7), (9, 12), (13, 14)]);
        let r = union_segments(&[(8, 20)], &r);
        assert_eq!(r, vec![(0, 7), (8, 20)]);
        // repeated and overlapping segments of both lists
        assert_eq!(union_segments(&[(1, 2), (1, 2), (4, 6)], &[(1, 3), (5, 9)]), vec![(1, 3), (4, 9)]);
        assert!(overlaps(&r, 6, 7) && !overlaps(&r, 7, 8) && overlaps(&r, 19, 30));
    }
}
