//! `include/genxc.h` is written by hand: this test keeps it in sync with the functions and status
//! codes `capi/src/lib.rs` exports (same names, same number of parameters, same values), and
//! checks that it compiles cleanly as C99 and C++11 with warnings as errors.

#[path = "../../tests/common/oracle.rs"]
mod oracle;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

fn header() -> String {
    std::fs::read_to_string(root().join("include/genxc.h")).expect("include/genxc.h")
}

fn rust_source() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).expect("lib.rs")
}

/// Removes `/* */` and `//` comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |i| &rest[i..]);
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Number of parameters in the text between a function's parentheses.
fn param_count(params: &str) -> usize {
    let p = params.trim();
    if p.is_empty() || p == "void" {
        0
    } else {
        p.trim_end_matches(',').split(',').count()
    }
}

/// `name -> parameter count` for every `genxc_*(...)` in `text` that is followed by `;` (C
/// declarations) or by a return type or body (Rust definitions).
fn functions(text: &str, rust: bool) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let mut rest = text;
    while let Some(i) = rest.find("genxc_") {
        let after = &rest[i..];
        let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        let name = &after[..name_len];
        let before = &rest[..i];
        let is_definition = if rust { before.trim_end().ends_with("fn") } else { true };
        if is_definition && after[name_len..].starts_with('(') {
            let close = after.find(')').expect("closing parenthesis");
            out.insert(name.to_string(), param_count(&after[name_len + 1..close]));
            rest = &after[close..];
        } else {
            rest = &after[name_len..];
        }
    }
    out
}

/// `GENXC_* -> value` for `NAME = value` (C) or `const NAME: c_int = value;` (Rust).
fn constants(text: &str) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim().trim_start_matches("pub const ");
        if !line.starts_with("GENXC_") || !line.contains('=') {
            continue;
        }
        let name: String = line.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let value: String =
            line.rsplit('=').next().unwrap().chars().filter(|c| c.is_ascii_digit() || *c == '-').collect();
        out.insert(name, value.parse().expect("a status value"));
    }
    out
}

#[test]
fn header_declares_exactly_the_exported_functions() {
    let src = strip_comments(&rust_source());
    let exported: Vec<&str> = src.split("#[no_mangle]").skip(1).collect();
    let rust_fns =
        functions(&exported.iter().map(|s| s.split('{').next().unwrap()).collect::<String>(), true);
    assert!(rust_fns.len() >= 8, "found only {rust_fns:?}");
    assert_eq!(
        src.matches("extern \"C\" fn").count(),
        rust_fns.len(),
        "an extern \"C\" fn without #[no_mangle]"
    );
    let c_fns = functions(&strip_comments(&header()), false);
    assert_eq!(c_fns, rust_fns, "include/genxc.h (left) and capi/src/lib.rs (right) disagree");
}

#[test]
fn header_status_codes_match_the_library() {
    let c = constants(&strip_comments(&header()));
    let rust = constants(&strip_comments(&rust_source()));
    assert_eq!(c.len(), 11, "{c:?}");
    assert_eq!(c, rust);
}

/// Whether a C compiler can be run; without one the test fails when tools are required (`CI` or
/// `GENXC_REQUIRE_TOOLS`) and skips otherwise.
fn have(tool: &str) -> bool {
    let ok = Command::new(tool).arg("--version").output().is_ok();
    if !ok {
        assert!(
            !oracle::tools_required(),
            "{tool} is required when CI or GENXC_REQUIRE_TOOLS is set (Debian package gcc/g++)"
        );
        eprintln!("{tool} not found: skipping");
    }
    ok
}

#[test]
fn header_compiles_as_c_and_cxx_without_warnings() {
    let header = root().join("include/genxc.h");
    if have("cc") {
        let out = Command::new("cc")
            .args(["-fsyntax-only", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-x", "c"])
            .arg(&header)
            .output()
            .expect("run cc");
        assert!(out.status.success(), "cc: {}", String::from_utf8_lossy(&out.stderr));
    }
    if Command::new("c++").arg("--version").output().is_ok() {
        let out = Command::new("c++")
            .args(["-fsyntax-only", "-std=c++11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-x", "c++"])
            .arg(&header)
            .output()
            .expect("run c++");
        assert!(out.status.success(), "c++: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn the_parsers_of_this_test_see_what_they_should() {
    let text = "/* genxc_nope(x) */ int genxc_a(int x, int y); // genxc_no(y)\nvoid genxc_b(void);";
    let c = functions(&strip_comments(text), false);
    assert_eq!(c.into_iter().collect::<Vec<_>>(), [("genxc_a".into(), 2), ("genxc_b".into(), 0)]);
    let r = functions("pub extern \"C\" fn genxc_c(a: i32,\n) -> i32 { genxc_d(1) }", true);
    assert_eq!(r.into_iter().collect::<Vec<_>>(), [("genxc_c".into(), 1)]);
}
