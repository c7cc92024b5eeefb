//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=3
//explore: assertion --memory bintree.json --strategy cd --delay-bound 2
// GKLEE's bintree benchmark (Fig. 7 of the paper), written anew: concurrent
// insertion into a binary search tree stored in T, three ints per node
// (value, left child, right child; 0 is null, the root is at 0). A thread
// walks down from the root; at an empty child slot it allocates a node with
// an atomicAdd on the tree size, fills it and links it. The last thread to
// finish (an atomicAdd ticket between fences) asserts that the tree is
// connected: every allocated node is the child of some node.
// Bug (the paper's missing atomicity): two threads can both find the same
// child slot empty; the later store unlinks the other's node. It takes three
// threads (one builds the root, two insert below it) and one delay of the
// thread between its check and its store.
#include <cassert>
#include <cuda/atomic>

#define NIL 0

__device__ int load(int* p) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*p);
  return r.load(cuda::memory_order_relaxed);
}

__global__ void bintree_buggy(int* T, int* size, const int* vals, int* done) {
  int val = vals[blockIdx.x * blockDim.x + threadIdx.x];
  int curr = 0, fresh = NIL;
  for (int step = 0; step < 6; ++step) {
    if (load(&T[curr]) != NIL) {
      int child = load(&T[curr]) <= val ? curr + 2 : curr + 1;
      int next = load(&T[child]);
      if (next == NIL) {
        if (fresh == NIL) {
          fresh = atomicAdd(size, 3);
          T[fresh] = val;
          __threadfence();  // the node's value is visible before the node is linked
        }
        // bug (Fig. 7, line 8): an unconditional store instead of a CAS that
        // retries on failure (atomic here, so the bug shows as a lost node, not a data race)
        atomicExch(&T[child], fresh);
        break;
      }
      __threadfence();  // the value of the node reached is read after its link
      curr = next;
    } else if (atomicCAS(&T[curr], NIL, val) == NIL) {
      break;  // this thread's value is the root
    }
  }
  __threadfence();
  if (atomicAdd(done, 1) == gridDim.x * blockDim.x - 1) {
    __threadfence();
    int n = load(size);
    for (int node = 3; node < n; node += 3) {
      bool linked = false;
      for (int p = 0; p < n; p += 3) linked = linked || load(&T[p + 1]) == node || load(&T[p + 2]) == node;
      assert(linked);
    }
  }
}
