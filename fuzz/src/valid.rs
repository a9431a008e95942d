//! Valid GenX kernels from fuzz bytes: programs whose behaviour is fully defined, so a compiled
//! kernel can be run in the vISA simulator and its input in the reference interpreter and the two
//! memories compared byte for byte (the `differential` fuzz target, `tests/random_kernels.rs`).
//!
//! Where [`super::gen`] makes any type-correct program, this generator keeps every program inside
//! the semantics both executors define:
//!
//! * No undefined value is computed or stored: no `undef` operand, no out-of-range element index,
//!   every region lies inside its vector and a written region has distinct elements; integer
//!   division has a divisor in 1..=7, shift amounts are masked to the bit width.
//! * Floating-point values never become NaN or infinite: every value carries a bound on its
//!   magnitude, and an operation whose bound exceeds the type's limit is followed by a clamp;
//!   loaded floats (random bits) go through a range check that replaces NaN and large values;
//!   conversions to integers clamp to the target's range first.
//! * Control flow is uniform and bounded: `if`/`else` on scalar conditions, do-while loops with a
//!   constant trip count (1..=4) or a masked one (`n & 3`), nesting depth at most 2. Per-lane
//!   choices are vector selects and masked `wrregion`s (no SIMD control flow).
//! * Memory: reads come from the input surface `in`, the first half of the SVM buffer and the
//!   first 128 rows of the image; every thread writes only its own slot (of the output surface,
//!   the SVM buffer's second half, the image's lower rows), and every store (counting each loop
//!   iteration) gets its own bytes, so the result does not depend on the order of messages or
//!   threads. Dword atomics work on a per-thread area with distinct lanes.
//!
//! The launch must have at most [`MAX_THREADS`] threads, laid out along group x/y and local x
//! (the slot index is the linear thread id). Exhausted bytes read as zeros, so every byte string
//! gives a program.

use super::gen::{Choices, E, T};
use std::collections::BTreeSet;
use std::fmt::Write;

#[path = "valid/messages.rs"]
mod messages;

/// Threads of a launch that get their own output slot (more wrap around and share slots).
pub const MAX_THREADS: u32 = 8;
/// Bytes of the output surface each thread owns: stores first, then the atomics area.
pub const SLOT_BYTES: u32 = 8192;
/// Bytes of a slot that stores use; the rest is the atomics area.
const STORE_BYTES: u32 = 6144;
/// Bytes of the store area kept for the final stores of live values.
const FINAL_RESERVE: u32 = 1024;
/// Where the SVM buffer's per-thread output slots start, and each one's size.
const SVM_OUT: u32 = 32768;
const SVM_SLOT: u32 = 4096;
/// Rows of the image that are input; each thread owns `IMAGE_ROWS` rows below them, cut into
/// cells of 32 bytes by 8 rows (8 per band, 2 bands).
const IMAGE_IN_ROWS: u32 = 128;
const IMAGE_ROWS: u32 = 16;
const IMAGE_CELLS: u32 = 16;
/// Bytes of an image row (the launch's surface pitch).
const IMAGE_PITCH: u32 = 256;
/// Bytes of the input surface and SVM input area reads stay in.
const IN_BYTES: u32 = 32768;

/// Platforms a valid kernel is compiled for, as `-platform` takes them.
pub const PLATFORMS: [&str; 4] = ["skl", "tgllp", "dg2", "pvc"];

/// A generated valid kernel.
#[derive(Clone, Debug)]
pub struct ValidKernel {
    /// The module as `.ll` text; its kernel is `@k`.
    pub text: String,
    /// Platform to compile it for (one of [`PLATFORMS`]).
    pub platform: &'static str,
    /// Whether 64-bit types (`i64`, `double`) occur.
    pub wide: bool,
}

/// A value in scope: its name (or constant text), type and, for floats, a bound on |x|.
#[derive(Clone, Debug)]
struct Val {
    name: String,
    t: T,
    bound: f64,
}

/// An internal function: name, parameter types and result type.
#[derive(Clone, Debug)]
struct Func {
    name: String,
    params: Vec<T>,
    ret: T,
}

/// Where the running thread's output goes (names of kernel values) and how much is used.
#[derive(Clone, Debug)]
struct Mem {
    /// i32 byte offset of the thread's slot in the output surface.
    slot: String,
    /// i64 address of the thread's SVM output slot.
    svm_slot: String,
    /// i32 first image row the thread owns.
    img_row: String,
    /// Bytes of the store area given out.
    out_used: u32,
    /// Bytes of the SVM slot given out.
    svm_used: u32,
    /// Image cells given out.
    cells_used: u32,
}

/// The largest magnitude a float value of `e` may have before it is clamped (squares of it stay
/// finite in the next wider computation, and every clamp bound is exact in the type).
fn limit(e: E) -> f64 {
    match e {
        E::Half => 256.0,
        E::Float => 1.0e6,
        E::Double => 1.0e12,
        _ => f64::INFINITY,
    }
}

/// A float constant as LLVM IR reads it (only values exact in half are used).
fn fconst(x: f64) -> String {
    format!("{x:.6e}")
}

/// The range of an integer element type as (min, max) of its signed view.
fn int_range(e: E) -> (i64, i64) {
    match e {
        E::I8 => (-128, 127),
        E::I16 => (-32768, 32767),
        E::I32 => (i64::from(i32::MIN), i64::from(i32::MAX)),
        _ => (i64::MIN, i64::MAX),
    }
}

fn bits(e: E) -> u32 {
    e.bytes() * 8
}

/// Predicate widths genxc compiles. Compares of more than 32 lanes are valid CM, but genxc
/// rejects them ("a predicate of 64 lanes"): reported, avoided here.
const PRED_WIDTHS: &[u32] = &[1, 2, 3, 4, 8, 12, 16, 32];

const SIZES: &[u32] = &[1, 2, 4, 8, 8, 16, 16, 32, 3, 12];
const NARROW: &[E] = &[E::I32, E::Float, E::I32, E::Float, E::I16, E::Half, E::I8];
const WIDE_INT: &[E] = &[E::I32, E::Float, E::I32, E::Float, E::I16, E::Half, E::I8, E::I64];
const WIDE: &[E] = &[E::I32, E::Float, E::I32, E::Float, E::I16, E::Half, E::I8, E::I64, E::Double];

struct Gen<'a, 'b> {
    c: &'b mut Choices<'a>,
    decls: BTreeSet<String>,
    body: String,
    vals: Vec<Val>,
    /// Vector (and scalar) predicates in scope: name and width.
    preds: Vec<(String, u32)>,
    next: u32,
    block: String,
    depth: u32,
    steps: u32,
    /// Enclosing loops, outermost first: counter name and most iterations.
    loops: Vec<(String, u32)>,
    mem: Option<Mem>,
    funcs: Vec<Func>,
    elems: &'static [E],
    platform: &'static str,
}

impl Gen<'_, '_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn label(&mut self, what: &str) -> String {
        self.next += 1;
        format!("{what}{}", self.next)
    }

    fn emit(&mut self, line: &str) {
        let _ = writeln!(self.body, "  {line}");
    }

    fn start_block(&mut self, label: &str) {
        let _ = writeln!(self.body, "{label}:");
        self.block = label.to_string();
    }

    fn add(&mut self, name: String, t: T, bound: f64) -> Val {
        let v = Val { name, t, bound };
        self.vals.push(v.clone());
        v
    }

    fn declare(&mut self, d: String) {
        self.decls.insert(d);
    }

    /// `op` applied to `args`, the result named and added to scope.
    fn define(&mut self, t: T, bound: f64, rhs: String) -> Val {
        let r = self.fresh();
        self.emit(&format!("{r} = {rhs}"));
        self.add(r, t, bound)
    }

    fn elem(&mut self) -> E {
        self.c.pick(self.elems)
    }

    fn int_elem(&mut self) -> E {
        let ints: Vec<E> = self.elems.iter().copied().filter(|e| !e.is_float()).collect();
        self.c.pick(&ints)
    }

    fn size(&mut self, e: E) -> u32 {
        loop {
            let n = self.c.pick(SIZES);
            if n * e.bytes() <= 256 {
                return n;
            }
        }
    }

    /// One scalar constant of `e` and its magnitude.
    fn scalar_const(&mut self, e: E) -> (String, f64) {
        if e.is_float() {
            let x = self.c.pick(&[0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 0.25, 7.0, -0.125, 100.0]);
            (fconst(x), f64::abs(x))
        } else {
            let (lo, hi) = int_range(e);
            let x = self.c.pick(&[0i64, 1, -1, 2, 3, 7, 15, 100, -100, 127, -128, 255, 4096, -70000]);
            (x.clamp(lo, hi).to_string(), 0.0)
        }
    }

    /// A constant of type `t`: a splat or per-element values.
    fn constant(&mut self, t: T) -> Val {
        if t.1 == 1 {
            let (s, b) = self.scalar_const(t.0);
            return Val { name: s, t, bound: b };
        }
        let uniform = self.c.below(3) == 0;
        let first = self.scalar_const(t.0);
        let mut bound = first.1;
        let mut elems = Vec::new();
        for i in 0..t.1 {
            let (s, b) = if uniform || i == 0 { first.clone() } else { self.scalar_const(t.0) };
            bound = bound.max(b);
            elems.push(format!("{} {s}", t.0.ir()));
        }
        Val { name: format!("<{}>", elems.join(", ")), t, bound }
    }

    /// A splat constant of `t` with every element `s`.
    fn splat_text(t: T, s: &str) -> String {
        if t.1 == 1 {
            return s.to_string();
        }
        let e = format!("{} {s}", t.0.ir());
        format!("<{}>", vec![e; t.1 as usize].join(", "))
    }

    /// The lane numbers 0..n as an `<n x i32>` constant (scaled by `k`, xor `x`).
    fn lanes(n: u32, k: u32, x: u32) -> String {
        let e: Vec<String> = (0..n).map(|i| format!("i32 {}", (i ^ x) * k)).collect();
        format!("<{}>", e.join(", "))
    }

    /// A value in scope satisfying `f`, recent ones preferred.
    fn pick_val(&mut self, f: impl Fn(&Val) -> bool) -> Option<Val> {
        let ok: Vec<usize> = (0..self.vals.len()).filter(|&i| f(&self.vals[i])).collect();
        if ok.is_empty() {
            return None;
        }
        let i = if ok.len() > 6 && self.c.below(4) != 0 {
            ok[ok.len() - 1 - self.c.below(6)]
        } else {
            ok[self.c.below(ok.len())]
        };
        Some(self.vals[i].clone())
    }

    /// A value of type `t`: one in scope most of the time, else a constant.
    fn operand(&mut self, t: T) -> Val {
        if self.c.below(6) != 0 {
            if let Some(v) = self.pick_val(|v| v.t == t) {
                return v;
            }
        }
        self.constant(t)
    }

    fn any_val(&mut self) -> Option<Val> {
        self.pick_val(|_| true)
    }

    /// An i32 scalar (value in scope or constant) for offsets, trip counts and conditions.
    fn i32_source(&mut self) -> String {
        if self.c.below(5) != 0 {
            if let Some(v) = self.pick_val(|v| v.t == T(E::I32, 1)) {
                return v.name;
            }
        }
        self.c.pick(&["5", "12", "1", "0"]).to_string()
    }

    /// Clamps a float value to [lo, hi] (which must be exact in its type), with selects or
    /// `genx.fmin`/`genx.fmax`.
    fn clamp_to(&mut self, v: Val, lo: f64, hi: f64) -> Val {
        let t = v.t;
        let ty = t.ir();
        let (lo_s, hi_s) = (Self::splat_text(t, &fconst(lo)), Self::splat_text(t, &fconst(hi)));
        let bound = lo.abs().max(hi.abs());
        if !Self::pred_ok(t.1) || self.c.below(2) == 0 {
            let m = t.mangle();
            self.declare(format!("declare {ty} @llvm.genx.fmin.{m}.{m}({ty}, {ty})"));
            self.declare(format!("declare {ty} @llvm.genx.fmax.{m}.{m}({ty}, {ty})"));
            let a = self.define(
                t,
                bound,
                format!("call {ty} @llvm.genx.fmin.{m}.{m}({ty} {}, {ty} {hi_s})", v.name),
            );
            return self.define(
                t,
                bound,
                format!("call {ty} @llvm.genx.fmax.{m}.{m}({ty} {}, {ty} {lo_s})", a.name),
            );
        }
        let pt = if t.1 == 1 { "i1".to_string() } else { format!("<{} x i1>", t.1) };
        let c1 = self.fresh();
        self.emit(&format!("{c1} = fcmp olt {ty} {}, {hi_s}", v.name));
        let a = self.define(t, bound, format!("select {pt} {c1}, {ty} {}, {ty} {hi_s}", v.name));
        let c2 = self.fresh();
        self.emit(&format!("{c2} = fcmp ogt {ty} {}, {lo_s}", a.name));
        self.define(t, bound, format!("select {pt} {c2}, {ty} {}, {ty} {lo_s}", a.name))
    }

    /// `v` itself when its bound is within its type's limit, else `v` clamped to the limit.
    /// A value over the limit leaves the scope (only its clamped form may be used).
    fn bounded(&mut self, v: Val) -> Val {
        let l = limit(v.t.0);
        if v.bound <= l {
            return v;
        }
        self.vals.retain(|w| w.name != v.name);
        self.clamp_to(v, -l, l)
    }

    /// A loaded float value (random bits: NaN, infinities, huge values) made safe: elements
    /// outside the type's limit (NaN included) become 0.
    fn sanitize(&mut self, raw: String, t: T) -> Val {
        let ty = t.ir();
        let l = limit(t.0);
        let pt = if t.1 == 1 { "i1".to_string() } else { format!("<{} x i1>", t.1) };
        let (lo, hi) = (Self::splat_text(t, &fconst(-l)), Self::splat_text(t, &fconst(l)));
        let (c1, s1, c2) = (self.fresh(), self.fresh(), self.fresh());
        let zero = Self::splat_text(t, &fconst(0.0));
        self.emit(&format!("{c1} = fcmp olt {ty} {raw}, {hi}"));
        self.emit(&format!("{s1} = select {pt} {c1}, {ty} {raw}, {ty} {zero}"));
        self.emit(&format!("{c2} = fcmp ogt {ty} {s1}, {lo}"));
        self.define(t, l, format!("select {pt} {c2}, {ty} {s1}, {ty} {zero}"))
    }

    /// The element type of a load of `bytes`: floats only where the sanitizing compare has a
    /// predicate width genxc compiles (else the same-sized integer).
    fn load_elem(&mut self, bytes: u32) -> E {
        let e = self.elem();
        if e.is_float() && !Self::pred_ok(bytes / e.bytes()) {
            return match e {
                E::Half => E::I16,
                E::Float => E::I32,
                _ => E::I64,
            };
        }
        e
    }

    /// A result of a memory read: floats sanitized, integers as they are.
    fn loaded(&mut self, raw: String, t: T) -> Val {
        if t.0.is_float() {
            self.sanitize(raw, t)
        } else {
            self.add(raw, t, 0.0)
        }
    }

    /// Whether a predicate of `n` lanes may be made (see [`PRED_WIDTHS`]).
    fn pred_ok(n: u32) -> bool {
        PRED_WIDTHS.contains(&n)
    }

    /// A predicate of width `n`: one in scope, a compare, or a constant.
    fn pred(&mut self, n: u32) -> String {
        let have: Vec<String> = self.preds.iter().filter(|p| p.1 == n).map(|p| p.0.clone()).collect();
        match self.c.below(4) {
            0 if !have.is_empty() => self.c.pick(&have.iter().map(String::as_str).collect::<Vec<_>>()).into(),
            1 => {
                let bits: Vec<String> =
                    (0..n).map(|_| format!("i1 {}", ["true", "false"][self.c.below(2)])).collect();
                if n == 1 {
                    "true".into()
                } else {
                    format!("<{}>", bits.join(", "))
                }
            }
            _ => self.compare(n),
        }
    }

    /// Emits a compare of two values of width `n`; returns the predicate.
    fn compare(&mut self, n: u32) -> String {
        let a = match self.pick_val(|v| v.t.1 == n) {
            Some(a) => a,
            None => {
                let e = self.elem();
                self.constant(T(e, n))
            }
        };
        let b = self.operand(a.t);
        let p = self.fresh();
        let op = if a.t.0.is_float() {
            format!("fcmp {}", self.c.pick(&["olt", "ole", "ogt", "oge", "oeq", "one", "ult", "une"]))
        } else {
            format!(
                "icmp {}",
                self.c.pick(&["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"])
            )
        };
        self.emit(&format!("{p} = {op} {} {}, {}", a.t.ir(), a.name, b.name));
        self.preds.push((p.clone(), n));
        p
    }

    // ----- arithmetic -------------------------------------------------------------------------

    fn int_binary(&mut self, a: Val) {
        let t = a.t;
        let ty = t.ir();
        let b = self.operand(t);
        let op = self.c.pick(&[
            "add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "udiv", "sdiv", "urem", "srem",
            "add", "mul", "smax", "umin",
        ]);
        let rhs = match op {
            "shl" | "lshr" | "ashr" => {
                let m = Self::splat_text(t, &(bits(t.0) - 1).to_string());
                let s = self.define(t, 0.0, format!("and {ty} {}, {m}", b.name));
                format!("{op} {ty} {}, {}", a.name, s.name)
            }
            "udiv" | "sdiv" | "urem" | "srem" => {
                if t.0 == E::I64 && self.c.below(2) == 0 {
                    return;
                }
                let seven = Self::splat_text(t, "7");
                let one = Self::splat_text(t, "1");
                let m = self.define(t, 0.0, format!("and {ty} {}, {seven}", b.name));
                let d = self.define(t, 0.0, format!("or {ty} {}, {one}", m.name));
                format!("{op} {ty} {}, {}", a.name, d.name)
            }
            "smax" | "umin" => {
                let kind = if op == "smax" { ["smax", "smin"] } else { ["umin", "umax"] }[self.c.below(2)];
                let m = t.mangle();
                self.declare(format!("declare {ty} @llvm.genx.{kind}.{m}.{m}({ty}, {ty})"));
                format!("call {ty} @llvm.genx.{kind}.{m}.{m}({ty} {}, {ty} {})", a.name, b.name)
            }
            _ => format!("{op} {ty} {}, {}", a.name, b.name),
        };
        self.define(t, 0.0, rhs);
    }

    fn float_binary(&mut self, a: Val) {
        let t = a.t;
        let ty = t.ir();
        let b = self.operand(t);
        let op = self.c.pick(&["fadd", "fsub", "fmul", "fadd", "fmul", "fdiv", "fneg", "fabs", "fmax"]);
        let v = match op {
            "fadd" | "fsub" => self.define(t, a.bound + b.bound, format!("{op} {ty} {}, {}", a.name, b.name)),
            "fmul" => self.define(t, a.bound * b.bound, format!("fmul {ty} {}, {}", a.name, b.name)),
            "fdiv" => {
                // The divisor is at least 1 in magnitude (else 2), so the quotient is bounded.
                let pt = if t.1 == 1 { "i1".to_string() } else { format!("<{} x i1>", t.1) };
                let (one, two) = (Self::splat_text(t, &fconst(1.0)), Self::splat_text(t, &fconst(2.0)));
                let d = if Self::pred_ok(t.1) && self.c.below(2) == 0 {
                    let p = self.fresh();
                    self.emit(&format!("{p} = fcmp oge {ty} {}, {one}", b.name));
                    self.define(t, b.bound.max(2.0), format!("select {pt} {p}, {ty} {}, {ty} {two}", b.name))
                } else {
                    let m = t.mangle();
                    self.declare(format!("declare {ty} @llvm.genx.fmax.{m}.{m}({ty}, {ty})"));
                    self.define(
                        t,
                        b.bound.max(1.0),
                        format!("call {ty} @llvm.genx.fmax.{m}.{m}({ty} {}, {ty} {one})", b.name),
                    )
                };
                self.define(t, a.bound, format!("fdiv {ty} {}, {}", a.name, d.name))
            }
            "fneg" => self.define(t, a.bound, format!("fneg {ty} {}", a.name)),
            "fabs" => {
                let m = t.mangle();
                self.declare(format!("declare {ty} @llvm.fabs.{m}({ty})"));
                self.define(t, a.bound, format!("call {ty} @llvm.fabs.{m}({ty} {})", a.name))
            }
            _ => {
                let kind = self.c.pick(&["fmax", "fmin"]);
                let m = t.mangle();
                self.declare(format!("declare {ty} @llvm.genx.{kind}.{m}.{m}({ty}, {ty})"));
                self.define(
                    t,
                    a.bound.max(b.bound),
                    format!("call {ty} @llvm.genx.{kind}.{m}.{m}({ty} {}, {ty} {})", a.name, b.name),
                )
            }
        };
        self.bounded(v);
    }

    fn arith(&mut self) {
        let Some(a) = self.any_val() else { return };
        if a.t.0.is_float() {
            self.float_binary(a);
        } else {
            self.int_binary(a);
        }
    }

    fn select(&mut self) {
        let Some(a) = self.any_val() else { return };
        let b = self.operand(a.t);
        let scalar = a.t.1 == 1 || self.c.below(4) == 0 || !Self::pred_ok(a.t.1);
        let (p, pt) = if scalar {
            (self.pred(1), "i1".to_string())
        } else {
            (self.pred(a.t.1), format!("<{} x i1>", a.t.1))
        };
        let ty = a.t.ir();
        self.define(a.t, a.bound.max(b.bound), format!("select {pt} {p}, {ty} {}, {ty} {}", a.name, b.name));
    }

    fn bool_to_int(&mut self) {
        let n = self.c.pick(&[1, 8, 16, 4, 32, 2]);
        let p = self.pred(n);
        let pt = if n == 1 { "i1".to_string() } else { format!("<{n} x i1>") };
        let e = self.int_elem();
        let op = self.c.pick(&["zext", "sext"]);
        self.define(T(e, n), 0.0, format!("{op} {pt} {p} to {}", T(e, n).ir()));
    }

    fn cast(&mut self) {
        let Some(a) = self.any_val() else { return };
        let to = self.elem();
        let (from, n) = (a.t.0, a.t.1);
        let dt = T(to, n);
        let (fi, ti) = (a.t.ir(), dt.ir());
        match (from.is_float(), to.is_float()) {
            (false, false) => {
                if to.bytes() == from.bytes() {
                    // A reshaping bitcast between integer vectors of the same bytes.
                    let e2 = self.int_elem();
                    if n * from.bytes() % e2.bytes() != 0 {
                        return;
                    }
                    let t2 = T(e2, n * from.bytes() / e2.bytes());
                    self.define(t2, 0.0, format!("bitcast {fi} {} to {}", a.name, t2.ir()));
                    return;
                }
                let op = if to.bytes() < from.bytes() { "trunc" } else { self.c.pick(&["sext", "zext"]) };
                self.define(dt, 0.0, format!("{op} {fi} {} to {ti}", a.name));
            }
            (false, true) => {
                // Integers convert exactly or round; to half only from types that cannot overflow.
                let signed = self.c.below(2) == 0;
                if to == E::Half && !(from == E::I8 || from == E::I16 && signed) {
                    return;
                }
                let op = if signed { "sitofp" } else { "uitofp" };
                let bound =
                    if signed { 2f64.powi(bits(from) as i32 - 1) } else { 2f64.powi(bits(from) as i32) };
                let v = self.define(dt, bound, format!("{op} {fi} {} to {ti}", a.name));
                self.bounded(v);
            }
            (true, false) => {
                let signed = self.c.below(2) == 0;
                let (lo, hi): (f64, f64) = match (to, signed) {
                    (E::I8, true) => (-100.0, 100.0),
                    (E::I8, false) => (0.0, 200.0),
                    (E::I16, true) => (-30000.0, 30000.0),
                    (E::I16, false) => (0.0, 60000.0),
                    (_, true) => (-1.0e6, 1.0e6),
                    (_, false) => (0.0, 1.0e6),
                };
                let (lo, hi) = (lo.max(-limit(from)), hi.min(limit(from)));
                let src = if a.bound > hi || -a.bound < lo { self.clamp_to(a, lo, hi) } else { a };
                let op = if signed { "fptosi" } else { "fptoui" };
                self.define(dt, 0.0, format!("{op} {fi} {} to {ti}", src.name));
            }
            (true, true) => {
                if to.bytes() == from.bytes() {
                    // Bits of a float as integers of the same width.
                    let e2 = if from == E::Half {
                        E::I16
                    } else if from == E::Float {
                        E::I32
                    } else {
                        E::I64
                    };
                    self.define(T(e2, n), 0.0, format!("bitcast {fi} {} to {}", a.name, T(e2, n).ir()));
                } else if to.bytes() > from.bytes() {
                    self.define(dt, a.bound, format!("fpext {fi} {} to {ti}", a.name));
                } else {
                    let src = if a.bound > limit(to) { self.clamp_to(a, -limit(to), limit(to)) } else { a };
                    self.define(dt, src.bound, format!("fptrunc {fi} {} to {ti}", src.name));
                }
            }
        }
    }

    // ----- elements and regions ---------------------------------------------------------------

    fn element_op(&mut self) {
        let Some(a) = self.any_val() else { return };
        let ty = a.t.ir();
        let es = a.t.0.ir();
        match self.c.below(4) {
            0 if a.t.1 > 1 => {
                let i = self.c.below(a.t.1 as usize);
                self.define(T(a.t.0, 1), a.bound, format!("extractelement {ty} {}, i32 {i}", a.name));
            }
            1 if a.t.1 > 1 => {
                let e = self.operand(T(a.t.0, 1));
                let i = self.c.below(a.t.1 as usize);
                self.define(
                    a.t,
                    a.bound.max(e.bound),
                    format!("insertelement {ty} {}, {es} {}, i32 {i}", a.name, e.name),
                );
            }
            2 if a.t.1 > 1 => {
                let b = self.operand(a.t);
                let n = self.size(a.t.0).max(2);
                let mask: Vec<String> =
                    (0..n).map(|_| format!("i32 {}", self.c.below(2 * a.t.1 as usize))).collect();
                self.define(
                    T(a.t.0, n),
                    a.bound.max(b.bound),
                    format!(
                        "shufflevector {ty} {}, {ty} {}, <{n} x i32> <{}>",
                        a.name,
                        b.name,
                        mask.join(", ")
                    ),
                );
            }
            _ => {
                // A splat of a scalar (an element of a vector when there is no scalar).
                let s = if a.t.1 == 1 {
                    a
                } else {
                    let i = self.c.below(a.t.1 as usize);
                    self.define(T(a.t.0, 1), a.bound, format!("extractelement {ty} {}, i32 {i}", a.name))
                };
                let n = self.size(s.t.0).max(2);
                let one = self.fresh();
                self.emit(&format!(
                    "{one} = insertelement <1 x {es}> zeroinitializer, {es} {}, i32 0",
                    s.name
                ));
                self.define(
                    T(s.t.0, n),
                    s.bound,
                    format!("shufflevector <1 x {es}> {one}, <1 x {es}> zeroinitializer, <{n} x i32> zeroinitializer"),
                );
            }
        }
    }

    /// A region of `n` elements in a vector of `len`: (vstride, width, stride, extent) with every
    /// element inside `0..len` (extent = last element + 1), or `None`. `write` asks for distinct
    /// elements and a nonzero stride.
    fn region(&mut self, n: u32, len: u32, write: bool) -> Option<(u32, u32, u32, u32)> {
        for _ in 0..4 {
            let widths: Vec<u32> = (1..=n.min(16)).filter(|w| n.is_multiple_of(*w)).collect();
            let w = self.c.pick(&widths);
            let s = if n == 1 {
                if write {
                    1
                } else {
                    self.c.pick(&[0, 1])
                }
            } else if write {
                self.c.pick(&[1, 1, 2, 4])
            } else {
                self.c.pick(&[1, 1, 2, 0, 4])
            };
            let rows = n / w;
            // One row, or rows one after another half of the time: vstride = width * stride.
            let vs =
                if rows == 1 || self.c.below(2) == 0 { w * s } else { self.c.pick(&[0, 1, 2, 4, 8, 16, 32]) };
            let idx: Vec<u32> = (0..n).map(|i| (i / w) * vs + (i % w) * s).collect();
            let extent = idx.iter().max().copied().unwrap_or(0) + 1;
            if extent > len {
                continue;
            }
            if write {
                let distinct: BTreeSet<u32> = idx.iter().copied().collect();
                if distinct.len() != idx.len() {
                    continue;
                }
            }
            return Some((vs, w, s, extent));
        }
        None
    }

    /// The i16 byte offset of a region start: a constant in `0..=room` elements, or a masked
    /// variable one.
    fn region_index(&mut self, e: E, room: u32) -> String {
        if room > 0 && self.c.below(3) == 0 {
            // The largest 2^k - 1 that is at most `room`.
            let mask = (1u32 << (31 - (room + 1).leading_zeros())) - 1;
            let x = self.i32_source();
            let m = self.fresh();
            self.emit(&format!("{m} = and i32 {x}, {mask}"));
            let b = self.fresh();
            self.emit(&format!("{b} = mul i32 {m}, {}", e.bytes()));
            let r = self.fresh();
            self.emit(&format!("{r} = trunc i32 {b} to i16"));
            return r;
        }
        (self.c.below(room as usize + 1) as u32 * e.bytes()).to_string()
    }

    fn rdregion(&mut self) {
        let Some(a) = self.pick_val(|v| v.t.1 > 1) else { return };
        let n = self.size(a.t.0).min(32);
        let Some((vs, w, s, extent)) = self.region(n, a.t.1, false) else { return };
        let rt = T(a.t.0, n);
        let kind = if a.t.0.is_float() { "f" } else { "i" };
        let name = format!("llvm.genx.rdregion{kind}.{}.{}.i16", rt.mangle(), a.t.mangle());
        self.declare(format!("declare {} @{name}({}, i32, i32, i32, i16, i32)", rt.ir(), a.t.ir()));
        let idx = self.region_index(a.t.0, a.t.1 - extent);
        self.define(
            rt,
            a.bound,
            format!(
                "call {} @{name}({} {}, i32 {vs}, i32 {w}, i32 {s}, i16 {idx}, i32 undef)",
                rt.ir(),
                a.t.ir(),
                a.name
            ),
        );
    }

    fn wrregion(&mut self) {
        let Some(old) = self.pick_val(|v| v.t.1 > 1) else { return };
        let n = loop {
            let n = self.size(old.t.0);
            if n <= old.t.1 {
                break n;
            }
        };
        let Some((vs, w, s, extent)) = self.region(n, old.t.1, true) else { return };
        let nt = T(old.t.0, n);
        let new = self.operand(nt);
        // A vector mask only on a one-row region: genxc splits a masked 2D region into one-element
        // writes whose scalar mask it rejects (reported).
        let (mask_t, mask, mm) = if n > 1 && w == n && Self::pred_ok(n) && self.c.below(3) == 0 {
            let p = self.pred(n);
            (format!("<{n} x i1>"), p, format!("v{n}i1"))
        } else {
            ("i1".to_string(), "true".to_string(), "i1".to_string())
        };
        let kind = if old.t.0.is_float() { "f" } else { "i" };
        let name = format!("llvm.genx.wrregion{kind}.{}.{}.i16.{mm}", old.t.mangle(), nt.mangle());
        let (ot, ntt) = (old.t.ir(), nt.ir());
        self.declare(format!("declare {ot} @{name}({ot}, {ntt}, i32, i32, i32, i16, i32, {mask_t})"));
        // genxc rejects a masked wrregion at a variable index ("a wrregion with a scalar variable
        // mask" once legalization splits it): reported; the index of a masked one is constant.
        let room = old.t.1 - extent;
        let idx = if mask == "true" {
            self.region_index(old.t.0, room)
        } else {
            (self.c.below(room as usize + 1) as u32 * old.t.0.bytes()).to_string()
        };
        self.define(
            old.t,
            old.bound.max(new.bound),
            format!(
                "call {ot} @{name}({ot} {}, {ntt} {}, i32 {vs}, i32 {w}, i32 {s}, i16 {idx}, i32 undef, {mask_t} {mask})",
                old.name, new.name
            ),
        );
    }

    fn call(&mut self) {
        if self.funcs.is_empty() {
            return;
        }
        let f = self.funcs[self.c.below(self.funcs.len())].clone();
        let args: Vec<String> = f
            .params
            .iter()
            .map(|&t| {
                let v = self.operand(t);
                format!("{} {}", t.ir(), v.name)
            })
            .collect();
        let bound = if f.ret.0.is_float() { limit(f.ret.0) } else { 0.0 };
        self.define(f.ret, bound, format!("call {} @{}({})", f.ret.ir(), f.name, args.join(", ")));
    }

    // ----- memory: the messages are in `valid/messages.rs` ------------------------------------

    // ----- control flow -----------------------------------------------------------------------

    /// A uniform i1 condition.
    fn condition(&mut self) -> String {
        let a = match (self.pick_val(|v| v.t.1 == 1), self.any_val()) {
            (Some(a), _) => a,
            (None, Some(v)) => {
                let ty = v.t.ir();
                self.define(T(v.t.0, 1), v.bound, format!("extractelement {ty} {}, i32 0", v.name))
            }
            (None, None) => return "true".into(),
        };
        let b = self.operand(a.t);
        let c = self.fresh();
        let op = if a.t.0.is_float() {
            format!("fcmp {}", self.c.pick(&["olt", "oge", "oeq", "une"]))
        } else {
            format!("icmp {}", self.c.pick(&["slt", "sge", "eq", "ne", "ult", "ugt"]))
        };
        self.emit(&format!("{c} = {op} {} {}, {}", a.t.ir(), a.name, b.name));
        c
    }

    fn if_else(&mut self) {
        let cond = self.condition();
        let (then_l, else_l, join_l) = (self.label("then"), self.label("else"), self.label("join"));
        self.emit(&format!("br i1 {cond}, label %{then_l}, label %{else_l}"));
        let (nv, np) = (self.vals.len(), self.preds.len());
        self.depth += 1;
        let mut ends = Vec::new();
        let mut made = Vec::new();
        for l in [&then_l, &else_l] {
            self.start_block(l);
            let k = 1 + self.c.below(4);
            self.run(k as u32);
            made.push(self.vals.split_off(nv));
            self.preds.truncate(np);
            ends.push(self.block.clone());
            self.emit(&format!("br label %{join_l}"));
        }
        self.depth -= 1;
        self.start_block(&join_l);
        // Phis joining a value of each side (or an outer value) of the same type; they enter the
        // scope together (a phi cannot use another phi of its block).
        let mut phis = Vec::new();
        for _ in 0..1 + self.c.below(3) {
            let Some(a) =
                (if made[0].is_empty() { None } else { Some(made[0][self.c.below(made[0].len())].clone()) })
            else {
                continue;
            };
            let same: Vec<Val> = made[1].iter().filter(|v| v.t == a.t).cloned().collect();
            let b = if !same.is_empty() && self.c.below(4) != 0 {
                same[self.c.below(same.len())].clone()
            } else {
                self.operand(a.t)
            };
            let ty = a.t.ir();
            let r = self.fresh();
            self.emit(&format!("{r} = phi {ty} [ {}, %{} ], [ {}, %{} ]", a.name, ends[0], b.name, ends[1]));
            phis.push(Val { name: r, t: a.t, bound: a.bound.max(b.bound) });
        }
        self.vals.extend(phis);
    }

    fn do_while(&mut self) {
        let pre = self.block.clone();
        let (head, exit) = (self.label("loop"), self.label("exit"));
        let trip = if self.c.below(2) == 0 {
            (1 + self.c.below(4)).to_string()
        } else {
            let x = self.i32_source();
            let t = self.fresh();
            self.emit(&format!("{t} = and i32 {x}, 3"));
            t
        };
        let most = trip.parse::<u32>().unwrap_or(3).max(1);
        self.emit(&format!("br label %{head}"));
        self.start_block(&head);
        let i = self.fresh();
        let latch_tag = format!("@@latch{}@@", self.next);
        self.emit(&format!("{i} = phi i32 [ 0, %{pre} ], [ {i}.next, %{latch_tag} ]"));
        // Loop-carried values: a phi per chosen outer value, fed back from the body's end.
        let mut carried = Vec::new();
        for _ in 0..self.c.below(3) {
            let Some(v) = self.any_val() else { break };
            let p = self.fresh();
            let tag = format!("@@next{}@@", self.next);
            self.emit(&format!("{p} = phi {} [ {}, %{pre} ], [ {tag}, %{latch_tag} ]", v.t.ir(), v.name));
            let bound = if v.t.0.is_float() { limit(v.t.0) } else { 0.0 };
            carried.push((Val { name: p, t: v.t, bound }, tag));
        }
        self.vals.extend(carried.iter().map(|c| c.0.clone()));
        self.add(i.clone(), T(E::I32, 1), 0.0);
        let (nv, np) = (self.vals.len(), self.preds.len());
        self.loops.push((i.clone(), most));
        self.depth += 1;
        let k = 1 + self.c.below(5);
        self.run(k as u32);
        self.depth -= 1;
        self.loops.pop();
        let mut nexts = Vec::new();
        for (p, tag) in &carried {
            let same: Vec<Val> = self.vals[nv..].iter().filter(|v| v.t == p.t).cloned().collect();
            let n = if same.is_empty() { p.clone() } else { same[self.c.below(same.len())].clone() };
            let n = if n.t.0.is_float() && n.bound > limit(n.t.0) {
                self.clamp_to(n, -limit(p.t.0), limit(p.t.0))
            } else {
                n
            };
            self.body = self.body.replace(tag, &n.name);
            nexts.push(n);
        }
        let latch = self.block.clone();
        self.body = self.body.replace(&latch_tag, &latch);
        self.emit(&format!("{i}.next = add i32 {i}, 1"));
        let c = self.fresh();
        self.emit(&format!("{c} = icmp ult i32 {i}.next, {trip}"));
        self.emit(&format!("br i1 {c}, label %{head}, label %{exit}"));
        self.start_block(&exit);
        self.vals.truncate(nv);
        self.preds.truncate(np);
        for n in nexts {
            if n.name.starts_with('%') {
                self.vals.push(n);
            }
        }
    }

    // ----- driver -----------------------------------------------------------------------------

    /// One step: an operation, a memory message, or (below the depth limit) a nested construct.
    fn step(&mut self) {
        let mem = self.mem.is_some();
        match self.c.below(24) {
            0..=3 => self.arith(),
            4 => self.select(),
            5 => self.bool_to_int(),
            6 | 7 => self.cast(),
            8 | 9 => self.rdregion(),
            10 | 11 => self.wrregion(),
            12 => self.element_op(),
            13 => self.call(),
            14 if self.depth < 2 => self.if_else(),
            15 if self.depth < 2 => self.do_while(),
            16 if mem => match self.c.below(5) {
                0 => self.oword_ld(),
                1 => self.gather(),
                2 => self.svm_block_ld(),
                3 => self.svm_gather(),
                _ => self.media_ld(),
            },
            17 if mem => self.oword_ld(),
            18 if mem => {
                let _ = match self.c.below(5) {
                    0 => self.oword_st(),
                    1 => self.scatter(),
                    2 => self.svm_block_st(),
                    3 => self.svm_scatter(),
                    _ => self.media_st(),
                };
            }
            19 if mem => self.atomic(),
            _ => self.arith(),
        }
    }

    fn run(&mut self, k: u32) {
        for _ in 0..k {
            if self.steps == 0 {
                return;
            }
            self.steps -= 1;
            self.step();
        }
    }

    /// An internal function of two parameters: arithmetic, regions, branches and loops, no memory.
    fn function(&mut self, k: usize) -> String {
        let ret = {
            let e = self.elem();
            T(e, self.size(e))
        };
        let other = {
            let e = self.elem();
            T(e, self.size(e))
        };
        let params = vec![ret, other];
        let saved = (
            std::mem::take(&mut self.body),
            std::mem::take(&mut self.vals),
            std::mem::take(&mut self.preds),
            self.mem.take(),
            std::mem::replace(&mut self.block, "entry".into()),
            self.steps,
        );
        for (i, &t) in params.iter().enumerate() {
            let bound = if t.0.is_float() { limit(t.0) } else { 0.0 };
            self.vals.push(Val { name: format!("%p{i}"), t, bound });
        }
        self.steps = 3 + self.c.below(8) as u32;
        self.run(self.steps);
        let r = self.operand(ret);
        let r = self.bounded(r);
        let body = std::mem::take(&mut self.body);
        let name = format!("f{k}");
        let ps: Vec<String> = params.iter().enumerate().map(|(i, t)| format!("{} %p{i}", t.ir())).collect();
        let text = format!(
            "define internal {} @{name}({}) #1 {{\nentry:\n{body}  ret {} {}\n}}\n",
            ret.ir(),
            ps.join(", "),
            ret.ir(),
            r.name
        );
        (self.body, self.vals, self.preds, self.mem, self.block, self.steps) = saved;
        self.funcs.push(Func { name, params, ret });
        text
    }
}

/// The kernel the bytes describe (see the module documentation for what "valid" means).
pub fn valid_kernel(data: &[u8]) -> ValidKernel {
    let mut c = Choices::new(data);
    let platform = c.pick(&PLATFORMS);
    let wide = c.below(4) == 0;
    let mut g = Gen {
        c: &mut c,
        decls: BTreeSet::new(),
        body: String::new(),
        vals: Vec::new(),
        preds: Vec::new(),
        next: 0,
        block: "entry".into(),
        depth: 0,
        steps: 0,
        loops: Vec::new(),
        mem: None,
        funcs: Vec::new(),
        elems: match (wide, platform) {
            (false, _) => NARROW,
            // TGLLP and DG2 have no double-precision unit.
            (true, "tgllp" | "dg2") => WIDE_INT,
            (true, _) => WIDE,
        },
        platform,
    };
    let mut functions = String::new();
    for k in 0..g.c.below(3) {
        functions.push_str(&g.function(k));
        functions.push('\n');
    }
    // The thread's linear id and its output slots.
    for d in [
        "declare i32 @llvm.genx.group.id.x()",
        "declare i32 @llvm.genx.group.id.y()",
        "declare <3 x i32> @llvm.genx.group.count.v3i32()",
        "declare <3 x i32> @llvm.genx.local.size.v3i32()",
        "declare <3 x i16> @llvm.genx.local.id16.v3i16()",
    ] {
        g.declare(d.into());
    }
    let _ = write!(
        g.body,
        "  %gx = call i32 @llvm.genx.group.id.x()\n\
         \x20 %gy = call i32 @llvm.genx.group.id.y()\n\
         \x20 %gc = call <3 x i32> @llvm.genx.group.count.v3i32()\n\
         \x20 %gcx = extractelement <3 x i32> %gc, i32 0\n\
         \x20 %ls = call <3 x i32> @llvm.genx.local.size.v3i32()\n\
         \x20 %lsx = extractelement <3 x i32> %ls, i32 0\n\
         \x20 %lid = call <3 x i16> @llvm.genx.local.id16.v3i16()\n\
         \x20 %lx16 = extractelement <3 x i16> %lid, i32 0\n\
         \x20 %lx = zext i16 %lx16 to i32\n\
         \x20 %grow = mul i32 %gy, %gcx\n\
         \x20 %grp = add i32 %grow, %gx\n\
         \x20 %tbase = mul i32 %grp, %lsx\n\
         \x20 %tid0 = add i32 %tbase, %lx\n\
         \x20 %tid = and i32 %tid0, {}\n\
         \x20 %slot = mul i32 %tid, {SLOT_BYTES}\n\
         \x20 %svmrel = mul i32 %tid, {SVM_SLOT}\n\
         \x20 %svmoff = add i32 %svmrel, {SVM_OUT}\n\
         \x20 %svmoff64 = zext i32 %svmoff to i64\n\
         \x20 %svmslot = add i64 %ptr, %svmoff64\n\
         \x20 %imgrel = mul i32 %tid, {IMAGE_ROWS}\n\
         \x20 %imgrow = add i32 %imgrel, {IMAGE_IN_ROWS}\n",
        MAX_THREADS - 1
    );
    g.mem = Some(Mem {
        slot: "%slot".into(),
        svm_slot: "%svmslot".into(),
        img_row: "%imgrow".into(),
        out_used: 0,
        svm_used: 0,
        cells_used: 0,
    });
    for (name, t, bound) in [
        ("%n", T(E::I32, 1), 0.0),
        ("%f", T(E::Float, 1), 8.0),
        ("%tid", T(E::I32, 1), 0.0),
        ("%gx", T(E::I32, 1), 0.0),
    ] {
        g.vals.push(Val { name: name.into(), t, bound });
    }
    g.steps = 4 + g.c.below(28) as u32;
    // Start with a load so the kernel works on buffer data.
    g.oword_ld();
    let steps = g.steps;
    g.run(steps);
    // Store the live values made last, so the computation is observable.
    let fresh: Vec<Val> = g.vals.iter().filter(|v| v.name.starts_with("%v")).cloned().collect();
    let mut final_base = STORE_BYTES - FINAL_RESERVE;
    for v in fresh.iter().rev().take(6) {
        let target = [16u32, 32, 64, 128].into_iter().find(|&s| s >= v.t.bytes() && s % v.t.0.bytes() == 0);
        let Some(target) = target else { continue };
        let w = if v.t.bytes() == target { v.clone() } else { g.widen(v.clone(), target / v.t.0.bytes()) };
        if final_base + target > STORE_BYTES {
            break;
        }
        g.store_oword_at(&w, final_base, "%slot");
        final_base += target;
    }
    let mut text = String::from(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"\ntarget triple = \"genx64-unknown-unknown\"\n\n",
    );
    for d in &g.decls {
        let _ = writeln!(text, "{d}");
    }
    let _ = writeln!(text);
    text.push_str(&functions);
    let _ = writeln!(
        text,
        "define dllexport spir_kernel void @k(i32 %in, i32 %out, i32 %img, i64 %ptr, i32 %n, float %f) #0 {{\nentry:\n{}  ret void\n}}\n",
        g.body
    );
    text.push_str(
        "attributes #0 = { noinline nounwind \"CMGenxMain\" }\n\
         attributes #1 = { noinline nounwind }\n\n\
         !genx.kernels = !{!0}\n\
         !0 = !{void (i32, i32, i32, i64, i32, float)* @k, !\"k\", !1, i32 0, !2, !3, !4, i32 0}\n\
         !1 = !{i32 2, i32 2, i32 2, i32 0, i32 0, i32 0}\n\
         !2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}\n\
         !3 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}\n\
         !4 = !{!\"buffer_t read_only\", !\"buffer_t read_write\", !\"image2d_media_block_t read_write\", !\"svmptr_t\", !\"\", !\"\"}\n",
    );
    ValidKernel { text, platform, wide }
}
