//! Import of a validated LLVM module into the GenX IR.
//!
//! Runs on the thread that owns the LLVM context. Instructions are created in two passes (first a
//! slot per result, then their operations), so uses that come before their definition in layout
//! order, and phis, resolve. `rdregion`/`wrregion` calls become typed region instructions here, with
//! their operands checked; `genx.kernels` becomes plain metadata data for [`crate::metadata`].

use super::raw::{Bb, ConstantData, ModuleRef, Val};
use super::validate::{
    gaddr_function, gaddr_global, gen_type, inst_label, is_callee_cast, linkage_of, Callee, Callees, GenTypes,
};
use crate::intrinsics::IntrinsicId;
use crate::ir::*;
use crate::metadata::{self, Access, AddressSpace, MdValue, PointerArg};
use crate::platform::Platform;
use crate::region::Region;
use crate::simdcf;
use crate::types::{Elem, Type};
use genxc_diag::{internal, invalid, unsupported, Diagnostic, Failure};
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashMap, HashMapExt};

/// Validates and imports a module, and reads, checks and completes its kernel metadata for
/// `platform`.
pub fn import_module(m: &inkwell::module::Module<'_>, platform: Platform) -> Result<Module, Vec<Diagnostic>> {
    import_module_counted(m, platform).map(|(module, _)| module)
}

/// [`import_module`] with `stack_bytes` of private stack memory per thread (the
/// `-stateless-stack-mem-size` option) instead of the default.
pub fn import_module_with_stack(
    m: &inkwell::module::Module<'_>,
    platform: Platform,
    stack_bytes: u32,
) -> Result<Module, Vec<Diagnostic>> {
    import_module_counted_with_stack(m, platform, stack_bytes).map(|(module, _)| module)
}

/// [`import_module`], also giving how many metadata values of [`MD_BUDGET`] converting
/// `genx.kernels` took: modules split into parts (one per kernel) fit the budget as a whole while
/// the sum over parts is at most it.
pub fn import_module_counted(
    m: &inkwell::module::Module<'_>,
    platform: Platform,
) -> Result<(Module, u32), Vec<Diagnostic>> {
    import_module_counted_with_stack(m, platform, super::prepare::STACK_BYTES_PER_THREAD)
}

/// [`import_module_counted`] with `stack_bytes` of private stack memory per thread.
pub fn import_module_counted_with_stack(
    m: &inkwell::module::Module<'_>,
    platform: Platform,
    stack_bytes: u32,
) -> Result<(Module, u32), Vec<Diagnostic>> {
    import_module_counted_with_private_stack(
        m,
        platform,
        super::prepare::PrivateStack::sr0_slots(stack_bytes),
    )
}

/// [`import_module_counted`] with the private stack memory `stack` (its bytes per thread and how
/// a thread finds its part: a zebin's code uses the finalizer's hardware thread id).
pub fn import_module_counted_with_private_stack(
    m: &inkwell::module::Module<'_>,
    platform: Platform,
    stack: super::prepare::PrivateStack,
) -> Result<(Module, u32), Vec<Diagnostic>> {
    import_module_in_form(m, platform, stack).map(|(module, values, _)| (module, values))
}

/// [`import_module_counted_with_private_stack`], and whether `m` was already in GenX form (no
/// preparation needed: its functions then get the predicate and integer algebra). A module split
/// in parts must find every part in the same form to import as the whole module does.
pub fn import_module_in_form(
    m: &inkwell::module::Module<'_>,
    platform: Platform,
    stack: super::prepare::PrivateStack,
) -> Result<(Module, u32, bool), Vec<Diagnostic>> {
    let stack_bytes = stack.bytes_per_thread;
    let mr = ModuleRef(m.as_mut_ptr());
    // (before the preparation, which rebuilds kernels with pointer parameters without their
    // attributes)
    check_unlisted_kernel_args(&mr, &kernel_nodes(&mr).0)?;
    let genx_form = !super::prepare::needs_preparation(&mr);
    super::prepare::prepare_module(&mr, platform, stack, !genx_form)?;
    // Regions reaching past the end of their vector (GenX form or not): split into the parts
    // inside it, each with a warning.
    let region_warnings = super::prepare::region_past_end::clip_regions_past_end(&mr)?;
    super::validate::validate(&mr)?;
    // Predicate and integer algebra on a valid module in GenX form (after the validation, which
    // thus sees every instruction the source holds, used or not).
    if genx_form {
        super::prepare::algebra::simplify_algebra(&mr);
    }
    let mut module = Module::default();
    let mut fmap: HashMap<Val, FuncId> = HashMap::new();
    let defined: Vec<Val> = mr.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    // Declared-only functions of the program (not intrinsics) become body-less functions that
    // calls name: stack calls resolved at link time.
    let declared: Vec<Val> =
        mr.functions().into_iter().filter(|&f| super::validate::is_external_declaration(f)).collect();
    // Names of parameters, blocks and instructions: only what vISA variables, labels and
    // diagnostics are named after, so not read when no output shows them.
    let local_names = mr.keeps_local_names();
    for &f in defined.iter().chain(&declared) {
        let fty = f.function_type();
        let gen_signature =
            || fty.param_types().into_iter().chain([fty.return_type()]).all(|t| gen_type(t).is_ok());
        if f.is_declaration() && !gen_signature() {
            // not callable as a stack function: a call of it is refused where it is converted
            continue;
        }
        let linkage = linkage_of(f).map_err(|m| vec![Diagnostic::in_function(f.name(), None, m)])?;
        let params = fty
            .param_types()
            .into_iter()
            .map(gen_type)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| vec![Diagnostic::in_function(f.name(), None, m)])?;
        let ret =
            gen_type(fty.return_type()).map_err(|m| vec![Diagnostic::in_function(f.name(), None, m)])?;
        let mut func = Function::new(f.name(), linkage, params, ret);
        if local_names {
            func.param_names = f.params().iter().map(|p| p.name()).collect();
        }
        fmap.insert(f, module.functions.alloc(func));
    }
    let mut diags = Vec::new();
    // one classification per callee and per type for the whole module
    let mut callees = Callees::default();
    let mut types = GenTypes::default();
    // the tables of one function, emptied for the next (their room is kept)
    let mut blocks = HashMap::new();
    let mut values = HashMap::new();
    // room for the instructions of a function: as many as the previous one had (the kernels of
    // a module are often alike)
    let mut room = 0;
    for &f in &defined {
        let id = fmap[&f];
        let mut shell = module.functions[id].clone();
        shell.insts = la_arena::Arena::with_capacity(room);
        blocks.clear();
        values.clear();
        values.extend(f.params().into_iter().enumerate().map(|(i, p)| (p, Value::Param(i as u32))));
        let mut imp = FnImporter {
            f: shell,
            fmap: &fmap,
            blocks: std::mem::take(&mut blocks),
            values: std::mem::take(&mut values),
            callees: std::mem::take(&mut callees),
            types: std::mem::take(&mut types),
            local_names,
        };
        let imported = imp.import_body(f);
        callees = std::mem::take(&mut imp.callees);
        types = std::mem::take(&mut imp.types);
        blocks = std::mem::take(&mut imp.blocks);
        values = std::mem::take(&mut imp.values);
        room = imp.f.insts.len().min(1 << 12);
        match imported {
            Ok(()) => {
                carry_fields_after_call(&mut imp.f);
                module.functions[id] = imp.f
            }
            Err(d) => diags.push(d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let (nodes, values) = kernel_nodes(&mr);
    let mut notes = region_warnings;
    for (_, f) in module.functions.iter() {
        notes.extend(crate::inline_asm::immediate_warnings(f));
    }
    module.kernels = metadata::build_kernels_noting(&module, &nodes, platform, &mut notes)?;
    module.notes = notes;
    for k in 0..module.kernels.len() {
        module.kernels[k].external_functions =
            crate::units::external_functions(&module, module.kernels[k].func);
    }
    describe_pointer_args(&mr, &mut module);
    super::printf_buffer::bind_printf_buffer(&mut module, &printf_strings(&mr), platform)?;
    let globals = super::data_globals::data_section(&mr)?;
    for k in &mut module.kernels {
        k.globals = globals.clone();
    }
    // the bytes each kernel's threads stride by, where the stack placement chose fewer than
    // the whole stack (a zebin's kernel of known frames)
    let strides: Vec<(String, u32)> = mr
        .functions()
        .into_iter()
        .filter_map(|f| Some((f.name(), super::prepare::private_bytes(f)?)))
        .collect();
    super::private_base::bind_private_base(&mut module, stack_bytes, &strides, platform)?;
    super::kernel_outputs::bind_output_args(&mut module)?;
    Ok((module, values, genx_form))
}

/// Marks the kernel arguments that were pointers in the input (the preparation stage left a
/// `genxc-memory` attribute on them) with their memory and access: the access the type
/// descriptor names, else the one found from the kernel's uses (`genxc-access`).
fn describe_pointer_args(mr: &ModuleRef, module: &mut Module) {
    use super::prepare::{ACCESS_ATTR, MEMORY_ATTR};
    let by_name: HashMap<String, Val> =
        mr.functions().into_iter().filter(|f| !f.is_declaration()).map(|f| (f.name(), f)).collect();
    for k in &mut module.kernels {
        let Some(&f) = by_name.get(&module.functions[k.func].name) else { continue };
        for (i, arg) in k.args.iter_mut().enumerate() {
            let Some(space) =
                param_string_attr(f, i, MEMORY_ATTR).and_then(|s| AddressSpace::from_attribute(&s))
            else {
                continue;
            };
            let by_use = param_string_attr(f, i, ACCESS_ATTR).and_then(|s| Access::from_name(&s));
            let access = Access::of_descriptor(&arg.type_desc).or(by_use).unwrap_or(Access::ReadWrite);
            arg.pointer = Some(PointerArg { space, access });
        }
    }
}

/// The value of string attribute `key` of parameter `i` of function `f`.
fn param_string_attr(f: Val, i: usize, key: &str) -> Option<String> {
    // SAFETY: `f` is a function of the live module; the attribute value is copied out.
    unsafe {
        let a = inkwell::llvm_sys::core::LLVMGetStringAttributeAtIndex(
            f.0,
            i as u32 + 1,
            key.as_ptr() as *const _,
            key.len() as u32,
        );
        if a.is_null() {
            return None;
        }
        let mut len = 0u32;
        let p = inkwell::llvm_sys::core::LLVMGetStringAttributeValue(a, &mut len);
        let bytes = std::slice::from_raw_parts(p as *const u8, len as usize);
        Some(super::raw::owned_text(bytes))
    }
}

/// Moves the `extractvalue`s of every `addc`/`subb` (and inline asm with several outputs) right after the call, in field order (valid:
/// the call dominates every use of its fields): selection writes the fields' variables with the
/// call's instruction, which is then where they start to live.
fn carry_fields_after_call(f: &mut Function) {
    let carries: Vec<(BlockId, InstId)> = f
        .layout
        .iter()
        .flat_map(|&b| f.blocks[b].insts.iter().map(move |&i| (b, i)))
        .filter(|&(_, i)| match &f.insts[i].kind {
            InstKind::Intrinsic { id, .. } => id.is_carry(),
            InstKind::InlineAsm { asm, .. } => !asm.fields.is_empty(),
            _ => false,
        })
        .collect();
    for (b, call) in carries {
        let mut fields: Vec<(u32, InstId)> = f
            .insts
            .iter()
            .filter_map(|(i, inst)| match inst.kind {
                InstKind::ExtractValue { aggregate: Value::Inst(a), index } if a == call => Some((index, i)),
                _ => None,
            })
            .collect();
        fields.sort();
        for (_, block) in f.blocks.iter_mut() {
            block.insts.retain(|i| !fields.iter().any(|(_, x)| x == i));
        }
        let Some(at) = f.blocks[b].insts.iter().position(|&i| i == call) else { continue };
        for (k, (_, i)) in fields.into_iter().enumerate() {
            f.blocks[b].insts.insert(at + 1 + k, i);
        }
    }
}

/// The operands of `genx.kernels` as plain data, and how many values of [`MD_BUDGET`] they took.
fn kernel_nodes(mr: &ModuleRef) -> (Vec<MdValue>, u32) {
    let mut budget = MD_BUDGET;
    let nodes =
        mr.named_metadata("genx.kernels").into_iter().map(|v| md_value(Some(v), 0, &mut budget)).collect();
    (nodes, MD_BUDGET - budget)
}

/// A kernel without a `genx.kernels` node (a `spir_kernel`, or `"CMGenxMain"`) has the default
/// kind of each argument: general (a pointer is a stateless address) and IO kind normal. Intel's
/// front ends say the same with the `"VCArgumentKind"` / `"VCArgumentIOKind"` parameter
/// attributes set to 0; another value (a surface, an input-output argument) is refused here,
/// located at the kernel, rather than read as a general argument.
fn check_unlisted_kernel_args(mr: &ModuleRef, nodes: &[MdValue]) -> Result<(), Vec<Diagnostic>> {
    let listed: Vec<&str> = nodes
        .iter()
        .filter_map(|n| match n {
            MdValue::Node(ops) => match ops.first() {
                Some(MdValue::Function(f)) => Some(f.as_str()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let mut diags = Vec::new();
    for f in mr.functions() {
        if f.is_declaration() || linkage_of(f) != Ok(Linkage::Kernel) || listed.contains(&f.name().as_str()) {
            continue;
        }
        for (i, p) in f.params().into_iter().enumerate() {
            for attr in ["VCArgumentKind", "VCArgumentIOKind"] {
                match f.param_string_attr(i as u32, attr) {
                    Some(v) if v.trim() != "0" => diags.push(Diagnostic::in_function(
                        f.name(),
                        None,
                        unsupported(format!(
                            "parameter %{} has \"{attr}\"=\"{v}\" and the kernel has no genx.kernels node: only the default kind 0 is modeled without one",
                            p.name()
                        )),
                    )),
                    _ => {}
                }
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// The printf string table the preparation stage left in named metadata, in index order.
fn printf_strings(mr: &ModuleRef) -> Vec<String> {
    mr.named_metadata(super::prepare::printf::PRINTF_STRINGS_MD)
        .into_iter()
        .map(|n| n.md_operands().first().copied().flatten().and_then(|s| s.md_string()).unwrap_or_default())
        .collect()
}

/// Most metadata values converted for `genx.kernels`: a node that refers to itself many times
/// would otherwise unfold exponentially (found by fuzzing).
pub const MD_BUDGET: u32 = 100_000;

/// Converts a metadata operand into plain data: depth-limited (metadata can be cyclic) and with a
/// budget of values shared by the whole conversion (`budget` counts down).
fn md_value(v: Option<Val>, depth: u32, budget: &mut u32) -> MdValue {
    let Some(v) = v else { return MdValue::Undef };
    if *budget == 0 {
        return MdValue::Other("more metadata than genx.kernels can hold".into());
    }
    *budget -= 1;
    if let Some(s) = v.md_string() {
        return MdValue::String(s);
    }
    if v.is_md_node() {
        if depth > 8 {
            return MdValue::Other("a node nested too deeply".into());
        }
        return MdValue::Node(v.md_operands().into_iter().map(|o| md_value(o, depth + 1, budget)).collect());
    }
    if v.is_function() {
        return MdValue::Function(v.name());
    }
    if v.is_constant_expr() && v.num_operands() == 1 {
        // Typed-pointer IR may wrap the function reference in a bitcast.
        let inner = v.operand(0);
        if inner.is_function() {
            return MdValue::Function(inner.name());
        }
    }
    if let Some(i) = v.const_int() {
        return MdValue::Int(i);
    }
    if v.is_undef() {
        return MdValue::Undef;
    }
    MdValue::Other(v.print())
}

struct FnImporter<'a> {
    f: Function,
    fmap: &'a HashMap<Val, FuncId>,
    blocks: HashMap<Bb, BlockId>,
    /// The GenX IR value of each LLVM value met: instruction results, parameters, constants.
    values: HashMap<Val, Value>,
    callees: Callees,
    types: GenTypes,
    /// Whether blocks and instructions take their LLVM names (`ModuleRef::keeps_local_names`).
    local_names: bool,
}

type R<T> = Result<T, Failure>;

impl FnImporter<'_> {
    fn import_body(&mut self, f: Val) -> Result<(), Diagnostic> {
        let fname = f.name();
        let blocks = f.blocks();
        for &bb in &blocks {
            let id = self.f.add_block(if self.local_names { bb.name() } else { String::new() });
            self.blocks.insert(bb, id);
        }
        // Pass 1: a slot for every instruction that is not a terminator or a dropped call.
        let mut body = Vec::new();
        // (each block's instructions with their opcodes and types read in one call into LLVM)
        let mut insts = Vec::new();
        for &bb in &blocks {
            let b = self.blocks[&bb];
            bb.read_instructions(&mut insts);
            for facts in &insts {
                let (inst, op) = (facts.val(), facts.opcode());
                if is_terminator(op) {
                    body.push((b, inst, op, None));
                    continue;
                }
                if op == LLVMOpcode::LLVMIntToPtr && is_callee_cast(inst) {
                    continue;
                }
                let callee = (op == LLVMOpcode::LLVMCall).then(|| self.callees.classify(inst).0);
                if matches!(callee, Some(Ok(Callee::Ignored))) {
                    continue;
                }
                // A goto, join, addc or subb returns a struct; its fields are the extractvalues
                // that read it.
                let ty = if matches!(callee, Some(Ok(Callee::Intrinsic(id)))
                    if simdcf::intrinsic_kind(*id).is_some() || id.is_carry())
                    || matches!(callee, Some(Ok(Callee::InlineAsm(asm))) if !asm.fields.is_empty())
                {
                    Type::Void
                } else {
                    self.types
                        .of(facts.ty())
                        .map_err(|m| Diagnostic::in_function(&fname, Some(inst_label(inst)), m))?
                };
                let name = if self.local_names { inst.name() } else { String::new() };
                let placeholder = Inst { kind: InstKind::Phi { incoming: Vec::new() }, ty, name };
                let Value::Inst(id) = self.f.push_inst(b, placeholder) else { unreachable!() };
                self.values.insert(inst, Value::Inst(id));
                let line = inst.debug_line();
                if line > 0 {
                    self.f.lines.insert(id, line);
                    if self.f.source_file.is_empty() {
                        self.f.source_file = inst.debug_file();
                    }
                }
                body.push((b, inst, op, Some(id)));
            }
        }
        // Pass 2: the operations.
        for (b, inst, op, slot) in body {
            let here = |m: Failure| Diagnostic::in_function(&fname, Some(inst_label(inst)), m);
            match slot {
                Some(id) => {
                    let kind = self.convert(inst, op).map_err(here)?;
                    self.f.insts[id].kind = kind;
                }
                None => {
                    let term = self.terminator(inst, op).map_err(here)?;
                    self.f.blocks[b].term = term;
                }
            }
        }
        Ok(())
    }

    fn block(&self, bb: Bb) -> R<BlockId> {
        self.blocks.get(&bb).copied().ok_or_else(|| invalid("branch to a block of another function"))
    }

    fn value(&mut self, v: Val) -> R<Value> {
        if let Some(&x) = self.values.get(&v) {
            return Ok(x);
        }
        if v.is_instruction() {
            return Err(invalid(format!(
                "operand {} is defined by an instruction import dropped",
                v.print()
            )));
        }
        let c = self.constant(v)?;
        let val = self.f.add_const(c);
        self.values.insert(v, val);
        Ok(val)
    }

    fn constant(&self, v: Val) -> R<Constant> {
        let ty = gen_type(v.ty())?;
        let elem = ty.elem().ok_or("a constant of type void")?;
        if v.is_undef() {
            return Ok(Constant::undef(ty));
        }
        if v.is_zero_aggregate() {
            return Ok(Constant::splat(ty, 0));
        }
        let scalar = |e: Val| -> R<Option<u64>> {
            if e.is_undef() {
                return Ok(None);
            }
            if let Some(i) = e.const_int() {
                return Ok(Some(crate::ir::truncate_bits(i as u64, elem)));
            }
            if let Some(x) = e.const_float() {
                return Ok(Some(float_bits(x, elem)));
            }
            if let Some(b) = super::const_expr::fold(e).filter(|b| b.elems.len() == 1) {
                return Ok(Some(crate::ir::truncate_bits(b.elems[0], elem)));
            }
            Err(unsupported(format!("constant {}", e.print())))
        };
        if v.is_constant_expr() {
            if let Some(b) = super::const_expr::fold(v).filter(|b| b.elems.len() == ty.num_elems() as usize) {
                let elems = b.elems.into_iter().map(|x| Some(crate::ir::truncate_bits(x, elem))).collect();
                return Ok(Constant { ty, elems });
            }
        }
        match ty {
            Type::Vector(..) => {
                // a constant data vector's elements read in one call (the usual vector constant)
                match v.constant_data_elements(ty.num_elems()) {
                    Some(ConstantData::Ints(xs)) => {
                        let elems = xs.into_iter().map(|x| Some(crate::ir::truncate_bits(x, elem))).collect();
                        return Ok(Constant { ty, elems });
                    }
                    Some(ConstantData::Floats(xs)) => {
                        return Ok(Constant {
                            ty,
                            elems: xs.into_iter().map(|x| Some(float_bits(x, elem))).collect(),
                        });
                    }
                    None => {}
                }
                let elems =
                    v.const_vector_elems().ok_or_else(|| unsupported(format!("constant {}", v.print())))?;
                Ok(Constant { ty, elems: elems.into_iter().map(scalar).collect::<R<Vec<_>>>()? })
            }
            _ => Ok(Constant { ty, elems: vec![scalar(v)?] }),
        }
    }

    fn const_int_operand(&self, v: Val, what: &str, intrinsic: &str) -> R<i64> {
        v.const_int().ok_or_else(|| {
            invalid(format!("{intrinsic}: {what} must be a constant integer, found {}", v.print()))
        })
    }

    fn convert(&mut self, inst: Val, op: LLVMOpcode) -> R<InstKind> {
        use LLVMOpcode::*;
        if op == LLVMCall {
            return self.call(inst);
        }
        // operand `i`, read when the operation needs it
        let ops = |i: u32| inst.operand(i);
        let bin = |op: BinOp, s: &mut Self| -> R<InstKind> {
            Ok(InstKind::Binary { op, lhs: s.value(ops(0))?, rhs: s.value(ops(1))? })
        };
        let cast =
            |op: CastOp, s: &mut Self| -> R<InstKind> { Ok(InstKind::Cast { op, value: s.value(ops(0))? }) };
        Ok(match op {
            LLVMAdd => bin(BinOp::Add, self)?,
            LLVMSub => bin(BinOp::Sub, self)?,
            LLVMMul => bin(BinOp::Mul, self)?,
            LLVMSDiv => bin(BinOp::SDiv, self)?,
            LLVMUDiv => bin(BinOp::UDiv, self)?,
            LLVMSRem => bin(BinOp::SRem, self)?,
            LLVMURem => bin(BinOp::URem, self)?,
            LLVMShl => bin(BinOp::Shl, self)?,
            LLVMLShr => bin(BinOp::LShr, self)?,
            LLVMAShr => bin(BinOp::AShr, self)?,
            LLVMAnd => bin(BinOp::And, self)?,
            LLVMOr => bin(BinOp::Or, self)?,
            LLVMXor => bin(BinOp::Xor, self)?,
            LLVMFAdd => bin(BinOp::FAdd, self)?,
            LLVMFSub => bin(BinOp::FSub, self)?,
            LLVMFMul => bin(BinOp::FMul, self)?,
            LLVMFDiv => bin(BinOp::FDiv, self)?,
            LLVMFRem => bin(BinOp::FRem, self)?,
            LLVMFNeg => InstKind::FNeg(self.value(ops(0))?),
            LLVMTrunc => cast(CastOp::Trunc, self)?,
            LLVMZExt => cast(CastOp::ZExt, self)?,
            LLVMSExt => cast(CastOp::SExt, self)?,
            LLVMFPTrunc => cast(CastOp::FPTrunc, self)?,
            LLVMFPExt => cast(CastOp::FPExt, self)?,
            LLVMFPToUI => cast(CastOp::FPToUI, self)?,
            LLVMFPToSI => cast(CastOp::FPToSI, self)?,
            LLVMUIToFP => cast(CastOp::UIToFP, self)?,
            LLVMSIToFP => cast(CastOp::SIToFP, self)?,
            LLVMBitCast => cast(CastOp::BitCast, self)?,
            LLVMICmp => InstKind::Cmp {
                pred: icmp_pred(inst.icmp_predicate()),
                lhs: self.value(ops(0))?,
                rhs: self.value(ops(1))?,
            },
            LLVMFCmp => InstKind::Cmp {
                pred: fcmp_pred(inst.fcmp_predicate()),
                lhs: self.value(ops(0))?,
                rhs: self.value(ops(1))?,
            },
            LLVMSelect => InstKind::Select {
                cond: self.value(ops(0))?,
                on_true: self.value(ops(1))?,
                on_false: self.value(ops(2))?,
            },
            LLVMExtractElement => {
                InstKind::ExtractElement { vector: self.value(ops(0))?, index: self.value(ops(1))? }
            }
            LLVMInsertElement => InstKind::InsertElement {
                vector: self.value(ops(0))?,
                elem: self.value(ops(1))?,
                index: self.value(ops(2))?,
            },
            LLVMShuffleVector => InstKind::Shuffle {
                a: self.value(ops(0))?,
                b: self.value(ops(1))?,
                mask: inst.shuffle_mask(),
            },
            LLVMPHI => {
                let mut incoming = Vec::new();
                for (v, bb) in inst.phi_incoming() {
                    incoming.push((self.block(bb)?, self.value(v)?));
                }
                InstKind::Phi { incoming }
            }
            LLVMExtractValue => match inst.aggregate_indices()[..] {
                [index] => InstKind::ExtractValue { aggregate: self.value(ops(0))?, index },
                _ => return Err(unsupported("extractvalue instruction")),
            },
            _ => return Err(unsupported(format!("instruction {}", inst.print()))),
        })
    }

    /// The values of the first `n` operands of `inst` (a call's arguments).
    fn args(&mut self, inst: Val, n: u32) -> R<Vec<Value>> {
        let mut args = Vec::with_capacity(n as usize);
        for i in 0..n {
            args.push(self.value(inst.operand(i))?);
        }
        Ok(args)
    }

    fn call(&mut self, inst: Val) -> R<InstKind> {
        let n = inst.num_call_args();
        let (callee, gaddr) = self.callees.classify(inst);
        let callee = callee.clone();
        if gaddr {
            if let Some(g) = gaddr_global(inst) {
                return Ok(InstKind::GlobalAddr(g.name()));
            }
            if let Some(f) = gaddr_function(inst) {
                let func = *self.fmap.get(&f).ok_or_else(|| {
                    unsupported(format!("the address of @{}, whose signature is not of Gen types", f.name()))
                })?;
                return Ok(InstKind::FuncAddr(func));
            }
        }
        match callee? {
            Callee::Indirect(addr) => {
                let addr = self.value(addr)?;
                let args = self.args(inst, n)?;
                Ok(InstKind::IndirectCall { addr, args })
            }
            Callee::Ignored => Err(internal("dropped intrinsic reached conversion")),
            Callee::InlineAsm(asm) => {
                let args = self.args(inst, n)?;
                Ok(InstKind::InlineAsm { asm: Box::new(asm), args })
            }
            Callee::Defined(f) => {
                let callee = *self.fmap.get(&f).ok_or_else(|| {
                    unsupported(format!(
                        "a call of @{}, declared only with a signature that is not of Gen types",
                        f.name()
                    ))
                })?;
                let args = self.args(inst, n)?;
                Ok(InstKind::Call { callee, args })
            }
            Callee::Intrinsic(id) => match id {
                IntrinsicId::Rdregioni | IntrinsicId::Rdregionf => self.rdregion(inst, id, n),
                IntrinsicId::Wrregioni | IntrinsicId::Wrregionf => self.wrregion(inst, id, n),
                IntrinsicId::Output1 if self.f.linkage != Linkage::Kernel => Err(unsupported(
                    "llvm.genx.output.1 in a function that is not a kernel (it names a kernel output argument)",
                )),
                _ => {
                    let args = self.args(inst, n)?;
                    Ok(InstKind::Intrinsic { id, args })
                }
            },
        }
    }

    /// The region of a region intrinsic, from its vstride, width, stride, index and parent width.
    #[allow(clippy::too_many_arguments)]
    fn region_operands(
        &mut self,
        name: &str,
        elem: Elem,
        num_elems: u32,
        ops: &[Val],
        first: usize,
        vector_bytes: u32,
    ) -> R<Region> {
        let vstride = self.const_int_operand(ops[first], "vstride", name)?;
        let width = self.const_int_operand(ops[first + 1], "width", name)?;
        let stride = self.const_int_operand(ops[first + 2], "stride", name)?;
        let index = ops[first + 3];
        let pw = ops[first + 4];
        let parent_width = if pw.is_undef() { 0 } else { self.const_int_operand(pw, "parent width", name)? };
        let (offset, indirect) = match index.const_int() {
            Some(c) => (c, None),
            None if index.is_undef() => return Err(invalid(format!("{name}: the start index is undef"))),
            None => {
                let v = self.value(index)?;
                match self.f.value_type(v) {
                    Type::Scalar(Elem::I16) | Type::Vector(Elem::I16, _) => (0, Some(v)),
                    t => {
                        return Err(invalid(format!(
                            "{name}: a variable start index must be i16 or a vector of i16, not {t}"
                        )))
                    }
                }
            }
        };
        let eb = elem.bytes();
        // A multi-indirect region (one index per row) keeps its rows: the canonical form would
        // merge rows that abut or repeat (`<0;6,0>` into a splat) and lose the row per index.
        let multi_indirect = indirect.is_some_and(|v| self.f.value_type(v).num_elems() > 1);
        let region = Region::from_operands(eb, num_elems, vstride, width, stride, offset, indirect, parent_width)
            .map(|r| if multi_indirect { Region { vstride: 0, width: width as u32, stride: stride as i32, ..r } } else { r })
            .ok_or_else(|| {
                format!(
                    "{name}: invalid region <{vstride};{width},{stride}> for {num_elems} elements (the width must be positive and divide the element count; strides must not be negative)"
                )
            })?;
        if indirect.is_none() {
            if offset % i64::from(eb) != 0 {
                return Err(invalid(format!(
                    "{name}: start byte {offset} is not a multiple of the element size {eb}"
                )));
            }
            let (lo, hi) = region.byte_span();
            if lo < 0 || hi > i64::from(vector_bytes) {
                return Err(invalid(format!(
                    "{name}: the region covers bytes [{lo}, {hi}) of a {vector_bytes}-byte vector (it must lie inside it)"
                )));
            }
        }
        Ok(region)
    }

    /// A call of `rdregion` with `n` arguments.
    fn rdregion(&mut self, inst: Val, id: IntrinsicId, n: u32) -> R<InstKind> {
        let name = id.name();
        if n != 6 {
            return Err(invalid(format!("{name} takes 6 operands, found {n}")));
        }
        let args: [Val; 6] = std::array::from_fn(|i| inst.operand(i as u32));
        let input = self.value(args[0])?;
        let in_ty = self.f.value_type(input);
        let res_ty = self.types.of(inst.ty())?;
        let (Some(elem), Some(res_elem)) = (in_ty.elem(), res_ty.elem()) else {
            return Err(invalid(format!("{name}: operands must be values")));
        };
        if elem != res_elem || elem == Elem::I1 {
            return Err(invalid(format!(
                "{name}: reads {res_ty} from {in_ty}; element types must match and must not be i1"
            )));
        }
        let region = self.region_operands(name, elem, res_ty.num_elems(), &args, 1, in_ty.bytes())?;
        Ok(InstKind::RdRegion { input, region })
    }

    /// A call of `wrregion` with `n` arguments.
    fn wrregion(&mut self, inst: Val, id: IntrinsicId, n: u32) -> R<InstKind> {
        let name = id.name();
        if n != 8 {
            return Err(invalid(format!("{name} takes 8 operands, found {n}")));
        }
        let args: [Val; 8] = std::array::from_fn(|i| inst.operand(i as u32));
        let old = self.value(args[0])?;
        let new = self.value(args[1])?;
        let old_ty = self.f.value_type(old);
        let new_ty = self.f.value_type(new);
        let res_ty = self.types.of(inst.ty())?;
        if res_ty != old_ty {
            return Err(invalid(format!(
                "{name}: result {res_ty} differs from the old value's type {old_ty}"
            )));
        }
        let (Some(elem), Some(new_elem)) = (old_ty.elem(), new_ty.elem()) else {
            return Err(invalid(format!("{name}: operands must be values")));
        };
        if elem != new_elem || elem == Elem::I1 {
            return Err(invalid(format!(
                "{name}: writes {new_ty} into {old_ty}; element types must match and must not be i1"
            )));
        }
        let n = new_ty.num_elems();
        let region = self.region_operands(name, elem, n, &args, 2, old_ty.bytes())?;
        let mask = self.value(args[7])?;
        match self.f.value_type(mask) {
            Type::Scalar(Elem::I1) => {}
            Type::Vector(Elem::I1, m) if m == n => {}
            t => return Err(invalid(format!("{name}: the mask must be i1 or <{n} x i1>, not {t}"))),
        }
        Ok(InstKind::WrRegion { old, new, region, mask })
    }

    fn terminator(&mut self, inst: Val, op: LLVMOpcode) -> R<Terminator> {
        use LLVMOpcode::*;
        Ok(match op {
            LLVMRet => {
                if inst.num_operands() == 0 {
                    Terminator::Ret(None)
                } else {
                    Terminator::Ret(Some(self.value(inst.operand(0))?))
                }
            }
            LLVMBr => {
                let succ = inst.successors();
                if inst.is_conditional() {
                    // Operand 0 is the condition; successor 0 is the true target.
                    let cond = self.value(inst.operand(0))?;
                    Terminator::CondBr { cond, on_true: self.block(succ[0])?, on_false: self.block(succ[1])? }
                } else {
                    Terminator::Br(self.block(succ[0])?)
                }
            }
            LLVMSwitch => {
                let value = self.value(inst.operand(0))?;
                let elem = self.f.value_type(value).elem().unwrap_or(Elem::I32);
                let succ = inst.successors();
                let mut cases = Vec::new();
                for (k, target) in succ.iter().enumerate().skip(1) {
                    let cv = inst.operand(2 * k as u32);
                    let c = cv.const_int().ok_or("switch case values must be constants")?;
                    cases.push((crate::ir::truncate_bits(c as u64, elem), self.block(*target)?));
                }
                Terminator::Switch { value, default: self.block(succ[0])?, cases }
            }
            LLVMUnreachable => Terminator::Unreachable,
            _ => return Err(unsupported(format!("terminator {}", inst.print()))),
        })
    }
}

/// The bits of floating-point constant `x` (as LLVM gives it, a double) in an element of type
/// `elem`.
fn float_bits(x: f64, elem: Elem) -> u64 {
    match elem {
        Elem::Half => u64::from(half::f16::from_f64(x).to_bits()),
        Elem::Float => u64::from((x as f32).to_bits()),
        _ => x.to_bits(),
    }
}

fn is_terminator(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        op,
        LLVMRet
            | LLVMBr
            | LLVMSwitch
            | LLVMUnreachable
            | LLVMIndirectBr
            | LLVMInvoke
            | LLVMResume
            | LLVMCallBr
            | LLVMCatchSwitch
            | LLVMCatchRet
            | LLVMCleanupRet
    )
}

/// The GenX IR compare predicate of an LLVM integer compare predicate.
pub fn icmp_pred(p: LLVMIntPredicate) -> CmpPred {
    use LLVMIntPredicate::*;
    match p {
        LLVMIntEQ => CmpPred::Eq,
        LLVMIntNE => CmpPred::Ne,
        LLVMIntUGT => CmpPred::Ugt,
        LLVMIntUGE => CmpPred::Uge,
        LLVMIntULT => CmpPred::Ult,
        LLVMIntULE => CmpPred::Ule,
        LLVMIntSGT => CmpPred::Sgt,
        LLVMIntSGE => CmpPred::Sge,
        LLVMIntSLT => CmpPred::Slt,
        LLVMIntSLE => CmpPred::Sle,
    }
}

/// The GenX IR compare predicate of an LLVM floating-point compare predicate.
pub fn fcmp_pred(p: LLVMRealPredicate) -> CmpPred {
    use LLVMRealPredicate::*;
    match p {
        LLVMRealPredicateFalse => CmpPred::FFalse,
        LLVMRealOEQ => CmpPred::FOeq,
        LLVMRealOGT => CmpPred::FOgt,
        LLVMRealOGE => CmpPred::FOge,
        LLVMRealOLT => CmpPred::FOlt,
        LLVMRealOLE => CmpPred::FOle,
        LLVMRealONE => CmpPred::FOne,
        LLVMRealORD => CmpPred::FOrd,
        LLVMRealUNO => CmpPred::FUno,
        LLVMRealUEQ => CmpPred::FUeq,
        LLVMRealUGT => CmpPred::FUgt,
        LLVMRealUGE => CmpPred::FUge,
        LLVMRealULT => CmpPred::FUlt,
        LLVMRealULE => CmpPred::FUle,
        LLVMRealUNE => CmpPred::FUne,
        LLVMRealPredicateTrue => CmpPred::FTrue,
    }
}
