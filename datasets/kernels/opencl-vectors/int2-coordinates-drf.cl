//pass
//--local_size=[8,8] --num_groups=[2,2]
// The index comes from the components of a private int2 built from the
// global ids: each work-item writes its own element of the 16x16 grid.

__kernel void grid(__global int *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  out[p.y * 16 + p.x] = p.x + p.y;
}
