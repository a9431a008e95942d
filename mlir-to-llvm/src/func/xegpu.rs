//! MLIR 19's `xegpu` dialect lowered to GenX intrinsics: block tensor descriptors to LSC 2D block
//! messages (`llvm.genx.lsc.load2d/store2d/prefetch2d.stateless`), scattered descriptors to LSC
//! gathers, scatters and atomics on per-lane addresses (`llvm.genx.lsc.load.merge/store/
//! prefetch/xatomic.stateless`), `dpas` to `llvm.genx.dpas2` (or `dpas.nosrc0` without an
//! accumulator), `fence` to `llvm.genx.lsc.fence` and named barriers to `llvm.genx.nbarrier`.
//!
//! Runtime forms of the descriptor types:
//! - a block descriptor (`!xegpu.tensor_desc<HxWxT>`) is `<8 x i32>`: the base address (low and
//!   high dword), surface width in bytes - 1, surface height - 1, surface pitch in bytes - 1, and
//!   the block's x (elements) and y (rows) in the surface, the operands of a 2D block message (a
//!   vector rather than a struct, so that it goes through loops as one Gen value);
//! - a scattered descriptor (`#xegpu.tdesc_attr<scattered = true>`) is `<N x i64>`: each lane's
//!   address (the source plus the lane's element offset times the element size);
//! - `!xegpu.nbarrier` is `{ i8, i8 }`: the barrier id and the thread count of `init_nbarrier`.
//!
//! Vector results an operation only passes to other xegpu operations stay one flat LLVM vector;
//! otherwise they take MLIR's n-D form (arrays of vectors). The platform checks (2D block messages
//! on PVC only, dpas widths) are the LLVM path's: the intrinsics are refused there, with the
//! operation's location.

use super::{FnEmitter, Res};
use crate::types::LTy;
use genxc_diag::{invalid, unsupported, Failure};
use genxc_frontend::mlir::{Attr, Layout, Operation, Type, ValueId, DYNAMIC};

/// A parsed `!xegpu.tensor_desc<...>` type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TensorDesc {
    /// Dimensions.
    shape: Vec<u64>,
    /// Element type.
    elem: LTy,
    /// Element bits.
    bits: u32,
    /// `scattered = true`.
    scattered: bool,
    /// `array_length` (blocks per 2D message).
    array_length: u64,
    /// `memory_scope = slm`.
    slm: bool,
}

/// Operand counts (least, most) and result count of the operations with fixed ones.
const ARITY: [(&str, usize, usize, usize); 17] = [
    ("create_nd_tdesc", 1, usize::MAX, 1),
    ("update_nd_offset", 1, 3, 1),
    ("load_nd", 1, 1, 1),
    ("store_nd", 2, 2, 0),
    ("prefetch_nd", 1, 1, 0),
    ("create_tdesc", 1, usize::MAX, 1),
    ("update_offset", 1, usize::MAX, 1),
    ("load", 2, 2, 1),
    ("store", 3, 3, 0),
    ("prefetch", 1, 1, 0),
    ("atomic_rmw", 3, 3, 1),
    ("dpas", 2, 3, 1),
    ("fence", 0, 0, 0),
    ("alloc_nbarrier", 0, 0, 0),
    ("init_nbarrier", 2, 2, 1),
    ("nbarrier_arrive", 1, 1, 0),
    ("nbarrier_wait", 1, 1, 0),
];

/// The most elements a descriptor may hold (a 2D block message moves at most 2 KiB per block and
/// four blocks; a scattered one at most 32 lanes of 64 elements).
const MAX_DESC_ELEMS: u64 = 8192;

/// LSC cache control codes (vISA's `LSC_CACHE_OPT`) of XeGPU's cache policies.
const CACHE_POLICIES: [(&str, u8); 6] = [
    ("uncached", 1),
    ("cached", 2),
    ("write_back", 3),
    ("write_through", 4),
    ("streaming", 5),
    ("read_invalidate", 6),
];

fn elem_of(s: &str) -> Option<(LTy, u32)> {
    Some(match s {
        "f16" => (LTy::Half, 16),
        "bf16" => (LTy::BFloat, 16),
        "f32" => (LTy::Float, 32),
        "f64" => (LTy::Double, 64),
        _ => {
            let w: u32 = s
                .strip_prefix('i')
                .or_else(|| s.strip_prefix("ui"))
                .or_else(|| s.strip_prefix("si"))?
                .parse()
                .ok()?;
            if !matches!(w, 8 | 16 | 32 | 64) {
                return None;
            }
            (LTy::Int(w), w)
        }
    })
}

/// Parses the text of a tensor descriptor type.
pub(crate) fn parse_tensor_desc(text: &str) -> Res<TensorDesc> {
    let bad = || invalid(format!("malformed tensor descriptor type {text}"));
    let body = text.strip_prefix("!xegpu.tensor_desc<").and_then(|b| b.strip_suffix('>')).ok_or_else(bad)?;
    let (shape_text, attr) = match body.split_once(',') {
        Some((s, a)) => (s.trim(), a.trim()),
        None => (body.trim(), ""),
    };
    let parts: Vec<&str> = shape_text.split('x').collect();
    let (elem_text, dims) = parts.split_last().ok_or_else(bad)?;
    let shape =
        dims.iter().map(|d| d.trim().parse::<u64>()).collect::<Result<Vec<_>, _>>().map_err(|_| bad())?;
    let (elem, bits) = elem_of(elem_text.trim())
        .ok_or_else(|| unsupported(format!("tensor descriptor element type in {text}")))?;
    let mut d = TensorDesc { shape, elem, bits, scattered: false, array_length: 1, slm: false };
    if !attr.is_empty() {
        let inner =
            attr.strip_prefix("#xegpu.tdesc_attr<").and_then(|a| a.strip_suffix('>')).ok_or_else(|| {
                unsupported(format!("tensor descriptor attribute {attr} (MLIR 19 has #xegpu.tdesc_attr)"))
            })?;
        for kv in inner.split(',').filter(|s| !s.trim().is_empty()) {
            let (k, v) = kv.split_once('=').ok_or_else(bad)?;
            let v = v.split(':').next().unwrap_or("").trim();
            match k.trim() {
                "scattered" => d.scattered = v == "true",
                "array_length" => d.array_length = v.parse().map_err(|_| bad())?,
                "memory_scope" => d.slm = v == "slm",
                "boundary_check" => {}
                other => return Err(unsupported(format!("tensor descriptor attribute '{other}'"))),
            }
        }
    }
    if d.shape.iter().try_fold(1u64, |a, &x| a.checked_mul(x)).is_none_or(|n| n > MAX_DESC_ELEMS) {
        return Err(unsupported(format!("tensor descriptor {text}: more than {MAX_DESC_ELEMS} elements")));
    }
    if d.shape.is_empty() || d.shape.len() > 2 || d.shape.contains(&0) {
        return Err(unsupported(format!("tensor descriptor {text}: 1-D and 2-D shapes are lowered")));
    }
    Ok(d)
}

/// The LLVM type of an xegpu type (see the module documentation).
pub(crate) fn llvm_type(text: &str) -> Result<LTy, Failure> {
    if text == "!xegpu.nbarrier" {
        return Ok(LTy::Struct(vec![LTy::Int(8), LTy::Int(8)], false));
    }
    let d = parse_tensor_desc(text)?;
    if d.scattered {
        return Ok(LTy::Vec(d.shape[0], Box::new(LTy::Int(64))));
    }
    Ok(block_desc_type())
}

fn block_desc_type() -> LTy {
    LTy::Vec(8, Box::new(LTy::Int(32)))
}

fn hint(op: &Operation, name: &str) -> Res<u8> {
    match op.attr(name) {
        None => Ok(0),
        Some(Attr::Dialect(_, v)) => CACHE_POLICIES
            .iter()
            .find(|(n, _)| *n == v.trim())
            .map(|(_, c)| *c)
            .ok_or_else(|| unsupported(format!("cache hint {name} = {v}"))),
        Some(a) => Err(invalid(format!("{name} must be a #xegpu.cache_hint, not {a:?}"))),
    }
}

/// L1 and L3 cache controls of an operation's `l1_hint` and `l3_hint` (LSC messages control no
/// L2; `l2_hint` is read for its validity only). One given alone gives the other level `cached`,
/// since a message may not mix the default with an explicit control.
fn cache_controls(op: &Operation) -> Res<(u8, u8)> {
    let (l1, _, l3) = (hint(op, "l1_hint")?, hint(op, "l2_hint")?, hint(op, "l3_hint")?);
    Ok(match (l1, l3) {
        (0, 0) => (0, 0),
        (0, x) => (2, x),
        (x, 0) => (x, 2),
        p => p,
    })
}

fn data_size_code(bits: u32) -> u8 {
    match bits {
        8 => 1,
        16 => 2,
        32 => 3,
        _ => 4,
    }
}

fn vector_size_code(n: u64) -> Res<u8> {
    Ok(match n {
        1..=4 => n as u8,
        8 => 5,
        16 => 6,
        32 => 7,
        64 => 8,
        _ => {
            return Err(unsupported(format!("chunk_size {n}: LSC messages take 1, 2, 3, 4, 8, 16, 32 or 64")))
        }
    })
}

fn vec_len(t: &LTy) -> u64 {
    match t {
        LTy::Vec(n, _) => *n,
        LTy::Array(n, e) => n.saturating_mul(vec_len(e)),
        _ => 1,
    }
}

/// The element type of a message's data: the descriptor's own (so the simulator's reference knows
/// float data), but bf16 as i16 (genxc holds bfloat values as i16 inside a kernel).
fn message_elem(d: &TensorDesc) -> LTy {
    match d.elem {
        LTy::BFloat => LTy::Int(16),
        ref e => e.clone(),
    }
}

fn deep_scalar(t: &LTy) -> LTy {
    match t {
        LTy::Array(_, e) | LTy::Vec(_, e) => deep_scalar(e),
        t => t.clone(),
    }
}

fn intrinsic_vec_of(t: &LTy, n: u64) -> LTy {
    LTy::Vec(n, Box::new(t.clone()))
}

impl FnEmitter<'_, '_> {
    /// Lowers one `xegpu.*` operation; its intrinsic calls carry the operation's name and MLIR
    /// position in a trailing comment ([`crate::instruction_position`] reads it back when the LLVM
    /// path refuses one of them).
    pub(crate) fn xegpu(&mut self, op: &Operation, short: &str) -> Res<()> {
        let first = self.blocks.len();
        let from = self.blocks.last().map_or(0, |b| b.1.len());
        let r = self.xegpu_op(op, short);
        let tag = format!("  ; {} {}:{}", op.name, op.loc.line, op.loc.col);
        for (k, b) in self.blocks.iter_mut().enumerate().skip(first.saturating_sub(1)) {
            let start = if k + 1 == first { from } else { 0 };
            let tagged: String = b.1[start..]
                .lines()
                .map(|l| if l.contains("@llvm.genx.") { format!("{l}{tag}\n") } else { format!("{l}\n") })
                .collect();
            b.1.truncate(start);
            b.1.push_str(&tagged);
        }
        r
    }

    fn xegpu_op(&mut self, op: &Operation, short: &str) -> Res<()> {
        let (min, max, results) =
            ARITY.iter().find(|a| a.0 == short).map_or((0, usize::MAX, 0), |a| (a.1, a.2, a.3));
        if op.operands.len() < min || op.operands.len() > max || op.results.len() != results {
            return Err(invalid(format!(
                "xegpu.{short} with {} operands and {} results",
                op.operands.len(),
                op.results.len()
            )));
        }
        match short {
            "create_nd_tdesc" => self.xegpu_create_nd(op),
            "update_nd_offset" => self.xegpu_update_nd(op),
            "load_nd" | "store_nd" | "prefetch_nd" => self.xegpu_block_message(op, short),
            "create_tdesc" | "update_offset" => self.xegpu_scattered_desc(op, short),
            "load" | "store" | "prefetch" | "atomic_rmw" => self.xegpu_scattered_message(op, short),
            "dpas" => self.xegpu_dpas(op),
            "fence" => self.xegpu_fence(op),
            // The count is the kernel's (its genx.kernels entry); nothing happens at run time.
            "alloc_nbarrier" => Ok(()),
            "init_nbarrier" => {
                let a = self.operands(op)?;
                let t = LTy::Struct(vec![LTy::Int(8), LTy::Int(8)], false);
                let mut v = "undef".to_string();
                for (k, (x, xt)) in a.iter().enumerate() {
                    if *xt != LTy::Int(8) {
                        return Err(invalid("xegpu.init_nbarrier takes two i8 values"));
                    }
                    v = self.emit(&format!("insertvalue {t} {v}, i8 {x}, {k}"));
                }
                self.set(op.results[0], v, t);
                Ok(())
            }
            "nbarrier_arrive" | "nbarrier_wait" => {
                let (b, bt) = self.get(op.operands[0])?;
                let id = self.emit(&format!("extractvalue {bt} {b}, 0"));
                let n = self.emit(&format!("extractvalue {bt} {b}, 1"));
                let signal = if short == "nbarrier_arrive" { "1" } else { "0" };
                let args = [(signal.to_string(), LTy::Int(8)), (id, LTy::Int(8)), (n, LTy::Int(8))];
                self.call_decl("llvm.genx.nbarrier", &LTy::Void, &args);
                Ok(())
            }
            _ => Err(unsupported(format!("operation 'xegpu.{short}' (not in MLIR 19's xegpu dialect)"))),
        }
    }

    fn tdesc_of(&self, v: ValueId) -> Res<TensorDesc> {
        match self.m.ir.ty(v) {
            Type::Opaque(t) => parse_tensor_desc(t),
            t => Err(invalid(format!("{t} where a tensor descriptor is expected"))),
        }
    }

    fn i64_of(&mut self, v: &str, t: &LTy) -> Res<String> {
        Ok(match t {
            LTy::Int(64) => v.to_string(),
            LTy::Int(w) if *w < 64 => self.emit(&format!("zext {t} {v} to i64")),
            LTy::Ptr(..) => self.emit(&format!("ptrtoint {t} {v} to i64")),
            _ => return Err(invalid(format!("a value of type {t} used as an address or index"))),
        })
    }

    /// Mixed static / operand values of a `const_*` attribute (operands in order from `vals`).
    fn mixed(
        &mut self,
        op: &Operation,
        attr: &str,
        vals: &mut std::slice::Iter<'_, ValueId>,
    ) -> Res<Vec<String>> {
        let stat: Vec<i64> = match op.attr(attr) {
            Some(Attr::Array(a)) => a.iter().filter_map(Attr::as_int).map(|x| x as i64).collect(),
            Some(Attr::Dense(..)) | None => return Ok(vec![]),
            Some(_) => return Err(invalid(format!("{attr} must be an array of i64"))),
        };
        let mut out = Vec::new();
        for s in stat {
            if s == DYNAMIC {
                let v = *vals
                    .next()
                    .ok_or_else(|| invalid(format!("{attr}: fewer operands than dynamic entries")))?;
                let (x, t) = self.get(v)?;
                out.push(self.i64_of(&x, &t)?);
            } else {
                out.push(s.to_string());
            }
        }
        Ok(out)
    }

    /// `a op b` on i64 text, folded when both are constants.
    fn arith64(&mut self, ins: &str, a: &str, b: &str) -> String {
        if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
            let r = match ins {
                "add" => x.wrapping_add(y),
                "sub" => x.wrapping_sub(y),
                _ => x.wrapping_mul(y),
            };
            return r.to_string();
        }
        self.emit(&format!("{ins} i64 {a}, {b}"))
    }

    fn trunc32(&mut self, a: &str) -> String {
        if let Ok(x) = a.parse::<i64>() {
            return (x as i32).to_string();
        }
        self.emit(&format!("trunc i64 {a} to i32"))
    }

    fn xegpu_create_nd(&mut self, op: &Operation) -> Res<()> {
        let d = self.tdesc_of(op.results[0])?;
        if d.scattered {
            return Err(invalid("xegpu.create_nd_tdesc makes a block descriptor, not a scattered one"));
        }
        let segs: Vec<usize> = match op.attr("operandSegmentSizes") {
            Some(Attr::Array(a)) => a.iter().filter_map(Attr::as_int).map(|x| x as usize).collect(),
            _ => vec![],
        };
        if segs.len() != 4 || segs.iter().sum::<usize>() != op.operands.len() {
            return Err(invalid(
                "xegpu.create_nd_tdesc needs operandSegmentSizes for source, offsets, shape, strides",
            ));
        }
        let src = op.operands[0];
        let eb = u64::from(d.bits / 8);
        let mut rest = op.operands[1..].iter();
        let offsets = self.mixed(op, "const_offsets", &mut rest)?;
        let shape_given = self.mixed(op, "const_shape", &mut rest)?;
        let strides_given = self.mixed(op, "const_strides", &mut rest)?;
        let (sv, st) = self.get(src)?;
        let (base, shape, strides) = match self.m.ir.ty(src).clone() {
            Type::MemRef { shape, layout, .. } => {
                let rank = shape.len();
                let fs = self.m.types.members(&st).unwrap_or_default();
                let ptr = self.emit(&format!("extractvalue {st} {sv}, 1"));
                let mut base = self.i64_of(&ptr, &fs[1].clone())?;
                let off = self.emit(&format!("extractvalue {st} {sv}, 2"));
                let off = self.i64_of(&off, &fs[2].clone())?;
                let off_b = self.arith64("mul", &off, &eb.to_string());
                base = self.arith64("add", &base, &off_b);
                let mut sizes = Vec::new();
                let mut strd = Vec::new();
                let static_strides = match &layout {
                    Layout::Strided { strides, .. } => Some(strides.clone()),
                    _ => None,
                };
                let mut row = 1i64;
                let mut row_major = vec![0i64; rank];
                for i in (0..rank).rev() {
                    row_major[i] = row;
                    row = if shape[i] == DYNAMIC || row == DYNAMIC {
                        DYNAMIC
                    } else {
                        row.checked_mul(shape[i]).unwrap_or(DYNAMIC)
                    };
                }
                for i in 0..rank {
                    sizes.push(if shape[i] == DYNAMIC {
                        let x = self.emit(&format!("extractvalue {st} {sv}, 3, {i}"));
                        self.i64_of(&x, &self.m.types.index())?
                    } else {
                        shape[i].to_string()
                    });
                    let s = static_strides.as_ref().map_or(row_major[i], |s| s[i]);
                    strd.push(if s == DYNAMIC {
                        let x = self.emit(&format!("extractvalue {st} {sv}, 4, {i}"));
                        self.i64_of(&x, &self.m.types.index())?
                    } else {
                        s.to_string()
                    });
                }
                let shape = if shape_given.is_empty() { sizes } else { shape_given };
                let strides = if strides_given.is_empty() { strd } else { strides_given };
                (base, shape, strides)
            }
            Type::Int(64, _) => (sv.clone(), shape_given, strides_given),
            t => {
                return Err(unsupported(format!(
                    "a tensor descriptor source of type {t} (a memref or a 64-bit address)"
                )))
            }
        };
        let rank = offsets.len();
        if rank == 0 || shape.len() != rank || strides.len() != rank {
            return Err(invalid(
                "xegpu.create_nd_tdesc: offsets, shape and strides must have the source's rank",
            ));
        }
        if strides[rank - 1] != "1" {
            return Err(unsupported(
                "a block descriptor whose innermost stride is not the constant 1 (2D block messages read rows of consecutive elements)",
            ));
        }
        if rank > 2 {
            return Err(unsupported(
                "a block descriptor over a source of rank > 2 (MLIR 19 takes 1-D and 2-D ones)",
            ));
        }
        let width_b = self.arith64("mul", &shape[rank - 1], &eb.to_string());
        let width_m1 = self.arith64("sub", &width_b, "1");
        let (height_m1, pitch_m1, y) = if rank >= 2 {
            let h = self.arith64("sub", &shape[rank - 2], "1");
            let p = self.arith64("mul", &strides[rank - 2], &eb.to_string());
            let p = self.arith64("sub", &p, "1");
            (h, p, offsets[rank - 2].clone())
        } else {
            ("0".to_string(), width_m1.clone(), "0".to_string())
        };
        let t = block_desc_type();
        let b2 = self.emit(&format!("bitcast i64 {base} to <2 x i32>"));
        let mut v = self.emit(&format!(
            "shufflevector <2 x i32> {b2}, <2 x i32> undef, <8 x i32> <i32 0, i32 1{}>",
            ", i32 undef".repeat(6)
        ));
        for (k, f) in [width_m1, height_m1, pitch_m1, offsets[rank - 1].clone(), y].iter().enumerate() {
            let f32 = self.trunc32(f);
            v = self.emit(&format!("insertelement {t} {v}, i32 {f32}, i32 {}", k + 2));
        }
        self.set(op.results[0], v, t);
        Ok(())
    }

    fn xegpu_update_nd(&mut self, op: &Operation) -> Res<()> {
        let (d, t) = self.get(op.operands[0])?;
        let mut rest = op.operands[1..].iter();
        let offs = self.mixed(op, "const_offsets", &mut rest)?;
        let n = offs.len();
        if n == 0 || n > 2 {
            return Err(unsupported("xegpu.update_nd_offset of a descriptor that is not 1-D or 2-D"));
        }
        let mut v = d;
        // x is element 5 (the innermost offset), y element 6.
        for (k, o) in offs.iter().rev().enumerate() {
            if o == "0" {
                continue;
            }
            let f = 5 + k;
            let cur = self.emit(&format!("extractelement {t} {v}, i32 {f}"));
            let o32 = self.trunc32(o);
            let s = self.emit(&format!("add i32 {cur}, {o32}"));
            v = self.emit(&format!("insertelement {t} {v}, i32 {s}, i32 {f}"));
        }
        self.set(op.results[0], v, t);
        Ok(())
    }

    /// A vector operand as one flat LLVM vector of `n` elements of `elem`.
    fn xegpu_flat(&mut self, v: &str, t: &LTy) -> Res<(String, LTy)> {
        if vec_len(t) > MAX_DESC_ELEMS {
            return Err(unsupported(format!("an xegpu operand of {} elements", vec_len(t))));
        }
        let leaves = self.leaves(v, t);
        let elem = deep_scalar(t);
        let n: u64 = leaves.iter().map(|(_, l)| l).sum();
        let ft = intrinsic_vec_of(&elem, n);
        if leaves.len() == 1 {
            return Ok((leaves[0].0.clone(), ft));
        }
        let mut acc = "undef".to_string();
        let mut at = 0u64;
        for (leaf, len) in leaves {
            let lt = intrinsic_vec_of(&elem, len);
            let widen: Vec<String> =
                (0..n).map(|i| if i < len { format!("i32 {i}") } else { "i32 undef".into() }).collect();
            let w = self
                .emit(&format!("shufflevector {lt} {leaf}, {lt} undef, <{n} x i32> <{}>", widen.join(", ")));
            let mask: Vec<String> =
                (0..n)
                    .map(|i| {
                        if i >= at && i < at + len {
                            format!("i32 {}", n + i - at)
                        } else {
                            format!("i32 {i}")
                        }
                    })
                    .collect();
            acc =
                self.emit(&format!("shufflevector {ft} {acc}, {ft} {w}, <{n} x i32> <{}>", mask.join(", ")));
            at += len;
        }
        Ok((acc, ft))
    }

    /// The 1-D vectors of an n-D value in row order, with their lengths.
    fn leaves(&mut self, v: &str, t: &LTy) -> Vec<(String, u64)> {
        match t {
            LTy::Array(n, e) => {
                let mut out = Vec::new();
                for k in 0..*n {
                    let x = self.emit(&format!("extractvalue {t} {v}, {k}"));
                    out.extend(self.leaves(&x, e));
                }
                out
            }
            _ => vec![(v.to_string(), vec_len(t))],
        }
    }

    /// Gives the result `r` the flat vector `flat`: as it is when only xegpu operations use `r`,
    /// else in the n-D form of its MLIR type.
    fn xegpu_result(&mut self, r: ValueId, flat: &str, ft: &LTy) -> Res<()> {
        let ir = self.m.ir;
        let only_xegpu = ir
            .ops
            .iter()
            .filter(|o| o.operands.contains(&r) || o.successors.iter().any(|s| s.args.contains(&r)))
            .all(|o| o.name.starts_with("xegpu.") && o.successors.is_empty());
        if only_xegpu {
            self.set(r, flat.to_string(), ft.clone());
            return Ok(());
        }
        let rt = self.conv(&ir.ty(r).clone())?;
        let mut at = 0u64;
        let v = self.unflatten(flat, ft, &rt, &mut at);
        self.set(r, v, rt);
        Ok(())
    }

    fn unflatten(&mut self, flat: &str, ft: &LTy, t: &LTy, at: &mut u64) -> String {
        match t {
            LTy::Array(n, e) => {
                let mut acc = "undef".to_string();
                for k in 0..*n {
                    let x = self.unflatten(flat, ft, e, at);
                    acc = self.emit(&format!("insertvalue {t} {acc}, {e} {x}, {k}"));
                }
                acc
            }
            _ => {
                let len = vec_len(t);
                if len == vec_len(ft) {
                    *at += len;
                    return flat.to_string();
                }
                let mask: Vec<String> = (*at..*at + len).map(|i| format!("i32 {i}")).collect();
                *at += len;
                self.emit(&format!(
                    "shufflevector {ft} {flat}, {ft} undef, <{len} x i32> <{}>",
                    mask.join(", ")
                ))
            }
        }
    }

    /// `elem`-typed data as integers of the same width (the message's data type) or back.
    fn bitcast_vec(&mut self, v: &str, from: &LTy, to: &LTy) -> String {
        if from == to {
            return v.to_string();
        }
        self.emit(&format!("bitcast {from} {v} to {to}"))
    }

    fn xegpu_block_message(&mut self, op: &Operation, short: &str) -> Res<()> {
        let desc_at = if short == "store_nd" { 1 } else { 0 };
        let d = self.tdesc_of(op.operands[desc_at])?;
        if d.scattered {
            return Err(invalid(format!("xegpu.{short} needs a block descriptor, not a scattered one")));
        }
        let [h, w] = d.shape[..] else {
            return Err(unsupported(format!(
                "xegpu.{short} of a 1-D descriptor (MLIR 19's block messages take 2-D ones)"
            )));
        };
        // array_length: that many blocks side by side in one message (the 2D block load's block
        // count), block b starting b * w columns further
        let blocks = d.array_length;
        if blocks != 1 {
            if short == "store_nd" {
                return Err(unsupported(format!(
                    "xegpu.store_nd of a descriptor with array_length = {blocks} (the 2D block store writes one block)"
                )));
            }
            // the finalizer's rule: 8- and 16-bit elements in 1, 2 or 4 blocks, 32-bit ones in 1 or
            // 2, 64-bit ones in 1
            let most = match d.bits {
                8 | 16 => 4,
                32 => 2,
                _ => 1,
            };
            if !matches!(blocks, 2 | 4) || blocks > most {
                return Err(unsupported(format!(
                    "xegpu.{short} with array_length = {blocks} of {}-bit elements (2D block messages take at most {most} block(s) of them, 1, 2 or 4)",
                    d.bits
                )));
            }
            if blocks * w * u64::from(d.bits / 8) > 64 {
                return Err(unsupported(format!(
                    "xegpu.{short} of {blocks} blocks {w} elements wide (the blocks of one message span at most 64 bytes)"
                )));
            }
        }
        let (l1, l3) = cache_controls(op)?;
        let (dv, dt) = self.get(op.operands[desc_at])?;
        let b2 = self.emit(&format!("shufflevector {dt} {dv}, {dt} undef, <2 x i32> <i32 0, i32 1>"));
        let mut fields = vec![(self.emit(&format!("bitcast <2 x i32> {b2} to i64")), "i64")];
        for k in 2..7 {
            fields.push((self.emit(&format!("extractelement {dt} {dv}, i32 {k}")), "i32"));
        }
        let ity = message_elem(&d);
        let n = h * w;
        let data_ty = intrinsic_vec_of(&ity, n);
        let mut order = 1;
        let mut vnni = 0;
        if short == "load_nd" {
            let rt = self.m.ir.ty(op.results[0]).clone();
            let rshape: Vec<u64> = match &rt {
                Type::Vector { shape, .. } => shape.clone(),
                t => return Err(invalid(format!("xegpu.load_nd result {t} is not a vector"))),
            };
            if let Some(axis) = op.attr("vnni_axis").and_then(Attr::as_int) {
                if d.bits >= 32 {
                    return Err(unsupported(
                        "vnni_axis on 32- or 64-bit elements (VNNI packs 8- and 16-bit ones)",
                    ));
                }
                // Axis 1 packs pairs (quads) along the rows, which the plain rows already are.
                match axis {
                    0 => vnni = 1,
                    1 => {}
                    _ => return Err(invalid(format!("vnni_axis {axis} of a 2-D descriptor"))),
                }
            }
            if let Some(Attr::Array(p)) = op.attr("transpose") {
                let p: Vec<i128> = p.iter().filter_map(Attr::as_int).collect();
                if p == [1, 0] {
                    if d.bits < 32 {
                        return Err(unsupported(
                            "transpose of 8- or 16-bit elements (the transposing 2D block load reads 32- and 64-bit ones)",
                        ));
                    }
                    if vnni == 1 {
                        return Err(invalid("xegpu.load_nd with both transpose and vnni_axis"));
                    }
                    order = 2;
                } else if p != [0, 1] {
                    return Err(invalid(format!("transpose {p:?} of a 2-D descriptor")));
                }
            }
            if blocks != 1 && order == 2 {
                return Err(unsupported(format!(
                    "xegpu.load_nd transposing {blocks} blocks (the transposing 2D block load reads one)"
                )));
            }
            if rshape.iter().try_fold(1u64, |a, &x| a.checked_mul(x)) != Some(n * blocks) {
                return Err(invalid(format!(
                    "xegpu.load_nd result {rt} does not hold {blocks} {h}x{w} block(s)"
                )));
            }
        }
        let mut args: Vec<(String, LTy)> = vec![("<i1 true>".into(), LTy::Vec(1, Box::new(LTy::Int(1))))];
        for (v, t) in [
            (l1 as u64, 8),
            (l3 as u64, 8),
            (u64::from(data_size_code(d.bits)), 8),
            (order, 8),
            (blocks, 8),
            (w, 16),
            (h, 16),
            (vnni, 8),
        ] {
            args.push((v.to_string(), LTy::Int(t)));
        }
        for (v, t) in &fields {
            args.push((v.clone(), if *t == "i64" { LTy::Int(64) } else { LTy::Int(32) }));
        }
        match short {
            "load_nd" if blocks != 1 => {
                // each block of the register image starts at a whole register (64 bytes): the
                // result is the blocks' elements one after another, without the padding
                let per_grf = 64 / u64::from(d.bits / 8);
                let block = n.next_multiple_of(per_grf);
                let image_ty = intrinsic_vec_of(&ity, block * blocks);
                let name = format!("llvm.genx.lsc.load2d.stateless.{}.v1i1.i64", image_ty.mangle());
                let r = self.call_decl(&name, &image_ty, &args);
                let all_ty = intrinsic_vec_of(&ity, n * blocks);
                let r = if block == n {
                    r
                } else {
                    let idx: Vec<String> =
                        (0..n * blocks).map(|i| format!("i32 {}", (i / n) * block + i % n)).collect();
                    self.emit(&format!(
                        "shufflevector {image_ty} {r}, {image_ty} undef, <{} x i32> <{}>",
                        n * blocks,
                        idx.join(", ")
                    ))
                };
                let et = intrinsic_vec_of(&d.elem, n * blocks);
                let r = self.bitcast_vec(&r, &all_ty, &et);
                self.xegpu_result(op.results[0], &r, &et)
            }
            "load_nd" => {
                let name = format!("llvm.genx.lsc.load2d.stateless.{}.v1i1.i64", data_ty.mangle());
                let r = self.call_decl(&name, &data_ty, &args);
                let et = intrinsic_vec_of(&d.elem, n);
                let r = self.bitcast_vec(&r, &data_ty, &et);
                self.xegpu_result(op.results[0], &r, &et)
            }
            "store_nd" => {
                let (v, vt) = self.get(op.operands[0])?;
                let (fv, ft) = self.xegpu_flat(&v, &vt)?;
                if vec_len(&ft) != n {
                    return Err(invalid(format!(
                        "xegpu.store_nd of {} elements to a {h}x{w} block",
                        vec_len(&ft)
                    )));
                }
                let data = self.bitcast_vec(&fv, &ft, &data_ty);
                args.push((data, data_ty.clone()));
                let name = format!("llvm.genx.lsc.store2d.stateless.v1i1.i64.{}", data_ty.mangle());
                self.call_decl(&name, &LTy::Void, &args);
                Ok(())
            }
            _ => {
                self.call_decl("llvm.genx.lsc.prefetch2d.stateless.v1i1.i64", &LTy::Void, &args);
                Ok(())
            }
        }
    }

    fn xegpu_scattered_desc(&mut self, op: &Operation, short: &str) -> Res<()> {
        let d = self.tdesc_of(op.results[0])?;
        if !d.scattered {
            return Err(invalid(format!("xegpu.{short} makes a scattered descriptor (scattered = true)")));
        }
        let lanes = d.shape[0];
        let eb = u64::from(d.bits / 8);
        let mut rest = op.operands[1..].iter();
        let offs = self.mixed(op, "const_offsets", &mut rest)?;
        if offs.len() as u64 != lanes {
            return Err(invalid(format!(
                "xegpu.{short}: {} offsets for a descriptor of {lanes} lanes",
                offs.len()
            )));
        }
        let vt = LTy::Vec(lanes, Box::new(LTy::Int(64)));
        // Per-lane byte offsets as one vector.
        let consts: Option<Vec<i64>> = offs.iter().map(|o| o.parse::<i64>().ok()).collect();
        let off_vec = match consts {
            Some(c) => format!(
                "<{}>",
                c.iter().map(|x| format!("i64 {}", x.wrapping_mul(eb as i64))).collect::<Vec<_>>().join(", ")
            ),
            None => {
                let mut acc = "undef".to_string();
                for (k, o) in offs.iter().enumerate() {
                    let b = self.arith64("mul", o, &eb.to_string());
                    acc = self.emit(&format!("insertelement {vt} {acc}, i64 {b}, i32 {k}"));
                }
                acc
            }
        };
        let (sv, st) = self.get(op.operands[0])?;
        let base_vec = if short == "create_tdesc" {
            let base = match self.m.ir.ty(op.operands[0]).clone() {
                Type::MemRef { .. } => {
                    let fs = self.m.types.members(&st).unwrap_or_default();
                    let p = self.emit(&format!("extractvalue {st} {sv}, 1"));
                    let p = self.i64_of(&p, &fs[1].clone())?;
                    let o = self.emit(&format!("extractvalue {st} {sv}, 2"));
                    let o = self.i64_of(&o, &fs[2].clone())?;
                    let ob = self.arith64("mul", &o, &eb.to_string());
                    self.arith64("add", &p, &ob)
                }
                Type::Int(64, _) => sv,
                t => return Err(unsupported(format!("a scattered descriptor source of type {t}"))),
            };
            let one = self.emit(&format!("insertelement {vt} undef, i64 {base}, i32 0"));
            self.emit(&format!("shufflevector {vt} {one}, {vt} undef, <{lanes} x i32> zeroinitializer"))
        } else {
            sv
        };
        let r = self.emit(&format!("add {vt} {base_vec}, {off_vec}"));
        self.set(op.results[0], r, vt);
        Ok(())
    }

    fn xegpu_scattered_message(&mut self, op: &Operation, short: &str) -> Res<()> {
        let desc_at = if short == "store" { 1 } else { 0 };
        let d = self.tdesc_of(op.operands[desc_at])?;
        if !d.scattered {
            return Err(invalid(format!("xegpu.{short} needs a scattered descriptor (scattered = true)")));
        }
        let lanes = d.shape[0];
        let chunk = d.shape.get(1).copied().unwrap_or(1);
        // 8- and 16-bit elements travel in a 32-bit slot per lane (LSC d8u32 / d16u32): one
        // element per lane, zero-extended on the way in, truncated on the way out
        let narrow = d.bits < 32;
        if narrow && (chunk != 1 || short == "atomic_rmw") {
            return Err(unsupported(format!(
                "xegpu.{short} of {}-bit elements {} (d8u32/d16u32 messages carry one element per lane)",
                d.bits,
                if short == "atomic_rmw" { "as an atomic" } else { "with chunk_size > 1" }
            )));
        }
        let (l1, l3) = cache_controls(op)?;
        let (addr, at) = self.get(op.operands[desc_at])?;
        // shared local memory: LSC SLM messages, 32-bit offsets, no cache controls
        let (space, (addr, at), (l1, l3)) = if d.slm {
            let t32 = LTy::Vec(lanes, Box::new(LTy::Int(32)));
            let a32 = self.emit(&format!("trunc {at} {addr} to {t32}"));
            ("slm", (a32, t32), (0, 0))
        } else {
            ("stateless", (addr, at), (l1, l3))
        };
        let pred_ty = LTy::Vec(lanes, Box::new(LTy::Int(1)));
        let pred = match short {
            "prefetch" => format!("<{}>", vec!["i1 true"; lanes as usize].join(", ")),
            _ => {
                let (m, mt) = self.get(op.operands[desc_at + 1])?;
                if mt != pred_ty {
                    return Err(invalid(format!("mask of type {mt} for {lanes} lanes")));
                }
                m
            }
        };
        let ity = if narrow { LTy::Int(32) } else { message_elem(&d) };
        let n = lanes * chunk;
        let data_ty = intrinsic_vec_of(&ity, n);
        // the elements as integers of their own width (8- and 16-bit elements)
        let narrow_ty = intrinsic_vec_of(&LTy::Int(d.bits), n);
        // a kind LSC has no atomic for: a compare-exchange loop
        let mut cas_kind = None;
        let subop: u8 = match short {
            "store" => 4,
            "atomic_rmw" => {
                let kind = op
                    .attr("kind")
                    .and_then(Attr::as_int)
                    .ok_or_else(|| invalid("atomic_rmw without kind"))?;
                let float = d.elem.is_float();
                let name = genxc_frontend::mlir::ATOMIC_RMW_KINDS.get(kind as usize).copied().unwrap_or("?");
                match (name, float) {
                    ("addf", true) => 0x13,
                    ("addi", false) => 0x0c,
                    ("maxs", false) => 0x0f,
                    ("mins", false) => 0x0e,
                    ("maxu", false) => 0x11,
                    ("minu", false) => 0x10,
                    ("maxnumf", true) => 0x16,
                    ("minnumf", true) => 0x15,
                    ("andi", false) => 0x18,
                    ("ori", false) => 0x19,
                    // an exchange: LSC's atomic store, which returns the old value
                    ("assign", _) => 0x0b,
                    ("mulf" | "maximumf" | "minimumf", true) | ("muli", false) => {
                        cas_kind = Some(name);
                        0x12
                    }
                    _ => {
                        return Err(unsupported(format!(
                            "xegpu.atomic_rmw {name} on {} elements (LSC has no such atomic)",
                            d.elem
                        )))
                    }
                }
            }
            _ => 0,
        };
        if short == "atomic_rmw" && chunk != 1 {
            return Err(unsupported(
                "xegpu.atomic_rmw with chunk_size > 1 (LSC atomics take one element per lane)",
            ));
        }
        let mut args = vec![(pred, pred_ty.clone())];
        for (v, t) in [
            (u64::from(subop), 8),
            (l1 as u64, 8),
            (l3 as u64, 8),
            (1, 16),
            (0, 32),
            (u64::from(if narrow { data_size_code(d.bits) + 4 } else { data_size_code(d.bits) }), 8),
            (u64::from(vector_size_code(chunk)?), 8),
            (1, 8),
            (0, 8),
        ] {
            args.push((v.to_string(), LTy::Int(t)));
        }
        args.push((addr, at.clone()));
        let suffix = format!("{}.{}", pred_ty.mangle(), at.mangle());
        match short {
            "load" => {
                args.push(("0".into(), LTy::Int(32)));
                args.push(("zeroinitializer".into(), data_ty.clone()));
                let name = format!("llvm.genx.lsc.load.merge.{space}.{}.{suffix}", data_ty.mangle());
                let r = self.call_decl(&name, &data_ty, &args);
                // The message leaves the chunk's element k of every lane together (k-major); the
                // result is lane-major unless the load transposes.
                let transposed = matches!(op.attr("transpose"), Some(Attr::Array(p)) if p.len() == 2);
                let r = if chunk > 1 && !transposed { self.transpose(&r, &data_ty, chunk, lanes) } else { r };
                let et = intrinsic_vec_of(&d.elem, n);
                let r = if narrow {
                    let t = self.emit(&format!("trunc {data_ty} {r} to {narrow_ty}"));
                    self.bitcast_vec(&t, &narrow_ty, &et)
                } else {
                    self.bitcast_vec(&r, &data_ty, &et)
                };
                self.xegpu_result(op.results[0], &r, &et)
            }
            "store" => {
                let (v, vt) = self.get(op.operands[0])?;
                let (fv, ft) = self.xegpu_flat(&v, &vt)?;
                if vec_len(&ft) != n {
                    return Err(invalid(format!(
                        "xegpu.store of {} elements through {lanes}x{chunk}",
                        vec_len(&ft)
                    )));
                }
                let data = if narrow {
                    let t = self.bitcast_vec(&fv, &ft, &narrow_ty);
                    self.emit(&format!("zext {narrow_ty} {t} to {data_ty}"))
                } else {
                    self.bitcast_vec(&fv, &ft, &data_ty)
                };
                let data = if chunk > 1 { self.transpose(&data, &data_ty, lanes, chunk) } else { data };
                args.push((data, data_ty.clone()));
                args.push(("0".into(), LTy::Int(32)));
                let name = format!("llvm.genx.lsc.store.{space}.{suffix}.{}", data_ty.mangle());
                self.call_decl(&name, &LTy::Void, &args);
                Ok(())
            }
            "prefetch" => {
                args.push(("0".into(), LTy::Int(32)));
                let name = format!("llvm.genx.lsc.prefetch.{space}.{suffix}");
                self.call_decl(&name, &LTy::Void, &args);
                Ok(())
            }
            _ if cas_kind.is_some() => {
                let kind = cas_kind.unwrap_or_default();
                self.xegpu_atomic_cas_loop(op, kind, args, &d, &format!("{space}.{{}}.{suffix}"))
            }
            _ => {
                let (v, vt) = self.get(op.operands[2])?;
                let (fv, ft) = self.xegpu_flat(&v, &vt)?;
                if vec_len(&ft) != n {
                    return Err(invalid("xegpu.atomic_rmw value does not have one element per lane"));
                }
                let data = self.bitcast_vec(&fv, &ft, &data_ty);
                args.push((data, data_ty.clone()));
                args.push(("undef".into(), data_ty.clone()));
                args.push(("0".into(), LTy::Int(32)));
                args.push(("undef".into(), data_ty.clone()));
                let name = format!("llvm.genx.lsc.xatomic.{space}.{}.{suffix}", data_ty.mangle());
                let r = self.call_decl(&name, &data_ty, &args);
                let et = intrinsic_vec_of(&d.elem, n);
                let r = self.bitcast_vec(&r, &data_ty, &et);
                self.xegpu_result(op.results[0], &r, &et)
            }
        }
    }

    /// `atomic_rmw` of a kind LSC has no atomic for (`mulf`, `muli`, `maximumf`, `minimumf`) as a
    /// compare-exchange loop: the lanes gather the current values, compute the new ones and
    /// `icas` them (bitwise compare); a lane whose compare saw another value (a lane or thread
    /// wrote in between) tries again from the value it saw. The result is the old value each
    /// lane's successful exchange replaced. `args` are the message's operands up to the addresses
    /// (sub-opcode icas); `names` the intrinsic name pattern (`{}` for the data type).
    fn xegpu_atomic_cas_loop(
        &mut self,
        op: &Operation,
        kind: &str,
        mut args: Vec<(String, LTy)>,
        d: &TensorDesc,
        names: &str,
    ) -> Res<()> {
        let lanes = d.shape[0];
        let et = intrinsic_vec_of(&d.elem, lanes);
        let it = intrinsic_vec_of(&LTy::Int(d.bits), lanes);
        let bt = LTy::Vec(lanes, Box::new(LTy::Int(1)));
        let (v, vt) = self.get(op.operands[2])?;
        let (fv, ft) = self.xegpu_flat(&v, &vt)?;
        if vec_len(&ft) != lanes {
            return Err(invalid("xegpu.atomic_rmw value does not have one element per lane"));
        }
        let val = self.bitcast_vec(&fv, &ft, &et);
        let pred = args[0].0.clone();
        let addr_at = args.len() - 1;
        // the gather of the current values (a plain load of the same lanes)
        let mut load = args.clone();
        load[1].0 = "0".into();
        load.push(("0".into(), LTy::Int(32)));
        load.push(("zeroinitializer".into(), it.clone()));
        let name = names.replacen("{}", &it.mangle(), 1);
        let cur0 = self.call_decl(&format!("llvm.genx.lsc.load.merge.{name}"), &it, &load);
        let entry = self.cur_label();
        let head = self.new_label("xegpu.cas");
        let exit = self.new_label("xegpu.cas.end");
        self.inst(&format!("br label %{head}"));
        self.start_block(head.clone());
        let (cur, todo, res) = (self.fresh(), self.fresh(), self.fresh());
        let (seen, todo2, res2) = (self.fresh(), self.fresh(), self.fresh());
        self.inst(&format!("{cur} = phi {it} [ {cur0}, %{entry} ], [ {seen}, %{head} ]"));
        self.inst(&format!("{todo} = phi {bt} [ {pred}, %{entry} ], [ {todo2}, %{head} ]"));
        self.inst(&format!("{res} = phi {it} [ zeroinitializer, %{entry} ], [ {res2}, %{head} ]"));
        let a = self.bitcast_vec(&cur, &it, &et);
        let new = match kind {
            "mulf" => self.emit(&format!("fmul {et} {a}, {val}")),
            "muli" => self.emit(&format!("mul {et} {a}, {val}")),
            _ => {
                // arith's maximumf / minimumf: a NaN operand gives NaN; +0 is above -0
                let max = kind == "maximumf";
                let gt = self.emit(&format!("fcmp {} {et} {a}, {val}", if max { "ogt" } else { "olt" }));
                let sel = self.emit(&format!("select {bt} {gt}, {et} {a}, {et} {val}"));
                let vi = self.bitcast_vec(&val, &et, &it);
                let zi = self.emit(&format!("{} {it} {cur}, {vi}", if max { "and" } else { "or" }));
                let z = self.bitcast_vec(&zi, &it, &et);
                let eq = self.emit(&format!("fcmp oeq {et} {a}, {val}"));
                let r = self.emit(&format!("select {bt} {eq}, {et} {z}, {et} {sel}"));
                let uno = self.emit(&format!("fcmp uno {et} {a}, {val}"));
                let nan = self.emit(&format!("fadd {et} {a}, {val}"));
                self.emit(&format!("select {bt} {uno}, {et} {nan}, {et} {r}"))
            }
        };
        let new = self.bitcast_vec(&new, &et, &it);
        args[0].0 = todo.clone();
        let addr = args[addr_at].clone();
        args.truncate(addr_at);
        args.push(addr);
        args.push((cur.clone(), it.clone()));
        args.push((new, it.clone()));
        args.push(("0".into(), LTy::Int(32)));
        args.push((cur.clone(), it.clone()));
        let ps: Vec<LTy> = args.iter().map(|a| a.1.clone()).collect();
        self.m.declare(&format!("llvm.genx.lsc.xatomic.{name}"), &it, &ps, false);
        let list = args.iter().map(|(v, t)| format!("{t} {v}")).collect::<Vec<_>>().join(", ");
        self.inst(&format!("{seen} = call {it} @llvm.genx.lsc.xatomic.{name}({list})"));
        let same = self.emit(&format!("icmp eq {it} {seen}, {cur}"));
        let done = self.emit(&format!("and {bt} {todo}, {same}"));
        self.inst(&format!("{res2} = select {bt} {done}, {it} {cur}, {it} {res}"));
        let all = format!("<{}>", vec!["i1 true"; lanes as usize].join(", "));
        let differ = self.emit(&format!("xor {bt} {same}, {all}"));
        self.inst(&format!("{todo2} = and {bt} {todo}, {differ}"));
        let bits = self.emit(&format!("bitcast {bt} {todo2} to i{lanes}"));
        let more = self.emit(&format!("icmp ne i{lanes} {bits}, 0"));
        self.inst(&format!("br i1 {more}, label %{head}, label %{exit}"));
        self.start_block(exit);
        let r = self.bitcast_vec(&res2, &it, &et);
        self.xegpu_result(op.results[0], &r, &et)
    }

    /// Transposes a row-major `rows` x `cols` matrix held in the vector `v`.
    fn transpose(&mut self, v: &str, t: &LTy, rows: u64, cols: u64) -> String {
        let mask: Vec<String> =
            (0..rows * cols).map(|i| format!("i32 {}", (i % rows) * cols + i / rows)).collect();
        self.emit(&format!("shufflevector {t} {v}, {t} undef, <{} x i32> <{}>", rows * cols, mask.join(", ")))
    }

    fn xegpu_dpas(&mut self, op: &Operation) -> Res<()> {
        let ir = self.m.ir;
        let shape = |v: ValueId| -> Res<(Vec<u64>, Type)> {
            match ir.ty(v) {
                Type::Vector { shape, elem, .. } => Ok((shape.clone(), (**elem).clone())),
                t => Err(invalid(format!("xegpu.dpas operand {t} is not a vector"))),
            }
        };
        let (ash, aelem) = shape(op.operands[0])?;
        let (bsh, belem) = shape(op.operands[1])?;
        let (rsh, relem) = shape(op.results[0])?;
        if ash.len() != 3 || bsh.len() != 3 || rsh.len() != 2 {
            return Err(invalid("xegpu.dpas takes rank-3 (VNNI) lhs and rhs and gives a rank-2 result"));
        }
        let prec = |e: &Type| -> Res<(u32, u32)> {
            Ok(match e {
                Type::F16 => (10, 16),
                Type::BF16 => (9, 16),
                Type::Int(8, genxc_frontend::mlir::Signedness::Unsigned) => (7, 8),
                Type::Int(8, _) => (8, 8),
                t => {
                    return Err(unsupported(format!(
                        "xegpu.dpas on {t} elements (f16, bf16, i8 and ui8 are lowered)"
                    )))
                }
            })
        };
        let (pa, abits) = prec(&aelem)?;
        let (pb, _) = prec(&belem)?;
        let (m, n) = (rsh[0], rsh[1]);
        let per = u64::from(32 / abits);
        // A: m x (depth * per) elements; B: depth x n x per.
        let depth = bsh[0];
        if ash[0] != m || ash[2] != per || bsh[1] != n || bsh[2] != per || ash[1] != depth {
            return Err(invalid(format!(
                "xegpu.dpas shapes {ash:?} x {bsh:?} -> {rsh:?} do not make one matrix product"
            )));
        }
        if !matches!(n, 8 | 16) {
            return Err(unsupported(format!(
                "xegpu.dpas of {n} columns (the systolic array is 8 lanes wide on DG2, 16 on PVC)"
            )));
        }
        if depth != 8 || !(1..=8).contains(&m) {
            return Err(unsupported(format!(
                "xegpu.dpas of systolic depth {depth} and repeat count {m} (depth 8, repeat 1 to 8)"
            )));
        }
        let float = relem.is_float();
        let rel = match relem {
            Type::F32 => LTy::Float,
            Type::Int(32, _) => LTy::Int(32),
            t => return Err(unsupported(format!("xegpu.dpas result element {t} (f32 and i32 are lowered)"))),
        };
        let mut flat = Vec::new();
        for &v in &op.operands {
            let (x, t) = self.get(v)?;
            flat.push(self.xegpu_flat(&x, &t)?);
        }
        let b_ty = LTy::Vec(depth * n, Box::new(LTy::Int(32)));
        let a_ty = LTy::Vec(m * depth, Box::new(LTy::Int(32)));
        let b = self.bitcast_vec(&flat[1].0, &flat[1].1, &b_ty);
        let a = self.bitcast_vec(&flat[0].0, &flat[0].1, &a_ty);
        let r_ty = LTy::Vec(m * n, Box::new(rel));
        let r = if let Some((acc, acc_t)) = flat.get(2) {
            if *acc_t != r_ty {
                return Err(invalid(format!("xegpu.dpas accumulator {acc_t} for a result {r_ty}")));
            }
            let name = format!(
                "llvm.genx.dpas2.{}.{}.{}.{}",
                r_ty.mangle(),
                r_ty.mangle(),
                b_ty.mangle(),
                a_ty.mangle()
            );
            let sign = if float { 0 } else { 1 };
            let mut args = vec![(acc.clone(), r_ty.clone()), (b, b_ty.clone()), (a, a_ty.clone())];
            for x in [pb, pa, depth as u32, m as u32, sign, sign] {
                args.push((x.to_string(), LTy::Int(32)));
            }
            self.call_decl(&name, &r_ty, &args)
        } else {
            let name = format!("llvm.genx.dpas.nosrc0.{}.{}.{}", r_ty.mangle(), b_ty.mangle(), a_ty.mangle());
            let word = (m << 24) | (depth << 16) | (u64::from(pa) << 8) | u64::from(pb);
            let args = vec![(b, b_ty.clone()), (a, a_ty.clone()), (word.to_string(), LTy::Int(32))];
            self.call_decl(&name, &r_ty, &args)
        };
        self.xegpu_result(op.results[0], &r, &r_ty)
    }

    fn xegpu_fence(&mut self, op: &Operation) -> Res<()> {
        let body = |k: &str| match op.attr(k) {
            Some(Attr::Dialect(_, b)) => Ok(b.split_whitespace().last().unwrap_or("").to_string()),
            _ => Err(invalid(format!("xegpu.fence without {k}"))),
        };
        let sfid = match body("memory_kind")?.as_str() {
            "global" => 0,
            "slm" => 3,
            k => return Err(invalid(format!("xegpu.fence memory_kind {k}"))),
        };
        let scope = match body("fence_scope")?.as_str() {
            "workgroup" => 0,
            "gpu" => 3,
            s => return Err(invalid(format!("xegpu.fence fence_scope {s}"))),
        };
        let pred_ty = LTy::Vec(16, Box::new(LTy::Int(1)));
        let args = vec![
            (format!("<{}>", vec!["i1 true"; 16].join(", ")), pred_ty),
            (sfid.to_string(), LTy::Int(8)),
            ("0".into(), LTy::Int(8)),
            (scope.to_string(), LTy::Int(8)),
        ];
        self.call_decl("llvm.genx.lsc.fence.v16i1", &LTy::Void, &args);
        Ok(())
    }
}

/// The named barrier count a function's `xegpu.alloc_nbarrier` asks for (0 without one).
pub(crate) fn nbarrier_count(ir: &genxc_frontend::mlir::Ir, func: &Operation) -> i128 {
    let mut stack = func.regions.clone();
    let mut n = 0;
    while let Some(r) = stack.pop() {
        for &b in &ir.region(r).blocks {
            for &o in &ir.block(b).ops {
                let op = ir.op(o);
                if op.name == "xegpu.alloc_nbarrier" {
                    n = n.max(op.attr("nbarrier_num").and_then(Attr::as_int).unwrap_or(0));
                }
                stack.extend(op.regions.iter().copied());
            }
        }
    }
    n
}
