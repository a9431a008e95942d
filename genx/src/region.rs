//! The region a `rdregion`/`wrregion` reads or writes, as a typed value.
//!
//! A region picks `num_elems` elements of a vector in rows of `width` elements, `stride` elements
//! apart inside a row and `vstride` elements from one row start to the next, beginning at a byte
//! offset (constant, or constant plus a variable index). The element parameters count elements;
//! the start is in **bytes**, as the intrinsics and the hardware define it. Legality rules and the
//! splitting of regions live in the `legalize` crate; this module only models the value.

use crate::ir::Value;

/// A region of a vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// Bytes per element.
    pub elem_bytes: u32,
    /// Number of elements in the region (the execution size).
    pub num_elems: u32,
    /// Elements from the start of one row to the start of the next.
    pub vstride: i32,
    /// Elements per row.
    pub width: u32,
    /// Elements between neighbours inside a row (0 repeats one element).
    pub stride: i32,
    /// Constant byte offset of the first element (added to `indirect` when there is one).
    pub offset: i32,
    /// Variable byte index: a scalar `i16` (indirect) or a vector of them, one per row
    /// (multi-indirect).
    pub indirect: Option<Value>,
    /// Width of the parent matrix the index moves in, in elements; 0 when unknown.
    pub parent_width: u32,
}

impl Region {
    /// A contiguous 1D region of `num_elems` elements starting at element `start`.
    pub fn contiguous(elem_bytes: u32, num_elems: u32, start: u32) -> Region {
        Region {
            elem_bytes,
            num_elems,
            vstride: num_elems as i32,
            width: num_elems,
            stride: 1,
            offset: (start * elem_bytes) as i32,
            indirect: None,
            parent_width: 0,
        }
        .canonical()
    }

    /// The region of intrinsic operands: vstride, width, stride (elements), constant byte offset,
    /// optional variable index and parent width (0 if undefined). Returns `None` for shapes that
    /// mean nothing: width 0, a width that does not divide the element count, negative strides.
    #[allow(clippy::too_many_arguments)]
    pub fn from_operands(
        elem_bytes: u32,
        num_elems: u32,
        vstride: i64,
        width: i64,
        stride: i64,
        offset: i64,
        indirect: Option<Value>,
        parent_width: i64,
    ) -> Option<Region> {
        let ok = elem_bytes > 0
            && num_elems > 0
            && width > 0
            && (width as u64) <= u64::from(num_elems).max(1)
            && u64::from(num_elems) % width as u64 == 0
            && (0..=i32::MAX as i64).contains(&vstride)
            && (0..=i32::MAX as i64).contains(&stride)
            && (i32::MIN as i64..=i32::MAX as i64).contains(&offset);
        if !ok {
            return None;
        }
        Some(
            Region {
                elem_bytes,
                num_elems,
                vstride: vstride as i32,
                width: width as u32,
                stride: stride as i32,
                offset: offset as i32,
                indirect,
                parent_width: parent_width.clamp(0, i32::MAX as i64) as u32,
            }
            .canonical(),
        )
    }

    /// The canonical form: single rows and abutting rows become 1D, splats become `<0;1,0>`.
    pub fn canonical(mut self) -> Region {
        let n = self.num_elems;
        if n == 1 {
            self.width = 1;
            self.stride = 1;
            self.vstride = 0;
            return self;
        }
        let keep_rows = self.indirect.is_some() && self.parent_width != 0;
        if n <= self.width {
            self.width = n;
            self.vstride = 0;
        } else if self.vstride == self.width as i32 * self.stride && !keep_rows {
            self.width = n;
            self.vstride = 0;
            self.parent_width = 0;
        } else if self.width == 1 && !keep_rows {
            self.width = n;
            self.stride = self.vstride;
            self.vstride = 0;
            self.parent_width = 0;
        }
        if self.stride == 0 && self.width == n {
            self.width = 1;
            self.vstride = 0;
        }
        self
    }

    /// Number of rows (`num_elems / width`).
    pub fn rows(&self) -> u32 {
        self.num_elems / self.width.max(1)
    }

    /// Whether the region is one row (or one repeated element).
    pub fn is_1d(&self) -> bool {
        self.width == self.num_elems || self.width == 1 || self.vstride == self.width as i32 * self.stride
    }

    /// Whether the region's elements are consecutive.
    pub fn is_contiguous(&self) -> bool {
        (self.width == 1 || self.stride == 1)
            && (self.width == self.num_elems || self.vstride == self.width as i32)
    }

    /// Whether the variable index has one entry per row.
    pub fn is_multi_indirect(&self, index_elems: u32) -> bool {
        self.indirect.is_some() && index_elems > 1
    }

    /// Element index (relative to the start) of element `i` of the region.
    pub fn elem_index(&self, i: u32) -> i64 {
        let w = self.width.max(1);
        i64::from(i / w) * i64::from(self.vstride) + i64::from(i % w) * i64::from(self.stride)
    }

    /// Byte offset (relative to the variable index, if any) of element `i` of the region.
    pub fn byte_offset(&self, i: u32) -> i64 {
        i64::from(self.offset) + self.elem_index(i) * i64::from(self.elem_bytes)
    }

    /// The first and one-past-last byte the region touches (for a constant index).
    pub fn byte_span(&self) -> (i64, i64) {
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        // The extremes are at row starts and row ends; checking those is enough. A last row
        // shorter than the width (execution size not a multiple of it) counts too.
        let w = self.width.max(1);
        let n = self.num_elems.max(1);
        for r in 0..n.div_ceil(w) {
            for i in [r * w, (r * w + w - 1).min(n - 1)] {
                let b = self.byte_offset(i);
                lo = lo.min(b);
                hi = hi.max(b + i64::from(self.elem_bytes));
            }
        }
        (lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        // rows that abut are one row
        let r = Region::from_operands(4, 16, 8, 8, 1, 0, None, 0).unwrap();
        assert_eq!((r.vstride, r.width, r.stride), (0, 16, 1));
        // a column is a 1D strided region
        let r = Region::from_operands(4, 8, 8, 1, 0, 0, None, 0).unwrap();
        assert_eq!((r.vstride, r.width, r.stride), (0, 8, 8));
        // a splat
        let r = Region::from_operands(4, 8, 0, 8, 0, 4, None, 0).unwrap();
        assert_eq!((r.vstride, r.width, r.stride), (0, 1, 0));
        // a real 2D region stays 2D
        let r = Region::from_operands(4, 8, 8, 4, 1, 12, None, 0).unwrap();
        assert_eq!((r.vstride, r.width, r.stride, r.rows()), (8, 4, 1, 2));
        assert_eq!(r.byte_offset(5), 12 + (8 + 1) * 4);
        assert_eq!(r.byte_span(), (12, 12 + 12 * 4));
        // nonsense shapes are refused
        assert!(Region::from_operands(4, 8, 8, 3, 1, 0, None, 0).is_none());
        assert!(Region::from_operands(4, 8, 8, 0, 1, 0, None, 0).is_none());
        assert!(Region::from_operands(4, 8, 8, 8, -1, 0, None, 0).is_none());
    }

    #[test]
    fn the_stride_2_example_of_the_spec() {
        // execution size 9, vstride 7, width 3, stride 2, start byte 32 (element 8) of i32
        let r = Region::from_operands(4, 9, 7, 3, 2, 32, None, 0).unwrap();
        let idx: Vec<i64> = (0..9).map(|i| r.byte_offset(i) / 4).collect();
        assert_eq!(idx, vec![8, 10, 12, 15, 17, 19, 22, 24, 26]);
    }
}
