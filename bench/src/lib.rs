//! genxc-bench: the benchmark harness of genxc (issue 7). [`workload`] generates deterministic
//! modules of N kernels of S operations as `.ll` and `.mlir`; [`measure`] runs a command and
//! reads its wall time and peak memory; [`report`] reads `genxc --time-passes`, computes ratios
//! and growth exponents and prints the table with a verdict per target. The `bench` binary ties
//! them together (`scripts/bench.sh` builds and runs it).

pub mod measure;
pub mod report;
pub mod workload;
