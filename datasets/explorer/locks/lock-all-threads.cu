//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// Every thread of both blocks takes one global spin lock (atomicCAS, with
// independent thread scheduling a thread of a warp may spin while its
// neighbour holds the lock) and appends its id to a list.
// Right: the fences after locking and before unlocking order the critical
// sections, and each thread writes a different slot of the list.
__global__ void lock_all_threads(int* lock, int* length, int* list) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  int n = *length;
  list[n] = id;
  *length = n + 1;
  __threadfence();
  atomicExch(lock, 0);
}
