//! Integer and predicate algebra on the LLVM module, the folds of LLVM's instruction combiner
//! that Intel's Vector Compiler gets from it before its GenX passes and that genxc would
//! otherwise select as written: compares of `i1` values in one canonical form (a signed compare
//! of `i1` is the unsigned one of the other order: `true` is -1); a shift by a constant of a
//! shift by a constant as one shift or one `and`; an operation of a constant and a choice
//! between constants on a predicate (an extended predicate) as a select of two constants; a select of predicates that is an `and` or an `or`
//! as that; a select of predicates whose arms share an `and`/`or` term as that operation of the
//! term and a select of the rest; an integer doubling `x + x` as `x << 1`; a predicate operation repeated in a block computed once; then LLVM's instruction
//! simplifier (which only ever replaces an instruction by a value already there or a constant:
//! `select c, x, x` is `x`, `(x + y) - x` is `y`) and removes what is left unused. It runs on
//! valid modules in GenX form, after the validation (convert.rs).

use super::super::raw::{ModuleRef, Val};
use super::builder::{Builder, NONAME};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// Whether `v`'s type is `i1` or a vector of `i1`.
pub(super) fn is_predicate(v: Val) -> bool {
    let t = v.ty();
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    e.kind() == LLVMTypeKind::LLVMIntegerTypeKind && e.int_width() == 1
}

/// The unsigned predicate a signed compare of `i1` values is, with the operands swapped.
fn unsigned_swapped(p: LLVMIntPredicate) -> Option<LLVMIntPredicate> {
    use LLVMIntPredicate::*;
    Some(match p {
        LLVMIntSGT => LLVMIntULT,
        LLVMIntSGE => LLVMIntULE,
        LLVMIntSLT => LLVMIntUGT,
        LLVMIntSLE => LLVMIntUGE,
        _ => return None,
    })
}

/// Rewrites every signed compare of `i1` values in `f` into the unsigned compare of the same
/// operands that it equals (`a >s b` is `a <u b`); returns how many.
fn canonical_predicate_compares(b: &Builder, f: Val) -> usize {
    let mut n = 0;
    for i in f.each_instruction() {
        if i.opcode() != LLVMOpcode::LLVMICmp || !is_predicate(i.operand(0)) {
            continue;
        }
        if let Some(p) = unsigned_swapped(i.icmp_predicate()) {
            b.before(i);
            // SAFETY: `i` is a live icmp of two `i1` operands; the new compare has its type and
            // replaces every use of it before it is erased.
            unsafe {
                let c = LLVMBuildICmp(b.b, p, i.operand(0).0, i.operand(1).0, NONAME);
                LLVMReplaceAllUsesWith(i.0, c);
                LLVMInstructionEraseFromParent(i.0);
            }
            n += 1;
        }
    }
    n
}

/// Whether operation `op` gives the same result with its two operands swapped.
fn commutes(op: LLVMOpcode) -> bool {
    matches!(op, LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor)
}

/// The identity of a predicate operation `i` (a compare giving a predicate, or a logic
/// operation or select of predicates): its opcode, compare predicate and operands (the operands
/// of a commuting operation in a fixed order). `None` for any other instruction.
fn predicate_key(i: Val) -> Option<(i32, i32, Vec<usize>)> {
    use LLVMOpcode::*;
    let op = i.opcode();
    if !is_predicate(i) {
        return None;
    }
    let predicate = match op {
        LLVMICmp => i.icmp_predicate() as i32,
        LLVMFCmp => i.fcmp_predicate() as i32,
        LLVMAnd | LLVMOr | LLVMXor | LLVMSelect => -1,
        _ => return None,
    };
    let mut ops: Vec<usize> = i.operands().into_iter().map(|o| o.0 as usize).collect();
    if commutes(op) {
        ops.sort_unstable();
    }
    Some((op as i32, predicate, ops))
}

/// Replaces every predicate operation of `f` that repeats one earlier in its block (the same
/// operation of the same operands) by that one; returns how many. Predicates only: a repeated
/// integer computation may be worth its instruction (a message header built in place), a
/// repeated predicate is a flag register operation and a register for nothing.
fn reuse_predicates(f: Val) -> usize {
    let mut n = 0;
    for block in f.blocks() {
        let mut seen: foldhash::HashMap<(i32, i32, Vec<usize>), Val> = Default::default();
        for i in block.each_instruction() {
            let Some(key) = predicate_key(i) else { continue };
            match seen.get(&key) {
                // SAFETY: `first` is an instruction of the same type before `i` in its block.
                Some(&first) => unsafe {
                    LLVMReplaceAllUsesWith(i.0, first.0);
                    LLVMInstructionEraseFromParent(i.0);
                    n += 1;
                },
                None => {
                    seen.insert(key, i);
                }
            }
        }
    }
    n
}

/// The value of every element of integer constant `v` (scalar or vector) when they are all
/// the same, sign-extended.
fn splat_int(v: Val) -> Option<i64> {
    if v.is_zero_aggregate() {
        return Some(0);
    }
    if let Some(c) = v.const_int() {
        return Some(c);
    }
    let elems = v.const_vector_elems()?;
    let first = elems.first()?.const_int()?;
    elems.iter().all(|e| e.const_int() == Some(first)).then_some(first)
}

/// The bits of one element of integer (or integer vector) value `v`.
fn element_bits(v: Val) -> u32 {
    let t = v.ty();
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    e.int_width()
}

/// Whether `v` is an instruction of opcode `op`.
fn is_op(v: Val, op: LLVMOpcode) -> bool {
    v.is_instruction() && v.opcode() == op
}

/// A constant of `v`'s type with every element `x`.
fn splat_of(v: Val, x: u64) -> LLVMValueRef {
    // SAFETY: `v`'s type is an integer or a vector of integers; the elements built are of its
    // element type and the vector has its length.
    unsafe {
        let t = v.ty();
        if t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
            return LLVMConstInt(t.0, x, 0);
        }
        let e = LLVMConstInt(t.element().0, x, 0);
        let mut elems = vec![e; t.vector_size() as usize];
        LLVMConstVector(elems.as_mut_ptr(), elems.len() as u32)
    }
}

/// A shift by a constant of a shift by a constant, as one operation (the mask it amounts to, or
/// one shift by the sum): `(y << k) >>u k` is `y & (-1 >>u k)`, `(y >>u k) << k` is
/// `y & (-1 << k)`, `(y >>u j) >>u k` is `y >>u (j + k)` (and `<<` alike), and `(y >>u j) >>s k`
/// with `j >= 1` is `(y >>u j) >>u k` (the sign bit is zero). Builds the replacement of `i`.
fn fold_shift(b: &Builder, i: Val) -> Option<Val> {
    use LLVMOpcode::*;
    let op = i.opcode();
    if !matches!(op, LLVMShl | LLVMLShr | LLVMAShr) {
        return None;
    }
    let (x, amount) = (i.operand(0), i.operand(1));
    let k = splat_int(amount)?;
    if !x.is_instruction() {
        return None;
    }
    let inner = x.opcode();
    if !matches!(inner, LLVMShl | LLVMLShr) {
        return None;
    }
    let (y, inner_amount) = (x.operand(0), x.operand(1));
    let j = splat_int(inner_amount)?;
    let w = i64::from(element_bits(i));
    if !(0..w).contains(&k) || !(0..w).contains(&j) {
        return None;
    }
    b.before(i);
    // SAFETY: every operand is of `i`'s type (shift amounts and masks are constants of it).
    unsafe {
        let ones = LLVMConstAllOnes(i.ty().0);
        Some(Val(match (op, inner) {
            (LLVMAShr, LLVMLShr) if j >= 1 => LLVMBuildLShr(b.b, x.0, amount.0, NONAME),
            (LLVMLShr, LLVMShl) if j == k => LLVMBuildAnd(b.b, y.0, LLVMConstLShr(ones, amount.0), NONAME),
            (LLVMShl, LLVMLShr) if j == k => LLVMBuildAnd(b.b, y.0, LLVMConstShl(ones, amount.0), NONAME),
            (LLVMLShr, LLVMLShr) | (LLVMShl, LLVMShl) if j + k < w => {
                let sum = LLVMConstAdd(inner_amount.0, amount.0);
                LLVMBuildBinOp(b.b, op, y.0, sum, NONAME)
            }
            _ => return None,
        }))
    }
}

/// The predicate and the two constants integer `v` is when it is a choice between constants
/// on a predicate: `zext p` (1 or 0), `sext p` (-1 or 0), `select p, C1, C2`.
pub(super) fn choice_of_constants(v: Val) -> Option<(Val, LLVMValueRef, LLVMValueRef)> {
    use LLVMOpcode::*;
    if !v.is_instruction() {
        return None;
    }
    let constant = |c: Val| c.is_constant() && !c.is_constant_expr() && !c.is_undef();
    // SAFETY: constants of `v`'s type.
    let clear = || unsafe { LLVMConstNull(v.ty().0) };
    match v.opcode() {
        LLVMZExt if is_predicate(v.operand(0)) => Some((v.operand(0), splat_of(v, 1), clear())),
        LLVMSExt if is_predicate(v.operand(0)) => Some((v.operand(0), splat_of(v, u64::MAX), clear())),
        LLVMSelect if !is_predicate(v) && constant(v.operand(1)) && constant(v.operand(2)) => {
            Some((v.operand(0), v.operand(1).0, v.operand(2).0))
        }
        _ => None,
    }
}

/// The operation of a constant and a choice between constants on a predicate (see
/// [`choice_of_constants`]) as the select of the operation's two constant results: `zext p *
/// 100` is `select p, 100, 0`, `zext p << 1` is `select p, 2, 0`, `(select p, 255, 0) | 1` is
/// `select p, 255, 1` (one `sel` for two instructions). Builds the replacement of `i`.
fn fold_choice_of_constants(b: &Builder, i: Val) -> Option<Val> {
    use LLVMOpcode::*;
    let op = i.opcode();
    if !matches!(op, LLVMMul | LLVMShl | LLVMAnd | LLVMOr | LLVMXor | LLVMAdd | LLVMSub) {
        return None;
    }
    let (a, c) = (i.operand(0), i.operand(1));
    let ((p, set, clear), other, choice_first) = if let Some(choice) = choice_of_constants(a) {
        (choice, c, true)
    } else {
        (choice_of_constants(c)?, a, false)
    };
    // (asked after the choice, which is cheaper: the user list of `i`)
    if super::predicated_update::is_masked_update(i) {
        return None;
    }
    if !other.is_constant() || other.is_constant_expr() || other.is_undef() {
        return None;
    }
    if op == LLVMShl
        && !(choice_first && splat_int(other).is_some_and(|k| (0..i64::from(element_bits(i))).contains(&k)))
    {
        return None;
    }
    // SAFETY: constants of `i`'s type, folded by LLVM's constant folder; the select's condition
    // is the predicate the choice is made on (of `i`'s shape, or a scalar).
    unsafe {
        let apply = |e: LLVMValueRef| {
            let (l, r) = if choice_first { (e, other.0) } else { (other.0, e) };
            match op {
                LLVMMul => LLVMConstMul(l, r),
                LLVMShl => LLVMConstShl(l, r),
                LLVMAnd => LLVMConstAnd(l, r),
                LLVMOr => LLVMConstOr(l, r),
                LLVMXor => LLVMConstXor(l, r),
                LLVMAdd => LLVMConstAdd(l, r),
                _ => LLVMConstSub(l, r),
            }
        };
        b.before(i);
        Some(Val(LLVMBuildSelect(b.b, p.0, apply(set), apply(clear), NONAME)))
    }
}

/// Whether predicate `v` is `true` wherever predicate `c` is (it is `c`, all ones, or an `or`
/// with `c`).
fn true_where(v: Val, c: Val) -> bool {
    v.0 == c.0
        || splat_int(v) == Some(-1)
        || (is_op(v, LLVMOpcode::LLVMOr) && v.operands().iter().any(|o| o.0 == c.0))
}

/// Whether predicate `v` is `false` wherever predicate `c` is not (it is `c`, all zeros, or an
/// `and` with `c`).
fn false_where_not(v: Val, c: Val) -> bool {
    v.0 == c.0
        || splat_int(v) == Some(0)
        || (is_op(v, LLVMOpcode::LLVMAnd) && v.operands().iter().any(|o| o.0 == c.0))
}

/// A select of predicates that is logic: `select c, t, f` is `c & t` when `f` is false where
/// `c` is (`f` is `x & c`, or false), and `c | f` when `t` is true where `c` is. Builds the
/// replacement of `i`.
fn fold_predicate_select(b: &Builder, i: Val) -> Option<Val> {
    if i.opcode() != LLVMOpcode::LLVMSelect || !is_predicate(i) {
        return None;
    }
    let (c, t, f) = (i.operand(0), i.operand(1), i.operand(2));
    if c.ty().0 != i.ty().0 {
        return None;
    }
    b.before(i);
    // SAFETY: `c`, `t` and `f` are predicates of `i`'s type.
    unsafe {
        if false_where_not(f, c) {
            Some(Val(LLVMBuildAnd(b.b, c.0, t.0, NONAME)))
        } else if true_where(t, c) {
            Some(Val(LLVMBuildOr(b.b, c.0, f.0, NONAME)))
        } else {
            None
        }
    }
}

/// The operands of predicate `v` under logic operation `op` (`and` or `or`): its two operands
/// when it is that operation, else `v` itself (`v` is `v & true` and `v | false`).
fn terms(v: Val, op: LLVMOpcode) -> Vec<Val> {
    if is_op(v, op) {
        v.operands()
    } else {
        vec![v]
    }
}

/// A select of predicates whose two arms share a term of one logic operation, as that operation
/// of the term and a select of what is left: `select c, a & x, a & y` is `a & select(c, x, y)`,
/// an arm that is the term itself leaving the operation's identity (`select c, a, a & y` is
/// `a & select(c, true, y)`), and `or` alike. The condition may be a scalar choosing between
/// whole vectors: the select left has a constant arm, which is logic of the condition (see
/// [`fold_predicate_select`]; selection takes `select c, true, y` on a scalar `c` as an `or`
/// with `c` compared on every lane) instead of the `(c & t) | (!c & f)` of two computed arms.
/// Builds the replacement of `i`.
fn fold_select_common_term(b: &Builder, i: Val) -> Option<Val> {
    use LLVMOpcode::*;
    if i.opcode() != LLVMSelect || !is_predicate(i) {
        return None;
    }
    let (c, t, f) = (i.operand(0), i.operand(1), i.operand(2));
    if t.0 == f.0 {
        return None;
    }
    for (op, identity) in [(LLVMAnd, u64::MAX), (LLVMOr, 0)] {
        // an arm that is the term itself (whatever it computes), else the terms of both
        let (ts, fs) = if terms(f, op).iter().any(|y| y.0 == t.0) {
            (vec![t], terms(f, op))
        } else if terms(t, op).iter().any(|x| x.0 == f.0) {
            (terms(t, op), vec![f])
        } else {
            (terms(t, op), terms(f, op))
        };
        // fewer operations only when an arm is the term (the select left has a constant arm) or
        // both arms' operations go with the select
        let sole_use = |arm: Val| arm.users().len() == 1;
        if !(ts.len() == 1 || fs.len() == 1 || (sole_use(t) && sole_use(f))) || ts.len() + fs.len() < 3 {
            continue;
        }
        let Some(a) = ts.iter().copied().find(|x| fs.iter().any(|y| y.0 == x.0)) else { continue };
        // what each arm is besides `a`: the other operand, or the identity when the arm is `a`
        let rest = |arm: &[Val]| -> LLVMValueRef {
            match arm {
                [p, q] if p.0 == a.0 => q.0,
                [p, _] => p.0,
                _ => splat_of(i, identity),
            }
        };
        let (x, y) = (rest(&ts), rest(&fs));
        b.before(i);
        // SAFETY: `c` is `i`'s condition; `x`, `y` and `a` are predicates of `i`'s type.
        unsafe {
            let s = LLVMBuildSelect(b.b, c.0, x, y, NONAME);
            let r = if op == LLVMAnd {
                LLVMBuildAnd(b.b, a.0, s, NONAME)
            } else {
                LLVMBuildOr(b.b, a.0, s, NONAME)
            };
            return Some(Val(r));
        }
    }
    None
}

/// An integer doubling `x + x` as `x << 1` (IGC's instruction combiner's canonical form): on
/// bytes and words the shift by a constant needs no widening copy of a second operand, which the
/// finalizer adds for an `add` of two byte sources. Elements of at most 32 bits (a 64-bit shift
/// by a constant is a sequence on platforms without 64-bit integers). Builds the replacement of
/// `i`.
fn fold_doubling(b: &Builder, i: Val) -> Option<Val> {
    if i.opcode() != LLVMOpcode::LLVMAdd || i.operand(0).0 != i.operand(1).0 || is_predicate(i) {
        return None;
    }
    if element_bits(i) > 32 {
        return None;
    }
    b.before(i);
    // SAFETY: the shift amount is a constant of `i`'s type.
    unsafe { Some(Val(LLVMBuildShl(b.b, i.operand(0).0, splat_of(i, 1), NONAME))) }
}

/// The predicate `v` negates when it is `xor p, true` (either order).
pub(super) fn negated(v: Val) -> Option<Val> {
    if !is_op(v, LLVMOpcode::LLVMXor) || !is_predicate(v) {
        return None;
    }
    let (a, c) = (v.operand(0), v.operand(1));
    if splat_int(c) == Some(-1) {
        Some(a)
    } else if splat_int(a) == Some(-1) {
        Some(c)
    } else {
        None
    }
}

/// Equality of predicates as logic, `a != b` is `a ^ b` and `a == b` is `!(a ^ b)` (so that
/// both share the `xor`, and a negation read as a condition goes, below); a choice on a negated
/// predicate as the other choice on the predicate: `select !p, t, f` is `select p, f, t`, `zext
/// !p` is `select p, 0, 1`, `sext !p` is `select p, 0, -1` (a `sel` under `(!P)` instead of a
/// `not` and a `sel`). Builds the replacement of `i`.
fn fold_negations(b: &Builder, i: Val) -> Option<Val> {
    use LLVMOpcode::*;
    match i.opcode() {
        LLVMICmp if is_predicate(i.operand(0)) => {
            let p = i.icmp_predicate();
            if !matches!(p, LLVMIntPredicate::LLVMIntEQ | LLVMIntPredicate::LLVMIntNE) {
                return None;
            }
            b.before(i);
            // SAFETY: `i`'s operands are predicates of one type; the results are of `i`'s type.
            unsafe {
                let x = LLVMBuildXor(b.b, i.operand(0).0, i.operand(1).0, NONAME);
                Some(Val(if p == LLVMIntPredicate::LLVMIntEQ { LLVMBuildNot(b.b, x, NONAME) } else { x }))
            }
        }
        LLVMSelect => {
            let p = negated(i.operand(0))?;
            b.before(i);
            // SAFETY: `p` is the condition's operand, of its type; the arms are `i`'s.
            Some(Val(unsafe { LLVMBuildSelect(b.b, p.0, i.operand(2).0, i.operand(1).0, NONAME) }))
        }
        LLVMZExt | LLVMSExt => {
            let p = negated(i.operand(0))?;
            let set = if i.opcode() == LLVMZExt { 1 } else { u64::MAX };
            b.before(i);
            // SAFETY: `p` is a predicate of the extended operand's shape; the constants are of
            // `i`'s type.
            Some(Val(unsafe { LLVMBuildSelect(b.b, p.0, LLVMConstNull(i.ty().0), splat_of(i, set), NONAME) }))
        }
        _ => None,
    }
}

/// The opcode of `v` when it is an instruction.
fn opcode_of(v: Val) -> Option<LLVMOpcode> {
    v.is_instruction().then(|| v.opcode())
}

/// Whether some fold above may apply to instruction `i` of opcode `op`: a cheap necessary
/// condition of each (its opcode, and the opcode of the operand it looks through), asked before
/// the folds themselves.
fn may_fold(i: Val, op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    match op {
        LLVMShl | LLVMLShr | LLVMAShr | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMAdd | LLVMSub => {
            let (a, c) = (i.operand(0), i.operand(1));
            let (oa, oc) = (opcode_of(a), opcode_of(c));
            let choice = |o: Option<LLVMOpcode>| matches!(o, Some(LLVMZExt | LLVMSExt | LLVMSelect));
            // a shift of a shift, a choice between constants, a doubling
            matches!(op, LLVMShl | LLVMLShr | LLVMAShr) && matches!(oa, Some(LLVMShl | LLVMLShr))
                || op != LLVMLShr && op != LLVMAShr && (choice(oa) || choice(oc))
                || op == LLVMAdd && a.0 == c.0
        }
        // the selects of predicates, a select on a negation
        LLVMSelect => true,
        // a compare of predicates
        LLVMICmp => is_predicate(i.operand(0)),
        // an extended negation
        LLVMZExt | LLVMSExt => opcode_of(i.operand(0)) == Some(LLVMXor),
        _ => false,
    }
}

/// Applies the folds above to every instruction of `f` (and to their results in turn); returns
/// how many instructions it replaced.
fn fold_operations(b: &Builder, f: Val) -> usize {
    let mut n = 0;
    for i in f.each_instruction() {
        if !may_fold(i, i.opcode()) {
            continue;
        }
        let mut current = i;
        while let Some(next) = fold_shift(b, current)
            .or_else(|| fold_choice_of_constants(b, current))
            .or_else(|| fold_predicate_select(b, current))
            .or_else(|| fold_select_common_term(b, current))
            .or_else(|| fold_doubling(b, current))
            .or_else(|| fold_negations(b, current))
        {
            // SAFETY: `next` is of `current`'s type and computes its value, built before it.
            unsafe {
                LLVMReplaceAllUsesWith(current.0, next.0);
                LLVMInstructionEraseFromParent(current.0);
            }
            current = next;
            n += 1;
        }
    }
    n
}

/// Whether `f` calls a SIMD control flow intrinsic (its branches are the SIMD control flow
/// lowering's, left as they are).
pub(super) fn calls_simd_cf(f: Val) -> bool {
    f.each_instruction().any(|i| {
        i.opcode() == LLVMOpcode::LLVMCall && {
            let callee = i.called_value();
            callee.is_function() && callee.name_starts_with("llvm.genx.simdcf.")
        }
    })
}

/// Whether `f` computes a value nothing uses (other than by a call): the simplifier would remove
/// it, and with it the error the selection gives for an operation the platform lacks; such a
/// function is left as it is.
pub(super) fn has_unused_values(f: Val) -> bool {
    f.each_instruction().any(|i| {
        i.opcode() != LLVMOpcode::LLVMCall
            && i.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind
            && !i.has_users()
    })
}

/// [`calls_simd_cf`] of `f`, or `None` when [`has_unused_values`] of `f` holds: both questions
/// in one walk over the function.
fn simd_cf_unless_unused(f: Val) -> Option<bool> {
    let mut simd_cf = false;
    for i in f.each_instruction() {
        if i.opcode() == LLVMOpcode::LLVMCall {
            simd_cf = simd_cf || {
                let callee = i.called_value();
                callee.is_function() && callee.name_starts_with("llvm.genx.simdcf.")
            };
        } else if i.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind && !i.has_users() {
            return None;
        }
    }
    Some(simd_cf)
}

/// Which of the rewrites of a round of the algebra may change a function, from one walk over it
/// (each a necessary condition of the rewrite: one that is not flagged would change nothing).
#[derive(Default)]
struct Candidates {
    /// A signed compare of predicates ([`canonical_predicate_compares`]).
    compares: bool,
    /// An instruction one of the folds may apply to ([`may_fold`], [`fold_operations`]).
    operations: bool,
    /// A block with two predicate operations ([`predicate_key`], [`reuse_predicates`]).
    repeats: bool,
}

impl Candidates {
    /// The candidates of function `f` as it is.
    fn of(f: Val) -> Candidates {
        use LLVMOpcode::*;
        let mut c = Candidates::default();
        for block in f.blocks() {
            let mut predicate_operations = 0;
            for i in block.each_instruction() {
                let op = i.opcode();
                if op == LLVMICmp && is_predicate(i.operand(0)) {
                    c.compares = c.compares || unsigned_swapped(i.icmp_predicate()).is_some();
                }
                c.operations = c.operations || may_fold(i, op);
                if matches!(op, LLVMICmp | LLVMFCmp | LLVMAnd | LLVMOr | LLVMXor | LLVMSelect)
                    && is_predicate(i)
                {
                    predicate_operations += 1;
                }
            }
            c.repeats = c.repeats || predicate_operations >= 2;
        }
        c
    }
}

/// Whether `f` has an instruction the rewrites after the rounds look for: a select, or an
/// extension (a choice between constants on a predicate, see [`choice_of_constants`]), which
/// every predicated update and every select split has.
fn has_choices(f: Val) -> bool {
    use LLVMOpcode::*;
    f.each_instruction().any(|i| matches!(i.opcode(), LLVMSelect | LLVMZExt | LLVMSExt))
}

/// Runs the folds over every defined function of `m`.
pub fn simplify_algebra(m: &ModuleRef) {
    let mut defined: Vec<Val> = Vec::new();
    let mut plain_flow: Vec<bool> = Vec::new();
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        if let Some(simd_cf) = simd_cf_unless_unused(f) {
            defined.push(f);
            plain_flow.push(!simd_cf);
        }
    }
    let b = Builder::new(m);
    for (&f, &plain) in defined.iter().zip(&plain_flow) {
        if plain {
            super::select_diamonds::select_diamonds(f);
        }
    }
    // twice where the first round changed something: the simplifier's constants open more
    // folds (a compare of equal predicates is `true`, its extension a constant). A rewrite runs
    // where one before it in the round changed something, or where its candidates (from one walk
    // over the function as the round found it) are. The simplifier runs again only on a
    // function that changed since its last run: `settled` says that run changed nothing and
    // nothing changed the function since. The simplifier's result is a function of the function
    // alone (its analyses are built afresh on each run) and a run that changes nothing touches
    // nothing, so a run then would change nothing either: skipping it is exact.
    let rounds = |f: Val| {
        let mut settled = false;
        for _ in 0..2 {
            let candidates = Candidates::of(f);
            let compares = if candidates.compares { canonical_predicate_compares(&b, f) } else { 0 };
            let operations = if candidates.operations || compares > 0 { fold_operations(&b, f) } else { 0 };
            let repeats =
                if candidates.repeats || compares + operations > 0 { reuse_predicates(f) } else { 0 };
            let folded = compares + operations + repeats + super::unroll::known_on_edges(f);
            let simplified = (folded > 0 || !settled) && super::simplify_instructions(f);
            if folded == 0 && !simplified {
                break;
            }
            settled = !simplified;
        }
    };
    for &f in &defined {
        rounds(f);
    }
    // Counted loops of a few trips unrolled, and their copies folded in turn.
    let unrolled: Vec<Val> =
        defined.iter().copied().filter(|&f| super::unroll::has_small_counted_loop(f)).collect();
    super::unroll::unroll_loops(m, &unrolled);
    for &f in &unrolled {
        rounds(f);
    }
    // Last, on the folded code: additions of a constant on a predicate as predicated updates.
    // Then selects on an `and` or an `or` of predicates as two selects.
    // (neither makes a select or an extension: where the first finds none, so does the second)
    for &f in &defined {
        if has_choices(f) {
            super::predicated_update::predicated_updates(&b, f);
            super::predicate_selects::split_predicate_selects(&b, f);
        }
    }
}
