//! Pinned outputs: every kernel file of `tests/fixtures/cm` and `tests/fixtures/kernels` is
//! compiled through the library API, and what genxc writes is compared byte for byte with the
//! files checked in under `tests/out` (layout in `tests/out/README.md`):
//!
//! * the vISA text of every kernel for SKL, TGLLP, DG2 and PVC;
//! * the legalized GenX IR (`--emit legalized`) of every kernel and `kernels.json`
//!   (`--emit metadata`) for TGLLP and PVC;
//! * the `.isa` binary container for TGLLP;
//! * the diagnostics, for a fixture that does not compile for a platform.
//!
//! TGLLP's output is always stored; another platform's only where it differs from TGLLP's, so a
//! platform without a file of its own must give exactly TGLLP's bytes. A stored file that no
//! output needs (a removed kernel, or a platform's file that now equals TGLLP's) fails the test
//! too. `GENXC_BLESS=1 cargo test --test pinned` writes every file anew and removes the stale
//! ones instead of comparing.

use genxc::{compile_bytes, CompileOptions, Emit, EmitSet, TargetPlatform as Platform};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The platform whose outputs are always stored; the others are stored where they differ.
const BASE: Platform = Platform::Tgllp;

/// The fixture folders (under `tests/fixtures`) whose every `.ll` file is pinned.
const FIXTURE_DIRS: [&str; 2] = ["cm", "kernels"];

/// The environment variable that turns comparing into rewriting.
const BLESS_VAR: &str = "GENXC_BLESS";

/// The command that rewrites the pinned files, as the failure message tells it.
const BLESS_COMMAND: &str = "GENXC_BLESS=1 cargo test --test pinned";

/// Files under `tests/out` that are not pinned outputs.
const NOT_PINNED: [&str; 2] = ["README.md", ".gitattributes"];

/// What a pinned file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// The vISA text of one kernel.
    Visaasm,
    /// The legalized GenX IR of one kernel, as LLVM IR text.
    Legalized,
    /// The fixture's `kernels.json`.
    Metadata,
    /// The fixture's `.isa` container.
    Isa,
    /// The diagnostics of a fixture that does not compile for the platform.
    Errors,
}

impl Kind {
    /// The platforms the kind is pinned for (errors: wherever a compilation fails).
    fn platforms(self) -> &'static [Platform] {
        match self {
            Kind::Visaasm | Kind::Errors => &[Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc],
            Kind::Legalized | Kind::Metadata => &[Platform::Tgllp, Platform::Pvc],
            Kind::Isa => &[Platform::Tgllp],
        }
    }

    /// What the kind is called in messages.
    fn what(self) -> &'static str {
        match self {
            Kind::Visaasm => "vISA text",
            Kind::Legalized => "legalized IR",
            Kind::Metadata => "kernels.json",
            Kind::Isa => ".isa binary",
            Kind::Errors => "diagnostics",
        }
    }
}

/// Every platform any kind is pinned for.
const PLATFORMS: [Platform; 4] = [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc];

/// One output of one fixture on one platform, as genxc produced it now.
#[derive(Clone, Debug)]
struct Produced {
    /// The fixture, relative to `tests/fixtures` (`cm/01_saxpy_oword.ll`).
    fixture: String,
    /// The kernel for per-kernel kinds; empty for the fixture-wide ones.
    kernel: String,
    kind: Kind,
    platform: Platform,
    bytes: Vec<u8>,
}

impl Produced {
    /// The fixture's file stem, which names its pinned files.
    fn stem(&self) -> &str {
        let name = self.fixture.rsplit('/').next().unwrap_or(&self.fixture);
        name.strip_suffix(".ll").unwrap_or(name)
    }

    /// The file (relative to `tests/out`) that holds this output for `platform`: the base
    /// platform's file or a platform's own. Errors always name their platform.
    fn path_for(&self, platform: Platform) -> String {
        let suffix = if platform == BASE && self.kind != Kind::Errors {
            String::new()
        } else {
            format!(".{}", platform.info().name)
        };
        let (stem, kernel) = (self.stem(), &self.kernel);
        match self.kind {
            Kind::Visaasm => format!("visaasm/{stem}/{kernel}{suffix}.visaasm"),
            Kind::Legalized => format!("legalized/{stem}/{kernel}{suffix}.ll"),
            Kind::Metadata => format!("metadata/{stem}{suffix}.json"),
            Kind::Isa => format!("isa/{stem}{suffix}.isa"),
            Kind::Errors => format!("errors/{stem}{suffix}.txt"),
        }
    }

    /// The file of this output's own platform.
    fn own_path(&self) -> String {
        self.path_for(self.platform)
    }

    /// The base platform's file, when this output may fall back on it.
    fn base_path(&self) -> Option<String> {
        (self.platform != BASE && self.kind != Kind::Errors).then(|| self.path_for(BASE))
    }

    /// Fixture, kernel and platform, for messages.
    fn label(&self) -> String {
        let kernel = if self.kernel.is_empty() { String::new() } else { format!(", kernel {}", self.kernel) };
        format!("{}{kernel}, {}: {}", self.fixture, self.platform.info().finalizer_name, self.kind.what())
    }
}

/// The `tests/out` folder.
fn out_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/out")
}

/// Every pinned fixture, relative to `tests/fixtures`, sorted.
fn fixtures() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out = Vec::new();
    for dir in FIXTURE_DIRS {
        for entry in std::fs::read_dir(root.join(dir)).unwrap_or_else(|e| panic!("tests/fixtures/{dir}: {e}"))
        {
            let name = entry.expect("a folder entry").file_name().to_string_lossy().into_owned();
            if name.ends_with(".ll") {
                out.push(format!("{dir}/{name}"));
            }
        }
    }
    out.sort();
    out
}

/// The kinds compiled for a platform, in one compilation.
fn emit_for(platform: Platform) -> EmitSet {
    let mut set = EmitSet::EMPTY;
    for (kind, emit) in [
        (Kind::Visaasm, Emit::Visaasm),
        (Kind::Legalized, Emit::Legalized),
        (Kind::Metadata, Emit::Metadata),
        (Kind::Isa, Emit::Isa),
    ] {
        if kind.platforms().contains(&platform) {
            set = set.with(emit);
        }
    }
    set
}

/// Compiles one fixture for one platform: its pinned outputs, or its diagnostics when it fails.
fn produce(fixture: &str, platform: Platform) -> Vec<Produced> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(fixture);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Named as the command would name it: outputs depend on the file name, not its folder.
    let name = fixture.rsplit('/').next().unwrap_or(fixture);
    let opts = CompileOptions { platform, emit: emit_for(platform), jobs: 0, ..CompileOptions::default() };
    let outcome = compile_bytes(name, &bytes, &opts);
    let item = |kernel: &str, kind: Kind, bytes: Vec<u8>| Produced {
        fixture: fixture.to_string(),
        kernel: kernel.to_string(),
        kind,
        platform,
        bytes,
    };
    if outcome.failed() {
        return vec![item("", Kind::Errors, outcome.log().into_bytes())];
    }
    let mut out = Vec::new();
    for o in &outcome.outputs {
        let kind = match o.kind {
            Emit::Visaasm => Kind::Visaasm,
            Emit::Legalized => Kind::Legalized,
            Emit::Metadata => Kind::Metadata,
            Emit::Isa => Kind::Isa,
            Emit::Llvm | Emit::Zebin => continue,
        };
        let kernel = match kind {
            Kind::Visaasm => o.name.strip_suffix(".visaasm"),
            Kind::Legalized => o.name.strip_suffix(".legalized.ll"),
            _ => Some(""),
        };
        let kernel = kernel.unwrap_or_else(|| panic!("{fixture}: unexpected output name {}", o.name));
        out.push(item(kernel, kind, o.bytes.clone()));
    }
    out
}

/// Every pinned output of every fixture on every platform.
fn produce_all() -> Vec<Produced> {
    let fixtures = fixtures();
    let stems: BTreeSet<&str> = fixtures.iter().map(|f| f.rsplit('/').next().unwrap_or(f)).collect();
    assert_eq!(stems.len(), fixtures.len(), "fixture file names must be unique across {FIXTURE_DIRS:?}");
    let mut out = Vec::new();
    for fixture in &fixtures {
        for platform in PLATFORMS {
            out.extend(produce(fixture, platform));
        }
    }
    out
}

/// The files that pin `produced`, by path under `tests/out`: the base platform's always, another
/// platform's only where its bytes differ from the base platform's output.
fn wanted_files(produced: &[Produced]) -> BTreeMap<String, &[u8]> {
    let by_path: BTreeMap<String, &Produced> = produced.iter().map(|p| (p.own_path(), p)).collect();
    let mut out = BTreeMap::new();
    for p in produced {
        let same_as_base = p.base_path().and_then(|b| by_path.get(&b)).is_some_and(|b| b.bytes == p.bytes);
        if !same_as_base {
            out.insert(p.own_path(), p.bytes.as_slice());
        }
    }
    out
}

/// Every file under `tests/out` but the ones that are not pins, by path under it.
fn read_pins(root: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(root, &path, out);
                continue;
            }
            let rel = path.strip_prefix(root).expect("under tests/out").to_string_lossy().replace('\\', "/");
            if !NOT_PINNED.contains(&rel.as_str()) {
                let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                out.insert(rel, bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// Where two outputs first differ: the line (for text) or the byte (for binary data) with both
/// sides; `None` when they are equal.
fn first_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        return None;
    }
    if let (Ok(e), Ok(a)) = (std::str::from_utf8(expected), std::str::from_utf8(actual)) {
        let (mut el, mut al) = (e.split_inclusive('\n'), a.split_inclusive('\n'));
        for n in 1.. {
            let (x, y) = (el.next(), al.next());
            if x != y {
                let show = |l: Option<&str>| l.map_or("<end of file>".to_string(), |l| format!("{l:?}"));
                return Some(format!(
                    "first difference at line {n}:\n  expected: {}\n  actual:   {}",
                    show(x),
                    show(y)
                ));
            }
        }
    }
    let at =
        expected.iter().zip(actual).position(|(x, y)| x != y).unwrap_or(expected.len().min(actual.len()));
    let near = |b: &[u8]| format!("{:02x?}", &b[at.min(b.len())..(at + 16).min(b.len())]);
    Some(format!(
        "first difference at byte 0x{at:x} (lengths {} and {}):\n  expected: {}\n  actual:   {}",
        expected.len(),
        actual.len(),
        near(expected),
        near(actual)
    ))
}

/// Everything that does not match: outputs whose pinned file differs or is missing, and pinned
/// files no output needs. Empty when the pins hold exactly what genxc produces.
fn compare(pins: &BTreeMap<String, Vec<u8>>, produced: &[Produced]) -> Vec<String> {
    let mut problems = Vec::new();
    for p in produced {
        let own = p.own_path();
        let pinned = match pins.get(&own) {
            Some(bytes) => Some((own.clone(), bytes)),
            None => p.base_path().and_then(|b| pins.get(&b).map(|bytes| (b, bytes))),
        };
        match pinned {
            None => problems.push(format!("{}: nothing pinned (tests/out/{own} is missing)", p.label())),
            Some((path, bytes)) => {
                if let Some(diff) = first_difference(bytes, &p.bytes) {
                    problems.push(format!("{}: differs from tests/out/{path}, {diff}", p.label()));
                }
            }
        }
    }
    let wanted = wanted_files(produced);
    for path in pins.keys().filter(|path| !wanted.contains_key(*path)) {
        problems.push(format!(
            "tests/out/{path} is stale: no fixture, kernel or platform produces it, or its platform's output \
             is now the same as TGLLP's"
        ));
    }
    problems
}

/// The failure message for `problems`: the first few in full, the count, and how to bless.
fn report(problems: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut text = format!("{} pinned output(s) do not match:\n\n", problems.len());
    for p in problems.iter().take(SHOWN) {
        let _ = writeln!(text, "{p}\n");
    }
    if problems.len() > SHOWN {
        let _ = writeln!(text, "... and {} more\n", problems.len() - SHOWN);
    }
    let _ = write!(
        text,
        "If the change is intended, rewrite the pinned files with\n    {BLESS_COMMAND}\nand commit them \
         (`git diff tests/out` shows what changed)."
    );
    text
}

/// Rewrites the pins under `root` to exactly `produced`: writes every wanted file, removes the
/// others and the folders left empty.
fn bless(root: &Path, produced: &[Produced]) {
    let wanted = wanted_files(produced);
    for path in read_pins(root).keys().filter(|p| !wanted.contains_key(*p)) {
        std::fs::remove_file(root.join(path)).unwrap_or_else(|e| panic!("tests/out/{path}: {e}"));
    }
    for (path, bytes) in &wanted {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("create the folder");
        if std::fs::read(&file).ok().as_deref() != Some(*bytes) {
            std::fs::write(&file, bytes).unwrap_or_else(|e| panic!("tests/out/{path}: {e}"));
        }
    }
    remove_empty_dirs(root);
}

fn remove_empty_dirs(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            remove_empty_dirs(&path);
            // fails, as it should, when the folder is not empty
            let _ = std::fs::remove_dir(&path);
        }
    }
}

#[test]
fn outputs_match_the_pinned_files() {
    let produced = produce_all();
    for kind in [Kind::Visaasm, Kind::Legalized, Kind::Metadata, Kind::Isa] {
        for platform in kind.platforms() {
            assert!(
                produced.iter().any(|p| p.kind == kind && p.platform == *platform),
                "no {} produced for {platform}",
                kind.what()
            );
        }
    }
    let root = out_dir();
    if std::env::var_os(BLESS_VAR).is_some_and(|v| !v.is_empty() && v != "0") {
        bless(&root, &produced);
        eprintln!("{BLESS_VAR}: rewrote {} pinned files under tests/out", wanted_files(&produced).len());
        return;
    }
    let problems = compare(&read_pins(&root), &produced);
    assert!(problems.is_empty(), "{}", report(&problems));
}

/// The pins and outputs of one fixture on the base platform and on SKL, with SKL's vISA changed
/// where `skl_visa` says; the pins as they are checked in.
fn saxpy(skl_visa: impl Fn(&[u8]) -> Vec<u8>) -> (BTreeMap<String, Vec<u8>>, Vec<Produced>) {
    let fixture = "cm/01_saxpy_oword.ll";
    let mut produced: Vec<Produced> =
        produce(fixture, BASE).into_iter().filter(|p| p.kind == Kind::Visaasm).collect();
    let mut skl = produced[0].clone();
    skl.platform = Platform::Skl;
    skl.bytes = skl_visa(&skl.bytes);
    produced.push(skl);
    let path = produced[0].own_path();
    let bytes = std::fs::read(out_dir().join(&path)).unwrap_or_else(|e| panic!("tests/out/{path}: {e}"));
    (BTreeMap::from([(path, bytes)]), produced)
}

/// Changes the first instruction that adds, multiplies-and-adds or moves into a subtraction.
fn change_one_instruction(text: &[u8]) -> Vec<u8> {
    let text = std::str::from_utf8(text).expect("vISA text");
    let mut done = false;
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let op = ["add ", "mad ", "mov "].into_iter().find(|op| trimmed.starts_with(op));
        match op {
            Some(op) if !done => {
                done = true;
                out.push_str(&line.replacen(op, "sub ", 1));
            }
            _ => out.push_str(line),
        }
    }
    assert!(done, "no instruction to change in {text}");
    out.into_bytes()
}

#[test]
fn a_changed_instruction_in_a_pinned_text_is_reported() {
    // As checked in, SKL giving TGLLP's text: nothing to report.
    let (mut pins, produced) = saxpy(<[u8]>::to_vec);
    assert_eq!(compare(&pins, &produced), Vec::<String>::new());

    // One instruction of the pinned TGLLP text changed: both platforms, which read that file, differ.
    let path = produced[0].own_path();
    let original = pins[&path].clone();
    let changed = change_one_instruction(&original);
    pins.insert(path.clone(), changed.clone());
    let problems = compare(&pins, &produced);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    let line = original
        .split(|&b| b == b'\n')
        .zip(changed.split(|&b| b == b'\n'))
        .position(|(a, b)| a != b)
        .unwrap()
        + 1;
    for (problem, platform) in problems.iter().zip(["TGLLP", "SKL"]) {
        assert!(
            problem.starts_with(&format!("cm/01_saxpy_oword.ll, kernel saxpy, {platform}: vISA text")),
            "{problem}"
        );
        assert!(
            problem.contains(&format!("tests/out/{path}, first difference at line {line}:")),
            "{problem}"
        );
        assert!(problem.contains("  expected: \"    sub "), "{problem}");
    }
    let message = report(&problems);
    assert!(message.contains(BLESS_COMMAND), "{message}");

    // SKL's output changed while no SKL file is pinned: it must equal TGLLP's, so it is reported.
    pins.insert(path.clone(), original);
    let (pins, produced) = saxpy(change_one_instruction);
    let problems = compare(&pins, &produced);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].starts_with("cm/01_saxpy_oword.ll, kernel saxpy, SKL: vISA text: differs from "),
        "{}",
        problems[0]
    );
    assert!(problems[0].contains("  actual:   \"    sub "), "{}", problems[0]);

    // Blessing pins SKL's own text, and then SKL reads it.
    let dir = tempfile::tempdir().unwrap();
    bless(dir.path(), &produced);
    let blessed = read_pins(dir.path());
    assert_eq!(
        blessed.keys().cloned().collect::<BTreeSet<_>>(),
        BTreeSet::from([path, produced[1].own_path()])
    );
    assert!(produced[1].own_path().ends_with("/saxpy.skl.visaasm"));
    assert_eq!(compare(&blessed, &produced), Vec::<String>::new());
}

#[test]
fn stale_and_missing_pins_are_reported() {
    let (mut pins, produced) = saxpy(<[u8]>::to_vec);
    // A SKL file equal to TGLLP's is not needed, and neither is a file of no kernel.
    let skl = produced[1].own_path();
    pins.insert(skl.clone(), produced[1].bytes.clone());
    pins.insert("visaasm/01_saxpy_oword/gone.visaasm".to_string(), b"x".to_vec());
    let problems = compare(&pins, &produced);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems.iter().any(|p| p.starts_with("tests/out/visaasm/01_saxpy_oword/gone.visaasm is stale")));
    assert!(problems.iter().any(|p| p.starts_with(&format!("tests/out/{skl} is stale"))));
    // An output with no file at all.
    let problems = compare(&BTreeMap::new(), &produced);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].ends_with("nothing pinned (tests/out/visaasm/01_saxpy_oword/saxpy.visaasm is missing)")
    );

    // Blessing removes what is stale, and the folders it empties.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("legalized/old")).unwrap();
    std::fs::write(dir.path().join("legalized/old/k.ll"), "x").unwrap();
    std::fs::write(dir.path().join("README.md"), "kept").unwrap();
    bless(dir.path(), &produced);
    assert!(!dir.path().join("legalized").exists());
    assert!(dir.path().join("README.md").exists());
    assert_eq!(read_pins(dir.path()).len(), 1);
}

#[test]
fn differences_name_the_first_line_or_byte() {
    assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
    assert_eq!(
        first_difference(b"a\nb\nc\n", b"a\nB\nc\n").unwrap(),
        "first difference at line 2:\n  expected: \"b\\n\"\n  actual:   \"B\\n\""
    );
    assert_eq!(
        first_difference(b"a\n", b"a\nb\n").unwrap(),
        "first difference at line 2:\n  expected: <end of file>\n  actual:   \"b\\n\""
    );
    // a missing final newline is a difference too
    assert_eq!(
        first_difference(b"a\n", b"a").unwrap(),
        "first difference at line 1:\n  expected: \"a\\n\"\n  actual:   \"a\""
    );
    assert_eq!(
        first_difference(&[0x43, 0xff, 1, 2], &[0x43, 0xff, 1, 3]).unwrap(),
        "first difference at byte 0x3 (lengths 4 and 4):\n  expected: [02]\n  actual:   [03]"
    );
}
