//! Block placement before selection (isel's `place_branch_targets`): a block that branches two
//! ways to blocks neither of which follows it gets one of them (one only it enters) right after it,
//! so that its branch is one conditional jump and a fall-through.

mod common;

use common::{compile, input};
use genxc_genx::Platform;

/// The body lines of kernel `name` of `fixture` on `p`.
fn body(fixture: &str, name: &str, p: Platform) -> Vec<String> {
    let result = compile(&[input(fixture)], p, 0);
    assert!(!result.failed(), "{fixture} on {p}: {:#?}", result.diagnostics);
    let f = result.outputs.iter().find(|f| f.name == format!("{name}.visaasm")).expect("kernel output");
    let text = String::from_utf8(f.bytes.clone()).unwrap();
    text.lines().filter(|l| l.starts_with("    ") || l.ends_with(':')).map(|l| l.trim().to_string()).collect()
}

/// `control.ll`'s `search`: the loop's latch block either loops or leaves for `notfound`, which
/// LLVM's order put after `found`. `notfound` now follows the latch: no conditional jump is
/// followed by an unconditional one, and the latch's jump goes back to the loop.
#[test]
fn a_branch_target_only_its_block_enters_follows_it() {
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let b = body("kernels/control.ll", "search", p);
        let jumps: Vec<usize> = (0..b.len()).filter(|&i| b[i].contains("jmp (M1_NM, 1)")).collect();
        for w in b.windows(2) {
            let conditional = w[0].starts_with('(') && w[0].contains(" jmp ");
            assert!(
                !(conditional && w[1].starts_with("jmp ")),
                "search on {p}: two jumps in a row:\n{}",
                b.join("\n")
            );
        }
        assert_eq!(jumps.len(), 3, "search on {p}:\n{}", b.join("\n"));
        let back =
            b.iter().find(|l| l.ends_with("jmp (M1_NM, 1) L_search_loop")).expect("a jump back to the loop");
        assert!(
            back.starts_with("(!"),
            "search on {p}: the latch does not loop on the inverted condition:\n{}",
            b.join("\n")
        );
        let latch = b.iter().position(|l| l == back).unwrap_or(0);
        assert_eq!(
            b.get(latch + 1).map(String::as_str),
            Some("L_search_notfound:"),
            "search on {p}:\n{}",
            b.join("\n")
        );
    }
}
