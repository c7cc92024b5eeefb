#include "tests/harness/test_util.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/process.hpp"

namespace fs = std::filesystem;

namespace racecert::harness::testkit {

TempDir::TempDir() {
  std::string base = (fs::temp_directory_path() / "racecert-harness-test-XXXXXX").string();
  if (!::mkdtemp(base.data())) std::abort();
  path_ = base;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void write_file(const std::string& path, const std::string& text, bool executable) {
  fs::create_directories(fs::path(path).parent_path());
  {
    std::ofstream os(path, std::ios::binary | std::ios::trunc);
    os << text;
  }
  if (executable) ::chmod(path.c_str(), 0755);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool file_exists(const std::string& path) { return fs::exists(path); }

Cmd run(const std::vector<std::string>& argv, const std::string& cwd, const Env& env, double timeout_s) {
  ProcessSpec spec;
  spec.argv = argv;
  spec.cwd = cwd;
  spec.env = env;
  spec.timeout_s = timeout_s;
  ProcessResult r = run_process(spec);
  Cmd c;
  c.code = r.exited_normally() ? r.exit_code : -1;
  c.out = r.out;
  c.err = r.err + (r.exited_normally() ? "" : "\n[" + r.describe() + "]");
  return c;
}

Cmd run_racecert(const std::vector<std::string>& args, const std::string& cwd, const Env& env) {
  std::vector<std::string> argv = {RACECERT_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run(argv, cwd, env);
}

bool racecert_reads_cuda() {
  static const bool reads = [] {
    TempDir d;
    write_file(d / "probe.cu", "//pass\n//--blockDim=32 --gridDim=1\n__global__ void probe(int *A) {\n"
                               "  A[threadIdx.x] = 1;\n}\n");
    Cmd c = run_racecert({"check", d / "probe.cu"});
    return c.code == 0 || c.code == 1;
  }();
  return reads;
}

std::string kernel_text(bool racy, const std::string& dims_line, const std::string& body) {
  return std::string(racy ? "//xfail:NOT_ALL_VERIFIED\n" : "//pass\n") + dims_line + "\n" +
         (body.empty() ? std::string("__global__ void k(int *A) {\n  A[threadIdx.x") + (racy ? " + 1" : "") +
                             "] = threadIdx.x;\n  A[threadIdx.x] = 0;\n}\n"
                       : body);
}

}  // namespace racecert::harness::testkit

namespace {
// Tools run by the adapters find the memory-measuring launcher through this
// variable (racecert finds it next to itself; the test binary lives elsewhere).
const bool kLauncherKnown = [] { return ::setenv("RACECERT_MEASURE", RACECERT_MEASURE_BINARY, 0) == 0; }();
}  // namespace
