#pragma once
// The synthetic kernels of Claim 2 (Fig. 17 of the memory-access-protocols
// paper): five families, each a pattern repeated `size` times.
//
//   access       rd A[tid + n_i*T]; wr A[tid + i*T];        (n_i = 3i + 7, T = blockDim.x)
//   barrier      wr A[tid]; sync;
//   conditional  if (tid == i) { wr A[tid]; }
//   unsync-loop  for i_1 in 0..N { wr A[tid]; for i_2 in 0..N { wr A[tid]; ... } }
//   sync-loop    for i_1 in 0..N { wr A[tid]; sync; for i_2 in 0..N { wr A[tid]; sync; ... } }
//
// Every kernel is DRF by default. The racy variant adds one conflicting
// write at the end of the pattern (or in its innermost loop), so that a
// tool has to get through the whole kernel to find it:
//
//   access       wr A[tid + 1 + size*T]      after the last write A[tid + size*T]
//   barrier      wr A[tid + 1]               in the last phase, with A[tid]
//   conditional  if (tid == size) { wr A[tid - 1]; }   thread size-1 wrote A[size-1]
//   *-loop       wr A[tid + 1]               in the innermost body, with A[tid]
//
// Written values never coincide (a write of the same value could be
// reported as benign). The kernels are CUDA (.cu) with a GPUVerify header;
// the same protocols can be written as racecert .map files, which racecert
// checks today and which run the harness's growth pipeline end to end.
#include <string>
#include <vector>

namespace racecert::harness {

enum class SynthLanguage { Cuda, Protocol };

const std::vector<std::string>& synth_families();  // in the paper's order
bool is_synth_family(const std::string& name);

struct SynthKernel {
  std::string file_name;  // "access-12.cu", "sync-loop-3-racy.map"
  std::string text;
};

// Throws usage_error for an unknown family or a size outside 1..1000.
SynthKernel synthesize(const std::string& family, int size, bool racy, SynthLanguage lang);

}  // namespace racecert::harness
