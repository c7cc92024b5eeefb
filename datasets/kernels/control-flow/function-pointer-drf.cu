//pass
//--blockDim=64 --gridDim=4
// A function pointer chosen per thread between two device functions; both
// write only the thread's own cell.
__device__ void scale(float *v, unsigned i) { v[i] = v[i] * 2.0f; }
__device__ void negate(float *v, unsigned i) { v[i] = -v[i]; }

typedef void (*op_t)(float *, unsigned);

__global__ void apply(float *v) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  op_t op = scale;
  if (t % 3 == 0) op = negate;
  op(v, t);
}
