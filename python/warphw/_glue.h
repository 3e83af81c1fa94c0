/* SPDX-License-Identifier: Apache-2.0 */
/*
 * _glue.h -- the one generic C interface the Python package (warphw) calls:
 * every structure behind the same table row, so that Python needs no code
 * per structure.  Written once; warphw/_build.py generates the list of
 * structures (every rtl_c/NAME.h with PARAM_DECLS(NAME) and NAME_ports) as
 * WHW_STRUCT(NAME) lines and the enumerated-name decoders (NAME_err_name,
 * NAME_act_name, ... that the header declares) as WHW_NAMES rows.
 *
 * A row gives the sizes of the model's cfg, state, in and out structs, its
 * parameter table (rtl_c/port.h), and its reset/eval/step/check/ports/trace
 * functions behind void pointers.  whw_ports collects the port list (name,
 * width, direction, byte offset of the field in the in or out struct) by
 * walking NAME_ports once: Python then reads and writes the fields in place.
 */
#ifndef WARPHW_GLUE_H
#define WARPHW_GLUE_H

#include <stddef.h>
#include <stdint.h>

#include "rtl_c/port.h"
#include "vcd/vcd.h"
#include "area/structs.h"

/* ---- cdef begin: _build.py hands from here to "cdef end" to cffi ---- */
struct whw_struct {
    const char *name;
    const struct param_table *params;
    size_t cfg_size, state_size, in_size, out_size;
    void (*reset)(const void *cfg, void *s);
    void (*eval)(const void *cfg, const void *s, const void *in, void *out);
    void (*step)(const void *cfg, void *s, const void *in, const void *out);
    const char *(*check)(const void *cfg, const void *s);
    void (*ports)(const void *cfg, const void *in, const void *out, port_visit_fn f, void *ctx);
    void (*trace)(vcd_writer *w, const void *cfg, const void *s, const void *in,
                  const void *out);
};

/* One enumerated-name function of a structure: `what` is the X of its
 * NAME_X_name (err, act, mode, ...), fn the function. */
struct whw_names {
    const char *structure;
    const char *what;
    const char *(*fn)(unsigned v);
};

struct whw_port {
    const char *name;
    unsigned width;
    int dir;       /* PORT_IN or PORT_OUT */
    size_t offset; /* byte offset of the field in the in (PORT_IN) or out struct */
};

/* NULL-terminated tables (generated). */
extern const struct whw_struct whw_structs[];
extern const struct whw_names whw_name_fns[];

/* Walks t's ports at cfg: fills up to max rows of p, returns the number of
 * ports (more than max: call again with a larger array).  -1 when a port's
 * field is outside the in/out struct (a model bug). */
int whw_ports(const struct whw_struct *t, const void *cfg, void *in, void *out,
              struct whw_port *p, int max);

/* Writes the model's trace (ports, then its state scope) of one cycle as a
 * VCD file at path.  0, or -1 when the file could not be written. */
int whw_trace_file(const struct whw_struct *t, const char *path, const void *cfg,
                   const void *s, const void *in, const void *out);

/* The area report as JSON (area_report_write) in a malloc'd string (*out;
 * free it with whw_free), or a one-line message. */
const char *whw_area_report_json(const char *paper, double tech_nm, int goal_area, char **out);
void whw_free(void *p);

/* One array at tech_nm (area_array_eval); NULL or a one-line message. */
const char *whw_area_array(double tech_nm, int goal_area, const area_array *a, area_result *r);
/* Module `name` (area_modules) at its defaults overridden by n Verilog
 * parameters (area_desc_module), at tech_nm; the description's title,
 * config and storage bits come back in *d.  NULL or a one-line message. */
const char *whw_area_module(const char *name, const char *const *pnames, const unsigned *pvalues,
                            unsigned n, double tech_nm, int goal_area, int force_ff,
                            area_desc *d, area_result *r);

/* ---- cdef end ---- */

#define WHW_STRUCT(foo)                                                                     \
    static void foo##_whw_reset(const void *c, void *s) { foo##_reset(c, s); }              \
    static void foo##_whw_eval(const void *c, const void *s, const void *i, void *o)        \
    {                                                                                       \
        foo##_eval(c, s, i, o);                                                             \
    }                                                                                       \
    static void foo##_whw_step(const void *c, void *s, const void *i, const void *o)        \
    {                                                                                       \
        foo##_step(c, s, i, o);                                                             \
    }                                                                                       \
    static const char *foo##_whw_check(const void *c, const void *s)                        \
    {                                                                                       \
        return foo##_check(c, s);                                                           \
    }                                                                                       \
    static void foo##_whw_ports(const void *c, const void *i, const void *o,                \
                                port_visit_fn f, void *x)                                   \
    {                                                                                       \
        foo##_ports(c, i, o, f, x);                                                         \
    }                                                                                       \
    static void foo##_whw_trace(vcd_writer *w, const void *c, const void *s, const void *i, \
                                const void *o)                                              \
    {                                                                                       \
        foo##_trace(w, c, s, i, o);                                                         \
    }

#define WHW_ROW(foo)                                                                        \
    {#foo,                  &foo##_params,          sizeof(foo##_cfg),                      \
     sizeof(foo##_state),   sizeof(foo##_in),       sizeof(foo##_out),                      \
     foo##_whw_reset,       foo##_whw_eval,         foo##_whw_step,                         \
     foo##_whw_check,       foo##_whw_ports,        foo##_whw_trace}

#endif /* WARPHW_GLUE_H */
