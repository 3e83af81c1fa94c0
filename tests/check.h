/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check.h -- the smallest unit-test harness that reports honestly.
 *
 *   TEST(name) { CHECK(cond); CHECK_EQ(a, b); ... }
 *   int main(int argc, char **argv) { test_args(argc, argv); RUN(name); ...;
 *                                     return test_summary(); }
 *
 * Every RUN prints `ok <name>` or `FAIL <name>` (with each failed check's
 * file, line and values before it); tests/run.sh counts those lines.
 * test_summary() returns non-zero if anything failed, so a crash or a
 * failure can never read as a pass.
 */
#ifndef CHECK_H
#define CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failed_in_test;
static int check_tests_failed;
static int check_tests_run;

#define TEST(name) static void name(void)

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);          \
            check_failed_in_test = 1;                                                  \
        }                                                                              \
    } while (0)

#define CHECK_EQ(a, b)                                                                 \
    do {                                                                               \
        uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b);                   \
        if (check_a_ != check_b_) {                                                    \
            printf("  %s:%d: %s == %s failed: 0x%" PRIx64 " != 0x%" PRIx64 "\n",       \
                   __FILE__, __LINE__, #a, #b, check_a_, check_b_);                    \
            check_failed_in_test = 1;                                                  \
        }                                                                              \
    } while (0)

/* why (an error message, or NULL for none) must be NULL: else the check
 * fails, printing what and why.  Returns why == NULL (e.g. a design point's
 * K=V list through params_set_list: skip the point when it is refused). */
#define CHECK_NO_WHY(why, what) check_no_why_((why), (what), __FILE__, __LINE__)
static inline int check_no_why_(const char *why, const char *what, const char *file, int line)
{
    if (why == NULL)
        return 1;
    printf("  %s:%d: %s: %s\n", file, line, what, why);
    check_failed_in_test = 1;
    return 0;
}

#define RUN(name)                                                                      \
    do {                                                                               \
        check_failed_in_test = 0;                                                      \
        name();                                                                        \
        check_tests_run++;                                                             \
        if (check_failed_in_test) {                                                    \
            check_tests_failed++;                                                      \
            printf("FAIL %s\n", #name);                                                \
        } else {                                                                       \
            printf("ok %s\n", #name);                                                  \
        }                                                                              \
        fflush(stdout);                                                                \
    } while (0)

/* A lane mask written lane 0 first, spaces ignored: m("1100") and
 * m("11 00") have lanes 0 and 1 set (the worked examples of the unit tests
 * read like the papers' figures). */
static inline uint64_t m(const char *s)
{
    uint64_t v = 0;
    unsigned i, t = 0;
    for (i = 0; s[i]; i++) {
        if (s[i] == ' ')
            continue;
        if (s[i] == '1')
            v |= (uint64_t)1 << t;
        t++;
    }
    return v;
}

/* 1 if n bytes at p are all zero (a reset state a calloc'ed one may stand
 * for: reset_is_all_zero below). */
static inline int all_zero(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* A structure whose reset state the SM model takes from calloc (no reset
 * call): its reset of a state full of 0xA5 bytes gives all zero bytes. */
#define RESET_IS_ALL_ZERO(reset, cfg, type)                                            \
    do {                                                                               \
        type *rz_s_ = (type *)malloc(sizeof(type));                                    \
        memset(rz_s_, 0xA5, sizeof(type));                                             \
        reset(cfg, rz_s_);                                                             \
        CHECK(all_zero(rz_s_, sizeof(type)));                                          \
        free(rz_s_);                                                                   \
    } while (0)

/* A reset_zeroed (reset of a calloc'ed state) against the full reset of a
 * state full of 0xA5 bytes: the same bytes. */
#define RESET_ZEROED_MATCHES(reset, zeroed, cfg, type)                                 \
    do {                                                                               \
        type *rz_a_ = (type *)malloc(sizeof(type));                                    \
        type *rz_b_ = (type *)calloc(1, sizeof(type));                                 \
        memset(rz_a_, 0xA5, sizeof(type));                                             \
        reset(cfg, rz_a_);                                                             \
        zeroed(cfg, rz_b_);                                                            \
        CHECK(memcmp(rz_a_, rz_b_, sizeof(type)) == 0);                                \
        free(rz_a_);                                                                   \
        free(rz_b_);                                                                   \
    } while (0)

/* A test program takes no arguments but --help (usage, exit 0); anything
 * else is one line naming it and exit 2. */
static inline void test_args(int argc, char **argv)
{
    if (argc <= 1)
        return;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: %s\n  runs its unit and golden tests: one 'ok NAME' or 'FAIL NAME' line "
               "each, then a summary; exit 0 when all pass, 1 otherwise\n", argv[0]);
        exit(0);
    }
    fprintf(stderr, "%s: takes no arguments (unknown '%s'; --help for usage)\n", argv[0], argv[1]);
    exit(2);
}

/* For a test that writes its files to out/ and reads the repository's
 * files (tests/..., tb/...) by relative paths: tests/run.sh runs it in
 * BUILD/test/unit, which links the repository's directories and has an
 * out/ of its own.  Run by hand from elsewhere, or from a tree without
 * out/, it says so in one FAIL line and exits 1, instead of failing
 * check by check on files it could not open. */
static inline void test_needs_out(const char *argv0)
{
    FILE *f = fopen("tests/check.h", "r");
    const char *why = f ? NULL : "not at the top of the repository (no tests/check.h here)";
    if (f)
        fclose(f);
    if (!why && !(f = fopen("out/.test_needs_out", "w")))
        why = "no writable out/ directory here (mkdir -p out)";
    if (f) {
        fclose(f);
        remove("out/.test_needs_out");
    }
    if (!why)
        return;
    printf("FAIL %s: %s; it writes to out/ and reads the repository's files: run it from the "
           "top of the repository with an out/, or through tests/run.sh (BUILD/test/unit has both)\n",
           argv0, why);
    exit(1);
}

static inline int test_summary(void)
{
    return check_tests_failed != 0 || check_tests_run == 0;
}

#endif /* CHECK_H */
