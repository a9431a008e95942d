//! The structural validator of vISA kernels: each rule rejects a kernel that breaks it, with its
//! message, and the same kernel repaired passes (so the writers never see what would make them
//! panic or write text the finalizer cannot read).

use genxc_visa::*;

/// A small valid kernel: two variables, an alias of the first, an address variable, an input,
/// and a `mov` of 8 elements.
fn kernel() -> (Kernel, VarId) {
    let mut k = Kernel::new("k");
    let v = k.add_var("v", VisaType::D, 16, Align::Grf);
    k.add_alias("w", VisaType::W, 32, Align::Grf, v, 0);
    k.add_input(InputTarget::Var(v), 64, 64);
    k.push(alu(AluOp::Mov, Exec::new(8), Dst::new(v, 0), vec![Src::vec(v, 8).into()]));
    k.validate().unwrap();
    (k, v)
}

fn rejected(k: &Kernel, what: &str) {
    let errs = k.validate().expect_err("the validator accepted a broken kernel");
    assert!(errs.iter().any(|e| e.contains(what)), "no error says {what:?}: {errs:#?}");
}

#[test]
fn reserved_predefined_variables_are_unknown() {
    let (mut k, v) = kernel();
    k.push(alu(AluOp::Mov, Exec::new(1), Dst::new(VarId(25), 0), vec![Src::scalar(v, 0).into()]));
    rejected(&k, "inst 1: unknown variable V25");
    // the named predefined ones are fine
    k.body[1] = alu(AluOp::Mov, Exec::new(1), Dst::new(v, 0), vec![Src::scalar(VarId::R0, 0).into()]);
    k.validate().unwrap();
}

#[test]
fn aliases_lie_inside_their_base() {
    let (mut k, v) = kernel();
    k.add_alias("tail", VisaType::D, 4, Align::Dword, v, 56);
    rejected(&k, "variable tail (16 bytes at byte 56) does not fit in the 64 bytes of its base");
    k.vars.last_mut().unwrap().alias = Some((v, 48));
    k.validate().unwrap();
}

#[test]
fn predicate_and_address_sizes() {
    let (mut k, _) = kernel();
    k.add_pred("p", 12);
    k.add_addr("a", 17);
    rejected(&k, "predicate p has 12 lanes (1, 2, 4, 8, 16 or 32)");
    rejected(&k, "address variable a has 17 elements (1 to 16)");
}

#[test]
fn inputs_fit_their_variable_and_do_not_overlap() {
    let (mut k, _) = kernel();
    let u = k.add_var("u", VisaType::D, 4, Align::Grf);
    k.add_input(InputTarget::Var(u), 96, 32);
    rejected(&k, "input u of 32 bytes binds a variable of 16");
    rejected(&k, "the input at bytes [96, 128) overlaps the input at [64, 128)");
    k.inputs.pop();
    k.add_input(InputTarget::Var(u), 128, 16);
    k.validate().unwrap();
}

#[test]
fn address_elements_exist() {
    let (mut k, v) = kernel();
    let a = k.add_addr("a", 2);
    let ind = |addr_elem| IndSrc {
        addr: a,
        addr_elem,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::SCALAR,
        multi: false,
        modifier: SrcMod::None,
    };
    k.push(alu(AluOp::Mov, Exec::new(1), Dst::new(v, 0), vec![ind(2).into()]));
    rejected(&k, "inst 1: element 2 of address variable a of 2 elements");
    k.body[1] = alu(AluOp::Mov, Exec::new(1), Dst::new(v, 0), vec![ind(1).into()]);
    k.validate().unwrap();
}

#[test]
fn raw_operands_start_inside_their_variable() {
    let (mut k, v) = kernel();
    let load = |offset| Inst::OwordLd {
        size: Owords::O2,
        unaligned: false,
        surface: SurfaceId::T1,
        offset: Imm::UD(0).into(),
        dst: Raw { var: v, offset },
    };
    k.push(load(64));
    rejected(&k, "inst 1: raw operand at byte 64 of variable v of 64 bytes");
    k.body[1] = load(32);
    k.validate().unwrap();
}

#[test]
fn gathers_have_their_exec_sizes() {
    let (mut k, v) = kernel();
    let gather = |size| Inst::Gather {
        store: false,
        elt_size: 4,
        exec: Exec::new(size),
        surface: SurfaceId::T1,
        global_offset: Imm::UD(0).into(),
        offsets: Raw::of(v),
        data: Raw::of(v),
    };
    k.push(gather(4));
    rejected(&k, "inst 1: invalid gather exec size 4 (1, 8 or 16)");
    k.body[1] = gather(8);
    k.validate().unwrap();
}

#[test]
fn jumps_stay_in_their_subroutine() {
    let (mut k, _) = kernel();
    let sub = k.add_subroutine("sub");
    let inside = k.add_label("inside");
    k.push(Inst::Jmp { pred: None, exec: Exec::new(1), target: inside });
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
    k.push(Inst::Subroutine(sub));
    k.push(Inst::Label(inside));
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
    rejected(&k, "inst 1: jumps to label inside of another subroutine");
    // the same jump from inside the subroutine is fine
    k.body.remove(1);
    k.body.push(Inst::Jmp { pred: None, exec: Exec::new(1), target: inside });
    k.validate().unwrap();
}

#[test]
fn alu_operands_do_not_mix_integer_and_float_nor_read_predicates() {
    let (mut k, v) = kernel();
    let f = k.add_var("f", VisaType::F, 8, Align::Grf);
    let p = k.add_pred("p", 8);
    k.push(alu(AluOp::Add, Exec::new(8), Dst::new(v, 0), vec![Src::vec(f, 0).into(), SrcOp::Imm(Imm::D(1))]));
    rejected(&k, "inst 1: add mixes integer and floating-point operands");
    k.body[1] =
        alu(AluOp::Add, Exec::new(8), Dst::new(f, 0), vec![Src::vec(v, 0).into(), SrcOp::Imm(Imm::D(1))]);
    rejected(&k, "inst 1: add mixes integer and floating-point operands");
    k.body[1] = alu(AluOp::Add, Exec::new(8), Dst::new(v, 0), vec![SrcOp::Pred(p), SrcOp::Imm(Imm::D(1))]);
    rejected(&k, "inst 1: add reads a predicate");
    // a conversion and a float add are fine
    k.body[1] = alu(AluOp::Mov, Exec::new(8), Dst::new(v, 0), vec![Src::vec(f, 0).into()]);
    k.push(alu(
        AluOp::Add,
        Exec::new(8),
        Dst::new(f, 0),
        vec![Src::vec(f, 0).into(), SrcOp::Imm(Imm::F(1.0))],
    ));
    k.validate().unwrap();
}

#[test]
fn wide_executions_start_at_a_multiple_of_their_size() {
    let (mut k, v) = kernel();
    k.push(alu(
        AluOp::Mov,
        Exec { size: 8, mask: 1, nomask: false },
        Dst::new(v, 0),
        vec![Src::vec(v, 8).into()],
    ));
    rejected(&k, "inst 1: mask offset M2 is not aligned to 8 lanes");
    k.body[1] = alu(
        AluOp::Mov,
        Exec { size: 8, mask: 2, nomask: false },
        Dst::new(v, 0),
        vec![Src::vec(v, 8).into()],
    );
    k.validate().unwrap();
    k.body[1] = alu(
        AluOp::Mov,
        Exec { size: 4, mask: 1, nomask: false },
        Dst::new(v, 0),
        vec![Src::vec(v, 8).into()],
    );
    k.validate().unwrap();
}

#[test]
fn sampler_messages_are_simd8_or_simd16_with_channels_and_a_declared_sampler() {
    let (mut k, v) = kernel();
    let t = k.add_surface("t");
    let smp = k.add_sampler("smp");
    let sample = |exec, channels, sampler| Inst::Sample {
        channels,
        exec,
        sampler,
        surface: t,
        u: Raw::of(v),
        v: Raw::NULL,
        r: Raw::NULL,
        dst: Raw::of(v),
    };
    k.push(sample(Exec::new(32), Channels::R, smp));
    rejected(&k, "sampler message exec (32) is not SIMD8 or SIMD16");
    k.body[1] = sample(Exec::new(8), Channels { r: false, g: false, b: false, a: false }, smp);
    rejected(&k, "sampler message with no channel enabled");
    k.body[1] = sample(Exec::new(8), Channels::R, SamplerId(1));
    rejected(&k, "unknown sampler S1");
    k.body[1] = sample(Exec::new(16).at(2), Channels::R, smp);
    rejected(&k, "is not SIMD8 or SIMD16 at M1");
    k.body[1] = sample(Exec::new(8), Channels::R, smp);
    k.validate().unwrap();
    let load = |exec| Inst::Load {
        channels: Channels::RGBA,
        exec,
        surface: t,
        u: Raw::of(v),
        v: Raw::of(v),
        r: Raw::NULL,
        dst: Raw::of(v),
    };
    k.body[1] = load(Exec::nm(16));
    rejected(&k, "is not SIMD8 or SIMD16 at M1");
    k.body[1] = load(Exec::new(16));
    k.validate().unwrap();
}
