//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// Work-group 0 writes (1,2,3,4) and the others (1,2,3,5) to out[lid]: two
// different values written to one element by different work-items.

__kernel void fill(__global float4 *out) {
  float4 r = (float4)(1.0f, 2.0f, 3.0f, 5.0f);
  if (get_group_id(0) == 0) r = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
  out[get_local_id(0)] = r;
}
