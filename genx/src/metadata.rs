//! `genx.kernels` metadata: reading both node layouts, checking them, computing argument offsets,
//! and building the node for a kernel that has none.
//!
//! Import turns the LLVM metadata into a plain [`MdValue`] tree, so everything here works on data:
//! the original 6-operand layout of the GenX LLVM IR reference
//! (`fn, name, asm name, kinds, slm, offsets`) and IGC's current layout
//! (`fn, name, kinds, slm, offsets placeholder, io kinds, type descs [, named barriers]`) are told
//! apart by operand 2 (a string in the old form, a node in the new one). Offsets follow IGC's
//! OpenCL/Level Zero layout: r0 reserved, local ids in r1, then implicit and explicit arguments in
//! IR order, aligned and never straddling a GRF.

use crate::ir::{FuncId, Function, Linkage, Module};
use crate::platform::Platform;
use crate::types::{Elem, Type};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use genxc_diag::{Diagnostic, Location};

/// A metadata operand as import found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MdValue {
    /// A node (`!{...}`).
    Node(Vec<MdValue>),
    /// A string (`!"..."`).
    String(String),
    /// An integer constant (`i32 3`).
    Int(i64),
    /// A reference to a function, by name.
    Function(String),
    /// `undef` or a null operand.
    Undef,
    /// Anything else, described for messages.
    Other(String),
}

/// Register category of a kernel argument (low three bits of its kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgCategory {
    /// A general value in GRFs.
    General,
    /// A sampler state index.
    Sampler,
    /// A surface (binding-table) index.
    Surface,
}

/// Implicit arguments the runtime fills in (kind >> 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImplicitArg {
    /// Not implicit.
    None,
    /// `<3 x i32>` work-group size.
    LocalSize,
    /// `<3 x i32>` number of groups.
    GroupCount,
    /// `<3 x i16>` or `<3 x i32>` local ids, in the thread payload (r1).
    LocalId,
    /// The 64-bit address of the printf buffer (kind 88, IGC's `IMP_OCL_PRINTF_BUFFER`).
    PrintfBuffer,
    /// The 64-bit base of the private (stack) memory of every thread (kind 96, IGC's
    /// `IMP_OCL_PRIVATE_BASE`).
    PrivateBase,
    /// Any other implicit kind, by number.
    Other(u32),
}

/// How an argument is passed in and out: `Output` and `InputOutput` mark the output arguments of a
/// fast-composite kernel (see `llvm.genx.output.1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IoKind {
    /// Plain input.
    Normal,
    /// Fast-composite input.
    Input,
    /// Fast-composite output.
    Output,
    /// Both.
    InputOutput,
    /// Fixed register.
    Fixed,
}

impl IoKind {
    fn from_code(c: i64) -> Option<IoKind> {
        Some(match c {
            0 => IoKind::Normal,
            1 => IoKind::Input,
            2 => IoKind::Output,
            3 => IoKind::InputOutput,
            4 => IoKind::Fixed,
            _ => return None,
        })
    }

    /// Whether an argument of this kind is an output of the kernel: its register holds a result
    /// when the kernel ends (vISA `Input_Output`).
    pub fn is_output(self) -> bool {
        matches!(self, IoKind::Output | IoKind::InputOutput)
    }

    /// The number that stands for this kind in `genx.kernels`.
    pub fn code(self) -> u32 {
        match self {
            IoKind::Normal => 0,
            IoKind::Input => 1,
            IoKind::Output => 2,
            IoKind::InputOutput => 3,
            IoKind::Fixed => 4,
        }
    }

    /// Name used in `kernels.json`.
    pub fn name(self) -> &'static str {
        match self {
            IoKind::Normal => "normal",
            IoKind::Input => "input",
            IoKind::Output => "output",
            IoKind::InputOutput => "input_output",
            IoKind::Fixed => "fixed",
        }
    }
}

/// One kernel argument as the runtime must set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArg {
    /// The raw kind number from the metadata.
    pub kind_code: u32,
    /// Register category.
    pub category: ArgCategory,
    /// Implicit-argument kind.
    pub implicit: ImplicitArg,
    /// Byte offset in the thread payload; `None` when the argument is not a vISA input.
    pub offset: Option<u32>,
    /// Bytes the argument occupies in the payload.
    pub size: u32,
    /// IO kind.
    pub io_kind: IoKind,
    /// Type descriptor (`buffer_t read_only`, `""` for plain values).
    pub type_desc: String,
    /// IR type of the argument.
    pub ty: Type,
    /// For a pointer parameter of the input (rewritten into an address by the preparation
    /// stage): the memory it points into and how the kernel accesses it.
    pub pointer: Option<PointerArg>,
}

/// A kernel argument that was a pointer in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerArg {
    /// The memory it addresses.
    pub space: AddressSpace,
    /// How the kernel accesses that memory.
    pub access: Access,
}

/// The memory a pointer argument addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddressSpace {
    /// Global or generic memory through a 64-bit stateless (SVM / A64) address.
    Global,
    /// Shared local memory through a 32-bit offset.
    Local,
    /// A binding-table surface (the argument is its index).
    Surface,
}

impl AddressSpace {
    /// Name used in `kernels.json`.
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Global => "global",
            AddressSpace::Local => "local",
            AddressSpace::Surface => "surface",
        }
    }

    /// The space the preparation stage's `genxc-memory` attribute names.
    pub fn from_attribute(s: &str) -> Option<AddressSpace> {
        match s {
            "global" => Some(AddressSpace::Global),
            "slm" => Some(AddressSpace::Local),
            "surface" => Some(AddressSpace::Surface),
            _ => None,
        }
    }
}

/// How a kernel accesses the memory behind an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Only read.
    ReadOnly,
    /// Only written.
    WriteOnly,
    /// Read and written.
    ReadWrite,
}

impl Access {
    /// Name used in `kernels.json` and type descriptors.
    pub fn name(self) -> &'static str {
        match self {
            Access::ReadOnly => "read_only",
            Access::WriteOnly => "write_only",
            Access::ReadWrite => "read_write",
        }
    }

    /// The access a name (`read_only`, ...) gives.
    pub fn from_name(s: &str) -> Option<Access> {
        [Access::ReadOnly, Access::WriteOnly, Access::ReadWrite].into_iter().find(|a| a.name() == s)
    }

    /// The access qualifier a type descriptor names (`svmptr_t read_only`), if any.
    pub fn of_descriptor(desc: &str) -> Option<Access> {
        let d = desc.to_ascii_lowercase();
        d.split_whitespace().find_map(Access::from_name)
    }
}

impl ArgCategory {
    /// Name used in `kernels.json`.
    pub fn name(self) -> &'static str {
        match self {
            ArgCategory::General => "general",
            ArgCategory::Sampler => "sampler",
            ArgCategory::Surface => "surface",
        }
    }
}

/// A kernel and everything its metadata says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The kernel's function.
    pub func: FuncId,
    /// Kernel name (vISA kernel name).
    pub name: String,
    /// Arguments in IR order.
    pub args: Vec<KernelArg>,
    /// Shared local memory in bytes.
    pub slm_size: u32,
    /// Named barriers used.
    pub nbarrier_count: u32,
    /// Whether the node was built by genxc because the input had none.
    pub synthesized: bool,
    /// The printf string table (format and `%s` strings, by index) when the kernel has a printf
    /// buffer argument; empty otherwise.
    pub printf_strings: Vec<String>,
    /// The module's global data section (the globals kept in memory), listed with every kernel
    /// of the module so kernels.json and the simulators see it; empty when there is none.
    pub globals: Vec<crate::data_section::DataGlobal>,
    /// Bytes of private (stack) memory each hardware thread needs, 0 when the kernel uses none.
    pub private_memory: u32,
    /// The functions the kernel calls (itself or through its stack functions) that the module
    /// only declares: symbols of `faddr` relocations the link step must resolve.
    pub external_functions: Vec<String>,
    /// Whether the buffer arguments are bindless (`-vc-use-bindless-buffers`): each is a 32-bit
    /// surface-state offset in the payload, accessed through vISA's bindless surface `%bss`,
    /// with no binding-table entry ([`Kernel::is_bindless_buffer`]).
    pub bindless_buffers: bool,
}

impl Kernel {
    /// A kernel node genxc builds itself (the input has none for `func`): no shared local
    /// memory, named barriers, printf strings, globals, private memory or external functions.
    pub fn synthesized(func: FuncId, name: String, args: Vec<KernelArg>) -> Self {
        Kernel {
            func,
            name,
            args,
            slm_size: 0,
            nbarrier_count: 0,
            synthesized: true,
            printf_strings: Vec::new(),
            globals: Vec::new(),
            private_memory: 0,
            external_functions: Vec::new(),
            bindless_buffers: false,
        }
    }

    /// The binding-table index of surface argument `arg`: surface arguments are bound at 0, 1, ...
    /// in argument order (`None` for an argument that is not a surface).
    pub fn binding_table_index(&self, arg: usize) -> Option<u32> {
        if self.args.get(arg)?.category != ArgCategory::Surface {
            return None;
        }
        Some(self.args[..arg].iter().filter(|a| a.category == ArgCategory::Surface).count() as u32)
    }

    /// Whether argument `arg` is a bindless buffer: a surface argument that is not an image
    /// (its type descriptor names no `image*_t`) of a kernel compiled with bindless buffers.
    pub fn is_bindless_buffer(&self, arg: usize) -> bool {
        self.bindless_buffers
            && self.args.get(arg).is_some_and(|a| {
                a.category == ArgCategory::Surface && !a.type_desc.to_ascii_lowercase().contains("image")
            })
    }

    /// Whether some argument is a bindless buffer ([`Kernel::is_bindless_buffer`]).
    pub fn has_bindless_buffers(&self) -> bool {
        (0..self.args.len()).any(|a| self.is_bindless_buffer(a))
    }

    /// The sampler-state index of sampler argument `arg`: sampler arguments are bound at 0, 1, ...
    /// in argument order, apart from the surfaces (`None` for an argument that is not a sampler).
    pub fn sampler_index(&self, arg: usize) -> Option<u32> {
        if self.args.get(arg)?.category != ArgCategory::Sampler {
            return None;
        }
        Some(self.args[..arg].iter().filter(|a| a.category == ArgCategory::Sampler).count() as u32)
    }
}

fn md_error(kernel: &str, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(format!("invalid genx.kernels metadata for '{kernel}': {msg}"))
        .with_location(Location::KernelMetadata(Some(kernel.to_string())))
}

/// An error about the `genx.kernels` list where no kernel can be named.
fn list_error(msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(format!("invalid genx.kernels metadata: {msg}"))
        .with_location(Location::KernelMetadata(None))
}

fn int_list(v: &MdValue, what: &str, kernel: &str) -> Result<Vec<i64>, Diagnostic> {
    match v {
        MdValue::Node(items) => items
            .iter()
            .map(|i| match i {
                MdValue::Int(n) => Ok(*n),
                other => {
                    Err(md_error(kernel, format!("{what} must hold integers, found {}", describe(other))))
                }
            })
            .collect(),
        MdValue::Int(0) | MdValue::Undef => Ok(Vec::new()),
        other => {
            Err(md_error(kernel, format!("{what} must be a node of integers, found {}", describe(other))))
        }
    }
}

fn describe(v: &MdValue) -> String {
    match v {
        MdValue::Node(items) => format!("a node of {} operands", items.len()),
        MdValue::String(s) => format!("the string \"{s}\""),
        MdValue::Int(n) => format!("the integer {n}"),
        MdValue::Function(f) => format!("function @{f}"),
        MdValue::Undef => "undef".into(),
        MdValue::Other(s) => s.clone(),
    }
}

/// The fields of one `genx.kernels` node, whichever layout it used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RawKernelNode {
    function: String,
    name: String,
    kinds: Vec<i64>,
    slm: i64,
    offsets: Vec<i64>,
    io_kinds: Vec<i64>,
    descs: Vec<String>,
    nbarriers: i64,
}

fn parse_node(node: &MdValue) -> Result<RawKernelNode, Diagnostic> {
    let MdValue::Node(ops) = node else {
        return Err(list_error(format!("an entry must be a node, found {}", describe(node))));
    };
    let function = match ops.first() {
        Some(MdValue::Function(f)) => f.clone(),
        Some(other) => {
            return Err(list_error(format!("operand 0 must be a function, found {}", describe(other))))
        }
        None => return Err(list_error("empty node")),
    };
    // IGC completes a node that stops early (operands after the kinds default to nothing): so does
    // genxc, up to the argument kinds, which it cannot guess.
    if ops.len() < 3 {
        return Err(md_error(&function, format!("a node needs at least 3 operands, found {}", ops.len())));
    }
    let name = match &ops[1] {
        MdValue::String(s) if !s.is_empty() => s.clone(),
        other => {
            return Err(md_error(
                &function,
                format!("operand 1 (name) must be a string, found {}", describe(other)),
            ))
        }
    };
    // the name names the kernel's output files (`<name>.visaasm`) and its symbols: one file name
    // in the output folder, printable
    if name.chars().any(|c| c.is_control() || c == '/' || c == '\\') || name == "." || name == ".." {
        return Err(md_error(
            &function,
            format!(
                "operand 1 (name) {name:?} cannot name the kernel's files and symbols: no '/', '\\', control character, '.' or '..'"
            ),
        ));
    }
    let int = |v: &MdValue, what: &str| match v {
        MdValue::Int(n) => Ok(*n),
        MdValue::Undef => Ok(0),
        other => Err(md_error(&function, format!("{what} must be an integer, found {}", describe(other)))),
    };
    let mut raw = RawKernelNode { function: function.clone(), name, ..Default::default() };
    // Operand `i` when the node has it.
    let op = |i: usize| ops.get(i);
    if let MdValue::String(_) = &ops[2] {
        // Original layout: fn, name, asm name, kinds, slm, offsets [, io kinds, descs].
        let kinds = op(3).ok_or_else(|| {
            md_error(&function, "a node of the original layout needs operand 3 (argument kinds)")
        })?;
        raw.kinds = int_list(kinds, "operand 3 (argument kinds)", &function)?;
        if let Some(v) = op(4) {
            raw.slm = int(v, "operand 4 (SLM size)")?;
        }
        if let Some(v) = op(5) {
            raw.offsets = int_list(v, "operand 5 (argument offsets)", &function)?;
        }
        if let Some(v) = op(6) {
            raw.io_kinds = int_list(v, "operand 6 (IO kinds)", &function)?;
        }
        if let Some(v) = op(7) {
            raw.descs = string_list(v, "operand 7 (type descriptors)", &function)?;
        }
    } else {
        // Current layout: fn, name, kinds, slm, offsets, io kinds, descs [, named barriers].
        raw.kinds = int_list(&ops[2], "operand 2 (argument kinds)", &function)?;
        if let Some(v) = op(3) {
            raw.slm = int(v, "operand 3 (SLM size)")?;
        }
        if let Some(v) = op(4) {
            raw.offsets = int_list(v, "operand 4 (argument offsets)", &function)?;
        }
        if let Some(v) = op(5) {
            raw.io_kinds = int_list(v, "operand 5 (IO kinds)", &function)?;
        }
        if let Some(v) = op(6) {
            raw.descs = string_list(v, "operand 6 (type descriptors)", &function)?;
        }
        if let Some(v) = op(7) {
            raw.nbarriers = int(v, "operand 7 (named barrier count)")?;
        }
    }
    Ok(raw)
}

fn string_list(v: &MdValue, what: &str, kernel: &str) -> Result<Vec<String>, Diagnostic> {
    match v {
        MdValue::Node(items) => items
            .iter()
            .map(|i| match i {
                MdValue::String(s) => Ok(s.clone()),
                MdValue::Undef => Ok(String::new()),
                other => {
                    Err(md_error(kernel, format!("{what} must hold strings, found {}", describe(other))))
                }
            })
            .collect(),
        MdValue::Undef | MdValue::Int(0) => Ok(Vec::new()),
        other => {
            Err(md_error(kernel, format!("{what} must be a node of strings, found {}", describe(other))))
        }
    }
}

/// Decodes an argument kind number.
pub fn decode_kind(code: u32) -> Option<(ArgCategory, ImplicitArg)> {
    let category = match code & 7 {
        0 => ArgCategory::General,
        1 => ArgCategory::Sampler,
        2 => ArgCategory::Surface,
        _ => return None,
    };
    let implicit = match code >> 3 {
        0 => ImplicitArg::None,
        1 => ImplicitArg::LocalSize,
        2 => ImplicitArg::GroupCount,
        3 => ImplicitArg::LocalId,
        PRINTF_BUFFER_IMPLICIT => ImplicitArg::PrintfBuffer,
        PRIVATE_BASE_IMPLICIT => ImplicitArg::PrivateBase,
        n => ImplicitArg::Other(n),
    };
    Some((category, implicit))
}

/// The implicit kind (kind >> 3) of the printf buffer argument.
pub const PRINTF_BUFFER_IMPLICIT: u32 = 0xB;

/// The implicit kind (kind >> 3) of the private memory base argument.
pub const PRIVATE_BASE_IMPLICIT: u32 = 0xC;

/// Appends the printf buffer argument (a 64-bit general input, kind 88) to `k`, placed after every
/// other input, 8-byte aligned and not straddling a GRF; gives its index.
pub fn add_printf_buffer_arg(k: &mut Kernel, platform: Platform) -> Result<usize, String> {
    add_implicit_address_arg(
        k,
        platform,
        ImplicitArg::PrintfBuffer,
        PRINTF_BUFFER_IMPLICIT,
        "the printf buffer",
    )
}

/// Appends the private memory base argument (a 64-bit general input, kind 96) to `k`, placed as
/// the printf buffer's is; gives its index.
pub fn add_private_base_arg(k: &mut Kernel, platform: Platform) -> Result<usize, String> {
    add_implicit_address_arg(
        k,
        platform,
        ImplicitArg::PrivateBase,
        PRIVATE_BASE_IMPLICIT,
        "the private memory base",
    )
}

/// Appends a 64-bit implicit input of kind `implicit << 3` after every other input of `k`.
fn add_implicit_address_arg(
    k: &mut Kernel,
    platform: Platform,
    which: ImplicitArg,
    implicit: u32,
    what: &str,
) -> Result<usize, String> {
    let grf = platform.grf_bytes();
    let limit = platform.info().input_grfs * grf;
    let end = k.args.iter().filter_map(|a| a.offset.map(|o| o + a.size)).max().unwrap_or(0).max(2 * grf);
    let mut off = end.div_ceil(8) * 8;
    if off / grf != (off + 7) / grf {
        off = off.div_ceil(grf) * grf;
    }
    if off + 8 > limit {
        return Err(format!("{what} argument does not fit in the {limit} bytes of the input area"));
    }
    k.args.push(KernelArg {
        kind_code: implicit << 3,
        category: ArgCategory::General,
        implicit: which,
        offset: Some(off),
        size: 8,
        io_kind: IoKind::Normal,
        type_desc: String::new(),
        ty: Type::Scalar(Elem::I64),
        pointer: None,
    });
    Ok(k.args.len() - 1)
}

/// Whether a type descriptor names a stateful buffer passed as a 64-bit pointer input.
fn desc_is_buffer_pointer(desc: &str) -> bool {
    let d = desc.to_ascii_lowercase();
    d.contains("svmptr_t")
}

/// Size of an argument in the payload, and its alignment.
fn arg_layout(arg: &KernelArg) -> (u32, u32) {
    match arg.category {
        ArgCategory::General => {
            if desc_is_buffer_pointer(&arg.type_desc) {
                (8, 8)
            } else {
                let elem = arg.ty.elem().map_or(1, Elem::bytes);
                (arg.ty.bytes().max(1), elem)
            }
        }
        ArgCategory::Sampler | ArgCategory::Surface => (4, 4),
    }
}

/// Computes payload offsets for arguments that have none, in the platform's GRF layout:
/// r0 reserved; local ids in r1; implicit arguments, then explicit ones, in IR order from r2,
/// each aligned to its element size and moved to the next GRF rather than straddle one.
pub fn compute_offsets(args: &mut [KernelArg], platform: Platform) -> Result<(), String> {
    let grf = platform.grf_bytes();
    let limit = platform.info().input_grfs * grf;
    let mut next = 2 * grf;
    let mut place = |size: u32, align: u32| -> Result<u32, String> {
        let align = align.max(1);
        let mut off = next.div_ceil(align) * align;
        // Never straddle a GRF; anything larger than one starts at a GRF boundary.
        if size > grf || off / grf != (off + size - 1) / grf {
            off = off.div_ceil(grf) * grf;
        }
        if off + size > limit {
            return Err(format!("kernel arguments need more than the {} bytes of the input area", limit));
        }
        next = off + size;
        Ok(off)
    };
    for (i, arg) in args.iter_mut().enumerate() {
        if arg.implicit == ImplicitArg::LocalId {
            let (size, _) = arg_layout(arg);
            if size > grf {
                return Err(format!("argument {i}: local ids of {size} bytes do not fit in one GRF"));
            }
            arg.offset = Some(grf);
            arg.size = size;
        }
    }
    let order: Vec<usize> = (0..args.len())
        .filter(|&i| args[i].implicit != ImplicitArg::None && args[i].implicit != ImplicitArg::LocalId)
        .chain((0..args.len()).filter(|&i| args[i].implicit == ImplicitArg::None))
        .collect();
    for i in order {
        let (size, align) = arg_layout(&args[i]);
        args[i].size = size;
        args[i].offset = Some(place(size, align)?);
    }
    Ok(())
}

/// Checks given offsets: inside the input area, past r0, no straddling of a GRF for inputs smaller
/// than one, GRF aligned for larger ones, no overlaps.
fn check_offsets(args: &[KernelArg], platform: Platform) -> Result<(), String> {
    let grf = platform.grf_bytes();
    let limit = platform.info().input_grfs * grf;
    let mut spans: Vec<(u32, u32, usize)> = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let Some(off) = a.offset else { continue };
        let end = off + a.size;
        if off < grf || end > limit {
            return Err(format!("argument {i} at byte {off} is outside the input area [{grf}, {limit})"));
        }
        if a.size <= grf && off / grf != (end - 1) / grf {
            return Err(format!("argument {i} at byte {off} ({} bytes) straddles a GRF boundary", a.size));
        }
        if a.size > grf && off % grf != 0 {
            return Err(format!("argument {i} at byte {off} is larger than a GRF and must be GRF aligned"));
        }
        spans.push((off, end, i));
    }
    spans.sort();
    for w in spans.windows(2) {
        if w[1].0 < w[0].1 {
            return Err(format!("arguments {} and {} overlap", w[0].2, w[1].2));
        }
    }
    Ok(())
}

/// Reads, checks and completes the kernel descriptions of a module.
///
/// `nodes` are the operands of the `genx.kernels` named metadata. Every `dllexport` function without
/// a node gets one built from its signature (all arguments general). Offsets absent from the input
/// (the placeholder `i32 0`) are computed for `platform`; given ones are checked.
pub fn build_kernels(
    module: &Module,
    nodes: &[MdValue],
    platform: Platform,
) -> Result<Vec<Kernel>, Vec<Diagnostic>> {
    build_kernels_noting(module, nodes, platform, &mut Vec::new())
}

/// [`build_kernels`], adding to `notes` a warning for each kernel whose given argument offsets do
/// not fit `platform` (outside its input area, overlapping, straddling a GRF) and were recomputed
/// as IGC recomputes them.
pub fn build_kernels_noting(
    module: &Module,
    nodes: &[MdValue],
    platform: Platform,
    notes: &mut Vec<Diagnostic>,
) -> Result<Vec<Kernel>, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut kernels: Vec<Kernel> = Vec::new();
    // Lookups by name and the duplicate checks through hash sets: modules have thousands of kernels.
    let mut by_name = HashMap::new();
    for (id, f) in module.functions.iter() {
        by_name.entry(f.name.as_str()).or_insert(id);
    }
    let mut funcs = HashSet::new();
    let mut names = HashSet::new();
    for node in nodes {
        match parse_node(node).and_then(|raw| kernel_from_raw(module, &by_name, raw, platform, notes)) {
            Ok(k) => {
                if funcs.contains(&k.func) {
                    diags.push(md_error(&k.name, "the function has more than one genx.kernels node"));
                } else if names.contains(&k.name) {
                    diags.push(md_error(&k.name, "two kernels have the same name"));
                } else {
                    funcs.insert(k.func);
                    names.insert(k.name.clone());
                    kernels.push(k);
                }
            }
            Err(d) => diags.push(d),
        }
    }
    for (id, f) in module.functions.iter() {
        if f.linkage == Linkage::Kernel && !funcs.contains(&id) && diags.is_empty() {
            match synthesize(id, f, platform) {
                Ok(k) => kernels.push(k),
                Err(d) => diags.push(d),
            }
        }
    }
    if diags.is_empty() {
        Ok(kernels)
    } else {
        Err(diags)
    }
}

fn kernel_from_raw(
    module: &Module,
    by_name: &HashMap<&str, FuncId>,
    raw: RawKernelNode,
    platform: Platform,
    notes: &mut Vec<Diagnostic>,
) -> Result<Kernel, Diagnostic> {
    let kname = raw.name.clone();
    // a declared-only function (a stack call's callee) has no body: not defined here either
    let defined =
        by_name.get(raw.function.as_str()).filter(|&&f| !crate::units::is_declaration(&module.functions[f]));
    let Some(&func) = defined else {
        return Err(md_error(&kname, format!("function @{} is not defined in the module", raw.function)));
    };
    let f = &module.functions[func];
    if f.linkage != Linkage::Kernel {
        return Err(md_error(&kname, format!("function @{} is not a kernel (it must be dllexport)", f.name)));
    }
    if f.ret != Type::Void {
        return Err(md_error(&kname, format!("kernel @{} must return void, not {}", f.name, f.ret)));
    }
    let n = f.params.len();
    if raw.kinds.len() != n {
        return Err(md_error(
            &kname,
            format!("{} argument kinds given for {} arguments (one kind per argument)", raw.kinds.len(), n),
        ));
    }
    if raw.io_kinds.len() > n || raw.descs.len() > n {
        return Err(md_error(&kname, format!("more IO kinds or type descriptors than the {n} arguments")));
    }
    if !raw.offsets.is_empty() && raw.offsets.len() != n {
        return Err(md_error(
            &kname,
            format!("{} argument offsets given for {} arguments", raw.offsets.len(), n),
        ));
    }
    if !(0..=(1 << 20)).contains(&raw.slm) {
        return Err(md_error(&kname, format!("SLM size {} is out of range", raw.slm)));
    }
    if !(0..=32).contains(&raw.nbarriers) {
        return Err(md_error(&kname, format!("named barrier count {} is out of range", raw.nbarriers)));
    }
    let mut args = Vec::with_capacity(n);
    for i in 0..n {
        let code = raw.kinds[i];
        let Some((category, implicit)) = u32::try_from(code).ok().and_then(decode_kind) else {
            return Err(md_error(&kname, format!("argument {i} has the unknown kind {code}")));
        };
        let ty = f.params[i];
        if category != ArgCategory::General && ty != Type::Scalar(Elem::I32) {
            return Err(md_error(
                &kname,
                format!("argument {i} is a {} and must be i32, not {ty}", category.name()),
            ));
        }
        let io_code = raw.io_kinds.get(i).copied().unwrap_or(0);
        let Some(io_kind) = IoKind::from_code(io_code) else {
            return Err(md_error(&kname, format!("argument {i} has the unknown IO kind {io_code}")));
        };
        args.push(KernelArg {
            kind_code: code as u32,
            category,
            implicit,
            offset: None,
            size: 0,
            io_kind,
            type_desc: raw.descs.get(i).cloned().unwrap_or_default(),
            ty,
            pointer: None,
        });
    }
    let given = !raw.offsets.is_empty() && raw.offsets.iter().any(|&o| o != 0);
    if given {
        for (i, (arg, &off)) in args.iter_mut().zip(&raw.offsets).enumerate() {
            arg.size = arg_layout(arg).0;
            arg.offset = match off {
                -1 => None,
                o if (0..=i64::from(u32::MAX)).contains(&o) => Some(o as u32),
                o => return Err(md_error(&kname, format!("argument {i} has the invalid offset {o}"))),
            };
        }
        if let Err(why) = check_offsets(&args, platform) {
            // IGC lays the arguments out again for the target; so does genxc, and says so.
            compute_offsets(&mut args, platform).map_err(|m| md_error(&kname, m))?;
            notes.push(Diagnostic::warning(format!(
                "genx.kernels metadata for '{kname}': the given argument offsets do not fit {platform} \
                 ({why}); recomputed"
            )));
        }
    } else {
        compute_offsets(&mut args, platform).map_err(|m| md_error(&kname, m))?;
    }
    Ok(Kernel {
        func,
        name: raw.name,
        args,
        slm_size: raw.slm as u32,
        nbarrier_count: raw.nbarriers as u32,
        synthesized: false,
        printf_strings: Vec::new(),
        globals: Vec::new(),
        private_memory: 0,
        external_functions: Vec::new(),
        bindless_buffers: false,
    })
}

fn synthesize(func: FuncId, f: &Function, platform: Platform) -> Result<Kernel, Diagnostic> {
    if f.ret != Type::Void {
        return Err(md_error(&f.name, format!("kernel @{} must return void, not {}", f.name, f.ret)));
    }
    let mut args: Vec<KernelArg> = f
        .params
        .iter()
        .map(|&ty| KernelArg {
            kind_code: 0,
            category: ArgCategory::General,
            implicit: ImplicitArg::None,
            offset: None,
            size: 0,
            io_kind: IoKind::Normal,
            type_desc: String::new(),
            ty,
            pointer: None,
        })
        .collect();
    compute_offsets(&mut args, platform).map_err(|m| md_error(&f.name, m))?;
    Ok(Kernel::synthesized(func, f.name.clone(), args))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Function;

    fn module_with(params: Vec<Type>) -> Module {
        let mut m = Module::default();
        let mut f = Function::new("k", Linkage::Kernel, params, Type::Void);
        let b = f.add_block("entry");
        f.blocks[b].term = crate::ir::Terminator::Ret(None);
        m.functions.alloc(f);
        m
    }

    fn ints(v: &[i64]) -> MdValue {
        MdValue::Node(v.iter().map(|&i| MdValue::Int(i)).collect())
    }

    fn strs(v: &[&str]) -> MdValue {
        MdValue::Node(v.iter().map(|s| MdValue::String(s.to_string())).collect())
    }

    #[test]
    fn current_layout_with_computed_offsets() {
        let m =
            module_with(vec![Type::Scalar(Elem::Float), Type::Scalar(Elem::I32), Type::Scalar(Elem::I32)]);
        let node = MdValue::Node(vec![
            MdValue::Function("k".into()),
            MdValue::String("saxpy".into()),
            ints(&[0, 2, 2]),
            MdValue::Int(0),
            MdValue::Int(0),
            ints(&[0, 0, 0]),
            strs(&["", "buffer_t read_only", "buffer_t read_write"]),
            MdValue::Int(0),
        ]);
        let ks = build_kernels(&m, std::slice::from_ref(&node), Platform::Tgllp).unwrap();
        let offs: Vec<_> = ks[0].args.iter().map(|a| a.offset).collect();
        assert_eq!(offs, vec![Some(64), Some(68), Some(72)]);
        assert_eq!(ks[0].args[1].category, ArgCategory::Surface);
        let ks = build_kernels(&m, &[node], Platform::Pvc).unwrap();
        assert_eq!(ks[0].args[0].offset, Some(128));
    }

    #[test]
    fn igc_worked_example_offsets() {
        // (image, image, i32, <3 x i16> local_id, <3 x i32> local_size, i64 private_base)
        let m = module_with(vec![
            Type::Scalar(Elem::I32),
            Type::Scalar(Elem::I32),
            Type::Scalar(Elem::I32),
            Type::Vector(Elem::I16, 3),
            Type::Vector(Elem::I32, 3),
            Type::Scalar(Elem::I64),
        ]);
        let mut args = Vec::new();
        let f = &m.functions.iter().next().unwrap().1;
        for (i, code) in [2u32, 2, 0, 24, 8, 96].into_iter().enumerate() {
            let (category, implicit) = decode_kind(code).unwrap();
            args.push(KernelArg {
                kind_code: code,
                category,
                implicit,
                offset: None,
                size: 0,
                io_kind: IoKind::Normal,
                type_desc: if i < 2 { "image2d_media_block_t read_write".into() } else { String::new() },
                ty: f.params[i],
                pointer: None,
            });
        }
        compute_offsets(&mut args, Platform::Skl).unwrap();
        // The surfaces get payload slots here (genxc passes binding-table indices as inputs).
        let offs: Vec<_> = args.iter().map(|a| a.offset.unwrap()).collect();
        assert_eq!(&offs[3..6], &[32, 64, 80]);
    }

    #[test]
    fn old_layout_and_checks() {
        let m = module_with(vec![Type::Scalar(Elem::I32)]);
        let old = MdValue::Node(vec![
            MdValue::Function("k".into()),
            MdValue::String("k".into()),
            MdValue::String("k_0.asm".into()),
            ints(&[2]),
            MdValue::Int(256),
            ints(&[64]),
        ]);
        let ks = build_kernels(&m, &[old], Platform::Tgllp).unwrap();
        assert_eq!((ks[0].slm_size, ks[0].args[0].offset), (256, Some(64)));
        let bad_count = MdValue::Node(vec![
            MdValue::Function("k".into()),
            MdValue::String("k".into()),
            ints(&[2, 0]),
            MdValue::Int(0),
            MdValue::Int(0),
            ints(&[]),
        ]);
        let e = build_kernels(&m, &[bad_count], Platform::Tgllp).unwrap_err();
        assert!(e[0].message.contains("2 argument kinds given for 1 arguments"), "{}", e[0]);
        let straddle = MdValue::Node(vec![
            MdValue::Function("k".into()),
            MdValue::String("k".into()),
            MdValue::String("a".into()),
            ints(&[0]),
            MdValue::Int(0),
            ints(&[62]),
        ]);
        // A given layout that does not fit is laid out again, with a warning naming the reason.
        let mut notes = Vec::new();
        let ks = build_kernels_noting(&m, &[straddle], Platform::Tgllp, &mut notes).unwrap();
        assert_eq!(ks[0].args[0].offset, Some(64));
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].severity, genxc_diag::Severity::Warning);
        assert!(
            notes[0].message.contains("straddles") && notes[0].message.contains("recomputed"),
            "{}",
            notes[0]
        );
        // offset 32 is inside r0 on PVC (64-byte GRFs): outside the input area, recomputed to r2
        let r1 = MdValue::Node(vec![
            MdValue::Function("k".into()),
            MdValue::String("k".into()),
            ints(&[0]),
            MdValue::Int(0),
            ints(&[32]),
            ints(&[0]),
        ]);
        let mut notes = Vec::new();
        let ks = build_kernels_noting(&m, &[r1], Platform::Pvc, &mut notes).unwrap();
        assert_eq!(ks[0].args[0].offset, Some(128));
        assert!(notes[0].message.contains("outside the input area"), "{}", notes[0]);
    }

    #[test]
    fn partial_node_is_completed() {
        let m = module_with(vec![Type::Scalar(Elem::I32), Type::Scalar(Elem::I32)]);
        // fn, name, kinds: SLM, offsets, IO kinds and descriptors default
        let node =
            MdValue::Node(vec![MdValue::Function("k".into()), MdValue::String("k".into()), ints(&[2, 0])]);
        let ks = build_kernels(&m, &[node], Platform::Tgllp).unwrap();
        assert_eq!(ks[0].slm_size, 0);
        assert_eq!(ks[0].args[0].category, ArgCategory::Surface);
        assert_eq!(ks[0].args.iter().map(|a| a.offset).collect::<Vec<_>>(), vec![Some(64), Some(68)]);
        let two = MdValue::Node(vec![MdValue::Function("k".into()), MdValue::String("k".into())]);
        let e = build_kernels(&m, &[two], Platform::Tgllp).unwrap_err();
        assert!(e[0].message.contains("at least 3 operands, found 2"), "{}", e[0]);
    }

    #[test]
    fn synthesizes_a_node_for_a_bare_dllexport() {
        let m = module_with(vec![Type::Vector(Elem::I32, 8), Type::Scalar(Elem::I32)]);
        let ks = build_kernels(&m, &[], Platform::Tgllp).unwrap();
        assert!(ks[0].synthesized);
        let offs: Vec<_> = ks[0].args.iter().map(|a| a.offset).collect();
        assert_eq!(offs, vec![Some(64), Some(96)]);
    }
}
