//pass
//--local_size=2 --num_groups=2
//explore: bounded
// Every work-item counts itself in one global counter with an OpenCL 2.0
// atomic_fetch_add_explicit of memory_scope_device.
// Right: device scope covers every work-item of the launch.
__kernel void device_counter(__global atomic_int* counter) {
  atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_device);
}
