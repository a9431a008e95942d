//! Random region-heavy kernels for the differential region campaign
//! (`scripts/region-campaign.sh`, `examples/region_campaign.rs`, `tests/region_campaign.rs`).
//!
//! Each kernel is CM-style LLVM 14 IR that both genxc and Intel's Vector Compiler read: a
//! `dllexport spir_kernel` with the `"CMGenxMain"` attribute and a full 8-operand
//! `!genx.kernels` entry, taking two `svmptr_t` arguments. It loads two input vectors and an
//! accumulator from the input pointer (64-byte `svm.block.ld`s assembled by `wrregion`s and
//! bitcast to the kernel's element type), then runs a few steps, each reading one or two random
//! regions (1D or 2D, odd sizes, offsets, strides, broadcasts; direct, indirect with a baled
//! immediate, or multi-indirect), combining them element-wise (integer arithmetic, a compare and
//! select, a float negation) and writing the result into the accumulator through a random region
//! (optionally indirect, optionally predicated by a compare). The accumulator is stored to the
//! output pointer, so the kernel's whole effect is observable memory.
//!
//! Every kernel is defined for all inputs: regions lie inside their vectors for every index the
//! masked data can give, written regions have distinct elements, and no operation can trap or
//! give an undefined value (no division, no shift). Element types: i8, i16, i32, i64, half and
//! float (floats only move, negate, compare and select; their loaded bits have the exponent's top
//! bit cleared, so no NaN or infinity occurs).
//!
//! The generator is plain code over its own xorshift generator: a seed gives one kernel, the same
//! on every machine.

use std::fmt::Write;

/// A deterministic xorshift64* generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        if hi <= lo {
            return lo;
        }
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.range(1, den) <= num
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.range(0, xs.len() as u32 - 1) as usize]
    }
}

/// The element types kernels are generated for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemType {
    /// 8-bit integer.
    I8,
    /// 16-bit integer.
    I16,
    /// 32-bit integer.
    I32,
    /// 64-bit integer.
    I64,
    /// IEEE half.
    Half,
    /// IEEE single.
    Float,
}

impl ElemType {
    /// Every element type, in the order seeds pick them.
    pub const ALL: [ElemType; 6] =
        [ElemType::I8, ElemType::I16, ElemType::I32, ElemType::I64, ElemType::Half, ElemType::Float];

    /// Bytes of one element.
    pub fn bytes(self) -> u32 {
        match self {
            ElemType::I8 => 1,
            ElemType::I16 | ElemType::Half => 2,
            ElemType::I32 | ElemType::Float => 4,
            ElemType::I64 => 8,
        }
    }

    /// The type as LLVM IR writes it.
    pub fn ir(self) -> &'static str {
        match self {
            ElemType::I8 => "i8",
            ElemType::I16 => "i16",
            ElemType::I32 => "i32",
            ElemType::I64 => "i64",
            ElemType::Half => "half",
            ElemType::Float => "float",
        }
    }

    /// The type in an intrinsic's overload suffix.
    fn mangled(self) -> &'static str {
        match self {
            ElemType::Half => "f16",
            ElemType::Float => "f32",
            e => e.ir(),
        }
    }

    /// Whether it is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, ElemType::Half | ElemType::Float)
    }
}

/// What a generated kernel uses, for the campaign's table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// 2D regions (more than one row).
    pub two_d: u32,
    /// Indirect regions with a scalar index.
    pub indirect: u32,
    /// Multi-indirect regions (one index per row).
    pub multi_indirect: u32,
    /// Predicated (masked) `wrregion`s.
    pub masked: u32,
    /// Regions in all.
    pub regions: u32,
}

/// A generated kernel.
#[derive(Clone, Debug)]
pub struct RegionKernel {
    /// The module as `.ll` text; its kernel is `@k`.
    pub text: String,
    /// The seed it was made from.
    pub seed: u64,
    /// Its element type.
    pub elem: ElemType,
    /// What it uses.
    pub features: Features,
}

/// The kernel's name in the module and in `!genx.kernels`.
pub const KERNEL_NAME: &str = "k";

/// A region's parameters: `<vstride;width,stride>`, elements, start element.
#[derive(Clone, Copy, Debug)]
struct Shape {
    vstride: u32,
    width: u32,
    stride: u32,
    n: u32,
    start: u32,
}

impl Shape {
    fn rows(&self) -> u32 {
        self.n / self.width
    }

    /// Element index (from the start) of region element `i`.
    fn index(&self, i: u32) -> u32 {
        i / self.width * self.vstride + i % self.width * self.stride
    }

    /// Elements past the start the region reaches.
    fn reach(&self) -> u32 {
        (0..self.n).map(|i| self.index(i)).max().unwrap_or(0) + 1
    }

    fn distinct(&self) -> bool {
        let mut seen: Vec<u32> = (0..self.n).map(|i| self.index(i)).collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    }
}

/// A vector value of the kernel's element type: its name and element count.
#[derive(Clone, Debug)]
struct Vector {
    name: String,
    n: u32,
}

/// The text being written, with a counter for fresh names and the intrinsic declarations.
struct Writer {
    body: String,
    decls: Vec<String>,
    next: u32,
    e: ElemType,
    features: Features,
}

impl Writer {
    fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("%{stem}{}", self.next)
    }

    fn declare(&mut self, decl: String) {
        if !self.decls.contains(&decl) {
            self.decls.push(decl);
        }
    }

    fn vty(&self, n: u32) -> String {
        format!("<{n} x {}>", self.e.ir())
    }

    fn line(&mut self, text: String) {
        self.body.push_str("  ");
        self.body.push_str(&text);
        self.body.push('\n');
    }

    /// `rdregion` of `shape` from `src` (of element type `e`) with the index operand `index`
    /// (`i16 C`, `i16 %x` or `<R x i16> %x`).
    fn rdregion(&mut self, e: ElemType, src: &str, src_n: u32, shape: &Shape, index: &str) -> String {
        let kind = if e.is_float() { "f" } else { "i" };
        let (m, ir) = (e.mangled(), e.ir());
        let idx_ty = operand_type(index);
        let idx_mangled = mangle_index(idx_ty);
        let name = format!("llvm.genx.rdregion{kind}.v{}{m}.v{src_n}{m}.{idx_mangled}", shape.n);
        self.declare(format!(
            "declare <{} x {ir}> @{name}(<{src_n} x {ir}>, i32, i32, i32, {idx_ty}, i32)",
            shape.n
        ));
        let v = self.fresh("rd");
        let vs = if idx_ty.starts_with('<') { 0 } else { shape.vstride };
        self.line(format!(
            "{v} = call <{} x {ir}> @{name}(<{src_n} x {ir}> {src}, i32 {vs}, i32 {}, i32 {}, {index}, i32 undef)",
            shape.n, shape.width, shape.stride
        ));
        self.features.regions += 1;
        if shape.rows() > 1 {
            self.features.two_d += 1;
        }
        v
    }

    /// `wrregion` of `new` (`shape.n` elements) into `old` at the index operand `index`, under
    /// `mask` (`i1 true` or `<n x i1> %m`).
    #[allow(clippy::too_many_arguments)]
    fn wrregion(
        &mut self,
        e: ElemType,
        old: &str,
        old_n: u32,
        new: &str,
        shape: &Shape,
        index: &str,
        mask: &str,
    ) -> String {
        let kind = if e.is_float() { "f" } else { "i" };
        let (m, ir) = (e.mangled(), e.ir());
        let idx_ty = operand_type(index);
        let mask_ty = operand_type(mask);
        let name = format!(
            "llvm.genx.wrregion{kind}.v{old_n}{m}.v{}{m}.{}.{}",
            shape.n,
            mangle_index(idx_ty),
            mangle_index(mask_ty)
        );
        self.declare(format!(
            "declare <{old_n} x {ir}> @{name}(<{old_n} x {ir}>, <{} x {ir}>, i32, i32, i32, {idx_ty}, i32, {mask_ty})",
            shape.n
        ));
        let v = self.fresh("wr");
        self.line(format!(
            "{v} = call <{old_n} x {ir}> @{name}(<{old_n} x {ir}> {old}, <{} x {ir}> {new}, i32 {}, i32 {}, i32 {}, {index}, i32 undef, {mask})",
            shape.n, shape.vstride, shape.width, shape.stride
        ));
        self.features.regions += 1;
        if shape.rows() > 1 {
            self.features.two_d += 1;
        }
        v
    }
}

/// The type of a typed operand (`<4 x i16> %x` -> `<4 x i16>`).
fn operand_type(operand: &str) -> &str {
    operand.rsplit_once(' ').map_or(operand, |(t, _)| t)
}

/// `i16` -> `i16`, `<4 x i16>` -> `v4i16` (an overload suffix).
fn mangle_index(ty: &str) -> String {
    match ty.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        Some(inner) => {
            let mut parts = inner.split(" x ");
            let n = parts.next().unwrap_or("1");
            let t = parts.next().unwrap_or("i16");
            format!("v{n}{t}")
        }
        None => ty.to_string(),
    }
}

/// A constant vector of `n` copies of `value` of type `ty`.
fn splat(ty: &str, n: u32, value: &str) -> String {
    let elems: Vec<String> = (0..n).map(|_| format!("{ty} {value}")).collect();
    format!("<{}>", elems.join(", "))
}

/// A random region of `n` elements inside a vector of `len` elements (from element `lo` on);
/// `write` asks for distinct elements and a nonzero stride. `None` when none fits.
fn random_shape(rng: &mut Rng, len: u32, n: u32, write: bool) -> Option<Shape> {
    for _ in 0..20 {
        let divisors: Vec<u32> = (1..=n).filter(|d| n.is_multiple_of(*d)).collect();
        let width = if rng.chance(1, 2) { n } else { rng.pick(&divisors) };
        let stride = if write {
            rng.pick(&[1, 1, 1, 2, 2, 3, 4])
        } else if width > 1 {
            rng.pick(&[0, 1, 1, 1, 2, 2, 3, 4])
        } else {
            rng.pick(&[0, 1])
        };
        let rows = n / width;
        let row_reach = (width - 1) * stride + 1;
        let vstride = if rows == 1 {
            width * stride
        } else if write {
            rng.range(row_reach, row_reach + 4)
        } else {
            rng.pick(&[0, row_reach, row_reach, row_reach + 1, row_reach + 3, width * stride, 1])
        };
        let shape = Shape { vstride, width, stride, n, start: 0 };
        let reach = shape.reach();
        if reach > len || (write && !shape.distinct()) {
            continue;
        }
        let start = rng.range(0, len - reach);
        return Some(Shape { start, ..shape });
    }
    None
}

/// The kernel of `seed`.
pub fn region_kernel(seed: u64) -> RegionKernel {
    let mut rng = Rng::new(seed);
    let e = ElemType::ALL[(seed % ElemType::ALL.len() as u64) as usize];
    let eb = e.bytes();
    let mut w = Writer { body: String::new(), decls: Vec::new(), next: 0, e, features: Features::default() };
    let ld = "declare <16 x i32> @llvm.genx.svm.block.ld.v16i32.i64(i64)".to_string();
    let st = "declare void @llvm.genx.svm.block.st.i64.v16i32(i64, <16 x i32>)".to_string();
    w.declare(ld);
    w.declare(st);

    // The inputs: A and B at bytes 0 and 256 of the input, the accumulator at 512; each loaded
    // as 64-byte blocks of i32.
    let sizes = [64u32, 128, 192, 256];
    let (sa, sb) = (rng.pick(&sizes), rng.pick(&sizes));
    let sc = rng.pick(&[64u32, 128, 128, 256]);
    let mut raw_names = Vec::new();
    let mut vectors = Vec::new();
    for (at, bytes) in [(0u32, sa), (256, sb), (512, sc)] {
        let words = bytes / 4;
        let mut raw = "undef".to_string();
        for chunk in 0..bytes / 64 {
            let addr = w.fresh("addr");
            w.line(format!("{addr} = add i64 %in, {}", at + chunk * 64));
            let blk = w.fresh("blk");
            w.line(format!("{blk} = call <16 x i32> @llvm.genx.svm.block.ld.v16i32.i64(i64 {addr})"));
            if bytes == 64 {
                raw = blk;
                break;
            }
            let shape = Shape { vstride: 16, width: 16, stride: 1, n: 16, start: chunk * 16 };
            raw = w.wrregion(
                ElemType::I32,
                &raw,
                words,
                &blk,
                &shape,
                &format!("i16 {}", chunk * 64),
                "i1 true",
            );
        }
        // Float data is made finite in the integer domain: clearing the exponent's top bit of
        // every element leaves no NaN or infinity (the simulator models float moves through
        // f64, which does not keep a signalling NaN's payload: see
        // CONFORMANCE.md, region campaign).
        if e.is_float() {
            let keep = if e == ElemType::Half { "-1073758209" } else { "-1073741825" };
            let f = w.fresh("fin");
            w.line(format!("{f} = and <{words} x i32> {raw}, {}", splat("i32", words, keep)));
            raw = f;
        }
        let n = bytes / eb;
        let v = if e == ElemType::I32 {
            raw.clone()
        } else {
            let c = w.fresh("in");
            w.line(format!("{c} = bitcast <{words} x i32> {raw} to {}", w.vty(n)));
            c
        };
        raw_names.push((raw, words));
        vectors.push(Vector { name: v, n });
    }
    let mut acc = vectors.pop().expect("three loaded vectors");
    let (index_src, index_words) = raw_names[0].clone();

    w.body.push_str("  ; the steps\n");
    let steps = rng.range(2, 6);
    for _ in 0..steps {
        let pool_max = vectors.iter().map(|v| v.n).max().unwrap_or(1);
        let n_max = pool_max.min(acc.n).min(48);
        let n = match rng.range(0, 5) {
            0 => rng.range(1, 4),
            1 => rng.range(5, 12),
            2 => rng.pick(&[8, 16, 32]).min(n_max),
            _ => rng.range(1, n_max),
        }
        .clamp(1, n_max);
        // the first operand
        let Some((x, _)) = read_operand(&mut w, &mut rng, &vectors, n, &index_src, index_words) else {
            continue;
        };
        // the operation
        let ty = w.vty(n);
        let ir = e.ir();
        // A compare's predicate has one lane per element: wider than 32 lanes is rare (genxc
        // refuses it), and a select under a wrregion mask too (genxc refuses that as well).
        let may_compare = n <= 32 || rng.chance(1, 8);
        let (z, cmp, selected) = match rng.range(0, 4) {
            0 => (x.clone(), None, false),
            1 if e.is_float() => {
                let z = w.fresh("neg");
                w.line(format!("{z} = fneg {ty} {x}"));
                (z, None, false)
            }
            _ if e.is_float() && !may_compare => {
                let z = w.fresh("neg");
                w.line(format!("{z} = fneg {ty} {x}"));
                (z, None, false)
            }
            _ => {
                let y = match read_operand(&mut w, &mut rng, &vectors, n, &index_src, index_words) {
                    Some((y, _)) if rng.chance(4, 5) => y,
                    _ => {
                        let c = if e.is_float() { "1.0".to_string() } else { rng.range(1, 100).to_string() };
                        splat(ir, n, &c)
                    }
                };
                let c = may_compare.then(|| w.fresh("c"));
                if let Some(c) = &c {
                    if e.is_float() {
                        w.line(format!("{c} = fcmp olt {ty} {x}, {y}"));
                    } else {
                        let pred = rng.pick(&["ult", "slt", "ugt", "eq", "ne"]);
                        w.line(format!("{c} = icmp {pred} {ty} {x}, {y}"));
                    }
                }
                let z = w.fresh("op");
                match &c {
                    Some(c) if e.is_float() || rng.chance(1, 4) => {
                        w.line(format!("{z} = select <{n} x i1> {c}, {ty} {x}, {ty} {y}"));
                        (z, Some(c.clone()), true)
                    }
                    _ => {
                        let op = rng.pick(&["add", "sub", "mul", "and", "or", "xor"]);
                        w.line(format!("{z} = {op} {ty} {x}, {y}"));
                        (z, c, false)
                    }
                }
            }
        };
        // the destination: the accumulator, or (sometimes) a fresh copy of an input vector that
        // later steps read from
        let into_acc = rng.chance(3, 4);
        let (dst, dst_n) = if into_acc {
            (acc.name.clone(), acc.n)
        } else {
            let v = rng.pick(&(0..vectors.len()).collect::<Vec<_>>());
            (vectors[v].name.clone(), vectors[v].n)
        };
        let Some(shape) = random_shape(&mut rng, dst_n, n, true) else { continue };
        let mask = match cmp {
            Some(c) if n <= 32 && rng.chance(1, 2) && (!selected || rng.chance(1, 10)) => {
                w.features.masked += 1;
                format!("<{n} x i1> {c}")
            }
            _ => "i1 true".to_string(),
        };
        let index = if shape.start > 0 && rng.chance(1, 4) {
            // an indirect write: a data index in 0..=start, plus the rest as an immediate
            w.features.indirect += 1;
            let max = shape.start;
            let imm = rng.range(0, max);
            scalar_index(&mut w, &mut rng, &index_src, index_words, max - imm, imm, eb)
        } else {
            format!("i16 {}", shape.start * eb)
        };
        let out = w.wrregion(e, &dst, dst_n, &z, &shape, &index, &mask);
        if into_acc {
            acc = Vector { name: out, n: dst_n };
        } else {
            vectors.push(Vector { name: out, n: dst_n });
        }
    }

    // store the accumulator
    w.body.push_str("  ; the stores\n");
    let words = acc.n * eb / 4;
    let raw = if e == ElemType::I32 {
        acc.name.clone()
    } else {
        let r = w.fresh("outw");
        w.line(format!("{r} = bitcast {} {} to <{words} x i32>", w.vty(acc.n), acc.name));
        r
    };
    for chunk in 0..words / 16 {
        let blk = if words == 16 {
            raw.clone()
        } else {
            let shape = Shape { vstride: 16, width: 16, stride: 1, n: 16, start: 0 };
            w.rdregion(ElemType::I32, &raw, words, &shape, &format!("i16 {}", chunk * 64))
        };
        let addr = w.fresh("oaddr");
        w.line(format!("{addr} = add i64 %out, {}", chunk * 64));
        w.line(format!("call void @llvm.genx.svm.block.st.i64.v16i32(i64 {addr}, <16 x i32> {blk})"));
    }

    let mut text = String::new();
    let _ = writeln!(text, "; region campaign kernel, seed {seed}, element type {}", e.ir());
    text.push_str("target datalayout = \"e-p:64:64-i64:64-n8:16:32\"\n");
    text.push_str("target triple = \"genx64-unknown-unknown\"\n\n");
    for d in &w.decls {
        text.push_str(d);
        text.push('\n');
    }
    let _ = writeln!(text, "\ndefine dllexport spir_kernel void @{KERNEL_NAME}(i64 %in, i64 %out) #0 {{");
    text.push_str("entry:\n");
    text.push_str(&w.body);
    text.push_str("  ret void\n}\n\n");
    text.push_str("attributes #0 = { noinline nounwind \"CMGenxMain\" }\n\n");
    text.push_str("!genx.kernels = !{!0}\n");
    let _ = writeln!(
        text,
        "!0 = !{{void (i64, i64)* @{KERNEL_NAME}, !\"{KERNEL_NAME}\", !1, i32 0, i32 0, !2, !3, i32 0}}"
    );
    text.push_str("!1 = !{i32 0, i32 0}\n!2 = !{i32 0, i32 0}\n");
    text.push_str("!3 = !{!\"svmptr_t read_only\", !\"svmptr_t write_only\"}\n");
    RegionKernel { text, seed, elem: e, features: w.features }
}

/// The largest mask `2^k - 1` not above `max`: `data & mask` is an element index in `0..=max`.
fn index_mask(max: u32) -> u32 {
    let bits = 31 - (max + 1).leading_zeros();
    (1u32 << bits) - 1
}

/// A scalar byte index `(data & mask) * eb + imm * eb` with `data & mask <= max` elements, the
/// immediate added by an `add` that both compilers bale into the region as its offset.
fn scalar_index(w: &mut Writer, rng: &mut Rng, src: &str, words: u32, max: u32, imm: u32, eb: u32) -> String {
    let mask = index_mask(max);
    let word = rng.range(0, words - 1);
    let x = w.fresh("ix");
    w.line(format!("{x} = extractelement <{words} x i32> {src}, i32 {word}"));
    let t = w.fresh("it");
    w.line(format!("{t} = trunc i32 {x} to i16"));
    let m = w.fresh("im");
    w.line(format!("{m} = and i16 {t}, {mask}"));
    let b = w.fresh("ib");
    w.line(format!("{b} = mul i16 {m}, {eb}"));
    if imm == 0 {
        return format!("i16 {b}");
    }
    let a = w.fresh("ia");
    w.line(format!("{a} = add i16 {b}, {}", imm * eb));
    format!("i16 {a}")
}

/// Reads `n` elements from a random vector of the pool through a random region: direct, indirect
/// or multi-indirect. Gives the value and the source's element count.
fn read_operand(
    w: &mut Writer,
    rng: &mut Rng,
    pool: &[Vector],
    n: u32,
    index_src: &str,
    index_words: u32,
) -> Option<(String, u32)> {
    let fits: Vec<&Vector> = pool.iter().filter(|v| v.n >= n).collect();
    if fits.is_empty() {
        return None;
    }
    let src = fits[rng.range(0, fits.len() as u32 - 1) as usize].clone();
    let eb = w.e.bytes();
    let e = w.e;
    let mode = rng.range(0, 9);
    if mode == 0 && n >= 2 {
        // multi-indirect: one start per row of `width` elements
        let divisors: Vec<u32> = (1..n).filter(|d| n.is_multiple_of(*d) && n / d <= 16).collect();
        if !divisors.is_empty() {
            let width = rng.pick(&divisors);
            let rows = n / width;
            let stride = rng.pick(&[0, 1, 1, 2]);
            let row_reach = (width - 1) * stride + 1;
            if row_reach <= src.n && rows <= index_words {
                let max = src.n - row_reach;
                let mask = index_mask(max);
                let first = rng.range(0, index_words - rows);
                let sh = Shape { vstride: 0, width: rows, stride: 1, n: rows, start: first };
                let words =
                    w.rdregion(ElemType::I32, index_src, index_words, &sh, &format!("i16 {}", first * 4));
                let t = w.fresh("mt");
                w.line(format!("{t} = trunc <{rows} x i32> {words} to <{rows} x i16>"));
                let m = w.fresh("mm");
                w.line(format!("{m} = and <{rows} x i16> {t}, {}", splat("i16", rows, &mask.to_string())));
                let b = w.fresh("mb");
                w.line(format!(
                    "{m2} = mul <{rows} x i16> {m}, {}",
                    splat("i16", rows, &eb.to_string()),
                    m2 = b
                ));
                w.features.multi_indirect += 1;
                let shape = Shape { vstride: 0, width, stride, n, start: 0 };
                let v = w.rdregion(e, &src.name, src.n, &shape, &format!("<{rows} x i16> {b}"));
                return Some((v, src.n));
            }
        }
    }
    let shape = random_shape(rng, src.n, n, false)?;
    let index = if mode <= 2 && shape.start > 0 {
        w.features.indirect += 1;
        let imm = rng.range(0, shape.start);
        scalar_index(w, rng, index_src, index_words, shape.start - imm, imm, eb)
    } else {
        format!("i16 {}", shape.start * eb)
    };
    let v = w.rdregion(e, &src.name, src.n, &shape, &index);
    Some((v, src.n))
}
