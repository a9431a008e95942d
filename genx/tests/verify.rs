//! The GenX IR verifier on hand-built IR: a well-formed function passes, and each broken rule is
//! reported with its own message at the function and instruction concerned.

use genxc_genx::ir::{BinOp, CastOp, CmpPred, Constant, Inst, InstKind, Linkage, Module, Terminator};
use genxc_genx::metadata::build_kernels;
use genxc_genx::units::build_units;
use genxc_genx::verify::{check_intrinsic_call, verify_function, verify_module, verify_unit, Callees};
use genxc_genx::{intrinsics, Diagnostic, Elem, Function, Location, Platform, Region, Type, Value};

const I32: Type = Type::Scalar(Elem::I32);
const V8I32: Type = Type::Vector(Elem::I32, 8);
const V8F: Type = Type::Vector(Elem::Float, 8);

fn inst(kind: InstKind, ty: Type, name: &str) -> Inst {
    Inst { kind, ty, name: name.into() }
}

fn add(lhs: Value, rhs: Value) -> InstKind {
    InstKind::Binary { op: BinOp::Add, lhs, rhs }
}

/// `k(i32 %a, <8 x i32> %v)`: entry branches on `%a == 0` to `then` or `else`, both go to `join`,
/// which has a phi of the two sides and returns.
fn diamond() -> Function {
    let mut f = Function::new("k", Linkage::Kernel, vec![I32, V8I32], Type::Void);
    f.param_names = vec!["a".into(), "v".into()];
    let entry = f.add_block("entry");
    let then = f.add_block("then");
    let els = f.add_block("else");
    let join = f.add_block("join");
    let zero = f.add_const(Constant::int(Elem::I32, 0));
    let c = f.push_inst(
        entry,
        inst(
            InstKind::Cmp { pred: CmpPred::Eq, lhs: Value::Param(0), rhs: zero },
            Type::Scalar(Elem::I1),
            "c",
        ),
    );
    f.blocks[entry].term = Terminator::CondBr { cond: c, on_true: then, on_false: els };
    let x = f.push_inst(then, inst(add(Value::Param(0), Value::Param(0)), I32, "x"));
    f.blocks[then].term = Terminator::Br(join);
    let y = f.push_inst(els, inst(add(Value::Param(0), zero), I32, "y"));
    f.blocks[els].term = Terminator::Br(join);
    f.push_inst(join, inst(InstKind::Phi { incoming: vec![(then, x), (els, y)] }, I32, "p"));
    f.blocks[join].term = Terminator::Ret(None);
    f
}

fn check(f: &Function) -> Result<(), Vec<Diagnostic>> {
    verify_function(f, &Callees::none(), "test pass")
}

/// The one diagnostic of a rejected function: located at `inst`, its message ending in `what`.
fn rejected(f: &Function, inst: Option<&str>, what: &str) {
    let diags = check(f).expect_err("the verifier accepted broken IR");
    let shown: Vec<String> = diags.iter().map(ToString::to_string).collect();
    let d = diags
        .iter()
        .find(|d| d.message.contains(what))
        .unwrap_or_else(|| panic!("no diagnostic says {what:?}: {shown:#?}"));
    assert_eq!(d.kind, genxc_diag::Kind::Internal, "{d}");
    assert!(d.message.starts_with("GenX IR verifier: after test pass: "), "{d}");
    assert!(d.to_string().contains("internal error: GenX IR verifier: after test pass: "), "{d}");
    assert_eq!(d.location, Location::Ir { function: "k".into(), inst: inst.map(String::from) }, "{d}");
}

fn inst_named(f: &Function, name: &str) -> genxc_genx::InstId {
    f.insts.iter().find(|(_, i)| i.name == name).map(|(id, _)| id).expect("named instruction")
}

#[test]
fn a_well_formed_function_passes() {
    check(&diamond()).unwrap();
}

#[test]
fn a_use_before_its_definition_is_rejected() {
    let mut f = diamond();
    let then = f.layout[1];
    let x = Value::Inst(inst_named(&f, "x"));
    // %z = add %x, %x placed before %x
    let z = f.insts.alloc(inst(add(x, x), I32, "z"));
    f.blocks[then].insts.insert(0, z);
    rejected(&f, Some("%z"), "uses %x, whose definition in block %then does not dominate its use");
}

#[test]
fn a_use_in_a_block_its_definition_does_not_dominate_is_rejected() {
    let mut f = diamond();
    let join = f.layout[3];
    let x = Value::Inst(inst_named(&f, "x"));
    f.push_inst(join, inst(add(x, x), I32, "z"));
    rejected(&f, Some("%z"), "uses %x, whose definition in block %then does not dominate its use");
}

#[test]
fn a_phi_value_must_be_available_at_the_end_of_its_block() {
    let mut f = diamond();
    let p = inst_named(&f, "p");
    let (then, x) = (f.layout[1], Value::Inst(inst_named(&f, "x")));
    // the value from %else is the one defined in %then
    f.insts[p].kind = InstKind::Phi { incoming: vec![(then, x), (f.layout[2], x)] };
    rejected(
        &f,
        Some("%p"),
        "uses %x, whose definition in block %then does not dominate the end of block %else",
    );
}

#[test]
fn phis_must_match_the_predecessors() {
    let mut f = diamond();
    let p = inst_named(&f, "p");
    let x = Value::Inst(inst_named(&f, "x"));
    let (entry, then) = (f.layout[0], f.layout[1]);
    f.insts[p].kind = InstKind::Phi { incoming: vec![(then, x)] };
    rejected(&f, Some("%p"), "no incoming value from the predecessor block %else");
    f.insts[p].kind = InstKind::Phi { incoming: vec![(then, x), (f.layout[2], x), (entry, x)] };
    rejected(&f, Some("%p"), "incoming block %entry is not a predecessor of block %join");
}

#[test]
fn phis_start_their_block() {
    let mut f = diamond();
    let join = f.layout[3];
    let z = f.insts.alloc(inst(add(Value::Param(0), Value::Param(0)), I32, "z"));
    f.blocks[join].insts.insert(0, z);
    rejected(&f, Some("%p"), "a phi after the first other instruction of its block");
}

#[test]
fn each_result_is_defined_once_and_every_operand_exists() {
    let mut f = diamond();
    let x = inst_named(&f, "x");
    let join = f.layout[3];
    f.blocks[join].insts.push(x);
    rejected(&f, Some("%x"), "the instruction is placed twice (SSA: each result is defined once)");

    let mut f = diamond();
    let stray = f.insts.alloc(inst(add(Value::Param(0), Value::Param(0)), I32, "stray"));
    let then = f.layout[1];
    f.push_inst(then, inst(add(Value::Inst(stray), Value::Param(7)), I32, "z"));
    rejected(&f, Some("%z"), "uses %stray, which is not defined in any block of the function");
    rejected(&f, Some("%z"), "uses parameter 7, but the function has 2");
}

#[test]
fn branches_must_stay_in_the_function_and_avoid_the_entry() {
    let mut f = diamond();
    let then = f.layout[1];
    let orphan = f.blocks.alloc(genxc_genx::ir::Block {
        name: "gone".into(),
        insts: vec![],
        term: Terminator::Unreachable,
    });
    f.blocks[then].term = Terminator::Br(orphan);
    rejected(&f, None, "the terminator of block %then branches to a block that is not in the function");
    let mut f = diamond();
    f.blocks[then].term = Terminator::Br(f.layout[0]);
    rejected(&f, None, "the terminator of block %then branches to the entry block");
}

#[test]
fn terminator_operands_have_their_types() {
    let mut f = diamond();
    let entry = f.layout[0];
    let (then, els) = (f.layout[1], f.layout[2]);
    f.blocks[entry].term = Terminator::CondBr { cond: Value::Param(0), on_true: then, on_false: els };
    rejected(&f, None, "the terminator of block %entry takes an i1 condition, not i32");
    let mut f = diamond();
    let join = f.layout[3];
    f.blocks[join].term = Terminator::Ret(Some(Value::Param(0)));
    rejected(&f, None, "takes a value of the result type void, not i32");
}

#[test]
fn operand_types_follow_each_instruction() {
    let cases: Vec<(InstKind, Type, &str)> = vec![
        (
            add(Value::Param(0), Value::Param(1)),
            I32,
            "the operands and result must have one type, found i32, <8 x i32>, i32",
        ),
        (
            InstKind::Binary { op: BinOp::FAdd, lhs: Value::Param(0), rhs: Value::Param(0) },
            I32,
            "FAdd is a float operation, applied to i32",
        ),
        (
            InstKind::Cmp { pred: CmpPred::Slt, lhs: Value::Param(1), rhs: Value::Param(1) },
            Type::Scalar(Elem::I1),
            "compares <8 x i32> and gives i1; it must give <8 x i1>",
        ),
        (
            InstKind::Cmp { pred: CmpPred::FOlt, lhs: Value::Param(0), rhs: Value::Param(0) },
            Type::Scalar(Elem::I1),
            "the comparison FOlt does not apply to i32",
        ),
        (
            InstKind::Select { cond: Value::Param(0), on_true: Value::Param(1), on_false: Value::Param(1) },
            V8I32,
            "the condition is i32",
        ),
        (
            InstKind::Cast { op: CastOp::ZExt, value: Value::Param(0) },
            Type::Scalar(Elem::I16),
            "ZExt does not convert i32 to i16",
        ),
        (
            InstKind::Cast { op: CastOp::BitCast, value: Value::Param(1) },
            V8F.with_elem(Elem::Half),
            "bitcast of <8 x i32> (256 bits) to <8 x half> (128 bits)",
        ),
        (
            InstKind::ExtractElement { vector: Value::Param(1), index: Value::Param(0) },
            Type::Scalar(Elem::Float),
            "extracts float from <8 x i32>",
        ),
        (
            InstKind::Shuffle { a: Value::Param(1), b: Value::Param(1), mask: vec![Some(0), Some(16)] },
            Type::Vector(Elem::I32, 2),
            "mask entry 16 is past the 16 elements of both operands",
        ),
    ];
    for (kind, ty, what) in cases {
        let mut f = diamond();
        let then = f.layout[1];
        f.push_inst(then, inst(kind, ty, "z"));
        rejected(&f, Some("%z"), what);
    }
}

fn with_region(kind: InstKind, ty: Type) -> Function {
    let mut f = diamond();
    let then = f.layout[1];
    f.push_inst(then, inst(kind, ty, "z"));
    f
}

#[test]
fn regions_stay_inside_their_vector() {
    let v = Value::Param(1);
    // 4 elements from element 6 of 8: bytes [24, 40) of 32
    let r = Region::contiguous(4, 4, 6);
    let f = with_region(InstKind::RdRegion { input: v, region: r }, Type::Vector(Elem::I32, 4));
    rejected(
        &f,
        Some("%z"),
        "the region <0;4,1> of 4 elements at byte 24 covers bytes [24, 40) of <8 x i32> (32 bytes)",
    );
    // the element size of the region is not that of the vector
    let r = Region::contiguous(2, 4, 0);
    let f = with_region(InstKind::RdRegion { input: v, region: r }, Type::Vector(Elem::I32, 4));
    rejected(&f, Some("%z"), "has 2-byte elements, the vector <8 x i32> has 4");
    // a width that does not divide the element count
    let r = Region { vstride: 4, width: 3, stride: 1, ..Region::contiguous(4, 4, 0) };
    let f = with_region(InstKind::RdRegion { input: v, region: r }, Type::Vector(Elem::I32, 4));
    rejected(&f, Some("%z"), "the width must divide the element count");
    // as many elements as the result
    let f = with_region(
        InstKind::RdRegion { input: v, region: Region::contiguous(4, 4, 0) },
        Type::Vector(Elem::I32, 2),
    );
    rejected(&f, Some("%z"), "does not have the 2 elements of the value");
    // a variable index must be i16
    let r = Region { indirect: Some(Value::Param(0)), ..Region::contiguous(4, 4, 0) };
    let f = with_region(InstKind::RdRegion { input: v, region: r }, Type::Vector(Elem::I32, 4));
    rejected(&f, Some("%z"), "the variable index of the region <0;4,1> of 4 elements at byte 0 is i32");
    // a write mask as wide as the region
    let mut f = diamond();
    let then = f.layout[1];
    let new = f.push_inst(
        then,
        inst(
            InstKind::RdRegion { input: v, region: Region::contiguous(4, 4, 0) },
            Type::Vector(Elem::I32, 4),
            "n",
        ),
    );
    let mask = f.add_const(Constant::splat(Type::Vector(Elem::I1, 8), 1));
    f.push_inst(
        then,
        inst(InstKind::WrRegion { old: v, new, region: Region::contiguous(4, 4, 4), mask }, V8I32, "z"),
    );
    rejected(&f, Some("%z"), "the write mask is <8 x i1>; it must be i1 or <4 x i1>");
    // and the same write with a proper mask passes
    let mask = f.add_const(Constant::splat(Type::Vector(Elem::I1, 4), 1));
    let z = inst_named(&f, "z");
    f.insts[z].kind = InstKind::WrRegion { old: v, new, region: Region::contiguous(4, 4, 4), mask };
    check(&f).unwrap();
}

#[test]
fn intrinsic_calls_are_checked_against_their_signatures() {
    let fma = intrinsics::lookup("llvm.fma.v8f32").unwrap();
    let no = [false; 3];
    check_intrinsic_call(fma, &[V8F, V8F, V8F], &no, V8F).unwrap();
    let e = check_intrinsic_call(fma, &[V8F, V8F], &no, V8F).unwrap_err();
    assert_eq!(e, "llvm.fma takes 3 operands, found 2");
    let e = check_intrinsic_call(fma, &[V8F, V8I32, V8F], &no, V8F).unwrap_err();
    assert!(e.contains("the second source must be <8 x float>"), "{e}");
    let ctlz = intrinsics::lookup("llvm.ctlz.v8i32").unwrap();
    check_intrinsic_call(ctlz, &[V8I32, Type::Scalar(Elem::I1)], &[false, true], V8I32).unwrap();
    let e = check_intrinsic_call(ctlz, &[V8I32, Type::Scalar(Elem::I1)], &[false, false], V8I32).unwrap_err();
    assert!(e.contains("must be a constant"), "{e}");
    let rd = intrinsics::lookup("llvm.genx.rdregionf.v8f32.v16f32.i16").unwrap();
    let e = check_intrinsic_call(rd, &[V8F], &no, V8F).unwrap_err();
    assert!(e.contains("is a region instruction in the GenX IR, not a call"), "{e}");
    let goto = intrinsics::lookup("llvm.genx.simdcf.goto").unwrap();
    let e = check_intrinsic_call(goto, &[Type::Vector(Elem::I1, 32)], &no, Type::Void).unwrap_err();
    assert!(e.contains("takes 3 operands"), "{e}");
    // inside a function: a call whose operands do not fit
    let mut f = diamond();
    let then = f.layout[1];
    f.push_inst(then, inst(InstKind::Intrinsic { id: fma, args: vec![Value::Param(1); 3] }, V8F, "z"));
    rejected(&f, Some("%z"), "llvm.fma: the first source must be <8 x float>");
}

#[test]
fn calls_match_their_callee() {
    let mut m = Module::default();
    let mut sub = Function::new("sub", Linkage::Internal, vec![I32], I32);
    let b = sub.add_block("entry");
    sub.blocks[b].term = Terminator::Ret(Some(Value::Param(0)));
    let sub = m.functions.alloc(sub);
    let mut f = diamond();
    let then = f.layout[1];
    f.push_inst(then, inst(InstKind::Call { callee: sub, args: vec![Value::Param(1)] }, I32, "z"));
    let k = m.functions.alloc(f);
    m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
    let d = verify_module(&m, "test pass").unwrap_err();
    assert!(d[0].message.ends_with("passes (<8 x i32>) to @sub, which takes (i32)"), "{}", d[0]);
    // the same call with the right operand, but from a function that knows no callee
    let z = inst_named(&m.functions[k], "z");
    m.functions[k].insts[z].kind = InstKind::Call { callee: sub, args: vec![Value::Param(0)] };
    verify_module(&m, "test pass").unwrap();
    let units = build_units(&m).unwrap();
    verify_unit(&units[0], "test pass").unwrap();
    let d = verify_function(&m.functions[k], &Callees::none(), "test pass").unwrap_err();
    assert!(d[0].message.ends_with("calls a function that is not in the module or kernel unit"), "{}", d[0]);
}

#[test]
fn kernel_metadata_must_match_its_function() {
    let mut m = Module::default();
    let k = m.functions.alloc(diamond());
    m.kernels = build_kernels(&m, &[], Platform::Tgllp).unwrap();
    verify_module(&m, "test pass").unwrap();
    let message = |m: &Module| verify_module(m, "test pass").unwrap_err()[0].message.clone();

    let mut bad = m.clone();
    bad.kernels[0].args.pop();
    assert_eq!(
        message(&bad),
        "GenX IR verifier: after test pass: kernel 'k': 1 arguments described for the 2 parameters of @k"
    );
    let mut bad = m.clone();
    bad.kernels[0].args[1].offset = bad.kernels[0].args[0].offset;
    assert!(message(&bad).ends_with("kernel 'k': arguments 0 and 1 overlap in the payload"));
    let mut bad = m.clone();
    bad.kernels[0].args[0].ty = Type::Scalar(Elem::I16);
    assert!(message(&bad).ends_with("argument 0 is described as i16 but parameter 0 is i32"));
    let mut bad = m.clone();
    bad.kernels[0].args[0].kind_code = 2;
    assert!(message(&bad).ends_with("argument 0: kind 2 does not match its category and implicit kind"));
    let mut bad = m.clone();
    bad.kernels.push(bad.kernels[0].clone());
    assert!(message(&bad).ends_with("kernel 'k': its function has another kernel entry"));
    let mut bad = m.clone();
    bad.kernels.clear();
    assert!(message(&bad).ends_with("a dllexport kernel without kernel metadata"));
    let mut bad = m.clone();
    bad.functions[k].linkage = Linkage::Internal;
    assert!(message(&bad).ends_with("kernel 'k': @k is not a kernel function"));

    let mut units = build_units(&m).unwrap();
    verify_unit(&units[0], "test pass").unwrap();
    units[0].kernel.args[0].ty = V8I32;
    let d = verify_unit(&units[0], "test pass").unwrap_err();
    assert!(
        d[0].message.ends_with("argument 0 is described as <8 x i32> but parameter 0 is i32"),
        "{}",
        d[0]
    );
}

#[test]
fn uses_in_unreachable_blocks_are_not_checked_for_dominance() {
    let mut f = diamond();
    let x = Value::Inst(inst_named(&f, "x"));
    let dead = f.add_block("dead");
    f.push_inst(dead, inst(add(x, x), I32, "z"));
    f.blocks[dead].term = Terminator::Unreachable;
    check(&f).unwrap();
    // a value defined only in an unreachable block, used in a reachable one
    let mut f2 = f.clone();
    let z = Value::Inst(inst_named(&f2, "z"));
    let join = f2.layout[3];
    f2.push_inst(join, inst(add(z, z), I32, "w"));
    let diags = check(&f2).unwrap_err();
    assert!(
        diags[0].message.ends_with("uses %z, whose definition in block %dead does not dominate its use"),
        "{}",
        diags[0]
    );
}
