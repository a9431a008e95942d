//! The LSC messages (DG2, MTL, PVC): not yet modeled.

use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use crate::memory::Memory;
use genxc_visa::Inst;

impl Thread {
    /// Executes an LSC message with the lanes of `mask`.
    pub fn lsc(&mut self, _cx: &Ctx, _inst: &Inst, _mask: u32, _mem: &mut Memory) -> Result<(), SimError> {
        Err(SimError::NotModeled("LSC messages".into()))
    }
}
