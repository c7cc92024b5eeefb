//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Struct of arrays in shared memory that reads soa.x[t] in the same phase
// as the writes soa.x[t + 1]: thread t reads soa.x[t] while thread t - 1
// writes it (threads 0 and 1 on soa.x[1]).

struct SoA {
  float x[129];
  float y[129];
};

__global__ void soa_neighbours(const float *in, float *out) {
  __shared__ SoA soa;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  soa.x[t + 1] = in[gid];
  soa.y[t] = 2.0f * soa.x[t];
  __syncthreads();
  out[gid] = soa.y[t];
}
