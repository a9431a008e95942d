//! Predefined-variable globals (`@llvm.vc.predef.var.*`, attribute `"VCPredefinedVariable"`): Intel's
//! Vector Compiler names vISA predefined variables by such globals and reaches them with
//! `llvm.vc.internal.read.variable.region` / `write.variable.region`. The ones its front ends
//! write, the implicit-argument buffer pointer (`%impl_arg_buf_ptr`) and the local-id buffer
//! pointer (`%local_id_buf_ptr`), are set by Intel's runtime for its own implicit-argument ABI,
//! which genxc's kernels do not use (their implicit arguments are kernel inputs). Each use
//! of such a global is refused at the global, naming the vISA variable; the vISA variables genxc
//! does model are reached with `llvm.genx.read.predef.reg` / `write.predef.reg` (isel).

use super::super::raw::{ModuleRef, Val};
use genxc_diag::{unsupported, Diagnostic, Location};

/// The prefix of the globals that name vISA predefined variables.
const PREFIX: &str = "llvm.vc.predef.var.";

/// The vISA predefined variable a `@llvm.vc.predef.var.<name>` global names, and what it is.
fn visa_variable(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "impl.args.buf" => Some(("%impl_arg_buf_ptr", "the implicit-argument buffer of Intel's runtime")),
        "loc.id.buf" => Some(("%local_id_buf_ptr", "the local-id buffer of Intel's runtime")),
        _ => None,
    }
}

/// Whether `g` is a predefined-variable global.
fn is_predefined(g: Val) -> bool {
    g.name().starts_with(PREFIX)
}

/// Refuses every predefined-variable global of `m` that something uses, located at the global.
pub fn check_predefined_vars(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let diags: Vec<Diagnostic> = m
        .globals()
        .into_iter()
        .filter(|&g| is_predefined(g) && !g.users().is_empty())
        .map(|g| {
            let name = g.name();
            let short = &name[PREFIX.len()..];
            let why = match visa_variable(short) {
                Some((var, what)) => format!(
                    "@{name} is the vISA predefined variable {var} ({what}), set for Intel's implicit-argument ABI, which genxc's kernels do not use: not modeled"
                ),
                None => format!("@{name}: an unknown vISA predefined variable ({short})"),
            };
            Diagnostic::error(unsupported(why)).with_location(Location::Symbol(name))
        })
        .collect();
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}
