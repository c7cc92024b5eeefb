//pass
//--blockDim=64 --gridDim=4
// A byte cursor over an int array: each thread clears the four bytes of its
// own int through a char pointer it advances.
__global__ void clear_bytes(int *words) {
  char *cursor = (char *)(words + blockIdx.x * blockDim.x + threadIdx.x);
  for (int b = 0; b < 4; b++) {
    *cursor = 0;
    cursor++;
  }
}
