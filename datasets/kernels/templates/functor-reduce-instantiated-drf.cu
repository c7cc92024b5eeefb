//pass
//--blockDim=128 --gridDim=4
// Generic block reduction over an element type, a functor and a block size,
// explicitly instantiated twice (float max, int sum). Both instantiations
// are tree reductions with a barrier per step: DRF. Inputs beyond n read as
// the identity.

template <typename T>
struct MaxOp {
  __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

template <typename T>
struct SumOp {
  __device__ T operator()(T a, T b) const { return a + b; }
};

template <typename T, typename Op, unsigned BLOCK>
__global__ void reduce_op(const T *in, T *out, T identity, int n) {
  __shared__ T s[BLOCK];
  Op op;
  unsigned t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  s[t] = i < n ? in[i] : identity;
  __syncthreads();
  for (unsigned k = BLOCK / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] = op(s[t], s[t + k]);
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

template __global__ void reduce_op<float, MaxOp<float>, 128>(const float *, float *, float, int);
template __global__ void reduce_op<int, SumOp<int>, 128>(const int *, int *, int, int);
