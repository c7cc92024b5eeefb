//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// As params-struct-drf.cu, but each thread also updates its right
// neighbour's element: y[i + 1] is written by thread i and read by i + 1.
struct SaxpyArgs {
  const float *x;
  float *y;
  float a;
  int n;
};

__global__ void saxpy_struct_bad(SaxpyArgs args) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < args.n) args.y[i + 1] = args.a * args.x[i] + args.y[i];
}
