//! Link directives of the `genxc` command.
//!
//! On Linux the command links as a position-dependent executable (`-no-pie`): its code, LLVM's
//! included, is position-independent like every other object of the build, but the linker then
//! resolves the addresses the loader would otherwise patch at each start (some 40,000 relative
//! relocations of LLVM's vtables and tables, each a page written and copied), which is start-up
//! time of every process. Only the `genxc` executable: `libgenxc.so` (the `capi` crate) and the
//! other binaries and tests link as before.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bin=genxc=-no-pie");
    }
}
