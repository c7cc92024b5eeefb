//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// OpenCL: the barrier between the zeroing and the increments orders only
// global memory, so the local counter's zeroing races with the increments
// and two work-items may get slot 0.
__kernel void slots_wrong_fence(__global int *out) {
  __local unsigned count;
  __local int buf[64];
  if (get_local_id(0) == 0) count = 0;
  barrier(CLK_GLOBAL_MEM_FENCE);
  buf[atomic_inc(&count)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[get_local_id(0)];
}
