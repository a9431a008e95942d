//! The fuzz targets' checks, run on fixed inputs in the ordinary test suite: programs from the
//! `pipeline` target's generator (`fuzz/src/gen.rs`, included by path) for 400 pseudo-random byte
//! strings, and every crash input the fuzzers found (`tests/fixtures/fuzz/`). No input may panic;
//! failures produce no output; outputs do not depend on the thread count.

#[path = "../fuzz/src/gen.rs"]
#[allow(dead_code)]
mod gen;

use genxc::{compile_bytes, CompileOptions};

fn check(name: &str, bytes: &[u8], opts: &str) -> bool {
    let opts = CompileOptions::parse(opts).unwrap();
    let a = compile_bytes(name, bytes, &opts);
    assert_eq!(a.failed(), a.outputs.is_empty(), "{name}: {}", a.log());
    if !a.failed() {
        let b = compile_bytes(name, bytes, &CompileOptions { jobs: 2, ..opts });
        assert_eq!(a, b, "{name}: output depends on the thread count");
    }
    !a.failed()
}

#[test]
fn generated_programs_never_panic() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut ok = 0;
    for case in 0..400 {
        let len = 8 + case % 120;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        let p = gen::program(&bytes);
        let opts = format!("-platform {} -emit visaasm,legalized -j 1", p.platform);
        if check(&format!("gen{case}.ll"), p.text.as_bytes(), &opts) {
            ok += 1;
        }
    }
    // The generator must reach the back end, not only its error paths.
    assert!(ok >= 20, "only {ok} of 400 generated programs compiled");
}

#[test]
fn fuzz_crash_inputs_are_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("pipeline-") {
            let p = gen::program(&bytes);
            check(&name, p.text.as_bytes(), &format!("-platform {} -emit visaasm,legalized", p.platform));
        } else {
            check(&name, &bytes, "-emit metadata");
        }
        n += 1;
    }
    assert!(n > 0);
}
