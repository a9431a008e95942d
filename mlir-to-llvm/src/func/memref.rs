//! The memref dialect: descriptors (allocated and aligned pointers, offset, sizes, strides) made,
//! read and rewritten for each memref operation, and the element addresses of strided layouts.

use super::{ints, is_dyn, FnEmitter, Res};
use crate::module::const_cast;
use crate::types::LTy;
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, Layout, Operation, Type, ValueId, DYNAMIC};

impl FnEmitter<'_, '_> {
    pub(crate) fn memref_info(&mut self, v: ValueId) -> Res<(Vec<i64>, LTy, Layout, u32)> {
        match self.m.ir.ty(v).clone() {
            Type::MemRef { shape, elem, layout, space } => Ok((shape, self.conv(&elem)?, layout, space)),
            t => Err(unsupported(format!("{t} where a ranked memref is expected"))),
        }
    }

    /// Builds a descriptor from its parts.
    pub(crate) fn make_desc(
        &mut self,
        dt: &LTy,
        alloc: &str,
        aligned: &str,
        offset: &str,
        sizes: &[String],
        strides: &[String],
    ) -> String {
        let fs = self.m.types.members(dt).unwrap_or_default();
        let p = fs[0].clone();
        let ix = self.m.types.index();
        let mut d = self.emit(&format!("insertvalue {dt} undef, {p} {alloc}, 0"));
        d = self.emit(&format!("insertvalue {dt} {d}, {p} {aligned}, 1"));
        d = self.emit(&format!("insertvalue {dt} {d}, {ix} {offset}, 2"));
        for (i, s) in sizes.iter().enumerate() {
            d = self.emit(&format!("insertvalue {dt} {d}, {ix} {s}, 3, {i}"));
        }
        for (i, s) in strides.iter().enumerate() {
            d = self.emit(&format!("insertvalue {dt} {d}, {ix} {s}, 4, {i}"));
        }
        d
    }

    /// Row-major strides of sizes (as values).
    pub(crate) fn row_major(&mut self, sizes: &[String]) -> Vec<String> {
        let ix = self.m.types.index();
        let mut strides = vec![String::new(); sizes.len()];
        let mut acc = "1".to_string();
        for i in (0..sizes.len()).rev() {
            strides[i] = acc.clone();
            if i > 0 {
                acc = match (acc.parse::<i64>(), sizes[i].parse::<i64>()) {
                    (Ok(x), Ok(y)) => (x * y).to_string(),
                    _ => self.emit(&format!("mul {ix} {acc}, {}", sizes[i])),
                };
            }
        }
        strides
    }

    /// The address of the element at `indices` of a memref descriptor.
    pub(crate) fn elem_addr(&mut self, d: &str, dt: &LTy, elem: &LTy, indices: &[String]) -> String {
        let ix = self.m.types.index();
        let fs = self.m.types.members(dt).unwrap_or_default();
        let p = fs[0].clone();
        let mut off = self.emit(&format!("extractvalue {dt} {d}, 2"));
        for (i, idx) in indices.iter().enumerate() {
            let s = self.emit(&format!("extractvalue {dt} {d}, 4, {i}"));
            let m = self.emit(&format!("mul {ix} {idx}, {s}"));
            off = self.emit(&format!("add {ix} {off}, {m}"));
        }
        let base = self.emit(&format!("extractvalue {dt} {d}, 1"));
        self.emit(&format!("getelementptr {elem}, {p} {base}, {ix} {off}"))
    }

    pub(crate) fn sizeof(&mut self, t: &LTy) -> String {
        let ix = self.m.types.index();
        format!("ptrtoint ({t}* getelementptr ({t}, {t}* null, i32 1) to {ix})")
    }

    pub(crate) fn memref(&mut self, op: &Operation, short: &str) -> Res<()> {
        let ix = self.m.types.index();
        match short {
            "alloc" | "alloca" => {
                let (shape, elem, layout, space) = self.memref_info(op.results[0])?;
                let dt = self.result_ty(op, 0)?;
                let mut sizes = Vec::new();
                let mut dyn_i = 0;
                for &d in &shape {
                    if d == DYNAMIC {
                        sizes.push(self.text(*op.operands.get(dyn_i).ok_or("missing dynamic size")?)?);
                        dyn_i += 1;
                    } else {
                        sizes.push(d.to_string());
                    }
                }
                let (strides, offset) = match &layout {
                    Layout::Strided { strides, offset }
                        if strides.iter().all(|&s| s != DYNAMIC) && *offset != DYNAMIC =>
                    {
                        (strides.iter().map(|s| s.to_string()).collect(), offset.to_string())
                    }
                    Layout::Identity => (self.row_major(&sizes), "0".to_string()),
                    _ => return Err(unsupported("allocation of a memref with a dynamic layout")),
                };
                // Elements to allocate: product of sizes (row-major), or enough for the layout.
                let mut total = "1".to_string();
                for s in &sizes {
                    total = match (total.parse::<i64>(), s.parse::<i64>()) {
                        (Ok(x), Ok(y)) => (x * y).to_string(),
                        _ => self.emit(&format!("mul {ix} {total}, {s}")),
                    };
                }
                if let Layout::Strided { strides: st, offset: o } = &layout {
                    let mut extent = *o + 1;
                    for (k, &sz) in shape.iter().enumerate() {
                        extent += (sz.max(1) - 1) * st[k];
                    }
                    total = extent.to_string();
                }
                let p = elem.ptr_to(space);
                let align = op.attr("alignment").and_then(Attr::as_int);
                let (alloc, aligned) = if short == "alloca" {
                    let al = align.map(|a| format!(", align {a}")).unwrap_or_default();
                    let sp = if space != 0 { format!(", addrspace({space})") } else { String::new() };
                    let a = self.emit(&format!("alloca {elem}, {ix} {total}{al}{sp}"));
                    (a.clone(), a)
                } else {
                    let sz = self.sizeof(&elem);
                    let bytes = self.emit(&format!("mul {ix} {total}, {sz}"));
                    let bytes2 = match align {
                        Some(a) => self.emit(&format!("add {ix} {bytes}, {a}")),
                        None => bytes,
                    };
                    let raw = self.call_decl("malloc", &LTy::i8ptr(), &[(bytes2, ix.clone())]);
                    let a = self.coerce(&raw, &LTy::i8ptr(), &p)?;
                    let al = match align {
                        Some(n) => {
                            let pi = self.emit(&format!("ptrtoint i8* {raw} to {ix}"));
                            let up = self.emit(&format!("add {ix} {pi}, {}", n - 1));
                            let msk = self.emit(&format!("and {ix} {up}, {}", -n));
                            let q = self.emit(&format!("inttoptr {ix} {msk} to {p}"));
                            q
                        }
                        None => a.clone(),
                    };
                    (a, al)
                };
                let d = self.make_desc(&dt, &alloc, &aligned, &offset, &sizes, &strides);
                self.set(op.results[0], d, dt);
            }
            "dealloc" => {
                let (d, dt) = self.get(op.operands[0])?;
                let fs = self.m.types.members(&dt).unwrap_or_default();
                let a = self.emit(&format!("extractvalue {dt} {d}, 0"));
                let p = self.coerce(&a, &fs[0], &LTy::i8ptr())?;
                self.call_decl("free", &LTy::Void, &[(p, LTy::i8ptr())]);
            }
            "load" | "store" => {
                let (mi, vi) = if short == "load" { (0, None) } else { (1, Some(0)) };
                let (d, dt) = self.get(op.operands[mi])?;
                let (_, elem, _, _) = self.memref_info(op.operands[mi])?;
                let idx: Vec<String> =
                    op.operands[mi + 1..].iter().map(|&v| self.text(v)).collect::<Res<_>>()?;
                let addr = self.elem_addr(&d, &dt, &elem, &idx);
                let p = self.m.types.members(&dt).unwrap_or_default()[0].clone();
                match vi {
                    None => {
                        let r = self.emit(&format!("load {elem}, {p} {addr}"));
                        self.set(op.results[0], r, elem);
                    }
                    Some(v) => {
                        let x = self.text(op.operands[v])?;
                        self.inst(&format!("store {elem} {x}, {p} {addr}"));
                    }
                }
            }
            "dim" => {
                let (d, dt) = self.get(op.operands[0])?;
                let rank = match self.m.ir.ty(op.operands[0]) {
                    Type::MemRef { shape, .. } => Some(shape.len() as i128),
                    _ => None,
                };
                let r = match self.const_of(op.operands[1]) {
                    // A constant index past the rank: the result is undefined (as in MLIR).
                    Some(i) if rank.is_some_and(|r| i < 0 || i >= r) => "undef".to_string(),
                    Some(i) => self.emit(&format!("extractvalue {dt} {d}, 3, {i}")),
                    None => {
                        let i = self.text(op.operands[1])?;
                        let fs = self.m.types.members(&dt).unwrap_or_default();
                        let at = fs.get(3).cloned().ok_or("memref.dim of a rank-0 memref")?;
                        let arr = self.emit(&format!("extractvalue {dt} {d}, 3"));
                        let slot = self.emit(&format!("alloca {at}"));
                        self.inst(&format!("store {at} {arr}, {at}* {slot}"));
                        let e = self.emit(&format!("getelementptr {at}, {at}* {slot}, i32 0, {ix} {i}"));
                        self.emit(&format!("load {ix}, {ix}* {e}"))
                    }
                };
                self.set(op.results[0], r, ix);
            }
            "rank" => {
                let (d, dt) = self.get(op.operands[0])?;
                let r = match self.m.ir.ty(op.operands[0]) {
                    Type::MemRef { shape, .. } => shape.len().to_string(),
                    _ => self.emit(&format!("extractvalue {dt} {d}, 0")),
                };
                self.set(op.results[0], r, ix);
            }
            "cast" => {
                let (d, dt) = self.get(op.operands[0])?;
                let rt = self.result_ty(op, 0)?;
                let from = self.m.ir.ty(op.operands[0]).clone();
                let to = self.m.ir.ty(op.results[0]).clone();
                let r = match (&from, &to) {
                    (Type::MemRef { .. }, Type::MemRef { .. }) => d,
                    (Type::MemRef { shape, .. }, Type::UnrankedMemRef { .. }) => {
                        let slot = self.emit(&format!("alloca {dt}"));
                        self.inst(&format!("store {dt} {d}, {dt}* {slot}"));
                        let p = self.coerce(&slot, &dt.ptr_to(0), &LTy::i8ptr())?;
                        let u = self.emit(&format!("insertvalue {rt} undef, {ix} {}, 0", shape.len()));
                        self.emit(&format!("insertvalue {rt} {u}, i8* {p}, 1"))
                    }
                    (Type::UnrankedMemRef { .. }, Type::MemRef { .. }) => {
                        let p = self.emit(&format!("extractvalue {dt} {d}, 1"));
                        let q = self.coerce(&p, &LTy::i8ptr(), &rt.ptr_to(0))?;
                        self.emit(&format!("load {rt}, {rt}* {q}"))
                    }
                    _ => d,
                };
                self.set(op.results[0], r, rt);
            }
            "get_global" => {
                let Some(Attr::Symbol(g)) = op.attr("name") else { return Err("missing global name".into()) };
                let (pt, text) = self.m.symbol_address(g).ok_or_else(|| format!("unknown global @{g}"))?;
                let (shape, elem, _, space) = self.memref_info(op.results[0])?;
                let dt = self.result_ty(op, 0)?;
                let p = elem.ptr_to(space);
                let zeros = vec!["i64 0"; shape.len() + 1].join(", ");
                let LTy::Ptr(gt, _) = &pt else { return Err("bad global".into()) };
                let first = format!("getelementptr ({gt}, {pt} {text}, {zeros})");
                let first = if shape.is_empty() { const_cast(&text, &pt, &p) } else { first };
                let dead = format!("inttoptr ({ix} 3735928559 to {p})");
                let sizes: Vec<String> = shape.iter().map(|s| s.to_string()).collect();
                let strides = self.row_major(&sizes);
                let d = self.make_desc(&dt, &dead, &first, "0", &sizes, &strides);
                self.set(op.results[0], d, dt);
            }
            "subview" | "reinterpret_cast" => {
                let (d, dt) = self.get(op.operands[0])?;
                let rt = self.result_ty(op, 0)?;
                let (rshape, ..) = self.memref_info(op.results[0])?;
                let lists = [
                    ints(op.attr("static_offsets")),
                    ints(op.attr("static_sizes")),
                    ints(op.attr("static_strides")),
                ];
                if short == "subview" {
                    // one offset, size and stride per dimension of the source
                    let (sshape, ..) = self.memref_info(op.operands[0])?;
                    if lists.iter().any(|l| l.len() != sshape.len()) {
                        return Err(invalid(format!(
                            "{} offsets, {} sizes and {} strides for a memref of rank {}",
                            lists[0].len(),
                            lists[1].len(),
                            lists[2].len(),
                            sshape.len()
                        )));
                    }
                } else if lists[1].len() != lists[2].len() || lists[1].len() != rshape.len() {
                    return Err(invalid(format!(
                        "{} sizes and {} strides for a result of rank {}",
                        lists[1].len(),
                        lists[2].len(),
                        rshape.len()
                    )));
                }
                let mut dyn_i = 1;
                let mut vals: Vec<Vec<String>> = Vec::new();
                for l in &lists {
                    let mut v = Vec::new();
                    for &x in l {
                        if is_dyn(x) {
                            v.push(self.text(*op.operands.get(dyn_i).ok_or("missing dynamic operand")?)?);
                            dyn_i += 1;
                        } else {
                            v.push(x.to_string());
                        }
                    }
                    vals.push(v);
                }
                let alloc = self.emit(&format!("extractvalue {dt} {d}, 0"));
                let aligned = self.emit(&format!("extractvalue {dt} {d}, 1"));
                let (offset, sizes, strides) = if short == "reinterpret_cast" {
                    (vals[0].first().cloned().unwrap_or("0".into()), vals[1].clone(), vals[2].clone())
                } else {
                    let mut off = self.emit(&format!("extractvalue {dt} {d}, 2"));
                    let mut strides = Vec::new();
                    for (i, o) in vals[0].iter().enumerate() {
                        let s = self.emit(&format!("extractvalue {dt} {d}, 4, {i}"));
                        let m = self.emit(&format!("mul {ix} {o}, {s}"));
                        off = self.emit(&format!("add {ix} {off}, {m}"));
                        let ns = self.emit(&format!("mul {ix} {s}, {}", vals[2][i]));
                        strides.push(ns);
                    }
                    // Rank reduction drops unit dimensions the result does not have.
                    let mut sizes = vals[1].clone();
                    if rshape.len() < sizes.len() {
                        let mut keep_s = Vec::new();
                        let mut keep_t = Vec::new();
                        let mut drop = sizes.len() - rshape.len();
                        for (k, s) in sizes.iter().enumerate() {
                            let need = rshape.len() - keep_s.len();
                            if drop > 0
                                && s == "1"
                                && (sizes.len() - k > need || rshape.get(keep_s.len()) != Some(&1))
                            {
                                drop -= 1;
                                continue;
                            }
                            keep_s.push(s.clone());
                            keep_t.push(strides[k].clone());
                        }
                        if keep_s.len() != rshape.len() {
                            return Err(unsupported("this rank-reducing subview"));
                        }
                        sizes = keep_s;
                        strides = keep_t;
                    }
                    (off, sizes, strides)
                };
                let fs = self.m.types.members(&rt).unwrap_or_default();
                let sfs = self.m.types.members(&dt).unwrap_or_default();
                let a2 = self.coerce(&alloc, &sfs[0], &fs[0])?;
                let b2 = self.coerce(&aligned, &sfs[1], &fs[1])?;
                let nd = self.make_desc(&rt, &a2, &b2, &offset, &sizes, &strides);
                self.set(op.results[0], nd, rt);
            }
            "reshape" => {
                // The source's buffer seen with the result's sizes (static, or read from the shape
                // memref) and row-major strides, as MemRefToLLVM lowers it.
                let (d, dt) = self.get(op.operands[0])?;
                let (_, _, layout, _) = self.memref_info(op.operands[0])?;
                if layout != Layout::Identity {
                    return Err(unsupported("memref.reshape of a memref with a non-identity layout"));
                }
                let (sd, st) = self.get(op.operands[1])?;
                let (_, se, _, _) = self.memref_info(op.operands[1])?;
                let (rshape, _, rlayout, _) = self.memref_info(op.results[0])?;
                if rlayout != Layout::Identity {
                    return Err(unsupported("memref.reshape to a memref with a non-identity layout"));
                }
                let rt = self.result_ty(op, 0)?;
                let mut sizes = Vec::new();
                for (i, &n) in rshape.iter().enumerate() {
                    if n != DYNAMIC {
                        sizes.push(n.to_string());
                        continue;
                    }
                    let addr = self.elem_addr(&sd, &st, &se, &[i.to_string()]);
                    let sp = self.m.types.members(&st).unwrap_or_default()[0].clone();
                    let v = self.emit(&format!("load {se}, {sp} {addr}"));
                    let v = match se {
                        LTy::Int(w) if w == super::int_width(&ix) => v,
                        LTy::Int(w) if w < super::int_width(&ix) => {
                            self.emit(&format!("sext {se} {v} to {ix}"))
                        }
                        LTy::Int(_) => self.emit(&format!("trunc {se} {v} to {ix}")),
                        _ => return Err(invalid("the shape of memref.reshape holds integers")),
                    };
                    sizes.push(v);
                }
                let mut strides = vec![String::from("1"); sizes.len()];
                for i in (0..sizes.len().saturating_sub(1)).rev() {
                    strides[i] = match (strides[i + 1].parse::<i64>(), sizes[i + 1].parse::<i64>()) {
                        (Ok(a), Ok(b)) => (a * b).to_string(),
                        _ => self.emit(&format!("mul {ix} {}, {}", strides[i + 1], sizes[i + 1])),
                    };
                }
                let alloc = self.emit(&format!("extractvalue {dt} {d}, 0"));
                let aligned = self.emit(&format!("extractvalue {dt} {d}, 1"));
                let offset = self.emit(&format!("extractvalue {dt} {d}, 2"));
                let fs = self.m.types.members(&rt).unwrap_or_default();
                let sfs = self.m.types.members(&dt).unwrap_or_default();
                let a2 = self.coerce(&alloc, &sfs[0], &fs[0])?;
                let b2 = self.coerce(&aligned, &sfs[1], &fs[1])?;
                let nd = self.make_desc(&rt, &a2, &b2, &offset, &sizes, &strides);
                self.set(op.results[0], nd, rt);
            }
            "memory_space_cast" => {
                // Both pointers cast to the new address space; sizes, strides and offset kept.
                let (d, dt) = self.get(op.operands[0])?;
                let rt = self.result_ty(op, 0)?;
                if !matches!(self.m.ir.ty(op.operands[0]), Type::MemRef { .. }) {
                    return Err(unsupported("memref.memory_space_cast of an unranked memref"));
                }
                let fs = self.m.types.members(&rt).unwrap_or_default();
                let sfs = self.m.types.members(&dt).unwrap_or_default();
                if fs.len() != sfs.len() || fs.len() < 3 {
                    return Err(invalid(format!("memref.memory_space_cast from {dt} to {rt}")));
                }
                let mut acc = "undef".to_string();
                for (k, (f, sf)) in fs.iter().zip(&sfs).enumerate() {
                    let x = self.emit(&format!("extractvalue {dt} {d}, {k}"));
                    let y = if k < 2 { self.coerce(&x, sf, f)? } else { x };
                    acc = self.emit(&format!("insertvalue {rt} {acc}, {f} {y}, {k}"));
                }
                self.set(op.results[0], acc, rt);
            }
            "extract_strided_metadata" => {
                let (d, dt) = self.get(op.operands[0])?;
                let bt = self.result_ty(op, 0)?;
                let alloc = self.emit(&format!("extractvalue {dt} {d}, 0"));
                let aligned = self.emit(&format!("extractvalue {dt} {d}, 1"));
                let b = self.make_desc(&bt, &alloc, &aligned, "0", &[], &[]);
                self.set(op.results[0], b, bt);
                for k in 1..op.results.len() {
                    let path = if k == 1 {
                        "2".to_string()
                    } else {
                        let r = (op.results.len() - 2) / 2;
                        let j = k - 2;
                        if j < r {
                            format!("3, {j}")
                        } else {
                            format!("4, {}", j - r)
                        }
                    };
                    let v = self.emit(&format!("extractvalue {dt} {d}, {path}"));
                    self.set(op.results[k], v, ix.clone());
                }
            }
            "extract_aligned_pointer_as_index" => {
                let (d, dt) = self.get(op.operands[0])?;
                let fs = self.m.types.members(&dt).unwrap_or_default();
                let a = self.emit(&format!("extractvalue {dt} {d}, 1"));
                let r = self.emit(&format!("ptrtoint {} {a} to {ix}", fs[1]));
                self.set(op.results[0], r, ix);
            }
            "copy" => {
                let (s, st) = self.get(op.operands[0])?;
                let (t, tt) = self.get(op.operands[1])?;
                let (shape, elem, l0, _) = self.memref_info(op.operands[0])?;
                let (_, _, l1, _) = self.memref_info(op.operands[1])?;
                if l0 != Layout::Identity || l1 != Layout::Identity {
                    return Err(unsupported("memref.copy between non-identity layouts"));
                }
                let mut total = "1".to_string();
                for i in 0..shape.len() {
                    let sz = self.emit(&format!("extractvalue {st} {s}, 3, {i}"));
                    total = self.emit(&format!("mul {ix} {total}, {sz}"));
                }
                let es = self.sizeof(&elem);
                let bytes = self.emit(&format!("mul {ix} {total}, {es}"));
                let zero: Vec<String> = vec!["0".into(); shape.len()];
                let src = self.elem_addr(&s, &st, &elem, &zero);
                let dst = self.elem_addr(&t, &tt, &elem, &zero);
                let p = self.m.types.members(&st).unwrap_or_default()[0].clone();
                let sp = self.coerce(&src, &p, &LTy::i8ptr())?;
                let dp = self.coerce(&dst, &p, &LTy::i8ptr())?;
                let name = format!("llvm.memcpy.p0i8.p0i8.{}", ix.mangle());
                self.call_decl(
                    &name,
                    &LTy::Void,
                    &[
                        (dp, LTy::i8ptr()),
                        (sp, LTy::i8ptr()),
                        (bytes, ix.clone()),
                        ("false".into(), LTy::Int(1)),
                    ],
                );
            }
            other => return Err(unsupported(format!("memref.{other}"))),
        }
        Ok(())
    }

    // ------------------------------------------------------------------ vector
}
