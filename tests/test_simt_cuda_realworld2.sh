#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld2.sh BUILD_DIR -- the second round of real-world-
# style kernels (tb/kernels/cuda/realworld2, docs/ptx.md) through
# tests/test_simt_cuda.sh's checks, as a job of its own: every mechanism at
# the default preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against the kernel's host
# reference; SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well.
SIMT_CUDA_SET=realworld2 exec bash tests/test_simt_cuda.sh "$@"
