#!/usr/bin/env python3
"""gtkw_gen.py SPEC VCD OUT -- writes a GTKWave save file (optional helper).

SPEC is a small text file: `# comment`, `group NAME`, `end`, `fmt hex|dec|bin`,
`filter FILE` (the following signals are shown through that translate
filter), and signal lines `c.act` (shown as "C act") or `c.act rtl.act` (both
models, one above the other).  Widths come from VCD, since GTKWave names a
vector of a VCD as `name[msb:0]`.  Not needed by the build or the tests; the
generated .gtkw files are committed.
"""
import re
import sys

FLAG = {"hex": 0x22, "dec": 0x24, "bin": 0x28}
FTRANS = 0x2000
GRP_BEGIN, GRP_END = 0x800200, 0x1000200


def widths(vcd):
    scope, w = [], {}
    for line in open(vcd):
        t = line.split()
        if not t:
            continue
        if t[0] == "$scope":
            scope.append(t[2])
        elif t[0] == "$upscope":
            scope.pop()
        elif t[0] == "$var":
            w[".".join(scope + [t[4]])] = int(t[2])
        elif t[0] == "$enddefinitions":
            break
    return w


def main(spec, vcd, out):
    w = widths(vcd)
    lines, fmt, filt, filters = [], "hex", None, []
    flags_now = None

    def flags(f):
        nonlocal flags_now
        if f != flags_now:
            lines.append("@%x" % f)
            flags_now = f

    for raw in open(spec):
        raw = raw.strip()
        if not raw:
            continue
        if raw.startswith("#"):
            lines.append("[*] " + raw[1:].strip())
            continue
        op, _, rest = raw.partition(" ")
        if op == "group":
            flags(GRP_BEGIN)
            lines.append("-" + rest)
            group = rest
        elif op == "end":
            flags(GRP_END)
            lines.append("-" + group)
            filt = None
        elif op == "fmt":
            fmt, filt = rest, None
        elif op == "filter":
            filt = rest
            if filt not in filters:
                filters.append(filt)
        else:
            for name in raw.split():
                if name not in w:
                    sys.exit("gtkw_gen: %s not in %s" % (name, vcd))
                flags(FLAG[fmt] | (FTRANS if filt else 0))
                if filt:
                    lines.append("^%d %s" % (filters.index(filt) + 1, filt))
                alias = re.sub(r"^(c|rtl)\.(state\.)?", lambda m: m.group(1).upper().replace("RTL", "RTL") + " ", name)
                suffix = "[%d:0]" % (w[name] - 1) if w[name] > 1 else ""
                lines.append("+{%s} %s%s" % (alias, name, suffix))
    head = ["[timestart] 0", "[size] 1600 900", "[signals_width] 320", "[sst_expanded] 1",
            "*-4.000000 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1"]
    with open(out, "w") as f:
        f.write("\n".join([l for l in lines if l.startswith("[*]")] + head +
                          [l for l in lines if not l.startswith("[*]")]) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: gtkw_gen.py SPEC VCD OUT")
    main(*sys.argv[1:])
