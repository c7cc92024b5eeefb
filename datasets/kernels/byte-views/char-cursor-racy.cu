//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// As char-cursor-drf.cu, but the cursor clears five bytes: the fifth is
// the first byte of the next thread's int.
__global__ void clear_bytes_overrun(int *words) {
  char *cursor = (char *)(words + blockIdx.x * blockDim.x + threadIdx.x);
  for (int b = 0; b < 5; b++) {
    *cursor = (char)threadIdx.x;
    cursor++;
  }
}
