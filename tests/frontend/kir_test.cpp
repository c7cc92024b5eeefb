// The kernel IR that frontend::parse_kernels builds, checked through the API:
// arrays and their memory spaces, loads and stores, barriers of each kind,
// atomics and fences, loops, preconditions, source positions; several
// kernels per file, errors attributed to the kernel they are in.
#include <set>

#include "frontend/frontend.hpp"
#include "inference/infer.hpp"
#include "support/diagnostic.hpp"
#include "tests/frontend/kir_util.hpp"

using namespace racecert;
using namespace racecert::fetest;
namespace fe = racecert::frontend;

TEST(KernelIr, SharedTileArraysBarrierAndPositions) {
  fe::ParsedFile f = parse(R"(__global__ void tile(float *out, int n) {
  __shared__ float t[32][33];
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[n] = t[threadIdx.x][threadIdx.y];
}
)");
  ASSERT_EQ(f.kernels.size(), 1u);
  const fe::LoweredKernel& lk = f.kernels[0];
  EXPECT_TRUE(lk.errors.empty());
  const kir::Kernel& k = lk.kernel;
  EXPECT_EQ(k.name, "tile");
  EXPECT_EQ(k.language, "cuda");
  EXPECT_EQ(k.loc.line, 1);
  ASSERT_EQ(k.parameters.size(), 1u);
  EXPECT_EQ(k.parameters[0].name, "n");
  EXPECT_EQ(k.parameters[0].type, kir::ScalarType::Int);

  const kir::Array* t = k.find_array("t");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->space, kir::Space::Shared);
  EXPECT_EQ(t->sizes, (std::vector<std::int64_t>{32, 33}));
  EXPECT_EQ(t->element, kir::ScalarType::Float);
  EXPECT_FALSE(t->parameter);
  const kir::Array* out = k.find_array("out");
  ASSERT_TRUE(out);
  EXPECT_EQ(out->space, kir::Space::Global);
  EXPECT_TRUE(out->parameter);

  auto barriers = all<kir::Barrier>(k);
  ASSERT_EQ(barriers.size(), 1u);
  EXPECT_EQ(barriers[0].kind, kir::Barrier::Kind::Block);
  EXPECT_EQ(barriers[0].loc.line, 4);
  EXPECT_EQ(barriers[0].loc.column, 3);

  // t[y][x] is linearized row-major: one index, y * 33 + x.
  auto stores = all<kir::Store>(k);
  ASSERT_EQ(stores.size(), 2u);
  EXPECT_EQ(stores[0].at.array, "t");
  ASSERT_EQ(stores[0].at.index.size(), 1u);
  EXPECT_EQ(str(stores[0].at.index[0]), "threadIdx.y * 33 + threadIdx.x");
  EXPECT_EQ(stores[0].loc.line, 3);
  EXPECT_EQ(stores[0].loc.column, 3);
  EXPECT_EQ(stores[1].at.array, "out");
  EXPECT_EQ(stores[1].loc.line, 5);
  auto loads = all<kir::Load>(k);
  ASSERT_EQ(loads.size(), 1u);
  EXPECT_EQ(loads[0].at.array, "t");
  EXPECT_EQ(str(loads[0].at.index[0]), "threadIdx.x * 33 + threadIdx.y");
  EXPECT_EQ(loads[0].loc.line, 5);
  EXPECT_EQ(loads[0].loc.column, 12);
  EXPECT_EQ(k.find_array(loads[0].at.array)->space, kir::Space::Shared);
  // The printed form names the spaces.
  std::string printed = kir::print(k);
  EXPECT_TRUE(contains(printed, "array shared float t<4>[32][33];")) << printed;
  EXPECT_TRUE(contains(printed, "array global float out<4>[] (parameter);")) << printed;
  EXPECT_TRUE(contains(printed, "barrier.block;")) << printed;
}

TEST(KernelIr, BarrierKindsAtomicsAndFences) {
  fe::ParsedFile f = parse(R"(#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *g) {
  __shared__ int s[64];
  atomicAdd(&s[threadIdx.x % 4], 1);
  atomicCAS_block(&s[0], 0, 1);
  atomicExch_system(&g[0], 2);
  __threadfence_block();
  __threadfence();
  __syncwarp();
  cg::this_thread_block().sync();
  cg::this_grid().sync();
  asm volatile("bar.sync 1, 64;");
  asm volatile("bar.arrive 2, 96;");
  int c = __syncthreads_count(s[0] > 0);
  g[threadIdx.x] = c;
}
)");
  const kir::Kernel& k = kernel(f, "k").kernel;
  EXPECT_TRUE(kernel(f, "k").errors.empty());
  auto atomics = all<kir::Atomic>(k);
  ASSERT_EQ(atomics.size(), 3u);
  EXPECT_EQ(atomics[0].op, "add");
  EXPECT_EQ(atomics[0].scope, kir::Scope::Device);
  EXPECT_EQ(atomics[0].at.array, "s");
  EXPECT_EQ(str(atomics[0].at.index[0]), "threadIdx.x % 4");
  EXPECT_EQ(atomics[1].op, "cas");
  EXPECT_EQ(atomics[1].scope, kir::Scope::Block);
  EXPECT_EQ(atomics[2].op, "exch");
  EXPECT_EQ(atomics[2].scope, kir::Scope::System);
  EXPECT_EQ(atomics[2].at.array, "g");
  auto fences = all<kir::Fence>(k);
  ASSERT_EQ(fences.size(), 2u);
  EXPECT_EQ(fences[0].scope, kir::Scope::Block);
  EXPECT_EQ(fences[1].scope, kir::Scope::Device);

  auto barriers = all<kir::Barrier>(k);
  ASSERT_EQ(barriers.size(), 6u);
  EXPECT_EQ(barriers[0].kind, kir::Barrier::Kind::Warp);
  EXPECT_EQ(barriers[1].kind, kir::Barrier::Kind::Block);
  EXPECT_EQ(barriers[2].kind, kir::Barrier::Kind::Grid);
  EXPECT_EQ(barriers[3].kind, kir::Barrier::Kind::Named);
  EXPECT_EQ(str(barriers[3].id), "1");
  EXPECT_EQ(str(barriers[3].count), "64");
  EXPECT_FALSE(barriers[3].arrive);
  EXPECT_EQ(barriers[4].kind, kir::Barrier::Kind::Named);
  EXPECT_EQ(str(barriers[4].id), "2");
  EXPECT_EQ(str(barriers[4].count), "96");
  EXPECT_TRUE(barriers[4].arrive);
  EXPECT_EQ(barriers[5].kind, kir::Barrier::Kind::Block);
  EXPECT_FALSE(barriers[5].var.empty());  // __syncthreads_count's result
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(barriers[i].loc.line, static_cast<int>(10 + i));
  EXPECT_EQ(barriers[5].loc.line, 15);
}

TEST(KernelIr, NamedBarrierHasAPosition) {
  fe::ParsedFile f = parse("__global__ void k() {\n  asm volatile(\"bar.sync 1, 64;\");\n}\n");
  auto barriers = all<kir::Barrier>(kernel(f, "k").kernel);
  ASSERT_EQ(barriers.size(), 1u);
  EXPECT_EQ(barriers[0].loc.line, 2);
  EXPECT_EQ(barriers[0].loc.column, 3);
}

TEST(KernelIr, LoopsAndPreconditions) {
  fe::ParsedFile f = parse(R"(__global__ void k(int *a, int n) {
  __requires(n == 64);
  for (int s = 1; s < n; s *= 2)
    a[s] = s;
  int i = 0;
  do {
    a[i] = 0;
    i += 4;
  } while (i < n);
}
)");
  const kir::Kernel& k = kernel(f, "k").kernel;
  ASSERT_EQ(k.preconditions.size(), 1u);
  EXPECT_EQ(str(k.preconditions[0]), "n == 64");
  auto loops = all<kir::Loop>(k);
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_TRUE(loops[0].test_first);
  EXPECT_EQ(str(loops[0].cond), "s < n");
  ASSERT_EQ(loops[0].update.size(), 1u);
  ASSERT_TRUE(loops[0].update[0].is<kir::Assign>());
  EXPECT_EQ(str(loops[0].update[0].as<kir::Assign>().value), "s * 2");
  EXPECT_EQ(loops[0].loc.line, 3);
  EXPECT_FALSE(loops[1].test_first);
  EXPECT_EQ(str(loops[1].cond), "i < n");
  EXPECT_EQ(loops[1].loc.line, 6);
  // Nothing in the body is an assumption any more.
  EXPECT_TRUE(all<kir::Assume>(k).empty());
}

TEST(KernelIr, StructFieldsAreArraysOfTheirOwn) {
  fe::ParsedFile f = parse(R"(struct P { int a; float b; };
__global__ void k(P *p) {
  p[threadIdx.x].a = 1;
  p[threadIdx.x + 1].b = 2.0f;
}
)");
  const kir::Kernel& k = kernel(f, "k").kernel;
  auto stores = all<kir::Store>(k);
  ASSERT_EQ(stores.size(), 2u);
  EXPECT_EQ(stores[0].at.array, "p.a");
  EXPECT_EQ(stores[1].at.array, "p.b");
  ASSERT_TRUE(k.find_array("p.a"));
  EXPECT_EQ(k.find_array("p.a")->space, kir::Space::Global);
  EXPECT_EQ(k.find_array("p.a")->element, kir::ScalarType::Int);
  EXPECT_EQ(k.find_array("p.b")->element, kir::ScalarType::Float);
}

TEST(KernelIr, DeviceFunctionsAreInlinedWithTheirPointers) {
  fe::ParsedFile f = parse(R"(__device__ void put(float *dst, int i) { dst[i] = 0.0f; }
__global__ void k() {
  __shared__ float tile[32 * 33];
  float *row = tile + threadIdx.y * 33;
  put(row, threadIdx.x);
}
)");
  const kir::Kernel& k = kernel(f, "k").kernel;
  auto stores = all<kir::Store>(k);
  ASSERT_EQ(stores.size(), 1u);
  EXPECT_EQ(stores[0].at.array, "tile");
  EXPECT_EQ(stores[0].loc.line, 1);  // where the store is written
  // The protocol resolves the offsets: tile[threadIdx.y * 33 + threadIdx.x].
  inference::Inference inf = inference::infer_protocol(k);
  EXPECT_TRUE(inf.unsupported.empty());
  ASSERT_EQ(inf.protocol.arrays.size(), 1u);
  EXPECT_EQ(inf.protocol.arrays[0].name, "tile");
  ASSERT_EQ(inf.protocol.body.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<protocol::Access>(inf.protocol.body[0].node));
  const auto& acc = std::get<protocol::Access>(inf.protocol.body[0].node);
  ASSERT_EQ(acc.index.size(), 1u);
  EXPECT_EQ(str(acc.index[0]), "threadIdx.y * 33 + threadIdx.x");
}

TEST(KernelIr, OpenClKernel) {
  fe::ParsedFile f = parse(R"(__kernel void k(__global float *g, __local float *l, __constant float *c) {
  l[get_local_id(0)] = c[get_group_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  g[get_global_id(0)] = l[get_local_size(0) - 1 - get_local_id(0)];
}
)",
                           ".cl");
  const kir::Kernel& k = kernel(f, "k").kernel;
  EXPECT_EQ(k.language, "opencl");
  EXPECT_EQ(k.find_array("g")->space, kir::Space::Global);
  EXPECT_EQ(k.find_array("l")->space, kir::Space::Shared);
  EXPECT_EQ(k.find_array("c")->space, kir::Space::Constant);
  auto stores = all<kir::Store>(k);
  ASSERT_EQ(stores.size(), 2u);
  EXPECT_TRUE(contains(str(stores[0].at.index[0]), "threadIdx.x")) << str(stores[0].at.index[0]);
  EXPECT_TRUE(contains(str(stores[1].at.index[0]), "blockIdx.x * blockDim.x + threadIdx.x"))
      << str(stores[1].at.index[0]);
  ASSERT_EQ(all<kir::Barrier>(k).size(), 1u);
  EXPECT_EQ(all<kir::Barrier>(k)[0].kind, kir::Barrier::Kind::Block);
}

// OpenCL barrier flags say which memory a barrier orders (CLK_LOCAL_MEM_FENCE
// is 1, CLK_GLOBAL_MEM_FENCE 2); a flag that is not a constant orders
// nothing, which may only add races. __syncthreads orders everything.
TEST(KernelIr, OpenClBarrierFlagsSayWhatTheyOrder) {
  fe::ParsedFile f = parse(R"(__kernel void k(__global int *g, int flags) {
  barrier(CLK_LOCAL_MEM_FENCE);
  barrier(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  barrier(0);
  barrier(flags);
}
)",
                           ".cl");
  auto barriers = all<kir::Barrier>(kernel(f, "k").kernel);
  ASSERT_EQ(barriers.size(), 5u);
  std::vector<std::pair<bool, bool>> orders;
  for (const auto& b : barriers) orders.emplace_back(b.orders_shared, b.orders_global);
  EXPECT_EQ(orders, (std::vector<std::pair<bool, bool>>{{true, false}, {false, true}, {true, true}, {false, false},
                                                        {false, false}}));
  EXPECT_TRUE(contains(kir::print(kernel(f, "k").kernel), "barrier.block shared;\n  barrier.block global;\n"
                                                             "  barrier.block;\n  barrier.block none;\n"));
  fe::ParsedFile cuda = parse("__global__ void c() { __syncthreads(); }\n");
  auto sync = all<kir::Barrier>(kernel(cuda, "c").kernel);
  ASSERT_EQ(sync.size(), 1u);
  EXPECT_TRUE(sync[0].orders_shared && sync[0].orders_global);
}

// GPUVerify's cuda.h brings cooperative groups, and its testsuite uses the
// older free function synchronize(g) (gone from CUDA 12): both are read.
TEST(KernelIr, CooperativeGroupsThroughCudaHAndSynchronize) {
  fe::ParsedFile f = parse(R"(#include <cuda.h>
using namespace cooperative_groups;
__global__ void k(int *A) {
  thread_block b = this_thread_block();
  synchronize(b);
  grid_group g = this_grid();
  synchronize(g);
  uint u = 0; ushort h = 0; ulong l = 0; uchar c = 0;
  if (A != NULL) A[threadIdx.x] = u + h + l + c;
}
)");
  ASSERT_TRUE(kernel(f, "k").errors.empty()) << kernel(f, "k").errors.front().message;
  auto barriers = all<kir::Barrier>(kernel(f, "k").kernel);
  ASSERT_EQ(barriers.size(), 2u);
  EXPECT_EQ(barriers[0].kind, kir::Barrier::Kind::Block);
  EXPECT_EQ(barriers[1].kind, kir::Barrier::Kind::Grid);
}

// Warp barriers carry the size of the groups they synchronize: 32 for a
// full-mask __syncwarp, N for a thread_block_tile<N>, none (null) for a
// partial or unknown mask or a group of unknown threads.
TEST(KernelIr, WarpBarrierWidths) {
  fe::ParsedFile f = parse(R"(#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *A, unsigned mask) {
  __syncwarp();
  __syncwarp(0xffffffff);
  __syncwarp(0x0000ffff);
  __syncwarp(mask);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  warp.sync();
  cg::thread_block_tile<16> half = cg::tiled_partition<16>(cg::this_thread_block());
  half.sync();
  cg::sync(half);
  cg::coalesced_threads().sync();
  cg::thread_group any = cg::tiled_partition(cg::this_thread_block(), 8);
  any.sync();
  A[threadIdx.x] = 0;
}
)");
  ASSERT_TRUE(kernel(f, "k").errors.empty()) << kernel(f, "k").errors.front().message;
  auto barriers = all<kir::Barrier>(kernel(f, "k").kernel);
  ASSERT_EQ(barriers.size(), 9u);
  std::vector<std::string> widths;
  for (const auto& b : barriers) {
    EXPECT_EQ(b.kind, kir::Barrier::Kind::Warp);
    widths.push_back(str(b.count));
  }
  EXPECT_EQ(widths, (std::vector<std::string>{"32", "32", "null", "null", "32", "16", "16", "null", "null"}));
  EXPECT_TRUE(contains(kir::print(kernel(f, "k").kernel), "barrier.warp 16;"));
}

TEST(KernelIr, TemplateKernels) {
  fe::ParsedFile f = parse(R"(template <int S> __global__ void inst(int *a) { a[threadIdx.x * S] = 0; }
template __global__ void inst<4>(int *);
template <int S> __global__ void open(int *a) { a[threadIdx.x * S] = 0; }
)");
  ASSERT_EQ(f.kernels.size(), 2u);
  const kir::Kernel& inst = kernel(f, "inst<4>").kernel;
  EXPECT_EQ(str(all<kir::Store>(inst)[0].at.index[0]), "a.offset + threadIdx.x * 4");
  EXPECT_EQ(inst.find_variable("S"), nullptr);
  // Not instantiated: S is a parameter of the kernel (uniform).
  const kir::Kernel& open = kernel(f, "open").kernel;
  ASSERT_TRUE(open.find_variable("S"));
  // S is an int, converted to unsigned for the product, which wraps around
  // 2^32 (docs/frontend.md, "Integer widths"): nothing bounds S. The
  // conversion's wrap is absorbed by the product's (the same value mod 2^32).
  EXPECT_EQ(str(all<kir::Store>(open)[0].at.index[0]), "a.offset + (threadIdx.x * S & 4294967295)");
}

TEST(KernelIr, ErrorsStayWithTheirKernel) {
  fe::ParsedFile f = parse(R"(__global__ void good(int *a) { a[threadIdx.x] = 1; }
__global__ void broken(int *a) { a[threadIdx.x] = 1 +; }
__global__ void typo(int *a) { a[threadIdx.x] = undeclared; }
)");
  ASSERT_EQ(f.kernels.size(), 3u);
  EXPECT_TRUE(kernel(f, "good").errors.empty());
  EXPECT_FALSE(kernel(f, "good").malformed);
  EXPECT_EQ(all<kir::Store>(kernel(f, "good").kernel).size(), 1u);
  ASSERT_FALSE(kernel(f, "broken").errors.empty());
  EXPECT_TRUE(kernel(f, "broken").malformed);
  EXPECT_EQ(kernel(f, "broken").errors[0].loc.line, 2);
  ASSERT_EQ(kernel(f, "typo").errors.size(), 1u);
  EXPECT_FALSE(kernel(f, "typo").malformed);  // a semantic error, not a syntax error
  EXPECT_EQ(kernel(f, "typo").errors[0].loc.line, 3);
  EXPECT_TRUE(contains(kernel(f, "typo").errors[0].message, "undeclared")) << kernel(f, "typo").errors[0].message;
}

TEST(KernelIr, MissingHeaderIsANote) {
  fe::ParsedFile f = parse("#include \"nothere.h\"\n__global__ void k(int *a) { a[threadIdx.x] = 1; }\n");
  ASSERT_EQ(f.kernels.size(), 1u);
  EXPECT_TRUE(f.kernels[0].errors.empty());
  ASSERT_EQ(f.notes.size(), 1u);
  EXPECT_TRUE(contains(f.notes[0].message, "nothere.h")) << f.notes[0].message;
  EXPECT_EQ(f.notes[0].severity, Diagnostic::Severity::Note);
}

TEST(KernelIr, OptionsDefinesAndIncludeDirs) {
  std::string dir = temp_dir();
  write_file(dir + "/sizes.h", "#define TILE 16\n");
  fe::Options o;
  o.defines = {"EXTRA=3"};
  o.include_dirs = {dir};
  fe::ParsedFile f = parse("#include \"sizes.h\"\n__global__ void k(int *a) { a[threadIdx.x * TILE + EXTRA] = 1; }\n",
                           ".cu", o);
  EXPECT_TRUE(f.notes.empty());
  const fe::LoweredKernel& k = kernel(f, "k");
  EXPECT_TRUE(k.errors.empty());
  EXPECT_EQ(str(all<kir::Store>(k.kernel)[0].at.index[0]), "a.offset + (threadIdx.x * 16 + 3)");
}

TEST(KernelIr, FileErrors) {
  EXPECT_THROW(fe::parse_kernels("/no/such/dir/k.cu", {}), Error);
  // Errors and no kernel at all: malformed input.
  try {
    parse("int x = ;\n");
    ADD_FAILURE() << "no exception";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    EXPECT_EQ(e.loc().line, 1);
  }
  // No kernel and no error: an empty result, not an exception.
  EXPECT_TRUE(parse("__device__ int f(int x) { return x; }\n").kernels.empty());
  EXPECT_TRUE(fe::is_kernel_file("a/b.cu"));
  EXPECT_TRUE(fe::is_kernel_file("b.cuh"));
  EXPECT_TRUE(fe::is_kernel_file("b.cl"));
  EXPECT_FALSE(fe::is_kernel_file("b.map"));
  EXPECT_FALSE(fe::is_kernel_file("b.cpp"));
}

TEST(KernelIr, FileInTheCurrentDirectory) {
  std::string dir = temp_dir();
  write_file(dir + "/k.cu", "__global__ void k(int *a) { a[threadIdx.x] = 1; }\n");
  char old[4096];
  ASSERT_TRUE(getcwd(old, sizeof old));
  ASSERT_EQ(chdir(dir.c_str()), 0);
  std::size_t n = 0;
  try {
    n = fe::parse_kernels("k.cu", {}).kernels.size();
  } catch (const Error& e) {
    ADD_FAILURE() << e.render();
  }
  auto r = testkit::run_racecert({"check", "k.cu"});
  ASSERT_EQ(chdir(old), 0);
  EXPECT_EQ(n, 1u);
  EXPECT_DRF(r, "k");
}

// ---- the constructs of the explorer's kernels (issue 14): each lowered
// with its operation, order and scope, so that the explorer can run it.

TEST(KernelIr, AtomicRefCompareExchangeReturnsWhetherItMatched) {
  fe::ParsedFile f = parse(R"(#include <cuda/atomic>
__global__ void lock(int *l, int *counter) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(*l);
  int expected = 0;
  while (!r.compare_exchange_strong(expected, 1, cuda::memory_order_acquire)) expected = 0;
  *counter = expected;
}
)");
  const fe::LoweredKernel& lk = kernel(f, "lock");
  EXPECT_TRUE(lk.errors.empty());
  auto atomics = all<kir::Atomic>(lk.kernel);
  ASSERT_EQ(atomics.size(), 1u);
  EXPECT_EQ(atomics[0].op, "cas");
  EXPECT_EQ(atomics[0].order, kir::MemoryOrder::Acquire);
  EXPECT_EQ(atomics[0].scope, kir::Scope::Block);
  EXPECT_EQ(atomics[0].at.array, "l");
  ASSERT_EQ(atomics[0].operands.size(), 2u);
  EXPECT_EQ(str(atomics[0].operands[1]), "1");
  // The compared value is `expected` as it was before the atomic; the old
  // value goes back into `expected`, and the loop leaves when they are equal
  // (not when the old value is nonzero, as a bool of the old value would).
  std::string before = str(atomics[0].operands[0]), old = atomics[0].var;
  std::string printed = kir::print(lk.kernel);
  EXPECT_TRUE(contains(printed, before + " = expected;")) << printed;
  EXPECT_TRUE(contains(printed, "expected = " + old + ";")) << printed;
  EXPECT_TRUE(contains(printed, "if (" + old + " == " + before + ")")) << printed;
}

TEST(KernelIr, TemporaryAtomicRefNamesItsCell) {
  fe::ParsedFile f = parse(R"(#include <cuda/atomic>
__global__ void flag(int *g) {
  cuda::atomic_ref<int, cuda::thread_scope_device>(g[1]).store(3, cuda::memory_order_release);
  int v = cuda::atomic_ref<int, cuda::thread_scope_system>(g[2]).load(cuda::memory_order_acquire);
  g[threadIdx.x + 3] = v;
}
)");
  const fe::LoweredKernel& lk = kernel(f, "flag");
  EXPECT_TRUE(lk.errors.empty());
  EXPECT_TRUE(all<kir::Unsupported>(lk.kernel).empty()) << kir::print(lk.kernel);
  auto atomics = all<kir::Atomic>(lk.kernel);
  ASSERT_EQ(atomics.size(), 2u);
  EXPECT_EQ(atomics[0].op, "store");
  EXPECT_EQ(atomics[0].order, kir::MemoryOrder::Release);
  EXPECT_EQ(atomics[0].scope, kir::Scope::Device);
  EXPECT_EQ(atomics[0].at.array, "g");
  EXPECT_EQ(str(atomics[0].at.index[0]), "g.offset + 1");
  EXPECT_EQ(atomics[1].op, "load");
  EXPECT_EQ(atomics[1].order, kir::MemoryOrder::Acquire);
  EXPECT_EQ(atomics[1].scope, kir::Scope::System);
}

TEST(KernelIr, AtomicThreadFenceHasItsScopeAndOrder) {
  fe::ParsedFile f = parse(R"(#include <cuda/atomic>
__global__ void fences(int *g) {
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_thread);
  g[threadIdx.x] = 1;
}
)");
  auto fences = all<kir::Fence>(kernel(f, "fences").kernel);
  ASSERT_EQ(fences.size(), 3u);  // a thread-scope fence orders nothing between threads
  EXPECT_EQ(fences[0].scope, kir::Scope::Device);
  EXPECT_EQ(fences[0].order, kir::MemoryOrder::Release);
  EXPECT_EQ(fences[1].scope, kir::Scope::Block);
  EXPECT_EQ(fences[1].order, kir::MemoryOrder::Acquire);
  EXPECT_EQ(fences[2].scope, kir::Scope::System);
  EXPECT_EQ(fences[2].order, kir::MemoryOrder::SeqCst);
}

TEST(KernelIr, OpenClWorkItemFenceOfDeviceScope) {
  fe::ParsedFile f = parse(R"(__kernel void fences(__global int *g) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  g[get_global_id(0)] = 1;
}
)",
                           ".cl");
  auto fences = all<kir::Fence>(kernel(f, "fences").kernel);
  ASSERT_EQ(fences.size(), 3u);
  EXPECT_EQ(fences[0].scope, kir::Scope::Device);
  EXPECT_EQ(fences[1].scope, kir::Scope::Block);
  EXPECT_EQ(fences[2].scope, kir::Scope::Block);  // mem_fence: within the work-group
}

TEST(KernelIr, AssertIsAnAssertionOnItsCondition) {
  fe::ParsedFile f = parse(R"(#include <cassert>
__global__ void check(int *g) {
  int v = atomicAdd(g, 1);
  assert(v < 4);
}
)");
  const kir::Kernel& k = kernel(f, "check").kernel;
  auto asserts = all<kir::Assert>(k);
  ASSERT_EQ(asserts.size(), 1u);
  EXPECT_EQ(asserts[0].loc.line, 4);
  // It sits in the branch where the condition is false.
  EXPECT_TRUE(contains(kir::print(k), "} else {\n    assert false;")) << kir::print(k);
}

TEST(KernelIr, AtomicRefOperatorsReturnTheirValues) {
  fe::ParsedFile f = parse(R"(#include <cuda/atomic>
__global__ void ops(int *c, int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*c);
  out[0] = r++;
  out[1] = ++r;
  out[2] = (r += 5);
  out[3] = (r = 7);
  out[4] = r;
}
)");
  const fe::LoweredKernel& lk = kernel(f, "ops");
  EXPECT_TRUE(lk.errors.empty());
  EXPECT_TRUE(all<kir::Unsupported>(lk.kernel).empty()) << kir::print(lk.kernel);
  auto atomics = all<kir::Atomic>(lk.kernel);
  ASSERT_EQ(atomics.size(), 5u);
  std::vector<std::string> ops, operands;
  for (const auto& a : atomics) {
    ops.push_back(a.op);
    operands.push_back(a.operands.empty() ? "" : str(a.operands[0]));
    EXPECT_EQ(a.order, kir::MemoryOrder::SeqCst);
  }
  EXPECT_EQ(ops, (std::vector<std::string>{"add", "add", "add", "store", "load"}));
  EXPECT_EQ(operands, (std::vector<std::string>{"1", "1", "5", "7", ""}));  // r++ adds 1, not its dummy 0
  auto stores = all<kir::Store>(lk.kernel);
  ASSERT_EQ(stores.size(), 5u);
  EXPECT_EQ(str(stores[0].value), atomics[0].var);  // postfix: the old value
  EXPECT_TRUE(contains(str(stores[1].value), atomics[1].var + " + 1")) << str(stores[1].value);  // prefix: the new one
  EXPECT_TRUE(contains(str(stores[2].value), atomics[2].var + " + 5")) << str(stores[2].value);
  EXPECT_EQ(str(stores[3].value), "7");
  EXPECT_TRUE(atomics[3].var.empty());
  EXPECT_EQ(str(stores[4].value), atomics[4].var);  // the conversion is a load
}

TEST(KernelIr, OpenClCompareExchangeReturnsWhetherItMatched) {
  fe::ParsedFile f = parse(R"(__kernel void lock(__global atomic_int *l, __global int *counter) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(l, &expected, 1, memory_order_acquire, memory_order_relaxed,
                                                  memory_scope_work_group))
    expected = 0;
  *counter = expected;
}
)",
                           ".cl");
  const fe::LoweredKernel& lk = kernel(f, "lock");
  EXPECT_TRUE(lk.errors.empty());
  auto atomics = all<kir::Atomic>(lk.kernel);
  ASSERT_EQ(atomics.size(), 1u);
  EXPECT_EQ(atomics[0].op, "cas");
  EXPECT_EQ(atomics[0].order, kir::MemoryOrder::Acquire);  // the success order
  EXPECT_EQ(atomics[0].scope, kir::Scope::Block);
  ASSERT_EQ(atomics[0].operands.size(), 2u);
  EXPECT_EQ(str(atomics[0].operands[1]), "1");
  std::string before = str(atomics[0].operands[0]), old = atomics[0].var;
  std::string printed = kir::print(lk.kernel);
  EXPECT_TRUE(contains(printed, before + " = expected;")) << printed;
  EXPECT_TRUE(contains(printed, "expected = " + old + ";")) << printed;
  EXPECT_TRUE(contains(printed, "if (" + old + " == " + before + ")")) << printed;
}

// Constant folding reads constants only: const and constexpr variables, a
// const array's elements and const floats fold; a plain variable, a plain
// float and an array not const do not (the front end skips Clang's
// evaluator for the latter, issue 18: the values must not change).
TEST(KernelIr, ConstantsFoldAndVariablesDoNot) {
  fe::ParsedFile f = parse(R"(__device__ const int kTable[4] = {3, 5, 7, 9};
__device__ int table[4];
__global__ void k(int* a, float* b, int n) {
  const int c = 4;
  constexpr int d = 2;
  int x = 6;
  const float h = 1.5f;
  float g = 2.5f;
  a[threadIdx.x] = kTable[2] + c * d;
  a[threadIdx.x + 64] = x + 1;
  a[threadIdx.x + 128] = table[1] + 1;
  a[threadIdx.x + 192] = -n;
  b[threadIdx.x] = h * 2.0f;
  b[threadIdx.x + 64] = g * 2.0f;
}
)");
  std::string printed = kir::print(kernel(f, "k").kernel);
  EXPECT_TRUE(contains(printed, "store a[a.offset + threadIdx.x] = 15;")) << printed;
  EXPECT_TRUE(contains(printed, "store a[a.offset + (threadIdx.x + 64)] = x + 1;")) << printed;
  EXPECT_FALSE(contains(printed, "store a[a.offset + (threadIdx.x + 128)] = 6;")) << printed;
  EXPECT_TRUE(contains(printed, "store a[a.offset + (threadIdx.x + 192)] = ")) << printed;
  EXPECT_FALSE(contains(printed, "store a[a.offset + (threadIdx.x + 192)] = 0;")) << printed;
  // 3.0f's bits: 0x40400000.
  EXPECT_TRUE(contains(printed, "store b[b.offset + threadIdx.x] = 1077936128;")) << printed;
  EXPECT_TRUE(contains(printed, "store b[b.offset + (threadIdx.x + 64)] = ?;")) << printed;
}

// Temporaries (tmp<n>) and variables the kernel declares with such names
// never share a name, whichever comes first: a declaration of a name a
// temporary holds gets a suffix, and a temporary skips a number a
// declaration holds. (Temporaries are kept out of the lowering's name
// table, issue 18.)
TEST(KernelIr, TemporariesAndDeclaredTmpNamesStayApart) {
  fe::ParsedFile f = parse(R"(__global__ void k(int* a) {
  int x = a[threadIdx.x];
  int tmp0 = a[threadIdx.x + 1];
  int y = a[threadIdx.x + 2] + a[threadIdx.x + 5];
  int tmp4 = a[threadIdx.x + 3];
  { int tmp4 = 2; a[threadIdx.x] = tmp4 + tmp0; }
  int tmp1 = 7;
  a[threadIdx.x + 64] = x + y + tmp4 + tmp1 + a[0];
}
)");
  const kir::Kernel& k = kernel(f, "k").kernel;
  std::set<std::string> names;
  for (const auto& v : k.locals) EXPECT_TRUE(names.insert(v.name).second) << "twice: " << v.name;
  EXPECT_EQ(k.locals.size(), 13u);  // a.offset, 6 declared, 6 loads
  std::string printed = kir::print(k);
  EXPECT_TRUE(contains(printed, "tmp1#1 = 7;")) << printed;  // tmp1 was a temporary's
  EXPECT_TRUE(contains(printed, "tmp4 = tmp5;")) << printed;  // tmp4 was declared first
  EXPECT_TRUE(contains(printed, "tmp4#1 = 2;")) << printed;
  EXPECT_TRUE(contains(printed, "x + y + tmp4 + tmp1#1 + tmp6")) << printed;
}
