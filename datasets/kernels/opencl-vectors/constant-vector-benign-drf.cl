//pass
//--local_size=64 --num_groups=4
// Every work-group writes the same constant vector to out[lid]: writes of
// one value by different work-items are benign (as GPUVerify counts them).

__kernel void fill(__global float4 *out) {
  float4 r;
  r = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
  out[get_local_id(0)] = r;
}
