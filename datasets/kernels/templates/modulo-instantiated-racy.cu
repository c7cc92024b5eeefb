//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Template with a slot count, explicitly instantiated for SLOTS = 32 while
// the block has 64 threads: threads t and t + 32 both write s[t % 32] with
// different input values. (SLOTS = 64 would be DRF; the instantiation decides.)

template <int SLOTS>
__global__ void scatter_slots(const int *in, int *out) {
  __shared__ int s[SLOTS];
  unsigned t = threadIdx.x;
  s[t % SLOTS] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  if (t < SLOTS)
    out[blockIdx.x * SLOTS + t] = s[t];
}

template __global__ void scatter_slots<32>(const int *, int *);
