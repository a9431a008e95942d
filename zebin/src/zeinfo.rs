//! `.ze_info`: the YAML metadata of a zebin, as typed data ([`ZeInfo`]), its writer
//! ([`ZeInfo::to_yaml`]) and a reader ([`parse`] into a [`Node`] tree, [`ZeInfo::from_yaml`] back
//! into the typed form).
//!
//! The keys are those the compute runtime's decoder reads: per kernel its `name`, its
//! `execution_env` (GRF count, SIMD size, SLM size, barriers, stack calls, required sub-group size,
//! the offset a runtime that loads the per-thread payload itself skips), its `payload_arguments`
//! (explicit arguments by value or by pointer with their addressing mode, address space and
//! access; implicit ones such as local size, group count, private base and the printf buffer),
//! its `per_thread_payload_arguments` (the local ids), its `binding_table_indices` and its
//! `per_thread_memory_buffers`. The reader accepts the YAML subset the writer produces (block
//! mappings and sequences, plain and single-quoted scalars), which is also the form Intel's
//! compiler writes.

/// The `.ze_info` version written: the newest minor version the installed runtime's decoder
/// knows (a newer minor draws a warning), with every key used here.
pub const ZEINFO_VERSION: (u32, u32) = (1, 15);

/// The metadata of a whole zebin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZeInfo {
    /// `version`: major and minor.
    pub version: (u32, u32),
    /// `kernels`, in `.text` section order.
    pub kernels: Vec<KernelInfo>,
}

/// One kernel's entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelInfo {
    /// `name`: the kernel's name, also the suffix of its `.text.` section.
    pub name: String,
    /// `execution_env`.
    pub execution_env: ExecutionEnv,
    /// `payload_arguments`: the cross-thread data the runtime writes.
    pub payload_arguments: Vec<PayloadArg>,
    /// `per_thread_payload_arguments`: the per-thread data (local ids).
    pub per_thread_payload_arguments: Vec<PerThreadPayloadArg>,
    /// `binding_table_indices`: where each stateful argument's surface is bound.
    pub binding_table_indices: Vec<BindingTableIndex>,
    /// `per_thread_memory_buffers`: private memory the runtime allocates.
    pub per_thread_memory_buffers: Vec<PerThreadBuffer>,
}

/// `execution_env` of a kernel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExecutionEnv {
    /// `grf_count`: general registers per thread (128 or 256).
    pub grf_count: u32,
    /// `simd_size`: 1 for a CM kernel (one thread per work item), else 8, 16 or 32.
    pub simd_size: u32,
    /// `slm_size`: bytes of shared local memory per work-group (omitted when 0).
    pub slm_size: u32,
    /// `barrier_count`: work-group barriers used (omitted when 0).
    pub barrier_count: u32,
    /// `has_stack_calls` (omitted when false).
    pub has_stack_calls: bool,
    /// `required_sub_group_size` (omitted when `None`).
    pub required_sub_group_size: Option<u32>,
    /// `offset_to_skip_per_thread_data_load`: bytes of the per-thread payload prologue at the
    /// start of the code (omitted when `None`).
    pub offset_to_skip_per_thread_data_load: Option<u32>,
    /// `private_size`: bytes of private memory per thread (omitted when `None`).
    pub private_size: Option<u32>,
    /// `spill_size`: bytes of spill memory per thread (omitted when `None`).
    pub spill_size: Option<u32>,
}

/// `arg_type` of a payload argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayloadArgType {
    /// `arg_byvalue`: an explicit argument copied into the payload.
    ArgByValue,
    /// `arg_bypointer`: an explicit buffer, image or sampler argument.
    ArgByPointer,
    /// `local_size`: the work-group size, three 32-bit values.
    LocalSize,
    /// `group_count`: the number of work-groups, three 32-bit values.
    GroupCount,
    /// `global_id_offset`: the global offset, three 32-bit values.
    GlobalIdOffset,
    /// `private_base_stateless`: the 64-bit base of the private memory.
    PrivateBaseStateless,
    /// `printf_buffer`: the 64-bit address of the printf buffer.
    PrintfBuffer,
    /// `buffer_address`: the 64-bit address of an explicit buffer argument.
    BufferAddress,
}

impl PayloadArgType {
    const ALL: [PayloadArgType; 8] = [
        PayloadArgType::ArgByValue,
        PayloadArgType::ArgByPointer,
        PayloadArgType::LocalSize,
        PayloadArgType::GroupCount,
        PayloadArgType::GlobalIdOffset,
        PayloadArgType::PrivateBaseStateless,
        PayloadArgType::PrintfBuffer,
        PayloadArgType::BufferAddress,
    ];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            PayloadArgType::ArgByValue => "arg_byvalue",
            PayloadArgType::ArgByPointer => "arg_bypointer",
            PayloadArgType::LocalSize => "local_size",
            PayloadArgType::GroupCount => "group_count",
            PayloadArgType::GlobalIdOffset => "global_id_offset",
            PayloadArgType::PrivateBaseStateless => "private_base_stateless",
            PayloadArgType::PrintfBuffer => "printf_buffer",
            PayloadArgType::BufferAddress => "buffer_address",
        }
    }

    /// Whether the type describes an explicit kernel argument (it then has an `arg_index`).
    pub fn is_explicit(self) -> bool {
        matches!(
            self,
            PayloadArgType::ArgByValue | PayloadArgType::ArgByPointer | PayloadArgType::BufferAddress
        )
    }
}

/// `addrmode` of a by-pointer argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddrMode {
    /// `stateless`: a 64-bit address in the payload.
    Stateless,
    /// `stateful`: a surface bound in the binding table.
    Stateful,
    /// `bindless`: a surface state offset in the payload.
    Bindless,
    /// `slm`: an offset in shared local memory.
    Slm,
}

impl AddrMode {
    const ALL: [AddrMode; 4] = [AddrMode::Stateless, AddrMode::Stateful, AddrMode::Bindless, AddrMode::Slm];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            AddrMode::Stateless => "stateless",
            AddrMode::Stateful => "stateful",
            AddrMode::Bindless => "bindless",
            AddrMode::Slm => "slm",
        }
    }
}

/// `addrspace` of a by-pointer argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddrSpace {
    /// `global` memory (buffers).
    Global,
    /// `local`: shared local memory.
    Local,
    /// `constant` memory.
    Constant,
    /// `image`.
    Image,
    /// `sampler`.
    Sampler,
}

impl AddrSpace {
    const ALL: [AddrSpace; 5] =
        [AddrSpace::Global, AddrSpace::Local, AddrSpace::Constant, AddrSpace::Image, AddrSpace::Sampler];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Global => "global",
            AddrSpace::Local => "local",
            AddrSpace::Constant => "constant",
            AddrSpace::Image => "image",
            AddrSpace::Sampler => "sampler",
        }
    }
}

/// `access_type` of a by-pointer argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessType {
    /// `readonly`.
    ReadOnly,
    /// `writeonly`.
    WriteOnly,
    /// `readwrite`.
    ReadWrite,
}

impl AccessType {
    const ALL: [AccessType; 3] = [AccessType::ReadOnly, AccessType::WriteOnly, AccessType::ReadWrite];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            AccessType::ReadOnly => "readonly",
            AccessType::WriteOnly => "writeonly",
            AccessType::ReadWrite => "readwrite",
        }
    }
}

/// One entry of `payload_arguments`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayloadArg {
    /// `arg_type`.
    pub arg_type: PayloadArgType,
    /// `offset`: bytes from the start of the cross-thread data.
    pub offset: u32,
    /// `size` in bytes.
    pub size: u32,
    /// `arg_index`: the explicit argument's position (explicit types only).
    pub arg_index: Option<u32>,
    /// `addrmode` (by-pointer arguments).
    pub addrmode: Option<AddrMode>,
    /// `addrspace` (by-pointer arguments).
    pub addrspace: Option<AddrSpace>,
    /// `access_type` (by-pointer arguments).
    pub access_type: Option<AccessType>,
    /// `source_offset`: the byte of the argument this payload slot copies (by-value arguments).
    pub source_offset: Option<u32>,
    /// `sampler_index` (sampler arguments).
    pub sampler_index: Option<u32>,
    /// `image_type` (image arguments: `image_2d`, `image_buffer`, ...).
    pub image_type: Option<String>,
}

impl PayloadArg {
    /// An implicit argument of `arg_type` at `offset`.
    pub fn implicit(arg_type: PayloadArgType, offset: u32, size: u32) -> PayloadArg {
        PayloadArg {
            arg_type,
            offset,
            size,
            arg_index: None,
            addrmode: None,
            addrspace: None,
            access_type: None,
            source_offset: None,
            sampler_index: None,
            image_type: None,
        }
    }
}

/// `arg_type` of a per-thread payload argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerThreadArgType {
    /// `packed_local_ids`: x, y, z as three 16-bit values (SIMD1 kernels).
    PackedLocalIds,
    /// `local_id`: one GRF of 16-bit ids per dimension (SIMD8/16/32 kernels).
    LocalId,
}

impl PerThreadArgType {
    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            PerThreadArgType::PackedLocalIds => "packed_local_ids",
            PerThreadArgType::LocalId => "local_id",
        }
    }
}

/// One entry of `per_thread_payload_arguments`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerThreadPayloadArg {
    /// `arg_type`.
    pub arg_type: PerThreadArgType,
    /// `offset` in the per-thread data.
    pub offset: u32,
    /// `size` in bytes.
    pub size: u32,
}

/// One entry of `binding_table_indices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindingTableIndex {
    /// `bti_value`: the binding-table slot.
    pub bti_value: u32,
    /// `arg_index`: the explicit argument bound there.
    pub arg_index: u32,
}

/// What a per-thread memory buffer holds and where it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerThreadBufferKind {
    /// `type: global`, `usage: private_space`: private memory in global memory, whose base the
    /// runtime passes as `private_base_stateless`.
    Private,
    /// `type: scratch`, `usage: spill_fill_space`: the scratch space the finalizer's spill code
    /// addresses.
    SpillFill,
}

impl PerThreadBufferKind {
    /// The YAML `type` and `usage`.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            PerThreadBufferKind::Private => ("global", "private_space"),
            PerThreadBufferKind::SpillFill => ("scratch", "spill_fill_space"),
        }
    }
}

/// One entry of `per_thread_memory_buffers`: `size` bytes per hardware thread the runtime
/// allocates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerThreadBuffer {
    /// What the buffer is.
    pub kind: PerThreadBufferKind,
    /// `size` in bytes per thread.
    pub size: u32,
}

/// Whether `s` can be written as a plain YAML scalar (no quoting).
fn plain(s: &str) -> bool {
    !s.is_empty()
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$')
        && !s.starts_with('.')
}

/// `s` as a YAML scalar: plain when it can be, else single-quoted (`'` doubled).
fn scalar(s: &str) -> String {
    if plain(s) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "''"))
    }
}

/// Appends `n` in decimal.
fn push_u32(y: &mut String, n: u32) {
    y.push_str(itoa::Buffer::new().format(n));
}

/// Appends one `key: value` line (`key` holds the indentation and the `: `).
fn text_line(y: &mut String, key: &str, value: &str) {
    y.push_str(key);
    y.push_str(value);
    y.push('\n');
}

/// Appends one `key: <n>` line (`key` holds the indentation and the `: `).
fn number_line(y: &mut String, key: &str, n: u32) {
    y.push_str(key);
    push_u32(y, n);
    y.push('\n');
}

impl ZeInfo {
    /// The metadata of `kernels` at [`ZEINFO_VERSION`].
    pub fn new(kernels: Vec<KernelInfo>) -> ZeInfo {
        ZeInfo { version: ZEINFO_VERSION, kernels }
    }

    /// The YAML text of the `.ze_info` section.
    pub fn to_yaml(&self) -> String {
        // about 600 bytes a kernel of a few arguments; written with `push_str` (the formatting
        // machinery of `writeln!` was most of the writer's work)
        let mut y = String::with_capacity(64 + 640 * self.kernels.len());
        y.push_str("---\nversion: '");
        push_u32(&mut y, self.version.0);
        y.push('.');
        push_u32(&mut y, self.version.1);
        y.push_str("'\nkernels:\n");
        for k in &self.kernels {
            text_line(&mut y, "  - name: ", &scalar(&k.name));
            let e = &k.execution_env;
            y.push_str("    execution_env:\n");
            if e.barrier_count > 0 {
                number_line(&mut y, "      barrier_count: ", e.barrier_count);
            }
            number_line(&mut y, "      grf_count: ", e.grf_count);
            if e.has_stack_calls {
                y.push_str("      has_stack_calls: true\n");
            }
            if let Some(n) = e.offset_to_skip_per_thread_data_load {
                number_line(&mut y, "      offset_to_skip_per_thread_data_load: ", n);
            }
            if let Some(n) = e.private_size {
                number_line(&mut y, "      private_size: ", n);
            }
            if let Some(n) = e.required_sub_group_size {
                number_line(&mut y, "      required_sub_group_size: ", n);
            }
            number_line(&mut y, "      simd_size: ", e.simd_size);
            if e.slm_size > 0 {
                number_line(&mut y, "      slm_size: ", e.slm_size);
            }
            if let Some(n) = e.spill_size {
                number_line(&mut y, "      spill_size: ", n);
            }
            if !k.payload_arguments.is_empty() {
                y.push_str("    payload_arguments:\n");
                for a in &k.payload_arguments {
                    text_line(&mut y, "      - arg_type: ", a.arg_type.name());
                    number_line(&mut y, "        offset: ", a.offset);
                    number_line(&mut y, "        size: ", a.size);
                    if let Some(i) = a.arg_index {
                        number_line(&mut y, "        arg_index: ", i);
                    }
                    if let Some(m) = a.addrmode {
                        text_line(&mut y, "        addrmode: ", m.name());
                    }
                    if let Some(s) = a.addrspace {
                        text_line(&mut y, "        addrspace: ", s.name());
                    }
                    if let Some(t) = a.access_type {
                        text_line(&mut y, "        access_type: ", t.name());
                    }
                    if let Some(o) = a.source_offset {
                        number_line(&mut y, "        source_offset: ", o);
                    }
                    if let Some(s) = a.sampler_index {
                        number_line(&mut y, "        sampler_index: ", s);
                    }
                    if let Some(t) = &a.image_type {
                        text_line(&mut y, "        image_type: ", &scalar(t));
                    }
                }
            }
            if !k.per_thread_payload_arguments.is_empty() {
                y.push_str("    per_thread_payload_arguments:\n");
                for a in &k.per_thread_payload_arguments {
                    text_line(&mut y, "      - arg_type: ", a.arg_type.name());
                    number_line(&mut y, "        offset: ", a.offset);
                    number_line(&mut y, "        size: ", a.size);
                }
            }
            if !k.binding_table_indices.is_empty() {
                y.push_str("    binding_table_indices:\n");
                for b in &k.binding_table_indices {
                    number_line(&mut y, "      - bti_value: ", b.bti_value);
                    number_line(&mut y, "        arg_index: ", b.arg_index);
                }
            }
            if !k.per_thread_memory_buffers.is_empty() {
                y.push_str("    per_thread_memory_buffers:\n");
                for b in &k.per_thread_memory_buffers {
                    let (kind, usage) = b.kind.names();
                    text_line(&mut y, "      - type: ", kind);
                    text_line(&mut y, "        usage: ", usage);
                    number_line(&mut y, "        size: ", b.size);
                }
            }
        }
        y.push_str("...\n");
        y
    }

    /// Reads `.ze_info` text back into the typed form: every key this module writes, checked;
    /// an unknown key, a missing required key or a malformed value is an error naming it.
    pub fn from_yaml(text: &str) -> Result<ZeInfo, String> {
        let root = parse(text)?;
        let map = root.as_map("the document")?;
        let mut info = ZeInfo::default();
        for (key, value) in map {
            match key.as_str() {
                "version" => {
                    let v = value.as_str("version")?;
                    let (major, minor) =
                        v.split_once('.').ok_or(format!("version '{v}' is not MAJOR.MINOR"))?;
                    info.version = (number(major, "version")?, number(minor, "version")?);
                }
                "kernels" => {
                    for k in value.as_seq("kernels")? {
                        info.kernels.push(kernel_from(k)?);
                    }
                }
                // Intel's compiler writes these; the typed form has no use for them.
                "kernels_misc_info" | "functions" | "global_host_access_table" => {}
                other => return Err(format!("unknown key '{other}' at the top level")),
            }
        }
        if info.version == (0, 0) {
            return Err("no 'version' key".into());
        }
        Ok(info)
    }
}

fn number(s: &str, what: &str) -> Result<u32, String> {
    s.parse().map_err(|_| format!("'{what}' needs a number, found '{s}'"))
}

fn flag(s: &str, what: &str) -> Result<bool, String> {
    match s {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("'{what}' needs true or false, found '{s}'")),
    }
}

fn named<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str, s: &str, what: &str) -> Result<T, String> {
    all.iter().copied().find(|&t| name(t) == s).ok_or_else(|| format!("unknown {what} '{s}'"))
}

fn kernel_from(node: &Node) -> Result<KernelInfo, String> {
    let mut k = KernelInfo::default();
    let mut has_env = false;
    for (key, value) in node.as_map("a kernel")? {
        match key.as_str() {
            "name" => k.name = value.as_str("name")?.to_string(),
            "execution_env" => {
                has_env = true;
                for (key, value) in value.as_map("execution_env")? {
                    let e = &mut k.execution_env;
                    let s = value.as_str(key)?;
                    match key.as_str() {
                        "barrier_count" => e.barrier_count = number(s, key)?,
                        "grf_count" => e.grf_count = number(s, key)?,
                        "has_stack_calls" => e.has_stack_calls = flag(s, key)?,
                        "offset_to_skip_per_thread_data_load" => {
                            e.offset_to_skip_per_thread_data_load = Some(number(s, key)?)
                        }
                        "private_size" => e.private_size = Some(number(s, key)?),
                        "required_sub_group_size" => e.required_sub_group_size = Some(number(s, key)?),
                        "simd_size" => e.simd_size = number(s, key)?,
                        "slm_size" => e.slm_size = number(s, key)?,
                        "spill_size" => e.spill_size = Some(number(s, key)?),
                        // written by Intel's compiler, not modeled here
                        "has_no_stateless_write" | "subgroup_independent_forward_progress" => {
                            flag(s, key)?;
                        }
                        other => {
                            return Err(format!("unknown key '{other}' in execution_env of '{}'", k.name))
                        }
                    }
                }
            }
            "payload_arguments" => {
                for a in value.as_seq("payload_arguments")? {
                    k.payload_arguments.push(payload_arg_from(a)?);
                }
            }
            "per_thread_payload_arguments" => {
                for a in value.as_seq(key)? {
                    let mut arg = PerThreadPayloadArg {
                        arg_type: PerThreadArgType::PackedLocalIds,
                        offset: 0,
                        size: 0,
                    };
                    for (key, value) in a.as_map(key)? {
                        let s = value.as_str(key)?;
                        match key.as_str() {
                            "arg_type" => {
                                arg.arg_type = named(
                                    &[PerThreadArgType::PackedLocalIds, PerThreadArgType::LocalId],
                                    PerThreadArgType::name,
                                    s,
                                    "per-thread arg_type",
                                )?
                            }
                            "offset" => arg.offset = number(s, key)?,
                            "size" => arg.size = number(s, key)?,
                            other => {
                                return Err(format!("unknown key '{other}' in a per-thread payload argument"))
                            }
                        }
                    }
                    k.per_thread_payload_arguments.push(arg);
                }
            }
            "binding_table_indices" => {
                for b in value.as_seq(key)? {
                    let mut e = BindingTableIndex { bti_value: 0, arg_index: 0 };
                    for (key, value) in b.as_map(key)? {
                        let s = value.as_str(key)?;
                        match key.as_str() {
                            "bti_value" => e.bti_value = number(s, key)?,
                            "arg_index" => e.arg_index = number(s, key)?,
                            other => return Err(format!("unknown key '{other}' in a binding table index")),
                        }
                    }
                    k.binding_table_indices.push(e);
                }
            }
            "per_thread_memory_buffers" => {
                for b in value.as_seq(key)? {
                    let mut e = PerThreadBuffer { kind: PerThreadBufferKind::Private, size: 0 };
                    let mut names = (String::new(), String::new());
                    for (key, value) in b.as_map(key)? {
                        let s = value.as_str(key)?;
                        match key.as_str() {
                            "type" => names.0 = s.to_string(),
                            "usage" => names.1 = s.to_string(),
                            "size" => e.size = number(s, key)?,
                            // the slot of a scratch buffer (0, the default) and SIMT flag
                            "slot" | "is_simt_thread" => {}
                            other => {
                                return Err(format!("unknown key '{other}' in a per-thread memory buffer"))
                            }
                        }
                    }
                    e.kind = [PerThreadBufferKind::Private, PerThreadBufferKind::SpillFill]
                        .into_iter()
                        .find(|k| k.names() == (names.0.as_str(), names.1.as_str()))
                        .ok_or_else(|| {
                            format!(
                                "not modeled by the zebin reader: a per-thread memory buffer of type '{}' and usage '{}'",
                                names.0, names.1
                            )
                        })?;
                    k.per_thread_memory_buffers.push(e);
                }
            }
            // written by Intel's compiler, not modeled here
            "debug_env" => {}
            other => return Err(format!("unknown key '{other}' in kernel '{}'", k.name)),
        }
    }
    if k.name.is_empty() {
        return Err("a kernel without a name".into());
    }
    if !has_env {
        return Err(format!("kernel '{}' has no execution_env", k.name));
    }
    Ok(k)
}

fn payload_arg_from(node: &Node) -> Result<PayloadArg, String> {
    let mut arg_type = None;
    let mut a = PayloadArg::implicit(PayloadArgType::ArgByValue, 0, 0);
    for (key, value) in node.as_map("a payload argument")? {
        let s = value.as_str(key)?;
        match key.as_str() {
            "arg_type" => arg_type = Some(named(&PayloadArgType::ALL, PayloadArgType::name, s, "arg_type")?),
            "offset" => a.offset = number(s, key)?,
            "size" => a.size = number(s, key)?,
            "arg_index" => a.arg_index = Some(number(s, key)?),
            "addrmode" => a.addrmode = Some(named(&AddrMode::ALL, AddrMode::name, s, "addrmode")?),
            "addrspace" => a.addrspace = Some(named(&AddrSpace::ALL, AddrSpace::name, s, "addrspace")?),
            "access_type" => {
                a.access_type = Some(named(&AccessType::ALL, AccessType::name, s, "access_type")?)
            }
            "source_offset" => a.source_offset = Some(number(s, key)?),
            "sampler_index" => a.sampler_index = Some(number(s, key)?),
            "image_type" => a.image_type = Some(s.to_string()),
            other => return Err(format!("unknown key '{other}' in a payload argument")),
        }
    }
    a.arg_type = arg_type.ok_or("a payload argument without arg_type")?;
    if a.arg_type.is_explicit() && a.arg_index.is_none() {
        return Err(format!("a payload argument of type {} without arg_index", a.arg_type.name()));
    }
    Ok(a)
}

/// A node of the YAML subset `.ze_info` uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A scalar, unquoted.
    Scalar(String),
    /// A block mapping, keys in order.
    Map(Vec<(String, Node)>),
    /// A block sequence.
    Seq(Vec<Node>),
}

impl Node {
    /// The mapping's entries, or an error naming `what`.
    pub fn as_map(&self, what: &str) -> Result<&[(String, Node)], String> {
        match self {
            Node::Map(m) => Ok(m),
            _ => Err(format!("{what} is not a mapping")),
        }
    }

    /// The sequence's items, or an error naming `what`.
    pub fn as_seq(&self, what: &str) -> Result<&[Node], String> {
        match self {
            Node::Seq(s) => Ok(s),
            _ => Err(format!("'{what}' is not a sequence")),
        }
    }

    /// The scalar's text, or an error naming `what`.
    pub fn as_str(&self, what: &str) -> Result<&str, String> {
        match self {
            Node::Scalar(s) => Ok(s),
            _ => Err(format!("'{what}' is not a scalar")),
        }
    }

    /// The value of `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// One significant line: its indentation, whether it starts a sequence item, and its text after
/// the `- `.
struct Line<'a> {
    number: usize,
    indent: usize,
    item: bool,
    text: &'a str,
}

/// Parses `.ze_info` text (block mappings and sequences of plain or single-quoted scalars,
/// between an optional `---` and `...`) into a tree; malformed text is an error with its line.
pub fn parse(text: &str) -> Result<Node, String> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_end();
        let body = trimmed.trim_start();
        if body.is_empty() || body.starts_with('#') || body == "---" || body == "..." {
            continue;
        }
        if raw.contains('\t') {
            return Err(format!("line {}: a tab in the indentation", i + 1));
        }
        let indent = trimmed.len() - body.len();
        if let Some(rest) = body.strip_prefix("- ") {
            let extra = rest.len() - rest.trim_start().len();
            lines.push(Line { number: i + 1, indent, item: true, text: rest.trim_start() });
            // the item's own key sits two columns (plus any extra spaces) further in
            let _ = extra;
        } else if body == "-" {
            return Err(format!("line {}: an empty sequence item", i + 1));
        } else {
            lines.push(Line { number: i + 1, indent, item: false, text: body });
        }
    }
    let mut at = 0;
    let node = block(&lines, &mut at, 0)?;
    if at < lines.len() {
        return Err(format!("line {}: unexpected indentation", lines[at].number));
    }
    Ok(node)
}

/// A scalar's value: single-quoted text unquoted (`''` is a quote), plain text as it is.
fn unquote(s: &str, number: usize) -> Result<String, String> {
    if let Some(inner) = s.strip_prefix('\'') {
        let inner =
            inner.strip_suffix('\'').ok_or(format!("line {number}: an unterminated quoted scalar"))?;
        Ok(inner.replace("''", "'"))
    } else if s.starts_with('"')
        || s.starts_with('{')
        || s.starts_with('[')
        || s.starts_with('&')
        || s.starts_with('*')
    {
        Err(format!("line {number}: not modeled by the ze_info reader: the scalar form '{s}'"))
    } else {
        Ok(s.to_string())
    }
}

/// The block starting at `lines[*at]` whose lines are indented `indent` columns.
fn block(lines: &[Line], at: &mut usize, indent: usize) -> Result<Node, String> {
    let Some(first) = lines.get(*at) else { return Ok(Node::Map(Vec::new())) };
    if first.indent != indent {
        return Err(format!("line {}: unexpected indentation", first.number));
    }
    if first.item {
        let mut items = Vec::new();
        while let Some(l) = lines.get(*at) {
            if l.indent != indent || !l.item {
                break;
            }
            // The item's content is a mapping whose first key is on this line, at column
            // indent + 2; the following keys of the item are indented to that column.
            let inner = indent + 2;
            let mut entries = Vec::new();
            let mut line = Line { number: l.number, indent: inner, item: false, text: l.text };
            loop {
                let (key, value) = entry(&line, lines, at, inner)?;
                entries.push((key, value));
                match lines.get(*at) {
                    Some(next) if next.indent == inner && !next.item => {
                        line = Line { number: next.number, indent: inner, item: false, text: next.text };
                    }
                    _ => break,
                }
            }
            items.push(Node::Map(entries));
        }
        return Ok(Node::Seq(items));
    }
    let mut entries = Vec::new();
    while let Some(l) = lines.get(*at) {
        if l.indent != indent || l.item {
            break;
        }
        let line = Line { number: l.number, indent, item: false, text: l.text };
        let (key, value) = entry(&line, lines, at, indent)?;
        if entries.iter().any(|(k, _): &(String, Node)| *k == key) {
            return Err(format!("line {}: key '{key}' repeated", line.number));
        }
        entries.push((key, value));
    }
    Ok(Node::Map(entries))
}

/// The `key: value` of `line` (which is `lines[*at]`): a scalar on the line, or the nested block
/// on the lines after it (a sequence may sit at the key's own indentation).
fn entry(line: &Line, lines: &[Line], at: &mut usize, indent: usize) -> Result<(String, Node), String> {
    let (key, rest) =
        line.text.split_once(':').ok_or(format!("line {}: expected 'key: value'", line.number))?;
    if key.is_empty() || key.contains(' ') {
        return Err(format!("line {}: bad key '{key}'", line.number));
    }
    if !rest.is_empty() && !rest.starts_with(' ') {
        return Err(format!("line {}: expected a space after '{key}:'", line.number));
    }
    *at += 1;
    let rest = rest.trim();
    if !rest.is_empty() {
        return Ok((key.to_string(), Node::Scalar(unquote(rest, line.number)?)));
    }
    match lines.get(*at) {
        Some(next) if next.indent > indent => Ok((key.to_string(), block(lines, at, next.indent)?)),
        Some(next) if next.indent == indent && next.item => Ok((key.to_string(), block(lines, at, indent)?)),
        _ => Ok((key.to_string(), Node::Scalar(String::new()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 4096, 65_535, 1_000_000_007, u32::MAX] {
            let mut y = String::from("x");
            push_u32(&mut y, n);
            assert_eq!(y, format!("x{n}"));
        }
        let mut y = String::new();
        number_line(&mut y, "  size: ", 42);
        text_line(&mut y, "  name: ", "k");
        assert_eq!(y, "  size: 42\n  name: k\n");
    }
}
