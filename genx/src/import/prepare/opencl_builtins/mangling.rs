//! Reading the Itanium-mangled names of OpenCL built-in functions (`_Z3expf`, `_Z3maxDv8_iS_`,
//! `_Z5frexpdPU3AS4i`) and of the SPIR-V built-in calls that share them
//! (`_Z15__spirv_ocl_fabsf`): the function's name and, per parameter, its element type, vector
//! width and whether it is a pointer. Only the grammar OpenCL built-ins use is read: builtin types,
//! `Dv<N>_` vectors, pointers with address-space and `K`/`V` qualifiers, and `S_`/`S<n>_`
//! substitutions of earlier vector and pointer types.

/// The element type of a built-in's parameter as its mangling names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MangledElem {
    /// `b`: bool.
    Bool,
    /// `c`, `a`, `s`, `i`, `l`: signed integers of the given width.
    Signed(u32),
    /// `h`, `t`, `j`, `m`: unsigned integers of the given width.
    Unsigned(u32),
    /// `Dh`: half.
    Half,
    /// `f`: float.
    Float,
    /// `d`: double.
    Double,
    /// `v`: void.
    Void,
}

/// One parameter of a mangled built-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MangledParam {
    /// The element type (of the pointee, for a pointer).
    pub elem: MangledElem,
    /// Vector width, `None` for a scalar.
    pub lanes: Option<u32>,
    /// Whether the parameter is a pointer.
    pub pointer: bool,
}

/// A demangled built-in name: the function's name and its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demangled {
    /// The source-level name (`exp`, `__spirv_ocl_s_max`).
    pub name: String,
    /// The parameters in order.
    pub params: Vec<MangledParam>,
}

/// Demangles `symbol`, or says why it is not a mangled built-in name this reader takes.
pub fn demangle(symbol: &str) -> Result<Demangled, String> {
    let rest = symbol.strip_prefix("_Z").ok_or_else(|| format!("`{symbol}` is not a mangled name"))?;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let len: usize = rest[..digits].parse().map_err(|_| format!("`{symbol}`: no name length"))?;
    let body = &rest[digits..];
    if len > body.len() || !body.is_char_boundary(len) {
        return Err(format!("`{symbol}`: the name length {len} runs past the end"));
    }
    let name = body[..len].to_string();
    let mut r = Reader { s: &body.as_bytes()[len..], at: 0, substitutions: Vec::new() };
    let mut params = Vec::new();
    while r.at < r.s.len() {
        params.push(r.param().map_err(|why| format!("`{symbol}`: {why}"))?);
    }
    if params.len() == 1
        && params[0].elem == MangledElem::Void
        && params[0].lanes.is_none()
        && !params[0].pointer
    {
        params.clear();
    }
    Ok(Demangled { name, params })
}

/// A cursor over the parameter part of a mangled name.
struct Reader<'a> {
    s: &'a [u8],
    at: usize,
    /// The substitutable types seen so far, in order (`S_` is the first).
    substitutions: Vec<MangledParam>,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn next(&mut self) -> Result<u8, String> {
        let c = self.peek().ok_or("the parameter list ends early")?;
        self.at += 1;
        Ok(c)
    }

    fn number(&mut self) -> Result<u32, String> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        std::str::from_utf8(&self.s[start..self.at])
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| "a number is missing".to_string())
    }

    fn param(&mut self) -> Result<MangledParam, String> {
        match self.next()? {
            b'D' => match self.next()? {
                b'v' => {
                    let lanes = self.number()?;
                    if self.next()? != b'_' {
                        return Err("a vector width is not followed by `_`".into());
                    }
                    let e = self.param()?;
                    if e.lanes.is_some() || e.pointer {
                        return Err("a vector of vectors or pointers".into());
                    }
                    let p = MangledParam { elem: e.elem, lanes: Some(lanes), pointer: false };
                    self.substitutions.push(p);
                    Ok(p)
                }
                b'h' => Ok(scalar(MangledElem::Half)),
                c => Err(format!("the type code `D{}` is not an OpenCL type", c as char)),
            },
            b'P' => {
                let mut qualified = false;
                loop {
                    match self.peek() {
                        Some(b'U') => {
                            // vendor qualifier: `U3AS4`, a length-prefixed name
                            self.at += 1;
                            let n = self.number()? as usize;
                            if self.at + n > self.s.len() {
                                return Err("a qualifier runs past the end".into());
                            }
                            self.at += n;
                            qualified = true;
                        }
                        Some(b'K' | b'V' | b'r') => {
                            self.at += 1;
                            qualified = true;
                        }
                        _ => break,
                    }
                }
                let pointee = self.param()?;
                if pointee.pointer {
                    return Err("a pointer to a pointer".into());
                }
                if qualified {
                    self.substitutions.push(pointee);
                }
                let p = MangledParam { pointer: true, ..pointee };
                self.substitutions.push(p);
                Ok(p)
            }
            b'S' => {
                let index = if self.peek() == Some(b'_') {
                    0
                } else {
                    let mut n = 0usize;
                    while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric()) {
                        self.at += 1;
                        let d = (c as char).to_digit(36).ok_or("a bad substitution")?;
                        n = n * 36 + d as usize;
                    }
                    n + 1
                };
                if self.next()? != b'_' {
                    return Err("a substitution is not closed by `_`".into());
                }
                self.substitutions
                    .get(index)
                    .copied()
                    .ok_or_else(|| format!("substitution {index} refers to no earlier type"))
            }
            c => builtin_type(c)
                .map(scalar)
                .ok_or_else(|| format!("the type code `{}` is not an OpenCL type", c as char)),
        }
    }
}

fn scalar(elem: MangledElem) -> MangledParam {
    MangledParam { elem, lanes: None, pointer: false }
}

/// The one-letter Itanium codes of the OpenCL scalar types.
fn builtin_type(c: u8) -> Option<MangledElem> {
    use MangledElem::*;
    Some(match c {
        b'v' => Void,
        b'b' => Bool,
        b'c' | b'a' => Signed(8),
        b'h' => Unsigned(8),
        b's' => Signed(16),
        b't' => Unsigned(16),
        b'i' => Signed(32),
        b'j' => Unsigned(32),
        b'l' | b'x' => Signed(64),
        b'm' | b'y' => Unsigned(64),
        b'f' => Float,
        b'd' => Double,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scalars_vectors_substitutions_and_pointers() {
        let d = demangle("_Z3expf").unwrap();
        assert_eq!(d.name, "exp");
        assert_eq!(d.params, vec![scalar(MangledElem::Float)]);
        let d = demangle("_Z3maxDv8_iS_").unwrap();
        assert_eq!(d.name, "max");
        let v = MangledParam { elem: MangledElem::Signed(32), lanes: Some(8), pointer: false };
        assert_eq!(d.params, vec![v, v]);
        let d = demangle("_Z5clampDv4_fS_S_").unwrap();
        assert_eq!(d.params.len(), 3);
        let d = demangle("_Z5frexpdPU3AS4i").unwrap();
        assert!(d.params[1].pointer && d.params[1].elem == MangledElem::Signed(32));
        let d = demangle("_Z6sincosDv4_fPU3AS4S_").unwrap();
        assert_eq!(d.params[1], MangledParam { elem: MangledElem::Float, lanes: Some(4), pointer: true });
        let d = demangle("_Z15__spirv_ocl_expDh").unwrap();
        assert_eq!((d.name.as_str(), d.params[0].elem), ("__spirv_ocl_exp", MangledElem::Half));
        let d = demangle("_Z8upsampleDv2_tS_").unwrap();
        assert_eq!(d.params[0].elem, MangledElem::Unsigned(16));
        assert!(demangle("_Z3expq").is_err());
        assert!(demangle("_Z99exp").is_err());
        assert!(demangle("_Z3maxDv8_iS0_").is_err());
        assert!(demangle("exp").is_err());
    }
}
