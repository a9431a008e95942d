//! Helpers shared by the integration tests: fixtures, the library entry point, and Intel's vISA
//! finalizer `GenX_IR` as the consumer every emitted kernel must satisfy.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The fixtures folder of the repository.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The fixture areas whose kernels `--emit zebin` compiles (surfaces, samplers, SLM, atomics,
/// SIMD control flow, stack calls, globals, printf, ...).
pub const ZEBIN_AREAS: [&str; 11] = [
    "cm",
    "calls",
    "kernels",
    "memory",
    "globals",
    "surfaces",
    "intrinsics",
    "aggregates",
    "simdcf",
    "printf",
    "zebin",
];

/// The `.ll` fixtures of fixture area `area`, by path relative to the fixtures folder, sorted.
pub fn area_fixtures(area: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(fixtures().join(area))
        .unwrap_or_else(|e| panic!("fixture area {area}: {e}"))
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".ll"))
        .map(|n| format!("{area}/{n}"))
        .collect();
    files.sort();
    files
}

/// Reads a fixture as an input named by its path relative to the fixtures folder.
pub fn input(rel: &str) -> genxc::Input {
    let path = fixtures().join(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()));
    genxc::Input { name: rel.to_string(), bytes }
}

/// Number of kernels (`define dllexport` and `define spir_kernel` functions) a fixture defines.
pub fn kernel_count(fixture: &str) -> usize {
    let text = String::from_utf8(input(fixture).bytes).unwrap();
    text.lines().filter(|l| l.starts_with("define dllexport") || l.starts_with("define spir_kernel")).count()
}

/// What `llvm-dwarfdump-14 --debug-line` prints for a file (the test fails if it cannot read it).
pub fn debug_line_dump(path: &Path) -> String {
    let run = Command::new("llvm-dwarfdump-14")
        .arg("--debug-line")
        .arg(path)
        .output()
        .expect("llvm-dwarfdump-14 runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    String::from_utf8_lossy(&run.stdout).into_owned()
}

mod ocloc;
mod oracle;
mod ulps;
#[allow(unused_imports)] // a test binary that runs no ocloc check
pub use ocloc::*;
pub use oracle::*;
#[allow(unused_imports)] // a test binary that measures no ulps
pub use ulps::*;

/// Whether `GenX_IR` can be run. Without it, tests fail when tools are required (`CI` or
/// `GENXC_REQUIRE_TOOLS`, which `scripts/test.sh` sets) and skip otherwise.
pub fn finalizer_available() -> bool {
    tool_available("GenX_IR", "-h", "libigc-tools")
}

/// Whether `name` runs (with `arg`); without it a test fails when tools are required
/// ([`tools_required`]) and skips otherwise.
pub fn tool_available(name: &str, arg: &str, package: &str) -> bool {
    let ok = Command::new(name).arg(arg).output().is_ok();
    if !ok {
        assert!(
            !tools_required(),
            "{name} (Debian package {package}) is required when CI or GENXC_REQUIRE_TOOLS is set"
        );
        eprintln!("{name} not found: skipping (install {package})");
    }
    ok
}

/// Runs `GenX_IR` on vISA text for a platform (`SKL`, `TGLLP`, `DG2`, `PVC`) in a scratch folder,
/// under every finalizer name of the platform (PVC also as `PVCXT`), and judges each run with
/// [`verdict`]. Returns the Gen assembly of the first name, or why a run rejected the input.
pub fn finalize(file_name: &str, text: &str, platform: &str) -> Result<String, String> {
    let mut first = None;
    for name in finalizer_platforms(platform) {
        let asm = finalize_under(file_name, text, name)?;
        first.get_or_insert(asm);
    }
    first.ok_or_else(|| format!("no finalizer platform for {platform}"))
}

/// Runs `GenX_IR` once on vISA text under the finalizer platform name `platform` (`PVC` only as
/// itself) and judges the run with [`verdict`].
pub fn finalize_under(file_name: &str, text: &str, platform: &str) -> Result<String, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::write(dir.path().join(file_name), text).map_err(|e| e.to_string())?;
    let out = Command::new("GenX_IR")
        .arg(file_name)
        .args(["-platform", platform, "-output"])
        .current_dir(dir.path())
        .output()
        .map_err(|e| format!("cannot run GenX_IR: {e}"))?;
    let (asm, errors) = finalizer_files(dir.path())?;
    let log =
        format!("{}{}{errors}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let run = FinalizerRun { exit: out.status.code(), log: &log, asm: asm.as_deref() };
    verdict(&run).map_err(|why| {
        format!("GenX_IR {file_name} -platform {platform} rejected the input:\n{why}\n--- output ---\n{log}\n--- input ---\n{text}")
    })?;
    Ok(asm.unwrap_or_default())
}

/// The Gen listings (`*.asm`, concatenated; `None` if there is none) and the verifier's
/// `*.errors.txt` that `GenX_IR` wrote into `dir`.
pub fn finalizer_files(dir: &Path) -> Result<(Option<String>, String), String> {
    let mut asm: Option<String> = None;
    let mut errors = String::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".asm") {
            asm.get_or_insert_with(String::new)
                .push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
        if name.ends_with(".errors.txt") {
            errors.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
    }
    Ok((asm, errors))
}

/// Compiles inputs through the library with default options for `platform`.
pub fn compile(inputs: &[genxc::Input], platform: genxc_genx::Platform, jobs: usize) -> genxc::Outcome {
    genxc::compile_inputs(
        inputs,
        &genxc::CompileOptions { platform, emit: genxc::Emit::Visaasm.into(), jobs, ..Default::default() },
    )
}

/// The attributes and `!genx.kernels` node of a kernel `@k(i32 %buf)` whose one argument is a
/// read-write buffer, ending a generated test kernel (followed by nothing else).
pub const ONE_BUFFER_KERNEL_METADATA: &str = "attributes #0 = { noinline nounwind \"CMGenxMain\" }
!genx.kernels = !{!0}
!0 = !{void (i32)* @k, !\"k\", !1, i32 0, i32 0, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!\"buffer_t read_write\"}";

/// Compiles the LLVM IR `text` (one input, `k.ll`) for `platform` and returns the vISA text of its
/// kernel `k`, or the compile log.
pub fn visa_of_k(text: &str, platform: genxc::TargetPlatform) -> Result<String, String> {
    let input = genxc::Input { name: "k.ll".into(), bytes: text.as_bytes().to_vec() };
    let opts = genxc::CompileOptions {
        platform,
        emit: genxc::EmitSet::of(&[genxc::Emit::Visaasm]),
        ..genxc::CompileOptions::default()
    };
    let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
    if outcome.failed() {
        return Err(outcome.log());
    }
    outcome.visaasm_of("k").map(str::to_string).ok_or_else(|| "no vISA of k".to_string())
}

/// A small deterministic generator (splitmix64) for test inputs: the same seed gives the same
/// values on every machine.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A double in [0, 1) with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A double in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}
