//! The ABI of a kernel after instruction selection: its metadata (explicit and declared implicit
//! arguments, SLM, private memory) and the implicit payload inputs selection declared on its own
//! (the local ids, local size and group count a kernel reads through `llvm.genx.local.id`,
//! `llvm.genx.local.size` and `llvm.genx.group.count` without a metadata argument for them).
//!
//! This is the one description of what the runtime must write into a thread's payload: both
//! `kernels.json` ([`crate::json`]) and the zebin's `.ze_info` ([`crate::zebin`]) are made from
//! it, so the two always agree with the vISA the kernel's code was selected to.

use genxc_genx::metadata::{ImplicitArg, Kernel};

/// A payload input selection declared that no argument of the metadata stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectedInput {
    /// What the runtime writes there.
    pub kind: ImplicitArg,
    /// Byte offset in the thread payload (r0 is the first GRF).
    pub offset: u32,
    /// Bytes it occupies.
    pub size: u32,
}

/// A kernel's ABI after selection: its metadata and the implicit inputs selection added.
#[derive(Clone, Debug)]
pub struct KernelAbi {
    /// The kernel's metadata, as the import read it.
    pub metadata: Kernel,
    /// The payload inputs selection declared beyond the metadata's arguments, by offset.
    pub selected_inputs: Vec<SelectedInput>,
}

/// The metadata argument kind of a vISA implicit input kind (IGC numbers them `kind << 3`).
fn implicit_arg(kind: u8) -> ImplicitArg {
    match kind {
        genxc_visa::ImplicitKind::LOCAL_SIZE => ImplicitArg::LocalSize,
        genxc_visa::ImplicitKind::GROUP_COUNT => ImplicitArg::GroupCount,
        genxc_visa::ImplicitKind::LOCAL_ID => ImplicitArg::LocalId,
        genxc_visa::ImplicitKind::PRIVATE_BASE => ImplicitArg::PrivateBase,
        k => ImplicitArg::Other(u32::from(k) << 3),
    }
}

impl KernelAbi {
    /// The ABI of kernel `metadata` whose selected vISA declares `inputs`: every input at an
    /// offset no metadata argument has is one selection declared.
    pub fn after_selection(metadata: Kernel, inputs: &[genxc_visa::Input]) -> KernelAbi {
        let mut selected_inputs: Vec<SelectedInput> = inputs
            .iter()
            .filter(|i| i.implicit != 0)
            .filter(|i| !metadata.args.iter().any(|a| a.offset == Some(u32::from(i.offset))))
            .map(|i| SelectedInput {
                kind: implicit_arg(i.implicit),
                offset: u32::from(i.offset),
                size: u32::from(i.size),
            })
            .collect();
        selected_inputs.sort_by_key(|i| i.offset);
        KernelAbi { metadata, selected_inputs }
    }

    /// The ABI of a kernel whose code was not selected (a compile that failed before selection
    /// gives no outputs; this is for callers holding metadata only): no selected inputs.
    pub fn metadata_only(metadata: Kernel) -> KernelAbi {
        KernelAbi { metadata, selected_inputs: Vec::new() }
    }

    /// Every payload input: `(offset, size, implicit kind)` of each argument with an offset and
    /// each selected input, by offset.
    pub fn payload(&self) -> Vec<(u32, u32, ImplicitArg)> {
        let mut all: Vec<(u32, u32, ImplicitArg)> = self
            .metadata
            .args
            .iter()
            .filter_map(|a| a.offset.map(|o| (o, a.size, a.implicit)))
            .chain(self.selected_inputs.iter().map(|i| (i.offset, i.size, i.kind)))
            .collect();
        all.sort_by_key(|&(o, ..)| o);
        all
    }

    /// Bytes of the thread payload the kernel reads: from r0 to the end of the GRF holding the
    /// last input, a whole number of GRFs (at least one).
    pub fn payload_size(&self, grf: u32) -> u32 {
        let end = self.payload().iter().map(|&(o, s, _)| o + s).max().unwrap_or(0);
        end.div_ceil(grf).max(1) * grf
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implicit_kinds_map_to_metadata_kinds() {
        assert_eq!(implicit_arg(genxc_visa::ImplicitKind::LOCAL_SIZE), ImplicitArg::LocalSize);
        assert_eq!(implicit_arg(genxc_visa::ImplicitKind::GROUP_COUNT), ImplicitArg::GroupCount);
        assert_eq!(implicit_arg(genxc_visa::ImplicitKind::LOCAL_ID), ImplicitArg::LocalId);
        assert_eq!(implicit_arg(genxc_visa::ImplicitKind::PRIVATE_BASE), ImplicitArg::PrivateBase);
        assert_eq!(implicit_arg(11), ImplicitArg::Other(88));
    }
}
