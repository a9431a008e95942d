//! The vISA executor on small kernels built with the model API, checked against hand-computed
//! results: ALU semantics, regions, predicates and masks, control flow, messages, undefined
//! values and barriers.

#[path = "../common/mod.rs"]
mod common;

use common::*;
use genxc_sim::exec::arg_specs;
use genxc_sim::launch::{ArgSpec, ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Event, Memory};
use genxc_sim::SimError;
use genxc_visa::*;

/// The float with the bits `x`.
fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

/// A kernel with `v` (16 x d, input at 64: values 0..15 given by the launch) and `r`.
fn lanes_kernel() -> (Kernel, SurfaceId, VarId, VarId) {
    let (mut k, out) = with_out("t");
    let v = k.add_var("v", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 16, Align::Grf);
    k.add_input(InputTarget::Var(v), 64, 64);
    (k, out, v, r)
}

/// Runs a [`lanes_kernel`] on one thread with its surface and the values 0..15.
fn run_lanes(k: &Kernel) -> (Result<genxc_sim::Report, SimError>, genxc_sim::memory::Memory) {
    let mut m = surfaces(1, 256);
    let vals: Vec<u8> = (0..16i32).flat_map(|x| x.to_le_bytes()).collect();
    let l =
        one_thread(vec![genxc_sim::launch::ArgValue::Surface(0), genxc_sim::launch::ArgValue::Bytes(vals)]);
    let r = genxc_sim::exec::run(std::slice::from_ref(k), &CFG, &l, &mut m);
    (r, m)
}

/// Runs `k` on one thread with `args` over memory `m`.
fn run_with(k: &Kernel, m: &mut Memory, args: Vec<ArgValue>) -> Result<genxc_sim::Report, SimError> {
    genxc_sim::exec::run(std::slice::from_ref(k), &CFG, &one_thread(args), m)
}

mod alu;
mod control_flow;
mod messages;
mod regions;
mod sampler;
mod threads;
