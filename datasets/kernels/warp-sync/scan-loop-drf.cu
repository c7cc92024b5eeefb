//pass
//--blockDim=256 --gridDim=2 --warp-sync=32
// Warp-synchronous inclusive scan written as a loop (d = 1, 2, 4, 8, 16):
// lane >= d adds data[tid - d], a cell of its own warp, to its own cell.
// Under --warp-sync=32 the warp runs each step in lock-step: every load of
// a step precedes its stores, and steps follow each other. DRF.

__global__ void warp_scan(int *out) {
  __shared__ int data[256];
  unsigned tid = threadIdx.x;
  unsigned lane = tid & 31;
  data[tid] = out[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned d = 1; d < 32; d *= 2) {
    if (lane >= d)
      data[tid] += data[tid - d];
  }
  __syncthreads();
  out[blockIdx.x * 256 + tid] = data[tid];
}
