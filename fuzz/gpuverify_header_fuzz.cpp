// libFuzzer target for the one GPUVerify header parser
// (support/gpuverify_header.hpp), which check, harness and hook share: any
// text gives a header without crashing or throwing, and the header is sound:
// dimensions are in range, a malformed file has one one-line diagnostic at
// line 2 or 3 and no dimensions from the bad line, only line 2 gives flags,
// the words racecert ignores are words of line 2. Dimensions parse_dim3
// accepts survive a trip through a header line (CUDA and OpenCL); line 2
// behind any first line gives the same flags.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "support/gpuverify_header.hpp"
#include "support/launch_dims.hpp"

namespace {

using racecert::Dim3;
using racecert::GpuVerifyHeader;

void require(bool ok) {
  if (!ok) std::abort();
}

bool valid(const Dim3& d) {
  for (auto v : {d.x, d.y, d.z})
    if (v < 1 || v > racecert::kMaxLaunchDim) return false;
  return true;
}

std::string line(const std::string& s, std::size_t n) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; ++i) {
    start = s.find('\n', start);
    if (start == std::string::npos) return "";
    ++start;
  }
  return s.substr(start, s.find('\n', start) - start);
}

GpuVerifyHeader parse(const std::string& text) { return racecert::parse_gpuverify_header(text, "k.cu"); }

bool same_flags(const GpuVerifyHeader& a, const GpuVerifyHeader& b) {
  return a.block == b.block && a.grid == b.grid && a.defines == b.defines && a.args == b.args &&
         a.block_unconstrained == b.block_unconstrained && a.grid_unconstrained == b.grid_unconstrained;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  GpuVerifyHeader h = parse(input);

  if (h.block) require(valid(*h.block) && !h.block_unconstrained);
  if (h.grid) require(valid(*h.grid) && !h.grid_unconstrained);
  for (const auto& d : h.defines) {
    require(!d.empty() && d.find_first_of(" \t") == std::string::npos);
  }
  for (const auto& w : h.ignored) {
    bool in_args = false;
    for (const auto& a : h.args) in_args = in_args || a == w;
    require(in_args);
  }
  if (h.malformed) {
    const auto& at = h.malformed->loc();
    require(at.file == "k.cu" && (at.line == 2 || at.line == 3));
    require(h.malformed->render().find('\n') == std::string::npos);  // one line
    if (at.line == 2) require(!h.block && !h.grid && h.defines.empty() && h.args.empty());
  }
  // Only line 2 holds flags.
  if (h.block || h.grid || !h.args.empty()) require(line(input, 1).rfind("//", 0) == 0);

  // Line 2 behind another first line: the same flags, the same diagnostic.
  if (input.find('\n') != std::string::npos) {
    GpuVerifyHeader again = parse("//x\n" + line(input, 1) + "\n");
    require(same_flags(again, h));
    if (h.malformed && h.malformed->loc().line == 2)
      require(again.malformed && again.malformed->render() == h.malformed->render());
  }

  // What parse_dim3 accepts reads back the same through a header.
  if (auto d = racecert::parse_dim3(input)) {
    require(valid(*d));
    require(racecert::parse_dim3(d->str()) == d);
    GpuVerifyHeader cuda = parse("//pass\n//--gridDim=" + d->str() + " --blockDim=" + d->str() + " -DX=1\n");
    require(!cuda.malformed && cuda.block == d && cuda.grid == d);
    require(cuda.defines.size() == 1 && cuda.defines[0] == "X=1");
    if (d->x <= racecert::kMaxLaunchDim / 3 && d->y <= racecert::kMaxLaunchDim / 3 &&
        d->z <= racecert::kMaxLaunchDim / 3) {
      Dim3 global{d->x * 3, d->y * 3, d->z * 3};
      GpuVerifyHeader cl = parse("//pass\n//--local_size=" + d->str() + " --global_size=" + global.str() + "\n");
      require(!cl.malformed && cl.block == d && cl.grid == (Dim3{3, 3, 3}) && cl.opencl_dims);
    }
  }
  return 0;
}
