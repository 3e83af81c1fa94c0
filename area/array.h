/* SPDX-License-Identifier: Apache-2.0 */
/*
 * array.h -- CACTI-style area of SRAM arrays, CAMs and flip-flop arrays.
 *
 * What it models (per bank, every bank a copy with all ports; issue 19):
 *   SRAM   bit cells whose height and width grow by two local wire pitches
 *          per extra port (CACTI's multiport cell); the bank folded into
 *          rows of 1..16 words (column mux) and cut into subarrays; each
 *          subarray the bounding box of its cells, a row decoder/wordline
 *          driver strip per port (sized to the wordline it drives), a column
 *          strip per port (precharge, mux, sense amps and write drivers
 *          shared by the mux degree, sized to the bitline) and the corner
 *          between them (control); an H-tree at the semi-global pitch takes
 *          every port's address to every subarray and each data bit runs
 *          from the bank's edge up its column (a deep bank folds its stacks
 *          side by side when that wires less); latches, drivers and a timing
 *          generator per port at the bank's edge.  Between banks: an H-tree
 *          at the global pitch carrying every port's address and data to
 *          every bank.  No fixed per-port or per-bank floor; but a RAM bank is
 *          at least its cells plus a channel of every port's address and
 *          word at the semi-global pitch across one word's width (CACTI 7's
 *          mat channel; chan_k in tech.h), a banked array at least such
 *          banks and the network between them: the area is the larger of
 *          the organisation's and this floor (issue 29 item 3), which binds
 *          on shallow, wide, multi-ported banks and leaves the organisation
 *          (and so the energy) as chosen without it.
 *          Organisation (area_goal of the tech): AREA_GOAL_DELAY (default,
 *          as CACTI's default objective) keeps subarrays within
 *          delay_max_rows x delay_max_cols and takes the least area among
 *          those; AREA_GOAL_AREA the least area within the physical limits.
 *          The candidate set is the same whatever the size, so the area is
 *          monotonic in entries, width, ports and banks.
 *   CAM    fully associative: tag bits in CAM cells (2x an SRAM cell), the
 *          rest of the entry in SRAM cells on the same row; search-line
 *          drivers per tag column, a match-line sense amp per row and a
 *          priority encoder over the entries per search port.  Set
 *          associative (ways > 0): an SRAM of sets x (ways*width) read once
 *          per search port, `ways` tag comparators, a hit priority encoder
 *          and a way mux per search port.
 *   FF     flip-flop array: entries*width flops, a 2:1 mux per bit per write
 *          port, a one-hot write decoder per write port, an entries:1 mux
 *          per bit per read port (a register with no read port has none).
 *
 * Source: CACTI 6.5 technical report (HPL-2009-85) for cells, partitioning
 * and periphery; Weste & Harris for the gate-level blocks.  Validity (checked
 * by area_array_check): entries 1..4194304, width 1..4096 bits, at most 16
 * bitline ports and 8 search ports, banks 1..4096 and <= entries.  Unlike
 * CACTI (which refuses arrays under 32 entries or 64 bytes) tiny arrays are
 * allowed: their area is dominated by periphery, which is the point of the
 * flip-flop/SRAM crossover (area_ff_crossover).
 * Accuracy: within 5% median, 15% worst of 36 CACTI 7 runs
 * (tests/data/cacti7_tuning.csv); 4.4% median, 32% worst of 69 with the
 * energy tuning set's (area/README.md, "Area: the worst case").
 * Energy (issue 29; constants in tech.h, fit in area/README.md): per access
 * of one port, from the organisation the area model chose --
 *   read    the decoders of the active row of subarrays (one stack of the
 *           fold: ndwl subarrays), their wordlines, every bitline in them
 *           (the column mux reads m words' bitlines), the sense amplifiers
 *           of the word, the address and data wires from the bank's edge
 *           to the active row (half the bank's width and height for the
 *           address, a quarter of the width and half the height for a data
 *           bit, which leaves the row at its own column), the edge latches,
 *           and, across banks, the network's path to one bank;
 *   write   the same with the word's bitlines driven full swing and its
 *           write drivers (the other bitlines of the active row still
 *           swing as on a read: half-selected cells);
 *   search  the key to every subarray, the search lines of every tag column
 *           over every row, every match line and its sense amplifier, the
 *           priority encoders; a set-associative CAM reads one set and
 *           compares `ways` tags;
 *   FF      a read is the read mux, a write clocks the word's flops and
 *           its write muxes and decoder (logic energy, below);
 *   leakage the cells (more with every port), the periphery and logic by
 *           area, the wiring's repeaters by area, in every bank.
 * Logic blocks: GE x act_logic x c_ge per operation.
 * Departures: no delay model (the delay goal is a limit on bitline
 * and wordline length, not a timing model); no redundancy, ECC or BIST; no
 * gate leakage (CACTI's gate_leakage column, 1-10% of subthreshold here);
 * no clock tree of flip-flop arrays beyond the written word.
 */
#ifndef AREA_ARRAY_H
#define AREA_ARRAY_H

#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    AK_RAM = 0,
    AK_CAM = 1,
    AK_FF = 2,
    AK_AUTO = 3, /* the smaller of RAM and FF (resolved in the result) */
    AK_LOGIC = 4 /* results only: a logic block or crossbar */
} area_kind;

#define AREA_MAX_ENTRIES 4194304ul
#define AREA_MAX_WIDTH 4096u
#define AREA_MAX_PORTS 16u
#define AREA_MAX_SEARCH 8u
#define AREA_MAX_BANKS 4096u

typedef struct {
    area_kind kind;
    unsigned long entries;
    unsigned width;     /* bits per entry */
    unsigned rw, rd, wr; /* read/write, read, write ports */
    unsigned search;    /* CAM search ports */
    unsigned banks;     /* independent banks, each entries/banks deep */
    unsigned ways;      /* CAM: 0 fully associative, else set-associative ways */
    unsigned tag_bits;  /* CAM: compared bits, 0 = the whole width */
} area_array;

/* A read's energy split by where it goes (issue 29 item 3: set beside
 * CACTI 7's own split of its read energy, `area energy-fit --parts`):
 * decoders, wordlines, the address's wires (the bank's address H-tree and
 * the path from the bank's edge to the active row), bitlines (every
 * bitline the active row swings, precharge included), sense amplifiers,
 * the data bits' wires from the active row to the bank's edge, the
 * network between banks, and the logic (bank-edge latches and timing; a
 * flip-flop array's read is all logic).  They sum to read_nj. */
typedef enum {
    AREA_RP_DEC = 0,
    AREA_RP_WL,
    AREA_RP_ADDR,
    AREA_RP_BL,
    AREA_RP_SA,
    AREA_RP_DATA,
    AREA_RP_NET,
    AREA_RP_LOGIC,
    AREA_RP_N
} area_read_part;
const char *area_read_part_name(unsigned k);

typedef struct {
    area_kind kind;       /* resolved (never AK_AUTO) */
    double cls[AC_N];     /* mm^2 per component class, multipliers applied */
    double total_mm2;
    double storage_mm2;   /* bit cells (RAM/CAM) or flip-flops (FF) */
    double efficiency;    /* storage / total */
    unsigned long bank_entries;
    unsigned banks;
    unsigned rows, cols;  /* one bank, after folding */
    unsigned mux;         /* words per row */
    unsigned subarrays;   /* per bank */
    unsigned sub_rows, sub_cols;
    double cell_w_f, cell_h_f; /* SRAM bit cell (CAM: tag cell) in F */
    double ge;            /* gate equivalents in the logic class */
    unsigned long flops;
    /* Energy (issue 29), from the same organisation.  One access on one
     * port: read_nj a read (RAM/CAM/FF), write_nj a write, search_nj one
     * search of a CAM (key in, every search and match line, the match-line
     * sense amplifiers and the priority encoder; reading the matching
     * entry out is a read), op_nj one operation of a logic block or one
     * transfer through a crossbar.  leak_mw: subthreshold leakage of every
     * bank at 360 K; leak_bank_mw: of one bank and the network between
     * banks (CACTI's convention for a banked array; = leak_mw for one
     * bank).  Summed over a structure's items, each access term is one
     * access of every item (area_result_add). */
    double read_nj, write_nj, search_nj, op_nj;
    double leak_mw, leak_bank_mw;
    double read_part[AREA_RP_N]; /* read_nj by area_read_part (sums to it) */
} area_result;

const char *area_kind_name(area_kind k);
/* NULL when legal, else a one-line message naming the field and range. */
const char *area_array_check(const area_array *a);
/* The range the energy model was fitted and checked in (issue 29; the
 * CACTI runs of tests/data/cacti7_energy_tuning.csv): a RAM or CAM bank of
 * AREA_E_MIN_ENTRIES..AREA_E_MAX_ENTRIES entries and at most AREA_E_MAX_WIDTH
 * bits, at most AREA_E_MAX_PORTS bitline ports and AREA_E_MAX_SEARCH search
 * ports, at most AREA_E_MAX_BANKS banks.  Flip-flop arrays (logic energy)
 * have no such limit.  NULL inside, else a one-line message; for AK_AUTO
 * the kind the area model resolves to (r from area_array_eval) is checked. */
#define AREA_E_MIN_ENTRIES 16ul
#define AREA_E_MAX_ENTRIES 16384ul
#define AREA_E_MAX_WIDTH 2048u
#define AREA_E_MAX_PORTS 8u
#define AREA_E_MAX_SEARCH 4u
#define AREA_E_MAX_BANKS 64u
const char *area_array_energy_check(const area_array *a, const area_result *r);

/* Fills r; returns NULL or the area_array_check message. */
const char *area_array_eval(const area_tech *t, const area_array *a, area_result *r);

/* Smallest entry count at which an SRAM of `width` bits with these ports is
 * smaller than the same flip-flop array (0 if none up to 65536).  Below it
 * flip-flops win; at and above it SRAM wins (the model crosses once). */
unsigned long area_ff_crossover(const area_tech *t, unsigned width, unsigned rw, unsigned rd,
                                unsigned wr);

/* Adds b into a (class by class); a->kind is kept. */
void area_result_add(area_result *a, const area_result *b, double times);
void area_result_zero(area_result *r);
/* Applies the profile multipliers to raw F^2/GE class values. */
void area_result_finish(const area_tech *t, area_result *r, const double raw_f2[AC_N],
                        double storage_f2);

#ifdef __cplusplus
}
#endif

#endif /* AREA_ARRAY_H */
