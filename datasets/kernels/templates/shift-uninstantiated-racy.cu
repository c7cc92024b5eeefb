//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Templated shift never instantiated (T and OFFSET unknown): the read
// s[t + OFFSET] comes before the barrier, so for OFFSET = 1 thread 0 reads
// s[1] while thread 1 writes it. Racy for some value of OFFSET.

template <typename T, int OFFSET>
__global__ void shift_add(T *data) {
  __shared__ T s[256];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = data[gid];
  T v = s[t + OFFSET];
  __syncthreads();
  data[gid] = v + s[t];
}
