//pass
//--blockDim=64 --gridDim=1
// A precondition written with __implies is honoured: with more than one
// thread the stride is positive, so the writes are distinct. Without it
// (requires-unread-builtin-racy.cu) a stride of 0 makes every thread write
// A[0]. threadIdx.x * s is an unsigned product, which wraps around 2^32
// (s = 2^30 sends thread 4 to A[0] too), so the precondition bounds s.
__global__ void strided(int *A, int s) {
#ifdef __RACECERT__
  __requires(__implies(blockDim.x > 1, s >= 1 && s <= 65536));
#endif
  A[threadIdx.x * s] = threadIdx.x;
}
