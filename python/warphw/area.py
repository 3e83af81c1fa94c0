# SPDX-License-Identifier: Apache-2.0
"""The CACTI-style area estimator (area/, docs: area/README.md) from Python.

    warphw.area.array(kind="ram", entries=512, width=32, rd_ports=2, wr_ports=1, tech=90)
    warphw.area.structure("hct_cct_heap", WARPS=24, tech=40)
    warphw.area.report(paper="001")          # the report's rows as records
    warphw.area.modules()                    # what structure() knows

Every number comes from the estimator's C code (the same functions as
build/area); a bad kind, size, module, parameter or node raises ValueError
with its one-line message.  Areas are mm^2; `classes` splits an area into
the estimator's component classes (cells, decoders, sense_drivers, control,
routing, logic).
"""
from __future__ import annotations

import json
from typing import Any

from ._frames import frame
from ._native import ffi, lib

__all__ = ["array", "structure", "report", "modules", "module_params"]

_KINDS = {"ram": lib.AK_RAM, "cam": lib.AK_CAM, "ff": lib.AK_FF, "auto": lib.AK_AUTO}
_GOALS = {"delay": 0, "area": 1}


def _goal(goal: str) -> int:
    if goal not in _GOALS:
        raise ValueError("area: goal must be delay or area, not '%s'" % goal)
    return _GOALS[goal]


def _result(r: Any) -> dict[str, Any]:
    return {"kind": ffi.string(lib.area_kind_name(r.kind)).decode(),
            "area_mm2": r.total_mm2, "storage_mm2": r.storage_mm2, "efficiency": r.efficiency,
            "classes": {ffi.string(lib.area_class_name(k)).decode(): r.cls[k] for k in range(lib.AC_N)},
            "banks": r.banks, "rows": r.rows, "cols": r.cols, "subarrays": r.subarrays,
            "gate_equivalents": r.ge, "flops": r.flops}


def _count(name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ValueError("area: %s must be a non-negative integer, not %r" % (name, v))
    return v


def array(kind: str = "ram", entries: int = 1, width: int = 1, rw_ports: int | None = None,
          rd_ports: int = 0, wr_ports: int = 0, search_ports: int | None = None, banks: int = 1,
          ways: int = 0, tag_bits: int = 0, tech: float = 40, goal: str = "delay") -> dict[str, Any]:
    """One array (`area array`): kind ram, cam, ff or auto; ports default as
    the command line's (one read/write port when none is given; a cam one
    search port).  Returns area_mm2, its classes and the organisation."""
    if kind not in _KINDS:
        raise ValueError("area: --kind must be ram, cam, ff or auto, not '%s'" % kind)
    a = ffi.new("area_array *")
    a.kind = _KINDS[kind]
    a.entries = _count("entries", entries)
    a.width = _count("width", width)
    a.rd = _count("rd_ports", rd_ports)
    a.wr = _count("wr_ports", wr_ports)
    a.rw = _count("rw_ports", rw_ports) if rw_ports is not None else (1 if rd_ports + wr_ports == 0 else 0)
    a.search = _count("search_ports", search_ports) if search_ports is not None else (1 if kind == "cam" else 0)
    a.banks = _count("banks", banks)
    a.ways = _count("ways", ways)
    a.tag_bits = _count("tag_bits", tag_bits)
    r = ffi.new("area_result *")
    why = lib.whw_area_array(float(tech), _goal(goal), a, r)
    if why != ffi.NULL:
        raise ValueError("area array: " + ffi.string(why).decode())
    return _result(r)


def modules() -> list[str]:
    """The modules `structure` can cost."""
    m = lib.area_modules()
    out = []
    i = 0
    while m[i] != ffi.NULL:
        out.append(ffi.string(m[i]).decode())
        i += 1
    return out


def module_params(name: str) -> list[str]:
    """The Verilog parameters `structure(name, ...)` takes."""
    p = lib.area_module_params(name.encode())
    if p == ffi.NULL:
        raise ValueError("area: unknown module '%s' (known: %s)" % (name, " ".join(modules())))
    out = []
    i = 0
    while i < 8 and p[i] != ffi.NULL:
        out.append(ffi.string(p[i]).decode())
        i += 1
    return out


def structure(name: str, tech: float = 40, goal: str = "delay", force_ff: bool = False,
              **params: int) -> dict[str, Any]:
    """A structure's area at its defaults overridden by Verilog parameters
    (`area logic --module`): area_mm2, classes, title, config, storage bits."""
    names = [ffi.new("char[]", k.encode()) for k in params]
    pn = ffi.new("const char *[]", names or [ffi.NULL])
    pv = ffi.new("unsigned[]", [_count(k, v) for k, v in params.items()] or [0])
    d = ffi.new("area_desc *")
    r = ffi.new("area_result *")
    why = lib.whw_area_module(name.encode(), pn, pv, len(names), float(tech), _goal(goal),
                              1 if force_ff else 0, d, r)
    if why != ffi.NULL:
        raise ValueError("area: " + ffi.string(why).decode())
    out = _result(r)
    out.update({"module": name, "title": ffi.string(d.title).decode(),
                "config": ffi.string(d.config).decode(), "storage_bits": d.storage_bits,
                "entry_bits": d.entry_bits, "tech_nm": tech})
    return out


def report_json(paper: str = "all", tech: float = 0, goal: str = "delay") -> dict[str, Any]:
    """The report as `area report --format json` writes it (tech 0: each
    paper at its own node)."""
    out = ffi.new("char **")
    why = lib.whw_area_report_json(str(paper).encode(), float(tech), _goal(goal), out)
    if why != ffi.NULL:
        raise ValueError("area report: " + ffi.string(why).decode())
    try:
        return json.loads(ffi.string(out[0]).decode())
    finally:
        lib.whw_free(out[0])


def report(paper: str = "all", tech: float = 0, goal: str = "delay",
           as_frame: bool | None = False) -> Any:
    """The report's rows as records: one dict per row with the paper's
    number, title and node added (breakdown_mm2 kept as a dict).
    as_frame=True (or None with pandas installed) gives a DataFrame."""
    doc = report_json(paper, tech, goal)
    rows = []
    for p in doc["papers"]:
        for r in p["rows"]:
            rows.append({"paper": p["paper"], "paper_title": p.get("title"),
                         "tech_nm": p.get("tech_nm"), **r})
    return frame(rows, as_frame)
