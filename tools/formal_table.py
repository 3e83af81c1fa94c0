#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""formal_table.py -- the results table of docs/formal.md, generated from the
output of the formal runs (issue 27; docs/formal.md "Results").

tools/formal.sh keeps the lines of each structure's whole run (properties
and planted faults): docs/formal-results/results/STRUCT.txt for make formal,
docs/formal-results/results-quick/STRUCT.txt for its --quick subset (make
test's runs them with --test, which keeps nothing). The files are in git: a
run of one structure (make formal STRUCT=name) replaces its own file, and
the table is the last run of every structure. make formal and make docs run
this script; make test runs --check (tests/test_formal_faults.sh), so the
page never says other than the results beside it.
This script reads them and rewrites the section of docs/formal.md between

  <!-- generated:formal-results: ... -->
  <!-- /generated:formal-results -->

with one row per property (make formal's result, the cycle its planted
fault was caught at, the same for the quick run) and one row per structure
(wall and CPU seconds: the properties' run, the faults' runs).

  tools/formal_table.py [--out DIR] [--doc FILE] [--check]

--check: exit 1 if the section differs from what the results give.
A structure without a results file is listed as not run: a missing result
is never shown as a pass.
"""
import argparse
import os
import re
import sys

TAG = "formal-results"
GEN = ("<!-- generated:%s: tools/formal_table.py writes this from the "
       "results of make formal and formal.sh --quick; do not edit -->" % TAG)
END = "<!-- /generated:%s -->" % TAG

TIME = re.compile(r"\((\d+|\?) s, ([0-9.]+|\?) s CPU\)$")
CYCLE = re.compile(r"at cycle (\d+)")


def points(path):
    """STRUCT -> (bmc depth, k, quick depth, point, quick point)."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            s, depth, k, qd = fields[:4]
            rest = " ".join(fields[4:])
            full, _, over = rest.partition("|")
            kv = [t for t in full.split() if "=" in t and ":" not in t]
            quick = list(kv)
            for o in over.split():
                name = o.split("=")[0]
                quick = [o if t.split("=")[0] == name else t for t in quick]
                if not any(t.split("=")[0] == name for t in kv):
                    quick.append(o)
            out[s] = (int(depth), int(k), int(qd), " ".join(kv), " ".join(quick))
    return out


def parse(path):
    """A results file -> (props {P: (kind, detail)}, faults {P: (kind,
    cycle)}, (wall, cpu) of the properties' run, [(wall, cpu)] of the
    faults, problems [line], covers {C: result})."""
    props, faults, fault_times, problems, covers = {}, {}, [], [], {}
    ptime = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            kind, _, rest = line.partition(" ")
            rest = rest.strip()
            m = TIME.search(rest)
            t = (m.group(1), m.group(2)) if m else ("?", "?")
            s, _, rest = rest.partition(" ")
            p, _, detail = rest.partition(" ")
            if p == "-":
                problems.append(line)
                continue
            # a cover (reachability witness): reached at a cycle, or not
            if kind == "covered":
                c = CYCLE.search(detail)
                covers[p] = "covered at cycle %s" % (c.group(1) if c else "?")
                continue
            if kind == "FAILED" and detail.startswith("- not reached"):
                covers[p] = "**not reached**"
                continue
            if kind in ("proved", "bounded", "FAILED"):
                ptime = t
                if kind == "proved":
                    k = re.search(r"k=\d+", detail)
                    d = "proved, " + k.group(0) if k else "proved"
                elif kind == "bounded":
                    d = "bounded to %s" % re.search(r"to depth (\d+)", detail).group(1)
                else:
                    c = CYCLE.search(detail)
                    d = "**FAILED** at cycle %s" % (c.group(1) if c else "?")
                props[p] = d
            elif kind in ("caught", "MISSED"):
                c = CYCLE.search(detail)
                faults[p] = ("cycle %s" % c.group(1)) if kind == "caught" and c else "**MISSED**"
                fault_times.append(t)
            else:
                problems.append(line)
    return props, faults, ptime, fault_times, problems, covers


def num(x):
    try:
        return float(x)
    except ValueError:
        return None


def table(out_dir, pts, props_of, covers_of=lambda s: []):
    rows = ["| structure | property | make formal | its fault | quick (make test) | its fault |",
            "|---|---|---|---|---|---|"]
    summary = ["| structure | make formal's point (BMC depth, k) | make formal: proved / bounded / failed, "
               "faults caught | properties: wall s / CPU s | faults: jobs, wall s / CPU s | "
               "quick point (depth) | quick: ok, faults caught | quick: CPU s |",
               "|---|---|---|---|---|---|---|---|"]
    tot = {"cpu": 0.0, "qcpu": 0.0, "jobs": [], "missing": [], "qmissing": [], "props": 0, "proved": 0,
           "bounded": 0, "failed": 0, "faults": 0, "caught": 0, "covers": 0, "covered": 0}
    for s, (depth, k, qd, point, qpoint) in pts.items():
        full = os.path.join(out_dir, "results", s + ".txt")
        quick = os.path.join(out_dir, "results-quick", s + ".txt")
        fr = parse(full) if os.path.exists(full) else None
        qr = parse(quick) if os.path.exists(quick) else None
        names = props_of(s)
        for p in names:
            a = fr[0].get(p, "**no result**") if fr else "not run"
            b = fr[1].get(p, "**no fault run**") if fr else "not run"
            c = qr[0].get(p, "**no result**") if qr else "not run"
            if c.startswith("bounded"):
                c = "BMC to %d" % qd
            d = qr[1].get(p, "make formal only") if qr else "not run"
            rows.append("| %s | %s | %s | %s | %s | %s |" % (s, p, a, b, c, d))
        tot["props"] += len(names)
        if fr:
            tot["proved"] += sum(fr[0].get(p, "").startswith("proved") for p in names)
            tot["bounded"] += sum(fr[0].get(p, "").startswith("bounded") for p in names)
            tot["failed"] += sum(not fr[0].get(p, "").startswith(("proved", "bounded")) for p in names)
            tot["caught"] += sum(fr[1].get(p, "").startswith("cycle") for p in names)
        tot["faults"] += len(names)
        for cv in covers_of(s):
            tot["covers"] += 1
            if fr and fr[5].get(cv, "").startswith("covered"):
                tot["covered"] += 1
            a = fr[5].get(cv, "**no result**") if fr else "not run"
            c = qr[5].get(cv, "**no result**") if qr else "not run"
            rows.append("| %s | %s (cover) | %s | - | %s | - |" % (s, cv, a, c))
        for r, name in ((fr, "make formal"), (qr, "quick")):
            if r and r[4]:
                for line in r[4]:
                    rows.append("| %s | - | **%s: %s** | | | |" % (s, name, line.replace("|", "\\|")))
        if fr:
            pw, pc = fr[2] or ("?", "?")
            fw = [num(w) for w, _ in fr[3]]
            fc = [num(c) for _, c in fr[3]]
            fsum = (sum(x for x in fw if x is not None), sum(x for x in fc if x is not None))
            cpu = (num(pc) or 0.0) + fsum[1]
            tot["cpu"] += cpu
            tot["jobs"] += [num(pc) or 0.0] + [x for x in fc if x is not None]
            ftxt = "%d, %.0f / %.1f" % (len(fr[3]), fsum[0], fsum[1])
            ptxt = "%s / %s" % (pw, pc)
        else:
            ptxt, ftxt = "not run", "not run"
            tot["missing"].append(s)
        if qr:
            qc = (num((qr[2] or ("?", "?"))[1]) or 0.0) + sum(num(c) or 0.0 for _, c in qr[3])
            tot["qcpu"] += qc
            qtxt = "%.1f" % qc
        else:
            qtxt = "not run"
            tot["qmissing"].append(s)
        if fr:
            v = list(fr[0].values())
            res = "%d / %d / %d, %d of %d" % (
                sum(x.startswith("proved") for x in v), sum(x.startswith("bounded") for x in v),
                sum("FAILED" in x for x in v) + sum(p not in fr[0] for p in names),
                sum(x.startswith("cycle") for x in fr[1].values()), len(names))
        else:
            res = "not run"
        if qr:
            qv = list(qr[0].values())
            qres = "%d of %d, %d of %d" % (sum(x.startswith("bounded") for x in qv), len(qv),
                                          sum(x.startswith("cycle") for x in qr[1].values()), len(qr[3]))
        else:
            qres = "not run"
        summary.append("| %s | %s (%d, k=%d) | %s | %s | %s | %s (%d) | %s | %s |"
                       % (s, point, depth, k, res, ptxt, ftxt,
                          "same" if qpoint == point else qpoint, qd, qres, qtxt))
    jobs = sorted(tot["jobs"], reverse=True)
    foot = ["",
            "make formal: %d structures, %d properties: %d proved by k-induction, %d bounded, "
            "%d failed or without a result; %d of %d planted faults caught; %d of %d covers reached%s."
            % (len(pts), tot["props"], tot["proved"], tot["bounded"], tot["failed"], tot["caught"],
               tot["faults"], tot["covered"], tot["covers"],
               ("; **not run: %s**" % ", ".join(tot["missing"])) if tot["missing"] else ""),
            "",
            "make formal: %.0f CPU s in %d jobs (the longest %.0f s): on 2 idle cores at least "
            "max(sum/2, longest) = %.0f s of wall clock%s. The quick subset: %.0f CPU s%s."
            % (tot["cpu"], len(jobs), jobs[0] if jobs else 0.0,
               max(tot["cpu"] / 2, jobs[0] if jobs else 0.0),
               ("; **not run: %s**" % ", ".join(tot["missing"])) if tot["missing"] else "",
               tot["qcpu"],
               (" (**not run: %s**)" % ", ".join(tot["qmissing"])) if tot["qmissing"] else "")]
    return "\n".join(summary + [""] + rows + foot)


def main():
    ap = argparse.ArgumentParser(description="docs/formal.md's results table from the formal runs")
    ap.add_argument("--out", default="docs/formal-results",
                    help="formal.sh's FORMAL_RESULTS (default docs/formal-results)")
    ap.add_argument("--doc", default="docs/formal.md")
    ap.add_argument("--points", default="tools/formal_points.txt")
    ap.add_argument("--check", action="store_true", help="exit 1 if the section is stale")
    # a usage error is one line (the project's rule), not argparse's usage + error
    ap.error = lambda msg: sys.exit(print("%s: %s (try --help)" % (ap.prog, msg), file=sys.stderr) or 2)
    a = ap.parse_args()
    for f in (a.doc, a.points):
        if not os.path.exists(f):
            print("formal_table.py: %s: no such file" % f, file=sys.stderr)
            return 2
    pts = points(a.points)

    def props_of(s):
        with open(os.path.join("verilog", s + ".v")) as f:
            return sorted(set(re.findall(r"([A-Za-z_]\w*):\s*assert\s*\(", f.read())))

    def covers_of(s):
        with open(os.path.join("verilog", s + ".v")) as f:
            return sorted(set(re.findall(r"([A-Za-z_]\w*):\s*cover\s*\(", f.read())))

    body = table(a.out, pts, props_of, covers_of)
    text = open(a.doc).read()
    i, j = text.find("<!-- generated:%s" % TAG), text.find(END)
    if i < 0 or j < 0:
        print("formal_table.py: %s: no generated:%s section" % (a.doc, TAG), file=sys.stderr)
        return 2
    new = text[:i] + GEN + "\n\n" + body + "\n\n" + text[j:]
    if a.check:
        if new != text:
            print("formal_table.py: %s: the generated %s section is stale" % (a.doc, TAG), file=sys.stderr)
            return 1
        return 0
    if new != text:
        with open(a.doc, "w") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
