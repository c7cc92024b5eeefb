//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// A data-dependent while loop writing a trail s[t + k]: for inputs where
// thread 0 runs at least two iterations and thread 1 at least one, thread 0
// writes trail[1] (k = 1) while thread 1 writes trail[1] (k = 0).

__global__ void halving_trail(const unsigned *in, unsigned *out) {
  __shared__ unsigned trail[128 + 32];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  unsigned x = in[gid];
  unsigned k = 0;
  while (x > 1 && k < 32) {
    x /= 2;
    trail[t + k] = x;
    k++;
  }
  __syncthreads();
  out[gid] = k + trail[t];
}
