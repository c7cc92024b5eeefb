//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// The 16-bit halves of short-halves-drf.cu, shifted by one half: thread t
// writes the high half of s[t] and the low half of s[t + 1], which thread
// t + 1 reads as a whole, with no barrier.
__global__ void short_halves_racy(int *out) {
  __shared__ int s[65];
  ((short *)s)[2 * threadIdx.x + 1] = 1;
  ((short *)s)[2 * threadIdx.x + 2] = 2;
  out[threadIdx.x] = s[threadIdx.x];
}
