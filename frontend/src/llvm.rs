//! The LLVM IR front end: reads `.ll` text or `.bc` bitcode into an LLVM 14 module through inkwell,
//! verifies it, and promotes stack slots to SSA values (mem2reg), which is the form the GenX
//! backend accepts.
//!
//! LLVM reports positions only for syntax errors. For later diagnostics, which name a function and
//! an instruction, [`SourceMap`] finds where that function or instruction is written in `.ll` text.

use genxc_diag::Diagnostic;
use inkwell::context::{AsContextRef, Context};
use inkwell::llvm_sys::core::{LLVMContextSetDiscardValueNames, LLVMContextShouldDiscardValueNames};
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
#[allow(deprecated)]
use inkwell::passes::PassManager;
use inkwell::values::InstructionOpcode;

/// Whether the bytes are LLVM bitcode (raw or in the wrapper header).
pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// Parses, verifies and runs mem2reg on one input (not on a module with SIMD unmask regions, whose
/// stack slots the preparation stage reads). `file` is the name used in diagnostics. Text
/// is first checked against [`crate::limits`].
pub fn load<'ctx>(ctx: &'ctx Context, file: &str, bytes: &[u8]) -> Result<Module<'ctx>, Diagnostic> {
    let module = parse(ctx, file, bytes)?;
    // Text without the word `alloca` has no stack slot to promote (most generated kernels).
    let text_has_alloca = || is_bitcode(bytes) || memchr::memmem::find(bytes, b"alloca").is_some();
    verify_and_promote(&module, file, text_has_alloca)?;
    Ok(module)
}

/// Verifies a parsed module and runs mem2reg on it when `may_have_alloca()` and a function has an
/// `alloca` in its entry block ([`load`] after parsing).
#[allow(deprecated)] // the legacy pass manager is the one LLVM 14's C API offers for mem2reg
pub(crate) fn verify_and_promote(
    module: &Module,
    file: &str,
    may_have_alloca: impl FnOnce() -> bool,
) -> Result<(), Diagnostic> {
    if let Err(msg) = crate::crash_guard::while_reading(file, "LLVM IR", || module.verify()) {
        let text = msg.to_string();
        let first = text.lines().next().unwrap_or("").trim().to_string();
        return Err(Diagnostic::error(format!("{file}: invalid LLVM IR: {first}")));
    }
    // A module with SIMD unmask regions keeps its slots: which stores a region makes unmasked is
    // what it means, and the preparation stage lowers the regions on them, then promotes them.
    let unmask = module.get_function("llvm.genx.unmask.begin").is_some();
    if !unmask && may_have_alloca() && has_entry_alloca(module) {
        let pm: PassManager<Module> = PassManager::create(());
        pm.add_promote_memory_to_register_pass();
        pm.run_on(module);
    }
    Ok(())
}

/// Whether a function of `module` has an `alloca` in its entry block: the only stack slots mem2reg
/// promotes, so without one it would change nothing (and its dominator trees cost about as much
/// as the verifier on bitcode, where no text tells that there is no `alloca`).
fn has_entry_alloca(module: &Module) -> bool {
    module.get_functions().any(|f| {
        let mut inst = f.get_first_basic_block().and_then(|entry| entry.get_first_instruction());
        while let Some(i) = inst {
            if i.get_opcode() == InstructionOpcode::Alloca {
                return true;
            }
            inst = i.get_next_instruction();
        }
        false
    })
}

/// The input LLVM is reading and its kind, for [`exit_on_llvm_fatal_error`]'s message.
static READING: std::sync::Mutex<(String, &str)> = std::sync::Mutex::new((String::new(), ""));

/// Makes LLVM's fatal errors print a genxc diagnostic (`error: FILE: invalid LLVM bitcode: REASON
/// (LLVM stopped reading it)`) and exit with code 1, instead of aborting the process. LLVM 14's
/// bitcode reader calls `report_fatal_error` on some malformed inputs (an invalid abbreviation
/// encoding, found by fuzzing), and nothing can recover from it in-process, so this is for
/// programs that may end there: the `genxc` command installs it first thing.
pub fn exit_on_llvm_fatal_error() {
    extern "C" fn handler(reason: *const std::os::raw::c_char) {
        let reason = if reason.is_null() {
            String::new()
        } else {
            // SAFETY: LLVM passes a NUL-terminated message.
            unsafe { std::ffi::CStr::from_ptr(reason) }.to_string_lossy().into_owned()
        };
        let (file, kind) = READING.try_lock().map(|r| (r.0.clone(), r.1)).unwrap_or_default();
        eprintln!("error: {file}: invalid {kind}: {} (LLVM stopped reading it)", reason.trim());
        std::process::exit(1);
    }
    // SAFETY: installs a handler that never returns into LLVM.
    unsafe { inkwell::llvm_sys::error_handling::LLVMInstallFatalErrorHandler(Some(handler)) }
}

/// Records that LLVM is reading `file` (for [`exit_on_llvm_fatal_error`]'s message).
pub(crate) fn reading(file: &str, bytes: &[u8]) {
    if let Ok(mut r) = READING.lock() {
        *r = (file.to_string(), if is_bitcode(bytes) { "LLVM bitcode" } else { "LLVM IR" });
    }
}

fn parse<'ctx>(ctx: &'ctx Context, file: &str, bytes: &[u8]) -> Result<Module<'ctx>, Diagnostic> {
    reading(file, bytes);
    if is_bitcode(bytes) {
        // LLVM's reader ends the process on some malformed bitstreams: those are refused first,
        // unless the command reports LLVM's failures itself (the check costs a read of the file)
        if !crate::crash_guard::installed() {
            crate::bitstream::check(bytes)
                .map_err(|m| Diagnostic::error(format!("{file}: invalid LLVM bitcode: {m}")))?;
        }
        let buf = MemoryBuffer::create_from_memory_range_copy(bytes, file);
        let read = crate::crash_guard::while_reading(file, "LLVM bitcode", || {
            Module::parse_bitcode_from_buffer(&buf, ctx)
        });
        return read.map_err(|e| {
            Diagnostic::error(format!("{file}: invalid LLVM bitcode: {}", e.to_string().trim()))
        });
    }
    if bytes.contains(&0) {
        return Err(Diagnostic::error(format!(
            "{file}: not LLVM IR: the file is neither bitcode nor text (it contains NUL bytes)"
        )));
    }
    // LLVM's parser recurses per nested bracket and folds huge constant vectors: check first.
    crate::limits::scan_text(file, bytes, crate::limits::Syntax::Llvm)?;
    // LLVM 14 aborts the process (report_fatal_error) on a datalayout it cannot parse.
    check_datalayouts(file, bytes)?;
    let buf = MemoryBuffer::create_from_memory_range_copy(bytes, file);
    // LLVM's text parser finds local values by their names: it refuses a context that discards
    // them, and a context must not start discarding names its modules hold (LLVM 14 then frees
    // a name twice when the module goes), so text is read in a context that keeps them.
    set_local_names(ctx, true);
    crate::crash_guard::while_reading(file, "LLVM IR", || ctx.create_module_from_ir(buf))
        .map_err(|e| syntax_error(file, &e.to_string()))
}

/// Makes `ctx` keep (`true`) or discard the names of the local values it reads and makes
/// (instructions, arguments, basic blocks): LLVM's `discard-value-names`. Global values keep their
/// names either way. A compile of bitcode whose outputs show no local name discards them: LLVM's
/// bitcode reader then gives no value its name and builds no function's symbol table. Only for a
/// context without modules: names a module holds must not be discarded after the fact.
pub fn set_local_names(ctx: &Context, keep: bool) {
    // SAFETY: the context is live.
    unsafe { LLVMContextSetDiscardValueNames(ctx.as_ctx_ref(), i32::from(!keep)) }
}

/// Whether `ctx` keeps the names of local values ([`set_local_names`]); a new context does.
pub fn keeps_local_names(ctx: &Context) -> bool {
    // SAFETY: the context is live.
    unsafe { LLVMContextShouldDiscardValueNames(ctx.as_ctx_ref()) == 0 }
}

/// Finds every `datalayout = "..."` outside comments and strings and checks its string with
/// [`datalayout_error`], so LLVM never sees one it would abort on.
fn check_datalayouts(file: &str, bytes: &[u8]) -> Result<(), Diagnostic> {
    const WORD: &[u8] = b"datalayout";
    let word_char = |b: u8| b.is_ascii_alphanumeric() || b"%@!$._-".contains(&b);
    let mut i = 0usize;
    // Only a comment, a string or the keyword's first letter matters: jump from one to the next
    // (the line of a refused string is counted when there is one).
    while let Some(at) = memchr::memchr3(b';', b'"', b'd', &bytes[i..]) {
        i += at;
        match bytes[i] {
            b';' => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |e| i + e);
                continue;
            }
            b'"' => {
                i += 1;
                i = memchr::memchr(b'"', &bytes[i..]).map_or(bytes.len(), |e| i + e);
            }
            _ if bytes[i..].starts_with(WORD)
                && (i == 0 || !word_char(bytes[i - 1]))
                && !bytes.get(i + WORD.len()).is_some_and(|&b| word_char(b)) =>
            {
                let mut j = i + WORD.len();
                // White space, `=` and comments may stand between the keyword and the string.
                while j < bytes.len()
                    && (bytes[j].is_ascii_whitespace() || bytes[j] == b'=' || bytes[j] == b';')
                {
                    if bytes[j] == b';' {
                        while j + 1 < bytes.len() && bytes[j + 1] != b'\n' {
                            j += 1;
                        }
                    }
                    j += 1;
                }
                if bytes.get(j) == Some(&b'"') {
                    let end = bytes[j + 1..].iter().position(|&b| b == b'"').map(|e| j + 1 + e);
                    if let Some(end) = end {
                        let spec = String::from_utf8_lossy(&bytes[j + 1..end]);
                        if let Err(why) = datalayout_error(&spec) {
                            let before = &bytes[..j];
                            let line = memchr::memchr_iter(b'\n', before).count() as u32 + 1;
                            let line_start = memchr::memrchr(b'\n', before).map_or(0, |n| n + 1);
                            let col =
                                String::from_utf8_lossy(&bytes[line_start..j]).chars().count() as u32 + 1;
                            return Err(Diagnostic::at_source(
                                file,
                                line,
                                col,
                                format!("invalid target datalayout \"{spec}\": {why}"),
                            ));
                        }
                    }
                }
                i += WORD.len();
                continue;
            }
            _ => {}
        }
        i += 1;
        if i >= bytes.len() {
            break;
        }
    }
    Ok(())
}

/// Why LLVM 14 would reject a datalayout string (conservatively: what this does not recognize is
/// rejected too), or `Ok` when it is well formed.
pub fn datalayout_error(spec: &str) -> Result<(), String> {
    fn num(s: &str, what: &str) -> Result<u32, String> {
        if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{what} must be a number, found '{s}'"));
        }
        s.parse().map_err(|_| format!("{what} must be a number, found '{s}'"))
    }
    fn width(s: &str, what: &str) -> Result<u32, String> {
        let v = num(s, what)?;
        if v == 0 || v >= 1 << 24 {
            return Err(format!("{what} {v} must be between 1 and 2^24 - 1"));
        }
        Ok(v)
    }
    fn align(s: &str, what: &str, zero_ok: bool) -> Result<u32, String> {
        let v = num(s, what)?;
        let ok = (v == 0 && zero_ok) || (v % 8 == 0 && (v / 8).is_power_of_two() && v / 8 < 1 << 16);
        if !ok {
            return Err(format!("{what} {v} must be a power of two number of bytes, in bits"));
        }
        Ok(v)
    }
    if spec.is_empty() {
        return Ok(());
    }
    if spec.contains('\\') {
        return Err("escapes are not accepted in a datalayout".into());
    }
    for item in spec.split('-') {
        let Some(c) = item.chars().next() else { return Err("an empty specification".into()) };
        let rest = &item[c.len_utf8()..];
        let parts: Vec<&str> = rest.split(':').collect();
        match c {
            'e' | 'E' if rest.is_empty() => {}
            'm' if matches!(rest, ":e" | ":m" | ":o" | ":w" | ":x") => {}
            'S' => {
                align(rest, "the stack alignment", true)?;
            }
            'A' | 'P' | 'G' => {
                if num(rest, "the address space")? >= 1 << 24 {
                    return Err(format!("address space {rest} is too large"));
                }
            }
            'n' if rest.starts_with("i:") => {
                for p in &parts[1..] {
                    width(p, "a non-integral address space")?;
                }
            }
            'n' => {
                for p in &parts {
                    width(p, "a native integer width")?;
                }
            }
            'F' if matches!(rest.chars().next(), Some('i' | 'n')) => {
                align(&rest[1..], "the function pointer alignment", true)?;
            }
            'p' if (3..=5).contains(&parts.len()) => {
                if !parts[0].is_empty() && num(parts[0], "the address space")? >= 1 << 24 {
                    return Err(format!("address space {} is too large", parts[0]));
                }
                let size = width(parts[1], "the pointer size")?;
                let abi = align(parts[2], "the pointer ABI alignment", false)?;
                if let Some(p) = parts.get(3) {
                    if align(p, "the pointer preferred alignment", false)? < abi {
                        return Err("the preferred alignment is below the ABI alignment".into());
                    }
                }
                if let Some(p) = parts.get(4) {
                    if width(p, "the pointer index size")? > size {
                        return Err("the index size is larger than the pointer".into());
                    }
                }
            }
            'i' | 'v' | 'f' | 'a' if (2..=3).contains(&parts.len()) => {
                let size = if c == 'a' {
                    if !parts[0].is_empty() && num(parts[0], "the aggregate size")? != 0 {
                        return Err("an aggregate alignment cannot have a size".into());
                    }
                    0
                } else {
                    width(parts[0], "the type size")?
                };
                let abi = align(parts[1], "the ABI alignment", c == 'a')?;
                if c == 'i' && size == 8 && abi != 8 {
                    return Err("i8 must be aligned to 8 bits".into());
                }
                if let Some(p) = parts.get(2) {
                    if align(p, "the preferred alignment", c == 'a')? < abi {
                        return Err("the preferred alignment is below the ABI alignment".into());
                    }
                }
            }
            _ => return Err(format!("unknown or malformed specification '{item}'")),
        }
    }
    Ok(())
}

/// Turns LLVM's `name:line:col: error: message` text into a located diagnostic.
fn syntax_error(file: &str, text: &str) -> Diagnostic {
    // LLVM may print warnings (with the source line and a caret) before the error: report the error.
    let first =
        text.lines().find(|l| l.contains(": error: ")).or_else(|| text.lines().next()).unwrap_or("").trim();
    let rest = first.strip_prefix(file).and_then(|r| r.strip_prefix(':'));
    if let Some(rest) = rest {
        let mut parts = rest.splitn(3, ':');
        if let (Some(l), Some(c), Some(msg)) = (parts.next(), parts.next(), parts.next()) {
            if let (Ok(line), Ok(col)) = (l.trim().parse::<u32>(), c.trim().parse::<u32>()) {
                let msg = msg.trim();
                let msg = msg.strip_prefix("error:").unwrap_or(msg).trim();
                return Diagnostic::at_source(file, line, col, msg);
            }
        }
    }
    Diagnostic::error(format!("{file}: invalid LLVM IR: {first}"))
}

/// Positions of functions, globals and named instructions in `.ll` text.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    lines: Vec<String>,
}

impl SourceMap {
    /// Indexes the text of a `.ll` file.
    pub fn new(text: &str) -> Self {
        SourceMap { lines: text.lines().map(str::to_string).collect() }
    }

    /// Line of `define ... @name(` (0-based), if any.
    fn function_line(&self, function: &str) -> Option<usize> {
        let needle = format!("@{}(", quote_name(function));
        self.lines.iter().position(|l| l.trim_start().starts_with("define") && l.contains(&needle))
    }

    /// Where a function is defined (1-based line and column of the `@name`).
    pub fn function(&self, function: &str) -> Option<(u32, u32)> {
        let i = self.function_line(function)?;
        let col = self.lines[i].find(&format!("@{}", quote_name(function)))?;
        Some((i as u32 + 1, col as u32 + 1))
    }

    /// The `call` of a call labelled `@callee` or `@callee (k of n)` (see the GenX IR's
    /// `value_name`) among the lines `body`: the k-th line calling `@callee` (any overload: the
    /// text between the name and its `(` passes `overload`), only if there are exactly n of them
    /// (otherwise the function changed since the text, and the caller falls back to the
    /// function's line).
    fn call(
        &self,
        body: std::ops::Range<usize>,
        label: &str,
        overload: &dyn Fn(&str) -> bool,
    ) -> Option<(u32, u32)> {
        let (callee, k, n) = match label.split_once(" (") {
            Some((callee, place)) => {
                let (k, n) = place.strip_suffix(')')?.split_once(" of ")?;
                (callee, k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)
            }
            None => (label, 1, 1),
        };
        let needle = format!("@{callee}");
        let calls: Vec<(usize, usize)> = body
            .filter_map(|i| {
                let line = self.lines[i].split(';').next().unwrap_or("");
                let at = line.match_indices(&needle).find(|&(at, _)| {
                    let rest = &line[at + needle.len()..];
                    rest.find('(').is_some_and(|open| overload(&rest[..open]))
                })?;
                Some((i, line[..at.0].find("call").unwrap_or(at.0)))
            })
            .collect();
        if calls.len() != n || k == 0 {
            return None;
        }
        let &(line, col) = calls.get(k - 1)?;
        Some((line as u32 + 1, col as u32 + 1))
    }

    /// Where an instruction is, given as `%name`, as its printed text, or as a call label
    /// (`call to @llvm.genx.oword.st (2 of 3)`), inside a function. `overload` says whether the
    /// text between an intrinsic's base name and its `(` is its overload suffix (the GenX
    /// intrinsic table's rule).
    pub fn instruction(
        &self,
        function: &str,
        inst: &str,
        overload: &dyn Fn(&str) -> bool,
    ) -> Option<(u32, u32)> {
        let start = self.function_line(function)?;
        let end = (start + 1..self.lines.len())
            .find(|&i| self.lines[i].starts_with('}'))
            .unwrap_or(self.lines.len());
        let body = start + 1..end;
        if inst.starts_with('%') && !inst.contains(' ') {
            let def = format!("{inst} =");
            for i in body {
                if let Some(col) = self.lines[i].find(&def) {
                    if self.lines[i][..col].trim().is_empty() {
                        return Some((i as u32 + 1, col as u32 + 1));
                    }
                }
            }
            return None;
        }
        if let Some(call) = inst.strip_prefix("call to @") {
            return self.call(body, call, overload);
        }
        // Printed instruction text: compare without metadata attachments and extra spaces.
        let key = normalize(inst);
        for i in body {
            let line = self.lines[i].split(';').next().unwrap_or("");
            if !key.is_empty() && normalize(line) == key {
                let col = line.len() - line.trim_start().len();
                return Some((i as u32 + 1, col as u32 + 1));
            }
        }
        None
    }

    /// Where a global symbol (`@g = ...`) is defined.
    pub fn global(&self, name: &str) -> Option<(u32, u32)> {
        let needle = format!("@{} ", quote_name(name));
        let i = self
            .lines
            .iter()
            .position(|l| l.starts_with(&needle) || l.starts_with(&format!("@{}=", name)))?;
        Some((i as u32 + 1, 1))
    }
}

impl SourceMap {
    /// Where the `genx.kernels` node of a kernel is written: the `!N = !{...}` line that names
    /// `!"kernel"` or `@kernel`, else the kernel's `define`, else the `!genx.kernels` line; column 1
    /// (the function's column for a `define`). `None` names no kernel.
    pub fn kernel_node(&self, kernel: Option<&str>) -> Option<(u32, u32)> {
        if let Some(k) = kernel {
            let string = format!("!\"{k}\"");
            let func = format!("@{}", quote_name(k));
            let names = |l: &str| {
                l.contains(&string)
                    || l.match_indices(&func).any(|(i, m)| {
                        !l[i + m.len()..]
                            .starts_with(|c: char| c.is_ascii_alphanumeric() || "._$-\"".contains(c))
                    })
            };
            let node = self.lines.iter().position(|l| {
                let l = l.split(';').next().unwrap_or("").trim_start();
                l.starts_with('!') && l.contains("!{") && names(l)
            });
            if let Some(i) = node {
                return Some((i as u32 + 1, 1));
            }
            if let Some(pos) = self.function(k) {
                return Some(pos);
            }
        }
        let i = self.lines.iter().position(|l| l.starts_with("!genx.kernels"))?;
        Some((i as u32 + 1, 1))
    }
}

/// Instruction text without metadata attachments, `, align N` and spacing differences, so LLVM's
/// printed form matches what the user wrote.
fn normalize(s: &str) -> String {
    let s = s.split(", !").next().unwrap_or(s);
    let mut out = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(i) = out.rfind(", align ") {
        if out[i + 8..].bytes().all(|b| b.is_ascii_digit()) {
            out.truncate(i);
        }
    }
    out
}

fn quote_name(name: &str) -> String {
    let plain = name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._$-".contains(&b));
    if plain && !name.is_empty() {
        name.to_string()
    } else {
        format!("\"{name}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = "define dllexport void @k(i32 %a) {\nentry:\n  %p = alloca i32\n  store i32 %a, i32* %p\n  %x = load i32, i32* %p\n  %y = add i32 %x, 1\n  ret void\n}\n";

    #[test]
    fn parses_and_promotes_allocas() {
        let ctx = Context::create();
        let m = load(&ctx, "k.ll", OK.as_bytes()).unwrap();
        let text = m.print_to_string().to_string();
        assert!(!text.contains("alloca"), "{text}");
        assert!(text.contains("add i32 %a, 1"), "{text}");
    }

    #[test]
    fn a_module_with_unmask_regions_keeps_its_stack_slots() {
        let ctx = Context::create();
        let text = format!("{OK}\ndeclare i32 @llvm.genx.unmask.begin()\n");
        let m = load(&ctx, "k.ll", text.as_bytes()).unwrap();
        let text = m.print_to_string().to_string();
        assert!(text.contains("alloca"), "{text}");
    }

    #[test]
    fn syntax_errors_are_located() {
        let ctx = Context::create();
        let e = load(&ctx, "bad.ll", b"define void @k() {\nentry:\n  %x = add i32 1\n  ret void\n}\n")
            .unwrap_err();
        let s = e.to_string();
        assert!(s.starts_with("bad.ll:4:3: error: "), "{s}");
        assert!(s.contains("error: expected ','"), "{s}");
    }

    #[test]
    fn verifier_errors_are_reported() {
        let ctx = Context::create();
        let e = load(&ctx, "v.ll", b"define void @k() {\nentry:\n  %x = add i32 %x, 1\n  ret void\n}\n")
            .unwrap_err();
        assert!(e.to_string().contains("v.ll: invalid LLVM IR"), "{e}");
    }

    #[test]
    fn garbage_and_truncated_bitcode_are_errors() {
        let ctx = Context::create();
        assert!(load(&ctx, "x.bc", b"BC\xC0\xDE\x35\x14\x00\x00").is_err());
        assert!(load(&ctx, "x.ll", b"\x00\x01\x02").is_err());
        assert!(load(&ctx, "x.ll", b"").is_ok(), "an empty module is valid LLVM IR");
    }

    #[test]
    fn datalayouts_llvm_would_abort_on_are_refused() {
        for ok in [
            "",
            "e-p:64:64-i64:64-n8:16:32:64",
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128",
            "E-m:o-p:32:32:32:32-i1:8:32-a:0:64-v128:128-Fi8-ni:1:2",
        ] {
            assert_eq!(datalayout_error(ok), Ok(()), "{ok}");
            let text = format!("target datalayout = \"{ok}\"\n");
            load(&Context::create(), "d.ll", text.as_bytes()).unwrap();
        }
        for bad in ["e-p:64cks", "x", "e--p:64:64", "p:0:64", "i8:16", "i32:12", "p:64:64:32", "n0", "S3"] {
            assert!(datalayout_error(bad).is_err(), "{bad}");
        }
        let ctx = Context::create();
        let text = b"; datalayout = \"bad\"\n!0 = !{!\"datalayout\"}\ntarget\n  datalayout = \"e-p:64cks\"\n";
        // A comment between `=` and the string (found by fuzzing).
        let commented = b"target datalayout = ; \"e\"\n  \"e-P:62:64\"\n";
        assert_eq!(
            load(&Context::create(), "c.ll", commented).unwrap_err().to_string(),
            "c.ll:2:3: error: invalid target datalayout \"e-P:62:64\": the address space must be a number, found ':62:64'"
        );
        assert_eq!(
            load(&ctx, "d.ll", text).unwrap_err().to_string(),
            "d.ll:4:16: error: invalid target datalayout \"e-p:64cks\": unknown or malformed specification 'p:64cks'"
        );
    }

    #[test]
    fn bitcode_round_trip() {
        let ctx = Context::create();
        let m = load(&ctx, "k.ll", OK.as_bytes()).unwrap();
        let bc = m.write_bitcode_to_memory();
        assert!(is_bitcode(bc.as_slice()));
        let m2 = load(&ctx, "k.bc", bc.as_slice()).unwrap();
        assert!(m2.get_function("k").is_some());
    }

    #[test]
    fn bitcode_stack_slots_are_promoted_only_from_entry_blocks() {
        let ctx = Context::create();
        let bitcode = |text: &str| {
            let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "t.ll");
            ctx.create_module_from_ir(buf).unwrap().write_bitcode_to_memory()
        };
        let promoted = load(&ctx, "k.bc", bitcode(OK).as_slice()).unwrap().print_to_string().to_string();
        assert!(!promoted.contains("alloca") && promoted.contains("add i32 %a, 1"), "{promoted}");
        // mem2reg leaves a slot outside the entry block alone: with no other, it is not run
        let late = "define void @k(i32 %a) {\nentry:\n  br label %b\nb:\n  %p = alloca i32\n  store i32 %a, i32* %p\n  ret void\n}\n";
        let kept = load(&ctx, "k.bc", bitcode(late).as_slice()).unwrap().print_to_string().to_string();
        assert!(kept.contains("alloca") && kept.contains("store i32 %a"), "{kept}");
        assert!(!has_entry_alloca(&load(&ctx, "k.bc", bitcode(late).as_slice()).unwrap()));
    }

    #[test]
    fn source_map_finds_definitions() {
        let sm = SourceMap::new(OK);
        assert_eq!(sm.function("k"), Some((1, 23)));
        assert_eq!(sm.instruction("k", "%y", &|_| true), Some((6, 3)));
        assert_eq!(sm.instruction("k", "store i32 %a, i32* %p, align 4", &|_| true), Some((4, 3)));
        assert_eq!(sm.instruction("k", "store i32 %a, i32* %p", &|_| true), Some((4, 3)));
        let md = SourceMap::new(
            "define dllexport void @k2() {\n}\n!genx.kernels = !{!0, !1}\n!0 = !{void ()* @k2, !\"k2\"}\n!1 = !{void ()* @k, !\"x\"}\n",
        );
        assert_eq!(md.kernel_node(Some("k")), Some((5, 1)));
        assert_eq!(md.kernel_node(Some("k2")), Some((4, 1)));
        assert_eq!(md.kernel_node(Some("x")), Some((5, 1)));
        assert_eq!(md.kernel_node(None), Some((3, 1)));
        assert_eq!(SourceMap::new(OK).kernel_node(Some("k")), Some((1, 23)));
        let g = SourceMap::new("@g = global i32 0\n");
        assert_eq!(g.global("g"), Some((1, 1)));
    }
}
