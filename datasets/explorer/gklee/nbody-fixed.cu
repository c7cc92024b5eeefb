//pass
//--blockDim=1 --gridDim=2
//explore: bounded --memory nbody.json --strategy cd --delay-bound 2
// GKLEE's nbody benchmark (Fig. 3 of the paper), written anew: the tree
// insertion step of Barnes-Hut. Each thread puts its body into the child
// slot of the cell its position falls in: it reads the slot, and unless the
// slot is locked it locks it with atomicCAS, either stores its body into the
// empty slot or pushes the body found there and its own into a new cell,
// and unlocks the slot by storing the new content after a __threadfence().
// The assertion states that the thread that won the CAS owns the slot.
// Right: the CAS compares with the value of the one read, which is not LOCK,
// so a successful CAS means the slot was unlocked and is now this thread's.
#include <cassert>
#include <cuda/atomic>

#define EMPTY 0
#define LOCK (-1)
#define CELL 100  // a slot holding CELL + i points to the cell at child[i]

__global__ void nbody_fixed(int* child, int* bottom, const int* posx) {
  int body = blockIdx.x * blockDim.x + threadIdx.x + 1;  // bodies are 1, 2, ...: 0 is EMPTY
  int slot = posx[body - 1] < 8 ? 0 : 1;                  // the root's child slot of the body
  cuda::atomic_ref<int, cuda::thread_scope_device> cell(child[slot]);
  int leaf = cell.load(cuda::memory_order_relaxed);
  if (leaf != LOCK) {
    if (leaf == atomicCAS(&child[slot], leaf, LOCK)) {
      assert(leaf != LOCK);
      int now = body;
      if (leaf != EMPTY) {  // occupied by a body: a new cell takes both bodies
        int fresh = atomicSub(bottom, 2) - 2;
        child[fresh] = leaf;
        child[fresh + 1] = body;
        now = CELL + fresh;
      }
      __threadfence();  // the new cell is visible before the slot unlocks
      cell.store(now, cuda::memory_order_relaxed);
    }
  }
}
