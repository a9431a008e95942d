/*
 * A C client of libgenxc.so, built with the system C compiler by tests/capi.rs.
 *
 *     client KERNEL.ll BAD.ll OUTDIR
 *
 * Reads KERNEL.ll (a kernel named "saxpy") and BAD.ll (a syntax error) into memory and checks,
 * through the public header only:
 *   - a compilation from memory gives vISA text and kernels.json, with an empty log;
 *   - outputs are NUL-terminated, listed by index with their kinds, found by name;
 *   - bad options and a bad input give a status, a file:line:col log and no output;
 *   - the error kind tells invalid input from unsupported constructs and platform refusals;
 *   - NULL arguments are refused with a status, not a crash;
 *   - 8 threads compiling at once (several platforms, -j 1 and 2, good and bad inputs, one shared
 *     handle read concurrently) get exactly the single-threaded results.
 * It writes OUTDIR/<platform>/<kernel>.visaasm for every platform so the test can run Intel's
 * finalizer on what came through the C interface. Prints "ok" and exits 0 on success; on the first
 * failed check prints it and exits 1.
 */
#define _POSIX_C_SOURCE 200809L

#include "genxc.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CHECK(cond, ...)                                                                            \
    do {                                                                                            \
        if (!(cond)) {                                                                              \
            fprintf(stderr, "client.c:%d: check failed: %s: ", __LINE__, #cond);                   \
            fprintf(stderr, __VA_ARGS__);                                                           \
            fputc('\n', stderr);                                                                    \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

/* A file's bytes in a buffer with guard bytes after the end, so reading past `size` would show. */
static char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 64);
    CHECK(buf != NULL, "out of memory");
    CHECK(fread(buf, 1, (size_t)n, f) == (size_t)n, "cannot read %s", path);
    fclose(f);
    memset(buf + n, 'X', 64);
    *size = (size_t)n;
    return buf;
}

static void write_file(const char *path, const void *data, size_t size) {
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL, "cannot create %s", path);
    CHECK(fwrite(data, 1, size, f) == size, "cannot write %s", path);
    fclose(f);
}

static char *kernel_src, *bad_src;
static size_t kernel_size, bad_size;

#define NPLATFORMS 4
static const char *platforms[NPLATFORMS] = {"skl", "tgllp", "dg2", "pvc"};
/* saxpy.visaasm for each platform, compiled on the main thread. */
static char *reference[NPLATFORMS];
static genxc_compiler *shared;

/* A copy of the vISA text of saxpy from a handle after a successful compilation. */
static char *saxpy_text(genxc_compiler *c) {
    const void *data = NULL;
    size_t size = 0;
    CHECK(genxc_get_output(c, "saxpy.visaasm", &data, &size) == GENXC_SUCCESS, "no saxpy.visaasm");
    CHECK(strlen(data) == size, "vISA text is not NUL-terminated at its size");
    char *copy = malloc(size + 1);
    CHECK(copy != NULL, "out of memory");
    memcpy(copy, data, size + 1);
    return copy;
}

static void check_bad_input(genxc_compiler *c) {
    int status = genxc_compile(c, "syntax_error.ll", bad_src, bad_size, "-platform tgllp");
    CHECK(status == GENXC_COMPILE_ERROR, "status %d", status);
    const char *log = genxc_get_log(c);
    int line = 0, col = 0;
    CHECK(sscanf(log, "syntax_error.ll:%d:%d: error: ", &line, &col) == 2, "log: %s", log);
    CHECK(line == 6 && col == 20, "error at %d:%d: %s", line, col, log);
    CHECK(strstr(log, "use of undefined value '%nosuchvalue'") != NULL, "log: %s", log);
    CHECK(genxc_get_output_count(c) == 0, "outputs after an error");
    CHECK(genxc_get_error_kind(c) == GENXC_KIND_INVALID, "kind %d", genxc_get_error_kind(c));
}

/* A kernel with a 3-lane i1 argument (its predicate would need an execution size of 3): not
 * implemented. */
static const char i1_arg_src[] = "target triple = \"genx64-unknown-unknown\"\n"
                                 "define dllexport void @k(i32 %a, <3 x i1> %c) #0 {\n"
                                 "entry:\n"
                                 "  ret void\n"
                                 "}\n"
                                 "attributes #0 = { \"CMGenxMain\" }\n";

/* A kernel computing frem of doubles and storing it: TGLLP has no doubles. */
static const char frem_src[] = "target triple = \"genx64-unknown-unknown\"\n"
                               "define dllexport void @k(double addrspace(1)* %p, double %f) #0 {\n"
                               "entry:\n"
                               "  %x = frem double %f, 2.0\n"
                               "  store double %x, double addrspace(1)* %p\n"
                               "  ret void\n"
                               "}\n"
                               "attributes #0 = { \"CMGenxMain\" }\n";

static void check_error_kinds(genxc_compiler *c) {
    int status = genxc_compile(c, "i1_arg.ll", i1_arg_src, strlen(i1_arg_src), "-platform skl");
    CHECK(status == GENXC_COMPILE_ERROR && strstr(genxc_get_log(c), "unsupported: an i1 kernel argument of 3 lanes") != NULL,
          "status %d, log: %s", status, genxc_get_log(c));
    CHECK(genxc_get_error_kind(c) == GENXC_KIND_UNSUPPORTED, "kind %d", genxc_get_error_kind(c));
    status = genxc_compile(c, "frem.ll", frem_src, strlen(frem_src), "-platform tgllp");
    CHECK(status == GENXC_COMPILE_ERROR && strstr(genxc_get_log(c), "is not available on tgllp") != NULL,
          "status %d, log: %s", status, genxc_get_log(c));
    CHECK(genxc_get_error_kind(c) == GENXC_KIND_NOT_AVAILABLE, "kind %d", genxc_get_error_kind(c));
}

static void *worker(void *arg) {
    int id = (int)(size_t)arg;
    genxc_compiler *c = genxc_create();
    CHECK(c != NULL, "genxc_create");
    for (int round = 0; round < 3; round++) {
        int p = (id + round) % NPLATFORMS;
        char options[96];
        snprintf(options, sizeof options, "-platform %s -emit visaasm -j %d", platforms[p], 1 + id % 2);
        int status = genxc_compile(c, "saxpy.ll", kernel_src, kernel_size, options);
        CHECK(status == GENXC_SUCCESS, "thread %d %s: %d %s", id, options, status, genxc_get_log(c));
        char *text = saxpy_text(c);
        CHECK(strcmp(text, reference[p]) == 0, "thread %d: %s differs from one thread's result", id, options);
        free(text);
        if (id % 2 == 1) {
            check_bad_input(c);
        }
        /* The shared handle is only read while threads run. */
        const void *data;
        size_t size;
        CHECK(genxc_get_output(shared, "saxpy.visaasm", &data, &size) == GENXC_SUCCESS, "shared handle");
        CHECK(strcmp(data, reference[1]) == 0, "shared handle changed");
        CHECK(strcmp(genxc_get_log(shared), "") == 0, "shared log");
    }
    genxc_free(c);
    return NULL;
}

int main(int argc, char **argv) {
    CHECK(argc == 4, "usage: client KERNEL.ll BAD.ll OUTDIR");
    kernel_src = read_file(argv[1], &kernel_size);
    bad_src = read_file(argv[2], &bad_size);
    const char *outdir = argv[3];
    CHECK(strlen(genxc_version()) > 0, "empty version");

    /* One compilation from memory: vISA text and kernels.json. */
    genxc_compiler *c = genxc_create();
    CHECK(c != NULL, "genxc_create");
    CHECK(strcmp(genxc_get_log(c), "") == 0 && genxc_get_output_count(c) == 0, "fresh handle not empty");
    int status = genxc_compile(c, "saxpy.ll", kernel_src, kernel_size, "-platform tgllp -emit visaasm,metadata");
    CHECK(status == GENXC_SUCCESS, "status %d, log: %s", status, genxc_get_log(c));
    CHECK(strcmp(genxc_get_log(c), "") == 0, "log: %s", genxc_get_log(c));
    CHECK(genxc_get_error_kind(c) == GENXC_KIND_NONE, "kind %d", genxc_get_error_kind(c));
    CHECK(genxc_get_output_count(c) == 2, "%zu outputs", genxc_get_output_count(c));
    const char *name, *kind;
    const void *data;
    size_t size;
    CHECK(genxc_get_output_at(c, 0, &name, &kind, &data, &size) == GENXC_SUCCESS, "output 0");
    CHECK(strcmp(name, "saxpy.visaasm") == 0 && strcmp(kind, "visaasm") == 0, "output 0: %s %s", name, kind);
    CHECK(strncmp(data, ".version 4.1\n.kernel \"saxpy\"\n", 29) == 0, "vISA: %s", (const char *)data);
    CHECK(strstr(data, ".input T_ybuf offset=72 size=4\n") != NULL, "vISA inputs: %s", (const char *)data);
    CHECK(genxc_get_output_at(c, 1, &name, &kind, NULL, NULL) == GENXC_SUCCESS, "output 1");
    CHECK(strcmp(name, "kernels.json") == 0 && strcmp(kind, "metadata") == 0, "output 1: %s %s", name, kind);
    CHECK(genxc_get_output_at(c, 2, &name, NULL, NULL, NULL) == GENXC_NOT_FOUND, "output 2");
    CHECK(genxc_get_output(c, "kernels.json", &data, &size) == GENXC_SUCCESS, "kernels.json by name");
    CHECK(strlen(data) == size, "kernels.json is not NUL-terminated at its size");
    CHECK(strstr(data, "\"name\": \"saxpy\"") != NULL && strstr(data, "\"offset\": 72") != NULL,
          "kernels.json: %s", (const char *)data);
    CHECK(genxc_get_output(c, "nothing.visaasm", &data, &size) == GENXC_NOT_FOUND, "unknown output found");

    /* Bad options: a status and the reason, no output; the handle is still usable. */
    status = genxc_compile(c, "saxpy.ll", kernel_src, kernel_size, "-platform tgllp -O3");
    CHECK(status == GENXC_INVALID_OPTIONS, "status %d", status);
    CHECK(strcmp(genxc_get_log(c), "error: unknown option '-O3'\n") == 0, "log: %s", genxc_get_log(c));
    CHECK(genxc_get_error_kind(c) == GENXC_KIND_INVALID, "kind %d", genxc_get_error_kind(c));
    CHECK(genxc_get_output_count(c) == 0, "outputs after bad options");
    status = genxc_compile(c, "saxpy.ll", kernel_src, kernel_size, "-emit isa,bogus");
    CHECK(status == GENXC_INVALID_OPTIONS && strstr(genxc_get_log(c), "'bogus'") != NULL, "%s", genxc_get_log(c));

    /* A bad input: file:line:col in the log, no output. */
    check_bad_input(c);
    /* What kind of problem stopped a compilation. */
    check_error_kinds(c);

    /* NULL arguments. */
    CHECK(genxc_compile(NULL, "k.ll", kernel_src, kernel_size, NULL) == GENXC_INVALID_ARGUMENT, "NULL handle");
    CHECK(genxc_compile(c, NULL, kernel_src, kernel_size, NULL) == GENXC_INVALID_ARGUMENT, "NULL name");
    CHECK(strstr(genxc_get_log(c), "name is NULL") != NULL, "log: %s", genxc_get_log(c));
    CHECK(genxc_compile(c, "k.ll", NULL, 10, NULL) == GENXC_INVALID_ARGUMENT, "NULL data");
    CHECK(genxc_compile(c, "\xff.ll", kernel_src, kernel_size, NULL) == GENXC_INVALID_ARGUMENT, "bad UTF-8");
    /* An empty module has no kernels, so no outputs; bytes with NUL in them are not LLVM IR. */
    CHECK(genxc_compile(c, "empty.ll", NULL, 0, NULL) == GENXC_SUCCESS, "%s", genxc_get_log(c));
    CHECK(genxc_get_output_count(c) == 0, "outputs of an empty module");
    status = genxc_compile(c, "nul.ll", "a\0b", 3, NULL);
    CHECK(status == GENXC_COMPILE_ERROR && strstr(genxc_get_log(c), "error: nul.ll: not LLVM IR") != NULL,
          "status %d, log: %s", status, genxc_get_log(c));
    CHECK(genxc_get_log(NULL) == NULL && genxc_get_output_count(NULL) == 0, "NULL getters");
    CHECK(genxc_get_error_kind(NULL) == GENXC_KIND_NONE, "NULL handle kind");
    CHECK(genxc_get_output(c, NULL, &data, &size) == GENXC_INVALID_ARGUMENT, "NULL output name");
    genxc_free(NULL);

    /* Reference results, one thread, default options plus the platform; written for GenX_IR. */
    for (int p = 0; p < NPLATFORMS; p++) {
        char options[64];
        snprintf(options, sizeof options, "-platform %s", platforms[p]);
        status = genxc_compile(c, "saxpy.ll", kernel_src, kernel_size, options);
        CHECK(status == GENXC_SUCCESS, "%s: %s", options, genxc_get_log(c));
        reference[p] = saxpy_text(c);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", outdir, platforms[p]);
        mkdir(path, 0777);
        snprintf(path, sizeof path, "%s/%s/saxpy.visaasm", outdir, platforms[p]);
        write_file(path, reference[p], strlen(reference[p]));
    }
    genxc_free(c);

    /* Many threads at once. */
    shared = genxc_create();
    CHECK(genxc_compile(shared, "saxpy.ll", kernel_src, kernel_size, "-platform tgllp") == GENXC_SUCCESS, "shared");
    pthread_t threads[8];
    for (size_t i = 0; i < 8; i++) {
        CHECK(pthread_create(&threads[i], NULL, worker, (void *)i) == 0, "pthread_create");
    }
    for (int i = 0; i < 8; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0, "pthread_join");
    }
    genxc_free(shared);
    for (int p = 0; p < NPLATFORMS; p++) {
        free(reference[p]);
    }
    free(kernel_src);
    free(bad_src);
    printf("ok\n");
    return 0;
}
