//pass
//--blockDim=64 --gridDim=4
// A device-scope atomicAdd from every block: atomic across blocks, no race.
__global__ void count_all_device(int *counter) {
  atomicAdd(counter, 1);
}
