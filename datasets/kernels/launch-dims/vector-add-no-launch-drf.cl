//pass
// no launch on purpose: an NDRange with sizes 1 in dimensions 1 and 2
// OpenCL vector addition: work-item get_global_id(0) writes c[i] only. The
// kernel reads no dimension 1 or 2 (get_global_id(0) is
// blockIdx.x * blockDim.x + threadIdx.x), so it is checked with local and
// group sizes 1 there.
__kernel void vadd(int n, __global const float *a, __global const float *b, __global float *c) {
  size_t i = get_global_id(0);
  if (i < n)
    c[i] = a[i] + b[i];
}
