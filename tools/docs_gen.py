#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""docs_gen.py -- the lists on the structure pages, generated from the code.

    tools/docs_gen.py [--build DIR] [--check] [STRUCT ...]

For every structure (every tb/NAME_cosim.cpp; or the ones named) it
rewrites two sections of docs/NAME.md, each between its markers:

  <!-- generated:params ... -->      the parameter table: cfg field, Verilog
  <!-- /generated:params -->         name, default and range from the C
                                     model's table (build/cosim_params NAME
                                     --table); the "meaning" column is kept
                                     from the page, row by row (by Verilog name)
  <!-- generated:coverage ... -->    every key of the co-simulation's coverage
  <!-- /generated:coverage -->       line, and every error code and act with
                                     its value (build/cosim_NAME
                                     --list-coverage: the stimulus' keys, the
                                     model's name tables)

and checks what is still written by hand against the same lists: every key
named (in backquotes) in the first column of a "| coverage key |" table, and
every row "| N | NAME |" of an "| err_code | name |" table (which must also
have a row for every code).

--check changes nothing: it prints "ok NAME" or "FAIL NAME: why" per
structure (a section that is missing or differs from what the code gives,
a stale key or code) and exits 1 on any failure.  Without --check the
sections are rewritten (created after the "## Parameters" heading / at the
end of "## Co-simulation" when missing); hand-written problems are printed
and exit 1 likewise.  make docs runs it; make test runs --check
(tests/test_docs_gen.sh).
"""
import os
import re
import subprocess
import sys

GEN = "<!-- generated:%s: tools/docs_gen.py writes this from the code (make docs); do not edit -->"
END = "<!-- /generated:%s -->"


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise RuntimeError("%s: %s (make all builds it)" % (cmd[0], e.strerror))
    if p.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(cmd), p.stderr.decode().strip()))
    return p.stdout.decode()


def code_lists(build, s):
    keys, codes = [], {"err_code": [], "act": []}
    for ln in run([os.path.join(build, "cosim_" + s), "--list-coverage"]).splitlines():
        w = ln.split()
        if w[0] == "key":
            keys.append(w[1])
        elif w[0] in codes:
            codes[w[0]].append((int(w[1]), w[2]))
    params = []
    for ln in run([os.path.join(build, "cosim_params"), s, "--table"]).splitlines():
        w = ln.split()
        params.append({"name": w[0], "field": w[1], "min": int(w[2]), "max": int(w[3]),
                       "def": int(w[4]), "pow2": "pow2" in w[5:]})
    return keys, codes, params


def section(text, tag):
    """(start, end) of the text between the markers (exclusive), or None."""
    a = text.find("<!-- generated:%s" % tag)
    b = text.find(END % tag)
    if a < 0 or b < 0:
        return None
    return text.index("\n", a) + 1, b


def cells(row):
    return [c.strip() for c in row.strip().strip("|").split("|")]


def params_table(params, old):
    """The table; each row's meaning is kept from the old table (by the
    Verilog name: the column "Verilog", or "parameter" in older tables)."""
    meaning, head = {}, None
    for ln in old.splitlines():
        if not ln.startswith("|"):
            continue
        c = [x.lower() for x in cells(ln)]
        if head is None:
            head = c
            continue
        if set(ln) <= set("|-: "):
            continue
        c = cells(ln)
        name = c[head.index("verilog")] if "verilog" in head else c[0]
        if "meaning" in head and head.index("meaning") < len(c):
            meaning[name.strip("`")] = c[head.index("meaning")]
    rows = ["| cfg field | Verilog | default | range | meaning |",
            "|-----------|---------|---------|-------|---------|"]
    for p in params:
        if p["min"] == p["max"]:
            rng = "%d (fixed)" % p["min"]
        else:
            rng = "%d..%d%s" % (p["min"], p["max"], ", power of two" if p["pow2"] else "")
        rows.append("| `%s` | `%s` | %d | %s | %s |" % (p["field"], p["name"], p["def"], rng,
                                                      meaning.get(p["name"], "")))
    return "\n".join(rows) + "\n"


def coverage_text(s, keys, codes, described):
    out = ["Every key of the coverage line, in its order (`build/cosim_%s --list-coverage`):"
           % s, ""]
    out.append(", ".join("`%s`" % k for k in keys) + ".")
    missing = [k for k in keys if k != "resets" and not k.startswith(("err_", "act_"))
               and k not in described]
    if missing and described:
        out += ["", "Not in the table above: " + ", ".join("`%s`" % k for k in missing) + "."]
    for port, what in (("err_code", "Error codes"), ("act", "Acts")):
        if codes[port]:
            out += ["", "%s (`%s`; key `%s_NAME`): %s." % (
                what, port, "err" if port == "err_code" else "act",
                ", ".join("%d `%s`" % (v, n) for v, n in codes[port]))]
    return "\n".join(out) + "\n"


def hand_checks(text, keys, codes):
    """Problems with the hand-written tables; and the keys they describe."""
    problems, described = [], set()
    table, err_rows, err_line = None, set(), 0
    for n, ln in enumerate(text.splitlines() + [""], 1):
        if not ln.startswith("|"):
            if table == "err_code":
                # a hand table of the error codes names every code
                for v, name in codes["err_code"]:
                    if v not in err_rows:
                        problems.append("line %d: the err_code table has no row for %d %s"
                                        % (err_line, v, name))
                err_rows = set()
            table = None
            continue
        c = cells(ln)
        if table is None:
            table = c[0].strip("`").lower()
            err_line = n
            continue
        if set(c[0]) <= set("-: "):
            continue
        if table == "coverage key":
            for k in re.findall(r"`([^`]+)`", c[0]):
                # err_NAME, act_*: a family of keys, which must exist
                glob = "^" + re.escape(k).replace("NAME", ".+").replace(r"\*", ".+") + "$"
                hits = [x for x in keys if re.match(glob, x)]
                if k in keys:
                    described.add(k)
                elif not hits or ("NAME" not in k and "*" not in k):
                    problems.append("line %d: coverage key `%s` is not on the line (keys: "
                                    "build/cosim_NAME --list-coverage)" % (n, k))
        elif table == "err_code" and len(c) >= 2 and c[0].isdigit():
            want = dict(codes["err_code"])
            v, name = int(c[0]), c[1].strip("`")
            err_rows.add(v)
            if want.get(v) != name:
                problems.append("line %d: err_code %d is %s in the code, not %s"
                                % (n, v, want.get(v, "not a code"), name))
    return problems, described


def insert_at(text, heading, block, at_end):
    """Puts block after a heading's first paragraph break (or at its end)."""
    m = re.search(r"^## %s.*$" % heading, text, re.M)
    if not m:
        return text.rstrip("\n") + "\n\n## %s\n\n%s" % (heading, block)
    nxt = re.search(r"^## ", text[m.end():], re.M)
    stop = m.end() + nxt.start() if nxt else len(text)
    if at_end:
        rest = text[stop:]
        return text[:stop].rstrip("\n") + "\n\n" + block + ("\n" + rest if rest else "")
    # the parameters: replace the first table of the section, if any
    body = text[m.end():stop]
    t = re.search(r"^\|.*\n(\|.*\n)*", body, re.M)
    if t:
        a, b = m.end() + t.start(), m.end() + t.end()
        return text[:a] + block + text[b:]
    return text[:m.end()] + "\n\n" + block + text[m.end():]


def generate(build, s, check):
    page = os.path.join("docs", s + ".md")
    if not os.path.isfile(page):
        return ["no page %s" % page]
    text = open(page, encoding="utf-8").read()
    keys, codes, params = code_lists(build, s)
    problems, described = hand_checks(text, keys, codes)
    new = text
    for tag in ("params", "coverage"):
        cand = rewrite(new, tag, keys, codes, params, described, s)
        if check and cand != new:
            problems.append("the generated %s section is %s (make docs rewrites it)"
                            % (tag, "missing" if section(new, tag) is None else "stale"))
        else:
            new = cand
    if not check and new != text:
        with open(page, "w", encoding="utf-8") as f:
            f.write(new)
    return problems


def rewrite(text, tag, keys, codes, params, described, s):
    sec = section(text, tag)
    old = text[sec[0]:sec[1]] if sec else ""
    if tag == "params" and not sec:
        m = re.search(r"^## Parameters.*\n(?:.*\n)*?(\|.*\n(?:\|.*\n)*)", text, re.M)
        old = m.group(1) if m else ""
    body = params_table(params, old) if tag == "params" else \
        coverage_text(s, keys, codes, described)
    if sec:
        return text[:sec[0]] + body + text[sec[1]:]
    block = GEN % tag + "\n" + body + END % tag + "\n"
    return insert_at(text, "Parameters" if tag == "params" else "Co-simulation", block,
                     tag == "coverage")


def main(argv):
    build, check, structs = "build", False, []
    i = 1
    while i < len(argv):
        if argv[i] == "--build" and i + 1 < len(argv):
            build = argv[i + 1]
            i += 2
            continue
        if argv[i] == "--check":
            check = True
        elif argv[i] in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif argv[i].startswith("-"):
            sys.stderr.write("docs_gen: unknown option '%s' (try --help)\n" % argv[i])
            return 2
        else:
            structs.append(argv[i])
        i += 1
    every = sorted(f[:-len("_cosim.cpp")] for f in os.listdir("tb") if f.endswith("_cosim.cpp"))
    for s in structs:
        if s not in every:
            sys.stderr.write("docs_gen: no structure '%s' (one of: %s)\n" % (s, " ".join(every)))
            return 2
    failed = 0
    for s in structs or every:
        try:
            problems = generate(build, s, check)
        except RuntimeError as e:
            problems = [str(e)]
        if problems:
            failed += 1
            for p in problems:
                print("FAIL docs_%s: docs/%s.md: %s" % (s, s, p))
        else:
            print("ok docs_%s" % s)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
