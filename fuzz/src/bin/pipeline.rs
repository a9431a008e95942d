//! Fuzz target: the whole pipeline to vISA on generated GenX LLVM IR ([`genxc_fuzz::gen`]): the
//! bytes choose a kernel program (always valid LLVM), which is compiled to `.visaasm` and to
//! legalized IR on the platform the bytes choose. Checks: no panic, failures produce no output,
//! and the output does not depend on the thread count.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let p = genxc_fuzz::gen::program(data);
    let opts = genxc::CompileOptions::parse(&format!("-platform {} -emit visaasm,legalized -j 1", p.platform))
        .expect("options");
    let a = genxc::compile_bytes("fuzz.ll", p.text.as_bytes(), &opts);
    assert_eq!(a.failed(), a.outputs.is_empty(), "{}", a.log());
    if !a.failed() {
        let b = genxc::compile_bytes("fuzz.ll", p.text.as_bytes(), &genxc::CompileOptions { jobs: 2, ..opts });
        assert_eq!(a, b, "output depends on the thread count");
    }
});
