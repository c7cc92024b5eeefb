// racecert's declarations of the cuRAND device API. A generator's state is
// memory the calls read and update; their results are unknown values.
#pragma once
struct curandStateXORWOW {
  unsigned int d;
  unsigned int v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandState;
typedef struct curandStateXORWOW curandState_t;
struct curandStatePhilox4_32_10 { unsigned int ctr[4]; unsigned int key[2]; unsigned int output[4]; int STATE; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a { unsigned int s1[3]; unsigned int s2[3]; };
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
// One MTGP32 generator serves a whole block of up to 256 threads: thread t
// uses its own slot t of it (frontend/lower_builtins.cpp).
struct mtgp32_kernel_params;
struct curandStateMtgp32 { unsigned int s[1024]; int offset; int pIdx; mtgp32_kernel_params* k; int precise_double_flag; };
typedef struct curandStateMtgp32 curandStateMtgp32_t;
#define RACECERT_CURAND(State) \
  __device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, State* state); \
  __device__ unsigned int curand(State* state); \
  __device__ float curand_uniform(State* state); \
  __device__ double curand_uniform_double(State* state); \
  __device__ float curand_normal(State* state); \
  __device__ double curand_normal_double(State* state); \
  __device__ float2 curand_normal2(State* state); \
  __device__ float curand_log_normal(State* state, float mean, float stddev); \
  __device__ unsigned int curand_poisson(State* state, double lambda);
RACECERT_CURAND(curandStateXORWOW)
RACECERT_CURAND(curandStatePhilox4_32_10)
RACECERT_CURAND(curandStateMRG32k3a)
RACECERT_CURAND(curandStateMtgp32)
RACECERT_CURAND(curandStateSobol32)
#undef RACECERT_CURAND
__device__ uint4 curand4(curandStatePhilox4_32_10_t* state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t* state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t* state);
