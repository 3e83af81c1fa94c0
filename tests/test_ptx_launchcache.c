/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx_launchcache.c -- a sequence's programs loaded once per entry
 * (tb/simt/launch.h launch_build_cached).  Each launch of a sequence is
 * built twice, from the file (launch_build) and from the cache; the two
 * programs must agree on the instructions and every analysis the model
 * reads, on the launch's data (parameters, grid, block, shared bytes,
 * initial memory), and the reference must leave the same memory (or stop
 * with the same line) on both.  The cache must have loaded each entry once:
 * seq_bfs alternates two entries of one file (bfs_expand, bfs_settle) for
 * many launches; seq_gauss changes a parameter and the grid every launch;
 * seq_hotspot swaps its buffers; blelloch (dynamic shared memory, the
 * block read from %ntid) changes block and shared_dynamic from launch to
 * launch, one launch with too little shared memory for its block.
 */
#include "ptx_check.h"

#include "../tb/simt/prog.h"

typedef struct {
    launch_cache *c;
    unsigned launches, failed;
    uint64_t bytes;
    uint8_t *mem;      /* the memory the previous launch left (the file's first) */
    char last_err[600];
} seq_ctx;

static uint8_t *seq_mem(void *v, uint64_t *bytes)
{
    seq_ctx *x = v;
    *bytes = x->bytes;
    return x->mem;
}

/* what the model reads of a program: the instructions and the analyses */
static void same_prog(const prog *a, const prog *b)
{
    CHECK_EQ(a->n, b->n);
    CHECK_EQ(a->nregs, b->nregs);
    CHECK_EQ(a->local_bytes, b->local_bytes);
    CHECK_EQ(a->nwsync, b->nwsync);
    CHECK(!strcmp(a->file, b->file));
    CHECK(!strcmp(a->name, b->name));
    if (a->n != b->n)
        return;
    for (unsigned pc = 0; pc < a->n; pc++) {
        const prog_insn *x = &a->ins[pc], *y = &b->ins[pc];
        CHECK(x->unit == y->unit && x->space == y->space && x->target == y->target &&
              x->rpc == y->rpc && x->uniform == y->uniform && x->varying == y->varying &&
              x->guard == y->guard && !strcmp(x->text, y->text));
    }
    CHECK(!memcmp(a->ipdom, b->ipdom, (a->n + 1) * sizeof *a->ipdom));
    CHECK(!memcmp(a->reachable, b->reachable, a->n + 1));
    CHECK(!memcmp(a->is_rpc, b->is_rpc, a->n + 1));
    CHECK(!memcmp(a->prio, b->prio, (a->n + 1) * sizeof *a->prio));
    CHECK_EQ(a->live_words, b->live_words);
    CHECK(!memcmp(a->live, b->live, (a->n + 1) * a->live_words * sizeof *a->live));
}

static int step(void *v, const launch *l, const char *desc)
{
    seq_ctx *x = v;
    launch_limits lim;
    launch_default_limits(&lim);
    prog a, b;
    char ea[600] = "", eb[600] = "";
    int ra = launch_build(l, &lim, &a, ea, sizeof ea);
    int rb = launch_build_cached(x->c, l, &lim, &b, eb, sizeof eb);
    CHECK_EQ(ra, rb);
    CHECK(!strcmp(ea, eb));
    if (ra || rb) {
        if (!ra)
            prog_free(&a);
        if (!rb)
            prog_free(&b);
        printf("  %s: %s\n", desc, ea);
        return 2;
    }
    CHECK(b.borrowed && !a.borrowed);
    same_prog(&a, &b);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(a.grid[i], b.grid[i]);
        CHECK_EQ(a.block[i], b.block[i]);
    }
    CHECK_EQ(a.shared_bytes, b.shared_bytes);
    CHECK_EQ(a.global_bytes, b.global_bytes);
    CHECK_EQ(a.param_bytes, b.param_bytes);
    CHECK(a.param_bytes == b.param_bytes && !memcmp(a.param, b.param, a.param_bytes));
    CHECK(a.global_bytes == b.global_bytes && !memcmp(a.global_init, b.global_init, a.global_bytes));
    if (x->bytes) { /* the memory the previous launch left */
        uint64_t n = x->bytes < a.global_bytes ? x->bytes : a.global_bytes;
        memcpy(a.global_init, x->mem, n);
        memcpy(b.global_init, x->mem, n);
    }
    refp_result qa, qb;
    ea[0] = eb[0] = 0;
    ra = refp_run(&a, 32, 1000000, 0, &qa, ea, sizeof ea);
    rb = refp_run(&b, 32, 1000000, 0, &qb, eb, sizeof eb);
    CHECK_EQ(ra, rb);
    CHECK(!strcmp(ea, eb));
    if (!ra && !rb) {
        CHECK_EQ(qa.thread_insts, qb.thread_insts);
        CHECK(qa.global_bytes == qb.global_bytes &&
              !memcmp(qa.global, qb.global, qa.global_bytes));
        uint8_t *m = realloc(x->mem, qa.global_bytes);
        if (m) {
            x->mem = m;
            x->bytes = qa.global_bytes;
            memcpy(x->mem, qa.global, qa.global_bytes);
        }
    } else {
        /* a launch that stops: the sequence goes on from the memory before it */
        x->failed++;
        snprintf(x->last_err, sizeof x->last_err, "%s", ea);
    }
    refp_free(&qa);
    refp_free(&qb);
    prog_free(&a);
    prog_free(&b);
    CHECK(!b.param && !b.global_init && !b.ins); /* prog_free cleared the borrowed copy */
    x->launches++;
    return 0;
}

/* Runs the sequence of path through step; returns the cache's loads. */
static unsigned run_file(const char *path, seq_ctx *x)
{
    launch l;
    memset(x, 0, sizeof *x);
    if (launch_load(path, &l, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(0);
        return 0;
    }
    x->c = launch_cache_new();
    x->bytes = l.mem_bytes;
    x->mem = calloc(x->bytes ? x->bytes : 1, 1);
    CHECK(x->c && x->mem && !launch_memory(&l, x->mem, x->bytes, err, sizeof err));
    launch_seq_ops ops = {step, seq_mem};
    unsigned n = 0;
    int rc = launch_seq_run(&l, &ops, x, &n, err, sizeof err);
    if (rc)
        printf("  %s: launch_seq_run %d: %s\n", path, rc, err);
    CHECK_EQ(rc, 0);
    CHECK_EQ(n, x->launches);
    unsigned loads = launch_cache_loads(x->c);
    launch_cache_free(x->c);
    free(x->mem);
    launch_free(&l);
    return loads;
}

TEST(bfs_two_entries_alternating)
{
    seq_ctx x;
    unsigned loads = run_file("tb/kernels/cuda/multi/seq_bfs.launch", &x);
    CHECK_EQ(loads, 3); /* bfs_graph once, then bfs_expand and bfs_settle in turn */
    CHECK(x.launches >= 5 && x.launches % 2 == 1);
    CHECK_EQ(x.failed, 0);
}

TEST(gauss_params_and_grid_per_launch)
{
    seq_ctx x;
    CHECK_EQ(run_file("tb/kernels/cuda/multi/seq_gauss.launch", &x), 3);
    CHECK_EQ(x.launches, 23);
    CHECK_EQ(x.failed, 0);
}

TEST(hotspot_buffers_swapped)
{
    seq_ctx x;
    CHECK_EQ(run_file("tb/kernels/cuda/multi/seq_hotspot.launch", &x), 2); /* hs_init, hs_step */
    CHECK_EQ(x.launches, 4);
    CHECK_EQ(x.failed, 0);
}

/* A launch file in out/ on blelloch's module and buffers, its steps to
 * follow; NULL (the test failed) when it cannot be written. */
static FILE *blelloch_file(const char *path)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f)
        fprintf(f, "ptx ../tb/kernels/cuda/realworld2/blelloch.ptx\nmem_bytes 4352\n"
                   "buffer in 0 2048 random 9\nbuffer out 2048 2048\nbuffer sums 4096 32\n");
    return f;
}

/* blelloch scans 2 * blockDim ints per CTA in dynamic shared memory: the
 * block and shared_dynamic differ from launch to launch; launch 3 gives
 * too little shared memory for its block and stops in the reference, on
 * the cached program as on the file's; launch 4 runs again */
TEST(blelloch_block_and_shared_per_launch)
{
    const char *path = "out/launchcache_blelloch.launch";
    FILE *f = blelloch_file(path);
    if (!f)
        return;
    static const struct { unsigned grid, block, shared; } st[] = {
        {4, 64, 512}, {8, 32, 256}, {4, 64, 256}, {2, 128, 1024}};
    for (unsigned i = 0; i < 4; i++)
        fprintf(f, "launch blelloch\ngrid %u\nblock %u\nshared_dynamic %u\nparam u64 in\n"
                   "param u64 out\nparam u64 sums\n",
                st[i].grid, st[i].block, st[i].shared);
    fclose(f);
    seq_ctx x;
    CHECK_EQ(run_file(path, &x), 1);
    CHECK_EQ(x.launches, 4);
    CHECK_EQ(x.failed, 1);
    CHECK(strstr(x.last_err, "shared") != NULL);
}

/* an entry whose first launch is wrong (a parameter too few): the cache
 * gives launch_build's line (the launch's data are checked before the
 * analysis, as launch_build does) */
TEST(bad_first_launch_same_line)
{
    const char *path = "out/launchcache_bad.launch";
    FILE *f = blelloch_file(path);
    if (!f)
        return;
    fprintf(f, "launch blelloch\ngrid 1\nblock 64\nshared_dynamic 512\nparam u64 in\n"
               "param u64 out\n");
    fclose(f);
    launch l;
    if (launch_load(path, &l, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(0);
        return;
    }
    seq_ctx x;
    memset(&x, 0, sizeof x);
    x.c = launch_cache_new();
    launch_seq_ops ops = {step, seq_mem};
    unsigned n = 0;
    CHECK_EQ(launch_seq_run(&l, &ops, &x, &n, err, sizeof err), 2);
    CHECK_EQ(launch_cache_loads(x.c), 1);
    launch_cache_free(x.c);
    free(x.mem);
    launch_free(&l);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    RUN(bfs_two_entries_alternating);
    RUN(gauss_params_and_grid_per_launch);
    RUN(hotspot_buffers_swapped);
    RUN(blelloch_block_and_shared_per_launch);
    RUN(bad_first_launch_same_line);
    return test_summary();
}
