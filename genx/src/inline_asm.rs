//! Inline vISA assembly (`call asm "TEMPLATE", "CONSTRAINTS"(args)`): the template text and the
//! operand constraints of a CM `asm` statement, parsed from LLVM's inline-asm value.
//!
//! The template is vISA text in which `$N` names operand N (outputs first, then inputs, as LLVM
//! numbers them). Each operand has a constraint: `r` (a general variable, written as a region),
//! `a` (any operand: genxc always gives a general variable, as Intel's compiler does for a
//! non-constant), `i`/`n` (an immediate; a non-constant value gets a variable with a warning, as
//! Intel's compiler does), `cr` (a predicate: an `i1` value in a flag variable, written by its
//! name), `rw` (a raw operand `V.0`, as message payloads take), with `=` marking an output and
//! `&` (early clobber) accepted: every output has a variable of its own. An input constraint that
//! is a number ties the input to that output: the output's variable starts with the input's value
//! and the template names it for both. Clobbers (`~{...}`) name no operand and are dropped: genxc
//! keeps every instruction in program order around an inline-asm statement, so a `~{memory}`
//! barrier holds. Several outputs make a struct result whose fields `extractvalue`s read; the
//! asm writes each field's variable directly.

/// What kind of operand a constraint asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AsmOperandKind {
    /// `r` or `a`: a general variable, printed as a region (destination or source).
    Register,
    /// `i` or `n`: an immediate (a non-constant value falls back to a register).
    Immediate,
    /// `cr`: a predicate (flag) variable, printed by name.
    Predicate,
    /// `rw`: a raw operand, a whole variable printed as `V.0`.
    Raw,
    /// A number (inputs only): the input starts in output N's variable, which the template names.
    Tied(usize),
}

/// One operand constraint of an inline-asm statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AsmConstraint {
    /// Whether the operand is an output (`=`).
    pub output: bool,
    /// What the operand must be.
    pub kind: AsmOperandKind,
}

/// An inline-asm statement: its template and constraints (outputs first, then inputs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    /// The vISA text with `$N` operand references.
    pub template: String,
    /// One constraint per operand, in `$N` order.
    pub constraints: Vec<AsmConstraint>,
    /// The types of the outputs when there are several (the fields of the struct result, which
    /// `extractvalue`s read); empty for one output or none.
    pub fields: Vec<crate::Type>,
}

impl InlineAsm {
    /// Number of outputs (results).
    pub fn num_outputs(&self) -> usize {
        self.constraints.iter().filter(|c| c.output).count()
    }

    /// The constraint string as LLVM writes it (`=r,r,i`).
    pub fn constraint_string(&self) -> String {
        let one = |c: &AsmConstraint| {
            let code = match c.kind {
                AsmOperandKind::Register => "r".to_string(),
                AsmOperandKind::Immediate => "i".to_string(),
                AsmOperandKind::Predicate => "cr".to_string(),
                AsmOperandKind::Raw => "rw".to_string(),
                AsmOperandKind::Tied(n) => n.to_string(),
            };
            format!("{}{code}", if c.output { "=" } else { "" })
        };
        self.constraints.iter().map(one).collect::<Vec<_>>().join(",")
    }

    /// The call's callee as LLVM text: `asm sideeffect "TEMPLATE", "CONSTRAINTS"` (escaped).
    pub fn llvm_text(&self) -> String {
        format!("asm sideeffect \"{}\", \"{}\"", escape(&self.template), escape(&self.constraint_string()))
    }
}

/// LLVM's string escaping: `"`, `\` and non-printable bytes as `\XX`.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            out.push_str(&format!("\\{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
    out
}

/// Warnings for the `i`/`n` inputs of `f`'s inline assembly that are not constants: they are
/// given a register instead (as Intel's compiler does, with a warning).
pub fn immediate_warnings(f: &crate::ir::Function) -> Vec<genxc_diag::Diagnostic> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            let crate::ir::InstKind::InlineAsm { asm, args } = &f.insts[i].kind else { continue };
            let inputs = asm.constraints.iter().filter(|c| !c.output);
            for (k, (c, &v)) in inputs.zip(args).enumerate() {
                if c.kind == AsmOperandKind::Immediate && f.as_const(v).is_none() {
                    let msg = format!(
                        "inline assembly `{}`: input {k} has the immediate constraint but is not a constant; it is given a register",
                        asm.template
                    );
                    let at = genxc_diag::Location::Ir {
                        function: f.name.clone(),
                        inst: Some(f.value_name(crate::ir::Value::Inst(i))),
                    };
                    out.push(genxc_diag::Diagnostic::warning(msg).with_location(at));
                }
            }
        }
    }
    out
}

/// One piece of a template: literal text or a reference to operand N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TemplatePiece {
    /// Literal text.
    Text(String),
    /// `$N`.
    Operand(usize),
}

/// Splits a template into literal text and `$N` references (`$$` is a literal `$`).
pub fn split_template(template: &str) -> Result<Vec<TemplatePiece>, String> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            text.push(c);
            continue;
        }
        if chars.peek() == Some(&'$') {
            chars.next();
            text.push('$');
            continue;
        }
        let mut digits = String::new();
        while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
            digits.push(d);
            chars.next();
        }
        let n: usize = digits.parse().map_err(|_| {
            format!("inline assembly template `{template}`: `$` not followed by an operand number")
        })?;
        if !text.is_empty() {
            out.push(TemplatePiece::Text(std::mem::take(&mut text)));
        }
        out.push(TemplatePiece::Operand(n));
    }
    if !text.is_empty() {
        out.push(TemplatePiece::Text(text));
    }
    Ok(out)
}

/// Parses an LLVM constraint string (`"=r,r,i"`) into per-operand constraints, or says which
/// constraint genxc cannot honour.
pub fn parse_constraints(s: &str) -> Result<Vec<AsmConstraint>, String> {
    let mut out = Vec::new();
    if s.is_empty() {
        return Ok(out);
    }
    for part in s.split(',') {
        let (output, code) = match part.strip_prefix('=') {
            Some(rest) => (true, rest),
            None => (false, part),
        };
        if code.starts_with('~') {
            // a clobber: no operand
            continue;
        }
        // early clobber: outputs never share a variable with an input
        let code = if output { code.strip_prefix('&').unwrap_or(code) } else { code };
        if code.starts_with('&') || code.starts_with('*') || code.starts_with('+') {
            return Err(format!("inline assembly constraint modifier in `{part}` is not supported"));
        }
        let kind = match code {
            "r" | "a" => AsmOperandKind::Register,
            "i" | "n" if !output => AsmOperandKind::Immediate,
            "i" | "n" => {
                return Err(format!("inline assembly output constraint `{part}` asks for an immediate"))
            }
            "rw" => AsmOperandKind::Raw,
            "cr" => AsmOperandKind::Predicate,
            c if !c.is_empty() && c.chars().all(|d| d.is_ascii_digit()) => {
                let n: usize = c.parse().map_err(|_| format!("inline assembly constraint `{part}`"))?;
                let tied_to = out.get(n).filter(|o: &&AsmConstraint| o.output);
                match tied_to {
                    _ if output => {
                        return Err(format!("inline assembly output constraint `{part}` ties an output"))
                    }
                    Some(o) if o.kind == AsmOperandKind::Register => AsmOperandKind::Tied(n),
                    Some(_) => {
                        return Err(format!(
                            "inline assembly tied constraint `{part}`: output {n} is not an `r` operand"
                        ))
                    }
                    None => return Err(format!("inline assembly tied constraint `{part}` names no output")),
                }
            }
            _ => return Err(format!("inline assembly constraint `{part}` is not supported")),
        };
        out.push(AsmConstraint { output, kind });
    }
    if out.iter().skip_while(|c| c.output).any(|c| c.output) {
        return Err(format!("inline assembly constraints `{s}`: outputs must come before inputs"));
    }
    Ok(out)
}

/// Reads an inline-asm value as LLVM prints it (`... asm [sideeffect] "TEMPLATE", "CONSTRAINTS"`)
/// into its template and constraint strings, with LLVM's `\XX` escapes decoded.
pub fn parse_printed(printed: &str) -> Result<(String, String), String> {
    let at = printed.find(" asm ").ok_or_else(|| format!("not an inline-asm value: {printed}"))?;
    let mut rest = &printed[at + 5..];
    loop {
        rest = rest.trim_start();
        let word = rest.split_whitespace().next().unwrap_or("");
        if word.starts_with('"') || word.is_empty() {
            break;
        }
        rest = &rest[word.len()..];
    }
    let (template, rest) = quoted(rest).ok_or_else(|| format!("unreadable inline asm: {printed}"))?;
    let rest =
        rest.trim_start().strip_prefix(',').ok_or_else(|| format!("unreadable inline asm: {printed}"))?;
    let (constraints, _) =
        quoted(rest.trim_start()).ok_or_else(|| format!("unreadable inline asm: {printed}"))?;
    Ok((template, constraints))
}

/// A `"..."` string at the start of `s` (escapes `\XX` decoded) and what follows it.
fn quoted(s: &str) -> Option<(String, &str)> {
    let body = s.strip_prefix('"')?;
    let end = body.find('"')?;
    let raw = &body.as_bytes()[..end];
    let mut bytes = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && i + 2 < raw.len() {
            let hex = std::str::from_utf8(&raw[i + 1..i + 3]).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else if raw[i] == b'\\' {
            return None;
        } else {
            bytes.push(raw[i]);
            i += 1;
        }
    }
    Some((String::from_utf8(bytes).ok()?, &body[end + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_printed_asm_value() {
        let (t, c) = parse_printed(r#"i32 (i32)* asm sideeffect "mov (M1, 1) $0 $1\0A", "=a,i""#).unwrap();
        assert_eq!(t, "mov (M1, 1) $0 $1\n");
        assert_eq!(c, "=a,i");
    }

    #[test]
    fn splits_templates_and_constraints() {
        let p = split_template("add $0 $1 $$2").unwrap();
        assert_eq!(
            p,
            vec![
                TemplatePiece::Text("add ".into()),
                TemplatePiece::Operand(0),
                TemplatePiece::Text(" ".into()),
                TemplatePiece::Operand(1),
                TemplatePiece::Text(" $2".into()),
            ]
        );
        assert!(split_template("mov $x").is_err());
        let c = parse_constraints("=r,r,i").unwrap();
        assert_eq!(c.len(), 3);
        assert!(c[0].output && c[2].kind == AsmOperandKind::Immediate);
        let c = parse_constraints("=r,0,cr,rw,~{memory},~{dirflag}").unwrap();
        let kinds: Vec<AsmOperandKind> = c.iter().map(|c| c.kind).collect();
        use AsmOperandKind::*;
        assert_eq!(kinds, vec![Register, Tied(0), Predicate, Raw]);
        assert_eq!(
            InlineAsm { template: String::new(), constraints: c, fields: Vec::new() }.constraint_string(),
            "=r,0,cr,rw"
        );
        assert!(parse_constraints("=&r,r").unwrap()[0].output);
        assert!(parse_constraints("=r,1").unwrap_err().contains("names no output"));
        assert!(parse_constraints("=cr,0").unwrap_err().contains("not an `r` operand"));
        assert!(parse_constraints("=r,*m").is_err());
        assert!(parse_constraints("r,=r").is_err());
    }
}
