//pass
//--blockDim=64 --gridDim=4
// Each block writes its row through a row pointer out + blockIdx.x * n.
// Thread t of block b writes out[b*n + t] with t < 64: the rows of distinct
// blocks are disjoint exactly when n >= blockDim.x, which the precondition
// states. The racy twin is block-row-pointer-racy.cu.

__global__ void fill_rows(float *out, const float *in, int n) {
#ifdef __RACECERT__
  __requires(n >= 64);
#endif
  float *myrow = out + blockIdx.x * n;
  myrow[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
