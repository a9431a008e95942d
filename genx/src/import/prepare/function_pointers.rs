//! Function pointers (Intel's GlobalValueLowering for functions): a function whose address is
//! taken becomes a stack function, its address an `i64` from `llvm.genx.gaddr`, and every value
//! holding a function pointer (a select, a phi, an element of a constant table, a `ptrtoint`) its
//! `i64` twin. A call through a pointer becomes a call through `inttoptr` of that `i64`: the form
//! the import reads as an indirect call (vISA `faddr` + `ifcall`).
//!
//! - The callee set of indirect calls is the functions whose address is taken: each gets
//!   `"CMStackCall"` (a `.global_function` in the file of every kernel reaching its address).
//! - An internal subroutine taking a function pointer parameter is inlined into its callers, so
//!   the pointer becomes a value of the caller.
//! - A constant table of function pointers (a constant global array read at a run-time index)
//!   becomes a vector of their addresses built at the function entry, read with `extractelement`.
//! - A constant vector of `ptrtoint`s of functions becomes that vector built from addresses.
//!
//! - A function pointer stored to memory or loaded from it (other than a constant table) is its
//!   `i64` address stored or loaded there, for the memory, array and global rewrites that follow.
//!
//! A function pointer this rewrite cannot follow (a parameter of a kernel or of a stack function,
//! one in a stack array, one computed by a constant expression it does not know) is a located
//! diagnostic.

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::inst_label;
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMLinkage, LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;

/// Whether `t` is a pointer to a function type (typed pointers).
fn is_function_pointer(t: Ty) -> bool {
    t.kind() == LLVMTypeKind::LLVMPointerTypeKind
        // SAFETY: a pointer type of a typed-pointer context has an element type.
        && unsafe { LLVMGetTypeKind(LLVMGetElementType(t.0)) } == LLVMTypeKind::LLVMFunctionTypeKind
}

/// Whether use `u` of function `f` calls it (`f` is the called operand, not an argument).
fn is_direct_call_of(u: Val, f: Val) -> bool {
    u.is_instruction()
        && u.opcode() == LLVMOpcode::LLVMCall
        && u.called_value() == f
        && !(0..u.num_call_args()).any(|i| u.operand(i) == f)
}

/// Whether `f` is an intrinsic or a function the module defines or declares for real.
fn is_intrinsic(f: Val) -> bool {
    f.name().starts_with("llvm.")
}

/// The functions of `m` whose address is taken (a use other than a direct call, reaching an
/// instruction or a global other than the `llvm.*` metadata globals, such as `llvm.used`). A
/// kernel is not one: its address is left for the validator to refuse where it is used.
fn address_taken(m: &ModuleRef) -> Vec<Val> {
    m.functions().into_iter().filter(|&f| is_address_taken(f)).collect()
}

/// Whether `f` is a kernel (`dllexport` or `"CMGenxMain"`).
fn is_kernel(f: Val) -> bool {
    f.is_dllexport() || f.has_fn_attr("CMGenxMain")
}

/// Whether use `u` of `v` (a function, or a constant built on it) takes the function's address.
fn takes_address(u: Val, v: Val, depth: u32) -> bool {
    if u.is_instruction() {
        return !is_direct_call_of(u, v);
    }
    if is_global(u) {
        // SAFETY: a global variable; its section name is NUL-terminated or null.
        let metadata = unsafe {
            let p = LLVMGetSection(u.0);
            !p.is_null() && std::ffi::CStr::from_ptr(p).to_bytes() == b"llvm.metadata"
        };
        return !metadata && !u.name().starts_with("llvm.");
    }
    // a constant expression or aggregate: whatever uses it
    depth < 16 && u.any_user(|w| takes_address(w, u, depth + 1))
}

/// Whether function `f` has the one instruction kind or constant that holds a function pointer.
fn mentions_function_pointer(f: Val) -> bool {
    f.blocks().into_iter().flat_map(|b| b.instructions()).any(holds_function_pointer)
}

/// Whether instruction `i` yields a function pointer or calls through a pointer.
pub fn holds_function_pointer(i: Val) -> bool {
    is_function_pointer(i.ty())
        || (i.opcode() == LLVMOpcode::LLVMCall
            && !i.called_value().is_function()
            && !i.called_value().is_inline_asm())
}

/// Whether the address of function `f` is taken (see [`address_taken`]).
pub fn is_address_taken(f: Val) -> bool {
    !is_intrinsic(f) && !is_kernel(f) && f.any_user(|u| takes_address(u, f, 0))
}

/// Whether `m` has a function pointer: a function whose address is taken, or a call through a
/// pointer.
pub fn has_function_pointers(m: &ModuleRef) -> bool {
    !address_taken(m).is_empty()
        || m.functions().into_iter().any(|f| !f.is_declaration() && mentions_function_pointer(f))
}

/// Rewrites the function pointers of `m` as the module docs say.
pub fn lower_function_pointers(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    if !has_function_pointers(m) {
        return Ok(());
    }
    let taken = address_taken(m);
    let mut diags = Vec::new();
    for &f in &taken {
        if f.linkage() == LLVMLinkage::LLVMInternalLinkage && !f.has_fn_attr("CMStackCall") {
            add_fn_attr(m, f, "CMStackCall");
        }
    }
    inline_function_pointer_params(m);
    // SAFETY: a live module; the builder is disposed at the end.
    let builder = unsafe { LLVMCreateBuilderInContext(LLVMGetModuleContext(m.0)) };
    let mut decls = HashMap::new();
    for f in m.functions() {
        if f.is_declaration() {
            continue;
        }
        let mut rw = Rewriter {
            m,
            f,
            builder,
            decls: &mut decls,
            memo: HashMap::new(),
            gaddr: HashMap::new(),
            entry: first_non_phi(f),
        };
        if let Err((inst, msg)) = rw.rewrite() {
            diags.push(Diagnostic::in_function(f.name(), Some(inst), unsupported(msg)));
        }
    }
    // SAFETY: created above.
    unsafe { LLVMDisposeBuilder(builder) };
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// Adds string attribute `name` to function `f`.
fn add_fn_attr(m: &ModuleRef, f: Val, name: &str) {
    // SAFETY: live function of the module's context; the attribute index of the function is -1.
    unsafe {
        let ctx = LLVMGetModuleContext(m.0);
        let a = LLVMCreateStringAttribute(ctx, name.as_ptr().cast(), name.len() as u32, c"".as_ptr(), 0);
        LLVMAddAttributeAtIndex(f.0, u32::MAX, a);
    }
}

/// Inlines every internal subroutine (not a stack function) that takes a function pointer into
/// its callers.
fn inline_function_pointer_params(m: &ModuleRef) {
    let mut any = false;
    for f in m.functions() {
        let takes = f.function_type().param_types().into_iter().any(is_function_pointer);
        if takes
            && !f.is_declaration()
            && f.linkage() == LLVMLinkage::LLVMInternalLinkage
            && !f.has_fn_attr("CMStackCall")
        {
            super::by_reference::force_inline(f);
            any = true;
        }
    }
    if any {
        super::by_reference::run_always_inliner(m);
    }
}

/// The rewrite of one function.
struct Rewriter<'a> {
    m: &'a ModuleRef,
    f: Val,
    builder: LLVMBuilderRef,
    /// `llvm.genx.gaddr` declarations by function type.
    decls: &'a mut HashMap<LLVMTypeRef, LLVMValueRef>,
    /// The `i64` twin of each function-pointer instruction.
    memo: HashMap<Val, LLVMValueRef>,
    /// The address of each function, computed once at the entry.
    gaddr: HashMap<Val, LLVMValueRef>,
    /// The first instruction of the entry block that is not a phi, before the rewrite.
    entry: LLVMValueRef,
}

/// The first instruction of `f`'s entry block that is not a phi.
fn first_non_phi(f: Val) -> LLVMValueRef {
    // SAFETY: a defined function has an entry block ending with a terminator.
    unsafe {
        let mut i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f.0));
        while !i.is_null() && LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI {
            i = LLVMGetNextInstruction(i);
        }
        i
    }
}

impl Rewriter<'_> {
    fn i64(&self) -> LLVMTypeRef {
        // SAFETY: live context.
        unsafe { LLVMInt64TypeInContext(LLVMGetModuleContext(self.m.0)) }
    }

    /// Where code at the function entry goes: before the entry's first original instruction,
    /// after the entry code built before (so each value precedes its users).
    fn entry_point(&self) -> LLVMValueRef {
        self.entry
    }

    /// The address of function `g`, at the entry of the function.
    fn address_of(&mut self, g: Val) -> LLVMValueRef {
        if let Some(&a) = self.gaddr.get(&g) {
            return a;
        }
        let pty = g.ty().0;
        let i64 = self.i64();
        let m = self.m.0;
        let n = self.decls.len();
        let decl = *self.decls.entry(pty).or_insert_with(|| {
            let name = std::ffi::CString::new(format!("llvm.genx.gaddr.i64.p0f{n}")).unwrap_or_default();
            // SAFETY: live module and types.
            unsafe {
                let mut params = [pty];
                let fty = LLVMFunctionType(i64, params.as_mut_ptr(), 1, 0);
                LLVMAddFunction(m, name.as_ptr(), fty)
            }
        });
        let at = self.entry_point();
        // SAFETY: live values; the builder is positioned at the entry.
        let a = unsafe {
            LLVMPositionBuilderBefore(self.builder, at);
            let mut args = [g.0];
            let name = std::ffi::CString::new(format!("{}.addr", g.name())).unwrap_or_default();
            LLVMBuildCall2(
                self.builder,
                LLVMGlobalGetValueType(decl),
                decl,
                args.as_mut_ptr(),
                1,
                name.as_ptr(),
            )
        };
        self.gaddr.insert(g, a);
        a
    }

    /// `v` as an `i64`, the builder positioned where the conversion goes.
    fn resize_to_i64(&self, v: LLVMValueRef, before: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: `v` is an integer value; `before` an instruction.
        unsafe {
            let w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
            if w == 64 {
                return v;
            }
            LLVMPositionBuilderBefore(self.builder, before);
            if w < 64 {
                LLVMBuildZExt(self.builder, v, self.i64(), c"".as_ptr())
            } else {
                LLVMBuildTrunc(self.builder, v, self.i64(), c"".as_ptr())
            }
        }
    }

    /// The `i64` address a function-pointer value `p` holds.
    fn int_of(&mut self, p: Val) -> Result<LLVMValueRef, String> {
        if p.is_function() {
            return Ok(self.address_of(p));
        }
        if let Some(&v) = self.memo.get(&p) {
            return Ok(v);
        }
        if p.is_undef() {
            // SAFETY: live type.
            return Ok(unsafe { LLVMGetUndef(self.i64()) });
        }
        if p.is_constant_expr() {
            return match p.const_opcode() {
                LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => self.int_of(p.operand(0)),
                LLVMOpcode::LLVMIntToPtr => {
                    let at = self.entry_point();
                    Ok(self.resize_to_i64(p.operand(0).0, at))
                }
                _ => Err(format!("a function pointer computed as {}", p.print())),
            };
        }
        if p.is_argument() {
            return Err(format!(
                "a function pointer parameter of @{} (a kernel's or a stack function's: not modeled)",
                self.f.name()
            ));
        }
        if !p.is_instruction() {
            return Err(format!("a function pointer {}", p.print()));
        }
        let v = match p.opcode() {
            LLVMOpcode::LLVMIntToPtr => self.resize_to_i64(p.operand(0).0, p.0),
            LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => self.int_of(p.operand(0))?,
            LLVMOpcode::LLVMSelect => {
                let (a, b) = (self.int_of(p.operand(1))?, self.int_of(p.operand(2))?);
                // SAFETY: operands defined before the select.
                unsafe {
                    LLVMPositionBuilderBefore(self.builder, p.0);
                    LLVMBuildSelect(self.builder, p.operand(0).0, a, b, c"".as_ptr())
                }
            }
            LLVMOpcode::LLVMPHI => {
                // SAFETY: a phi of the function: the new one goes before it; incoming values are
                // added once the phi is memoized (a loop may reach it again).
                let phi = unsafe {
                    LLVMPositionBuilderBefore(self.builder, p.0);
                    LLVMBuildPhi(self.builder, self.i64(), c"".as_ptr())
                };
                self.memo.insert(p, phi);
                for (v, bb) in p.phi_incoming() {
                    let x = self.int_of(v)?;
                    // SAFETY: the incoming block is a predecessor of the phi's block.
                    unsafe {
                        let mut vals = [x];
                        let mut bbs = [bb.0];
                        LLVMAddIncoming(phi, vals.as_mut_ptr(), bbs.as_mut_ptr(), 1);
                    }
                }
                phi
            }
            LLVMOpcode::LLVMLoad => self.table_read(p)?,
            _ => return Err(format!("a function pointer given by {}", p.print())),
        };
        self.memo.insert(p, v);
        Ok(v)
    }

    /// A load of a function pointer from a constant table `@t` (`load (gep @t, 0, i)` or
    /// `load @t`): element `i` of a vector of the table's addresses.
    fn table_read(&mut self, load: Val) -> Result<LLVMValueRef, String> {
        let ptr = load.operand(0);
        let (table, index) = if is_constant_table(ptr) {
            (ptr, None)
        } else if (ptr.is_instruction() && ptr.opcode() == LLVMOpcode::LLVMGetElementPtr)
            || (ptr.is_constant_expr() && ptr.const_opcode() == LLVMOpcode::LLVMGetElementPtr)
        {
            let ops = ptr.operands();
            match ops.as_slice() {
                [base, zero, i] if is_constant_table(*base) && zero.const_int() == Some(0) => {
                    (*base, Some(*i))
                }
                _ => return self.memory_read(load),
            }
        } else {
            return self.memory_read(load);
        };
        // SAFETY: a constant global with an initializer.
        let init = Val(unsafe { LLVMGetInitializer(table.0) });
        let elems: Vec<Val> = match index {
            None => vec![init],
            // SAFETY: a constant array; its elements are operands.
            Some(_) => init.operands(),
        };
        if elems.is_empty() {
            return Err(format!("a function pointer loaded from the empty table @{}", table.name()));
        }
        let addrs = elems.iter().map(|&e| self.int_of(e)).collect::<Result<Vec<_>, _>>()?;
        let Some(i) = index else { return Ok(addrs[0]) };
        let vec = self.vector_of(&addrs)?;
        // SAFETY: the index is an integer value defined before the load.
        unsafe {
            LLVMPositionBuilderBefore(self.builder, load.0);
            Ok(LLVMBuildExtractElement(self.builder, vec, i.0, c"".as_ptr()))
        }
    }

    /// `p` (a pointer to a function pointer) as a pointer to `i64`, cast before `at`.
    fn as_i64_pointer(&self, p: Val, at: Val) -> LLVMValueRef {
        // SAFETY: a pointer value; the cast keeps its address space.
        unsafe {
            let space = LLVMGetPointerAddressSpace(p.ty().0);
            LLVMPositionBuilderBefore(self.builder, at.0);
            LLVMBuildBitCast(self.builder, p.0, LLVMPointerType(self.i64(), space), c"".as_ptr())
        }
    }

    /// A load of a function pointer from memory (a kernel argument's, a stack slot's): the `i64`
    /// address stored there, which the memory rewrites then load.
    fn memory_read(&self, load: Val) -> Result<LLVMValueRef, String> {
        in_memory(load.operand(0))?;
        let slot = self.as_i64_pointer(load.operand(0), load);
        // SAFETY: an i64 load through an i64 pointer, before the original load.
        unsafe {
            LLVMPositionBuilderBefore(self.builder, load.0);
            let ld = LLVMBuildLoad2(self.builder, self.i64(), slot, c"".as_ptr());
            LLVMSetAlignment(ld, LLVMGetAlignment(load.0));
            LLVMSetVolatile(ld, LLVMGetVolatile(load.0));
            Ok(ld)
        }
    }

    /// A vector of the `i64` addresses `addrs`, built at the function entry.
    fn vector_of(&mut self, addrs: &[LLVMValueRef]) -> Result<LLVMValueRef, String> {
        let at = self.entry_point();
        // SAFETY: live values defined at the entry before `at`.
        unsafe {
            let ty = LLVMVectorType(self.i64(), addrs.len() as u32);
            let mut v = LLVMGetUndef(ty);
            LLVMPositionBuilderBefore(self.builder, at);
            for (k, &a) in addrs.iter().enumerate() {
                let idx = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(self.m.0)), k as u64, 0);
                v = LLVMBuildInsertElement(self.builder, v, a, idx, c"".as_ptr());
            }
            Ok(v)
        }
    }

    /// A constant operand that holds function addresses (`ptrtoint @f`, a vector of them) as
    /// instructions computing it, or `None` for a constant without one.
    fn constant_of(&mut self, c: Val) -> Result<Option<LLVMValueRef>, String> {
        if c.is_constant_expr()
            && c.const_opcode() == LLVMOpcode::LLVMPtrToInt
            && is_function_pointer(c.operand(0).ty())
        {
            let a = self.int_of(c.operand(0))?;
            let at = self.entry_point();
            // SAFETY: `a` is an i64 at the entry; the result type is an integer.
            return Ok(Some(unsafe {
                let w = LLVMGetIntTypeWidth(LLVMTypeOf(c.0));
                if w == 64 {
                    a
                } else {
                    LLVMPositionBuilderBefore(self.builder, at);
                    LLVMBuildTrunc(self.builder, a, LLVMTypeOf(c.0), c"".as_ptr())
                }
            }));
        }
        if c.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind && !c.is_undef() {
            let Some(elems) = c.const_vector_elems() else { return Ok(None) };
            let mut any = false;
            let mut vals = Vec::with_capacity(elems.len());
            for e in elems {
                match self.constant_of(e)? {
                    Some(v) => {
                        any = true;
                        vals.push(v)
                    }
                    None => vals.push(e.0),
                }
            }
            if !any {
                return Ok(None);
            }
            let at = self.entry_point();
            // SAFETY: element values of the vector's element type, defined at the entry.
            unsafe {
                let mut v = LLVMGetUndef(c.ty().0);
                LLVMPositionBuilderBefore(self.builder, at);
                for (k, &a) in vals.iter().enumerate() {
                    let idx =
                        LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(self.m.0)), k as u64, 0);
                    v = LLVMBuildInsertElement(self.builder, v, a, idx, c"".as_ptr());
                }
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// Rewrites every instruction of the function; an error names the instruction it is about.
    fn rewrite(&mut self) -> Result<(), (String, String)> {
        let insts: Vec<Val> = self.f.blocks().into_iter().flat_map(|b| b.instructions()).collect();
        let mut dead = Vec::new();
        for i in insts {
            self.rewrite_inst(i, &mut dead).map_err(|m| (inst_label(i), m))?;
        }
        // Function-pointer instructions are dead once their users use the twins: delete them,
        // users first.
        for i in dead.into_iter().rev() {
            // SAFETY: an instruction of the function; only deleted when nothing uses it.
            unsafe {
                if LLVMGetFirstUse(i.0).is_null() {
                    LLVMInstructionEraseFromParent(i.0);
                }
            }
        }
        self.erase_dead_pointers();
        Ok(())
    }

    /// Rewrites one instruction: its uses of function pointers become uses of their addresses.
    fn rewrite_inst(&mut self, i: Val, dead: &mut Vec<Val>) -> Result<(), String> {
        let op = i.opcode();
        if op == LLVMOpcode::LLVMCall {
            let callee = i.called_value();
            if callee.is_function() || callee.is_inline_asm() {
                self.constant_operands(i)?;
                return Ok(());
            }
            let addr = self.int_of(callee)?;
            // SAFETY: the call's called operand is its last; the new inttoptr precedes it.
            unsafe {
                LLVMPositionBuilderBefore(self.builder, i.0);
                let p = LLVMBuildIntToPtr(self.builder, addr, callee.ty().0, c"".as_ptr());
                LLVMSetOperand(i.0, i.num_operands() - 1, p);
            }
            self.constant_operands(i)?;
            return Ok(());
        }
        if op == LLVMOpcode::LLVMPtrToInt && is_function_pointer(i.operand(0).ty()) {
            let a = self.int_of(i.operand(0))?;
            let v = self.resize_from_i64(a, i);
            // SAFETY: same integer type as the ptrtoint.
            unsafe { LLVMReplaceAllUsesWith(i.0, v) };
            dead.push(i);
            return Ok(());
        }
        if op == LLVMOpcode::LLVMICmp && is_function_pointer(i.operand(0).ty()) {
            let (a, b) = (self.int_of(i.operand(0))?, self.int_of(i.operand(1))?);
            // SAFETY: a compare of two i64 values of the function.
            unsafe {
                LLVMPositionBuilderBefore(self.builder, i.0);
                let c = LLVMBuildICmp(self.builder, LLVMGetICmpPredicate(i.0), a, b, c"".as_ptr());
                LLVMReplaceAllUsesWith(i.0, c);
            }
            dead.push(i);
            return Ok(());
        }
        if op == LLVMOpcode::LLVMStore && is_function_pointer(i.operand(0).ty()) {
            // the address, as an i64 stored where the pointer was
            in_memory(i.operand(1))?;
            let a = self.int_of(i.operand(0))?;
            let slot = self.as_i64_pointer(i.operand(1), i);
            // SAFETY: an i64 store through an i64 pointer of the same address space.
            unsafe {
                LLVMPositionBuilderBefore(self.builder, i.0);
                let st = LLVMBuildStore(self.builder, a, slot);
                LLVMSetAlignment(st, LLVMGetAlignment(i.0));
                LLVMSetVolatile(st, LLVMGetVolatile(i.0));
            }
            dead.push(i);
            return Ok(());
        }
        if is_function_pointer(i.ty()) {
            dead.push(i);
            return Ok(());
        }
        if op != LLVMOpcode::LLVMPHI {
            self.constant_operands(i)?;
        }
        Ok(())
    }

    /// Deletes function-pointer instructions left without users (phis of each other), and the
    /// address computations of the tables they were loaded from.
    fn erase_dead_pointers(&self) {
        let removable = |i: Val| {
            is_function_pointer(i.ty())
                || (i.ty().kind() == LLVMTypeKind::LLVMPointerTypeKind
                    && matches!(i.opcode(), LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast))
        };
        loop {
            let dead: Vec<Val> = self
                .f
                .blocks()
                .into_iter()
                .flat_map(|b| b.instructions())
                // SAFETY: instructions of the function.
                .filter(|&i| removable(i) && unsafe { LLVMGetFirstUse(i.0).is_null() })
                .collect();
            if dead.is_empty() {
                break;
            }
            for i in dead {
                // SAFETY: unused instruction.
                unsafe { LLVMInstructionEraseFromParent(i.0) };
            }
            // phis using only each other: drop their incoming uses through undef
            let cyclic: Vec<Val> = self
                .f
                .blocks()
                .into_iter()
                .flat_map(|b| b.instructions())
                .filter(|&i| is_function_pointer(i.ty()) && i.opcode() == LLVMOpcode::LLVMPHI)
                .filter(|&i| {
                    i.users().iter().all(|u| is_function_pointer(u.ty()) && u.opcode() == LLVMOpcode::LLVMPHI)
                })
                .collect();
            for i in cyclic {
                // SAFETY: replace the phi's uses with undef of its type.
                unsafe { LLVMReplaceAllUsesWith(i.0, LLVMGetUndef(i.ty().0)) };
            }
        }
    }

    fn resize_from_i64(&self, a: LLVMValueRef, i: Val) -> LLVMValueRef {
        // SAFETY: `a` is an i64; `i` an integer-typed instruction.
        unsafe {
            let w = LLVMGetIntTypeWidth(i.ty().0);
            if w == 64 {
                return a;
            }
            LLVMPositionBuilderBefore(self.builder, i.0);
            if w < 64 {
                LLVMBuildTrunc(self.builder, a, i.ty().0, c"".as_ptr())
            } else {
                LLVMBuildZExt(self.builder, a, i.ty().0, c"".as_ptr())
            }
        }
    }

    /// Replaces constant operands of `i` holding function addresses with their values.
    fn constant_operands(&mut self, i: Val) -> Result<(), String> {
        let n = if i.opcode() == LLVMOpcode::LLVMCall { i.num_call_args() } else { i.num_operands() };
        for k in 0..n {
            let c = i.operand(k);
            if c.is_null() || !(c.is_constant_expr() || c.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind) {
                continue;
            }
            if c.is_instruction() {
                continue;
            }
            if let Some(v) = self.constant_of(c)? {
                // SAFETY: same type as the operand replaced.
                unsafe { LLVMSetOperand(i.0, k, v) };
            }
        }
        Ok(())
    }
}

/// Whether `v` is a global variable.
fn is_global(v: Val) -> bool {
    // SAFETY: valid value.
    unsafe { !LLVMIsAGlobalVariable(v.0).is_null() }
}

/// Checks that pointer `p` (to a function pointer) points into memory the memory rewrites reach
/// (a kernel argument's, a global's): a stack slot's array of function pointers is refused.
fn in_memory(p: Val) -> Result<(), String> {
    let mut root = p;
    for _ in 0..64 {
        let op = if root.is_instruction() {
            root.opcode()
        } else if root.is_constant_expr() {
            root.const_opcode()
        } else {
            break;
        };
        match op {
            LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => {
                root = root.operand(0)
            }
            LLVMOpcode::LLVMAlloca => {
                return Err(format!(
                    "function pointers in a stack array ({}): not modeled (a constant table of them is)",
                    root.print()
                ))
            }
            _ => break,
        }
    }
    Ok(())
}

/// Whether `v` is a constant global with an initializer (a table read at compile time).
fn is_constant_table(v: Val) -> bool {
    // SAFETY: a global variable when `is_global` holds.
    is_global(v) && unsafe { LLVMIsGlobalConstant(v.0) != 0 && !LLVMGetInitializer(v.0).is_null() }
}
