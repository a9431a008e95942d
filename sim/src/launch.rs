//! What a kernel is run with: the grid (thread groups and threads per group), the value of each
//! explicit argument, and the buffers behind them.
//!
//! Both executors describe their kernel's explicit arguments as a list of [`ArgSpec`]s (the vISA
//! side from its `.input`s in offset order, the reference from the `genx.kernels` metadata) and
//! build the launch with [`Launch::random`], so the same seed gives both the same argument values
//! and the same buffer contents. The binding rule is fixed here: the `k`-th surface argument is
//! bound at binding-table index `bti_base + k`, the `k`-th pointer argument (an 8-byte general
//! argument) points at the start of an SVM buffer at [`svm_base`]`(k)`.
//!
//! Random values are chosen so kernels do meaningful work: integer scalar arguments are small
//! (0..16: they are often counts, strides and offsets), float arguments lie in [-8, 8), and
//! buffers are filled with random bytes, where for float views every 4-byte word is a float in
//! [-64, 64) so arithmetic does not degenerate to NaN patterns.

use crate::error::SimError;
use crate::memory::{BufferKind, Bytes, Memory};

/// The kind of one explicit kernel argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgSpec {
    /// A surface (buffer or image), bound in the binding table.
    Surface,
    /// A bindless buffer: the payload holds its surface-state offset (the launch's surface at
    /// binding-table index `i` has its surface state at `i * SURFACE_STATE_BYTES`).
    BindlessSurface,
    /// A sampler.
    Sampler,
    /// A 64-bit address of an SVM buffer.
    Pointer,
    /// A plain value of `size` bytes made of elements of `elem` bytes.
    Value {
        /// Total bytes.
        size: u32,
        /// Bytes per element (1, 2, 4, 8).
        elem: u32,
        /// Floating-point elements.
        float: bool,
    },
    /// An `i1` or `<N x i1>` value: one byte per lane, each 0 or 1 (the kernel reads bit 0).
    Bool {
        /// Lanes (bytes).
        lanes: u32,
    },
}

/// The value an argument is bound to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// Plain bytes (little-endian).
    Bytes(Vec<u8>),
    /// A surface's binding-table index.
    Surface(u32),
    /// A sampler index.
    Sampler(u32),
    /// An SVM address.
    Pointer(u64),
}

impl ArgValue {
    /// The bytes the argument occupies in the thread payload (`size` of them).
    pub fn payload(&self, size: usize) -> Vec<u8> {
        let mut v = match self {
            ArgValue::Bytes(b) => b.clone(),
            ArgValue::Surface(i) | ArgValue::Sampler(i) => i.to_le_bytes().to_vec(),
            ArgValue::Pointer(a) => a.to_le_bytes().to_vec(),
        };
        v.resize(size, 0);
        v
    }
}

/// The ids of one thread of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadIds {
    /// Its group's id (x, y, z).
    pub group: [u32; 3],
    /// Its id inside the group (x, y, z).
    pub local: [u32; 3],
}

/// A whole launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// Thread groups in x, y, z.
    pub groups: [u32; 3],
    /// Threads per group in x, y, z.
    pub group_size: [u32; 3],
    /// Explicit argument values, in argument order.
    pub args: Vec<ArgValue>,
    /// Bytes of shared local memory per group.
    pub slm_size: u32,
    /// Instructions one thread may execute before the run is stopped as non-terminating.
    pub step_limit: u64,
}

/// The most threads a launch may have in the simulators.
pub const MAX_THREADS: u32 = 1 << 20;
/// The most shared local memory per group a launch may have in the simulators (16 MiB, far
/// beyond any GPU's).
pub const MAX_SLM_BYTES: u32 = 16 << 20;

/// Bytes of one surface state in the simulators' bindless surface-state heap: the surface a
/// launch binds at index `i` is the bindless surface at offset `i * SURFACE_STATE_BYTES`.
pub const SURFACE_STATE_BYTES: u32 = 64;

/// Bytes of each surface and SVM buffer a random launch creates.
pub const BUFFER_BYTES: u32 = 64 * 1024;
/// The 2D view of a random surface: rows of this many bytes (width = pitch).
pub const SURFACE_PITCH: u32 = 256;

/// The address of the private (stack) memory a kernel's private base argument points at: below
/// the SVM buffers of the pointer arguments.
pub const PRIVATE_BASE: u64 = 0x0F_0000_0000;
/// Bytes of private memory each thread of a group gets (genxc's default
/// `-stateless-stack-mem-size`): a kernel compiled for more runs past the buffer, a fault.
pub const PRIVATE_BYTES_PER_THREAD: u32 = 8192;

/// The hardware thread slot the simulators give a thread (the low bits of its `%sr0`): its
/// linear index in its group (groups run one after another, so the threads of a group are the
/// ones that run at once).
pub fn hw_thread_slot(launch: &Launch, ids: ThreadIds) -> u32 {
    let [sx, sy, _] = launch.group_size;
    ids.local[0] + sx * (ids.local[1] + sy * ids.local[2])
}

/// Adds the private memory of `launch` to `memory` (once): [`PRIVATE_BYTES_PER_THREAD`] bytes
/// for each thread of a group at [`PRIVATE_BASE`], undefined until written. Groups of more than
/// [`MAX_PRIVATE_THREADS`] threads are not modeled.
pub fn add_private_memory(launch: &Launch, memory: &mut Memory) -> Result<(), SimError> {
    if memory.buffers.iter().any(|b| b.kind == BufferKind::Svm { base: PRIVATE_BASE }) {
        return Ok(());
    }
    let threads = launch.threads_per_group();
    if threads > MAX_PRIVATE_THREADS {
        return Err(SimError::NotModeled(format!(
            "private memory for groups of {threads} threads (at most {MAX_PRIVATE_THREADS} are simulated)"
        )));
    }
    let bytes = threads * PRIVATE_BYTES_PER_THREAD as usize;
    memory.add("private memory", BufferKind::Svm { base: PRIVATE_BASE }, Bytes::undefined(bytes));
    Ok(())
}

/// The most threads per group whose private memory the simulators model.
pub const MAX_PRIVATE_THREADS: usize = 1024;

/// The address of the `k`-th pointer argument's buffer.
pub fn svm_base(k: usize) -> u64 {
    0x10_0000_0000 + (k as u64) * 0x1_0000_0000
}

/// A small deterministic generator (SplitMix64): the same seed gives the same launch everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A value in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    /// A float in [lo, hi) on a grid of 1/16 (exact in half, float and double).
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        let steps = ((hi - lo) * 16.0) as u64;
        lo + self.below(steps) as f64 / 16.0
    }
}

fn random_value(rng: &mut Rng, size: u32, elem: u32, float: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(size as usize);
    let elem = elem.clamp(1, 8);
    for _ in 0..size.div_ceil(elem) {
        let bits: u64 = match (float, elem) {
            (true, 2) => u64::from(half::f16::from_f64(rng.float(-8.0, 8.0)).to_bits()),
            (true, 4) => u64::from((rng.float(-8.0, 8.0) as f32).to_bits()),
            (true, 8) => rng.float(-8.0, 8.0).to_bits(),
            _ => rng.below(16),
        };
        out.extend_from_slice(&bits.to_le_bytes()[..elem as usize]);
    }
    out.truncate(size as usize);
    out
}

/// What random buffers hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Fill {
    /// Random words, each either a float in [-64, 64) or 32 random bits.
    #[default]
    Mixed,
    /// Words in 0..64: for kernels whose loops count data down.
    SmallIntegers,
}

/// Random buffer contents.
fn random_buffer(rng: &mut Rng, len: u32, fill: Fill) -> Bytes {
    let mut data = Vec::with_capacity(len as usize);
    while data.len() < len as usize {
        let w = if fill == Fill::SmallIntegers {
            rng.below(64) as u32
        } else if rng.below(2) == 0 {
            (rng.float(-64.0, 64.0) as f32).to_bits()
        } else {
            rng.next_u64() as u32
        };
        data.extend_from_slice(&w.to_le_bytes());
    }
    data.truncate(len as usize);
    Bytes::defined(data)
}

impl Launch {
    /// A launch of `groups` x `group_size` threads with random arguments and buffers for `specs`
    /// from `seed`; returns it with the memory holding the buffers (surfaces, then SVM buffers,
    /// in argument order, then the SLM if `slm_size` > 0).
    pub fn random(
        specs: &[ArgSpec],
        seed: u64,
        bti_base: u32,
        groups: [u32; 3],
        group_size: [u32; 3],
        slm_size: u32,
    ) -> (Launch, Memory) {
        Launch::random_filled(specs, seed, bti_base, groups, group_size, slm_size, Fill::Mixed)
    }

    /// [`Launch::random`] with buffers filled as `fill` says.
    pub fn random_filled(
        specs: &[ArgSpec],
        seed: u64,
        bti_base: u32,
        groups: [u32; 3],
        group_size: [u32; 3],
        slm_size: u32,
        fill: Fill,
    ) -> (Launch, Memory) {
        let mut rng = Rng::new(seed);
        let mut memory = Memory::default();
        let mut args = Vec::with_capacity(specs.len());
        let (mut surfaces, mut samplers, mut pointers) = (0u32, 0u32, 0usize);
        for (i, spec) in specs.iter().enumerate() {
            args.push(match *spec {
                ArgSpec::Surface | ArgSpec::BindlessSurface => {
                    let bti = bti_base + surfaces;
                    surfaces += 1;
                    let kind = BufferKind::Surface {
                        bti,
                        width: SURFACE_PITCH,
                        height: BUFFER_BYTES / SURFACE_PITCH,
                        pitch: SURFACE_PITCH,
                    };
                    memory.add(
                        format!("arg {i} (surface)"),
                        kind,
                        random_buffer(&mut rng, BUFFER_BYTES, fill),
                    );
                    if *spec == ArgSpec::BindlessSurface {
                        ArgValue::Bytes(bti.wrapping_mul(SURFACE_STATE_BYTES).to_le_bytes().to_vec())
                    } else {
                        ArgValue::Surface(bti)
                    }
                }
                ArgSpec::Sampler => {
                    samplers += 1;
                    ArgValue::Sampler(samplers - 1)
                }
                ArgSpec::Pointer => {
                    let base = svm_base(pointers);
                    pointers += 1;
                    memory.add(
                        format!("arg {i} (svm)"),
                        BufferKind::Svm { base },
                        random_buffer(&mut rng, BUFFER_BYTES, fill),
                    );
                    ArgValue::Pointer(base)
                }
                ArgSpec::Value { size, elem, float } => {
                    ArgValue::Bytes(random_value(&mut rng, size, elem, float))
                }
                ArgSpec::Bool { lanes } => ArgValue::Bytes((0..lanes).map(|_| rng.below(2) as u8).collect()),
            });
        }
        if slm_size > 0 {
            memory.add("slm", BufferKind::Slm, Bytes::undefined(slm_size as usize));
        }
        let launch = Launch { groups, group_size, args, slm_size, step_limit: 1_000_000 };
        (launch, memory)
    }

    /// Moves the surface arguments to other binding-table indices: the `k`-th surface argument
    /// (in argument order) and its buffer in `memory` go to `btis[k]`. For a compiler whose
    /// binding rule is not "in argument order from a base" (Intel's VC binds read-only surfaces
    /// first). The indices must be distinct and there must be one per surface argument.
    pub fn rebind_surfaces(&mut self, memory: &mut Memory, btis: &[u32]) -> Result<(), SimError> {
        let surfaces = self.args.iter().filter(|a| matches!(a, ArgValue::Surface(_))).count();
        if btis.len() != surfaces {
            return Err(SimError::Malformed(format!(
                "{} binding-table indices for {surfaces} surface arguments",
                btis.len()
            )));
        }
        if (1..btis.len()).any(|i| btis[..i].contains(&btis[i])) {
            return Err(SimError::Malformed(format!("binding-table indices {btis:?} are not distinct")));
        }
        let old: Vec<u32> = self
            .args
            .iter()
            .filter_map(|a| if let ArgValue::Surface(b) = a { Some(*b) } else { None })
            .collect();
        let ids: Vec<_> = old
            .iter()
            .map(|&b| {
                memory
                    .surface(b)
                    .ok_or_else(|| SimError::Malformed(format!("no buffer at binding-table index {b}")))
            })
            .collect::<Result<_, _>>()?;
        let mut k = 0;
        for a in &mut self.args {
            if let ArgValue::Surface(b) = a {
                *b = btis[k];
                if let BufferKind::Surface { bti, .. } = &mut memory.buffers[ids[k]].kind {
                    *bti = btis[k];
                }
                k += 1;
            }
        }
        Ok(())
    }

    /// Every thread of the launch in execution order: groups in x, then y, then z order, and
    /// inside a group threads in local x, y, z order.
    pub fn threads(&self) -> Vec<ThreadIds> {
        let mut out = Vec::new();
        for gz in 0..self.groups[2] {
            for gy in 0..self.groups[1] {
                for gx in 0..self.groups[0] {
                    for lz in 0..self.group_size[2] {
                        for ly in 0..self.group_size[1] {
                            for lx in 0..self.group_size[0] {
                                out.push(ThreadIds { group: [gx, gy, gz], local: [lx, ly, lz] });
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Threads per group (saturating: [`Launch::check_size`] refuses launches that large).
    pub fn threads_per_group(&self) -> usize {
        self.group_size.iter().fold(1usize, |acc, &n| acc.saturating_mul(n as usize))
    }

    /// Refuses a launch of more than [`MAX_THREADS`] threads (or [`MAX_SLM_BYTES`] of shared
    /// local memory): the simulator would run out of memory listing them or never finish.
    pub fn check_size(&self) -> Result<(), SimError> {
        let total =
            self.groups.iter().chain(&self.group_size).fold(1u64, |acc, &n| acc.saturating_mul(u64::from(n)));
        if total > u64::from(MAX_THREADS) {
            return Err(SimError::NotModeled(format!(
                "a launch of groups {:?} of {:?} threads (at most {MAX_THREADS} threads are simulated)",
                self.groups, self.group_size
            )));
        }
        if self.slm_size > MAX_SLM_BYTES {
            return Err(SimError::NotModeled(format!(
                "{} bytes of shared local memory (at most {MAX_SLM_BYTES} are simulated)",
                self.slm_size
            )));
        }
        Ok(())
    }
}
