//! The vector dialect: broadcasts and splats, element and strided-slice access, `fma`, reductions,
//! loads and stores (masked too), bitcasts, masks and `vector.print`, on vectors of any rank kept
//! as nested arrays of 1-D LLVM vectors.

use super::{ints, is_dyn, FnEmitter, Res};
use crate::types::{scalar_text, LTy};
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, OpId, Operation, Scalar};

impl FnEmitter<'_, '_> {
    pub(crate) fn splat(&mut self, v: &str, et: &LTy, t: &LTy) -> String {
        match t {
            LTy::Vec(n, _) => {
                let i = self.emit(&format!("insertelement {t} undef, {et} {v}, i32 0"));
                self.emit(&format!("shufflevector {t} {i}, {t} undef, <{n} x i32> zeroinitializer"))
            }
            LTy::Array(n, inner) => {
                let x = self.splat(v, et, inner);
                let mut acc = "undef".to_string();
                for k in 0..*n {
                    acc = self.emit(&format!("insertvalue {t} {acc}, {inner} {x}, {k}"));
                }
                acc
            }
            _ => v.to_string(),
        }
    }

    pub(crate) fn vector(&mut self, op: &Operation, short: &str) -> Res<()> {
        let ix = self.m.types.index();
        match short {
            "broadcast" | "splat" => {
                let (v, vt) = self.get(op.operands[0])?;
                let t = self.result_ty(op, 0)?;
                let r = match &vt {
                    LTy::Vec(..) | LTy::Array(..) => {
                        // Broadcast of a vector into leading dimensions (trailing shapes equal).
                        let mut cur = (v, vt.clone());
                        let mut target = t.clone();
                        let mut chain = Vec::new();
                        while target != cur.1 {
                            let LTy::Array(n, inner) = target.clone() else {
                                return Err(unsupported("this vector.broadcast (stretching dimensions)"));
                            };
                            chain.push((n, target.clone()));
                            target = *inner;
                        }
                        for (n, at) in chain.into_iter().rev() {
                            let mut acc = "undef".to_string();
                            for k in 0..n {
                                acc = self.emit(&format!("insertvalue {at} {acc}, {} {}, {k}", cur.1, cur.0));
                            }
                            cur = (acc, at);
                        }
                        cur.0
                    }
                    _ => self.splat(&v, &vt, &t),
                };
                self.set(op.results[0], r, t);
            }
            "from_elements" => {
                let a = self.operands(op)?;
                let t = self.result_ty(op, 0)?;
                let LTy::Vec(..) = t else { return Err(unsupported("n-D vector.from_elements")) };
                let mut acc = "undef".to_string();
                for (k, (v, et)) in a.iter().enumerate() {
                    acc = self.emit(&format!("insertelement {t} {acc}, {et} {v}, i64 {k}"));
                }
                self.set(op.results[0], acc, t);
            }
            "extract" | "insert" => {
                let ins = short == "insert";
                let (vec_i, dyn_start) = if ins { (1, 2) } else { (0, 1) };
                let (v, vt) = self.get(op.operands[vec_i])?;
                let pos = ints(op.attr("static_position"));
                let mut dyn_i = dyn_start;
                let mut idx = Vec::new();
                for p in pos {
                    if is_dyn(p) || p < 0 {
                        idx.push((
                            self.text(*op.operands.get(dyn_i).ok_or("missing dynamic position")?)?,
                            true,
                        ));
                        dyn_i += 1;
                    } else {
                        idx.push((p.to_string(), false));
                    }
                }
                // Leading positions index arrays (need constants), the last may index the 1-D vector.
                let mut path = Vec::new();
                let mut cur = vt.clone();
                let mut k = 0;
                while k < idx.len() {
                    match &cur {
                        LTy::Array(_, inner) => {
                            if idx[k].1 {
                                return Err(unsupported("dynamic position into an n-D vector"));
                            }
                            path.push(idx[k].0.clone());
                            cur = (**inner).clone();
                            k += 1;
                        }
                        _ => break,
                    }
                }
                let elem_pos = idx.get(k).map(|p| p.0.clone());
                if ins {
                    let (x, xt) = self.get(op.operands[0])?;
                    let r = if path.is_empty() {
                        match elem_pos {
                            Some(p) => self.emit(&format!("insertelement {vt} {v}, {xt} {x}, {ix} {p}")),
                            None => x,
                        }
                    } else {
                        let pj = path.join(", ");
                        let newin = match elem_pos {
                            Some(p) => {
                                let inner = self.emit(&format!("extractvalue {vt} {v}, {pj}"));
                                self.emit(&format!("insertelement {cur} {inner}, {xt} {x}, {ix} {p}"))
                            }
                            None => x,
                        };
                        self.emit(&format!("insertvalue {vt} {v}, {cur} {newin}, {pj}"))
                    };
                    self.set(op.results[0], r, vt);
                } else {
                    let rt = self.result_ty(op, 0)?;
                    let mut x = v;
                    if !path.is_empty() {
                        x = self.emit(&format!("extractvalue {vt} {x}, {}", path.join(", ")));
                    }
                    if let Some(p) = elem_pos {
                        x = self.emit(&format!("extractelement {cur} {x}, {ix} {p}"));
                    }
                    self.set(op.results[0], x, rt);
                }
            }
            "fma" => {
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let r = self.map_nd(&t, &a, &mut |s, rt, a| {
                    Ok(s.call_decl(&format!("llvm.fma.{}", rt.mangle()), rt, a))
                })?;
                self.set(op.results[0], r, t);
            }
            "reduction" => {
                let a = self.operands(op)?;
                let rt = self.result_ty(op, 0)?;
                let (v, vt) = a[0].clone();
                let LTy::Vec(..) = vt else { return Err(unsupported("reduction of an n-D vector")) };
                let kind = match op.attr("kind") {
                    Some(Attr::Dialect(_, k)) => {
                        k.trim().trim_start_matches('<').trim_end_matches('>').to_string()
                    }
                    _ => return Err("missing combining kind".into()),
                };
                let m = vt.mangle();
                let r = match kind.as_str() {
                    "add" | "mul" if rt.is_float() => {
                        let start = match a.get(1) {
                            Some((x, _)) => x.clone(),
                            None => scalar_text(Scalar::Float(if kind == "add" { 0.0 } else { 1.0 }), &rt)?,
                        };
                        let n = format!("llvm.vector.reduce.f{kind}.{m}");
                        self.call_decl(&n, &rt, &[(start, rt.clone()), (v, vt.clone())])
                    }
                    "add" | "mul" | "and" | "or" | "xor" | "minsi" | "minui" | "maxsi" | "maxui" => {
                        let k = match kind.as_str() {
                            "minsi" => "smin",
                            "minui" => "umin",
                            "maxsi" => "smax",
                            "maxui" => "umax",
                            k => k,
                        };
                        let r =
                            self.call_decl(&format!("llvm.vector.reduce.{k}.{m}"), &rt, &[(v, vt.clone())]);
                        match a.get(1) {
                            Some((acc, _)) => self.combine(&kind, &rt, &r, acc)?,
                            None => r,
                        }
                    }
                    "maxnumf" | "minnumf" | "maxf" | "minf" => {
                        let k = if kind.starts_with("max") { "fmax" } else { "fmin" };
                        let r =
                            self.call_decl(&format!("llvm.vector.reduce.{k}.{m}"), &rt, &[(v, vt.clone())]);
                        match a.get(1) {
                            Some((acc, _)) => {
                                let f = if k == "fmax" { "maxnum" } else { "minnum" };
                                self.call_decl(
                                    &format!("llvm.{f}.{}", rt.mangle()),
                                    &rt,
                                    &[(r, rt.clone()), (acc.clone(), rt.clone())],
                                )
                            }
                            None => r,
                        }
                    }
                    "maximumf" | "minimumf" => {
                        // LLVM 14 has no fmaximum/fminimum reduction: a chain over the lanes, with
                        // the NaN-propagating comparison arith.maximumf/minimumf lower to.
                        let n = if let LTy::Vec(n, _) = &vt { *n } else { 0 };
                        let max = kind == "maximumf";
                        let mut acc = match a.get(1) {
                            Some((x, _)) => x.clone(),
                            None => self.emit(&format!("extractelement {vt} {v}, i32 0")),
                        };
                        let first = if a.get(1).is_some() { 0 } else { 1 };
                        for k in first..n {
                            let e = self.emit(&format!("extractelement {vt} {v}, i32 {k}"));
                            acc = self.min_max(max, false, &rt, &acc, &e)?;
                        }
                        acc
                    }
                    other => return Err(unsupported(format!("vector.reduction <{other}>"))),
                };
                self.set(op.results[0], r, rt);
            }
            "load" | "store" | "maskedload" | "maskedstore" => {
                let masked = short.starts_with("masked");
                let store = short.ends_with("store");
                let mi = if store && !masked { 1 } else { 0 };
                let (d, dt) = self.get(op.operands[mi])?;
                let (shape, elem, _, space) = self.memref_info(op.operands[mi])?;
                let rank = shape.len();
                let idx: Vec<String> =
                    op.operands[mi + 1..mi + 1 + rank].iter().map(|&v| self.text(v)).collect::<Res<_>>()?;
                let addr = self.elem_addr(&d, &dt, &elem, &idx);
                let vt = if store {
                    let vi = if masked { mi + 1 + rank + 1 } else { 0 };
                    self.get(op.operands[vi])?.1
                } else {
                    self.result_ty(op, 0)?
                };
                let LTy::Vec(..) = vt else { return Err(unsupported("n-D vector load/store")) };
                let vp = self.coerce(&addr, &elem.ptr_to(space), &vt.ptr_to(space))?;
                let al = match &elem {
                    LTy::Int(w) => (w / 8).max(1),
                    LTy::Double => 8,
                    LTy::Half | LTy::BFloat => 2,
                    _ => 4,
                };
                let vpt = vt.ptr_to(space);
                match (masked, store) {
                    (false, false) => {
                        let r = self.emit(&format!("load {vt}, {vpt} {vp}, align {al}"));
                        self.set(op.results[0], r, vt);
                    }
                    (false, true) => {
                        let v = self.text(op.operands[0])?;
                        self.inst(&format!("store {vt} {v}, {vpt} {vp}, align {al}"));
                    }
                    (true, false) => {
                        let (mk, mt) = self.get(op.operands[mi + 1 + rank])?;
                        let pass = self.text(op.operands[mi + 2 + rank])?;
                        let n = format!("llvm.masked.load.{}.{}", vt.mangle(), vpt.mangle());
                        let r = self.call_decl(
                            &n,
                            &vt,
                            &[
                                (vp, vpt.clone()),
                                (al.to_string(), LTy::Int(32)),
                                (mk, mt),
                                (pass, vt.clone()),
                            ],
                        );
                        self.set(op.results[0], r, vt);
                    }
                    (true, true) => {
                        let (mk, mt) = self.get(op.operands[mi + 1 + rank])?;
                        let v = self.text(op.operands[mi + 2 + rank])?;
                        let n = format!("llvm.masked.store.{}.{}", vt.mangle(), vpt.mangle());
                        self.call_decl(
                            &n,
                            &LTy::Void,
                            &[(v, vt.clone()), (vp, vpt.clone()), (al.to_string(), LTy::Int(32)), (mk, mt)],
                        );
                    }
                }
            }
            "extract_strided_slice" => {
                let (v, vt) = self.get(op.operands[0])?;
                let t = self.result_ty(op, 0)?;
                let (LTy::Vec(..), LTy::Vec(n, _)) = (&vt, &t) else {
                    return Err(unsupported("n-D extract_strided_slice"));
                };
                let off = ints(op.attr("offsets")).first().copied().unwrap_or(0);
                let st = ints(op.attr("strides")).first().copied().unwrap_or(1);
                let m =
                    (0..*n as i64).map(|k| format!("i32 {}", off + k * st)).collect::<Vec<_>>().join(", ");
                let r = self.emit(&format!("shufflevector {vt} {v}, {vt} undef, <{n} x i32> <{m}>"));
                self.set(op.results[0], r, t);
            }
            "insert_strided_slice" => {
                let (s, st) = self.get(op.operands[0])?;
                let (d, dt) = self.get(op.operands[1])?;
                let (LTy::Vec(ns, se), LTy::Vec(..)) = (&st, &dt) else {
                    return Err(unsupported("n-D insert_strided_slice"));
                };
                let off = ints(op.attr("offsets")).first().copied().unwrap_or(0);
                let stride = ints(op.attr("strides")).first().copied().unwrap_or(1);
                let mut acc = d;
                for k in 0..*ns as i64 {
                    let e = self.emit(&format!("extractelement {st} {s}, i64 {k}"));
                    acc = self.emit(&format!("insertelement {dt} {acc}, {se} {e}, i64 {}", off + k * stride));
                }
                self.set(op.results[0], acc, dt);
            }
            "bitcast" => {
                let (v, vt) = self.get(op.operands[0])?;
                let t = self.result_ty(op, 0)?;
                let r = self.map_nd(&t, &[(v, vt)], &mut |s, rt, a| {
                    Ok(s.emit(&format!("bitcast {} {} to {rt}", a[0].1, a[0].0)))
                })?;
                self.set(op.results[0], r, t);
            }
            "create_mask" | "constant_mask" => {
                let t = self.result_ty(op, 0)?;
                let LTy::Vec(n, _) = t else { return Err(unsupported("n-D masks")) };
                let r = if short == "constant_mask" {
                    let k = ints(op.attr("mask_dim_sizes")).first().copied().unwrap_or(0);
                    let els = (0..n as i64)
                        .map(|i| format!("i1 {}", if i < k { "true" } else { "false" }))
                        .collect::<Vec<_>>()
                        .join(", ");
                    format!("<{els}>")
                } else {
                    let b = self.text(op.operands[0])?;
                    let vt = LTy::Vec(n, Box::new(ix.clone()));
                    let bs = self.splat(&b, &ix, &vt);
                    let steps = (0..n).map(|i| format!("{ix} {i}")).collect::<Vec<_>>().join(", ");
                    self.emit(&format!("icmp slt {vt} <{steps}>, {bs}"))
                };
                self.set(op.results[0], r, t);
            }
            "print" => return self.vector_print(op),
            other => return Err(unsupported(format!("vector.{other}"))),
        }
        Ok(())
    }

    pub(crate) fn combine(&mut self, kind: &str, t: &LTy, a: &str, b: &str) -> Res<String> {
        Ok(match kind {
            "add" | "mul" | "and" | "or" | "xor" => self.emit(&format!("{kind} {t} {a}, {b}")),
            k => {
                let p = match k {
                    "minsi" => "slt",
                    "minui" => "ult",
                    "maxsi" => "sgt",
                    _ => "ugt",
                };
                let c = self.emit(&format!("icmp {p} {t} {a}, {b}"));
                self.emit(&format!("select i1 {c}, {t} {a}, {t} {b}"))
            }
        })
    }

    /// `vector.mask` around a `vector.reduction`: the masked-off lanes are replaced by the neutral
    /// element of the combining kind, then the reduction runs unmasked (what the `vp.reduce`
    /// intrinsics MLIR 19 emits compute). Other maskable operations are not lowered yet.
    pub(crate) fn vector_mask(&mut self, op: &Operation) -> Res<()> {
        let ir = self.m.ir;
        let [region] = op.regions[..] else { return Err(invalid("vector.mask has one region")) };
        let inner: Vec<OpId> =
            ir.region_ops(region).iter().copied().filter(|&o| ir.op(o).name != "vector.yield").collect();
        let [inner] = inner[..] else {
            return Err(invalid("vector.mask holds exactly one maskable operation"));
        };
        let red = ir.op(inner);
        if red.name != "vector.reduction" {
            return Err(unsupported(format!(
                "vector.mask around {} (only vector.reduction is lowered)",
                red.name
            )));
        }
        if op.operands.len() > 1 {
            return Err(unsupported("vector.mask with a pass-through value around vector.reduction"));
        }
        let (mask, mt) = self.get(op.operands[0])?;
        let (v, vt) = self.get(red.operands[0])?;
        let LTy::Vec(n, et) = &vt else { return Err(unsupported("a masked reduction of an n-D vector")) };
        if !matches!(&mt, LTy::Vec(m, _) if m == n) {
            return Err(invalid("the mask of vector.mask does not match the reduced vector"));
        }
        let kind = match red.attr("kind") {
            Some(Attr::Dialect(_, k)) => k.trim().trim_start_matches('<').trim_end_matches('>').to_string(),
            _ => return Err("missing combining kind".into()),
        };
        let neutral = match (kind.as_str(), et.is_float()) {
            ("add", true) => scalar_text(Scalar::Float(-0.0), et)?,
            ("mul", true) => scalar_text(Scalar::Float(1.0), et)?,
            ("maxnumf" | "minnumf" | "maxf" | "minf", true) => scalar_text(Scalar::Float(f64::NAN), et)?,
            ("maximumf", true) => scalar_text(Scalar::Float(f64::NEG_INFINITY), et)?,
            ("minimumf", true) => scalar_text(Scalar::Float(f64::INFINITY), et)?,
            ("add" | "or" | "xor" | "maxui", false) => scalar_text(Scalar::Int(0), et)?,
            ("mul", false) => scalar_text(Scalar::Int(1), et)?,
            ("and" | "minui", false) => scalar_text(Scalar::Int(-1), et)?,
            ("minsi" | "maxsi", false) => {
                let LTy::Int(w) = **et else { return Err(invalid("an integer reduction of a non-integer")) };
                let max = (1i128 << (w - 1)) - 1;
                scalar_text(Scalar::Int(if kind == "minsi" { max } else { -max - 1 }), et)?
            }
            (k, _) => return Err(unsupported(format!("vector.mask around vector.reduction <{k}>"))),
        };
        let fill = self.splat(&neutral, et, &vt);
        let kept = self.emit(&format!("select {mt} {mask}, {vt} {v}, {vt} {fill}"));
        // Lower the reduction on the kept lanes, then give its operand its value back.
        self.set(red.operands[0], kept, vt.clone());
        let r = self.op(inner);
        self.set(red.operands[0], v, vt);
        r?;
        if let (Some(&res), Some(&out)) = (op.results.first(), red.results.first()) {
            let got = self.get(out)?;
            self.set(res, got.0, got.1);
        }
        Ok(())
    }
}
