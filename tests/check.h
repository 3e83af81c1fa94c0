/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check.h -- the smallest unit-test harness that reports honestly.
 *
 *   TEST(name) { CHECK(cond); CHECK_EQ(a, b); ... }
 *   int main(void) { RUN(name); ...; return test_summary(); }
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

static inline int test_summary(void)
{
    return check_tests_failed != 0 || check_tests_run == 0;
}

#endif /* CHECK_H */
