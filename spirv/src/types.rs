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
