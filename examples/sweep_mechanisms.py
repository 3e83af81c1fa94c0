#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Sweep one SM-model parameter across mechanisms and plot it.

    python examples/sweep_mechanisms.py [--kernel tb/kernels/even_odd.k]
        [--param lanes --values 8,16,32] [--mech spe,dpe,dwf,sbi]
        [--metric simd_eff] [-o out/sweep_lanes.png]

Runs the kernel through each mechanism at each value of the parameter
(warphw.simt.run: build/simt --format json), writes the rows as CSV beside
the PNG (same name, .csv), and draws the metric (a column of the JSON rows:
simd_eff, cycles, area_mm2, ...) against the parameter, one line per
mechanism.  Needs pandas and matplotlib (pip install .[frames,plot]).
"""
from __future__ import annotations

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import warphw  # noqa: E402


def sweep(kernel: str, param: str, values: list[int], mechs: list[str]) -> pd.DataFrame:
    """One row per (value, mechanism): the SM model's row plus the value."""
    frames = []
    for v in values:
        df = warphw.simt.run(kernel, mech=mechs, as_frame=True, **{param: v})
        df.insert(0, param, v)
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def plot(df: pd.DataFrame, param: str, metric: str, path: str, title: str = "") -> plt.Axes:
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    for mech, g in df.groupby("mech", sort=False):
        ax.plot(g[param], g[metric], marker="o", label=mech)
    ax.set_xlabel(param)
    ax.set_ylabel(metric)
    ax.set_xscale("log", base=2)
    ax.set_xticks(sorted(df[param].unique()))
    ax.set_xticklabels([str(v) for v in sorted(df[param].unique())])
    ax.grid(True, alpha=0.3)
    ax.legend(title="mechanism")
    ax.set_title(title or "%s against %s" % (metric, param))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return ax


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", default=os.path.join("tb", "kernels", "even_odd.k"))
    ap.add_argument("--param", default="lanes", help="a build/simt flag without the dashes")
    ap.add_argument("--values", default="8,16,32")
    ap.add_argument("--mech", default="spe,dpe,dwf,sbi")
    ap.add_argument("--metric", default="simd_eff")
    ap.add_argument("-o", "--out", default=os.path.join("out", "sweep_lanes.png"))
    a = ap.parse_args(argv)
    try:
        values = [int(v, 0) for v in a.values.split(",")]
    except ValueError:
        print("sweep_mechanisms: --values must be integers separated by commas, not '%s'" % a.values,
              file=sys.stderr)
        return 2
    try:
        df = sweep(a.kernel, a.param, values, a.mech.split(","))
    except ValueError as e:  # the SM model's own one line
        print("sweep_mechanisms: %s" % e, file=sys.stderr)
        return 2
    if a.metric not in df.columns:
        print("sweep_mechanisms: no column '%s' (columns: %s)" % (a.metric, " ".join(df.columns)),
              file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    df.to_csv(os.path.splitext(a.out)[0] + ".csv", index=False)
    plot(df, a.param, a.metric, a.out, "%s: %s against %s" % (os.path.basename(a.kernel), a.metric, a.param))
    print("wrote %s and %s" % (a.out, os.path.splitext(a.out)[0] + ".csv"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
