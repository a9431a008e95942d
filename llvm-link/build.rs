//! Chooses and prints the LLVM 14 link directives, and compiles genxc's C++ shim over LLVM
//! (`shim/shim.cpp`) with `llvm-config --cxxflags` (see `src/lib.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `llvm-config` of LLVM 14: `$LLVM_SYS_140_PREFIX/bin/llvm-config` (as llvm-sys finds it),
/// else `llvm-config-14` or `llvm-config` on the PATH.
fn llvm_config() -> PathBuf {
    if let Some(prefix) = std::env::var_os("LLVM_SYS_140_PREFIX") {
        return Path::new(&prefix).join("bin").join("llvm-config");
    }
    for name in ["llvm-config-14", "llvm-config"] {
        if Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return PathBuf::from(name);
        }
    }
    panic!("llvm-config-14 not found: install llvm-14-dev (scripts/test.sh does) or set LLVM_SYS_140_PREFIX");
}

/// What `llvm-config args` prints, or `None` when it fails.
fn query(config: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new(config).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The LLVM components genxc's code calls, for `llvm-config --link-static --libnames`, which adds
/// what they depend on: the IR and its verifier (`core`, `analysis`), the `.bc` and `.ll` readers
/// and the bitcode writer, the legacy passes of the import (mem2reg and SROA in `transformutils`
/// and `scalaropts`, the always-inliner in `ipo`), and `executionengine`, which inkwell's module
/// drop names. No target backend: genxc makes no host code, and `llvm-config --libnames` without
/// components lists every backend, whose archives then came in through inkwell's unused
/// `Target::initialize_all` and ran about 270 of the 548 static constructors (command-line
/// options, pass registrations) at every start of every process: a quarter of the instructions
/// of `genxc --version`, and with the JIT's and the other unused components' a third.
/// Inkwell functions the binaries never call may name symbols of other components; the linker's
/// section garbage collection drops them with the functions, and a call that is kept but missing
/// fails the link.
const COMPONENTS: &[&str] = &[
    "core",
    "analysis",
    "bitreader",
    "bitwriter",
    "irreader",
    "transformutils",
    "scalaropts",
    "ipo",
    "executionengine",
];

/// The static archives to link, in llvm-config's order (each before what it depends on), when
/// every one of them is installed. Polly is left out: Debian's llvm-config lists it because its
/// tools load it, but nothing genxc calls needs it and its archives are in another package.
fn static_archives(config: &Path, libdir: &Path) -> Option<Vec<String>> {
    let args: Vec<&str> =
        ["--link-static", "--libnames"].into_iter().chain(COMPONENTS.iter().copied()).collect();
    let names = query(config, &args)?;
    let mut libs = Vec::new();
    for file in names.split_whitespace() {
        let name = file.strip_prefix("lib")?.strip_suffix(".a")?;
        if name.starts_with("Polly") {
            continue;
        }
        if !libdir.join(file).is_file() {
            return None;
        }
        libs.push(name.to_string());
    }
    (!libs.is_empty()).then_some(libs)
}

/// Whether `libstdc++.a` is installed where the C compiler links from (libstdc++-12-dev on Debian
/// 12; without it the shared `libstdc++.so.6` is linked). Linked statically, the C++ runtime LLVM
/// needs costs no loading, no symbol lookups and no relocation of its own at each start: about
/// 1.8 million of the 3.8 million instructions `genxc --version` took with the shared one.
fn static_libstdcxx() -> bool {
    println!("cargo:rerun-if-env-changed=CC");
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    let Ok(out) = Command::new(cc).arg("-print-file-name=libstdc++.a").output() else { return false };
    let path = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    out.status.success() && path.is_absolute() && path.is_file()
}

/// Compiles `shim/shim.cpp` into a static library linked before LLVM's (it calls into LLVM).
fn build_shim(config: &Path) {
    println!("cargo:rerun-if-changed=shim/shim.cpp");
    let flags = query(config, &["--cxxflags"]).expect("llvm-config --cxxflags");
    let mut build = cc::Build::new();
    build.cpp(true).file("shim/shim.cpp").warnings(false);
    // The C++ runtime is linked below with LLVM's, statically when it can be.
    build.cpp_link_stdlib(None);
    for flag in flags.split_whitespace() {
        // The optimization level and debug info are the build profile's (cc sets them).
        if !flag.starts_with("-O") && flag != "-g" {
            build.flag(flag);
        }
    }
    build.compile("genxc_llvm_shim");
}

fn main() {
    println!("cargo:rerun-if-env-changed=GENXC_LLVM_LINK");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_140_PREFIX");
    let config = llvm_config();
    build_shim(&config);
    let libdir = PathBuf::from(query(&config, &["--libdir"]).expect("llvm-config --libdir").trim());
    println!("cargo:rustc-link-search=native={}", libdir.display());
    let choice = std::env::var("GENXC_LLVM_LINK").unwrap_or_default();
    let archives = match choice.as_str() {
        "dynamic" => None,
        "static" => Some(
            static_archives(&config, &libdir)
                .expect("GENXC_LLVM_LINK=static: LLVM 14's static archives are missing"),
        ),
        "" => static_archives(&config, &libdir),
        other => panic!("GENXC_LLVM_LINK={other}: expected static or dynamic"),
    };
    match archives {
        Some(libs) => {
            for lib in libs {
                println!("cargo:rustc-link-lib=static:-bundle={lib}");
            }
            let args: Vec<&str> =
                ["--link-static", "--system-libs"].into_iter().chain(COMPONENTS.iter().copied()).collect();
            let system = query(&config, &args).unwrap_or_default();
            for flag in system.split_whitespace() {
                if let Some(lib) = flag.strip_prefix("-l") {
                    println!("cargo:rustc-link-lib=dylib={lib}");
                } else if let Some(path) = flag.strip_suffix(".so").map(Path::new) {
                    // A full path (Debian's libz3.so): link it by name from its folder.
                    let stem = path.file_name().and_then(|f| f.to_str()).and_then(|f| f.strip_prefix("lib"));
                    if let (Some(dir), Some(stem)) = (path.parent(), stem) {
                        println!("cargo:rustc-link-search=native={}", dir.display());
                        println!("cargo:rustc-link-lib=dylib={stem}");
                    }
                }
            }
            // LLVM's C++ runtime: statically too when the C compiler has the archive (its objects
            // are position-independent, so libgenxc.so can hold them).
            let kind = if static_libstdcxx() { "static:-bundle" } else { "dylib" };
            println!("cargo:rustc-link-lib={kind}=stdc++");
            println!("cargo:rustc-env=GENXC_LLVM_LINKAGE=static");
        }
        None => {
            let names = query(&config, &["--link-shared", "--libnames"])
                .expect("llvm-config --link-shared --libnames");
            for file in names.split_whitespace() {
                let name = file.strip_prefix("lib").and_then(|f| f.strip_suffix(".so")).unwrap_or(file);
                println!("cargo:rustc-link-lib=dylib={name}");
            }
            // the shim's C++ runtime
            println!("cargo:rustc-link-lib=dylib=stdc++");
            println!("cargo:rustc-env=GENXC_LLVM_LINKAGE=dynamic");
        }
    }
}
