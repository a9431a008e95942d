//! `.debug_line`: the DWARF line table of a zebin's kernels (`-g`), which maps each piece of a
//! kernel's Gen code to the source line it came from; `llvm-dwarfdump --debug-line` reads it.
//!
//! [`write`] makes one DWARF version 4 line-table unit (32-bit format) per kernel, in kernel
//! order: its file table names the kernel's source file, and its one sequence starts at address
//! 0, the start of the kernel's `.text.<kernel>` section, and ends at the end of its code. Rows
//! are made with the standard opcodes only (advance the address, advance the line, copy), which
//! every reader understands.

/// The line rows of one kernel's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelLines {
    /// The source file (its name as the input gives it).
    pub file: String,
    /// `(code offset, line)` in offset order: the code from each offset up to the next row's
    /// comes from that line.
    pub rows: Vec<(u64, u32)>,
    /// Bytes of the kernel's code: the end of its sequence.
    pub code_bytes: u64,
}

/// Opcode base of the units: the standard opcodes of DWARF 4 are 1 to 12.
const OPCODE_BASE: u8 = 13;
/// Operands of standard opcodes 1 to 12.
const STANDARD_OPCODE_LENGTHS: [u8; 12] = [0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1];
const DW_LNS_COPY: u8 = 1;
const DW_LNS_ADVANCE_PC: u8 = 2;
const DW_LNS_ADVANCE_LINE: u8 = 3;
const DW_LNE_END_SEQUENCE: u8 = 1;
const DW_LNE_SET_ADDRESS: u8 = 2;

fn uleb(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn sleb(out: &mut Vec<u8>, mut v: i64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        let done = (v == 0 && byte & 0x40 == 0) || (v == -1 && byte & 0x40 != 0);
        out.push(if done { byte } else { byte | 0x80 });
        if done {
            return;
        }
    }
}

/// One line-table unit for one kernel.
fn unit(k: &KernelLines) -> Vec<u8> {
    let mut header = vec![1, 1, 1, (-5i8) as u8, 14, OPCODE_BASE];
    header.extend_from_slice(&STANDARD_OPCODE_LENGTHS);
    header.push(0); // no include directories
    header.extend_from_slice(k.file.replace('\0', "_").as_bytes());
    header.extend_from_slice(&[0, 0, 0, 0]); // NUL, directory 0, no time, no length
    header.push(0); // end of the file names
    let mut program = vec![0, 9, DW_LNE_SET_ADDRESS];
    program.extend_from_slice(&0u64.to_le_bytes());
    let (mut address, mut line) = (0u64, 1i64);
    for &(offset, l) in &k.rows {
        if offset > address {
            program.push(DW_LNS_ADVANCE_PC);
            uleb(&mut program, offset - address);
            address = offset;
        }
        if i64::from(l) != line {
            program.push(DW_LNS_ADVANCE_LINE);
            sleb(&mut program, i64::from(l) - line);
            line = i64::from(l);
        }
        program.push(DW_LNS_COPY);
    }
    if k.code_bytes > address {
        program.push(DW_LNS_ADVANCE_PC);
        uleb(&mut program, k.code_bytes - address);
    }
    program.extend_from_slice(&[0, 1, DW_LNE_END_SEQUENCE]);
    let mut body = 4u16.to_le_bytes().to_vec();
    body.extend_from_slice(&(header.len() as u32).to_le_bytes());
    body.extend_from_slice(&header);
    body.extend_from_slice(&program);
    let mut out = (body.len() as u32).to_le_bytes().to_vec();
    out.extend_from_slice(&body);
    out
}

/// The `.debug_line` section of `kernels`: one unit each, in order.
pub fn write(kernels: &[KernelLines]) -> Vec<u8> {
    kernels.iter().flat_map(unit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leb128() {
        let enc = |v: i64| {
            let mut o = Vec::new();
            sleb(&mut o, v);
            o
        };
        assert_eq!(enc(2), [2]);
        assert_eq!(enc(-2), [0x7e]);
        assert_eq!(enc(127), [0xff, 0]);
        assert_eq!(enc(-128), [0x80, 0x7f]);
        let mut o = Vec::new();
        uleb(&mut o, 624485);
        assert_eq!(o, [0xe5, 0x8e, 0x26]);
    }

    #[test]
    fn one_unit_per_kernel() {
        let k = KernelLines { file: "k.ll".into(), rows: vec![(0, 12), (32, 14), (48, 13)], code_bytes: 64 };
        let bytes = write(&[k.clone(), k]);
        let len = u32::from_le_bytes(bytes[..4].try_into().unwrap()) as usize;
        assert_eq!(bytes.len(), 2 * (len + 4));
        assert_eq!(&bytes[4..6], &[4, 0], "version 4");
        // the sequence ends
        assert_eq!(&bytes[len + 4 - 3..len + 4], &[0, 1, DW_LNE_END_SEQUENCE]);
    }
}
