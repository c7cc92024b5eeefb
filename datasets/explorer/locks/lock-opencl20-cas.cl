//pass
//--local_size=2 --num_groups=2
//explore: bounded
//progress: fair=terminates obe=terminates lobe=terminates hsa=hangs hsa-obe=terminates unfair=hangs (every work-item of a started work-group runs, so the holder releases the lock; HSA owes progress to the lowest live work-group only)
//progress: obe=terminates lobe=terminates --max-resident-blocks 1
// An OpenCL 2.0 spin lock: every work-item takes it with
// atomic_compare_exchange_strong_explicit and releases it with
// atomic_store_explicit, both at device scope, around a plain increment of
// a shared counter.
// Right: the release store synchronizes with the next owner's acquire
// compare-exchange, so the increments are ordered.
__kernel void lock_cas(__global atomic_int* lock, __global int* counter) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire, memory_order_relaxed,
                                                  memory_scope_device)) {
    expected = 0;
  }
  *counter = *counter + 1;
  atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
}
