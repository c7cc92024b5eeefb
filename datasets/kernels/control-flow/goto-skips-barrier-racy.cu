//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Barrier divergence: thread 0 jumps over the __syncthreads the others
// reach.
__global__ void rotate(int *a) {
  __shared__ int s[64];
  if (threadIdx.x == 0) goto done;
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
done:
  ;
}
