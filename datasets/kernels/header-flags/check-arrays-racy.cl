//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --vcgen-opt=/checkArrays:in,out
// `out` is checked and races: work-item i writes out[i + 1] while work-item
// i + 1 reads out[i + 1] to add it to its own element.
kernel void smooth(global const float *in, global float *out) {
  size_t i = get_global_id(0);
  out[i + 1] = in[i];
  out[i] += in[i];
}
