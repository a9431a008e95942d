//! The intrinsics genxc knows: every `llvm.genx.*` name of vc-intrinsics, and the generic LLVM
//! intrinsics a CM-style kernel may use.
//!
//! A call's callee name is the intrinsic's base name followed by LLVM's overload suffixes
//! (`llvm.genx.oword.ld.v32f32`). [`lookup`] finds the longest known base name whose remainder is
//! made of type manglings only, so `llvm.genx.oword.ld.unaligned.v8i32` is `oword.ld.unaligned` and
//! `llvm.genx.oword.ld.bogus` is unknown. Knowing a name does not mean every back end supports it:
//! instruction selection reports "unsupported: <name>" for the ones it cannot emit.

include!("intrinsic_names.rs");

/// Generic LLVM intrinsics accepted in kernels (base names).
const LLVM_NAMES: &[&str] = &[
    "llvm.bitreverse",
    "llvm.ceil",
    "llvm.copysign",
    "llvm.cos",
    "llvm.ctlz",
    "llvm.ctpop",
    "llvm.cttz",
    "llvm.exp2",
    "llvm.fabs",
    "llvm.floor",
    "llvm.fma",
    "llvm.fmuladd",
    "llvm.log2",
    "llvm.maxnum",
    "llvm.minnum",
    "llvm.nearbyint",
    "llvm.pow",
    "llvm.rint",
    "llvm.round",
    "llvm.roundeven",
    "llvm.sadd.sat",
    "llvm.sin",
    "llvm.smax",
    "llvm.smin",
    "llvm.sqrt",
    "llvm.ssub.sat",
    "llvm.trunc",
    "llvm.uadd.sat",
    "llvm.umax",
    "llvm.umin",
    "llvm.usub.sat",
];

/// LLVM intrinsics that carry no semantics for code generation and are dropped at import.
pub const IGNORED_LLVM: &[&str] = &[
    "llvm.assume",
    "llvm.dbg.addr",
    "llvm.dbg.declare",
    "llvm.dbg.label",
    "llvm.dbg.value",
    "llvm.experimental.noalias.scope.decl",
    "llvm.lifetime.end",
    "llvm.lifetime.start",
    "llvm.donothing",
    "llvm.sideeffect",
];

/// A known intrinsic: an index into genxc's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IntrinsicId(u16);

impl IntrinsicId {
    /// The base name (`llvm.genx.oword.ld`).
    pub fn name(self) -> &'static str {
        let i = self.0 as usize;
        if i < GENX_NAMES.len() {
            GENX_NAMES[i]
        } else {
            LLVM_NAMES[i - GENX_NAMES.len()]
        }
    }

    /// The name without the `llvm.genx.` or `llvm.` prefix (`oword.ld`).
    pub fn short_name(self) -> &'static str {
        let n = self.name();
        n.strip_prefix("llvm.genx.").or_else(|| n.strip_prefix("llvm.")).unwrap_or(n)
    }

    /// Whether this is a `llvm.genx.*` intrinsic.
    pub fn is_genx(self) -> bool {
        (self.0 as usize) < GENX_NAMES.len()
    }
}

/// Whether one `.`-separated piece of a name is an LLVM overload type mangling
/// (`i32`, `f16`, `v32f32`, `v8i1`, `p0i8`, `p1`, `bf16`).
fn is_type_mangling(piece: &str) -> bool {
    fn scalar(s: &str) -> bool {
        match s.as_bytes().first() {
            Some(b'i') => s.len() > 1 && s[1..].bytes().all(|b| b.is_ascii_digit()),
            Some(b'f') => matches!(s, "f16" | "f32" | "f64"),
            Some(b'b') => s == "bf16",
            _ => false,
        }
    }
    if let Some(rest) = piece.strip_prefix('v') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return digits > 0 && scalar(&rest[digits..]);
    }
    if let Some(rest) = piece.strip_prefix('p') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return digits > 0 && (digits == rest.len() || scalar(&rest[digits..]));
    }
    scalar(piece)
}

/// Whether `rest`, what follows an intrinsic's base name in a full callee name, is nothing or its
/// overload type manglings (`.v8i32.i1`): the full name is then that intrinsic's.
pub fn is_overload_suffix(rest: &str) -> bool {
    rest.is_empty() || rest.strip_prefix('.').is_some_and(|r| r.split('.').all(is_type_mangling))
}

fn table_lookup(table: &[&str], name: &str) -> Option<usize> {
    // Try every prefix that ends at a '.', longest first.
    let mut end = name.len();
    loop {
        let base = &name[..end];
        if let Ok(i) = table.binary_search(&base) {
            if is_overload_suffix(&name[end..]) {
                return Some(i);
            }
        }
        end = name[..end].rfind('.')?;
    }
}

/// Finds a known intrinsic from a full callee name, overload suffixes included.
pub fn lookup(name: &str) -> Option<IntrinsicId> {
    if let Some(i) = table_lookup(GENX_NAMES, name) {
        return Some(IntrinsicId(i as u16));
    }
    table_lookup(LLVM_NAMES, name).map(|i| IntrinsicId((GENX_NAMES.len() + i) as u16))
}

/// Whether a callee name is an LLVM intrinsic that import drops.
pub fn is_ignored(name: &str) -> bool {
    IGNORED_LLVM
        .iter()
        .any(|base| name == *base || name.strip_prefix(base).is_some_and(|r| r.starts_with('.')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_for_binary_search() {
        assert!(GENX_NAMES.windows(2).all(|w| w[0] < w[1]));
        assert!(LLVM_NAMES.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn finds_the_longest_base_name() {
        assert_eq!(lookup("llvm.genx.oword.ld.v32f32").unwrap().name(), "llvm.genx.oword.ld");
        assert_eq!(
            lookup("llvm.genx.oword.ld.unaligned.v8i32").unwrap().name(),
            "llvm.genx.oword.ld.unaligned"
        );
        assert_eq!(lookup("llvm.genx.group.id.x").unwrap().short_name(), "group.id.x");
        assert_eq!(lookup("llvm.genx.wrregioni.v32i32.v16i32.i16.i1").unwrap().name(), "llvm.genx.wrregioni");
        assert_eq!(lookup("llvm.fma.v16f32").unwrap().name(), "llvm.fma");
        assert!(!lookup("llvm.fma.f32").unwrap().is_genx());
        assert!(lookup("llvm.genx.oword.ld.bogus").is_none());
        assert!(lookup("llvm.genx.frobnicate").is_none());
        assert!(lookup("llvm.genx").is_none());
        assert!(lookup("").is_none());
    }

    #[test]
    fn manglings() {
        for ok in ["i1", "i16", "f32", "v32f32", "v8i1", "p0i8", "p1", "bf16"] {
            assert!(is_type_mangling(ok), "{ok}");
        }
        for bad in ["", "v", "x32", "f8", "vf32", "bogus"] {
            assert!(!is_type_mangling(bad), "{bad}");
        }
        for ok in ["", ".v8i32", ".i1.v8i32", ".v16f32.p0i8", ".f16"] {
            assert!(is_overload_suffix(ok), "{ok}");
        }
        // a longer intrinsic name
        for bad in [".noresult.i1.v8i32", "2.noresult", "_clone", "."] {
            assert!(!is_overload_suffix(bad), "{bad}");
        }
        assert!(is_ignored("llvm.lifetime.start.p0i8"));
        assert!(!is_ignored("llvm.lifetime.starts"));
    }
}
