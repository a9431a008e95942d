//! printf: kernels that print compile for SKL, TGLLP, DG2 and PVC, pass GenX_IR, and run in the
//! simulator with a printf buffer; a decoder of the compute runtime's buffer format turns the
//! buffer into text with the string table of kernels.json, which must equal what the host's own
//! `snprintf` prints for the same formats and values.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Memory, Space};
use std::ffi::{c_char, c_int, CString};

extern "C" {
    fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
}

/// A value as the host passes it to `snprintf`.
#[derive(Clone, Copy, Debug)]
enum Arg {
    Int(i32),
    Long(i64),
    Double(f64),
    Str(usize),
}

/// The host's `snprintf` of one conversion `spec` (from `%` to its conversion character).
fn host(spec: &str, arg: Arg, strings: &[String]) -> String {
    let fmt = CString::new(spec).unwrap();
    let mut buf = vec![0u8; 512];
    let p = buf.as_mut_ptr() as *mut c_char;
    // SAFETY: a 512-byte buffer, a NUL-terminated format with one conversion of the argument's type.
    let n = unsafe {
        match arg {
            Arg::Int(v) => snprintf(p, buf.len(), fmt.as_ptr(), v as c_int),
            Arg::Long(v) => snprintf(p, buf.len(), fmt.as_ptr(), v),
            Arg::Double(v) => snprintf(p, buf.len(), fmt.as_ptr(), v),
            Arg::Str(i) => {
                let s = CString::new(strings[i].as_str()).unwrap();
                snprintf(p, buf.len(), fmt.as_ptr(), s.as_ptr())
            }
        }
    };
    buf.truncate(n.clamp(0, 511) as usize);
    String::from_utf8(buf).unwrap()
}

/// The conversions of a format: literal text pieces and conversion specs, as the runtime splits it.
fn pieces(fmt: &str) -> Vec<(bool, String)> {
    let b = fmt.as_bytes();
    let (mut out, mut lit, mut i) = (Vec::new(), String::new(), 0);
    while i < b.len() {
        if b[i] == b'%' && b.get(i + 1) == Some(&b'%') {
            lit.push('%');
            i += 2;
        } else if b[i] == b'%' {
            out.push((false, std::mem::take(&mut lit)));
            let mut j = i + 1;
            while j < b.len() && !b"diouxXaAeEfFgGscp".contains(&b[j]) {
                j += 1;
            }
            out.push((true, fmt[i..(j + 1).min(b.len())].to_string()));
            i = j + 1;
        } else {
            lit.push(b[i] as char);
            i += 1;
        }
    }
    out.push((false, lit));
    out
}

/// Prints `fmt` with `args` through the host's snprintf, one conversion at a time.
fn host_printf(fmt: &str, args: &[Arg], strings: &[String]) -> String {
    let mut args = args.iter();
    pieces(fmt)
        .into_iter()
        .map(
            |(conv, text)| if conv { host(&text, *args.next().expect("an argument"), strings) } else { text },
        )
        .collect()
}

/// Decodes a printf buffer as the compute runtime's formatter reads it: the used size from the
/// first dword, then records of a string index and, per conversion, a tag and a value.
fn decode(buf: &[u8], strings: &[String]) -> Result<String, String> {
    let dword = |at: usize| buf.get(at..at + 4).map(|b| u32::from_le_bytes(b.try_into().unwrap()));
    let qword = |at: usize| buf.get(at..at + 8).map(|b| u64::from_le_bytes(b.try_into().unwrap()));
    let end = (dword(0).ok_or("no header")? as usize).min(buf.len());
    let (mut at, mut out) = (4usize, String::new());
    while at + 4 <= end {
        let index = dword(at).unwrap() as i32;
        at += 4;
        let Some(fmt) = usize::try_from(index).ok().and_then(|i| strings.get(i)) else { continue };
        let mut args = Vec::new();
        for (conv, _) in pieces(fmt).into_iter().filter(|(c, _)| *c) {
            let _ = conv;
            let tag = dword(at).ok_or("truncated record")?;
            at += 4;
            let arg = match tag {
                3 => Arg::Int(dword(at).ok_or("truncated")? as i32),
                4 => Arg::Double(f64::from(f32::from_bits(dword(at).ok_or("truncated")?))),
                5 => Arg::Str(dword(at).ok_or("truncated")? as usize),
                6 | 7 => Arg::Long(qword(at).ok_or("truncated")? as i64),
                8 => Arg::Double(f64::from_bits(qword(at).ok_or("truncated")?)),
                t => return Err(format!("tag {t} at byte {}", at - 4)),
            };
            at += if matches!(tag, 6..=8) { 8 } else { 4 };
            args.push(arg);
        }
        out.push_str(&host_printf(fmt, &args, strings));
    }
    Ok(out)
}

const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];

/// The printf buffer's address in the simulator.
const PRINTF_BASE: u64 = 0x20_0000_0000;

/// Compiles `fixture` for `platform` (visaasm and kernels.json), checks the vISA with GenX_IR,
/// runs kernel `kernel` once with `args` and a printf buffer whose free space starts at `start`,
/// and gives the buffer after the run and the string table.
fn run(
    fixture: &str,
    kernel: &str,
    platform: TargetPlatform,
    args: Vec<ArgValue>,
    start: u32,
) -> (Vec<u8>, Vec<String>) {
    let opts = CompileOptions {
        platform,
        emit: EmitSet::of(&[Emit::Visaasm, Emit::Metadata]),
        ..CompileOptions::default()
    };
    let input = common::input(fixture);
    let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
    assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
    let text = outcome.visaasm_of(kernel).expect("the kernel's vISA").to_string();
    if common::finalizer_available() {
        let name = format!("{platform:?}").to_uppercase();
        common::finalize(&format!("{kernel}.visaasm"), &text, &name)
            .unwrap_or_else(|e| panic!("{fixture} on {platform:?}: GenX_IR: {e}"));
    }
    let json: serde_json::Value =
        serde_json::from_str(outcome.of_kind(Emit::Metadata).next().unwrap().text().unwrap()).unwrap();
    let k = json["kernels"].as_array().unwrap().iter().find(|k| k["name"] == kernel).unwrap();
    let strings: Vec<String> =
        k["printf_strings"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    let size = k["printf_buffer_size"].as_u64().unwrap() as usize;
    let printf_arg =
        k["args"].as_array().unwrap().iter().filter(|a| a["implicit"] == "printf_buffer").count();
    assert_eq!(printf_arg, 1, "one printf buffer argument");
    let kernels = genxc_visa::read_text(&text).unwrap();
    let mut memory = Memory::default();
    let mut bytes = vec![0u8; size];
    bytes[..4].copy_from_slice(&start.to_le_bytes());
    memory.add("printf", BufferKind::Svm { base: PRINTF_BASE }, Bytes::defined(bytes));
    // the data section (a string printed with %p stays in memory), placed as a loader would
    let module = genxc::import(&input, platform).unwrap();
    memory.place_globals(&module.kernels[0].globals).unwrap();
    let mut all = args;
    all.push(ArgValue::Pointer(PRINTF_BASE));
    let launch =
        Launch { groups: [1, 1, 1], group_size: [1, 1, 1], args: all, slm_size: 0, step_limit: 1_000_000 };
    let grf = if platform == TargetPlatform::Pvc { 64 } else { 32 };
    exec::run(&kernels, &Config { grf_bytes: grf, bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("{fixture} on {platform:?}: {e}"));
    (memory.read(Space::Svm, PRINTF_BASE, size).data, strings)
}

#[test]
fn printed_values_match_the_host_printf() {
    let (a, f, d3) = (1234567i32, -2.5f32, 0.1f64 * 3.0);
    let neg = a.wrapping_neg();
    let big = i64::from(neg).wrapping_mul(4294967311);
    let strings: Vec<String> = vec!["hello".into(), "gx".into()];
    let mut expected = String::new();
    expected += &host_printf("int %d neg %i hex %x\n", &[Arg::Int(a), Arg::Int(neg), Arg::Int(a)], &strings);
    // i8 and i16 arguments travel zero-extended (as Intel's VC passes them); %hhd/%hd narrow back.
    expected += &host_printf(
        "char %hhd sh %hd\n",
        &[Arg::Int(i32::from(neg as u8)), Arg::Int(i32::from(neg as u16))],
        &strings,
    );
    expected += &host_printf("long %ld %lx %%\n", &[Arg::Long(big), Arg::Long(big)], &strings);
    expected += &host_printf(
        "float %f %.2e dbl %g\n",
        &[Arg::Double(f64::from(f)), Arg::Double(f64::from(f)), Arg::Double(d3)],
        &strings,
    );
    expected += &host_printf("[%s] [%-6s] %c", &[Arg::Str(0), Arg::Str(1), Arg::Int(65)], &strings);
    for i in 0..3 {
        expected += &host_printf("i=%d r=\n", &[Arg::Int(i)], &strings);
    }
    expected += &host_printf("ret %d\n", &[Arg::Int(0)], &strings);
    for platform in PLATFORMS {
        let args = vec![
            ArgValue::Bytes(a.to_le_bytes().to_vec()),
            ArgValue::Bytes(f.to_le_bytes().to_vec()),
            ArgValue::Bytes(d3.to_le_bytes().to_vec()),
        ];
        let (data, table) = run("printf/printf_values.ll", "printf_values", platform, args, 4);
        assert_eq!(decode(&data, &table).unwrap(), expected, "{platform:?}");
    }
}

#[test]
fn a_string_printed_with_percent_p_is_its_address_in_the_data_section() {
    // %s of the string is its index in the table; %p its address, where the loader placed it
    // (the only global in memory: the first, at the base of the simulator's data section).
    let strings: Vec<String> = vec!["text".into()];
    let address = genxc_sim::memory::GLOBALS_BASE as i64;
    let expected = host_printf("[%s] at %p\n", &[Arg::Str(0), Arg::Long(address)], &strings);
    assert!(expected.contains("0x7"), "{expected}");
    for platform in PLATFORMS {
        let (data, table) = run("printf/printf_pointer.ll", "print_pointer", platform, Vec::new(), 4);
        assert_eq!(table, ["[%s] at %p\n", "text"], "{platform:?}");
        assert_eq!(decode(&data, &table).unwrap(), expected, "{platform:?}");
    }
}

#[test]
fn a_full_buffer_takes_no_record() {
    // The free space starts four bytes before the end: no record fits, the first call marks the
    // last dword with the index -1 (which the runtime skips), nothing else is written, and the
    // offset still grows by every record's size.
    let start = (4u32 << 20) - 4;
    for platform in [TargetPlatform::Tgllp, TargetPlatform::Pvc] {
        let args = vec![
            ArgValue::Bytes(7i32.to_le_bytes().to_vec()),
            ArgValue::Bytes(1.0f32.to_le_bytes().to_vec()),
            ArgValue::Bytes(2.0f64.to_le_bytes().to_vec()),
        ];
        let (data, _) = run("printf/printf_values.ll", "printf_values", platform, args, start);
        let head = u32::from_le_bytes(data[..4].try_into().unwrap());
        assert!(data[4..data.len() - 4].iter().all(|&b| b == 0), "{platform:?}: a record was written");
        assert_eq!(&data[data.len() - 4..], &[0xff; 4], "{platform:?}: the -1 mark");
        // Records: an index and 3 ints (28 bytes), 2 ints (20), 2 longs (28), 2 floats and a double
        // (32), 2 strings and an int (28), 3 loop records of one int (12 each), one more (12).
        assert_eq!(head, start + 28 + 20 + 28 + 32 + 28 + 3 * 12 + 12, "{platform:?}");
    }
}

#[test]
fn a_record_ending_at_the_buffer_end_is_written_and_one_byte_further_is_not() {
    // print_pointer's record is 24 bytes (index, %s tag and index, %p tag and 8-byte address).
    // Free space starting 24 bytes before the end takes it whole; 20 bytes before, only the -1
    // mark; 4 bytes before, the mark in the last dword; at the end, nothing at all.
    const RECORD: usize = 24;
    let size = 4usize << 20;
    let fixture = "printf/printf_pointer.ll";
    for platform in PLATFORMS {
        let (fresh, _) = run(fixture, "print_pointer", platform, Vec::new(), 4);
        let record = &fresh[4..4 + RECORD];
        assert!(record.iter().any(|&b| b != 0), "{platform:?}: no record at the start");
        for start in [size - RECORD, size - 20, size - 4, size] {
            let (data, _) = run(fixture, "print_pointer", platform, Vec::new(), start as u32);
            let head = u32::from_le_bytes(data[..4].try_into().unwrap()) as usize;
            assert_eq!(head, start + RECORD, "{platform:?} from {start}: the offset grows by the record");
            assert!(data[4..start].iter().all(|&b| b == 0), "{platform:?} from {start}: a write before");
            let rest = &data[start..];
            let expected: Vec<u8> = match size - start {
                RECORD => record.to_vec(),
                0 => Vec::new(),
                n => [vec![0xff; 4], vec![0; n - 4]].concat(),
            };
            assert_eq!(rest, &expected[..], "{platform:?} from {start}");
        }
    }
}

#[test]
fn whether_a_record_fits_is_one_dword_compare() {
    // The claimed offset is compared with the last offset the record fits at (one 32-bit `cmp`
    // for the record and one for the -1 mark), not the 64-bit end with the buffer size, which
    // platforms without 64-bit integer compares split into three compares and two predicate ops.
    let opts = CompileOptions { platform: TargetPlatform::Tgllp, ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[common::input("printf/printf_pointer.ll")], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    let text = outcome.visaasm_of("print_pointer").expect("the kernel's vISA");
    let compares: Vec<&str> = text.lines().filter(|l| l.trim_start().starts_with("cmp")).collect();
    assert_eq!(compares.len(), 2, "{text}");
    assert!(compares.iter().all(|l| l.contains(":ud") && l.contains("cmp.le")), "{compares:?}");
}

#[test]
fn kernels_json_has_the_printf_fields_only_for_a_printing_kernel() {
    let opts = CompileOptions { emit: EmitSet::of(&[Emit::Metadata]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[common::input("printf/printf_values.ll")], &opts);
    let v: serde_json::Value =
        serde_json::from_str(outcome.of_kind(Emit::Metadata).next().unwrap().text().unwrap()).unwrap();
    let k = &v["kernels"][0];
    let strings: Vec<&str> =
        k["printf_strings"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(strings.len(), 9, "7 formats and 2 %s strings, once each: {strings:?}");
    assert!(strings.contains(&"[%s] [%-6s] %c") && strings.contains(&"hello") && strings.contains(&"gx"));
    assert_eq!(k["printf_buffer_size"], 4 << 20);
    let last = k["args"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["implicit"].as_str(), last["kind_code"].as_u64(), last["size"].as_u64()),
        (Some("printf_buffer"), Some(88), Some(8))
    );
    let outcome = genxc::compile_inputs(&[common::input("kernels/arg_layout.ll")], &opts);
    let v: serde_json::Value =
        serde_json::from_str(outcome.of_kind(Emit::Metadata).next().unwrap().text().unwrap()).unwrap();
    assert!(
        v["kernels"][0].get("printf_strings").is_none()
            && v["kernels"][0].get("printf_buffer_size").is_none()
    );
}
