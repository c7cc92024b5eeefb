//pass
//--blockDim=2 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=terminates lobe=terminates hsa=hangs hsa-obe=terminates unfair=hangs (threads of a scheduled block are fair to each other, so the holder, even in the spinner's own block, releases the lock; under HSA block 1 may hold it while only block 0 runs)
//progress: obe=terminates lobe=terminates --max-resident-blocks 1
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
