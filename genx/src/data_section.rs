//! The global data section: the globals a module keeps in memory (rather than in registers), each
//! an object the loader places in device memory and a kernel addresses through its relocated
//! symbol (vISA `faddr "symbol"`). This is plain data the import fills from the LLVM globals that
//! cannot live in registers (their address escapes, they hold pointers, they are too large, or
//! several kernels share them), that `kernels.json` lists for a runtime, and that the simulators
//! place in their memory.

/// One object of the data section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataGlobal {
    /// The symbol (the LLVM global's name), as `faddr` names it.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// Alignment in bytes (a power of two).
    pub align: u64,
    /// The initial bytes (`size` of them; zeros where the initializer is zero or undefined),
    /// before relocations.
    pub init: Vec<u8>,
    /// Addresses of other symbols the initializer holds.
    pub relocs: Vec<DataReloc>,
    /// A constant (read-only) object, for `.data.const`; else writable (`.data.global`).
    pub constant: bool,
}

/// An 8-byte little-endian address inside an initializer that the loader fills in: the address
/// of `symbol` plus `addend`, stored at byte `offset` of the object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataReloc {
    /// Byte offset in the object.
    pub offset: u64,
    /// The symbol whose address is stored (a data global, or a function).
    pub symbol: String,
    /// Bytes added to the symbol's address.
    pub addend: i64,
}

impl DataGlobal {
    /// The object's bytes with every relocation resolved by `address_of` (the address of a
    /// symbol); `Err` names a symbol it does not know or a relocation outside the object.
    pub fn resolved(&self, address_of: impl Fn(&str) -> Option<u64>) -> Result<Vec<u8>, String> {
        let mut bytes = self.init.clone();
        bytes.resize(self.size as usize, 0);
        for r in &self.relocs {
            let a = address_of(&r.symbol).ok_or_else(|| {
                format!("global @{}: the address of unknown symbol @{}", self.name, r.symbol)
            })?;
            let at = r.offset as usize;
            let slot = at.checked_add(8).and_then(|end| bytes.get_mut(at..end)).ok_or_else(|| {
                format!(
                    "global @{}: a relocation at byte {} of a {}-byte object",
                    self.name, r.offset, self.size
                )
            })?;
            slot.copy_from_slice(&a.wrapping_add_signed(r.addend).to_le_bytes());
        }
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relocations_are_resolved_in_place() {
        let g = DataGlobal {
            name: "t".into(),
            size: 16,
            align: 8,
            init: vec![1; 16],
            relocs: vec![DataReloc { offset: 8, symbol: "u".into(), addend: 4 }],
            constant: false,
        };
        let b = g.resolved(|s| (s == "u").then_some(0x1000)).unwrap();
        assert_eq!(&b[..8], &[1; 8]);
        assert_eq!(u64::from_le_bytes(b[8..].try_into().unwrap()), 0x1004);
        assert!(g.resolved(|_| None).unwrap_err().contains("unknown symbol @u"));
        let bad = DataGlobal { relocs: vec![DataReloc { offset: 12, ..g.relocs[0].clone() }], ..g };
        assert!(bad.resolved(|_| Some(0)).unwrap_err().contains("byte 12"));
    }
}
