//! ocloc, the runtime's own tools, as the tests use them: `ocloc validate` of a device binary and
//! Intel's zebin of a fixture (`ocloc compile -llvm_input ... -vc-codegen -ze-enable-zebin`), and
//! the checks of a zebin's relocations against iga64's listing of its code.

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

/// iga64's listing of `code` with the offset of each instruction: `(offset, text)`.
pub fn iga_listing_at(code: &[u8], platform: &str, dir: &Path) -> Vec<(u64, String)> {
    let path = dir.join("code_at.krn");
    std::fs::write(&path, code).unwrap();
    let run = Command::new("iga64")
        .args(["-d", &format!("-p={platform}"), "-Xprint-pc"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(run.status.success(), "iga64: {}", String::from_utf8_lossy(&run.stderr));
    String::from_utf8_lossy(&run.stdout)
        .lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("/* [")?;
            let (pc, text) = rest.split_once(']')?;
            Some((u64::from_str_radix(pc, 16).ok()?, text.trim_start_matches([' ', '*', '/']).to_string()))
        })
        .collect()
}

/// The dword index of the destination of a listed `mov` (`rN.M<1>:ud` gives M).
pub fn mov_dst_dword(text: &str) -> Option<u32> {
    let dst = text.split_whitespace().find(|w| w.starts_with('r') && w.contains('<'))?;
    dst.split_once('.')?.1.split('<').next()?.parse().ok()
}

/// `(relocated section kind, r_type)` of each relocation and `(symbol info, defining section)`
/// of each global symbol.
pub type RelocKinds = (Vec<(String, u32)>, Vec<(u8, String)>);

/// The [`RelocKinds`] of a zebin: what Intel's and genxc's zebins must agree on.
pub fn reloc_kinds(z: &genxc_zebin::ReadZebin) -> RelocKinds {
    let kind_of =
        |section: &str| if section.starts_with(".text.") { ".text".to_string() } else { section.to_string() };
    let mut relocs: Vec<(String, u32)> =
        z.relocations.iter().map(|r| (kind_of(&r.section), r.kind)).collect();
    relocs.sort();
    relocs.dedup();
    let mut symbols: Vec<(u8, String)> = z
        .symbols
        .iter()
        .filter(|s| s.info >> 4 == 1)
        .map(|s| (s.info, z.sections.get(s.section as usize).map_or(String::new(), |x| x.name.clone())))
        .collect();
    symbols.sort();
    symbols.dedup();
    (relocs, symbols)
}

/// Checks the relocations of a zebin's code: each lands on the immediate dword of a `mov` of the
/// placeholder (iga64's listing), the low half (`R_ZE_SYM_ADDR_32`) into an even dword, the high
/// half (`_HI`) into an odd one, and names a global symbol of the zebin; gives the number of
/// code relocations.
pub fn check_code_relocations(z: &genxc_zebin::ReadZebin, iga: &str, dir: &Path, what: &str) -> usize {
    let mut n = 0;
    for (name, code) in z.kernels() {
        let listing = iga_listing_at(code, iga, dir);
        for r in z.relocations.iter().filter(|r| r.section == format!(".text.{name}")) {
            let at =
                r.offset.checked_sub(12).unwrap_or_else(|| panic!("{what}: a relocation at {}", r.offset));
            let (_, text) = listing
                .iter()
                .find(|(o, _)| *o == at)
                .unwrap_or_else(|| panic!("{what}: no instruction at {at:#x} for {r:?}"));
            assert!(text.contains("mov") && text.contains("0x6E10CA2E"), "{what}: {r:?} lands on '{text}'");
            let dword = mov_dst_dword(text).unwrap_or_else(|| panic!("{what}: '{text}'"));
            let high = match genxc_zebin::RelocType::from_number(r.kind) {
                Some(genxc_zebin::RelocType::SymAddr32) => false,
                Some(genxc_zebin::RelocType::SymAddr32Hi) => true,
                k => panic!("{what}: code relocation of type {k:?}"),
            };
            assert_eq!(dword % 2 == 1, high, "{what}: {r:?} on '{text}'");
            assert!(!r.with_addend && r.addend == 0, "{what}: {r:?}");
            let sym =
                z.symbols.iter().find(|s| s.name == r.symbol).unwrap_or_else(|| panic!("{what}: {r:?}"));
            assert_eq!(sym.info >> 4, 1, "{what}: {} is not a global symbol", r.symbol);
            n += 1;
        }
        // every placeholder of the listing is relocated
        let placeholders = listing.iter().filter(|(_, t)| t.contains("0x6E10CA2E")).count();
        let relocated = z.relocations.iter().filter(|r| r.section == format!(".text.{name}")).count();
        assert_eq!(placeholders, relocated, "{what}: kernel {name}");
    }
    n
}

/// A zebin the runtime's decoder accepts with no warning but the symbol table one, and that
/// `ocloc disasm` decodes.
pub fn check_accepted(bytes: &[u8], device: &str, dir: &Path, what: &str) {
    let path = dir.join("reloc.bin");
    std::fs::write(&path, bytes).unwrap();
    let (status, warnings, log) = validate(&path, device);
    assert_eq!(status, Some(0), "{what}: ocloc validate rejected the zebin:\n{log}");
    assert!(warnings.iter().all(|w| w.contains("Ignoring symbol table")), "{what}: warnings {warnings:?}");
    disasm(&path, device, &dir.join("reloc_dump"), what);
}
