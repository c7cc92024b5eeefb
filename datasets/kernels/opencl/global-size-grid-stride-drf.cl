//pass
//--local_size=64 --global_size=1024
// OpenCL grid-stride loop with the NDRange given as a global size (1024
// work-items, 16 groups): work-item g handles i = g, g + 1024, ..., so each
// y[i] has one owner.

__kernel void axpy(int n, float a, __global const float *x, __global float *y) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    y[i] = a * x[i] + y[i];
}
