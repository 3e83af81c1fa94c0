/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch_cuda.c -- the clang step of --cuda and of a launch file's `cuda
 * PATH` (issue 25, section 1): issue 25's command with -ffp-contract=off
 * (tb/cuda/warphw_cuda.h says why) and the project's header, found from
 * $WARPHW_CUDA_DIR, beside the executable or in ./tb/cuda; clang runs in
 * a child process with its output in a temporary file.  On an error,
 * clang's first error line is the one line, and two cases get a line of
 * their own: an #include the header does not provide, and a kernel's own
 * declaration of a function the header defines as a macro.
 */
#define _POSIX_C_SOURCE 200809L
#include "launch_int.h"

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

int launch_compile_cuda(const char *cu, const char *ptx_out, char *err, size_t errlen)
{
    char hdr[2048] = "";
    const char *env = getenv("WARPHW_CUDA_DIR");
    if (env) snprintf(hdr, sizeof hdr, "%s/warphw_cuda.h", env);
    if (!hdr[0] || !file_exists(hdr)) {
        char exe[1024];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        hdr[0] = 0;
        if (n > 0) {
            exe[n] = 0;
            char *sl = strrchr(exe, '/');
            if (sl) {
                *sl = 0;
                snprintf(hdr, sizeof hdr, "%s/../tb/cuda/warphw_cuda.h", exe);
                if (!file_exists(hdr)) snprintf(hdr, sizeof hdr, "%s/../../tb/cuda/warphw_cuda.h", exe);
            }
        }
        if (!hdr[0] || !file_exists(hdr)) snprintf(hdr, sizeof hdr, "tb/cuda/warphw_cuda.h");
    }
    if (!file_exists(hdr)) {
        snprintf(err, errlen, "%s: the CUDA header tb/cuda/warphw_cuda.h is not found (set WARPHW_CUDA_DIR)", cu);
        return -1;
    }
    if (!file_exists(cu)) {
        snprintf(err, errlen, "%s: cannot open: %s", cu, strerror(ENOENT));
        return -1;
    }
    /* the include directory beside the header (<cuda_runtime.h> and kin) */
    char inc[2100];
    snprintf(inc, sizeof inc, "-I%s", hdr);
    char *sl = strrchr(inc, '/');
    if (sl) snprintf(sl + 1, sizeof inc - (size_t)(sl + 1 - inc), "include");
    else snprintf(inc, sizeof inc, "-Iinclude");
    char log[] = "/tmp/warphw_clang_XXXXXX";
    int fd = mkstemp(log);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot make a temporary file", cu);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, 2);
        dup2(fd, 1);
        const char *clang = getenv("CLANG") ? getenv("CLANG") : "clang";
        execlp(clang, clang, "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_70", "-nocudainc",
               "-nocudalib", "-O2", "-S", "-ffp-contract=off", inc, "-include", hdr, "-o", ptx_out, cu,
               (char *)NULL);
        dprintf(2, "clang: cannot run: %s\n", strerror(errno));
        _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) st = -1;
    close(fd);
    int rc = 0;
    if (st != 0) {
        FILE *f = fopen(log, "r");
        char line[1024] = "", first[1024] = "";
        while (f && fgets(line, sizeof line, f)) {
            if (!first[0]) snprintf(first, sizeof first, "%s", line);
            if (strstr(line, "error")) {
                snprintf(first, sizeof first, "%s", line);
                break;
            }
        }
        if (f) fclose(f);
        char *nl = strchr(first, '\n');
        if (nl) *nl = 0;
        if (!first[0]) snprintf(first, sizeof first, "clang failed (status %d)", st);
        /* an include clang cannot find: one line naming it */
        char *nf = strstr(first, "' file not found"), *fe = strstr(first, "fatal error: '");
        if (nf && fe && fe < nf) {
            char where[700], name[256];
            snprintf(name, sizeof name, "%.*s", (int)(nf - fe - 14), fe + 14);
            snprintf(where, sizeof where, "%.*s", (int)(fe - first), first);
            char *c = strrchr(where, ':'); /* FILE:LINE:COL: -> FILE:LINE */
            if (c && c > where) *c = 0;
            c = strrchr(where, ':');
            if (c) *c = 0;
            snprintf(err, errlen, "%s: #include <%s>: not provided (the headers of NVIDIA's CUDA toolkit and its "
                     "libraries are not part of this simulator; docs/ptx.md, \"Compiling CUDA\", lists the "
                     "headers --cuda provides)", where[0] ? where : cu, name);
            unlink(log);
            return -1;
        }
        /* a kernel that declares a math function itself (extern "C"
         * __device__ float expf(float);) meets the header's macro for it */
        char *wm = strstr(first, "'warphw_"), *ce = strstr(first, ": error: ");
        if (wm && ce && !strncmp(first, cu, strlen(cu))) {
            char *c = strchr(first + strlen(cu) + 1, ':'); /* FILE:LINE:COL -> FILE:LINE */
            if (c) *c = 0;
            snprintf(err, errlen, "%s: this line declares a function the project header (tb/cuda/warphw_cuda.h) "
                     "defines as a macro (%.*s): drop the declaration, the header declares the C library; or "
                     "compile the kernel without the header (issue 25's clang command) and run the PTX "
                     "(--ptx, or the `ptx` key)", first, (int)strcspn(wm + 1, "'"), wm + 1);
            unlink(log);
            return -1;
        }
        if (!strncmp(first, cu, strlen(cu))) snprintf(err, errlen, "%s", first);
        else snprintf(err, errlen, "%s: %s", cu, first);
        rc = -1;
    }
    unlink(log);
    return rc;
}
