//! The SPIR-V binary layer: checks the header, walks the instruction stream once to record where
//! each instruction starts (its word offset, for diagnostics), takes out the decorations rspirv's
//! grammar does not know (the translator's FuncParamKindINTEL 9624 and FuncParamDescINTEL 9625),
//! and parses the rest with rspirv into [`Located`] instructions in module order.

use genxc_diag::Diagnostic;
use rspirv::binary::{Consumer, ParseAction};
use rspirv::dr;
use rspirv::spirv::Capability;

/// The SPIR-V magic number (first word of every module).
pub const MAGIC: u32 = 0x0723_0203;

/// The translator's argument kind decoration (not in the SPIR-V grammar).
pub const FUNC_PARAM_KIND_INTEL: u32 = 9624;
/// The translator's argument descriptor decoration (not in the SPIR-V grammar).
pub const FUNC_PARAM_DESC_INTEL: u32 = 9625;

/// SingleElementVectorINTEL: the grammar gives it no operand, the translator writes one (the
/// pointer indirection level), so it is taken out too.
pub const SINGLE_ELEMENT_VECTOR_INTEL: u32 = 6085;

/// The capabilities the reader accepts: what CM, ESIMD and ISPC modules declare.
pub const CAPABILITIES: &[Capability] = &[
    Capability::Addresses,
    Capability::Linkage,
    Capability::Kernel,
    Capability::Vector16,
    Capability::Float16Buffer,
    Capability::Float16,
    Capability::Float64,
    Capability::Int64,
    Capability::Int64Atomics,
    Capability::Int16,
    Capability::Int8,
    Capability::GenericPointer,
    Capability::Groups,
    Capability::VectorComputeINTEL,
    Capability::VectorAnyINTEL,
    Capability::FunctionFloatControlINTEL,
    Capability::RoundToInfinityINTEL,
    Capability::FloatingPointModeINTEL,
    Capability::FunctionPointersINTEL,
    Capability::IndirectReferencesINTEL,
    Capability::ExpectAssumeKHR,
    Capability::DenormPreserve,
    Capability::DenormFlushToZero,
    Capability::SignedZeroInfNanPreserve,
    Capability::RoundingModeRTE,
    Capability::RoundingModeRTZ,
    Capability::FPFastMathModeINTEL,
    Capability::ImageBasic,
    Capability::LiteralSampler,
    Capability::Sampled1D,
    Capability::Image1D,
    Capability::SampledBuffer,
    Capability::ImageBuffer,
    Capability::ImageReadWrite,
    Capability::Int64ImageEXT,
    // The translator declares it for kernels with a required subgroup size.
    Capability::SubgroupDispatch,
    // The OptNoneINTEL function control: an optimization hint, nothing to rebuild.
    Capability::OptNoneINTEL,
    // OpConvertFToBF16INTEL/OpConvertBF16ToFINTEL: calls of the built-ins the import expands.
    Capability::BFloat16ConversionINTEL,
    // Inline assembly (OpAsmTargetINTEL, OpAsmINTEL, OpAsmCallINTEL): LLVM `call asm`.
    Capability::AsmINTEL,
];

/// The highest SPIR-V version read (1.4: what the CM, ESIMD and ISPC producers write).
const MAX_VERSION: (u32, u32) = (1, 4);
/// OpDecorate's opcode.
const OP_DECORATE: u32 = 71;
/// OpSpecConstantOp's opcode.
const OP_SPEC_CONSTANT_OP: u32 = 52;
/// OpAsmTargetINTEL's opcode.
const OP_ASM_TARGET_INTEL: u32 = 5609;
/// OpCapability's opcode.
const OP_CAPABILITY: u32 = 17;

/// One parsed instruction and the word offset where it starts in the module.
#[derive(Clone, Debug)]
pub struct Located {
    /// Word offset of the instruction's first word (the header is words 0-4).
    pub offset: usize,
    /// The instruction as rspirv decoded it.
    pub inst: dr::Instruction,
}

/// A decoration rspirv cannot decode, taken out of the stream before parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtraDecoration {
    /// FuncParamKindINTEL: the `genx.kernels` argument kind of a kernel parameter.
    ParamKind(u32),
    /// FuncParamDescINTEL: the `genx.kernels` argument descriptor of a kernel parameter.
    ParamDesc(String),
    /// SingleElementVectorINTEL: the value was a one-element vector (at this pointer level).
    SingleElementVector(u32),
}

/// A module read from bytes: its instructions and the decorations taken out.
#[derive(Clone, Debug, Default)]
pub struct Binary {
    /// The module's SPIR-V version (major, minor).
    pub version: (u32, u32),
    /// Instructions in module order.
    pub insts: Vec<Located>,
    /// Decorations taken out: target id, decoration, word offset.
    pub extra: Vec<(u32, ExtraDecoration, usize)>,
    /// The result ids of the OpAsmTargetINTEL instructions (taken out).
    pub asm_targets: Vec<u32>,
}

/// Whether the bytes start with the SPIR-V magic number (either byte order).
pub fn is_spirv(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && {
        let w = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        w == MAGIC || w.swap_bytes() == MAGIC
    }
}

/// An error at a word offset of the module `file`.
pub fn at_word(file: &str, offset: usize, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(format!("{file}: invalid SPIR-V at word {offset}: {message}"))
}

/// Decodes the words of `bytes` and parses them.
pub fn read(file: &str, bytes: &[u8]) -> Result<Binary, Diagnostic> {
    if !bytes.len().is_multiple_of(4) {
        return Err(at_word(
            file,
            bytes.len() / 4,
            format!("the module is {} bytes long, not a whole number of 32-bit words", bytes.len()),
        ));
    }
    if bytes.len() < 20 {
        return Err(at_word(file, bytes.len() / 4, "the module ends inside its 5-word header"));
    }
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let swap = match first {
        MAGIC => false,
        w if w.swap_bytes() == MAGIC => true,
        w => {
            return Err(at_word(file, 0, format!("wrong magic number {w:#010x} (SPIR-V's is {MAGIC:#010x})")))
        }
    };
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| {
            let w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if swap {
                w.swap_bytes()
            } else {
                w
            }
        })
        .collect();
    let version = ((words[1] >> 16) & 0xff, (words[1] >> 8) & 0xff);
    if words[1] & 0xff00_00ff != 0 || version.0 != 1 || version > MAX_VERSION {
        return Err(at_word(file, 1, format!("SPIR-V version word {:#010x} is not 1.0 to 1.4", words[1])));
    }
    // Word 3 is the id bound: every id must be below it.
    let bound = words[3];
    let mut kept: Vec<u32> = words[..5].to_vec();
    let mut offsets = Vec::new();
    let mut extra = Vec::new();
    let mut literals: Vec<(usize, Vec<u32>)> = Vec::new();
    let mut asm_targets = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 {
            return Err(at_word(file, at, format!("instruction (opcode {opcode}) has a word count of 0")));
        }
        if at + count > words.len() {
            return Err(at_word(
                file,
                at,
                format!(
                    "instruction (opcode {opcode}) of {count} words is cut off: the module ends at word {}",
                    words.len()
                ),
            ));
        }
        let inst = &words[at..at + count];
        if opcode == OP_CAPABILITY && count == 2 {
            let Some(capability) = Capability::from_u32(inst[1]) else {
                return Err(at_word(file, at, format!("unknown capability {}", inst[1])));
            };
            if !CAPABILITIES.contains(&capability) {
                return Err(Diagnostic::error(genxc_diag::unsupported(format!(
                    "{file}: SPIR-V at word {at}: capability {capability:?} is not read by genxc"
                ))));
            }
        }
        // rspirv reads one literal where OpSpecConstantOp's VectorShuffle (79) takes its lanes and
        // CompositeExtract (81) / CompositeInsert (82) their indices: it is given the first, and
        // the others are put back after parsing.
        if opcode == OP_SPEC_CONSTANT_OP && count >= 4 && !spec_constant_operation(inst[3]) {
            // (rspirv's reader panics on some of the others)
            return Err(at_word(
                file,
                at,
                format!(
                    "OpSpecConstantOp of operation {}, which a specialization constant cannot use",
                    inst[3]
                ),
            ));
        }
        if opcode == OP_SPEC_CONSTANT_OP && count >= 4 {
            let ids = match inst[3] {
                79 | 82 => Some(2),
                81 => Some(1),
                _ => None,
            };
            if let Some(ids) = ids.filter(|&n| count > 5 + n) {
                let keep = 5 + ids;
                offsets.push(at);
                kept.push(((keep as u32) << 16) | opcode);
                kept.extend_from_slice(&inst[1..keep]);
                literals.push((at, inst[keep - 1..].to_vec()));
                at += count;
                continue;
            }
        }
        // OpAsmTargetINTEL: llvm-spirv writes it without the result type the grammar gives it;
        // the reader needs nothing of it (OpAsmINTEL names it as its target).
        if opcode == OP_ASM_TARGET_INTEL && count >= 3 {
            let (result, string) =
                if inst[2] >= bound { (inst[1], &inst[2..]) } else { (inst[2], &inst[3..]) };
            if result == 0 || result >= bound {
                return Err(at_word(file, at, format!("id %{result} is outside the id bound {bound}")));
            }
            if literal_string(string).is_none() {
                return Err(at_word(
                    file,
                    at,
                    "OpAsmTargetINTEL's target is not a NUL-terminated UTF-8 string",
                ));
            }
            asm_targets.push(result);
            at += count;
            continue;
        }
        if opcode == OP_DECORATE
            && count >= 3
            && matches!(inst[2], FUNC_PARAM_KIND_INTEL | FUNC_PARAM_DESC_INTEL | SINGLE_ELEMENT_VECTOR_INTEL)
        {
            let target = inst[1];
            if target == 0 || target >= bound {
                return Err(at_word(file, at, format!("id %{target} is outside the id bound {bound}")));
            }
            let decoration = if inst[2] == SINGLE_ELEMENT_VECTOR_INTEL {
                ExtraDecoration::SingleElementVector(inst.get(3).copied().unwrap_or(0))
            } else if inst[2] == FUNC_PARAM_KIND_INTEL {
                match inst {
                    [_, _, _, kind] => ExtraDecoration::ParamKind(*kind),
                    _ => return Err(at_word(file, at, "FuncParamKindINTEL takes one literal (the kind)")),
                }
            } else {
                ExtraDecoration::ParamDesc(literal_string(&inst[3..]).ok_or_else(|| {
                    at_word(file, at, "FuncParamDescINTEL's string is not NUL-terminated UTF-8")
                })?)
            };
            extra.push((target, decoration, at));
        } else {
            offsets.push(at);
            kept.extend_from_slice(inst);
        }
        at += count;
    }
    let mut consumer = Collect { offsets: &offsets, insts: Vec::new(), bound, bad_id: None };
    let parsed = rspirv::binary::parse_words(&kept, &mut consumer);
    if let Some((offset, id)) = consumer.bad_id {
        return Err(at_word(file, offset, format!("id %{id} is outside the id bound {bound}")));
    }
    if let Err(state) = parsed {
        let index = consumer.insts.len();
        let offset = offsets.get(index).copied().unwrap_or(words.len());
        return Err(at_word(file, offset, state_message(&state)));
    }
    let mut insts = consumer.insts;
    for (offset, all) in literals {
        if let Some(l) = insts.iter_mut().find(|l| l.offset == offset) {
            let ids = l.inst.operands.len().saturating_sub(1);
            l.inst.operands.truncate(ids);
            l.inst.operands.extend(all.into_iter().map(dr::Operand::LiteralBit32));
        }
    }
    Ok(Binary { version, insts, extra, asm_targets })
}

/// Whether OpSpecConstantOp may compute operation `op` (the SPIR-V specification's list for
/// kernels: conversions, arithmetic, bit and logic operations, comparisons, select, composites,
/// access chains).
fn spec_constant_operation(op: u32) -> bool {
    use rspirv::spirv::Op;
    matches!(
        Op::from_u32(op),
        Some(
            Op::SConvert
                | Op::FConvert
                | Op::ConvertFToS
                | Op::ConvertSToF
                | Op::ConvertFToU
                | Op::ConvertUToF
                | Op::UConvert
                | Op::ConvertPtrToU
                | Op::ConvertUToPtr
                | Op::GenericCastToPtr
                | Op::PtrCastToGeneric
                | Op::Bitcast
                | Op::QuantizeToF16
                | Op::FNegate
                | Op::FAdd
                | Op::FSub
                | Op::FMul
                | Op::FDiv
                | Op::FRem
                | Op::FMod
                | Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain
                | Op::SNegate
                | Op::Not
                | Op::IAdd
                | Op::ISub
                | Op::IMul
                | Op::UDiv
                | Op::SDiv
                | Op::UMod
                | Op::SRem
                | Op::SMod
                | Op::ShiftRightLogical
                | Op::ShiftRightArithmetic
                | Op::ShiftLeftLogical
                | Op::BitwiseOr
                | Op::BitwiseXor
                | Op::BitwiseAnd
                | Op::VectorShuffle
                | Op::CompositeExtract
                | Op::CompositeInsert
                | Op::LogicalOr
                | Op::LogicalAnd
                | Op::LogicalNot
                | Op::LogicalEqual
                | Op::LogicalNotEqual
                | Op::Select
                | Op::IEqual
                | Op::INotEqual
                | Op::ULessThan
                | Op::SLessThan
                | Op::UGreaterThan
                | Op::SGreaterThan
                | Op::ULessThanEqual
                | Op::SLessThanEqual
                | Op::UGreaterThanEqual
                | Op::SGreaterThanEqual
        )
    )
}

/// A string literal: UTF-8 bytes up to a NUL, packed little-endian in words.
pub fn literal_string(words: &[u32]) -> Option<String> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|&b| b == 0)?;
    String::from_utf8(bytes[..end].to_vec()).ok()
}

/// rspirv's parse error in words a reader of the module can act on (without its byte offsets,
/// which count the stripped decorations and the header differently).
fn state_message(state: &rspirv::binary::ParseState) -> String {
    use rspirv::binary::ParseState as S;
    match state {
        S::OpcodeUnknown(_, _, op) => format!("unknown opcode {op}"),
        S::OperandExpected(..) => "the instruction has fewer operands than its opcode needs".into(),
        S::OperandExceeded(..) => "the instruction has more operands than its opcode takes".into(),
        S::OperandError(e) => format!("bad operand: {e}"),
        S::TypeUnsupported(..) => {
            "a literal's type is not a scalar integer or float type defined before it".into()
        }
        S::WordCountZero(..) => "an instruction has a word count of 0".into(),
        other => other.to_string(),
    }
}

/// rspirv's consumer: keeps every instruction with the offset the pre-scan found for it, and
/// checks every id against the bound.
struct Collect<'a> {
    offsets: &'a [usize],
    insts: Vec<Located>,
    bound: u32,
    bad_id: Option<(usize, u32)>,
}

impl Consumer for Collect<'_> {
    fn initialize(&mut self) -> ParseAction {
        ParseAction::Continue
    }
    fn finalize(&mut self) -> ParseAction {
        ParseAction::Continue
    }
    fn consume_header(&mut self, _module: dr::ModuleHeader) -> ParseAction {
        ParseAction::Continue
    }
    fn consume_instruction(&mut self, inst: dr::Instruction) -> ParseAction {
        let offset = self.offsets.get(self.insts.len()).copied().unwrap_or(0);
        // An extended instruction's operands past the set are ids or literals as its set says
        // (debug information holds literals): they are checked where the reader uses them.
        let checked = if inst.class.opcode == rspirv::spirv::Op::ExtInst { 1 } else { inst.operands.len() };
        let ids = inst.result_type.into_iter().chain(inst.result_id).chain(
            inst.operands[..checked].iter().filter_map(|o| match o {
                dr::Operand::IdRef(id) | dr::Operand::IdScope(id) | dr::Operand::IdMemorySemantics(id) => {
                    Some(*id)
                }
                _ => None,
            }),
        );
        for id in ids {
            if id == 0 || id >= self.bound {
                self.bad_id = Some((offset, id));
                return ParseAction::Stop;
            }
        }
        self.insts.push(Located { offset, inst });
        ParseAction::Continue
    }
}
