//! Byte-level tests of the `.isa` writer.

mod common;

use genxc_visa::*;

/// The model of docs/isa_tool/demo.visaasm encodes to exactly the hand-made rtdemo.isa.
#[test]
fn rtdemo_is_byte_identical() {
    let expected = include_bytes!("data/rtdemo.isa");
    let got = write_isa(&[common::rtdemo()]).unwrap();
    if got.as_slice() != expected.as_slice() {
        let at = got
            .iter()
            .zip(expected.iter())
            .position(|(a, b)| a != b)
            .unwrap_or(got.len().min(expected.len()));
        panic!(
            "differs at byte 0x{at:x} (lengths {} vs {}): got {:02x?} expected {:02x?}",
            got.len(),
            expected.len(),
            &got[at..(at + 16).min(got.len())],
            &expected[at..(at + 16).min(expected.len())]
        );
    }
}

/// Several kernels in one file: offsets in the header point at each object.
#[test]
fn two_kernels_header_offsets() {
    let a = common::rtdemo();
    let b = common::loops();
    let isa = write_isa(&[a.clone(), b.clone()]).unwrap();
    let one_a = write_isa(std::slice::from_ref(&a)).unwrap();
    let one_b = write_isa(std::slice::from_ref(&b)).unwrap();
    assert_eq!(&isa[0..8], &[0x43, 0x49, 0x53, 0x41, 4, 1, 2, 0]);
    let rd = |o: usize| u32::from_le_bytes(isa[o..o + 4].try_into().unwrap()) as usize;
    // kernel 0: name_len(2) + "rtdemo" then offset, size
    let off_a = rd(8 + 2 + 6);
    let size_a = rd(8 + 2 + 6 + 4);
    let k1 = 8 + 2 + 6 + 4 + 4 + 4 + 2 + 2 + 1;
    let off_b = rd(k1 + 2 + 5);
    let size_b = rd(k1 + 2 + 5 + 4);
    let hdr_a = one_a.len() - size_a;
    let hdr_b = one_b.len() - size_b;
    assert_eq!(&isa[off_a..off_a + size_a], &one_a[hdr_a..]);
    assert_eq!(&isa[off_b..off_b + size_b], &one_b[hdr_b..]);
    assert_eq!(off_b, off_a + size_a);
    assert_eq!(isa.len(), off_b + size_b);
}

/// Immediate encodings: 32-bit payload for 32-bit and narrower types, 64-bit for q/uq/df.
#[test]
fn immediate_encodings() {
    let mut k = Kernel::new("imm");
    let q = k.add_var("q", VisaType::Q, 1, Align::Qword);
    let f = k.add_var("f", VisaType::F, 1, Align::Dword);
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(q, 0), vec![SrcOp::Imm(Imm::Q(-2))]));
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(f, 0), vec![SrcOp::Imm(Imm::F(1.0))]));
    k.push(alu(AluOp::Mov, Exec::nm(1), Dst::new(f, 0), vec![SrcOp::Imm(Imm::W(-1))]));
    let isa = write_isa(&[k]).unwrap();
    let find = |pat: &[u8]| isa.windows(pat.len()).any(|w| w == pat);
    assert!(find(&[5, 13, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
    assert!(find(&[5, 7, 0x00, 0x00, 0x80, 0x3f]));
    assert!(find(&[5, 3, 0xff, 0xff, 0xff, 0xff]));
}
