//pass
//--local_size=[8,8] --num_groups=[4,4]
// Each work-item reads a pixel of a read-only image with a sampler and
// writes its own pixel of a write-only image.

__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void copy(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(src, smp, at);
  write_imagef(dst, (int2)(get_global_id(0), get_global_id(1)), c);
}
