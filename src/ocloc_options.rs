//! The options users give ocloc for the Vector Compiler path (`ocloc compile ... -options "..."
//! -internal_options "..."`), taken as ocloc takes them: [`words`] splits an option string as a
//! shell would (single and double quotes group words), [`apply`] reads one option into
//! [`CompileOptions`]. `CompileOptions::parse` (and so the C ABI) accepts these options inline
//! and inside `-options "..."` / `-internal_options "..."`; the command line takes the same
//! strings with `--options` and `--internal-options`.
//!
//! API options: `-vc-codegen` (accepted: genxc is a Vector Compiler back end), `-ze-enable-zebin`
//! (accepted: zebin is the only device binary written), `-doubleGRF` (the 256-register file, for
//! the finalizer; PVC only), `-Xfinalizer <option>` (passed to the finalizer),
//! `-ffp-contract=fast|on|off` (which multiply-adds become one `mad`: `genxc_genx::lower::FpContract`),
//! `-disable-finalizer-msg` (accepted: the finalizer's messages are never printed),
//! `-stateless-stack-mem-size=<bytes>` (handled by `CompileOptions::parse`).
//! `-g` / `-ze-kernel-debug-enable` (source lines into the vISA and the zebin's `.debug_line`).
//! Internal options: `-ze-exp-register-file-size=<128|256>`, `-vc-use-bindless-buffers` (buffer
//! arguments as bindless surface-state offsets, `CompileOptions::bindless_buffers`); anything
//! else stays an unknown option for the caller to report.

use crate::api::CompileOptions;
use genxc_diag::Diagnostic;
use genxc_genx::lower::FpContract;
use genxc_genx::Platform;

/// Splits an option string into words: white space separates, `'...'` and `"..."` group (the
/// quotes are dropped), a backslash inside double quotes escapes the next character. An unclosed
/// quote is an error.
pub fn words(text: &str) -> Result<Vec<String>, Diagnostic> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' | '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' => word.extend(chars.next()),
                        Some(ch) => word.push(ch),
                        None => {
                            return Err(Diagnostic::error(format!("unclosed {c} in the options '{text}'")))
                        }
                    }
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        out.push(word);
    }
    Ok(out)
}

/// Reads ocloc option `word` (its `-` or `--` prefix still on) into `opts`, taking its value from
/// `rest` when it has one. `None` when the word is not an ocloc option genxc knows.
pub fn apply(
    opts: &mut CompileOptions,
    word: &str,
    rest: &mut dyn Iterator<Item = String>,
) -> Option<Result<(), Diagnostic>> {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    let result = match name {
        "vc-codegen" | "ze-enable-zebin" | "disable-finalizer-msg" => Ok(()),
        "doubleGRF" => {
            opts.large_grf = true;
            Ok(())
        }
        "ffp-contract=fast" => {
            opts.fp_contract = FpContract::Fast;
            Ok(())
        }
        "ffp-contract=on" => {
            opts.fp_contract = FpContract::On;
            Ok(())
        }
        "ffp-contract=off" => {
            opts.fp_contract = FpContract::Off;
            Ok(())
        }
        "g" | "ze-kernel-debug-enable" => {
            opts.debug_lines = true;
            Ok(())
        }
        "vc-use-bindless-buffers" => {
            opts.bindless_buffers = true;
            Ok(())
        }
        "Xfinalizer" => match rest.next() {
            Some(value) => words(&value).map(|w| opts.finalizer_options.extend(w)),
            None => Err(Diagnostic::error(format!("option '{word}' needs a value"))),
        },
        n if n.starts_with("ze-exp-register-file-size=") => match &n["ze-exp-register-file-size=".len()..] {
            "128" => {
                opts.large_grf = false;
                Ok(())
            }
            "256" => {
                opts.large_grf = true;
                Ok(())
            }
            v => Err(Diagnostic::error(format!("option '{word}' needs 128 or 256, found '{v}'"))),
        },
        n if n.starts_with("ffp-contract=") => {
            Err(Diagnostic::error(format!("option '{word}' needs fast, on or off")))
        }
        _ => return None,
    };
    Some(result)
}

/// Checks the options that depend on the platform: the large register file is PVC's. (GenX_IR
/// takes `-TotalGRFNum 256` for any platform, and Intel's ocloc writes `grf_count: 256` for TGLLP
/// and DG2 too, but only Xe-HPC threads have 256 registers: code using r128 and up does not run
/// on the others.)
pub fn check(opts: &CompileOptions) -> Result<(), Diagnostic> {
    if opts.large_grf && opts.platform != Platform::Pvc {
        return Err(Diagnostic::error(genxc_diag::not_available(format!(
            "the 256-register file (-doubleGRF, -ze-exp-register-file-size=256) is not available on {}: its threads have 128 registers (the 256-register mode is PVC's)",
            opts.platform.info().name
        ))));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_words() {
        assert_eq!(words("  a 'b c'  \"d \\\"e\\\"\" f'g h' ").unwrap(), ["a", "b c", "d \"e\"", "fg h"]);
        assert_eq!(words("").unwrap(), Vec::<String>::new());
        assert_eq!(words("''").unwrap(), [""]);
        assert!(words("-Xfinalizer '-noschedule").unwrap_err().to_string().contains("unclosed '"));
    }
}
