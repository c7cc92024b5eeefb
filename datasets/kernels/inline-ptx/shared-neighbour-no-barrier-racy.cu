//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// The same without the barrier: thread t reads tile[t + 1] while thread
// t + 1 may still be storing it.
__global__ void shift_left_early(const int *in, int *out) {
  __shared__ int tile[129];
  unsigned t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  asm volatile("st.shared.s32 [%0], %1;" : : "r"((unsigned)__cvta_generic_to_shared(&tile[t])), "r"(v) : "memory");
  if (t == 0) tile[128] = 0;
  int right;
  asm volatile("ld.volatile.shared.s32 %0, [%1+4];" : "=r"(right) : "r"((unsigned)__cvta_generic_to_shared(&tile[t])));
  out[blockIdx.x * blockDim.x + t] = right;
}
