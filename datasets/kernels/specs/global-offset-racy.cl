//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --global_offset=32
// As global-offset-drf.cl, but launched with an offset of 32: the first 32
// work-items take the branch where all of them write out[0].
__kernel void offset_ids_short(__global int *out) {
  size_t g = get_global_id(0);
  if (g >= 64) out[g - 64] = 1;
  else out[0] = (int)g;
}
