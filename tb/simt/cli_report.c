/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli_report.c -- build/simt's report: one row per mechanism in text, md,
 * csv or json (the columns: main.c's header), the per-kernel lines, the
 * SVG issue histogram (--svg) and the final memory (--dump-mem).  The runs
 * that fill the results are cli.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

/* ------------------------------------------------------------- report */
static const char *const base_cols[] = {"mech", "cycles", "warp_insts", "thread_insts", "ipc",
                                        "simd_eff", "lane_util", "idle_cycles", "full_stalls",
                                        "segments", "bank_conflicts", "ctas", "area_mm2",
                                        "area_overhead_pct", "energy_nj", "power_mw",
                                        "edp_nj_us", "energy_overhead_pct",
                                        "power_overhead_pct", "edp_overhead_pct", "clock_mhz",
                                        "energy_dyn_nj", "energy_leak_nj", "energy_structs"};
#define NBASE (sizeof base_cols / sizeof base_cols[0])

void report(const opts *o, const loaded *L, const result *res)
{
    const char *extra[64];
    unsigned ne = 0;
    double spe_area = -1;
    const energy_result *spe_en = NULL;
    for (unsigned i = 0; i < o->ns; i++) {
        if (!strcmp(o->sel[i]->name, "spe") && res[i].ran) {
            spe_area = res[i].area;
            spe_en = res[i].en.cycles ? &res[i].en : NULL;
        }
        for (unsigned j = 0; j < res[i].cols.n; j++) {
            unsigned k = 0;
            while (k < ne && strcmp(extra[k], res[i].cols.name[j]))
                k++;
            if (k == ne && ne < 64)
                extra[ne++] = res[i].cols.name[j];
        }
    }
    unsigned WS = o->C.warp_size, lanes = (o->C.alu_groups ? o->C.alu_groups : o->C.schedulers) *
                                           (o->C.simd_width ? o->C.simd_width : WS);
    if (o->format == 0) {
        unsigned long long nc = (unsigned long long)L->p.grid[0] * L->p.grid[1] * L->p.grid[2];
        printf("kernel %s (%s): %u threads x %llu CTA%s, warp %u, simd %u, %u scheduler%s, "
               "alu-lat %u, mem-lat %u, %g nm, %u MHz\n",
               L->p.name, L->p.file, L->p.block[0] * L->p.block[1] * L->p.block[2], nc,
               plural(nc), WS, o->C.simd_width ? o->C.simd_width : WS, o->C.schedulers,
               plural(o->C.schedulers), o->C.alu_lat, o->C.mem_lat, o->tech, o->C.clock_mhz);
    } else if (o->format == 3) {
        if (o->seq_launches) /* a sequence (run_seq): the kernel is its last launch's */
            printf("{\"launches\": %u, ", o->seq_launches);
        printf("%s\"kernel\": \"%s\", \"threads\": %u, \"warp_size\": %u, \"tech_nm\": %g, "
               "\"rows\": [\n",
               o->seq_launches ? "" : "{", L->p.name, L->p.block[0] * L->p.block[1] * L->p.block[2], WS,
               o->tech);
    }
    if (o->format == 1 || o->format == 2) {
        const char *sep = o->format == 1 ? " | " : ",";
        printf("%s", o->format == 1 ? "| " : "");
        for (unsigned c = 0; c < NBASE; c++)
            printf("%s%s", c ? sep : "", base_cols[c]);
        for (unsigned c = 0; c < ne; c++)
            printf("%s%s", sep, extra[c]);
        printf("%sstatus%s\n", sep, o->format == 1 ? " |" : "");
        if (o->format == 1) {
            printf("|---|");
            for (unsigned c = 1; c < NBASE + ne + 1; c++)
                printf("---:|");
            printf("\n");
        }
    } else if (o->format == 0)
        printf("%-*s %9s %10s %12s %8s %8s %9s %9s %8s %9s %9s %10s %9s %9s\n", name_width(), "mech", "cycles",
               "warp_insts", "thread_insts", "ipc", "simd_eff", "lane_util", "idle",
               "full_stl", "area_mm2", "overhead", "energy_nJ", "power_mW", "e_ovhd");
    for (unsigned i = 0; i < o->ns; i++) {
        const result *r = &res[i];
        const core_stats *st = &r->st;
        char v[NBASE][400];
        double cyc = st->cycles ? (double)st->cycles : 1;
        memset(v, 0, sizeof v);
        snprintf(v[0], 48, "%s", o->sel[i]->name);
        if (r->ran) {
            snprintf(v[1], 48, "%llu", (unsigned long long)st->cycles);
            snprintf(v[2], 48, "%llu", (unsigned long long)st->warp_insts);
            snprintf(v[3], 48, "%llu", (unsigned long long)st->thread_insts);
            snprintf(v[4], 48, "%.4f", (double)st->thread_insts / cyc);
            snprintf(v[5], 48, "%.4f", st->warp_insts ? (double)st->thread_insts /
                                                            ((double)st->warp_insts * WS)
                                                      : 0);
            snprintf(v[6], 48, "%.4f", (double)st->lane_busy / (cyc * lanes));
            snprintf(v[7], 48, "%llu", (unsigned long long)st->idle_cycles);
            snprintf(v[8], 48, "%llu", (unsigned long long)st->full_stalls);
            snprintf(v[9], 48, "%llu", (unsigned long long)st->segments);
            snprintf(v[10], 48, "%llu", (unsigned long long)st->bank_conflicts);
            snprintf(v[11], 48, "%llu", (unsigned long long)st->ctas);
            if (r->area >= 0)
                snprintf(v[12], 48, "%.5f", r->area);
            if (r->area >= 0 && spe_area > 0)
                snprintf(v[13], 48, "%.1f", 100.0 * (r->area - spe_area) / spe_area);
            const energy_result *en = &r->en;
            if (en->cycles) {
                snprintf(v[14], 48, "%.4f", en->energy_nj);
                snprintf(v[15], 48, "%.4f", en->power_mw);
                snprintf(v[16], 48, "%.5g", en->edp);
                snprintf(v[20], 48, "%.0f", en->clock_mhz);
                snprintf(v[21], 48, "%.4f", en->dyn_nj);
                snprintf(v[22], 48, "%.4f", en->leak_nj);
                snprintf(v[23], sizeof v[23], "%s", r->en_what);
            } else
                snprintf(v[23], sizeof v[23], "%s", r->en_why);
            for (char *q = v[23]; *q; q++) /* one csv field */
                if (*q == ',')
                    *q = ';';
            if (en->cycles && spe_en) {
                snprintf(v[17], 48, "%.1f", 100.0 * (en->energy_nj / spe_en->energy_nj - 1));
                snprintf(v[18], 48, "%.1f", 100.0 * (en->power_mw / spe_en->power_mw - 1));
                snprintf(v[19], 48, "%.1f", 100.0 * (en->edp / spe_en->edp - 1));
            }
        }
        const char *status = r->ran ? "ok" : r->why;
        if (o->format == 0) {
            if (!r->ran)
                printf("%-*s cannot run: %s\n", name_width(), v[0], r->why);
            else {
                printf("%-*s %9s %10s %12s %8s %8s %9s %9s %8s %9s %8s%s", name_width(), v[0], v[1], v[2], v[3],
                       v[4], v[5], v[6], v[7], v[8], v[12][0] ? v[12] : "-",
                       v[13][0] ? v[13] : "-", v[13][0] ? "%" : " ");
                printf(" %10s %9s %8s%s", v[14][0] ? v[14] : "-", v[15][0] ? v[15] : "-",
                       v[17][0] ? v[17] : "-", v[17][0] ? "%" : " ");
                for (unsigned j = 0; j < r->cols.n; j++)
                    printf(" %s=%s", r->cols.name[j], r->cols.value[j]);
                printf("\n");
            }
            continue;
        }
        if (o->format == 3) {
            printf("%s  {\"mech\": \"%s\"", i ? ",\n" : "", v[0]);
            for (unsigned c = 1; c < NBASE - 1; c++) /* energy_structs: a string, below */
                printf(", \"%s\": %s", base_cols[c], v[c][0] ? v[c] : "null");
            for (unsigned c = 0; c < ne; c++) {
                const char *val = NULL;
                for (unsigned j = 0; j < r->cols.n; j++)
                    if (!strcmp(r->cols.name[j], extra[c]))
                        val = r->cols.value[j];
                if (val && val[0] && strspn(val, "0123456789.-") == strlen(val))
                    printf(", \"%s\": %s", extra[c], val);
                else
                    printf(", \"%s\": %s%s%s", extra[c], val ? "\"" : "", val ? val : "null",
                           val ? "\"" : "");
            }
            printf(", \"area_structs\": \"%s\", \"energy_structs\": \"%s\", "
                   "\"energy_counts\": \"%s\", \"status\": \"",
                   r->area_what, r->en.cycles ? r->en_what : r->en_why, r->en_counts);
            for (const char *s = status; *s; s++)
                printf(*s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
            printf("\"}");
            continue;
        }
        const char *sep = o->format == 1 ? " | " : ",";
        printf("%s", o->format == 1 ? "| " : "");
        for (unsigned c = 0; c < NBASE; c++)
            printf("%s%s", c ? sep : "", v[c][0] ? v[c] : (o->format == 1 ? "-" : ""));
        for (unsigned c = 0; c < ne; c++) {
            const char *val = "";
            for (unsigned j = 0; j < r->cols.n; j++)
                if (!strcmp(r->cols.name[j], extra[c]))
                    val = r->cols.value[j];
            printf("%s%s", sep, val[0] ? val : (o->format == 1 ? "-" : ""));
        }
        if (o->format == 2) {
            printf(",");
            for (const char *s = status; *s; s++)
                putchar(*s == ',' ? ';' : *s);
            printf("\n");
        } else
            printf(" | %s |\n", status);
    }
    int skipped = 0;
    for (unsigned i = 0; i < o->ns; i++)
        skipped |= !res[i].ran;
    if (o->format == 3)
        printf("\n]}\n");
    else if (o->format == 0 && skipped)
        printf("(a mechanism that cannot hold the kernel is left out; --mech LIST chooses them, "
               "build/simt --help lists them)\n");
    const refp_result *rf = &L->ref;
    if (o->format == 0 && rf->order_err[0])
        printf("order: not checked: the reference in another thread order stopped: %s; "
               "memory compared whole, PC sequences, instruction counts and final registers "
               "not compared\n",
               rf->order_err);
    if (o->format == 0 && rf->mem_cmp) {
        /* atomics and races (ref.h, refp_order_check): what is not compared */
        const char *why = rf->has_atomics ? "atomics" : "a race";
        if (rf->order_bytes > rf->taint_bytes)
            printf("order: ORDER-DEPENDENT (%s): %llu of %llu bytes of global memory differ "
                   "between the reference's thread and CTA orders: reported, not compared\n",
                   why, (unsigned long long)(rf->order_bytes - rf->taint_bytes),
                   (unsigned long long)rf->global_bytes);
        else if (rf->has_atomics)
            printf("order: order-independent memory (the reference's thread and CTA orders agree "
                   "on every byte): compared\n");
        /* ref_taint.c's header: a cas's or exch's winner may decide them (with
         * both seeds, this line counts the plain loads' bytes as well) */
        if (rf->taint_bytes && (rf->taint_seeds & 1 || !rf->taint_seeds))
            printf("order: ORDER-DEPENDENT (who won a cas or exch): %llu more bytes written by "
                   "such an atomic, from its returned value or under a branch on it, or that a "
                   "store it steers may write in another order: reported, not compared\n",
                   (unsigned long long)rf->taint_bytes);
        else if (rf->taint_bytes && rf->taint_seeds == 4) /* ref_fadd.c: the float-add seed alone */
            printf("order: ORDER-DEPENDENT (float atomic adds that may round): %llu more bytes "
                   "a float atomicAdd builds whose sum may round differently in another order, "
                   "or written from such a sum: reported, not compared\n",
                   (unsigned long long)rf->taint_bytes);
        else if (rf->taint_bytes) /* ref_taint.c's header: the plain-load seed */
            printf("order: ORDER-DEPENDENT (a plain load races an atomic): %llu more bytes "
                   "written from a value such a load gives, or under a branch on it, or that a "
                   "store it steers may write in another order: reported, not compared\n",
                   (unsigned long long)rf->taint_bytes);
        if (rf->atom_flow)
            printf("order: ORDER-DEPENDENT flow (%s): PC sequences, instruction counts and "
                   "final registers not compared\n",
                   rf->atom_flow == 1   ? "an atomic's returned value is read"
                   : rf->atom_flow == 3 ? "a plain load reads bytes another thread's atomic "
                                          "writes with no barrier between them"
                                        : "the thread orders ran different PC sequences");
        else if (rf->order_regs)
            printf("order: ORDER-DEPENDENT registers (a race): %llu (CTA, register) pairs "
                   "differ between the thread orders in some thread of the CTA: not "
                   "compared\n",
                   (unsigned long long)rf->order_regs);
    }
    if (o->format == 0)
        printf("every mechanism that ran matches the reference (registers, every thread's PC "
               "sequence, memory; the timing oracle on; under scalarization the allocated "
               "registers are not compared)\n");
    /* issue 25 sec. 6: what the reference held beside the launch's memory */
    if (o->mem_peak)
        printf("mem_peak: reference per-thread state %llu bytes, per grid CTA records %llu bytes "
               "(%llu CTAs of %u threads, %u registers)\n",
               (unsigned long long)refp_mem_peak(0), (unsigned long long)refp_mem_peak(1),
               (unsigned long long)rf->ctas, rf->cta_threads, rf->nregs);
    if (o->mem_peak) /* ref.h: it follows the bytes atomics write and their phases */
        printf("mem_peak: order taint's atomics map %llu bytes (a slot per byte atomics write, "
               "an entry per barrier phase of a shared byte and its CTA, or of a global byte "
               "while one CTA writes it; 0: not built)\n",
               (unsigned long long)refp_mem_peak(2));
}

void write_svg(FILE *f, const opts *o, const loaded *L, const result *res)
{
    unsigned WS = o->C.warp_size, n = 0;
    for (unsigned i = 0; i < o->ns; i++)
        n += (unsigned)res[i].ran;
    int pw = 360, ph = 200, W = pw * (int)(n ? n : 1) + 20;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"11\">\n",
            W, ph + 60);
    fprintf(f, "<text x=\"10\" y=\"16\" font-size=\"13\">%s: issue slots by active threads, "
               "warps of %u</text>\n",
            L->p.name, WS);
    int x0 = 10;
    for (unsigned m = 0; m < o->ns; m++) {
        if (!res[m].ran)
            continue;
        const core_stats *st = &res[m].st;
        uint64_t tot = 0, mx = 1;
        for (unsigned i = 0; i <= WS; i++) {
            tot += st->hist[i];
            if (st->hist[i] > mx)
                mx = st->hist[i];
        }
        int bx = x0 + 40, by = 40, bw = pw - 50, bh = ph - 40;
        fprintf(f, "<text x=\"%d\" y=\"34\">%s (%llu slots)</text>\n", bx, o->sel[m]->name,
                (unsigned long long)tot);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                   "stroke=\"#888\"/>\n",
                bx, by, bw, bh);
        double cw = (double)bw / WS;
        for (unsigned i = 1; i <= WS; i++) {
            double fr = tot ? (double)st->hist[i] / (double)tot : 0;
            double h = (double)st->hist[i] / (double)mx * (bh - 4);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                       "fill=\"#4a7ab5\"><title>%u threads: %llu slots (%.1f%%)</title></rect>\n",
                    bx + (i - 1) * cw + 1, by + bh - h, cw - 2, h, i,
                    (unsigned long long)st->hist[i], 100 * fr);
            if (WS <= 16 || i % 4 == 0 || i == 1)
                fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%u</text>\n",
                        bx + (i - 0.5) * cw, by + bh + 12, i);
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%llu</text>\n", bx - 3, by + 8,
                (unsigned long long)mx);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", bx - 3, by + bh);
        x0 += pw;
    }
    fprintf(f, "</svg>\n");
}

void dump_mem(FILE *f, const uint8_t *m, uint64_t bytes)
{
    for (uint64_t a = 0; a + 3 < bytes; a += 4)
        fprintf(f, "%02x%02x%02x%02x\n", m[a + 3], m[a + 2], m[a + 1], m[a]);
}
