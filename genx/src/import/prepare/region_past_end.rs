//! Region reads and writes that reach past the end of their vector (`llvm.genx.rdregion*` /
//! `wrregion*` with a constant start inside the vector and a last element outside it). In the
//! vc-intrinsics semantics the elements of a read outside the vector are undefined and the
//! elements of a write outside it go nowhere; front ends leave such regions where a loop was
//! unrolled past the data it needs. A vISA region must stay inside its variable, so each such
//! region is split into the parts inside the vector: the leading rows that lie wholly inside as
//! one region, then each later row's leading elements inside (a row's elements go forward, so
//! the ones inside are a prefix of it) as a one-row region. A read assembles its parts into an
//! undefined vector of its type (the rest stays undefined); a write writes only its parts. Each
//! rewrite is reported as a warning located at the instruction.
//!
//! Left to the importer's error: a region whose start is outside the vector (nothing of it
//! inside), a variable start index, a region that is not well formed. Refused, located: a write
//! past the end under a predicate other than all set.

use super::super::raw::{ModuleRef, Ty, Val};
use super::super::validate::inst_label;
use super::builder::{Builder, NONAME};
use super::region_access::mangle;
use genxc_diag::{unsupported, Diagnostic, Location};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// A constant region of `rows` rows of `width` elements, from byte `offset`, strides in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ConstRegion {
    vstride: i64,
    width: i64,
    stride: i64,
    offset: i64,
    rows: i64,
}

impl ConstRegion {
    /// How many leading elements of row `r` end inside a vector of `bytes` bytes of `eb`-byte
    /// elements.
    fn inside(&self, r: i64, eb: i64, bytes: i64) -> i64 {
        (0..self.width)
            .take_while(|c| self.offset + (r * self.vstride + c * self.stride) * eb + eb <= bytes)
            .count() as i64
    }
}

/// The parts of a region inside the vector: `(first row, rows, elements per row)`; the leading
/// whole rows as one part, then one part per later row with elements inside.
fn parts(reg: &ConstRegion, eb: i64, bytes: i64) -> Vec<(i64, i64, i64)> {
    let counts: Vec<i64> = (0..reg.rows).map(|r| reg.inside(r, eb, bytes)).collect();
    let whole = counts.iter().take_while(|&&c| c == reg.width).count() as i64;
    let mut out = Vec::new();
    if whole > 0 {
        out.push((0, whole, reg.width));
    }
    for r in whole..reg.rows {
        if counts[r as usize] > 0 {
            out.push((r, 1, counts[r as usize]));
        }
    }
    out
}

/// Element type and count of a scalar or vector type.
fn shape(t: Ty) -> (Ty, i64) {
    if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
        (t.element(), i64::from(t.vector_size()))
    } else {
        (t, 1)
    }
}

/// Bytes of a region scalar type (0 for another type).
fn elem_bytes(t: Ty) -> i64 {
    match t.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind => i64::from(t.int_width() / 8),
        LLVMTypeKind::LLVMHalfTypeKind => 2,
        LLVMTypeKind::LLVMFloatTypeKind => 4,
        LLVMTypeKind::LLVMDoubleTypeKind => 8,
        _ => 0,
    }
}

/// The region of a rdregion (`first` = 1) or wrregion (`first` = 2) call of `n` elements when it
/// is constant, well formed, starts inside a vector of `bytes` bytes and ends past it.
fn past_end(call: Val, first: u32, n: i64, eb: i64, bytes: i64) -> Option<ConstRegion> {
    let [vstride, width, stride, offset] = call.const_int_operands::<4>(first)?;
    if eb == 0 || width <= 0 || n % width != 0 || vstride < 0 || stride < 0 {
        return None;
    }
    if offset < 0 || offset % eb != 0 || offset >= bytes {
        return None;
    }
    let reg = ConstRegion { vstride, width, stride, offset, rows: n / width };
    let last = offset + ((reg.rows - 1) * vstride + (width - 1) * stride) * eb + eb;
    (last > bytes).then_some(reg)
}

/// Whether `v` is an all-set predicate (`i1 true` or a vector of them).
fn all_set(v: Val) -> bool {
    match v.const_vector_elems() {
        Some(es) => es.iter().all(|e| e.const_int().is_some_and(|x| x & 1 == 1)),
        None => v.const_int().is_some_and(|x| x & 1 == 1),
    }
}

/// Splits every region read and write of `m` that reaches past the end of its vector into its
/// parts inside it; gives a warning per rewritten instruction, or the located refusals.
pub fn clip_regions_past_end(m: &ModuleRef) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
    let mut calls = Vec::new();
    for f in m.functions().into_iter().filter(|f| f.is_declaration()) {
        let name = f.name();
        let kind = if name.starts_with("llvm.genx.rdregion") {
            false
        } else if name.starts_with("llvm.genx.wrregion") {
            true
        } else {
            continue;
        };
        for u in f.users() {
            if u.is_instruction() && u.opcode() == LLVMOpcode::LLVMCall && u.called_value() == f {
                calls.push((u, kind));
            }
        }
    }
    if calls.is_empty() {
        return Ok(Vec::new());
    }
    let b = Builder::new(m);
    let (mut warnings, mut errors) = (Vec::new(), Vec::new());
    for (call, write) in calls {
        // SAFETY: a call instruction of a live function.
        let func = Val(unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(call.0)) });
        let at = |d: Diagnostic| {
            d.with_location(Location::Ir { function: func.name(), inst: Some(inst_label(call)) })
        };
        let done = if write {
            if call.num_call_args() != 8 {
                continue;
            }
            let (old, new) = (call.operand(0), call.operand(1));
            let (e, bytes) = shape(old.ty());
            let (eb, n) = (elem_bytes(e), shape(new.ty()).1);
            let Some(reg) = past_end(call, 2, n, eb, eb * bytes) else { continue };
            if !all_set(call.operand(7)) {
                errors.push(at(Diagnostic::error(unsupported(format!(
                    "{}: a region write reaching past the end of its {}-byte vector under a predicate: not modeled",
                    call.called_value().name(),
                    eb * bytes
                )))));
                continue;
            }
            let label = at(Diagnostic::warning(""));
            b.before(call);
            let parts = parts(&reg, eb, eb * bytes);
            let mut acc = old;
            for &(row, rows, count) in &parts {
                let piece = read(m, &b, new, e, (count, count, 1, row * reg.width * eb), rows * count);
                let dst_offset = reg.offset + row * reg.vstride * eb;
                acc = write_region(m, &b, acc, piece, (reg.vstride, count, reg.stride, dst_offset));
            }
            replace(call, acc);
            (label, reg, bytes, eb, parts.len())
        } else {
            if call.num_call_args() != 6 {
                continue;
            }
            let input = call.operand(0);
            let (e, bytes) = shape(input.ty());
            let (eb, n) = (elem_bytes(e), shape(call.ty()).1);
            let Some(reg) = past_end(call, 1, n, eb, eb * bytes) else { continue };
            let label = at(Diagnostic::warning(""));
            b.before(call);
            let parts = parts(&reg, eb, eb * bytes);
            // SAFETY: the call's type.
            let mut acc = Val(unsafe { LLVMGetUndef(call.ty().0) });
            for &(row, rows, count) in &parts {
                let start = reg.offset + row * reg.vstride * eb;
                let piece = read(m, &b, input, e, (reg.vstride, count, reg.stride, start), rows * count);
                let k = rows * count;
                acc = write_region(m, &b, acc, piece, (k, k, 1, row * reg.width * eb));
            }
            replace(call, acc);
            (label, reg, bytes, eb, parts.len())
        };
        let (label, reg, bytes, eb, n_parts) = done;
        let what = if write { "write" } else { "read" };
        let rest =
            if write { "the elements past it are not written" } else { "the elements past it are undefined" };
        warnings.push(Diagnostic {
            message: format!(
                "a region {what} <{};{},{}> of {} row{} from byte {} reaches past the end of its {}-byte vector: {rest} ({} region{} inside it)",
                reg.vstride,
                reg.width,
                reg.stride,
                reg.rows,
                if reg.rows == 1 { "" } else { "s" },
                reg.offset,
                eb * bytes,
                n_parts,
                if n_parts == 1 { "" } else { "s" }
            ),
            ..label
        });
    }
    if errors.is_empty() {
        Ok(warnings)
    } else {
        Err(errors)
    }
}

/// Replaces `call` by `v` and erases it.
fn replace(call: Val, v: Val) {
    // SAFETY: `call` is live, `v` has its type and is built before it.
    unsafe {
        LLVMReplaceAllUsesWith(call.0, v.0);
        LLVMInstructionEraseFromParent(call.0);
    }
}

/// The `i` or `f` of a region intrinsic for element type `e`.
fn flavour(e: Ty) -> char {
    if e.kind() == LLVMTypeKind::LLVMIntegerTypeKind {
        'i'
    } else {
        'f'
    }
}

/// A call of `name` (declared with `ret` and the types of `args` when missing).
fn call(m: &ModuleRef, b: &Builder, name: String, ret: LLVMTypeRef, args: &[LLVMValueRef]) -> Val {
    let cname = std::ffi::CString::new(name).unwrap_or_default();
    // SAFETY: valid module, types and values; the declaration is looked up before it is added.
    unsafe {
        let mut ps: Vec<LLVMTypeRef> = args.iter().map(|&a| LLVMTypeOf(a)).collect();
        let fty = LLVMFunctionType(ret, ps.as_mut_ptr(), ps.len() as u32, 0);
        let mut f = LLVMGetNamedFunction(m.0, cname.as_ptr());
        if f.is_null() {
            f = LLVMAddFunction(m.0, cname.as_ptr(), fty);
        }
        let mut a = args.to_vec();
        Val(LLVMBuildCall2(b.b, fty, f, a.as_mut_ptr(), a.len() as u32, NONAME))
    }
}

/// `llvm.genx.rdregion` of `k` elements of type `e` from `input` with region
/// `(vstride, width, stride, byte offset)`.
fn read(m: &ModuleRef, b: &Builder, input: Val, e: Ty, r: (i64, i64, i64, i64), k: i64) -> Val {
    // SAFETY: valid types of the module's context.
    unsafe {
        let ctx = LLVMGetTypeContext(e.0);
        let (i32t, i16t) = (LLVMInt32TypeInContext(ctx), LLVMInt16TypeInContext(ctx));
        let ret = LLVMVectorType(e.0, k as u32);
        let name = format!("llvm.genx.rdregion{}.{}.{}.i16", flavour(e), mangle(Ty(ret)), mangle(input.ty()));
        let c = |v: i64| LLVMConstInt(i32t, v as u64, 1);
        let args = [input.0, c(r.0), c(r.1), c(r.2), LLVMConstInt(i16t, r.3 as u64, 1), c(0)];
        call(m, b, name, ret, &args)
    }
}

/// `llvm.genx.wrregion` of `piece` into `old` with region `(vstride, width, stride, byte offset)`,
/// unpredicated.
fn write_region(m: &ModuleRef, b: &Builder, old: Val, piece: Val, r: (i64, i64, i64, i64)) -> Val {
    let (e, _) = shape(old.ty());
    // SAFETY: valid types of the module's context.
    unsafe {
        let ctx = LLVMGetTypeContext(e.0);
        let (i32t, i16t, i1t) =
            (LLVMInt32TypeInContext(ctx), LLVMInt16TypeInContext(ctx), LLVMInt1TypeInContext(ctx));
        let name =
            format!("llvm.genx.wrregion{}.{}.{}.i16.i1", flavour(e), mangle(old.ty()), mangle(piece.ty()));
        let c = |v: i64| LLVMConstInt(i32t, v as u64, 1);
        let args = [
            old.0,
            piece.0,
            c(r.0),
            c(r.1),
            c(r.2),
            LLVMConstInt(i16t, r.3 as u64, 1),
            c(0),
            LLVMConstInt(i1t, 1, 0),
        ];
        call(m, b, name, old.ty().0, &args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_inside_the_vector() {
        // 8 rows of 8 dwords from byte 896 of a 1024-byte vector: rows 0..4 inside
        let r = ConstRegion { vstride: 8, width: 8, stride: 1, offset: 896, rows: 8 };
        assert_eq!(parts(&r, 4, 1024), vec![(0, 4, 8)]);
        // a row cut in the middle: 2 whole rows, then 3 elements of the third
        let r = ConstRegion { vstride: 8, width: 8, stride: 1, offset: 0, rows: 4 };
        assert_eq!(parts(&r, 4, 19 * 4), vec![(0, 2, 8), (2, 1, 3)]);
        // a strided row: elements 0, 2, 4 of 16 from element 10: 10, 12, 14 inside
        let r = ConstRegion { vstride: 0, width: 4, stride: 2, offset: 40, rows: 1 };
        assert_eq!(parts(&r, 4, 64), vec![(0, 1, 3)]);
        // overlapping rows (vstride smaller than a row): each later row has its own prefix
        let r = ConstRegion { vstride: 2, width: 4, stride: 1, offset: 0, rows: 3 };
        assert_eq!(parts(&r, 4, 5 * 4), vec![(0, 1, 4), (1, 1, 3), (2, 1, 1)]);
    }
}
