//! The OpenCL built-in variables (Input variables with a BuiltIn decoration) that ESIMD and
//! OpenCL-style modules read for ids and sizes, rebuilt from the GenX thread payload intrinsics:
//! a load of one becomes the `llvm.genx.*` calls and arithmetic that compute it.
//!
//! | built-in | value (per dimension) |
//! | --- | --- |
//! | LocalInvocationId | `llvm.genx.local.id` |
//! | WorkgroupId | `llvm.genx.group.id.x/y/z` |
//! | WorkgroupSize, EnqueuedWorkgroupSize | `llvm.genx.local.size` |
//! | NumWorkgroups | `llvm.genx.group.count` |
//! | GlobalSize | local size × group count |
//! | GlobalInvocationId | group id × local size + local id (+ the global offset, 0) |
//! | GlobalOffset | 0 in every dimension |
//! | WorkDim | 3 |
//! | LocalInvocationIndex | local id linearized over the local size (x fastest) |
//! | GlobalLinearId | linear group id × group volume + local invocation index |
//! | SubgroupSize, SubgroupMaxSize | 1 |
//! | SubgroupLocalInvocationId | 0 |
//! | NumSubgroups, NumEnqueuedSubgroups | the group volume |
//! | SubgroupId | local invocation index |
//!
//! This is what Intel's Vector Compiler gives these built-ins (its SPIR-V built-in library): a
//! VC kernel's sub-group is one thread of size 1, and the launch's global offset is 0 (VC does
//! not take one, and Level Zero has none), so the global id is the offset-free sum above.

use crate::binary::Located;
use crate::module::Spirv;
use crate::types::Ty;
use genxc_diag::Diagnostic;
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Decoration};
use std::collections::BTreeMap;

/// An OpenCL built-in variable the reader rebuilds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// The work-item's id in the whole launch.
    GlobalInvocationId,
    /// The work-item's id in its group.
    LocalInvocationId,
    /// The group's id.
    WorkgroupId,
    /// The group's size.
    WorkgroupSize,
    /// The number of groups.
    NumWorkgroups,
    /// The launch's size in work-items.
    GlobalSize,
    /// The launch's global offset (0: VC takes none).
    GlobalOffset,
    /// The number of dimensions (3).
    WorkDim,
    /// The work-item's linear id in its group.
    LocalInvocationIndex,
    /// The work-item's linear id in the launch.
    GlobalLinearId,
    /// The sub-group size (1: a VC sub-group is one thread).
    SubgroupSize,
    /// The largest sub-group size (1).
    SubgroupMaxSize,
    /// The work-item's id in its sub-group (0).
    SubgroupLocalInvocationId,
    /// The number of sub-groups in the group (the group volume).
    NumSubgroups,
    /// The sub-group's id in the group (the local invocation index).
    SubgroupId,
}

/// The built-in a module-scope OpVariable is, with its id; `None` for other variables, an error
/// for a built-in the reader does not rebuild.
pub fn variable(m: &Spirv, at: &Located) -> Result<Option<(u32, Builtin)>, Diagnostic> {
    let Some(id) = at.inst.result_id else { return Ok(None) };
    let Some(decorations) = m.decorations.get(&id) else { return Ok(None) };
    let Some(builtin) = decorations.iter().find_map(|(d, ops)| match (d, ops.first()) {
        (Decoration::BuiltIn, Some(Operand::BuiltIn(b))) => Some(*b),
        _ => None,
    }) else {
        return Ok(None);
    };
    let kind = match builtin {
        BuiltIn::GlobalInvocationId => Builtin::GlobalInvocationId,
        BuiltIn::LocalInvocationId => Builtin::LocalInvocationId,
        BuiltIn::WorkgroupId => Builtin::WorkgroupId,
        BuiltIn::WorkgroupSize | BuiltIn::EnqueuedWorkgroupSize => Builtin::WorkgroupSize,
        BuiltIn::NumWorkgroups => Builtin::NumWorkgroups,
        BuiltIn::GlobalSize => Builtin::GlobalSize,
        BuiltIn::GlobalOffset => Builtin::GlobalOffset,
        BuiltIn::WorkDim => Builtin::WorkDim,
        BuiltIn::LocalInvocationIndex => Builtin::LocalInvocationIndex,
        BuiltIn::GlobalLinearId => Builtin::GlobalLinearId,
        BuiltIn::SubgroupSize => Builtin::SubgroupSize,
        BuiltIn::SubgroupMaxSize => Builtin::SubgroupMaxSize,
        BuiltIn::SubgroupLocalInvocationId => Builtin::SubgroupLocalInvocationId,
        BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups => Builtin::NumSubgroups,
        BuiltIn::SubgroupId => Builtin::SubgroupId,
        other => return Err(m.unsupported(at, format!("the built-in variable {other:?} is not modeled"))),
    };
    Ok(Some((id, kind)))
}

/// The lines being written and the intrinsics they declare.
struct Lines<'a> {
    temp: &'a mut dyn FnMut() -> String,
    intrinsics: &'a mut BTreeMap<String, String>,
    lines: &'a mut Vec<String>,
}

impl Lines<'_> {
    /// A call of the intrinsic `name` without operands returning `ret`; returns its value.
    fn call(&mut self, name: String, ret: &str) -> String {
        self.intrinsics.insert(name.clone(), format!("declare {ret} @{name}()"));
        let t = (self.temp)();
        self.lines.push(format!("{t} = call {ret} @{name}()"));
        t
    }

    /// A `<3 x i32>` payload intrinsic (`local.id`, `local.size`, `group.count`).
    fn vector(&mut self, name: &str) -> String {
        self.call(format!("llvm.genx.{name}.v3i32"), "<3 x i32>")
    }

    /// An instruction `op` on `<3 x i32>` operands; returns its value.
    fn binary(&mut self, op: &str, a: &str, b: &str) -> String {
        let t = (self.temp)();
        self.lines.push(format!("{t} = {op} <3 x i32> {a}, {b}"));
        t
    }
}

/// The three lanes of a `<3 x i32>` value, as `i32` values.
fn lanes(l: &mut Lines, v: &str) -> [String; 3] {
    [0, 1, 2].map(|lane| {
        let t = (l.temp)();
        l.lines.push(format!("{t} = extractelement <3 x i32> {v}, i32 {lane}"));
        t
    })
}

/// `x + y * sx + z * sx * sy` of the lanes `v` over the sizes `s`: a linear index, x fastest.
fn linear(l: &mut Lines, v: &str, s: &str) -> String {
    let [x, y, z] = lanes(l, v);
    let [sx, sy, _] = lanes(l, s);
    let zy = (l.temp)();
    l.lines.push(format!("{zy} = mul i32 {z}, {sy}"));
    let zyy = (l.temp)();
    l.lines.push(format!("{zyy} = add i32 {zy}, {y}"));
    let row = (l.temp)();
    l.lines.push(format!("{row} = mul i32 {zyy}, {sx}"));
    let index = (l.temp)();
    l.lines.push(format!("{index} = add i32 {row}, {x}"));
    index
}

/// The product of the three lanes of `v`.
fn volume(l: &mut Lines, v: &str) -> String {
    let [x, y, z] = lanes(l, v);
    let xy = (l.temp)();
    l.lines.push(format!("{xy} = mul i32 {x}, {y}"));
    let xyz = (l.temp)();
    l.lines.push(format!("{xyz} = mul i32 {xy}, {z}"));
    xyz
}

/// The group id as a `<3 x i32>` value.
fn group_id(l: &mut Lines) -> String {
    let mut group = "undef".to_string();
    for (lane, axis) in ["x", "y", "z"].iter().enumerate() {
        let id = l.call(format!("llvm.genx.group.id.{axis}"), "i32");
        let next = (l.temp)();
        l.lines.push(format!("{next} = insertelement <3 x i32> {group}, i32 {id}, i32 {lane}"));
        group = next;
    }
    group
}

/// Whether the built-in is a vector of 3 (per dimension) rather than a scalar.
fn per_dimension(builtin: Builtin) -> bool {
    matches!(
        builtin,
        Builtin::GlobalInvocationId
            | Builtin::LocalInvocationId
            | Builtin::WorkgroupId
            | Builtin::WorkgroupSize
            | Builtin::NumWorkgroups
            | Builtin::GlobalSize
            | Builtin::GlobalOffset
    )
}

/// Writes the lines that compute a load of `builtin` into `result` of type `ty` (a vector of 3
/// integers of 32 or 64 bits for the per-dimension built-ins, an integer of 32 or 64 bits for
/// the others), declaring the intrinsics they call. `Err` says what is not modeled.
pub fn load(
    builtin: Builtin,
    result: &str,
    ty: &Ty,
    temp: &mut dyn FnMut() -> String,
    intrinsics: &mut BTreeMap<String, String>,
    lines: &mut Vec<String>,
) -> Result<(), String> {
    let (width, vector) = match ty {
        Ty::Vector(e, 3) if per_dimension(builtin) => match **e {
            Ty::Int(w @ (32 | 64)) => (w, true),
            _ => return Err(format!("a load of {builtin:?} as {}", ty.llvm())),
        },
        Ty::Int(w @ (32 | 64)) if !per_dimension(builtin) => (*w, false),
        _ if per_dimension(builtin) => {
            return Err(format!("a load of {builtin:?} as {} (not a vector of 3 integers)", ty.llvm()))
        }
        _ => return Err(format!("a load of {builtin:?} as {} (not an integer)", ty.llvm())),
    };
    let mut l = Lines { temp, intrinsics, lines };
    let value = match builtin {
        Builtin::LocalInvocationId => l.vector("local.id"),
        Builtin::WorkgroupSize => l.vector("local.size"),
        Builtin::NumWorkgroups => l.vector("group.count"),
        Builtin::GlobalSize => {
            let size = l.vector("local.size");
            let count = l.vector("group.count");
            l.binary("mul", &size, &count)
        }
        Builtin::GlobalOffset => "zeroinitializer".to_string(),
        Builtin::WorkgroupId => group_id(&mut l),
        Builtin::GlobalInvocationId => {
            let group = group_id(&mut l);
            let size = l.vector("local.size");
            let local = l.vector("local.id");
            let scaled = l.binary("mul", &group, &size);
            l.binary("add", &scaled, &local)
        }
        Builtin::WorkDim => "3".to_string(),
        Builtin::SubgroupSize | Builtin::SubgroupMaxSize => "1".to_string(),
        Builtin::SubgroupLocalInvocationId => "0".to_string(),
        Builtin::LocalInvocationIndex | Builtin::SubgroupId => {
            let local = l.vector("local.id");
            let size = l.vector("local.size");
            linear(&mut l, &local, &size)
        }
        Builtin::NumSubgroups => {
            let size = l.vector("local.size");
            volume(&mut l, &size)
        }
        Builtin::GlobalLinearId => {
            let group = group_id(&mut l);
            let count = l.vector("group.count");
            let group_index = linear(&mut l, &group, &count);
            let size = l.vector("local.size");
            let local = l.vector("local.id");
            let local_index = linear(&mut l, &local, &size);
            let group_volume = volume(&mut l, &size);
            let base = (l.temp)();
            l.lines.push(format!("{base} = mul i32 {group_index}, {group_volume}"));
            let id = (l.temp)();
            l.lines.push(format!("{id} = add i32 {base}, {local_index}"));
            id
        }
    };
    let from = if vector { "<3 x i32>" } else { "i32" };
    let cast = if width == 64 { "zext" } else { "bitcast" };
    l.lines.push(format!("{result} = {cast} {from} {value} to {}", ty.llvm()));
    Ok(())
}
