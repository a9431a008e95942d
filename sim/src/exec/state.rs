//! The state of one hardware thread: its register file (a flat byte array with a definedness bit
//! per byte, where every root variable owns a GRF-aligned range and aliases overlay their base),
//! its predicate and address variables, the binding-table indices of its surface variables, and
//! the per-lane control state (see [`super::control`]). [`Layout`] places the variables once per
//! kernel; [`Thread::new`] fills the predefined variables and the inputs of one thread. A stack
//! call (`fcall`) gives the callee a fresh register file of its own and saves the caller's in a
//! [`CallFrame`]; `%arg` and `%retval` have a slot in every unit's file and are copied across.

use super::Config;
use crate::error::SimError;
use crate::launch::{hw_thread_slot, ArgValue, Launch, ThreadIds, PRIVATE_BASE};
use crate::memory::{Bytes, Space};
use genxc_visa::{
    ImplicitKind, InputTarget, Kernel, SurfaceId, VarId, VisaType, ARG_BYTES, NUM_PREDEF_SURFACES,
    RETVAL_BYTES,
};

/// The largest register file the simulator lays out (16 MiB: far beyond any real thread's, a
/// bound so a kernel declaring huge variables is refused instead of exhausting memory).
pub const MAX_FILE_BYTES: u32 = 16 << 20;

/// Where a general variable lives in the register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Register-file byte address of its first byte.
    pub start: u32,
    /// Its bytes (elements times element size).
    pub size: u32,
    /// Element type.
    pub ty: VisaType,
}

/// The placement of a kernel's variables in the register file.
#[derive(Clone, Debug)]
pub struct Layout {
    /// By `VarId.0`: the slot (`None` for `%null` and the predefined variables not modeled).
    pub slots: Vec<Option<Slot>>,
    /// The root variables' ranges (start, size), in address order.
    pub roots: Vec<(u32, u32)>,
    /// Total bytes of the register file.
    pub file_bytes: u32,
}

/// The name of a variable for messages.
pub fn var_name(k: &Kernel, v: VarId) -> String {
    match v.predefined_name() {
        Some(n) => n.to_string(),
        None => k.var(v).map_or_else(|| format!("V{}", v.0), |d| d.name.clone()),
    }
}

/// The predefined variables given register space: (id, type, elements). `%r0` gets a whole GRF.
fn predefined(config: &Config) -> [(VarId, VisaType, u32); 7] {
    [
        (VarId::THREAD_X, VisaType::UW, 1),
        (VarId::THREAD_Y, VisaType::UW, 1),
        (VarId::GROUP_ID_X, VisaType::UD, 1),
        (VarId::GROUP_ID_Y, VisaType::UD, 1),
        (VarId::GROUP_ID_Z, VisaType::UD, 1),
        (VarId::TSC, VisaType::UD, 5),
        (VarId::R0, VisaType::UD, config.grf_bytes / 4),
    ]
}

impl Layout {
    /// Places the predefined and user variables of a kernel.
    pub fn new(k: &Kernel, config: &Config) -> Result<Layout, SimError> {
        let grf = config.grf_bytes.max(1);
        let n = genxc_visa::NUM_PREDEF_VARS as usize + k.vars.len();
        let mut slots: Vec<Option<Slot>> = vec![None; n];
        let mut roots = Vec::new();
        let mut next = 0u32;
        let mut place = |size: u32, roots: &mut Vec<(u32, u32)>| -> Result<u32, SimError> {
            let start = next;
            roots.push((start, size));
            next = size
                .div_ceil(grf)
                .max(1)
                .checked_mul(grf)
                .and_then(|n| n.checked_add(start))
                .filter(|&end| end <= MAX_FILE_BYTES)
                .ok_or_else(|| {
                    SimError::NotModeled(format!(
                        "a register file of more than {MAX_FILE_BYTES} bytes (the kernel's variables)"
                    ))
                })?;
            Ok(start)
        };
        for (id, ty, elts) in predefined(config) {
            let size = elts * ty.size();
            slots[id.0 as usize] = Some(Slot { start: place(size, &mut roots)?, size, ty });
        }
        for (i, d) in k.vars.iter().enumerate() {
            if d.alias.is_none() {
                let size = u32::from(d.num_elts) * d.ty.size();
                slots[genxc_visa::NUM_PREDEF_VARS as usize + i] =
                    Some(Slot { start: place(size, &mut roots)?, size, ty: d.ty });
            }
        }
        // The stack-call areas, after the user variables (so adding them moved no kernel's).
        for (id, size) in [(VarId::ARG, ARG_BYTES), (VarId::RETVAL, RETVAL_BYTES)] {
            slots[id.0 as usize] = Some(Slot { start: place(size, &mut roots)?, size, ty: VisaType::UD });
        }
        // The stack and frame pointers, %sr0 (whose low bits number the hardware thread) and
        // %hw_id (the hardware thread id: the same number).
        for (id, size, ty) in [
            (VarId::SP, 8, VisaType::UQ),
            (VarId::FP, 8, VisaType::UQ),
            (VarId::SR0, 16, VisaType::UD),
            (VarId::HW_ID, 4, VisaType::UD),
        ] {
            slots[id.0 as usize] = Some(Slot { start: place(size, &mut roots)?, size, ty });
        }
        // Aliases, possibly of aliases: resolve until nothing changes.
        for _ in 0..=k.vars.len() {
            let mut changed = false;
            for (i, d) in k.vars.iter().enumerate() {
                let id = genxc_visa::NUM_PREDEF_VARS as usize + i;
                let Some((base, off)) = d.alias else { continue };
                if slots[id].is_some() {
                    continue;
                }
                let Some(Some(b)) = slots.get(base.0 as usize).copied() else { continue };
                let size = u32::from(d.num_elts) * d.ty.size();
                let start = b.start + u32::from(off);
                let root = roots.iter().find(|&&(s, n)| b.start >= s && b.start < s + n.max(1));
                if root.is_none_or(|&(s, n)| u64::from(start) + u64::from(size) > u64::from(s) + u64::from(n))
                {
                    return Err(SimError::Malformed(format!(
                        "alias {} ({} bytes at offset {off}) runs past its base {}",
                        d.name,
                        size,
                        var_name(k, base)
                    )));
                }
                slots[id] = Some(Slot { start, size, ty: d.ty });
                changed = true;
            }
            if !changed {
                break;
            }
        }
        for (i, d) in k.vars.iter().enumerate() {
            if slots[genxc_visa::NUM_PREDEF_VARS as usize + i].is_none() {
                let base = d.alias.map(|(b, _)| var_name(k, b)).unwrap_or_default();
                return Err(SimError::NotModeled(format!("alias {} of {base}", d.name)));
            }
        }
        Ok(Layout { slots, roots, file_bytes: next })
    }

    /// The slot of a variable, or why it has none.
    pub fn slot(&self, k: &Kernel, v: VarId) -> Result<Slot, SimError> {
        match self.slots.get(v.0 as usize) {
            Some(Some(s)) => Ok(*s),
            _ if v == VarId::NULL => Err(SimError::Malformed("%null read as a source".into())),
            _ if v.is_predefined() => {
                Err(SimError::NotModeled(format!("predefined variable {}", var_name(k, v))))
            }
            _ => Err(SimError::Malformed(format!("undeclared variable V{}", v.0))),
        }
    }

    /// True when `[addr, addr + len)` lies inside one root variable.
    pub fn inside_a_variable(&self, addr: u32, len: u32) -> bool {
        let end = u64::from(addr) + u64::from(len);
        self.roots.iter().any(|&(s, n)| addr >= s && end <= u64::from(s) + u64::from(n))
    }
}

/// One predicate or address lane: its value and whether it was written.
pub type Lane<T> = (T, bool);

/// The state of one thread.
#[derive(Clone, Debug)]
pub struct Thread {
    /// Its ids.
    pub ids: ThreadIds,
    /// The register file.
    pub regs: Bytes,
    /// Predicate variables (`preds[i]` is `P<i+1>`), one bit per lane.
    pub preds: Vec<Vec<Lane<bool>>>,
    /// Address variables, one register-file byte address per element.
    pub addrs: Vec<Vec<Lane<u32>>>,
    /// User surfaces (`surfaces[i]` is `T<6+i>`): the binding-table index they hold.
    pub surfaces: Vec<Option<u32>>,
    /// The bindless surface `%bss`: the surface-state offset it holds.
    pub bss: Option<u32>,
    /// Samplers (`samplers[i]` is `S<i>`): the sampler index they hold.
    pub samplers: Vec<Option<u32>>,
    /// The control state of the lanes.
    pub flow: super::control::Flow,
    /// The unit running: 0 = the kernel, else the index of a `.global_function` of the file.
    pub func: usize,
    /// The callers' frames of the active stack calls (`fcall`), innermost last.
    pub calls: Vec<CallFrame>,
    /// Instructions executed.
    pub steps: u64,
    /// Warnings (reads of unwritten registers, ...).
    pub warnings: Vec<String>,
}

/// What a stack call (`fcall`) saves of its caller: the caller's own register file, predicate,
/// address and surface variables and lane control state, restored by the callee's `fret`.
#[derive(Clone, Debug)]
pub struct CallFrame {
    /// The caller's unit.
    pub func: usize,
    /// The caller's register file.
    pub regs: Bytes,
    /// The caller's predicate variables.
    pub preds: Vec<Vec<Lane<bool>>>,
    /// The caller's address variables.
    pub addrs: Vec<Vec<Lane<u32>>>,
    /// The caller's surface variables.
    pub surfaces: Vec<Option<u32>>,
    /// The caller's lane control state (its lanes stand after the `fcall`).
    pub flow: super::control::Flow,
    /// `%arg` bytes passed (destroyed in the caller by the call).
    pub arg_bytes: u32,
    /// `%retval` bytes returned.
    pub ret_bytes: u32,
}

/// Pairs the explicit `.input`s of `k` (in offset order) with the arguments of `launch` (in
/// argument order). A kernel may leave out the `.input` of a surface or sampler argument it
/// addresses by a constant binding-table index (Intel's VC does): a surface (sampler) argument is
/// then skipped when the kernel has fewer surface (sampler) inputs than the launch has such
/// arguments and the next input is not a surface (sampler). Every other argument takes the next
/// input; inputs or arguments left over are an error.
pub fn bind_inputs<'k, 'l>(
    k: &'k Kernel,
    launch: &'l Launch,
) -> Result<Vec<(&'k genxc_visa::Input, &'l ArgValue)>, SimError> {
    let mut explicit: Vec<_> = k.inputs.iter().filter(|i| i.implicit == 0).collect();
    explicit.sort_by_key(|i| i.offset);
    let is_surface = |i: &genxc_visa::Input| matches!(i.target, InputTarget::Surface(_));
    let is_sampler = |i: &genxc_visa::Input| matches!(i.target, InputTarget::Sampler(_));
    let count = |f: &dyn Fn(&ArgValue) -> bool| launch.args.iter().filter(|a| f(a)).count();
    let mut spare_surfaces = count(&|a| matches!(a, ArgValue::Surface(_)))
        .saturating_sub(explicit.iter().filter(|i| is_surface(i)).count());
    let mut spare_samplers = count(&|a| matches!(a, ArgValue::Sampler(_)))
        .saturating_sub(explicit.iter().filter(|i| is_sampler(i)).count());
    let message = format!(
        "the kernel has {} explicit inputs, the launch {} arguments (of which {} surfaces or \
         samplers the kernel has no input for)",
        explicit.len(),
        launch.args.len(),
        spare_surfaces + spare_samplers
    );
    let mismatch = || SimError::Malformed(message.clone());
    if explicit.len() + spare_surfaces + spare_samplers != launch.args.len() {
        return Err(mismatch());
    }
    let mut pairs = Vec::with_capacity(explicit.len());
    let mut next = explicit.iter().copied().peekable();
    for arg in &launch.args {
        let upcoming = next.peek().copied();
        match arg {
            ArgValue::Surface(_) if spare_surfaces > 0 && !upcoming.is_some_and(is_surface) => {
                spare_surfaces -= 1;
                continue;
            }
            ArgValue::Sampler(_) if spare_samplers > 0 && !upcoming.is_some_and(is_sampler) => {
                spare_samplers -= 1;
                continue;
            }
            _ => {}
        }
        let Some(input) = next.next() else { return Err(mismatch()) };
        pairs.push((input, arg));
    }
    if next.next().is_some() {
        return Err(mismatch());
    }
    Ok(pairs)
}

/// A fresh register file for `layout`: the predefined variables of the thread at `ids` filled,
/// everything else undefined.
pub fn predefined_regs(layout: &Layout, ids: ThreadIds) -> Bytes {
    let mut regs = Bytes::undefined(layout.file_bytes as usize);
    let mut set = |v: VarId, bytes: &[u8]| {
        if let Some(Some(s)) = layout.slots.get(v.0 as usize) {
            let n = bytes.len().min(s.size as usize);
            let at = s.start as usize;
            regs.data[at..at + n].copy_from_slice(&bytes[..n]);
            regs.defined[at..at + n].fill(true);
            // The rest of a predefined variable reads as defined zeros.
            regs.data[at + n..at + s.size as usize].fill(0);
            regs.defined[at + n..at + s.size as usize].fill(true);
        }
    };
    set(VarId::THREAD_X, &(ids.local[0] as u16).to_le_bytes());
    set(VarId::THREAD_Y, &(ids.local[1] as u16).to_le_bytes());
    set(VarId::GROUP_ID_X, &ids.group[0].to_le_bytes());
    set(VarId::GROUP_ID_Y, &ids.group[1].to_le_bytes());
    set(VarId::GROUP_ID_Z, &ids.group[2].to_le_bytes());
    set(VarId::TSC, &[]);
    let mut r0 = [0u8; 32];
    r0[4..8].copy_from_slice(&ids.group[0].to_le_bytes());
    r0[24..28].copy_from_slice(&ids.group[1].to_le_bytes());
    r0[28..32].copy_from_slice(&ids.group[2].to_le_bytes());
    set(VarId::R0, &r0);
    regs
}

impl Thread {
    /// A thread of `launch` at `ids`: predefined variables and inputs filled, everything else
    /// undefined, every lane at the first instruction.
    pub fn new(
        k: &Kernel,
        layout: &Layout,
        launch: &Launch,
        ids: ThreadIds,
        width: u32,
    ) -> Result<Thread, SimError> {
        let mut t = Thread {
            ids,
            regs: predefined_regs(layout, ids),
            preds: k.preds.iter().map(|p| vec![(false, false); usize::from(p.num_elts)]).collect(),
            addrs: k.addrs.iter().map(|a| vec![(0, false); usize::from(a.num_elts)]).collect(),
            surfaces: vec![None; k.surfaces.len()],
            bss: None,
            samplers: vec![None; k.samplers.len()],
            flow: super::control::Flow::new(width),
            func: 0,
            calls: Vec::new(),
            steps: 0,
            warnings: Vec::new(),
        };
        if let Some(Some(s)) = layout.slots.get(VarId::SR0.0 as usize) {
            let at = s.start as usize;
            let mut sr0 = [0u8; 16];
            sr0[..4].copy_from_slice(&hw_thread_slot(launch, ids).to_le_bytes());
            t.regs.data[at..at + 16].copy_from_slice(&sr0);
            t.regs.defined[at..at + 16].fill(true);
        }
        if let Some(Some(s)) = layout.slots.get(VarId::HW_ID.0 as usize) {
            let at = s.start as usize;
            t.regs.data[at..at + 4].copy_from_slice(&hw_thread_slot(launch, ids).to_le_bytes());
            t.regs.defined[at..at + 4].fill(true);
        }

        for (input, arg) in bind_inputs(k, launch)? {
            let payload = arg.payload(usize::from(input.size));
            match input.target {
                InputTarget::Var(v) => t.write_input(k, layout, v, &payload)?,
                InputTarget::Surface(s) => {
                    let Some(&[b0, b1, b2, b3]) = payload.first_chunk::<4>() else {
                        return Err(SimError::Malformed(format!(
                            "the input of surface T{} has {} bytes (a binding-table index takes 4)",
                            s.0, input.size
                        )));
                    };
                    t.set_surface(s, u32::from_le_bytes([b0, b1, b2, b3]))?;
                }
                InputTarget::Sampler(s) => {
                    let Some(&[b0, b1, b2, b3]) = payload.first_chunk::<4>() else {
                        return Err(SimError::Malformed(format!(
                            "the input of sampler S{} has {} bytes (a sampler index takes 4)",
                            s.0, input.size
                        )));
                    };
                    if let Some(slot) = t.samplers.get_mut(usize::from(s.0)) {
                        *slot = Some(u32::from_le_bytes([b0, b1, b2, b3]));
                    }
                }
            }
        }
        for input in k.inputs.iter().filter(|i| i.implicit != 0) {
            let mut bytes = Vec::new();
            match input.implicit {
                ImplicitKind::LOCAL_ID => {
                    for l in ids.local {
                        bytes.extend_from_slice(&(l as u16).to_le_bytes());
                    }
                }
                ImplicitKind::LOCAL_SIZE => {
                    for n in launch.group_size {
                        bytes.extend_from_slice(&n.to_le_bytes());
                    }
                }
                ImplicitKind::GROUP_COUNT => {
                    for n in launch.groups {
                        bytes.extend_from_slice(&n.to_le_bytes());
                    }
                }
                ImplicitKind::PRIVATE_BASE => bytes.extend_from_slice(&PRIVATE_BASE.to_le_bytes()),
                _ => {}
            }
            bytes.resize(usize::from(input.size), 0);
            match input.target {
                InputTarget::Var(v) => t.write_input(k, layout, v, &bytes)?,
                _ => return Err(SimError::NotModeled("an implicit input of a surface or sampler".into())),
            }
        }
        Ok(t)
    }

    fn write_input(&mut self, k: &Kernel, layout: &Layout, v: VarId, bytes: &[u8]) -> Result<(), SimError> {
        let s = layout.slot(k, v)?;
        if bytes.len() > s.size as usize {
            return Err(SimError::Malformed(format!(
                "input {} of {} bytes is larger than its variable ({} bytes)",
                var_name(k, v),
                bytes.len(),
                s.size
            )));
        }
        let at = s.start as usize;
        self.regs.data[at..at + bytes.len()].copy_from_slice(bytes);
        self.regs.defined[at..at + bytes.len()].fill(true);
        Ok(())
    }

    /// Binds a surface variable to a binding-table index.
    pub fn set_surface(&mut self, s: SurfaceId, bti: u32) -> Result<(), SimError> {
        if s == SurfaceId::BSS {
            self.bss = Some(bti);
            return Ok(());
        }
        let slot = s.0.checked_sub(NUM_PREDEF_SURFACES).and_then(|i| self.surfaces.get_mut(usize::from(i)));
        match slot {
            Some(slot) => {
                *slot = Some(bti);
                Ok(())
            }
            None => Err(SimError::NotModeled(format!(
                "writing predefined surface {}",
                s.predefined_name().unwrap_or("?")
            ))),
        }
    }

    /// The memory space a surface variable addresses.
    pub fn space(&self, s: SurfaceId) -> Result<Space, SimError> {
        if s == SurfaceId::SLM {
            return Ok(Space::Slm);
        }
        if s == SurfaceId::BSS {
            return match self.bss {
                Some(offset) => bindless_space(offset),
                None => Err(SimError::Undefined("the bindless surface %bss was never set".into())),
            };
        }
        match s.0.checked_sub(NUM_PREDEF_SURFACES) {
            Some(i) => match self.surfaces.get(usize::from(i)) {
                // a surface variable set to 254 at run time names shared local memory, as the
                // reference reads the index; 255 (stateless through T255) is not modeled there either
                Some(Some(254)) => Ok(Space::Slm),
                Some(Some(255)) => Err(SimError::NotModeled(
                    "surface 255 (stateless access through the scratch entry)".into(),
                )),
                Some(Some(bti)) => Ok(Space::Surface(*bti)),
                Some(None) => Err(SimError::Undefined(format!("surface T{} was never bound", s.0))),
                None => Err(SimError::Malformed(format!("undeclared surface T{}", s.0))),
            },
            None => Err(SimError::NotModeled(format!(
                "predefined surface {}",
                s.predefined_name().unwrap_or("?")
            ))),
        }
    }
}

/// The surface at surface-state offset `offset` of the bindless heap: the launch's surface bound
/// at `offset / SURFACE_STATE_BYTES`; an offset between two surface states is a fault.
pub fn bindless_space(offset: u32) -> Result<Space, SimError> {
    use crate::launch::SURFACE_STATE_BYTES;
    if !offset.is_multiple_of(SURFACE_STATE_BYTES) {
        return Err(SimError::Fault(format!(
            "bindless surface-state offset {offset:#x} is not a multiple of {SURFACE_STATE_BYTES}"
        )));
    }
    Ok(Space::Surface(offset / SURFACE_STATE_BYTES))
}
