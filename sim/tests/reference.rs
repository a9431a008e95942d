//! Tests of the reference interpreter: hand-written GenX IR kernels (imported from LLVM text)
//! checked against hand-computed memory, and every kernel of the repository's fixtures run under
//! random launches.

use genxc_genx::{Module, Platform};
use genxc_sim::launch::{ArgSpec, ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Memory};
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
        let tys: Vec<String> =
            split_top(&name_rest[open + 1..close]).iter().map(|a| operand_type(a)).collect();
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
    mem.add(
        format!("bti {bti}"),
        BufferKind::Surface { bti, width: 64, height: (len / 64) as u32, pitch: 64 },
        Bytes::defined(d),
    );
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
    let (mut ran, mut not_modeled, mut other, mut long) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("fixture text");
        let ctx = inkwell::context::Context::create();
        let Ok(llvm) = genxc_frontend::llvm::load(&ctx, "f.ll", text.as_bytes()) else { continue };
        let Ok(m) = genxc_genx::import::import_module(&llvm, Platform::Pvc) else { continue };
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        for (ki, k) in m.kernels.iter().enumerate() {
            let uses_ids = text.contains("local.id")
                || text.contains("barrier")
                || k.args.iter().any(|a| a.implicit != genxc_genx::metadata::ImplicitArg::None);
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
                // do-while loops counting down random dwords legitimately run past the limit
                Err(SimError::StepLimit { .. }) => long.push(name),
                Err(e) => other.push(format!("{name}: {e}")),
            }
        }
    }
    println!("ran {}: {}", ran.len(), ran.join(" "));
    println!("not modeled {}:\n  {}", not_modeled.len(), not_modeled.join("\n  "));
    println!("step limit {}: {}", long.len(), long.join(" "));
    println!("other {}:\n  {}", other.len(), other.join("\n  "));
    assert!(long.iter().all(|n| n.contains("dowhile")), "unexpected step limits: {long:?}");
    // the reference does not decode raw sends' descriptors, and a launch has no bindless heap
    assert!(
        not_modeled.iter().all(|n| n.contains("llvm.genx.raw.send") || n.contains("bindless")),
        "kernels not modeled for another reason: {not_modeled:?}"
    );
    assert!(ran.len() >= 128, "only {} fixture kernels run", ran.len());
    assert!(other.is_empty(), "fixture kernels that stopped: {other:?}");
}

const ALL16: &str = "<i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>";

fn all32() -> String {
    format!("<{}>", vec!["i1 true"; 32].join(", "))
}

#[test]
fn simd_if_with_goto_and_join() {
    // lanes with x > 0 double, the others keep x
    let body = format!(
        "entry:
  %x = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %in, i32 0)
  %c = icmp sgt <16 x i32> %x, zeroinitializer
  %goto = call {{ <32 x i1>, <16 x i1>, i1 }} @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> {all}, <16 x i1> zeroinitializer, <16 x i1> %c)
  %em = extractvalue {{ <32 x i1>, <16 x i1>, i1 }} %goto, 0
  %rm = extractvalue {{ <32 x i1>, <16 x i1>, i1 }} %goto, 1
  %skip = extractvalue {{ <32 x i1>, <16 x i1>, i1 }} %goto, 2
  br i1 %skip, label %endif, label %then
then:
  %d = shl <16 x i32> %x, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %em16 = shufflevector <32 x i1> %em, <32 x i1> undef, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %y = select <16 x i1> %em16, <16 x i32> %d, <16 x i32> %x
  br label %endif
endif:
  %r = phi <16 x i32> [ %x, %entry ], [ %y, %then ]
  %join = call {{ <32 x i1>, i1 }} @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em, <16 x i1> %rm)
  %jem = extractvalue {{ <32 x i1>, i1 }} %join, 0
  %jem16 = shufflevector <32 x i1> %jem, <32 x i1> undef, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %on = zext <16 x i1> %jem16 to <16 x i32>
  %l15 = extractelement <16 x i32> %on, i32 15
  %r2 = insertelement <16 x i32> %r, i32 %l15, i32 15
  call void @llvm.genx.oword.st.v16i32(i32 %out, i32 0, <16 x i32> %r2)
  ret void",
        all = all32()
    );
    let m = kernel(TWO, &[2, 2], &body, 0);
    let input: Vec<u32> = (0..16i32).map(|i| (i - 8) as u32).collect();
    let mem = run_two(&m, &input).unwrap();
    for i in 0..15 {
        let x = i as i32 - 8;
        assert_eq!(word(&mem, 1, 4 * i), Some((if x > 0 { 2 * x } else { x }) as u32), "lane {i}");
    }
    assert_eq!(word(&mem, 1, 60), Some(1), "lane 15 is enabled again after the join");
    // no lane positive: the goto jumps over the then block
    let mem = run_two(&m, &[0; 16]).unwrap();
    assert_eq!(word(&mem, 1, 0), Some(0));
}

#[test]
fn simd_do_while_loops_each_lane_its_own_count() {
    let body = format!(
        "entry:
  %x = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %in, i32 0)
  br label %loop
loop:
  %n = phi <16 x i32> [ zeroinitializer, %entry ], [ %n2s, %back ]
  %v = phi <16 x i32> [ %x, %entry ], [ %a2s, %back ]
  %rm = phi <16 x i1> [ zeroinitializer, %entry ], [ %rm2, %back ]
  %em = phi <32 x i1> [ {all}, %entry ], [ %em2, %back ]
  %a2 = sub <16 x i32> %v, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %em16 = shufflevector <32 x i1> %em, <32 x i1> undef, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %a2s = select <16 x i1> %em16, <16 x i32> %a2, <16 x i32> %v
  %n2 = add <16 x i32> %n, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %n2s = select <16 x i1> %em16, <16 x i32> %n2, <16 x i32> %n
  %c = icmp sgt <16 x i32> %a2, zeroinitializer
  %goto = call {{ <32 x i1>, <16 x i1>, i1 }} @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em, <16 x i1> %rm, <16 x i1> %c)
  %em2 = extractvalue {{ <32 x i1>, <16 x i1>, i1 }} %goto, 0
  %rm2 = extractvalue {{ <32 x i1>, <16 x i1>, i1 }} %goto, 1
  %done = extractvalue {{ <32 x i1>, <16 x i1>, i1 }} %goto, 2
  br i1 %done, label %end, label %back
back:
  br label %loop
end:
  %join = call {{ <32 x i1>, i1 }} @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em2, <16 x i1> %rm2)
  call void @llvm.genx.oword.st.v16i32(i32 %out, i32 0, <16 x i32> %n2s)
  ret void",
        all = all32()
    );
    let m = kernel(TWO, &[2, 2], &body, 0);
    let input: Vec<u32> = (0..16).map(|i| i * 2).collect();
    let mem = run_two(&m, &input).unwrap();
    for i in 0..16u32 {
        // do { v -= 3; n++ } while (v > 0)
        let want = ((2 * i).div_ceil(3)).max(1);
        assert_eq!(word(&mem, 1, 4 * i as usize), Some(want), "lane {i}");
    }
}

#[test]
fn oword_unaligned_loads_take_byte_offsets() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %v = call <4 x i32> @llvm.genx.oword.ld.unaligned.v4i32(i32 0, i32 %in, i32 8)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 1, <4 x i32> %v)
  ret void",
        0,
    );
    let mem = run_two(&m, &[10, 11, 12, 13, 14, 15]).unwrap();
    assert_eq!((0..4).map(|i| word(&mem, 1, 16 + 4 * i)).collect::<Vec<_>>(), [12, 13, 14, 15].map(Some));
    assert_eq!(word(&mem, 1, 0), None);
}

#[test]
fn out_of_bounds_reads_give_zero_and_writes_are_dropped() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %in, i32 63)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 0, <8 x i32> %v)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 63, <8 x i32> %v)
  ret void",
        0,
    );
    let input: Vec<u32> = (0..256).collect();
    let mem = run_two(&m, &input).unwrap();
    // owords 63 (in bounds) and 64 (past the 1 KiB surface)
    assert_eq!(
        (0..8).map(|i| word(&mem, 1, 4 * i)).collect::<Vec<_>>(),
        [252, 253, 254, 255, 0, 0, 0, 0].map(Some)
    );
    assert_eq!(word(&mem, 1, 1008), Some(252));
    assert!(mem
        .events
        .iter()
        .any(|e| matches!(e, genxc_sim::memory::Event::OutOfBounds { write: true, .. })));
    assert!(mem
        .events
        .iter()
        .any(|e| matches!(e, genxc_sim::memory::Event::OutOfBounds { write: false, .. })));
}

#[test]
fn scaled_gather_and_predicated_scatter() {
    let body = format!(
        "  %offs = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %in, i32 0)
  %g = call <16 x i32> @llvm.genx.gather.scaled2.v16i32.v16i32(i32 2, i16 0, i32 %in, i32 64, <16 x i32> %offs)
  %odd = trunc <16 x i32> %offs to <16 x i1>
  call void @llvm.genx.scatter.scaled.v16i1.v16i32.v16i32(<16 x i1> %odd, i32 2, i16 0, i32 %out, i32 0, <16 x i32> %offs, <16 x i32> %g)
  %all = xor <16 x i1> %odd, {ALL16}
  ret void"
    );
    let m = kernel(TWO, &[2, 2], &body, 0);
    // offsets 4*i + (i & 1), data at 64.. is 1000 + dword index
    let mut input: Vec<u32> = (0..16).map(|i| 4 * i + (i & 1)).collect();
    input.extend((0..32).map(|i| 1000 + i));
    let bytes = words(&input);
    let mut mem = Memory::default();
    surface(&mut mem, 0, &bytes, 1024);
    mem.add("out", BufferKind::Surface { bti: 1, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    run(&m, 0, 0, &launch(vec![ArgValue::Surface(0), ArgValue::Surface(1)]), &mut mem).unwrap();
    for i in 0..16u32 {
        let off = (4 * i + (i & 1)) as usize;
        if i & 1 == 1 {
            let at = 64 + off;
            let want = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
            assert_eq!(word(&mem, 1, off), Some(want), "lane {i}");
        } else {
            assert_eq!(word(&mem, 1, off), None, "lane {i} is off");
        }
    }
}

#[test]
fn gather4_reads_channels_in_turn() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %offs = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %in, i32 0)
  %rb = call <16 x i32> @llvm.genx.gather4.scaled2.v16i32.v8i32(i32 5, i16 0, i32 %in, i32 0, <8 x i32> %offs)
  call void @llvm.genx.oword.st.v16i32(i32 %out, i32 0, <16 x i32> %rb)
  ret void",
        0,
    );
    // lane i's pixel at 32 + 16 * i holds R, G, B, A = 100 i + 0..3
    let mut input: Vec<u32> = (0..8).map(|i| 32 + 16 * i).collect();
    input.extend((0..8).flat_map(|i| (0..4).map(move |c| 100 * i + c)));
    let mem = run_two(&m, &input).unwrap();
    for i in 0..8u32 {
        assert_eq!(word(&mem, 1, 4 * i as usize), Some(100 * i), "R of lane {i}");
        assert_eq!(word(&mem, 1, 32 + 4 * i as usize), Some(100 * i + 2), "B of lane {i}");
    }
}

#[test]
fn media_block_read_clamps_and_write_drops_outside() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %b = call <16 x i8> @llvm.genx.media.ld.v16i8(i32 0, i32 %in, i32 0, i32 4, i32 62, i32 14)
  call void @llvm.genx.media.st.v16i8(i32 0, i32 %out, i32 0, i32 4, i32 0, i32 0, <16 x i8> %b)
  call void @llvm.genx.media.st.v16i8(i32 0, i32 %out, i32 0, i32 4, i32 62, i32 15, <16 x i8> %b)
  ret void",
        0,
    );
    // a 64 x 16 surface whose byte (x, y) is x + y (mod 256)
    let input: Vec<u8> = (0..1024).map(|i| ((i % 64) + (i / 64)) as u8).collect();
    let mut mem = Memory::default();
    surface(&mut mem, 0, &input, 1024);
    mem.add("out", BufferKind::Surface { bti: 1, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    run(&m, 0, 0, &launch(vec![ArgValue::Surface(0), ArgValue::Surface(1)]), &mut mem).unwrap();
    let out = &mem.buffers[1].bytes;
    for r in 0..4usize {
        for b in 0..4usize {
            let x = (62 + b).min(63);
            let y = (14 + r).min(15);
            assert_eq!(out.get(r * 64 + b, 1), ((x + y) as u64, true), "row {r} byte {b}");
        }
    }
    // the second store: only (62..64, 15) inside
    assert_eq!(out.get(15 * 64 + 62, 1), (62 + 14, true));
    assert!(!out.defined[14 * 64 + 62]);
}

/// Runs kernel 0 of `m` with two SVM pointer arguments (the first holding `input`).
fn run_svm(m: &Module, input: &[u8]) -> Result<Memory, SimError> {
    let mut mem = Memory::default();
    let (a, b) = (genxc_sim::launch::svm_base(0), genxc_sim::launch::svm_base(1));
    let mut d = input.to_vec();
    d.resize(1024, 0);
    mem.add("in", BufferKind::Svm { base: a }, Bytes::defined(d));
    mem.add("out", BufferKind::Svm { base: b }, Bytes::undefined(1024));
    run(m, 0, 0, &launch(vec![ArgValue::Pointer(a), ArgValue::Pointer(b)]), &mut mem)?;
    Ok(mem)
}

const PTRS: &str = "i64 %in, i64 %out";

#[test]
fn svm_block_and_scattered_messages() {
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %v = call <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64 %in)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %out, <8 x i32> %v)
  %b = insertelement <4 x i64> undef, i64 %in, i32 0
  %bs = shufflevector <4 x i64> %b, <4 x i64> undef, <4 x i32> zeroinitializer
  %a = add <4 x i64> %bs, <i64 12, i64 8, i64 4, i64 0>
  %g = call <4 x i32> @llvm.genx.svm.gather.v4i32.v4i1.v4i64(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, i32 0, <4 x i64> %a, <4 x i32> undef)
  %o = insertelement <4 x i64> undef, i64 %out, i32 0
  %os = shufflevector <4 x i64> %o, <4 x i64> undef, <4 x i32> zeroinitializer
  %oa = add <4 x i64> %os, <i64 64, i64 68, i64 72, i64 76>
  call void @llvm.genx.svm.scatter.v4i1.v4i64.v4i32(<4 x i1> <i1 true, i1 false, i1 true, i1 true>, i32 0, <4 x i64> %oa, <4 x i32> %g)
  ret void",
        0,
    );
    let mem = run_svm(&m, &words(&[1, 2, 3, 4, 5, 6, 7, 8])).unwrap();
    assert_eq!(
        (0..8).map(|i| word(&mem, 1, 4 * i)).collect::<Vec<_>>(),
        (1..=8).map(Some).collect::<Vec<_>>()
    );
    assert_eq!([64, 68, 72, 76].map(|o| word(&mem, 1, o)), [Some(4), None, Some(2), Some(1)]);
}

#[test]
fn dword_atomics_return_old_values_lane_by_lane() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %old = call <8 x i32> @llvm.genx.dword.atomic.add.v8i32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 false>, i32 %in, <8 x i32> <i32 0, i32 0, i32 0, i32 4, i32 4, i32 8, i32 8, i32 8>, <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>)
  %c = call <8 x i32> @llvm.genx.dword.atomic.cmpxchg.v8i32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %in, <8 x i32> <i32 16, i32 20, i32 16, i32 20, i32 24, i32 24, i32 24, i32 24>, <8 x i32> <i32 5, i32 9, i32 77, i32 9, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 50, i32 90, i32 70, i32 91, i32 1, i32 1, i32 1, i32 1>, <8 x i32> undef)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 0, <8 x i32> %old)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 2, <8 x i32> %c)
  ret void",
        0,
    );
    let mem = run_two(&m, &[10, 20, 30, 0, 5, 6, 7]).unwrap();
    let got = |b: usize| (0..8).map(|i| word(&mem, 1, b + 4 * i).unwrap()).collect::<Vec<_>>();
    assert_eq!(got(0), [10, 11, 13, 20, 24, 30, 36, u32::MAX]);
    // memory after the adds: 16, 29, 43; cmpxchg at 16 (5 == 5: 50), at 20 (9 != 6), at 24 (0 != 7)
    assert_eq!(got(32), [5, 6, 50, 6, 7, 7, 7, 7]);
    assert_eq!([0, 4, 8, 16, 20, 24].map(|o| word(&mem, 0, o).unwrap()), [16, 29, 43, 50, 6, 7]);
}

#[test]
fn typed_messages_see_an_r32_image() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %u = add <4 x i32> <i32 0, i32 1, i32 15, i32 16>, zeroinitializer
  %p = call <4 x i32> @llvm.genx.gather4.typed.v4i32.v4i1.v4i32(i32 1, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, i32 %in, <4 x i32> %u, <4 x i32> <i32 2, i32 2, i32 2, i32 2>, <4 x i32> zeroinitializer, <4 x i32> undef)
  call void @llvm.genx.scatter4.typed.v4i1.v4i32.v4i32(i32 1, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, i32 %out, <4 x i32> %u, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, <4 x i32> %p)
  ret void",
        0,
    );
    // 64-byte rows: 16 pixels each; pixel (u, 2) is dword 32 + u
    let input: Vec<u32> = (0..256).collect();
    let mem = run_two(&m, &input).unwrap();
    assert_eq!([0, 4, 60].map(|o| word(&mem, 1, o)), [Some(32), Some(33), Some(47)]);
    // u = 16 is outside: nothing written (and it read zero)
    assert_eq!(word(&mem, 1, 64), None);
}

#[test]
fn lsc_simt_loads_and_stores_with_vectors() {
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %b = insertelement <4 x i64> undef, i64 %in, i32 0
  %bs = shufflevector <4 x i64> %b, <4 x i64> undef, <4 x i32> zeroinitializer
  %a = add <4 x i64> %bs, <i64 0, i64 16, i64 32, i64 48>
  %v = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.v4i1.v4i64(<4 x i1> <i1 true, i1 true, i1 true, i1 false>, i8 0, i8 0, i8 0, i16 1, i32 4, i8 3, i8 2, i8 1, i8 0, <4 x i64> %a, i32 0)
  %blk = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.v1i1.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %in, i32 0)
  %o = add i64 %out, 128
  call void @llvm.genx.lsc.store.stateless.v1i1.i64.v8i32(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %out, <8 x i32> %v, i32 0)
  call void @llvm.genx.lsc.store.stateless.v1i1.i64.v8i32(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %o, <8 x i32> %blk, i32 0)
  ret void",
        0,
    );
    let input: Vec<u32> = (0..64).collect();
    let mem = run_svm(&m, &words(&input)).unwrap();
    let got: Vec<_> = (0..8).map(|i| word(&mem, 1, 4 * i)).collect();
    // element k of lane i at 16 i + 4 + 4 k: lanes then elements (SoA); lane 3 is off
    assert_eq!(got, [Some(1), Some(5), Some(9), None, Some(2), Some(6), Some(10), None]);
    assert_eq!(
        (0..8).map(|i| word(&mem, 1, 128 + 4 * i)).collect::<Vec<_>>(),
        (0..8).map(Some).collect::<Vec<_>>()
    );
}

#[test]
fn lsc_block2d_reads_zero_outside() {
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %t = call <16 x i32> @llvm.genx.lsc.load2d.stateless.v16i32.v1i1.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 1, i16 4, i16 4, i8 0, i64 %in, i32 63, i32 3, i32 63, i32 14, i32 2)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i64.v16i32(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 1, i16 4, i16 4, i8 0, i64 %out, i32 63, i32 15, i32 63, i32 0, i32 0, <16 x i32> %t)
  ret void",
        0,
    );
    // a 16 x 4 image of dwords: (x, y) = 100 y + x
    let input: Vec<u32> = (0..64).map(|i| 100 * (i / 16) + i % 16).collect();
    let mem = run_svm(&m, &words(&input)).unwrap();
    for r in 0..4u32 {
        for c in 0..4u32 {
            let (x, y) = (14 + c, 2 + r);
            let want = if x < 16 && y < 4 { 100 * y + x } else { 0 };
            assert_eq!(word(&mem, 1, (64 * r + 4 * c) as usize), Some(want), "({c}, {r})");
        }
    }
}

#[test]
fn barrier_and_slm_exchange_between_two_threads() {
    let m = kernel(
        "i32 %out, <3 x i16> %lid",
        &[2, 24],
        "  %l16 = extractelement <3 x i16> %lid, i32 0
  %l = zext i16 %l16 to i32
  %v = insertelement <4 x i32> zeroinitializer, i32 %l, i32 0
  %v2 = add <4 x i32> %v, <i32 100, i32 0, i32 0, i32 0>
  call void @llvm.genx.oword.st.v4i32(i32 254, i32 %l, <4 x i32> %v2)
  call void @llvm.genx.barrier()
  %other = sub i32 1, %l
  %w = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 254, i32 %other)
  %gid = call i32 @llvm.genx.group.id.x()
  %g2 = shl i32 %gid, 1
  %slot = add i32 %g2, %l
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 %slot, <4 x i32> %w)
  ret void",
        64,
    );
    let mut mem = Memory::default();
    mem.add("out", BufferKind::Surface { bti: 0, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    mem.add("slm", BufferKind::Slm, Bytes::undefined(64));
    let l = Launch {
        groups: [2, 1, 1],
        group_size: [2, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 64,
        step_limit: 1000,
    };
    run(&m, 0, 0, &l, &mut mem).unwrap();
    // thread t of each group read what thread 1 - t wrote before the barrier
    assert_eq!([0, 16, 32, 48].map(|o| word(&mem, 0, o)), [Some(101), Some(100), Some(101), Some(100)]);
}

#[test]
fn a_barrier_some_thread_never_reaches_is_a_fault() {
    let m = kernel(
        "i32 %out, <3 x i16> %lid",
        &[2, 24],
        "entry:
  %l16 = extractelement <3 x i16> %lid, i32 0
  %z = icmp eq i16 %l16, 0
  br i1 %z, label %wait, label %leave
wait:
  call void @llvm.genx.barrier()
  ret void
leave:
  ret void",
        0,
    );
    let mut mem = Memory::default();
    let l = Launch {
        groups: [1, 1, 1],
        group_size: [2, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 0,
        step_limit: 1000,
    };
    assert!(matches!(run(&m, 0, 0, &l, &mut mem), Err(SimError::Fault(_))));
}

#[test]
fn ids_and_implicit_arguments() {
    let m = kernel(
        "i32 %out, <3 x i32> %size, <3 x i16> %lid",
        &[2, 8, 24],
        "  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %sx = extractelement <3 x i32> %size, i32 0
  %l16 = extractelement <3 x i16> %lid, i32 0
  %l = zext i16 %l16 to i32
  %cnt = call <3 x i32> @llvm.genx.group.count.v3i32()
  %cx = extractelement <3 x i32> %cnt, i32 0
  %row = mul i32 %gy, %cx
  %g = add i32 %row, %gx
  %base = mul i32 %g, %sx
  %id = add i32 %base, %l
  %v = insertelement <4 x i32> zeroinitializer, i32 %id, i32 0
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 %id, <4 x i32> %v)
  ret void",
        0,
    );
    let mut mem = Memory::default();
    mem.add("out", BufferKind::Surface { bti: 0, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    let l = Launch {
        groups: [2, 2, 1],
        group_size: [3, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 0,
        step_limit: 1000,
    };
    let report = run(&m, 0, 0, &l, &mut mem).unwrap();
    for id in 0..12 {
        assert_eq!(word(&mem, 0, 16 * id), Some(id as u32));
    }
    assert!(report.instructions >= 12 * 13);
}

#[test]
fn arg_specs_follow_the_metadata() {
    let m =
        kernel("i32 %s, float %f, <4 x i16> %v, i64 %p, <3 x i16> %lid", &[2, 0, 0, 0, 24], "  ret void", 0);
    assert_eq!(
        arg_specs(&m, 0),
        [
            ArgSpec::Surface,
            ArgSpec::Value { size: 4, elem: 4, float: true },
            ArgSpec::Value { size: 8, elem: 2, float: false },
            ArgSpec::Pointer
        ]
    );
    assert!(arg_specs(&m, 7).is_empty());
}

#[test]
fn raw_sends_are_not_modeled() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %r = call <8 x i32> @llvm.genx.raw.send.v8i32.i1.v8i32(i32 0, i1 true, i32 10, i32 33686016, <8 x i32> zeroinitializer, <8 x i32> undef)
  ret void",
        0,
    );
    assert!(matches!(run_two(&m, &[]), Err(SimError::NotModeled(s)) if s.contains("raw.send")));
}

#[test]
fn alu_intrinsics() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %x = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 0)
  %mn = call <4 x i32> @llvm.genx.smin.v4i32.v4i32(<4 x i32> %x, <4 x i32> <i32 0, i32 0, i32 0, i32 0>)
  %mx = call <4 x i32> @llvm.genx.umax.v4i32.v4i32(<4 x i32> %x, <4 x i32> <i32 5, i32 5, i32 5, i32 5>)
  %s = call <4 x i8> @llvm.genx.sstrunc.sat.v4i8.v4i32(<4 x i32> %x)
  %s32 = sext <4 x i8> %s to <4 x i32>
  %f = sitofp <4 x i32> %x to <4 x float>
  %r = call <4 x float> @llvm.genx.rsqrt.v4f32(<4 x float> %f)
  %ri = bitcast <4 x float> %r to <4 x i32>
  %t = call <4 x i16> @llvm.genx.fptosi.sat.v4i16.v4f32(<4 x float> <float 1.0e9, float -1.0e9, float 2.5, float 0x7FF8000000000000>)
  %t32 = sext <4 x i16> %t to <4 x i32>
  %o1 = shufflevector <4 x i32> %mn, <4 x i32> %mx, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %o2 = shufflevector <4 x i32> %s32, <4 x i32> %ri, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 0, <8 x i32> %o1)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 2, <8 x i32> %o2)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 4, <4 x i32> %t32)
  ret void",
        0,
    );
    let mem = run_two(&m, &[4, (-300i32) as u32, 1000, 16]).unwrap();
    let got = |b: usize, n: usize| (0..n).map(|i| word(&mem, 1, b + 4 * i).unwrap()).collect::<Vec<_>>();
    assert_eq!(got(0, 8), [0, (-300i32) as u32, 0, 0, 5, (-300i32) as u32, 1000, 16]);
    assert_eq!(got(32, 4), [4, (-128i32) as u32, 127, 16]);
    assert_eq!(got(48, 4)[0], 0.5f32.to_bits());
    assert_eq!(got(48, 4)[3], 0.25f32.to_bits());
    assert_eq!(got(64, 4), [32767, (-32768i32) as u32, 2, 0]);
}

#[test]
fn lsc_block2d_transposed_and_vnni_loads() {
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %t = call <8 x i32> @llvm.genx.lsc.load2d.stateless.v8i32.v1i1.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 2, i8 1, i16 2, i16 4, i8 0, i64 %in, i32 63, i32 3, i32 63, i32 0, i32 0)
  %v = call <8 x i16> @llvm.genx.lsc.load2d.stateless.v8i16.v1i1.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 2, i16 4, i8 1, i64 %in, i32 63, i32 3, i32 63, i32 0, i32 0)
  %vw = bitcast <8 x i16> %v to <4 x i32>
  %o = add i64 %out, 64
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %out, <8 x i32> %t)
  call void @llvm.genx.svm.block.st.i64.v4i32(i64 %o, <4 x i32> %vw)
  ret void",
        0,
    );
    // dwords (x, y) = 10 y + x in rows of 16
    let input: Vec<u32> = (0..64).map(|i| 10 * (i / 16) + i % 16).collect();
    let mem = run_svm(&m, &words(&input)).unwrap();
    // transposed 2 x 4 block: column 0 (rows 0..4), then column 1
    assert_eq!(
        (0..8).map(|i| word(&mem, 1, 4 * i).unwrap()).collect::<Vec<_>>(),
        [0, 10, 20, 30, 1, 11, 21, 31]
    );
    // 16-bit view: (x, y) at byte 64 y + 2 x; VNNI pairs rows 0/1 and 2/3 of each column
    let h = |x: usize, y: usize| {
        u32::from(u16::from_le_bytes(words(&input)[64 * y + 2 * x..64 * y + 2 * x + 2].try_into().unwrap()))
    };
    let want =
        [h(0, 0) | h(0, 1) << 16, h(1, 0) | h(1, 1) << 16, h(0, 2) | h(0, 3) << 16, h(1, 2) | h(1, 3) << 16];
    assert_eq!((0..4).map(|i| word(&mem, 1, 64 + 4 * i).unwrap()).collect::<Vec<_>>(), want);
}

#[test]
fn lsc_block2d_values_are_the_padded_register_image() {
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %t = call <32 x i32> @llvm.genx.lsc.load2d.stateless.v32i32.v1i1.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 2, i16 3, i16 2, i8 0, i64 %in, i32 63, i32 3, i32 63, i32 1, i32 0)
  call void @llvm.genx.svm.block.st.i64.v32i32(i64 %out, <32 x i32> %t)
  %o = add i64 %out, 256
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i64.v8i32(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 1, i16 3, i16 2, i8 0, i64 %o, i32 63, i32 3, i32 63, i32 0, i32 0, <8 x i32> <i32 0, i32 1, i32 2, i32 99, i32 4, i32 5, i32 6, i32 99>)
  ret void",
        0,
    );
    // dwords (x, y) = 100 y + x in rows of 16
    let input: Vec<u32> = (0..64).map(|i| 100 * (i / 16) + i % 16).collect();
    let mem = run_svm(&m, &words(&input)).unwrap();
    // two blocks of 3 x 2 dwords at (1, 0): rows of 4, each block a whole 64-byte register
    let got: Vec<u32> = (0..32).map(|i| word(&mem, 1, 4 * i).unwrap()).collect();
    let mut want = vec![0; 32];
    for (b, r, c) in (0..2).flat_map(|b| (0..2).flat_map(move |r| (0..3).map(move |c| (b, r, c)))) {
        want[16 * b + 4 * r + c] = (100 * r + 1 + 3 * b + c) as u32;
    }
    assert_eq!(got, want);
    // the store reads rows of 4 (element 3 of each is padding) and writes 3 dwords per row
    let row = |y: usize| (0..4).map(|x| word(&mem, 1, 256 + 64 * y + 4 * x)).collect::<Vec<_>>();
    assert_eq!(row(0), [Some(0), Some(1), Some(2), None]);
    assert_eq!(row(1), [Some(4), Some(5), Some(6), None]);
    // a value smaller than the image (the second block's rows) is refused
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %t = call <12 x i32> @llvm.genx.lsc.load2d.stateless.v12i32.v1i1.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 2, i16 3, i16 2, i8 0, i64 %in, i32 63, i32 3, i32 63, i32 1, i32 0)
  ret void",
        0,
    );
    let e = run_svm(&m, &words(&input)).unwrap_err().to_string();
    assert!(e.contains("24 to 32 elements"), "{e}");
}

#[test]
fn lsc_atomics_on_shared_local_memory() {
    let m = kernel(
        "i32 %out",
        &[2],
        "  call void @llvm.genx.lsc.store.slm.v4i1.v4i32.v4i32(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i32> <i32 0, i32 4, i32 8, i32 12>, <4 x i32> <i32 7, i32 7, i32 7, i32 7>, i32 0)
  %a = call <4 x i32> @llvm.genx.lsc.atomic.slm.v4i32.v4i1.v4i32(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i32> <i32 0, i32 0, i32 4, i32 8>, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> undef, i32 0, <4 x i32> undef)
  %c = call <4 x i32> @llvm.genx.lsc.atomic.slm.v4i32.v4i1.v4i32(<4 x i1> <i1 true, i1 true, i1 true, i1 false>, i8 18, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i32> <i32 0, i32 4, i32 8, i32 12>, <4 x i32> <i32 10, i32 0, i32 11, i32 0>, <4 x i32> <i32 99, i32 98, i32 97, i32 96>, i32 0, <4 x i32> <i32 -1, i32 -1, i32 -1, i32 -1>)
  %l = call <4 x i32> @llvm.genx.lsc.load.slm.v4i32.v1i1.i32(<1 x i1> <i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 4, i8 2, i8 0, i32 0, i32 0)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %a)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 1, <4 x i32> %c)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 2, <4 x i32> %l)
  ret void",
        64,
    );
    let mut mem = Memory::default();
    mem.add("out", BufferKind::Surface { bti: 0, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    mem.add("slm", BufferKind::Slm, Bytes::undefined(64));
    run(&m, 0, 0, &launch(vec![ArgValue::Surface(0)]), &mut mem).unwrap();
    let got = |b: usize| (0..4).map(|i| word(&mem, 0, b + 4 * i).unwrap()).collect::<Vec<_>>();
    assert_eq!(got(0), [7, 8, 7, 7]);
    // memory 10, 10, 11, 7: compare-exchange writes the second source where the first matches
    assert_eq!(got(16), [10, 10, 11, u32::MAX]);
    assert_eq!(got(32), [99, 10, 97, 7]);
}

#[test]
fn svm_and_typed_atomics() {
    let m = kernel(
        "i64 %p, i32 %img, i32 %out",
        &[0, 2, 2],
        "  %b = insertelement <4 x i64> undef, i64 %p, i32 0
  %bs = shufflevector <4 x i64> %b, <4 x i64> undef, <4 x i32> zeroinitializer
  %a = add <4 x i64> %bs, <i64 0, i64 4, i64 0, i64 8>
  %m = call <4 x i32> @llvm.genx.svm.atomic.imax.v4i32.v4i1.v4i64(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i64> %a, <4 x i32> <i32 5, i32 -5, i32 9, i32 0>, <4 x i32> undef)
  %i = call <4 x i32> @llvm.genx.typed.atomic.inc.v4i32.v4i1.v4i32(<4 x i1> <i1 true, i1 true, i1 false, i1 true>, i32 %img, <4 x i32> <i32 1, i32 1, i32 2, i32 99>, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %m)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 1, <4 x i32> %i)
  ret void",
        0,
    );
    let mut mem = Memory::default();
    let base = genxc_sim::launch::svm_base(0);
    mem.add("p", BufferKind::Svm { base }, Bytes::defined(words(&[1, 2, 3, 4])));
    surface(&mut mem, 0, &words(&(0..256).collect::<Vec<u32>>()), 1024);
    mem.add("out", BufferKind::Surface { bti: 1, width: 64, height: 16, pitch: 64 }, Bytes::undefined(1024));
    let l = launch(vec![ArgValue::Pointer(base), ArgValue::Surface(0), ArgValue::Surface(1)]);
    run(&m, 0, 0, &l, &mut mem).unwrap();
    assert_eq!([0, 4, 8, 12].map(|o| word(&mem, 2, o)), [Some(1), Some(2), Some(5), Some(3)]);
    assert_eq!([0, 4, 8].map(|o| word(&mem, 0, o)), [Some(9), Some(2), Some(3)]);
    // pixel (1, 1) is dword 17: incremented twice; lane 2 off (undefined), lane 3 outside (zero)
    assert_eq!([16, 20, 24, 28].map(|o| word(&mem, 2, o)), [Some(17), Some(18), None, Some(0)]);
    assert_eq!(word(&mem, 1, 68), Some(19));
}

#[test]
fn byte_gathers_leave_the_upper_bytes_undefined() {
    let m = kernel(
        TWO,
        &[2, 2],
        "  %g = call <4 x i32> @llvm.genx.gather.scaled2.v4i32.v4i32(i32 0, i16 0, i32 %in, i32 1, <4 x i32> <i32 0, i32 1, i32 2, i32 3>)
  %lo = and <4 x i32> %g, <i32 255, i32 255, i32 255, i32 255>
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %g)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 1, <4 x i32> %lo)
  ret void",
        0,
    );
    let mem = run_two(&m, &[0x4433_2211, 0x8877_6655]).unwrap();
    assert_eq!(word(&mem, 1, 0), None);
    // an element with an undefined byte is undefined as a whole, even after masking
    assert_eq!(word(&mem, 1, 16), None);
}

#[test]
fn svm_gather4_and_scatter4_scaled() {
    let m = kernel(
        PTRS,
        &[0, 0],
        "  %g = call <8 x i32> @llvm.genx.svm.gather4.scaled.v8i32.v4i1.v4i64(<4 x i1> <i1 true, i1 true, i1 true, i1 false>, i32 9, i16 0, i64 %in, <4 x i64> <i64 0, i64 16, i64 32, i64 48>, <8 x i32> zeroinitializer)
  call void @llvm.genx.svm.scatter4.scaled.v4i1.v4i64.v8i32(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, i32 3, i16 0, i64 %out, <4 x i64> <i64 0, i64 16, i64 32, i64 48>, <8 x i32> %g)
  ret void",
        0,
    );
    let input: Vec<u32> = (0..16).collect();
    let mem = run_svm(&m, &words(&input)).unwrap();
    // channels R and A of pixels 0..3 (lane 3 off keeps 0), written back as R and G
    let got: Vec<_> = (0..4)
        .map(|p| (word(&mem, 1, 16 * p), word(&mem, 1, 16 * p + 4), word(&mem, 1, 16 * p + 8)))
        .collect();
    assert_eq!(
        got,
        [
            (Some(0), Some(3), None),
            (Some(4), Some(7), None),
            (Some(8), Some(11), None),
            (Some(0), Some(0), None)
        ]
    );
}
