//! Address arithmetic: every pointer that comes from a rewritten kernel argument or an integer
//! (`inttoptr`) is followed through getelementptr, bitcasts, addrspacecast,
//! `llvm.genx.address.convert`, phis, selects and constant expressions, and gets an integer twin
//! (i64 for global memory, i32 for SLM) built from plain adds and multiplies. A global variable
//! still in the module here is one the global rewrite left in memory: its address is
//! `llvm.genx.gaddr` of it (vISA `faddr "symbol"`, a relocation), built once at the function's
//! entry. Pointers rooted in a stack slot have no twin: their accesses belong to other rewrites.

use super::super::super::raw::{ModuleRef, Val};
use super::super::is_pointer;
use super::kernel_args::address_space;
use super::Space;
use foldhash::{HashMap, HashMapExt};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::target::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// An integer address and the memory it points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Addr {
    /// The address: i64 for [`Space::Global`], i32 otherwise.
    pub value: LLVMValueRef,
    /// The memory it addresses.
    pub space: Space,
}

/// The addresses of one function's pointers, built on demand.
pub struct Addresses<'a> {
    /// The function being rewritten.
    pub f: Val,
    /// The module's LLVM context.
    pub ctx: LLVMContextRef,
    /// The module.
    pub module: LLVMModuleRef,
    /// The module's data layout, for type sizes and field offsets.
    pub layout: LLVMTargetDataRef,
    /// A builder of the module's context, positioned by callers.
    pub builder: LLVMBuilderRef,
    roots: &'a HashMap<LLVMValueRef, Space>,
    memo: HashMap<LLVMValueRef, Option<Addr>>,
    /// The `llvm.genx.gaddr` of each global in memory the function uses, made at its entry.
    globals: HashMap<LLVMValueRef, Addr>,
}

impl Drop for Addresses<'_> {
    fn drop(&mut self) {
        // SAFETY: the builder was created by `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.builder) }
    }
}

/// Whether `v` is a call of `llvm.genx.address.convert` (a pointer cast of the CM front end).
fn is_address_convert(v: Val) -> bool {
    v.is_instruction()
        && v.opcode() == LLVMOpcode::LLVMCall
        && v.called_value().is_function()
        && v.called_value().name().starts_with("llvm.genx.address.convert")
}

impl<'a> Addresses<'a> {
    /// Addresses of function `f` of `m`; `roots` are the kernel arguments' `inttoptr`s.
    pub fn new(m: &ModuleRef, f: Val, roots: &'a HashMap<LLVMValueRef, Space>) -> Self {
        // SAFETY: `m` is a live module; the builder is disposed on drop.
        unsafe {
            let ctx = LLVMGetModuleContext(m.0);
            Addresses {
                f,
                ctx,
                module: m.0,
                layout: LLVMGetModuleDataLayout(m.0),
                builder: LLVMCreateBuilderInContext(ctx),
                roots,
                memo: HashMap::new(),
                globals: HashMap::new(),
            }
        }
    }

    /// The integer type of `bits` bits.
    pub fn int(&self, bits: u32) -> LLVMTypeRef {
        // SAFETY: live context.
        unsafe { LLVMIntTypeInContext(self.ctx, bits) }
    }

    /// Allocation size in bytes of `t`.
    pub fn size_of(&self, t: LLVMTypeRef) -> u64 {
        // SAFETY: sized type of the module's context; live data layout.
        unsafe { LLVMABISizeOfType(self.layout, t) }
    }

    /// Positions the builder before instruction `at`.
    pub fn before(&self, at: LLVMValueRef) {
        // SAFETY: `at` is an instruction of the function.
        unsafe { LLVMPositionBuilderBefore(self.builder, at) }
    }

    /// `v` converted (zext or trunc) to an integer of `bits` bits.
    pub fn resize(&self, v: LLVMValueRef, bits: u32) -> LLVMValueRef {
        // SAFETY: `v` is an integer value; the builder is positioned.
        unsafe {
            let have = LLVMGetIntTypeWidth(LLVMTypeOf(v));
            match have.cmp(&bits) {
                std::cmp::Ordering::Equal => v,
                std::cmp::Ordering::Less => LLVMBuildZExt(self.builder, v, self.int(bits), c"".as_ptr()),
                std::cmp::Ordering::Greater => LLVMBuildTrunc(self.builder, v, self.int(bits), c"".as_ptr()),
            }
        }
    }

    /// The integer address of pointer `p` as seen by instruction `at` (where code for constant
    /// expressions is placed). `Ok(None)`: a pointer of a stack slot or global, not this rewrite's.
    pub fn of(&mut self, p: LLVMValueRef, at: LLVMValueRef) -> Result<Option<Addr>, String> {
        if let Some(a) = self.memo.get(&p) {
            return Ok(*a);
        }
        let v = Val(p);
        if v.is_argument() {
            return Ok(None);
        }
        let a = if v.is_instruction() { self.of_instruction(v)? } else { self.of_constant(v, at)? };
        if v.is_instruction() {
            self.memo.insert(p, a);
        }
        Ok(a)
    }

    fn of_instruction(&mut self, v: Val) -> Result<Option<Addr>, String> {
        use LLVMOpcode::*;
        if let Some(&space) = self.roots.get(&v.0) {
            return Ok(Some(Addr { value: v.operand(0).0, space }));
        }
        match v.opcode() {
            LLVMIntToPtr => {
                self.before(v.0);
                Ok(Some(self.of_int(v.operand(0).0, v.ty().0)))
            }
            LLVMBitCast | LLVMAddrSpaceCast => {
                let Some(a) = self.of(v.operand(0).0, v.0)? else { return Ok(None) };
                self.before(v.0);
                Ok(Some(self.cast_space(a, v.ty().0)))
            }
            LLVMCall if is_address_convert(v) => {
                let Some(a) = self.of(v.operand(0).0, v.0)? else { return Ok(None) };
                self.before(v.0);
                Ok(Some(self.cast_space(a, v.ty().0)))
            }
            LLVMGetElementPtr => self.gep(v, v.0),
            LLVMSelect => {
                let (t, f) = (self.of(v.operand(1).0, v.0)?, self.of(v.operand(2).0, v.0)?);
                match (t, f) {
                    (None, None) => Ok(None),
                    (Some(t), Some(f)) if t.space == f.space => {
                        self.before(v.0);
                        // SAFETY: operands of the select's function; builder positioned.
                        let value = unsafe {
                            LLVMBuildSelect(self.builder, v.operand(0).0, t.value, f.value, c"".as_ptr())
                        };
                        Ok(Some(Addr { value, space: t.space }))
                    }
                    _ => Err("unsupported: a select between pointers of different memories".into()),
                }
            }
            LLVMPHI => self.phi(v),
            LLVMAlloca => Ok(None),
            LLVMLoad => {
                Err(format!("unsupported: a pointer loaded from memory ({}) is not followed", v.print()))
            }
            _ => Err(format!("unsupported: the pointer {} is not an address genxc follows", v.print())),
        }
    }

    /// A pointer phi: an integer phi of the incoming addresses, each built in its block.
    fn phi(&mut self, v: Val) -> Result<Option<Addr>, String> {
        let incoming = v.phi_incoming();
        // The space comes from the first incoming value that has an address.
        let space = match self.phi_space(v, &mut Vec::new())? {
            Some(s) => s,
            None => return Ok(None),
        };
        // SAFETY: the phi is created at the start of the pointer phi's block; incoming values are
        // built before each incoming block's terminator.
        unsafe {
            let bb = LLVMGetInstructionParent(v.0);
            LLVMPositionBuilder(self.builder, bb, v.0);
            let phi = LLVMBuildPhi(self.builder, self.int(space.address_bits()), c"".as_ptr());
            let a = Addr { value: phi, space };
            self.memo.insert(v.0, Some(a));
            for (val, block) in incoming {
                let term = LLVMGetBasicBlockTerminator(block.0);
                let Some(inc) = self.of(val.0, term)? else {
                    return Err(format!(
                        "unsupported: the pointer phi {} mixes memory pointers with stack or global ones",
                        v.print()
                    ));
                };
                if inc.space != space {
                    return Err(format!("unsupported: the pointer phi {} mixes memories", v.print()));
                }
                let mut vals = [inc.value];
                let mut blocks = [block.0];
                LLVMAddIncoming(phi, vals.as_mut_ptr(), blocks.as_mut_ptr(), 1);
            }
            Ok(Some(a))
        }
    }

    /// The memory a pointer phi's incoming values point into, looking through other phis.
    fn phi_space(&mut self, v: Val, seen: &mut Vec<LLVMValueRef>) -> Result<Option<Space>, String> {
        if seen.contains(&v.0) {
            return Ok(None);
        }
        seen.push(v.0);
        for (val, block) in v.phi_incoming() {
            if val.is_instruction() && val.opcode() == LLVMOpcode::LLVMPHI {
                if let Some(s) = self.phi_space(val, seen)? {
                    return Ok(Some(s));
                }
                continue;
            }
            // SAFETY: incoming block of a phi of a live function.
            let term = unsafe { LLVMGetBasicBlockTerminator(block.0) };
            if let Some(a) = self.of(val.0, term)? {
                return Ok(Some(a.space));
            }
        }
        Ok(None)
    }

    fn of_constant(&mut self, v: Val, at: LLVMValueRef) -> Result<Option<Addr>, String> {
        use LLVMOpcode::*;
        // SAFETY: constant kinds are checked before use.
        unsafe {
            if !LLVMIsAConstantPointerNull(v.0).is_null() {
                let space = space_of(v.ty().0);
                return Ok(Some(Addr { value: LLVMConstNull(self.int(space.address_bits())), space }));
            }
            if !LLVMIsAGlobalVariable(v.0).is_null() && LLVMIsThreadLocal(v.0) == 0 {
                return self.global_address(v).map(Some);
            }
            if !LLVMIsAGlobalValue(v.0).is_null() {
                return Ok(None);
            }
        }
        if v.is_undef() {
            return Err(format!("unsupported: an access through the undefined pointer {}", v.print()));
        }
        if !v.is_constant_expr() {
            return Err(format!("unsupported: the constant pointer {}", v.print()));
        }
        match v.const_opcode() {
            LLVMIntToPtr => {
                self.before(at);
                Ok(Some(self.of_int(v.operand(0).0, v.ty().0)))
            }
            LLVMBitCast | LLVMAddrSpaceCast => {
                let Some(a) = self.of(v.operand(0).0, at)? else { return Ok(None) };
                self.before(at);
                Ok(Some(self.cast_space(a, v.ty().0)))
            }
            LLVMGetElementPtr => self.gep(v, at),
            _ => Err(format!("unsupported: the constant pointer {}", v.print())),
        }
    }

    /// The address of global variable `g` in memory: `llvm.genx.gaddr` of it, once per function,
    /// at the entry. A global in shared local memory (`addrspace(3)`) has no such address.
    fn global_address(&mut self, g: Val) -> Result<Addr, String> {
        if let Some(&a) = self.globals.get(&g.0) {
            return Ok(a);
        }
        let space = address_space(g.ty().0);
        if space == 3 {
            return Err(format!(
                "unsupported: global @{} in shared local memory (addrspace(3)): SLM variables are not supported",
                g.name()
            ));
        }
        // SAFETY: `g` is a global variable of the module; the declaration is created once in the
        // module's context; the call is built at the entry block's first instruction.
        let value = unsafe {
            let i8p = LLVMPointerType(self.int(8), space);
            let name = format!("llvm.genx.gaddr.i64.p{space}i8");
            let cname = std::ffi::CString::new(name).map_err(|e| e.to_string())?;
            let fty = LLVMFunctionType(self.int(64), [i8p].as_mut_ptr(), 1, 0);
            let mut decl = LLVMGetNamedFunction(self.module, cname.as_ptr());
            if decl.is_null() {
                decl = LLVMAddFunction(self.module, cname.as_ptr(), fty);
            }
            let entry = LLVMGetEntryBasicBlock(self.f.0);
            let first = LLVMGetFirstInstruction(entry);
            LLVMPositionBuilderBefore(self.builder, first);
            let arg = LLVMConstPointerCast(g.0, i8p);
            LLVMBuildCall2(self.builder, fty, decl, [arg].as_mut_ptr(), 1, c"".as_ptr())
        };
        let a = Addr { value, space: Space::Global };
        self.globals.insert(g.0, a);
        Ok(a)
    }

    /// The address of integer `x` as a pointer of type `pty`.
    fn of_int(&self, x: LLVMValueRef, pty: LLVMTypeRef) -> Addr {
        let space = space_of(pty);
        Addr { value: self.resize(x, space.address_bits()), space }
    }

    /// `a` seen as a pointer of type `pty`: a cast to `addrspace(3)` makes a global (generic)
    /// address an SLM offset; any other cast keeps the memory of its source.
    fn cast_space(&self, a: Addr, pty: LLVMTypeRef) -> Addr {
        if a.space == Space::Global && address_space(pty) == 3 {
            return Addr { value: self.resize(a.value, 32), space: Space::Slm };
        }
        a
    }

    /// A getelementptr (instruction or constant expression) as adds of scaled indices.
    fn gep(&mut self, v: Val, at: LLVMValueRef) -> Result<Option<Addr>, String> {
        let Some(base) = self.of(v.operand(0).0, at)? else { return Ok(None) };
        let bits = base.space.address_bits();
        if v.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind {
            return Err(format!("unsupported: a vector of pointers ({})", v.print()));
        }
        self.before(if v.is_instruction() { v.0 } else { at });
        // SAFETY: `v` is a GEP; its source element type and indices are read as LLVM defines them.
        unsafe {
            let mut ty = LLVMGetGEPSourceElementType(v.0);
            let mut value = base.value;
            for (k, idx) in v.operands().into_iter().skip(1).enumerate() {
                let scale;
                if k == 0 {
                    scale = self.size_of(ty);
                } else {
                    match LLVMGetTypeKind(ty) {
                        LLVMTypeKind::LLVMStructTypeKind => {
                            let Some(field) = idx.const_int() else {
                                return Err(format!(
                                    "invalid: a struct field index is not constant in {}",
                                    v.print()
                                ));
                            };
                            let off = LLVMOffsetOfElement(self.layout, ty, field as u32);
                            ty = LLVMStructGetTypeAtIndex(ty, field as u32);
                            if off != 0 {
                                let c = LLVMConstInt(self.int(bits), off, 0);
                                value = LLVMBuildAdd(self.builder, value, c, c"".as_ptr());
                            }
                            continue;
                        }
                        LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                            ty = LLVMGetElementType(ty);
                            scale = self.size_of(ty);
                        }
                        _ => {
                            return Err(format!(
                                "invalid: a getelementptr index into a scalar ({})",
                                v.print()
                            ))
                        }
                    }
                }
                if LLVMGetTypeKind(LLVMTypeOf(idx.0)) != LLVMTypeKind::LLVMIntegerTypeKind {
                    return Err(format!("unsupported: a vector index in {}", v.print()));
                }
                let off = match idx.const_int() {
                    Some(0) => continue,
                    Some(c) => LLVMConstInt(self.int(bits), (c as u64).wrapping_mul(scale), 0),
                    None => {
                        let have = LLVMGetIntTypeWidth(LLVMTypeOf(idx.0));
                        let i = if have < bits {
                            LLVMBuildSExt(self.builder, idx.0, self.int(bits), c"".as_ptr())
                        } else {
                            self.resize(idx.0, bits)
                        };
                        if scale == 1 {
                            i
                        } else if scale.is_power_of_two() && bits == 64 {
                            // a shift: one instruction (a few on parts without 64-bit integers)
                            // where a 64-bit multiplication is a sequence of dword products
                            // (vISA `mul` takes no 64-bit sources); a 32-bit one stays a `mul`,
                            // which folds with an add into a `mad`
                            let k = LLVMConstInt(self.int(bits), u64::from(scale.trailing_zeros()), 0);
                            LLVMBuildShl(self.builder, i, k, c"".as_ptr())
                        } else {
                            let s = LLVMConstInt(self.int(bits), scale, 0);
                            LLVMBuildMul(self.builder, i, s, c"".as_ptr())
                        }
                    }
                };
                value = LLVMBuildAdd(self.builder, value, off, c"".as_ptr());
            }
            Ok(Some(Addr { value, space: base.space }))
        }
    }

    /// Replaces every `ptrtoint` and pointer `icmp` whose pointers have addresses with the
    /// integer form, and so every `ptrtoint` constant expression operand of an instruction other
    /// than a phi (the address of a global passed to a call). Pointers without one are left for
    /// the validator to name.
    pub fn rewrite_pointer_to_int(&mut self) -> Result<(), String> {
        for i in self.instructions() {
            if i.opcode() != LLVMOpcode::LLVMPHI {
                for (k, op) in i.operands().into_iter().enumerate() {
                    if !(op.is_constant_expr() && op.const_opcode() == LLVMOpcode::LLVMPtrToInt) {
                        continue;
                    }
                    let Some(a) = self.of(op.operand(0).0, i.0)? else { continue };
                    self.before(i.0);
                    // SAFETY: operand `k` of `i` is an integer; its replacement has its width.
                    unsafe {
                        let r = self.resize(a.value, LLVMGetIntTypeWidth(LLVMTypeOf(op.0)));
                        LLVMSetOperand(i.0, k as u32, r);
                    }
                }
            }
            match i.opcode() {
                LLVMOpcode::LLVMPtrToInt => {
                    let Some(a) = self.of(i.operand(0).0, i.0)? else { continue };
                    self.before(i.0);
                    // SAFETY: `i` is an integer-typed instruction of the function.
                    unsafe {
                        let bits = LLVMGetIntTypeWidth(LLVMTypeOf(i.0));
                        let r = self.resize(a.value, bits);
                        LLVMReplaceAllUsesWith(i.0, r);
                        LLVMInstructionEraseFromParent(i.0);
                    }
                }
                LLVMOpcode::LLVMICmp if is_pointer(i.operand(0).ty()) => {
                    let (Some(x), Some(y)) = (self.of(i.operand(0).0, i.0)?, self.of(i.operand(1).0, i.0)?)
                    else {
                        continue;
                    };
                    if x.space != y.space {
                        continue;
                    }
                    self.before(i.0);
                    // SAFETY: `i` is an icmp of the function; operands of one width.
                    unsafe {
                        let r = LLVMBuildICmp(
                            self.builder,
                            LLVMGetICmpPredicate(i.0),
                            x.value,
                            y.value,
                            c"".as_ptr(),
                        );
                        LLVMReplaceAllUsesWith(i.0, r);
                        LLVMInstructionEraseFromParent(i.0);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Erases pointer-typed instructions (casts, getelementptrs, phis, selects, address converts)
    /// that nothing but such instructions uses: also the cycles a pointer walking through a loop
    /// leaves (a phi and the getelementptr that steps it use each other).
    pub fn delete_dead_pointers(&mut self) {
        use LLVMOpcode::*;
        let pure = |i: Val| {
            is_pointer(i.ty())
                && (matches!(
                    i.opcode(),
                    LLVMGetElementPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMIntToPtr | LLVMPHI | LLVMSelect
                ) || is_address_convert(i))
        };
        let candidates: Vec<Val> = self.instructions().into_iter().filter(|&i| pure(i)).collect();
        let is_candidate: foldhash::HashSet<LLVMValueRef> = candidates.iter().map(|v| v.0).collect();
        // Live: used by something else, or an operand of a live candidate.
        let mut live: foldhash::HashSet<LLVMValueRef> = foldhash::HashSet::default();
        let mut work: Vec<Val> = candidates
            .iter()
            .copied()
            .filter(|&c| c.users().iter().any(|u| !is_candidate.contains(&u.0)))
            .collect();
        while let Some(c) = work.pop() {
            if !live.insert(c.0) {
                continue;
            }
            work.extend(c.operands().into_iter().filter(|o| is_candidate.contains(&o.0)));
        }
        let dead: Vec<Val> = candidates.into_iter().filter(|c| !live.contains(&c.0)).collect();
        // SAFETY: dead instructions are used only by each other: their uses become undef first,
        // then each is erased once.
        unsafe {
            for d in &dead {
                LLVMReplaceAllUsesWith(d.0, LLVMGetUndef(LLVMTypeOf(d.0)));
            }
            for d in dead {
                self.memo.remove(&d.0);
                LLVMInstructionEraseFromParent(d.0);
            }
        }
    }

    /// The function's instructions in layout order.
    pub fn instructions(&self) -> Vec<Val> {
        self.f.blocks().into_iter().flat_map(|b| b.instructions()).collect()
    }
}

/// The memory a pointer type addresses by its address space alone.
pub fn space_of(pty: LLVMTypeRef) -> Space {
    if address_space(pty) == 3 {
        Space::Slm
    } else {
        Space::Global
    }
}
