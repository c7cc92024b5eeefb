// OpenCL vectors, images and async copies in the front end
// (frontend/lower_vector.cpp, frontend/lower_image_async.cpp): the byte
// views that component accesses become, and the verdicts they lead to.
#include "frontend/frontend.hpp"
#include "tests/frontend/kir_util.hpp"
#include "tests/frontend/test_util.hpp"

using namespace racecert;
using namespace racecert::fetest;
namespace fe = racecert::frontend;

namespace {

// The stores of the only kernel of an OpenCL source, in program order.
std::vector<kir::Store> stores(const std::string& source) {
  fe::ParsedFile f = fe::parse_kernels(kernel_file(source, ".cl"), {});
  std::vector<kir::Store> out;
  if (f.kernels.size() != 1) {
    ADD_FAILURE() << "expected one kernel";
    return out;
  }
  kir::any_statement(f.kernels[0].kernel.body, [&](const kir::Stmt& s) {
    if (s.is<kir::Store>()) out.push_back(s.as<kir::Store>());
    return false;
  });
  return out;
}

}  // namespace

TEST(OpenclVectors, ComponentIsAByteViewOfTheVectorsCell) {
  auto s = stores(R"(__kernel void k(__global float4 *p) {
  p[3].y = 1.0f;
  p[3] = (float4)(0.0f);
  p[3].s23 = (float2)(0.0f);
})");
  ASSERT_EQ(s.size(), 3u);
  // .y: 4 bytes at unit 4, index 4*3 + 1.
  EXPECT_EQ(s[0].at.unit, 4);
  EXPECT_EQ(s[0].at.width, 4);
  EXPECT_EQ(str(s[0].at.index[0]), "(p.offset + 3) * 4 + 1");
  // The whole vector: the element, no view.
  EXPECT_EQ(s[1].at.unit, 0);
  EXPECT_EQ(s[1].at.width, 0);
  // .s23: 8 contiguous bytes from component 2.
  EXPECT_EQ(s[2].at.unit, 8);
  EXPECT_EQ(s[2].at.width, 8);
  EXPECT_EQ(str(s[2].at.index[0]), "(p.offset + 3) * 2 + 1");
}

TEST(OpenclVectors, LoOfFloat8AndComponentsOfIt) {
  auto s = stores(R"(__kernel void k(__global float8 *p) {
  p[1].lo = (float4)(0.0f);
  p[1].hi.z = 2.0f;
  p[1].odd = (float4)(0.0f);
})");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].at.unit, 16);  // bytes [0, 16) of the 32-byte element
  EXPECT_EQ(s[0].at.width, 16);
  EXPECT_EQ(str(s[0].at.index[0]), "(p.offset + 1) * 2");
  EXPECT_EQ(s[1].at.unit, 4);   // .hi.z is s6: bytes [24, 28), through the view of .hi
  EXPECT_EQ(s[1].at.width, 4);
  EXPECT_EQ(str(s[1].at.index[0]), "((p.offset + 1) * 2 + 1) * 4 + 2");
  // .odd (s1, s3, s5, s7): never narrower than the bytes it touches.
  EXPECT_EQ(s[2].at.unit, 4);
  EXPECT_EQ(s[2].at.width, 28);
  EXPECT_EQ(str(s[2].at.index[0]), "(p.offset + 1) * 8 + 1");
}

TEST(OpenclVectors, VstoreIsOneViewOverItsElements) {
  auto s = stores(R"(__kernel void k(__global float *p, int i) {
  vstore4((float4)(1.0f), i, p);
  vstore3((float3)(1.0f), i, p);
})");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].at.unit, 4);
  EXPECT_EQ(s[0].at.width, 16);
  EXPECT_EQ(str(s[0].at.index[0]), "p.offset + i * 4");
  EXPECT_EQ(s[1].at.width, 12);
  EXPECT_EQ(str(s[1].at.index[0]), "p.offset + i * 3");
}

TEST(OpenclVectors, ComponentAndWholeVectorConflictButTwoComponentsDoNot) {
  const char* header = "// line 2 is the launch\n//--local_size=64 --num_groups=2\n";
  fetest::Run apart = check_cl(std::string(header) + R"(__kernel void k(__global float4 *v) {
  uint g = get_global_id(0);
  if (g % 2 == 0) v[g / 2].x = 1.0f; else v[g / 2].y = 2.0f;
})");
  EXPECT_EQ(apart.code, kDrf) << apart.out;
  fetest::Run whole = check_cl(std::string(header) + R"(__kernel void k(__global float4 *v) {
  uint g = get_global_id(0);
  if (g % 2 == 0) v[g / 2] = (float4)(0.0f, 1.0f, 2.0f, 3.0f); else v[g / 2].y = 2.0f;
})");
  EXPECT_EQ(whole.code, kRacy) << whole.out;
  EXPECT_TRUE(contains(whole.out, "bytes [4, 8)")) << whole.out;
}

TEST(OpenclVectors, Vstore4OverlapIsARace) {
  fetest::Run r = check_cl(R"(// line 2 is the launch
//--local_size=64 --num_groups=2
__kernel void k(__global float *p) {
  uint g = get_global_id(0);
  vstore4((float4)(1.0f), g, p + 2);
  vstore4((float4)(2.0f), g, p);
})");
  EXPECT_EQ(r.code, kRacy) << r.out;
}

TEST(OpenclImages, WritesArePixelsOfTheImageReadsOfAReadOnlyImageAreNot) {
  fetest::Run own = check_cl(R"(// line 2 is the launch
//--local_size=[8,8] --num_groups=[2,2]
__kernel void k(__read_only image2d_t a, __write_only image2d_t b, sampler_t s) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(b, (int2)(get_global_id(0), get_global_id(1)), read_imagef(a, s, (int2)(0, 0)));
})");
  EXPECT_EQ(own.code, kDrf) << own.out;
  fetest::Run shared = check_cl(R"(// line 2 is the launch
//--local_size=[8,8] --num_groups=[2,2]
__kernel void k(__write_only image2d_t b) {
  write_imagei(b, (int2)(get_global_id(0) / 2, get_global_id(1)), (int4)(0));
})");
  EXPECT_EQ(shared.code, kRacy) << shared.out;
  EXPECT_TRUE(contains(shared.out, "b.image")) << shared.out;
}

TEST(OpenclAsyncCopies, CopyWaitBarrierIsSafeAndEachMissingStepIsARace) {
  auto kernel = [](const std::string& between) {
    return "// line 2 is the launch\n//--local_size=64 --num_groups=4\n"
           "__kernel void k(__global float *p) {\n"
           "  __local float t[64];\n"
           "  event_t e = async_work_group_copy(t, p + 64 * get_group_id(0), 64, 0);\n" +
           between + "  p[get_global_id(0)] = t[(get_local_id(0) + 1) % 64];\n}\n";
  };
  fetest::Run safe = check_cl(kernel("  wait_group_events(1, &e);\n  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"));
  EXPECT_EQ(safe.code, kDrf) << safe.out;
  fetest::Run no_barrier = check_cl(kernel("  wait_group_events(1, &e);\n"));
  EXPECT_EQ(no_barrier.code, kRacy) << no_barrier.out;
  fetest::Run no_wait = check_cl(kernel("  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"));
  EXPECT_EQ(no_wait.code, kRacy) << no_wait.out;
  // Waiting for another event does not complete this copy.
  fetest::Run other = check_cl(kernel("  event_t f = 0;\n  wait_group_events(1, &f);\n"
                              "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"));
  EXPECT_EQ(other.code, kRacy) << other.out;
}

TEST(OpenclAsyncCopies, OverlappingCopiesInFlightAreUnknown) {
  fetest::Run r = check_cl(R"(// line 2 is the launch
//--local_size=64 --num_groups=4
__kernel void k(__global float *p, __global float *q) {
  __local float t[64];
  async_work_group_copy(p + 64 * get_group_id(0), t, 64, 0);
  async_work_group_copy(p + 64 * get_group_id(0), t, 64, 0);
})");
  EXPECT_EQ(r.code, kUnknown) << r.out;
}

TEST(OpenclAsyncCopies, AWaitOnAnEventSomethingElseWroteCompletesNothing) {
  // e held copy A's event, then f's (copy B's): waiting on e waits for B
  // only, so A may still write t after the barrier.
  fetest::Run r = check_cl(R"(// line 2 is the launch
//--local_size=64 --num_groups=4
__kernel void k(__global float *p, __global float *q) {
  __local float t[64];
  __local float u[64];
  event_t e = async_work_group_copy(t, p + 64 * get_group_id(0), 64, 0);
  event_t f = async_work_group_copy(u, q + 64 * get_group_id(0), 64, 0);
  e = f;
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  p[get_global_id(0)] = t[(get_local_id(0) + 1) % 64];
})");
  EXPECT_EQ(r.code, kRacy) << r.out;
}

TEST(OpenclImages, ReadsOfAReadWriteImageRaceWithItsWrites) {
  fetest::Run r = check_cl(R"(// line 2 is the launch
//--local_size=64 --num_groups=2
__kernel void k(__read_write image1d_t img) {
  int x = get_global_id(0);
  float4 c = read_imagef(img, x + 1);
  write_imagef(img, x, c);
})");
  EXPECT_EQ(r.code, kRacy) << r.out;
  EXPECT_TRUE(contains(r.out, "img.image")) << r.out;
}

TEST(OpenclVectors, ConstantVectorsUpToEightBytesAreTheirBits) {
  auto s = stores(R"(__kernel void k(__global int2 *p, __global float4 *q) {
  p[0] = (int2)(1, 2);
  q[0] = (float4)(1.0f);
  q[1] = (float4)(1.0f);
  q[2] = (float4)(2.0f);
})");
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(str(s[0].value), "8589934593");  // 1 | 2 << 32
  EXPECT_EQ(str(s[1].value), str(s[2].value));
  EXPECT_NE(str(s[1].value), str(s[3].value));
}

TEST(OpenclVectors, ComponentsOfALiteralIntegerVectorAreTrackedUnlessItIsWritten) {
  const std::string header = "// line 2 is the launch\n//--local_size=[8,8] --num_groups=[2,2]\n";
  fetest::Run tracked = check_cl(header + R"(__kernel void k(__global int *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  out[p.y * 16 + p.x] = 1;
})");
  EXPECT_EQ(tracked.code, kDrf) << tracked.out;
  // A later write to a component: its components are no longer known, so
  // the index is anything (a false alarm rather than a stale value).
  fetest::Run written = check_cl(header + R"(__kernel void k(__global int *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  p.x = get_global_id(0);
  out[p.y * 16 + p.x] = get_global_id(0);
})");
  EXPECT_EQ(written.code, kRacy) << written.out;
}
