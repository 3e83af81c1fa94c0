/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs_int.h -- helpers shared by the area descriptions (structs.c and
 * structs_NNN.c); not part of the area library's interface (structs.h).
 */
#ifndef AREA_STRUCTS_INT_H
#define AREA_STRUCTS_INT_H

#include "structs.h"

/* Clears d and names it. */
void area_desc_start(area_desc *d, const char *name, const char *title);
/* Appends an item of the type to d (count 1); NULL when d is full. */
area_item *area_add_item(area_desc *d, area_item_type type, const char *name, const char *what);
/* Appends count arrays of entries x width bits with rd read and wr write ports
 * in banks banks, and adds their bits to d's storage. */
void area_add_array(area_desc *d, const char *name, const char *what, area_kind kind,
                    unsigned long entries, unsigned width, unsigned rd, unsigned wr, unsigned banks,
                    unsigned count);
/* Appends logic of ge gate equivalents. */
void area_add_logic(area_desc *d, const char *name, const char *what, double ge);
/* Appends every item of src to d, its name prefixed; NULL or a message. */
const char *area_desc_append(area_desc *d, const area_desc *src, const char *prefix);

#endif
