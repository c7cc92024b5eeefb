//pass
//--local_size=64 --num_groups=4
// A device-wide maximum with compare-exchange (default scope: device) and
// a plain atomic load: every access to the cell is an atomic in scope.
__kernel void global_max(__global atomic_int *best, __global const int *values) {
  int v = values[get_global_id(0)];
  int seen = atomic_load(best);
  while (v > seen && !atomic_compare_exchange_strong(best, &seen, v)) {
  }
}
