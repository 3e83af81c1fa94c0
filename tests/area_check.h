/* SPDX-License-Identifier: Apache-2.0 */
/*
 * area_check.h -- helpers shared by the area estimator's tests
 * (tests/test_area*.c, tests/test_energy.c): a technology at a node (a bad
 * node ends the test program), an array description in one call, and the
 * area of a structure description at a node.
 */
#ifndef TESTS_AREA_CHECK_H
#define TESTS_AREA_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../area/array.h"
#include "../area/structs.h"
#include "../area/tech.h"
#include "check.h"

static inline area_tech T(double nm)
{
    area_tech t;
    const char *e = area_tech_at(nm, NULL, &t);
    if (e) {
        printf("  tech %g: %s\n", nm, e);
        exit(1);
    }
    return t;
}

static inline area_array A(area_kind k, unsigned long n, unsigned w, unsigned rw, unsigned rd,
                           unsigned wr, unsigned se, unsigned banks)
{
    area_array a;
    memset(&a, 0, sizeof a);
    a.kind = k;
    a.entries = n;
    a.width = w;
    a.rw = rw;
    a.rd = rd;
    a.wr = wr;
    a.search = se;
    a.banks = banks;
    return a;
}

/* area of a description at `nm` (fails the test on an evaluation error) */
static inline double desc_mm2(const area_desc *d, double nm)
{
    area_tech t = T(nm);
    area_result r;
    const char *e = area_desc_eval(&t, d, &r, NULL);
    CHECK(e == NULL);
    return e ? NAN : r.total_mm2;
}

#endif /* TESTS_AREA_CHECK_H */
