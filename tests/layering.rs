//! The crates depend on each other only downwards, as docs/ARCHITECTURE.md draws them: the vISA
//! model at the bottom with no workspace crate under it, selection above it, the pipeline and the
//! driver above everything. A dependency that runs back up fails here.

use std::path::Path;

/// Each crate's folder and the workspace crates its `[dependencies]` may name.
const ALLOWED: &[(&str, &[&str])] = &[
    ("diag", &[]),
    ("llvm-link", &[]),
    ("vISA", &[]),
    ("frontend", &["genxc-diag", "genxc-llvm-link"]),
    ("mlir-to-llvm", &["genxc-diag", "genxc-frontend", "genxc-llvm-link"]),
    ("spirv", &["genxc-diag", "genxc-frontend"]),
    ("genx", &["genxc-diag", "genxc-llvm-link"]),
    ("legalize", &["genxc-diag", "genxc-genx"]),
    ("regalloc", &["genxc-diag", "genxc-genx", "genxc-legalize"]),
    ("isel", &["genxc-diag", "genxc-genx", "genxc-regalloc", "genxc-visa"]),
    // The simulator: the vISA model it executes, the GenX IR its reference interprets; never the
    // compiler's passes above legalization, so it cannot share a miscompile with them.
    ("sim", &["genxc-genx", "genxc-legalize", "genxc-visa"]),
];

/// The workspace crates named in the `[dependencies]` table of a Cargo.toml.
fn workspace_dependencies(manifest: &str) -> Vec<String> {
    let mut in_deps = false;
    let mut deps = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps && line.starts_with("genxc") {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            deps.push(name.to_string());
        }
    }
    deps
}

#[test]
fn crates_depend_only_downwards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (folder, allowed) in ALLOWED {
        let manifest = std::fs::read_to_string(root.join(folder).join("Cargo.toml")).unwrap();
        for dep in workspace_dependencies(&manifest) {
            assert!(allowed.contains(&dep.as_str()), "{folder} depends on {dep}, which is not below it");
        }
    }
}

#[test]
fn the_manifest_reader_sees_dependencies() {
    let manifest = "[package]\nname = \"genxc-x\"\n\n[dependencies]\ngenxc-genx.workspace = true\n\
                    genxc-visa = { path = \"../vISA\" }\nitoa = \"1\"\n\n[dev-dependencies]\ngenxc-isel.workspace = true\n";
    assert_eq!(workspace_dependencies(manifest), ["genxc-genx", "genxc-visa"]);
}
