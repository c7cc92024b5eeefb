//pass
//--local_size=64 --num_groups=4 --kernel-args=select_branch,1
// The header fixes the scalar argument `mode` to 1 (GPUVerify's
// --kernel-args): only the branch with one cell per work-item runs.
__kernel void select_branch(__global int *out, int mode) {
  if (mode == 1) out[get_global_id(0)] = 1;
  else out[0] = (int)get_global_id(0);
}
