//pass
//--blockDim=128 --gridDim=8
// A kernel template over its index type, never instantiated in the file
// (the host code that launches it lives elsewhere): racecert analyses the
// generic index as an integer.
template <typename IdxType>
__global__ void scale_generic(float *a, IdxType n, float k) {
  IdxType i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = k * a[i];
}
