// Byte-range locations (proofs-ref/byte-ranges.md): the overlap rule against
// explicit byte sets, the query against the rule, and the acceptance cases
// of mixed-width accesses with their witnesses.
#include <gtest/gtest.h>

#include <set>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"
#include "smt/query.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

KernelReport check_bytes(const std::string& text) {
  ProtocolFile f = parse_protocol(text, "t.map");
  smt::CheckOptions o;
  o.jobs = 1;
  return smt::check(f.kernels, o).at(0);
}

// The bytes an access covers, written out: (leading indices, byte) pairs.
std::set<std::pair<std::vector<std::int64_t>, std::int64_t>> byte_set(const std::vector<std::int64_t>& index,
                                                                      const AccessView& v) {
  std::set<std::pair<std::vector<std::int64_t>, std::int64_t>> out;
  std::vector<std::int64_t> row(index.begin(), index.end() - 1);
  for (std::int64_t b = 0; b < v.width; ++b) out.insert({row, index.back() * v.unit + b});
  return out;
}

bool share_a_byte(const std::vector<std::int64_t>& i1, const AccessView& v1, const std::vector<std::int64_t>& i2,
                  const AccessView& v2) {
  auto a = byte_set(i1, v1), b = byte_set(i2, v2);
  for (const auto& x : a)
    if (b.count(x)) return true;
  return false;
}

const std::vector<AccessView> kViews = {{1, 1}, {1, 4}, {2, 2}, {2, 4}, {4, 4}, {4, 8}, {8, 4}, {16, 16}, {3, 5}};

std::string view_text(const AccessView& v) {
  return "<" + std::to_string(v.unit) + ":" + std::to_string(v.width) + ">";
}

}  // namespace

// Lemma 1 and Lemma 3: the rule is "a common byte of one row", for mixed
// widths, units that differ from widths, negative offsets and two dimensions.
TEST(ByteRanges, OverlapRuleMatchesByteSets) {
  int overlapping = 0, total = 0;
  for (const auto& v1 : kViews)
    for (const auto& v2 : kViews)
      for (std::int64_t r1 = 0; r1 < 2; ++r1)
        for (std::int64_t r2 = 0; r2 < 2; ++r2)
          for (std::int64_t i1 = -3; i1 <= 6; ++i1)
            for (std::int64_t i2 = -3; i2 <= 6; ++i2) {
              bool expected = share_a_byte({r1, i1}, v1, {r2, i2}, v2);
              ASSERT_EQ(same_location_bytes({r1, i1}, v1, {r2, i2}, v2), expected)
                  << r1 << " " << i1 << view_text(v1) << " vs " << r2 << " " << i2 << view_text(v2);
              ASSERT_EQ(same_location_bytes({i1}, v1, {i2}, v2), share_a_byte({i1}, v1, {i2}, v2));
              overlapping += expected;
              ++total;
            }
  // Both outcomes occur (the test could not pass with a constant rule).
  EXPECT_GT(overlapping, total / 20);
  EXPECT_LT(overlapping, total / 2);
  EXPECT_TRUE(same_location_bytes({}, {4, 4}, {}, {1, 1}));  // scalars share their location
}

// Lemma 2: one view with unit == width everywhere is index equality.
TEST(ByteRanges, UniformViewIsIndexEquality) {
  for (std::int64_t u : {1, 2, 4, 16})
    for (std::int64_t i1 = -5; i1 <= 5; ++i1)
      for (std::int64_t i2 = -5; i2 <= 5; ++i2)
        ASSERT_EQ(same_location_bytes({i1}, {u, u}, {i2}, {u, u}), i1 == i2) << u << " " << i1 << " " << i2;
  EXPECT_EQ(resolve_view({}, 0), (AccessView{1, 1}));
  EXPECT_EQ(resolve_view({}, 4), (AccessView{4, 4}));
  EXPECT_EQ(resolve_view({1, 4}, 4), (AccessView{1, 4}));
}

// The query against the rule: thread 0 writes through one view, thread 1
// reads through another, on every small combination.
TEST(ByteRanges, QueryAgreesWithTheRule) {
  int racy = 0, total = 0;
  for (const auto& v1 : kViews)
    for (const auto& v2 : kViews)
      for (std::int64_t i1 = 0; i1 < 3; ++i1)
        for (std::int64_t i2 = 0; i2 < 3; ++i2) {
          std::string text = "kernel k { shared A<4>; assume blockDim.y == 1 && blockDim.z == 1;\n"
                             "if (tid == 0) { wr A" + view_text(v1) + "[" + std::to_string(i1) + "]; }\n"
                             "if (tid == 1) { rd A" + view_text(v2) + "[" + std::to_string(i2) + "]; } }";
          bool expected = same_location_bytes({i1}, v1, {i2}, v2);
          KernelReport r = check_bytes(text);
          ASSERT_EQ(r.status, expected ? KernelStatus::Racy : KernelStatus::Drf) << text;
          racy += expected;
          ++total;
        }
  EXPECT_GT(racy, 0);
  EXPECT_LT(racy, total);
}

TEST(ByteRanges, Float4StoreRacesWithFloatLoadOfItsThirdElement) {
  std::string head = "kernel k { shared A<4>; assume blockDim.y == 1 && blockDim.z == 1;\n"
                     "if (tid == 0) { wr A<16>[0]; }\n";
  KernelReport r = check_bytes(head + "if (tid == 1) { rd A[2]; } }");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  const ReportedRace& race = r.races.at(0);
  EXPECT_EQ(race.first.mode, "wr");
  EXPECT_EQ(race.second.mode, "rd");
  ASSERT_EQ(race.bytes.size(), 2u);
  // Each access's index in its own view, and the bytes it covers.
  EXPECT_EQ(race.bytes[0].index, std::vector<std::int64_t>{0});
  EXPECT_EQ(race.bytes[0].offset, 0);
  EXPECT_EQ(race.bytes[0].width, 16);
  EXPECT_EQ(race.bytes[1].index, std::vector<std::int64_t>{2});
  EXPECT_EQ(race.bytes[1].offset, 8);
  EXPECT_EQ(race.bytes[1].width, 4);
  EXPECT_EQ(race.index, std::vector<std::int64_t>{0});
  // The float just after the float4 is not in it.
  EXPECT_EQ(check_bytes(head + "if (tid == 1) { rd A[4]; } }").status, KernelStatus::Drf);
}

TEST(ByteRanges, TwoFloat2HalvesOfOneFloat4DoNotRace) {
  // Threads 0 and 1 write the two halves of the float4 at A<16>[0].
  std::string head = "kernel k { shared A<4>; assume blockDim.y == 1 && blockDim.z == 1;\n"
                     "if (tid < 2) { wr A<8>[tid]; }\n";
  EXPECT_EQ(check_bytes(head + "}").status, KernelStatus::Drf);
  // Reading the whole float4 after a barrier is fine; before it, it races.
  EXPECT_EQ(check_bytes(head + "sync; rd A<16>[0]; }").status, KernelStatus::Drf);
  KernelReport r = check_bytes(head + "if (tid == 2) { rd A<16>[0]; } }");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.at(0).bytes.size(), 2u);
  EXPECT_EQ(r.races[0].bytes[0].width, 8);
  EXPECT_EQ(r.races[0].bytes[1].index, std::vector<std::int64_t>{0});
  EXPECT_EQ(r.races[0].bytes[1].width, 16);
}

TEST(ByteRanges, CharWriteInsideAnIntRacesWithTheIntRead) {
  std::string head = "kernel k { shared A<4>; assume blockDim.y == 1 && blockDim.z == 1;\n";
  KernelReport r = check_bytes(head + "if (tid == 0) { wr A<1>[5]; } if (tid == 1) { rd A[1]; } }");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.at(0).bytes.size(), 2u);
  EXPECT_EQ(r.races[0].bytes[0].offset, 5);
  EXPECT_EQ(r.races[0].bytes[0].width, 1);
  EXPECT_EQ(r.races[0].bytes[1].index, std::vector<std::int64_t>{1});
  EXPECT_EQ(r.races[0].bytes[1].offset, 4);
  // Byte 8 is the first byte of the next int: no race.
  EXPECT_EQ(check_bytes(head + "if (tid == 0) { wr A<1>[8]; } if (tid == 1) { rd A[1]; } }").status, KernelStatus::Drf);
  // An unaligned int load at byte 3 reaches into int 1.
  EXPECT_EQ(check_bytes(head + "if (tid == 0) { wr A[1]; } if (tid == 1) { rd A<1:4>[3]; } }").status,
            KernelStatus::Racy);
}

TEST(ByteRanges, MixedWidthsInTwoDimensionalTiles) {
  // 16 threads; thread t writes float4 t%4 of row t/4, a row being 16 floats.
  std::string head = "kernel k { shared T<4> : 2; assume blockDim.x == 16 && blockDim.y == 1 && blockDim.z == 1;\n"
                     "wr T<16>[tid / 4][tid % 4];\n";
  // Reading the first float of one's own float4 is fine.
  EXPECT_EQ(check_bytes(head + "rd T[tid / 4][4 * (tid % 4)]; }").status, KernelStatus::Drf);
  // The float just after it belongs to the next thread's float4.
  KernelReport r = check_bytes(head + "if (tid % 4 < 3) { rd T[tid / 4][4 * (tid % 4) + 4]; } }");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.at(0).bytes.size(), 2u);
  const auto& w = r.races[0].bytes[0];
  const auto& rd = r.races[0].bytes[1];
  EXPECT_EQ(w.index.at(0), rd.index.at(0));  // same row
  EXPECT_LT(w.offset, rd.offset + rd.width);
  EXPECT_LT(rd.offset, w.offset + w.width);
  // Overlapping byte offsets of different rows do not race: threads 0..3
  // store the float4s of row 0, threads 4..7 read the floats of row 1.
  std::string rows = "kernel k { shared T<4> : 2; assume blockDim.x == 16 && blockDim.y == 1 && blockDim.z == 1;\n"
                     "if (tid < 4) { wr T<16>[0][tid]; }\n";
  EXPECT_EQ(check_bytes(rows + "if (tid >= 4 && tid < 8) { rd T[1][4 * (tid - 4) + 1]; } }").status, KernelStatus::Drf);
  EXPECT_EQ(check_bytes(rows + "if (tid >= 4 && tid < 8) { rd T[0][4 * (tid - 4) + 1]; } }").status, KernelStatus::Racy);
}

TEST(ByteRanges, UnionOfIntAndFloatArrays) {
  // union { int i[4]; float f[4]; char c[16]; } u: one array of 4-byte
  // elements; i and f are element views, c a one-byte view.
  std::string head = "kernel k { shared u<4>; assume blockDim.x == 4 && blockDim.y == 1 && blockDim.z == 1;\n"
                     "wr u[tid];\n";  // u.i[tid] = ...
  EXPECT_EQ(check_bytes(head + "rd u[tid]; }").status, KernelStatus::Drf);                // u.f[tid]: own element
  EXPECT_EQ(check_bytes(head + "rd u[(tid + 1) % 4]; }").status, KernelStatus::Racy);     // u.f[tid + 1]
  EXPECT_EQ(check_bytes(head + "rd u<1>[4 * tid + 3]; }").status, KernelStatus::Drf);     // u.c[4 tid + 3]
  EXPECT_EQ(check_bytes(head + "rd u<1>[4 * tid + 4]; }").status, KernelStatus::Racy);    // the next int's first byte
}

TEST(ByteRanges, WithoutViewsTheWitnessIsUnchanged) {
  KernelReport r = check_bytes("kernel k { shared A; assume blockDim.y == 1 && blockDim.z == 1; wr A[tid]; rd A[tid + 1]; }");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  EXPECT_TRUE(r.races.at(0).bytes.empty());
  EXPECT_EQ(r.races[0].index.size(), 1u);
  // An element size alone changes nothing either.
  KernelReport s = check_bytes("kernel k { shared A<4>; assume blockDim.y == 1 && blockDim.z == 1; wr A[tid]; rd A[tid + 1]; }");
  ASSERT_EQ(s.status, KernelStatus::Racy);
  EXPECT_TRUE(s.races.at(0).bytes.empty());
  EXPECT_EQ(s.races[0].index, r.races[0].index);
}

TEST(ByteRanges, UniformViewKeepsTheIndexEqualityEncoding) {
  auto query = [](const std::string& text) {
    ProtocolFile f = parse_protocol(text, "t.map");
    transform::WellFormed w = transform::make_well_formed(f.kernels.at(0));
    return smt::to_smtlib(transform::cross_block_trace(w, "A"));
  };
  std::string same = query("kernel k { global A<4>; wr A<16>[tid]; rd A<16>[tid + 1]; }");
  EXPECT_EQ(same.find("offset@1"), std::string::npos) << same;
  std::string mixed = query("kernel k { global A<4>; wr A<16>[tid]; rd A[tid + 1]; }");
  EXPECT_NE(mixed.find("offset@1"), std::string::npos) << mixed;
}
