//! Every bundled MLIR program parses.

use genxc_frontend::mlir;
use std::path::Path;

#[test]
fn bundled_programs_parse() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut n = 0;
    for dir in ["mlir", "mlir-genx"] {
        let mut files: Vec<_> =
            std::fs::read_dir(root.join(dir)).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "mlir")) {
            let text = std::fs::read_to_string(f).unwrap();
            let name = f.display().to_string();
            if let Err(e) = mlir::parse(&name, &text) {
                panic!("{e}");
            }
            n += 1;
        }
    }
    assert!(n >= 14, "only {n} programs found");
}
