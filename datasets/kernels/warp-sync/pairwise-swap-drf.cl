//pass
//--local_size=64 --num_groups=4 --warp-sync=32
// Each work-item swaps with its neighbour (lane ^ 1 written as lane + 1 or
// lane - 1) through local memory in one statement: the loads of the
// lock-step warp precede its stores, and every write is the item's own
// cell. DRF under --warp-sync=32 (racy without it).

__kernel void pairwise_swap(__global int *a) {
  __local int v[64];
  int lid = get_local_id(0);
  int gid = get_group_id(0) * 64 + lid;
  v[lid] = a[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  v[lid] = v[lid % 2 == 0 ? lid + 1 : lid - 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[gid] = v[lid];
}
