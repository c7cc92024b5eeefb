//pass
//--blockDim=128 --gridDim=16
// Arguments packed in a struct passed by value, as many real kernels do.
// Each pointer field is an array of its own (pointer parameters are assumed
// not to alias, as GPUVerify does).
struct SaxpyArgs {
  const float *x;
  float *y;
  float a;
  int n;
};

__global__ void saxpy_struct(SaxpyArgs args) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < args.n) args.y[i] = args.a * args.x[i] + args.y[i];
}
