//! `kernels.json`: what a runtime needs to launch each kernel.
//!
//! Schema (version 1):
//! ```text
//! { "version": 1, "platform": "tgllp", "grf_bytes": 32,
//!   "kernels": [ { "name": "saxpy", "slm_size": 0, "named_barriers": 0,
//!                  "args": [ { "index": 0, "kind": "general", "implicit": null, "kind_code": 0,
//!                              "offset": 64, "size": 4, "io_kind": "normal",
//!                              "type_desc": "", "type": "float" } ] } ] }
//! ```
//! `offset` is the byte offset in the thread payload, `null` for an argument that is not an input.

use genxc_genx::metadata::{ImplicitArg, Kernel};
use genxc_genx::{Module, Platform};
use serde::Serialize;

#[derive(Serialize)]
struct File<'a> {
    version: u32,
    platform: &'a str,
    grf_bytes: u32,
    kernels: Vec<KernelJson>,
}

#[derive(Serialize)]
struct KernelJson {
    name: String,
    slm_size: u32,
    named_barriers: u32,
    args: Vec<ArgJson>,
}

#[derive(Serialize)]
struct ArgJson {
    index: usize,
    kind: &'static str,
    implicit: Option<String>,
    kind_code: u32,
    offset: Option<u32>,
    size: u32,
    io_kind: &'static str,
    type_desc: String,
    #[serde(rename = "type")]
    ty: String,
}

fn implicit_name(i: ImplicitArg) -> Option<String> {
    match i {
        ImplicitArg::None => None,
        ImplicitArg::LocalSize => Some("local_size".into()),
        ImplicitArg::GroupCount => Some("group_count".into()),
        ImplicitArg::LocalId => Some("local_id".into()),
        ImplicitArg::Other(n) => Some(format!("implicit_{n}")),
    }
}

fn kernel_json(k: &Kernel) -> KernelJson {
    KernelJson {
        name: k.name.clone(),
        slm_size: k.slm_size,
        named_barriers: k.nbarrier_count,
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
                size: a.size,
                io_kind: a.io_kind.name(),
                type_desc: a.type_desc.clone(),
                ty: a.ty.to_string(),
            })
            .collect(),
    }
}

/// The `kernels.json` text for every kernel of the modules, in input order.
pub fn kernels_json(modules: &[Module], platform: Platform) -> String {
    let file = File {
        version: 1,
        platform: platform.info().name,
        grf_bytes: platform.grf_bytes(),
        kernels: modules.iter().flat_map(|m| m.kernels.iter().map(kernel_json)).collect(),
    };
    let mut s = serde_json::to_string_pretty(&file).unwrap_or_default();
    s.push('\n');
    s
}
