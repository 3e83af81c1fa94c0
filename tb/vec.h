/* SPDX-License-Identifier: Apache-2.0 */
/*
 * vec.h -- vector files: a structure's per-cycle inputs and outputs as
 * text, written by `cosim_foo --record`, read by `--replay` and by the
 * Icarus replay testbench (tb/replay_gen.c), and written by any other tool
 * (for example a kernel driver) that wants its trace to reach the RTL.
 * Plain C11 so that C tools link it (build/libvec.a).
 *
 * Format (docs/cosim.md):
 *
 *   #cosim-vectors 1 simt_stack WARPS=48,LANES=32,DEPTH=16,PC_W=32,MERGE=1 in rst:1 op:2 ... out ready:1 ...
 *   0 2 5 ffff 100 ...
 *
 *   - line 1, the header: the magic word and version, the structure, every
 *     parameter as NAME=VALUE (comma separated, no spaces), then `in`
 *     followed by the input fields and `out` followed by the output fields,
 *     each NAME:WIDTH.  The first input is `rst` (1 bit): 1 asserts the
 *     synchronous reset in that cycle.  The other fields are the Verilog
 *     ports in the order of the C model's foo_ports.
 *   - one line per cycle: one hexadecimal field per header field (no 0x),
 *     separated by single spaces.  An output may be `x`: not checked (the
 *     recorder writes x in reset cycles).  Inputs must have a value.  A value
 *     must fit its width.
 *   - lines starting with `#` after the header are comments.
 */
#ifndef VEC_H
#define VEC_H

#include <stddef.h>
#include <stdint.h>

#include "../rtl_c/port.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC_MAX_FIELDS 512u
#define VEC_NAME 48u

struct vec_field {
    char name[VEC_NAME];
    unsigned width;
    enum port_dir dir;
};

struct vec_header {
    char structure[64];
    char params[512];             /* "K=V,K=V" */
    unsigned n;                   /* fields, inputs first */
    struct vec_field f[VEC_MAX_FIELDS];
};

struct vec_field vec_field_make(const char *name, unsigned width, enum port_dir dir);

typedef struct vec_writer vec_writer;
typedef struct vec_reader vec_reader;

/* Creates the file and writes the header.  NULL on failure, with one line in
 * err ("cannot write FILE: reason"). */
vec_writer *vec_create(const char *path, const char *structure, const char *params,
                       const struct vec_field *f, unsigned n, char *err, size_t errn);
/* One cycle: values[k] points at PORT_WORDS(width) words of field k, or is
 * NULL for an unknown output (written x). */
void vec_write(vec_writer *w, const uint64_t *const *values);
/* 0, or -1 if any write failed. */
int vec_close_writer(vec_writer *w);

/* Opens and parses the header.  NULL on failure, with one line in err
 * ("FILE:LINE: what"). */
vec_reader *vec_open(const char *path, char *err, size_t errn);
const struct vec_header *vec_header_of(const vec_reader *r);
/* Reads the next cycle: field k's words go to values[k * PORT_MAX_WORDS ...],
 * known[k] = 0 for x.  Returns 1, 0 at the end of the file, -1 on a
 * malformed line (err: "FILE:LINE: field NAME: what"). */
int vec_read(vec_reader *r, uint64_t *values, unsigned char *known, char *err, size_t errn);
/* Line number of the line vec_read returned last. */
uint64_t vec_line(const vec_reader *r);
void vec_close_reader(vec_reader *r);

/* Parses a header line (without the newline) into h; NULL or a message. */
const char *vec_parse_header(const char *line, struct vec_header *h);

#ifdef __cplusplus
}
#endif

#endif /* VEC_H */
