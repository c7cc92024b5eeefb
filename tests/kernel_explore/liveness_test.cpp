// Kernels under the progress models (kernel_explore/liveness.hpp) on
// kernel-IR fixtures: blocks as the units, the occupancy on OBE and LOBE.
#include <gtest/gtest.h>

#include "kernel_explore/liveness.hpp"
#include "kernel_ir/parser.hpp"

using namespace racecert;
using namespace racecert::kexplore;

namespace {

Options one_dim_launch(std::int64_t block, std::int64_t grid) {
  Options o;
  o.inputs.block_dim = Dim3{block, 1, 1};
  o.inputs.grid_dim = Dim3{grid, 1, 1};
  o.inputs.launch_given = true;
  return o;
}

const char* kStores = R"(cuda kernel k {
  array global int out<4>[] (parameter);
  store out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
)";

}  // namespace

TEST(KernelLiveness, BlocksAreTheUnits) {
  LoweredKernel l = lower(kir::parse_kernel(kStores, "k.kir"), one_dim_launch(3, 2).inputs);
  EXPECT_EQ(l.unit_of_thread(), (std::vector<int>{0, 0, 0, 1, 1, 1}));
  l = lower(kir::parse_kernel(kStores, "k.kir"), one_dim_launch(1, 4).inputs);
  EXPECT_EQ(l.unit_of_thread(), (std::vector<int>{0, 1, 2, 3}));
}

TEST(KernelLiveness, OccupancyIsOnObeAndLobeOnly) {
  std::vector<progress::ModelSpec> specs = kernel_models(2);
  ASSERT_EQ(specs.size(), 6u);
  for (const auto& s : specs) {
    EXPECT_EQ(s.fairness, progress::Fairness::Weak);
    EXPECT_EQ(s.occupancy, progress::uses_occupancy(s.model) ? 2u : 0u) << progress::model_name(s.model);
  }
}

TEST(KernelLiveness, AVerdictPerSpecAndTheLoweringNotes) {
  KernelLiveness r = check_kernel_liveness(kir::parse_kernel(kStores, "k.kir"), one_dim_launch(1, 2), kernel_models(0));
  EXPECT_EQ(r.status, Status::Bounded);
  ASSERT_EQ(r.verdicts.size(), 6u);
  EXPECT_EQ(r.verdicts[2].spec.model, progress::Model::Obe);
  // Straight-line code has no cycle: it terminates under every model, even
  // the unfair one (weak fairness: no non-trivial component to loop in).
  for (const auto& v : r.verdicts)
    EXPECT_EQ(v.termination, Termination::Terminates) << progress::model_name(v.spec.model) << ": " << v.reason;
  EXPECT_FALSE(r.notes.empty());
}
