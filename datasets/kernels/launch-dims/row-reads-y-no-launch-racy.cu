//xfail:NOT_ALL_VERIFIED
// no launch on purpose: y is read, so blockDim.y stays symbolic and 2 rows race
// Each thread writes the cell of its x coordinate with a value read at its
// y coordinate: threads (0,0,0) and (0,1,0) of one block write out[0] with
// in[0] and in[1]. The kernel reads threadIdx.y, so no y size is assumed
// to be 1 and the race is found.
__global__ void gather_rows(int w, const int *in, int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
}
