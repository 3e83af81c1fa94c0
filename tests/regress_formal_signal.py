#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make regress: a Ctrl-C at the terminal ends tools/formal.sh's solvers.

formal.sh runs each yosys-smtbmc under `timeout`, which puts it in a process
group of its own (a terminal's SIGINT does not reach it), and runs the
proofs as background jobs (which ignore SIGINT).  This starts make formal's
dwf run in a session of its own, waits for a solver, sends SIGINT to the
script's process group as a terminal would, and checks that no
yosys-smtbmc or solver of that run is left 5 s later.  It failed before
formal.sh's on_signal trap (the solvers ran on for minutes).

usage: tests/regress_formal_signal.py BUILD_DIR
"""
import os
import signal
import subprocess
import sys
import tempfile
import time


def procs(pattern):
    r = subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True)
    return [int(x) for x in r.stdout.split()]


def main():
    if len(sys.argv) != 2:
        print("usage: tests/regress_formal_signal.py BUILD_DIR", file=sys.stderr)
        return 2
    build = sys.argv[1]
    out = tempfile.mkdtemp(prefix="formal_signal.")
    # the run's own files mark its processes (FORMAL_OUT is only the
    # counterexamples; the models live under BUILD_DIR/formal)
    log = open(os.path.join(out, "log"), "w")
    p = subprocess.Popen(["tools/formal.sh", build, "dwf"], stdout=log, stderr=subprocess.STDOUT,
                         start_new_session=True,
                         env=dict(os.environ, FORMAL_OUT=out, FORMAL_RESULTS=os.path.join(out, "res")))
    pat = "yosys-smtbmc .*%s/formal/" % build.rstrip("/")
    started = False
    for _ in range(600):
        time.sleep(1)
        if procs(pat):
            started = True
            break
        if p.poll() is not None:
            break
    if not started:
        p.kill()
        print("FAIL formal_signal_solvers_end no solver started (see %s/log)" % out)
        return 1
    time.sleep(2)
    os.killpg(p.pid, signal.SIGINT)
    time.sleep(5)
    left = procs(pat)
    rc = p.poll()
    if left or rc is None:
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if rc is None:
            os.killpg(p.pid, signal.SIGKILL)
        print("FAIL formal_signal_solvers_end formal.sh %s, left running: %s" %
              ("still running" if rc is None else "exit %d" % rc, left))
        return 1
    print("ok formal_signal_solvers_end (formal.sh exit %d)" % rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
