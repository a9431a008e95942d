//! Aggregate values (struct and array SSA values, what Intel's compiler leaves to its
//! `GenXAggregatePseudoLowering` and CMABI passes): every struct or array value a function builds
//! and reads — `insertvalue`/`extractvalue` chains, phis and selects of aggregates, undef, zero and
//! constant aggregates — is split into its leaf elements (the scalars and vectors it is made of), so
//! only Gen values are left.
//!
//! Aggregates crossing a call are handled first. An internal function (a subroutine or a stack
//! call, `"CMStackCall"`) that takes or returns one gets a flattened signature: one parameter per
//! leaf of an aggregate parameter, and an aggregate result packed into one vector (its leaves side
//! by side, when their elements all have one width), which the callers unpack; its first
//! parameter of the result's type is passed packed the same way and the result written over it,
//! so that a struct the subroutine updates stays in one variable. A subroutine whose
//! result does not pack is inlined into its callers instead (like [`super::by_reference`] does).
//! Only functions all of whose uses are direct calls in the module are rewritten: an externally
//! visible function keeps the ABI its other callers expect.
//!
//! The struct results of intrinsics (`llvm.genx.simdcf.goto`/`join`, `addc`/`subb`) stay: the
//! import reads them through single-index `extractvalue`s. Only when such a result flows on as a
//! whole (into a phi, a select or another struct) are its fields read out right after the call.
//!
//! An aggregate this rewrite does not model (a kernel's struct argument, an aggregate loaded from
//! memory, a constant expression) is left as it is, with every value built from it, for the
//! validator to name.

use super::super::raw::{Bb, ModuleRef, Ty, Val};
use super::builder::{Builder, NONAME};
use super::by_reference::force_inline;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMAttributeFunctionIndex, LLVMLinkage, LLVMOpcode, LLVMTypeKind};
use std::collections::{HashMap, HashSet};

/// Most leaf elements an aggregate is split into; a larger one is left for the validator.
pub const MAX_LEAVES: usize = 1024;

/// Most nested `insertvalue`/`extractvalue` steps followed from one value.
const MAX_DEPTH: u32 = 4096;

/// Aggregates across calls: inlines the internal subroutines that take or return aggregates, and
/// flattens the signature of the functions that cannot be inlined.
pub fn pass_aggregates_across_calls(m: &ModuleRef) {
    if !has_aggregates(m) {
        return;
    }
    let b = Builder::new(m);
    for f in m.functions() {
        if !f.is_declaration() && has_aggregate_signature(f) && flattenable(f) {
            flatten_signature(m, &b, f);
        }
    }
    inline_aggregate_subroutines(m);
}

/// Splits the aggregate values inside every function of `m` into their leaves.
pub fn split_aggregate_values(m: &ModuleRef) {
    if !has_aggregates(m) {
        return;
    }
    let b = Builder::new(m);
    for f in m.functions() {
        if !f.is_declaration() {
            split_function(&b, f);
        }
    }
}

/// Whether any function of `m` has an aggregate in its signature or makes an aggregate value.
pub fn has_aggregates(m: &ModuleRef) -> bool {
    m.functions().into_iter().filter(|f| !f.is_declaration()).any(|f| {
        has_aggregate_signature(f)
            || f.blocks().into_iter().flat_map(|b| b.instructions()).any(makes_aggregate)
    })
}

/// Whether instruction `i` makes an aggregate value (other than the struct result of an
/// intrinsic or inline assembly) or reads or writes one.
pub fn makes_aggregate(i: Val) -> bool {
    is_aggregate(i.ty()) && !is_intrinsic_call(i)
        || matches!(i.opcode(), LLVMOpcode::LLVMExtractValue | LLVMOpcode::LLVMInsertValue)
            && !is_intrinsic_call(i.operand(0))
}

/// Whether `t` is a struct or an array type.
pub fn is_aggregate(t: Ty) -> bool {
    matches!(t.kind(), LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind)
}

/// Whether `f` takes or returns an aggregate.
pub fn has_aggregate_signature(f: Val) -> bool {
    let t = f.function_type();
    is_aggregate(t.return_type()) || t.param_types().into_iter().any(is_aggregate)
}

/// Whether `v` is a call of a declared function (an intrinsic) or of inline assembly, whose
/// struct result stays.
fn is_intrinsic_call(v: Val) -> bool {
    v.is_instruction() && v.opcode() == LLVMOpcode::LLVMCall && {
        let c = v.called_value();
        c.is_function() && c.is_declaration() || c.is_inline_asm()
    }
}

/// Whether `f` has internal or private linkage.
fn is_internal(f: Val) -> bool {
    matches!(f.linkage(), LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage)
}

/// Whether every use of function `f` is a direct call of it (its callee operand only).
fn only_called_directly(f: Val) -> bool {
    f.users().into_iter().all(|u| {
        u.is_instruction()
            && u.opcode() == LLVMOpcode::LLVMCall
            && u.called_value() == f
            && (0..u.num_call_args()).all(|i| u.operand(i) != f)
    })
}

/// Marks every called internal subroutine (not a stack call) with an aggregate parameter or
/// result left (one whose result does not pack into one vector) `alwaysinline`, and inlines them.
fn inline_aggregate_subroutines(m: &ModuleRef) {
    let mut any = false;
    for f in m.functions() {
        if f.is_declaration()
            || !has_aggregate_signature(f)
            || f.has_fn_attr("CMStackCall")
            || !is_internal(f)
            || f.users().is_empty()
            || !only_called_directly(f)
        {
            continue;
        }
        force_inline(f);
        any = true;
    }
    if any {
        super::by_reference::run_always_inliner(m);
    }
}

/// The element types of one level of an aggregate (a struct's fields, an array's elements).
fn children(t: Ty) -> Vec<Ty> {
    match t.kind() {
        LLVMTypeKind::LLVMStructTypeKind => t.struct_elements(),
        LLVMTypeKind::LLVMArrayTypeKind => {
            // SAFETY: valid array type.
            let n = unsafe { LLVMGetArrayLength(t.0) } as usize;
            if n > MAX_LEAVES {
                return Vec::new();
            }
            vec![t.element(); n]
        }
        _ => Vec::new(),
    }
}

/// Number of leaves of `t` (1 for a non-aggregate), `None` beyond [`MAX_LEAVES`].
fn leaf_count(t: Ty) -> Option<usize> {
    if !is_aggregate(t) {
        return Some(1);
    }
    if t.kind() == LLVMTypeKind::LLVMArrayTypeKind {
        // SAFETY: valid array type.
        let n = unsafe { LLVMGetArrayLength(t.0) } as usize;
        let each = leaf_count(t.element())?;
        return n.checked_mul(each).filter(|&c| c <= MAX_LEAVES);
    }
    let mut total = 0usize;
    for c in children(t) {
        total += leaf_count(c)?;
        if total > MAX_LEAVES {
            return None;
        }
    }
    Some(total)
}

/// Leaf types of `t` in order.
fn leaf_types(t: Ty, out: &mut Vec<Ty>) {
    if is_aggregate(t) {
        for c in children(t) {
            leaf_types(c, out);
        }
    } else {
        out.push(t);
    }
}

/// The sub-aggregate at index path `path` of `t`: its type, first leaf and leaf count.
fn leaf_range(t: Ty, path: &[u32]) -> Option<(Ty, usize, usize)> {
    let mut t = t;
    let mut start = 0usize;
    for &i in path {
        let kids = children(t);
        let i = i as usize;
        if i >= kids.len() {
            return None;
        }
        for &k in &kids[..i] {
            start += leaf_count(k)?;
        }
        t = kids[i];
    }
    Some((t, start, leaf_count(t)?))
}

/// The leaves of a constant aggregate, `None` for a form this rewrite does not read (a constant
/// expression).
fn constant_leaves(c: Val, out: &mut Vec<Val>) -> Option<()> {
    let t = c.ty();
    if !is_aggregate(t) {
        out.push(c);
        return Some(());
    }
    // SAFETY: kind checks before element access; indices below the element counts.
    unsafe {
        if c.is_undef() {
            let mut ts = Vec::new();
            leaf_types(t, &mut ts);
            out.extend(ts.into_iter().map(|t| Val(LLVMGetUndef(t.0))));
        } else if c.is_zero_aggregate() {
            let mut ts = Vec::new();
            leaf_types(t, &mut ts);
            out.extend(ts.into_iter().map(|t| Val(LLVMConstNull(t.0))));
        } else if !LLVMIsAConstantStruct(c.0).is_null() || !LLVMIsAConstantArray(c.0).is_null() {
            for e in c.operands() {
                constant_leaves(e, out)?;
            }
        } else if !LLVMIsAConstantDataArray(c.0).is_null() {
            for i in 0..LLVMGetArrayLength(t.0) {
                out.push(Val(LLVMGetElementAsConstant(c.0, i)));
            }
        } else {
            return None;
        }
    }
    Some(())
}

impl Builder {
    /// Positions new instructions right after `i` (before the first non-phi when `i` is a phi).
    fn after(&self, i: Val) {
        let mut n = i.next_instruction();
        while !n.is_null() && n.opcode() == LLVMOpcode::LLVMPHI {
            n = n.next_instruction();
        }
        self.before(n);
    }

    /// An `i32` constant.
    fn i32c(&self, v: u32) -> Val {
        // SAFETY: valid context.
        Val(unsafe { LLVMConstInt(LLVMInt32TypeInContext(self.ctx), v as u64, 0) })
    }

    fn extract_value(&self, agg: Val, i: u32) -> Val {
        // SAFETY: `i` is a valid index of `agg`'s type (callers walk the type).
        Val(unsafe { LLVMBuildExtractValue(self.b, agg.0, i, NONAME) })
    }

    fn insert_value(&self, agg: Val, v: Val, i: u32) -> Val {
        // SAFETY: `v` has the type of field `i` of `agg` (callers walk the type).
        Val(unsafe { LLVMBuildInsertValue(self.b, agg.0, v.0, i, NONAME) })
    }

    fn phi(&self, t: Ty) -> Val {
        // SAFETY: valid type; the builder is positioned among the phis of a block.
        Val(unsafe { LLVMBuildPhi(self.b, t.0, NONAME) })
    }

    fn select(&self, c: Val, a: Val, b: Val) -> Val {
        // SAFETY: `a` and `b` have one type; `c` is the original select's condition.
        Val(unsafe { LLVMBuildSelect(self.b, c.0, a.0, b.0, NONAME) })
    }

    fn bitcast(&self, v: Val, t: Ty) -> Val {
        if v.ty() == t {
            return v;
        }
        // SAFETY: same-size types (elements of one width, same count).
        Val(unsafe { LLVMBuildBitCast(self.b, v.0, t.0, NONAME) })
    }

    /// A shuffle of `a` and `b` with constant `mask`.
    fn shuffle(&self, a: Val, b: Val, mask: &[u32]) -> Val {
        let mut m: Vec<LLVMValueRef> = mask.iter().map(|&i| self.i32c(i).0).collect();
        // SAFETY: `a` and `b` have one vector type; every mask entry is below twice its size.
        unsafe {
            let mv = LLVMConstVector(m.as_mut_ptr(), m.len() as u32);
            Val(LLVMBuildShuffleVector(self.b, a.0, b.0, mv, NONAME))
        }
    }

    /// The aggregate of type `t` made of `leaves` (an `insertvalue` chain).
    fn build_aggregate(&self, t: Ty, leaves: &mut impl Iterator<Item = Val>) -> Val {
        if !is_aggregate(t) {
            return leaves.next().unwrap_or_else(|| Val(unsafe { LLVMGetUndef(t.0) }));
        }
        // SAFETY: valid type.
        let mut acc = Val(unsafe { LLVMGetUndef(t.0) });
        for (i, c) in children(t).into_iter().enumerate() {
            let v = self.build_aggregate(c, leaves);
            acc = self.insert_value(acc, v, i as u32);
        }
        acc
    }

    /// The leaves of aggregate `v` read with `extractvalue`s, in order.
    fn read_leaves(&self, v: Val, t: Ty, out: &mut Vec<Val>) {
        if !is_aggregate(t) {
            out.push(v);
            return;
        }
        for (i, c) in children(t).into_iter().enumerate() {
            let e = self.extract_value(v, i as u32);
            self.read_leaves(e, c, out);
        }
    }
}

/// How an aggregate result is packed into one vector: the vector type and, per leaf, its first
/// element and element count.
struct Packing {
    vector: Ty,
    places: Vec<(Ty, u32, u32)>,
}

/// Elements of one leaf: its element type and count (1 for a scalar).
fn leaf_elements(t: Ty) -> (Ty, u32) {
    if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
        (t.element(), t.vector_size())
    } else {
        (t, 1)
    }
}

/// Bit width of a scalar element type (0 for one without a fixed width or `i1`).
fn element_bits(t: Ty) -> u32 {
    match t.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind if t.int_width() > 1 => t.int_width(),
        LLVMTypeKind::LLVMHalfTypeKind => 16,
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        LLVMTypeKind::LLVMDoubleTypeKind => 64,
        _ => 0,
    }
}

/// The packing of aggregate type `t`, when its leaves all have elements of one width.
fn packing_of(t: Ty) -> Option<Packing> {
    let mut leaves = Vec::new();
    leaf_count(t)?;
    leaf_types(t, &mut leaves);
    let (first, _) = leaf_elements(*leaves.first()?);
    let bits = element_bits(first);
    if bits == 0 {
        return None;
    }
    let mut places = Vec::new();
    let mut at = 0u32;
    for l in leaves {
        let (e, n) = leaf_elements(l);
        if element_bits(e) != bits {
            return None;
        }
        places.push((l, at, n));
        at += n;
    }
    // SAFETY: valid element type, nonzero count.
    let vector = Ty(unsafe { LLVMVectorType(first.0, at) });
    Some(Packing { vector, places })
}

impl Packing {
    /// The leaf type `l` with the packed vector's element type.
    fn as_packed(&self, b: &Builder, l: Ty, n: u32) -> Ty {
        let e = self.vector.element();
        if l.kind() == LLVMTypeKind::LLVMVectorTypeKind {
            // SAFETY: valid element type.
            Ty(unsafe { LLVMVectorType(e.0, n) })
        } else {
            let _ = b;
            e
        }
    }

    /// Packs `leaves` into the vector (at the builder's position).
    fn pack(&self, b: &Builder, leaves: &[Val]) -> Val {
        // SAFETY: valid type.
        self.pack_over(b, leaves, Val(unsafe { LLVMGetUndef(self.vector.0) }))
    }

    /// Packs `leaves` into the vector written over `base` (a vector of the packed type): every
    /// lane is a leaf's, so the base only gives the writes a variable to update in place.
    fn pack_over(&self, b: &Builder, leaves: &[Val], base: Val) -> Val {
        let total = self.vector.vector_size();
        let mut acc = base;
        for (&(lt, at, n), &v) in self.places.iter().zip(leaves) {
            let v = b.bitcast(v, self.as_packed(b, lt, n));
            if lt.kind() != LLVMTypeKind::LLVMVectorTypeKind {
                // SAFETY: `at` is below the vector size; `v` has its element type.
                acc = Val(unsafe { LLVMBuildInsertElement(b.b, acc.0, v.0, b.i32c(at).0, NONAME) });
            } else if n == total {
                acc = v;
            } else {
                let widen: Vec<u32> = (0..total).map(|i| if i < n { i } else { 0 }).collect();
                let wide = b.shuffle(v, v, &widen);
                let mask: Vec<u32> =
                    (0..total).map(|i| if i >= at && i < at + n { total + i - at } else { i }).collect();
                acc = b.shuffle(acc, wide, &mask);
            }
        }
        acc
    }

    /// The leaves of packed vector `v` (at the builder's position).
    fn unpack(&self, b: &Builder, v: Val) -> Vec<Val> {
        let total = self.vector.vector_size();
        self.places
            .iter()
            .map(|&(lt, at, n)| {
                let part = if lt.kind() != LLVMTypeKind::LLVMVectorTypeKind {
                    // SAFETY: `at` is below the vector size.
                    Val(unsafe { LLVMBuildExtractElement(b.b, v.0, b.i32c(at).0, NONAME) })
                } else if n == total {
                    v
                } else {
                    let mask: Vec<u32> = (at..at + n).collect();
                    b.shuffle(v, v, &mask)
                };
                b.bitcast(part, lt)
            })
            .collect()
    }
}

/// Whether `f`'s signature can be flattened: internal, only called directly, every aggregate
/// parameter small enough, and an aggregate result packable into one vector.
fn flattenable(f: Val) -> bool {
    let t = f.function_type();
    is_internal(f)
        && only_called_directly(f)
        && !t.is_vararg()
        && t.param_types().into_iter().all(|p| leaf_count(p).is_some())
        && (!is_aggregate(t.return_type()) || packing_of(t.return_type()).is_some())
}

/// Replaces `f` by a function with one parameter per leaf of its aggregate parameters (but the
/// first of the result's type, packed like it) and its aggregate result packed into a vector;
/// rewrites every call. The aggregates this leaves at the
/// edges (an `insertvalue` chain per aggregate parameter, `extractvalue`s before each return and
/// call) are split by [`split_function`] afterwards.
fn flatten_signature(m: &ModuleRef, b: &Builder, f: Val) {
    let fty = f.function_type();
    let ret = fty.return_type();
    let packing = if is_aggregate(ret) { packing_of(ret) } else { None };
    let new_ret = packing.as_ref().map_or(ret, |p| p.vector);
    // The first aggregate parameter of the result's type is passed packed like the result, and
    // the result is written over it: the caller's value, the parameter and the result can then
    // share one variable (a struct a subroutine updates is updated in place, as Intel's
    // coalescing of a struct argument with the returned struct does).
    let shared = packing.as_ref().and_then(|_| fty.param_types().into_iter().position(|p| p == ret));
    let mut params: Vec<LLVMTypeRef> = Vec::new();
    for (k, p) in fty.param_types().into_iter().enumerate() {
        if let (Some(pk), true) = (&packing, shared == Some(k)) {
            params.push(pk.vector.0);
            continue;
        }
        let mut ts = Vec::new();
        leaf_types(p, &mut ts);
        params.extend(ts.into_iter().map(|t| t.0));
    }
    let name = f.name();
    // SAFETY: every handle is from this live module; the old function's blocks move to the new
    // one before the old one (then without uses) is deleted.
    unsafe {
        let nfty = LLVMFunctionType(new_ret.0, params.as_mut_ptr(), params.len() as u32, 0);
        let cname = std::ffi::CString::new(format!("{name}.flat")).unwrap_or_default();
        let nf = Val(LLVMAddFunction(m.0, cname.as_ptr(), nfty));
        LLVMSetLinkage(nf.0, f.linkage());
        LLVMSetFunctionCallConv(nf.0, LLVMGetFunctionCallConv(f.0));
        let n = LLVMGetAttributeCountAtIndex(f.0, LLVMAttributeFunctionIndex) as usize;
        let mut attrs: Vec<LLVMAttributeRef> = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetAttributesAtIndex(f.0, LLVMAttributeFunctionIndex, attrs.as_mut_ptr());
        }
        for a in attrs {
            LLVMAddAttributeAtIndex(nf.0, LLVMAttributeFunctionIndex, a);
        }
        for bb in f.blocks() {
            LLVMRemoveBasicBlockFromParent(bb.0);
            LLVMAppendExistingBasicBlock(nf.0, bb.0);
        }
        // Parameters: a leaf parameter stands for itself; an aggregate one is rebuilt at entry.
        let new_params = nf.params();
        let mut k = 0usize;
        let mut base = None;
        if let Some(entry) = nf.blocks().first().copied() {
            let first = entry.instructions()[0];
            for (j, p) in f.params().into_iter().enumerate() {
                if let (Some(pk), true) = (&packing, shared == Some(j)) {
                    // the packed parameter, unpacked into the aggregate at entry
                    let v = new_params[k];
                    k += 1;
                    let pn = p.name();
                    LLVMSetValueName2(v.0, pn.as_ptr() as *const _, pn.len());
                    b.before(first);
                    let leaves = pk.unpack(b, v);
                    let agg = b.build_aggregate(p.ty(), &mut leaves.into_iter());
                    LLVMReplaceAllUsesWith(p.0, agg.0);
                    base = Some(v);
                    continue;
                }
                let n = leaf_count(p.ty()).unwrap_or(0);
                let leaves = &new_params[k..k + n];
                k += n;
                if is_aggregate(p.ty()) {
                    let pn = p.name();
                    for (j, l) in leaves.iter().enumerate().filter(|_| !pn.is_empty()) {
                        let ln = format!("{pn}.{j}");
                        LLVMSetValueName2(l.0, ln.as_ptr() as *const _, ln.len());
                    }
                    b.before(first);
                    let v = b.build_aggregate(p.ty(), &mut leaves.iter().copied());
                    LLVMReplaceAllUsesWith(p.0, v.0);
                } else {
                    let pn = p.name();
                    LLVMSetValueName2(leaves[0].0, pn.as_ptr() as *const _, pn.len());
                    LLVMReplaceAllUsesWith(p.0, leaves[0].0);
                }
            }
        }
        // Returns: the aggregate's leaves packed into the vector.
        if let Some(p) = &packing {
            for bb in nf.blocks() {
                for i in bb.instructions() {
                    if i.opcode() == LLVMOpcode::LLVMRet && i.num_operands() == 1 {
                        b.before(i);
                        let mut leaves = Vec::new();
                        b.read_leaves(i.operand(0), ret, &mut leaves);
                        let v = match base {
                            Some(v0) => p.pack_over(b, &leaves, v0),
                            None => p.pack(b, &leaves),
                        };
                        LLVMSetOperand(i.0, 0, v.0);
                    }
                }
            }
        }
        // Calls: leaves in, packed vector out.
        for call in f.users() {
            b.before(call);
            let mut args: Vec<LLVMValueRef> = Vec::new();
            for i in 0..call.num_call_args() {
                let a = call.operand(i);
                let mut leaves = Vec::new();
                b.read_leaves(a, a.ty(), &mut leaves);
                match &packing {
                    Some(pk) if shared == Some(i as usize) => args.push(pk.pack(b, &leaves).0),
                    _ => args.extend(leaves.into_iter().map(|v| v.0)),
                }
            }
            let nc = Val(LLVMBuildCall2(b.b, nfty, nf.0, args.as_mut_ptr(), args.len() as u32, NONAME));
            LLVMSetInstructionCallConv(nc.0, LLVMGetInstructionCallConv(call.0));
            if let Some(p) = &packing {
                b.after(nc);
                let leaves = p.unpack(b, nc);
                let v = b.build_aggregate(ret, &mut leaves.into_iter());
                LLVMReplaceAllUsesWith(call.0, v.0);
            } else if ret.kind() != LLVMTypeKind::LLVMVoidTypeKind {
                LLVMReplaceAllUsesWith(call.0, nc.0);
            }
            let cn = call.name();
            LLVMInstructionEraseFromParent(call.0);
            if !cn.is_empty() && packing.is_none() {
                LLVMSetValueName2(nc.0, cn.as_ptr() as *const _, cn.len());
            }
        }
        LLVMDeleteFunction(f.0);
        LLVMSetValueName2(nf.0, name.as_ptr() as *const _, name.len());
    }
}

/// The aggregate instructions of one function and what they split into.
struct Split<'a> {
    b: &'a Builder,
    /// Aggregate instructions that cannot be split (and every one built from them).
    bad: HashSet<Val>,
    /// Leaves of the values split so far.
    leaves: HashMap<Val, Vec<Val>>,
    /// Phis whose leaf phis still need their incoming values.
    pending: Vec<(Val, Vec<Val>)>,
    /// Instructions created, in order.
    created: Vec<Val>,
}

/// Whether instruction `i` makes an aggregate this rewrite can split, given its own shape only.
fn splittable_kind(i: Val) -> bool {
    match i.opcode() {
        LLVMOpcode::LLVMInsertValue
        | LLVMOpcode::LLVMExtractValue
        | LLVMOpcode::LLVMPHI
        | LLVMOpcode::LLVMSelect => true,
        LLVMOpcode::LLVMCall => {
            is_intrinsic_call(i) && i.ty().struct_elements().iter().all(|&t| !is_aggregate(t))
        }
        _ => false,
    }
}

/// The aggregate operands an instruction's leaves are made of.
fn aggregate_operands(i: Val) -> Vec<Val> {
    let ops: Vec<Val> = match i.opcode() {
        LLVMOpcode::LLVMInsertValue => vec![i.operand(0), i.operand(1)],
        LLVMOpcode::LLVMExtractValue => vec![i.operand(0)],
        LLVMOpcode::LLVMPHI => i.phi_incoming().into_iter().map(|(v, _)| v).collect(),
        LLVMOpcode::LLVMSelect => vec![i.operand(1), i.operand(2)],
        _ => Vec::new(),
    };
    ops.into_iter().filter(|v| is_aggregate(v.ty())).collect()
}

/// Whether a non-instruction aggregate operand can be split (a constant of a known form).
fn constant_splittable(v: Val) -> bool {
    let mut out = Vec::new();
    v.is_constant()
        && !v.is_constant_expr()
        && constant_leaves(v, &mut out).is_some()
        && out.len() <= MAX_LEAVES
}

/// Splits the aggregates of function `f`.
fn split_function(b: &Builder, f: Val) {
    let insts: Vec<Val> = f.blocks().into_iter().flat_map(|bb| bb.instructions()).collect();
    let aggs: Vec<Val> = insts
        .iter()
        .copied()
        .filter(|&i| is_aggregate(i.ty()) || i.opcode() == LLVMOpcode::LLVMExtractValue)
        .collect();
    if aggs.is_empty() {
        return;
    }
    // Which aggregate instructions cannot be split: by their own shape or an operand's, then
    // everything built from them.
    let mut bad: HashSet<Val> = HashSet::new();
    for &i in &aggs {
        let own = !splittable_kind(i) || (is_aggregate(i.ty()) && leaf_count(i.ty()).is_none());
        let ops = aggregate_operands(i).into_iter().any(|v| {
            if v.is_instruction() {
                !is_aggregate(v.ty()) || leaf_count(v.ty()).is_none()
            } else {
                !constant_splittable(v)
            }
        });
        if own || ops {
            bad.insert(i);
        }
    }
    let mut work: Vec<Val> = bad.iter().copied().collect();
    while let Some(v) = work.pop() {
        for u in v.users() {
            if u.is_instruction() && aggs.contains(&u) && aggregate_operands(u).contains(&v) && bad.insert(u)
            {
                work.push(u);
            }
        }
    }
    let mut s = Split { b, bad, leaves: HashMap::new(), pending: Vec::new(), created: Vec::new() };
    // Leaves of every good aggregate in layout order (operands mostly come first, which keeps the
    // recursion shallow); an intrinsic's struct result only when another aggregate needs it.
    let mut failed = false;
    for &i in &aggs {
        if is_aggregate(i.ty()) && !s.bad.contains(&i) && !is_intrinsic_call(i) && s.leaves_of(i, 0).is_none()
        {
            failed = true;
            break;
        }
    }
    // Each extractvalue of a leaf whose aggregate splits reads the leaf directly.
    let mut replaced = Vec::new();
    for &i in &aggs {
        if failed {
            break;
        }
        if i.opcode() != LLVMOpcode::LLVMExtractValue || is_aggregate(i.ty()) || s.bad.contains(&i) {
            continue;
        }
        let agg = i.operand(0);
        if is_intrinsic_call(agg) && i.aggregate_indices().len() == 1 {
            continue; // the import reads an intrinsic's struct result this way
        }
        match s.leaves_of(i, 0).and_then(|l| l.first().copied()) {
            Some(leaf) => replaced.push((i, leaf)),
            None => failed = true,
        }
    }
    if failed {
        // Nested too deeply to follow: nothing changes, the validator names the aggregates.
        // SAFETY: the created instructions are used only by later created ones (phis have no
        // incoming values yet), so erasing them newest first leaves no dangling use.
        unsafe {
            for &c in s.created.iter().rev() {
                LLVMInstructionEraseFromParent(c.0);
            }
        }
        return;
    }
    s.fill_phis();
    // SAFETY: every replacement has the replaced value's type; erased instructions have no uses.
    unsafe {
        // A leaf may itself be a replaced extractvalue (an insertvalue of a field read out of
        // another aggregate): follow the replacements to the value that stays.
        let map: HashMap<Val, Val> = replaced.iter().copied().collect();
        let resolve = |mut v: Val| {
            for _ in 0..=map.len() {
                match map.get(&v) {
                    Some(&n) => v = n,
                    None => break,
                }
            }
            v
        };
        let resolved: Vec<(Val, Val)> = replaced.iter().map(|&(i, l)| (i, resolve(l))).collect();
        if resolved.iter().any(|(_, leaf)| map.contains_key(leaf)) {
            // A cycle of extractvalues (only in unreachable code): left for the validator.
            return;
        }
        for (i, leaf) in resolved {
            LLVMReplaceAllUsesWith(i.0, leaf.0);
            LLVMInstructionEraseFromParent(i.0);
        }
        // Leaves created but not needed (the other fields of a phi or select of which only some
        // are read) go, so no stray read of an intrinsic's field is left behind.
        let mut created = s.created.clone();
        loop {
            let before = created.len();
            created.retain(|&c| {
                if !c.users().into_iter().all(|u| u == c) {
                    return true;
                }
                LLVMReplaceAllUsesWith(c.0, LLVMGetUndef(LLVMTypeOf(c.0)));
                LLVMInstructionEraseFromParent(c.0);
                false
            });
            if created.len() == before {
                break;
            }
        }
        // Aggregate instructions left without uses go, until none does.
        loop {
            let mut changed = false;
            for bb in f.blocks() {
                for i in bb.instructions() {
                    let agg = is_aggregate(i.ty()) || i.opcode() == LLVMOpcode::LLVMExtractValue;
                    if agg && !is_intrinsic_call(i) && splittable_kind(i) && LLVMGetFirstUse(i.0).is_null() {
                        LLVMInstructionEraseFromParent(i.0);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
}

impl Split<'_> {
    /// The leaves of `v` (a good aggregate instruction, a constant, or an extractvalue of one),
    /// creating the phis, selects and field reads they need.
    fn leaves_of(&mut self, v: Val, depth: u32) -> Option<Vec<Val>> {
        if let Some(l) = self.leaves.get(&v) {
            return Some(l.clone());
        }
        if depth > MAX_DEPTH || self.bad.contains(&v) {
            return None;
        }
        if !v.is_instruction() {
            let mut out = Vec::new();
            constant_leaves(v, &mut out)?;
            return Some(out);
        }
        let l = match v.opcode() {
            LLVMOpcode::LLVMInsertValue => {
                let mut l = self.leaves_of(v.operand(0), depth + 1)?;
                let (sub, start, n) = leaf_range(v.ty(), &v.aggregate_indices())?;
                let ins = if is_aggregate(sub) {
                    self.leaves_of(v.operand(1), depth + 1)?
                } else {
                    vec![v.operand(1)]
                };
                if ins.len() != n || start + n > l.len() {
                    return None;
                }
                l.splice(start..start + n, ins);
                l
            }
            LLVMOpcode::LLVMExtractValue => {
                let agg = v.operand(0);
                let l = self.leaves_of(agg, depth + 1)?;
                let (_, start, n) = leaf_range(agg.ty(), &v.aggregate_indices())?;
                l.get(start..start + n)?.to_vec()
            }
            LLVMOpcode::LLVMPHI => {
                let mut ts = Vec::new();
                leaf_types(v.ty(), &mut ts);
                self.b.before(v);
                let phis: Vec<Val> = ts.into_iter().map(|t| self.b.phi(t)).collect();
                self.pending.push((v, phis.clone()));
                self.created.extend(&phis);
                phis
            }
            LLVMOpcode::LLVMSelect => {
                let a = self.leaves_of(v.operand(1), depth + 1)?;
                let c = self.leaves_of(v.operand(2), depth + 1)?;
                self.b.before(v);
                let cond = v.operand(0);
                let sel: Vec<Val> = a.into_iter().zip(c).map(|(x, y)| self.b.select(cond, x, y)).collect();
                // The builder folds a select of constants to a constant: only instructions count.
                self.created.extend(sel.iter().filter(|v| v.is_instruction()));
                sel
            }
            LLVMOpcode::LLVMCall => {
                self.b.after(v);
                let n = v.ty().struct_elements().len() as u32;
                let fields: Vec<Val> = (0..n).map(|i| self.b.extract_value(v, i)).collect();
                self.created.extend(&fields);
                fields
            }
            _ => return None,
        };
        self.leaves.insert(v, l.clone());
        Some(l)
    }

    /// Gives every leaf phi the leaves of its aggregate phi's incoming values.
    fn fill_phis(&mut self) {
        while let Some((phi, news)) = self.pending.pop() {
            for (v, bb) in phi.phi_incoming() {
                // A good phi's incoming values are good, and their leaves known: every good
                // aggregate instruction was split before, and a constant splits at once.
                let l = self.leaves_of(v, 0).unwrap_or_default();
                for (&p, &x) in news.iter().zip(&l) {
                    add_incoming(p, x, bb);
                }
            }
        }
    }
}

/// Adds incoming value `v` from block `bb` to phi `p`.
fn add_incoming(p: Val, v: Val, bb: Bb) {
    let mut vs = [v.0];
    let mut bs = [bb.0];
    // SAFETY: `p` is a phi of `v`'s type; `bb` is a predecessor of its block.
    unsafe { LLVMAddIncoming(p.0, vs.as_mut_ptr(), bs.as_mut_ptr(), 1) }
}
