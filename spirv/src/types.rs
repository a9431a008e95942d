//! SPIR-V types as the rebuilt LLVM module spells them, and the kernel argument kinds the VC
//! reader adaptor derives from the surface, image and sampler types of kernel parameters.

/// A SPIR-V type, resolved from its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// OpTypeVoid.
    Void,
    /// OpTypeBool: `i1`.
    Bool,
    /// OpTypeInt of a width (signedness is not part of LLVM's integer types).
    Int(u32),
    /// OpTypeFloat of a width (16, 32, 64).
    Float(u32),
    /// OpTypeVector: element type and count (VectorAnyINTEL allows any count, even 1).
    Vector(Box<Ty>, u32),
    /// OpTypeArray: element type and length.
    Array(Box<Ty>, u64),
    /// OpTypeStruct: member types.
    Struct(Vec<Ty>),
    /// OpTypePointer: pointee and LLVM address space.
    Pointer(Box<Ty>, u32),
    /// OpTypeFunction: return and parameter types.
    Function(Box<Ty>, Vec<Ty>),
    /// A surface or sampler: OpTypeBufferSurfaceINTEL, OpTypeImage, OpTypeSampler or a pointer
    /// to the translator's named opaque types; an `i32` binding table index in the rebuilt module.
    Resource(Resource),
    /// OpTypeOpaque of another name.
    Opaque(String),
}

/// A resource kernel argument as `genx.kernels` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// The argument kind: 1 sampler, 2 surface.
    pub kind: u32,
    /// The descriptor without access, such as `buffer_t`, `image2d_t`, `sampler_t`.
    pub base: &'static str,
    /// The access: `read_only`, `write_only`, `read_write`, or none for samplers.
    pub access: Option<&'static str>,
}

impl Resource {
    /// The `genx.kernels` descriptor string, such as `buffer_t read_write`.
    pub fn desc(&self) -> String {
        match self.access {
            Some(a) => format!("{} {a}", self.base),
            None => self.base.to_string(),
        }
    }
}

/// The `genx.kernels` access word of a SPIR-V AccessQualifier value.
pub fn access_word(access: u32) -> Option<&'static str> {
    match access {
        0 => Some("read_only"),
        1 => Some("write_only"),
        2 => Some("read_write"),
        _ => None,
    }
}

/// The resource named by a translator opaque type (`intel.buffer_rw_t`, `opencl.image2d_ro_t`,
/// `intel.image2d_media_block_wo_t`, `opencl.sampler_t`).
pub fn resource_of_opaque(name: &str) -> Option<Resource> {
    if name == "opencl.sampler_t" || name == "spirv.Sampler" {
        return Some(Resource { kind: 1, base: "sampler_t", access: None });
    }
    let rest = name.strip_prefix("intel.").or_else(|| name.strip_prefix("opencl."))?;
    let rest = rest.strip_suffix("_t")?;
    let (base, access) = rest.rsplit_once('_')?;
    let access = match access {
        "ro" => "read_only",
        "wo" => "write_only",
        "rw" => "read_write",
        _ => return None,
    };
    let base = match base {
        "buffer" => "buffer_t",
        "image1d" => "image1d_t",
        "image1d_array" => "image1d_array_t",
        "image1d_buffer" => "image1d_buffer_t",
        "image2d" => "image2d_t",
        "image2d_array" => "image2d_array_t",
        "image2d_media_block" => "image2d_media_block_t",
        "image3d" => "image3d_t",
        _ => return None,
    };
    Some(Resource { kind: 2, base, access: Some(access) })
}

/// The resource of an OpTypeImage: dimensionality (SPIR-V Dim), arrayed, access qualifier.
pub fn resource_of_image(dim: u32, arrayed: bool, access: u32, media_block: bool) -> Option<Resource> {
    let base = match (dim, arrayed) {
        (0, false) => "image1d_t",
        (0, true) => "image1d_array_t",
        (1, false) if media_block => "image2d_media_block_t",
        (1, false) => "image2d_t",
        (1, true) => "image2d_array_t",
        (2, false) => "image3d_t",
        (5, false) => "image1d_buffer_t",
        _ => return None,
    };
    Some(Resource { kind: 2, base, access: Some(access_word(access)?) })
}

impl Ty {
    /// The LLVM 14 spelling of the type.
    pub fn llvm(&self) -> String {
        match self {
            Ty::Void => "void".into(),
            Ty::Bool => "i1".into(),
            Ty::Int(w) => format!("i{w}"),
            Ty::Float(16) => "half".into(),
            Ty::Float(64) => "double".into(),
            Ty::Float(_) => "float".into(),
            Ty::Vector(e, n) => format!("<{n} x {}>", e.llvm()),
            Ty::Array(e, n) => format!("[{n} x {}]", e.llvm()),
            Ty::Struct(ms) => {
                format!("{{ {} }}", ms.iter().map(Ty::llvm).collect::<Vec<_>>().join(", "))
            }
            Ty::Pointer(p, _) if matches!(**p, Ty::Resource(_)) => "i32".into(),
            Ty::Pointer(p, a) => {
                let pointee = match &**p {
                    Ty::Void | Ty::Opaque(_) => "i8".into(),
                    other => other.llvm(),
                };
                if *a == 0 {
                    format!("{pointee}*")
                } else {
                    format!("{pointee} addrspace({a})*")
                }
            }
            Ty::Function(r, ps) => {
                format!("{} ({})", r.llvm(), ps.iter().map(Ty::llvm).collect::<Vec<_>>().join(", "))
            }
            Ty::Resource(_) => "i32".into(),
            Ty::Opaque(_) => "i8".into(),
        }
    }

    /// The resource a kernel parameter of this type is, if any (the type itself or a pointer to
    /// a translator opaque type).
    pub fn resource(&self) -> Option<&Resource> {
        match self {
            Ty::Resource(r) => Some(r),
            Ty::Pointer(p, _) => match &**p {
                Ty::Resource(r) => Some(r),
                _ => None,
            },
            _ => None,
        }
    }

    /// The element type of a vector, or the type itself.
    pub fn scalar(&self) -> &Ty {
        match self {
            Ty::Vector(e, _) => e,
            t => t,
        }
    }

    /// The bit width of an integer or float scalar (or of a vector's elements); 1 for bool.
    pub fn bits(&self) -> Option<u32> {
        match self.scalar() {
            Ty::Int(w) | Ty::Float(w) => Some(*w),
            Ty::Bool => Some(1),
            _ => None,
        }
    }

    /// The suffix LLVM's overloaded intrinsics take for this type (`f32`, `v16f32`, `i32`).
    pub fn mangle(&self) -> String {
        match self {
            Ty::Vector(e, n) => format!("v{n}{}", e.mangle()),
            Ty::Float(w) => format!("f{w}"),
            Ty::Int(w) => format!("i{w}"),
            Ty::Bool => "i1".into(),
            other => other.llvm(),
        }
    }

    /// Whether this is a pointer type.
    pub fn is_pointer(&self) -> bool {
        matches!(self, Ty::Pointer(..))
    }
}

/// The type the writer adaptor's rewrite-sev option turned into `t`: the single-element vector
/// it was, with `inner` of `t`'s pointer levels inside the vector and the others outside
/// (SingleElementVectorINTEL's literal): `i32` with 0 is `<1 x i32>`, `i32**` with 0
/// `<1 x i32>**`, with 1 `<1 x i32*>*`. `None` when `t` has fewer pointer levels or is not a
/// scalar at the bottom.
pub fn single_element(t: &Ty, inner: u32) -> Option<Ty> {
    let mut depth = 0u32;
    let mut bottom = t;
    while let Ty::Pointer(p, _) = bottom {
        depth += 1;
        bottom = p;
    }
    if inner > depth || !matches!(bottom, Ty::Bool | Ty::Int(_) | Ty::Float(_)) {
        return None;
    }
    fn wrap(t: &Ty, outer: u32) -> Ty {
        match t {
            Ty::Pointer(p, a) if outer > 0 => Ty::Pointer(Box::new(wrap(p, outer - 1)), *a),
            _ => Ty::Vector(Box::new(t.clone()), 1),
        }
    }
    Some(wrap(t, depth - inner))
}

/// The conversion between a single-element vector type `vector` ([`single_element`]) and the
/// scalar type `scalar` it was written as: its lines' instruction text, from the typed value
/// `value` (`<type> <value>`) into the named `result`. The vector itself converts by its element;
/// a pointer to it by a bitcast.
pub fn single_element_conversion(
    vector: &Ty,
    scalar: &Ty,
    value: &str,
    result: &str,
    to_vector: bool,
) -> String {
    match (vector, to_vector) {
        (Ty::Vector(_, 1), true) => {
            format!("{result} = insertelement {} undef, {value}, i32 0", vector.llvm())
        }
        (Ty::Vector(..), false) => format!("{result} = extractelement {value}, i32 0"),
        (_, true) => format!("{result} = bitcast {value} to {}", vector.llvm()),
        (_, false) => format!("{result} = bitcast {value} to {}", scalar.llvm()),
    }
}

/// The allocation size and ABI alignment in bytes LLVM's layout of the rebuilt module
/// (`e-p:64:64-i64:64-n8:16:32`, or 32-bit pointers) gives a type: scalars and pointers their
/// size, vectors their size rounded up to a power of two, arrays their element's alignment,
/// structures their members' largest alignment, each member at its alignment. `None` for types
/// without a memory layout (void, functions, opaque types).
pub fn layout(t: &Ty, pointers64: bool) -> Option<(u64, u64)> {
    Some(match t {
        Ty::Bool => (1, 1),
        Ty::Int(w) | Ty::Float(w) => (u64::from(*w) / 8, u64::from(*w) / 8),
        Ty::Pointer(p, _) if matches!(**p, Ty::Resource(_)) => (4, 4),
        Ty::Pointer(..) if pointers64 => (8, 8),
        Ty::Pointer(..) => (4, 4),
        Ty::Resource(_) => (4, 4),
        Ty::Vector(e, n) => {
            let bits =
                u64::from(e.bits().or_else(|| e.is_pointer().then_some(if pointers64 { 64 } else { 32 }))?);
            let store = (bits * u64::from(*n)).div_ceil(8);
            let align = store.next_power_of_two();
            (align_to(store, align)?, align)
        }
        Ty::Array(e, n) => {
            let (size, align) = layout(e, pointers64)?;
            (size.checked_mul(*n)?, align)
        }
        Ty::Struct(members) => {
            let (mut at, mut max) = (0u64, 1u64);
            for t in members {
                let (size, align) = layout(t, pointers64)?;
                at = align_to(at, align)?.checked_add(size)?;
                max = max.max(align);
            }
            (align_to(at, max)?, max)
        }
        Ty::Void | Ty::Function(..) | Ty::Opaque(_) => return None,
    })
}

/// `at` rounded up to a multiple of `align` (at least 1), `None` on overflow.
pub fn align_to(at: u64, align: u64) -> Option<u64> {
    at.div_ceil(align.max(1)).checked_mul(align.max(1))
}

/// The LLVM address space of a SPIR-V storage class (the translator's SPIR mapping).
pub fn address_space(storage_class: u32) -> Option<u32> {
    match storage_class {
        // Function, Private
        7 | 6 => Some(0),
        // CrossWorkgroup
        5 => Some(1),
        // UniformConstant
        0 => Some(2),
        // Workgroup
        4 => Some(3),
        // Generic
        8 => Some(4),
        // Input (the OpenCL built-in variables)
        1 => Some(7),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translator_opaque_types_are_resources() {
        let r = resource_of_opaque("intel.buffer_ro_t").unwrap();
        assert_eq!((r.kind, r.desc()), (2, "buffer_t read_only".to_string()));
        let r = resource_of_opaque("intel.image2d_media_block_wo_t").unwrap();
        assert_eq!(r.desc(), "image2d_media_block_t write_only");
        assert_eq!(
            resource_of_opaque("opencl.image1d_array_rw_t").unwrap().desc(),
            "image1d_array_t read_write"
        );
        assert_eq!(resource_of_opaque("opencl.sampler_t").unwrap().kind, 1);
        assert_eq!(resource_of_opaque("intel.buffer_xx_t"), None);
        assert_eq!(resource_of_opaque("struct.S"), None);
    }

    #[test]
    fn images_by_dimensionality() {
        assert_eq!(resource_of_image(1, false, 0, false).unwrap().desc(), "image2d_t read_only");
        assert_eq!(resource_of_image(1, false, 2, true).unwrap().desc(), "image2d_media_block_t read_write");
        assert_eq!(resource_of_image(5, false, 1, false).unwrap().desc(), "image1d_buffer_t write_only");
        assert_eq!(resource_of_image(2, true, 0, false), None, "no 3D arrays");
        assert_eq!(resource_of_image(0, false, 7, false), None, "no such access");
    }

    #[test]
    fn single_element_vectors_by_inner_pointer_levels() {
        let i32p = |n: u32| (0..n).fold(Ty::Int(32), |t, _| Ty::Pointer(Box::new(t), 0));
        assert_eq!(single_element(&Ty::Int(32), 0).unwrap().llvm(), "<1 x i32>");
        assert_eq!(single_element(&i32p(2), 0).unwrap().llvm(), "<1 x i32>**");
        assert_eq!(single_element(&i32p(2), 1).unwrap().llvm(), "<1 x i32*>*");
        assert_eq!(single_element(&i32p(3), 3).unwrap().llvm(), "<1 x i32***>");
        assert_eq!(single_element(&i32p(1), 2), None);
        assert_eq!(single_element(&Ty::Struct(vec![]), 0), None);
    }

    #[test]
    fn layouts_are_llvms() {
        let s =
            Ty::Struct(vec![Ty::Int(8), Ty::Int(64), Ty::Vector(Box::new(Ty::Float(32)), 3), Ty::Int(16)]);
        // i8 at 0, i64 at 8, <3 x float> (12 bytes, aligned 16) at 16, i16 at 32; size 48.
        assert_eq!(layout(&s, true), Some((48, 16)));
        assert_eq!(layout(&Ty::Pointer(Box::new(Ty::Int(8)), 1), false), Some((4, 4)));
        assert_eq!(layout(&Ty::Array(Box::new(Ty::Int(16)), 5), true), Some((10, 2)));
        assert_eq!(layout(&Ty::Void, true), None);
    }

    #[test]
    fn llvm_spellings() {
        let v = Ty::Vector(Box::new(Ty::Float(16)), 8);
        assert_eq!(v.llvm(), "<8 x half>");
        assert_eq!(v.mangle(), "v8f16");
        assert_eq!(Ty::Pointer(Box::new(Ty::Int(32)), 1).llvm(), "i32 addrspace(1)*");
        assert_eq!(Ty::Pointer(Box::new(Ty::Void), 0).llvm(), "i8*");
        let buffer = Ty::Resource(resource_of_opaque("intel.buffer_rw_t").unwrap());
        assert_eq!(Ty::Pointer(Box::new(buffer), 1).llvm(), "i32");
        let f = Ty::Function(Box::new(Ty::Void), vec![Ty::Int(32), Ty::Bool]);
        assert_eq!(Ty::Pointer(Box::new(f), 0).llvm(), "void (i32, i1)*");
    }
}
