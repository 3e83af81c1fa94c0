/* SPDX-License-Identifier: Apache-2.0 */
/* eigbisect.cu -- every eigenvalue of a symmetric tridiagonal matrix by
 * bisection, in the manner of the CUDA SDK's eigenvalues sample: one
 * matrix per block, its diagonal and off-diagonal in shared memory, a
 * worklist of intervals in shared memory.  Each round, thread i takes
 * interval i, bisects it, counts the eigenvalues below the midpoint with
 * a Sturm sequence (a data-dependent divide per row), and pushes the
 * halves that still hold eigenvalues through a shared atomicAdd on the
 * list's length; an interval narrower than the tolerance holding one
 * eigenvalue (or a cluster, several) writes its midpoint to the output at
 * the eigenvalues' index, which does not depend on the push order.  The
 * rounds go on, a barrier each, while the list is not empty.  Odd blocks
 * get a diagonal matrix with four values of multiplicity six (clusters
 * the bisection cannot split). */
#define N 24
#define MAXROUNDS 80

__device__ int sturm_count(const float *d, const float *e2, float x)
{
    int c = 0;
    float q = d[0] - x;
    for (int i = 0;; i++) {
        if (q < 0.0f) c++;
        if (i == N - 1) break;
        if (fabsf(q) < 1e-30f) q = -1e-30f;
        q = d[i + 1] - x - e2[i] / q;
    }
    return c;
}

extern "C" __global__ void eigbisect(const unsigned *in, float *eig, unsigned *rounds)
{
    __shared__ float d[N], e2[N];
    __shared__ float lo[N], hi[N];
    __shared__ int clo[N], chi[N];
    __shared__ int nlist;
    __shared__ float glo, ghi;
    const int t = threadIdx.x;
    const unsigned *w = in + blockIdx.x * 2 * N;
    if (t < N) {
        if (blockIdx.x & 1) {
            d[t] = (float)(t % 4) * 1.5f - 2.0f;
            e2[t] = 0.0f;
        } else {
            d[t] = (float)(int)(w[t] >> 20) * (1.0f / 256.0f) - 8.0f;
            float e = t < N - 1 ? (float)(int)(w[N + t] >> 22) * (1.0f / 128.0f) - 4.0f : 0.0f;
            if ((w[N + t] & 7u) == 0u) e = 0.0f; /* the matrix splits here */
            e2[t] = e * e;
        }
    }
    __syncthreads();
    if (t == 0) {
        /* Gershgorin bounds, serial */
        float a = 1e30f, b = -1e30f;
        for (int i = 0; i < N; i++) {
            float r = (i > 0 ? sqrtf(e2[i - 1]) : 0.0f) + (i < N - 1 ? sqrtf(e2[i]) : 0.0f);
            a = fminf(a, d[i] - r);
            b = fmaxf(b, d[i] + r);
        }
        glo = a - 0.001f;
        ghi = b + 0.001f;
        lo[0] = glo;
        hi[0] = ghi;
        clo[0] = 0;
        chi[0] = N;
        nlist = 1;
    }
    const float tol = 1e-5f * fmaxf(1.0f, 1.0f); /* absolute */
    int round = 0;
    for (;;) {
        __syncthreads();
        int m = nlist;
        if (m == 0 || round == MAXROUNDS) break;
        round++;
        float a = 0.0f, b = 0.0f;
        int ca = 0, cb = 0;
        if (t < m) {
            a = lo[t];
            b = hi[t];
            ca = clo[t];
            cb = chi[t];
        }
        __syncthreads();
        if (t == 0) nlist = 0;
        __syncthreads();
        if (t < m) {
            float mid = 0.5f * (a + b);
            if (b - a < tol || mid <= a || mid >= b) {
                for (int k = ca; k < cb; k++) eig[blockIdx.x * N + k] = mid;
            } else {
                int cm = sturm_count(d, e2, mid);
                if (cm < ca) cm = ca; /* rounding cannot count fewer below a larger x */
                if (cm > cb) cm = cb;
                if (cm > ca) {
                    int s = atomicAdd(&nlist, 1);
                    lo[s] = a; hi[s] = mid; clo[s] = ca; chi[s] = cm;
                }
                if (cb > cm) {
                    int s = atomicAdd(&nlist, 1);
                    lo[s] = mid; hi[s] = b; clo[s] = cm; chi[s] = cb;
                }
            }
        }
    }
    if (t == 0) rounds[blockIdx.x] = (unsigned)round;
}
