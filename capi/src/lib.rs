//! The C ABI of genxc: `libgenxc.so`, declared in `include/genxc.h`.
//!
//! A C or C++ runtime creates a compiler handle, compiles bytes held in memory with an ocloc-style
//! option string (`-platform tgllp -emit visaasm,metadata`), then reads the log and the outputs
//! from the handle and frees it. Every entry point catches panics (a caught panic becomes
//! `GENXC_INTERNAL_ERROR` with the message in the log), checks its pointers, and keeps no state a
//! compile's result depends on, so any number of threads may compile at once on their own handles. A handle's state sits
//! behind a mutex and is replaced whole by `genxc_compile`; pointers the getters hand out stay
//! valid until the next `genxc_compile` or `genxc_free` on that handle.
//!
//! The header is written by hand; the test `header.rs` checks that it declares exactly the
//! functions exported here and compiles cleanly as C and C++.

use genxc_driver::genxc_diag::Kind;
use genxc_driver::{compile_bytes, CompileOptions, Emit};
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard};

/// Success.
pub const GENXC_SUCCESS: c_int = 0;
/// The input could not be compiled; the log says why.
pub const GENXC_COMPILE_ERROR: c_int = 1;
/// The option string is wrong; the log says why.
pub const GENXC_INVALID_OPTIONS: c_int = 2;
/// A NULL handle or pointer, or a name that is not UTF-8.
pub const GENXC_INVALID_ARGUMENT: c_int = 3;
/// No output has the name or index asked for.
pub const GENXC_NOT_FOUND: c_int = 4;
/// A bug in genxc was caught; the log has its message.
pub const GENXC_INTERNAL_ERROR: c_int = 5;

/// No error: the last compilation succeeded, or nothing was compiled yet.
pub const GENXC_KIND_NONE: c_int = 0;
/// The input or the options are wrong.
pub const GENXC_KIND_INVALID: c_int = 1;
/// A valid construct genxc does not implement (`unsupported: ...`).
pub const GENXC_KIND_UNSUPPORTED: c_int = 2;
/// The target platform lacks something the input uses (`... is not available on ...`).
pub const GENXC_KIND_NOT_AVAILABLE: c_int = 3;
/// A bug in genxc.
pub const GENXC_KIND_INTERNAL: c_int = 4;

/// The `GENXC_KIND_*` code of a diagnostic kind.
fn kind_code(kind: Kind) -> c_int {
    match kind {
        Kind::Invalid => GENXC_KIND_INVALID,
        Kind::Unsupported => GENXC_KIND_UNSUPPORTED,
        Kind::NotAvailable => GENXC_KIND_NOT_AVAILABLE,
        Kind::Internal => GENXC_KIND_INTERNAL,
    }
}

/// One output as C sees it: NUL-terminated name and kind, contents followed by a NUL byte that
/// the size does not count (so text outputs are C strings too).
struct COutput {
    name: CString,
    kind: &'static CStr,
    data: Vec<u8>,
}

/// What the last compilation on a handle left.
#[derive(Default)]
struct State {
    log: CString,
    /// The `GENXC_KIND_*` of the first error.
    error_kind: c_int,
    outputs: Vec<COutput>,
}

/// The opaque handle `genxc_compiler` of the header.
pub struct Compiler {
    state: Mutex<State>,
}

impl Compiler {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while the lock was held cannot leave the state half-written: it is replaced whole.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A C string from text that may hold NUL characters (shown as `\0`).
fn c_string(text: &str) -> CString {
    CString::new(text.replace('\0', "\\0")).unwrap_or_default()
}

fn kind_name(kind: Emit) -> &'static CStr {
    match kind {
        Emit::Visaasm => c"visaasm",
        Emit::Isa => c"isa",
        Emit::Llvm => c"llvm",
        Emit::Legalized => c"legalized",
        Emit::Metadata => c"metadata",
        Emit::Zebin => c"zebin",
    }
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Runs `f`, turning a panic into `on_panic`.
fn guard<T>(on_panic: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(on_panic)
}

/// The handle behind a pointer, or `None` for NULL.
///
/// # Safety
/// `p` is NULL or a handle from `genxc_create` that was not freed.
unsafe fn handle<'a>(p: *const Compiler) -> Option<&'a Compiler> {
    // SAFETY: the caller's contract.
    unsafe { p.as_ref() }
}

/// A UTF-8 string argument, or the message saying what is wrong with it.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string.
unsafe fn utf8_arg<'a>(p: *const c_char, what: &str) -> Result<Option<&'a str>, String> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: the caller's contract.
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str().map(Some).map_err(|_| format!("error: the {what} is not valid UTF-8"))
}

/// The version of genxc, e.g. `"0.1.0"`; a static string.
#[no_mangle]
pub extern "C" fn genxc_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Creates a compiler handle; NULL only when memory is exhausted.
#[no_mangle]
pub extern "C" fn genxc_create() -> *mut Compiler {
    guard(std::ptr::null_mut(), || Box::into_raw(Box::new(Compiler { state: Mutex::new(State::default()) })))
}

/// Frees a handle and everything it handed out; NULL is ignored.
///
/// # Safety
/// `compiler` is NULL or a handle from `genxc_create` that was not freed, and no other thread uses it.
#[no_mangle]
pub unsafe extern "C" fn genxc_free(compiler: *mut Compiler) {
    guard((), || {
        if !compiler.is_null() {
            // SAFETY: the caller's contract: the pointer came from Box::into_raw in genxc_create.
            drop(unsafe { Box::from_raw(compiler) });
        }
    })
}

/// Compiles `size` bytes at `data`, named `name` in diagnostics, with an option string (NULL for
/// the defaults); replaces the log and outputs of the handle.
///
/// # Safety
/// `compiler` is NULL or a live handle; `name` and `options` are NULL or NUL-terminated strings;
/// `data` is NULL (then `size` must be 0) or points to `size` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn genxc_compile(
    compiler: *mut Compiler,
    name: *const c_char,
    data: *const c_void,
    size: usize,
    options: *const c_char,
) -> c_int {
    // SAFETY: the caller's contract.
    let Some(c) = (unsafe { handle(compiler) }) else { return GENXC_INVALID_ARGUMENT };
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract for each pointer.
        let name = match unsafe { utf8_arg(name, "input name") } {
            Ok(Some(n)) => n,
            Ok(None) => {
                return (
                    GENXC_INVALID_ARGUMENT,
                    "error: the input name is NULL\n".into(),
                    None,
                    Some(Kind::Invalid),
                )
            }
            Err(msg) => return (GENXC_INVALID_ARGUMENT, msg + "\n", None, Some(Kind::Invalid)),
        };
        let bytes: &[u8] = if size == 0 {
            &[]
        } else if data.is_null() {
            return (
                GENXC_INVALID_ARGUMENT,
                format!("error: {name}: the input is NULL but {size} bytes long\n"),
                None,
                Some(Kind::Invalid),
            );
        } else {
            // SAFETY: the caller's contract: `data` points to `size` readable bytes.
            unsafe { std::slice::from_raw_parts(data.cast::<u8>(), size) }
        };
        // SAFETY: the caller's contract.
        let opts = match unsafe { utf8_arg(options, "option string") } {
            Ok(text) => CompileOptions::parse(text.unwrap_or("")),
            Err(msg) => return (GENXC_INVALID_ARGUMENT, msg + "\n", None, Some(Kind::Invalid)),
        };
        let opts = match opts {
            Ok(o) => o,
            Err(d) => return (GENXC_INVALID_OPTIONS, format!("{d}\n"), None, Some(d.kind)),
        };
        let outcome = compile_bytes(name, bytes, &opts);
        let Some(error) = outcome.diagnostics.iter().find(|d| d.is_error()) else {
            return (GENXC_SUCCESS, outcome.log(), Some(outcome.outputs), None);
        };
        let kind = error.kind;
        (GENXC_COMPILE_ERROR, outcome.log(), Some(outcome.outputs), Some(kind))
    }));
    let (status, log, outputs, kind) = result.unwrap_or_else(|payload| {
        let msg = format!("error: internal compiler error: {}\n", panic_message(payload.as_ref()));
        (GENXC_INTERNAL_ERROR, msg, None, Some(Kind::Internal))
    });
    guard(GENXC_INTERNAL_ERROR, || {
        let outputs = outputs
            .unwrap_or_default()
            .into_iter()
            .map(|o| {
                let mut data = o.bytes;
                data.push(0);
                COutput { name: c_string(&o.name), kind: kind_name(o.kind), data }
            })
            .collect();
        *c.state() =
            State { log: c_string(&log), error_kind: kind.map_or(GENXC_KIND_NONE, kind_code), outputs };
        status
    })
}

/// The diagnostics of the last compilation, one per line (`file:line:col: error: ...`), as a
/// NUL-terminated UTF-8 string; empty when there were none; NULL only for a NULL handle.
///
/// # Safety
/// `compiler` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn genxc_get_log(compiler: *const Compiler) -> *const c_char {
    // SAFETY: the caller's contract.
    let Some(c) = (unsafe { handle(compiler) }) else { return std::ptr::null() };
    guard(std::ptr::null(), || c.state().log.as_ptr())
}

/// The `GENXC_KIND_*` of the first error of the last compilation: what kind of problem stopped it;
/// `GENXC_KIND_NONE` when it succeeded, before any compilation, and for a NULL handle.
///
/// # Safety
/// `compiler` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn genxc_get_error_kind(compiler: *const Compiler) -> c_int {
    // SAFETY: the caller's contract.
    let Some(c) = (unsafe { handle(compiler) }) else { return GENXC_KIND_NONE };
    guard(GENXC_KIND_NONE, || c.state().error_kind)
}

/// How many outputs the last compilation produced (0 after an error or for a NULL handle).
///
/// # Safety
/// `compiler` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn genxc_get_output_count(compiler: *const Compiler) -> usize {
    // SAFETY: the caller's contract.
    let Some(c) = (unsafe { handle(compiler) }) else { return 0 };
    guard(0, || c.state().outputs.len())
}

/// Writes the pointers of one output through every non-NULL out parameter.
///
/// # Safety
/// Each out pointer is NULL or writable.
unsafe fn describe(
    o: &COutput,
    name: *mut *const c_char,
    kind: *mut *const c_char,
    data: *mut *const c_void,
    size: *mut usize,
) {
    // SAFETY: the caller's contract: each pointer is NULL or writable.
    unsafe {
        if !name.is_null() {
            *name = o.name.as_ptr();
        }
        if !kind.is_null() {
            *kind = o.kind.as_ptr();
        }
        if !data.is_null() {
            *data = o.data.as_ptr().cast();
        }
        if !size.is_null() {
            *size = o.data.len() - 1;
        }
    }
}

/// Output number `index` (in the deterministic output order): its file name, its kind
/// (`"visaasm"`, `"isa"`, `"llvm"`, `"legalized"`, `"metadata"`, `"zebin"`), its contents and
/// their size.
/// Any out parameter may be NULL.
///
/// # Safety
/// `compiler` is NULL or a live handle; each out parameter is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn genxc_get_output_at(
    compiler: *const Compiler,
    index: usize,
    name: *mut *const c_char,
    kind: *mut *const c_char,
    data: *mut *const c_void,
    size: *mut usize,
) -> c_int {
    // SAFETY: the caller's contract.
    let Some(c) = (unsafe { handle(compiler) }) else { return GENXC_INVALID_ARGUMENT };
    guard(GENXC_INTERNAL_ERROR, || {
        let state = c.state();
        let Some(o) = state.outputs.get(index) else { return GENXC_NOT_FOUND };
        // SAFETY: the caller's contract on the out parameters.
        unsafe { describe(o, name, kind, data, size) };
        GENXC_SUCCESS
    })
}

/// The output with file name `name` (e.g. `"saxpy.visaasm"`, `"kernels.json"`): its contents and
/// their size. Either out parameter may be NULL.
///
/// # Safety
/// `compiler` is NULL or a live handle; `name` is NULL or a NUL-terminated string; each out
/// parameter is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn genxc_get_output(
    compiler: *const Compiler,
    name: *const c_char,
    data: *mut *const c_void,
    size: *mut usize,
) -> c_int {
    // SAFETY: the caller's contract.
    let Some(c) = (unsafe { handle(compiler) }) else { return GENXC_INVALID_ARGUMENT };
    if name.is_null() {
        return GENXC_INVALID_ARGUMENT;
    }
    guard(GENXC_INTERNAL_ERROR, || {
        // SAFETY: the caller's contract: a NUL-terminated string.
        let wanted = unsafe { CStr::from_ptr(name) };
        let state = c.state();
        let Some(o) = state.outputs.iter().find(|o| o.name.as_c_str() == wanted) else {
            return GENXC_NOT_FOUND;
        };
        // SAFETY: the caller's contract on the out parameters.
        unsafe { describe(o, std::ptr::null_mut(), std::ptr::null_mut(), data, size) };
        GENXC_SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_a_value_and_a_message() {
        assert_eq!(guard(7, || -> i32 { panic!("boom") }), 7);
        let payload = catch_unwind(|| panic!("at {}", 3)).unwrap_err();
        assert_eq!(panic_message(payload.as_ref()), "at 3");
        let payload = catch_unwind(|| std::panic::panic_any(5u8)).unwrap_err();
        assert_eq!(panic_message(payload.as_ref()), "unknown panic");
    }

    #[test]
    fn a_zebin_is_an_output_of_kind_zebin() {
        if std::process::Command::new("GenX_IR").arg("-h").output().is_err() {
            assert!(std::env::var_os("GENXC_REQUIRE_TOOLS").is_none(), "GenX_IR (libigc-tools) is required");
            return;
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/cm/01_saxpy_oword.ll");
        let source = std::fs::read(path).unwrap();
        let c = genxc_create();
        let options = c"-platform dg2 -options \"-vc-codegen -Xfinalizer -noschedule\" -emit zebin";
        // SAFETY: a live handle, NUL-terminated strings, `source.len()` readable bytes
        let status = unsafe {
            genxc_compile(c, c"saxpy.ll".as_ptr(), source.as_ptr().cast(), source.len(), options.as_ptr())
        };
        // SAFETY: a live handle
        let log = unsafe { CStr::from_ptr(genxc_get_log(c)) }.to_string_lossy().into_owned();
        assert_eq!(status, GENXC_SUCCESS, "{log}");
        let (mut name, mut kind, mut data, mut size) =
            (std::ptr::null(), std::ptr::null(), std::ptr::null(), 0);
        // SAFETY: a live handle and writable out parameters
        assert_eq!(
            unsafe { genxc_get_output_at(c, 0, &mut name, &mut kind, &mut data, &mut size) },
            GENXC_SUCCESS
        );
        // SAFETY: the library's NUL-terminated strings and `size` bytes at `data`
        let (name, kind, bytes) = unsafe {
            (CStr::from_ptr(name), CStr::from_ptr(kind), std::slice::from_raw_parts(data.cast::<u8>(), size))
        };
        assert_eq!((name, kind), (c"saxpy.bin", c"zebin"));
        assert_eq!(&bytes[..4], b"\x7fELF");
        // SAFETY: the handle made above, freed once
        unsafe { genxc_free(c) };
    }

    #[test]
    fn logs_with_nul_characters_stay_c_strings() {
        assert_eq!(c_string("a\0b").to_str(), Ok("a\\0b"));
    }
}
