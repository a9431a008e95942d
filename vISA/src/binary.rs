//! The `.isa` binary container writer (vISA 4.1, as read by GenX_IR 12504): file header, one
//! kernel object per kernel (string pool, variable/address/predicate/label/sampler/surface
//! records, inputs, attributes) and the instruction stream with its operand encodings
//! (reference section 3), then the function table and one object per `.global_function` (no
//! inputs; the GRFs of `%arg`/`%retval` it takes after its code size and entry). No embedded Gen
//! binaries or relocations are written: GenX_IR 12504 asserts that a container has none; a call
//! of a function the linker resolves is its `faddr` by name, in the code.
//!
//! Names are the model's names, sanitized and de-duplicated (identity for valid unique names),
//! not the text writer's mangled names: the binary has no parser to collide with. The string
//! pool holds the kernel name first, then the names of variables, address variables, samplers,
//! surfaces, predicates, labels and attributes, each once, in that order.

use crate::model::*;
use crate::text::{sanitize, sanitized, unique_all};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::borrow::Cow;

/// The bytes of one operand or field sequence.
#[derive(Default)]
struct Buf(Vec<u8>);

impl Buf {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    /// A field sequence of a known length at once (one capacity check rather than one a field).
    fn fields<const N: usize>(&mut self, bytes: [u8; N]) {
        self.0.extend_from_slice(&bytes);
    }
}

/// The bytes of a general operand: class and modifier, variable, row, column, region.
#[inline]
fn general(class: u8, var: VarId, row: u8, col: u8, region: u16) -> [u8; 9] {
    let [v0, v1, v2, v3] = var.0.to_le_bytes();
    let [r0, r1] = region.to_le_bytes();
    [class, v0, v1, v2, v3, row, col, r0, r1]
}

/// The code of an execution size: its base-2 logarithm (1 -> 0 ... 32 -> 5).
#[inline]
fn exec_size_code(size: u8) -> u8 {
    assert!(size.is_power_of_two() && size <= 32, "invalid exec size {size}");
    size.trailing_zeros() as u8
}

#[inline]
fn emask_code(e: Exec) -> u8 {
    (e.mask & 7) + if e.nomask { 8 } else { 0 }
}

#[inline]
fn exec_byte(e: Exec) -> u8 {
    exec_size_code(e.size) | emask_code(e) << 4
}

/// The mode byte of `sample` / `load`: the enabled channels in bits 3:0, the SIMD mode in bits
/// 5:4 (0 = SIMD8, 1 = SIMD16). The validator admits only those two sizes.
fn sampler_mode(channels: Channels, e: Exec) -> u8 {
    let simd = match e.size {
        8 => 0,
        16 => 1,
        n => panic!("invalid sampler exec size {n}"),
    };
    channels.bits() | simd << 4
}

#[inline]
fn pred_word(p: Option<Pred>) -> u16 {
    match p {
        None => 0,
        Some(p) => (p.id.0 & 0xfff) | p.ctrl.code() << 13 | (p.inverse as u16) << 15,
    }
}

/// The code of each region stride or width up to 32 (0 -> 1, then 2 + its base-2 logarithm: 1 ->
/// 2 ... 32 -> 7), 0 where the value is no region value.
const REGION_CODES: [u8; 33] = {
    let mut codes = [0; 33];
    codes[0] = 1;
    let mut log = 0;
    while log <= 5 {
        codes[1 << log] = log as u8 + 2;
        log += 1;
    }
    codes
};

/// The code of a region's stride or width ([`REGION_CODES`]).
#[inline]
fn region_code(v: u8) -> u16 {
    match REGION_CODES.get(v as usize) {
        Some(&code) if code != 0 => code as u16,
        _ => panic!("invalid region value {v}"),
    }
}

#[inline]
fn src_region(r: Region, multi: bool) -> u16 {
    let v = if multi { 0 } else { region_code(r.vstride) };
    v | region_code(r.width) << 4 | region_code(r.hstride) << 8
}

const MOD_SAT: u8 = 4;
const CLASS_GENERAL: u8 = 0;
const CLASS_ADDRESS: u8 = 1;
const CLASS_PREDICATE: u8 = 2;
const CLASS_INDIRECT: u8 = 3;
const CLASS_IMMEDIATE: u8 = 5;
const CLASS_STATE: u8 = 6;

fn src(b: &mut Buf, s: &SrcOp) {
    match *s {
        SrcOp::Gen(g) => b.fields(general(
            CLASS_GENERAL | g.modifier.code() << 3,
            g.var,
            g.row,
            g.col,
            src_region(g.region, false),
        )),
        SrcOp::Ind(i) => {
            b.u8(CLASS_INDIRECT | i.modifier.code() << 3);
            b.u16(i.addr.0);
            b.u8(i.addr_elem);
            b.u16(i.byte_offset as u16);
            b.u8(i.ty.code());
            b.u16(src_region(i.region, i.multi));
        }
        SrcOp::Imm(imm) => {
            let (ty, bits): (u8, u64) = match imm {
                Imm::D(v) => (VisaType::D.code(), v as u32 as u64),
                Imm::UD(v) => (VisaType::UD.code(), v as u64),
                Imm::W(v) => (VisaType::W.code(), v as i32 as u32 as u64),
                Imm::UW(v) => (VisaType::UW.code(), v as u64),
                Imm::B(v) => (VisaType::B.code(), v as i32 as u32 as u64),
                Imm::UB(v) => (VisaType::UB.code(), v as u64),
                Imm::Q(v) => (VisaType::Q.code(), v as u64),
                Imm::UQ(v) => (VisaType::UQ.code(), v),
                Imm::F(v) => (VisaType::F.code(), v.to_bits() as u64),
                Imm::DF(v) => (VisaType::DF.code(), v.to_bits()),
                Imm::HF(v) => (VisaType::HF.code(), v as u64),
                Imm::V(v) => (8, v as u64),
                Imm::VF(v) => (9, v as u64),
                Imm::UV(v) => (12, v as u64),
            };
            let [x0, x1, x2, x3, x4, x5, x6, x7] = bits.to_le_bytes();
            if matches!(imm, Imm::Q(_) | Imm::UQ(_) | Imm::DF(_)) {
                b.fields([CLASS_IMMEDIATE, ty, x0, x1, x2, x3, x4, x5, x6, x7]);
            } else {
                b.fields([CLASS_IMMEDIATE, ty, x0, x1, x2, x3]);
            }
        }
        SrcOp::Pred(p) => {
            b.u8(CLASS_PREDICATE);
            b.u16(p.0);
        }
        SrcOp::Addr(a) => addr_opnd(b, a),
    }
}

fn addr_opnd(b: &mut Buf, a: AddrOpnd) {
    b.u8(CLASS_ADDRESS);
    b.u16(a.addr.0);
    b.u8(a.elem);
    b.u8(exec_size_code(a.width));
}

fn gdst(b: &mut Buf, d: Dst, sat: bool) {
    let class = CLASS_GENERAL | if sat { MOD_SAT << 3 } else { 0 };
    b.fields(general(class, d.var, d.row, d.col, region_code(d.hstride) << 8));
}

fn dst(b: &mut Buf, d: &DstOp, sat: bool) {
    match *d {
        DstOp::Gen(g) => gdst(b, g, sat),
        DstOp::Ind(i) => {
            b.u8(CLASS_INDIRECT | if sat { MOD_SAT << 3 } else { 0 });
            b.u16(i.addr.0);
            b.u8(i.addr_elem);
            b.u16(i.byte_offset as u16);
            b.u8(i.ty.code());
            b.u16(region_code(i.hstride) << 8);
        }
        DstOp::Pred(p) => {
            b.u8(CLASS_PREDICATE);
            b.u16(p.0);
        }
        DstOp::Addr(a) => addr_opnd(b, a),
    }
}

fn raw(b: &mut Buf, r: Raw) {
    let [v0, v1, v2, v3] = r.var.0.to_le_bytes();
    let [o0, o1] = r.offset.to_le_bytes();
    b.fields([v0, v1, v2, v3, o0, o1]);
}

fn num_blocks_code(n: u8) -> u8 {
    match n {
        1 => 0,
        2 => 1,
        4 => 2,
        8 => 3,
        _ => panic!("invalid block count {n}"),
    }
}

fn inst<'a>(b: &mut Buf, k: &'a Kernel, i: &'a Inst, pool: &mut Pool<'a>) {
    match i {
        Inst::Label(l) => {
            b.u8(0x31);
            b.u16(l.0);
        }
        Inst::Subroutine(l) => {
            b.u8(0x30);
            b.u16(l.0);
        }
        Inst::Alu { op, pred, sat, exec, dst: d, srcs } => {
            // fcvt is the one ALU form without a predicate field
            if *op != AluOp::Fcvt {
                let [p0, p1] = pred_word(*pred).to_le_bytes();
                b.fields([op.opcode(), exec_byte(*exec), p0, p1]);
            } else {
                b.fields([op.opcode(), exec_byte(*exec)]);
            }
            dst(b, d, *sat);
            for s in srcs {
                src(b, s);
            }
            // not a message: no operands follow
            return;
        }
        Inst::Bfn { func, pred, exec, dst: d, srcs } => {
            b.u8(0x85);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            dst(b, d, false);
            for s in srcs {
                src(b, s);
            }
            b.u8(*func);
        }
        Inst::Dpas { wide, exec, dst: d, src0, src1, src2, w, a, depth, repeat } => {
            b.u8(if *wide { 0x1C } else { 0x83 });
            b.u8(exec_byte(*exec));
            for r in [d, src0, src1] {
                raw(b, *r);
            }
            src(b, &SrcOp::Gen(*src2));
            for v in [w.code(), a.code(), *depth, *repeat] {
                b.u8(v);
            }
        }
        Inst::AddcSubb { sub, pred, exec, dst: d, carry, src0, src1 } => {
            b.u8(if *sub { 0x4A } else { 0x49 });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            gdst(b, *d, false);
            gdst(b, *carry, false);
            src(b, src0);
            src(b, src1);
        }
        Inst::MinMax { max, sat, exec, dst: d, src0, src1 } => {
            b.u8(0x45);
            b.u8(exec_byte(*exec));
            b.u8(*max as u8);
            dst(b, d, *sat);
            src(b, src0);
            src(b, src1);
        }
        Inst::Cmp { rel, exec, dst: d, src0, src1 } => {
            b.u8(0x2C);
            b.u8(exec_byte(*exec));
            b.u8(rel.code());
            match *d {
                CmpDst::Pred(p) => dst(b, &DstOp::Pred(p), false),
                CmpDst::Gen(g) => gdst(b, g, false),
            }
            src(b, src0);
            src(b, src1);
        }
        Inst::Setp { exec, dst: p, src: s } => {
            b.u8(0x2B);
            b.u8(exec_byte(*exec));
            dst(b, &DstOp::Pred(*p), false);
            src(b, s);
        }
        Inst::Movs { exec, dst: t, src: s } => {
            b.u8(0x2D);
            b.u8(exec_byte(*exec));
            // State operand: class 0 (surface), id, offset 0.
            b.u8(CLASS_STATE);
            b.u8(0);
            b.u16(u16::from(t.0));
            b.u8(0);
            src(b, s);
        }
        Inst::MovsSampler { exec, dst: t, src: s } => {
            b.u8(0x2D);
            b.u8(exec_byte(*exec));
            // State operand: class 1 (sampler), id, offset 0.
            b.u8(CLASS_STATE);
            b.u8(1);
            b.u16(u16::from(t.0));
            b.u8(0);
            src(b, s);
        }
        Inst::AddrAdd { exec, dst: d, base, base_offset, src1 } => {
            b.u8(0x28);
            b.u8(exec_byte(*exec));
            addr_opnd(b, *d);
            // "address of" = a general operand whose column (in elements of the base's type)
            // encodes the byte offset; rows would depend on the GRF size, so they stay 0.
            let elt = k.var_type(*base).size() as u16;
            b.u8(CLASS_GENERAL);
            b.u32(base.0);
            b.u8(0);
            b.u8((base_offset / elt) as u8);
            b.u16(0);
            src(b, src1);
        }
        Inst::Jmp { pred, exec, target }
        | Inst::Goto { pred, exec, target }
        | Inst::Call { pred, exec, target } => {
            b.u8(match i {
                Inst::Jmp { .. } => 0x32,
                Inst::Call { .. } => 0x33,
                _ => 0x6C,
            });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u16(target.0);
        }
        Inst::Ret { pred, exec } => {
            b.u8(0x34);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
        }
        Inst::FCall { pred, exec, function, arg_size, ret_size } => {
            b.u8(0x67);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u16(pool.id(function) as u16);
            b.u8(*arg_size);
            b.u8(*ret_size);
        }
        // Free text has no encoding: writers of `.isa` refuse such kernels first
        // ([`try_write_isa`], the driver); nothing is written for it here.
        Inst::Verbatim { .. } => {}
        Inst::File(name) => {
            b.u8(0x51);
            b.u32(pool.id(name));
        }
        Inst::Loc(line) => {
            b.u8(0x52);
            b.u32(*line);
        }
        Inst::FAddr { function, dst: d } => {
            b.u8(0x50);
            b.u16(pool.id(function) as u16);
            dst(b, d, false);
        }
        Inst::IFCall { pred, exec, addr, arg_size, ret_size } => {
            b.u8(0x4F);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            src(b, addr);
            b.u8(*arg_size);
            b.u8(*ret_size);
        }
        Inst::FRet { pred, exec } => {
            b.u8(0x68);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
        }
        Inst::SwitchJmp { exec, index, targets } => {
            b.u8(0x69);
            b.u8(exec_byte(*exec));
            b.u8(targets.len() as u8);
            src(b, index);
            for t in targets {
                b.u16(t.0);
            }
        }
        Inst::OwordLd { size, unaligned, surface, .. } => {
            b.u8(if *unaligned { 0x3C } else { 0x35 });
            b.u8(size.code());
            b.u8(0);
            b.u8(surface.0);
        }
        Inst::OwordSt { size, surface, .. } => {
            b.u8(0x36);
            b.u8(size.code());
            b.u8(surface.0);
        }
        Inst::MediaLd { modifier, surface, plane, width, height, .. }
        | Inst::MediaSt { modifier, surface, plane, width, height, .. } => {
            b.u8(if matches!(i, Inst::MediaLd { .. }) { 0x37 } else { 0x38 });
            b.u8(modifier.code());
            b.u8(surface.0);
            b.u8(*plane);
            b.u8(*width);
            b.u8(*height);
        }
        Inst::Gather { store, elt_size, exec, surface, .. } => {
            b.u8(if *store { 0x3A } else { 0x39 });
            b.u8(match elt_size {
                1 => 0,
                2 => 1,
                _ => 2,
            });
            if !store {
                b.u8(0);
            }
            let lanes = match exec.size {
                8 => 0,
                16 => 1,
                1 => 2,
                n => panic!("invalid gather exec size {n}"),
            };
            b.u8(lanes | emask_code(*exec) << 4);
            b.u8(surface.0);
        }
        Inst::Scaled { store, pred, exec, blocks, surface, .. } => {
            b.u8(if *store { 0x79 } else { 0x78 });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(0); // block size: 1 byte
            b.u8(blocks.code());
            b.u16(0); // scale
            b.u8(surface.0);
        }
        Inst::Scaled4 { store, pred, exec, channels, surface, .. } => {
            b.u8(if *store { 0x75 } else { 0x74 });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(channels.bits());
            b.u16(0); // scale
            b.u8(surface.0);
        }
        Inst::Typed4 { store, pred, exec, channels, surface, .. } => {
            b.u8(if *store { 0x4C } else { 0x4B });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(channels.bits());
            b.u8(surface.0);
        }
        Inst::Sample { channels, exec, sampler, surface, .. } => {
            b.u8(0x40);
            b.u8(sampler_mode(*channels, *exec));
            b.u8(sampler.0);
            b.u8(surface.0);
        }
        Inst::Avs {
            channels,
            format,
            mode,
            sampler,
            surface,
            u,
            v,
            du,
            dv,
            u2d,
            group,
            vblock,
            v2d,
            ief_bypass,
            dst,
        } => {
            // AVS: the output format and the mode bytes sit among the operands, so this form
            // writes its operands itself
            b.u8(0x43);
            b.u8(channels.bits());
            b.u8(sampler.0);
            b.u8(surface.0);
            for x in [u, v, du, dv, u2d, group, vblock] {
                src(b, x);
            }
            b.u8(format.code());
            src(b, v2d);
            b.u8(mode.code());
            src(b, ief_bypass);
            raw(b, *dst);
        }
        Inst::SampleUnorm { channels, format, sampler, surface, .. } => {
            b.u8(0x41);
            b.u8(channels.bits() | format.code() << 4);
            b.u8(sampler.0);
            b.u8(surface.0);
        }
        Inst::Load3d { op, pixel_null_mask, pred, exec, channels, aoffimmi, surface, dst, params } => {
            // 3D_LOAD: the parameter count sits between the result and the parameters, so this
            // form writes its operands itself
            b.u8(0x6E);
            // vISA 4 widened the operation to a word: the code, then the pixel null mask at bit 8
            b.u16(u16::from(op.code()) | u16::from(*pixel_null_mask) << 8);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(channels.bits());
            src(b, aoffimmi);
            b.u8(surface.0);
            raw(b, *dst);
            b.u8(params.len() as u8);
            for p in params {
                raw(b, *p);
            }
            return;
        }
        Inst::Sample3d {
            op,
            pixel_null_mask,
            pred,
            exec,
            channels,
            aoffimmi,
            sampler,
            surface,
            dst,
            params,
        } => {
            // 3D_SAMPLE: as 3D_LOAD with the sampler before the surface
            b.u8(0x6D);
            b.u16(u16::from(op.code()) | u16::from(*pixel_null_mask) << 8);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(channels.bits());
            src(b, aoffimmi);
            b.u8(sampler.0);
            b.u8(surface.0);
            raw(b, *dst);
            b.u8(params.len() as u8);
            for p in params {
                raw(b, *p);
            }
            return;
        }
        Inst::Load { channels, exec, surface, .. } => {
            b.u8(0x42);
            b.u8(sampler_mode(*channels, *exec));
            b.u8(surface.0);
        }
        Inst::SvmBlock { store, size, .. } => {
            b.u8(0x4E);
            b.u8(if *store { 2 } else { 1 });
            b.u8(size.code());
        }
        Inst::SvmScatter { store, pred, exec, block, num_blocks, .. } => {
            b.u8(0x4E);
            b.u8(if *store { 4 } else { 3 });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(block.code());
            b.u8(num_blocks_code(*num_blocks));
        }
        Inst::DwordAtomic { op, half, pred, exec, surface, .. } => {
            b.u8(0x7D);
            b.u8(op.code() | (*half as u8) << 5);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(surface.0);
        }
        Inst::SvmScaled4 { store, pred, exec, channels, .. } => {
            b.u8(0x4E);
            b.u8(if *store { 7 } else { 6 });
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(channels.bits());
            b.u16(0); // scale
        }
        Inst::SvmAtomic { op, bits, pred, exec, .. } => {
            b.u8(0x4E);
            b.u8(5);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            // bits 4:0 operation, bit 5 16-bit data, bit 6 64-bit data
            b.u8(op.code() | u8::from(*bits == 16) << 5 | u8::from(*bits == 64) << 6);
        }
        Inst::TypedAtomic { op, half, pred, exec, surface, .. } => {
            b.u8(0x73);
            b.u8(op.code() | (*half as u8) << 5);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(surface.0);
        }
        Inst::Barrier => b.u8(0x59),
        Inst::Sync(sync) => {
            b.u8(sync.opcode());
            match sync {
                ThreadSync::SplitBarrier { signal } => b.u8(*signal as u8),
                ThreadSync::NamedBarrier { signal, id, threads } => {
                    b.u8(*signal as u8);
                    src(b, id);
                    // a wait's thread count field repeats the id
                    src(b, if *signal { threads } else { id });
                }
                ThreadSync::Wait { mask } => src(b, mask),
                ThreadSync::Yield | ThreadSync::SamplerCacheFlush => {}
            }
            return;
        }
        Inst::Fence(f) => {
            b.u8(0x5C);
            b.u8(f.mask());
        }
        Inst::LscBlock2d { store, cache, shape, surface, data } => {
            b.u8(0x89);
            b.u8(if *store { 7 } else { 3 });
            b.u8(exec_byte(Exec::nm(1)));
            b.u16(pred_word(None));
            b.u8(LscSfid::Ugm.code());
            b.u8(cache.0);
            b.u8(cache.1);
            // block shape: size, order (1 plain, 2 transposed), blocks, width, height, VNNI
            b.u8(shape.size_code());
            b.u8(if shape.transpose { 2 } else { 1 });
            b.u8(shape.blocks);
            b.u16(shape.width);
            b.u16(shape.height);
            b.u8(shape.vnni as u8);
            // dst, the six surface operands, then the stored data
            let (d, s1) = if *store { (VarId::NULL, *data) } else { (*data, VarId::NULL) };
            raw(b, Raw::of(d));
            for x in surface {
                lsc_surface(b, *x);
            }
            raw(b, Raw::of(s1));
        }
        Inst::LscFence { sfid, op, scope } => {
            b.u8(0x8B);
            b.u8(exec_byte(Exec::nm(1)));
            b.u16(pred_word(None));
            b.u8(sfid.code());
            b.u8(*op);
            b.u8(*scope);
        }
        Inst::RawSend { sendc, pred, exec, exdesc, num_src, num_dst, .. } => {
            b.u8(0x5D);
            b.u8(*sendc as u8);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u32(*exdesc);
            b.u8(*num_src);
            b.u8(*num_dst);
        }
        Inst::Lsc { op, sfid, cache, pred, exec, addr, shape, data, src1, src2 } => {
            b.u8(0x89);
            b.u8(op.code());
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(sfid.code());
            b.u8(cache.0);
            b.u8(cache.1);
            // address: model (flat 1, bti 4), scale 1, immediate offset, size (a32 2, a64 3)
            b.u8(addr.model.code());
            b.u16(1);
            b.u32(addr.offset as u32);
            b.u8(if addr.bits == 64 { 3 } else { 2 });
            // data shape: size, order (1 SIMT, 2 transposed), elements, then the channel mask,
            // which shares the elements' storage and so repeats their code
            b.u8(shape.size_code());
            b.u8(if shape.transpose { 2 } else { 1 });
            b.u8(shape.elems_code());
            b.u8(shape.elems_code());
            // the surface: immediate 0 for flat addresses
            lsc_surface(b, addr.model.surface().unwrap_or(LscSurface::Imm(0)));
            // dst, addresses, src1, src2: the stored data is src1
            let (d, s1) = match op {
                LscOp::Store | LscOp::StoreQuad => (VarId::NULL, *data),
                _ => (*data, *src1),
            };
            for v in [d, addr.var, s1, *src2] {
                raw(b, Raw::of(v));
            }
        }
        Inst::RawSends { sendc, eot, pred, exec, sfid, num_src0, num_src1, num_dst, .. } => {
            b.u8(0x7A);
            b.u8(*sendc as u8 | (*eot as u8) << 1);
            b.u8(exec_byte(*exec));
            b.u16(pred_word(*pred));
            b.u8(*num_src0);
            b.u8(*num_src1);
            b.u8(*num_dst);
            b.u8(*sfid);
        }
    }
    // a message's operands follow its fixed fields
    if let Some(operands) = i.message_operands() {
        for o in operands.as_slice() {
            match *o {
                MsgOperand::Src(s) => src(b, s),
                MsgOperand::Raw(r) => raw(b, r),
            }
        }
    }
}

/// An LSC surface operand: a ud immediate or a scalar variable.
fn lsc_surface(b: &mut Buf, s: LscSurface) {
    match s {
        LscSurface::Imm(i) => src(b, &SrcOp::Imm(Imm::UD(i))),
        LscSurface::Var(v) => src(b, &SrcOp::Gen(Src::scalar(v, 0))),
    }
}

/// Deduplicating string pool: strings in first-use order, and each string's index (a kernel of
/// 100,000 instructions names tens of thousands of variables; a linear search made this quadratic).
struct Pool<'a> {
    strings: Vec<&'a str>,
    index: HashMap<&'a str, u32>,
}

impl<'a> Pool<'a> {
    /// A pool holding `first` at index 0, with room for `capacity` strings.
    fn new(first: &'a str, capacity: usize) -> Pool<'a> {
        let mut pool =
            Pool { strings: Vec::with_capacity(capacity), index: HashMap::with_capacity(capacity) };
        pool.id(first);
        pool
    }

    fn id(&mut self, s: &'a str) -> u32 {
        let next = self.strings.len() as u32;
        let i = *self.index.entry(s).or_insert(next);
        if i == next {
            self.strings.push(s);
        }
        i
    }
}

/// The declared names of a kernel's variable namespace, sanitized, per kind: variables, address
/// variables, samplers, surfaces, predicates.
type VarNames<'k> = [Vec<Cow<'k, str>>; 5];

/// The string pool of a kernel object started with its name and the names of its variable
/// namespace, and the pool index of each of those names (per kind, as [`VarNames`]). `None` when
/// two of them are the same (the pool gives equal strings one index).
fn declared_pool<'a>(
    kernel: &'a str,
    names: &'a VarNames<'_>,
    capacity: usize,
) -> Option<(Pool<'a>, [Vec<u32>; 5])> {
    let mut pool = Pool::new(kernel, capacity);
    // the pool indices the namespace has used so far
    let mut used = vec![false; 1 + names.iter().map(Vec::len).sum::<usize>()];
    let mut ids: [Vec<u32>; 5] = Default::default();
    for (kind, list) in names.iter().enumerate() {
        let mut kind_ids = Vec::with_capacity(list.len());
        for name in list {
            let id = pool.id(name);
            if std::mem::replace(&mut used[id as usize], true) {
                return None;
            }
            kind_ids.push(id);
        }
        ids[kind] = kind_ids;
    }
    Some((pool, ids))
}

/// Whether no two of `names` are the same.
fn distinct(names: &[Cow<'_, str>]) -> bool {
    let mut seen: HashSet<&str> = HashSet::with_capacity(names.len());
    names.iter().all(|n| seen.insert(n))
}

/// `names` de-duplicated (identity when they are distinct).
fn made_distinct<'k>(names: Vec<Cow<'k, str>>) -> Vec<Cow<'k, str>> {
    if distinct(&names) {
        return names;
    }
    let mut owned: Vec<String> = names.into_iter().map(Cow::into_owned).collect();
    unique_all(&mut [&mut owned]);
    owned.into_iter().map(Cow::Owned).collect()
}

/// Returns (kernel object bytes, offset of its num_inputs field inside the object).
fn kernel_object(k: &Kernel) -> (Vec<u8>, u32) {
    // Labels are a namespace of their own, made distinct before any goes in the pool (the labels
    // of unnamed blocks share a base when the input has no value names: then the common case).
    let labels = made_distinct(k.labels.iter().map(|v| sanitized(&v.name)).collect());
    let mut names: VarNames = [
        k.vars.iter().map(|v| sanitized(&v.name)).collect(),
        k.addrs.iter().map(|v| sanitized(&v.name)).collect(),
        k.samplers.iter().map(|v| sanitized(&v.name)).collect(),
        k.surfaces.iter().map(|v| sanitized(&v.name)).collect(),
        k.preds.iter().map(|v| sanitized(&v.name)).collect(),
    ];
    // the kernel's name, its declarations' names and its attributes' names, and a few more
    let capacity = 1 + names.iter().map(Vec::len).sum::<usize>() + labels.len() + k.attrs.len() + 8;
    // The variable namespace's names are almost always distinct: the pool is built from them as
    // they are, and again, once, when two are the same, with them de-duplicated (one namespace
    // for the variables of every kind, in this order). De-duplicating names that are distinct
    // leaves them as they are.
    let mut deduplicated = false;
    let (mut pool, [var_ids, addr_ids, sampler_ids, surface_ids, pred_ids]) = loop {
        if let Some(built) = declared_pool(&k.name, &names, capacity) {
            break built;
        }
        assert!(!std::mem::replace(&mut deduplicated, true), "names made distinct per namespace");
        let mut owned: Vec<Vec<String>> =
            names.iter_mut().map(|list| list.drain(..).map(Cow::into_owned).collect()).collect();
        unique_all(&mut owned.iter_mut().collect::<Vec<_>>());
        for (kind, list) in owned.into_iter().enumerate() {
            names[kind] = list.into_iter().map(Cow::Owned).collect();
        }
    };
    let label_ids: Vec<u32> = labels.iter().map(|name| pool.id(name)).collect();
    let input_output = k.vars.iter().any(|v| v.input_output).then(|| pool.id(VAR_ATTR_INPUT_OUTPUT));
    let mut attrs = Buf::default();
    for a in &k.attrs {
        let value: Vec<u8> = match a {
            KernelAttr::Target3d(t) => vec![*t as u8],
            KernelAttr::SlmSize(n) | KernelAttr::PerThreadInputSize(n) => n.to_le_bytes().to_vec(),
            KernelAttr::SimdSize(n) => vec![*n],
            KernelAttr::NoBarrier => vec![],
            KernelAttr::OutputAsmPath(p) => p.as_bytes().to_vec(),
            KernelAttr::ArgSize(n) | KernelAttr::RetValSize(n) | KernelAttr::NBarrierCnt(n) => vec![*n],
        };
        attrs.u32(pool.id(a.name()));
        attrs.u8(value.len() as u8);
        attrs.bytes(&value);
    }

    // reserved at once: at most about 32 bytes an instruction, 16 a declaration and its name
    let mut code = Buf(Vec::with_capacity(3 + 32 * k.body.len()));
    code.u8(0x30);
    code.u16(0);
    for i in &k.body {
        inst(&mut code, k, i, &mut pool);
    }

    let decls = k.vars.len() + k.addrs.len() + k.preds.len() + k.labels.len() + k.inputs.len();
    let strings: usize = pool.strings.iter().map(|s| s.len() + 1).sum();
    let mut b = Buf(Vec::with_capacity(64 + strings + 16 * decls + attrs.0.len() + code.0.len()));
    b.u32(pool.strings.len() as u32);
    for s in &pool.strings {
        b.bytes(s.as_bytes());
        b.u8(0);
    }
    b.u32(0); // name index
    b.u32(k.vars.len() as u32);
    for (v, name) in k.vars.iter().zip(&var_ids) {
        let [n0, n1, n2, n3] = name.to_le_bytes();
        let [e0, e1] = v.num_elts.to_le_bytes();
        let (alias, off) = v.alias.map(|(id, off)| (id.0, off)).unwrap_or((0, 0));
        let [a0, a1, a2, a3] = alias.to_le_bytes();
        let [o0, o1] = off.to_le_bytes();
        // name, type and alignment, elements, alias and its offset, alias scope
        b.fields([n0, n1, n2, n3, v.ty.code() | v.align.code() << 4, e0, e1, a0, a1, a2, a3, o0, o1, 0]);
        match input_output {
            Some(attr) if v.input_output => {
                // one attribute: Input_Output, a flag (no value bytes)
                let [t0, t1, t2, t3] = attr.to_le_bytes();
                b.fields([1, t0, t1, t2, t3, 0]);
            }
            _ => b.u8(0), // attributes
        }
    }
    // name, elements, no attributes
    let counted = |b: &mut Buf, name: u32, num_elts: u16| {
        let [n0, n1, n2, n3] = name.to_le_bytes();
        let [e0, e1] = num_elts.to_le_bytes();
        b.fields([n0, n1, n2, n3, e0, e1, 0]);
    };
    b.u16(k.addrs.len() as u16);
    for (a, name) in k.addrs.iter().zip(&addr_ids) {
        counted(&mut b, *name, a.num_elts);
    }
    b.u16(k.preds.len() as u16);
    for (p, name) in k.preds.iter().zip(&pred_ids) {
        counted(&mut b, *name, p.num_elts);
    }
    b.u16(k.labels.len() as u16);
    for (l, name) in k.labels.iter().zip(&label_ids) {
        let [n0, n1, n2, n3] = name.to_le_bytes();
        let kind = match l.kind {
            LabelKind::Block => 0,
            LabelKind::Subroutine => 1,
        };
        b.fields([n0, n1, n2, n3, kind, 0]);
    }
    b.u8(k.samplers.len() as u8);
    for (s, name) in k.samplers.iter().zip(&sampler_ids) {
        counted(&mut b, *name, s.num_elts);
    }
    b.u8(k.surfaces.len() as u8);
    for (s, name) in k.surfaces.iter().zip(&surface_ids) {
        counted(&mut b, *name, s.num_elts);
    }
    b.u8(0); // vme
    let input_off = b.0.len() as u32;
    let function = k.unit == UnitKind::GlobalFunction;
    // a function has no inputs: its arguments arrive in %arg
    let inputs: &[Input] = if function { &[] } else { &k.inputs };
    if !function {
        b.u32(inputs.len() as u32);
    }
    for i in inputs {
        let (kind, id) = match i.target {
            InputTarget::Var(v) => (0u8, v.0),
            InputTarget::Sampler(s) => (1, s.0 as u32),
            InputTarget::Surface(s) => (2, s.0 as u32),
        };
        b.u8(kind | (i.implicit << 3));
        b.u32(id);
        b.u16(i.offset);
        b.u16(i.size);
    }
    let sizes = if function { 2 } else { 0 };
    let entry = b.0.len() as u32 + 4 + 4 + sizes + 2 + attrs.0.len() as u32;
    b.u32(code.0.len() as u32);
    b.u32(entry);
    if function {
        // the GRFs of %arg and %retval it takes (also its ArgSize / RetValSize attributes)
        let (arg, ret) = k.call_sizes();
        b.u8(arg.unwrap_or(0));
        b.u8(ret.unwrap_or(0));
    }
    b.u16(k.attrs.len() as u16);
    b.bytes(&attrs.0);
    debug_assert_eq!(b.0.len() as u32, entry);
    b.bytes(&code.0);
    (b.0, input_off)
}

/// One kernel encoded for the `.isa` container: its name, its kernel object, and where its input
/// table starts in the object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelObject {
    name: String,
    bytes: Vec<u8>,
    input_offset: u32,
}

/// Encodes one kernel for [`write_objects`]. Kernels encode independently, so a driver can encode
/// them in parallel.
pub fn encode_kernel(k: &Kernel) -> KernelObject {
    let (bytes, input_offset) = kernel_object(k);
    KernelObject { name: k.name.clone(), bytes, input_offset }
}

/// Whether a kernel holds inline assembly ([`Inst::Verbatim`]), which the `.isa` form cannot carry.
pub fn has_verbatim(k: &Kernel) -> bool {
    k.body.iter().any(|i| matches!(i, Inst::Verbatim { .. }))
}

/// Writes the units as one `.isa` file: the kernels, then the `.global_function`s in the
/// container's function table (a stack-call program: a kernel and the functions it reaches).
/// Refused: a function whose name is not an identifier (`fcall` names it as it is).
pub fn try_write_isa(units: &[Kernel]) -> Result<Vec<u8>, String> {
    let (functions, kernels): (Vec<&Kernel>, Vec<&Kernel>) =
        units.iter().partition(|k| k.unit == UnitKind::GlobalFunction);
    if let Some(f) = functions.iter().find(|f| sanitize(&f.name) != f.name) {
        return Err(format!(
            "not modeled by the binary writer: .global_function \"{}\", whose name is not an identifier",
            f.name
        ));
    }
    if let Some(k) = units.iter().find(|k| has_verbatim(k)) {
        return Err(format!(
            "not modeled by the binary writer: inline assembly in \"{}\" (free vISA text has no .isa encoding); emit visaasm",
            k.name
        ));
    }
    let kernels: Vec<KernelObject> = kernels.into_iter().map(encode_kernel).collect();
    let functions: Vec<KernelObject> = functions.into_iter().map(encode_kernel).collect();
    Ok(write_container(&kernels, &functions))
}

/// Writes the kernels as one vISA 4.1 `.isa` file (no embedded Gen binaries). Every unit is
/// written as a kernel: use [`try_write_isa`] for input that may hold `.global_function`s.
pub fn write_isa(kernels: &[Kernel]) -> Vec<u8> {
    let objects: Vec<KernelObject> = kernels.iter().map(encode_kernel).collect();
    write_objects(&objects)
}

/// The `.isa` file of encoded kernels, in order: the header with each kernel's name and offsets,
/// then the kernel objects.
pub fn write_objects(objects: &[KernelObject]) -> Vec<u8> {
    write_container(objects, &[])
}

/// The `.isa` file of encoded kernels and functions: the header (each kernel's name and offsets,
/// no file-scope variables, then the function table: linkage 0, name, offset, size, no
/// relocations), then the kernel objects, then the function objects.
pub fn write_container(kernels: &[KernelObject], functions: &[KernelObject]) -> Vec<u8> {
    let kernel_entries: usize = kernels.iter().map(|k| 2 + k.name.len() + 4 + 4 + 4 + 2 + 2 + 1).sum();
    let function_entries: usize = functions.iter().map(|f| 1 + 2 + f.name.len() + 4 + 4 + 2 + 2).sum();
    let header_len = 4 + 2 + 2 + kernel_entries + 2 + 2 + function_entries;
    let objects: usize = kernels.iter().chain(functions).map(|k| k.bytes.len()).sum();
    let mut h = Buf(Vec::with_capacity(header_len + objects));
    h.u32(0x4153_4943); // "CISA"
    h.u8(4);
    h.u8(1);
    h.u16(kernels.len() as u16);
    let mut offset = header_len as u32;
    for k in kernels {
        h.u16(k.name.len() as u16);
        h.bytes(k.name.as_bytes());
        h.u32(offset);
        h.u32(k.bytes.len() as u32);
        h.u32(offset + k.input_offset);
        h.u16(0); // variable relocations
        h.u16(0); // function relocations
        h.u8(0); // Gen binaries
        offset += k.bytes.len() as u32;
    }
    h.u16(0); // file-scope variables
    h.u16(functions.len() as u16);
    for f in functions {
        h.u8(0); // linkage (no longer read)
        h.u16(f.name.len() as u16);
        h.bytes(f.name.as_bytes());
        h.u32(offset);
        h.u32(f.bytes.len() as u32);
        h.u16(0); // variable relocations
        h.u16(0); // function relocations
        offset += f.bytes.len() as u32;
    }
    debug_assert_eq!(h.0.len(), header_len);
    for k in kernels.iter().chain(functions) {
        h.bytes(&k.bytes);
    }
    h.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names read back from a kernel's `.isa`: variables, and labels after the entry label the
    /// reader adds.
    fn names_back(k: &Kernel) -> (Vec<String>, Vec<String>) {
        let back = crate::read_isa(&write_isa(std::slice::from_ref(k))).expect("reads back");
        let vars = back[0].vars.iter().map(|v| v.name.clone()).collect();
        (vars, back[0].labels.iter().skip(1).map(|l| l.name.clone()).collect())
    }

    #[test]
    fn names_are_kept_sanitized_or_made_distinct_per_namespace() {
        // distinct identifiers: kept as they are, a label may share a variable's name
        let mut k = Kernel::new("k");
        for name in ["a", "b", "k"] {
            k.add_var(name, VisaType::D, 1, Align::Dword);
        }
        k.add_label("a");
        k.body.push(Inst::Label(LabelId(0)));
        assert_eq!(names_back(&k), (vec!["a".into(), "b".into(), "k".into()], vec!["a".into()]));
        // the same name twice, and names to sanitize into an existing one: numbered
        let mut k = Kernel::new("k");
        for name in ["a", "a", "b.c", "b_c"] {
            k.add_var(name, VisaType::D, 1, Align::Dword);
        }
        k.add_label("l");
        k.add_label("l");
        k.body.push(Inst::Label(LabelId(0)));
        k.body.push(Inst::Label(LabelId(1)));
        let want_vars = vec!["a".into(), "a_1".into(), "b_c".into(), "b_c_1".into()];
        assert_eq!(names_back(&k), (want_vars, vec!["l".into(), "l_1".into()]));
    }
}
