//pass
//--blockDim=64 --gridDim=1
// The same guard with a signed neighbour: thread 0's left is -1, which the
// guard rejects explicitly, and only thread 0 takes the else branch; thread
// 1 writes border[1]. The racy twin is unsigned-minus-one-racy.cu.
__global__ void left_neighbour(int *border, const int *in) {
  int left = (int)threadIdx.x - 1;
  if (left >= 0 && left < (int)blockDim.x) {
    if (threadIdx.x == 1) border[1] = in[left];
  } else {
    border[0] = -1;
  }
}
