//! Makefile-style dependency files (`--depfile`), the format make, Ninja and CMake read to know
//! which inputs an output was built from.
//!
//! One rule, `target1 target2: input1 input2`, with the characters make treats specially escaped:
//! a space or `#` gets a backslash, `$` is doubled. A path with a line break cannot be written.

/// Escapes one path for a dependency file, or says why it cannot be written.
fn escape(path: &str) -> Result<String, String> {
    if path.contains(['\n', '\r']) {
        return Err(format!(
            "cannot write the path '{}' in a depfile: it has a line break",
            path.escape_debug()
        ));
    }
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            ' ' | '\t' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '$' => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    Ok(out)
}

/// The text of a dependency file saying that every target depends on every prerequisite.
///
/// ```
/// let text = genxc::depfile::render(&["out/k.visaasm", "out/kernels.json"], &["my kernels/k.ll"]);
/// assert_eq!(text.unwrap(), "out/k.visaasm out/kernels.json: my\\ kernels/k.ll\n");
/// ```
pub fn render<T: AsRef<str>, P: AsRef<str>>(targets: &[T], prerequisites: &[P]) -> Result<String, String> {
    let join = |paths: &mut dyn Iterator<Item = &str>| -> Result<String, String> {
        Ok(paths.map(escape).collect::<Result<Vec<_>, _>>()?.join(" "))
    };
    let targets = join(&mut targets.iter().map(AsRef::as_ref))?;
    let prerequisites = join(&mut prerequisites.iter().map(AsRef::as_ref))?;
    Ok(format!("{targets}: {prerequisites}\n"))
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(render(&["a b#c$d"], &["x\ty"]).unwrap(), "a\\ b\\#c$$d: x\\\ty\n");
        assert_eq!(render(&["t"], &[] as &[&str]).unwrap(), "t: \n");
        assert!(render(&["t"], &["bad\nname"]).unwrap_err().contains("line break"));
    }
}
