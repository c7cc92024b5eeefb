//pass
//--local_size=64 --num_groups=8 --vcgen-opt=/checkArrays:out
// Only `out` is checked (GPUVerify's /checkArrays): each work-item writes
// its own element of it. The race on `log` (every work-item writes log[0])
// is outside what the header asks for.
kernel void scale(global const float *in, global float *out, global int *log, float k) {
  size_t i = get_global_id(0);
  out[i] = k * in[i];
  log[0] = (int)i;
}
