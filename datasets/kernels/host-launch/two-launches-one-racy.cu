//xfail:NOT_ALL_VERIFIED
// no header launch on purpose: the host code below launches scale<<<1, 128>>> and scale<<<NBLOCKS, 128>>>
// The kernel indexes by threadIdx.x only, which is right for the first
// launch (one block) and racy for the second (NBLOCKS = 4 blocks write the
// same out[threadIdx.x]). racecert checks the kernel for each launch the
// program makes; the report is racy, its race naming the second launch.
#define NBLOCKS 4

__global__ void scale(const float *in, float *out, float f) {
  out[threadIdx.x] = in[threadIdx.x] * f;
}

void run_scale(const float *in, float *out) {
  scale<<<1, 128>>>(in, out, 2.0f);
  scale<<<NBLOCKS, 128>>>(in, out, 0.5f);
}
