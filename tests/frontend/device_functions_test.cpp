// Every device function nvcc's headers declare is declared by racecert's
// bundled headers (tests/frontend/cuda_device_functions.txt, made by
// scripts/cuda_device_functions.py; docs/frontend.md "Device functions"),
// and the ones that write through a pointer store there.
#include <fstream>

#include "tests/frontend/kir_util.hpp"

using namespace racecert;
using namespace racecert::fetest;

TEST(DeviceFunctions, EveryNameNvccDeclaresIsDeclared) {
  std::ifstream in(std::string(RACECERT_SOURCE_DIR) + "/tests/frontend/cuda_device_functions.txt");
  ASSERT_TRUE(in) << "cannot read the list";
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) names.push_back(line);
  ASSERT_GT(names.size(), 600u);  // the list of CUDA 13's headers
  // A using-declaration names every overload and template of a name, and
  // fails to compile when there is none.
  std::string source = "__global__ void k() {\n";
  for (const auto& n : names) source += "  using ::" + n + ";\n";
  source += "}\n";
  auto f = parse(source);
  const auto& k = kernel(f, "k");
  std::string missing;
  for (const auto& e : k.errors) missing += e.message + "\n";
  EXPECT_TRUE(k.errors.empty()) << k.errors.size() << " names not declared:\n" << missing;
}

TEST(DeviceFunctions, TheIssueExamplesCompileAndArePure) {
  auto f = parse(R"(__global__ void k(double *d, float *out) {
  double x = d[threadIdx.x];
  int hi = __double2hiint(x), lo = __double2loint(x);
  double y = __hiloint2double(hi, lo);
  y = __fma_rn(y, x, 1.0) + __dadd_rd(x, y) + __dmul_ru(x, 2.0) + __ddiv_rz(x, 3.0);
  out[threadIdx.x] = __fadd_rd(1.0f, 2.0f) + __float2int_rn(0.5f) + (float)y + __frcp_rn(2.0f);
}
)");
  const auto& k = kernel(f, "k");
  EXPECT_TRUE(k.errors.empty()) << (k.errors.empty() ? "" : k.errors[0].message);
  EXPECT_TRUE(all<kir::Unsupported>(k.kernel).empty());
  EXPECT_EQ(all<kir::Load>(k.kernel).size(), 1u);
  EXPECT_EQ(all<kir::Store>(k.kernel).size(), 1u);
}

TEST(DeviceFunctions, ResultPointersAreStores) {
  auto f = parse(R"(__global__ void k(float *a, double *d, int *e) {
  __shared__ float s[64], c[64];
  __sincosf(a[threadIdx.x], &s[threadIdx.x], &c[threadIdx.x]);
  float ls, lc;
  sincosf(1.0f, &ls, &lc);
  frexp(d[threadIdx.x], &e[threadIdx.x]);
  double ip;
  d[threadIdx.x] = modf(2.5, &ip) + ls + lc;
  remquof(1.0f, 2.0f, &e[threadIdx.x + 64]);
}
)");
  const auto& k = kernel(f, "k");
  EXPECT_TRUE(k.errors.empty()) << (k.errors.empty() ? "" : k.errors[0].message);
  EXPECT_TRUE(all<kir::Unsupported>(k.kernel).empty());
  std::vector<std::string> stored;
  for (const auto& st : all<kir::Store>(k.kernel)) stored.push_back(st.at.array + "[" + str(st.at.index[0]) + "]");
  std::vector<std::string> expected = {"s[threadIdx.x]", "c[threadIdx.x]", "e[e.offset + threadIdx.x]",
                                       "d[d.offset + threadIdx.x]", "e[e.offset + (threadIdx.x + 64)]"};
  EXPECT_EQ(stored, expected);
  // And they race like the stores they are.
  auto racy = check(R"(__global__ void k(float *a) {
  __shared__ float s[64], c[64];
  __sincosf(a[threadIdx.x], &s[0], &c[threadIdx.x]);
  a[threadIdx.x] = s[threadIdx.x] + c[threadIdx.x];
}
)", {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(racy, "k");
}

TEST(DeviceFunctions, AddressConversionsAccessNothing) {
  auto f = parse(R"(__global__ void k(int *out) {
  __shared__ int s[64];
  unsigned a = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x]);
  unsigned g = __isShared(&s[0]) + __isGlobal(out);
  out[threadIdx.x] = a + g;
}
)");
  const auto& k = kernel(f, "k");
  EXPECT_TRUE(k.errors.empty()) << (k.errors.empty() ? "" : k.errors[0].message);
  EXPECT_TRUE(all<kir::Unsupported>(k.kernel).empty());
  EXPECT_TRUE(all<kir::Load>(k.kernel).empty());
  EXPECT_EQ(all<kir::Store>(k.kernel).size(), 1u);
}
