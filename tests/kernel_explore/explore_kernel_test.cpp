// The kernel explorer on kernel-IR fixtures (no Clang): statuses,
// witnesses, counts and final memory for small launches.
#include <gtest/gtest.h>

#include <set>

#include "explorer/dpor.hpp"
#include "kernel_explore/explore_kernel.hpp"
#include "kernel_ir/parser.hpp"
#include "support/diagnostic.hpp"

using namespace racecert;
using namespace racecert::kexplore;

namespace {

Options launch(std::int64_t block, std::int64_t grid) {
  Options o;
  o.inputs.block_dim = Dim3{block, 1, 1};
  o.inputs.grid_dim = Dim3{grid, 1, 1};
  o.inputs.launch_given = true;
  return o;
}

KernelExploration run(const std::string& text, const Options& o) {
  return explore_kernel(kir::parse_kernel(text, "k.kir"), o);
}

// Every final memory state of `array`'s cells over all complete executions.
std::set<std::vector<std::int64_t>> final_states(const std::string& text, const Options& o, const std::string& array) {
  kir::Kernel k = kir::parse_kernel(text, "k.kir");
  LoweredKernel l = lower(k, o.inputs);
  std::set<std::vector<std::int64_t>> out;
  explorer::ExploreOptions eo;
  eo.loop_bound = o.loop_bound;
  eo.on_final = [&](const explorer::Graph& g, bool complete) {
    if (!complete) return;
    std::vector<std::int64_t> v;
    for (std::size_t loc = 0; loc < l.cells.size(); ++loc)
      if (l.cells[loc].array == array) v.push_back(g.final_value(static_cast<int>(loc)));
    out.insert(v);
  };
  explorer::explore(l.program, eo);
  return out;
}

const char* kNeighbours = R"(cuda kernel k {
  array shared int s<4>[4];
  array global int out<4>[] (parameter);
  local int v;
  store s[threadIdx.x] = threadIdx.x + 1;
  barrier.block;
  v = load s[(threadIdx.x + 1) % blockDim.x];
  store out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
)";

}  // namespace

TEST(KernelExplore, BarrierOrdersNeighbourExchange) {
  Options o = launch(4, 2);
  o.inputs.memory["out"] = std::vector<std::int64_t>(8, 0);
  KernelExploration e = run(kNeighbours, o);
  EXPECT_EQ(e.status, Status::Bounded);
  EXPECT_EQ(e.result.executions, 1u);
  auto finals = final_states(kNeighbours, o, "out");
  ASSERT_EQ(finals.size(), 1u);
  EXPECT_EQ(*finals.begin(), (std::vector<std::int64_t>{2, 3, 4, 1, 2, 3, 4, 1}));
}

TEST(KernelExplore, WithoutTheBarrierTheExchangeRacesWithinABlockOnly) {
  std::string text = kNeighbours;
  text.replace(text.find("  barrier.block;\n"), 17, "");
  KernelExploration e = run(text, launch(2, 2));
  ASSERT_EQ(e.status, Status::Racy);
  ASSERT_FALSE(e.result.races.empty());
  for (const auto& r : e.result.races) {
    EXPECT_EQ(e.lowered->cells[static_cast<std::size_t>(r.location)].array, "s");
    // Shared memory is per block: only threads of one block race.
    EXPECT_EQ(r.first.thread / 2, r.second.thread / 2);
  }
  EXPECT_EQ(e.result.races.size(), e.result.race_schedules.size());
  EXPECT_FALSE(e.result.race_schedules[0].empty());
}

TEST(KernelExplore, LostUpdateAndAtomicIncrement) {
  const char* plain = R"(cuda kernel k {
  array global int c<4>[1];
  local int v;
  v = load c[0];
  store c[0] = v + 1;
}
)";
  auto finals = final_states(plain, launch(3, 1), "c");
  EXPECT_EQ(finals, (std::set<std::vector<std::int64_t>>{{1}, {2}, {3}}));
  EXPECT_EQ(run(plain, launch(3, 1)).status, Status::Racy);

  const char* atomic = R"(cuda kernel k {
  array global int c<4>[1];
  local int v;
  v = atomic.add.relaxed.device c[0], 1;
}
)";
  EXPECT_EQ(final_states(atomic, launch(3, 1), "c"), (std::set<std::vector<std::int64_t>>{{3}}));
  KernelExploration e = run(atomic, launch(3, 1));
  EXPECT_EQ(e.status, Status::Bounded);
  EXPECT_EQ(e.result.executions, 6u);  // 3! coherence orders of the increments
}

TEST(KernelExplore, BlockScopedAtomicsAcrossBlocksAreAHeterogeneousRace) {
  const char* text = R"(cuda kernel k {
  array global int c<4>[1];
  atomic.add.relaxed.block c[0], 1;
}
)";
  KernelExploration across = run(text, launch(1, 2));
  ASSERT_EQ(across.status, Status::Racy);
  EXPECT_EQ(across.result.races[0].kind, explorer::RaceKind::Heterogeneous);
  EXPECT_EQ(run(text, launch(2, 1)).status, Status::Bounded);
}

TEST(KernelExplore, AssertionFailureHasItsThreadAndSchedule) {
  const char* text = R"(cuda kernel k {
  array global int c<4>[1];
  local int v;
  v = atomic.add.relaxed.device c[0], 1;
  assert v != 1; @7:3
}
)";
  KernelExploration e = run(text, launch(2, 1));
  ASSERT_EQ(e.status, Status::Assertion);
  ASSERT_EQ(e.result.failures.size(), 2u);  // each thread can be the one that reads 0 + 1... and fail
  for (const auto& f : e.result.failures) {
    EXPECT_EQ(f.kind, explorer::FailureKind::Assertion);
    EXPECT_FALSE(f.schedule.empty());
    EXPECT_EQ(e.lowered->program.threads[static_cast<std::size_t>(f.thread)].code[static_cast<std::size_t>(f.pc)].where.line, 7);
  }
}

TEST(KernelExplore, AwaitLoopOnAFlagNobodySetsIsADeadlock) {
  const char* text = R"(cuda kernel k {
  array global int flag<4>[1];
  local int f;
  loop (true) {
    body:
      f = atomic.add.relaxed.device flag[0], 0;
      if (f != 0) {
        break;
      }
  }
}
)";
  KernelExploration e = run(text, launch(2, 1));
  EXPECT_EQ(e.status, Status::Deadlock);
  EXPECT_EQ(e.result.bounded, 0u);  // an await loop, not cut by the loop bound
  EXPECT_EQ(e.result.deadlock_witness.size(), 2u);
}

TEST(KernelExplore, MessagePassingNeedsFencesOrReleaseAcquire) {
  auto mp = [](const char* write_fence, const char* read_fence) {
    return std::string(R"(cuda kernel k {
  array global int data<4>[1];
  array global int flag<4>[1];
  local int f;
  local int d;
  if (blockIdx.x == 0) {
    store data[0] = 42;
    )") + write_fence + R"(
    atomic.exch.relaxed.device flag[0], 1;
  } else {
    loop (true) {
      body:
        f = atomic.load.relaxed.device flag[0];
        if (f == 1) {
          break;
        }
    }
    )" + read_fence + R"(
    d = load data[0];
    assert d == 42;
  }
}
)";
  };
  EXPECT_EQ(run(mp("fence.seq_cst.device;", "fence.seq_cst.device;"), launch(1, 2)).status, Status::Bounded);
  EXPECT_EQ(run(mp("", "fence.seq_cst.device;"), launch(1, 2)).status, Status::Racy);
  EXPECT_EQ(run(mp("fence.seq_cst.device;", ""), launch(1, 2)).status, Status::Racy);
  // A fence scoped to the block does not order threads of two blocks.
  EXPECT_EQ(run(mp("fence.seq_cst.block;", "fence.seq_cst.block;"), launch(1, 2)).status, Status::Racy);
}

TEST(KernelExplore, UntrackedControlIsUnknownWithItsPosition) {
  const char* text = R"(cuda kernel k {
  array global float a<4>[4];
  local float x;
  x = load a[threadIdx.x];
  if (x > 0) { @5:3
    store a[0] = ?;
  }
}
)";
  KernelExploration e = run(text, launch(2, 1));
  EXPECT_EQ(e.status, Status::Unknown);
  EXPECT_EQ(e.where.line, 5);
  EXPECT_NE(e.reason.find("x"), std::string::npos) << e.reason;
  // A float that only flows into data is fine.
  const char* data = R"(cuda kernel k {
  array global float a<4>[4];
  local float x;
  x = load a[threadIdx.x];
  store a[threadIdx.x + 2] = x;
}
)";
  EXPECT_EQ(run(data, launch(2, 1)).status, Status::Bounded);
}

TEST(KernelExplore, OutOfBoundsIsAFailureOnlyForDeclaredSizes) {
  const char* declared = R"(cuda kernel k {
  array shared int s<4>[2];
  store s[threadIdx.x] = 1;
}
)";
  KernelExploration d = run(declared, launch(3, 1));
  ASSERT_EQ(d.status, Status::Assertion);
  EXPECT_EQ(d.result.failures[0].kind, explorer::FailureKind::OutOfBounds);
  const char* assumed = R"(cuda kernel k {
  array global int a<4>[] (parameter);
  store a[threadIdx.x * 100] = 1;
}
)";
  KernelExploration a = run(assumed, launch(2, 1));
  EXPECT_EQ(a.status, Status::Unknown);
  EXPECT_NE(a.reason.find("--memory"), std::string::npos) << a.reason;
}

TEST(KernelExplore, NamedBarrierCountsAndUnknownIds) {
  const char* wrong_count = R"(cuda kernel k {
  bar.sync 1, 3;
}
)";
  EXPECT_EQ(run(wrong_count, launch(2, 1)).status, Status::Deadlock);
  const char* from_memory = R"(cuda kernel k {
  array global int a<4>[1];
  local int i;
  i = atomic.add.relaxed.device a[0], 1;
  bar.sync i, 2;
}
)";
  EXPECT_EQ(run(from_memory, launch(2, 1)).status, Status::Unknown);
}

TEST(KernelExplore, InputsNameParametersAndArrays) {
  const char* text = R"(cuda kernel k {
  param int n;
  array global int a<4>[] (parameter);
  if (threadIdx.x < n) {
    store a[threadIdx.x] = n;
  }
}
)";
  Options o = launch(4, 1);
  o.inputs.scalar_args["n"] = 2;
  o.inputs.memory["a"] = {7, 7, 7, 7};
  auto finals = final_states(text, o, "a");
  EXPECT_EQ(finals, (std::set<std::vector<std::int64_t>>{{2, 2, 7, 7}}));
  o.inputs.scalar_args["m"] = 1;
  EXPECT_THROW(lower(kir::parse_kernel(text, "k.kir"), o.inputs), Error);
  Options p = launch(4, 1);
  p.inputs.memory["b"] = {1};
  EXPECT_THROW(lower(kir::parse_kernel(text, "k.kir"), p.inputs), Error);
  // Defaults are stated.
  LoweredKernel l = lower(kir::parse_kernel(text, "k.kir"), Inputs{});
  std::string notes;
  for (const auto& n : l.notes) notes += n + "\n";
  EXPECT_NE(notes.find("parameter n = 4"), std::string::npos) << notes;
  EXPECT_NE(notes.find("launch blockDim=[2,1,1] gridDim=[2,1,1]"), std::string::npos) << notes;
}

TEST(KernelExploreInputs, KernelArgsAndMemoryParseOrSayWhere) {
  EXPECT_EQ(parse_kernel_args("n=4, m=-2", "args"), (std::map<std::string, std::int64_t>{{"m", -2}, {"n", 4}}));
  EXPECT_TRUE(parse_kernel_args("", "args").empty());
  try {
    parse_kernel_args("n=4,m=", "args");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    EXPECT_EQ(e.loc().column, 7);
  }
  EXPECT_THROW(parse_kernel_args("n=1,n=2", "args"), Error);
  auto m = parse_memory("{\"A\": [1, -2, 3],\n \"s.x\": []}", "m.json");
  EXPECT_EQ(m["A"], (std::vector<std::int64_t>{1, -2, 3}));
  EXPECT_TRUE(m["s.x"].empty());
  try {
    parse_memory("{\"A\": [1,\n 2.5]}", "m.json");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.loc().line, 2);
    EXPECT_EQ(e.loc().file, "m.json");
  }
}
