//! The GenX IR verifier and the vISA validator on everything the real pipeline produces: every
//! fixture kernel file (`cm`, `kernels`, and the MLIR files that import) and generated benchmark
//! workloads on every platform, the IR
//! checked after import, after kernel units are built and after each per-function stage (lowering,
//! legalization, the two forwarding rewrites), and each selected vISA kernel validated.

mod common;

use genxc_genx::ir::Module;
use genxc_genx::units::KernelUnit;
use genxc_genx::verify::{verify_function, verify_module, verify_unit, Callees};
use genxc_genx::{Diagnostic, Platform};

const PLATFORMS: [Platform; 6] =
    [Platform::Skl, Platform::Icllp, Platform::Tgllp, Platform::Dg2, Platform::Mtl, Platform::Pvc];

/// Folders of fixture inputs, and whether every file of the folder must import.
const FOLDERS: &[(&str, bool)] =
    &[("cm", true), ("kernels", true), ("mlir-genx", true), ("mlir", false), ("mlir-forms", false)];

/// Every fixture input (relative path and bytes), with whether it must import.
fn fixture_files() -> Vec<(String, Vec<u8>, bool)> {
    let mut out = Vec::new();
    for &(folder, must) in FOLDERS {
        let dir = common::fixtures().join(folder);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ll") || n.ends_with(".mlir"))
            .collect();
        names.sort();
        for n in names {
            let rel = format!("{folder}/{n}");
            out.push((rel.clone(), common::input(&rel).bytes, must));
        }
    }
    // the benchmark's generated workloads: larger kernels, from LLVM IR and from MLIR
    let m = genxc_bench::workload::Workload { kernels: 3, ops: 400, seed: 1 }.generate();
    out.push(("workload.ll".into(), m.ll.into_bytes(), true));
    out.push(("workload.mlir".into(), m.mlir.into_bytes(), true));
    out
}

/// Parses and imports one input for a platform; `None` when it does not import (an MLIR program
/// that is not a GenX kernel, or one genxc refuses).
fn import(name: &str, bytes: &[u8], platform: Platform) -> Option<Module> {
    let ctx = inkwell::context::Context::create();
    let llvm = if name.ends_with(".mlir") {
        genxc_mlir_to_llvm::load(&ctx, name, bytes).ok()?
    } else {
        genxc_frontend::llvm::load(&ctx, name, bytes).ok()?
    };
    genxc_genx::import::import_module(&llvm, platform).ok()
}

/// Every imported fixture module with its kernel units, per platform.
fn for_each_unit(mut visit: impl FnMut(&str, Platform, &Module, Vec<KernelUnit>)) -> usize {
    let mut modules = 0;
    for (name, bytes, must) in fixture_files() {
        for platform in PLATFORMS {
            let Some(module) = import(&name, &bytes, platform) else {
                assert!(!must, "{name} does not import for {platform:?}");
                continue;
            };
            let Ok(units) = genxc_genx::units::build_units(&module) else {
                assert!(!must, "{name}: no kernel units for {platform:?}");
                continue;
            };
            modules += 1;
            visit(&name, platform, &module, units);
        }
    }
    modules
}

fn show(diags: &[Diagnostic]) -> String {
    diags.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

/// The pipeline with its checks on (`--verify-each`): the GenX IR verifier after import, kernel
/// units and every pass, the vISA validator on every selected kernel. What selection refuses is
/// reported as unsupported; a failed check would be an internal error.
#[test]
fn every_stage_verifies_on_every_fixture_and_platform() {
    let (mut kernels, mut functions) = (0, 0);
    let mut refused = Vec::new();
    let want = genxc::pipeline::Products { visaasm: true, ..Default::default() };
    let checks = genxc::pipeline::Checks { verify_each: true };
    let modules = for_each_unit(|name, platform, module, units| {
        let at = |stage: &str| format!("{name} on {platform:?}, {stage}");
        verify_module(module, "import").unwrap_or_else(|d| panic!("{}:\n{}", at("import"), show(&d)));
        for u in units {
            verify_unit(&u, "kernel units").unwrap_or_else(|d| panic!("{}:\n{}", at("units"), show(&d)));
            let kernel = u.kernel.name.clone();
            let n = u.functions.len();
            match genxc::pipeline::compile_unit(u, platform, Default::default(), want, checks, &mut |_| {}) {
                Ok(out) => {
                    assert!(out.visaasm.is_some());
                    kernels += 1;
                    functions += n;
                }
                Err(d) => {
                    let text = show(&d);
                    assert!(!text.contains("internal error"), "{}:\n{text}", at(&kernel));
                    refused.push(format!("{name} {platform:?} {kernel}"));
                }
            }
        }
    });
    eprintln!("{modules} modules, {kernels} kernels, {functions} functions; refused: {refused:?}");
    // cm (12) and kernels (44) files on 6 platforms at least
    assert!(modules >= 56 * 6, "only {modules} modules imported");
    // Some kernels need what a platform lacks (LSC, 2D block messages, float atomics).
    assert!(kernels > 6 * 100, "only {kernels} kernels selected; refused: {refused:?}");
    assert!(functions > kernels);
}

/// The legalized functions of one fixture's first kernel unit on TGLLP.
fn legalized(fixture: &str) -> (Callees, Vec<genxc_genx::Function>) {
    let bytes = common::input(fixture).bytes;
    let module = import(fixture, &bytes, Platform::Tgllp).expect("the fixture imports");
    let u = genxc_genx::units::build_units(&module).expect("kernel units").remove(0);
    let callees = Callees::of(&u.functions);
    let functions = u
        .functions
        .into_iter()
        .map(|(_, mut f)| {
            genxc_genx::lower::lower_function(&mut f).expect("lowering");
            genxc_legalize::run(&mut f, Platform::Tgllp).expect("legalization");
            f
        })
        .collect();
    (callees, functions)
}

fn rejects(f: &genxc_genx::Function, callees: &Callees, what: &str) {
    let diags = verify_function(f, callees, "mutation").expect_err("the verifier accepted broken IR");
    assert!(diags.iter().any(|d| d.message.contains(what)), "no diagnostic says {what:?}:\n{}", show(&diags));
}

#[test]
fn mutated_pipeline_ir_is_rejected() {
    use genxc_genx::ir::{InstKind, Value};
    let (callees, functions) = legalized("cm/06_loop_colsum.ll");
    let f = &functions[0];
    verify_function(f, &callees, "legalize").unwrap();

    // the last instruction of a block that reads a result of its own block moves to the front
    let mut moved = f.clone();
    let (b, k) = moved
        .layout
        .iter()
        .find_map(|&b| {
            let insts = &moved.blocks[b].insts;
            let k = insts.iter().rposition(|&i| {
                let mut local = false;
                moved.insts[i]
                    .kind
                    .for_each_operand(|v| local |= matches!(v, Value::Inst(d) if insts.contains(&d)));
                local && !matches!(moved.insts[i].kind, InstKind::Phi { .. })
            })?;
            Some((b, k))
        })
        .expect("an instruction reading a result of its block");
    let i = moved.blocks[b].insts.remove(k);
    let first =
        moved.blocks[b].insts.iter().position(|&j| !matches!(moved.insts[j].kind, InstKind::Phi { .. }));
    moved.blocks[b].insts.insert(first.unwrap_or(0), i);
    rejects(&moved, &callees, "does not dominate its use");

    // a phi of the loop names the wrong predecessor
    let mut phi = f.clone();
    let p = phi
        .layout
        .iter()
        .flat_map(|&b| phi.blocks[b].insts.iter().copied())
        .find(|&i| matches!(phi.insts[i].kind, InstKind::Phi { .. }))
        .expect("the loop has a phi");
    let entry = phi.layout[0];
    if let InstKind::Phi { incoming } = &mut phi.insts[p].kind {
        for (from, _) in incoming.iter_mut() {
            *from = entry;
        }
    }
    rejects(&phi, &callees, "no incoming value from the predecessor");

    // a region read past the end of its vector
    let (callees, functions) = legalized("cm/02_haar_stride2.ll");
    let f = &functions[0];
    verify_function(f, &callees, "legalize").unwrap();
    let mut region = f.clone();
    let r = region
        .layout
        .iter()
        .flat_map(|&b| region.blocks[b].insts.iter().copied())
        .find(
            |&i| matches!(region.insts[i].kind, InstKind::RdRegion { region: r, .. } if r.indirect.is_none()),
        )
        .expect("a direct region read");
    if let InstKind::RdRegion { input, region: reg } = &mut region.insts[r].kind {
        reg.offset += f.value_type(*input).bytes() as i32;
    }
    rejects(&region, &callees, "covers bytes");
}
