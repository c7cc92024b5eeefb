//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --only-intra-group
// As only-intra-group-drf.cl, but two work-items of one group share a
// cell: a race inside the group, which the flag still checks.
__kernel void per_group_scratch_halved(__global int *scratch) {
  scratch[get_local_id(0) / 2] = (int)get_local_id(0);
}
