//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// As wrapper-class-drf.cu, but each thread also writes its right
// neighbour's element through the wrapper.
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

__global__ void scale_checked_neighbour(float *data, float k) {
  Checked<float> a(data);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i + 1] = k * a[i];
}
