//! Accesses to a memory object kept in one vector register value: the shared machinery of array
//! promotion ([`super::promote_array`]) and global localization ([`super::globals`]).
//!
//! A memory object (a stack slot or a global) whose address is only loaded from, stored to, offset
//! by `getelementptr`, cast, or marked with lifetime intrinsics is modeled as one vector
//! `<N x E>` (its *layout*). Every access has a byte offset in it, constant or computed at run
//! time from the GEP indices. A load becomes an `llvm.genx.rdregion` of the whole vector at that
//! byte offset (an indirect region when the offset is variable); a store becomes a load of the
//! whole vector, an `llvm.genx.wrregion` and a store of the whole vector back. Accesses of another
//! element type than `E` read or write a bitcast of the whole vector.

use super::super::raw::{Ty, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::target::{LLVMABISizeOfType, LLVMOffsetOfElement, LLVMTargetDataRef};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// The vector a memory object is modeled as: `n` elements of the scalar type `elem`.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The element type (a Gen scalar type other than i1).
    pub elem: Ty,
    /// Number of elements.
    pub n: u32,
    /// Size of the object in bytes (`n` times the element size).
    pub bytes: u64,
}

impl Layout {
    /// The vector type `<n x elem>`.
    pub fn vector_type(&self) -> Ty {
        // SAFETY: a valid scalar type and a positive count.
        Ty(unsafe { LLVMVectorType(self.elem.0, self.n) })
    }
}

/// A byte offset into the object: a constant plus a sum of run-time index values times scales.
#[derive(Clone, Debug, Default)]
pub struct Offset {
    /// Constant part, in bytes.
    pub konst: i64,
    /// Variable parts: an integer value and the bytes one step of it moves.
    pub terms: Vec<(Val, i64)>,
}

/// What one use of the object's address does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    /// A `load` (or `llvm.genx.vload`) of the instruction's result type.
    Load,
    /// A `store` (or `llvm.genx.vstore`) of the given value.
    Store(Val),
    /// `llvm.lifetime.start`/`end`: no effect on a register value; removed.
    Lifetime,
}

/// One access of the object: the instruction, what it does and where.
#[derive(Clone, Debug)]
pub struct Access {
    /// The load, store or call instruction.
    pub inst: Val,
    /// What it does.
    pub kind: AccessKind,
    /// The byte offset it accesses.
    pub offset: Offset,
    /// Whether the access is volatile.
    pub volatile: bool,
}

/// Every access to the object at `root` (an alloca or a global), with the address computations
/// (GEP and cast instructions) that lead to them, or why the object cannot be kept in a register
/// (its address escapes, or is used in a way that has no computable offset).
pub struct Uses {
    /// The accesses.
    pub accesses: Vec<Access>,
    /// GEP and cast instructions on the way, in the order found (erase in reverse).
    pub address_insts: Vec<Val>,
}

/// Size in bytes of `t` in the module's data layout.
pub fn size_of(td: LLVMTargetDataRef, t: Ty) -> u64 {
    // SAFETY: a valid data layout and a sized type.
    unsafe { LLVMABISizeOfType(td, t.0) }
}

/// Whether `t` is a Gen scalar type that can be a region element (not i1).
fn is_region_scalar(t: Ty) -> bool {
    match t.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind => matches!(t.int_width(), 8 | 16 | 32 | 64),
        LLVMTypeKind::LLVMHalfTypeKind
        | LLVMTypeKind::LLVMFloatTypeKind
        | LLVMTypeKind::LLVMDoubleTypeKind => true,
        _ => false,
    }
}

/// The scalar leaves of a type (array, vector and struct elements, recursively), or why it has
/// none a register can hold.
fn leaf_types(t: Ty, out: &mut Vec<Ty>) -> Result<(), String> {
    match t.kind() {
        LLVMTypeKind::LLVMArrayTypeKind => {
            // SAFETY: valid array type.
            let n = unsafe { LLVMGetArrayLength(t.0) };
            let mut inner = Vec::new();
            leaf_types(t.element(), &mut inner)?;
            for _ in 0..n {
                out.extend_from_slice(&inner);
            }
            Ok(())
        }
        LLVMTypeKind::LLVMVectorTypeKind => {
            let e = t.element();
            if !is_region_scalar(e) {
                return Err(format!("its element type {} is not a register element type", e.print()));
            }
            out.extend(std::iter::repeat_n(e, t.vector_size() as usize));
            Ok(())
        }
        LLVMTypeKind::LLVMStructTypeKind => {
            for e in t.struct_elements() {
                leaf_types(e, out)?;
            }
            Ok(())
        }
        _ if is_region_scalar(t) => {
            out.push(t);
            Ok(())
        }
        _ => Err(format!("it holds {}, which a register cannot hold", t.print())),
    }
}

/// The vector layout of an object of type `t`: all its scalar leaves must have one type and the
/// object no padding.
pub fn layout_of(td: LLVMTargetDataRef, t: Ty) -> Result<Layout, String> {
    let mut leaves = Vec::new();
    leaf_types(t, &mut leaves)?;
    let Some(&elem) = leaves.first() else { return Err("it is empty".into()) };
    if leaves.iter().any(|&l| l != elem) {
        return Err(format!("its elements have different types ({} and others)", elem.print()));
    }
    let eb = size_of(td, elem);
    // A vector's allocation size is rounded up (`<3 x i16>` takes 8 bytes); its elements are the
    // value.
    let bytes =
        if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { eb * leaves.len() as u64 } else { size_of(td, t) };
    if bytes != eb * leaves.len() as u64 {
        return Err("it has padding between its elements".into());
    }
    Ok(Layout { elem, n: leaves.len() as u32, bytes })
}

/// The constant vector `<n x elem>` holding the constant `c` of a type with layout `l`.
pub fn flatten_constant(c: Val, l: &Layout) -> Result<Val, String> {
    let mut leaves = Vec::new();
    flatten_into(c, &mut leaves)?;
    if leaves.len() != l.n as usize || leaves.iter().any(|v| v.ty() != l.elem) {
        return Err(format!("its initializer {} does not match its type", c.print()));
    }
    let mut raw: Vec<LLVMValueRef> = leaves.into_iter().map(|v| v.0).collect();
    // SAFETY: constants of one scalar type.
    Ok(Val(unsafe { LLVMConstVector(raw.as_mut_ptr(), raw.len() as u32) }))
}

fn flatten_into(c: Val, out: &mut Vec<Val>) -> Result<(), String> {
    let t = c.ty();
    // SAFETY: kind checks before every element access; indices below the element counts.
    unsafe {
        let aggregate = matches!(
            t.kind(),
            LLVMTypeKind::LLVMArrayTypeKind
                | LLVMTypeKind::LLVMVectorTypeKind
                | LLVMTypeKind::LLVMStructTypeKind
        );
        if !aggregate {
            if c.const_int().is_some() || c.const_float().is_some() || c.is_undef() {
                out.push(c);
                return Ok(());
            }
            if LLVMIsNull(c.0) != 0 {
                out.push(Val(LLVMConstNull(t.0)));
                return Ok(());
            }
            return Err(format!("its initializer holds {}, not a number", c.print()));
        }
        if c.is_undef() || c.is_zero_aggregate() {
            let mut leaves = Vec::new();
            leaf_types(t, &mut leaves)?;
            for l in leaves {
                out.push(Val(if c.is_undef() { LLVMGetUndef(l.0) } else { LLVMConstNull(l.0) }));
            }
            return Ok(());
        }
        if !LLVMIsAConstantDataSequential(c.0).is_null() {
            let n = match t.kind() {
                LLVMTypeKind::LLVMArrayTypeKind => LLVMGetArrayLength(t.0),
                _ => t.vector_size(),
            };
            for i in 0..n {
                out.push(Val(LLVMGetElementAsConstant(c.0, i)));
            }
            return Ok(());
        }
        if !LLVMIsAConstantArray(c.0).is_null()
            || !LLVMIsAConstantStruct(c.0).is_null()
            || !LLVMIsAConstantVector(c.0).is_null()
        {
            for o in c.operands() {
                flatten_into(o, out)?;
            }
            return Ok(());
        }
    }
    Err(format!("its initializer {} is not a constant table", c.print()))
}

/// The `i`th use's user list of `v`.
fn users(v: Val) -> Vec<(Val, u32)> {
    let mut out = Vec::new();
    // SAFETY: valid value; iteration ends with null. The operand number is found by position.
    unsafe {
        let mut u = LLVMGetFirstUse(v.0);
        while !u.is_null() {
            let user = Val(LLVMGetUser(u));
            let idx = user.operands().iter().position(|&o| o == v).unwrap_or(0) as u32;
            if !out.iter().any(|&(w, _)| w == user) {
                out.push((user, idx));
            }
            u = LLVMGetNextUse(u);
        }
    }
    out
}

/// Whether a constant has no user that is an instruction (directly or through other constants):
/// a constant expression left over after its instruction users were rewritten.
pub fn is_dead_constant(c: Val) -> bool {
    users(c).into_iter().all(|(u, _)| is_plain_constant(u) && is_dead_constant(u))
}

/// Whether `v` is a constant other than a global (an expression, an array or struct constant).
fn is_plain_constant(v: Val) -> bool {
    // SAFETY: valid value.
    !v.is_instruction() && v.is_constant() && unsafe { LLVMIsAGlobalValue(v.0).is_null() }
}

/// The name of a called function (empty for an indirect call).
pub fn callee_name(call: Val) -> String {
    let f = call.called_value();
    if f.is_function() {
        f.name()
    } else {
        String::new()
    }
}

/// Finds every access to the object at `root`, through instructions and constant expressions.
pub fn collect_uses(td: LLVMTargetDataRef, root: Val) -> Result<Uses, String> {
    let mut uses = Uses { accesses: Vec::new(), address_insts: Vec::new() };
    walk(td, root, Offset::default(), &mut uses, 0)?;
    Ok(uses)
}

fn walk(td: LLVMTargetDataRef, p: Val, off: Offset, uses: &mut Uses, depth: u32) -> Result<(), String> {
    if depth > 64 {
        return Err("its address goes through more than 64 address computations".into());
    }
    use LLVMOpcode::*;
    for (u, idx) in users(p) {
        let (op, is_inst) = if u.is_instruction() {
            (u.opcode(), true)
        } else if is_plain_constant(u) && is_dead_constant(u) {
            continue;
        } else if u.is_constant_expr() {
            (u.const_opcode(), false)
        } else {
            return Err(format!("its address is used by {}", u.print()));
        };
        let volatile = is_inst
            && matches!(op, LLVMLoad | LLVMStore)
            // SAFETY: a load or store instruction.
            && unsafe { LLVMGetVolatile(u.0) } != 0;
        match op {
            LLVMLoad => {
                uses.accesses.push(Access { inst: u, kind: AccessKind::Load, offset: off.clone(), volatile })
            }
            LLVMStore if idx == 1 => uses.accesses.push(Access {
                inst: u,
                kind: AccessKind::Store(u.operand(0)),
                offset: off.clone(),
                volatile,
            }),
            LLVMBitCast | LLVMAddrSpaceCast if u.ty().kind() == LLVMTypeKind::LLVMPointerTypeKind => {
                if is_inst {
                    uses.address_insts.push(u);
                }
                walk(td, u, off.clone(), uses, depth + 1)?;
            }
            LLVMGetElementPtr if idx == 0 => {
                let mut o = off.clone();
                gep_offset(td, u, &mut o)?;
                if is_inst {
                    uses.address_insts.push(u);
                }
                walk(td, u, o, uses, depth + 1)?;
            }
            LLVMCall if is_inst => {
                let name = callee_name(u);
                let n_args = u.num_call_args();
                if name.starts_with("llvm.lifetime.") {
                    uses.accesses.push(Access {
                        inst: u,
                        kind: AccessKind::Lifetime,
                        offset: off.clone(),
                        volatile,
                    });
                } else if name.starts_with("llvm.genx.vload.") && n_args == 1 {
                    uses.accesses.push(Access {
                        inst: u,
                        kind: AccessKind::Load,
                        offset: off.clone(),
                        volatile: true,
                    });
                } else if name.starts_with("llvm.genx.vstore.") && n_args == 2 && idx == 1 {
                    uses.accesses.push(Access {
                        inst: u,
                        kind: AccessKind::Store(u.operand(0)),
                        offset: off.clone(),
                        volatile: true,
                    });
                } else {
                    return Err(format!(
                        "its address is passed to {}",
                        if name.is_empty() { "an indirect call".to_string() } else { format!("@{name}") }
                    ));
                }
            }
            LLVMStore => return Err("its address is stored to memory".into()),
            _ => return Err(format!("its address is used by {}", u.print())),
        }
    }
    Ok(())
}

/// Adds the byte offset of a `getelementptr` (instruction or constant expression) to `o`.
fn gep_offset(td: LLVMTargetDataRef, gep: Val, o: &mut Offset) -> Result<(), String> {
    let ops = gep.operands();
    let base_ty = ops[0].ty();
    if base_ty.kind() != LLVMTypeKind::LLVMPointerTypeKind {
        return Err("a getelementptr over a vector of pointers".into());
    }
    let mut t = base_ty.element();
    for (k, &ix) in ops[1..].iter().enumerate() {
        if ix.ty().kind() != LLVMTypeKind::LLVMIntegerTypeKind {
            return Err("a getelementptr with a vector index".into());
        }
        let step = if k == 0 {
            size_of(td, t) as i64
        } else {
            match t.kind() {
                LLVMTypeKind::LLVMStructTypeKind => {
                    let field = ix.const_int().ok_or("a struct field index that is not constant")?;
                    let fields = t.struct_elements();
                    let f = *fields.get(field as usize).ok_or("a struct field index out of range")?;
                    // SAFETY: a valid struct type and field index.
                    o.konst += unsafe { LLVMOffsetOfElement(td, t.0, field as u32) } as i64;
                    t = f;
                    continue;
                }
                LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                    t = t.element();
                    size_of(td, t) as i64
                }
                _ => return Err(format!("a getelementptr into {}", t.print())),
            }
        };
        match ix.const_int() {
            Some(c) => o.konst += c * step,
            None => o.terms.push((ix, step)),
        }
    }
    Ok(())
}

/// Where the whole vector comes from when an access reads it.
#[derive(Clone, Copy, Debug)]
pub enum Whole {
    /// A stack slot of the layout's vector type (loaded and stored whole).
    Slot(Val),
    /// A constant vector (stores are not allowed).
    Constant(Val),
}

/// An instruction builder over one module, with the intrinsic declarations it adds.
pub struct Rewriter {
    b: LLVMBuilderRef,
    m: LLVMModuleRef,
    ctx: LLVMContextRef,
    td: LLVMTargetDataRef,
}

impl Drop for Rewriter {
    fn drop(&mut self) {
        // SAFETY: the builder was created by `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.b) }
    }
}

/// An empty C string for unnamed instructions.
const NONAME: *const std::os::raw::c_char = c"".as_ptr();

impl Rewriter {
    /// A rewriter over module `m` with data layout `td`.
    pub fn new(m: LLVMModuleRef, td: LLVMTargetDataRef) -> Self {
        // SAFETY: a valid module; the builder is disposed on drop.
        unsafe {
            let ctx = LLVMGetModuleContext(m);
            Rewriter { b: LLVMCreateBuilderInContext(ctx), m, ctx, td }
        }
    }

    /// Positions new instructions before `i`.
    pub fn before(&self, i: Val) {
        // SAFETY: a valid instruction.
        unsafe { LLVMPositionBuilderBefore(self.b, i.0) }
    }

    /// Positions new instructions at the start of `f`'s entry block, after its allocas.
    pub fn at_entry(&self, f: Val) {
        let entry = f.blocks()[0];
        let first = entry.instructions().into_iter().find(|i| i.opcode() != LLVMOpcode::LLVMAlloca);
        // SAFETY: a valid block; `first` is one of its instructions (a block ends with a terminator).
        unsafe {
            match first {
                Some(i) => LLVMPositionBuilderBefore(self.b, i.0),
                None => LLVMPositionBuilderAtEnd(self.b, entry.0),
            }
        }
    }

    /// An alloca of `t` at the start of `f`'s entry block.
    pub fn entry_alloca(&self, f: Val, t: Ty, name: &str) -> Val {
        let entry = f.blocks()[0];
        let first = entry.instructions()[0];
        let cname = std::ffi::CString::new(name.replace('\0', "")).unwrap_or_default();
        // SAFETY: a valid block and type.
        unsafe {
            LLVMPositionBuilderBefore(self.b, first.0);
            Val(LLVMBuildAlloca(self.b, t.0, cname.as_ptr()))
        }
    }

    /// A store of `v` to `p` at the current position.
    pub fn store(&self, v: Val, p: Val) -> Val {
        // SAFETY: `p` points to `v`'s type.
        Val(unsafe { LLVMBuildStore(self.b, v.0, p.0) })
    }

    fn load(&self, t: Ty, p: Val) -> Val {
        // SAFETY: `p` points to `t`.
        Val(unsafe { LLVMBuildLoad2(self.b, t.0, p.0, NONAME) })
    }

    fn bitcast(&self, v: Val, t: Ty) -> Val {
        if v.ty() == t {
            return v;
        }
        // SAFETY: same-size first-class types.
        Val(unsafe { LLVMBuildBitCast(self.b, v.0, t.0, NONAME) })
    }

    fn i16_ty(&self) -> Ty {
        // SAFETY: valid context.
        Ty(unsafe { LLVMInt16TypeInContext(self.ctx) })
    }

    /// The region start index (i16, in bytes) of an offset.
    fn index(&self, o: &Offset) -> Val {
        // SAFETY: integer arithmetic on valid integer values.
        unsafe {
            let i32t = LLVMInt32TypeInContext(self.ctx);
            let mut acc: Option<LLVMValueRef> = None;
            for &(v, scale) in &o.terms {
                let x = LLVMBuildIntCast2(self.b, v.0, i32t, 1, NONAME);
                let x = if scale == 1 {
                    x
                } else {
                    LLVMBuildMul(self.b, x, LLVMConstInt(i32t, scale as u64, 1), NONAME)
                };
                acc = Some(match acc {
                    None => x,
                    Some(a) => LLVMBuildAdd(self.b, a, x, NONAME),
                });
            }
            match acc {
                None => Val(LLVMConstInt(self.i16_ty().0, o.konst as u64, 1)),
                Some(a) => {
                    let a = if o.konst == 0 {
                        a
                    } else {
                        LLVMBuildAdd(self.b, a, LLVMConstInt(i32t, o.konst as u64, 1), NONAME)
                    };
                    Val(LLVMBuildTrunc(self.b, a, self.i16_ty().0, NONAME))
                }
            }
        }
    }

    /// The declaration of a region intrinsic, mangled as the GenX reference spells it.
    fn intrinsic(&self, base: &str, ret: Ty, params: &[Ty]) -> (Val, Ty) {
        let float = matches!(
            ret.kind(),
            LLVMTypeKind::LLVMHalfTypeKind
                | LLVMTypeKind::LLVMFloatTypeKind
                | LLVMTypeKind::LLVMDoubleTypeKind
        ) || (ret.kind() == LLVMTypeKind::LLVMVectorTypeKind
            && !matches!(ret.element().kind(), LLVMTypeKind::LLVMIntegerTypeKind));
        let mut name = format!("llvm.genx.{base}{}.{}", if float { 'f' } else { 'i' }, mangle(ret));
        let overloaded: &[usize] = if base == "rdregion" { &[0, 4] } else { &[1, 5, 7] };
        for &k in overloaded {
            name.push('.');
            name.push_str(&mangle(params[k]));
        }
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        let mut ps: Vec<LLVMTypeRef> = params.iter().map(|t| t.0).collect();
        // SAFETY: valid types; the function is looked up before it is added.
        unsafe {
            let fty = LLVMFunctionType(ret.0, ps.as_mut_ptr(), ps.len() as u32, 0);
            let mut f = LLVMGetNamedFunction(self.m, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(self.m, cname.as_ptr(), fty);
            }
            (Val(f), Ty(fty))
        }
    }

    fn call(&self, f: (Val, Ty), args: &[Val]) -> Val {
        let mut a: Vec<LLVMValueRef> = args.iter().map(|v| v.0).collect();
        // SAFETY: arguments match the declared function type.
        Val(unsafe { LLVMBuildCall2(self.b, f.1 .0, f.0 .0, a.as_mut_ptr(), a.len() as u32, NONAME) })
    }

    fn i32c(&self, v: i64) -> Val {
        // SAFETY: valid context.
        Val(unsafe { LLVMConstInt(LLVMInt32TypeInContext(self.ctx), v as u64, 1) })
    }

    /// The shape of an access of type `t`: its scalar element type and element count, or why a
    /// register region cannot give it.
    fn access_shape(&self, t: Ty, l: &Layout) -> Result<(Ty, u32), String> {
        let (e, k) = match t.kind() {
            LLVMTypeKind::LLVMVectorTypeKind => (t.element(), t.vector_size()),
            _ => (t, 1),
        };
        if !is_region_scalar(e) {
            return Err(format!(
                "an access of type {}, which a register region cannot read or write",
                t.print()
            ));
        }
        let eb = size_of(self.td, e);
        if !l.bytes.is_multiple_of(eb) {
            return Err(format!(
                "an access of type {} does not divide the {}-byte object",
                t.print(),
                l.bytes
            ));
        }
        Ok((e, k))
    }

    /// Checks that a constant-offset access of `bytes` at `o` lies inside the object.
    fn check_bounds(o: &Offset, bytes: u64, l: &Layout, eb: u64) -> Result<(), String> {
        if o.terms.is_empty()
            && (o.konst < 0 || o.konst as u64 + bytes > l.bytes || !(o.konst as u64).is_multiple_of(eb))
        {
            return Err(format!(
                "an access of {bytes} bytes at byte {} of the {}-byte object",
                o.konst, l.bytes
            ));
        }
        Ok(())
    }

    /// Rewrites one access against the whole vector `whole` of layout `l`, erasing the original.
    pub fn rewrite(&self, a: &Access, whole: Whole, l: &Layout) -> Result<(), String> {
        let vt = l.vector_type();
        self.before(a.inst);
        let read_whole = || match whole {
            Whole::Slot(p) => self.load(vt, p),
            Whole::Constant(c) => c,
        };
        match a.kind {
            AccessKind::Lifetime => {}
            AccessKind::Load => {
                let t = a.inst.ty();
                let (e, k) = self.access_shape(t, l)?;
                let eb = size_of(self.td, e);
                Self::check_bounds(&a.offset, eb * u64::from(k), l, eb)?;
                // SAFETY: valid element type and count.
                let view_ty = Ty(unsafe { LLVMVectorType(e.0, (l.bytes / eb) as u32) });
                let view = self.bitcast(read_whole(), view_ty);
                let idx = self.index(&a.offset);
                let undef32 = Val(unsafe { LLVMGetUndef(LLVMInt32TypeInContext(self.ctx)) });
                let f = self.intrinsic(
                    "rdregion",
                    t,
                    &[
                        view_ty,
                        self.i32c(0).ty(),
                        self.i32c(0).ty(),
                        self.i32c(0).ty(),
                        idx.ty(),
                        undef32.ty(),
                    ],
                );
                let r =
                    self.call(f, &[view, self.i32c(0), self.i32c(i64::from(k)), self.i32c(1), idx, undef32]);
                // SAFETY: `r` has the load's type.
                unsafe { LLVMReplaceAllUsesWith(a.inst.0, r.0) };
            }
            AccessKind::Store(v) => {
                let Whole::Slot(p) = whole else {
                    return Err("a store to a constant".into());
                };
                let t = v.ty();
                let (e, k) = self.access_shape(t, l)?;
                let eb = size_of(self.td, e);
                Self::check_bounds(&a.offset, eb * u64::from(k), l, eb)?;
                // SAFETY: valid element type and count.
                let view_ty = Ty(unsafe { LLVMVectorType(e.0, (l.bytes / eb) as u32) });
                let view = self.bitcast(self.load(vt, p), view_ty);
                let idx = self.index(&a.offset);
                // SAFETY: valid context.
                let (undef32, true1) = unsafe {
                    (
                        Val(LLVMGetUndef(LLVMInt32TypeInContext(self.ctx))),
                        Val(LLVMConstInt(LLVMInt1TypeInContext(self.ctx), 1, 0)),
                    )
                };
                let i32t = self.i32c(0).ty();
                let f = self.intrinsic(
                    "wrregion",
                    view_ty,
                    &[view_ty, t, i32t, i32t, i32t, idx.ty(), i32t, true1.ty()],
                );
                let r = self.call(
                    f,
                    &[view, v, self.i32c(0), self.i32c(i64::from(k)), self.i32c(1), idx, undef32, true1],
                );
                self.store(self.bitcast(r, vt), p);
            }
        }
        // SAFETY: the access has no uses left (a load's were replaced; stores and calls have none).
        unsafe { LLVMInstructionEraseFromParent(a.inst.0) };
        Ok(())
    }
}

/// Erases address computations left without uses, last first.
pub fn erase_dead(insts: &[Val]) {
    for &i in insts.iter().rev() {
        // SAFETY: valid instructions; only those without uses are erased.
        unsafe {
            if LLVMGetFirstUse(i.0).is_null() {
                LLVMInstructionEraseFromParent(i.0);
            }
        }
    }
}

/// The overload suffix of a type (`i32`, `f32`, `v8i32`, ...).
pub(super) fn mangle(t: Ty) -> String {
    match t.kind() {
        LLVMTypeKind::LLVMVectorTypeKind => format!("v{}{}", t.vector_size(), mangle(t.element())),
        LLVMTypeKind::LLVMIntegerTypeKind => format!("i{}", t.int_width()),
        LLVMTypeKind::LLVMHalfTypeKind => "f16".into(),
        LLVMTypeKind::LLVMFloatTypeKind => "f32".into(),
        LLVMTypeKind::LLVMDoubleTypeKind => "f64".into(),
        _ => "x".into(),
    }
}
