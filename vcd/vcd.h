/* SPDX-License-Identifier: Apache-2.0 */
/*
 * vcd.h -- a small Value Change Dump writer for the C models.
 *
 * Use it as a loop of passes, one per time step:
 *
 *     for (t = 0; ...; t++) { vcd_time(w, t); foo_trace(w, ...); }
 *
 * The first pass (the calls after the first vcd_time()) declares the scopes
 * and signals, in call order, and gives their initial values.  The second
 * vcd_time() writes the header, $enddefinitions and a $dumpvars of those
 * values.  Every later pass makes the same calls in the same order;
 * vcd_sig() matches the n-th signal of the pass to the n-th declared one and
 * writes a value only when it changed.  A time stamp is written only for a
 * step in which something changed.
 *
 * A pass that declares a different name or width than the first one is a
 * programming error: the writer records it (vcd_error()) and stops writing.
 *
 * Signals are 1..1024 bits wide (vcd_sig up to 64, vcd_sig_words beyond).  Scalars are dumped as `0!`, vectors as
 * `b1010 !`.  Identifiers are the printable-ASCII codes VCD allows.
 * Memory for the signal table is allocated while defining (never per cycle).
 */
#ifndef VCD_H
#define VCD_H

#include <stdint.h>
#include <stdio.h>

#include "../rtl_c/port.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VCD_MAX_WIDTH PORT_MAX_WIDTH
#define VCD_MAX_WORDS PORT_MAX_WORDS
#define VCD_WORDS(width) PORT_WORDS(width)

typedef struct vcd_writer vcd_writer;

/* Opens `path` for writing.  `timescale` is e.g. "1ns".  NULL on failure. */
vcd_writer *vcd_open(const char *path, const char *timescale);

/* Enters / leaves a module scope (nesting is allowed). */
void vcd_scope(vcd_writer *w, const char *name);
void vcd_upscope(vcd_writer *w);

/* Declares (first pass) or sets (later passes) the next signal. */
void vcd_sig(vcd_writer *w, const char *name, unsigned width, uint64_t value);

/* The same for a signal of any width: words least significant first. */
void vcd_sig_words(vcd_writer *w, const char *name, unsigned width, const uint64_t *words);

/* A port_visit_fn (rtl_c/port.h) with ctx = the vcd_writer: traces a port
 * list, e.g. foo_ports(cfg, in, out, vcd_port, w). */
void vcd_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
              enum port_dir dir);

/* Starts time step `t` (must not go backwards).  The first call ends the
 * definition phase.  Values set after vcd_time(t) belong to time t. */
void vcd_time(vcd_writer *w, uint64_t t);

/* Number of signals declared so far. */
unsigned vcd_count(const vcd_writer *w);

/* NULL while all is well, otherwise a description of the first misuse. */
const char *vcd_error(const vcd_writer *w);

/* Flushes and closes; returns 0 on success, -1 if any write failed or the
 * writer recorded a misuse. */
int vcd_close(vcd_writer *w);

#ifdef __cplusplus
}
#endif

#endif /* VCD_H */
