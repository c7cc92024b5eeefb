//pass
//--blockDim=[8,8,4] --gridDim=[4,4,4] -DNX=32 -DNY=32 -DNZ=16
// One explicit heat-equation step on an NX x NY x NZ grid with 3D blocks
// (threadIdx.x/y/z): each interior thread reads its 7-point neighbourhood
// of `in` and writes its own cell out[x + NX*(y + NY*z)], one writer each.

__global__ void heat_3d(const float *in, float *out, float alpha) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x > 0 && x < NX - 1 && y > 0 && y < NY - 1 && z > 0 && z < NZ - 1) {
    int c = x + NX * (y + NY * z);
    float lap = in[c - 1] + in[c + 1] + in[c - NX] + in[c + NX] +
                in[c - NX * NY] + in[c + NX * NY] - 6.0f * in[c];
    out[x + NX * (y + NY * z)] = in[c] + alpha * lap;
  }
}
