//pass
//--blockDim=64 --gridDim=1
// Thread t clears the last byte of its own int (byte 4t + 3) through a char
// pointer, then reads the int: no other thread touches those bytes.
__global__ void char_in_own_int(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  *((char *)s + 4 * threadIdx.x + 3) = 0;
  out[threadIdx.x] = s[threadIdx.x];
}
