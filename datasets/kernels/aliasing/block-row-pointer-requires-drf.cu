//pass
//--blockDim=64 --gridDim=4
// Each block writes its row through a row pointer out + blockIdx.x * n.
// Thread t of block b writes out[b*n + t] with t < 64: the rows of distinct
// blocks are disjoint exactly when n >= blockDim.x, which the precondition
// states. blockIdx.x * n is an unsigned product, which wraps around 2^32
// for n > 2^32 / gridDim.x, so the precondition also bounds n. The racy twin
// is block-row-pointer-racy.cu.

__global__ void fill_rows(float *out, const float *in, int n) {
#ifdef __RACECERT__
  __requires(n >= 64 && n <= (1 << 24));
#endif
  float *myrow = out + blockIdx.x * n;
  myrow[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
