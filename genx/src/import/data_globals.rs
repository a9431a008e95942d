//! The module's global data section from its LLVM globals: every global variable the preparation
//! stage left in memory (only its address is used, through `llvm.genx.gaddr`, or it sits in
//! another such global's initializer) becomes a [`DataGlobal`]: its size and alignment from the
//! data layout, its initializer laid out as bytes, and a [`DataReloc`] for each address of a
//! global or function the initializer holds.

use super::raw::{ModuleRef, Ty, Val};
use crate::data_section::{DataGlobal, DataReloc};
use genxc_diag::{unsupported, Diagnostic, Location};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::target::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// Most bytes of one global the data section takes (the initializer is built in memory).
pub const MAX_DATA_GLOBAL_BYTES: u64 = 1 << 24;

/// The data section of `m`: its global variables in module order (the validator has checked that
/// each is a global in memory). Errors are located at the global.
pub fn data_section(m: &ModuleRef) -> Result<Vec<DataGlobal>, Vec<Diagnostic>> {
    // SAFETY: the module's own data layout, valid while the module lives.
    let td = unsafe { LLVMGetModuleDataLayout(m.0) };
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for g in m.globals() {
        match data_global(td, g) {
            Ok(d) => out.push(d),
            Err(e) => diags.push(
                Diagnostic::error(unsupported(format!("global @{}: {e}", g.name())))
                    .with_location(Location::Symbol(g.name())),
            ),
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// One global variable as an object of the data section.
fn data_global(td: LLVMTargetDataRef, g: Val) -> Result<DataGlobal, String> {
    // SAFETY: `g` is a global variable of the module; its value type is sized (a definition).
    let (ty, init, constant, align) = unsafe {
        let init = LLVMGetInitializer(g.0);
        if init.is_null() {
            return Err(
                "declared only: its definition is in another module's data section, which is not linked"
                    .into(),
            );
        }
        (Ty(LLVMGlobalGetValueType(g.0)), Val(init), LLVMIsGlobalConstant(g.0) != 0, LLVMGetAlignment(g.0))
    };
    // SAFETY: a sized type of the module's context.
    let (size, abi_align) = unsafe { (LLVMABISizeOfType(td, ty.0), LLVMABIAlignmentOfType(td, ty.0)) };
    if size > MAX_DATA_GLOBAL_BYTES {
        return Err(format!(
            "{size} bytes (the data section takes globals of at most {MAX_DATA_GLOBAL_BYTES})"
        ));
    }
    let align = if align == 0 { u64::from(abi_align) } else { u64::from(align) }.max(1);
    let mut bytes = vec![0u8; size as usize];
    let mut relocs = Vec::new();
    write_constant(td, init, &mut bytes, 0, &mut relocs, 0)?;
    Ok(DataGlobal { name: g.name(), size, align, init: bytes, relocs, constant })
}

/// Most nesting of aggregates and constant expressions read.
const MAX_DEPTH: u32 = 64;

/// Writes constant `c` at byte `at` of `out`, recording the addresses it holds in `relocs`.
fn write_constant(
    td: LLVMTargetDataRef,
    c: Val,
    out: &mut [u8],
    at: u64,
    relocs: &mut Vec<DataReloc>,
    depth: u32,
) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err("an initializer nested too deeply".into());
    }
    let ty = c.ty();
    // SAFETY: every query below is of the kind of constant or type it is made on.
    unsafe {
        let size = LLVMABISizeOfType(td, ty.0);
        if at.checked_add(size).is_none_or(|end| end > out.len() as u64) && size > 0 {
            return Err(format!("the initializer {} does not fit its global", c.print()));
        }
        if c.is_undef()
            || !LLVMIsAConstantAggregateZero(c.0).is_null()
            || !LLVMIsAConstantPointerNull(c.0).is_null()
        {
            return Ok(());
        }
        if !LLVMIsAConstantInt(c.0).is_null() {
            let width = ty.int_width();
            if width > 64 {
                return Err(format!("the {width}-bit integer {}", c.print()));
            }
            let v = LLVMConstIntGetZExtValue(c.0);
            let n = LLVMStoreSizeOfType(td, ty.0) as usize;
            out[at as usize..at as usize + n].copy_from_slice(&v.to_le_bytes()[..n]);
            return Ok(());
        }
        if !LLVMIsAConstantFP(c.0).is_null() {
            let mut loses = 0;
            let v = LLVMConstRealGetDouble(c.0, &mut loses);
            let bits: Vec<u8> = match ty.kind() {
                LLVMTypeKind::LLVMHalfTypeKind => half::f16::from_f64(v).to_bits().to_le_bytes().to_vec(),
                LLVMTypeKind::LLVMFloatTypeKind => (v as f32).to_bits().to_le_bytes().to_vec(),
                LLVMTypeKind::LLVMDoubleTypeKind => v.to_bits().to_le_bytes().to_vec(),
                _ => return Err(format!("the floating-point constant {}", c.print())),
            };
            out[at as usize..at as usize + bits.len()].copy_from_slice(&bits);
            return Ok(());
        }
        if ty.kind() == LLVMTypeKind::LLVMPointerTypeKind
            || (c.is_constant_expr() && c.const_opcode() == LLVMOpcode::LLVMPtrToInt)
        {
            let (symbol, addend) = address_constant(td, c, depth)?;
            if size != 8 {
                return Err(format!("the {size}-byte address {} (addresses are 8 bytes)", c.print()));
            }
            match symbol {
                Some(symbol) => relocs.push(DataReloc { offset: at, symbol, addend }),
                None => out[at as usize..at as usize + 8].copy_from_slice(&addend.to_le_bytes()),
            }
            return Ok(());
        }
        if !LLVMIsAConstantDataSequential(c.0).is_null() {
            let elem = Ty(LLVMGetElementType(ty.0));
            let stride = element_stride(td, ty, elem)?;
            let n = element_count(ty);
            for k in 0..n {
                let e = Val(LLVMGetElementAsConstant(c.0, k));
                write_constant(td, e, out, at + u64::from(k) * stride, relocs, depth + 1)?;
            }
            return Ok(());
        }
        match ty.kind() {
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind
                if !LLVMIsAConstantArray(c.0).is_null() || !LLVMIsAConstantVector(c.0).is_null() =>
            {
                let elem = Ty(LLVMGetElementType(ty.0));
                let stride = element_stride(td, ty, elem)?;
                for k in 0..c.num_operands() {
                    write_constant(td, c.operand(k), out, at + u64::from(k) * stride, relocs, depth + 1)?;
                }
                Ok(())
            }
            LLVMTypeKind::LLVMStructTypeKind if !LLVMIsAConstantStruct(c.0).is_null() => {
                for k in 0..c.num_operands() {
                    let off = LLVMOffsetOfElement(td, ty.0, k);
                    write_constant(td, c.operand(k), out, at + off, relocs, depth + 1)?;
                }
                Ok(())
            }
            _ => Err(format!("the initializer {}, which the data section does not lay out", c.print())),
        }
    }
}

/// Elements of an array or vector type.
fn element_count(ty: Ty) -> u32 {
    // SAFETY: `ty` is an array or vector type.
    unsafe {
        if ty.kind() == LLVMTypeKind::LLVMArrayTypeKind {
            LLVMGetArrayLength(ty.0)
        } else {
            LLVMGetVectorSize(ty.0)
        }
    }
}

/// Bytes from one element of array or vector type `ty` to the next; refused for vectors of
/// elements that are not whole bytes (`<8 x i1>`).
fn element_stride(td: LLVMTargetDataRef, ty: Ty, elem: Ty) -> Result<u64, String> {
    // SAFETY: sized types of the module's context.
    unsafe {
        if ty.kind() == LLVMTypeKind::LLVMVectorTypeKind {
            let bits = LLVMSizeOfTypeInBits(td, elem.0);
            if !bits.is_multiple_of(8) {
                return Err(format!("a vector of {bits}-bit elements in memory"));
            }
            return Ok(bits / 8);
        }
        Ok(LLVMABISizeOfType(td, elem.0))
    }
}

/// The address constant `c` holds: the symbol it points into (`None` for a plain integer
/// address) and the byte offset from it.
fn address_constant(td: LLVMTargetDataRef, c: Val, depth: u32) -> Result<(Option<String>, i64), String> {
    if depth > MAX_DEPTH {
        return Err("an address constant nested too deeply".into());
    }
    // SAFETY: kinds are checked before each query.
    unsafe {
        if !LLVMIsAGlobalValue(c.0).is_null() {
            return Ok((Some(c.name()), 0));
        }
        if !LLVMIsAConstantPointerNull(c.0).is_null() {
            return Ok((None, 0));
        }
        if !LLVMIsAConstantInt(c.0).is_null() {
            return Ok((None, LLVMConstIntGetSExtValue(c.0)));
        }
    }
    if !c.is_constant_expr() {
        return Err(format!("the address {}", c.print()));
    }
    match c.const_opcode() {
        LLVMOpcode::LLVMBitCast
        | LLVMOpcode::LLVMAddrSpaceCast
        | LLVMOpcode::LLVMPtrToInt
        | LLVMOpcode::LLVMIntToPtr => address_constant(td, c.operand(0), depth + 1),
        LLVMOpcode::LLVMGetElementPtr => {
            let (symbol, base) = address_constant(td, c.operand(0), depth + 1)?;
            Ok((symbol, base + gep_offset(td, c)?))
        }
        _ => Err(format!("the address {}", c.print())),
    }
}

/// The constant byte offset of getelementptr constant `c`.
fn gep_offset(td: LLVMTargetDataRef, c: Val) -> Result<i64, String> {
    // SAFETY: `c` is a getelementptr constant expression; its source element type and indices are
    // read as LLVM defines them.
    unsafe {
        let mut ty = LLVMGetGEPSourceElementType(c.0);
        let mut off = 0i64;
        for (k, idx) in c.operands().into_iter().skip(1).enumerate() {
            let Some(i) = idx.const_int() else {
                return Err(format!("the address {} (an index that is not a constant integer)", c.print()));
            };
            if k == 0 {
                off += i * LLVMABISizeOfType(td, ty) as i64;
                continue;
            }
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    off += LLVMOffsetOfElement(td, ty, i as u32) as i64;
                    ty = LLVMStructGetTypeAtIndex(ty, i as u32);
                }
                LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                    ty = LLVMGetElementType(ty);
                    off += i * LLVMABISizeOfType(td, ty) as i64;
                }
                _ => return Err(format!("the address {}", c.print())),
            }
        }
        Ok(off)
    }
}
