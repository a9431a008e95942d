//! Gen value types: the element types the hardware has, and vectors of them.
//!
//! Anything else LLVM can express (structs, arrays, pointers, i128, x86_fp80, ...) is rejected when
//! a module is imported, so every pass after import can rely on these types alone.

use std::fmt;

/// A Gen element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Elem {
    /// Predicate bit (`i1`).
    I1,
    /// Byte (`b`/`ub`).
    I8,
    /// Word (`w`/`uw`).
    I16,
    /// Dword (`d`/`ud`).
    I32,
    /// Qword (`q`/`uq`).
    I64,
    /// Half float (`hf`).
    Half,
    /// Single float (`f`).
    Float,
    /// Double float (`df`).
    Double,
}

impl Elem {
    /// Size of one element in bytes (an `i1` counts as one byte where it is stored).
    pub fn bytes(self) -> u32 {
        match self {
            Elem::I1 | Elem::I8 => 1,
            Elem::I16 | Elem::Half => 2,
            Elem::I32 | Elem::Float => 4,
            Elem::I64 | Elem::Double => 8,
        }
    }

    /// Size in bits.
    pub fn bits(self) -> u32 {
        match self {
            Elem::I1 => 1,
            e => e.bytes() * 8,
        }
    }

    /// Whether this is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, Elem::Half | Elem::Float | Elem::Double)
    }

    /// Whether this is an integer type other than `i1`.
    pub fn is_int(self) -> bool {
        matches!(self, Elem::I8 | Elem::I16 | Elem::I32 | Elem::I64)
    }

    /// The LLVM spelling (`i32`, `float`, ...).
    pub fn llvm_name(self) -> &'static str {
        match self {
            Elem::I1 => "i1",
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::Half => "half",
            Elem::Float => "float",
            Elem::Double => "double",
        }
    }

    /// The integer element of the same size (for bit-level reinterpretation).
    pub fn int_of_same_size(self) -> Elem {
        match self {
            Elem::Half => Elem::I16,
            Elem::Float => Elem::I32,
            Elem::Double => Elem::I64,
            e => e,
        }
    }
}

impl fmt::Display for Elem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.llvm_name())
    }
}

/// The type of a value: nothing, one element, or a vector of elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Type {
    /// No value (`void` results).
    Void,
    /// One element.
    Scalar(Elem),
    /// `n` elements, `n >= 1`.
    Vector(Elem, u32),
}

impl Type {
    /// The element type, if the type has one.
    pub fn elem(self) -> Option<Elem> {
        match self {
            Type::Void => None,
            Type::Scalar(e) | Type::Vector(e, _) => Some(e),
        }
    }

    /// Number of elements: 1 for a scalar, 0 for void.
    pub fn num_elems(self) -> u32 {
        match self {
            Type::Void => 0,
            Type::Scalar(_) => 1,
            Type::Vector(_, n) => n,
        }
    }

    /// Total size in bytes.
    pub fn bytes(self) -> u32 {
        self.elem().map_or(0, |e| e.bytes() * self.num_elems())
    }

    /// The same shape with another element type.
    pub fn with_elem(self, elem: Elem) -> Type {
        match self {
            Type::Void => Type::Void,
            Type::Scalar(_) => Type::Scalar(elem),
            Type::Vector(_, n) => Type::Vector(elem, n),
        }
    }

    /// Whether this is a vector type.
    pub fn is_vector(self) -> bool {
        matches!(self, Type::Vector(..))
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => f.write_str("void"),
            Type::Scalar(e) => write!(f, "{e}"),
            Type::Vector(e, n) => write!(f, "<{n} x {e}>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_names() {
        assert_eq!(Type::Vector(Elem::Float, 32).bytes(), 128);
        assert_eq!(Type::Scalar(Elem::Half).bytes(), 2);
        assert_eq!(Type::Void.bytes(), 0);
        assert_eq!(Type::Vector(Elem::I16, 3).to_string(), "<3 x i16>");
        assert_eq!(Elem::Double.int_of_same_size(), Elem::I64);
        assert!(Elem::Half.is_float() && !Elem::I1.is_int());
    }
}
