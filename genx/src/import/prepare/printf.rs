//! printf resolution (what Intel's Vector Compiler does in GenXPrintfResolution and its printf
//! built-ins): every call of `printf` or `__spirv_ocl_printf` whose format is a constant string
//! becomes writes of one record to the printf buffer, in the format the compute runtime's
//! `PrintFormatter` reads, and `llvm.genx.print.format.index` of a constant string becomes the
//! string's index.
//!
//! The buffer's first dword is the offset of its free space; a record is claimed with one atomic
//! add of its size on that dword. A record is the format string's index, then per argument a
//! data-type tag dword and the value (4 or 8 bytes; a vector adds its element count after the tag;
//! a `%s` string is the string's index). When the record does not fit in the buffer nothing of it
//! is written (the index -1 is written instead when four bytes still fit, which the runtime
//! skips) and the call returns -1; otherwise 0.
//!
//! The writes are plain LLVM IR (an atomic add and stores through a global pointer made from the
//! `llvm.genx.print.buffer` address), left for the memory lowering. Each call becomes a call of an
//! `alwaysinline` writer (one per record size) that is inlined at the end, which gives the branch
//! around the stores without splitting blocks here. Format and `%s` strings go into the string
//! table, kept in the named metadata [`PRINTF_STRINGS_MD`] in index order for kernels.json; the
//! string globals, then unused, are deleted.
//!
//! For a zebin the runtime reads strings by address instead ([`request_strings_by_address`]: the
//! module carries the named metadata [`PRINTF_BY_ADDRESS_MD`]): the record starts with the
//! format string's 64-bit address and a `%s` argument is its tag and the string's 64-bit
//! address; the string globals stay, in the data section, and the string table is still kept
//! for kernels.json. A record that does not fit is then marked by the 8-byte address
//! `0xffffffff` (where eight bytes fit), at which the runtime's decoder stops.

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::inst_label;
use genxc_diag::{unsupported, Diagnostic, Failure};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{
    LLVMAtomicOrdering, LLVMAtomicRMWBinOp, LLVMAttributeFunctionIndex, LLVMIntPredicate, LLVMLinkage,
    LLVMOpcode, LLVMTypeKind,
};
use std::collections::{HashMap, HashSet};
use std::ffi::CString;

/// Bytes of the printf buffer the compute runtime allocates for a kernel (4 MiB, the size IGC
/// also compiles against): a record ending past it is not written.
pub const PRINTF_BUFFER_BYTES: u32 = 4 << 20;

/// Named metadata holding the string table: operand `i` is `!{!"string i"}`.
pub const PRINTF_STRINGS_MD: &str = "genx.printf.strings";

/// Named metadata whose presence asks for printf records holding string addresses (a zebin's
/// format) rather than string indices.
pub const PRINTF_BY_ADDRESS_MD: &str = "genx.printf.by_address";

/// Marks `m` so that its printf records hold the 64-bit addresses of their strings (as the
/// compute runtime reads a zebin's printf buffer) rather than string indices.
pub fn request_strings_by_address(m: &inkwell::module::Module<'_>) {
    let node = m.get_context().metadata_node(&[]);
    // adding an operand to a named metadata node of the module cannot fail for a node
    let _ = m.add_global_metadata(PRINTF_BY_ADDRESS_MD, &node);
}

/// Data-type tags of the printf buffer (the compute runtime's `PrintfDataType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum PrintfDataType {
    /// An 8/16/32-bit integer, zero-extended to a dword.
    Int = 3,
    /// A float (half is widened to float).
    Float = 4,
    /// A constant string, by its index in the string table.
    String = 5,
    /// A 64-bit integer.
    Long = 6,
    /// A pointer, as 64 bits (32-bit pointers zero-extended).
    Pointer = 7,
    /// A double.
    Double = 8,
    /// A vector of bytes: count, the bytes packed, then padding to four bytes per element.
    VectorByte = 9,
    /// A vector of 16-bit integers, laid out like bytes (two bytes each, then padding).
    VectorShort = 10,
    /// A vector of 32-bit integers.
    VectorInt = 11,
    /// A vector of 64-bit integers.
    VectorLong = 12,
    /// A vector of floats.
    VectorFloat = 13,
    /// A vector of doubles.
    VectorDouble = 14,
}

/// What a call is, by the callee's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Callee {
    /// OpenCL/CM `printf` and SPIR-V `__spirv_ocl_printf`.
    Printf,
    /// `llvm.genx.print.format.index`: a string's index in the table.
    FormatIndex,
}

fn callee_kind(name: &str) -> Option<Callee> {
    if name == "printf" || name.starts_with("_Z18__spirv_ocl_printf") || name == "__spirv_ocl_printf" {
        Some(Callee::Printf)
    } else if name.starts_with("llvm.genx.print.format.index") {
        Some(Callee::FormatIndex)
    } else {
        None
    }
}

/// The string table being built: strings in index order, deduplicated.
#[derive(Default)]
struct StringTable {
    strings: Vec<String>,
    index: HashMap<String, u32>,
}

impl StringTable {
    fn intern(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = self.strings.len() as u32;
        self.strings.push(s.to_string());
        self.index.insert(s.to_string(), i);
        i
    }
}

/// Resolves every printf call and format-index intrinsic of `m`. Errors are located diagnostics
/// of calls that cannot be compiled (a format that is not a constant string, `%*d`, ...); the
/// module is then left for the validator as it is.
pub fn resolve_printf(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let calls = printf_calls(m);
    if calls.is_empty() {
        return Ok(());
    }
    let mut r = Resolver::new(m);
    let mut diags = Vec::new();
    for &(call, f, kind) in &calls {
        let res = match kind {
            Callee::Printf => r.printf(call),
            Callee::FormatIndex => r.format_index(call),
        };
        if let Err(e) = res {
            diags.push(Diagnostic::in_function(f.name(), Some(inst_label(call)), e));
        }
    }
    if !diags.is_empty() {
        r.dispose();
        return Err(diags);
    }
    r.finish();
    Ok(())
}

/// Every call of a printf function or intrinsic in a defined function, with its function.
fn printf_calls(m: &ModuleRef) -> Vec<(Val, Val, Callee)> {
    let mut out = Vec::new();
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        for i in f.blocks().into_iter().flat_map(|b| b.instructions()) {
            if i.opcode() != LLVMOpcode::LLVMCall {
                continue;
            }
            let callee = i.called_value();
            if callee.is_function() {
                if let Some(k) = callee_kind(&callee.name()) {
                    out.push((i, f, k));
                }
            }
        }
    }
    out
}

/// One argument of a record: its tag, the element count of a vector, and its value as dwords.
struct RecordArg {
    tag: PrintfDataType,
    count: Option<u32>,
    dwords: Vec<LLVMValueRef>,
}

/// The rewrite's state: the builder, the string table, the writers made so far (by record size
/// in dwords) and the values that may have become dead.
struct Resolver<'m> {
    m: &'m ModuleRef,
    ctx: LLVMContextRef,
    b: LLVMBuilderRef,
    table: StringTable,
    writers: HashMap<u32, LLVMValueRef>,
    maybe_dead: Vec<LLVMValueRef>,
    /// Records hold string addresses ([`PRINTF_BY_ADDRESS_MD`]), not indices.
    by_address: bool,
}

type R<T> = Result<T, Failure>;

impl<'m> Resolver<'m> {
    fn new(m: &'m ModuleRef) -> Self {
        // SAFETY: a builder in the module's context, disposed in `dispose`.
        let (ctx, b) = unsafe {
            let ctx = LLVMGetModuleContext(m.0);
            (ctx, LLVMCreateBuilderInContext(ctx))
        };
        let by_address = !m.named_metadata(PRINTF_BY_ADDRESS_MD).is_empty();
        Resolver {
            m,
            ctx,
            b,
            table: StringTable::default(),
            writers: HashMap::new(),
            maybe_dead: Vec::new(),
            by_address,
        }
    }

    fn i32t(&self) -> LLVMTypeRef {
        // SAFETY: the module's live context.
        unsafe { LLVMInt32TypeInContext(self.ctx) }
    }

    fn i64t(&self) -> LLVMTypeRef {
        // SAFETY: the module's live context.
        unsafe { LLVMInt64TypeInContext(self.ctx) }
    }

    fn c32(&self, v: u32) -> LLVMValueRef {
        // SAFETY: a constant of the context's i32.
        unsafe { LLVMConstInt(self.i32t(), u64::from(v), 0) }
    }

    fn c64(&self, v: u64) -> LLVMValueRef {
        // SAFETY: a constant of the context's i64.
        unsafe { LLVMConstInt(self.i64t(), v, 0) }
    }

    /// `llvm.genx.print.format.index(str)`: the string's index.
    fn format_index(&mut self, call: Val) -> R<()> {
        if call.num_call_args() != 1 {
            return Err(unsupported("llvm.genx.print.format.index with other than one argument"));
        }
        let s = call.operand(0);
        // SAFETY: the builder is positioned before a live instruction of the module.
        unsafe { LLVMPositionBuilderBefore(self.b, call.0) };
        let idx = self.string_index(s.0)?;
        let ty = call.ty();
        let idx = if ty.kind() == LLVMTypeKind::LLVMIntegerTypeKind && ty.int_width() != 32 {
            // SAFETY: an integer cast of an i32 value at the builder's position.
            unsafe { LLVMBuildZExtOrBitCast(self.b, idx, ty.0, c"".as_ptr()) }
        } else if ty.kind() == LLVMTypeKind::LLVMIntegerTypeKind {
            idx
        } else {
            return Err(unsupported(format!("llvm.genx.print.format.index returning {}", ty.print())));
        };
        self.replace(call, idx);
        self.maybe_dead.push(s.0);
        Ok(())
    }

    /// A printf call: the record's arguments are converted before the call, then the call is
    /// replaced by a call of the writer for the record's size.
    fn printf(&mut self, call: Val) -> R<()> {
        let nargs = call.num_call_args();
        if nargs == 0 {
            return Err(unsupported("printf without a format string"));
        }
        let fmt_val = call.operand(0);
        let fmt = constant_string(fmt_val.0).ok_or_else(|| {
            unsupported("printf whose format is not a constant string (a global C string constant)")
        })?;
        let convs = conversions(&fmt)?;
        // SAFETY: the builder is positioned before a live instruction of the module.
        unsafe { LLVMPositionBuilderBefore(self.b, call.0) };
        let fmt_words = self.string_words(fmt_val.0)?;
        let mut args = Vec::new();
        // Arguments past the conversions are dropped (as IGC does): the runtime never reads them.
        for (k, &conv) in convs.iter().enumerate() {
            let at = 1 + k as u32;
            if at >= nargs {
                break;
            }
            args.push(self.record_arg(call.operand(at), conv)?);
        }
        for i in 0..nargs {
            self.maybe_dead.push(call.operand(i).0);
        }
        let mut record = fmt_words;
        for a in &args {
            record.push(self.c32(a.tag as u32));
            if let Some(n) = a.count {
                record.push(self.c32(n));
            }
            record.extend_from_slice(&a.dwords);
        }
        let n = record.len() as u32;
        let writer = self.writer(n);
        // SAFETY: typed calls at the builder's position; every record value is an i32.
        let ret = unsafe {
            let vty = LLVMVectorType(self.i32t(), n);
            let mut vec = LLVMGetUndef(vty);
            for (i, &d) in record.iter().enumerate() {
                vec = LLVMBuildInsertElement(self.b, vec, d, self.c32(i as u32), c"".as_ptr());
            }
            let fty = LLVMGlobalGetValueType(writer);
            let mut a = [vec];
            LLVMBuildCall2(self.b, fty, writer, a.as_mut_ptr(), 1, c"printf".as_ptr())
        };
        let ty = call.ty();
        let ret = if ty.kind() == LLVMTypeKind::LLVMIntegerTypeKind && ty.int_width() != 32 {
            // SAFETY: an integer cast at the builder's position.
            unsafe { LLVMBuildSExtOrBitCast(self.b, ret, ty.0, c"".as_ptr()) }
        } else {
            ret
        };
        self.replace(call, ret);
        Ok(())
    }

    /// Replaces `call`'s uses with `v` (when it has a value) and deletes it.
    fn replace(&mut self, call: Val, v: LLVMValueRef) {
        // SAFETY: `call` is a live instruction; `v` has its type when it is not void.
        unsafe {
            if call.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind {
                LLVMReplaceAllUsesWith(call.0, v);
            }
            LLVMInstructionEraseFromParent(call.0);
        }
    }

    /// What a record holds for a string argument: its index (one dword), or with
    /// [`PRINTF_BY_ADDRESS_MD`] its 64-bit address (two dwords; its strings still join the table).
    fn string_words(&mut self, v: LLVMValueRef) -> R<Vec<LLVMValueRef>> {
        if !self.by_address {
            return Ok(vec![self.string_index(v)?]);
        }
        self.intern_strings(v)?;
        let address = self.string_address(v)?;
        Ok(self.split64(address))
    }

    /// The i64 address of a string argument: `llvm.genx.gaddr` of its global (the memory
    /// lowering's form of a global's address, which keeps the global in the data section), or a
    /// `select` of two such.
    fn string_address(&mut self, v: LLVMValueRef) -> R<LLVMValueRef> {
        let val = Val(v);
        if val.is_instruction() && val.opcode() == LLVMOpcode::LLVMSelect {
            let t = self.string_address(val.operand(1).0)?;
            let f = self.string_address(val.operand(2).0)?;
            // SAFETY: a select of two i64 values at the builder's position.
            return Ok(unsafe { LLVMBuildSelect(self.b, val.operand(0).0, t, f, c"str.address".as_ptr()) });
        }
        let mut g = v;
        // SAFETY: kind queries on live values.
        while unsafe { LLVMIsAGlobalVariable(g).is_null() } {
            g = cast_operand(g).ok_or_else(|| {
                unsupported(format!("a printf string that is not a global: {}", Val(v).print()))
            })?;
        }
        // SAFETY: `g` is a global variable of the module; the declaration is made once in the
        // module's context; the call is built at the builder's position.
        Ok(unsafe {
            let space = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
            let i8p = LLVMPointerType(LLVMInt8TypeInContext(self.ctx), space);
            let name = CString::new(format!("llvm.genx.gaddr.i64.p{space}i8")).unwrap_or_default();
            let fty = LLVMFunctionType(self.i64t(), [i8p].as_mut_ptr(), 1, 0);
            let mut decl = LLVMGetNamedFunction(self.m.0, name.as_ptr());
            if decl.is_null() {
                decl = LLVMAddFunction(self.m.0, name.as_ptr(), fty);
            }
            let arg = LLVMConstPointerCast(g, i8p);
            LLVMBuildCall2(self.b, fty, decl, [arg].as_mut_ptr(), 1, c"str.address".as_ptr())
        })
    }

    /// Adds the constant strings a string argument may be (through casts, zero GEPs and
    /// `select`s) to the table, without building anything; an error when it is not one.
    fn intern_strings(&mut self, v: LLVMValueRef) -> R<()> {
        if let Some(s) = constant_string(v) {
            self.table.intern(&s);
            return Ok(());
        }
        let val = Val(v);
        if val.is_instruction() && val.opcode() == LLVMOpcode::LLVMSelect {
            self.intern_strings(val.operand(1).0)?;
            return self.intern_strings(val.operand(2).0);
        }
        if let Some(inner) = cast_operand(v) {
            return self.intern_strings(inner);
        }
        Err(unsupported(format!("a printf string that is not a constant string: {}", Val(v).print())))
    }

    /// The i32 index of a string argument: a constant string (through casts and zero GEPs), or a
    /// `select` of two such.
    fn string_index(&mut self, v: LLVMValueRef) -> R<LLVMValueRef> {
        if let Some(s) = constant_string(v) {
            let i = self.table.intern(&s);
            return Ok(self.c32(i));
        }
        let val = Val(v);
        if val.is_instruction() && val.opcode() == LLVMOpcode::LLVMSelect {
            let c = val.operand(0);
            let t = self.string_index(val.operand(1).0)?;
            let f = self.string_index(val.operand(2).0)?;
            // SAFETY: a select of two i32 values at the builder's position.
            return Ok(unsafe { LLVMBuildSelect(self.b, c.0, t, f, c"str.index".as_ptr()) });
        }
        if let Some(inner) = cast_operand(v) {
            return self.string_index(inner);
        }
        Err(unsupported(format!("a printf string that is not a constant string: {}", Val(v).print())))
    }

    /// One argument as the record holds it, for the conversion character `conv`.
    fn record_arg(&mut self, a: Val, conv: u8) -> R<RecordArg> {
        let ty = a.ty();
        let scalar = |tag, dwords| Ok(RecordArg { tag, count: None, dwords });
        match ty.kind() {
            LLVMTypeKind::LLVMPointerTypeKind if conv == b's' => {
                let words = self.string_words(a.0)?;
                scalar(PrintfDataType::String, words)
            }
            LLVMTypeKind::LLVMPointerTypeKind => {
                // SAFETY: ptrtoint zero-extends a narrower pointer to i64.
                let v = unsafe { LLVMBuildPtrToInt(self.b, a.0, self.i64t(), c"".as_ptr()) };
                scalar(PrintfDataType::Pointer, self.split64(v))
            }
            LLVMTypeKind::LLVMIntegerTypeKind => match ty.int_width() {
                1..=32 => scalar(PrintfDataType::Int, vec![self.zext32(a.0)]),
                64 => scalar(PrintfDataType::Long, self.split64(a.0)),
                w => Err(unsupported(format!("a printf argument of type i{w}"))),
            },
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind => {
                let f = self.to_float(a.0);
                // SAFETY: a bitcast of a float to i32.
                let d = unsafe { LLVMBuildBitCast(self.b, f, self.i32t(), c"".as_ptr()) };
                scalar(PrintfDataType::Float, vec![d])
            }
            LLVMTypeKind::LLVMDoubleTypeKind => {
                // SAFETY: a bitcast of a double to i64 (bits only: no fp64 arithmetic).
                let bits = unsafe { LLVMBuildBitCast(self.b, a.0, self.i64t(), c"".as_ptr()) };
                scalar(PrintfDataType::Double, self.split64(bits))
            }
            LLVMTypeKind::LLVMVectorTypeKind => self.vector_arg(a),
            _ => Err(unsupported(format!("a printf argument of type {}", ty.print()))),
        }
    }

    /// A vector argument: tag, count, then the elements.
    fn vector_arg(&mut self, a: Val) -> R<RecordArg> {
        let ty = a.ty();
        let n = ty.vector_size();
        let e = ty.element();
        let mut elems = Vec::new();
        for i in 0..n {
            // SAFETY: an element read of a vector value at the builder's position.
            elems.push(unsafe { LLVMBuildExtractElement(self.b, a.0, self.c32(i), c"".as_ptr()) });
        }
        let (tag, dwords) = match (e.kind(), e.int_width_opt()) {
            (LLVMTypeKind::LLVMIntegerTypeKind, Some(8)) => {
                (PrintfDataType::VectorByte, self.pack(&elems, 8))
            }
            (LLVMTypeKind::LLVMIntegerTypeKind, Some(16)) => {
                (PrintfDataType::VectorShort, self.pack(&elems, 16))
            }
            (LLVMTypeKind::LLVMIntegerTypeKind, Some(32)) => (PrintfDataType::VectorInt, elems),
            (LLVMTypeKind::LLVMIntegerTypeKind, Some(64)) => {
                (PrintfDataType::VectorLong, elems.iter().flat_map(|&x| self.split64(x)).collect())
            }
            (LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind, _) => {
                let d = elems
                    .iter()
                    .map(|&x| {
                        let f = self.to_float(x);
                        // SAFETY: a bitcast of a float to i32.
                        unsafe { LLVMBuildBitCast(self.b, f, self.i32t(), c"".as_ptr()) }
                    })
                    .collect();
                (PrintfDataType::VectorFloat, d)
            }
            (LLVMTypeKind::LLVMDoubleTypeKind, _) => {
                let d = elems
                    .iter()
                    .flat_map(|&x| {
                        // SAFETY: a bitcast of a double to i64.
                        let bits = unsafe { LLVMBuildBitCast(self.b, x, self.i64t(), c"".as_ptr()) };
                        self.split64(bits)
                    })
                    .collect();
                (PrintfDataType::VectorDouble, d)
            }
            _ => return Err(unsupported(format!("a printf argument of type {}", ty.print()))),
        };
        Ok(RecordArg { tag, count: Some(n), dwords })
    }

    /// Packs `width`-bit elements little-endian into dwords, then pads with zero dwords to one
    /// dword per element (the runtime reads the packed elements, then skips the padding).
    fn pack(&mut self, elems: &[LLVMValueRef], width: u32) -> Vec<LLVMValueRef> {
        let per = (32 / width) as usize;
        let mut out: Vec<LLVMValueRef> = elems
            .chunks(per)
            .map(|chunk| {
                let mut acc = self.c32(0);
                for (j, &x) in chunk.iter().enumerate() {
                    let z = self.zext32(x);
                    // SAFETY: i32 shifts and ors at the builder's position.
                    unsafe {
                        let s = LLVMBuildShl(self.b, z, self.c32(j as u32 * width), c"".as_ptr());
                        acc = LLVMBuildOr(self.b, acc, s, c"".as_ptr());
                    }
                }
                acc
            })
            .collect();
        out.resize(elems.len(), self.c32(0));
        out
    }

    fn zext32(&self, v: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: an integer of at most 32 bits, widened at the builder's position.
        unsafe { LLVMBuildZExtOrBitCast(self.b, v, self.i32t(), c"".as_ptr()) }
    }

    fn to_float(&self, v: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: a half or float value; fpext of a float to float is not built.
        unsafe {
            let f = LLVMFloatTypeInContext(self.ctx);
            if LLVMTypeOf(v) == f {
                v
            } else {
                LLVMBuildFPExt(self.b, v, f, c"".as_ptr())
            }
        }
    }

    /// The low and high dwords of an i64.
    fn split64(&self, v: LLVMValueRef) -> Vec<LLVMValueRef> {
        // SAFETY: i64 arithmetic and truncation at the builder's position.
        unsafe {
            let lo = LLVMBuildTrunc(self.b, v, self.i32t(), c"".as_ptr());
            let sh = LLVMBuildLShr(self.b, v, self.c64(32), c"".as_ptr());
            let hi = LLVMBuildTrunc(self.b, sh, self.i32t(), c"".as_ptr());
            vec![lo, hi]
        }
    }

    /// The writer of records of `n` dwords: `i32 (<n x i32>)`, internal and `alwaysinline`.
    fn writer(&mut self, n: u32) -> LLVMValueRef {
        if let Some(&w) = self.writers.get(&n) {
            return w;
        }
        // SAFETY: a new function of the module, built with a separate builder that is disposed at
        // the end; every type is of the module's context.
        let w = unsafe { self.build_writer(n) };
        self.writers.insert(n, w);
        w
    }

    unsafe fn build_writer(&self, n: u32) -> LLVMValueRef {
        let (i32t, i64t) = (self.i32t(), self.i64t());
        let vty = LLVMVectorType(i32t, n);
        let mut params = [vty];
        let fty = LLVMFunctionType(i32t, params.as_mut_ptr(), 1, 0);
        let name = CString::new(writer_name(n)).unwrap_or_default();
        let f = LLVMAddFunction(self.m.0, name.as_ptr(), fty);
        LLVMSetLinkage(f, LLVMLinkage::LLVMInternalLinkage);
        let kind = LLVMGetEnumAttributeKindForName(c"alwaysinline".as_ptr(), "alwaysinline".len());
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(self.ctx, kind, 0));
        let rec = LLVMGetParam(f, 0);
        let entry = LLVMAppendBasicBlockInContext(self.ctx, f, c"entry".as_ptr());
        let write = LLVMAppendBasicBlockInContext(self.ctx, f, c"printf.write".as_ptr());
        let full = LLVMAppendBasicBlockInContext(self.ctx, f, c"printf.full".as_ptr());
        let mark = LLVMAppendBasicBlockInContext(self.ctx, f, c"printf.mark".as_ptr());
        let done = LLVMAppendBasicBlockInContext(self.ctx, f, c"printf.done".as_ptr());
        let b = LLVMCreateBuilderInContext(self.ctx);
        let p32 = LLVMPointerType(i32t, 1);
        // entry: claim the record's bytes with one atomic add on the first dword.
        LLVMPositionBuilderAtEnd(b, entry);
        let bty = LLVMFunctionType(i64t, std::ptr::null_mut(), 0, 0);
        let bfn = self.declare("llvm.genx.print.buffer", bty);
        let buf = LLVMBuildCall2(b, bty, bfn, std::ptr::null_mut(), 0, c"printf.buffer".as_ptr());
        let head = LLVMBuildIntToPtr(b, buf, p32, c"".as_ptr());
        let size = n * 4;
        let off = LLVMBuildAtomicRMW(
            b,
            LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpAdd,
            head,
            self.c32(size),
            LLVMAtomicOrdering::LLVMAtomicOrderingMonotonic,
            0,
        );
        let off64 = LLVMBuildZExt(b, off, i64t, c"printf.offset".as_ptr());
        // `offset + bytes <= buffer size` without the 64-bit sum: `offset <= size - bytes` on the
        // claimed dword itself (a 32-bit compare, no carry to check).
        let fits = self.fits_after(b, off, size, c"printf.fits");
        let at = LLVMBuildAdd(b, buf, off64, c"printf.at".as_ptr());
        LLVMBuildCondBr(b, fits, write, full);
        // write: the record, dword by dword.
        LLVMPositionBuilderAtEnd(b, write);
        for i in 0..n {
            let d = LLVMBuildExtractElement(b, rec, self.c32(i), c"".as_ptr());
            let a = LLVMBuildAdd(b, at, self.c64(u64::from(i) * 4), c"".as_ptr());
            let p = LLVMBuildIntToPtr(b, a, p32, c"".as_ptr());
            let st = LLVMBuildStore(b, d, p);
            LLVMSetAlignment(st, 4);
        }
        LLVMBuildBr(b, done);
        // full: the invalid index -1 where four bytes still fit; by address, the 8-byte format
        // address 0xffffffff where eight do (where the runtime's decoder stops).
        LLVMPositionBuilderAtEnd(b, full);
        let mark_bytes: u32 = if self.by_address { 8 } else { 4 };
        let fits_mark = self.fits_after(b, off, mark_bytes, c"");
        LLVMBuildCondBr(b, fits_mark, mark, done);
        LLVMPositionBuilderAtEnd(b, mark);
        let p = LLVMBuildIntToPtr(b, at, p32, c"".as_ptr());
        let st = LLVMBuildStore(b, self.c32(u32::MAX), p);
        LLVMSetAlignment(st, 4);
        if self.by_address {
            let a = LLVMBuildAdd(b, at, self.c64(4), c"".as_ptr());
            let p = LLVMBuildIntToPtr(b, a, p32, c"".as_ptr());
            let st = LLVMBuildStore(b, self.c32(0), p);
            LLVMSetAlignment(st, 4);
        }
        LLVMBuildBr(b, done);
        LLVMPositionBuilderAtEnd(b, done);
        let ret = LLVMBuildSelect(b, fits, self.c32(0), self.c32(u32::MAX), c"".as_ptr());
        LLVMBuildRet(b, ret);
        LLVMDisposeBuilder(b);
        f
    }

    /// Whether `bytes` bytes from the buffer offset `off` (the `i32` the atomic add returned) end
    /// within the buffer: `off <= PRINTF_BUFFER_BYTES - bytes` as an unsigned 32-bit compare (the
    /// same as `zext(off) + bytes <= PRINTF_BUFFER_BYTES` in 64 bits), false when `bytes` alone
    /// exceeds the buffer.
    unsafe fn fits_after(
        &self,
        b: LLVMBuilderRef,
        off: LLVMValueRef,
        bytes: u32,
        name: &std::ffi::CStr,
    ) -> LLVMValueRef {
        match PRINTF_BUFFER_BYTES.checked_sub(bytes) {
            Some(last) => LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntULE, off, self.c32(last), name.as_ptr()),
            None => LLVMConstInt(LLVMInt1TypeInContext(self.ctx), 0, 0),
        }
    }

    /// The declaration of `name` with type `fty`, added when absent.
    unsafe fn declare(&self, name: &str, fty: LLVMTypeRef) -> LLVMValueRef {
        let c = CString::new(name).unwrap_or_default();
        let f = LLVMGetNamedFunction(self.m.0, c.as_ptr());
        if f.is_null() {
            LLVMAddFunction(self.m.0, c.as_ptr(), fty)
        } else {
            f
        }
    }

    fn dispose(&mut self) {
        // SAFETY: the builder was created in `new` and is not used after this.
        unsafe { LLVMDisposeBuilder(self.b) };
        self.b = std::ptr::null_mut();
    }

    /// Deletes what the rewrite left dead, inlines the writers, and writes the string table.
    fn finish(mut self) {
        self.dispose();
        let mut work = std::mem::take(&mut self.maybe_dead);
        let mut globals = Vec::new();
        let mut erased = HashSet::new();
        while let Some(v) = work.pop() {
            if erased.contains(&v) {
                continue;
            }
            // SAFETY: values of the live module (erased ones are skipped above); an instruction is
            // erased only when unused and free of side effects.
            unsafe {
                if !LLVMIsAGlobalVariable(v).is_null() {
                    globals.push(v);
                } else if is_dead_address(v) {
                    work.extend(erase(v, &mut erased));
                } else if !LLVMIsAConstantExpr(v).is_null() {
                    work.extend((0..LLVMGetNumOperands(v)).map(|i| LLVMGetOperand(v, i as u32)));
                }
            }
        }
        globals.sort();
        globals.dedup();
        for g in globals {
            // Address computations of the string nothing uses (dead in the input already, or left
            // by the rewrite) go first.
            erase_dead_users(g, &mut erased);
            if !only_dead_constant_users(g) {
                continue;
            }
            // SAFETY: every remaining user of `g` is a constant expression nothing uses: they are
            // folded over undef, then the global is deleted.
            unsafe {
                LLVMReplaceAllUsesWith(g, LLVMGetUndef(LLVMTypeOf(g)));
                LLVMDeleteGlobal(g);
            }
        }
        if !self.writers.is_empty() {
            super::by_reference::run_always_inliner(self.m);
            // The writers are then unused internal functions, deleted.
            // SAFETY: functions of the live module, deleted only when nothing uses them.
            unsafe {
                // The inliner may have deleted the writers already: they are looked up again.
                for n in self.writers.keys() {
                    let name = CString::new(writer_name(*n)).unwrap_or_default();
                    let w = LLVMGetNamedFunction(self.m.0, name.as_ptr());
                    if !w.is_null() && LLVMGetFirstUse(w).is_null() {
                        LLVMDeleteFunction(w);
                    }
                }
            }
        }
        self.write_table();
    }

    /// The string table as named metadata, in index order.
    fn write_table(&self) {
        let name = CString::new(PRINTF_STRINGS_MD).unwrap_or_default();
        for s in &self.table.strings {
            // SAFETY: metadata of the module's context; the string is copied by LLVM.
            unsafe {
                let mut ops = [LLVMMDStringInContext2(self.ctx, s.as_ptr() as *const _, s.len())];
                let node = LLVMMDNodeInContext2(self.ctx, ops.as_mut_ptr(), 1);
                LLVMAddNamedMetadataOperand(self.m.0, name.as_ptr(), LLVMMetadataAsValue(self.ctx, node));
            }
        }
    }
}

/// Whether `v` is an unused instruction that only computes an address or picks a value (a cast,
/// GEP or select), which can go without changing what the program does.
fn is_dead_address(v: LLVMValueRef) -> bool {
    // SAFETY: use-list read of a live value.
    is_address(v) && unsafe { LLVMGetFirstUse(v).is_null() }
}

/// Whether `v` is an instruction that only computes an address or picks a value.
fn is_address(v: LLVMValueRef) -> bool {
    let val = Val(v);
    val.is_instruction()
        && matches!(
            val.opcode(),
            LLVMOpcode::LLVMGetElementPtr
                | LLVMOpcode::LLVMBitCast
                | LLVMOpcode::LLVMAddrSpaceCast
                | LLVMOpcode::LLVMPtrToInt
                | LLVMOpcode::LLVMSelect
        )
}

/// Erases instruction `v`, records it in `erased`, and gives its operands.
fn erase(v: LLVMValueRef, erased: &mut HashSet<LLVMValueRef>) -> Vec<LLVMValueRef> {
    // SAFETY: `v` is a live instruction, erased once.
    unsafe {
        let ops = (0..LLVMGetNumOperands(v)).map(|i| LLVMGetOperand(v, i as u32)).collect();
        LLVMInstructionEraseFromParent(v);
        erased.insert(v);
        ops
    }
}

/// Erases the unused address computations among the users of `v` (through constant
/// expressions), repeatedly, as long as some go.
fn erase_dead_users(v: LLVMValueRef, erased: &mut HashSet<LLVMValueRef>) {
    loop {
        let mut dead = Vec::new();
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            // SAFETY: use-list walk of live values.
            unsafe {
                let mut u = LLVMGetFirstUse(x);
                while !u.is_null() {
                    let user = LLVMGetUser(u);
                    if !LLVMIsAConstantExpr(user).is_null() {
                        stack.push(user);
                    } else if is_dead_address(user) {
                        dead.push(user);
                    } else if is_address(user) {
                        // An address computation still used: its own users may be dead ones.
                        stack.push(user);
                    }
                    u = LLVMGetNextUse(u);
                }
            }
        }
        dead.sort();
        dead.dedup();
        if dead.is_empty() {
            return;
        }
        for d in dead {
            erase(d, erased);
        }
    }
}

/// The name of the writer of records of `n` dwords.
fn writer_name(n: u32) -> String {
    format!("genxc.printf.record.{n}")
}

/// Whether every use of `v` is a constant expression that is itself (transitively) unused.
fn only_dead_constant_users(v: LLVMValueRef) -> bool {
    // SAFETY: use-list walk of a live value.
    unsafe {
        let mut u = LLVMGetFirstUse(v);
        while !u.is_null() {
            let user = LLVMGetUser(u);
            if LLVMIsAConstantExpr(user).is_null() || !only_dead_constant_users(user) {
                return false;
            }
            u = LLVMGetNextUse(u);
        }
    }
    true
}

/// The operand a pointer cast or an all-zero-index GEP (instruction or constant expression)
/// reads, if `v` is one.
fn cast_operand(v: LLVMValueRef) -> Option<LLVMValueRef> {
    let val = Val(v);
    let op = if val.is_instruction() {
        val.opcode()
    } else if val.is_constant_expr() {
        val.const_opcode()
    } else {
        return None;
    };
    match op {
        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => Some(val.operand(0).0),
        LLVMOpcode::LLVMGetElementPtr => {
            let zero = (1..val.num_operands()).all(|i| val.operand(i).const_int() == Some(0));
            zero.then(|| val.operand(0).0)
        }
        _ => None,
    }
}

/// The text of a constant C string `v` points to (through casts and zero GEPs): a global
/// constant whose initializer is an i8 array ending in its only NUL.
fn constant_string(v: LLVMValueRef) -> Option<String> {
    if let Some(inner) = cast_operand(v) {
        return constant_string(inner);
    }
    // SAFETY: reads of a live global and its initializer.
    unsafe {
        if LLVMIsAGlobalVariable(v).is_null() || LLVMIsGlobalConstant(v) == 0 {
            return None;
        }
        let init = LLVMGetInitializer(v);
        if init.is_null() || LLVMIsAConstantDataArray(init).is_null() || LLVMIsConstantString(init) == 0 {
            return None;
        }
        let mut len = 0usize;
        let p = LLVMGetAsString(init, &mut len);
        if p.is_null() {
            return None;
        }
        let bytes = std::slice::from_raw_parts(p as *const u8, len);
        let (&last, body) = bytes.split_last()?;
        if last != 0 || body.contains(&0) {
            return None;
        }
        String::from_utf8(body.to_vec()).ok()
    }
}

/// The conversion characters of a format string, one per argument it reads (`%%` reads none), as
/// the runtime's formatter finds them: from `%` to the first conversion character.
fn conversions(fmt: &str) -> R<Vec<u8>> {
    const CONVERSIONS: &[u8] = b"diouxXaAeEfFgGscp";
    let b = fmt.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            i += 2;
            continue;
        }
        let mut j = i + 1;
        while j < b.len() && !CONVERSIONS.contains(&b[j]) {
            if b[j] == b'*' {
                return Err(unsupported("a printf width or precision given by an argument (`*`)"));
            }
            j += 1;
        }
        match b.get(j) {
            Some(&c) => out.push(c),
            None => break,
        }
        i = j + 1;
    }
    Ok(out)
}

trait IntWidth {
    fn int_width_opt(self) -> Option<u32>;
}

impl IntWidth for Ty {
    /// The width of an integer type, `None` for any other.
    fn int_width_opt(self) -> Option<u32> {
        (self.kind() == LLVMTypeKind::LLVMIntegerTypeKind).then(|| self.int_width())
    }
}

#[cfg(test)]
mod tests {
    use super::conversions;

    #[test]
    fn conversions_of_formats() {
        assert_eq!(conversions("%d %s %%d %5.2f%c").unwrap(), b"dsfc".to_vec());
        assert_eq!(conversions("%-+5d %.0u %4.2g %+#21.15E %-4c %.1s %p %%d").unwrap(), b"dugEcsp".to_vec());
        assert_eq!(conversions("%v4hld %lld %hhx").unwrap(), b"ddx".to_vec());
        assert_eq!(conversions("no conversions, 100%%").unwrap(), Vec::<u8>::new());
        assert!(conversions("%*d").is_err());
    }
}
