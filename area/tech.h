/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tech.h -- technology constants of the area estimator.
 *
 * What it models: one table of process parameters for 90, 65, 45, 40, 32 and
 * 22 nm, expressed the way CACTI expresses them (feature size F, cell areas
 * in F^2, wire pitches in F), plus the node-independent circuit constants of
 * the array and logic models (decoder, column and control sizes, standard
 * cell areas in gate equivalents).  Every structure uses this one set; there
 * is no per-structure constant and no published area in here.
 *
 * Sources: CACTI 6.5/7.0 technology files (SRAM cell 146 F^2 with aspect
 * 1.46, CAM cell 292 F^2 with aspect 2.92, local/semi-global/global wire
 * pitches 2.5/4/8 F at every node); CACTI's multiport cell law (each extra
 * port adds two local wire pitches to the cell height and width); the
 * NanGate 45 nm Open Cell Library for the gate-equivalent (NAND2_X1 =
 * 0.798 um^2 = 394 F^2) and the relative sizes of the other cells.
 *
 * Validity: 22..90 nm.  A node between two table rows is interpolated
 * linearly in log(F) column by column; outside the table is an error.
 * Departures: CACTI keeps the cell at 146 F^2 at every node and so do we;
 * real 6T cells drift from about 120 F^2 (90 nm) to about 190 F^2 (22 nm),
 * which a `calibrate` profile can absorb.
 *
 * Calibration: the model's area is a sum of six component classes (below);
 * a profile multiplies each class by a factor k (1 by default).  The array
 * model is linear in those factors, which is what makes `calibrate` a
 * linear least-squares fit.
 */
#ifndef AREA_TECH_H
#define AREA_TECH_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AREA_TECH_MIN_NM 22.0
#define AREA_TECH_MAX_NM 90.0

/* One row of the technology table (all F-normalized except nm). */
typedef struct {
    double nm;             /* feature size F in nm */
    double cell_f2;        /* 6T SRAM cell with one port, F^2 */
    double cell_aspect;    /* cell width / height */
    double cam_f2;         /* CAM cell (one r/w port + one search port), F^2 */
    double cam_aspect;     /* width / height */
    double pitch_local_f;  /* wire pitch inside arrays (cell ports), F */
    double pitch_semi_f;   /* semi-global: buses inside a bank, F */
    double pitch_global_f; /* global: crossbars, long buses, F */
    double ge_f2;          /* one gate equivalent (NAND2 X1), F^2 */
    /* energy (issue 29) */
    double vdd;            /* supply, V (ITRS high-performance, as CACTI's HP devices) */
    double i_off;          /* subthreshold leakage at 360 K per um of transistor width, nA/um
                            * (fitted per node to tests/data/cacti7_energy_tuning.csv) */
} area_node;

/* The component classes of an area (and the calibration groups). */
enum area_class {
    AC_CELLS = 0,   /* SRAM and CAM bit cells */
    AC_DECODE = 1,  /* row decoders, wordline drivers */
    AC_COLUMN = 2,  /* precharge, column mux, sense amps, write drivers, search-line drivers */
    AC_CONTROL = 3, /* subarray corners (decoder x column strips), timing, address latches */
    AC_ROUTE = 4,   /* H-trees inside a bank and between banks, crossbar wiring */
    AC_LOGIC = 5,   /* standard cells: flip-flops, muxes, comparators, match/priority logic */
    AC_N = 6
};

/* Which organisation of a bank the estimator picks (issue 19).
 *   AREA_GOAL_DELAY  the default, as CACTI's default objective (weighted
 *                    energy-delay, not least area): bitlines and wordlines
 *                    kept short for speed (subarrays of at most
 *                    delay_max_rows x delay_max_cols), least area among
 *                    those organisations;
 *   AREA_GOAL_AREA   the least-area organisation within the physical limits
 *                    of a subarray (area_max_rows x area_max_cols). */
typedef enum { AREA_GOAL_DELAY = 0, AREA_GOAL_AREA = 1 } area_goal;

/* Node-independent circuit constants (F units unless noted).  Every
 * periphery block is sized by what it drives: no fixed per-port or
 * per-bank area. */
typedef struct {
    double dec_base_f;    /* row decoder (NAND) + wordline driver strip width per port, F */
    double dec_bit_f;     /* ... plus this per row-address bit, F */
    double dec_load_f;    /* ... plus this per cell column the wordline crosses (driver size), F */
    double col_pre_f;     /* precharge/equalize/column-mux strip height per port, F */
    double col_sa_f;      /* sense amp + output latch height per read port (shared by mux degree), F */
    double col_wd_f;      /* write driver + input latch height per write port (shared by mux degree), F */
    double col_load_f;    /* ... plus this per cell row on the bitline (precharge/driver size), F */
    double col_sld_f;     /* CAM search-line driver height per search port (+ col_load_f per row), F */
    double ml_sense_f;    /* CAM match-line sense amp strip width per search port, F */
    double io_ge;         /* bank edge: latch + driver per data bit, per direction, per port, GE */
    double addr_ge;       /* bank edge: latch + predecoder per address bit per port, GE */
    double timing_ge;     /* bank: timing generator (clock, enables) per port, GE */
    unsigned area_max_rows;  /* least-area goal: a subarray holds at most this many rows */
    unsigned area_max_cols;  /* ... and this many columns (sense margin, wordline RC) */
    unsigned delay_max_rows; /* delay goal: shorter bitlines */
    unsigned delay_max_cols; /* ... and wordlines */
    unsigned max_mux;      /* largest column-mux degree (words per row) */
    double chan_k;        /* the bank's channel floor (issue 29 item 3): a bank is at least
                           * its cells and a channel of every port's address and word at the
                           * semi-global pitch, chan_k x the word's width long (1, not
                           * fitted: CACTI 7's mat channel); 0 = off, the model before it.
                           * Environment AREA_X_CHAN overrides it (measuring switch). */
    double logic_util;    /* standard-cell placement utilization (0..1] */
    double xbar_tracks;   /* global tracks per crossbar bit (signal + shield) */
    /* standard cells in gate equivalents (NanGate 45 nm ratios to NAND2_X1) */
    double ge_inv, ge_nand2, ge_and2, ge_or2, ge_xor2, ge_mux2, ge_ha, ge_fa, ge_dff;
    double ge_ml_sense;   /* CAM match-line sense amplifier, GE (flip-flop CAMs: logic) */
    /* Dynamic energy (issue 29).  Every constant is a switched capacitance
     * in fF per um of feature size: a count c or a length L (in F) costs
     * k * c * F_um or k * L * F_um fF, and E = C * Vdd^2.  Capacitances
     * scale with F (as gate and wire capacitance per F do), so energy
     * scales with F * Vdd^2 between nodes.  Fitted (array.c, calib.c) to
     * tests/data/cacti7_energy_tuning.csv; see area/README.md. */
    double e_dec;         /* row decoder and predecoder, per address bit per active subarray */
    double e_wl;          /* wordline (wire and access gates), per F of wordline fired */
    double e_bl_rd;       /* bitline precharge after a read swing, per F of bitline */
    double e_bl_wr;       /* bitline driven full swing by a write, per F of bitline */
    double e_sa;          /* sense amplifier and output latch, per bit read */
    double e_wd;          /* write driver and input latch, per bit written */
    double e_wire;        /* H-tree / bus wire with its repeaters, per F per bit carried */
    double e_abc;         /* the row address broadcast over the bank's whole H-tree (every
                           * subarray's predecoded lines), per F per address bit */
    double e_sl;          /* CAM search line, per F of search line per tag bit */
    double e_ml;          /* CAM match line precharge and discharge, per F */
    double e_mls;         /* CAM match-line sense amplifier, per entry searched */
    double c_ge;          /* logic: switched capacitance of one gate equivalent toggling
                           * (NAND2 X1 output, fan-out of two and local wire), fF per um of F */
    double act_logic;     /* logic: activity factor, the fraction of gates that toggle
                           * in one operation (stated, not fitted) */
    /* Leakage: transistor width that leaks, per F_um (a width of k * F_um um
     * per bit, or per F^2 of periphery); power = Vdd * i_off * width */
    double l_cell;        /* a bit cell with one port, per bit (F) */
    double l_port;        /* each further bitline or search port of a cell, per bit (F) */
    double l_peri;        /* decoders, column circuits, control and logic, per F^2 (F / F^2) */
    double l_route;       /* repeaters of the H-trees and buses, per F^2 of wiring (F / F^2) */
} area_consts;

/* A profile: the six class multipliers fitted by `calibrate`. */
typedef struct {
    double k[AC_N];
} area_profile;

/* Everything the models need at one node. */
typedef struct {
    area_node node;       /* interpolated row */
    area_consts c;        /* circuit constants */
    area_profile prof;    /* class multipliers */
    area_goal goal;       /* organisation goal (AREA_GOAL_DELAY unless set) */
    double f_um;          /* F in micrometres */
    double f2_mm2;        /* F^2 in mm^2 */
} area_tech;

/* The technology table (rows sorted by decreasing nm). */
const area_node *area_tech_table(unsigned *n);
const area_consts *area_default_consts(void);
void area_profile_default(area_profile *p);
const char *area_class_name(unsigned cls);       /* "cells", "decoders", ... */
const char *area_class_desc(unsigned cls);       /* longer description */
const char *area_goal_name(area_goal g);          /* "delay", "area" */

/* Where `nm` (22..90) falls in the table: between rows *row and *row + 1
 * at fraction *u of log(F) (u = 0: exactly row *row). */
void area_tech_interp(double nm, unsigned *row, double *u);

/* Builds the technology at `nm` (22..90), with profile `p` (NULL: default).
 * Returns NULL on success, else a one-line message. */
const char *area_tech_at(double nm, const area_profile *p, area_tech *t);

/* Reads a profile file written by `calibrate` ("k_cells 1.2" lines, '#'
 * comments).  Returns NULL or a one-line message (written into err). */
const char *area_profile_load(const char *path, area_profile *p, char *err, size_t errlen);
/* Writes a profile; returns 0 on success (-1 also for a non-finite or
 * non-positive multiplier, which is never written). */
int area_profile_save(const char *path, const area_profile *p, const char *comment);
/* The same into an open file, which it closes. */
int area_profile_write(FILE *f, const area_profile *p, const char *comment);

/* mm^2 of `ge` gate equivalents of placed standard cells at this node,
 * before the class multiplier. */
double area_ge_to_mm2(const area_tech *t, double ge);

/* nJ of switching `c` fF of capacitance-per-um-of-F at this node:
 * c * F_um * Vdd^2 * 1e-6. */
double area_fj_nj(const area_tech *t, double c);
/* nJ of one operation of `ge` gate equivalents of logic (act_logic of them
 * toggle), and mW of their leakage. */
double area_ge_op_nj(const area_tech *t, double ge);
double area_ge_leak_mw(const area_tech *t, double ge);
/* mW leaked by a transistor width of `w` F at this node (Vdd * i_off). */
double area_width_leak_mw(const area_tech *t, double w);

#ifdef __cplusplus
}
#endif

#endif /* AREA_TECH_H */
