//! Splitting bitcode into chunks of kernel units, as module `split` does `.ll` text: each worker
//! thread reads the bitcode lazily in its own `LLVMContext` (genxc_frontend::lazy), materializes
//! only its chunk's kernels and the functions they reach, drops every other function and trims
//! `!genx.kernels` to the chunk's kernels, then verifies and imports that small module. No LLVM
//! module of the whole input is read, verified or imported.
//!
//! [`plan_of`] reads a lazily read module's global values and metadata (no function body): each
//! worker plans from its own read, then cuts that module to its chunk ([`chunk_of_module`]), so
//! no thread reads the plan before the chunks and no chunk reads the module twice. It refuses
//! (`None`: the driver compiles the whole module as before) whatever it is not
//! sure a chunk compiles as the whole module would: global variables, aliases and ifuncs, defined
//! functions other than `dllexport` kernels and `internal` subroutines, unnamed functions, named
//! metadata other than `!genx.kernels` that refers to a global value, debug info, module flags, a
//! `!genx.kernels` node that names another global value than its kernel or a kernel twice. What
//! only the bodies tell is checked per chunk by [`chunk_of_module`] (a kernel reached from another,
//! debug info in a body, a function to drop that something still uses) and by the driver once
//! every chunk is read (a function no kernel reaches: the whole module would import it too).

use foldhash::{HashSet, HashSetExt};
use genxc_frontend::lazy;
#[cfg(test)]
use inkwell::context::Context;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, FunctionValue};
use inkwell::DLLStorageClass;
use std::ffi::CString;

/// The named metadata listing a module's kernels.
const KERNEL_LIST: &str = "genx.kernels";

/// One kernel unit of a bitcode input.
#[derive(Clone, Debug)]
pub struct BitcodeUnit {
    /// The kernel function's name.
    pub kernel: String,
    /// Whether `!genx.kernels` lists the kernel.
    listed: bool,
}

/// The units of a bitcode input, in the order the whole module gives them.
#[derive(Clone, Debug)]
pub struct BitcodePlan {
    /// The kernels: those `!genx.kernels` lists in its order, then the unlisted in module order.
    pub units: Vec<BitcodeUnit>,
    /// The names of every function the module defines.
    pub defined: HashSet<String>,
    /// The names of the kernels.
    kernels: HashSet<String>,
}

/// Kernels a chunk holds at least (when there are that many): every chunk reads the global values
/// and metadata of the whole module again, which costs about what materializing a few kernels does.
const MIN_CHUNK_UNITS: usize = 8;

/// The function a `!genx.kernels` node names first (its kernel), if it names one.
fn node_function(node: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: `node` is a metadata node operand of a live module.
    unsafe {
        if LLVMGetMDNodeNumOperands(node) == 0 {
            return None;
        }
        let mut ops = vec![std::ptr::null_mut(); LLVMGetMDNodeNumOperands(node) as usize];
        LLVMGetMDNodeOperands(node, ops.as_mut_ptr());
        let first = ops[0];
        (!first.is_null() && !LLVMIsAFunction(first).is_null()).then_some(first)
    }
}

/// The operands of the named metadata `name` of `module`.
fn named_operands(module: &Module, name: &str) -> Vec<LLVMValueRef> {
    let Ok(c) = CString::new(name) else { return Vec::new() };
    // SAFETY: the module is live; the vector holds as many operands as LLVM writes.
    unsafe {
        let n = LLVMGetNamedMetadataNumOperands(module.as_mut_ptr(), c.as_ptr()) as usize;
        let mut ops = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetNamedMetadataOperands(module.as_mut_ptr(), c.as_ptr(), ops.as_mut_ptr());
        }
        ops
    }
}

/// The names of the named metadata of `module`.
fn named_metadata(module: &Module) -> Vec<String> {
    let mut out = Vec::new();
    // SAFETY: the module is live; each name is copied before the next call.
    unsafe {
        let mut node = LLVMGetFirstNamedMetadata(module.as_mut_ptr());
        while !node.is_null() {
            let mut len = 0;
            let name = LLVMGetNamedMetadataName(node, &mut len);
            let bytes = std::slice::from_raw_parts(name.cast::<u8>(), len);
            out.push(String::from_utf8_lossy(bytes).into_owned());
            node = LLVMGetNextNamedMetadata(node);
        }
    }
    out
}

/// The name of a function value.
fn name_of(f: FunctionValue) -> String {
    f.get_name().to_string_lossy().into_owned()
}

/// Plans the units of bitcode, or `None` when the whole module must be compiled (see the module
/// documentation). A module with no kernel has no plan. (The driver plans from each worker's own
/// read, [`plan_of`].)
#[cfg(test)]
pub fn plan(file: &str, bytes: &[u8]) -> Option<BitcodePlan> {
    let ctx = Context::create();
    let module = lazy::read_lazily(&ctx, file, bytes)?;
    plan_of(&module)
}

/// The units of a module of bitcode read lazily ([`lazy::read_lazily`]: no function body read
/// yet), or `None` when the whole module must be compiled (see the module documentation). The
/// module is left as it was, so a worker can plan from the module it then cuts to its chunk
/// ([`chunk_of_module`]).
pub fn plan_of(module: &Module) -> Option<BitcodePlan> {
    let m = module.as_mut_ptr();
    // SAFETY: the module is live.
    let has_globals = unsafe {
        !LLVMGetFirstGlobal(m).is_null()
            || !LLVMGetFirstGlobalAlias(m).is_null()
            || !LLVMGetFirstGlobalIFunc(m).is_null()
    };
    if has_globals {
        return None;
    }
    let mut defined = HashSet::new();
    let mut kernels = HashSet::new();
    let mut in_order = Vec::new();
    for f in module.get_functions() {
        let name = name_of(f);
        // LLVM's read of the whole module upgrades Objective-C runtime calls by such names.
        if name.is_empty() || name.starts_with("objc_") {
            return None;
        }
        if f.as_global_value().is_declaration() {
            continue;
        }
        let exported = f.as_global_value().get_dll_storage_class() == DLLStorageClass::Export;
        match (f.get_linkage(), exported) {
            (Linkage::External, true) => {
                kernels.insert(name.clone());
                in_order.push(name.clone());
            }
            (Linkage::Internal, false) => {}
            _ => return None,
        }
        defined.insert(name);
    }
    if defined.len() > genxc_genx::import::validate::MAX_FUNCTIONS {
        return None;
    }
    for name in named_metadata(module) {
        if name.starts_with("llvm.dbg") || name == "llvm.module.flags" {
            return None;
        }
        // SAFETY: operands of the live module's named metadata.
        let refers = |op| unsafe { !lazy::metadata_globals(op).is_empty() };
        if name != KERNEL_LIST && named_operands(module, &name).into_iter().any(refers) {
            return None;
        }
    }
    let mut units = Vec::new();
    let mut listed = HashSet::new();
    for node in named_operands(module, KERNEL_LIST) {
        let kernel = node_function(node)?;
        // SAFETY: a function value of the live module.
        let f = unsafe { FunctionValue::new(kernel) }?;
        let name = name_of(f);
        // SAFETY: an operand of the live module's named metadata.
        let refers_to = unsafe { lazy::metadata_globals(node) };
        if !kernels.contains(&name) || refers_to != [kernel] || !listed.insert(name.clone()) {
            return None;
        }
        units.push(BitcodeUnit { kernel: name, listed: true });
    }
    units.extend(
        in_order
            .into_iter()
            .filter(|k| !listed.contains(k))
            .map(|kernel| BitcodeUnit { kernel, listed: false }),
    );
    if units.is_empty() {
        return None;
    }
    Some(BitcodePlan { units, defined, kernels })
}

impl BitcodePlan {
    /// The units cut into chunks of consecutive units (index ranges into [`BitcodePlan::units`]):
    /// one chunk per worker (`workers`), of about the same number of units, but
    /// [`MIN_CHUNK_UNITS`] units at least. Unlike `.ll` text, bitcode is not cut into chunks of a
    /// given size: each chunk reads the global values and metadata of every kernel again, so more
    /// chunks would cost more in all; a chunk holds only its own functions, so its memory is its
    /// share of the module's. Listed and unlisted kernels are never in one chunk.
    pub fn chunks(&self, workers: usize) -> Vec<std::ops::Range<usize>> {
        let n = self.units.len();
        let count = workers.min(n.div_ceil(MIN_CHUNK_UNITS)).max(1);
        let per_chunk = n.div_ceil(count);
        let mut out = Vec::new();
        let mut start = 0;
        for i in 1..=n {
            if i == n || i - start >= per_chunk || self.units[i].listed != self.units[start].listed {
                out.push(start..i);
                start = i;
            }
        }
        out
    }
}

/// The module of a chunk of units, read lazily from `bytes` in `ctx`: the chunk's kernels and
/// every function they reach materialized, every other function dropped, `!genx.kernels` holding
/// only the chunk's kernels' nodes; verified and with its stack slots promoted, as
/// `genxc_frontend::llvm::load` gives a whole module. With it, per unit, the names of the functions
/// it holds (its kernel and the subroutines the kernel reaches). `None` when anything differs from
/// what the whole module would give (see the module documentation).
#[cfg(test)]
pub fn chunk_module<'ctx>(
    plan: &BitcodePlan,
    chunk: &[&BitcodeUnit],
    ctx: &'ctx Context,
    file: &str,
    bytes: &'ctx [u8],
) -> Option<(Module<'ctx>, Vec<HashSet<String>>)> {
    let module = lazy::read_lazily(ctx, file, bytes)?;
    chunk_of_module(plan, chunk, module, file)
}

/// The module of a chunk of units cut from `module`, the whole bitcode read lazily (no function
/// body read yet), and the functions of each unit, as [`chunk_module`] gives them.
pub fn chunk_of_module<'ctx>(
    plan: &BitcodePlan,
    chunk: &[&BitcodeUnit],
    module: Module<'ctx>,
    file: &str,
) -> Option<(Module<'ctx>, Vec<HashSet<String>>)> {
    let mut functions = Vec::with_capacity(chunk.len());
    for unit in chunk {
        let root = module.get_function(&unit.kernel)?;
        let mut reached = HashSet::new();
        reached.insert(unit.kernel.clone());
        let mut stack = vec![root];
        while let Some(f) = stack.pop() {
            if lazy::is_materializable(f) && (!lazy::materialize(f, file) || lazy::strip_debug_info(f)) {
                // The whole module's read reports the body, or strips its debug info with a warning.
                return None;
            }
            for callee in lazy::referenced_functions(f) {
                if callee.as_global_value().is_declaration() {
                    continue;
                }
                let name = name_of(callee);
                // A kernel reached from another is called: the whole module reports that.
                if plan.kernels.contains(&name) {
                    if name != unit.kernel {
                        return None;
                    }
                    continue;
                }
                if reached.insert(name) {
                    stack.push(callee);
                }
            }
        }
        functions.push(reached);
    }
    let kept: HashSet<&str> = chunk.iter().map(|u| u.kernel.as_str()).collect();
    let keep: Option<Vec<bool>> = named_operands(&module, KERNEL_LIST)
        .into_iter()
        .map(|node| {
            // SAFETY: a function value of the live module.
            let f = unsafe { FunctionValue::new(node_function(node)?) }?;
            Some(kept.contains(name_of(f).as_str()))
        })
        .collect();
    lazy::keep_named_metadata_operands(&module, KERNEL_LIST, &keep?);
    let dropped: Vec<FunctionValue> =
        module.get_functions().filter(|&f| lazy::is_materializable(f)).collect();
    for f in dropped {
        // SAFETY: `f` is a live function.
        if unsafe { !LLVMGetFirstUse(f.as_value_ref()).is_null() } {
            return None;
        }
        // SAFETY: nothing uses `f`, and no handle to it is kept.
        unsafe { f.delete() };
    }
    lazy::finish(&module, file).ok()?;
    Some((module, functions))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two listed kernels (in the reverse of their module order), an unlisted one, a subroutine
    /// the two listed ones share.
    const THREE: &str = "target triple = \"genx64-unknown-unknown\"\n\
declare i32 @llvm.genx.group.id.x()\n\
define internal i32 @sub(i32 %x) {\n  ret i32 %x\n}\n\
define dllexport void @a(i32 %p) {\n  %g = call i32 @llvm.genx.group.id.x()\n  %s = call i32 @sub(i32 %g)\n  ret void\n}\n\
define dllexport void @b(i32 %p) {\n  %s = call i32 @sub(i32 %p)\n  ret void\n}\n\
define dllexport void @c(i32 %p) {\n  ret void\n}\n\
!genx.kernels = !{!1, !0}\n!0 = !{void (i32)* @a, !\"a\", !2}\n!1 = !{void (i32)* @b, !\"b\", !2}\n!2 = !{i32 0}\n";

    /// The bitcode of `.ll` text.
    fn bitcode(text: &str) -> Vec<u8> {
        let ctx = Context::create();
        let buf =
            inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "k.ll");
        let module = ctx.create_module_from_ir(buf).unwrap();
        let bytes = module.write_bitcode_to_memory().as_slice().to_vec();
        bytes
    }

    #[test]
    fn units_come_in_the_whole_modules_order() {
        let plan = plan("k.bc", &bitcode(THREE)).unwrap();
        let order: Vec<(&str, bool)> = plan.units.iter().map(|u| (u.kernel.as_str(), u.listed)).collect();
        assert_eq!(order, [("b", true), ("a", true), ("c", false)]);
        assert_eq!(plan.defined.len(), 4);
        // listed and unlisted kernels apart, one chunk per worker at most
        assert_eq!(plan.chunks(2), vec![0..2, 2..3]);
        assert_eq!(plan.chunks(1), vec![0..2, 2..3]);
    }

    #[test]
    fn a_chunk_module_holds_its_kernels_and_what_they_reach() {
        let bytes = bitcode(THREE);
        let plan = plan("k.bc", &bytes).unwrap();
        let ctx = Context::create();
        let (module, functions) = chunk_module(&plan, &[&plan.units[1]], &ctx, "k.bc", &bytes).unwrap();
        let names: Vec<String> = module.get_functions().map(name_of).collect();
        assert_eq!(names, ["llvm.genx.group.id.x", "sub", "a"]);
        assert_eq!(functions, vec![["a", "sub"].into_iter().map(String::from).collect::<HashSet<_>>()]);
        let text = module.print_to_string().to_string();
        assert!(text.contains("!genx.kernels = !{!0}") && text.contains("@a, !\"a\""), "{text}");
        // the unlisted kernel's chunk has no kernel list at all
        let (module, _) = chunk_module(&plan, &[&plan.units[2]], &ctx, "k.bc", &bytes).unwrap();
        let text = module.print_to_string().to_string();
        assert!(!text.contains("genx.kernels") && !text.contains("@sub"), "{text}");
    }

    #[test]
    fn anything_unsure_is_left_to_the_whole_module() {
        let refused = [
            ("a global", "@g = global i32 0\n"),
            ("an external function", "define void @ext() {\n  ret void\n}\n"),
            ("module flags", "!llvm.module.flags = !{!2}\n"),
            ("named metadata naming a function", "!other = !{!3}\n!3 = !{void (i32)* @c}\n"),
        ];
        for (what, extra) in refused {
            assert!(plan("k.bc", &bitcode(&format!("{THREE}{extra}"))).is_none(), "{what}");
        }
        let no_kernel = "target triple = \"genx64-unknown-unknown\"\ndeclare void @f()\n";
        assert!(plan("k.bc", &bitcode(no_kernel)).is_none());
    }
}
