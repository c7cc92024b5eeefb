//pass
//--blockDim=64 --gridDim=1
// The index comes back through two inlined functions, the outer one
// returning a call of the inner one: thread t writes out[t] only.
__device__ int identity(int v) { return v; }
__device__ int plus_zero(int v) { return identity(v) + 0; }
__global__ void scatter(int *out) { out[plus_zero(threadIdx.x)] = threadIdx.x; }
