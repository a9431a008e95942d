//! The in-memory model of a vISA 4.1 kernel: plain data (declarations, inputs, attributes and a
//! flat instruction list) that instruction selection fills in and the text (`text.rs`) and
//! binary (`binary.rs`) writers read. Ids are the vISA binary ids: user variables start at
//! `V32`, user surfaces at `T6`, user predicates at `P1`, address variables at `A0`, labels at 0
//! (label 0 is always the kernel's entry subroutine, created by [`Kernel::new`]). The writers
//! emit that entry label themselves, so `body` holds only the entry subroutine's code followed by
//! further subroutines, each opened by [`Inst::Subroutine`]. The spellings, codes and properties of
//! the model's enumerations are tables in [`crate::target`]. The operands live in
//! [`crate::operand`] and the instructions in [`crate::instruction`]; this module re-exports both,
//! so the whole model is reachable from here.

pub use crate::instruction::*;
pub use crate::message::*;
pub use crate::operand::*;

/// A vISA element type (`type=` of a general variable, and the type of immediates); spellings,
/// codes and sizes in [`crate::target::VISA_TYPES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VisaType {
    /// 32-bit unsigned integer.
    UD,
    /// 32-bit signed integer.
    D,
    /// 16-bit unsigned integer.
    UW,
    /// 16-bit signed integer.
    W,
    /// 8-bit unsigned integer.
    UB,
    /// 8-bit signed integer.
    B,
    /// 64-bit signed integer.
    Q,
    /// 64-bit unsigned integer.
    UQ,
    /// 32-bit IEEE float.
    F,
    /// 16-bit IEEE half float.
    HF,
    /// 64-bit IEEE double.
    DF,
    /// 16-bit bfloat.
    BF,
}

/// Alignment of a general variable (`align=`); spellings and codes in [`crate::target::ALIGNS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// 1 byte.
    Byte,
    /// 2 bytes.
    Word,
    /// 4 bytes.
    Dword,
    /// 8 bytes.
    Qword,
    /// 16 bytes.
    Oword,
    /// One GRF (32 B, 64 B on PVC).
    Grf,
    /// Two GRFs.
    Grf2,
    /// 32 bytes.
    Hword,
    /// 64 bytes.
    Word32,
    /// 128 bytes.
    Word64,
}

/// A general variable id: the binary id (`V0`..`V31` predefined, user variables from `V32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// An address variable id (`A0`, `A1`, ... in declaration order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddrId(pub u16);

/// A predicate variable id (`P0` means "none"; user predicates from `P1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PredId(pub u16);

/// A surface id (`T0`..`T5` predefined, user surfaces from `T6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SurfaceId(pub u8);

/// The output format of `sample_unorm` (bits 5:4 of its channel byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnormOutput {
    /// Two bytes per pixel and channel (`16-full`).
    Full16,
    /// As [`UnormOutput::Full16`], only even pixels for R and B (`16-downsampled`).
    Downsampled16,
    /// One byte per pixel and channel (`8-full`).
    Full8,
    /// As [`UnormOutput::Full8`], only even pixels for R and B (`8-downsampled`).
    Downsampled8,
}

impl UnormOutput {
    /// Every format, by code.
    pub const ALL: [UnormOutput; 4] =
        [UnormOutput::Full16, UnormOutput::Downsampled16, UnormOutput::Full8, UnormOutput::Downsampled8];

    /// The 2-bit code of the binary form.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The format's name in vISA text.
    pub fn text(self) -> &'static str {
        match self {
            UnormOutput::Full16 => "16-full",
            UnormOutput::Downsampled16 => "16-downsampled",
            UnormOutput::Full8 => "8-full",
            UnormOutput::Downsampled8 => "8-downsampled",
        }
    }
}

impl UnormOutput {
    /// The format's name in the text of `avs`, which calls it the output format control.
    pub fn avs_text(self) -> &'static str {
        match self {
            UnormOutput::Full16 => "AVS_16_FULL",
            UnormOutput::Downsampled16 => "AVS_16_DOWN_SAMPLE",
            UnormOutput::Full8 => "AVS_8_FULL",
            UnormOutput::Downsampled8 => "AVS_8_DOWN_SAMPLE",
        }
    }
}

/// The block of pixels one `avs` message returns (its execution mode byte): 16 pixels wide, 4
/// or 8 rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AvsExecMode {
    /// 16 x 4 pixels (`AVS_16x4`, code 0).
    Block16x4,
    /// 16 x 8 pixels (`AVS_16x8`, code 2).
    Block16x8,
}

impl AvsExecMode {
    /// Every mode vISA text can name.
    pub const ALL: [AvsExecMode; 2] = [AvsExecMode::Block16x4, AvsExecMode::Block16x8];

    /// The code of the binary form.
    pub fn code(self) -> u8 {
        match self {
            AvsExecMode::Block16x4 => 0,
            AvsExecMode::Block16x8 => 2,
        }
    }

    /// The mode's name in vISA text.
    pub fn text(self) -> &'static str {
        match self {
            AvsExecMode::Block16x4 => "AVS_16x4",
            AvsExecMode::Block16x8 => "AVS_16x8",
        }
    }
}

/// The operation of a `load_3d`-family message (bits 4:0 of its op byte): which parameters
/// follow and how the sampler reads the surface, always unfiltered at integer texel coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Load3dOp {
    /// `load_3d` (ld): parameters u, v, lod, r.
    Ld,
    /// `load_lz` (ld_lz): level of detail 0; parameters u, v, r.
    LdLz,
    /// `load_2dms_w` (ld2dms_w): a multisampled surface; parameters sample index, the MCS value
    /// (two ud or four uw parts), u, v, r, lod.
    Ld2dmsW,
    /// `load_mcs` (ld_mcs): the multisample control surface; parameters u, v, r, lod.
    LdMcs,
}

impl Load3dOp {
    /// Every operation.
    pub const ALL: [Load3dOp; 4] = [Load3dOp::Ld, Load3dOp::LdLz, Load3dOp::Ld2dmsW, Load3dOp::LdMcs];

    /// The 5-bit sampler operation code of the binary form.
    pub fn code(self) -> u8 {
        match self {
            Load3dOp::Ld => 0x07,
            Load3dOp::LdLz => 0x1a,
            Load3dOp::Ld2dmsW => 0x1c,
            Load3dOp::LdMcs => 0x1d,
        }
    }

    /// The operation with binary code `code`, if it is a load.
    pub fn from_code(code: u8) -> Option<Load3dOp> {
        Load3dOp::ALL.into_iter().find(|o| o.code() == code)
    }

    /// The mnemonic in vISA text.
    pub fn text(self) -> &'static str {
        match self {
            Load3dOp::Ld => "load_3d",
            Load3dOp::LdLz => "load_lz",
            Load3dOp::Ld2dmsW => "load_2dms_w",
            Load3dOp::LdMcs => "load_mcs",
        }
    }

    /// The operation named `text` in vISA text.
    pub fn from_text(text: &str) -> Option<Load3dOp> {
        Load3dOp::ALL.into_iter().find(|o| o.text() == text)
    }
}

/// The operation of a `sample_3d`-family message (bits 4:0 of its op byte): how the sampler
/// filters the surface and which parameters (bias, level of detail, reference, gradients) precede
/// or follow the normalized coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sample3dOp {
    /// `sample_3d`: u, v, r, ai.
    Sample,
    /// `sample_b`: bias, u, v, r, ai.
    SampleB,
    /// `sample_l`: lod, u, v, r, ai.
    SampleL,
    /// `sample_c`: ref, u, v, r, ai.
    SampleC,
    /// `sample_d`: u and its gradients, v and its gradients, r and its gradients, ai.
    SampleD,
    /// `sample_b_c`: ref, bias, u, v, r, ai.
    SampleBC,
    /// `sample_l_c`: ref, lod, u, v, r, ai.
    SampleLC,
    /// `lod`: the level of detail the sampler would use at u, v, r, ai.
    Lod,
    /// `sample_d_c`: ref, then the `sample_d` parameters.
    SampleDC,
    /// `sample_lz`: level of detail 0; u, v, r, ai.
    SampleLz,
    /// `sample_c_lz`: ref, u, v, r, ai at level of detail 0.
    SampleCLz,
    /// `sample4` (gather4): the 2x2 texels the bilinear filter would read, one channel of each
    /// returned as the four channels of the result; u, v, r, ai.
    Gather4,
    /// `sample4_c`: gather4 with a reference compare; ref, u, v, r, ai.
    Gather4C,
    /// `sample4_po`: gather4 with programmable texel offsets; u, v, offu, offv, r.
    Gather4Po,
    /// `sample4_po_c`: `sample4_po` with a reference compare; ref, u, v, offu, offv, r.
    Gather4PoC,
}

impl Sample3dOp {
    /// Every operation.
    pub const ALL: [Sample3dOp; 15] = [
        Sample3dOp::Sample,
        Sample3dOp::SampleB,
        Sample3dOp::SampleL,
        Sample3dOp::SampleC,
        Sample3dOp::SampleD,
        Sample3dOp::SampleBC,
        Sample3dOp::SampleLC,
        Sample3dOp::Lod,
        Sample3dOp::SampleDC,
        Sample3dOp::SampleLz,
        Sample3dOp::SampleCLz,
        Sample3dOp::Gather4,
        Sample3dOp::Gather4C,
        Sample3dOp::Gather4Po,
        Sample3dOp::Gather4PoC,
    ];

    /// The 5-bit sampler operation code of the binary form.
    pub fn code(self) -> u8 {
        match self {
            Sample3dOp::Sample => 0x00,
            Sample3dOp::SampleB => 0x01,
            Sample3dOp::SampleL => 0x02,
            Sample3dOp::SampleC => 0x03,
            Sample3dOp::SampleD => 0x04,
            Sample3dOp::SampleBC => 0x05,
            Sample3dOp::SampleLC => 0x06,
            Sample3dOp::Lod => 0x09,
            Sample3dOp::SampleDC => 0x14,
            Sample3dOp::SampleLz => 0x18,
            Sample3dOp::SampleCLz => 0x19,
            Sample3dOp::Gather4 => 0x08,
            Sample3dOp::Gather4C => 0x10,
            Sample3dOp::Gather4Po => 0x11,
            Sample3dOp::Gather4PoC => 0x12,
        }
    }

    /// The operation with binary code `code`, if it is a sample.
    pub fn from_code(code: u8) -> Option<Sample3dOp> {
        Sample3dOp::ALL.into_iter().find(|o| o.code() == code)
    }

    /// The mnemonic in vISA text.
    pub fn text(self) -> &'static str {
        match self {
            Sample3dOp::Sample => "sample_3d",
            Sample3dOp::SampleB => "sample_b",
            Sample3dOp::SampleL => "sample_l",
            Sample3dOp::SampleC => "sample_c",
            Sample3dOp::SampleD => "sample_d",
            Sample3dOp::SampleBC => "sample_b_c",
            Sample3dOp::SampleLC => "sample_l_c",
            Sample3dOp::Lod => "lod",
            Sample3dOp::SampleDC => "sample_d_c",
            Sample3dOp::SampleLz => "sample_lz",
            Sample3dOp::SampleCLz => "sample_c_lz",
            Sample3dOp::Gather4 => "sample4",
            Sample3dOp::Gather4C => "sample4_c",
            Sample3dOp::Gather4Po => "sample4_po",
            Sample3dOp::Gather4PoC => "sample4_po_c",
        }
    }

    /// The operation named `text` in vISA text.
    pub fn from_text(text: &str) -> Option<Sample3dOp> {
        Sample3dOp::ALL.into_iter().find(|o| o.text() == text)
    }
}

/// A sampler id (user samplers from `S0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SamplerId(pub u8);

/// A label id (0 = the kernel's entry subroutine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u16);

/// Number of predefined general variables (`V0`..`V31`); the first user variable is `V32`.
pub const NUM_PREDEF_VARS: u32 = 32;
/// Number of predefined surfaces (`T0`..`T5`); the first user surface is `T6`.
pub const NUM_PREDEF_SURFACES: u8 = 6;

impl VarId {
    /// `%null`.
    pub const NULL: VarId = VarId(0);
    /// `%thread_x` (uw).
    pub const THREAD_X: VarId = VarId(1);
    /// `%thread_y` (uw).
    pub const THREAD_Y: VarId = VarId(2);
    /// `%group_id_x` (ud).
    pub const GROUP_ID_X: VarId = VarId(3);
    /// `%group_id_y` (ud).
    pub const GROUP_ID_Y: VarId = VarId(4);
    /// `%group_id_z` (ud).
    pub const GROUP_ID_Z: VarId = VarId(5);
    /// `%tsc` (5 x ud timestamp).
    pub const TSC: VarId = VarId(6);
    /// `%r0` (8 x ud thread payload header).
    pub const R0: VarId = VarId(7);
    /// `%arg` (stack-call arguments).
    pub const ARG: VarId = VarId(8);
    /// `%retval` (stack-call return values).
    pub const RETVAL: VarId = VarId(9);
    /// `%sp` stack pointer.
    pub const SP: VarId = VarId(10);
    /// `%fp` frame pointer.
    pub const FP: VarId = VarId(11);
    /// `%hw_id`.
    pub const HW_ID: VarId = VarId(12);
    /// `%sr0`.
    pub const SR0: VarId = VarId(13);
    /// `%cr0` (FP mode / rounding control).
    pub const CR0: VarId = VarId(14);
    /// `%ce0`.
    pub const CE0: VarId = VarId(15);
    /// `%dbg0`.
    pub const DBG0: VarId = VarId(16);
    /// `%color`.
    pub const COLOR: VarId = VarId(17);
    /// `%impl_arg_buf_ptr`.
    pub const IMPL_ARG_BUF_PTR: VarId = VarId(18);
    /// `%local_id_buf_ptr`.
    pub const LOCAL_ID_BUF_PTR: VarId = VarId(19);
    /// `%msg0`.
    pub const MSG0: VarId = VarId(20);

    /// True for the predefined variables `V0`..`V31`.
    pub fn is_predefined(self) -> bool {
        self.0 < NUM_PREDEF_VARS
    }

    /// The text name of a predefined variable (`%null`, `%r0`, ...), `None` for user variables.
    pub fn predefined_name(self) -> Option<&'static str> {
        const NAMES: [&str; 21] = [
            "%null",
            "%thread_x",
            "%thread_y",
            "%group_id_x",
            "%group_id_y",
            "%group_id_z",
            "%tsc",
            "%r0",
            "%arg",
            "%retval",
            "%sp",
            "%fp",
            "%hw_id",
            "%sr0",
            "%cr0",
            "%ce0",
            "%dbg0",
            "%color",
            "%impl_arg_buf_ptr",
            "%local_id_buf_ptr",
            "%msg0",
        ];
        NAMES.get(self.0 as usize).copied()
    }
}

impl SurfaceId {
    /// `%slm`: shared local memory (T0).
    pub const SLM: SurfaceId = SurfaceId(0);
    /// `T1`.
    pub const T1: SurfaceId = SurfaceId(1);
    /// `T2`.
    pub const T2: SurfaceId = SurfaceId(2);
    /// `TSS` (T3).
    pub const TSS: SurfaceId = SurfaceId(3);
    /// `%bss`: bindless surface (T4).
    pub const BSS: SurfaceId = SurfaceId(4);
    /// `%scratch`: stateless surface 255 (T5).
    pub const SCRATCH: SurfaceId = SurfaceId(5);

    /// The text name of a predefined surface, `None` for user surfaces.
    pub fn predefined_name(self) -> Option<&'static str> {
        ["%slm", "T1", "T2", "TSS", "%bss", "%scratch"].get(self.0 as usize).copied()
    }
}

/// The name of the variable attribute `Input_Output` (text `attrs={Input_Output}`, and the string
/// the binary form's attribute record names).
pub const VAR_ATTR_INPUT_OUTPUT: &str = "Input_Output";

/// A general variable declaration (`.decl NAME v_type=G ...`).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// Name as chosen by the producer (the text writer mangles it).
    pub name: String,
    /// Element type.
    pub ty: VisaType,
    /// Number of elements (1..=65535).
    pub num_elts: u16,
    /// Alignment.
    pub align: Align,
    /// `alias=<base, byte_offset>`: a typed view of another variable.
    pub alias: Option<(VarId, u16)>,
    /// `attrs={Input_Output}`: a kernel argument whose register also holds a result of the kernel
    /// when it ends (a fast-composite output argument).
    pub input_output: bool,
}

/// An address variable declaration (`v_type=A`, up to 16 elements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrDecl {
    /// Name.
    pub name: String,
    /// Number of address elements.
    pub num_elts: u16,
}

/// A predicate variable declaration (`v_type=P`, 1, 2, 4, 8, 16 or 32 lanes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredDecl {
    /// Name.
    pub name: String,
    /// Number of lanes.
    pub num_elts: u16,
}

/// A surface (`v_type=T`) or sampler (`v_type=S`) declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateDecl {
    /// Name.
    pub name: String,
    /// Number of elements (normally 1).
    pub num_elts: u16,
}

/// The kind of a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelKind {
    /// A block label (`NAME:`), target of jmp/goto/switchjmp.
    Block,
    /// A subroutine label (`.function "NAME"`), target of call.
    Subroutine,
}

/// A label declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelDecl {
    /// Name.
    pub name: String,
    /// Block or subroutine.
    pub kind: LabelKind,
}

/// What a kernel input binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputTarget {
    /// A general variable.
    Var(VarId),
    /// A surface (binding-table index).
    Surface(SurfaceId),
    /// A sampler.
    Sampler(SamplerId),
}

/// A kernel input (`.input NAME offset=.. size=..`): bytes of the thread payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// The bound variable.
    pub target: InputTarget,
    /// Byte offset into the payload (r0 occupies the first GRF).
    pub offset: u16,
    /// Size in bytes.
    pub size: u16,
    /// Implicit-input kind (0 = an ordinary `.input`; see [`ImplicitKind`]).
    pub implicit: u8,
}

/// Implicit-input kinds (`.implicit_<KIND>`, binary input kind bits 7:3).
pub struct ImplicitKind;

impl ImplicitKind {
    /// `.implicit_LOCAL_SIZE`: the work-group size (3 x ud).
    pub const LOCAL_SIZE: u8 = 1;
    /// `.implicit_GROUP_COUNT`: the number of work groups (3 x ud).
    pub const GROUP_COUNT: u8 = 2;
    /// `.implicit_LOCAL_ID`: the thread's local id (3 x uw, in r1).
    pub const LOCAL_ID: u8 = 3;
    /// `.implicit_UNDEFINED_12`: the 64-bit base of the private (stack) memory (kind 96).
    pub const PRIVATE_BASE: u8 = 12;

    /// The text directive of a kind.
    pub fn directive(kind: u8) -> String {
        match kind {
            0 => ".input".into(),
            1 => ".implicit_LOCAL_SIZE".into(),
            2 => ".implicit_GROUP_COUNT".into(),
            3 => ".implicit_LOCAL_ID".into(),
            n => format!(".implicit_UNDEFINED_{n}"),
        }
    }
}

/// A kernel attribute (`.kernel_attr`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelAttr {
    /// `Target="cm"` (false) or `Target="3d"` (true).
    Target3d(bool),
    /// `SLMSize=<KB>`.
    SlmSize(u32),
    /// `SimdSize=8|16|32`.
    SimdSize(u8),
    /// `NoBarrier` (flag).
    NoBarrier,
    /// `OutputAsmPath="path"`.
    OutputAsmPath(String),
    /// `ArgSize=<GRFs>`: the `%arg` GRFs a `.global_function` receives.
    ArgSize(u8),
    /// `RetValSize=<GRFs>`: the `%retval` GRFs a `.global_function` returns.
    RetValSize(u8),
    /// `NBarrierCnt=<n>`: the named barriers the kernel uses (PVC).
    NBarrierCnt(u8),
    /// `PerThreadInputSize=<bytes>`: the per-thread payload (local ids) the kernel's prologue
    /// loads on parts whose threads load their own payload (Xe-HP and later).
    PerThreadInputSize(u32),
}

impl KernelAttr {
    /// The attribute's name, in the text (`.kernel_attr NAME=...`) and in the binary string pool.
    pub fn name(&self) -> &'static str {
        match self {
            KernelAttr::Target3d(_) => "Target",
            KernelAttr::SlmSize(_) => "SLMSize",
            KernelAttr::SimdSize(_) => "SimdSize",
            KernelAttr::NoBarrier => "NoBarrier",
            KernelAttr::OutputAsmPath(_) => "OutputAsmPath",
            KernelAttr::ArgSize(_) => "ArgSize",
            KernelAttr::RetValSize(_) => "RetValSize",
            KernelAttr::NBarrierCnt(_) => "NBarrierCnt",
            KernelAttr::PerThreadInputSize(_) => "PerThreadInputSize",
        }
    }
}

/// What a unit of a vISA file is: a kernel (`.kernel`) or a stack-call function
/// (`.global_function`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A kernel: a thread starts at its entry subroutine; `ret` in the entry ends the thread.
    Kernel,
    /// A `.global_function`: entered by `fcall`, left by `fret`; takes arguments in `%arg` and
    /// returns results in `%retval`.
    GlobalFunction,
}

/// Bytes of the predefined `%arg` variable (256 x ud).
pub const ARG_BYTES: u32 = 1024;
/// Bytes of the predefined `%retval` variable (96 x ud).
pub const RETVAL_BYTES: u32 = 384;

/// A kernel or a `.global_function` (see [`UnitKind`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// Kernel name (any string; the text writer escapes it).
    pub name: String,
    /// Kernel or stack-call function.
    pub unit: UnitKind,
    /// User general variables; `vars[i]` is `VarId(32 + i)`.
    pub vars: Vec<VarDecl>,
    /// Address variables; `addrs[i]` is `AddrId(i)`.
    pub addrs: Vec<AddrDecl>,
    /// Predicate variables; `preds[i]` is `PredId(i + 1)`.
    pub preds: Vec<PredDecl>,
    /// Samplers; `samplers[i]` is `SamplerId(i)`.
    pub samplers: Vec<StateDecl>,
    /// User surfaces; `surfaces[i]` is `SurfaceId(6 + i)`.
    pub surfaces: Vec<StateDecl>,
    /// Labels; `labels[i]` is `LabelId(i)`; `labels[0]` is the entry subroutine.
    pub labels: Vec<LabelDecl>,
    /// Inputs in payload order.
    pub inputs: Vec<Input>,
    /// Kernel attributes.
    pub attrs: Vec<KernelAttr>,
    /// The code: the entry subroutine's instructions (its label is implicit), then further
    /// subroutines, each starting with [`Inst::Subroutine`].
    pub body: Vec<Inst>,
}

impl Kernel {
    /// A new empty kernel whose label 0 is the entry subroutine `<name>_main`.
    pub fn new(name: &str) -> Kernel {
        Kernel {
            name: name.to_string(),
            unit: UnitKind::Kernel,
            vars: Vec::new(),
            addrs: Vec::new(),
            preds: Vec::new(),
            samplers: Vec::new(),
            surfaces: Vec::new(),
            labels: vec![LabelDecl { name: format!("{name}_main"), kind: LabelKind::Subroutine }],
            inputs: Vec::new(),
            attrs: Vec::new(),
            body: Vec::new(),
        }
    }

    /// A new empty `.global_function` whose label 0 is its entry (the function itself).
    pub fn new_function(name: &str) -> Kernel {
        let mut k = Kernel::new(name);
        k.unit = UnitKind::GlobalFunction;
        k.labels[0].name = name.to_string();
        k
    }

    /// The declared `ArgSize` / `RetValSize` attributes of a function (`None` when absent).
    pub fn call_sizes(&self) -> (Option<u8>, Option<u8>) {
        let mut sizes = (None, None);
        for a in &self.attrs {
            match a {
                KernelAttr::ArgSize(n) => sizes.0 = Some(*n),
                KernelAttr::RetValSize(n) => sizes.1 = Some(*n),
                _ => {}
            }
        }
        sizes
    }

    /// The entry subroutine label (always `LabelId(0)`).
    pub fn entry(&self) -> LabelId {
        LabelId(0)
    }

    /// Declares a general variable.
    pub fn add_var(&mut self, name: &str, ty: VisaType, num_elts: u16, align: Align) -> VarId {
        self.vars.push(VarDecl {
            name: name.to_string(),
            ty,
            num_elts,
            align,
            alias: None,
            input_output: false,
        });
        VarId(NUM_PREDEF_VARS + self.vars.len() as u32 - 1)
    }

    /// Declares a typed view of `base` at `byte_offset`.
    pub fn add_alias(
        &mut self,
        name: &str,
        ty: VisaType,
        num_elts: u16,
        align: Align,
        base: VarId,
        byte_offset: u16,
    ) -> VarId {
        let id = self.add_var(name, ty, num_elts, align);
        self.vars.last_mut().expect("just pushed").alias = Some((base, byte_offset));
        id
    }

    /// Declares an address variable.
    pub fn add_addr(&mut self, name: &str, num_elts: u16) -> AddrId {
        self.addrs.push(AddrDecl { name: name.to_string(), num_elts });
        AddrId(self.addrs.len() as u16 - 1)
    }

    /// Declares a predicate variable.
    pub fn add_pred(&mut self, name: impl Into<String>, num_elts: u16) -> PredId {
        self.preds.push(PredDecl { name: name.into(), num_elts });
        PredId(self.preds.len() as u16)
    }

    /// Declares a surface.
    pub fn add_surface(&mut self, name: &str) -> SurfaceId {
        self.surfaces.push(StateDecl { name: name.to_string(), num_elts: 1 });
        SurfaceId(NUM_PREDEF_SURFACES + self.surfaces.len() as u8 - 1)
    }

    /// Declares a sampler.
    pub fn add_sampler(&mut self, name: &str) -> SamplerId {
        self.samplers.push(StateDecl { name: name.to_string(), num_elts: 1 });
        SamplerId(self.samplers.len() as u8 - 1)
    }

    /// Declares a block label (place it with `Inst::Label`).
    pub fn add_label(&mut self, name: impl Into<String>) -> LabelId {
        self.labels.push(LabelDecl { name: name.into(), kind: LabelKind::Block });
        LabelId(self.labels.len() as u16 - 1)
    }

    /// Declares a subroutine label (start it with `Inst::Subroutine`).
    pub fn add_subroutine(&mut self, name: &str) -> LabelId {
        self.labels.push(LabelDecl { name: name.to_string(), kind: LabelKind::Subroutine });
        LabelId(self.labels.len() as u16 - 1)
    }

    /// Adds an input.
    pub fn add_input(&mut self, target: InputTarget, offset: u16, size: u16) {
        self.inputs.push(Input { target, offset, size, implicit: 0 });
    }

    /// Appends an instruction.
    pub fn push(&mut self, inst: Inst) {
        self.body.push(inst);
    }

    /// The declaration of a user variable (`None` for predefined ids).
    pub fn var(&self, id: VarId) -> Option<&VarDecl> {
        id.0.checked_sub(NUM_PREDEF_VARS).and_then(|i| self.vars.get(i as usize))
    }

    /// The element type of a variable (predefined ones included).
    pub fn var_type(&self, id: VarId) -> VisaType {
        match self.var(id) {
            Some(d) => d.ty,
            None => match id {
                VarId::THREAD_X | VarId::THREAD_Y => VisaType::UW,
                VarId::SP | VarId::FP | VarId::IMPL_ARG_BUF_PTR | VarId::LOCAL_ID_BUF_PTR => VisaType::UQ,
                _ => VisaType::UD,
            },
        }
    }

    /// Checks ids, arities and structural rules; returns every problem found.
    pub fn validate(&self) -> Result<(), Vec<String>> {
        crate::validate::validate(self)
    }
}
