//! Constant arguments of subroutines: in a kernel unit, a subroutine parameter that every call
//! of the subroutine passes the same constant becomes that constant in the subroutine's body,
//! and the parameter goes from its signature and from every call (Intel's Vector Compiler gets
//! the same from LLVM's interprocedural constant propagation before GenX).
//!
//! A kernel's surface argument (but a bindless buffer) and its sampler argument count as
//! constants here: their binding-table and sampler indices are fixed by their places among the
//! kernel's arguments (`genx.kernels` metadata), so a surface or sampler passed down to a
//! subroutine is a constant index in it, and the message there needs no index copied through
//! the subroutine's argument variable. A unit's subroutines are its own clones, so every call of
//! one is in the unit; the rewrite repeats until nothing changes, so a constant passed through a
//! chain of calls reaches the innermost subroutine.

use crate::ir::{Constant, FuncId, Function, InstKind, Value};
use crate::metadata::Kernel;
use crate::types::Elem;
use crate::units::{is_declaration, is_stack_function};
use la_arena::Arena;

/// Replaces, in the unit of `entry` (with `kernel`'s metadata), every subroutine parameter that
/// all calls pass the same constant by the constant, and takes the parameter out of the
/// subroutine's signature and its calls. Returns how many parameters went.
pub fn propagate_constant_arguments(
    functions: &mut Arena<Function>,
    entry: FuncId,
    kernel: &Kernel,
) -> usize {
    let mut removed = 0;
    loop {
        let subroutines: Vec<FuncId> = functions
            .iter()
            .filter(|&(id, f)| id != entry && !is_declaration(f) && !is_stack_function(f))
            .map(|(id, _)| id)
            .collect();
        let mut changed = false;
        for s in subroutines {
            // the highest parameter first, so the lower ones keep their numbers
            for p in (0..functions[s].params.len()).rev() {
                if let Some(c) = constant_argument(functions, entry, kernel, s, p) {
                    drop_parameter(functions, s, p, c);
                    removed += 1;
                    changed = true;
                }
            }
        }
        if !changed {
            return removed;
        }
    }
}

/// The constant every call of subroutine `s` passes as parameter `p`, if they all pass the same
/// one (and there is a call). An `i1` parameter (a predicate) is left alone.
fn constant_argument(
    functions: &Arena<Function>,
    entry: FuncId,
    kernel: &Kernel,
    s: FuncId,
    p: usize,
) -> Option<Constant> {
    let ty = *functions[s].params.get(p)?;
    if ty.elem() == Some(Elem::I1) {
        return None;
    }
    let mut found: Option<Constant> = None;
    for (caller, f) in functions.iter() {
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                match &f.insts[i].kind {
                    InstKind::Call { callee, args } if *callee == s => {
                        let c = known_constant(f, caller == entry, kernel, *args.get(p)?)?;
                        if c.is_undef() || c.ty != ty || found.as_ref().is_some_and(|k| *k != c) {
                            return None;
                        }
                        found = Some(c);
                    }
                    // a subroutine whose address is taken is called in ways not seen here
                    InstKind::FuncAddr(callee) if *callee == s => return None,
                    _ => {}
                }
            }
        }
    }
    found
}

/// The constant `v` is in `f`: a constant, or, in the kernel (`in_kernel`), a surface argument
/// (its binding-table index, but for a bindless buffer) or a sampler argument (its index).
fn known_constant(f: &Function, in_kernel: bool, kernel: &Kernel, v: Value) -> Option<Constant> {
    match v {
        Value::Const(_) => f.as_const(v).cloned(),
        Value::Param(p) if in_kernel => {
            let p = p as usize;
            let index = if kernel.is_bindless_buffer(p) {
                None
            } else {
                kernel.binding_table_index(p).or_else(|| kernel.sampler_index(p))
            }?;
            Some(Constant::int(Elem::I32, i64::from(index))).filter(|c| Some(&c.ty) == f.params.get(p))
        }
        _ => None,
    }
}

/// Makes parameter `p` of subroutine `s` the constant `c` in its body, and takes it out of the
/// signature (the later parameters move down by one) and out of every call of `s`.
fn drop_parameter(functions: &mut Arena<Function>, s: FuncId, p: usize, c: Constant) {
    let f = &mut functions[s];
    let value = f.add_const(c);
    let p32 = p as u32;
    let swap = |v: Value| match v {
        Value::Param(q) if q == p32 => value,
        Value::Param(q) if q > p32 => Value::Param(q - 1),
        v => v,
    };
    let ids: Vec<_> = f.insts.iter().map(|(id, _)| id).collect();
    for i in ids {
        f.insts[i].kind.map_operands(swap);
    }
    let blocks: Vec<_> = f.blocks.iter().map(|(id, _)| id).collect();
    for b in blocks {
        f.blocks[b].term.map_operands(swap);
    }
    f.params.remove(p);
    if p < f.param_names.len() {
        f.param_names.remove(p);
    }
    for (_, f) in functions.iter_mut() {
        for (_, inst) in f.insts.iter_mut() {
            if let InstKind::Call { callee, args } = &mut inst.kind {
                if *callee == s && p < args.len() {
                    args.remove(p);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Terminator;
    use crate::ir::{BinOp, Inst, Linkage};
    use crate::metadata::{ArgCategory, ImplicitArg, IoKind, KernelArg};
    use crate::types::Type;

    /// Whether a terminator reads parameter `p`.
    fn term_reads(t: &Terminator, p: u32) -> bool {
        t.operands().contains(&Value::Param(p))
    }

    /// A unit: a kernel calling `sub(a, b)` twice; `sub` returns `a + b`.
    fn unit(
        first: [Value; 2],
        second: [Value; 2],
        kernel_params: usize,
    ) -> (Arena<Function>, FuncId, FuncId) {
        let i32t = Type::Scalar(Elem::I32);
        let mut functions = Arena::new();
        let mut sub = Function::new("sub", Linkage::Internal, vec![i32t, i32t], i32t);
        let b = sub.add_block("entry");
        let add = InstKind::Binary { op: BinOp::Add, lhs: Value::Param(0), rhs: Value::Param(1) };
        let sum = sub.push_inst(b, Inst { kind: add, ty: i32t, name: "s".into() });
        sub.blocks[b].term = Terminator::Ret(Some(sum));
        let sub = functions.alloc(sub);
        let mut k = Function::new("k", Linkage::Kernel, vec![i32t; kernel_params], Type::Void);
        let b = k.add_block("entry");
        for args in [first, second] {
            let args = args
                .iter()
                .map(|&v| match v {
                    Value::Const(c) => k.add_const(Constant::int(Elem::I32, u32::from(c.into_raw()) as i64)),
                    v => v,
                })
                .collect();
            k.push_inst(
                b,
                Inst { kind: InstKind::Call { callee: sub, args }, ty: i32t, name: String::new() },
            );
        }
        k.blocks[b].term = Terminator::Ret(None);
        let k = functions.alloc(k);
        (functions, k, sub)
    }

    /// A constant argument written as a value: the number is the constant (see `unit`).
    fn c(n: u32) -> Value {
        Value::Const(la_arena::Idx::from_raw(la_arena::RawIdx::from_u32(n)))
    }

    fn kernel_with(func: FuncId, categories: &[ArgCategory]) -> Kernel {
        let arg = |category| KernelArg {
            kind_code: 0,
            category,
            implicit: ImplicitArg::None,
            offset: None,
            size: 4,
            io_kind: IoKind::Normal,
            type_desc: String::new(),
            ty: Type::Scalar(Elem::I32),
            pointer: None,
        };
        Kernel::synthesized(func, "k".into(), categories.iter().map(|&c| arg(c)).collect())
    }

    #[test]
    fn same_constant_at_every_call_becomes_the_constant() {
        let (mut fs, k, sub) = unit([c(5), Value::Param(0)], [c(5), Value::Param(0)], 1);
        let kernel = kernel_with(k, &[ArgCategory::General]);
        assert_eq!(propagate_constant_arguments(&mut fs, k, &kernel), 1);
        assert_eq!(fs[sub].params.len(), 1);
        let (_, add) = fs[sub].insts.iter().next().unwrap();
        let InstKind::Binary { lhs: a, rhs: b, .. } = add.kind else { panic!("not the add") };
        assert_eq!(fs[sub].as_const(a).and_then(Constant::splat_value), Some(5));
        assert_eq!(b, Value::Param(0));
        for (_, i) in fs[k].insts.iter() {
            let InstKind::Call { args, .. } = &i.kind else { continue };
            assert_eq!(args, &vec![Value::Param(0)]);
        }
        assert!(!term_reads(&fs[sub].blocks[fs[sub].layout[0]].term, 1));
    }

    #[test]
    fn different_constants_or_a_general_argument_stay_parameters() {
        let (mut fs, k, sub) = unit([c(5), Value::Param(0)], [c(6), Value::Param(0)], 1);
        let kernel = kernel_with(k, &[ArgCategory::General]);
        assert_eq!(propagate_constant_arguments(&mut fs, k, &kernel), 0);
        assert_eq!(fs[sub].params.len(), 2);
    }

    #[test]
    fn a_surface_argument_is_its_binding_table_index() {
        // surface arguments at 0 and 2 of the kernel: binding-table indices 0 and 1
        let (mut fs, k, sub) = unit([Value::Param(2), c(1)], [c(1), c(1)], 3);
        let kernel = kernel_with(k, &[ArgCategory::Surface, ArgCategory::General, ArgCategory::Surface]);
        assert_eq!(propagate_constant_arguments(&mut fs, k, &kernel), 2);
        assert!(fs[sub].params.is_empty());
        let (_, add) = fs[sub].insts.iter().next().unwrap();
        let InstKind::Binary { lhs: a, rhs: b, .. } = add.kind else { panic!("not the add") };
        assert_eq!(fs[sub].as_const(a).and_then(Constant::splat_value), Some(1));
        assert_eq!(fs[sub].as_const(b).and_then(Constant::splat_value), Some(1));
    }

    #[test]
    fn a_sampler_argument_is_its_sampler_index_and_a_general_one_is_not_constant() {
        // sampler 1 or the constant 1, and sampler 0 at both calls
        let (mut fs, k, sub) = unit([Value::Param(1), Value::Param(0)], [c(1), Value::Param(0)], 2);
        let kernel = kernel_with(k, &[ArgCategory::Sampler, ArgCategory::Sampler]);
        assert_eq!(propagate_constant_arguments(&mut fs, k, &kernel), 2);
        assert!(fs[sub].params.is_empty());
        let kernel = kernel_with(k, &[ArgCategory::General, ArgCategory::General]);
        let (mut fs, k, sub) = unit([Value::Param(1), Value::Param(0)], [c(1), Value::Param(0)], 2);
        assert_eq!(propagate_constant_arguments(&mut fs, k, &kernel), 0);
        assert_eq!(fs[sub].params.len(), 2);
    }
}
