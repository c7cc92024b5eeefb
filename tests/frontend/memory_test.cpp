// Arrays, pointers and structs through `racecert check`: pointer arithmetic
// into a tile, pointers passed to device functions, struct fields as
// separate locations, multi-dimensional shared arrays (tile transpose),
// shared scalars, extern __shared__ arrays, OpenCL __local pointer
// parameters. DRF and racy variants.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::string k1d = "//pass\n//--blockDim=128 --gridDim=4\n";
const std::string k2d = "//pass\n//--blockDim=[32,32] --gridDim=[4,4]\n";

}  // namespace

// ---- aliases

TEST(Aliasing, RowPointerIntoATile) {
  const std::string body = R"(__global__ void k(float *out) {
  __shared__ float tile[32 * 33];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  float *row = tile + ty * PITCH;
  row[tx] = tx;
  __syncthreads();
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 1024 + ty * 32 + tx] = tile[tx * 33 + ty];
}
)";
  EXPECT_DRF(check(k2d + std::regex_replace(body, std::regex("PITCH"), "33")), "k");
  // A pitch of 31 makes rows overlap: row ty's cell 31 is row ty + 1's cell 0.
  auto racy = check(k2d + std::regex_replace(body, std::regex("PITCH"), "31"));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, ":7:3: error: data race on tile[")) << racy.out;
  auto w = witness(racy);
  EXPECT_EQ(std::abs(w["threadIdx.y@1"] - w["threadIdx.y@2"]), 1) << racy.out;
  EXPECT_EQ(std::abs(w["threadIdx.x@1"] - w["threadIdx.x@2"]), 31) << racy.out;
}

TEST(Aliasing, PointerArithmeticAndIncrements) {
  auto drf = check(k1d + R"(__global__ void k(int *out) {
  __shared__ int s[512];
  int *p = s + 2 * threadIdx.x;
  *p = 1;
  p++;
  *p = threadIdx.x;
  __syncthreads();
  int *q = &s[0];
  q += threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = *q;
}
)");
  EXPECT_DRF(drf, "k");
  // Thread t writes s[t] and s[t + 1]: thread t + 1 writes s[t + 1] too.
  auto racy = check(k1d + R"(__global__ void k() {
  __shared__ int s[512];
  int *p = s + threadIdx.x;
  *p = threadIdx.x;
  p++;
  *p = threadIdx.x;
}
)");
  EXPECT_RACY(racy, "k");
}

const char* kDeviceFunctions = R"(__device__ void put(float *dst, unsigned i, float v) { dst[i] = v; }
__device__ float get(const float *src, unsigned i) { return src[i]; }
)";

TEST(Aliasing, PointersPassedToDeviceFunctions) {
  auto drf = check(k1d + kDeviceFunctions + R"(__global__ void k(float *out) {
  __shared__ float s[128];
  put(s, threadIdx.x, threadIdx.x);
  __syncthreads();
  put(out + blockIdx.x * blockDim.x, threadIdx.x, get(s, (threadIdx.x + 1) % blockDim.x));
}
)");
  EXPECT_DRF(drf, "k");
  auto racy = check(k1d + kDeviceFunctions + R"(__global__ void k(float *out) {
  __shared__ float s[128];
  put(s, threadIdx.x, threadIdx.x);
  put(out + blockIdx.x * blockDim.x, threadIdx.x, get(s, (threadIdx.x + 1) % blockDim.x));
}
)");
  EXPECT_RACY(racy, "k");
  // Both accesses are in the device functions, on lines 3 and 4.
  EXPECT_TRUE(contains(racy.out, "data race on s[")) << racy.out;
  EXPECT_TRUE(contains(racy.out, ":3:56:") && contains(racy.out, ":4:61:")) << racy.out;
  // Pointers offset by the caller: put(s + t, t) writes s[2t], put(s + 1, 2t) s[2t + 1].
  const std::string offsets = R"(__global__ void k() {
  __shared__ float s[512];
  put(s + threadIdx.x, threadIdx.x, 1.0f);
  put(s + OFFSET, 2 * threadIdx.x, 2.0f);
}
)";
  EXPECT_DRF(check(k1d + kDeviceFunctions + std::regex_replace(offsets, std::regex("OFFSET"), "1")), "k");
  // put(s + 2, 2t) writes s[2t + 2], which thread t + 1's first put writes.
  auto overlap = check(k1d + kDeviceFunctions + std::regex_replace(offsets, std::regex("OFFSET"), "2"));
  EXPECT_RACY(overlap, "k");
  auto w = witness(overlap);
  EXPECT_EQ(std::abs(w["threadIdx.x@1"] - w["threadIdx.x@2"]), 1) << overlap.out;
}

TEST(Aliasing, ReferencesToArrayCells) {
  auto drf = check(k1d + R"(__device__ void bump(int &cell, int v) { cell += v; }
__global__ void k(int *out) {
  int &mine = out[blockIdx.x * blockDim.x + threadIdx.x];
  mine = 1;
  bump(mine, threadIdx.x);
}
)");
  EXPECT_DRF(drf, "k");
  auto racy = check(k1d + R"(__device__ void bump(int &cell, int v) { cell += v; }
__global__ void k(int *out) {
  bump(out[blockIdx.x], threadIdx.x);
}
)");
  EXPECT_RACY(racy, "k");
}

// ---- structs

TEST(Structs, DifferentFieldsDoNotConflict) {
  auto r = check(k1d + R"(struct P { int a; int b; };
__global__ void k(P *p) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i].a = i;
  p[i + 1].b = i;
}
)");
  EXPECT_DRF(r, "k");
}

TEST(Structs, SameFieldConflicts) {
  auto r = check(k1d + R"(struct P { int a; int b; };
__global__ void k(P *p) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i].a = i;
  p[i + 1].a = i;
}
)");
  EXPECT_RACY(r, "k");
  EXPECT_TRUE(contains(r.out, "data race on p.a[")) << r.out;
}

TEST(Structs, SharedArrayOfStructsAndStructCopies) {
  const std::string body = R"(struct P { float x; float y; };
__global__ void k(P *out) {
  __shared__ P s[129];
  unsigned t = threadIdx.x;
  s[t].x = t;
  s[t].y = 0;
  BARRIER
  P mine = s[t + 1];
  out[blockIdx.x * blockDim.x + t] = mine;
}
)";
  EXPECT_DRF(check(k1d + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  auto racy = check(k1d + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on s.x[") || contains(racy.out, "data race on s.y[")) << racy.out;
}

TEST(Structs, UnionFieldsOverlap) {
  auto r = check(k1d + R"(union U { int a; int b; };
__global__ void k() {
  __shared__ U u[129];
  unsigned t = threadIdx.x;
  u[t].a = t;
  int v = u[t + 1].b;
  u[t].a = v;
}
)");
  EXPECT_RACY(r, "k");
}

TEST(Structs, UnionMembersOverlapByBytes) {
  // a[1] and b[1] are the same 4 bytes of one union; a[0] is other bytes.
  const std::string body = R"(union V { int a[2]; float b[2]; };
__global__ void k() {
  __shared__ V v[128];
  v[threadIdx.x].a[1] = 3;
  if (threadIdx.x > 0) v[threadIdx.x - 1].MEMBER = 1.0f;
}
)";
  EXPECT_DRF(check(k1d + std::regex_replace(body, std::regex("MEMBER"), "b[0]")), "k");
  auto racy = check(k1d + std::regex_replace(body, std::regex("MEMBER"), "b[1]"));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "(bytes [")) << racy.out;
  // In registers a union with an array member is a value racecert does not track.
  auto reg = check(k1d + R"(union W { int a[2]; float f; };
__global__ void k(int *out) {
  W w;
  w.a[0] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = w.a[0];
}
)");
  EXPECT_DRF(reg, "k");
}

TEST(Structs, ArrowAndDotAgreeOnArrayMembers) {
  // (p + t)->v[0] and p[t + 1].v[0] name the same cell for threads t + 1 and t.
  auto r = check(k1d + R"(struct S { int v[4]; };
__global__ void k(S *p) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  S *mine = p + t;
  mine->v[0] = t;
  int next = p[t + 1].v[0];
  p[t].v[1] = next;
}
)");
  EXPECT_RACY(r, "k");
  EXPECT_TRUE(contains(r.out, "data race on p.v[")) << r.out;
}

TEST(Structs, CastOfAStructPointerAliasesItsField) {
  auto r = check(k1d + R"(struct S { int a; };
__global__ void k(S *p) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int *q = (int *)p;
  q[i] = 1;
  p[i + 1].a = 2;
}
)");
  // q[i + 1] is p[i + 1].a: racecert does not model field offsets across
  // such a cast, so it says unknown there rather than DRF.
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, ":6:12: warning: unsupported: pointer cast between a struct and another type")) << r.out;
  auto via_void = check(k1d + R"(struct S { int a; };
__global__ void k(S *p) {
  int *q = (int *)(void *)p;
  q[threadIdx.x] = 1;
}
)");
  EXPECT_VERDICT(via_void, "k", kUnknown, "unknown");
}

// ---- arrays

TEST(Arrays, TileTransposeWith2dSharedArray) {
  const std::string body = R"(__global__ void transpose(const float *in, float *out, int w) {
  __requires(w == 32 * gridDim.x && gridDim.x == gridDim.y);
  __shared__ float t[32][33];
  unsigned x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  t[threadIdx.y][threadIdx.x] = in[y * w + x];
  BARRIER
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * w + x] = t[threadIdx.x][threadIdx.y];
}
)";
  EXPECT_DRF(check(k2d + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "transpose");
  auto racy = check(k2d + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "transpose");
  EXPECT_TRUE(contains(racy.out, "data race on t[")) << racy.out;
  // Threads (x, y) and (y, x) of one block.
  auto w = witness(racy);
  EXPECT_EQ(w["threadIdx.x@1"], w["threadIdx.y@2"]) << racy.out;
  EXPECT_EQ(w["threadIdx.y@1"], w["threadIdx.x@2"]) << racy.out;
}

TEST(Arrays, TwoDimensionalIndexOutOfARowStillNamesTheRightCell) {
  // Row-major: t[y][33] is t[y + 1][0]. Thread (31, y) writes it as
  // t[y][31 + 2], thread (0, y) as t[y + 1][0].
  auto r = check(k2d + R"(__global__ void k() {
  __shared__ int t[33][33];
  t[threadIdx.y][threadIdx.x + 2] = threadIdx.x;
  if (threadIdx.x == 0) t[threadIdx.y + 1][0] = 77;
}
)");
  EXPECT_RACY(r, "k");
  auto w = witness(r);
  EXPECT_EQ(w["threadIdx.y@1"], w["threadIdx.y@2"]) << r.out;
  EXPECT_EQ(w["threadIdx.x@1"] + w["threadIdx.x@2"], 31) << r.out;
  EXPECT_EQ(w["threadIdx.x@1"] * w["threadIdx.x@2"], 0) << r.out;
}

TEST(Arrays, SharedScalar) {
  const std::string body = R"(__global__ void k(int *out) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = blockIdx.x;
  BARRIER
  out[blockIdx.x * blockDim.x + threadIdx.x] = flag;
}
)";
  EXPECT_DRF(check(k1d + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  auto racy = check(k1d + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on flag in kernel 'k'")) << racy.out;
  auto w = witness(racy);
  EXPECT_TRUE(w["threadIdx.x@1"] == 0 || w["threadIdx.x@2"] == 0) << racy.out;
}

TEST(Arrays, ExternShared) {
  const std::string body = R"(extern __shared__ float dyn[];
__global__ void k(float *out) {
  dyn[threadIdx.x] = threadIdx.x;
  BARRIER
  out[blockIdx.x * blockDim.x + threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}
)";
  EXPECT_DRF(check(k1d + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  auto racy = check(k1d + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on dyn[")) << racy.out;
  auto w = witness(racy);
  EXPECT_EQ(w["threadIdx.x@1"] + w["threadIdx.x@2"], 127) << racy.out;
  // Carving two arrays out of the extern one.
  auto carve = check(k1d + R"(extern __shared__ float dyn[];
__global__ void k(float *out) {
  float *a = dyn;
  float *b = dyn + blockDim.x;
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2.0f;
}
)");
  EXPECT_DRF(carve, "k");
  auto overlap = check(k1d + R"(extern __shared__ float dyn[];
__global__ void k(float *out) {
  float *a = dyn;
  float *b = dyn + blockDim.x / 2;
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2.0f;
}
)");
  EXPECT_RACY(overlap, "k");
}

TEST(Arrays, ExternSharedArraysAlias) {
  auto r = check(k1d + R"(__device__ void helper() {
  extern __shared__ int smem[];
  smem[threadIdx.x + 1] = 2;
}
__global__ void k() {
  extern __shared__ int mine[];
  mine[threadIdx.x] = threadIdx.x;
  helper();
}
)");
  EXPECT_RACY(r, "k");
}

TEST(Arrays, ExternSharedArraysOfDifferentElementSizesAreUnsupported) {
  auto r = check(k1d + R"(__global__ void k() {
  extern __shared__ float f[];
  extern __shared__ double d[];
  f[threadIdx.x] = 1;
  d[threadIdx.x] = 2;
}
)");
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, "extern __shared__ arrays with elements of different sizes")) << r.out;
}

TEST(Arrays, OpenClLocalPointerParameter) {
  const std::string body = R"(//pass
//--local_size=64 --num_groups=4
__kernel void reduce(__global const float *in, __global float *out, __local float *tmp) {
  unsigned l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (l < s) tmp[l] += tmp[l + s];
    BARRIER
  }
  if (l == 0) out[get_group_id(0)] = tmp[0];
}
)";
  EXPECT_DRF(check_cl(std::regex_replace(body, std::regex("BARRIER"), "barrier(CLK_LOCAL_MEM_FENCE);")), "reduce");
  auto racy = check_cl(std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "reduce");
  EXPECT_TRUE(contains(racy.out, ":8:16: error: data race on tmp[")) << racy.out;
  // __local memory is per work-group: the two work-items are in one group.
  EXPECT_EQ(witness(racy)["blockIdx.x"], 0) << racy.out;
  EXPECT_EQ(witness(racy)["blockDim.x"], 64) << racy.out;
}

TEST(Arrays, OpenClLocalArrayAndGlobalIds) {
  auto drf = check_cl(R"(//pass
//--local_size=[8,8] --num_groups=[2,2]
__kernel void k(__global int *out) {
  __local int t[8][9];
  t[get_local_id(1)][get_local_id(0)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = t[get_local_id(0)][get_local_id(1)];
}
)");
  EXPECT_DRF(drf, "k");
  auto racy = check_cl(R"(//pass
//--local_size=[8,8] --num_groups=[2,2]
__kernel void k(__global int *out) {
  out[get_global_id(1) * 8 + get_global_id(0)] = 1 + get_global_id(0);
}
)");
  EXPECT_RACY(racy, "k");
}

// ---- byte views (docs/protocol-language.md "Byte ranges")

const std::string one_block = "//pass\n//--blockDim=128 --gridDim=1\n";

TEST(ByteViews, ScalarPointerCastsBecomeViews) {
  const std::string head = one_block + "__global__ void k(int *out) {\n  __shared__ int s[129];\n  s[threadIdx.x] = 1;\n"
                                 "  __syncthreads();\n";
  // The last byte of one's own int: DRF. The first byte of the next int: racy.
  EXPECT_DRF(check(head + "  ((char *)s)[4 * threadIdx.x + 3] = 0;\n  out[threadIdx.x] = s[threadIdx.x];\n}\n"), "k");
  auto racy = check(head + "  *((char *)s + 4 * threadIdx.x + 4) = 0;\n  out[threadIdx.x] = s[threadIdx.x];\n}\n");
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "(bytes [4, 5)) and s[1] (bytes [4, 8))")) << racy.out;
  // The protocol keeps the view and gets the element size.
  auto shown = check(head + "  ((short *)s)[2 * threadIdx.x + 1] = 0;\n}\n", {"--show", "protocol"});
  EXPECT_TRUE(contains(shown.out, "shared s<4>;")) << shown.out;
  EXPECT_TRUE(contains(shown.out, "wr s<2>[")) << shown.out;
}

TEST(ByteViews, Float4AndFloat2ViewsOfFloatArrays) {
  const std::string head = one_block + "__global__ void k(float *f, float *out) {\n"
                                       "  reinterpret_cast<float4 *>(f)[threadIdx.x] = make_float4(0, 0, 0, 0);\n";
  // The float4 of thread t is floats 4t..4t+3: its third element is its own,
  // the next float is thread t + 1's.
  EXPECT_DRF(check(head + "  out[threadIdx.x] = f[4 * threadIdx.x + 2];\n}\n"), "k");
  auto racy = check(head + "  out[threadIdx.x] = f[4 * threadIdx.x + 4];\n}\n");
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on f[4]")) << racy.out;
  // Two float2 halves of one float4 written by two threads, through ->.
  const std::string halves = one_block + "__global__ void k(float *f) {\n"
                                         "  if (threadIdx.x < 2) (reinterpret_cast<float2 *>(f) + threadIdx.x)->y = 1;\n";
  EXPECT_DRF(check(halves + "}\n"), "k");
  EXPECT_RACY(check(halves + "  if (threadIdx.x == 2) f[1] = 0;\n}\n"), "k");
}

TEST(ByteViews, AddressOfAViewCountsBytesAndMixedStructCastsStayUnsupported) {
  // The address of a byte view is a pointer counting bytes: thread t
  // writes byte 0 of s[t + 1], which thread t + 1 reads.
  auto addr = check(one_block + "__global__ void k(int *out) {\n  __shared__ int s[129];\n"
                          "  char *p = &((char *)s)[4 * threadIdx.x + 4];\n  *p = 0;\n  out[threadIdx.x] = s[threadIdx.x];\n}\n");
  EXPECT_EQ(status_of(addr, "k"), "racy") << addr.out;
  EXPECT_TRUE(contains(addr.out, "(bytes [4, 5)) and s[1] (bytes [4, 8))")) << addr.out;
  // A struct whose fields are not all the array's scalars is no view.
  auto mixed = check(one_block + "struct P { int a; short b, c; };\n__global__ void k(int *f) {\n"
                           "  reinterpret_cast<P *>(f)[threadIdx.x].b = 0;\n}\n");
  EXPECT_EQ(status_of(mixed, "k"), "unknown") << mixed.out;
  EXPECT_TRUE(contains(mixed.out, "pointer cast between a struct and another type")) << mixed.out;
}
