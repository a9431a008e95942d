//! Pointer kernel arguments: a kernel whose parameters include pointers is rebuilt with integer
//! parameters in their place (its blocks move over unchanged) and the old function's uses,
//! `genx.kernels` included, are redirected to the new one.
//!
//! A pointer parameter of general kind (0) is a stateless address (i64), an `addrspace(3)` one an
//! SLM offset (i32), one of surface or sampler kind the i32 index a surface or sampler argument is
//! today. The entry block turns each integer back into the old pointer with an `inttoptr`; the
//! address rewrite then folds those away. Each new parameter carries the string attribute
//! `genxc-memory` (`global`, `slm` or `surface`) for the kernel description.

use super::super::super::raw::{ModuleRef, Val};
use super::super::is_pointer;
use super::Space;
use crate::ir::Linkage;
use foldhash::{HashMap, HashMapExt};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::LLVMOpcode;

/// Parameter attribute naming the memory a rewritten pointer parameter addresses.
pub const MEMORY_ATTR: &str = "genxc-memory";
/// Parameter attribute saying how the kernel uses the memory behind a rewritten pointer
/// parameter: `read_only`, `write_only` or `read_write`.
pub const ACCESS_ATTR: &str = "genxc-access";

/// Rewrites every kernel with a pointer parameter; gives the `inttoptr` instruction standing for
/// each such parameter with the memory it addresses.
pub fn rewrite_kernel_pointer_args(m: &ModuleRef) -> HashMap<LLVMValueRef, Space> {
    let kinds = kernel_kinds(m);
    let mut roots = HashMap::new();
    for f in m.functions() {
        if f.is_declaration() || !f.function_type().param_types().into_iter().any(is_pointer) {
            continue;
        }
        let listed = kinds.get(&f.0);
        let is_kernel = listed.is_some()
            || super::super::super::validate::linkage_of(f).is_ok_and(|l| l == Linkage::Kernel);
        if !is_kernel {
            continue;
        }
        let spaces: Vec<Option<Space>> = f
            .params()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if !is_pointer(p.ty()) {
                    return None;
                }
                let kind = listed.and_then(|k| k.get(i)).copied().unwrap_or(0);
                Some(if kind & 7 != 0 {
                    Space::Surface
                } else if address_space(p.ty().0) == 3 {
                    Space::Slm
                } else {
                    Space::Global
                })
            })
            .collect();
        rebuild(f, &spaces, &mut roots);
    }
    roots
}

/// The address space of a pointer type.
pub fn address_space(t: LLVMTypeRef) -> u32 {
    // SAFETY: `t` is a pointer type (callers check).
    unsafe { LLVMGetPointerAddressSpace(t) }
}

/// The argument kinds `genx.kernels` gives each function, by function.
fn kernel_kinds(m: &ModuleRef) -> HashMap<LLVMValueRef, Vec<i64>> {
    let mut out = HashMap::new();
    for node in m.named_metadata("genx.kernels") {
        let ops = node.md_operands();
        let Some(Some(mut f)) = ops.first().copied() else { continue };
        if f.is_constant_expr() && f.num_operands() == 1 {
            f = f.operand(0);
        }
        if !f.is_function() {
            continue;
        }
        // The old layout has the assembly name (a string) at 2 and the kinds at 3.
        let at = if ops.get(2).copied().flatten().and_then(|v| v.md_string()).is_some() { 3 } else { 2 };
        let kinds = match ops.get(at).copied().flatten() {
            Some(k) if k.is_md_node() => {
                k.md_operands().into_iter().map(|o| o.and_then(|v| v.const_int()).unwrap_or(0)).collect()
            }
            _ => Vec::new(),
        };
        out.insert(f.0, kinds);
    }
    out
}

/// Builds the integer-parameter copy of kernel `f`, moves its body over and replaces it.
fn rebuild(f: Val, spaces: &[Option<Space>], roots: &mut HashMap<LLVMValueRef, Space>) {
    // SAFETY: every handle below belongs to the live module of `f`; the old function is deleted
    // only after all of its uses and blocks have moved to the new one.
    unsafe {
        let module = LLVMGetGlobalParent(f.0);
        let ctx = LLVMGetModuleContext(module);
        let fty = f.function_type();
        let mut params: Vec<LLVMTypeRef> = fty.param_types().into_iter().map(|t| t.0).collect();
        for (p, s) in params.iter_mut().zip(spaces) {
            if let Some(s) = s {
                *p = LLVMIntTypeInContext(ctx, s.address_bits());
            }
        }
        let new_ty = LLVMFunctionType(fty.return_type().0, params.as_mut_ptr(), params.len() as u32, 0);
        let name = f.name();
        LLVMSetValueName2(f.0, c"".as_ptr(), 0);
        let nf = LLVMAddFunction(module, c"".as_ptr(), new_ty);
        LLVMSetValueName2(nf, name.as_ptr() as *const _, name.len());
        LLVMSetLinkage(nf, LLVMGetLinkage(f.0));
        LLVMSetDLLStorageClass(nf, LLVMGetDLLStorageClass(f.0));
        LLVMSetFunctionCallConv(nf, LLVMGetFunctionCallConv(f.0));
        copy_attributes(f.0, nf, inkwell::llvm_sys::LLVMAttributeFunctionIndex, true);
        copy_attributes(f.0, nf, inkwell::llvm_sys::LLVMAttributeReturnIndex, true);
        for (i, s) in spaces.iter().enumerate() {
            // Enum attributes (noalias, align, ...) belong to pointers only.
            copy_attributes(f.0, nf, i as u32 + 1, s.is_none());
        }
        for bb in f.blocks() {
            LLVMRemoveBasicBlockFromParent(bb.0);
            LLVMAppendExistingBasicBlock(nf, bb.0);
        }
        let builder = LLVMCreateBuilderInContext(ctx);
        if let Some(entry) = Val(nf).blocks().first() {
            let first = LLVMGetFirstInstruction(entry.0);
            if !first.is_null() {
                LLVMPositionBuilderBefore(builder, first);
            } else {
                LLVMPositionBuilderAtEnd(builder, entry.0);
            }
        }
        for (i, (old, s)) in f.params().into_iter().zip(spaces).enumerate() {
            let new = LLVMGetParam(nf, i as u32);
            let pname = old.name();
            LLVMSetValueName2(new, pname.as_ptr() as *const _, pname.len());
            match s {
                None => LLVMReplaceAllUsesWith(old.0, new),
                Some(s) => {
                    let tag = match s {
                        Space::Global => "global",
                        Space::Slm => "slm",
                        Space::Surface => "surface",
                    };
                    let attr = LLVMCreateStringAttribute(
                        ctx,
                        MEMORY_ATTR.as_ptr() as *const _,
                        MEMORY_ATTR.len() as u32,
                        tag.as_ptr() as *const _,
                        tag.len() as u32,
                    );
                    LLVMAddAttributeAtIndex(nf, i as u32 + 1, attr);
                    let access = access_by_use(old).name();
                    let attr = LLVMCreateStringAttribute(
                        ctx,
                        ACCESS_ATTR.as_ptr() as *const _,
                        ACCESS_ATTR.len() as u32,
                        access.as_ptr() as *const _,
                        access.len() as u32,
                    );
                    LLVMAddAttributeAtIndex(nf, i as u32 + 1, attr);
                    let back = LLVMBuildIntToPtr(builder, new, old.ty().0, c"".as_ptr());
                    LLVMReplaceAllUsesWith(old.0, back);
                    if Val(back).is_instruction() && Val(back).opcode() == LLVMOpcode::LLVMIntToPtr {
                        roots.insert(back, *s);
                    }
                }
            }
        }
        LLVMDisposeBuilder(builder);
        LLVMReplaceAllUsesWith(f.0, LLVMConstBitCast(nf, LLVMTypeOf(f.0)));
        LLVMDeleteFunction(f.0);
    }
}

/// Copies the attributes at `index` of `from` to `to`: all, or only string attributes.
///
/// # Safety
/// `from` and `to` are functions of a live module, `index` valid for both.
unsafe fn copy_attributes(from: LLVMValueRef, to: LLVMValueRef, index: u32, all: bool) {
    let n = LLVMGetAttributeCountAtIndex(from, index);
    let mut buf: Vec<LLVMAttributeRef> = vec![std::ptr::null_mut(); n as usize];
    if n > 0 {
        LLVMGetAttributesAtIndex(from, index, buf.as_mut_ptr());
    }
    for a in buf {
        if all || LLVMIsStringAttribute(a) != 0 {
            LLVMAddAttributeAtIndex(to, index, a);
        }
    }
}

/// How a kernel uses the memory behind a pointer: read, written, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Use {
    read: bool,
    write: bool,
}

impl Use {
    /// The access qualifier of `kernels.json` (`read_only` for memory not used at all).
    fn name(self) -> &'static str {
        match (self.read, self.write) {
            (_, false) => "read_only",
            (false, true) => "write_only",
            (true, true) => "read_write",
        }
    }
}

/// The accesses through pointer parameter `p`, following the pointers derived from it; a pointer
/// that escapes (stored, passed to a call, turned into an integer) counts as read and written.
fn access_by_use(p: Val) -> Use {
    let mut u = Use::default();
    let mut seen = vec![p.0];
    let mut work = vec![p];
    let both = Use { read: true, write: true };
    while let Some(v) = work.pop() {
        for user in users(v) {
            use LLVMOpcode::*;
            if !user.is_instruction() {
                // A constant expression of the pointer: followed like the instruction it stands for.
                if is_pointer(user.ty()) && !seen.contains(&user.0) {
                    seen.push(user.0);
                    work.push(user);
                } else {
                    u = both;
                }
                continue;
            }
            match user.opcode() {
                LLVMLoad => u.read = true,
                LLVMStore if user.operand(1).0 == v.0 && user.operand(0).0 != v.0 => u.write = true,
                LLVMAtomicRMW | LLVMAtomicCmpXchg if user.operand(0).0 == v.0 => u = both,
                LLVMGetElementPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMPHI | LLVMSelect
                    if is_pointer(user.ty()) =>
                {
                    if !seen.contains(&user.0) {
                        seen.push(user.0);
                        work.push(user);
                    }
                }
                LLVMICmp => {}
                LLVMCall => {
                    let callee = user.called_value();
                    let name = if callee.is_function() { callee.name() } else { String::new() };
                    let ops = user.operands();
                    let is = |k: usize| ops.get(k).is_some_and(|o| o.0 == v.0);
                    if (name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove")) && !is(0) {
                        u.read = true;
                    } else if (name.starts_with("llvm.memcpy")
                        || name.starts_with("llvm.memmove")
                        || name.starts_with("llvm.memset"))
                        && !is(1)
                    {
                        u.write = true;
                    } else if name.starts_with("llvm.genx.address.convert") {
                        if !seen.contains(&user.0) {
                            seen.push(user.0);
                            work.push(user);
                        }
                    } else if !name.starts_with("llvm.lifetime") {
                        u = both;
                    }
                }
                _ => u = both,
            }
        }
    }
    u
}

/// The users of `v`.
fn users(v: Val) -> Vec<Val> {
    let mut out = Vec::new();
    // SAFETY: use-list iteration of a live value.
    unsafe {
        let mut u = LLVMGetFirstUse(v.0);
        while !u.is_null() {
            out.push(Val(LLVMGetUser(u)));
            u = LLVMGetNextUse(u);
        }
    }
    out
}
