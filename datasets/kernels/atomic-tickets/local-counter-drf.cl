//pass
//--local_size=64 --num_groups=4
// OpenCL: one work-item zeroes a local counter, a barrier, then every
// work-item takes a slot with atomic_inc.
__kernel void slots(__global int *out) {
  __local unsigned count;
  __local int buf[64];
  if (get_local_id(0) == 0) count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[atomic_inc(&count)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[get_local_id(0)];
}
