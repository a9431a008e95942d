//! Tests of the `.visaasm` and `.isa` readers: genxc's pinned outputs read back and print byte for
//! byte, Intel's Vector Compiler outputs read with the right values, `.isa` files decode to the
//! kernels they were written from, and malformed input gives a positioned error, never a panic.

mod common;

use genxc_visa::*;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// The repository root (the package is `vISA/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// Every file under `dir` ending in `ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn pinned_texts() -> Vec<(PathBuf, String)> {
    let all = files(&root().join("tests/out/visaasm"), ".visaasm");
    assert!(all.len() >= 100, "only {} pinned .visaasm files", all.len());
    all.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).expect("read"))).collect()
}

/// Intel's vISA of the CM examples (`NN_name` folders) and of the SIMD control flow fixtures,
/// TGLLP: the folders of tests/fixtures/intel/tgllp this reader models every construct of (the
/// other fixtures' kernels there use constructs it leaves unmodeled, such as `.funcdecl`).
fn intel_texts() -> Vec<(PathBuf, String)> {
    let modeled = |p: &PathBuf| {
        let dir = p
            .parent()
            .and_then(Path::file_name)
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_default();
        let cm =
            dir.len() > 3 && dir.as_bytes()[..2].iter().all(u8::is_ascii_digit) && dir.as_bytes()[2] == b'_';
        cm || dir == "simdcf" || dir == "simdcf_messages"
    };
    let all: Vec<PathBuf> =
        files(&root().join("tests/fixtures/intel/tgllp"), ".visaasm").into_iter().filter(modeled).collect();
    assert!(all.len() >= 20, "only {} Intel .visaasm files", all.len());
    all.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).expect("read"))).collect()
}

fn read_one(path: &Path, text: &str) -> Kernel {
    let mut ks = read_text(text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
    assert_eq!(ks.len(), 1, "{}", path.display());
    ks.remove(0)
}

/// Undoes the text writer's name prefixes (`V_`, `A_`, `P_`, `S_`, `T_`, `L_`): the reader keeps
/// the names as written, and the writer prefixes every name again. The writer's other mangling
/// (sanitizing, `_<n>` de-duplication) is the identity on names that are already sanitized and
/// distinct, which the names of a written file are, so one strip gives the exact text back.
fn strip_writer_prefixes(k: &mut Kernel) {
    fn strip(name: &mut String, prefix: &str) {
        let s = name.strip_prefix(prefix).unwrap_or_else(|| panic!("{name} lacks {prefix}")).to_string();
        *name = s;
    }
    k.vars.iter_mut().for_each(|v| strip(&mut v.name, "V_"));
    k.addrs.iter_mut().for_each(|v| strip(&mut v.name, "A_"));
    k.preds.iter_mut().for_each(|v| strip(&mut v.name, "P_"));
    k.samplers.iter_mut().for_each(|v| strip(&mut v.name, "S_"));
    k.surfaces.iter_mut().for_each(|v| strip(&mut v.name, "T_"));
    k.labels.iter_mut().skip(1).for_each(|v| strip(&mut v.name, "L_"));
}

/// The kernel with every name emptied (for comparisons up to naming).
fn unnamed(k: &Kernel) -> Kernel {
    let mut k = k.clone();
    k.vars.iter_mut().for_each(|v| v.name.clear());
    k.addrs.iter_mut().for_each(|v| v.name.clear());
    k.preds.iter_mut().for_each(|v| v.name.clear());
    k.samplers.iter_mut().for_each(|v| v.name.clear());
    k.surfaces.iter_mut().for_each(|v| v.name.clear());
    k.labels.iter_mut().for_each(|v| v.name.clear());
    k
}

/// Model equality that also holds for NaN immediates (compared by their printed form, which
/// differs whenever any field does).
fn same(a: &Kernel, b: &Kernel) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

// ---------------------------------------------------------------- genxc's own output

#[test]
fn pinned_visaasm_round_trips_byte_for_byte() {
    for (path, text) in pinned_texts() {
        let mut k = read_one(&path, &text);
        strip_writer_prefixes(&mut k);
        let again = write_text(&k);
        if again != text {
            let line = again.lines().zip(text.lines()).position(|(a, b)| a != b).unwrap_or(0);
            panic!(
                "{}: line {} differs:\n  read+written: {:?}\n  pinned:       {:?}",
                path.display(),
                line + 1,
                again.lines().nth(line),
                text.lines().nth(line)
            );
        }
    }
}

#[test]
fn pinned_visaasm_kernels_validate() {
    for (path, text) in pinned_texts() {
        let k = read_one(&path, &text);
        assert_eq!(k.validate(), Ok(()), "{}", path.display());
    }
}

#[test]
fn sample_kernels_round_trip_through_text() {
    for case in common::cases() {
        let k = (case.build)();
        let t = write_text(&k);
        let mut back = read_one(Path::new(&k.name), &t);
        strip_writer_prefixes(&mut back);
        assert_eq!(write_text(&back), t, "{}", k.name);
        // the model itself comes back, up to names and the order labels are declared in
        // (the reader numbers labels in order of first mention)
        assert_eq!(back.body.len(), k.body.len(), "{}", k.name);
        assert_eq!(unnamed(&back).vars, unnamed(&k).vars, "{}", k.name);
        assert_eq!(back.inputs, k.inputs, "{}", k.name);
        assert_eq!(back.attrs, k.attrs, "{}", k.name);
    }
}

/// A kernel using every instruction and operand form the writer has, including the ones no
/// pinned output uses.
fn every_form() -> Kernel {
    let mut k = Kernel::new("every form");
    let a = k.add_var("a", VisaType::D, 16, Align::Grf);
    let f = k.add_var("f", VisaType::F, 16, Align::Grf);
    let q = k.add_var("q", VisaType::UQ, 16, Align::Grf);
    let u = k.add_var("u", VisaType::UD, 16, Align::Grf);
    let h = k.add_alias("h", VisaType::HF, 32, Align::Grf, f, 0);
    let b = k.add_alias("b", VisaType::UB, 4, Align::Byte, a, 8);
    let ad = k.add_addr("ad", 8);
    let p = k.add_pred("p", 16);
    let smp = k.add_sampler("smp");
    let t = k.add_surface("t");
    k.add_input(InputTarget::Var(a), 64, 64);
    k.add_input(InputTarget::Surface(t), 128, 4);
    k.add_input(InputTarget::Sampler(smp), 132, 4);
    k.inputs.push(Input { target: InputTarget::Var(q), offset: 192, size: 8, implicit: 12 });
    k.inputs.push(Input {
        target: InputTarget::Var(u),
        offset: 256,
        size: 12,
        implicit: ImplicitKind::LOCAL_SIZE,
    });
    k.attrs = vec![
        KernelAttr::Target3d(true),
        KernelAttr::SlmSize(4),
        KernelAttr::SimdSize(16),
        KernelAttr::NoBarrier,
        KernelAttr::NBarrierCnt(2),
        KernelAttr::OutputAsmPath("out \"x\"\\y.asm".into()),
    ];
    let top = k.add_label("top");
    let sub = k.add_subroutine("sub");
    let e16 = Exec::new(16);
    let any = Pred { id: p, inverse: true, ctrl: PredCtrl::Any };
    let ind_src = IndSrc {
        addr: ad,
        addr_elem: 1,
        byte_offset: -8,
        ty: VisaType::W,
        region: Region::new(0, 4, 1),
        multi: true,
        modifier: SrcMod::Neg,
    };
    let ind_dst = IndDst { addr: ad, addr_elem: 2, byte_offset: 32, ty: VisaType::D, hstride: 2 };
    let raw = |v| Raw { var: v, offset: 64 };
    let imms = [
        Imm::D(-7),
        Imm::UD(u32::MAX),
        Imm::W(-1),
        Imm::UW(65535),
        Imm::B(-128),
        Imm::UB(255),
        Imm::Q(i64::MIN),
        Imm::Q(-5),
        Imm::UQ(1 << 40),
        Imm::F(1.5e-20),
        Imm::F(-0.0),
        Imm::F(f32::INFINITY),
        Imm::F(0.1),
        Imm::DF(-1.0e-300),
        Imm::DF(f64::NAN),
        Imm::HF(0x3c00),
        Imm::V(0xfedc_ba98),
        Imm::UV(0x7654_3210),
        Imm::VF(0x5048_4030),
    ];
    k.push(Inst::Label(top));
    for imm in imms {
        k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(a, 0), vec![imm.into()]));
    }
    k.push(Inst::Alu {
        op: AluOp::Add,
        pred: Some(any),
        sat: true,
        exec: Exec::nm(8).at(2),
        dst: DstOp::Ind(ind_dst),
        srcs: vec![
            SrcOp::Ind(ind_src),
            SrcOp::Gen(Src::region(a, 1, 3, Region::new(8, 4, 2)).with(SrcMod::NegAbs)),
        ],
    });
    k.push(alu(
        AluOp::Mov,
        Exec::nm(1),
        DstOp::Addr(AddrOpnd { addr: ad, elem: 0, width: 1 }),
        vec![Imm::UW(0).into()],
    ));
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(b, 0), vec![SrcOp::Pred(p)]));
    k.push(alu(AluOp::And, e16, DstOp::Pred(p), vec![SrcOp::Pred(p), SrcOp::Pred(p)]));
    k.push(alu(AluOp::Not, e16, Dst::strided(a, 0, 0, 1), vec![Src::vec(a, 0).with(SrcMod::Not).into()]));
    k.push(alu(
        AluOp::Madw,
        Exec::new(8),
        Dst::new(u, 0),
        vec![Src::vec(u, 0).into(), Src::vec(u, 8).into(), Src::scalar(u, 0).into()],
    ));
    k.push(alu(
        AluOp::Bfi,
        e16,
        Dst::new(u, 0),
        vec![
            Src::vec(u, 0).into(),
            Imm::UD(3).into(),
            Src::vec(u, 0).with(SrcMod::Abs).into(),
            Imm::UD(1).into(),
        ],
    ));
    k.push(alu(AluOp::Add, e16, Dst::new(h, 0), vec![Src::vec(h, 0).into(), Imm::hf(2.0).into()]));
    for (wide, w, a, repeat) in [
        (false, Precision::S8, Precision::U4, 8),
        (true, Precision::BF, Precision::BF, 1),
        (false, Precision::TF32, Precision::TF32, 4),
    ] {
        k.push(Inst::Dpas {
            wide,
            exec: Exec::new(8),
            dst: raw(u),
            src0: if wide { Raw::NULL } else { Raw::of(u) },
            src1: raw(u),
            src2: Src::region(u, 1, 2, Region::CONTIG),
            w,
            a,
            depth: 8,
            repeat,
        });
    }
    k.push(Inst::Bfn {
        func: 0xCA,
        pred: Some(Pred::on(p)),
        exec: e16,
        dst: Dst::new(u, 0).into(),
        srcs: vec![Src::vec(u, 0).into(), Imm::UD(0x1234_5678).into(), Src::scalar(u, 0).into()],
    });
    k.push(Inst::AddcSubb {
        sub: true,
        pred: Some(Pred::on(p)),
        exec: Exec::new(8),
        dst: Dst::new(u, 0),
        carry: Dst::new(u, 8),
        src0: Src::vec(u, 0).into(),
        src1: Imm::UD(1).into(),
    });
    k.push(Inst::MinMax {
        max: false,
        sat: true,
        exec: e16,
        dst: Dst::new(f, 0).into(),
        src0: Src::vec(f, 0).into(),
        src1: Imm::F(0.5).into(),
    });
    k.push(Inst::Cmp {
        rel: CmpOp::Ge,
        exec: e16,
        dst: CmpDst::Gen(Dst::new(a, 0)),
        src0: Src::vec(a, 0).into(),
        src1: Imm::D(0).into(),
    });
    k.push(Inst::Cmp {
        rel: CmpOp::Ne,
        exec: e16,
        dst: CmpDst::Pred(p),
        src0: Src::vec(a, 0).into(),
        src1: Imm::D(0).into(),
    });
    k.push(Inst::Setp { exec: Exec::nm(16), dst: p, src: Imm::UD(0xff).into() });
    k.push(Inst::Movs { exec: Exec::nm(1), dst: t, src: Imm::UD(2).into() });
    k.push(Inst::Movs { exec: Exec::nm(1), dst: SurfaceId::SLM, src: Src::scalar(u, 0).into() });
    k.push(Inst::AddrAdd {
        exec: Exec::nm(1),
        dst: AddrOpnd { addr: ad, elem: 0, width: 1 },
        base: a,
        base_offset: 8,
        src1: Imm::UW(4).into(),
    });
    k.push(Inst::Jmp { pred: Some(Pred::not(p)), exec: Exec::nm(1), target: top });
    k.push(Inst::Goto {
        pred: Some(Pred { id: p, inverse: false, ctrl: PredCtrl::All }),
        exec: e16,
        target: top,
    });
    k.push(Inst::Call { pred: None, exec: Exec::nm(1), target: sub });
    k.push(Inst::SwitchJmp { exec: Exec::nm(1), index: Src::scalar(b, 0).into(), targets: vec![top, top] });
    let off = || SrcOp::Gen(Src::scalar(u, 0));
    k.push(Inst::OwordLd { size: Owords::O8, unaligned: true, surface: t, offset: off(), dst: raw(a) });
    k.push(Inst::OwordSt {
        size: Owords::O1,
        surface: SurfaceId::SCRATCH,
        offset: Imm::UD(0).into(),
        src: Raw::of(a),
    });
    for (modifier, store) in [(MediaMod::BottomMod, false), (MediaMod::Top, true)] {
        let (plane, width, height, x, y) = (1, 32, 8, off(), Imm::D(4).into());
        k.push(if store {
            Inst::MediaSt { modifier, surface: t, plane, width, height, x, y, src: Raw::of(f) }
        } else {
            Inst::MediaLd { modifier, surface: t, plane, width, height, x, y, dst: Raw::of(f) }
        });
    }
    for store in [false, true] {
        k.push(Inst::Gather {
            store,
            elt_size: 2,
            exec: Exec::nm(1),
            surface: t,
            global_offset: off(),
            offsets: Raw::of(u),
            data: Raw::of(a),
        });
        k.push(Inst::Scaled {
            store,
            pred: Some(Pred::on(p)),
            exec: e16,
            blocks: ScaledBlocks::B2,
            surface: SurfaceId::SLM,
            global_offset: off(),
            offsets: Raw::of(u),
            data: Raw::of(a),
        });
        k.push(Inst::Scaled4 {
            store,
            pred: None,
            exec: Exec::new(8).at(2),
            channels: Channels { r: true, g: false, b: true, a: true },
            surface: t,
            global_offset: Imm::UD(16).into(),
            offsets: Raw::of(u),
            data: Raw::of(a),
        });
        k.push(Inst::Typed4 {
            store,
            pred: Some(Pred::on(p)),
            exec: Exec::new(8),
            channels: Channels::RGBA,
            surface: t,
            u: Raw::of(u),
            v: Raw::NULL,
            r: Raw::NULL,
            lod: Raw::NULL,
            data: Raw::of(a),
        });
        k.push(Inst::SvmBlock {
            store,
            size: Owords::O16,
            address: Src::scalar(q, 0).into(),
            data: Raw::of(a),
        });
        k.push(Inst::SvmScatter {
            store,
            pred: None,
            exec: Exec::new(8),
            block: SvmBlock::B8,
            num_blocks: 2,
            addresses: Raw::of(q),
            data: Raw::of(a),
        });
        k.push(Inst::SvmScaled4 {
            store,
            pred: None,
            exec: Exec::new(8),
            channels: Channels::R,
            base: Src::scalar(q, 0).into(),
            offsets: Raw::of(q),
            data: Raw::of(a),
        });
    }
    k.push(Inst::DwordAtomic {
        op: AtomicOp::Cmpxchg,
        half: true,
        pred: None,
        exec: e16,
        surface: t,
        offsets: Raw::of(u),
        src0: Raw::of(a),
        src1: raw(a),
        dst: Raw::NULL,
    });
    k.push(Inst::SvmAtomic {
        op: AtomicOp::Fadd,
        bits: 64,
        pred: Some(Pred::on(p)),
        exec: Exec::new(8),
        addresses: Raw::of(q),
        src0: Raw::of(a),
        src1: Raw::NULL,
        dst: raw(a),
    });
    k.push(Inst::TypedAtomic {
        op: AtomicOp::MaxSInt,
        half: false,
        pred: None,
        exec: Exec::new(8),
        surface: t,
        u: Raw::of(u),
        v: Raw::NULL,
        r: Raw::NULL,
        lod: Raw::NULL,
        src0: Raw::of(a),
        src1: Raw::NULL,
        dst: Raw::NULL,
    });
    k.push(Inst::Sample {
        channels: Channels { r: true, g: false, b: true, a: true },
        exec: Exec::new(16),
        sampler: smp,
        surface: t,
        u: Raw::of(f),
        v: Raw::of(f),
        r: Raw::NULL,
        dst: Raw::of(f),
    });
    k.push(Inst::Load {
        channels: Channels::R,
        exec: Exec::new(8),
        surface: t,
        u: Raw::of(u),
        v: Raw::NULL,
        r: Raw::NULL,
        dst: raw(a),
    });
    for (op, pixel_null_mask, pred, params) in [
        (Load3dOp::Ld, false, None, vec![Raw::of(u), Raw::of(u), Raw::NULL, Raw::of(u)]),
        (Load3dOp::LdLz, true, Some(Pred::on(p)), vec![Raw::of(u)]),
        (Load3dOp::Ld2dmsW, false, None, vec![Raw::of(u); 7]),
        (Load3dOp::LdMcs, false, Some(Pred::on(p)), vec![Raw::of(u), Raw::of(u)]),
    ] {
        k.push(Inst::Load3d {
            op,
            pixel_null_mask,
            pred,
            exec: Exec::new(16),
            channels: Channels { r: true, g: true, b: false, a: false },
            aoffimmi: SrcOp::Imm(Imm::UW(0x0f1)),
            surface: t,
            dst: Raw::of(a),
            params,
        });
    }
    for (op, pixel_null_mask, pred, params) in [
        (Sample3dOp::Sample, false, None, vec![Raw::of(f), Raw::of(f)]),
        (Sample3dOp::SampleDC, true, Some(Pred::on(p)), vec![Raw::of(f); 11]),
        (Sample3dOp::Lod, false, None, vec![Raw::of(f), Raw::NULL, Raw::of(f)]),
        (Sample3dOp::SampleCLz, false, Some(Pred::on(p)), vec![Raw::of(f); 3]),
    ] {
        k.push(Inst::Sample3d {
            op,
            pixel_null_mask,
            pred,
            exec: Exec::new(16),
            channels: Channels { r: true, g: false, b: false, a: true },
            aoffimmi: SrcOp::Imm(Imm::UW(0x321)),
            sampler: smp,
            surface: t,
            dst: Raw::of(f),
            params,
        });
    }
    k.push(Inst::File("kernel.cm".into()));
    k.push(Inst::Loc(42));
    k.push(Inst::Barrier);
    k.push(Inst::Fence(Fence { sw_only: true, ..Fence::default() }));
    k.push(Inst::Fence(Fence {
        local: true,
        commit: true,
        flush_i: true,
        flush_s: true,
        flush_c: true,
        flush_r: true,
        flush_l1: true,
        sw_only: false,
    }));
    k.push(Inst::Fence(Fence::default()));
    k.push(Inst::Sync(ThreadSync::SplitBarrier { signal: true }));
    k.push(Inst::Sync(ThreadSync::SplitBarrier { signal: false }));
    k.push(Inst::Sync(ThreadSync::NamedBarrier {
        signal: true,
        id: SrcOp::Imm(Imm::UB(1)),
        threads: SrcOp::Imm(Imm::UB(2)),
    }));
    k.push(Inst::Sync(ThreadSync::NamedBarrier {
        signal: false,
        id: SrcOp::Imm(Imm::UB(3)),
        threads: SrcOp::Imm(Imm::UB(3)),
    }));
    k.push(Inst::Sync(ThreadSync::Wait { mask: SrcOp::Imm(Imm::UW(0)) }));
    k.push(Inst::Sync(ThreadSync::Yield));
    k.push(Inst::Sync(ThreadSync::SamplerCacheFlush));
    let lsc_surface = [
        LscSurface::Var(q),
        LscSurface::Imm(0xff),
        LscSurface::Var(u),
        LscSurface::Imm(0x3f),
        LscSurface::Imm(0),
        LscSurface::Var(u),
    ];
    for store in [false, true] {
        k.push(Inst::LscBlock2d {
            store,
            cache: if store { (0, 0) } else { (1, 2) },
            shape: LscBlock2dShape {
                bits: 16,
                blocks: if store { 1 } else { 2 },
                width: 8,
                height: 16,
                transpose: store,
                vnni: !store,
            },
            surface: lsc_surface,
            data: a,
        });
    }
    k.push(Inst::LscFence { sfid: LscSfid::Tgm, op: 1, scope: 3 });
    let addr = |model, offset, bits| LscAddr { model, var: if bits == 64 { q } else { u }, offset, bits };
    let shape = |bits, c32, elems, transpose, chmask| LscShape { bits, c32, elems, transpose, chmask };
    let null = VarId::NULL;
    let lscs = [
        (
            LscOp::Load,
            LscSfid::Ugm,
            (0, 0),
            addr(LscAddrModel::Flat, 0, 64),
            shape(32, false, 4, false, 0),
            a,
            null,
            null,
        ),
        (
            LscOp::Load,
            LscSfid::Ugm,
            (2, 2),
            addr(LscAddrModel::Flat, 0x100, 64),
            shape(32, false, 16, true, 0),
            a,
            null,
            null,
        ),
        (
            LscOp::Store,
            LscSfid::Slm,
            (0, 0),
            addr(LscAddrModel::Flat, -4, 32),
            shape(8, true, 1, false, 0),
            a,
            null,
            null,
        ),
        (
            LscOp::Load,
            LscSfid::Ugm,
            (0, 0),
            addr(LscAddrModel::Bti(LscSurface::Imm(5)), 0, 32),
            shape(16, false, 2, false, 0),
            a,
            null,
            null,
        ),
        (
            LscOp::Load,
            LscSfid::Ugm,
            (0, 0),
            addr(LscAddrModel::Bss(LscSurface::Var(u)), 8, 32),
            shape(64, false, 1, false, 0),
            a,
            null,
            null,
        ),
        (
            LscOp::LoadQuad,
            LscSfid::Ugm,
            (0, 0),
            addr(LscAddrModel::Flat, 0, 64),
            shape(32, false, 1, false, 0b1011),
            a,
            null,
            null,
        ),
        (
            LscOp::StoreQuad,
            LscSfid::Slm,
            (0, 0),
            addr(LscAddrModel::Flat, 0, 32),
            shape(32, false, 1, false, 0b0111),
            a,
            null,
            null,
        ),
        (
            LscOp::Atomic(LscAtomic::Icas),
            LscSfid::Ugm,
            (0, 0),
            addr(LscAddrModel::Flat, 0, 64),
            shape(32, false, 1, false, 0),
            a,
            u,
            f,
        ),
        (
            LscOp::Atomic(LscAtomic::Iinc),
            LscSfid::Slm,
            (1, 1),
            addr(LscAddrModel::Flat, 0, 32),
            shape(16, true, 1, false, 0),
            null,
            null,
            null,
        ),
    ];
    for (op, sfid, cache, addr, shape, data, src1, src2) in lscs {
        k.push(Inst::Lsc {
            op,
            sfid,
            cache,
            pred: Some(Pred::on(p)),
            exec: e16,
            addr,
            shape,
            data,
            src1,
            src2,
        });
    }
    k.push(Inst::RawSend {
        sendc: true,
        pred: None,
        exec: Exec::nm(8),
        exdesc: 0x2a,
        num_src: 1,
        num_dst: 2,
        desc: Imm::UD(0x0220_0000).into(),
        src: Raw::of(u),
        dst: raw(a),
    });
    for (sendc, eot) in [(false, false), (true, false), (false, true), (true, true)] {
        k.push(Inst::RawSends {
            sendc,
            eot,
            pred: Some(Pred::on(p)),
            exec: Exec::nm(16),
            sfid: if sendc { 0 } else { 12 },
            num_src0: 1,
            num_src1: 2,
            num_dst: 0,
            exdesc: Imm::UD(0x4c).into(),
            desc: off(),
            src0: Raw::of(u),
            src1: Raw::of(a),
            dst: Raw::NULL,
        });
    }
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
    k.push(Inst::Subroutine(sub));
    k.push(Inst::Ret { pred: Some(Pred::on(p)), exec: Exec::new(1) });
    k
}

#[test]
fn every_form_round_trips_through_text_and_binary() {
    let k = every_form();
    let t = write_text(&k);
    let mut back = read_one(Path::new("every_form"), &t);
    strip_writer_prefixes(&mut back);
    assert_eq!(write_text(&back), t);
    // names aside, the model comes back exactly (labels were declared in order of mention)
    back.labels[0].name = k.labels[0].name.clone();
    assert!(same(&back, &k), "{back:#?}\n----\n{k:#?}");
    let isa = write_isa(std::slice::from_ref(&k));
    let ks = read_isa(&isa).expect("read_isa");
    assert!(same(&unnamed(&ks[0]), &unnamed(&k)));
    assert_eq!(ks[0].name, k.name);
    assert_eq!(write_isa(&ks), isa);
}

#[test]
fn several_kernels_in_one_file() {
    let a = write_text(&common::loops());
    let b = write_text(&common::rtdemo());
    let both = format!("{a}{}", b.replacen(".version 4.1\n", "", 1));
    let ks = read_text(&both).expect("two kernels");
    assert_eq!(ks.iter().map(|k| k.name.as_str()).collect::<Vec<_>>(), ["loops", "rtdemo"]);
    let mut k1 = ks[1].clone();
    strip_writer_prefixes(&mut k1);
    assert_eq!(write_text(&k1), b);
}

// ---------------------------------------------------------------- Intel's output

/// Instructions counted independently of the reader: indented lines with text before any `//`.
fn count_instruction_lines(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with(' ') || l.starts_with('\t'))
        .filter(|l| !l.split("//").next().unwrap_or("").trim().is_empty())
        .count()
}

#[test]
fn intel_visaasm_reads_with_every_instruction() {
    for (path, text) in intel_texts() {
        let k = read_one(&path, &text);
        let insts = k.body.iter().filter(|i| !matches!(i, Inst::Label(_) | Inst::Subroutine(_))).count();
        assert_eq!(insts, count_instruction_lines(&text), "{}", path.display());
        let subs = text.lines().filter(|l| l.starts_with(".function")).count();
        let read_subs = k.body.iter().filter(|i| matches!(i, Inst::Subroutine(_))).count();
        assert_eq!(read_subs + 1, subs, "{}", path.display());
        // Intel numbers variables like the binary does: `V<n>` is VarId(n)
        for (i, v) in k.vars.iter().enumerate() {
            assert_eq!(v.name, format!("V{}", i as u32 + NUM_PREDEF_VARS), "{}", path.display());
        }
        // the implicit input is kept, after the explicit ones, with its kind
        let implicit_lines = text.lines().filter(|l| l.starts_with(".implicit_")).count();
        assert_eq!(k.inputs.iter().filter(|i| i.implicit != 0).count(), implicit_lines, "{}", path.display());
        let first_implicit = k.inputs.iter().position(|i| i.implicit != 0).unwrap_or(k.inputs.len());
        assert!(k.inputs[first_implicit..].iter().all(|i| i.implicit != 0), "{}", path.display());
        assert!(k.attrs.contains(&KernelAttr::Target3d(false)), "{}", path.display());
        assert_eq!(k.validate(), Ok(()), "{}", path.display());
    }
}

fn intel(name: &str) -> Kernel {
    let p = files(&root().join("tests/fixtures/intel/tgllp"), name).pop().expect(name);
    read_one(&p, &std::fs::read_to_string(&p).expect("read"))
}

#[test]
fn intel_saxpy_values() {
    let k = intel("/saxpy.visaasm");
    assert_eq!(k.name, "saxpy");
    assert_eq!(k.labels[0].name, "saxpy_BB_0_0");
    assert_eq!(k.vars.len(), 9);
    assert_eq!(k.vars[6].alias, Some((VarId(34), 0)));
    assert_eq!(k.surfaces.len(), 3);
    assert_eq!(
        k.inputs,
        [
            Input { target: InputTarget::Var(VarId(36)), offset: 72, size: 4, implicit: 0 },
            Input { target: InputTarget::Surface(SurfaceId(6)), offset: 80, size: 4, implicit: 0 },
            Input { target: InputTarget::Surface(SurfaceId(7)), offset: 88, size: 4, implicit: 0 },
            Input { target: InputTarget::Var(VarId(32)), offset: 64, size: 8, implicit: 12 },
        ]
    );
    assert_eq!(k.attrs, [KernelAttr::SlmSize(0), KernelAttr::Target3d(false), KernelAttr::NoBarrier]);
    // body[0] is the block label `saxpy_BB_0_0:`; then `mov`, `shl ... 0x3:d`
    assert!(matches!(k.body[0], Inst::Label(_)));
    let Inst::Alu { op: AluOp::Shl, srcs, dst, .. } = &k.body[2] else { panic!("{:?}", k.body[2]) };
    assert_eq!(srcs[1], SrcOp::Imm(Imm::D(3)));
    assert_eq!(*dst, DstOp::Gen(Dst::new(VarId(38), 0)));
    // `mad (M1, 16) V37(2,0)<1> V36(0,0)<0;1,0> V35(2,0)<1;1,0> V37(2,0)<1;1,0>`
    let Inst::Alu { op: AluOp::Mad, exec, dst, srcs, .. } = &k.body[8] else { panic!("{:?}", k.body[8]) };
    assert_eq!(*exec, Exec::new(16));
    assert_eq!(*dst, DstOp::Gen(Dst { var: VarId(37), row: 2, col: 0, hstride: 1 }));
    assert_eq!(srcs[1], SrcOp::Gen(Src::region(VarId(35), 2, 0, Region::CONTIG)));
    // `oword_ld (8) T8 V40(0,0)<0;1,0> V35.0`
    assert_eq!(
        k.body[4],
        Inst::OwordLd {
            size: Owords::O8,
            unaligned: false,
            surface: SurfaceId(8),
            offset: SrcOp::Gen(Src::scalar(VarId(40), 0)),
            dst: Raw::of(VarId(35)),
        }
    );
}

#[test]
fn intel_float_immediates_and_subroutines() {
    let k = intel("/fade.visaasm");
    let movs: Vec<Imm> = k
        .body
        .iter()
        .filter_map(|i| match i {
            Inst::Alu { op: AluOp::Mov, srcs, .. } => match srcs[0] {
                SrcOp::Imm(imm) => Some(imm),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(movs, [Imm::F(-2.0), Imm::F(3.0)]);
    let call = k.body.iter().find_map(|i| match i {
        Inst::Call { target, exec, .. } => Some((*target, *exec)),
        _ => None,
    });
    let (target, exec) = call.expect("a call");
    assert_eq!(exec, Exec::nm(1));
    assert_eq!(
        k.labels[target.0 as usize],
        LabelDecl { name: "smoothstep_fade_BB_1_1".into(), kind: LabelKind::Subroutine }
    );
    assert!(k.body.contains(&Inst::Subroutine(target)));
    let Inst::Alu { sat: true, op: AluOp::Mov, .. } =
        k.body.iter().skip_while(|i| **i != Inst::Subroutine(target)).nth(2).expect("mov.sat")
    else {
        panic!("no mov.sat after the subroutine's label");
    };
    let h = intel("/normalize_h.visaasm");
    assert!(h.body.iter().any(
        |i| matches!(i, Inst::Alu { op: AluOp::Add, srcs, .. } if srcs[1] == SrcOp::Imm(Imm::HF(0x400)))
    ));
}

#[test]
fn intel_kernels_encode_and_decode() {
    for (path, text) in intel_texts() {
        let k = read_one(&path, &text);
        let isa = write_isa(std::slice::from_ref(&k));
        let back = read_isa(&isa).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Intel names the entry subroutine and its first block alike; the binary de-duplicates
        assert!(same(&unnamed(&back[0]), &unnamed(&k)), "{}", path.display());
        assert_eq!(write_isa(&back), isa, "{}", path.display());
    }
}

// ---------------------------------------------------------------- .isa

#[test]
fn pinned_kernels_round_trip_through_isa() {
    for (path, text) in pinned_texts() {
        let k = read_one(&path, &text);
        let isa = write_isa(std::slice::from_ref(&k));
        let back = read_isa(&isa).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(back.len(), 1);
        // the names read from the text are sanitized and distinct: the binary keeps them as they are
        assert!(same(&back[0], &k), "{}:\n{:#?}\n----\n{k:#?}", path.display(), back[0]);
        assert_eq!(write_isa(&back), isa, "{}", path.display());
    }
}

#[test]
fn sample_kernels_round_trip_through_isa() {
    for case in common::cases() {
        let k = (case.build)();
        let isa = write_isa(std::slice::from_ref(&k));
        let back = read_isa(&isa).unwrap_or_else(|e| panic!("{}: {e}", k.name));
        assert!(same(&unnamed(&back[0]), &unnamed(&k)), "{}", k.name);
        assert_eq!(write_isa(&back), isa, "{}", k.name);
    }
    let both = [common::rtdemo(), common::loops()];
    let back = read_isa(&write_isa(&both)).expect("two kernels");
    assert_eq!(back.iter().map(|k| k.name.as_str()).collect::<Vec<_>>(), ["rtdemo", "loops"]);
}

#[test]
fn pinned_isa_files_decode_and_reencode() {
    let all = files(&root().join("tests/out/isa"), ".isa");
    assert!(all.len() >= 20);
    for p in all {
        let bytes = std::fs::read(&p).expect("read");
        let ks = read_isa(&bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert!(!ks.is_empty());
        assert_eq!(write_isa(&ks), bytes, "{}", p.display());
    }
}

// ---------------------------------------------------------------- malformed input

fn err(text: &str) -> ReadError {
    read_text(text).expect_err("should not read")
}

const HEAD: &str =
    ".version 4.1\n.kernel \"k\"\n.decl V_a v_type=G type=d num_elts=16 align=GRF\n.function \"k_main\"\n";

#[test]
fn errors_name_the_line_and_column() {
    let e = err(&format!("{HEAD}    mov (M1, 16) V_a(0,0)<1> 1:d\n    frobnicate (M1, 1) V_a(0,0)<1>\n"));
    assert_eq!((e.line, e.col), (6, 5), "{e}");
    assert_eq!(e.message, "not modeled: `frobnicate`");
    assert_eq!(e.to_string(), "6:5: not modeled: `frobnicate`");
    let e = err(&format!("{HEAD}    mov (M1, 16) V_b(0,0)<1> 1:d\n"));
    assert_eq!((e.line, e.col, e.message.as_str()), (5, 18, "unknown name `V_b`"));
    let e = err(&format!("{HEAD}    mov (M1, 12) V_a(0,0)<1> 1:d\n"));
    assert_eq!((e.line, e.col), (5, 14), "{e}");
    let e = err(&format!("{HEAD}    mov (M1, 16) V_a(0,0)<1> 70000:w\n"));
    assert_eq!((e.line, e.col), (5, 30), "{e}");
    let e = err(&format!("{HEAD}    jmp (M1_NM, 1) L_nowhere\n    ret (M1, 1)\n"));
    assert_eq!((e.line, e.col, e.message.as_str()), (5, 20, "label `L_nowhere` is never defined"));
    let e = err(&format!("{HEAD}    (P_x) mov (M1, 16) V_a(0,0)<1> 1:d\n"));
    assert_eq!((e.line, e.col), (5, 6), "{e}");
    let e = err(&format!("{HEAD}    ret (M1, 1)\n.global_function \"f g\"\n"));
    assert_eq!((e.line, e.message.as_str()), (6, "function name \"f g\" is not an identifier"));
    let e = err(&format!("{HEAD}    fret (M1, 1)\n"));
    assert_eq!((e.line, e.col, e.message.as_str()), (5, 5, "fret outside a `.global_function`"));
    let e = err(&format!("{HEAD}    fcall (M1, 16) f 300 0\n"));
    assert_eq!(e.line, 5, "{e}");
    let e = err(&format!("{HEAD}    (P_x) cmp.eq (M1, 16) V_a(0,0)<1> 1:d 2:d\n"));
    assert_eq!(e.line, 5);
    let e = err(".version 4.1\n.kernel \"k\"\n.decl x v_type=G type=d num_elts=1 attrs={Input}\n");
    assert!(e.message.starts_with("not modeled"), "{e}");
    let e = err(&format!("{HEAD}    mov (M1, 1) V_a(0,0)<1> 1:bf\n"));
    assert_eq!(e.message, "not modeled: bf immediates");
    let e = err(".version 4.1\n.kernel \"k\"\n.kernel_attr Frob=1\n.function \"k_main\"\n");
    assert_eq!((e.line, e.message.as_str()), (3, "not modeled: kernel attribute `Frob`"));
    assert_eq!(err("").message, "no `.kernel` in the input");
}

#[test]
fn isa_errors_name_the_offset() {
    let isa = write_isa(&[common::rtdemo()]);
    let e = read_isa(&isa[..isa.len() - 1]).expect_err("truncated");
    assert!(e.byte_offset().is_some());
    assert!(e.to_string().starts_with("offset 0x"), "{e}");
    let e = read_isa(b"CISA").expect_err("no header");
    assert_eq!(e.byte_offset(), Some(4));
    let e = read_isa(b"XXXXXXXX").expect_err("no magic");
    assert_eq!(e.byte_offset(), Some(0));
}

/// Text files to mutate: a sample of pinned outputs and every Intel one.
fn corpus() -> Vec<String> {
    let mut c: Vec<String> = pinned_texts().into_iter().step_by(9).map(|(_, t)| t).collect();
    c.extend(intel_texts().into_iter().map(|(_, t)| t));
    c
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Truncating, overwriting a byte or dropping a line never panics, and an error names a line
    /// of the input.
    #[test]
    fn mutated_text_never_panics(which in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(),
                                 byte in prop::sample::select(b" ()<>[],;:.-!&%\"0x19aAZ_\n/".to_vec()),
                                 how in 0u8..3) {
        let corpus = corpus();
        let text = which.get(&corpus);
        let bytes = text.as_bytes();
        let i = at.index(bytes.len());
        let mutated: Vec<u8> = match how {
            0 => bytes[..i].to_vec(),
            1 => {
                let mut b = bytes.to_vec();
                b[i] = byte;
                b
            }
            _ => {
                let lines: Vec<&str> = text.lines().collect();
                let drop = i % lines.len();
                let kept = lines.iter().enumerate().filter(|(n, _)| *n != drop);
                kept.map(|(_, l)| format!("{l}\n")).collect::<String>().into_bytes()
            }
        };
        let mutated = String::from_utf8_lossy(&mutated).into_owned();
        if let Err(e) = read_text(&mutated) {
            prop_assert!(e.line >= 1 && e.line <= mutated.lines().count().max(1), "{e}");
            prop_assert!(e.col >= 1);
        }
    }

    /// Truncated or corrupted `.isa` files never panic.
    #[test]
    fn mutated_isa_never_panics(which in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(),
                                byte in any::<u8>(), truncate in any::<bool>()) {
        let k = (which.get(&common::cases()).build)();
        let mut isa = write_isa(&[k]);
        let i = at.index(isa.len());
        if truncate {
            isa.truncate(i);
        } else {
            isa[i] = byte;
        }
        if let Err(e) = read_isa(&isa) {
            prop_assert!(e.byte_offset().is_some_and(|o| o <= isa.len()), "{e}");
        }
    }
}

/// Intel's spelling of the sampler messages: `sample.CH (N) S T u v r dst`, `load.CH (N) T u v r
/// dst`; the sampler and surface must be the right kinds of state variable.
#[test]
fn sampler_messages_read_from_text() {
    let decls = ".decl S_s v_type=S num_elts=1\n.decl T_t v_type=T num_elts=1\n";
    let head = HEAD.replace(".function", &format!("{decls}.function"));
    let k = read_text(&format!(
        "{head}    sample.RGA (16) S_s T_t V_a.0 V_a.0 %null.0 V_a.0\n    load.B (M1, 8) T_t V_a.0 %null.0 %null.0 V_a.0\n    ret (M1, 1)\n"
    ))
    .expect("reads")
    .remove(0);
    let a = k.vars.iter().position(|v| v.name == "V_a").map(|i| VarId(i as u32 + NUM_PREDEF_VARS)).unwrap();
    assert_eq!(
        k.body[0],
        Inst::Sample {
            channels: Channels { r: true, g: true, b: false, a: true },
            exec: Exec::new(16),
            sampler: SamplerId(0),
            surface: SurfaceId(NUM_PREDEF_SURFACES),
            u: Raw::of(a),
            v: Raw::of(a),
            r: Raw::NULL,
            dst: Raw::of(a),
        }
    );
    assert!(
        matches!(k.body[1], Inst::Load { exec: Exec { size: 8, .. }, v: Raw::NULL, .. }),
        "{:?}",
        k.body[1]
    );
    let e = err(&format!("{head}    sample.R (8) T_t S_s V_a.0 V_a.0 %null.0 V_a.0\n"));
    assert_eq!((e.line, e.message.as_str()), (7, "`T_t` is not a sampler"));
    let e = err(&format!("{head}    load.X (8) T_t V_a.0 V_a.0 %null.0 V_a.0\n"));
    assert_eq!(e.line, 7, "{e}");
}

/// A `.global_function` that calls a subroutine: the writer starts its code with an entry
/// `.function` label (GenX_IR's flow graph builder fails on such a function without one), the
/// reader takes that label as the entry, not as a subroutine, and a later `.function` is still a
/// subroutine; the text reads back to the same body.
#[test]
fn a_function_calling_a_subroutine_has_an_entry_label() {
    let src =
        ".version 4.1\n.kernel \"k\"\n.function \"k_main\"\n    fcall (M1_NM, 1) f 1 0\n    ret (M1, 1)\n\
               .global_function \"f\"\n.decl V_x v_type=G type=d num_elts=8 align=GRF\n\
               .kernel_attr ArgSize=1\n.kernel_attr RetValSize=0\n\
               .function \"f_entry\"\n    call (M1_NM, 1) L_s\n    fret (M1_NM, 1)\n\
               .function \"L_s\"\n    mov (M1_NM, 8) V_x(0,0)<1> 1:d\n    ret (M1, 1)\n";
    let units = read_text(src).expect("reads");
    let f = &units[1];
    assert_eq!(f.unit, model::UnitKind::GlobalFunction);
    assert_eq!(f.labels[0].name, "f_entry");
    let subs: Vec<_> = f.body.iter().filter(|i| matches!(i, model::Inst::Subroutine(_))).collect();
    assert_eq!(subs.len(), 1, "{:?}", f.body);
    assert!(matches!(f.body[0], model::Inst::Call { .. }), "{:?}", f.body[0]);
    let text = write_text_file(&units);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| *l == ".kernel_attr RetValSize=0").expect("attributes");
    // the writer names the entry `<function>_main`, as it names a kernel's
    assert_eq!(lines[at + 1], ".function \"f_main\"", "{text}");
    let again = read_text(&text).expect("reads back");
    assert_eq!(again[1].body, f.body);
    // Without the entry label the function's code still reads (the form of the fcall sample).
    let bare = src.replace(".function \"f_entry\"\n", "");
    let units = read_text(&bare).expect("reads without an entry label");
    assert_eq!(units[1].body, f.body);
}

/// The dpas precision codes are vISA's `GenPrecision` values (IGC's visa_igc_common_header.h,
/// vc-intrinsics' dpas2 table): u8 = 7, s8 = 8, bf16 = 9, hf = 10, tf32 = 12; 11 (bfloat8) is
/// not a precision genxc models.
#[test]
fn dpas_precision_codes_are_visa_gen_precision() {
    let codes: Vec<u8> = Precision::ALL.iter().map(|p| p.code()).collect();
    assert_eq!(codes, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    for p in Precision::ALL {
        assert_eq!(Precision::from_code(p.code()), Some(p));
    }
    assert_eq!(Precision::from_code(11), None);
    assert_eq!(Precision::from_code(13), None);
    assert_eq!(Precision::from_code(0), None);
}

/// Intel's compiler writes negative word and byte immediates as 32-bit patterns
/// (`0xffffffd0:w`); they read as the narrow value, and a pattern that is no sign extension of
/// one stays an error.
#[test]
fn intel_sign_extended_narrow_immediates() {
    let kernel = |imm: &str| {
        format!(
            ".version 4.1\n.kernel \"t\"\n.decl V v_type=G type=w num_elts=16 align=GRF\n.function \"t_BB\"\nt_BB:\n    add (M1, 1) V(0,0)<1> V(0,0)<0;1,0> {imm}\n    ret (M1, 1)\n"
        )
    };
    for (imm, written) in [("0xffffffd0:w", "-48:w"), ("0xfffffffc:b", "-4:b"), ("0xffc7:w", "-57:w")] {
        let ks = read_text(&kernel(imm)).unwrap_or_else(|e| panic!("{imm}: {e}"));
        let text = write_text(&ks[0]);
        assert!(text.contains(&format!("<0;1,0> {written}\n")), "{imm}: {text}");
    }
    for bad in ["0xfff0ffd0:w", "0x1ffffffd0:w", "0xffffff7f:b"] {
        assert!(read_text(&kernel(bad)).is_err(), "{bad} is no sign-extended narrow value");
    }
}
