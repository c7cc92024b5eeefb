//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=2 --warp-sync=16
// The scan of scan-loop-drf.cu, written for 32-lane warps, on a device
// with warps of 16: at d = 16 thread 17 reads data[1], which thread 1, in
// the other warp, writes at d = 1 (d = 1 .. 8 stay in a warp); a data race.

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
