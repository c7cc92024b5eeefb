//pass
//--blockDim=128 --gridDim=8
// An instrumented kernel in the style of race-detection tools (HiRace,
// iGUARD): a wrapper class keeps the array's pointer in a member and
// forwards every access through operator[], which returns a reference.
template <typename T>
struct Checked {
  T *base;
  int accesses;
  __device__ Checked(T *p) : base(p), accesses(0) {}
  __device__ T &operator[](int i) {
    ++accesses;
    return base[i];
  }
};

__global__ void scale_checked(float *data, float k) {
  Checked<float> a(data);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = k * a[i];
}
