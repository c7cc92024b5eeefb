//pass
//--blockDim=128 --gridDim=4
// Each thread initializes and draws from its own curandState.
#include <curand_kernel.h>

__global__ void draw(curandState *states, float *out, unsigned long long seed) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, t, 0, &states[t]);
  out[t] = curand_uniform(&states[t]) + curand_normal(&states[t]);
}
