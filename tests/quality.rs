//! Code quality against Intel's Vector Compiler (issue 5): every CM example kernel is compiled by
//! genxc for TGLLP and finalized by `GenX_IR`; its Gen instruction count (`//.instCount` of the
//! listing) is set against the count recorded for IGC's Vector Compiler on the same kernel in
//! tests/fixtures/intel/gen_instructions_tgllp.txt (the listing of the finalizer inside ocloc, the
//! same IGC release as `GenX_IR`; `scripts/intel-outputs.sh` regenerates it). The geometric mean
//! of genxc/IGC must be at most 1.0 and no kernel may be above 1.25. `scripts/quality.sh` prints
//! the same table.

mod common;

use common::{compile, finalize, finalizer_available, fixtures, input};
use genxc_genx::Platform;

/// Geometric mean of genxc / IGC the target allows.
const MAX_GEOMEAN: f64 = 1.0;
/// Largest genxc / IGC ratio the target allows for one kernel.
const MAX_RATIO: f64 = 1.25;

/// `(example, kernel, IGC's count)` rows of the data file.
fn igc_counts() -> Vec<(String, String, u32)> {
    let text = std::fs::read_to_string(fixtures().join("intel/gen_instructions_tgllp.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 3, "bad row '{l}'");
            (f[0].to_string(), f[1].to_string(), f[2].parse().unwrap())
        })
        .collect()
}

/// The `//.instCount N` of a Gen listing.
fn inst_count(asm: &str) -> u32 {
    let line = asm.lines().find_map(|l| l.trim().strip_prefix("//.instCount")).expect("an instCount line");
    line.trim().parse().unwrap()
}

#[test]
fn gen_instruction_counts_meet_the_target_against_igc() {
    if !finalizer_available() {
        return;
    }
    let rows = igc_counts();
    assert!(rows.len() >= 13, "every CM example kernel has a row");
    let mut table = String::new();
    let mut log_sum = 0.0;
    let mut worst = 0.0f64;
    for (example, kernel, igc) in &rows {
        let result = compile(&[input(&format!("cm/{example}.ll"))], Platform::Tgllp, 0);
        assert!(!result.failed(), "{example}: {:?}", result.diagnostics);
        let file = format!("{kernel}.visaasm");
        let text =
            result.outputs.iter().find(|f| f.name == file).unwrap_or_else(|| panic!("{example}: {file}"));
        let asm = finalize(&file, std::str::from_utf8(&text.bytes).unwrap(), "TGLLP").unwrap();
        let ours = inst_count(&asm);
        let ratio = f64::from(ours) / f64::from(*igc);
        table.push_str(&format!("{example} {kernel}: {ours} / {igc} = {ratio:.2}\n"));
        log_sum += ratio.ln();
        worst = worst.max(ratio);
    }
    let geomean = (log_sum / rows.len() as f64).exp();
    assert!(
        geomean <= MAX_GEOMEAN && worst <= MAX_RATIO,
        "geometric mean {geomean:.3} (at most {MAX_GEOMEAN}), worst {worst:.2} (at most {MAX_RATIO}):\n{table}"
    );
}

#[test]
fn inst_count_reads_the_listing_header() {
    assert_eq!(inst_count("//.kernel k\n//.platform TGLLP\n//.instCount 27\n//.RA type\tTRIVIAL_RA\n"), 27);
}
