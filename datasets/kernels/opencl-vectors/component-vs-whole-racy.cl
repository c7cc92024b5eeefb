//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// Work-item 2k writes the whole v[k] while work-item 2k+1 writes its .y:
// the .y bytes are inside the whole vector.

__kernel void whole_and_component(__global float4 *v) {
  uint gid = get_global_id(0);
  if (gid % 2 == 0) v[gid / 2] = (float4)(0.0f, 1.0f, 2.0f, 3.0f);
  else v[gid / 2].y = 2.0f;
}
