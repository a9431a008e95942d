//! Function addresses in `--emit zebin`: the functions whose address a module takes (indirect
//! calls, function tables) are placed as Intel's Vector Compiler places them, in the code of an
//! `Intel_Symbol_Table_Void_Program` entry, each a global `STT_FUNC` symbol; the kernels' `faddr`s
//! of them, those inside the stack functions, and the addresses a global's initializer holds are
//! relocations naming those symbols. Checked on TGLLP, DG2 and PVC by `ocloc validate` and
//! `ocloc disasm`, every code relocation on a placeholder `mov` of iga64's listing, each symbol
//! at the start of a function that ends in `ret`, and the symbol and relocation kinds against
//! Intel's zebin of the same module (`ocloc compile -llvm_input ... -vc-codegen
//! -ze-enable-zebin`); MTL, which this ocloc does not know, by genxc's reader and iga64.
//!
//! The simulator runs the same vISA (the zebin's kernels are the `.visaasm` ones):
//! `calls/indirect_values.ll` in tests/prepared_forms.rs, the others in tests/differential.rs,
//! except an address in a global's initializer, which it does not model.

mod common;

use common::{
    check_accepted, check_code_relocations, iga_listing_at, input, intel_zebin, reloc_kinds, tool_available,
};
use genxc::{CompileOptions, Emit};
use genxc_genx::Platform;
use genxc_zebin::{ReadZebin, ZeInfo};
use std::path::Path;

/// The platforms ocloc knows: genxc's platform, ocloc's device name, iga64's platform.
const OCLOC_PLATFORMS: [(Platform, &str, &str); 3] = [
    (Platform::Tgllp, "tgllp", "12p1"),
    (Platform::Dg2, "dg2-g10", "12p71"),
    (Platform::Pvc, "pvc", "12p72"),
];

/// The entry holding the functions whose address is taken.
const EXPORTED: &str = "Intel_Symbol_Table_Void_Program";

fn tools() -> bool {
    tool_available("GenX_IR", "-h", "libigc-tools")
        && tool_available("ocloc", "--help", "intel-opencl-icd")
        && tool_available("iga64", "--help", "libigc-tools")
}

/// The zebin genxc writes for a fixture, read back with its `.ze_info`.
fn zebin(fixture: &str, platform: Platform) -> (Vec<u8>, ReadZebin, ZeInfo) {
    let opts = CompileOptions { platform, emit: Emit::Zebin.into(), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
    let bytes = outcome.zebin().expect("a zebin").to_vec();
    let z = genxc_zebin::read(&bytes).expect("genxc's reader reads the zebin");
    assert_eq!(z.device(), genxc::zebin::device(platform).ok());
    let info = ZeInfo::from_yaml(z.zeinfo_text().expect(".ze_info")).expect("the .ze_info reads back");
    let code: Vec<&str> = z.kernels().map(|(n, _)| n).collect();
    let named: Vec<&str> = info.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(code, named, "{fixture}");
    (bytes, z, info)
}

/// Checks the function symbols of a zebin (`names`): each global `STT_FUNC` in the code of the
/// exported functions' entry, at an instruction of iga64's listing, the functions' code ending in
/// a `ret` before the next one starts; gives `(name, offset)` of each.
fn check_function_symbols(
    z: &ReadZebin,
    names: &[&str],
    iga: &str,
    dir: &Path,
    what: &str,
) -> Vec<(String, u64)> {
    let section = z.sections.iter().position(|s| s.name == format!(".text.{EXPORTED}"));
    let section = section.unwrap_or_else(|| panic!("{what}: no .text.{EXPORTED}"));
    let code = &z.sections[section].data;
    let listing = iga_listing_at(code, iga, dir);
    let mut placed = Vec::new();
    for name in names {
        let s =
            z.symbols.iter().find(|s| s.name == *name).unwrap_or_else(|| panic!("{what}: no symbol {name}"));
        assert_eq!(
            (s.info, s.section as usize),
            (0x12, section),
            "{what}: {name} is not a global function there"
        );
        assert!(s.size > 0 && s.value + s.size <= code.len() as u64, "{what}: {name} {s:?}");
        assert!(
            listing.iter().any(|(at, _)| *at == s.value),
            "{what}: {name} at {:#x}, no instruction",
            s.value
        );
        // the last instruction of its code is a return
        let last = listing.iter().rfind(|(at, _)| *at < s.value + s.size).unwrap();
        assert!(last.1.contains("ret"), "{what}: {name} ends in '{}'", last.1);
        placed.push((name.to_string(), s.value));
    }
    placed
}

/// Intel's zebin without its cross-thread payload patch (an undefined symbol its finalizer's
/// `-emitCrossThreadOffR0Reloc` relocates on DG2 and PVC for kernels making stack calls, which
/// the runtime fills with the payload's offset: genxc's kernels declare their per-thread payload
/// and have no such patch), read.
fn intel_without_payload_patch(bytes: &[u8]) -> ReadZebin {
    const PATCH: &str = "__INTEL_PATCH_CROSS_THREAD_OFFSET_OFF_R0";
    let mut z = genxc_zebin::read(bytes).unwrap();
    z.symbols.retain(|s| s.name != PATCH);
    z.relocations.retain(|r| r.symbol != PATCH);
    z
}

#[test]
fn functions_whose_address_is_taken_are_symbols_of_their_own_entry() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixture = "calls/indirect_calls.ll";
    let with_intel = tool_available("llvm-as-14", "--version", "llvm-14");
    for (platform, device, iga) in OCLOC_PLATFORMS {
        let what = format!("{fixture} on {device}");
        let (bytes, z, info) = zebin(fixture, platform);
        check_accepted(&bytes, device, dir.path(), &what);
        let names: Vec<&str> = info.kernels.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["select_call", "table_call", "passed_call", EXPORTED], "{what}");
        // the kernels make stack calls (through addresses): scratch for the call stack
        for k in &info.kernels[..3] {
            assert!(k.execution_env.has_stack_calls, "{what}: {}", k.name);
            assert!(!k.per_thread_memory_buffers.is_empty(), "{what}: {}", k.name);
        }
        let placed =
            check_function_symbols(&z, &["add_one", "times_three", "negate"], iga, dir.path(), &what);
        let mut at: Vec<u64> = placed.iter().map(|p| p.1).collect();
        at.dedup();
        assert_eq!(at.len(), 3, "{what}: {placed:?}");
        // each faddr in the kernels: two relocations of the function's symbol
        assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 4 + 6 + 4, "{what}");
        for (kernel, functions) in [
            ("select_call", &["add_one", "times_three"][..]),
            ("table_call", &["add_one", "times_three", "negate"][..]),
            ("passed_call", &["add_one", "negate"][..]),
        ] {
            for f in functions {
                let mut kinds: Vec<u32> = z
                    .relocations
                    .iter()
                    .filter(|r| r.section == format!(".text.{kernel}") && r.symbol == *f)
                    .map(|r| r.kind)
                    .collect();
                kinds.sort();
                assert_eq!(kinds, [2, 3], "{what}: {kernel} {f}");
            }
        }
        if with_intel {
            // Intel's zebin of the same module: the same entries, symbol and relocation kinds
            let intel = intel_without_payload_patch(&intel_zebin(fixture, device, dir.path()));
            let intel_names: Vec<&str> = intel.kernels().map(|(n, _)| n).collect();
            assert_eq!(intel_names, names, "{what}");
            assert_eq!(reloc_kinds(&intel), reloc_kinds(&z), "{what}");
            for f in ["add_one", "times_three", "negate"] {
                let s = intel.symbols.iter().find(|s| s.name == f).unwrap();
                let section = &intel.sections[s.section as usize].name;
                assert_eq!(
                    (s.info, section.as_str()),
                    (0x12, format!(".text.{EXPORTED}").as_str()),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn addresses_in_stack_functions_and_initializers_are_relocated() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixture = "zebin/function_pointers.ll";
    let with_intel = tool_available("llvm-as-14", "--version", "llvm-14");
    for (platform, device, iga) in OCLOC_PLATFORMS {
        let what = format!("{fixture} on {device}");
        let (bytes, z, _) = zebin(fixture, platform);
        check_accepted(&bytes, device, dir.path(), &what);
        check_function_symbols(&z, &["add_one", "negate", "twice"], iga, dir.path(), &what);
        // the kernel's faddr of @handlers, and @twice's of @add_one and @negate (in the
        // exported entry's code)
        assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 2 + 4, "{what}");
        let in_twice: Vec<&str> = z
            .relocations
            .iter()
            .filter(|r| r.section == format!(".text.{EXPORTED}"))
            .map(|r| r.symbol.as_str())
            .collect();
        assert_eq!(in_twice.iter().filter(|s| **s == "add_one").count(), 2, "{what}: {in_twice:?}");
        assert_eq!(in_twice.iter().filter(|s| **s == "negate").count(), 2, "{what}: {in_twice:?}");
        // @handlers = { &add_one, &twice }: two 8-byte addresses of the functions' symbols
        let handlers = z.symbols.iter().find(|s| s.name == "handlers").unwrap();
        assert_eq!((handlers.info, handlers.size), (0x11, 16), "{what}");
        let mut data: Vec<(u64, &str, u32, i64)> = z
            .relocations
            .iter()
            .filter(|r| r.section == ".data.global")
            .map(|r| (r.offset, r.symbol.as_str(), r.kind, r.addend))
            .collect();
        data.sort();
        let base = handlers.value;
        assert_eq!(data, [(base, "add_one", 1, 0), (base + 8, "twice", 1, 0)], "{what}");
        if with_intel {
            // Intel's compiler keeps the table in registers: its kinds (the functions' symbols in
            // their own entry, code relocations, one inside @twice) are a subset of genxc's
            let intel = intel_without_payload_patch(&intel_zebin(fixture, device, dir.path()));
            let (intel_relocs, intel_symbols) = reloc_kinds(&intel);
            let (relocs, symbols) = reloc_kinds(&z);
            for k in &intel_relocs {
                assert!(relocs.contains(k), "{what}: Intel's {k:?} not in {relocs:?}");
            }
            for k in &intel_symbols {
                assert!(symbols.contains(k), "{what}: Intel's {k:?} not in {symbols:?}");
            }
            assert!(intel.relocations.iter().any(|r| r.section == format!(".text.{EXPORTED}")), "{what}");
        }
    }
}

#[test]
fn addresses_in_a_stack_function_linked_into_a_kernel_are_relocated_there() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixture = "zebin/address_in_stack_function.ll";
    let with_intel = tool_available("llvm-as-14", "--version", "llvm-14");
    for (platform, device, iga) in OCLOC_PLATFORMS {
        let what = format!("{fixture} on {device}");
        let (bytes, z, info) = zebin(fixture, platform);
        check_accepted(&bytes, device, dir.path(), &what);
        assert!(info.kernels[0].execution_env.has_stack_calls, "{what}");
        check_function_symbols(&z, &["add_one", "negate"], iga, dir.path(), &what);
        // @apply's faddrs, in the kernel's code where the finalizer linked @apply
        assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 4, "{what}");
        let mut in_kernel: Vec<(&str, u32)> = z
            .relocations
            .iter()
            .filter(|r| r.section == ".text.direct")
            .map(|r| (r.symbol.as_str(), r.kind))
            .collect();
        in_kernel.sort();
        assert_eq!(in_kernel, [("add_one", 2), ("add_one", 3), ("negate", 2), ("negate", 3)], "{what}");
        if with_intel {
            let intel = intel_without_payload_patch(&intel_zebin(fixture, device, dir.path()));
            assert_eq!(reloc_kinds(&intel), reloc_kinds(&z), "{what}");
        }
    }
}

#[test]
fn mtl_function_addresses_read_back_and_decode() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (fixture, functions) in [
        ("calls/indirect_calls.ll", &["add_one", "times_three", "negate"][..]),
        ("zebin/function_pointers.ll", &["add_one", "negate", "twice"][..]),
        ("zebin/address_in_stack_function.ll", &["add_one", "negate"][..]),
    ] {
        let what = format!("{fixture} on MTL");
        let (_, z, _) = zebin(fixture, Platform::Mtl);
        check_function_symbols(&z, functions, "12p71", dir.path(), &what);
        assert!(check_code_relocations(&z, "12p71", dir.path(), &what) >= 4, "{what}");
    }
}

#[test]
fn a_kernel_named_as_the_exported_functions_entry_is_refused() {
    let text = std::fs::read_to_string(common::fixtures().join("calls/indirect_calls.ll"))
        .unwrap()
        .replace("@select_call", &format!("@{EXPORTED}"))
        .replace("!\"select_call\"", &format!("!\"{EXPORTED}\""));
    let opts = CompileOptions {
        platform: Platform::Dg2,
        emit: Emit::Zebin.into(),
        finalizer: Some("/nonexistent/GenX_IR".into()),
        ..CompileOptions::default()
    };
    let outcome =
        genxc::compile_inputs(&[genxc::Input { name: "k.ll".into(), bytes: text.into_bytes() }], &opts);
    assert!(outcome.failed() && outcome.outputs.is_empty());
    assert!(
        outcome.log().contains("the name of the entry holding the functions whose address is taken"),
        "{}",
        outcome.log()
    );
}

/// The inline assembly fixtures (single- and multi-line templates, tied, clobbered, raw and
/// immediate operands).
const INLINE_ASM: [&str; 7] = [
    "intrinsics/inline_asm.ll",
    "intrinsics/inline_asm_constraints.ll",
    "intrinsics/accepted/inline_asm_clobber.ll",
    "intrinsics/accepted/inline_asm_tied.ll",
    "intrinsics/accepted/inline_asm_raw.ll",
    "intrinsics/accepted/inline_asm_two_outputs.ll",
    "intrinsics/accepted/inline_asm_immediate_register.ll",
];

#[test]
fn inline_assembly_is_finalized_from_visa_text() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for fixture in INLINE_ASM {
        for (platform, device, iga) in OCLOC_PLATFORMS {
            let what = format!("{fixture} on {device}");
            let (bytes, z, _) = zebin(fixture, platform);
            check_accepted(&bytes, device, dir.path(), &what);
            for (name, code) in z.kernels() {
                let listing = iga_listing_at(code, iga, dir.path());
                assert!(listing.iter().any(|(_, t)| t.contains("EOT")), "{what}: {name} ends no thread");
            }
        }
        let (_, z, _) = zebin(fixture, Platform::Mtl);
        for (name, code) in z.kernels() {
            let listing = iga_listing_at(code, "12p71", dir.path());
            assert!(listing.iter().any(|(_, t)| t.contains("EOT")), "{fixture} on MTL: {name}");
        }
    }
    // the template reaches the finalizer as written: text that is no vISA is its error
    let opts =
        CompileOptions { platform: Platform::Dg2, emit: Emit::Zebin.into(), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[input("intrinsics/accepted/call_inline_asm.ll")], &opts);
    assert!(outcome.failed() && outcome.zebin().is_none());
    assert!(outcome.log().contains("syntax error"), "{}", outcome.log());
    // source lines map the code back to vISA instructions, each line of a template being one
    // of the finalizer's (tests below): a template of several lines with -g is a zebin
    let opts = CompileOptions { debug_lines: true, ..opts };
    let outcome = genxc::compile_inputs(&[input("intrinsics/accepted/inline_asm_two_outputs.ll")], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    check_accepted(outcome.zebin().unwrap(), "dg2-g10", dir.path(), "inline_asm_two_outputs.ll -g");
}

/// The `(address, line)` rows of the one line table `llvm-dwarfdump-14 --debug-line` reads in
/// a file, and its file name.
fn dwarf_rows(path: &Path) -> (String, Vec<(u64, u32)>) {
    let text = common::debug_line_dump(path);
    let names: Vec<&str> = text.lines().filter_map(|l| l.trim().strip_prefix("name: ")).collect();
    assert_eq!(names.len(), 1, "one file: {text}");
    let rows = text
        .lines()
        .filter(|l| l.starts_with("0x"))
        .map(|l| {
            let mut w = l.split_whitespace();
            let at = u64::from_str_radix(w.next().unwrap().trim_start_matches("0x"), 16).unwrap();
            (at, w.next().unwrap().parse().unwrap())
        })
        .collect();
    (names[0].trim_matches('"').to_string(), rows)
}

/// `zebin/inline_asm_lines.ll`: a template of four instructions, a label, a comment and an
/// empty line (five of the finalizer's numbered instructions for one of genxc's), then a `faddr`
/// (a call of a declared function). With `-g` the `.debug_line` `llvm-dwarfdump-14` reads back
/// gives each piece of code the line of the input it comes from, before, in and after the
/// template; with and without `-g` the `faddr`'s two placeholder `mov`s are relocated (counted
/// as one instruction, the template would put the `faddr` four indices early, on no `faddr`).
#[test]
fn inline_assembly_of_several_lines_maps_back_to_its_instructions() {
    if !tools() {
        return;
    }
    let fixture = "zebin/inline_asm_lines.ll";
    let dir = tempfile::tempdir().unwrap();
    let dwarf = tool_available("llvm-dwarfdump-14", "--version", "llvm-14");
    for (platform, device, iga) in OCLOC_PLATFORMS {
        for options in ["", "-options -g"] {
            let what = format!("{fixture} on {device} {options}");
            let opts =
                CompileOptions::parse(&format!("-platform {} -emit zebin {options}", platform.info().name))
                    .unwrap();
            let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
            assert!(!outcome.failed(), "{what}: {}", outcome.log());
            let bytes = outcome.zebin().unwrap().to_vec();
            check_accepted(&bytes, device, dir.path(), &what);
            let z = genxc_zebin::read(&bytes).unwrap();
            // the faddr of ext_scale: its low and high placeholder movs, each relocated
            assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 2, "{what}");
            let mut kinds: Vec<u32> =
                z.relocations.iter().filter(|r| r.symbol == "ext_scale").map(|r| r.kind).collect();
            kinds.sort();
            assert_eq!(kinds, [2, 3], "{what}");
            assert_eq!(z.section(".debug_line").is_some(), !options.is_empty(), "{what}");
            if options.is_empty() || !dwarf {
                continue;
            }
            let path = dir.path().join("lines.bin");
            std::fs::write(&path, &bytes).unwrap();
            let (file, rows) = dwarf_rows(&path);
            assert_eq!(file, "inline_asm_lines.ll", "{what}");
            let mut lines: Vec<u32> = rows.iter().map(|&(_, l)| l).collect();
            lines.sort();
            lines.dedup();
            // every line with code: the add (16), the template (17), the multiply by 7 (18), the
            // call (19), the stored values (22, 23) and addresses (25, 26), the scatter (27)
            assert_eq!(lines, [16, 17, 18, 19, 22, 23, 25, 26, 27], "{what}");
            // the line of each instruction of the code: the last row at or before it
            let (_, code) = z.kernels().next().unwrap();
            let listing = iga_listing_at(code, iga, dir.path());
            let line_of = |at: u64| rows.iter().take_while(|&&(a, _)| a <= at).last().map(|&(_, l)| l);
            let placeholders: Vec<u64> =
                listing.iter().filter(|(_, t)| t.contains("0x6E10CA2E")).map(|&(at, _)| at).collect();
            assert_eq!(placeholders.len(), 2, "{what}");
            for at in placeholders {
                assert_eq!(line_of(at), Some(19), "{what}: the faddr's mov at {at:#x}");
            }
            // the template's multiply by 3 and the multiply by 7 after it
            let listed = |imm: &str| -> Vec<Option<u32>> {
                listing
                    .iter()
                    .filter(|(_, t)| t.starts_with("mul") || t.contains(" mul "))
                    .filter(|(_, t)| t.split_whitespace().any(|w| w.split(':').next() == Some(imm)))
                    .map(|&(at, _)| line_of(at))
                    .collect()
            };
            assert_eq!(listed("3"), [Some(17)], "{what}: {listing:#?}");
            assert_eq!(listed("7"), [Some(18)], "{what}: {listing:#?}");
        }
    }
    // the same in a stack function linked into the kernel's code: its own numbering
    let fixture_in_function = "zebin/inline_asm_stack_function.ll";
    for (platform, device, iga) in OCLOC_PLATFORMS {
        let what = format!("{fixture_in_function} on {device}");
        let (bytes, z, _) = zebin(fixture_in_function, platform);
        check_accepted(&bytes, device, dir.path(), &what);
        assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 2, "{what}");
        let relocated: Vec<&str> = z.relocations.iter().map(|r| r.section.as_str()).collect();
        assert_eq!(relocated, [".text.asm_in_function"; 2], "{what}");
    }
    // MTL, which this ocloc does not know: read back, relocated in genxc's reader, decoded
    let opts = CompileOptions::parse("-platform mtl -emit zebin -options -g").unwrap();
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    let z = genxc_zebin::read(outcome.zebin().unwrap()).unwrap();
    assert!(z.section(".debug_line").is_some());
    assert_eq!(z.relocations.iter().filter(|r| r.symbol == "ext_scale").count(), 2);
    let (_, code) = z.kernels().next().unwrap();
    let listing = iga_listing_at(code, "12p71", dir.path());
    assert!(listing.iter().any(|(_, t)| t.contains("EOT")));
}
