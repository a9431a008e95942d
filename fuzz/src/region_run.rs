//! Executes a region-campaign kernel (`super::regions`) and compiled vISA of it: the input in the
//! reference interpreter (`genxc_sim::reference`), each vISA text in the simulator
//! (`genxc_sim::exec`), all on one single-thread launch filled from a seed, and each vISA's
//! output memory compared with the reference's. Shared by `examples/region_campaign.rs` (which
//! also runs Intel's vISA) and `tests/region_campaign.rs` (included by path).

use genxc::Input;
use genxc_genx::Platform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;
use genxc_sim::memory::compare;
use genxc_sim::reference;

/// One compiled kernel's verdict against the reference interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same output memory.
    Agree,
    /// Both ran; the first differing byte.
    Differ(String),
    /// The vISA could not be read or run (a fault, a construct the simulator does not model).
    Stopped(String),
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Agree => f.write_str("agree"),
            Verdict::Differ(s) => write!(f, "differ: {s}"),
            Verdict::Stopped(s) => write!(f, "stopped: {s}"),
        }
    }
}

/// Runs the kernel `text` (file name `name`) in the reference interpreter and each vISA text in
/// the simulator on the launch of `seed`; one verdict per vISA. An error when the reference
/// cannot run the input.
pub fn run_against_reference(
    name: &str,
    text: &[u8],
    platform: Platform,
    seed: u64,
    visas: &[String],
) -> Result<Vec<Verdict>, String> {
    let module =
        genxc::import(&Input { name: name.into(), bytes: text.to_vec() }, platform).map_err(|ds| {
            let lines: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
            format!("import: {}", lines.join("; "))
        })?;
    let specs = reference::arg_specs(&module, 0);
    let (launch, start) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
    let mut expected = start.clone();
    reference::run(&module, 0, 0, &launch, &mut expected).map_err(|e| format!("reference: {e}"))?;
    let verdict = |visa: &String| {
        let kernels = match genxc_visa::read_text(&without_payload_size(visa)) {
            Ok(k) if !k.is_empty() => k,
            Ok(_) => return Verdict::Stopped("no kernel in the vISA".into()),
            Err(e) => return Verdict::Stopped(format!("reading the vISA: {e}")),
        };
        let got = exec::arg_specs(&kernels[0]);
        if got != specs {
            return Verdict::Stopped(format!("vISA arguments {got:?}, input has {specs:?}"));
        }
        let mut actual = start.clone();
        let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
        if let Err(e) = exec::run(&kernels, &config, &launch, &mut actual) {
            return Verdict::Stopped(format!("simulator: {e}"));
        }
        match compare(&expected, &actual) {
            Ok(()) => Verdict::Agree,
            Err(d) => Verdict::Differ(d.to_string()),
        }
    };
    Ok(visas.iter().map(verdict).collect())
}

/// The vISA text without its `.kernel_attr PerThreadInputSize=N` line: Intel's compiler gives it
/// on DG2 and PVC (the bytes of per-thread payload, the local ids, loaded for the thread); the
/// vISA reader does not model that attribute, and these kernels read no per-thread payload, so
/// the line is dropped before reading. Every other line is kept.
pub fn without_payload_size(text: &str) -> String {
    let keep = |l: &&str| !l.trim_start().starts_with(".kernel_attr PerThreadInputSize=");
    let lines: Vec<&str> = text.lines().filter(keep).collect();
    lines.join("\n")
}
