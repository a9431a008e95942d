//! LSC messages (DG2, MTL, PVC): `llvm.genx.lsc.*` loads, stores, prefetches, their channel-mask
//! `.quad` forms and atomics on stateless, SLM, binding-table and bindless surfaces, the PVC 2D
//! block messages, and `lsc.fence`; each checked against its layout (operand positions, data
//! shapes, cache controls) before it becomes one vISA `lsc_*` instruction.

use crate::intrinsics::{argc, const_u64, keep_old, msg_exec, msg_mask, MAX_MSG_GRFS};
use crate::{Selector, R};
use genxc_diag::{internal, invalid, not_available, unsupported};
use genxc_genx::intrinsics::{IntrinsicId, LscForm, LscModel};
use genxc_genx::ir::{InstId, Value};
use genxc_genx::Elem;
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Inst as VInst, SrcOp, VisaType};

/// The operand positions of an LSC message form: operand count, surface, stored data and old
/// value (after the common pred, sub-opcode, L1, L3, address scale, immediate offset, data size,
/// vector size, order, channel mask and addresses).
struct LscLayout {
    /// Number of operands.
    nargs: usize,
    /// The surface operand.
    surface: usize,
    /// The stored data (stores).
    data: Option<usize>,
    /// The old value merged under the predicate (merge loads, atomics).
    old: Option<usize>,
    /// The sub-opcode the form requires (`None` for atomics).
    op: Option<m::LscOp>,
}

/// The operand layout of an LSC message form (not the 2D block ones).
fn lsc_layout(form: LscForm) -> Option<LscLayout> {
    use m::LscOp::*;
    let f = |nargs, surface, data, old, op| Some(LscLayout { nargs, surface, data, old, op });
    match form {
        LscForm::Load | LscForm::Prefetch => f(12, 11, None, None, Some(Load)),
        LscForm::LoadQuad => f(12, 11, None, None, Some(LoadQuad)),
        LscForm::LoadMerge => f(13, 11, None, Some(12), Some(Load)),
        LscForm::LoadMergeQuad => f(13, 11, None, Some(12), Some(LoadQuad)),
        LscForm::Store => f(13, 12, Some(11), None, Some(Store)),
        LscForm::StoreQuad => f(13, 12, Some(11), None, Some(StoreQuad)),
        LscForm::Atomic | LscForm::XAtomic => f(15, 13, None, Some(14), None),
        LscForm::Load2d | LscForm::Store2d | LscForm::Prefetch2d => None,
    }
}

/// Whether an LSC message reads or writes memory, for the cache controls it may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CacheAccess {
    /// Loads and prefetches.
    Load,
    /// Stores.
    Store,
}

/// The (L1, L3) cache controls the data port has, by access (0 default, 1 uncached, 2 cached,
/// 3 write-back, 4 write-through, 5 streaming, 6 read-invalidate), as the finalizer encodes
/// them on DG2, MTL and PVC: every other pair it refuses.
const CACHE_CONTROLS: [(CacheAccess, &[(u64, u64)]); 2] = [
    (CacheAccess::Load, &[(0, 0), (1, 1), (1, 2), (2, 1), (2, 2), (5, 1), (5, 2), (6, 2)]),
    (CacheAccess::Store, &[(0, 0), (1, 1), (1, 3), (3, 3), (4, 1), (4, 3), (5, 1), (5, 3)]),
];

/// Checks an LSC message's cache controls: values 0 to 6, and for loads and stores a pair of
/// [`CACHE_CONTROLS`] (`access` `None`: an atomic, whose pairs are not modeled beyond the values).
fn check_cache_controls(name: &str, access: Option<CacheAccess>, l1: u64, l3: u64) -> R<()> {
    if l1 > 6 || l3 > 6 {
        return Err(invalid(format!("{name}: invalid cache controls {l1}, {l3}")));
    }
    let Some(access) = access else { return Ok(()) };
    let pairs = CACHE_CONTROLS.iter().find(|(a, _)| *a == access).map_or(&[][..], |(_, p)| *p);
    if !pairs.contains(&(l1, l3)) {
        let what = if access == CacheAccess::Load { "a load" } else { "a store" };
        let listed: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}/{b}")).collect();
        return Err(invalid(format!(
            "{name}: cache controls L1 {l1}, L3 {l3} are not a pair the data port has for {what} (L1/L3: {})",
            listed.join(", ")
        )));
    }
    Ok(())
}

/// An LSC message (DG2, MTL, PVC): `llvm.genx.lsc.<op>.<model>` with operands (pred, sub-opcode,
/// L1 and L3 cache controls, address scale, immediate offset, data size, elements per address,
/// order, channel mask, addresses, [data | atomic sources], surface, [old value]); the address
/// model is `stateless` (64-bit addresses), `slm`, `bti` (a surface argument or constant
/// binding-table index) or `bindless` (a surface-state offset), the last three with 32-bit
/// addresses. `llvm.genx.lsc.fence` orders memory accesses.
pub(crate) fn lsc(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    let name = iid.name();
    let Some((op, model)) = iid.lsc() else {
        return lsc_fence(s, name, args);
    };
    if matches!(op, LscForm::Load2d | LscForm::Store2d | LscForm::Prefetch2d) && model == LscModel::Stateless
    {
        return lsc_block2d(s, id, op, name, args);
    }
    let (sfid, addr_bits) = match model {
        LscModel::Stateless => (m::LscSfid::Ugm, 64),
        LscModel::Slm => (m::LscSfid::Slm, 32),
        LscModel::Bti | LscModel::Bindless => (m::LscSfid::Ugm, 32),
    };
    let form = lsc_layout(op).ok_or_else(|| unsupported(name))?;
    argc(name, args, form.nargs)?;
    let c = |s: &Selector, i: usize, what: &str| const_u64(s, args[i], &format!("{name}: the {what}"));
    let subop = c(s, 1, "sub-opcode")?;
    let lop = match form.op {
        Some(want) if subop == u64::from(want.code()) => want,
        Some(_) => return Err(invalid(format!("{name}: invalid sub-opcode {subop}"))),
        None => match m::LscAtomic::from_code(subop) {
            Some(a) => m::LscOp::Atomic(a),
            None => return Err(invalid(format!("{name}: invalid atomic sub-opcode {subop}"))),
        },
    };
    let (l1, l3) = (c(s, 2, "L1 cache control")?, c(s, 3, "L3 cache control")?);
    let access = match lop {
        m::LscOp::Atomic(_) => None,
        m::LscOp::Store | m::LscOp::StoreQuad => Some(CacheAccess::Store),
        _ => Some(CacheAccess::Load),
    };
    check_cache_controls(name, access, l1, l3)?;
    let scale = c(s, 4, "address scale")?;
    if scale > 1 {
        return Err(unsupported(format!("{name} with address scale {scale} (the finalizer has none)")));
    }
    let offset = c(s, 5, "immediate offset")? as u32 as i32;
    let (bits, c32) = match c(s, 6, "data size")? {
        1 => (8, false),
        2 => (16, false),
        3 => (32, false),
        4 => (64, false),
        5 => (8, true),
        6 => (16, true),
        other => return Err(unsupported(format!("{name} with data size code {other}"))),
    };
    let elems = match c(s, 7, "vector size")? {
        v @ 1..=4 => v as u8,
        5 => 8,
        6 => 16,
        7 => 32,
        8 => 64,
        other => return Err(invalid(format!("{name}: invalid vector size code {other}"))),
    };
    let transpose = match c(s, 8, "data order")? {
        1 => false,
        2 => true,
        other => return Err(invalid(format!("{name}: invalid data order {other}"))),
    };
    let quad = matches!(lop, m::LscOp::LoadQuad | m::LscOp::StoreQuad);
    let chmask = if quad {
        let mask = c(s, 9, "channel mask")?;
        if !(1..=15).contains(&mask) {
            return Err(invalid(format!("{name}: invalid channel mask {mask} (1 to 15: x, y, z, w)")));
        }
        if bits != 32 || c32 || elems != 1 || transpose {
            return Err(invalid(format!(
                "{name}: a quad message moves 32-bit elements, one vector per lane, not transposed"
            )));
        }
        if lop == m::LscOp::StoreQuad && !matches!(mask, 1 | 3 | 7 | 15) {
            return Err(invalid(format!(
                "{name}: a quad store writes contiguous channels (x, xy, xyz or xyzw), not mask {mask}"
            )));
        }
        mask as u8
    } else {
        0
    };
    let addrs = args[10];
    let addr_ty = s.f().value_type(addrs);
    if addr_ty.elem().map(Elem::bits) != Some(addr_bits) {
        return Err(invalid(format!("{name}: addresses must be i{addr_bits}")));
    }
    let lanes = addr_ty.num_elems();
    let exec = if transpose {
        if lanes != 1 {
            return Err(invalid(format!("{name}: a transposed (block) message takes one address")));
        }
        Exec::nm(1)
    } else {
        msg_exec(s, lanes, name)?
    };
    let (wm, exec) = msg_mask(s, args[0], exec)?;
    let pred = wm.pred;
    let model = match model {
        LscModel::Bti => s.lsc_surface_model(args[form.surface])?,
        LscModel::Bindless => m::LscAddrModel::Bss(lsc_surface(s, args[form.surface], name)?),
        LscModel::Stateless | LscModel::Slm => m::LscAddrModel::Flat,
    };
    let av = s.block_var(addrs)?;
    let av = s.view(av, if addr_bits == 64 { VisaType::UQ } else { VisaType::UD })?;
    let addr = m::LscAddr { model, var: av, offset, bits: addr_bits as u8 };
    let shape = m::LscShape { bits, c32, elems, transpose, chmask };
    if sfid == m::LscSfid::Slm && matches!(lop, m::LscOp::Atomic(m::LscAtomic::Fadd | m::LscAtomic::Fsub)) {
        return Err(not_available(format!(
            "{name}: atomic float add and subtract on SLM are not available on {}",
            s.platform
        )));
    }
    let grfs = shape.data_bytes(exec.size).div_ceil(s.grf());
    if grfs > MAX_MSG_GRFS {
        return Err(not_available(format!(
            "{name} moving {grfs} registers of data is not available on {} (a message moves at most {MAX_MSG_GRFS})",
            s.platform
        )));
    }
    let want = if transpose { u32::from(elems) } else { u32::from(exec.size) * u32::from(elems) };
    let want = if quad { u32::from(exec.size) * chmask.count_ones() } else { want };
    let data_ty = |s: &Selector, i: usize| s.f().value_type(args[i]);
    let mut checked = vec![("result", s.f().insts[id].ty)];
    checked.extend(form.data.map(|i| ("stored data", data_ty(s, i))));
    if matches!(lop, m::LscOp::Atomic(_)) {
        checked.extend([("first atomic source", data_ty(s, 11)), ("second atomic source", data_ty(s, 12))]);
    }
    for (what, ty) in checked {
        let ebits = ty.elem().map(Elem::bits);
        if ebits.is_none() || op == LscForm::Prefetch {
            continue;
        }
        if ty.num_elems() != want || (bits >= 32 && ebits != Some(u32::from(bits))) {
            return Err(invalid(format!(
                "{name}: the {what} must be {want} elements of {} bits (the data shape {} on {} lanes), not {} of {}",
                bits.max(32),
                shape.text(),
                exec.size,
                ty.num_elems(),
                ebits.unwrap_or(0)
            )));
        }
    }
    let null = m::VarId::NULL;
    let used = s.fx().bales.use_count(Value::Inst(id)) > 0;
    let (data, src1, src2) = match (op, lop) {
        (LscForm::Prefetch, _) => (null, null, null),
        (_, m::LscOp::Atomic(a)) => {
            let nsrc = a.num_srcs();
            let src = |s: &mut Selector, i: usize, on: bool| if on { s.block_var(args[i]) } else { Ok(null) };
            let src1 = src(s, 11, nsrc >= 1)?;
            let src2 = src(s, 12, nsrc >= 2)?;
            if let (true, true, Some(old)) = (used, wm.masked(), form.old) {
                keep_old(s, id, args[old])?;
            }
            (if used { s.var_of(Value::Inst(id))? } else { null }, src1, src2)
        }
        _ => match form.data {
            Some(d) => (s.block_var(args[d])?, null, null),
            None => {
                if let (true, Some(old)) = (wm.masked(), form.old) {
                    keep_old(s, id, args[old])?;
                }
                (s.var_of(Value::Inst(id))?, null, null)
            }
        },
    };
    let cache = (l1 as u8, l3 as u8);
    s.push(VInst::Lsc { op: lop, sfid, cache, pred, exec, addr, shape, data, src1, src2 });
    Ok(())
}

/// A scalar operand of an LSC surface: a 32-bit constant as an immediate, otherwise a variable of
/// type `ty` holding it (the value's own when it starts one).
pub(crate) fn lsc_operand(s: &mut Selector, v: Value, ty: VisaType) -> R<m::LscSurface> {
    if let Some(c) = s.f().as_const(v).and_then(|c| c.splat_value()) {
        if c <= u64::from(u32::MAX) {
            return Ok(m::LscSurface::Imm(c as u32));
        }
    }
    if let SrcOp::Gen(g) = s.src(v, ty)? {
        if g.row == 0 && g.col == 0 && g.modifier == m::SrcMod::None {
            return Ok(m::LscSurface::Var(g.var));
        }
    }
    let var = s.block_var(v)?;
    Ok(m::LscSurface::Var(s.view(var, ty)?))
}

/// The surface operand of a bindless LSC message: a constant or a 32-bit scalar.
fn lsc_surface(s: &mut Selector, v: Value, name: &str) -> R<m::LscSurface> {
    let ty = s.f().value_type(v);
    if ty.num_elems() != 1 || ty.elem().map(Elem::bits) != Some(32) {
        return Err(invalid(format!("{name}: the surface-state offset must be an i32 scalar")));
    }
    lsc_operand(s, v, VisaType::UD)
}

/// A 2D block message (PVC): `llvm.genx.lsc.{load,prefetch,store}2d.stateless` with operands
/// (pred, L1, L3, data size, order, blocks, block width, block height, VNNI transform, base
/// address, surface width, height and pitch (bytes less one), x, y, [stored data]).
fn lsc_block2d(s: &mut Selector, id: InstId, op: LscForm, name: &str, args: &[Value]) -> R<()> {
    if !crate::availability::MessageFeature::Block2d.available(s.platform) {
        return Err(not_available(format!(
            "{name} is not available on {} (2D block messages need PVC)",
            s.platform
        )));
    }
    let store = op == LscForm::Store2d;
    argc(name, args, if store { 16 } else { 15 })?;
    let c = |s: &Selector, i: usize, what: &str| const_u64(s, args[i], &format!("{name}: the {what}"));
    if msg_mask(s, args[0], Exec::nm(1))?.0.masked() {
        return Err(unsupported(format!("{name} under a predicate")));
    }
    let (l1, l3) = (c(s, 1, "L1 cache control")?, c(s, 2, "L3 cache control")?);
    let access = if store { CacheAccess::Store } else { CacheAccess::Load };
    check_cache_controls(name, Some(access), l1, l3)?;
    let bits = match c(s, 3, "data size")? {
        code @ 1..=4 => 4u8 << code,
        other => {
            return Err(invalid(format!(
                "{name}: invalid data size code {other} (1 d8, 2 d16, 3 d32, 4 d64)"
            )))
        }
    };
    let transpose = match c(s, 4, "data order")? {
        1 => false,
        2 => true,
        other => return Err(invalid(format!("{name}: invalid data order {other}"))),
    };
    let blocks = c(s, 5, "block count")?;
    let (width, height) = (c(s, 6, "block width")?, c(s, 7, "block height")?);
    let vnni = c(s, 8, "VNNI transform")? != 0;
    let bytes = u64::from(bits / 8);
    if !matches!(blocks, 1 | 2 | 4) || !(1..=64).contains(&width) || !(1..=32).contains(&height) {
        return Err(invalid(format!(
            "{name}: invalid block shape {blocks} x {width} x {height} (1, 2 or 4 blocks of at most 64 x 32)"
        )));
    }
    if width * bytes > 64 {
        return Err(invalid(format!("{name}: a block row is at most 64 bytes, not {width} x {bytes}")));
    }
    if (transpose && bits < 32) || (vnni && bits > 16) {
        return Err(invalid(format!(
            "{name}: transposed blocks hold 32- or 64-bit elements and VNNI blocks 8- or 16-bit ones, not {bits}-bit"
        )));
    }
    if transpose && vnni {
        return Err(invalid(format!("{name}: a block is either transposed or VNNI-transformed, not both")));
    }
    if store && (transpose || vnni || blocks > 1) {
        return Err(invalid(format!(
            "{name}: a 2D block store writes one block, neither transposed nor VNNI-transformed"
        )));
    }
    let shape = m::LscBlock2dShape {
        bits,
        blocks: blocks as u8,
        width: width as u16,
        height: height as u16,
        transpose,
        vnni,
    };
    let image = Block2dImage::of(shape, store);
    let data_value = if store { Some(args[15]) } else { (op == LscForm::Load2d).then_some(Value::Inst(id)) };
    if let Some(v) = data_value {
        let ty = s.f().value_type(v);
        let ebits = ty.elem().map(Elem::bits).unwrap_or(0);
        if !image.accepts(u64::from(ty.num_elems())) || ebits != u32::from(bits) {
            return Err(invalid(format!(
                "{name}: the {} must be {} elements of {bits} bits (the register image of the block {}), not {} of {ebits}",
                if store { "stored data" } else { "result" },
                image.sizes(),
                shape.text(),
                ty.num_elems()
            )));
        }
    }
    if image.whole * bytes > 2048 {
        return Err(invalid(format!(
            "{name}: a 2D block message moves at most 2048 bytes of registers, not {}",
            image.whole * bytes
        )));
    }
    let mut surface = Vec::new();
    for (i, what) in [
        (9, "base address"),
        (10, "surface width"),
        (11, "surface height"),
        (12, "surface pitch"),
        (13, "x coordinate"),
        (14, "y coordinate"),
    ] {
        let (bits, ty) = match i {
            9 => (64, VisaType::UQ),
            13 | 14 => (32, VisaType::D),
            _ => (32, VisaType::UD),
        };
        let vt = s.f().value_type(args[i]);
        if vt.num_elems() != 1 || vt.elem().map(Elem::bits) != Some(bits) {
            return Err(invalid(format!("{name}: the {what} must be an i{bits} scalar")));
        }
        surface.push(lsc_operand(s, args[i], ty)?);
    }
    let surface: [m::LscSurface; 6] = surface.try_into().map_err(|_| internal("six surface operands"))?;
    let data = match (store, op) {
        (true, _) => s.block_var(args[15])?,
        (false, LscForm::Load2d) => s.var_of(Value::Inst(id))?,
        _ => m::VarId::NULL,
    };
    s.push(VInst::LscBlock2d { store, cache: (l1 as u8, l3 as u8), shape, surface, data });
    Ok(())
}

/// Bytes of a register on the targets with 2D block messages (PVC).
const BLOCK2D_GRF_BYTES: u64 = 64;

/// The register image of a 2D block message's data (Intel's vISA spec, `LOAD_BLOCK2D` and
/// `STORE_BLOCK2D`), in elements. Each block is a run of register lines, a line padded to the next
/// power of two elements: a memory row of a plain block, a group of `4 / size` rows of a
/// VNNI-transformed one (the height padded to whole groups), a memory column of a transposed one.
/// Blocks start on whole registers. The intrinsic's value is the image with the last block's
/// last register filled (`whole`, the size ESIMD and CM give it) or stopping after the last
/// block's last line (`tight`); a store writes one plain block from the same image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block2dImage {
    /// Elements up to the end of the last block's last line.
    tight: u64,
    /// Elements of every block's whole registers.
    whole: u64,
}

impl Block2dImage {
    /// The image of `shape` (of a store when `store`).
    fn of(shape: m::LscBlock2dShape, store: bool) -> Block2dImage {
        let bytes = u64::from(shape.bits / 8).max(1);
        let (w, h) = (u64::from(shape.width), u64::from(shape.height));
        let k = if shape.vnni && !store { (4 / bytes).max(1) } else { 1 };
        // (elements of a line's data, lines of a block)
        let (line, lines) = if shape.transpose && !store { (h, w) } else { (w * k, h.div_ceil(k)) };
        let pitch = line.next_power_of_two();
        let per_grf = BLOCK2D_GRF_BYTES / bytes;
        let block = (pitch * lines).next_multiple_of(per_grf);
        let blocks = if store { 1 } else { u64::from(shape.blocks) };
        Block2dImage { tight: block * (blocks - 1) + pitch * lines, whole: block * blocks }
    }

    /// Whether a value of `elems` elements holds the image.
    fn accepts(self, elems: u64) -> bool {
        (self.tight..=self.whole).contains(&elems)
    }

    /// The accepted element counts, as a message says them.
    fn sizes(self) -> String {
        if self.tight == self.whole {
            self.whole.to_string()
        } else {
            format!("{} to {}", self.tight, self.whole)
        }
    }
}

/// `llvm.genx.lsc.fence(pred, sfid, fence op, scope)`: `lsc_fence.<sfid>.<op>.<scope>`.
pub(crate) fn lsc_fence(s: &mut Selector, name: &str, args: &[Value]) -> R<()> {
    argc(name, args, 4)?;
    if msg_mask(s, args[0], Exec::nm(1))?.0.masked() {
        return Err(unsupported(format!("{name} under a predicate (a fence orders every lane)")));
    }
    let c = |s: &Selector, i: usize, what: &str| const_u64(s, args[i], &format!("{name}: the {what}"));
    let sfid = match c(s, 1, "shared function")? {
        0 => m::LscSfid::Ugm,
        1 => m::LscSfid::Ugml,
        2 => m::LscSfid::Tgm,
        3 => m::LscSfid::Slm,
        other => {
            return Err(invalid(format!(
                "{name}: invalid shared function {other} (0 ugm, 1 ugml, 2 tgm, 3 slm)"
            )))
        }
    };
    let op = c(s, 2, "fence operation")?;
    if op as usize >= m::LSC_FENCE_OPS.len() {
        return Err(invalid(format!("{name}: invalid fence operation {op}")));
    }
    let scope = c(s, 3, "scope")?;
    if scope as usize >= m::LSC_SCOPES.len() {
        return Err(invalid(format!("{name}: invalid scope {scope}")));
    }
    s.push(VInst::LscFence { sfid, op: op as u8, scope: scope as u8 });
    Ok(())
}
