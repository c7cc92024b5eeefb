// The rest of the device functions nvcc's headers declare (racecert's own
// declarations; included by racecert_cuda.h, inside its host-device
// region). tests/frontend/cuda_device_functions.txt lists every name nvcc
// declares and tests/frontend/device_functions_test.cpp checks that the
// bundled headers declare each one (docs/frontend.md, "Device functions").
//
// Pure functions are declarations: a call is an unknown value and no
// access. Those that write through a pointer (__sincosf, frexp,
// __match_all_sync, __vibmax_s32, ...) store an unknown value there
// (frontend/lower_builtins.cpp); those that only look at a pointer
// (__cvta_generic_to_shared, __isShared, ...) access nothing. Functions
// that synchronize have bodies here that say so in terms the front end
// already reads.
#ifndef RACECERT_DEVICE_FUNCTIONS_H
#define RACECERT_DEVICE_FUNCTIONS_H

// ------------------------------------------------ conversions, old and new
enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
#define RACECERT_ROUNDED(R) \
  __device__ unsigned long long __double2ull_##R(double x); __device__ double __ull2double_##R(unsigned long long x); \
  __device__ float __fmaf_ieee_##R(float x, float y, float z);
RACECERT_ROUNDED(rn) RACECERT_ROUNDED(rz) RACECERT_ROUNDED(ru) RACECERT_ROUNDED(rd)
#undef RACECERT_ROUNDED
__device__ double dmul(double a, double b, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double dadd(double a, double b, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double dsub(double a, double b, enum cudaRoundMode mode = cudaRoundNearest);
__device__ int double2int(double a, enum cudaRoundMode mode = cudaRoundZero);
__device__ unsigned int double2uint(double a, enum cudaRoundMode mode = cudaRoundZero);
__device__ long long double2ll(double a, enum cudaRoundMode mode = cudaRoundZero);
__device__ unsigned long long double2ull(double a, enum cudaRoundMode mode = cudaRoundZero);
__device__ double ll2double(long long a, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double ull2double(unsigned long long a, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double int2double(int a, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double uint2double(unsigned int a, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double float2double(float a, enum cudaRoundMode mode = cudaRoundNearest);
__device__ double fdivide(double x, double y);
__device__ float __tanhf(float x);
__device__ long long llmin(long long a, long long b);
__device__ long long llmax(long long a, long long b);
__device__ unsigned long long ullmin(unsigned long long a, unsigned long long b);
__device__ unsigned long long ullmax(unsigned long long a, unsigned long long b);

// ---------------------------------------------------------- classification
// glibc's math.h declares the double, float and long double helpers too
// (extern "C", noexcept): the declarations agree with it.
extern "C" {
__device__ int __isnan(double x) noexcept; __device__ int __isnanf(float x) noexcept; __device__ int __isnanl(long double x) noexcept;
__device__ int __isinf(double x) noexcept; __device__ int __isinff(float x) noexcept; __device__ int __isinfl(long double x) noexcept;
__device__ int __finite(double x) noexcept; __device__ int __finitef(float x) noexcept; __device__ int __finitel(long double x) noexcept;
__device__ int __signbit(double x) noexcept; __device__ int __signbitf(float x) noexcept; __device__ int __signbitl(long double x) noexcept;
__device__ int __isfinite(double x) noexcept; __device__ int __isfinitef(float x) noexcept;
__device__ int __isnand(double x) noexcept; __device__ int __isinfd(double x) noexcept;
__device__ int __isfinited(double x) noexcept; __device__ int __signbitd(double x) noexcept;
}
// Templates, so that <cmath>'s std::isnan (which <math.h> brings into the
// global namespace) are other overloads, preferred, not conflicting ones.
template <class T> __device__ bool isnan(T x);
template <class T> __device__ bool isinf(T x);
template <class T> __device__ bool isfinite(T x);
template <class T> __device__ bool signbit(T x);

// ------------------------------------------------- SIMD video instructions
#define RACECERT_UNARY(F) __device__ unsigned int F(unsigned int a);
#define RACECERT_BINARY(F) __device__ unsigned int F(unsigned int a, unsigned int b);
#define RACECERT_BOTH(M, F) M(F##2) M(F##4)
RACECERT_BOTH(RACECERT_UNARY, __vabs) RACECERT_BOTH(RACECERT_UNARY, __vabsss)
RACECERT_BOTH(RACECERT_UNARY, __vneg) RACECERT_BOTH(RACECERT_UNARY, __vnegss)
RACECERT_BOTH(RACECERT_BINARY, __vabsdiffs) RACECERT_BOTH(RACECERT_BINARY, __vabsdiffu)
RACECERT_BOTH(RACECERT_BINARY, __vadd) RACECERT_BOTH(RACECERT_BINARY, __vaddss) RACECERT_BOTH(RACECERT_BINARY, __vaddus)
RACECERT_BOTH(RACECERT_BINARY, __vavgs) RACECERT_BOTH(RACECERT_BINARY, __vavgu) RACECERT_BOTH(RACECERT_BINARY, __vhaddu)
RACECERT_BOTH(RACECERT_BINARY, __vcmpeq) RACECERT_BOTH(RACECERT_BINARY, __vcmpne)
RACECERT_BOTH(RACECERT_BINARY, __vcmpges) RACECERT_BOTH(RACECERT_BINARY, __vcmpgeu)
RACECERT_BOTH(RACECERT_BINARY, __vcmpgts) RACECERT_BOTH(RACECERT_BINARY, __vcmpgtu)
RACECERT_BOTH(RACECERT_BINARY, __vcmples) RACECERT_BOTH(RACECERT_BINARY, __vcmpleu)
RACECERT_BOTH(RACECERT_BINARY, __vcmplts) RACECERT_BOTH(RACECERT_BINARY, __vcmpltu)
RACECERT_BOTH(RACECERT_BINARY, __vseteq) RACECERT_BOTH(RACECERT_BINARY, __vsetne)
RACECERT_BOTH(RACECERT_BINARY, __vsetges) RACECERT_BOTH(RACECERT_BINARY, __vsetgeu)
RACECERT_BOTH(RACECERT_BINARY, __vsetgts) RACECERT_BOTH(RACECERT_BINARY, __vsetgtu)
RACECERT_BOTH(RACECERT_BINARY, __vsetles) RACECERT_BOTH(RACECERT_BINARY, __vsetleu)
RACECERT_BOTH(RACECERT_BINARY, __vsetlts) RACECERT_BOTH(RACECERT_BINARY, __vsetltu)
RACECERT_BOTH(RACECERT_BINARY, __vmaxs) RACECERT_BOTH(RACECERT_BINARY, __vmaxu)
RACECERT_BOTH(RACECERT_BINARY, __vmins) RACECERT_BOTH(RACECERT_BINARY, __vminu)
RACECERT_BOTH(RACECERT_BINARY, __vsads) RACECERT_BOTH(RACECERT_BINARY, __vsadu)
RACECERT_BOTH(RACECERT_BINARY, __vsub) RACECERT_BOTH(RACECERT_BINARY, __vsubss) RACECERT_BOTH(RACECERT_BINARY, __vsubus)
RACECERT_BINARY(__vimax_s16x2_relu) RACECERT_BINARY(__vimin_s16x2_relu)
#undef RACECERT_BOTH
#undef RACECERT_BINARY
#undef RACECERT_UNARY
// Three operands (max/min of three, add then max/min), 32-bit and 16x2.
#define RACECERT_THREE(F) \
  __device__ int F##_s32(int a, int b, int c); __device__ unsigned int F##_u32(unsigned int a, unsigned int b, unsigned int c); \
  __device__ unsigned int F##_s16x2(unsigned int a, unsigned int b, unsigned int c); \
  __device__ unsigned int F##_u16x2(unsigned int a, unsigned int b, unsigned int c);
RACECERT_THREE(__vimax3) RACECERT_THREE(__vimin3) RACECERT_THREE(__viaddmax) RACECERT_THREE(__viaddmin)
#undef RACECERT_THREE
#define RACECERT_RELU3(F) \
  __device__ int F##_s32_relu(int a, int b, int c); \
  __device__ unsigned int F##_s16x2_relu(unsigned int a, unsigned int b, unsigned int c);
RACECERT_RELU3(__vimax3) RACECERT_RELU3(__vimin3) RACECERT_RELU3(__viaddmax) RACECERT_RELU3(__viaddmin)
#undef RACECERT_RELU3
__device__ int __vimax_s32_relu(int a, int b);
__device__ int __vimin_s32_relu(int a, int b);
// Max/min that also say which operand won, through `pred`.
__device__ int __vibmax_s32(int a, int b, bool* pred);
__device__ unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool* pred);
__device__ int __vibmin_s32(int a, int b, bool* pred);
__device__ unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool* pred);
__device__ unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo);
__device__ unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo);
__device__ unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo);
__device__ unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo);
__device__ int __dp2a_lo(int a, int b, int c);
__device__ unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c);
__device__ int __dp2a_lo(short2 a, char4 b, int c);
__device__ unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c);
__device__ int __dp2a_hi(int a, int b, int c);
__device__ unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c);
__device__ int __dp2a_hi(short2 a, char4 b, int c);
__device__ unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c);

// ------------------------------------------------------------ warp-level
#define RACECERT_MATCH(T) \
  __device__ unsigned int __match_any_sync(unsigned mask, T value); \
  __device__ unsigned int __match_all_sync(unsigned mask, T value, int* pred);
RACECERT_MATCH(unsigned) RACECERT_MATCH(int) RACECERT_MATCH(unsigned long) RACECERT_MATCH(long)
RACECERT_MATCH(unsigned long long) RACECERT_MATCH(long long) RACECERT_MATCH(float) RACECERT_MATCH(double)
#undef RACECERT_MATCH
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_min_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_max_sync(unsigned mask, unsigned value);
__device__ int __reduce_add_sync(unsigned mask, int value);
__device__ int __reduce_min_sync(unsigned mask, int value);
__device__ int __reduce_max_sync(unsigned mask, int value);
__device__ unsigned __reduce_and_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_or_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_xor_sync(unsigned mask, unsigned value);
__device__ unsigned __fns(unsigned mask, unsigned base, int offset);
__device__ int __uni_sync(unsigned mask, int pred);

// -------------------------------------------------------------- barriers
// Named barriers: the PTX they stand for, which the front end reads.
inline __device__ void __barrier_sync(unsigned id) { asm volatile("barrier.sync %0;" : : "r"(id) : "memory"); }
inline __device__ void __barrier_sync_count(unsigned id, unsigned count) {
  asm volatile("barrier.sync %0, %1;" : : "r"(id), "r"(count) : "memory");
}
// The old spellings of the block barriers with a predicate.
inline __device__ int syncthreads_count(bool pred) { return __syncthreads_count(pred); }
inline __device__ bool syncthreads_and(bool pred) { return __syncthreads_and(pred); }
inline __device__ bool syncthreads_or(bool pred) { return __syncthreads_or(pred); }

// -------------------------------------------------------- address spaces
// Conversions and tests of generic addresses: they access nothing.
__device__ size_t __cvta_generic_to_global(const void* ptr);
__device__ size_t __cvta_generic_to_shared(const void* ptr);
__device__ size_t __cvta_generic_to_constant(const void* ptr);
__device__ size_t __cvta_generic_to_local(const void* ptr);
__device__ size_t __cvta_generic_to_grid_constant(const void* ptr);
__device__ void* __cvta_global_to_generic(size_t raw);
__device__ void* __cvta_shared_to_generic(size_t raw);
__device__ void* __cvta_constant_to_generic(size_t raw);
__device__ void* __cvta_local_to_generic(size_t raw);
__device__ void* __cvta_grid_constant_to_generic(size_t raw);
__device__ unsigned int __isGlobal(const void* ptr);
__device__ unsigned int __isShared(const void* ptr);
__device__ unsigned int __isConstant(const void* ptr);
__device__ unsigned int __isLocal(const void* ptr);
__device__ unsigned int __isGridConstant(const void* ptr);
__device__ unsigned __isCtaShared(const void* ptr);
__device__ unsigned __isClusterShared(const void* ptr);

// --------------------------------------------------------------- clusters
// racecert checks one block's threads and the grid's blocks; thread block
// clusters are not modelled: their barriers and fences are calls it does
// not read (fewer synchronizations: more races, never fewer), a pointer
// into another block's shared memory is one it cannot name.
__device__ void* __cluster_map_shared_rank(const void* ptr, unsigned target_block_rank);
__device__ unsigned __cluster_query_shared_rank(const void* ptr);
__device__ uint2 __cluster_map_shared_multicast(const void* ptr, unsigned cluster_cta_mask);
__device__ unsigned __clusterDimIsSpecified(void);
__device__ dim3 __clusterDim(void);
__device__ dim3 __clusterRelativeBlockIdx(void);
__device__ dim3 __clusterGridDimInClusters(void);
__device__ dim3 __clusterIdx(void);
__device__ unsigned __clusterRelativeBlockRank(void);
__device__ unsigned __clusterSizeInBlocks(void);
__device__ void __cluster_barrier_arrive(void);
__device__ void __cluster_barrier_arrive_relaxed(void);
__device__ void __cluster_barrier_wait(void);
__device__ void __threadfence_cluster(void);

// ------------------------------------------------------------------ misc
// 128-bit atomics through untyped pointers: calls on memory racecert does
// not follow (`unknown` on an array).
__device__ void __u128AtomicCAS(void* address, void* compare, void* value, void* old);
__device__ void __u128AtomicCAS_block(void* address, void* compare, void* value, void* old);
__device__ void __u128AtomicCAS_system(void* address, void* compare, void* value, void* old);
__device__ void __u128AtomicExch(void* address, void* value, void* old);
__device__ void __u128AtomicExch_block(void* address, void* value, void* old);
__device__ void __u128AtomicExch_system(void* address, void* value, void* old);
__device__ void __prof_trigger(int counter);
__device__ void __brkpt(void);
__device__ unsigned int __pm0(void);
__device__ unsigned int __pm1(void);
__device__ unsigned int __pm2(void);
__device__ unsigned int __pm3(void);

#endif  // RACECERT_DEVICE_FUNCTIONS_H
