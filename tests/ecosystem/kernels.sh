# Sourced by the ecosystem tests: a scratch directory $tmp, removed at exit;
# fail MESSAGE, which ends the test; and write_kernels, which writes three
# small kernels into directory $1:
#   racy.cu    a race (every thread writes A[0]); includes <cuda_runtime.h>
#   drf.cu     data-race free; includes <cuda_runtime.h>
#   helper.cuh a header of device helpers and no kernel
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

write_kernels() {
  mkdir -p "$1"
  cat >"$1/racy.cu" <<'CU'
//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
#include <cuda_runtime.h>
__global__ void racy(int *A) { A[0] = threadIdx.x; }
CU
  cat >"$1/drf.cu" <<'CU'
//pass
//--blockDim=64 --gridDim=1
#include <cuda_runtime.h>
__global__ void drf(int *A) { A[threadIdx.x] = 2 * threadIdx.x; }
CU
  cat >"$1/helper.cuh" <<'CU'
#pragma once
__device__ inline int twice(int x) { return 2 * x; }
CU
}
