# SPDX-License-Identifier: Apache-2.0
"""The SM model (build/simt): a kernel through the mechanisms, from Python.

    rows = warphw.simt.run("tb/kernels/even_odd.k", mech="dwf,spe", lanes=32)

runs the project's `simt` program with `--format json` and returns its rows
(one per mechanism: cycles, SIMD efficiency, area, ...) as a pandas
DataFrame when pandas is installed (the JSON's other keys in ``df.attrs``),
else as a list of dicts.  ``as_frame=False`` always gives the list.

The program is the one built with the package (warphw/_bin/simt), or the
one named by the environment variable WARPHW_SIMT (the project's tests point
it at build/simt).  It is driven through its command line only, so that the
SM model can change without this module: every keyword becomes a flag,
``lanes=32`` -> ``--lanes 32``, ``mem_lat=40`` -> ``--mem-lat 40``, ``True`` ->
the bare flag, a list -> comma-separated.  A bad flag, value or kernel
raises ValueError with the program's one line (file:line: what, for a
kernel).
"""
from __future__ import annotations

import json
import os
import subprocess
import tempfile
from typing import Any

from ._frames import frame

__all__ = ["run", "run_json", "program"]


def program() -> str:
    """Path of the simt program used."""
    p = os.environ.get("WARPHW_SIMT")
    if p:
        return p
    p = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "simt")
    if os.path.exists(p):
        return p
    raise FileNotFoundError("warphw.simt: no simt program: set WARPHW_SIMT to build/simt, "
                            "or install the package with pip (it builds one)")


def _suffix(text: str) -> str:
    if "__global__" in text:
        return ".cu"
    if ".entry" in text or ".version" in text:
        return ".ptx"
    return ".k"


def _flags(params: dict[str, Any]) -> list[str]:
    out = []
    for k, v in params.items():
        flag = "--" + k.replace("_", "-")
        if v is True:
            out.append(flag)
        elif v is False or v is None:
            continue
        elif isinstance(v, (list, tuple)):
            out += [flag, ",".join(str(x) for x in v)]
        else:
            out += [flag, str(v)]
    return out


def run_json(kernel: str, mech: str | list[str] = "all", config: str | None = None,
             **params: Any) -> dict[str, Any]:
    """The whole JSON document `simt --format json` prints (see ``run``)."""
    tmp = None
    if not os.path.exists(kernel) and ("\n" in kernel or " " in kernel.strip()):
        fd, tmp = tempfile.mkstemp(suffix=_suffix(kernel), prefix="warphw_kernel_")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(kernel)
        kernel = tmp
    try:
        args = [program(), "--kernel", kernel, "--format", "json"]
        args += _flags({"mech": ",".join(mech) if isinstance(mech, (list, tuple)) else mech})
        if config is not None:
            args += ["--config", str(config)]
        args += _flags(params)
        p = subprocess.run(args, capture_output=True, text=True)
    finally:
        if tmp:
            os.unlink(tmp)
    if p.returncode == 2:
        raise ValueError(p.stderr.strip().splitlines()[0] if p.stderr.strip() else "simt: exit status 2")
    if p.returncode != 0:
        raise RuntimeError("simt failed (exit %d): %s" % (p.returncode, p.stderr.strip()[-2000:]))
    return json.loads(p.stdout)


def run(kernel: str, mech: str | list[str] = "all", config: str | None = None,
        as_frame: bool | None = None, **params: Any) -> Any:
    """Runs `kernel` (a file name, or the kernel's text) through `mech`
    (a name, "a,b" or a list; "all" = every mechanism) and returns the rows
    of `simt --format json`.  `config` is passed as --config when given;
    every other keyword as its flag (module doc).  as_frame: None gives a
    pandas DataFrame when pandas is installed, True requires it, False gives
    a list of dicts."""
    doc = run_json(kernel, mech=mech, config=config, **params)
    return frame(doc["rows"], as_frame, {k: v for k, v in doc.items() if k != "rows"})
