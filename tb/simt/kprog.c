/* SPDX-License-Identifier: Apache-2.0 */
/*
 * kprog.c -- the .k kernel lowered into the SM model's program
 * representation (prog.h): one CTA of `.threads` threads along x, registers
 * r0..r15 as 0..15 and predicates p0..p3 as 16..19 (the scoreboard ids of
 * kernel.h), memory word w as global bytes 4w..4w+3 (little-endian).
 *
 * The semantics are kernel.c's (kernel_alu is shared): a load or store
 * address wraps modulo the memory size (tb/kernels/README.md), %lane and
 * %warp are the thread's position in its warp of the run's warp size.
 */
#include "kernel.h"
#include "prog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t kval(const k_operand *o, const prog_thread *t)
{
    switch (o->kind) {
    case KO_REG:
        return (uint32_t)t->r[o->v];
    case KO_IMM:
        return o->v;
    case KO_TID:
        return t->flat;
    case KO_NTID:
        return t->ntid[0];
    case KO_LANE:
        return t->laneid;
    case KO_WARP:
        return t->warpid;
    default:
        return 0;
    }
}

/* Instruction in (opcode op) for thread t: the .k semantics of one
 * thread-instruction (kernel_alu for the ALU ops and setp), written once
 * for kprog_exec (op read at run time) and kprog_exec_warp (op a constant
 * in each of its loops). */
static PROG_ALWAYS_INLINE void kprog_case(unsigned op, const kernel *k, const k_insn *in, int pc,
                                          prog_thread *t, const prog_mem *m, prog_effect *e)
{
    uint32_t a = kval(&in->a, t), b = kval(&in->b, t);
    e->next_pc = pc + 1;
    e->executed = 1;
    e->taken = 0;
    e->nacc = 0;
    switch (op) {
    case K_SETP:
        t->r[K_REGS + in->dst] = kernel_alu(K_SETP, in->cmp, a, b);
        break;
    case K_LD:
    case K_ST: {
        uint64_t words = m->global_bytes / 4;
        uint64_t addr = ((uint32_t)(a + (uint32_t)in->off) % words) * 4u;
        e->nacc = 1;
        e->acc[0].addr = addr;
        e->acc[0].bytes = 4;
        e->acc[0].write = op == K_ST;
        e->acc[0].space = PS_GLOBAL;
        if (op == K_LD) {
            uint32_t v;
            memcpy(&v, m->global + addr, 4);
            t->r[in->dst] = v;
        } else {
            memcpy(m->global + addr, &b, 4);
        }
        break;
    }
    case K_BRA:
        e->taken = in->guard < 0 || ((t->r[K_REGS + in->guard] & 1u) ^ in->guard_neg) != 0;
        e->next_pc = e->taken ? in->target : pc + 1;
        break;
    case K_BAR:
        break;
    case K_EXIT:
        e->next_pc = (int)k->n;
        break;
    default:
        t->r[in->dst] = kernel_alu(op, in->cmp, a, b);
        break;
    }
}

static int kprog_exec(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                      char *err, size_t errlen)
{
    const kernel *k = p->impl;
    (void)err;
    (void)errlen;
    kprog_case(k->ins[pc].op, k, &k->ins[pc], pc, t, m, e);
    return 0;
}

/* prog_ops.exec_warp: the opcode chosen once, a loop over the threads per
 * opcode (tests/test_simt_prog.c: kprog_warp_exec_equals_thread_exec) */
static int kprog_exec_warp(const prog *p, int pc, prog_thread *const *t, const prog_mem *const *m,
                           unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen)
{
    const kernel *k = p->impl;
    const k_insn *in = &k->ins[pc];
    (void)err;
    (void)errlen;
#define KWARP_CASE(OP)                                                                      \
    case OP:                                                                                \
        for (unsigned i = 0; i < n; i++) kprog_case(OP, k, in, pc, t[i], m[i], &e[i]);      \
        break;
    switch (in->op) {
    KWARP_CASE(K_MOV) KWARP_CASE(K_ADD) KWARP_CASE(K_SUB) KWARP_CASE(K_MUL) KWARP_CASE(K_AND)
    KWARP_CASE(K_OR) KWARP_CASE(K_XOR) KWARP_CASE(K_SHL) KWARP_CASE(K_SHR) KWARP_CASE(K_MIN)
    KWARP_CASE(K_MAX) KWARP_CASE(K_SETP) KWARP_CASE(K_BRA) KWARP_CASE(K_LD) KWARP_CASE(K_ST)
    KWARP_CASE(K_BAR) KWARP_CASE(K_EXIT)
    default:
        for (unsigned i = 0; i < n; i++) kprog_case(in->op, k, in, pc, t[i], m[i], &e[i]);
        break;
    }
#undef KWARP_CASE
    *done = n;
    return 0;
}

static const prog_ops kprog_ops = {kprog_exec, NULL, kprog_exec_warp, NULL, NULL, NULL, NULL};

static void operand_text(const k_operand *o, char *buf, size_t len)
{
    switch (o->kind) {
    case KO_REG: snprintf(buf, len, "r%u", o->v); break;
    case KO_IMM: snprintf(buf, len, "%d", (int32_t)o->v); break;
    case KO_TID: snprintf(buf, len, "%%tid"); break;
    case KO_NTID: snprintf(buf, len, "%%ntid"); break;
    case KO_LANE: snprintf(buf, len, "%%lane"); break;
    case KO_WARP: snprintf(buf, len, "%%warp"); break;
    default: buf[0] = 0; break;
    }
}

static void insn_text(const kernel *k, const k_insn *in, char *buf, size_t len)
{
    char a[24], b[24];
    operand_text(&in->a, a, sizeof a);
    operand_text(&in->b, b, sizeof b);
    switch (in->op) {
    case K_SETP:
        snprintf(buf, len, "setp.%s p%u, %.11s, %.11s", kernel_cmp_name(in->cmp), in->dst, a, b);
        break;
    case K_LD: snprintf(buf, len, "ld r%u, [%.11s%+d]", in->dst, a, in->off); break;
    case K_ST: snprintf(buf, len, "st [%.11s%+d], %.11s", a, in->off, b); break;
    case K_BRA:
        if (in->guard >= 0)
            snprintf(buf, len, "@%sp%d bra %.31s", in->guard_neg ? "!" : "", in->guard,
                     k->label[in->target][0] ? k->label[in->target] : "?");
        else
            snprintf(buf, len, "bra %.31s", k->label[in->target][0] ? k->label[in->target] : "?");
        break;
    case K_BAR: snprintf(buf, len, "bar"); break;
    case K_EXIT: snprintf(buf, len, "exit"); break;
    case K_MOV: snprintf(buf, len, "mov r%u, %.11s", in->dst, a); break;
    default: snprintf(buf, len, "%s r%u, %.11s, %.11s", kernel_op_name(in->op), in->dst, a, b); break;
    }
}

static int varying_operand(const k_operand *o)
{
    return o->kind == KO_TID || o->kind == KO_LANE || o->kind == KO_WARP;
}

int kernel_to_prog(const kernel *k, prog *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    snprintf(p->file, sizeof p->file, "%s", k->file);
    snprintf(p->name, sizeof p->name, "%s", k->name);
    p->n = k->n;
    p->nregs = K_SB_REGS;
    p->reg_bits = malloc(K_SB_REGS);
    p->reg_name = malloc(K_SB_REGS * sizeof *p->reg_name);
    for (unsigned i = 0; i < K_SB_REGS; i++) {
        p->reg_bits[i] = i < K_REGS ? 32 : 1;
        snprintf(p->reg_name[i], sizeof p->reg_name[i], "%c%u", i < K_REGS ? 'r' : 'p',
                 i < K_REGS ? i : i - K_REGS);
    }
    p->ins = calloc(k->n, sizeof *p->ins);
    p->label = calloc((size_t)k->n + 1, sizeof *p->label);
    memcpy(p->label, k->label, ((size_t)k->n + 1) * sizeof *p->label);
    for (unsigned pc = 0; pc < k->n; pc++) {
        const k_insn *in = &k->ins[pc];
        prog_insn *o = &p->ins[pc];
        static const uint8_t unit[K_NOPS] = {
            [K_LD] = PU_LD, [K_ST] = PU_ST, [K_BRA] = PU_BRA, [K_BAR] = PU_BAR,
            [K_EXIT] = PU_EXIT};
        o->unit = unit[in->op]; /* PU_ALU is 0 */
        o->space = (in->op == K_LD || in->op == K_ST) ? PS_GLOBAL : PS_NONE;
        o->bytes = o->space ? 4 : 0;
        o->guard = in->op == K_BRA && in->guard >= 0 ? K_REGS + in->guard : -1;
        o->guard_neg = in->guard_neg;
        o->target = in->op == K_BRA ? in->target : -1;
        o->line = in->line;
        o->varying = in->op == K_LD || varying_operand(&in->a) ||
                     (in->op != K_LD && varying_operand(&in->b));
        for (int j = 0; j < 3; j++)
            if (in->src_sb[j] >= 0)
                o->src[o->nsrc++] = (uint16_t)in->src_sb[j];
        if (in->dst_sb >= 0)
            o->dst[o->ndst++] = (uint16_t)in->dst_sb;
        insn_text(k, in, o->text, sizeof o->text);
    }
    p->grid[0] = p->grid[1] = p->grid[2] = 1;
    p->block[0] = k->threads;
    p->block[1] = p->block[2] = 1;
    p->global_bytes = (uint64_t)k->mem_words * 4u;
    p->global_init = malloc(p->global_bytes ? p->global_bytes : 1);
    for (unsigned w = 0; w < k->mem_words; w++)
        for (unsigned j = 0; j < 4; j++)
            p->global_init[4u * w + j] = (uint8_t)(k->mem_init[w] >> (8u * j));
    p->ops = &kprog_ops;
    p->impl = (void *)k;
    if (prog_analyse(p, err, errlen)) {
        prog_free(p);
        return -1;
    }
    return 0;
}
