// The kernel IR's text form: hand-written fixtures parse to the expected
// nodes, print back to the same text, and malformed text gives
// file:line:col errors.
#include <gtest/gtest.h>

#include "kernel_ir/equality.hpp"
#include "kernel_ir/parser.hpp"
#include "support/diagnostic.hpp"

namespace racecert::kir {
namespace {

// Every node type, with positions, in the printer's layout.
const char* kEveryNode = R"(cuda kernel all @"k.cu":1:17 {
  param int n; @1:27
  array global float A[] (parameter); @1:37
  array shared int s[64][2]; @2:3
  local int i; @3:7
  local bool returned#1;
  local int p.a; @"h.cuh":4:5
  requires n > 0 && n <= 1024;
  launch_bounds 256;
  i = threadIdx.x * 2 - -3; @3:7
  p.a = ?;
  x = load s[i][0]; @5:9
  load A[i];
  store A[min(i, n - 1)] = ?; @6:3
  v = atomic.add.relaxed.device A[0], 1; @7:3
  atomic.cas.seq_cst.block s[0][1], 0, 1;
  fence.acq_rel.system; @8:3
  barrier.block; @9:3
  barrier.block shared;
  barrier.block none;
  c = barrier.block;
  barrier.warp;
  barrier.grid;
  bar.sync 1, 64;
  bar.arrive 2, blockDim.x;
  bar.sync ?;
  if (i < n ? true : false) { @10:3
    return; @11:5
  } else {
    assert !(i == 3); @12:5
  }
  if (?) {
  }
  loop (i < n) { @13:3
    init:
      i = 0;
    body:
      if (i % 2 != 0) {
        continue;
      }
      break; @14:7
    update:
      i = i + 1;
  }
  do-loop (?) {
    body:
      assume (i & 3) == (i | 1 ^ 2) << 1 >> -(5);
  }
  unsupported "inline \"asm\"\\"; @15:3
  barrier.warp 32;
  barrier.warp 16 shared;
}
)";

TEST(KernelIrText, EveryNodeParsesAndPrintsBack) {
  Kernel k = parse_kernel(kEveryNode, "fixture.kir");
  EXPECT_EQ(print(k, {.locations = true}), kEveryNode);
  EXPECT_EQ(k.name, "all");
  EXPECT_EQ(k.language, "cuda");
  EXPECT_EQ(k.loc, (SourceLoc{"k.cu", 1, 17}));
  ASSERT_EQ(k.parameters.size(), 1u);
  EXPECT_EQ(k.parameters[0].loc, (SourceLoc{"k.cu", 1, 27}));
  ASSERT_EQ(k.arrays.size(), 2u);
  EXPECT_TRUE(k.arrays[0].parameter);
  EXPECT_EQ(k.arrays[0].element, ScalarType::Float);
  EXPECT_EQ(k.arrays[1].sizes, (std::vector<std::int64_t>{64, 2}));
  EXPECT_EQ(k.arrays[1].space, Space::Shared);
  ASSERT_EQ(k.locals.size(), 3u);
  EXPECT_EQ(k.locals[1].loc, SourceLoc{});
  EXPECT_EQ(k.locals[2].name, "p.a");
  EXPECT_EQ(k.locals[2].loc, (SourceLoc{"h.cuh", 4, 5}));
  ASSERT_EQ(k.preconditions.size(), 1u);
  EXPECT_EQ(k.launch_bounds, 256u);  // __launch_bounds__(256, ...)
  ASSERT_EQ(k.body.size(), 24u);
  EXPECT_EQ(k.body[1].as<Assign>().value, nullptr);
  EXPECT_EQ(k.body[2].as<Load>().at.index.size(), 2u);
  EXPECT_EQ(k.body[3].as<Load>().var, "");
  const auto& atomic = k.body[5].as<Atomic>();
  EXPECT_EQ(atomic.op, "add");
  EXPECT_EQ(atomic.var, "v");
  EXPECT_EQ(atomic.scope, Scope::Device);
  EXPECT_EQ(k.body[6].as<Atomic>().operands.size(), 2u);
  EXPECT_EQ(k.body[7].as<Fence>().order, MemoryOrder::AcqRel);
  EXPECT_TRUE(k.body[9].as<Barrier>().orders_shared);
  EXPECT_FALSE(k.body[9].as<Barrier>().orders_global);
  EXPECT_FALSE(k.body[10].as<Barrier>().orders_shared || k.body[10].as<Barrier>().orders_global);
  EXPECT_EQ(k.body[11].as<Barrier>().var, "c");
  const auto& named = k.body[15].as<Barrier>();
  EXPECT_EQ(named.kind, Barrier::Kind::Named);
  EXPECT_TRUE(named.arrive);
  EXPECT_EQ(expr::to_string(named.count), "blockDim.x");
  EXPECT_EQ(k.body[16].as<Barrier>().id, nullptr);
  const auto& loop = k.body[19].as<Loop>();
  EXPECT_EQ(loop.init.size(), 1u);
  EXPECT_EQ(loop.body.size(), 2u);
  EXPECT_EQ(loop.body[1].as<Break>().loc, (SourceLoc{"k.cu", 14, 7}));
  EXPECT_FALSE(k.body[20].as<Loop>().test_first);
  EXPECT_EQ(k.body[21].as<Unsupported>().what, "inline \"asm\"\\");
  // A warp barrier's group size, and none for a partial mask.
  EXPECT_EQ(k.body[12].as<Barrier>().count, nullptr);
  EXPECT_EQ(expr::to_string(k.body[22].as<Barrier>().count), "32");
  EXPECT_EQ(expr::to_string(k.body[23].as<Barrier>().count), "16");
  EXPECT_FALSE(k.body[23].as<Barrier>().orders_global);
  // Parsing the printed text again gives the same kernel.
  EXPECT_TRUE(equal(parse_kernel(print(k, {.locations = true}), "again.kir"), k));
}

TEST(KernelIrText, WithoutLocationsEveryPositionIsEmpty) {
  Kernel k = parse_kernel(kEveryNode, "fixture.kir");
  std::string plain = print(k);
  EXPECT_EQ(plain.find('@'), std::string::npos) << plain;
  Kernel again = parse_kernel(plain, "plain.kir");
  EXPECT_FALSE(equal(again, k));  // the positions are gone
  EXPECT_EQ(again.body[19].as<Loop>().loc, SourceLoc{});
  EXPECT_EQ(print(again), plain);
  EXPECT_EQ(print(again, {.locations = true}), plain);
}

// Byte views (issue 11's byte-range locations): an array's element size
// and a location's view print and parse back, as in the protocol language.
TEST(KernelIrText, ElementSizesAndByteViews) {
  const char* text = R"(cuda kernel views {
  array shared float s<4>[64];
  array global int g[];
  store s<16>[threadIdx.x] = ?;
  x = load s<1:4>[4 * threadIdx.x + 2];
  load g[0];
}
)";
  Kernel k = parse_kernel(text, "views.kir");
  EXPECT_EQ(print(k), text);
  EXPECT_EQ(k.arrays[0].element_bytes, 4);
  EXPECT_EQ(k.arrays[1].element_bytes, 0);
  const Location& wide = k.body[0].as<Store>().at;
  EXPECT_EQ(wide.unit, 16);
  EXPECT_EQ(wide.width, 16);
  const Location& bytes = k.body[1].as<Load>().at;
  EXPECT_EQ(bytes.unit, 1);
  EXPECT_EQ(bytes.width, 4);
  EXPECT_EQ(k.body[2].as<Load>().at.unit, 0);
  Kernel narrower = k;
  narrower.body[0].as<Store>().at.width = 8;
  EXPECT_FALSE(equal(narrower, k));
  EXPECT_THROW(parse_kernel("cuda kernel bad {\n  load s<>[0];\n}\n", "bad.kir"), Error);
}

// Names that are keywords of the text form elsewhere stay variables.
TEST(KernelIrText, VariablesNamedLikeKeywords) {
  const char* text = R"(opencl kernel k {
  local int load;
  local int loop;
  load = 1;
  loop = load + 1;
  min = max(load, loop);
  x = load A[load];
  assume = load;
  y = atomic.x + barrier.y;
}
)";
  Kernel k = parse_kernel(text, "k.kir");
  EXPECT_EQ(print(k), text);
  ASSERT_EQ(k.body.size(), 6u);
  EXPECT_TRUE(k.body[0].is<Assign>());
  EXPECT_TRUE(k.body[3].is<Load>());
  EXPECT_TRUE(k.body[4].is<Assign>());
  EXPECT_EQ(k.body[5].as<Assign>().var, "y");
}

TEST(KernelIrText, SeveralKernelsAndComments) {
  auto ks = parse("// first\ncuda kernel a {\n}\ncuda kernel b<int, F<2>> @\"b.cu\":3:4 {\n  return;  // done\n}\n",
                  "two.kir");
  ASSERT_EQ(ks.size(), 2u);
  EXPECT_EQ(ks[1].name, "b<int, F<2>>");  // template instances keep their arguments
  EXPECT_EQ(ks[1].loc, (SourceLoc{"b.cu", 3, 4}));
  EXPECT_EQ(ks[1].body.size(), 1u);
}

std::string error_of(const std::string& text) {
  try {
    parse(text, "bad.kir");
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    return e.render();
  }
  return "no error";
}

TEST(KernelIrText, ErrorsHavePositions) {
  EXPECT_EQ(error_of("cuda kernel k {\n  store A[0] 1;\n}\n"), "bad.kir:2:14: error: expected '=', found '1'");
  EXPECT_EQ(error_of("cuda kernel k {\n  x = ;\n}\n"), "bad.kir:2:3: error: expected a statement or '}', found 'x'");
  EXPECT_EQ(error_of("cuda kernel k {\n  if (x {\n  }\n}\n"), "bad.kir:2:9: error: expected ')', found '{'");
  EXPECT_EQ(error_of("cuda kernel k {\n  x = 99999999999999999999;\n}\n"),
            "bad.kir:2:7: error: integer literal out of range");
  EXPECT_EQ(error_of("cuda kernel k {\n}\nx"), "bad.kir:3:1: error: expected a kernel, found 'x'");
  EXPECT_EQ(error_of("cuda kernel k {\n  unsupported \"a\n"), "bad.kir:2:17: error: expected '\"', found end of input");
  EXPECT_EQ(error_of("cuda kernel {\n}\n"), "bad.kir:1:13: error: expected kernel name, found '{'");
  EXPECT_THROW(parse_kernel("", "empty.kir"), Error);
}

}  // namespace
}  // namespace racecert::kir
