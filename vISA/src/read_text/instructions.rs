//! The instructions of the `.visaasm` reader: the mnemonic of a line with its suffixes
//! (`cmp.eq`, `raw_sends.10.1.1.1`, `lsc_load.ugm.ca.ca`) chooses the model's instruction form,
//! whose operands are then read in the order the text writer prints them, LSC addresses, data
//! shapes and 2D blocks included. Part of [`super`].

use super::{is_ident_char, Cur, KernelReader, Named, ReadError, Res};
use crate::model::*;
use crate::target::{ALU_OPS, ATOMIC_OPS, CMP_OPS, LSC_ATOMIC_OPS, LSC_SFIDS, MEDIA_MODS, OWORDS};

impl KernelReader {
    // ------------------------------------------------------------------ LSC operands

    fn lsc_surface(&self, c: &mut Cur) -> Res<LscSurface> {
        c.ws();
        if c.peek().is_some_and(|b| b.is_ascii_digit()) {
            Ok(LscSurface::Imm(c.num("surface")?))
        } else {
            Ok(LscSurface::Var(self.var(c)?))
        }
    }

    /// `flat[V+0x10]:a64`, `bti(S)[V]:a32`, `bss(S)[V-0x4]:a32`.
    fn lsc_addr(&self, c: &mut Cur) -> Res<LscAddr> {
        c.ws();
        let p = c.pos;
        let model = match c.ident()? {
            "flat" => LscAddrModel::Flat,
            m @ ("bti" | "bss") => {
                c.expect(b'(')?;
                let s = self.lsc_surface(c)?;
                c.expect(b')')?;
                if m == "bti" {
                    LscAddrModel::Bti(s)
                } else {
                    LscAddrModel::Bss(s)
                }
            }
            m => return Err(c.err_at(p, format!("not modeled: LSC address model `{m}`"))),
        };
        c.expect(b'[')?;
        let var = self.var(c)?;
        c.ws();
        let offset = match c.peek() {
            Some(b'+' | b'-') => {
                let neg = c.peek() == Some(b'-');
                c.pos += 1;
                c.ws();
                let op = c.pos;
                let v = c.int()?;
                let v = if neg { -v } else { v };
                i32::try_from(v).map_err(|_| c.err_at(op, format!("address offset {v} is out of range")))?
            }
            Some(b'*') => return Err(c.err("not modeled: scaled LSC addresses")),
            _ => 0,
        };
        c.expect(b']')?;
        c.expect(b':')?;
        let bp = c.pos;
        let bits = match c.ident()? {
            "a32" => 32,
            "a64" => 64,
            a => return Err(c.err_at(bp, format!("not modeled: address size `{a}`"))),
        };
        Ok(LscAddr { model, var, offset, bits })
    }

    /// `V:d32x4t` and friends.
    fn lsc_data(&self, c: &mut Cur, quad: bool) -> Res<(VarId, LscShape)> {
        let var = self.var(c)?;
        c.expect(b':')?;
        let p = c.pos;
        let t = c.token(&[]);
        let shape = lsc_shape(t, quad).ok_or_else(|| c.err_at(p, format!("bad LSC data shape `{t}`")))?;
        Ok((var, shape))
    }

    fn block2d_data(&self, c: &mut Cur) -> Res<(VarId, LscBlock2dShape)> {
        let var = self.var(c)?;
        c.expect(b':')?;
        let p = c.pos;
        let t = c.token(&[]);
        let shape = block2d_shape(t).ok_or_else(|| c.err_at(p, format!("bad 2D block shape `{t}`")))?;
        Ok((var, shape))
    }

    fn block2d_surface(&self, c: &mut Cur) -> Res<[LscSurface; 6]> {
        c.ws();
        let p = c.pos;
        if c.ident()? != "flat" {
            return Err(c.err_at(p, "not modeled: a 2D block address other than `flat[...]`"));
        }
        c.expect(b'[')?;
        let mut out = [LscSurface::Imm(0); 6];
        for (i, slot) in out.iter_mut().enumerate() {
            if i > 0 {
                c.expect(b',')?;
            }
            *slot = self.lsc_surface(c)?;
        }
        c.expect(b']')?;
        Ok(out)
    }

    // ------------------------------------------------------------------ instructions

    pub(super) fn inst(&mut self, c: &mut Cur) -> Res<Inst> {
        c.ws();
        let pred = if c.peek() == Some(b'(') { Some(self.pred(c)?) } else { None };
        c.ws();
        let mpos = c.pos;
        match c.peek() {
            Some(ch) if ch.is_ascii_alphabetic() || ch == b'_' => {}
            _ => return Err(c.err(format!("expected an instruction, found `{}`", c.rest_word()))),
        }
        // suffixes are dot-separated; sample_unorm's output format has a dash (`16-full`)
        while c.peek().is_some_and(|ch| is_ident_char(ch) || ch == b'.' || ch == b'-') {
            c.pos += 1;
        }
        let text = c.s;
        let mnemonic = &text[mpos..c.pos];
        let parts: Vec<&str> = mnemonic.split('.').collect();
        let (base, sub) = (parts[0], &parts[1..]);
        let line = c.line;
        let bad_suffix = || ReadError { line, col: mpos + 1, message: format!("not modeled: `{mnemonic}`") };
        let no_pred = |c: &Cur| -> Res<()> {
            match pred {
                Some(_) => Err(c.err_at(mpos, format!("not modeled: a predicate on `{base}`"))),
                None => Ok(()),
            }
        };
        let sat = sub == ["sat"];
        let inst = if let Some(row) = ALU_OPS.iter().find(|r| r.mnemonic == base) {
            if !sub.is_empty() && sub != ["sat"] {
                return Err(bad_suffix());
            }
            let exec = self.exec(c)?;
            let dst = self.dst(c)?;
            let mut srcs = Vec::with_capacity(row.srcs as usize);
            for _ in 0..row.srcs {
                srcs.push(self.src(c)?);
            }
            Inst::Alu { op: row.op, pred, sat, exec, dst, srcs }
        } else {
            match base {
                "dpas" | "dpasw" => {
                    no_pred(c)?;
                    let (w, a, depth, repeat) = match sub {
                        [w, a, d, r] => (
                            Precision::from_text(w).ok_or_else(bad_suffix)?,
                            Precision::from_text(a).ok_or_else(bad_suffix)?,
                            d.parse::<u8>().map_err(|_| bad_suffix())?,
                            r.parse::<u8>().map_err(|_| bad_suffix())?,
                        ),
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let [dst, src0, src1] = self.raws(c)?;
                    c.ws();
                    let var = self.var(c)?;
                    let (row, col) = self.place(c)?;
                    let src2 = Src::region(var, row, col, Region::CONTIG);
                    Inst::Dpas { wide: base == "dpasw", exec, dst, src0, src1, src2, w, a, depth, repeat }
                }
                "bfn" => {
                    let func = match sub {
                        [f] => f
                            .strip_prefix('x')
                            .and_then(|h| u8::from_str_radix(h, 16).ok())
                            .ok_or_else(bad_suffix)?,
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let dst = self.dst(c)?;
                    let srcs = vec![self.src(c)?, self.src(c)?, self.src(c)?];
                    Inst::Bfn { func, pred, exec, dst, srcs }
                }
                "addc" | "subb" => {
                    if !sub.is_empty() {
                        return Err(bad_suffix());
                    }
                    let exec = self.exec(c)?;
                    let dst = self.gdst(c)?;
                    let carry = self.gdst(c)?;
                    let src0 = self.src(c)?;
                    let src1 = self.src(c)?;
                    Inst::AddcSubb { sub: base == "subb", pred, exec, dst, carry, src0, src1 }
                }
                "min" | "max" => {
                    no_pred(c)?;
                    if !sub.is_empty() && sub != ["sat"] {
                        return Err(bad_suffix());
                    }
                    let exec = self.exec(c)?;
                    let dst = self.dst(c)?;
                    let src0 = self.src(c)?;
                    let src1 = self.src(c)?;
                    Inst::MinMax { max: base == "max", sat, exec, dst, src0, src1 }
                }
                "cmp" => {
                    no_pred(c)?;
                    let rel = match sub {
                        [r] => CMP_OPS.iter().find(|x| x.text == *r).map(|x| x.rel).ok_or_else(bad_suffix)?,
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let dst = match self.dst(c)? {
                        DstOp::Pred(p) => CmpDst::Pred(p),
                        DstOp::Gen(g) => CmpDst::Gen(g),
                        _ => return Err(c.err("not modeled: this cmp destination")),
                    };
                    let src0 = self.src(c)?;
                    let src1 = self.src(c)?;
                    Inst::Cmp { rel, exec, dst, src0, src1 }
                }
                "setp" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    let dst = self.pred_var(c)?;
                    let src = self.src(c)?;
                    Inst::Setp { exec, dst, src }
                }
                "movs" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    c.ws();
                    let p = c.pos;
                    let name = c.ident()?;
                    let dst = match self.lookup(c, p, name)? {
                        Named::Surface(s) => Ok(s),
                        Named::Sampler(s) => Err(s),
                        _ => {
                            return Err(
                                c.err_at(p, "not modeled: movs to anything but a surface or a sampler")
                            )
                        }
                    };
                    c.expect(b'(')?;
                    c.ws();
                    let zp = c.pos;
                    if c.int()? != 0 {
                        return Err(c.err_at(zp, "not modeled: a surface or sampler offset other than 0"));
                    }
                    c.expect(b')')?;
                    let src = self.src(c)?;
                    match dst {
                        Ok(dst) => Inst::Movs { exec, dst, src },
                        Err(dst) => Inst::MovsSampler { exec, dst, src },
                    }
                }
                "addr_add" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    let a = self.addr_var(c)?;
                    let dst = self.addr_opnd(c, a)?;
                    c.expect(b'&')?;
                    let base = self.var(c)?;
                    let base_offset = if c.eat(b'[') {
                        let o = c.num("base offset")?;
                        c.expect(b']')?;
                        o
                    } else {
                        0
                    };
                    let src1 = self.src(c)?;
                    Inst::AddrAdd { exec, dst, base, base_offset, src1 }
                }
                "jmp" | "goto" | "call" => {
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    let kind = if base == "call" { LabelKind::Subroutine } else { LabelKind::Block };
                    let target = self.label_ref(c, kind)?;
                    match base {
                        "jmp" => Inst::Jmp { pred, exec, target },
                        "goto" => Inst::Goto { pred, exec, target },
                        _ => Inst::Call { pred, exec, target },
                    }
                }
                "ret" => {
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    Inst::Ret { pred, exec }
                }
                "fcall" => {
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    c.ws();
                    let function = c.ident()?.to_string();
                    let arg_size = c.num("the fcall argument size")?;
                    let ret_size = c.num("the fcall return size")?;
                    Inst::FCall { pred, exec, function, arg_size, ret_size }
                }
                "LOC" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    Inst::Loc(c.num("the LOC line")?)
                }
                "FILE" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    c.ws();
                    Inst::File(c.string()?)
                }
                "faddr" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    c.ws();
                    // a function of the file by its name, an external symbol quoted
                    let function = if c.peek() == Some(b'"') { c.string()? } else { c.ident()?.to_string() };
                    let dst = self.dst(c)?;
                    Inst::FAddr { function, dst }
                }
                "ifcall" => {
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    let addr = self.src(c)?;
                    let arg_size = c.num("the ifcall argument size")?;
                    let ret_size = c.num("the ifcall return size")?;
                    Inst::IFCall { pred, exec, addr, arg_size, ret_size }
                }
                "fret" => {
                    no_sub(sub, bad_suffix)?;
                    if self.k.unit != UnitKind::GlobalFunction {
                        return Err(c.err_at(mpos, "fret outside a `.global_function`"));
                    }
                    let exec = self.exec(c)?;
                    Inst::FRet { pred, exec }
                }
                "switchjmp" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    let index = self.src(c)?;
                    c.expect(b'(')?;
                    let mut targets = vec![self.label_ref(c, LabelKind::Block)?];
                    loop {
                        c.ws();
                        if c.eat(b',') {
                            targets.push(self.label_ref(c, LabelKind::Block)?);
                        } else {
                            break;
                        }
                    }
                    c.expect(b')')?;
                    if targets.len() > u8::MAX as usize {
                        return Err(c.err("switchjmp with more than 255 targets"));
                    }
                    Inst::SwitchJmp { exec, index, targets }
                }
                "oword_ld" | "oword_ld_unaligned" | "oword_st" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    let size = self.owords(c)?;
                    let surface = self.surface(c)?;
                    let offset = self.src(c)?;
                    let data = self.raw(c)?;
                    match base {
                        "oword_st" => Inst::OwordSt { size, surface, offset, src: data },
                        _ => {
                            Inst::OwordLd { size, unaligned: base != "oword_ld", surface, offset, dst: data }
                        }
                    }
                }
                "media_ld" | "media_st" => {
                    no_pred(c)?;
                    let modifier = match sub {
                        [m] => MEDIA_MODS
                            .iter()
                            .find(|r| r.text == *m)
                            .map(|r| r.modifier)
                            .ok_or_else(bad_suffix)?,
                        _ => return Err(bad_suffix()),
                    };
                    c.expect(b'(')?;
                    let width = c.num("block width")?;
                    c.expect(b',')?;
                    let height = c.num("block height")?;
                    c.expect(b')')?;
                    let surface = self.surface(c)?;
                    let plane = c.num("plane")?;
                    let x = self.src(c)?;
                    let y = self.src(c)?;
                    let data = self.raw(c)?;
                    if base == "media_ld" {
                        Inst::MediaLd { modifier, surface, plane, width, height, x, y, dst: data }
                    } else {
                        Inst::MediaSt { modifier, surface, plane, width, height, x, y, src: data }
                    }
                }
                "gather" | "scatter" => {
                    no_pred(c)?;
                    let elt_size = match sub {
                        ["1"] => 1,
                        ["2"] => 2,
                        ["4"] => 4,
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let surface = self.surface(c)?;
                    let global_offset = self.src(c)?;
                    let offsets = self.raw(c)?;
                    let data = self.raw(c)?;
                    Inst::Gather {
                        store: base == "scatter",
                        elt_size,
                        exec,
                        surface,
                        global_offset,
                        offsets,
                        data,
                    }
                }
                "gather_scaled" | "scatter_scaled" => {
                    let blocks = match sub {
                        ["1"] => ScaledBlocks::B1,
                        ["2"] => ScaledBlocks::B2,
                        ["4"] => ScaledBlocks::B4,
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let surface = self.surface(c)?;
                    let global_offset = self.src(c)?;
                    let offsets = self.raw(c)?;
                    let data = self.raw(c)?;
                    let store = base == "scatter_scaled";
                    Inst::Scaled { store, pred, exec, blocks, surface, global_offset, offsets, data }
                }
                "gather4_scaled" | "scatter4_scaled" => {
                    let channels = channels_of(sub).ok_or_else(bad_suffix)?;
                    let exec = self.exec(c)?;
                    let surface = self.surface(c)?;
                    let global_offset = self.src(c)?;
                    let offsets = self.raw(c)?;
                    let data = self.raw(c)?;
                    let store = base == "scatter4_scaled";
                    Inst::Scaled4 { store, pred, exec, channels, surface, global_offset, offsets, data }
                }
                "sample" | "load" => {
                    no_pred(c)?;
                    let channels = channels_of(sub).ok_or_else(bad_suffix)?;
                    let exec = self.exec(c)?;
                    let sampler = if base == "sample" { Some(self.sampler(c)?) } else { None };
                    let surface = self.surface(c)?;
                    let [u, v, r, dst] = self.raws(c)?;
                    match sampler {
                        Some(sampler) => Inst::Sample { channels, exec, sampler, surface, u, v, r, dst },
                        None => Inst::Load { channels, exec, surface, u, v, r, dst },
                    }
                }
                _ if Load3dOp::from_text(base).is_some() => {
                    let op = Load3dOp::from_text(base).ok_or_else(bad_suffix)?;
                    let (pixel_null_mask, channels) = sampler_3d_suffix(sub).ok_or_else(bad_suffix)?;
                    let exec = self.exec(c)?;
                    let aoffimmi = self.src(c)?;
                    let surface = self.surface(c)?;
                    let [dst] = self.raws(c)?;
                    let params = self.raws_to_end(c)?;
                    Inst::Load3d { op, pixel_null_mask, pred, exec, channels, aoffimmi, surface, dst, params }
                }
                _ if Sample3dOp::from_text(base).is_some() => {
                    let op = Sample3dOp::from_text(base).ok_or_else(bad_suffix)?;
                    let (pixel_null_mask, channels) = sampler_3d_suffix(sub).ok_or_else(bad_suffix)?;
                    let exec = self.exec(c)?;
                    let aoffimmi = self.src(c)?;
                    let sampler = self.sampler(c)?;
                    let surface = self.surface(c)?;
                    let [dst] = self.raws(c)?;
                    let params = self.raws_to_end(c)?;
                    Inst::Sample3d {
                        op,
                        pixel_null_mask,
                        pred,
                        exec,
                        channels,
                        aoffimmi,
                        sampler,
                        surface,
                        dst,
                        params,
                    }
                }
                "avs" => {
                    no_pred(c)?;
                    let channels = channels_of(sub).ok_or_else(bad_suffix)?;
                    let surface = self.surface(c)?;
                    let sampler = self.sampler(c)?;
                    let (u, v, du, dv, u2d) =
                        (self.src(c)?, self.src(c)?, self.src(c)?, self.src(c)?, self.src(c)?);
                    let (group, vblock) = (self.src(c)?, self.src(c)?);
                    let name = c.ident()?;
                    let format = UnormOutput::ALL
                        .into_iter()
                        .find(|f| f.avs_text() == name)
                        .ok_or_else(|| c.err(format!("unknown avs output format control `{name}`")))?;
                    let v2d = self.src(c)?;
                    let name = c.ident()?;
                    let mode = AvsExecMode::ALL
                        .into_iter()
                        .find(|m| m.text() == name)
                        .ok_or_else(|| c.err(format!("unknown avs execution mode `{name}`")))?;
                    let ief_bypass = self.src(c)?;
                    let [dst] = self.raws(c)?;
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
                    }
                }
                "sample_unorm" => {
                    no_pred(c)?;
                    let [ch, fmt] = sub else { return Err(bad_suffix()) };
                    let channels = channels_of(&[ch]).ok_or_else(bad_suffix)?;
                    let format =
                        UnormOutput::ALL.into_iter().find(|f| f.text() == *fmt).ok_or_else(bad_suffix)?;
                    let sampler = self.sampler(c)?;
                    let surface = self.surface(c)?;
                    let (u, v, du, dv) = (self.src(c)?, self.src(c)?, self.src(c)?, self.src(c)?);
                    let [dst] = self.raws(c)?;
                    Inst::SampleUnorm { channels, format, sampler, surface, u, v, du, dv, dst }
                }
                "gather4_typed" | "scatter4_typed" => {
                    let channels = channels_of(sub).ok_or_else(bad_suffix)?;
                    let exec = self.exec(c)?;
                    let surface = self.surface(c)?;
                    let [u, v, r, lod, data] = self.raws(c)?;
                    let store = base == "scatter4_typed";
                    Inst::Typed4 { store, pred, exec, channels, surface, u, v, r, lod, data }
                }
                "svm_block_ld" | "svm_block_st" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    let size = self.owords(c)?;
                    let address = self.src(c)?;
                    let data = self.raw(c)?;
                    Inst::SvmBlock { store: base == "svm_block_st", size, address, data }
                }
                "svm_gather" | "svm_scatter" => {
                    let (block, num_blocks) = match sub {
                        [b, n] => {
                            let block = match *b {
                                "1" => SvmBlock::B1,
                                "4" => SvmBlock::B4,
                                "8" => SvmBlock::B8,
                                _ => return Err(bad_suffix()),
                            };
                            let n = match *n {
                                "1" => 1,
                                "2" => 2,
                                "4" => 4,
                                "8" => 8,
                                _ => return Err(bad_suffix()),
                            };
                            (block, n)
                        }
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let addresses = self.raw(c)?;
                    let data = self.raw(c)?;
                    let store = base == "svm_scatter";
                    Inst::SvmScatter { store, pred, exec, block, num_blocks, addresses, data }
                }
                "svm_gather4scaled" | "svm_scatter4scaled" => {
                    let channels = channels_of(sub).ok_or_else(bad_suffix)?;
                    let exec = self.exec(c)?;
                    let base_addr = self.src(c)?;
                    let offsets = self.raw(c)?;
                    let data = self.raw(c)?;
                    let store = base == "svm_scatter4scaled";
                    Inst::SvmScaled4 { store, pred, exec, channels, base: base_addr, offsets, data }
                }
                "dword_atomic" | "typed_atomic" | "svm_atomic" => {
                    let (op, bits) = match sub {
                        [o] => (atomic_op(o).ok_or_else(bad_suffix)?, 32),
                        [o, "16"] => (atomic_op(o).ok_or_else(bad_suffix)?, 16),
                        [o, "64"] if base == "svm_atomic" => (atomic_op(o).ok_or_else(bad_suffix)?, 64),
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let half = bits == 16;
                    match base {
                        "dword_atomic" => {
                            let surface = self.surface(c)?;
                            let [offsets, src0, src1, dst] = self.raws(c)?;
                            Inst::DwordAtomic { op, half, pred, exec, surface, offsets, src0, src1, dst }
                        }
                        "typed_atomic" => {
                            let surface = self.surface(c)?;
                            let [u, v, r, lod, src0, src1, dst] = self.raws(c)?;
                            Inst::TypedAtomic { op, half, pred, exec, surface, u, v, r, lod, src0, src1, dst }
                        }
                        _ => {
                            // the text lists the old values before the sources
                            let [addresses, dst, src0, src1] = self.raws(c)?;
                            Inst::SvmAtomic { op, bits, pred, exec, addresses, src0, src1, dst }
                        }
                    }
                }
                "barrier" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    Inst::Barrier
                }
                "sbarrier" | "nbarrier" => {
                    no_pred(c)?;
                    let signal = match sub {
                        ["signal"] => true,
                        ["wait"] => false,
                        _ => return Err(bad_suffix()),
                    };
                    if base == "sbarrier" {
                        Inst::Sync(ThreadSync::SplitBarrier { signal })
                    } else {
                        let id = self.src(c)?;
                        let threads = if signal { self.src(c)? } else { id };
                        Inst::Sync(ThreadSync::NamedBarrier { signal, id, threads })
                    }
                }
                "wait" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    Inst::Sync(ThreadSync::Wait { mask: self.src(c)? })
                }
                "yield" | "sampler_cache_flush" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    Inst::Sync(if base == "yield" {
                        ThreadSync::Yield
                    } else {
                        ThreadSync::SamplerCacheFlush
                    })
                }
                "fence_sw" => {
                    no_pred(c)?;
                    no_sub(sub, bad_suffix)?;
                    Inst::Fence(Fence { sw_only: true, ..Fence::default() })
                }
                "fence_global" | "fence_local" => {
                    no_pred(c)?;
                    let mut f = Fence { local: base == "fence_local", ..Fence::default() };
                    match sub {
                        [] => {}
                        [flags] => fence_flags(&mut f, flags).ok_or_else(bad_suffix)?,
                        _ => return Err(bad_suffix()),
                    }
                    Inst::Fence(f)
                }
                "lsc_fence" => {
                    no_pred(c)?;
                    match sub {
                        [s, o, sc] => {
                            let sfid = lsc_sfid(s).ok_or_else(bad_suffix)?;
                            let op = LSC_FENCE_OPS.iter().position(|x| x == o).ok_or_else(bad_suffix)? as u8;
                            let scope = LSC_SCOPES.iter().position(|x| x == sc).ok_or_else(bad_suffix)? as u8;
                            Inst::LscFence { sfid, op, scope }
                        }
                        _ => return Err(bad_suffix()),
                    }
                }
                "lsc_load_block2d" | "lsc_store_block2d" => {
                    no_pred(c)?;
                    let cache = match sub {
                        ["ugm"] => (0, 0),
                        ["ugm", l1, l3] => {
                            (cache_code(l1).ok_or_else(bad_suffix)?, cache_code(l3).ok_or_else(bad_suffix)?)
                        }
                        _ => return Err(bad_suffix()),
                    };
                    let ep = c.pos;
                    if self.exec(c)? != Exec::nm(1) {
                        return Err(c.err_at(
                            ep,
                            "not modeled: a 2D block message with an exec other than (M1_NM, 1)",
                        ));
                    }
                    let store = base == "lsc_store_block2d";
                    let (surface, (data, shape)) = if store {
                        let s = self.block2d_surface(c)?;
                        (s, self.block2d_data(c)?)
                    } else {
                        let d = self.block2d_data(c)?;
                        (self.block2d_surface(c)?, d)
                    };
                    Inst::LscBlock2d { store, cache, shape, surface, data }
                }
                b if b.starts_with("lsc_") => {
                    let op = match b {
                        "lsc_load" => LscOp::Load,
                        "lsc_store" => LscOp::Store,
                        "lsc_load_quad" => LscOp::LoadQuad,
                        "lsc_store_quad" => LscOp::StoreQuad,
                        _ => match b
                            .strip_prefix("lsc_atomic_")
                            .and_then(|a| LSC_ATOMIC_OPS.iter().find(|r| r.text == a))
                        {
                            Some(r) => LscOp::Atomic(r.op),
                            None => return Err(c.err_at(mpos, format!("not modeled: `{base}`"))),
                        },
                    };
                    let (sfid, cache) = match sub {
                        [s] => (lsc_sfid(s).ok_or_else(bad_suffix)?, (0, 0)),
                        [s, l1, l3] => (
                            lsc_sfid(s).ok_or_else(bad_suffix)?,
                            (cache_code(l1).ok_or_else(bad_suffix)?, cache_code(l3).ok_or_else(bad_suffix)?),
                        ),
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let quad = matches!(op, LscOp::LoadQuad | LscOp::StoreQuad);
                    let null = VarId::NULL;
                    let (addr, (data, shape), src1, src2) = match op {
                        LscOp::Load | LscOp::LoadQuad => {
                            let d = self.lsc_data(c, quad)?;
                            (self.lsc_addr(c)?, d, null, null)
                        }
                        LscOp::Store | LscOp::StoreQuad => {
                            let a = self.lsc_addr(c)?;
                            (a, self.lsc_data(c, quad)?, null, null)
                        }
                        LscOp::Atomic(_) => {
                            let d = self.lsc_data(c, false)?;
                            let a = self.lsc_addr(c)?;
                            let s1 = self.var(c)?;
                            let s2 = self.var(c)?;
                            (a, d, s1, s2)
                        }
                    };
                    Inst::Lsc { op, sfid, cache, pred, exec, addr, shape, data, src1, src2 }
                }
                "raw_send" | "raw_sendc" => {
                    no_sub(sub, bad_suffix)?;
                    let exec = self.exec(c)?;
                    let exdesc = c.num("extended descriptor")?;
                    let num_src = c.num("source count")?;
                    let num_dst = c.num("destination count")?;
                    let desc = self.src(c)?;
                    let src = self.raw(c)?;
                    let dst = self.raw(c)?;
                    Inst::RawSend {
                        sendc: base == "raw_sendc",
                        pred,
                        exec,
                        exdesc,
                        num_src,
                        num_dst,
                        desc,
                        src,
                        dst,
                    }
                }
                "raw_sends" | "raw_sendsc" | "raw_sends_eot" | "raw_sendsc_eot" => {
                    let sendc = base.starts_with("raw_sendsc");
                    let eot = base.ends_with("_eot");
                    let n: Vec<u8> = sub
                        .iter()
                        .map(|s| s.parse::<u8>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| bad_suffix())?;
                    let (sfid, n0, n1, nd) = match (sendc, n.as_slice()) {
                        (_, [s, a, b, d]) => (*s, *a, *b, *d),
                        (true, [a, b, d]) => (0, *a, *b, *d),
                        _ => return Err(bad_suffix()),
                    };
                    let exec = self.exec(c)?;
                    let exdesc = self.src(c)?;
                    let desc = self.src(c)?;
                    let [src0, src1, dst] = self.raws(c)?;
                    Inst::RawSends {
                        sendc,
                        eot,
                        pred,
                        exec,
                        sfid,
                        num_src0: n0,
                        num_src1: n1,
                        num_dst: nd,
                        exdesc,
                        desc,
                        src0,
                        src1,
                        dst,
                    }
                }
                _ => return Err(c.err_at(mpos, format!("not modeled: `{base}`"))),
            }
        };
        c.end()?;
        Ok(inst)
    }

    fn raws<const N: usize>(&self, c: &mut Cur) -> Res<[Raw; N]> {
        let mut out = [Raw::NULL; N];
        for r in out.iter_mut() {
            *r = self.raw(c)?;
        }
        Ok(out)
    }

    /// Raw operands up to the end of the line.
    fn raws_to_end(&self, c: &mut Cur) -> Res<Vec<Raw>> {
        let mut out = Vec::new();
        while !c.at_end() {
            out.push(self.raw(c)?);
        }
        Ok(out)
    }

    /// `(N)` owords.
    fn owords(&self, c: &mut Cur) -> Res<Owords> {
        c.expect(b'(')?;
        c.ws();
        let p = c.pos;
        let n = c.int()?;
        c.expect(b')')?;
        OWORDS
            .iter()
            .find(|r| i128::from(r.count) == n)
            .map(|r| r.size)
            .ok_or_else(|| c.err_at(p, format!("{n} owords is not 1, 2, 4, 8 or 16")))
    }
}

fn no_sub(sub: &[&str], bad: impl Fn() -> ReadError) -> Res<()> {
    if sub.is_empty() {
        Ok(())
    } else {
        Err(bad())
    }
}

fn atomic_op(t: &str) -> Option<AtomicOp> {
    ATOMIC_OPS.iter().find(|r| r.text == t).map(|r| r.op)
}

fn lsc_sfid(t: &str) -> Option<LscSfid> {
    LSC_SFIDS.iter().find(|r| r.text == t).map(|r| r.sfid)
}

fn cache_code(t: &str) -> Option<u8> {
    LSC_CACHE_TEXT.iter().position(|x| *x == t).map(|i| i as u8)
}

/// The suffix of a 3D sampler mnemonic: an optional `.pixel_null_mask`, then the channels.
fn sampler_3d_suffix(sub: &[&str]) -> Option<(bool, Channels)> {
    let (pixel_null_mask, ch) = match sub {
        ["pixel_null_mask", rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    Some((pixel_null_mask, channels_of(ch)?))
}

/// An in-order, non-empty subset of `RGBA`.
fn channels_of(sub: &[&str]) -> Option<Channels> {
    let [t] = sub else { return None };
    let mut ch = Channels { r: false, g: false, b: false, a: false };
    let mut last = 0;
    for c in t.chars() {
        let (i, slot) = match c {
            'R' => (1, &mut ch.r),
            'G' => (2, &mut ch.g),
            'B' => (3, &mut ch.b),
            'A' => (4, &mut ch.a),
            _ => return None,
        };
        if i <= last {
            return None;
        }
        last = i;
        *slot = true;
    }
    (last > 0).then_some(ch)
}

/// `E`, `I`, `S`, `C`, `R`, `L1` in any order, each once.
fn fence_flags(f: &mut Fence, mut t: &str) -> Option<()> {
    while !t.is_empty() {
        let (slot, n) = match t.as_bytes()[0] {
            b'E' => (&mut f.commit, 1),
            b'I' => (&mut f.flush_i, 1),
            b'S' => (&mut f.flush_s, 1),
            b'C' => (&mut f.flush_c, 1),
            b'R' => (&mut f.flush_r, 1),
            b'L' if t.as_bytes().get(1) == Some(&b'1') => (&mut f.flush_l1, 2),
            _ => return None,
        };
        if *slot {
            return None;
        }
        *slot = true;
        t = &t[n..];
    }
    Some(())
}

/// `d<bits>[c32]` followed by `.xyzw` (quad) or `[x<elems>][t]`.
fn lsc_shape(t: &str, quad: bool) -> Option<LscShape> {
    let rest = t.strip_prefix('d')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let bits: u8 = rest[..digits].parse().ok()?;
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return None;
    }
    let mut rest = &rest[digits..];
    let c32 = match rest.strip_prefix("c32") {
        Some(r) => {
            rest = r;
            true
        }
        None => false,
    };
    if c32 && !matches!(bits, 8 | 16) {
        return None;
    }
    if quad {
        let chans = rest.strip_prefix('.')?;
        let mut chmask = 0u8;
        let mut last = None;
        for c in chans.chars() {
            let bit = "xyzw".find(c)?;
            if last.is_some_and(|l| bit <= l) {
                return None;
            }
            last = Some(bit);
            chmask |= 1 << bit;
        }
        return (chmask != 0).then_some(LscShape { bits, c32, elems: 1, transpose: false, chmask });
    }
    let (elems, rest) = match rest.strip_prefix('x') {
        Some(r) => {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            (r[..n].parse::<u8>().ok()?, &r[n..])
        }
        None => (1, rest),
    };
    if !matches!(elems, 1 | 2 | 3 | 4 | 8 | 16 | 32 | 64) {
        return None;
    }
    let transpose = match rest {
        "" => false,
        "t" => true,
        _ => return None,
    };
    Some(LscShape { bits, c32, elems, transpose, chmask: 0 })
}

/// `d<bits>.[<blocks>x]<width>x<height><t|n><t|n>`.
fn block2d_shape(t: &str) -> Option<LscBlock2dShape> {
    let (bits, rest) = t.strip_prefix('d')?.split_once('.')?;
    let bits: u8 = bits.parse().ok()?;
    if !matches!(bits, 8 | 16 | 32 | 64) || rest.len() < 2 || !rest.is_char_boundary(rest.len() - 2) {
        return None;
    }
    let (dims, tn) = rest.split_at(rest.len() - 2);
    let flag = |c: u8| match c {
        b't' => Some(true),
        b'n' => Some(false),
        _ => None,
    };
    let (transpose, vnni) = (flag(tn.as_bytes()[0])?, flag(tn.as_bytes()[1])?);
    let nums: Vec<u16> = dims.split('x').map(|n| n.parse::<u16>()).collect::<Result<_, _>>().ok()?;
    let (blocks, width, height) = match nums.as_slice() {
        [w, h] => (1, *w, *h),
        [b, w, h] if *b > 1 => (u8::try_from(*b).ok()?, *w, *h),
        _ => return None,
    };
    Some(LscBlock2dShape { bits, blocks, width, height, transpose, vnni })
}
