//pass
//--local_size=64 --num_groups=4
// OpenCL double-buffered Hillis-Steele inclusive scan per work-group: the
// buffer index pout = 1 - pout is the same in every work-item, each step
// reads half pin and writes half pout, and a barrier closes each step.

__kernel void scan_groups(__global const float *in, __global float *out) {
  __local float temp[2 * 64];
  uint lid = get_local_id(0);
  uint n = get_local_size(0);
  uint gid = get_global_id(0);
  int pout = 0, pin = 1;
  temp[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    float v = temp[pin * n + lid];
    if (lid >= offset)
      v += temp[pin * n + lid - offset];
    temp[pout * n + lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[gid] = temp[pout * n + lid];
}
