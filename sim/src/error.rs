//! Why a run stopped before its threads ended, shared by both executors.

use std::fmt;

/// A run that could not complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// A construct the executor has no semantics for (never guessed).
    NotModeled(String),
    /// Input that is not a valid kernel (undeclared variable, bad operand).
    Malformed(String),
    /// A thread executed more instructions than the launch allows.
    StepLimit {
        /// The limit.
        limit: u64,
    },
    /// Control flow or an address depends on a value nobody wrote.
    Undefined(String),
    /// The kernel did something the hardware would not do sensibly (a register access outside
    /// its variable, a return with no call, a barrier some threads never reach).
    Fault(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::NotModeled(s) => write!(f, "not modeled by the simulator: {s}"),
            SimError::Malformed(s) => write!(f, "malformed kernel: {s}"),
            SimError::StepLimit { limit } => {
                write!(f, "a thread ran more than {limit} instructions (does it terminate?)")
            }
            SimError::Undefined(s) => write!(f, "undefined value used: {s}"),
            SimError::Fault(s) => write!(f, "fault: {s}"),
        }
    }
}

impl std::error::Error for SimError {}

/// What a completed run reports beside its memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Instructions executed by all threads.
    pub instructions: u64,
    /// Things worth a warning that did not stop the run (reads of unwritten registers, ...),
    /// at most a few dozen kept.
    pub warnings: Vec<String>,
    /// The kernel's output arguments (variables declared `attrs={Input_Output}`) as each thread
    /// left them, in thread order.
    pub outputs: Vec<OutputArg>,
}

/// The bytes an output argument's variable holds when a thread ends: what the caller of a
/// fast-composite kernel reads back from its registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputArg {
    /// The thread: its group id and its id in the group (x, y, z each).
    pub thread: ([u32; 3], [u32; 3]),
    /// The variable's name.
    pub var: String,
    /// Its bytes (`None` where never written).
    pub bytes: Vec<Option<u8>>,
}
