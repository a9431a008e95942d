//! The region oracle on LLVM IR: whether one function of a GenX LLVM IR module computes the same
//! thing before and after a region legalizer (Intel VC's IR before and after its
//! GenXLegalization, or genxc's input and its `--emit legalized` output), on random inputs.
//!
//! Both modules are read by LLVM and the function is interpreted directly, not imported:
//! `rdregion`/`wrregion`/`wrconstregion` calls through the region interpreter of the legalize
//! crate ([`read_region`], [`write_region`]), bitcasts, constants, the element-wise arithmetic a
//! legalizer splits (binary operations, `fneg`, compares, selects, conversions), vector element
//! access and shuffles, predicate regions (`rdpredregion`, `wrpredregion`), VC's 64-bit
//! emulation's `addc`/`subb` (struct results read by `extractvalue`), and VC's value-preserving
//! helpers (`llvm.genx.constant*`,
//! `llvm.genx.convert*`, `llvm.genx.add.addr`), and the ALU intrinsics VC's code generation
//! introduces (`add3`, `bfn`, `min`/`max`, `umulh`/`smulh`). Calls to other declared functions (memory
//! messages, intrinsics the oracle does not interpret) are uninterpreted: a call with a result is
//! a pure function of its callee and argument values (pseudo-random bits), and the void calls
//! made (stores), in order, with their arguments, are part of what both versions must agree on. Anything else (control flow,
//! memory instructions, calls of defined functions, constant expressions) is answered "not
//! modeled: <what>", never guessed.
//!
//! An element that is undefined before (an `undef` operand, a division by zero) may be anything
//! after: a legalizer may refine it.

use genxc_genx::import::convert::{fcmp_pred, icmp_pred};
use genxc_genx::import::raw::{ModuleRef, Ty, Val};
use genxc_genx::intrinsics::is_overload_suffix;
use genxc_genx::ir::{BinOp, CastOp};
use genxc_genx::{Elem, Region, Value};
use genxc_legalize::interp::{binary, cast, compare, read_region, write_region, Bits};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;
use std::fmt;

/// Why the oracle gives no "same" answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OracleError {
    /// A module could not be read, or has no such function, or the two functions differ in
    /// their parameters.
    Unreadable(String),
    /// The function holds something the oracle does not interpret (the message starts with
    /// `not modeled: `).
    NotModeled(String),
    /// The two functions compute different things: where first, on which trial.
    Differ(String),
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::Unreadable(s) | OracleError::NotModeled(s) => f.write_str(s),
            OracleError::Differ(s) => write!(f, "different semantics: {s}"),
        }
    }
}

/// What the oracle compared when the two versions agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// Random inputs both versions ran on.
    pub trials: u32,
    /// Region calls executed by the first version on its last trial.
    pub regions_before: u32,
    /// Region calls executed by the second version on its last trial.
    pub regions_after: u32,
    /// Uninterpreted void calls (effects) each version made on its last trial.
    pub opaque_calls: u32,
}

/// One LLVM IR text or bitcode input: its file name (for messages) and bytes.
pub type Source<'a> = (&'a str, &'a [u8]);

/// Runs function `function` (or, when `None`, the module's only defined function, else its first
/// `dllexport`ed one) of `before` and of `after` on `trials` random inputs and compares their
/// results: the returned value and the uninterpreted calls made.
pub fn same_semantics(
    before: Source,
    after: Source,
    function: Option<&str>,
    trials: u32,
) -> Result<Agreement, OracleError> {
    let ctx = inkwell::context::Context::create();
    let load = |(file, bytes): Source| {
        genxc_frontend::llvm::load(&ctx, file, bytes).map_err(|d| OracleError::Unreadable(d.to_string()))
    };
    let (mb, ma) = (load(before)?, load(after)?);
    let fb = pick_function(ModuleRef(mb.as_mut_ptr()), function, before.0)?;
    let fa = pick_function(ModuleRef(ma.as_mut_ptr()), function, after.0)?;
    let (pb, pa) = (fb.params(), fa.params());
    let types = |ps: &[Val]| ps.iter().map(|p| p.ty().print()).collect::<Vec<_>>();
    if types(&pb) != types(&pa) {
        return Err(OracleError::Unreadable(format!(
            "the functions take different parameters: ({}) before, ({}) after",
            types(&pb).join(", "),
            types(&pa).join(", ")
        )));
    }
    let mut last = None;
    for t in 0..trials.max(1) {
        let args: Vec<Bits> = pb
            .iter()
            .enumerate()
            .map(|(i, p)| random_value(p.ty(), (u64::from(t) << 16) ^ i as u64))
            .collect::<Result<_, _>>()?;
        // A fault of the first version means the input is outside what it defines: nothing to
        // compare. A fault of the second where the first ran is a difference.
        let want = run(fb, &args).map_err(|e| match e {
            OracleError::Differ(s) => OracleError::NotModeled(format!(
                "not modeled: the first version is undefined on random input {t}: {s}"
            )),
            other => other.in_version("the first version"),
        })?;
        let got = run(fa, &args).map_err(|e| e.in_version("the second version"))?;
        compare_runs(&want, &got).map_err(|e| match e {
            OracleError::Differ(s) => OracleError::Differ(format!("trial {t}: {s}")),
            other => other,
        })?;
        last = Some(Agreement {
            trials: t + 1,
            regions_before: want.regions,
            regions_after: got.regions,
            opaque_calls: got.calls.len() as u32,
        });
    }
    Ok(last.expect("at least one trial"))
}

impl OracleError {
    fn in_version(self, which: &str) -> OracleError {
        match self {
            OracleError::NotModeled(s) => OracleError::NotModeled(format!("{s} (in {which})")),
            OracleError::Unreadable(s) => OracleError::Unreadable(format!("{which}: {s}")),
            OracleError::Differ(s) => OracleError::Differ(format!("{which}: {s}")),
        }
    }
}

fn pick_function(m: ModuleRef, name: Option<&str>, file: &str) -> Result<Val, OracleError> {
    let defined: Vec<Val> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    let found = match name {
        Some(n) => defined.iter().copied().find(|f| f.name() == n),
        None if defined.len() == 1 => Some(defined[0]),
        None => defined.iter().copied().find(|f| f.is_dllexport()),
    };
    found.ok_or_else(|| {
        OracleError::Unreadable(match name {
            Some(n) => format!("{file}: no function @{n} is defined"),
            None => format!("{file}: {} functions are defined and none is exported; name one", defined.len()),
        })
    })
}

/// A value: its element type (`None` for `void`) and element bits (`None` = undefined).
#[derive(Clone, Debug, PartialEq)]
struct Data {
    elem: Elem,
    bits: Bits,
}

/// One run: the returned value and the uninterpreted calls in order (callee, arguments).
struct Run {
    ret: Option<Data>,
    calls: Vec<(String, Vec<Data>)>,
    regions: u32,
}

fn not_modeled(what: String) -> OracleError {
    OracleError::NotModeled(format!("not modeled: {what}"))
}

/// The element type and count of an LLVM type (a scalar is one element).
fn shape(t: Ty) -> Result<(Elem, u32), OracleError> {
    use LLVMTypeKind::*;
    let (n, e) = if t.kind() == LLVMVectorTypeKind { (t.vector_size(), t.element()) } else { (1, t) };
    let elem = match e.kind() {
        LLVMIntegerTypeKind => match e.int_width() {
            1 => Elem::I1,
            8 => Elem::I8,
            16 => Elem::I16,
            32 => Elem::I32,
            64 => Elem::I64,
            w => return Err(not_modeled(format!("i{w} values"))),
        },
        LLVMHalfTypeKind => Elem::Half,
        LLVMFloatTypeKind => Elem::Float,
        LLVMDoubleTypeKind => Elem::Double,
        LLVMPointerTypeKind => Elem::I64,
        _ => return Err(not_modeled(format!("values of type {}", t.print()))),
    };
    Ok((elem, n))
}

fn mask(e: Elem) -> u64 {
    match e.bits() {
        64 => u64::MAX,
        b => (1u64 << b) - 1,
    }
}

/// Bit patterns random inputs take now and then, where operations tell values apart by their
/// edges: zero and negative zero, one and minus one, the smallest and largest values.
fn edge_values(e: Elem) -> Vec<u64> {
    let sign = 1u64 << (e.bits() - 1);
    match e {
        Elem::Half => vec![0, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0x0001],
        Elem::Float => vec![0, 0x8000_0000, 0x3f80_0000, 0xbf80_0000, 0x7f7f_ffff, 0x0000_0001],
        Elem::Double => vec![0, sign, 0x3ff0_0000_0000_0000, 0xbff0_0000_0000_0000],
        _ => vec![0, 1, mask(e), sign, sign - 1],
    }
}

/// Pseudo-random bits for a value of type `t`, from `seed`: one element in four an edge value
/// ([`edge_values`]), the others random bits.
fn random_value(t: Ty, seed: u64) -> Result<Bits, OracleError> {
    let (e, n) = shape(t)?;
    let edges = edge_values(e);
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d;
    Ok((0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if e != Elem::I1 && x >> 60 < 4 {
                Some(edges[(x >> 32) as usize % edges.len()])
            } else {
                Some(x & mask(e))
            }
        })
        .collect())
}

/// A deterministic hash of a callee and its arguments: the seed of an uninterpreted call's result.
fn call_seed(callee: &str, args: &[Data]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |b: u64| {
        h ^= b;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    callee.bytes().for_each(|b| mix(u64::from(b)));
    for a in args {
        for b in &a.bits {
            mix(b.map_or(0x5555, |b| b.wrapping_add(1)));
        }
    }
    h
}

/// A constant's data, or `None` when `v` is not a constant the oracle reads.
fn constant(v: Val) -> Result<Option<Data>, OracleError> {
    if !v.is_constant() || v.is_function() {
        return Ok(None);
    }
    let (elem, n) = shape(v.ty())?;
    let one = |c: Val| -> Result<Option<u64>, OracleError> {
        if c.is_undef() {
            return Ok(None);
        }
        if let Some(i) = c.const_int() {
            return Ok(Some(i as u64 & mask(elem)));
        }
        if let Some(x) = c.const_float() {
            let bits = match elem {
                Elem::Half => cast(CastOp::FPTrunc, Elem::Double, Elem::Half, x.to_bits()),
                Elem::Float => Some(u64::from((x as f32).to_bits())),
                _ => Some(x.to_bits()),
            };
            return Ok(bits);
        }
        if c.is_zero_aggregate() || c.print().ends_with(" null") {
            return Ok(Some(0));
        }
        Err(not_modeled(format!("the constant `{}`", c.print())))
    };
    let bits = if v.is_undef() {
        vec![None; n as usize]
    } else if v.is_zero_aggregate() {
        vec![Some(0); n as usize]
    } else if let Some(elems) = v.const_vector_elems() {
        elems.into_iter().map(one).collect::<Result<_, _>>()?
    } else if v.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind {
        return Err(not_modeled(format!("the constant `{}`", v.print())));
    } else {
        vec![one(v)?]
    };
    Ok(Some(Data { elem, bits }))
}

/// The interpreter's state for one run.
struct Frame {
    values: HashMap<Val, Data>,
    /// Struct values (the `{carry, sum}` of `llvm.genx.addc`, results of uninterpreted calls):
    /// their fields, read by `extractvalue`.
    aggregates: HashMap<Val, Vec<Data>>,
}

impl Frame {
    fn get(&self, v: Val) -> Result<Data, OracleError> {
        if let Some(d) = self.values.get(&v) {
            return Ok(d.clone());
        }
        if let Some(c) = constant(v)? {
            return Ok(c);
        }
        if v.is_constant_expr() {
            return Err(not_modeled(format!("the constant expression `{}`", v.print())));
        }
        Err(not_modeled(format!("the operand `{}`", v.print())))
    }
}

/// The region calls by base name: (read?, constant write?).
fn region_call(callee: &str) -> Option<(bool, bool)> {
    [
        ("llvm.genx.rdregioni", (true, false)),
        ("llvm.genx.rdregionf", (true, false)),
        ("llvm.genx.wrregioni", (false, false)),
        ("llvm.genx.wrregionf", (false, false)),
        ("llvm.genx.wrconstregion", (false, true)),
    ]
    .into_iter()
    .find(|(b, _)| callee.strip_prefix(b).is_some_and(is_overload_suffix))
    .map(|(_, k)| k)
}

/// Whether `callee` is `base` with an overload suffix.
fn is(callee: &str, base: &str) -> bool {
    callee.strip_prefix(base).is_some_and(is_overload_suffix)
}

fn run(f: Val, args: &[Bits]) -> Result<Run, OracleError> {
    let blocks = f.blocks();
    if blocks.len() != 1 {
        return Err(not_modeled(format!("control flow ({} basic blocks in @{})", blocks.len(), f.name())));
    }
    let mut frame = Frame { values: HashMap::new(), aggregates: HashMap::new() };
    for (p, a) in f.params().into_iter().zip(args) {
        let (elem, _) = shape(p.ty())?;
        frame.values.insert(p, Data { elem, bits: a.clone() });
    }
    let mut out = Run { ret: None, calls: Vec::new(), regions: 0 };
    for inst in blocks[0].instructions() {
        if inst.opcode() == LLVMOpcode::LLVMRet {
            if inst.num_operands() > 0 {
                out.ret = Some(frame.get(inst.operand(0))?);
            }
            return Ok(out);
        }
        if inst.ty().kind() == LLVMTypeKind::LLVMStructTypeKind && inst.opcode() == LLVMOpcode::LLVMCall {
            let fields = aggregate_call(inst, &frame)?;
            frame.aggregates.insert(inst, fields);
            continue;
        }
        if inst.opcode() == LLVMOpcode::LLVMExtractValue {
            let fields = frame.aggregates.get(&inst.operand(0));
            let field = match (fields, inst.aggregate_indices().as_slice()) {
                (Some(f), [i]) => f.get(*i as usize).cloned(),
                _ => None,
            };
            let field =
                field.ok_or_else(|| not_modeled(format!("the instruction `{}`", inst.print().trim())))?;
            frame.values.insert(inst, field);
            continue;
        }
        if let Some(d) = step(inst, &frame, &mut out)? {
            frame.values.insert(inst, d);
        }
    }
    Err(not_modeled(format!("a block of @{} without a return", f.name())))
}

fn binop(op: LLVMOpcode) -> Option<BinOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMAdd => BinOp::Add,
        LLVMSub => BinOp::Sub,
        LLVMMul => BinOp::Mul,
        LLVMUDiv => BinOp::UDiv,
        LLVMSDiv => BinOp::SDiv,
        LLVMURem => BinOp::URem,
        LLVMSRem => BinOp::SRem,
        LLVMShl => BinOp::Shl,
        LLVMLShr => BinOp::LShr,
        LLVMAShr => BinOp::AShr,
        LLVMAnd => BinOp::And,
        LLVMOr => BinOp::Or,
        LLVMXor => BinOp::Xor,
        LLVMFAdd => BinOp::FAdd,
        LLVMFSub => BinOp::FSub,
        LLVMFMul => BinOp::FMul,
        LLVMFDiv => BinOp::FDiv,
        LLVMFRem => BinOp::FRem,
        _ => return None,
    })
}

fn castop(op: LLVMOpcode) -> Option<CastOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMTrunc => CastOp::Trunc,
        LLVMZExt => CastOp::ZExt,
        LLVMSExt => CastOp::SExt,
        LLVMFPTrunc => CastOp::FPTrunc,
        LLVMFPExt => CastOp::FPExt,
        LLVMFPToUI => CastOp::FPToUI,
        LLVMFPToSI => CastOp::FPToSI,
        LLVMUIToFP => CastOp::UIToFP,
        LLVMSIToFP => CastOp::SIToFP,
        _ => return None,
    })
}

/// Element `i` of an operand, a scalar standing for every element.
fn lane(d: &Data, i: usize) -> Option<u64> {
    if d.bits.len() == 1 {
        d.bits[0]
    } else {
        d.bits.get(i).copied().flatten()
    }
}

/// Executes one instruction; gives its value (`None` for a `void` call).
fn step(inst: Val, frame: &Frame, out: &mut Run) -> Result<Option<Data>, OracleError> {
    use LLVMOpcode::*;
    let op = inst.opcode();
    let ty = inst.ty();
    let operand = |k: u32| frame.get(inst.operand(k));
    if let Some(b) = binop(op) {
        let (elem, n) = shape(ty)?;
        let (x, y) = (operand(0)?, operand(1)?);
        let bits = (0..n as usize)
            .map(|i| match (lane(&x, i), lane(&y, i)) {
                (Some(a), Some(c)) => binary(b, elem, a, c),
                _ => None,
            })
            .collect();
        return Ok(Some(Data { elem, bits }));
    }
    if let Some(c) = castop(op) {
        let (elem, _) = shape(ty)?;
        let x = operand(0)?;
        let bits = x.bits.iter().map(|b| b.and_then(|b| cast(c, x.elem, elem, b))).collect();
        return Ok(Some(Data { elem, bits }));
    }
    match op {
        LLVMFNeg => {
            let x = operand(0)?;
            let sign = 1u64 << (x.elem.bits() - 1);
            Ok(Some(Data { elem: x.elem, bits: x.bits.iter().map(|b| b.map(|b| b ^ sign)).collect() }))
        }
        LLVMICmp | LLVMFCmp => {
            let (x, y) = (operand(0)?, operand(1)?);
            let pred = if op == LLVMICmp {
                icmp_pred(inst.icmp_predicate())
            } else {
                fcmp_pred(inst.fcmp_predicate())
            };
            let (_, n) = shape(ty)?;
            let bits = (0..n as usize)
                .map(|i| match (lane(&x, i), lane(&y, i)) {
                    (Some(a), Some(b)) => Some(compare(pred, x.elem, a, b)),
                    _ => None,
                })
                .collect();
            Ok(Some(Data { elem: Elem::I1, bits }))
        }
        LLVMSelect => {
            let (c, t, f) = (operand(0)?, operand(1)?, operand(2)?);
            let (elem, n) = shape(ty)?;
            let bits = (0..n as usize)
                .map(|i| match lane(&c, i) {
                    Some(1) => lane(&t, i),
                    Some(_) => lane(&f, i),
                    None => None,
                })
                .collect();
            Ok(Some(Data { elem, bits }))
        }
        LLVMBitCast => Ok(Some(bitcast(&operand(0)?, ty)?)),
        LLVMExtractElement => {
            let (v, i) = (operand(0)?, operand(1)?);
            let bit = lane(&i, 0).and_then(|i| v.bits.get(i as usize).copied().flatten());
            Ok(Some(Data { elem: v.elem, bits: vec![bit] }))
        }
        LLVMInsertElement => {
            let (mut v, x, i) = (operand(0)?, operand(1)?, operand(2)?);
            match lane(&i, 0).map(|i| i as usize).filter(|&i| i < v.bits.len()) {
                Some(i) => v.bits[i] = x.bits[0],
                None => v.bits.iter_mut().for_each(|b| *b = None),
            }
            Ok(Some(v))
        }
        LLVMShuffleVector => {
            let (a, b) = (operand(0)?, operand(1)?);
            let both: Vec<Option<u64>> = a.bits.iter().chain(&b.bits).copied().collect();
            let bits = inst
                .shuffle_mask()
                .iter()
                .map(|m| m.and_then(|m| both.get(m as usize).copied().flatten()))
                .collect();
            Ok(Some(Data { elem: a.elem, bits }))
        }
        LLVMCall => call(inst, frame, out),
        _ => Err(not_modeled(format!("the instruction `{}`", inst.print().trim()))),
    }
}

/// A bitcast: the same bytes, little-endian, as another element type; `<N x i1>` and `iN` are
/// one bit per element.
fn bitcast(x: &Data, to: Ty) -> Result<Data, OracleError> {
    let (elem, n) = shape(to)?;
    if x.elem == Elem::I1 || elem == Elem::I1 {
        let bits = if x.elem == elem {
            x.bits.clone()
        } else if elem == Elem::I1 {
            let v = x.bits.first().copied().flatten();
            (0..n).map(|i| v.map(|v| v >> i & 1)).collect()
        } else {
            let all: Option<Vec<u64>> = x.bits.iter().copied().collect();
            vec![all.map(|b| b.iter().enumerate().fold(0u64, |acc, (i, b)| acc | b << i))]
        };
        return Ok(Data { elem, bits });
    }
    let bytes: Vec<Option<u8>> = x
        .bits
        .iter()
        .flat_map(|b| (0..x.elem.bytes()).map(move |k| b.map(|b| (b >> (8 * k)) as u8)))
        .collect();
    let eb = elem.bytes() as usize;
    if bytes.len() != eb * n as usize {
        return Err(OracleError::Unreadable(format!("a bitcast of {} bytes to {}", bytes.len(), to.print())));
    }
    let bits = bytes
        .chunks(eb)
        .map(|c| c.iter().enumerate().try_fold(0u64, |acc, (k, b)| b.map(|b| acc | u64::from(b) << (8 * k))))
        .collect();
    Ok(Data { elem, bits })
}

fn call(inst: Val, frame: &Frame, out: &mut Run) -> Result<Option<Data>, OracleError> {
    let callee = inst.called_value();
    if callee.is_null() || !callee.is_function() {
        return Err(not_modeled(format!("the indirect call `{}`", inst.print().trim())));
    }
    let name = callee.name();
    if !callee.is_declaration() {
        return Err(not_modeled(format!("the call of the defined function @{name}")));
    }
    let args: Vec<Data> =
        (0..inst.num_call_args()).map(|k| frame.get(inst.operand(k))).collect::<Result<_, _>>()?;
    if let Some((read, _)) = region_call(&name) {
        out.regions += 1;
        return region(inst, &name, read, &args).map(Some);
    }
    // VC's value-preserving helpers: a constant loaded into a register, a copy between
    // categories, an address add.
    let copies =
        ["llvm.genx.constanti", "llvm.genx.constantf", "llvm.genx.constantpred", "llvm.genx.convert"];
    if copies.iter().any(|b| is(&name, b)) || is(&name, "llvm.genx.convert.addr") && args.len() == 2 {
        if is(&name, "llvm.genx.convert.addr") {
            let (elem, _) = shape(inst.ty())?;
            let bits = args[0]
                .bits
                .iter()
                .map(|b| b.and_then(|b| binary(BinOp::Add, elem, b, lane(&args[1], 0)?)))
                .collect();
            return Ok(Some(Data { elem, bits }));
        }
        if args.len() == 1 {
            let (elem, _) = shape(inst.ty())?;
            return Ok(Some(bitcast(&args[0], inst.ty()).map(|d| Data { elem, ..d })?));
        }
    }
    // predicate regions: `rdpredregion(pred, offset)` reads elements from `offset`,
    // `wrpredregion(old, new, offset)` writes them (offsets in elements)
    if is(&name, "llvm.genx.rdpredregion") && args.len() == 2 {
        out.regions += 1;
        let (_, n) = shape(inst.ty())?;
        let at = inst
            .operand(1)
            .const_int()
            .ok_or_else(|| not_modeled(format!("a variable offset in @{name}")))?;
        let bits = (0..n as usize).map(|i| args[0].bits.get(at as usize + i).copied().flatten()).collect();
        return Ok(Some(Data { elem: Elem::I1, bits }));
    }
    if is(&name, "llvm.genx.wrpredregion") && args.len() == 3 {
        out.regions += 1;
        let at = inst
            .operand(2)
            .const_int()
            .ok_or_else(|| not_modeled(format!("a variable offset in @{name}")))?;
        let mut bits = args[0].bits.clone();
        for (i, b) in args[1].bits.iter().enumerate() {
            match bits.get_mut(at as usize + i) {
                Some(slot) => *slot = *b,
                None => return Err(OracleError::Unreadable(format!("@{name} writes past its predicate"))),
            }
        }
        return Ok(Some(Data { elem: Elem::I1, bits }));
    }
    if is(&name, "llvm.genx.add.addr") && args.len() == 2 {
        let (elem, n) = shape(inst.ty())?;
        let bits = (0..n as usize)
            .map(|i| match (lane(&args[0], i), lane(&args[1], i)) {
                (Some(a), Some(b)) => binary(BinOp::Add, elem, a, b),
                _ => None,
            })
            .collect();
        return Ok(Some(Data { elem, bits }));
    }
    if let Some(d) = alu_intrinsic(&name, inst.ty(), &args)? {
        return Ok(Some(d));
    }
    // Uninterpreted: a call with a result is a pure function of its callee and arguments (a load
    // gives the same bits wherever it moves, and may be dropped when unused); a void call is an
    // effect, remembered in order with its arguments.
    let seed = call_seed(&name, &args);
    if inst.ty().kind() == LLVMTypeKind::LLVMVoidTypeKind {
        out.calls.push((name, args));
        return Ok(None);
    }
    let (elem, _) = shape(inst.ty())?;
    Ok(Some(Data { elem, bits: random_value(inst.ty(), seed)? }))
}

/// The element-wise ALU intrinsics VC's code generation introduces after legalization: `add3`,
/// `bfn`,
/// integer and float `min`/`max`, the high half of a product (`umulh`, `smulh`). `None` for any
/// other callee, or when the operand and result types differ (saturating or converting forms).
fn alu_intrinsic(name: &str, ty: Ty, args: &[Data]) -> Result<Option<Data>, OracleError> {
    const OPS: [&str; 9] = [
        "llvm.genx.add3",
        "llvm.genx.umin",
        "llvm.genx.umax",
        "llvm.genx.smin",
        "llvm.genx.smax",
        "llvm.genx.fmin",
        "llvm.genx.fmax",
        "llvm.genx.umulh",
        "llvm.genx.smulh",
    ];
    if is(name, "llvm.genx.bfn") && args.len() == 4 {
        // bit `a | b << 1 | c << 2` of the truth table, as vISA's BFN (source 0 the low bit)
        let (elem, n) = shape(ty)?;
        let Some(func) = lane(&args[3], 0) else { return Ok(None) };
        let bits = (0..n as usize)
            .map(|i| {
                let (a, b, c) = (lane(&args[0], i)?, lane(&args[1], i)?, lane(&args[2], i)?);
                let r = (0..8u64).filter(|k| func >> k & 1 == 1).fold(0u64, |acc, k| {
                    let pick = |x: u64, bit: u64| if k >> bit & 1 == 1 { x } else { !x };
                    acc | (pick(a, 0) & pick(b, 1) & pick(c, 2))
                });
                Some(r & mask(elem))
            })
            .collect();
        return Ok(Some(Data { elem, bits }));
    }
    // LLVM's own integer minimum and maximum (genxc's preparation makes them of compare and
    // select pairs) compute what the GenX ones do
    const LLVM_MIN_MAX: [(&str, &str); 4] = [
        ("llvm.umin", "llvm.genx.umin"),
        ("llvm.umax", "llvm.genx.umax"),
        ("llvm.smin", "llvm.genx.smin"),
        ("llvm.smax", "llvm.genx.smax"),
    ];
    let llvm = LLVM_MIN_MAX.into_iter().find(|(l, _)| is(name, l)).map(|(_, g)| g);
    let Some(op) = OPS.into_iter().find(|b| is(name, b)).or(llvm) else { return Ok(None) };
    let (elem, n) = shape(ty)?;
    let arity = if op == "llvm.genx.add3" { 3 } else { 2 };
    if args.len() != arity || args.iter().any(|a| a.elem != elem) {
        return Ok(None);
    }
    let sext = |v: u64| -> i128 {
        let b = elem.bits();
        i128::from(((v << (64 - b)) as i64) >> (64 - b))
    };
    let f = |v: u64| cast(CastOp::FPExt, elem, Elem::Double, v).map(f64::from_bits);
    let lanes = (0..n as usize).map(|i| -> Option<u64> {
        let a = lane(&args[0], i)?;
        let b = lane(&args[1], i)?;
        let m = mask(elem);
        Some(match op {
            "llvm.genx.add3" => a.wrapping_add(b).wrapping_add(lane(&args[2], i)?) & m,
            "llvm.genx.umin" => a.min(b),
            "llvm.genx.umax" => a.max(b),
            "llvm.genx.smin" => {
                if sext(a) <= sext(b) {
                    a
                } else {
                    b
                }
            }
            "llvm.genx.smax" => {
                if sext(a) >= sext(b) {
                    a
                } else {
                    b
                }
            }
            "llvm.genx.umulh" => ((u128::from(a) * u128::from(b)) >> elem.bits()) as u64 & m,
            "llvm.genx.smulh" => ((sext(a) * sext(b)) >> elem.bits()) as u64 & m,
            _ => {
                // the hardware's min/max: a NaN operand gives the other, -0 is below +0
                let (x, y) = (f(a)?, f(b)?);
                let min = op == "llvm.genx.fmin";
                if x.is_nan() || y.is_nan() {
                    if x.is_nan() {
                        b
                    } else {
                        a
                    }
                } else if x == y {
                    let a_neg = x.is_sign_negative();
                    if a_neg == min {
                        a
                    } else {
                        b
                    }
                } else if (x < y) == min {
                    a
                } else {
                    b
                }
            }
        })
    });
    Ok(Some(Data { elem, bits: lanes.collect() }))
}

/// A call giving a struct: `llvm.genx.addc` (`{carry, sum}`) and `llvm.genx.subb`
/// (`{borrow, difference}`) of two integer vectors, or an uninterpreted call (each field
/// pseudo-random from the callee and arguments).
fn aggregate_call(inst: Val, frame: &Frame) -> Result<Vec<Data>, OracleError> {
    let callee = inst.called_value();
    if callee.is_null() || !callee.is_function() || !callee.is_declaration() {
        return Err(not_modeled(format!("the call `{}`", inst.print().trim())));
    }
    let name = callee.name();
    let args: Vec<Data> =
        (0..inst.num_call_args()).map(|k| frame.get(inst.operand(k))).collect::<Result<_, _>>()?;
    let fields = inst.ty().struct_elements();
    let carry = is(&name, "llvm.genx.addc");
    if (carry || is(&name, "llvm.genx.subb")) && args.len() == 2 && fields.len() == 2 {
        let (elem, n) = shape(fields[1])?;
        let m = mask(elem);
        let (mut flag, mut value) = (Vec::new(), Vec::new());
        for i in 0..n as usize {
            match (lane(&args[0], i), lane(&args[1], i)) {
                (Some(a), Some(b)) if carry => {
                    let wide = u128::from(a & m) + u128::from(b & m);
                    flag.push(Some((wide >> elem.bits()) as u64 & 1));
                    value.push(Some(wide as u64 & m));
                }
                (Some(a), Some(b)) => {
                    flag.push(Some(u64::from((a & m) < (b & m))));
                    value.push(Some(a.wrapping_sub(b) & m));
                }
                _ => {
                    flag.push(None);
                    value.push(None);
                }
            }
        }
        return Ok(vec![Data { elem, bits: flag }, Data { elem, bits: value }]);
    }
    let seed = call_seed(&name, &args);
    fields
        .iter()
        .enumerate()
        .map(|(k, &t)| Ok(Data { elem: shape(t)?.0, bits: random_value(t, seed ^ (k as u64 + 1))? }))
        .collect()
}

/// A region call: its region from the operands, read or written by the legalize crate's
/// interpreter.
fn region(inst: Val, name: &str, read: bool, args: &[Data]) -> Result<Data, OracleError> {
    let malformed = || OracleError::Unreadable(format!("a malformed region call `{}`", inst.print().trim()));
    let first = if read { 1 } else { 2 };
    if args.len() != if read { 6 } else { 8 } {
        return Err(malformed());
    }
    let param = |k: usize| inst.operand(k as u32).const_int();
    let (vstride, width, stride) = match (param(first), param(first + 1), param(first + 2)) {
        (Some(v), Some(w), Some(s)) if w > 0 && v >= 0 && s >= 0 => (v, w, s),
        _ => return Err(not_modeled(format!("a region with variable or invalid parameters in @{name}"))),
    };
    let index_op = inst.operand((first + 3) as u32);
    let (offset, index) = match index_op.const_int() {
        Some(c) => (c, None),
        None => (0, Some(args[first + 3].bits.clone())),
    };
    let value = if read { inst } else { inst.operand(1) };
    let (elem, num_elems) = shape(value.ty())?;
    let eb = elem.bytes();
    if elem == Elem::I1 || i64::from(num_elems) % width != 0 {
        return Err(not_modeled(format!("the predicate or malformed region `{}`", inst.print().trim())));
    }
    let region = Region {
        elem_bytes: eb,
        num_elems,
        vstride: vstride as i32,
        width: width as u32,
        stride: stride as i32,
        offset: offset as i32,
        indirect: index.as_ref().map(|_| Value::Param(0)),
        parent_width: 0,
    };
    let input = &args[0];
    let result = if read {
        read_region(&input.bits, eb, &region, index.as_ref())
    } else {
        let n = num_elems as usize;
        let m = &args[7];
        let mask: Bits = if m.bits.len() == 1 { vec![m.bits[0]; n] } else { m.bits.clone() };
        write_region(&input.bits, eb, &args[1].bits, &region, index.as_ref(), &mask)
    };
    let bits = result
        .map_err(|e| OracleError::Differ(format!("the region call `{}` faults: {e}", inst.print().trim())))?;
    let elem = if read { elem } else { input.elem };
    Ok(Data { elem, bits })
}

/// Whether `got` may stand for `want`: equal where `want` is defined.
fn refines(want: &Data, got: &Data) -> Option<usize> {
    if want.bits.len() != got.bits.len() {
        return Some(0);
    }
    want.bits.iter().zip(&got.bits).position(|(w, g)| w.is_some() && w != g)
}

fn compare_runs(want: &Run, got: &Run) -> Result<(), OracleError> {
    fn names(r: &Run) -> Vec<&str> {
        r.calls.iter().map(|c| c.0.as_str()).collect()
    }
    if names(want) != names(got) {
        let (w, g) = (names(want), names(got));
        let k = w.iter().zip(&g).take_while(|(a, b)| a == b).count();
        return Err(not_modeled(format!(
            "the versions make different uninterpreted calls ({} before, {} after; call {k}: {} before, {} after)",
            w.len(),
            g.len(),
            w.get(k).map_or("none", |c| c),
            g.get(k).map_or("none", |c| c)
        )));
    }
    for (k, ((name, wa), (_, ga))) in want.calls.iter().zip(&got.calls).enumerate() {
        for (j, (w, g)) in wa.iter().zip(ga).enumerate() {
            if let Some(i) = refines(w, g) {
                return Err(OracleError::Differ(format!(
                    "call {k} (@{name}), argument {j} differs first at element {i}: {:?} before, {:?} after",
                    w.bits.get(i).copied().flatten(),
                    g.bits.get(i).copied().flatten()
                )));
            }
        }
    }
    match (&want.ret, &got.ret) {
        (None, None) => Ok(()),
        (Some(w), Some(g)) => match refines(w, g) {
            None => Ok(()),
            Some(i) => Err(OracleError::Differ(format!(
                "the returned value differs first at element {i}: {:?} before, {:?} after",
                w.bits.get(i).copied().flatten(),
                g.bits.get(i).copied().flatten()
            ))),
        },
        _ => Err(OracleError::Differ("one version returns a value, the other none".into())),
    }
}
