//! Splitting `.ll` text into small modules of kernel units, so that LLVM parsing and import run
//! on the worker threads, in each thread's own `LLVMContext`, and no LLVM module of the whole input
//! is ever held in memory. Consecutive units are parsed together as one module, a chunk of about
//! [`CHUNK_BYTES`] ([`Plan::chunks`]): what units share (the header, the intrinsic declarations)
//! is then parsed, verified and imported once per chunk rather than once per unit.
//!
//! [`plan`] is a textual pre-scan of the whole input. It cuts the text into top-level entities
//! (header lines, `declare`s, `define`s, numbered metadata nodes, named metadata), finds the
//! functions and metadata nodes each entity refers to, and gives each kernel its entities: the
//! header, its `define`, the internal functions it reaches, the declarations and metadata nodes
//! they refer to, and a `!genx.kernels` holding only its node. The plan is refused (`None`, and the
//! driver compiles the whole module as before) whenever the scan is unsure that compiling the units
//! alone gives what the whole module gives: anything it does not recognize (globals, types,
//! quoted or numbered names, other linkages), a `define`, `declare` or metadata node that no unit
//! includes (the whole module would still check it), a kernel called or reached twice, or more
//! functions than a module may hold. The driver also compiles the whole module when any unit
//! fails, so every diagnostic still comes from the whole module, located in the original file.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use rayon::prelude::*;

/// What a top-level entity is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// `target ...`, `source_filename`, `attributes #N = ...`: in every unit.
    Header,
    /// `declare ... @name(...)`.
    Declare(String),
    /// `define ... @name(...) { ... }`; `true` for a kernel (`dllexport`), `false` for `internal`.
    Define(String, bool),
    /// `!N = ...`.
    Node(u32),
    /// `!genx.kernels = !{...}`: rewritten per unit.
    KernelList(Vec<u32>),
    /// Another named metadata (`!llvm.ident = ...`): in every unit with the nodes it refers to.
    Named,
}

/// One top-level entity: its text (whole lines, `start..end` of the input) and what it refers to.
#[derive(Clone, Debug)]
struct Entity<'a> {
    start: usize,
    end: usize,
    kind: Kind,
    functions: Vec<&'a str>,
    nodes: Vec<u32>,
}

/// The units of an input, in the order the whole module would give them.
#[derive(Clone, Debug)]
pub struct Plan<'a> {
    text: &'a str,
    entities: Vec<Entity<'a>>,
    /// Per unit: its kernel function and the indices of its entities, in file order.
    pub units: Vec<UnitPlan>,
    /// Internal functions reached by more than one kernel (cloned and renamed per kernel).
    pub shared: HashSet<String>,
}

/// The entities of one unit.
#[derive(Clone, Debug)]
pub struct UnitPlan {
    /// The kernel function's name.
    pub kernel: String,
    /// The functions the unit holds: the kernel and the internal functions it reaches.
    pub functions: HashSet<String>,
    entities: Vec<usize>,
    /// The kernel's `genx.kernels` node, if it has one.
    node: Option<u32>,
}

/// Text a chunk of units holds (what [`Plan::chunks`] aims at): LLVM parses and imports a chunk
/// as one module, so the header and the declarations its units share are parsed once per chunk
/// rather than once per unit, while the LLVM module a worker holds stays small.
pub const CHUNK_BYTES: usize = 512 << 10;

impl Plan<'_> {
    /// The LLVM IR text of consecutive units ([`Plan::chunks`]) as one module: the entities of any
    /// of them in file order, once each, and a `!genx.kernels` naming their kernels' nodes in unit
    /// order (so the module's kernels come in unit order).
    pub fn chunk_text(&self, units: &[&UnitPlan]) -> String {
        let mut entities: Vec<usize> = units.iter().flat_map(|u| u.entities.iter().copied()).collect();
        if units.len() > 1 {
            entities.sort_unstable();
            entities.dedup();
        }
        let size: usize = entities.iter().map(|&i| self.entities[i].end - self.entities[i].start).sum();
        let mut out = String::with_capacity(size + 16 * units.len());
        for i in entities {
            let e = &self.entities[i];
            if let Kind::KernelList(_) = e.kind {
                let nodes: Vec<String> =
                    units.iter().filter_map(|u| u.node).map(|n| format!("!{n}")).collect();
                if !nodes.is_empty() {
                    out.push_str(&format!("!genx.kernels = !{{{}}}\n", nodes.join(", ")));
                }
            } else {
                out.push_str(&self.text[e.start..e.end]);
            }
        }
        out
    }

    /// The bytes of input text a unit holds.
    fn unit_bytes(&self, unit: &UnitPlan) -> usize {
        unit.entities.iter().map(|&i| self.entities[i].end - self.entities[i].start).sum()
    }

    /// The units cut into chunks of consecutive units (index ranges into [`Plan::units`]), each
    /// parsed and imported as one module: about [`CHUNK_BYTES`] of text each, and at least
    /// `workers` chunks when there are that many units, so every worker parses. Units with a
    /// `genx.kernels` node and units without one are never in one chunk (a module's listed
    /// kernels come before its unlisted ones).
    pub fn chunks(&self, workers: usize) -> Vec<std::ops::Range<usize>> {
        let sizes: Vec<usize> = self.units.iter().map(|u| self.unit_bytes(u)).collect();
        let total: usize = sizes.iter().sum();
        let count = total.div_ceil(CHUNK_BYTES).max(workers.min(self.units.len())).max(1);
        let target = total.div_ceil(count);
        let mut out = Vec::new();
        let (mut start, mut bytes) = (0, 0);
        for (i, u) in self.units.iter().enumerate() {
            if i > start && (bytes >= target || u.node.is_some() != self.units[start].node.is_some()) {
                out.push(start..i);
                (start, bytes) = (i, 0);
            }
            bytes += sizes[i];
        }
        if start < self.units.len() {
            out.push(start..self.units.len());
        }
        out
    }
}

/// Characters of an unquoted LLVM name.
fn name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"._$-".contains(&b)
}

/// The bytes at which [`references`] may find something: comments, strings, `@name`, `ptr`, `!N`.
const REFERENCE_STARTS: [bool; 256] = {
    let mut t = [false; 256];
    let starts = b";\"@p!";
    let mut i = 0;
    while i < starts.len() {
        t[starts[i] as usize] = true;
        i += 1;
    }
    t
};

/// The functions (`@name`) and metadata nodes (`!N`) an entity's text refers to, outside comments
/// and strings; `None` for a quoted or numbered global name, which the plan does not handle.
fn references(text: &str) -> Option<(Vec<&str>, Vec<u32>)> {
    let b = text.as_bytes();
    let (mut functions, mut nodes) = (Vec::new(), Vec::new());
    let mut i = 0;
    loop {
        // Most bytes start nothing the scan looks at: step over them without the match.
        i = genxc_frontend::limits::next_stop(b, i, &REFERENCE_STARTS);
        let Some(&at) = b.get(i) else { break };
        match at {
            b';' => i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |e| i + e),
            b'"' => {
                i += 1;
                i = memchr::memchr(b'"', &b[i..]).map_or(b.len(), |e| i + e) + 1;
            }
            b'@' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && name_char(b[j]) {
                    j += 1;
                }
                if j == start || b[start].is_ascii_digit() || b[start] == b'-' {
                    return None;
                }
                functions.push(&text[start..j]);
                i = j;
            }
            // LLVM 14 prints a warning for `ptr` (opaque pointers) on standard error while it
            // parses: each unit would print it again, at a line of its own text.
            b'p' if b[i..].starts_with(b"ptr")
                && (i == 0 || !name_char(b[i - 1]) && !b"%@!#".contains(&b[i - 1]))
                && !b.get(i + 3).is_some_and(|&c| name_char(c)) =>
            {
                return None;
            }
            b'!' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                nodes.push(text[start..j].parse().ok()?);
                i = j;
            }
            _ => i += 1,
        }
    }
    Some((functions, nodes))
}

/// The `@name` a `declare` or `define` line declares, and the words before it.
fn declared_name(line: &str) -> Option<(&str, &str)> {
    let at = line.find('@')?;
    let rest = &line[at + 1..];
    let end = rest.bytes().position(|b| !name_char(b))?;
    (rest.as_bytes()[end] == b'(' && end > 0).then(|| (&rest[..end], &line[..at]))
}

/// Text LLVM may print a warning about while it parses (debug info it strips and reports): such
/// input is compiled whole, so warnings are printed once, at their place.
const WARNED: [&str; 4] = ["!dbg", "!DI", "!llvm.dbg", "!llvm.module.flags"];

/// Cuts the text into entities; `None` on anything not recognized.
fn entities(text: &str) -> Option<Vec<Entity<'_>>> {
    // One pass over the `!`s rather than one search of the whole text per word.
    if text.match_indices('!').any(|(i, _)| WARNED.iter().any(|w| text[i..].starts_with(w))) {
        return None;
    }
    let mut out: Vec<Entity> = Vec::new();
    let mut pos = 0;
    while pos < text.len() {
        let start = pos;
        let end = line_end(text, pos);
        let line = &text[start..end];
        pos = end;
        // A line that continues the entity above: a metadata node or attribute list written over
        // several lines (indented, right below it). A function body is taken whole with its
        // `define` below.
        if line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            let last = out.last_mut()?;
            if last.end != start || matches!(last.kind, Kind::Define(..) | Kind::KernelList(_)) {
                return None;
            }
            last.end = end;
            continue;
        }
        let trimmed = line.trim_end();
        if trimmed.is_empty() || line.starts_with(';') {
            continue;
        }
        let kind = if line.starts_with("target ")
            || line.starts_with("source_filename")
            || line.starts_with("attributes #")
        {
            Kind::Header
        } else if line.starts_with("declare ") {
            Kind::Declare(declared_name(line)?.0.to_string())
        } else if line.starts_with("define ") {
            // The whole module judges linkages; a unit is only built for `dllexport` kernels and
            // `internal` subroutines, and any other linkage makes the unit fail.
            let (name, words) = declared_name(line)?;
            let words: Vec<&str> = words.split_whitespace().collect();
            let kernel = words.contains(&"dllexport");
            if kernel == words.contains(&"internal") {
                return None;
            }
            // The body runs to the first line that starts with `}`: found in one search rather
            // than line by line (the bodies are most of the text). A body that never ends is the
            // whole module's to report.
            let at = memchr::memmem::find(&text.as_bytes()[end - 1..], b"\n}")?;
            pos = line_end(text, end + at);
            Kind::Define(name.to_string(), kernel)
        } else if let Some(rest) = line.strip_prefix("!genx.kernels") {
            let list = rest.trim_start().strip_prefix('=')?.trim();
            if !list.starts_with("!{") || !list.ends_with('}') {
                return None;
            }
            Kind::KernelList(references(list)?.1)
        } else if line.starts_with('!') && line.as_bytes().get(1).is_some_and(u8::is_ascii_digit) {
            let digits = line[1..].bytes().take_while(u8::is_ascii_digit).count();
            if !line[1 + digits..].trim_start().starts_with('=') {
                return None;
            }
            Kind::Node(line[1..1 + digits].parse().ok()?)
        } else if line.starts_with('!') && line.as_bytes().get(1).is_some_and(|&b| b.is_ascii_alphabetic()) {
            Kind::Named
        } else {
            return None;
        };
        out.push(Entity { start, end: pos, kind, functions: Vec::new(), nodes: Vec::new() });
    }
    // The references of each entity, on the threads of the current rayon pool: this scan is most
    // of the serial time before the units start.
    let found: Option<Vec<()>> = out
        .par_iter_mut()
        .map(|e| {
            let (mut functions, nodes) = references(&text[e.start..e.end])?;
            if let Kind::Define(..) = e.kind {
                // A body names each callee at every call; only the set matters for a `define`.
                functions.sort_unstable();
                functions.dedup();
            }
            e.functions = functions;
            e.nodes = nodes;
            Some(())
        })
        .collect();
    found.map(|_| out)
}

/// The end of the line that holds byte `pos`: just after its `\n`, or the end of the text.
fn line_end(text: &str, pos: usize) -> usize {
    memchr::memchr(b'\n', &text.as_bytes()[pos..]).map_or(text.len(), |e| pos + e + 1)
}

/// Plans the units of `.ll` text, or `None` when the whole module must be compiled (see the module
/// documentation). A text with no kernel has no plan. Runs on the current rayon pool's threads.
pub fn plan(text: &str) -> Option<Plan<'_>> {
    let entities = entities(text)?;
    let mut defines: HashMap<&str, (usize, bool)> = HashMap::new();
    let mut declares: HashMap<&str, usize> = HashMap::new();
    let mut nodes: HashMap<u32, usize> = HashMap::new();
    let mut list = None;
    for (i, e) in entities.iter().enumerate() {
        let fresh = match &e.kind {
            Kind::Define(name, kernel) => {
                !declares.contains_key(name.as_str()) && defines.insert(name, (i, *kernel)).is_none()
            }
            Kind::Declare(name) => !defines.contains_key(name.as_str()) && declares.insert(name, i).is_none(),
            Kind::Node(n) => nodes.insert(*n, i).is_none(),
            Kind::KernelList(l) => list.replace(l).is_none(),
            Kind::Header | Kind::Named => true,
        };
        if !fresh {
            return None;
        }
    }
    if defines.len() > genxc_genx::import::validate::MAX_FUNCTIONS {
        return None;
    }
    // Each listed node names its kernel with its first function reference.
    let mut node_of: HashMap<&str, u32> = HashMap::new();
    let mut order: Vec<&str> = Vec::new();
    for &n in list.map(Vec::as_slice).unwrap_or(&[]) {
        let kernel = *entities[*nodes.get(&n)?].functions.first()?;
        if !matches!(defines.get(kernel), Some((_, true))) || node_of.insert(kernel, n).is_some() {
            return None;
        }
        order.push(kernel);
    }
    let mut kernels: Vec<(usize, &str)> =
        defines.iter().filter(|(_, (_, k))| *k).map(|(&name, &(i, _))| (i, name)).collect();
    kernels.sort_unstable();
    order.extend(kernels.iter().map(|&(_, name)| name).filter(|name| !node_of.contains_key(name)));
    if order.is_empty() {
        return None;
    }
    // Header, named metadata and the kernel list are in every unit; the list's references are
    // not followed (it names every kernel's node).
    let common: Vec<usize> = entities
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, Kind::Header | Kind::Named | Kind::KernelList(_)))
        .map(|(i, _)| i)
        .collect();
    let mut used = vec![false; entities.len()];
    let mut reached_by: HashMap<&str, usize> = HashMap::new();
    let mut units = Vec::new();
    let index = Index { entities: &entities, defines: &defines, declares: &declares, nodes: &nodes };
    for kernel in order {
        let mut roots = common.clone();
        roots.push(defines[kernel].0);
        roots.extend(node_of.get(kernel).map(|n| nodes[n]));
        let included = index.closure(roots, &mut vec![false; entities.len()])?;
        let mut functions = HashSet::new();
        for &i in &included {
            used[i] = true;
            match &entities[i].kind {
                // A kernel reached from another is called: the whole module reports that.
                Kind::Define(name, true) if name != kernel => return None,
                Kind::Define(name, _) => {
                    functions.insert(name.clone());
                }
                _ => {}
            }
        }
        for f in &functions {
            if f != kernel {
                *reached_by.entry(defines.get_key_value(f.as_str())?.0).or_default() += 1;
            }
        }
        let node = node_of.get(kernel).copied();
        units.push(UnitPlan { kernel: kernel.to_string(), functions, entities: included, node });
    }
    // What no kernel reaches (unused declarations, subroutines, nodes) goes into the first unit
    // too: the whole module still parses, validates and imports it, so its errors must show.
    let unused: Vec<usize> = (0..entities.len()).filter(|&i| !used[i]).collect();
    if !unused.is_empty() {
        let first = units.first_mut()?;
        let mut seen = vec![false; entities.len()];
        for &i in &first.entities {
            seen[i] = true;
        }
        first.entities.extend(index.closure(unused, &mut seen)?);
        first.entities.sort_unstable();
    }
    let shared = reached_by.into_iter().filter(|&(_, n)| n > 1).map(|(f, _)| f.to_string()).collect();
    Some(Plan { text, entities, units, shared })
}

/// Lookups into the entities of a text.
struct Index<'p, 'a> {
    entities: &'p [Entity<'a>],
    defines: &'p HashMap<&'a str, (usize, bool)>,
    declares: &'p HashMap<&'a str, usize>,
    nodes: &'p HashMap<u32, usize>,
}

impl Index<'_, '_> {
    /// The entities `roots` refer to, transitively, themselves included and those `seen` already
    /// excluded, sorted; the kernel list's references are not followed (it names every kernel's
    /// node). `None` when a name is neither defined nor declared or a node is missing: the whole
    /// module reports that.
    fn closure(&self, roots: Vec<usize>, seen: &mut [bool]) -> Option<Vec<usize>> {
        let mut out = Vec::new();
        let mut stack = roots;
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            out.push(i);
            let e = &self.entities[i];
            if let Kind::KernelList(_) = e.kind {
                continue;
            }
            for f in &e.functions {
                stack.push(self.defines.get(f).map(|d| d.0).or_else(|| self.declares.get(f).copied())?);
            }
            for n in &e.nodes {
                stack.push(*self.nodes.get(n)?);
            }
        }
        out.sort_unstable();
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "target triple = \"genx64-unknown-unknown\"\n; a comment\ndeclare i32 @llvm.genx.group.id.x()\ndeclare i32 @unused()\n\
define internal i32 @sub(i32 %x) {\n  ret i32 %x\n}\n\
define dllexport void @a(i32 %p) #0 {\nentry:\n  %g = call i32 @llvm.genx.group.id.x()\n  %s = call i32 @sub(i32 %g)\n  ret void\n}\n\
define dllexport void @b(i32 %p) #0 {\n  %s = call i32 @sub(i32 %p)\n  ret void\n}\n\
attributes #0 = { \"CMGenxMain\" }\n!genx.kernels = !{!1, !0}\n!0 = !{void (i32)* @a, !\"a\", !2}\n!1 = !{void (i32)* @b, !\"b\",\n  !2}\n!2 = !{i32 0}\n";

    #[test]
    fn units_hold_what_their_kernel_reaches() {
        let plan = plan(TWO).unwrap();
        let kernels: Vec<&str> = plan.units.iter().map(|u| u.kernel.as_str()).collect();
        assert_eq!(kernels, ["b", "a"], "in genx.kernels order");
        assert_eq!(plan.shared, ["sub".to_string()].into_iter().collect());
        let b = plan.chunk_text(&[&plan.units[0]]);
        // The first unit also holds what no kernel reaches (the unused declaration).
        assert!(b.contains("@unused") && !b.contains("define dllexport void @a"), "{b}");
        assert!(b.contains("!genx.kernels = !{!1}\n") && b.contains("  !2}\n") && !b.contains("!0 ="), "{b}");
        let a = plan.chunk_text(&[&plan.units[1]]);
        assert!(
            !a.contains("@unused") && !a.contains("; a comment") && a.contains("@llvm.genx.group.id.x()\n")
        );
        assert!(a.contains("!genx.kernels = !{!0}\n") && a.contains("!2 = !{i32 0}\n"), "{a}");
        assert_eq!(plan.units[1].functions, ["a", "sub"].into_iter().map(String::from).collect());
    }

    #[test]
    fn a_chunk_holds_its_units_once_in_file_order() {
        let plan = plan(TWO).unwrap();
        let both = plan.chunk_text(&[&plan.units[0], &plan.units[1]]);
        assert!(both.contains("!genx.kernels = !{!1, !0}\n"), "{both}");
        assert_eq!(both.matches("define internal i32 @sub").count(), 1, "{both}");
        assert_eq!(both.matches("declare i32 @llvm.genx.group.id.x()").count(), 1, "{both}");
        let a = both.find("define dllexport void @a").unwrap();
        let b = both.find("define dllexport void @b").unwrap();
        assert!(both.find("@sub(i32 %x)").unwrap() < a && a < b, "file order: {both}");
        // One unit's chunk is its own text.
        assert!(!plan.chunk_text(&[&plan.units[1]]).contains("@unused"));
    }

    #[test]
    fn chunks_cover_the_units_in_order() {
        // Many small kernels: one chunk per worker, in unit order.
        let mut text = String::from("target triple = \"genx64-unknown-unknown\"\n");
        for k in 0..10 {
            text.push_str(&format!("define dllexport void @k{k}() {{\n  ret void\n}}\n"));
        }
        let plan = plan(&text).unwrap();
        assert_eq!(plan.chunks(1).first(), Some(&(0..10)));
        assert_eq!(plan.chunks(1).len(), 1);
        let two = plan.chunks(2);
        assert_eq!(two.len(), 2);
        assert_eq!((two[0].start, two[0].end, two[1].end), (0, two[1].start, 10));
        assert_eq!(plan.chunks(64).len(), 10, "at most one chunk per unit");
        // Kernels listed in genx.kernels and kernels that are not never share a chunk.
        let plan = super::plan(TWO.replace("!genx.kernels = !{!1, !0}", "!genx.kernels = !{!1}").as_str())
            .map(|p| p.chunks(1));
        assert_eq!(plan, Some(vec![0..1, 1..2]));
    }

    #[test]
    fn anything_unsure_is_left_to_the_whole_module() {
        let refused = [
            ("a global", "@g = global i32 0\n"),
            ("an external function", "define void @ext() {\n  ret void\n}\n"),
            ("an opaque pointer", "declare void @f(ptr)\n"),
            ("debug info", "!llvm.dbg.cu = !{}\n"),
            ("a named type", "%t = type { i32 }\n"),
            ("an undefined name", "define internal void @u() {\n  call void @nowhere()\n  ret void\n}\n"),
            ("a numbered global", "declare void @0()\n"),
            ("a second kernel node", "!genx.kernels = !{!0}\n"),
            ("an unterminated body", "define internal void @open() {\n"),
        ];
        for (what, extra) in refused {
            let text = format!("{TWO}{extra}");
            assert!(plan(&text).is_none(), "{what}");
        }
        assert!(plan("target triple = \"genx64\"\n").is_none(), "no kernel");
        // `ptr` inside names is no keyword.
        assert!(plan(&TWO.replace("%p", "%ptr")).is_some());
    }
}
