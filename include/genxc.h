/*
 * genxc.h -- the C interface of genxc (libgenxc.so): compile CM-style GPU kernels (LLVM IR with
 * llvm.genx.* intrinsics) held in memory to Intel vISA, from a C or C++ runtime.
 *
 * Typical use:
 *
 *     genxc_compiler *c = genxc_create();
 *     int status = genxc_compile(c, "saxpy.ll", bytes, size, "-platform tgllp -emit visaasm,metadata");
 *     fputs(genxc_get_log(c), stderr);               // diagnostics, file:line:col: error: ...
 *     if (status == GENXC_SUCCESS) {
 *         const void *visa; size_t visa_size;
 *         genxc_get_output(c, "saxpy.visaasm", &visa, &visa_size);
 *         ...
 *     }
 *     genxc_free(c);
 *
 * Strings going in and out are UTF-8 and NUL-terminated. Every output's contents are followed by
 * a NUL byte that its size does not count, so text outputs can be used as C strings.
 *
 * Threads: the library keeps no state a compile's result depends on (LLVM's option registry, a
 * lock around LLVM's readers and per-thread caches are all it shares). Any number of threads may
 * compile at the same time, each on its own handle. The getters may be called from several threads at once on one handle;
 * the pointers they return stay valid until the next genxc_compile or genxc_free on that handle,
 * so those two must not run while another thread uses the handle. No call lets a Rust panic
 * escape: a bug in genxc is reported as GENXC_INTERNAL_ERROR with its message in the log.
 *
 * LLVM 14 is linked into libgenxc.so statically when its static libraries are installed at build
 * time (Debian's llvm-14-dev has them): it then needs no LLVM library at run time; otherwise it
 * needs libLLVM-14.so (Debian: libllvm14).
 *
 * Untrusted bitcode: malformed bitstreams are refused with a diagnostic, but LLVM's bitcode reader
 * may still crash on some malformed records, ending the calling process. Compile untrusted
 * bitcode with the genxc command (a separate process), which reports such a crash as an error.
 *
 * Build: link with -lgenxc (target/release/libgenxc.so after `cargo build --release -p genxc-capi`).
 * This header is kept in sync with capi/src/lib.rs by the test capi/tests/header.rs.
 */
#ifndef GENXC_H
#define GENXC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes returned by genxc_compile and the getters. 0 to 2 match the exit codes of the
 * genxc command. */
enum {
    GENXC_SUCCESS = 0,          /* success */
    GENXC_COMPILE_ERROR = 1,    /* the input could not be compiled; the log says why */
    GENXC_INVALID_OPTIONS = 2,  /* the option string is wrong; the log says why */
    GENXC_INVALID_ARGUMENT = 3, /* a NULL handle or pointer, or a name that is not UTF-8 */
    GENXC_NOT_FOUND = 4,        /* no output has the name or index asked for */
    GENXC_INTERNAL_ERROR = 5    /* a bug in genxc was caught; the log has its message */
};

/* What kind of problem stopped a compilation (genxc_get_error_kind). */
enum {
    GENXC_KIND_NONE = 0,          /* no error: success, or nothing compiled yet */
    GENXC_KIND_INVALID = 1,       /* the input or the options are wrong */
    GENXC_KIND_UNSUPPORTED = 2,   /* a valid construct genxc does not implement ("unsupported: ...") */
    GENXC_KIND_NOT_AVAILABLE = 3, /* the platform lacks something the input uses ("... is not available on ...") */
    GENXC_KIND_INTERNAL = 4       /* a bug in genxc */
};

/* A compiler handle: holds the log and the outputs of its last compilation. Opaque. */
typedef struct genxc_compiler genxc_compiler;

/* The version of genxc, e.g. "0.1.0"; a static string. */
const char *genxc_version(void);

/* Creates a compiler handle; NULL only when memory is exhausted. Free it with genxc_free. */
genxc_compiler *genxc_create(void);

/* Frees a handle and every string and output it handed out; NULL is ignored. */
void genxc_free(genxc_compiler *compiler);

/* Compiles `size` bytes at `data` (LLVM IR text or bitcode, or a SPIR-V module, told by its magic
 * number) and replaces the handle's log and outputs with the result. `name` is the file name used
 * in diagnostics and output names (required; a name ending in .mlir selects MLIR, one ending in
 * .spv SPIR-V). `data` may be NULL when `size` is 0.
 *
 * `options` is an ocloc-style string, NULL or "" for the defaults (tgllp, visaasm, one thread per
 * core):
 *     -platform <skl|icllp|tgllp|dg2|mtl|pvc>      target platform (any case)
 *     -emit <visaasm|isa|llvm|legalized|metadata|zebin>
 *                                                   what to produce; repeat or separate with commas
 *                                                   (zebin: "<input stem>.bin", the device binary
 *                                                   the compute runtime loads, made with GenX_IR)
 *     -finalizer <path>                             the vISA finalizer zebin runs (default GenX_IR)
 *     -j <n>                                        worker threads for kernels (0 = one per core)
 *     -spec-constant <id>=<value>                   a SPIR-V specialization constant's value
 * Options may also start with "--". Outputs do not depend on -j.
 *
 * Returns GENXC_SUCCESS, GENXC_COMPILE_ERROR, GENXC_INVALID_OPTIONS, GENXC_INVALID_ARGUMENT (a
 * NULL handle leaves nothing in any log) or GENXC_INTERNAL_ERROR. On any failure the handle has no
 * outputs and its log says why. */
int genxc_compile(genxc_compiler *compiler, const char *name, const void *data, size_t size,
                  const char *options);

/* The diagnostics of the last compilation, one per line ("file:line:col: error: ..."); "" when
 * there were none or nothing was compiled yet; NULL only for a NULL handle. */
const char *genxc_get_log(const genxc_compiler *compiler);

/* The GENXC_KIND_* of the first error of the last compilation: whether the input is wrong, uses
 * something genxc does not implement, or needs another platform. GENXC_KIND_NONE when it succeeded,
 * before any compilation, and for a NULL handle. */
int genxc_get_error_kind(const genxc_compiler *compiler);

/* How many outputs the last compilation produced (0 after an error or for a NULL handle). */
size_t genxc_get_output_count(const genxc_compiler *compiler);

/* Output number `index` (0 to count-1, in a deterministic order: vISA text per kernel, then the
 * .isa container, LLVM IR, legalized IR, kernels.json, zebin): its file name (e.g.
 * "saxpy.visaasm"), its kind ("visaasm", "isa", "llvm", "legalized", "metadata" or "zebin"), its
 * contents and their size in
 * bytes. Any out parameter may be NULL. Returns GENXC_SUCCESS, GENXC_NOT_FOUND or
 * GENXC_INVALID_ARGUMENT. */
int genxc_get_output_at(const genxc_compiler *compiler, size_t index, const char **name,
                        const char **kind, const void **data, size_t *size);

/* The output with file name `name` ("<kernel>.visaasm", "<input stem>.isa", "kernels.json", ...):
 * its contents and their size in bytes. Either out parameter may be NULL. Returns GENXC_SUCCESS,
 * GENXC_NOT_FOUND or GENXC_INVALID_ARGUMENT. */
int genxc_get_output(const genxc_compiler *compiler, const char *name, const void **data,
                     size_t *size);

#ifdef __cplusplus
}
#endif

#endif /* GENXC_H */
