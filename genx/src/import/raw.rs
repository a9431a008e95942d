//! A small safe layer over the LLVM C API for reading a module.
//!
//! inkwell's typed wrappers panic on some shapes valid LLVM allows (metadata operands, unusual
//! constants), and input must never make genxc panic, so validation and import read the module
//! through these functions instead. Every function takes a reference that LLVM handed out for a
//! module that outlives the call; none of them mutates anything.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::ffi::CStr;

/// An LLVM value (instruction, argument, constant, function, block-as-value, metadata-as-value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Val(pub LLVMValueRef);

/// An LLVM type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ty(pub LLVMTypeRef);

/// An LLVM basic block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bb(pub LLVMBasicBlockRef);

fn owned_message(p: *mut std::os::raw::c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returns a NUL-terminated string that we own and dispose of.
    unsafe {
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        s
    }
}

impl Val {
    /// Whether LLVM gave no value.
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// The value's name (empty when unnamed).
    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: valid value; LLVM returns a pointer to `len` bytes owned by the value.
        unsafe {
            let p = LLVMGetValueName2(self.0, &mut len);
            if p.is_null() || len == 0 {
                return String::new();
            }
            owned_text(std::slice::from_raw_parts(p as *const u8, len))
        }
    }

    /// `f` applied to the value's name (empty when unnamed), read in place when it is valid
    /// UTF-8 (no copy), else as [`Val::name`] gives it.
    pub fn with_name<R>(self, f: impl FnOnce(&str) -> R) -> R {
        let mut len = 0usize;
        // SAFETY: valid value; LLVM returns a pointer to `len` bytes owned by the value, which
        // live while the value keeps its name (the call of `f` does not rename it).
        let bytes = unsafe {
            let p = LLVMGetValueName2(self.0, &mut len);
            if p.is_null() || len == 0 {
                return f("");
            }
            std::slice::from_raw_parts(p as *const u8, len)
        };
        match std::str::from_utf8(bytes) {
            Ok(text) => f(text),
            Err(_) => f(&String::from_utf8_lossy(bytes)),
        }
    }

    /// Whether the value's name starts with ASCII text `prefix` (as [`Val::name`]'s does: its
    /// replacement characters are never ASCII), read in place.
    pub fn name_starts_with(self, prefix: &str) -> bool {
        let mut len = 0usize;
        // SAFETY: valid value; LLVM returns a pointer to `len` bytes owned by the value.
        unsafe {
            let p = LLVMGetValueName2(self.0, &mut len);
            !p.is_null() && std::slice::from_raw_parts(p as *const u8, len).starts_with(prefix.as_bytes())
        }
    }

    /// The source line of an instruction's `!dbg` location, 0 when it has none.
    pub fn debug_line(self) -> u32 {
        // SAFETY: valid instruction; LLVM gives 0 for an instruction without a location.
        unsafe { inkwell::llvm_sys::core::LLVMGetDebugLocLine(self.0) }
    }

    /// The source file of an instruction's `!dbg` location (empty when it has none).
    pub fn debug_file(self) -> String {
        if self.debug_line() == 0 {
            return String::new();
        }
        let mut len = 0u32;
        // SAFETY: valid instruction with a location; LLVM returns `len` bytes it owns.
        unsafe {
            let p = inkwell::llvm_sys::core::LLVMGetDebugLocFilename(self.0, &mut len);
            if p.is_null() || len == 0 {
                return String::new();
            }
            owned_text(std::slice::from_raw_parts(p as *const u8, len as usize))
        }
    }

    /// The value printed as LLVM text, first line only.
    pub fn print(self) -> String {
        // SAFETY: valid value.
        let s = owned_message(unsafe { LLVMPrintValueToString(self.0) });
        s.lines().next().unwrap_or("").trim().to_string()
    }

    /// The value's type.
    pub fn ty(self) -> Ty {
        // SAFETY: valid value.
        Ty(unsafe { LLVMTypeOf(self.0) })
    }

    /// Number of operands (of a user).
    pub fn num_operands(self) -> u32 {
        // SAFETY: valid value; returns 0 or more for users. Only called on users.
        let n = unsafe { LLVMGetNumOperands(self.0) };
        n.max(0) as u32
    }

    /// Operand `i`.
    pub fn operand(self, i: u32) -> Val {
        // SAFETY: `i` is below `num_operands`.
        Val(unsafe { LLVMGetOperand(self.0, i) })
    }

    /// All operands.
    pub fn operands(self) -> Vec<Val> {
        (0..self.num_operands()).map(|i| self.operand(i)).collect()
    }

    /// The users of the value, each once, in use-list order; a constant expression nothing uses
    /// any more (LLVM keeps one after a rewrite replaced its uses) is not a user.
    pub fn users(self) -> Vec<Val> {
        let mut out: Vec<Val> = Vec::new();
        // a declared intrinsic has a use per call of the module: past a few users, the ones seen
        // are looked up in a set instead of the list
        let mut seen: Option<foldhash::HashSet<Val>> = None;
        self.any_user(|user| {
            let repeated = match &mut seen {
                Some(set) => !set.insert(user),
                None if out.len() < 16 => out.contains(&user),
                None => {
                    let mut set: foldhash::HashSet<Val> = out.iter().copied().collect();
                    let repeated = !set.insert(user);
                    seen = Some(set);
                    repeated
                }
            };
            if !repeated {
                out.push(user);
            }
            false
        });
        out
    }

    /// Whether `pred` holds for a user of the value (as [`Val::users`] lists them, each user
    /// asked once per use), stopping at the first; no list is built.
    pub fn any_user(self, mut pred: impl FnMut(Val) -> bool) -> bool {
        // SAFETY: valid value; the use list ends with null.
        unsafe {
            let mut u = LLVMGetFirstUse(self.0);
            while !u.is_null() {
                let user = Val(LLVMGetUser(u));
                let dead_constant = user.is_constant_expr() && LLVMGetFirstUse(user.0).is_null();
                if !dead_constant && pred(user) {
                    return true;
                }
                u = LLVMGetNextUse(u);
            }
        }
        false
    }

    /// Whether the value has a user ([`Val::users`] is not empty).
    pub fn has_users(self) -> bool {
        self.any_user(|_| true)
    }

    /// Whether this is a function argument.
    pub fn is_argument(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAArgument(self.0).is_null() }
    }

    /// Whether this is an instruction.
    pub fn is_instruction(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAInstruction(self.0).is_null() }
    }

    /// Whether this is a function.
    pub fn is_function(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAFunction(self.0).is_null() }
    }

    /// Whether this is a constant expression.
    pub fn is_constant_expr(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAConstantExpr(self.0).is_null() }
    }

    /// Whether this is inline assembly.
    pub fn is_inline_asm(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAInlineAsm(self.0).is_null() }
    }

    /// Whether this is a basic block used as a value.
    pub fn is_basic_block(self) -> bool {
        // SAFETY: valid value.
        unsafe { LLVMValueIsBasicBlock(self.0) != 0 }
    }

    /// The block of a block-as-value.
    pub fn as_basic_block(self) -> Bb {
        // SAFETY: checked with `is_basic_block` by callers.
        Bb(unsafe { LLVMValueAsBasicBlock(self.0) })
    }

    /// The opcode of an instruction.
    pub fn opcode(self) -> LLVMOpcode {
        // SAFETY: valid instruction.
        unsafe { LLVMGetInstructionOpcode(self.0) }
    }

    /// The opcode of a constant expression.
    pub fn const_opcode(self) -> LLVMOpcode {
        // SAFETY: valid constant expression.
        unsafe { LLVMGetConstOpcode(self.0) }
    }

    /// The callee operand of a call.
    pub fn called_value(self) -> Val {
        // SAFETY: valid call instruction.
        Val(unsafe { LLVMGetCalledValue(self.0) })
    }

    /// The indices of an `extractvalue` or `insertvalue`.
    pub fn aggregate_indices(self) -> Vec<u32> {
        // SAFETY: valid extractvalue/insertvalue instruction; LLVM owns the index array, which has
        // `LLVMGetNumIndices` entries.
        unsafe {
            let n = LLVMGetNumIndices(self.0) as usize;
            let p = LLVMGetIndices(self.0);
            if p.is_null() {
                return Vec::new();
            }
            std::slice::from_raw_parts(p, n).to_vec()
        }
    }

    /// Number of arguments of a call.
    pub fn num_call_args(self) -> u32 {
        // SAFETY: valid call instruction.
        unsafe { LLVMGetNumArgOperands(self.0) }
    }

    /// Integer constant, sign-extended, if the value is a `ConstantInt` of at most 64 bits.
    pub fn const_int(self) -> Option<i64> {
        // SAFETY: valid value; checked to be a ConstantInt of <= 64 bits first.
        unsafe {
            if LLVMIsAConstantInt(self.0).is_null() {
                return None;
            }
            if LLVMGetIntTypeWidth(LLVMTypeOf(self.0)) > 64 {
                return None;
            }
            Some(LLVMConstIntGetSExtValue(self.0))
        }
    }

    /// Float constant as a double, if the value is a `ConstantFP`.
    pub fn const_float(self) -> Option<f64> {
        // SAFETY: checked to be a ConstantFP first.
        unsafe {
            if LLVMIsAConstantFP(self.0).is_null() {
                return None;
            }
            let mut loses = 0;
            Some(LLVMConstRealGetDouble(self.0, &mut loses))
        }
    }

    /// Whether this is `undef` or `poison`.
    pub fn is_undef(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAUndefValue(self.0).is_null() || !LLVMIsAPoisonValue(self.0).is_null() }
    }

    /// Whether this is `zeroinitializer` (or a null constant).
    pub fn is_zero_aggregate(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAConstantAggregateZero(self.0).is_null() }
    }

    /// Elements of a constant vector (data or generic form).
    pub fn const_vector_elems(self) -> Option<Vec<Val>> {
        // SAFETY: element access only after the kind checks; indices below the vector size.
        unsafe {
            if !LLVMIsAConstantDataVector(self.0).is_null() {
                let n = LLVMGetVectorSize(LLVMTypeOf(self.0));
                return Some((0..n).map(|i| Val(LLVMGetElementAsConstant(self.0, i))).collect());
            }
            if !LLVMIsAConstantVector(self.0).is_null() {
                return Some(self.operands());
            }
        }
        None
    }

    /// Whether the value is any kind of constant.
    pub fn is_constant(self) -> bool {
        // SAFETY: valid value.
        unsafe { LLVMIsConstant(self.0) != 0 }
    }

    /// Integer compare predicate of an `icmp`.
    pub fn icmp_predicate(self) -> inkwell::llvm_sys::LLVMIntPredicate {
        // SAFETY: valid icmp.
        unsafe { LLVMGetICmpPredicate(self.0) }
    }

    /// Float compare predicate of an `fcmp`.
    pub fn fcmp_predicate(self) -> inkwell::llvm_sys::LLVMRealPredicate {
        // SAFETY: valid fcmp.
        unsafe { LLVMGetFCmpPredicate(self.0) }
    }

    /// Incoming `(value, block)` pairs of a phi.
    pub fn phi_incoming(self) -> Vec<(Val, Bb)> {
        // SAFETY: valid phi; indices below the incoming count.
        unsafe {
            let n = LLVMCountIncoming(self.0);
            (0..n)
                .map(|i| (Val(LLVMGetIncomingValue(self.0, i)), Bb(LLVMGetIncomingBlock(self.0, i))))
                .collect()
        }
    }

    /// Mask of a shufflevector (`None` for undefined entries).
    pub fn shuffle_mask(self) -> Vec<Option<u32>> {
        // SAFETY: valid shufflevector; indices below the mask size.
        unsafe {
            let n = LLVMGetNumMaskElements(self.0);
            let undef = LLVMGetUndefMaskElem();
            (0..n)
                .map(|i| {
                    let m = LLVMGetMaskValue(self.0, i);
                    (m != undef && m >= 0).then_some(m as u32)
                })
                .collect()
        }
    }

    /// Successor blocks of a terminator.
    pub fn successors(self) -> Vec<Bb> {
        // SAFETY: valid terminator; indices below the successor count.
        unsafe {
            let n = LLVMGetNumSuccessors(self.0);
            (0..n).map(|i| Bb(LLVMGetSuccessor(self.0, i))).collect()
        }
    }

    /// Whether a `br` is conditional.
    pub fn is_conditional(self) -> bool {
        // SAFETY: valid br.
        unsafe { LLVMIsConditional(self.0) != 0 }
    }

    /// Next instruction in the block.
    pub fn next_instruction(self) -> Val {
        // SAFETY: valid instruction.
        Val(unsafe { LLVMGetNextInstruction(self.0) })
    }

    /// Allocas: the allocated type.
    pub fn allocated_type(self) -> Ty {
        // SAFETY: valid alloca instruction.
        Ty(unsafe { LLVMGetAllocatedType(self.0) })
    }

    /// Functions only: parameters.
    pub fn params(self) -> Vec<Val> {
        // SAFETY: valid function; indices below the count.
        unsafe {
            let n = LLVMCountParams(self.0);
            (0..n).map(|i| Val(LLVMGetParam(self.0, i))).collect()
        }
    }

    /// Functions and globals: whether this is only a declaration.
    pub fn is_declaration(self) -> bool {
        // SAFETY: valid global value.
        unsafe { LLVMIsDeclaration(self.0) != 0 }
    }

    /// Functions and globals: linkage.
    pub fn linkage(self) -> inkwell::llvm_sys::LLVMLinkage {
        // SAFETY: valid global value.
        unsafe { LLVMGetLinkage(self.0) }
    }

    /// Functions and globals: whether the DLL storage class is `dllexport`.
    pub fn is_dllexport(self) -> bool {
        // SAFETY: valid global value.
        unsafe {
            LLVMGetDLLStorageClass(self.0)
                == inkwell::llvm_sys::LLVMDLLStorageClass::LLVMDLLExportStorageClass
        }
    }

    /// Functions: the function type.
    pub fn function_type(self) -> Ty {
        // SAFETY: valid function.
        Ty(unsafe { LLVMGlobalGetValueType(self.0) })
    }

    /// Functions: whether a string attribute is present on the function.
    pub fn has_fn_attr(self, name: &str) -> bool {
        // SAFETY: valid function; the name is passed with its length.
        unsafe {
            !LLVMGetStringAttributeAtIndex(
                self.0,
                inkwell::llvm_sys::LLVMAttributeFunctionIndex,
                name.as_ptr() as *const _,
                name.len() as u32,
            )
            .is_null()
        }
    }

    /// The value of string attribute `name` of parameter `i` of a function, if it has one.
    pub fn param_string_attr(self, i: u32, name: &str) -> Option<String> {
        // SAFETY: valid function; the name is passed with its length; the value is copied out.
        unsafe {
            let a =
                LLVMGetStringAttributeAtIndex(self.0, i + 1, name.as_ptr() as *const _, name.len() as u32);
            if a.is_null() {
                return None;
            }
            let mut len = 0;
            let p = LLVMGetStringAttributeValue(a, &mut len);
            let bytes = std::slice::from_raw_parts(p as *const u8, len as usize);
            Some(owned_text(bytes))
        }
    }

    /// Functions: every instruction, block after block in layout order, read one at a time
    /// (see [`Bb::each_instruction`]; the blocks are listed first).
    pub fn each_instruction(self) -> impl Iterator<Item = Val> {
        self.blocks().into_iter().flat_map(Bb::each_instruction)
    }

    /// Functions: basic blocks in layout order.
    pub fn blocks(self) -> Vec<Bb> {
        let mut out = Vec::new();
        // SAFETY: valid function; iteration ends with null.
        unsafe {
            let mut b = LLVMGetFirstBasicBlock(self.0);
            while !b.is_null() {
                out.push(Bb(b));
                b = LLVMGetNextBasicBlock(b);
            }
        }
        out
    }

    /// Metadata: whether this is a metadata node.
    pub fn is_md_node(self) -> bool {
        // SAFETY: valid value.
        unsafe { !LLVMIsAMDNode(self.0).is_null() }
    }

    /// Metadata: the string of an `MDString`, if it is one.
    pub fn md_string(self) -> Option<String> {
        // SAFETY: valid value; the string is `len` bytes owned by the context.
        unsafe {
            if LLVMIsAMDString(self.0).is_null() {
                return None;
            }
            let mut len = 0u32;
            let p = LLVMGetMDString(self.0, &mut len);
            if p.is_null() {
                return Some(String::new());
            }
            Some(owned_text(std::slice::from_raw_parts(p as *const u8, len as usize)))
        }
    }

    /// Metadata: operands of a node (`None` for null operands).
    pub fn md_operands(self) -> Vec<Option<Val>> {
        // SAFETY: valid MD node; the buffer has room for every operand.
        unsafe {
            let n = LLVMGetMDNodeNumOperands(self.0) as usize;
            let mut buf: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
            LLVMGetMDNodeOperands(self.0, buf.as_mut_ptr());
            buf.into_iter().map(|p| (!p.is_null()).then_some(Val(p))).collect()
        }
    }
}

/// What the import reads of one operand of an instruction (see [`Val::operand_facts`]), laid out
/// as the shim's `GenxcOperandFacts`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OperandFacts {
    /// The operand (null when the instruction has none there).
    pub value: LLVMValueRef,
    /// Its type (null with a null operand).
    pub ty: LLVMTypeRef,
    /// Its type's kind, as `LLVMGetTypeKind` numbers it.
    type_kind: u32,
    /// `OPERAND_*` bits.
    flags: u32,
}

/// [`OperandFacts`]: the operand is a basic block used as a value.
const OPERAND_BLOCK: u32 = 1;
/// [`OperandFacts`]: the operand is a constant expression.
const OPERAND_CONSTANT_EXPR: u32 = 2;
/// [`OperandFacts`]: the operand is a constant of any kind.
const OPERAND_CONSTANT: u32 = 4;
/// [`OperandFacts`]: the operand is `undef` or `poison`.
const OPERAND_UNDEF: u32 = 8;

impl OperandFacts {
    /// The operand as a value.
    pub fn val(&self) -> Val {
        Val(self.value)
    }

    /// Whether the instruction has no operand there ([`Val::is_null`]).
    pub fn is_null(&self) -> bool {
        self.value.is_null()
    }

    /// [`Val::is_basic_block`] of the operand.
    pub fn is_basic_block(&self) -> bool {
        self.flags & OPERAND_BLOCK != 0
    }

    /// [`Val::is_constant_expr`] of the operand.
    pub fn is_constant_expr(&self) -> bool {
        self.flags & OPERAND_CONSTANT_EXPR != 0
    }

    /// [`Val::is_constant`] of the operand.
    pub fn is_constant(&self) -> bool {
        self.flags & OPERAND_CONSTANT != 0
    }

    /// [`Val::is_undef`] of the operand.
    pub fn is_undef(&self) -> bool {
        self.flags & OPERAND_UNDEF != 0
    }

    /// Whether the operand's type is a label or metadata (not a value genxc reads).
    pub fn is_label_or_metadata(&self) -> bool {
        self.type_kind == LLVMTypeKind::LLVMLabelTypeKind as u32
            || self.type_kind == LLVMTypeKind::LLVMMetadataTypeKind as u32
    }
}

extern "C" {
    /// genxc's shim over LLVM (crate genxc-llvm-link): the facts of operands `0..count` of `inst`.
    fn genxc_operand_facts(inst: LLVMValueRef, count: u32, out: *mut OperandFacts);
    /// genxc's shim: operands `first..first + count` of `u` as sign-extended integer constants
    /// (1), or 0 when one is not an integer constant of at most 64 bits.
    fn genxc_const_int_operands(u: LLVMValueRef, first: u32, count: u32, out: *mut i64) -> std::ffi::c_int;
    /// genxc's shim: the `n` elements of a constant data vector, 1 as sign-extended integers, 2
    /// as the bits of doubles, 0 for another constant.
    fn genxc_constant_data_elements(c: LLVMValueRef, n: u32, out: *mut u64) -> std::ffi::c_int;
}

/// The elements of a constant data vector (see [`Val::constant_data_elements`]).
pub enum ConstantData {
    /// Integer elements, each sign-extended to 64 bits (as [`Val::const_int`] gives them).
    Ints(Vec<u64>),
    /// Floating-point elements, each as the double [`Val::const_float`] gives.
    Floats(Vec<f64>),
}

impl Val {
    /// The facts of operands `0..count` of an instruction (`count` at most its number of
    /// operands) into `out` (cleared first): one call into LLVM instead of several per operand.
    pub fn operand_facts(self, count: u32, out: &mut Vec<OperandFacts>) {
        out.clear();
        out.reserve(count as usize);
        // SAFETY: valid user with at least `count` operands; the buffer has room for `count`
        // entries, all of which the shim writes.
        unsafe {
            genxc_operand_facts(self.0, count, out.as_mut_ptr());
            out.set_len(count as usize);
        }
    }

    /// Operands `first..first + N` as integer constants of at most 64 bits (sign-extended, as
    /// [`Val::const_int`] reads each), or `None` when one is not (or the user has fewer).
    pub fn const_int_operands<const N: usize>(self, first: u32) -> Option<[i64; N]> {
        let mut out = [0i64; N];
        // SAFETY: valid user; the shim checks the operand count and writes at most `N` entries.
        let all = unsafe { genxc_const_int_operands(self.0, first, N as u32, out.as_mut_ptr()) };
        (all != 0).then_some(out)
    }

    /// The elements of a constant data vector of `n` elements (its type's size), read in one
    /// call; `None` for any other value (a generic constant vector among them).
    pub fn constant_data_elements(self, n: u32) -> Option<ConstantData> {
        let mut out: Vec<u64> = Vec::with_capacity(n as usize);
        // SAFETY: valid value; the shim writes all `n` entries when it returns 1 or 2, none
        // otherwise.
        let kind = unsafe { genxc_constant_data_elements(self.0, n, out.as_mut_ptr()) };
        match kind {
            1 | 2 => {
                // SAFETY: the shim wrote `n` entries.
                unsafe { out.set_len(n as usize) };
                Some(if kind == 1 {
                    ConstantData::Ints(out)
                } else {
                    ConstantData::Floats(out.into_iter().map(f64::from_bits).collect())
                })
            }
            _ => None,
        }
    }
}

/// A name or string LLVM owns, copied: valid UTF-8 (every name of a generated kernel) is copied
/// directly, anything else with U+FFFD for its invalid bytes, as `String::from_utf8_lossy` gives.
/// The direct check is word-at-a-time on ASCII, where the lossy decoder walks byte by byte.
pub(crate) fn owned_text(bytes: &[u8]) -> String {
    if bytes.is_ascii() {
        // SAFETY: ASCII is valid UTF-8 (the usual name: checked faster than by the decoder).
        return unsafe { String::from_utf8_unchecked(bytes.to_vec()) };
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// What a walk over every instruction of a block reads of each (see [`Bb::read_instructions`]),
/// laid out as the shim's `GenxcInstructionFacts`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct InstFacts {
    /// The instruction.
    pub inst: LLVMValueRef,
    /// Its type.
    pub ty: LLVMTypeRef,
    /// Its opcode, as `LLVMGetInstructionOpcode` numbers it.
    opcode: u32,
    /// Its number of operands.
    pub num_operands: u32,
}

impl InstFacts {
    /// The instruction as a value.
    pub fn val(&self) -> Val {
        Val(self.inst)
    }

    /// [`Val::opcode`] of the instruction.
    pub fn opcode(&self) -> LLVMOpcode {
        // SAFETY: the shim writes the number `LLVMGetInstructionOpcode` gives, a valid
        // `LLVMOpcode` (a `u32` enum) for every instruction LLVM defines.
        unsafe { std::mem::transmute::<u32, LLVMOpcode>(self.opcode) }
    }

    /// [`Val::ty`] of the instruction.
    pub fn ty(&self) -> Ty {
        Ty(self.ty)
    }
}

extern "C" {
    /// genxc's shim over LLVM (crate genxc-llvm-link): the facts of the first `cap` instructions
    /// of `bb` into `out`; how many instructions `bb` has.
    fn genxc_block_instructions(bb: LLVMBasicBlockRef, cap: u32, out: *mut InstFacts) -> u32;
}

impl Bb {
    /// The facts of every instruction, in order, into `out` (cleared first): one call into LLVM
    /// for the block, where reading each instruction, its opcode and its type takes three.
    pub fn read_instructions(self, out: &mut Vec<InstFacts>) {
        out.clear();
        loop {
            let cap = out.capacity().min(u32::MAX as usize) as u32;
            // SAFETY: valid block; the buffer has room for `cap` entries, and the shim writes
            // `min(n, cap)` of them.
            let n = unsafe { genxc_block_instructions(self.0, cap, out.as_mut_ptr()) };
            if n <= cap {
                // SAFETY: the shim wrote the first `n` entries.
                unsafe { out.set_len(n as usize) };
                return;
            }
            out.reserve(n as usize);
        }
    }

    /// The block's terminator, if it has one yet.
    pub fn terminator(self) -> Option<Val> {
        // SAFETY: a valid block.
        let t = unsafe { LLVMGetBasicBlockTerminator(self.0) };
        (!t.is_null()).then_some(Val(t))
    }

    /// Label of the block (empty when unnamed).
    pub fn name(self) -> String {
        // SAFETY: valid block; the name is NUL-terminated and owned by the block.
        unsafe {
            let p = LLVMGetBasicBlockName(self.0);
            if p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        }
    }

    /// Instructions in order, read one at a time: the next is read before an instruction is
    /// handed out, so the caller may erase the instruction it was given (and insert before it:
    /// what it inserts is not visited), as with the list [`Bb::instructions`] gives.
    pub fn each_instruction(self) -> Instructions {
        // SAFETY: valid block.
        Instructions(unsafe { LLVMGetFirstInstruction(self.0) })
    }

    /// Instructions in order.
    pub fn instructions(self) -> Vec<Val> {
        let mut out = Vec::new();
        // SAFETY: valid block; iteration ends with null.
        unsafe {
            let mut i = LLVMGetFirstInstruction(self.0);
            while !i.is_null() {
                out.push(Val(i));
                i = LLVMGetNextInstruction(i);
            }
        }
        out
    }
}

/// The instructions of a block, in order (see [`Bb::each_instruction`]).
pub struct Instructions(LLVMValueRef);

impl Iterator for Instructions {
    type Item = Val;

    fn next(&mut self) -> Option<Val> {
        if self.0.is_null() {
            return None;
        }
        let current = Val(self.0);
        // SAFETY: `current` is a live instruction (the caller erases at most the one it was
        // given, after this read).
        self.0 = unsafe { LLVMGetNextInstruction(current.0) };
        Some(current)
    }
}

impl Ty {
    /// The type kind.
    pub fn kind(self) -> LLVMTypeKind {
        // SAFETY: valid type.
        unsafe { LLVMGetTypeKind(self.0) }
    }

    /// Bit width of an integer type.
    pub fn int_width(self) -> u32 {
        // SAFETY: valid integer type.
        unsafe { LLVMGetIntTypeWidth(self.0) }
    }

    /// Element count of a vector type.
    pub fn vector_size(self) -> u32 {
        // SAFETY: valid vector type.
        unsafe { LLVMGetVectorSize(self.0) }
    }

    /// Element type of a vector, array or typed pointer.
    pub fn element(self) -> Ty {
        // SAFETY: valid sequential type.
        Ty(unsafe { LLVMGetElementType(self.0) })
    }

    /// Struct types: the element types (empty for other types).
    pub fn struct_elements(self) -> Vec<Ty> {
        if self.kind() != LLVMTypeKind::LLVMStructTypeKind {
            return Vec::new();
        }
        // SAFETY: valid struct type; buffer sized by the count.
        unsafe {
            let n = LLVMCountStructElementTypes(self.0) as usize;
            let mut buf: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); n];
            LLVMGetStructElementTypes(self.0, buf.as_mut_ptr());
            buf.into_iter().map(Ty).collect()
        }
    }

    /// The type printed as LLVM text.
    pub fn print(self) -> String {
        // SAFETY: valid type.
        owned_message(unsafe { LLVMPrintTypeToString(self.0) })
    }

    /// Function types: return type.
    pub fn return_type(self) -> Ty {
        // SAFETY: valid function type.
        Ty(unsafe { LLVMGetReturnType(self.0) })
    }

    /// Function types: parameter types.
    pub fn param_types(self) -> Vec<Ty> {
        // SAFETY: valid function type; buffer sized by the count.
        unsafe {
            let n = LLVMCountParamTypes(self.0) as usize;
            let mut buf: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); n];
            LLVMGetParamTypes(self.0, buf.as_mut_ptr());
            buf.into_iter().map(Ty).collect()
        }
    }

    /// Function types: whether variadic.
    pub fn is_vararg(self) -> bool {
        // SAFETY: valid function type.
        unsafe { LLVMIsFunctionVarArg(self.0) != 0 }
    }
}

/// Module-level iteration.
pub struct ModuleRef(pub LLVMModuleRef);

impl ModuleRef {
    /// Whether the module's context keeps the names of local values (instructions, arguments,
    /// basic blocks): a compile of bitcode whose outputs show none discards them, and the import
    /// then does not ask for them.
    pub fn keeps_local_names(&self) -> bool {
        // SAFETY: valid module, whose context is live.
        unsafe { LLVMContextShouldDiscardValueNames(LLVMGetModuleContext(self.0)) == 0 }
    }

    /// Every function, defined or declared, in order.
    pub fn functions(&self) -> Vec<Val> {
        let mut out = Vec::new();
        // SAFETY: valid module; iteration ends with null.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.0);
            while !f.is_null() {
                out.push(Val(f));
                f = LLVMGetNextFunction(f);
            }
        }
        out
    }

    /// Every global variable, in order.
    pub fn globals(&self) -> Vec<Val> {
        let mut out = Vec::new();
        // SAFETY: valid module; iteration ends with null.
        unsafe {
            let mut g = LLVMGetFirstGlobal(self.0);
            while !g.is_null() {
                out.push(Val(g));
                g = LLVMGetNextGlobal(g);
            }
        }
        out
    }

    /// Every global alias, in order.
    pub fn aliases(&self) -> Vec<Val> {
        let mut out = Vec::new();
        // SAFETY: valid module; iteration ends with null.
        unsafe {
            let mut a = LLVMGetFirstGlobalAlias(self.0);
            while !a.is_null() {
                out.push(Val(a));
                a = LLVMGetNextGlobalAlias(a);
            }
        }
        out
    }

    /// Every ifunc, in order.
    pub fn ifuncs(&self) -> Vec<Val> {
        let mut out = Vec::new();
        // SAFETY: valid module; iteration ends with null.
        unsafe {
            let mut i = LLVMGetFirstGlobalIFunc(self.0);
            while !i.is_null() {
                out.push(Val(i));
                i = LLVMGetNextGlobalIFunc(i);
            }
        }
        out
    }

    /// Operands of a named metadata node (empty when absent).
    pub fn named_metadata(&self, name: &str) -> Vec<Val> {
        let cname = match std::ffi::CString::new(name) {
            Ok(c) => c,
            Err(_) => return Vec::new(),
        };
        // SAFETY: valid module; buffer sized by the count.
        unsafe {
            let n = LLVMGetNamedMetadataNumOperands(self.0, cname.as_ptr()) as usize;
            let mut buf: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
            if n > 0 {
                LLVMGetNamedMetadataOperands(self.0, cname.as_ptr(), buf.as_mut_ptr());
            }
            buf.into_iter().filter(|p| !p.is_null()).map(Val).collect()
        }
    }
}
