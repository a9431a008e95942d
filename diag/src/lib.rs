//! Diagnostics shared by every genxc crate.
//!
//! A pass never prints: it returns [`Diagnostic`]s, and only the driver decides how to show them and
//! which exit code follows. A diagnostic points at a source position (`file:line:col`) when the input
//! has one, otherwise at the function and instruction of the GenX IR or LLVM module it concerns.
//!
//! Every diagnostic has a [`Kind`]: the input is invalid, uses something genxc does not implement,
//! asks for something the target platform lacks, or met a bug of the compiler. Passes that fail
//! return a [`Failure`] (a kind and a message) where they have no location yet; the kind decides
//! the words printed before the message (`unsupported: `, `internal error: `), so no code needs to
//! read them back out of the text.

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

/// What kind of problem a diagnostic reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The input is wrong: malformed, inconsistent, or outside what the GenX backend accepts.
    #[default]
    Invalid,
    /// A valid construct genxc does not implement; printed as `unsupported: <what>`.
    Unsupported,
    /// Something the target platform lacks (`<what> is not available on <platform>`).
    NotAvailable,
    /// A bug of the compiler; printed as `internal error: <what>`.
    Internal,
}

impl Kind {
    /// The words printed before a message of this kind: `unsupported: `, `internal error: ` or
    /// nothing.
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::Unsupported => "unsupported: ",
            Kind::Internal => "internal error: ",
            Kind::Invalid | Kind::NotAvailable => "",
        }
    }

    /// A short lower-case name: `invalid`, `unsupported`, `not-available` or `internal`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Invalid => "invalid",
            Kind::Unsupported => "unsupported",
            Kind::NotAvailable => "not-available",
            Kind::Internal => "internal",
        }
    }
}

/// Why a pass stopped, before the driver knows where: a kind and the message without its kind's
/// prefix. A plain string converts into an [`Kind::Invalid`] failure.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Failure {
    /// What kind of problem it is.
    pub kind: Kind,
    /// The message, lower case, no trailing period, without the kind's prefix.
    pub message: String,
}

impl Failure {
    /// A failure of the given kind.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Failure { kind, message: message.into() }
    }
}

/// The input is wrong (`message` is the whole text).
pub fn invalid(message: impl Into<String>) -> Failure {
    Failure::new(Kind::Invalid, message)
}

/// A valid construct genxc does not implement: printed as `unsupported: <what>`.
pub fn unsupported(what: impl Into<String>) -> Failure {
    Failure::new(Kind::Unsupported, what)
}

/// Something the platform lacks; `sentence` is the whole text, such as
/// `llvm.genx.ieee.div is not available on skl`.
pub fn not_available(sentence: impl Into<String>) -> Failure {
    Failure::new(Kind::NotAvailable, sentence)
}

/// A bug of the compiler: printed as `internal error: <what>`.
pub fn internal(what: impl Into<String>) -> Failure {
    Failure::new(Kind::Internal, what)
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        invalid(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        invalid(message)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind.prefix(), self.message)
    }
}

impl std::error::Error for Failure {}

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
    /// The `genx.kernels` metadata: the node of the named kernel, or the list itself when no
    /// kernel can be named. Printed like [`Location::None`] until the driver finds the node in the
    /// source.
    KernelMetadata(Option<String>),
}

impl Location {
    /// What an IR or symbol location names, as printed before the message: `in function @f`,
    /// `in function @f, instruction %x` or `@name`; `None` for the other locations.
    pub fn subject(&self) -> Option<String> {
        match self {
            Location::Ir { function, inst: None } => Some(format!("in function @{function}")),
            Location::Ir { function, inst: Some(inst) } => {
                Some(format!("in function @{function}, {}", inst_phrase(inst)))
            }
            Location::Symbol(name) => Some(format!("@{name}")),
            Location::None | Location::Source { .. } | Location::KernelMetadata(_) => None,
        }
    }
}

/// One message from the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// What kind of problem it is; its prefix is printed before the message.
    pub kind: Kind,
    /// Where it points.
    pub location: Location,
    /// What the message is about when the location does not say it (a source position found for
    /// an instruction keeps `in function @f, instruction %x` here); printed before the kind's
    /// prefix. (Boxed: a diagnostic is returned in many `Result`s and rarely has one.)
    pub context: Option<Box<str>>,
    /// The message, lower case, no trailing period, without the kind's prefix.
    pub message: String,
    /// Further lines printed as `note: ...` after the message.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error without a location; a plain string is an [`Kind::Invalid`] one.
    pub fn error(message: impl Into<Failure>) -> Self {
        let Failure { kind, message } = message.into();
        Diagnostic {
            severity: Severity::Error,
            kind,
            location: Location::None,
            context: None,
            message,
            notes: Vec::new(),
        }
    }

    /// A warning without a location.
    pub fn warning(message: impl Into<Failure>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(message) }
    }

    /// An error at a source position.
    pub fn at_source(file: impl Into<String>, line: u32, col: u32, message: impl Into<Failure>) -> Self {
        Diagnostic::error(message).with_location(Location::Source { file: file.into(), line, col })
    }

    /// An error about a function and, optionally, one of its instructions.
    pub fn in_function(
        function: impl Into<String>,
        inst: Option<String>,
        message: impl Into<Failure>,
    ) -> Self {
        Diagnostic::error(message).with_location(Location::Ir { function: function.into(), inst })
    }

    /// The same diagnostic pointing elsewhere.
    pub fn with_location(mut self, location: Location) -> Self {
        self.location = location;
        self
    }

    /// The same diagnostic about `context` (printed before the message).
    pub fn with_context(mut self, context: impl Into<String>) -> Self {
        self.context = Some(context.into().into_boxed_str());
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
        if let Location::Source { file, line, col } = &self.location {
            write!(f, "{file}:{line}:{col}: ")?;
        }
        write!(f, "{}: ", self.severity)?;
        if let Some(subject) = self.location.subject() {
            write!(f, "{subject}: ")?;
        }
        if let Some(context) = &self.context {
            write!(f, "{context}: ")?;
        }
        write!(f, "{}{}", self.kind.prefix(), self.message)?;
        for note in &self.notes {
            write!(f, "\nnote: {note}")?;
        }
        Ok(())
    }
}

impl From<Failure> for Diagnostic {
    fn from(failure: Failure) -> Self {
        Diagnostic::error(failure)
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
        assert_eq!(
            Diagnostic::error("bad").with_location(Location::Symbol("g".into())).to_string(),
            "error: @g: bad"
        );
    }

    /// Each kind with its words, then the same failure at each kind of place: the location and
    /// the context come before the kind's prefix.
    #[test]
    fn formats_each_kind() {
        let cases = [
            (invalid("bad operand"), Kind::Invalid, "bad operand"),
            (unsupported("frem of double values"), Kind::Unsupported, "unsupported: frem of double values"),
            (
                not_available("llvm.genx.ieee.div is not available on skl"),
                Kind::NotAvailable,
                "llvm.genx.ieee.div is not available on skl",
            ),
            (internal("empty bale"), Kind::Internal, "internal error: empty bale"),
            (Failure::from("plain"), Kind::Invalid, "plain"),
        ];
        for (failure, kind, text) in cases {
            assert_eq!(failure.kind, kind);
            assert_eq!(failure.to_string(), text);
            let d = Diagnostic::error(failure.clone());
            assert_eq!(d.kind, kind);
            assert_eq!(d.to_string(), format!("error: {text}"));
            assert_eq!(Diagnostic::from(failure.clone()), d);
            let d = Diagnostic::in_function("f", Some("%x".into()), failure.clone());
            assert_eq!(d.to_string(), format!("error: in function @f, instruction %x: {text}"));
            let d = Diagnostic::in_function("f", None, failure.clone());
            assert_eq!(d.to_string(), format!("error: in function @f: {text}"));
            let at = Location::Source { file: "k.ll".into(), line: 4, col: 2 };
            let d = Diagnostic::error(failure.clone()).with_location(at.clone());
            assert_eq!(d.to_string(), format!("k.ll:4:2: error: {text}"));
            let d = d.with_context("in function @f, instruction %x");
            assert_eq!(d.kind, kind);
            assert_eq!(d.to_string(), format!("k.ll:4:2: error: in function @f, instruction %x: {text}"));
            let d = Diagnostic::error(failure).with_context("k.mlir");
            assert_eq!(d.to_string(), format!("error: k.mlir: {text}"));
        }
    }

    #[test]
    fn subjects_of_locations() {
        let call = Location::Ir { function: "k".into(), inst: Some("call to @llvm.genx.oword.st".into()) };
        assert_eq!(call.subject().as_deref(), Some("in function @k, call to @llvm.genx.oword.st"));
        assert_eq!(Location::Symbol("g".into()).subject().as_deref(), Some("@g"));
        assert_eq!(Location::None.subject(), None);
        // kernel metadata prints as no location until the driver finds its node in the source
        let md = Diagnostic::error("invalid genx.kernels metadata for 'k': bad")
            .with_location(Location::KernelMetadata(Some("k".into())));
        assert_eq!(md.to_string(), "error: invalid genx.kernels metadata for 'k': bad");
    }
}
