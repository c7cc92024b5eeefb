// dma_lib.cuh: a small producer/consumer DMA library in the style of
// CudaDMA (Bauer, Cook, Khailany, SC'11; WEFT, PLDI'15, Sec. 5), written for
// racecert's datasets. It holds no kernel: the datasets test reads only
// .cu, .cl and .map files.
//
// A block is split into compute warps and DMA warps. A DMA object owns one
// shared buffer and two PTX named barriers:
//   full  - the DMA warps `bar.arrive` when the buffer holds the data,
//           the compute warps `bar.sync` before reading it;
//   empty - the compute warps `bar.arrive` when they are done with it,
//           the DMA warps `bar.sync` before overwriting it.
// Both barriers count every DMA and every compute thread. Named barriers
// exist only in PTX, so they are inline assembly with the id and the count
// taken from the object's members.
#pragma once

namespace dma {

// Barrier ids, thread counts and this thread's role, fixed at construction.
class DmaBase {
 public:
  __device__ DmaBase(int full_barrier, int empty_barrier, int num_dma_threads, int num_compute_threads,
                     int dma_first_thread)
      : full_barrier_(full_barrier),
        empty_barrier_(empty_barrier),
        barrier_threads_(num_dma_threads + num_compute_threads),
        dma_threads_(num_dma_threads),
        dma_tid_(int(threadIdx.x) - dma_first_thread) {
    is_dma_thread_ = dma_tid_ >= 0 && dma_tid_ < num_dma_threads;
  }

  // True for the DMA threads of this object.
  __device__ bool owns_this_thread() const { return is_dma_thread_; }

  // Compute side: the buffer may be refilled (non-blocking).
  __device__ void start_async_dma() const {
    asm volatile("bar.arrive %0, %1;" ::"r"(empty_barrier_), "r"(barrier_threads_) : "memory");
  }
  // Compute side: wait until the buffer holds the next transfer.
  __device__ void wait_for_dma_finish() const {
    asm volatile("bar.sync %0, %1;" ::"r"(full_barrier_), "r"(barrier_threads_) : "memory");
  }
  // DMA side: wait until the compute warps released the buffer.
  __device__ void wait_for_dma_start() const {
    asm volatile("bar.sync %0, %1;" ::"r"(empty_barrier_), "r"(barrier_threads_) : "memory");
  }
  // DMA side: the transfer is in the buffer (non-blocking).
  __device__ void finish_async_dma() const {
    asm volatile("bar.arrive %0, %1;" ::"r"(full_barrier_), "r"(barrier_threads_) : "memory");
  }

 protected:
  int full_barrier_, empty_barrier_, barrier_threads_, dma_threads_, dma_tid_;
  bool is_dma_thread_;
};

// Copies ELMTS_PER_THREAD * num_dma_threads consecutive floats, each DMA
// thread every num_dma_threads-th one (coalesced). With DO_SYNC the copy
// waits for the buffer to be released and announces its end itself; without
// it the kernel drives the barriers by hand (start/finish calls).
template <bool DO_SYNC, int ELMTS_PER_THREAD>
class DmaSequential : public DmaBase {
 public:
  __device__ DmaSequential(int full_barrier, int empty_barrier, int num_dma_threads, int num_compute_threads,
                           int dma_first_thread, float *buffer)
      : DmaBase(full_barrier, empty_barrier, num_dma_threads, num_compute_threads, dma_first_thread),
        buffer_(buffer) {}

  // The shared buffer this object fills.
  __device__ float *buffer() const { return buffer_; }

  // One transfer from global src into dst.
  __device__ void execute_dma(const float *src, float *dst) const {
    if (DO_SYNC) wait_for_dma_start();
    for (int i = 0; i < ELMTS_PER_THREAD; ++i) dst[dma_tid_ + i * dma_threads_] = src[dma_tid_ + i * dma_threads_];
    if (DO_SYNC) finish_async_dma();
  }
  // One transfer from global src into the object's own buffer.
  __device__ void execute_dma(const float *src) const { execute_dma(src, buffer_); }

 private:
  float *buffer_;
};

}  // namespace dma
