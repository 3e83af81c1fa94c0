/* SPDX-License-Identifier: Apache-2.0 */
/* vm.cu -- a tiny stack machine per thread: each thread runs its own
 * program of bytecodes (a switch over the opcode, compiled to a jump chain
 * or table of branches) on a stack in a local array indexed by a run-time
 * stack pointer (.local loads and stores), until HALT or its step budget.
 * Threads take different cases every step: the most divergent control
 * flow of the kernels here. */
enum { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, HALT, DIVM, OPS };
#define DEPTH 8
extern "C" __global__ void vm(const unsigned char *code, int *result, int *steps_out, int len,
                              int budget)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned char *pc0 = code + (t % 7) * len;
    int st[DEPTH];
    int sp = 0, pc = 0, steps = 0, acc = t;
    for (int i = 0; i < DEPTH; i++) st[i] = 0;
    while (steps < budget && pc < len) {
        unsigned char op = pc0[pc] % OPS, arg = pc0[pc] / OPS;
        steps++;
        pc++;
        switch (op) {
        case PUSH:
            if (sp < DEPTH) st[sp++] = arg + acc;
            break;
        case ADD:
            if (sp >= 2) { st[sp - 2] += st[sp - 1]; sp--; }
            break;
        case SUB:
            if (sp >= 2) { st[sp - 2] -= st[sp - 1]; sp--; }
            break;
        case MUL:
            if (sp >= 2) { st[sp - 2] *= st[sp - 1]; sp--; }
            break;
        case DUP:
            if (sp >= 1 && sp < DEPTH) { st[sp] = st[sp - 1]; sp++; }
            break;
        case SWAP:
            if (sp >= 2) { int x = st[sp - 1]; st[sp - 1] = st[sp - 2]; st[sp - 2] = x; }
            break;
        case JNZ:
            if (sp >= 1 && st[--sp] & 1) pc = arg % len;
            break;
        case DIVM:
            if (sp >= 2 && st[sp - 1] != 0 && !(st[sp - 2] == -2147483647 - 1 && st[sp - 1] == -1)) {
                int a = st[sp - 2], b = st[sp - 1];
                st[sp - 2] = a / b;
                st[sp - 1] = a % b;
            }
            break;
        default:
            pc = len;
            break;
        }
        acc = acc * 3 + (sp > 0 ? st[sp - 1] : 0);
    }
    result[t] = acc ^ st[(t + steps) % DEPTH];
    steps_out[t] = steps;
}
