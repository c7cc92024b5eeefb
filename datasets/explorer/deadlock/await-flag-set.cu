//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs (check: deadlock under OBE, block 1 may spin on block 0's flag while block 0 never starts)
// Block 1 waits for block 0's flag before it reads block 0's data (the fixed
// version of await-flag-wrong-cell.cu).
// Right: block 0 raises the flag block 1 waits on, with fences on both sides,
// so block 1 leaves its loop and reads the data after it was written.
__global__ void await_flag_set(int* data, int* flag, int* out) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    atomicExch(&flag[0], 1);
  } else {
    while (atomicAdd(&flag[0], 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}
