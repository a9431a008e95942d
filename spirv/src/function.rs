//! Writes one SPIR-V function as an LLVM function: its signature, linkage and attributes, and its
//! body instruction by instruction (arithmetic, comparisons, conversions, composite operations,
//! memory, control flow, calls). Calls of `llvm.genx.address.convert.*` (what the writer adaptor
//! puts between a kernel's resource parameter and its `i32` uses) are dropped: the parameter is
//! an `i32` again.

use crate::binary::Located;
use crate::module::{id_at, literal_at, operand_number, Function, Spirv};
use crate::rebuild::{llvm_name, Writer};
use crate::types::Ty;
use genxc_diag::Diagnostic;
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op};
use std::collections::{BTreeMap, HashMap};

/// The writer adaptor's conversion from a resource parameter to its `i32` binding index.
const ADDRESS_CONVERT: &str = "llvm.genx.address.convert";

/// What a function body refers to outside itself.
pub struct Context<'a> {
    /// The module.
    pub m: &'a Spirv<'a>,
    /// LLVM names of the functions, by id.
    pub names: &'a HashMap<u32, String>,
    /// LLVM references of the globals (`@"name"`), by id.
    pub globals: &'a HashMap<u32, String>,
    /// The entry point function when the function written is a kernel's body.
    pub kernel: Option<u32>,
    /// The OpenCL built-in variables, by id.
    pub builtins: &'a HashMap<u32, crate::builtins::Builtin>,
}

/// The state of one function being written.
struct Body<'a> {
    cx: &'a Context<'a>,
    /// Values replaced by another value's text (address conversions).
    aliases: HashMap<u32, String>,
    /// Declarations of LLVM intrinsics the body calls, by name.
    intrinsics: &'a mut BTreeMap<String, String>,
    /// Counter of helper values.
    temps: u32,
    /// The LLVM local names of the function's parameters, blocks and values (`%"name"` from
    /// OpName, or LLVM's numbering for unnamed ones, so the GenX back end names them as it names
    /// the `.ll` input's).
    locals: HashMap<u32, String>,
    /// The ids of the function's blocks.
    labels: std::collections::HashSet<u32>,
    /// Lines to write at the top of the entry block: the scalar values of single-element vector
    /// parameters.
    entry: Vec<String>,
    /// The single-element vector type of the result when the function returns one, with the
    /// scalar type its body returns.
    ret_single_element: Option<(Ty, Ty)>,
}

/// The LLVM local names of `f`'s parameters, labels and values: OpName when it has one not yet
/// taken, else the next number of LLVM's implicit numbering (in definition order).
fn local_names(cx: &Context, f: &Function) -> HashMap<u32, String> {
    let m = cx.m;
    let mut out = HashMap::new();
    let mut taken = std::collections::HashSet::new();
    let mut next = 0u32;
    let mut name = |id: u32, out: &mut HashMap<u32, String>| {
        let text = match m.names.get(&id) {
            Some(n) if !n.is_empty() && n.parse::<u64>().is_err() && taken.insert(n.clone()) => {
                crate::rebuild::llvm_name('%', n)
            }
            _ => {
                next += 1;
                format!("%{}", next - 1)
            }
        };
        out.insert(id, text);
    };
    for &p in &f.params {
        name(p, &mut out);
    }
    for at in &m.insts[f.start + 1..f.end - 1] {
        let inst = &at.inst;
        let Some(id) = inst.result_id else { continue };
        let op = inst.class.opcode;
        if op == Op::FunctionParameter {
            continue;
        }
        let void = inst.result_type.and_then(|t| m.types.get(&t)).is_some_and(|t| *t == Ty::Void);
        let dropped = op == Op::FunctionCall
            && id_at(inst, 0).and_then(|c| cx.names.get(&c)).is_some_and(|n| n.starts_with(ADDRESS_CONVERT));
        let debug = op == Op::ExtInst && id_at(inst, 0).is_some_and(|set| m.debug_info.contains(&set));
        if op == Op::Label || (!void && !dropped && !debug && op != Op::Undef && !folded_cast(m, inst)) {
            name(id, &mut out);
        }
    }
    out
}

/// Writes `f`; returns the parameter types as written (resources as their `i32` index, SVM
/// addresses as their integer).
pub fn write(
    cx: &Context,
    f: &Function,
    w: &mut Writer,
    intrinsics: &mut BTreeMap<String, String>,
    attributes: &mut Vec<String>,
    kernel: bool,
) -> Result<Vec<Ty>, Diagnostic> {
    let m = cx.m;
    let head = &m.insts[f.start];
    let Ty::Function(ret, declared) = m.ty(head, f.ty)?.clone() else {
        return Err(m.error(head, format!("%{} is not a function type", f.ty)));
    };
    if declared.len() != f.params.len() {
        return Err(m.error(
            head,
            format!("the function type has {} parameters, the function {}", declared.len(), f.params.len()),
        ));
    }
    let name = &cx.names[&f.id];
    if !f.defined && name.starts_with(ADDRESS_CONVERT) {
        return Ok(declared);
    }
    let mut params: Vec<Ty> = declared
        .iter()
        .map(|t| match t.resource() {
            Some(r) => Ty::Resource(r.clone()),
            None => t.clone(),
        })
        .collect();
    // A parameter the writer adaptor converted (a resource from its `i32` index or a pointer to a
    // named surface type, an SVM pointer from its integer) gets the conversion's result type
    // back: the type the kernel's body uses.
    for at in &m.insts[f.start..f.end] {
        let inst = &at.inst;
        let converts = inst.class.opcode == Op::FunctionCall
            && id_at(inst, 0).and_then(|c| cx.names.get(&c)).is_some_and(|n| n.starts_with(ADDRESS_CONVERT));
        if !converts {
            continue;
        }
        let Some(i) = id_at(inst, 1).and_then(|a| f.params.iter().position(|&p| p == a)) else { continue };
        if let Some(t) = inst.result_type.and_then(|t| m.types.get(&t)) {
            params[i] = t.clone();
        }
    }
    // Single-element vectors the writer adaptor made scalars come back at the interface; the
    // body keeps its scalars, converted at the top of the entry block and at the returns.
    let mut entry = Vec::new();
    let mut scalar_params = HashMap::new();
    for (i, &p) in f.params.iter().enumerate() {
        let at = m.insts[f.start..f.end].iter().find(|l| l.inst.result_id == Some(p)).unwrap_or(head);
        if let Some(vector) = m.single_element(at, p, &params[i])? {
            scalar_params.insert(p, (vector.clone(), params[i].clone()));
            params[i] = vector;
        }
    }
    let ret_single_element = m.single_element(head, f.id, &ret)?.map(|v| (v, (*ret).clone()));
    let ret = match &ret_single_element {
        Some((v, _)) => Box::new(v.clone()),
        None => ret,
    };
    let linkage = m.linkage(f.id);
    let mut attrs: Vec<String> = Vec::new();
    if f.control & 0x2 != 0 {
        attrs.push("noinline".into());
    }
    if f.control & 0x1 != 0 {
        attrs.push("alwaysinline".into());
    }
    let ids: Vec<u32> = std::iter::once(f.id).chain(cx.kernel).collect();
    if kernel {
        attrs.push("nounwind".into());
        attrs.push("\"CMGenxMain\"".into());
    }
    if ids.iter().any(|&id| m.has_decoration(id, Decoration::StackCallINTEL)) {
        attrs.push("\"CMStackCall\"".into());
    }
    if ids.iter().any(|&id| m.has_decoration(id, Decoration::VectorComputeCallableFunctionINTEL)) {
        attrs.push("\"CMCallable\"".into());
    }
    if let Some(simt) = ids.iter().find_map(|&id| m.decoration_literal(id, Decoration::SIMTCallINTEL)) {
        attrs.push(format!("\"CMGenxSIMT\"=\"{simt}\""));
    }
    if let Some(fc) = crate::rebuild::float_control(m, &ids) {
        attrs.push(format!("\"CMFloatControl\"=\"{fc}\""));
    }
    let attr_ref = if attrs.is_empty() || !f.defined {
        String::new()
    } else {
        attributes.push(attrs.join(" "));
        format!(" #{}", attributes.len() - 1)
    };
    let locals = if f.defined { local_names(cx, f) } else { HashMap::new() };
    let param_list = |named: bool| {
        params
            .iter()
            .zip(&f.params)
            .map(|(t, id)| if named { format!("{} {}", t.llvm(), locals[id]) } else { t.llvm() })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !f.defined {
        if linkage.as_ref().is_some_and(|(_, import)| !import) {
            return Err(m.error(head, format!("function {name:?} is exported but has no body")));
        }
        w.line(
            head.offset,
            format!("declare {} {}({})", ret.llvm(), llvm_name('@', name), param_list(false)),
        );
        return Ok(params);
    }
    let link = if kernel {
        "dllexport spir_kernel "
    } else {
        match &linkage {
            Some((_, true)) => {
                return Err(m.error(head, format!("function {name:?} is imported but has a body")))
            }
            Some((_, false)) => "",
            None => "internal ",
        }
    };
    w.line(
        head.offset,
        format!("define {link}{} {}({}){attr_ref} {{", ret.llvm(), llvm_name('@', name), param_list(true)),
    );
    let labels = m.insts[f.start..f.end]
        .iter()
        .filter(|l| l.inst.class.opcode == Op::Label)
        .filter_map(|l| l.inst.result_id)
        .collect();
    let mut aliases = HashMap::new();
    for (&p, (vector, scalar)) in &scalar_params {
        let scalar_name = format!("%\"sev.{}\"", locals[&p].trim_start_matches('%').trim_matches('"'));
        let value = format!("{} {}", vector.llvm(), locals[&p]);
        entry.push(crate::types::single_element_conversion(vector, scalar, &value, &scalar_name, false));
        aliases.insert(p, scalar_name);
    }
    entry.sort();
    let mut body = Body { cx, aliases, intrinsics, temps: 0, locals, labels, entry, ret_single_element };
    for at in &m.insts[f.start + 1..f.end - 1] {
        body.inst(at, w)?;
    }
    w.line(m.insts[f.end - 1].offset, "}");
    Ok(params)
}

/// Integer binary operations: SPIR-V opcode and LLVM instruction.
pub(crate) const INT_BINARY: &[(Op, &str)] = &[
    (Op::IAdd, "add"),
    (Op::ISub, "sub"),
    (Op::IMul, "mul"),
    (Op::UDiv, "udiv"),
    (Op::SDiv, "sdiv"),
    (Op::UMod, "urem"),
    (Op::SRem, "srem"),
    (Op::ShiftLeftLogical, "shl"),
    (Op::ShiftRightLogical, "lshr"),
    (Op::ShiftRightArithmetic, "ashr"),
    (Op::BitwiseAnd, "and"),
    (Op::BitwiseOr, "or"),
    (Op::BitwiseXor, "xor"),
    (Op::LogicalAnd, "and"),
    (Op::LogicalOr, "or"),
    (Op::LogicalNotEqual, "xor"),
    (Op::FAdd, "fadd"),
    (Op::FSub, "fsub"),
    (Op::FMul, "fmul"),
    (Op::FDiv, "fdiv"),
    (Op::FRem, "frem"),
];

/// Comparisons: SPIR-V opcode, LLVM instruction and predicate.
pub(crate) const COMPARE: &[(Op, &str)] = &[
    (Op::IEqual, "icmp eq"),
    (Op::INotEqual, "icmp ne"),
    (Op::LogicalEqual, "icmp eq"),
    (Op::UGreaterThan, "icmp ugt"),
    (Op::UGreaterThanEqual, "icmp uge"),
    (Op::ULessThan, "icmp ult"),
    (Op::ULessThanEqual, "icmp ule"),
    (Op::SGreaterThan, "icmp sgt"),
    (Op::SGreaterThanEqual, "icmp sge"),
    (Op::SLessThan, "icmp slt"),
    (Op::SLessThanEqual, "icmp sle"),
    (Op::FOrdEqual, "fcmp oeq"),
    (Op::FOrdNotEqual, "fcmp one"),
    (Op::FOrdLessThan, "fcmp olt"),
    (Op::FOrdGreaterThan, "fcmp ogt"),
    (Op::FOrdLessThanEqual, "fcmp ole"),
    (Op::FOrdGreaterThanEqual, "fcmp oge"),
    (Op::FUnordEqual, "fcmp ueq"),
    (Op::FUnordNotEqual, "fcmp une"),
    (Op::FUnordLessThan, "fcmp ult"),
    (Op::FUnordGreaterThan, "fcmp ugt"),
    (Op::FUnordLessThanEqual, "fcmp ule"),
    (Op::FUnordGreaterThanEqual, "fcmp uge"),
    (Op::LessOrGreater, "fcmp one"),
    (Op::Ordered, "fcmp ord"),
    (Op::Unordered, "fcmp uno"),
];

/// Instructions with nothing to write (debug info, structured control flow hints, lifetimes).
const SKIPPED: &[Op] = &[
    Op::Nop,
    Op::Line,
    Op::NoLine,
    Op::SelectionMerge,
    Op::LoopMerge,
    Op::LifetimeStart,
    Op::LifetimeStop,
    Op::FunctionParameter,
];

impl Body<'_> {
    /// The text of value `id`.
    fn val(&self, at: &Located, id: u32) -> Result<String, Diagnostic> {
        let m = self.cx.m;
        if let Some(a) = self.aliases.get(&id) {
            return Ok(a.clone());
        }
        if let Some(c) = m.constants.get(&id) {
            return Ok(crate::rebuild::resolve(&c.text, self.cx.names, self.cx.globals));
        }
        if let Some(g) = self.cx.globals.get(&id) {
            return Ok(g.clone());
        }
        if let Some(n) = self.cx.names.get(&id) {
            return Ok(llvm_name('@', n));
        }
        if let Some(local) = self.locals.get(&id) {
            return Ok(local.clone());
        }
        if let Some(b) = self.cx.builtins.get(&id) {
            return Err(
                m.unsupported(at, format!("a use of the built-in variable {b:?} other than a whole load"))
            );
        }
        Err(m.error(at, format!("%{id} is not a defined value")))
    }

    /// The type of value `id`, resources as their `i32` index.
    fn vty(&self, at: &Located, id: u32) -> Result<Ty, Diagnostic> {
        let t = self.cx.m.value_ty(at, id)?;
        Ok(match t.resource() {
            Some(r) => Ty::Resource(r.clone()),
            None => t.clone(),
        })
    }

    /// `<type> <value>` of the id operand at `i`.
    fn typed(&self, at: &Located, i: usize) -> Result<String, Diagnostic> {
        let id = self.id(at, i)?;
        Ok(format!("{} {}", self.vty(at, id)?.llvm(), self.val(at, id)?))
    }

    /// The LLVM ordering of the memory semantics constant at operand `i`.
    fn ordering(&self, at: &Located, i: usize) -> Result<&'static str, Diagnostic> {
        let id = self.id(at, i)?;
        let bits = self.cx.m.constants.get(&id).and_then(|c| c.text.parse::<i64>().ok());
        let Some(bits) = bits else {
            return Err(self.cx.m.error(at, format!("memory semantics %{id} is not an integer constant")));
        };
        Ok(if bits & 0x10 != 0 {
            "seq_cst"
        } else if bits & 0x8 != 0 {
            "acq_rel"
        } else if bits & 0x2 != 0 {
            "acquire"
        } else if bits & 0x4 != 0 {
            "release"
        } else {
            "monotonic"
        })
    }

    /// The block label operand at `i`.
    fn label(&self, at: &Located, i: usize) -> Result<String, Diagnostic> {
        let id = self.id(at, i)?;
        match self.locals.get(&id) {
            Some(name) if self.labels.contains(&id) => Ok(name.clone()),
            _ => Err(self.cx.m.error(at, format!("%{id} is not a block of this function"))),
        }
    }

    /// The id operand at `i`.
    fn id(&self, at: &Located, i: usize) -> Result<u32, Diagnostic> {
        id_at(&at.inst, i).ok_or_else(|| {
            self.cx.m.error(at, format!("operand {i} of {:?} is not an id", at.inst.class.opcode))
        })
    }

    /// The value text of the id operand at `i`.
    fn operand(&self, at: &Located, i: usize) -> Result<String, Diagnostic> {
        let id = self.id(at, i)?;
        self.val(at, id)
    }

    /// The result type.
    fn result_ty(&self, at: &Located) -> Result<Ty, Diagnostic> {
        let m = self.cx.m;
        let t = at.inst.result_type.ok_or_else(|| m.error(at, "the instruction has no result type"))?;
        Ok(m.ty(at, t)?.clone())
    }

    /// The local name of the instruction's result.
    fn result(&self, at: &Located) -> Result<String, Diagnostic> {
        at.inst
            .result_id
            .and_then(|r| self.locals.get(&r).cloned())
            .ok_or_else(|| self.cx.m.error(at, "the instruction has no result id"))
    }

    /// A fresh helper value name for the instruction.
    fn temp(&mut self, at: &Located) -> String {
        self.temps += 1;
        format!("%\"t{}.{}\"", at.offset, self.temps)
    }

    /// Writes one instruction.
    fn inst(&mut self, at: &Located, w: &mut Writer) -> Result<(), Diagnostic> {
        let m = self.cx.m;
        let inst = &at.inst;
        let op = inst.class.opcode;
        if SKIPPED.contains(&op) {
            return Ok(());
        }
        if let Some(&(_, llvm)) = INT_BINARY.iter().find(|(o, _)| *o == op) {
            let t = self.result_ty(at)?;
            let mut amount = self.operand(at, 1)?;
            // A shift's amount may be of another width than its base: LLVM's is the base's type.
            if matches!(op, Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic) {
                let from = self.vty(at, self.id(at, 1)?)?;
                if let (Some(to_bits), Some(from_bits)) = (t.bits(), from.bits()) {
                    if to_bits != from_bits {
                        let cast = if to_bits > from_bits { "zext" } else { "trunc" };
                        let converted = self.temp(at);
                        w.line(
                            at.offset,
                            format!("  {converted} = {cast} {} to {}", self.typed(at, 1)?, t.llvm()),
                        );
                        amount = converted;
                    }
                }
            }
            let line =
                format!("{} = {llvm} {} {}, {amount}", self.result(at)?, t.llvm(), self.operand(at, 0)?);
            w.line(at.offset, format!("  {line}"));
            return Ok(());
        }
        if let Some(&(_, llvm)) = COMPARE.iter().find(|(o, _)| *o == op) {
            let line =
                format!("{} = {llvm} {}, {}", self.result(at)?, self.typed(at, 0)?, self.operand(at, 1)?);
            w.line(at.offset, format!("  {line}"));
            return Ok(());
        }
        if let Some(&(_, name, sign)) = crate::opencl_std::CORE_CALLS.iter().find(|(o, _, _)| *o == op) {
            let params = self.operand_types(at, 0)?;
            let args = (0..inst.operands.len()).map(|i| self.typed(at, i)).collect::<Result<Vec<_>, _>>()?;
            return self.builtin_call(at, w, &format!("__spirv_{name}"), &params, sign, &args);
        }
        let line = match op {
            Op::Label => {
                let label = self.result(at)?;
                w.line(at.offset, format!("{}:", &label[1..]));
                for line in std::mem::take(&mut self.entry) {
                    w.line(at.offset, format!("  {line}"));
                }
                return Ok(());
            }
            Op::Phi => {
                let t = self.result_ty(at)?;
                let mut incoming = Vec::new();
                for i in (0..inst.operands.len()).step_by(2) {
                    incoming.push(format!("[ {}, {} ]", self.operand(at, i)?, self.label(at, i + 1)?));
                }
                format!("{} = phi {} {}", self.result(at)?, t.llvm(), incoming.join(", "))
            }
            Op::FNegate => format!("{} = fneg {}", self.result(at)?, self.typed(at, 0)?),
            Op::SNegate => {
                let t = self.result_ty(at)?;
                format!(
                    "{} = sub {} {}, {}",
                    self.result(at)?,
                    t.llvm(),
                    splat(&t, "0"),
                    self.operand(at, 0)?
                )
            }
            Op::Not => {
                let t = self.result_ty(at)?;
                format!(
                    "{} = xor {} {}, {}",
                    self.result(at)?,
                    t.llvm(),
                    self.operand(at, 0)?,
                    splat(&t, "-1")
                )
            }
            Op::LogicalNot => {
                let t = self.result_ty(at)?;
                format!(
                    "{} = xor {} {}, {}",
                    self.result(at)?,
                    t.llvm(),
                    self.operand(at, 0)?,
                    splat(&t, "true")
                )
            }
            Op::Select => format!(
                "{} = select {}, {}, {}",
                self.result(at)?,
                self.typed(at, 0)?,
                self.typed(at, 1)?,
                self.typed(at, 2)?
            ),
            Op::UConvert | Op::SConvert | Op::FConvert => {
                let t = self.result_ty(at)?;
                let from = self.vty(at, self.id(at, 0)?)?;
                let (to_bits, from_bits) = (t.bits().unwrap_or(0), from.bits().unwrap_or(0));
                let llvm = match (op, to_bits.cmp(&from_bits)) {
                    (_, std::cmp::Ordering::Equal) => "bitcast",
                    (Op::FConvert, std::cmp::Ordering::Greater) => "fpext",
                    (Op::FConvert, _) => "fptrunc",
                    (_, std::cmp::Ordering::Less) => "trunc",
                    (Op::UConvert, _) => "zext",
                    _ => "sext",
                };
                format!("{} = {llvm} {} to {}", self.result(at)?, self.typed(at, 0)?, t.llvm())
            }
            Op::ConvertFToU
            | Op::ConvertFToS
            | Op::ConvertSToF
            | Op::ConvertUToF
            | Op::ConvertPtrToU
            | Op::ConvertUToPtr => {
                let llvm = match op {
                    Op::ConvertFToU => "fptoui",
                    Op::ConvertFToS => "fptosi",
                    Op::ConvertSToF => "sitofp",
                    Op::ConvertUToF => "uitofp",
                    Op::ConvertPtrToU => "ptrtoint",
                    _ => "inttoptr",
                };
                format!(
                    "{} = {llvm} {} to {}",
                    self.result(at)?,
                    self.typed(at, 0)?,
                    self.result_ty(at)?.llvm()
                )
            }
            Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit
                if folded_cast(m, inst) =>
            {
                // A cast of a constant (a function's address cast to another function type) is a
                // constant expression, as the `.ll` input writes it: calls through it stay direct.
                let t = self.result_ty(at)?;
                let from = self.vty(at, self.id(at, 0)?)?;
                let llvm = if from.is_pointer() && t.is_pointer() {
                    match (&from, &t) {
                        (Ty::Pointer(_, a), Ty::Pointer(_, b)) if a != b => "addrspacecast",
                        _ => "bitcast",
                    }
                } else {
                    "bitcast"
                };
                let text = format!("{llvm} ({} to {})", self.typed(at, 0)?, t.llvm());
                if let Some(r) = inst.result_id {
                    self.aliases.insert(r, text);
                }
                return Ok(());
            }
            Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit => {
                let t = self.result_ty(at)?;
                let from = self.vty(at, self.id(at, 0)?)?;
                let llvm = match (from.is_pointer(), t.is_pointer()) {
                    (true, false) => "ptrtoint",
                    (false, true) => "inttoptr",
                    (true, true) if !matches!((&from, &t), (Ty::Pointer(_, a), Ty::Pointer(_, b)) if a == b) => {
                        "addrspacecast"
                    }
                    _ => "bitcast",
                };
                format!("{} = {llvm} {} to {}", self.result(at)?, self.typed(at, 0)?, t.llvm())
            }
            Op::CompositeExtract => {
                let base = self.vty(at, self.id(at, 0)?)?;
                let idx: Vec<u32> = (1..inst.operands.len()).filter_map(|i| literal_at(inst, i)).collect();
                match (&base, idx.as_slice()) {
                    (Ty::Vector(..), [i]) => {
                        format!("{} = extractelement {}, i32 {i}", self.result(at)?, self.typed(at, 0)?)
                    }
                    (Ty::Array(..) | Ty::Struct(_), [_, ..]) => format!(
                        "{} = extractvalue {}, {}",
                        self.result(at)?,
                        self.typed(at, 0)?,
                        idx.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                    ),
                    _ => {
                        return Err(m.unsupported(
                            at,
                            "OpCompositeExtract of this shape (indices into a vector inside an aggregate)",
                        ))
                    }
                }
            }
            Op::CompositeInsert => {
                let base = self.vty(at, self.id(at, 1)?)?;
                let idx: Vec<u32> = (2..inst.operands.len()).filter_map(|i| literal_at(inst, i)).collect();
                match (&base, idx.as_slice()) {
                    (Ty::Vector(..), [i]) => format!(
                        "{} = insertelement {}, {}, i32 {i}",
                        self.result(at)?,
                        self.typed(at, 1)?,
                        self.typed(at, 0)?
                    ),
                    (Ty::Array(..) | Ty::Struct(_), [_, ..]) => format!(
                        "{} = insertvalue {}, {}, {}",
                        self.result(at)?,
                        self.typed(at, 1)?,
                        self.typed(at, 0)?,
                        idx.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                    ),
                    _ => {
                        return Err(m.unsupported(
                            at,
                            "OpCompositeInsert of this shape (indices into a vector inside an aggregate)",
                        ))
                    }
                }
            }
            Op::VectorExtractDynamic => {
                format!(
                    "{} = extractelement {}, {}",
                    self.result(at)?,
                    self.typed(at, 0)?,
                    self.typed(at, 1)?
                )
            }
            Op::VectorInsertDynamic => format!(
                "{} = insertelement {}, {}, {}",
                self.result(at)?,
                self.typed(at, 0)?,
                self.typed(at, 1)?,
                self.typed(at, 2)?
            ),
            Op::VectorShuffle => {
                let (a, b) = (self.vty(at, self.id(at, 0)?)?, self.vty(at, self.id(at, 1)?)?);
                if a != b {
                    return Err(m.unsupported(at, "OpVectorShuffle of two vectors of different lengths"));
                }
                let lanes: Vec<String> = (2..inst.operands.len())
                    .filter_map(|i| literal_at(inst, i))
                    .map(|l| if l == u32::MAX { "i32 undef".to_string() } else { format!("i32 {l}") })
                    .collect();
                format!(
                    "{} = shufflevector {}, {}, <{} x i32> <{}>",
                    self.result(at)?,
                    self.typed(at, 0)?,
                    self.typed(at, 1)?,
                    lanes.len(),
                    lanes.join(", ")
                )
            }
            Op::CompositeConstruct => return self.construct(at, w),
            Op::Variable => {
                let Ty::Pointer(pointee, _) = self.result_ty(at)? else {
                    return Err(m.error(at, "OpVariable's type is not a pointer"));
                };
                if inst.operands.len() > 1 {
                    return Err(m.unsupported(at, "a function-scope OpVariable with an initializer"));
                }
                let align = inst.result_id.and_then(|r| m.decoration_literal(r, Decoration::Alignment));
                let align = align.map(|a| format!(", align {a}")).unwrap_or_default();
                format!("{} = alloca {}{align}", self.result(at)?, pointee.llvm())
            }
            Op::Load if self.cx.builtins.contains_key(&self.id(at, 0)?) => {
                let builtin = self.cx.builtins[&self.id(at, 0)?];
                let t = self.result_ty(at)?;
                let result = self.result(at)?;
                let mut lines = Vec::new();
                let mut temps = self.temps;
                let mut temp = || {
                    temps += 1;
                    format!("%\"t{}.{}\"", at.offset, temps)
                };
                crate::builtins::load(builtin, &result, &t, &mut temp, self.intrinsics, &mut lines)
                    .map_err(|what| m.unsupported(at, what))?;
                self.temps = temps;
                for l in lines {
                    w.line(at.offset, format!("  {l}"));
                }
                return Ok(());
            }
            Op::Load => {
                let t = self.result_ty(at)?;
                let (volatile, align) = memory_access(inst, 1);
                format!("{} = load {volatile}{}, {}{align}", self.result(at)?, t.llvm(), self.typed(at, 0)?)
            }
            Op::Store => {
                let (volatile, align) = memory_access(inst, 2);
                format!("store {volatile}{}, {}{align}", self.typed(at, 1)?, self.typed(at, 0)?)
            }
            Op::AccessChain | Op::InBoundsAccessChain | Op::PtrAccessChain | Op::InBoundsPtrAccessChain => {
                let base = self.vty(at, self.id(at, 0)?)?;
                let Ty::Pointer(pointee, _) = &base else {
                    return Err(m.error(at, "the base of an access chain is not a pointer"));
                };
                let inbounds = if matches!(op, Op::InBoundsAccessChain | Op::InBoundsPtrAccessChain) {
                    "inbounds "
                } else {
                    ""
                };
                let mut idx = Vec::new();
                if matches!(op, Op::AccessChain | Op::InBoundsAccessChain) {
                    idx.push("i32 0".to_string());
                }
                for i in 1..inst.operands.len() {
                    idx.push(self.typed(at, i)?);
                }
                format!(
                    "{} = getelementptr {inbounds}{}, {}, {}",
                    self.result(at)?,
                    pointee.llvm(),
                    self.typed(at, 0)?,
                    idx.join(", ")
                )
            }
            Op::FunctionCall => return self.call(at, w),
            Op::AsmCallINTEL => {
                let asm = self.id(at, 0)?;
                let Some(asm) = m.asms.get(&asm) else {
                    return Err(m.error(at, format!("%{asm} is not an OpAsmINTEL")));
                };
                let t = self.result_ty(at)?;
                let mut args = Vec::new();
                for i in 1..inst.operands.len() {
                    args.push(self.typed(at, i)?);
                }
                if matches!(&asm.ty, Ty::Function(_, params) if params.len() != args.len()) {
                    return Err(m.error(at, "OpAsmCallINTEL's arguments do not match its assembly's type"));
                }
                let effects = if asm.side_effects { "sideeffect " } else { "" };
                let call = format!(
                    "call {} asm {effects}\"{}\", \"{}\"({})",
                    t.llvm(),
                    crate::rebuild::escape(&asm.template),
                    crate::rebuild::escape(&asm.constraints),
                    args.join(", ")
                );
                if t == Ty::Void {
                    call
                } else {
                    format!("{} = {call}", self.result(at)?)
                }
            }
            Op::Undef => {
                if let Some(r) = inst.result_id {
                    self.aliases.insert(r, "undef".into());
                }
                return Ok(());
            }
            Op::FunctionPointerCallINTEL => {
                let t = self.result_ty(at)?;
                let mut args = Vec::new();
                for i in 1..inst.operands.len() {
                    args.push(self.typed(at, i)?);
                }
                let call = format!("call {} {}({})", t.llvm(), self.operand(at, 0)?, args.join(", "));
                if t == Ty::Void {
                    call
                } else {
                    format!("{} = {call}", self.result(at)?)
                }
            }
            Op::CopyMemorySized => {
                let (Ty::Pointer(_, to), Ty::Pointer(_, from)) =
                    (self.vty(at, self.id(at, 0)?)?, self.vty(at, self.id(at, 1)?)?)
                else {
                    return Err(m.error(at, "OpCopyMemorySized of operands that are not pointers"));
                };
                let size = self.vty(at, self.id(at, 2)?)?;
                let (d, s) = (self.temp(at), self.temp(at));
                let byte_ptr = |space: u32| {
                    if space == 0 {
                        "i8*".to_string()
                    } else {
                        format!("i8 addrspace({space})*")
                    }
                };
                w.line(at.offset, format!("  {d} = bitcast {} to {}", self.typed(at, 0)?, byte_ptr(to)));
                w.line(at.offset, format!("  {s} = bitcast {} to {}", self.typed(at, 1)?, byte_ptr(from)));
                let name = format!("llvm.memcpy.p{to}i8.p{from}i8.{}", size.mangle());
                self.intrinsics.insert(
                    name.clone(),
                    format!(
                        "declare void @{name}({}, {}, {}, i1)",
                        byte_ptr(to),
                        byte_ptr(from),
                        size.llvm()
                    ),
                );
                let (volatile, _) = memory_access(inst, 3);
                let volatile = if volatile.is_empty() { "false" } else { "true" };
                format!(
                    "call void @{name}({} {d}, {} {s}, {}, i1 {volatile})",
                    byte_ptr(to),
                    byte_ptr(from),
                    self.typed(at, 2)?
                )
            }
            Op::BitCount | Op::BitReverse => {
                let t = self.result_ty(at)?;
                let base = if op == Op::BitCount { "llvm.ctpop" } else { "llvm.bitreverse" };
                let name = format!("{base}.{}", t.mangle());
                self.intrinsics.insert(name.clone(), format!("declare {} @{name}({})", t.llvm(), t.llvm()));
                format!("{} = call {} @{name}({})", self.result(at)?, t.llvm(), self.typed(at, 0)?)
            }
            Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicExchange
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicSMin
            | Op::AtomicSMax
            | Op::AtomicUMin
            | Op::AtomicUMax
            | Op::AtomicFAddEXT => {
                let rmw = match op {
                    Op::AtomicIAdd => "add",
                    Op::AtomicISub => "sub",
                    Op::AtomicExchange => "xchg",
                    Op::AtomicAnd => "and",
                    Op::AtomicOr => "or",
                    Op::AtomicXor => "xor",
                    Op::AtomicSMin => "min",
                    Op::AtomicSMax => "max",
                    Op::AtomicUMin => "umin",
                    Op::AtomicUMax => "umax",
                    _ => "fadd",
                };
                let order = self.ordering(at, 2)?;
                format!(
                    "{} = atomicrmw {rmw} {}, {} {order}",
                    self.result(at)?,
                    self.typed(at, 0)?,
                    self.typed(at, 3)?
                )
            }
            Op::AtomicCompareExchange => {
                let (success, failure) = (self.ordering(at, 2)?, self.ordering(at, 3)?);
                let failure = match failure {
                    "seq_cst" => "seq_cst",
                    "acquire" | "acq_rel" => "acquire",
                    _ => "monotonic",
                };
                let success =
                    if success == "monotonic" && failure != "monotonic" { failure } else { success };
                let pair = self.temp(at);
                w.line(
                    at.offset,
                    format!(
                        "  {pair} = cmpxchg {}, {}, {} {success} {failure}",
                        self.typed(at, 0)?,
                        self.typed(at, 5)?,
                        self.typed(at, 4)?
                    ),
                );
                let t = self.result_ty(at)?;
                format!("{} = extractvalue {{ {}, i1 }} {pair}, 0", self.result(at)?, t.llvm())
            }
            Op::AtomicLoad => {
                let t = self.result_ty(at)?;
                let order = self.ordering(at, 2)?;
                let align = t.bits().unwrap_or(8) / 8;
                format!(
                    "{} = load atomic {}, {} {order}, align {align}",
                    self.result(at)?,
                    t.llvm(),
                    self.typed(at, 0)?
                )
            }
            Op::AtomicStore => {
                let order = self.ordering(at, 2)?;
                let order = if order == "acquire" || order == "acq_rel" { "release" } else { order };
                let t = self.vty(at, self.id(at, 3)?)?;
                let align = t.bits().unwrap_or(8) / 8;
                format!("store atomic {}, {} {order}, align {align}", self.typed(at, 3)?, self.typed(at, 0)?)
            }
            Op::ExtInst if m.debug_info.contains(&self.id(at, 0)?) => return Ok(()),
            Op::ExtInst => {
                let set = self.id(at, 0)?;
                if !m.opencl_std.contains(&set) {
                    return Err(
                        m.unsupported(at, "OpExtInst of an extended instruction set other than OpenCL.std")
                    );
                }
                let number = match inst.operands.get(1) {
                    Some(Operand::LiteralExtInstInteger(n)) => *n,
                    _ => return Err(m.error(at, "OpExtInst without an instruction number")),
                };
                let t = self.result_ty(at)?;
                let mut args = Vec::new();
                let mut decl_params = Vec::new();
                for i in 2..inst.operands.len() {
                    args.push(self.typed(at, i)?);
                    decl_params.push(self.vty(at, self.id(at, i)?)?.llvm());
                }
                let Some(cl) = rspirv::spirv::CLOp::from_u32(number) else {
                    return Err(m.error(at, format!("OpExtInst {number} is not an OpenCL.std instruction")));
                };
                match crate::opencl_std::lowering(cl) {
                    crate::opencl_std::Lowering::Intrinsic(base, extra) => {
                        let name = format!("{base}.{}", t.mangle());
                        decl_params.extend(extra.iter().map(|e| e.0.to_string()));
                        self.intrinsics.insert(
                            name.clone(),
                            format!("declare {} @{name}({})", t.llvm(), decl_params.join(", ")),
                        );
                        args.extend(extra.iter().map(|e| format!("{} {}", e.0, e.1)));
                        format!("{} = call {} @{name}({})", self.result(at)?, t.llvm(), args.join(", "))
                    }
                    crate::opencl_std::Lowering::Call(sign) => {
                        let params = self.operand_types(at, 2)?;
                        return self.builtin_call(
                            at,
                            w,
                            &format!("__spirv_ocl_{cl:?}"),
                            &params,
                            sign,
                            &args,
                        );
                    }
                    crate::opencl_std::Lowering::Refused(what) => {
                        return Err(
                            m.unsupported(at, format!("OpenCL.std instruction {number} ({cl:?}): {what}"))
                        )
                    }
                }
            }
            Op::Branch => format!("br label {}", self.label(at, 0)?),
            Op::BranchConditional => {
                format!(
                    "br {}, label {}, label {}",
                    self.typed(at, 0)?,
                    self.label(at, 1)?,
                    self.label(at, 2)?
                )
            }
            Op::Switch => {
                let sel = self.vty(at, self.id(at, 0)?)?;
                let mut cases = Vec::new();
                for i in (2..inst.operands.len()).step_by(2) {
                    let value = inst
                        .operands
                        .get(i)
                        .and_then(operand_number)
                        .ok_or_else(|| m.error(at, "a switch case without a literal"))?;
                    let text = crate::module::scalar_text(&sel, value)
                        .ok_or_else(|| m.error(at, "the switch selector is not an integer"))?;
                    cases.push(format!("{} {text}, label {}", sel.llvm(), self.label(at, i + 1)?));
                }
                format!("switch {}, label {} [ {} ]", self.typed(at, 0)?, self.label(at, 1)?, cases.join(" "))
            }
            Op::Return => "ret void".into(),
            Op::ReturnValue => match self.ret_single_element.clone() {
                Some((vector, scalar)) => {
                    let t = self.temp(at);
                    let value = self.typed(at, 0)?;
                    w.line(
                        at.offset,
                        format!(
                            "  {}",
                            crate::types::single_element_conversion(&vector, &scalar, &value, &t, true)
                        ),
                    );
                    format!("ret {} {t}", vector.llvm())
                }
                None => format!("ret {}", self.typed(at, 0)?),
            },
            Op::Unreachable => "unreachable".into(),
            other => return Err(m.unsupported(at, format!("{other:?} is not read by genxc"))),
        };
        w.line(at.offset, format!("  {line}"));
        Ok(())
    }

    /// The types of the id operands from `first` on.
    fn operand_types(&self, at: &Located, first: usize) -> Result<Vec<Ty>, Diagnostic> {
        (first..at.inst.operands.len()).map(|i| self.vty(at, self.id(at, i)?)).collect()
    }

    /// A call of the SPIR-V built-in function `name` (mangled for `params`) with the typed
    /// arguments `args`, declared once; the import's OpenCL built-in expansion reads it.
    fn builtin_call(
        &mut self,
        at: &Located,
        w: &mut Writer,
        name: &str,
        params: &[Ty],
        sign: crate::opencl_std::Signedness,
        args: &[String],
    ) -> Result<(), Diagnostic> {
        let m = self.cx.m;
        let t = self.result_ty(at)?;
        let decl_params = params.iter().map(Ty::llvm).collect::<Vec<_>>().join(", ");
        let symbol = crate::opencl_std::mangle(name, params, sign).ok_or_else(|| {
            m.unsupported(at, format!("{name} of ({decl_params}): not a type a built-in function takes"))
        })?;
        self.intrinsics.insert(symbol.clone(), format!("declare {} @{symbol}({decl_params})", t.llvm()));
        let call = format!("call {} @{symbol}({})", t.llvm(), args.join(", "));
        if t == Ty::Void {
            w.line(at.offset, format!("  {call}"));
        } else {
            w.line(at.offset, format!("  {} = {call}", self.result(at)?));
        }
        Ok(())
    }

    /// OpFunctionCall: a call, or the writer adaptor's address conversion dropped.
    fn call(&mut self, at: &Located, w: &mut Writer) -> Result<(), Diagnostic> {
        let m = self.cx.m;
        let callee = self.id(at, 0)?;
        let Some(name) = self.cx.names.get(&callee) else {
            return Err(m.error(
                at,
                format!("%{callee} is not a function that can be called (a kernel's body or an unknown id)"),
            ));
        };
        if name.starts_with(ADDRESS_CONVERT) {
            let arg = self.operand(at, 1)?;
            if let Some(r) = at.inst.result_id {
                self.aliases.insert(r, arg);
            }
            return Ok(());
        }
        let t = self.result_ty(at)?;
        // A callee whose single-element vectors came back takes and gives them as vectors.
        let callee_params =
            m.functions.iter().find(|f| f.id == callee).map(|f| f.params.clone()).unwrap_or_default();
        let mut args = Vec::new();
        for i in 1..at.inst.operands.len() {
            let arg = self.typed(at, i)?;
            let scalar = self.vty(at, self.id(at, i)?)?;
            match callee_params.get(i - 1).map(|&p| m.single_element(at, p, &scalar)).transpose()?.flatten() {
                Some(vector) => {
                    let v = self.temp(at);
                    let line = crate::types::single_element_conversion(&vector, &scalar, &arg, &v, true);
                    w.line(at.offset, format!("  {line}"));
                    args.push(format!("{} {v}", vector.llvm()));
                }
                None => args.push(arg),
            }
        }
        let ret_vector = m.single_element(at, callee, &t)?;
        let call_ty = ret_vector.as_ref().unwrap_or(&t);
        let call = format!("call {} {}({})", call_ty.llvm(), llvm_name('@', name), args.join(", "));
        if t == Ty::Void {
            w.line(at.offset, format!("  {call}"));
        } else if let Some(vector) = ret_vector {
            let v = self.temp(at);
            w.line(at.offset, format!("  {v} = {call}"));
            let value = format!("{} {v}", vector.llvm());
            let line = crate::types::single_element_conversion(&vector, &t, &value, &self.result(at)?, false);
            w.line(at.offset, format!("  {line}"));
        } else {
            w.line(at.offset, format!("  {} = {call}", self.result(at)?));
        }
        Ok(())
    }

    /// OpCompositeConstruct: a vector from scalars and vectors (insertelement chains), or an
    /// aggregate (insertvalue chains).
    fn construct(&mut self, at: &Located, w: &mut Writer) -> Result<(), Diagnostic> {
        let m = self.cx.m;
        let t = self.result_ty(at)?;
        let n = at.inst.operands.len();
        let result = self.result(at)?;
        let mut current = "undef".to_string();
        match &t {
            Ty::Vector(e, count) => {
                // Flatten constituents to scalar texts.
                let mut scalars = Vec::new();
                for i in 0..n {
                    let id = self.id(at, i)?;
                    match self.vty(at, id)? {
                        Ty::Vector(_, k) => {
                            let v = self.typed(at, i)?;
                            for lane in 0..k {
                                let tmp = self.temp(at);
                                w.line(at.offset, format!("  {tmp} = extractelement {v}, i32 {lane}"));
                                scalars.push(tmp);
                            }
                        }
                        _ => scalars.push(self.val(at, id)?),
                    }
                }
                if scalars.len() != *count as usize {
                    return Err(m.error(
                        at,
                        format!(
                            "OpCompositeConstruct gives {} elements to a vector of {count}",
                            scalars.len()
                        ),
                    ));
                }
                for (lane, s) in scalars.iter().enumerate() {
                    let next = if lane + 1 == scalars.len() { result.clone() } else { self.temp(at) };
                    w.line(
                        at.offset,
                        format!(
                            "  {next} = insertelement {} {current}, {} {s}, i32 {lane}",
                            t.llvm(),
                            e.llvm()
                        ),
                    );
                    current = next;
                }
            }
            Ty::Array(..) | Ty::Struct(_) => {
                for i in 0..n {
                    let next = if i + 1 == n { result.clone() } else { self.temp(at) };
                    w.line(
                        at.offset,
                        format!("  {next} = insertvalue {} {current}, {}, {i}", t.llvm(), self.typed(at, i)?),
                    );
                    current = next;
                }
                if n == 0 {
                    return Err(m.error(at, "OpCompositeConstruct without constituents"));
                }
            }
            _ => return Err(m.error(at, "OpCompositeConstruct of a type that is not a composite")),
        }
        Ok(())
    }
}

/// The `volatile ` word and `, align N` suffix of a memory access operand at `i`.
fn memory_access(inst: &rspirv::dr::Instruction, i: usize) -> (&'static str, String) {
    let Some(Operand::MemoryAccess(access)) = inst.operands.get(i) else { return ("", String::new()) };
    let volatile = if access.contains(rspirv::spirv::MemoryAccess::VOLATILE) { "volatile " } else { "" };
    let align = if access.contains(rspirv::spirv::MemoryAccess::ALIGNED) {
        literal_at(inst, i + 1).map(|a| format!(", align {a}")).unwrap_or_default()
    } else {
        String::new()
    };
    (volatile, align)
}

/// A constant of `ty` with every element `value` (the scalar itself for scalar types).
fn splat(ty: &Ty, value: &str) -> String {
    match ty {
        Ty::Vector(e, n) => {
            format!("<{}>", (0..*n).map(|_| format!("{} {value}", e.llvm())).collect::<Vec<_>>().join(", "))
        }
        _ => value.to_string(),
    }
}

/// Whether a cast instruction's operand is a constant of the same kind (pointer to pointer, or
/// not a pointer either side): the cast is written as a constant expression, not an instruction.
fn folded_cast(m: &Spirv, inst: &rspirv::dr::Instruction) -> bool {
    let cast = matches!(
        inst.class.opcode,
        Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit
    );
    let Some(c) = id_at(inst, 0).and_then(|id| m.constants.get(&id)) else { return false };
    let to_pointer = inst.result_type.and_then(|t| m.types.get(&t)).is_some_and(Ty::is_pointer);
    cast && c.text != "undef" && c.ty.is_pointer() && to_pointer
}
