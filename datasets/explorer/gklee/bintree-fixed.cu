//pass
//--blockDim=1 --gridDim=3
//explore: bounded --memory bintree.json --strategy cd --delay-bound 2
// GKLEE's bintree benchmark (Fig. 7 of the paper), written anew: concurrent
// insertion into a binary search tree stored in T, three ints per node
// (value, left child, right child; 0 is null, the root is at 0). A thread
// walks down from the root; at an empty child slot it allocates a node with
// an atomicAdd on the tree size, fills it and links it. The last thread to
// finish (an atomicAdd ticket between fences) asserts that the tree is
// connected: every allocated node is the child of some node.
// Right: the link is a CAS from null; when it fails the thread walks on into
// the node linked by the other thread and reuses the node it allocated, so
// every allocated node ends up linked.
#include <cassert>
#include <cuda/atomic>

#define NIL 0

__device__ int load(int* p) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*p);
  return r.load(cuda::memory_order_relaxed);
}

__global__ void bintree_fixed(int* T, int* size, const int* vals, int* done) {
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
        if (atomicCAS(&T[child], NIL, fresh) == NIL) break;
        next = load(&T[child]);  // another thread linked first: walk on from its node
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
