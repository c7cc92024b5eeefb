// CudaDMA-style classes (docs/frontend.md "Constructors and references"): an
// object built in the kernel keeps barrier ids, thread counts, its role and
// a pointer to a shared buffer in members; member functions call each other
// (`f()`, `this->f()`), and a derived class's constructor runs its base's.
// Each DRF kernel has a twin with a bug the same resolution must find.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::vector<std::string> kMemberLaunch = {"--block-dim", "128", "--grid-dim", "1"};

// A DMA class: warps 2-3 fill `buf_` and arrive on `full_`; warps 0-1 sync on
// it, read, and arrive on `empty_`, which the DMA warps sync on before the
// next copy. RELEASE_EARLY moves the compute warps' release before their read.
const char* kDmaClass = R"(
class Dma {
 public:
  __device__ Dma(int full, int empty, int total, float *buf)
      : full_(full), empty_(empty), total_(total), buf_(buf), is_dma_(threadIdx.x >= 64) {}
  __device__ bool owns_this_thread() const { return is_dma_; }
  __device__ void execute_dma(const float *src) {
    wait_for_dma_start();
    buf_[threadIdx.x - 64] = src[threadIdx.x - 64];
    this->finish_async_dma();
  }
  __device__ void wait_for_dma_start() const { asm volatile("bar.sync %0, %1;" ::"r"(empty_), "r"(total_)); }
  __device__ void finish_async_dma() const { asm volatile("bar.arrive %0, %1;" ::"r"(full_), "r"(total_)); }
  __device__ void start_async_dma() const { asm volatile("bar.arrive %0, %1;" ::"r"(empty_), "r"(total_)); }
  __device__ void wait_for_dma_finish() const { asm volatile("bar.sync %0, %1;" ::"r"(full_), "r"(total_)); }
 private:
  int full_, empty_, total_;
  float *buf_;
  bool is_dma_;
};
)";

std::string dma_kernel(bool release_early, int total = 128) {
  std::string read = "out[s * 64 + threadIdx.x] = buf[threadIdx.x];";
  std::string release = "if (s < 3) dma.start_async_dma();";
  return std::string(kDmaClass) + R"(
__global__ void k(const float *in, float *out) {
  __shared__ float buf[64];
  Dma dma(1, 2, )" + std::to_string(total) + R"(, buf);
  if (dma.owns_this_thread()) {
    for (int s = 0; s < 4; ++s) dma.execute_dma(in + s * 64);
  } else {
    dma.start_async_dma();
    for (int s = 0; s < 4; ++s) {
      dma.wait_for_dma_finish();
      )" + (release_early ? release + "\n      " + read : read + "\n      " + release) + R"(
    }
  }
}
)";
}

}  // namespace

TEST(MemberCalls, CallsThroughThisRunOnTheSameObject) {
  // Before: `wait_for_dma_start()` inside execute_dma was a call on `this`,
  // a pointer no slot tracks: "read of object of a member call" (unknown).
  auto drf = check(dma_kernel(false), kMemberLaunch);
  EXPECT_DRF(drf, "k");
  EXPECT_TRUE(contains(drf.out, "well-synchronized (8 dynamic barriers)")) << drf.out;
  // The member pointer buf_ is `buf`: the early release races on it.
  auto racy = check(dma_kernel(true), kMemberLaunch);
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on buf[")) << racy.out;
  // The count in a member reaches the barrier: 96 for 128 threads is not
  // well-synchronized.
  auto wrong = check(dma_kernel(false, 96), kMemberLaunch);
  EXPECT_EQ(status_of(wrong, "k"), "deadlock") << wrong.out << wrong.err;
}

TEST(MemberCalls, BaseClassConstructorRunsOnTheObject) {
  // The ids, count and role live in the base; the derived template adds the
  // buffer. Before, the base's fields were unknown, so the role test was
  // data-dependent (unknown).
  std::string source = R"(
class DmaBase {
 public:
  __device__ DmaBase(int full, int empty, int num_dma, int num_compute)
      : full_(full), empty_(empty), total_(num_dma + num_compute) { is_dma_ = threadIdx.x >= num_compute; }
  __device__ bool owns_this_thread() const { return is_dma_; }
  __device__ void sync(int id) const { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(total_)); }
  __device__ void arrive(int id) const { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(total_)); }
 protected:
  int full_, empty_, total_;
  bool is_dma_;
};
template <bool DO_SYNC, int ELMTS>
class DmaSequential : public DmaBase {
 public:
  __device__ DmaSequential(int full, int empty, float *buf) : DmaBase(full, empty, 64, 64), buf_(buf) {}
  __device__ void execute_dma(const float *src) const {
    if (DO_SYNC) sync(empty_);
    for (int i = 0; i < ELMTS; ++i) buf_[threadIdx.x - 64 + 64 * i] = src[threadIdx.x - 64 + 64 * i];
    if (DO_SYNC) arrive(full_);
  }
  __device__ void start_async_dma() const { arrive(empty_); }
  __device__ void wait_for_dma_finish() const { sync(full_); }
 private:
  float *buf_;
};
__global__ void k(const float *in, float *out) {
  __shared__ float buf[128];
  DmaSequential<true, 2> dma(1, 2, buf);
  if (dma.owns_this_thread()) {
    for (int s = 0; s < 4; ++s) dma.execute_dma(in + s * 128);
  } else {
    dma.start_async_dma();
    for (int s = 0; s < 4; ++s) {
      dma.wait_for_dma_finish();
      out[s * 64 + threadIdx.x] = buf[threadIdx.x] + buf[threadIdx.x + READ_OFFSET];
      if (s < 3) dma.start_async_dma();
    }
  }
}
)";
  auto at = [&](const std::string& offset) {
    return std::regex_replace(source, std::regex("READ_OFFSET"), offset);
  };
  auto drf = check(at("64"), kMemberLaunch);
  EXPECT_DRF(drf, "k");
  // A `sync` of the file's own is inlined, not read as a cooperative group's:
  // without its bar.sync the DMA warps would not wait, and this would deadlock.
  EXPECT_TRUE(contains(drf.out, "well-synchronized (8 dynamic barriers)")) << drf.out;
  // The twin releases the buffer before reading it: the next copy races.
  auto racy_twin = std::regex_replace(at("64"), std::regex("if \\(s < 3\\) dma.start_async_dma\\(\\);"), "");
  racy_twin = std::regex_replace(racy_twin, std::regex("dma.wait_for_dma_finish\\(\\);"),
                                 "dma.wait_for_dma_finish();\n      if (s < 3) dma.start_async_dma();");
  EXPECT_RACY(check(racy_twin, kMemberLaunch), "k");
}

TEST(MemberCalls, MemberObjectIsBuiltByItsConstructor) {
  // A pipeline object holding a DMA object: the member's constructor runs
  // on the member.
  std::string source = std::string(kDmaClass) + R"(
struct Pipeline {
  Dma dma;
  __device__ Pipeline(float *buf, int total) : dma(1, 2, total, buf) {}
};
__global__ void k(const float *in, float *out) {
  __shared__ float buf[64];
  Pipeline p(buf, COUNT);
  if (p.dma.owns_this_thread()) {
    for (int s = 0; s < 4; ++s) p.dma.execute_dma(in + s * 64);
  } else {
    p.dma.start_async_dma();
    for (int s = 0; s < 4; ++s) {
      p.dma.wait_for_dma_finish();
      out[s * 64 + threadIdx.x] = buf[threadIdx.x];
      if (s < 3) p.dma.start_async_dma();
    }
  }
}
)";
  EXPECT_DRF(check(std::regex_replace(source, std::regex("COUNT"), "128"), kMemberLaunch), "k");
  auto wrong = check(std::regex_replace(source, std::regex("COUNT"), "64"), kMemberLaunch);
  EXPECT_EQ(status_of(wrong, "k"), "deadlock") << wrong.out << wrong.err;
}

TEST(MemberCalls, FieldHidingABaseFieldIsUnknown) {
  // Fields are variables named object.field, so two fields named id_ would
  // share one: unsupported, with the construction's position.
  auto r = check(R"(
struct Base {
  int id_;
  __device__ Base(int id) : id_(id) {}
  __device__ void sync() const { asm volatile("bar.sync %0, 128;" ::"r"(id_)); }
};
struct Derived : Base {
  int id_;
  __device__ Derived() : Base(1), id_(2) {}
};
__global__ void k(float *out) {
  __shared__ float s[128];
  Derived d;
  s[threadIdx.x] = threadIdx.x;
  d.sync();
  out[threadIdx.x] = s[127 - threadIdx.x];
}
)", kMemberLaunch);
  EXPECT_EQ(r.code, kUnknown) << r.out << r.err;
  EXPECT_TRUE(contains(r.out + r.err, ":13:11: warning: unsupported: a field 'id_' that hides a base class's field"))
      << r.out << r.err;
  // The same without constructors: the base's sync() must not read the
  // derived class's id_ (2, a barrier nobody else uses).
  auto implicit = check(R"(
struct Base {
  int id_;
  __device__ void sync() const { asm volatile("bar.sync %0, 128;" ::"r"(id_)); }
};
struct Derived : Base { int id_; };
__global__ void k(float *out) {
  __shared__ float s[128];
  Derived d;
  d.Base::id_ = 1;
  d.id_ = 2;
  s[threadIdx.x] = threadIdx.x;
  d.sync();
  out[threadIdx.x] = s[127 - threadIdx.x];
}
)", kMemberLaunch);
  EXPECT_EQ(implicit.code, kUnknown) << implicit.out << implicit.err;
  EXPECT_TRUE(contains(implicit.out + implicit.err, "unsupported: a field 'id_' that hides")) << implicit.out;
}

TEST(MemberCalls, PointerToPointerMemberStaysUnknown) {
  // A member holding a table of buffer pointers is not followed.
  auto r = check(std::string(kDmaClass) + R"(
struct Table { float **bufs; };
__global__ void k(const float *in, float *out) {
  __shared__ float buf[64];
  float *bufs[1] = {buf};
  Table t{bufs};
  Dma dma(1, 2, 128, buf);
  if (dma.owns_this_thread()) {
    dma.execute_dma(in);
  } else {
    dma.start_async_dma();
    dma.wait_for_dma_finish();
    out[threadIdx.x] = t.bufs[0][threadIdx.x];
  }
}
)", kMemberLaunch);
  EXPECT_EQ(r.code, kUnknown) << r.out << r.err;
  EXPECT_TRUE(contains(r.out + r.err, "unsupported: read of")) << r.out << r.err;
}

TEST(MemberCalls, ObjectChosenByAConditional) {
  // Double buffering through one name: `(t & 1) ? d1 : d0` is a choice of
  // the two objects, as an object of a member call and bound to a reference.
  std::string source = std::string(kDmaClass) + R"(
__global__ void k(const float *in, float *out) {
  __shared__ float b0[64], b1[64];
  Dma d0(1, 2, 128, b0), d1(3, 4, 128, b1);
  if (d0.owns_this_thread()) {
    for (int t = 0; t < 8; ++t) ((t & 1) ? d1 : d0).execute_dma(in + t * 64);
  } else {
    d0.start_async_dma();
    d1.start_async_dma();
    for (int t = 0; t < 8; ++t) {
      Dma &cur = (t & 1) ? d1 : d0;
      cur.wait_for_dma_finish();
      RELEASE_BEFORE
      out[t * 64 + threadIdx.x] = ((t & 1) ? b1 : b0)[threadIdx.x];
      RELEASE_AFTER
    }
  }
}
)";
  const std::string release = "if (t + 2 < 8) cur.start_async_dma();";
  auto with = [&](const std::string& before, const std::string& after) {
    return std::regex_replace(std::regex_replace(source, std::regex("RELEASE_BEFORE"), before),
                              std::regex("RELEASE_AFTER"), after);
  };
  auto drf = check(with("", release), kMemberLaunch);
  EXPECT_DRF(drf, "k");
  EXPECT_TRUE(contains(drf.out, "well-synchronized (16 dynamic barriers)")) << drf.out;
  auto racy = check(with(release, ""), kMemberLaunch);
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on b0[") || contains(racy.out, "data race on b1[")) << racy.out;
}

TEST(MemberCalls, ObjectPassedByValueKeepsItsBaseFields) {
  // A copy of a derived object copies its base's fields too (ids, count):
  // before, the copy's barrier ids were unknown (data-dependent).
  std::string source = R"(
struct Roles {
  int full_, empty_, total_;
  __device__ Roles(int full, int empty, int total) : full_(full), empty_(empty), total_(total) {}
  __device__ void sync(int id) const { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(total_)); }
  __device__ void arrive(int id) const { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(total_)); }
};
struct Dma : Roles {
  float *buf_;
  __device__ Dma(int full, int empty, float *buf) : Roles(full, empty, 128), buf_(buf) {}
};
__device__ void produce(Dma d, const float *in) {
  for (int s = 0; s < 4; ++s) { d.sync(d.empty_); d.buf_[threadIdx.x - 64] = in[s * 64 + threadIdx.x - 64]; d.arrive(d.full_); }
}
__device__ void consume(const Dma d, float *out) {
  d.arrive(d.empty_);
  for (int s = 0; s < 4; ++s) {
    d.sync(d.full_);
    BODY
  }
}
__global__ void k(const float *in, float *out) {
  __shared__ float buf[64];
  Dma dma(1, 2, buf);
  if (threadIdx.x >= 64) produce(dma, in); else consume(dma, out);
}
)";
  const std::string read = "out[s * 64 + threadIdx.x] = d.buf_[threadIdx.x];", release = "if (s < 3) d.arrive(d.empty_);";
  auto drf = check(std::regex_replace(source, std::regex("BODY"), read + " " + release), kMemberLaunch);
  EXPECT_DRF(drf, "k");
  EXPECT_TRUE(contains(drf.out, "well-synchronized (8 dynamic barriers)")) << drf.out;
  EXPECT_RACY(check(std::regex_replace(source, std::regex("BODY"), release + " " + read), kMemberLaunch), "k");
}
