//! Helpers shared by the integration tests: fixtures, the library entry point, and Intel's vISA
//! finalizer `GenX_IR` as the consumer every emitted kernel must satisfy.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The fixtures folder of the repository.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Reads a fixture as an input named by its path relative to the fixtures folder.
pub fn input(rel: &str) -> genxc::Input {
    let path = fixtures().join(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()));
    genxc::Input { name: rel.to_string(), bytes }
}

/// Number of kernels (`define dllexport` functions) a fixture defines.
pub fn kernel_count(fixture: &str) -> usize {
    let text = String::from_utf8(input(fixture).bytes).unwrap();
    text.lines().filter(|l| l.starts_with("define dllexport")).count()
}

/// Whether `GenX_IR` can be run. Without it, tests fail when `CI` is set and skip otherwise.
pub fn finalizer_available() -> bool {
    tool_available("GenX_IR", "-h", "libigc-tools")
}

/// Whether `name` runs (with `arg`); without it a test fails when `CI` is set and skips otherwise.
pub fn tool_available(name: &str, arg: &str, package: &str) -> bool {
    let ok = Command::new(name).arg(arg).output().is_ok();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} (Debian package {package}) is required when CI is set"
        );
        eprintln!("{name} not found: skipping (install {package})");
    }
    ok
}

/// Runs `GenX_IR` on vISA text for a platform (`SKL`, `TGLLP`, `DG2`, `PVC`) in a scratch folder.
/// Returns the Gen assembly it wrote, or its output when it rejected the input or ended the thread
/// without an EOT.
pub fn finalize(file_name: &str, text: &str, platform: &str) -> Result<String, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::write(dir.path().join(file_name), text).map_err(|e| e.to_string())?;
    let out = Command::new("GenX_IR")
        .arg(file_name)
        .args(["-platform", platform, "-output"])
        .current_dir(dir.path())
        .output()
        .map_err(|e| format!("cannot run GenX_IR: {e}"))?;
    let mut asm = String::new();
    let mut errors = String::new();
    for entry in std::fs::read_dir(dir.path()).map_err(|e| e.to_string())?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".asm") {
            asm.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
        if name.ends_with(".errors.txt") {
            errors.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
    }
    let log =
        format!("{}{}{errors}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        return Err(format!(
            "GenX_IR {file_name} -platform {platform} failed ({}):\n{log}\n--- input ---\n{text}",
            out.status
        ));
    }
    if !asm.contains("EOT") {
        return Err(format!(
            "GenX_IR {file_name} -platform {platform}: no EOT in the Gen code:\n{log}\n{text}"
        ));
    }
    Ok(asm)
}

/// Compiles inputs through the library with default options for `platform`.
pub fn compile(inputs: &[genxc::Input], platform: genxc_genx::Platform, jobs: usize) -> genxc::Outcome {
    genxc::compile_inputs(
        inputs,
        &genxc::CompileOptions { platform, emit: genxc::Emit::Visaasm.into(), jobs, ..Default::default() },
    )
}
