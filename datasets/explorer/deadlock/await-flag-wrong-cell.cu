//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: deadlock
// Block 1 waits for block 0's flag before it reads block 0's data.
// Bug: block 0 raises flag[1] while block 1 waits on flag[0]: nobody sets
// the flag block 1 waits for, and it spins forever.
__global__ void await_wrong_cell(int* data, int* flag, int* out) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    atomicExch(&flag[1], 1);
  } else {
    while (atomicAdd(&flag[0], 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}
