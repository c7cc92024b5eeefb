//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// OpenCL grid-stride loop striding by the work-group size: work-item 0 of
// group 0 reaches i = 64 in its second iteration, the first element of
// work-item 0 of group 1; both read and write y[64] (n > 64).

__kernel void axpy_wrong_stride(int n, float a, __global const float *x, __global float *y) {
  for (int i = get_global_id(0); i < n; i += get_local_size(0))
    y[i] = a * x[i] + y[i];
}
