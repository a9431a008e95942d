//! `--emit zebin`: the kernels of one input finalized to Gen code ([`crate::finalize`]) and packed
//! with their `.ze_info` into a zebin ([`genxc_zebin`]).
//!
//! The payload declared is the one genxc's vISA reads. The runtime writes the cross-thread data
//! from the third GRF on (r0 is the thread header, r1 the per-thread local ids), so an input at
//! vISA byte offset `o` is the payload argument at `o - 2 * GRF bytes`. Every kernel declares the
//! packed local ids (x, y, z as 16-bit values) as its per-thread payload, as Intel's compiler
//! does for CM kernels, whether or not it reads them: that fixes where the cross-thread data
//! starts. Arguments map as follows:
//!
//! * a plain value: `arg_byvalue` of its size;
//! * a surface (buffer or image): `arg_bypointer`, stateful, bound at its binding-table index;
//! * a sampler: `arg_bypointer` in the sampler address space at its sampler-state index;
//! * a pointer into global memory (or an SVM pointer): `arg_bypointer`, stateless, 8 bytes;
//! * a pointer into shared local memory: `arg_bypointer` in `slm`, the 4-byte offset;
//! * the implicit local size and group count: `local_size` and `group_count` (three 32-bit values);
//! * a kernel that spills or makes stack calls: the finalizer's scratch space (spilled registers,
//!   call stack) as a per-thread memory buffer; a kernel making stack calls has `has_stack_calls`
//!   and the functions it reaches linked into its code by the finalizer (they travel in the
//!   function table of its container).
//!
//! Globals kept in memory (the module's data section) go to `.data.const` (constants) and
//! `.data.global` (writable), each a global `STT_OBJECT` symbol at its offset; an address stored
//! in an initializer is an `R_ZE_SYM_ADDR` relocation of its data section, and each `faddr` of a
//! global in a kernel's code two relocations (`R_ZE_SYM_ADDR_32`, `R_ZE_SYM_ADDR_32_HI`) at the
//! placeholder immediates the finalizer wrote ([`crate::finalize::symbol_refs`]).
//!
//! A function the module only declares and a kernel calls (`faddr` + `ifcall`) is an undefined
//! global `STT_FUNC` symbol, and its `faddr` two relocations like a global's. The functions whose
//! address the module takes (in a kernel, in a stack function, in a global's initializer) are
//! placed as Intel's compiler places them: in the code of an extra entry,
//! [`EXPORTED_FUNCTIONS_KERNEL`], each a global `STT_FUNC` symbol there; their addresses are
//! relocations naming those symbols.
//!
//! printf: the records name their strings by address (the driver asks the printf rewrite for
//! that when it writes a zebin), the strings are globals placed in `.data.const.string`, and the
//! buffer's address is the `printf_buffer` payload argument.
//!
//! Private memory: the `private_space` buffer has the bytes each thread strides by (the frames
//! the kernel needs, or the whole stack where their depth is known at run time only).
//!
//! Not modeled (refused with a message): printf records holding string indices, other implicit
//! arguments, a kernel named as the exported functions' entry, and platforms before TGLLP.

use crate::api::CompileOptions;
use crate::finalize::{self, Finalized, FinalizerReport};
use crate::kernel_abi::KernelAbi;
use genxc_diag::Diagnostic;
use genxc_genx::data_section::DataGlobal;
use genxc_genx::metadata::{AddressSpace, ArgCategory, ImplicitArg, Kernel};
use genxc_genx::Platform;
use genxc_zebin::{
    AccessType, AddrMode, AddrSpace, BindingTableIndex, DataSection, Device, ExecutionEnv, KernelInfo,
    PayloadArg, PayloadArgType, PerThreadArgType, PerThreadBuffer, PerThreadBufferKind, PerThreadPayloadArg,
    Program, RelocTarget, RelocType, Relocation, SymbolDef, SymbolPlace, ZeInfo,
};

/// The zebin device of a platform, or why there is none.
pub fn device(platform: Platform) -> Result<Device, Diagnostic> {
    Ok(match platform {
        Platform::Tgllp => Device::Tgllp,
        Platform::Dg2 => Device::Dg2,
        Platform::Mtl => Device::Mtl,
        Platform::Pvc => Device::Pvc,
        Platform::Skl | Platform::Icllp => {
            return Err(Diagnostic::error(genxc_diag::unsupported(format!(
                "--emit zebin for {}: not modeled by the zebin writer (TGLLP, DG2, MTL and PVC are)",
                platform.info().name
            ))))
        }
    })
}

/// Bytes of the packed local ids (x, y, z as 16-bit values).
const PACKED_LOCAL_ID_BYTES: u32 = 6;

fn unsupported(kernel: &str, what: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(genxc_diag::unsupported(format!(
        "--emit zebin of kernel '{kernel}': not modeled by the zebin writer: {what}"
    )))
}

/// The access type of an argument's type descriptor (`read_write` when none is given).
fn access_of_desc(desc: &str) -> AccessType {
    let d = desc.to_ascii_lowercase();
    if d.contains("read_only") {
        AccessType::ReadOnly
    } else if d.contains("write_only") {
        AccessType::WriteOnly
    } else {
        AccessType::ReadWrite
    }
}

fn access_of(a: genxc_genx::metadata::Access) -> AccessType {
    match a {
        genxc_genx::metadata::Access::ReadOnly => AccessType::ReadOnly,
        genxc_genx::metadata::Access::WriteOnly => AccessType::WriteOnly,
        genxc_genx::metadata::Access::ReadWrite => AccessType::ReadWrite,
    }
}

/// The `image_type` of an image argument's type descriptor (lower case), `None` for a buffer.
fn image_type(desc: &str) -> Option<&'static str> {
    // longer names first: `image1d_buffer_t` contains `image1d_`
    const TYPES: [(&str, &str); 7] = [
        ("image1d_buffer_t", "image_buffer"),
        ("image1d_array_t", "image_1d_array"),
        ("image2d_array_t", "image_2d_array"),
        ("image2d_media_block_t", "image_2d_media_block"),
        ("image1d_t", "image_1d"),
        ("image2d_t", "image_2d"),
        ("image3d_t", "image_3d"),
    ];
    TYPES.iter().find(|(key, _)| desc.contains(key)).map(|&(_, t)| t)
}

/// What one kernel's `.ze_info` entry is made from: its ABI after selection, its finalized code,
/// and whether it waits at a barrier.
pub struct KernelParts<'a> {
    /// The kernel's ABI: metadata (arguments, SLM, private memory) and the implicit inputs
    /// selection declared, the payload its code reads (what `kernels.json` lists too).
    pub abi: &'a KernelAbi,
    /// Its finalized code and the finalizer's report.
    pub finalized: &'a Finalized,
    /// Work-group barriers it uses.
    pub barriers: u32,
}

/// The `.ze_info` entry of one kernel for `platform`.
pub fn kernel_info(parts: &KernelParts, platform: Platform) -> Result<KernelInfo, Diagnostic> {
    let KernelParts { abi, finalized: f, barriers } = *parts;
    let k = &abi.metadata;
    let grf = platform.grf_bytes();
    let base = 2 * grf;
    let mut info = KernelInfo {
        name: k.name.clone(),
        execution_env: ExecutionEnv {
            grf_count: f.report.grf_count,
            simd_size: 1,
            // the SLM the vISA declares: whole KB
            slm_size: k.slm_size.div_ceil(1024) * 1024,
            barrier_count: barriers,
            offset_to_skip_per_thread_data_load: f.report.per_thread_prologue,
            ..ExecutionEnv::default()
        },
        per_thread_payload_arguments: packed_local_ids(),
        ..KernelInfo::default()
    };
    for (index, a) in k.args.iter().enumerate() {
        let Some(offset) = a.offset else { continue };
        let arg_index = Some(index as u32);
        if a.implicit == ImplicitArg::LocalId {
            if offset != grf || a.size != PACKED_LOCAL_ID_BYTES {
                return Err(unsupported(
                    &k.name,
                    format!("local ids of {} bytes at byte {offset} (packed 16-bit ids in r1 are)", a.size),
                ));
            }
            continue;
        }
        let Some(offset) = offset.checked_sub(base) else {
            return Err(unsupported(
                &k.name,
                format!("argument {index} at byte {offset}, inside the per-thread payload"),
            ));
        };
        let implicit = |t: PayloadArgType, size: u32| -> Result<PayloadArg, Diagnostic> {
            if a.size != size {
                return Err(unsupported(
                    &k.name,
                    format!("the implicit {} argument of {} bytes", t.name(), a.size),
                ));
            }
            Ok(PayloadArg::implicit(t, offset, size))
        };
        let arg = match a.implicit {
            ImplicitArg::LocalSize => implicit(PayloadArgType::LocalSize, 12)?,
            ImplicitArg::GroupCount => implicit(PayloadArgType::GroupCount, 12)?,
            // the code places each thread's stack at `base + %hw_id * size` (the zebin's
            // convention, `StackThreadIndex::HardwareThreadId`); the buffer is declared below
            ImplicitArg::PrivateBase => implicit(PayloadArgType::PrivateBaseStateless, 8)?,
            ImplicitArg::PrintfBuffer => implicit(PayloadArgType::PrintfBuffer, 8)?,
            ImplicitArg::Other(n) => return Err(unsupported(&k.name, format!("implicit argument kind {n}"))),
            // the per-thread payload, declared above
            ImplicitArg::LocalId => continue,
            ImplicitArg::None => {
                let by_pointer =
                    |mode: AddrMode, space: AddrSpace, access: Option<AccessType>, offset: u32, size: u32| {
                        PayloadArg {
                            arg_type: PayloadArgType::ArgByPointer,
                            offset,
                            size,
                            arg_index,
                            addrmode: Some(mode),
                            addrspace: Some(space),
                            access_type: access,
                            source_offset: None,
                            sampler_index: None,
                            image_type: None,
                        }
                    };
                let desc = a.type_desc.to_ascii_lowercase();
                match (a.category, a.pointer.map(|p| p.space)) {
                    // a bindless buffer: its surface-state offset in the payload, no
                    // binding-table entry (the code sets %bss to it)
                    (ArgCategory::Surface, _) if k.is_bindless_buffer(index) => {
                        let access = a.pointer.map(|p| access_of(p.access)).unwrap_or(access_of_desc(&desc));
                        by_pointer(AddrMode::Bindless, AddrSpace::Global, Some(access), offset, 4)
                    }
                    (ArgCategory::Surface, _) => {
                        let bti = k.binding_table_index(index).unwrap_or(0);
                        info.binding_table_indices
                            .push(BindingTableIndex { bti_value: bti, arg_index: index as u32 });
                        let image = image_type(&desc);
                        let space = if image.is_some() { AddrSpace::Image } else { AddrSpace::Global };
                        let access = a.pointer.map(|p| access_of(p.access)).unwrap_or(access_of_desc(&desc));
                        // the code addresses the surface by its binding-table index, not by a payload value
                        let mut p = by_pointer(AddrMode::Stateful, space, Some(access), 0, 0);
                        p.image_type = image.map(str::to_string);
                        p
                    }
                    (ArgCategory::Sampler, _) => {
                        let mut p = by_pointer(AddrMode::Stateful, AddrSpace::Sampler, None, 0, 0);
                        p.sampler_index = k.sampler_index(index);
                        p
                    }
                    (ArgCategory::General, Some(AddressSpace::Global)) => {
                        let access = a.pointer.map(|p| access_of(p.access));
                        by_pointer(AddrMode::Stateless, AddrSpace::Global, access, offset, a.size)
                    }
                    (ArgCategory::General, Some(AddressSpace::Local)) => {
                        by_pointer(AddrMode::Slm, AddrSpace::Local, None, offset, a.size)
                    }
                    (ArgCategory::General, _) if desc.contains("svmptr_t") => by_pointer(
                        AddrMode::Stateless,
                        AddrSpace::Global,
                        Some(AccessType::ReadWrite),
                        offset,
                        a.size,
                    ),
                    (ArgCategory::General, _) => PayloadArg {
                        arg_index,
                        source_offset: Some(0),
                        ..PayloadArg::implicit(PayloadArgType::ArgByValue, offset, a.size)
                    },
                }
            }
        };
        info.payload_arguments.push(arg);
    }
    if f.report.scratch_size > 0 {
        info.per_thread_memory_buffers
            .push(PerThreadBuffer { kind: PerThreadBufferKind::SpillFill, size: f.report.scratch_size });
    }
    // the private memory (stack) the code strides by per hardware thread
    if k.private_memory > 0 {
        info.per_thread_memory_buffers
            .push(PerThreadBuffer { kind: PerThreadBufferKind::Private, size: k.private_memory });
    }
    // the implicit inputs selection declared (local ids, local size, group count), which the
    // metadata does not list
    for i in &abi.selected_inputs {
        let offset = i.offset;
        let arg_type = match i.kind {
            ImplicitArg::LocalId if offset == grf && i.size == PACKED_LOCAL_ID_BYTES => continue,
            ImplicitArg::LocalSize => PayloadArgType::LocalSize,
            ImplicitArg::GroupCount => PayloadArgType::GroupCount,
            kind => {
                return Err(unsupported(
                    &k.name,
                    format!("the selected implicit input {kind:?} at byte {offset} ({} bytes)", i.size),
                ))
            }
        };
        let Some(at) = offset.checked_sub(base) else {
            return Err(unsupported(
                &k.name,
                format!("the implicit {} input at byte {offset}", arg_type.name()),
            ));
        };
        info.payload_arguments.push(PayloadArg::implicit(arg_type, at, i.size));
    }
    Ok(info)
}

/// The refusal of a kernel whose printf records do not name string `s` by address.
fn printf_refusal(k: &Kernel, s: &str) -> Diagnostic {
    unsupported(
        &k.name,
        format!("printf records naming the string {s:?} by index (the runtime reads a zebin's printf strings by address from .data.const.string)"),
    )
}

/// Whether global `g` is printf string `s`: constant, its bytes the string and a NUL (what
/// follows, in an array larger than the string, is not read).
fn is_string_of(g: &DataGlobal, s: &str) -> bool {
    g.constant && g.relocs.is_empty() && g.init.starts_with(s.as_bytes()) && g.init.get(s.len()) == Some(&0)
}

/// Why the zebin writer cannot describe kernel `k`, if it cannot: what the metadata alone shows,
/// checked before any finalizer runs.
fn check_modeled(k: &Kernel) -> Result<(), Diagnostic> {
    let with_implicit = |i: ImplicitArg| k.args.iter().any(|a| a.implicit == i);
    if with_implicit(ImplicitArg::PrintfBuffer) {
        // the records must name their strings by address: each string a global of the data section
        if let Some(s) = k.printf_strings.iter().find(|s| !k.globals.iter().any(|g| is_string_of(g, s))) {
            return Err(printf_refusal(k, s));
        }
    }
    if let Some(ImplicitArg::Other(n)) =
        k.args.iter().map(|a| a.implicit).find(|i| matches!(i, ImplicitArg::Other(_)))
    {
        return Err(unsupported(&k.name, format!("implicit argument kind {n}")));
    }
    Ok(())
}

/// The global data of a zebin: the data sections' bytes, their symbols and relocations.
#[derive(Default)]
struct DataImage {
    /// `.data.const`.
    constant: Vec<u8>,
    /// `.data.global`.
    global: Vec<u8>,
    /// `.data.const.string`: the printf strings.
    string: Vec<u8>,
    /// A global symbol per object.
    symbols: Vec<SymbolDef>,
    /// The addresses stored in initializers.
    relocations: Vec<Relocation>,
}

/// Lays out the module's data section (`globals`, each object once whatever the number of
/// kernels listing it): the printf strings (`printf_strings`) in `.data.const.string`, packed,
/// other constants in `.data.const`, the others in `.data.global`, each at its alignment, with
/// its initial bytes; an address an initializer holds becomes an `R_ZE_SYM_ADDR`
/// relocation (with its addend) and zeros in the bytes. An address of a symbol that is neither a
/// data object nor a function symbol (`function_symbol`) is refused.
fn data_image<'a>(
    globals: impl IntoIterator<Item = &'a DataGlobal>,
    printf_strings: &[&String],
    function_symbol: &dyn Fn(&str) -> bool,
) -> Result<DataImage, Diagnostic> {
    let mut objects: Vec<&DataGlobal> = Vec::new();
    for g in globals {
        if !objects.iter().any(|o| o.name == g.name) {
            objects.push(g);
        }
    }
    let mut image = DataImage::default();
    let mut placed: Vec<(DataSection, u64)> = Vec::with_capacity(objects.len());
    for g in &objects {
        let (section, bytes) = if printf_strings.iter().any(|s| is_string_of(g, s)) {
            (DataSection::ConstString, &mut image.string)
        } else if g.constant {
            (DataSection::Const, &mut image.constant)
        } else {
            (DataSection::Global, &mut image.global)
        };
        let align = if section == DataSection::ConstString { 1 } else { g.align.max(1) as usize };
        bytes.resize(bytes.len().div_ceil(align) * align, 0);
        let offset = bytes.len() as u64;
        let mut init = g.init.clone();
        init.resize(g.size as usize, 0);
        for r in &g.relocs {
            if let Some(slot) = init.get_mut(r.offset as usize..r.offset as usize + 8) {
                slot.fill(0);
            }
        }
        bytes.extend_from_slice(&init);
        image.symbols.push(SymbolDef {
            name: g.name.clone(),
            place: SymbolPlace::Data { section, offset },
            size: g.size,
        });
        placed.push((section, offset));
    }
    for (g, &(section, offset)) in objects.iter().zip(&placed) {
        for r in &g.relocs {
            if !objects.iter().any(|o| o.name == r.symbol) && !function_symbol(&r.symbol) {
                return Err(Diagnostic::error(genxc_diag::unsupported(format!(
                    "--emit zebin: not modeled by the zebin writer: global @{} holds the address of @{}, which is neither a global of the data section nor a function of a symbol",
                    g.name, r.symbol
                ))));
            }
            image.relocations.push(Relocation {
                target: RelocTarget::Data(section),
                offset: offset + r.offset,
                kind: RelocType::SymAddr,
                symbol: r.symbol.clone(),
                addend: r.addend,
            });
        }
    }
    Ok(image)
}

/// The relocations of kernel `kernel`'s code: one per placeholder dword of a symbol address.
fn code_relocations(kernel: &str, refs: &[finalize::SymbolRef]) -> Vec<Relocation> {
    refs.iter()
        .map(|r| Relocation {
            target: RelocTarget::Kernel(kernel.to_string()),
            offset: u64::from(r.offset),
            kind: if r.high { RelocType::SymAddr32Hi } else { RelocType::SymAddr32 },
            symbol: r.symbol.clone(),
            addend: 0,
        })
        .collect()
}

/// The entry whose code holds the functions whose address is taken, named as Intel's compiler
/// names it (the compute runtime takes its code as the module's exported functions and does not
/// list it as a kernel).
pub const EXPORTED_FUNCTIONS_KERNEL: &str = "Intel_Symbol_Table_Void_Program";

/// The symbols whose address vISA unit `k` takes (`faddr`).
fn faddr_targets(k: &genxc_visa::Kernel) -> impl Iterator<Item = &String> {
    k.body.iter().filter_map(|i| match i {
        genxc_visa::Inst::FAddr { function, .. } => Some(function),
        _ => None,
    })
}

/// The functions of `all` that `roots` reach by direct calls (`fcall`), the roots included.
fn called_closure<'a>(roots: Vec<&'a str>, all: &[&'a genxc_visa::Kernel]) -> Vec<&'a str> {
    let mut order = roots;
    let mut i = 0;
    while i < order.len() {
        if let Some(f) = all.iter().find(|f| f.name == order[i]) {
            for inst in &f.body {
                if let genxc_visa::Inst::FCall { function, .. } = inst {
                    if !order.contains(&function.as_str()) && all.iter().any(|g| &g.name == function) {
                        order.push(function);
                    }
                }
            }
        }
        i += 1;
    }
    order
}

/// Moves the functions whose address is taken (a `faddr` in any kernel or stack function, or an
/// address in a global's initializer) out of the kernels' units into one unit of their own, the
/// [`EXPORTED_FUNCTIONS_KERNEL`] entry (an empty kernel with those functions, and the functions
/// they call, in its function table: the finalizer links them all into its code), as Intel's
/// compiler places them: a function pointer then names one place whatever kernel calls through
/// it. Each kernel keeps the stack functions it calls directly. Gives that unit and the names of
/// the functions whose address is taken, or `None` when there are none.
fn split_exported_functions(
    selected: &mut [finalize::Unit],
    kernels: &[KernelAbi],
) -> Result<Option<(finalize::Unit, Vec<String>)>, Diagnostic> {
    let mut all: Vec<&genxc_visa::Kernel> = Vec::new();
    for f in selected.iter().flat_map(|u| &u.functions) {
        if !all.iter().any(|g| g.name == f.name) {
            all.push(f);
        }
    }
    let mut taken: Vec<&str> = Vec::new();
    let in_data = kernels.iter().flat_map(|a| &a.metadata.globals).flat_map(|g| &g.relocs).map(|r| &r.symbol);
    let in_code =
        selected.iter().flat_map(|u| std::iter::once(&u.kernel).chain(&u.functions)).flat_map(faddr_targets);
    for s in in_code.chain(in_data) {
        if all.iter().any(|f| &f.name == s) && !taken.contains(&s.as_str()) {
            taken.push(s);
        }
    }
    if taken.is_empty() {
        return Ok(None);
    }
    if let Some(u) = selected.iter().find(|u| u.kernel.name == EXPORTED_FUNCTIONS_KERNEL) {
        return Err(unsupported(
            &u.kernel.name,
            format!("a kernel named {EXPORTED_FUNCTIONS_KERNEL}, the name of the entry holding the functions whose address is taken"),
        ));
    }
    let holder: Vec<genxc_visa::Kernel> = called_closure(taken.clone(), &all)
        .iter()
        .filter_map(|n| all.iter().find(|f| f.name == *n))
        .map(|f| (*f).clone())
        .collect();
    let names: Vec<String> = taken.iter().map(|s| s.to_string()).collect();
    let mut kernel = genxc_visa::Kernel::new(EXPORTED_FUNCTIONS_KERNEL);
    kernel.body.push(genxc_visa::Inst::Ret { pred: None, exec: genxc_visa::Exec::new(1) });
    for u in selected.iter_mut() {
        let owned: Vec<genxc_visa::Kernel> = std::mem::take(&mut u.functions);
        let refs: Vec<&genxc_visa::Kernel> = owned.iter().collect();
        let roots: Vec<&str> = u
            .kernel
            .body
            .iter()
            .filter_map(|i| match i {
                genxc_visa::Inst::FCall { function, .. } => Some(function.as_str()),
                _ => None,
            })
            .collect();
        let called = called_closure(roots, &refs);
        let kept: Vec<genxc_visa::Kernel> =
            owned.iter().filter(|f| called.contains(&f.name.as_str())).cloned().collect();
        u.functions = kept;
    }
    Ok(Some((finalize::Unit { kernel, functions: holder, exports_functions: true }, names)))
}

/// The global `STT_FUNC` symbols of the functions whose address is taken (`names`), at their
/// places in the code of the [`EXPORTED_FUNCTIONS_KERNEL`] entry (`f`), each as long as the code
/// up to the next function linked there (or the end).
fn function_symbols(f: &Finalized, names: &[String]) -> Result<Vec<SymbolDef>, Diagnostic> {
    let mut starts: Vec<u32> = f.functions.iter().map(|&(_, at)| at).collect();
    starts.push(f.code.len() as u32);
    starts.sort_unstable();
    names
        .iter()
        .map(|name| {
            let Some(&(_, at)) = f.functions.iter().find(|(n, _)| n == name) else {
                return Err(Diagnostic::error(genxc_diag::internal(format!(
                    "the finalizer did not link function '{name}' into the code of {EXPORTED_FUNCTIONS_KERNEL}"
                ))));
            };
            let end = starts.iter().copied().find(|&s| s > at).unwrap_or(at);
            Ok(SymbolDef {
                name: name.clone(),
                place: SymbolPlace::Function { kernel: f.name.clone(), offset: u64::from(at) },
                size: u64::from(end - at),
            })
        })
        .collect()
}

/// The per-thread payload every kernel declares: the packed local ids at offset 0.
fn packed_local_ids() -> Vec<PerThreadPayloadArg> {
    vec![PerThreadPayloadArg {
        arg_type: PerThreadArgType::PackedLocalIds,
        offset: 0,
        size: PACKED_LOCAL_ID_BYTES,
    }]
}

/// The `.ze_info` entry of the [`EXPORTED_FUNCTIONS_KERNEL`] (never launched): its register
/// count, SIMD 1 and the packed local ids, as Intel's compiler declares it.
fn exported_functions_info(f: &Finalized) -> KernelInfo {
    KernelInfo {
        name: f.name.clone(),
        execution_env: ExecutionEnv {
            grf_count: f.report.grf_count,
            simd_size: 1,
            ..ExecutionEnv::default()
        },
        per_thread_payload_arguments: packed_local_ids(),
        ..KernelInfo::default()
    }
}

/// Whether a vISA kernel waits at a work-group barrier.
fn uses_barrier(k: &genxc_visa::Kernel) -> bool {
    k.body.iter().any(|i| {
        matches!(
            i,
            genxc_visa::Inst::Barrier
                | genxc_visa::Inst::Sync(genxc_visa::message::ThreadSync::SplitBarrier { .. })
        )
    })
}

/// The zebin of the kernels and the finalizer's report of each, in kernel order.
pub type Built = (Vec<u8>, Vec<(String, FinalizerReport)>);

/// Finalizes `selected` (the input's vISA kernels) and packs them with the `.ze_info` made from
/// `kernels` (their ABI after selection) into a zebin; also gives the finalizer's report of each
/// kernel.
pub fn build(
    kernels: &[KernelAbi],
    mut selected: Vec<finalize::Unit>,
    opts: &CompileOptions,
) -> Result<Built, Vec<Diagnostic>> {
    let device = device(opts.platform).map_err(|d| vec![d])?;
    let barriers: Vec<u32> = selected
        .iter()
        .map(|u| u32::from(uses_barrier(&u.kernel) || u.functions.iter().any(uses_barrier)))
        .collect();
    // each kernel's ABI by name, the first of a name as a search in order finds it (a search per
    // kernel was quadratic in the kernels)
    let mut abi_of: foldhash::HashMap<&str, &KernelAbi> = foldhash::HashMap::default();
    for a in kernels {
        abi_of.entry(a.metadata.name.as_str()).or_insert(a);
    }
    // check the metadata before starting any finalizer
    for u in &selected {
        let k = &u.kernel;
        let Some(md) = abi_of.get(k.name.as_str()).map(|a| &a.metadata) else {
            return Err(vec![Diagnostic::error(genxc_diag::internal(format!(
                "no metadata for kernel '{}'",
                k.name
            )))]);
        };
        check_modeled(md).map_err(|d| vec![d])?;
        let data_symbol = |s: &str| md.globals.iter().any(|g| g.name == s);
        let external = |s: &str| md.external_functions.iter().any(|f| f == s);
        let defined = |s: &str| u.functions.iter().any(|f| f.name == s);
        let taken = std::iter::once(&u.kernel)
            .chain(&u.functions)
            .flat_map(|f| faddr_targets(f).map(move |s| (f, s)));
        if let Some((f, symbol)) =
            taken.into_iter().find(|(_, s)| !data_symbol(s) && !external(s) && !defined(s))
        {
            return Err(vec![unsupported(
                &k.name,
                format!("the address of '{symbol}' taken in '{}', which is no global, no function the module declares and no stack function the kernel reaches", f.name),
            )]);
        }
        if let Some(f) = u.functions.iter().find(|f| genxc_visa::text::sanitize(&f.name) != f.name) {
            return Err(vec![unsupported(
                &k.name,
                format!("the stack function '{}', whose name is not a vISA identifier (the .isa function table needs one)", f.name),
            )]);
        }
    }
    let exported = split_exported_functions(&mut selected, kernels).map_err(|d| vec![d])?;
    let exported_names: Vec<String> = exported.as_ref().map(|(_, names)| names.clone()).unwrap_or_default();
    let stack_calls: Vec<bool> = selected.iter().map(finalize::makes_stack_calls).collect();
    let printf_strings: Vec<&String> = kernels.iter().flat_map(|a| &a.metadata.printf_strings).collect();
    let function_symbol = |s: &str| {
        exported_names.iter().any(|f| f == s)
            || kernels.iter().any(|a| a.metadata.external_functions.iter().any(|f| f == s))
    };
    let mut data =
        data_image(kernels.iter().flat_map(|a| &a.metadata.globals), &printf_strings, &function_symbol)
            .map_err(|d| vec![d])?;
    // the functions the kernels call and the module only declares: undefined symbols a linker
    // (the runtime, given the module that defines them) resolves
    for f in kernels.iter().flat_map(|a| &a.metadata.external_functions) {
        if data.symbols.iter().any(|s| &s.name == f) {
            continue;
        }
        data.symbols.push(SymbolDef { name: f.clone(), place: SymbolPlace::UndefinedFunction, size: 0 });
    }
    let user_kernels = selected.len();
    if let Some((unit, _)) = exported {
        selected.push(unit);
    }
    let finalizer = finalize::finalizer_command(opts.finalizer.as_deref());
    let mut extra = opts.finalizer_options.clone();
    if opts.large_grf {
        extra.extend(["-TotalGRFNum".to_string(), "256".to_string()]);
    }
    let how = finalize::Finalizing {
        platform: opts.platform,
        finalizer: &finalizer,
        extra: &extra,
        debug_lines: opts.debug_lines,
        listings: opts.finalizer_listings,
    };
    // the zebin is packed while the finalizer's folders are removed
    finalize::finalize_then(selected, how, opts.workers(), |finalized| {
        let finalized = finalized.map_err(|d| vec![d])?;
        let mut infos = Vec::with_capacity(finalized.len());
        let mut lines = Vec::new();
        let mut code = Vec::with_capacity(finalized.len());
        let mut reports = Vec::with_capacity(finalized.len());
        let mut errors = Vec::new();
        let mut relocations = Vec::new();
        let (mut exported_info, mut exported_code) = (None, None);
        let mut finalized = finalized.into_iter();
        let user: Vec<Finalized> = finalized.by_ref().take(user_kernels).collect();
        if let Some(f) = finalized.next() {
            data.symbols.extend(function_symbols(&f, &exported_names).map_err(|d| vec![d])?);
            relocations.extend(code_relocations(&f.name, &f.symbol_refs));
            exported_info = Some(exported_functions_info(&f));
            exported_code = Some((f.name, f.code));
        }
        for ((f, barriers), stack_calls) in user.into_iter().zip(barriers).zip(stack_calls) {
            let abi = *abi_of.get(f.name.as_str()).expect("checked above");
            let parts = KernelParts { abi, finalized: &f, barriers };
            match kernel_info(&parts, opts.platform) {
                Ok(mut info) => {
                    info.execution_env.has_stack_calls = stack_calls;
                    infos.push(info)
                }
                Err(d) => errors.push(d),
            }
            if opts.debug_lines {
                let (file, rows) = f.lines;
                lines.push(genxc_zebin::debug_line::KernelLines {
                    file,
                    rows,
                    code_bytes: f.code.len() as u64,
                });
            }
            relocations.extend(code_relocations(&f.name, &f.symbol_refs));
            reports.push((f.name.clone(), f.report));
            code.push((f.name, f.code));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        infos.extend(exported_info);
        code.extend(exported_code);
        let program = Program {
            device,
            kernels: code,
            data_const: data.constant,
            data_global: data.global,
            data_const_string: data.string,
            symbols: data.symbols,
            relocations: {
                relocations.extend(data.relocations);
                relocations
            },
            debug_line: genxc_zebin::debug_line::write(&lines),
            zeinfo: ZeInfo::new(infos),
        };
        let bytes =
            genxc_zebin::write(&program).map_err(|why| vec![Diagnostic::error(genxc_diag::internal(why))])?;
        Ok((bytes, reports))
    })
}
