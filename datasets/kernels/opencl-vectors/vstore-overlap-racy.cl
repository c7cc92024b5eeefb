//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// Work-item g writes elements [4g, 4g+4) with vstore4 and then [4g+4, 4g+6)
// with vstore2 at offset 2g+2: those are the first two elements that
// work-item g+1 writes with its vstore4.

__kernel void overlap(__global float *data) {
  uint gid = get_global_id(0);
  vstore4((float4)(1.0f), gid, data);
  vstore2((float2)(2.0f), 2 * gid + 2, data);
}
