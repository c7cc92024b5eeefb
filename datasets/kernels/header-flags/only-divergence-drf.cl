//pass
//--local_size=128 --num_groups=4 --only-divergence
// The header asks for the divergence check only (GPUVerify's
// --only-divergence): every work-item writes its id to total[0], a race the
// check is told not to look for; the barrier is reached by every work-item.
kernel void last_writer(global int *total, local int *scratch) {
  scratch[get_local_id(0)] = get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  total[0] = scratch[(get_local_id(0) + 1) % get_local_size(0)];
}
