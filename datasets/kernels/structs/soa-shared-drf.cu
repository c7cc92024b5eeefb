//pass
//--blockDim=128 --gridDim=4
// Struct of arrays in shared memory: thread t writes soa.x[t + 1] and
// soa.y[t], each cell by one thread, then after a barrier reads soa.x[t] and
// soa.y[t + 1] written by its neighbours. The two fields are distinct arrays.

struct SoA {
  float x[129];
  float y[129];
};

__global__ void soa_neighbours(const float *in, float *out) {
  __shared__ SoA soa;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  soa.x[t + 1] = in[gid];
  soa.y[t] = -in[gid];
  __syncthreads();
  out[gid] = soa.x[t] + soa.y[t + 1];
}
