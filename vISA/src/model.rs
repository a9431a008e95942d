//! The in-memory model of a vISA 4.1 kernel: plain data (declarations, inputs, attributes and a
//! flat instruction list) that instruction selection fills in and the text (`text.rs`) and
//! binary (`binary.rs`) writers read. Ids are the vISA binary ids: user variables start at
//! `V32`, user surfaces at `T6`, user predicates at `P1`, address variables at `A0`, labels at 0
//! (label 0 is always the kernel's entry subroutine, created by [`Kernel::new`]). The writers
//! emit that entry label themselves, so `body` holds only the entry subroutine's code followed by
//! further subroutines, each opened by [`Inst::Subroutine`]. The spellings, codes and properties of
//! the model's enumerations are tables in [`crate::target`].

pub use crate::message::*;

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

/// A source region `<vstride;width,hstride>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// Vertical stride (0, 1, 2, 4, 8, 16, 32).
    pub vstride: u8,
    /// Width (1, 2, 4, 8, 16).
    pub width: u8,
    /// Horizontal stride (0, 1, 2, 4).
    pub hstride: u8,
}

impl Region {
    /// `<0;1,0>`: scalar broadcast.
    pub const SCALAR: Region = Region { vstride: 0, width: 1, hstride: 0 };
    /// `<1;1,0>`: contiguous vector.
    pub const CONTIG: Region = Region { vstride: 1, width: 1, hstride: 0 };

    /// `<vstride;width,hstride>`.
    pub const fn new(vstride: u8, width: u8, hstride: u8) -> Region {
        Region { vstride, width, hstride }
    }
}

/// A source modifier; spellings and codes in [`crate::target::SRC_MODS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SrcMod {
    /// None.
    #[default]
    None,
    /// `(-)`.
    Neg,
    /// `(abs)`.
    Abs,
    /// `(-abs)`.
    NegAbs,
    /// `(~)` (logic ops).
    Not,
}

/// A direct general source `[mod]V(row,col)<v;w,h>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Src {
    /// Variable.
    pub var: VarId,
    /// Row offset in GRFs.
    pub row: u8,
    /// Column offset in elements of the variable's type.
    pub col: u8,
    /// Region.
    pub region: Region,
    /// Modifier.
    pub modifier: SrcMod,
}

impl Src {
    /// `V(0,col)<1;1,0>`.
    pub fn vec(var: VarId, col: u8) -> Src {
        Src { var, row: 0, col, region: Region::CONTIG, modifier: SrcMod::None }
    }
    /// `V(0,col)<0;1,0>`.
    pub fn scalar(var: VarId, col: u8) -> Src {
        Src { var, row: 0, col, region: Region::SCALAR, modifier: SrcMod::None }
    }
    /// `V(row,col)<region>`.
    pub fn region(var: VarId, row: u8, col: u8, region: Region) -> Src {
        Src { var, row, col, region, modifier: SrcMod::None }
    }
    /// The same operand with a modifier.
    pub fn with(self, modifier: SrcMod) -> Src {
        Src { modifier, ..self }
    }
}

/// A direct general destination `V(row,col)<hstride>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dst {
    /// Variable.
    pub var: VarId,
    /// Row offset in GRFs.
    pub row: u8,
    /// Column offset in elements.
    pub col: u8,
    /// Horizontal stride (1, 2, 4).
    pub hstride: u8,
}

impl Dst {
    /// `V(0,col)<1>`.
    pub fn new(var: VarId, col: u8) -> Dst {
        Dst { var, row: 0, col, hstride: 1 }
    }
    /// `V(row,col)<hstride>`.
    pub fn strided(var: VarId, row: u8, col: u8, hstride: u8) -> Dst {
        Dst { var, row, col, hstride }
    }
}

/// An indirect source `[mod]r[A(i),off]<v;w,h>:type` (or `<w,h>` multi-address).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndSrc {
    /// Address variable.
    pub addr: AddrId,
    /// Element of the address variable.
    pub addr_elem: u8,
    /// Immediate byte offset added to the address.
    pub byte_offset: i16,
    /// Element type read.
    pub ty: VisaType,
    /// Region (vstride ignored when `multi` is set).
    pub region: Region,
    /// Multi-address (VxH) form `<width,hstride>`: one address per row.
    pub multi: bool,
    /// Modifier.
    pub modifier: SrcMod,
}

/// An indirect destination `r[A(i),off]<h>:type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndDst {
    /// Address variable.
    pub addr: AddrId,
    /// Element of the address variable.
    pub addr_elem: u8,
    /// Immediate byte offset.
    pub byte_offset: i16,
    /// Element type written.
    pub ty: VisaType,
    /// Horizontal stride.
    pub hstride: u8,
}

/// An address operand `A(i)<width>` (dst or src of addr_add and mov).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddrOpnd {
    /// Address variable.
    pub addr: AddrId,
    /// First element.
    pub elem: u8,
    /// Number of elements (1, 2, 4, 8, 16).
    pub width: u8,
}

/// An immediate with its type. Float immediates hold values; `HF`/`BF` hold bit patterns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Imm {
    /// `:d`.
    D(i32),
    /// `:ud`.
    UD(u32),
    /// `:w`.
    W(i16),
    /// `:uw`.
    UW(u16),
    /// `:b`.
    B(i8),
    /// `:ub`.
    UB(u8),
    /// `:q`.
    Q(i64),
    /// `:uq`.
    UQ(u64),
    /// `:f` by value.
    F(f32),
    /// `:df` by value.
    DF(f64),
    /// `:hf` bit pattern (e.g. 0x3c00 = 1.0).
    HF(u16),
    /// `:v` eight signed 4-bit ints.
    V(u32),
    /// `:uv` eight unsigned 4-bit ints.
    UV(u32),
    /// `:vf` four 8-bit restricted floats.
    VF(u32),
}

impl Imm {
    /// An hf immediate from an f32 value (round to nearest even).
    pub fn hf(value: f32) -> Imm {
        Imm::HF(f32_to_f16_bits(value))
    }
}

/// Converts an f32 to IEEE half bits, rounding to nearest even.
pub fn f32_to_f16_bits(value: f32) -> u16 {
    let x = value.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 | (man >> 13) as u16 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && (r & 1) == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (r & 1) == 1) {
        r += 1; // may carry into the exponent, which is correct (up to infinity)
    }
    sign | r as u16
}

/// A vector source operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SrcOp {
    /// Direct general operand.
    Gen(Src),
    /// Indirect operand through an address variable.
    Ind(IndSrc),
    /// Immediate.
    Imm(Imm),
    /// Predicate (logic ops on predicates, `mov dst P`).
    Pred(PredId),
    /// Address operand `A(i)<w>`.
    Addr(AddrOpnd),
}

impl From<Src> for SrcOp {
    fn from(s: Src) -> SrcOp {
        SrcOp::Gen(s)
    }
}
impl From<Imm> for SrcOp {
    fn from(i: Imm) -> SrcOp {
        SrcOp::Imm(i)
    }
}
impl From<IndSrc> for SrcOp {
    fn from(i: IndSrc) -> SrcOp {
        SrcOp::Ind(i)
    }
}

/// A vector destination operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DstOp {
    /// Direct general operand.
    Gen(Dst),
    /// Indirect operand.
    Ind(IndDst),
    /// Predicate (logic ops on predicates).
    Pred(PredId),
    /// Address operand (`mov A0(0)<1> ...`).
    Addr(AddrOpnd),
}

impl From<Dst> for DstOp {
    fn from(d: Dst) -> DstOp {
        DstOp::Gen(d)
    }
}
impl From<IndDst> for DstOp {
    fn from(d: IndDst) -> DstOp {
        DstOp::Ind(d)
    }
}

/// A raw operand `V.byteoffset` (message payloads; must be GRF aligned).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Raw {
    /// Variable (`VarId::NULL` for `%null.0`).
    pub var: VarId,
    /// Byte offset.
    pub offset: u16,
}

impl Raw {
    /// `%null.0`.
    pub const NULL: Raw = Raw { var: VarId::NULL, offset: 0 };
    /// `V.0`.
    pub fn of(var: VarId) -> Raw {
        Raw { var, offset: 0 }
    }
}

/// Execution size and mask control: `(M<mask+1>[_NM], size)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exec {
    /// Number of lanes: 1, 2, 4, 8, 16, 32.
    pub size: u8,
    /// Mask offset in groups of 4 lanes: 0 = M1 (lane 0), 2 = M3 (lane 8), 4 = M5 (lane 16).
    pub mask: u8,
    /// Ignore the execution mask (`_NM`).
    pub nomask: bool,
}

impl Exec {
    /// `(M1, size)`.
    pub const fn new(size: u8) -> Exec {
        Exec { size, mask: 0, nomask: false }
    }
    /// `(M1_NM, size)`.
    pub const fn nm(size: u8) -> Exec {
        Exec { size, mask: 0, nomask: true }
    }
    /// The same with mask offset `M<mask+1>`.
    pub const fn at(self, mask: u8) -> Exec {
        Exec { mask, ..self }
    }
}

/// The element precision of a `dpas` matrix operand (its `W` and `A` fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    /// Unsigned 1-bit.
    U1,
    /// Signed 1-bit.
    S1,
    /// Unsigned 2-bit.
    U2,
    /// Signed 2-bit.
    S2,
    /// Unsigned 4-bit.
    U4,
    /// Signed 4-bit.
    S4,
    /// Unsigned 8-bit.
    U8,
    /// Signed 8-bit.
    S8,
    /// bfloat16 (1-8-7).
    BF,
    /// IEEE half (1-5-10).
    HF,
    /// TensorFloat-32 (1-8-10, held in a dword).
    TF32,
}

impl Precision {
    /// Every precision, in code order (codes 1..=10 and 12; 11 is bfloat8, not modeled).
    pub const ALL: [Precision; 11] = [
        Precision::U1,
        Precision::S1,
        Precision::U2,
        Precision::S2,
        Precision::U4,
        Precision::S4,
        Precision::U8,
        Precision::S8,
        Precision::BF,
        Precision::HF,
        Precision::TF32,
    ];

    /// The binary code (also the value the `llvm.genx.dpas*` operation fields carry).
    /// vISA's `GenPrecision` numbering: u1 = 1 .. hf = 10, then bf8 = 11 and tf32 = 12.
    pub fn code(self) -> u8 {
        match self {
            Precision::TF32 => 12,
            p => Precision::ALL.iter().position(|q| *q == p).map_or(0, |i| i as u8 + 1),
        }
    }

    /// The precision of binary code `c`.
    pub fn from_code(c: u8) -> Option<Precision> {
        Precision::ALL.iter().copied().find(|p| p.code() == c)
    }

    /// The text spelling.
    pub fn text(self) -> &'static str {
        use Precision::*;
        match self {
            U1 => "u1",
            S1 => "s1",
            U2 => "u2",
            S2 => "s2",
            U4 => "u4",
            S4 => "s4",
            U8 => "u8",
            S8 => "s8",
            BF => "bf",
            HF => "hf",
            TF32 => "tf32",
        }
    }

    /// The precision spelled `t`.
    pub fn from_text(t: &str) -> Option<Precision> {
        Precision::ALL.into_iter().find(|p| p.text() == t)
    }

    /// Bits of one element (a tf32 element occupies a dword).
    pub fn bits(self) -> u32 {
        use Precision::*;
        match self {
            U1 | S1 => 1,
            U2 | S2 => 2,
            U4 | S4 => 4,
            U8 | S8 => 8,
            BF | HF => 16,
            TF32 => 32,
        }
    }

    /// Whether the elements are floating point.
    pub fn is_float(self) -> bool {
        matches!(self, Precision::BF | Precision::HF | Precision::TF32)
    }

    /// Whether the elements are signed integers.
    pub fn is_signed_int(self) -> bool {
        use Precision::*;
        matches!(self, S1 | S2 | S4 | S8)
    }
}

/// The number of products one dword channel of `dpas` sums per systolic stage for matrix
/// precisions `w` and `a` (`OPS_PER_CHAN`): 1 for tf32, 2 for 16-bit floats, 4 when either
/// integer input is 8-bit, else 8.
pub fn dpas_ops_per_chan(w: Precision, a: Precision) -> u32 {
    if w == Precision::TF32 {
        1
    } else if w.is_float() {
        2
    } else if w.bits() == 8 || a.bits() == 8 {
        4
    } else {
        8
    }
}

/// Predicate control (`.any` / `.all`); spellings and codes in [`crate::target::PRED_CTRLS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PredCtrl {
    /// Per lane.
    #[default]
    None,
    /// `.any`.
    Any,
    /// `.all`.
    All,
}

/// An instruction predicate `([!]P[.any|.all])`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pred {
    /// Predicate variable.
    pub id: PredId,
    /// `!`.
    pub inverse: bool,
    /// `.any` / `.all`.
    pub ctrl: PredCtrl,
}

impl Pred {
    /// `(P)`.
    pub fn on(id: PredId) -> Pred {
        Pred { id, inverse: false, ctrl: PredCtrl::None }
    }
    /// `(!P)`.
    pub fn not(id: PredId) -> Pred {
        Pred { id, inverse: true, ctrl: PredCtrl::None }
    }
}

/// ALU opcodes sharing the form `[P] op[.sat] S dst src0 [src1 [src2 [src3]]]`; mnemonics, opcodes
/// and source counts in [`crate::target::ALU_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AluOp {
    /// add.
    Add,
    /// avg.
    Avg,
    /// div.
    Div,
    /// exp (base 2).
    Exp,
    /// frc.
    Frc,
    /// log (base 2).
    Log,
    /// mad: src0*src1+src2.
    Mad,
    /// mulh.
    Mulh,
    /// mod.
    Mod,
    /// mul.
    Mul,
    /// pow.
    Pow,
    /// rndd.
    Rndd,
    /// rndu.
    Rndu,
    /// rnde.
    Rnde,
    /// rndz.
    Rndz,
    /// sin.
    Sin,
    /// cos.
    Cos,
    /// sqrt.
    Sqrt,
    /// rsqrt.
    Rsqrt,
    /// inv.
    Inv,
    /// lzd.
    Lzd,
    /// and.
    And,
    /// or.
    Or,
    /// xor.
    Xor,
    /// not.
    Not,
    /// shl.
    Shl,
    /// shr.
    Shr,
    /// asr.
    Asr,
    /// cbit.
    Cbit,
    /// mov.
    Mov,
    /// sel: pred ? src0 : src1.
    Sel,
    /// fbl.
    Fbl,
    /// fbh.
    Fbh,
    /// bfe width offset src.
    Bfe,
    /// bfi width offset src1 src2.
    Bfi,
    /// bfrev.
    Bfrev,
    /// sqrtm (IEEE).
    Sqrtm,
    /// divm (IEEE).
    Divm,
    /// rol.
    Rol,
    /// ror.
    Ror,
    /// dp4a.
    Dp4a,
    /// add3.
    Add3,
    /// madw (32x32+32 -> 64, lo/hi halves in dst).
    Madw,
    /// fcvt: the float conversions `mov` has no type for: `f` to and from tf32 (held as `ud`),
    /// `hf` to and from bf8 (E5M2, held as `ub`). Xe-HPC.
    Fcvt,
    /// srnd: stochastic rounding of src0 (`f` to `hf`, `hf` to bf8 as `ub`) with the random bits
    /// of src1 added below the kept mantissa. Xe-HPC.
    Srnd,
    /// dp2: per group of 4 lanes, `s0.x*s1.x + s0.y*s1.y` in every lane. Gen9 only.
    Dp2,
    /// dp3: per group of 4 lanes, the dot product of the first 3 in every lane. Gen9 only.
    Dp3,
    /// dp4: per group of 4 lanes, the dot product of the 4 in every lane. Gen9 only.
    Dp4,
    /// dph: per group of 4 lanes, `s0.x*s1.x + s0.y*s1.y + s0.z*s1.z + s1.w`. Gen9 only.
    Dph,
    /// lrp: `src1*src0 + src2*(1 - src0)`. Gen9 only.
    Lrp,
    /// sad2: per pair of byte lanes, `|s0[i]-s1[i]| + |s0[i+1]-s1[i+1]|` in the first. Gen9 only.
    Sad2,
    /// sad2add: sad2 plus src2 in the first lane of each pair. Gen9 only.
    Sad2add,
    /// line: `src0.x * src1 + src0.w`, src0 a group of 4 read `<0;4,1>`. Gen9 only.
    Line,
    /// plane: `src0.x * u + src0.y * v + src0.w`, u and v the halves of each 16 floats of src1
    /// (src0 16-byte and src1 GRF aligned, their regions ignored); `pln` on Gen9, two `mad`s
    /// from the finalizer elsewhere.
    Plane,
}

/// Comparison relation of `cmp`; spellings and codes in [`crate::target::CMP_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// ==.
    Eq,
    /// !=.
    Ne,
    /// >.
    Gt,
    /// >=.
    Ge,
    /// <.
    Lt,
    /// <=.
    Le,
}

/// Destination of `cmp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpDst {
    /// A predicate.
    Pred(PredId),
    /// A general variable (all ones / zero per lane).
    Gen(Dst),
}

/// One vISA instruction (or label).
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    /// A block label `NAME:`.
    Label(LabelId),
    /// Start of a further subroutine `.function "NAME"` (not for the entry label 0).
    Subroutine(LabelId),
    /// ALU instruction of the common form.
    Alu {
        /// Opcode.
        op: AluOp,
        /// Predicate.
        pred: Option<Pred>,
        /// `.sat`.
        sat: bool,
        /// Exec size / mask.
        exec: Exec,
        /// Destination.
        dst: DstOp,
        /// Sources (`op.num_srcs()` of them).
        srcs: Vec<SrcOp>,
    },
    /// `bfn.xHH`: a boolean function of three sources, bit by bit: bit `i` of `func` is the
    /// result for source bits (src0, src1, src2) = the bits of `i` from high to low (so src0 is
    /// `0xF0`, src1 `0xCC`, src2 `0xAA`). Xe-HP and later.
    Bfn {
        /// The truth table.
        func: u8,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec size / mask.
        exec: Exec,
        /// Destination.
        dst: DstOp,
        /// The three sources.
        srcs: Vec<SrcOp>,
    },
    /// `dpas.W.A.SD.RC` / `dpasw`: the systolic matrix multiply-add `dst = src0 + src2 x src1` of
    /// the matrix engine (XMX). `src1` (B, K x N, packed by dwords along K) and `src2` (A, RC x K,
    /// row-major) hold elements of precision `w` and `a`; `src0` (C, `%null` for zero) and `dst`
    /// are RC x N of dwords (D/UD/F). N is the execution size (8 on DG2, 16 on PVC). Xe-HP and later.
    Dpas {
        /// `dpasw` (the wide form, which shares src1 between two threads) rather than `dpas`.
        wide: bool,
        /// Exec size / mask (the size is N).
        exec: Exec,
        /// Destination (GRF aligned).
        dst: Raw,
        /// Accumulator (`%null` for zero).
        src0: Raw,
        /// Matrix B, of precision `w`.
        src1: Raw,
        /// Matrix A, of precision `a` (written `V(row,col)`; the region is not used).
        src2: Src,
        /// Precision of src1 (`W`).
        w: Precision,
        /// Precision of src2 (`A`).
        a: Precision,
        /// Systolic depth (8 on Xe-HP and later).
        depth: u8,
        /// Repeat count: the rows of dst (1..=8).
        repeat: u8,
    },
    /// `addc`/`subb`: dst = src0 +/- src1, carry/borrow out in `carry`.
    AddcSubb {
        /// true = subb.
        sub: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Result.
        dst: Dst,
        /// Carry/borrow out.
        carry: Dst,
        /// src0.
        src0: SrcOp,
        /// src1.
        src1: SrcOp,
    },
    /// `min`/`max` (no predicate).
    MinMax {
        /// true = max.
        max: bool,
        /// `.sat`.
        sat: bool,
        /// Exec.
        exec: Exec,
        /// Destination.
        dst: DstOp,
        /// src0.
        src0: SrcOp,
        /// src1.
        src1: SrcOp,
    },
    /// `cmp.rel` (never predicated).
    Cmp {
        /// Relation.
        rel: CmpOp,
        /// Exec.
        exec: Exec,
        /// Predicate or general destination.
        dst: CmpDst,
        /// src0.
        src0: SrcOp,
        /// src1.
        src1: SrcOp,
    },
    /// `setp S P src`.
    Setp {
        /// Exec.
        exec: Exec,
        /// Predicate written.
        dst: PredId,
        /// Bits (scalar/imm) or LSB per lane (vector).
        src: SrcOp,
    },
    /// `movs S T(0) src`: sets a surface variable to a binding-table index.
    Movs {
        /// Exec.
        exec: Exec,
        /// Surface written.
        dst: SurfaceId,
        /// The index (a ud immediate or scalar).
        src: SrcOp,
    },
    /// `movs S S(0) src`: sets a sampler variable to a sampler-state index.
    MovsSampler {
        /// Exec.
        exec: Exec,
        /// Sampler written.
        dst: SamplerId,
        /// The index (a ud immediate or scalar).
        src: SrcOp,
    },
    /// `addr_add S A(i)<w> &var[off] src1`.
    AddrAdd {
        /// Exec.
        exec: Exec,
        /// Address destination.
        dst: AddrOpnd,
        /// Variable whose GRF address is taken.
        base: VarId,
        /// Constant byte offset on the base (multiple of the base's element size).
        base_offset: u16,
        /// Added offset (uw).
        src1: SrcOp,
    },
    /// `[P] jmp S L` (uniform).
    Jmp {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Target.
        target: LabelId,
    },
    /// `[P] goto S L` (divergent).
    Goto {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Target.
        target: LabelId,
    },
    /// `[P] call S SUB`.
    Call {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Subroutine label.
        target: LabelId,
    },
    /// `[P] ret S` (end of thread in the entry subroutine).
    Ret {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
    },
    /// `[P] fcall S NAME ARG_GRFS RET_GRFS`: stack call of the `.global_function` NAME.
    FCall {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// The callee's name (a `.global_function` of the same file, or an external one).
        function: String,
        /// GRFs of `%arg` passed to the callee.
        arg_size: u8,
        /// GRFs of `%retval` returned by the callee.
        ret_size: u8,
    },
    /// `LOC n`: the source line of the instructions that follow (debug information; the
    /// finalizer carries it onto the Gen code it makes of them).
    Loc(u32),
    /// `FILE "name"`: the source file of the `LOC` lines that follow.
    File(String),
    /// Inline assembly: vISA text written verbatim, with operands (variables genxc allocated)
    /// substituted where the template names them. Only the text form can carry it.
    Verbatim {
        /// Literal text and operands, in order.
        pieces: Vec<VerbatimPiece>,
    },
    /// `faddr NAME dst`: the address of function NAME (a `.global_function` of the same file, or
    /// an external symbol the linker resolves: a relocation) into a 64-bit scalar.
    FAddr {
        /// The function's name.
        function: String,
        /// Destination (a `uq`/`q` scalar).
        dst: DstOp,
    },
    /// `[P] ifcall S addr ARG_GRFS RET_GRFS`: stack call of the function whose address is `addr`.
    IFCall {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// The function's address (a 64-bit scalar written by `faddr`).
        addr: SrcOp,
        /// GRFs of `%arg` passed to the callee.
        arg_size: u8,
        /// GRFs of `%retval` returned by the callee.
        ret_size: u8,
    },
    /// `[P] fret S`: return from a `.global_function`.
    FRet {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
    },
    /// `switchjmp (M1_NM,1) idx (L0, L1, ...)`.
    SwitchJmp {
        /// Exec.
        exec: Exec,
        /// Index (ub scalar).
        index: SrcOp,
        /// Targets.
        targets: Vec<LabelId>,
    },
    /// `oword_ld[_unaligned] (N) T off dst.0`.
    OwordLd {
        /// Owords.
        size: Owords,
        /// `oword_ld_unaligned` (offset in bytes) instead of `oword_ld` (offset in owords).
        unaligned: bool,
        /// Surface.
        surface: SurfaceId,
        /// Offset (ud scalar).
        offset: SrcOp,
        /// Destination.
        dst: Raw,
    },
    /// `oword_st (N) T off src.0`.
    OwordSt {
        /// Owords.
        size: Owords,
        /// Surface.
        surface: SurfaceId,
        /// Offset in owords.
        offset: SrcOp,
        /// Data.
        src: Raw,
    },
    /// `media_ld.mod (W,H) T plane x y dst.0`.
    MediaLd {
        /// Modifier.
        modifier: MediaMod,
        /// Surface.
        surface: SurfaceId,
        /// Plane.
        plane: u8,
        /// Block width in bytes.
        width: u8,
        /// Block height in rows.
        height: u8,
        /// x (bytes).
        x: SrcOp,
        /// y (rows).
        y: SrcOp,
        /// Destination.
        dst: Raw,
    },
    /// `media_st.mod (W,H) T plane x y src.0`.
    MediaSt {
        /// Modifier (NoMod, Top, Bottom).
        modifier: MediaMod,
        /// Surface.
        surface: SurfaceId,
        /// Plane.
        plane: u8,
        /// Width in bytes.
        width: u8,
        /// Height in rows.
        height: u8,
        /// x.
        x: SrcOp,
        /// y.
        y: SrcOp,
        /// Data.
        src: Raw,
    },
    /// Legacy element-indexed `gather.<elt>` / `scatter.<elt>` (exec 8 or 16, 1 with NoMask).
    Gather {
        /// scatter instead of gather.
        store: bool,
        /// Element size in bytes (1, 2, 4).
        elt_size: u8,
        /// Exec.
        exec: Exec,
        /// Surface.
        surface: SurfaceId,
        /// Global offset (elements, ud).
        global_offset: SrcOp,
        /// Per-lane element offsets.
        offsets: Raw,
        /// Data.
        data: Raw,
    },
    /// `[P] gather_scaled.N` / `scatter_scaled.N` (byte offsets, N bytes per lane).
    Scaled {
        /// scatter_scaled instead of gather_scaled.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Bytes per lane.
        blocks: ScaledBlocks,
        /// Surface.
        surface: SurfaceId,
        /// Global byte offset.
        global_offset: SrcOp,
        /// Per-lane byte offsets.
        offsets: Raw,
        /// Data.
        data: Raw,
    },
    /// `[P] gather4_scaled.CH` / `scatter4_scaled.CH`.
    Scaled4 {
        /// scatter4_scaled instead of gather4_scaled.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Channels.
        channels: Channels,
        /// Surface.
        surface: SurfaceId,
        /// Global byte offset.
        global_offset: SrcOp,
        /// Per-lane byte offsets.
        offsets: Raw,
        /// Data (SoA).
        data: Raw,
    },
    /// `[P] gather4_typed.CH` / `scatter4_typed.CH`.
    Typed4 {
        /// scatter4_typed instead of gather4_typed.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Channels.
        channels: Channels,
        /// Surface.
        surface: SurfaceId,
        /// u coordinates.
        u: Raw,
        /// v coordinates (or NULL).
        v: Raw,
        /// r coordinates (or NULL).
        r: Raw,
        /// lod (or NULL).
        lod: Raw,
        /// Data.
        data: Raw,
    },
    /// `svm_block_ld (N) addr dst.0` / `svm_block_st (N) addr src.0`.
    SvmBlock {
        /// store instead of load.
        store: bool,
        /// Owords.
        size: Owords,
        /// uq scalar address.
        address: SrcOp,
        /// Data.
        data: Raw,
    },
    /// `[P] svm_gather.<blk>.<n>` / `svm_scatter.<blk>.<n>`.
    SvmScatter {
        /// scatter instead of gather.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Block size.
        block: SvmBlock,
        /// Blocks per lane: 1, 2, 4, 8.
        num_blocks: u8,
        /// Per-lane uq addresses.
        addresses: Raw,
        /// Data.
        data: Raw,
    },
    /// `[P] dword_atomic.op[.16] S T offsets src0 src1 dst`.
    DwordAtomic {
        /// Operation.
        op: AtomicOp,
        /// 16-bit variant.
        half: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Surface.
        surface: SurfaceId,
        /// Byte offsets.
        offsets: Raw,
        /// Source 0 (or NULL).
        src0: Raw,
        /// Source 1 (or NULL).
        src1: Raw,
        /// Old values (or NULL).
        dst: Raw,
    },
    /// `[P] svm_gather4scaled.CH` / `svm_scatter4scaled.CH`: a uq base plus per-lane uq offsets.
    SvmScaled4 {
        /// svm_scatter4scaled instead of svm_gather4scaled.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Channels.
        channels: Channels,
        /// uq scalar base address.
        base: SrcOp,
        /// Per-lane uq byte offsets.
        offsets: Raw,
        /// Data (SoA).
        data: Raw,
    },
    /// `[P] svm_atomic.op[.16|.64] S addresses dst src0 src1` (A64 atomics).
    SvmAtomic {
        /// Operation.
        op: AtomicOp,
        /// Data width in bits: 16, 32 or 64.
        bits: u8,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Per-lane uq addresses.
        addresses: Raw,
        /// Source 0 (or NULL).
        src0: Raw,
        /// Source 1 (or NULL).
        src1: Raw,
        /// Old values (or NULL).
        dst: Raw,
    },
    /// `[P] typed_atomic.op[.16] S T u v r lod src0 src1 dst`.
    TypedAtomic {
        /// Operation.
        op: AtomicOp,
        /// 16-bit variant.
        half: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Surface.
        surface: SurfaceId,
        /// u coordinates.
        u: Raw,
        /// v coordinates (or NULL).
        v: Raw,
        /// r coordinates (or NULL).
        r: Raw,
        /// lod (or NULL).
        lod: Raw,
        /// Source 0 (or NULL).
        src0: Raw,
        /// Source 1 (or NULL).
        src1: Raw,
        /// Old values (or NULL).
        dst: Raw,
    },
    /// `sample.CH (N) S T u v r dst`: the sampler unit filters surface `T` with sampler state
    /// `S` at normalized float coordinates (SIMD8 or SIMD16; no predicate).
    Sample {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// Exec: size 8 or 16, mask M1.
        exec: Exec,
        /// Sampler state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// u coordinates (f).
        u: Raw,
        /// v coordinates (f, or NULL).
        v: Raw,
        /// r coordinates (f, or NULL).
        r: Raw,
        /// Result.
        dst: Raw,
    },
    /// `sample_unorm.CH.FORMAT S T u v du dv dst`: the sampler unit filters 32 pixels of the UNORM
    /// surface `T` with sampler state `S`, from normalized (u, v) in steps of du across and dv
    /// down; each enabled channel a run of 32 values (no exec size, no predicate; SIMD control
    /// flow does not apply).
    SampleUnorm {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// How each pixel's values are returned.
        format: UnormOutput,
        /// Sampler state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// Normalized x of pixel 0 (f scalar).
        u: SrcOp,
        /// Normalized y of pixel 0 (f scalar).
        v: SrcOp,
        /// The x step between adjacent pixels (f scalar).
        du: SrcOp,
        /// The y step between adjacent pixels (f scalar).
        dv: SrcOp,
        /// Result (uw).
        dst: Raw,
    },
    /// `avs.CH T S u v du dv u2d group vblock CNTRL v2d MODE ief dst`: the sampler unit's
    /// adaptive video scaler filters a block of pixels of surface `T` with the sampler 8x8 state
    /// `S`, from normalized (u, v) in steps of du across and dv down (u2d, v2d: the steps' own
    /// change per pixel, for non-linear scaling); `group` and `vblock` place the block in a
    /// group of blocks, `ief` bypasses the image enhancement filter. No exec size, no predicate;
    /// SIMD control flow does not apply.
    Avs {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// Output format control: how each pixel's values are returned.
        format: UnormOutput,
        /// The block of pixels returned.
        mode: AvsExecMode,
        /// Sampler (8x8) state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// Normalized x of pixel 0 (f scalar).
        u: SrcOp,
        /// Normalized y of pixel 0 (f scalar).
        v: SrcOp,
        /// The x step between adjacent pixels (f scalar).
        du: SrcOp,
        /// The y step between adjacent pixels (f scalar).
        dv: SrcOp,
        /// The change of du per pixel (f scalar).
        u2d: SrcOp,
        /// Group id of the block (ud scalar).
        group: SrcOp,
        /// Vertical block number within the group (ud scalar).
        vblock: SrcOp,
        /// The change of dv per pixel (f scalar).
        v2d: SrcOp,
        /// Image enhancement filter bypass (ub scalar).
        ief_bypass: SrcOp,
        /// Result (uw).
        dst: Raw,
    },
    /// `[P] sample_3d[.pixel_null_mask].CH (M1, N) aoffimmi S T dst params...` and the other
    /// `sample_*` forms and `lod`: the sampler unit filters surface `T` with sampler state `S` at
    /// normalized coordinates, with the parameters the operation takes (SIMD8 or SIMD16; the
    /// enabled channels SoA, each from a new register; missing trailing parameters read as 0).
    Sample3d {
        /// The sample operation.
        op: Sample3dOp,
        /// Whether a register with the pixel null mask follows the channels in `dst`.
        pixel_null_mask: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec: size 8 or 16.
        exec: Exec,
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// The u, v, r texel offsets (uw: bits 11:8, 7:4, 3:0, each -8..7).
        aoffimmi: SrcOp,
        /// Sampler state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// Result.
        dst: Raw,
        /// The operation's parameters in order (1..=15, all f or all hf).
        params: Vec<Raw>,
    },
    /// `[P] load_3d[.pixel_null_mask].CH (M1, N) aoffimmi T dst params...` and its `load_lz`,
    /// `load_2dms_w`, `load_mcs` forms: the sampler unit reads texels of surface `T` unfiltered at
    /// integer coordinates, with the texel offsets of `aoffimmi` (SIMD8 or SIMD16; the enabled
    /// channels SoA, each from a new register; missing trailing parameters read as 0).
    Load3d {
        /// The load operation.
        op: Load3dOp,
        /// Whether a register with the pixel null mask follows the channels in `dst`.
        pixel_null_mask: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec: size 8 or 16.
        exec: Exec,
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// The u, v, r texel offsets (uw: bits 11:8, 7:4, 3:0, each -8..7).
        aoffimmi: SrcOp,
        /// Surface (image).
        surface: SurfaceId,
        /// Result.
        dst: Raw,
        /// The operation's parameters in order (1..=15, all ud or all uw).
        params: Vec<Raw>,
    },
    /// `load.CH (N) T u v r dst`: the sampler unit reads texels of surface `T` at integer
    /// coordinates, unfiltered (SIMD8 or SIMD16; no predicate).
    Load {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// Exec: size 8 or 16, mask M1.
        exec: Exec,
        /// Surface (image).
        surface: SurfaceId,
        /// u coordinates (ud).
        u: Raw,
        /// v coordinates (ud, or NULL).
        v: Raw,
        /// r coordinates (ud, or NULL).
        r: Raw,
        /// Result.
        dst: Raw,
    },
    /// `barrier`.
    Barrier,
    /// The split-phase and named barriers, `wait`, `yield`, `sampler_cache_flush`.
    Sync(ThreadSync),
    /// `fence_global` / `fence_local` / `fence_sw`.
    Fence(Fence),
    /// `lsc_load_block2d.ugm` / `lsc_store_block2d.ugm (M1_NM, 1) data:shape
    /// flat[base, width, height, pitch, x, y]` (PVC); a prefetch loads into `%null`.
    LscBlock2d {
        /// true = store.
        store: bool,
        /// L1 and L3 cache controls (codes of [`LSC_CACHE_TEXT`]).
        cache: (u8, u8),
        /// Block shape.
        shape: LscBlock2dShape,
        /// The surface: base address (a uq variable), width, height and pitch in bytes less one,
        /// and the block's x (in elements) and y (in rows) (ud or d variables, or immediates).
        surface: [LscSurface; 6],
        /// Loaded or stored data (`VarId::NULL` for a prefetch).
        data: VarId,
    },
    /// `lsc_fence.<sfid>.<op>.<scope>` (DG2, MTL, PVC).
    LscFence {
        /// The shared function whose accesses are ordered.
        sfid: LscSfid,
        /// Cache operation (code of [`LSC_FENCE_OPS`]).
        op: u8,
        /// Scope (code of [`LSC_SCOPES`]).
        scope: u8,
    },
    /// `[P] lsc_<op>.<sfid>[.L1.L3] S ...` (DG2, MTL, PVC).
    Lsc {
        /// Operation.
        op: LscOp,
        /// Shared function.
        sfid: LscSfid,
        /// L1 and L3 cache controls (codes of [`LSC_CACHE_TEXT`]).
        cache: (u8, u8),
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Address.
        addr: LscAddr,
        /// Data shape.
        shape: LscShape,
        /// Loaded or old data (loads, atomics; `VarId::NULL` for none), or stored data.
        data: VarId,
        /// Atomic sources (`VarId::NULL` when unused).
        src1: VarId,
        /// Second atomic source (compare-and-swap).
        src2: VarId,
    },
    /// `[P] raw_send[c] S exdesc nsrc ndst desc src dst`.
    RawSend {
        /// sendc.
        sendc: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Extended descriptor (immediate).
        exdesc: u32,
        /// Number of source GRFs.
        num_src: u8,
        /// Number of destination GRFs.
        num_dst: u8,
        /// Descriptor (ud immediate or scalar).
        desc: SrcOp,
        /// Payload.
        src: Raw,
        /// Response.
        dst: Raw,
    },
    /// `[P] raw_sends[c][_eot].<sfid>.<n0>.<n1>.<nd> S exdesc desc src0 src1 dst`.
    RawSends {
        /// sendc.
        sendc: bool,
        /// End of thread.
        eot: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Shared function id.
        sfid: u8,
        /// GRFs of src0.
        num_src0: u8,
        /// GRFs of src1.
        num_src1: u8,
        /// GRFs of dst.
        num_dst: u8,
        /// Extended descriptor.
        exdesc: SrcOp,
        /// Descriptor.
        desc: SrcOp,
        /// Payload part 0.
        src0: Raw,
        /// Payload part 1.
        src1: Raw,
        /// Response.
        dst: Raw,
    },
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
    pub fn add_pred(&mut self, name: &str, num_elts: u16) -> PredId {
        self.preds.push(PredDecl { name: name.to_string(), num_elts });
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
    pub fn add_label(&mut self, name: &str) -> LabelId {
        self.labels.push(LabelDecl { name: name.to_string(), kind: LabelKind::Block });
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

/// Shorthand for an ALU instruction without predicate or saturation.
pub fn alu(op: AluOp, exec: Exec, dst: impl Into<DstOp>, srcs: Vec<SrcOp>) -> Inst {
    Inst::Alu { op, pred: None, sat: false, exec, dst: dst.into(), srcs }
}

/// One piece of an [`Inst::Verbatim`]: text, or an operand printed in its vISA form.
#[derive(Clone, Debug, PartialEq)]
pub enum VerbatimPiece {
    /// Literal vISA text.
    Text(String),
    /// A destination operand (an output of the inline assembly).
    Dst(DstOp),
    /// A source operand or immediate (an input).
    Src(SrcOp),
    /// A raw operand `V.offset` (an `rw` operand: a whole variable, as messages take them).
    Raw(Raw),
}
