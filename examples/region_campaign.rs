//! The in-process half of the differential region campaign (`scripts/region-campaign.sh`):
//! writes the generated kernels (`fuzz/src/regions.rs`) and executes compiled ones against the
//! reference interpreter of their input.
//!
//! ```text
//! region_campaign gen DIR N [SEED]        writes DIR/k<SEED+i>.ll for i in 0..N, and
//!                                         DIR/features.tsv (seed, type, regions, 2D, ...)
//! region_campaign run K.ll PLATFORM SEED VISA...
//!                                         runs K.ll's kernel in the reference interpreter and
//!                                         each VISA (.visaasm) in the simulator on one launch;
//!                                         one line per VISA: `agree`, `differ: ...` or
//!                                         `stopped: ...`
//! ```
//!
//! `run` exits 0 when it could run the reference (whatever the verdicts), 2 when not.

#[path = "../fuzz/src/regions.rs"]
#[allow(dead_code)]
mod regions;

use genxc::Input;
use genxc_genx::Platform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;
use genxc_sim::memory::compare;
use genxc_sim::reference;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("run") => run(&args[1..]),
        _ => Err("usage: region_campaign gen DIR N [SEED] | run K.ll PLATFORM SEED VISA...".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("region_campaign: {e}");
            ExitCode::from(2)
        }
    }
}

fn number(text: Option<&String>, what: &str) -> Result<u64, String> {
    text.ok_or_else(|| format!("missing {what}"))?.parse().map_err(|_| format!("{what} is not a number"))
}

fn gen(args: &[String]) -> Result<(), String> {
    let dir = Path::new(args.first().ok_or("missing DIR")?);
    let n = number(args.get(1), "N")?;
    let seed = args.get(2).map_or(Ok(1), |s| number(Some(s), "SEED"))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut table = String::from("seed\ttype\tregions\t2d\tindirect\tmulti_indirect\tmasked\n");
    for s in seed..seed + n {
        let k = regions::region_kernel(s);
        let f = dir.join(format!("k{s}.ll"));
        std::fs::write(&f, &k.text).map_err(|e| format!("{}: {e}", f.display()))?;
        let x = &k.features;
        table.push_str(&format!(
            "{s}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            k.elem.ir(),
            x.regions,
            x.two_d,
            x.indirect,
            x.multi_indirect,
            x.masked
        ));
    }
    std::fs::write(dir.join("features.tsv"), table).map_err(|e| format!("features.tsv: {e}"))
}

fn run(args: &[String]) -> Result<(), String> {
    let [input, platform, seed, visas @ ..] = args else {
        return Err("run takes K.ll PLATFORM SEED VISA...".into());
    };
    let platform = Platform::from_name(platform).ok_or_else(|| format!("unknown platform '{platform}'"))?;
    let seed: u64 = seed.parse().map_err(|_| "SEED is not a number".to_string())?;
    let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let module = genxc::import(&Input { name: input.clone(), bytes }, platform).map_err(|ds| {
        let lines: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
        format!("import: {}", lines.join("; "))
    })?;
    let specs = reference::arg_specs(&module, 0);
    let (launch, mut expected) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
    let start = expected.clone();
    reference::run(&module, 0, 0, &launch, &mut expected).map_err(|e| format!("reference: {e}"))?;
    for v in visas {
        println!("{}", verdict(v, &specs, &launch, &start, &expected, platform));
    }
    Ok(())
}

/// The vISA text without its `.kernel_attr PerThreadInputSize=N` line: Intel's compiler gives it
/// on DG2 and PVC (the bytes of per-thread payload, the local ids, loaded for the thread); the
/// vISA reader does not model that attribute, and these kernels read no per-thread payload, so
/// the line is dropped before reading. Every other line is kept.
fn without_payload_size(text: &str) -> String {
    let keep = |l: &&str| !l.trim_start().starts_with(".kernel_attr PerThreadInputSize=");
    let lines: Vec<&str> = text.lines().filter(keep).collect();
    lines.join("\n")
}

/// One compiled kernel's verdict against the reference's memory.
fn verdict(
    path: &str,
    specs: &[genxc_sim::launch::ArgSpec],
    launch: &Launch,
    start: &genxc_sim::memory::Memory,
    expected: &genxc_sim::memory::Memory,
    platform: Platform,
) -> String {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return format!("stopped: {path}: {e}"),
    };
    let kernels = match genxc_visa::read_text(&without_payload_size(&text)) {
        Ok(k) if !k.is_empty() => k,
        Ok(_) => return "stopped: no kernel in the vISA".into(),
        Err(e) => return format!("stopped: reading the vISA: {e}"),
    };
    let got = exec::arg_specs(&kernels[0]);
    if got != specs {
        return format!("stopped: vISA arguments {got:?}, input has {specs:?}");
    }
    let mut actual = start.clone();
    let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
    if let Err(e) = exec::run(&kernels, &config, launch, &mut actual) {
        return format!("stopped: simulator: {e}");
    }
    match compare(expected, &actual) {
        Ok(()) => "agree".into(),
        Err(d) => format!("differ: {d}"),
    }
}
