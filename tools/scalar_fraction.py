#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""scalar_fraction.py [--build DIR] [--check] -- the scalar fraction per kernel
(issue 26; 002 sec. 5.8, Fig. 10's kind of chart).

Runs every built-in .k kernel (tb/kernels/*.k) and every CUDA kernel
(tb/kernels/cuda/*.launch) through `build/simt --config 002 --mech
simt+scalar` (the scalar unit takes every scalar instruction, so its count is
the analysis' dynamic count) and writes, from the runs:
  - the table between the `generated:scalar-fraction` markers of
    docs/scalar.md: static scalar instructions / reachable instructions,
    scalar warp instructions / warp instructions issued, and the allocation
    (vector registers per thread, scalar registers per warp), with their
    means, beside 002's reported fractions and the paper file's line numbers;
  - docs/scalar_fraction.svg, a bar chart of the dynamic fractions with 002's
    mean as a line.
--check: write nothing; exit 1 with one line if either differs from what
the runs give (tests/test_simt_scalarize.sh).  A run that fails: one line,
exit 2.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "scalar.md")
SVG = os.path.join(ROOT, "docs", "scalar_fraction.svg")
BEGIN = ("<!-- generated:scalar-fraction: tools/scalar_fraction.py writes this "
         "(make scalar-fraction); do not edit -->")
END = "<!-- /generated:scalar-fraction -->"

# 002's reported numbers (sec. 5.8; line numbers of
# /work/shared/papers/002_7bc297884f8ab649.txt): kernel, static %, dynamic %,
# lines.  None: not reported.
PAPER = [
    ("mean, 002's algorithm", 31.1, 30.3, "1132-1133"),
    ("mean, restricted to convergent control flow (Lee et al.)", 12.9, 13.5, "1134-1135"),
    ("GAU 0 (the highest dynamic)", 57.1, 64.2, "1138-1140"),
    ("LIB 1 (the highest static)", 66.1, 48.8, "1140-1141"),
    ("BP 0", None, 56.0, "1164-1165"),
    ("STO (the lowest)", None, 0.4, "1137-1138"),
]


def run(simt, args, what):
    cmd = [simt, "--config", "002", "--mech", "simt+scalar", "--format", "json"] + args
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        line = (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[0]
        print("scalar_fraction: %s: %s" % (what, line), file=sys.stderr)
        sys.exit(2)
    row = json.loads(p.stdout)["rows"][0]
    st, reach = (int(x) for x in row["static_scalar"].split("/"))
    return {
        "static": 100.0 * st / reach if reach else 0.0,
        "static_n": row["static_scalar"],
        "dyn": 100.0 * int(row["scalar_issues"]) / int(row["warp_insts"]) if int(row["warp_insts"]) else 0.0,
        "dyn_n": "%s/%s" % (row["scalar_issues"], row["warp_insts"]),
        "vregs": row["vregs"],
        "sregs": row["sregs"],
    }


def measure(build):
    simt = os.path.join(build, "simt")
    rows = []
    for k in sorted(glob.glob(os.path.join(ROOT, "tb", "kernels", "*.k"))):
        rel = os.path.relpath(k, ROOT)
        rows.append((os.path.basename(k)[:-2], ".k", run(simt, ["--kernel", rel], rel)))
    for l in sorted(glob.glob(os.path.join(ROOT, "tb", "kernels", "cuda", "*.launch"))):
        rel = os.path.relpath(l, ROOT)
        rows.append((os.path.basename(l)[:-7], "CUDA", run(simt, ["--launch", rel], rel)))
    return rows


def pct(v):
    return "-" if v is None else "%.1f%%" % v


def table(rows):
    out = [BEGIN,
           "Every kernel of the project at 002's preset through `simt+scalar` "
           "(`make scalar-fraction`; the chart: [scalar_fraction.svg](scalar_fraction.svg)). "
           "Static: scalar instructions of the reachable ones; dynamic: scalar warp "
           "instructions of the warp instructions issued (002 Fig. 10's measure); "
           "registers: the allocation, 32-bit vector registers per thread and scalar "
           "registers per warp.",
           "",
           "| kernel | front end | static scalar | dynamic scalar | vector regs / thread | scalar regs / warp |",
           "|---|---|---:|---:|---:|---:|"]
    for name, fe, r in rows:
        out.append("| %s | %s | %s (%s) | %s (%s) | %s | %s |" % (
            name, fe, pct(r["static"]), r["static_n"], pct(r["dyn"]), r["dyn_n"],
            r["vregs"], r["sregs"]))
    n = len(rows)
    ms = sum(r["static"] for _, _, r in rows) / n
    md = sum(r["dyn"] for _, _, r in rows) / n
    out.append("| **mean of %d kernels** | | %s | %s | | |" % (n, pct(ms), pct(md)))
    out += ["",
            "002's reported fractions (sec. 5.8; line numbers of the paper file; its "
            "per-kernel Fig. 10 bars are not in the text):",
            "",
            "| 002 | static scalar | dynamic scalar | lines |",
            "|---|---:|---:|---|"]
    for name, s, d, ln in PAPER:
        out.append("| %s | %s | %s | l.%s |" % (name, pct(s), pct(d), ln))
    out.append(END)
    return "\n".join(out) + "\n", md


def svg(rows, mean):
    bar_h, gap, left, width = 16, 4, 140, 400
    n = len(rows) + 1
    h = 40 + n * (bar_h + gap) + 40
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;")
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
         'font-size="11">' % (left + width + 120, h),
         '<text x="4" y="16" font-size="13">Dynamic scalar fraction per kernel, 002 preset, '
         'simt+scalar (tools/scalar_fraction.py)</text>']
    y = 30
    for name, fe, r in rows:
        w = width * r["dyn"] / 100.0
        o.append('<text x="%d" y="%d" text-anchor="end">%s (%s)</text>' % (left - 4, y + 12, esc(name), fe))
        o.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>' % (
            left, y, w, bar_h, "#4878a8" if fe == ".k" else "#e08a3c"))
        o.append('<text x="%.1f" y="%d">%.1f%%</text>' % (left + w + 3, y + 12, r["dyn"]))
        y += bar_h + gap
    w = width * mean / 100.0
    o.append('<text x="%d" y="%d" text-anchor="end">mean</text>' % (left - 4, y + 12))
    o.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="#888"/>' % (left, y, w, bar_h))
    o.append('<text x="%.1f" y="%d">%.1f%%</text>' % (left + w + 3, y + 12, mean))
    y += bar_h + gap
    px = left + width * 30.3 / 100.0
    o.append('<line x1="%.1f" y1="26" x2="%.1f" y2="%d" stroke="#c00" stroke-dasharray="4,3"/>' % (px, px, y))
    o.append('<text x="%.1f" y="%d" fill="#c00">002 mean 30.3%% (l.1133)</text>' % (px, y + 14))
    for t in (0, 25, 50, 75, 100):
        x = left + width * t / 100.0
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000"/>' % (x, y, x, y + 4))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%d%%</text>' % (x, y + 26, t))
    o.append("</svg>")
    return "\n".join(o) + "\n"


def main(argv):
    build, check = "build", False
    i = 1
    while i < len(argv):
        if argv[i] == "--build" and i + 1 < len(argv):
            build = argv[i + 1]
            i += 2
        elif argv[i] == "--check":
            check = True
            i += 1
        else:
            print("scalar_fraction: unknown argument '%s' (usage: tools/scalar_fraction.py "
                  "[--build DIR] [--check])" % argv[i], file=sys.stderr)
            return 2
    if not os.access(os.path.join(build, "simt"), os.X_OK):
        print("scalar_fraction: no %s/simt (make %s/simt)" % (build, build), file=sys.stderr)
        return 2
    rows = measure(build)
    sec, mean = table(rows)
    pic = svg(rows, mean)
    doc = open(DOC).read()
    a, b = doc.find(BEGIN), doc.find(END)
    if a < 0 or b < a:
        print("scalar_fraction: %s has no generated:scalar-fraction markers" % DOC, file=sys.stderr)
        return 2
    new = doc[:a] + sec + doc[b + len(END) + 1:]
    old_pic = open(SVG).read() if os.path.exists(SVG) else ""
    if check:
        if new != doc or pic != old_pic:
            print("scalar_fraction: docs/scalar.md or docs/scalar_fraction.svg is stale "
                  "(make scalar-fraction)")
            return 1
        return 0
    open(DOC, "w").write(new)
    open(SVG, "w").write(pic)
    print("scalar_fraction: wrote docs/scalar.md (%d kernels, mean dynamic %.1f%%) and "
          "docs/scalar_fraction.svg" % (len(rows), mean))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
