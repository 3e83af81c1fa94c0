#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# job_times.sh BUILD_DIR [OUT] -- writes tests/job_times.txt (or OUT) from
# BUILD_DIR/test-logs/cpu, the CPU seconds (user + system, the job and what
# it waited for) that tests/run.sh records for every job of a run: one
# "label seconds" line each, whole seconds rounded up, longest first.
# tests/run.sh starts its jobs longest first by these numbers (by the build
# directory's own last run when there is one), so that the pool packs well;
# only the order depends on them, never a result.  CPU seconds, not wall
# seconds: on a shared machine a job's wall time follows the load.
#
# The lead regenerates it after a full run of the tests on a clean clone
# (`.ci/run`, or `make test`):  tools/job_times.sh build
# A run restricted with TEST_ONLY records only its jobs: refused, as is a
# log with fewer than 100 jobs (use a full run's).
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: tools/job_times.sh BUILD_DIR [OUT]" >&2
  exit 2
fi
cpu=$1/test-logs/cpu
out=${2:-tests/job_times.txt}
[ -s "$cpu" ] || { echo "job_times.sh: no $cpu (run the tests first: make test)" >&2; exit 2; }
bad=$(awk 'NF != 2 || $2 !~ /^[0-9]+(\.[0-9]+)?$/ { print FILENAME ":" NR ": " $0; exit }' "$cpu")
[ -z "$bad" ] || { echo "job_times.sh: $bad: expected 'label seconds'" >&2; exit 2; }
n=$(wc -l <"$cpu")
[ "$n" -ge 100 ] || { echo "job_times.sh: $cpu has $n jobs, not a full run's (TEST_ONLY?)" >&2; exit 2; }
rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
{
  echo "# tests/job_times.txt -- CPU seconds of each job of tests/run.sh (user + system,"
  echo "# the job and what it waited for; whole seconds, rounded up), the format of"
  echo "# build/test-logs/cpu.  run.sh starts the jobs longest first by these numbers"
  echo "# (by the build directory's own last run when there is one), so that the pool"
  echo "# packs well; a job not listed counts 1 s.  Only the order depends on them,"
  echo "# never a result.  Written by tools/job_times.sh from $n jobs of a run at"
  echo "# $rev ($(date -u +%Y-%m-%d))."
  awk '{ s = int($2); if (s < $2 || s == 0) s++; print $1, s }' "$cpu" | sort -k2,2nr -k1,1
} >"$out.tmp" && mv "$out.tmp" "$out"
echo "job_times.sh: $out: $n jobs"
