//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
// Work-item 2k writes .lo of v[k] (s0..s3) and work-item 2k+1 writes .s3 of
// it: they share component s3.

__kernel void lo_and_s3(__global float8 *v) {
  uint gid = get_global_id(0);
  uint k = gid / 2;
  if (gid % 2 == 0) v[k].lo = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
  else v[k].s3 = 5.0f;
}
