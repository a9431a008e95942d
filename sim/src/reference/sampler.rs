//! The sampler intrinsics of the GenX IR as the reference interprets them. `llvm.genx.load` reads
//! unfiltered texels at integer coordinates from the surface's 2D view, in the texel format
//! [`Memory::image_format`] gives the surface: the texel at (u, v) of each lane, its enabled
//! channels (R, G, B, A order) one after another in the result, each a run of one element per
//! lane (SoA). A coordinate outside the image reads zero in every channel; a non-zero r (3D and
//! array images) is not modeled. The filtered reads (`llvm.genx.sample`, `llvm.genx.sample.unorm`)
//! need the texture unit's filtering and are not modeled.

use super::messages::{arg, lane_val, read_bytes};
use super::thread::scalar;
use super::Bits;
use crate::error::SimError;
use crate::memory::{Memory, Space};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::Type;

type R<T> = Result<T, SimError>;

/// Evaluates `id` if it is a sampler intrinsic (`None` otherwise).
pub(super) fn eval(id: IntrinsicId, args: &[Bits], ty: Type, mem: &mut Memory) -> Option<R<Bits>> {
    match id {
        IntrinsicId::Load => Some(load(args, ty, mem)),
        IntrinsicId::Sample | IntrinsicId::SampleUnorm => Some(Err(SimError::NotModeled(format!(
            "{}: filtering through a sampler state (a texture unit)",
            id.name()
        )))),
        _ => None,
    }
}

/// `llvm.genx.load` (channel mask, surface, u, v, r).
fn load(args: &[Bits], ty: Type, mem: &mut Memory) -> R<Bits> {
    let id = IntrinsicId::Load;
    let mask = scalar(arg(args, 0, id)?, "channel mask")?;
    let channels: Vec<usize> = (0..4).filter(|c| mask >> c & 1 == 1).collect();
    if channels.is_empty() || mask > 15 {
        return Err(SimError::Malformed(format!("{}: channel mask {mask}", id.name())));
    }
    let bti = match super::messages::space_of(arg(args, 1, id)?)? {
        Space::Surface(b) => b,
        _ => return Err(SimError::NotModeled("a sampler load from shared local memory".into())),
    };
    let (us, vs, rs) = (arg(args, 2, id)?, arg(args, 3, id)?, arg(args, 4, id)?);
    let lanes = us.len();
    if ty.num_elems() as usize != lanes * channels.len() {
        return Err(SimError::Malformed(format!(
            "{}: a result of {} elements for {lanes} lanes of {} channels",
            id.name(),
            ty.num_elems(),
            channels.len()
        )));
    }
    let format = mem.image_format(bti);
    let tb = format.texel_bytes();
    let view = mem.surface_2d(bti);
    let mut texels = Vec::with_capacity(lanes);
    for i in 0..lanes {
        let (u, v) = (
            lane_val(us, i, "a u coordinate")? as u32 as i32,
            lane_val(vs, i, "a v coordinate")? as u32 as i32,
        );
        if lane_val(rs, i, "an r coordinate")? as u32 != 0 {
            return Err(SimError::NotModeled("sampler loads with a non-zero r coordinate".into()));
        }
        let Some((w, h, pitch)) = view else {
            // an unbound surface: the access is recorded and reads zero
            read_bytes(mem, Space::Surface(bti), 0, 4);
            texels.push(Some([0; 4]));
            continue;
        };
        if u < 0 || v < 0 || u as u32 >= w / tb || v as u32 >= h {
            texels.push(Some([0; 4]));
            continue;
        }
        let at = u64::from(v as u32) * u64::from(pitch) + u64::from(u as u32) * u64::from(tb);
        let bytes = read_bytes(mem, Space::Surface(bti), at, tb as usize);
        let bits: Option<Vec<u8>> = bytes.into_iter().collect();
        texels.push(
            bits.map(|b| format.channels(b.iter().rev().fold(0u32, |acc, &x| acc << 8 | u32::from(x)))),
        );
    }
    let mut out = Vec::with_capacity(lanes * channels.len());
    for &c in &channels {
        out.extend(texels.iter().map(|t| t.map(|t| u64::from(t[c]))));
    }
    Ok(out)
}
