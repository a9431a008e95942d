//! Sampler messages.

use super::*;

// ---------------------------------------------------------------- sampler

use genxc_sim::image::{AddressMode, Filter, ImageFormat, SamplerState};

/// The test image: 4 x 2 texels of 4 bytes, rows 16 bytes apart.
const IMG_W: u32 = 4;

/// Sentinel a sampler destination holds before the message (disabled lanes keep it).
const KEEP: u32 = 0xDEAD;

/// A kernel with `out` (bti 0), the image `img` (bti 1) and the sampler `smp` (index 2) as
/// inputs; `u` and `v` (8 lanes of `coord`) take the per-lane coordinates, `dst` (4 GRFs, all
/// `KEEP`) the result, which is stored to `out`. `inst` builds the sampler message.
fn sampler_run(
    coord: VisaType,
    coords: &[(Imm, Imm)],
    image: (ImageFormat, &[u32]),
    state: SamplerState,
    inst: impl FnOnce(&mut Kernel, SurfaceId, SamplerId, Raw, Raw, Raw),
) -> (Result<genxc_sim::Report, SimError>, Vec<Option<u32>>) {
    let (mut k, out) = with_out("t");
    let img = k.add_surface("img");
    let smp = k.add_sampler("smp");
    k.add_input(InputTarget::Surface(img), 36, 4);
    k.add_input(InputTarget::Sampler(smp), 40, 4);
    let u = k.add_var("u", coord, 8, Align::Grf);
    let v = k.add_var("v", coord, 8, Align::Grf);
    let dst = k.add_var("dst", VisaType::UD, 32, Align::Grf);
    for row in 0..4 {
        op(&mut k, AluOp::Mov, E8, ds(dst, row, 0, 1), vec![i(Imm::UD(KEEP))]);
    }
    for (j, (x, y)) in coords.iter().enumerate() {
        op(&mut k, AluOp::Mov, E1, d(u, j as u8), vec![i(*x)]);
        op(&mut k, AluOp::Mov, E1, d(v, j as u8), vec![i(*y)]);
    }
    inst(&mut k, img, smp, Raw::of(u), Raw::of(v), Raw::of(dst));
    ost(&mut k, Owords::O8, out, 0, dst);
    ret(&mut k);
    let mut m = surfaces(1, 256);
    let bytes: Vec<u8> = image.1.iter().flat_map(|x| x.to_le_bytes()).collect();
    let h = image.1.len() as u32 / IMG_W;
    let id = m.add(
        "img",
        BufferKind::Surface { bti: 1, width: IMG_W * 4, height: h, pitch: IMG_W * 4 },
        Bytes::defined(bytes),
    );
    m.set_image_format(id, image.0);
    m.set_sampler_state(2, state);
    let args = vec![ArgValue::Surface(0), ArgValue::Surface(1), ArgValue::Sampler(2)];
    let r = run_with(&k, &mut m, args);
    let w = (0..32).map(|j| word(&m, 0, j)).collect();
    (r, w)
}

/// Row 0: 1 2 3 4, row 1: 5 6 7 8 (R32_FLOAT).
fn float_image() -> Vec<u32> {
    (1..=8).map(|x| (x as f32).to_bits()).collect()
}

fn load(channels: Channels) -> impl FnOnce(&mut Kernel, SurfaceId, SamplerId, Raw, Raw, Raw) {
    move |k, img, _, u, v, dst| {
        k.push(Inst::Load { channels, exec: E8, surface: img, u, v, r: Raw::NULL, dst });
    }
}

fn sample(channels: Channels) -> impl FnOnce(&mut Kernel, SurfaceId, SamplerId, Raw, Raw, Raw) {
    move |k, img, smp, u, v, dst| {
        k.push(Inst::Sample { channels, exec: E8, sampler: smp, surface: img, u, v, r: Raw::NULL, dst });
    }
}

fn ints(c: &[(i32, i32)]) -> Vec<(Imm, Imm)> {
    c.iter().map(|&(x, y)| (Imm::D(x), Imm::D(y))).collect()
}

fn floats(c: &[(f32, f32)]) -> Vec<(Imm, Imm)> {
    c.iter().map(|&(x, y)| (Imm::F(x), Imm::F(y))).collect()
}

/// The `n`-th GRF block (8 lanes) of a result, as floats.
fn block_f(w: &[Option<u32>], n: usize) -> Vec<f32> {
    w[n * 8..n * 8 + 8].iter().map(|x| f32::from_bits(x.expect("defined"))).collect()
}

#[test]
fn load_reads_texels_and_zero_out_of_range() {
    let coords = ints(&[(0, 0), (3, 0), (1, 1), (3, 1), (4, 0), (-1, 0), (0, 2), (2, 1)]);
    let (r, w) = sampler_run(
        VisaType::D,
        &coords,
        (ImageFormat::R32Float, &float_image()),
        SamplerState::default(),
        load(Channels::RGBA),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![1.0, 4.0, 6.0, 8.0, 0.0, 0.0, 0.0, 7.0]);
    // R32_FLOAT has no G, B (0) nor A (1); out of range every channel is 0.
    assert_eq!(block_f(&w, 1), vec![0.0; 8]);
    assert_eq!(block_f(&w, 2), vec![0.0; 8]);
    assert_eq!(block_f(&w, 3), vec![1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn load_channel_masks_and_formats() {
    // RGBA8_UNORM: R in the low byte. `.GA` returns two blocks, G then A.
    let texels: Vec<u32> = (0..8).map(|x| 0x40_80_ff_00 + x).collect();
    let coords = ints(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)]);
    let ga = Channels { r: false, g: true, b: false, a: true };
    let (r, w) = sampler_run(
        VisaType::D,
        &coords,
        (ImageFormat::Rgba8Unorm, &texels),
        SamplerState::default(),
        load(ga),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![1.0; 8]);
    assert_eq!(block_f(&w, 1), vec![64.0 / 255.0; 8]);
    // The blocks of channels not asked for are not written.
    assert!(w[16..].iter().all(|x| *x == Some(KEEP)));
    // `.RB` of R32_UINT: the integers themselves, B = 0.
    let rb = Channels { r: true, g: false, b: true, a: false };
    let texels: Vec<u32> = (0..8).map(|x| 1000 + x).collect();
    let (r, w) =
        sampler_run(VisaType::D, &coords, (ImageFormat::R32Uint, &texels), SamplerState::default(), load(rb));
    r.unwrap();
    assert_eq!(w[..8], (1000..1008).map(Some).collect::<Vec<_>>()[..]);
    assert_eq!(w[8..16], [Some(0); 8]);
}

#[test]
fn sampler_messages_leave_disabled_lanes_alone() {
    // Lanes 0..3 jump over the load (goto), lanes 4..7 run it.
    let coords = ints(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)]);
    let (r, w) = sampler_run(
        VisaType::D,
        &coords,
        (ImageFormat::R32Float, &float_image()),
        SamplerState::default(),
        |k, img, _, u, v, dst| {
            let p = k.add_pred("p", 8);
            let skip = k.add_label("SKIP");
            k.push(Inst::Setp { exec: E8, dst: p, src: i(Imm::UW(0x0f)) });
            k.push(Inst::Goto { pred: Some(Pred::on(p)), exec: E8, target: skip });
            k.push(Inst::Load { channels: Channels::R, exec: E8, surface: img, u, v, r: Raw::NULL, dst });
            k.push(Inst::Label(skip));
        },
    );
    r.unwrap();
    let want: Vec<Option<u32>> = [KEEP, KEEP, KEEP, KEEP]
        .into_iter()
        .chain([5.0f32, 6.0, 7.0, 8.0].map(f32::to_bits))
        .map(Some)
        .collect();
    assert_eq!(w[..8], want[..]);
}

fn run_sample(state: SamplerState, coords: &[(f32, f32)]) -> Vec<f32> {
    let (r, w) = sampler_run(
        VisaType::F,
        &floats(coords),
        (ImageFormat::R32Float, &float_image()),
        state,
        sample(Channels::R),
    );
    r.unwrap();
    block_f(&w, 0)
}

#[test]
fn sample_nearest_clamps_or_wraps_at_the_edges() {
    let coords = [
        (0.1, 0.25),
        (0.99, 0.25),
        (1.5, 0.25),
        (-0.2, 0.25),
        (0.3, 0.75),
        (0.6, 1.7),
        (1.1, 0.25),
        (-0.1, -0.3),
    ];
    let clamp = SamplerState { filter: Filter::Nearest, address: AddressMode::Clamp };
    // x = floor(u * 4), y = floor(v * 2), clamped to the image.
    assert_eq!(run_sample(clamp, &coords), vec![1.0, 4.0, 4.0, 1.0, 6.0, 7.0, 4.0, 1.0]);
    let wrap = SamplerState { filter: Filter::Nearest, address: AddressMode::Wrap };
    // 1.5 * 4 = 6 -> 2; -0.8 -> -1 -> 3; 1.7 * 2 = 3.4 -> 3 -> 1; 4.4 -> 0; (-0.4, -0.6) -> (3, 1).
    assert_eq!(run_sample(wrap, &coords), vec![1.0, 4.0, 3.0, 4.0, 6.0, 7.0, 1.0, 8.0]);
}

#[test]
fn sample_linear_blends_texel_centres_with_clamp_or_wrap() {
    // x = u * 4 - 0.5, y = v * 2 - 0.5; weights are the fractions of x and y.
    let coords = [
        (0.25, 0.25),
        (0.5, 0.5),
        (0.0, 0.25),
        (1.0, 0.25),
        (0.375, 0.0),
        (0.375, 1.0),
        (0.125, 0.25),
        (0.4375, 0.5),
    ];
    let clamp = SamplerState { filter: Filter::Linear, address: AddressMode::Clamp };
    // (0.5, 0): 1.5; (1.5, 0.5): (2+3+6+7)/4; (-0.5, 0): texel 0 twice; (3.5, 0): texel 3 twice;
    // (1, -0.5): row 0 twice; (1, 1.5): row 1 twice; (0, 0): exactly texel 0;
    // (1.25, 0.5): 0.75 * (2+6)/2 + 0.25 * (3+7)/2.
    assert_eq!(run_sample(clamp, &coords), vec![1.5, 4.5, 1.0, 4.0, 2.0, 6.0, 1.0, 4.25]);
    let wrap = SamplerState { filter: Filter::Linear, address: AddressMode::Wrap };
    // At the edges the other side comes in: (4 + 1) / 2, (2 + 6) / 2.
    assert_eq!(run_sample(wrap, &coords), vec![1.5, 4.5, 2.5, 2.5, 4.0, 4.0, 1.0, 4.25]);
}

#[test]
fn sample_returns_missing_channels_and_converts_unorm8() {
    // RGBA8_UNORM, linear: halfway between 0x00000000 and 0xff00ff00 on row 0 (R = 0 both).
    let texels = [0, 0xff00_ff00, 0, 0xff00_ff00, 0, 0, 0, 0];
    let state = SamplerState { filter: Filter::Linear, address: AddressMode::Clamp };
    let (r, w) = sampler_run(
        VisaType::F,
        &floats(&[(0.25, 0.25); 8]),
        (ImageFormat::Rgba8Unorm, &texels),
        state,
        sample(Channels::RGBA),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![0.0; 8]);
    assert_eq!(block_f(&w, 1), vec![0.5; 8]);
    assert_eq!(block_f(&w, 2), vec![0.0; 8]);
    assert_eq!(block_f(&w, 3), vec![0.5; 8]);
    // R32_FLOAT sampled: G = B = 0, A = 1.
    let (r, w) = sampler_run(
        VisaType::F,
        &floats(&[(0.1, 0.1); 8]),
        (ImageFormat::R32Float, &float_image()),
        SamplerState::default(),
        sample(Channels { r: false, g: true, b: false, a: true }),
    );
    r.unwrap();
    assert_eq!(block_f(&w, 0), vec![0.0; 8]);
    assert_eq!(block_f(&w, 1), vec![1.0; 8]);
}

#[test]
fn sample_of_an_integer_format_is_not_modeled() {
    let (r, _) = sampler_run(
        VisaType::F,
        &floats(&[(0.1, 0.1); 8]),
        (ImageFormat::R32Uint, &[0; 8]),
        SamplerState::default(),
        sample(Channels::R),
    );
    assert!(matches!(r, Err(SimError::NotModeled(ref s)) if s.contains("integer")), "{r:?}");
}

/// A sampler variable set with `movs` samples with the state of the index it was set to: index 2
/// (wrap, set by the launch) or 5 (no state: nearest, clamped).
#[test]
fn movs_sets_the_sampler_index_a_sample_uses() {
    let coords = floats(&[
        (1.5, 0.25),
        (-0.2, 0.25),
        (0.1, 0.25),
        (0.99, 0.25),
        (0.3, 0.75),
        (0.6, 0.75),
        (0.1, 0.75),
        (0.5, 0.25),
    ]);
    let wrap = SamplerState { filter: Filter::Nearest, address: AddressMode::Wrap };
    let through = |index: u32| {
        let (r, w) = sampler_run(
            VisaType::F,
            &coords,
            (ImageFormat::R32Float, &float_image()),
            wrap,
            move |k, img, _, u, v, dst| {
                let other = k.add_sampler("other");
                k.push(Inst::MovsSampler { exec: Exec::nm(1), dst: other, src: i(Imm::UD(index)) });
                k.push(Inst::Sample {
                    channels: Channels::RGBA,
                    exec: E8,
                    sampler: other,
                    surface: img,
                    u,
                    v,
                    r: Raw::NULL,
                    dst,
                });
            },
        );
        r.unwrap();
        block_f(&w, 0)
    };
    // wrap: 1.5 * 4 = 6 -> 2 (3.0), -0.8 -> 3 (4.0); clamp: 6 -> 3 (4.0), -0.8 -> 0 (1.0)
    assert_eq!(through(2), vec![3.0, 4.0, 1.0, 4.0, 6.0, 7.0, 5.0, 3.0]);
    assert_eq!(through(5), vec![4.0, 1.0, 1.0, 4.0, 6.0, 7.0, 5.0, 3.0]);
}

#[test]
fn same_size_integer_moves_copy_definedness_byte_by_byte() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let rb = k.add_alias("rb", VisaType::UB, 32, Align::Grf, r, 0);
    let t = k.add_var("t", VisaType::D, 8, Align::Grf);
    let u = k.add_var("u", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(t, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, E8, d(u, 0), vec![i(Imm::D(0))]);
    // bytes 0 and 2 of r's first dword written, 1 and 3 not
    op(&mut k, AluOp::Mov, E1, d(rb, 0), vec![i(Imm::UW(0x11))]);
    op(&mut k, AluOp::Mov, E1, d(rb, 2), vec![i(Imm::UW(0x33))]);
    // a dword copy keeps the written bytes; an add reads the value whole
    op(&mut k, AluOp::Mov, E1, d(t, 0), vec![rg(r, 0, 0, 0, 1, 0)]);
    op(&mut k, AluOp::Add, E1, d(u, 0), vec![rg(r, 0, 0, 0, 1, 0), i(Imm::D(0))]);
    ost(&mut k, Owords::O2, out, 0, t);
    ost(&mut k, Owords::O2, out, 32, u);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    let bytes = &m.buffers[0].bytes;
    assert_eq!(bytes.get(0, 1), (0x11, true));
    assert!(!bytes.get(1, 1).1 && !bytes.get(3, 1).1);
    assert_eq!(bytes.get(2, 1), (0x33, true));
    assert_eq!(word(&m, 0, 8), None);
}
