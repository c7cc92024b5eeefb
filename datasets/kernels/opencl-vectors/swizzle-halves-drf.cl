//pass
//--local_size=64 --num_groups=2
// Each work-item owns one half of a float8 (.lo or .hi), written through a
// swizzle and read back through .s0123 / .s4567 of the same half.

__kernel void halves(__global float8 *v, __global float *out) {
  uint gid = get_global_id(0);
  uint k = gid / 2;
  if (gid % 2 == 0) {
    v[k].lo = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    out[gid] = v[k].s0123.w;
  } else {
    v[k].hi = (float4)(5.0f);
    out[gid] = v[k].s4567.x;
  }
}
