//pass
//--blockDim=128 --gridDim=2 --warp-sync=32
// Rotation inside each warp through shared memory: lane i reads the value
// of lane i + 1 of its own warp (wrapping at 32) and writes it into its own
// cell, in one statement. Lock-step orders the warp's loads before its
// stores, and warps touch disjoint cells. DRF.

__global__ void rotate_in_warp(int *a) {
  __shared__ int v[128];
  unsigned tid = threadIdx.x;
  unsigned base = (tid / 32) * 32;
  v[tid] = a[blockIdx.x * 128 + tid];
  __syncthreads();
  v[tid] = v[base + ((tid + 1) & 31)];
  __syncthreads();
  a[blockIdx.x * 128 + tid] = v[tid];
}
