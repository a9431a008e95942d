//! The worked examples of section 4 of docs/genx-legalization.md, each checked for its pieces, for
//! legality and for meaning (interpreter before/after). The region-collapsing vectors C1-C7 are unit
//! tests of `legalize::collapse`.
//!
//! Two examples are about things genxc does not have, and are not here: E9 is the same input as E8
//! on Xe3PLPG, a platform with 32 address register elements that genxc does not target (on every
//! platform genxc targets, E8's split applies); E15 is about `CMStackCall` functions on fused-EU
//! parts, and genxc emits internal functions as vISA subroutines, never stack calls.

mod common;
use common::*;
use genxc_genx::ir::{BinOp, CastOp, CmpPred};
use genxc_genx::{intrinsics, Elem, InstKind, Platform, Region, Type, Value};

fn offs(rs: &[Region]) -> Vec<i32> {
    rs.iter().map(|r| r.offset).collect()
}
fn sizes(rs: &[Region]) -> Vec<u32> {
    rs.iter().map(|r| r.num_elems).collect()
}
fn idx_arg(bytes: i64) -> Vec<Option<u64>> {
    vec![Some((bytes as u64) & 0xffff)]
}

/// A lone indirect rdregion `<n x i32>` of `<16 x i32>` at `idx`.
fn indirect_rd(n: u32, vs: i32, w: u32, s: i32, pw: u32) -> genxc_genx::Function {
    let mut b =
        Builder::new(vec![Type::Vector(Elem::I32, 16), Type::Scalar(Elem::I16)], Type::Vector(Elem::I32, n));
    let r = Region {
        elem_bytes: 4,
        num_elems: n,
        vstride: vs,
        width: w,
        stride: s,
        offset: 0,
        indirect: Some(Value::Param(1)),
        parent_width: pw,
    }
    .canonical();
    let v = b.rd(Value::Param(0), r);
    b.ret(v)
}

#[test]
fn e1_indirect_2d_split_in_rows() {
    let f = indirect_rd(8, 2, 4, 1, 0);
    let args = [arg(Type::Vector(Elem::I32, 16), 1), idx_arg(8)];
    let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &args);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![4, 4]);
    assert_eq!(offs(&rd), vec![0, 8]);
    assert!(rd.iter().all(|r| r.indirect == Some(Value::Param(1))));
    assert_eq!(offs(&writes(&g)), vec![0, 16]);
}

#[test]
fn e2_indirect_rows_of_seven() {
    let f = indirect_rd(8, 2, 7, 1, 0);
    let args = [arg(Type::Vector(Elem::I32, 16), 2), idx_arg(0)];
    let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &args);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![4, 1, 1, 1, 1]);
    assert_eq!(offs(&rd), vec![0, 16, 20, 24, 8]);
    assert_eq!(offs(&writes(&g)), vec![0, 16, 20, 24, 28]);
}

#[test]
fn e3_e4_indirect_1d_not_split() {
    for (vs, w, s) in [(1, 1, 0), (0, 8, 1)] {
        let f = indirect_rd(8, vs, w, s, 0);
        let args = [arg(Type::Vector(Elem::I32, 16), 3), idx_arg(12)];
        let (g, st) = legalize_and_compare(&f, Platform::Tgllp, &args);
        assert_eq!(st.groups_split, 0);
        assert_eq!(sizes(&reads_of(&g, Value::Param(0))), vec![8]);
    }
}

#[test]
fn e5_lone_wrregion_of_doubles() {
    let d = Type::Vector(Elem::Double, 30);
    let big = Type::Vector(Elem::Double, 32);
    let mut b = Builder::new(vec![d, big], big);
    let r = reg(8, 30, 16, 15, 1, 0);
    let v = b.wr(Value::Param(1), Value::Param(0), r, None);
    let f = b.ret(v);
    let (g, _) = legalize_and_compare(&f, Platform::Skl, &[arg(d, 5), arg(big, 6)]);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![8, 4, 2, 1, 4, 4, 4, 2, 1]);
    assert_eq!(offs(&rd), vec![0, 64, 96, 112, 120, 152, 184, 216, 232]);
    assert_eq!(offs(&writes(&g)), vec![0, 64, 96, 112, 128, 160, 192, 224, 240]);
}

#[test]
fn e6_splat_of_three() {
    let t = Type::Vector(Elem::I32, 3);
    let mut b = Builder::new(vec![t], t);
    let v = b.rd(Value::Param(0), reg(4, 3, 0, 1, 0, 0));
    let f = b.ret(v);
    let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &[arg(t, 7)]);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![2, 1]);
    assert!(rd.iter().all(|r| r.offset == 0) && rd[0].stride == 0);
    assert_eq!(offs(&writes(&g)), vec![0, 8]);
}

#[test]
fn e7_byte_region_crossing_a_64_byte_grf() {
    // IGC first retypes this byte move to i16 (2 pieces); genxc splits the bytes directly: the
    // second row crosses the GRF at byte 64 and is taken as two halves.
    let src = Type::Vector(Elem::I8, 96);
    let dst = Type::Vector(Elem::I8, 256);
    let mut b = Builder::new(vec![src, dst], dst);
    let rd = b.rd(Value::Param(0), reg(1, 8, 2, 4, 1, 60));
    let v = b.wr(Value::Param(1), rd, Region::contiguous(1, 8, 0), None);
    let f = b.ret(v);
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &[arg(src, 8), arg(dst, 9)]);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![4, 2, 2]);
    assert_eq!(offs(&rd), vec![60, 62, 64]);
    // on a 32-byte-GRF part with byte regioning the whole 2D read is legal
    let (g, st) = legalize_and_compare(&f, Platform::Tgllp, &[arg(src, 8), arg(dst, 9)]);
    assert_eq!(st.groups_split, 1, "{:?}", writes(&g));
}

#[test]
fn e8_multi_indirect_needs_two_address_halves() {
    let v = Type::Vector(Elem::I32, 32);
    let ix = Type::Vector(Elem::I16, 32);
    let mut b = Builder::new(vec![v, ix], v);
    let r = Region {
        elem_bytes: 4,
        num_elems: 32,
        vstride: 0,
        width: 1,
        stride: 0,
        offset: 0,
        indirect: Some(Value::Param(1)),
        parent_width: 0,
    };
    let x = b.rd(Value::Param(0), r);
    let f = b.ret(x);
    let idx: Vec<Option<u64>> = (0..32u64).map(|i| Some((i * 7 % 32) * 4)).collect();
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &[arg(v, 10), idx]);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![16, 16]);
    let slices = reads_of(&g, Value::Param(1));
    assert_eq!((sizes(&slices), offs(&slices)), (vec![16, 16], vec![0, 32]));
    assert_eq!(offs(&writes(&g)), vec![0, 64]);
}

fn wide_binary(op: BinOp, elem: Elem, n: u32) -> genxc_genx::Function {
    let t = Type::Vector(elem, n);
    let mut b = Builder::new(vec![t, t], t);
    let v = b.inst(InstKind::Binary { op, lhs: Value::Param(0), rhs: Value::Param(1) }, t);
    b.ret(v)
}

#[test]
fn e10_wide_float_multiply() {
    let f = wide_binary(BinOp::FMul, Elem::Float, 32);
    let t = Type::Vector(Elem::Float, 32);
    let (g, _) = legalize_and_compare(&f, Platform::Dg2, &[arg(t, 1), arg(t, 2)]);
    assert_eq!(op_widths(&g), vec![16, 16]);
    let (g, st) = legalize_and_compare(&f, Platform::Pvc, &[arg(t, 1), arg(t, 2)]);
    assert_eq!((op_widths(&g), st.groups_split), (vec![32], 0));
}

/// Every rdregion of a function that does not read `other`, in order.
fn reads_except(f: &genxc_genx::Function, other: Value) -> Vec<Region> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            if let InstKind::RdRegion { region, input } = &f.insts[id].kind {
                if *input != other {
                    out.push(*region);
                }
            }
        }
    }
    out
}

/// Whether every rdregion after the first (except those of `other`) reads the wrregion emitted
/// just before it.
fn reads_chain_through_joins(f: &genxc_genx::Function, other: Value) -> bool {
    let mut last_wr = None;
    let mut reads = 0;
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            match &f.insts[id].kind {
                InstKind::RdRegion { input, .. } if *input != other => {
                    if reads > 0 && Some(*input) != last_wr {
                        return false;
                    }
                    reads += 1;
                }
                InstKind::WrRegion { .. } => last_wr = Some(Value::Inst(id)),
                _ => {}
            }
        }
    }
    true
}

fn rd_add_wr(n_src: u32, n: u32, wr_off: i64) -> genxc_genx::Function {
    let t = Type::Vector(Elem::I64, n_src);
    let p = Type::Vector(Elem::I64, n);
    let mut b = Builder::new(vec![t, p], t);
    let rd = b.rd(Value::Param(0), Region::contiguous(8, n, 0));
    let add = b.inst(InstKind::Binary { op: BinOp::Add, lhs: rd, rhs: Value::Param(1) }, p);
    let w = b.wr(Value::Param(0), add, reg(8, n, n as i64, n as i64, 1, wr_off), None);
    b.ret(w)
}

#[test]
fn e11_e12_simd32_qword_on_a_64_byte_grf() {
    let f = rd_add_wr(64, 32, 256);
    let args = [arg(Type::Vector(Elem::I64, 64), 3), arg(Type::Vector(Elem::I64, 32), 4)];
    // split propagation: the first piece reads %src, each later one the join before it (the reads
    // lie apart from the writes, so each piece can write in place)
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &args);
    assert_eq!(offs(&reads_of(&g, Value::Param(0))), vec![0]);
    assert_eq!(offs(&reads_except(&g, Value::Param(1))), vec![0, 128]);
    assert_eq!(offs(&writes(&g)), vec![256, 384]);
    assert!(reads_chain_through_joins(&g, Value::Param(1)));
    let f = rd_add_wr(72, 32, 288);
    let args = [arg(Type::Vector(Elem::I64, 72), 3), arg(Type::Vector(Elem::I64, 32), 4)];
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &args);
    assert_eq!(offs(&reads_of(&g, Value::Param(0))), vec![0]);
    assert_eq!(offs(&reads_except(&g, Value::Param(1))), vec![0, 64, 128, 192]);
    assert_eq!(offs(&writes(&g)), vec![288, 352, 416, 480]);
    assert!(reads_chain_through_joins(&g, Value::Param(1)));
}

#[test]
fn e13_e14_indirect_rows_with_parent_width() {
    let v = Type::Vector(Elem::I32, 96);
    let mk = |vs: i32, w: u32, pw: u32| {
        let mut b = Builder::new(vec![v, Type::Scalar(Elem::I16)], Type::Vector(Elem::I32, 16));
        let r = Region {
            elem_bytes: 4,
            num_elems: 16,
            vstride: vs,
            width: w,
            stride: 1,
            offset: 0,
            indirect: Some(Value::Param(1)),
            parent_width: pw,
        }
        .canonical();
        let x = b.rd(Value::Param(0), r);
        b.ret(x)
    };
    let (g, _) = legalize_and_compare(&mk(12, 8, 12), Platform::Pvc, &[arg(v, 5), idx_arg(40)]);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!((sizes(&rd), offs(&rd)), (vec![8, 8], vec![0, 48]));
    assert!(rd.iter().all(|r| r.parent_width == 12));
    assert_eq!(offs(&writes(&g)), vec![0, 32]);
    let (_, st) = legalize_and_compare(&mk(16, 16, 16), Platform::Pvc, &[arg(v, 5), idx_arg(64)]);
    assert_eq!(st.groups_split, 0);
}

#[test]
fn e21_qword_subtract() {
    let f = wide_binary(BinOp::Sub, Elem::I64, 16);
    let t = Type::Vector(Elem::I64, 16);
    let (g, _) = legalize_and_compare(&f, Platform::Mtl, &[arg(t, 1), arg(t, 2)]);
    assert_eq!(op_widths(&g), vec![8, 8]);
    assert_eq!(offs(&reads_of(&g, Value::Param(0))), vec![0, 64]);
    assert_eq!(offs(&writes(&g)), vec![0, 64]);
}

#[test]
fn e22_integer_division_width() {
    let t = Type::Vector(Elem::I32, 32);
    for op in [BinOp::UDiv, BinOp::SDiv, BinOp::URem, BinOp::SRem] {
        let f = wide_binary(op, Elem::I32, 32);
        let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &[arg(t, 1), arg(t, 2)]);
        assert_eq!(op_widths(&g), vec![16, 16]);
        // no native divide on PVC in the platform table: the emulation takes all 32 lanes
        let (g, _) = legalize_and_compare(&f, Platform::Pvc, &[arg(t, 1), arg(t, 2)]);
        assert_eq!(op_widths(&g), vec![32]);
    }
}

#[test]
fn e23_compare_of_a_2d_qword_read() {
    let src = Type::Vector(Elem::I64, 32);
    let t = Type::Vector(Elem::I64, 8);
    let pt = Type::Vector(Elem::I1, 8);
    let mut b = Builder::new(vec![src, t], pt);
    let rd = b.rd(Value::Param(0), reg(8, 8, 16, 4, 1, 0));
    let c = b.inst(InstKind::Cmp { pred: CmpPred::Eq, lhs: rd, rhs: Value::Param(1) }, pt);
    let f = b.ret(c);
    let mut other = arg(t, 2);
    other[1] = arg(src, 1)[1];
    let args = [arg(src, 1), other];
    let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &args);
    assert_eq!(op_widths(&g), vec![4, 4]);
    assert_eq!(count(&g, "intrinsic"), 2, "two wrpredregion joins");
    // PVC: a predicate piece is at least 8, so the read is split on its own and the cmp kept
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &args);
    assert_eq!(op_widths(&g), vec![8]);
    assert_eq!(sizes(&reads_of(&g, Value::Param(0))), vec![4, 4]);
}

fn conversion(from: Elem, to: Elem, n: u32) -> genxc_genx::Function {
    let (s, d) = (Type::Vector(from, n), Type::Vector(to, n));
    let mut b = Builder::new(vec![s], d);
    let v = b.inst(InstKind::Cast { op: CastOp::UIToFP, value: Value::Param(0) }, d);
    b.ret(v)
}

#[test]
fn e24_e25_conversions() {
    let f = conversion(Elem::I16, Elem::Float, 14);
    let a = [arg(Type::Vector(Elem::I16, 14), 3)];
    for p in [Platform::Dg2, Platform::Pvc] {
        let (g, _) = legalize_and_compare(&f, p, &a);
        assert_eq!(op_widths(&g), vec![8, 4, 2]);
        assert_eq!(offs(&reads_of(&g, Value::Param(0))), vec![0, 16, 24]);
        assert_eq!(offs(&writes(&g)), vec![0, 32, 48]);
    }
    let f = conversion(Elem::I16, Elem::Float, 32);
    let a = [arg(Type::Vector(Elem::I16, 32), 3)];
    assert_eq!(op_widths(&legalize_and_compare(&f, Platform::Dg2, &a).0), vec![16, 16]);
    assert_eq!(op_widths(&legalize_and_compare(&f, Platform::Pvc, &a).0), vec![32]);
}

#[test]
fn e27_unsplittable_user_gets_row_pieces() {
    let src = Type::Vector(Elem::I32, 128);
    let mut b = Builder::new(vec![src], Type::Vector(Elem::I32, 64));
    let rd = b.rd(Value::Param(0), reg(4, 64, 16, 8, 1, 0));
    let id = intrinsics::lookup("llvm.genx.dpas").unwrap();
    let d = b.inst(InstKind::Intrinsic { id, args: vec![rd] }, Type::Vector(Elem::I32, 64));
    let f = b.ret(d);
    let mut g = f.clone();
    genxc_legalize::legalize_function(&mut g, Platform::Tgllp).unwrap();
    assert_all_legal(&g, Platform::Tgllp);
    let rd = reads_of(&g, Value::Param(0));
    assert_eq!(sizes(&rd), vec![8; 8]);
    assert_eq!(offs(&rd), (0..8).map(|i| i * 64).collect::<Vec<_>>());
    assert_eq!(offs(&writes(&g)), (0..8).map(|i| i * 32).collect::<Vec<_>>());
    assert_eq!(count(&g, "intrinsic"), 1);
}

#[test]
fn e32_byte_to_half_is_capped_at_simd32() {
    let f = conversion(Elem::I8, Elem::Half, 64);
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &[arg(Type::Vector(Elem::I8, 64), 4)]);
    assert_eq!(op_widths(&g), vec![32, 32]);
    assert_eq!(offs(&reads_of(&g, Value::Param(0))), vec![0, 32]);
}

#[test]
fn e33_misaligned_float_write() {
    let n = Type::Vector(Elem::Float, 16);
    let big = Type::Vector(Elem::Float, 32);
    let mut b = Builder::new(vec![n, big], big);
    let v = b.wr(Value::Param(1), Value::Param(0), Region::contiguous(4, 16, 3), None);
    let f = b.ret(v);
    let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &[arg(n, 1), arg(big, 2)]);
    assert_eq!(offs(&writes(&g)), vec![12, 44]);
    assert_eq!(sizes(&writes(&g)), vec![8, 8]);
}

#[test]
fn e34_e35_large_and_odd_strides() {
    let v = Type::Vector(Elem::I32, 64);
    for (stride, pieces) in [(8, vec![2, 2, 2, 2]), (3, vec![1; 8])] {
        let mut b = Builder::new(vec![v], Type::Vector(Elem::I32, 8));
        let x = b.rd(Value::Param(0), reg(4, 8, 0, 8, stride, 0));
        let f = b.ret(x);
        let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &[arg(v, 9)]);
        assert_eq!(sizes(&reads_of(&g, Value::Param(0))), pieces);
    }
}

#[test]
fn masked_wrregion_of_a_wide_select() {
    // select with a vector condition feeding a masked wrregion: predicates sliced alongside
    let t = Type::Vector(Elem::Float, 32);
    let pt = Type::Vector(Elem::I1, 32);
    let big = Type::Vector(Elem::Float, 64);
    let mut b = Builder::new(vec![pt, t, t, big, pt], big);
    let s = b.inst(
        InstKind::Select { cond: Value::Param(0), on_true: Value::Param(1), on_false: Value::Param(2) },
        t,
    );
    let w = b.wr(Value::Param(3), s, Region::contiguous(4, 32, 4), Some(Value::Param(4)));
    let f = b.ret(w);
    let bits = |seed| arg(pt, seed);
    let args = [bits(11), arg(t, 1), arg(t, 2), arg(big, 3), bits(12)];
    // GRF32: the write starts 4 floats into a GRF, so pieces of 8 (12 elements to the boundary)
    let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &args);
    assert_eq!(op_widths(&g), vec![8, 8, 8, 8]);
    assert_eq!(count(&g, "intrinsic"), 8, "cond and mask sliced per piece");
    let (g, _) = legalize_and_compare(&f, Platform::Pvc, &args);
    assert_eq!(op_widths(&g), vec![16, 16]);
}

#[test]
fn bad_regions_are_errors_not_panics() {
    let v = Type::Vector(Elem::I32, 8);
    let mut b = Builder::new(vec![v], Type::Vector(Elem::I32, 4));
    let x = b.rd(Value::Param(0), reg(4, 4, 0, 4, 1, 24));
    let mut f = b.ret(x);
    let e = genxc_legalize::legalize_function(&mut f, Platform::Tgllp).unwrap_err();
    assert!(e.message.contains("outside"), "{e}");
}

#[test]
fn e26_reading_the_written_vector_through_a_variable_index() {
    // rd <8 x i16> (8;4,1) @A1 of a <1536 x i16>, written back into the same vector (8;4,1) @A0:
    // the write may land where a later piece reads, so the read is split on its own first
    let v = Type::Vector(Elem::I16, 1536);
    let i = Type::Scalar(Elem::I16);
    let mut b = Builder::new(vec![v, i, i], v);
    let ind = |idx: u32| Region {
        elem_bytes: 2,
        num_elems: 8,
        vstride: 8,
        width: 4,
        stride: 1,
        offset: 0,
        indirect: Some(Value::Param(idx)),
        parent_width: 0,
    };
    let rd = b.rd(Value::Param(0), ind(1));
    let w = b.wr(Value::Param(0), rd, ind(2), None);
    let f = b.ret(w);
    for (a1, a0) in [(64, 72 + 512), (64, 64 + 16), (64, 64)] {
        let args = [arg(v, 26), vec![Some(a1)], vec![Some(a0)]];
        let (g, _) = legalize_and_compare(&f, Platform::Tgllp, &args);
        // every read of the vector comes before the first write into it
        let order: Vec<&str> = g
            .layout
            .iter()
            .flat_map(|&bb| g.blocks[bb].insts.iter())
            .filter_map(|&id| match &g.insts[id].kind {
                InstKind::RdRegion { input: Value::Param(0), .. } => Some("rd"),
                InstKind::WrRegion { region, .. } if region.indirect == Some(Value::Param(2)) => Some("wr"),
                _ => None,
            })
            .collect();
        let first_wr = order.iter().position(|k| *k == "wr").expect("a write");
        assert!(order[first_wr..].iter().all(|k| *k == "wr"), "{order:?}");
        // IGC knows A0's alignment from the `or` that makes it and writes two rows of 4; genxc has
        // no index alignment analysis, so an indirect row that may cross a GRF is written per
        // element
        assert_eq!(order.iter().filter(|k| **k == "wr").count(), 8);
    }
}

/// The (element type, region) of every rdregion and wrregion of a function, in order.
fn moves(f: &genxc_genx::Function) -> Vec<(char, Elem, u32, i32, u32, i32, i32)> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let (k, r) = match &f.insts[id].kind {
                InstKind::RdRegion { region, .. } => ('r', region),
                InstKind::WrRegion { region, .. } => ('w', region),
                _ => continue,
            };
            let e = f.insts[id].ty.elem().unwrap();
            out.push((k, e, r.num_elems, r.vstride, r.width, r.stride, r.offset));
        }
    }
    out
}

#[test]
fn e16_e17_byte_moves_as_dwords() {
    let (v32, v16) = (Type::Vector(Elem::I8, 32), Type::Vector(Elem::I8, 16));
    let mut b = Builder::new(vec![v32], v16);
    let x = b.rd(Value::Param(0), Region::contiguous(1, 16, 0));
    let f = b.ret(x);
    let g = run_and_compare(&f, Platform::Mtl, &[arg(v32, 16)]);
    assert_eq!(moves(&g), vec![('r', Elem::I32, 4, 0, 4, 1, 0)]);
    assert_eq!(count(&g, "cast"), 2, "bitcast in and out");
    // E17: and written into another byte vector at byte 16
    let mut b = Builder::new(vec![v32, v32], v32);
    let x = b.rd(Value::Param(0), Region::contiguous(1, 16, 0));
    let w = b.wr(Value::Param(1), x, Region::contiguous(1, 16, 16), None);
    let f = b.ret(w);
    let g = run_and_compare(&f, Platform::Mtl, &[arg(v32, 16), arg(v32, 17)]);
    assert_eq!(moves(&g), vec![('r', Elem::I32, 4, 0, 4, 1, 0), ('w', Elem::I32, 4, 0, 4, 1, 16)]);
}

#[test]
fn e18_e19_e20_qword_moves_as_dword_pairs_without_int64() {
    let q = |n| Type::Vector(Elem::I64, n);
    // E18: <2 x i64> of <4 x i64> written at byte 16
    let mut b = Builder::new(vec![q(4), q(4)], q(4));
    let x = b.rd(Value::Param(0), Region::contiguous(8, 2, 0));
    let w = b.wr(Value::Param(1), x, Region::contiguous(8, 2, 2), None);
    let f = b.ret(w);
    let g = run_and_compare(&f, Platform::Mtl, &[arg(q(4), 18), arg(q(4), 19)]);
    assert_eq!(moves(&g), vec![('r', Elem::I32, 4, 0, 4, 1, 0), ('w', Elem::I32, 4, 0, 4, 1, 16)]);
    // with a 64-bit ALU (PVC) nothing is retyped
    let g = run_and_compare(&f, Platform::Pvc, &[arg(q(4), 18), arg(q(4), 19)]);
    assert!(moves(&g).iter().all(|m| m.1 == Elem::I64));
    // E19: (2;1,1)@8 of <8 x i64> -> (4;2,1)@8 of <16 x i32>; written (0;8,1)@0
    let mut b = Builder::new(vec![q(8), q(8)], q(8));
    let x = b.rd(Value::Param(0), reg(8, 4, 2, 1, 1, 8));
    let w = b.wr(Value::Param(1), x, Region::contiguous(8, 4, 0), None);
    let f = b.ret(w);
    let g = run_and_compare(&f, Platform::Mtl, &[arg(q(8), 20), arg(q(8), 21)]);
    assert_eq!(moves(&g), vec![('r', Elem::I32, 8, 4, 2, 1, 8), ('w', Elem::I32, 8, 0, 8, 1, 0)]);
    // E20: 16 of 32 qwords written at byte 128: as dwords, two pieces of 16 (two GRFs each)
    let mut b = Builder::new(vec![q(32), q(32)], q(32));
    let x = b.rd(Value::Param(0), Region::contiguous(8, 16, 0));
    let w = b.wr(Value::Param(1), x, Region::contiguous(8, 16, 16), None);
    let f = b.ret(w);
    let g = run_and_compare(&f, Platform::Mtl, &[arg(q(32), 22), arg(q(32), 23)]);
    let got = moves(&g);
    assert!(got.iter().all(|m| m.1 == Elem::I32), "{got:?}");
    let writes: Vec<i32> = got.iter().filter(|m| m.0 == 'w').map(|m| m.6).collect();
    assert_eq!(writes, vec![128, 192]);
}

/// `add <16 x i32>` whose result is and-ed with a constant keeping only `keep`; returns the add
/// widths after the whole pass.
fn dead_add(keep: &[usize], e: Elem) -> Vec<u32> {
    let t = Type::Vector(e, 16);
    let ret = if e == Elem::Half { Type::Vector(e, 1) } else { t };
    let mut b = Builder::new(vec![t, t], ret);
    let add = if e == Elem::Half {
        b.inst(InstKind::Binary { op: BinOp::FAdd, lhs: Value::Param(0), rhs: Value::Param(1) }, t)
    } else {
        b.inst(InstKind::Binary { op: BinOp::Add, lhs: Value::Param(0), rhs: Value::Param(1) }, t)
    };
    let out = if e == Elem::Half {
        // only element 0 is used
        b.rd(add, Region::contiguous(2, 1, 0))
    } else {
        let m = (0..16).map(|i| Some(if keep.contains(&i) { u64::from(u32::MAX) } else { 0 })).collect();
        let mask = b.f.add_const(genxc_genx::ir::Constant { ty: t, elems: m });
        b.inst(InstKind::Binary { op: BinOp::And, lhs: add, rhs: mask }, t)
    };
    let f = b.ret(out);
    let g = run_and_compare(&f, Platform::Tgllp, &[arg(t, 28), arg(t, 29)]);
    g.layout
        .iter()
        .flat_map(|&bb| g.blocks[bb].insts.iter())
        .filter(|&&id| matches!(g.insts[id].kind, InstKind::Binary { op: BinOp::Add | BinOp::FAdd, .. }))
        .map(|&id| g.insts[id].ty.num_elems())
        .collect()
}

#[test]
fn e28_e29_e30_dead_elements_get_pieces_of_their_own_and_are_not_computed() {
    // E28: live {0}: pieces 1,8,4,2,1, of which only the first is computed
    assert_eq!(dead_add(&[0], Elem::I32), vec![1]);
    // E29: live {5}: pieces 4,2,8,2; only [4,6) is computed
    assert_eq!(dead_add(&[5], Elem::I32), vec![2]);
    // E30: live {0,7}: pieces 8,8; only the first
    assert_eq!(dead_add(&[0, 7], Elem::I32), vec![8]);
    // everything live: one piece of 16
    assert_eq!(dead_add(&(0..16).collect::<Vec<_>>(), Elem::I32), vec![16]);
}

#[test]
fn e31_half_is_not_split_for_dead_elements() {
    // only element 0 of a half sum is used, but half keeps its width (it needs exec 8/16)
    assert_eq!(dead_add(&[0], Elem::Half), vec![16]);
}
