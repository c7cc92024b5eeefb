//pass
//--blockDim=128 --gridDim=8
// The typedefs and macros nvcc's headers declare without an #include, as
// the SDK samples use them: uint, ushort, ulong and NULL.
__global__ void copy_rows(const ushort *in, uint *out, ulong n, const int *skip) {
  uint i = blockIdx.x * blockDim.x + threadIdx.x;
  if (skip != NULL && i < n) out[i] = in[i];
}
