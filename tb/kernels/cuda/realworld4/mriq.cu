/* SPDX-License-Identifier: Apache-2.0 */
/* mriq.cu -- in the style of Parboil's mri-q: for each voxel x the sum
 * over k-space samples of phi_k (cos(2 pi k.x), sin(2 pi k.x)); the
 * samples staged in shared memory chunk by chunk (a barrier each side),
 * the trigonometry through sincosf, a structure of four floats per sample
 * (kx, ky, kz and phiMag = phiR^2 + phiI^2, as Parboil's ComputePhiMag
 * makes it, here while staging). */
struct kValues {
    float Kx, Ky, Kz, PhiMag;
};
#define PIx2 6.2831853071795864769252867665590058f
#define CHUNK 64

extern "C" __global__ void mriq(int numK, int numX, const float *kx, const float *ky,
                                const float *kz, const float *phiR, const float *phiI,
                                const float *x,
                                const float *y, const float *z, float *Qr, float *Qi)
{
    __shared__ kValues ck[CHUNK];
    int xi = blockIdx.x * blockDim.x + threadIdx.x;
    float sx = 0, sy = 0, sz = 0, qr = 0, qi = 0;
    if (xi < numX) { sx = x[xi]; sy = y[xi]; sz = z[xi]; }
    for (int base = 0; base < numK; base += CHUNK) {
        for (int t = threadIdx.x; t < CHUNK; t += blockDim.x) {
            int k = base + t;
            kValues v = {0, 0, 0, 0};
            if (k < numK) {
                v.Kx = kx[k]; v.Ky = ky[k]; v.Kz = kz[k];
                v.PhiMag = phiR[k] * phiR[k] + phiI[k] * phiI[k];
            }
            ck[t] = v;
        }
        __syncthreads();
        int lim = numK - base < CHUNK ? numK - base : CHUNK;
        for (int k = 0; k < lim; k++) {
            float expArg = PIx2 * (ck[k].Kx * sx + ck[k].Ky * sy + ck[k].Kz * sz);
            float s, c;
            sincosf(expArg, &s, &c);
            qr += ck[k].PhiMag * c;
            qi += ck[k].PhiMag * s;
        }
        __syncthreads();
    }
    if (xi < numX) { Qr[xi] = qr; Qi[xi] = qi; }
}
