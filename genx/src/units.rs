//! Kernel units: a kernel plus its own copy of every internal subroutine it reaches.
//!
//! The call graph of the module is a petgraph graph over its functions. Each kernel gets a unit
//! holding clones of the functions it reaches through direct calls, renamed `<name>_<kernel>` when
//! the subroutine is shared by several kernels, with call sites pointing into the unit. Units share
//! nothing, so later passes run on them in parallel. Recursion is diagnosed with the cycle; calls of
//! external (non-kernel) functions need the stack-call ABI and are reported as unsupported.

use crate::ir::{FuncId, Function, InstKind, Linkage, Module};
use crate::metadata::Kernel;
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{unsupported, Diagnostic};
use la_arena::Arena;
use petgraph::graphmap::DiGraphMap;

/// One kernel and the functions it calls, self-contained.
#[derive(Clone, Debug)]
pub struct KernelUnit {
    /// The kernel's metadata; `kernel.func` is `entry` in `functions`.
    pub kernel: Kernel,
    /// The kernel function, then the subroutines it reaches in first-call order.
    pub functions: Arena<Function>,
    /// The kernel function's id in `functions`.
    pub entry: FuncId,
}

fn call_graph(module: &Module) -> DiGraphMap<FuncId, ()> {
    let mut g = DiGraphMap::new();
    for (id, f) in module.functions.iter() {
        g.add_node(id);
        for (_, inst) in f.insts.iter() {
            if let InstKind::Call { callee, .. } = inst.kind {
                g.add_edge(id, callee, ());
            }
        }
    }
    g
}

/// Functions reachable from `root` in first-call order (depth first, calls in instruction order).
fn reachable(module: &Module, root: FuncId) -> Vec<FuncId> {
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() {
        let f = &module.functions[order[i]];
        for &b in &f.layout {
            for &inst in &f.blocks[b].insts {
                if let InstKind::Call { callee, .. } = f.insts[inst].kind {
                    if !order.contains(&callee) {
                        order.push(callee);
                    }
                }
            }
        }
        i += 1;
    }
    order
}

fn cycle_through(g: &DiGraphMap<FuncId, ()>, module: &Module, start: FuncId) -> Option<String> {
    // Depth-first search for a path back to a function on the current stack.
    fn dfs(
        g: &DiGraphMap<FuncId, ()>,
        n: FuncId,
        stack: &mut Vec<FuncId>,
        done: &mut Vec<FuncId>,
    ) -> Option<Vec<FuncId>> {
        if let Some(pos) = stack.iter().position(|&s| s == n) {
            let mut cyc = stack[pos..].to_vec();
            cyc.push(n);
            return Some(cyc);
        }
        if done.contains(&n) {
            return None;
        }
        stack.push(n);
        for m in g.neighbors(n) {
            if let Some(c) = dfs(g, m, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.push(n);
        None
    }
    let cyc = dfs(g, start, &mut Vec::new(), &mut Vec::new())?;
    Some(cyc.iter().map(|&f| format!("@{}", module.functions[f].name)).collect::<Vec<_>>().join(" -> "))
}

/// Builds one unit per kernel, in metadata order.
pub fn build_units(module: &Module) -> Result<Vec<KernelUnit>, Vec<Diagnostic>> {
    let g = call_graph(module);
    let mut diags = Vec::new();
    // How many kernels reach each function: shared subroutines get the kernel name appended.
    let reach: Vec<Vec<FuncId>> = module.kernels.iter().map(|k| reachable(module, k.func)).collect();
    let mut users: HashMap<FuncId, usize> = HashMap::new();
    for r in &reach {
        for &f in &r[1..] {
            *users.entry(f).or_default() += 1;
        }
    }
    let mut units = Vec::new();
    for (kernel, order) in module.kernels.iter().zip(&reach) {
        if let Some(cycle) = cycle_through(&g, module, kernel.func) {
            diags.push(Diagnostic::in_function(
                module.functions[kernel.func].name.clone(),
                None,
                format!("recursion is not supported by the GenX backend: {cycle}"),
            ));
            continue;
        }
        let mut bad = false;
        for &f in &order[1..] {
            let func = &module.functions[f];
            if func.linkage != Linkage::Internal {
                bad = true;
                diags.push(Diagnostic::in_function(
                    func.name.clone(),
                    None,
                    unsupported(format!(
                        "kernel '{}' calls the non-kernel function @{} (stack calls); make it internal to have it cloned into the kernel",
                        kernel.name, func.name
                    )),
                ));
            }
        }
        if bad {
            continue;
        }
        let mut functions = Arena::new();
        let mut map = HashMap::new();
        for &f in order {
            let mut clone = module.functions[f].clone();
            if f != kernel.func && users.get(&f).copied().unwrap_or(0) > 1 {
                clone.name = format!("{}_{}", clone.name, kernel.name);
            }
            map.insert(f, functions.alloc(clone));
        }
        for (_, func) in functions.iter_mut() {
            for (_, inst) in func.insts.iter_mut() {
                if let InstKind::Call { callee, .. } = &mut inst.kind {
                    *callee = map[callee];
                }
            }
        }
        let entry = map[&kernel.func];
        units.push(KernelUnit { kernel: Kernel { func: entry, ..kernel.clone() }, functions, entry });
    }
    if diags.is_empty() {
        Ok(units)
    } else {
        Err(diags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Inst, Terminator};
    use crate::metadata::build_kernels;
    use crate::platform::Platform;
    use crate::types::Type;

    fn func(m: &mut Module, name: &str, linkage: Linkage, calls: &[FuncId]) -> FuncId {
        let mut f = Function::new(name, linkage, vec![], Type::Void);
        let b = f.add_block("entry");
        for &c in calls {
            f.push_inst(
                b,
                Inst {
                    kind: InstKind::Call { callee: c, args: vec![] },
                    ty: Type::Void,
                    name: String::new(),
                },
            );
        }
        f.blocks[b].term = Terminator::Ret(None);
        m.functions.alloc(f)
    }

    fn set_calls(m: &mut Module, f: FuncId, calls: &[FuncId]) {
        let func = &mut m.functions[f];
        let b = func.entry().unwrap();
        for &c in calls {
            func.push_inst(
                b,
                Inst {
                    kind: InstKind::Call { callee: c, args: vec![] },
                    ty: Type::Void,
                    name: String::new(),
                },
            );
        }
    }

    #[test]
    fn shared_subroutines_are_cloned_and_renamed() {
        let mut m = Module::default();
        let leaf = func(&mut m, "leaf", Linkage::Internal, &[]);
        let smooth = func(&mut m, "smooth", Linkage::Internal, &[leaf]);
        let only_a = func(&mut m, "only_a", Linkage::Internal, &[]);
        func(&mut m, "a", Linkage::Kernel, &[smooth, smooth, only_a]);
        func(&mut m, "b", Linkage::Kernel, &[smooth]);
        m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
        let units = build_units(&m).unwrap();
        assert_eq!(units.len(), 2);
        let names = |u: &KernelUnit| u.functions.iter().map(|(_, f)| f.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&units[0]), vec!["a", "smooth_a", "only_a", "leaf_a"]);
        assert_eq!(names(&units[1]), vec!["b", "smooth_b", "leaf_b"]);
        // Every call points inside its own unit.
        for u in &units {
            for (_, f) in u.functions.iter() {
                for (_, i) in f.insts.iter() {
                    if let InstKind::Call { callee, .. } = i.kind {
                        assert!(u.functions.iter().any(|(id, _)| id == callee));
                    }
                }
            }
            assert_eq!(u.kernel.func, u.entry);
        }
    }

    #[test]
    fn recursion_is_diagnosed_with_its_cycle() {
        let mut m = Module::default();
        let x = func(&mut m, "x", Linkage::Internal, &[]);
        let y = func(&mut m, "y", Linkage::Internal, &[x]);
        set_calls(&mut m, x, &[y]);
        func(&mut m, "k", Linkage::Kernel, &[x]);
        m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
        let e = build_units(&m).unwrap_err();
        assert!(
            e[0].message.contains("recursion is not supported by the GenX backend: @x -> @y -> @x"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn calls_of_external_functions_are_unsupported() {
        let mut m = Module::default();
        let ext = func(&mut m, "ext", Linkage::External, &[]);
        func(&mut m, "k", Linkage::Kernel, &[ext]);
        m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
        let e = build_units(&m).unwrap_err();
        assert!(
            e[0].kind == genxc_diag::Kind::Unsupported
                && e[0].to_string().starts_with(
                    "error: in function @ext: unsupported: kernel 'k' calls the non-kernel function @ext"
                ),
            "{}",
            e[0]
        );
    }
}
