//xfail:NOT_ALL_VERIFIED
// no launch on purpose: dimension 1 is read and stays symbolic
// Work-items (0,0) and (0,1) both write c[0], with b[0] and b[1]:
// get_global_id(1) reads dimension 1, so its sizes are not assumed 1.
__kernel void gather(__global const float *b, __global float *c) {
  c[get_global_id(0)] = b[get_global_id(1)];
}
