/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch_mem.c -- a launch's data (issue 25, section 1; the format:
 * launch.h): the mem_init / --dump-mem image (one 32-bit little-endian word
 * a line, in hex), the initial global memory (mem_init, then each buffer's
 * initialiser: zeros, ramp, random -- xorshift32 from the seed -- or a
 * file), and the parameters' values (a buffer's name gives its address;
 * every value is checked against its type's range).
 */
#define _POSIX_C_SOURCE 200809L
#include "launch_int.h"

int launch_write_mem(const char *path, const uint8_t *mem, uint64_t bytes, char *err, size_t errlen)
{
    FILE *f = !strcmp(path, "-") ? stdout : fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    for (uint64_t a = 0; a < bytes; a += 4) {
        uint32_t w = 0;
        for (unsigned i = 0; i < 4 && a + i < bytes; i++) w |= (uint32_t)mem[a + i] << (8 * i);
        fprintf(f, "%08x\n", w);
    }
    int bad = ferror(f);
    if (f != stdout) bad |= fclose(f);
    else fflush(f);
    if (bad) {
        snprintf(err, errlen, "%s: write error", path);
        return -1;
    }
    return 0;
}

int launch_read_mem(const char *path, uint8_t *mem, uint64_t bytes, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char line[256];
    int ln = 0;
    uint64_t a = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        char where[300];
        snprintf(where, sizeof where, "%.280s:%d", path, ln);
        if (!strchr(line, '\n') && !feof(f) && strlen(line) + 1 < sizeof line) {
            fclose(f); /* fgets stopped short of a full buffer: a NUL byte */
            return lerr(err, errlen, where, "not a text file (NUL byte)");
        }
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *c = line;
        while (*c && isspace((unsigned char)*c)) c++;
        char *e = c + strlen(c);
        while (e > c && isspace((unsigned char)e[-1])) *--e = 0;
        if (!*c) continue;
        if (c[0] == '0' && (c[1] == 'x' || c[1] == 'X')) c += 2;
        size_t L = strlen(c);
        int ok = L >= 1 && L <= 8;
        for (size_t i = 0; ok && i < L; i++) ok = isxdigit((unsigned char)c[i]);
        if (!ok) {
            fclose(f);
            return lerr(err, errlen, where, "expected one 32-bit hex word, got '%s'", c);
        }
        if (a + 4 > bytes) {
            fclose(f);
            return lerr(err, errlen, where, "more words than the %llu bytes of memory",
                        (unsigned long long)bytes);
        }
        uint32_t w = (uint32_t)strtoul(c, NULL, 16);
        for (unsigned i = 0; i < 4; i++) mem[a + i] = (uint8_t)(w >> (8 * i));
        a += 4;
    }
    fclose(f);
    return 0;
}

int launch_memory(const launch *l, uint8_t *mem, uint64_t bytes, char *err, size_t errlen)
{
    memset(mem, 0, bytes);
    if (l->mem_init[0] && launch_read_mem(l->mem_init, mem, bytes < l->mem_bytes ? bytes : l->mem_bytes, err, errlen))
        return -1;
    for (unsigned i = 0; i < l->nbuf; i++) {
        const launch_buffer *b = &l->buf[i];
        if (b->addr > bytes || b->bytes > bytes - b->addr) /* launch_build says it first */
            return lerr(err, errlen, b->where, "buffer '%s' [0x%llx, 0x%llx) outside mem_bytes %llu", b->name,
                        (unsigned long long)b->addr, (unsigned long long)(b->addr + b->bytes),
                        (unsigned long long)bytes);
        uint8_t *q = mem + b->addr;
        switch (b->init) {
        case 1: memset(q, 0, b->bytes); break;
        case 2:
            for (uint64_t k = 0; k < b->bytes / 4; k++)
                for (unsigned j = 0; j < 4; j++) q[4 * k + j] = (uint8_t)(k >> (8 * j));
            break;
        case 3: {
            uint32_t x = b->seed ? b->seed : 0x9e3779b9u;
            for (uint64_t k = 0; k < b->bytes / 4; k++) {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                for (unsigned j = 0; j < 4; j++) q[4 * k + j] = (uint8_t)(x >> (8 * j));
            }
            break;
        }
        case 4:
            if (launch_read_mem(b->path, q, b->bytes, err, errlen)) return -1;
            break;
        }
    }
    return 0;
}

static int param_bits(const launch *l, const launch_param *p, uint64_t *bits, char *err, size_t errlen)
{
    const char *v = p->value;
    for (unsigned i = 0; i < l->nbuf; i++)
        if (!strcmp(l->buf[i].name, v)) {
            if (TY_BYTES(p->type) < 8 && l->buf[i].addr >> (8 * TY_BYTES(p->type)))
                return lerr(err, errlen, p->where, "buffer '%s' does not fit a %s", v, tname(p->type));
            *bits = l->buf[i].addr;
            return 0;
        }
    char *e;
    if (TY_KIND(p->type) == TK_F) {
        errno = 0;
        double d = strtod(v, &e);
        if (*e || errno == EINVAL) return lerr(err, errlen, p->where, "bad %s value '%s'", tname(p->type), v);
        if (p->type == T_F32) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            *bits = u;
        } else memcpy(bits, &d, 8);
        return 0;
    }
    errno = 0;
    unsigned bytes = TY_BYTES(p->type);
    if (v[0] == '-') {
        long long x = strtoll(v, &e, 0);
        if (*e || errno || !*v) return lerr(err, errlen, p->where, "bad integer '%s' (or an unknown buffer)", v);
        if (TY_KIND(p->type) == TK_U) return lerr(err, errlen, p->where, "negative value for %s", tname(p->type));
        if (bytes < 8 && (x < -(1ll << (8 * bytes - 1))))
            return lerr(err, errlen, p->where, "%s does not fit a %s", v, tname(p->type));
        *bits = bytes >= 8 ? (uint64_t)x : (uint64_t)x & ((1ull << (8 * bytes)) - 1);
        return 0;
    }
    unsigned long long x = strtoull(v, &e, 0);
    if (*e || errno || !*v) return lerr(err, errlen, p->where, "bad integer '%s' (or an unknown buffer)", v);
    unsigned vb = TY_KIND(p->type) == TK_S ? 8 * bytes - 1 : 8 * bytes;
    if (vb < 64 && (x >> vb)) return lerr(err, errlen, p->where, "%s does not fit a %s", v, tname(p->type));
    *bits = x;
    return 0;
}

int launch_param_bits(const launch *l, unsigned i, uint64_t *bits, char *err, size_t errlen)
{
    if (i >= l->nparam) return lerr(err, errlen, l->file, "no parameter %u", i);
    if (l->param[i].blob) return lerr(err, errlen, l->param[i].where, "parameter %u is bytes, not a scalar", i);
    return param_bits(l, &l->param[i], bits, err, errlen);
}

int launch_param_bytes(const launch *l, unsigned i, uint8_t *out, size_t n, char *err, size_t errlen)
{
    if (i >= l->nparam) return lerr(err, errlen, l->file[0] ? l->file : "launch", "no parameter %u", i);
    const launch_param *p = &l->param[i];
    size_t size = p->blob ? p->blob : TY_BYTES(p->type);
    if (n != size)
        return lerr(err, errlen, p->where, "parameter %u is %zu bytes, the kernel's is %zu", i, size, n);
    if (p->blob) {
        for (size_t k = 0; k < n; k++) {
            char h[3] = {p->value[2 * k], p->value[2 * k + 1], 0};
            out[k] = (uint8_t)strtoul(h, NULL, 16);
        }
        return 0;
    }
    uint64_t b = 0; /* set by param_bits; gcc -flto cannot see it */
    if (param_bits(l, p, &b, err, errlen)) return -1;
    for (size_t k = 0; k < n; k++) out[k] = (uint8_t)(b >> (8 * k));
    return 0;
}
