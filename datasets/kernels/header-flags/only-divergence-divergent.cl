//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=4 --only-divergence
// Divergence is checked even with --only-divergence's race check off: the
// barrier sits under `flags[gid] != 0`, a value that differs per work-item.
kernel void guarded_barrier(global const int *flags, local int *scratch, global int *out) {
  int gid = get_global_id(0);
  scratch[get_local_id(0)] = gid;
  if (flags[gid] != 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[gid] = scratch[get_local_id(0)];
}
