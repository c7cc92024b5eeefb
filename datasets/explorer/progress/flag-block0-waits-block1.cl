//pass
//--local_size=1 --num_groups=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=hangs hsa=hangs hsa-obe=hangs unfair=hangs
// OpenCL: one work-group spins on a flag set by another, group 0 waits for
// group 1.
// Right under fair scheduling: group 1 raises the flag.
// Hangs under OBE, LOBE, HSA and HSA+OBE: group 0 may spin while group 1
// never starts.
__kernel void flag_group0_waits_group1(volatile __global int* flag, __global int* out) {
  if (get_group_id(0) == 1) {
    atomic_xchg(flag, 1);
  } else {
    while (atomic_add(flag, 0) == 0) {
    }
    out[0] = 1;
  }
}
