//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// Work-item g reads elements [4g+4, 4g+8) with vload4 at offset g+1, which
// work-item g+1 writes with its vstore4.

__kernel void neighbour(__global float *data) {
  uint gid = get_global_id(0);
  float4 v = vload4(gid + 1, data);
  vstore4(v, gid, data);
}
