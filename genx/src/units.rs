//! Kernel units: a kernel plus its own copy of every internal subroutine it reaches, and one unit
//! per stack function the kernels reach.
//!
//! The call graph of the module is a petgraph graph over its functions. Each kernel gets a unit
//! holding clones of the subroutines it reaches through direct calls, renamed `<name>_<kernel>`
//! when the subroutine is shared by several units, with call sites pointing into the unit. A
//! stack function (a non-internal, non-kernel function: `external` linkage or `"CMStackCall"`) is
//! not cloned: it is compiled once, as its own unit ([`UnitRole::StackFunction`], a vISA
//! `.global_function`), and the units calling it hold a body-less declaration of it that their
//! calls point to (a stack call, `fcall`); a declared-only function is such a declaration too (a
//! call resolved at link time). Units share nothing, so later passes run on them in parallel.
//! Recursion through subroutines is diagnosed with the cycle; recursion through a stack function
//! is a stack call like any other. A function whose address a unit takes (`faddr`, for indirect
//! calls), or whose address the initializer of a global the unit takes the address of holds, is
//! a stack function reached like a called one: the unit holds a declaration of it, and its body
//! is a unit of its own in the file of every kernel that reaches it.

use crate::ir::{FuncId, Function, InstKind, Linkage, Module};
use crate::metadata::Kernel;
use foldhash::{HashMap, HashMapExt};
use genxc_diag::Diagnostic;
use la_arena::Arena;
use petgraph::graphmap::DiGraphMap;

/// What the entry of a unit is compiled as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitRole {
    /// A kernel (a vISA `.kernel`).
    Kernel,
    /// A stack function (a vISA `.global_function`, called with `fcall`); its metadata is a
    /// placeholder without arguments.
    StackFunction,
}

/// One kernel (or stack function) and the functions it calls, self-contained.
#[derive(Clone, Debug)]
pub struct KernelUnit {
    /// The kernel's metadata; `kernel.func` is `entry` in `functions`.
    pub kernel: Kernel,
    /// The entry function, then the subroutines it reaches in first-call order, then body-less
    /// declarations of the stack functions it calls.
    pub functions: Arena<Function>,
    /// The entry function's id in `functions`.
    pub entry: FuncId,
    /// Whether the entry is a kernel or a stack function.
    pub role: UnitRole,
    /// The stack functions the unit calls that the module declares without a body (resolved at
    /// link time), by name.
    pub linked: Vec<String>,
}

impl KernelUnit {
    /// The stack functions the unit calls (defined in the module or declared only), by name.
    pub fn stack_callees(&self) -> Vec<String> {
        self.functions.iter().filter(|(_, f)| is_declaration(f)).map(|(_, f)| f.name.clone()).collect()
    }
}

/// Whether `f` is a body-less declaration (of a stack function or a declared-only function).
pub fn is_declaration(f: &Function) -> bool {
    f.layout.is_empty()
}

/// Whether `f` is called as a stack function: not a kernel, not an internal subroutine.
pub fn is_stack_function(f: &Function) -> bool {
    f.linkage == Linkage::External
}

fn call_graph(module: &Module) -> DiGraphMap<FuncId, ()> {
    let mut g = DiGraphMap::new();
    for (id, f) in module.functions.iter() {
        g.add_node(id);
        for (_, inst) in f.insts.iter() {
            if let InstKind::Call { callee, .. } = inst.kind {
                if !is_stack_function(&module.functions[callee]) {
                    g.add_edge(id, callee, ());
                }
            }
        }
    }
    g
}

/// Functions reachable from `root` in first-call order (depth first, calls in instruction order),
/// not looking into the stack functions called (they are in the list, their callees are not,
/// unless `root` reaches them another way).
fn reachable(module: &Module, root: FuncId) -> Vec<FuncId> {
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() {
        if i > 0 && is_stack_function(&module.functions[order[i]]) {
            i += 1;
            continue;
        }
        let f = &module.functions[order[i]];
        for &b in &f.layout {
            for &inst in &f.blocks[b].insts {
                match &f.insts[inst].kind {
                    &(InstKind::Call { callee, .. } | InstKind::FuncAddr(callee))
                        if !order.contains(&callee) =>
                    {
                        order.push(callee);
                    }
                    InstKind::GlobalAddr(symbol) => {
                        for callee in functions_in_data(module, symbol) {
                            if !order.contains(&callee) {
                                order.push(callee);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        i += 1;
    }
    order
}

/// The functions whose addresses the initializer of data global `symbol` holds, directly or
/// through the globals whose addresses it holds.
fn functions_in_data(module: &Module, symbol: &str) -> Vec<FuncId> {
    let globals = module.kernels.first().map_or(&[][..], |k| &k.globals[..]);
    let mut seen = vec![symbol.to_string()];
    let mut found = Vec::new();
    let mut i = 0;
    while i < seen.len() {
        if let Some(g) = globals.iter().find(|g| g.name == seen[i]) {
            for r in &g.relocs {
                if let Some(f) = module.function_by_name(&r.symbol) {
                    if !found.contains(&f) {
                        found.push(f);
                    }
                } else if !seen.contains(&r.symbol) {
                    seen.push(r.symbol.clone());
                }
            }
        }
        i += 1;
    }
    found
}

/// The functions the module only declares that `root` calls or takes the address of, itself or
/// through the subroutines and stack functions it reaches, by name in first-reached order: the
/// symbols the link step must resolve for it.
pub fn external_functions(module: &Module, root: FuncId) -> Vec<String> {
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() {
        let f = &module.functions[order[i]];
        for &b in &f.layout {
            for &inst in &f.blocks[b].insts {
                if let InstKind::Call { callee, .. } | InstKind::FuncAddr(callee) = f.insts[inst].kind {
                    if !order.contains(&callee) {
                        order.push(callee);
                    }
                }
            }
        }
        i += 1;
    }
    order
        .into_iter()
        .map(|f| &module.functions[f])
        .filter(|f| is_stack_function(f) && is_declaration(f))
        .map(|f| f.name.clone())
        .collect()
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

/// Builds one unit per kernel, in metadata order, then one per defined stack function the
/// kernels reach (directly or through other stack functions), in first-reached order.
pub fn build_units(module: &Module) -> Result<Vec<KernelUnit>, Vec<Diagnostic>> {
    let plan = plan_units(module)?;
    Ok(assemble_units(module, &plan, &mut HashMap::new()))
}

/// [`build_units`], moving into its unit every body only one unit holds (a kernel, a subroutine
/// of one kernel) instead of copying it: `module` keeps its kernels' metadata and its stack
/// functions, and the functions moved out are left as shells without blocks (name, linkage and
/// signature). On an error `module` is untouched.
pub fn take_units(module: &mut Module) -> Result<Vec<KernelUnit>, Vec<Diagnostic>> {
    let plan = plan_units(module)?;
    // how many units hold each function's body
    let mut holders: HashMap<FuncId, usize> = HashMap::new();
    for order in &plan.reach {
        for &f in order {
            *holders.entry(f).or_default() += 1;
        }
    }
    let mut taken = HashMap::new();
    for (f, n) in holders {
        let func = &module.functions[f];
        if n == 1 && !is_stack_function(func) {
            let shell = Function::new(func.name.clone(), func.linkage, func.params.clone(), func.ret);
            taken.insert(f, std::mem::replace(&mut module.functions[f], shell));
        }
    }
    Ok(assemble_units(module, &plan, &mut taken))
}

/// The units of a module before their functions are copied: each root (a kernel with its index
/// in the metadata, or a stack function) and the functions it reaches ([`reachable`]), and how
/// many units reach each subroutine.
struct UnitPlan {
    roots: Vec<(FuncId, Option<usize>)>,
    reach: Vec<Vec<FuncId>>,
    users: HashMap<FuncId, usize>,
}

/// Finds the units' roots and what they reach; recursion through subroutines is an error, one
/// per root whose unit would hold a cycle.
fn plan_units(module: &Module) -> Result<UnitPlan, Vec<Diagnostic>> {
    let g = call_graph(module);
    let mut diags = Vec::new();
    // The roots: kernels, then stack functions with a body as they are reached.
    let mut roots: Vec<(FuncId, Option<usize>)> =
        module.kernels.iter().enumerate().map(|(k, kernel)| (kernel.func, Some(k))).collect();
    let mut reach: Vec<Vec<FuncId>> = Vec::new();
    let mut i = 0;
    while i < roots.len() {
        let r = reachable(module, roots[i].0);
        for &f in &r[1..] {
            let func = &module.functions[f];
            if is_stack_function(func) && !is_declaration(func) && !roots.iter().any(|(x, _)| *x == f) {
                roots.push((f, None));
            }
        }
        reach.push(r);
        i += 1;
    }
    // How many units reach each subroutine: shared subroutines get the unit's name appended.
    let mut users: HashMap<FuncId, usize> = HashMap::new();
    for r in &reach {
        for &f in &r[1..] {
            *users.entry(f).or_default() += 1;
        }
    }
    for &(root, _) in &roots {
        if let Some(cycle) = cycle_through(&g, module, root) {
            diags.push(Diagnostic::in_function(
                module.functions[root].name.clone(),
                None,
                format!(
                    "recursion is not supported by the GenX backend through subroutines: {cycle} (make a function of the cycle a stack function: external linkage or \"CMStackCall\")"
                ),
            ));
        }
    }
    if diags.is_empty() {
        Ok(UnitPlan { roots, reach, users })
    } else {
        Err(diags)
    }
}

/// The units of `plan`, each holding its functions: those of `taken` moved in, the others copied
/// from `module`.
fn assemble_units(
    module: &Module,
    plan: &UnitPlan,
    taken: &mut HashMap<FuncId, Function>,
) -> Vec<KernelUnit> {
    let mut units = Vec::new();
    for (&(root, kernel), order) in plan.roots.iter().zip(&plan.reach) {
        let kernel = kernel.map(|k| &module.kernels[k]);
        let root_name = &module.functions[root].name;
        let unit_name = kernel.map_or(root_name.as_str(), |k| k.name.as_str());
        let mut functions = Arena::new();
        // Bodies (the entry and its subroutines), and declarations of the stack functions called.
        let mut bodies = HashMap::new();
        let mut decls = HashMap::new();
        for &f in order {
            let func = &module.functions[f];
            if f != root && is_stack_function(func) {
                continue;
            }
            let mut clone = taken.remove(&f).unwrap_or_else(|| func.clone());
            if f != root && plan.users.get(&f).copied().unwrap_or(0) > 1 {
                clone.name = format!("{}_{}", clone.name, unit_name);
            }
            bodies.insert(f, functions.alloc(clone));
        }
        let ids: Vec<FuncId> = order.iter().filter_map(|f| bodies.get(f).copied()).collect();
        for id in ids {
            let callees: Vec<FuncId> = functions[id]
                .insts
                .iter()
                .filter_map(|(_, i)| match i.kind {
                    InstKind::Call { callee, .. } | InstKind::FuncAddr(callee) => Some(callee),
                    _ => None,
                })
                .collect();
            for c in callees {
                let func = &module.functions[c];
                if is_stack_function(func) && !decls.contains_key(&c) {
                    let decl =
                        Function::new(func.name.clone(), Linkage::External, func.params.clone(), func.ret);
                    decls.insert(c, functions.alloc(decl));
                }
            }
        }
        // the stack functions reached through the addresses globals hold: declared too, so the
        // unit's file carries them (a call through such an address needs their code)
        for &f in order {
            let func = &module.functions[f];
            if f != root && is_stack_function(func) && !decls.contains_key(&f) {
                let decl = Function::new(func.name.clone(), Linkage::External, func.params.clone(), func.ret);
                decls.insert(f, functions.alloc(decl));
            }
        }
        for (_, func) in functions.iter_mut() {
            for (_, inst) in func.insts.iter_mut() {
                if let InstKind::Call { callee, .. } | InstKind::FuncAddr(callee) = &mut inst.kind {
                    *callee = decls.get(callee).copied().unwrap_or_else(|| bodies[callee]);
                }
            }
        }
        let entry = bodies[&root];
        let (kernel, role) = match kernel {
            Some(k) => (Kernel { func: entry, ..k.clone() }, UnitRole::Kernel),
            None => {
                // a stack function of a module with bindless buffers: its run-time surface
                // indices may be offsets (selection refuses them)
                let mut k = Kernel::synthesized(entry, root_name.clone(), Vec::new());
                k.bindless_buffers = module.kernels.iter().any(|k| k.bindless_buffers);
                (k, UnitRole::StackFunction)
            }
        };
        let linked = decls
            .keys()
            .filter(|&&c| is_declaration(&module.functions[c]))
            .map(|&c| module.functions[c].name.clone())
            .collect();
        units.push(KernelUnit { kernel, functions, entry, role, linked });
    }
    units
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
    fn taking_units_moves_the_bodies_one_unit_holds_and_builds_the_same_units() {
        let mut m = Module::default();
        let leaf = func(&mut m, "leaf", Linkage::Internal, &[]);
        let smooth = func(&mut m, "smooth", Linkage::Internal, &[leaf]);
        let only_a = func(&mut m, "only_a", Linkage::Internal, &[]);
        let ext = func(&mut m, "ext", Linkage::External, &[leaf]);
        func(&mut m, "a", Linkage::Kernel, &[smooth, only_a, ext]);
        func(&mut m, "b", Linkage::Kernel, &[smooth]);
        m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
        let shown = |units: &[KernelUnit]| {
            units
                .iter()
                .map(|u| {
                    let mut linked = u.linked.clone();
                    linked.sort();
                    format!("{:?} {:?} {:?} {:?} {linked:?}", u.kernel, u.functions, u.entry, u.role)
                })
                .collect::<Vec<_>>()
        };
        let built = build_units(&m).unwrap();
        let taken = take_units(&mut m).unwrap();
        assert_eq!(shown(&built), shown(&taken));
        // the kernels and the subroutine of one kernel moved out; shared ones and the stack
        // function stay
        for (_, f) in m.functions.iter() {
            let moved = ["a", "b", "only_a"].contains(&f.name.as_str());
            assert_eq!(is_declaration(f), moved, "{}", f.name);
        }
        // on an error nothing moves
        let mut r = Module::default();
        let x = func(&mut r, "x", Linkage::Internal, &[]);
        set_calls(&mut r, x, &[x]);
        func(&mut r, "k", Linkage::Kernel, &[x]);
        r.kernels = build_kernels(&r, &[], Platform::Tgllp).unwrap();
        assert!(take_units(&mut r).is_err());
        assert!(r.functions.iter().all(|(_, f)| !is_declaration(f)));
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
            e[0].message.contains(
                "recursion is not supported by the GenX backend through subroutines: @x -> @y -> @x"
            ),
            "{}",
            e[0]
        );
    }

    #[test]
    fn stack_functions_are_units_of_their_own_and_calls_name_declarations() {
        let mut m = Module::default();
        let leaf = func(&mut m, "leaf", Linkage::Internal, &[]);
        let ext = func(&mut m, "ext", Linkage::External, &[leaf]);
        // a stack function calling itself: recursion through a stack call is allowed
        set_calls(&mut m, ext, &[ext]);
        let undefined = m.functions.alloc(Function::new("undefined", Linkage::External, vec![], Type::Void));
        func(&mut m, "a", Linkage::Kernel, &[ext, leaf, undefined]);
        func(&mut m, "b", Linkage::Kernel, &[ext]);
        m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
        let units = build_units(&m).unwrap();
        let names = |u: &KernelUnit| u.functions.iter().map(|(_, f)| f.name.clone()).collect::<Vec<_>>();
        assert_eq!(units.len(), 3);
        assert_eq!(names(&units[0]), vec!["a", "leaf_a", "ext", "undefined"]);
        assert_eq!(units[0].stack_callees(), vec!["ext", "undefined"]);
        assert_eq!(names(&units[1]), vec!["b", "ext"]);
        assert_eq!((units[2].role, units[2].kernel.name.as_str()), (UnitRole::StackFunction, "ext"));
        assert_eq!(names(&units[2]), vec!["ext", "leaf_ext", "ext"]);
        // the recursive call points at the declaration, not at the body
        let body = &units[2].functions[units[2].entry];
        for (_, i) in body.insts.iter() {
            if let InstKind::Call { callee, .. } = i.kind {
                let f = &units[2].functions[callee];
                assert_ne!(callee, units[2].entry);
                assert_eq!(is_declaration(f), f.name == "ext", "{}", f.name);
            }
        }
        let calls_decl = body.insts.iter().any(|(_, i)| {
            matches!(i.kind, InstKind::Call { callee, .. } if is_declaration(&units[2].functions[callee]))
        });
        assert!(calls_decl);
    }
}
