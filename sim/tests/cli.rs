//! The `genxc-sim` command: exit codes (0 agree, 1 differ, 2 usage / malformed / not modeled),
//! given arguments and dumped buffers, on pinned kernels of the repository.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn pinned(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/out/visaasm").join(rel)
}

fn sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_genxc-sim")).args(args).output().expect("genxc-sim runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a scratch folder")
}

#[test]
fn a_kernel_agrees_with_itself() {
    let k = pinned("01_saxpy_oword/saxpy.visaasm");
    let k = k.to_str().unwrap();
    for seed in ["1", "2"] {
        let o = sim(&["--compare", k, k, "--platform", "tgllp", "--seed", seed, "--groups", "4"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
}

#[test]
fn a_changed_kernel_differs_with_the_first_difference() {
    let dir = scratch();
    let text = std::fs::read_to_string(pinned("01_saxpy_oword/saxpy.visaasm")).unwrap();
    // y = a*x + y becomes y = a*x - y in the first half of the vector.
    let changed = text.replacen("V_x(0,0)<1;1,0> V_y(0,0)<1;1,0>", "V_x(0,0)<1;1,0> (-)V_y(0,0)<1;1,0>", 1);
    assert_ne!(changed, text);
    let (a, b) = (dir.path().join("a.visaasm"), dir.path().join("b.visaasm"));
    std::fs::write(&a, &text).unwrap();
    std::fs::write(&b, &changed).unwrap();
    let o = sim(&["--compare", a.to_str().unwrap(), b.to_str().unwrap(), "--platform", "skl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("outputs differ: buffer 1 (arg 2 (surface)) byte "), "{}", stderr(&o));
}

#[test]
fn given_arguments_and_dumped_buffers() {
    let dir = scratch();
    let x: Vec<u8> = (0..64).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let y: Vec<u8> = (0..64).flat_map(|i| (1000.0 + i as f32).to_le_bytes()).collect();
    let (xf, yf, out) = (dir.path().join("x.bin"), dir.path().join("y.bin"), dir.path().join("out.bin"));
    std::fs::write(&xf, x).unwrap();
    std::fs::write(&yf, y).unwrap();
    // PVC's own output (64-byte registers: the other file's rows are 32 bytes).
    let k = pinned("01_saxpy_oword/saxpy.pvc.visaasm");
    let o = sim(&[
        k.to_str().unwrap(),
        "--platform",
        "pvc",
        "--groups",
        "2",
        "--arg",
        "0=0.5",
        "--arg",
        &format!("1=@{}", xf.display()),
        "--arg",
        &format!("2=@{}", yf.display()),
        "--dump",
        &format!("2={}", out.display()),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let got: Vec<f32> =
        std::fs::read(&out).unwrap().chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    // Two groups of 32 floats each: every element is 0.5 * x + y.
    let want: Vec<f32> = (0..64).map(|i| 0.5 * i as f32 + 1000.0 + i as f32).collect();
    assert_eq!(got, want);
}

#[test]
fn usage_and_input_errors_exit_2() {
    let dir = scratch();
    let bad = dir.path().join("bad.visaasm");
    std::fs::write(&bad, ".version 4.1\n.kernel \"k\"\n.decl V v_type=G type=zz num_elts=1\n").unwrap();
    let o = sim(&[bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.visaasm:3:"), "{}", stderr(&o));

    let k = pinned("01_saxpy_oword/saxpy.visaasm");
    let k = k.to_str().unwrap();
    let o = sim(&[k, "--platform", "gen42"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown platform 'gen42'"), "{}", stderr(&o));
    // TGLLP's block message (sent raw: its descriptor counts 32-byte registers) is malformed on
    // a 64-byte-register platform.
    let o = sim(&[k, "--platform", "pvc"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("oword block read descriptor"), "{}", stderr(&o));
    let o = sim(&[k, "--platform", "gen42"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown platform 'gen42'"), "{}", stderr(&o));
    let o = sim(&[k, "--arg", "7=1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no argument 7"), "{}", stderr(&o));
    let o = sim(&[]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_construct_not_modeled_exits_2_and_says_so() {
    let k = pinned("raw_send/block.visaasm");
    let o = sim(&[k.to_str().unwrap(), "--platform", "tgllp"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not modeled by the simulator"), "{}", stderr(&o));
}

#[test]
fn out_of_bounds_accesses_are_noted() {
    // 64 KiB surfaces hold 512 groups' 128 bytes; group 512 and up read zeros and write nothing.
    let k = pinned("01_saxpy_oword/saxpy.visaasm");
    let o = sim(&[k.to_str().unwrap(), "--groups", "513"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("note: saxpy: out-of-bounds read of "), "{}", stderr(&o));
    // 64 events are kept (here the first reads); the rest are counted.
    assert!(stderr(&o).contains("more memory events"), "{}", stderr(&o));
    let o = sim(&[k.to_str().unwrap(), "--groups", "512"]);
    assert!(!stderr(&o).contains("out-of-bounds"), "{}", stderr(&o));
}

/// Found by review: a huge `SLMSize` attribute overflowed converting KiB to bytes, and huge
/// `--slm` or `--groups` values exhausted memory. All exit 2 with a message.
#[test]
fn launches_too_large_to_simulate_exit_2() {
    let dir = scratch();
    let big = dir.path().join("big_slm.visaasm");
    std::fs::write(
        &big,
        ".version 4.1\n.kernel \"k\"\n.kernel_attr SLMSize=4294967295\n.function \"k_main\"\n    ret (M1, 1)\n",
    )
    .unwrap();
    let o = sim(&[big.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("SLMSize=4294967295 KiB"), "{}", stderr(&o));
    let k = pinned("01_saxpy_oword/saxpy.visaasm");
    let k = k.to_str().unwrap();
    let o = sim(&[k, "--slm", "4294967295"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("more shared local memory than the simulator models"), "{}", stderr(&o));
    let o = sim(&[k, "--groups", "4294967295,4294967295,4294967295", "--group-size", "65536"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("threads are simulated"), "{}", stderr(&o));
}
