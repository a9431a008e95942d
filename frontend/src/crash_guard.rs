//! The command's guard against LLVM crashing on a malformed input it reads.
//!
//! LLVM's readers assume well-formed input beyond what they check: on some malformed bitcode its
//! metadata loader dereferences a value that does not exist (a segmentation fault), or asks for
//! an allocation of a size the input made up (LLVM then reports it is out of memory and aborts).
//! No in-process recovery is possible, so a program that may end there, the `genxc` command,
//! installs [`exit_on_llvm_reader_crash`] first thing: a crash on a thread while LLVM reads an
//! input there ([`while_reading`]) then prints `error: FILE: invalid LLVM bitcode: LLVM crashed
//! reading it (SIGSEGV)` (or `... ran out of memory reading it`) and exits with code 1, writing
//! no output (outputs are written once every input compiled). A crash anywhere else keeps what it
//! did before: the previous handler runs (Rust's stack overflow report, or the default action).
//! The library never installs it: a library cannot end its caller's process.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// What this thread's LLVM is reading, for the message of a crash: the input's name and its kind
/// (a signal handler may not format or allocate: it writes the pieces).
#[derive(Clone, Copy)]
struct Reading {
    file: *const u8,
    file_len: usize,
    kind: &'static str,
}

thread_local! {
    /// The input this thread's LLVM is reading, if any.
    static READING: Cell<Option<Reading>> = const { Cell::new(None) };
}

/// Whether the command installed the guard (without it, readings prepare no message).
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// The signals a crash in LLVM raises: faults, and the abort of an assertion or `abort()`.
const SIGNALS: [libc::c_int; 5] = [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE, libc::SIGABRT];

/// The handlers installed before the guard's, by signal number, restored for a crash outside a
/// reading.
static mut PREVIOUS: [Option<libc::sigaction>; 32] = [None; 32];

extern "C" {
    fn genxc_install_bad_alloc_handler(handler: extern "C" fn(*const std::os::raw::c_char));
}

/// Whether the guard is installed (the `genxc` command): LLVM's failures on malformed input are
/// then reported rather than fatal, and the library's checks against them are left out.
pub fn installed() -> bool {
    INSTALLED.load(Ordering::Relaxed)
}

/// Runs `read` (LLVM reading the input `file`, of kind `kind`: "LLVM bitcode" or "LLVM IR") so
/// that, when the guard is installed, a crash inside it is reported as that input's error.
pub fn while_reading<T>(file: &str, kind: &'static str, read: impl FnOnce() -> T) -> T {
    if !INSTALLED.load(Ordering::Relaxed) {
        return read();
    }
    let now = Reading { file: file.as_ptr(), file_len: file.len(), kind };
    let previous = READING.with(|r| r.replace(Some(now)));
    /// Restores the thread's previous reading when this one ends, however it ends.
    struct Restore(Option<Reading>);
    impl Drop for Restore {
        fn drop(&mut self) {
            READING.with(|r| r.set(self.0));
        }
    }
    let _restore = Restore(previous);
    read()
}

/// Writes `error: FILE: invalid KIND: LLVM ` for the reading `r`, as a signal handler may.
fn write_head(r: Reading) {
    write_stderr(b"error: ");
    // SAFETY: the name lives until the reading that set it ends, which it has not.
    write_stderr(unsafe { std::slice::from_raw_parts(r.file, r.file_len) });
    write_stderr(b": invalid ");
    write_stderr(r.kind.as_bytes());
    write_stderr(b": LLVM ");
}

/// Writes `bytes` to standard error, as a signal handler may.
fn write_stderr(bytes: &[u8]) {
    // SAFETY: writing a live buffer to file descriptor 2.
    unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
}

extern "C" fn on_signal(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    if let Some(r) = READING.with(Cell::get) {
        write_head(r);
        write_stderr(match signal {
            libc::SIGSEGV => b"crashed reading it (SIGSEGV)\n",
            libc::SIGBUS => b"crashed reading it (SIGBUS)\n",
            libc::SIGILL => b"crashed reading it (SIGILL)\n",
            libc::SIGFPE => b"crashed reading it (SIGFPE)\n",
            _ => b"crashed reading it (SIGABRT)\n",
        });
        // SAFETY: ends the process at once, as a signal handler may.
        unsafe { libc::_exit(1) };
    }
    // Not a reading: the previous handler's action. A fault raised by an instruction happens again
    // when this returns, and `abort()` raises its signal again once a handler returns.
    // SAFETY: PREVIOUS was written before any handler was installed and is only read since.
    let previous = unsafe { (*std::ptr::addr_of!(PREVIOUS)).get(signal as usize).copied().flatten() };
    match previous {
        Some(action) => {
            let handler = action.sa_sigaction;
            if action.sa_flags & libc::SA_SIGINFO != 0 && handler != libc::SIG_DFL && handler != libc::SIG_IGN
            {
                // SAFETY: the handler was installed with SA_SIGINFO: it takes these arguments.
                let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                    unsafe { std::mem::transmute(handler) };
                f(signal, info, context);
            } else {
                // SAFETY: reinstalling the action that was there before.
                unsafe { libc::sigaction(signal, &action, std::ptr::null_mut()) };
            }
        }
        None => {
            // SAFETY: the default action for the signal.
            unsafe { libc::signal(signal, libc::SIG_DFL) };
        }
    }
}

extern "C" fn on_bad_alloc(reason: *const std::os::raw::c_char) {
    if let Some(r) = READING.with(Cell::get) {
        write_head(r);
        write_stderr(b"ran out of memory reading it\n");
    } else {
        write_stderr(b"error: LLVM ran out of memory");
        if !reason.is_null() {
            // SAFETY: LLVM passes a NUL-terminated reason.
            let reason = unsafe { std::ffi::CStr::from_ptr(reason) };
            write_stderr(b": ");
            write_stderr(reason.to_bytes());
        }
        write_stderr(b"\n");
    }
    // SAFETY: ends the process at once (LLVM's handler must not return).
    unsafe { libc::_exit(1) };
}

/// Installs the guard (see the module documentation): for the `genxc` command, once, before it
/// starts any thread that reads.
pub fn exit_on_llvm_reader_crash() {
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return;
    }
    for signal in SIGNALS {
        // SAFETY: sigaction with zeroed structures filled as the C API documents; PREVIOUS is
        // written here only, before the handlers that read it can run.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            let mut new: libc::sigaction = std::mem::zeroed();
            new.sa_sigaction = on_signal as *const () as usize;
            // on the thread's alternate stack (Rust's threads have one): a stack overflow too
            new.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut new.sa_mask);
            if libc::sigaction(signal, &new, &mut old) == 0 {
                (*std::ptr::addr_of_mut!(PREVIOUS))[signal as usize] = Some(old);
            }
        }
    }
    // SAFETY: installs a handler that never returns into LLVM.
    unsafe { genxc_install_bad_alloc_handler(on_bad_alloc) };
}
