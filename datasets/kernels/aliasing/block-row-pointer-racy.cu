//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Row pointers out + blockIdx.x * n without a precondition on n: with n = 1,
// thread 1 of block 0 and thread 0 of block 1 both write out[1] (values
// in[1] and in[64]); rows of different blocks overlap whenever n < 64.

__global__ void fill_rows(float *out, const float *in, int n) {
  float *myrow = out + blockIdx.x * n;
  myrow[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
