//! Structural checks of a [`Kernel`]: ids in range (reserved predefined variables included),
//! declarations (predicate and address sizes, aliases and inputs inside their variables, inputs
//! that do not overlap), operand counts, exec sizes, regions, address elements and raw offsets in
//! range, label placement (every label placed once, jumps only to labels of their own
//! subroutine). The writers assume a kernel that passes these checks (they panic on ids out of
//! range); the finalizer performs the semantic checks (types, platform support).

use crate::model::*;

/// `%arg` / `%retval` GRF counts fit those variables (in 32-byte GRFs, the smallest GRF size;
/// a target with wider GRFs checks its own, smaller, bound).
fn call_sizes(errs: &mut Vec<String>, what: &str, arg: u8, ret: u8) {
    if u32::from(arg) * 32 > ARG_BYTES {
        errs.push(format!("{what}: argument size {arg} GRFs exceeds %arg ({} bytes)", ARG_BYTES));
    }
    if u32::from(ret) * 32 > RETVAL_BYTES {
        errs.push(format!("{what}: return size {ret} GRFs exceeds %retval ({} bytes)", RETVAL_BYTES));
    }
}

struct Checker<'a> {
    k: &'a Kernel,
    errs: Vec<String>,
    /// The subroutine (0 = the entry, then in body order) each label is placed in.
    label_sub: Vec<Option<usize>>,
    /// The subroutine of the instruction being checked.
    sub: usize,
}

/// Size in bytes of a user variable (`None` for predefined and unknown ids).
fn var_bytes(k: &Kernel, v: VarId) -> Option<u32> {
    k.var(v).map(|d| u32::from(d.num_elts) * d.ty.size())
}

impl Checker<'_> {
    fn err(&mut self, at: usize, msg: String) {
        self.errs.push(format!("inst {at}: {msg}"));
    }

    fn var(&mut self, at: usize, v: VarId) {
        let known = if v.is_predefined() { v.predefined_name().is_some() } else { self.k.var(v).is_some() };
        if !known {
            self.err(at, format!("unknown variable V{}", v.0));
        }
    }

    fn exec(&mut self, at: usize, e: Exec) {
        if ![1, 2, 4, 8, 16, 32].contains(&e.size) {
            self.err(at, format!("invalid exec size {}", e.size));
        }
        if e.mask > 7 {
            self.err(at, format!("invalid mask offset {}", e.mask));
        }
        // An execution of 8 or more lanes starts at a multiple of its size (M2 with 8 lanes would
        // start at lane 4: no Gen quarter control says that).
        if e.size >= 8 && (u32::from(e.mask) * 4) % u32::from(e.size) != 0 {
            self.err(at, format!("mask offset M{} is not aligned to {} lanes", e.mask + 1, e.size));
        }
    }

    /// Whether a typed operand is floating point (`None`: predicates and addresses).
    fn src_float(&self, s: &SrcOp) -> Option<bool> {
        match *s {
            SrcOp::Gen(g) => self.k.var(g.var).map(|_| self.k.var_type(g.var).is_float()),
            SrcOp::Ind(i) => Some(i.ty.is_float()),
            SrcOp::Imm(imm) => Some(matches!(imm, Imm::F(_) | Imm::DF(_) | Imm::HF(_) | Imm::VF(_))),
            SrcOp::Pred(_) | SrcOp::Addr(_) => None,
        }
    }

    /// An ALU operation other than `mov` (a conversion) neither mixes integer and floating-point
    /// operands nor reads a predicate unless it is a logic operation.
    fn alu_operands(&mut self, at: usize, op: AluOp, dst: &DstOp, srcs: &[SrcOp]) {
        let logic = matches!(op, AluOp::And | AluOp::Or | AluOp::Xor | AluOp::Not);
        if op != AluOp::Mov && !logic && srcs.iter().any(|s| matches!(s, SrcOp::Pred(_))) {
            self.err(at, format!("{} reads a predicate (only mov and logic operations do)", op.mnemonic()));
        }
        // conversions: mov, and fcvt/srnd whose tf32 and bf8 sides are held in integer types
        if matches!(op, AluOp::Mov | AluOp::Fcvt | AluOp::Srnd) {
            return;
        }
        let dst_float = match *dst {
            DstOp::Gen(g) => self.k.var(g.var).map(|_| self.k.var_type(g.var).is_float()),
            DstOp::Ind(i) => Some(i.ty.is_float()),
            DstOp::Pred(_) | DstOp::Addr(_) => None,
        };
        let kinds: Vec<bool> =
            dst_float.into_iter().chain(srcs.iter().filter_map(|s| self.src_float(s))).collect();
        if kinds.iter().any(|&f| f) && kinds.iter().any(|&f| !f) {
            self.err(at, format!("{} mixes integer and floating-point operands", op.mnemonic()));
        }
    }

    fn pred_id(&mut self, at: usize, p: PredId) {
        if p.0 == 0 || p.0 as usize > self.k.preds.len() {
            self.err(at, format!("unknown predicate P{}", p.0));
        }
    }

    fn pred(&mut self, at: usize, p: Option<Pred>) {
        if let Some(p) = p {
            self.pred_id(at, p.id);
        }
    }

    fn addr(&mut self, at: usize, a: AddrId) {
        if a.0 as usize >= self.k.addrs.len() {
            self.err(at, format!("unknown address variable A{}", a.0));
        }
    }

    fn surface(&mut self, at: usize, s: SurfaceId) {
        if s.0 >= NUM_PREDEF_SURFACES && (s.0 - NUM_PREDEF_SURFACES) as usize >= self.k.surfaces.len() {
            self.err(at, format!("unknown surface T{}", s.0));
        }
    }

    fn label(&mut self, at: usize, l: LabelId, kind: LabelKind) {
        match self.k.labels.get(l.0 as usize) {
            None => self.err(at, format!("unknown label {}", l.0)),
            Some(d) if d.kind != kind => self.err(at, format!("label {} has kind {:?}", d.name, d.kind)),
            _ => {}
        }
    }

    /// A jump target: a block label placed in the jump's own subroutine.
    fn target(&mut self, at: usize, l: LabelId) {
        self.label(at, l, LabelKind::Block);
        if let Some(Some(sub)) = self.label_sub.get(l.0 as usize) {
            if *sub != self.sub {
                let name = &self.k.labels[l.0 as usize].name;
                self.err(at, format!("jumps to label {name} of another subroutine"));
            }
        }
    }

    fn addr_elem(&mut self, at: usize, a: AddrId, elem: u8) {
        if let Some(d) = self.k.addrs.get(a.0 as usize) {
            if u16::from(elem) >= d.num_elts {
                self.err(
                    at,
                    format!("element {elem} of address variable {} of {} elements", d.name, d.num_elts),
                );
            }
        }
    }

    fn region(&mut self, at: usize, r: Region, exec: u8, multi: bool) {
        if !multi && ![0, 1, 2, 4, 8, 16, 32].contains(&r.vstride) {
            self.err(at, format!("invalid vstride {}", r.vstride));
        }
        if ![1, 2, 4, 8, 16].contains(&r.width) || r.width > exec.max(1) {
            self.err(at, format!("invalid width {} for exec size {exec}", r.width));
        }
        if ![0, 1, 2, 4].contains(&r.hstride) {
            self.err(at, format!("invalid hstride {}", r.hstride));
        }
    }

    fn src(&mut self, at: usize, s: &SrcOp, exec: u8) {
        match *s {
            SrcOp::Gen(g) => {
                self.var(at, g.var);
                self.region(at, g.region, exec, false);
            }
            SrcOp::Ind(i) => {
                self.addr(at, i.addr);
                self.addr_elem(at, i.addr, i.addr_elem);
                self.region(at, i.region, exec, i.multi);
            }
            SrcOp::Imm(_) => {}
            SrcOp::Pred(p) => self.pred_id(at, p),
            SrcOp::Addr(a) => self.addr(at, a.addr),
        }
    }

    fn dst(&mut self, at: usize, d: &DstOp) {
        match *d {
            DstOp::Gen(g) => self.gdst(at, g),
            DstOp::Ind(i) => {
                self.addr(at, i.addr);
                self.addr_elem(at, i.addr, i.addr_elem);
                if ![1, 2, 4].contains(&i.hstride) {
                    self.err(at, format!("invalid dst hstride {}", i.hstride));
                }
            }
            DstOp::Pred(p) => self.pred_id(at, p),
            DstOp::Addr(a) => self.addr(at, a.addr),
        }
    }

    fn gdst(&mut self, at: usize, g: Dst) {
        self.var(at, g.var);
        if ![1, 2, 4].contains(&g.hstride) {
            self.err(at, format!("invalid dst hstride {}", g.hstride));
        }
    }

    fn raw(&mut self, at: usize, r: Raw) {
        self.var(at, r.var);
        if let Some(bytes) = var_bytes(self.k, r.var) {
            if u32::from(r.offset) >= bytes {
                let name = &self.k.vars[(r.var.0 - NUM_PREDEF_VARS) as usize].name;
                self.err(at, format!("raw operand at byte {} of variable {name} of {bytes} bytes", r.offset));
            }
        }
    }
}

/// Validates `k`; see [`Kernel::validate`].
pub fn validate(k: &Kernel) -> Result<(), Vec<String>> {
    let mut c = Checker { k, errs: Vec::new(), label_sub: vec![None; k.labels.len()], sub: 0 };
    let mut sub = 0;
    for inst in &k.body {
        match inst {
            Inst::Subroutine(_) => sub += 1,
            Inst::Label(l) => {
                if let Some(slot) = c.label_sub.get_mut(l.0 as usize) {
                    *slot = Some(sub);
                }
            }
            _ => {}
        }
    }
    match k.labels.first() {
        Some(l) if l.kind == LabelKind::Subroutine => {}
        _ => c.errs.push("label 0 must be the entry subroutine".into()),
    }
    for (i, v) in k.vars.iter().enumerate() {
        if let Some((base, _)) = v.alias {
            if !base.is_predefined() && (base.0 - NUM_PREDEF_VARS) as usize >= i {
                c.errs.push(format!("variable {} aliases a later or unknown variable", v.name));
            }
        }
        if v.num_elts == 0 {
            c.errs.push(format!("variable {} has no elements", v.name));
        }
        if let Some((base, offset)) = v.alias {
            let view = u32::from(v.num_elts) * v.ty.size();
            match var_bytes(k, base) {
                Some(bytes) if u32::from(offset) + view > bytes => c.errs.push(format!(
                    "variable {} ({view} bytes at byte {offset}) does not fit in the {bytes} bytes of its base",
                    v.name
                )),
                _ => {}
            }
        }
    }
    for p in &k.preds {
        if ![1, 2, 4, 8, 16, 32].contains(&p.num_elts) {
            c.errs.push(format!("predicate {} has {} lanes (1, 2, 4, 8, 16 or 32)", p.name, p.num_elts));
        }
    }
    for a in &k.addrs {
        if !(1..=16).contains(&a.num_elts) {
            c.errs.push(format!("address variable {} has {} elements (1 to 16)", a.name, a.num_elts));
        }
    }
    let mut spans: Vec<(u32, u32)> = Vec::new();
    for inp in &k.inputs {
        let (off, end) = (u32::from(inp.offset), u32::from(inp.offset) + u32::from(inp.size));
        if inp.size == 0 {
            c.errs.push(format!("an input at byte {off} has no bytes"));
        }
        if let InputTarget::Var(v) = inp.target {
            if let Some(bytes) = var_bytes(k, v) {
                if u32::from(inp.size) > bytes {
                    let name = &k.vars[(v.0 - NUM_PREDEF_VARS) as usize].name;
                    c.errs.push(format!("input {name} of {} bytes binds a variable of {bytes}", inp.size));
                }
            }
        }
        if let Some(&(o, e)) = spans.iter().find(|&&(o, e)| off < e && o < end) {
            c.errs.push(format!("the input at bytes [{off}, {end}) overlaps the input at [{o}, {e})"));
        }
        spans.push((off, end));
    }
    for inp in &k.inputs {
        match inp.target {
            InputTarget::Var(v) => c.var(usize::MAX, v),
            InputTarget::Surface(s) => c.surface(usize::MAX, s),
            InputTarget::Sampler(s) => {
                if s.0 as usize >= k.samplers.len() {
                    c.errs.push(format!("unknown sampler S{}", s.0));
                }
            }
        }
    }
    let mut placed = vec![false; k.labels.len()];
    for (at, inst) in k.body.iter().enumerate() {
        if matches!(inst, Inst::Subroutine(_)) {
            c.sub += 1;
        }
        match inst {
            Inst::Label(l) | Inst::Subroutine(l) => {
                let kind =
                    if matches!(inst, Inst::Label(_)) { LabelKind::Block } else { LabelKind::Subroutine };
                c.label(at, *l, kind);
                if l.0 == 0 {
                    c.err(at, "label 0 (the entry) is placed by the writers".into());
                }
                if let Some(p) = placed.get_mut(l.0 as usize) {
                    if *p {
                        c.err(at, format!("label {} placed twice", l.0));
                    }
                    *p = true;
                }
            }
            Inst::Alu { op, pred, exec, dst, srcs, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.dst(at, dst);
                if srcs.len() != op.num_srcs() {
                    c.err(
                        at,
                        format!("{} takes {} sources, got {}", op.mnemonic(), op.num_srcs(), srcs.len()),
                    );
                }
                for s in srcs {
                    c.src(at, s, exec.size);
                }
                c.alu_operands(at, *op, dst, srcs);
            }
            Inst::Bfn { pred, exec, dst, srcs, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.dst(at, dst);
                if srcs.len() != 3 {
                    c.err(at, format!("bfn takes 3 sources, got {}", srcs.len()));
                }
                for s in srcs {
                    c.src(at, s, exec.size);
                }
            }
            Inst::Dpas { exec, dst, src0, src1, src2, w, a, depth, repeat, .. } => {
                c.exec(at, *exec);
                for r in [dst, src0, src1] {
                    c.raw(at, *r);
                }
                c.var(at, src2.var);
                if !matches!(exec.size, 8 | 16) {
                    c.err(at, format!("dpas runs 8 or 16 lanes, not {}", exec.size));
                }
                if *depth != 8 {
                    c.err(at, format!("dpas systolic depth {depth} (only 8 is modeled)"));
                }
                if !(1..=8).contains(repeat) {
                    c.err(at, format!("dpas repeat count {repeat} is not 1..=8"));
                }
                if w.is_float() != a.is_float() || (w.is_float() && w != a) {
                    c.err(at, format!("dpas mixes precisions {} and {}", w.text(), a.text()));
                }
            }
            Inst::AddcSubb { pred, exec, dst, carry, src0, src1, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.gdst(at, *dst);
                c.gdst(at, *carry);
                c.src(at, src0, exec.size);
                c.src(at, src1, exec.size);
            }
            Inst::MinMax { exec, dst, src0, src1, .. } => {
                c.exec(at, *exec);
                c.dst(at, dst);
                c.src(at, src0, exec.size);
                c.src(at, src1, exec.size);
            }
            Inst::Cmp { exec, dst, src0, src1, .. } => {
                c.exec(at, *exec);
                match *dst {
                    CmpDst::Pred(p) => c.pred_id(at, p),
                    CmpDst::Gen(g) => c.gdst(at, g),
                }
                c.src(at, src0, exec.size);
                c.src(at, src1, exec.size);
            }
            Inst::Setp { exec, dst, src } => {
                c.exec(at, *exec);
                c.pred_id(at, *dst);
                c.src(at, src, exec.size);
            }
            Inst::Movs { exec, dst, src } => {
                c.exec(at, *exec);
                c.surface(at, *dst);
                c.src(at, src, exec.size);
            }
            Inst::MovsSampler { exec, dst, src } => {
                c.exec(at, *exec);
                if dst.0 as usize >= k.samplers.len() {
                    c.err(at, format!("unknown sampler S{}", dst.0));
                }
                c.src(at, src, exec.size);
            }
            Inst::AddrAdd { exec, dst, base, base_offset, src1 } => {
                c.exec(at, *exec);
                c.addr(at, dst.addr);
                c.var(at, *base);
                let sz = k.var_type(*base).size() as u16;
                if base_offset % sz != 0 || base_offset / sz > 255 {
                    c.err(at, format!("addr_add base offset {base_offset} not encodable"));
                }
                c.src(at, src1, exec.size);
            }
            Inst::Jmp { pred, exec, target } | Inst::Goto { pred, exec, target } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.target(at, *target);
            }
            Inst::Call { pred, exec, target } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.label(at, *target, LabelKind::Subroutine);
            }
            Inst::Ret { pred, exec } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
            }
            Inst::FCall { pred, exec, function, arg_size, ret_size } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                if crate::text::sanitize(function) != *function {
                    c.err(at, format!("fcall of `{function}`: not a function name ([A-Za-z_][A-Za-z0-9_]*)"));
                }
                call_sizes(&mut c.errs, &format!("inst {at}: fcall"), *arg_size, *ret_size);
            }
            Inst::Loc(_) | Inst::File(_) => {}
            Inst::Verbatim { pieces } => {
                for p in pieces {
                    match p {
                        VerbatimPiece::Text(_) => {}
                        VerbatimPiece::Dst(d) => c.dst(at, d),
                        VerbatimPiece::Src(s) => c.src(at, s, 1),
                        VerbatimPiece::Raw(r) => c.raw(at, *r),
                    }
                }
            }
            Inst::FAddr { function, dst } => {
                // an external symbol (resolved at link time) keeps its spelling: the text quotes it
                if function.is_empty() || function.chars().any(char::is_control) {
                    c.err(
                        at,
                        format!(
                            "faddr of {function:?}: a symbol name is not empty and has no control characters"
                        ),
                    );
                }
                c.dst(at, dst);
            }
            Inst::IFCall { pred, exec, addr, arg_size, ret_size } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.src(at, addr, 1);
                call_sizes(&mut c.errs, &format!("inst {at}: ifcall"), *arg_size, *ret_size);
            }
            Inst::FRet { pred, exec } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                if k.unit != UnitKind::GlobalFunction {
                    c.err(at, "fret outside a .global_function".into());
                }
            }
            Inst::SwitchJmp { exec, index, targets } => {
                c.exec(at, *exec);
                c.src(at, index, exec.size);
                for t in targets {
                    c.target(at, *t);
                }
            }
            Inst::OwordLd { surface, .. }
            | Inst::OwordSt { surface, .. }
            | Inst::MediaLd { surface, .. }
            | Inst::MediaSt { surface, .. } => c.surface(at, *surface),
            Inst::Gather { exec, surface, elt_size, .. } => {
                c.exec(at, *exec);
                if ![1, 8, 16].contains(&exec.size) {
                    c.err(at, format!("invalid gather exec size {} (1, 8 or 16)", exec.size));
                }
                if ![1, 2, 4].contains(elt_size) {
                    c.err(at, format!("invalid gather element size {elt_size}"));
                }
                c.surface(at, *surface);
            }
            Inst::Scaled { pred, exec, surface, .. }
            | Inst::Scaled4 { pred, exec, surface, .. }
            | Inst::Typed4 { pred, exec, surface, .. }
            | Inst::DwordAtomic { pred, exec, surface, .. }
            | Inst::TypedAtomic { pred, exec, surface, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.surface(at, *surface);
            }
            Inst::Sample { exec, channels, surface, .. } | Inst::Load { exec, channels, surface, .. } => {
                if ![8, 16].contains(&exec.size) || exec.mask != 0 || exec.nomask {
                    c.err(at, format!("sampler message exec ({}) is not SIMD8 or SIMD16 at M1", exec.size));
                }
                if channels.bits() == 0 {
                    c.err(at, "sampler message with no channel enabled".into());
                }
                c.surface(at, *surface);
                if let Inst::Sample { sampler, .. } = inst {
                    if sampler.0 as usize >= k.samplers.len() {
                        c.err(at, format!("unknown sampler S{}", sampler.0));
                    }
                }
            }
            Inst::Load3d { pred, exec, channels, aoffimmi, surface, params, .. }
            | Inst::Sample3d { pred, exec, channels, aoffimmi, surface, params, .. } => {
                let name = match inst {
                    Inst::Load3d { op, .. } => op.text(),
                    Inst::Sample3d { op, .. } => op.text(),
                    _ => "",
                };
                if ![8, 16].contains(&exec.size) {
                    c.err(at, format!("{name} exec ({}) is not SIMD8 or SIMD16", exec.size));
                }
                if channels.bits() == 0 {
                    c.err(at, format!("{name} with no channel enabled"));
                }
                if params.is_empty() || params.len() > 15 {
                    c.err(at, format!("{name} with {} parameters (1..15)", params.len()));
                }
                if let SrcOp::Imm(i) = aoffimmi {
                    if !matches!(i, Imm::UW(v) if v >> 12 == 0) {
                        c.err(at, format!("{name} texel offsets {i:?}: a uw with bits 15:12 zero"));
                    }
                }
                if let Inst::Sample3d { sampler, .. } = inst {
                    if sampler.0 as usize >= k.samplers.len() {
                        c.err(at, format!("unknown sampler S{}", sampler.0));
                    }
                }
                c.src(at, aoffimmi, 1);
                c.exec(at, *exec);
                c.pred(at, *pred);
                c.surface(at, *surface);
            }
            Inst::Avs {
                channels,
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
                ..
            } => {
                if channels.bits() == 0 {
                    c.err(at, "avs with no channel enabled".into());
                }
                c.surface(at, *surface);
                if sampler.0 as usize >= k.samplers.len() {
                    c.err(at, format!("unknown sampler S{}", sampler.0));
                }
                // its operands are not message operands (the format and mode bytes sit among
                // them): each a scalar source, and the result a raw operand
                for x in [u, v, du, dv, u2d, group, vblock, v2d, ief_bypass] {
                    c.src(at, x, 1);
                }
                c.raw(at, *dst);
            }
            Inst::SampleUnorm { channels, sampler, surface, .. } => {
                if channels.bits() == 0 {
                    c.err(at, "sample_unorm with no channel enabled".into());
                }
                c.surface(at, *surface);
                if sampler.0 as usize >= k.samplers.len() {
                    c.err(at, format!("unknown sampler S{}", sampler.0));
                }
            }
            Inst::SvmBlock { .. } => {}
            Inst::SvmScatter { pred, exec, num_blocks, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                if ![1, 2, 4, 8].contains(num_blocks) {
                    c.err(at, format!("invalid svm block count {num_blocks}"));
                }
            }
            Inst::SvmScaled4 { pred, exec, .. } | Inst::RawSend { pred, exec, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
            }
            Inst::SvmAtomic { pred, exec, bits, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                if ![16, 32, 64].contains(bits) {
                    c.err(at, format!("invalid svm atomic width {bits}"));
                }
            }
            Inst::Lsc { pred, exec, addr, data, src1, src2, .. } => {
                c.exec(at, *exec);
                c.pred(at, *pred);
                if let Some(LscSurface::Var(v)) = addr.model.surface() {
                    c.raw(at, Raw::of(v));
                }
                for v in [addr.var, *data, *src1, *src2] {
                    c.raw(at, Raw::of(v));
                }
            }
            Inst::LscBlock2d { surface, data, .. } => {
                for x in surface {
                    if let LscSurface::Var(v) = x {
                        c.raw(at, Raw::of(*v));
                    }
                }
                c.raw(at, Raw::of(*data));
            }
            Inst::Barrier | Inst::Fence(_) | Inst::LscFence { .. } | Inst::Sync(_) => {}
            Inst::RawSends { pred, exec, sendc, eot, sfid, .. } => {
                if *sendc && *eot {
                    c.err(at, "raw_sends cannot be both sendc and eot (no text form)".into());
                }
                if *sendc && *sfid != 0 {
                    c.err(at, "raw_sendsc has no shared function id in its text form (it must be 0)".into());
                }
                c.exec(at, *exec);
                c.pred(at, *pred);
            }
        }
        // a message's operands: scalar sources and raw operands
        for o in inst.message_operands().into_iter().flatten() {
            match o {
                MsgOperand::Src(s) => c.src(at, s, 1),
                MsgOperand::Raw(r) => c.raw(at, r),
            }
        }
    }
    let (arg, ret) = k.call_sizes();
    if arg.is_some() || ret.is_some() {
        if k.unit != UnitKind::GlobalFunction {
            c.errs.push(
                "ArgSize / RetValSize attributes on a kernel (they belong to a .global_function)".into(),
            );
        }
        call_sizes(&mut c.errs, "attributes", arg.unwrap_or(0), ret.unwrap_or(0));
    }
    for (i, p) in placed.iter().enumerate().skip(1) {
        if !p {
            c.errs.push(format!("label {} is never placed", k.labels[i].name));
        }
    }
    if c.errs.is_empty() {
        Ok(())
    } else {
        Err(c.errs)
    }
}
