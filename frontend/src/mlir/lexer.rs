//! Tokens of MLIR text. The lexer works on demand from a byte position so the parser can re-read
//! text in another mode (dimension lists such as `4x?xf32` are split by the parser, not here).

/// Kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A bare identifier (`arith.addi`, `i32`, `x`).
    Ident,
    /// `%name`.
    Percent,
    /// `^name`.
    Caret,
    /// `@name` or `@"name"`.
    At,
    /// `#name`.
    Hash,
    /// `!name`.
    Bang,
    /// An integer literal (decimal or `0x` hex).
    Int,
    /// A float literal.
    Float,
    /// A string literal.
    Str,
    /// `->`.
    Arrow,
    /// `...`.
    Ellipsis,
    /// `{-#`.
    FileMetaStart,
    /// `#-}`.
    FileMetaEnd,
    /// Any other punctuation character.
    Punct(u8),
    /// End of input.
    Eof,
    /// A character that starts no token.
    Bad,
}

/// One token: kind and byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: Tok,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.' || c == b'-'
}

/// Skips spaces and `//` comments from `pos`.
pub fn skip_trivia(src: &[u8], mut pos: usize) -> usize {
    loop {
        while pos < src.len() && src[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if src[pos..].starts_with(b"//") {
            while pos < src.len() && src[pos] != b'\n' {
                pos += 1;
            }
            continue;
        }
        return pos;
    }
}

/// Reads the token starting at or after `pos`.
pub fn lex(src: &[u8], pos: usize) -> Token {
    let start = skip_trivia(src, pos);
    let tok = |kind, end| Token { kind, start, end };
    let Some(&c) = src.get(start) else { return tok(Tok::Eof, start) };
    let at = |i: usize| src.get(i).copied().unwrap_or(0);
    match c {
        b'%' | b'^' | b'@' | b'#' | b'!' => {
            let kind = match c {
                b'%' => Tok::Percent,
                b'^' => Tok::Caret,
                b'@' => Tok::At,
                b'#' => Tok::Hash,
                _ => Tok::Bang,
            };
            if c == b'#' && at(start + 1) == b'-' && at(start + 2) == b'}' {
                return tok(Tok::FileMetaEnd, start + 3);
            }
            if c == b'@' && at(start + 1) == b'"' {
                let end = string_end(src, start + 1);
                return match end {
                    Some(e) => tok(Tok::At, e),
                    None => tok(Tok::Bad, src.len()),
                };
            }
            let mut i = start + 1;
            if c == b'%' || c == b'^' {
                while i < src.len() && is_suffix_char(src[i]) {
                    i += 1;
                }
            } else {
                while i < src.len() && is_suffix_char(src[i]) && (src[i] != b'-' || c == b'@') {
                    i += 1;
                }
            }
            if i == start + 1 {
                return tok(Tok::Bad, start + 1);
            }
            tok(kind, i)
        }
        b'"' => match string_end(src, start) {
            Some(e) => tok(Tok::Str, e),
            None => tok(Tok::Bad, src.len()),
        },
        b'0'..=b'9' => {
            let mut i = start;
            if c == b'0' && at(start + 1) == b'x' && at(start + 2).is_ascii_hexdigit() {
                i += 2;
                while i < src.len() && src[i].is_ascii_hexdigit() {
                    i += 1;
                }
                return tok(Tok::Int, i);
            }
            while i < src.len() && src[i].is_ascii_digit() {
                i += 1;
            }
            let mut float = false;
            if at(i) == b'.' {
                float = true;
                i += 1;
                while i < src.len() && src[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if float && (at(i) == b'e' || at(i) == b'E') {
                let mut j = i + 1;
                if at(j) == b'+' || at(j) == b'-' {
                    j += 1;
                }
                if at(j).is_ascii_digit() {
                    while j < src.len() && src[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            tok(if float { Tok::Float } else { Tok::Int }, i)
        }
        b'-' if at(start + 1) == b'>' => tok(Tok::Arrow, start + 2),
        b'.' if at(start + 1) == b'.' && at(start + 2) == b'.' => tok(Tok::Ellipsis, start + 3),
        b'{' if at(start + 1) == b'-' && at(start + 2) == b'#' => tok(Tok::FileMetaStart, start + 3),
        c if is_id_start(c) => {
            let mut i = start + 1;
            while i < src.len() && is_id_char(src[i]) {
                i += 1;
            }
            tok(Tok::Ident, i)
        }
        b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b',' | b':' | b'=' | b'?' | b'*' | b'+'
        | b'-' | b'|' | b'`' => tok(Tok::Punct(c), start + 1),
        _ => tok(Tok::Bad, start + 1),
    }
}

/// End of a string literal starting at the quote at `start`.
fn string_end(src: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < src.len() {
        match src[i] {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// The bytes of a string literal (with quotes) after escapes: `\n`, `\t`, `\"`, `\\` and `\XX` hex.
pub fn unescape(lit: &[u8]) -> Result<Vec<u8>, &'static str> {
    let body = &lit[1..lit.len() - 1];
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] != b'\\' {
            out.push(body[i]);
            i += 1;
            continue;
        }
        let n = body.get(i + 1).copied().unwrap_or(0);
        match n {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            _ => {
                let h = |c: u8| (c as char).to_digit(16);
                match (h(n), body.get(i + 2).and_then(|&c| h(c))) {
                    (Some(a), Some(b)) => {
                        out.push((a * 16 + b) as u8);
                        i += 3;
                        continue;
                    }
                    _ => return Err("unknown escape in string literal"),
                }
            }
        }
        i += 2;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        let mut out = Vec::new();
        let mut pos = 0;
        loop {
            let t = lex(s.as_bytes(), pos);
            out.push(t.kind);
            if t.kind == Tok::Eof || t.kind == Tok::Bad {
                return out;
            }
            pos = t.end;
        }
    }

    #[test]
    fn tokens() {
        assert_eq!(
            kinds("%a = arith.addi %b, %c : i32 // x\n -> ... 1.5e3 0x1F \"s\\0A\" @f ^bb0 !llvm.ptr #map"),
            vec![
                Tok::Percent,
                Tok::Punct(b'='),
                Tok::Ident,
                Tok::Percent,
                Tok::Punct(b','),
                Tok::Percent,
                Tok::Punct(b':'),
                Tok::Ident,
                Tok::Arrow,
                Tok::Ellipsis,
                Tok::Float,
                Tok::Int,
                Tok::Str,
                Tok::At,
                Tok::Caret,
                Tok::Bang,
                Tok::Hash,
                Tok::Eof
            ]
        );
        assert_eq!(unescape(b"\"a\\0A\\00\\\"\"").unwrap(), b"a\n\0\"");
        assert_eq!(kinds("\"open"), vec![Tok::Bad]);
    }
}
