//! The C interface from C: builds `libgenxc.so` (crate `genxc-capi`), compiles
//! `tests/capi/client.c` against `include/genxc.h` with the system C compiler (checking with `nm` that
//! the library exports exactly the header's functions), runs it (it compiles
//! a bundled example from memory, checks outputs, logs and statuses, and compiles on 8 threads at
//! once), then runs Intel's finalizer `GenX_IR` on the vISA the client wrote; the client runs
//! again on the same kernel as SPIR-V bytes (tests/common/spirv_route.rs) and must write the same
//! vISA.

mod common;
#[path = "common/spirv_route.rs"]
mod spirv_route;

use common::{finalize, finalizer_available, fixtures};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the cdylib with the profile of this test and returns the folder holding `libgenxc.so`.
fn build_library() -> PathBuf {
    // target/<profile folder>/deps/capi-<hash>: the profile folder names the profile.
    let exe = std::env::current_exe().expect("test executable");
    let profile_dir = exe.parent().and_then(Path::parent).and_then(Path::file_name);
    let profile = match profile_dir.and_then(|d| d.to_str()) {
        Some("debug") | None => "dev".to_string(),
        Some(other) => other.to_string(),
    };
    let out = Command::new(env!("CARGO"))
        .args(["build", "-p", "genxc-capi", "--message-format=json", "--profile", &profile])
        .current_dir(root())
        .output()
        .expect("run cargo");
    assert!(out.status.success(), "cargo build -p genxc-capi:\n{}", String::from_utf8_lossy(&out.stderr));
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else { continue };
        if msg["reason"] != "compiler-artifact" || msg["target"]["name"] != "genxc" {
            continue;
        }
        let files = msg["filenames"].as_array().into_iter().flatten().filter_map(|f| f.as_str());
        if let Some(so) = files.map(PathBuf::from).find(|f| f.extension().is_some_and(|e| e == "so")) {
            return so.parent().expect("library folder").to_path_buf();
        }
    }
    panic!("cargo build -p genxc-capi reported no libgenxc.so");
}

/// The shared libraries an ELF file asks the dynamic loader for (`readelf -d`'s NEEDED entries).
fn needed_libraries(file: &Path) -> Vec<String> {
    let out = Command::new("readelf").arg("-d").arg(file).output().expect("run readelf (binutils)");
    assert!(out.status.success(), "readelf -d {}", file.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains("(NEEDED)"))
        .filter_map(|l| l.split('[').nth(1)?.split(']').next().map(String::from))
        .collect()
}

#[test]
fn a_static_llvm_build_needs_no_libllvm_and_exports_none_of_it() {
    let lib = build_library().join("libgenxc.so");
    let genxc = PathBuf::from(env!("CARGO_BIN_EXE_genxc"));
    for file in [&genxc, &lib] {
        let needed = needed_libraries(file);
        assert!(needed.iter().any(|n| n.starts_with("libc.so")), "{}: {needed:?}", file.display());
        let llvm = needed.iter().any(|n| n.starts_with("libLLVM"));
        match genxc_llvm_link::LINKAGE {
            "static" => assert!(!llvm, "{} links LLVM statically, yet needs {needed:?}", file.display()),
            _ => assert!(llvm, "{} links LLVM dynamically, yet needs {needed:?}", file.display()),
        }
    }
    // Whichever the linkage, the library's dynamic symbols are the header's functions only: a
    // host process with its own LLVM (an OpenCL runtime loading IGC) sees none of ours.
    let nm = Command::new("nm").args(["-D", "--defined-only"]).arg(&lib).output().expect("run nm");
    let exported = String::from_utf8_lossy(&nm.stdout);
    assert!(nm.status.success() && exported.lines().all(|l| l.contains(" genxc_")), "{exported}");
}

/// Whether the system C compiler can be run; without it the test fails when `CI` is set.
fn cc_available() -> bool {
    let ok = Command::new("cc").arg("--version").output().is_ok();
    if !ok {
        assert!(
            !common::tools_required(),
            "cc (Debian package gcc) is required when CI or GENXC_REQUIRE_TOOLS is set"
        );
        eprintln!("cc not found: skipping the C client");
    }
    ok
}

#[test]
fn c_client_compiles_from_memory_on_many_threads_and_its_visa_passes_the_finalizer() {
    if !cc_available() {
        return;
    }
    let lib = build_library();
    let tmp = tempfile::tempdir().expect("temporary folder");
    let client = tmp.path().join("client");
    let cc = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-pthread", "-I"])
        .arg(root().join("include"))
        .arg(root().join("tests/capi/client.c"))
        .arg("-L")
        .arg(&lib)
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .args(["-lgenxc", "-o"])
        .arg(&client)
        .output()
        .expect("run cc");
    assert!(cc.status.success(), "cc tests/capi/client.c:\n{}", String::from_utf8_lossy(&cc.stderr));

    // The library exports exactly the functions the header declares, nothing else.
    if let Ok(nm) = Command::new("nm").args(["-D", "--defined-only"]).arg(lib.join("libgenxc.so")).output() {
        let header = std::fs::read_to_string(root().join("include/genxc.h")).unwrap();
        let exported: Vec<String> = String::from_utf8_lossy(&nm.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().nth(2))
            .map(String::from)
            .collect();
        assert_eq!(exported.len(), 9, "{exported:?}");
        for name in &exported {
            assert!(
                header.contains(&format!(" {name}(")) || header.contains(&format!("*{name}(")),
                "{name} is not in genxc.h"
            );
        }
    }

    let outdir = tmp.path().join("out");
    std::fs::create_dir(&outdir).unwrap();
    let run = Command::new(&client)
        .arg(fixtures().join("cm/01_saxpy_oword.ll"))
        .arg(fixtures().join("bad/syntax_error.ll"))
        .arg(&outdir)
        .output()
        .expect("run the C client");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success() && stdout == "ok\n", "client failed ({}):\n{stdout}{stderr}", run.status);
    assert!(!stderr.contains("panicked"), "{stderr}");

    // What came through C is what the Rust API gives, and the finalizer accepts it.
    let source = std::fs::read(fixtures().join("cm/01_saxpy_oword.ll")).unwrap();
    let have_finalizer = finalizer_available();
    for (platform, finalizer_name) in [("skl", "SKL"), ("tgllp", "TGLLP"), ("dg2", "DG2"), ("pvc", "PVC")] {
        let text =
            std::fs::read_to_string(outdir.join(platform).join("saxpy.visaasm")).expect("client output");
        let opts = genxc::CompileOptions::parse(&format!("-platform {platform}")).unwrap();
        let rust = genxc::compile_bytes("saxpy.ll", &source, &opts);
        assert_eq!(rust.visaasm_of("saxpy"), Some(text.as_str()), "{platform}");
        if have_finalizer {
            finalize("saxpy.visaasm", &text, finalizer_name).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    // SPIR-V bytes through C (the writer route's saxpy; the client names every input saxpy.ll,
    // and the SPIR-V magic number chooses the reader): the same vISA on every platform.
    if spirv_route::route_available() {
        let spv = tmp.path().join("saxpy.spv");
        std::fs::write(&spv, spirv_route::to_spirv("cm/01_saxpy_oword.ll", false)).unwrap();
        let spv_out = tmp.path().join("spv_out");
        std::fs::create_dir(&spv_out).unwrap();
        let run = Command::new(&client)
            .arg(&spv)
            .arg(fixtures().join("bad/syntax_error.ll"))
            .arg(&spv_out)
            .output()
            .expect("run the C client");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success() && stdout == "ok\n",
            "client on SPIR-V: {stdout}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        for platform in ["skl", "tgllp", "dg2", "pvc"] {
            let from_ll = std::fs::read(outdir.join(platform).join("saxpy.visaasm")).unwrap();
            let from_spv = std::fs::read(spv_out.join(platform).join("saxpy.visaasm")).unwrap();
            assert!(from_ll == from_spv, "{platform}: the SPIR-V input's vISA differs");
        }
    }
}
