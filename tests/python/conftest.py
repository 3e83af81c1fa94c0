# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the Python tests (tests/python, run by tests/run.sh).

The package comes from build/py (the Makefile compiles it there) unless
WARPHW_INSTALLED=1 (then the installed one).  Programs: build/simt and
build/cosim_NAME of BUILD_DIR (environment WARPHW_BUILD, default build).
"""
from __future__ import annotations

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(os.environ.get("WARPHW_BUILD", os.path.join(ROOT, "build")))
if os.environ.get("WARPHW_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(BUILD, "py"))
os.environ.setdefault("WARPHW_SIMT", os.path.join(BUILD, "simt"))
os.environ.setdefault("WARPHW_ROOT", ROOT)


def design_point(structure: str, point: str) -> dict[str, int]:
    """tb/design_points' row (point "default": {})."""
    if point == "default":
        return {}
    with open(os.path.join(ROOT, "tb", "design_points"), encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if len(w) >= 2 and w[0] == structure and w[1] == point:
                return {k: int(v, 0) for k, v in (kv.split("=") for kv in w[2:])}
    raise LookupError("no %s point for %s in tb/design_points" % (point, structure))


@pytest.fixture(scope="session")
def build_dir() -> str:
    return BUILD


@pytest.fixture(scope="session")
def root() -> str:
    return ROOT
