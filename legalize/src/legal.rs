//! Region legality per platform.
//!
//! Two questions are answered here. [`check`] (and its boolean forms [`is_legal`], [`is_legal_in`])
//! says whether one region access can be encoded as a vISA operand on a platform: execution size,
//! width/vstride/stride values, destinations 1D with stride 1, 2 or 4, the two-GRF span (one GRF for
//! byte regions on parts without multi-indirect byte regioning), rows of 2D sources inside one GRF,
//! indirect and multi-indirect limits. [`legal_size`] is the spec's `getLegalRegionSizeForTarget`:
//! the largest power-of-two piece of a region that may be taken at a start index. The two are
//! written independently so that tests can check one against the other.
//!
//! This is public API for property-testing a legalizer: [`check`] (with the table [`RULES`] and
//! [`Illegal::rule`]) is the legality oracle of a legalizer's output, and [`legal_size`] /
//! [`source_piece_size`] the greedy piece rule that bounds how many pieces a region needs.

pub use crate::index_align::IndexAlign;
use genxc_genx::{Platform, Region};
use std::fmt;

/// Whether a region is read (a source operand) or written (a destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// `rdregion`: a source operand; 2D regions are allowed.
    Source,
    /// `wrregion`: a destination; always 1D.
    Destination,
}

/// One region access with what legality needs to know besides the region itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    /// The region.
    pub region: Region,
    /// Read or written.
    pub role: Role,
    /// Elements of the whole vector read from or written into (0 when unknown).
    pub input_elems: u32,
    /// Elements of the variable index: 0 direct, 1 single indirect, more for multi-indirect.
    pub index_elems: u32,
    /// The known low bits of a single variable index (bytes), [`IndexAlign::UNKNOWN`] when none.
    pub index_align: IndexAlign,
}

impl Access {
    /// An access whose index kind follows the region (`indirect` set means a scalar index).
    pub fn new(region: Region, role: Role, input_elems: u32) -> Access {
        let index_elems = u32::from(region.indirect.is_some());
        Access { region, role, input_elems, index_elems, index_align: IndexAlign::UNKNOWN }
    }

    /// Whether the region has one variable index per row.
    pub fn is_multi_indirect(&self) -> bool {
        self.region.indirect.is_some() && self.index_elems > 1
    }

    /// Whether the region has one scalar variable index.
    pub fn is_single_indirect(&self) -> bool {
        self.region.indirect.is_some() && self.index_elems <= 1
    }
}

/// Why a region access is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The execution size is not 1, 2, 4, 8, 16 or 32.
    ExecSize(u32),
    /// Width 0, or a width that does not divide the element count.
    Shape,
    /// A horizontal stride vISA cannot encode for this role and shape.
    Stride(i32),
    /// A width vISA cannot encode.
    Width(u32),
    /// A vertical stride vISA cannot encode.
    VStride(i32),
    /// A destination that is not 1D.
    Dest2D,
    /// A destination with more than one element and a variable index per row.
    MultiIndirectDest,
    /// A multi-indirect source whose rows are neither width 1 nor stride 0.
    MultiIndirectShape,
    /// More multi-indirect rows than address register elements.
    AddressElems(u32),
    /// Byte multi-indirect regions are one element on parts without byte regioning.
    ByteMultiIndirect,
    /// The region touches more GRFs than allowed (the limit is given).
    GrfSpan(u32),
    /// A row of a 2D source straddles a GRF boundary.
    RowCrossesGrf,
    /// A direct region that starts before or ends after the vector.
    OutOfBounds,
    /// A constant byte offset that is not a multiple of the element size.
    Misaligned,
    /// An immediate offset of an indirect region outside -512..=511.
    ImmediateRange(i32),
    /// A single-indirect region whose possible positions may cross too many GRFs.
    IndirectSpan,
    /// A 2D source of 64-bit elements on a part without QWord moves.
    Qword2DEmulated,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::ExecSize(n) => write!(f, "execution size {n} is not 1, 2, 4, 8, 16 or 32"),
            Illegal::Shape => f.write_str("width does not divide the element count"),
            Illegal::Stride(s) => write!(f, "stride {s} cannot be encoded"),
            Illegal::Width(w) => write!(f, "width {w} cannot be encoded"),
            Illegal::VStride(v) => write!(f, "vertical stride {v} cannot be encoded"),
            Illegal::Dest2D => f.write_str("a destination region must be 1D"),
            Illegal::MultiIndirectDest => f.write_str("a multi-indirect destination must be one element"),
            Illegal::MultiIndirectShape => f.write_str("multi-indirect rows must be width 1 or stride 0"),
            Illegal::AddressElems(n) => write!(f, "{n} addresses exceed the address register"),
            Illegal::ByteMultiIndirect => f.write_str("byte multi-indirect regions must be one element"),
            Illegal::GrfSpan(n) => write!(f, "region spans more than {n} GRF(s)"),
            Illegal::RowCrossesGrf => f.write_str("a row of a 2D source crosses a GRF boundary"),
            Illegal::OutOfBounds => f.write_str("region lies outside its vector"),
            Illegal::Misaligned => f.write_str("byte offset is not a multiple of the element size"),
            Illegal::ImmediateRange(o) => write!(f, "indirect immediate offset {o} is outside -512..511"),
            Illegal::IndirectSpan => f.write_str("indirect region may cross too many GRFs"),
            Illegal::Qword2DEmulated => {
                f.write_str("a 2D 64-bit source needs QWord moves, which this part lacks")
            }
        }
    }
}

/// One legality rule of the table: a stable id, the section of the GenX legalization description
/// it comes from, and a one-line statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Stable identifier, e.g. `exec-size` (used in diagnostics and fixtures).
    pub id: &'static str,
    /// Section of the GenX legalization description (`docs/regions.md` lists them).
    pub section: &'static str,
    /// The rule in one line.
    pub text: &'static str,
}

/// Every rule [`check`] and [`check_at`] enforce, in the order [`check`] tests them.
pub const RULES: &[Rule] = &[
    Rule { id: "exec-size", section: "1.1", text: "the execution size must be 1, 2, 4, 8, 16 or 32" },
    Rule { id: "shape", section: "0.1", text: "the width must be positive and divide the element count" },
    Rule { id: "immediate-range", section: "1.2", text: "an indirect immediate offset must lie in -512..511" },
    Rule { id: "misaligned", section: "0.1", text: "a direct byte offset must be a multiple of the element size" },
    Rule { id: "out-of-bounds", section: "0.1", text: "a direct region must lie inside its vector" },
    Rule { id: "multi-indirect-dest", section: "1.4", text: "a multi-indirect destination must be one element" },
    Rule { id: "dest-2d", section: "1.1", text: "a destination region must be 1D" },
    Rule { id: "stride", section: "1.1", text: "the stride must be encodable (source 0, 1, 2, 4, or a 1D vstride up to 32; destination 1, 2, 4)" },
    Rule { id: "width", section: "1.1", text: "a 2D source width must be 1, 2, 4, 8 or 16" },
    Rule { id: "vstride", section: "1.1", text: "a 2D source vertical stride must be 0, 1, 2, 4, 8, 16 or 32" },
    Rule { id: "multi-indirect-shape", section: "1.4", text: "multi-indirect rows must be width 1 or stride 0" },
    Rule { id: "byte-multi-indirect", section: "1.10", text: "byte multi-indirect regions must be one element without multi-indirect byte regioning" },
    Rule { id: "address-elems", section: "1.1", text: "multi-indirect rows must not exceed the address register elements or the index elements" },
    Rule { id: "grf-span", section: "1.4", text: "a region must lie in two GRFs from its first element's GRF (one for bytes without multi-indirect byte regioning)" },
    Rule { id: "row-crosses-grf", section: "1.5", text: "each row of a 2D source must lie inside one GRF" },
    Rule { id: "indirect-span", section: "1.4", text: "a single-indirect region must lie in the GRFs an indirect operand may touch (run time: needs the index value)" },
    Rule { id: "qword-2d-emulated", section: "1.9", text: "a 64-bit source must be 1D on parts without QWord moves (ICLLP, TGLLP: the finalizer cannot split a 2D QWord move)" },
];

impl Illegal {
    /// The rule of [`RULES`] this violation breaks.
    pub fn rule(&self) -> &'static Rule {
        let id = match self {
            Illegal::ExecSize(_) => "exec-size",
            Illegal::Shape => "shape",
            Illegal::Stride(_) => "stride",
            Illegal::Width(_) => "width",
            Illegal::VStride(_) => "vstride",
            Illegal::Dest2D => "dest-2d",
            Illegal::MultiIndirectDest => "multi-indirect-dest",
            Illegal::MultiIndirectShape => "multi-indirect-shape",
            Illegal::AddressElems(_) => "address-elems",
            Illegal::ByteMultiIndirect => "byte-multi-indirect",
            Illegal::GrfSpan(_) => "grf-span",
            Illegal::RowCrossesGrf => "row-crosses-grf",
            Illegal::OutOfBounds => "out-of-bounds",
            Illegal::Misaligned => "misaligned",
            Illegal::ImmediateRange(_) => "immediate-range",
            Illegal::IndirectSpan => "indirect-span",
            Illegal::Qword2DEmulated => "qword-2d-emulated",
        };
        rule(id).unwrap_or(&RULES[0])
    }
}

/// The rule of [`RULES`] with this id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

/// Whether the platform can do byte regions through multi-indirect regioning (the GRF32 parts).
pub fn multi_indirect_byte_regioning(p: Platform) -> bool {
    p.grf_bytes() == 32
}

/// The smallest predicate piece the platform handles natively (4, or 8 on 64-byte-GRF parts).
pub fn pred_min_size(p: Platform) -> u32 {
    if p.grf_bytes() > 32 {
        8
    } else {
        4
    }
}

/// Elements of the address register (cap on multi-indirect rows).
pub fn address_elems(p: Platform) -> u32 {
    p.info().address_elems.max(1)
}

/// Whether the part moves 64-bit elements natively. Gen11 and XeLP (ICLLP, TGLLP) have no QWord
/// moves: the finalizer splits each into DWord moves. (DG2 emulates 64-bit arithmetic too, but its
/// finalizer takes QWord moves of 2D regions.)
pub fn has_qword_moves(p: Platform) -> bool {
    !matches!(p, Platform::Icllp | Platform::Tgllp)
}

/// Whether 64-bit elements of this region must be read one row at a time: the part has no QWord
/// moves, and its finalizer, splitting a QWord move into DWord moves, refuses a 2D 64-bit source
/// (`GenX_IR -platform TGLLP`: "unsupported region" for `mov (4) ... <1;2,0>:q`), while each row,
/// a 1D region, is taken.
pub fn qword_rows_only(r: &Region, p: Platform) -> bool {
    r.elem_bytes == 8 && !has_qword_moves(p) && stride_1d(r).is_none()
}

/// The largest execution size vISA has.
pub const MAX_EXEC_SIZE: u32 = 32;

/// Whether `n` is a power of two (0 is not).
pub fn is_pow2(n: i64) -> bool {
    n > 0 && n & (n - 1) == 0
}

/// The largest power of two not above `n` (1 for `n <= 1`).
pub fn pow2_floor(n: i64) -> i64 {
    if n <= 1 {
        1
    } else {
        1i64 << (63 - n.leading_zeros())
    }
}

fn log2_floor(n: i64) -> i64 {
    if n <= 1 {
        0
    } else {
        i64::from(63 - n.leading_zeros())
    }
}

/// The stride of a region seen as 1D, if it is 1D.
pub fn stride_1d(r: &Region) -> Option<i64> {
    let (n, w) = (r.num_elems, r.width.max(1));
    if n <= 1 {
        Some(1)
    } else if w >= n || i64::from(r.vstride) == i64::from(w) * i64::from(r.stride) {
        Some(i64::from(r.stride))
    } else if w == 1 {
        Some(i64::from(r.vstride))
    } else {
        None
    }
}

/// Whether a region access is legal, with an unknown input size and a scalar variable index.
pub fn is_legal(region: &Region, role: Role, platform: Platform) -> bool {
    check(&Access::new(*region, role, 0), platform).is_ok()
}

/// Whether a region access is legal on a platform.
pub fn is_legal_in(access: &Access, platform: Platform) -> bool {
    check(access, platform).is_ok()
}

/// Checks every legality rule for one region access, giving the first one broken.
pub fn check(a: &Access, p: Platform) -> Result<(), Illegal> {
    let r = &a.region;
    let n = r.num_elems;
    let eb = i64::from(r.elem_bytes.max(1));
    let grf = i64::from(p.grf_bytes());
    if !matches!(n, 1 | 2 | 4 | 8 | 16 | 32) {
        return Err(Illegal::ExecSize(n));
    }
    if r.width == 0 || !n.is_multiple_of(r.width) {
        return Err(Illegal::Shape);
    }
    if r.indirect.is_some() {
        if !(-512..=511).contains(&r.offset) {
            return Err(Illegal::ImmediateRange(r.offset));
        }
    } else if i64::from(r.offset) % eb != 0 {
        return Err(Illegal::Misaligned);
    }
    // Direct regions must lie inside their vector.
    if r.indirect.is_none() {
        let (lo, hi) = r.byte_span();
        if lo < 0 || (a.input_elems != 0 && hi > i64::from(a.input_elems) * eb) {
            return Err(Illegal::OutOfBounds);
        }
    }
    if n == 1 {
        return Ok(());
    }
    let multi = a.is_multi_indirect();
    let is_2d = stride_1d(r).is_none();
    match a.role {
        Role::Destination => {
            if multi {
                return Err(Illegal::MultiIndirectDest);
            }
            let s = stride_1d(r).ok_or(Illegal::Dest2D)?;
            if !matches!(s, 1 | 2 | 4) {
                return Err(Illegal::Stride(s as i32));
            }
        }
        Role::Source if multi => {
            if r.width != 1 && r.stride != 0 {
                return Err(Illegal::MultiIndirectShape);
            }
            if !matches!(r.stride, 0 | 1 | 2 | 4) {
                return Err(Illegal::Stride(r.stride));
            }
            if !matches!(r.width, 1 | 2 | 4 | 8 | 16) {
                return Err(Illegal::Width(r.width));
            }
            if eb == 1 && !multi_indirect_byte_regioning(p) {
                return Err(Illegal::ByteMultiIndirect);
            }
            let rows = n / r.width;
            if rows > address_elems(p) || rows > a.index_elems {
                return Err(Illegal::AddressElems(rows));
            }
            if i64::from(n) * eb > 2 * grf {
                return Err(Illegal::GrfSpan(2));
            }
            return Ok(());
        }
        Role::Source => match stride_1d(r) {
            // A 1D source is emitted as `<S;1,0>`, so S only has to be a legal vstride.
            Some(s) => {
                if !matches!(s, 0 | 1 | 2 | 4 | 8 | 16 | 32) {
                    return Err(Illegal::Stride(s as i32));
                }
            }
            None => {
                if !matches!(r.stride, 0 | 1 | 2 | 4) {
                    return Err(Illegal::Stride(r.stride));
                }
                if !matches!(r.width, 1 | 2 | 4 | 8 | 16) {
                    return Err(Illegal::Width(r.width));
                }
                if !matches!(r.vstride, 0 | 1 | 2 | 4 | 8 | 16 | 32) {
                    return Err(Illegal::VStride(r.vstride));
                }
                if qword_rows_only(r, p) {
                    return Err(Illegal::Qword2DEmulated);
                }
            }
        },
    }
    if r.indirect.is_some() {
        // Single indirect. A 1D stride-1 source of at most 8 elements is emitted as Vx1 with one
        // address, which no GRF boundary can break.
        let vx1 = a.role == Role::Source
            && stride_1d(r) == Some(1)
            && n <= 8
            && (eb != 1 || multi_indirect_byte_regioning(p));
        if vx1 {
            return Ok(());
        }
        // Whether the GRFs a single-indirect piece touches are few enough depends on the range
        // of index values, which the region it was cut from bounds; [`check_at`] checks one value.
        return Ok(());
    }
    // Direct: the span from the first element's GRF.
    let num_grf: i64 = if eb == 1 && !multi_indirect_byte_regioning(p) { 1 } else { 2 };
    let first = r.byte_offset(0);
    let (lo, hi) = r.byte_span();
    let base = first.div_euclid(grf) * grf;
    if lo < base || hi > base + num_grf * grf {
        return Err(Illegal::GrfSpan(num_grf as u32));
    }
    if is_2d {
        for row in 0..r.rows() {
            let s = r.byte_offset(row * r.width);
            let e = r.byte_offset(row * r.width + r.width - 1);
            if s.div_euclid(grf) != e.div_euclid(grf) {
                return Err(Illegal::RowCrossesGrf);
            }
        }
    }
    Ok(())
}

/// The run-time part of legality for a single-indirect access: with the index holding
/// `index_bytes`, the elements must lie in the GRFs an indirect operand may touch (two from the
/// first element's GRF, one for byte elements and 2D destinations; a Vx1 source of at most 8
/// elements may sit anywhere). Direct and multi-indirect accesses are checked by [`check`] alone.
pub fn check_at(a: &Access, index_bytes: i64, p: Platform) -> Result<(), Illegal> {
    check(a, p)?;
    let r = &a.region;
    if !a.is_single_indirect() || r.num_elems == 1 {
        return Ok(());
    }
    let eb = i64::from(r.elem_bytes.max(1));
    let vx1 = a.role == Role::Source
        && stride_1d(r) == Some(1)
        && r.num_elems <= 8
        && (eb != 1 || multi_indirect_byte_regioning(p));
    if vx1 {
        return Ok(());
    }
    let grf = i64::from(p.grf_bytes());
    let is_2d = stride_1d(r).is_none();
    let gpi = if eb != 1 && (a.role == Role::Source || !is_2d) { 2 } else { 1 };
    let first = index_bytes + r.byte_offset(0);
    let (lo, hi) = r.byte_span();
    let base = first.div_euclid(grf) * grf;
    if index_bytes + lo < base || index_bytes + hi > base + gpi * grf {
        return Err(Illegal::IndirectSpan);
    }
    Ok(())
}

/// The spec's `getLegalRegionSizeForTarget`: how many elements (a power of two, at least 1) may be
/// taken from element `idx` of the region. `use_real_idx` false treats `idx` as a linear index
/// (the source-side check of a lone wrregion). Never panics on any region.
pub fn legal_size(a: &Access, idx: u32, use_real_idx: bool, p: Platform) -> u32 {
    let r = &a.region;
    let n = i64::from(r.num_elems);
    let idx = i64::from(idx);
    if n <= 0 || idx >= n {
        return 1;
    }
    let eb = i64::from(r.elem_bytes.max(1));
    let grf = i64::from(p.grf_bytes());
    let epg = (grf / eb).max(1);
    let log_grf = log2_floor(grf);
    let allow_2d = a.role == Role::Source;
    let width = i64::from(r.width.max(1));
    let stride = i64::from(r.stride);
    let vstride = i64::from(r.vstride);
    let mibr = multi_indirect_byte_regioning(p);
    let multi = a.is_multi_indirect();
    let is_2d = stride_1d(r).is_none();
    let mut num_grf = 2;
    let mut vw: i64 = 1;
    // a destination stride of 0 (several elements written to one place) has no encoding
    let stride_ok = ((allow_2d && stride == 0) || is_pow2(stride)) && (allow_2d || stride <= 4);
    if stride_ok {
        let stride_valid = stride <= 4;
        if multi {
            if allow_2d && (width == 1 || stride == 0) {
                let mut log_w = log2_floor(n);
                if log_w + log2_floor(eb) > log_grf + 1 {
                    log_w = log_grf + 1 - log2_floor(eb);
                }
                vw = (1i64 << log_w.max(0)).min(i64::from(address_elems(p)));
                // Pieces of rows wider than one element stay whole rows or inside one row.
                if width > 1 && !(is_pow2(width) && idx % width == 0) {
                    vw = vw.min(pow2_floor(width - idx % width));
                }
            }
            // A multi-indirect destination is written one element at a time.
        } else {
            let real_idx = if use_real_idx { idx / width * vstride + idx % width * stride } else { idx };
            let etb: i64 = if r.indirect.is_none() {
                if !mibr && eb == 1 {
                    num_grf = 1;
                }
                // eb and epg are powers of two: shifts and masks are the Euclidean division
                let first = real_idx + (i64::from(r.offset) >> log2_floor(eb));
                num_grf * epg - (first & (epg - 1))
            } else if a.input_elems != 0 && i64::from(a.input_elems) <= epg {
                epg
            } else {
                let gpi = if eb != 1 && (allow_2d || !is_2d) { 2 } else { 1 };
                let last = (n / width - 1) * vstride + (width - 1) * stride;
                let input = if a.input_elems == 0 { i64::from(u32::MAX) } else { i64::from(a.input_elems) };
                let max = input - last - 1 + real_idx;
                let min = real_idx;
                let diff = (max & -epg) - (min & -epg);
                let mut etb = 1;
                if diff == 0 {
                    etb = epg * gpi - (max & (epg - 1));
                }
                let pw = i64::from(r.parent_width);
                let log_a = i64::from(a.index_align.log);
                let log_eb = log2_floor(eb);
                if is_pow2(pw) && pw <= gpi * epg {
                    etb = etb.max(pw - real_idx.rem_euclid(pw));
                } else if a.index_elems <= 1 && log_a > 0 {
                    // the index is n * 2^log_a + extra: the first element's byte in its GRF is at
                    // most the last position with those low bits
                    let extra = (i64::from(a.index_align.extra) + i64::from(r.offset) + real_idx * eb)
                        & ((1i64 << log_a) - 1);
                    if log_a >= log_grf && extra == 0 {
                        etb = epg * gpi;
                    } else if log_a >= log_eb && extra & (eb - 1) == 0 {
                        let la = log_a.min(log_grf) - log_eb;
                        let ex = (extra & (grf - 1)) >> log_eb;
                        etb = etb.max((1i64 << la) - ex + (gpi - 1) * epg);
                    }
                }
                etb
            };
            let etb = etb.max(1);
            if allow_2d && stride_valid {
                let row_span = (width - 1) * stride + 1;
                if (vstride == 0 || is_pow2(vstride))
                    && is_pow2(width)
                    && width <= 16
                    && idx % width == 0
                    && etb >= row_span
                {
                    let rows = if vstride == 0 {
                        (n - idx) / width
                    } else {
                        let rows = (etb - row_span) / vstride + 1;
                        if rows * width + idx > n {
                            (n - idx) / width
                        } else {
                            rows
                        }
                    };
                    vw = pow2_floor(rows) * width;
                }
                if vw == 1 && idx % width != 0 {
                    // The tail of a row and the head of the next as two half rows.
                    let t = width - idx % width;
                    if is_pow2(t) && t <= 16 && 2 * t <= n - idx {
                        let nv = vstride + (t - width) * stride;
                        if is_pow2(nv) && nv + (t - 1) * stride < etb {
                            vw = 2 * t;
                        }
                    }
                }
            }
            if vw == 1 {
                vw = width - idx % width;
                if stride > 0 && vw * stride - (stride - 1) > etb {
                    vw = (etb + stride - 1) / stride;
                }
                vw = pow2_floor(vw);
            }
            vw = vw.min(num_grf * epg);
        }
    }
    if multi && eb == 1 && !mibr {
        vw = 1;
    }
    if (r.indirect.is_some() && !multi && is_2d) || (allow_2d && !multi && qword_rows_only(r, p)) {
        vw = vw.min(pow2_floor(width - idx % width));
    }
    vw.clamp(1, i64::from(MAX_EXEC_SIZE)) as u32
}

/// The piece size the splitter takes for one source region at `idx`: [`legal_size`], plus the
/// checks `determineWidth` adds for rdregions (rows of a 2D piece inside one GRF, and 4 or 8
/// elements instead of 1 for a stride-1 single-indirect row).
pub fn source_piece_size(a: &Access, idx: u32, p: Platform) -> u32 {
    let r = &a.region;
    let mut w = legal_size(a, idx, true, p);
    let eb = r.elem_bytes.max(1);
    let width = r.width.max(1);
    if w == 1
        && a.is_single_indirect()
        && (eb != 1 || multi_indirect_byte_regioning(p))
        && (stride_1d(r) == Some(1) || r.stride == 1)
    {
        let t = pow2_floor(i64::from(width - idx % width)) as u32;
        if t >= 4 {
            w = t.min(8);
        }
    }
    if w > 1 && stride_1d(r).is_none() && r.indirect.is_none() {
        // A 2D piece: every row of it must sit inside one GRF, else take one row at a time.
        if let Some(piece) = crate::split::subregion(r, idx, w, a.index_elems) {
            let pr = piece.region;
            let grf = i64::from(p.grf_bytes());
            let pw = pr.width.max(1);
            let crosses = stride_1d(&pr).is_none()
                && (0..pr.num_elems).step_by(pw as usize).any(|i| {
                    let s = pr.byte_offset(i);
                    let e = pr.byte_offset((i + pw - 1).min(pr.num_elems - 1));
                    s.div_euclid(grf) != e.div_euclid(grf)
                });
            if crosses {
                w = w.min(pow2_floor(i64::from(width - idx % width)) as u32);
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(eb: u32, n: u32, vs: i64, w: i64, s: i64, off: i64) -> Region {
        Region::from_operands(eb, n, vs, w, s, off, None, 0).unwrap()
    }

    #[test]
    fn index_alignment_widens_single_indirect_pieces() {
        let p = Platform::Tgllp;
        let mut r = reg(4, 16, 16, 16, 1, 0);
        r.indirect = Some(genxc_genx::Value::Param(0));
        let mut a = Access::new(r, Role::Destination, 32);
        // any index: the piece may start anywhere, one element at a time
        assert_eq!(legal_size(&a, 0, true, p), 1);
        // a 16-byte aligned index: at most 12 dwords to the end of the next GRF, so 8
        a.index_align = IndexAlign::new(4, 0);
        assert_eq!(legal_size(&a, 0, true, p), 8);
        assert_eq!(legal_size(&a, 8, true, p), 8);
        // GRF aligned: two whole GRFs
        a.index_align = IndexAlign::new(5, 0);
        assert_eq!(legal_size(&a, 0, true, p), 16);
        // a misaligned element is not helped
        a.index_align = IndexAlign::new(4, 2);
        assert_eq!(legal_size(&a, 0, true, p), 1);
    }

    #[test]
    fn exec_sizes_and_strides() {
        let p = Platform::Tgllp;
        assert!(is_legal(&reg(4, 8, 8, 8, 1, 0), Role::Source, p));
        assert!(!is_legal(&reg(4, 7, 7, 7, 1, 0), Role::Source, p));
        assert!(!is_legal(&reg(4, 64, 64, 64, 1, 0), Role::Source, p));
        // 1D source stride 8 is `<8;1,0>`; a destination cannot have it
        assert!(is_legal(&reg(4, 2, 0, 2, 8, 0), Role::Source, p));
        assert!(!is_legal(&reg(4, 2, 0, 2, 8, 0), Role::Destination, p));
        assert!(!is_legal(&reg(4, 2, 0, 2, 3, 0), Role::Source, p));
        // 2D is a source-only thing
        let two_d = reg(4, 8, 8, 4, 1, 0);
        assert!(is_legal(&two_d, Role::Source, p));
        assert_eq!(check(&Access::new(two_d, Role::Destination, 0), p), Err(Illegal::Dest2D));
        // width 8 dwords crossing from GRF 0 into GRF 2 is three GRFs
        assert_eq!(
            check(&Access::new(reg(4, 16, 16, 16, 1, 4), Role::Source, 0), p),
            Err(Illegal::GrfSpan(2))
        );
        // a row of a 2D source straddling a GRF
        assert_eq!(
            check(&Access::new(reg(2, 8, 8, 4, 1, 12), Role::Source, 0), p),
            Err(Illegal::RowCrossesGrf)
        );
    }

    #[test]
    fn byte_regions_on_pvc_stay_in_one_grf() {
        let r = reg(1, 32, 32, 32, 1, 48);
        assert!(is_legal(&r, Role::Source, Platform::Tgllp));
        assert_eq!(check(&Access::new(r, Role::Source, 0), Platform::Pvc), Err(Illegal::GrfSpan(1)));
        assert_eq!(legal_size(&Access::new(r, Role::Source, 0), 0, true, Platform::Pvc), 16);
    }

    #[test]
    fn every_rule_id_is_unique_and_named_by_a_violation() {
        for (i, r) in RULES.iter().enumerate() {
            assert!(RULES[..i].iter().all(|o| o.id != r.id), "duplicate rule id {}", r.id);
        }
        assert_eq!(Illegal::GrfSpan(2).rule().id, "grf-span");
        assert_eq!(Illegal::IndirectSpan.rule().id, "indirect-span");
        assert_eq!(Illegal::Misaligned.rule().id, "misaligned");
    }

    #[test]
    fn qword_2d_sources_are_read_by_rows_without_qword_moves() {
        // <1;2,0> of 4 x i64 at byte 16: rows [e2, e2], [e3, e3]
        let a = Access::new(reg(8, 4, 1, 2, 0, 16), Role::Source, 8);
        assert_eq!(check(&a, Platform::Tgllp), Err(Illegal::Qword2DEmulated));
        assert_eq!(check(&a, Platform::Icllp).unwrap_err().rule().id, "qword-2d-emulated");
        assert_eq!(check(&a, Platform::Dg2), Ok(()));
        assert_eq!(legal_size(&a, 0, true, Platform::Tgllp), 2);
        assert_eq!(legal_size(&a, 0, true, Platform::Dg2), 4);
        // one row is 1D, legal everywhere; 32-bit 2D regions are not concerned
        let row = Access::new(reg(8, 2, 1, 2, 0, 16), Role::Source, 8);
        assert_eq!(check(&row, Platform::Tgllp), Ok(()));
        let dw = Access::new(reg(4, 4, 1, 2, 0, 16), Role::Source, 16);
        assert_eq!(check(&dw, Platform::Tgllp), Ok(()));
    }

    #[test]
    fn legal_size_rules() {
        let p = Platform::Skl;
        // contiguous i32 at element 1: 15 elements to the boundary -> 8
        let a = Access::new(reg(4, 16, 16, 16, 1, 4), Role::Source, 32);
        assert_eq!(legal_size(&a, 0, true, p), 8);
        // E34: stride 8 -> pieces of 2
        let a = Access::new(reg(4, 8, 0, 8, 8, 0), Role::Source, 64);
        assert_eq!(legal_size(&a, 0, true, p), 2);
        // E35: stride 3 -> 1
        let a = Access::new(reg(4, 8, 0, 8, 3, 0), Role::Source, 64);
        assert_eq!(legal_size(&a, 0, true, p), 1);
        // nonsense never panics
        let bad = Region { width: 0, vstride: -5, stride: -3, ..reg(4, 8, 8, 8, 1, 0) };
        let a = Access::new(bad, Role::Source, 0);
        assert!(legal_size(&a, 0, true, p) >= 1);
        assert!(check(&a, p).is_err());
    }
}
