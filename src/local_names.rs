//! Whether a compile keeps the names of LLVM's local values (instructions, arguments, basic
//! blocks). Reading them costs: LLVM's bitcode reader gives every local value its name in its
//! function's symbol table, and the import copies each into the GenX IR, where vISA variables and
//! labels are named after them. Only some outputs show them: vISA text, the `.isa` container (its
//! string pool holds the variable and label names), legalized IR, `--emit llvm`, `-g` (which finds
//! source lines by the names of the text's values), and the MLIR and SPIR-V routes (whose
//! diagnostics are placed through the translated module's names). A zebin's Gen code, kernels.json
//! and `--stats` (counts) do not depend on them: a compile of only those kinds runs its LLVM
//! contexts with local names discarded, as Clang's release builds do.
//!
//! Diagnostics name local values too (`%x`, an instruction's label): a compile without names that
//! gives any error or warning is run again with names ([`crate::driver`]), so the messages are the
//! ones a compile with names gives.

use crate::api::{CompileOptions, Emit, Input};

/// Whether the LLVM contexts of one input's compile keep the names of local values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LocalNames {
    /// Names read and kept: some output, or the route the input takes, shows them.
    Keep,
    /// Names discarded: no output shows them (a diagnostic makes the driver compile again with
    /// them).
    Discard,
}

impl LocalNames {
    /// What the compile of `input` with `opts` needs: names are discarded only for LLVM IR
    /// (`.ll` text or bitcode) compiled to kinds that do not show them (zebin, kernels.json; an
    /// empty set, which only checks, shows nothing but diagnostics).
    pub(crate) fn of_compile(input: &Input, opts: &CompileOptions) -> LocalNames {
        let shows_names = [Emit::Visaasm, Emit::Isa, Emit::Llvm, Emit::Legalized];
        let llvm_ir = !input.name.ends_with(".mlir") && !crate::driver::is_spirv(input);
        if llvm_ir && !opts.debug_lines && !shows_names.iter().any(|&k| opts.emit.contains(k)) {
            LocalNames::Discard
        } else {
            LocalNames::Keep
        }
    }

    /// Makes `ctx` keep or discard local names as this says (a context is reused across compiles).
    pub(crate) fn apply(self, ctx: &inkwell::context::Context) {
        genxc_frontend::llvm::set_local_names(ctx, self == LocalNames::Keep);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::EmitSet;

    fn of(name: &str, emit: &[Emit], debug_lines: bool, stats: bool) -> LocalNames {
        let input = Input { name: name.into(), bytes: b"; text".to_vec() };
        let opts =
            CompileOptions { emit: EmitSet::of(emit), debug_lines, stats, ..CompileOptions::default() };
        LocalNames::of_compile(&input, &opts)
    }

    #[test]
    fn names_are_kept_exactly_where_an_output_shows_them() {
        use LocalNames::{Discard, Keep};
        for name in ["k.ll", "k.bc"] {
            assert_eq!(of(name, &[Emit::Zebin], false, false), Discard);
            assert_eq!(of(name, &[Emit::Zebin, Emit::Metadata], false, true), Discard);
            assert_eq!(of(name, &[Emit::Metadata], false, false), Discard);
            assert_eq!(of(name, &[], false, false), Discard);
            for shown in [Emit::Visaasm, Emit::Isa, Emit::Llvm, Emit::Legalized] {
                assert_eq!(of(name, &[Emit::Zebin, shown], false, false), Keep, "{shown:?}");
            }
            assert_eq!(of(name, &[Emit::Zebin], true, false), Keep, "-g");
        }
        assert_eq!(of("k.mlir", &[Emit::Zebin], false, false), Keep);
        assert_eq!(of("k.spv", &[Emit::Zebin], false, false), Keep);
    }
}
