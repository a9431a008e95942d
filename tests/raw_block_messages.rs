//! Oword block messages genxc sends raw (`raw_sends` to the data cache, with a message header it
//! builds in place: see isel's `block_headers`). For every message shape genxc emits raw in the
//! fixture quality/oword_headers.ll (reads and writes of 1, 2, 4 and 8 owords, offsets in a
//! variable or a constant; the aligned reads of `oword_ld_unaligned` in kernels/multi.ll; shared
//! local memory's blocks in surfaces/predefined_slm.ll) on TGLLP,
//! DG2 and PVC, the descriptor and extended descriptor of the send in GenX_IR's listing of genxc's vISA
//! must be the ones GenX_IR derives itself from the equivalent vISA message (`oword_ld`,
//! `oword_ld_unaligned` or `oword_st` of the same size on the same binding-table index; `svm_block_ld`/`svm_block_st` for
//! the A64 blocks of quality/svm_addr64.ll), and the simulator's decoding of
//! that descriptor must give the block size and direction the listing's comment names.

mod common;

use common::{compile, finalize_under, finalizer_available, input};
use genxc_genx::Platform;
use genxc_sim::exec::raw_send::Descriptor;

/// The platforms genxc sends oword blocks raw on: genxc's platform, GenX_IR's name, and the
/// payload offset of the reference kernels' one argument.
const PLATFORMS: [(Platform, &str, u32); 3] =
    [(Platform::Tgllp, "TGLLP", 64), (Platform::Dg2, "DG2", 128), (Platform::Pvc, "PVC", 128)];

/// One send of a listing: what its comment calls the message (`oword block read x4`), its
/// extended descriptor and its descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Send {
    message: String,
    exdesc: u32,
    desc: u32,
}

/// The oword block sends of a GenX_IR listing, in order, but for the payload prologue's (the
/// blocks `per_thread_prolog` and `cross_thread_prolog` the finalizer adds on DG2 and PVC, whose
/// argument loads are oword aligned block reads too).
fn oword_sends(listing: &str) -> Vec<Send> {
    let mut out = Vec::new();
    let mut prologue = false;
    for line in listing.lines() {
        // a block starts with a comment `// B003:`, then its label (if it has one)
        let label = line.trim_end();
        let block_number =
            |b: &str| b.split_once(':').is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()));
        if label.strip_prefix("// B").is_some_and(block_number) {
            prologue = false;
            continue;
        }
        if !label.starts_with([' ', '(', '/']) && label.ends_with(':') {
            prologue |= label.ends_with("_prolog:");
            continue;
        }
        if prologue {
            continue;
        }
        let Some((code, comment)) = line.split_once("//") else { continue };
        if !code.split_whitespace().any(|t| t.starts_with("send")) {
            continue;
        }
        // the comment: `wr:1h+0, rd:2; oword block read x4 // $4`
        let Some((_, message)) = comment.split_once("; ") else { continue };
        let message = message.split("//").next().unwrap_or("").trim();
        let oword = ["oword block", "oword aligned block", "a64 unaligned oword block"];
        if !oword.iter().any(|m| message.starts_with(m)) {
            continue;
        }
        let code = code.split('{').next().unwrap_or(code);
        let hex: Vec<u32> = code
            .split_whitespace()
            .filter_map(|t| t.strip_prefix("0x"))
            .map(|h| u32::from_str_radix(h, 16).expect("a hexadecimal descriptor"))
            .collect();
        let [.., exdesc, desc] = hex[..] else { panic!("no descriptors in {line}") };
        out.push(Send { message: message.to_string(), exdesc, desc });
    }
    out
}

/// A kernel of one vISA block message (`oword_ld` or `oword_st` of `owords` owords on
/// binding-table index `bti`, `oword_ld_unaligned` when `aligned` (GenX_IR's "oword aligned block
/// read"), or `svm_block_ld`/`svm_block_st` when `a64`) with its offset or address an argument at
/// payload byte `input`.
fn visa_form(a64: bool, aligned: bool, write: bool, owords: u32, bti: u32, input: u32) -> String {
    let (message, surface, ty) = match (a64, write) {
        (false, false) if aligned => ("oword_ld_unaligned", " T", "ud"),
        (false, false) => ("oword_ld", " T", "ud"),
        (false, true) => ("oword_st", " T", "ud"),
        (true, false) => ("svm_block_ld", "", "uq"),
        (true, true) => ("svm_block_st", "", "uq"),
    };
    let bind = if a64 { String::new() } else { format!("    movs (M1_NM, 1) T(0) {bti}:ud\n") };
    format!(
        ".version 4.1\n.kernel \"shape\"\n\
         .decl off v_type=G type={ty} num_elts=1 align=qword\n\
         .decl data v_type=G type=d num_elts={} align=GRF\n\
         .decl T v_type=T num_elts=1\n\
         .input off offset={input} size={}\n\
         .kernel_attr Target=\"cm\"\n\
         .function \"shape_main\"\n\
         {bind}\
         \x20   {message} ({owords}){surface} off(0,0)<0;1,0> data.0\n\
         \x20   ret (M1, 1)\n",
        owords * 4,
        if a64 { 8 } else { 4 },
    )
}

#[test]
fn raw_oword_descriptors_are_the_finalizers() {
    if !finalizer_available() {
        return;
    }
    for (platform, finalizer, input_offset) in PLATFORMS {
        let mut shapes = Vec::new();
        let kernels = [
            ("quality/oword_headers.ll", "oword_shapes", "raw_sends.10."),
            ("quality/oword_headers.ll", "oword_rows", "raw_sends.10."),
            ("quality/oword_headers.ll", "oword_constants", "raw_sends.10."),
            ("quality/svm_addr64.ll", "svm_addr64", "raw_sends.12."),
            ("kernels/multi.ll", "second", "raw_sends.10."),
            ("surfaces/predefined_slm.ll", "slm_254", "raw_sends.10."),
        ];
        for (fixture, kernel, raw_form) in kernels {
            let result = compile(&[input(fixture)], platform, 0);
            assert!(!result.failed(), "{platform:?}: {:?}", result.diagnostics);
            let file = format!("{kernel}.visaasm");
            let out = result.outputs.iter().find(|f| f.name == file).expect("a kernel of the fixture");
            let text = std::str::from_utf8(&out.bytes).unwrap();
            let raw = text.lines().filter(|l| l.trim_start().starts_with(raw_form)).count();
            let listing = finalize_under(&file, text, finalizer).unwrap();
            let sends = oword_sends(&listing);
            assert!(
                raw > 0 && sends.len() >= raw,
                "{platform:?} {kernel}: {raw} raw sends, listing {sends:?}"
            );
            shapes.extend(sends);
        }
        // every block size in both directions
        for message in ["read", "write"] {
            for owords in [1, 2, 4, 8] {
                let name = format!("oword block {message} x{owords}");
                assert!(shapes.iter().any(|s| s.message == name), "{platform:?}: no {name} in {shapes:?}");
            }
        }
        assert!(
            shapes.iter().any(|s| s.message.starts_with("a64")),
            "{platform:?}: no A64 block in {shapes:?}"
        );
        assert!(
            shapes.iter().any(|s| s.message.starts_with("oword aligned block read")),
            "{platform:?}: no oword aligned block read in {shapes:?}"
        );
        for send in shapes {
            let write = send.message.contains("write");
            let a64 = send.message.starts_with("a64");
            let aligned = send.message.starts_with("oword aligned");
            let owords: u32 = send.message.rsplit('x').next().unwrap().parse().unwrap();
            let bti = send.desc & 0xFF;
            let reference = visa_form(a64, aligned, write, owords, bti, input_offset);
            let listing = finalize_under("shape.visaasm", &reference, finalizer).unwrap();
            let theirs = oword_sends(&listing);
            assert_eq!(theirs, vec![send.clone()], "{platform:?}: genxc's send against the vISA form's");
            // the simulator decodes the descriptor into what the listing says
            let d = Descriptor::decode(send.desc);
            assert_eq!(d.oword_block_owords(), Some(owords), "{platform:?} {send:?}");
            let msg_type = match (a64, write) {
                (false, false) if aligned => 1,
                (false, false) => 0,
                (false, true) => 8,
                (true, false) => 20,
                (true, true) => 21,
            };
            assert_eq!(d.msg_type, msg_type, "{platform:?} {send:?}");
            assert!(d.header && d.mlen == 1, "{platform:?} {send:?}");
        }
    }
}
