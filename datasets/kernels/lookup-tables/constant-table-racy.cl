//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// The same with two non-zero entries: work-items 7 and 9 of a group both
// write out[group] with different values.
__constant int enabled[64] = {[7] = 1, [9] = 1};

__kernel void flag_one(__global int *out) {
  if (enabled[get_local_id(0)] != 0) out[get_group_id(0)] = (int)get_local_id(0);
}
