#include "liveness/liveness.hpp"

namespace racecert::liveness {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Terminates: return "terminates";
    case Verdict::MayHang: return "may-hang";
    case Verdict::Unknown: return "unknown";
  }
  return "?";
}

LivenessResult check_liveness(const explorer::Program&, const LivenessOptions& options) {
  LivenessResult r;
  r.model = options.model;
  r.reason = "not implemented yet";
  return r;
}

std::vector<LivenessResult> check_liveness_all(const explorer::Program& program, const LivenessOptions& options) {
  std::vector<LivenessResult> out;
  for (const progress::ModelSpec& m : progress::all_models(options.max_resident_units)) {
    LivenessOptions o = options;
    o.model = m;
    out.push_back(check_liveness(program, o));
  }
  return out;
}

}  // namespace racecert::liveness
