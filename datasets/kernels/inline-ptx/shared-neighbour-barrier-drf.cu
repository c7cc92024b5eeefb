//pass
//--blockDim=128 --gridDim=4
// Each thread stores its value to shared memory with st.shared through a
// 32-bit shared address (__cvta_generic_to_shared), waits at the barrier,
// then reads its right neighbour's with ld.volatile.shared at a +4 byte offset.
__global__ void shift_left(const int *in, int *out) {
  __shared__ int tile[129];
  unsigned t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  asm volatile("st.shared.s32 [%0], %1;" : : "r"((unsigned)__cvta_generic_to_shared(&tile[t])), "r"(v) : "memory");
  if (t == 0) tile[128] = 0;
  __syncthreads();
  int right;
  asm volatile("ld.volatile.shared.s32 %0, [%1+4];" : "=r"(right) : "r"((unsigned)__cvta_generic_to_shared(&tile[t])));
  out[blockIdx.x * blockDim.x + t] = right;
}
