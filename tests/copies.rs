//! Whole-variable copies in genxc's vISA against Intel's Vector Compiler (issue 4).
//!
//! A *whole-variable copy* is a group of consecutive plain `mov`s (no predicate, no saturation)
//! from one general variable `S` into another `D` where every `mov` copies a contiguous run of
//! bytes to the same byte offset in `D` as in `S`, both sides have the same element type (up to
//! signedness), and together the group covers all of `D` and all of `S` (so they are the same
//! size). Immediates and predefined variables (`%group_id_x`, ...) are not variables here. This is
//! the copy register allocation exists to avoid: the value could have lived in one variable.
//!
//! IGC's counts are data in `tests/fixtures/quality/igc_vc_copies_tgllp.txt` (how they were
//! obtained is written there; `count_igc_copies` below recomputes them from IGC's vISA).

use std::collections::HashMap;
use std::path::Path;

/// GRF bytes on TGLLP, the platform both compilers target here (row offsets in vISA operands).
const GRF: u32 = 32;

/// A declared general variable: element type and total bytes.
#[derive(Clone, Debug)]
struct Decl {
    ty: String,
    bytes: u32,
}

fn elem_bytes(ty: &str) -> Option<u32> {
    Some(match ty {
        "b" | "ub" => 1,
        "w" | "uw" | "hf" | "bf" => 2,
        "d" | "ud" | "f" => 4,
        "q" | "uq" | "df" => 8,
        _ => return None,
    })
}

/// Whether a `mov` between these element types moves the bits unchanged.
fn same_bits(a: &str, b: &str) -> bool {
    let int = |t: &str| matches!(t, "b" | "ub" | "w" | "uw" | "d" | "ud" | "q" | "uq");
    a == b || (int(a) && int(b) && elem_bytes(a) == elem_bytes(b))
}

fn attr<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace().find_map(|w| w.strip_prefix(key))
}

fn decls(visa: &str) -> HashMap<String, Decl> {
    let mut out = HashMap::new();
    for line in visa.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix(".decl ") else { continue };
        if attr(line, "v_type=") != Some("G") {
            continue;
        }
        let name = rest.split_whitespace().next().unwrap_or_default().to_string();
        let (Some(ty), Some(n)) = (attr(line, "type="), attr(line, "num_elts=")) else { continue };
        let (Some(eb), Ok(n)) = (elem_bytes(ty), n.parse::<u32>()) else { continue };
        out.insert(name, Decl { ty: ty.to_string(), bytes: eb * n });
    }
    out
}

/// `NAME(r,c)` followed by a region: the name, the byte offset and the rest.
fn operand<'a>(op: &'a str, decls: &HashMap<String, Decl>) -> Option<(&'a str, u32, &'a str)> {
    let open = op.find('(')?;
    let close = op.find(')')?;
    let name = &op[..open];
    let (r, c) = op[open + 1..close].split_once(',')?;
    let d = decls.get(name)?;
    let off = r.trim().parse::<u32>().ok()? * GRF + c.trim().parse::<u32>().ok()? * elem_bytes(&d.ty)?;
    Some((name, off, &op[close + 1..]))
}

/// Counts whole-variable copies in one kernel's vISA text.
fn count_whole_copies(visa: &str) -> usize {
    let decls = decls(visa);
    let mut count = 0;
    // the open group: (dst, src, bytes covered so far)
    let mut group: Option<(String, String, u32)> = None;
    for line in visa.lines().map(str::trim) {
        let mut words = line.split_whitespace();
        if words.next() != Some("mov") {
            group = None;
            continue;
        }
        // mov (M1_NM, 16) D(0,0)<1> S(0,0)<1;1,0>
        let (Some(exec), Some(dst), Some(src)) = (words.nth(1), words.next(), words.next()) else {
            group = None;
            continue;
        };
        let copied = (|| {
            let n: u32 = exec.trim_end_matches(')').parse().ok()?;
            let (d, doff, dreg) = operand(dst, &decls)?;
            let (s, soff, sreg) = operand(src, &decls)?;
            let (dd, sd) = (&decls[d], &decls[s]);
            let contiguous = dreg == "<1>" && (sreg == "<1;1,0>" || n == 1 && sreg == "<0;1,0>")
                || (sreg.strip_prefix('<').and_then(|x| x.strip_suffix(",1>")))
                    .and_then(|x| x.split_once(';'))
                    .is_some_and(|(v, w)| v == w && dreg == "<1>");
            (d != s && doff == soff && contiguous && same_bits(&dd.ty, &sd.ty) && dd.bytes == sd.bytes)
                .then(|| (d.to_string(), s.to_string(), n * elem_bytes(&dd.ty).unwrap_or(0), dd.bytes))
        })();
        let Some((d, s, bytes, total)) = copied else {
            group = None;
            continue;
        };
        let covered = match group.take() {
            Some((gd, gs, c)) if gd == d && gs == s => c + bytes,
            _ => bytes,
        };
        if covered == total {
            count += 1;
        } else {
            group = Some((d, s, covered));
        }
    }
    count
}

/// IGC's recorded counts: `example kernel copies`.
fn igc_counts() -> Vec<(String, String, usize)> {
    let text = include_str!("fixtures/quality/igc_vc_copies_tgllp.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[0].to_string(), w[1].to_string(), w[2].parse().expect("a count"))
        })
        .collect()
}

fn our_visa(example: &str) -> HashMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cm").join(format!("{example}.ll"));
    let bytes = std::fs::read(&path).expect("fixture");
    let c = genxc::compile_inputs(
        &[genxc::Input { name: path.display().to_string(), bytes }],
        &genxc::CompileOptions::default(),
    );
    assert!(!c.failed(), "{example}: {:?}", c.diagnostics);
    c.outputs
        .into_iter()
        .filter_map(|f| {
            let k = f.name.strip_suffix(".visaasm")?.to_string();
            Some((k, String::from_utf8(f.bytes).expect("utf-8")))
        })
        .collect()
}

#[test]
fn the_counter_sees_whole_copies_only() {
    let visa = "\
.decl A v_type=G type=f num_elts=32 align=GRF
.decl B v_type=G type=f num_elts=32 align=GRF
.decl C v_type=G type=d num_elts=32 align=GRF
.decl S v_type=G type=f num_elts=1 align=dword
.decl T v_type=G type=f num_elts=1 align=dword
    mov (M1_NM, 16) A(0,0)<1> B(0,0)<1;1,0>
    mov (M1_NM, 16) A(2,0)<1> B(2,0)<1;1,0>
    mov (M1_NM, 16) A(0,0)<1> B(0,0)<1;1,0>
    add (M1_NM, 16) A(2,0)<1> B(2,0)<1;1,0> 1.0:f
    mov (M1_NM, 16) A(0,0)<1> C(0,0)<1;1,0>
    mov (M1_NM, 16) A(2,0)<1> C(2,0)<1;1,0>
    mov (M1_NM, 1) S(0,0)<1> T(0,0)<0;1,0>
    mov (M1_NM, 1) S(0,0)<1> 1.0:f
    mov (M1_NM, 16) A(0,0)<1> S(0,0)<0;1,0>
";
    // the split 32-float copy counts once, the half copy and the conversion not at all, the scalar once
    assert_eq!(count_whole_copies(visa), 2);
}

#[test]
fn no_more_whole_variable_copies_than_igc_vc() {
    let igc = igc_counts();
    assert_eq!(igc.len(), 13, "one line per kernel of tests/fixtures/cm");
    let mut report = Vec::new();
    let mut worse = Vec::new();
    let mut examples: Vec<&str> = igc.iter().map(|x| x.0.as_str()).collect();
    examples.dedup();
    for example in examples {
        let ours = our_visa(example);
        for (_, kernel, theirs) in igc.iter().filter(|x| x.0 == example) {
            let text = ours.get(kernel).unwrap_or_else(|| panic!("{example}: no kernel {kernel}"));
            let n = count_whole_copies(text);
            report.push(format!("{example} {kernel}: genxc {n}, IGC VC {theirs}"));
            if n > *theirs {
                worse.push(format!("{example} {kernel}: {n} > {theirs}"));
            }
        }
    }
    println!("{}", report.join("\n"));
    assert!(worse.is_empty(), "more whole-variable copies than IGC VC: {worse:?}");
}

/// Recomputes IGC's column from `compile.sh` output folders: `IGC_VC_OUT=<dir>` where
/// `<dir>/<example>/<kernel>.visaasm` exist (see the fixture's header). Prints the fixture lines.
#[test]
#[ignore = "needs IGC_VC_OUT with IGC's vISA"]
fn count_igc_copies() {
    let dir = std::env::var("IGC_VC_OUT").expect("IGC_VC_OUT");
    for (example, kernel, _) in igc_counts() {
        let path = Path::new(&dir).join(&example).join(format!("{kernel}.visaasm"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("{example} {kernel} {}", count_whole_copies(&text));
    }
}

/// The kernels of a fixture under `tests/fixtures` with their vISA and `--stats` counts.
fn compiled_with_stats(fixture: &str) -> Vec<(String, String, genxc_regalloc::Stats)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(fixture);
    let input =
        genxc::Input { name: path.display().to_string(), bytes: std::fs::read(&path).expect("fixture") };
    let opts = genxc::CompileOptions { stats: true, ..Default::default() };
    let c = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
    assert!(!c.failed(), "{fixture}: {:?}", c.diagnostics);
    c.stats
        .iter()
        .cloned()
        .map(|(k, s)| {
            let file = c.outputs.iter().find(|f| f.name == format!("{k}.visaasm")).expect("kernel output");
            (k, String::from_utf8(file.bytes.clone()).expect("utf-8"), s)
        })
        .collect()
}

/// Whole-variable copies each kernel of `kernels/subroutines_in_place.ll` needs: the argument
/// used after the call is copied in; of a value passed for two parameters one is a copy; a loop
/// phi passed and fed back by the result, and a callee writing its parameter in place and
/// returning it need none; `nested_calls` copies its argument in and its first result out (both
/// live across the call of `@outer`, which reaches `@bump`), and `@outer` copies `%v` in (it
/// lives until `@mix`) and `%b` out of `@bump`'s variable into `@mix`'s first parameter;
/// `vec_arg`'s vector input is `@bump`'s parameter variable.
const IN_PLACE_COPIES: &[(&str, usize)] = &[
    ("arg_live_after", 1),
    ("same_twice", 1),
    ("phi_arg", 0),
    ("in_place", 0),
    ("nested_calls", 4),
    ("vec_arg", 0),
];

/// `--stats` counts the copies regalloc asks for (phi, two-address, bitcast, call argument,
/// call result and return copies); in these kernels each one is one whole-variable copy in the
/// vISA, so the two counts agree.
#[test]
fn stats_count_the_whole_variable_copies() {
    let mut fixtures: Vec<String> = igc_counts().into_iter().map(|x| format!("cm/{}.ll", x.0)).collect();
    fixtures.dedup();
    fixtures.extend(["kernels/subroutines.ll", "kernels/subroutines_in_place.ll"].map(String::from));
    let mut report = Vec::new();
    let mut wrong = Vec::new();
    for fixture in &fixtures {
        for (kernel, visa, stats) in compiled_with_stats(fixture) {
            let n = count_whole_copies(&visa);
            report.push(format!("{fixture} {kernel}: counted {n}, --stats {}", stats.copies));
            if n != stats.copies {
                wrong.push(format!("{fixture} {kernel}: counted {n}, --stats {}", stats.copies));
            }
            if let Some((_, want)) = IN_PLACE_COPIES.iter().find(|x| x.0 == kernel) {
                assert_eq!(n, *want, "{fixture} {kernel}:\n{visa}");
            }
        }
    }
    println!("{}", report.join("\n"));
    assert!(wrong.is_empty(), "{wrong:#?}");
}
