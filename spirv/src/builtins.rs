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
//! | GlobalInvocationId | group id × local size + local id |
//!
//! The global offset of an OpenCL launch is not modeled (GlobalOffset is refused, and global ids
//! count from 0, as under Level Zero, which has no global offset).

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

/// Writes the lines that compute a load of `builtin` into `result` of type `ty` (a vector of 3
/// integers of 32 or 64 bits), declaring the intrinsics they call. `Err` says what is not modeled.
pub fn load(
    builtin: Builtin,
    result: &str,
    ty: &Ty,
    temp: &mut dyn FnMut() -> String,
    intrinsics: &mut BTreeMap<String, String>,
    lines: &mut Vec<String>,
) -> Result<(), String> {
    let width = match ty {
        Ty::Vector(e, 3) => match **e {
            Ty::Int(w @ (32 | 64)) => w,
            _ => return Err(format!("a load of {builtin:?} as {}", ty.llvm())),
        },
        _ => return Err(format!("a load of {builtin:?} as {} (not a vector of 3 integers)", ty.llvm())),
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
        Builtin::WorkgroupId | Builtin::GlobalInvocationId => {
            let mut group = "undef".to_string();
            for (lane, axis) in ["x", "y", "z"].iter().enumerate() {
                let id = l.call(format!("llvm.genx.group.id.{axis}"), "i32");
                let next = (l.temp)();
                l.lines.push(format!("{next} = insertelement <3 x i32> {group}, i32 {id}, i32 {lane}"));
                group = next;
            }
            if builtin == Builtin::WorkgroupId {
                group
            } else {
                let size = l.vector("local.size");
                let local = l.vector("local.id");
                let scaled = l.binary("mul", &group, &size);
                l.binary("add", &scaled, &local)
            }
        }
    };
    let cast = if width == 64 { "zext" } else { "bitcast" };
    l.lines.push(format!("{result} = {cast} <3 x i32> {value} to {}", ty.llvm()));
    Ok(())
}
