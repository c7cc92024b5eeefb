//pass
//--blockDim=2 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=hangs hsa=hangs hsa-obe=hangs unfair=hangs (check: deadlock under OBE, block 0 may wait for block 1's arrival while block 1 never starts: an inter-block barrier needs every block co-resident)
// GPUMC's XF-Barrier: the inter-block barrier of Xiao and Feng. Each block
// writes its data, meets at __syncthreads(), and its thread 0 raises the
// block's arrival flag; in block 0, thread t waits for block t's arrival,
// the block meets, and thread t raises block t's go flag; each block's
// thread 0 waits for its go flag, the block meets, and every thread reads
// the next block's data.
// Right: the release stores of the flags synchronize with the acquire loads
// that wait for them, and the block barriers carry the order to every
// thread of the block, so each block's writes come before the reads.
#include <cuda/atomic>

using flag = cuda::atomic_ref<int, cuda::thread_scope_device>;

__global__ void xf_barrier(int* arrive, int* go, int* data, int* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  data[b * blockDim.x + t] = b * 10 + t;
  __syncthreads();
  if (t == 0) flag(arrive[b]).store(1, cuda::memory_order_release);
  if (b == 0) {
    if (t < gridDim.x) {
      flag arrived(arrive[t]);
      while (arrived.load(cuda::memory_order_acquire) == 0) {
      }
    }
    __syncthreads();
    if (t < gridDim.x) flag(go[t]).store(1, cuda::memory_order_release);
  }
  if (t == 0) {
    flag mine(go[b]);
    while (mine.load(cuda::memory_order_acquire) == 0) {
    }
  }
  __syncthreads();
  out[b * blockDim.x + t] = data[((b + 1) % gridDim.x) * blockDim.x + t];
}
