/* SPDX-License-Identifier: Apache-2.0 */
/*
 * main.c -- build/simt: run a kernel through every mechanism on the SM core,
 * check each against the scalar reference, report the papers' metrics and
 * area side by side (issues 13, 24).  Exit status: 0 every mechanism equal
 * to the reference, 1 one differs or deadlocks, 2 bad input (one line).
 *
 * The program is the SM core (core*.c, mech.h, one mech_*.c per mechanism);
 * cli.c implements the command line below and simt_main() is its entry.
 *
 * Command line (getopt_long; issue 24 "What to build" 2, 5); --help lists
 * what this build accepts, its mechanisms and keys from the tables:
 *   build/simt [--kernel] FILE [options]   FILE: a .k kernel (a directory
 *                                          is refused with one line)
 *   --config NAME|FILE     a preset: 000 001 002 003 004 (each paper's
 *                          methodology table, tb/simt/configs/NAME.cfg, one
 *                          key a line with its paper line) or default; any
 *                          key=value file.  Applied first, whatever its place.
 *   --set KEY=VALUE        one configuration key (after --config); every key
 *                          also has its flag --KEY-WITH-DASHES VALUE, and the
 *                          old names stay: --lanes (warp_size), --depth
 *                          (spe_depth), --alu-lat, --mem-lat, --dpe-depth,
 *                          --sb-entries, --cct, --lut-entries, --maj,
 *                          --sched-bits, --policy, --swizzle, --regfile,
 *                          --tsimt-width, --sched.  --help lists the keys
 *                          from the key table (core_keys[]).
 *   --show-config          print the effective configuration and exit
 *   --mech all|LIST        mechanisms from mech_table[] (--help lists them
 *                          from the table).  Under `all`, a mechanism that
 *                          cannot hold the kernel (its structure too small)
 *                          is a row saying why, the others run; named
 *                          explicitly it is exit 2.  Under --sched
 *                          two-level the mechanisms that schedule
 *                          themselves sit out of `all`.
 *   --sched rr|two-level|oldest
 *   --param STRUCT.NAME=V  a structure's Verilog parameter; STRUCT from the
 *                          mechanisms' structs lists
 *   --format text|md|csv|json, --svg FILE, --vcd FILE, --fst FILE,
 *   --trace-dir DIR, --log FILE|-, --dump-mem FILE, --tech NM,
 *   --inject-fault reg|mem|pc|sb|lane|ready|wsync|barred@CYCLE or
 *   scalar|layout@0, --no-check,
 *   --max-steps N, --max-cycles N, --random N [--seed S] [--max-threads N],
 *   --gen SEED, --show-cfg FILE, --show-scalar FILE, --bench [FILE],
 *   --grid N (copies of a .k CTA: the CTA dispatch test), --quiet, --help;
 *   a PTX or CUDA kernel through --launch/--ptx/--cuda (launch.h).
 *   Every output path (--svg, --vcd, --fst, --dump-mem, --log)
 *   is opened before any work: an unwritable one is one line, exit 2.
 *
 * Metrics (one row per mechanism; csv/json columns in this order, then the
 * mechanisms' own columns, mech.h's mech_cols, as the union):
 *   mech, cycles, warp_insts (issue slots), thread_insts, ipc
 *   (thread_insts / cycles, the papers' metric), simd_eff (thread_insts /
 *   (warp_insts x warp_size), asserted <= 1 every run), lane_util (lane-
 *   cycles executing a thread / (cycles x ALU and SFU lanes)), idle_cycles
 *   (no issue on any port), full_stalls, segments (128-byte transactions),
 *   bank_conflicts, ctas, area_mm2, area_overhead_pct (over spe), status
 *   ("ok", or why the mechanism could not run).  Every run also asserts
 *   that thread_insts equals the reference's count and that the issue
 *   histogram sums to warp_insts.
 */
#include "cli.h"
#include <stdlib.h> /* defines __GLIBC__ on glibc */
#ifdef __GLIBC__
#include <malloc.h>
#endif

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    /* The runs of one process (--mech all, --bench, a launch sequence, a
     * sweep's job) free and allocate the same large arrays again.  glibc
     * gives a freed top of the heap back to the OS above 128 KB, and the
     * next run faults every page in again: --bench at 001 spent a third
     * of its time in the kernel on some launches (docs/bench.md, "After
     * the thirteenth session's merge").  Keep up to 1 GB.  A block above
     * the mmap threshold (128 KB; setting the trim threshold fixes it
     * there) is mapped on its own and unmapped at its free, whatever the
     * trim threshold: core_new's thread rows (835 KB on hotspot) and the
     * per-run arrays of the larger launches faulted in again every run
     * (dwf --bench at 001: 36,654 faults on hotspot, 75,747 on conv1d).
     * Blocks up to 32 MB (glibc's largest threshold on 64 bits) come from
     * the heap too. */
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    return simt_main(argc, argv);
}
