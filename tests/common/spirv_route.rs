//! The SPIR-V writer route of the tests: tests/tools/genx-spirv-writer.cpp (our driver of the GenX
//! SPIR-V writer adaptor of libLLVMGenXIntrinsics.a), built once with the system C++ compiler and
//! llvm-config-14, then llvm-spirv-14, turn a fixture's `.ll` into the `.spv` a CM or ESIMD
//! producer would hand over. Included by path by the tests that use it (tests/spirv.rs,
//! tests/capi.rs), next to `mod common`.

#![allow(dead_code)]

use super::common;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The built writer driver, or why the route cannot run.
pub fn writer() -> Result<&'static Path, String> {
    static WRITER: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    WRITER
        .get_or_init(|| {
            let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/genx-spirv-writer.cpp");
            let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("genx-spirv-writer");
            let config = Command::new("llvm-config-14")
                .args(["--cxxflags", "--ldflags"])
                .output()
                .map_err(|e| format!("llvm-config-14: {e}"))?;
            let flags = String::from_utf8_lossy(&config.stdout).into_owned();
            let library = "/usr/lib/x86_64-linux-gnu/libLLVMGenXIntrinsics.a";
            if !Path::new(library).exists() {
                return Err(format!("{library} is missing"));
            }
            let built = Command::new("c++")
                .args(flags.split_whitespace())
                .arg("-O1")
                .arg(&source)
                .arg("-o")
                .arg(&out)
                .arg(library)
                .arg("-lLLVM-14")
                .output()
                .map_err(|e| format!("c++: {e}"))?;
            if !built.status.success() {
                return Err(format!(
                    "building the writer driver failed:\n{}",
                    String::from_utf8_lossy(&built.stderr)
                ));
            }
            Ok(out)
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// Whether the route's tools are here; without them a test skips, or fails when tools are
/// required.
pub fn route_available() -> bool {
    let tools = common::tool_available("llvm-spirv-14", "--version", "llvm-spirv-14")
        && common::tool_available("llvm-config-14", "--version", "llvm-14-dev")
        && common::tool_available("c++", "--version", "g++");
    if !tools {
        return false;
    }
    match writer() {
        Ok(_) => true,
        Err(e) => {
            assert!(!common::tools_required(), "the writer route is required: {e}");
            eprintln!("skipping: {e}");
            false
        }
    }
}

/// Converts a fixture to SPIR-V through the writer route (`--rewrite-types` unless `plain`).
pub fn to_spirv(fixture: &str, plain: bool) -> Vec<u8> {
    to_spirv_with(fixture, if plain { &[] } else { &["--rewrite-types"] })
}

/// Converts a fixture to SPIR-V through the writer route with the writer driver's `options`
/// (`--rewrite-types`, `--rewrite-sev`).
pub fn to_spirv_with(fixture: &str, options: &[&str]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let bc = dir.path().join("k.bc");
    let spv = dir.path().join("k.spv");
    let mut writer = Command::new(writer().unwrap());
    writer.args(options);
    let w = writer.arg(common::fixtures().join(fixture)).arg(&bc).output().unwrap();
    assert!(w.status.success(), "{fixture}: writer adaptor: {}", String::from_utf8_lossy(&w.stderr));
    let t = Command::new("llvm-spirv-14")
        .args(["--spirv-ext=+all", "--spirv-allow-unknown-intrinsics=llvm.genx."])
        .arg(&bc)
        .arg("-o")
        .arg(&spv)
        .output()
        .unwrap();
    assert!(t.status.success(), "{fixture}: llvm-spirv-14: {}", String::from_utf8_lossy(&t.stderr));
    std::fs::read(&spv).unwrap()
}
