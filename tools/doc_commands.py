#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""doc_commands.py -- runs the commands the documentation shows (docs/doc-tests.md).

    tools/doc_commands.py [--build DIR] [--kinds runnable|slow|runnable,slow]
                          [--work DIR] [--list] [FILE.md ...]

Without FILE: the pages of PAGES below (README.md, docs/*.md, area/README.md,
tb/kernels/README.md).

Every fenced code block of a page carries a marker on the line before it:

    <!-- cmd: runnable [exit=N] [writes=F1,F2] [numbers=example] [timeout=S] -->
    <!-- cmd: slow ... -->            same options, run by make regress
    <!-- cmd: illustrative -->        a command the reader runs, never a test
                                      (GUI, a cluster, the test suite itself)
    <!-- cmd: text -->                not a command: output, a format, an example
    (text after " -- " in a marker is a comment: why a block is not run)

In a runnable or slow block, lines that start with "$ " are commands and
the lines under one are output it must print (each a whole line of its
stdout or stderr, in order; "..." matches any text; with numbers=example
every number in them matches any number).  A block without "$ " lines is
all commands (no output quoted).  A line ending in "\\" continues.

Each block runs in a scratch tree (WORK/root, WORK = --work or
BUILD/test/doc_commands_KINDS: every top-level entry of the
repository linked, build/ linked to --build, out/ its own and empty at the
start of each block), with bash -o pipefail; the block passes when every
command exits 0 (or every one exits N, with exit=N; with exit=2 each must
print exactly one line, the project's rule for a bad flag, parameter or
file), every writes= file exists and is not empty afterwards, and every
quoted output line was printed.

A fenced block with no marker, an unknown kind or option, or an indented
block (four spaces) that starts like a command (make, build/, tools/, $) is a
failure too: a command in the docs is either tested or says why not.  So is
a relative link [text](path) to a file that does not exist.

Prints one "ok FILE:LINE" or "FAIL FILE:LINE: why" per block (run.sh counts
them); --list prints the blocks and kinds only.  Exit status: 0 all ok, 1 a
failure, 2 bad usage.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

KINDS = ("runnable", "slow", "illustrative", "text")
# The pages under test when no FILE is given (make test, make regress): a
# page joins by being added here, once its blocks are marked.
PAGES = ["README.md", "docs/*.md", "area/README.md", "tb/kernels/README.md"]
OPTS = ("exit", "writes", "numbers", "timeout")
MARK = re.compile(r"^<!--\s*cmd:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
INDENTED_CMD = re.compile(r"^    (\$ |make |build/|tools/|tests/|gtkwave |nice |[A-Za-z_]+=\$\()")


class Block:
    def __init__(self, path, line, kind, opts, body):
        self.path, self.line, self.kind, self.opts, self.body = path, line, kind, opts, body

    def where(self):
        return "%s:%d" % (self.path, self.line)


def parse(path):
    """The blocks of one page, and a list of (line, problem)."""
    blocks, problems = [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i, prev_blank, in_list_para = 0, True, False
    while i < len(lines):
        ln = lines[i]
        m = FENCE.match(ln)
        if m:
            fence = m.group(1)
            start = i
            i += 1
            body = []
            while i < len(lines) and not lines[i].startswith(fence):
                body.append(lines[i])
                i += 1
            if i >= len(lines):
                problems.append((start + 1, "fenced block never closed"))
            # the marker: the nearest non-blank line above the fence
            j = start - 1
            while j >= 0 and not lines[j].strip():
                j -= 1
            mm = MARK.match(lines[j]) if j >= 0 else None
            if not mm:
                problems.append((start + 1, "fenced block without a <!-- cmd: KIND --> marker "
                                            "(runnable, slow, illustrative or text)"))
            else:
                words = mm.group(1).split(" -- ")[0].split()
                kind = words[0] if words else ""
                opts = {}
                bad = None
                if kind not in KINDS:
                    bad = "unknown kind '%s' (runnable, slow, illustrative, text)" % kind
                for w in words[1:]:
                    k, eq, v = w.partition("=")
                    if k not in OPTS or not eq:
                        bad = "unknown marker option '%s' (%s)" % (w, ", ".join(OPTS))
                    opts[k] = v
                if bad:
                    problems.append((j + 1, bad))
                else:
                    blocks.append(Block(path, start + 1, kind, opts, body))
            i += 1
            prev_blank = False
            continue
        if prev_blank and not in_list_para and INDENTED_CMD.match(ln):
            problems.append((i + 1, "indented command block: make it a fenced block with a "
                                    "<!-- cmd: KIND --> marker"))
        if not ln.strip():
            prev_blank = True
        else:
            # an indented line right after a list item's blank line is the
            # item's paragraph, not a code block
            if prev_blank:
                in_list_para = False
            if re.match(r"^\s*([-*+]|\d+\.)\s", ln):
                in_list_para = True
            prev_blank = False
        i += 1
    # relative links must lead to a file or directory of the tree
    for n, ln in enumerate(lines, 1):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", ln)):
            t = target.split("#")[0]
            if not t or re.match(r"^[a-z]+:", t):
                continue
            if not os.path.exists(os.path.join(os.path.dirname(path), t)):
                problems.append((n, "link to %s, which does not exist" % t))
    return blocks, problems


def commands(block):
    """[(command, [quoted output lines])] of a block."""
    body = []
    for ln in block.body:
        if body and body[-1][0].endswith("\\"):
            body[-1] = (body[-1][0][:-1] + "\n" + ln, body[-1][1])
        else:
            body.append((ln, ln.startswith("$ ")))
    prompts = any(p for _, p in body)
    out = []
    for ln, is_cmd in body:
        if prompts:
            if is_cmd:
                out.append((ln[2:], []))
            elif ln.strip() and out:
                out[-1][1].append(ln)
        elif ln.strip() and not ln.lstrip().startswith("#"):
            out.append((ln, []))
    return out


def pattern(quoted, numbers_example):
    """A regex for one quoted output line."""
    parts = re.split(r"(\.\.\.)", quoted.strip())
    rx = ""
    for p in parts:
        if p == "...":
            rx += ".*"
        elif numbers_example:
            rx += "".join("[0-9][0-9,.]*" if re.fullmatch(r"[0-9][0-9,.]*", t) else re.escape(t)
                          for t in re.split(r"([0-9][0-9,.]*)", p))
        else:
            rx += re.escape(p)
    # runs of blanks match any run of blanks; leading blanks are optional
    rx = re.sub(r"(\\ )+", r"\\s+", rx)
    return re.compile(r"^\s*" + rx + r"\s*$")


def sandbox(repo, build, work):
    root = os.path.join(work, "root")
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for e in os.listdir(repo):
        if e in ("out", "build", ".git"):
            continue
        os.symlink(os.path.join(repo, e), os.path.join(root, e))
    os.symlink(os.path.abspath(build), os.path.join(root, "build"))
    return root


def run_block(block, root, log):
    out_dir = os.path.join(root, "out")
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    writes = [w for w in block.opts.get("writes", "").split(",") if w]
    for w in writes:
        p = os.path.join(root, w)
        if os.path.lexists(p) and not os.path.isdir(p):
            os.remove(p)
    want_exit = int(block.opts.get("exit", "0"))
    timeout = int(block.opts.get("timeout", "900"))
    numbers_example = block.opts.get("numbers") == "example"
    cmds = commands(block)
    if not cmds:
        return "no command in the block"
    # as a reader types them in a shell: not as a sub-make of `make test`
    # (whose MAKELEVEL makes make print "Entering directory" lines)
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES")}
    for cmd, quoted in cmds:
        log.write("$ %s\n" % cmd)
        try:
            p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=root, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "'%s' still running after %d s" % (cmd, timeout)
        text = p.stdout.decode("utf-8", "replace")
        log.write(text)
        want = want_exit
        if p.returncode != want:
            tail = [x for x in text.split("\n") if x.strip()][-1:] or [""]
            return "'%s' exited %d, the page says %d: %s" % (cmd, p.returncode, want, tail[0])
        lines = [x for x in text.split("\n") if x.strip()]
        if want == 2 and len(lines) != 1:
            return "'%s' printed %d lines; a bad flag, parameter or file gets one" % (cmd,
                                                                                   len(lines))
        got = text.split("\n")
        at = 0
        for q in quoted:
            rx = pattern(q, numbers_example)
            while at < len(got) and not rx.match(got[at]):
                at += 1
            if at == len(got):
                return "'%s' did not print the line the page quotes: %s" % (cmd, q.strip())
            at += 1
    for w in writes:
        p = os.path.join(root, w)
        if not os.path.isfile(p) or os.path.getsize(p) == 0:
            return "did not write %s, which the page says it writes" % w
    return None


def main(argv):
    build, kinds, work, listing, files = "build", ["runnable"], None, False, []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("--build", "--kinds", "--work") and i + 1 < len(argv):
            if a == "--build":
                build = argv[i + 1]
            elif a == "--kinds":
                kinds = argv[i + 1].split(",")
            else:
                work = argv[i + 1]
            i += 2
            continue
        if a == "--list":
            listing = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a.startswith("-"):
            sys.stderr.write("doc_commands: unknown option '%s' (try --help)\n" % a)
            return 2
        else:
            files.append(a)
        i += 1
    bad_kind = [k for k in kinds if k not in ("runnable", "slow")]
    if bad_kind:
        sys.stderr.write("doc_commands: --kinds takes runnable and/or slow, not '%s'\n"
                         % bad_kind[0])
        return 2
    if not files:
        files = [f for pat in PAGES for f in sorted(glob.glob(pat))]
    for f in files:
        if not os.path.isfile(f):
            sys.stderr.write("doc_commands: cannot read %s\n" % f)
            return 2
    repo = os.getcwd()
    # a scratch tree per kind: make regress' slow blocks include make test,
    # whose runnable blocks must not share (and wipe) the same tree
    work = work or os.path.join(build, "test", "doc_commands_" + "_".join(kinds))
    os.makedirs(work, exist_ok=True)
    failed = 0
    todo = []
    for f in files:
        blocks, problems = parse(f)
        for line, why in problems:
            print("FAIL %s:%d: %s" % (f, line, why))
            failed += 1
        if not problems:
            print("ok %s: every code block marked" % f)
        for b in blocks:
            if listing:
                print("%s %s %s" % (b.where(), b.kind, " ".join(c for c, _ in commands(b))
                                    if b.kind in ("runnable", "slow") else ""))
            elif b.kind in kinds:
                todo.append(b)
    if listing:
        return 1 if failed else 0
    root = sandbox(repo, build, work)
    with open(os.path.join(work, "log"), "w") as log:
        for b in todo:
            log.write("==== %s (%s)\n" % (b.where(), b.kind))
            log.flush()
            why = run_block(b, root, log)
            if why:
                print("FAIL %s: %s" % (b.where(), why))
                failed += 1
            else:
                print("ok %s: %s" % (b.where(), "; ".join(c.split("\n")[0] for c, _ in
                                                         commands(b))))
            sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
