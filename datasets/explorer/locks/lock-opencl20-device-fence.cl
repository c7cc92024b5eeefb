//pass
//--local_size=1 --num_groups=2
//explore: bounded
// The same lock shared by two work-groups, with OpenCL 2.0 fences of device
// scope around the critical section.
// Right: atomic_work_item_fence with memory_scope_device orders the critical
// sections across work-groups (fence-fence synchronization through the lock).
__kernel void lock_device_fence(volatile __global int* lock, __global int* total, __global const int* in) {
  while (atomic_cmpxchg(lock, 0, 1) != 0) {
  }
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  *total = *total + in[get_group_id(0)];
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  atomic_xchg(lock, 0);
}
