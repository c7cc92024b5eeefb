//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[2,2]
// The row is y / 2: work-items (x, 2k) and (x, 2k+1) write the same
// element of out (different values).

__kernel void grid(__global int *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1) / 2);
  out[p.y * 16 + p.x] = get_global_id(1);
}
