//! Whether a compile keeps the names of LLVM's local values (instructions, arguments, basic
//! blocks). Reading them costs: LLVM's bitcode reader gives every local value its name in its
//! function's symbol table, and the import copies each into the GenX IR, where vISA variables and
//! labels are named after them. Only some outputs show them: vISA text, the `.isa` container (its
//! string pool holds the variable and label names), legalized IR, `--emit llvm`, `-g` (which finds
//! source lines by the names of the text's values), and the MLIR and SPIR-V routes (whose
//! diagnostics are placed through the translated module's names). A zebin's Gen code, kernels.json
//! and `--stats` (counts) do not depend on them: a compile of bitcode to only those kinds runs its
//! LLVM contexts with local names discarded, as Clang's release builds do. `.ll` text keeps them:
//! LLVM's text parser finds values by their names and refuses a context that discards them.
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
    /// What the compile of `input` with `opts` needs: names are discarded only for LLVM bitcode
    /// compiled to kinds that do not show them (zebin, kernels.json; an empty set, which only
    /// checks, shows nothing but diagnostics).
    pub(crate) fn of_compile(input: &Input, opts: &CompileOptions) -> LocalNames {
        let shows_names = [Emit::Visaasm, Emit::Isa, Emit::Llvm, Emit::Legalized];
        let bitcode = genxc_frontend::llvm::is_bitcode(&input.bytes)
            && !input.name.ends_with(".mlir")
            && !crate::driver::is_spirv(input);
        if bitcode && !opts.debug_lines && !shows_names.iter().any(|&k| opts.emit.contains(k)) {
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
        // every input but the text one (`k.ll`) has bitcode bytes
        let bytes = if name == "k.ll" { b"; text".to_vec() } else { b"BC\xC0\xDE".to_vec() };
        let input = Input { name: name.into(), bytes };
        let opts =
            CompileOptions { emit: EmitSet::of(emit), debug_lines, stats, ..CompileOptions::default() };
        LocalNames::of_compile(&input, &opts)
    }

    #[test]
    fn names_are_discarded_only_from_bitcode_no_output_shows_them_of() {
        use LocalNames::{Discard, Keep};
        assert_eq!(of("k.bc", &[Emit::Zebin], false, false), Discard);
        assert_eq!(of("k.bc", &[Emit::Zebin, Emit::Metadata], false, true), Discard);
        assert_eq!(of("k.bc", &[Emit::Metadata], false, false), Discard);
        assert_eq!(of("k.bc", &[], false, false), Discard);
        for shown in [Emit::Visaasm, Emit::Isa, Emit::Llvm, Emit::Legalized] {
            assert_eq!(of("k.bc", &[Emit::Zebin, shown], false, false), Keep, "{shown:?}");
        }
        assert_eq!(of("k.bc", &[Emit::Zebin], true, false), Keep, "-g");
        // text, and bitcode bytes named as another kind of input
        for name in ["k.ll", "k.mlir", "k.spv"] {
            assert_eq!(of(name, &[Emit::Zebin], false, false), Keep, "{name}");
        }
    }
}

#[cfg(test)]
mod compile_tests {
    use super::*;
    use crate::api::EmitSet;
    use crate::driver::{compile_input, compile_input_with};
    use crate::timing::PassTimes;
    use genxc_genx::Platform;

    /// Two kernels, each with a value named `distinctive_*`.
    const TWO_KERNELS: &str = "target triple = \"genx64-unknown-unknown\"\n\
declare i32 @llvm.genx.group.id.x()\n\
declare <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32, i32, i32)\n\
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)\n\
define dllexport spir_kernel void @first(i32 %buf) #0 {\nentry:\n  %g = call i32 @llvm.genx.group.id.x()\n  %distinctive_byte = mul i32 %g, 36\n  %v = call <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %buf, i32 %distinctive_byte)\n  %w = add <8 x i32> %v, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>\n  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %g, <8 x i32> %w)\n  ret void\n}\n\
define dllexport spir_kernel void @second(i32 %buf, i32 %distinctive_offset) #0 {\nentry:\n  %g = call i32 @llvm.genx.group.id.x()\n  %o = add i32 %g, %distinctive_offset\n  %v = call <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %buf, i32 %o)\n  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %o, <8 x i32> %v)\n  ret void\n}\n\
attributes #0 = { noinline nounwind \"CMGenxMain\" }\n";

    /// The bitcode of `.ll` text, as an input named `name`.
    fn bitcode(name: &str, text: &str) -> Input {
        let ctx = inkwell::context::Context::create();
        let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), name);
        let module = ctx.create_module_from_ir(buf).unwrap();
        Input { name: name.into(), bytes: module.write_bitcode_to_memory().as_slice().to_vec() }
    }

    fn fixture(path: &str) -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        std::fs::read_to_string(root.join(path)).unwrap()
    }

    fn options(platform: Platform, emit: &[Emit], jobs: usize) -> CompileOptions {
        CompileOptions { platform, emit: EmitSet::of(emit), jobs, ..CompileOptions::default() }
    }

    fn texts(ds: &[genxc_diag::Diagnostic]) -> Vec<String> {
        ds.iter().map(|d| d.to_string()).collect()
    }

    /// Forced to discard names, the whole-module (one thread) and split (two) paths of bitcode
    /// name no vISA variable after an LLVM value: their LLVM contexts read no local name.
    #[test]
    fn bitcode_compiled_without_names_reads_none() {
        let input = bitcode("two.bc", TWO_KERNELS);
        for jobs in [1, 2] {
            let opts = options(Platform::Tgllp, &[Emit::Visaasm], jobs);
            for names in [LocalNames::Keep, LocalNames::Discard] {
                let out = compile_input_with(&input, &opts, &mut PassTimes::new(), None, names).unwrap();
                let text: String =
                    out.outputs.iter().map(|o| String::from_utf8_lossy(&o.bytes).into_owned()).collect();
                assert!(text.contains(".kernel \"second\""), "{text}");
                for name in ["distinctive_byte", "distinctive_offset"] {
                    assert_eq!(text.contains(name), names == LocalNames::Keep, "{name} -j{jobs} {names:?}");
                }
            }
        }
    }

    /// An error of a zebin-only compile of bitcode names the instruction as a compile with names
    /// does: without names it could not (the compile runs again with them).
    #[test]
    fn an_error_of_a_compile_without_names_names_the_value() {
        let input = bitcode("int64_double.bc", &fixture("kernels/int64_double.ll"));
        for jobs in [1, 2] {
            let opts = options(Platform::Dg2, &[Emit::Zebin], jobs);
            assert_eq!(LocalNames::of_compile(&input, &opts), LocalNames::Discard);
            let run =
                |names| compile_input_with(&input, &opts, &mut PassTimes::new(), None, names).unwrap_err();
            let named = texts(&run(LocalNames::Keep));
            assert!(named.iter().any(|d| d.contains("instruction %sd: double precision")), "{named:?}");
            let nameless = texts(&run(LocalNames::Discard));
            assert!(!nameless.iter().any(|d| d.contains("%sd")), "{nameless:?}");
            let given = compile_input(&input, &opts, &mut PassTimes::new(), None).unwrap_err();
            assert_eq!(texts(&given), named, "-j{jobs}");
        }
    }

    /// The import's warnings (which name values) of a compile that discards names are the ones
    /// with names, with the outputs of a compile with names.
    #[test]
    fn a_warning_of_a_compile_without_names_names_the_value() {
        let input = bitcode("region_past_end.bc", &fixture("kernels/region_past_end.ll"));
        for jobs in [1, 2] {
            let opts = options(Platform::Tgllp, &[Emit::Metadata], jobs);
            assert_eq!(LocalNames::of_compile(&input, &opts), LocalNames::Discard);
            let named =
                compile_input_with(&input, &opts, &mut PassTimes::new(), None, LocalNames::Keep).unwrap();
            assert!(
                texts(&named.warnings).iter().any(|w| w.contains("instruction %blk")),
                "{:?}",
                named.warnings
            );
            let nameless =
                compile_input_with(&input, &opts, &mut PassTimes::new(), None, LocalNames::Discard);
            assert!(nameless.is_err(), "the warnings come back as the error that runs the compile again");
            let given = compile_input(&input, &opts, &mut PassTimes::new(), None).unwrap();
            assert_eq!(texts(&given.warnings), texts(&named.warnings), "-j{jobs}");
            assert_eq!(given.abi.len(), named.abi.len());
        }
    }
}
