//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1 --warp-sync=32
// Lock-step does not order the lanes of one store: lanes 0 and 1 both
// write bucket[0] (lane / 2) with different values in the same
// instruction; a data race inside one warp.

__global__ void pair_buckets(int *out) {
  __shared__ int bucket[16];
  unsigned lane = threadIdx.x;
  bucket[lane / 2] = lane;
  __syncthreads();
  if (lane < 16)
    out[lane] = bucket[lane];
}
