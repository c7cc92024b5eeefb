//pass
//--local_size=1 --num_groups=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs (check: deadlock under OBE, group 1 may spin on group 0's flag while group 0 never starts)
// Message passing between work-groups with OpenCL 2.0 atomics: group 0
// writes a value and stores a flag with release order, group 1 loads the
// flag with acquire order until it is set and copies the value.
// Right: release/acquire at device scope orders the data accesses.
__kernel void mp_opencl20(__global int* data, __global atomic_int* flag, __global int* out) {
  if (get_group_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
  } else {
    while (atomic_load_explicit(flag, memory_order_acquire, memory_scope_device) == 0) {
    }
    out[0] = data[0];
  }
}
