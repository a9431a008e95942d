//! The module-level view of a parsed SPIR-V module: its capabilities, types, constants, global
//! variables, decorations, names, entry points and execution modes, gathered by id, and the
//! functions as ranges of instructions. [`crate::rebuild`] writes the LLVM module from it.

use crate::binary::{at_word, Binary, ExtraDecoration, Located};
use crate::types::{access_word, address_space, resource_of_image, resource_of_opaque, Resource, Ty};
use genxc_diag::{unsupported, Diagnostic};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, ExecutionMode, Op};
use std::collections::HashMap;

/// A defined value's place: a global (function or variable), a constant, or a local.
#[derive(Clone, Debug)]
pub struct Constant {
    /// The constant's type.
    pub ty: Ty,
    /// Its LLVM constant text without the type (`3`, `0x3FF0000000000000`, `<i32 1, i32 2>`).
    pub text: String,
}

/// An OpAsmINTEL: one inline assembly statement, called by OpAsmCallINTEL.
#[derive(Clone, Debug)]
pub struct InlineAsm {
    /// The statement's function type (result and operands).
    pub ty: Ty,
    /// The assembly template (vISA text with `$N` operands).
    pub template: String,
    /// The LLVM constraint string.
    pub constraints: String,
    /// Whether it has side effects (the SideEffectsINTEL decoration).
    pub side_effects: bool,
}

/// One OpFunction: where its instructions are and what it is.
#[derive(Clone, Debug)]
pub struct Function {
    /// The function's result id.
    pub id: u32,
    /// Index of its OpFunction in [`Spirv::insts`].
    pub start: usize,
    /// Index one past its OpFunctionEnd.
    pub end: usize,
    /// The function type's id.
    pub ty: u32,
    /// The FunctionControl mask.
    pub control: u32,
    /// Parameter ids in order.
    pub params: Vec<u32>,
    /// Whether it has a body (an OpLabel).
    pub defined: bool,
}

/// An OpEntryPoint Kernel.
#[derive(Clone, Debug)]
pub struct EntryPoint {
    /// The entry function id.
    pub function: u32,
    /// The kernel name.
    pub name: String,
    /// Word offset of the OpEntryPoint.
    pub offset: usize,
}

/// The parsed module, gathered by id.
pub struct Spirv<'a> {
    /// The file name for diagnostics.
    pub file: &'a str,
    /// The instructions in module order.
    pub insts: Vec<Located>,
    /// Whether pointers are 64-bit (Physical64 addressing).
    pub pointers64: bool,
    /// Types by id.
    pub types: HashMap<u32, Ty>,
    /// Constants (and OpUndef) by id.
    pub constants: HashMap<u32, Constant>,
    /// OpName by id.
    pub names: HashMap<u32, String>,
    /// Decorations by target id: the decoration and its literal operands.
    pub decorations: HashMap<u32, Vec<(Decoration, Vec<Operand>)>>,
    /// The translator's decorations rspirv does not know, by target id.
    pub extra: HashMap<u32, Vec<ExtraDecoration>>,
    /// Functions by id.
    pub functions: Vec<Function>,
    /// Kernel entry points.
    pub entry_points: Vec<EntryPoint>,
    /// Execution modes by function id: the mode and its literal operands.
    pub modes: HashMap<u32, Vec<(ExecutionMode, Vec<u32>)>>,
    /// Result types of every instruction with a result, by result id.
    pub result_types: HashMap<u32, u32>,
    /// The ids of OpExtInstImport "OpenCL.std".
    pub opencl_std: Vec<u32>,
    /// The ids of the imported instruction sets without semantics (debug information,
    /// `NonSemantic.*`): their instructions are left out.
    pub debug_info: Vec<u32>,
    /// Indices of module-scope OpVariable instructions.
    pub globals: Vec<usize>,
    /// Ids of module-scope OpVariable instructions.
    pub global_ids: std::collections::HashSet<u32>,
    /// Values given to specialization constants, by SpecId, as written.
    pub spec: HashMap<u32, String>,
    /// The SpecIds the module's specialization constants have.
    pub spec_ids: std::collections::HashSet<u32>,
    /// The number of parts and the nesting depth of each type, by id.
    pub type_sizes: HashMap<u32, (usize, usize)>,
    /// The Offset member decorations: struct id, member index, byte offset, and the word of the
    /// decorating instruction; checked against LLVM's layout once the types are known.
    pub member_offsets: Vec<(u32, u32, u64, usize)>,
    /// The inline assembly statements (OpAsmINTEL), by id.
    pub asms: HashMap<u32, InlineAsm>,
}

/// What marks a reference to a global (`g`) or function (`f`) by id in a constant's text, resolved
/// to its LLVM name once names are given ([`crate::rebuild::resolve`]).
pub const MARK: char = '\u{1}';

/// The marked reference to a global or function in a constant's text.
pub fn mark(kind: char, id: u32) -> String {
    format!("{MARK}{kind}{id}{MARK}")
}

/// The id operand at `i`.
pub fn id_at(inst: &Instruction, i: usize) -> Option<u32> {
    match inst.operands.get(i)? {
        Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => Some(*id),
        _ => None,
    }
}

/// The 32-bit literal operand at `i`.
pub fn literal_at(inst: &Instruction, i: usize) -> Option<u32> {
    match inst.operands.get(i)? {
        Operand::LiteralBit32(v) => Some(*v),
        _ => None,
    }
}

/// A literal operand as a number, whatever rspirv decoded it as.
pub fn operand_number(op: &Operand) -> Option<u64> {
    match op {
        Operand::LiteralBit32(v) => Some(u64::from(*v)),
        Operand::LiteralBit64(v) => Some(*v),
        Operand::AccessQualifier(a) => Some(*a as u64),
        Operand::FPRoundingMode(m) => Some(*m as u64),
        Operand::FPDenormMode(m) => Some(*m as u64),
        Operand::FPOperationMode(m) => Some(*m as u64),
        Operand::FunctionParameterAttribute(a) => Some(*a as u64),
        _ => None,
    }
}

impl<'a> Spirv<'a> {
    /// An error at instruction `inst`'s word offset.
    pub fn error(&self, at: &Located, message: impl std::fmt::Display) -> Diagnostic {
        at_word(self.file, at.offset, message)
    }

    /// An unsupported construct at instruction `inst`'s word offset.
    pub fn unsupported(&self, at: &Located, what: impl std::fmt::Display) -> Diagnostic {
        Diagnostic::error(unsupported(format!("{}: SPIR-V at word {}: {what}", self.file, at.offset)))
    }

    /// The type of id `id`, or an error at `at` naming the id.
    pub fn ty(&self, at: &Located, id: u32) -> Result<&Ty, Diagnostic> {
        self.types
            .get(&id)
            .ok_or_else(|| self.error(at, format!("%{id} is not a type defined before its use")))
    }

    /// Whether `id` carries decoration `d`.
    pub fn has_decoration(&self, id: u32, d: Decoration) -> bool {
        self.decorations.get(&id).is_some_and(|ds| ds.iter().any(|(x, _)| *x == d))
    }

    /// The first literal operand of decoration `d` on `id`.
    pub fn decoration_literal(&self, id: u32, d: Decoration) -> Option<u64> {
        self.decorations
            .get(&id)?
            .iter()
            .find(|(x, _)| *x == d)
            .and_then(|(_, ops)| ops.first().and_then(operand_number))
    }

    /// The single-element vector type the value `id` of type `t` was, if it carries the
    /// SingleElementVectorINTEL decoration (the writer adaptor's rewrite-sev); an error at `at`
    /// when `t` cannot have been one.
    pub fn single_element(&self, at: &Located, id: u32, t: &Ty) -> Result<Option<Ty>, Diagnostic> {
        let Some(inner) = self.extra.get(&id).and_then(|ds| {
            ds.iter().find_map(|d| match d {
                ExtraDecoration::SingleElementVector(n) => Some(*n),
                _ => None,
            })
        }) else {
            return Ok(None);
        };
        // A module written with VectorAnyINTEL keeps the vector of one component itself (the
        // decoration marks it then): nothing to give back.
        let mut bottom = t;
        while let Ty::Pointer(p, _) = bottom {
            bottom = p;
        }
        if matches!(bottom, Ty::Vector(_, 1)) {
            return Ok(None);
        }
        crate::types::single_element(t, inner).map(Some).ok_or_else(|| {
            self.error(
                at,
                format!(
                    "SingleElementVectorINTEL {inner} on %{id} of type {}: not a scalar under that many pointers",
                    t.llvm()
                ),
            )
        })
    }

    /// The import or export name of `id` (LinkageAttributes) and whether it is an import.
    pub fn linkage(&self, id: u32) -> Option<(String, bool)> {
        let (_, ops) =
            self.decorations.get(&id)?.iter().find(|(x, _)| *x == Decoration::LinkageAttributes)?;
        let name = match ops.first()? {
            Operand::LiteralString(s) => s.clone(),
            _ => return None,
        };
        let import = matches!(ops.get(1), Some(Operand::LinkageType(rspirv::spirv::LinkageType::Import)));
        Some((name, import))
    }

    /// The type of the value `id` (the result type of its defining instruction).
    pub fn value_ty(&self, at: &Located, id: u32) -> Result<&Ty, Diagnostic> {
        if let Some(c) = self.constants.get(&id) {
            return Ok(&c.ty);
        }
        let t = self
            .result_types
            .get(&id)
            .ok_or_else(|| self.error(at, format!("%{id} is not a defined value")))?;
        self.ty(at, *t)
    }
}

/// Gathers the module-level facts of `binary`.
pub fn gather<'a>(file: &'a str, binary: Binary, spec: &[(u32, String)]) -> Result<Spirv<'a>, Diagnostic> {
    let mut m = Spirv {
        file,
        insts: binary.insts,
        pointers64: true,
        types: HashMap::new(),
        constants: HashMap::new(),
        names: HashMap::new(),
        decorations: HashMap::new(),
        extra: HashMap::new(),
        functions: Vec::new(),
        entry_points: Vec::new(),
        modes: HashMap::new(),
        result_types: HashMap::new(),
        opencl_std: Vec::new(),
        debug_info: Vec::new(),
        globals: Vec::new(),
        global_ids: std::collections::HashSet::new(),
        spec: spec.iter().cloned().collect(),
        spec_ids: std::collections::HashSet::new(),
        type_sizes: HashMap::new(),
        member_offsets: Vec::new(),
        asms: HashMap::new(),
    };
    for (target, d, _) in binary.extra {
        m.extra.entry(target).or_default().push(d);
    }
    let mut defined: std::collections::HashSet<u32> = binary.asm_targets.iter().copied().collect();
    let mut memory_model = false;
    let mut open: Option<Function> = None;
    // Media block images are images whose parameter carries MediaBlockIOINTEL: the types come
    // before, so remember which parameter ids have it (decorations come first).
    let insts = std::mem::take(&mut m.insts);
    for (index, at) in insts.iter().enumerate() {
        let inst = &at.inst;
        if let Some(id) = inst.result_id {
            if !defined.insert(id) {
                return Err(m.error(at, format!("%{id} is defined twice")));
            }
            if let Some(t) = inst.result_type {
                m.result_types.insert(id, t);
            }
        }
        match inst.class.opcode {
            Op::MemoryModel => {
                memory_model = true;
                m.pointers64 = match inst.operands.first() {
                    Some(Operand::AddressingModel(rspirv::spirv::AddressingModel::Physical32)) => false,
                    Some(Operand::AddressingModel(rspirv::spirv::AddressingModel::Physical64)) => true,
                    other => {
                        return Err(m.unsupported(
                            at,
                            format!("addressing model {other:?} (kernels use Physical32 or Physical64)"),
                        ))
                    }
                };
            }
            Op::ExtInstImport => {
                if let (Some(Operand::LiteralString(s)), Some(id)) = (inst.operands.first(), inst.result_id) {
                    if s == "OpenCL.std" {
                        m.opencl_std.push(id);
                    } else if s.starts_with("OpenCL.DebugInfo.") || s.starts_with("NonSemantic.") {
                        m.debug_info.push(id);
                    }
                }
            }
            Op::EntryPoint => {
                let model = inst.operands.first();
                let (Some(function), Some(Operand::LiteralString(name))) =
                    (id_at(inst, 1), inst.operands.get(2))
                else {
                    return Err(m.error(at, "OpEntryPoint without a function and a name"));
                };
                if !matches!(model, Some(Operand::ExecutionModel(rspirv::spirv::ExecutionModel::Kernel))) {
                    return Err(m.unsupported(
                        at,
                        format!("entry point {name:?} of execution model {model:?}: only Kernel"),
                    ));
                }
                m.entry_points.push(EntryPoint { function, name: name.clone(), offset: at.offset });
            }
            Op::ExecutionMode => {
                let (Some(f), Some(Operand::ExecutionMode(mode))) = (id_at(inst, 0), inst.operands.get(1))
                else {
                    return Err(m.error(at, "OpExecutionMode without a function and a mode"));
                };
                let literals =
                    inst.operands[2..].iter().filter_map(operand_number).map(|v| v as u32).collect();
                m.modes.entry(f).or_default().push((*mode, literals));
            }
            Op::Name => {
                if let (Some(id), Some(Operand::LiteralString(s))) = (id_at(inst, 0), inst.operands.get(1)) {
                    m.names.insert(id, s.clone());
                }
            }
            Op::Decorate => {
                let (Some(id), Some(Operand::Decoration(d))) = (id_at(inst, 0), inst.operands.get(1)) else {
                    return Err(m.error(at, "OpDecorate without a target and a decoration"));
                };
                m.decorations.entry(id).or_default().push((*d, inst.operands[2..].to_vec()));
            }
            // A decoration group's decorations (given before it is applied) go to each target.
            Op::DecorationGroup => {}
            Op::GroupDecorate => {
                let Some(group) = id_at(inst, 0) else {
                    return Err(m.error(at, "OpGroupDecorate without a group"));
                };
                let decorations = m.decorations.get(&group).cloned().unwrap_or_default();
                let extra = m.extra.get(&group).cloned().unwrap_or_default();
                for target in (1..inst.operands.len()).filter_map(|i| id_at(inst, i)) {
                    m.decorations.entry(target).or_default().extend(decorations.iter().cloned());
                    m.extra.entry(target).or_default().extend(extra.iter().cloned());
                }
            }
            // Member decorations: Offset is checked against LLVM's layout of the struct (after the
            // types); the others (NonWritable, alignment hints, ...) carry nothing the rebuilt
            // module needs and are read only.
            Op::MemberDecorate => {
                let (Some(id), Some(member), Some(Operand::Decoration(d))) =
                    (id_at(inst, 0), literal_at(inst, 1), inst.operands.get(2))
                else {
                    return Err(
                        m.error(at, "OpMemberDecorate without a structure, a member and a decoration")
                    );
                };
                if *d == Decoration::Offset {
                    let offset = inst.operands.get(3).and_then(operand_number);
                    let offset =
                        offset.ok_or_else(|| m.error(at, "the Offset decoration without a byte offset"))?;
                    m.member_offsets.push((id, member, offset, at.offset));
                }
            }
            Op::GroupMemberDecorate => {
                let Some(group) = id_at(inst, 0) else {
                    return Err(m.error(at, "OpGroupMemberDecorate without a group"));
                };
                let offset = m.decoration_literal(group, Decoration::Offset);
                if (inst.operands.len() - 1) % 2 != 0 {
                    return Err(m.error(at, "OpGroupMemberDecorate with a structure without its member"));
                }
                for pair in inst.operands[1..].chunks(2) {
                    let (Operand::IdRef(id), Operand::LiteralBit32(member)) = (&pair[0], &pair[1]) else {
                        return Err(
                            m.error(at, "OpGroupMemberDecorate's targets are not structure-member pairs")
                        );
                    };
                    if let Some(offset) = offset {
                        m.member_offsets.push((*id, *member, offset, at.offset));
                    }
                }
            }
            Op::Function => {
                if open.is_some() {
                    return Err(m.error(at, "OpFunction inside a function"));
                }
                let (Some(id), Some(Operand::FunctionControl(control)), Some(ty)) =
                    (inst.result_id, inst.operands.first(), id_at(inst, 1))
                else {
                    return Err(m.error(at, "OpFunction without a result, a control mask and a type"));
                };
                open = Some(Function {
                    id,
                    start: index,
                    end: index,
                    ty,
                    control: control.bits(),
                    params: Vec::new(),
                    defined: false,
                });
            }
            Op::FunctionParameter => match (&mut open, inst.result_id) {
                (Some(f), Some(id)) if !f.defined => f.params.push(id),
                _ => return Err(m.error(at, "OpFunctionParameter outside a function's header")),
            },
            Op::Label => match &mut open {
                Some(f) => f.defined = true,
                None => return Err(m.error(at, "OpLabel outside a function")),
            },
            Op::FunctionEnd => match open.take() {
                Some(mut f) => {
                    f.end = index + 1;
                    m.functions.push(f);
                }
                None => return Err(m.error(at, "OpFunctionEnd without OpFunction")),
            },
            Op::Variable if open.is_none() => {
                m.globals.push(index);
                m.global_ids.extend(inst.result_id);
            }
            _ if open.is_none() => type_or_constant(&mut m, at)?,
            _ => {}
        }
    }
    if open.is_some() {
        let offset = insts.last().map_or(5, |l| l.offset);
        return Err(at_word(file, offset, "the module ends inside a function (no OpFunctionEnd)"));
    }
    if let Some((id, _)) = spec.iter().find(|(id, _)| !m.spec_ids.contains(id)) {
        return Err(Diagnostic::error(format!("{file}: no specialization constant has SpecId {id}")));
    }
    if !memory_model {
        return Err(at_word(file, 5, "the module has no OpMemoryModel"));
    }
    for &(id, member, offset, word) in &m.member_offsets {
        check_member_offset(&m, id, member, offset, word)?;
    }
    m.insts = insts;
    Ok(m)
}

/// Checks the Offset decoration of member `member` of structure `id` (from the instruction at
/// `word`) against the byte offset LLVM's layout gives that member in the rebuilt module.
fn check_member_offset(m: &Spirv, id: u32, member: u32, offset: u64, word: usize) -> Result<(), Diagnostic> {
    let Some(Ty::Struct(members)) = m.types.get(&id) else {
        return Err(at_word(
            m.file,
            word,
            format!("the member decoration's target %{id} is not a structure type"),
        ));
    };
    let Some(ty) = members.get(member as usize) else {
        return Err(at_word(
            m.file,
            word,
            format!("member {member} of %{id} decorated, the structure has {} members", members.len()),
        ));
    };
    let mut at = 0u64;
    for (i, t) in members.iter().enumerate() {
        let Some((size, align)) = crate::types::layout(t, m.pointers64) else {
            return Err(Diagnostic::error(unsupported(format!(
                "{}: SPIR-V at word {word}: the Offset of a member of a structure holding {} (no memory layout)",
                m.file,
                t.llvm()
            ))));
        };
        let aligned = crate::types::align_to(at, align).and_then(|a| {
            if i == member as usize {
                Some(a)
            } else {
                a.checked_add(size)
            }
        });
        let Some(aligned) = aligned else {
            return Err(Diagnostic::error(unsupported(format!(
                "{}: SPIR-V at word {word}: a structure larger than 2^64 bytes",
                m.file
            ))));
        };
        at = aligned;
        if i == member as usize {
            break;
        }
    }
    if at != offset {
        return Err(Diagnostic::error(unsupported(format!(
            "{}: SPIR-V at word {word}: member {member} ({}) of %{id} has Offset {offset}, LLVM's layout of {} puts it at byte {at}",
            m.file,
            ty.llvm(),
            Ty::Struct(members.clone()).llvm()
        ))));
    }
    Ok(())
}

/// Records a module-scope type or constant instruction.
fn type_or_constant(m: &mut Spirv, at: &Located) -> Result<(), Diagnostic> {
    let inst = &at.inst;
    let Some(id) = inst.result_id else { return Ok(()) };
    // Composite types are measured before they are built (members are cloned into them).
    if matches!(
        inst.class.opcode,
        Op::TypeVector | Op::TypeArray | Op::TypeStruct | Op::TypePointer | Op::TypeFunction
    ) {
        let parts: Vec<u32> = (0..inst.operands.len())
            .filter_map(|i| id_at(inst, i))
            .filter(|p| inst.class.opcode != Op::TypeArray || m.types.contains_key(p))
            .collect();
        check_type_size(m, at, id, &parts)?;
    }
    let lit = |i| literal_at(inst, i).ok_or_else(|| m.error(at, format!("operand {i} is not a literal")));
    let ty = match inst.class.opcode {
        Op::TypeVoid => Ty::Void,
        Op::TypeBool => Ty::Bool,
        Op::TypeInt => match lit(0)? {
            w @ (8 | 16 | 32 | 64) => Ty::Int(w),
            w => return Err(m.unsupported(at, format!("{w}-bit integers"))),
        },
        Op::TypeFloat => match lit(0)? {
            w @ (16 | 32 | 64) => Ty::Float(w),
            w => return Err(m.unsupported(at, format!("{w}-bit floats"))),
        },
        Op::TypeVector => {
            let e = m.ty(at, id_at(inst, 0).unwrap_or(0))?.clone();
            let n = lit(1)?;
            if n == 0 || !matches!(e, Ty::Int(_) | Ty::Float(_) | Ty::Bool | Ty::Pointer(..)) {
                return Err(m.error(at, "a vector needs a scalar element type and a count of at least 1"));
            }
            if u64::from(n) > genxc_frontend::limits::MAX_VECTOR_ELEMS {
                return Err(m.unsupported(
                    at,
                    format!(
                        "a vector of {n} elements (GenX vectors have at most {})",
                        genxc_frontend::limits::MAX_VECTOR_ELEMS
                    ),
                ));
            }
            Ty::Vector(Box::new(e), n)
        }
        Op::TypeArray => {
            let e = m.ty(at, id_at(inst, 0).unwrap_or(0))?.clone();
            let len =
                id_at(inst, 1).and_then(|c| m.constants.get(&c)).and_then(|c| c.text.parse::<u64>().ok());
            let Some(len) = len else {
                return Err(m.error(at, "an array's length is not an integer constant"));
            };
            Ty::Array(Box::new(e), len)
        }
        Op::TypeStruct => {
            let mut members = Vec::new();
            for i in 0..inst.operands.len() {
                members.push(m.ty(at, id_at(inst, i).unwrap_or(0))?.clone());
            }
            Ty::Struct(members)
        }
        Op::TypePointer => {
            let class = match inst.operands.first() {
                Some(Operand::StorageClass(c)) => *c as u32,
                _ => return Err(m.error(at, "OpTypePointer without a storage class")),
            };
            let space = address_space(class)
                .ok_or_else(|| m.unsupported(at, format!("pointers of storage class {class}")))?;
            let pointee = m.ty(at, id_at(inst, 1).unwrap_or(0))?.clone();
            Ty::Pointer(Box::new(pointee), space)
        }
        Op::TypeFunction => {
            let ret = m.ty(at, id_at(inst, 0).unwrap_or(0))?.clone();
            let mut params = Vec::new();
            for i in 1..inst.operands.len() {
                params.push(m.ty(at, id_at(inst, i).unwrap_or(0))?.clone());
            }
            Ty::Function(Box::new(ret), params)
        }
        Op::TypeOpaque => match inst.operands.first() {
            Some(Operand::LiteralString(name)) => match resource_of_opaque(name) {
                Some(r) => Ty::Resource(r),
                None => Ty::Opaque(name.clone()),
            },
            _ => return Err(m.error(at, "OpTypeOpaque without a name")),
        },
        Op::TypeBufferSurfaceINTEL => {
            let access = match inst.operands.first() {
                Some(Operand::AccessQualifier(a)) => access_word(*a as u32),
                _ => None,
            };
            let access =
                access.ok_or_else(|| m.error(at, "OpTypeBufferSurfaceINTEL without an access qualifier"))?;
            Ty::Resource(Resource { kind: 2, base: "buffer_t", access: Some(access) })
        }
        Op::TypeSampler => Ty::Resource(Resource { kind: 1, base: "sampler_t", access: None }),
        Op::TypeImage => {
            let dim = match inst.operands.get(1) {
                Some(Operand::Dim(d)) => *d as u32,
                _ => return Err(m.error(at, "OpTypeImage without a dimensionality")),
            };
            let arrayed = lit(3)? == 1;
            let access = match inst.operands.get(7) {
                Some(Operand::AccessQualifier(a)) => *a as u32,
                _ => 0,
            };
            // Media block images are told by their parameter's MediaBlockIOINTEL decoration,
            // which rebuild applies per parameter.
            Ty::Resource(
                resource_of_image(dim, arrayed, access, false)
                    .ok_or_else(|| m.unsupported(at, format!("images of Dim {dim} (arrayed: {arrayed})")))?,
            )
        }
        Op::Constant | Op::SpecConstant => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            let mut value = inst
                .operands
                .first()
                .and_then(operand_number)
                .ok_or_else(|| m.error(at, "a constant without a value"))?;
            if let Some(given) = spec_value(m, at, id)? {
                value = spec_bits(&ty, &given).ok_or_else(|| {
                    m.error(
                        at,
                        format!(
                            "the specialization constant of type {} cannot take the value '{given}'",
                            ty.llvm()
                        ),
                    )
                })?;
            }
            let text = scalar_text(&ty, value)
                .ok_or_else(|| m.error(at, "OpConstant of a type that is not a scalar number"))?;
            m.constants.insert(id, Constant { ty, text });
            return Ok(());
        }
        Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            let mut truth = matches!(inst.class.opcode, Op::ConstantTrue | Op::SpecConstantTrue);
            if let Some(given) = spec_value(m, at, id)? {
                truth = match given.as_str() {
                    "true" | "1" => true,
                    "false" | "0" => false,
                    _ => {
                        return Err(m.error(
                            at,
                            format!("the boolean specialization constant cannot take the value '{given}'"),
                        ))
                    }
                };
            }
            m.constants.insert(id, Constant { ty, text: if truth { "true" } else { "false" }.into() });
            return Ok(());
        }
        Op::ConstantNull => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            let text = match &ty {
                Ty::Int(_) => "0".into(),
                Ty::Bool => "false".into(),
                Ty::Float(_) => "0.0".into(),
                Ty::Pointer(..) => "null".into(),
                _ => "zeroinitializer".into(),
            };
            m.constants.insert(id, Constant { ty, text });
            return Ok(());
        }
        Op::Undef => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            m.constants.insert(id, Constant { ty, text: "undef".into() });
            return Ok(());
        }
        Op::ConstantComposite | Op::SpecConstantComposite => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            let mut parts = Vec::new();
            for i in 0..inst.operands.len() {
                let c = id_at(inst, i).and_then(|c| m.constants.get(&c));
                let Some(c) = c else {
                    return Err(m.error(at, format!("constituent {i} is not a constant defined before")));
                };
                parts.push(format!("{} {}", c.ty.llvm(), c.text));
            }
            let length: usize = parts.iter().map(String::len).sum();
            if length > MAX_CONSTANT_TEXT {
                return Err(m.unsupported(at, format!("a composite constant of {length} bytes of LLVM text")));
            }
            let text = match &ty {
                Ty::Vector(_, n) if *n as usize == parts.len() => format!("<{}>", parts.join(", ")),
                Ty::Array(_, n) if *n as usize == parts.len() => format!("[{}]", parts.join(", ")),
                Ty::Struct(ms) if ms.len() == parts.len() => format!("{{ {} }}", parts.join(", ")),
                _ => return Err(m.error(at, "a composite constant's constituents do not match its type")),
            };
            m.constants.insert(id, Constant { ty, text });
            return Ok(());
        }
        Op::ConstantFunctionPointerINTEL => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            let f = id_at(inst, 0)
                .ok_or_else(|| m.error(at, "OpConstantFunctionPointerINTEL without a function"))?;
            m.constants.insert(id, Constant { ty, text: mark('f', f) });
            return Ok(());
        }
        Op::SpecConstantOp => {
            let ty = m.ty(at, inst.result_type.unwrap_or(0))?.clone();
            let text = spec_constant_op(m, at, &ty)?;
            m.constants.insert(id, Constant { ty, text });
            return Ok(());
        }
        Op::AsmINTEL => {
            let ty = id_at(inst, 0).map_or(Ok(&Ty::Void), |t| m.ty(at, t))?.clone();
            if !matches!(ty, Ty::Function(..)) {
                return Err(m.error(at, "OpAsmINTEL's assembly type is not a function type"));
            }
            let (Some(Operand::LiteralString(template)), Some(Operand::LiteralString(constraints))) =
                (inst.operands.get(2), inst.operands.get(3))
            else {
                return Err(m.error(at, "OpAsmINTEL without its instructions and constraints"));
            };
            let side_effects = m.has_decoration(id, Decoration::SideEffectsINTEL);
            let asm =
                InlineAsm { ty, template: template.clone(), constraints: constraints.clone(), side_effects };
            m.asms.insert(id, asm);
            return Ok(());
        }
        Op::ExtInst if id_at(inst, 0).is_some_and(|set| m.debug_info.contains(&set)) => return Ok(()),
        Op::Line
        | Op::NoLine
        | Op::Source
        | Op::SourceExtension
        | Op::SourceContinued
        | Op::String
        | Op::ModuleProcessed
        | Op::ExtInstImport
        | Op::Extension
        | Op::Nop => return Ok(()),
        other => return Err(m.unsupported(at, format!("{other:?} at module scope"))),
    };
    m.types.insert(id, ty);
    Ok(())
}

/// Checks that a type made of the types `parts` (ids, each counted as often as it appears) stays
/// within [`MAX_TYPE_NODES`] and [`MAX_TYPE_DEPTH`], before it is built, and records its size.
fn check_type_size(m: &mut Spirv, at: &Located, id: u32, parts: &[u32]) -> Result<(), Diagnostic> {
    let (mut nodes, mut depth) = (1usize, 0usize);
    for p in parts {
        let (n, d) = m.type_sizes.get(p).copied().unwrap_or((1, 1));
        nodes = nodes.saturating_add(n);
        depth = depth.max(d);
    }
    depth += 1;
    if nodes > MAX_TYPE_NODES || depth > MAX_TYPE_DEPTH {
        return Err(m.unsupported(
            at,
            format!(
                "a type of {nodes} parts nested {depth} deep (the reader takes up to {MAX_TYPE_NODES} parts, {MAX_TYPE_DEPTH} deep)"
            ),
        ));
    }
    m.type_sizes.insert(id, (nodes, depth));
    Ok(())
}

/// The most parts (types, counted through every member) one type may have: types built by
/// doubling would otherwise grow exponentially.
const MAX_TYPE_NODES: usize = 1 << 16;
/// The deepest nesting of one type (the rebuild recurses through it).
const MAX_TYPE_DEPTH: usize = 64;
/// The longest text of one constant (composites of composites would otherwise grow
/// exponentially).
const MAX_CONSTANT_TEXT: usize = 1 << 22;

/// The LLVM text of a scalar constant of `ty` with the literal bits `value`.
pub fn scalar_text(ty: &Ty, value: u64) -> Option<String> {
    Some(match ty {
        Ty::Int(64) => (value as i64).to_string(),
        Ty::Int(w) => {
            let v = value & ((1u64 << w) - 1);
            // Signed spelling keeps small negative numbers readable; both are the same bits.
            let signed = ((v << (64 - w)) as i64) >> (64 - w);
            signed.to_string()
        }
        Ty::Float(16) => format!("0xH{:04X}", value as u16),
        Ty::Float(32) => format!("0x{:016X}", f64::from(f32::from_bits(value as u32)).to_bits()),
        Ty::Float(64) => format!("0x{value:016X}"),
        _ => return None,
    })
}

/// A constant operand of a constant expression: its type and text (a global's is its marked
/// reference).
fn constant_operand(m: &Spirv, at: &Located, id: u32) -> Result<(Ty, String), Diagnostic> {
    if let Some(c) = m.constants.get(&id) {
        return Ok((c.ty.clone(), c.text.clone()));
    }
    if m.global_ids.contains(&id) {
        return Ok((m.value_ty(at, id)?.clone(), mark('g', id)));
    }
    Err(m.error(at, format!("%{id} is not a constant or a global defined before")))
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

/// OpSpecConstantOp's conversions that are one LLVM cast whatever the widths.
const SPEC_CASTS: &[(Op, &str)] = &[
    (Op::ConvertFToU, "fptoui"),
    (Op::ConvertFToS, "fptosi"),
    (Op::ConvertSToF, "sitofp"),
    (Op::ConvertUToF, "uitofp"),
    (Op::ConvertPtrToU, "ptrtoint"),
    (Op::ConvertUToPtr, "inttoptr"),
];

/// The LLVM constant expression of an OpSpecConstantOp of result type `ty`: every operation the
/// Kernel capability allows (arithmetic, bitwise, logical, comparisons, select, conversions,
/// vector shuffles, composite extract and insert, address arithmetic). LLVM folds it when it
/// reads the module, so the rebuilt module holds its value.
fn spec_constant_op(m: &Spirv, at: &Located, ty: &Ty) -> Result<String, Diagnostic> {
    let inst = &at.inst;
    let Some(Operand::LiteralSpecConstantOpInteger(op)) = inst.operands.first() else {
        return Err(m.error(at, "OpSpecConstantOp without an opcode"));
    };
    // The id operands (constants or globals) and the literal ones (indices, shuffle lanes).
    let mut operands = Vec::new();
    let mut literals = Vec::new();
    for (i, operand) in inst.operands.iter().enumerate().skip(1) {
        match operand {
            Operand::LiteralBit32(v) => literals.push(*v),
            _ => {
                let id = id_at(inst, i).ok_or_else(|| m.error(at, format!("operand {i} is not an id")))?;
                operands.push(constant_operand(m, at, id)?);
            }
        }
    }
    // A shift's amount may be of another width than its base: LLVM's is the base's type.
    if matches!(op, Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic)
        && operands.len() == 2
    {
        let (base, amount) = (&operands[0].0, &operands[1].0);
        if let (Some(to), Some(from)) = (base.bits(), amount.bits()) {
            if to != from {
                let cast = if to > from { "zext" } else { "trunc" };
                let text = format!("{cast} ({} {} to {})", amount.llvm(), operands[1].1, base.llvm());
                operands[1] = (base.clone(), text);
            }
        }
    }
    let typed = |o: &(Ty, String)| format!("{} {}", o.0.llvm(), o.1);
    let arity = |n: usize| -> Result<(), Diagnostic> {
        if operands.len() == n {
            Ok(())
        } else {
            Err(m.error(at, format!("OpSpecConstantOp {op:?} takes {n} operands, found {}", operands.len())))
        }
    };
    let cast = |name: &str| -> Result<String, Diagnostic> {
        arity(1)?;
        Ok(format!("{name} ({} to {})", typed(&operands[0]), ty.llvm()))
    };
    let binary = |name: &str| -> Result<String, Diagnostic> {
        arity(2)?;
        Ok(format!("{name} ({}, {})", typed(&operands[0]), typed(&operands[1])))
    };
    let indices = |list: &[u32]| list.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    // OpSpecConstantOp's binary operations: the integer, logical and floating-point arithmetic of
    // function bodies and their integer comparisons, each one LLVM constant expression.
    let integer_compares = crate::function::COMPARE.iter().filter(|(_, l)| l.starts_with("icmp"));
    if let Some(&(_, name)) =
        crate::function::INT_BINARY.iter().chain(integer_compares).find(|(o, _)| o == op)
    {
        return binary(name);
    }
    if let Some(&(_, name)) = SPEC_CASTS.iter().find(|(o, _)| o == op) {
        return cast(name);
    }
    Ok(match op {
        Op::InBoundsPtrAccessChain | Op::PtrAccessChain | Op::AccessChain | Op::InBoundsAccessChain => {
            let Some((base, rest)) = operands.split_first() else {
                return Err(m.error(at, "an access chain without a base"));
            };
            let Ty::Pointer(pointee, _) = &base.0 else {
                return Err(m.error(at, "the base of an access chain is not a pointer"));
            };
            let inbounds = if matches!(op, Op::InBoundsPtrAccessChain | Op::InBoundsAccessChain) {
                "inbounds "
            } else {
                ""
            };
            let mut idx: Vec<String> = Vec::new();
            if matches!(op, Op::AccessChain | Op::InBoundsAccessChain) {
                idx.push("i32 0".into());
            }
            idx.extend(rest.iter().map(typed));
            format!("getelementptr {inbounds}({}, {}, {})", pointee.llvm(), typed(base), idx.join(", "))
        }
        Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr => {
            let from = operands.first().map(|o| &o.0);
            match (from.is_some_and(Ty::is_pointer), ty.is_pointer()) {
                (true, false) => cast("ptrtoint")?,
                (false, true) => cast("inttoptr")?,
                (true, true) if matches!((from, ty), (Some(Ty::Pointer(_, a)), Ty::Pointer(_, b)) if a != b) => {
                    cast("addrspacecast")?
                }
                _ => cast("bitcast")?,
            }
        }
        Op::UConvert | Op::SConvert | Op::FConvert => {
            let from = operands.first().and_then(|o| o.0.bits()).unwrap_or(0);
            match (op, ty.bits().unwrap_or(0).cmp(&from)) {
                (_, std::cmp::Ordering::Equal) => cast("bitcast")?,
                (Op::FConvert, std::cmp::Ordering::Less) => cast("fptrunc")?,
                (Op::FConvert, _) => cast("fpext")?,
                (_, std::cmp::Ordering::Less) => cast("trunc")?,
                (Op::UConvert, _) => cast("zext")?,
                _ => cast("sext")?,
            }
        }
        Op::SNegate => {
            arity(1)?;
            format!("sub ({} zeroinitializer, {})", ty.llvm(), typed(&operands[0]))
        }
        Op::FNegate => {
            arity(1)?;
            format!("fneg ({})", typed(&operands[0]))
        }
        Op::Not => {
            arity(1)?;
            format!("xor ({}, {} {})", typed(&operands[0]), ty.llvm(), splat(ty, "-1"))
        }
        Op::LogicalNot => {
            arity(1)?;
            format!("xor ({}, {} {})", typed(&operands[0]), ty.llvm(), splat(ty, "true"))
        }
        // The remainder with the sign of the divisor: srem/frem, plus the divisor when the two
        // signs differ and the remainder is not zero.
        Op::SMod | Op::FMod => {
            arity(2)?;
            let (a, b) = (typed(&operands[0]), typed(&operands[1]));
            let t = ty.llvm();
            let (rem, add, cmp, zero) = if *op == Op::SMod {
                ("srem", "add", "icmp slt", splat(ty, "0"))
            } else {
                ("frem", "fadd", "fcmp olt", splat(ty, "0.0"))
            };
            let ne = if *op == Op::SMod { "icmp ne" } else { "fcmp one" };
            let r = format!("{rem} ({a}, {b})");
            let bt = match ty {
                Ty::Vector(_, n) => format!("<{n} x i1>"),
                _ => "i1".to_string(),
            };
            let mask = format!(
                "{bt} and ({bt} {ne} ({t} {r}, {t} {zero}), {bt} xor ({bt} {cmp} ({t} {r}, {t} {zero}), {bt} {cmp} ({b}, {t} {zero})))"
            );
            format!("select ({mask}, {t} {add} ({t} {r}, {b}), {t} {r})")
        }
        Op::Select => {
            arity(3)?;
            format!("select ({}, {}, {})", typed(&operands[0]), typed(&operands[1]), typed(&operands[2]))
        }
        Op::VectorShuffle => {
            arity(2)?;
            let lanes: Vec<String> = literals
                .iter()
                .map(|&l| if l == u32::MAX { "i32 undef".to_string() } else { format!("i32 {l}") })
                .collect();
            format!(
                "shufflevector ({}, {}, <{} x i32> <{}>)",
                typed(&operands[0]),
                typed(&operands[1]),
                lanes.len(),
                lanes.join(", ")
            )
        }
        Op::CompositeExtract => {
            arity(1)?;
            match (&operands[0].0, literals.as_slice()) {
                (Ty::Vector(..), [i]) => format!("extractelement ({}, i32 {i})", typed(&operands[0])),
                (Ty::Array(..) | Ty::Struct(_), [_, ..]) => {
                    format!("extractvalue ({}, {})", typed(&operands[0]), indices(&literals))
                }
                _ => return Err(m.unsupported(at, "OpSpecConstantOp CompositeExtract of this shape")),
            }
        }
        Op::CompositeInsert => {
            arity(2)?;
            match (&operands[1].0, literals.as_slice()) {
                (Ty::Vector(..), [i]) => {
                    format!("insertelement ({}, {}, i32 {i})", typed(&operands[1]), typed(&operands[0]))
                }
                (Ty::Array(..) | Ty::Struct(_), [_, ..]) => format!(
                    "insertvalue ({}, {}, {})",
                    typed(&operands[1]),
                    typed(&operands[0]),
                    indices(&literals)
                ),
                _ => return Err(m.unsupported(at, "OpSpecConstantOp CompositeInsert of this shape")),
            }
        }
        other => {
            return Err(m.unsupported(
                at,
                format!("OpSpecConstantOp {other:?} (not allowed by the Kernel capability)"),
            ))
        }
    })
}

/// The value given to the specialization constant `id` (by its SpecId), if any; records the
/// SpecId as present.
fn spec_value(m: &mut Spirv, at: &Located, id: u32) -> Result<Option<String>, Diagnostic> {
    if !matches!(at.inst.class.opcode, Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse) {
        return Ok(None);
    }
    let Some(spec_id) = m.decoration_literal(id, Decoration::SpecId) else { return Ok(None) };
    let spec_id = u32::try_from(spec_id).map_err(|_| m.error(at, "SpecId out of range"))?;
    m.spec_ids.insert(spec_id);
    Ok(m.spec.get(&spec_id).cloned())
}

/// The literal bits of `text` as a value of the scalar type `ty`: integers in decimal (signed or
/// not) or hexadecimal (`0x`), floats as Rust reads them.
fn spec_bits(ty: &Ty, text: &str) -> Option<u64> {
    match ty {
        Ty::Int(w) => {
            let (v, negative) = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))
            {
                (u64::from_str_radix(hex, 16).ok()?, false)
            } else if let Ok(u) = text.parse::<u64>() {
                (u, false)
            } else {
                (text.parse::<i64>().ok()? as u64, true)
            };
            if *w == 64 {
                return Some(v);
            }
            let fits = if negative { (v as i64) >= -(1i64 << (w - 1)) } else { v < (1u64 << w) };
            fits.then_some(v & ((1u64 << w) - 1))
        }
        Ty::Float(16) => Some(u64::from(half_bits(text.parse::<f32>().ok()?))),
        Ty::Float(32) => Some(u64::from(text.parse::<f32>().ok()?.to_bits())),
        Ty::Float(64) => Some(text.parse::<f64>().ok()?.to_bits()),
        _ => None,
    }
}

/// The binary16 bits of `x`, rounded to nearest even.
fn half_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    let (half, rest, halfway) = if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        (m >> shift, m & ((1 << shift) - 1), 1u32 << (shift - 1))
    } else {
        (((e as u32) << 10) | (mant >> 13), mant & 0x1fff, 0x1000)
    };
    let round = rest > halfway || (rest == halfway && half & 1 == 1);
    sign | (half + u32::from(round)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_constants_are_spelled_exactly() {
        assert_eq!(scalar_text(&Ty::Int(32), 0xffff_ffff).unwrap(), "-1");
        assert_eq!(scalar_text(&Ty::Int(8), 0x80).unwrap(), "-128");
        assert_eq!(scalar_text(&Ty::Int(64), u64::MAX).unwrap(), "-1");
        assert_eq!(scalar_text(&Ty::Float(32), u64::from(0.5f32.to_bits())).unwrap(), "0x3FE0000000000000");
        assert_eq!(scalar_text(&Ty::Float(16), 0x3c00).unwrap(), "0xH3C00");
        assert_eq!(scalar_text(&Ty::Float(64), 1.0f64.to_bits()).unwrap(), "0x3FF0000000000000");
        assert_eq!(scalar_text(&Ty::Bool, 1), None);
    }

    #[test]
    fn specialization_values_fit_their_type() {
        assert_eq!(spec_bits(&Ty::Int(32), "-2"), Some(0xffff_fffe));
        assert_eq!(spec_bits(&Ty::Int(32), "0xff"), Some(255));
        assert_eq!(spec_bits(&Ty::Int(8), "255"), Some(255));
        assert_eq!(spec_bits(&Ty::Int(8), "-128"), Some(0x80));
        assert_eq!(spec_bits(&Ty::Int(8), "256"), None);
        assert_eq!(spec_bits(&Ty::Int(8), "-129"), None);
        assert_eq!(spec_bits(&Ty::Int(64), "-1"), Some(u64::MAX));
        assert_eq!(spec_bits(&Ty::Float(32), "0.25"), Some(u64::from(0.25f32.to_bits())));
        assert_eq!(spec_bits(&Ty::Float(64), "x"), None);
    }

    #[test]
    fn half_rounding() {
        assert_eq!(half_bits(1.0), 0x3c00);
        assert_eq!(half_bits(-2.0), 0xc000);
        assert_eq!(half_bits(65504.0), 0x7bff);
        assert_eq!(half_bits(1.0e6), 0x7c00, "overflow is infinity");
        assert_eq!(half_bits(f32::NAN) & 0x7e00, 0x7e00);
        assert_eq!(half_bits(5.960_464_5e-8), 0x0001, "the smallest subnormal");
        // 1 + 2^-11 is halfway between 1 and the next half: ties to even.
        assert_eq!(half_bits(1.0 + 1.0 / 2048.0), 0x3c00);
        assert_eq!(half_bits(1.0 + 3.0 / 2048.0), 0x3c02);
    }
}
