//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8,4] --gridDim=[4,4,4] -DNX=32 -DNY=32 -DNZ=16
// 3D heat step whose output index uses the wrong z stride (NX instead of
// NX*NY): threads (x=1, y=2, z=1) and (x=1, y=1, z=2) both write
// out[1 + 3*NX], with values computed from different input cells.

__global__ void heat_3d(const float *in, float *out, float alpha) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x > 0 && x < NX - 1 && y > 0 && y < NY - 1 && z > 0 && z < NZ - 1) {
    int c = x + NX * (y + NY * z);
    float lap = in[c - 1] + in[c + 1] + in[c - NX] + in[c + NX] +
                in[c - NX * NY] + in[c + NX * NY] - 6.0f * in[c];
    out[x + NX * y + NX * z] = in[c] + alpha * lap;
  }
}
