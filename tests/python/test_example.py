# SPDX-License-Identifier: Apache-2.0
"""examples/sweep_mechanisms.py runs (Agg backend), and what it writes is
checked: the CSV holds the SM model's rows at each value, the PNG is an
image with one line per mechanism through exactly those points."""
from __future__ import annotations

import csv
import os
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.image  # noqa: E402

import warphw  # noqa: E402
from conftest import ROOT  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "examples"))
import sweep_mechanisms as ex  # noqa: E402

KERNEL = os.path.join(ROOT, "tb", "kernels", "even_odd.k")


def test_example_script_writes_a_checked_plot(tmp_path):
    png = tmp_path / "sweep.png"
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "sweep_mechanisms.py"),
                        "--kernel", KERNEL, "--values", "8,16", "--mech", "spe,dwf", "-o", str(png)],
                       capture_output=True, text=True, env=env, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "wrote %s and %s" % (png, tmp_path / "sweep.csv")
    rows = list(csv.DictReader(open(tmp_path / "sweep.csv", encoding="utf-8")))
    assert [(r["lanes"], r["mech"]) for r in rows] == [("8", "spe"), ("8", "dwf"), ("16", "spe"), ("16", "dwf")]
    for lanes in (8, 16):
        want = warphw.simt.run(KERNEL, mech="spe,dwf", lanes=lanes, as_frame=False)
        got = [r for r in rows if r["lanes"] == str(lanes)]
        assert [float(r["simd_eff"]) for r in got] == [w["simd_eff"] for w in want]
        assert [int(r["cycles"]) for r in got] == [w["cycles"] for w in want]
    img = matplotlib.image.imread(str(png))
    assert img.shape[:2] == (400, 640)
    # not blank: the lines and labels are drawn (many distinct colours)
    assert len({tuple(px) for px in img.reshape(-1, img.shape[2])[::37]}) > 20


def test_example_plot_draws_the_data(tmp_path):
    df = ex.sweep(KERNEL, "lanes", [8, 16], ["spe", "dwf"])
    ax = ex.plot(df, "lanes", "simd_eff", str(tmp_path / "p.png"))
    lines = {ln.get_label(): (list(ln.get_xdata()), list(ln.get_ydata())) for ln in ax.get_lines()}
    assert set(lines) == {"spe", "dwf"}
    for mech, (xs, ys) in lines.items():
        g = df[df["mech"] == mech]
        assert xs == list(g["lanes"]) and ys == list(g["simd_eff"])
    assert os.path.getsize(tmp_path / "p.png") > 1000


def test_example_bad_value_exits_2(tmp_path):
    p = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "sweep_mechanisms.py"),
                        "--kernel", KERNEL, "--values", "3", "-o", str(tmp_path / "x.png")],
                       capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert p.returncode == 2 and p.stderr.startswith("sweep_mechanisms: ") and "--lanes" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
