//pass
//--local_size=64 --num_groups=4
// Two work-items write different components of one float4: work-item 2k
// writes .x and work-item 2k+1 writes .y of v[k] (different bytes).

__kernel void split_components(__global float4 *v) {
  uint gid = get_global_id(0);
  if (gid % 2 == 0) v[gid / 2].x = 1.0f;
  else v[gid / 2].y = 2.0f;
}
