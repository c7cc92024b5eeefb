//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// As generic-index-type-drf.cu, but each element also adds its right
// neighbour, which that neighbour's thread overwrites.
template <typename IdxType>
__global__ void smooth_generic(float *a, IdxType n) {
  IdxType i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) a[i] = a[i] + a[i + 1];
}
