//! Validation of an LLVM module against what the GenX backend accepts, before import.
//!
//! Each rule has its own diagnostic naming the function and instruction: Gen types only; linkage
//! (`dllexport` kernel, external function, `internal` subroutine); no global variables other than
//! those of the data section (used only through `llvm.genx.gaddr`, their address); memory only
//! through allocas that mem2reg removed; calls only to defined functions and known intrinsics; no
//! constant expressions or aggregate/exception/atomic instructions. Every problem is reported, not
//! just the first.

use super::raw::{InstFacts, ModuleRef, OperandFacts, Ty, Val};
use crate::intrinsics::{self, IntrinsicId};
use crate::ir::Linkage;
use crate::simdcf::{self, Kind};
use crate::types::{Elem, Type};
use genxc_diag::{invalid, unsupported, Diagnostic, Failure, Location};
use inkwell::llvm_sys::{LLVMLinkage, LLVMOpcode, LLVMTypeKind};

/// Most elements of a vector (vISA's `num_elts` is 16 bits; GenX_IR accepts 8192).
pub const MAX_VECTOR_ELEMS: u32 = 8192;
/// Most functions defined in one module.
pub const MAX_FUNCTIONS: usize = 10_000;
/// Most instructions in one function.
pub const MAX_INSTRUCTIONS: usize = 1_000_000;

const GEN_TYPES: &str = "Gen types are i1, i8, i16, half, i32, float, i64, double and vectors of them";

/// Converts an LLVM type to a Gen type, or says why it is not one.
pub fn gen_type(t: Ty) -> Result<Type, String> {
    let scalar = |t: Ty| -> Option<Elem> {
        match t.kind() {
            LLVMTypeKind::LLVMIntegerTypeKind => match t.int_width() {
                1 => Some(Elem::I1),
                8 => Some(Elem::I8),
                16 => Some(Elem::I16),
                32 => Some(Elem::I32),
                64 => Some(Elem::I64),
                _ => None,
            },
            LLVMTypeKind::LLVMHalfTypeKind => Some(Elem::Half),
            LLVMTypeKind::LLVMFloatTypeKind => Some(Elem::Float),
            LLVMTypeKind::LLVMDoubleTypeKind => Some(Elem::Double),
            _ => None,
        }
    };
    match t.kind() {
        LLVMTypeKind::LLVMVoidTypeKind => Ok(Type::Void),
        LLVMTypeKind::LLVMVectorTypeKind if t.vector_size() > MAX_VECTOR_ELEMS => Err(format!(
            "limit exceeded: a vector of {} elements; at most {MAX_VECTOR_ELEMS} are accepted",
            t.vector_size()
        )),
        LLVMTypeKind::LLVMVectorTypeKind => match scalar(t.element()) {
            Some(e) if t.vector_size() > 0 => Ok(Type::Vector(e, t.vector_size())),
            _ => Err(format!("{} is not a Gen type ({GEN_TYPES})", t.print())),
        },
        LLVMTypeKind::LLVMPointerTypeKind => {
            Err(format!("{} is a pointer; pointers must not remain after mem2reg ({GEN_TYPES})", t.print()))
        }
        _ => scalar(t)
            .map(Type::Scalar)
            .ok_or_else(|| format!("{} is not a Gen type ({GEN_TYPES})", t.print())),
    }
}

/// LLVM's `spir_kernel` calling convention.
const SPIR_KERNEL_CC: u32 = 76;

/// What a function is, from its linkage, DLL storage class, `CMGenxMain` attribute and calling
/// convention (a `spir_kernel` is a kernel, as Intel's compiler takes one without `genx.kernels`).
pub fn linkage_of(f: Val) -> Result<Linkage, String> {
    // SAFETY: a function of a live module.
    let spir_kernel = unsafe { inkwell::llvm_sys::core::LLVMGetFunctionCallConv(f.0) } == SPIR_KERNEL_CC;
    let kernel_attr = f.has_fn_attr("CMGenxMain") || (spir_kernel && !f.is_declaration());
    match f.linkage() {
        LLVMLinkage::LLVMExternalLinkage if f.is_dllexport() || kernel_attr => Ok(Linkage::Kernel),
        LLVMLinkage::LLVMExternalLinkage => Ok(Linkage::External),
        // a stack function (`"CMStackCall"`): compiled once, called with the stack-call ABI
        LLVMLinkage::LLVMInternalLinkage if !f.is_dllexport() && f.has_fn_attr("CMStackCall") => {
            Ok(Linkage::External)
        }
        LLVMLinkage::LLVMInternalLinkage if !f.is_dllexport() => Ok(Linkage::Internal),
        LLVMLinkage::LLVMInternalLinkage => Err(
            "a function cannot be both internal and dllexport (a kernel is dllexport with external linkage; a subroutine is internal without dllexport)"
                .into(),
        ),
        other => Err(format!(
            "unsupported linkage {} (the GenX backend accepts dllexport kernels, external functions and internal subroutines)",
            linkage_name(other)
        )),
    }
}

fn linkage_name(l: LLVMLinkage) -> &'static str {
    use LLVMLinkage::*;
    match l {
        LLVMExternalLinkage => "external",
        LLVMAvailableExternallyLinkage => "available_externally",
        LLVMLinkOnceAnyLinkage => "linkonce",
        LLVMLinkOnceODRLinkage => "linkonce_odr",
        LLVMWeakAnyLinkage => "weak",
        LLVMWeakODRLinkage => "weak_odr",
        LLVMAppendingLinkage => "appending",
        LLVMInternalLinkage => "internal",
        LLVMPrivateLinkage => "private",
        LLVMExternalWeakLinkage => "extern_weak",
        LLVMCommonLinkage => "common",
        _ => "of an obsolete kind",
    }
}

/// How an instruction is named in diagnostics: `%name`, or its text when unnamed.
pub fn inst_label(i: Val) -> String {
    let n = i.name();
    if n.is_empty() {
        i.print()
    } else {
        format!("%{n}")
    }
}

fn opcode_name(op: LLVMOpcode) -> &'static str {
    use LLVMOpcode::*;
    match op {
        LLVMInvoke => "invoke",
        LLVMResume => "resume",
        LLVMLandingPad => "landingpad",
        LLVMCleanupRet => "cleanupret",
        LLVMCatchRet => "catchret",
        LLVMCatchPad => "catchpad",
        LLVMCleanupPad => "cleanuppad",
        LLVMCatchSwitch => "catchswitch",
        LLVMIndirectBr => "indirectbr",
        LLVMCallBr => "callbr",
        LLVMAtomicRMW => "atomicrmw",
        LLVMAtomicCmpXchg => "cmpxchg",
        LLVMFence => "fence",
        LLVMVAArg => "va_arg",
        LLVMExtractValue => "extractvalue",
        LLVMInsertValue => "insertvalue",
        LLVMFreeze => "freeze",
        LLVMGetElementPtr => "getelementptr",
        LLVMPtrToInt => "ptrtoint",
        LLVMIntToPtr => "inttoptr",
        LLVMAddrSpaceCast => "addrspacecast",
        _ => "this",
    }
}

/// Checks the whole module; returns every error found.
pub fn validate(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let mut diags = Vec::new();
    for g in m.globals().into_iter().filter(|&g| !is_data_global(g)) {
        diags.push(
            Diagnostic::error("global variables are not supported by the GenX backend")
                .with_location(Location::Symbol(g.name())),
        );
    }
    for a in m.aliases() {
        diags.push(
            Diagnostic::error("global aliases are not supported by the GenX backend")
                .with_location(Location::Symbol(a.name())),
        );
    }
    for i in m.ifuncs() {
        diags.push(
            Diagnostic::error("ifuncs are not supported by the GenX backend")
                .with_location(Location::Symbol(i.name())),
        );
    }
    let mut defined = 0;
    let mut callees = Callees::default();
    let mut types = GenTypes::default();
    let mut scratch = CallOperands::default();
    for f in m.functions() {
        // kernels, stack functions and what they call are named in vISA and zebin symbols,
        // which hold no control character (LLVM names may: `@"\00f"`)
        let name = f.name();
        if name.chars().any(char::is_control) {
            // named as LLVM writes it, `@"\01f"`, not with the raw character
            let mut quoted = String::from("\"");
            for c in name.chars() {
                match c {
                    c if c.is_control() || c == '"' || c == '\\' => {
                        let mut buf = [0u8; 4];
                        for b in c.encode_utf8(&mut buf).bytes() {
                            quoted.push_str(&format!("\\{b:02X}"));
                        }
                    }
                    c => quoted.push(c),
                }
            }
            quoted.push('"');
            diags.push(
                Diagnostic::error(
                    "a function name with a control character: vISA and zebin symbols cannot hold one",
                )
                .with_location(Location::Symbol(quoted)),
            );
            continue;
        }
        if f.is_declaration() {
            continue;
        }
        defined += 1;
        if defined > MAX_FUNCTIONS {
            diags.push(Diagnostic::in_function(
                f.name(),
                None,
                format!("limit exceeded: more than {MAX_FUNCTIONS} functions in one module"),
            ));
            break;
        }
        validate_function(f, &mut callees, &mut types, &mut scratch, &mut diags);
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

fn validate_function(
    f: Val,
    callees: &mut Callees,
    types: &mut GenTypes,
    scratch: &mut CallOperands,
    diags: &mut Vec<Diagnostic>,
) {
    let fname = f.name();
    let at_fn = |msg: String| Diagnostic::in_function(fname.clone(), None, msg);
    if let Err(m) = linkage_of(f) {
        diags.push(at_fn(m));
    }
    let fty = f.function_type();
    if fty.is_vararg() {
        diags.push(at_fn("variadic functions are not supported by the GenX backend".into()));
    }
    if let Err(m) = gen_type(fty.return_type()) {
        diags.push(at_fn(format!("return type: {m}")));
    }
    for (i, p) in f.params().into_iter().enumerate() {
        if let Err(m) = gen_type(p.ty()) {
            let n = p.name();
            let pname = if n.is_empty() { format!("{i}") } else { format!("%{n}") };
            diags.push(at_fn(format!("parameter {pname}: {m}")));
        }
    }
    let mut count = 0;
    // (each block's instructions read in one call into LLVM, into a buffer kept from block to block)
    let mut insts = std::mem::take(&mut scratch.instructions);
    'blocks: for bb in f.blocks() {
        bb.read_instructions(&mut insts);
        for facts in &insts {
            count += 1;
            if count > MAX_INSTRUCTIONS {
                diags.push(at_fn(format!(
                    "limit exceeded: more than {MAX_INSTRUCTIONS} instructions in one function"
                )));
                break 'blocks;
            }
            if let Err(msg) = check_instruction(facts, callees, types, scratch) {
                let inst = facts.val();
                diags.push(Diagnostic::in_function(fname.clone(), Some(diag_label(f, inst)), msg));
            }
        }
    }
    scratch.instructions = insts;
}

/// How a diagnostic names instruction `inst` of function `f`: an unnamed call of a known
/// intrinsic as the GenX IR names it (`call to @llvm.genx.oword.st`, with `(2 of 3)` when the
/// function calls it several times), so a problem reads the same whichever pass finds it; any
/// other instruction by [`inst_label`].
fn diag_label(f: Val, inst: Val) -> String {
    let intrinsic = |i: Val| match (i.opcode() == LLVMOpcode::LLVMCall).then(|| callee_of(i)) {
        Some(Ok(Callee::Intrinsic(id))) => Some(id),
        _ => None,
    };
    let Some(id) = intrinsic(inst).filter(|_| inst.name().is_empty()) else { return inst_label(inst) };
    let calls: Vec<Val> =
        f.blocks().into_iter().flat_map(|b| b.instructions()).filter(|&i| intrinsic(i) == Some(id)).collect();
    let callee = id.name();
    match calls.iter().position(|&i| i == inst) {
        Some(k) if calls.len() > 1 => format!("call to @{callee} ({} of {})", k + 1, calls.len()),
        _ => format!("call to @{callee}"),
    }
}

/// What a call calls, after validation.
#[derive(Clone, Debug)]
pub enum Callee {
    /// A function of the module: defined, or declared only (resolved at link time).
    Defined(Val),
    /// A known intrinsic.
    Intrinsic(intrinsics::IntrinsicId),
    /// An intrinsic import drops (debug info, lifetime markers, ...).
    Ignored,
    /// A call through a function address: the `i64` that the `inttoptr` called converts (the
    /// form of an indirect call the preparation stage leaves, as Intel's GlobalValueLowering).
    Indirect(Val),
    /// Inline vISA assembly with its template and constraints.
    InlineAsm(crate::inline_asm::InlineAsm),
}

/// Callee classifications of one module's calls, by called value: the kernels of a module call
/// a few intrinsics many times, and classifying one looks its name up among hundreds. The recent
/// ones are also in a small table indexed by the called value's address, read without hashing.
#[derive(Debug)]
pub struct Callees {
    index: foldhash::HashMap<Val, usize>,
    all: Vec<Classified>,
    recent: [(Val, usize); RECENT_CALLEES],
}

/// Slots of [`Callees`]' table of recent called values (a power of two).
const RECENT_CALLEES: usize = 16;

impl Default for Callees {
    fn default() -> Self {
        Callees {
            index: Default::default(),
            all: Vec::new(),
            recent: [(Val(std::ptr::null_mut()), 0); RECENT_CALLEES],
        }
    }
}

/// What a called value is: the callee of its calls ([`callee_of`]), and whether it is
/// `llvm.genx.gaddr` (its calls may be addresses: [`global_address_of`], [`is_function_address`]).
#[derive(Debug)]
struct Classified {
    callee: Result<Callee, Failure>,
    gaddr: bool,
}

impl Callees {
    /// Classifies the callee of a call ([`callee_of`]), once per called value.
    pub fn of(&mut self, call: Val) -> Result<Callee, Failure> {
        self.classify(call).0.clone()
    }

    /// [`Callees::of`] by reference, and whether the callee is `llvm.genx.gaddr` (the call is an
    /// address when [`gaddr_global`] or [`gaddr_function`] finds its operand): the name of the
    /// callee is read once per called value, not once per call.
    #[inline]
    pub fn classify(&mut self, call: Val) -> (&Result<Callee, Failure>, bool) {
        let called = call.called_value();
        let slot = recent_slot(called.0 as usize, RECENT_CALLEES);
        let k =
            if self.recent[slot].0 == called { self.recent[slot].1 } else { self.classify_new(call, slot) };
        let c = &self.all[k];
        (&c.callee, c.gaddr)
    }

    /// The index in `all` of the classification of a callee not in the table of recent ones.
    #[inline(never)]
    fn classify_new(&mut self, call: Val, slot: usize) -> usize {
        let called = call.called_value();
        let k = match self.index.get(&called) {
            Some(&k) => k,
            None => {
                self.all.push(Classified { callee: callee_of(call), gaddr: is_gaddr(called) });
                self.index.insert(called, self.all.len() - 1);
                self.all.len() - 1
            }
        };
        self.recent[slot] = (called, k);
        k
    }
}

/// The slot of the object at `address` in a table of `slots` recent ones (a power of two): the
/// top bits of the address times a large odd constant (Fibonacci hashing), as objects of one
/// kind often lie a fixed stride apart.
#[inline]
pub(crate) fn recent_slot(address: usize, slots: usize) -> usize {
    ((address as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - slots.trailing_zeros())) as usize
}

/// Whether called value `c` is the function `llvm.genx.gaddr` (any overload).
fn is_gaddr(c: Val) -> bool {
    c.is_function() && c.name_starts_with("llvm.genx.gaddr.")
}

/// Reads the inline assembly a call calls: template and constraints, checked against the call's
/// inputs and its one result.
fn inline_asm_of(call: Val) -> Result<Callee, Failure> {
    use crate::inline_asm::{parse_constraints, parse_printed, split_template, InlineAsm, TemplatePiece};
    let (template, constraints) = parse_printed(&call.called_value().print()).map_err(unsupported)?;
    let constraints = parse_constraints(&constraints).map_err(unsupported)?;
    let mut asm = InlineAsm { template, constraints, fields: Vec::new() };
    let inputs = asm.constraints.len() - asm.num_outputs();
    if asm.num_outputs() > 1 {
        let fields = call.ty().struct_elements();
        if fields.len() != asm.num_outputs() {
            return Err(invalid(format!(
                "inline assembly: {} outputs, but its result is {}",
                asm.num_outputs(),
                call.ty().print()
            )));
        }
        for t in fields {
            asm.fields.push(gen_type(t).map_err(|m| unsupported(format!("an inline assembly output: {m}")))?);
        }
    } else {
        let has_result = call.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind;
        if (asm.num_outputs() == 1) != has_result {
            return Err(invalid("inline assembly: its output constraints do not match its result"));
        }
    }
    if inputs != call.num_call_args() as usize {
        return Err(invalid(format!(
            "inline assembly: {inputs} input constraints for {} arguments",
            call.num_call_args()
        )));
    }
    for piece in split_template(&asm.template).map_err(invalid)? {
        if let TemplatePiece::Operand(n) = piece {
            if n >= asm.constraints.len() {
                return Err(invalid(format!(
                    "inline assembly template `{}` refers to ${n}, but it has {} operands",
                    asm.template,
                    asm.constraints.len()
                )));
            }
        }
    }
    Ok(Callee::InlineAsm(asm))
}

/// Classifies the callee of a call, or says why it is not allowed.
pub fn callee_of(call: Val) -> Result<Callee, Failure> {
    let c = call.called_value();
    if c.is_inline_asm() {
        return inline_asm_of(call);
    }
    if !c.is_function() {
        if is_callee_cast(c) {
            return Ok(Callee::Indirect(c.operand(0)));
        }
        return Err(unsupported(
            "indirect call through a value that is not a function address (an i64 converted by inttoptr)",
        ));
    }
    let name = c.name();
    if !c.is_declaration() {
        if linkage_of(c) == Ok(Linkage::Kernel) {
            return Err(invalid(format!("a kernel cannot be called: @{name}")));
        }
        return Ok(Callee::Defined(c));
    }
    if intrinsics::is_ignored(&name) {
        return Ok(Callee::Ignored);
    }
    if let Some(id) = intrinsics::lookup(&name) {
        return Ok(Callee::Intrinsic(id));
    }
    if name.starts_with("llvm.genx.") {
        return Err(invalid(format!("unknown GenX intrinsic {name}")));
    }
    if name.starts_with("llvm.") {
        return Err(unsupported(format!("LLVM intrinsic {name}")));
    }
    // A declared-only function: a stack call the linker resolves.
    match linkage_of(c) {
        Ok(Linkage::External) => Ok(Callee::Defined(c)),
        Ok(_) => Err(invalid(format!("call to @{name}, a kernel declared without a body"))),
        Err(why) => Err(unsupported(format!(
            "call to the declared-only function @{name} (a stack call the linker resolves): {why}"
        ))),
    }
}

/// Whether `v` is the `inttoptr` of an `i64` function address that calls call (every user is a
/// call through it): the callee of an indirect call, which has no value of its own in GenX IR.
pub fn is_callee_cast(v: Val) -> bool {
    v.is_instruction()
        && v.opcode() == LLVMOpcode::LLVMIntToPtr
        && v.operand(0).ty().kind() == LLVMTypeKind::LLVMIntegerTypeKind
        && v.operand(0).ty().int_width() == 64
        && {
            let users = v.users();
            !users.is_empty()
                && users.iter().all(|u| {
                    u.is_instruction() && u.opcode() == LLVMOpcode::LLVMCall && u.called_value() == v
                })
        }
}

/// Whether `inst` is `llvm.genx.gaddr` of a function of the module (its address, for indirect
/// calls).
pub fn is_function_address(inst: Val) -> bool {
    inst.opcode() == LLVMOpcode::LLVMCall && is_gaddr(inst.called_value()) && gaddr_function(inst).is_some()
}

/// The global variable whose address `inst` is: `llvm.genx.gaddr` of a global variable (through
/// pointer casts), a global of the data section.
pub fn global_address_of(inst: Val) -> Option<Val> {
    if inst.opcode() != LLVMOpcode::LLVMCall || !is_gaddr(inst.called_value()) {
        return None;
    }
    gaddr_global(inst)
}

/// For a call of `llvm.genx.gaddr` (see [`Callees::classify`]): the global variable whose address
/// it is, as [`global_address_of`] finds it.
pub fn gaddr_global(call: Val) -> Option<Val> {
    if call.num_call_args() != 1 {
        return None;
    }
    let g = strip_pointer_casts(call.operand(0));
    // SAFETY: a kind query on a live value.
    (unsafe { !inkwell::llvm_sys::core::LLVMIsAGlobalVariable(g.0).is_null() }).then_some(g)
}

/// For a call of `llvm.genx.gaddr` (see [`Callees::classify`]): the function whose address it
/// is, as [`is_function_address`] finds it.
pub fn gaddr_function(call: Val) -> Option<Val> {
    (call.num_call_args() == 1).then(|| call.operand(0)).filter(|f| f.is_function())
}

/// `v` without the pointer-cast constant expressions around it (LLVM folds a cast of an array
/// pointer to its element pointer into an all-zero getelementptr).
fn strip_pointer_casts(mut v: Val) -> Val {
    for _ in 0..16 {
        let cast = v.is_constant_expr()
            && match v.const_opcode() {
                LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => true,
                LLVMOpcode::LLVMGetElementPtr => {
                    v.operands().into_iter().skip(1).all(|i| i.const_int() == Some(0))
                }
                _ => false,
            };
        if !cast {
            break;
        }
        v = v.operand(0);
    }
    v
}

/// Whether global `g` is a global of the data section, in memory: not thread-local, and used only
/// through its address (`llvm.genx.gaddr` calls) and in the initializers of other globals.
fn is_data_global(g: Val) -> bool {
    // SAFETY: kind queries on a live global.
    if unsafe { inkwell::llvm_sys::core::LLVMIsThreadLocal(g.0) != 0 } {
        return false;
    }
    fn only_addressed(g: Val, v: Val, depth: u32) -> bool {
        depth < 16
            && v.users().into_iter().all(|u| {
                if u.is_instruction() {
                    global_address_of(u) == Some(g)
                // SAFETY: a kind query on a live constant.
                } else if unsafe { !inkwell::llvm_sys::core::LLVMIsAGlobalVariable(u.0).is_null() } {
                    true
                } else {
                    u.is_constant() && only_addressed(g, u, depth + 1)
                }
            })
    }
    only_addressed(g, g, 0)
}

/// Whether declaration `f` is a function of the program (called as a stack function resolved at
/// link time), not an intrinsic.
pub fn is_external_declaration(f: Val) -> bool {
    let name = f.name();
    f.is_declaration()
        && linkage_of(f) == Ok(Linkage::External)
        && !name.starts_with("llvm.")
        && !intrinsics::is_ignored(&name)
        && intrinsics::lookup(&name).is_none()
}

/// [`gen_type`] of each type met, asked once per type (types are unique in their context: a
/// module's instructions have few of them and many operands each). The Gen types found are also
/// in a small table indexed by the type's address, read without hashing: every operand of every
/// instruction asks.
#[derive(Debug)]
pub struct GenTypes {
    all: foldhash::HashMap<Ty, Result<Type, String>>,
    recent: [(Ty, Type); RECENT_TYPES],
}

/// Slots of [`GenTypes`]' table of recent Gen types (a power of two).
const RECENT_TYPES: usize = 32;

impl Default for GenTypes {
    fn default() -> Self {
        GenTypes { all: Default::default(), recent: [(Ty(std::ptr::null_mut()), Type::Void); RECENT_TYPES] }
    }
}

impl GenTypes {
    /// [`gen_type`] of `t`.
    #[inline]
    pub fn of(&mut self, t: Ty) -> Result<Type, String> {
        let slot = Self::slot(t);
        if self.recent[slot].0 == t {
            return Ok(self.recent[slot].1);
        }
        self.of_new(t)
    }

    /// The slot of `t` in the table of recent types.
    #[inline]
    fn slot(t: Ty) -> usize {
        recent_slot(t.0 as usize, RECENT_TYPES)
    }

    /// [`GenTypes::of`] a type not in the table of recent ones.
    #[inline(never)]
    fn of_new(&mut self, t: Ty) -> Result<Type, String> {
        let slot = Self::slot(t);
        let found = self.all.entry(t).or_insert_with(|| gen_type(t)).clone();
        if let Ok(gt) = found {
            self.recent[slot] = (t, gt);
        }
        found
    }
}

/// The Gen types of a call's operands and whether each is a defined constant, kept from call to
/// call (their buffers are reused), for [`intrinsics::check_call`].
#[derive(Debug, Default)]
struct CallOperands {
    types: Vec<Type>,
    constant: Vec<bool>,
    /// The instruction's operands, read in one call into LLVM.
    operands: Vec<OperandFacts>,
    /// The instructions of a block, read in one call into LLVM.
    instructions: Vec<InstFacts>,
}

fn check_instruction(
    facts: &InstFacts,
    callees: &mut Callees,
    types: &mut GenTypes,
    scratch: &mut CallOperands,
) -> Result<(), Failure> {
    use LLVMOpcode::*;
    let (inst, op, ty) = (facts.val(), facts.opcode(), facts.ty());
    if op == LLVMIntToPtr && is_callee_cast(inst) {
        return Ok(());
    }
    // a call's callee, classified once per called value
    let (callee, gaddr) = match op {
        LLVMCall => {
            let (callee, gaddr) = callees.classify(inst);
            (Some(callee), gaddr)
        }
        _ => (None, false),
    };
    if gaddr {
        if let Some(g) = gaddr_global(inst) {
            if ty.kind() != LLVMTypeKind::LLVMIntegerTypeKind || ty.int_width() != 64 {
                return Err(invalid(format!("the address of global @{} must be an i64", g.name())));
            }
            return Ok(());
        }
        if let Some(f) = gaddr_function(inst) {
            if ty.kind() != LLVMTypeKind::LLVMIntegerTypeKind || ty.int_width() != 64 {
                return Err(invalid(format!("the address of @{} must be an i64", f.name())));
            }
            return match linkage_of(f) {
                Ok(Linkage::External) => Ok(()),
                _ => Err(unsupported(format!(
                    "the address of @{}, which is not a stack function (external linkage or \"CMStackCall\")",
                    f.name()
                ))),
            };
        }
    }
    match op {
        LLVMAlloca => {
            return Err("alloca remains after mem2reg: loads and stores are only allowed through static allocas that mem2reg removes".into())
        }
        LLVMLoad => {
            return Err("load from memory: loads are only allowed from static allocas that mem2reg removes".into())
        }
        LLVMStore => {
            return Err("store to memory: stores are only allowed to static allocas that mem2reg removes".into())
        }
        LLVMInvoke | LLVMResume | LLVMLandingPad | LLVMCleanupRet | LLVMCatchRet | LLVMCatchPad
        | LLVMCleanupPad | LLVMCatchSwitch | LLVMIndirectBr | LLVMCallBr | LLVMAtomicRMW | LLVMAtomicCmpXchg
        | LLVMFence | LLVMVAArg | LLVMInsertValue | LLVMFreeze | LLVMGetElementPtr
        | LLVMPtrToInt | LLVMIntToPtr | LLVMAddrSpaceCast | LLVMUserOp1 | LLVMUserOp2 => {
            return Err(unsupported(format!("{} instruction", opcode_name(op))))
        }
        LLVMExtractValue => {
            // Only the results of SIMD control flow intrinsics and of addc/subb are aggregates
            // genxc reads.
            let known = simdcf_call(inst.operand(0)).is_some()
                || carry_call(inst.operand(0))
                || inline_asm_struct_call(inst.operand(0));
            return if known && inst.aggregate_indices().len() == 1 {
                Ok(())
            } else {
                Err(unsupported(format!("{} instruction", opcode_name(op))))
            };
        }
        _ => {}
    }
    let mut intrinsic = None;
    let mut asm = false;
    match callee {
        Some(Err(e)) => return Err(e.clone()),
        Some(Ok(Callee::Ignored)) => return Ok(()),
        Some(Ok(Callee::Intrinsic(id))) => {
            let id = *id;
            if let Some(kind) = simdcf::intrinsic_kind(id) {
                return check_simdcf_call(inst, kind).map_err(invalid);
            }
            if id.is_carry() {
                return check_carry_call(inst, id).map_err(invalid);
            }
            if matches!(id, IntrinsicId::SimdcfAny | IntrinsicId::SimdcfPredicate) {
                return Err(unsupported(format!(
                    "{} (SIMD control flow in the front end's form; lower it to llvm.genx.simdcf.goto/join first, as CMSimdCFLowering does)",
                    id.name()
                )));
            }
            intrinsic = Some(id);
        }
        Some(Ok(Callee::InlineAsm(_))) => asm = true,
        Some(Ok(Callee::Defined(_) | Callee::Indirect(_))) | None => {}
    }
    // several inline-asm outputs: a struct whose fields inline_asm_of checked
    let result = if asm && ty.kind() == LLVMTypeKind::LLVMStructTypeKind {
        None
    } else {
        Some(types.of(ty).map_err(|m| format!("result type: {m}"))?)
    };
    let n = if op == LLVMCall { inst.num_call_args() } else { facts.num_operands };
    // a known intrinsic's operands, for its signature's check: unchecked when one is not a value
    scratch.types.clear();
    scratch.constant.clear();
    let mut all_values = true;
    inst.operand_facts(n, &mut scratch.operands);
    for (i, v) in scratch.operands.iter().enumerate() {
        if v.is_null() || v.is_basic_block() {
            all_values = false;
            continue;
        }
        if v.is_constant_expr() && !super::const_expr::folds(v.val()) {
            return Err(unsupported(format!("constant expression {}", v.val().print())));
        }
        if v.is_label_or_metadata() {
            all_values = false;
            continue;
        }
        let gt = types.of(Ty(v.ty)).map_err(|m| format!("operand {i}: {m}"))?;
        if intrinsic.is_some() {
            scratch.types.push(gt);
            scratch.constant.push(v.is_constant() && !v.is_undef());
        }
    }
    // Checks a call of a known intrinsic against its signature, once its result and operands
    // are known to be Gen values.
    if let (Some(id), Some(result), true) = (intrinsic, result, all_values) {
        intrinsics::check_call(id, result, &scratch.types, &scratch.constant)?;
    }
    Ok(())
}

/// Whether `v` is a call of `llvm.genx.simdcf.goto` or `llvm.genx.simdcf.join` (for a value that
/// is not known to be a call, such as an `extractvalue`'s aggregate).
pub fn simdcf_call(v: Val) -> Option<Kind> {
    if v.is_null() || !v.is_instruction() || v.opcode() != LLVMOpcode::LLVMCall {
        return None;
    }
    match callee_of(v) {
        Ok(Callee::Intrinsic(id)) => simdcf::intrinsic_kind(id),
        _ => None,
    }
}

/// Whether `v` is a call of `llvm.genx.addc` or `llvm.genx.subb`.
fn carry_call(v: Val) -> bool {
    if v.is_null() || !v.is_instruction() || v.opcode() != LLVMOpcode::LLVMCall {
        return false;
    }
    matches!(callee_of(v), Ok(Callee::Intrinsic(id)) if id.is_carry())
}

/// Whether `v` is a call of inline assembly with several outputs (a struct result).
fn inline_asm_struct_call(v: Val) -> bool {
    !v.is_null()
        && v.is_instruction()
        && v.opcode() == LLVMOpcode::LLVMCall
        && v.called_value().is_inline_asm()
        && v.ty().kind() == LLVMTypeKind::LLVMStructTypeKind
}

/// Checks the operand and result types of an addc or subb: two dword (`i32`) operands of one
/// type `T` (scalar or vector) and the result `{ T, T }` (carry or borrow, then the sum or
/// difference).
fn check_carry_call(inst: Val, id: IntrinsicId) -> Result<(), String> {
    let name = id.name();
    let n = inst.num_call_args();
    let arity = id.carry_arity();
    if n as usize != arity {
        return Err(format!("{name} takes {arity} operands, found {n}"));
    }
    let t = gen_type(inst.operand(0).ty()).map_err(|m| format!("{name}: operand 0: {m}"))?;
    if t.elem() != Some(Elem::I32) {
        return Err(format!("{name}: the operands must be i32 or vectors of i32, found {t}"));
    }
    for k in 1..n {
        let tk = gen_type(inst.operand(k).ty()).map_err(|m| format!("{name}: operand {k}: {m}"))?;
        if tk != t {
            let all = if arity == 2 { "both" } else { "all" };
            return Err(format!("{name}: {all} operands must have one type, found {t} and {tk}"));
        }
    }
    let expected = format!("{{ {t}, {t} }}");
    let found = inst.ty().print();
    if found != expected {
        return Err(format!("{name}: the result must be {expected}, found {found}"));
    }
    Ok(())
}

/// Checks the operand and result types of a goto or join: the execution mask is `<32 x i1>`, a
/// resume mask (and a goto's condition) `<8 x i1>`, `<16 x i1>` or `<32 x i1>`.
fn check_simdcf_call(inst: Val, kind: Kind) -> Result<(), String> {
    let name = match kind {
        Kind::Goto => IntrinsicId::SimdcfGoto.name(),
        Kind::Join => IntrinsicId::SimdcfJoin.name(),
    };
    let arity = if kind == Kind::Goto { 3 } else { 2 };
    let n = inst.num_call_args();
    if n != arity {
        return Err(format!("{name} takes {arity} operands, found {n}"));
    }
    let mask = |i: u32| -> Option<u32> {
        let t = inst.operand(i).ty();
        match gen_type(t) {
            Ok(Type::Vector(Elem::I1, w)) => Some(w),
            _ => None,
        }
    };
    let print = |i: u32| inst.operand(i).ty().print();
    if mask(0) != Some(32) {
        return Err(format!("{name}: the execution mask (operand 0) must be <32 x i1>, found {}", print(0)));
    }
    let width = match mask(1) {
        Some(w @ (8 | 16 | 32)) => w,
        _ => {
            return Err(format!(
                "{name}: the resume mask (operand 1) must be <8 x i1>, <16 x i1> or <32 x i1>, found {}",
                print(1)
            ))
        }
    };
    if kind == Kind::Goto && mask(2) != Some(width) {
        return Err(format!(
            "{name}: the condition (operand 2) must have the resume mask's type <{width} x i1>, found {}",
            print(2)
        ));
    }
    let expected = match kind {
        Kind::Goto => format!("{{ <32 x i1>, <{width} x i1>, i1 }}"),
        Kind::Join => "{ <32 x i1>, i1 }".to_string(),
    };
    let found = inst.ty().print();
    if found != expected {
        return Err(format!("{name}: the result must be {expected}, found {found}"));
    }
    Ok(())
}
