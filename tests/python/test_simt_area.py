# SPDX-License-Identifier: Apache-2.0
"""warphw.simt equals build/simt --format json; warphw.area equals
build/area; errors raise with the programs' own messages."""
from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

import warphw
from conftest import BUILD, ROOT

KERNELS = sorted(f for f in os.listdir(os.path.join(ROOT, "tb", "kernels")) if f.endswith(".k"))


def simt_json(*args: str) -> dict:
    p = subprocess.run([os.path.join(BUILD, "simt"), *args, "--format", "json"], check=True,
                       capture_output=True, text=True)
    return json.loads(p.stdout)


@pytest.mark.parametrize("kernel", KERNELS)
def test_simt_rows_equal_the_program(kernel):
    path = os.path.join(ROOT, "tb", "kernels", kernel)
    want = simt_json("--kernel", path, "--mech", "all")["rows"]
    got = warphw.simt.run(path, mech="all", as_frame=False)
    assert got == want and len(got) >= 2


def test_simt_params_pass_through_and_frame():
    path = os.path.join(ROOT, "tb", "kernels", "even_odd.k")
    want = simt_json("--kernel", path, "--mech", "dwf,spe", "--lanes", "32", "--mem-lat", "20")
    rows = warphw.simt.run(path, mech=["dwf", "spe"], lanes=32, mem_lat=20, as_frame=False)
    assert rows == want["rows"]
    df = warphw.simt.run(path, mech=["dwf", "spe"], lanes=32, mem_lat=20, as_frame=True)
    assert list(df["mech"]) == [r["mech"] for r in rows] and list(df["cycles"]) == [r["cycles"] for r in rows]
    assert list(df.columns) == list(rows[0]) and df.attrs["warp_size"] == 32
    # kernel text instead of a file
    text = open(path, encoding="utf-8").read()
    assert warphw.simt.run(text, mech="spe", as_frame=False) == simt_json("--kernel", path, "--mech", "spe")["rows"]


def test_simt_errors_raise_the_programs_line(tmp_path):
    bad = tmp_path / "bad.k"
    good = open(os.path.join(ROOT, "tb", "kernels", "even_odd.k"), encoding="utf-8").read().splitlines()
    # line 3 becomes an unknown instruction
    lines = good[:2] + ["    frobnicate r1, r2"] + good[2:]
    bad.write_text("\n".join(lines) + "\n")
    p = subprocess.run([os.path.join(BUILD, "simt"), "--kernel", str(bad), "--format", "json"],
                       capture_output=True, text=True)
    assert p.returncode == 2
    with pytest.raises(ValueError) as e:
        warphw.simt.run(str(bad))
    assert str(e.value) == p.stderr.strip() and str(e.value).startswith(str(bad) + ":")
    assert re.match(r"^%s:\d+: " % re.escape(str(bad)), str(e.value))
    with pytest.raises(ValueError, match=r"--lanes"):
        warphw.simt.run(os.path.join(ROOT, "tb", "kernels", "even_odd.k"), lanes=3)
    with pytest.raises(ValueError, match=r"cannot open"):
        warphw.simt.run("/no/such/kernel.k")


def area_cli(*args: str) -> str:
    return subprocess.run([os.path.join(BUILD, "area"), *args], check=True, capture_output=True,
                          text=True).stdout


def test_area_array_equals_the_program():
    out = area_cli("array", "--kind", "ram", "--entries", "512", "--width", "32", "--rd-ports", "2",
                   "--wr-ports", "1", "--tech", "90")
    want = float(re.search(r"^area_mm2 (\S+)$", out, re.M).group(1))
    got = warphw.area.array(kind="ram", entries=512, width=32, rd_ports=2, wr_ports=1, tech=90)
    assert got["area_mm2"] == pytest.approx(want, rel=1e-5)
    assert sum(got["classes"].values()) == pytest.approx(got["area_mm2"], rel=1e-9)
    cam = area_cli("array", "--kind", "cam", "--entries", "64", "--width", "40", "--tech", "40")
    assert warphw.area.array(kind="cam", entries=64, width=40, tech=40)["area_mm2"] == pytest.approx(
        float(re.search(r"^area_mm2 (\S+)$", cam, re.M).group(1)), rel=1e-5)


def test_area_structure_equals_the_sweep():
    out = area_cli("sweep", "--module", "hct_cct_heap", "--param", "WARPS=24,48", "--format", "csv")
    rows = [r.split(",") for r in out.strip().splitlines()]
    head = rows[0]
    col = next(i for i, h in enumerate(head) if "mm2" in h)
    for r in rows[1:]:
        w = int(r[head.index("WARPS")]) if "WARPS" in head else None
        if w is None:
            pytest.fail("no WARPS column in: %s" % head)
        got = warphw.area.structure("hct_cct_heap", WARPS=w)
        assert got["area_mm2"] == pytest.approx(float(r[col]), rel=1e-4)


def test_area_report_records():
    doc = json.loads(area_cli("report", "--paper", "all", "--format", "json"))
    recs = warphw.area.report()
    assert len(recs) == sum(len(p["rows"]) for p in doc["papers"])
    first = doc["papers"][0]
    assert {k: v for k, v in recs[0].items() if k not in ("paper", "paper_title", "tech_nm")} == first["rows"][0]
    assert recs[0]["paper"] == first["paper"]


def test_area_errors():
    with pytest.raises(ValueError, match=r"^area: --module: unknown module 'nope' \(known: "):
        warphw.area.structure("nope")
    with pytest.raises(ValueError, match=r"^area: --param: hct_cct_heap has no parameter 'BOGUS'"):
        warphw.area.structure("hct_cct_heap", BOGUS=1)
    with pytest.raises(ValueError, match=r"tech must be 22..90 nm"):
        warphw.area.array(entries=4, width=4, tech=7)
    with pytest.raises(ValueError, match=r"kind"):
        warphw.area.array(kind="rom")
    with pytest.raises(ValueError, match=r"^area report: "):
        warphw.area.report(paper="999")
