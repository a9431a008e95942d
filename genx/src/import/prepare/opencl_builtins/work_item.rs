//! The SPIR-V work-item built-ins, in the three forms producers write them: a global variable
//! the kernel loads (`@__spirv_BuiltInGlobalInvocationId`, `<3 x i64>`, read whole or one element
//! through a `getelementptr`), a function taking the dimension
//! (`_Z33__spirv_BuiltInGlobalInvocationIdi`), and ESIMD's function per dimension
//! (`_Z28__spirv_GlobalInvocationId_xv`). Each read becomes the thread's ids from the GenX
//! intrinsics: the group id (`llvm.genx.group.id.x/y/z`), the local id, the local size and the
//! group count (`llvm.genx.local.id`, `local.size`, `group.count`, `<3 x i32>`), widened to the
//! type read. The global id is group id * local size + local id, the global size group count *
//! local size; the global offset is 0. A dimension above 2 reads 0, as OpenCL's `get_global_id`.

use super::super::super::raw::{ModuleRef, Ty, Val};
use super::emit::{elem, Ir};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMIntPredicate::LLVMIntEQ;
use inkwell::llvm_sys::LLVMOpcode::{self, *};
use inkwell::llvm_sys::LLVMTypeKind;

/// A SPIR-V work-item built-in variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkItem {
    /// `GlobalInvocationId`: the global id.
    GlobalId,
    /// `LocalInvocationId`: the id in the group.
    LocalId,
    /// `WorkgroupId`: the group id.
    GroupId,
    /// `WorkgroupSize` and `EnqueuedWorkgroupSize`: the group's size.
    LocalSize,
    /// `NumWorkgroups`: the number of groups.
    GroupCount,
    /// `GlobalSize`: the number of work items.
    GlobalSize,
    /// `GlobalOffset`: always 0.
    GlobalOffset,
}

/// The built-ins by SPIR-V name (after `__spirv_BuiltIn`, or after `__spirv_` with a `_x`/`_y`/`_z`
/// suffix in ESIMD's form).
const WORK_ITEMS: &[(&str, WorkItem)] = &[
    ("GlobalInvocationId", WorkItem::GlobalId),
    ("LocalInvocationId", WorkItem::LocalId),
    ("WorkgroupId", WorkItem::GroupId),
    ("WorkgroupSize", WorkItem::LocalSize),
    ("EnqueuedWorkgroupSize", WorkItem::LocalSize),
    ("NumWorkgroups", WorkItem::GroupCount),
    ("GlobalSize", WorkItem::GlobalSize),
    ("GlobalOffset", WorkItem::GlobalOffset),
];

/// What a global's or function's name reads: the built-in, and the dimension when the name fixes
/// it (ESIMD's `_x`/`_y`/`_z`).
pub fn work_item_of(name: &str) -> Option<(WorkItem, Option<u32>)> {
    let base = match super::mangling::demangle(name) {
        Ok(d) => d.name,
        Err(_) => name.to_string(),
    };
    if let Some(rest) = base.strip_prefix("__spirv_BuiltIn") {
        return WORK_ITEMS.iter().find(|(n, _)| *n == rest).map(|&(_, w)| (w, None));
    }
    let rest = base.strip_prefix("__spirv_")?;
    let (stem, axis) = rest.rsplit_once('_')?;
    let dim = ["x", "y", "z"].iter().position(|a| *a == axis)? as u32;
    WORK_ITEMS.iter().find(|(n, _)| *n == stem).map(|&(_, w)| (w, Some(dim)))
}

/// Whether `m` has a work-item built-in (a global or a declared function).
pub fn has_work_items(m: &ModuleRef) -> bool {
    m.globals().into_iter().any(|g| work_item_of(&g.name()).is_some())
        || m.functions().into_iter().any(|f| f.is_declaration() && work_item_of(&f.name()).is_some())
}

/// Replaces every read of a work-item built-in in `m`; the reads it cannot place (a use of the
/// global that is not a load) are left for the validator to name.
pub fn lower_work_items(ir: &Ir, m: &ModuleRef) {
    for f in m.functions() {
        if !f.is_declaration() {
            continue;
        }
        let Some((w, dim)) = work_item_of(&f.name()) else { continue };
        for call in f.users() {
            if !call.is_instruction() || call.opcode() != LLVMCall || call.called_value() != f {
                continue;
            }
            let ty = call.ty();
            if ty.kind() != LLVMTypeKind::LLVMIntegerTypeKind {
                continue;
            }
            ir.b.before(call);
            let v = match (dim, call.num_call_args()) {
                (Some(d), 0) => ir.work_item(w, d, ty),
                (None, 1) => ir.work_item_at(w, call.operand(0), ty),
                _ => continue,
            };
            replace(call, v);
        }
        delete_if_unused(f, true);
    }
    for g in m.globals() {
        let Some((w, None)) = work_item_of(&g.name()) else { continue };
        for user in g.users() {
            lower_global_user(ir, w, user);
        }
        delete_if_unused(g, false);
    }
}

/// Rewrites the loads through one user of a work-item global: a load of it, or a constant
/// cast or `getelementptr` of it that loads read.
fn lower_global_user(ir: &Ir, w: WorkItem, user: Val) {
    if user.is_instruction() && user.opcode() == LLVMLoad {
        let t = user.ty();
        ir.b.before(user);
        let v = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
            let lanes: Vec<Val> = (0..t.vector_size()).map(|d| ir.work_item(w, d, elem(t))).collect();
            ir.gather(&lanes, t)
        } else {
            ir.work_item(w, 0, t)
        };
        replace(user, v);
        return;
    }
    let through = user.is_constant_expr() || user.is_instruction();
    if !through {
        return;
    }
    let op = if user.is_constant_expr() { user.const_opcode() } else { user.opcode() };
    let dim = match op {
        LLVMBitCast | LLVMAddrSpaceCast => Some(0),
        LLVMGetElementPtr => gep_element(user),
        _ => None,
    };
    let Some(dim) = dim else { return };
    let cast = matches!(op, LLVMBitCast | LLVMAddrSpaceCast);
    for load in user.users() {
        let is_load = load.is_instruction() && load.opcode() == LLVMLoad;
        if is_load && load.ty().kind() == LLVMTypeKind::LLVMIntegerTypeKind {
            // an element: the one the getelementptr names, or the first through a cast
            ir.b.before(load);
            replace(load, ir.work_item(w, dim, load.ty()));
        } else if cast {
            // a load of the whole vector, or a getelementptr, through the cast
            lower_global_user(ir, w, load);
        }
    }
    if user.is_instruction() && user.users().is_empty() {
        // SAFETY: an instruction nothing uses any more.
        unsafe { LLVMInstructionEraseFromParent(user.0) };
    }
}

/// The element a `getelementptr 0, d` of the `<3 x i64>` global addresses.
fn gep_element(gep: Val) -> Option<u32> {
    let ops = gep.operands();
    match ops.len() {
        3 if ops[1].const_int() == Some(0) => ops[2].const_int().and_then(|d| u32::try_from(d).ok()),
        _ => None,
    }
}

fn replace(old: Val, new: Val) {
    // SAFETY: a live instruction whose uses are replaced before it is erased.
    unsafe {
        LLVMReplaceAllUsesWith(old.0, new.0);
        LLVMInstructionEraseFromParent(old.0);
    }
}

fn delete_if_unused(v: Val, function: bool) {
    // SAFETY: a function or global of the module, deleted when nothing uses it.
    unsafe {
        if v.users().is_empty() {
            if function {
                LLVMDeleteFunction(v.0);
            } else {
                LLVMDeleteGlobal(v.0);
            }
        }
    }
}

impl Ir<'_> {
    /// Built-in `w` in dimension `d` (0 past 2), as integer type `t`.
    fn work_item(&self, w: WorkItem, d: u32, t: Ty) -> Val {
        let i32t = self.int(32);
        if d > 2 || w == WorkItem::GlobalOffset {
            return self.i(t, 0);
        }
        let vec3 = |name: &str| {
            // SAFETY: valid context.
            let v3 = Ty(unsafe { LLVMVectorType(i32t.0, 3) });
            let v = self.intr(name, v3, &[]);
            // SAFETY: a <3 x i32> value and an index below 3.
            Val(unsafe {
                LLVMBuildExtractElement(self.b.b, v.0, LLVMConstInt(i32t.0, u64::from(d), 0), c"".as_ptr())
            })
        };
        let group_id =
            || self.call_named(&format!("llvm.genx.group.id.{}", ["x", "y", "z"][d as usize]), i32t, &[]);
        let v = match w {
            WorkItem::LocalId => vec3("llvm.genx.local.id"),
            WorkItem::GroupId => group_id(),
            WorkItem::LocalSize => vec3("llvm.genx.local.size"),
            WorkItem::GroupCount => vec3("llvm.genx.group.count"),
            WorkItem::GlobalSize => {
                self.bin(LLVMMul, vec3("llvm.genx.group.count"), vec3("llvm.genx.local.size"))
            }
            WorkItem::GlobalId => {
                let base = self.bin(LLVMMul, group_id(), vec3("llvm.genx.local.size"));
                self.bin(LLVMAdd, base, vec3("llvm.genx.local.id"))
            }
            WorkItem::GlobalOffset => self.i(i32t, 0),
        };
        let width = t.int_width();
        let op: LLVMOpcode = if width > 32 { LLVMZExt } else { LLVMTrunc };
        if width == 32 {
            v
        } else {
            self.cast(op, v, t)
        }
    }

    /// Built-in `w` in the dimension value `d` (selected at run time when not a constant).
    fn work_item_at(&self, w: WorkItem, d: Val, t: Ty) -> Val {
        if let Some(c) = d.const_int() {
            return self.work_item(w, u32::try_from(c).unwrap_or(3), t);
        }
        let mut v = self.i(t, 0);
        for k in (0..3).rev() {
            let is_k = self.icmp(LLVMIntEQ, d, self.i(d.ty(), i64::from(k)));
            v = self.select(is_k, self.work_item(w, k as u32, t), v);
        }
        v
    }

    /// The vector of type `t` with elements `lanes`.
    fn gather(&self, lanes: &[Val], t: Ty) -> Val {
        // SAFETY: elements of `t`'s element type, inserted at their lanes.
        unsafe {
            let mut v = LLVMGetUndef(t.0);
            for (k, l) in lanes.iter().enumerate() {
                let at = LLVMConstInt(LLVMInt32TypeInContext(self.b.ctx), k as u64, 0);
                v = LLVMBuildInsertElement(self.b.b, v, l.0, at, c"".as_ptr());
            }
            Val(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_the_three_forms() {
        assert_eq!(work_item_of("__spirv_BuiltInGlobalInvocationId"), Some((WorkItem::GlobalId, None)));
        assert_eq!(work_item_of("_Z33__spirv_BuiltInGlobalInvocationIdi"), Some((WorkItem::GlobalId, None)));
        assert_eq!(work_item_of("_Z28__spirv_GlobalInvocationId_xv"), Some((WorkItem::GlobalId, Some(0))));
        assert_eq!(work_item_of("_Z23__spirv_WorkgroupSize_zv"), Some((WorkItem::LocalSize, Some(2))));
        assert_eq!(work_item_of("__spirv_BuiltInSubgroupSize"), None);
        assert_eq!(work_item_of("__spirv_ocl_fabs"), None);
    }
}
