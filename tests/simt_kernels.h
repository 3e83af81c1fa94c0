/* SPDX-License-Identifier: Apache-2.0 */
/*
 * simt_kernels.h -- for the SM-model tests that include the driver's
 * sources: calls fn on every built-in kernel (every .k file of tb/kernels, loaded and
 * checked) and returns how many there were; a kernel that does not load is
 * a failed CHECK.
 */
#ifndef TESTS_SIMT_KERNELS_H
#define TESTS_SIMT_KERNELS_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static unsigned for_each_builtin_kernel(void (*fn)(kernel *k, const char *path))
{
    DIR *d = opendir("tb/kernels");
    unsigned seen = 0;
    CHECK(d != NULL);
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 3 || strcmp(e->d_name + l - 2, ".k"))
            continue;
        char path[512], msg[1024];
        snprintf(path, sizeof path, "tb/kernels/%s", e->d_name);
        kernel k;
        int rc = kernel_load(path, &k, msg, sizeof msg);
        if (rc)
            printf("  %s\n", msg);
        CHECK(!rc);
        if (!rc) {
            fn(&k, path);
            seen++;
        }
        kernel_free(&k);
    }
    closedir(d);
    return seen;
}

#endif
