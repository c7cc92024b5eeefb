// Inline PTX loads, stores and address conversions (frontend/lower_asm.cpp):
// each form becomes the access it is (array, index, width), verdicts follow
// from them, and every other instruction stays unsupported, named.
#include "tests/frontend/kir_util.hpp"

using namespace racecert;
using namespace racecert::fetest;

namespace {

struct Lowered {
  std::vector<kir::Load> loads;
  std::vector<kir::Store> stores;
  std::vector<kir::Unsupported> unsupported;
};

Lowered lower(const std::string& source) {
  auto f = parse(source);
  const kir::Kernel& k = kernel(f, "k").kernel;
  EXPECT_TRUE(kernel(f, "k").errors.empty()) << (kernel(f, "k").errors.empty() ? "" : kernel(f, "k").errors[0].message);
  return {all<kir::Load>(k), all<kir::Store>(k), all<kir::Unsupported>(k)};
}

std::string where(const kir::Location& l) {
  std::string s = l.array + "[";
  for (std::size_t i = 0; i < l.index.size(); ++i) s += (i ? "][" : "") + str(l.index[i]);
  s += "]";
  if (l.width) s += "<" + std::to_string(l.unit) + "," + std::to_string(l.width) + ">";
  return s;
}

}  // namespace

TEST(InlinePtx, GlobalCacheHintLoadIsALoadOfThePointedElement) {
  auto l = lower(R"(__global__ void k(double *d, double *out) {
  double v;
  asm volatile("ld.global.cg.f64 %0, [%1];" : "=d"(v) : "l"(d + threadIdx.x));
  out[threadIdx.x] = v;
}
)");
  EXPECT_TRUE(l.unsupported.empty()) << l.unsupported[0].what;
  ASSERT_EQ(l.loads.size(), 1u);
  EXPECT_EQ(where(l.loads[0].at), "d[d.offset + threadIdx.x]");
  EXPECT_EQ(l.loads[0].loc.line, 3);
  ASSERT_EQ(l.stores.size(), 1u);
  EXPECT_EQ(where(l.stores[0].at), "out[out.offset + threadIdx.x]");
  // The loaded value is what the output operand holds, as for `v = d[i]`.
  EXPECT_EQ(str(l.stores[0].value), "v");
  auto f = parse(R"(__global__ void k(double *d, double *out) {
  double v;
  asm volatile("ld.global.cg.f64 %0, [%1];" : "=d"(v) : "l"(d + threadIdx.x));
  out[threadIdx.x] = v;
}
)");
  bool assigned = false;
  for (const auto& a : all<kir::Assign>(kernel(f, "k").kernel))
    assigned = assigned || (a.var == "v" && str(a.value) == l.loads[0].var);
  EXPECT_TRUE(assigned);
}

TEST(InlinePtx, EveryStateSpaceAndQualifierIsTheSameLoad) {
  for (std::string form : {"ld.u32", "ld.global.u32", "ld.shared.u32", "ld.local.u32", "ld.const.u32", "ld.param.u32",
                           "ld.volatile.shared.u32", "ld.relaxed.gpu.global.u32", "ld.acquire.cta.shared.b32",
                           "ld.global.nc.u32", "ld.global.ca.u32", "ld.global.cs.u32", "ld.global.lu.u32",
                           "ld.global.cv.u32", "ld.global.L1::no_allocate.u32", "ld.global.nc.L1::evict_last.L2::128B.s32",
                           "ld.weak.shared::cta.u32"}) {
    auto l = lower("__global__ void k(unsigned *a) {\n  unsigned v;\n  asm volatile(\"" + form +
                   " %0, [%1];\" : \"=r\"(v) : \"l\"(a + 2));\n  a[threadIdx.x] = v;\n}\n");
    EXPECT_TRUE(l.unsupported.empty()) << form << ": " << l.unsupported[0].what;
    ASSERT_EQ(l.loads.size(), 1u) << form;
    EXPECT_EQ(where(l.loads[0].at), "a[a.offset + 2]") << form;
  }
}

TEST(InlinePtx, StoresOfEveryFormAreStores) {
  for (std::string form : {"st.u32", "st.global.u32", "st.shared.b32", "st.volatile.global.u32",
                           "st.release.sys.global.u32", "st.relaxed.cta.shared.s32", "st.global.wb.u32",
                           "st.global.cg.u32", "st.global.cs.u32", "st.global.wt.u32", "st.global.L1::no_allocate.b32"}) {
    auto l = lower("__global__ void k(int *a) {\n  asm volatile(\"" + form +
                   " [%0], %1;\" : : \"l\"(a + threadIdx.x), \"r\"(7));\n}\n");
    EXPECT_TRUE(l.unsupported.empty()) << form << ": " << l.unsupported[0].what;
    ASSERT_EQ(l.stores.size(), 1u) << form;
    EXPECT_EQ(where(l.stores[0].at), "a[a.offset + threadIdx.x]") << form;
    EXPECT_EQ(str(l.stores[0].value), "7") << form;
  }
}

TEST(InlinePtx, OffsetsCountBytesOfTheAccessType) {
  auto l = lower(R"(__global__ void k(float *a) {
  float x, y;
  asm("ld.global.f32 %0, [%1+8];" : "=f"(x) : "l"(a));
  asm("ld.global.f32 %0, [%1-4];" : "=f"(y) : "l"(a + 4));
  asm("st.global.f32 [%0+12], %1;" : : "l"(a), "f"(x + y));
}
)");
  ASSERT_EQ(l.loads.size(), 2u);
  EXPECT_EQ(where(l.loads[0].at), "a[a.offset + 2]");
  EXPECT_EQ(where(l.loads[1].at), "a[a.offset + 4 + -1]");
  ASSERT_EQ(l.stores.size(), 1u);
  EXPECT_EQ(where(l.stores[0].at), "a[a.offset + 3]");
}

TEST(InlinePtx, VectorAccessesTouchConsecutiveElements) {
  auto l = lower(R"(__global__ void k(float *a) {
  __shared__ float s[256];
  float x, y, z, w;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "l"(a + 4 * threadIdx.x));
  asm volatile("st.shared.v2.f32 [%0+8], {%1, %2};" : : "l"(&s[2 * threadIdx.x]), "f"(x), "f"(w));
}
)");
  EXPECT_TRUE(l.unsupported.empty()) << l.unsupported[0].what;
  ASSERT_EQ(l.loads.size(), 4u);
  EXPECT_EQ(where(l.loads[0].at), "a[a.offset + 4 * threadIdx.x]");
  EXPECT_EQ(where(l.loads[3].at), "a[a.offset + 4 * threadIdx.x + 3]");
  ASSERT_EQ(l.stores.size(), 2u);
  EXPECT_EQ(where(l.stores[0].at), "s[2 * threadIdx.x + 2]");
  EXPECT_EQ(where(l.stores[1].at), "s[2 * threadIdx.x + 3]");
}

TEST(InlinePtx, NarrowerAccessIsAByteView) {
  auto l = lower(R"(__global__ void k(int *a) {
  unsigned short h;
  asm("ld.global.u16 %0, [%1+2];" : "=h"(h) : "l"(a + threadIdx.x));
  a[threadIdx.x] = h;
}
)");
  ASSERT_EQ(l.loads.size(), 1u);
  EXPECT_EQ(l.loads[0].at.array, "a");
  EXPECT_EQ(l.loads[0].at.width, 2);
  EXPECT_EQ(l.loads[0].at.unit, 1);
}

TEST(InlinePtx, CvtaIsTheSameAddress) {
  auto l = lower(R"(__global__ void k(float *a) {
  float v;
  asm("{\n\t.reg .u64 %%g;\n\tcvta.to.global.u64 %%g, %1;\n\tld.global.f32 %0, [%%g+4];\n\t}"
      : "=f"(v) : "l"(a + threadIdx.x));
  float *p;
  asm("cvta.global.u64 %0, %1;" : "=l"(p) : "l"(a));
  p[threadIdx.x] = v;
}
)");
  EXPECT_TRUE(l.unsupported.empty()) << l.unsupported[0].what;
  ASSERT_EQ(l.loads.size(), 1u);
  EXPECT_EQ(where(l.loads[0].at), "a[a.offset + threadIdx.x + 1]");
  ASSERT_EQ(l.stores.size(), 1u);
  EXPECT_EQ(l.stores[0].at.array, "a");
}

TEST(InlinePtx, SharedAddressFromCvtaGenericToShared) {
  auto l = lower(R"(__global__ void k(int *out) {
  __shared__ int s[64];
  int v;
  unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(&s[threadIdx.x]));
  asm volatile("ld.shared.s32 %0, [%1];" : "=r"(v) : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&s[63 - threadIdx.x]))));
  (void)addr;
  out[threadIdx.x] = v;
}
)");
  EXPECT_TRUE(l.unsupported.empty()) << l.unsupported[0].what;
  ASSERT_EQ(l.loads.size(), 1u);
  EXPECT_EQ(l.loads[0].at.array, "s");
}

TEST(InlinePtx, OtherInstructionsStayUnsupportedAndNamed) {
  auto mixed = lower(R"(__global__ void k(float *a) {
  float v;
  asm("ld.global.f32 %0, [%1];\n\tadd.f32 %0, %0, %0;" : "+f"(v) : "l"(a));
  a[threadIdx.x] = v;
}
)");
  ASSERT_EQ(mixed.unsupported.size(), 1u);
  EXPECT_NE(mixed.unsupported[0].what.find("inline assembly 'add.f32 $0, $0, $0' in '"), std::string::npos)
      << mixed.unsupported[0].what;
  EXPECT_TRUE(mixed.loads.empty());  // nothing of a statement that is unsupported
  for (std::string text : {"@p ld.global.f32 %0, [%1];", "ld.global.b128 %0, [%1];", "ld.global.f32 %0, [%1+2];",
                           "ld.shared::cluster.f32 %0, [%1];", "ld.global.v2.f32 %0, [%1];",
                           "ld.global.L2::cache_hint.f32 %0, [%1], %1;", "ld.global.f32 %0, [sym];"}) {
    auto l = lower("__global__ void k(float *a) {\n  float v;\n  asm(\"" + text +
                   "\" : \"=f\"(v) : \"l\"(a));\n  a[threadIdx.x] = v;\n}\n");
    ASSERT_EQ(l.unsupported.size(), 1u) << text;
    EXPECT_EQ(l.unsupported[0].what.rfind("inline assembly '", 0), 0u) << l.unsupported[0].what;
    EXPECT_EQ(l.unsupported[0].loc.line, 3) << text;
  }
  // An address that is a number racecert cannot trace to a pointer.
  auto number = lower(R"(__global__ void k(float *a, unsigned long long x) {
  float v;
  asm("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(x));
  a[threadIdx.x] = v;
}
)");
  ASSERT_EQ(number.unsupported.size(), 1u);
  EXPECT_NE(number.unsupported[0].what.find("address operand"), std::string::npos) << number.unsupported[0].what;
}

TEST(InlinePtx, EmptyAsmIsACompilerBarrierOnly) {
  auto l = lower("__global__ void k(int *a) {\n  a[threadIdx.x] = 1;\n  asm volatile(\"\" ::: \"memory\");\n}\n");
  EXPECT_TRUE(l.unsupported.empty());
  EXPECT_EQ(l.stores.size(), 1u);
}

TEST(InlinePtx, NamedBarriersBesideAccesses) {
  auto f = parse(R"(__global__ void k(int *a) {
  __shared__ int s[64];
  asm volatile("st.shared.u32 [%0], %1;\n\tbar.sync 1, 64;" : : "l"(&s[threadIdx.x]), "r"(1));
  asm volatile("barrier.sync.aligned %0, %1;" : : "r"(2), "r"(64));
  __barrier_sync_count(3, 64);
  __barrier_sync(0);
}
)");
  const kir::Kernel& k = kernel(f, "k").kernel;
  EXPECT_TRUE(all<kir::Unsupported>(k).empty());
  EXPECT_EQ(all<kir::Store>(k).size(), 1u);
  auto b = all<kir::Barrier>(k);
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(str(b[0].id), "1");
  EXPECT_EQ(str(b[0].count), "64");
  EXPECT_EQ(str(b[1].id), "2");
  // The header's functions: their parameters (set to 3 and 64, then 0).
  EXPECT_EQ(b[2].kind, kir::Barrier::Kind::Named);
  EXPECT_FALSE(b[2].arrive);
  EXPECT_NE(b[2].count, nullptr);
  EXPECT_EQ(b[3].kind, kir::Barrier::Kind::Named);
  EXPECT_EQ(b[3].count, nullptr);
}

// Verdicts: a racy pair of st.shared, and the same with a barrier between.
TEST(InlinePtx, RacySharedStoresAreRacyAndSeparatedOnesDrf) {
  auto racy = check(R"(__global__ void k(int *out) {
  __shared__ int s[65];
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};" : : "l"(&s[threadIdx.x]), "r"(1), "r"((int)threadIdx.x));
  out[threadIdx.x] = s[threadIdx.x];
}
)", {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(racy, "k");
  auto drf = check(R"(__global__ void k(int *out) {
  __shared__ int s[128];
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};" : : "l"(&s[2 * threadIdx.x]), "r"(1), "r"((int)threadIdx.x));
  __syncthreads();
  int v;
  asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(v) : "l"(&s[(2 * threadIdx.x + 2) % 128]));
  out[threadIdx.x] = v;
}
)", {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_DRF(drf, "k");
  // The same reads before the barrier race with the neighbour's stores.
  auto early = check(R"(__global__ void k(int *out) {
  __shared__ int s[128];
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};" : : "l"(&s[2 * threadIdx.x]), "r"(1), "r"((int)threadIdx.x));
  int v;
  asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(v) : "l"(&s[(2 * threadIdx.x + 2) % 128]));
  out[threadIdx.x] = v;
}
)", {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(early, "k");
}

// Ordered accesses are plain ones: a flag handshake through them is
// reported, never hidden (docs/frontend.md).
TEST(InlinePtx, AcquireAndReleaseAccessesAreStillRaces) {
  auto r = check(R"(__global__ void k(int *flag) {
  if (threadIdx.x == 0) asm volatile("st.release.gpu.global.u32 [%0], %1;" : : "l"(flag), "r"(1));
  int v;
  if (threadIdx.x == 1) asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag));
}
)", {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(r, "k");
}
