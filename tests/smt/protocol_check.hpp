#pragma once
// Checking a protocol written inline, for the smt/ unit tests: the body of
// a kernel `k` after `decls`, launched in one dimension (y and z sizes 1),
// and the first race's witness as a map.
#include <cstdint>
#include <map>
#include <string>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"

namespace racecert::testkit {

inline KernelReport check_protocol_text(const std::string& body, const std::string& decls = "") {
  protocol::ProtocolFile f = protocol::parse_protocol(
      "kernel k {\n" + decls + "\n  assume blockDim.y == 1 && blockDim.z == 1 && gridDim.y == 1 && gridDim.z == 1;\n" +
          body + "\n}\n",
      "t.map");
  smt::CheckOptions o;
  o.jobs = 2;
  return smt::check(f.kernels, o).at(0);
}

inline std::map<std::string, std::int64_t> first_witness(const KernelReport& r) {
  return std::map<std::string, std::int64_t>(r.races.at(0).witness.begin(), r.races.at(0).witness.end());
}

}  // namespace racecert::testkit
