//xfail:NOT_ALL_VERIFIED
//--local_size=1 --num_groups=2
//explore: racy
// An OpenCL 1.2 spin lock (atomic_cmpxchg, atomic_xchg) shared by two
// work-groups, with mem_fence around the critical section.
// Bug: mem_fence orders only the work-item's own accesses as seen within its
// work-group, not across work-groups: the two groups' updates race.
__kernel void lock_mem_fence(volatile __global int* lock, __global int* total, __global const int* in) {
  while (atomic_cmpxchg(lock, 0, 1) != 0) {
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  *total = *total + in[get_group_id(0)];
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  atomic_xchg(lock, 0);
}
