//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[4,4]
// Every work-item of a row writes pixel (0, y) of the write-only image.

__kernel void first_column(__read_only image2d_t src, __write_only image2d_t dst) {
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  uint4 c = read_imageui(src, smp, (int2)(get_global_id(0), get_global_id(1)));
  write_imageui(dst, (int2)(0, get_global_id(1)), c);
}
