//! The simulator never panics and never hangs on bad input: the repository's pinned `.visaasm`
//! files (`tests/out/visaasm/**`, and the samples of `sim/tests/data/visa-samples/`) are mutated
//! (a number changed, two lines swapped, a line dropped or duplicated, an execution size, region,
//! type or execution mask changed) and every mutant the vISA reader accepts is run by the
//! executor on a small random launch, on 32- and 64-byte GRFs. Reading and running must end
//! (with a result or an error value) within a time limit, without a panic; a panic or hang fails
//! the test with the mutated text.
//!
//! Cases: 256 by default, `GENXC_PROPTEST_CASES` overrides. The focused tests below are the
//! minimal reproducers of the panics the property found, each fixed in the reader or executor.

use genxc_genx::Platform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgSpec, ArgValue, Launch, Rng};
use genxc_sim::memory::{BufferKind, Bytes, Memory};
use genxc_sim::{reference, SimError};
use genxc_visa::read_text;
use proptest::prelude::*;
use proptest::sample::Index;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::OnceLock;
use std::time::Duration;

fn cases() -> u32 {
    std::env::var("GENXC_PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(256).max(1)
}

/// How long reading and running one mutant may take before it counts as a hang (debug build,
/// shared machine: generous).
const TIME_LIMIT: Duration = Duration::from_secs(60);

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "visaasm") {
            out.push(p);
        }
    }
}

/// The corpus: every pinned `.visaasm` file, read once.
fn corpus() -> &'static [(String, String)] {
    static CORPUS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        collect(&root.join("../tests/out/visaasm"), &mut paths);
        collect(&root.join("tests/data/visa-samples"), &mut paths);
        let files: Vec<(String, String)> = paths
            .iter()
            .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(p).ok()?)))
            .collect();
        assert!(files.len() > 50, "the pinned .visaasm files are missing ({} found)", files.len());
        files
    })
}

/// Numbers worth substituting: boundaries of the sizes, offsets and counts the reader parses.
const NUMBERS: [&str; 24] = [
    "0",
    "1",
    "2",
    "3",
    "7",
    "8",
    "15",
    "16",
    "17",
    "31",
    "32",
    "33",
    "64",
    "127",
    "255",
    "256",
    "4095",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
];
const EXEC_SIZES: [&str; 9] = ["0", "1", "2", "3", "4", "8", "16", "32", "64"];
const REGION_NUMS: [&str; 8] = ["0", "1", "2", "3", "4", "8", "16", "32"];
const TYPES: [&str; 15] =
    ["b", "ub", "w", "uw", "d", "ud", "q", "uq", "hf", "f", "df", "v", "uv", "vf", "bf"];
const MASKS: [&str; 10] = ["M1", "M2", "M3", "M5", "M8", "M1_NM", "M2_NM", "M5_NM", "M8_NM", "NoMask"];

/// One edit of a `.visaasm` text.
#[derive(Clone, Debug)]
enum Mutation {
    /// The `nth` number (run of digits) of a line becomes another.
    Number { line: Index, nth: Index, value: Index },
    /// Two lines change places.
    Swap(Index, Index),
    /// A line goes.
    Drop(Index),
    /// A line appears twice.
    Duplicate(Index),
    /// The execution size `(M.., N)` of a line changes.
    ExecSize { line: Index, value: Index },
    /// A region `<a;b,c>` or `<a>` of a line changes.
    Region { line: Index, nth: Index, a: Index, b: Index, c: Index },
    /// A type (`type=T` or `:T`) of a line changes.
    Type { line: Index, nth: Index, value: Index },
    /// The execution mask of a line changes.
    Mask { line: Index, value: Index },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(line, nth, value)| Mutation::Number { line, nth, value }),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => any::<Index>().prop_map(Mutation::Drop),
        1 => any::<Index>().prop_map(Mutation::Duplicate),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(line, value)| Mutation::ExecSize { line, value }),
        2 => (any::<Index>(), any::<Index>(), any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(line, nth, a, b, c)| Mutation::Region { line, nth, a, b, c }),
        2 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(line, nth, value)| Mutation::Type { line, nth, value }),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(line, value)| Mutation::Mask { line, value }),
    ]
}

/// Byte ranges of the runs of ASCII digits of `s`.
fn digit_runs(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Byte ranges of the regions (`<...>` holding only digits, `;` and `,`) of `s`.
fn regions(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = s[from..].find('<').map(|o| o + from) {
        let Some(close) = s[open..].find('>').map(|c| c + open) else { break };
        let inner = &s[open + 1..close];
        if !inner.is_empty() && inner.chars().all(|c| c.is_ascii_digit() || c == ';' || c == ',') {
            out.push((open, close + 1));
        }
        from = close + 1;
    }
    out
}

/// Byte ranges of the type names of `s` (after `type=` or a `:` of an immediate).
fn types(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, _) in s.match_indices([':', '=']) {
        if s[..=i].ends_with("type=") || s[..i].ends_with(|c: char| c.is_ascii_alphanumeric()) {
            let rest = &s[i + 1..];
            let len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
            if (1..=2).contains(&len) {
                out.push((i + 1, i + 1 + len));
            }
        }
    }
    out
}

fn replace(line: &mut String, (a, b): (usize, usize), with: &str) {
    line.replace_range(a..b, with);
}

/// Applies one mutation to the lines of a text.
fn apply(lines: &mut Vec<String>, m: &Mutation) {
    if lines.is_empty() {
        return;
    }
    let n = lines.len();
    match m {
        Mutation::Number { line, nth, value } => {
            let l = &mut lines[line.index(n)];
            let runs = digit_runs(l);
            if !runs.is_empty() {
                let r = runs[nth.index(runs.len())];
                replace(l, r, NUMBERS[value.index(NUMBERS.len())]);
            }
        }
        Mutation::Swap(a, b) => lines.swap(a.index(n), b.index(n)),
        Mutation::Drop(i) => {
            lines.remove(i.index(n));
        }
        Mutation::Duplicate(i) => {
            let at = i.index(n);
            let l = lines[at].clone();
            lines.insert(at, l);
        }
        Mutation::ExecSize { line, value } => {
            let l = &mut lines[line.index(n)];
            if let Some(open) = l.find('(') {
                if let Some(comma) = l[open..].find(", ").map(|c| c + open + 2) {
                    let end = l[comma..].find(')').map_or(l.len(), |e| e + comma);
                    replace(l, (comma, end), EXEC_SIZES[value.index(EXEC_SIZES.len())]);
                }
            }
        }
        Mutation::Region { line, nth, a, b, c } => {
            let l = &mut lines[line.index(n)];
            let rs = regions(l);
            if !rs.is_empty() {
                let r = rs[nth.index(rs.len())];
                let pick = |i: &Index| REGION_NUMS[i.index(REGION_NUMS.len())];
                let text = if l[r.0..r.1].contains(';') {
                    format!("<{};{},{}>", pick(a), pick(b), pick(c))
                } else {
                    format!("<{}>", pick(a))
                };
                replace(l, r, &text);
            }
        }
        Mutation::Type { line, nth, value } => {
            let l = &mut lines[line.index(n)];
            let ts = types(l);
            if !ts.is_empty() {
                replace(l, ts[nth.index(ts.len())], TYPES[value.index(TYPES.len())]);
            }
        }
        Mutation::Mask { line, value } => {
            let l = &mut lines[line.index(n)];
            if let Some(open) = l.find("(M").or_else(|| l.find("(N")) {
                let end = l[open..].find(',').map_or(l.len(), |e| e + open);
                replace(l, (open + 1, end), MASKS[value.index(MASKS.len())]);
            }
        }
    }
}

/// What reading and running a text gave (panics excluded).
#[derive(Debug)]
enum Outcome {
    /// The reader refused it.
    Refused,
    /// The executor ran it: per GRF width, the instructions executed or why it stopped.
    Ran(Vec<Result<u64, SimError>>),
}

/// Extreme launches beside the ordinary random one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extreme {
    /// Random arguments and 64 KiB buffers.
    None,
    /// Every buffer empty (surfaces of 0 x 0 pixels, SVM buffers of 0 bytes).
    EmptyBuffers,
    /// Every plain argument all ones, pointers at the top of the address space, surfaces at
    /// binding-table indices nothing is bound to.
    HugeArguments,
}

/// A random launch of `threads` threads in one group with `slm` bytes of shared local memory,
/// made extreme as `extreme` says.
fn launch_for(specs: &[ArgSpec], seed: u64, threads: u32, slm: u32, extreme: Extreme) -> (Launch, Memory) {
    let (mut launch, mut memory) = Launch::random(specs, seed, 0, [1, 1, 1], [threads, 1, 1], slm);
    launch.step_limit = 10_000;
    match extreme {
        Extreme::None => {}
        Extreme::EmptyBuffers => {
            for b in &mut memory.buffers {
                b.bytes = Bytes::default();
                if let BufferKind::Surface { width, height, pitch, .. } = &mut b.kind {
                    (*width, *height, *pitch) = (0, 0, 0);
                }
            }
        }
        Extreme::HugeArguments => {
            for a in &mut launch.args {
                match a {
                    ArgValue::Bytes(b) => b.fill(0xff),
                    ArgValue::Pointer(p) => *p = u64::MAX - 3,
                    ArgValue::Surface(bti) => *bti = u32::MAX - *bti,
                    ArgValue::Sampler(_) => {}
                }
            }
        }
    }
    (launch, memory)
}

/// Reads `text` and runs its first kernel on a launch of [`launch_for`], on both GRF widths.
fn read_and_run(text: &str, seed: u64, threads: u32, slm: u32, extreme: Extreme) -> Outcome {
    let Ok(kernels) = read_text(text) else { return Outcome::Refused };
    let Some(first) = kernels.first() else { return Outcome::Refused };
    let specs = exec::arg_specs(first);
    let mut results = Vec::new();
    for grf in [32, 64] {
        let (launch, mut memory) = launch_for(&specs, seed, threads, slm, extreme);
        let config = Config { grf_bytes: grf, bti_base: 0 };
        results.push(exec::run(&kernels, &config, &launch, &mut memory).map(|r| r.instructions));
    }
    Outcome::Ran(results)
}

/// Runs `work` on another thread: a panic or a run past [`TIME_LIMIT`] is an `Err` saying so.
fn guarded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let r = catch_unwind(AssertUnwindSafe(work));
        let _ = tx.send(r.map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into())
        }));
    });
    match rx.recv_timeout(TIME_LIMIT) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(msg)) => Err(format!("panicked: {msg}")),
        Err(_) => Err(format!("did not end within {TIME_LIMIT:?}")),
    }
}

/// [`read_and_run`] guarded; the error names the launch and holds the text.
fn check_text(text: String, seed: u64, threads: u32, slm: u32, extreme: Extreme) -> Result<Outcome, String> {
    let t = text.clone();
    guarded(move || read_and_run(&t, seed, threads, slm, extreme))
        .map_err(|e| format!("{e} (seed {seed}, {threads} threads, slm {slm}, {extreme:?}) on:\n{text}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// A mutated pinned kernel is read and run to a value or an error, never a panic or hang.
    #[test]
    fn mutated_kernels_never_panic(
        file in any::<Index>(),
        muts in prop::collection::vec(mutation(), 1..4),
        seed in any::<u64>(),
        threads in 1u32..=2,
        slm in prop::sample::select(vec![0u32, 64, 4096]),
        extreme in prop::sample::select(vec![Extreme::None, Extreme::None, Extreme::EmptyBuffers, Extreme::HugeArguments]),
    ) {
        let files = corpus();
        let (path, text) = &files[file.index(files.len())];
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for m in &muts {
            apply(&mut lines, m);
        }
        let mutated = lines.join("\n") + "\n";
        if let Err(e) = check_text(mutated, seed, threads, slm, extreme) {
            prop_assert!(false, "{path} mutated by {muts:?}: {e}");
        }
    }
}

/// The unmutated corpus reads and runs without a panic under every extreme launch, and most of
/// it runs to the end under an ordinary one (so the property above exercises the executor, not
/// only the reader).
#[test]
fn pinned_kernels_run_without_panic() {
    let mut completed = 0;
    let mut rng = Rng::new(7);
    for (path, text) in corpus() {
        for extreme in [Extreme::None, Extreme::EmptyBuffers, Extreme::HugeArguments] {
            match check_text(text.clone(), rng.next_u64(), 2, 4096, extreme) {
                Ok(Outcome::Ran(r)) if extreme == Extreme::None && r.iter().any(Result::is_ok) => {
                    completed += 1
                }
                Ok(_) => {}
                Err(e) => panic!("{path}: {e}"),
            }
        }
    }
    assert!(completed * 2 > corpus().len(), "only {completed} of {} pinned kernels ran", corpus().len());
}

/// The reference interpreter on every fixture kernel (`tests/fixtures/{cm,kernels}/*.ll`, those
/// that import for PVC) under extreme launches: empty buffers, all-ones arguments, unbound
/// surfaces, no shared local memory, empty groups and a launch too large to simulate. Each run
/// ends with a result or an error value, never a panic.
#[test]
fn reference_survives_extreme_launches() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut files: Vec<PathBuf> = ["cm", "kernels"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).expect("fixture folder").flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    assert!(files.len() > 20, "the fixtures are missing ({} found)", files.len());
    let mut imported = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("fixture text");
        let shown = path.display().to_string();
        let r = guarded(move || -> Result<usize, String> {
            let ctx = inkwell::context::Context::create();
            let Ok(llvm) = genxc_frontend::llvm::load(&ctx, "f.ll", text.as_bytes()) else { return Ok(0) };
            let Ok(m) = genxc_genx::import::import_module(&llvm, Platform::Pvc) else { return Ok(0) };
            for ki in 0..m.kernels.len() {
                let specs = reference::arg_specs(&m, ki);
                for extreme in [Extreme::None, Extreme::EmptyBuffers, Extreme::HugeArguments] {
                    for slm in [0, 64 * 1024] {
                        let (l, mut mem) = launch_for(&specs, 3, 2, slm, extreme);
                        let _ = reference::run(&m, ki, 0, &l, &mut mem);
                    }
                }
                let (mut l, mut mem) = launch_for(&specs, 5, 1, 0, Extreme::None);
                l.group_size = [0, 1, 1];
                let _ = reference::run(&m, ki, 0, &l, &mut mem);
                l.groups = [u32::MAX; 3];
                l.group_size = [u32::MAX; 3];
                if reference::run(&m, ki, 0, &l, &mut mem).is_ok() {
                    return Err(format!("kernel {ki}: a launch of 2^192 threads ran"));
                }
            }
            Ok(1)
        });
        match r {
            Ok(Ok(n)) => imported += n,
            Ok(Err(e)) | Err(e) => panic!("{shown}: {e}"),
        }
    }
    assert!(imported > 20, "only {imported} fixtures imported");
}

/// The executor refuses launches too large to simulate and register widths it does not model,
/// with a message.
#[test]
fn executor_refuses_impossible_launches() {
    let text = "\
.version 4.1
.kernel \"k\"
.decl V_x v_type=G type=d num_elts=8 align=GRF
.function \"k_main\"
    mov (M1_NM, 8) V_x(0,0)<1> 0:d
    ret (M1, 1)
";
    let kernels = read_text(text).expect("reads");
    let mut launch = Launch {
        groups: [u32::MAX; 3],
        group_size: [u32::MAX; 3],
        args: vec![],
        slm_size: 0,
        step_limit: 10,
    };
    let config = Config { grf_bytes: 32, bti_base: 0 };
    let e = exec::run(&kernels, &config, &launch, &mut Memory::default()).unwrap_err();
    assert!(matches!(&e, SimError::NotModeled(s) if s.contains("threads")), "{e}");
    launch.groups = [1; 3];
    launch.group_size = [1; 3];
    launch.slm_size = u32::MAX;
    let e = exec::run(&kernels, &config, &launch, &mut Memory::default()).unwrap_err();
    assert!(matches!(&e, SimError::NotModeled(s) if s.contains("shared local memory")), "{e}");
    launch.slm_size = 0;
    for grf in [0, 3, 1 << 31] {
        let e = exec::run(&kernels, &Config { grf_bytes: grf, bti_base: 0 }, &launch, &mut Memory::default());
        assert!(matches!(&e, Err(SimError::NotModeled(s)) if s.contains("register")), "{e:?}");
    }
    assert!(exec::run(&kernels, &config, &launch, &mut Memory::default()).is_ok());
}

/// Runs one-thread `text` (its first kernel) with `args` on 32-byte GRFs over `mem`.
fn run_text(text: &str, args: Vec<ArgValue>, mem: &mut Memory) -> Result<genxc_sim::Report, SimError> {
    let kernels = read_text(text).unwrap_or_else(|e| panic!("the test kernel reads: {e}"));
    let launch = Launch { groups: [1; 3], group_size: [1; 3], args, slm_size: 0, step_limit: 10_000 };
    exec::run(&kernels, &Config { grf_bytes: 32, bti_base: 0 }, &launch, mem)
}

/// Found by the property: a surface `.input` of fewer than 4 bytes indexed its payload past the
/// end. It is refused as malformed.
#[test]
fn surface_input_shorter_than_a_binding_table_index() {
    let text = "\
.version 4.1
.kernel \"k\"
.decl T_buf v_type=T num_elts=1
.input T_buf offset=64 size=1
.function \"k_main\"
    ret (M1, 1)
";
    let e = run_text(text, vec![ArgValue::Surface(0)], &mut Memory::default()).unwrap_err();
    assert!(matches!(&e, SimError::Malformed(s) if s.contains("binding-table index takes 4")), "{e}");
}

/// Found by review: an address variable at the top of the register address space made the
/// bounds check of an indirect access overflow. It is a fault.
#[test]
fn indirect_access_at_the_top_of_the_register_space() {
    let text = "\
.version 4.1
.kernel \"k\"
.decl V_v v_type=G type=d num_elts=8 align=GRF
.decl V_x v_type=G type=d num_elts=8 align=GRF
.decl A_a v_type=A num_elts=1
.function \"k_main\"
    mov (M1_NM, 8) V_v(0,0)<1> 0:d
    addr_add (M1_NM, 1) A_a(0)<1> &V_v 0xffffffff:ud
    mov (M1_NM, 1) V_x(0,0)<1> r[A_a(0),0]<0;1,0>:d
    ret (M1, 1)
";
    let e = run_text(text, vec![], &mut Memory::default()).unwrap_err();
    assert!(matches!(&e, SimError::Fault(s) if s.contains("outside every variable")), "{e}");
}

/// Found by review: a transposed LSC load whose address is near 2^64 overflowed computing the
/// address of its later elements. Addresses wrap (as 64-bit hardware addresses do) and the
/// elements outside every buffer read zero.
#[test]
fn lsc_transposed_load_at_the_top_of_the_address_space() {
    let text = "\
.version 4.1
.kernel \"k\"
.decl V_a v_type=G type=uq num_elts=1 align=GRF
.decl V_blk v_type=G type=d num_elts=16 align=GRF
.function \"k_main\"
    mov (M1_NM, 1) V_a(0,0)<1> 0xfffffffffffffff8:uq
    lsc_load.ugm (M1_NM, 1) V_blk:d32x16t flat[V_a]:a64
    lsc_store.ugm (M1_NM, 1) flat[V_a+0x4]:a64 V_blk:d32x16t
    ret (M1, 1)
";
    let mut mem = Memory::default();
    run_text(text, vec![], &mut mem).expect("runs");
    assert!(!mem.events.is_empty(), "the out-of-bounds accesses are recorded");
}
