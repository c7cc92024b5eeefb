//pass
//--blockDim=64 --gridDim=4
// GPUVerify annotations that only state or check invariants compile and
// change nothing: a loop invariant in the loop's condition, a barrier
// invariant with two index arguments, a function-wide invariant, access
// predicates in assertions. (Inside #ifdef __RACECERT__, which racecert
// defines, so that nvcc compiles the file too; see the README.)
__global__ void scale_rows(float *data, int n) {
#ifdef __RACECERT__
  __requires(n == 8);
  __function_wide_invariant(__no_read(data) || __read(data));
#endif
  __shared__ float tile[64];
  tile[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
#ifdef __RACECERT__
  __barrier_invariant_2(tile[threadIdx.x] == tile[threadIdx.x], threadIdx.x, (threadIdx.x + 1) % 64);
#endif
  __syncthreads();
  for (int i = 0;
#ifdef __RACECERT__
       __invariant(i >= 0), __global_invariant(__write_implies(data, true)), __candidate_invariant(i <= n),
#endif
       i < n; ++i) {
    data[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + i) % 64] * 2.0f;
  }
#ifdef __RACECERT__
  __assert(__implies(threadIdx.x < 64, true));
  __ensures(__uniform_int(n));
#endif
}
