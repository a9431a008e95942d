//! Benchmark: MLIR text to LLVM IR on a generated 10 MB file, genxc against MLIR 19's own tools.
//!
//! genxc: parse, convert and translate (`genxc_mlir_to_llvm::load`: MLIR -> LLVM IR text -> verified
//! inkwell module), then print the module. MLIR: `mlir-opt-19 <the oracle's conversion passes> |
//! mlir-translate-19 --mlir-to-llvmir`, run in the same process group on the same file. Each side
//! runs three times; the best time is reported. Run with `cargo bench -p genxc-mlir-to-llvm`.

use std::fmt::Write as _;
use std::process::Command;
use std::time::{Duration, Instant};

const PASSES: &str = "--convert-vector-to-scf --convert-scf-to-cf --lower-affine --convert-vector-to-llvm \
--expand-strided-metadata --finalize-memref-to-llvm --convert-math-to-llvm --convert-index-to-llvm \
--arith-expand --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts";

/// One function of the workload: a loop over a memref with integer, float, vector and math work.
fn function(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"func.func @kernel{i}(%m: memref<?xf32>, %n: index, %k: i32) -> (f32, i32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %v0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  cf.br ^head(%c0, %zero, %k : index, f32, i32)
^head(%i: index, %acc: f32, %h: i32):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %x = memref.load %m[%i] : memref<?xf32>
  %y = arith.mulf %x, %half : f32
  %s = math.sqrt %y : f32
  %bv = vector.broadcast %s : f32 to vector<4xf32>
  %f = vector.fma %bv, %v0, %bv : vector<4xf32>
  %r = vector.reduction <add>, %f : vector<4xf32> into f32
  %acc1 = arith.addf %acc, %r : f32
  %ii = arith.index_cast %i : index to i32
  %h1 = arith.muli %h, %ii : i32
  %h2 = arith.xori %h1, %k : i32
  %h3 = arith.shrui %h2, %ii : i32
  %big = arith.cmpi sgt, %h3, %k : i32
  %h4 = arith.select %big, %h3, %h2 : i32
  memref.store %acc1, %m[%i] : memref<?xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %acc1, %h4 : index, f32, i32)
^exit:
  return %acc, %h : f32, i32
}}
"#
    );
}

fn workload(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 4096);
    let mut i = 0;
    while s.len() < bytes {
        function(&mut s, i);
        i += 1;
    }
    s
}

fn best(mut f: impl FnMut() -> Option<Duration>) -> Option<Duration> {
    (0..3).map(|_| f()).collect::<Option<Vec<_>>>().map(|v| v.into_iter().min().unwrap_or_default())
}

fn main() {
    let text = workload(10 * 1024 * 1024);
    let dir = tempfile_dir();
    let path = dir.join("bench.mlir");
    std::fs::write(&path, &text).expect("write the workload");
    let functions = text.matches("func.func").count();
    println!("workload: {} bytes, {functions} functions", text.len());

    let t = Instant::now();
    let parsed = genxc_frontend::mlir::parse("bench.mlir", &text).expect("parses");
    println!("  parse: {:.3} s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let ir_text =
        genxc_mlir_to_llvm::translate_module("bench.mlir", &parsed.ir, parsed.modules[0]).expect("lowers");
    println!("  convert + translate to text: {:.3} s ({} bytes)", t.elapsed().as_secs_f64(), ir_text.len());
    let ours = best(|| {
        let t = Instant::now();
        let ctx = inkwell::context::Context::create();
        let m =
            genxc_mlir_to_llvm::load(&ctx, "bench.mlir", text.as_bytes()).expect("genxc lowers the workload");
        let ir = m.print_to_string();
        assert!(ir.to_bytes().len() > 1000);
        Some(t.elapsed())
    })
    .expect("genxc timing");
    println!("genxc  MLIR -> LLVM IR: {:.3} s", ours.as_secs_f64());

    let cmd =
        format!("mlir-opt-19 {} {PASSES} | mlir-translate-19 --mlir-to-llvmir > /dev/null", path.display());
    let theirs = best(|| {
        let t = Instant::now();
        let st = Command::new("bash").args(["-c", &format!("set -o pipefail; {cmd}")]).status().ok()?;
        st.success().then(|| t.elapsed())
    });
    match theirs {
        Some(d) => {
            println!("mlir-opt-19 | mlir-translate-19: {:.3} s", d.as_secs_f64());
            println!("speedup: {:.1}x", d.as_secs_f64() / ours.as_secs_f64());
        }
        None => println!("mlir-opt-19 / mlir-translate-19 not available or failed: no comparison"),
    }
    // KEEP=1 leaves the generated file for inspection.
    if std::env::var_os("KEEP").is_some() {
        println!("kept {}", path.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("genxc-mlir-bench-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temporary folder");
    d
}
