/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_cuda_simd.c -- the CUDA Math API's SIMD intrinsics of the project's
 * header (tb/cuda/include/warphw_simd.h), compiled here as plain C, against
 * values worked by hand from the Math API's definitions (each element on
 * its own: wrapping or saturated to its signed or unsigned range, averages
 * rounded as defined, comparisons as all ones or 1), at the elements' edges
 * (-32768, 32767, 0x80, 0x7f, 0xff). conformance/simdvideo.cu checks that
 * the device's PTX gives the host's bits through every mechanism; this
 * checks that the bits are the Math API's.
 */
#define WARPHW_DEV static inline
#include "../tb/cuda/include/warphw_simd.h"

#include "check.h"

/* halfwords: a = (-32767 | 32769, 32767), b = (32767, -32768 | 32768), high first */
#define HA 0x80017fffu
#define HB 0x7fff8000u
/* bytes: a = (0x80, 0x7f, 0x01, 0xff), b = (0x7f, 0x80, 0xff, 0x01), high first */
#define BA 0x807f01ffu
#define BB 0x7f80ff01u

TEST(halfword_forms)
{
    CHECK_EQ(__vadd2(HA, HB), 0x0000ffffu);
    CHECK_EQ(__vsub2(HA, HB), 0x0002ffffu);
    CHECK_EQ(__vaddss2(HA, HB), 0x0000ffffu);
    CHECK_EQ(__vsubss2(HA, HB), 0x80007fffu); /* 65535 -> 32767, -65534 -> -32768 */
    CHECK_EQ(__vaddus2(HA, HB), 0xffffffffu); /* 65536 -> 65535 */
    CHECK_EQ(__vsubus2(HA, HB), 0x00020000u); /* below 0 -> 0 */
    CHECK_EQ(__vavgs2(HA, HB), 0x0000ffffu);  /* -1 / 2 -> -1, 0 -> 0 */
    CHECK_EQ(__vavgs2(0x0001fffdu, 0), 0x0001fffeu); /* -3/2 -> -2, 1/2 -> 1: half away from zero */
    CHECK_EQ(__vavgu2(HA, HB), 0x80008000u);
    CHECK_EQ(__vhaddu2(HA, HB), 0x80007fffu);
    CHECK_EQ(__vabsdiffs2(HA, HB), 0xfffeffffu);
    CHECK_EQ(__vabsdiffu2(HA, HB), 0x00020001u);
    CHECK_EQ(__vmaxs2(HA, HB), 0x7fff7fffu);
    CHECK_EQ(__vmaxu2(HA, HB), 0x80018000u);
    CHECK_EQ(__vmins2(HA, HB), 0x80018000u);
    CHECK_EQ(__vminu2(HA, HB), 0x7fff7fffu);
    CHECK_EQ(__vcmpgts2(HA, HB), 0x0000ffffu);
    CHECK_EQ(__vcmpgtu2(HA, HB), 0xffff0000u);
    CHECK_EQ(__vsetgts2(HA, HB), 0x00000001u);
    CHECK_EQ(__vsetgtu2(HA, HB), 0x00010000u);
    CHECK_EQ(__vcmples2(HA, HB), 0xffff0000u);
    CHECK_EQ(__vcmpleu2(HA, HB), 0x0000ffffu);
    CHECK_EQ(__vsetges2(HA, HB), 0x00000001u);
    CHECK_EQ(__vsetltu2(HA, HB), 0x00000001u);
    CHECK_EQ(__vcmpeq2(HA, HA), 0xffffffffu);
    CHECK_EQ(__vsetne2(HA, HB), 0x00010001u);
    CHECK_EQ(__vsads2(HA, HB), 131069u); /* 65535 + 65534 */
    CHECK_EQ(__vsadu2(HA, HB), 3u);
    /* one operand: (-32768, -32767) */
    CHECK_EQ(__vabs2(0x80008001u), 0x80007fffu);
    CHECK_EQ(__vabsss2(0x80008001u), 0x7fff7fffu);
    CHECK_EQ(__vneg2(0x80008001u), 0x80007fffu);
    CHECK_EQ(__vnegss2(0x80008001u), 0x7fff7fffu);
    CHECK_EQ(__vneg2(0x00010002u), 0xfffffffeu);
    CHECK_EQ(__vabs2(0x0001fffeu), 0x00010002u);
}

TEST(byte_forms)
{
    CHECK_EQ(__vadd4(BA, BB), 0xffff0000u);
    CHECK_EQ(__vsub4(BA, BB), 0x01ff02feu);
    CHECK_EQ(__vaddss4(BA, BB), 0xffff0000u);
    CHECK_EQ(__vsubss4(BA, BB), 0x807f02feu);
    CHECK_EQ(__vaddus4(BA, BB), 0xffffffffu);
    CHECK_EQ(__vsubus4(BA, BB), 0x010000feu);
    CHECK_EQ(__vavgs4(BA, BB), 0xffff0000u);
    CHECK_EQ(__vavgs4(0x03ff01fdu, 0), 0x02ff01feu);
    CHECK_EQ(__vavgu4(BA, BB), 0x80808080u);
    CHECK_EQ(__vhaddu4(BA, BB), 0x7f7f8080u);
    CHECK_EQ(__vabsdiffs4(BA, BB), 0xffff0202u);
    CHECK_EQ(__vabsdiffu4(BA, BB), 0x0101fefeu);
    CHECK_EQ(__vmaxs4(BA, BB), 0x7f7f0101u);
    CHECK_EQ(__vmaxu4(BA, BB), 0x8080ffffu);
    CHECK_EQ(__vmins4(BA, BB), 0x8080ffffu);
    CHECK_EQ(__vminu4(BA, BB), 0x7f7f0101u);
    CHECK_EQ(__vcmpgts4(BA, BB), 0x00ffff00u);
    CHECK_EQ(__vcmpgtu4(BA, BB), 0xff0000ffu);
    CHECK_EQ(__vsetgts4(BA, BB), 0x00010100u);
    CHECK_EQ(__vsetgtu4(BA, BB), 0x01000001u);
    CHECK_EQ(__vcmplts4(BA, BB), 0xff0000ffu);
    CHECK_EQ(__vcmpltu4(BA, BB), 0x00ffff00u);
    CHECK_EQ(__vcmples4(BA, BB), 0xff0000ffu);
    CHECK_EQ(__vcmpleu4(BA, BB), 0x00ffff00u);
    CHECK_EQ(__vcmpgeu4(BA, BB), 0xff0000ffu);
    CHECK_EQ(__vsetne4(BA, BB), 0x01010101u);
    CHECK_EQ(__vseteq4(BA, BB), 0u);
    CHECK_EQ(__vcmpeq4(BA, 0x807f0000u), 0xffff0000u);
    /* equal elements: ge and le hold, gt and lt do not */
    CHECK_EQ(__vcmpges4(BA, BA), 0xffffffffu);
    CHECK_EQ(__vcmpgts4(BA, BA), 0u);
    CHECK_EQ(__vsetleu4(BA, BA), 0x01010101u);
    CHECK_EQ(__vsetles4(BA, BA), 0x01010101u);
    CHECK_EQ(__vsetltu4(BA, BA), 0u);
    CHECK_EQ(__vsetlts4(BA, BA), 0u);
    CHECK_EQ(__vsetgeu4(BA, BA), 0x01010101u);
    CHECK_EQ(__vcmpne4(BA, BA), 0u);
    CHECK_EQ(__vsads4(BA, BB), 514u); /* 2 + 2 + 255 + 255 */
    CHECK_EQ(__vsadu4(BA, BB), 510u); /* 254 + 254 + 1 + 1 */
    /* one operand: (-128, -127, 127, 1) */
    CHECK_EQ(__vabs4(0x80817f01u), 0x807f7f01u);
    CHECK_EQ(__vabsss4(0x80817f01u), 0x7f7f7f01u);
    CHECK_EQ(__vneg4(0x80817f01u), 0x807f81ffu);
    CHECK_EQ(__vnegss4(0x80817f01u), 0x7f7f81ffu);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(halfword_forms);
    RUN(byte_forms);
    return test_summary();
}
