//! The sampler's `load` and `sample` messages over the surfaces' 2D views, read as images in the
//! texel format [`Memory::image_format`] gives, `sample` filtered by the sampler index's
//! [`Memory::sampler_state`].
//!
//! `load` reads the texel at integer coordinates (u, v); a coordinate outside the image reads
//! zero in every channel (the hardware's rule for `ld`). `sample` takes normalized float
//! coordinates: nearest picks the texel `floor(u * width)`, `floor(v * height)`; linear blends
//! the four texels around `x = u * width - 0.5`, `y = v * height - 0.5` with the weights of the
//! fractions of x and y; indices outside the image go through the address mode (clamp or wrap).
//! Integer formats are not filtered (`sample` of one is not modeled).
//!
//! Each lane the execution mask enables gets a result; disabled lanes keep their destination.
//! The result is SoA: each enabled channel (R, G, B, A order) a block of exec-size dwords,
//! starting at a GRF boundary. A NULL `v` means v = 0; a non-zero `r` (3D and array images) is
//! not modeled. A texel read goes through [`Memory::read`], so one past the buffer's bytes reads
//! zero and is recorded as out of bounds.

use super::control::enabled;
use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use crate::image::{Filter, ImageFormat, SamplerState};
use crate::memory::{Bytes, Memory, Space};
use genxc_visa::{Channels, Exec, Inst, Raw, SamplerId, SurfaceId, VarId};

/// Bytes of one dword.
const DW: u32 = 4;

/// An image as the sampler sees it: the surface, its texel format and size in texels.
struct Image {
    bti: u32,
    format: ImageFormat,
    width: u32,
    height: u32,
    pitch: u32,
}

impl Image {
    /// The raw texel at (x, y), which must lie inside the image, and whether it is defined.
    fn texel(&self, mem: &mut Memory, x: u32, y: u32) -> (u32, bool) {
        let tb = self.format.texel_bytes();
        let at = u64::from(y) * u64::from(self.pitch) + u64::from(x) * u64::from(tb);
        let (v, def) = mem.read_value(Space::Surface(self.bti), at, tb as usize);
        (v as u32, def)
    }
}

impl Thread {
    /// Executes `sample` or `load` with the lanes of `mask`.
    pub fn sampler_message(
        &mut self,
        cx: &Ctx,
        inst: &Inst,
        mask: u32,
        mem: &mut Memory,
    ) -> Result<(), SimError> {
        let (channels, exec, sampler, surface, (u, v, r), dst) = match inst {
            Inst::Sample { channels, exec, sampler, surface, u, v, r, dst } => {
                (*channels, *exec, Some(*sampler), *surface, (*u, *v, *r), *dst)
            }
            Inst::Load { channels, exec, surface, u, v, r, dst } => {
                (*channels, *exec, None, *surface, (*u, *v, *r), *dst)
            }
            _ => return Err(SimError::NotModeled(format!("instruction {inst:?} as a sampler message"))),
        };
        if ![8, 16].contains(&exec.size) {
            return Err(SimError::Malformed(format!("sampler message of exec size {}", exec.size)));
        }
        let image = self.image(mem, surface)?;
        let state = match sampler {
            Some(s) => {
                if image.as_ref().is_some_and(|i| i.format.is_integer()) {
                    return Err(SimError::NotModeled("sample of an integer image format".into()));
                }
                Some(mem.sampler_state(self.sampler_index(s)?))
            }
            None => None,
        };
        let lanes = enabled(exec, mask);
        let mut results = Vec::new();
        for i in (0..u32::from(exec.size)).filter(|i| lanes >> i & 1 == 1) {
            let uu = self.raw_value(cx, u, i * DW, DW, "a u coordinate")? as u32;
            let vv = if v.var == VarId::NULL {
                0
            } else {
                self.raw_value(cx, v, i * DW, DW, "a v coordinate")? as u32
            };
            if r.var != VarId::NULL && self.raw_value(cx, r, i * DW, DW, "an r coordinate")? as u32 != 0 {
                return Err(SimError::NotModeled("sampler messages with a non-zero r coordinate".into()));
            }
            let texel = match (&image, state) {
                (None, _) => ([0; 4], true),
                (Some(img), None) => load_texel(mem, img, uu as i32, vv as i32),
                (Some(img), Some(st)) => sample_texel(mem, img, st, f32::from_bits(uu), f32::from_bits(vv)),
            };
            results.push((i, texel));
        }
        self.write_soa(cx, exec, channels, dst, &results)
    }

    /// The image behind a surface variable; `None` when no surface is bound at its index (the
    /// access is recorded as unbound and reads zero).
    fn image(&self, mem: &mut Memory, surface: SurfaceId) -> Result<Option<Image>, SimError> {
        let Space::Surface(bti) = self.space(surface)? else {
            return Err(SimError::NotModeled("sampler access of shared local memory".into()));
        };
        let Some((w, h, pitch)) = mem.surface_2d(bti) else {
            mem.read(Space::Surface(bti), 0, DW as usize);
            return Ok(None);
        };
        let format = mem.image_format(bti);
        Ok(Some(Image { bti, format, width: w / format.texel_bytes(), height: h, pitch }))
    }

    /// The sampler index a sampler variable holds.
    fn sampler_index(&self, s: SamplerId) -> Result<u32, SimError> {
        match self.samplers.get(usize::from(s.0)) {
            Some(Some(i)) => Ok(*i),
            Some(None) => Err(SimError::Undefined(format!("sampler S{} was never bound", s.0))),
            None => Err(SimError::Malformed(format!("undeclared sampler S{}", s.0))),
        }
    }

    /// Writes per-lane four-channel results SoA: the enabled channels, each a GRF-aligned block
    /// of exec-size dwords.
    fn write_soa(
        &mut self,
        cx: &Ctx,
        exec: Exec,
        ch: Channels,
        dst: Raw,
        results: &[(u32, ([u32; 4], bool))],
    ) -> Result<(), SimError> {
        let stride = (u32::from(exec.size) * DW).div_ceil(cx.grf) * cx.grf;
        let on = [ch.r, ch.g, ch.b, ch.a];
        for (k, c) in (0..4).filter(|&c| on[c]).enumerate() {
            for &(i, (vals, def)) in results {
                let b = Bytes { data: vals[c].to_le_bytes().to_vec(), defined: vec![def; DW as usize] };
                self.set_raw(cx, dst, k as u32 * stride + i * DW, &b)?;
            }
        }
        Ok(())
    }
}

/// `load` of the texel at (x, y): its channels, or zeros outside the image.
fn load_texel(mem: &mut Memory, img: &Image, x: i32, y: i32) -> ([u32; 4], bool) {
    if x < 0 || y < 0 || x as u32 >= img.width || y as u32 >= img.height {
        return ([0; 4], true);
    }
    let (bits, def) = img.texel(mem, x as u32, y as u32);
    (img.format.channels(bits), def)
}

/// `sample` at normalized (u, v) with the filter and address mode of `st`.
fn sample_texel(mem: &mut Memory, img: &Image, st: SamplerState, u: f32, v: f32) -> ([u32; 4], bool) {
    if img.width == 0 || img.height == 0 {
        return ([0; 4], true);
    }
    let (w, h) = (img.width, img.height);
    let mut fetch = |x: i64, y: i64| {
        let (bits, def) = img.texel(mem, st.address.apply(x, w), st.address.apply(y, h));
        (img.format.float_channels(bits), def)
    };
    match st.filter {
        Filter::Nearest => {
            let (x, y) = ((u * w as f32).floor() as i64, (v * h as f32).floor() as i64);
            let (c, def) = fetch(x, y);
            (c.map(f32::to_bits), def)
        }
        Filter::Linear => {
            let (x, y) = (u * w as f32 - 0.5, v * h as f32 - 0.5);
            let (x0, y0) = (x.floor(), y.floor());
            let (fx, fy) = (x - x0, y - y0);
            let (i, j) = (x0 as i64, y0 as i64);
            let corners = [
                (i, j, (1.0 - fx) * (1.0 - fy)),
                (i.saturating_add(1), j, fx * (1.0 - fy)),
                (i, j.saturating_add(1), (1.0 - fx) * fy),
                (i.saturating_add(1), j.saturating_add(1), fx * fy),
            ];
            let mut acc = [0f32; 4];
            let mut all_def = true;
            for (x, y, wgt) in corners {
                let (c, def) = fetch(x, y);
                all_def &= def;
                for (a, c) in acc.iter_mut().zip(c) {
                    *a += wgt * c;
                }
            }
            (acc.map(f32::to_bits), all_def)
        }
    }
}
