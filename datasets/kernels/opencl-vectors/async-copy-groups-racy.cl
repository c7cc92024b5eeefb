//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// Every work-group copies its local tile to the same 64 elements of out:
// copies of different groups write the same elements.

__kernel void gather(__global float *out) {
  __local float tile[64];
  tile[get_local_id(0)] = get_group_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out, tile, 64, 0);
  wait_group_events(1, &e);
}
