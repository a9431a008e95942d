//! Tests of the reference interpreter: hand-written GenX IR kernels (imported from LLVM text)
//! checked against hand-computed memory, and every kernel of the repository's fixtures run under
//! random launches.

use genxc_genx::{Module, Platform};
use genxc_sim::launch::{ArgSpec, ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Memory, Space};
use genxc_sim::reference::{arg_specs, run};
use genxc_sim::SimError;

/// Parses and imports LLVM text.
fn import(text: &str) -> Module {
    let ctx = inkwell::context::Context::create();
    let llvm = genxc_frontend::llvm::load(&ctx, "test.ll", text.as_bytes()).expect("the test IR parses");
    genxc_genx::import::import_module(&llvm, Platform::Pvc).expect("the test IR imports")
}

/// Splits call operands at top-level commas.
fn split_top(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0i32);
    for ch in s.chars() {
        match ch {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// The type of one call operand (`<16 x i32> %x` -> `<16 x i32>`).
fn operand_type(a: &str) -> String {
    if a.starts_with('<') {
        let end = a.find('>').expect("vector type");
        a[..=end].to_string()
    } else {
        a.split_whitespace().next().unwrap_or("").to_string()
    }
}

/// Declarations of every intrinsic the body calls.
fn declarations(body: &str) -> String {
    let mut out = std::collections::BTreeMap::new();
    for line in body.lines() {
        let Some(at) = line.find("call ") else { continue };
        let rest = &line[at + 5..];
        let Some(name_at) = rest.find(" @llvm.") else { continue };
        let ret = rest[..name_at].trim();
        let name_rest = &rest[name_at + 2..];
        let open = name_rest.find('(').expect("call operands");
        let name = &name_rest[..open];
        let close = name_rest.rfind(')').expect("call end");
        let tys: Vec<String> = split_top(&name_rest[open + 1..close]).iter().map(|a| operand_type(a)).collect();
        out.insert(name.to_string(), format!("declare {ret} @{name}({})", tys.join(", ")));
    }
    out.into_values().collect::<Vec<_>>().join("\n")
}

/// A module with one kernel `k(sig)` whose arguments have the metadata kinds `kinds`.
fn kernel(sig: &str, kinds: &[u32], body: &str, slm: u32) -> Module {
    kernel_with(sig, kinds, body, slm, "")
}

fn kernel_with(sig: &str, kinds: &[u32], body: &str, slm: u32, extra: &str) -> Module {
    let tys: Vec<String> = split_top(sig).iter().map(|a| operand_type(a)).collect();
    let list = |v: Vec<String>| v.join(", ");
    let text = format!(
        "target triple = \"genx64-unknown-unknown\"\n{decls}\n{extra}\ndefine dllexport spir_kernel void @k({sig}) #0 {{\n{body}\n}}\nattributes #0 = {{ \"CMGenxMain\" }}\n!genx.kernels = !{{!0}}\n!0 = !{{void ({fty})* @k, !\"k\", !1, i32 {slm}, i32 0, !2, !3, i32 0}}\n!1 = !{{{kinds}}}\n!2 = !{{{zeros}}}\n!3 = !{{{descs}}}\n",
        decls = declarations(&format!("{body}\n{extra}")),
        fty = tys.join(", "),
        kinds = list(kinds.iter().map(|k| format!("i32 {k}")).collect()),
        zeros = list(kinds.iter().map(|_| "i32 0".to_string()).collect()),
        descs = list(kinds.iter().map(|&k| if k == 2 { "!\"buffer_t\"".into() } else { "!\"\"".to_string() }).collect()),
    );
    import(&text)
}

/// A surface of `len` bytes at `bti` holding `data` (zero-padded).
fn surface(mem: &mut Memory, bti: u32, data: &[u8], len: usize) {
    let mut d = data.to_vec();
    d.resize(len, 0);
    mem.add(format!("bti {bti}"), BufferKind::Surface { bti, width: 64, height: (len / 64) as u32, pitch: 64 }, Bytes::defined(d));
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The dword at byte `at` of buffer `b` (`None`: undefined).
fn word(mem: &Memory, b: usize, at: usize) -> Option<u32> {
    let bytes = &mem.buffers[b].bytes;
    let (v, def) = bytes.get(at, 4);
    def.then_some(v as u32)
}

fn launch(args: Vec<ArgValue>) -> Launch {
    Launch { groups: [1, 1, 1], group_size: [1, 1, 1], args, slm_size: 0, step_limit: 100_000 }
}

/// Runs kernel 0 of `m` on two surfaces (btis 0 and 1) of 1 KiB, the first holding `input`.
fn run_two(m: &Module, input: &[u32]) -> Result<Memory, SimError> {
    let mut mem = Memory::default();
    surface(&mut mem, 0, &words(input), 1024);
    mem.add("out", BufferKind::Surface { bti: 1, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    run(m, 0, 0, &launch(vec![ArgValue::Surface(0), ArgValue::Surface(1)]), &mut mem)?;
    Ok(mem)
}

const TWO: &str = "i32 %in, i32 %out";

#[test]
fn arithmetic_and_regions() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %x = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %in, i32 0)
  %e = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %x, i32 8, i32 4, i32 2, i16 0, i32 undef)
  %m = mul <4 x i32> %e, <i32 3, i32 3, i32 3, i32 3>
  %y = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %x, <4 x i32> %m, i32 8, i32 4, i32 2, i16 4, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 0, <8 x i32> %y)
  ret void",
        0,
    );
    let mem = run_two(&m, &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    let got: Vec<_> = (0..8).map(|i| word(&mem, 1, 4 * i).unwrap()).collect();
    // even elements 1, 3, 5, 7 times 3 land on the odd ones (byte offset 4, stride 2)
    assert_eq!(got, [1, 3, 3, 9, 5, 15, 7, 21]);
    assert_eq!(word(&mem, 1, 32), None);
}

#[test]
fn float_arithmetic_is_ieee_of_its_type() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %x = call <4 x float> @llvm.genx.oword.ld.v4f32(i32 0, i32 %in, i32 0)
  %a = fdiv <4 x float> %x, <float 3.0, float 3.0, float 3.0, float 3.0>
  %b = fadd <4 x float> %a, <float 0.5, float 0.5, float 0.5, float 0.5>
  call void @llvm.genx.oword.st.v4f32(i32 %out, i32 0, <4 x float> %b)
  ret void",
        0,
    );
    let input: Vec<u32> = [1.0f32, 2.0, -6.0, 10.0].iter().map(|f| f.to_bits()).collect();
    let mem = run_two(&m, &input).unwrap();
    for (i, x) in [1.0f32, 2.0, -6.0, 10.0].iter().enumerate() {
        assert_eq!(word(&mem, 1, 4 * i), Some((x / 3.0 + 0.5).to_bits()));
    }
}

#[test]
fn loops_and_phis() {
    // sum of 0..n, n the first input dword
    let m = kernel(
        TWO,
        &[2, 2],
        "entry:
  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 0)
  %n = extractelement <4 x i32> %v, i32 0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %o = insertelement <4 x i32> zeroinitializer, i32 %s1, i32 0
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %o)
  ret void",
        0,
    );
    let mem = run_two(&m, &[10]).unwrap();
    assert_eq!(word(&mem, 1, 0), Some(45));
    assert_eq!(word(&mem, 1, 4), Some(0));
}

#[test]
fn switch_picks_its_case() {
    let m = kernel(
        TWO,
        &[2, 2],
        "entry:
  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 0)
  %n = extractelement <4 x i32> %v, i32 0
  switch i32 %n, label %other [ i32 1, label %one
                                i32 2, label %two ]
one:
  br label %done
two:
  br label %done
other:
  br label %done
done:
  %r = phi i32 [ 100, %one ], [ 200, %two ], [ 300, %other ]
  %o = insertelement <4 x i32> zeroinitializer, i32 %r, i32 0
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %o)
  ret void",
        0,
    );
    for (n, want) in [(1, 100), (2, 200), (7, 300)] {
        let mem = run_two(&m, &[n]).unwrap();
        assert_eq!(word(&mem, 1, 0), Some(want));
    }
}

#[test]
fn calls_of_subroutines() {
    let m = kernel_with(
        TWO,
        &[2, 2],
        "  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 0)
  %w = call <4 x i32> @twice_plus(<4 x i32> %v, i32 1)
  %z = call <4 x i32> @twice_plus(<4 x i32> %w, i32 0)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %z)
  ret void",
        0,
        "define internal <4 x i32> @twice_plus(<4 x i32> %a, i32 %k) {
  %s = shl <4 x i32> %a, <i32 1, i32 1, i32 1, i32 1>
  %kv = insertelement <4 x i32> zeroinitializer, i32 %k, i32 0
  %r = add <4 x i32> %s, %kv
  ret <4 x i32> %r
}",
    );
    let mem = run_two(&m, &[1, 2, 3, 4]).unwrap();
    let got: Vec<_> = (0..4).map(|i| word(&mem, 1, 4 * i).unwrap()).collect();
    assert_eq!(got, [6, 8, 12, 16]);
}

#[test]
fn undefined_elements_propagate_to_memory() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 0)
  %u = insertelement <4 x i32> %v, i32 undef, i32 2
  %r = add <4 x i32> %u, <i32 1, i32 1, i32 1, i32 1>
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %r)
  ret void",
        0,
    );
    let mem = run_two(&m, &[1, 2, 3, 4]).unwrap();
    assert_eq!(word(&mem, 1, 0), Some(2));
    assert_eq!(word(&mem, 1, 8), None);
    assert_eq!(word(&mem, 1, 12), Some(5));
}

#[test]
fn branching_on_undefined_is_an_error() {
    let m = kernel(
        TWO,
        &[2, 2],
        "entry:
  %c = icmp eq i32 undef, 0
  br i1 %c, label %a, label %b
a:
  ret void
b:
  ret void",
        0,
    );
    assert!(matches!(run_two(&m, &[]), Err(SimError::Undefined(_))));
}

#[test]
fn an_endless_loop_hits_the_step_limit() {
    let m = kernel(TWO, &[2, 2], "entry:\n  br label %l\nl:\n  %x = add i32 0, 1\n  br label %l", 0);
    assert_eq!(run_two(&m, &[]).unwrap_err(), SimError::StepLimit { limit: 100_000 });
}

/// Every kernel of the repository's fixtures, under random launches: which run and which stop.
#[test]
fn fixture_kernels_run_under_random_launches() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures");
    let mut files: Vec<_> = ["cm", "kernels"]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("{root}/{d}")).expect("fixture folder").flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    let (mut ran, mut not_modeled, mut other) = (Vec::new(), Vec::new(), Vec::new());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("fixture text");
        let ctx = inkwell::context::Context::create();
        let Ok(llvm) = genxc_frontend::llvm::load(&ctx, "f.ll", text.as_bytes()) else { continue };
        let Ok(m) = genxc_genx::import::import_module(&llvm, Platform::Pvc) else { continue };
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        for (ki, k) in m.kernels.iter().enumerate() {
            let uses_ids = text.contains("local.id") || text.contains("barrier") || k.args.iter().any(|a| a.implicit != genxc_genx::metadata::ImplicitArg::None);
            let group = if uses_ids { [4, 1, 1] } else { [1, 1, 1] };
            let specs = arg_specs(&m, ki);
            let slm = k.slm_size.max(if text.contains("slm") { 64 * 1024 } else { 0 });
            let mut outcome = Ok(());
            for seed in 1..=3 {
                let (l, mut mem) = Launch::random(&specs, seed, 0, [2, 1, 1], group, slm);
                if let Err(e) = run(&m, ki, 0, &l, &mut mem) {
                    outcome = Err(e);
                    break;
                }
            }
            let name = format!("{file}:{}", k.name);
            match outcome {
                Ok(()) => ran.push(name),
                Err(SimError::NotModeled(s)) => not_modeled.push(format!("{name}: {s}")),
                Err(e) => other.push(format!("{name}: {e}")),
            }
        }
    }
    println!("ran {}: {}", ran.len(), ran.join(" "));
    println!("not modeled {}:\n  {}", not_modeled.len(), not_modeled.join("\n  "));
    println!("other {}:\n  {}", other.len(), other.join("\n  "));
    assert!(ran.len() >= 40, "only {} fixture kernels run", ran.len());
    assert!(other.is_empty(), "fixture kernels that stopped: {other:?}");
}
