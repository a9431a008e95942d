//! Writes the LLVM 14 module of a gathered SPIR-V module, in the form the VC back end reads after
//! Intel's SPIR-V reader adaptor: kernels as `dllexport spir_kernel` functions with the
//! "CMGenxMain" attribute and a `genx.kernels` node (argument kinds from the parameter types or
//! the FuncParamKindINTEL decorations, SLM size, IO kinds, descriptors, named barrier count),
//! surface and sampler parameters as `i32` binding indices, stack calls as "CMStackCall",
//! SIMT calls as "CMGenxSIMT", float control as "CMFloatControl", globals with their byte
//! offsets, and `llvm.genx.*` declarations from the functions imported by LinkageAttributes.
//!
//! The module is written as LLVM text, one line per SPIR-V instruction where it can be, with the
//! word offset of the instruction behind each line ([`Rebuilt::offsets`]), so an error LLVM finds
//! in the text is reported at the SPIR-V word it came from.

use crate::binary::{ExtraDecoration, Located};
use crate::module::{id_at, Function, Spirv};
use crate::types::Ty;
use genxc_diag::Diagnostic;
use rspirv::spirv::{Decoration, ExecutionMode, Op};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

/// The rebuilt module text and, per line, the word offset of the instruction it came from.
pub struct Rebuilt {
    /// LLVM IR text.
    pub text: String,
    /// Word offset per line (0-based lines; 0 where the line is not from one instruction).
    pub offsets: Vec<usize>,
}

/// The text being written and its line offsets.
pub struct Writer {
    text: String,
    offsets: Vec<usize>,
}

impl Writer {
    /// Appends one line (or several, split at newlines) from the instruction at word `offset`.
    pub fn line(&mut self, offset: usize, line: impl AsRef<str>) {
        for l in line.as_ref().split('\n') {
            self.text.push_str(l);
            self.text.push('\n');
            self.offsets.push(offset);
        }
    }
}

/// A kernel to write: its entry point and the function whose body it has.
struct Kernel {
    name: String,
    /// The function with the body (the entry point, or the function the translator's wrapper
    /// calls).
    body: u32,
    /// The entry point function (the wrapper when there is one).
    entry: u32,
    offset: usize,
}

/// Rebuilds `m` as LLVM text.
pub fn rebuild(m: &Spirv) -> Result<Rebuilt, Diagnostic> {
    let mut w = Writer { text: String::new(), offsets: Vec::new() };
    let layout = if m.pointers64 { "e-p:64:64-i64:64-n8:16:32" } else { "e-p:32:32-i64:64-n8:16:32" };
    let triple = if m.pointers64 { "genx64-unknown-unknown" } else { "genx-unknown-unknown" };
    w.line(0, format!("target datalayout = \"{layout}\"\ntarget triple = \"{triple}\""));

    let by_id: HashMap<u32, &Function> = m.functions.iter().map(|f| (f.id, f)).collect();
    let kernels = kernels(m, &by_id)?;
    let kernel_of: HashMap<u32, usize> = kernels.iter().enumerate().map(|(i, k)| (k.body, i)).collect();
    let wrappers: BTreeSet<u32> = kernels.iter().filter(|k| k.entry != k.body).map(|k| k.entry).collect();

    // Function names: kernels by entry point name, imports and exports by linkage name, the rest
    // by OpName (made unique) or their id.
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut used = BTreeSet::new();
    for k in &kernels {
        names.insert(k.body, k.name.clone());
        used.insert(k.name.clone());
    }
    for f in &m.functions {
        if names.contains_key(&f.id) || wrappers.contains(&f.id) {
            continue;
        }
        let base = m
            .linkage(f.id)
            .map(|(n, _)| n)
            .or_else(|| m.names.get(&f.id).cloned())
            .unwrap_or_else(|| format!("f{}", f.id));
        let mut name = base.clone();
        let mut n = 1;
        while !used.insert(name.clone()) {
            name = format!("{base}.{n}");
            n += 1;
        }
        names.insert(f.id, name);
    }
    let mut globals: HashMap<u32, String> = HashMap::new();
    let mut definitions: HashMap<u32, String> = HashMap::new();
    let mut attributes: Vec<String> = Vec::new();
    let mut builtins = HashMap::new();
    // Globals are named first: an initializer may refer to a global defined after it.
    let mut defined = Vec::new();
    for &index in &m.globals {
        let at = &m.insts[index];
        if let Some((id, b)) = crate::builtins::variable(m, at)? {
            builtins.insert(id, b);
            continue;
        }
        let Some(id) = at.inst.result_id else { continue };
        let name = match m.linkage(id) {
            Some((n, _)) => n,
            None => m.names.get(&id).cloned().unwrap_or_else(|| format!("g{id}")),
        };
        // LLVM's own metadata arrays (`llvm.used`, `llvm.global.annotations`) the translator
        // carried as variables: nothing the back end reads, and LLVM gives them a linkage of
        // their own; a use of one is refused as an undefined value.
        if name.starts_with("llvm.") {
            continue;
        }
        let mut unique = name.clone();
        let mut n = 1;
        while !used.insert(unique.clone()) {
            unique = format!("{name}.{n}");
            n += 1;
        }
        // A single-element vector global (rewrite-sev) is defined with its vector type; its uses
        // keep the scalar type through a constant bitcast of its address.
        let defined_name = llvm_name('@', &unique);
        let use_text = match (m.ty(at, at.inst.result_type.unwrap_or(0))?, at.inst.result_type) {
            (Ty::Pointer(pointee, space), Some(_)) => match m.single_element(at, id, pointee)? {
                Some(vector) => {
                    let space = if *space == 0 { String::new() } else { format!(" addrspace({space})") };
                    format!(
                        "bitcast ({}{space}* {defined_name} to {}{space}*)",
                        vector.llvm(),
                        pointee.llvm()
                    )
                }
                None => defined_name.clone(),
            },
            _ => defined_name.clone(),
        };
        globals.insert(id, use_text);
        definitions.insert(id, defined_name);
        defined.push(at);
    }
    for at in defined {
        global(m, at, &mut w, &names, &globals, &definitions, &mut attributes)?;
    }
    let mut intrinsics = BTreeMap::new();
    let mut metadata = Vec::new();
    for f in &m.functions {
        if wrappers.contains(&f.id) {
            continue;
        }
        let kernel = kernel_of.get(&f.id).map(|&i| &kernels[i]);
        let ctx = crate::function::Context {
            m,
            names: &names,
            globals: &globals,
            kernel: kernel.map(|k| k.entry),
            builtins: &builtins,
        };
        let params =
            crate::function::write(&ctx, f, &mut w, &mut intrinsics, &mut attributes, kernel.is_some())?;
        if let Some(k) = kernel {
            metadata.push(kernel_node(m, k, f, &params)?);
        }
    }
    // An intrinsic the module declares itself (an imported function) is not declared twice.
    for (name, decl) in intrinsics {
        if !used.contains(&name) {
            w.line(0, decl);
        }
    }
    for (i, a) in attributes.iter().enumerate() {
        w.line(0, format!("attributes #{i} = {{ {a} }}"));
    }
    if !metadata.is_empty() {
        let mut nodes = Vec::new();
        let mut out = String::new();
        let mut next = 0;
        for (fn_ty, name, kinds, slm, ios, descs, barriers) in metadata {
            let node = next;
            nodes.push(format!("!{node}"));
            let _ = writeln!(
                out,
                "!{node} = !{{{fn_ty}* {}, !\"{}\", !{}, i32 {slm}, i32 0, !{}, !{}, i32 {barriers}}}",
                llvm_name('@', &name),
                escape(&name),
                node + 1,
                node + 2,
                node + 3
            );
            let list = |v: &[u32]| v.iter().map(|k| format!("i32 {k}")).collect::<Vec<_>>().join(", ");
            let _ = writeln!(out, "!{} = !{{{}}}", node + 1, list(&kinds));
            let _ = writeln!(out, "!{} = !{{{}}}", node + 2, list(&ios));
            let descs = descs.iter().map(|d| format!("!\"{}\"", escape(d))).collect::<Vec<_>>().join(", ");
            let _ = writeln!(out, "!{} = !{{{descs}}}", node + 3);
            next += 4;
        }
        w.line(0, format!("!genx.kernels = !{{{}}}", nodes.join(", ")));
        w.line(0, out.trim_end());
    }
    Ok(Rebuilt { text: w.text, offsets: w.offsets })
}

/// A `genx.kernels` node's parts: function type, name, argument kinds, SLM size, IO kinds,
/// descriptors, named barrier count.
type KernelNode = (String, String, Vec<u32>, u32, Vec<u32>, Vec<String>, u32);

/// The kernels of `m`: each entry point, with the translator's wrapper (a body that only calls
/// one function with the wrapper's parameters) looked through to the function it calls.
fn kernels(m: &Spirv, by_id: &HashMap<u32, &Function>) -> Result<Vec<Kernel>, Diagnostic> {
    let mut out = Vec::new();
    for e in &m.entry_points {
        let Some(f) = by_id.get(&e.function) else {
            return Err(crate::binary::at_word(
                m.file,
                e.offset,
                format!("entry point {:?} names %{}, not a function", e.name, e.function),
            ));
        };
        if !f.defined {
            return Err(crate::binary::at_word(
                m.file,
                e.offset,
                format!("entry point {:?} has no body", e.name),
            ));
        }
        let body =
            wrapped(m, f).filter(|callee| by_id.get(callee).is_some_and(|c| c.defined)).unwrap_or(f.id);
        out.push(Kernel { name: e.name.clone(), body, entry: f.id, offset: e.offset });
    }
    let mut bodies = BTreeSet::new();
    for k in &out {
        if !bodies.insert(k.body) {
            return Err(crate::binary::at_word(
                m.file,
                k.offset,
                format!("two entry points share the body of kernel {:?}", k.name),
            ));
        }
    }
    Ok(out)
}

/// The function the translator's kernel wrapper `f` calls: its body is one block holding only
/// `OpFunctionCall %callee <f's parameters in order>` and `OpReturn`.
fn wrapped(m: &Spirv, f: &Function) -> Option<u32> {
    let body: Vec<&Located> = m.insts[f.start..f.end]
        .iter()
        .filter(|l| {
            !matches!(
                l.inst.class.opcode,
                Op::Function | Op::FunctionParameter | Op::FunctionEnd | Op::Line | Op::NoLine
            )
        })
        .collect();
    let [label, call, ret] = body.as_slice() else { return None };
    if label.inst.class.opcode != Op::Label
        || call.inst.class.opcode != Op::FunctionCall
        || ret.inst.class.opcode != Op::Return
    {
        return None;
    }
    let args: Vec<u32> = (1..call.inst.operands.len()).filter_map(|i| id_at(&call.inst, i)).collect();
    (args == f.params).then(|| id_at(&call.inst, 0)).flatten()
}

/// The `genx.kernels` node of kernel `k` whose body is `f`; `params` are the written parameter
/// types.
fn kernel_node(m: &Spirv, k: &Kernel, f: &Function, params: &[Ty]) -> Result<KernelNode, Diagnostic> {
    let declared = match m.types.get(&f.ty) {
        Some(Ty::Function(_, ps)) => ps.clone(),
        _ => Vec::new(),
    };
    let entry_params: Vec<u32> =
        m.functions.iter().find(|g| g.id == k.entry).map(|g| g.params.clone()).unwrap_or_default();
    let mut kinds = Vec::new();
    let mut ios = Vec::new();
    let mut descs = Vec::new();
    for (i, &p) in f.params.iter().enumerate() {
        // Decorations may be on the wrapper's parameter or the body's.
        let ids: Vec<u32> = std::iter::once(p).chain(entry_params.get(i).copied()).collect();
        let extra = |pick: &dyn Fn(&ExtraDecoration) -> Option<ExtraDecoration>| {
            ids.iter().find_map(|id| m.extra.get(id).and_then(|ds| ds.iter().find_map(pick)))
        };
        let resource = declared.get(i).and_then(|t| t.resource());
        let kind = match extra(&|d| matches!(d, ExtraDecoration::ParamKind(_)).then(|| d.clone())) {
            Some(ExtraDecoration::ParamKind(k)) => k,
            _ => resource.map_or(0, |r| r.kind),
        };
        let media_block = ids.iter().any(|&id| m.has_decoration(id, Decoration::MediaBlockIOINTEL));
        let desc = match extra(&|d| matches!(d, ExtraDecoration::ParamDesc(_)).then(|| d.clone())) {
            Some(ExtraDecoration::ParamDesc(s)) => s,
            _ => match resource {
                Some(r) if media_block && r.base == "image2d_t" => {
                    format!("image2d_media_block_t {}", r.access.unwrap_or("read_write"))
                }
                Some(r) => r.desc(),
                // Pointers in the global address spaces are SVM arguments.
                None => match declared.get(i) {
                    Some(Ty::Pointer(_, 1 | 2)) => "svmptr_t".into(),
                    _ => String::new(),
                },
            },
        };
        let io = ids
            .iter()
            .find_map(|&id| m.decoration_literal(id, Decoration::FuncParamIOKindINTEL))
            .unwrap_or(0);
        kinds.push(kind);
        ios.push(io as u32);
        descs.push(desc);
    }
    let mode = |wanted: ExecutionMode| {
        [k.entry, k.body].iter().find_map(|id| {
            m.modes
                .get(id)
                .and_then(|ms| ms.iter().find(|(x, _)| *x == wanted))
                .and_then(|(_, v)| v.first().copied())
        })
    };
    let slm = mode(ExecutionMode::SharedLocalMemorySizeINTEL).unwrap_or(0);
    let barriers = mode(ExecutionMode::NamedBarrierCountINTEL).unwrap_or(0);
    let fn_ty = format!("void ({})", params.iter().map(Ty::llvm).collect::<Vec<_>>().join(", "));
    Ok((fn_ty, k.name.clone(), kinds, slm, ios, descs, barriers))
}

/// The "CMFloatControl" value of a kernel's float execution modes or a function's float control
/// decorations (VC's encoding: float mode in bit 0, rounding mode in bits 4-5 as RTE 0, RTP 1,
/// RTN 2, RTZ 3, retained denormals for double, float and half in bits 6, 7 and 10), or `None`
/// without float control.
pub(crate) fn float_control(m: &Spirv, ids: &[u32]) -> Option<u32> {
    let mut value = 0u32;
    let mut any = false;
    for id in ids {
        for (mode, lits) in m.modes.get(id).into_iter().flatten() {
            let width = lits.first().copied().unwrap_or(0);
            let denorm_bit = match width {
                64 => 1 << 6,
                32 => 1 << 7,
                16 => 1 << 10,
                _ => 0,
            };
            match mode {
                ExecutionMode::RoundingModeRTE => value &= !0x30,
                ExecutionMode::RoundingModeRTPINTEL => value = (value & !0x30) | 0x10,
                ExecutionMode::RoundingModeRTNINTEL => value = (value & !0x30) | 0x20,
                ExecutionMode::RoundingModeRTZ => value = (value & !0x30) | 0x30,
                ExecutionMode::DenormPreserve => value |= denorm_bit,
                ExecutionMode::DenormFlushToZero => value &= !denorm_bit,
                ExecutionMode::FloatingPointModeALTINTEL => value |= 1,
                ExecutionMode::FloatingPointModeIEEEINTEL => value &= !1,
                _ => continue,
            }
            any = true;
        }
        // Functions other than kernels carry it as SPV_INTEL_float_controls2 decorations:
        // (width, mode) pairs with the FPRoundingMode, FPDenormMode and FPOperationMode numbers.
        for (decoration, ops) in m.decorations.get(id).into_iter().flatten() {
            let width = ops.first().and_then(crate::module::operand_number).unwrap_or(0);
            let Some(mode) = ops.get(1).and_then(crate::module::operand_number) else { continue };
            let denorm_bit = match width {
                64 => 1 << 6,
                32 => 1 << 7,
                16 => 1 << 10,
                _ => 0,
            };
            match decoration {
                // RTE, RTZ, RTP, RTN
                Decoration::FunctionRoundingModeINTEL => {
                    value = (value & !0x30) | [0, 0x30, 0x10, 0x20].get(mode as usize).copied().unwrap_or(0)
                }
                // Preserve, FlushToZero
                Decoration::FunctionDenormModeINTEL if mode == 0 => value |= denorm_bit,
                Decoration::FunctionDenormModeINTEL => value &= !denorm_bit,
                // IEEE, ALT
                Decoration::FunctionFloatingPointModeINTEL => value = (value & !1) | u32::from(mode == 1),
                _ => continue,
            }
            any = true;
        }
    }
    any.then_some(value)
}

/// Writes a module-scope OpVariable as an LLVM global.
fn global(
    m: &Spirv,
    at: &Located,
    w: &mut Writer,
    names: &HashMap<u32, String>,
    globals: &HashMap<u32, String>,
    definitions: &HashMap<u32, String>,
    attributes: &mut Vec<String>,
) -> Result<(), Diagnostic> {
    let inst = &at.inst;
    let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
        return Err(m.error(at, "OpVariable without a result"));
    };
    let Ty::Pointer(pointee, space) = m.ty(at, ty)?.clone() else {
        return Err(m.error(at, "OpVariable's type is not a pointer"));
    };
    let scalar = (*pointee).clone();
    let single_element = m.single_element(at, id, &scalar)?;
    let pointee = Box::new(single_element.clone().unwrap_or(scalar.clone()));
    let import = m.linkage(id).is_some_and(|(_, import)| import);
    let linkage = if import {
        "external "
    } else if m.linkage(id).is_some() {
        ""
    } else {
        "internal "
    };
    let constant = if m.has_decoration(id, Decoration::Constant) { "constant" } else { "global" };
    let init = if import {
        String::new()
    } else {
        match id_at(inst, 1) {
            Some(c) => match m.constants.get(&c) {
                Some(c) => {
                    let text = resolve(&c.text, names, globals);
                    match &single_element {
                        Some(_) if matches!(text.as_str(), "undef" | "zeroinitializer" | "null") => {
                            format!(" {text}")
                        }
                        Some(Ty::Vector(e, 1)) => format!(" <{} {text}>", e.llvm()),
                        Some(v) => format!(" bitcast ({} {text} to {})", scalar.llvm(), v.llvm()),
                        None => format!(" {text}"),
                    }
                }
                None => return Err(m.error(at, format!("initializer %{c} is not a constant"))),
            },
            None => " undef".into(),
        }
    };
    let mut attrs = Vec::new();
    if let Some(offset) = m.decoration_literal(id, Decoration::GlobalVariableOffsetINTEL) {
        attrs.push(format!("\"genx_byte_offset\"=\"{offset}\""));
    }
    if m.has_decoration(id, Decoration::Volatile) {
        attrs.push("\"genx_volatile\"".into());
    }
    let attr_ref = if attrs.is_empty() {
        String::new()
    } else {
        attributes.push(attrs.join(" "));
        format!(" #{}", attributes.len() - 1)
    };
    let align =
        m.decoration_literal(id, Decoration::Alignment).map(|a| format!(", align {a}")).unwrap_or_default();
    let space = if space == 0 { String::new() } else { format!("addrspace({space}) ") };
    w.line(
        at.offset,
        format!(
            "{} = {linkage}{space}{constant} {}{init}{align}{attr_ref}",
            definitions[&id],
            pointee.llvm()
        ),
    );
    Ok(())
}

/// An LLVM global (`@`) or local (`%`) name: bare when LLVM reads it so (letters, digits, `$`, `.`,
/// `_`, not starting with a digit), quoted otherwise. Bare names are what diagnostics of later
/// stages find in the text.
pub(crate) fn llvm_name(sigil: char, name: &str) -> String {
    let bare = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || "$._".contains(c))
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "$._".contains(c));
    if bare {
        format!("{sigil}{name}")
    } else {
        format!("{sigil}\"{}\"", escape(name))
    }
}

/// A string as an LLVM quoted name or metadata string body.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            let _ = write!(out, "\\{b:02X}");
        } else {
            out.push(b as char);
        }
    }
    out
}

/// A constant's text with its marked references to globals and functions
/// ([`crate::module::mark`]) replaced by their LLVM names.
pub fn resolve(text: &str, names: &HashMap<u32, String>, globals: &HashMap<u32, String>) -> String {
    use crate::module::MARK;
    if !text.contains(MARK) {
        return text.to_string();
    }
    let mut out = String::new();
    for (i, part) in text.split(MARK).enumerate() {
        if i % 2 == 0 {
            out.push_str(part);
            continue;
        }
        let id = part.get(1..).and_then(|n| n.parse::<u32>().ok()).unwrap_or(0);
        let name = match part.as_bytes().first() {
            Some(b'g') => globals.get(&id).cloned(),
            _ => names.get(&id).map(|n| llvm_name('@', n)),
        };
        // An id that is no global or named function stays a reference LLVM reports as undefined.
        out.push_str(&name.unwrap_or_else(|| format!("@\"no function or global %{id}\"")));
    }
    out
}
