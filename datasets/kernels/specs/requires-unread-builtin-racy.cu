//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// A precondition over a builtin the analysis does not read (__other_int:
// the value in the other thread) is dropped as a whole, never half-read:
// the kernel is checked without it, and a stride of 0 makes threads 0 and
// 1 both write A[0].
__global__ void strided_unread(int *A, int s) {
#ifdef __RACECERT__
  __requires(s >= 1 && __other_int(s) == s);
#endif
  A[threadIdx.x * s] = threadIdx.x;
}
