//pass
//--blockDim=64 --gridDim=4
// One counter, two loops: first each thread strides over the input from its
// own id, then the same variable counts the reduction steps, the same in
// every thread, with barriers in the loop. The second loop starts the
// counter over, so its value there does not depend on the thread.
__global__ void stride_then_reduce(const int *in, int *out, int n) {
  __shared__ int partial[64];
  unsigned t = threadIdx.x;
  int i;
  int sum = 0;
  for (i = t; i < n; i += 64) sum += in[blockIdx.x * n + i];
  partial[t] = sum;
  for (i = 32; i > 0; i >>= 1) {
    __syncthreads();
    if (t < i) partial[t] += partial[t + i];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
