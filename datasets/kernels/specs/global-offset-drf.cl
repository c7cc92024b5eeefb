//pass
//--local_size=64 --num_groups=4 --global_offset=64
// Launched with a global work offset of 64 (the header's --global_offset):
// every global id is at least 64, so the branch that makes all work-items
// write out[0] never runs.
__kernel void offset_ids(__global int *out) {
  size_t g = get_global_id(0);
  if (g >= get_global_offset(0)) out[g - 64] = 1;
  else out[0] = (int)g;
}
