//! The `.visaasm` text writer: prints a [`Kernel`] in the syntax accepted by the installed
//! finalizer (`GenX_IR`, vISA 4.1): `.version`, `.kernel`, declarations, inputs, attributes,
//! the entry label `.function "<kernel>_main"`, then one instruction per line with labels in
//! column 0. User names are mangled (sanitized, prefixed per kind, de-duplicated) so they can
//! never hit a reserved word or a predefined name; immediates are printed in forms the parser
//! reads back exactly. The output is a pure function of the kernel.

use crate::model::*;
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::fmt::Write;

/// Replaces every character outside `[A-Za-z0-9_]` by `_` and prefixes `_` if the result would
/// start with a digit or be empty.
pub fn sanitize(name: &str) -> String {
    sanitized(name).into_owned()
}

/// Whether each byte may be in an identifier (`[A-Za-z0-9_]`): one load a byte when checking
/// the names of every declaration.
const IDENTIFIER_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = (c as u8).is_ascii_alphanumeric() || c as u8 == b'_';
        c += 1;
    }
    table
};

/// [`sanitize`], borrowing the name when it is already an identifier (the usual name: no copy).
pub(crate) fn sanitized(name: &str) -> std::borrow::Cow<'_, str> {
    if name.bytes().all(|c| IDENTIFIER_BYTES[c as usize])
        && name.bytes().next().is_some_and(|c| !c.is_ascii_digit())
    {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut s: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    std::borrow::Cow::Owned(s)
}

/// A symbol name as an operand of the text (`faddr`'s function, a data symbol): bare when it is a
/// vISA identifier (`[A-Za-z_][A-Za-z0-9_]*`), else quoted with `\"` and `\\` escaped, the form
/// GenX_IR's parser reads back to the name as it is (an external symbol keeps its spelling for the
/// linker, `"some.intrinsic"`).
pub fn symbol(name: &str) -> String {
    if !name.is_empty() && sanitize(name) == name {
        name.to_string()
    } else {
        format!("\"{}\"", escape(name))
    }
}

/// Mangles a user name: `prefix` followed by the name with every character outside
/// `[A-Za-z0-9_]` replaced by `_`. With a non-empty prefix such as `V_` the result matches
/// `[A-Za-z_][A-Za-z0-9_]*` and cannot be a reserved word or predefined name; with an empty
/// prefix this is [`sanitize`].
pub fn mangle(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        return sanitize(name);
    }
    // One allocation: the name's characters map one to one.
    let mut s = String::with_capacity(prefix.len() + name.len());
    s.push_str(prefix);
    if name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
        // the usual name: kept as it is
        s.push_str(name);
    } else {
        s.extend(name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }));
    }
    s
}

/// [`unique`] applied to the names of `lists` in order, in one namespace: the names themselves
/// when none repeats (the usual case, checked without copying a name), else each made unique in
/// turn.
pub(crate) fn unique_all(lists: &mut [&mut Vec<String>]) {
    let distinct = {
        let mut seen: HashSet<&str> = HashSet::with_capacity(lists.iter().map(|l| l.len()).sum());
        lists.iter().flat_map(|l| l.iter()).all(|n| seen.insert(n.as_str()))
    };
    if distinct {
        return;
    }
    let mut used = HashSet::with_capacity(lists.iter().map(|l| l.len()).sum());
    let mut next = HashMap::new();
    for l in lists.iter_mut() {
        for n in l.iter_mut() {
            *n = unique(&mut used, &mut next, std::mem::take(n));
        }
    }
}

/// `base` if no name in `used` is, else `base_<k>` for the least `k >= 1` whose name is not: that
/// name, added to `used`. `next` holds, per base that was taken, the least `k` not yet tried (the
/// names tried before stay taken, so the search goes on from there: a kernel of many unnamed
/// blocks has as many labels of one base).
fn unique(used: &mut HashSet<String>, next: &mut HashMap<String, usize>, base: String) -> String {
    if !used.contains(base.as_str()) {
        used.insert(base.clone());
        return base;
    }
    if !next.contains_key(base.as_str()) {
        next.insert(base.clone(), 1);
    }
    let k = next.get_mut(base.as_str()).expect("the base was just added");
    loop {
        let mut cand = String::with_capacity(base.len() + 4);
        cand.push_str(&base);
        cand.push('_');
        cand.push_str(itoa::Buffer::new().format(*k));
        *k += 1;
        if !used.contains(cand.as_str()) {
            used.insert(cand.clone());
            return cand;
        }
    }
}

/// The text names chosen for every declared entity of a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextNames {
    /// Names of `vars` (same order).
    pub vars: Vec<String>,
    /// Names of `addrs`.
    pub addrs: Vec<String>,
    /// Names of `preds`.
    pub preds: Vec<String>,
    /// Names of `samplers`.
    pub samplers: Vec<String>,
    /// Names of `surfaces`.
    pub surfaces: Vec<String>,
    /// Names of `labels` (label 0 = `<sanitized kernel name>_main`).
    pub labels: Vec<String>,
}

impl TextNames {
    /// Computes the mangled names of `k`.
    pub fn new(k: &Kernel) -> TextNames {
        let mut vars: Vec<String> = k.vars.iter().map(|v| mangle("V_", &v.name)).collect();
        let mut addrs: Vec<String> = k.addrs.iter().map(|v| mangle("A_", &v.name)).collect();
        let mut preds: Vec<String> = k.preds.iter().map(|v| mangle("P_", &v.name)).collect();
        let mut samplers: Vec<String> = k.samplers.iter().map(|v| mangle("S_", &v.name)).collect();
        let mut surfaces: Vec<String> = k.surfaces.iter().map(|v| mangle("T_", &v.name)).collect();
        // one namespace for the variables of every kind, one for labels
        unique_all(&mut [&mut vars, &mut addrs, &mut preds, &mut samplers, &mut surfaces]);
        let mut labels = vec![format!("{}_main", sanitize(&k.name))];
        labels.extend(k.labels.iter().skip(1).map(|l| mangle("L_", &l.name)));
        unique_all(&mut [&mut labels]);
        TextNames { vars, addrs, preds, samplers, surfaces, labels }
    }

    fn var(&self, v: VarId) -> &str {
        match v.predefined_name() {
            Some(n) => n,
            None if v.is_predefined() => panic!("reserved predefined variable V{}", v.0),
            None => &self.vars[(v.0 - NUM_PREDEF_VARS) as usize],
        }
    }

    fn surface(&self, s: SurfaceId) -> &str {
        match s.predefined_name() {
            Some(n) => n,
            None => &self.surfaces[(s.0 - NUM_PREDEF_SURFACES) as usize],
        }
    }

    fn pred(&self, p: PredId) -> &str {
        &self.preds[p.0 as usize - 1]
    }

    fn addr(&self, a: AddrId) -> &str {
        &self.addrs[a.0 as usize]
    }

    fn label(&self, l: LabelId) -> &str {
        &self.labels[l.0 as usize]
    }
}

fn fmt_float_parts(mantissa_exp: String, positional: String) -> String {
    // mantissa_exp is Rust's shortest `{:e}` form, e.g. "1.5e-3", "-2e0".
    let (m, e) = mantissa_exp.split_once('e').expect("LowerExp output has an exponent");
    let e: i32 = e.parse().expect("exponent");
    if (-4..=15).contains(&e) {
        if positional.contains('.') {
            positional
        } else {
            format!("{positional}.0")
        }
    } else {
        let m = if m.contains('.') { m.to_string() } else { format!("{m}.0") };
        format!("{m}e{}{}", if e < 0 { '-' } else { '+' }, e.abs())
    }
}

/// Formats an f32 immediate value so that the vISA parser reads back exactly `x`: a decimal
/// (`1.0`, `-2.25`, `0.0015`) or scientific form with a signed exponent (`1.5e-20`); NaN,
/// infinities and -0.0 as a hex bit pattern (`0x7fc00000`).
pub fn format_f32(x: f32) -> String {
    if !x.is_finite() || (x == 0.0 && x.is_sign_negative()) {
        return format!("0x{:08x}", x.to_bits());
    }
    let s = fmt_float_parts(format!("{x:e}"), format!("{x}"));
    // The parser may convert through double (strtod) or directly (strtof): accept the short form
    // only if both paths give x, else use the exact double form of x.
    let via_f64 = s.parse::<f64>().map(|d| d as f32).ok();
    let via_f32 = s.parse::<f32>().ok();
    if via_f64 == Some(x) && via_f32 == Some(x) {
        s
    } else {
        format_f64(x as f64)
    }
}

/// Formats an f64 immediate value (see [`format_f32`]).
pub fn format_f64(x: f64) -> String {
    if !x.is_finite() || (x == 0.0 && x.is_sign_negative()) {
        return format!("0x{:016x}", x.to_bits());
    }
    fmt_float_parts(format!("{x:e}"), format!("{x}"))
}

/// Formats an immediate as `value:type`.
pub fn format_imm(imm: Imm) -> String {
    let mut s = String::new();
    let _ = put_imm(&mut s, imm);
    s
}

/// Appends an immediate as `value:type`.
fn put_imm<O: Write>(o: &mut O, imm: Imm) -> std::fmt::Result {
    match imm {
        Imm::D(v) => write!(o, "{v}:d"),
        Imm::UD(v) if v > i32::MAX as u32 => write!(o, "0x{v:x}:ud"),
        Imm::UD(v) => write!(o, "{v}:ud"),
        Imm::W(v) => write!(o, "{v}:w"),
        Imm::UW(v) => write!(o, "{v}:uw"),
        Imm::B(v) => write!(o, "{v}:b"),
        Imm::UB(v) => write!(o, "{v}:ub"),
        Imm::Q(v) if i32::try_from(v).is_ok() => write!(o, "{v}:q"),
        Imm::Q(v) => write!(o, "0x{:x}:q", v as u64),
        Imm::UQ(v) if v <= i32::MAX as u64 => write!(o, "{v}:uq"),
        Imm::UQ(v) => write!(o, "0x{v:x}:uq"),
        Imm::F(v) => write!(o, "{}:f", format_f32(v)),
        Imm::DF(v) => write!(o, "{}:df", format_f64(v)),
        Imm::HF(v) => write!(o, "0x{v:x}:hf"),
        Imm::V(v) => write!(o, "0x{v:x}:v"),
        Imm::UV(v) => write!(o, "0x{v:x}:uv"),
        Imm::VF(v) => write!(o, "0x{v:x}:vf"),
    }
}

/// Text that a closure writes when it is formatted: the operands of an instruction go straight
/// into the instruction's text, with no string of their own.
struct Fmt<F: Fn(&mut std::fmt::Formatter<'_>) -> std::fmt::Result>(F);

impl<F: Fn(&mut std::fmt::Formatter<'_>) -> std::fmt::Result> std::fmt::Display for Fmt<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (self.0)(f)
    }
}

/// Appends an integer in decimal (no formatting machinery: the text writer's hottest path).
fn put_num<O: Write>(o: &mut O, v: impl itoa::Integer) -> std::fmt::Result {
    o.write_str(itoa::Buffer::new().format(v))
}

/// Appends a place in a variable, `V(row,col)`.
fn put_place<O: Write>(o: &mut O, names: &TextNames, var: VarId, row: u8, col: u8) -> std::fmt::Result {
    o.write_str(names.var(var))?;
    o.write_char('(')?;
    put_num(o, row)?;
    o.write_char(',')?;
    put_num(o, col)?;
    o.write_char(')')
}

/// Appends a direct general operand, `V(row,col)<vs;w,hs>` with its modifier.
fn put_gen_src<O: Write>(o: &mut O, names: &TextNames, g: &Src) -> std::fmt::Result {
    o.write_str(g.modifier.text())?;
    put_place(o, names, g.var, g.row, g.col)?;
    o.write_char('<')?;
    put_num(o, g.region.vstride)?;
    o.write_char(';')?;
    put_num(o, g.region.width)?;
    o.write_char(',')?;
    put_num(o, g.region.hstride)?;
    o.write_char('>')
}

/// Appends a direct general destination, `V(row,col)<hs>`.
fn put_gdst<O: Write>(o: &mut O, names: &TextNames, d: Dst) -> std::fmt::Result {
    put_place(o, names, d.var, d.row, d.col)?;
    o.write_char('<')?;
    put_num(o, d.hstride)?;
    o.write_char('>')
}

/// Appends an execution size and mask, `(M1, 16)` or `(M1_NM, 1)`.
fn put_exec<O: Write>(o: &mut O, e: Exec) -> std::fmt::Result {
    o.write_str("(M")?;
    put_num(o, u16::from(e.mask) + 1)?;
    if e.nomask {
        o.write_str("_NM")?;
    }
    o.write_str(", ")?;
    put_num(o, e.size)?;
    o.write_char(')')
}

/// Appends an instruction's predicate and a space, `(!P1.any) `, or nothing.
fn put_pred<O: Write>(o: &mut O, names: &TextNames, p: Option<Pred>) -> std::fmt::Result {
    let Some(p) = p else { return Ok(()) };
    o.write_char('(')?;
    if p.inverse {
        o.write_char('!')?;
    }
    o.write_str(names.pred(p.id))?;
    o.write_str(p.ctrl.text())?;
    o.write_str(") ")
}

/// Appends a source operand.
fn put_src<O: Write>(o: &mut O, names: &TextNames, s: &SrcOp) -> std::fmt::Result {
    match *s {
        SrcOp::Gen(ref g) => put_gen_src(o, names, g),
        SrcOp::Ind(i) => {
            write!(o, "{}r[{}({}),{}]", i.modifier.text(), names.addr(i.addr), i.addr_elem, i.byte_offset)?;
            if i.multi {
                write!(o, "<{},{}>", i.region.width, i.region.hstride)?;
            } else {
                write!(o, "<{};{},{}>", i.region.vstride, i.region.width, i.region.hstride)?;
            }
            write!(o, ":{}", i.ty.text())
        }
        SrcOp::Imm(i) => put_imm(o, i),
        SrcOp::Pred(p) => o.write_str(names.pred(p)),
        SrcOp::Addr(a) => write!(o, "{}({})<{}>", names.addr(a.addr), a.elem, a.width),
    }
}

/// Appends a raw operand, `V.offset`.
/// `<mnemonic>[.sat] <exec> <dst> <src>...`: an ALU-form instruction after its predicate.
fn put_alu_operands<'s>(
    o: &mut String,
    names: &TextNames,
    mnemonic: &str,
    sat: bool,
    e: Exec,
    dst: &DstOp,
    srcs: impl IntoIterator<Item = &'s SrcOp>,
) {
    o.push_str(mnemonic);
    if sat {
        o.push_str(".sat");
    }
    o.push(' ');
    let _ = put_exec(o, e);
    o.push(' ');
    let _ = put_dst(o, names, dst);
    for x in srcs {
        o.push(' ');
        let _ = put_src(o, names, x);
    }
}

/// `<exec> <dst><sep><src>`: the operands of an instruction whose destination is a named
/// register (a surface, a predicate) rather than a region.
fn put_named_dst_src(o: &mut String, names: &TextNames, e: Exec, dst: &str, sep: &str, src: &SrcOp) {
    let _ = put_exec(o, e);
    o.push(' ');
    o.push_str(dst);
    o.push_str(sep);
    let _ = put_src(o, names, src);
}

fn put_raw<O: Write>(o: &mut O, names: &TextNames, r: Raw) -> std::fmt::Result {
    o.write_str(names.var(r.var))?;
    o.write_char('.')?;
    put_num(o, r.offset)
}

/// Appends a destination operand.
fn put_dst<O: Write>(o: &mut O, names: &TextNames, d: &DstOp) -> std::fmt::Result {
    match *d {
        DstOp::Gen(g) => put_gdst(o, names, g),
        DstOp::Ind(i) => write!(
            o,
            "r[{}({}),{}]<{}>:{}",
            names.addr(i.addr),
            i.addr_elem,
            i.byte_offset,
            i.hstride,
            i.ty.text()
        ),
        DstOp::Pred(p) => o.write_str(names.pred(p)),
        DstOp::Addr(a) => write!(o, "{}({})<{}>", names.addr(a.addr), a.elem, a.width),
    }
}

struct W<'a> {
    names: TextNames,
    k: &'a Kernel,
    out: String,
}

impl W<'_> {
    fn src<'s>(&'s self, s: &'s SrcOp) -> impl std::fmt::Display + 's {
        Fmt(move |f| put_src(f, &self.names, s))
    }

    fn dst<'s>(&'s self, d: &'s DstOp) -> impl std::fmt::Display + 's {
        Fmt(move |f| put_dst(f, &self.names, d))
    }

    fn pred(&self, p: Option<Pred>) -> impl std::fmt::Display + '_ {
        Fmt(move |f| put_pred(f, &self.names, p))
    }

    /// `[P] <kind>.<op>[.16|.64] (exec)`: the head of an atomic message with `bits`-wide data.
    fn atomic_head(&self, p: Option<Pred>, kind: &str, op: AtomicOp, bits: u8, exec: Exec) -> String {
        let width = match bits {
            16 => ".16",
            64 => ".64",
            _ => "",
        };
        format!("{}{kind}.{}{width} {}", self.pred(p), op.text(), exec_fmt(exec))
    }

    fn inst(&mut self, inst: &Inst) {
        if let Inst::Alu { op, pred, sat, exec, dst, srcs } = inst {
            // Most instructions: written straight into the text.
            let (o, n) = (&mut self.out, &self.names);
            o.push_str("    ");
            let _ = put_pred(o, n, *pred);
            put_alu_operands(o, n, op.mnemonic(), *sat, *exec, dst, srcs);
            o.push('\n');
            return;
        }
        if self.put_head(inst) {
            self.put_message_operands(inst);
            return;
        }
        let n = &self.names;
        let s = match inst {
            Inst::Label(l) => {
                let _ = writeln!(self.out, "{}:", n.label(*l));
                return;
            }
            Inst::Subroutine(l) => {
                let _ = writeln!(self.out, "\n.function \"{}\"", n.label(*l));
                return;
            }
            // Written at the top of this function, and by `put_head`.
            Inst::Alu { .. }
            | Inst::AddcSubb { .. }
            | Inst::Cmp { .. }
            | Inst::Movs { .. }
            | Inst::Call { .. }
            | Inst::Jmp { .. }
            | Inst::Goto { .. }
            | Inst::MinMax { .. }
            | Inst::Setp { .. }
            | Inst::Ret { .. }
            | Inst::OwordLd { .. }
            | Inst::OwordSt { .. }
            | Inst::Gather { .. }
            | Inst::Scaled { .. }
            | Inst::SvmBlock { .. }
            | Inst::RawSends { .. } => return,
            Inst::Bfn { func, pred, exec, dst, srcs } => {
                let mut t =
                    format!("{}bfn.x{func:X} {} {}", self.pred(*pred), exec_fmt(*exec), self.dst(dst));
                for x in srcs {
                    let _ = write!(t, " {}", self.src(x));
                }
                t
            }
            Inst::Dpas { wide, exec, dst, src0, src1, src2, w, a, depth, repeat } => {
                let mut t = format!(
                    "{}.{}.{}.{depth}.{repeat} {} ",
                    if *wide { "dpasw" } else { "dpas" },
                    w.text(),
                    a.text(),
                    exec_fmt(*exec)
                );
                for r in [dst, src0, src1] {
                    let _ = put_raw(&mut t, n, *r);
                    t.push(' ');
                }
                let _ = write!(t, "{}({},{})", n.var(src2.var), src2.row, src2.col);
                t
            }
            Inst::MovsSampler { exec, dst, src } => {
                format!("movs {} {}(0) {}", exec_fmt(*exec), n.samplers[dst.0 as usize], self.src(src))
            }
            Inst::AddrAdd { exec, dst, base, base_offset, src1 } => format!(
                "addr_add {} {}({})<{}> &{}{} {}",
                exec_fmt(*exec),
                n.addr(dst.addr),
                dst.elem,
                dst.width,
                n.var(*base),
                if *base_offset != 0 { format!("[{base_offset}]") } else { String::new() },
                self.src(src1)
            ),
            Inst::FCall { pred, exec, function, arg_size, ret_size } => format!(
                "{}fcall {} {} {arg_size} {ret_size}",
                self.pred(*pred),
                exec_fmt(*exec),
                sanitize(function)
            ),
            Inst::FRet { pred, exec } => format!("{}fret {}", self.pred(*pred), exec_fmt(*exec)),
            Inst::FAddr { function, dst } => format!("faddr {} {}", symbol(function), self.dst(dst)),
            Inst::Loc(line) => format!("LOC {line}"),
            Inst::File(name) => format!("FILE \"{}\"", name.replace(['"', '\\'], "_")),
            Inst::Verbatim { pieces } => {
                let mut t = String::new();
                for p in pieces {
                    let _ = match p {
                        VerbatimPiece::Text(x) => write!(t, "{x}"),
                        VerbatimPiece::Dst(d) => write!(t, "{}", self.dst(d)),
                        VerbatimPiece::Src(x) => write!(t, "{}", self.src(x)),
                        VerbatimPiece::Raw(r) => put_raw(&mut t, &self.names, *r),
                    };
                }
                t
            }
            Inst::IFCall { pred, exec, addr, arg_size, ret_size } => format!(
                "{}ifcall {} {} {arg_size} {ret_size}",
                self.pred(*pred),
                exec_fmt(*exec),
                self.src(addr)
            ),
            Inst::SwitchJmp { exec, index, targets } => format!(
                "switchjmp {} {} ({})",
                exec_fmt(*exec),
                self.src(index),
                targets.iter().map(|t| n.label(*t)).collect::<Vec<_>>().join(", ")
            ),
            Inst::MediaLd { modifier, surface, plane, width, height, .. }
            | Inst::MediaSt { modifier, surface, plane, width, height, .. } => format!(
                "{}.{} ({}, {}) {} {}",
                if matches!(inst, Inst::MediaLd { .. }) { "media_ld" } else { "media_st" },
                modifier.text(),
                width,
                height,
                n.surface(*surface),
                plane
            ),
            Inst::Scaled4 { store, pred, exec, channels, surface, .. } => format!(
                "{}{}.{} {} {}",
                self.pred(*pred),
                if *store { "scatter4_scaled" } else { "gather4_scaled" },
                channels.text(),
                exec_fmt(*exec),
                n.surface(*surface)
            ),
            Inst::Typed4 { store, pred, exec, channels, surface, .. } => format!(
                "{}{}.{} {} {}",
                self.pred(*pred),
                if *store { "scatter4_typed" } else { "gather4_typed" },
                channels.text(),
                exec_fmt(*exec),
                n.surface(*surface)
            ),
            Inst::Sample { channels, exec, sampler, surface, .. } => format!(
                "sample.{} ({}) {} {}",
                channels.text(),
                exec.size,
                n.samplers[sampler.0 as usize],
                n.surface(*surface)
            ),
            Inst::Avs {
                channels,
                format,
                mode,
                sampler,
                surface,
                u,
                v,
                du,
                dv,
                u2d,
                group,
                vblock,
                v2d,
                ief_bypass,
                dst,
            } => {
                // the output format and the mode sit among the operands, so this form writes
                // its operands itself (surface before sampler, as GenX_IR reads it)
                let mut t = format!(
                    "avs.{} {} {}",
                    channels.text(),
                    n.surface(*surface),
                    n.samplers[sampler.0 as usize]
                );
                for x in [u, v, du, dv, u2d, group, vblock] {
                    t.push(' ');
                    let _ = put_src(&mut t, &self.names, x);
                }
                t.push(' ');
                t.push_str(format.avs_text());
                t.push(' ');
                let _ = put_src(&mut t, &self.names, v2d);
                t.push(' ');
                t.push_str(mode.text());
                t.push(' ');
                let _ = put_src(&mut t, &self.names, ief_bypass);
                t.push(' ');
                let _ = put_raw(&mut t, &self.names, *dst);
                t
            }
            Inst::SampleUnorm { channels, format, sampler, surface, .. } => format!(
                "sample_unorm.{}.{} {} {}",
                channels.text(),
                format.text(),
                n.samplers[sampler.0 as usize],
                n.surface(*surface)
            ),
            Inst::Load3d { op, pixel_null_mask, pred, exec, channels, aoffimmi, surface, .. } => {
                // the head carries the texel offsets and the surface; the result and the
                // parameters follow as message operands
                let mut offsets = String::new();
                let _ = put_src(&mut offsets, &self.names, aoffimmi);
                format!(
                    "{}{}{}.{} {} {} {}",
                    self.pred(*pred),
                    op.text(),
                    if *pixel_null_mask { ".pixel_null_mask" } else { "" },
                    channels.text(),
                    exec_fmt(*exec),
                    offsets,
                    n.surface(*surface)
                )
            }
            Inst::Sample3d {
                op, pixel_null_mask, pred, exec, channels, aoffimmi, sampler, surface, ..
            } => {
                let mut offsets = String::new();
                let _ = put_src(&mut offsets, &self.names, aoffimmi);
                format!(
                    "{}{}{}.{} {} {} {} {}",
                    self.pred(*pred),
                    op.text(),
                    if *pixel_null_mask { ".pixel_null_mask" } else { "" },
                    channels.text(),
                    exec_fmt(*exec),
                    offsets,
                    n.samplers[sampler.0 as usize],
                    n.surface(*surface)
                )
            }
            Inst::Load { channels, exec, surface, .. } => {
                format!("load.{} ({}) {}", channels.text(), exec.size, n.surface(*surface))
            }
            Inst::SvmScatter { store, pred, exec, block, num_blocks, .. } => format!(
                "{}{}.{}.{} {}",
                self.pred(*pred),
                if *store { "svm_scatter" } else { "svm_gather" },
                block.bytes(),
                num_blocks,
                exec_fmt(*exec)
            ),
            Inst::DwordAtomic { op, half, pred, exec, surface, .. } => format!(
                "{} {}",
                self.atomic_head(*pred, "dword_atomic", *op, if *half { 16 } else { 32 }, *exec),
                n.surface(*surface)
            ),
            Inst::SvmScaled4 { store, pred, exec, channels, .. } => format!(
                "{}{}.{} {}",
                self.pred(*pred),
                if *store { "svm_scatter4scaled" } else { "svm_gather4scaled" },
                channels.text(),
                exec_fmt(*exec)
            ),
            Inst::SvmAtomic { op, bits, pred, exec, .. } => {
                self.atomic_head(*pred, "svm_atomic", *op, *bits, *exec)
            }
            Inst::TypedAtomic { op, half, pred, exec, surface, .. } => format!(
                "{} {}",
                self.atomic_head(*pred, "typed_atomic", *op, if *half { 16 } else { 32 }, *exec),
                n.surface(*surface)
            ),
            Inst::Lsc { op, sfid, cache, pred, exec, addr, shape, data, src1, src2 } => {
                let cache = if *cache == (0, 0) {
                    String::new()
                } else {
                    format!(".{}.{}", LSC_CACHE_TEXT[cache.0 as usize], LSC_CACHE_TEXT[cache.1 as usize])
                };
                let surface = |s| lsc_surface_text(n, s);
                let model = match addr.model.surface() {
                    None => addr.model.name().to_string(),
                    Some(s) => format!("{}({})", addr.model.name(), surface(s)),
                };
                let off = match addr.offset {
                    0 => String::new(),
                    o if o < 0 => format!("-0x{:x}", o.unsigned_abs()),
                    o => format!("+0x{o:x}"),
                };
                let a = format!("{model}[{}{off}]:a{}", n.var(addr.var), addr.bits);
                let d = format!("{}:{}", n.var(*data), shape.text());
                let head = |name: &str| {
                    format!("{}lsc_{name}.{}{cache} {}", self.pred(*pred), sfid.text(), exec_fmt(*exec))
                };
                match op {
                    LscOp::Load => format!("{} {d} {a}", head("load")),
                    LscOp::LoadQuad => format!("{} {d} {a}", head("load_quad")),
                    LscOp::Store => format!("{} {a} {d}", head("store")),
                    LscOp::StoreQuad => format!("{} {a} {d}", head("store_quad")),
                    LscOp::Atomic(op) => {
                        format!(
                            "{} {d} {a} {} {}",
                            head(&format!("atomic_{}", op.text())),
                            n.var(*src1),
                            n.var(*src2)
                        )
                    }
                }
            }
            Inst::Barrier => "barrier".to_string(),
            Inst::Sync(sync) => sync.head().to_string(),
            Inst::Fence(f) => fence_text(*f),
            Inst::LscBlock2d { store, cache, shape, surface, data } => {
                let cache = if *cache == (0, 0) {
                    String::new()
                } else {
                    format!(".{}.{}", LSC_CACHE_TEXT[cache.0 as usize], LSC_CACHE_TEXT[cache.1 as usize])
                };
                let a = surface.iter().map(|x| lsc_surface_text(n, *x)).collect::<Vec<_>>().join(", ");
                let (name, a) = (if *store { "store" } else { "load" }, format!("flat[{a}]"));
                let d = format!("{}:{}", n.var(*data), shape.text());
                let (x, y) = if *store { (a, d) } else { (d, a) };
                format!("lsc_{name}_block2d.ugm{cache} {} {x} {y}", exec_fmt(Exec::nm(1)))
            }
            Inst::LscFence { sfid, op, scope } => {
                format!(
                    "lsc_fence.{}.{}.{}",
                    sfid.text(),
                    LSC_FENCE_OPS[*op as usize],
                    LSC_SCOPES[*scope as usize]
                )
            }
            Inst::RawSend { sendc, pred, exec, exdesc, num_src, num_dst, .. } => format!(
                "{}{} {} 0x{:x} {} {}",
                self.pred(*pred),
                if *sendc { "raw_sendc" } else { "raw_send" },
                exec_fmt(*exec),
                exdesc,
                num_src,
                num_dst
            ),
        };
        let _ = self.k;
        self.out.push_str("    ");
        self.out.push_str(&s);
        self.put_message_operands(inst);
    }

    /// Writes the indented head of the most frequent instructions besides ALU ones straight into
    /// the text (the others are formatted in [`Self::inst`]); `false` for any other instruction,
    /// with nothing written.
    fn put_head(&mut self, inst: &Inst) -> bool {
        let (o, n) = (&mut self.out, &self.names);
        let head = |o: &mut String, pred: Option<Pred>, name: &str| {
            o.push_str("    ");
            let _ = put_pred(o, n, pred);
            o.push_str(name);
        };
        match inst {
            Inst::Movs { exec, dst, src } => {
                head(o, None, "movs ");
                put_named_dst_src(o, n, *exec, n.surface(*dst), "(0) ", src);
            }
            Inst::Call { pred, exec, target }
            | Inst::Jmp { pred, exec, target }
            | Inst::Goto { pred, exec, target } => {
                let name = match inst {
                    Inst::Call { .. } => "call ",
                    Inst::Jmp { .. } => "jmp ",
                    _ => "goto ",
                };
                head(o, *pred, name);
                let _ = put_exec(o, *exec);
                o.push(' ');
                o.push_str(n.label(*target));
            }
            Inst::MinMax { max, sat, exec, dst, src0, src1 } => {
                head(o, None, "");
                put_alu_operands(o, n, if *max { "max" } else { "min" }, *sat, *exec, dst, [src0, src1]);
            }
            Inst::Setp { exec, dst, src } => {
                head(o, None, "setp ");
                put_named_dst_src(o, n, *exec, n.pred(*dst), " ", src);
            }
            Inst::Ret { pred, exec } => {
                head(o, *pred, "ret ");
                let _ = put_exec(o, *exec);
            }
            Inst::Cmp { rel, exec, dst, src0, src1 } => {
                head(o, None, "cmp.");
                o.push_str(rel.text());
                o.push(' ');
                let _ = put_exec(o, *exec);
                o.push(' ');
                let _ = match *dst {
                    CmpDst::Pred(p) => o.write_str(n.pred(p)),
                    CmpDst::Gen(g) => put_gdst(o, n, g),
                };
                for x in [src0, src1] {
                    o.push(' ');
                    let _ = put_src(o, n, x);
                }
            }
            Inst::AddcSubb { sub, pred, exec, dst, carry, src0, src1 } => {
                head(o, *pred, if *sub { "subb " } else { "addc " });
                let _ = put_exec(o, *exec);
                for d in [dst, carry] {
                    o.push(' ');
                    let _ = put_gdst(o, n, *d);
                }
                for x in [src0, src1] {
                    o.push(' ');
                    let _ = put_src(o, n, x);
                }
            }
            Inst::OwordLd { size, unaligned, surface, .. } => {
                head(o, None, if *unaligned { "oword_ld_unaligned (" } else { "oword_ld (" });
                let _ = put_num(o, size.count());
                o.push_str(") ");
                o.push_str(n.surface(*surface));
            }
            Inst::OwordSt { size, surface, .. } => {
                head(o, None, "oword_st (");
                let _ = put_num(o, size.count());
                o.push_str(") ");
                o.push_str(n.surface(*surface));
            }
            Inst::Gather { store, elt_size, exec, surface, .. } => {
                head(o, None, if *store { "scatter." } else { "gather." });
                let _ = put_num(o, *elt_size);
                o.push(' ');
                let _ = put_exec(o, *exec);
                o.push(' ');
                o.push_str(n.surface(*surface));
            }
            Inst::Scaled { store, pred, exec, blocks, surface, .. } => {
                head(o, *pred, if *store { "scatter_scaled." } else { "gather_scaled." });
                let _ = put_num(o, blocks.count());
                o.push(' ');
                let _ = put_exec(o, *exec);
                o.push(' ');
                o.push_str(n.surface(*surface));
            }
            Inst::SvmBlock { store, size, .. } => {
                head(o, None, if *store { "svm_block_st (" } else { "svm_block_ld (" });
                let _ = put_num(o, size.count());
                o.push(')');
            }
            Inst::RawSends { sendc, eot, pred, exec, sfid, num_src0, num_src1, num_dst, .. } => {
                head(o, *pred, "raw_sends");
                if *sendc {
                    o.push('c');
                }
                if *eot {
                    o.push_str("_eot");
                }
                o.push('.');
                // the text form of raw_sendsc has no shared function id (it is 0)
                if !*sendc {
                    let _ = put_num(o, *sfid);
                    o.push('.');
                }
                for (k, x) in [num_src0, num_src1, num_dst].into_iter().enumerate() {
                    if k > 0 {
                        o.push('.');
                    }
                    let _ = put_num(o, *x);
                }
                o.push(' ');
                let _ = put_exec(o, *exec);
            }
            _ => return false,
        }
        true
    }

    /// Writes a message's operands after its head, then ends the line.
    fn put_message_operands(&mut self, inst: &Inst) {
        if let Some(mut ops) = inst.message_operands() {
            if let Inst::SvmAtomic { .. } = inst {
                // svm_atomic's text lists the old values before the sources
                ops.as_mut_slice()[1..].rotate_right(1);
            }
            for o in ops {
                self.out.push(' ');
                let _ = match o {
                    MsgOperand::Src(x) => put_src(&mut self.out, &self.names, x),
                    MsgOperand::Raw(r) => put_raw(&mut self.out, &self.names, r),
                };
            }
        }
        self.out.push('\n');
    }
}

/// An LSC surface operand: `0x5` or a variable name.
fn lsc_surface_text(n: &TextNames, s: LscSurface) -> String {
    match s {
        LscSurface::Imm(i) => format!("0x{i:x}"),
        LscSurface::Var(v) => n.var(v).to_string(),
    }
}

/// The text of a fence: `fence_sw`, `fence_local[.flags]` or `fence_global[.flags]`.
pub fn fence_text(f: Fence) -> String {
    if f.sw_only {
        return "fence_sw".to_string();
    }
    let mut flags = String::new();
    for (on, c) in [
        (f.commit, "E"),
        (f.flush_i, "I"),
        (f.flush_s, "S"),
        (f.flush_c, "C"),
        (f.flush_r, "R"),
        (f.flush_l1, "L1"),
    ] {
        if on {
            flags.push_str(c);
        }
    }
    let base = if f.local { "fence_local" } else { "fence_global" };
    if flags.is_empty() {
        base.to_string()
    } else {
        format!("{base}.{flags}")
    }
}

/// `(M1, 16)`, `(M5_NM, 16)`, ...
pub fn exec_text(e: Exec) -> String {
    exec_fmt(e).to_string()
}

/// An execution size and mask as `(M1, 16)`, written straight into the text being formatted.
fn exec_fmt(e: Exec) -> impl std::fmt::Display {
    Fmt(move |f| put_exec(f, e))
}

fn escape(s: &str) -> String {
    let mut o = String::new();
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c => o.push(c),
        }
    }
    o
}

/// Writes one kernel as a complete `.visaasm` file.
pub fn write_text(k: &Kernel) -> String {
    let mut out = String::with_capacity(unit_text_estimate(k));
    out.push_str(".version 4.1\n");
    write_unit(k, out)
}

/// Writes several units (kernels and `.global_function`s, as in one file with stack calls) as one
/// `.visaasm` file, in order.
pub fn write_text_file(units: &[Kernel]) -> String {
    let mut out = String::with_capacity(units.iter().map(unit_text_estimate).sum());
    out.push_str(".version 4.1\n");
    for (i, k) in units.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out = write_unit(k, out);
    }
    out
}

/// About the bytes of a unit's text (a line of some 48 bytes per declaration and instruction), to
/// reserve the text at once.
fn unit_text_estimate(k: &Kernel) -> usize {
    64 + 48 * (k.vars.len() + k.preds.len() + k.inputs.len() + k.body.len())
}

/// One unit: `.kernel` or `.global_function`, declarations, attributes and code. A function's name
/// is sanitized (an `fcall` names it by a bare identifier). Both kinds start their code with an
/// entry `.function` label: GenX_IR's flow graph builder fails ("Unknown error in Flow Graph") on
/// a `.global_function` that calls subroutines without one. Appended to `out`, which is returned.
fn write_unit(k: &Kernel, out: String) -> String {
    let mut w = W { names: TextNames::new(k), k, out };
    match k.unit {
        UnitKind::Kernel => {
            let _ = writeln!(w.out, ".kernel \"{}\"", escape(&k.name));
        }
        UnitKind::GlobalFunction => {
            let _ = writeln!(w.out, ".global_function \"{}\"", sanitize(&k.name));
        }
    }
    for (v, name) in k.vars.iter().zip(&w.names.vars) {
        let o = &mut w.out;
        o.push_str(".decl ");
        o.push_str(name);
        o.push_str(" v_type=G type=");
        o.push_str(v.ty.text());
        o.push_str(" num_elts=");
        let _ = put_num(o, v.num_elts);
        o.push_str(" align=");
        o.push_str(v.align.text());
        if let Some((base, off)) = v.alias {
            o.push_str(" alias=<");
            o.push_str(w.names.var(base));
            o.push_str(", ");
            let _ = put_num(o, off);
            o.push('>');
        }
        if v.input_output {
            o.push_str(" attrs={Input_Output}");
        }
        o.push('\n');
    }
    for (a, name) in k.addrs.iter().zip(&w.names.addrs) {
        let _ = writeln!(w.out, ".decl {} v_type=A num_elts={}", name, a.num_elts);
    }
    for (p, name) in k.preds.iter().zip(&w.names.preds) {
        let _ = writeln!(w.out, ".decl {} v_type=P num_elts={}", name, p.num_elts);
    }
    for (s, name) in k.samplers.iter().zip(&w.names.samplers) {
        let _ = writeln!(w.out, ".decl {} v_type=S num_elts={}", name, s.num_elts);
    }
    for (s, name) in k.surfaces.iter().zip(&w.names.surfaces) {
        let _ = writeln!(w.out, ".decl {} v_type=T num_elts={}", name, s.num_elts);
    }
    let explicit = k.inputs.iter().filter(|i| i.implicit == 0);
    for i in explicit.chain(k.inputs.iter().filter(|i| i.implicit != 0)) {
        let name = match i.target {
            InputTarget::Var(v) => w.names.var(v).to_string(),
            InputTarget::Surface(s) => w.names.surface(s).to_string(),
            InputTarget::Sampler(s) => w.names.samplers[s.0 as usize].clone(),
        };
        let dir = ImplicitKind::directive(i.implicit);
        let _ = writeln!(w.out, "{dir} {} offset={} size={}", name, i.offset, i.size);
    }
    for a in &k.attrs {
        let _ = write!(w.out, ".kernel_attr {}", a.name());
        let _ = match a {
            KernelAttr::Target3d(t) => writeln!(w.out, "=\"{}\"", if *t { "3d" } else { "cm" }),
            KernelAttr::SlmSize(n) | KernelAttr::PerThreadInputSize(n) => writeln!(w.out, "={n}"),
            KernelAttr::SimdSize(n) => writeln!(w.out, "={n}"),
            KernelAttr::NoBarrier => writeln!(w.out),
            KernelAttr::OutputAsmPath(p) => writeln!(w.out, "=\"{}\"", escape(p)),
            KernelAttr::ArgSize(n) | KernelAttr::RetValSize(n) | KernelAttr::NBarrierCnt(n) => {
                writeln!(w.out, "={n}")
            }
        };
    }
    let _ = writeln!(w.out, ".function \"{}\"", w.names.labels[0]);
    for inst in &k.body {
        w.inst(inst);
    }
    w.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_bare_identifiers_or_quoted() {
        assert_eq!(symbol("scale_linked"), "scale_linked");
        assert_eq!(symbol("_f2"), "_f2");
        assert_eq!(symbol("some.intrinsic"), "\"some.intrinsic\"");
        assert_eq!(symbol("2f"), "\"2f\"");
        assert_eq!(symbol(""), "\"\"");
        assert_eq!(symbol("a\"b\\c"), "\"a\\\"b\\\\c\"");
    }

    #[test]
    fn float_immediates() {
        assert_eq!(format_imm(Imm::F(1.0)), "1.0:f");
        assert_eq!(format_imm(Imm::F(-2.25)), "-2.25:f");
        assert_eq!(format_imm(Imm::F(0.0)), "0.0:f");
        assert_eq!(format_imm(Imm::F(1.5e-3)), "0.0015:f");
        assert_eq!(format_imm(Imm::F(1.5e20)), "1.5e+20:f");
        assert_eq!(format_imm(Imm::F(1.0e-20)), "1.0e-20:f");
        assert_eq!(format_imm(Imm::F(-0.0)), "0x80000000:f");
        assert_eq!(format_imm(Imm::F(f32::INFINITY)), "0x7f800000:f");
        assert_eq!(format_imm(Imm::F(f32::NAN)), "0x7fc00000:f");
        assert_eq!(format_imm(Imm::DF(2.0)), "2.0:df");
        assert_eq!(format_imm(Imm::DF(-1.0e-300)), "-1.0e-300:df");
        // never the bit-pattern trap "1:f", and always parseable back to the same value
        for v in [1.0f32, 0.1, 3.0e38, 1.0e-45, 16777216.0, 123456.79] {
            let s = format_f32(v);
            assert!(s.contains('.') || s.starts_with("0x"), "{s}");
            assert_eq!(s.parse::<f32>().unwrap().to_bits(), v.to_bits(), "{s}");
            assert_eq!((s.parse::<f64>().unwrap() as f32).to_bits(), v.to_bits(), "{s}");
            if let Some((_, e)) = s.split_once('e') {
                assert!(e.starts_with('+') || e.starts_with('-'), "{s}");
            }
        }
    }

    #[test]
    fn half_immediates_are_hex() {
        assert_eq!(format_imm(Imm::hf(1.0)), "0x3c00:hf");
        assert_eq!(format_imm(Imm::hf(2.0)), "0x4000:hf");
        assert_eq!(format_imm(Imm::hf(-0.5)), "0xb800:hf");
        assert_eq!(format_imm(Imm::hf(65504.0)), "0x7bff:hf");
        assert_eq!(format_imm(Imm::hf(1.0e6)), "0x7c00:hf");
        assert_eq!(format_imm(Imm::hf(2f32.powi(-24))), "0x1:hf");
        assert_eq!(format_imm(Imm::HF(0x3555)), "0x3555:hf");
        // round to nearest even: 1 + 2^-11 is a tie between 0x3c00 and 0x3c01
        assert_eq!(f32_to_f16_bits(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_f16_bits(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
    }

    #[test]
    fn integer_immediates() {
        assert_eq!(format_imm(Imm::D(-7)), "-7:d");
        assert_eq!(format_imm(Imm::D(i32::MIN)), "-2147483648:d");
        assert_eq!(format_imm(Imm::W(-1)), "-1:w");
        assert_eq!(format_imm(Imm::B(-128)), "-128:b");
        assert_eq!(format_imm(Imm::UD(5)), "5:ud");
        assert_eq!(format_imm(Imm::UD(u32::MAX)), "0xffffffff:ud");
        assert_eq!(format_imm(Imm::Q(-2)), "-2:q");
        assert_eq!(format_imm(Imm::Q(i64::MIN)), "0x8000000000000000:q");
        assert_eq!(format_imm(Imm::UQ(1 << 40)), "0x10000000000:uq");
        assert_eq!(format_imm(Imm::UV(0x76543210)), "0x76543210:uv");
        assert_eq!(format_imm(Imm::VF(0x50484030)), "0x50484030:vf");
    }

    #[test]
    fn mangling() {
        assert_eq!(mangle("V_", "sel"), "V_sel");
        assert_eq!(mangle("V_", "flat"), "V_flat");
        assert_eq!(mangle("V_", "a.b-c%d"), "V_a_b_c_d");
        assert_eq!(mangle("V_", "0x"), "V_0x");
        assert_eq!(mangle("V_", ""), "V_");
        assert_eq!(sanitize("9lives"), "_9lives");
        assert_eq!(sanitize(""), "_");
        assert_eq!(sanitize("ok_1"), "ok_1");
        let valid = |s: &str| {
            s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        for n in ["", "1", "add", "%r0", "a b", "é"] {
            assert!(valid(&mangle("V_", n)), "{n}");
            assert!(valid(&sanitize(n)), "{n}");
        }
    }

    #[test]
    fn names_are_unique_and_prefixed() {
        let mut k = Kernel::new("k-1");
        k.add_var("x", VisaType::D, 1, Align::Dword);
        k.add_var("x", VisaType::D, 1, Align::Dword);
        k.add_var("x.1", VisaType::D, 1, Align::Dword);
        k.add_pred("x", 1);
        k.add_label("k_1_main");
        k.add_label("ret");
        let n = TextNames::new(&k);
        assert_eq!(n.vars, ["V_x", "V_x_1", "V_x_1_1"]);
        assert_eq!(n.preds, ["P_x"]);
        assert_eq!(n.labels, ["k_1_main", "L_k_1_main", "L_ret"]);
    }

    #[test]
    fn layout_and_determinism() {
        let mut k = Kernel::new("demo");
        let a = k.add_var("mov", VisaType::D, 16, Align::Grf);
        let b = k.add_alias("b", VisaType::W, 32, Align::Grf, a, 0);
        let l = k.add_label("L");
        k.add_input(InputTarget::Var(a), 32, 64);
        k.attrs.push(KernelAttr::Target3d(false));
        k.push(Inst::Label(l));
        k.push(alu(
            AluOp::Add,
            Exec::new(16),
            Dst::new(b, 0),
            vec![Src::vec(b, 0).into(), Imm::W(-1).into()],
        ));
        k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
        let t = write_text(&k);
        assert_eq!(t, write_text(&k.clone()));
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], ".version 4.1");
        assert_eq!(lines[1], ".kernel \"demo\"");
        assert_eq!(lines[2], ".decl V_mov v_type=G type=d num_elts=16 align=GRF");
        assert_eq!(lines[3], ".decl V_b v_type=G type=w num_elts=32 align=GRF alias=<V_mov, 0>");
        assert_eq!(lines[4], ".input V_mov offset=32 size=64");
        assert_eq!(lines[5], ".kernel_attr Target=\"cm\"");
        assert_eq!(lines[6], ".function \"demo_main\"");
        assert_eq!(lines[7], "L_L:");
        assert_eq!(lines[8], "    add (M1, 16) V_b(0,0)<1> V_b(0,0)<1;1,0> -1:w");
        assert_eq!(lines[9], "    ret (M1, 1)");
    }

    #[test]
    fn operand_forms() {
        let mut k = Kernel::new("ops");
        let v = k.add_var("v", VisaType::D, 16, Align::Grf);
        let a = k.add_addr("a", 1);
        let p = k.add_pred("p", 16);
        k.push(Inst::Alu {
            op: AluOp::Mov,
            pred: Some(Pred { id: p, inverse: true, ctrl: PredCtrl::Any }),
            sat: true,
            exec: Exec::nm(8).at(2),
            dst: DstOp::Ind(IndDst { addr: a, addr_elem: 0, byte_offset: -4, ty: VisaType::D, hstride: 1 }),
            srcs: vec![SrcOp::Gen(Src::region(v, 0, 3, Region::new(8, 4, 2)).with(SrcMod::NegAbs))],
        });
        k.push(Inst::Fence(Fence { commit: true, flush_l1: true, ..Fence::default() }));
        k.push(Inst::Fence(Fence { local: true, ..Fence::default() }));
        let t = write_text(&k);
        assert!(
            t.contains("    (!P_p.any) mov.sat (M3_NM, 8) r[A_a(0),-4]<1>:d (-abs)V_v(0,3)<8;4,2>\n"),
            "{t}"
        );
        assert!(t.contains("    fence_global.EL1\n    fence_local\n"), "{t}");
        assert!(k.validate().is_ok());
    }

    #[test]
    fn message_operands_are_one_walk() {
        let mut k = Kernel::new("msg");
        let desc = k.add_var("desc", VisaType::UD, 1, Align::Dword);
        let hdr = k.add_var("hdr", VisaType::UD, 8, Align::Grf);
        let data = k.add_var("data", VisaType::UD, 16, Align::Grf);
        let sends = Inst::RawSends {
            sendc: false,
            eot: false,
            pred: None,
            exec: Exec::nm(8),
            sfid: 10,
            num_src0: 1,
            num_src1: 1,
            num_dst: 1,
            exdesc: Imm::UD(0x40).into(),
            desc: Src::scalar(desc, 0).into(),
            src0: Raw::of(hdr),
            src1: Raw { var: data, offset: 32 },
            dst: Raw::of(VarId(99)),
        };
        let ops = sends.message_operands().expect("raw_sends is a message");
        let raws: Vec<Raw> =
            ops.into_iter().filter_map(|o| if let MsgOperand::Raw(r) = o { Some(r) } else { None }).collect();
        assert_eq!(ops.as_slice().len(), 5);
        assert_eq!(raws, [Raw::of(hdr), Raw { var: data, offset: 32 }, Raw::of(VarId(99))]);
        assert!(alu(AluOp::Mov, Exec::new(1), Dst::new(desc, 0), vec![Imm::UD(0).into()])
            .message_operands()
            .is_none());
        let atomic = Inst::SvmAtomic {
            op: AtomicOp::Cmpxchg,
            bits: 32,
            pred: None,
            exec: Exec::new(8),
            addresses: Raw::of(hdr),
            src0: Raw::of(data),
            src1: Raw { var: data, offset: 32 },
            dst: Raw::of(desc),
        };
        k.push(sends);
        k.push(atomic);
        // the validator walks the operands
        let errs = k.validate().unwrap_err().join("\n");
        assert!(errs.contains("inst 0: unknown variable V99"), "{errs}");
        if let Inst::RawSends { dst, .. } = &mut k.body[0] {
            *dst = Raw::NULL;
        }
        assert_eq!(k.validate(), Ok(()));
        // the text lists them after the head; svm_atomic puts the old values first
        let t = write_text(&k);
        assert!(
            t.contains(
                "    raw_sends.10.1.1.1 (M1_NM, 8) 64:ud V_desc(0,0)<0;1,0> V_hdr.0 V_data.32 %null.0\n"
            ),
            "{t}"
        );
        assert!(t.contains("    svm_atomic.cmpxchg (M1, 8) V_hdr.0 V_desc.0 V_data.0 V_data.32\n"), "{t}");
    }

    #[test]
    fn validate_reports_errors() {
        let mut k = Kernel::new("bad");
        let v = k.add_var("v", VisaType::D, 16, Align::Grf);
        let l = k.add_label("nowhere");
        k.push(alu(AluOp::Add, Exec::new(12), Dst::new(v, 0), vec![Src::vec(v, 0).into()]));
        k.push(Inst::Goto { pred: None, exec: Exec::new(16), target: l });
        k.push(alu(AluOp::Mov, Exec::new(16), Dst::new(VarId(99), 0), vec![Src::vec(v, 0).into()]));
        let errs = k.validate().unwrap_err();
        let all = errs.join("\n");
        assert!(all.contains("invalid exec size 12"), "{all}");
        assert!(all.contains("takes 2 sources"), "{all}");
        assert!(all.contains("never placed"), "{all}");
        assert!(all.contains("unknown variable V99"), "{all}");
    }
}
