//! Region legalization: what the hardware can encode on each platform, and how illegal region
//! accesses and wide operations are split into legal pieces.
#![warn(missing_docs)]
