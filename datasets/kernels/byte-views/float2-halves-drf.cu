//pass
//--blockDim=64 --gridDim=1
// Threads 2i and 2i + 1 write the two float2 halves of float4 number i;
// after the barrier each thread reads a whole float4.
__global__ void float2_halves(float *f, float *out) {
  ((float2 *)f)[threadIdx.x] = make_float2(1, 2);
  __syncthreads();
  float4 v = ((float4 *)f)[threadIdx.x / 2];
  out[threadIdx.x] = v.x + v.w;
}
