/* SPDX-License-Identifier: Apache-2.0 */
/* own_interp.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: a bytecode interpreter, one thread a virtual machine, as
 * rule engines and query filters run on GPUs.  A stack machine of 20
 * opcodes (a dense `switch`) runs a program from a `__constant__` table
 * (staged in shared memory by the block, a barrier, then an early return
 * for the threads past n) on the thread's input word: the stack is a
 * private array (local memory) passed by pointer, and the work goes
 * through three levels of `noinline` functions (exec_op -> arith ->
 * udiv_safe; exec_op's result packs the new stack pointer, a taken jump
 * and HALT), so clang emits `call` and the simulator's front end inlines
 * each site.  The
 * programs: Euclid's gcd of x and 48 (a loop of data-dependent length),
 * the decimal digit sum of x (x below 10000: up to 4 rounds), and a mix chosen per
 * thread by its index; each thread also counts the instructions it ran
 * and the launch counts the jumps taken with atomicAdd. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __constant__ __attribute__((constant))
#define __shared__ __attribute__((shared))
#define NOINLINE __attribute__((noinline))
static __device__ unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ unsigned add_u32(unsigned *p, unsigned v) { return __nvvm_atom_add_gen_i((int *)p, (int)v); }
static __device__ void bar_sync() { __nvvm_bar_sync(0); }
#else
#define NOINLINE __noinline__
static __device__ unsigned tid_x() { return threadIdx.x; }
static __device__ unsigned ctaid_x() { return blockIdx.x; }
static __device__ unsigned ntid_x() { return blockDim.x; }
static __device__ unsigned add_u32(unsigned *p, unsigned v) { return atomicAdd(p, v); }
static __device__ void bar_sync() { __syncthreads(); }
#endif

enum { PUSHX, PUSHC, DUP, OVER, SWAP, ROT, POP, ADD, SUB, MUL, DIV, MOD, AND, XOR, SHR, MIN, JZ, JNZ, JMP, HALT };

/* two programs of (opcode, argument) pairs */
__constant__ int progs[2][32] = {
    /* gcd(x, 48): [a b] -> [gcd] */
    {PUSHX, 0, PUSHC, 48, DUP, 0, JZ, 9, SWAP, 0, OVER, 0, MOD, 0, JMP, 2, 0, 0, POP, 0, HALT, 0},
    /* decimal digit sum of x: [s n] -> [s] */
    {PUSHC, 0, PUSHX, 0, DUP, 0, JZ, 13, DUP, 0, PUSHC, 10, MOD, 0, ROT, 0, ADD, 0, SWAP, 0, PUSHC, 10, DIV, 0,
     JMP, 2, POP, 0, HALT, 0},
};

static NOINLINE __device__ unsigned udiv_safe(unsigned a, unsigned b, int rem)
{
    if (b == 0) return rem ? a : 0xffffffffu; /* the machine's own rule */
    return rem ? a % b : a / b;
}

static NOINLINE __device__ unsigned arith(int op, unsigned a, unsigned b)
{
    switch (op) {
    case ADD: return a + b;
    case SUB: return a - b;
    case MUL: return a * b;
    case DIV: return udiv_safe(a, b, 0);
    case MOD: return udiv_safe(a, b, 1);
    case AND: return a & b;
    case XOR: return a ^ b;
    case SHR: return a >> (b & 31);
    default: return a < b ? a : b; /* MIN */
    }
}

/* one instruction on the stack st of sp entries: the new stack pointer,
 * 0x100 when a jump is taken, 0x200 at HALT */
static NOINLINE __device__ int exec_op(unsigned *st, int sp, int op, int arg, unsigned x)
{
    unsigned a, b, c;
    switch (op) {
    case PUSHX: st[sp] = x; return sp + 1;
    case PUSHC: st[sp] = (unsigned)arg; return sp + 1;
    case DUP: st[sp] = st[sp - 1]; return sp + 1;
    case OVER: st[sp] = st[sp - 2]; return sp + 1;
    case SWAP: a = st[sp - 1]; st[sp - 1] = st[sp - 2]; st[sp - 2] = a; return sp;
    case ROT: a = st[sp - 3]; b = st[sp - 2]; c = st[sp - 1];
        st[sp - 3] = b; st[sp - 2] = c; st[sp - 1] = a; return sp;
    case POP: return sp - 1;
    case ADD: case SUB: case MUL: case DIV: case MOD: case AND: case XOR: case SHR: case MIN:
        st[sp - 2] = arith(op, st[sp - 2], st[sp - 1]);
        return sp - 1;
    case JZ: return (sp - 1) | (st[sp - 1] == 0 ? 0x100 : 0);
    case JNZ: return (sp - 1) | (st[sp - 1] != 0 ? 0x100 : 0);
    case JMP: return sp | 0x100;
    default: return sp | 0x200; /* HALT */
    }
}

extern "C" __global__ void own_interp(const unsigned *xs, int n, int which, unsigned *out, unsigned *steps,
                                      unsigned *jumps)
{
    __shared__ int sprog[2][32]; /* the programs staged in shared memory */
    const unsigned t = tid_x();
    for (unsigned k = t; k < 64; k += ntid_x()) sprog[k / 32][k % 32] = progs[k / 32][k % 32];
    bar_sync();
    const int i = (int)(ctaid_x() * ntid_x() + t);
    if (i >= n) return;
    unsigned st[16];
    st[0] = 0;
    const unsigned x = xs[i] % 10000u; /* four digits at most */
    const int p = which < 2 ? which : (i & 1);
    int pc = 0, sp = 0, nj = 0;
    unsigned k = 0;
    while (k < 400) {
        k++;
        const int op = sprog[p][2 * pc], arg = sprog[p][2 * pc + 1];
        const int r = exec_op(st, sp, op, arg, x);
        sp = r & 0xff;
        pc = r & 0x100 ? arg : pc + 1;
        nj += r >> 8 & 1;
        if (r & 0x200 || sp < 1 || sp > 14) break;
    }
    out[i] = sp >= 1 ? st[sp - 1] : 0xdeadu;
    steps[i] = k;
    add_u32(jumps, (unsigned)nj);
}
