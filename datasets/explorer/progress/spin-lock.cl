//pass
//--local_size=1 --num_groups=2
//explore: bounded
//progress: fair=terminates obe=terminates lobe=terminates hsa=hangs hsa-obe=terminates unfair=hangs
// OpenCL 2.0: a spin lock (acquire compare-exchange, release store at
// device scope) taken by each work-group around an increment.
// Right under fair scheduling, OBE, LOBE and HSA+OBE: a group spins only
// while the other, started, group holds the lock.
// Hangs under HSA: group 1 may hold the lock while group 0 spins.
__kernel void spin_lock_cl(__global atomic_int* lock, __global int* counter) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire, memory_order_relaxed,
                                                  memory_scope_device)) {
    expected = 0;
  }
  counter[0] = counter[0] + 1;
  atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
}
