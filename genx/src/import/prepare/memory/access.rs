//! Memory accesses through integer addresses become GenX message intrinsics.
//!
//! Global memory: on platforms without LSC (SKL..TGLLP), `svm.block.ld`/`svm.block.st` for an
//! oword-aligned vector of 16, 32, 64 or 128 bytes, otherwise `svm.gather`/`svm.scatter` with one
//! lane per element; with LSC (DG2, MTL, PVC), a transposed (block) `lsc.load.stateless`/
//! `lsc.store.stateless` when the elements are 4 or 8 bytes and aligned, otherwise a scattered one
//! (bytes and words in 32-bit lanes, `d8u32`/`d16u32`). SLM: `gather.scaled`/`scatter.scaled` on
//! binding-table index 254 without LSC, `lsc.load.slm`/`lsc.store.slm` with it. Bytes and words
//! that form whole aligned dwords move as dwords; other bytes and words in global memory go, without
//! LSC, by `svm.gather`/`svm.scatter` of one-byte blocks (one or two per lane), whose data holds a
//! dword slot per lane (as vISA's SVM_GATHER returns it). A shape no message fits is split; what
//! no message can do is refused, located.

use super::super::super::raw::{Ty, Val};
use super::super::is_pointer;
use super::super::region_access;
use super::address::{Addr, Addresses};
use super::Space;
use crate::Platform;
use genxc_diag::Diagnostic;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMAtomicRMWBinOp, LLVMOpcode, LLVMTypeKind};

/// The SLM binding-table index of the legacy data-port messages.
const SLM_BTI: u64 = 254;
/// The log2 block count of a scaled (legacy data-port) message moving a dword per lane: its
/// blocks are bytes, so four of them.
const DWORD_BLOCKS_LOG2: u64 = 2;
/// Most bytes one generated message moves.
const MAX_MESSAGE_BYTES: u64 = 256;

/// Rewrites every load, store, atomic and constant-size memory intrinsic of `fx`'s function whose
/// pointer has an address.
pub fn lower_accesses(fx: &mut Addresses, platform: Platform) -> Result<(), Diagnostic> {
    let fname = fx.f.name();
    use LLVMOpcode::*;
    let memory_ops: Vec<Val> = fx
        .instructions()
        .into_iter()
        .filter(|i| matches!(i.opcode(), LLVMLoad | LLVMStore | LLVMAtomicRMW | LLVMAtomicCmpXchg | LLVMCall))
        .collect();
    for i in memory_ops {
        let here = |m: String| {
            Diagnostic::in_function(fname.clone(), Some(super::super::super::validate::inst_label(i)), m)
        };
        let mut mx = Messages { fx, lsc: platform.info().has_lsc, platform };
        mx.access(i).map_err(here)?;
    }
    Ok(())
}

struct Messages<'a, 'b> {
    fx: &'a mut Addresses<'b>,
    lsc: bool,
    platform: Platform,
}

type R<T> = Result<T, String>;

impl Messages<'_, '_> {
    fn access(&mut self, i: Val) -> R<()> {
        use LLVMOpcode::*;
        match i.opcode() {
            LLVMLoad => {
                let Some(a) = self.address(i.operand(0), i)? else { return Ok(()) };
                self.fx.before(i.0);
                if is_pointer(i.ty()) {
                    // A pointer in memory is its integer address: loaded as one, then followed.
                    let int = self.int(8 * self.fx.size_of(i.ty().0) as u32);
                    let v = self.load(a, int, alignment(i))?;
                    // SAFETY: an integer of the pointer's size, converted back to its type.
                    let p = unsafe { LLVMBuildIntToPtr(self.fx.builder, v, i.ty().0, c"".as_ptr()) };
                    self.replace(i, p);
                    return Ok(());
                }
                let v = self.load(a, i.ty().0, alignment(i))?;
                self.replace(i, v);
            }
            LLVMStore => {
                let Some(a) = self.address(i.operand(1), i)? else { return Ok(()) };
                let mut value = i.operand(0).0;
                if is_pointer(i.operand(0).ty()) {
                    // A pointer stored to memory is its integer address.
                    let bits = 8 * self.fx.size_of(i.operand(0).ty().0) as u32;
                    let Some(p) = self.fx.of(value, i.0)? else {
                        return Err(format!(
                            "unsupported: the address of a stack slot ({}) stored to memory",
                            i.operand(0).print()
                        ));
                    };
                    self.fx.before(i.0);
                    value = self.fx.resize(p.value, bits);
                }
                self.fx.before(i.0);
                self.store(a, value, alignment(i))?;
                // SAFETY: a store of the function, now without uses.
                unsafe { LLVMInstructionEraseFromParent(i.0) };
            }
            LLVMAtomicRMW => {
                let Some(a) = self.address(i.operand(0), i)? else { return Ok(()) };
                self.fx.before(i.0);
                // SAFETY: an atomicrmw instruction.
                let op = unsafe { LLVMGetAtomicRMWBinOp(i.0) };
                let v = self.atomic(a, AtomicKind::Rmw(op), i.operand(1).0, None, i.ty().0)?;
                self.replace(i, v);
            }
            LLVMAtomicCmpXchg => {
                let Some(a) = self.address(i.operand(0), i)? else { return Ok(()) };
                self.cmpxchg(i, a)?;
            }
            LLVMCall => {
                let callee = i.called_value();
                if !callee.is_function() {
                    return Ok(());
                }
                let name = callee.name();
                if name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") {
                    self.memcpy(i)?;
                } else if name.starts_with("llvm.memset") {
                    self.memset(i)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The address of pointer `p` used by `i`; a surface pointer cannot be accessed.
    fn address(&mut self, p: Val, i: Val) -> R<Option<Addr>> {
        let a = self.fx.of(p.0, i.0)?;
        if let Some(Addr { space: Space::Surface, .. }) = a {
            return Err(
                "unsupported: an access through a pointer argument of surface kind (it is a binding-table index; use the surface messages)"
                    .into(),
            );
        }
        Ok(a)
    }

    fn replace(&self, i: Val, v: LLVMValueRef) {
        // SAFETY: `v` has the type of `i`, which is erased after its uses move.
        unsafe {
            LLVMReplaceAllUsesWith(i.0, v);
            LLVMInstructionEraseFromParent(i.0);
        }
    }

    fn int(&self, bits: u32) -> LLVMTypeRef {
        self.fx.int(bits)
    }

    fn cint(&self, bits: u32, v: u64) -> LLVMValueRef {
        // SAFETY: live context.
        unsafe { LLVMConstInt(self.int(bits), v, 0) }
    }

    fn vec(&self, e: LLVMTypeRef, n: u32) -> LLVMTypeRef {
        // SAFETY: valid element type.
        unsafe { LLVMVectorType(e, n) }
    }

    fn b(&self) -> LLVMBuilderRef {
        self.fx.builder
    }

    /// `<n x i1>` all true.
    fn all_true(&self, n: u32) -> LLVMValueRef {
        let mut v: Vec<LLVMValueRef> = (0..n).map(|_| self.cint(1, 1)).collect();
        // SAFETY: n constants of i1.
        unsafe { LLVMConstVector(v.as_mut_ptr(), n) }
    }

    /// `<lanes x i1>` with the first `on` lanes true.
    fn first_lanes(&self, on: u32, lanes: u32) -> LLVMValueRef {
        let mut v: Vec<LLVMValueRef> = (0..lanes).map(|j| self.cint(1, u64::from(j < on))).collect();
        // SAFETY: `lanes` constants of i1.
        unsafe { LLVMConstVector(v.as_mut_ptr(), lanes) }
    }

    /// Vector `v` widened to `lanes` elements (the new ones undefined).
    fn widen(&self, v: LLVMValueRef, lanes: u32) -> LLVMValueRef {
        // SAFETY: `v` is a vector of at most `lanes` elements; builder positioned.
        unsafe {
            let n = LLVMGetVectorSize(LLVMTypeOf(v));
            if n == lanes {
                return v;
            }
            let mut mask: Vec<LLVMValueRef> = (0..lanes)
                .map(|j| if j < n { self.cint(32, u64::from(j)) } else { LLVMGetUndef(self.int(32)) })
                .collect();
            let mask = LLVMConstVector(mask.as_mut_ptr(), lanes);
            LLVMBuildShuffleVector(self.b(), v, LLVMGetUndef(LLVMTypeOf(v)), mask, c"".as_ptr())
        }
    }

    /// Calls `llvm.genx.<base>` (declared on first use, named by its types) with `args`.
    fn call(&self, base: &str, ret: LLVMTypeRef, args: &[LLVMValueRef]) -> LLVMValueRef {
        // SAFETY: types of live values; the declaration is added to the live module.
        unsafe {
            let mut tys: Vec<LLVMTypeRef> = args.iter().map(|&a| LLVMTypeOf(a)).collect();
            let mut name = format!("llvm.genx.{base}");
            for t in std::iter::once(ret).chain(tys.iter().copied()) {
                if LLVMGetTypeKind(t) != LLVMTypeKind::LLVMVoidTypeKind {
                    name.push('.');
                    name.push_str(&region_access::mangle(Ty(t)));
                }
            }
            let fty = LLVMFunctionType(ret, tys.as_mut_ptr(), tys.len() as u32, 0);
            let cname = std::ffi::CString::new(name).unwrap_or_default();
            let mut f = LLVMGetNamedFunction(self.fx.module, cname.as_ptr());
            if f.is_null() {
                f = LLVMAddFunction(self.fx.module, cname.as_ptr(), fty);
            }
            let mut args = args.to_vec();
            LLVMBuildCall2(self.b(), fty, f, args.as_mut_ptr(), args.len() as u32, c"".as_ptr())
        }
    }

    /// Per-lane addresses `base + (start + j) * eb` for `n` lanes.
    fn lane_addresses(&self, a: Addr, start: u64, n: u32, eb: u64) -> LLVMValueRef {
        let bits = a.space.address_bits();
        // SAFETY: integer values of the address width; builder positioned.
        unsafe {
            let base = if start == 0 {
                a.value
            } else {
                LLVMBuildAdd(self.b(), a.value, self.cint(bits, start * eb), c"".as_ptr())
            };
            let vt = self.vec(self.int(bits), n);
            let one =
                LLVMBuildInsertElement(self.b(), LLVMGetUndef(vt), base, self.cint(32, 0), c"".as_ptr());
            if n == 1 {
                return one;
            }
            let splat = LLVMBuildShuffleVector(
                self.b(),
                one,
                LLVMGetUndef(vt),
                LLVMConstNull(self.vec(self.int(32), n)),
                c"".as_ptr(),
            );
            let mut steps: Vec<LLVMValueRef> = (0..u64::from(n)).map(|j| self.cint(bits, j * eb)).collect();
            let steps = LLVMConstVector(steps.as_mut_ptr(), n);
            LLVMBuildAdd(self.b(), splat, steps, c"".as_ptr())
        }
    }

    /// Loads a value of type `ty` at `a`.
    fn load(&mut self, a: Addr, ty: LLVMTypeRef, align: u64) -> R<LLVMValueRef> {
        let (e, n, vector) = shape(ty)?;
        let eb = self.fx.size_of(e);
        if let Some(dwords) = self.as_dwords(a.space, eb, n, align)? {
            let v = self.load(a, self.vec(self.int(32), dwords), align)?;
            // SAFETY: same-size bitcast.
            return Ok(unsafe { LLVMBuildBitCast(self.b(), v, ty, c"".as_ptr()) });
        }
        let pieces = self.plan(a.space, eb, u64::from(n), align)?;
        let mut parts = Vec::new();
        for (start, len, form) in pieces {
            parts.push((start, len, self.load_piece(a, e, eb, start, len, form)?));
        }
        Ok(self.join(e, n, vector, parts))
    }

    /// Stores value `v` at `a`.
    fn store(&mut self, a: Addr, v: LLVMValueRef, align: u64) -> R<()> {
        // SAFETY: type of a live value.
        let ty = unsafe { LLVMTypeOf(v) };
        let (e, n, vector) = shape(ty)?;
        let eb = self.fx.size_of(e);
        if let Some(dwords) = self.as_dwords(a.space, eb, n, align)? {
            // SAFETY: same-size bitcast.
            let d = unsafe { LLVMBuildBitCast(self.b(), v, self.vec(self.int(32), dwords), c"".as_ptr()) };
            return self.store(a, d, align);
        }
        for (start, len, form) in self.plan(a.space, eb, u64::from(n), align)? {
            let part = self.slice(v, e, vector, start, len);
            self.store_piece(a, e, eb, start, len, form, part)?;
        }
        Ok(())
    }

    /// The dword count when an access of `n` elements of `eb` bytes moves as dwords: bytes and
    /// words forming whole aligned dwords, and 8-byte elements in SLM without LSC.
    fn as_dwords(&self, space: Space, eb: u64, n: u32, align: u64) -> R<Option<u32>> {
        let bytes = eb * u64::from(n);
        if eb < 4 && bytes.is_multiple_of(4) && align >= 4 {
            return Ok(Some((bytes / 4) as u32));
        }
        if eb == 8 && space == Space::Slm && !self.lsc {
            if align < 4 {
                return Err(format!(
                    "unsupported: an SLM access of 8-byte elements aligned to {align} on {}",
                    self.platform
                ));
            }
            return Ok(Some(n * 2));
        }
        Ok(None)
    }

    /// Splits an access of `n` elements of `eb` bytes into message pieces `(first, count, form)`.
    fn plan(&self, space: Space, eb: u64, n: u64, align: u64) -> R<Vec<(u64, u32, Form)>> {
        let bytes = eb * n;
        let (form, sizes): (Form, &[u64]) = match (space, self.lsc) {
            (Space::Global, false) if n > 1 && matches!(bytes, 16 | 32 | 64 | 128) && align >= 16 => {
                return Ok(vec![(0, n as u32, Form::SvmBlock)]);
            }
            (Space::Global, false) if matches!(eb, 4 | 8) => (Form::SvmScattered, &[16, 8, 4, 2, 1]),
            (Space::Global, false) if matches!(eb, 1 | 2) => (Form::SvmBytes, &[16, 8, 4, 2, 1]),
            (Space::Slm, false) if eb == 4 => (Form::SlmScaled, &[16, 8, 4, 2, 1]),
            (_, true) if matches!(eb, 4 | 8) && align >= eb => (Form::LscBlock, &[64, 32, 16, 8, 4, 3, 2, 1]),
            (_, true) if matches!(eb, 1 | 2 | 4 | 8) => (Form::LscScattered, &[16, 8, 4, 2, 1]),
            _ => {
                let what = if space == Space::Slm { "SLM" } else { "global memory" };
                return Err(format!(
                    "unsupported: a {bytes}-byte access of {eb}-byte elements aligned to {align} in {what} on {} (no message moves it)",
                    self.platform
                ));
            }
        };
        let max = (MAX_MESSAGE_BYTES / eb).max(1);
        let mut out = Vec::new();
        let mut start = 0;
        while start < n {
            let left = n - start;
            let len = sizes.iter().copied().find(|&s| s <= left && s <= max).unwrap_or(1);
            out.push((start, len as u32, form));
            start += len;
        }
        Ok(out)
    }

    fn load_piece(
        &mut self,
        a: Addr,
        e: LLVMTypeRef,
        eb: u64,
        start: u64,
        len: u32,
        form: Form,
    ) -> R<LLVMValueRef> {
        let ty = self.vec(e, len);
        // SAFETY: values and types of the live module; builder positioned.
        unsafe {
            Ok(match form {
                Form::SvmBlock => {
                    let base = "svm.block.ld";
                    self.call(base, ty, &[a.value])
                }
                Form::SvmScattered => {
                    let addrs = self.lane_addresses(a, start, len, eb);
                    self.call(
                        "svm.gather",
                        ty,
                        &[self.all_true(len), self.cint(32, 0), addrs, LLVMGetUndef(ty)],
                    )
                }
                Form::SlmScaled => {
                    // At least 8 lanes (a legacy data-port message fills whole GRFs); the lanes
                    // past `len` are off.
                    let lanes = len.max(8);
                    let wide = self.vec(e, lanes);
                    let offs = self.lane_addresses(a, start, lanes, eb);
                    let args = [
                        self.first_lanes(len, lanes),
                        self.cint(32, DWORD_BLOCKS_LOG2),
                        self.cint(16, 0),
                        self.cint(32, SLM_BTI),
                        self.cint(32, 0),
                        offs,
                        LLVMGetUndef(wide),
                    ];
                    let v = self.call("gather.scaled", wide, &args);
                    self.slice(v, e, true, 0, len)
                }
                Form::LscBlock => {
                    let one = Addr { value: self.offset(a, start * eb), space: a.space };
                    let addrs = self.lane_addresses(one, 0, 1, eb);
                    let args = self.lsc_args(0, 1, eb, len, true, addrs, None, a.space);
                    self.call(lsc_name(a.space, "load"), ty, &args)
                }
                Form::SvmBytes => {
                    let (lanes, log2) = svm_byte_blocks(eb, len);
                    let slots = self.vec(self.int(8), lanes * 4);
                    let addrs = self.lane_addresses(a, start, lanes, eb);
                    let args =
                        [self.first_lanes(len, lanes), self.cint(32, log2), addrs, LLVMGetUndef(slots)];
                    let raw = self.call("svm.gather", slots, &args);
                    self.elements_of_slots(raw, e, eb, len)
                }
                Form::LscScattered => {
                    let addrs = self.lane_addresses(a, start, len, eb);
                    let rty = if eb < 4 { self.vec(self.int(32), len) } else { ty };
                    let args = self.lsc_args(0, len, eb, 1, false, addrs, None, a.space);
                    let v = self.call(lsc_name(a.space, "load"), rty, &args);
                    if eb < 4 {
                        self.elements_of_dwords(v, e, eb, len)
                    } else {
                        v
                    }
                }
            })
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn store_piece(
        &mut self,
        a: Addr,
        e: LLVMTypeRef,
        eb: u64,
        start: u64,
        len: u32,
        form: Form,
        data: LLVMValueRef,
    ) -> R<()> {
        let void = unsafe { LLVMVoidTypeInContext(self.fx.ctx) };
        let _ = e;
        // SAFETY: values and types of the live module; builder positioned.
        unsafe {
            match form {
                Form::SvmBlock => {
                    self.call("svm.block.st", void, &[a.value, data]);
                }
                Form::SvmScattered => {
                    let addrs = self.lane_addresses(a, start, len, eb);
                    self.call("svm.scatter", void, &[self.all_true(len), self.cint(32, 0), addrs, data]);
                }
                Form::SlmScaled => {
                    let lanes = len.max(8);
                    let offs = self.lane_addresses(a, start, lanes, eb);
                    let data = self.widen(data, lanes);
                    let args = [
                        self.first_lanes(len, lanes),
                        self.cint(32, DWORD_BLOCKS_LOG2),
                        self.cint(16, 0),
                        self.cint(32, SLM_BTI),
                        self.cint(32, 0),
                        offs,
                        data,
                    ];
                    self.call("scatter.scaled", void, &args);
                }
                Form::LscBlock => {
                    let one = Addr { value: self.offset(a, start * eb), space: a.space };
                    let addrs = self.lane_addresses(one, 0, 1, eb);
                    let args = self.lsc_args(4, 1, eb, len, true, addrs, Some(data), a.space);
                    self.call(lsc_name(a.space, "store"), void, &args);
                }
                Form::SvmBytes => {
                    let (lanes, log2) = svm_byte_blocks(eb, len);
                    let addrs = self.lane_addresses(a, start, lanes, eb);
                    let dwords = self.to_dwords(self.widen(data, lanes), eb, lanes);
                    let slots =
                        LLVMBuildBitCast(self.b(), dwords, self.vec(self.int(8), lanes * 4), c"".as_ptr());
                    let args = [self.first_lanes(len, lanes), self.cint(32, log2), addrs, slots];
                    self.call("svm.scatter", void, &args);
                }
                Form::LscScattered => {
                    let addrs = self.lane_addresses(a, start, len, eb);
                    let data = if eb < 4 { self.to_dwords(data, eb, len) } else { data };
                    let args = self.lsc_args(4, len, eb, 1, false, addrs, Some(data), a.space);
                    self.call(lsc_name(a.space, "store"), void, &args);
                }
            }
        }
        Ok(())
    }

    /// `<n x i32>` whose low `eb` bytes of each dword are element `e` (a byte, a word or a
    /// half): the data of a message that moves bytes and words in dword slots.
    fn elements_of_dwords(&self, dwords: LLVMValueRef, e: LLVMTypeRef, eb: u64, n: u32) -> LLVMValueRef {
        // SAFETY: `dwords` is `<n x i32>`; builder positioned.
        unsafe {
            let it = self.vec(self.int(eb as u32 * 8), n);
            let ints = LLVMBuildTrunc(self.b(), dwords, it, c"".as_ptr());
            if LLVMGetTypeKind(e) == LLVMTypeKind::LLVMIntegerTypeKind {
                ints
            } else {
                LLVMBuildBitCast(self.b(), ints, self.vec(e, n), c"".as_ptr())
            }
        }
    }

    /// The first `n` elements of `e` (`eb` bytes: a byte, a word or a half) of the dword slots
    /// `<4m x i8>` of a byte gather, each in the low bytes of its slot. Only those bytes are
    /// read: the message leaves the rest of each slot undefined.
    fn elements_of_slots(&self, slots: LLVMValueRef, e: LLVMTypeRef, eb: u64, n: u32) -> LLVMValueRef {
        // SAFETY: `slots` is `<4m x i8>` with m >= n; builder positioned.
        unsafe {
            let lanes = LLVMGetVectorSize(LLVMTypeOf(slots)) / 4;
            let per = (4 / eb) as u32;
            let it = self.int(eb as u32 * 8);
            let units = LLVMBuildBitCast(self.b(), slots, self.vec(it, lanes * per), c"".as_ptr());
            let mut mask: Vec<LLVMValueRef> = (0..n).map(|j| self.cint(32, u64::from(j * per))).collect();
            let mask = LLVMConstVector(mask.as_mut_ptr(), n);
            let ints =
                LLVMBuildShuffleVector(self.b(), units, LLVMGetUndef(LLVMTypeOf(units)), mask, c"".as_ptr());
            if LLVMGetTypeKind(e) == LLVMTypeKind::LLVMIntegerTypeKind {
                ints
            } else {
                LLVMBuildBitCast(self.b(), ints, self.vec(e, n), c"".as_ptr())
            }
        }
    }

    /// The `<n x i32>` dword slots of `n` elements of `eb` bytes (the element in the low bytes).
    fn to_dwords(&self, data: LLVMValueRef, eb: u64, n: u32) -> LLVMValueRef {
        // SAFETY: `data` is a vector of `n` elements of `eb` bytes; builder positioned.
        unsafe {
            let ints = LLVMBuildBitCast(self.b(), data, self.vec(self.int(eb as u32 * 8), n), c"".as_ptr());
            LLVMBuildZExt(self.b(), ints, self.vec(self.int(32), n), c"".as_ptr())
        }
    }

    /// `a + bytes`.
    fn offset(&self, a: Addr, bytes: u64) -> LLVMValueRef {
        if bytes == 0 {
            return a.value;
        }
        // SAFETY: integer address; builder positioned.
        unsafe { LLVMBuildAdd(self.b(), a.value, self.cint(a.space.address_bits(), bytes), c"".as_ptr()) }
    }

    /// The operands of an LSC load/store/atomic up to and including the surface operand.
    #[allow(clippy::too_many_arguments)]
    fn lsc_args(
        &self,
        subop: u64,
        lanes: u32,
        eb: u64,
        vlen: u32,
        transpose: bool,
        addrs: LLVMValueRef,
        data: Option<LLVMValueRef>,
        space: Space,
    ) -> Vec<LLVMValueRef> {
        let _ = space;
        let dsize = match eb {
            1 => 5,
            2 => 6,
            4 => 3,
            _ => 4,
        };
        let vsize = match vlen {
            1..=4 => u64::from(vlen),
            8 => 5,
            16 => 6,
            32 => 7,
            _ => 8,
        };
        let mut v = vec![
            self.all_true(lanes),
            self.cint(8, subop),
            self.cint(8, 0),
            self.cint(8, 0),
            self.cint(16, 1),
            self.cint(32, 0),
            self.cint(8, dsize),
            self.cint(8, vsize),
            self.cint(8, if transpose { 2 } else { 1 }),
            self.cint(8, 0),
            addrs,
        ];
        v.extend(data);
        v.push(self.cint(32, 0));
        v
    }

    /// Elements `[start, start + len)` of `v` as a `<len x e>` vector.
    fn slice(&self, v: LLVMValueRef, e: LLVMTypeRef, vector: bool, start: u64, len: u32) -> LLVMValueRef {
        // SAFETY: `v` has at least start + len elements; builder positioned.
        unsafe {
            if !vector {
                let vt = self.vec(e, 1);
                return LLVMBuildInsertElement(self.b(), LLVMGetUndef(vt), v, self.cint(32, 0), c"".as_ptr());
            }
            let n = LLVMGetVectorSize(LLVMTypeOf(v));
            if start == 0 && len == n {
                return v;
            }
            let mut mask: Vec<LLVMValueRef> = (0..u64::from(len)).map(|j| self.cint(32, start + j)).collect();
            let mask = LLVMConstVector(mask.as_mut_ptr(), len);
            LLVMBuildShuffleVector(self.b(), v, LLVMGetUndef(LLVMTypeOf(v)), mask, c"".as_ptr())
        }
    }

    /// The value of `n` elements of `e` from pieces `(first, count, <count x e>)`.
    fn join(
        &self,
        e: LLVMTypeRef,
        n: u32,
        vector: bool,
        parts: Vec<(u64, u32, LLVMValueRef)>,
    ) -> LLVMValueRef {
        // SAFETY: pieces cover the elements; builder positioned.
        unsafe {
            if !vector {
                return LLVMBuildExtractElement(self.b(), parts[0].2, self.cint(32, 0), c"".as_ptr());
            }
            if parts.len() == 1 {
                return parts[0].2;
            }
            let mut acc = LLVMGetUndef(self.vec(e, n));
            for (start, len, v) in parts {
                for j in 0..u64::from(len) {
                    let x = LLVMBuildExtractElement(self.b(), v, self.cint(32, j), c"".as_ptr());
                    acc = LLVMBuildInsertElement(self.b(), acc, x, self.cint(32, start + j), c"".as_ptr());
                }
            }
            acc
        }
    }

    /// An atomic read-modify-write at `a` of scalar type `ty`: the old value.
    fn atomic(
        &mut self,
        a: Addr,
        kind: AtomicKind,
        src: LLVMValueRef,
        src2: Option<LLVMValueRef>,
        ty: LLVMTypeRef,
    ) -> R<LLVMValueRef> {
        let kind_name = kind.name();
        let tyname = Val(src).ty().print();
        let unsupported = || format!("unsupported: atomicrmw {kind_name} on {tyname} on {}", self.platform);
        // SAFETY: type of a live value.
        let tk = unsafe { LLVMGetTypeKind(ty) };
        let float = matches!(tk, LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind);
        let bytes = self.fx.size_of(ty);
        if !matches!(bytes, 4 | 8) || !matches!(tk, LLVMTypeKind::LLVMIntegerTypeKind) && !float {
            return Err(unsupported());
        }
        let one = self.vec(ty, 1);
        // SAFETY: values of the live module; builder positioned.
        unsafe {
            let wrap = |v: LLVMValueRef| {
                LLVMBuildInsertElement(self.b(), LLVMGetUndef(one), v, self.cint(32, 0), c"".as_ptr())
            };
            let s1 = wrap(src);
            let s2 = src2.map(wrap);
            let addrs = self.lane_addresses(a, 0, 1, bytes);
            let r = if self.lsc {
                use LLVMAtomicRMWBinOp::*;
                let code = match kind {
                    AtomicKind::Rmw(op) => match (op, float) {
                        (LLVMAtomicRMWBinOpAdd, false) => 12,
                        (LLVMAtomicRMWBinOpSub, false) => 13,
                        (LLVMAtomicRMWBinOpMin, false) => 14,
                        (LLVMAtomicRMWBinOpMax, false) => 15,
                        (LLVMAtomicRMWBinOpUMin, false) => 16,
                        (LLVMAtomicRMWBinOpUMax, false) => 17,
                        (LLVMAtomicRMWBinOpFAdd, true) if bytes == 4 && a.space == Space::Global => 19,
                        (LLVMAtomicRMWBinOpFSub, true) if bytes == 4 && a.space == Space::Global => 20,
                        (LLVMAtomicRMWBinOpAnd, false) => 24,
                        (LLVMAtomicRMWBinOpOr, false) => 25,
                        (LLVMAtomicRMWBinOpXor, false) => 26,
                        _ => return Err(unsupported()),
                    },
                    AtomicKind::CmpXchg if !float => 18,
                    AtomicKind::CmpXchg => return Err(unsupported()),
                };
                let mut args = self.lsc_args(code, 1, bytes, 1, false, addrs, None, a.space);
                let surface = args.pop().unwrap_or_else(|| self.cint(32, 0));
                args.push(s1);
                args.push(s2.unwrap_or(LLVMGetUndef(one)));
                args.push(surface);
                args.push(LLVMGetUndef(one));
                let base = if a.space == Space::Slm { "lsc.atomic.slm" } else { "lsc.atomic.stateless" };
                self.call(base, one, &args)
            } else {
                if a.space != Space::Global {
                    return Err(format!(
                        "unsupported: atomicrmw {kind_name} on SLM on {} (not modeled without LSC yet)",
                        self.platform
                    ));
                }
                use LLVMAtomicRMWBinOp::*;
                let name = match kind {
                    AtomicKind::Rmw(op) => match (op, float) {
                        (LLVMAtomicRMWBinOpXchg, _) => "xchg",
                        (LLVMAtomicRMWBinOpAdd, false) => "add",
                        (LLVMAtomicRMWBinOpSub, false) => "sub",
                        (LLVMAtomicRMWBinOpAnd, false) => "and",
                        (LLVMAtomicRMWBinOpOr, false) => "or",
                        (LLVMAtomicRMWBinOpXor, false) => "xor",
                        (LLVMAtomicRMWBinOpMin, false) => "imin",
                        (LLVMAtomicRMWBinOpMax, false) => "imax",
                        (LLVMAtomicRMWBinOpUMin, false) => "min",
                        (LLVMAtomicRMWBinOpUMax, false) => "max",
                        _ => return Err(unsupported()),
                    },
                    AtomicKind::CmpXchg if !float => "cmpxchg",
                    AtomicKind::CmpXchg => return Err(unsupported()),
                };
                let mut args = vec![self.all_true(1), addrs, s1];
                args.extend(s2);
                args.push(LLVMGetUndef(one));
                self.call(&format!("svm.atomic.{name}"), one, &args)
            };
            Ok(LLVMBuildExtractElement(self.b(), r, self.cint(32, 0), c"".as_ptr()))
        }
    }

    /// `cmpxchg`: the atomic compare-exchange; its `{old, success}` result is read only through
    /// `extractvalue`, which become the old value and `old == expected`.
    fn cmpxchg(&mut self, i: Val, a: Addr) -> R<()> {
        let users = i.users();
        if users.iter().any(|u| !u.is_instruction() || u.opcode() != LLVMOpcode::LLVMExtractValue) {
            return Err("unsupported: a cmpxchg result used other than through extractvalue".into());
        }
        self.fx.before(i.0);
        let (cmp, new) = (i.operand(1).0, i.operand(2).0);
        // SAFETY: cmpxchg operands; builder positioned; users are extractvalues of `i`.
        unsafe {
            let old = self.atomic(a, AtomicKind::CmpXchg, cmp, Some(new), LLVMTypeOf(cmp))?;
            let ok = LLVMBuildICmp(
                self.b(),
                inkwell::llvm_sys::LLVMIntPredicate::LLVMIntEQ,
                old,
                cmp,
                c"".as_ptr(),
            );
            for u in users {
                let r = if u.aggregate_indices().first() == Some(&0) { old } else { ok };
                LLVMReplaceAllUsesWith(u.0, r);
                LLVMInstructionEraseFromParent(u.0);
            }
            LLVMInstructionEraseFromParent(i.0);
        }
        Ok(())
    }

    /// `llvm.memcpy`/`llvm.memmove` of a constant size: every load first, then every store.
    fn memcpy(&mut self, i: Val) -> R<()> {
        let (dst, src) = (i.operand(0), i.operand(1));
        let (Some(d), Some(s)) = (self.fx.of(dst.0, i.0)?, self.fx.of(src.0, i.0)?) else {
            return Ok(());
        };
        let len = constant_size(i)?;
        let (da, sa) = (param_align(i, 1), param_align(i, 2));
        self.fx.before(i.0);
        let chunks = byte_chunks(len, da.min(sa));
        let mut loaded = Vec::new();
        for &(off, n, w) in &chunks {
            let ty = self.vec(self.int(w * 8), n);
            let at = Addr { value: self.offset(s, off), space: s.space };
            loaded.push(self.load(at, ty, align_at(sa, off))?);
        }
        for (&(off, _, _), v) in chunks.iter().zip(loaded) {
            let at = Addr { value: self.offset(d, off), space: d.space };
            self.store(at, v, align_at(da, off))?;
        }
        // SAFETY: the call is replaced.
        unsafe { LLVMInstructionEraseFromParent(i.0) };
        Ok(())
    }

    /// `llvm.memset` of a constant size.
    fn memset(&mut self, i: Val) -> R<()> {
        let Some(d) = self.fx.of(i.operand(0).0, i.0)? else { return Ok(()) };
        let len = constant_size(i)?;
        let da = param_align(i, 1);
        self.fx.before(i.0);
        let byte = i.operand(1).0;
        for (off, n, w) in byte_chunks(len, da) {
            // SAFETY: the byte value repeated in an element of `w` bytes, splatted into `n`
            // elements (constants fold to a constant vector); builder positioned.
            let v = unsafe {
                let et = self.int(w * 8);
                let x = LLVMBuildZExt(self.b(), byte, et, c"".as_ptr());
                let x = if w == 4 {
                    LLVMBuildMul(self.b(), x, self.cint(32, 0x0101_0101), c"".as_ptr())
                } else {
                    x
                };
                let vt = self.vec(et, n);
                let one =
                    LLVMBuildInsertElement(self.b(), LLVMGetUndef(vt), x, self.cint(32, 0), c"".as_ptr());
                LLVMBuildShuffleVector(
                    self.b(),
                    one,
                    LLVMGetUndef(vt),
                    LLVMConstNull(self.vec(self.int(32), n)),
                    c"".as_ptr(),
                )
            };
            let at = Addr { value: self.offset(d, off), space: d.space };
            self.store(at, v, align_at(da, off))?;
        }
        // SAFETY: the call is replaced.
        unsafe { LLVMInstructionEraseFromParent(i.0) };
        Ok(())
    }
}

/// How one piece of an access is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `svm.block.ld`/`st`: 1 to 8 owords at an oword-aligned address.
    SvmBlock,
    /// `svm.gather`/`scatter`: one element per lane.
    SvmScattered,
    /// `svm.gather`/`scatter` of one-byte blocks: a byte or a word (two blocks) per lane, in a
    /// dword slot per lane (the SVM_GATHER layout of 1-byte blocks).
    SvmBytes,
    /// `gather.scaled`/`scatter.scaled` on the SLM binding-table index: a dword per lane.
    SlmScaled,
    /// A transposed LSC message: one address, a vector of elements.
    LscBlock,
    /// A scattered LSC message: one element per lane.
    LscScattered,
}

/// An atomic operation.
#[derive(Clone, Copy, Debug, PartialEq)]
enum AtomicKind {
    /// An `atomicrmw` operation.
    Rmw(LLVMAtomicRMWBinOp),
    /// `cmpxchg`.
    CmpXchg,
}

impl AtomicKind {
    fn name(self) -> &'static str {
        use LLVMAtomicRMWBinOp::*;
        match self {
            AtomicKind::CmpXchg => "cmpxchg",
            AtomicKind::Rmw(op) => match op {
                LLVMAtomicRMWBinOpXchg => "xchg",
                LLVMAtomicRMWBinOpAdd => "add",
                LLVMAtomicRMWBinOpSub => "sub",
                LLVMAtomicRMWBinOpAnd => "and",
                LLVMAtomicRMWBinOpNand => "nand",
                LLVMAtomicRMWBinOpOr => "or",
                LLVMAtomicRMWBinOpXor => "xor",
                LLVMAtomicRMWBinOpMax => "max",
                LLVMAtomicRMWBinOpMin => "min",
                LLVMAtomicRMWBinOpUMax => "umax",
                LLVMAtomicRMWBinOpUMin => "umin",
                LLVMAtomicRMWBinOpFAdd => "fadd",
                LLVMAtomicRMWBinOpFSub => "fsub",
            },
        }
    }
}

/// Lanes and log2 block count of a [`Form::SvmBytes`] message of `len` elements of `eb` (1 or 2)
/// bytes: one lane per element, a word as two one-byte blocks (the finalizer pads a message of
/// fewer than 8 lanes itself, as for Intel's `svm_gather.1.2 (M1, 1)` of a scalar word).
fn svm_byte_blocks(eb: u64, len: u32) -> (u32, u64) {
    (len, u64::from(eb == 2))
}

/// The LSC load/store intrinsic of a memory.
fn lsc_name(space: Space, op: &str) -> &'static str {
    match (space, op) {
        (Space::Slm, "load") => "lsc.load.slm",
        (Space::Slm, _) => "lsc.store.slm",
        (_, "load") => "lsc.load.stateless",
        _ => "lsc.store.stateless",
    }
}

/// Element type, count, and whether `ty` is a vector.
fn shape(ty: LLVMTypeRef) -> R<(LLVMTypeRef, u32, bool)> {
    // SAFETY: a valid type.
    unsafe {
        let (e, n, vector) = match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMVectorTypeKind => (LLVMGetElementType(ty), LLVMGetVectorSize(ty), true),
            _ => (ty, 1, false),
        };
        let ok = match LLVMGetTypeKind(e) {
            LLVMTypeKind::LLVMIntegerTypeKind => matches!(LLVMGetIntTypeWidth(e), 8 | 16 | 32 | 64),
            LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind => true,
            _ => false,
        };
        if !ok || n == 0 {
            return Err(format!(
                "unsupported: a memory access of type {}",
                Val(LLVMGetUndef(ty)).ty().print()
            ));
        }
        Ok((e, n, vector))
    }
}

/// The alignment of a load or store (1 when absent).
fn alignment(i: Val) -> u64 {
    // SAFETY: a load or store.
    u64::from(unsafe { LLVMGetAlignment(i.0) }).max(1)
}

/// The `align` attribute of call argument `index` (1-based), 1 when absent.
fn param_align(i: Val, index: u32) -> u64 {
    let name = "align";
    // SAFETY: a call instruction; the attribute kind is looked up by name.
    unsafe {
        let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
        let a = LLVMGetCallSiteEnumAttribute(i.0, index, kind);
        if a.is_null() {
            1
        } else {
            LLVMGetEnumAttributeValue(a).max(1)
        }
    }
}

/// The alignment known at `off` bytes past an address aligned to `align`.
fn align_at(align: u64, off: u64) -> u64 {
    if off == 0 {
        align
    } else {
        align.min(1 << off.trailing_zeros())
    }
}

/// The constant length of a memory intrinsic.
fn constant_size(i: Val) -> R<u64> {
    match i.operand(2).const_int() {
        Some(n) if (0..=1 << 16).contains(&n) => Ok(n as u64),
        Some(n) => Err(format!("unsupported: a memory intrinsic of {n} bytes (at most 65536)")),
        None => Err("unsupported: a memory intrinsic of a length known only at run time".into()),
    }
}

/// Pieces `(offset, count, element bytes)` of a copy of `len` bytes at alignment `align`: dword
/// vectors of up to 64 bytes when aligned to 4, then single bytes.
fn byte_chunks(len: u64, align: u64) -> Vec<(u64, u32, u32)> {
    let mut out = Vec::new();
    let mut off = 0;
    if align >= 4 {
        while len - off >= 4 {
            let n = ((len - off) / 4).min(16);
            out.push((off, n as u32, 4));
            off += n * 4;
        }
    }
    while off < len {
        let n = (len - off).min(16);
        out.push((off, n as u32, 1));
        off += n;
    }
    out
}
