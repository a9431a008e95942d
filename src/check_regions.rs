//! `genxc --check-regions`: checks every region of any GenX LLVM IR module against a platform's
//! legality rules.
//!
//! The module is read by LLVM and walked directly, not imported: intrinsics, metadata and
//! instructions genxc does not know (Intel VC's internal ones included) are passed over. Each call
//! of `llvm.genx.rdregioni/f`, `wrregioni/f` or `wrconstregion` is one region; a read is a source
//! operand and a write a destination, of the instruction it is baled into (the ALU instruction
//! reading the rdregion or producing the wrregion's new value, as genxc's baling rules fold them,
//! else a move). The region is checked by the legalize crate's [`check`] and named by its rule of
//! [`RULES`](genxc_legalize::legal::RULES).

use genxc_frontend::llvm::SourceMap;
use genxc_genx::import::raw::{ModuleRef, Ty, Val};
use genxc_genx::intrinsics::{is_overload_suffix, lookup, IntrinsicId};
use genxc_genx::{Platform, Region};
use genxc_legalize::legal::{check, legal_size, Access, Illegal, Role};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;
use std::fmt;

/// Whether a region is read (`rdregion`) or written (`wrregion`, `wrconstregion`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// A `rdregion`: a source operand.
    Read,
    /// A `wrregion` or `wrconstregion`: a destination.
    Write,
}

/// Where a region starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A constant byte offset.
    Direct(i64),
    /// A variable index (of `index_elems` i16 elements) plus a constant byte offset.
    Indirect {
        /// The immediate byte offset added to the index.
        offset: i64,
        /// Elements of the index: 1 for a scalar, more for multi-indirect.
        index_elems: u32,
    },
}

/// The verdict on one region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Legal; the largest legal piece from its first element (legalize's `legal_size`).
    Legal {
        /// Elements of that piece.
        largest_piece: u32,
    },
    /// Illegal, with the first rule it breaks.
    Illegal(Illegal),
}

/// One checked region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionCheck {
    /// 1-based line and column of the call in the `.ll` text (none for bitcode).
    pub position: Option<(u32, u32)>,
    /// The function holding the call.
    pub function: String,
    /// Read or written.
    pub kind: RegionKind,
    /// The vstride operand as written.
    pub vstride: i64,
    /// The width operand as written.
    pub width: i64,
    /// The stride operand as written.
    pub stride: i64,
    /// Elements of the region.
    pub num_elems: u32,
    /// The element type as LLVM prints it.
    pub elem_type: String,
    /// Where it starts.
    pub start: Start,
    /// The instruction it is baled into, e.g. `source of add` or `destination of mov`.
    pub context: String,
    /// Legal or not.
    pub verdict: Verdict,
}

impl RegionCheck {
    /// `read region <vs;w,s> of N x T at byte B`, the region as the diagnostics name it.
    pub fn describe(&self) -> String {
        let kind = match self.kind {
            RegionKind::Read => "read",
            RegionKind::Write => "write",
        };
        let at = match self.start {
            Start::Direct(b) => b.to_string(),
            Start::Indirect { offset, .. } => format!("%idx+{offset}"),
        };
        format!(
            "{kind} region <{};{},{}> of {} x {} at byte {at}",
            self.vstride, self.width, self.stride, self.num_elems, self.elem_type
        )
    }

    /// The report line: `file:line:col: error: illegal ...: <rule id>: <rule>` for an illegal
    /// region, `file:line:col: note: legal ..., largest legal piece K (context)` for a legal one.
    pub fn line(&self, file: &str, platform: Platform) -> String {
        let loc = match self.position {
            Some((l, c)) => format!("{file}:{l}:{c}"),
            None => format!("{file}: in function @{}", self.function),
        };
        match &self.verdict {
            Verdict::Illegal(why) => {
                let rule = why.rule();
                format!("{loc}: error: illegal {} on {platform}: {}: {}", self.describe(), rule.id, rule.text)
            }
            Verdict::Legal { largest_piece } => format!(
                "{loc}: note: legal {} on {platform}, largest legal piece {largest_piece} ({})",
                self.describe(),
                self.context
            ),
        }
    }
}

/// Why a module could not be checked: the diagnostic, as printed (`FILE:LINE:COL: error: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads one module (`.ll` text or bitcode) and checks every region in it on `platform`, in
/// function and instruction order.
pub fn check_module(file: &str, bytes: &[u8], platform: Platform) -> Result<Vec<RegionCheck>, Unreadable> {
    let ctx = inkwell::context::Context::create();
    let module = genxc_frontend::llvm::load(&ctx, file, bytes).map_err(|d| Unreadable(d.to_string()))?;
    let source = if genxc_frontend::llvm::is_bitcode(bytes) {
        None
    } else {
        std::str::from_utf8(bytes).ok().map(SourceMap::new)
    };
    let mr = ModuleRef(module.as_mut_ptr());
    let mut out = Vec::new();
    for f in mr.functions() {
        if f.is_declaration() {
            continue;
        }
        check_function(f, platform, source.as_ref(), &mut out);
    }
    Ok(out)
}

/// Whether a call is a region call (`rdregion`: a read; `wrregion`, `wrconstregion`: a write).
fn region_call(inst: Val) -> Option<RegionKind> {
    if inst.opcode() != LLVMOpcode::LLVMCall {
        return None;
    }
    let callee = inst.called_value();
    if callee.is_null() || !callee.is_function() {
        return None;
    }
    let name = callee.name();
    let base = [
        "llvm.genx.rdregioni",
        "llvm.genx.rdregionf",
        "llvm.genx.wrregioni",
        "llvm.genx.wrregionf",
        "llvm.genx.wrconstregion",
    ]
    .into_iter()
    .find(|b| name.strip_prefix(b).is_some_and(is_overload_suffix))?;
    let kind = if base.contains("rdregion") { RegionKind::Read } else { RegionKind::Write };
    Some(kind)
}

fn callee_name(inst: Val) -> Option<String> {
    if inst.opcode() != LLVMOpcode::LLVMCall {
        return None;
    }
    let c = inst.called_value();
    (!c.is_null() && c.is_function()).then(|| c.name())
}

/// The ALU operation an instruction is (genxc's baling rules: element-wise binary operations,
/// casts, `fneg`, compares, selects and ALU intrinsics), by name.
fn alu_name(inst: Val) -> Option<String> {
    use LLVMOpcode::*;
    let op = inst.opcode();
    let name = match op {
        LLVMAdd | LLVMFAdd => "add",
        LLVMSub | LLVMFSub => "sub",
        LLVMMul | LLVMFMul => "mul",
        LLVMUDiv | LLVMSDiv | LLVMFDiv => "div",
        LLVMURem | LLVMSRem | LLVMFRem => "rem",
        LLVMShl => "shl",
        LLVMLShr => "shr",
        LLVMAShr => "asr",
        LLVMAnd => "and",
        LLVMOr => "or",
        LLVMXor => "xor",
        LLVMFNeg => "neg",
        LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPTrunc | LLVMFPExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP
        | LLVMSIToFP => "mov (conversion)",
        LLVMICmp | LLVMFCmp => "cmp",
        LLVMSelect => "sel",
        LLVMCall => {
            let callee = callee_name(inst)?;
            let id = lookup(&callee)?;
            if !id.is_alu() && !matches!(id, IntrinsicId::Sat) {
                return None;
            }
            return Some(id.name().trim_start_matches("llvm.").to_string());
        }
        _ => return None,
    };
    Some(name.to_string())
}

/// Bytes of one element of a GRF region, or `None` for types that are not (i1 predicates, structs).
fn elem_bytes(t: Ty) -> Option<u32> {
    use LLVMTypeKind::*;
    match t.kind() {
        LLVMIntegerTypeKind => match t.int_width() {
            8 | 16 | 32 | 64 => Some(t.int_width() / 8),
            _ => None,
        },
        LLVMHalfTypeKind | LLVMBFloatTypeKind => Some(2),
        LLVMFloatTypeKind => Some(4),
        LLVMDoubleTypeKind => Some(8),
        LLVMPointerTypeKind => Some(8),
        _ => None,
    }
}

/// Elements and element type of a value's type (a scalar is one element).
fn shape(t: Ty) -> (u32, Ty) {
    if t.kind() == LLVMTypeKind::LLVMVectorTypeKind {
        (t.vector_size(), t.element())
    } else {
        (1, t)
    }
}

fn check_function(f: Val, platform: Platform, source: Option<&SourceMap>, out: &mut Vec<RegionCheck>) {
    let fname = f.name();
    let insts: Vec<Val> = f.blocks().into_iter().flat_map(|b| b.instructions()).collect();
    // Users of each instruction, for the bale context.
    let mut users: HashMap<Val, Vec<Val>> = HashMap::new();
    for &i in &insts {
        for o in i.operands() {
            if !o.is_null() && o.is_instruction() {
                let u = users.entry(o).or_default();
                // An instruction using a value twice (`add %r, %r`) is one user.
                if u.last() != Some(&i) {
                    u.push(i);
                }
            }
        }
    }
    // Calls per callee, for locating unnamed calls as "k of n".
    let mut calls: HashMap<String, u32> = HashMap::new();
    for &i in &insts {
        if let Some(c) = callee_name(i) {
            *calls.entry(c).or_default() += 1;
        }
    }
    let mut seen: HashMap<String, u32> = HashMap::new();
    for &i in &insts {
        let Some(kind) = region_call(i) else { continue };
        let callee = i.called_value().name();
        let k = {
            let e = seen.entry(callee.clone()).or_default();
            *e += 1;
            *e
        };
        let position = source.and_then(|sm| {
            let name = i.name();
            let by_name =
                (!name.is_empty()).then(|| sm.instruction(&fname, &format!("%{name}"), &is_overload_suffix));
            by_name.flatten().or_else(|| {
                let n = calls.get(&callee).copied().unwrap_or(0);
                let label = if n == 1 {
                    format!("call to @{callee}")
                } else {
                    format!("call to @{callee} ({k} of {n})")
                };
                sm.instruction(&fname, &label, &is_overload_suffix)
            })
        });
        if let Some(c) = check_call(i, kind, platform, &users) {
            out.push(RegionCheck { position, function: fname.clone(), ..c });
        }
    }
}

/// Checks one region call; `None` when it is not a GRF region (i1 elements, malformed operand
/// lists, non-constant region parameters): such calls are not regions the rules speak about.
fn check_call(
    i: Val,
    kind: RegionKind,
    platform: Platform,
    users: &HashMap<Val, Vec<Val>>,
) -> Option<RegionCheck> {
    let args: Vec<Val> = (0..i.num_call_args()).map(|k| i.operand(k)).collect();
    let (first, vector, value) = match kind {
        RegionKind::Read if args.len() == 6 => (1, args[0], i),
        RegionKind::Write if args.len() == 8 => (2, args[0], args[1]),
        _ => return None,
    };
    let (input_elems, _) = shape(vector.ty());
    let (num_elems, elem) = shape(value.ty());
    let eb = elem_bytes(elem)?;
    let vstride = args[first].const_int()?;
    let width = args[first + 1].const_int()?;
    let stride = args[first + 2].const_int()?;
    let index = args[first + 3];
    let pw = args[first + 4];
    let parent_width = if pw.is_undef() { 0 } else { pw.const_int().unwrap_or(0) };
    let (start, index_elems) = match index.const_int() {
        Some(c) => (Start::Direct(c), 0),
        None => {
            let (n, _) = shape(index.ty());
            (Start::Indirect { offset: baled_index_offset(index, i, users).unwrap_or(0), index_elems: n }, n)
        }
    };
    let offset = match start {
        Start::Direct(c) | Start::Indirect { offset: c, .. } => c,
    };
    let indirect = (index_elems > 0).then_some(genxc_genx::ir::Value::Param(0));
    let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    let raw = Region {
        elem_bytes: eb,
        num_elems,
        vstride: clamp(vstride),
        width: width.clamp(0, i64::from(u32::MAX)) as u32,
        stride: clamp(stride),
        offset: clamp(offset),
        indirect,
        parent_width: parent_width.clamp(0, i64::from(u32::MAX)) as u32,
    };
    // A multi-indirect region has one address per row and no vertical stride (vISA's VxH): it is
    // taken as written, since canonical forms would merge its rows.
    let region = if index_elems > 1 {
        Region { vstride: 0, ..raw }
    } else {
        Region::from_operands(eb, num_elems, vstride, width, stride, offset, indirect, parent_width)
            .unwrap_or(raw)
    };
    let role = match kind {
        RegionKind::Read => Role::Source,
        RegionKind::Write => Role::Destination,
    };
    let access = Access { region, role, input_elems, index_elems, index_align: Default::default() };
    let verdict = match check(&access, platform) {
        Ok(()) => Verdict::Legal { largest_piece: legal_size(&access, 0, true, platform) },
        Err(why) => Verdict::Illegal(why),
    };
    let context = bale_context(i, kind, value, users);
    Some(RegionCheck {
        position: None,
        function: String::new(),
        kind,
        vstride,
        width,
        stride,
        num_elems,
        elem_type: elem.print(),
        start,
        context,
        verdict,
    })
}

/// The immediate offset of a scalar variable index: an `add` of a constant in -512..511 (or VC's
/// `llvm.genx.add.addr`) used only by this region is baled into it as the address immediate; any
/// other index is computed into the address register and the immediate is 0.
fn baled_index_offset(index: Val, region: Val, users: &HashMap<Val, Vec<Val>>) -> Option<i64> {
    if !index.is_instruction() || users.get(&index).map(Vec::as_slice) != Some(&[region][..]) {
        return None;
    }
    if index.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    let c = match index.opcode() {
        LLVMOpcode::LLVMAdd => index.operand(1).const_int().or_else(|| index.operand(0).const_int())?,
        LLVMOpcode::LLVMCall if callee_name(index).is_some_and(|n| n.starts_with("llvm.genx.add.addr")) => {
            index.operand(1).const_int()?
        }
        _ => return None,
    };
    (-512..=511).contains(&c).then_some(c)
}

/// The instruction a region is baled into: an rdregion with one user that is an ALU operation is
/// that operation's source; a wrregion whose new value is an ALU result used once is that
/// operation's destination; anything else is a move.
fn bale_context(i: Val, kind: RegionKind, new: Val, users: &HashMap<Val, Vec<Val>>) -> String {
    let single_user = |v: Val| match users.get(&v).map(Vec::as_slice) {
        Some([u]) => Some(*u),
        _ => None,
    };
    match kind {
        RegionKind::Read => match single_user(i).and_then(alu_name) {
            Some(op) => format!("source of {op}"),
            None => "source of mov".to_string(),
        },
        RegionKind::Write => {
            let op = (new.is_instruction() && single_user(new) == Some(i)).then(|| alu_name(new)).flatten();
            match op {
                Some(op) => format!("destination of {op}"),
                None => "destination of mov".to_string(),
            }
        }
    }
}

/// The summary line: `N regions checked, M illegal`.
pub fn summary(checks: &[RegionCheck]) -> String {
    let bad = checks.iter().filter(|c| matches!(c.verdict, Verdict::Illegal(_))).count();
    format!("{} regions checked, {bad} illegal", checks.len())
}
