//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Array of structs where the neighbour write hits the same field: thread i
// writes P[i+1].a = 2 * in[i] while thread i+1 writes P[i+1].a = in[i+1]
// (for i = 127 the two threads are in different blocks). Needs n >= 4.

struct Pair {
  float a;
  float b;
};

__global__ void fill_pairs_same_field(Pair *P, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 2 < n) {
    P[i].a = in[i];
    P[i + 1].a = 2.0f * in[i];
  }
}
