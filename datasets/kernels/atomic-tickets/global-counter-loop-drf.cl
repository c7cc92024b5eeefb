//pass
//--local_size=64 --num_groups=8
// OpenCL: tickets of a global counter drawn in a loop, written to a global
// array.
__kernel void emit(__global unsigned *count, __global int *out, int n) {
  for (int k = 0; k < n; ++k) {
    unsigned slot = atomic_inc(count);
    out[slot] = k;
  }
}
