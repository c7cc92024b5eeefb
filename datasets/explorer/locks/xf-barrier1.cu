//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// GPUMC's XF-Barrier1: the inter-block barrier of Xiao and Feng. Each block
// writes its data, meets at __syncthreads(), and its thread 0 raises the
// block's arrival flag; in block 0, thread t waits for block t's arrival,
// the block meets, and thread t raises block t's go flag; each block's
// thread 0 waits for its go flag, the block meets, and every thread reads
// the next block's data.
// Bug: the flags are stored relaxed (release turned relaxed): the reads of
// the other block's data race with its writes.
#include <cuda/atomic>

using flag = cuda::atomic_ref<int, cuda::thread_scope_device>;

__global__ void xf_barrier1(int* arrive, int* go, int* data, int* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  data[b * blockDim.x + t] = b * 10 + t;
  __syncthreads();
  if (t == 0) flag(arrive[b]).store(1, cuda::memory_order_relaxed);
  if (b == 0) {
    if (t < gridDim.x) {
      flag arrived(arrive[t]);
      while (arrived.load(cuda::memory_order_acquire) == 0) {
      }
    }
    __syncthreads();
    if (t < gridDim.x) flag(go[t]).store(1, cuda::memory_order_relaxed);
  }
  if (t == 0) {
    flag mine(go[b]);
    while (mine.load(cuda::memory_order_acquire) == 0) {
    }
  }
  __syncthreads();
  out[b * blockDim.x + t] = data[((b + 1) % gridDim.x) * blockDim.x + t];
}
