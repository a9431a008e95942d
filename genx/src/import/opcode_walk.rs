//! Walks over the instructions of a function that stop only at some opcodes: the passes that
//! rewrite a few kinds of instruction (selects, shuffles, operations on constants) ask the C++
//! shim for the next instruction of those kinds, one call per instruction found, instead of
//! reading every instruction and its opcode through the C API (two calls per instruction).
//! The walk reads the instruction after the one it hands out before handing it out, so the
//! caller may erase it, and insert before it (what it inserts is not visited), as with
//! [`super::raw::Bb::each_instruction`].

use super::raw::Val;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMOpcode;

extern "C" {
    /// genxc's shim over LLVM (crate genxc-llvm-link): opcode set `api` (C API numbering) in
    /// LLVM's own numbering, into `out`.
    fn genxc_opcode_set(api: *const u64, out: *mut u64);
    /// genxc's shim: the first instruction of function `f` at `from` or after it (from the start
    /// when null) whose opcode is in `set` and which passes the tests of `flags`; `*next` gets
    /// the instruction after it in layout order.
    fn genxc_next_in_opcode_set(
        f: LLVMValueRef,
        from: LLVMValueRef,
        set: *const u64,
        flags: u32,
        next: *mut LLVMValueRef,
    ) -> LLVMValueRef;
}

/// [`OpcodeSet::only_constant_operands`]: every operand (at least one) is a constant that is
/// not a function (the shim's `GENXC_WALK_CONSTANT_OPERANDS`).
const CONSTANT_OPERANDS: u32 = 1;

/// The kinds of instruction a walk stops at: a set of opcodes, and optionally a test of the
/// operands.
#[derive(Clone, Copy, Debug)]
pub struct OpcodeSet {
    /// The opcodes in LLVM's own numbering, bit k of word k / 64.
    native: [u64; 2],
    /// Tests of the operands (`CONSTANT_OPERANDS`).
    flags: u32,
}

impl OpcodeSet {
    /// The instructions of opcodes `ops`.
    pub fn of(ops: &[LLVMOpcode]) -> OpcodeSet {
        let mut api = [0u64; 2];
        for &op in ops {
            let k = op as usize;
            assert!(k < 128, "LLVM opcode {k} outside the 128 a set holds");
            api[k / 64] |= 1 << (k % 64);
        }
        let mut native = [0u64; 2];
        // SAFETY: both point to two words.
        unsafe { genxc_opcode_set(api.as_ptr(), native.as_mut_ptr()) };
        OpcodeSet { native, flags: 0 }
    }

    /// Only those of them whose operands (at least one) are all constants and none a function.
    pub fn only_constant_operands(self) -> OpcodeSet {
        OpcodeSet { flags: self.flags | CONSTANT_OPERANDS, ..self }
    }

    /// The instructions of defined function `f` in this set, in layout order (see the module's
    /// paragraph for what the caller may change while walking).
    pub fn walk(&self, f: Val) -> InstructionsInSet<'_> {
        InstructionsInSet { set: self, f: f.0, from: std::ptr::null_mut(), started: false }
    }
}

/// The instructions of a function in an [`OpcodeSet`] (see [`OpcodeSet::walk`]).
pub struct InstructionsInSet<'a> {
    set: &'a OpcodeSet,
    f: LLVMValueRef,
    /// Where the search for the next one starts (the instruction after the last one handed out).
    from: LLVMValueRef,
    started: bool,
}

impl Iterator for InstructionsInSet<'_> {
    type Item = Val;

    fn next(&mut self) -> Option<Val> {
        if self.started && self.from.is_null() {
            return None;
        }
        self.started = true;
        let mut next = std::ptr::null_mut();
        // SAFETY: `f` is a live defined function and `from` null (the start) or an instruction
        // of it not erased (read before the last instruction handed out was).
        let found = unsafe {
            genxc_next_in_opcode_set(self.f, self.from, self.set.native.as_ptr(), self.set.flags, &mut next)
        };
        self.from = next;
        (!found.is_null()).then_some(Val(found))
    }
}
