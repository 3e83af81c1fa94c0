# SPDX-License-Identifier: Apache-2.0
"""Vector files (tb/vec.h, docs/cosim.md): what `cosim_NAME --record` writes,
read through the project's own reader (tb/vec.c).

    v = warphw.vectors.read("run.vec")
    v.structure, v.params            # "dpe_stack", {"WARPS": 48, ...}
    for cyc in v.cycles:             # dicts: rst, every input, every output (None = x)
        ...

A malformed file raises ValueError with the reader's "FILE:LINE: ..." line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._native import ffi, lib

__all__ = ["Vectors", "read"]


@dataclass
class Vectors:
    structure: str
    params: dict[str, int]
    inputs: list[tuple[str, int]]   # (name, width), rst first
    outputs: list[tuple[str, int]]
    cycles: list[dict[str, Any]] = field(default_factory=list)


def read(path: str) -> Vectors:
    err = ffi.new("char[]", 512)
    r = lib.vec_open(str(path).encode(), err, 512)
    if r == ffi.NULL:
        raise ValueError(ffi.string(err).decode())
    try:
        h = lib.vec_header_of(r)
        params = {}
        text = ffi.string(h.params).decode()
        for kv in filter(None, text.split(",")):
            k, v = kv.split("=")
            params[k] = int(v, 0)
        fields = [(ffi.string(h.f[k].name).decode(), h.f[k].width, h.f[k].dir) for k in range(h.n)]
        v = Vectors(ffi.string(h.structure).decode(), params,
                    [(n, w) for n, w, d in fields if d == lib.PORT_IN],
                    [(n, w) for n, w, d in fields if d == lib.PORT_OUT])
        mw = lib.PORT_MAX_WORDS
        vals = ffi.new("uint64_t[]", h.n * mw)
        known = ffi.new("unsigned char[]", h.n)
        while True:
            got = lib.vec_read(r, vals, known, err, 512)
            if got == 0:
                break
            if got < 0:
                raise ValueError(ffi.string(err).decode())
            cyc: dict[str, Any] = {}
            for k, (name, width, _d) in enumerate(fields):
                if not known[k]:
                    cyc[name] = None
                    continue
                x = 0
                for w in range((width + 63) // 64):
                    x |= int(vals[k * mw + w]) << (64 * w)
                cyc[name] = x
            v.cycles.append(cyc)
        return v
    finally:
        lib.vec_close_reader(r)
