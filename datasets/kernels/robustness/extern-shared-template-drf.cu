//pass
//--blockDim=128 --gridDim=4
// A block reverses its slice through dynamic shared memory whose element
// type is a template parameter. The template is never instantiated, so the
// element has no size racecert could ask Clang for (that once crashed).
template <typename T>
__global__ void reverse_slice(T *data) {
  extern __shared__ T buffer[];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * blockDim.x;
  buffer[t] = data[base + t];
  __syncthreads();
  data[base + t] = buffer[blockDim.x - 1 - t];
}
