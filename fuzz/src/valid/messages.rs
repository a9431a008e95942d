//! The memory messages of the valid-kernel generator: loads from the input areas (oword block,
//! `gather.scaled`, SVM block and gather, media block) with their loaded values range-checked,
//! stores into the running thread's own output slots (every store, counting loop iterations,
//! getting its own bytes), and dword atomics on distinct lanes of the thread's atomics area.

use super::*;

impl Gen<'_, '_> {
    /// Product of the enclosing loops' most iterations.
    fn trips(&self) -> u32 {
        self.loops.iter().map(|l| l.1).product()
    }

    /// `size` bytes (times the enclosing loops' iterations) of an area of `cap` bytes with `used`
    /// given out; returns the base.
    fn alloc(used: &mut u32, cap: u32, size: u32, trips: u32) -> Option<u32> {
        let total = size * trips;
        if *used + total > cap {
            return None;
        }
        let base = *used;
        *used += total;
        Some(base)
    }

    /// i32 IR value: `base` + the loop counters' share (iteration i of the innermost loop at
    /// `base + i * size`, outer loops stepping over whole inner ranges), in units of `size`
    /// when `units` (else bytes).
    fn iteration_offset(&mut self, base: u32, size: u32, units: bool) -> String {
        let mut acc = if units { (base / size).to_string() } else { base.to_string() };
        let mut step = if units { 1 } else { size };
        for (i, trip) in self.loops.clone().iter().rev() {
            let m = self.fresh();
            self.emit(&format!("{m} = mul i32 {i}, {step}"));
            let a = self.fresh();
            self.emit(&format!("{a} = add i32 {acc}, {m}"));
            acc = a;
            step *= trip;
        }
        acc
    }

    /// A value of one of the byte sizes `sizes`: an existing one, or a value widened by
    /// repeating its elements.
    fn storable(&mut self, sizes: &[u32], elems: Option<&[E]>) -> Option<Val> {
        let ok = |v: &Val| sizes.contains(&v.t.bytes()) && elems.is_none_or(|es| es.contains(&v.t.0));
        if let Some(v) = self.pick_val(ok) {
            return Some(v);
        }
        let v = self.pick_val(|v| elems.is_none_or(|es| es.contains(&v.t.0)))?;
        let target = sizes.iter().copied().filter(|&s| s % v.t.0.bytes() == 0 && s >= v.t.bytes()).min()?;
        let n = target / v.t.0.bytes();
        Some(self.widen(v, n))
    }

    /// `v` repeated to `n` elements.
    pub(super) fn widen(&mut self, v: Val, n: u32) -> Val {
        let es = v.t.0.ir();
        let src = if v.t.1 == 1 {
            let r = self.fresh();
            self.emit(&format!("{r} = insertelement <1 x {es}> zeroinitializer, {es} {}, i32 0", v.name));
            Val { name: r, t: T(v.t.0, 1), bound: v.bound }
        } else {
            v
        };
        let len = src.t.1;
        let ty = if len == 1 { format!("<1 x {es}>") } else { src.t.ir() };
        let mask: Vec<String> = (0..n).map(|i| format!("i32 {}", i % len)).collect();
        self.define(
            T(src.t.0, n),
            src.bound,
            format!("shufflevector {ty} {}, {ty} {}, <{n} x i32> <{}>", src.name, src.name, mask.join(", ")),
        )
    }

    pub(super) fn oword_ld(&mut self) {
        let bytes = self.c.pick(&[16, 32, 64, 128]);
        let e = self.load_elem(bytes);
        let t = T(e, bytes / e.bytes());
        let unaligned = self.c.below(4) == 0;
        let off = if self.c.below(2) == 0 {
            if unaligned {
                (self.c.below(1024) * 4).to_string()
            } else {
                self.c.below(256).to_string()
            }
        } else {
            let x = self.i32_source();
            let m = self.fresh();
            self.emit(&format!("{m} = and i32 {x}, {}", if unaligned { 4095 } else { 1023 }));
            if unaligned {
                let s = self.fresh();
                self.emit(&format!("{s} = shl i32 {m}, 2"));
                s
            } else {
                m
            }
        };
        let name = format!("llvm.genx.oword.ld{}.{}", if unaligned { ".unaligned" } else { "" }, t.mangle());
        self.declare(format!("declare {} @{name}(i32, i32, i32)", t.ir()));
        let r = self.fresh();
        self.emit(&format!("{r} = call {} @{name}(i32 0, i32 %in, i32 {off})", t.ir()));
        self.loaded(r, t);
    }

    /// `<n x i32>` byte offsets for a gather inside `IN_BYTES`: data-dependent or lane patterns.
    fn read_offsets(&mut self, n: u32, esize: u32) -> String {
        if let Some(v) = self.pick_val(|v| v.t == T(E::I32, n)) {
            if self.c.below(2) == 0 {
                let mask = Self::splat_text(T(E::I32, n), &(IN_BYTES / esize / 2 - 1).to_string());
                let m = self.fresh();
                self.emit(&format!("{m} = and <{n} x i32> {}, {mask}", v.name));
                let s = self.fresh();
                let k = Self::splat_text(T(E::I32, n), &esize.to_string());
                self.emit(&format!("{s} = mul <{n} x i32> {m}, {k}"));
                return s;
            }
        }
        let k = self.c.pick(&[1, 2, 3, 0]) * esize;
        let x = self.c.below(n as usize) as u32;
        Self::lanes(n, k, x)
    }

    /// Lanes of a gather or scatter message (PVC's legacy messages need 16 or more).
    fn lanes_of_message(&mut self) -> u32 {
        if self.platform == "pvc" {
            16
        } else {
            self.c.pick(&[8, 16])
        }
    }

    pub(super) fn gather(&mut self) {
        let e = self.c.pick(&[E::I32, E::Float]);
        let n = self.lanes_of_message();
        let t = T(e, n);
        let offs = self.read_offsets(n, 4);
        let p = self.pred(n);
        let old = self.operand(t);
        let goff = self.c.below(64) * 4;
        let name = format!("llvm.genx.gather.scaled.{}.v{n}i1.v{n}i32", t.mangle());
        self.declare(format!(
            "declare {} @{name}(<{n} x i1>, i32, i16, i32, i32, <{n} x i32>, {})",
            t.ir(),
            t.ir()
        ));
        let r = self.fresh();
        self.emit(&format!(
            "{r} = call {} @{name}(<{n} x i1> {p}, i32 2, i16 0, i32 %in, i32 {goff}, <{n} x i32> {offs}, {} {})",
            t.ir(),
            t.ir(),
            old.name
        ));
        self.loaded(r, t);
    }

    /// An i64 address in the SVM input area: the pointer argument plus a 16-byte aligned offset.
    fn svm_in_addr(&mut self) -> String {
        let off = if self.c.below(2) == 0 {
            (self.c.below(1024) * 16).to_string()
        } else {
            let x = self.i32_source();
            let m = self.fresh();
            self.emit(&format!("{m} = and i32 {x}, 1023"));
            let s = self.fresh();
            self.emit(&format!("{s} = shl i32 {m}, 4"));
            s
        };
        let z = self.fresh();
        self.emit(&format!("{z} = zext i32 {off} to i64"));
        let a = self.fresh();
        self.emit(&format!("{a} = add i64 %ptr, {z}"));
        a
    }

    pub(super) fn svm_block_ld(&mut self) {
        let bytes = self.c.pick(&[16, 32, 64, 128]);
        let e = self.load_elem(bytes);
        let t = T(e, bytes / e.bytes());
        let a = self.svm_in_addr();
        let name = format!("llvm.genx.svm.block.ld.{}.i64", t.mangle());
        self.declare(format!("declare {} @{name}(i64)", t.ir()));
        let r = self.fresh();
        self.emit(&format!("{r} = call {} @{name}(i64 {a})", t.ir()));
        self.loaded(r, t);
    }

    /// An element type of an SVM gather or scatter: 4 or 8 bytes.
    fn svm_elem(&mut self) -> E {
        let es: Vec<E> = self.elems.iter().copied().filter(|e| e.bytes() >= 4).collect();
        self.c.pick(&es)
    }

    /// `<n x i64>` addresses: `base` (an i64 value) plus `<n x i32>` byte offsets.
    fn lane_addrs(&mut self, base: &str, n: u32, offs: &str) -> String {
        let z = self.fresh();
        self.emit(&format!("{z} = zext <{n} x i32> {offs} to <{n} x i64>"));
        let i = self.fresh();
        self.emit(&format!("{i} = insertelement <{n} x i64> zeroinitializer, i64 {base}, i32 0"));
        let s = self.fresh();
        self.emit(&format!(
            "{s} = shufflevector <{n} x i64> {i}, <{n} x i64> zeroinitializer, <{n} x i32> zeroinitializer"
        ));
        let a = self.fresh();
        self.emit(&format!("{a} = add <{n} x i64> {s}, {z}"));
        a
    }

    pub(super) fn svm_gather(&mut self) {
        let e = self.svm_elem();
        let n = self.lanes_of_message();
        let t = T(e, n);
        let offs = self.read_offsets(n, e.bytes());
        let addrs = self.lane_addrs("%ptr", n, &offs);
        let p = self.pred(n);
        let old = self.operand(t);
        let name = format!("llvm.genx.svm.gather.{}.v{n}i1.v{n}i64", t.mangle());
        self.declare(format!("declare {} @{name}(<{n} x i1>, i32, <{n} x i64>, {})", t.ir(), t.ir()));
        let r = self.fresh();
        self.emit(&format!(
            "{r} = call {} @{name}(<{n} x i1> {p}, i32 0, <{n} x i64> {addrs}, {} {})",
            t.ir(),
            t.ir(),
            old.name
        ));
        self.loaded(r, t);
    }

    /// A media block shape for `bytes` of data of element `e`: (width in bytes, rows).
    fn media_shape(e: E, bytes: u32) -> Option<(u32, u32)> {
        [32u32, 16, 8, 4]
            .into_iter()
            .filter(|&w| w >= e.bytes() && bytes.is_multiple_of(w))
            .map(|w| (w, bytes / w))
            .find(|&(_, h)| (1..=8).contains(&h))
    }

    pub(super) fn media_ld(&mut self) {
        let bytes = self.c.pick(&[16, 32, 64, 128, 256, 4, 8]);
        let e = self.load_elem(bytes);
        if bytes < e.bytes() {
            return;
        }
        let Some((w, h)) = Self::media_shape(e, bytes) else { return };
        let t = T(e, bytes / e.bytes());
        let x = self.c.below(((IMAGE_PITCH - w) / 4 + 1) as usize) as u32 * 4;
        let y = if self.c.below(2) == 0 {
            self.c.below((IMAGE_IN_ROWS - h + 1) as usize).to_string()
        } else {
            let s = self.i32_source();
            let m = self.fresh();
            self.emit(&format!("{m} = and i32 {s}, 63"));
            m
        };
        let name = format!("llvm.genx.media.ld.{}", t.mangle());
        self.declare(format!("declare {} @{name}(i32, i32, i32, i32, i32, i32)", t.ir()));
        let r = self.fresh();
        self.emit(&format!(
            "{r} = call {} @{name}(i32 0, i32 %img, i32 0, i32 {w}, i32 {x}, i32 {y})",
            t.ir()
        ));
        self.loaded(r, t);
    }

    pub(super) fn oword_st(&mut self) -> bool {
        let Some(mem) = self.mem.clone() else { return false };
        let Some(v) = self.storable(&[16, 32, 64, 128], None) else { return false };
        let size = v.t.bytes();
        let trips = self.trips();
        let mut used = mem.out_used;
        let Some(base) = Self::alloc(&mut used, STORE_BYTES - FINAL_RESERVE, size, trips) else {
            return false;
        };
        self.mem.as_mut().unwrap().out_used = used;
        self.store_oword_at(&v, base, &mem.slot);
        true
    }

    pub(super) fn store_oword_at(&mut self, v: &Val, base: u32, slot: &str) {
        let size = v.t.bytes();
        let rel = self.iteration_offset(base, size, false);
        let b = self.fresh();
        self.emit(&format!("{b} = add i32 {slot}, {rel}"));
        let ow = self.fresh();
        self.emit(&format!("{ow} = lshr i32 {b}, 4"));
        let name = format!("llvm.genx.oword.st.{}", v.t.mangle());
        self.declare(format!("declare void @{name}(i32, i32, {})", v.t.ir()));
        self.emit(&format!("call void @{name}(i32 %out, i32 {ow}, {} {})", v.t.ir(), v.name));
    }

    /// `<n x i32>` distinct lane offsets (bytes, `k` apart, permuted) and the bytes they span.
    fn write_offsets(&mut self, n: u32, esize: u32) -> (String, u32) {
        let stride = self.c.pick(&[1, 1, 2, 3]);
        let k = stride * esize;
        if self.c.below(3) == 0 {
            // A data-dependent permutation: lane ^ (x & (n - 1)).
            let x = self.i32_source();
            let m = self.fresh();
            self.emit(&format!("{m} = and i32 {x}, {}", n - 1));
            let i = self.fresh();
            self.emit(&format!("{i} = insertelement <{n} x i32> zeroinitializer, i32 {m}, i32 0"));
            let s = self.fresh();
            self.emit(&format!("{s} = shufflevector <{n} x i32> {i}, <{n} x i32> zeroinitializer, <{n} x i32> zeroinitializer"));
            let p = self.fresh();
            self.emit(&format!("{p} = xor <{n} x i32> {s}, {}", Self::lanes(n, 1, 0)));
            let o = self.fresh();
            self.emit(&format!(
                "{o} = mul <{n} x i32> {p}, {}",
                Self::splat_text(T(E::I32, n), &k.to_string())
            ));
            return (o, n * k);
        }
        let x = self.c.below(n as usize) as u32;
        (Self::lanes(n, k, x), n * k)
    }

    pub(super) fn scatter(&mut self) -> bool {
        let Some(mem) = self.mem.clone() else { return false };
        let n = self.lanes_of_message();
        let e = self.c.pick(&[E::I32, E::Float]);
        let v = self.operand(T(e, n));
        let (offs, span) = self.write_offsets(n, 4);
        let trips = self.trips();
        let mut used = mem.out_used;
        let span = span.next_multiple_of(16);
        let Some(base) = Self::alloc(&mut used, STORE_BYTES - FINAL_RESERVE, span, trips) else {
            return false;
        };
        self.mem.as_mut().unwrap().out_used = used;
        let rel = self.iteration_offset(base, span, false);
        let g = self.fresh();
        self.emit(&format!("{g} = add i32 {}, {rel}", mem.slot));
        let p = self.pred(n);
        let name = format!("llvm.genx.scatter.scaled.v{n}i1.v{n}i32.{}", v.t.mangle());
        self.declare(format!(
            "declare void @{name}(<{n} x i1>, i32, i16, i32, i32, <{n} x i32>, {})",
            v.t.ir()
        ));
        self.emit(&format!(
            "call void @{name}(<{n} x i1> {p}, i32 2, i16 0, i32 %out, i32 {g}, <{n} x i32> {offs}, {} {})",
            v.t.ir(),
            v.name
        ));
        true
    }

    /// An i64 address in the thread's SVM slot for `size` bytes (None: the slot is full).
    fn svm_out_addr(&mut self, size: u32) -> Option<String> {
        let mem = self.mem.clone()?;
        let trips = self.trips();
        let mut used = mem.svm_used;
        let base = Self::alloc(&mut used, SVM_SLOT, size.next_multiple_of(16), trips)?;
        self.mem.as_mut().unwrap().svm_used = used;
        let rel = self.iteration_offset(base, size.next_multiple_of(16), false);
        let z = self.fresh();
        self.emit(&format!("{z} = zext i32 {rel} to i64"));
        let a = self.fresh();
        self.emit(&format!("{a} = add i64 {}, {z}", mem.svm_slot));
        Some(a)
    }

    pub(super) fn svm_block_st(&mut self) -> bool {
        let Some(v) = self.storable(&[16, 32, 64, 128], None) else { return false };
        let Some(a) = self.svm_out_addr(v.t.bytes()) else { return false };
        let name = format!("llvm.genx.svm.block.st.i64.{}", v.t.mangle());
        self.declare(format!("declare void @{name}(i64, {})", v.t.ir()));
        self.emit(&format!("call void @{name}(i64 {a}, {} {})", v.t.ir(), v.name));
        true
    }

    pub(super) fn svm_scatter(&mut self) -> bool {
        let e = self.svm_elem();
        let n = self.lanes_of_message();
        let v = self.operand(T(e, n));
        let (offs, span) = self.write_offsets(n, e.bytes());
        let Some(base) = self.svm_out_addr(span) else { return false };
        let addrs = self.lane_addrs(&base, n, &offs);
        let p = self.pred(n);
        let name = format!("llvm.genx.svm.scatter.v{n}i1.v{n}i64.{}", v.t.mangle());
        self.declare(format!("declare void @{name}(<{n} x i1>, i32, <{n} x i64>, {})", v.t.ir()));
        self.emit(&format!(
            "call void @{name}(<{n} x i1> {p}, i32 0, <{n} x i64> {addrs}, {} {})",
            v.t.ir(),
            v.name
        ));
        true
    }

    pub(super) fn media_st(&mut self) -> bool {
        let Some(mem) = self.mem.clone() else { return false };
        let Some(v) = self.storable(&[4, 8, 16, 32, 64, 128, 256], None) else { return false };
        let Some((w, _)) = Self::media_shape(v.t.0, v.t.bytes()) else { return false };
        let trips = self.trips();
        let mut used = mem.cells_used;
        let Some(cell) = Self::alloc(&mut used, IMAGE_CELLS, 1, trips) else { return false };
        self.mem.as_mut().unwrap().cells_used = used;
        let c = self.iteration_offset(cell, 1, false);
        let (cx, x, cy, y0, y) = (self.fresh(), self.fresh(), self.fresh(), self.fresh(), self.fresh());
        self.emit(&format!("{cx} = and i32 {c}, 7"));
        self.emit(&format!("{x} = shl i32 {cx}, 5"));
        self.emit(&format!("{cy} = lshr i32 {c}, 3"));
        self.emit(&format!("{y0} = shl i32 {cy}, 3"));
        self.emit(&format!("{y} = add i32 {y0}, {}", mem.img_row));
        let name = format!("llvm.genx.media.st.{}", v.t.mangle());
        self.declare(format!("declare void @{name}(i32, i32, i32, i32, i32, i32, {})", v.t.ir()));
        self.emit(&format!(
            "call void @{name}(i32 0, i32 %img, i32 0, i32 {w}, i32 {x}, i32 {y}, {} {})",
            v.t.ir(),
            v.name
        ));
        true
    }

    pub(super) fn atomic(&mut self) {
        let Some(mem) = self.mem.clone() else { return };
        let n = self.lanes_of_message();
        let t = T(E::I32, n);
        let ty = t.ir();
        let op = self.c.pick(&[
            "add", "sub", "inc", "dec", "min", "max", "imin", "imax", "xchg", "and", "or", "xor", "cmpxchg",
        ]);
        let (offs, span) = self.write_offsets(n, 4);
        let base = self.c.below(((SLOT_BYTES - STORE_BYTES - span) / 4 + 1) as usize) as u32 * 4;
        let g = self.fresh();
        self.emit(&format!("{g} = add i32 {}, {}", mem.slot, STORE_BYTES + base));
        let i = self.fresh();
        self.emit(&format!("{i} = insertelement <{n} x i32> zeroinitializer, i32 {g}, i32 0"));
        let s = self.fresh();
        self.emit(&format!(
            "{s} = shufflevector <{n} x i32> {i}, <{n} x i32> zeroinitializer, <{n} x i32> zeroinitializer"
        ));
        let a = self.fresh();
        self.emit(&format!("{a} = add <{n} x i32> {s}, {offs}"));
        let p = self.pred(n);
        let old = self.operand(t);
        let srcs: Vec<String> = match op {
            "inc" | "dec" => vec![],
            "cmpxchg" => {
                let (x, y) = (self.operand(t), self.operand(t));
                vec![x.name, y.name]
            }
            _ => vec![self.operand(t).name],
        };
        let name = format!("llvm.genx.dword.atomic.{op}.v{n}i32.v{n}i1");
        let params: Vec<String> = srcs.iter().map(|_| ty.clone()).collect();
        let params = if params.is_empty() { String::new() } else { format!("{}, ", params.join(", ")) };
        self.declare(format!("declare {ty} @{name}(<{n} x i1>, i32, <{n} x i32>, {params}{ty})"));
        let args: Vec<String> = srcs.iter().map(|x| format!("{ty} {x}, ")).collect();
        let r = self.fresh();
        self.emit(&format!(
            "{r} = call {ty} @{name}(<{n} x i1> {p}, i32 %out, <{n} x i32> {a}, {}{ty} {})",
            args.concat(),
            old.name
        ));
        self.add(r, t, 0.0);
    }
}
