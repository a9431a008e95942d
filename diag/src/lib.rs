//! Diagnostics shared by every genxc crate.
//!
//! A pass never prints: it returns [`Diagnostic`]s, and only the driver decides how to show them and
//! which exit code follows. A diagnostic points at a source position (`file:line:col`) when the input
//! has one, otherwise at the function and instruction of the GenX IR or LLVM module it concerns.

use std::fmt;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Compilation cannot produce output.
    Error,
    /// Output is produced, but something deserves attention.
    Warning,
    /// Extra information attached to another diagnostic.
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

/// Where a diagnostic points.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Location {
    /// No particular place (a whole-module or usage problem).
    #[default]
    None,
    /// A position in a source file; line and column count from 1.
    Source {
        /// File name as the user gave it.
        file: String,
        /// Line number, from 1.
        line: u32,
        /// Column number, from 1.
        col: u32,
    },
    /// A function, and optionally one of its instructions, of the module being compiled.
    Ir {
        /// Function name without the `@`.
        function: String,
        /// The instruction, printed as a name (`%x`) or a short text.
        inst: Option<String>,
    },
    /// A module-level symbol that is not a function body (a global variable, a declaration).
    Symbol(String),
}

/// One message from the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// Where it points.
    pub location: Location,
    /// The message, lower case, no trailing period.
    pub message: String,
    /// Further lines printed as `note: ...` after the message.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error without a location.
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            location: Location::None,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// A warning without a location.
    pub fn warning(message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(message) }
    }

    /// An error at a source position.
    pub fn at_source(file: impl Into<String>, line: u32, col: u32, message: impl Into<String>) -> Self {
        Diagnostic::error(message).with_location(Location::Source { file: file.into(), line, col })
    }

    /// An error about a function and, optionally, one of its instructions.
    pub fn in_function(
        function: impl Into<String>,
        inst: Option<String>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic::error(message).with_location(Location::Ir { function: function.into(), inst })
    }

    /// The same diagnostic pointing elsewhere.
    pub fn with_location(mut self, location: Location) -> Self {
        self.location = location;
        self
    }

    /// The same diagnostic with one more note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Whether this diagnostic stops compilation.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Location::None => write!(f, "{}: {}", self.severity, self.message)?,
            Location::Source { file, line, col } => {
                write!(f, "{file}:{line}:{col}: {}: {}", self.severity, self.message)?
            }
            Location::Ir { function, inst: None } => {
                write!(f, "{}: in function @{function}: {}", self.severity, self.message)?
            }
            Location::Ir { function, inst: Some(inst) } => write!(
                f,
                "{}: in function @{function}, {}: {}",
                self.severity,
                inst_phrase(inst),
                self.message
            )?,
            Location::Symbol(name) => write!(f, "{}: @{name}: {}", self.severity, self.message)?,
        }
        for note in &self.notes {
            write!(f, "\nnote: {note}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Whether any diagnostic of the list is an error.
pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(Diagnostic::is_error)
}

/// How a diagnostic names an instruction: `instruction %x`, or a label that says what it is
/// (`call to @llvm.genx.oword.st`) as it stands.
pub fn inst_phrase(inst: &str) -> String {
    if inst.starts_with("call to ") {
        inst.to_string()
    } else {
        format!("instruction {inst}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_each_location_kind() {
        assert_eq!(Diagnostic::error("bad").to_string(), "error: bad");
        assert_eq!(Diagnostic::at_source("k.ll", 3, 7, "bad").to_string(), "k.ll:3:7: error: bad");
        assert_eq!(
            Diagnostic::in_function("f", Some("%x".into()), "bad").to_string(),
            "error: in function @f, instruction %x: bad"
        );
        let d = Diagnostic::in_function("f", None, "bad").with_note("why");
        assert_eq!(d.to_string(), "error: in function @f: bad\nnote: why");
        assert!(has_errors(&[Diagnostic::warning("w"), d]));
        assert!(!has_errors(&[Diagnostic::warning("w")]));
    }
}
