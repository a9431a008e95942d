//! Limits on input, checked before a parser sees it, so hostile or generated input gets a clear
//! "limit exceeded" diagnostic instead of exhausting memory or stack.
//!
//! LLVM's text parser recurses once per nested bracket and folds constant expressions eagerly
//! (a constant `add` of two `<4294967295 x i32>` vectors builds four billion elements), so `.ll`
//! text is scanned first: [`scan_text`] bounds bracket nesting and the element counts written in
//! vector and array types, with the `file:line:col` of the offending token. The scan knows only
//! comments, strings and brackets, so it serves any bracketed text format (`.ll` with `;`
//! comments, `.mlir` with `//` comments). What only the parsed module shows (vector types in
//! bitcode, function and instruction counts) is checked by `genxc_genx::import::validate`.

use genxc_diag::Diagnostic;

/// Largest input file accepted, in bytes (256 MiB).
pub const MAX_INPUT_BYTES: u64 = 256 << 20;
/// Deepest bracket nesting (`(`, `[`, `{`, `<`) accepted in text input.
pub const MAX_NESTING: usize = 256;
/// Most elements of a vector type: vISA's `num_elts` is 16 bits and GenX_IR accepts 8192 (the
/// same bound as `genxc_genx::import::validate::MAX_VECTOR_ELEMS`).
pub const MAX_VECTOR_ELEMS: u64 = 8192;
/// Most elements of an array type written in text (arrays are not Gen types; this only bounds
/// what LLVM builds before validation rejects them).
pub const MAX_ARRAY_ELEMS: u64 = 1 << 20;

/// The diagnostic for an input of `len` bytes, if that is over [`MAX_INPUT_BYTES`].
pub fn check_size(file: &str, len: u64) -> Result<(), Diagnostic> {
    if len > MAX_INPUT_BYTES {
        return Err(Diagnostic::error(format!(
            "{file}: limit exceeded: the input is {len} bytes; at most {MAX_INPUT_BYTES} (256 MiB) are accepted"
        )));
    }
    Ok(())
}

/// The lexical conventions [`scan_text`] follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// LLVM IR text: `;` comments, strings end at the next `"` (escapes are `\XX` hex pairs).
    Llvm,
    /// MLIR text: `//` comments, strings with backslash escapes, `->` is not a bracket.
    Mlir,
}

/// Scans text for brackets nested deeper than [`MAX_NESTING`] and for `<N x` / `[N x` types with
/// more than [`MAX_VECTOR_ELEMS`] / [`MAX_ARRAY_ELEMS`] elements, skipping comments and strings.
/// Linear time, constant memory; the line and column are counted only for a text that fails.
pub fn scan_text(file: &str, text: &[u8], syntax: Syntax) -> Result<(), Diagnostic> {
    match first_excess(text, syntax) {
        None => Ok(()),
        Some((pos, msg)) => {
            let (line, col) = line_col(text, pos);
            Err(Diagnostic::at_source(file, line, col, msg))
        }
    }
}

/// Bytes the scan stops at: brackets, quotes and the first byte of a comment in either syntax.
const STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"([{<)]}>\";/";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = true;
        i += 1;
    }
    t
};

/// The first offset at or after `from` whose byte `stops` marks, or `text.len()`. Eight bytes are
/// tested at a time, without a branch per byte: in `.ll` text most bytes are not stops (names,
/// operands, spaces), and a byte-by-byte loop cost about nine instructions a byte.
pub fn next_stop(text: &[u8], from: usize, stops: &[bool; 256]) -> usize {
    let mut i = from;
    while let Some(block) = text.get(i..i + 8) {
        let any = block.iter().fold(false, |any, &b| any | stops[usize::from(b)]);
        if any {
            break;
        }
        i += 8;
    }
    while i < text.len() && !stops[usize::from(text[i])] {
        i += 1;
    }
    i
}

/// The offset and message of the first limit `text` exceeds, if any.
fn first_excess(text: &[u8], syntax: Syntax) -> Option<(usize, String)> {
    let (comment, escapes): (&[u8], bool) = match syntax {
        Syntax::Llvm => (b";", false),
        Syntax::Mlir => (b"//", true),
    };
    let mut depth = 0usize;
    let mut i = 0;
    loop {
        i = next_stop(text, i, &STOPS);
        let Some(&b) = text.get(i) else { break };
        if b == comment[0] && text[i..].starts_with(comment) {
            i = memchr::memchr(b'\n', &text[i..]).map_or(text.len(), |e| i + e);
            continue;
        }
        match b {
            b'"' => {
                // Skip to the closing quote; an unterminated string is the parser's to report.
                i += 1;
                if escapes {
                    while i < text.len() && text[i] != b'"' {
                        if text[i] == b'\\' && i + 1 < text.len() && text[i + 1] != b'\n' {
                            i += 1;
                        }
                        i += 1;
                    }
                } else {
                    i = memchr::memchr(b'"', &text[i..]).map_or(text.len(), |e| i + e);
                }
            }
            b'(' | b'[' | b'{' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some((
                        i,
                        format!("limit exceeded: brackets nested more than {MAX_NESTING} deep"),
                    ));
                }
                if b == b'<' || b == b'[' {
                    let (count, len) = leading_count(&text[i + 1..]);
                    if let Some(n) = count {
                        let (kind, max) = if b == b'<' {
                            ("a vector", MAX_VECTOR_ELEMS)
                        } else {
                            ("an array", MAX_ARRAY_ELEMS)
                        };
                        if n > max {
                            return Some((
                                i,
                                format!(
                                    "limit exceeded: {kind} type of {} elements; at most {max} are accepted",
                                    String::from_utf8_lossy(&text[i + 1..i + 1 + len]).trim()
                                ),
                            ));
                        }
                    }
                }
            }
            b'>' if syntax == Syntax::Mlir && i > 0 && text[i - 1] == b'-' => {}
            b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The 1-based line and column of byte `pos`; columns count characters, not bytes (UTF-8
/// continuation bytes do not start one).
fn line_col(text: &[u8], pos: usize) -> (u32, u32) {
    let before = &text[..pos];
    let line = 1 + memchr::memchr_iter(b'\n', before).count();
    let start = memchr::memrchr(b'\n', before).map_or(0, |p| p + 1);
    let col = 1 + before[start..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    (u32::try_from(line).unwrap_or(u32::MAX), u32::try_from(col).unwrap_or(u32::MAX))
}

/// The element count of a type that starts here (`  16 x float>`): the number (saturated at
/// `u64::MAX`) and how many bytes it spans, when the text is digits followed by ` x `.
fn leading_count(s: &[u8]) -> (Option<u64>, usize) {
    let ws = s.iter().take_while(|b| **b == b' ' || **b == b'\t').count();
    let digits = s[ws..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return (None, 0);
    }
    let rest = &s[ws + digits..];
    let sp = rest.iter().take_while(|b| **b == b' ' || **b == b'\t').count();
    if sp == 0 || rest.get(sp) != Some(&b'x') {
        return (None, 0);
    }
    let n =
        s[ws..ws + digits].iter().fold(0u64, |n, d| n.saturating_mul(10).saturating_add(u64::from(d - b'0')));
    (Some(n), ws + digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_stop_finds_the_first_stop_byte_from_any_offset() {
        let text = b"define void @k(<8 x i32> %a) {\n  %x = add i32 1, 2 ; c\n  ret void\n}\n\"s\"";
        for from in 0..=text.len() + 2 {
            let naive =
                (from..text.len()).find(|&i| STOPS[usize::from(text[i])]).unwrap_or(text.len().max(from));
            assert_eq!(next_stop(text, from, &STOPS), naive, "from {from}");
        }
        assert_eq!(next_stop(b"abcdefghijklmnopq", 0, &STOPS), 17);
    }

    fn err(text: &str) -> String {
        scan_text("t.ll", text.as_bytes(), Syntax::Llvm).unwrap_err().to_string()
    }

    #[test]
    fn ordinary_text_passes() {
        let ok = "define void @k(<8 x float> %a, [4 x i32] %b) { ; <<<<\n  %s = call i32 @\"((\"()\n}\n";
        assert!(scan_text("t.ll", ok.as_bytes(), Syntax::Llvm).is_ok());
        assert!(scan_text("t.ll", b"<8192 x i32>", Syntax::Llvm).is_ok());
    }

    #[test]
    fn deep_nesting_is_located() {
        let text = format!("\n  {}", "(".repeat(1000));
        assert_eq!(
            err(&text),
            format!("t.ll:2:{}: error: limit exceeded: brackets nested more than 256 deep", 3 + MAX_NESTING)
        );
        // Closed brackets do not add up.
        assert!(scan_text("t.ll", "()".repeat(100_000).as_bytes(), Syntax::Llvm).is_ok());
    }

    #[test]
    fn huge_vectors_and_arrays() {
        assert_eq!(
            err("x <1048576 x i32>"),
            "t.ll:1:3: error: limit exceeded: a vector type of 1048576 elements; at most 8192 are accepted"
        );
        assert_eq!(
            err("[99999999999999999999999 x i8]"),
            "t.ll:1:1: error: limit exceeded: an array type of 99999999999999999999999 elements; at most 1048576 are accepted"
        );
    }

    #[test]
    fn strings_and_comments_are_skipped() {
        assert!(scan_text("t.ll", b"!\"<1048576 x i32>\" ; <1048576 x i32>\n", Syntax::Llvm).is_ok());
        assert!(scan_text("t.mlir", b"// <1048576 x i32>\n\"a\\\"(((\"", Syntax::Mlir).is_ok());
        // The column after a string and a multi-byte character is still right.
        assert_eq!(
            scan_text("t.ll", "\"é\" <9000 x i8>".as_bytes(), Syntax::Llvm).unwrap_err().to_string(),
            "t.ll:1:5: error: limit exceeded: a vector type of 9000 elements; at most 8192 are accepted"
        );
    }

    #[test]
    fn llvm_strings_have_no_backslash_escapes() {
        // In LLVM IR `"\"` is a whole string: the brackets after it count.
        let text = format!("!\"\\\" {}", "(".repeat(300));
        assert!(scan_text("t.ll", text.as_bytes(), Syntax::Llvm).is_err());
        // MLIR's arrows do not close brackets.
        let arrows = format!("{}{}", "(->".repeat(300), ")".repeat(300));
        assert!(scan_text("t.mlir", arrows.as_bytes(), Syntax::Mlir).is_err());
    }

    /// The scan as it was first written, counting lines and columns as it goes: the reference the
    /// faster scan is checked against. Scans text for brackets nested deeper than [`MAX_NESTING`] and for `<N x` / `[N x` types with
    /// more than [`MAX_VECTOR_ELEMS`] / [`MAX_ARRAY_ELEMS`] elements, skipping comments and strings.
    /// Linear time, constant memory.
    fn reference_scan(file: &str, text: &[u8], syntax: Syntax) -> Result<(), Diagnostic> {
        let (comment, escapes): (&[u8], bool) = match syntax {
            Syntax::Llvm => (b";", false),
            Syntax::Mlir => (b"//", true),
        };
        let (mut line, mut col) = (1u32, 1u32);
        let mut depth = 0usize;
        let mut i = 0;
        let at = |line, col, msg: String| Err(Diagnostic::at_source(file, line, col, msg));
        while i < text.len() {
            let b = text[i];
            // The first byte alone rules out most positions (a slice comparison per byte is slow).
            if b == comment[0] && text[i..].starts_with(comment) {
                while i < text.len() && text[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            match b {
                b'\n' => {
                    line += 1;
                    col = 0;
                }
                b'"' => {
                    // Skip to the closing quote, counting lines; an unterminated string is the
                    // parser's to report.
                    i += 1;
                    col += 1;
                    while i < text.len() && text[i] != b'"' {
                        if escapes && text[i] == b'\\' && i + 1 < text.len() && text[i + 1] != b'\n' {
                            i += 1;
                            col += 1;
                        }
                        if text[i] == b'\n' {
                            line += 1;
                            col = 1;
                        } else if text[i] & 0xC0 != 0x80 {
                            col += 1;
                        }
                        i += 1;
                    }
                }
                b'(' | b'[' | b'{' | b'<' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return at(
                            line,
                            col,
                            format!("limit exceeded: brackets nested more than {MAX_NESTING} deep"),
                        );
                    }
                    if b == b'<' || b == b'[' {
                        let (count, len) = leading_count(&text[i + 1..]);
                        if let Some(n) = count {
                            let (kind, max) = if b == b'<' {
                                ("a vector", MAX_VECTOR_ELEMS)
                            } else {
                                ("an array", MAX_ARRAY_ELEMS)
                            };
                            if n > max {
                                return at(
                                    line,
                                    col,
                                    format!(
                                        "limit exceeded: {kind} type of {} elements; at most {max} are accepted",
                                        String::from_utf8_lossy(&text[i + 1..i + 1 + len]).trim()
                                    ),
                                );
                            }
                        }
                    }
                }
                b'>' if syntax == Syntax::Mlir && i > 0 && text[i - 1] == b'-' => {}
                b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
                _ => {}
            }
            // Columns count characters, not bytes (UTF-8 continuation bytes do not start one).
            if b & 0xC0 != 0x80 {
                col += 1;
            }
            i += 1;
        }
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The scan finds what the reference finds, at the same line and column, on texts made of
        /// the tokens that matter to it.
        #[test]
        fn the_scan_matches_its_reference(
            tokens in proptest::collection::vec(proptest::sample::select(vec![
                "(", ")", "<", ">", "[", "]", "{", "}", "\"", ";", "//", "/", "\\", "\n", " ", "x",
                "9000 x ", "8193 x", " 8192 x", "[2000000 x", "é", "->", "a", "1",
                "((((((((((((((((((((((((((((((((((((((((((((((((((",
                "<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<",
            ]), 0..80),
            mlir in proptest::bool::ANY,
        ) {
            let text: String = tokens.concat();
            let syntax = if mlir { Syntax::Mlir } else { Syntax::Llvm };
            let fast = scan_text("t", text.as_bytes(), syntax).map_err(|d| d.to_string());
            let slow = reference_scan("t", text.as_bytes(), syntax).map_err(|d| d.to_string());
            proptest::prop_assert_eq!(fast, slow, "{:?}", text);
        }
    }

    #[test]
    fn size_limit() {
        assert!(check_size("a.ll", MAX_INPUT_BYTES).is_ok());
        assert_eq!(
            check_size("a.ll", MAX_INPUT_BYTES + 1).unwrap_err().to_string(),
            "error: a.ll: limit exceeded: the input is 268435457 bytes; at most 268435456 (256 MiB) are accepted"
        );
    }
}
