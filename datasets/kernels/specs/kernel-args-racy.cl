//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --kernel-args=select_branch_other,2
// As kernel-args-drf.cl, with `mode` fixed to 2: every work-item writes
// out[0].
__kernel void select_branch_other(__global int *out, int mode) {
  if (mode == 1) out[get_global_id(0)] = 1;
  else out[0] = (int)get_global_id(0);
}
