// `racecert check --format sarif` against a real SARIF 2.1.0 validator: the
// official JSON schema (tests/cli/data/, its source and licence in the
// README there) with Debian's python3-jsonschema, through
// tests/cli/sarif_validate.py; and what the schema cannot say but the SARIF
// multitool and code-scanning services require: artifact URIs relative to
// a uriBaseId or file:// URIs, no placeholder informationUri, every rule
// with an id, a name and help text, no result twice, input errors with a
// region.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "tests/cli/json_output.hpp"
#include "tests/cli/run_racecert.hpp"

namespace fs = std::filesystem;
using racecert::testkit::parse_json;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

const char* kRacy = R"(__global__ void racy(int *out) {
  out[0] = threadIdx.x;
}
)";
const char* kDrf = R"(__global__ void drf(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
)";

// racecert check FILES --format sarif, written to a file.
std::string sarif_of(const std::vector<std::string>& files, int expected_exit) {
  std::vector<std::string> args{"check", "--format", "sarif"};
  args.insert(args.end(), files.begin(), files.end());
  racecert::testkit::Run r = run_racecert(args);
  EXPECT_EQ(r.code, expected_exit) << r.out << r.err;
  return temp_file(r.out, ".sarif");
}

// The schema validation: the validator's exit code and its lines.
racecert::testkit::Run validate(const std::string& sarif) {
  // Debian's python3, where python3-jsonschema is (scripts/setup), before
  // any other python3 on PATH.
  std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  std::string out = sarif + ".validation";
  std::string cmd = python + " " RACECERT_SOURCE_DIR "/tests/cli/sarif_validate.py " RACECERT_SOURCE_DIR
                    "/tests/cli/data/sarif-schema-2.1.0.json '" + sarif + "' >'" + out + "' 2>&1";
  int status = std::system(cmd.c_str());
  racecert::testkit::Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(out);
  r.out.assign(std::istreambuf_iterator<char>(in), {});
  return r;
}

llvm::json::Value read_json(const std::string& path) {
  std::ifstream in(path);
  return parse_json(std::string(std::istreambuf_iterator<char>(in), {}));
}

const llvm::json::Object& run_of(const llvm::json::Value& log) {
  return *(*log.getAsObject()->getArray("runs"))[0].getAsObject();
}

// Every artifactLocation in the log, wherever it is.
void artifact_locations(const llvm::json::Value& v, std::vector<const llvm::json::Object*>& out) {
  if (const auto* o = v.getAsObject()) {
    for (const auto& [key, value] : *o) {
      if (key == "artifactLocation" && value.getAsObject()) out.push_back(value.getAsObject());
      artifact_locations(value, out);
    }
  } else if (const auto* a = v.getAsArray()) {
    for (const auto& x : *a) artifact_locations(x, out);
  }
}

// What the schema does not check: the conventions above.
void expect_conventions(const std::string& sarif) {
  llvm::json::Value log = read_json(sarif);
  const llvm::json::Object& run = run_of(log);
  const auto& driver = *run.getObject("tool")->getObject("driver");
  EXPECT_FALSE(driver.get("informationUri")) << "no placeholder informationUri";
  std::vector<std::string> rule_ids;
  for (const auto& rule : *driver.getArray("rules")) {
    const auto& r = *rule.getAsObject();
    ASSERT_TRUE(r.getString("id")) << sarif;
    rule_ids.push_back(r.getString("id")->str());
    EXPECT_TRUE(r.getString("name") && !r.getString("name")->empty()) << rule_ids.back();
    ASSERT_TRUE(r.getObject("help")) << rule_ids.back();
    EXPECT_TRUE(r.getObject("help")->getString("text")) << rule_ids.back();
  }
  // %SRCROOT%: an absolute file:// URI of a directory.
  const auto* bases = run.getObject("originalUriBaseIds");
  ASSERT_TRUE(bases && bases->getObject("%SRCROOT%")) << sarif;
  std::string root = bases->getObject("%SRCROOT%")->getString("uri")->str();
  EXPECT_EQ(root.rfind("file:///", 0), 0u) << root;
  EXPECT_EQ(root.back(), '/') << root;
  std::vector<const llvm::json::Object*> artifacts;
  artifact_locations(log, artifacts);
  for (const auto* a : artifacts) {
    std::string uri = a->getString("uri")->str();
    if (a->getString("uriBaseId")) EXPECT_NE(uri.front(), '/') << "a relative reference: " << uri;
    else EXPECT_EQ(uri.rfind("file:///", 0), 0u) << "an absolute path is not a URI: " << uri;
  }
  std::set<std::string> seen;
  for (const auto& result : *run.getArray("results")) {
    const auto& r = *result.getAsObject();
    std::string id = r.getString("ruleId")->str();
    auto at = std::find(rule_ids.begin(), rule_ids.end(), id);
    ASSERT_NE(at, rule_ids.end()) << "rule " << id << " is not declared";
    EXPECT_EQ(r.getInteger("ruleIndex"), at - rule_ids.begin()) << id;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::json::Value(llvm::json::Object(r));
    EXPECT_TRUE(seen.insert(os.str()).second) << "a result twice: " << os.str();
    if (id == "input-error") {
      const auto* locations = r.getArray("locations");
      ASSERT_TRUE(locations && !locations->empty()) << os.str();
      EXPECT_TRUE((*locations)[0].getAsObject()->getObject("physicalLocation")->getObject("region")) << os.str();
    }
  }
}

std::string relative_to_cwd(const std::string& path) { return fs::relative(path, fs::current_path()).string(); }

}  // namespace

TEST(Sarif, RacyAndDrfKernelsValidate) {
  std::string racy = temp_file(kRacy, ".cu"), drf = temp_file(kDrf, ".cu");
  std::string sarif = sarif_of({relative_to_cwd(racy), drf}, 1);
  racecert::testkit::Run v = validate(sarif);
  EXPECT_EQ(v.code, 0) << v.out;
  expect_conventions(sarif);
  llvm::json::Value log = read_json(sarif);
  const auto& results = *run_of(log).getArray("results");
  ASSERT_FALSE(results.empty());
  const auto& first = *results[0].getAsObject();
  EXPECT_EQ(first.getString("ruleId"), "data-race");
  const auto& artifact =
      *(*first.getArray("locations"))[0].getAsObject()->getObject("physicalLocation")->getObject("artifactLocation");
  EXPECT_EQ(artifact.getString("uriBaseId"), "%SRCROOT%");
  EXPECT_EQ(artifact.getString("uri"), relative_to_cwd(racy));
}

TEST(Sarif, AbsolutePathsAreFileUris) {
  std::string racy = temp_file(kRacy, ".cu");
  ASSERT_EQ(racy.front(), '/');
  std::string sarif = sarif_of({racy}, 1);
  racecert::testkit::Run v = validate(sarif);
  EXPECT_EQ(v.code, 0) << v.out;
  expect_conventions(sarif);
  std::ifstream in(sarif);
  std::string all(std::istreambuf_iterator<char>(in), {});
  EXPECT_NE(all.find("\"uri\": \"file://" + racy + "\""), std::string::npos) << all;
}

TEST(Sarif, InputErrorsHaveARegionAndAppearOnce) {
  std::string malformed = temp_file("__global__ void k(int *out) {\n  out[0] = ;\n}\n", ".cu");
  std::string missing = "/tmp/racecert-sarif-no-such-file.cu";
  std::string sarif = sarif_of({malformed, missing}, 2);
  racecert::testkit::Run v = validate(sarif);
  EXPECT_EQ(v.code, 0) << v.out;
  expect_conventions(sarif);
  llvm::json::Value log = read_json(sarif);
  int errors = 0, at_line_2 = 0;
  for (const auto& result : *run_of(log).getArray("results")) {
    const auto& r = *result.getAsObject();
    const auto& region = *(*r.getArray("locations"))[0].getAsObject()->getObject("physicalLocation")->getObject("region");
    if (region.getInteger("startLine") == 2) ++at_line_2;
    if (r.getString("ruleId") == "input-error") ++errors;
  }
  EXPECT_EQ(errors, 2);     // the malformed file and the missing one
  EXPECT_EQ(at_line_2, 1);  // the syntax error once, not also as the kernel's
}

// The validator itself rejects what the schema forbids, so that the tests
// above can fail.
TEST(Sarif, TheValidatorRejectsAnInvalidLog) {
  std::string bad = temp_file(R"({"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": [{"message": {}}]}]})",
                              ".sarif");
  racecert::testkit::Run v = validate(bad);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("'name' is a required property"), std::string::npos) << v.out;
}
