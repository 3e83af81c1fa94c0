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
/* Merge on push (simt_rule.h) in a {pc, mask, rpc} stack of `depth`
 * entries: per search, `depth` compares of pc against npc and of rpc
 * against the TOS's, the run's chain and a priority pick; once, the entry
 * address and the OR of mask_bits into the merged entry.  Gate
 * equivalents. */
double area_ge_stack_merge(unsigned searches, unsigned depth, unsigned pc_bits, unsigned mask_bits,
                           unsigned addr_bits);
/* Appends logic of ge gate equivalents. */
void area_add_logic(area_desc *d, const char *name, const char *what, double ge);
/* Appends every item of src to d, its name prefixed; NULL or a message. */
const char *area_desc_append(area_desc *d, const area_desc *src, const char *prefix);

#endif
