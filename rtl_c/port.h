/*
 * port.h -- the one list of a structure's ports.
 *
 * Each C model exports `foo_ports(in, out, visit, ctx)`, which calls
 * `visit` once for every Verilog port of the module, in a fixed order, with
 * the port's Verilog name, width and value.  Everything that needs the port
 * list walks it through this one function: the VCD trace (so the C scope and
 * the RTL scope of a waveform carry the same names), the co-simulation
 * compare, and the mismatch report.  Adding a port means adding one line to
 * `foo_ports` and one to the Verilog.
 */
#ifndef PORT_H
#define PORT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum port_dir { PORT_IN = 0, PORT_OUT = 1 };

typedef void (*port_visit_fn)(void *ctx, const char *name, unsigned width,
                              uint64_t value, enum port_dir dir);

#ifdef __cplusplus
}
#endif

#endif /* PORT_H */
