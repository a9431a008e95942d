//! How the sampler sees memory: the texel format of a surface's 2D view ([`ImageFormat`]) and
//! the state of a sampler index ([`SamplerState`]: filter and address mode), both held by
//! [`crate::memory::Memory`] beside the buffers. A surface without a format is `R32_FLOAT`; a
//! sampler index without a state filters to the nearest texel and clamps at the edges.
//!
//! Texels convert to four float (or, for integer formats, 32-bit integer) channels: a channel the
//! format lacks reads 0 for G and B and 1 for A; UNORM8 channels read `x / 255`.

/// The texel format of an image (a surface's 2D view as the sampler reads it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    /// One 32-bit float channel (R).
    #[default]
    R32Float,
    /// One 32-bit unsigned integer channel (R).
    R32Uint,
    /// Four 8-bit unsigned normalized channels, R in the lowest byte.
    Rgba8Unorm,
}

impl ImageFormat {
    /// Bytes of one texel.
    pub fn texel_bytes(self) -> u32 {
        4
    }

    /// Whether the channels are integers (returned as raw 32-bit values, never filtered).
    pub fn is_integer(self) -> bool {
        self == ImageFormat::R32Uint
    }

    /// The four channels (R, G, B, A) of a texel stored as the little-endian `bits`, each as the
    /// 32-bit value the sampler returns: float bits, or the integer itself for integer formats.
    pub fn channels(self, bits: u32) -> [u32; 4] {
        let one = 1.0f32.to_bits();
        match self {
            ImageFormat::R32Float => [bits, 0, 0, one],
            ImageFormat::R32Uint => [bits, 0, 0, 1],
            ImageFormat::Rgba8Unorm => {
                let c = |k: u32| (((bits >> (8 * k)) & 0xff) as f32 / 255.0).to_bits();
                [c(0), c(1), c(2), c(3)]
            }
        }
    }

    /// The channels of a texel as floats (for filtering; integer formats are not filtered).
    pub fn float_channels(self, bits: u32) -> [f32; 4] {
        self.channels(bits).map(f32::from_bits)
    }
}

/// How `sample` picks texels around a coordinate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Filter {
    /// The texel containing the coordinate.
    #[default]
    Nearest,
    /// Bilinear blend of the four texels whose centres surround the coordinate.
    Linear,
}

/// What a texel index outside the image addresses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AddressMode {
    /// The nearest edge texel.
    #[default]
    Clamp,
    /// The image repeats: the index modulo the size.
    Wrap,
}

impl AddressMode {
    /// The texel index `i` maps to in an image `size` texels wide (`size` > 0).
    pub fn apply(self, i: i64, size: u32) -> u32 {
        let n = i64::from(size);
        match self {
            AddressMode::Clamp => i.clamp(0, n - 1) as u32,
            AddressMode::Wrap => i.rem_euclid(n) as u32,
        }
    }
}

/// The state of one sampler index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SamplerState {
    /// Filter.
    pub filter: Filter,
    /// Address mode in both directions.
    pub address: AddressMode,
}
