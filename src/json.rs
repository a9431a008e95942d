//! `kernels.json`: what a runtime needs to launch each kernel.
//!
//! The schema is documented field by field in `docs/kernels-json.md` (version [`SCHEMA_VERSION`]):
//! ```text
//! { "version": 1, "platform": "tgllp", "grf_bytes": 32,
//!   "kernels": [ { "name": "saxpy", "slm_size": 0, "named_barriers": 0, "payload_size": 96,
//!                  "args": [ { "index": 0, "kind": "general", "implicit": null, "kind_code": 0,
//!                              "offset": 64, "bti": null, "size": 4, "io_kind": "normal",
//!                              "type_desc": "", "resource": null, "access": null,
//!                              "type": "float" } ] } ] }
//! ```
//! `offset` is the byte offset in the thread payload, `null` for an argument that is not an input;
//! `bti` is the binding-table index at which a surface argument must be bound, or the
//! sampler-state index of a sampler argument; `null` for a bindless buffer
//! (`-vc-use-bindless-buffers`), whose payload bytes at `offset` hold its surface-state offset.
//! The text is deterministic: fields in a fixed order, kernels in input order.

use crate::finalize::FinalizerReport;
use crate::kernel_abi::KernelAbi;
use genxc_genx::metadata::{ImplicitArg, Kernel};
use genxc_genx::Platform;
use genxc_mlir_to_llvm::gpu::KernelInfo;
use serde::Serialize;

/// The schema version written in `"version"`; it changes when a field changes meaning or goes away,
/// not when a field is added.
pub const SCHEMA_VERSION: u32 = 2;

#[derive(Serialize)]
struct File<'a> {
    version: u32,
    platform: &'a str,
    grf_bytes: u32,
    kernels: Vec<KernelJson>,
    /// The global data section (globals kept in memory), once per symbol; only when there is one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    globals: Vec<GlobalJson>,
}

/// One global of the data section.
#[derive(Serialize)]
struct GlobalJson {
    name: String,
    /// `data.const` (read-only) or `data.global` (writable).
    section: &'static str,
    size: u64,
    align: u64,
    /// The initial bytes, two lowercase hex digits each (relocated slots hold zeros).
    init: String,
    relocations: Vec<RelocJson>,
}

/// An 8-byte address the loader stores at `offset`: the address of `symbol` plus `addend`.
#[derive(Serialize)]
struct RelocJson {
    offset: u64,
    symbol: String,
    addend: i64,
}

/// The data section of `kernels` (each kernel lists its module's), every symbol once.
fn globals_json(kernels: &[KernelAbi]) -> Vec<GlobalJson> {
    let mut out: Vec<GlobalJson> = Vec::new();
    for g in kernels.iter().flat_map(|k| &k.metadata.globals) {
        if out.iter().any(|o| o.name == g.name) {
            continue;
        }
        out.push(GlobalJson {
            name: g.name.clone(),
            section: if g.constant { "data.const" } else { "data.global" },
            size: g.size,
            align: g.align,
            init: g.init.iter().map(|b| format!("{b:02x}")).collect(),
            relocations: g
                .relocs
                .iter()
                .map(|r| RelocJson { offset: r.offset, symbol: r.symbol.clone(), addend: r.addend })
                .collect(),
        });
    }
    out
}

#[derive(Serialize)]
struct KernelJson {
    name: String,
    slm_size: u32,
    named_barriers: u32,
    payload_size: u32,
    args: Vec<ArgJson>,
    /// The payload inputs selection declared that no argument stands for (local ids, local
    /// size, group count read through intrinsics), by offset.
    implicit_inputs: Vec<ImplicitInputJson>,
    /// The printf string table (index -> string); only for a kernel with a printf buffer argument.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    printf_strings: Vec<String>,
    /// Bytes of the printf buffer; only for a kernel with a printf buffer argument.
    #[serde(skip_serializing_if = "Option::is_none")]
    printf_buffer_size: Option<u32>,
    /// The declared-only functions the kernel calls, which the link step must resolve; only for a
    /// kernel that calls one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    external_functions: Vec<String>,
    /// Private (stack) memory the kernel needs; only for a kernel that uses the stack.
    #[serde(skip_serializing_if = "Option::is_none")]
    private_memory: Option<PrivateMemoryJson>,
    /// What the vISA finalizer made of the kernel; only with `--emit zebin`.
    #[serde(skip_serializing_if = "Option::is_none")]
    finalizer: Option<FinalizerJson>,
    /// How an MLIR `gpu` kernel maps work-items to lanes; only for those kernels.
    #[serde(skip_serializing_if = "Option::is_none")]
    simt: Option<SimtJson>,
}

/// The SIMT mapping of an MLIR `gpu` kernel (docs/mlir-gpu.md).
#[derive(Serialize)]
struct SimtJson {
    /// Work-items per hardware thread (one per SIMD lane).
    simd_width: u32,
    /// What the runtime's local size x counts.
    local_size_x: &'static str,
    /// The MLIR argument each kernel argument carries, in kernel argument order.
    mlir_args: Vec<String>,
}

/// What `local_size_x` says.
const LOCAL_SIZE_X: &str = "hardware threads: the work-items of a group in x divided by simd_width";

/// The finalizer's report of one kernel: registers, Gen instructions, code bytes, and spills.
#[derive(Serialize)]
struct FinalizerJson {
    grf_count: u32,
    inst_count: u32,
    code_bytes: u32,
    /// Scratch bytes per thread the spilled registers take (0: no spill).
    scratch_size: u32,
    spill_sends: u32,
    spill_bytes: u32,
    fill_sends: u32,
    fill_bytes: u32,
}

/// The private memory a runtime allocates behind the private base argument: `per_thread` bytes
/// for each of `thread_slots` hardware threads (the thread's part is at `base + slot *
/// per_thread`, the slot being the low bits of `%sr0`).
#[derive(Serialize)]
struct PrivateMemoryJson {
    per_thread: u32,
    thread_slots: u32,
}

/// A payload input selection declared: what the runtime writes where.
#[derive(Serialize)]
struct ImplicitInputJson {
    implicit: String,
    offset: u32,
    size: u32,
}

#[derive(Serialize)]
struct ArgJson {
    index: usize,
    kind: &'static str,
    implicit: Option<String>,
    kind_code: u32,
    offset: Option<u32>,
    bti: Option<u32>,
    size: u32,
    io_kind: &'static str,
    type_desc: String,
    resource: Option<&'static str>,
    access: Option<&'static str>,
    #[serde(rename = "type")]
    ty: String,
    /// Only for an argument that was a pointer in the input: `global`, `local` or `surface`.
    #[serde(skip_serializing_if = "Option::is_none")]
    address_space: Option<&'static str>,
}

fn implicit_name(i: ImplicitArg) -> Option<String> {
    match i {
        ImplicitArg::None => None,
        ImplicitArg::LocalSize => Some("local_size".into()),
        ImplicitArg::GroupCount => Some("group_count".into()),
        ImplicitArg::LocalId => Some("local_id".into()),
        ImplicitArg::PrintfBuffer => Some("printf_buffer".into()),
        ImplicitArg::PrivateBase => Some("private_base".into()),
        ImplicitArg::Other(n) => Some(format!("implicit_{n}")),
    }
}

/// The resource a type descriptor names (`buffer_t read_only` is a `buffer`), after the
/// case-insensitive substrings the GenX backend looks for; `None` for a plain value.
fn resource(desc: &str) -> Option<&'static str> {
    let d = desc.to_ascii_lowercase();
    // Longer names first: `image1d_buffer_t` contains `buffer_t`, `image2d_array_t` is not `image2d_t`.
    const NAMES: [(&str, &str); 10] = [
        ("image1d_buffer_t", "image1d_buffer"),
        ("image1d_array_t", "image1d_array"),
        ("image2d_array_t", "image2d_array"),
        ("image2d_media_block_t", "image2d_media_block"),
        ("image1d_t", "image1d"),
        ("image2d_t", "image2d"),
        ("image3d_t", "image3d"),
        ("buffer_t", "buffer"),
        ("svmptr_t", "svm_pointer"),
        ("sampler_t", "sampler"),
    ];
    NAMES.iter().find(|(key, _)| d.contains(key)).map(|&(_, name)| name)
}

/// The access qualifier of a buffer or image descriptor (`read_write` when none is given).
fn access(desc: &str) -> Option<&'static str> {
    let r = resource(desc)?;
    if r == "sampler" || r == "svm_pointer" {
        return None;
    }
    let d = desc.to_ascii_lowercase();
    Some(
        ["read_only", "write_only", "read_write"].into_iter().find(|q| d.contains(q)).unwrap_or("read_write"),
    )
}

fn kernel_json(
    abi: &KernelAbi,
    grf: u32,
    report: Option<&FinalizerReport>,
    simt: Option<&KernelInfo>,
) -> KernelJson {
    let k: &Kernel = &abi.metadata;
    KernelJson {
        name: k.name.clone(),
        slm_size: k.slm_size,
        named_barriers: k.nbarrier_count,
        payload_size: abi.payload_size(grf),
        implicit_inputs: abi
            .selected_inputs
            .iter()
            .map(|i| ImplicitInputJson {
                implicit: implicit_name(i.kind).unwrap_or_default(),
                offset: i.offset,
                size: i.size,
            })
            .collect(),
        args: k
            .args
            .iter()
            .enumerate()
            .map(|(index, a)| ArgJson {
                index,
                kind: a.category.name(),
                implicit: implicit_name(a.implicit),
                kind_code: a.kind_code,
                offset: a.offset,
                bti: (!k.is_bindless_buffer(index))
                    .then(|| k.binding_table_index(index).or_else(|| k.sampler_index(index)))
                    .flatten(),
                size: a.size,
                io_kind: a.io_kind.name(),
                type_desc: a.type_desc.clone(),
                resource: resource(&a.type_desc),
                access: a.pointer.map(|p| p.access.name()).or_else(|| access(&a.type_desc)),
                ty: a.ty.to_string(),
                address_space: a.pointer.map(|p| p.space.name()),
            })
            .collect(),
        printf_strings: k.printf_strings.clone(),
        printf_buffer_size: k
            .args
            .iter()
            .any(|a| a.implicit == ImplicitArg::PrintfBuffer)
            .then_some(genxc_genx::import::prepare::printf::PRINTF_BUFFER_BYTES),
        private_memory: (k.private_memory > 0).then_some(PrivateMemoryJson {
            per_thread: k.private_memory,
            thread_slots: genxc_genx::import::prepare::STACK_THREAD_SLOTS,
        }),
        external_functions: k.external_functions.clone(),
        finalizer: report.map(|r| FinalizerJson {
            grf_count: r.grf_count,
            inst_count: r.inst_count,
            code_bytes: r.code_bytes,
            scratch_size: r.scratch_size,
            spill_sends: r.spill_sends,
            spill_bytes: r.spill_bytes,
            fill_sends: r.fill_sends,
            fill_bytes: r.fill_bytes,
        }),
        simt: simt.map(|g| SimtJson {
            simd_width: g.simd_width,
            local_size_x: LOCAL_SIZE_X,
            mlir_args: g.args.clone(),
        }),
    }
}

/// The `kernels.json` text for the kernels, in their order (input order, then each module's
/// `genx.kernels` order).
pub fn kernels_json(kernels: &[KernelAbi], platform: Platform) -> String {
    kernels_json_finalized(kernels, platform, &[])
}

/// [`kernels_json`] with the finalizer's report of each kernel that has one (`--emit zebin`), in
/// a `"finalizer"` object.
pub fn kernels_json_finalized(
    kernels: &[KernelAbi],
    platform: Platform,
    reports: &[(String, FinalizerReport)],
) -> String {
    kernels_json_simt(kernels, platform, reports, &[])
}

/// [`kernels_json_finalized`] with the SIMT mapping of the MLIR `gpu` kernels among `kernels`, in
/// a `"simt"` object.
pub fn kernels_json_simt(
    kernels: &[KernelAbi],
    platform: Platform,
    reports: &[(String, FinalizerReport)],
    simt: &[KernelInfo],
) -> String {
    let report = |k: &KernelAbi| reports.iter().find(|(n, _)| *n == k.metadata.name).map(|(_, r)| r);
    let simt = |k: &KernelAbi| simt.iter().find(|g| g.name == k.metadata.name);
    let file = File {
        version: SCHEMA_VERSION,
        platform: platform.info().name,
        grf_bytes: platform.grf_bytes(),
        kernels: kernels.iter().map(|k| kernel_json(k, platform.grf_bytes(), report(k), simt(k))).collect(),
        globals: globals_json(kernels),
    };
    let mut s = serde_json::to_string_pretty(&file).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::{access, resource};

    #[test]
    fn type_descriptors() {
        let cases = [
            ("", None, None),
            ("buffer_t", Some("buffer"), Some("read_write")),
            ("BUFFER_T read_only", Some("buffer"), Some("read_only")),
            ("image1d_buffer_t write_only", Some("image1d_buffer"), Some("write_only")),
            ("image2d_media_block_t read_write", Some("image2d_media_block"), Some("read_write")),
            ("image2d_array_t", Some("image2d_array"), Some("read_write")),
            ("image3d_t read_only", Some("image3d"), Some("read_only")),
            ("svmptr_t", Some("svm_pointer"), None),
            ("sampler_t", Some("sampler"), None),
            ("float4", None, None),
        ];
        for (desc, r, a) in cases {
            assert_eq!((resource(desc), access(desc)), (r, a), "{desc}");
        }
    }
}
