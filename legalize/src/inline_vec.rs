//! Short lists kept inline: the operands of a split group (two or three for almost every
//! operation) and the piece plan of a group (one width for almost every group) are built once per
//! group, and a heap allocation for each was a measurable part of legalization's time. An
//! [`InlineVec`] holds up to `N` elements in place and moves to the heap only past that.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// A list of `Copy` elements, the first `N` held inline (no allocation), more on the heap.
#[derive(Clone)]
pub struct InlineVec<T: Copy, const N: usize> {
    inline: [T; N],
    len: usize,
    /// Every element once there are more than `N` (empty until then).
    spilled: Vec<T>,
}

impl<T: Copy, const N: usize> InlineVec<T, N> {
    /// An empty list; `filler` only initializes the unused inline slots (never read).
    pub fn new(filler: T) -> Self {
        InlineVec { inline: [filler; N], len: 0, spilled: Vec::new() }
    }

    /// A list of one element.
    pub fn one(x: T) -> Self {
        let mut v = Self::new(x);
        v.push(x);
        v
    }

    /// Appends `x`.
    #[inline]
    pub fn push(&mut self, x: T) {
        if self.len < N {
            self.inline[self.len] = x;
        } else {
            if self.len == N {
                self.spilled.reserve(2 * N + 1);
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(x);
        }
        self.len += 1;
    }
}

impl<T: Copy, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

impl<T: Copy, const N: usize> DerefMut for InlineVec<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.inline[..self.len]
        } else {
            &mut self.spilled
        }
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    #[test]
    fn spills_past_its_inline_room_and_keeps_order() {
        let mut v: InlineVec<u32, 2> = InlineVec::new(0);
        assert!(v.is_empty());
        for x in 1..=5 {
            v.push(x);
            assert_eq!(*v, (1..=x).collect::<Vec<_>>()[..]);
        }
        v[3] = 9;
        assert_eq!(*v, [1, 2, 3, 9, 5]);
        let one = InlineVec::<u32, 2>::one(7);
        assert_eq!(*one, [7]);
        assert_ne!(one, v);
        assert_eq!(format!("{one:?}"), "[7]");
    }
}
