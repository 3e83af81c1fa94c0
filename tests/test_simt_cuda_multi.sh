#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_multi.sh BUILD_DIR -- the multi-launch applications
# (tb/kernels/cuda/multi: a sequence launch file each, launch.h) through
# tests/test_simt_cuda.sh's checks, as a job of its own: every mechanism at
# the default preset and 000..004, memory compared with the reference after
# every launch, the final memory with the kernel's host reference (which
# runs the same steps); SIMT_CUDA_PRESETS set (make regress): -O1 and -O3
# as well.
SIMT_CUDA_SET=multi exec bash tests/test_simt_cuda.sh "$@"
