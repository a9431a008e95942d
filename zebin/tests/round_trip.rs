//! The zebin writer and reader agree: a program written and read back gives the same code,
//! notes, symbols and `.ze_info`; malformed files and YAML are errors, not panics.

use genxc_zebin::{
    parse, read, write, AccessType, AddrMode, AddrSpace, BindingTableIndex, Device, ExecutionEnv, KernelInfo,
    Node, PayloadArg, PayloadArgType, PerThreadArgType, PerThreadBuffer, PerThreadBufferKind,
    PerThreadPayloadArg, Program, ZeInfo,
};

fn kernel(name: &str) -> KernelInfo {
    KernelInfo {
        name: name.to_string(),
        execution_env: ExecutionEnv {
            grf_count: 128,
            simd_size: 1,
            slm_size: 1024,
            barrier_count: 1,
            offset_to_skip_per_thread_data_load: Some(128),
            private_size: Some(8192),
            ..ExecutionEnv::default()
        },
        payload_arguments: vec![
            PayloadArg {
                arg_index: Some(0),
                source_offset: Some(0),
                ..PayloadArg::implicit(PayloadArgType::ArgByValue, 0, 4)
            },
            PayloadArg {
                arg_index: Some(1),
                addrmode: Some(AddrMode::Stateful),
                addrspace: Some(AddrSpace::Image),
                access_type: Some(AccessType::ReadOnly),
                image_type: Some("image_2d".into()),
                ..PayloadArg::implicit(PayloadArgType::ArgByPointer, 0, 0)
            },
            PayloadArg {
                arg_index: Some(2),
                addrmode: Some(AddrMode::Stateless),
                addrspace: Some(AddrSpace::Global),
                access_type: Some(AccessType::ReadWrite),
                ..PayloadArg::implicit(PayloadArgType::ArgByPointer, 8, 8)
            },
            PayloadArg::implicit(PayloadArgType::LocalSize, 16, 12),
            PayloadArg::implicit(PayloadArgType::PrivateBaseStateless, 32, 8),
        ],
        per_thread_payload_arguments: vec![PerThreadPayloadArg {
            arg_type: PerThreadArgType::PackedLocalIds,
            offset: 0,
            size: 6,
        }],
        binding_table_indices: vec![BindingTableIndex { bti_value: 0, arg_index: 1 }],
        per_thread_memory_buffers: vec![
            PerThreadBuffer { kind: PerThreadBufferKind::Private, size: 8192 },
            PerThreadBuffer { kind: PerThreadBufferKind::SpillFill, size: 640 },
        ],
    }
}

#[test]
fn written_and_read_back() {
    for device in Device::ALL {
        let program = Program {
            device,
            kernels: vec![("first".into(), vec![1; 48]), ("second kernel".into(), vec![2; 16])],
            data_const: vec![7; 5],
            data_global: Vec::new(),
            data_const_string: Vec::new(),
            symbols: Vec::new(),
            relocations: Vec::new(),
            debug_line: Vec::new(),
            zeinfo: ZeInfo::new(vec![kernel("first"), kernel("second kernel")]),
        };
        let bytes = write(&program).unwrap();
        let z = read(&bytes).unwrap();
        assert_eq!(z.device(), Some(device));
        assert_eq!(z.file_type, genxc_zebin::elf::ET_REL);
        assert_eq!(z.zebin_version(), Some("1.15"));
        let code: Vec<(&str, &[u8])> = z.kernels().collect();
        assert_eq!(code, [("first", &[1u8; 48][..]), ("second kernel", &[2u8; 16][..])]);
        assert_eq!(z.section(".data.const").unwrap().data, [7; 5]);
        assert_eq!(z.symbols.len(), 2);
        assert_eq!((z.symbols[1].name.as_str(), z.symbols[1].size), ("second kernel", 16));
        // code sections start on 64-byte boundaries of the file
        let back = ZeInfo::from_yaml(z.zeinfo_text().unwrap()).unwrap();
        assert_eq!(back, program.zeinfo);
        assert!(z.zeinfo_text().unwrap().contains("  - name: 'second kernel'\n"));
    }
}

#[test]
fn mismatched_programs_are_refused() {
    let mut program = Program {
        device: Device::Dg2,
        kernels: vec![("a".into(), vec![0; 16])],
        data_const: Vec::new(),
        data_global: Vec::new(),
        data_const_string: Vec::new(),
        symbols: Vec::new(),
        relocations: Vec::new(),
        debug_line: Vec::new(),
        zeinfo: ZeInfo::new(vec![kernel("b")]),
    };
    assert!(write(&program).unwrap_err().contains("are not those of the code"));
    program.kernels.push(("a".into(), vec![0; 16]));
    program.zeinfo = ZeInfo::new(vec![kernel("a"), kernel("a")]);
    assert_eq!(write(&program).unwrap_err(), "two kernels are named 'a'");
}

#[test]
fn bad_files_are_errors() {
    assert_eq!(read(b"").unwrap_err(), "not an ELF file");
    let program = Program {
        device: Device::Pvc,
        kernels: vec![("k".into(), vec![0; 16])],
        data_const: Vec::new(),
        data_global: Vec::new(),
        data_const_string: Vec::new(),
        symbols: Vec::new(),
        relocations: Vec::new(),
        debug_line: Vec::new(),
        zeinfo: ZeInfo::new(vec![kernel("k")]),
    };
    let bytes = write(&program).unwrap();
    // every truncation is an error or a smaller file, never a panic
    for len in 0..bytes.len() {
        let _ = read(&bytes[..len]);
    }
    assert!(read(&bytes[..bytes.len() - 1]).unwrap_err().contains("outside the file"));
    let mut bad = bytes.clone();
    bad[4] = 1;
    assert_eq!(read(&bad).unwrap_err(), "not a 64-bit little-endian ELF file");
}

#[test]
fn yaml_subset() {
    let text = "---\nversion:         '1.20'\nkernels:\n  - name:            k\n    execution_env:\n      grf_count:       128\n      simd_size:       1\n      has_no_stateless_write: true\n    debug_env:\n      sip_surface_bti: 0\nkernels_misc_info:\n  - name:            k\n...\n";
    let tree = parse(text).unwrap();
    assert_eq!(tree.get("version"), Some(&Node::Scalar("1.20".into())));
    let info = ZeInfo::from_yaml(text).unwrap();
    assert_eq!(info.version, (1, 20));
    assert_eq!(info.kernels[0].execution_env.grf_count, 128);
    let err = |t: &str| ZeInfo::from_yaml(t).unwrap_err();
    assert_eq!(err("kernels:\n"), "'kernels' is not a sequence");
    assert_eq!(err("kernels:\n  - name: k\n    execution_env:\n      simd_size: 1\n"), "no 'version' key");
    assert_eq!(err("version: '1.x'\n"), "'version' needs a number, found 'x'");
    assert!(err("version: '1.1'\nkernels:\n  - name: k\n").contains("has no execution_env"));
    assert!(err("version: '1.1'\nkernels:\n  - name: k\n    execution_env:\n      simd_size: x\n")
        .contains("needs a number"));
    assert!(err("version: '1.1'\nkernels:\n  - name: k\n    execution_env:\n      simd: 1\n")
        .contains("unknown key 'simd'"));
    assert!(err("version: '1.1'\nversion: '1.1'\n").contains("repeated"));
    assert!(err("version: \"1.1\"\n").contains("not modeled"));
    assert!(err("version '1.1'\n").contains("expected 'key: value'"));
    assert!(err("version: '1.1'\n   kernels:\n").contains("unexpected indentation"));
    assert!(err("version: '1.1\n").contains("unterminated"));
}

/// A program with data in every data section, global symbols (objects and an undefined
/// function) and relocations of code and data.
fn with_relocations() -> Program {
    use genxc_zebin::{DataSection, RelocTarget, RelocType, Relocation, SymbolDef, SymbolPlace};
    let object = |name: &str, section, offset, size| SymbolDef {
        name: name.into(),
        place: SymbolPlace::Data { section, offset },
        size,
    };
    let reloc = |target, offset, kind, symbol: &str, addend| Relocation {
        target,
        offset,
        kind,
        symbol: symbol.into(),
        addend,
    };
    let code = RelocTarget::Kernel("k".into());
    Program {
        device: Device::Dg2,
        kernels: vec![("k".into(), vec![0; 64])],
        data_const: vec![1; 32],
        data_global: vec![2; 16],
        data_const_string: b"%d\n\0".to_vec(),
        symbols: vec![
            object("table", DataSection::Const, 0, 32),
            object("cursor", DataSection::Global, 8, 8),
            object("fmt", DataSection::ConstString, 0, 4),
            SymbolDef { name: "ext".into(), place: SymbolPlace::UndefinedFunction, size: 0 },
        ],
        relocations: vec![
            reloc(code.clone(), 12, RelocType::SymAddr32, "cursor", 0),
            reloc(code.clone(), 28, RelocType::SymAddr32Hi, "cursor", 0),
            reloc(code, 44, RelocType::SymAddr32, "ext", 0),
            reloc(RelocTarget::Data(DataSection::Global), 8, RelocType::SymAddr, "table", 12),
        ],
        debug_line: Vec::new(),
        zeinfo: ZeInfo::new(vec![kernel("k")]),
    }
}

#[test]
fn symbols_and_relocations_are_read_back() {
    let program = with_relocations();
    let z = read(&write(&program).unwrap()).unwrap();
    assert_eq!(z.section(".data.global").unwrap().data, [2; 16]);
    assert_eq!(z.section(".data.const.string").unwrap().data, b"%d\n\0");
    let names: Vec<(&str, u8, u64, u64)> =
        z.symbols.iter().map(|s| (s.name.as_str(), s.info, s.value, s.size)).collect();
    assert_eq!(
        names,
        [
            ("k", 2, 0, 64),
            ("table", 0x11, 0, 32),
            ("cursor", 0x11, 8, 8),
            ("fmt", 0x11, 0, 4),
            ("ext", 0x10, 0, 0)
        ]
    );
    // defined symbols name their section, the undefined function none
    assert_eq!(z.sections[z.symbols[2].section as usize].name, ".data.global");
    assert_eq!(z.symbols[4].section, 0);
    let relocs: Vec<(&str, bool, u64, u32, &str, i64)> = z
        .relocations
        .iter()
        .map(|r| (r.section.as_str(), r.with_addend, r.offset, r.kind, r.symbol.as_str(), r.addend))
        .collect();
    assert_eq!(
        relocs,
        [
            (".text.k", false, 12, 2, "cursor", 0),
            (".text.k", false, 28, 3, "cursor", 0),
            (".text.k", false, 44, 2, "ext", 0),
            (".data.global", true, 8, 1, "table", 12),
        ]
    );
    assert!(z.section(".rel.text.k").is_some() && z.section(".rela.data.global").is_some());
}

#[test]
fn bad_relocations_are_refused() {
    let mut p = with_relocations();
    p.relocations[0].symbol = "nowhere".into();
    assert!(write(&p).unwrap_err().contains("'nowhere', which is not a global symbol"));
    let mut p = with_relocations();
    p.relocations[1].offset = 62;
    assert!(write(&p).unwrap_err().contains("runs past the end"));
    let mut p = with_relocations();
    p.relocations[2].addend = 4;
    assert!(write(&p).unwrap_err().contains("code relocation"));
    let mut p = with_relocations();
    p.symbols[1].size = 9;
    assert!(write(&p).unwrap_err().contains("'cursor' runs past the end of .data.global"));
    let mut p = with_relocations();
    p.symbols[3].name = "k".into();
    assert_eq!(write(&p).unwrap_err(), "two symbols are named 'k'");
    let mut p = with_relocations();
    p.data_global.clear();
    assert!(write(&p).unwrap_err().contains(".data.global, which is empty"));
    // truncations of a file with relocations are errors, not panics
    let bytes = write(&with_relocations()).unwrap();
    for len in 0..bytes.len() {
        let _ = read(&bytes[..len]);
    }
}

#[test]
fn function_symbols_are_global_functions_of_their_entrys_code() {
    use genxc_zebin::{RelocTarget, RelocType, Relocation, SymbolDef, SymbolPlace};
    let mut p = with_relocations();
    p.kernels.push(("Intel_Symbol_Table_Void_Program".into(), vec![0; 48]));
    p.zeinfo = ZeInfo::new(vec![kernel("k"), kernel("Intel_Symbol_Table_Void_Program")]);
    let function = |name: &str, offset, size| SymbolDef {
        name: name.into(),
        place: SymbolPlace::Function { kernel: "Intel_Symbol_Table_Void_Program".into(), offset },
        size,
    };
    p.symbols.push(function("f", 16, 32));
    p.relocations.push(Relocation {
        target: RelocTarget::Kernel("k".into()),
        offset: 60,
        kind: RelocType::SymAddr32,
        symbol: "f".into(),
        addend: 0,
    });
    let z = read(&write(&p).unwrap()).unwrap();
    let f = z.symbols.iter().find(|s| s.name == "f").unwrap();
    assert_eq!((f.info, f.value, f.size), (0x12, 16, 32));
    assert_eq!(z.sections[f.section as usize].name, ".text.Intel_Symbol_Table_Void_Program");
    assert!(z.relocations.iter().any(|r| r.symbol == "f" && r.section == ".text.k" && r.offset == 60));
    // past the end of its code, or in the code of no kernel: refused
    let mut bad = p.clone();
    bad.symbols.last_mut().unwrap().size = 33;
    assert!(write(&bad).unwrap_err().contains("function 'f' runs past the end"));
    let mut bad = p;
    bad.symbols.pop();
    bad.symbols.push(SymbolDef {
        name: "f".into(),
        place: SymbolPlace::Function { kernel: "nowhere".into(), offset: 0 },
        size: 8,
    });
    assert!(write(&bad).unwrap_err().contains("which is not a kernel"));
}

proptest::proptest! {
    /// A zebin with bytes changed anywhere (header, section table, notes, symbols, relocations,
    /// `.ze_info`) is read as a zebin or refused, never a panic; and so is what it then says.
    #[test]
    fn changed_bytes_are_read_or_refused_without_a_panic(
        edits in proptest::collection::vec((proptest::num::usize::ANY, proptest::num::u8::ANY), 1..6),
    ) {
        let mut bytes = write(&with_relocations()).unwrap();
        for (at, byte) in edits {
            let at = at % bytes.len();
            bytes[at] = byte;
        }
        if let Ok(z) = read(&bytes) {
            let _ = (z.device(), z.zebin_version(), z.kernels().count());
            if let Some(text) = z.zeinfo_text() {
                let _ = ZeInfo::from_yaml(text);
            }
        }
    }

    /// `.ze_info` text with characters changed, inserted or removed is parsed or refused, never
    /// a panic.
    #[test]
    fn changed_ze_info_is_parsed_or_refused_without_a_panic(
        edits in proptest::collection::vec((proptest::num::usize::ANY, 0u8..3, proptest::char::any()), 1..6),
    ) {
        let mut text: Vec<char> = ZeInfo::new(vec![kernel("k")]).to_yaml().chars().collect();
        for (at, how, c) in edits {
            let at = at % (text.len() + 1);
            match how {
                0 if at < text.len() => text[at] = c,
                1 => text.insert(at, c),
                _ if at < text.len() => {
                    text.remove(at);
                }
                _ => {}
            }
        }
        let text: String = text.into_iter().collect();
        let _ = parse(&text);
        let _ = ZeInfo::from_yaml(&text);
    }
}
