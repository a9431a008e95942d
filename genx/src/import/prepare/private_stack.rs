//! Private memory on the stack (the memory half of Intel's GenXPrologEpilogInsertion): the stack
//! slots that stay after array promotion — an array larger than the registers keep, a slot whose
//! address escapes into a call — get a place in per-thread stack memory with a real 64-bit
//! address, and pointer parameters of stack functions become those addresses.
//!
//! The convention (genxc's own; its callees are its own, so it only has to be consistent):
//! - Every thread owns `N` bytes (`-stateless-stack-mem-size`, [`STACK_BYTES_PER_THREAD`] by
//!   default) of a private memory buffer whose 64-bit base the kernel receives as an implicit argument
//!   (kind 96, `llvm.genx.private.base` until the import binds it). The thread's part starts at
//!   `base + (%sr0 & 0x3fff) * size`: the low 14 bits of `%sr0` number the hardware threads that
//!   run at once, so a runtime allocates `size * 16384` bytes ([`StackThreadIndex::Sr0Slot`], the
//!   `.visaasm`/`.isa` outputs' convention). For a zebin ([`StackThreadIndex::HardwareThreadId`])
//!   the thread's part starts at `base + %hw_id * size` instead, as Intel's Vector Compiler
//!   places it (by a hardware thread id): `GenX_IR` reads `%hw_id` as the thread's fixed-function
//!   thread id (bits 9:0 of r0.5 on TGLLP, DG2 and PVC), the index the hardware addresses
//!   per-thread scratch by, which stays below the runtime's count of hardware threads; the
//!   runtime allocates `size` bytes (`per_thread_memory_buffers`, `private_space`) times that
//!   count. There a kernel strides by the frames it needs (its own and the deepest chain of the
//!   functions it calls, rounded to 16 bytes) when no recursion, indirect call or call of code
//!   compiled elsewhere makes that depth a run-time matter, as Intel's compiler sizes its
//!   `private_space`; the stride is recorded on the kernel ([`private_bytes`]) for the metadata.
//!   A kernel that uses the stack sets `%sp` and `%fp` there first.
//! - A function with slots reads `%sp` at its entry (its frame base), moves `%sp` past its frame
//!   (slots in decreasing alignment, the frame rounded to 16 bytes, an oword, as every `%sp` stays)
//!   and puts `%sp` back before every return; slot `k` is at `frame base + offset k`.
//! - A stack function's pointer parameters are 64-bit addresses; its callers pass the integers.
//! - Stack-call arguments follow IGC's rule: in order, an argument goes to `%arg` while it fits
//!   (1024 bytes, whole GRFs each), otherwise onto the stack at the next oword. The caller stores
//!   those at `%sp`, moves `%sp` past them for the call and back after it; the callee loads them
//!   from `%sp - their bytes` as `%sp` is at its entry. Declared-only callees are called so too.
//! - A kernel also sets the stack up when it reaches a declared-only function (compiled elsewhere,
//!   it may use the stack), or an indirect call while some function of the module has a frame.
//!
//! The frame of a kernel plus the deepest chain of frames of the functions it calls must fit the
//! per-thread size, or the kernel is refused with both numbers, at its largest slot (or the call
//! that starts the chain); a recursive chain is counted once (its depth is a run-time matter), an
//! indirect call as the widest frame of the module. Accesses through the addresses are then the memory rewrite's
//! (SVM or LSC messages, like any global memory).

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::{inst_label, linkage_of};
use super::builder::{Builder, NONAME};
use super::is_pointer;
use crate::ir::Linkage;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::target::{LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMGetModuleDataLayout};
use inkwell::llvm_sys::{LLVMAttributeFunctionIndex, LLVMOpcode, LLVMTypeKind};

/// Bytes of private stack memory each thread gets (what ocloc's `-stateless-stack-mem-size`
/// gives by default).
pub const STACK_BYTES_PER_THREAD: u32 = 8192;
/// The largest `-stateless-stack-mem-size`: the thread's offset, `slot * size`, is computed in 32
/// bits.
pub const MAX_STACK_BYTES_PER_THREAD: u32 = u32::MAX / STACK_THREAD_SLOTS / 16 * 16;
/// Hardware thread slots the low bits of `%sr0` number: a runtime allocates this many per-thread
/// stacks.
pub const STACK_THREAD_SLOTS: u32 = 1 << 14;
/// The intrinsic standing for the kernel's private memory base until the import binds it to the
/// implicit argument.
pub const PRIVATE_BASE_INTRINSIC: &str = "llvm.genx.private.base";

/// How a kernel's threads find their part of the private memory buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StackThreadIndex {
    /// The low 14 bits of `%sr0` ([`STACK_THREAD_SLOTS`] slots): genxc's own convention, for
    /// `.visaasm` and `.isa` outputs.
    #[default]
    Sr0Slot,
    /// `%hw_id`, the hardware thread id the finalizer computes (Intel's Vector Compiler's
    /// convention, which the compute runtime's private memory size covers): for zebins.
    HardwareThreadId,
}

/// The private stack memory of each hardware thread: its size and how a thread finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrivateStack {
    /// Bytes each thread gets (`-stateless-stack-mem-size`).
    pub bytes_per_thread: u32,
    /// How a thread finds its part.
    pub thread_index: StackThreadIndex,
}

impl PrivateStack {
    /// `bytes_per_thread` of stack found by genxc's own `%sr0` slots.
    pub fn sr0_slots(bytes_per_thread: u32) -> PrivateStack {
        PrivateStack { bytes_per_thread, thread_index: StackThreadIndex::Sr0Slot }
    }
}

/// vISA number of `%sp`.
const SP: u64 = 10;
/// vISA number of `%fp`.
const FP: u64 = 11;
/// vISA number of `%sr0`.
const SR0: u64 = 13;
/// Alignment of every frame and of `%sp` (an oword).
const FRAME_ALIGN: u64 = 16;

/// Places the private memory of `m`: stack functions' pointer parameters become i64 addresses,
/// remaining stack slots get frame slots, kernels that use the stack set it up; a kernel whose
/// stack does not fit is a diagnostic.
pub fn place_private_memory(
    m: &ModuleRef,
    grf_bytes: u32,
    stack: PrivateStack,
) -> Result<(), Vec<Diagnostic>> {
    let stack_bytes = stack.bytes_per_thread;
    let b = Builder::new(m);
    pass_addresses_to_stack_functions(m, &b);
    // SAFETY: the module's own data layout.
    let td = unsafe { LLVMGetModuleDataLayout(m.0) };
    let mut frames: HashMap<LLVMValueRef, u64> = HashMap::new();
    // Each frame's base: the `%sp` its function reads at entry.
    let mut frame_bases: HashMap<LLVMValueRef, Val> = HashMap::new();
    // Each function's largest slot, named in a refusal.
    let mut largest: HashMap<LLVMValueRef, String> = HashMap::new();
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        let slots = stack_slots(f);
        if slots.is_empty() {
            continue;
        }
        // SAFETY: sized types of the module (allocas of constant count).
        let size = |a: &Val| unsafe { LLVMABISizeOfType(td, a.allocated_type().0) } * a.operand(0).const_int().unwrap_or(1) as u64;
        if let Some(big) = slots.iter().max_by_key(|a| size(a)) {
            largest.insert(f.0, inst_label(*big));
        }
        let (bytes, base) = lay_out(&b, td, f, &slots);
        frames.insert(f.0, bytes);
        frame_bases.insert(f.0, base);
    }
    // After the frames: a callee reads its stack arguments below `%sp` as it was at its entry.
    for (f, pushed) in pass_arguments_on_stack(m, &b, grf_bytes) {
        *frames.entry(f).or_insert(0) += pushed;
    }
    let widest = frames.values().copied().max().unwrap_or(0);
    let mut diags = Vec::new();
    for f in m.functions() {
        if f.is_declaration() || linkage_of(f) != Ok(Linkage::Kernel) {
            continue;
        }
        let deepest = deepest_chain(f, &frames, widest, &mut HashSet::new());
        if deepest == 0 && !calls_unknown_code(f, widest > 0, &mut HashSet::new()) {
            continue;
        }
        if deepest > u64::from(stack_bytes) {
            // Located at the kernel's largest slot, or at the call that starts the deepest chain.
            let at = largest.get(&f.0).cloned().or_else(|| {
                f.blocks()
                    .into_iter()
                    .flat_map(|bb| bb.instructions())
                    .filter(|i| i.opcode() == LLVMOpcode::LLVMCall && i.called_value().is_function())
                    .max_by_key(|i| {
                        deepest_chain(i.called_value(), &frames, widest, &mut HashSet::from_iter([f.0]))
                    })
                    .map(inst_label)
            });
            diags.push(Diagnostic::in_function(
                f.name(),
                at,
                unsupported(format!(
                    "private memory of {deepest} bytes per thread (the kernel's frame and the deepest chain of frames of the functions it calls), over the {stack_bytes} of the stack (-stateless-stack-mem-size)"
                )),
            ));
            continue;
        }
        // a zebin declares the bytes each thread's part has: the frames the kernel needs when
        // they are known (no recursion, no code compiled elsewhere or called through an
        // address), else the whole stack; the code strides by the same number
        let known = !reaches_recursion(f, &mut Vec::new(), &mut HashSet::new())
            && !calls_unknown_code(f, true, &mut HashSet::new());
        let bytes_per_thread = match stack.thread_index {
            StackThreadIndex::HardwareThreadId if known => {
                (deepest.div_ceil(FRAME_ALIGN) * FRAME_ALIGN).max(FRAME_ALIGN) as u32
            }
            _ => stack_bytes,
        };
        set_private_bytes(m, f, bytes_per_thread);
        let sp = init_stack(m, &b, f, PrivateStack { bytes_per_thread, ..stack });
        // The kernel's own frame starts where it just set %sp: no read of it back.
        if let Some(base) = frame_bases.get(&f.0) {
            // SAFETY: the frame base read is replaced by the value written, then erased.
            unsafe {
                LLVMReplaceAllUsesWith(base.0, sp.0);
                LLVMInstructionEraseFromParent(base.0);
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// The stack bytes `f` and the deepest chain of functions it calls directly take (a function
/// already on the chain counts nothing more); an indirect call counts the `widest` frame of the
/// module (any function may be its target).
fn deepest_chain(
    f: Val,
    frames: &HashMap<LLVMValueRef, u64>,
    widest: u64,
    on_chain: &mut HashSet<LLVMValueRef>,
) -> u64 {
    if !on_chain.insert(f.0) {
        return 0;
    }
    let own = frames.get(&f.0).copied().unwrap_or(0);
    let mut deepest = 0;
    for i in f.blocks().into_iter().flat_map(|bb| bb.instructions()) {
        if i.opcode() != LLVMOpcode::LLVMCall || i.called_value().is_inline_asm() {
            continue;
        }
        let g = i.called_value();
        if !g.is_function() {
            deepest = deepest.max(widest);
        } else if !g.is_declaration() {
            deepest = deepest.max(deepest_chain(g, frames, widest, on_chain));
        }
    }
    on_chain.remove(&f.0);
    own + deepest
}

/// The string attribute of a kernel recording the bytes of private memory each of its threads
/// strides by ([`private_bytes`]).
const PRIVATE_BYTES_ATTR: &str = "genxc-private-bytes";

/// Records on kernel `k` the bytes of private memory each thread strides by.
fn set_private_bytes(m: &ModuleRef, k: Val, bytes: u32) {
    let value = bytes.to_string();
    // SAFETY: live function of the module's context; the attribute index of the function is -1.
    unsafe {
        let ctx = LLVMGetModuleContext(m.0);
        let a = LLVMCreateStringAttribute(
            ctx,
            PRIVATE_BYTES_ATTR.as_ptr().cast(),
            PRIVATE_BYTES_ATTR.len() as u32,
            value.as_ptr().cast(),
            value.len() as u32,
        );
        LLVMAddAttributeAtIndex(k.0, LLVMAttributeFunctionIndex, a);
    }
}

/// The bytes of private memory each thread of kernel `k` strides by, as the stack placement
/// recorded them (`None` for a kernel without a stack).
pub fn private_bytes(k: Val) -> Option<u32> {
    // SAFETY: valid function; the name is passed with its length; the value is copied out.
    let text = unsafe {
        let a = LLVMGetStringAttributeAtIndex(
            k.0,
            LLVMAttributeFunctionIndex,
            PRIVATE_BYTES_ATTR.as_ptr().cast(),
            PRIVATE_BYTES_ATTR.len() as u32,
        );
        if a.is_null() {
            return None;
        }
        let mut len = 0;
        let p = LLVMGetStringAttributeValue(a, &mut len);
        String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len as usize)).into_owned()
    };
    text.parse().ok()
}

/// Whether `f` reaches a function of a cycle of direct calls (recursion: its depth is known at
/// run time only). `path` holds the functions of the current chain, `done` those found without
/// one.
fn reaches_recursion(f: Val, path: &mut Vec<LLVMValueRef>, done: &mut HashSet<LLVMValueRef>) -> bool {
    if path.contains(&f.0) {
        return true;
    }
    if done.contains(&f.0) {
        return false;
    }
    path.push(f.0);
    let found = f.blocks().into_iter().flat_map(|bb| bb.instructions()).any(|i| {
        if i.opcode() != LLVMOpcode::LLVMCall || i.called_value().is_inline_asm() {
            return false;
        }
        let g = i.called_value();
        g.is_function() && !g.is_declaration() && reaches_recursion(g, path, done)
    });
    path.pop();
    if !found {
        done.insert(f.0);
    }
    found
}

/// Whether `f` or a function it calls directly calls a function the module only declares, or
/// makes an indirect call when `frames_exist` (code that may use the stack, which then must be
/// set up).
fn calls_unknown_code(f: Val, frames_exist: bool, seen: &mut HashSet<LLVMValueRef>) -> bool {
    if !seen.insert(f.0) {
        return false;
    }
    f.blocks().into_iter().flat_map(|bb| bb.instructions()).any(|i| {
        if i.opcode() != LLVMOpcode::LLVMCall || i.called_value().is_inline_asm() {
            return false;
        }
        let g = i.called_value();
        if !g.is_function() {
            return frames_exist;
        }
        if g.is_declaration() {
            return is_stack_function(g);
        }
        calls_unknown_code(g, frames_exist, seen)
    })
}

/// The slots of `f` that get memory: the entry block's allocas of a constant count.
fn stack_slots(f: Val) -> Vec<Val> {
    let Some(entry) = f.blocks().first().copied() else { return Vec::new() };
    entry
        .instructions()
        .into_iter()
        .filter(|i| i.opcode() == LLVMOpcode::LLVMAlloca && i.operand(0).const_int().is_some_and(|n| n >= 1))
        .collect()
}

impl Builder {
    /// A call of `name` (declared on first use) of type `ret (params)` with `args`.
    fn call_intrinsic(&self, m: LLVMModuleRef, name: &str, ret: LLVMTypeRef, args: &[LLVMValueRef]) -> Val {
        // SAFETY: types and values of this builder's context; the declaration is made once.
        unsafe {
            let mut params: Vec<LLVMTypeRef> = args.iter().map(|&a| LLVMTypeOf(a)).collect();
            let fty = LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0);
            let cname = std::ffi::CString::new(name).unwrap_or_default();
            let mut f = LLVMGetNamedFunction(m, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(m, cname.as_ptr(), fty);
            }
            let mut a = args.to_vec();
            Val(LLVMBuildCall2(self.b, fty, f, a.as_mut_ptr(), a.len() as u32, NONAME))
        }
    }

    /// The integer type of `bits` bits.
    fn int_ty(&self, bits: u32) -> LLVMTypeRef {
        // SAFETY: live context.
        unsafe { LLVMIntTypeInContext(self.ctx, bits) }
    }

    /// The constant `v` of `bits` bits.
    fn int_const(&self, bits: u32, v: u64) -> Val {
        // SAFETY: live context.
        Val(unsafe { LLVMConstInt(self.int_ty(bits), v, 0) })
    }

    /// Reads 64-bit predefined register `id`.
    fn read_reg64(&self, m: LLVMModuleRef, id: u64) -> Val {
        // SAFETY: live context.
        let undef = unsafe { LLVMGetUndef(self.int_ty(64)) };
        self.call_intrinsic(
            m,
            "llvm.genx.read.predef.reg.i64.i64",
            self.int_ty(64),
            &[self.int_const(32, id).0, undef],
        )
    }

    /// Writes `v` (i64) to predefined register `id`.
    fn write_reg64(&self, m: LLVMModuleRef, id: u64, v: Val) -> Val {
        self.call_intrinsic(
            m,
            "llvm.genx.write.predef.reg.i64.i64",
            self.int_ty(64),
            &[self.int_const(32, id).0, v.0],
        )
    }
}

/// Gives each slot of `f` its place in `f`'s frame and rewrites it into an address; gives the
/// frame's size and its base (the read of `%sp` at the entry).
fn lay_out(
    b: &Builder,
    td: inkwell::llvm_sys::target::LLVMTargetDataRef,
    f: Val,
    slots: &[Val],
) -> (u64, Val) {
    // SAFETY: the module's data layout and live values of `f`.
    let m = unsafe { LLVMGetGlobalParent(f.0) };
    let mut placed: Vec<(Val, u64, u64)> = slots
        .iter()
        .map(|&a| {
            let t = a.allocated_type();
            // SAFETY: sized types of the module (allocas of constant count).
            let (size, align) =
                unsafe { (LLVMABISizeOfType(td, t.0), u64::from(LLVMABIAlignmentOfType(td, t.0))) };
            let count = a.operand(0).const_int().unwrap_or(1) as u64;
            // SAFETY: a valid alloca.
            let align = align.max(u64::from(unsafe { LLVMGetAlignment(a.0) })).max(8);
            (a, size * count, align)
        })
        .collect();
    placed.sort_by_key(|x| std::cmp::Reverse(x.2));
    let mut at = 0u64;
    let mut offsets = Vec::with_capacity(placed.len());
    for &(a, size, align) in &placed {
        at = at.div_ceil(align) * align;
        offsets.push((a, at));
        at += size;
    }
    let bytes = at.div_ceil(FRAME_ALIGN) * FRAME_ALIGN;
    let entry = f.blocks()[0];
    let first = entry.instructions()[0];
    b.before(first);
    let base = b.read_reg64(m, SP);
    let top = b.bin(LLVMOpcode::LLVMAdd, base, b.int_const(64, bytes));
    b.write_reg64(m, SP, top);
    for (a, off) in offsets {
        b.before(a);
        let addr = if off == 0 { base } else { b.bin(LLVMOpcode::LLVMAdd, base, b.int_const(64, off)) };
        // SAFETY: the alloca's pointer type; the alloca has no use left when erased.
        unsafe {
            let p = LLVMBuildIntToPtr(b.b, addr.0, LLVMTypeOf(a.0), NONAME);
            let name = a.name();
            LLVMReplaceAllUsesWith(a.0, p);
            LLVMInstructionEraseFromParent(a.0);
            LLVMSetValueName2(p, name.as_ptr() as *const _, name.len());
        }
    }
    for bb in f.blocks() {
        for i in bb.instructions() {
            if i.opcode() == LLVMOpcode::LLVMRet {
                b.before(i);
                b.write_reg64(m, SP, base);
            }
        }
    }
    (bytes, base)
}

/// Sets up the stack at the entry of kernel `k`: `%sp` and `%fp` at the thread's part of the
/// private memory (before anything else of the kernel, its own frame included); gives that
/// address.
fn init_stack(m: &ModuleRef, b: &Builder, k: Val, stack: PrivateStack) -> Val {
    let entry = k.blocks()[0];
    b.before(entry.instructions()[0]);
    let i64t = b.int_ty(64);
    let base = b.call_intrinsic(m.0, PRIVATE_BASE_INTRINSIC, i64t, &[]);
    let slot = match stack.thread_index {
        StackThreadIndex::Sr0Slot => {
            // SAFETY: live context.
            let undef32 = unsafe { LLVMGetUndef(b.int_ty(32)) };
            let sr0 = b.call_intrinsic(
                m.0,
                "llvm.genx.read.predef.reg.i32.i32",
                b.int_ty(32),
                &[b.int_const(32, SR0).0, undef32],
            );
            b.bin(LLVMOpcode::LLVMAnd, sr0, b.int_const(32, u64::from(STACK_THREAD_SLOTS - 1)))
        }
        StackThreadIndex::HardwareThreadId => b.call_intrinsic(m.0, "llvm.genx.get.hwid", b.int_ty(32), &[]),
    };
    let off = b.bin(LLVMOpcode::LLVMMul, slot, b.int_const(32, u64::from(stack.bytes_per_thread)));
    // SAFETY: an i32 value widened.
    let off64 = Val(unsafe { LLVMBuildZExt(b.b, off.0, i64t, NONAME) });
    let sp = b.bin(LLVMOpcode::LLVMAdd, base, off64);
    b.write_reg64(m.0, SP, sp);
    b.write_reg64(m.0, FP, sp);
    sp
}

/// Bytes of `%arg`, the vISA stack-call argument area.
const ARG_BYTES: u64 = 1024;

/// Bytes `t` takes when passed in `%arg` (a whole number of GRFs), or `None` for a type that
/// cannot go through stack memory (a predicate, or something other than a scalar or vector).
fn arg_bytes(td: inkwell::llvm_sys::target::LLVMTargetDataRef, t: Ty) -> Option<u64> {
    let elem = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    match elem.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind if elem.int_width() == 1 => None,
        LLVMTypeKind::LLVMIntegerTypeKind
        | LLVMTypeKind::LLVMHalfTypeKind
        | LLVMTypeKind::LLVMBFloatTypeKind
        | LLVMTypeKind::LLVMFloatTypeKind
        | LLVMTypeKind::LLVMDoubleTypeKind => {
            // SAFETY: a sized scalar or vector type.
            Some(unsafe { LLVMABISizeOfType(td, t.0) })
        }
        _ => None,
    }
}

/// Where each parameter of a signature goes: `Ok(offset in %arg)` or `Err(offset in the stack
/// arguments)`, after IGC's rule (in order, a parameter goes to `%arg` when it still fits there,
/// each taking whole GRFs; otherwise onto the stack at the next oword), and the stack bytes; `None`
/// when a parameter that does not fit cannot go through memory.
fn arg_places(
    td: inkwell::llvm_sys::target::LLVMTargetDataRef,
    params: &[Ty],
    grf: u64,
) -> Option<(Vec<Result<u64, u64>>, u64)> {
    let (mut in_reg, mut on_stack) = (0u64, 0u64);
    let mut places = Vec::with_capacity(params.len());
    for &p in params {
        let reg_bytes = match arg_bytes(td, p) {
            Some(n) => n,
            // a predicate: one word per lane in %arg
            None if p.kind() == LLVMTypeKind::LLVMVectorTypeKind
                || p.kind() == LLVMTypeKind::LLVMIntegerTypeKind =>
            {
                let lanes =
                    if p.kind() == LLVMTypeKind::LLVMVectorTypeKind { u64::from(p.vector_size()) } else { 1 };
                lanes * 2
            }
            None => return None,
        };
        if in_reg + reg_bytes <= ARG_BYTES {
            places.push(Ok(in_reg));
            in_reg += reg_bytes.div_ceil(grf) * grf;
        } else {
            let bytes = arg_bytes(td, p)?;
            places.push(Err(on_stack));
            on_stack += bytes.div_ceil(FRAME_ALIGN) * FRAME_ALIGN;
        }
    }
    Some((places, on_stack))
}

/// Whether declared function `f` is called, not an intrinsic: a kernel reaching it sets up the
/// stack the callee may use.
pub fn is_called_declared_function(f: Val) -> bool {
    is_stack_function(f) && f.has_users()
}

/// Whether function `f` of module `m` may take more arguments than `%arg` holds (counting every
/// parameter as padded to the widest GRF, so no platform's overflow is missed).
pub fn may_pass_arguments_on_stack(m: &ModuleRef, f: Val) -> bool {
    // SAFETY: the module's own data layout.
    let td = unsafe { LLVMGetModuleDataLayout(m.0) };
    is_stack_function(f)
        && f.function_type()
            .param_types()
            .into_iter()
            .map(|p| arg_bytes(td, p).unwrap_or(0).div_ceil(64) * 64)
            .sum::<u64>()
            > ARG_BYTES
}

/// Moves the parameters of stack functions that do not fit in `%arg` onto the stack: callers
/// store them at `%sp` and move `%sp` past them for the call; the callee loads them at its entry
/// from below its entry `%sp`. Gives the callers and the most bytes each pushes.
fn pass_arguments_on_stack(m: &ModuleRef, b: &Builder, grf: u32) -> Vec<(LLVMValueRef, u64)> {
    // SAFETY: the module's own data layout.
    let td = unsafe { LLVMGetModuleDataLayout(m.0) };
    let mut pushes: HashMap<LLVMValueRef, u64> = HashMap::new();
    for f in m.functions() {
        let params = f.function_type().param_types();
        if !is_stack_function(f) || f.function_type().is_vararg() || !only_called(f) {
            continue;
        }
        let Some((places, stack_bytes)) = arg_places(td, &params, u64::from(grf)) else { continue };
        if stack_bytes == 0 {
            continue;
        }
        for call in f.users() {
            // SAFETY: `call` is an instruction in a function (only_called).
            let caller = unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(call.0)) };
            let e = pushes.entry(caller).or_insert(0);
            *e = (*e).max(stack_bytes);
        }
        split_stack_parameters(m, b, f, &places, stack_bytes);
    }
    pushes.into_iter().collect()
}

/// Replaces `f` by a function taking only its `%arg` parameters; the others travel on the stack.
fn split_stack_parameters(m: &ModuleRef, b: &Builder, f: Val, places: &[Result<u64, u64>], stack_bytes: u64) {
    let fty = f.function_type();
    let old_params = fty.param_types();
    let mut params: Vec<LLVMTypeRef> =
        old_params.iter().zip(places).filter(|(_, p)| p.is_ok()).map(|(t, _)| t.0).collect();
    let name = f.name();
    // SAFETY: every handle is from this live module; the old function's blocks and uses move to
    // the new one before the old one is deleted.
    unsafe {
        let (nf, nfty) = body_in_new_function(m, f, &mut params, "stack");
        let new_params = nf.params();
        if let Some(entry) = nf.blocks().first().copied() {
            b.before(entry.instructions()[0]);
            let sp = b.read_reg64(m.0, SP);
            let args_base = b.bin(LLVMOpcode::LLVMSub, sp, b.int_const(64, stack_bytes));
            let mut k = 0;
            for (p, place) in f.params().into_iter().zip(places) {
                let pn = p.name();
                match place {
                    Ok(_) => {
                        LLVMReplaceAllUsesWith(p.0, new_params[k].0);
                        LLVMSetValueName2(new_params[k].0, pn.as_ptr() as *const _, pn.len());
                        k += 1;
                    }
                    Err(off) => {
                        let addr = b.bin(LLVMOpcode::LLVMAdd, args_base, b.int_const(64, *off));
                        let ptr = LLVMBuildIntToPtr(b.b, addr.0, LLVMPointerType(p.ty().0, 0), NONAME);
                        let v = LLVMBuildLoad2(b.b, p.ty().0, ptr, NONAME);
                        LLVMSetAlignment(v, FRAME_ALIGN as u32);
                        LLVMReplaceAllUsesWith(p.0, v);
                        LLVMSetValueName2(v, pn.as_ptr() as *const _, pn.len());
                    }
                }
            }
        }
        for call in f.users() {
            b.before(call);
            let sp = b.read_reg64(m.0, SP);
            let mut args = Vec::new();
            for (i, place) in places.iter().enumerate() {
                let a = call.operand(i as u32);
                match place {
                    Ok(_) => args.push(a.0),
                    Err(off) => {
                        let addr = b.bin(LLVMOpcode::LLVMAdd, sp, b.int_const(64, *off));
                        let ptr = LLVMBuildIntToPtr(b.b, addr.0, LLVMPointerType(LLVMTypeOf(a.0), 0), NONAME);
                        let st = LLVMBuildStore(b.b, a.0, ptr);
                        LLVMSetAlignment(st, FRAME_ALIGN as u32);
                    }
                }
            }
            let top = b.bin(LLVMOpcode::LLVMAdd, sp, b.int_const(64, stack_bytes));
            b.write_reg64(m.0, SP, top);
            let nc = call_like(b, call, nfty, nf, &mut args);
            b.write_reg64(m.0, SP, sp);
            replace_call(call, nc);
        }
        LLVMDeleteFunction(f.0);
        LLVMSetValueName2(nf.0, name.as_ptr() as *const _, name.len());
    }
}

/// A new function of type `return type of f (params)`, named after `f` with `.suffix` until `f`
/// is deleted, with `f`'s shape (see [`copy_function_shape`]) and its blocks moved into it.
///
/// # Safety
/// `f` is a function of live module `m`, `params` types of its context.
unsafe fn body_in_new_function(
    m: &ModuleRef,
    f: Val,
    params: &mut [LLVMTypeRef],
    suffix: &str,
) -> (Val, LLVMTypeRef) {
    let nfty =
        LLVMFunctionType(f.function_type().return_type().0, params.as_mut_ptr(), params.len() as u32, 0);
    let cname = std::ffi::CString::new(format!("{}.{suffix}", f.name())).unwrap_or_default();
    let nf = Val(LLVMAddFunction(m.0, cname.as_ptr(), nfty));
    copy_function_shape(f, nf);
    for bb in f.blocks() {
        LLVMRemoveBasicBlockFromParent(bb.0);
        LLVMAppendExistingBasicBlock(nf.0, bb.0);
    }
    (nf, nfty)
}

/// A call of `nf` (of type `nfty`) with `args` at the builder's place, in `call`'s calling
/// convention.
///
/// # Safety
/// `call` is a call instruction of a live module, `args` match `nfty`'s parameters.
unsafe fn call_like(
    b: &Builder,
    call: Val,
    nfty: LLVMTypeRef,
    nf: Val,
    args: &mut [LLVMValueRef],
) -> LLVMValueRef {
    let nc = LLVMBuildCall2(b.b, nfty, nf.0, args.as_mut_ptr(), args.len() as u32, NONAME);
    LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call.0));
    nc
}

/// Moves the uses and the name of `call`'s result to `nc`, and erases `call`.
///
/// # Safety
/// Both are call instructions of a live module with the same result type.
unsafe fn replace_call(call: Val, nc: LLVMValueRef) {
    if LLVMGetTypeKind(LLVMTypeOf(nc)) != LLVMTypeKind::LLVMVoidTypeKind {
        LLVMReplaceAllUsesWith(call.0, nc);
        let cn = call.name();
        LLVMSetValueName2(nc, cn.as_ptr() as *const _, cn.len());
    }
    LLVMInstructionEraseFromParent(call.0);
}

/// Gives `nf` the linkage, calling convention and function attributes of `f`.
///
/// # Safety
/// Both are functions of one live module.
unsafe fn copy_function_shape(f: Val, nf: Val) {
    LLVMSetLinkage(nf.0, f.linkage());
    LLVMSetFunctionCallConv(nf.0, LLVMGetFunctionCallConv(f.0));
    let n = LLVMGetAttributeCountAtIndex(f.0, LLVMAttributeFunctionIndex) as usize;
    let mut attrs: Vec<LLVMAttributeRef> = vec![std::ptr::null_mut(); n];
    if n > 0 {
        LLVMGetAttributesAtIndex(f.0, LLVMAttributeFunctionIndex, attrs.as_mut_ptr());
    }
    for a in attrs {
        LLVMAddAttributeAtIndex(nf.0, LLVMAttributeFunctionIndex, a);
    }
}

/// Whether `f` is compiled as a stack function (its parameters follow the stack-call ABI).
fn is_stack_function(f: Val) -> bool {
    !f.name().starts_with("llvm.") && linkage_of(f) == Ok(Linkage::External)
}

/// Whether every use of `f` is a direct call of it.
fn only_called(f: Val) -> bool {
    f.users().into_iter().all(|u| {
        u.is_instruction()
            && u.opcode() == LLVMOpcode::LLVMCall
            && u.called_value() == f
            && (0..u.num_call_args()).all(|i| u.operand(i) != f)
    })
}

/// Rewrites every stack function with pointer parameters (defined or declared) to take i64
/// addresses: the body sees `inttoptr`s of them, callers pass `ptrtoint`s.
fn pass_addresses_to_stack_functions(m: &ModuleRef, b: &Builder) {
    for f in m.functions() {
        let params = f.function_type().param_types();
        if !is_stack_function(f)
            || !params.iter().any(|&p| is_pointer(p))
            || params.iter().any(|&p| is_pointer(p) && pointer_space(p) == 3)
            || f.function_type().is_vararg()
            || !only_called(f)
        {
            continue;
        }
        rebuild_with_addresses(m, b, f);
    }
}

/// The address space of pointer type `t`.
fn pointer_space(t: Ty) -> u32 {
    // SAFETY: a pointer type.
    unsafe { LLVMGetPointerAddressSpace(t.0) }
}

/// Replaces stack function `f` by one taking i64 where `f` takes pointers.
fn rebuild_with_addresses(m: &ModuleRef, b: &Builder, f: Val) {
    let fty = f.function_type();
    let old_params = fty.param_types();
    let i64t = b.int_ty(64);
    let mut params: Vec<LLVMTypeRef> =
        old_params.iter().map(|&p| if is_pointer(p) { i64t } else { p.0 }).collect();
    let name = f.name();
    // SAFETY: every handle is from this live module; the old function's blocks and uses move to
    // the new one before the old one is deleted.
    unsafe {
        let (nf, nfty) = body_in_new_function(m, f, &mut params, "addr");
        let new_params = nf.params();
        if let Some(entry) = nf.blocks().first().copied() {
            let first = entry.instructions()[0];
            for (p, np) in f.params().into_iter().zip(&new_params) {
                let pn = p.name();
                if is_pointer(p.ty()) {
                    b.before(first);
                    let ptr = LLVMBuildIntToPtr(b.b, np.0, p.ty().0, NONAME);
                    LLVMReplaceAllUsesWith(p.0, ptr);
                    let an = format!("{pn}.addr");
                    LLVMSetValueName2(np.0, an.as_ptr() as *const _, an.len());
                } else {
                    LLVMReplaceAllUsesWith(p.0, np.0);
                    LLVMSetValueName2(np.0, pn.as_ptr() as *const _, pn.len());
                }
            }
        }
        for call in f.users() {
            b.before(call);
            let mut args: Vec<LLVMValueRef> = (0..call.num_call_args())
                .map(|i| {
                    let a = call.operand(i);
                    if is_pointer(a.ty()) {
                        LLVMBuildPtrToInt(b.b, a.0, i64t, NONAME)
                    } else {
                        a.0
                    }
                })
                .collect();
            let nc = call_like(b, call, nfty, nf, &mut args);
            replace_call(call, nc);
        }
        LLVMDeleteFunction(f.0);
        LLVMSetValueName2(nf.0, name.as_ptr() as *const _, name.len());
    }
}
