//! The MLIR syntax tree: operations, regions, blocks and values in arenas owned by one [`Ir`], with
//! the builtin and LLVM dialect types and the attributes the parser understands.
//!
//! Custom and generic operation forms parse to the same [`Operation`]: attributes carry MLIR's own
//! names (`predicate`, `callee`, `sym_name`, `function_type`, ...), with enumerations stored as
//! integers as the generic form writes them.

use std::fmt;

/// Index of an operation in [`Ir::ops`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u32);
/// Index of a region in [`Ir::regions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(pub u32);
/// Index of a block in [`Ir::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);
/// Index of an SSA value in [`Ir::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// A position in the source text (1-based).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Loc {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

/// Signedness of a builtin integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// Layout of a ranked memref.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The row-major identity layout.
    Identity,
    /// `strided<[s0, s1], offset: o>`; [`DYNAMIC`] marks `?`.
    Strided {
        /// Strides per dimension.
        strides: Vec<i64>,
        /// Offset in elements.
        offset: i64,
    },
    /// An affine map layout, kept as text.
    Map(String),
}

/// The value of a dynamic size, stride or offset (`?`).
pub const DYNAMIC: i64 = i64::MIN;

/// A type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Builtin integer of a width and signedness.
    Int(u32, Signedness),
    /// `index`.
    Index,
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `f80`.
    F80,
    /// `f128`.
    F128,
    /// `none`.
    None,
    /// `vector<4x8xf32>`; scalable dimensions are flagged.
    Vector {
        /// Dimensions.
        shape: Vec<u64>,
        /// Which dimensions are scalable (`[4]`).
        scalable: Vec<bool>,
        /// Element type.
        elem: Box<Type>,
    },
    /// `tensor<...>` (ranked: `Some(shape)`).
    Tensor {
        /// Shape, `None` when unranked.
        shape: Option<Vec<i64>>,
        /// Element type.
        elem: Box<Type>,
    },
    /// A ranked memref.
    MemRef {
        /// Dimensions ([`DYNAMIC`] for `?`).
        shape: Vec<i64>,
        /// Element type.
        elem: Box<Type>,
        /// Layout.
        layout: Layout,
        /// Memory space (integer form).
        space: u32,
    },
    /// `memref<*xT>`.
    UnrankedMemRef {
        /// Element type.
        elem: Box<Type>,
        /// Memory space.
        space: u32,
    },
    /// `complex<T>`.
    Complex(Box<Type>),
    /// `tuple<...>`.
    Tuple(Vec<Type>),
    /// A builtin function type `(inputs) -> results`.
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `!llvm.ptr` (opaque when `pointee` is `None`), `!llvm.ptr<i32, 3>`, `!llvm<"i8*">`.
    LlvmPtr {
        /// Element type of a typed pointer.
        pointee: Option<Box<Type>>,
        /// Address space.
        space: u32,
    },
    /// `!llvm.void`.
    LlvmVoid,
    /// `!llvm.struct<...>`.
    LlvmStruct(StructType),
    /// `!llvm.array<N x T>`.
    LlvmArray(u64, Box<Type>),
    /// `!llvm.func<R (A, B, ...)>`.
    LlvmFunc {
        /// Result type (`LlvmVoid` for none).
        ret: Box<Type>,
        /// Parameter types.
        params: Vec<Type>,
        /// Whether the function is variadic.
        vararg: bool,
    },
    /// `!llvm.vec<N x T>` (vectors of pointers, scalable vectors).
    LlvmVec {
        /// Element count.
        len: u64,
        /// `?` scalable.
        scalable: bool,
        /// Element type.
        elem: Box<Type>,
    },
    /// `!llvm.label`, `!llvm.metadata`, `!llvm.token`, `!llvm.x86_mmx`, ...: by name.
    LlvmOther(String),
    /// A type of a dialect genxc does not know, kept as text.
    Opaque(String),
}

/// An LLVM dialect struct type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    /// Identifier of an identified struct.
    pub name: Option<String>,
    /// `<(...)>` packed form.
    pub packed: bool,
    /// Members; `None` for a reference to an identified struct without its body, or an opaque one.
    pub body: Option<Vec<Type>>,
    /// Explicitly `opaque`.
    pub opaque: bool,
}

impl Type {
    /// The signless integer type of a width.
    pub fn int(width: u32) -> Type {
        Type::Int(width, Signedness::Signless)
    }

    /// Whether this is a builtin or LLVM float type.
    pub fn is_float(&self) -> bool {
        matches!(self, Type::F16 | Type::BF16 | Type::F32 | Type::F64 | Type::F80 | Type::F128)
    }

    /// The element type of a vector, or the type itself.
    pub fn scalar(&self) -> &Type {
        match self {
            Type::Vector { elem, .. } | Type::LlvmVec { elem, .. } => elem,
            t => t,
        }
    }
}

/// Formats a memref/tensor dimension.
fn dim(d: i64) -> String {
    if d == DYNAMIC {
        "?".into()
    } else {
        d.to_string()
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |ts: &[Type]| ts.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        match self {
            Type::Int(w, Signedness::Signless) => write!(f, "i{w}"),
            Type::Int(w, Signedness::Signed) => write!(f, "si{w}"),
            Type::Int(w, Signedness::Unsigned) => write!(f, "ui{w}"),
            Type::Index => f.write_str("index"),
            Type::F16 => f.write_str("f16"),
            Type::BF16 => f.write_str("bf16"),
            Type::F32 => f.write_str("f32"),
            Type::F64 => f.write_str("f64"),
            Type::F80 => f.write_str("f80"),
            Type::F128 => f.write_str("f128"),
            Type::None => f.write_str("none"),
            Type::Vector { shape, scalable, elem } => {
                f.write_str("vector<")?;
                for (i, d) in shape.iter().enumerate() {
                    if scalable.get(i).copied().unwrap_or(false) {
                        write!(f, "[{d}]x")?;
                    } else {
                        write!(f, "{d}x")?;
                    }
                }
                write!(f, "{elem}>")
            }
            Type::Tensor { shape: None, elem } => write!(f, "tensor<*x{elem}>"),
            Type::Tensor { shape: Some(s), elem } => {
                f.write_str("tensor<")?;
                for d in s {
                    write!(f, "{}x", dim(*d))?;
                }
                write!(f, "{elem}>")
            }
            Type::MemRef { shape, elem, layout, space } => {
                f.write_str("memref<")?;
                for d in shape {
                    write!(f, "{}x", dim(*d))?;
                }
                write!(f, "{elem}")?;
                match layout {
                    Layout::Identity => {}
                    Layout::Strided { strides, offset } => {
                        write!(
                            f,
                            ", strided<[{}]",
                            strides.iter().map(|s| dim(*s)).collect::<Vec<_>>().join(", ")
                        )?;
                        if *offset != 0 {
                            write!(f, ", offset: {}", dim(*offset))?;
                        }
                        f.write_str(">")?;
                    }
                    Layout::Map(m) => write!(f, ", {m}")?,
                }
                if *space != 0 {
                    write!(f, ", {space}")?;
                }
                f.write_str(">")
            }
            Type::UnrankedMemRef { elem, space } => {
                if *space != 0 {
                    write!(f, "memref<*x{elem}, {space}>")
                } else {
                    write!(f, "memref<*x{elem}>")
                }
            }
            Type::Complex(t) => write!(f, "complex<{t}>"),
            Type::Tuple(ts) => write!(f, "tuple<{}>", list(ts)),
            Type::Function { inputs, results } => {
                write!(f, "({}) -> ", list(inputs))?;
                if results.len() == 1 && !matches!(results[0], Type::Function { .. }) {
                    write!(f, "{}", results[0])
                } else {
                    write!(f, "({})", list(results))
                }
            }
            Type::LlvmPtr { pointee: None, space: 0 } => f.write_str("!llvm.ptr"),
            Type::LlvmPtr { pointee: None, space } => write!(f, "!llvm.ptr<{space}>"),
            Type::LlvmPtr { pointee: Some(p), space: 0 } => write!(f, "!llvm.ptr<{p}>"),
            Type::LlvmPtr { pointee: Some(p), space } => write!(f, "!llvm.ptr<{p}, {space}>"),
            Type::LlvmVoid => f.write_str("!llvm.void"),
            Type::LlvmStruct(s) => {
                f.write_str("!llvm.struct<")?;
                if let Some(n) = &s.name {
                    write!(f, "\"{n}\"")?;
                    if s.body.is_none() && !s.opaque {
                        return f.write_str(">");
                    }
                    f.write_str(", ")?;
                }
                if s.opaque {
                    return f.write_str("opaque>");
                }
                if s.packed {
                    f.write_str("packed ")?;
                }
                write!(f, "({})>", list(s.body.as_deref().unwrap_or(&[])))
            }
            Type::LlvmArray(n, t) => write!(f, "!llvm.array<{n} x {t}>"),
            Type::LlvmFunc { ret, params, vararg } => {
                let mut p = list(params);
                if *vararg {
                    p = if p.is_empty() { "...".into() } else { format!("{p}, ...") };
                }
                write!(f, "!llvm.func<{ret} ({p})>")
            }
            Type::LlvmVec { len, scalable, elem } => {
                write!(f, "!llvm.vec<{}{len} x {elem}>", if *scalable { "? x " } else { "" })
            }
            Type::LlvmOther(n) => write!(f, "!llvm.{n}"),
            Type::Opaque(t) => f.write_str(t),
        }
    }
}

/// One element of a dense literal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// An integer (or a boolean as 0/1).
    Int(i128),
    /// A float value.
    Float(f64),
    /// A float given by its bit pattern (`0x7FC00000`).
    Bits(u64),
}

/// An attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// `unit` (a present flag).
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32` (the type defaults to i64).
    Int(i128, Type),
    /// `1.5 : f32` or a hex bit pattern.
    Float(Scalar, Type),
    /// `"text"` as bytes after escapes.
    Str(Vec<u8>),
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b]`, also `array<i64: 1, 2>`.
    Array(Vec<Attr>),
    /// `{name = value}`.
    Dict(Vec<(String, Attr)>),
    /// `@sym` or `@sym::@nested`.
    Symbol(String),
    /// `dense<...> : type`: flattened elements (one for a splat) and the shaped type.
    Dense(Vec<Scalar>, Type),
    /// `#dialect.name<body>` or `#dialect<body>`: name and the text between the brackets.
    Dialect(String, String),
    /// `strided<[...], offset: ...>` or an affine map as a layout attribute.
    Layout(Layout),
}

impl Attr {
    /// The integer value of an integer or boolean attribute.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attr::Int(v, _) => Some(*v),
            Attr::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }

    /// The string of a string attribute, if it is UTF-8.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attr::Str(s) => std::str::from_utf8(s).ok(),
            _ => None,
        }
    }
}

/// A successor of a terminator with the values passed to its block arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Successor {
    /// Target block.
    pub block: BlockId,
    /// Values for the block arguments.
    pub args: Vec<ValueId>,
}

/// One operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    /// Full name, `dialect.op` (custom names are expanded: `return` is `func.return`).
    pub name: String,
    /// Operands.
    pub operands: Vec<ValueId>,
    /// Results.
    pub results: Vec<ValueId>,
    /// Attributes and properties, by name.
    pub attrs: Vec<(String, Attr)>,
    /// Nested regions.
    pub regions: Vec<RegionId>,
    /// Successors of a terminator.
    pub successors: Vec<Successor>,
    /// Where the operation starts.
    pub loc: Loc,
}

impl Operation {
    /// An attribute by name.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }
}

/// A region: a list of blocks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Region {
    /// Blocks in order; the first is the entry block.
    pub blocks: Vec<BlockId>,
}

/// A block: arguments and operations.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    /// Label as written (`bb1`), empty for an unlabelled entry block.
    pub label: String,
    /// Block arguments.
    pub args: Vec<ValueId>,
    /// Operations in order.
    pub ops: Vec<OpId>,
    /// Where the block is written.
    pub loc: Loc,
}

/// What defines a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of an operation.
    Result(OpId, u32),
    /// Argument `index` of a block.
    Arg(BlockId, u32),
    /// A forward reference not resolved yet (only during parsing).
    Pending,
}

/// An SSA value.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// Its type.
    pub ty: Type,
    /// Its definition.
    pub def: ValueDef,
    /// The name as written (without `%`), for messages.
    pub name: String,
}

/// Arenas of one parsed file.
#[derive(Clone, Debug, Default)]
pub struct Ir {
    /// Every operation.
    pub ops: Vec<Operation>,
    /// Every region.
    pub regions: Vec<Region>,
    /// Every block.
    pub blocks: Vec<Block>,
    /// Every value.
    pub values: Vec<Value>,
}

impl Ir {
    /// An operation.
    pub fn op(&self, id: OpId) -> &Operation {
        &self.ops[id.0 as usize]
    }
    /// A region.
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.0 as usize]
    }
    /// A block.
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.0 as usize]
    }
    /// A value.
    pub fn value(&self, id: ValueId) -> &Value {
        &self.values[id.0 as usize]
    }
    /// The type of a value.
    pub fn ty(&self, id: ValueId) -> &Type {
        &self.values[id.0 as usize].ty
    }
    /// The operations of the single block of a region (empty for an empty region).
    pub fn region_ops(&self, id: RegionId) -> &[OpId] {
        match self.region(id).blocks.first() {
            Some(b) => &self.block(*b).ops,
            None => &[],
        }
    }
}

/// A parsed file: the arenas and one `builtin.module` per `// -----` part (or one for the file).
#[derive(Clone, Debug, Default)]
pub struct MlirFile {
    /// The arenas.
    pub ir: Ir,
    /// Top-level module operations.
    pub modules: Vec<OpId>,
}
