//pass
//--local_size=64 --num_groups=8
// An OpenCL file-scope axiom: work-groups of 64 work-items.
__axiom(get_local_size(0) == 64);

__kernel void fill_groups(__global int *out) {
  out[get_group_id(0) * 64 + get_local_id(0)] = 1;
}
