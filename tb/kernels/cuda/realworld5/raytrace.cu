/* SPDX-License-Identifier: Apache-2.0 */
/* raytrace.cu -- a small ray tracer in the manner of the ISPASS-2009
 * set's RAY: one pixel per thread on a 2-D grid, spheres in a __constant__
 * array of structures initialised in the source, the nearest hit by a loop
 * that skips a sphere as soon as the discriminant is negative, a shadow
 * ray that leaves at the first blocker, up to three mirror bounces that
 * stop when a ray leaves the scene, Lambert shading with sqrtf and
 * rsqrtf, a colour packed into bytes.  Neighbouring pixels hit different
 * spheres and bounce a different number of times: divergence at every
 * level. */
struct Sphere { float x, y, z, r, refl; unsigned rgb; };

#define NS 6
__constant__ Sphere c_sph[NS] = {
    {0.0f, -1001.0f, 5.0f, 1000.0f, 0.2f, 0x808080u}, /* the floor */
    {-1.2f, 0.0f, 4.0f, 1.0f, 0.5f, 0xe03020u},
    {1.1f, -0.2f, 3.5f, 0.8f, 0.0f, 0x20c040u},
    {0.1f, 0.9f, 6.0f, 1.2f, 0.7f, 0x3050f0u},
    {-0.4f, -0.7f, 2.6f, 0.3f, 0.0f, 0xf0f020u},
    {2.4f, 1.3f, 7.0f, 1.5f, 0.3f, 0xc0c0c0u},
};
__constant__ float c_light[3] = {-0.5f, 0.8f, -0.33f};

struct V3 {
    float x, y, z;
    __device__ V3 operator+(V3 o) const { return {x + o.x, y + o.y, z + o.z}; }
    __device__ V3 operator-(V3 o) const { return {x - o.x, y - o.y, z - o.z}; }
    __device__ V3 operator*(float s) const { return {x * s, y * s, z * s}; }
    __device__ float dot(V3 o) const { return x * o.x + y * o.y + z * o.z; }
};

/* sphere i against the ray o + t d: *b = (o - c).d, the discriminant */
__device__ float disc_of(int i, V3 o, V3 d, float *b)
{
    V3 c = {c_sph[i].x, c_sph[i].y, c_sph[i].z};
    V3 oc = o - c;
    *b = oc.dot(d);
    return *b * *b - (oc.dot(oc) - c_sph[i].r * c_sph[i].r);
}

/* the nearest sphere along o + t d (t > eps), or -1 */
__device__ int nearest(V3 o, V3 d, float *tout)
{
    int best = -1;
    float bt = 1e30f;
    for (int i = 0; i < NS; i++) {
        float b, disc = disc_of(i, o, d, &b);
        if (disc < 0.0f) continue;
        float s = sqrtf(disc);
        float t = -b - s;
        if (t < 1e-3f) t = -b + s;
        if (t < 1e-3f || t >= bt) continue;
        bt = t;
        best = i;
    }
    *tout = bt;
    return best;
}

__device__ bool shadowed(V3 p, V3 l)
{
    for (int i = 0; i < NS; i++) {
        float b, disc = disc_of(i, p, l, &b);
        if (disc > 0.0f && -b - sqrtf(disc) > 1e-3f) return true;
    }
    return false;
}

extern "C" __global__ void raytrace(unsigned *img, int w, int h, unsigned *bounces)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    V3 l = {c_light[0], c_light[1], c_light[2]};
    l = l * rsqrtf(l.dot(l));
    V3 o = {0.0f, 0.0f, 0.0f};
    V3 d = {(px + 0.5f) / w * 2.0f - 1.0f, (0.5f - (py + 0.5f) / h) * 1.2f, 1.5f};
    d = d * (1.0f / sqrtf(d.dot(d)));
    float acc[3] = {0.0f, 0.0f, 0.0f}, weight = 1.0f;
    int depth = 0;
    for (; depth < 4; depth++) {
        float t;
        int s = nearest(o, d, &t);
        if (s < 0) { /* the sky */
            float sky = 0.3f + 0.5f * (d.y > 0.0f ? d.y : 0.0f);
            acc[0] += weight * sky * 0.6f;
            acc[1] += weight * sky * 0.8f;
            acc[2] += weight * sky;
            break;
        }
        V3 p = o + d * t;
        V3 c = {c_sph[s].x, c_sph[s].y, c_sph[s].z};
        V3 n = (p - c) * (1.0f / c_sph[s].r);
        float lam = n.dot(l);
        if (lam < 0.0f || shadowed(p, l)) lam = 0.0f;
        float k = weight * (1.0f - c_sph[s].refl) * (0.15f + 0.85f * lam);
        unsigned rgb = c_sph[s].rgb;
        acc[0] += k * (float)((rgb >> 16) & 0xff) / 255.0f;
        acc[1] += k * (float)((rgb >> 8) & 0xff) / 255.0f;
        acc[2] += k * (float)(rgb & 0xff) / 255.0f;
        weight *= c_sph[s].refl;
        if (weight < 0.01f) { depth++; break; }
        d = d - n * (2.0f * d.dot(n));
        o = p;
    }
    unsigned out = 0;
    for (int ch = 0; ch < 3; ch++) {
        int v = __float2int_rn(acc[ch] * 255.0f);
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        out = (out << 8) | (unsigned)v;
    }
    img[py * w + px] = out;
    bounces[py * w + px] = (unsigned)depth;
}
