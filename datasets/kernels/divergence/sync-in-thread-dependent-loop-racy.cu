//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Barrier divergence: the loop's trip count threadIdx.x % 4 depends on the
// thread, so thread 1 reaches the barrier in the loop once while thread 0
// never does (it goes on to the barrier after the loop).

__global__ void divergent_loop(float *data) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = data[gid];
  for (unsigned i = 0; i < t % 4; i++) {
    s[t] *= 0.5f;
    __syncthreads();
  }
  __syncthreads();
  data[gid] = s[(t + 1) % 64];
}
