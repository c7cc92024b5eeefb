//pass
//--blockDim=128 --gridDim=4
// Array of structs in global memory: thread i writes P[i].a and P[i+1].b.
// Fields are separate locations, so thread i's P[i+1].b never meets thread
// i+1's P[i+1].a; each (element, field) has exactly one writer in the grid.

struct Pair {
  float a;
  float b;
};

__global__ void fill_pairs(Pair *P, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) {
    P[i].a = in[i];
    P[i + 1].b = 2.0f * in[i];
  }
}
