//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
//explore: racy
// An OpenCL 2.0 spin lock: every work-item takes it with
// atomic_compare_exchange_strong_explicit and releases it with
// atomic_store_explicit, both at device scope, around a plain increment of
// a shared counter.
// Bug: the unlock store is relaxed: the next owner synchronizes with
// nothing and the increments race.
__kernel void lock_cas_relaxed_unlock(__global atomic_int* lock, __global int* counter) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire, memory_order_relaxed,
                                                  memory_scope_device)) {
    expected = 0;
  }
  *counter = *counter + 1;
  atomic_store_explicit(lock, 0, memory_order_relaxed, memory_scope_device);
}
