//pass
//--local_size=64 --num_groups=4
// int4 components through .sN, a constant subscript and a swizzle of a
// register vector: each work-item writes component gid%4 of element gid/4,
// and the integer it reads back indexes its own element of out.

__kernel void by_subscript(__global int4 *v, __global int *out) {
  uint gid = get_global_id(0);
  uint k = gid / 4;
  int4 r = (int4)(gid, 1, 2, 3);
  switch (gid % 4) {
    case 0: v[k].s0 = r.x; break;
    case 1: v[k][1] = r.y; break;
    case 2: v[k].z = r.z; break;
    default: v[k].w = r.w; break;
  }
  out[gid] = convert_int(gid);
}
