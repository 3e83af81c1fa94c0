# SPDX-License-Identifier: Apache-2.0
"""warphw: the project's C models, SM model and area estimator from Python.

    import warphw
    m = warphw.Model("dpe_stack", WARPS=8, LANES=16)   # any structure, any legal point
    m.reset(); out = m.eval(op=1, op_warp=0, op_mask=0xffff, op_pc=4, op_rpc=64); m.step()
    warphw.simt.run("tb/kernels/even_odd.k", mech="dwf")  # build/simt --format json rows
    warphw.area.structure("hct_cct_heap", WARPS=24)      # CACTI-style area
    warphw.area.report()                                 # the area report as records

There is no second model here: every call runs the project's C code
(compiled into warphw._native with cffi), and every structure, port and
parameter comes from the C models' own tables (rtl_c/port.h).  Guide:
docs/python.md.
"""
from . import area, simt, vectors
from .model import InvariantError, Model, Named, Outputs, Port, param_table, structures

__all__ = ["Model", "Port", "Named", "Outputs", "InvariantError", "structures", "param_table",
           "simt", "area", "vectors"]
__version__ = "0.1.0"
