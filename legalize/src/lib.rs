//! Region legalization: what the hardware can encode on each platform, and how illegal region
//! accesses and wide operations are split into legal pieces.
//!
//! Modules: [`legal`] (legality rules and the legal piece size), [`collapse`] (combining nested
//! regions), [`split`] (subregions, split plans and the pass over the GenX IR), [`bale`] (which
//! instructions are split together) and [`interp`] (a reference interpreter of region semantics).
#![warn(missing_docs)]

pub mod bale;
pub mod collapse;
pub mod interp;
pub mod legal;
pub mod split;

pub use legal::{check, is_legal, is_legal_in, legal_size, Access, Illegal, Role};
pub use split::{legalize_function, plan_region, subregion, Piece, Stats};
