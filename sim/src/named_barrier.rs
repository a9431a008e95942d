//! Named barriers (`nbarrier.signal id threads` / `nbarrier.wait id`, PVC), shared by the vISA
//! executor and the reference interpreter.
//!
//! A thread group has 32 named barriers. Each goes through phases: a phase completes when as many
//! threads as its signals name have signalled it; the barrier then starts its next phase. A thread
//! that waits on a barrier waits for the phase it signalled (or, when it has not signalled the
//! barrier since its last wait, for the phase in progress) to complete. Threads of a group run
//! one at a time, so a waiting thread stops ([`NamedBarriers::wait_target`]) and is resumed once
//! [`NamedBarriers::completed`] says its phase is over; a group whose live threads all wait on
//! phases that no thread left can complete is reported as a fault ([`NamedBarriers::deadlock`]).

use crate::error::SimError;

/// The number of named barriers of a thread group (ids 0..31).
pub const NAMED_BARRIERS: usize = 32;

/// One barrier's phase in progress.
#[derive(Clone, Copy, Debug, Default)]
struct Phase {
    /// The thread count the phase's signals name (set by its first signal).
    threads: Option<u32>,
    /// The signals so far.
    arrived: u32,
    /// How many phases completed before this one (its number).
    number: u64,
}

/// The named barriers of one thread group.
#[derive(Clone, Debug, Default)]
pub struct NamedBarriers {
    /// Each barrier's phase in progress.
    phases: [Phase; NAMED_BARRIERS],
}

/// A thread's part in the named barriers: the phase of each barrier it signalled and has not
/// waited on yet.
#[derive(Clone, Debug, Default)]
pub struct Signalled {
    /// Per barrier id, the phase signalled since the last wait.
    phase: [Option<u64>; NAMED_BARRIERS],
}

/// Reads a barrier id operand: 0..31.
fn barrier_index(id: u64) -> Result<usize, SimError> {
    usize::try_from(id)
        .ok()
        .filter(|&i| i < NAMED_BARRIERS)
        .ok_or_else(|| SimError::Fault(format!("nbarrier id {id} is not below {NAMED_BARRIERS}")))
}

impl NamedBarriers {
    /// `nbarrier.signal id threads` by a thread whose part is `mine`: the signal counts towards
    /// the barrier's phase in progress, which completes with its `threads`-th signal.
    pub fn signal(&mut self, mine: &mut Signalled, id: u64, threads: u64) -> Result<(), SimError> {
        let i = barrier_index(id)?;
        let threads = u32::try_from(threads)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| SimError::Fault(format!("nbarrier.signal {id} of {threads} threads")))?;
        let p = &mut self.phases[i];
        match p.threads {
            Some(n) if n != threads => {
                return Err(SimError::Fault(format!(
                    "named barrier {id} signalled for {threads} threads in a phase signalled for {n}"
                )));
            }
            _ => p.threads = Some(threads),
        }
        if mine.phase[i] == Some(p.number) {
            return Err(SimError::Fault(format!(
                "a thread signals named barrier {id} twice in one phase (no wait between)"
            )));
        }
        mine.phase[i] = Some(p.number);
        p.arrived += 1;
        if p.arrived == threads {
            *p = Phase { threads: None, arrived: 0, number: p.number + 1 };
        }
        Ok(())
    }

    /// `nbarrier.wait id` by a thread whose part is `mine`: the phase the thread waits for (the
    /// one it signalled, else the one in progress). It may go on once [`Self::completed`].
    pub fn wait_target(&self, mine: &mut Signalled, id: u64) -> Result<(usize, u64), SimError> {
        let i = barrier_index(id)?;
        Ok((i, mine.phase[i].take().unwrap_or(self.phases[i].number)))
    }

    /// Whether phase `phase` of barrier `id` (an index of [`Self::wait_target`]) completed.
    pub fn completed(&self, id: usize, phase: u64) -> bool {
        self.phases.get(id).is_some_and(|p| p.number > phase)
    }

    /// The fault of a group whose live threads all wait, on the (barrier, phase) pairs of
    /// `waits`, and none can go on.
    pub fn deadlock(&self, waits: &[(usize, u64)], live: usize) -> SimError {
        let (id, _) = waits.first().copied().unwrap_or_default();
        let p = self.phases.get(id).copied().unwrap_or_default();
        SimError::Fault(format!(
            "named barrier {id} is never completed: {} of the {} threads it was signalled for \
             signalled it, and the {live} live threads of the group all wait",
            p.arrived,
            p.threads.map_or("?".to_string(), |n| n.to_string()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_completes_with_its_last_signal_and_the_next_one_starts() {
        let mut b = NamedBarriers::default();
        let (mut t0, mut t1) = (Signalled::default(), Signalled::default());
        b.signal(&mut t0, 3, 2).unwrap();
        let w0 = b.wait_target(&mut t0, 3).unwrap();
        assert!(!b.completed(w0.0, w0.1));
        b.signal(&mut t1, 3, 2).unwrap();
        assert!(b.completed(w0.0, w0.1));
        let w1 = b.wait_target(&mut t1, 3).unwrap();
        assert!(b.completed(w1.0, w1.1));
        // the next phase: a wait without a signal waits for it
        let w = b.wait_target(&mut t0, 3).unwrap();
        assert!(!b.completed(w.0, w.1));
    }

    #[test]
    fn bad_ids_counts_and_double_signals_are_faults() {
        let mut b = NamedBarriers::default();
        let mut t = Signalled::default();
        assert!(b.signal(&mut t, 32, 2).is_err());
        assert!(b.signal(&mut t, 0, 0).is_err());
        b.signal(&mut t, 1, 4).unwrap();
        assert!(b.signal(&mut Signalled::default(), 1, 3).is_err());
        assert!(b.signal(&mut t, 1, 4).is_err());
        assert!(b.wait_target(&mut t, 40).is_err());
    }
}
