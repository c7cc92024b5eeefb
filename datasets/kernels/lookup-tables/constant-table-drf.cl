//pass
//--local_size=64 --num_groups=4
// An OpenCL program-scope __constant table is immutable: a work-item
// writes only where the table's entry for it is non-zero, and the table
// has a single non-zero entry.
__constant int enabled[64] = {[7] = 1};

__kernel void flag_one(__global int *out) {
  if (enabled[get_local_id(0)] != 0) out[get_group_id(0)] = (int)get_local_id(0);
}
