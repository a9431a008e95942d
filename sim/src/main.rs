//! `genxc-sim`: runs vISA kernels (`.visaasm` text or `.isa` objects) in the simulator.
//!
//! Two forms:
//! - `genxc-sim --compare A B --platform P --seed S` runs both kernels on the same random launch
//!   and compares every output byte: exit 0 when they agree, 1 with the first difference.
//! - `genxc-sim K --platform P [--arg N=VALUE|N=@FILE]... [--dump N=FILE]...` runs one kernel on
//!   given inputs (the rest random from the seed) and writes buffers.
//!
//! Exit 2 on usage errors, malformed input and constructs the simulator does not model.

use clap::Parser;
use genxc_genx::Platform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{self, ArgSpec, ArgValue, Launch};
use genxc_sim::memory::{self, Bytes, Memory};
use genxc_visa::Kernel;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Command line.
#[derive(Parser, Debug)]
#[command(name = "genxc-sim", version, about = "Run vISA kernels in a simulator and compare their outputs")]
struct Cli {
    /// The kernel to run (`.visaasm` or `.isa`); with --compare, the first of the two.
    kernel: Option<PathBuf>,
    /// Run the two kernels on the same random inputs and compare every output byte.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    compare: Option<Vec<PathBuf>>,
    /// Target platform (skl, icllp, tgllp, dg2, mtl, pvc, pvcxt).
    #[arg(long, default_value = "tgllp")]
    platform: String,
    /// Seed of the random arguments and buffer contents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Binding-table index of the first surface argument; with --compare, `A,B` gives each kernel
    /// its own (Intel's compiler binds surfaces from 1, genxc from 0).
    #[arg(long, default_value = "0")]
    bti_base: String,
    /// Thread groups in x,y,z.
    #[arg(long, default_value = "1,1,1")]
    groups: String,
    /// Threads per group in x,y,z.
    #[arg(long, default_value = "1,1,1")]
    group_size: String,
    /// Shared local memory per group in bytes (default: the kernel's `SLMSize` attribute, or
    /// 64 KiB when it has none).
    #[arg(long)]
    slm: Option<u32>,
    /// Argument N (explicit `.input` order): a number (`7`, `0x10`, `-1.5`), or `@FILE` to fill
    /// the buffer of a surface or pointer argument with the file's bytes.
    #[arg(long = "arg", value_name = "N=VALUE")]
    args: Vec<String>,
    /// Write the buffer of argument N to FILE after the run.
    #[arg(long = "dump", value_name = "N=FILE")]
    dumps: Vec<String>,
    /// Which kernel of a file holding several (by name); default the first.
    #[arg(long)]
    entry: Option<String>,
}

/// A failure with its exit code.
struct Failure(u8, String);

fn usage(msg: impl Into<String>) -> Failure {
    Failure(2, msg.into())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(&cli) {
        Ok(msg) => {
            if !msg.is_empty() {
                println!("{msg}");
            }
            ExitCode::SUCCESS
        }
        Err(Failure(code, msg)) => {
            eprintln!("genxc-sim: {msg}");
            ExitCode::from(code)
        }
    }
}

fn triple(text: &str, what: &str) -> Result<[u32; 3], Failure> {
    let parts: Vec<&str> = text.split(',').collect();
    let mut out = [1u32; 3];
    if parts.is_empty() || parts.len() > 3 {
        return Err(usage(format!("--{what} takes X[,Y[,Z]]")));
    }
    for (slot, p) in out.iter_mut().zip(&parts) {
        *slot = p
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| usage(format!("--{what}: '{p}' is not a positive number")))?;
    }
    Ok(out)
}

/// Reads the kernels of a `.visaasm` or `.isa` file and picks the entry.
fn load(path: &Path, entry: Option<&str>) -> Result<Vec<Kernel>, Failure> {
    let bytes = std::fs::read(path).map_err(|e| usage(format!("{}: {e}", path.display())))?;
    let is_isa = path.extension().is_some_and(|e| e == "isa") || bytes.starts_with(b"CISA");
    let kernels = if is_isa {
        genxc_visa::read_isa(&bytes).map_err(|e| usage(format!("{}: {e}", path.display())))?
    } else {
        let text =
            String::from_utf8(bytes).map_err(|_| usage(format!("{}: not UTF-8 text", path.display())))?;
        genxc_visa::read_text(&text).map_err(|e| usage(format!("{}:{e}", path.display())))?
    };
    if kernels.is_empty() {
        return Err(usage(format!("{}: no kernel", path.display())));
    }
    let Some(name) = entry else { return Ok(kernels) };
    let Some(i) = kernels.iter().position(|k| k.name == name) else {
        return Err(usage(format!("{}: no kernel named '{name}'", path.display())));
    };
    let mut kernels = kernels;
    let k = kernels.remove(i);
    kernels.insert(0, k);
    Ok(kernels)
}

/// The shared local memory a kernel declares (`SLMSize`, in KiB), or 64 KiB; more than the
/// simulator models is a usage error.
fn slm_bytes(k: &Kernel) -> Result<u32, Failure> {
    let kb = k.attrs.iter().find_map(|a| match a {
        genxc_visa::KernelAttr::SlmSize(kb) if *kb > 0 => Some(*kb),
        _ => None,
    });
    let Some(kb) = kb else { return Ok(64 * 1024) };
    kb.checked_mul(1024).and_then(|b| checked_slm(b).ok()).ok_or_else(|| {
        usage(format!(
            "kernel {}: SLMSize={kb} KiB is more shared local memory than the simulator models ({} bytes)",
            k.name,
            launch::MAX_SLM_BYTES
        ))
    })
}

/// A shared local memory size the simulator models.
fn checked_slm(bytes: u32) -> Result<u32, Failure> {
    if bytes > launch::MAX_SLM_BYTES {
        return Err(usage(format!(
            "--slm {bytes}: more shared local memory than the simulator models ({} bytes)",
            launch::MAX_SLM_BYTES
        )));
    }
    Ok(bytes)
}

fn platform(name: &str) -> Result<Config, Failure> {
    let p = if name.eq_ignore_ascii_case("pvcxt") { Some(Platform::Pvc) } else { Platform::from_name(name) };
    let p = p.ok_or_else(|| usage(format!("unknown platform '{name}'")))?;
    Ok(Config { grf_bytes: p.grf_bytes(), bti_base: 0 })
}

fn parse_number(text: &str, spec: ArgSpec) -> Option<Vec<u8>> {
    let (size, elem, float) = match spec {
        ArgSpec::Value { size, elem, float } => (size, elem, float),
        // every lane of an i1 argument gets the value: 0 or 1
        ArgSpec::Bool { lanes } => {
            let b: u8 = text.parse().ok().filter(|b| *b <= 1)?;
            return Some(vec![b; lanes as usize]);
        }
        _ => return None,
    };
    let bits: u64 = if float {
        let v: f64 = text.parse().ok()?;
        match elem {
            2 => u64::from(half::f16::from_f64(v).to_bits()),
            4 => u64::from((v as f32).to_bits()),
            _ => v.to_bits(),
        }
    } else if let Some(hex) = text.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()?
    } else if let Some(neg) = text.strip_prefix('-') {
        neg.parse::<u64>().ok()?.wrapping_neg()
    } else {
        text.parse().ok()?
    };
    let mut v = Vec::with_capacity(size as usize);
    while v.len() < size as usize {
        v.extend_from_slice(&bits.to_le_bytes()[..elem.clamp(1, 8) as usize]);
    }
    v.truncate(size as usize);
    Some(v)
}

/// The buffer an argument is bound to.
fn arg_buffer(memory: &Memory, value: &ArgValue) -> Option<usize> {
    match value {
        ArgValue::Surface(bti) => memory.surface(*bti),
        ArgValue::Pointer(a) => memory.resolve(memory::Space::Svm, *a).map(|(id, _)| id),
        _ => None,
    }
}

fn split_arg<'a>(text: &'a str, what: &str) -> Result<(usize, &'a str), Failure> {
    let (n, v) = text.split_once('=').ok_or_else(|| usage(format!("--{what} takes N=VALUE")))?;
    let n = n.trim().parse().map_err(|_| usage(format!("--{what}: '{n}' is not an argument number")))?;
    Ok((n, v))
}

fn bti_bases(text: &str) -> Result<(u32, u32), Failure> {
    let bad = || usage(format!("--bti-base: '{text}' is not N or A,B"));
    match text.split_once(',') {
        Some((a, b)) => Ok((a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?)),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            Ok((n, n))
        }
    }
}

/// Runs a kernel; what it did that deserves a note (reads of unwritten registers, out-of-bounds
/// and unwritten memory accesses) goes to standard error.
fn execute(kernels: &[Kernel], config: &Config, launch: &Launch, memory: &mut Memory) -> Result<(), Failure> {
    let report = exec::run(kernels, config, launch, memory).map_err(|e| Failure(2, e.to_string()))?;
    let name = &kernels[0].name;
    for w in &report.warnings {
        eprintln!("genxc-sim: note: {name}: {w}");
    }
    for e in &memory.events {
        eprintln!("genxc-sim: note: {name}: {e}");
    }
    if memory.events_dropped > 0 {
        eprintln!(
            "genxc-sim: note: {name}: {} more memory events (repeats, or past the first {})",
            memory.events_dropped,
            Memory::MAX_EVENTS
        );
    }
    Ok(())
}

fn run(cli: &Cli) -> Result<String, Failure> {
    let mut config = platform(&cli.platform)?;
    let groups = triple(&cli.groups, "groups")?;
    let group_size = triple(&cli.group_size, "group-size")?;
    let (bti_a, bti_b) = bti_bases(&cli.bti_base)?;
    if let Some(pair) = &cli.compare {
        if cli.kernel.is_some() {
            return Err(usage("--compare takes the two kernels; no other kernel file"));
        }
        let a = load(&pair[0], cli.entry.as_deref())?;
        let b = load(&pair[1], cli.entry.as_deref())?;
        let specs = exec::arg_specs(&a[0]);
        let specs_b = exec::arg_specs(&b[0]);
        if specs != specs_b {
            return Err(Failure(
                1,
                format!("the kernels take different arguments: {specs:?} and {specs_b:?}"),
            ));
        }
        let slm = match cli.slm {
            Some(n) => checked_slm(n)?,
            None => slm_bytes(&a[0])?.max(slm_bytes(&b[0])?),
        };
        let (launch_a, mut mem_a) = Launch::random(&specs, cli.seed, bti_a, groups, group_size, slm);
        let (launch_b, mut mem_b) = Launch::random(&specs, cli.seed, bti_b, groups, group_size, slm);
        config.bti_base = bti_a;
        execute(&a, &config, &launch_a, &mut mem_a)?;
        config.bti_base = bti_b;
        execute(&b, &config, &launch_b, &mut mem_b)?;
        return match memory::compare(&mem_a, &mem_b) {
            Ok(()) => Ok(String::new()),
            Err(d) => Err(Failure(1, format!("outputs differ: {d}"))),
        };
    }
    let path = cli.kernel.as_ref().ok_or_else(|| usage("no kernel given (see --help)"))?;
    let kernels = load(path, cli.entry.as_deref())?;
    let specs = exec::arg_specs(&kernels[0]);
    let slm = match cli.slm {
        Some(n) => checked_slm(n)?,
        None => slm_bytes(&kernels[0])?,
    };
    let (mut launch, mut memory) = Launch::random(&specs, cli.seed, bti_a, groups, group_size, slm);
    for a in &cli.args {
        let (n, value) = split_arg(a, "arg")?;
        let spec = *specs.get(n).ok_or_else(|| usage(format!("--arg: the kernel has no argument {n}")))?;
        if let Some(file) = value.strip_prefix('@') {
            let id = arg_buffer(&memory, &launch.args[n])
                .ok_or_else(|| usage(format!("--arg {n}=@FILE: argument {n} is not a surface or pointer")))?;
            let bytes = std::fs::read(file).map_err(|e| usage(format!("{file}: {e}")))?;
            memory.buffers[id].bytes = Bytes::defined(bytes);
        } else {
            let bytes = parse_number(value, spec).ok_or_else(|| {
                usage(format!("--arg {n}: '{value}' is not a value of argument {n} ({spec:?})"))
            })?;
            launch.args[n] = ArgValue::Bytes(bytes);
        }
    }
    config.bti_base = bti_a;
    execute(&kernels, &config, &launch, &mut memory)?;
    for d in &cli.dumps {
        let (n, file) = split_arg(d, "dump")?;
        let value =
            launch.args.get(n).ok_or_else(|| usage(format!("--dump: the kernel has no argument {n}")))?;
        let id = arg_buffer(&memory, value)
            .ok_or_else(|| usage(format!("--dump {n}: argument {n} is not a surface or pointer")))?;
        std::fs::write(file, &memory.buffers[id].bytes.data).map_err(|e| usage(format!("{file}: {e}")))?;
    }
    Ok(String::new())
}
