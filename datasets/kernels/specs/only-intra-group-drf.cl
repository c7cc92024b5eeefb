//pass
//--local_size=64 --num_groups=8 --only-intra-group
// Every group writes the same 64 cells: a race between groups, which
// --only-intra-group (GPUVerify's) asks not to check; within a group each
// work-item has its own cell.
__kernel void per_group_scratch(__global int *scratch) {
  scratch[get_local_id(0)] = (int)get_group_id(0);
}
