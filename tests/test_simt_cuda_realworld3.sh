#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld3.sh BUILD_DIR -- the third round of real-world-
# style kernels (tb/kernels/cuda/realworld3: barrier reductions,
# docs/ptx.md) through tests/test_simt_cuda.sh's checks, as a job of its
# own: every mechanism at the default preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference
# against the kernel's host reference; SIMT_CUDA_PRESETS set (make
# regress): -O1 and -O3 as well.  lwm must run every one (no "cannot
# run" row at any preset).
SIMT_CUDA_SET=realworld3 SIMT_CUDA_MUST_RUN=lwm exec bash tests/test_simt_cuda.sh "$@"
