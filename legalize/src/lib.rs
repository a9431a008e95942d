//! Region legalization: what the hardware can encode on each platform, and how illegal region
//! accesses and wide operations are split into legal pieces.
//!
//! Modules: [`legal`] (legality rules and the legal piece size), [`collapse`] (combining nested
//! regions), [`pieces`] (reads of split pieces from the writes that made them), [`retype`] (moves
//! on other element types), [`bitwise`] (byte and word logic on dwords), [`split`] (subregions,
//! split plans and the pass over the GenX IR), [`group`] (which instructions are split together),
//! [`index_align`] (the known low bits of a variable index), [`outline`] (long divisions shared
//! as one subroutine), [`interp`] (a reference interpreter of region semantics) and
//! [`inline_vec`] (short lists without an allocation).
//!
//! # Property-testing a legalizer
//!
//! The pieces an engineer uses to property-test a region legalizer (genxc's or another one) are
//! public: the legality rules ([`legal::check`], [`legal::check_at`], the table [`legal::RULES`]
//! with each violation's [`legal::Illegal::rule`]), the greedy piece rule ([`legal::legal_size`],
//! [`legal::source_piece_size`], and [`plan_region`] which cuts a lone region with them) and the
//! reference interpreter ([`interp::run`], [`interp::read_region`], [`interp::write_region`]).
//! With the cargo feature `proptest`, the module `testing` adds proptest strategies (regions,
//! masks, indices, bales, platforms) and an oracle (`all_legal`, `same_semantics`) built on them;
//! its doctest property-tests [`run`] through that surface only.

pub mod bitwise;
pub mod collapse;
pub mod group;
pub mod index_align;
pub mod inline_vec;
pub mod interp;
pub mod legal;
pub mod live;
pub mod outline;
pub mod pieces;
pub mod retype;
pub mod split;
#[cfg(feature = "proptest")]
pub mod testing;

pub use legal::{check, is_legal, is_legal_in, legal_size, Access, Illegal, Role};
pub use split::{legalize_function, plan_region, subregion, Piece, Stats};

use genxc_genx::{Diagnostic, Function, Platform};

/// The whole pass as instruction selection and `--emit legalized` see it, on a function whose
/// element operations are already lowered to regions: drop region writes later writes cover,
/// collapse nested regions, do bitwise
/// operations on bytes and words as dwords, move bytes (and
/// 64-bit values where the platform has no 64-bit integer ALU) as wider or narrower elements, split
/// what is not
/// legal on `platform`, read the split pieces straight from their writes, then collapse the nested
/// reads splitting left where that stays legal.
/// With direct regions the result is a fixed point: running the pass again changes nothing.
pub fn run(f: &mut Function, platform: Platform) -> Result<Stats, Diagnostic> {
    let live = live::analyze(f);
    let removed = live::remove_dead_writes_with(f, &live);
    if removed > 0 {
        collapse::remove_unused_reads(f);
    }
    let collapsed = collapse::collapse_function(f);
    let widened = bitwise::retype_bitwise(f, platform.info().has_int64);
    let retypable = retype::has_candidates(f, platform);
    let retyped = if retypable { retype::retype_moves(f, platform) } else { 0 };
    // the live elements stay those of `f` when none of the passes above changed it
    let unchanged = removed == 0 && collapsed == 0 && widened == 0 && retyped == 0;
    let mut stats = split::legalize_function_with(f, platform, unchanged.then_some(live))?;
    pieces::rewrite_piece_reads(f);
    collapse::collapse_legal(f, platform);
    // pieces of moves that could not be retyped whole may be retypable on their own
    if retypable && retype::retype_moves(f, platform) > 0 {
        let more = split::legalize_function(f, platform)?;
        stats.groups += more.groups;
        stats.groups_split += more.groups_split;
        stats.pieces += more.pieces;
        pieces::rewrite_piece_reads(f);
        collapse::collapse_legal(f, platform);
    }
    Ok(stats)
}
