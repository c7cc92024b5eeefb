// `racecert check` as a user runs it: exit codes, one-line errors, JSON and
// SARIF output, stage dumps, options.
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/json_output.hpp"
#include "tests/cli/run_racecert.hpp"

using racecert::testkit::parse_json;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

const char* kRacy = R"(kernel racy {
  shared A;
  assume blockDim.y == 1 && blockDim.z == 1;
  wr A[tid];
  rd A[tid + 1];
}
)";
const char* kDrf = R"(kernel drf {
  shared A;
  assume blockDim.y == 1 && blockDim.z == 1;
  wr A[tid];
  sync;
  rd A[tid + 1];
}
)";

std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST(CheckCli, FileNamesWithCommasAndLeadingDashes) {
  // A ',' is part of a FILE (cxxopts split positional lists at commas), and
  // after `--` a FILE may start with '-'.
  namespace fs = std::filesystem;
  char dir[] = "/tmp/racecert-check-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::ofstream(std::string(dir) + "/a,b.map") << kRacy;
  std::ofstream(std::string(dir) + "/-d.map") << kDrf;
  auto comma = run_racecert({"check", std::string(dir) + "/a,b.map"});
  fs::path cwd = fs::current_path();
  fs::current_path(dir);
  auto dashed = run_racecert({"check", "--", "-d.map", "a,b.map"});
  auto unknown = run_racecert({"check", "-d.map"});
  fs::current_path(cwd);
  fs::remove_all(dir);
  EXPECT_EQ(comma.code, 1) << comma.err;
  EXPECT_NE(comma.out.find("a,b.map"), std::string::npos) << comma.out;
  EXPECT_EQ(dashed.code, 1) << dashed.err;
  EXPECT_NE(dashed.out.find("kernel 'drf': drf"), std::string::npos) << dashed.out;
  EXPECT_NE(dashed.out.find("kernel 'racy': racy"), std::string::npos) << dashed.out;
  EXPECT_EQ(unknown.code, 3);  // without --, an option
}

TEST(CheckCli, Version) {
  auto r = run_racecert({"--version"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "racecert 0.1.0\n");
}

TEST(CheckCli, UsageErrorsExit3) {
  EXPECT_EQ(run_racecert({}).code, 3);
  EXPECT_EQ(run_racecert({"frobnicate"}).code, 3);
  EXPECT_EQ(run_racecert({"check"}).code, 3);
  std::string f = temp_file(kDrf, ".map");
  for (auto args : std::vector<std::vector<std::string>>{{"check", f, "--format", "xml"},
                                                        {"check", f, "--show", "nothing"},
                                                        {"check", f, "--block-dim", "abc"},
                                                        {"check", f, "--block-dim", "[1,2,3,4]"},
                                                        {"check", f, "--grid-dim", "0"},
                                                        {"check", f, "--block-dim", "[16,16"},
                                                        {"check", f, "--block-dim", "[16"},
                                                        {"check", f, "--block-dim", "16]"},
                                                        {"check", f, "--block-dim", "16,,16"},
                                                        {"check", f, "--block-dim", "2147483648"},
                                                        {"check", f, "--no-such-flag"},
                                                        {"check", f, "--timeout-ms", "0"},
                                                        {"check", f, "--warp-sync", "0"},
                                                        {"check", f, "--warp-sync", "x"},
                                                        {"check", f, "-j", "x"}}) {
    auto r = run_racecert(args);
    EXPECT_EQ(r.code, 3) << args[2];
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("racecert check: error: ", 0), 0u) << r.err;
  }
}

TEST(CheckCli, VerdictsAndExitCodes) {
  auto drf = run_racecert({"check", temp_file(kDrf, ".map")});
  EXPECT_EQ(drf.code, 0) << drf.out << drf.err;
  EXPECT_NE(drf.out.find("kernel 'drf': drf"), std::string::npos);
  auto racy = run_racecert({"check", temp_file(kRacy, ".map")});
  EXPECT_EQ(racy.code, 1);
  EXPECT_NE(racy.out.find("error: data race on A["), std::string::npos) << racy.out;
  EXPECT_NE(racy.out.find("witness:"), std::string::npos);
  auto divergent = run_racecert({"check", temp_file("kernel d { shared A; if (tid < 2) { sync; } }", ".map")});
  EXPECT_EQ(divergent.code, 1);
  EXPECT_NE(divergent.out.find("barrier divergence"), std::string::npos);
  auto unknown = run_racecert(
      {"check", temp_file("kernel u { shared A; uniform N; for x in 0..N { if (x > 1) { sync; } wr A[x]; } }", ".map")});
  EXPECT_EQ(unknown.code, 4);
  EXPECT_NE(unknown.out.find("some iterations only"), std::string::npos);
  // Any race makes the whole run exit 1; a malformed file wins over both.
  EXPECT_EQ(run_racecert({"check", temp_file(kDrf, ".map"), temp_file(kRacy, ".map")}).code, 1);
  EXPECT_EQ(run_racecert({"check", temp_file(kRacy, ".map"), temp_file("kernel", ".map")}).code, 2);
}

// A block-scoped atomic used from two blocks: a race of its own kind in
// every output format; a plain race is of kind "data".
TEST(CheckCli, HeterogeneousRaceKindInEveryFormat) {
  std::string scoped = temp_file("kernel h { global C; atomic.block C[0]; }\n", ".map");
  auto text = run_racecert({"check", scoped});
  EXPECT_EQ(text.code, 1) << text.out << text.err;
  EXPECT_NE(text.out.find("error: heterogeneous race on C[0]"), std::string::npos) << text.out;
  auto json = run_racecert({"check", "--format", "json", scoped});
  EXPECT_NE(json.out.find("\"kind\": \"heterogeneous\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"mode\": \"atomic.block\""), std::string::npos) << json.out;
  auto sarif = run_racecert({"check", "--format", "sarif", scoped});
  EXPECT_NE(sarif.out.find("\"ruleId\": \"heterogeneous-race\""), std::string::npos) << sarif.out;
  EXPECT_NE(sarif.out.find("Heterogeneous race on C[0]"), std::string::npos) << sarif.out;
  auto plain = run_racecert({"check", "--format", "json", temp_file(kRacy, ".map")});
  EXPECT_NE(plain.out.find("\"kind\": \"data\""), std::string::npos) << plain.out;
  // Device-scope atomics of different blocks do not race.
  EXPECT_EQ(run_racecert({"check", temp_file("kernel d { global C; atomic C[0]; }\n", ".map")}).code, 0);
}

TEST(CheckCli, BadInputIsOneLineWithPositionAndExit2) {
  auto missing = run_racecert({"check", "/no/such/file.map"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_EQ(missing.err, "/no/such/file.map: error: cannot read file: No such file or directory\n");
  std::string empty = temp_file("", ".map");
  auto e = run_racecert({"check", empty});
  EXPECT_EQ(e.code, 2);
  EXPECT_EQ(e.err, empty + ":1:1: error: empty input: expected 'kernel'\n");
  std::string bad = temp_file("kernel k {\n  shared A;\n  rd A[y];\n}\n", ".map");
  auto b = run_racecert({"check", bad});
  EXPECT_EQ(b.code, 2);
  EXPECT_EQ(b.err, bad + ":3:8: error: unknown variable 'y'\n");
  auto ext = run_racecert({"check", temp_file("x", ".txt")});
  EXPECT_EQ(ext.code, 2);
  EXPECT_NE(ext.err.find("unsupported file type '.txt'"), std::string::npos);
  // Binary garbage is malformed input, not a crash.
  auto garbage = run_racecert({"check", temp_file(std::string("kernel k {\0\xff\xfe", 13), ".map")});
  EXPECT_EQ(garbage.code, 2);
  EXPECT_EQ(lines(garbage.err), 1u);
}

TEST(CheckCli, JsonOutput) {
  std::string path = temp_file(kRacy, ".map");
  auto r = run_racecert({"check", path, "--format", "json"});
  ASSERT_EQ(r.code, 1);
  llvm::json::Value v = parse_json(r.out);
  auto* kernels = v.getAsObject()->getArray("kernels");
  ASSERT_TRUE(kernels && kernels->size() == 1);
  auto* k = (*kernels)[0].getAsObject();
  EXPECT_EQ(k->getString("name"), "racy");
  EXPECT_EQ(k->getString("status"), "racy");
  ASSERT_TRUE(k->getArray("diagnostics"));
  auto* races = k->getArray("races");
  ASSERT_TRUE(races && races->size() == 1);
  auto* race = (*races)[0].getAsObject();
  EXPECT_EQ(race->getString("array"), "A");
  auto* index = race->getArray("index");
  ASSERT_TRUE(index && index->size() == 1);
  auto* accesses = race->getArray("accesses");
  ASSERT_TRUE(accesses && accesses->size() == 2);
  std::set<std::string> modes;
  for (const auto& a : *accesses) {
    auto* o = a.getAsObject();
    modes.insert(o->getString("mode")->str());
    EXPECT_EQ(o->getString("file"), path);
    EXPECT_TRUE(o->getInteger("line") == 4 || o->getInteger("line") == 5);
    EXPECT_EQ(o->getInteger("column"), 3);
  }
  EXPECT_EQ(modes, (std::set<std::string>{"rd", "wr"}));
  auto* witness = race->getObject("witness");
  ASSERT_TRUE(witness);
  auto t1 = witness->getInteger("threadIdx.x@1"), t2 = witness->getInteger("threadIdx.x@2");
  ASSERT_TRUE(t1 && t2);
  EXPECT_EQ(std::abs(*t1 - *t2), 1);
  EXPECT_EQ(witness->getInteger("blockDim.x"), 2);
}

TEST(CheckCli, ByteViewRacesShowEachIndexAndItsBytes) {
  std::string path = temp_file(R"(kernel k {
  shared A<4>;
  assume blockDim.y == 1 && blockDim.z == 1;
  if (tid == 0) { wr A<16>[0]; }
  if (tid == 1) { rd A[2]; }
}
)", ".map");
  auto text = run_racecert({"check", path});
  ASSERT_EQ(text.code, 1);
  EXPECT_NE(text.out.find("data race on A[0] (bytes [0, 16)) and A[2] (bytes [8, 12)) in kernel 'k'"), std::string::npos)
      << text.out;
  auto json = run_racecert({"check", path, "--format", "json"});
  ASSERT_EQ(json.code, 1);
  llvm::json::Value v = parse_json(json.out);
  auto* race = (*v.getAsObject()->getArray("kernels"))[0].getAsObject()->getArray("races")->front().getAsObject();
  auto* bytes = race->getArray("bytes");
  ASSERT_TRUE(bytes && bytes->size() == 2);
  EXPECT_EQ((*bytes)[0].getAsObject()->getInteger("width"), 16);
  EXPECT_EQ((*bytes)[1].getAsObject()->getInteger("offset"), 8);
  EXPECT_EQ((*bytes)[1].getAsObject()->getInteger("width"), 4);
  // Without differing views there is no "bytes" member.
  auto plain = run_racecert({"check", temp_file(kRacy, ".map"), "--format", "json"});
  llvm::json::Value p = parse_json(plain.out);
  auto* plain_race = (*p.getAsObject()->getArray("kernels"))[0].getAsObject()->getArray("races")->front().getAsObject();
  EXPECT_EQ(plain_race->getArray("bytes"), nullptr);
}

TEST(CheckCli, JsonReportsMalformedFilesToo) {
  auto r = run_racecert({"check", temp_file("kernel k {", ".map"), "--format", "json"});
  EXPECT_EQ(r.code, 2);
  llvm::json::Value v = parse_json(r.out);
  auto* errors = v.getAsObject()->getArray("errors");
  ASSERT_TRUE(errors && errors->size() == 1);
  EXPECT_EQ((*errors)[0].getAsObject()->getInteger("line"), 1);
}

TEST(CheckCli, SarifOutput) {
  std::string path = temp_file(kRacy, ".map");
  auto r = run_racecert({"check", path, "--format", "sarif"});
  ASSERT_EQ(r.code, 1);
  llvm::json::Value v = parse_json(r.out);
  auto* root = v.getAsObject();
  EXPECT_EQ(root->getString("version"), "2.1.0");
  auto* run = (*root->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(run->getObject("tool")->getObject("driver")->getString("name"), "racecert");
  auto* results = run->getArray("results");
  ASSERT_TRUE(results && results->size() == 1);
  auto* res = (*results)[0].getAsObject();
  EXPECT_EQ(res->getString("ruleId"), "data-race");
  EXPECT_EQ(res->getString("level"), "error");
  auto* loc = (*res->getArray("locations"))[0].getAsObject()->getObject("physicalLocation");
  // An absolute path as a file:// URI (a plain path is no URI: SARIF1004).
  EXPECT_EQ(loc->getObject("artifactLocation")->getString("uri"), "file://" + path);
  EXPECT_TRUE(loc->getObject("region")->getInteger("startLine"));
  EXPECT_EQ(res->getArray("relatedLocations")->size(), 1u);
}

TEST(CheckCli, EveryStageCanBeShown) {
  std::string path = temp_file(R"(kernel k { shared A; uniform N;
    for r in 0..N { wr A[tid]; sync; rd A[tid + 1]; } })", ".map");
  std::map<std::string, std::string> expected = {{"wellformed", "forS r in 0..N"},
                                                 {"aligned", "when (0 < N)"},
                                                 {"split", "closure 2"},
                                                 {"traces", "thread 1: threadIdx.x@1"},
                                                 {"smt", "(assert"}};
  for (const auto& [stage, text] : expected) {
    auto r = run_racecert({"check", path, "--show", stage});
    EXPECT_EQ(r.code, 0) << stage << r.err;
    EXPECT_NE(r.out.find(text), std::string::npos) << stage << ":\n" << r.out;
  }
}

TEST(CheckCli, KernelFilterAndDimensions) {
  std::string both = temp_file(std::string(kRacy) + kDrf, ".map");
  EXPECT_EQ(run_racecert({"check", both, "--kernel", "drf"}).code, 0);
  EXPECT_EQ(run_racecert({"check", both, "--kernel", "racy"}).code, 1);
  auto none = run_racecert({"check", both, "--kernel", "nope"});
  EXPECT_EQ(none.code, 3);  // a usage error, naming the kernels there are
  EXPECT_NE(none.err.find("no kernel named 'nope'; the files have: racy, drf"), std::string::npos) << none.err;
  // wr A[tid] races in a 2-D block unless the block is 1-D. The protocol
  // reads no y or z, so by default it is checked with blockDim.y =
  // blockDim.z = 1 (and DRF, pipeline/launch.hpp); --all-dims checks every
  // block shape.
  std::string one_d = temp_file("kernel k { shared A; wr A[tid]; }", ".map");
  EXPECT_EQ(run_racecert({"check", one_d}).code, 0);
  EXPECT_EQ(run_racecert({"check", one_d, "--all-dims"}).code, 1);
  EXPECT_EQ(run_racecert({"check", one_d, "--block-dim", "256"}).code, 0);
  EXPECT_EQ(run_racecert({"check", one_d, "--block-dim", "[16,16]"}).code, 1);
  // GPUVerify's comma form and blanks inside brackets read the same.
  EXPECT_EQ(run_racecert({"check", one_d, "--block-dim", "[256,1]"}).code, 0);
  EXPECT_EQ(run_racecert({"check", one_d, "--block-dim", "[16, 16]"}).code, 1);
  // Benign same-value writes count as races on request.
  std::string benign = temp_file("kernel k { shared f; wr f[0] = 1; }", ".map");
  EXPECT_EQ(run_racecert({"check", benign}).code, 0);
  EXPECT_EQ(run_racecert({"check", benign, "--benign-races"}).code, 1);
  // Lock-step warps on request: lane t + 1's store of A[t + 1] follows lane
  // t's load of it, in one warp of 32; warps of 16 split lanes 15 and 16.
  std::string shift = temp_file("kernel k { shared A; if (tid % 32 < 31) { rd A[tid + 1]; wr A[tid]; } }", ".map");
  EXPECT_EQ(run_racecert({"check", shift, "--block-dim", "64"}).code, 1);
  EXPECT_EQ(run_racecert({"check", shift, "--block-dim", "64", "--warp-sync", "32"}).code, 0);
  EXPECT_EQ(run_racecert({"check", shift, "--block-dim", "64", "--warp-sync", "16"}).code, 1);
}

// Every race says whether a replay on the kernel's code confirmed it
// (pipeline/replay.hpp): JSON "confirmed" (and "reason" when not), a SARIF
// property, a line of text.
TEST(CheckCli, RacesSayWhetherReplayConfirmedThem) {
  std::string plain = temp_file("__global__ void k(int *a) { a[threadIdx.x / 2] = threadIdx.x; }\n", ".cu");
  auto json = run_racecert({"check", "--format", "json", "--block-dim", "4", plain});
  ASSERT_EQ(json.code, 1) << json.err;
  llvm::json::Value parsed = parse_json(json.out);
  auto* race = (*parsed.getAsObject()->getArray("kernels"))[0].getAsObject()->getArray("races");
  ASSERT_TRUE(race && !race->empty());
  EXPECT_EQ((*race)[0].getAsObject()->getBoolean("confirmed"), true) << json.out;
  EXPECT_FALSE((*race)[0].getAsObject()->getString("reason")) << json.out;
  auto text = run_racecert({"check", "--block-dim", "4", plain});
  EXPECT_NE(text.out.find("confirmed by replay"), std::string::npos) << text.out;
  auto sarif = run_racecert({"check", "--format", "sarif", "--block-dim", "4", plain});
  EXPECT_NE(sarif.out.find("\"confirmed\": true"), std::string::npos) << sarif.out;

  // An index read from memory the kernel writes.
  std::string behind = temp_file("__global__ void k(int *a) {\n  __shared__ int s[8];\n"
                                 "  s[threadIdx.x] = threadIdx.x * 3 % 8;\n  __syncthreads();\n"
                                 "  a[s[(threadIdx.x + 1) % 8]] = threadIdx.x;\n}\n",
                                 ".cu");
  auto possible = run_racecert({"check", "--format", "json", "--block-dim", "4", behind});
  ASSERT_EQ(possible.code, 1) << possible.err;
  llvm::json::Value parsed_possible = parse_json(possible.out);
  auto* races = (*parsed_possible.getAsObject()->getArray("kernels"))[0].getAsObject()->getArray("races");
  ASSERT_TRUE(races && !races->empty());
  EXPECT_EQ((*races)[0].getAsObject()->getBoolean("confirmed"), false) << possible.out;
  EXPECT_EQ((*races)[0].getAsObject()->getString("reason"), "data read from memory") << possible.out;
  auto possible_text = run_racecert({"check", "--block-dim", "4", behind});
  EXPECT_NE(possible_text.out.find("possible race (not confirmed by replay: data read from memory)"), std::string::npos)
      << possible_text.out;
}
