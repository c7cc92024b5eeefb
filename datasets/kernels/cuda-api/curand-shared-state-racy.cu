//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Every thread draws from the same generator state: curand reads and
// updates states[0] in threads 0 and 1 alike.
#include <curand_kernel.h>

__global__ void draw(curandState *states, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = curand_uniform(&states[0]);
}
