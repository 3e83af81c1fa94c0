#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gtkw_gen.py SPEC VCD OUT -- writes a GTKWave save file (optional helper).

SPEC is a small text file, one item a line:
  # text          a comment, copied into the save file
  group NAME      opens a collapsible group; `end` closes it
  fmt hex|dec|bin the display format of the signals that follow
  filter FILE     the signals that follow are shown by name through that
                  translate filter ("<decimal value> <name>" lines), in
                  decimal, the radix the filter is keyed on
  c.act rtl.act   signals: one or more a line ("C act" above "RTL act")

A one-bit signal cannot take a translate filter in GTKWave (it is drawn as a
line), so a filtered one-bit signal is written as a one-bit vector (a
`#{alias} signal` bundle), which GTKWave draws as a bus with the name.
Widths come from the VCD, since GTKWave names a vector of a VCD `name[msb:0]`.
Not needed by the build or the tests; the generated .gtkw files are committed,
and tests/test_gtkw.sh checks them.
"""
import os
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


def check_filter(path):
    """A filter must be keyed on decimal values, since we display it in dec."""
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if line and not line.startswith("#") and not re.match(r"^[0-9]+ \S", line):
            sys.exit("gtkw_gen: %s:%d: expected '<decimal value> <name>'" % (path, n))


def main(spec, vcd, out):
    w = widths(vcd)
    lines, fmt, filt, filters = [], "hex", None, []
    flags_now = None
    group = None

    def flags(f):
        nonlocal flags_now
        if f != flags_now:
            lines.append("@%x" % f)
            flags_now = f

    for n, raw in enumerate(open(spec), 1):
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
            if rest not in FLAG:
                sys.exit("gtkw_gen: %s:%d: fmt must be hex, dec or bin" % (spec, n))
            fmt, filt = rest, None
        elif op == "filter":
            check_filter(rest)
            filt = rest
            if filt not in filters:
                filters.append(filt)
        else:
            for name in raw.split():
                if name not in w:
                    sys.exit("gtkw_gen: %s:%d: %s not in %s" % (spec, n, name, vcd))
                flags(FLAG["dec"] | FTRANS if filt else FLAG[fmt])
                if filt:
                    lines.append("^%d %s" % (filters.index(filt) + 1, filt))
                # GTKWave shows an alias only after its last '.': keep none
                alias = re.sub(r"^(c|rtl)\.(state\.)?", lambda m: m.group(1).upper() + " ", name)
                alias = alias.replace(".", "/")
                if w[name] > 1:
                    lines.append("+{%s} %s[%d:0]" % (alias, name, w[name] - 1))
                elif filt:
                    lines.append("#{%s} %s" % (alias, name))
                else:
                    lines.append("+{%s} %s" % (alias, name))
    head = ["[timestart] 0", "[size] 1600 900", "[signals_width] 400", "[sst_expanded] 1",
            "*-4.000000 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1"]
    with open(out, "w") as f:
        f.write("\n".join([l for l in lines if l.startswith("[*]")] + head +
                          [l for l in lines if not l.startswith("[*]")]) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print("usage: gtkw_gen.py SPEC VCD OUT", file=sys.stderr)
        sys.exit(2)
    for f in sys.argv[1:3]:
        if not os.path.isfile(f):
            print("gtkw_gen.py: %s: no such file" % f, file=sys.stderr)
            sys.exit(2)
    main(*sys.argv[1:])
