//pass
//--blockDim=4 --gridDim=1
// The same scaling with 4 threads: 3 * 2^30 still wraps to a negative int,
// but the four values stay distinct modulo 2^32, and so do their top bits.
// The racy twin is signed-shift-wraps-racy.cu.
__global__ void scaled(int *slot) {
  int t = threadIdx.x;
  int scaled = t * 1073741824;
  slot[scaled >> 30 & 7] = t;
}
