//! Valid-ish GenX LLVM IR from fuzz bytes, so the back end (import, lowering, region
//! legalization, register allocation, instruction selection, vISA writers) gets deep coverage
//! instead of stopping at LLVM's parser.
//!
//! The bytes steer a small program generator: one kernel with surface and general arguments and a
//! straight-line body of oword loads and stores, arithmetic, casts, element operations and
//! `rdregion`/`wrregion` calls with arbitrary (often legal, sometimes not) region operands. The
//! text is always syntactically valid and type-correct for LLVM, so every input reaches genxc's own
//! code. Exhausted bytes read as zeros, so every byte string gives a program.
//!
//! Shared by the `pipeline` fuzz target and genxc's regular test suite (`tests/fuzz_regressions.rs`).

use std::collections::BTreeSet;
use std::fmt::Write;

/// Reads choices from fuzz bytes; past the end every choice is the first.
pub struct Choices<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Choices<'a> {
    /// Choices read from `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Choices { data, pos: 0 }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// A choice in `0..n` (0 when `n` <= 1).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let v = if n > 256 {
            usize::from(self.byte()) << 8 | usize::from(self.byte())
        } else {
            self.byte().into()
        };
        v % n
    }

    /// One of `xs` (which must not be empty).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    /// True when every byte was read.
    pub fn exhausted(&self) -> bool {
        self.pos >= self.data.len()
    }
}

/// An element type of a generated program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum E {
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `half`.
    Half,
    /// `float`.
    Float,
    /// `double`.
    Double,
}

impl E {
    /// The LLVM IR spelling.
    pub fn ir(self) -> &'static str {
        match self {
            E::I8 => "i8",
            E::I16 => "i16",
            E::I32 => "i32",
            E::I64 => "i64",
            E::Half => "half",
            E::Float => "float",
            E::Double => "double",
        }
    }

    /// The spelling in overloaded intrinsic names (`f32` for `float`).
    pub fn mangle(self) -> &'static str {
        match self {
            E::I8 => "i8",
            E::I16 => "i16",
            E::I32 => "i32",
            E::I64 => "i64",
            E::Half => "f16",
            E::Float => "f32",
            E::Double => "f64",
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> u32 {
        match self {
            E::I8 => 1,
            E::I16 | E::Half => 2,
            E::I32 | E::Float => 4,
            E::I64 | E::Double => 8,
        }
    }

    /// A floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, E::Half | E::Float | E::Double)
    }
}

const ELEMS: &[E] = &[E::I32, E::Float, E::I32, E::Float, E::I16, E::Half, E::I8, E::I64, E::Double];
const SIZES: &[u32] = &[1, 2, 4, 8, 8, 16, 16, 32, 3, 12, 64];

/// A value type: element and count (1 is a scalar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct T(pub E, pub u32);

impl T {
    /// The LLVM IR spelling (`<8 x i32>`, or the element type for a scalar).
    pub fn ir(self) -> String {
        if self.1 == 1 {
            self.0.ir().to_string()
        } else {
            format!("<{} x {}>", self.1, self.0.ir())
        }
    }

    /// The spelling in overloaded intrinsic names (`v8i32`, `i32`).
    pub fn mangle(self) -> String {
        if self.1 == 1 {
            self.0.mangle().to_string()
        } else {
            format!("v{}{}", self.1, self.0.mangle())
        }
    }

    /// Bytes of the whole value.
    pub fn bytes(self) -> u32 {
        self.0.bytes() * self.1
    }
}

/// A generated kernel: LLVM IR text and the platform to compile it for.
pub struct Program {
    /// The module as `.ll` text.
    pub text: String,
    /// Platform name as `--platform` takes it.
    pub platform: &'static str,
}

struct Gen<'a, 'b> {
    c: &'b mut Choices<'a>,
    body: String,
    decls: BTreeSet<String>,
    values: Vec<(String, T)>,
    surfaces: Vec<String>,
    next: u32,
}

impl Gen<'_, '_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn constant(&mut self, t: T) -> String {
        let one = |c: &mut Choices<'_>| -> String {
            if t.0.is_float() {
                c.pick(&["0.0", "1.0", "-1.0", "0.5", "2.0", "3.0e+00"]).to_string()
            } else {
                c.pick(&["0", "1", "-1", "7", "100", "255"]).to_string()
            }
        };
        if t.1 == 1 {
            return one(self.c);
        }
        match self.c.below(4) {
            0 => "zeroinitializer".into(),
            1 => "undef".into(),
            _ => {
                let v = one(self.c);
                let elems: Vec<String> = (0..t.1).map(|_| format!("{} {v}", t.0.ir())).collect();
                format!("<{}>", elems.join(", "))
            }
        }
    }

    /// A value of type `t`: an existing one when there is one (most of the time), else a constant.
    fn operand(&mut self, t: T) -> String {
        let same: Vec<String> =
            self.values.iter().filter(|(_, vt)| *vt == t).map(|(n, _)| n.clone()).collect();
        if !same.is_empty() && self.c.below(5) != 0 {
            return self.c.pick(&same.iter().map(String::as_str).collect::<Vec<_>>()).to_string();
        }
        self.constant(t)
    }

    fn any_value(&mut self) -> Option<(String, T)> {
        if self.values.is_empty() {
            return None;
        }
        let i = self.c.below(self.values.len());
        Some(self.values[i].clone())
    }

    fn any_type(&mut self) -> T {
        T(self.c.pick(ELEMS), self.c.pick(SIZES))
    }

    fn emit(&mut self, line: String, result: Option<(String, T)>) {
        let _ = writeln!(self.body, "  {line}");
        if let Some(r) = result {
            self.values.push(r);
        }
    }

    fn surface(&mut self) -> String {
        if self.c.below(8) == 0 {
            return self.c.pick(&["254", "0", "%g0"]).to_string();
        }
        let s: Vec<&str> = self.surfaces.iter().map(String::as_str).collect();
        self.c.pick(&s).to_string()
    }

    fn step(&mut self) {
        match self.c.below(11) {
            0 => {
                let t = T(self.c.pick(ELEMS), self.c.pick(&[4, 8, 16, 32, 8, 3]));
                let t = T(t.0, (t.1 * 4 / t.0.bytes()).max(1));
                let name =
                    format!("llvm.genx.oword.ld{}.{}", ["", ".unaligned"][self.c.below(2)], t.mangle());
                self.decls.insert(format!("declare {} @{name}(i32, i32, i32)", t.ir()));
                let (r, s) = (self.fresh(), self.surface());
                let modified = self.c.pick(&["0", "0", "0", "1"]);
                let off = self.c.pick(&["0", "1", "4", "%g0"]);
                self.emit(
                    format!("{r} = call {} @{name}(i32 {modified}, i32 {s}, i32 {off})", t.ir()),
                    Some((r, t)),
                );
            }
            1 => {
                let Some((v, t)) = self.any_value() else { return };
                let name = format!("llvm.genx.oword.st.{}", t.mangle());
                self.decls.insert(format!("declare void @{name}(i32, i32, {})", t.ir()));
                let (s, off) = (self.surface(), self.c.pick(&["0", "2", "%g0"]));
                self.emit(format!("call void @{name}(i32 {s}, i32 {off}, {} {v})", t.ir()), None);
            }
            2 | 3 => {
                let Some((a, t)) = self.any_value() else { return };
                let ops: &[&str] = if t.0.is_float() {
                    &["fadd", "fsub", "fmul", "fdiv", "frem"]
                } else {
                    &["add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "sdiv", "udiv", "srem"]
                };
                let op = self.c.pick(ops);
                let b = self.operand(t);
                let r = self.fresh();
                self.emit(format!("{r} = {op} {} {a}, {b}", t.ir()), Some((r, t)));
            }
            4 => {
                let Some((a, t)) = self.any_value() else { return };
                let to = T(self.c.pick(ELEMS), t.1);
                let op = match (t.0.is_float(), to.0.is_float()) {
                    (false, false) if to.0.bytes() > t.0.bytes() => self.c.pick(&["sext", "zext"]),
                    (false, false) if to.0.bytes() < t.0.bytes() => "trunc",
                    (true, true) if to.0.bytes() > t.0.bytes() => "fpext",
                    (true, true) if to.0.bytes() < t.0.bytes() => "fptrunc",
                    (false, true) => self.c.pick(&["sitofp", "uitofp"]),
                    (true, false) => self.c.pick(&["fptosi", "fptoui"]),
                    _ => "bitcast",
                };
                let r = self.fresh();
                self.emit(format!("{r} = {op} {} {a} to {}", t.ir(), to.ir()), Some((r, to)));
            }
            5 => {
                let Some((a, t)) = self.any_value() else { return };
                if t.1 == 1 {
                    return;
                }
                let r = self.fresh();
                let i = self.c.below(t.1 as usize + 1);
                if self.c.below(2) == 0 {
                    self.emit(format!("{r} = extractelement {} {a}, i32 {i}", t.ir()), Some((r, T(t.0, 1))));
                } else {
                    let e = self.operand(T(t.0, 1));
                    self.emit(
                        format!("{r} = insertelement {} {a}, {} {e}, i32 {i}", t.ir(), t.0.ir()),
                        Some((r, t)),
                    );
                }
            }
            6 => {
                let Some((a, t)) = self.any_value() else { return };
                if t.1 == 1 {
                    return;
                }
                let n = self.c.pick(SIZES).max(2);
                let mask: Vec<String> = (0..n)
                    .map(|_| {
                        let m = self.c.below(2 * t.1 as usize + 1);
                        if m == 2 * t.1 as usize {
                            "i32 undef".into()
                        } else {
                            format!("i32 {m}")
                        }
                    })
                    .collect();
                let b = self.operand(t);
                let r = self.fresh();
                self.emit(
                    format!(
                        "{r} = shufflevector {ty} {a}, {ty} {b}, <{n} x i32> <{}>",
                        mask.join(", "),
                        ty = t.ir()
                    ),
                    Some((r, T(t.0, n))),
                );
            }
            7 => {
                let Some((a, t)) = self.any_value() else { return };
                if t.0 == E::I8 && self.c.below(2) == 0 {
                    return;
                }
                let n = self.c.pick(SIZES);
                let rt = T(t.0, n);
                let kind = if t.0.is_float() { "f" } else { "i" };
                let name = format!("llvm.genx.rdregion{kind}.{}.{}.i16", rt.mangle(), t.mangle());
                self.decls.insert(format!(
                    "declare {} @{name}({}, i32, i32, i32, i16, i32)",
                    rt.ir(),
                    t.ir()
                ));
                let (vs, w, st) = self.region_params(n);
                let idx = self.index(t);
                let r = self.fresh();
                self.emit(
                    format!(
                        "{r} = call {} @{name}({} {a}, i32 {vs}, i32 {w}, i32 {st}, i16 {idx}, i32 undef)",
                        rt.ir(),
                        t.ir()
                    ),
                    Some((r, rt)),
                );
            }
            8 | 9 => {
                let Some((old, t)) = self.any_value() else { return };
                let n = *SIZES.iter().filter(|&&s| s <= t.1).nth(self.c.below(6)).unwrap_or(&1);
                let nt = T(t.0, n);
                let new = self.operand(nt);
                let kind = if t.0.is_float() { "f" } else { "i" };
                let mask_t =
                    if n == 1 || self.c.below(4) != 0 { "i1".to_string() } else { format!("<{n} x i1>") };
                let mask = if mask_t == "i1" {
                    self.c.pick(&["true", "true", "true", "false"]).to_string()
                } else {
                    format!("<{}>", vec!["i1 true"; n as usize].join(", "))
                };
                let mm = if mask_t == "i1" { "i1".to_string() } else { format!("v{n}i1") };
                let name = format!("llvm.genx.wrregion{kind}.{}.{}.i16.{mm}", t.mangle(), nt.mangle());
                self.decls.insert(format!(
                    "declare {} @{name}({}, {}, i32, i32, i32, i16, i32, {mask_t})",
                    t.ir(),
                    t.ir(),
                    nt.ir()
                ));
                let (vs, w, st) = self.region_params(n);
                let idx = self.index(t);
                let r = self.fresh();
                self.emit(
                    format!(
                        "{r} = call {} @{name}({} {old}, {} {new}, i32 {vs}, i32 {w}, i32 {st}, i16 {idx}, i32 undef, {mask_t} {mask})",
                        t.ir(),
                        t.ir(),
                        nt.ir()
                    ),
                    Some((r, t)),
                );
            }
            _ => {
                let axis = self.c.pick(&["x", "y", "z"]);
                self.decls.insert(format!("declare i32 @llvm.genx.group.id.{axis}()"));
                let r = self.fresh();
                self.emit(format!("{r} = call i32 @llvm.genx.group.id.{axis}()"), Some((r, T(E::I32, 1))));
            }
        }
    }

    /// vstride, width and stride for a region of `n` elements: mostly legal, sometimes not.
    fn region_params(&mut self, n: u32) -> (i64, i64, i64) {
        let widths: Vec<u32> = (1..=n).filter(|w| n.is_multiple_of(*w)).collect();
        let w = if self.c.below(10) == 0 {
            i64::from(self.c.pick(&[0, 3, 5]))
        } else {
            i64::from(self.c.pick(&widths))
        };
        let st = i64::from(self.c.pick(&[1, 1, 2, 0, 4, 3]));
        let vs = if self.c.below(2) == 0 { w * st } else { i64::from(self.c.pick(&[0, 1, 2, 4, 8, 16, 32])) };
        (vs, w, if self.c.below(16) == 0 { -1 } else { st })
    }

    /// A start index (in bytes) into a value of type `t`: constant, or sometimes variable.
    fn index(&mut self, t: T) -> String {
        match self.c.below(12) {
            0 => {
                let i16s: Vec<String> = self
                    .values
                    .iter()
                    .filter(|(_, vt)| *vt == T(E::I16, 1))
                    .map(|(n, _)| n.clone())
                    .collect();
                i16s.first().cloned().unwrap_or_else(|| "undef".into())
            }
            1 => format!("{}", t.bytes()),
            _ => format!(
                "{}",
                self.c.below(t.1 as usize) as u32 * t.0.bytes() + u32::from(self.c.below(16) == 0)
            ),
        }
    }
}

/// The program the bytes describe.
pub fn program(data: &[u8]) -> Program {
    let mut c = Choices::new(data);
    let platform = c.pick(&["tgllp", "skl", "dg2", "pvc", "icllp", "mtl"]);
    let nsurf = 1 + c.below(2);
    let mut params = Vec::new();
    let mut kinds = Vec::new();
    let mut g = Gen {
        c: &mut c,
        body: String::new(),
        decls: BTreeSet::new(),
        values: Vec::new(),
        surfaces: Vec::new(),
        next: 0,
    };
    for i in 0..nsurf {
        params.push(format!("i32 %s{i}"));
        kinds.push(2);
        g.surfaces.push(format!("%s{i}"));
    }
    params.push("i32 %g0".into());
    kinds.push(0);
    g.values.push(("%g0".into(), T(E::I32, 1)));
    for i in 0..g.c.below(3) {
        let t = g.any_type();
        params.push(format!("{} %a{i}", t.ir()));
        kinds.push(0);
        g.values.push((format!("%a{i}"), t));
    }
    let steps = 1 + g.c.below(24);
    for _ in 0..steps {
        if g.c.exhausted() && !g.values.is_empty() && g.c.below(2) == 0 {
            break;
        }
        g.step();
    }
    let mut text = String::from("target triple = \"genx64-unknown-unknown\"\n\n");
    for d in &g.decls {
        let _ = writeln!(text, "{d}");
    }
    let tys: Vec<String> =
        params.iter().map(|p| p.rsplit_once(' ').map_or(p.clone(), |(t, _)| t.to_string())).collect();
    let _ = writeln!(
        text,
        "\ndefine dllexport spir_kernel void @k({}) #0 {{\nentry:\n{}  ret void\n}}\n",
        params.join(", "),
        g.body
    );
    let _ = writeln!(text, "attributes #0 = {{ noinline nounwind \"CMGenxMain\" }}\n");
    let list = |xs: &[String]| xs.join(", ");
    let kind_list: Vec<String> = kinds.iter().map(|k| format!("i32 {k}")).collect();
    let zeros: Vec<String> = kinds.iter().map(|_| "i32 0".to_string()).collect();
    let descs: Vec<String> =
        kinds.iter().map(|k| if *k == 2 { "!\"buffer_t\"" } else { "!\"\"" }.to_string()).collect();
    let _ = writeln!(
        text,
        "!genx.kernels = !{{!0}}\n!0 = !{{void ({})* @k, !\"k\", !1, i32 0, !2, !3, !4, i32 0}}\n!1 = !{{{}}}\n!2 = !{{{}}}\n!3 = !{{{}}}\n!4 = !{{{}}}",
        tys.join(", "),
        list(&kind_list),
        list(&zeros),
        list(&zeros),
        list(&descs)
    );
    Program { text, platform }
}
