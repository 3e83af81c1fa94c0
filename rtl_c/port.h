/* SPDX-License-Identifier: Apache-2.0 */
/*
 * port.h -- the one list of a structure's ports, and its one table of
 * parameters.
 *
 * Ports.  Each C model exports `foo_ports(cfg, in, out, visit, ctx)`, which
 * calls `visit` once for every Verilog port of the module, in a fixed
 * order, with the port's Verilog name, its width at this cfg, the address
 * of the in/out field that holds it, and its direction.  Everything that
 * needs the port list walks it through this one function: the VCD trace
 * (so the C scope and the RTL scope of a waveform carry the same names),
 * the co-simulation's drive and sample of the Verilated model (tb/cosim.h
 * writes an output it samples through the address it is given, so pass the
 * field itself, never a copy), the compare, the mismatch report and the
 * vector files.  Adding a port means adding one line to `foo_ports` and
 * one to the Verilog.
 *
 *   - A port of up to 64 bits is one uint64_t; a wider one is an array of
 *     PORT_WORDS(width) uint64_t, least significant word first (at most
 *     PORT_MAX_WIDTH bits).  Bits above the width are ignored on input and
 *     zero on output.
 *   - An element of a packed Verilog bus may be visited as its own port
 *     named `BUS_lNN` (lane NN, two digits): it is bits [NN*width +: width]
 *     of the Verilog port BUS.  The co-simulation maps it so when the
 *     Verilog has no port of that exact name.
 *
 * Parameters.  Each C model also exports `const struct param_table
 * foo_params`: one row per Verilog parameter the user may set (its
 * UPPER_SNAKE name, the cfg field, min, max, default, flags).  The same
 * table gives `foo_default_cfg`, the ranges of `foo_cfg_check` (its `rules`
 * hook adds the cross-field rules), the co-simulation's `--param K=V`, the
 * Verilator `-G` and Icarus `-P` overrides, and the parameter part of a
 * vector file's header.  Derived parameters (WARP_W = clog2(WARPS), ...)
 * are not in the table: the Verilog computes them from these.
 */
#ifndef PORT_H
#define PORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum port_dir { PORT_IN = 0, PORT_OUT = 1 };

#define PORT_MAX_WIDTH 1024u
#define PORT_MAX_WORDS (PORT_MAX_WIDTH / 64u)
#define PORT_WORDS(width) (((width) + 63u) / 64u)

/* value: PORT_WORDS(width) words, least significant first. */
typedef void (*port_visit_fn)(void *ctx, const char *name, unsigned width,
                              const uint64_t *value, enum port_dir dir);

/* ------------------------------------------------------------ parameters */

#define PARAM_POW2 1u /* the value must be a power of two */

struct param_def {
    const char *name;  /* Verilog parameter, e.g. "WARPS" */
    const char *field; /* cfg field, e.g. "warps" (an unsigned) */
    size_t offset;     /* offsetof(foo_cfg, field) */
    unsigned min, max, def;
    unsigned flags;    /* PARAM_POW2 */
};

struct param_table {
    const char *structure;        /* "simt_stack" */
    const struct param_def *defs;
    unsigned n;
    /* Rules between parameters, checked after every range; NULL when there
     * are none.  Returns NULL or a one-line message. */
    const char *(*rules)(const void *cfg);
};

/* Every field of *cfg to its default. */
void params_default(const struct param_table *t, void *cfg);

/* NULL when every parameter is in range and the rules hold, else one line
 * naming the parameter, its value and the allowed range (a static buffer,
 * valid until the next call). */
const char *params_check(const struct param_table *t, const void *cfg);

/* The row of a Verilog parameter name, NULL if unknown. */
const struct param_def *params_find(const struct param_table *t, const char *name);

/* Applies one "NAME=VALUE" (decimal or 0x hex) to *cfg, checking the name
 * and the row's range.  NULL on success, else one line (static buffer). */
const char *params_set(const struct param_table *t, void *cfg, const char *kv);

/* Applies a list "K=V K=V" or "K=V,K=V" (NULL or "" = nothing), then
 * params_check.  NULL on success, else one line. */
const char *params_set_list(const struct param_table *t, void *cfg, const char *list);

/* "K=V,K=V" of every parameter (all != 0) or only of those that differ from
 * the default (all == 0; "" when none).  Returns buf. */
char *params_format(const struct param_table *t, const void *cfg, int all, char *buf,
                    size_t n);

/* The glue every model exports from its parameter table, written once:
 * PARAM_TABLE(foo, rules) in rtl_c/foo.c defines
 *   const struct param_table foo_params   (from foo_param_defs[], rules or NULL)
 *   foo_cfg foo_default_cfg(void)         every parameter at its default
 *   const char *foo_cfg_check(const foo_cfg *)   params_check of the table
 * and PARAM_DECLS(foo) in rtl_c/foo.h declares them. */
#define PARAM_DECLS(NAME)                                                                \
    extern const struct param_table NAME##_params;                                       \
    NAME##_cfg NAME##_default_cfg(void);                                                 \
    const char *NAME##_cfg_check(const NAME##_cfg *cfg);

#define PARAM_TABLE(NAME, RULES)                                                         \
    const struct param_table NAME##_params = {                                           \
        #NAME, NAME##_param_defs,                                                        \
        (unsigned)(sizeof NAME##_param_defs / sizeof NAME##_param_defs[0]), RULES};      \
    NAME##_cfg NAME##_default_cfg(void)                                                  \
    {                                                                                    \
        /* built once: models derive sub-unit configurations per call */               \
        static NAME##_cfg c;                                                             \
        static int built;                                                                \
        if (!built) {                                                                    \
            params_default(&NAME##_params, &c);                                          \
            built = 1;                                                                   \
        }                                                                                \
        return c;                                                                        \
    }                                                                                    \
    const char *NAME##_cfg_check(const NAME##_cfg *cfg) { return params_check(&NAME##_params, cfg); }

/* The allowed range of one row as text: "1..64", "a power of two in 2..32". */
char *params_range(const struct param_def *d, char *buf, size_t n);

unsigned params_get(const struct param_def *d, const void *cfg);

#ifdef __cplusplus
}
#endif

#endif /* PORT_H */
