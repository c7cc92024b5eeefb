//pass
//--local_size=1 --num_groups=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs
// OpenCL: one work-group spins on a flag set by another, group 1 waits for
// group 0.
// Right under fair scheduling, LOBE, HSA and HSA+OBE: group 0 is
// guaranteed to run and raises the flag.
// Hangs under OBE: group 1 may spin while group 0 never starts.
__kernel void flag_group1_waits_group0(volatile __global int* flag, __global int* out) {
  if (get_group_id(0) == 0) {
    atomic_xchg(flag, 1);
  } else {
    while (atomic_add(flag, 0) == 0) {
    }
    out[0] = 1;
  }
}
