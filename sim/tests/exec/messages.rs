//! Memory messages: oword blocks, scaled and SVM gathers and scatters, atomics, media blocks, typed
//! surfaces, LSC loads and stores (bindless too), and PVC's LSC 2D block messages.

use super::*;

// ---------------------------------------------------------------- messages

fn iota_surface(bti: u32, bytes: usize) -> Memory {
    let mut m = Memory::default();
    let data: Vec<u8> = (0..bytes / 4).flat_map(|x| (x as u32).to_le_bytes()).collect();
    m.add(
        "s",
        BufferKind::Surface { bti, width: 64, height: (bytes / 64) as u32, pitch: 64 },
        Bytes::defined(data),
    );
    m
}

#[test]
fn oword_loads_and_stores_with_out_of_bounds_reads_as_zero() {
    let (mut k, out) = with_out("t");
    let a = k.add_var("a", VisaType::UD, 8, Align::Grf);
    let b = k.add_var("b", VisaType::UD, 4, Align::Grf);
    k.push(Inst::OwordLd {
        size: Owords::O2,
        unaligned: false,
        surface: out,
        offset: i(Imm::UD(1)),
        dst: Raw::of(a),
    });
    k.push(Inst::OwordLd {
        size: Owords::O1,
        unaligned: true,
        surface: out,
        offset: i(Imm::UD(252)),
        dst: Raw::of(b),
    });
    ost(&mut k, Owords::O2, out, 8, a);
    ost(&mut k, Owords::O1, out, 12, b);
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    let w: Vec<u32> = (0..4).map(|j| word(&m, 0, 32 + j).unwrap()).collect();
    assert_eq!(w, vec![4, 5, 6, 7]);
    let w: Vec<u32> = (0..4).map(|j| word(&m, 0, 48 + j).unwrap()).collect();
    assert_eq!(w, vec![63, 0, 0, 0]);
    assert!(m.events.iter().any(|e| matches!(e, Event::OutOfBounds { write: false, address: 256, .. })));
}

#[test]
fn scaled_gather_and_scatter_by_lane() {
    let (mut k, out) = with_out("t");
    let offs = k.add_var("offs", VisaType::UD, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(offs, 0), vec![i(Imm::UV(0x0123_4567))]);
    op(&mut k, AluOp::Shl, E8, d(offs, 0), vec![v(offs), i(Imm::UD(2))]);
    k.push(Inst::Scaled {
        store: false,
        pred: None,
        exec: E8,
        blocks: ScaledBlocks::B4,
        surface: out,
        global_offset: i(Imm::UD(0)),
        offsets: Raw::of(offs),
        data: Raw::of(dat),
    });
    op(&mut k, AluOp::Add, E8, d(dat, 0), vec![v(dat), i(Imm::UD(100))]);
    k.push(Inst::Scaled {
        store: true,
        pred: None,
        exec: E8,
        blocks: ScaledBlocks::B4,
        surface: out,
        global_offset: i(Imm::UD(64)),
        offsets: Raw::of(offs),
        data: Raw::of(dat),
    });
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    let w: Vec<u32> = (16..24).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (100..108).collect::<Vec<u32>>());
}

#[test]
fn gather4_scaled_is_soa_and_dword_atomic_returns_old_values() {
    let (mut k, out) = with_out("t");
    let offs = k.add_var("offs", VisaType::UD, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 8, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(offs, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Shl, E8, d(offs, 0), vec![v(offs), i(Imm::UD(4))]);
    let rg_ = Channels { r: true, g: false, b: true, a: false };
    k.push(Inst::Scaled4 {
        store: false,
        pred: None,
        exec: E8,
        channels: rg_,
        surface: out,
        global_offset: i(Imm::UD(0)),
        offsets: Raw::of(offs),
        data: Raw::of(dat),
    });
    op(&mut k, AluOp::Mov, E8, d(one, 0), vec![i(Imm::UD(5))]);
    op(&mut k, AluOp::Mov, E8, d(offs, 0), vec![i(Imm::UD(200))]);
    k.push(Inst::DwordAtomic {
        op: AtomicOp::Add,
        half: false,
        pred: None,
        exec: Exec::new(4).at(0),
        surface: out,
        offsets: Raw::of(offs),
        src0: Raw::of(one),
        src1: Raw::NULL,
        dst: Raw::of(old),
    });
    ost(&mut k, Owords::O4, out, 0, dat);
    ost(&mut k, Owords::O1, out, 4, old);
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    let w: Vec<u32> = (0..16).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(&w[..8], &[0, 4, 8, 12, 16, 20, 24, 28]);
    assert_eq!(&w[8..], &[2, 6, 10, 14, 18, 22, 26, 30]);
    let old: Vec<u32> = (16..20).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(old, vec![50, 55, 60, 65]);
    assert_eq!(word(&m, 0, 50), Some(70));
}

#[test]
fn atomic_operations_compute_the_stored_value() {
    use genxc_sim::exec::messages::atomic_result as at;
    assert_eq!(at(AtomicOp::Inc, 4, 0xffff_ffff, 0, 0), Some(0));
    assert_eq!(at(AtomicOp::MinSInt, 4, 5, (-3i32) as u32 as u64, 0), Some((-3i32) as u32 as u64));
    assert_eq!(at(AtomicOp::Min, 4, 5, (-3i32) as u32 as u64, 0), Some(5));
    assert_eq!(at(AtomicOp::Cmpxchg, 4, 7, 7, 9), Some(9));
    assert_eq!(at(AtomicOp::Cmpxchg, 4, 7, 8, 9), None);
    assert_eq!(
        at(AtomicOp::Fadd, 4, 1.5f32.to_bits().into(), 2.0f32.to_bits().into(), 0),
        Some(3.5f32.to_bits().into())
    );
    assert_eq!(at(AtomicOp::Xchg, 8, 1, u64::MAX, 0), Some(u64::MAX));
}

#[test]
fn media_block_read_clamps_to_the_edge_and_write_drops_outside() {
    let (mut k, out) = with_out("t");
    let blk = k.add_var("blk", VisaType::UD, 8, Align::Grf);
    // 8 x 4 bytes at x = 60 (the last dword of each 64-byte row), rows 1..4.
    k.push(Inst::MediaLd {
        modifier: MediaMod::NoMod,
        surface: out,
        plane: 0,
        width: 8,
        height: 4,
        x: i(Imm::D(60)),
        y: i(Imm::D(1)),
        dst: Raw::of(blk),
    });
    k.push(Inst::MediaSt {
        modifier: MediaMod::NoMod,
        surface: out,
        plane: 0,
        width: 8,
        height: 1,
        x: i(Imm::D(56)),
        y: i(Imm::D(0)),
        src: Raw::of(blk),
    });
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    // Row 1 = words 16..31: x 60..63 is word 31; x 64..67 clamp to byte 63 (its high byte, 0).
    assert_eq!(word(&m, 0, 14), Some(31));
    assert_eq!(word(&m, 0, 15), Some(0));
    assert_eq!(word(&m, 0, 16), Some(16));
}

#[test]
fn typed_gather_and_scatter_address_pixels() {
    let (mut k, out) = with_out("t");
    let u = k.add_var("u", VisaType::UD, 8, Align::Grf);
    let vv = k.add_var("v", VisaType::UD, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(u, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Add, E8, d(u, 0), vec![v(u), i(Imm::UD(12))]);
    op(&mut k, AluOp::Mov, E8, d(vv, 0), vec![i(Imm::UD(2))]);
    k.push(Inst::Typed4 {
        store: false,
        pred: None,
        exec: E8,
        channels: Channels::R,
        surface: out,
        u: Raw::of(u),
        v: Raw::of(vv),
        r: Raw::NULL,
        lod: Raw::NULL,
        data: Raw::of(dat),
    });
    ost(&mut k, Owords::O2, out, 0, dat);
    ret(&mut k);
    let mut m = iota_surface(0, 256);
    run_with(&k, &mut m, vec![ArgValue::Surface(0)]).unwrap();
    // Row 2 starts at word 32; u 12..15 are inside (words 44..47), u >= 16 is outside: 0.
    let w: Vec<u32> = (0..8).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, vec![44, 45, 46, 47, 0, 0, 0, 0]);
    // Four out-of-bounds lanes: events that repeat one already kept are only counted.
    let kept = m.events.iter().filter(|e| matches!(e, Event::OutOfBounds { .. })).count();
    assert!(kept >= 1 && m.events.len() == kept);
    assert_eq!(kept + m.events_dropped, 4);
}

fn svm_memory() -> Memory {
    let mut m = Memory::default();
    let data: Vec<u8> = (0..64u32).flat_map(|x| x.to_le_bytes()).collect();
    m.add("svm", BufferKind::Svm { base: 0x1000 }, Bytes::defined(data));
    m
}

#[test]
fn svm_block_and_scattered_accesses() {
    let mut k = Kernel::new("t");
    let p = k.add_var("p", VisaType::UQ, 1, Align::Qword);
    k.add_input(InputTarget::Var(p), 32, 8);
    let blk = k.add_var("blk", VisaType::UD, 8, Align::Grf);
    let addrs = k.add_var("addrs", VisaType::UQ, 4, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    k.push(Inst::SvmBlock { store: false, size: Owords::O2, address: s(p), data: Raw::of(blk) });
    op(&mut k, AluOp::Add, NM1, d(p, 0), vec![s(p), i(Imm::UQ(128))]);
    k.push(Inst::SvmBlock { store: true, size: Owords::O2, address: s(p), data: Raw::of(blk) });
    op(&mut k, AluOp::Mov, Exec::new(4), d(addrs, 0), vec![i(Imm::UV(0x0000_3210))]);
    op(&mut k, AluOp::Mul, Exec::new(4), d(addrs, 0), vec![v(addrs), i(Imm::UQ(8))]);
    op(&mut k, AluOp::Add, Exec::new(4), d(addrs, 0), vec![v(addrs), i(Imm::UQ(0x1000))]);
    k.push(Inst::SvmScatter {
        store: false,
        pred: None,
        exec: Exec::new(4),
        block: SvmBlock::B4,
        num_blocks: 2,
        addresses: Raw::of(addrs),
        data: Raw::of(dat),
    });
    op(&mut k, AluOp::Add, NM1, d(p, 0), vec![s(p), i(Imm::UQ(32))]);
    k.push(Inst::SvmBlock { store: true, size: Owords::O4, address: s(p), data: Raw::of(dat) });
    ret(&mut k);
    assert_eq!(arg_specs(&k), vec![ArgSpec::Pointer]);
    let mut m = svm_memory();
    run_with(&k, &mut m, vec![ArgValue::Pointer(0x1000)]).unwrap();
    let w: Vec<u32> = (32..40).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (0..8).collect::<Vec<u32>>());
    // Blocks of two dwords per lane at 8-byte steps: SoA, each block's lanes from a GRF.
    let w: Vec<u32> = (40..44).chain(48..52).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, vec![0, 2, 4, 6, 1, 3, 5, 7]);
    assert!((44..48).all(|j| word(&m, 0, j).is_none()));
}

#[test]
fn lsc_load_store_transposed_and_atomic() {
    let mut k = Kernel::new("t");
    let p = k.add_var("p", VisaType::UQ, 1, Align::Qword);
    k.add_input(InputTarget::Var(p), 32, 8);
    let addrs = k.add_var("addrs", VisaType::UQ, 8, Align::Grf);
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 8, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 8, Align::Grf);
    let lsc = |op, exec, var, data, shape, src1| Inst::Lsc {
        op,
        sfid: LscSfid::Ugm,
        cache: (0, 0),
        pred: None,
        exec,
        addr: LscAddr { model: LscAddrModel::Flat, var, offset: 0, bits: 64 },
        shape,
        data,
        src1,
        src2: VarId::NULL,
    };
    let d32 = LscShape { bits: 32, c32: false, elems: 1, transpose: false, chmask: 0 };
    // Transposed block of 8 dwords at p + 0.
    k.push(lsc(LscOp::Load, NM1, p, dat, LscShape { elems: 8, transpose: true, ..d32 }, VarId::NULL));
    op(&mut k, AluOp::Mov, E8, d(addrs, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Mul, E8, d(addrs, 0), vec![v(addrs), i(Imm::UQ(4))]);
    op(&mut k, AluOp::Add, E8, d(addrs, 0), vec![v(addrs), i(Imm::UQ(0x1000 + 128))]);
    k.push(lsc(LscOp::Store, E8, addrs, dat, d32, VarId::NULL));
    op(&mut k, AluOp::Mov, E8, d(one, 0), vec![i(Imm::UD(1))]);
    k.push(lsc(LscOp::Atomic(LscAtomic::Iadd), E8, addrs, old, d32, one));
    k.push(lsc(LscOp::Load, E8, addrs, dat, d32, VarId::NULL));
    op(&mut k, AluOp::Add, E8, d(dat, 0), vec![v(dat), v(old)]);
    op(&mut k, AluOp::Add, NM1, d(p, 0), vec![s(p), i(Imm::UQ(192))]);
    k.push(lsc(LscOp::Store, NM1, p, dat, LscShape { elems: 8, transpose: true, ..d32 }, VarId::NULL));
    ret(&mut k);
    let mut m = svm_memory();
    run_with(&k, &mut m, vec![ArgValue::Pointer(0x1000)]).unwrap();
    let w: Vec<u32> = (32..40).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (1..9).collect::<Vec<u32>>());
    let w: Vec<u32> = (48..56).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, (0..8).map(|x| 2 * x + 1).collect::<Vec<u32>>());
}

// ---------------------------------------------------------------- LSC 2D block messages (PVC)

/// PVC: 64-byte registers.
const PVC: genxc_sim::exec::Config = genxc_sim::exec::Config { grf_bytes: 64, bti_base: 0 };
/// Where the 2D tests' input image (8 rows of 64 bytes) and output buffer (512 bytes) live.
const IMAGE: u64 = 0x1000;
const OUTPUT: u64 = 0x4000;

/// Byte (x, y) of the input image.
fn image_byte(x: u32, y: u32) -> u8 {
    (y * 64 + x).wrapping_mul(7) as u8
}

/// The `eb`-byte element at element column `x`, row `y` of the input image.
fn image_elem(eb: u32, x: u32, y: u32) -> u64 {
    (0..eb).fold(0, |acc, k| acc | u64::from(image_byte(x * eb + k, y)) << (8 * k))
}

/// A kernel with two pointer inputs: the input image `p` and the output buffer `q`.
fn block2d_kernel() -> (Kernel, VarId, VarId) {
    let mut k = Kernel::new("t");
    let p = k.add_var("p", VisaType::UQ, 1, Align::Qword);
    let q = k.add_var("q", VisaType::UQ, 1, Align::Qword);
    k.add_input(InputTarget::Var(p), 32, 8);
    k.add_input(InputTarget::Var(q), 40, 8);
    (k, p, q)
}

/// `lsc_load_block2d.ugm` (or a store) on the surface at `base` of `width` x `height` bytes x
/// rows (pitch 64), block origin (`x`, `y`).
fn block2d(
    store: bool,
    shape: LscBlock2dShape,
    base: VarId,
    wh: (u32, u32),
    xy: (i32, i32),
    data: VarId,
) -> Inst {
    let surface = [
        LscSurface::Var(base),
        LscSurface::Imm(wh.0 - 1),
        LscSurface::Imm(wh.1 - 1),
        LscSurface::Imm(63),
        LscSurface::Imm(xy.0 as u32),
        LscSurface::Imm(xy.1 as u32),
    ];
    Inst::LscBlock2d { store, cache: (0, 0), shape, surface, data }
}

/// Stores the first `dwords` dwords of `var` at `q` (a transposed LSC store).
fn dump(k: &mut Kernel, q: VarId, var: VarId, dwords: u8) {
    k.push(Inst::Lsc {
        op: LscOp::Store,
        sfid: LscSfid::Ugm,
        cache: (0, 0),
        pred: None,
        exec: NM1,
        addr: LscAddr { model: LscAddrModel::Flat, var: q, offset: 0, bits: 64 },
        shape: LscShape { bits: 32, c32: false, elems: dwords, transpose: true, chmask: 0 },
        data: var,
        src1: VarId::NULL,
        src2: VarId::NULL,
    });
}

/// Runs a 2D block kernel on PVC over the input image and an output buffer of 0xee bytes.
fn run_block2d(k: &Kernel) -> (Result<genxc_sim::Report, SimError>, Memory) {
    let mut m = Memory::default();
    let image: Vec<u8> = (0..512).map(|i| image_byte(i % 64, i / 64)).collect();
    m.add("image", BufferKind::Svm { base: IMAGE }, Bytes::defined(image));
    m.add("out", BufferKind::Svm { base: OUTPUT }, Bytes::defined(vec![0xee; 512]));
    let args = vec![ArgValue::Pointer(IMAGE), ArgValue::Pointer(OUTPUT)];
    let r = genxc_sim::exec::run(std::slice::from_ref(k), &PVC, &one_thread(args), &mut m);
    (r, m)
}

/// Loads `shape` at (`x`, `y`) of the whole image into a fresh variable of `elems` elements and
/// returns the output buffer's first `bytes` as `eb`-byte elements.
fn load_image(shape: LscBlock2dShape, wh: (u32, u32), xy: (i32, i32), elems: u16, bytes: u8) -> Vec<u64> {
    let (mut k, p, q) = block2d_kernel();
    let ty =
        [VisaType::UB, VisaType::UW, VisaType::UD, VisaType::UQ][shape.bits.trailing_zeros() as usize - 3];
    let dat = k.add_var("dat", ty, elems, Align::Grf);
    k.push(block2d(false, shape, p, wh, xy, dat));
    dump(&mut k, q, dat, bytes / 4);
    ret(&mut k);
    let (r, m) = run_block2d(&k);
    r.unwrap();
    let eb = usize::from(shape.bits / 8);
    (0..usize::from(bytes) / eb)
        .map(|j| {
            let (v, def) = m.buffers[1].bytes.get(j * eb, eb);
            assert!(def, "element {j} undefined");
            v
        })
        .collect()
}

const D16: LscBlock2dShape =
    LscBlock2dShape { bits: 16, blocks: 1, width: 8, height: 8, transpose: false, vnni: false };

#[test]
fn block2d_load_pads_rows_to_a_power_of_two_and_blocks_to_whole_registers() {
    // two blocks of 5 x 3 halfwords at (1, 2): rows of 8 elements, blocks 32 elements (64 bytes)
    let shape = LscBlock2dShape { blocks: 2, width: 5, height: 3, ..D16 };
    let got = load_image(shape, (64, 8), (1, 2), 64, 128);
    for b in 0..2u32 {
        for e in 0..32u32 {
            let (r, c) = (e / 8, e % 8);
            let want = if r < 3 && c < 5 { image_elem(2, 1 + 5 * b + c, 2 + r) } else { 0 };
            assert_eq!(got[(32 * b + e) as usize], want, "block {b} element {e}");
        }
    }
    // a variable may stop after the last block's last row (the rest of its register is padding)
    let got = load_image(shape, (64, 8), (1, 2), 56, 112);
    assert_eq!(got[32 + 8 + 4], image_elem(2, 10, 3));
}

#[test]
fn block2d_transposed_load_puts_columns_in_register_rows() {
    // 3 columns x 5 rows of dwords at (2, 1): a register row of 8 per column, 24 -> 32 elements
    let shape = LscBlock2dShape { bits: 32, width: 3, height: 5, transpose: true, ..D16 };
    let got = load_image(shape, (64, 8), (2, 1), 32, 128);
    for e in 0..32u32 {
        let (c, r) = (e / 8, e % 8);
        let want = if c < 3 && r < 5 { image_elem(4, 2 + c, 1 + r) } else { 0 };
        assert_eq!(got[e as usize], want, "element {e}");
    }
}

#[test]
fn block2d_vnni_load_packs_rows_into_dwords() {
    // bytes, 4 wide x 6 high at (8, 0): each dword holds 4 rows of a column; rows 6 and 7 are
    // zero, and the block fills a whole register (64 bytes)
    let shape = LscBlock2dShape { bits: 8, width: 4, height: 6, vnni: true, ..D16 };
    let got = load_image(shape, (64, 8), (8, 0), 64, 64);
    for e in 0..64u32 {
        let (group, c, r4) = (e / 16, (e % 16) / 4, e % 4);
        let r = 4 * group + r4;
        let want = if e < 32 && r < 6 && c < 4 { image_elem(1, 8 + c, r) } else { 0 };
        assert_eq!(got[e as usize], want, "element {e}");
    }
    // halfwords, 2 wide x 4 high: pairs of rows per dword
    let shape = LscBlock2dShape { width: 2, height: 4, vnni: true, ..D16 };
    let got = load_image(shape, (64, 8), (3, 2), 32, 16);
    let h = |x, y| image_elem(2, x, y);
    assert_eq!(got, vec![h(3, 2), h(3, 3), h(4, 2), h(4, 3), h(3, 4), h(3, 5), h(4, 4), h(4, 5)]);
}

#[test]
fn block2d_load_reads_zero_outside_the_surface() {
    // 4 x 4 dwords at (-1, 6) of a 10-byte x 8-row surface: column -1 and the dword at column 2
    // (bytes 8..12, straddling the edge) are outside, as are rows 8 and 9
    let shape = LscBlock2dShape { bits: 32, width: 4, height: 4, ..D16 };
    let got = load_image(shape, (10, 8), (-1, 6), 16, 64);
    for e in 0..16u32 {
        let (r, c) = (e / 4, e % 4);
        let (x, y) = (c as i32 - 1, 6 + r);
        let inside = (0..=1).contains(&x) && y < 8;
        let want = if inside { image_elem(4, x as u32, y) } else { 0 };
        assert_eq!(got[e as usize], want, "row {r} column {c}");
    }
}

#[test]
fn block2d_store_writes_inside_the_surface_only() {
    let (mut k, _, q) = block2d_kernel();
    // 3 x 2 dwords from rows of 4 (element 3 of each row is padding)
    let dat = k.add_var("dat", VisaType::UD, 16, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(dat, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Add, E8, d(dat, 0), vec![v(dat), i(Imm::UD(100))]);
    let shape = LscBlock2dShape { bits: 32, width: 3, height: 2, ..D16 };
    // a 60-byte x 7-row surface: (15, 6) and row 7 are outside
    k.push(block2d(true, shape, q, (60, 7), (13, 6), dat));
    ret(&mut k);
    let (r, m) = run_block2d(&k);
    r.unwrap();
    let out = |x: usize, y: usize| word(&m, 1, 16 * y + x).unwrap();
    assert_eq!((out(13, 6), out(14, 6)), (100, 101));
    assert_eq!(out(15, 6), 0xeeee_eeee);
    assert!((0..16).all(|x| out(x, 7) == 0xeeee_eeee));
    assert!((0..16).filter(|x| !(13..15).contains(x)).all(|x| out(x, 6) == 0xeeee_eeee));
}

#[test]
fn block2d_prefetch_accesses_nothing() {
    let (mut k, _, _) = block2d_kernel();
    let far = k.add_var("far", VisaType::UQ, 1, Align::Qword);
    op(&mut k, AluOp::Mov, NM1, d(far, 0), vec![i(Imm::UQ(0x9000))]);
    let shape = LscBlock2dShape { blocks: 2, ..D16 };
    k.push(block2d(false, shape, far, (64, 8), (0, 0), VarId::NULL));
    ret(&mut k);
    let (r, m) = run_block2d(&k);
    r.unwrap();
    assert!(m.events.is_empty(), "{:?}", m.events);
    assert!((0..128).all(|j| word(&m, 1, j) == Some(0xeeee_eeee)));
    // the same block loaded reads outside every buffer
    let dat = k.add_var("dat", VisaType::UW, 128, Align::Grf);
    let last = k.body.len() - 1;
    k.body.insert(last, block2d(false, shape, far, (64, 8), (0, 0), dat));
    let (r, m) = run_block2d(&k);
    r.unwrap();
    assert!(m.events.iter().any(|e| matches!(e, Event::OutOfBounds { address: 0x9000, write: false, .. })));
}

#[test]
fn block2d_shapes_the_hardware_lacks_and_small_variables_are_errors() {
    let run = |shape: LscBlock2dShape, store: bool, elems: u16| {
        let (mut k, p, _) = block2d_kernel();
        let dat = k.add_var("dat", VisaType::UW, elems, Align::Grf);
        k.push(block2d(store, shape, p, (64, 8), (0, 0), dat));
        ret(&mut k);
        run_block2d(&k).0
    };
    let err = |r: Result<genxc_sim::Report, SimError>| r.unwrap_err().to_string();
    assert!(err(run(LscBlock2dShape { transpose: true, ..D16 }, false, 64)).contains("32- or 64-bit"));
    assert!(err(run(LscBlock2dShape { bits: 32, vnni: true, ..D16 }, false, 128)).contains("8- or 16-bit"));
    assert!(err(run(LscBlock2dShape { blocks: 2, ..D16 }, true, 128)).contains("one block"));
    // 8 x 8 halfwords need 128 bytes
    assert!(err(run(D16, false, 63)).contains("needs 128 bytes"));
    assert!(run(D16, false, 64).is_ok());
    // a store reads rows padded to a power of two: 5 x 2 needs 2 rows of 8
    assert!(err(run(LscBlock2dShape { width: 5, height: 2, ..D16 }, true, 15)).contains("needs 32 bytes"));
}

#[test]
fn lsc_bindless_addressing_reads_the_surface_state_heap() {
    // a bss offset names the surface bound at offset / SURFACE_STATE_BYTES: 0x40 is the surface at
    // index 1 (none is bound here: the load reads undefined values), 0x44 lies between two surface
    // states (a fault)
    for (offset, fault) in [(0x40u32, false), (0x44, true)] {
        let (mut k, p, _) = block2d_kernel();
        let dat = k.add_var("dat", VisaType::UD, 8, Align::Grf);
        k.push(Inst::Lsc {
            op: LscOp::Load,
            sfid: LscSfid::Ugm,
            cache: (0, 0),
            pred: None,
            exec: NM1,
            addr: LscAddr { model: LscAddrModel::Bss(LscSurface::Imm(offset)), var: p, offset: 0, bits: 32 },
            shape: LscShape { bits: 32, c32: false, elems: 8, transpose: true, chmask: 0 },
            data: dat,
            src1: VarId::NULL,
            src2: VarId::NULL,
        });
        ret(&mut k);
        match run_block2d(&k).0 {
            Err(e) => {
                assert!(!matches!(e, SimError::NotModeled(_)), "{offset:#x}: {e}");
                assert_eq!(
                    matches!(e, SimError::Fault(ref s) if s.contains("surface-state offset")),
                    fault,
                    "{offset:#x}: {e}"
                );
            }
            Ok(_) => assert!(!fault, "{offset:#x}: no fault"),
        }
    }
}
