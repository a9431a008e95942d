//! The memory both executors see: surfaces (bound at binding-table indices), SVM buffers (at
//! 64-bit addresses) and the shared local memory of the running thread group, each a byte array
//! with a definedness bit per byte.
//!
//! Accesses follow the hardware's out-of-bounds rule: an access (one element of a message) that
//! does not lie wholly inside its buffer reads zeros and writes nothing, and is recorded as an
//! [`Event`]. An SVM address that falls in no buffer is out of bounds the same way. Buffers are
//! identified by their creation order ([`BufferId`]), which is the argument order of the launch,
//! so two runs of differently compiled kernels can be compared with [`compare`] even when their
//! binding tables differ. Beside the buffers it holds what the sampler needs: surfaces' texel
//! formats and sampler states ([`crate::image`]).

use crate::error::SimError;
use crate::image::{ImageFormat, SamplerState};
use std::fmt;

/// Index of a buffer in [`Memory::buffers`] (creation order).
pub type BufferId = usize;

/// Bytes with a definedness bit each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bytes {
    /// The values.
    pub data: Vec<u8>,
    /// `defined[i]` is false when `data[i]` was never written (its value is meaningless).
    pub defined: Vec<bool>,
}

impl Bytes {
    /// `len` undefined bytes (zero values).
    pub fn undefined(len: usize) -> Bytes {
        Bytes { data: vec![0; len], defined: vec![false; len] }
    }
    /// Defined bytes with the given values.
    pub fn defined(data: Vec<u8>) -> Bytes {
        let defined = vec![true; data.len()];
        Bytes { data, defined }
    }
    /// `len` defined zero bytes.
    pub fn zeros(len: usize) -> Bytes {
        Bytes::defined(vec![0; len])
    }
    /// Number of bytes.
    pub fn len(&self) -> usize {
        self.data.len()
    }
    /// True when there are no bytes.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    /// True when every byte is defined.
    pub fn all_defined(&self) -> bool {
        self.defined.iter().all(|&d| d)
    }
    /// Appends other bytes.
    pub fn extend(&mut self, other: &Bytes) {
        self.data.extend_from_slice(&other.data);
        self.defined.extend_from_slice(&other.defined);
    }
    /// The little-endian value of bytes `at..at + n` (n <= 8) and whether all of them are defined.
    pub fn get(&self, at: usize, n: usize) -> (u64, bool) {
        let mut v = 0u64;
        let mut def = true;
        for i in 0..n {
            v |= u64::from(self.data[at + i]) << (8 * i);
            def &= self.defined[at + i];
        }
        (v, def)
    }
    /// Stores the low `n` bytes of `value` little-endian at `at`, with definedness `def`.
    pub fn set(&mut self, at: usize, n: usize, value: u64, def: bool) {
        for i in 0..n {
            self.data[at + i] = (value >> (8 * i)) as u8;
            self.defined[at + i] = def;
        }
    }
}

/// What a buffer stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    /// A surface bound at a binding-table index. As a 2D image (media block and typed accesses)
    /// its rows are `pitch` bytes apart, `width` bytes and `height` rows of it are inside.
    Surface {
        /// Binding-table index.
        bti: u32,
        /// Row width in bytes (2D view).
        width: u32,
        /// Rows (2D view).
        height: u32,
        /// Bytes from one row to the next (2D view).
        pitch: u32,
    },
    /// An SVM (stateless) buffer starting at a 64-bit address.
    Svm {
        /// Address of the first byte.
        base: u64,
    },
    /// The shared local memory of a thread group.
    Slm,
}

/// One buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buffer {
    /// A name for reports (`arg 2`, `slm`).
    pub name: String,
    /// What it is.
    pub kind: BufferKind,
    /// Its bytes.
    pub bytes: Bytes,
}

/// Where an access goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// The surface at a binding-table index; the address is a byte offset.
    Surface(u32),
    /// Stateless memory; the address is a 64-bit address.
    Svm,
    /// Shared local memory; the address is a byte offset.
    Slm,
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Space::Surface(bti) => write!(f, "surface bti {bti}"),
            Space::Svm => f.write_str("svm"),
            Space::Slm => f.write_str("slm"),
        }
    }
}

/// Something that happened in memory and is worth reporting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An access outside its buffer (reads gave zero, writes were dropped).
    OutOfBounds {
        /// The space accessed.
        space: Space,
        /// The address.
        address: u64,
        /// Bytes.
        len: usize,
        /// A write.
        write: bool,
    },
    /// A read of bytes nobody wrote.
    UndefinedRead {
        /// The space accessed.
        space: Space,
        /// The address.
        address: u64,
        /// Bytes.
        len: usize,
    },
    /// A surface access at a binding-table index no surface is bound to.
    Unbound {
        /// The index.
        bti: u32,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::OutOfBounds { space, address, len, write } => write!(
                f,
                "out-of-bounds {} of {len} bytes at {space} address {address:#x}",
                if *write { "write" } else { "read" }
            ),
            Event::UndefinedRead { space, address, len } => {
                write!(f, "read of {len} unwritten bytes at {space} address {address:#x}")
            }
            Event::Unbound { bti } => write!(f, "access to unbound binding-table index {bti}"),
        }
    }
}

/// All buffers of a launch, and the events seen.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// Buffers in creation order.
    pub buffers: Vec<Buffer>,
    /// Events in the order they happened (at most [`Memory::MAX_EVENTS`] kept).
    pub events: Vec<Event>,
    /// Events not kept: repeats of a kept one, or beyond the first [`Memory::MAX_EVENTS`].
    pub events_dropped: usize,
    /// The float element size (2, 4, 8) the next writes store, 0 for other data: set by the
    /// reference interpreter around its stores so [`compare`] knows which bytes hold floats.
    pub store_float: u8,
    /// Per buffer, per byte: the float element size of the last store there, or 0.
    pub float_tags: Vec<Vec<u8>>,
    /// Texel formats of surfaces read by the sampler, by buffer; others are `R32_FLOAT`.
    pub image_formats: Vec<(BufferId, ImageFormat)>,
    /// Sampler states by sampler index; others filter nearest and clamp.
    pub sampler_states: Vec<(u32, SamplerState)>,
    /// The data symbols the loader placed ([`Memory::place_globals`]): name and address, which
    /// `faddr "symbol"` (and the reference's global address) gives.
    pub symbols: Vec<(String, u64)>,
}

/// Where [`Memory::place_globals`] puts the first global of the data section (beyond the SVM
/// buffers of the arguments).
pub const GLOBALS_BASE: u64 = 0x7000_0000_0000;

/// The alignment of every placed global at least (a cache line), so one global's accesses never
/// share a line with another's.
const GLOBAL_MIN_ALIGN: u64 = 64;

impl Memory {
    /// How many events are kept.
    pub const MAX_EVENTS: usize = 64;

    /// Adds a buffer and returns its id.
    pub fn add(&mut self, name: impl Into<String>, kind: BufferKind, bytes: Bytes) -> BufferId {
        self.buffers.push(Buffer { name: name.into(), kind, bytes });
        self.buffers.len() - 1
    }

    /// Places the globals of a data section as the loader does: each an SVM buffer (named
    /// `global @name`) at increasing aligned addresses from [`GLOBALS_BASE`], holding its
    /// initializer with every relocation resolved to the address of the global it names. A
    /// relocation to a function (whose address the two executors number differently) or to an
    /// unknown symbol is refused as not modeled.
    pub fn place_globals(
        &mut self,
        globals: &[genxc_genx::data_section::DataGlobal],
    ) -> Result<(), SimError> {
        let mut next = GLOBALS_BASE;
        let mut placed = Vec::with_capacity(globals.len());
        for g in globals {
            let align = g.align.max(GLOBAL_MIN_ALIGN);
            if !align.is_power_of_two() || g.size > u64::from(u32::MAX) {
                return Err(SimError::NotModeled(format!(
                    "global @{} of {} bytes aligned to {}",
                    g.name, g.size, g.align
                )));
            }
            let at = next.div_ceil(align) * align;
            placed.push((g.name.clone(), at));
            next = at + g.size.max(1);
        }
        let address_of = |s: &str| placed.iter().find(|(n, _)| n == s).map(|&(_, a)| a);
        for (g, &(_, at)) in globals.iter().zip(&placed) {
            let bytes = g.resolved(address_of).map_err(|e| SimError::NotModeled(format!("{e} (not modeled by the simulator: the address of a function or of a symbol outside the data section in a global's initializer)")))?;
            self.add(format!("global @{}", g.name), BufferKind::Svm { base: at }, Bytes::defined(bytes));
        }
        self.symbols.extend(placed);
        Ok(())
    }

    /// The address of data symbol `name` ([`Memory::place_globals`]).
    pub fn symbol(&self, name: &str) -> Option<u64> {
        self.symbols.iter().find(|(n, _)| n == name).map(|&(_, a)| a)
    }

    /// Records an event.
    pub fn record(&mut self, e: Event) {
        // The same event again (a loop touching the same unbound surface) is only counted.
        if self.events.len() < Self::MAX_EVENTS && !self.events.contains(&e) {
            self.events.push(e);
        } else {
            self.events_dropped += 1;
        }
    }

    /// Makes the shared local memory undefined again (a new thread group starts).
    pub fn reset_slm(&mut self) {
        for b in &mut self.buffers {
            if b.kind == BufferKind::Slm {
                let n = b.bytes.len();
                b.bytes = Bytes::undefined(n);
            }
        }
    }

    /// The buffer a space addresses, and the byte offset of `address` in it (`None` when no
    /// buffer is there; an SVM address resolves to the buffer whose range holds it).
    pub fn resolve(&self, space: Space, address: u64) -> Option<(BufferId, u64)> {
        self.buffers.iter().enumerate().find_map(|(id, b)| match (space, b.kind) {
            (Space::Surface(bti), BufferKind::Surface { bti: b_bti, .. }) if bti == b_bti => {
                Some((id, address))
            }
            (Space::Slm, BufferKind::Slm) => Some((id, address)),
            (Space::Svm, BufferKind::Svm { base })
                if address >= base && address - base < b.bytes.len() as u64 =>
            {
                Some((id, address - base))
            }
            _ => None,
        })
    }

    /// The buffer bound at a binding-table index.
    pub fn surface(&self, bti: u32) -> Option<BufferId> {
        self.resolve(Space::Surface(bti), 0).map(|(id, _)| id)
    }

    /// Reads `len` bytes (one element of a message). Out of bounds: zeros, recorded. Unwritten
    /// bytes come back undefined and are recorded.
    pub fn read(&mut self, space: Space, address: u64, len: usize) -> Bytes {
        match self.locate(space, address, len, false) {
            Some((id, off)) => {
                let b = &self.buffers[id].bytes;
                let r = Bytes {
                    data: b.data[off..off + len].to_vec(),
                    defined: b.defined[off..off + len].to_vec(),
                };
                if !r.all_defined() {
                    self.record(Event::UndefinedRead { space, address, len });
                }
                r
            }
            None => Bytes::zeros(len),
        }
    }

    /// Writes bytes (one element of a message). Out of bounds: dropped, recorded.
    pub fn write(&mut self, space: Space, address: u64, bytes: &Bytes) {
        if let Some((id, off)) = self.locate(space, address, bytes.len(), true) {
            let b = &mut self.buffers[id].bytes;
            b.data[off..off + bytes.len()].copy_from_slice(&bytes.data);
            b.defined[off..off + bytes.len()].copy_from_slice(&bytes.defined);
            let len = b.data.len();
            if self.float_tags.len() <= id {
                self.float_tags.resize(id + 1, Vec::new());
            }
            let tags = &mut self.float_tags[id];
            if tags.len() != len {
                tags.resize(len, 0);
            }
            tags[off..off + bytes.len()].fill(self.store_float);
        }
    }

    /// Reads a little-endian value of `n` bytes (n <= 8) and whether it is defined.
    pub fn read_value(&mut self, space: Space, address: u64, n: usize) -> (u64, bool) {
        self.read(space, address, n).get(0, n)
    }

    /// Writes a little-endian value of `n` bytes (n <= 8).
    pub fn write_value(&mut self, space: Space, address: u64, n: usize, value: u64, def: bool) {
        let mut b = Bytes::zeros(n);
        b.set(0, n, value, def);
        self.write(space, address, &b);
    }

    /// Sets the texel format of a surface's 2D view as the sampler reads it.
    pub fn set_image_format(&mut self, id: BufferId, format: ImageFormat) {
        self.image_formats.retain(|(b, _)| *b != id);
        self.image_formats.push((id, format));
    }

    /// The texel format of the surface at `bti` (`R32_FLOAT` unless set).
    pub fn image_format(&self, bti: u32) -> ImageFormat {
        let id = self.surface(bti);
        self.image_formats.iter().find(|(b, _)| Some(*b) == id).map(|(_, f)| *f).unwrap_or_default()
    }

    /// Sets the state of a sampler index.
    pub fn set_sampler_state(&mut self, index: u32, state: SamplerState) {
        self.sampler_states.retain(|(i, _)| *i != index);
        self.sampler_states.push((index, state));
    }

    /// The state of a sampler index (nearest, clamp unless set).
    pub fn sampler_state(&self, index: u32) -> SamplerState {
        self.sampler_states.iter().find(|(i, _)| *i == index).map(|(_, s)| *s).unwrap_or_default()
    }

    /// The 2D view of the surface at `bti`: (width, height, pitch) in bytes and rows.
    pub fn surface_2d(&self, bti: u32) -> Option<(u32, u32, u32)> {
        let id = self.surface(bti)?;
        match self.buffers[id].kind {
            BufferKind::Surface { width, height, pitch, .. } => Some((width, height, pitch)),
            _ => None,
        }
    }

    fn locate(&mut self, space: Space, address: u64, len: usize, write: bool) -> Option<(BufferId, usize)> {
        let Some((id, off)) = self.resolve(space, address) else {
            match space {
                Space::Surface(bti) => self.record(Event::Unbound { bti }),
                _ => self.record(Event::OutOfBounds { space, address, len, write }),
            }
            return None;
        };
        let size = self.buffers[id].bytes.len() as u64;
        if off.checked_add(len as u64).is_none_or(|end| end > size) {
            self.record(Event::OutOfBounds { space, address, len, write });
            return None;
        }
        Some((id, off as usize))
    }
}

/// The first byte where a candidate run's buffers disagree with a reference run's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The buffer (same index in both runs).
    pub buffer: BufferId,
    /// Its name.
    pub name: String,
    /// Byte offset in the buffer.
    pub offset: usize,
    /// The reference's byte (`None`: undefined).
    pub expected: Option<u8>,
    /// The candidate's byte (`None`: undefined).
    pub actual: Option<u8>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |b: Option<u8>| b.map_or("undefined".to_string(), |b| format!("{b:#04x}"));
        write!(
            f,
            "buffer {} ({}) byte {}: expected {}, got {}",
            self.buffer,
            self.name,
            self.offset,
            show(self.expected),
            show(self.actual)
        )
    }
}

/// How far apart two float results may be and still agree, in units in the last place: the
/// simulator computes math functions exactly rounded while kernels may order or fuse operations
/// differently where the language allows (a fused `mad` for a multiply and an add).
pub const FLOAT_ULPS: u64 = 2;

/// The distance in ulps of two floats of `n` bytes (2, 4, 8), or `None` if exactly one is NaN.
/// Two NaNs are at distance 0 whatever their signs and payloads.
pub fn ulp_distance(a: u64, b: u64, n: usize) -> Option<u64> {
    let (sign, exp_mask, frac_mask) = match n {
        2 => (1u64 << 15, 0x7c00u64, 0x3ffu64),
        4 => (1 << 31, 0x7f80_0000, 0x7f_ffff),
        _ => (1 << 63, 0x7ff0_0000_0000_0000, 0xf_ffff_ffff_ffff),
    };
    let nan = |x: u64| x & exp_mask == exp_mask && x & frac_mask != 0;
    match (nan(a), nan(b)) {
        (true, true) => return Some(0),
        (false, false) => {}
        _ => return None,
    }
    // Map to integers that order like the floats (-0 and +0 one apart).
    let key = |x: u64| -> i128 {
        if x & sign != 0 {
            -((x & !sign) as i128) - 1
        } else {
            x as i128
        }
    };
    Some(key(a).abs_diff(key(b)) as u64)
}

/// Compares the surfaces and SVM buffers of two runs of the same launch (shared local memory is
/// not an output). A byte the reference left undefined matches anything; a defined one must be
/// defined and equal in the candidate, except in float data the reference stored (its
/// [`Memory::float_tags`]), where values [`FLOAT_ULPS`] apart and any two NaNs agree. Buffers are
/// matched by creation order.
pub fn compare(reference: &Memory, candidate: &Memory) -> Result<(), Difference> {
    if let Some(extra) = reference.buffers.get(candidate.buffers.len()) {
        let id = candidate.buffers.len();
        let expected = extra.bytes.data.first().copied();
        return Err(Difference { buffer: id, name: extra.name.clone(), offset: 0, expected, actual: None });
    }
    for (id, (r, c)) in reference.buffers.iter().zip(&candidate.buffers).enumerate() {
        if r.kind == BufferKind::Slm {
            continue;
        }
        let tags = reference.float_tags.get(id).filter(|t| t.len() == r.bytes.len());
        let mut off = 0;
        while off < r.bytes.len() {
            let n = tags.map_or(0, |t| usize::from(t[off]));
            if n > 0 && off + n <= r.bytes.len() && off + n <= c.bytes.len() {
                let (rv, rdef) = r.bytes.get(off, n);
                let (cv, cdef) = c.bytes.get(off, n);
                if rdef && cdef && ulp_distance(rv, cv, n).is_some_and(|d| d <= FLOAT_ULPS) {
                    off += n;
                    continue;
                }
            }
            if r.bytes.defined[off] {
                let expected = Some(r.bytes.data[off]);
                let actual = (off < c.bytes.len() && c.bytes.defined[off]).then(|| c.bytes.data[off]);
                if actual != expected {
                    return Err(Difference {
                        buffer: id,
                        name: r.name.clone(),
                        offset: off,
                        expected,
                        actual,
                    });
                }
            }
            off += 1;
        }
    }
    Ok(())
}
