//! Progress of a compilation, counted in kernel units, for a progress display such as the
//! `genxc` command's bar. The library never draws anything: it tells the observer the process
//! installed (if any) how many units are about to be compiled and when each one is done. Outputs
//! do not depend on whether an observer is installed.

use std::sync::OnceLock;

/// What a progress display is told; called from the worker threads.
pub trait Observer: Send + Sync {
    /// `units` more kernel units are about to be compiled.
    fn add(&self, units: usize);
    /// One kernel unit is done.
    fn done(&self);
}

static OBSERVER: OnceLock<Box<dyn Observer>> = OnceLock::new();

/// Installs the process's observer; only the first call counts (returns whether this one did).
pub fn observe(observer: Box<dyn Observer>) -> bool {
    OBSERVER.set(observer).is_ok()
}

/// `units` kernel units are about to be compiled.
pub(crate) fn add(units: usize) {
    if let Some(o) = OBSERVER.get() {
        o.add(units);
    }
}

/// One kernel unit is done.
pub(crate) fn done() {
    if let Some(o) = OBSERVER.get() {
        o.done();
    }
}
