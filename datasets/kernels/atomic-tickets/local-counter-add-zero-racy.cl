//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// OpenCL: work-item 0 adds 0, so it may get the same slot as the work-item
// whose increment comes right after its call.
__kernel void slots_wrong(__global int *out) {
  __local unsigned count;
  __local int buf[64];
  if (get_local_id(0) == 0) count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned slot = get_local_id(0) == 0 ? atomic_add(&count, 0) : atomic_add(&count, 1);
  buf[slot] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[get_local_id(0)];
}
