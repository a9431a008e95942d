//! Instruction selection: the functions of one kernel unit of GenX IR, prepared by the passes
//! before it (lowered, legalized, forwarded, baled, allocated; see `genxc::pipeline`, which owns
//! the order), to one vISA [`Kernel`](m::Kernel) of the model in `genxc-visa`.
//!
//! Each instruction that is not baled becomes vISA code. Blocks become labels and `jmp`s; phis
//! become copies at the end of each predecessor (on a split edge when the predecessor branches two
//! ways); `i1` values live in predicate variables; subroutines of the unit become vISA subroutines
//! (`call`/`ret`) with their arguments and result passed in the callee's variables (where regalloc
//! lets a caller's value live in them, without a copy). [`bales_for`] gives the bales selection can
//! fold (it knows which regions the instructions can encode). What this selector cannot emit is
//! reported as `unsupported: <what>`, never emitted wrongly.

mod add3_fusion;
mod alu_ops;
pub mod availability;
mod block_headers;
mod constants;
mod control;
mod emulate;
mod hw_registers;
mod i1_readers;
mod inline_asm;
mod intrinsics;
mod lsc;
mod predefined;
mod predicates;
mod regions;
mod sampler;
mod sel_insert;
mod select_polarity;
mod sequences;
mod simdcf;
mod splat;
mod stack_calls;
mod surface;
mod sync;
mod variables;
mod word_offsets;
mod word_operands;
pub mod xmx;

pub use control::place_branch_targets;
pub use splat::clone_splat_reads;
pub use stack_calls::{frame as stack_call_frame, Frame as StackCallFrame, StackCallee};

use genxc_diag::{internal, not_available, unsupported, Diagnostic, Failure};
use genxc_genx::bale::{self, Bales};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{BinOp, BlockId, CastOp, Constant, FuncId, Function, InstId, InstKind, Value};
use genxc_genx::metadata::Kernel;
use genxc_genx::region::Region;
use genxc_genx::simdcf::SimdCf;
use genxc_genx::{Elem, Platform, Type};
use genxc_regalloc::{Assignment, Category, VarIdx, WrRegionPrep};
use genxc_visa::model::{self as m, Exec, Imm, Inst as VInst, Pred, Src, SrcMod, SrcOp, VisaType};
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashMap, HashMapExt};
use regions::unencodable;

type R<T> = Result<T, Failure>;

fn is_exec_size(n: u32) -> bool {
    matches!(n, 1 | 2 | 4 | 8 | 16 | 32)
}

fn src_region_ok(r: &Region, exec: u32, grf: u32) -> bool {
    let vs = |v: i32| matches!(v, 0 | 1 | 2 | 4 | 8 | 16 | 32);
    let col_ok = r.offset >= 0
        && (r.offset as u32).is_multiple_of(r.elem_bytes)
        && (r.offset as u32 % grf) / r.elem_bytes < 256;
    if r.indirect.is_some() {
        // an indirect operand in place (the bale rules say which users take one): an immediate
        // offset in range and one row
        return is_exec_size(exec)
            && (-512..=511).contains(&r.offset)
            && (r.num_elems == 1 || r.width == r.num_elems)
            && matches!(r.stride, 0 | 1 | 2 | 4);
    }
    if !is_exec_size(exec) || !col_ok {
        return false;
    }
    if r.num_elems == 1 || (r.width == 1 && r.stride == 0) {
        return true;
    }
    if r.width == r.num_elems {
        return vs(r.stride);
    }
    vs(r.vstride)
        && matches!(r.width, 1 | 2 | 4 | 8 | 16)
        && r.width <= exec
        && matches!(r.stride, 0 | 1 | 2 | 4)
}

fn dst_region_ok(r: &Region, grf: u32) -> bool {
    let one_row = r.num_elems == 1 || r.width == r.num_elems;
    one_row
        && is_exec_size(r.num_elems)
        && (r.num_elems == 1 || matches!(r.stride, 1 | 2 | 4))
        && r.offset >= 0
        && (r.offset as u32).is_multiple_of(r.elem_bytes)
        && (r.offset as u32 % grf) / r.elem_bytes < 256
}

/// The bales instruction selection forms in a legalized function for `platform`: which region
/// reads and writes fold into the instructions that use them (for benchmarks and tools that run
/// the stages one by one).
pub fn bales_for(f: &Function, platform: Platform) -> Bales {
    let grf = platform.grf_bytes();
    bale::analyze(f, |r, e| src_region_ok(r, e, grf), |r| dst_region_ok(r, grf))
}

fn signed_type(e: Elem) -> R<VisaType> {
    Ok(match e {
        Elem::I8 => VisaType::B,
        Elem::I16 => VisaType::W,
        Elem::I32 => VisaType::D,
        Elem::I64 => VisaType::Q,
        Elem::Half => VisaType::HF,
        Elem::Float => VisaType::F,
        Elem::Double => VisaType::DF,
        Elem::I1 => return Err(internal("a predicate (i1) value used as data")),
    })
}

fn unsigned_type(e: Elem) -> R<VisaType> {
    Ok(match e {
        Elem::I8 => VisaType::UB,
        Elem::I16 => VisaType::UW,
        Elem::I32 => VisaType::UD,
        Elem::I64 => VisaType::UQ,
        other => signed_type(other)?,
    })
}

/// The most arguments of an intrinsic or a call that selection copies on the stack.
const ARGS_ON_STACK: usize = 16;

/// A copy of `args` (at most [`ARGS_ON_STACK`]) on the stack, and how many there are.
fn args_on_stack(args: &[Value]) -> ([Value; ARGS_ON_STACK], usize) {
    let mut buf = [Value::Param(0); ARGS_ON_STACK];
    buf[..args.len()].copy_from_slice(args);
    (buf, args.len())
}

/// The prepared form of one function of the unit.
struct Func {
    f: Function,
    bales: Bales,
    asg: Assignment,
    /// vISA variable of each regalloc variable, created on first use.
    vars: Vec<Option<m::VarId>>,
    /// Predicate of each regalloc variable of the predicate category, created on first use.
    preds: Vec<Option<m::PredId>>,
    /// The label of each block (the entry block of a subroutine uses the subroutine label).
    labels: HashMap<BlockId, m::LabelId>,
    /// Subroutine label (`None` for the kernel).
    sub: Option<m::LabelId>,
    /// Result variable of a subroutine.
    ret: Option<m::VarId>,
    /// Result predicate of a subroutine returning i1 values, and its lanes.
    ret_pred: Option<(m::PredId, u32)>,
    /// `i1` values that live in a subroutine's predicate instead of their own (see
    /// [`predicates::PredHome`]).
    pred_homes: HashMap<InstId, predicates::PredHome>,
    /// The regalloc variables of its parameters (the few variables a surface or sampler
    /// argument may be in).
    param_vars: Vec<VarIdx>,
    /// Its SIMD control flow: goto/join masks (no variables) and goto targets.
    cf: SimdCf,
    /// Oword block messages sent raw and their headers (see [`block_headers`]).
    block_headers: block_headers::HeaderPlan,
    /// The constant vectors (element bits) every use of which reads as words (see
    /// [`word_operands`]), found on first need.
    word_constants: Option<foldhash::HashSet<Vec<Option<u64>>>>,
}

/// How a result is written: under a predicate, or under the execution mask of SIMD control flow
/// (an operation predicated by a slice of EM), from a first lane.
#[derive(Clone, Copy, Debug, Default)]
struct WriteMask {
    pred: Option<Pred>,
    lane: u8,
    em: bool,
}

impl WriteMask {
    /// Whether some lanes may be left alone (a predicate or the execution mask).
    fn masked(self) -> bool {
        self.pred.is_some() || self.em
    }

    /// The execution size and mask of a write of `n` lanes (`exec` from [`Selector::exec_of`]).
    fn exec(self, exec: Exec) -> Exec {
        Exec { nomask: exec.nomask && !self.em, ..exec.at(self.lane / 4) }
    }
}

/// What an ALU-like instruction is in vISA.
#[derive(Clone, Debug)]
enum Op {
    Alu(m::AluOp),
    Min,
    Max,
}

/// One operand of an ALU-like instruction: a value read as a type, with a modifier.
#[derive(Clone, Copy, Debug)]
struct Operand {
    value: Value,
    ty: VisaType,
    modifier: SrcMod,
}

/// An ALU-like instruction ready to be emitted.
#[derive(Clone, Debug)]
struct AluDesc {
    op: Op,
    dst_ty: VisaType,
    srcs: Operands,
    sat: bool,
}

/// The source operands of an [`AluDesc`], held in place: an ALU-like vISA instruction has at most
/// four (`bfi`), and one is described for every instruction selected, so a list on the heap would
/// be an allocation each.
#[derive(Clone, Copy, Debug)]
struct Operands {
    ops: [Operand; Operands::MAX],
    len: u8,
}

impl Operands {
    /// The most source operands a vISA ALU instruction takes.
    const MAX: usize = 4;

    /// No operands.
    fn new() -> Self {
        let none = Operand { value: Value::Param(0), ty: VisaType::UD, modifier: SrcMod::None };
        Operands { ops: [none; Self::MAX], len: 0 }
    }

    /// The operands of `list`, in order.
    fn of(list: &[Operand]) -> Self {
        list.iter().copied().collect()
    }

    /// Appends an operand (an ALU-like instruction never has more than [`Self::MAX`]).
    fn push(&mut self, o: Operand) {
        self.ops[usize::from(self.len)] = o;
        self.len += 1;
    }
}

impl std::ops::Deref for Operands {
    type Target = [Operand];

    fn deref(&self) -> &[Operand] {
        &self.ops[..usize::from(self.len)]
    }
}

impl std::ops::DerefMut for Operands {
    fn deref_mut(&mut self) -> &mut [Operand] {
        &mut self.ops[..usize::from(self.len)]
    }
}

impl FromIterator<Operand> for Operands {
    fn from_iter<I: IntoIterator<Item = Operand>>(iter: I) -> Self {
        let mut out = Operands::new();
        for o in iter {
            out.push(o);
        }
        out
    }
}

struct Selector<'a> {
    platform: Platform,
    /// The kernel's metadata.
    kernel: &'a Kernel,
    k: m::Kernel,
    funcs: Vec<Func>,
    func_of: HashMap<FuncId, usize>,
    /// The function being emitted.
    cur: usize,
    views: HashMap<(m::VarId, VisaType), m::VarId>,
    /// Message header variables whose offset dword a variable aliases (see [`block_headers`]).
    header_vars: foldhash::HashSet<m::VarId>,
    /// Headers holding a constant offset since the last label (see [`block_headers`]).
    constant_headers: HashMap<u32, m::VarId>,
    /// Surface arguments: their surface variable and binding-table index.
    surfaces: HashMap<u32, (m::SurfaceId, u32)>,
    /// The kernel's bindless buffer arguments (`-vc-use-bindless-buffers`), by parameter: each is
    /// a general input holding its surface-state offset.
    bindless: HashMap<u32, m::VarId>,
    /// Sampler arguments: their sampler variable (bound from the payload) and sampler index.
    samplers: HashMap<u32, (m::SamplerId, u32)>,
    /// Surface arguments also used as general values (passed to a subroutine, through a phi or a
    /// select, computed with): their general variable and binding-table index, set at the
    /// kernel's entry once every function is selected.
    surface_values: Vec<(m::VarId, u32)>,
    /// The surface variable a message with a run-time or constant binding-table index uses, set
    /// with `movs` right before the message.
    surface_temp: Option<m::SurfaceId>,
    /// The sampler variable a message with a run-time or constant sampler index uses, set with
    /// `movs` right before the message.
    sampler_temp: Option<m::SamplerId>,
    /// Address variable of each (function, regalloc address variable).
    addrs: HashMap<(usize, VarIdx), m::AddrId>,
    /// Address variables loaded since the last label or call, by (base variable, byte index
    /// value, rows): read again by a later access of the same region start instead of loaded
    /// again (regalloc gives each access an address variable of its own, so only a new load of
    /// the same access overwrites one; the index value lives until its last access).
    loaded_addrs: Vec<(m::VarId, Value, u32, m::AddrId)>,
    implicit: HashMap<u8, m::VarId>,
    /// Counter naming temporaries (`tmpN`, `ptmpN`).
    next_temp: u32,
    /// Constant vectors already materialized since the last label, by element bits and element
    /// size: read again from their temporary (nothing writes it after its plan), through a view
    /// when the type differs, instead of built again.
    constants: HashMap<(Vec<Option<u64>>, u32), m::VarId>,
    /// Compares (and other `i1` results) written into a predicate slice at a lane no mask offset
    /// reaches, while they are emitted: see [`predicates::UnalignedSliceWrite`].
    slice_writes: HashMap<InstId, predicates::UnalignedSliceWrite>,
    /// Predicate slices already copied down to lane 0 since the last label: `(predicate, first
    /// lane, lanes)` to the predicate holding them from lane 0, read again instead of copied
    /// again through words. A write to either predicate forgets the entry.
    slice_copies: HashMap<(m::PredId, u8, u32), m::PredId>,
    /// Scalar compares of the current function kept as a dword of all ones or zero instead of a
    /// predicate, because every use broadcasts them to the lanes of a select (`setp` from the
    /// dword): see [`Selector::cmp_into_word`].
    cond_words: HashMap<InstId, m::VarId>,
    /// Scalar compares of the current function made on the lanes of the selects that read them
    /// (all of one lane count, in the compare's block): the predicate and its lanes; see
    /// [`Selector::cmp_into_word`].
    cond_lanes: HashMap<InstId, (m::PredId, u32)>,
    /// Compares of the current function emitted inverted for the selects of two immediates that
    /// read them, which swap their sources: see [`select_polarity`].
    inverted_conds: foldhash::HashSet<InstId>,
    /// The stack functions the unit calls, by their declaration in the unit.
    stack_callees: HashMap<FuncId, StackCallee>,
    /// The typed views of `%arg` / `%retval` declared: (base, byte offset, type, elements).
    abi_views: HashMap<(m::VarId, u32, VisaType, u32), m::VarId>,
    /// The `%arg`/`%retval` layout of the entry when it is a stack function.
    stack_frame: Option<stack_calls::Frame>,
    /// The largest shared local memory size (KB) an `llvm.genx.slm.init` asks for.
    slm_init_kb: u32,
    /// The readers of the result last asked about (see [`i1_readers`]).
    last_readers: std::cell::RefCell<Option<i1_readers::Readers>>,
}

/// One function of a kernel unit as selection takes it: lowered and legalized, its region reads
/// forwarded, baled by [`bales_for`], given variables by `regalloc`, its SIMD control flow
/// analyzed.
pub struct PreparedFunction {
    /// The function's id in its kernel unit.
    pub id: FuncId,
    /// The function.
    pub function: Function,
    /// Which instructions fold into their users.
    pub bales: Bales,
    /// Its variables.
    pub assignment: Assignment,
    /// Its goto/join masks and targets.
    pub simd_cf: SimdCf,
}

/// Selects vISA for the functions of a kernel unit: `funcs[0]` is the kernel function, the others
/// its subroutines; `callees` are the stack functions the unit calls, by the id of their
/// declaration in the unit. What cannot be emitted is reported as `unsupported: <what>` at the
/// function and instruction.
pub fn select(
    kernel: &Kernel,
    platform: Platform,
    funcs: Vec<PreparedFunction>,
    callees: &[(FuncId, StackCallee)],
) -> Result<m::Kernel, Vec<Diagnostic>> {
    select_unit(kernel, platform, funcs, callees, false)
}

/// Selects a stack function (a vISA `.global_function`) from the functions of its unit:
/// `funcs[0]` is the function, the others its subroutines; `callees` as for [`select`]. Its
/// arguments arrive in `%arg`, its result leaves in `%retval` (see `stack_calls`).
/// `bindless_buffers`: the function belongs to a module whose buffers are bindless
/// (`-vc-use-bindless-buffers`), so a surface index it receives may be a surface-state offset.
pub fn select_stack_function(
    platform: Platform,
    funcs: Vec<PreparedFunction>,
    callees: &[(FuncId, StackCallee)],
    bindless_buffers: bool,
) -> Result<m::Kernel, Vec<Diagnostic>> {
    let Some(first) = funcs.first() else {
        return Err(vec![Diagnostic::error(internal("a stack function unit without functions"))]);
    };
    let mut kernel = Kernel::synthesized(first.id, first.function.name.clone(), Vec::new());
    kernel.bindless_buffers = bindless_buffers;
    select_unit(&kernel, platform, funcs, callees, true)
}

fn select_unit(
    kernel: &Kernel,
    platform: Platform,
    funcs: Vec<PreparedFunction>,
    callees: &[(FuncId, StackCallee)],
    stack_function: bool,
) -> Result<m::Kernel, Vec<Diagnostic>> {
    let entry_name = funcs.first().map(|p| p.function.name.clone()).unwrap_or_default();
    let func_of: HashMap<FuncId, usize> = funcs.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let funcs: Vec<Func> = funcs
        .into_iter()
        .map(|p| {
            let n = p.assignment.vars.len();
            let params = p.function.params.len() as u32;
            let param_vars = (0..params).filter_map(|i| p.assignment.var(Value::Param(i))).collect();
            Func {
                f: p.function,
                bales: p.bales,
                asg: p.assignment,
                vars: vec![None; n],
                preds: vec![None; n],
                labels: HashMap::new(),
                sub: None,
                ret: None,
                ret_pred: None,
                pred_homes: HashMap::new(),
                param_vars,
                cf: p.simd_cf,
                block_headers: block_headers::HeaderPlan::default(),
                word_constants: None,
            }
        })
        .collect();
    let mut k =
        if stack_function { m::Kernel::new_function(&kernel.name) } else { m::Kernel::new(&kernel.name) };
    // about one vISA instruction an IR instruction, and a label a block: reserved at once (growing
    // the body step by step copied it several times a kernel)
    k.body.reserve(funcs.iter().map(|f| f.f.insts.len() + 2 * f.f.layout.len() + 4).sum::<usize>() * 5 / 4);
    // a declaration each regalloc variable, and about a fifth more for temporaries and views
    k.vars.reserve(funcs.iter().map(|f| f.asg.vars.len()).sum::<usize>() * 6 / 5 + 8);
    if !stack_function {
        k.attrs.push(m::KernelAttr::Target3d(false));
    }
    let mut s = Selector {
        platform,
        kernel,
        k,
        funcs,
        func_of,
        cur: 0,
        views: HashMap::new(),
        header_vars: foldhash::HashSet::default(),
        constant_headers: HashMap::new(),
        surfaces: HashMap::new(),
        bindless: HashMap::new(),
        samplers: HashMap::new(),
        surface_values: Vec::new(),
        surface_temp: None,
        sampler_temp: None,
        addrs: HashMap::new(),
        loaded_addrs: Vec::new(),
        implicit: HashMap::new(),
        next_temp: 0,
        constants: HashMap::new(),
        slice_writes: HashMap::new(),
        slice_copies: HashMap::new(),
        cond_words: HashMap::new(),
        cond_lanes: HashMap::new(),
        inverted_conds: Default::default(),
        stack_callees: callees.iter().cloned().collect(),
        abi_views: HashMap::new(),
        slm_init_kb: 0,
        stack_frame: None,
        last_readers: Default::default(),
    };
    let fail = |s: &Selector, inst: Option<String>, msg: Failure| {
        vec![Diagnostic::in_function(s.funcs[s.cur].f.name.clone(), inst, msg)]
    };
    if stack_function {
        let f = &s.funcs[0].f;
        match stack_calls::frame(&f.params, f.ret, platform.grf_bytes()) {
            Ok(frame) => {
                s.k.attrs.push(m::KernelAttr::ArgSize(frame.arg_grfs));
                s.k.attrs.push(m::KernelAttr::RetValSize(frame.ret_grfs));
                s.stack_frame = Some(frame);
            }
            Err(e) => return Err(vec![Diagnostic::in_function(entry_name, None, e)]),
        }
    } else if let Err(e) = s.declare_inputs() {
        return Err(vec![Diagnostic::in_function(entry_name, None, e)]);
    }
    for i in 1..s.funcs.len() {
        s.cur = i;
        if let Err(e) = s.declare_subroutine() {
            return Err(fail(&s, None, e));
        }
    }
    for i in 0..s.funcs.len() {
        s.cur = i;
        s.constants.clear();
        s.constant_headers.clear();
        s.slice_copies.clear();
        s.cond_words.clear();
        s.cond_lanes.clear();
        s.inverted_conds.clear();
        s.funcs[i].pred_homes = s.plan_pred_homes();
        s.funcs[i].block_headers = s.plan_block_headers();
        if let Some(l) = s.funcs[i].sub {
            s.loaded_addrs.clear();
            s.k.body.push(VInst::Subroutine(l));
        }
        if i == 0 {
            if let Some(frame) = s.stack_frame.clone() {
                if let Err(e) = s.stack_function_entry(&frame) {
                    return Err(fail(&s, None, e));
                }
            }
        }
        if let Err((inst, e)) = s.function() {
            return Err(fail(&s, inst, e));
        }
    }
    // the kernel function is first in the body, so its entry is position 0
    s.cur = 0;
    if let Err(e) = s.set_surface_values(0) {
        return Err(fail(&s, None, e));
    }
    let slm_kb = s.kernel.slm_size.div_ceil(1024).max(s.slm_init_kb);
    if slm_kb > 0 {
        s.k.attrs.push(m::KernelAttr::SlmSize(slm_kb));
    }
    if let Some(a) = sync::nbarrier_attr(&s) {
        s.k.attrs.push(a);
    }
    s.k.inputs.sort_by_key(|i| (i.implicit != 0, i.offset));
    Ok(s.k)
}

impl Selector<'_> {
    fn fx(&self) -> &Func {
        &self.funcs[self.cur]
    }

    fn f(&self) -> &Function {
        &self.funcs[self.cur].f
    }

    /// How many times each instruction result of the current function is used, by instruction
    /// index: the counts its bales were decided with (the function is not changed after baling),
    /// or counted again when the bales have none for it.
    fn use_counts(&self) -> std::borrow::Cow<'_, [u32]> {
        let fx = self.fx();
        if fx.bales.uses.len() == fx.f.insts.len() {
            std::borrow::Cow::Borrowed(&fx.bales.uses)
        } else {
            std::borrow::Cow::Owned(fx.f.use_counts())
        }
    }

    fn grf(&self) -> u32 {
        self.platform.grf_bytes()
    }

    /// Runs `work` with function `func` of the unit as the current one, then makes the current
    /// function current again.
    fn in_function<T>(&mut self, func: usize, work: impl FnOnce(&mut Self) -> T) -> T {
        let saved = std::mem::replace(&mut self.cur, func);
        let out = work(self);
        self.cur = saved;
        out
    }

    fn imm(&self, c: &Constant, ty: VisaType) -> R<Option<Imm>> {
        let bits = if c.is_undef() { Some(0) } else { c.splat_value() };
        let Some(bits) = bits else { return Ok(None) };
        Ok(Some(imm_of(bits, c.ty.elem().unwrap_or(Elem::I32), ty)?))
    }

    /// Writes a non-splat constant vector into a fresh variable of type `ty`: the shortest plan of
    /// [`constants::plan`] (runs of equal elements, packed `:v`/`:uv`/`:vf` immediates, an
    /// arithmetic sequence built from `<0,...,7>`, or a period repeated). A 64-bit integer vector is planned on its
    /// dwords when that is shorter (`<0,1,2,3>` of i64 is the dwords `<0,0,1,0,2,0,3,0>`, one
    /// `:uv`).
    fn materialize(&mut self, c: &Constant, ty: VisaType) -> R<m::VarId> {
        let key = (constant_bits(c, ty)?, ty.size());
        if let Some(&var) = self.constants.get(&key) {
            return self.view(var, ty);
        }
        let var = self.materialize_new(&key.0, ty)?;
        self.constants.insert(key, var);
        Ok(var)
    }

    /// The temporary already holding constant `c` as elements of type `ty` (a view of it), if
    /// one was written since the last label.
    fn constant_var(&mut self, c: &Constant, ty: VisaType) -> R<Option<m::VarId>> {
        let key = (constant_bits(c, ty)?, ty.size());
        match self.constants.get(&key) {
            Some(&var) => Ok(Some(self.view(var, ty)?)),
            None => Ok(None),
        }
    }

    /// [`Self::materialize`] of element bits `values` (of type `ty`) into a new temporary.
    fn materialize_new(&mut self, values: &[Option<u64>], ty: VisaType) -> R<m::VarId> {
        let n = values.len() as u32;
        let max = |s: &Self, t: VisaType| (2 * s.grf() / t.size()).clamp(1, 32);
        let (plan, cap) = constants::plan_once(values, ty, max(self, ty));
        if matches!(ty, VisaType::Q | VisaType::UQ) {
            let words: Vec<Option<u64>> =
                values.iter().flat_map(|v| [v.map(|b| b & 0xffff_ffff), v.map(|b| b >> 32)]).collect();
            let (wplan, wcap) = constants::plan_once(&words, VisaType::UD, max(self, VisaType::UD));
            if wplan.len() < plan.len() {
                let tmp = self.temp(ty, n.max(wcap.div_ceil(2)))?;
                let ud = self.view(tmp, VisaType::UD)?;
                self.emit_plan(&wplan, ud, VisaType::UD)?;
                return Ok(tmp);
            }
        }
        let tmp = self.temp(ty, cap)?;
        self.emit_plan(&plan, tmp, ty)?;
        Ok(tmp)
    }

    /// Emits a plan of [`constants::plan`] into `var` (elements of type `ty`); a plan with a word
    /// scratch gets a fresh `w` temporary for it.
    fn emit_plan(&mut self, plan: &[constants::Piece], var: m::VarId, ty: VisaType) -> R<()> {
        let mut words = None;
        let arith = |op| match op {
            constants::ArithOp::Add => m::AluOp::Add,
            constants::ArithOp::Mul => m::AluOp::Mul,
            constants::ArithOp::Shl => m::AluOp::Shl,
        };
        for piece in plan {
            let (op, at, n, srcs) = match *piece {
                constants::Piece::Mov { at, n, imm } => (m::AluOp::Mov, at, n, vec![imm.into()]),
                constants::Piece::Repeat { at, n, period } => {
                    let region = m::Region::new(0, period as u8, 1);
                    (m::AluOp::Mov, at, n, vec![Src::region(var, 0, 0, region).into()])
                }
                constants::Piece::MovWords { n, imm } => {
                    let w = self.temp(VisaType::W, n)?;
                    words = Some(w);
                    let dst = m::Dst { var: w, row: 0, col: 0, hstride: 1 };
                    self.push(alu(m::AluOp::Mov, Exec::nm(n as u8), dst.into(), vec![imm.into()]));
                    continue;
                }
                constants::Piece::Widen { op, at, n, imm } => {
                    let w = words.ok_or_else(|| {
                        internal("a constant plan reads its word scratch before writing it")
                    })?;
                    let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
                    (arith(op), at, n, vec![Src::region(w, 0, 0, region).into(), imm.into()])
                }
                constants::Piece::Arith { op, at, n, src, imm } => {
                    let (row, col) = self.row_col(src * ty.size(), ty.size());
                    let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
                    (arith(op), at, n, vec![Src::region(var, row, col, region).into(), imm.into()])
                }
            };
            let (row, col) = self.row_col(at * ty.size(), ty.size());
            self.push(alu(op, Exec::nm(n as u8), m::Dst { var, row, col, hstride: 1 }.into(), srcs));
        }
        Ok(())
    }

    fn push(&mut self, i: VInst) {
        // code after a label may be reached without what came before it
        if matches!(i, VInst::Label(_)) {
            self.constants.clear();
            self.constant_headers.clear();
        }
        // address registers are not kept across control flow, calls or inline assembly
        if matches!(
            i,
            VInst::Label(_)
                | VInst::Subroutine(_)
                | VInst::Jmp { .. }
                | VInst::Goto { .. }
                | VInst::Call { .. }
                | VInst::Ret { .. }
                | VInst::FCall { .. }
                | VInst::IFCall { .. }
                | VInst::FRet { .. }
                | VInst::SwitchJmp { .. }
                | VInst::Verbatim { .. }
        ) {
            self.loaded_addrs.clear();
        }
        self.forget_slice_copies(&i);
        self.k.body.push(i);
    }

    /// A source operand for value `v` read as type `ty`.
    fn src(&mut self, v: Value, ty: VisaType) -> R<SrcOp> {
        if self.f().value_type(v).elem() == Some(Elem::I1) {
            return Err(internal("a predicate used as a data operand"));
        }
        if let Some(c) = self.f().as_const(v) {
            if let Some(imm) = self.imm(c, ty)? {
                return Ok(SrcOp::Imm(imm));
            }
            // (a copy: materializing changes the selector)
            let c = c.clone();
            let tmp = self.materialize(&c, ty)?;
            return Ok(SrcOp::Gen(Src::vec(tmp, 0)));
        }
        if let Some(index) = self.argument_index_value(v) {
            // a surface or sampler argument read as a value is its fixed index
            return Ok(SrcOp::Imm(imm_of(u64::from(index), Elem::I32, ty)?));
        }
        if let Value::Inst(d) = v {
            if self.fx().bales.is_baled(d) {
                let kind = self.f().insts[d].kind.clone();
                match kind {
                    InstKind::RdRegion { input, region } => {
                        if let Some(uw) = self.local_id_in_place(input) {
                            return self.local_id_read(d, uw, &region);
                        }
                        let base = self.var_of(input)?;
                        let var = self.view(base, ty)?;
                        if region.indirect.is_some() {
                            // through an address register loaded here
                            return self.rd_var(d, var, &region, ty, region.num_elems);
                        }
                        return Ok(SrcOp::Gen(self.region_src(var, &region, ty)));
                    }
                    InstKind::FNeg(x) => return negate(self.src(x, ty)?),
                    // an extension read as its operand's own (narrow) type
                    InstKind::Cast { op: op @ (CastOp::ZExt | CastOp::SExt), value } => {
                        let from = self.f().value_type(value).elem().ok_or("void cast")?;
                        let narrow =
                            if op == CastOp::ZExt { unsigned_type(from)? } else { signed_type(from)? };
                        return self.src(value, narrow);
                    }
                    InstKind::Intrinsic { args, .. } if args.len() == 1 => {
                        return absolute(self.src(args[0], ty)?);
                    }
                    _ => return Err(internal("a baled value used as a plain operand")),
                }
            }
        }
        let base = self.var_of(v)?;
        let var = self.view(base, ty)?;
        let n = self.f().value_type(v).num_elems();
        Ok(SrcOp::Gen(if n == 1 { Src::scalar(var, 0) } else { Src::vec(var, 0) }))
    }

    /// The destination of an instruction's result: its own variable, or the region of the
    /// wrregion it is baled into (after preparing that wrregion's variable), with the predicate
    /// of a masked wrregion.
    fn dst_for(&mut self, id: InstId, ty: VisaType) -> R<(m::DstOp, Option<Pred>, u8)> {
        let (dst, w) = self.dst_for_masked(id, ty)?;
        if w.em {
            return Err(unsupported("this operation under the SIMD control flow execution mask"));
        }
        Ok((dst, w.pred, w.lane))
    }

    /// [`Self::dst_for`], also for a wrregion masked by a slice of EM.
    fn dst_for_masked(&mut self, id: InstId, ty: VisaType) -> R<(m::DstOp, WriteMask)> {
        let mut id = id;
        // an operation under sat writes where the sat writes
        if let Some(s) = self.fx().bales.baled_into(id) {
            if matches!(&self.f().insts[s].kind, InstKind::Intrinsic { id: IntrinsicId::Sat, .. }) {
                id = s;
            }
        }
        if let Some(w) = self.fx().bales.baled_into(id) {
            if let InstKind::WrRegion { region, mask, .. } = self.f().insts[w].kind.clone() {
                let base = self.prepare_wrregion(w)?;
                let var = self.view(base, ty)?;
                let wm = self.write_mask(mask)?;
                if let Some(idx) = region.indirect {
                    return Ok((self.indirect_dst(w, var, &region, idx, ty)?, wm));
                }
                return Ok((self.region_dst(var, &region, ty).into(), wm));
            }
            return Err(internal("a result baled into something other than a wrregion"));
        }
        let base = self.var_of(Value::Inst(id))?;
        Ok((m::Dst::new(self.view(base, ty)?, 0).into(), WriteMask::default()))
    }

    /// How a wrregion with this mask writes: all lanes, under a predicate, or under EM.
    fn write_mask(&mut self, mask: Value) -> R<WriteMask> {
        if let Some(lane) = self.fx().cf.em_lane(mask) {
            return Ok(WriteMask { pred: None, lane: lane as u8, em: true });
        }
        let (pred, lane) = self.mask_pred(mask)?;
        Ok(WriteMask { pred, lane, em: false })
    }

    /// The predicate of a wrregion mask (`None` for all lanes).
    fn mask_pred(&mut self, mask: Value) -> R<(Option<Pred>, u8)> {
        if let Some(c) = self.f().as_const(mask) {
            if c.elems.iter().all(|b| *b == Some(1)) {
                return Ok((None, 0));
            }
        }
        // A `<1 x i1>` mask (a one-element piece of a split masked write) is a one-lane predicate;
        // a scalar `i1` that is not a constant would mask every lane of the region at once.
        if !self.f().value_type(mask).is_vector() {
            return Err(unsupported("a wrregion with a scalar variable mask"));
        }
        let (p, lane) = self.pred_of(mask)?;
        Ok((Some(Pred::on(p)), lane))
    }

    /// Copies `n` elements of type `ty` from `src` (variable and start element, or an operand
    /// used for every piece) into `dst` from element `at`, in pieces of at most two GRFs.
    fn copy(&mut self, dst: m::VarId, at: u32, src: CopySrc, n: u32, ty: VisaType) -> R<()> {
        let max = (2 * self.grf() / ty.size()).clamp(1, 32);
        let mut i = 0;
        while i < n {
            let size = pow2_floor((n - i).min(max));
            let (row, col) = self.row_col((at + i) * ty.size(), ty.size());
            let s = match src {
                CopySrc::Var(v, start) => {
                    let (r, c) = self.row_col((start + i) * ty.size(), ty.size());
                    let region = if size == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
                    SrcOp::Gen(Src::region(v, r, c, region))
                }
                CopySrc::Op(op) => op,
            };
            self.push(alu(
                m::AluOp::Mov,
                Exec::nm(size as u8),
                m::Dst { var: dst, row, col, hstride: 1 }.into(),
                vec![s],
            ));
            i += size;
        }
        Ok(())
    }

    /// Copies a whole value into variable `dst` (typed view `ty`).
    fn copy_value(&mut self, dst: m::VarId, v: Value) -> R<()> {
        let t = self.f().value_type(v);
        let ty = signed_type(t.elem().ok_or("void value")?)?;
        let n = t.num_elems();
        let dst = self.view(dst, ty)?;
        if let Some(c) = self.f().as_const(v).cloned() {
            match self.imm(&c, ty)? {
                Some(imm) => return self.copy(dst, 0, CopySrc::Op(imm.into()), n, ty),
                None => {
                    let tmp = self.materialize(&c, ty)?;
                    return self.copy(dst, 0, CopySrc::Var(tmp, 0), n, ty);
                }
            }
        }
        if let Some(index) = self.argument_index_value(v) {
            // a surface or sampler argument's index, unless `dst` is the variable holding it
            let holder = self.fx().asg.var(v).and_then(|i| self.fx().vars[i.0 as usize]);
            if holder.is_some_and(|h| self.storage_of(h) == self.storage_of(dst)) {
                return Ok(());
            }
            let imm = imm_of(u64::from(index), Elem::I32, ty)?;
            return self.copy(dst, 0, CopySrc::Op(imm.into()), n, ty);
        }
        if let Value::Inst(d) = v {
            if self.fx().bales.is_baled(d) {
                return Err(internal("copy of a baled value"));
            }
        }
        let src = self.var_of(v)?;
        if src == dst {
            return Ok(());
        }
        let src = self.view(src, ty)?;
        if src == dst {
            return Ok(());
        }
        self.copy(dst, 0, CopySrc::Var(src, 0), n, ty)
    }

    /// Copies the old value of a wrregion into its variable when needed; returns the variable.
    fn prepare_wrregion(&mut self, w: InstId) -> R<m::VarId> {
        let InstKind::WrRegion { old, .. } = self.f().insts[w].kind.clone() else {
            return Err(internal("not a wrregion"));
        };
        let var = self.var_of(Value::Inst(w))?;
        if self.fx().asg.wrregion.get(&Value::Inst(w)) == Some(&WrRegionPrep::CopyOld) {
            self.copy_value(var, old)?;
        }
        Ok(var)
    }

    fn exec_of(&self, n: u32) -> R<Exec> {
        if is_exec_size(n) {
            Ok(Exec::nm(n as u8))
        } else {
            Err(unsupported(format!("a {n}-wide operation (needs splitting by region legalization)")))
        }
    }

    fn check_64bit(&self, e: Elem, what: &str) -> R<()> {
        let info = self.platform.info();
        if e == Elem::I64 && !info.has_int64 {
            return Err(unsupported(format!("64-bit integer {what} on {} (needs emulation)", self.platform)));
        }
        if e == Elem::Double && !info.has_fp64 {
            return Err(not_available(format!(
                "double precision {what} is not available on {}",
                self.platform
            )));
        }
        Ok(())
    }

    // ---------------------------------------------------------------- functions and blocks

    fn block_label(&mut self, b: BlockId) -> m::LabelId {
        if let Some(l) = self.fx().labels.get(&b) {
            return *l;
        }
        let name = joined(&[self.f().name.as_str(), "_", self.f().blocks[b].name.as_str()]);
        let l = self.k.add_label(name);
        self.funcs[self.cur].labels.insert(b, l);
        l
    }

    fn new_label(&mut self, hint: &str) -> m::LabelId {
        self.next_temp += 1;
        let name = format!("{}_{hint}{}", self.f().name, self.next_temp);
        self.k.add_label(name)
    }

    /// A copy of instruction `id`'s operation and type (selection reads them while it changes
    /// the selector; the name is not copied).
    fn inst_copy(&self, id: InstId) -> genxc_genx::ir::Inst {
        let i = &self.f().insts[id];
        genxc_genx::ir::Inst { kind: i.kind.clone(), ty: i.ty, name: String::new() }
    }

    fn inst(&mut self, id: InstId) -> R<()> {
        if self.fx().asg.placed.contains(&id)
            && matches!(self.f().insts[id].kind, InstKind::Cast { op: CastOp::Trunc, .. })
        {
            // a truncation that is a view of its operand's low bytes (regalloc's placement)
            return Ok(());
        }
        if let Some(r) = emulate::select(self, id) {
            return r;
        }
        // sat whose operand is baled into it: emit the operand with .sat
        let sat_operand = match &self.f().insts[id].kind {
            InstKind::Intrinsic { id: IntrinsicId::Sat, args } => Some(args[0]),
            _ => None,
        };
        if let Some(Value::Inst(d)) = sat_operand {
            let region = matches!(self.f().insts[d].kind, InstKind::RdRegion { .. });
            if !region && self.fx().bales.baled_into(d) == Some(id) {
                let desc = self.alu_desc(d)?.ok_or_else(|| internal("sat of a non-ALU operation"))?;
                let cond = match self.f().insts[d].kind {
                    InstKind::Select { cond, .. } => Some(cond),
                    _ => None,
                };
                return self.emit_alu(d, desc, cond);
            }
        }
        if let Some(d) = self.alu_desc(id)? {
            let cond = match self.f().insts[id].kind {
                InstKind::Select { cond, .. } => Some(cond),
                _ => None,
            };
            return self.emit_alu(id, d, cond);
        }
        // an intrinsic or a call reads its arguments while it changes the selector: a copy on
        // the stack (a copy of the instruction would copy its list on the heap)
        match self.f().insts[id].kind {
            InstKind::Intrinsic { id: iid, ref args } if args.len() <= ARGS_ON_STACK => {
                let (buf, n) = args_on_stack(args);
                return intrinsics::intrinsic(self, id, iid, &buf[..n]);
            }
            InstKind::Call { callee, ref args } if args.len() <= ARGS_ON_STACK => {
                let (buf, n) = args_on_stack(args);
                return self.call(id, callee, &buf[..n]);
            }
            _ => {}
        }
        // the other kinds read the instruction while they change the selector: a copy
        let inst = self.inst_copy(id);
        let n = inst.ty.num_elems();
        match inst.kind {
            InstKind::Binary { op, lhs, rhs } => {
                let e = inst.ty.elem().ok_or("void")?;
                if e == Elem::I1 {
                    return self.pred_logic(id, op, lhs, rhs, n);
                }
                if let Some(k) = pow2_const(self.f(), rhs) {
                    let u = unsigned_type(e)?;
                    let (o, imm) = match op {
                        BinOp::UDiv => (m::AluOp::Shr, Imm::UD(k)),
                        _ => (m::AluOp::And, imm_of((1u64 << k) - 1, e, u)?),
                    };
                    let a = self.src(lhs, u)?;
                    let (dst, pred, lane) = self.dst_for(id, u)?;
                    let exec = self.exec_of(n)?.at(lane / 4);
                    self.push(VInst::Alu { op: o, pred, sat: false, exec, dst, srcs: vec![a, imm.into()] });
                    return Ok(());
                }
                intrinsics::int_div_expansion(self, id, op, lhs, rhs)
            }
            InstKind::Cmp { pred, lhs, rhs } => {
                if self.cmp_into_word(id, pred, lhs, rhs)? {
                    return Ok(());
                }
                let pred = self.select_polarity(id, pred);
                let (p, lane) = self.pred_dst(id)?;
                self.cmp_emit(pred, lhs, rhs, n, p, lane)
            }
            InstKind::Cast { op: CastOp::BitCast, value } => self.bitcast(id, value),
            InstKind::Cast { op, value } => self.cast_i1(id, op, value),
            InstKind::Select { cond, on_true, on_false } => {
                if let Some(lane) = self.fx().cf.em_lane(cond) {
                    return self.em_select_compare(id, on_true, on_false, lane);
                }
                // select of predicates: (c & t) | (~c & f)
                let (d, dl) = self.pred_dst(id)?;
                if dl != 0 {
                    return Err(unsupported("a select of i1 values into a predicate slice"));
                }
                let (mut c, cl) = self.cond_pred(cond, n)?;
                if cl != 0 {
                    c = self.pred_at0(cond)?;
                }
                let exec = predicates::pred_exec(n);
                if self.select_i1_with_constant(d, c, on_true, on_false, n)? {
                    return Ok(());
                }
                let t = self.pred_at0(on_true)?;
                let f = self.pred_at0(on_false)?;
                let q = self.temp_pred(n)?;
                self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(q), vec![SrcOp::Pred(c)]));
                self.push(alu(m::AluOp::And, exec, m::DstOp::Pred(q), vec![SrcOp::Pred(q), SrcOp::Pred(f)]));
                self.push(alu(m::AluOp::And, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(c), SrcOp::Pred(t)]));
                self.push(alu(m::AluOp::Or, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(d), SrcOp::Pred(q)]));
                Ok(())
            }
            InstKind::RdRegion { .. } if self.fx().asg.placed.contains(&id) => {
                // a view of its input (regalloc's placement)
                Ok(())
            }
            InstKind::RdRegion { input, region } => {
                let e = inst.ty.elem().ok_or("void rdregion")?;
                if e == Elem::I1 {
                    return Err(unsupported("a region of a predicate vector"));
                }
                let ty = signed_type(e)?;
                let src = self.rd_src(id, input, &region, ty, n)?;
                let (dst, _, _) = self.dst_for(id, ty)?;
                let exec = self.exec_of(n)?;
                self.push(alu(m::AluOp::Mov, exec, dst, vec![src]));
                Ok(())
            }
            InstKind::WrRegion { new, region, mask, .. } => {
                let e = inst.ty.elem().ok_or("void wrregion")?;
                if e == Elem::I1 {
                    return Err(unsupported("a region write into a predicate vector"));
                }
                let ty = signed_type(e)?;
                if let Value::Inst(d) = new {
                    if self.fx().bales.baled_into(d) == Some(id)
                        && !matches!(self.f().insts[d].kind, InstKind::RdRegion { .. })
                    {
                        // The operation writes straight into the region when it is emitted.
                        return self.inst(d);
                    }
                }
                if self.scalar_into_splat(id)? {
                    return Ok(());
                }
                let var = self.prepare_wrregion(id)?;
                if self.fx().asg.placed.contains(&id) {
                    // the load wrote its result in place (regalloc's placement)
                    return Ok(());
                }
                let wm = self.write_mask(mask)?;
                let (pred, exec) = (wm.pred, wm.exec(self.exec_of(region.num_elems)?));
                let src = self.src(new, ty)?;
                let view = self.view(var, ty)?;
                let dst: m::DstOp = if let Some(idx) = region.indirect {
                    self.indirect_dst(id, view, &region, idx, ty)?
                } else {
                    if !dst_region_ok(&region, self.grf()) {
                        return Err(unencodable(&region));
                    }
                    self.region_dst(view, &region, ty).into()
                };
                self.push(VInst::Alu { op: m::AluOp::Mov, pred, sat: false, exec, dst, srcs: vec![src] });
                Ok(())
            }
            InstKind::Intrinsic { id: iid, args } => intrinsics::intrinsic(self, id, iid, &args),
            InstKind::Call { callee, args } => self.call(id, callee, &args),
            InstKind::FuncAddr(func) => self.function_address(id, func),
            InstKind::GlobalAddr(name) => self.global_address(id, name),
            InstKind::InlineAsm { asm, args } => self.inline_asm(id, &asm, &args),
            InstKind::IndirectCall { addr, args } => self.indirect_call(id, addr, &args),
            InstKind::Phi { .. } => Ok(()),
            // the fields of an addc or subb: written by the call's instruction
            InstKind::ExtractValue { aggregate: Value::Inst(a), .. } if matches!(&self.f().insts[a].kind, InstKind::Intrinsic { id, .. } if id.is_carry()) => {
                Ok(())
            }
            // the outputs of an inline asm with several: written by the asm
            InstKind::ExtractValue { aggregate: Value::Inst(a), .. }
                if matches!(&self.f().insts[a].kind, InstKind::InlineAsm { .. }) =>
            {
                Ok(())
            }
            InstKind::ExtractValue { .. } => {
                Err(internal("extractvalue of something other than a goto, join, addc or subb"))
            }
            InstKind::FNeg(_) => Err(internal("fneg of i1")),
            InstKind::ExtractElement { .. } | InstKind::InsertElement { .. } | InstKind::Shuffle { .. } => {
                Err(internal("element operation left after lowering"))
            }
        }
    }

    /// A bitcast: an alias (already given by regalloc), or a predicate <-> integer move.
    fn bitcast(&mut self, id: InstId, value: Value) -> R<()> {
        let to = self.f().insts[id].ty;
        let from = self.f().value_type(value);
        if self.fx().asg.same_storage(Value::Inst(id), value) {
            return Ok(());
        }
        if from.elem() == Some(Elem::I1) && to.elem() != Some(Elem::I1) {
            // predicate bits into an integer
            let (p, lane) = self.pred_of(value)?;
            if lane != 0 {
                return Err(unsupported("a bitcast of a predicate slice"));
            }
            let e = to.elem().ok_or("void")?;
            let ty = unsigned_type(e)?;
            let (dst, _, _) = self.dst_for(id, ty)?;
            self.push(alu(m::AluOp::Mov, Exec::nm(1), dst, vec![SrcOp::Pred(p)]));
            return Ok(());
        }
        if to.elem() == Some(Elem::I1) && from.elem() != Some(Elem::I1) {
            let e = from.elem().ok_or("void")?;
            let x = self.src(value, unsigned_type(e)?)?;
            let (p, lane) = self.pred_dst(id)?;
            self.push(VInst::Setp { exec: Exec::nm(to.num_elems() as u8).at(lane / 4), dst: p, src: x });
            return Ok(());
        }
        // a bitcast of a constant, or one regalloc did not alias: copy the bits
        let e = to.elem().ok_or("void")?;
        let ty = signed_type(e)?;
        let fe = from.elem().ok_or("void")?;
        let fty = signed_type(fe)?;
        let dst = self.var_of(Value::Inst(id))?;
        if let Some(c) = self.f().as_const(value).cloned() {
            let src = match self.imm(&c, fty)? {
                Some(i) => {
                    let t = self.temp(fty, from.num_elems())?;
                    self.copy(t, 0, CopySrc::Op(i.into()), from.num_elems(), fty)?;
                    t
                }
                None => self.materialize(&c, fty)?,
            };
            let src = self.view(src, ty)?;
            let dst = self.view(dst, ty)?;
            return self.copy(dst, 0, CopySrc::Var(src, 0), to.num_elems(), ty);
        }
        let src = self.var_of(value)?;
        let src = self.view(src, ty)?;
        let dst = self.view(dst, ty)?;
        self.copy(dst, 0, CopySrc::Var(src, 0), to.num_elems(), ty)
    }
}

#[derive(Clone, Copy)]
enum CopySrc {
    Var(m::VarId, u32),
    Op(SrcOp),
}

enum CopyFrom {
    Value(Value),
    Var(m::VarId, VisaType, u32),
    /// A predicate temporary of so many lanes.
    Pred(m::PredId, u32),
}

/// Where a copy writes: a general variable or a predicate variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loc {
    Var(m::VarId),
    Pred(m::PredId),
}

/// The lanes a predicate variable of an `n`-lane `i1` value is declared with: vISA predicates have
/// 1, 2, 4, 8, 16 or 32 lanes, so an odd width (3, 12, 24 lanes) takes the next of these; the lanes
/// above `n` are never read.
fn pred_decl_lanes(n: u32) -> R<u16> {
    if n > 32 {
        return Err(unsupported(format!("a predicate of {n} lanes (more than 32)")));
    }
    Ok(n.max(1).next_power_of_two() as u16)
}

/// The immediate that sets predicate lanes to the constant `c` of `n` lanes (`setp`).
fn pred_bits(c: &Constant, n: u32) -> Imm {
    let mut bits = 0u32;
    for (i, e) in c.elems.iter().enumerate() {
        if e.unwrap_or(0) & 1 == 1 {
            bits |= 1 << i;
        }
    }
    if n <= 16 {
        Imm::UW(bits as u16)
    } else {
        Imm::UD(bits)
    }
}

/// `prefix` followed by `n` in decimal (the names of temporaries: `tmp12`), without the
/// formatting machinery.
/// The strings of `parts` one after the other, in a string of exactly their length (a
/// declaration's name from its parts; `concat` of a slice costs more for a few short parts).
fn joined(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        out.push_str(p);
    }
    out
}

fn numbered(prefix: &str, n: u32) -> String {
    let mut name = String::with_capacity(prefix.len() + 10);
    name.push_str(prefix);
    name.push_str(itoa::Buffer::new().format(n));
    name
}

fn pow2_floor(n: u32) -> u32 {
    if n == 0 {
        0
    } else {
        1 << (31 - n.leading_zeros())
    }
}

/// `Some(k)` when `v` is the constant splat `2^k`.
fn pow2_const(f: &Function, v: Value) -> Option<u32> {
    let c = f.as_const(v)?.splat_value()?;
    (c != 0 && c.is_power_of_two()).then(|| c.trailing_zeros())
}

/// An immediate of vISA type `ty` from constant bits of element type `e`.
fn imm_of(bits: u64, e: Elem, ty: VisaType) -> R<Imm> {
    let sx = genxc_genx::ir::sign_extend(bits, e);
    Ok(match ty {
        VisaType::B | VisaType::W => Imm::W(sx as i16),
        VisaType::UB | VisaType::UW => Imm::UW(bits as u16),
        VisaType::D => Imm::D(sx as i32),
        VisaType::UD => Imm::UD(bits as u32),
        VisaType::Q => Imm::Q(sx),
        VisaType::UQ => Imm::UQ(bits),
        VisaType::F => Imm::F(f32::from_bits(bits as u32)),
        VisaType::HF => Imm::HF(bits as u16),
        VisaType::DF => Imm::DF(f64::from_bits(bits)),
        VisaType::BF => return Err(unsupported("bfloat immediates")),
    })
}

/// The element bits of constant `c` read as type `ty` (`None` for undefined elements).
fn constant_bits(c: &Constant, ty: VisaType) -> R<Vec<Option<u64>>> {
    let elem = c.ty.elem().unwrap_or(Elem::I32);
    c.elems
        .iter()
        .map(|e| e.map(|bits| imm_of(bits, elem, ty).map(|imm| imm_bits(imm, ty))).transpose())
        .collect()
}

/// The element bits of a scalar immediate of type `ty` (zero-extended to 64).
fn imm_bits(imm: Imm, ty: VisaType) -> u64 {
    let bits = match imm {
        Imm::D(x) => x as u32 as u64,
        Imm::UD(x) | Imm::V(x) | Imm::UV(x) | Imm::VF(x) => x.into(),
        Imm::W(x) => x as u16 as u64,
        Imm::UW(x) | Imm::HF(x) => x.into(),
        Imm::B(x) => x as u8 as u64,
        Imm::UB(x) => x.into(),
        Imm::Q(x) => x as u64,
        Imm::UQ(x) => x,
        Imm::F(x) => x.to_bits().into(),
        Imm::DF(x) => x.to_bits(),
    };
    match ty.size() {
        8 => bits,
        w => bits & ((1u64 << (8 * w)) - 1),
    }
}

fn negate(op: SrcOp) -> R<SrcOp> {
    Ok(match op {
        SrcOp::Gen(s) => SrcOp::Gen(s.with(match s.modifier {
            SrcMod::None => SrcMod::Neg,
            SrcMod::Neg => SrcMod::None,
            SrcMod::Abs => SrcMod::NegAbs,
            SrcMod::NegAbs => SrcMod::Abs,
            SrcMod::Not => return Err(internal("negation of a logic operand")),
        })),
        SrcOp::Imm(i) => SrcOp::Imm(match i {
            Imm::D(x) => Imm::D(x.wrapping_neg()),
            Imm::W(x) => Imm::W(x.wrapping_neg()),
            Imm::Q(x) => Imm::Q(x.wrapping_neg()),
            Imm::UD(x) => Imm::UD(x.wrapping_neg()),
            Imm::UW(x) => Imm::UW(x.wrapping_neg()),
            Imm::UQ(x) => Imm::UQ(x.wrapping_neg()),
            Imm::F(x) => Imm::F(-x),
            Imm::DF(x) => Imm::DF(-x),
            Imm::HF(x) => Imm::HF(x ^ 0x8000),
            other => return Err(internal(format!("cannot negate {other:?}"))),
        }),
        other => return Err(internal(format!("cannot negate {other:?}"))),
    })
}

fn absolute(op: SrcOp) -> R<SrcOp> {
    Ok(match op {
        SrcOp::Gen(s) => SrcOp::Gen(s.with(match s.modifier {
            SrcMod::None | SrcMod::Abs | SrcMod::Neg | SrcMod::NegAbs => SrcMod::Abs,
            SrcMod::Not => return Err(internal("abs of a logic operand")),
        })),
        SrcOp::Imm(i) => SrcOp::Imm(match i {
            Imm::D(x) => Imm::D(x.wrapping_abs()),
            Imm::W(x) => Imm::W(x.wrapping_abs()),
            Imm::Q(x) => Imm::Q(x.wrapping_abs()),
            Imm::F(x) => Imm::F(x.abs()),
            Imm::DF(x) => Imm::DF(x.abs()),
            Imm::HF(x) => Imm::HF(x & 0x7fff),
            other => other,
        }),
        other => return Err(internal(format!("cannot take the absolute value of {other:?}"))),
    })
}

fn alu(op: m::AluOp, exec: Exec, dst: m::DstOp, srcs: Vec<SrcOp>) -> VInst {
    VInst::Alu { op, pred: None, sat: false, exec, dst, srcs }
}

/// A move of `src` into `dst` under `pred`, without saturation.
fn mov(pred: Option<Pred>, exec: Exec, dst: m::DstOp, src: SrcOp) -> VInst {
    VInst::Alu { op: m::AluOp::Mov, pred, sat: false, exec, dst, srcs: vec![src] }
}
