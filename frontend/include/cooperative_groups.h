// racecert's declarations of CUDA cooperative groups (the parts kernels use
// to synchronize). The front end reads g.sync() on a thread_block as a block
// barrier, on a grid_group as a grid barrier, on a tile as a warp barrier.
#pragma once
namespace cooperative_groups {
class thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
class thread_block : public thread_group {
 public:
  __device__ void sync() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
};
class grid_group : public thread_group {
 public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ dim3 group_dim() const;
};
template <unsigned Size>
class thread_block_tile : public thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned thread_rank() const;
  __device__ unsigned meta_group_rank() const;
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned mask) const;
  __device__ unsigned ballot(int predicate) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
};
class coalesced_group : public thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned thread_rank() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned Size, class Parent> __device__ thread_block_tile<Size> tiled_partition(const Parent& parent);
__device__ thread_group tiled_partition(const thread_group& parent, unsigned size);
template <class Group> __device__ void sync(const Group& g);
// The older spelling of sync(g), still in CUDA 12.
template <class Group> __device__ void synchronize(const Group& g);
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
template <class Group, class T, class Op> __device__ T reduce(const Group& g, T value, Op op);
}  // namespace cooperative_groups
