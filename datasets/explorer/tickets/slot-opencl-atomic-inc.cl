//pass
//--local_size=2 --num_groups=2
//explore: bounded
// Stream compaction in OpenCL 1.2: each work-item draws a slot with
// atomic_inc on a global counter and writes its id there.
// Right: atomic_inc hands out distinct slots.
__kernel void slot_atomic_inc(volatile __global int* count, __global int* out) {
  int slot = atomic_inc(count);
  out[slot] = get_global_id(0);
}
