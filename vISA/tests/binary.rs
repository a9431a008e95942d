//! Byte-level tests of the `.isa` writer.

mod common;

use genxc_visa::*;

/// The model of docs/isa_tool/demo.visaasm encodes to exactly the hand-made rtdemo.isa.
#[test]
fn rtdemo_is_byte_identical() {
    let expected = include_bytes!("data/rtdemo.isa");
    let got = write_isa(&[common::rtdemo()]);
    if got.as_slice() != expected.as_slice() {
        let at = got
            .iter()
            .zip(expected.iter())
            .position(|(a, b)| a != b)
            .unwrap_or(got.len().min(expected.len()));
        panic!(
            "differs at byte 0x{at:x} (lengths {} vs {}): got {:02x?} expected {:02x?}",
            got.len(),
            expected.len(),
            &got[at..(at + 16).min(got.len())],
            &expected[at..(at + 16).min(expected.len())]
        );
    }
}

/// Several kernels in one file: offsets in the header point at each object.
#[test]
fn two_kernels_header_offsets() {
    let a = common::rtdemo();
    let b = common::loops();
    let isa = write_isa(&[a.clone(), b.clone()]);
    let one_a = write_isa(std::slice::from_ref(&a));
    let one_b = write_isa(std::slice::from_ref(&b));
    assert_eq!(&isa[0..8], &[0x43, 0x49, 0x53, 0x41, 4, 1, 2, 0]);
    let rd = |o: usize| u32::from_le_bytes(isa[o..o + 4].try_into().unwrap()) as usize;
    // kernel 0: name_len(2) + "rtdemo" then offset, size
    let off_a = rd(8 + 2 + 6);
    let size_a = rd(8 + 2 + 6 + 4);
    let k1 = 8 + 2 + 6 + 4 + 4 + 4 + 2 + 2 + 1;
    let off_b = rd(k1 + 2 + 5);
    let size_b = rd(k1 + 2 + 5 + 4);
    let hdr_a = one_a.len() - size_a;
    let hdr_b = one_b.len() - size_b;
    assert_eq!(&isa[off_a..off_a + size_a], &one_a[hdr_a..]);
    assert_eq!(&isa[off_b..off_b + size_b], &one_b[hdr_b..]);
    assert_eq!(off_b, off_a + size_a);
    assert_eq!(isa.len(), off_b + size_b);
}

/// Immediate encodings: 32-bit payload for 32-bit and narrower types, 64-bit for q/uq/df.
#[test]
fn immediate_encodings() {
    let mut k = Kernel::new("imm");
    let q = k.add_var("q", VisaType::Q, 1, Align::Qword);
    let f = k.add_var("f", VisaType::F, 1, Align::Dword);
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(q, 0), vec![SrcOp::Imm(Imm::Q(-2))]));
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(f, 0), vec![SrcOp::Imm(Imm::F(1.0))]));
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(f, 0), vec![SrcOp::Imm(Imm::W(-1))]));
    let isa = write_isa(&[k]);
    let find = |pat: &[u8]| isa.windows(pat.len()).any(|w| w == pat);
    assert!(find(&[5, 13, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
    assert!(find(&[5, 7, 0x00, 0x00, 0x80, 0x3f]));
    assert!(find(&[5, 3, 0xff, 0xff, 0xff, 0xff]));
}

/// LSC messages (opcode 0x89): sub-opcode, exec, predicate, SFID, caching, address (model, scale,
/// offset, size), data shape (size, order, elements, channel mask), surface, then the raw operands
/// dst, addresses, src1, src2. The leading fields match what GenX_IR's own writer produces for
/// `lsc_load.ugm.ca.ca (M1, 16) v4:d32x4 flat[addrs+0x100]:a64` and the SLM store of
/// docs/visa-samples/22_lsc.visaasm (`GenX_IR -binary`), whose trailing operands it drops.
#[test]
fn lsc_encodings() {
    let mut k = Kernel::new("lsc");
    let addrs = k.add_var("addrs", VisaType::UQ, 16, Align::Grf);
    let offd = k.add_var("offd", VisaType::UD, 16, Align::Grf);
    let v4 = k.add_var("v4", VisaType::UD, 64, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 16, Align::Grf);
    let flat = |var: VarId, offset: i32, bits: u8| LscAddr { model: LscAddrModel::Flat, var, offset, bits };
    let d32 = LscShape { bits: 32, c32: false, elems: 1, transpose: false, chmask: 0 };
    let null = VarId::NULL;
    let x4 = LscShape { elems: 4, ..d32 };
    let (e16, ugm, slm) = (Exec::new(16), LscSfid::Ugm, LscSfid::Slm);
    k.push(common::lsc(LscOp::Load, ugm, (2, 2), e16, flat(addrs, 0x100, 64), x4, [v4, null, null]));
    k.push(common::lsc(LscOp::Store, slm, (0, 0), e16, flat(offd, 0, 32), d32, [one, null, null]));
    let d64 = LscShape { bits: 64, ..d32 };
    let cas = LscOp::Atomic(LscAtomic::Icas);
    k.push(common::lsc(cas, ugm, (0, 0), Exec::nm(16), flat(addrs, -4, 64), d64, [v4, one, offd]));
    let isa = write_isa(&[k]);
    let id = |v: VarId| v.0.to_le_bytes();
    let raw = |v: VarId| [id(v).as_slice(), &[0, 0]].concat();
    let surface0 = [5u8, 0, 0, 0, 0, 0];
    let mut load = vec![0x89, 0, 0x04, 0, 0, 0, 2, 2, 1, 1, 0, 0, 1, 0, 0, 3, 3, 1, 4, 4];
    load.extend(surface0);
    load.extend([raw(v4), raw(addrs), raw(null), raw(null)].concat());
    let mut store = vec![0x89, 4, 0x04, 0, 0, 3, 0, 0, 1, 1, 0, 0, 0, 0, 0, 2, 3, 1, 1, 1];
    store.extend(surface0);
    store.extend([raw(null), raw(offd), raw(one), raw(null)].concat());
    let mut cas = vec![0x89, 18, 0x84, 0, 0, 0, 0, 0, 1, 1, 0, 0xfc, 0xff, 0xff, 0xff, 3, 4, 1, 1, 1];
    cas.extend(surface0);
    cas.extend([raw(v4), raw(addrs), raw(one), raw(offd)].concat());
    let find = |pat: &[u8]| isa.windows(pat.len()).position(|w| w == pat);
    let at = find(&load).expect("lsc_load encoding");
    assert_eq!(find(&store), Some(at + load.len()), "lsc_store encoding follows");
    assert_eq!(find(&cas), Some(at + load.len() + store.len()), "lsc_atomic_icas encoding follows");
}

/// `lsc_fence` (opcode 0x8B: exec, predicate, SFID, operation, scope) and the 2D block messages
/// (0x89 with sub-opcode 3 load / 7 store: exec, predicate, SFID, caching, block shape (size,
/// order, blocks, UW width, UW height, VNNI), dst, the six surface operands, src1); the order is
/// the one GenX_IR's own writer gives for `lsc_load_block2d.ugm (M1, 1) V:d16.16x16nn
/// flat[B, 0x3FF, 0x1FF, 0x3FF, X, Y]` up to the operands it drops, and the isa_equivalence suite
/// checks it against the finalizer's reader.
#[test]
fn lsc_fence_and_block2d_encodings() {
    let mut k = Kernel::new("lsc2d");
    let base = k.add_var("base", VisaType::UQ, 1, Align::Qword);
    let x = k.add_var("x", VisaType::D, 1, Align::Dword);
    let data = k.add_var("data", VisaType::W, 256, Align::Grf);
    k.push(Inst::LscFence { sfid: LscSfid::Slm, op: 1, scope: 3 });
    let shape = LscBlock2dShape { bits: 16, blocks: 2, width: 8, height: 16, transpose: false, vnni: true };
    let surface = [
        LscSurface::Var(base),
        LscSurface::Imm(0x3ff),
        LscSurface::Imm(0x1ff),
        LscSurface::Imm(0x3ff),
        LscSurface::Var(x),
        LscSurface::Imm(0),
    ];
    k.push(Inst::LscBlock2d { store: false, cache: (1, 2), shape, surface, data });
    let plain = LscBlock2dShape { blocks: 1, width: 16, vnni: false, ..shape };
    k.push(Inst::LscBlock2d { store: true, cache: (0, 0), shape: plain, surface, data });
    let isa = write_isa(&[k]);
    let raw = |v: VarId| [v.0.to_le_bytes().as_slice(), &[0, 0]].concat();
    // a scalar general operand: class 0, id, row 0, column 0, region <0;1,0> (as GenX_IR writes)
    let var = |v: VarId| [&[0u8][..], &v.0.to_le_bytes(), &[0, 0, 0x21, 0x01]].concat();
    let imm = |i: u32| [&[5u8, VisaType::UD.code()][..], &i.to_le_bytes()].concat();
    let surface_bytes = [var(base), imm(0x3ff), imm(0x1ff), imm(0x3ff), var(x), imm(0)].concat();
    let fence = vec![0x8B, 0x80, 0, 0, 3, 1, 3];
    let mut load = vec![0x89, 3, 0x80, 0, 0, 0, 1, 2, 2, 1, 2, 8, 0, 16, 0, 1];
    load.extend([raw(data), surface_bytes.clone(), raw(VarId::NULL)].concat());
    let mut store = vec![0x89, 7, 0x80, 0, 0, 0, 0, 0, 2, 1, 1, 16, 0, 16, 0, 0];
    store.extend([raw(VarId::NULL), surface_bytes, raw(data)].concat());
    let find = |pat: &[u8]| isa.windows(pat.len()).position(|w| w == pat);
    let at = find(&fence).expect("lsc_fence encoding");
    assert_eq!(find(&load), Some(at + fence.len()), "lsc_load_block2d encoding follows");
    assert_eq!(find(&store), Some(at + fence.len() + load.len()), "lsc_store_block2d encoding follows");
}
