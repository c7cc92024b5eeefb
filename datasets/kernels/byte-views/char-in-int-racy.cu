//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Thread t clears byte 4t + 4 of the int array: the first byte of s[t + 1],
// which thread t + 1 reads as an int in the same phase.
__global__ void char_in_int(int *out) {
  __shared__ int s[65];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  ((char *)s)[4 * threadIdx.x + 4] = 0;
  out[threadIdx.x] = s[threadIdx.x];
}
