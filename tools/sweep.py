#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""sweep.py -- kernels x mechanisms x presets x parameters through build/simt,
one independent job each, on GNU parallel (issue 25 sec. 5; docs/sweep.md).

  tools/sweep.py run SPEC... -o OUT.csv [--jobs N] [--sshloginfile F] [--simt CMD]
                                             [--charts DIR]
  tools/sweep.py chart OUT.csv -o DIR [--baseline MECH]
  tools/sweep.py check OUT.csv [--rows N]   re-run rows, compare their numbers
  tools/sweep.py jobs SPEC...               print the jobs' commands

A job is one `build/simt --config P --launch K --mech M [--set ...] --format
csv` run (the simt command is --simt, or $SIMT, or else `build/simt`).  Its result is one CSV
row holding the exact command that reproduces it.  The jobs go to GNU
parallel (local cores by default; --sshloginfile F spreads them over the
machines of F, each with the project built at this same path); each job's
row is appended to OUT.csv as it ends.  Run again after an interruption:
rows already in OUT.csv are kept (a torn last line is dropped) and only the
missing jobs run, so no job runs twice and none is lost.

A mechanism that cannot hold a kernel (build/simt's status "cannot run:
...") and a kernel build/simt refuses (exit 2, "unsupported PTX" and kin)
are rows like any other, with the reason in `status`; a run that fails its
checks (exit 1) is a row with status "FAIL ..." and makes `run` exit 1.

The sweep file: one directive a line, `#` starts a comment.
  kernels GLOB...          .launch (CUDA) or .k kernels; several lines add up
  presets NAME...          --config names (000 .. 004, default) or files
  mechs NAME...            build/simt mechanisms or variants below; `all`
  variant NAME MECH K=V... a mechanism with its own configuration keys
  set KEY=V1,V2,...        a parameter axis: every value a point (the axes
                           multiply)
  baseline MECH            what run --charts divides by (default spe)
"""
import argparse
import csv
import glob
import io
import itertools
import math
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CWD = os.getcwd()  # where the user's paths are relative to (the commands chdir to ROOT)
# the numbers of a row: build/simt --format csv's base columns
NUMS = ["cycles", "warp_insts", "thread_insts", "ipc", "simd_eff", "lane_util",
        "idle_cycles", "full_stalls", "segments", "bank_conflicts", "ctas", "area_mm2",
        "area_overhead_pct"]
COLS = ["kernel", "preset", "mech", "params", "status"] + NUMS + ["extra", "command"]


def die(msg):
    print("sweep: " + msg, file=sys.stderr)
    sys.exit(2)


# ------------------------------------------------------------ the spec
class Spec:
    def __init__(self, path):
        rel = os.path.relpath(path, CWD)  # as the user gave it; outside CWD, absolute
        self.path = path = path if rel.startswith("..") else rel
        self.kernels, self.presets, self.mechs, self.axes = [], [], [], []
        self.variants = {}
        self.baseline = "spe"
        try:
            lines = open(os.path.join(CWD, path)).read().splitlines()
        except OSError as e:
            die(f"{path}: {e.strerror}")
        except UnicodeDecodeError:
            die(f"{path}: not a text file")
        for n, raw in enumerate(lines, 1):
            words = raw.split("#", 1)[0].split()
            if not words:
                continue
            d, a = words[0], words[1:]
            where = f"{path}:{n}"
            if d == "kernels":
                for g in a:
                    hits = sorted(glob.glob(g))
                    if not hits:
                        die(f"{where}: no kernel matches '{g}'")
                    for h in hits:
                        if not h.endswith((".launch", ".k")):
                            die(f"{where}: '{h}' is neither a .launch nor a .k kernel")
                        if h not in self.kernels:
                            self.kernels.append(h)
            elif d == "presets":
                for p in a:  # a preset of tb/simt/configs, or a config file
                    if not (os.path.isfile(os.path.join(ROOT, "tb/simt/configs", p + ".cfg")) or
                            os.path.isfile(os.path.join(ROOT, p)) or os.path.isfile(os.path.join(CWD, p))):
                        die(f"{where}: no preset '{p}' (tb/simt/configs/*.cfg, or a file)")
                self.presets += a
            elif d == "mechs":
                self.mechs += a
            elif d == "variant":
                if len(a) < 2 or any("=" not in kv for kv in a[2:]):
                    die(f"{where}: expected 'variant NAME MECH KEY=VALUE...'")
                self.variants[a[0]] = (a[1], a[2:])
            elif d == "set":
                for kv in a:
                    k, eq, vs = kv.partition("=")
                    if not eq or not k or not vs:
                        die(f"{where}: expected 'set KEY=V1,V2,...', got '{kv}'")
                    self.axes.append((k, vs.split(",")))
            elif d == "baseline":
                if len(a) != 1:
                    die(f"{where}: expected 'baseline MECH'")
                self.baseline = a[0]
            else:
                die(f"{where}: unknown directive '{d}' (kernels, presets, mechs, variant, "
                    "set, baseline)")
        for what, v in (("kernels", self.kernels), ("presets", self.presets),
                        ("mechs", self.mechs)):
            if not v:
                die(f"{path}: no '{what}' line")

    def jobs(self, simt, all_mechs):
        mechs = []
        for m in self.mechs:
            mechs += all_mechs if m == "all" else [m]
        for m in mechs:
            base = self.variants.get(m, (m, []))[0]
            if base not in all_mechs:
                die(f"{self.path}: unknown mechanism or variant '{m}' "
                    f"({' '.join(all_mechs)})")
        keys = [k for k, _ in self.axes]
        for point in itertools.product(*[vs for _, vs in self.axes]):
            params = [f"{k}={v}" for k, v in zip(keys, point)]
            for preset in self.presets:
                for kern in self.kernels:
                    for m in mechs:
                        real, extra = self.variants.get(m, (m, []))
                        cmd = simt + ["--config", preset,
                                      "--launch" if kern.endswith(".launch") else "--kernel",
                                      kern, "--mech", real]
                        for kv in params + extra:
                            cmd += ["--set", kv]
                        cmd += ["--format", "csv"]
                        yield {"kernel": kern, "preset": preset, "mech": m,
                               "params": ";".join(params), "command": shlex.join(cmd)}


def simt_command(arg):
    """--simt, $SIMT, or build/simt."""
    s = arg or os.environ.get("SIMT")
    if s:
        return shlex.split(s)
    exe = "build/simt"
    if not os.access(exe, os.X_OK):
        die(f"{exe} is missing (make {exe})")
    return [exe]


def mech_names(simt):
    try:
        r = subprocess.run(simt + ["--help"], capture_output=True, text=True)
    except OSError as e:
        die(f"{shlex.join(simt)}: {e.strerror} (--simt or $SIMT: the simt command)")
    names, on = [], False
    for line in r.stdout.splitlines():
        if line.startswith(("mechanisms", "core mechanisms")):
            on = True
            continue
        if on and not line.startswith("  "):
            break
        if on and line.split():
            names.append(line.split()[0])
    if not names:
        die(f"'{shlex.join(simt)} --help' lists no mechanisms")
    return names


def all_jobs(specs, simt):
    mechs = mech_names(simt)
    seen, out = set(), []
    for s in specs:
        for j in s.jobs(simt, mechs):
            if j["command"] not in seen:
                seen.add(j["command"])
                out.append(j)
    return out


# ------------------------------------------------------------ one job
def run_row(meta, cmd):
    """Runs one build/simt command; returns its CSV row (a dict of COLS)."""
    row = dict.fromkeys(COLS, "")
    row.update(meta)
    row["command"] = shlex.join(cmd)
    mech = cmd[cmd.index("--mech") + 1]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except OSError as e:
        rc, out, err = 127, "", str(e)
    if rc < 0:  # killed by a signal (the sweep was interrupted): no row, the job reruns
        sys.exit(128 - rc)
    first = (err.strip().splitlines() or out.strip().splitlines()[-1:] or [""])[0]
    if rc == 2:
        row["status"] = "refused: " + first
        return row
    got = None
    if rc in (0, 1):
        for rec in csv.DictReader(io.StringIO(out)):
            if rec.get("mech") == mech:
                got = rec
    if got is None or rc != 0:
        row["status"] = f"FAIL (exit {rc}): {first}"
        return row
    for k in NUMS:
        row[k] = got.get(k) or ""
    row["status"] = got.get("status") or ""
    known = set(NUMS) | {"mech", "status"}
    row["extra"] = ";".join(f"{k}={v}" for k, v in got.items()
                            if k not in known and k is not None and v)
    return row


def write_rows(f, rows):
    w = csv.DictWriter(f, fieldnames=COLS, lineterminator="\n")
    for r in rows:
        w.writerow(r)


def read_csv(path):
    """The complete rows of a sweep CSV (a torn or foreign line is dropped)."""
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, newline="") as f:
        text = f.read()
    if not text.startswith(",".join(COLS) + "\n"):
        if text.strip():
            die(f"{path}: not a sweep CSV (its first line is not the header)")
        return rows
    lines = text.splitlines(keepends=True)[1:]
    for line in lines:
        if not line.endswith("\n"):
            break  # the torn last line of a killed run
        try:
            rec = next(csv.reader([line]))
        except (csv.Error, StopIteration):
            continue
        if len(rec) == len(COLS) and rec[-1]:
            rows.append(dict(zip(COLS, rec)))
    return rows


# ------------------------------------------------------------ run
def cmd_run(a):
    a.spec = [os.path.abspath(p) for p in a.spec]
    shown = a.output
    a.output = os.path.abspath(a.output)
    if a.sshloginfile:
        a.sshloginfile = os.path.abspath(a.sshloginfile)
    os.chdir(ROOT)
    simt = simt_command(a.simt)
    specs = [Spec(p) for p in a.spec]
    jobs = all_jobs(specs, simt)
    if not shutil.which("parallel"):
        die("GNU parallel is not installed (make deps)")
    os.makedirs(os.path.dirname(os.path.abspath(a.output)), exist_ok=True)
    rows = read_csv(a.output)
    done, kept = set(), []
    for r in rows:  # a row twice (a kill between output and log) counts once
        if r["command"] not in done:
            done.add(r["command"])
            kept.append(r)
    with open(a.output, "w", newline="") as f:  # the complete rows again
        f.write(",".join(COLS) + "\n")
        write_rows(f, kept)
    todo = [j for j in jobs if j["command"] not in done]
    print(f"sweep: {len(jobs)} jobs, {len(jobs) - len(todo)} already in {shown}, "
          f"{len(todo)} to run", file=sys.stderr)
    if todo:
        jobfile = a.output + ".jobs"
        me = os.path.relpath(os.path.abspath(__file__))
        with open(jobfile, "w") as f:
            for j in todo:
                f.write(shlex.join([sys.executable if not a.sshloginfile else "python3", me,
                                    "row", j["kernel"], j["preset"], j["mech"],
                                    j["params"], "--"] + shlex.split(j["command"])) + "\n")
        par = ["parallel", "--will-cite", "--jobs", str(a.jobs), "--joblog",
               a.output + ".joblog", "--halt", "never", "--arg-file", jobfile]
        if a.sshloginfile:
            par += ["--sshloginfile", a.sshloginfile, "--workdir", ROOT]
        with open(a.output, "a", newline="") as out:
            rc = subprocess.run(par, stdout=out).returncode
        if rc and rc > 100:  # parallel's own failure, not a job's
            die(f"GNU parallel exited {rc}")
        os.remove(jobfile)
    rows = read_csv(a.output)
    missing = len(set(j["command"] for j in jobs) - set(r["command"] for r in rows))
    fails = [r for r in rows if r["status"].startswith("FAIL")]
    ok = sum(r["status"] == "ok" for r in rows)
    print(f"sweep: {shown}: {len(rows)} rows, {ok} ok, "
          f"{len(rows) - ok - len(fails)} refused or cannot run, {len(fails)} failed"
          + (f", {missing} jobs missing" if missing else ""), file=sys.stderr)
    for r in fails[:5]:
        print(f"sweep: {r['status']}: {r['command']}", file=sys.stderr)
    if a.charts:
        for p in charts(rows, specs[0].baseline, a.charts):
            print(p)
    return 1 if fails or missing else 0


def cmd_row(a):
    meta = {"kernel": a.kernel, "preset": a.preset, "mech": a.mech, "params": a.params}
    write_rows(sys.stdout, [run_row(meta, a.command)])
    return 0


def cmd_jobs(a):
    a.spec = [os.path.abspath(p) for p in a.spec]
    os.chdir(ROOT)
    simt = simt_command(a.simt)
    for j in all_jobs([Spec(p) for p in a.spec], simt):
        print(j["command"])
    return 0


def cmd_check(a):
    """Re-runs rows (every one, or --rows N spread over the file) and
    compares every number and the status."""
    a.csv = os.path.abspath(a.csv)
    os.chdir(ROOT)
    rows = read_csv(a.csv)
    if not rows:
        die(f"{a.csv}: no rows")
    pick = rows if not a.rows or a.rows >= len(rows) else \
        [rows[i * len(rows) // a.rows] for i in range(a.rows)]
    bad = 0
    for r in pick:
        meta = {k: r[k] for k in ("kernel", "preset", "mech", "params")}
        again = run_row(meta, shlex.split(r["command"]))
        diff = [k for k in NUMS + ["status", "extra"] if again[k] != r[k]]
        if diff:
            bad += 1
            print(f"sweep check: differs in {','.join(diff)}: {r['command']}")
            for k in diff:
                print(f"  {k}: csv '{r[k]}' now '{again[k]}'")
    print(f"sweep check: {len(pick) - bad} of {len(pick)} rows reproduced")
    return 1 if bad else 0


# ------------------------------------------------------------ charts
def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def speedups(rows, baseline, kernels=None):
    """{(preset, params): {mech: {kernel: speedup}}}: baseline cycles over
    the mechanism's, per kernel where both ran.  A variant's own keys are
    not part of its point (a variant is compared at its preset and axes)."""
    base, out = {}, {}
    for r in rows:
        if r["mech"] == baseline and r["status"] == "ok" and r["cycles"]:
            base[(r["preset"], r["params"], r["kernel"])] = float(r["cycles"])
    for r in rows:
        if r["mech"] == baseline or (kernels and r["kernel"] not in kernels):
            continue
        key = (r["preset"], r["params"])
        d = out.setdefault(key, {}).setdefault(r["mech"], {})
        b = base.get((r["preset"], r["params"], r["kernel"]))
        if r["status"] == "ok" and r["cycles"] and b:
            d[r["kernel"]] = b / float(r["cycles"])
        else:
            d[r["kernel"]] = None
    return out




def kname(k):
    return os.path.splitext(os.path.basename(k))[0]


PALETTE = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3",
           "#8c8c8c", "#ccb974", "#64b5cd", "#2f4b7c"]


def svg_chart(title, sp, kernels):
    """A grouped bar chart in the papers' style: per kernel a bar per
    mechanism (speedup over the baseline), a dashed line at 1, and the
    geometric mean as the last group."""
    mechs = list(sp)
    groups = [kname(k) for k in kernels] + ["gmean"]
    vals = []
    for m in mechs:
        v = [sp[m].get(k) for k in kernels]
        vals.append(v + [gmean([x for x in v if x])])
    top = max([x for v in vals for x in v if x and not math.isnan(x)] + [1.0])
    top = math.ceil(top * 4 + 0.5) / 4
    bw = 10
    gw = bw * len(mechs) + 12
    L, T, H = 50, 40, 220
    W = max(L + gw * len(groups) + 20, 8 * len(title) + 60,
            L + sum(14 + 7 * len(m) + 16 for m in mechs) + 20, 580)
    y = lambda v: T + H - H * v / top
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{T + H + 110}" '
         'font-family="sans-serif" font-size="10">',
         f'<text x="{L}" y="16" font-size="13">{title}</text>']
    t = 0.0
    while t <= top + 1e-9:
        o.append(f'<line x1="{L}" x2="{W - 20}" y1="{y(t):.1f}" y2="{y(t):.1f}" '
                 'stroke="#ddd"/>')
        o.append(f'<text x="{L - 4}" y="{y(t) + 3:.1f}" text-anchor="end">{t:.2f}</text>')
        t += 0.25 if top <= 3 else 0.5
    o.append(f'<text x="12" y="{T + H / 2}" transform="rotate(-90 12 {T + H / 2})" '
             'text-anchor="middle">speedup</text>')
    for gi, g in enumerate(groups):
        x0 = L + gi * gw + 6
        for mi, m in enumerate(mechs):
            v = vals[mi][gi]
            x = x0 + mi * bw
            if v is None or math.isnan(v):
                o.append(f'<text x="{x + bw / 2}" y="{y(0) - 2}" text-anchor="middle" '
                         f'fill="{PALETTE[mi % len(PALETTE)]}">x</text>')
                continue
            o.append(f'<rect x="{x}" y="{y(v):.1f}" width="{bw - 1}" '
                     f'height="{y(0) - y(v):.1f}" fill="{PALETTE[mi % len(PALETTE)]}">'
                     f'<title>{g} {m}: {v:.3f}</title></rect>')
        lx = x0 + len(mechs) * bw / 2
        weight = ' font-weight="bold"' if g == "gmean" else ""
        o.append(f'<text x="{lx}" y="{T + H + 12}" text-anchor="end"{weight} '
                 f'transform="rotate(-45 {lx} {T + H + 12})">{g}</text>')
    o.append(f'<line x1="{L}" x2="{W - 20}" y1="{y(1):.1f}" y2="{y(1):.1f}" '
             'stroke="#000" stroke-dasharray="4 3"/>')
    o.append(f'<line x1="{L}" x2="{L}" y1="{T}" y2="{y(0)}" stroke="#000"/>')
    lx = L
    for mi, m in enumerate(mechs):
        o.append(f'<rect x="{lx}" y="{T + H + 80}" width="10" height="10" '
                 f'fill="{PALETTE[mi % len(PALETTE)]}"/>')
        o.append(f'<text x="{lx + 14}" y="{T + H + 89}">{m}</text>')
        lx += 14 + 7 * len(m) + 16
    o.append(f'<text x="{L}" y="{T + H + 104}" fill="#666">x: the mechanism did not run '
             'the kernel (refused or cannot run; the CSV has the reason)</text>')
    o.append("</svg>")
    return "\n".join(o) + "\n"


def charts(rows, baseline, outdir, prefix=""):
    """Writes one SVG per (preset, parameter point), named and titled with
    prefix when given; returns their paths."""
    kernels = []
    for r in rows:
        if r["kernel"] not in kernels:
            kernels.append(r["kernel"])
    os.makedirs(outdir, exist_ok=True)
    paths = []
    for (preset, axes), sp in sorted(speedups(rows, baseline).items()):
        ks = [k for k in kernels if any(k in d for d in sp.values())]
        name = prefix + preset + ("-" + axes.replace(";", "-").replace("=", "")
                                  if axes else "")
        path = os.path.join(outdir, name + ".svg")
        title = (f"speedup over {baseline}, preset {preset}" + (f", {axes}" if axes else "")
                 + (f" ({prefix.strip('-')})" if prefix else ""))
        with open(path, "w") as f:
            f.write(svg_chart(title, sp, ks))
        paths.append(path)
    return paths


def cmd_chart(a):
    if not os.path.isfile(a.csv):
        die(f"{a.csv}: no such file")
    for p in charts(read_csv(a.csv), a.baseline, a.output):
        print(p)
    return 0


def main():
    ap = argparse.ArgumentParser(prog="tools/sweep.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run", help="run the sweeps' jobs on GNU parallel into one CSV")
    p.add_argument("spec", nargs="+")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--jobs", default=os.environ.get("SWEEP_JOBS", "100%"),
                   help="jobs at a time per machine (GNU parallel --jobs; default 100%%: "
                        "one per core)")
    p.add_argument("--sshloginfile", help="GNU parallel --sshloginfile: other machines")
    p.add_argument("--simt", help="the simt command (default $SIMT or build/simt)")
    p.add_argument("--charts", metavar="DIR",
                   help="then draw the charts into DIR (the first sweep file's baseline)")
    p.set_defaults(fn=cmd_run)
    p = sub.add_parser("row", help="(internal) one job: run the command, print its row")
    for k in ("kernel", "preset", "mech", "params"):
        p.add_argument(k)
    p.add_argument("command", nargs=argparse.REMAINDER)
    p.set_defaults(fn=cmd_row)
    p = sub.add_parser("jobs", help="print every job's command")
    p.add_argument("spec", nargs="+")
    p.add_argument("--simt")
    p.set_defaults(fn=cmd_jobs)
    p = sub.add_parser("check", help="re-run rows and compare their numbers")
    p.add_argument("csv")
    p.add_argument("--rows", type=int, default=0, help="this many rows (default all)")
    p.set_defaults(fn=cmd_check)
    p = sub.add_parser("chart", help="SVG speedup charts from a sweep CSV")
    p.add_argument("csv")
    p.add_argument("-o", "--output", required=True, help="directory")
    p.add_argument("--baseline", default="spe")
    p.set_defaults(fn=cmd_chart)
    # a usage error is one line (the project's rule), not argparse's usage + error
    for q in [ap] + list(sub.choices.values()):
        q.error = (lambda q: lambda msg: sys.exit(print("%s: %s (try --help)" % (q.prog, msg),
                                                        file=sys.stderr) or 2))(q)
    a = ap.parse_args()
    if a.cmd == "row":
        a.command = a.command[1:] if a.command[:1] == ["--"] else a.command
        if not a.command:
            die("row: no command")
    sys.exit(a.fn(a))


if __name__ == "__main__":
    main()
