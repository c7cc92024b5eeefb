//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// One of the two targets writes the next cell: thread 0 (smear) writes
// v[1] while thread 1 (scale) writes v[1] too.
__device__ void scale(float *v, unsigned i) { v[i] = v[i] * 2.0f; }
__device__ void smear(float *v, unsigned i) { v[i + 1] = v[i]; }

typedef void (*op_t)(float *, unsigned);

__global__ void apply(float *v) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  op_t op = (t % 2 == 0) ? smear : scale;
  op(v, t);
}
