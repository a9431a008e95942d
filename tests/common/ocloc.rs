//! ocloc, the runtime's own tools, as the tests use them: `ocloc validate` of a device binary and
//! Intel's zebin of a fixture (`ocloc compile -llvm_input ... -vc-codegen -ze-enable-zebin`).

use super::fixtures;
use std::path::Path;
use std::process::Command;

/// `ocloc validate` of a file: exit status, the warnings it lists, and its whole output.
pub fn validate(path: &Path, device: &str) -> (Option<i32>, Vec<String>, String) {
    let run = Command::new("ocloc").args(["validate", "-file"]).arg(path).args(["-device", device]).output();
    let run = run.expect("ocloc runs");
    let text = String::from_utf8_lossy(&run.stdout).into_owned() + &String::from_utf8_lossy(&run.stderr);
    let warnings = text
        .lines()
        .skip_while(|l| !l.contains("potential problems"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    (run.status.code(), warnings, text)
}

/// Intel's zebin of a fixture for ocloc device `device`, built in `dir` (`intel.bc`, `intel/`).
pub fn intel_zebin(fixture: &str, device: &str, dir: &Path) -> Vec<u8> {
    let bc = dir.join("intel.bc");
    let run = Command::new("llvm-as-14").arg(fixtures().join(fixture)).arg("-o").arg(&bc).output().unwrap();
    assert!(run.status.success(), "{fixture}: {}", String::from_utf8_lossy(&run.stderr));
    let out = dir.join("intel");
    let run = Command::new("ocloc")
        .args(["compile", "-llvm_input", "-file"])
        .arg(&bc)
        .args(["-device", device, "-options", "-vc-codegen -ze-enable-zebin", "-output", "k"])
        .args(["-output_no_suffix", "-out_dir"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{fixture}: Intel's compile failed: {}",
        String::from_utf8_lossy(&run.stdout)
    );
    std::fs::read(out.join("k")).unwrap()
}

/// `ocloc disasm` of a device binary into `dump` (one file per section); panics naming `what`
/// when ocloc cannot decode it.
pub fn disasm(path: &Path, device: &str, dump: &Path, what: &str) {
    std::fs::create_dir_all(dump).unwrap();
    let run = Command::new("ocloc")
        .args(["disasm", "-file"])
        .arg(path)
        .args(["-device", device, "-dump"])
        .arg(dump)
        .output()
        .unwrap();
    assert!(run.status.success(), "{what}: ocloc disasm failed: {}", String::from_utf8_lossy(&run.stdout));
}
