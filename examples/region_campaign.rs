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
//!
//! region_campaign oracle BEFORE.ll AFTER.ll
//!                                         the LLVM IR region oracle (`genxc::region_oracle`) on
//!                                         kernel `k` of both: `same (N trials)`, `differ: ...`
//!                                         or `not modeled: ...` / `unreadable: ...`
//! ```
//!
//! `run` exits 0 when it could run the reference (whatever the verdicts), 2 when not; `oracle`
//! exits 0 whatever its answer, 2 on usage errors.

#[path = "../fuzz/src/region_run.rs"]
mod region_run;
#[path = "../fuzz/src/regions.rs"]
#[allow(dead_code)]
mod regions;

use genxc_genx::Platform;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("run") => run(&args[1..]),
        Some("oracle") => oracle(&args[1..]),
        _ => Err("usage: region_campaign gen DIR N [SEED] | run K.ll PLATFORM SEED VISA... | oracle BEFORE.ll AFTER.ll".to_string()),
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
    let texts: Vec<String> = visas
        .iter()
        .map(|v| std::fs::read_to_string(v).map_err(|e| format!("{v}: {e}")))
        .collect::<Result<_, _>>()?;
    for v in region_run::run_against_reference(input, &bytes, platform, seed, &texts)? {
        println!("{v}");
    }
    Ok(())
}

fn oracle(args: &[String]) -> Result<(), String> {
    use genxc::region_oracle::{same_semantics, OracleError};
    let [before, after] = args else { return Err("oracle takes BEFORE.ll AFTER.ll".into()) };
    let read = |f: &String| std::fs::read(f).map_err(|e| format!("{f}: {e}"));
    let (b, a) = (read(before)?, read(after)?);
    let answer = match same_semantics((before, &b), (after, &a), Some(regions::KERNEL_NAME), 4) {
        Ok(agreement) => format!("same ({} trials)", agreement.trials),
        Err(OracleError::Differ(s)) => format!("differ: {s}"),
        Err(OracleError::NotModeled(s)) => s,
        Err(OracleError::Unreadable(s)) => format!("unreadable: {s}"),
    };
    println!("{}", answer.replace('\n', " "));
    Ok(())
}
