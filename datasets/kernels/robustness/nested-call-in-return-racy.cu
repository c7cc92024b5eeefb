//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// The same shape, but the inner function halves the index: threads 2k and
// 2k+1 both write out[k].
__device__ int half(int v) { return v / 2; }
__device__ int plus_zero(int v) { return half(v) + 0; }
__global__ void scatter(int *out) { out[plus_zero(threadIdx.x)] = threadIdx.x; }
